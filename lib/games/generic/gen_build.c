/*
** libboardgames — compiling a variant description into the engine's tables: kinds, per-square
** move programs, attack programs, regions and zones, Zobrist keys.
**
** Move program of (side, type, square), uint16 words:
**   nleap, then per leap: target | GEN_P_MOVE | GEN_P_CAP | nblock << 12 | GEN_P_DOUBLE,
**          followed by nblock path squares that must be empty;
**   nray, then per ray: (int16) square delta, steps | how << 5 | modes << 7 | GEN_P_RAY_REGION.
** Attack program of (attacker side, target square):
**   nleap, then per entry: origin, kind mask low, kind mask high, nblock, path squares.
*/
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

static void wb_put(wbuf *b, uint16_t v)
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

static void wb_free(wbuf *b)
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

static bg_status fail(bctx *c, bg_status code, const char *fmt, const char *a)
{
    char msg[200];
    snprintf(msg, sizeof msg, fmt, a);
    return gen_fail_at(c->err, code, c->desc->line, c->desc->offset, "[%s]: %s", c->desc->id, msg);
}

static uint64_t *new_set(bctx *c)
{
    return gen_arena_alloc(c->arena, sizeof(uint64_t) * (size_t)c->d->nwords);
}

/* A 26x26-grid set mapped onto the board. */
static void map_set(const gen_def *d, const gen_sqset *in, uint64_t *out)
{
    for (int sq = 0; sq < d->nsq; sq++) {
        int i = (sq / d->w) * GEN_MAX_FILES + sq % d->w;
        if ((in->w[i >> 6] >> (i & 63)) & 1)
            gen_bit_set(out, sq);
    }
}

/* Rank of sq counted from `side`'s home rank. */
static int rel_rank(const gen_def *d, int side, int sq)
{
    int r = sq / d->w;
    return side == 0 ? r : d->h - 1 - r;
}

/* ---------- types and kinds ---------- */

static bg_status atoms_of(bctx *c, int slot, gen_atom *atoms, int *n)
{
    const gen_desc *ds = c->desc;
    const char *betza = ds->slot[slot].betza ? ds->slot[slot].betza : gen_slot_betza(slot);
    if (slot == GEN_SLOT_KING && !ds->slot[slot].betza && ds->king_type >= 0) {
        int k = ds->king_type;
        betza = ds->slot[k].betza ? ds->slot[k].betza : gen_slot_betza(k);
    }
    size_t bad;
    const char *why = "";
    if (gen_betza_parse(betza, atoms, n, &bad, &why) != BG_OK)
        return fail(c, BG_E_PARSE, "bad Betza for a piece: %s", why);
    return BG_OK;
}

static void camel_words(const char *in, char *out, size_t cap)
{
    size_t j = 0;
    for (size_t i = 0; in[i] && j + 2 < cap; i++) {
        char ch = in[i];
        if (ch >= 'A' && ch <= 'Z') {
            out[j++] = ' ';
            ch = (char)(ch - 'A' + 'a');
        } else if (ch >= '0' && ch <= '9' && i && !(in[i - 1] >= '0' && in[i - 1] <= '9')) {
            out[j++] = ' ';
        }
        out[j++] = ch;
    }
    out[j] = 0;
}

static int add_kind(bctx *c, int type, int base, const char *letter, const char *name)
{
    gen_def *d = c->d;
    if (d->nkinds >= GEN_MAX_KINDS)
        return 0;
    int k = ++d->nkinds;
    gen_kind *kd = &d->kind[k];
    kd->type = (uint8_t)type;
    kd->base = (uint8_t)base;
    snprintf(kd->letter, sizeof kd->letter, "%s", letter);
    kd->name = gen_arena_strndup(c->arena, name, strlen(name));
    c->type_kinds[type] |= (uint32_t)1 << k;
    return kd->name ? k : -1;
}

static bg_status build_kinds(bctx *c)
{
    gen_def *d = c->d;
    const gen_desc *ds = c->desc;
    int type_of_slot[GEN_SLOTS];
    char name[40], words[48], text[64];
    for (int s = 0; s < GEN_SLOTS; s++) {
        type_of_slot[s] = -1;
        if (!ds->slot[s].letter)
            continue;
        if (d->ntypes >= GEN_MAX_TYPES)
            return fail(c, BG_E_LIMIT, "more than %s piece types", "31");
        int t = d->ntypes++;
        type_of_slot[s] = t;
        gen_type *ty = &d->type[t];
        ty->slot = (uint8_t)s;
        ty->letter = ds->slot[s].letter;
        ty->role = (uint8_t)gen_slot_role(s);
        ty->limit = ds->promo_limit[s];
        for (int side = 0; side < GEN_MAX_SIDES; side++)
            ty->has_region[side] = ds->slot[s].region_set[side];
        bg_status st = atoms_of(c, s, c->atoms[t], &c->natoms[t]);
        if (st != BG_OK)
            return st;
    }
    for (int t = 0; t < d->ntypes; t++) {
        char letter[2] = {d->type[t].letter, 0};
        camel_words(gen_slot_name(d->type[t].slot, name, sizeof name), words, sizeof words);
        int k = add_kind(c, t, 0, letter, words);
        if (k <= 0)
            return fail(c, k ? BG_E_NO_MEMORY : BG_E_LIMIT, "more than %s piece kinds", "31");
        d->type[t].kind = (uint8_t)k;
        if (d->type[t].role == GEN_ROLE_KING)
            d->royal_kind = (uint8_t)k;
    }
    /* Shogi-style promoted kinds: "+P" is a gold-moving piece that was a pawn. */
    for (int t = 0; t < d->ntypes; t++) {
        int ps = ds->promoted[d->type[t].slot];
        if (ps < 0)
            continue;
        int pt = type_of_slot[ps];
        if (ds->promoted[ps] >= 0 && !ds->piece_demotion)
            return fail(c, BG_E_UNSUPPORTED, "a promoted piece that promotes again (%s) is not supported",
                        gen_slot_name(ps, name, sizeof name));
        char letter[3] = {'+', d->type[t].letter, 0};
        snprintf(text, sizeof text, "promoted %s", d->kind[d->type[t].kind].name);
        int k = add_kind(c, pt, d->type[t].kind, letter, text);
        if (k <= 0)
            return fail(c, k ? BG_E_NO_MEMORY : BG_E_LIMIT, "more than %s piece kinds", "31");
        d->kind[d->type[t].kind].promote = (uint8_t)k;
        if (ds->piece_demotion)
            d->kind[k].demote = d->type[t].kind;
    }
    /* Pawn promotions: their choices; in drop games they remember the pawn ("Q~"). */
    int pawn = type_of_slot[GEN_SLOT_PAWN];
    if (pawn >= 0) {
        int tilde = ds->captures_to_hand && !ds->drop_loop;
        for (int s = GEN_SLOTS - 1; s >= 0; s--) {
            if (!((ds->promo_types >> s) & 1) || type_of_slot[s] < 0)
                continue;
            int t = type_of_slot[s], k = d->type[t].kind;
            if (tilde) {
                char letter[3] = {d->type[t].letter, '~', 0};
                snprintf(text, sizeof text, "%s promoted from a pawn", d->kind[k].name);
                k = add_kind(c, t, d->type[pawn].kind, letter, text);
                if (k <= 0)
                    return fail(c, k ? BG_E_NO_MEMORY : BG_E_LIMIT, "more than %s piece kinds", "31");
                d->kind[k].tilde = 1;
            }
            d->pawnpromo.kind[d->pawnpromo.n++] = (uint8_t)k;
        }
    }
    /* What a captured kind becomes in the captor's hand. */
    for (int k = 1; k <= d->nkinds; k++) {
        gen_kind *kd = &d->kind[k];
        if (!ds->captures_to_hand)
            kd->hand = 0;
        else if (!kd->base)
            kd->hand = (uint8_t)k;
        else if (ds->drop_loop)
            kd->hand = d->type[kd->type].kind;
        else
            kd->hand = kd->base;
        if (d->type[kd->type].role == GEN_ROLE_PAWN)
            d->pawn_kinds |= (uint32_t)1 << k;
    }
    if (ds->nodouble_slot >= 0 && type_of_slot[ds->nodouble_slot] >= 0) {
        d->nodouble_kinds = (uint32_t)1 << d->type[type_of_slot[ds->nodouble_slot]].kind;
        d->nodouble_count = ds->nodouble_count ? ds->nodouble_count : 1;
    } else if (!ds->shogi_doubled_pawn) {
        for (int t = 0; t < d->ntypes; t++)
            if (d->type[t].role == GEN_ROLE_SHOGI_PAWN)
                d->nodouble_kinds = (uint32_t)1 << d->type[t].kind, d->nodouble_count = 1;
    }
    if (ds->shogi_pawn_drop_mate_illegal)
        for (int t = 0; t < d->ntypes; t++)
            if (d->type[t].role == GEN_ROLE_SHOGI_PAWN)
                d->dropmate_kinds |= (uint32_t)1 << d->type[t].kind;
    memcpy(d->type_kinds, c->type_kinds, sizeof d->type_kinds);

    if (ds->flag_slot >= 0 && type_of_slot[ds->flag_slot] >= 0)
        d->flag_kind = d->type[type_of_slot[ds->flag_slot]].kind;
    if (ds->castling) {
        int rt = type_of_slot[ds->castling_rook_slot];
        d->castle_rook_kind = rt >= 0 ? d->type[rt].kind : 0;
    }
    return BG_OK;
}

/* ---------- geometry ---------- */

static int dir_index(bctx *c, int dx, int dy)
{
    gen_def *d = c->d;
    for (int i = 0; i < d->ndirs; i++)
        if (d->dir_dx[i] == dx && d->dir_dy[i] == dy)
            return i;
    if (d->ndirs >= GEN_MAX_DIRS)
        return -1;
    d->dir_dx[d->ndirs] = (int8_t)dx;
    d->dir_dy[d->ndirs] = (int8_t)dy;
    d->dir_delta[d->ndirs] = (int16_t)(dy * d->w + dx);
    return d->ndirs++;
}

static bg_status build_dirs(bctx *c)
{
    gen_def *d = c->d;
    /* Every rider direction, both orientations, and the orthogonals of a flying general. */
    for (int t = 0; t < d->ntypes; t++)
        for (int i = 0; i < c->natoms[t]; i++) {
            const gen_atom *a = &c->atoms[t][i];
            if (a->how == GEN_LEAP)
                continue;
            if (dir_index(c, a->dx, a->dy) < 0 || dir_index(c, -a->dx, -a->dy) < 0)
                return fail(c, BG_E_LIMIT, "more than %s ray directions", "32");
        }
    if (c->desc->flying_general) {
        static const int o[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
        for (int i = 0; i < 4; i++)
            if (dir_index(c, o[i][0], o[i][1]) < 0)
                return fail(c, BG_E_LIMIT, "more than %s ray directions", "32");
    }
    uint8_t *steps = gen_arena_alloc(c->arena, (size_t)d->nsq * (size_t)(d->ndirs ? d->ndirs : 1));
    if (!steps)
        return fail(c, BG_E_NO_MEMORY, "out of memory%s", "");
    for (int sq = 0; sq < d->nsq; sq++)
        for (int i = 0; i < d->ndirs; i++) {
            int f = sq % d->w, r = sq / d->w, n = 0;
            for (;;) {
                f += d->dir_dx[i];
                r += d->dir_dy[i];
                if (f < 0 || r < 0 || f >= d->w || r >= d->h)
                    break;
                n++;
            }
            steps[sq * d->ndirs + i] = (uint8_t)n;
        }
    d->dir_steps = steps;
    return BG_OK;
}

/* The squares a lame leap passes, as Fairy-Stockfish walks them: longer axis first, then diagonal. */
static int lame_path(const gen_def *d, int from, int dx, int dy, int *path)
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

static int on_board(const gen_def *d, int sq, int dx, int dy, int *to)
{
    int f = sq % d->w + dx, r = sq / d->w + dy;
    if (f < 0 || r < 0 || f >= d->w || r >= d->h)
        return 0;
    *to = r * d->w + f;
    return 1;
}

/* ---------- move programs ---------- */

typedef struct leapent {
    int to, modes, nblock, block[2], dbl;
} leapent;

static void add_leap(leapent *l, int *n, const leapent *x)
{
    for (int i = 0; i < *n; i++)
        if (l[i].to == x->to && l[i].nblock == x->nblock && l[i].dbl == x->dbl &&
            (!x->nblock || (l[i].block[0] == x->block[0] && (x->nblock < 2 || l[i].block[1] == x->block[1])))) {
            l[i].modes |= x->modes;
            return;
        }
    l[(*n)++] = *x;
}

/*
** Whether two entries of a program can produce the same move: a leap and anything else onto one
** square, two slides, two hops or two grasshopper rays over one square, a hop and a grasshopper.
** A slide never meets a hop or grasshopper of its line: they land before and after the first piece.
*/
static int overlapping(const gen_def *d, const uint16_t *p, int from)
{
    uint8_t seen[GEN_MAX_SQ];
    memset(seen, 0, (size_t)d->nsq);
    int nl = *p++;
    for (int i = 0; i < nl; i++) {
        unsigned e = *p++;
        int to = e & GEN_P_SQ, nb = (e & GEN_P_NBLOCK) >> 12;
        if (seen[to])
            return 1;
        seen[to] = 0x08 | 0x07;
        p += nb;
    }
    static const uint8_t group[3] = {0x01, 0x02, 0x04}; /* slide, hop, grass */
    static const uint8_t clash[3] = {0x09, 0x0e, 0x0e}; /* what each meets: leaps 0x08 */
    int nr = *p++;
    for (int i = 0; i < nr; i++, p += 2) {
        int delta = (int16_t)p[0], steps = p[1] & 31, how = (p[1] >> 5) & 3, s = from;
        for (int k = 0; k < steps; k++) {
            s += delta;
            if (seen[s] & clash[how])
                return 1;
        }
        s = from;
        for (int k = 0; k < steps; k++)
            seen[s += delta] |= group[how];
    }
    return 0;
}

static bg_status build_programs(bctx *c)
{
    gen_def *d = c->d;
    const gen_desc *ds = c->desc;
    wbuf b = {NULL, 0, 0, &c->arena->alloc, 0};
    uint32_t *offs = gen_arena_alloc(c->arena, sizeof(uint32_t) * (size_t)d->nsq *
                                                   (size_t)d->ntypes * (size_t)d->sides);
    if (!offs)
        return fail(c, BG_E_NO_MEMORY, "out of memory%s", "");
    leapent *leaps = NULL;
    leaps = bgi_malloc(&c->arena->alloc, sizeof *leaps * (GEN_MAX_ATOMS + 1));
    if (!leaps)
        return fail(c, BG_E_NO_MEMORY, "out of memory%s", "");
    for (int side = 0; side < d->sides; side++)
        for (int t = 0; t < d->ntypes; t++) {
            d->moves_at[side][t] = offs + ((size_t)side * (size_t)d->ntypes + (size_t)t) * (size_t)d->nsq;
            const uint64_t *region = d->region[side][t];
            int role = d->type[t].role, fw = d->forward[side];
            for (int sq = 0; sq < d->nsq; sq++) {
                offs[((size_t)side * (size_t)d->ntypes + (size_t)t) * (size_t)d->nsq + (size_t)sq] =
                    (uint32_t)b.n;
                int nl = 0, initial_ok = gen_bit(d->dstep[side], sq);
                /* A soldier before soldierPromotionRank only steps along its file. */
                int soldier_file = role == GEN_ROLE_SOLDIER &&
                                   rel_rank(d, side, sq) < ds->soldier_promotion_rank;
                for (int i = 0; i < c->natoms[t]; i++) {
                    const gen_atom *a = &c->atoms[t][i];
                    int to, dx = a->dx * fw, dy = a->dy * fw;
                    if (a->how != GEN_LEAP || (a->initial && !initial_ok))
                        continue;
                    if (soldier_file && dx != 0)
                        continue;
                    if (!on_board(d, sq, dx, dy, &to))
                        continue;
                    /* A pawn's captures ignore its mobility region, as in Fairy-Stockfish. */
                    int pawn_cap = role == GEN_ROLE_PAWN && a->modes == GEN_MODE_CAPTURE;
                    if (region && !gen_bit(region, to) && !pawn_cap)
                        continue;
                    leapent x = {to, a->modes, 0, {0, 0}, 0};
                    if (a->lame)
                        x.nblock = lame_path(d, sq, dx, dy, x.block);
                    add_leap(leaps, &nl, &x);
                }
                /* The pawn's double step from its double-step squares (middle and target empty). */
                if (role == GEN_ROLE_PAWN && ds->double_step && initial_ok) {
                    int mid, to;
                    if (on_board(d, sq, 0, fw, &mid) && on_board(d, sq, 0, 2 * fw, &to) &&
                        (!region || (gen_bit(region, mid) && gen_bit(region, to)))) {
                        leapent x = {to, GEN_MODE_MOVE, 1, {mid, 0}, 1};
                        add_leap(leaps, &nl, &x);
                    }
                }
                wb_put(&b, (uint16_t)nl);
                for (int i = 0; i < nl; i++) {
                    uint16_t w = (uint16_t)leaps[i].to;
                    if (leaps[i].modes & GEN_MODE_MOVE)
                        w |= GEN_P_MOVE;
                    if (leaps[i].modes & GEN_MODE_CAPTURE)
                        w |= GEN_P_CAP;
                    w |= (uint16_t)(leaps[i].nblock << 12);
                    if (leaps[i].dbl)
                        w |= GEN_P_DOUBLE;
                    wb_put(&b, w);
                    for (int k = 0; k < leaps[i].nblock; k++)
                        wb_put(&b, (uint16_t)leaps[i].block[k]);
                }
                /* Rays. */
                size_t count_at = b.n;
                int nr = 0;
                wb_put(&b, 0);
                for (int i = 0; i < c->natoms[t]; i++) {
                    const gen_atom *a = &c->atoms[t][i];
                    if (a->how == GEN_LEAP || (a->initial && !initial_ok))
                        continue;
                    int dir = dir_index(c, a->dx * fw, a->dy * fw);
                    int steps = d->dir_steps[sq * d->ndirs + dir];
                    if (a->range && a->range < steps)
                        steps = a->range;
                    if (!steps)
                        continue;
                    wb_put(&b, (uint16_t)d->dir_delta[dir]);
                    wb_put(&b, (uint16_t)(steps | (a->how - GEN_RIDE) << 5 | a->modes << 7 |
                                          (region ? GEN_P_RAY_REGION : 0)));
                    nr++;
                }
                if (!b.failed)
                    b.w[count_at] = (uint16_t)nr;
                /* How many moves this piece could have here: targets times promotion forms. */
                int targets = nl, mult = 1;
                for (int r = 0; r < nr && !b.failed; r++)
                    targets += b.w[count_at + 2 + 2 * r] & 31;
                for (int k = 1; k <= d->nkinds; k++)
                    if (d->kind[k].type == t)
                        mult = mult > 1 + !!d->kind[k].promote + !!d->kind[k].demote
                                   ? mult : 1 + !!d->kind[k].promote + !!d->kind[k].demote;
                if (role == GEN_ROLE_PAWN)
                    mult += d->pawnpromo.n;
                if (targets * mult > d->mob_max)
                    d->mob_max = targets * mult;
                if (!d->type[t].dedupe && !b.failed)
                    d->type[t].dedupe = overlapping(d, b.w + offs[((size_t)side * (size_t)d->ntypes +
                                                                   (size_t)t) * (size_t)d->nsq + (size_t)sq],
                                                    sq);
            }
        }
    bgi_free(&c->arena->alloc, leaps, sizeof *leaps * (GEN_MAX_ATOMS + 1));
    if (b.failed) {
        wb_free(&b);
        return fail(c, BG_E_NO_MEMORY, "out of memory%s", "");
    }
    uint16_t *prog = gen_arena_alloc(c->arena, sizeof *prog * (b.n ? b.n : 1));
    if (!prog) {
        wb_free(&b);
        return fail(c, BG_E_NO_MEMORY, "out of memory (move tables)%s", "");
    }
    if (b.n) /* no pieces, no programs: b.w is NULL */
        memcpy(prog, b.w, sizeof *prog * b.n);
    wb_free(&b);
    d->prog = prog;
    return BG_OK;
}

/* ---------- attack programs and ray masks ---------- */

typedef struct attent {
    int from, nblock, block[2];
    uint32_t mask;
} attent;

static bg_status build_attacks(bctx *c)
{
    gen_def *d = c->d;
    const gen_desc *ds = c->desc;
    /* Reverse leaps: for every target, the origins that capture onto it. */
    int per_target_cap = 0;
    for (int t = 0; t < d->ntypes; t++)
        per_target_cap += c->natoms[t] + 1;
    attent *ents = bgi_malloc(&c->arena->alloc, sizeof *ents * (size_t)per_target_cap);
    uint32_t *offs = gen_arena_alloc(c->arena, sizeof(uint32_t) * (size_t)d->nsq * (size_t)d->sides);
    uint32_t *rok = gen_arena_alloc(c->arena, sizeof(uint32_t) * (size_t)d->nsq * (size_t)d->sides);
    uint32_t *poffs = gen_arena_alloc(c->arena, sizeof(uint32_t) * (size_t)d->nsq * (size_t)d->sides);
    uint32_t *loffs = gen_arena_alloc(c->arena, sizeof(uint32_t) * (size_t)d->nsq * (size_t)d->sides);
    wbuf b = {NULL, 0, 0, &c->arena->alloc, 0};
    wbuf pb = {NULL, 0, 0, &c->arena->alloc, 0}; /* plain leaps: uint32 values as word pairs */
    wbuf lb = {NULL, 0, 0, &c->arena->alloc, 0};
    if (!ents || !offs || !rok || !poffs || !loffs) {
        bgi_free(&c->arena->alloc, ents, sizeof *ents * (size_t)per_target_cap);
        return fail(c, BG_E_NO_MEMORY, "out of memory%s", "");
    }
    for (int side = 0; side < d->sides; side++) {
        d->att_at[side] = offs + (size_t)side * (size_t)d->nsq;
        d->plain_at[side] = poffs + (size_t)side * (size_t)d->nsq;
        d->lame_at[side] = loffs + (size_t)side * (size_t)d->nsq;
        d->region_ok[side] = rok + (size_t)side * (size_t)d->nsq;
        int fw = d->forward[side];
        for (int sq = 0; sq < d->nsq; sq++) {
            uint32_t ok = 0;
            for (int t = 0; t < d->ntypes; t++)
                if (!d->region[side][t] || gen_bit(d->region[side][t], sq))
                    ok |= c->type_kinds[t];
            rok[(size_t)side * (size_t)d->nsq + (size_t)sq] = ok;
        }
        for (int sq = 0; sq < d->nsq; sq++) {
            offs[(size_t)side * (size_t)d->nsq + (size_t)sq] = (uint32_t)b.n;
            int n = 0;
            for (int t = 0; t < d->ntypes; t++) {
                int role = d->type[t].role;
                for (int i = 0; i < c->natoms[t]; i++) {
                    const gen_atom *a = &c->atoms[t][i];
                    int from, dx = a->dx * fw, dy = a->dy * fw;
                    if (a->how != GEN_LEAP || a->initial || !(a->modes & GEN_MODE_CAPTURE))
                        continue;
                    if (!on_board(d, sq, -dx, -dy, &from))
                        continue;
                    if (role == GEN_ROLE_SOLDIER && dx != 0 &&
                        rel_rank(d, side, from) < ds->soldier_promotion_rank)
                        continue;
                    int pawn_cap = role == GEN_ROLE_PAWN && a->modes == GEN_MODE_CAPTURE;
                    if (d->region[side][t] && !gen_bit(d->region[side][t], sq) && !pawn_cap)
                        continue;
                    attent x = {from, 0, {0, 0}, c->type_kinds[t]};
                    if (a->lame)
                        x.nblock = lame_path(d, from, dx, dy, x.block);
                    int merged = 0;
                    for (int j = 0; j < n && !merged; j++)
                        if (ents[j].from == x.from && ents[j].nblock == x.nblock &&
                            (!x.nblock || (ents[j].block[0] == x.block[0] &&
                                           (x.nblock < 2 || ents[j].block[1] == x.block[1])))) {
                            ents[j].mask |= x.mask;
                            merged = 1;
                        }
                    if (!merged)
                        ents[n++] = x;
                    if (a->lame)
                        d->has_lame[side] |= c->type_kinds[t];
                }
            }
            wb_put(&b, (uint16_t)n);
            for (int j = 0; j < n; j++) {
                wb_put(&b, (uint16_t)ents[j].from);
                wb_put(&b, (uint16_t)(ents[j].mask & 0xffff));
                wb_put(&b, (uint16_t)(ents[j].mask >> 16));
                wb_put(&b, (uint16_t)ents[j].nblock);
                for (int k = 0; k < ents[j].nblock; k++)
                    wb_put(&b, (uint16_t)ents[j].block[k]);
            }
            /* The split copies: plain leaps (pb, in 32-bit units), lame ones (lb). */
            int np = 0, nlm = 0;
            for (int j = 0; j < n; j++)
                np += !ents[j].nblock, nlm += ents[j].nblock > 0;
            poffs[(size_t)side * (size_t)d->nsq + (size_t)sq] = (uint32_t)(pb.n / 2);
            wb_put(&pb, (uint16_t)np);
            wb_put(&pb, 0);
            for (int j = 0; j < n; j++)
                if (!ents[j].nblock) {
                    wb_put(&pb, (uint16_t)ents[j].from);
                    wb_put(&pb, 0);
                    wb_put(&pb, (uint16_t)(ents[j].mask & 0xffff));
                    wb_put(&pb, (uint16_t)(ents[j].mask >> 16));
                }
            loffs[(size_t)side * (size_t)d->nsq + (size_t)sq] = (uint32_t)lb.n;
            wb_put(&lb, (uint16_t)nlm);
            for (int j = 0; j < n; j++)
                if (ents[j].nblock) {
                    wb_put(&lb, (uint16_t)ents[j].from);
                    wb_put(&lb, (uint16_t)(ents[j].mask & 0xffff));
                    wb_put(&lb, (uint16_t)(ents[j].mask >> 16));
                    wb_put(&lb, (uint16_t)ents[j].nblock);
                    for (int k = 0; k < ents[j].nblock; k++)
                        wb_put(&lb, (uint16_t)ents[j].block[k]);
                }
        }
        /* Ray masks, seen from the target: the attacker stands along the opposite direction. */
        for (int t = 0; t < d->ntypes; t++)
            for (int i = 0; i < c->natoms[t]; i++) {
                const gen_atom *a = &c->atoms[t][i];
                if (a->how == GEN_LEAP || a->initial || !(a->modes & GEN_MODE_CAPTURE))
                    continue;
                int dir = dir_index(c, -a->dx * fw, -a->dy * fw);
                if (a->how != GEN_RIDE)
                    d->has_hop[side] |= c->type_kinds[t];
                if (a->how == GEN_HOP)
                    d->hop[side][dir] |= c->type_kinds[t];
                else if (a->how == GEN_GRASS)
                    d->grass[side][dir] |= c->type_kinds[t];
                else
                    for (int k = 1; k <= GEN_MAX_FILES; k++)
                        if (!a->range || k <= a->range)
                            d->slide[side][dir][k] |= c->type_kinds[t];
            }
        if (ds->flying_general && d->royal_kind) {
            static const int o[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
            for (int i = 0; i < 4; i++) {
                d->fly[dir_index(c, o[i][0], o[i][1])] = (uint32_t)1 << d->royal_kind;
            }
        }
        for (int dir = 0; dir < d->ndirs; dir++) {
            uint32_t any = d->hop[side][dir] | d->grass[side][dir] | d->fly[dir];
            for (int k = 1; k <= GEN_MAX_FILES; k++)
                any |= d->slide[side][dir][k];
            if (any)
                d->adirs[side][d->nadirs[side]++] = (uint8_t)dir;
        }
    }
    bgi_free(&c->arena->alloc, ents, sizeof *ents * (size_t)per_target_cap);
    uint16_t *att = b.failed || pb.failed || lb.failed ? NULL : gen_arena_alloc(c->arena, sizeof *att * (b.n ? b.n : 1));
    uint32_t *plain = att ? gen_arena_alloc(c->arena, sizeof(uint16_t) * (pb.n ? pb.n : 2)) : NULL;
    uint16_t *lame = plain ? gen_arena_alloc(c->arena, sizeof *lame * (lb.n ? lb.n : 1)) : NULL;
    if (lame) {
        if (b.n)
            memcpy(att, b.w, sizeof *att * b.n);
        /* The pairs of 16-bit words become 32-bit values (low word first, whatever the endianness). */
        for (size_t i = 0; i + 1 < pb.n; i += 2)
            plain[i / 2] = (uint32_t)pb.w[i] | (uint32_t)pb.w[i + 1] << 16;
        if (lb.n)
            memcpy(lame, lb.w, sizeof *lame * lb.n);
    }
    wb_free(&b);
    wb_free(&pb);
    wb_free(&lb);
    if (!lame)
        return fail(c, BG_E_NO_MEMORY, "out of memory (attack tables)%s", "");
    d->att = att;
    d->plain = plain;
    d->lame = lame;
    return BG_OK;
}

/* ---------- regions, zones, drops ---------- */

/* Squares from which a type has no quiet move on an empty board (immobilityIllegal). */
static void immobile_set(bctx *c, int side, int t, uint64_t *out)
{
    gen_def *d = c->d;
    int fw = d->forward[side];
    for (int sq = 0; sq < d->nsq; sq++) {
        int mobile = 0, to;
        for (int i = 0; i < c->natoms[t] && !mobile; i++) {
            const gen_atom *a = &c->atoms[t][i];
            if (a->initial || !(a->modes & GEN_MODE_MOVE))
                continue;
            mobile = on_board(d, sq, a->dx * fw, a->dy * fw, &to);
        }
        if (!mobile)
            gen_bit_set(out, sq);
    }
}

static bg_status build_zones(bctx *c)
{
    gen_def *d = c->d;
    const gen_desc *ds = c->desc;
    for (int side = 0; side < d->sides; side++) {
        uint64_t *pz = new_set(c), *pawnz = new_set(c), *dst = new_set(c), *fl = new_set(c);
        if (!pz || !pawnz || !dst || !fl)
            return fail(c, BG_E_NO_MEMORY, "out of memory%s", "");
        for (int sq = 0; sq < d->nsq; sq++) {
            int rr = rel_rank(d, side, sq);
            if (!ds->promo_region_set[side] && rr >= ds->promotion_rank)
                gen_bit_set(pz, sq);
            if (!ds->promo_region_set[side] &&
                (ds->mandatory_pawn_promotion ? rr == ds->promotion_rank : rr >= ds->promotion_rank))
                gen_bit_set(pawnz, sq);
            if (!ds->dstep_region_set[side] &&
                (rr == ds->double_step_rank || (ds->first_rank_double_steps && rr == 0)))
                gen_bit_set(dst, sq);
        }
        if (ds->promo_region_set[side]) {
            map_set(d, &ds->promo_region[side], pz);
            map_set(d, &ds->promo_region[side], pawnz);
        }
        if (ds->dstep_region_set[side])
            map_set(d, &ds->dstep_region[side], dst);
        map_set(d, &ds->flag_region[side], fl);
        d->pzone[side] = pz;
        d->pawn_zone[side] = pawnz;
        d->dstep[side] = dst;
        d->flag[side] = fl;
        d->dstep_rank[side] = side == 0 ? ds->double_step_rank : d->h - 1 - ds->double_step_rank;
        for (int t = 0; t < d->ntypes; t++) {
            if (d->type[t].has_region[side]) {
                uint64_t *r = new_set(c);
                if (!r)
                    return fail(c, BG_E_NO_MEMORY, "out of memory%s", "");
                map_set(d, &ds->slot[d->type[t].slot].region[side], r);
                d->region[side][t] = r;
            }
            uint64_t *im = new_set(c);
            if (!im)
                return fail(c, BG_E_NO_MEMORY, "out of memory%s", "");
            immobile_set(c, side, t, im);
            d->immobile[side][t] = im;
        }
    }
    return BG_OK;
}

static bg_status build_drops(bctx *c)
{
    gen_def *d = c->d;
    const gen_desc *ds = c->desc;
    if (!ds->piece_drops)
        return BG_OK;
    uint64_t *fm = gen_arena_alloc(c->arena, sizeof(uint64_t) * (size_t)d->nwords * (size_t)d->w);
    if (!fm)
        return fail(c, BG_E_NO_MEMORY, "out of memory%s", "");
    for (int sq = 0; sq < d->nsq; sq++)
        gen_bit_set(fm + (size_t)(sq % d->w) * (size_t)d->nwords, sq);
    d->file_mask = fm;
    /* A mate-limited kind that checks by a ride or a lame leap: its drops are all tried. */
    for (int t = 0; t < d->ntypes; t++)
        for (int i = 0; i < c->natoms[t]; i++) {
            const gen_atom *a = &c->atoms[t][i];
            if ((a->how != GEN_LEAP || a->lame) && (a->modes & GEN_MODE_CAPTURE))
                d->dropmate_slow |= c->type_kinds[t] & d->dropmate_kinds;
        }
    /* Hand kinds are the unpromoted kinds; promoted drops (dropPromoted) come after the plain ones. */
    for (int pass = 0; pass < 2; pass++)
        for (int t = 0; t < d->ntypes; t++) {
            int k = d->type[t].kind, dk = pass ? d->kind[k].promote : k;
            if (!dk || (pass && !ds->drop_promoted))
                continue;
            d->drop_hand[d->ndrops] = (uint8_t)k;
            d->drop_kind[d->ndrops] = (uint8_t)dk;
            d->ndrops++;
        }
    for (int side = 0; side < d->sides; side++) {
        uint64_t *dr = new_set(c);
        if (!dr)
            return fail(c, BG_E_NO_MEMORY, "out of memory%s", "");
        if (ds->drop_region_set[side])
            map_set(d, &ds->drop_region[side], dr);
        else
            for (int sq = 0; sq < d->nsq; sq++)
                gen_bit_set(dr, sq);
        for (int i = 0; i < d->ndrops; i++) {
            int hk = d->drop_hand[i], t = d->kind[hk].type, dt = d->kind[d->drop_kind[i]].type;
            uint64_t *ok = new_set(c);
            if (!ok)
                return fail(c, BG_E_NO_MEMORY, "out of memory%s", "");
            for (int sq = 0; sq < d->nsq; sq++) {
                if (!gen_bit(dr, sq) || (d->region[side][t] && !gen_bit(d->region[side][t], sq)))
                    continue;
                if (d->type[t].role == GEN_ROLE_PAWN) {
                    if (!ds->promotion_zone_pawn_drops && gen_bit(d->pzone[side], sq))
                        continue;
                    if (!ds->first_rank_pawn_drops && rel_rank(d, side, sq) == 0)
                        continue;
                }
                if (ds->immobility_illegal && gen_bit(d->immobile[side][dt], sq))
                    continue;
                gen_bit_set(ok, sq);
            }
            d->drop_ok[side][i] = ok;
        }
    }
    return BG_OK;
}

/* ---------- hashing ---------- */

static uint64_t splitmix(uint64_t *s)
{
    uint64_t z = (*s += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

static bg_status build_keys(bctx *c)
{
    gen_def *d = c->d;
    size_t n = (size_t)d->sides * (size_t)(d->nkinds + 1) * (size_t)d->nsq;
    uint64_t *z = gen_arena_alloc(c->arena, sizeof *z * n);
    if (!z)
        return fail(c, BG_E_NO_MEMORY, "out of memory%s", "");
    /* A fixed seed: keys stay the same across releases for the same definition. */
    uint64_t s = 0x6c62677633726e67ULL;
    for (size_t i = 0; i < n; i++)
        z[i] = splitmix(&s);
    d->zobrist = z;
    d->zob_side = splitmix(&s);
    for (int i = 0; i < 16; i++)
        d->zob_castle[i] = i ? splitmix(&s) : 0;
    for (int i = 0; i < GEN_MAX_FILES; i++)
        d->zob_ep[i] = splitmix(&s);
    d->zob_seed = splitmix(&s);
    size_t nh = (size_t)d->sides * (size_t)(d->nkinds + 1) * 16;
    uint64_t *zh = gen_arena_alloc(c->arena, sizeof *zh * nh);
    if (!zh)
        return fail(c, BG_E_NO_MEMORY, "out of memory%s", "");
    for (int side = 0; side < d->sides; side++)
        for (int k = 0; k <= d->nkinds; k++)
            for (int n = 0; n < 16; n++)
                zh[((size_t)side * (size_t)(d->nkinds + 1) + (size_t)k) * 16 + (size_t)n] =
                    gen_hand_key_slow(d, side, k, n);
    d->zob_hand = zh;
    return BG_OK;
}

/* Whether any target of a move program lies in a set (rays: every square along them). */
static int reaches(const uint16_t *p, int from, const uint64_t *set, int skip_double)
{
    int nl = *p++;
    for (int i = 0; i < nl; i++) {
        unsigned e = *p++;
        p += (e & GEN_P_NBLOCK) >> 12;
        if (!(skip_double && (e & GEN_P_DOUBLE)) && gen_bit(set, (int)(e & GEN_P_SQ)))
            return 1;
    }
    int nr = *p++;
    for (int i = 0; i < nr; i++, p += 2)
        for (int k = 0, s = from; k < (p[1] & 31); k++)
            if (gen_bit(set, s += (int16_t)p[0]))
                return 1;
    return 0;
}

/* The squares from which a kind's moves need no promotion or immobility handling. */
static bg_status build_plain(bctx *c)
{
    gen_def *d = c->d;
    for (int side = 0; side < d->sides; side++)
        for (int k = 1; k <= d->nkinds; k++) {
            const gen_kind *kd = &d->kind[k];
            int t = kd->type, pawn = d->type[t].role == GEN_ROLE_PAWN;
            uint64_t *pf = new_set(c);
            if (!pf)
                return fail(c, BG_E_NO_MEMORY, "out of memory%s", "");
            for (int sq = 0; sq < d->nsq; sq++) {
                const uint16_t *p = d->prog + d->moves_at[side][t][sq];
                int plain = 1;
                if (pawn)
                    plain = !reaches(p, sq, d->pawn_zone[side], 1);
                else if (kd->promote || kd->demote)
                    plain = !gen_bit(d->pzone[side], sq) && !reaches(p, sq, d->pzone[side], 0);
                if (plain && c->desc->immobility_illegal)
                    plain = !reaches(p, sq, d->immobile[side][t], 0);
                if (plain)
                    gen_bit_set(pf, sq);
            }
            d->plain_from[side][k] = pf;
        }
    return BG_OK;
}

bg_status gen_build(gen_def *d, const gen_desc *desc, gen_arena *arena, bg_error *err)
{
    bctx *c = bgi_malloc(&arena->alloc, sizeof *c);
    if (!c)
        return gen_fail_at(err, BG_E_NO_MEMORY, desc->line, desc->offset, "out of memory");
    memset(c, 0, sizeof *c);
    c->d = d;
    c->desc = desc;
    c->arena = arena;
    c->err = err;
    memset(d, 0, sizeof *d);
    d->desc = desc;
    d->w = desc->files;
    d->h = desc->ranks;
    d->nsq = d->w * d->h;
    d->sides = 2;
    d->forward[0] = 1;
    d->forward[1] = -1;
    d->nwords = (d->nsq + 63) / 64;
    /* Castling needs its squares on the board: the king's targets and the rook's beside them. */
    d->castling = desc->castling && desc->castling_rank < d->h && desc->castling_kingside_file >= 1 &&
                  desc->castling_kingside_file < d->w && desc->castling_queenside_file + 1 < d->w;
    for (int side = 0; side < d->sides; side++) {
        int rank = side == 0 ? desc->castling_rank : d->h - 1 - desc->castling_rank;
        d->castle_rank[side] = rank;
        d->castle_kto[side][0] = rank * d->w + desc->castling_kingside_file;
        d->castle_kto[side][1] = rank * d->w + desc->castling_queenside_file;
        d->castle_rto[side][0] = d->castle_kto[side][0] - 1;
        d->castle_rto[side][1] = d->castle_kto[side][1] + 1;
    }
    bg_status s = build_kinds(c);
    if (s == BG_OK)
        s = build_dirs(c);
    if (s == BG_OK)
        s = build_zones(c);
    if (s == BG_OK)
        s = build_programs(c);
    if (s == BG_OK)
        s = build_attacks(c);
    if (s == BG_OK)
        s = build_plain(c);
    if (s == BG_OK)
        s = build_drops(c);
    if (s == BG_OK)
        s = build_keys(c);
    d->state_size = (offsetof(gen_state, board) + (size_t)d->nsq + 7) / 8 * 8;
    d->max_moves = BGI_MAX_MOVES;
    bgi_free(&arena->alloc, c, sizeof *c);
    return s;
}
