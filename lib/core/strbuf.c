/* libboardgames — snprintf-style text output that counts the full length and never allocates; FEN placement fields square by square. */
#include <limits.h>
#include <stdio.h>
#include <string.h>

#include "internal.h"

void bgi_out_init(bgi_out *o, char *buf, size_t cap)
{
    o->buf = buf;
    o->cap = buf ? cap : 0;
    o->len = 0;
    if (o->cap)
        o->buf[0] = 0;
}

void bgi_out_mem(bgi_out *o, const char *s, size_t n)
{
    if (o->len + 1 < o->cap) {
        size_t room = o->cap - 1 - o->len;
        memcpy(o->buf + o->len, s, n < room ? n : room);
    }
    o->len += n;
}

void bgi_out_char(bgi_out *o, char c)
{
    bgi_out_mem(o, &c, 1);
}

void bgi_out_str(bgi_out *o, const char *s)
{
    bgi_out_mem(o, s, strlen(s));
}

void bgi_out_uint(bgi_out *o, unsigned v)
{
    char tmp[12];
    int n = 0;
    do
        tmp[sizeof tmp - 1 - n++] = (char)('0' + v % 10);
    while ((v /= 10) && n < (int)sizeof tmp);
    bgi_out_mem(o, tmp + sizeof tmp - n, (size_t)n);
}

void bgi_out_printf(bgi_out *o, const char *fmt, ...)
{
    char tmp[512];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(tmp, sizeof tmp, fmt, ap);
    va_end(ap);
    if (n > 0)
        bgi_out_mem(o, tmp, (size_t)n < sizeof tmp ? (size_t)n : sizeof tmp - 1);
}

int bgi_out_finish(bgi_out *o)
{
    if (o->cap)
        o->buf[o->len < o->cap ? o->len : o->cap - 1] = 0;
    return o->len > INT_MAX ? BG_E_LIMIT : (int)o->len;
}

void bgi_fen_placement(bgi_out *o, int width, int height, bgi_fen_letters_fn letters,
                       const void *board)
{
    for (int rank = height - 1; rank >= 0; rank--) {
        int empty = 0;
        for (int file = 0; file < width; file++) {
            char l[8];
            const int n = letters(board, file, rank, l);
            if (!n) {
                empty++;
                continue;
            }
            if (empty)
                bgi_out_uint(o, (unsigned)empty);
            empty = 0;
            bgi_out_mem(o, l, (size_t)n);
        }
        if (empty)
            bgi_out_uint(o, (unsigned)empty);
        if (rank)
            bgi_out_char(o, '/');
    }
}
