/* libboardgames — PGN text buffers: growth on the handle's allocator, Latin-1 to UTF-8, flattening. */
#include <string.h>

#include "pgn.h"

void bgi_pgnbuf_init(pgn_buf *b, const bgi_alloc *a)
{
    b->p = NULL;
    b->len = b->cap = 0;
    b->a = a;
}

void bgi_pgnbuf_free(pgn_buf *b)
{
    bgi_free(b->a, b->p, b->cap);
    b->p = NULL;
    b->len = b->cap = 0;
}

bg_status bgi_pgnbuf_add(pgn_buf *b, const char *s, size_t n)
{
    if (b->len + n + 1 > b->cap) {
        size_t cap = b->cap ? b->cap : 64;
        while (cap < b->len + n + 1)
            cap *= 2;
        char *p = bgi_realloc(b->a, b->p, b->cap, cap);
        if (!p)
            return BG_E_NO_MEMORY;
        b->p = p;
        b->cap = cap;
    }
    memcpy(b->p + b->len, s, n);
    b->len += n;
    b->p[b->len] = 0;
    return BG_OK;
}

bg_status bgi_pgnbuf_addc(pgn_buf *b, char c)
{
    return bgi_pgnbuf_add(b, &c, 1);
}

/* Length of the UTF-8 sequence at s (at most n bytes), or 0 if it is not valid UTF-8. */
static size_t utf8_len(const unsigned char *s, size_t n)
{
    size_t k;
    unsigned min;
    if (s[0] < 0x80)
        return 1;
    if (s[0] >= 0xc2 && s[0] <= 0xdf) k = 2, min = 0x80;
    else if (s[0] >= 0xe0 && s[0] <= 0xef) k = 3, min = 0x800;
    else if (s[0] >= 0xf0 && s[0] <= 0xf4) k = 4, min = 0x10000;
    else return 0;
    if (k > n)
        return 0;
    unsigned cp = s[0] & (0x7f >> k);
    for (size_t i = 1; i < k; i++) {
        if ((s[i] & 0xc0) != 0x80)
            return 0;
        cp = cp << 6 | (s[i] & 0x3f);
    }
    if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff))
        return 0;
    return k;
}

static int valid_utf8(const char *s, size_t n)
{
    for (size_t i = 0; i < n;) {
        if ((unsigned char)s[i] < 0x80) { /* ASCII runs (nearly every tag value) byte by byte */
            i++;
            continue;
        }
        size_t k = utf8_len((const unsigned char *)s + i, n - i);
        if (!k)
            return 0;
        i += k;
    }
    return 1;
}

bg_status bgi_pgnbuf_add_text(pgn_buf *b, const char *s, size_t n)
{
    if (valid_utf8(s, n))
        return bgi_pgnbuf_add(b, s, n);
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        bg_status st;
        if (c < 0x80) {
            st = bgi_pgnbuf_addc(b, (char)c);
        } else {
            char two[2] = {(char)(0xc0 | c >> 6), (char)(0x80 | (c & 0x3f))};
            st = bgi_pgnbuf_add(b, two, 2);
        }
        if (st != BG_OK)
            return st;
    }
    return BG_OK;
}

void bgi_pgn_flatten(pgn_buf *b)
{
    size_t n = 0;
    if (!b->p)
        return;
    /* A CRLF pair is one line break; a NUL byte would cut the C string short. */
    for (size_t i = 0; i < b->len; i++) {
        char c = b->p[i];
        if (c == '\r' && i + 1 < b->len && b->p[i + 1] == '\n')
            continue;
        if (c == '\n' || c == '\r' || c == '\t' || c == 0)
            c = ' ';
        if (c == ' ' && n == 0)
            continue;
        b->p[n++] = c;
    }
    while (n > 0 && b->p[n - 1] == ' ')
        n--;
    b->len = n;
    b->p[n] = 0;
}

void bgi_pgn_note_init(pgn_note *n, const bgi_alloc *a)
{
    bgi_pgnbuf_init(&n->text, a);
    n->ply = n->open = 0;
    n->at = 0;
}

void bgi_pgn_note_free(pgn_note *n) { bgi_pgnbuf_free(&n->text); }

bg_status bgi_pgn_note_flush(pgn_note *n, bg_game *g)
{
    if (!n->open)
        return BG_OK;
    bg_status s = bg_game_set_comment(g, n->ply, n->text.p);
    n->open = 0;
    n->text.len = 0;
    return s;
}

bg_status bgi_pgn_note_add(pgn_note *n, bg_game *g, int ply, size_t at, const char *s, size_t len)
{
    bg_status st = BG_OK;
    if (n->open && ply != n->ply && (st = bgi_pgn_note_flush(n, g)) != BG_OK)
        return st;
    if (!n->open) {
        n->open = 1;
        n->ply = ply;
        n->at = at;
        st = bgi_pgnbuf_add(&n->text, "", 0);
    } else {
        st = bgi_pgnbuf_addc(&n->text, ' ');
    }
    return st == BG_OK ? bgi_pgnbuf_add(&n->text, s, len) : st;
}

const char *bgi_pgn_pairs_find(const pgn_buf *pairs, const char *key, int last)
{
    const char *found = NULL;
    for (size_t i = 0; i < pairs->len;) {
        const char *k = pairs->p + i, *v = k + strlen(k) + 1;
        if (k[0] == key[0] && strcmp(k, key) == 0) {
            found = v;
            if (!last)
                break;
        }
        i = (size_t)(v + strlen(v) + 1 - pairs->p);
    }
    return found;
}

int bgi_name_in(const char *v, const char *const *list)
{
    for (; *list; list++)
        if (bgi_same_nocase(v, *list))
            return 1;
    return 0;
}
