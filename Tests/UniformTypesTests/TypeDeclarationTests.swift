import PropertyList
import Testing

@testable import UniformTypes

@Suite struct TypeDeclarationTests {
    @Test func tagsByClassInDeclaredOrder() {
        var declared = TypeDeclaration("com.example.doc", origin: .exported(bundle: "b"))
        declared.tags = [
            TypeTag(.filenameExtension, "exd"), TypeTag(.mimeType, "application/x-exd"),
            TypeTag(.filenameExtension, "exdoc"), TypeTag(.other("com.example.tag-class"), "x"),
        ]
        #expect(declared.filenameExtensions == ["exd", "exdoc"])
        #expect(declared.preferredTag(.filenameExtension) == "exd")
        #expect(declared.mimeTypes == ["application/x-exd"])
        #expect(declared.tags(.other("com.example.tag-class")) == ["x"])
        #expect(declared.tagClasses == [.filenameExtension, .mimeType, .other("com.example.tag-class")])
        #expect(declared.preferredTag(.osType) == nil)
        // Whether a class has tags, without the list: the same answer as the list.
        for tagClass in [
            TagClass.filenameExtension, .mimeType, .osType, .pasteboardType, .other("com.example.tag-class"),
        ] {
            #expect(declared.hasTag(tagClass) == !declared.tags(tagClass).isEmpty)
        }
        #expect(declared.hasTag(.filenameExtension) && !declared.hasTag(.osType))
        #expect(!TypeDeclaration("com.example.none", origin: .exported(bundle: "b")).hasTag(.filenameExtension))
    }

    @Test func tagClassesKeepUnknownNames() {
        #expect(TagClass(rawValue: "public.filename-extension") == .filenameExtension)
        #expect(TagClass(rawValue: "com.apple.nspboard-type") == .pasteboardType)
        #expect(TagClass(rawValue: "com.apple.os-type") == .other("com.apple.os-type"))
        #expect(TagClass.other("public.url-scheme").rawValue == "public.url-scheme")
        #expect(
            [TagClass.other("b"), .osType, .other("a"), .filenameExtension].sorted()
                == [.filenameExtension, .osType, .other("a"), .other("b")])
    }

    @Test func copiesAreIndependent() {
        let original = declaration("com.example.doc", ["public.data"], line: 3)
        var copy = original
        copy.conformances.append(Located("public.content"))
        copy.typeDescription = Located("Example", at: SourceLocation(file: "Info.plist", line: 9))
        #expect(original.conformsTo == ["public.data"])
        #expect(copy.conformsTo == ["public.data", "public.content"])
        #expect(original != copy)
        #expect(original == declaration("com.example.doc", ["public.data"], line: 3))
    }

    @Test func iconRule() {
        #expect(!TypeIcons().namesIcon)
        #expect(TypeIcons(iconFile: Located("doc.icns")).namesIcon)
        #expect(!TypeIcons(iconFiles: [Located("-")]).namesIcon)  // the placeholder does not count
        #expect(TypeIcons(iconFiles: [Located("-"), Located("doc@2x.png")]).namesIcon)
        #expect(!TypeIcons(composited: .init(symbolName: Located("doc"))).namesIcon)
        #expect(TypeIcons(composited: .init(text: Located("EXD"))).namesIcon)

        #expect(SystemIconSource(declaring: TypeIcons()) == .none)
        #expect(SystemIconSource(declaring: TypeIcons(composited: .init(iconName: Located("Doc")))) == .file)
        #expect(SystemIconSource(declaring: TypeIcons(composited: .init(badgeName: Located("Badge")))) == .composited)
        #expect(SystemIconSource(declaring: TypeIcons(iconFiles: [Located("doc.png")])) == .files)
        #expect(SystemIconSource(declaring: TypeIcons(iconFiles: [Located("-")])) == .none)
    }

    @Test func becomesASystemDeclaration() {
        let imported = declaration("public.avif", origin: .imported(bundle: "CoreTypes"))
        let layered = imported.asSystemDeclaration(release: "macOS 14 (types.plist)")
        #expect(layered.origin == .system(release: "macOS 14 (types.plist)", bundle: "CoreTypes", kind: .imported))
        #expect(layered.origin.description == "system (macOS 14 (types.plist), CoreTypes, imported)")
        #expect(layered.location == imported.location)
    }

    @Test func originWords() {
        #expect(TypeOrigin.exported(bundle: "com.example.app").code == "exported")
        #expect(TypeOrigin.imported(bundle: "com.example.app").description == "imported by com.example.app")
        #expect(!TypeOrigin.imported(bundle: "x").isSystem)
        #expect(DeclarationKind.exported < .imported)
    }
}
