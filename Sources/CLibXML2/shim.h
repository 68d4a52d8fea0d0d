#ifndef UTISCOPE_CLIBXML2_SHIM_H
#define UTISCOPE_CLIBXML2_SHIM_H

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

/// What libxml2 sends to its generic error channel during one parse (encoding conversion
/// failures do not reach the SAX error handler): the start of the text, never printed.
typedef struct {
    char text[256];
    int length;
} utiscope_xml_generic_errors;

/// Appends one generic message to the `utiscope_xml_generic_errors` given as `ctx`; with no
/// context the message is dropped. Nothing is ever written to standard error.
static inline void utiscope_xml_generic_error(void *ctx, const char *message, ...) {
    utiscope_xml_generic_errors *errors = (utiscope_xml_generic_errors *)ctx;
    if (errors == NULL || errors->length >= (int)sizeof(errors->text) - 1) return;
    va_list arguments;
    va_start(arguments, message);
    int room = (int)sizeof(errors->text) - errors->length;
    int written = vsnprintf(errors->text + errors->length, (size_t)room, message, arguments);
    va_end(arguments);
    if (written > 0) errors->length += written < room ? written : room - 1;
}

/// Sends this thread's libxml2 generic errors to `errors` (or, with NULL, nowhere).
static inline void utiscope_xml_capture_generic_errors(utiscope_xml_generic_errors *errors) {
    if (errors != NULL) {
        errors->text[0] = 0;
        errors->length = 0;
    }
    xmlSetGenericErrorFunc(errors, utiscope_xml_generic_error);
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
        if (status != 0 || ctxt->instate == XML_PARSER_EOF) return status != 0 ? status : -1;
    }
    return 0;
}

/// Tells libxml2 the input has ended. Returns libxml2's last error code (0 when well-formed).
static inline int utiscope_xml_finish(xmlParserCtxtPtr ctxt) {
    int status = xmlParseChunk(ctxt, NULL, 0, 1);
    if (status == 0 && !ctxt->wellFormed) status = -1;
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
    xmlParserInputPtr input = ctxt->input;
    *line = input->line;
    *column = input->col;
    *offset = -1;
    const xmlChar *cur = input->cur;
    const xmlChar *base = input->base;
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
        *column = input->col - characters;
        if (*column < 1) *column = 1;
        return;
    }
    const xmlChar *q = p;
    while (q > base && q[-1] != '\n') q--;
    *line = input->line - newlines;
    if (q == base && input->consumed > 0) {
        *column = 0;
        *offset = (long)(input->consumed + (unsigned long)(p - base));
        return;
    }
    int characters = 0;
    for (const xmlChar *r = q; r < p; r++) characters += (*r & 0xC0) != 0x80;
    *column = characters + 1;
}

/// How many bytes of the input the parser has consumed: what lies beyond is buffered, not parsed
/// (a push parser waits for more input when what it holds could be the start of a longer token).
static inline long utiscope_xml_consumed(xmlParserCtxtPtr ctxt) {
    return (long)(ctxt->input->consumed + (unsigned long)(ctxt->input->cur - ctxt->input->base));
}

/// Whether libxml2 converts the input to UTF-8 (its offsets are then not the input's).
static inline int utiscope_xml_converts(xmlParserCtxtPtr ctxt) {
    return ctxt->input != NULL && ctxt->input->buf != NULL && ctxt->input->buf->encoder != NULL;
}

/// The 1-based line and column of the parser's current position.
static inline void utiscope_xml_position(xmlParserCtxtPtr ctxt, int *line, int *column) {
    *line = ctxt->input->line;
    *column = ctxt->input->col;
}

/// The byte at the parser's current position (0 at the end of the buffer).
static inline int utiscope_xml_current_byte(xmlParserCtxtPtr ctxt) {
    if (ctxt->input->cur >= ctxt->input->end) return 0;
    return *ctxt->input->cur;
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
