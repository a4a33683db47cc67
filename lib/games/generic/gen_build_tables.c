/*
** libboardgames — the per-square tables of a variant: move programs of (side, type, square) and
** attack programs of (attacker side, target square), with the ray masks seen from a target.
**
** Move program words (uint16):
**   nleap, then per leap: target | GEN_P_MOVE | GEN_P_CAP | nblock << 12 | GEN_P_DOUBLE,
**          followed by nblock path squares that must be empty;
**   nray, then per ray: (int16) square delta, steps | how << 5 | modes << 7 | GEN_P_RAY_REGION.
** Attack program words: nleap, then per entry origin, kind mask low, kind mask high, nblock,
** path squares; split for the attack test into plain pairs (uint32) and lame entries.
*/
#include "gen_build_shared.h"

/* ---------- ray directions ---------- */

int gen_dir_index(bctx *c, int dx, int dy)
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

bg_status gen_build_programs(bctx *c)
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
            int role = d->type[t].role;
            for (int sq = 0; sq < d->nsq; sq++) {
                offs[((size_t)side * (size_t)d->ntypes + (size_t)t) * (size_t)d->nsq + (size_t)sq] =
                    (uint32_t)b.n;
                int nl = 0, initial_ok = gen_bit(d->dstep[side], sq);
                /* A soldier before soldierPromotionRank only steps along its file. */
                int soldier_file = role == GEN_ROLE_SOLDIER &&
                                   rel_rank(d, side, sq) < ds->soldier_promotion_rank;
                for (int i = 0; i < c->natoms[t]; i++) {
                    const gen_atom *a = &c->atoms[t][i];
                    int to, dx, dy;
                    if (a->how != GEN_LEAP || (a->initial && !initial_ok))
                        continue;
                    if (soldier_file && a->dx != 0)
                        continue;
                    orient(d, side, a->dx, a->dy, &dx, &dy);
                    if (!on_board(d, sq, dx, dy, &to))
                        continue;
                    /* A pawn's captures ignore its mobility region, as in Fairy-Stockfish. */
                    int pawn_cap = role == GEN_ROLE_PAWN && a->modes == GEN_MODE_CAPTURE;
                    if (region && !gen_bit(region, to) && !pawn_cap)
                        continue;
                    leapent x = {to, a->modes, 0, {0, 0}, 0};
                    if (a->lame)
                        x.nblock = lame_path(d, sq, dx, dy, x.block);
                    if (path_holed(d, x.block, x.nblock))
                        continue;
                    add_leap(leaps, &nl, &x);
                }
                /* The pawn's double step from its double-step squares (middle and target empty). */
                if (role == GEN_ROLE_PAWN && ds->double_step && initial_ok) {
                    int mid, to, fx, fy;
                    orient(d, side, 0, 1, &fx, &fy);
                    if (on_board(d, sq, fx, fy, &mid) && on_board(d, sq, 2 * fx, 2 * fy, &to) &&
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
                    int dx, dy;
                    orient(d, side, a->dx, a->dy, &dx, &dy);
                    int dir = gen_dir_index(c, dx, dy);
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

/* An entry as the attack program and the lame copy keep it: origin, kind mask, path squares. */
static void put_attent(wbuf *w, const attent *e)
{
    wb_put(w, (uint16_t)e->from);
    wb_put(w, (uint16_t)(e->mask & 0xffff));
    wb_put(w, (uint16_t)(e->mask >> 16));
    wb_put(w, (uint16_t)e->nblock);
    for (int k = 0; k < e->nblock; k++)
        wb_put(w, (uint16_t)e->block[k]);
}

bg_status gen_build_attacks(bctx *c)
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
                    int from, dx, dy;
                    if (a->how != GEN_LEAP || a->initial || !(a->modes & GEN_MODE_CAPTURE))
                        continue;
                    orient(d, side, a->dx, a->dy, &dx, &dy);
                    if (is_hole(d, sq) || !on_board(d, sq, -dx, -dy, &from))
                        continue;
                    if (role == GEN_ROLE_SOLDIER && a->dx != 0 &&
                        rel_rank(d, side, from) < ds->soldier_promotion_rank)
                        continue;
                    int pawn_cap = role == GEN_ROLE_PAWN && a->modes == GEN_MODE_CAPTURE;
                    if (d->region[side][t] && !gen_bit(d->region[side][t], sq) && !pawn_cap)
                        continue;
                    attent x = {from, 0, {0, 0}, c->type_kinds[t]};
                    if (a->lame)
                        x.nblock = lame_path(d, from, dx, dy, x.block);
                    if (path_holed(d, x.block, x.nblock))
                        continue;
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
            for (int j = 0; j < n; j++)
                put_attent(&b, &ents[j]);
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
                if (ents[j].nblock)
                    put_attent(&lb, &ents[j]);
        }
        /* Ray masks, seen from the target: the attacker stands along the opposite direction. */
        for (int t = 0; t < d->ntypes; t++)
            for (int i = 0; i < c->natoms[t]; i++) {
                const gen_atom *a = &c->atoms[t][i];
                if (a->how == GEN_LEAP || a->initial || !(a->modes & GEN_MODE_CAPTURE))
                    continue;
                int dx, dy;
                orient(d, side, a->dx, a->dy, &dx, &dy);
                int dir = gen_dir_index(c, -dx, -dy);
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
                d->fly[gen_dir_index(c, o[i][0], o[i][1])] = (uint32_t)1 << d->royal_kind;
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

