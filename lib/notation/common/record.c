/* libboardgames — game record files: the public streaming reader (one game's text at a time, decoded, parsed by its format) and export. */
#include <stdio.h>
#include <string.h>

#include "internal.h"
#include "record_split.h"
#include "record_text.h"

#define ERR_HAS(e, f) ((e) && (e)->size >= offsetof(bg_error, f) + sizeof((e)->f))

/* What the reader keeps of the game text being parsed, to put errors back in input terms. */
typedef struct window_state {
    int active;
    bgi_window w;
    size_t skip;   /* bytes of w.text before data (a byte-order mark) */
    int which;     /* charset index when data is decoded text, -1 when it is w.text itself */
} window_state;

typedef struct reader_full {
    bg_record_reader r;
    window_state ws;
} reader_full;

static bg_status open_reader(bg_record_reader **out, const bg_variant *v, const char *format,
                             bgi_source_kind kind, bgi_source src, int fd, FILE *file,
                             const char *data, size_t len, int copy, const char *options,
                             unsigned flags, const bg_allocator *alloc, bg_error *err)
{
    bgi_options opts;
    bgi_error_clear(err);
    if (!out)
        return bgi_fail(err, BG_E_INVALID_ARGUMENT, 0, "no output reader pointer");
    *out = NULL;
    if (!v)
        return bgi_fail(err, BG_E_UNKNOWN_VARIANT, 0, "no variant given");
    if (kind == BGI_SRC_MEMORY && !data && len)
        return bgi_fail(err, BG_E_INVALID_ARGUMENT, 0, "no data given");
    if (kind == BGI_SRC_CALLBACK && !src.read)
        return bgi_fail(err, BG_E_INVALID_ARGUMENT, 0, "no read callback given");
    if (kind == BGI_SRC_FILE && !file)
        return bgi_fail(err, BG_E_INVALID_ARGUMENT, 0, "no FILE given");
    if (kind == BGI_SRC_FD && fd < 0)
        return bgi_fail(err, BG_E_INVALID_ARGUMENT, 0, "no file descriptor given");
    const bgi_record_format *f = format ? bgi_find_record_format(v, format)
                                        : (v->record_format_count ? v->record_formats : NULL);
    if (!f)
        return bgi_fail(err, BG_E_UNSUPPORTED, 0, "%s has no record format '%s'", v->id,
                        format ? format : "(default)");
    if (options && strlen(options) >= sizeof((bg_record_reader *)0)->options)
        return bgi_fail(err, BG_E_LIMIT, 0, "options text longer than %zu bytes",
                        sizeof((bg_record_reader *)0)->options - 1);
    bg_status s = bgi_options_parse(v, options, &opts, err);
    if (s != BG_OK)
        return s;
    bgi_alloc a = bgi_alloc_resolve(alloc);
    reader_full *rf = bgi_malloc(&a, sizeof *rf);
    char *own = NULL;
    if (rf && copy) {
        own = bgi_malloc(&a, len + 1);
        if (own && len)
            memcpy(own, data, len);
    }
    if (!rf || (copy && !own)) {
        bgi_free(&a, rf, sizeof *rf);
        bgi_free(&a, own, len + 1);
        return bgi_fail(err, BG_E_NO_MEMORY, 0, "out of memory opening a record file");
    }
    memset(rf, 0, sizeof *rf);
    bg_record_reader *r = &rf->r;
    s = bgi_stream_new(&r->stream, &a, f, kind, src, fd, file, copy ? own : data, len, copy, err);
    if (s != BG_OK) {
        bgi_free(&a, rf, sizeof *rf);
        bgi_free(&a, own, len + 1);
        return s;
    }
    /* Games of an option that changes the board (old shogi's 9x8) are read on that board. */
    r->variant = bgi_variant_resolve(v, &opts);
    r->format = f;
    r->alloc = a;
    r->flags = flags;
    static char empty[1];
    r->data = empty;
    r->line = 1;
    strcpy(r->options, options ? options : "");
    *out = r;
    return BG_OK;
}

static const bgi_source no_source = {NULL, NULL, NULL};

bg_status bg_record_reader_new(bg_record_reader **out, const bg_variant *v, const char *format,
                               const char *data, size_t len, const char *options,
                               const bg_allocator *alloc, bg_error *err)
{
    return open_reader(out, v, format, BGI_SRC_MEMORY, no_source, -1, NULL, data, len, 1, options,
                       0, alloc, err);
}

bg_status bg_record_reader_open(bg_record_reader **out, const bg_variant *v, const char *format,
                                bg_read_fn read, bg_seek_fn seek, void *user, const char *options,
                                unsigned flags, const bg_allocator *alloc, bg_error *err)
{
    bgi_source src = {read, seek, user};
    return open_reader(out, v, format, BGI_SRC_CALLBACK, src, -1, NULL, NULL, 0, 0, options, flags,
                       alloc, err);
}

bg_status bg_record_reader_open_fd(bg_record_reader **out, const bg_variant *v,
                                   const char *format, int fd, const char *options,
                                   unsigned flags, const bg_allocator *alloc, bg_error *err)
{
    return open_reader(out, v, format, BGI_SRC_FD, no_source, fd, NULL, NULL, 0, 0, options, flags,
                       alloc, err);
}

bg_status bg_record_reader_open_file(bg_record_reader **out, const bg_variant *v,
                                     const char *format, FILE *file, const char *options,
                                     unsigned flags, const bg_allocator *alloc, bg_error *err)
{
    return open_reader(out, v, format, BGI_SRC_FILE, no_source, -1, file, NULL, 0, 0, options,
                       flags, alloc, err);
}

bg_status bg_record_reader_open_memory(bg_record_reader **out, const bg_variant *v,
                                       const char *format, const char *data, size_t len,
                                       const char *options, unsigned flags,
                                       const bg_allocator *alloc, bg_error *err)
{
    return open_reader(out, v, format, BGI_SRC_MEMORY, no_source, -1, NULL, data, len, 0, options,
                       flags, alloc, err);
}

bg_status bg_record_reader_set_range(bg_record_reader *reader, uint64_t start,
                                     uint64_t end)
{
    if (!reader || (end && end < start))
        return BG_E_INVALID_ARGUMENT;
    return bgi_stream_set_range(reader->stream, start, end);
}

uint64_t bg_record_reader_offset(const bg_record_reader *reader)
{
    return reader ? bgi_stream_offset(reader->stream) : 0;
}

int bg_record_reader_games(const bg_record_reader *reader)
{
    return reader ? reader->game_index : 0;
}

static int clamp_line(long long line)
{
    return line > 0x7fffffff ? 0x7fffffff : (int)line;
}

/* An error of the whole game's text (too long, no known encoding): the game is skipped. */
static bg_status game_fail(bg_record_reader *r, bg_error *err, bg_status code, uint64_t off,
                           long long line, int column, const char *msg)
{
    int shown = r->game_index + 1, l = clamp_line(line);
    bgi_fail(err, code, (size_t)off, "game %d, line %d: %s", shown, l, msg);
    if (ERR_HAS(err, line))
        err->line = l;
    if (ERR_HAS(err, column))
        err->column = column;
    if (ERR_HAS(err, game_index))
        err->game_index = r->game_index;
    r->game_index++;
    return code;
}

/* How people call the legacy encodings in messages. */
static const char *charset_name(const char *id, size_t n)
{
    static const char *const names[][2] = {
        {"CP932", "Shift_JIS (CP932)"}, {"EUC-JP", "EUC-JP"}, {"GB18030", "GBK (GB18030)"},
        {"CP950", "Big5 (CP950)"},      {"BIG5-HKSCS", "Big5-HKSCS"}, {"CP949", "EUC-KR (CP949)"},
    };
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (strlen(names[i][0]) == n && memcmp(names[i][0], id, n) == 0)
            return names[i][1];
    return "a legacy encoding";
}

/* Blank what bgi_read_as_blank says; most windows have none of those bytes (three memchr). */
static void blank_bytes(char *p, size_t n, int junk)
{
    if (!memchr(p, 0, n) && (!junk || (!memchr(p, 0x1a, n) && !memchr(p, 0xff, n))))
        return;
    int leading = 1;
    for (size_t i = 0; i < n; i++) {
        const unsigned char c = (unsigned char)p[i];
        if (bgi_read_as_blank(c, leading, junk))
            p[i] = ' ';
        else if (c != ' ' && c != '\t')
            leading = c == '\n';
    }
}

/* Give the next game's text to the format's reader: decoded to UTF-8 when it must be. */
static bg_status load_window(bg_record_reader *r, window_state *ws, bg_error *err)
{
    bg_status s = bgi_stream_next(r->stream, &ws->w, err);
    if (s != BG_OK)
        return s;
    bgi_window *w = &ws->w;
    if (w->error != BG_OK)
        return game_fail(r, err, w->error, w->error_offset, w->error_line, 1, w->message);
    /* A BOM opens the file, or a file joined to it (cat of .kifu exports): not the game's text. */
    ws->skip = w->len >= 3 && memcmp(w->text, "\xef\xbb\xbf", 3) == 0 ? 3 : 0;
    char *text = w->text + ws->skip;
    size_t n = w->len - ws->skip;
    blank_bytes(text, n, !r->format->raw_fallback);
    ws->which = -1;
    r->data = text;
    r->len = n;
    size_t bad = r->format->charsets ? bgi_utf8_invalid((const unsigned char *)text, 0, n) : n;
    if (bad < n) {
        char *dec;
        size_t dlen;
        int which;
        s = bgi_stream_decode(r->stream, text, n, &dec, &dlen, &which, &bad);
        if (s == BG_E_NO_MEMORY)
            return game_fail(r, err, s, w->offset, w->line, 1, "out of memory decoding the game");
        if (s == BG_OK) {
            ws->which = which;
            r->data = dec;
            r->len = dlen;
        } else if (!r->format->raw_fallback) {
            long long line = w->line;
            size_t ls = 0;
            for (size_t i = 0; i < bad; i++)
                if (text[i] == '\n')
                    line++, ls = i + 1;
            char msg[200];
            int k = snprintf(msg, sizeof msg, "byte 0x%02x is neither UTF-8", (unsigned char)text[bad]);
            for (const char *p = r->format->charsets; *p && k > 0 && (size_t)k < sizeof msg;) {
                size_t m = strcspn(p, "|");
                k += snprintf(msg + k, sizeof msg - (size_t)k, " nor %s",
                              charset_name(p, m));
                p += m + (p[m] == '|');
            }
            return game_fail(r, err, BG_E_ENCODING, w->offset + ws->skip + bad, line,
                             (int)(bad - ls) + 1 + (ls == 0 ? (int)ws->skip : 0), msg);
        }
    }
    r->pos = 0;
    r->line = clamp_line(w->line);
    ws->active = 1;
    return BG_OK;
}

/* The format's error offset is in its text: make it an offset of the input, and its column too. */
static void to_input(const bg_record_reader *r, const window_state *ws, bg_error *err)
{
    if (!ERR_HAS(err, offset) || err->offset > r->len)
        return;
    const char *raw = ws->w.text + ws->skip;
    size_t nraw = ws->w.len - ws->skip, off = err->offset;
    if (ws->which >= 0)
        off = bgi_stream_raw_offset(r->stream, ws->which, raw, nraw, r->data, off);
    if (ERR_HAS(err, column) && err->column > 0) {
        size_t ls = off;
        while (ls > 0 && raw[ls - 1] != '\n')
            ls--;
        err->column = (int)(off - ls) + 1 + (ls == 0 ? (int)ws->skip : 0);
    }
    err->offset = (size_t)(ws->w.offset + ws->skip + off);
}

bg_status bg_record_reader_next(bg_record_reader *reader, bg_game **game, bg_error *err)
{
    bg_error local = BG_ERROR_INIT;
    if (!err)
        err = &local; /* its ply says whether a failed game keeps its moves */
    bgi_error_clear(err);
    if (game)
        *game = NULL;
    if (!reader || !game)
        return bgi_fail(err, BG_E_INVALID_ARGUMENT, 0, "missing reader or game pointer");
    window_state *ws = &((reader_full *)reader)->ws;
    for (;;) {
        if (!ws->active) {
            bg_status s = load_window(reader, ws, err);
            if (s == BG_E_END)
                return bgi_fail(err, BG_E_END, (size_t)bgi_stream_offset(reader->stream),
                                "no more games");
            if (s != BG_OK)
                return s;
        }
        bgi_error_clear(err); /* (not a window's BG_E_END: err->code says whether a game was cut) */
        bg_status s = reader->format->read_next(reader, game, err);
        if (s == BG_E_END) {
            ws->active = 0;
            continue;
        }
        if (s != BG_OK) {
            /* What follows the fault up to the next start line is the same game's: skip it. */
            to_input(reader, ws, err);
            ws->active = 0;
            /*
            ** A fault in the moves (a ply named), with BG_RECORD_KEEP_MOVES: the game keeps the
            ** moves before it, and err says why it stops there; else the game is skipped.
            */
            if (*game && ERR_HAS(err, ply) && err->ply > 0 && s != BG_E_NO_MEMORY &&
                (reader->flags & BG_RECORD_KEEP_MOVES))
                return BG_OK;
            bg_game_free(*game);
            *game = NULL;
        }
        return s;
    }
}

void bg_record_reader_free(bg_record_reader *reader)
{
    if (reader) {
        bgi_alloc a = reader->alloc;
        bgi_stream_free(reader->stream);
        bgi_free(&a, reader, sizeof(reader_full));
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
