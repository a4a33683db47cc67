/* libboardgames — game record files: the public reader and export, dispatched to the variant's formats. */
#include <string.h>

#include "internal.h"

/* Offset of the first line longer than the limit, or len when there is none. */
static size_t long_line(const char *data, size_t len, int *line)
{
    size_t start = 0;
    *line = 1;
    for (size_t i = 0; i <= len; i++) {
        if (i == len || data[i] == '\n') {
            if (i - start > BG_RECORD_MAX_LINE)
                return start;
            start = i + 1;
            (*line)++;
        }
    }
    return len;
}

bg_status bg_record_reader_new(bg_record_reader **out, const bg_variant *v, const char *format,
                               const char *data, size_t len, const char *options,
                               const bg_allocator *alloc, bg_error *err)
{
    bgi_options opts;
    int line;
    bgi_error_clear(err);
    if (!out)
        return bgi_fail(err, BG_E_INVALID_ARGUMENT, 0, "no output reader pointer");
    *out = NULL;
    if (!v)
        return bgi_fail(err, BG_E_UNKNOWN_VARIANT, 0, "no variant given");
    if (!data && len)
        return bgi_fail(err, BG_E_INVALID_ARGUMENT, 0, "no data given");
    const bgi_record_format *f = format ? bgi_find_record_format(v, format)
                                        : (v->record_format_count ? v->record_formats : NULL);
    if (!f)
        return bgi_fail(err, BG_E_UNSUPPORTED, 0, "%s has no record format '%s'", v->id,
                        format ? format : "(default)");
    if (len > BG_RECORD_MAX_BYTES)
        return bgi_fail(err, BG_E_LIMIT, BG_RECORD_MAX_BYTES, "record file larger than %zu bytes",
                        BG_RECORD_MAX_BYTES);
    if (options && strlen(options) >= sizeof((bg_record_reader *)0)->options)
        return bgi_fail(err, BG_E_LIMIT, 0, "options text longer than %zu bytes",
                        sizeof((bg_record_reader *)0)->options - 1);
    bg_status s = bgi_options_parse(v, options, &opts, err);
    if (s != BG_OK)
        return s;
    size_t bad = data ? long_line(data, len, &line) : len;
    if (bad < len) {
        s = bgi_fail(err, BG_E_LIMIT, bad, "line %d is longer than %d bytes", line,
                     BG_RECORD_MAX_LINE);
        if (err && err->size >= offsetof(bg_error, line) + sizeof err->line)
            err->line = line;
        return s;
    }
    bgi_alloc a = bgi_alloc_resolve(alloc);
    bg_record_reader *r = bgi_malloc(&a, sizeof *r);
    char *copy = bgi_malloc(&a, len + 1);
    if (!r || !copy) {
        bgi_free(&a, r, sizeof *r);
        bgi_free(&a, copy, len + 1);
        return bgi_fail(err, BG_E_NO_MEMORY, 0, "out of memory opening a record file");
    }
    memset(r, 0, sizeof *r);
    if (len)
        memcpy(copy, data, len);
    copy[len] = 0;
    /* Games of an option that changes the board (old shogi's 9x8) are read on that board. */
    r->variant = bgi_variant_resolve(v, &opts);
    r->format = f;
    r->alloc = a;
    r->data = copy;
    r->len = len;
    r->line = 1;
    /* A UTF-8 byte-order mark is not part of the first game. */
    r->pos = len >= 3 && memcmp(copy, "\xef\xbb\xbf", 3) == 0 ? 3 : 0;
    strcpy(r->options, options ? options : "");
    *out = r;
    return BG_OK;
}

bg_status bg_record_reader_next(bg_record_reader *reader, bg_game **game, bg_error *err)
{
    bgi_error_clear(err);
    if (game)
        *game = NULL;
    if (!reader || !game)
        return bgi_fail(err, BG_E_INVALID_ARGUMENT, 0, "missing reader or game pointer");
    return reader->format->read_next(reader, game, err);
}

void bg_record_reader_free(bg_record_reader *reader)
{
    if (reader) {
        bgi_alloc a = reader->alloc;
        bgi_free(&a, reader->data, reader->len + 1);
        bgi_free(&a, reader, sizeof *reader);
    }
}

int bg_game_export(const bg_game *game, const char *format, char *buf, size_t cap)
{
    if (!game || (!buf && cap))
        return BG_E_INVALID_ARGUMENT;
    const bg_variant *v = bg_game_variant(game);
    const bgi_record_format *f = format ? bgi_find_record_format(v, format)
                                        : (v->record_format_count ? v->record_formats : NULL);
    if (!f)
        return BG_E_UNSUPPORTED;
    return f->write(game, buf, cap);
}
