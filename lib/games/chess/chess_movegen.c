/*
** libboardgames — chess legal move generation with check and pin masks (no make/test/unmake),
** and bulk-counting perft. One generator body serves both emitting and counting: the compiler
** specialises it for the constant `count_only`.
*/
#include "chess.h"
#include "perft.h"

#define RANK_1 0x00000000000000FFULL
#define RANK_3 0x0000000000FF0000ULL
#define RANK_6 0x0000FF0000000000ULL
#define RANK_8 0xFF00000000000000ULL
#define FILE_A 0x0101010101010101ULL
#define FILE_H 0x8080808080808080ULL

/*
** On x86-64 the hot functions are also compiled for x86-64-v3 (POPCNT, BMI, AVX2) and the
** dynamic loader picks the clone the CPU supports: about 1.4x faster perft, still one binary.
** Not under the sanitizers: ASan and TSan are not initialised yet when the resolvers run.
*/
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__) && __GNUC__ >= 12 && \
    !defined(__SANITIZE_ADDRESS__) && !defined(__SANITIZE_THREAD__)
#define CHESS_HOT __attribute__((target_clones("default", "arch=x86-64-v3")))
#else
#define CHESS_HOT
#endif

static inline uint64_t bb(int sq) { return 1ULL << sq; }

/*
** The pieces of `color` attacking sq given occupancy occ: inline here, where the generators and
** the move readers' moves_to ask for it once or more per move.
*/
static inline __attribute__((always_inline)) uint64_t attackers(const chess_state *s, int sq,
                                                               uint64_t occ, int color)
{
    uint64_t diag = s->by_kind[CH_BISHOP] | s->by_kind[CH_QUEEN];
    uint64_t orth = s->by_kind[CH_ROOK] | s->by_kind[CH_QUEEN];
    return ((chess_pawn_attacks[!color][sq] & s->by_kind[CH_PAWN]) |
            (chess_knight_attacks[sq] & s->by_kind[CH_KNIGHT]) |
            (chess_king_attacks[sq] & s->by_kind[CH_KING]) |
            (chess_bishop_attacks(sq, occ) & diag) | (chess_rook_attacks(sq, occ) & orth)) &
           s->by_color[color];
}

uint64_t chess_attackers_to(const chess_state *s, int sq, uint64_t occ, int color)
{
    return attackers(s, sq, occ, color);
}

static inline bg_move mv(int from, int to) { return (bg_move)from | (bg_move)to << 9; }

static inline int emit_promotions(bg_move *out, int n, int from, int to)
{
    for (int k = CH_QUEEN; k >= CH_KNIGHT; k--)
        out[n++] = mv(from, to) | (bg_move)k << 18 | BG_MOVE_PROMOTION;
    return n;
}

/* Pawn moves onto the squares of `to`, each from `delta` squares back; four promotions on `promo`. */
static inline __attribute__((always_inline)) int emit_pawn_moves(bg_move *out, int n, uint64_t to,
                                                                int delta, uint64_t promo)
{
    for (; to; to &= to - 1) {
        int sq = chess_lsb(to);
        if (bb(sq) & promo)
            n = emit_promotions(out, n, sq - delta, sq);
        else
            out[n++] = mv(sq - delta, sq);
    }
    return n;
}

/* Pinned pieces of the side to move: own pieces alone between their king and an enemy slider. */
static inline __attribute__((always_inline)) uint64_t pinned_pieces(const chess_state *s, int ksq, int us)
{
    uint64_t them = s->by_color[!us];
    uint64_t snipers = ((chess_rook_attacks(ksq, 0) & (s->by_kind[CH_ROOK] | s->by_kind[CH_QUEEN])) |
                        (chess_bishop_attacks(ksq, 0) & (s->by_kind[CH_BISHOP] | s->by_kind[CH_QUEEN]))) &
                       them;
    uint64_t pinned = 0;
    while (snipers) {
        int sq = chess_lsb(snipers);
        snipers &= snipers - 1;
        uint64_t between = chess_between[ksq][sq] & s->by_kind[0];
        if (between && !(between & (between - 1)))
            pinned |= between & s->by_color[us];
    }
    return pinned;
}

/* Castling for right i of the side to move (not in check): legal if the path is clear and safe. */
static inline __attribute__((always_inline)) int castle_ok(const chess_state *s, int i, int ksq, int us)
{
    int rsq = s->castle_rook[i];
    if (s->board[rsq] != (CH_ROOK | us << 3))
        return 0;
    int rank = us == CHESS_WHITE ? 0 : 56;
    int kingside = (i & 1) == 0;
    int kto = rank + (kingside ? 6 : 2), rto = rank + (kingside ? 5 : 3);
    uint64_t occ = s->by_kind[0] ^ bb(ksq) ^ bb(rsq);
    uint64_t need_empty = chess_between[ksq][kto] | bb(kto) | chess_between[rsq][rto] | bb(rto);
    if (need_empty & occ)
        return 0;
    uint64_t path = chess_between[ksq][kto] | bb(kto) | bb(ksq);
    while (path) {
        int sq = chess_lsb(path);
        path &= path - 1;
        if (attackers(s, sq, occ, !us))
            return 0;
    }
    return 1;
}

/*
** The legal moves (or their count) landing in `dest` made by the kinds of bit set `kinds` (bit k =
** kind k): everything (~0) for move generation and perft, where the constants fold away; one
** target square and one kind when a notation looks for the move it names.
*/
static inline __attribute__((always_inline)) int generate(const chess_state *s, bg_move *out,
                                                         const int count_only, const uint64_t dest,
                                                         const unsigned kinds)
{
    const int us = s->stm, them = !us;
    const uint64_t occ = s->by_kind[0], own = s->by_color[us], enemy = s->by_color[them];
    const int ksq = chess_king_square(s, us);
    const uint64_t checkers = attackers(s, ksq, occ, them);
    int n = 0;

    /* King steps: target squares must not be attacked once the king has left its square. */
    uint64_t kt = kinds & (1u << CH_KING) ? chess_king_attacks[ksq] & ~own & dest : 0;
    const uint64_t occ_noking = occ ^ bb(ksq);
    while (kt) {
        int to = chess_lsb(kt);
        kt &= kt - 1;
        if (!attackers(s, to, occ_noking, them)) {
            if (count_only)
                n++;
            else
                out[n++] = mv(ksq, to);
        }
    }
    if (checkers & (checkers - 1))
        return n; /* double check: only the king moves */

    const uint64_t target =
        (checkers ? (chess_between[ksq][chess_lsb(checkers)] | checkers) : ~own) & dest;
    const uint64_t pinned = pinned_pieces(s, ksq, us);

#define ADD_TARGETS(from, tset)                                 \
    do {                                                        \
        uint64_t t_ = (tset);                                   \
        if (count_only) {                                       \
            n += chess_popcount(t_);                            \
        } else {                                                \
            while (t_) {                                        \
                out[n++] = mv((from), chess_lsb(t_));           \
                t_ &= t_ - 1;                                   \
            }                                                   \
        }                                                       \
    } while (0)

    /* Knights: a pinned knight can never move. */
    uint64_t pcs = kinds & (1u << CH_KNIGHT) ? s->by_kind[CH_KNIGHT] & own & ~pinned : 0;
    while (pcs) {
        int from = chess_lsb(pcs);
        pcs &= pcs - 1;
        ADD_TARGETS(from, chess_knight_attacks[from] & target);
    }
    /*
    ** Sliders along one kind of line, diagonals (bishops) or ranks and files (rooks), and the
    ** queens along it: pinned ones stay on the line through their king.
    */
#define ADD_SLIDERS(kind, attacks)                                                             \
    pcs = ((kinds & (1u << (kind)) ? s->by_kind[kind] : 0) |                                   \
           (kinds & (1u << CH_QUEEN) ? s->by_kind[CH_QUEEN] : 0)) & own;                       \
    while (pcs) {                                                                              \
        int from = chess_lsb(pcs);                                                             \
        pcs &= pcs - 1;                                                                        \
        uint64_t t = attacks(from, occ) & target;                                              \
        if (pinned & bb(from))                                                                 \
            t &= chess_line[ksq][from];                                                        \
        ADD_TARGETS(from, t);                                                                  \
    }
    ADD_SLIDERS(CH_BISHOP, chess_bishop_attacks)
    ADD_SLIDERS(CH_ROOK, chess_rook_attacks)
#undef ADD_SLIDERS

    /* Pawns, unpinned ones in bulk by shifting the whole set. */
    const uint64_t pawns = kinds & (1u << CH_PAWN) ? s->by_kind[CH_PAWN] & own : 0;
    const uint64_t free_pawns = pawns & ~pinned;
    const uint64_t promo_rank = us == CHESS_WHITE ? RANK_8 : RANK_1;
    const int up = us == CHESS_WHITE ? 8 : -8;
    uint64_t push1, push2, capl, capr;
    if (us == CHESS_WHITE) {
        push1 = (free_pawns << 8) & ~occ;
        push2 = ((push1 & RANK_3) << 8) & ~occ & target;
        capl = ((free_pawns & ~FILE_A) << 7) & enemy & target;
        capr = ((free_pawns & ~FILE_H) << 9) & enemy & target;
    } else {
        push1 = (free_pawns >> 8) & ~occ;
        push2 = ((push1 & RANK_6) >> 8) & ~occ & target;
        capl = ((free_pawns & ~FILE_A) >> 9) & enemy & target;
        capr = ((free_pawns & ~FILE_H) >> 7) & enemy & target;
    }
    push1 &= target;
    const int dl = us == CHESS_WHITE ? 7 : -9, dr = us == CHESS_WHITE ? 9 : -7;
    if (count_only) {
        n += chess_popcount(push1 & ~promo_rank) + chess_popcount(push2) +
             chess_popcount(capl & ~promo_rank) + chess_popcount(capr & ~promo_rank) +
             4 * (chess_popcount(push1 & promo_rank) + chess_popcount(capl & promo_rank) +
                  chess_popcount(capr & promo_rank));
    } else {
        n = emit_pawn_moves(out, n, push1, up, promo_rank);
        for (uint64_t t = push2; t; t &= t - 1) {
            int to = chess_lsb(t);
            out[n++] = mv(to - 2 * up, to);
        }
        n = emit_pawn_moves(out, n, capl, dl, promo_rank);
        n = emit_pawn_moves(out, n, capr, dr, promo_rank);
    }
    /* Pinned pawns, one by one, along their pin line (rare). */
    for (uint64_t pp = pawns & pinned; pp; pp &= pp - 1) {
        int from = chess_lsb(pp);
        uint64_t line = chess_line[ksq][from];
        uint64_t t = chess_pawn_attacks[us][from] & enemy;
        int one = from + up;
        if (!(occ & bb(one))) {
            t |= bb(one);
            int two = one + up;
            int start_rank = us == CHESS_WHITE ? 1 : 6;
            if ((from >> 3) == start_rank && !(occ & bb(two)))
                t |= bb(two);
        }
        t &= line & target;
        for (; t; t &= t - 1) {
            int to = chess_lsb(t);
            if (bb(to) & promo_rank) {
                if (count_only)
                    n += 4;
                else
                    n = emit_promotions(out, n, from, to);
            } else if (count_only) {
                n++;
            } else {
                out[n++] = mv(from, to);
            }
        }
    }
    /* En passant: checked by removing both pawns and looking at the king (covers every pin). */
    if (s->ep != CH_SQ_NONE && (dest & bb(s->ep))) {
        int cap = s->ep - up;
        uint64_t cands = chess_pawn_attacks[them][s->ep] & pawns;
        for (; cands; cands &= cands - 1) {
            int from = chess_lsb(cands);
            uint64_t o = (occ ^ bb(from) ^ bb(cap)) | bb(s->ep);
            if (attackers(s, ksq, o, them) & ~bb(cap))
                continue;
            if (count_only)
                n++;
            else
                out[n++] = mv(from, s->ep);
        }
    }
    /* Castling, never out of check. */
    if (!checkers && s->castle && (kinds & (1u << CH_KING))) {
        for (int i = us * 2; i < us * 2 + 2; i++) {
            if ((s->castle & (1 << i)) && (dest & bb(s->castle_rook[i])) && castle_ok(s, i, ksq, us)) {
                if (count_only)
                    n++;
                else
                    out[n++] = mv(ksq, s->castle_rook[i]);
            }
        }
    }
#undef ADD_TARGETS
    return n;
}

CHESS_HOT int chess_generate(const chess_state *s, bg_move *buf)
{
    return generate(s, buf, 0, ~0ULL, ~0u);
}

/*
** Out of check, an unpinned knight, pawn or slider that can move at all has a legal move: the
** usual position is settled by its first piece. Otherwise (in check, or everything pinned or
** blocked) the moves are counted.
*/
CHESS_HOT int chess_has_move(const chess_state *s)
{
    const int us = s->stm;
    const uint64_t occ = s->by_kind[0], own = s->by_color[us], enemy = s->by_color[!us];
    const int ksq = chess_king_square(s, us);
    if (!attackers(s, ksq, occ, !us)) {
        const uint64_t free = own & ~pinned_pieces(s, ksq, us);
        const uint64_t pawns = s->by_kind[CH_PAWN] & free;
        uint64_t push = us == CHESS_WHITE ? pawns << 8 : pawns >> 8;
        uint64_t caps = us == CHESS_WHITE ? ((pawns & ~FILE_A) << 7) | ((pawns & ~FILE_H) << 9)
                                          : ((pawns & ~FILE_A) >> 9) | ((pawns & ~FILE_H) >> 7);
        if ((push & ~occ) | (caps & enemy))
            return 1;
        for (uint64_t p = s->by_kind[CH_KNIGHT] & free; p; p &= p - 1)
            if (chess_knight_attacks[chess_lsb(p)] & ~own)
                return 1;
        for (uint64_t p = (s->by_kind[CH_BISHOP] | s->by_kind[CH_QUEEN]) & free; p; p &= p - 1)
            if (chess_bishop_attacks(chess_lsb(p), occ) & ~own)
                return 1;
        for (uint64_t p = (s->by_kind[CH_ROOK] | s->by_kind[CH_QUEEN]) & free; p; p &= p - 1)
            if (chess_rook_attacks(chess_lsb(p), occ) & ~own)
                return 1;
    }
    return generate(s, NULL, 1, ~0ULL, ~0u) > 0;
}

CHESS_HOT int chess_count(const chess_state *s)
{
    return generate(s, NULL, 1, ~0ULL, ~0u);
}

/*
** Whether own piece `from` is pinned: lifting it adds an enemy slider to the king's attackers (only
** the pinner, on the line through it, can appear).
*/
static inline int is_pinned(const chess_state *s, int ksq, int from, uint64_t checkers)
{
    return (chess_line[ksq][from] &&
            (attackers(s, ksq, s->by_kind[0] ^ bb(from), !s->stm) & ~checkers) != 0);
}

/* Emit from -> to, or its four promotions on the last rank. */
static inline int emit(bg_move *out, int n, int from, int to, int promotes)
{
    if (promotes)
        return emit_promotions(out, n, from, to);
    out[n++] = mv(from, to);
    return n;
}

/*
** The pawn moves onto `to`, in generate()'s order: the unpinned pawn's push (one or two steps),
** the unpinned captures from the left and from the right, the pinned pawns along their lines,
** then en passant.
*/
static int pawn_moves_to(const chess_state *s, int to, uint64_t checkers, uint64_t target, int ksq,
                         bg_move *out)
{
    const int us = s->stm, them = !us, up = us == CHESS_WHITE ? 8 : -8;
    const uint64_t occ = s->by_kind[0], pawns = s->by_kind[CH_PAWN] & s->by_color[us];
    const int promotes = us == CHESS_WHITE ? to >= 56 : to < 8;
    int from[2], nf = 0, n = 0;
    if (!(occ & bb(to))) {
        int one = to - up;
        if (one >= 0 && one < 64 && (pawns & bb(one)))
            from[nf++] = one;
        else if ((to >> 3) == (us == CHESS_WHITE ? 3 : 4) && !(occ & bb(one)) && (pawns & bb(one - up)))
            from[nf++] = one - up;
    } else if (s->by_color[them] & bb(to)) {
        const uint64_t caps = chess_pawn_attacks[them][to] & pawns;
        const int dl = us == CHESS_WHITE ? 7 : -9, dr = us == CHESS_WHITE ? 9 : -7;
        /* caps holds squares only: a shift by an off-board origin is never taken. */
        if ((to & 7) != 7 && to - dl >= 0 && to - dl < 64 && (caps & bb(to - dl)))
            from[nf++] = to - dl;
        if ((to & 7) != 0 && to - dr >= 0 && to - dr < 64 && (caps & bb(to - dr)))
            from[nf++] = to - dr;
    }
    int pinned[2], np = 0;
    if (target & bb(to))
        for (int i = 0; i < nf; i++) {
            if (is_pinned(s, ksq, from[i], checkers))
                pinned[np++] = from[i];
            else
                n = emit(out, n, from[i], to, promotes);
        }
    /* At most one pinned pawn reaches `to` along its line (two lines through the king meet only
       there), so their order cannot differ from generate()'s. */
    for (int i = 0; i < np; i++)
        if (chess_line[ksq][pinned[i]] & bb(to))
            n = emit(out, n, pinned[i], to, promotes);
    if (to == s->ep) {
        int cap = s->ep - up;
        for (uint64_t c = chess_pawn_attacks[them][s->ep] & pawns; c; c &= c - 1) {
            int f = chess_lsb(c);
            uint64_t o = (occ ^ bb(f) ^ bb(cap)) | bb(s->ep);
            if (!(attackers(s, ksq, o, them) & ~bb(cap)))
                out[n++] = mv(f, s->ep);
        }
    }
    return n;
}

/*
** One kind other than the king onto one square (what SAN names): its candidates come from the
** attacks of that kind seen from the target, and only they are tested (pawns for pins, other
** kinds by the king's attackers once moved), instead of a whole generation with every pin of the
** position. Same moves, same order as generate().
*/
static inline __attribute__((always_inline)) int one_kind_to(const chess_state *s, int to, int kind,
                                                            bg_move *out)
{
    const int us = s->stm, them = !us;
    const uint64_t occ = s->by_kind[0], own = s->by_color[us];
    if (own & bb(to))
        return 0;
    uint64_t diag = 0, orth = 0;
    if (kind == CH_KNIGHT)
        diag = chess_knight_attacks[to] & s->by_kind[CH_KNIGHT] & own;
    if (kind == CH_BISHOP || kind == CH_QUEEN)
        diag = chess_bishop_attacks(to, occ) & s->by_kind[kind] & own;
    if (kind == CH_ROOK || kind == CH_QUEEN)
        orth = chess_rook_attacks(to, occ) & s->by_kind[kind] & own;
    if (kind != CH_PAWN && !(diag | orth))
        return 0;
    const int ksq = chess_king_square(s, us);
    if (kind != CH_PAWN) {
        /*
        ** Usually one candidate: whether the king stands attacked once it has moved costs less
        ** than the checkers and its pins (the piece taken on `to` attacks no more).
        */
        int n = 0;
        const uint64_t all = diag | orth;
        if (!(all & (all - 1))) {
            /* One candidate (most moves): tested without the loop's invariants set up first. */
            const int from = chess_lsb(all);
            const uint64_t o = (occ ^ bb(from)) | bb(to);
            if (!(attackers(s, ksq, o, them) & ~bb(to)))
                out[n++] = mv(from, to);
            return n;
        }
        for (int phase = 0; phase < 2; phase++)
            for (uint64_t c = phase ? orth : diag; c; c &= c - 1) {
                int from = chess_lsb(c);
                uint64_t o = (occ ^ bb(from)) | bb(to);
                if (!(attackers(s, ksq, o, them) & ~bb(to)))
                    out[n++] = mv(from, to);
            }
        return n;
    }
    /*
    ** A pawn: a push, or a capture from one side only, and not en passant (most pawn moves) is
    ** legal when the king stands safe once it has moved, like a piece's move above.
    */
    const uint64_t pawns = s->by_kind[CH_PAWN] & own;
    const int up = us == CHESS_WHITE ? 8 : -8;
    int from = -1;
    if (!(occ & bb(to))) {
        const int one = to - up;
        if (one >= 0 && one < 64 && (pawns & bb(one)))
            from = one;
        else if ((to >> 3) == (us == CHESS_WHITE ? 3 : 4) && !(occ & bb(one)) &&
                 (pawns & bb(one - up)))
            from = one - up;
    } else if (s->by_color[them] & bb(to)) {
        const uint64_t caps = chess_pawn_attacks[them][to] & pawns;
        if (caps && !(caps & (caps - 1)))
            from = chess_lsb(caps);
    }
    if (from >= 0 && to != s->ep) {
        if (attackers(s, ksq, (occ ^ bb(from)) | bb(to), them) & ~bb(to))
            return 0;
        return emit(out, 0, from, to, us == CHESS_WHITE ? to >= 56 : to < 8);
    }
    const uint64_t checkers = attackers(s, ksq, occ, them);
    if (checkers & (checkers - 1))
        return 0; /* double check: only the king moves */
    const uint64_t target = checkers ? chess_between[ksq][chess_lsb(checkers)] | checkers : ~own;
    return pawn_moves_to(s, to, checkers, target, ksq, out);
}

/*
** The king's moves onto `to`, in generate()'s order: its step there, then a castling move whose
** rook stands there (never both: the step cannot land on an own piece).
*/
static int king_to(const chess_state *s, int to, bg_move *out)
{
    const int us = s->stm, them = !us, ksq = chess_king_square(s, us);
    const uint64_t occ = s->by_kind[0];
    int n = 0;
    if (!(s->by_color[us] & bb(to))) {
        if ((chess_king_attacks[ksq] & bb(to)) && !attackers(s, to, occ ^ bb(ksq), them))
            out[n++] = mv(ksq, to);
        return n;
    }
    /* Onto an own piece: castling with the rook there, never out of check. */
    for (int i = us * 2; i < us * 2 + 2; i++)
        if ((s->castle & (1 << i)) && s->castle_rook[i] == to && !attackers(s, ksq, occ, them) &&
            castle_ok(s, i, ksq, us))
            out[n++] = mv(ksq, to);
    return n;
}

/* Other sets of kinds: the whole generator aimed at one square (out of line: rare). */
static __attribute__((noinline)) int kinds_to(const chess_state *s, int to, unsigned kinds,
                                              bg_move *buf)
{
    return generate(s, buf, 0, bb(to), kinds);
}

CHESS_HOT int chess_moves_to(const chess_state *s, int to, unsigned kinds, bg_move *buf)
{
    if (kinds && !(kinds & (kinds - 1)) && kinds < (1u << CH_KING)) /* one kind, not the king */
        return one_kind_to(s, to, __builtin_ctz(kinds), buf);
    if (kinds == 1u << CH_KING)
        return king_to(s, to, buf);
    return kinds_to(s, to, kinds, buf);
}

/* The whole move list, emitted or counted (the perft template's generator). */
static inline __attribute__((always_inline)) int generate_all(const chess_state *s, bg_move *out,
                                                              int count_only)
{
    return generate(s, out, count_only, ~0ULL, ~0u);
}

BGI_PERFT_COPY_MAKE(CHESS_HOT, perft_rec, chess_state, 256, generate_all, chess_make)

uint64_t chess_perft(const chess_state *s, int depth)
{
    if (depth <= 0)
        return 1;
    return perft_rec(s, depth);
}
