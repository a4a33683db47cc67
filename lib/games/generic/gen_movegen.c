/*
** libboardgames — generic engine: legal move generation and bulk-counting perft.
**
** Legality: a move is legal when the mover's royal piece is not attacked afterwards. Most moves
** are known legal without trying them: when the side is not in check, only king moves, en
** passant, moves of a piece that shields the king from a slider, hopper or lame leaper
** ("pinned"), and moves onto a square between the king and an enemy hopper ("danger") can expose
** it. Those are played on the board and the king's square tested; all others are emitted as is.
*/
#include <string.h>

#include "gen_attack.h"


typedef struct gen_gen {
    const gen_def *d;
    const gen_state *s;
    uint8_t *b; /* the board, changed and restored while testing moves */
    bg_move *out;
    int n, cap, us, them, ksq, in_check;
    /*
    ** In check, whether a non-king move that reaches an evasion square must still be tried: not
    ** when the checkers are plain leapers and the other side has no rider, hopper or lame leaper,
    ** for then taking the one checker cannot uncover another attack.
    */
    int check_test;
    int leapers_only; /* the other side has plain leapers only: a king's step is legal when none reaches it */
    int multi;      /* more than two sides: every move is tried against every other side */
    int test_piece; /* every move of the piece being generated must be tried (king, pinned, in check) */
    int plain;      /* its moves from here neither promote nor meet immobility: emitted as they are */
    int any_danger; /* some square lies between the king and an enemy hopper */
    int any_pin;    /* pinned holds some square (else it is not even cleared) */
    uint64_t pinned[GEN_SQWORDS], danger[GEN_SQWORDS];
    /* In check: the squares a non-king move must reach (capture or block), unless evade_all. */
    uint64_t evade[GEN_SQWORDS];
    int evade_all, double_check;
    /* King moves: the squares the other side attacks with our king lifted (when use_kmap). */
    uint64_t kmap[GEN_SQWORDS];
    int use_kmap;
    /* One scan of the board: the squares of each side's pieces, and the empty squares. */
    uint16_t mine[GEN_MAX_SQ], theirs[GEN_MAX_SQ];
    int nmine, ntheirs;
    uint64_t empty[GEN_SQWORDS];
} gen_gen;

#define is_in gen_is_in

static inline void emit(gen_gen *g, bg_move m)
{
    if (g->out && g->n < g->cap)
        g->out[g->n] = m;
    g->n++;
}

/* ---------- pins ---------- */

/* Add to pinned and danger what the side g->them pins or threatens (more sides: each in turn). */
static void add_pins(gen_gen *g)
{
    const gen_def *d = g->d;
    const uint8_t *b = g->b;
    int ksq = g->ksq, them = g->them, us = g->us;
    if (ksq == GEN_NO_SQ)
        return;
    const uint32_t ok = d->region_ok[them][ksq];
    const uint8_t *steps = d->dir_steps + ksq * d->ndirs;
    for (int i = 0; i < d->nadirs[them]; i++) {
        int dir = d->adirs[them][i], left = steps[dir], delta = d->dir_delta[dir], s = ksq, k = 0;
        int sq[3], dist[3], np = 0;
        uint32_t hmask = (d->hop[them][dir] | d->grass[them][dir]) & ok;
        while (left-- && np < (hmask ? 3 : 2)) {
            s += delta;
            k++;
            if (b[s]) {
                sq[np] = s;
                dist[np++] = k;
                if (np == 1 && GEN_SIDE(b[s]) != us && !hmask)
                    break; /* an enemy piece first: nothing of ours to pin behind it */
            }
        }
        if (np >= 2 && GEN_SIDE(b[sq[0]]) == us &&
            is_in(b[sq[1]], them, (d->slide[them][dir][dist[1]] & ok) | d->fly[dir]))
            gen_bit_set(g->pinned, sq[0]);
        if (!hmask)
            continue;
        /*
        ** A hopper among the first three pieces: moving one of ours before it, or adding a piece
        ** before it, may check. The farthest such hopper covers the squares of the nearer ones.
        */
        int far = -1;
        for (int j = 0; j < np; j++)
            if (is_in(b[sq[j]], them, hmask))
                far = j;
        if (far >= 0)
            for (int t = ksq + delta, m = 1; m < dist[far]; t += delta, m++) {
                if (!b[t])
                    gen_bit_set(g->danger, t), g->any_danger = 1;
                else if (GEN_SIDE(b[t]) == us)
                    gen_bit_set(g->pinned, t);
            }
    }
    if (d->has_lame[them]) {
        const uint16_t *p = d->att + d->att_at[them][ksq];
        int n = *p++;
        for (int i = 0; i < n; i++, p += 4 + p[3]) {
            int nb = p[3];
            uint32_t mask = (uint32_t)p[1] | (uint32_t)p[2] << 16;
            if (!nb || !is_in(b[p[0]], them, mask))
                continue;
            int occ = 0, who = -1;
            for (int j = 0; j < nb; j++)
                if (b[p[4 + j]])
                    occ++, who = p[4 + j];
            if (occ == 1 && GEN_SIDE(b[who]) == us)
                gen_bit_set(g->pinned, who);
        }
    }
}

static void mark_pins(gen_gen *g)
{
    memset(g->pinned, 0, sizeof(uint64_t) * (size_t)g->d->nwords);
    memset(g->danger, 0, sizeof(uint64_t) * (size_t)g->d->nwords);
    g->any_danger = 0;
    add_pins(g);
}

/*
** In check: which non-king moves can help. One checker by a plain leap must be taken; one by a
** slide (or a flying general) taken or blocked. Against a lame leaper or a hopper anything may
** help (block the leg, move the screen): every move is tried. Two checkers leave only king
** moves, unless the other side has hoppers (a screen moving off may take the second checker).
*/
static void find_checkers(gen_gen *g)
{
    const gen_def *d = g->d;
    const uint8_t *b = g->b;
    int ksq = g->ksq, them = g->them, n = 0;
    memset(g->evade, 0, sizeof(uint64_t) * (size_t)d->nwords);
    g->evade_all = g->double_check = 0;
    const uint32_t *q = d->plain + d->plain_at[them][ksq];
    for (uint32_t i = 0; i < q[0]; i++)
        if (is_in(b[q[1 + 2 * i]], them, q[2 + 2 * i])) {
            gen_bit_set(g->evade, (int)q[1 + 2 * i]);
            n++;
        }
    if (d->has_lame[them]) {
        const uint16_t *p = d->lame + d->lame_at[them][ksq];
        int nl = *p++;
        for (int i = 0; i < nl; i++, p += 4 + p[3]) {
            uint32_t mask = (uint32_t)p[1] | (uint32_t)p[2] << 16;
            int free = 1;
            for (int k = 0; k < p[3]; k++)
                free &= !b[p[4 + k]];
            if (free && is_in(b[p[0]], them, mask))
                n++, g->evade_all = 1;
        }
    }
    const uint32_t ok = d->region_ok[them][ksq];
    const uint8_t *steps = d->dir_steps + ksq * d->ndirs;
    for (int i = 0; i < d->nadirs[them]; i++) {
        int dir = d->adirs[them][i], left = steps[dir], delta = d->dir_delta[dir], s = ksq, k = 0;
        while (left--) {
            s += delta;
            k++;
            if (b[s])
                break;
        }
        if (k == 0 || !b[s])
            continue;
        if (is_in(b[s], them, (d->slide[them][dir][k] & ok) | d->fly[dir])) {
            for (int t = ksq + delta, m = 0; m < k; t += delta, m++)
                gen_bit_set(g->evade, t);
            n++;
            continue;
        }
        uint32_t hop = (d->hop[them][dir] | (k == 1 ? d->grass[them][dir] : 0)) & ok;
        while (hop && left-- > 0) {
            s += delta;
            if (b[s]) {
                if (is_in(b[s], them, hop))
                    n++, g->evade_all = 1;
                break;
            }
        }
    }
    if (n >= 2) {
        if (d->has_hop[them])
            g->evade_all = 1;
        else
            g->double_check = 1;
    }
}

/*
** Every square `them` attacks with our king lifted off the board: for a king with many moves one
** pass over the enemy pieces is cheaper than testing each move. Lifting the king is exact: an
** attack on a square never passes through it, and a piece taken there attacks other squares only.
*/
/*
** Where a ray's walk begins: at the piece itself for a slider; for a hopper or grasshopper at the
** first piece along the ray, since they land beyond it (-1 when none stands within reach, *left
** then spent). Shared by the king-zone map and the move count, which must walk rays alike.
*/
static inline int ray_walk_start(const uint8_t *b, int from, int delta, int how, int *left)
{
    int s = from;
    if (how != GEN_P_RAY_SLIDE) {
        while ((*left)-- > 0 && !b[s += delta])
            ;
        if (*left < 0)
            return -1;
    }
    return s;
}

static void build_kmap(gen_gen *g)
{
    const gen_def *d = g->d;
    uint8_t *b = g->b;
    int them = g->them, ksq = g->ksq;
    uint64_t *m = g->kmap;
    memset(m, 0, sizeof(uint64_t) * (size_t)d->nwords);
    uint8_t king = b[ksq];
    b[ksq] = 0;
    for (int j = 0; j < g->ntheirs; j++) {
        int from = g->theirs[j];
        uint8_t c = b[from];
        int type = d->kind[GEN_KIND(c)].type;
        const uint16_t *p = d->prog + d->moves_at[them][type][from];
        int nl = *p++;
        for (int i = 0; i < nl; i++) {
            unsigned e = *p++;
            int nb = (e & GEN_P_NBLOCK) >> 12, blocked = 0;
            for (int k = 0; k < nb; k++)
                blocked |= b[p[k]];
            p += nb;
            if (!blocked && (e & GEN_P_CAP))
                gen_bit_set(m, (int)(e & GEN_P_SQ));
        }
        int nr = *p++;
        for (int i = 0; i < nr; i++, p += 2) {
            int delta = (int16_t)p[0], w = p[1], left = w & 31, how = (w >> 5) & 3, modes = (w >> 7) & 3;
            if (!(modes & GEN_MODE_CAPTURE))
                continue;
            const uint64_t *region = (w & GEN_P_RAY_REGION) ? d->region[them][type] : NULL;
            int s = ray_walk_start(b, from, delta, how, &left);
            if (s < 0)
                continue;
            while (left-- > 0) {
                s += delta;
                if (!region || gen_bit(region, s))
                    gen_bit_set(m, s);
                if (b[s] || how == GEN_P_RAY_GRASS)
                    break;
            }
        }
    }
    /* Flying generals: the other king sees along its file and rank up to the first piece. */
    int ek = g->s->royal[them];
    if (ek != GEN_NO_SQ)
        for (int dir = 0; dir < d->ndirs; dir++) {
            if (!(d->fly[dir] >> GEN_KIND(b[ek]) & 1))
                continue;
            int s = ek, left = d->dir_steps[ek * d->ndirs + dir];
            while (left-- > 0) {
                s += d->dir_delta[dir];
                gen_bit_set(m, s);
                if (b[s])
                    break;
            }
        }
    b[ksq] = king;
}

/* ---------- testing a move on the board ---------- */

/* Whether our king on k is attacked on board b: by the other side, or by any other of several. */
static inline int king_attacked(const gen_gen *g, const uint8_t *b, int k)
{
    return g->multi ? gen_attacked_by_others(g->d, b, k, g->us) : gen_attacked_inline(g->d, b, k, g->them);
}

/* Whether a piece of `side` leaps to sq, for a side whose pieces are all plain leapers. */
static inline int leaped(const gen_def *d, const uint8_t *b, int sq, int side)
{
    const uint32_t *q = d->plain + d->plain_at[side][sq];
    for (uint32_t i = 0, n = q[0]; i < n; i++)
        if (is_in(b[q[1 + 2 * i]], side, q[2 + 2 * i]))
            return 1;
    return 0;
}

/* Whether the king is safe after moving from -> to (victim: a square also emptied, or -1). */
static int safe_after(gen_gen *g, int from, int to, int victim)
{
    uint8_t *b = g->b;
    uint8_t cf = b[from], ct = b[to], cv = victim >= 0 ? b[victim] : 0;
    b[to] = cf;
    b[from] = 0;
    if (victim >= 0)
        b[victim] = 0;
    int k = from == g->ksq ? to : g->ksq;
    int ok = k == GEN_NO_SQ || !king_attacked(g, b, k);
    if (ok && !g->d->desc->checking) {
        int ek = g->s->royal[g->them];
        ok = ek == GEN_NO_SQ || !gen_attacked_inline(g->d, b, ek, g->us);
    }
    if (victim >= 0)
        b[victim] = cv;
    b[from] = cf;
    b[to] = ct;
    return ok;
}

static int drop_safe(gen_gen *g, int to, uint8_t code, int *gives_check)
{
    uint8_t *b = g->b;
    b[to] = code;
    int ok = g->ksq == GEN_NO_SQ || !gen_attacked_inline(g->d, b, g->ksq, g->them);
    int ek = g->s->royal[g->them];
    *gives_check = ok && ek != GEN_NO_SQ && gen_attacked_inline(g->d, b, ek, g->us);
    b[to] = 0;
    return ok;
}

/* ---------- board moves with their promotion choices ---------- */

static inline int immobile(const gen_def *d, int us, int type, int to)
{
    return d->desc->immobility_illegal && gen_bit(d->immobile[us][type], to);
}

static int limit_ok(const gen_gen *g, int kind)
{
    const gen_def *d = g->d;
    int t = d->kind[kind].type, lim = d->type[t].limit;
    return !lim || gen_type_count(d, g->s, g->us, t) < lim;
}

/* A pseudo-legal board move of `kind` from -> to; emits it in every legal form. */
static void board_move(gen_gen *g, int kind, int from, int to, int cap, int dbl)
{
    const gen_def *d = g->d;
    const gen_desc *ds = d->desc;
    const gen_kind *kd = &d->kind[kind];
    int us = g->us, type = kd->type;
    if (g->in_check && from != g->ksq && !g->evade_all && !gen_bit(g->evade, to))
        return;
    if (from == g->ksq && g->use_kmap) {
        if (gen_bit(g->kmap, to))
            return;
    } else if ((g->test_piece || (g->any_danger && gen_bit(g->danger, to))) &&
               !safe_after(g, from, to, -1)) {
        return;
    }
    bg_move m = gen_mv(from, to);
    if (g->plain) {
        emit(g, m);
        return;
    }
    if (d->type[type].role == GEN_ROLE_PAWN && !dbl && gen_bit(d->pawn_zone[us], to)) {
        if (!ds->mandatory_pawn_promotion && !immobile(d, us, type, to))
            emit(g, m);
        for (int i = 0; i < d->pawnpromo.n; i++)
            if (limit_ok(g, d->pawnpromo.kind[i]))
                emit(g, m | (bg_move)d->pawnpromo.kind[i] << 18 | BG_MOVE_PROMOTION);
        if (kd->promote && !(ds->piece_promotion_on_capture && !cap) && limit_ok(g, kd->promote))
            emit(g, m | (bg_move)kd->promote << 18 | BG_MOVE_PROMOTION);
        return;
    }
    if (d->type[type].role != GEN_ROLE_PAWN && (kd->promote || kd->demote)) {
        int can_p = kd->promote && limit_ok(g, kd->promote), can_d = kd->demote != 0;
        if (can_p || can_d) {
            int zf = gen_bit(d->pzone[us], from), zt = gen_bit(d->pzone[us], to);
            int oncap = ds->piece_promotion_on_capture;
            int normal = !ds->mandatory_piece_promotion || (!zf && !zt) || (oncap && !cap);
            int elig = (zf || zt) && (!oncap || cap);
            if (normal && !immobile(d, us, type, to))
                emit(g, m);
            if (elig && can_p)
                emit(g, m | (bg_move)kd->promote << 18 | BG_MOVE_PROMOTION);
            if (elig && can_d)
                emit(g, m | (bg_move)kd->demote << 18 | BG_MOVE_PROMOTION);
            return;
        }
    }
    if (!immobile(d, us, type, to))
        emit(g, m);
}

/* A piece whose moves may reach a square twice (gen_type.dedupe) goes through this filter. */
typedef struct seen_set {
    uint64_t w[GEN_SQWORDS];
} seen_set;

static void once(gen_gen *g, seen_set *seen, int kind, int from, int to, int cap, int dbl)
{
    if (seen) {
        if (gen_bit(seen->w, to))
            return;
        gen_bit_set(seen->w, to);
    }
    board_move(g, kind, from, to, cap, dbl);
}

/*
** The bulk count of a piece whose every pseudo-legal move is single: its program's targets that
** are empty (quiet modality) or enemy (capture modality), and that lie in `only` when given (in
** check: the checker's square). `leap_safe` >= 0 counts a king's steps: a target must also be
** out of reach of that side, whose pieces are all plain leapers (so lifting the king uncovers
** nothing, and the plain attack table alone decides).
*/
static inline __attribute__((always_inline)) int count_targets(const gen_def *d, const uint8_t *b,
                                                               const uint16_t *p, int from, int us,
                                                               int type, const uint64_t *only,
                                                               int leap_safe)
{
#define COUNT_OK(sq) ((!only || gen_bit(only, sq)) && (leap_safe < 0 || !leaped(d, b, sq, leap_safe)))
    int n = 0, nl = *p++;
    for (int i = 0; i < nl; i++) {
        unsigned e = *p++;
        int nb = (e & GEN_P_NBLOCK) >> 12, to = e & GEN_P_SQ;
        int blocked = 0;
        for (int k = 0; k < nb; k++)
            blocked |= b[p[k]];
        p += nb;
        uint8_t t = b[to];
        n += !blocked && (t ? (e & GEN_P_CAP) && GEN_SIDE(t) != us : (e & GEN_P_MOVE) != 0) && COUNT_OK(to);
    }
    int nr = *p++;
    for (int i = 0; i < nr; i++, p += 2) {
        int delta = (int16_t)p[0], w = p[1], left = w & 31, how = (w >> 5) & 3, modes = (w >> 7) & 3;
        const uint64_t *region = (w & GEN_P_RAY_REGION) ? d->region[us][type] : NULL;
        int s = ray_walk_start(b, from, delta, how, &left);
        if (s < 0)
            continue;
        while (left-- > 0) {
            s += delta;
            uint8_t t = b[s];
            int land = (!region || gen_bit(region, s)) && COUNT_OK(s);
            if (!t) {
                n += land && (modes & GEN_MODE_MOVE);
            } else {
                n += land && (modes & GEN_MODE_CAPTURE) && GEN_SIDE(t) != us;
                break;
            }
            if (how == GEN_P_RAY_GRASS)
                break;
        }
    }
#undef COUNT_OK
    return n;
}

/* Every move of the piece on `from` by its program. */
static inline __attribute__((always_inline)) void piece_moves(gen_gen *g, int from)
{
    const gen_def *d = g->d;
    const uint8_t *b = g->b;
    int us = g->us, kind = GEN_KIND(b[from]), type = d->kind[kind].type;
    seen_set seen_store, *seen = NULL;
    if (g->double_check && from != g->ksq)
        return;
    g->test_piece = g->check_test || from == g->ksq || (g->any_pin && gen_bit(g->pinned, from)) ||
                    d->test_all;
    g->plain = gen_bit(d->plain_from[us][kind], from);
    const uint16_t *p = d->prog + d->moves_at[us][type][from];
    if (!g->out && g->plain && !g->any_danger && !d->type[type].dedupe) {
        if (!g->test_piece) {
            const uint64_t *only = g->in_check && !g->evade_all ? g->evade : NULL;
            g->n += only ? count_targets(d, b, p, from, us, type, only, -1)
                         : count_targets(d, b, p, from, us, type, NULL, -1);
            return;
        }
        if (from == g->ksq && g->leapers_only) {
            g->n += count_targets(d, b, p, from, us, type, NULL, g->them);
            return;
        }
    }
    /* A king with many possible steps: one attack map instead of a test per step. */
    g->use_kmap = 0;
    if (from == g->ksq && d->kmap_ok) {
        const uint16_t *kp = p;
        int cand = 0, nl = kp[0];
        for (int i = 0, j = 1; i < nl; i++) {
            unsigned e = kp[j];
            uint8_t t = b[e & GEN_P_SQ];
            cand += !t || GEN_SIDE(t) != us;
            j += 1 + ((e & GEN_P_NBLOCK) >> 12);
        }
        if (cand >= 4) {
            build_kmap(g);
            g->use_kmap = 1;
        }
    }
    if (d->type[type].dedupe) {
        seen = &seen_store;
        memset(seen->w, 0, sizeof(uint64_t) * (size_t)d->nwords);
    }
    int nl = *p++;
    for (int i = 0; i < nl; i++) {
        unsigned e = *p++;
        int nb = (e & GEN_P_NBLOCK) >> 12, to = e & GEN_P_SQ;
        int blocked = 0;
        for (int k = 0; k < nb; k++)
            blocked |= b[p[k]];
        p += nb;
        if (blocked)
            continue;
        uint8_t t = b[to];
        if (!t) {
            if (e & GEN_P_MOVE)
                once(g, seen, kind, from, to, 0, (e & GEN_P_DOUBLE) != 0);
        } else if ((e & GEN_P_CAP) && GEN_SIDE(t) != us) {
            once(g, seen, kind, from, to, 1, 0);
        }
    }
    int nr = *p++;
    for (int i = 0; i < nr; i++, p += 2) {
        int delta = (int16_t)p[0], w = p[1], left = w & 31, how = (w >> 5) & 3, modes = (w >> 7) & 3;
        const uint64_t *region = (w & GEN_P_RAY_REGION) ? d->region[us][type] : NULL;
        int s = from;
        if (how == GEN_P_RAY_SLIDE) {
            while (left--) {
                s += delta;
                uint8_t t = b[s];
                if (region && !gen_bit(region, s)) {
                    if (t)
                        break;
                    continue;
                }
                if (!t) {
                    if (modes & GEN_MODE_MOVE)
                        once(g, seen, kind, from, s, 0, 0);
                } else {
                    if ((modes & GEN_MODE_CAPTURE) && GEN_SIDE(t) != us)
                        once(g, seen, kind, from, s, 1, 0);
                    break;
                }
            }
            continue;
        }
        /* Hoppers: find the screen, then land beyond it (grasshoppers: right behind it). */
        while (left-- > 0) {
            s += delta;
            if (b[s])
                break;
        }
        if (left < 0)
            continue;
        while (left-- > 0) {
            s += delta;
            uint8_t t = b[s];
            int land = !region || gen_bit(region, s);
            if (!t) {
                if ((modes & GEN_MODE_MOVE) && land)
                    once(g, seen, kind, from, s, 0, 0);
            } else {
                if ((modes & GEN_MODE_CAPTURE) && GEN_SIDE(t) != us && land)
                    once(g, seen, kind, from, s, 1, 0);
                break;
            }
            if (how == GEN_P_RAY_GRASS)
                break;
        }
    }
}

/* ---------- special moves ---------- */

static void en_passant(gen_gen *g)
{
    const gen_def *d = g->d;
    const gen_state *s = g->s;
    if (s->ep == GEN_NO_SQ)
        return;
    /* Our pawns that capture onto the en-passant square: the attack entries of our side. */
    const uint16_t *p = d->att + d->att_at[g->us][s->ep];
    int n = *p++;
    for (int i = 0; i < n; i++, p += 4 + p[3]) {
        uint32_t mask = ((uint32_t)p[1] | (uint32_t)p[2] << 16) & d->pawn_kinds;
        int from = p[0];
        if (!p[3] && is_in(g->b[from], g->us, mask) && safe_after(g, from, s->ep, s->ep_victim))
            emit(g, gen_mv(from, s->ep));
    }
}

static void castling(gen_gen *g)
{
    const gen_def *d = g->d;
    const gen_state *s = g->s;
    int us = g->us, ksq = s->castle_king[us], royal = ksq == g->ksq;
    uint8_t *b = g->b;
    if (ksq == GEN_NO_SQ || !b[ksq] || GEN_SIDE(b[ksq]) != us)
        return;
    for (int wing = 0; wing < 2; wing++) {
        int right = us * 2 + wing;
        if (!((s->castle >> right) & 1))
            continue;
        int rsq = s->castle_rook[right], kto = d->castle_kto[us][wing], rto = d->castle_rto[us][wing];
        if (b[rsq] != GEN_CODE(us, d->castle_rook_kind))
            continue;
        int lo = ksq, hi = ksq, clear = 1;
        int sqs[4] = {ksq, kto, rsq, rto};
        for (int i = 0; i < 4; i++) {
            lo = sqs[i] < lo ? sqs[i] : lo;
            hi = sqs[i] > hi ? sqs[i] : hi;
        }
        /* Between king and its target and between rook and its target: empty but for the two. */
        for (int t = lo; t <= hi && clear; t++) {
            int kpath = (t >= (ksq < kto ? ksq : kto) && t <= (ksq < kto ? kto : ksq));
            int rpath = (t >= (rsq < rto ? rsq : rto) && t <= (rsq < rto ? rto : rsq));
            if ((kpath || rpath) && t != ksq && t != rsq && b[t])
                clear = 0;
        }
        if (!clear)
            continue;
        /* A king may not pass an attacked square; a piece castling in a kingless variant may. */
        int step = kto > ksq ? -1 : 1, safe = 1;
        for (int t = kto; t != ksq && safe && royal; t += step)
            safe = !gen_attacked_inline(d, b, t, g->them);
        if (safe && royal && d->desc->chess960) {
            uint8_t r = b[rsq];
            b[rsq] = 0;
            safe = !gen_attacked_inline(d, b, kto, g->them);
            b[rsq] = r;
        }
        if (safe && !d->desc->checking) {
            /* The king and rook on their targets must not check the other king. */
            uint8_t kc = b[ksq], rc = b[rsq];
            b[ksq] = b[rsq] = 0;
            b[kto] = kc;
            b[rto] = rc;
            int ek = s->royal[g->them];
            safe = ek == GEN_NO_SQ || !gen_attacked_inline(d, b, ek, us);
            b[kto] = b[rto] = 0;
            b[ksq] = kc;
            b[rsq] = rc;
        }
        if (safe)
            emit(g, gen_mv(ksq, rsq));
    }
}

/* Whether a pawn drop that checks also mates: the other side has no legal reply. */
static int drop_mates(gen_gen *g, int to, int kind)
{
    const gen_def *d = g->d;
    alignas(max_align_t) unsigned char raw[GEN_MAX_STATE];
    gen_state *t = (gen_state *)(void *)raw;
    memcpy(t, g->s, d->state_size);
    memcpy(t->board, g->b, (size_t)d->nsq);
    /* The drop as gen_make plays it, less what the replies do not read (keys, clocks). */
    int hk = d->kind[kind].base ? d->kind[kind].base : kind;
    t->hand[g->us][hk]--;
    t->count[g->us][kind]++;
    t->board[to] = GEN_CODE(g->us, kind);
    t->ep = t->ep_victim = GEN_NO_SQ;
    t->stm = (uint8_t)g->them;
    return gen_legal_moves(d, t, NULL) == 0;
}

/* A drop that needs trying: in check, near a hopper, a pawn drop that may mate, or check rules. */
static void drop_slow(gen_gen *g, int sq, int dk)
{
    const gen_def *d = g->d;
    int gives = 0;
    if (!drop_safe(g, sq, GEN_CODE(g->us, dk), &gives))
        return;
    if (gives && (!d->desc->drop_checks || !d->desc->checking))
        return;
    if (gives && ((d->dropmate_kinds >> dk) & 1) && drop_mates(g, sq, dk))
        return;
    emit(g, BG_MOVE_MAKE_DROP(dk, sq));
}

/*
** Drops by square sets: the empty squares a kind may be dropped on, less the files a
** nifu-limited kind may not use. Most drops are legal as they are and are counted (or emitted)
** a word at a time; only the squares that need trying go one by one.
*/
static inline __attribute__((always_inline)) void drops(gen_gen *g)
{
    const gen_def *d = g->d;
    const gen_state *s = g->s;
    int us = g->us, w = d->w, nw = d->nwords;
    const uint8_t *b = g->b;
    int have = 0;
    for (int i = 0; i < d->ndrops; i++)
        have |= s->hand[us][d->drop_hand[i]] > 0;
    if (!have)
        return;
    uint64_t forbid[GEN_SQWORDS], mates[GEN_SQWORDS];
    memset(forbid, 0, sizeof(uint64_t) * (size_t)nw);
    memset(mates, 0, sizeof(uint64_t) * (size_t)nw);
    const uint64_t *empty = g->empty;
    if (d->nodouble_kinds) {
        int per_file[GEN_MAX_FILES] = {0};
        for (int sq = 0; sq < d->nsq; sq++)
            if (is_in(b[sq], us, d->nodouble_kinds))
                per_file[sq % w]++;
        for (int f = 0; f < w; f++)
            if (per_file[f] >= d->nodouble_count)
                for (int k = 0; k < nw; k++)
                    forbid[k] |= d->file_mask[f * nw + k];
    }
    /* Squares where a mate-limited drop would check the other king (leapers: a few squares). */
    int ek = s->royal[g->them];
    if (d->dropmate_kinds && ek != GEN_NO_SQ) {
        const uint32_t *q = d->plain + d->plain_at[us][ek];
        for (uint32_t i = 0; i < q[0]; i++)
            if (q[2 + 2 * i] & d->dropmate_kinds)
                gen_bit_set(mates, (int)q[1 + 2 * i]);
    }
    const int all_slow = g->in_check || !d->desc->drop_checks || !d->desc->checking;
    if (g->double_check)
        return;
    for (int i = 0; i < d->ndrops; i++) {
        int hk = d->drop_hand[i], dk = d->drop_kind[i];
        if (!s->hand[us][hk])
            continue;
        const uint64_t *ok = d->drop_ok[us][i];
        int nodouble = (d->nodouble_kinds >> dk) & 1, mate_rule = (d->dropmate_kinds >> dk) & 1;
        int mate_any = mate_rule && ((d->dropmate_slow >> dk) & 1);
        for (int k = 0; k < nw; k++) {
            uint64_t a = empty[k] & ok[k] & (nodouble ? ~forbid[k] : ~(uint64_t)0);
            if (g->in_check && !g->evade_all)
                a &= g->evade[k]; /* only blocks help */
            uint64_t sp = all_slow || mate_any ? a
                                               : a & ((g->any_danger ? g->danger[k] : 0) | (mate_rule ? mates[k] : 0));
            uint64_t fast = a & ~sp;
            if (!g->out) {
                g->n += __builtin_popcountll(fast);
            } else {
                for (; fast; fast &= fast - 1)
                    emit(g, BG_MOVE_MAKE_DROP(dk, k * 64 + __builtin_ctzll(fast)));
            }
            for (; sp; sp &= sp - 1)
                drop_slow(g, k * 64 + __builtin_ctzll(sp), dk);
        }
    }
}

/* ---------- the generator ---------- */

static int is_capture(const gen_def *d, const gen_state *s, bg_move m)
{
    if (m & (BG_MOVE_DROP | BG_MOVE_PASS))
        return 0;
    int from = BG_MOVE_FROM(m), to = BG_MOVE_TO(m);
    uint8_t t = s->board[to];
    if (t)
        return GEN_SIDE(t) != s->stm;
    return to == s->ep && is_in(s->board[from], s->stm, d->pawn_kinds);
}

/* The generator's view of a position: pieces, check, pins. 0 when the game is over (no moves). */
static inline __attribute__((always_inline)) int setup(gen_gen *gp, const gen_def *d, const gen_state *s,
                                                       uint8_t *board, bg_move *out, int cap)
{
    int v;
    if ((d->flag_kind || d->desc->extinction_value != GEN_V_NONE) && gen_immediate_end(d, s, &v))
        return 0;
    gp->d = d;
    gp->s = s;
    gp->b = board;
    gp->out = out;
    gp->n = 0;
    gp->cap = cap;
    gp->us = s->stm;
    gp->them = !s->stm;
    gp->ksq = s->royal[gp->us];
    gp->nmine = gp->ntheirs = 0;
    if (d->desc->piece_drops)
        memset(gp->empty, 0, sizeof(uint64_t) * (size_t)d->nwords);
    for (int sq = 0; sq < d->nsq; sq++) {
        uint8_t c = board[sq];
        if (!c) {
            if (d->desc->piece_drops)
                gen_bit_set(gp->empty, sq);
        } else if (GEN_SIDE(c) == gp->us) {
            gp->mine[gp->nmine++] = (uint16_t)sq;
        } else {
            gp->theirs[gp->ntheirs++] = (uint16_t)sq;
        }
    }
    gp->leapers_only = !d->multi && !d->test_all && !d->nadirs[gp->them] && !d->has_lame[gp->them];
    if ((gp->multi = d->multi)) {
        /*
        ** Several others: in check, every move is tried; else the pins of every other side in
        ** play (a move of a piece pinned by none, or onto no square before a hopper, is legal).
        */
        uint32_t alive = gen_sides_alive(d, s);
        if (!(alive & (alive - 1)))
            return 0; /* one side left: the game is over */
        gp->in_check = gp->ksq != GEN_NO_SQ && gen_attacked_by_others(d, board, gp->ksq, gp->us);
        gp->evade_all = 1;
        gp->check_test = gp->in_check;
        gp->double_check = gp->any_pin = gp->any_danger = 0;
        if (!gp->in_check) {
            memset(gp->pinned, 0, sizeof(uint64_t) * (size_t)d->nwords);
            memset(gp->danger, 0, sizeof(uint64_t) * (size_t)d->nwords);
            gp->any_pin = 1;
            for (int t = 0; t < d->sides; t++)
                if (t != gp->us && ((alive >> t) & 1) && (d->nadirs[t] || d->has_lame[t])) {
                    gp->them = t;
                    add_pins(gp);
                }
        }
    } else if ((gp->in_check = gp->ksq != GEN_NO_SQ && gen_attacked_inline(d, board, gp->ksq, gp->them))) {
        gp->any_danger = gp->any_pin = 0;
        find_checkers(gp);
        gp->check_test = gp->evade_all || d->nadirs[gp->them] || d->has_lame[gp->them];
    } else {
        gp->evade_all = gp->double_check = gp->check_test = 0;
        /* Without enemy riders, hoppers or lame leapers nothing can be pinned. */
        gp->any_pin = gp->any_danger = 0;
        if (d->nadirs[gp->them] || d->has_lame[gp->them]) {
            mark_pins(gp);
            gp->any_pin = 1;
        }
    }
    return 1;
}

GEN_HOT int gen_generate(const gen_def *d, const gen_state *s, uint8_t *board, bg_move *out, int cap)
{
    gen_gen g;
    if (!setup(&g, d, s, board, out, cap))
        return 0;
    for (int i = 0; i < g.nmine; i++)
        piece_moves(&g, g.mine[i]);
    en_passant(&g);
    if (s->castle && !g.in_check)
        castling(&g);
    if (d->desc->piece_drops)
        drops(&g);
    const gen_desc *ds = d->desc;
    if ((ds->king_pass || ds->king_pass_on_stalemate) && !g.in_check && g.ksq != GEN_NO_SQ &&
        (!ds->king_pass_on_stalemate || g.n == 0))
        emit(&g, BG_MOVE_MAKE_PASS(g.ksq));
    return g.n;
}

/* More than two sides (no drops, castling, en passant or passes): stop at the first legal move. */
int gen_has_move_sides(const gen_def *d, const gen_state *s)
{
    uint8_t board[GEN_MAX_SQ];
    memcpy(board, s->board, (size_t)d->nsq);
    gen_gen g;
    if (!setup(&g, d, s, board, NULL, 0))
        return 0;
    for (int i = 0; i < g.nmine && !g.n; i++)
        piece_moves(&g, g.mine[i]);
    return g.n > 0;
}

int gen_legal_moves(const gen_def *d, const gen_state *s, bg_move *buf)
{
    uint8_t board[GEN_MAX_SQ];
    memcpy(board, s->board, (size_t)d->nsq);
    if (!d->desc->must_capture)
        return gen_generate(d, s, board, buf, buf ? d->max_moves : 0);
    /* Captures are compulsory when there is one: keep only those. */
    bg_move tmp[BGI_MAX_MOVES];
    int n = gen_generate(d, s, board, tmp, BGI_MAX_MOVES), k = 0, caps = 0;
    for (int i = 0; i < n; i++)
        caps |= is_capture(d, s, tmp[i]);
    for (int i = 0; i < n; i++)
        if (!caps || is_capture(d, s, tmp[i])) {
            if (buf)
                buf[k] = tmp[i];
            k++;
        }
    return k;
}

/* ---------- the repetition key ---------- */

uint64_t gen_repetition_key(const gen_def *d, const gen_state *s)
{
    if (s->ep == GEN_NO_SQ)
        return s->key;
    /* The en-passant square counts only when a legal capture onto it exists. */
    bg_move moves[BGI_MAX_MOVES];
    int n = gen_legal_moves(d, s, moves);
    for (int i = 0; i < n; i++)
        if (!(moves[i] & (BG_MOVE_DROP | BG_MOVE_PASS)) && BG_MOVE_TO(moves[i]) == s->ep &&
            ((d->pawn_kinds >> GEN_KIND(s->board[BG_MOVE_FROM(moves[i])])) & 1))
            return s->key;
    return s->key ^ d->zob_ep[s->ep % d->w];
}
