#ifndef UTISCOPE_CLIBXML2_SHIM_H
#define UTISCOPE_CLIBXML2_SHIM_H

// Written for libxml2 2.9 through 2.15: what changed between them (the members 2.14 and 2.15
// deprecated, what xmlStopParser sets) is behind LIBXML_VERSION checks below, and errors are taken
// by their numbers, never their text (PropertyList's LibXMLError.swift says why).

// Debian's libxml2 headers include system ICU when LIBXML_ICU_ENABLED is defined, and that ICU
// clashes with the copy Foundation carries ("'UErrorCode' has different definitions in different
// modules" on a clean build). We never call libxml2's ICU entry points, so read the version header
// first, drop the flag, and only then include the rest.
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED

#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/SAX2.h>
#include <libxml/xmlerror.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdint.h>
#include <string.h>
#if defined(__GLIBC__)
#include <malloc.h>
#endif

/// The first error that reached libxml2's generic error channel during one parse, by its domain
/// and code (both 0 when none did). 2.9–2.11 report a failed encoding conversion there and only
/// there: it has no parser context, so the SAX error handler never sees it.
typedef struct {
    int domain;
    int code;
} utiscope_xml_unreported;

/// libxml2's generic error channel during a parse: the message is never printed (nothing is
/// written to standard error) nor read. libxml2 records an error as the thread's last error
/// before it calls the channel, so the error is taken from there by its numbers; warnings are
/// left out. `ctx` is the parse's `utiscope_xml_unreported`, or NULL outside a parse.
static inline void utiscope_xml_generic_message(void *ctx, const char *message, ...) {
    (void)message;
    utiscope_xml_unreported *unreported = (utiscope_xml_unreported *)ctx;
    if (unreported == NULL || unreported->code != 0) return;
    const xmlError *error = xmlGetLastError();
    if (error == NULL || error->code == 0 || error->level < XML_ERR_ERROR) return;
    unreported->domain = error->domain;
    unreported->code = error->code;
}

/// Prepares this thread for a parse: what libxml2 sends to its generic channel is recorded in
/// `unreported` (cleared here), and its last error (thread-local in every release) is cleared,
/// so that `utiscope_xml_last_error` afterwards reports this parse's. Pair with
/// `utiscope_xml_end` before `unreported` goes away.
static inline void utiscope_xml_begin(utiscope_xml_unreported *unreported) {
    unreported->domain = 0;
    unreported->code = 0;
    xmlSetGenericErrorFunc(unreported, utiscope_xml_generic_message);
    xmlResetLastError();
}

/// Ends what `utiscope_xml_begin` began: generic messages are dropped again.
static inline void utiscope_xml_end(void) {
    xmlSetGenericErrorFunc(NULL, utiscope_xml_generic_message);
}

/// The domain and code of the last error (not warning) libxml2 raised on this thread, whatever
/// channel it went to (the structured handler, the generic channel, or none), and its first
/// string argument (or NULL). Returns 0 when there was none. `xmlGetLastError` exists in every
/// release (2.12 made its result const) and keeps errors raised without a parser context too,
/// which `xmlCtxtGetLastError` does not.
static inline int utiscope_xml_last_error(int *domain, int *code, const char **name) {
    const xmlError *error = xmlGetLastError();
    if (error == NULL || error->code == 0 || error->level < XML_ERR_ERROR) return 0;
    *domain = error->domain;
    *code = error->code;
    *name = error->str1;
    return 1;
}

/// Creates a push-parser context with `sax` as its callbacks (libxml2 keeps its own copy of the
/// handler) and `user` as their context. The first bytes (up to 4; the rest go to
/// `utiscope_xml_feed`) let libxml2 detect the encoding from a byte-order mark or the XML
/// declaration. Returns NULL when libxml2 cannot allocate it.
static inline xmlParserCtxtPtr utiscope_xml_create(const char *bytes, int size, xmlSAXHandlerPtr sax,
                                                   void *user, int options) {
    int first = size < 4 ? size : 4;
    xmlParserCtxtPtr ctxt = xmlCreatePushParserCtxt(sax, user, bytes, first, NULL);
    if (ctxt == NULL) return NULL;
    xmlCtxtUseOptions(ctxt, options);
    return ctxt;
}

/// Whether the parser has stopped: a callback called `xmlStopParser`, or an error ended the
/// parse. 2.14 added `xmlCtxtIsStopped` and deprecated reading `instate` (and, in 2.14.0–2.14.3
/// and again from 2.15, `disableSAX`); 2.15's `xmlStopParser` no longer sets `instate` to
/// `XML_PARSER_EOF`. Before 2.14 every stop sets both members. `xmlCtxtIsStopped` counts a fatal
/// error as a stop only from 2.14.5, but after one `xmlParseChunk` returns its code in every
/// release, so the feeding stops either way.
static inline int utiscope_xml_stopped(xmlParserCtxtPtr ctxt) {
#if LIBXML_VERSION >= 21400
    return xmlCtxtIsStopped(ctxt);
#else
    return ctxt->disableSAX != 0 || ctxt->instate == XML_PARSER_EOF;
#endif
}

/// Feeds `size` bytes in chunks of `chunk` bytes (256 KiB unless a test says otherwise), so
/// libxml2 never holds a second copy of a large document. Stops early once the parser is halted
/// (a callback called `xmlStopParser`). Returns 0, libxml2's error code, or -1 when the parser
/// was halted.
static inline int utiscope_xml_feed(xmlParserCtxtPtr ctxt, const char *bytes, int size, int chunk) {
    if (chunk < 1) chunk = 256 * 1024;
    int offset = 0;
    while (offset < size) {
        int length = size - offset < chunk ? size - offset : chunk;
        int status = xmlParseChunk(ctxt, bytes + offset, length, 0);
        offset += length;
        if (status != 0 || utiscope_xml_stopped(ctxt)) return status != 0 ? status : -1;
    }
    return 0;
}

/// Tells libxml2 the input has ended. Returns libxml2's last error code (0 when well-formed).
static inline int utiscope_xml_finish(xmlParserCtxtPtr ctxt) {
    int status = xmlParseChunk(ctxt, NULL, 0, 1);
#if LIBXML_VERSION >= 21400
    // `wellFormed` is read through `xmlCtxtGetStatus` from 2.14, which deprecated the member.
    if (status == 0 && (xmlCtxtGetStatus(ctxt) & XML_STATUS_NOT_WELL_FORMED) != 0) status = -1;
#else
    if (status == 0 && !ctxt->wellFormed) status = -1;
#endif
    return status;
}

/// Feeds all of `bytes` after the first 4 (given to `utiscope_xml_create`) and ends the input:
/// a whole document in one call. Returns libxml2's last error code (0 when well-formed).
static inline int utiscope_xml_parse(xmlParserCtxtPtr ctxt, const char *bytes, int size) {
    int first = size < 4 ? size : 4;
    int status = utiscope_xml_feed(ctxt, bytes + first, size - first, 0);
    return status != 0 ? status : utiscope_xml_finish(ctxt);
}

/// Frees a context made by `utiscope_xml_create`.
static inline void utiscope_xml_free(xmlParserCtxtPtr ctxt) {
    xmlFreeParserCtxt(ctxt);
}

/// Where the parser stands in its current input: its 1-based line and column (characters), the
/// byte position in the whole input (what it has dropped plus what it has read of its buffer),
/// and its buffer: `base` (the first byte it still holds), `cur` (the next to read) and `end`.
typedef struct {
    int line;
    int column;
    unsigned long position;
    const xmlChar *base;
    const xmlChar *cur;
    const xmlChar *end;
} utiscope_xml_place;

/// The parser's place. libxml2 2.15 documents reading `line`, `col`, `consumed` and `cur`
/// directly as deprecated (without marking them, so no warning): the first three come from its
/// `xmlCtxtGetInputPosition` there. For `cur` it points to `xmlCtxtGetInputWindow`, which gives
/// a window around the current line only, not a place to scan back from across lines, so `cur`
/// is still read as the member it is in every release. `base` and `end` are not deprecated.
static inline utiscope_xml_place utiscope_xml_where(xmlParserCtxtPtr ctxt) {
    utiscope_xml_place place;
    xmlParserInputPtr input = ctxt->input;
    place.base = input->base;
    place.cur = input->cur;
    place.end = input->end;
#if LIBXML_VERSION >= 21500
    place.line = 0;
    place.column = 0;
    place.position = 0;
    xmlCtxtGetInputPosition(ctxt, -1, NULL, &place.line, &place.column, &place.position);
#else
    place.line = input->line;
    place.column = input->col;
    place.position = input->consumed + (unsigned long)(input->cur - input->base);
#endif
    return place;
}

/// The 1-based line and column of the `<` that opened the tag (with `comment`, the comment: its
/// `<!--`) the parser has just read, found by looking back from the parser's position (which is
/// just past the tag's `>`). A comment holds no `--`, so the nearest `<!--` back is its start. Columns count
/// characters (Unicode scalars), as libxml2's own column does: UTF-8 continuation bytes are not
/// counted. When the tag cannot be found in the buffer the position after it is returned. For a
/// tag that spans lines, the start of the `<`'s line may lie before what libxml2 still holds
/// (it drops what it has read, at places that depend on how the input was fed): then the column
/// is 0 and `offset` is the `<`'s byte offset in the whole input, for the caller to count from
/// its own copy; otherwise `offset` is -1.
static inline void utiscope_xml_tag_start(xmlParserCtxtPtr ctxt, int comment, int *line, int *column,
                                          long *offset) {
    utiscope_xml_place place = utiscope_xml_where(ctxt);
    *line = place.line;
    *column = place.column;
    *offset = -1;
    const xmlChar *cur = place.cur;
    const xmlChar *base = place.base;
    const xmlChar *p = cur;
    int newlines = 0;
    while (p > base) {
        p--;
        if (*p == '<' && (!comment || (cur - p >= 4 && p[1] == '!' && p[2] == '-' && p[3] == '-'))) break;
        if (*p == '\n') newlines++;
        if (cur - p > 4096) return;
    }
    if (*p != '<' || (comment && !(cur - p >= 4 && p[1] == '!' && p[2] == '-' && p[3] == '-'))) return;
    if (newlines == 0) {
        int characters = 0;
        for (const xmlChar *r = p; r < cur; r++) characters += (*r & 0xC0) != 0x80;
        *column = place.column - characters;
        if (*column < 1) *column = 1;
        return;
    }
    const xmlChar *q = p;
    while (q > base && q[-1] != '\n') q--;
    *line = place.line - newlines;
    unsigned long dropped = place.position - (unsigned long)(cur - base);
    if (q == base && dropped > 0) {
        *column = 0;
        *offset = (long)(dropped + (unsigned long)(p - base));
        return;
    }
    int characters = 0;
    for (const xmlChar *r = q; r < p; r++) characters += (*r & 0xC0) != 0x80;
    *column = characters + 1;
}

/// How many bytes of the input the parser has consumed: what lies beyond is buffered, not parsed
/// (a push parser waits for more input when what it holds could be the start of a longer token).
static inline long utiscope_xml_consumed(xmlParserCtxtPtr ctxt) {
    return (long)utiscope_xml_where(ctxt).position;
}

/// The 1-based line and column of the parser's current position.
static inline void utiscope_xml_position(xmlParserCtxtPtr ctxt, int *line, int *column) {
    utiscope_xml_place place = utiscope_xml_where(ctxt);
    *line = place.line;
    *column = place.column;
}

/// The byte at the parser's current position (0 at the end of the buffer).
static inline int utiscope_xml_current_byte(xmlParserCtxtPtr ctxt) {
    utiscope_xml_place place = utiscope_xml_where(ctxt);
    if (place.cur >= place.end) return 0;
    return *place.cur;
}

/// An external-entity loader that loads nothing: no file is read and no connection is made.
static inline xmlParserInputPtr utiscope_xml_no_loader(const char *url, const char *id,
                                                       xmlParserCtxtPtr ctxt) {
    (void)url; (void)id; (void)ctxt;
    return NULL;
}

/// Installs `utiscope_xml_no_loader` as the process's external-entity loader.
static inline void utiscope_xml_forbid_loading(void) {
    xmlSetExternalEntityLoader(utiscope_xml_no_loader);
}

/// Not libxml2's, but this is the package's one C header: makes glibc's malloc keep the memory a
/// process frees for reuse instead of handing it back to the kernel at once. By default blocks
/// from 128 KiB up (a threshold that grows to at most 32 MiB) are mapped and unmapped one by one
/// and the heap's top is trimmed past 128 KiB, so a program that builds and drops many large
/// arrays has the same pages faulted in and zeroed again and again. Here no block is mapped on its
/// own (`M_MMAP_MAX` 0): every block comes from a heap, so a large buffer dropped half-way (the
/// input file once parsed, 50 MB for a huge Info.plist) gives its pages to the allocations that
/// follow. On a virtual machine a page faulted in costs about 2 microseconds; this took a sixth of
/// the page faults off a huge lint. For a short command-line run only; a no-op where the C library
/// is not glibc.
static inline void utiscope_keep_freed_memory(void) {
#if defined(__GLIBC__)
    mallopt(M_MMAP_THRESHOLD, 32 << 20);
    mallopt(M_TRIM_THRESHOLD, 1 << 30);
    mallopt(M_TOP_PAD, 64 << 20);
    mallopt(M_MMAP_MAX, 0);
#endif
}

#endif
