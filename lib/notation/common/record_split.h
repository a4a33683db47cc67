/* libboardgames — the streaming side of record readers: byte sources, the chunk buffer, where games start, byte ranges, encodings. */
#ifndef BG_RECORD_SPLIT_H
#define BG_RECORD_SPLIT_H

#include <stdio.h>

#include "internal.h"

/*
** One game's text as the splitter cuts it: from its start line to the next game's start line.
** text is NUL-terminated and writable (the reader may change bytes in place); it stays valid
** until the next bgi_stream_next. A game whose text cannot be held (longer than
** BG_RECORD_MAX_BYTES, a line longer than BG_RECORD_MAX_LINE) comes with error != BG_OK and no
** text; message, error_offset and error_line then say why and where.
*/
typedef struct bgi_window {
    char *text;
    size_t len;
    uint64_t offset; /* of text[0] in the input */
    long long line;  /* of text[0], 1-based (from the range start for ranges) */
    bg_status error;
    uint64_t error_offset;
    long long error_line;
    char message[160];
} bgi_window;

/* Where the bytes come from. */
typedef struct bgi_source {
    bg_read_fn read;
    bg_seek_fn seek; /* NULL: no ranges with start > 0 */
    void *user;
} bgi_source;

/* Built-in sources: their state lives in the stream, `user` is set by bgi_stream_new. */
typedef enum { BGI_SRC_CALLBACK, BGI_SRC_FD, BGI_SRC_FILE, BGI_SRC_MEMORY } bgi_source_kind;

BGI_FUNC bg_status bgi_stream_new(bgi_stream **out, const bgi_alloc *a,
                                  const bgi_record_format *fmt, bgi_source_kind kind,
                                  bgi_source src, int fd, FILE *file, const char *mem, size_t len,
                                  int own_mem, bg_error *err);
BGI_FUNC void bgi_stream_free(bgi_stream *s);
/* BG_E_UNSUPPORTED when start > 0 and the source cannot seek; BG_E_INVALID_ARGUMENT after reads. */
BGI_FUNC bg_status bgi_stream_set_range(bgi_stream *s, uint64_t start, uint64_t end);
/* The next game's text: BG_OK (maybe with w->error set), BG_E_END, or BG_E_IO (err filled). */
BGI_FUNC bg_status bgi_stream_next(bgi_stream *s, bgi_window *w, bg_error *err);
/* Offset in the input of the first byte not given out in a window yet. */
BGI_FUNC uint64_t bgi_stream_offset(const bgi_stream *s);

/*
** Decode a game's text from the first of the format's charsets that decodes it best (see
** bgi_record_format.charsets) into memory the stream owns: *out, *outlen bytes (NUL-terminated).
** BG_OK, BG_E_ENCODING (no charset decodes it; *bad = offset of the first byte that is not
** UTF-8) or BG_E_NO_MEMORY. *which is the index of the charset used.
*/
BGI_FUNC bg_status bgi_stream_decode(bgi_stream *s, const char *raw, size_t n, char **out,
                                     size_t *outlen, int *which, size_t *bad);
/*
** The bytes a record reads as blanks, and the splitter's line kinds with it: NUL anywhere (as C
** strings they would cut keys, values and comments short); in formats without a raw fallback
** (`junk`) also a DOS end-of-file byte 0x1A anywhere and the 0xFF filler old tools leave after
** it among the blanks that start a line (`leading`). Real .gib files carry them after their last
** game, or before a game's first header where files were joined with `copy /b`. 0xFF is no byte
** of UTF-8 or of those formats' legacy charsets; elsewhere in a line it is a broken encoding,
** and said so. Reading them the same way everywhere, a writer never gives a line that reads back
** differently.
*/
static inline int bgi_read_as_blank(unsigned char c, int leading, int junk)
{
    return !c || (junk && (c == 0x1a || (c == 0xff && leading)));
}

/*
** Offset in raw (n bytes in charset `which`) of byte off of its UTF-8 decoding (decoded):
** characters are walked in step, one code point for one legacy character.
*/
BGI_FUNC size_t bgi_stream_raw_offset(const bgi_stream *s, int which, const char *raw, size_t n,
                                      const char *decoded, size_t off);

#endif
