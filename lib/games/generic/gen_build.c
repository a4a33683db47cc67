/*
** libboardgames — compiling a variant description into the engine's tables: kinds, ray
** directions, regions and zones, drops, Zobrist keys (the per-square programs: gen_build_tables.c).
*/
#include "gen_build_shared.h"

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
        for (int side = 0; side < GEN_WB_SIDES; side++)
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

static bg_status build_dirs(bctx *c)
{
    gen_def *d = c->d;
    /* Every rider direction as each side faces, both ways, and the orthogonals of a flying general. */
    for (int side = 0; side < d->sides; side++)
        for (int t = 0; t < d->ntypes; t++)
            for (int i = 0; i < c->natoms[t]; i++) {
                const gen_atom *a = &c->atoms[t][i];
                int dx, dy;
                if (a->how == GEN_LEAP)
                    continue;
                orient(d, side, a->dx, a->dy, &dx, &dy);
                if (gen_dir_index(c, dx, dy) < 0 || gen_dir_index(c, -dx, -dy) < 0)
                    return fail(c, BG_E_LIMIT, "more than %s ray directions", "32");
            }
    if (c->desc->flying_general) {
        static const int o[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
        for (int i = 0; i < 4; i++)
            if (gen_dir_index(c, o[i][0], o[i][1]) < 0)
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
                if (f < 0 || r < 0 || f >= d->w || r >= d->h || is_hole(d, r * d->w + f))
                    break; /* a hole ends the line as the edge does */
                n++;
            }
            steps[sq * d->ndirs + i] = (uint8_t)n;
        }
    d->dir_steps = steps;
    return BG_OK;
}

/* ---------- regions, zones, drops ---------- */

/* Squares from which a type has no quiet move on an empty board (immobilityIllegal). */
static void immobile_set(bctx *c, int side, int t, uint64_t *out)
{
    gen_def *d = c->d;
    for (int sq = 0; sq < d->nsq; sq++) {
        int mobile = 0, to, dx, dy;
        for (int i = 0; i < c->natoms[t] && !mobile; i++) {
            const gen_atom *a = &c->atoms[t][i];
            if (a->initial || !(a->modes & GEN_MODE_MOVE))
                continue;
            orient(d, side, a->dx, a->dy, &dx, &dy);
            mobile = on_board(d, sq, dx, dy, &to);
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
        /* Regions of White and Black (keys of two-sided variants only: gen_desc_check). */
        int wb = side < GEN_WB_SIDES, promo_set = wb && ds->promo_region_set[side];
        int dstep_set = wb && ds->dstep_region_set[side];
        for (int sq = 0; sq < d->nsq; sq++) {
            int rr = rel_rank(d, side, sq);
            if (!promo_set && rr >= ds->promotion_rank)
                gen_bit_set(pz, sq);
            if (!promo_set &&
                (ds->mandatory_pawn_promotion ? rr == ds->promotion_rank : rr >= ds->promotion_rank))
                gen_bit_set(pawnz, sq);
            if (!dstep_set && (rr == ds->double_step_rank || (ds->first_rank_double_steps && rr == 0)))
                gen_bit_set(dst, sq);
        }
        if (promo_set) {
            map_set(d, &ds->promo_region[side], pz);
            map_set(d, &ds->promo_region[side], pawnz);
        }
        if (dstep_set)
            map_set(d, &ds->dstep_region[side], dst);
        if (wb)
            map_set(d, &ds->flag_region[side], fl);
        d->pzone[side] = pz;
        d->pawn_zone[side] = pawnz;
        d->dstep[side] = dst;
        d->flag[side] = fl;
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
        if (side < GEN_WB_SIDES && ds->drop_region_set[side])
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
    /* The side to move: zob_side toggles between two sides; more sides draw keys of their own. */
    d->zob_turn[1] = d->zob_side;
    for (int side = 2; side < d->sides; side++)
        d->zob_turn[side] = splitmix(&s);
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
    d->sides = desc->sides;
    d->multi = d->sides > 2;
    d->test_all = !desc->checking;
    d->kmap_ok = desc->checking && !d->multi;
    for (int side = 0; side < d->sides; side++) {
        d->facing[side] = desc->facing[side];
        d->forward[side] = desc->facing[side] == GEN_FACE_SOUTH ? -1 : 1;
    }
    d->nwords = (d->nsq + 63) / 64;
    if (desc->holes_set) {
        uint64_t *holes = gen_arena_alloc(arena, sizeof(uint64_t) * (size_t)d->nwords);
        if (!holes) {
            bgi_free(&arena->alloc, c, sizeof *c);
            return gen_fail_at(err, BG_E_NO_MEMORY, desc->line, desc->offset, "out of memory");
        }
        map_set(d, &desc->holes, holes);
        d->holes = holes;
    }
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
    /* The tables in the order they need each other; the first failure stops the build. */
    static bg_status (*const steps[])(bctx *) = {
        build_kinds,       build_dirs,  build_zones, gen_build_programs,
        gen_build_attacks, build_plain, build_drops, build_keys,
    };
    bg_status s = BG_OK;
    for (int i = 0; i < BGI_COUNT(steps) && s == BG_OK; i++)
        s = steps[i](c);
    d->count_off = d->nsq;
    d->state_size = (offsetof(gen_state, board) + (size_t)d->nsq +
                     (size_t)(d->sides - GEN_WB_SIDES) * (size_t)(d->nkinds + 1) + 7) / 8 * 8;
    d->max_moves = BGI_MAX_MOVES;
    bgi_free(&arena->alloc, c, sizeof *c);
    return s;
}
