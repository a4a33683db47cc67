/* libboardgames — the per-handle allocator: libc by default, a caller's lua_Alloc-style function otherwise. */
#include <stdlib.h>
#include <string.h>

#include "internal.h"

static void *libc_alloc(void *user, void *ptr, size_t osize, size_t nsize)
{
    (void)user;
    (void)osize;
    if (nsize == 0) {
        free(ptr);
        return NULL;
    }
    return realloc(ptr, nsize);
}

bgi_alloc bgi_alloc_resolve(const bg_allocator *a)
{
    bgi_alloc r = {libc_alloc, NULL};
    /* Honour the size field: a caller compiled against an older, smaller struct still works. */
    if (a && a->size >= offsetof(bg_allocator, user) + sizeof(void *) && a->fn) {
        r.fn = a->fn;
        r.user = a->user;
    }
    return r;
}

void *bgi_malloc(const bgi_alloc *a, size_t n)
{
    return a->fn(a->user, NULL, 0, n ? n : 1);
}

void *bgi_realloc(const bgi_alloc *a, void *p, size_t oldn, size_t newn)
{
    return a->fn(a->user, p, oldn, newn ? newn : 1);
}

void *bgi_grow(const bgi_alloc *a, void *p, int *cap, size_t size, int first)
{
    int nc = *cap ? *cap * 2 : first;
    void *q = bgi_realloc(a, p, size * (size_t)*cap, size * (size_t)nc);
    if (q)
        *cap = nc;
    return q;
}

void bgi_free(const bgi_alloc *a, void *p, size_t n)
{
    if (p)
        a->fn(a->user, p, n, 0);
}

char *bgi_strdup(const bgi_alloc *a, const char *s)
{
    size_t n = strlen(s) + 1;
    char *p = bgi_malloc(a, n);
    if (p)
        memcpy(p, s, n);
    return p;
}
