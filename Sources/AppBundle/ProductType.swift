/// What an Xcode target builds, from its `productType` identifier.
public enum ProductType: Sendable, Hashable, CustomStringConvertible {
    /// `com.apple.product-type.application`.
    case application
    /// `com.apple.product-type.application.on-demand-install-capable`: an App Clip.
    case appClip
    /// `com.apple.product-type.application.messages`: an iMessage app.
    case messagesApplication
    /// `com.apple.product-type.application.watchapp`, `.watchapp2` or `.watchapp2-container`.
    case watchApplication(String)
    /// `com.apple.product-type.app-extension` (Thumbnail, Preview, Share… extensions).
    case appExtension
    /// `com.apple.product-type.extensionkit-extension`.
    case extensionKitExtension
    /// `com.apple.product-type.app-extension.messages` or `.messages-sticker-pack`.
    case messagesExtension(String)
    /// `com.apple.product-type.watchkit-extension` or `.watchkit2-extension`.
    case watchKitExtension(String)
    /// `com.apple.product-type.tv-app-extension`.
    case tvAppExtension
    /// `com.apple.product-type.xpc-service`.
    case xpcService
    /// `com.apple.product-type.bundle`: a plain bundle (Quick Look generators, Spotlight importers…).
    case bundle
    /// `com.apple.product-type.bundle.unit-test`, `.ui-testing` or `.ocunit-test`.
    case testBundle(String)
    /// `com.apple.product-type.framework` or `.framework.static`.
    case framework(String)
    /// `com.apple.product-type.library.static` or `.library.dynamic`.
    case library(String)
    /// `com.apple.product-type.tool`: a command-line tool.
    case tool
    /// `com.apple.product-type.system-extension`, `.driver-extension` or `.kernel-extension`.
    case systemExtension(String)
    /// Any other identifier, kept as written.
    case other(String)

    /// The type for an Xcode `productType` identifier.
    public init(identifier: String) {
        let prefix = "com.apple.product-type."
        let name = identifier.hasPrefix(prefix) ? String(identifier.dropFirst(prefix.count)) : ""
        switch name {
        case "application": self = .application
        case "application.on-demand-install-capable": self = .appClip
        case "application.messages": self = .messagesApplication
        case "application.watchapp", "application.watchapp2", "application.watchapp2-container":
            self = .watchApplication(identifier)
        case "app-extension": self = .appExtension
        case "extensionkit-extension": self = .extensionKitExtension
        case "app-extension.messages", "app-extension.messages-sticker-pack": self = .messagesExtension(identifier)
        case "watchkit-extension", "watchkit2-extension": self = .watchKitExtension(identifier)
        case "tv-app-extension": self = .tvAppExtension
        case "xpc-service": self = .xpcService
        case "bundle": self = .bundle
        case "bundle.unit-test", "bundle.ui-testing", "bundle.ocunit-test": self = .testBundle(identifier)
        case "framework", "framework.static": self = .framework(identifier)
        case "library.static", "library.dynamic": self = .library(identifier)
        case "tool": self = .tool
        case "system-extension", "driver-extension", "kernel-extension": self = .systemExtension(identifier)
        default: self = .other(identifier)
        }
    }

    /// The Xcode identifier, such as `com.apple.product-type.application`.
    public var identifier: String {
        switch self {
        case .application: return "com.apple.product-type.application"
        case .appClip: return "com.apple.product-type.application.on-demand-install-capable"
        case .messagesApplication: return "com.apple.product-type.application.messages"
        case .appExtension: return "com.apple.product-type.app-extension"
        case .extensionKitExtension: return "com.apple.product-type.extensionkit-extension"
        case .tvAppExtension: return "com.apple.product-type.tv-app-extension"
        case .xpcService: return "com.apple.product-type.xpc-service"
        case .bundle: return "com.apple.product-type.bundle"
        case .tool: return "com.apple.product-type.tool"
        case .watchApplication(let identifier), .messagesExtension(let identifier),
            .watchKitExtension(let identifier), .testBundle(let identifier), .framework(let identifier),
            .library(let identifier), .systemExtension(let identifier), .other(let identifier):
            return identifier
        }
    }

    /// The identifier.
    public var description: String { identifier }

    /// Whether this is a type this module knows (not ``other(_:)``).
    public var isKnown: Bool {
        if case .other = self { return false }
        return true
    }

    /// Whether the product is an app a user launches (App Clips, iMessage and watch apps included).
    public var isApplication: Bool {
        switch self {
        case .application, .appClip, .messagesApplication, .watchApplication: return true
        default: return false
        }
    }

    /// Whether the product is an app extension of any kind an app embeds.
    public var isExtension: Bool {
        switch self {
        case .appExtension, .extensionKitExtension, .messagesExtension, .watchKitExtension, .tvAppExtension:
            return true
        default: return false
        }
    }

    /// Whether the product is a test bundle, a library or a tool: nothing a user opens documents with.
    public var isBuildSupport: Bool {
        switch self {
        case .testBundle, .library, .tool, .framework: return true
        default: return false
        }
    }

    /// The bundle's extension: `app`, `appex`, `xpc`, `bundle`, `framework`; empty for tools and
    /// libraries, and for unknown types.
    public var wrapperExtension: String {
        switch self {
        case .application, .appClip, .messagesApplication, .watchApplication: return "app"
        case .appExtension, .extensionKitExtension, .messagesExtension, .watchKitExtension, .tvAppExtension:
            return "appex"
        case .xpcService: return "xpc"
        case .bundle: return "bundle"
        case .testBundle: return "xctest"
        case .framework: return "framework"
        case .systemExtension(let identifier):
            return identifier.hasSuffix("kernel-extension") ? "kext" : "systemextension"
        case .library, .tool, .other: return ""
        }
    }

    /// The `CFBundlePackageType` Xcode gives the product (`PRODUCT_BUNDLE_PACKAGE_TYPE`), or `nil`.
    public var packageType: String? {
        switch self {
        case .application, .appClip, .messagesApplication, .watchApplication: return "APPL"
        case .appExtension, .extensionKitExtension, .messagesExtension, .watchKitExtension, .tvAppExtension,
            .xpcService:
            return "XPC!"
        case .framework: return "FMWK"
        case .bundle, .testBundle: return "BNDL"
        case .library, .tool, .systemExtension, .other: return nil
        }
    }
}
