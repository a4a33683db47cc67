/* libboardgames — the record readers' shared text plumbing: UTF-8 validity, line and column of an offset, positioned errors. */
#include <stdio.h>
#include <string.h>

#include "record_text.h"

#define ERR_HAS(e, f) ((e) && (e)->size >= offsetof(bg_error, f) + sizeof((e)->f))

size_t bgi_utf8_invalid(const unsigned char *p, size_t from, size_t to)
{
    size_t i = from;
    while (i < to) {
        unsigned c = p[i];
        size_t n = c < 0x80 ? 1 : (c >> 5) == 6 ? 2 : (c >> 4) == 14 ? 3 : (c >> 3) == 30 ? 4 : 0;
        if (!n || i + n > to || (n == 2 && c < 0xc2) || (n == 4 && c > 0xf4))
            return i;
        for (size_t k = 1; k < n; k++)
            if ((p[i + k] & 0xc0) != 0x80)
                return i;
        /* Overlong 3- and 4-byte forms, surrogates and code points above U+10FFFF. */
        if ((n == 3 && ((c == 0xe0 && p[i + 1] < 0xa0) || (c == 0xed && p[i + 1] >= 0xa0))) ||
            (n == 4 && ((c == 0xf0 && p[i + 1] < 0x90) || (c == 0xf4 && p[i + 1] >= 0x90))))
            return i;
        i += n;
    }
    return to;
}

void bgi_text_locate(const char *d, size_t from, int from_line, size_t off, int *line, int *col)
{
    int l = from_line;
    for (size_t i = from; i < off; i++)
        l += d[i] == '\n';
    size_t ls = off;
    while (ls > 0 && d[ls - 1] != '\n')
        ls--;
    *line = l;
    *col = (int)(off - ls) + 1;
}

bg_status bgi_record_fail(bg_error *err, bg_status code, size_t off, int line, int col,
                          int shown_game, int game_index, int ply, const char *msg)
{
    if (ply > 0)
        bgi_fail(err, code, off, "game %d, ply %d, line %d: %s", shown_game, ply, line, msg);
    else
        bgi_fail(err, code, off, "game %d, line %d: %s", shown_game, line, msg);
    if (ERR_HAS(err, line))
        err->line = line;
    if (ERR_HAS(err, column))
        err->column = col;
    if (ERR_HAS(err, game_index))
        err->game_index = game_index;
    if (ERR_HAS(err, ply))
        err->ply = ply;
    return code;
}

bg_status bgi_record_vfail(const bg_record_reader *rd, bg_error *err, const char *d, size_t from,
                           int from_line, bg_status code, size_t off, int ply, const char *fmt,
                           va_list ap)
{
    char msg[200];
    int line, col;
    vsnprintf(msg, sizeof msg, fmt, ap);
    bgi_text_locate(d, from, from_line, off, &line, &col);
    return bgi_record_fail(err, code, off, line, col, rd->game_index + 1, rd->game_index, ply, msg);
}

bg_status bgi_record_failf(const bg_record_reader *rd, bg_error *err, const char *d, size_t from,
                           int from_line, bg_status code, size_t off, int ply, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    bg_status s = bgi_record_vfail(rd, err, d, from, from_line, code, off, ply, fmt, ap);
    va_end(ap);
    return s;
}

static char ascii_lower(char c)
{
    return c >= 'A' && c <= 'Z' ? (char)(c - 'A' + 'a') : c;
}

int bgi_same_nocase_n(const char *a, size_t n, const char *b)
{
    for (size_t i = 0; i < n; i++, b++)
        if (!*b || ascii_lower(a[i]) != ascii_lower(*b))
            return 0;
    return !*b;
}

int bgi_same_nocase(const char *a, const char *b)
{
    return bgi_same_nocase_n(a, strlen(a), b);
}
