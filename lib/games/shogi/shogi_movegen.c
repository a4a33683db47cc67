/*
** libboardgames — shogi family legal move generation with check and pin masks (no make/test/unmake)
** and bulk-counting perft. One generator body, specialised by the compiler for each game (a
** constant row of shogi_games[]) and for emitting or counting.
*/
#include "shogi.h"

/*
** GCC keeps the 128-bit square sets in pairs of 64-bit registers but packs runs of their stores
** (the sets of make_sets) into vector stores loaded back from 64-bit spills: every such load missed
** store-to-load forwarding. Without SLP vectorization the generator is some 3-4% faster.
*/
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC optimize("no-tree-slp-vectorize")
#endif

/*
** On x86-64 the hot functions are also compiled for x86-64-v3 (POPCNT, BMI, AVX2) and the dynamic
** loader picks the clone the CPU supports, as the chess engine does.
** Not under the sanitizers: ASan and TSan are not initialised yet when the resolvers run.
*/
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__) && __GNUC__ >= 12 && \
    !defined(__SANITIZE_ADDRESS__) && !defined(__SANITIZE_THREAD__)
#define SHOGI_HOT __attribute__((target_clones("default", "arch=x86-64-v3")))
#else
#define SHOGI_HOT
#endif

#define INLINE static inline __attribute__((always_inline))
#define HAS(G, t) (shogi_games[G].type_kind[t] != 0)

/* The pieces of one side grouped by the way they attack. */
typedef struct sets {
    sbb pawn, knight, silver, golds, kings, elephants, goose, crane, pheasant, lquail, rquail;
    sbb slide[8];  /* pieces sliding any distance in absolute direction d */
    sbb slide2[8]; /* pieces sliding at most two squares in absolute direction d (Tori's eagle) */
} sets;

/* The pieces of type t in the sets by type T; none when game G has no such type (it folds away). */
#define OF_TYPE(G, T, t) (HAS(G, t) ? (T)[t] : 0)

/* Gold and the four pieces promoted to gold (those game G has): they move alike. */
INLINE sbb gold_movers(const sbb *T, const int G)
{
    return OF_TYPE(G, T, SH_GOLD) | OF_TYPE(G, T, SH_TOKIN) | OF_TYPE(G, T, SH_NLANCE) |
           OF_TYPE(G, T, SH_NKNIGHT) | OF_TYPE(G, T, SH_NSILVER);
}

INLINE void make_sets(const shogi_state *s, int side, const int G, sets *x)
{
    const sbb mine = s->side[side];
    const sbb *T = s->type;
    const int flip = side << 2;
    x->pawn = T[SH_PAWN] & mine;
    x->knight = HAS(G, SH_KNIGHT) ? T[SH_KNIGHT] & mine : 0;
    x->silver = HAS(G, SH_SILVER) ? T[SH_SILVER] & mine : 0;
    x->golds = gold_movers(T, G) & mine;
    if (HAS(G, SH_MSILVER)) {
        /* Micro shogi's turned faces attack like the pieces they are named after. */
        x->knight |= T[SH_MKNIGHT] & mine;
        x->silver |= T[SH_MSILVER] & mine;
        x->golds |= (T[SH_MGOLD] | T[SH_MTOKIN]) & mine;
    }
    x->kings = (T[SH_KING] | OF_TYPE(G, T, SH_HORSE) | OF_TYPE(G, T, SH_DRAGON) |
                OF_TYPE(G, T, SH_PRINCE) | OF_TYPE(G, T, SH_EAGLE)) & mine;
    x->elephants = (OF_TYPE(G, T, SH_ELEPHANT) | OF_TYPE(G, T, SH_FALCON)) & mine;
    x->goose = HAS(G, SH_GOOSE) ? T[SH_GOOSE] & mine : 0;
    x->crane = HAS(G, SH_CRANE) ? T[SH_CRANE] & mine : 0;
    x->pheasant = HAS(G, SH_PHEASANT) ? T[SH_PHEASANT] & mine : 0;
    x->lquail = HAS(G, SH_LQUAIL) ? T[SH_LQUAIL] & mine : 0;
    x->rquail = HAS(G, SH_RQUAIL) ? T[SH_RQUAIL] & mine : 0;

    sbb orth = 0, diag = 0;
    if (HAS(G, SH_ROOK))
        orth |= T[SH_ROOK] | T[SH_DRAGON];
    if (HAS(G, SH_BISHOP))
        diag |= T[SH_BISHOP] | T[SH_HORSE];
    orth &= mine;
    diag &= mine;
    /*
    ** The one-way sliders by relative direction (lance and quails forward, the quails one way
    ** back, the eagle diagonally forward and back), turned for gote. Written whole, one store per
    ** direction: or-ing into x->slide[d ^ flip] made every read of the array wait for a
    ** store-to-load forwarding that fails on 128-bit values.
    */
    const sbb lance = HAS(G, SH_LANCE) ? T[SH_LANCE] & mine : 0;
    const sbb eagle = HAS(G, SH_EAGLE) ? T[SH_EAGLE] & mine : 0;
    const sbb lq = x->lquail, rq = x->rquail;
    const sbb r0 = lance | lq | rq, r1 = eagle, r3 = lq, r4 = eagle, r5 = rq, r7 = eagle;
    if (side == SH_SENTE) {
        x->slide[0] = orth | r0, x->slide[1] = diag | r1, x->slide[2] = orth;
        x->slide[3] = diag | r3, x->slide[4] = orth | r4, x->slide[5] = diag | r5;
        x->slide[6] = orth, x->slide[7] = diag | r7;
    } else {
        x->slide[4] = orth | r0, x->slide[5] = diag | r1, x->slide[6] = orth;
        x->slide[7] = diag | r3, x->slide[0] = orth | r4, x->slide[1] = diag | r5;
        x->slide[2] = orth, x->slide[3] = diag | r7;
    }
    for (int d = 0; d < 8; d++)
        x->slide2[d] = 0;
    if (HAS(G, SH_EAGLE)) {
        /* At most two squares diagonally back (relative 3 and 5). */
        x->slide2[3 ^ flip] = eagle;
        x->slide2[5 ^ flip] = eagle;
    }
}

/* Pieces of x's side (its sets) that reach sq by a step or a jump. */
INLINE sbb leap_attackers(int g, int sq, int side, const sets *x, const int G)
{
    const int rv = SH_CODE(0, !side); /* side's piece at b reaches sq <=> the other side's from sq reaches b */
    sbb a = shogi_leaps[g][SH_PAWN | rv][sq] & x->pawn;
    a |= shogi_leaps[g][SH_KING | rv][sq] & x->kings;
    if (HAS(G, SH_KNIGHT) || HAS(G, SH_MKNIGHT))
        a |= shogi_leaps[g][SH_KNIGHT | rv][sq] & x->knight;
    if (HAS(G, SH_SILVER) || HAS(G, SH_MSILVER))
        a |= shogi_leaps[g][SH_SILVER | rv][sq] & x->silver;
    if (HAS(G, SH_GOLD) || HAS(G, SH_TOKIN) || HAS(G, SH_MGOLD))
        a |= shogi_leaps[g][SH_GOLD | rv][sq] & x->golds;
    if (HAS(G, SH_ELEPHANT) || HAS(G, SH_FALCON))
        a |= shogi_leaps[g][SH_ELEPHANT | rv][sq] & x->elephants;
    if (HAS(G, SH_GOOSE))
        a |= shogi_leaps[g][SH_GOOSE | rv][sq] & x->goose;
    if (HAS(G, SH_CRANE))
        a |= shogi_leaps[g][SH_CRANE | rv][sq] & x->crane;
    if (HAS(G, SH_PHEASANT))
        a |= shogi_leaps[g][SH_PHEASANT | rv][sq] & x->pheasant;
    if (HAS(G, SH_LQUAIL)) {
        a |= shogi_leaps[g][SH_LQUAIL | rv][sq] & x->lquail;
        a |= shogi_leaps[g][SH_RQUAIL | rv][sq] & x->rquail;
    }
    return a;
}

/* Sliders of x that reach sq with occupancy occ. */
INLINE sbb slide_attackers(int g, int sq, sbb occ, const sets *x, const int G)
{
    sbb a = 0;
    for (int d = 0; d < 8; d++) {
        sbb s = x->slide[d ^ 4], r = shogi_ray[g][d][sq];
        if (sbb_any(r & s)) {
            sbb b = r & occ;
            a |= shogi_sq_bb[sh_first(b, d)] & s;
        }
        if (HAS(G, SH_EAGLE) && sbb_any(shogi_ray2[g][d][sq] & x->slide2[d ^ 4]))
            a |= sh_slide2(g, sq, d, occ) & x->slide2[d ^ 4];
    }
    return a;
}

INLINE int slide_attacked(int g, int sq, sbb occ, const sets *x, const int G)
{
    for (int d = 0; d < 8; d++) {
        sbb s = x->slide[d ^ 4], r = shogi_ray[g][d][sq];
        if (sbb_any(r & s)) {
            sbb b = r & occ;
            if (sbb_any(shogi_sq_bb[sh_first(b, d)] & s))
                return 1;
        }
        if (HAS(G, SH_EAGLE) && sbb_any(sh_slide2(g, sq, d, occ) & x->slide2[d ^ 4]))
            return 1;
    }
    return 0;
}

/* Own pieces pinned to the royal on ksq by x's sliders (x = the other side). */
INLINE sbb pinned_to(int g, int ksq, sbb own, sbb occ, const sets *x, const int G)
{
    sbb pinned = 0;
    for (int d = 0; d < 8; d++) {
        sbb cand = shogi_ray[g][d][ksq] & x->slide[d ^ 4];
        if (HAS(G, SH_EAGLE))
            cand |= shogi_ray2[g][d][ksq] & x->slide2[d ^ 4];
        if (!sbb_any(cand))
            continue;
        sbb blk = shogi_ray[g][d][ksq] & occ;
        int f1 = sh_first(blk, d);
        if (!sbb_test(own, f1))
            continue;
        sbb rest = blk & shogi_ray[g][d][f1];
        if (sbb_any(rest) && sbb_test(cand, sh_first(rest, d)))
            pinned |= shogi_sq_bb[f1];
    }
    return pinned;
}

/*
** Where a piece pinned to the royal on ksq may go: the squares from the royal up to and including
** the pinner. Not the whole line: Tori's pheasant and goose jump two squares along lines, and a
** jump over an adjacent pinner would stay on the line yet uncover the royal.
*/
INLINE sbb pin_segment(int g, int ksq, int from, sbb occ)
{
    int d = shogi_dir[g][ksq][from];
    int pinner = sh_first(shogi_ray[g][d][from] & occ, d);
    return shogi_ray[g][d][ksq] & ~shogi_ray[g][d][pinner];
}

static inline bg_move mv(int from, int to) { return (bg_move)from | (bg_move)to << 9; }

/*
** Moves of our type-t piece from `from` onto the squares of att: counted, or written to out.
** enemy: the other side's pieces (micro shogi turns a piece over on exactly its captures).
*/
INLINE int add_moves(bg_move *out, int n, const int count_only, const int G, int t, int us,
                     int from, sbb att, sbb enemy)
{
    const shogi_game *gm = &shogi_games[G];
    if (gm->flip_on_capture && gm->promote[t]) {
        /* Every capture turns the piece over, to its other face (promote[] holds both ways). */
        if (count_only)
            return n + sbb_popcount(att);
        const bg_move pk = (bg_move)gm->type_kind[gm->promote[t]] << 18 | BG_MOVE_PROMOTION;
        for (; sbb_any(att); att &= att - 1) {
            int to = sbb_lsb(att);
            out[n++] = mv(from, to) | (sbb_test(enemy, to) ? pk : 0);
        }
        return n;
    }
    if (!gm->promote[t]) {
        if (count_only)
            return n + sbb_popcount(att);
        for (; sbb_any(att); att &= att - 1)
            out[n++] = mv(from, sbb_lsb(att));
        return n;
    }
    const sbb zone = shogi_far_ranks[gm->geom][us][gm->zone];
    const sbb dead = shogi_far_ranks[gm->geom][us][gm->dead_ranks[t]];
    const sbb may = sbb_test(zone, from) ? att : att & zone; /* promotion possible */
    if (count_only) {
        if (gm->mandatory[t])
            return n + sbb_popcount(att);
        return n + sbb_popcount(att) + sbb_popcount(may) - sbb_popcount(att & dead);
    }
    const bg_move pk = (bg_move)gm->type_kind[gm->promote[t]] << 18 | BG_MOVE_PROMOTION;
    for (; sbb_any(att); att &= att - 1) {
        int to = sbb_lsb(att);
        if (!sbb_test(may, to)) {
            out[n++] = mv(from, to);
            continue;
        }
        if (!gm->mandatory[t] && !sbb_test(dead, to))
            out[n++] = mv(from, to);
        out[n++] = mv(from, to) | pk;
    }
    return n;
}

/* Files where a pawn (swallow) drop would exceed the game's per-file limit, as a square set. */
INLINE sbb full_files(const int G, sbb pawns)
{
    const shogi_game *gm = &shogi_games[G];
    const int w = gm->width;
    const uint64_t row = ((uint64_t)1 << w) - 1;
    uint64_t ones = 0, twos = 0;
    for (int r = 0; r < gm->height; r++) {
        uint64_t x = (uint64_t)(pawns >> (r * w)) & row;
        if (gm->pawn_file_limit > 1)
            twos |= ones & x;
        ones |= x;
    }
    uint64_t full = gm->pawn_file_limit > 1 ? twos : ones;
    return (sbb)full * shogi_file_bb[gm->geom][0]; /* spread each file bit up its file */
}

/*
** Would our pawn dropped on fsq (checking the enemy royal on ek) be checkmate? Decided by the
** defender's real replies: a capture by a piece that is not pinned once the pawn stands there, or
** a king step to a square we do not attack. The pawn is adjacent to the king, so it cannot be
** blocked, and a pinned piece can never capture it without leaving its line.
*/
INLINE int pawn_drop_mates(const shogi_state *s, const int G, int us, int fsq, int ek,
                           const sets *them_sets)
{
    const int g = shogi_games[G].geom, them = !us;
    const sbb theirs = s->side[them];
    const sbb occ2 = s->side[0] | s->side[1] | shogi_sq_bb[fsq];
    sets ours;
    make_sets(s, us, G, &ours);
    sbb def = (leap_attackers(g, fsq, them, them_sets, G) |
               slide_attackers(g, fsq, occ2, them_sets, G)) &
              ~shogi_sq_bb[ek];
    if (sbb_any(def)) {
        sbb pinned = pinned_to(g, ek, theirs, occ2, &ours, G);
        if (sbb_any(def & ~pinned))
            return 0;
    }
    const sbb occ3 = occ2 ^ shogi_sq_bb[ek];
    for (sbb kt = shogi_leaps[g][SH_CODE(SH_KING, them)][ek] & ~theirs; sbb_any(kt); kt &= kt - 1) {
        int t = sbb_lsb(kt);
        if (!sbb_any(leap_attackers(g, t, us, &ours, G)) && !slide_attacked(g, t, occ3, &ours, G))
            return 0;
    }
    return 1;
}

/*
** Shogi with dropmate=any (004: 「不能〔掉落〕在能立刻將死對方的位置．但可以〔掉落〕叫將」): the
** squares of m where our type-t piece dropped would checkmate. Only checking squares can mate;
** each is decided by the defender's legal replies after the drop, counted under the same rule
** (a reply may itself be a drop that blocks and would mate). Every level of that recursion uses
** a piece from a hand, so it ends.
*/
static sbb mating_drops(const shogi_state *s, int t, int us, int ek, sbb m, sbb occ)
{
    const shogi_game *gm = shogi_game_of(s);
    sbb mates = 0;
    /* A piece of the other side on the king's square reaches exactly the squares that check it. */
    for (sbb chk = shogi_piece_attacks(gm->geom, t, !us, ek, occ) & m; sbb_any(chk); chk &= chk - 1) {
        shogi_state child = *s;
        shogi_make(&child, BG_MOVE_MAKE_DROP(gm->type_kind[t], sbb_lsb(chk)));
        if (!shogi_has_move(&child))
            mates |= shogi_sq_bb[sbb_lsb(chk)];
    }
    return mates;
}

/*
** Moves onto the squares of `only` (all of them for move lists, counts and perft; the one square
** only_sq when it is not -1). count_only 2
** stops at the first move found: whether there is one is all the mate test needs.
*/
INLINE int generate(const shogi_state *s, bg_move *out, const int count_only, const int G,
                    const sbb only, const int only_sq)
{
    const shogi_game *gm = &shogi_games[G];
    const int g = gm->geom, w = gm->width;
    const int us = s->stm, them = !us;
    const sbb *T = s->type;
    const sbb own = s->side[us], enemy = s->side[them], occ = own | enemy;
    const sbb board = shogi_far_ranks[g][0][gm->height];
    int n = 0;

    sets es;
    make_sets(s, them, G, &es);

    sbb royals = T[SH_KING] & own;
    if (HAS(G, SH_PRINCE))
        royals |= T[SH_PRINCE] & own;
    if (gm->two_royals && !sbb_any(royals))
        return 0; /* Sho: no royal left, the game is over */
    /*
    ** No check rule for Sho's side with king and prince (either may be left attacked), nor for a
    ** side without a king (a tsume problem's attacker): every pseudo-legal move is legal.
    */
    const int check_rule = sbb_any(royals) && !(gm->two_royals && sbb_several(royals));

    sbb checkers = 0, pinned = 0, target = ~own & only, drop_target = board & ~occ & only;
    int ksq = check_rule ? sbb_lsb(royals) : 0;
    if (check_rule) {
        sbb slider_check = 0;
        checkers = leap_attackers(g, ksq, them, &es, G);
        for (int d = 0; d < 8; d++) {
            sbb cand = shogi_ray[g][d][ksq] & es.slide[d ^ 4];
            if (HAS(G, SH_EAGLE))
                cand |= shogi_ray2[g][d][ksq] & es.slide2[d ^ 4];
            if (!sbb_any(cand))
                continue;
            sbb blk = shogi_ray[g][d][ksq] & occ;
            int f1 = sh_first(blk, d);
            if (sbb_test(cand, f1)) {
                checkers |= shogi_sq_bb[f1];
                slider_check = shogi_ray[g][d][ksq] & ~shogi_ray[g][d][f1] & ~shogi_sq_bb[f1];
                continue;
            }
            if (!sbb_test(own, f1))
                continue;
            sbb rest = blk & shogi_ray[g][d][f1];
            if (sbb_any(rest) && sbb_test(cand, sh_first(rest, d)))
                pinned |= shogi_sq_bb[f1];
        }
        /* Royal steps: the target must be safe once the royal has left its square. */
        const sbb occk = occ ^ shogi_sq_bb[ksq];
        for (sbb kt = shogi_leaps[g][SH_CODE(SH_KING, us)][ksq] & ~own & only; sbb_any(kt);
             kt &= kt - 1) {
            int to = sbb_lsb(kt);
            if (sbb_any(leap_attackers(g, to, them, &es, G)) || slide_attacked(g, to, occk, &es, G))
                continue;
            if (count_only)
                n++;
            else
                out[n++] = mv(ksq, to);
        }
        if (sbb_several(checkers) || (count_only == 2 && n))
            return n; /* double check: only the royal moves */
        if (sbb_any(checkers)) {
            /* A jump cannot be blocked: only a slider's check leaves squares between. */
            drop_target = slider_check & only;
            target = drop_target | (checkers & only);
        }
    } else {
        for (sbb r = royals; sbb_any(r); r &= r - 1) {
            int from = sbb_lsb(r);
            n = add_moves(out, n, count_only, G, SH_KING, us,
                          from, shogi_leaps[g][SH_CODE(SH_KING, us)][from] & ~own & only, enemy);
        }
    }

#define GEN_TYPE(t, set)                                                                   \
    do {                                                                                   \
        if (HAS(G, t)) {                                                                   \
            sbb from_ = (set);                                                             \
            /* Onto one square: only the pieces that reach it (its attackers' squares). */ \
            if (only_sq >= 0)                                                              \
                from_ &= shogi_piece_attacks(g, t, !us, only_sq, occ);                     \
            for (sbb b_ = from_; sbb_any(b_); b_ &= b_ - 1) {                              \
                int from = sbb_lsb(b_);                                                    \
                sbb att = shogi_piece_attacks(g, t, us, from, occ) & target;               \
                if (sbb_test(pinned, from))                                                \
                    att &= pin_segment(g, ksq, from, occ);                                 \
                n = add_moves(out, n, count_only, G, t, us, from, att, enemy);             \
                if (count_only == 2 && n)                                                  \
                    return n;                                                              \
            }                                                                              \
        }                                                                                  \
    } while (0)

    /* Pawns (swallows) that are not pinned: all at once by shifting the set one rank. */
    {
        const sbb pawns = T[SH_PAWN] & own & ~pinned;
        /* Where a pawn may stand on the last rank (micro), the shift must not leave the board. */
        const sbb to = (us == SH_SENTE ? pawns << w : pawns >> w) & target &
                       (gm->dead_ranks[SH_PAWN] ? ~(sbb)0 : board);
        if (count_only) {
            if (gm->promote[SH_PAWN] && !gm->mandatory[SH_PAWN]) {
                const sbb zone = shogi_far_ranks[g][us][gm->zone];
                const sbb dead = shogi_far_ranks[g][us][gm->dead_ranks[SH_PAWN]];
                n += sbb_popcount(to) + sbb_popcount(to & zone) - sbb_popcount(to & dead);
            } else {
                n += sbb_popcount(to);
            }
            if (count_only == 2 && n)
                return n;
        } else {
            for (sbb b = to; sbb_any(b); b &= b - 1) {
                int t = sbb_lsb(b);
                n = add_moves(out, n, 0, G, SH_PAWN, us, us == SH_SENTE ? t - w : t + w,
                              shogi_sq_bb[t], enemy);
            }
        }
        GEN_TYPE(SH_PAWN, T[SH_PAWN] & own & pinned);
    }
    GEN_TYPE(SH_LANCE, T[SH_LANCE] & own);
    GEN_TYPE(SH_KNIGHT, T[SH_KNIGHT] & own);
    GEN_TYPE(SH_SILVER, T[SH_SILVER] & own);
    /* Gold and the four pieces promoted to gold share one step table. */
    if (HAS(G, SH_GOLD) || HAS(G, SH_TOKIN))
        GEN_TYPE(SH_GOLD, gold_movers(T, G) & own);
    GEN_TYPE(SH_BISHOP, T[SH_BISHOP] & own);
    GEN_TYPE(SH_ROOK, T[SH_ROOK] & own);
    GEN_TYPE(SH_HORSE, T[SH_HORSE] & own);
    GEN_TYPE(SH_DRAGON, T[SH_DRAGON] & own);
    GEN_TYPE(SH_ELEPHANT, T[SH_ELEPHANT] & own);
    GEN_TYPE(SH_GOOSE, T[SH_GOOSE] & own);
    GEN_TYPE(SH_FALCON, T[SH_FALCON] & own);
    GEN_TYPE(SH_EAGLE, T[SH_EAGLE] & own);
    GEN_TYPE(SH_CRANE, T[SH_CRANE] & own);
    GEN_TYPE(SH_PHEASANT, T[SH_PHEASANT] & own);
    GEN_TYPE(SH_LQUAIL, T[SH_LQUAIL] & own);
    GEN_TYPE(SH_RQUAIL, T[SH_RQUAIL] & own);
    GEN_TYPE(SH_MSILVER, T[SH_MSILVER] & own);
    GEN_TYPE(SH_MTOKIN, T[SH_MTOKIN] & own);
    GEN_TYPE(SH_MGOLD, T[SH_MGOLD] & own);
    GEN_TYPE(SH_MKNIGHT, T[SH_MKNIGHT] & own);
#undef GEN_TYPE

    if (!gm->drops)
        return n;
    /* Drops: on empty squares (between the royal and a sliding checker when in check). */
    for (int i = 0; i < gm->nhand; i++) {
        if (!s->hand[us][i])
            continue;
        const int t = gm->hand_type[i];
        sbb m = drop_target & ~shogi_far_ranks[g][us][gm->dead_ranks[t]];
        if (t == SH_PAWN && sbb_any(m)) {
            if (gm->pawn_file_limit)
                m &= ~full_files(G, T[SH_PAWN] & own);
            sbb ek_bb = T[SH_KING] & enemy;
            if (gm->drop_mate_rule && sbb_any(ek_bb)) {
                int ek = sbb_lsb(ek_bb);
                int fsq = us == SH_SENTE ? ek - w : ek + w;
                if (fsq >= 0 && fsq < w * gm->height && sbb_test(m, fsq) &&
                    pawn_drop_mates(s, G, us, fsq, ek, &es))
                    m &= ~shogi_sq_bb[fsq];
            }
        } else if (gm->drop_mate_rule == 2 && sbb_any(m)) {
            sbb ek_bb = T[SH_KING] & enemy;
            if (sbb_any(ek_bb))
                m &= ~mating_drops(s, t, us, sbb_lsb(ek_bb), m, occ);
        }
        if (count_only) {
            n += sbb_popcount(m) << (gm->drop_either_face ? 1 : 0);
            if (count_only == 2 && n)
                return n;
        } else {
            const bg_move k = (bg_move)gm->type_kind[t] << 18 | BG_MOVE_DROP;
            /* Micro shogi: either face up, the turned one as its own kind. */
            const bg_move kf = gm->drop_either_face
                                   ? (bg_move)gm->type_kind[gm->promote[t]] << 18 | BG_MOVE_DROP
                                   : 0;
            for (; sbb_any(m); m &= m - 1) {
                out[n++] = (bg_move)sbb_lsb(m) << 9 | k;
                if (gm->drop_either_face)
                    out[n++] = (bg_move)sbb_lsb(m) << 9 | kf;
            }
        }
    }
    return n;
}

/*
** Whether a royal of the side to move is attacked, with the generator's per-game sets: a record
** reader asks it after every ply (the check mark of its notes).
*/
INLINE int royal_attacked(const shogi_state *s, const int G)
{
    const shogi_game *gm = &shogi_games[G];
    const int g = gm->geom, us = s->stm;
    sbb royals = s->type[SH_KING] & s->side[us];
    if (HAS(G, SH_PRINCE))
        royals |= s->type[SH_PRINCE] & s->side[us];
    if (!sbb_any(royals))
        return 0;
    const sbb occ = s->side[0] | s->side[1];
    sets es;
    make_sets(s, !us, G, &es);
    for (; sbb_any(royals); royals &= royals - 1) {
        const int k = sbb_lsb(royals);
        if (sbb_any(leap_attackers(g, k, !us, &es, G)) || slide_attacked(g, k, occ, &es, G))
            return 1;
    }
    return 0;
}

/* Largest move list of the family (shogi's bound, see shogi_variant.c). */
#define SH_MOVES_MAX 1024

/*
** Perft makes and unmakes in place on one copy of the root (the state is some 600 bytes: copying
** it at every node cost more than the move itself on the small boards).
*/
#define DEFINE_GAME(G, name)                                                               \
    static SHOGI_HOT int gen_##name(const shogi_state *s, bg_move *out)                    \
    {                                                                                      \
        return generate(s, out, 0, G, ~(sbb)0, -1);                                        \
    }                                                                                      \
    static SHOGI_HOT int count_##name(const shogi_state *s)                                \
    {                                                                                      \
        return generate(s, NULL, 1, G, ~(sbb)0, -1);                                       \
    }                                                                                      \
    static SHOGI_HOT int has_##name(const shogi_state *s)                                  \
    {                                                                                      \
        return generate(s, NULL, 2, G, ~(sbb)0, -1);                                       \
    }                                                                                      \
    static SHOGI_HOT int check_##name(const shogi_state *s)                                \
    {                                                                                      \
        return royal_attacked(s, G);                                                       \
    }                                                                                      \
    static SHOGI_HOT int to_##name(const shogi_state *s, int to, bg_move *out)             \
    {                                                                                      \
        return generate(s, out, 0, G, shogi_sq_bb[to], to);                                \
    }                                                                                      \
    static SHOGI_HOT uint64_t perft_in_place_##name(shogi_state *s, int depth)             \
    {                                                                                      \
        if (depth == 1)                                                                    \
            return (uint64_t)generate(s, NULL, 1, G, ~(sbb)0, -1);                         \
        bg_move moves[SH_MOVES_MAX];                                                       \
        int n = generate(s, moves, 0, G, ~(sbb)0, -1);                                     \
        uint64_t total = 0;                                                                \
        for (int i = 0; i < n; i++) {                                                      \
            shogi_undo u;                                                                  \
            shogi_do_move(s, moves[i], &u);                                                \
            total += perft_in_place_##name(s, depth - 1);                                  \
            shogi_undo_move(s, moves[i], &u);                                              \
        }                                                                                  \
        return total;                                                                      \
    }                                                                                      \
    static uint64_t perft_##name(const shogi_state *s, int depth)                          \
    {                                                                                      \
        shogi_state work = *s;                                                             \
        return perft_in_place_##name(&work, depth);                                        \
    }

DEFINE_GAME(SG_SHOGI, shogi)
DEFINE_GAME(SG_SHO, sho)
DEFINE_GAME(SG_HEIAN, heian)
DEFINE_GAME(SG_HEIAN_OPT, heian_opt)
DEFINE_GAME(SG_TORI, tori)
DEFINE_GAME(SG_MINI, mini)
DEFINE_GAME(SG_SHOGI_DM, shogi_dm)
DEFINE_GAME(SG_SHO_MAND, sho_mand)
DEFINE_GAME(SG_HEIAN98, heian98)
DEFINE_GAME(SG_HEIAN98_OPT, heian98_opt)
DEFINE_GAME(SG_JUDKINS, judkins)
DEFINE_GAME(SG_MICRO, micro)

int shogi_generate(const shogi_state *s, bg_move *buf)
{
    switch (s->game) {
    case SG_TORI_SEED: return shogi_seed_generate(s, buf);
    case SG_SHOGI: return gen_shogi(s, buf);
    case SG_SHO: return gen_sho(s, buf);
    case SG_HEIAN: return gen_heian(s, buf);
    case SG_HEIAN_OPT: return gen_heian_opt(s, buf);
    case SG_TORI: return gen_tori(s, buf);
    case SG_SHOGI_DM: return gen_shogi_dm(s, buf);
    case SG_SHO_MAND: return gen_sho_mand(s, buf);
    case SG_HEIAN98: return gen_heian98(s, buf);
    case SG_HEIAN98_OPT: return gen_heian98_opt(s, buf);
    case SG_JUDKINS: return gen_judkins(s, buf);
    case SG_MICRO: return gen_micro(s, buf);
    default: return gen_mini(s, buf);
    }
}

int shogi_in_check(const shogi_state *s)
{
    switch (s->game) {
    case SG_TORI_SEED: return shogi_in_check_any(s); /* the seed's cannons check too */
    case SG_SHOGI: return check_shogi(s);
    case SG_SHO: return check_sho(s);
    case SG_HEIAN: return check_heian(s);
    case SG_HEIAN_OPT: return check_heian_opt(s);
    case SG_TORI: return check_tori(s);
    case SG_SHOGI_DM: return check_shogi_dm(s);
    case SG_SHO_MAND: return check_sho_mand(s);
    case SG_HEIAN98: return check_heian98(s);
    case SG_HEIAN98_OPT: return check_heian98_opt(s);
    case SG_JUDKINS: return check_judkins(s);
    case SG_MICRO: return check_micro(s);
    default: return check_mini(s);
    }
}

int shogi_has_move(const shogi_state *s)
{
    switch (s->game) {
    case SG_TORI_SEED: return shogi_seed_count(s) > 0;
    case SG_SHOGI: return has_shogi(s);
    case SG_SHO: return has_sho(s);
    case SG_HEIAN: return has_heian(s);
    case SG_HEIAN_OPT: return has_heian_opt(s);
    case SG_TORI: return has_tori(s);
    case SG_SHOGI_DM: return has_shogi_dm(s);
    case SG_SHO_MAND: return has_sho_mand(s);
    case SG_HEIAN98: return has_heian98(s);
    case SG_HEIAN98_OPT: return has_heian98_opt(s);
    case SG_JUDKINS: return has_judkins(s);
    case SG_MICRO: return has_micro(s);
    default: return has_mini(s);
    }
}

/* The legal moves onto one square, in shogi_generate's order. */
int shogi_generate_to(const shogi_state *s, int to, bg_move *buf)
{
    switch (s->game) {
    case SG_SHOGI: return to_shogi(s, to, buf);
    case SG_SHO: return to_sho(s, to, buf);
    case SG_HEIAN: return to_heian(s, to, buf);
    case SG_HEIAN_OPT: return to_heian_opt(s, to, buf);
    case SG_TORI: return to_tori(s, to, buf);
    case SG_SHOGI_DM: return to_shogi_dm(s, to, buf);
    case SG_SHO_MAND: return to_sho_mand(s, to, buf);
    case SG_HEIAN98: return to_heian98(s, to, buf);
    case SG_HEIAN98_OPT: return to_heian98_opt(s, to, buf);
    case SG_JUDKINS: return to_judkins(s, to, buf);
    case SG_MICRO: return to_micro(s, to, buf);
    case SG_TORI_SEED: {
        /* The seed's cannons are played on copies (shogi_tori_seed.c): filter its whole list. */
        int n = shogi_seed_generate(s, buf), k = 0;
        for (int i = 0; i < n; i++)
            if ((int)BG_MOVE_TO(buf[i]) == to)
                buf[k++] = buf[i];
        return k;
    }
    default: return to_mini(s, to, buf);
    }
}

int shogi_count(const shogi_state *s)
{
    switch (s->game) {
    case SG_TORI_SEED: return shogi_seed_count(s);
    case SG_SHOGI: return count_shogi(s);
    case SG_SHO: return count_sho(s);
    case SG_HEIAN: return count_heian(s);
    case SG_HEIAN_OPT: return count_heian_opt(s);
    case SG_TORI: return count_tori(s);
    case SG_SHOGI_DM: return count_shogi_dm(s);
    case SG_SHO_MAND: return count_sho_mand(s);
    case SG_HEIAN98: return count_heian98(s);
    case SG_HEIAN98_OPT: return count_heian98_opt(s);
    case SG_JUDKINS: return count_judkins(s);
    case SG_MICRO: return count_micro(s);
    default: return count_mini(s);
    }
}

uint64_t shogi_perft(const shogi_state *s, int depth)
{
    if (depth <= 0)
        return 1;
    switch (s->game) {
    case SG_TORI_SEED: return shogi_seed_perft(s, depth);
    case SG_SHOGI: return perft_shogi(s, depth);
    case SG_SHO: return perft_sho(s, depth);
    case SG_HEIAN: return perft_heian(s, depth);
    case SG_HEIAN_OPT: return perft_heian_opt(s, depth);
    case SG_TORI: return perft_tori(s, depth);
    case SG_SHOGI_DM: return perft_shogi_dm(s, depth);
    case SG_SHO_MAND: return perft_sho_mand(s, depth);
    case SG_HEIAN98: return perft_heian98(s, depth);
    case SG_HEIAN98_OPT: return perft_heian98_opt(s, depth);
    case SG_JUDKINS: return perft_judkins(s, depth);
    case SG_MICRO: return perft_micro(s, depth);
    default: return perft_mini(s, depth);
    }
}
