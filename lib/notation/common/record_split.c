/* libboardgames — the record splitter: reads a source in chunks and cuts it into games at their start lines, whole or in byte ranges. */
#include <errno.h>
#include <iconv.h>
#include <stdio.h>
#include <string.h>
#include <sys/types.h>
#include <unistd.h>

#include "record_split.h"
#include "record_text.h"

#define CHUNK ((size_t)256 << 10)
/* The buffer holds one game and the line after it, plus a chunk being read. */
#define MAX_CAP (BG_RECORD_MAX_BYTES + 2 * (size_t)BG_RECORD_MAX_LINE + CHUNK)
/* Look back at most this far before a range's start for the line before it. */
#define MAX_LOOKBACK ((uint64_t)256 << 20)
#define MAX_CHARSETS 4
/* Lines are classified on their first bytes; a legacy line's prefix is decoded for it. */
#define KIND_PREFIX 96

struct bgi_stream {
    bgi_alloc a;
    const bgi_record_format *fmt;
    bgi_source_kind kind;
    bgi_source src;
    int fd;
    FILE *file;
    const char *mem;
    size_t mem_len, mem_pos;
    int own_mem;

    char *buf;         /* cap + 1 bytes: room for the NUL after the last byte */
    size_t cap, len;   /* buf[0..len) = input bytes [off, off + len) */
    uint64_t off;
    uint64_t clean_to; /* the input below this offset holds no NUL, 0x1a or 0xff byte */
    size_t scan;       /* start of the next line to classify */
    long long line;    /* its line number */
    int prev;          /* kind of the last non-NEUTRAL line before scan */
    int head_new;      /* the header lines just before scan hold a BGI_LINE_NEW one */
    uint64_t para;     /* names (bits) of the header lines since the last other line */
    uint64_t before;   /* after NEUTRAL lines: names of the header lines just before them */
    int eof, done, positioned;
    bg_status io;

    int ranged;
    uint64_t start, end; /* end 0 = none */

    /* The game being cut: from win (line win_line) to the next start line. */
    int open, ours, content, reopen;
    size_t win;
    uint64_t win_off;
    long long win_line;
    bg_status win_error; /* BG_OK, or why its text is not kept (then only scanned through) */
    uint64_t win_err_off;
    long long win_err_line;
    char win_msg[160];

    size_t held_at; /* buf[held_at] was replaced by the window's NUL (SIZE_MAX: none) */
    char held;

    /* Decoding: one iconv descriptor per charset, opened when first needed. */
    int ncharsets;
    char charset[MAX_CHARSETS][24];
    iconv_t cd[MAX_CHARSETS];
    int cd_tried[MAX_CHARSETS];
    char *dec[2];
    size_t dec_cap[2];
    char *nul_buf; /* a line with NUL (or 0x1A, 0xFF) bytes, blanked for its kind */
    size_t nul_cap;
};

/* ---------- sources ---------- */

static int64_t read_fd(void *user, void *buf, size_t cap)
{
    bgi_stream *s = user;
    for (;;) {
        ssize_t n = read(s->fd, buf, cap);
        if (n >= 0)
            return n;
        if (errno != EINTR)
            return -1;
    }
}

static int seek_fd(void *user, uint64_t offset)
{
    bgi_stream *s = user;
    return lseek(s->fd, (off_t)offset, SEEK_SET) == (off_t)offset ? 0 : -1;
}

static int64_t read_file(void *user, void *buf, size_t cap)
{
    bgi_stream *s = user;
    size_t n = fread(buf, 1, cap, s->file);
    return n == 0 && ferror(s->file) ? -1 : (int64_t)n;
}

static int seek_file(void *user, uint64_t offset)
{
    bgi_stream *s = user;
    return fseeko(s->file, (off_t)offset, SEEK_SET);
}

static int64_t read_mem(void *user, void *buf, size_t cap)
{
    bgi_stream *s = user;
    size_t n = s->mem_len - s->mem_pos < cap ? s->mem_len - s->mem_pos : cap;
    memcpy(buf, s->mem + s->mem_pos, n);
    s->mem_pos += n;
    return (int64_t)n;
}

static int seek_mem(void *user, uint64_t offset)
{
    bgi_stream *s = user;
    if (offset > s->mem_len)
        return -1;
    s->mem_pos = (size_t)offset;
    return 0;
}

bg_status bgi_stream_new(bgi_stream **out, const bgi_alloc *a, const bgi_record_format *fmt,
                         bgi_source_kind kind, bgi_source src, int fd, FILE *file,
                         const char *mem, size_t len, int own_mem, bg_error *err)
{
    bgi_stream *s = bgi_malloc(a, sizeof *s);
    char *buf = bgi_malloc(a, CHUNK + 1);
    if (!s || !buf) {
        bgi_free(a, s, sizeof *s);
        bgi_free(a, buf, CHUNK + 1);
        return bgi_fail(err, BG_E_NO_MEMORY, 0, "out of memory opening a record reader");
    }
    *s = (bgi_stream){.a = *a, .fmt = fmt, .kind = kind, .src = src, .fd = fd, .file = file,
                      .mem = mem, .mem_len = len, .own_mem = own_mem, .buf = buf, .cap = CHUNK,
                      .line = 1, .prev = BGI_LINE_NONE, .held_at = SIZE_MAX};
    switch (kind) {
    case BGI_SRC_FD:
        s->src = (bgi_source){read_fd, seek_fd, s};
        break;
    case BGI_SRC_FILE:
        s->src = (bgi_source){read_file, seek_file, s};
        break;
    case BGI_SRC_MEMORY:
        s->src = (bgi_source){read_mem, seek_mem, s};
        break;
    case BGI_SRC_CALLBACK:
        break;
    }
    for (const char *p = fmt->charsets; p && *p && s->ncharsets < MAX_CHARSETS;) {
        size_t n = strcspn(p, "|");
        if (n < sizeof s->charset[0]) {
            memcpy(s->charset[s->ncharsets], p, n);
            s->charset[s->ncharsets][n] = 0;
            s->cd[s->ncharsets++] = (iconv_t)-1;
        }
        p += n + (p[n] == '|');
    }
    *out = s;
    return BG_OK;
}

void bgi_stream_free(bgi_stream *s)
{
    if (!s)
        return;
    bgi_alloc a = s->a;
    for (int i = 0; i < s->ncharsets; i++)
        if (s->cd[i] != (iconv_t)-1)
            iconv_close(s->cd[i]);
    for (int i = 0; i < 2; i++)
        bgi_free(&a, s->dec[i], s->dec_cap[i]);
    bgi_free(&a, s->nul_buf, s->nul_cap);
    if (s->own_mem)
        bgi_free(&a, (char *)s->mem, s->mem_len + 1);
    bgi_free(&a, s->buf, s->cap + 1);
    bgi_free(&a, s, sizeof *s);
}

bg_status bgi_stream_set_range(bgi_stream *s, uint64_t start, uint64_t end)
{
    if (s->positioned)
        return BG_E_INVALID_ARGUMENT;
    if (start > 0 && !s->src.seek)
        return BG_E_UNSUPPORTED;
    if (s->kind == BGI_SRC_FD && start > 0 && lseek(s->fd, 0, SEEK_CUR) < 0)
        return BG_E_UNSUPPORTED;
    s->ranged = 1;
    s->start = start;
    s->end = end;
    return BG_OK;
}

uint64_t bgi_stream_offset(const bgi_stream *s)
{
    return s->off + (s->open ? s->win : s->scan);
}

static bg_status io_fail(bgi_stream *s, bg_error *err, const char *what)
{
    s->io = BG_E_IO;
    s->done = 1;
    return bgi_fail(err, BG_E_IO, (size_t)(s->off + s->len), "cannot read the input (%s)", what);
}

/* Read exactly n bytes (fewer only at the end of the input); -1 on an error. */
static long long read_full(bgi_stream *s, char *p, size_t n)
{
    size_t got = 0;
    while (got < n) {
        long long r = s->src.read(s->src.user, p + got, n - got);
        if (r < 0)
            return -1;
        if (r == 0)
            break;
        got += (size_t)r;
    }
    return (long long)got;
}

/* ---------- line kinds ---------- */

static int is_ascii(const char *p, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if ((unsigned char)p[i] >= 0x80)
            return 0;
    return 1;
}

static iconv_t descriptor(bgi_stream *s, int i)
{
    if (s->cd[i] == (iconv_t)-1 && !s->cd_tried[i]) {
        s->cd_tried[i] = 1;
        s->cd[i] = iconv_open("UTF-8", s->charset[i]);
    } else if (s->cd[i] != (iconv_t)-1)
        iconv(s->cd[i], NULL, NULL, NULL, NULL);
    return s->cd[i];
}

/*
** A line in a legacy encoding is classified on its prefix decoded by each charset in turn (the
** first that gives a kind other than NEUTRAL wins): the same bytes always get the same kind, so
** that a range reader cuts the file where the whole-file reader does.
*/
static int line_kind(bgi_stream *s, const char *p, size_t n)
{
    size_t k = n < KIND_PREFIX ? n : KIND_PREFIX;
    int t = s->fmt->line_kind(p, n);
    if (t != BGI_LINE_NEUTRAL || !s->ncharsets || is_ascii(p, k))
        return t;
    size_t bad = bgi_utf8_invalid((const unsigned char *)p, 0, k);
    if (bad == k || (k < n && bad + 4 > k))
        return t; /* UTF-8 (maybe cut in a character at the prefix end) */
    for (int i = 0; i < s->ncharsets; i++) {
        iconv_t cd = descriptor(s, i);
        if (cd == (iconv_t)-1)
            continue;
        char out[KIND_PREFIX * 4 + 4], *in = (char *)p, *o = out;
        size_t inleft = k, outleft = sizeof out - 1;
        iconv(cd, &in, &inleft, &o, &outleft); /* stops at a bad or cut character: keep what came */
        if (o == out)
            continue;
        t = s->fmt->line_kind(out, (size_t)(o - out));
        if (t != BGI_LINE_NEUTRAL)
            return t;
    }
    return BGI_LINE_NEUTRAL;
}

/* The bit of a named header line's name (0: unnamed). */
static uint64_t name_bit(int kind)
{
    int h = (kind >> BGI_LINE_NAME_SHIFT) & 63;
    return h ? (uint64_t)1 << h : 0;
}

/*
** After other headers, a header starts a game when it is a BGI_LINE_NEW one ([Event, xiangqi's
** [Game) and those already hold one, or when it opens a paragraph (after a blank line) with a
** name the paragraph before has: tags in any order stay one game, and games of tags alone are
** split whichever tag they begin with.
*/
static int starts_game(const bgi_stream *s, int kind)
{
    int k = kind & 7, prev = s->prev;
    if (k == BGI_LINE_NEUTRAL || k == BGI_LINE_SEP)
        return 0;
    if (prev == BGI_LINE_NONE || prev == BGI_LINE_SEP)
        return 1;
    if (k == BGI_LINE_HEAD)
        return prev == BGI_LINE_BODY || prev == BGI_LINE_END ||
               (prev == BGI_LINE_HEAD && (((kind & BGI_LINE_NEW) && s->head_new) ||
                                          (s->before & name_bit(kind))));
    return (kind & BGI_LINE_FIRST) && prev == BGI_LINE_END;
}

/* The splitter's state after a line of this kind. */
static void note_line(bgi_stream *s, int kind)
{
    int k = kind & 7;
    if (k == BGI_LINE_NEUTRAL) {
        if (s->para) {
            s->before = s->para;
            s->para = 0;
        }
        return;
    }
    int head = k == BGI_LINE_HEAD;
    s->head_new = head && ((kind & BGI_LINE_NEW) || (s->prev == BGI_LINE_HEAD && s->head_new));
    s->para = head ? s->para | name_bit(kind) : 0; /* (para is 0 after other lines and blanks) */
    s->before = 0;
    s->prev = k;
}

/* Kind of line p[0..n) (at input offset at) with its line break, a trailing CR and a BOM taken off. */
static int kind_of(bgi_stream *s, const char *p, size_t n, uint64_t at)
{
    const int clean = at + n <= s->clean_to;
    if (n && p[n - 1] == '\r')
        n--;
    /* A BOM starts the file, or a file joined to others (cat of exported .kifu files). */
    if (n >= 3 && memcmp(p, "\xef\xbb\xbf", 3) == 0) {
        p += 3;
        n -= 3;
    }
    /* What record.c makes blanks (bgi_read_as_blank) the line's kind sees as blanks; left out
       at the very start of the line. */
    const int junk = !s->fmt->raw_fallback;
    if (junk)
        while (n && (*p == '\x1a' || (unsigned char)*p == 0xff))
            p++, n--;
    if (!clean && (memchr(p, 0, n) || (junk && (memchr(p, 0x1a, n) || memchr(p, 0xff, n))))) {
        if (s->nul_cap < n) {
            char *q = bgi_realloc(&s->a, s->nul_buf, s->nul_cap, n);
            if (!q)
                return line_kind(s, p, n); /* (out of memory: the raw bytes decide) */
            s->nul_buf = q;
            s->nul_cap = n;
        }
        int lead = 1;
        for (size_t i = 0; i < n; i++) {
            const unsigned char c = (unsigned char)p[i];
            const int blank = bgi_read_as_blank(c, lead, junk);
            s->nul_buf[i] = blank ? ' ' : p[i];
            lead = lead && (blank || c == ' ' || c == '\t');
        }
        p = s->nul_buf;
    }
    return line_kind(s, p, n);
}

/* ---------- the buffer ---------- */

/* Bytes before `keep` are not needed any more: drop them and read more after the rest. */
static bg_status fill(bgi_stream *s, bg_error *err)
{
    size_t keep = s->open && s->ours && s->win_error == BG_OK ? s->win : s->scan;
    if (keep > 0 && (keep >= s->cap / 2 || s->len == s->cap)) {
        memmove(s->buf, s->buf + keep, s->len - keep);
        s->off += keep;
        s->len -= keep;
        s->scan -= keep;
        if (s->open)
            s->win = s->win >= keep ? s->win - keep : 0;
    }
    if (s->len == s->cap) {
        size_t cap = s->cap * 2 > MAX_CAP ? MAX_CAP : s->cap * 2;
        if (cap <= s->cap)
            return bgi_fail(err, BG_E_LIMIT, (size_t)(s->off + s->len), "record buffer full");
        char *p = bgi_realloc(&s->a, s->buf, s->cap + 1, cap + 1);
        if (!p)
            return bgi_fail(err, BG_E_NO_MEMORY, (size_t)(s->off + s->len),
                            "out of memory reading a record file");
        s->buf = p;
        s->cap = cap;
    }
    size_t want = s->cap - s->len > CHUNK ? CHUNK : s->cap - s->len;
    long long n = s->src.read(s->src.user, s->buf + s->len, want);
    if (n < 0)
        return io_fail(s, err, "read error");
    if (n == 0)
        s->eof = 1;
    /* One look per chunk for the bytes kind_of would look for on every line. */
    const char *got = s->buf + s->len;
    if (s->clean_to == s->off + s->len && !memchr(got, 0, (size_t)n) &&
        !memchr(got, 0x1a, (size_t)n) && !memchr(got, 0xff, (size_t)n))
        s->clean_to += (uint64_t)n;
    s->len += (size_t)n;
    return BG_OK;
}

/*
** The line at scan: its end (the '\n' or the end of the input) in *eol, 1 when a '\n' ends it.
** A line longer than BG_RECORD_MAX_LINE is given cut there (*eol = scan + the limit, 0).
*/
static bg_status get_line(bgi_stream *s, size_t *eol, int *newline, bg_error *err)
{
    size_t from = s->scan;
    for (;;) {
        const char *nl = memchr(s->buf + from, '\n', s->len - from);
        if (nl) {
            *eol = (size_t)(nl - s->buf);
            *newline = 1;
            return BG_OK;
        }
        if (s->len - s->scan > BG_RECORD_MAX_LINE) {
            *eol = s->scan + BG_RECORD_MAX_LINE + 1; /* cut: the caller sees it is too long */
            *newline = 0;
            return BG_OK;
        }
        if (s->eof) {
            *eol = s->len;
            *newline = 0;
            return BG_OK;
        }
        size_t before = s->scan;
        from = s->len;
        bg_status st = fill(s, err);
        if (st != BG_OK)
            return st;
        from -= before - s->scan; /* the buffer may have moved */
    }
}

/* Skip the rest of an overlong line (its bytes are not kept). */
static bg_status skip_rest_of_line(bgi_stream *s, bg_error *err)
{
    for (;;) {
        const char *nl = memchr(s->buf + s->scan, '\n', s->len - s->scan);
        if (nl) {
            s->scan = (size_t)(nl - s->buf) + 1;
            s->line++;
            return BG_OK;
        }
        s->scan = s->len;
        if (s->eof)
            return BG_OK;
        bg_status st = fill(s, err);
        if (st != BG_OK)
            return st;
    }
}

static void win_fail(bgi_stream *s, uint64_t off, long long line, const char *msg)
{
    if (s->win_error != BG_OK)
        return;
    s->win_error = BG_E_LIMIT;
    s->win_err_off = off;
    s->win_err_line = line;
    snprintf(s->win_msg, sizeof s->win_msg, "%s", msg);
}

/* ---------- where a range starts ---------- */

/*
** A range reader starts at the line that holds byte `start`, knowing the kind of the last
** non-NEUTRAL line before it: it reads back in growing blocks until it finds one (or the start of
** the input). When that line is a separator, or there is none, the game around `start` began
** right after it (or at offset 0): if that is before `start`, the game is the previous range's.
*/
static bg_status position(bgi_stream *s, bg_error *err)
{
    s->positioned = 1;
    if (!s->ranged || s->start == 0)
        return BG_OK;
    uint64_t back = 64 << 10;
    for (;;) {
        uint64_t lo = s->start > back ? s->start - back : 0;
        size_t n = (size_t)(s->start - lo);
        char *tmp = bgi_malloc(&s->a, n + 1);
        if (!tmp)
            return bgi_fail(err, BG_E_NO_MEMORY, 0, "out of memory reading a record file");
        long long got = s->src.seek(s->src.user, lo) == 0 ? read_full(s, tmp, n) : -1;
        if (got < 0 || (size_t)got != n) {
            bgi_free(&s->a, tmp, n + 1);
            return io_fail(s, err, got < 0 ? "cannot seek or read before the range"
                                           : "the input is shorter than the range start");
        }
        /* ls: start of the line holding `start`; first: start of the first whole line read. */
        size_t ls = n;
        while (ls > 0 && tmp[ls - 1] != '\n')
            ls--;
        int found = 0, known = ls > 0 || lo == 0;
        uint64_t game_from = 0; /* where the game around start began, if a separator says so */
        if (known) {
            size_t first = 0;
            if (lo > 0) {
                const char *nl = memchr(tmp, '\n', n);
                first = nl ? (size_t)(nl - tmp) + 1 : n;
            }
            /*
            ** The last line that is not NEUTRAL (NEUTRAL ones after it: a gap); past it, the
            ** header lines just before, for what note_line would know there: whether they hold
            ** a BGI_LINE_NEW one, and the names of the paragraph the last one ends.
            */
            int in_head = 0, in_para = 0, gap = 0;
            uint64_t names = 0;
            s->head_new = 0;
            for (size_t e = ls; e > first && (!found || in_head);) {
                size_t b = e - 1, a = b; /* the line [a, b) ends with the '\n' at b */
                while (a > first && tmp[a - 1] != '\n')
                    a--;
                int kind = kind_of(s, tmp + a, b - a, lo + a), k = kind & 7;
                if (k == BGI_LINE_NEUTRAL) {
                    gap |= !found;
                    in_para = 0;
                } else if (found) {
                    in_head = k == BGI_LINE_HEAD;
                    s->head_new |= in_head && (kind & BGI_LINE_NEW);
                    in_para = in_para && in_head;
                    if (in_para)
                        names |= name_bit(kind);
                } else {
                    s->prev = k;
                    found = 1;
                    game_from = lo + e;
                    in_head = in_para = k == BGI_LINE_HEAD;
                    s->head_new = in_head && (kind & BGI_LINE_NEW);
                    names = in_head ? name_bit(kind) : 0;
                }
                e = a;
            }
            s->para = gap ? 0 : names;
            s->before = gap ? names : 0;
            /* Header lines up to the window's start: look further back for the rest. */
            if ((in_para || (in_head && !s->head_new)) && lo > 0 && back < MAX_LOOKBACK) {
                bgi_free(&s->a, tmp, n + 1);
                back *= 4;
                continue;
            }
        }
        bgi_free(&s->a, tmp, n + 1);
        if (!known && back < MAX_LOOKBACK) {
            back *= 4;
            continue;
        }
        if (!known) {
            /* The line holding start began more than MAX_LOOKBACK before: read from start on. */
            ls = n;
        } else if (!found && lo > 0 && back < MAX_LOOKBACK) {
            back *= 4;
            continue;
        }
        uint64_t at = lo + ls;
        if ((found && s->prev == BGI_LINE_SEP) || (!found && lo == 0)) {
            if (!found)
                game_from = 0;
            if (game_from < at) {
                /* A game of the previous range goes on here; its text is not kept. */
                s->open = 1;
                s->ours = 0;
                s->content = 0;
                s->win_off = game_from;
            }
        }
        if (s->src.seek(s->src.user, at) != 0)
            return io_fail(s, err, "cannot seek to the range start");
        s->off = at;
        s->clean_to = at;
        return BG_OK;
    }
}

/* ---------- cutting games ---------- */

static void give(bgi_stream *s, bgi_window *w, size_t from, size_t to, long long line)
{
    memset(w, 0, sizeof *w);
    w->offset = s->off + from;
    w->line = line;
    w->error = s->win_error;
    if (s->win_error != BG_OK) {
        w->error_offset = s->win_err_off;
        w->error_line = s->win_err_line;
        snprintf(w->message, sizeof w->message, "%s", s->win_msg);
        w->text = NULL;
        return;
    }
    w->text = s->buf + from;
    w->len = to - from;
    s->held_at = to;
    s->held = s->buf[to];
    s->buf[to] = 0;
}

/* Whether the line of kind `kind` after one of kind `prev` is where a new game's text begins. */
static int boundary(const bgi_stream *s, int kind)
{
    return s->prev == BGI_LINE_SEP || starts_game(s, kind);
}

bg_status bgi_stream_next(bgi_stream *s, bgi_window *w, bg_error *err)
{
    if (s->held_at != SIZE_MAX) {
        s->buf[s->held_at] = s->held;
        s->held_at = SIZE_MAX;
    }
    if (s->io != BG_OK)
        return bgi_fail(err, BG_E_IO, (size_t)(s->off + s->len), "the input could not be read");
    if (s->done)
        return BG_E_END;
    bg_status st;
    if (!s->positioned && (st = position(s, err)) != BG_OK)
        return st;
    for (;;) {
        size_t eol;
        int newline;
        if ((st = get_line(s, &eol, &newline, err)) != BG_OK)
            return st;
        if (s->scan == s->len && s->eof) {
            s->done = 1;
            if (!s->open || !s->ours)
                return BG_E_END;
            s->open = 0;
            give(s, w, s->win, s->len, s->win_line);
            return BG_OK;
        }
        uint64_t at = s->off + s->scan;
        int kind = kind_of(s, s->buf + s->scan, eol - s->scan, at), k = kind & 7;
        int edge = s->reopen || boundary(s, kind);
        if (s->open && s->content && edge) {
            s->open = 0;
            if (s->ours) {
                /* Give the game that ends here; this line opens the next one on the next call. */
                give(s, w, s->win, s->scan, s->win_line);
                s->win_error = BG_OK;
                s->reopen = 1;
                return BG_OK;
            }
            s->win_error = BG_OK;
        }
        if (!s->open && (edge || s->prev == BGI_LINE_NONE)) {
            s->reopen = 0;
            if (s->ranged && s->end && at >= s->end) {
                s->done = 1;
                return BG_E_END;
            }
            s->open = 1;
            s->ours = !s->ranged || at >= s->start;
            s->content = 0;
            s->win = s->scan;
            s->win_off = at;
            s->win_line = s->line;
            s->win_error = BG_OK;
        }
        s->content |= k != BGI_LINE_NEUTRAL;
        note_line(s, kind);
        if (eol - s->scan > BG_RECORD_MAX_LINE) {
            /* Overlong line: the game is skipped, its bytes are no longer kept. */
            char msg[96];
            snprintf(msg, sizeof msg, "line %lld is longer than %d bytes", s->line,
                     BG_RECORD_MAX_LINE);
            if (s->open)
                win_fail(s, at, s->line, msg);
            if (newline) {
                s->scan = eol + 1;
                s->line++;
            } else if ((st = skip_rest_of_line(s, err)) != BG_OK) {
                return st;
            }
            continue;
        }
        s->scan = newline ? eol + 1 : eol;
        s->line += newline;
        if (s->open && s->ours && !s->content && s->scan - s->win > BG_RECORD_MAX_BYTES) {
            /* Blank lines and comments before a game are not worth keeping: drop them. */
            s->win = s->scan;
            s->win_line = s->line;
        } else if (s->open && s->ours && s->win_error == BG_OK &&
                   s->scan - s->win > BG_RECORD_MAX_BYTES) {
            char msg[96];
            snprintf(msg, sizeof msg, "the game is longer than %zu bytes", BG_RECORD_MAX_BYTES);
            win_fail(s, s->win_off, s->win_line, msg);
        }
    }
}

/* ---------- encodings ---------- */

static int typical_score(const char *typical, const char *t, size_t n)
{
    if (!typical)
        return 0;
    if (n > 16384)
        n = 16384;
    int score = 0;
    for (size_t i = 0; i < n;) {
        unsigned c = (unsigned char)t[i];
        size_t k = c < 0x80 ? 1 : c < 0xe0 ? 2 : c < 0xf0 ? 3 : 4;
        if (k > 1 && i + k <= n) {
            for (const char *p = typical; *p;) {
                size_t m = (unsigned char)*p < 0xe0 ? 2 : (unsigned char)*p < 0xf0 ? 3 : 4;
                if (m == k && memcmp(p, t + i, k) == 0) {
                    score++;
                    break;
                }
                p += m;
            }
        }
        i += k;
    }
    return score;
}

bg_status bgi_stream_decode(bgi_stream *s, const char *raw, size_t n, char **out, size_t *outlen,
                            int *which, size_t *bad)
{
    *bad = bgi_utf8_invalid((const unsigned char *)raw, 0, n);
    int best = -1, best_score = -1, slot = 0;
    size_t best_len = 0;
    for (int i = 0; i < s->ncharsets; i++) {
        iconv_t cd = descriptor(s, i);
        if (cd == (iconv_t)-1)
            continue;
        size_t need = n * 3 + 4;
        if (s->dec_cap[slot] < need) {
            char *p = bgi_realloc(&s->a, s->dec[slot], s->dec_cap[slot], need);
            if (!p)
                return BG_E_NO_MEMORY;
            s->dec[slot] = p;
            s->dec_cap[slot] = need;
        }
        char *in = (char *)raw, *o = s->dec[slot];
        size_t inleft = n, outleft = need - 1;
        size_t r = iconv(cd, &in, &inleft, &o, &outleft);
        if (r == (size_t)-1 || inleft)
            continue;
        size_t len = (size_t)(o - s->dec[slot]);
        s->dec[slot][len] = 0;
        int score = typical_score(s->fmt->typical, s->dec[slot], len);
        if (score > best_score) {
            best = i;
            best_score = score;
            best_len = len;
            slot ^= 1; /* keep this one, decode the next into the other buffer */
        }
    }
    if (best < 0)
        return BG_E_ENCODING;
    *out = s->dec[slot ^ 1];
    *outlen = best_len;
    *which = best;
    return BG_OK;
}

/* Bytes of the legacy character at p (its lead byte decides). */
static size_t legacy_len(const char *charset, const unsigned char *p, size_t left)
{
    unsigned c = p[0];
    size_t k = 1;
    if (c < 0x80)
        k = 1;
    else if (!strcmp(charset, "CP932") || !strcmp(charset, "SHIFT_JIS"))
        k = (c >= 0x81 && c <= 0x9f) || (c >= 0xe0 && c <= 0xfc) ? 2 : 1;
    else if (!strcmp(charset, "EUC-JP"))
        k = c == 0x8f ? 3 : (c == 0x8e || (c >= 0xa1 && c <= 0xfe)) ? 2 : 1;
    else if (!strcmp(charset, "GB18030"))
        k = c >= 0x81 && c <= 0xfe ? (left >= 2 && p[1] >= 0x30 && p[1] <= 0x39 ? 4 : 2) : 1;
    else
        k = c >= 0x81 && c <= 0xfe ? 2 : 1; /* Big5, CP949 and other double-byte sets */
    return k <= left ? k : left;
}

size_t bgi_stream_raw_offset(const bgi_stream *s, int which, const char *raw, size_t n,
                             const char *decoded, size_t off)
{
    size_t r = 0, d = 0;
    while (d < off && r < n) {
        unsigned c = (unsigned char)decoded[d];
        d += c < 0x80 ? 1 : c < 0xe0 ? 2 : c < 0xf0 ? 3 : 4;
        r += legacy_len(s->charset[which], (const unsigned char *)raw + r, n - r);
    }
    return r;
}
