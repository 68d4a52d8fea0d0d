import CLibXML2
import Dispatch
import Support

/// Reads Apple XML property lists through libxml2's SAX2 interface, streaming: no tree is built
/// by libxml2, text is copied once into the document's arena, and every value gets the line and
/// column of its start tag. Large documents are parsed in two parts on two cores when they can be
/// cut safely (``XMLSplit``), with the same result as a whole read.
///
/// Untrusted input is the norm: entities are never substituted, an internal DTD subset is refused
/// at its line, nothing external is ever loaded (no DTD, no entity, no network, no XInclude).
/// This is the only file that imports libxml2; no C pointer leaves it.
struct XMLPlistReader {
    let file: String
    let depthLimit: Int
    /// Documents of at least this many bytes are parsed in two parts side by side when a cut is
    /// found (``XMLSplit``) and more than one core is online.
    var splitThreshold = XMLPlistReader.defaultSplitThreshold

    /// 4 MiB: below this, starting a second thread and joining the parts cost more than they save.
    static let defaultSplitThreshold = 4 << 20
    /// How many bytes libxml2 is handed at a time in a whole read (0: 256 KiB). Results never
    /// depend on it; tests vary it to check that.
    var chunkSize: Int32 = 0
    /// Whether ``XMLNativeScan`` reads first (libxml2 reads what it gives up on, with the same
    /// result); tests and fuzzing turn it off to compare with libxml2's reading.
    var nativeScan = true
    /// Whether the first part of a split read waits for the scan's cut instead of giving the
    /// split up when the scan is late: tests set it so that the split path always runs.
    var firstPartWaitsForCut = false

    func read(_ bytes: [UInt8]) throws(PropertyListError) -> PropertyListDocument {
        XMLPlistReader.initializeOnce
        guard bytes.count <= Int(Int32.max) else {
            throw PropertyListError(
                .inputTooLarge(size: bytes.count, limit: Int(Int32.max)), at: SourceLocation(file: file))
        }
        if bytes.count >= splitThreshold && ParallelMap.width > 1 {
            if nativeScan, let document = readInTwoParts(bytes, natively: true) { return document }
            if let document = readInTwoParts(bytes) { return document }
        }
        if nativeScan, let document = readNatively(bytes) { return document }
        // libxml2 reports broken UTF-16 only on its generic channel, without a position: check it
        // first, with one.
        if let problem = Self.utf16Problem(bytes, file: file) { throw problem }
        let state = UnsafeMutablePointer<XMLState>.allocate(capacity: 1)
        state.initialize(to: XMLState(file: file, depthLimit: depthLimit))
        defer { state.deinitialize(count: 1); state.deallocate() }
        state.pointee.builder.reserve(nodes: XMLPlistReader.elementBound(bytes[...]), arenaBytes: bytes.count)
        let (status, unreported) = bytes.withUnsafeBufferPointer { buffer in
            state.pointee.source = buffer
            state.pointee.sourceEncoding = XMLInputEncoding(of: buffer)
            defer { state.pointee.source = nil }
            return Self.parse(into: state, start: buffer, finish: true, chunkSize: chunkSize) { feed in
                feed(buffer.dropFirst(4))
            }
        }
        state.pointee.endStrayText()
        if let error = state.pointee.error { throw error }
        if status != 0 {
            // An error that reached no callback: 2.9–2.11 send a failed encoding conversion only
            // to the generic channel. Its numbers say what it was.
            throw state.pointee.unplacedError(unreported)
        }
        guard state.pointee.root >= 0 else {
            throw PropertyListError(.missingRootValue, at: SourceLocation(file: file))
        }
        let root = state.pointee.root
        let builder = state.pointee.builder
        return builder.finish(root: root)
    }

    /// Runs a libxml2 push parser with `state` as its callbacks' context: `start`'s first bytes
    /// (up to 4) let libxml2 detect the encoding, `body` feeds the rest through the function it is
    /// given (which returns libxml2's status), and `finish` tells libxml2 the input ends there (the
    /// first part of a split read does not end). Returns the first non-zero status (or 0) and, when
    /// it is not 0, the error libxml2 raised outside the callbacks: the first that reached its
    /// generic channel, or else the last it raised on this thread (nil when there was none).
    private static func parse(
        into state: UnsafeMutablePointer<XMLState>, start: UnsafeBufferPointer<UInt8>, finish: Bool,
        chunkSize: Int32 = 0, _ body: (_ feed: (Slice<UnsafeBufferPointer<UInt8>>) -> Int32) -> Int32
    ) -> (status: Int32, unreported: LibXMLError?) {
        var handler = XMLPlistReader.handler
        var unreported = utiscope_xml_unreported()
        let status: Int32 = withUnsafeMutablePointer(to: &unreported) { unreported in
            utiscope_xml_begin(unreported)
            state.pointee.unreported = unreported
            defer {
                state.pointee.unreported = nil
                utiscope_xml_end()
            }
            return withUnsafeMutablePointer(to: &handler) { sax in
                let options = Int32(XML_PARSE_NONET.rawValue | XML_PARSE_HUGE.rawValue)
                let first = UnsafeBufferPointer(rebasing: start.prefix(4))
                guard
                    let context = utiscope_xml_create(
                        first.baseAddress.map(Self.chars), Int32(first.count), sax, state, options)
                else { return -1 }
                state.pointee.context = context
                defer {
                    state.pointee.context = nil
                    utiscope_xml_free(context)
                }
                let status = body { piece in
                    let piece = UnsafeBufferPointer(rebasing: piece)
                    guard let bytes = piece.baseAddress, !piece.isEmpty else { return 0 }
                    return utiscope_xml_feed(context, Self.chars(bytes), Int32(piece.count), chunkSize)
                }
                guard status == 0, finish else { return status }
                state.pointee.finishing = true
                return utiscope_xml_finish(context)
            }
        }
        guard status != 0 else { return (0, nil) }
        if unreported.code != 0 { return (status, LibXMLError(domain: unreported.domain, code: unreported.code)) }
        var domain: Int32 = 0
        var code: Int32 = 0
        var name: UnsafePointer<CChar>?
        guard utiscope_xml_last_error(&domain, &code, &name) != 0 else { return (status, nil) }
        return (status, LibXMLError(domain: domain, code: code, name: name.map { String(cString: $0) }))
    }

    /// The same bytes, typed as libxml2's `const char *` parameters are.
    private static func chars(_ bytes: UnsafePointer<UInt8>) -> UnsafePointer<CChar> {
        UnsafeRawPointer(bytes).assumingMemoryBound(to: CChar.self)
    }

    /// The share of the file the first part of a split read takes: a little over half, because
    /// the second part's thread first scans that far for the cut (about a sixth of the parse's
    /// cost) and so has less time left to parse. Chosen so that both parts end together on
    /// gen.py's c_huge.plist (thread timelines in `perf`).
    static let firstPartShare = 0.56

    /// The document read by ``XMLNativeScan`` alone, or nil when it gives up.
    func readNatively(_ bytes: [UInt8]) -> PropertyListDocument? {
        let state = UnsafeMutablePointer<XMLState>.allocate(capacity: 1)
        state.initialize(to: XMLState(file: file, depthLimit: depthLimit))
        defer { state.deinitialize(count: 1); state.deallocate() }
        state.pointee.builder.reserve(nodes: XMLPlistReader.elementBound(bytes[...]), arenaBytes: bytes.count)
        let read = bytes.withUnsafeBufferPointer { buffer in
            guard var scan = XMLNativeScan.document(buffer) else { return false }
            return scan.scan(until: scan.end, into: &state.pointee) && scan.finished
        }
        guard read, state.pointee.root >= 0 else { return nil }
        let builder = state.pointee.builder
        return builder.finish(root: state.pointee.root)
    }

    /// What the first part of a split read gives.
    private enum FirstPart: Sendable {
        /// The document up to the cut, its containers still open.
        case head(DocumentBuilder)
        /// The whole document: the second part was not ready when the cut was needed, and the
        /// first part read on alone (``XMLNativeScan`` only).
        case whole(PropertyListDocument)
        case failed
    }

    /// The document parsed in two parts on two cores and joined, or nil when no cut is found,
    /// when the first part reaches the cut's earliest place before the scan has found it (the
    /// second core was busy), or when either part does not end as the cut promised (malformed
    /// input included: the whole read then reports it, at its place).
    ///
    /// One thread parses from the start; the other scans for the cut (``XMLSplit``) and then
    /// parses from it behind the cut's prefix. The first never waits for the second: the cut
    /// lies after `firstPartShare` of the file, so it can parse that far before it needs it.
    /// Whichever part gives up tells the other, which then stops too.
    ///
    /// `natively` reads both parts with ``XMLNativeScan`` instead of libxml2; its first part,
    /// should it need the cut before the scan has it (or should there be none), reads on to the
    /// end alone and gives the whole document.
    ///
    /// `concurrently: false` runs the two one after the other on this thread (tests and fuzzing:
    /// the join then never depends on timing).
    func readInTwoParts(_ bytes: [UInt8], concurrently: Bool = true, natively: Bool = false)
        -> PropertyListDocument?
    {
        XMLPlistReader.initializeOnce
        guard bytes.count <= Int(Int32.max) else { return nil }
        let (file, depthLimit) = (self.file, self.depthLimit)
        let handoff = CutHandoff(firstPartWaits: firstPartWaitsForCut)
        // The scan and second part go first: when no other core is free and both run on one
        // thread one after the other, the first part then finds the cut ready instead of giving
        // up on a split read whose second part is done already.
        let (tail, head) = ParallelMap.both(
            concurrently: concurrently,
            { () -> DocumentBuilder? in
                let split = bytes.withUnsafeBufferPointer {
                    XMLSplit.find(in: $0, after: Self.firstPartShare, depthLimit: depthLimit)
                }
                guard handoff.publish(split), let split else { return nil }
                let rest =
                    natively
                    ? Self.readSecondPartNatively(
                        bytes, split: split, handoff: handoff, file: file, depthLimit: depthLimit)
                    : Self.readSecondPart(bytes, split: split, handoff: handoff, file: file, depthLimit: depthLimit)
                if rest == nil { handoff.abandon() }
                return rest
            },
            { () -> FirstPart in
                let head =
                    natively
                    ? Self.readFirstPartNatively(bytes, handoff: handoff, file: file, depthLimit: depthLimit)
                    : Self.readFirstPart(bytes, handoff: handoff, file: file, depthLimit: depthLimit).map(
                        FirstPart.head) ?? .failed
                if case .failed = head { handoff.abandon() }
                return head
            })
        // Consumed, so that the builder bound below holds the only reference to the first part's
        // arrays: the join then grows them in place. (A `switch` on `head` itself left the tuple's
        // copy alive to the end, and the join copied the whole first part into new arrays.)
        switch consume head {
        case .whole(let document): return document
        case .failed: return nil
        case .head(var head):
            guard let tail else { return nil }
            let root = head.open.first?.node ?? -1
            head.append(rest: tail, concurrently: concurrently)
            return head.finish(root: root)
        }
    }

    /// ``readFirstPart(_:handoff:file:depthLimit:)`` by ``XMLNativeScan``: the builder up to the
    /// cut, or (when the scan has not found the cut by the time it could be reached, or found
    /// none) the whole document.
    private static func readFirstPartNatively(_ bytes: [UInt8], handoff: CutHandoff, file: String, depthLimit: Int)
        -> FirstPart
    {
        let state = UnsafeMutablePointer<XMLState>.allocate(capacity: 1)
        state.initialize(to: XMLState(file: file, depthLimit: depthLimit))
        defer { state.deinitialize(count: 1); state.deallocate() }
        state.pointee.builder.reserve(nodes: XMLPlistReader.elementBound(bytes[...]), arenaBytes: bytes.count)
        let safe = Int(Double(bytes.count) * firstPartShare)
        let cut: XMLSplit?? = bytes.withUnsafeBufferPointer { buffer in
            guard var scan = XMLNativeScan.document(buffer), let base = buffer.baseAddress,
                scan.scan(until: base + safe, into: &state.pointee)
            else { return nil }
            guard let split = handoff.claim() else {
                // No cut, or not yet: the other part stops, this one reads on to the end.
                return scan.scan(until: scan.end, into: &state.pointee) && scan.finished ? .some(nil) : nil
            }
            guard split.offset >= scan.cursor - base, scan.scan(until: base + split.offset, into: &state.pointee),
                scan.cursor == base + split.offset
            else { return nil }
            return split
        }
        guard let cut, !state.pointee.failed else { return .failed }
        guard let cut else {
            guard state.pointee.root >= 0 else { return .failed }
            let builder = state.pointee.builder
            return .whole(builder.finish(root: state.pointee.root))
        }
        let frames = state.pointee.frames
        guard frames.map(\.element) == cut.open,
            state.pointee.builder.open.map(\.node) == frames.filter({ $0.node >= 0 }).map(\.node)
        else { return .failed }
        return .head(state.pointee.builder)
    }

    /// ``readSecondPart(_:split:handoff:file:depthLimit:)`` by ``XMLNativeScan``: the cut's
    /// prefix, then the file from the cut on with its own line numbers.
    private static func readSecondPartNatively(
        _ bytes: [UInt8], split: XMLSplit, handoff: CutHandoff, file: String, depthLimit: Int
    ) -> DocumentBuilder? {
        let prefix = split.prefix
        let standIns = split.standInKinds
        let linesBefore = bytes.withUnsafeBufferPointer { buffer in
            ByteScan.count(of: 0x0A, in: UnsafeBufferPointer(rebasing: buffer.prefix(split.offset)))
        }
        let state = UnsafeMutablePointer<XMLState>.allocate(capacity: 1)
        state.initialize(to: XMLState(file: file, depthLimit: depthLimit))
        defer { state.deinitialize(count: 1); state.deallocate() }
        state.pointee.builder.standIns = Int32(standIns.count)
        state.pointee.builder.reserve(
            nodes: XMLPlistReader.elementBound(bytes[split.offset...]) + standIns.count,
            arenaBytes: bytes.count - split.offset)
        let read = bytes.withUnsafeBufferPointer { buffer in
            prefix.withUnsafeBufferPointer { prefix in
                guard var lead = XMLNativeScan(prefix, phase: .prolog),
                    lead.scan(until: lead.end, into: &state.pointee), lead.cursor == lead.end,
                    var scan = XMLNativeScan(
                        buffer, from: split.offset, line: Int32(clamping: linesBefore + 1), phase: .content)
                else { return false }
                // A mebibyte at a time, stopping as soon as the first part gives up.
                while scan.cursor < scan.end {
                    if handoff.givenUp { return false }
                    guard scan.scan(until: scan.cursor + min(1 << 20, scan.end - scan.cursor), into: &state.pointee)
                    else { return false }
                }
                return scan.finished
            }
        }
        let builder = state.pointee.builder
        guard read, !state.pointee.failed, state.pointee.root == 0, builder.nodes.count > standIns.count,
            builder.nodes.prefix(standIns.count).map(\.kind) == standIns
        else { return nil }
        return builder
    }

    /// The builder after reading `bytes` up to the cut, its containers still open, or nil when
    /// there is no cut, the scan has not found it in time, the second part gave up, or the
    /// parser did not end there with exactly the cut's elements open.
    private static func readFirstPart(_ bytes: [UInt8], handoff: CutHandoff, file: String, depthLimit: Int)
        -> DocumentBuilder?
    {
        let state = UnsafeMutablePointer<XMLState>.allocate(capacity: 1)
        state.initialize(to: XMLState(file: file, depthLimit: depthLimit))
        defer { state.deinitialize(count: 1); state.deallocate() }
        // Room for the whole document, so the second part's nodes and text are appended
        // without moving these (a whole read reserves the same).
        state.pointee.builder.reserve(nodes: XMLPlistReader.elementBound(bytes[...]), arenaBytes: bytes.count)
        let safe = Int(Double(bytes.count) * firstPartShare)
        var cut: XMLSplit?
        let (status, _) = bytes.withUnsafeBufferPointer { buffer in
            state.pointee.source = buffer
            state.pointee.sourceEncoding = XMLInputEncoding(of: buffer)
            defer { state.pointee.source = nil }
            return Self.parse(into: state, start: buffer, finish: false) { feed in
                // Up to where the cut may start, a mebibyte at a time, stopping as soon as the
                // other thread gives up; then, once the cut is known, up to it.
                let fed = max(min(4, buffer.count), safe)
                guard feedPieces(buffer[min(4, buffer.count)..<fed], to: feed, unlessGivenUp: handoff) == 0,
                    let split = handoff.claim(), split.offset >= fed
                else { return -1 }
                let status = feed(buffer[fed..<split.offset])
                // libxml2 must have parsed everything up to the cut: it may hold back the blanks
                // before it, but held-back markup (a `&` waiting for its `;`, a comment waiting
                // for its end) would be lost.
                guard status == 0, let context = state.pointee.context else { return status }
                let consumed = utiscope_xml_consumed(context)
                guard consumed >= 0, consumed <= split.offset,
                    buffer[consumed..<split.offset].allSatisfy(ScalarParsing.isSpace)
                else { return -1 }
                cut = split
                return 0
            }
        }
        let frames = state.pointee.frames
        guard status == 0, !state.pointee.failed, state.pointee.strayLine == nil, let cut,
            frames.map(\.element) == cut.open,
            state.pointee.builder.open.map(\.node) == frames.filter({ $0.node >= 0 }).map(\.node)
        else { return nil }
        return state.pointee.builder
    }

    /// Feeds `bytes` a mebibyte at a time, stopping (-1) as soon as the other part of a split
    /// read gives up; otherwise the first non-zero status, or 0.
    private static func feedPieces(
        _ bytes: Slice<UnsafeBufferPointer<UInt8>>, to feed: (Slice<UnsafeBufferPointer<UInt8>>) -> Int32,
        unlessGivenUp handoff: CutHandoff
    ) -> Int32 {
        var fed = bytes.startIndex
        while fed < bytes.endIndex {
            if handoff.givenUp { return -1 }
            let end = min(bytes.endIndex, fed + (1 << 20))
            let status = feed(bytes[fed..<end])
            if status != 0 { return status }
            fed = end
        }
        return 0
    }

    /// The builder after reading `bytes` from the cut to the end behind the cut's prefix (its
    /// stand-in nodes first, lines counted as in the whole file), or nil when that read fails
    /// or the first part gives up meanwhile.
    private static func readSecondPart(
        _ bytes: [UInt8], split: XMLSplit, handoff: CutHandoff, file: String, depthLimit: Int
    ) -> DocumentBuilder? {
        let prefix = split.prefix
        let standIns = split.standInKinds
        // The prefix fills line 1; the cut's line is the file's line (line breaks before it) + 1.
        let linesBefore = bytes.withUnsafeBufferPointer { buffer in
            ByteScan.count(of: 0x0A, in: UnsafeBufferPointer(rebasing: buffer.prefix(split.offset)))
        }
        let state = UnsafeMutablePointer<XMLState>.allocate(capacity: 1)
        state.initialize(to: XMLState(file: file, depthLimit: depthLimit, lineOffset: Int32(clamping: linesBefore - 1)))
        defer { state.deinitialize(count: 1); state.deallocate() }
        state.pointee.builder.standIns = Int32(standIns.count)
        state.pointee.builder.reserve(
            nodes: XMLPlistReader.elementBound(bytes[split.offset...]) + standIns.count,
            arenaBytes: bytes.count - split.offset)
        let (status, _) = bytes.withUnsafeBufferPointer { buffer in
            prefix.withUnsafeBufferPointer { prefix in
                // libxml2's offsets count the prefix first: the file's are theirs less it, plus the cut.
                state.pointee.source = buffer
                state.pointee.sourceShift = split.offset - prefix.count
                state.pointee.sourceEncoding = XMLInputEncoding(of: buffer)
                defer { state.pointee.source = nil }
                return Self.parse(into: state, start: prefix, finish: true) { feed in
                    let status = feed(prefix.dropFirst(4))
                    guard status == 0 else { return status }
                    return feedPieces(buffer[split.offset...], to: feed, unlessGivenUp: handoff)
                }
            }
        }
        state.pointee.endStrayText()
        let builder = state.pointee.builder
        guard status == 0, !state.pointee.failed, state.pointee.root == 0, builder.nodes.count > standIns.count,
            builder.nodes.prefix(standIns.count).map(\.kind) == standIns
        else { return nil }
        return builder
    }

    /// Broken UTF-16 in a document that is UTF-16 by its byte-order mark or its first
    /// characters: an unpaired surrogate or an odd byte count, located by line and character.
    static func utf16Problem(_ bytes: [UInt8], file: String) -> PropertyListError? {
        let bigEndian: Bool
        var position: Int
        if bytes.starts(with: [0xFE, 0xFF]) {
            (bigEndian, position) = (true, 2)
        } else if bytes.starts(with: [0xFF, 0xFE]) {
            (bigEndian, position) = (false, 2)
        } else if bytes.starts(with: [0x00, 0x3C, 0x00, 0x3F]) {
            (bigEndian, position) = (true, 0)
        } else if bytes.starts(with: [0x3C, 0x00, 0x3F, 0x00]) {
            (bigEndian, position) = (false, 0)
        } else {
            return nil
        }
        func unit(_ index: Int) -> UInt16 {
            bigEndian
                ? UInt16(bytes[index]) << 8 | UInt16(bytes[index + 1])
                : UInt16(bytes[index + 1]) << 8 | UInt16(bytes[index])
        }
        var line = 1
        var column = 1
        var previousWasCarriageReturn = false
        func failure(_ why: String) -> PropertyListError {
            PropertyListError(.invalidEncoding(why), at: SourceLocation(file: file, line: line, column: column))
        }
        while position + 1 < bytes.count {
            let first = unit(position)
            position += 2
            if first >= 0xD800 && first <= 0xDBFF {
                guard position + 1 < bytes.count, (0xDC00...0xDFFF).contains(unit(position)) else {
                    return failure("unpaired UTF-16 surrogate 0x\(String(first, radix: 16, uppercase: true))")
                }
                position += 2
            } else if first >= 0xDC00 && first <= 0xDFFF {
                return failure("unpaired UTF-16 surrogate 0x\(String(first, radix: 16, uppercase: true))")
            }
            if first == 0x0A {
                if !previousWasCarriageReturn { line += 1 }
                column = 1
            } else if first == 0x0D {
                line += 1
                column = 1
            } else {
                column += 1
            }
            previousWasCarriageReturn = first == 0x0D
        }
        return position < bytes.count ? failure("UTF-16 text ends in the middle of a character") : nil
    }

    /// An upper bound on the number of elements: the `<` (end tags included: the bound only
    /// reserves room, and counting every `<` is one comparison per byte).
    static func elementBound(_ bytes: ArraySlice<UInt8>) -> Int {
        1 + bytes.withUnsafeBufferPointer { ByteScan.count(of: UInt8(ascii: "<"), in: $0) }
    }

    private static let initializeOnce: Void = {
        xmlInitParser()
        utiscope_xml_forbid_loading()
    }()

    /// The SAX2 callbacks; everything not listed is off (no entity resolution, no external subset).
    private static var handler: xmlSAXHandler {
        var sax = xmlSAXHandler()
        sax.initialized = UInt32(XML_SAX2_MAGIC)
        sax.startElementNs = { context, name, _, _, _, _, _, _, _ in
            guard let context, let name else { return }
            XMLState.from(context).pointee.startElement(name)
        }
        sax.endElementNs = { context, _, _, _ in
            guard let context else { return }
            XMLState.from(context).pointee.endElement()
        }
        sax.characters = { context, characters, length in
            guard let context, let characters else { return }
            XMLState.from(context).pointee.text(UnsafeBufferPointer(start: characters, count: Int(length)))
        }
        sax.comment = { context, text in
            guard let context, let text else { return }
            XMLState.from(context).pointee.comment(text)
        }
        sax.cdataBlock = sax.characters
        sax.ignorableWhitespace = sax.characters
        sax.reference = { context, name in
            guard let context else { return }
            XMLState.from(context).pointee.refuseReference(named: name.map { String(cString: $0) } ?? "")
        }
        sax.getEntity = { _, _ in nil }
        sax.getParameterEntity = { _, _ in nil }
        sax.internalSubset = { context, _, _, _ in
            guard let context else { return }
            XMLState.from(context).pointee.doctype()
        }
        sax.entityDecl = { context, _, _, _, _, _ in
            guard let context else { return }
            XMLState.from(context).pointee.fail(.internalSubsetRefused)
        }
        sax.serror = { context, error in
            guard let context, let error else { return }
            XMLState.from(context).pointee.libxmlError(error)
        }
        return sax
    }
}

/// The elements of the plist grammar.
enum Element: UInt8 {
    case plist, dict, array, key, string, integer, real, date, data, `true`, `false`

    var isValue: Bool { self != .plist && self != .key }

    /// The element named by the `count` bytes at `name`.
    init?(_ name: UnsafePointer<UInt8>, count: Int) {
        func equals(_ literal: StaticString) -> Bool {
            literal.utf8CodeUnitCount == count && memcmp(name, literal.utf8Start, count) == 0
        }
        guard count > 0 else { return nil }
        switch name[0] {
        case UInt8(ascii: "k") where equals("key"): self = .key
        case UInt8(ascii: "s") where equals("string"): self = .string
        case UInt8(ascii: "d") where equals("dict"): self = .dict
        case UInt8(ascii: "d") where equals("date"): self = .date
        case UInt8(ascii: "d") where equals("data"): self = .data
        case UInt8(ascii: "a") where equals("array"): self = .array
        case UInt8(ascii: "i") where equals("integer"): self = .integer
        case UInt8(ascii: "r") where equals("real"): self = .real
        case UInt8(ascii: "t") where equals("true"): self = .true
        case UInt8(ascii: "f") where equals("false"): self = .false
        case UInt8(ascii: "p") where equals("plist"): self = .plist
        default: return nil
        }
    }
}

/// An open element: what it is, where it starts, and (for containers) its node.
struct XMLFrame {
    var element: Element
    var line: Int32
    var column: Int32
    var node: Int32
}

/// The parse state, reached from the callbacks through a raw pointer (not class properties: the
/// runtime's exclusivity checks on class properties cost about a third of the parse time). Driven
/// by libxml2's callbacks, or by ``XMLNativeScan`` with the places it counts itself.
struct XMLState {
    var builder: DocumentBuilder
    var context: xmlParserCtxtPtr?
    var error: PropertyListError?
    /// Whether `error` is set; checked on every callback, and a Bool is far cheaper to test than an
    /// optional of a large struct.
    var failed = false
    var frames: [XMLFrame] = []
    var root: Int32 = -1
    var textStart = 0
    var scratch: [UInt8] = []
    /// Text between elements seen since the last tag or comment, warned about once per run when
    /// the run ends: libxml2 hands a run over in pieces that depend on how the input was fed.
    var strayLine: Int32?
    /// The bytes being parsed, when the caller has them whole (columns of tags that span lines
    /// are counted there), and what to add to libxml2's offsets to index them.
    var source: UnsafeBufferPointer<UInt8>?
    var sourceShift = 0
    /// How libxml2 reads ``source``: when as the UTF-8 it is, its offsets are the source's, and a
    /// malformed sequence can be found there.
    var sourceEncoding = XMLInputEncoding.converted(nil)
    /// Where libxml2 records an error that reaches only its generic channel, during a libxml2
    /// parse (``XMLPlistReader``'s `parse`).
    var unreported: UnsafeMutablePointer<utiscope_xml_unreported>?
    /// Whether libxml2 has been told the input has ended: an error from then on, with an element
    /// still open, may mean the document stops early (``truncation(_:line:column:)``).
    var finishing = false
    /// The run's first line, up to 40 bytes, as far as seen (`strayShownDone` once complete).
    var strayShown: [UInt8] = []
    var strayShownDone = false
    let depthLimit: Int
    let file: String
    /// Added to every line libxml2 reports: the second part of a split read starts after the
    /// first part's lines (less the line its prefix takes).
    let lineOffset: Int32

    init(file: String, depthLimit: Int, lineOffset: Int32 = 0) {
        self.file = file
        self.depthLimit = depthLimit
        self.lineOffset = lineOffset
        builder = DocumentBuilder(file: file, format: .xml)
        frames.reserveCapacity(32)
    }

    static func from(_ context: UnsafeMutableRawPointer) -> UnsafeMutablePointer<XMLState> {
        context.assumingMemoryBound(to: XMLState.self)
    }

    // MARK: Errors

    /// Fails with `problem` at `line`:`column`, or where the parser stands when `line` is nil.
    mutating func fail(_ problem: PropertyListProblem, line: Int32? = nil, column: Int32? = nil) {
        guard line == nil, let context else { return record(problem, line: line, column: column) }
        var currentLine: Int32 = 0
        var currentColumn: Int32 = 0
        utiscope_xml_position(context, &currentLine, &currentColumn)
        record(problem, line: currentLine > 0 ? currentLine + lineOffset : nil, column: currentColumn)
    }

    /// Fails with `problem` at `line`:`column` as given: nil leaves out what is not known.
    mutating func record(_ problem: PropertyListProblem, line: Int32?, column: Int32?) {
        guard !failed else { return }
        failed = true
        var location = SourceLocation(file: file)
        if let line, line > 0 {
            location.line = Int(line)
            location.column = column.flatMap { $0 > 0 ? Int($0) : nil }
        }
        error = PropertyListError(problem, at: location)
        if let context { xmlStopParser(context) }
    }

    /// An error libxml2 raised through the SAX error handler, taken by its domain and code
    /// (``LibXMLError``), never its message; warnings are not errors. A failed conversion that
    /// reached libxml2's generic channel before it (2.9–2.11) is the cause, and is reported instead.
    mutating func libxmlError(_ raw: UnsafePointer<xmlError>) {
        let report = raw.pointee
        guard report.level.rawValue >= XML_ERR_ERROR.rawValue else { return }
        var error = LibXMLError(
            domain: Int32(report.domain), code: Int32(report.code), name: report.str1.map { String(cString: $0) })
        if let earlier = unreported?.pointee, earlier.code != 0,
            LibXMLError(domain: earlier.domain, code: earlier.code).kind == .invalidText
        {
            error = LibXMLError(domain: earlier.domain, code: earlier.code)
        }
        let found = located(error, line: report.line > 0 ? report.line + lineOffset : nil, column: report.int2)
        record(found.problem, line: found.line, column: found.column)
    }

    /// The error for a parse that libxml2 ended without telling the error handler: `unreported`
    /// (from its generic channel, or its last error) when there is one.
    func unplacedError(_ unreported: LibXMLError?) -> PropertyListError {
        let found = unreported.map { located($0, line: nil, column: nil) }
        return PropertyListError(
            found?.problem ?? .xmlSyntax("the document is not well-formed"),
            at: SourceLocation(file: file, line: found?.line.map(Int.init), column: found?.column.map(Int.init)))
    }

    /// What `error` means here, in the reader's words, and where: a place the reader finds in the
    /// source itself where it can (a malformed UTF-8 sequence, an entity reference, an end tag,
    /// the end of a document that stops early), else libxml2's `line` and `column`. A failed
    /// conversion has no place: libxml2 converts ahead of the parser, so neither its place nor
    /// the parser's is where the bytes are.
    func located(_ error: LibXMLError, line: Int32?, column: Int32?) -> (
        problem: PropertyListProblem, line: Int32?, column: Int32?
    ) {
        switch error.kind {
        case .invalidText, .invalidCharacter:
            if let malformed = malformedUTF8(behind: error) { return malformed }
            if error.kind == .invalidText { return (.invalidEncoding(invalidTextReason), nil, nil) }
        case .unsupportedEncoding:
            let reason =
                sourceEncoding.declaredName.flatMap(Self.quoted).map { "libxml2 cannot read \($0) text" }
                ?? "libxml2 cannot read the encoding the document declares"
            return (.invalidEncoding(reason), line, column)
        case .undeclaredEntity:
            let reference = referenceInSource()
            let name = reference?.name ?? error.name ?? ""
            return (
                .entityReferenceRefused(OutputEscaping.escape(name)), reference?.line ?? line,
                reference == nil ? column : reference?.column
            )
        case .refusedLoad:
            return (.xmlSyntax("libxml2 could not load what the document refers to"), line, column)
        case .libxml2Failure(let why):
            return (.unreadable(why), line, column)
        case .mismatchedEndTag, .syntax:
            break
        }
        if let truncated = truncation(error, line: line, column: column) { return truncated }
        switch error.kind {
        case .mismatchedEndTag:
            let open = frames.last.map { "end tag does not match the start tag <\($0.element.name)>" }
            let place = endTagInSource()
            return (
                .xmlSyntax(open ?? "end tag does not match its start tag"), place?.line ?? line,
                place == nil ? column : place?.column
            )
        case .syntax(let message): return (.xmlSyntax(message), line, column)
        default: return (.xmlSyntax(LibXMLError.disallowedCharacter), line, column)
        }
    }

    /// A document that stops early: libxml2 has been told the input ended, an element is still
    /// open, and nothing after where the parser stands closes it. Whatever libxml2's release calls
    /// it (extra content at the end in 2.9, an unfinished tag, a missing end tag), it is reported
    /// at the end of the document, inside the innermost open element. (An error raised only once
    /// the input ended is not enough: a push parser holds back a `&` until it sees a `;`.) When
    /// libxml2 converts the input, its offsets are not the source's, and `error`'s code decides,
    /// at libxml2's `line` and `column`.
    func truncation(_ error: LibXMLError, line: Int32?, column: Int32?) -> (
        problem: PropertyListProblem, line: Int32?, column: Int32?
    )? {
        guard finishing, let open = frames.last else { return nil }
        let problem = PropertyListProblem.truncated("it ends inside <\(open.element.name)>")
        guard let places, let parserOffset else {
            let endings = [
                LibXMLError.Code.documentEnd, LibXMLError.Code.tagNotFinished, LibXMLError.Code.endTagRequired,
            ]
            return endings.contains(error.code) ? (problem, line, column) : nil
        }
        guard !places.contains(Array("</\(open.element.name)".utf8), from: parserOffset) else { return nil }
        let end = places.end
        return (problem, end.line, end.column)
    }

    /// Why text is refused: the bytes are not text in the document's encoding.
    var invalidTextReason: String {
        switch sourceEncoding {
        case .utf8: return "bytes that are not valid UTF-8"
        case .converted(let name?): return "bytes that are not valid \(Self.quoted(name) ?? "") text"
        case .converted(nil): return "bytes that are not valid in the document's encoding"
        }
    }

    /// `text` escaped, cut to 64 characters and in single quotes, or nil when empty.
    static func quoted(_ text: String) -> String? {
        guard !text.isEmpty else { return nil }
        return "'\(OutputEscaping.escape(text.count > 64 ? String(text.prefix(64)) + "…" : text))'"
    }

    /// ``source`` as places to report errors at, when libxml2 reads it as the UTF-8 it is (its
    /// offsets are then the source's).
    var places: XMLSourcePlaces? {
        guard let source, sourceEncoding == .utf8 else { return nil }
        return XMLSourcePlaces(bytes: source)
    }

    /// The offset in ``source`` of the byte the parser stands on.
    var parserOffset: Int? {
        guard let context else { return nil }
        return utiscope_xml_consumed(context) + sourceShift
    }

    /// The first malformed UTF-8 sequence in ``source``, told with its first byte and place, when
    /// libxml2 reads the source as UTF-8 and `error` is what such a sequence raises:
    /// `XML_ERR_INVALID_ENCODING` (2.13 and later), or `XML_ERR_INVALID_CHAR` (2.9–2.12) for a
    /// sequence where the parser stands, since that code also means a well-formed character that
    /// XML does not allow.
    func malformedUTF8(behind error: LibXMLError) -> (problem: PropertyListProblem, line: Int32?, column: Int32?)? {
        guard let places, let offset = UTF8Validation.firstInvalid(in: places.bytes) else { return nil }
        if error.kind == .invalidCharacter {
            // A sequence is at most four bytes, and the parser stands on its first.
            guard let parserOffset, offset < parserOffset + 4 else { return nil }
        }
        let place = places.place(of: offset)
        let byte = String(places.bytes[offset], radix: 16, uppercase: true)
        return (.invalidEncoding("byte 0x\(byte) does not start a valid UTF-8 sequence"), place.line, place.column)
    }

    /// The entity reference the parser has just read: its name and the place of its `&`, found
    /// looking back from where the parser stands (past the reference in every release).
    func referenceInSource() -> (name: String, line: Int32, column: Int32)? {
        guard let places, let parserOffset,
            let ampersand = places.start(of: UInt8(ascii: "&"), before: parserOffset, withinLine: true),
            let name = places.referenceName(at: ampersand)
        else { return nil }
        let place = places.place(of: ampersand)
        return (name, place.line, place.column)
    }

    /// The place of the `<` of the end tag the parser has just read, found looking back from where
    /// the parser stands (past the tag's `>` in every release).
    func endTagInSource() -> (line: Int32, column: Int32)? {
        guard let places, let parserOffset,
            let start = places.start(of: UInt8(ascii: "<"), before: parserOffset, withinLine: false),
            start + 1 < places.bytes.count, places.bytes[start + 1] == UInt8(ascii: "/")
        else { return nil }
        return places.place(of: start)
    }

    /// Refuses the entity reference libxml2 hands to the `reference` callback (2.13 and later, for
    /// an undeclared entity in a document with an external DTD), at its `&`.
    mutating func refuseReference(named name: String) {
        let found = located(
            LibXMLError(domain: LibXMLError.Domain.parser, code: LibXMLError.Code.undeclaredEntity, name: name),
            line: nil, column: nil)
        guard found.line == nil else { return record(found.problem, line: found.line, column: found.column) }
        fail(found.problem)
    }

    mutating func doctype() {
        // libxml2 reports the DOCTYPE before reading an internal subset: the parser then stands on
        // its `[`. Entities could only be declared there, so refusing it refuses every entity bomb.
        guard let context, utiscope_xml_current_byte(context) == Int32(UInt8(ascii: "[")) else { return }
        fail(.internalSubsetRefused)
    }

    // MARK: Elements

    mutating func startElement(_ name: UnsafePointer<xmlChar>) {
        guard !failed, let context else { return }
        endStrayText()
        let (line, column) = start(in: context, comment: false)
        startElement(name, count: Int(xmlStrlen(name)), line: line, column: column)
    }

    /// Where the tag (or, with `comment`, the comment) libxml2 has just read starts, found
    /// looking back from where the parser stands; lines count from the file's start.
    func start(in context: xmlParserCtxtPtr, comment: Bool) -> (line: Int32, column: Int32) {
        var line: Int32 = 0
        var column: Int32 = 0
        var offset = -1
        utiscope_xml_tag_start(context, comment ? 1 : 0, &line, &column, &offset)
        if offset >= 0 { column = Int32(clamping: columnInSource(at: offset) ?? 0) }
        return (line + lineOffset, column)
    }

    /// A start tag named by the `count` bytes at `name`, whose `<` stands at `line`:`column`.
    mutating func startElement(_ name: UnsafePointer<UInt8>, count: Int, line: Int32, column: Int32) {
        builder.anchorComments(line: Int(line), column: Int(column))
        guard let element = Element(name, count: count) else {
            let text = OutputEscaping.escape(
                String(decoding: UnsafeBufferPointer(start: name, count: count), as: UTF8.self))
            return fail(.unknownElement(text), line: line, column: column)
        }
        let parent = frames.last
        switch parent?.element {
        case nil:
            if element == .plist { break }
            if element == .key {
                return fail(.misplacedElement("key", context: "outside a dictionary"), line: line, column: column)
            }
            builder.warn(.missingPlistElement, about: Int32(builder.nodes.count))
        case .plist?:
            if element == .plist || element == .key {
                return fail(
                    .misplacedElement(element.name, context: "directly inside <plist>"), line: line, column: column)
            }
            if root >= 0 { return fail(.multipleRootValues, line: line, column: column) }
        case .dict?:
            let expectingKey = builder.currentChildCount % 2 == 0
            if element == .plist {
                return fail(.misplacedElement("plist", context: "inside <dict>"), line: line, column: column)
            }
            if element == .key && !expectingKey {
                return failKeyWithoutValue()
            }
            if element != .key && expectingKey {
                return fail(.valueWithoutKey(element.name), line: line, column: column)
            }
        case .array?:
            if element == .plist || element == .key {
                return fail(.misplacedElement(element.name, context: "inside <array>"), line: line, column: column)
            }
        case let other?:
            return fail(.misplacedElement(element.name, context: "inside <\(other.name)>"), line: line, column: column)
        }
        var frame = XMLFrame(element: element, line: line, column: column, node: -1)
        switch element {
        case .plist:
            break
        case .dict, .array:
            if builder.depth >= depthLimit {
                return fail(.nestingTooDeep(limit: depthLimit), line: line, column: column)
            }
            frame.node = builder.open(
                element == .dict ? .dictionary : .array, position1: Int(line), position2: Int(column))
        case .key, .string:
            textStart = builder.arena.count
        case .integer, .real, .date, .data:
            scratch.removeAll(keepingCapacity: true)
        case .true, .false:
            frame.node = builder.add(
                .boolean, payload: element == .true ? 1 : 0, position1: Int(line), position2: Int(column))
        }
        frames.append(frame)
    }

    mutating func failKeyWithoutValue() {
        // The dictionary's last child is a key still waiting for its value.
        let key = builder.nodes.count - 1
        let record = builder.nodes[key]
        fail(
            .keyWithoutValue(OutputEscaping.escape(builder.keyText(Int32(key)))),
            line: Int32(record.position1), column: Int32(record.position2))
    }

    mutating func endElement() {
        guard !failed, let frame = frames.popLast() else { return }
        endStrayText()
        builder.unanchorComments()
        let line = Int(frame.line)
        let column = Int(frame.column)
        var node = frame.node
        switch frame.element {
        case .plist:
            if root < 0 { return fail(.missingRootValue, line: frame.line, column: frame.column) }
            return
        case .dict:
            if builder.currentChildCount % 2 == 1 { return failKeyWithoutValue() }
            builder.close()
        case .array:
            builder.close()
        case .key:
            builder.addString(fromArena: textStart, position1: line, position2: column, isKey: true)
            return
        case .string:
            node = builder.addString(fromArena: textStart, position1: line, position2: column)
        case .integer:
            let result = scratch.withUnsafeBufferPointer { ScalarParsing.integer($0) }
            switch result {
            case .success(let value): node = builder.addInteger(value, position1: line, position2: column)
            case .failure(let problem): return fail(problem, line: frame.line, column: frame.column)
            }
        case .real:
            guard let (value, overflowed) = scratch.withUnsafeBufferPointer({ ScalarParsing.real($0) }) else {
                let text = scratch.withUnsafeBufferPointer { ScalarParsing.quote($0) }
                return fail(.invalidReal(text), line: frame.line, column: frame.column)
            }
            node = builder.add(.real, payload: value.bitPattern, position1: line, position2: column)
            if overflowed {
                builder.warn(.realOverflow(scratch.withUnsafeBufferPointer { ScalarParsing.quote($0) }), about: node)
            }
        case .date:
            guard let date = scratch.withUnsafeBufferPointer({ PlistDate.parse(ScalarParsing.trimmed($0)) }) else {
                let text = scratch.withUnsafeBufferPointer { ScalarParsing.quote($0) }
                return fail(.invalidDate(text), line: frame.line, column: frame.column)
            }
            node = builder.add(
                .date, payload: date.secondsSinceReferenceDate.bitPattern, position1: line, position2: column)
        case .data:
            let start = builder.arena.count
            let failure = scratch.withUnsafeBufferPointer { ScalarParsing.base64($0, into: &builder.arena) }
            if let failure { return fail(.invalidBase64(failure), line: frame.line, column: frame.column) }
            node = builder.addData(fromArena: start, position1: line, position2: column)
        case .true, .false:
            break
        }
        if frames.isEmpty || frames.last?.element == .plist { root = node }
    }

    /// A comment libxml2 has just read: its `<!--` is found looking back from where the parser
    /// stands, as a start tag's `<` is.
    mutating func comment(_ text: UnsafePointer<xmlChar>) {
        guard !failed, let context else { return }
        let count = Int(xmlStrlen(text))
        // When libxml2 reads the source as it is, the parser stands just past the comment's `-->`,
        // so its `<!--` is the text's length (and 7) back, even where libxml2 no longer holds it
        // (a long comment read in parts). A comment holds no `--`, so a miscount (line ends
        // libxml2 normalised) cannot land on another `<!--`; then, as otherwise, it is looked for
        // back from the parser in libxml2's buffer.
        let place: (line: Int32, column: Int32)
        if let places, let parserOffset, parserOffset - count - 7 >= 0,
            places.bytes[(parserOffset - count - 7)...].starts(with: "<!--".utf8)
        {
            place = places.place(of: parserOffset - count - 7)
        } else {
            place = start(in: context, comment: true)
        }
        let (line, column) = place
        comment(UnsafeBufferPointer(start: text, count: count), line: line, column: column)
    }

    /// A comment of the `text` between `<!--` and `-->`, whose `<!--` stands at `line`:`column`.
    mutating func comment(_ text: UnsafeBufferPointer<UInt8>, line: Int32, column: Int32) {
        guard !failed else { return }
        endStrayText()
        builder.addComment(text, line: Int(line), column: Int(column))
    }

    /// Whether text goes into a value now (a key, a string or a scalar's text) rather than
    /// between elements.
    var holdsText: Bool {
        switch frames.last?.element {
        case .key?, .string?, .integer?, .real?, .date?, .data?: return true
        default: return false
        }
    }

    mutating func text(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard !failed else { return }
        switch frames.last?.element {
        case .key?, .string?:
            builder.arena.append(contentsOf: bytes)
        case .integer?, .real?, .date?, .data?:
            scratch.append(contentsOf: bytes)
        default:
            strayText(bytes)
        }
    }

    /// A piece of text between elements: the first non-blank piece of a run gives the run's line
    /// and the start of what the warning shows.
    mutating func strayText(_ bytes: UnsafeBufferPointer<UInt8>) {
        var start = 0
        if strayLine == nil {
            guard let index = bytes.firstIndex(where: { !ScalarParsing.isSpace($0) }), let context else { return }
            var line: Int32 = 0
            var column: Int32 = 0
            utiscope_xml_position(context, &line, &column)
            // The parser stands at the end of the piece; count back to the line where it starts.
            line -= Int32(ByteScan.count(of: 0x0A, in: UnsafeBufferPointer(rebasing: bytes[index...])))
            strayLine = line + lineOffset
            strayShown.removeAll(keepingCapacity: true)
            strayShownDone = false
            start = index
        }
        guard !strayShownDone else { return }
        for byte in bytes[start...] {
            if byte == 0x0A || strayShown.count == 40 {
                strayShownDone = true
                return
            }
            strayShown.append(byte)
        }
    }

    /// The column of the byte at `offset` of libxml2's input, counted in ``source`` (nil when
    /// there is none or libxml2 converts the input, so that its offsets are not the source's).
    func columnInSource(at offset: Int) -> Int? {
        guard let source, sourceEncoding == .utf8 else { return nil }
        let position = offset + sourceShift
        guard position >= 0, position < source.count else { return nil }
        var lineStart = position
        while lineStart > 0 && source[lineStart - 1] != 0x0A { lineStart -= 1 }
        return source[lineStart..<position].reduce(1) { $0 + ($1 & 0xC0 != 0x80 ? 1 : 0) }
    }

    /// Warns about the run of text between elements seen since the last tag, if any.
    mutating func endStrayText() {
        guard let line = strayLine else { return }
        strayLine = nil
        let shown = strayShown.withUnsafeBufferPointer { ScalarParsing.quote($0) }
        builder.warn(.textBetweenElements(shown), at: SourceLocation(file: file, line: line > 0 ? Int(line) : nil))
    }
}

extension Element {
    var name: String {
        switch self {
        case .plist: return "plist"
        case .dict: return "dict"
        case .array: return "array"
        case .key: return "key"
        case .string: return "string"
        case .integer: return "integer"
        case .real: return "real"
        case .date: return "date"
        case .data: return "data"
        case .true: return "true"
        case .false: return "false"
        }
    }
}

/// The cut of a split read, handed from the thread that scans for it to the thread reading the
/// first part, which never waits for it: when it needs the cut before the scan has it, it gives
/// up. Either thread giving up (or finding no cut) tells the other, which then stops. Tests make
/// the first part wait instead (``firstPartWaits``), so that a split read on two threads never
/// depends on how they are scheduled.
final class CutHandoff: @unchecked Sendable {
    private enum State {
        /// The scan is running.
        case scanning
        /// The scan found this cut.
        case found(XMLSplit)
        /// The scan found no cut, or a part gave up: the whole read runs instead.
        case abandoned
    }

    /// Guards `state` (a semaphore used as a lock: no Foundation here).
    private let lock = DispatchSemaphore(value: 1)
    private var state = State.scanning
    /// Whether ``claim()`` waits for the scan's result rather than giving the split read up.
    let firstPartWaits: Bool
    /// Signalled once the state leaves `scanning`; kept signalled for every later wait.
    private let settled = DispatchSemaphore(value: 0)

    /// A handoff; `firstPartWaits` for tests only. The scan is started before the first part
    /// (``XMLPlistReader/readInTwoParts(_:concurrently:natively:)``), so when both run on one
    /// thread the scan has published by the time the first part waits.
    init(firstPartWaits: Bool = false) {
        self.firstPartWaits = firstPartWaits
    }

    /// Records the scan's result; false when there is nothing to go on with (no cut, or the
    /// first part has given up).
    func publish(_ split: XMLSplit?) -> Bool {
        lock.wait()
        defer {
            lock.signal()
            settled.signal()
        }
        guard case .scanning = state, let split else {
            state = .abandoned
            return false
        }
        state = .found(split)
        return true
    }

    /// Whether the split read has been given up (by either part, or for want of a cut).
    var givenUp: Bool {
        lock.wait()
        defer { lock.signal() }
        if case .abandoned = state { return true }
        return false
    }

    /// The cut, or nil when there is none, the split read was given up, or the scan is still
    /// running (the split read is then given up; with ``firstPartWaits``, its result is awaited).
    func claim() -> XMLSplit? {
        if firstPartWaits {
            settled.wait()
            settled.signal()
        }
        lock.wait()
        defer { lock.signal() }
        switch state {
        case .found(let split): return split
        case .scanning:
            state = .abandoned
            return nil
        case .abandoned: return nil
        }
    }

    /// Gives the split read up: the other part stops at its next look.
    func abandon() {
        lock.wait()
        defer {
            lock.signal()
            settled.signal()
        }
        state = .abandoned
    }
}
