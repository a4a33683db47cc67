/* libboardgames — building a variant's tables: what the build files share (scratch buffers, context, geometry helpers). */
#ifndef BG_GEN_BUILD_SHARED_H
#define BG_GEN_BUILD_SHARED_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gen.h"

/* A growable word buffer on the allocator (scratch while building). */
typedef struct wbuf {
    uint16_t *w;
    size_t n, cap;
    const bgi_alloc *a;
    int failed;
} wbuf;

static inline void wb_put(wbuf *b, uint16_t v)
{
    if (b->failed)
        return;
    if (b->n == b->cap) {
        size_t cap = b->cap ? b->cap * 2 : 4096;
        uint16_t *w = bgi_realloc(b->a, b->w, b->cap * sizeof *w, cap * sizeof *w);
        if (!w) {
            b->failed = 1;
            return;
        }
        b->w = w;
        b->cap = cap;
    }
    b->w[b->n++] = v;
}

static inline void wb_free(wbuf *b)
{
    bgi_free(b->a, b->w, b->cap * sizeof *b->w);
    b->w = NULL;
    b->n = b->cap = 0;
}

typedef struct bctx {
    gen_def *d;
    const gen_desc *desc;
    gen_arena *arena;
    bg_error *err;
    gen_atom atoms[GEN_MAX_TYPES][GEN_MAX_ATOMS];
    int natoms[GEN_MAX_TYPES];
    uint32_t type_kinds[GEN_MAX_TYPES]; /* kinds of each type */
    uint64_t *scratch;                  /* nwords words */
} bctx;

static inline bg_status fail(bctx *c, bg_status code, const char *fmt, const char *a)
{
    char msg[200];
    snprintf(msg, sizeof msg, fmt, a);
    return gen_fail_at(c->err, code, c->desc->line, c->desc->offset, "[%s]: %s", c->desc->id, msg);
}

static inline uint64_t *new_set(bctx *c)
{
    return gen_arena_alloc(c->arena, sizeof(uint64_t) * (size_t)c->d->nwords);
}

/* A 26x26-grid set mapped onto the board. */
static inline void map_set(const gen_def *d, const gen_sqset *in, uint64_t *out)
{
    for (int sq = 0; sq < d->nsq; sq++) {
        int i = (sq / d->w) * GEN_MAX_FILES + sq % d->w;
        if ((in->w[i >> 6] >> (i & 63)) & 1)
            gen_bit_set(out, sq);
    }
}

/* Rank of sq counted from `side`'s home edge (for sides facing east or west, its file). */
static inline int rel_rank(const gen_def *d, int side, int sq)
{
    int r = sq / d->w, f = sq % d->w;
    switch (d->facing[side]) {
    case GEN_FACE_SOUTH: return d->h - 1 - r;
    case GEN_FACE_EAST: return f;
    case GEN_FACE_WEST: return d->w - 1 - f;
    default: return r;
    }
}

/*
** A step of the first side's frame (dy > 0 = forward) as `side` takes it: its pieces are the
** first side's turned to face their way (south: half a turn, as Fairy-Stockfish turns black's).
*/
static inline void orient(const gen_def *d, int side, int dx, int dy, int *ox, int *oy)
{
    switch (d->facing[side]) {
    case GEN_FACE_SOUTH: *ox = -dx, *oy = -dy; break;
    case GEN_FACE_EAST: *ox = dy, *oy = -dx; break;
    case GEN_FACE_WEST: *ox = -dy, *oy = dx; break;
    default: *ox = dx, *oy = dy; break;
    }
}

static inline int is_hole(const gen_def *d, int sq) { return d->holes && gen_bit(d->holes, sq); }

/* The squares a lame leap passes, as Fairy-Stockfish walks them: longer axis first, then diagonal. */
static inline int lame_path(const gen_def *d, int from, int dx, int dy, int *path)
{
    int f = from % d->w, r = from / d->w, tf = f + dx, tr = r + dy, n = 0;
    int sf = dx > 0 ? 1 : -1, sr = dy > 0 ? 1 : -1;
    while (f != tf || r != tr) {
        int diff = abs(tf - f) - abs(tr - r);
        if (diff > 0)
            f += sf;
        else if (diff < 0)
            r += sr;
        else
            f += sf, r += sr;
        if (f != tf || r != tr)
            path[n++] = r * d->w + f;
    }
    return n;
}

static inline int on_board(const gen_def *d, int sq, int dx, int dy, int *to)
{
    int f = sq % d->w + dx, r = sq / d->w + dy;
    if (f < 0 || r < 0 || f >= d->w || r >= d->h || is_hole(d, r * d->w + f))
        return 0;
    *to = r * d->w + f;
    return 1;
}

/* Whether a lame leap's path crosses a hole (it cannot be taken: no square to pass). */
static inline int path_holed(const gen_def *d, const int *path, int n)
{
    for (int i = 0; i < n; i++)
        if (is_hole(d, path[i]))
            return 1;
    return 0;
}

/* Index of a ray direction (added when new); -1 beyond GEN_MAX_DIRS. */
BGI_FUNC int gen_dir_index(bctx *c, int dx, int dy);
/* Move programs, then attack programs and ray masks (gen_build_tables.c). */
BGI_FUNC bg_status gen_build_programs(bctx *c);
BGI_FUNC bg_status gen_build_attacks(bctx *c);

#endif
