/* libboardgames — variants.ini text into sections and key/value pairs, and the arena definitions live in. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "gen_desc.h"

/* ---------- arena ---------- */

struct gen_chunk {
    gen_chunk *next;
    size_t size, used; /* bytes of data after the header */
    alignas(max_align_t) unsigned char data[];
};

#define CHUNK_MIN ((size_t)64 << 10)

void gen_arena_init(gen_arena *a, const bgi_alloc *alloc)
{
    a->alloc = *alloc;
    a->head = NULL;
    a->total = 0;
}

void *gen_arena_alloc(gen_arena *a, size_t n)
{
    const size_t align = alignof(max_align_t);
    n = (n + align - 1) / align * align;
    if (n == 0)
        n = align;
    gen_chunk *c = a->head;
    if (!c || c->size - c->used < n) {
        size_t size = n > CHUNK_MIN ? n : CHUNK_MIN;
        if (n > GEN_ARENA_LIMIT || a->total + size + sizeof *c > GEN_ARENA_LIMIT)
            return NULL;
        c = bgi_malloc(&a->alloc, sizeof *c + size);
        if (!c)
            return NULL;
        c->size = size;
        c->used = 0;
        c->next = a->head;
        a->head = c;
        a->total += sizeof *c + size;
    }
    void *p = c->data + c->used;
    c->used += n;
    memset(p, 0, n);
    return p;
}

char *gen_arena_strndup(gen_arena *a, const char *s, size_t n)
{
    char *p = gen_arena_alloc(a, n + 1);
    if (p)
        memcpy(p, s, n);
    return p;
}

void gen_arena_free(gen_arena *a)
{
    for (gen_chunk *c = a->head, *next; c; c = next) {
        next = c->next;
        bgi_free(&a->alloc, c, sizeof *c + c->size);
    }
    a->head = NULL;
    a->total = 0;
}

/* ---------- errors with a position in the text ---------- */

bg_status gen_fail_at(bg_error *err, bg_status code, int line, size_t offset, const char *fmt, ...)
{
    char msg[256];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    bgi_fail(err, code, offset, "%s", msg);
    if (err && err->size >= offsetof(bg_error, line) + sizeof err->line)
        err->line = line;
    return code;
}

/* ---------- the text ---------- */

static int is_blank(char c) { return c == ' ' || c == '\t' || c == '\r'; }

/* Section and variant names: letters, digits and - _ . + (Fairy-Stockfish's names use them). */
static int name_ok(const char *s, size_t n)
{
    if (n == 0 || n > 63)
        return 0;
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
              c == '-' || c == '_' || c == '.' || c == '+'))
            return 0;
    }
    return 1;
}

typedef struct ini_ctx {
    gen_arena *a;
    gen_section *sec;
    int nsec;
    gen_kv *kv; /* pairs of the section being read */
    int nkv, kvcap;
    bg_error *err;
} ini_ctx;

static bg_status close_section(ini_ctx *c)
{
    if (c->nsec == 0)
        return BG_OK;
    gen_section *s = &c->sec[c->nsec - 1];
    s->kv = c->kv;
    s->nkv = c->nkv;
    c->kv = NULL;
    c->nkv = c->kvcap = 0;
    return BG_OK;
}

static bg_status header(ini_ctx *c, const char *p, size_t n, int line, size_t off)
{
    /* p[0] == '[' */
    const char *end = memchr(p, ']', n);
    if (!end)
        return gen_fail_at(c->err, BG_E_PARSE, line, off, "section header without ']'");
    for (const char *q = end + 1; q < p + n; q++)
        if (!is_blank(*q))
            return gen_fail_at(c->err, BG_E_PARSE, line, off + (size_t)(q - p),
                               "unexpected text after the section header");
    const char *name = p + 1, *colon = memchr(name, ':', (size_t)(end - name));
    size_t nlen = (size_t)((colon ? colon : end) - name);
    if (!name_ok(name, nlen))
        return gen_fail_at(c->err, BG_E_PARSE, line, off + 1,
                           "bad section name '%.*s' (1-63 letters, digits, - _ . +)",
                           (int)(nlen > 64 ? 64 : nlen), name);
    const char *parent = NULL;
    size_t plen = 0;
    if (colon) {
        parent = colon + 1;
        plen = (size_t)(end - parent);
        if (!name_ok(parent, plen))
            return gen_fail_at(c->err, BG_E_PARSE, line, off + (size_t)(parent - p),
                               "bad parent name '%.*s'", (int)(plen > 64 ? 64 : plen), parent);
    }
    if (c->nsec >= GEN_MAX_SECTIONS)
        return gen_fail_at(c->err, BG_E_LIMIT, line, off, "more than %d sections in one text",
                           GEN_MAX_SECTIONS);
    close_section(c);
    gen_section *s = &c->sec[c->nsec++];
    s->name = gen_arena_strndup(c->a, name, nlen);
    s->parent = parent ? gen_arena_strndup(c->a, parent, plen) : NULL;
    if (!s->name || (parent && !s->parent))
        return gen_fail_at(c->err, BG_E_NO_MEMORY, line, off, "out of memory");
    s->line = line;
    s->offset = off;
    return BG_OK;
}

static bg_status pair(ini_ctx *c, const char *p, size_t n, int line, size_t off)
{
    const char *eq = memchr(p, '=', n);
    if (!eq)
        return gen_fail_at(c->err, BG_E_PARSE, line, off, "expected 'key = value'");
    if (c->nsec == 0)
        return gen_fail_at(c->err, BG_E_PARSE, line, off, "key outside a [section]");
    size_t klen = (size_t)(eq - p);
    while (klen && is_blank(p[klen - 1]))
        klen--;
    const char *v = eq + 1, *vend = p + n;
    while (v < vend && is_blank(*v))
        v++;
    while (vend > v && is_blank(vend[-1]))
        vend--;
    if (klen == 0)
        return gen_fail_at(c->err, BG_E_PARSE, line, off, "empty key before '='");
    if (klen > 64)
        return gen_fail_at(c->err, BG_E_PARSE, line, off, "key longer than 64 bytes");
    for (size_t i = 0; i < klen; i++)
        if (!((p[i] >= 'a' && p[i] <= 'z') || (p[i] >= 'A' && p[i] <= 'Z') ||
              (p[i] >= '0' && p[i] <= '9')))
            return gen_fail_at(c->err, BG_E_PARSE, line, off + i, "bad character in key '%.*s'",
                               (int)klen, p);
    if (vend == v)
        return gen_fail_at(c->err, BG_E_PARSE, line, off, "key '%.*s' has no value", (int)klen, p);
    /* The last value of a key repeated in a section wins. */
    for (int i = 0; i < c->nkv; i++)
        if (strlen(c->kv[i].key) == klen && !memcmp(c->kv[i].key, p, klen)) {
            c->kv[i].value = gen_arena_strndup(c->a, v, (size_t)(vend - v));
            c->kv[i].line = line;
            c->kv[i].offset = off;
            return c->kv[i].value ? BG_OK : gen_fail_at(c->err, BG_E_NO_MEMORY, line, off, "out of memory");
        }
    if (c->nkv == c->kvcap) {
        int cap = c->kvcap ? c->kvcap * 2 : 16;
        gen_kv *kv = gen_arena_alloc(c->a, sizeof *kv * (size_t)cap);
        if (!kv)
            return gen_fail_at(c->err, BG_E_NO_MEMORY, line, off, "out of memory");
        if (c->nkv)
            memcpy(kv, c->kv, sizeof *kv * (size_t)c->nkv);
        c->kv = kv;
        c->kvcap = cap;
    }
    gen_kv *k = &c->kv[c->nkv++];
    k->key = gen_arena_strndup(c->a, p, klen);
    k->value = gen_arena_strndup(c->a, v, (size_t)(vend - v));
    k->line = line;
    k->offset = off;
    if (!k->key || !k->value)
        return gen_fail_at(c->err, BG_E_NO_MEMORY, line, off, "out of memory");
    return BG_OK;
}

bg_status gen_ini_parse(const char *text, size_t len, gen_arena *a, gen_section **out, int *count,
                        bg_error *err)
{
    ini_ctx c = {a, NULL, 0, NULL, 0, 0, err};
    *out = NULL;
    *count = 0;
    if (len > GEN_MAX_TEXT)
        return gen_fail_at(err, BG_E_LIMIT, 0, 0, "definition text longer than %u bytes",
                           GEN_MAX_TEXT);
    c.sec = gen_arena_alloc(a, sizeof *c.sec * GEN_MAX_SECTIONS);
    if (!c.sec)
        return gen_fail_at(err, BG_E_NO_MEMORY, 0, 0, "out of memory");
    size_t i = 0;
    int line = 1;
    /* A UTF-8 byte-order mark at the start is not text. */
    if (len >= 3 && !memcmp(text, "\xef\xbb\xbf", 3))
        i = 3;
    while (i < len) {
        size_t start = i;
        while (i < len && text[i] != '\n')
            i++;
        size_t n = i - start;
        const char *p = text + start;
        size_t lead = 0;
        while (lead < n && is_blank(p[lead]))
            lead++;
        p += lead;
        n -= lead;
        while (n && is_blank(p[n - 1]))
            n--;
        for (size_t k = 0; k < n; k++)
            if (p[k] == 0 || ((unsigned char)p[k] < 0x20 && p[k] != '\t'))
                return gen_fail_at(err, BG_E_PARSE, line, start + lead + k,
                                   "control character 0x%02x in the text", (unsigned char)p[k]);
        bg_status s = BG_OK;
        if (n == 0 || p[0] == '#' || p[0] == ';')
            s = BG_OK;
        else if (p[0] == '[')
            s = header(&c, p, n, line, start + lead);
        else
            s = pair(&c, p, n, line, start + lead);
        if (s != BG_OK)
            return s;
        if (i < len)
            i++;
        line++;
    }
    close_section(&c);
    *out = c.sec;
    *count = c.nsec;
    return BG_OK;
}
