import Testing
@testable import UniformTypes
