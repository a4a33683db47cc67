/* libboardgames — variant sets: bg_variant_define() reads variants.ini text, resolves parents, compiles each section. */
#include <stdio.h>
#include <string.h>

#include "gen.h"

/* The keys of one section, applied after its parents' (Fairy-Stockfish applies them on top). */
typedef struct gen_layer {
    const gen_kv *kv;
    int nkv;
} gen_layer;

#define MAX_DEPTH 32        /* parents of parents */
#define MAX_SET_VARIANTS 4096

typedef struct gen_entry {
    gen_variant *gv;
    const gen_layer *layers; /* root parent first, the section itself last */
    int nlayers;
} gen_entry;

struct bg_variant_set {
    bgi_alloc alloc;
    gen_arena *arenas; /* one per successful bg_variant_define call */
    int narenas, arena_cap;
    gen_entry *e;
    int n, cap;
};

bg_status bg_variant_set_new(bg_variant_set **out, const bg_allocator *alloc, bg_error *err)
{
    bgi_error_clear(err);
    if (!out)
        return bgi_fail(err, BG_E_INVALID_ARGUMENT, 0, "no output handle pointer");
    bgi_alloc a = bgi_alloc_resolve(alloc);
    bg_variant_set *s = bgi_malloc(&a, sizeof *s);
    *out = NULL;
    if (!s)
        return bgi_fail(err, BG_E_NO_MEMORY, 0, "out of memory allocating a variant set");
    memset(s, 0, sizeof *s);
    s->alloc = a;
    *out = s;
    return BG_OK;
}

void bg_variant_set_free(bg_variant_set *set)
{
    if (!set)
        return;
    for (int i = 0; i < set->narenas; i++)
        gen_arena_free(&set->arenas[i]);
    bgi_alloc a = set->alloc;
    bgi_free(&a, set->arenas, sizeof *set->arenas * (size_t)set->arena_cap);
    bgi_free(&a, set->e, sizeof *set->e * (size_t)set->cap);
    bgi_free(&a, set, sizeof *set);
}

int bg_variant_set_count(const bg_variant_set *set) { return set ? set->n : 0; }

const bg_variant *bg_variant_set_at(const bg_variant_set *set, int index)
{
    return set && index >= 0 && index < set->n ? &set->e[index].gv->v : NULL;
}

const bg_variant *bg_variant_set_find(const bg_variant_set *set, const char *id)
{
    for (int i = 0; set && id && i < set->n; i++)
        if (!strcmp(set->e[i].gv->v.id, id))
            return &set->e[i].gv->v;
    return NULL;
}

int bg_variant_is_defined(const bg_variant *v) { return v && v->adjudicator == &bgi_gen_adjudicator; }

/* ---------- one definition call ---------- */

typedef struct dctx {
    bg_variant_set *set;
    gen_arena *a;
    bg_error *err;
    const gen_section *sec; /* this text's sections */
    gen_entry *pending;     /* sections defined by this call so far */
    int npending;
} dctx;

static const gen_entry *find_entry(const dctx *c, const char *name)
{
    for (int i = 0; i < c->npending; i++)
        if (!strcmp(c->pending[i].gv->v.id, name))
            return &c->pending[i];
    for (int i = 0; i < c->set->n; i++)
        if (!strcmp(c->set->e[i].gv->v.id, name))
            return &c->set->e[i];
    return NULL;
}

/* Layers of a parent: a variant defined before, or a built-in parent's text (its own parents too). */
static bg_status parent_layers(dctx *c, const char *name, int depth, int line, size_t off,
                               gen_layer *out, int *n)
{
    if (depth >= MAX_DEPTH)
        return gen_fail_at(c->err, BG_E_LIMIT, line, off, "parents nested deeper than %d", MAX_DEPTH);
    const gen_entry *e = find_entry(c, name);
    if (e) {
        memcpy(out, e->layers, sizeof *out * (size_t)e->nlayers);
        *n = e->nlayers;
        return BG_OK;
    }
    const char *want = NULL, *text = gen_template_text(name, &want);
    if (!text) {
        if (bg_variant_find(name))
            return gen_fail_at(c->err, BG_E_UNSUPPORTED, line, off,
                               "parent '%s' is a built-in variant the definition language cannot "
                               "express (no generic definition of it)", name);
        return gen_fail_at(c->err, BG_E_UNKNOWN_VARIANT, line, off,
                           "unknown parent '%s' (define it first, or use a built-in parent)", name);
    }
    gen_section *ts;
    int nts;
    bg_error te = BG_ERROR_INIT;
    bg_status s = gen_ini_parse(text, strlen(text), c->a, &ts, &nts, &te);
    if (s != BG_OK)
        return gen_fail_at(c->err, s, line, off, "built-in parent '%s': %s", name, te.message);
    for (int i = 0; i < nts; i++) {
        if (strcmp(ts[i].name, want))
            continue;
        int k = 0;
        if (ts[i].parent) {
            s = parent_layers(c, ts[i].parent, depth + 1, line, off, out, &k);
            if (s != BG_OK)
                return s;
        }
        out[k].kv = ts[i].kv;
        out[k].nkv = ts[i].nkv;
        *n = k + 1;
        return BG_OK;
    }
    return gen_fail_at(c->err, BG_E_UNKNOWN_VARIANT, line, off, "built-in parent '%s' is missing", name);
}

static bg_status define_section(dctx *c, const gen_section *sec)
{
    const char *name = sec->name;
    if (find_entry(c, name))
        return gen_fail_at(c->err, BG_E_PARSE, sec->line, sec->offset, "variant '%s' is already defined", name);
    if (bg_variant_find(name))
        return gen_fail_at(c->err, BG_E_PARSE, sec->line, sec->offset,
                           "'%s' is a built-in variant; choose another name", name);
    gen_layer tmp[MAX_DEPTH + 1];
    int nl = 0;
    if (sec->parent) {
        bg_status s = parent_layers(c, sec->parent, 0, sec->line, sec->offset, tmp, &nl);
        if (s != BG_OK)
            return s;
    }
    tmp[nl].kv = sec->kv;
    tmp[nl].nkv = sec->nkv;
    nl++;
    gen_layer *layers = gen_arena_alloc(c->a, sizeof *layers * (size_t)nl);
    gen_desc *desc = gen_arena_alloc(c->a, sizeof *desc);
    gen_variant *gv = gen_arena_alloc(c->a, sizeof *gv);
    if (!layers || !desc || !gv)
        return gen_fail_at(c->err, BG_E_NO_MEMORY, sec->line, sec->offset, "out of memory");
    memcpy(layers, tmp, sizeof *layers * (size_t)nl);
    gen_desc_defaults(desc);
    snprintf(desc->id, sizeof desc->id, "%s", name);
    desc->line = sec->line;
    desc->offset = sec->offset;
    for (int i = 0; i < nl; i++) {
        bg_status s = gen_desc_apply(desc, layers[i].kv, layers[i].nkv, i + 1 < nl, c->a, c->err);
        if (s != BG_OK)
            return s;
    }
    bg_status s = gen_desc_check(desc, c->err);
    if (s == BG_OK)
        s = gen_build(&gv->def, desc, c->a, c->err);
    if (s == BG_OK)
        s = gen_variant_init(gv, desc->id, c->a, c->err);
    if (s != BG_OK)
        return s;
    gen_entry *e = &c->pending[c->npending++];
    e->gv = gv;
    e->layers = layers;
    e->nlayers = nl;
    return BG_OK;
}

static bg_status grow(bg_variant_set *set, int add, bg_error *err)
{
    if (set->n + add > MAX_SET_VARIANTS)
        return bgi_fail(err, BG_E_LIMIT, 0, "a variant set holds at most %d variants", MAX_SET_VARIANTS);
    if (set->n + add > set->cap) {
        int cap = set->cap ? set->cap : 8;
        while (cap < set->n + add)
            cap *= 2;
        gen_entry *e = bgi_realloc(&set->alloc, set->e, sizeof *e * (size_t)set->cap, sizeof *e * (size_t)cap);
        if (!e)
            return bgi_fail(err, BG_E_NO_MEMORY, 0, "out of memory");
        set->e = e;
        set->cap = cap;
    }
    if (set->narenas == set->arena_cap) {
        int cap = set->arena_cap ? set->arena_cap * 2 : 4;
        gen_arena *a = bgi_realloc(&set->alloc, set->arenas, sizeof *a * (size_t)set->arena_cap,
                                   sizeof *a * (size_t)cap);
        if (!a)
            return bgi_fail(err, BG_E_NO_MEMORY, 0, "out of memory");
        set->arenas = a;
        set->arena_cap = cap;
    }
    return BG_OK;
}

bg_status bg_variant_define(bg_variant_set *set, const char *text, size_t len, bg_error *err)
{
    bgi_error_clear(err);
    if (!set || (!text && len))
        return bgi_fail(err, BG_E_INVALID_ARGUMENT, 0, "no variant set or no text");
    if (memchr(text ? text : "", 0, len))
        return bgi_fail(err, BG_E_PARSE, (size_t)((const char *)memchr(text, 0, len) - text),
                        "a NUL byte in the definition text");
    gen_arena arena;
    gen_arena_init(&arena, &set->alloc);
    dctx c = {set, &arena, err, NULL, NULL, 0};
    gen_section *sec = NULL;
    int nsec = 0;
    bg_status s = gen_ini_parse(text ? text : "", len, &arena, &sec, &nsec, err);
    if (s == BG_OK && nsec == 0)
        s = bgi_fail(err, BG_E_PARSE, 0, "no [section] in the definition text");
    if (s == BG_OK) {
        c.sec = sec;
        c.pending = gen_arena_alloc(&arena, sizeof *c.pending * (size_t)nsec);
        if (!c.pending)
            s = bgi_fail(err, BG_E_NO_MEMORY, 0, "out of memory");
    }
    for (int i = 0; s == BG_OK && i < nsec; i++)
        s = define_section(&c, &sec[i]);
    if (s == BG_OK)
        s = grow(set, c.npending, err);
    if (s != BG_OK) {
        gen_arena_free(&arena);
        return s;
    }
    set->arenas[set->narenas++] = arena;
    /* The entries point into the arena, which moved into the set by value: its chunks stay put. */
    for (int i = 0; i < c.npending; i++)
        set->e[set->n++] = c.pending[i];
    return BG_OK;
}
