/* libboardgames — chess position mechanics: attacks, making moves, Polyglot hashing, material draws. */
#include <string.h>

#include "chess.h"

static inline uint64_t bb(int sq) { return 1ULL << sq; }

static inline int poly_index(int kind, int color, int sq)
{
    /* Polyglot orders pieces bp wp bn wn ... bk wk: white is the odd index. */
    return 64 * ((kind - 1) * 2 + (color == CHESS_WHITE)) + sq;
}

#define POLY_CASTLE 768
#define POLY_EP 772
#define POLY_TURN 780

/* chess_attackers_to is in chess_movegen.c, inline in the generators there. */

int chess_in_check(const chess_state *s)
{
    return chess_attackers_to(s, chess_king_square(s, s->stm), s->by_kind[0], !s->stm) != 0;
}

void chess_put(chess_state *s, int sq, int kind, int color)
{
    s->board[sq] = (uint8_t)(kind | color << 3);
    s->by_kind[kind] |= bb(sq);
    s->by_kind[0] |= bb(sq);
    s->by_color[color] |= bb(sq);
    s->key ^= chess_polyglot_random[poly_index(kind, color, sq)];
}

static inline void remove_piece(chess_state *s, int sq)
{
    int p = s->board[sq], kind = p & 7, color = p >> 3;
    s->board[sq] = 0;
    s->by_kind[kind] ^= bb(sq);
    s->by_kind[0] ^= bb(sq);
    s->by_color[color] ^= bb(sq);
    s->key ^= chess_polyglot_random[poly_index(kind, color, sq)];
}

int chess_is_castle(const chess_state *s, bg_move m)
{
    int from = BG_MOVE_FROM(m), to = BG_MOVE_TO(m);
    if (from >= 64 || to >= 64)
        return 0;
    int p = s->board[from], q = s->board[to];
    return (p & 7) == CH_KING && q && (q & 7) == CH_ROOK && (q >> 3) == (p >> 3);
}

static void set_castle_rights(chess_state *s, int rights)
{
    /* XOR out the old rights and in the new ones: the key tracks each right separately. */
    int diff = s->castle ^ rights;
    for (int i = 0; i < 4; i++)
        if (diff & (1 << i))
            s->key ^= chess_polyglot_random[POLY_CASTLE + i];
    s->castle = (uint8_t)rights;
}

/*
** Castling, written king-takes-own-rook: both land on fixed files whatever they started on
** (rare: out of line).
*/
static __attribute__((noinline)) void castle(chess_state *s, int from, int to, int us)
{
    int rank = us == CHESS_WHITE ? 0 : 56;
    int kingside = to > from;
    remove_piece(s, from);
    remove_piece(s, to);
    chess_put(s, rank + (kingside ? 6 : 2), CH_KING, us);
    chess_put(s, rank + (kingside ? 5 : 3), CH_ROOK, us);
}

/*
** Make a legal move. What differs from move to move (a capture or not, a pawn or not, a double
** step) is mostly computed without branches: record readers make every move of a file here,
** and those tests are as random as the moves.
*/
void chess_make(chess_state *s, bg_move m)
{
    const int from = BG_MOVE_FROM(m), to = BG_MOVE_TO(m);
    const int us = s->stm, them = !us;
    const int piece = s->board[from], captured = s->board[to];
    int kind = piece & 7, rights = s->castle;
    s->ep = CH_SQ_NONE;
    if (kind == CH_KING && captured == (CH_ROOK | us << 3)) {
        castle(s, from, to, us);
        rights &= us == CHESS_WHITE ? ~3 : ~12;
        s->halfmove++;
    } else {
        const uint64_t fb = bb(from), tb = bb(to);
        const int pawn = kind == CH_PAWN;
        /* The piece taken, if any (an empty square is kind 0, colour 0: nothing changes). */
        const int ck = captured & 7, cc = captured >> 3;
        const uint64_t taken = captured ? tb : 0;
        s->by_kind[ck] ^= taken;
        s->by_color[cc] ^= taken;
        const uint64_t ckey = chess_polyglot_random[poly_index(ck ? ck : CH_PAWN, cc, to)];
        s->key ^= captured ? ckey : 0;
        s->halfmove = captured | pawn ? 0 : s->halfmove + 1;
        /* A double step leaves its en-passant square; a pawn's diagonal step onto an empty
           square takes en passant (rare: a branch). */
        const int delta = to - from;
        s->ep = pawn & (delta == 16 || delta == -16) ? (uint8_t)(from + delta / 2) : CH_SQ_NONE;
        if (pawn & !captured & (((from ^ to) & 7) != 0))
            remove_piece(s, to + (us == CHESS_WHITE ? -8 : 8));
        if (m & BG_MOVE_PROMOTION)
            kind = BG_MOVE_KIND(m);
        /* The mover leaves from and lands on to. */
        s->board[from] = 0;
        s->board[to] = (uint8_t)(kind | us << 3);
        s->by_kind[piece & 7] ^= fb;
        s->by_kind[kind] ^= tb;
        s->by_kind[0] = (s->by_kind[0] ^ fb) | tb;
        s->by_color[us] ^= fb | tb;
        s->key ^= chess_polyglot_random[poly_index(piece & 7, us, from)] ^
                  chess_polyglot_random[poly_index(kind, us, to)];
        if (kind == CH_KING)
            rights &= us == CHESS_WHITE ? ~3 : ~12;
        /* A move from or onto a castling rook's square (first or last rank) ends that right. */
        if (rights && ((fb | tb) & 0xff000000000000ffULL))
            for (int i = 0; i < 4; i++)
                rights &= ~(((s->castle_rook[i] == from) | (s->castle_rook[i] == to)) << i);
    }
    if (rights != s->castle)
        set_castle_rights(s, rights);
    s->fullmove += (uint16_t)us; /* after Black's move */
    s->stm = (uint8_t)them;
    s->key ^= chess_polyglot_random[POLY_TURN];
}

void chess_rehash(chess_state *s)
{
    s->key = 0;
    for (int sq = 0; sq < 64; sq++)
        if (s->board[sq])
            s->key ^= chess_polyglot_random[poly_index(s->board[sq] & 7, s->board[sq] >> 3, sq)];
    for (int i = 0; i < 4; i++)
        if (s->castle & (1 << i))
            s->key ^= chess_polyglot_random[POLY_CASTLE + i];
    if (s->stm == CHESS_WHITE)
        s->key ^= chess_polyglot_random[POLY_TURN];
}

/* Pawns of the side to move that stand next to the en-passant target's pawn (pseudo-legal). */
static uint64_t ep_capturers(const chess_state *s)
{
    if (s->ep == CH_SQ_NONE)
        return 0;
    return chess_pawn_attacks[!s->stm][s->ep] & s->by_kind[CH_PAWN] & s->by_color[s->stm];
}

int chess_has_legal_ep(const chess_state *s)
{
    uint64_t cands = ep_capturers(s);
    int us = s->stm, ksq = chess_king_square(s, us);
    int cap = s->ep + (us == CHESS_WHITE ? -8 : 8);
    while (cands) {
        int from = chess_lsb(cands);
        cands &= cands - 1;
        uint64_t occ = (s->by_kind[0] ^ bb(from) ^ bb(cap)) | bb(s->ep);
        if (!(chess_attackers_to(s, ksq, occ, !us) & ~bb(cap)))
            return 1;
    }
    return 0;
}

uint64_t chess_polyglot_key(const chess_state *s)
{
    uint64_t k = s->key;
    if (ep_capturers(s))
        k ^= chess_polyglot_random[POLY_EP + (s->ep & 7)];
    return k;
}

uint64_t chess_repetition_key(const chess_state *s)
{
    uint64_t k = s->key;
    if (s->ep != CH_SQ_NONE && chess_has_legal_ep(s))
        k ^= chess_polyglot_random[POLY_EP + (s->ep & 7)];
    return k;
}

int chess_insufficient_material(const chess_state *s)
{
    if (s->by_kind[CH_PAWN] | s->by_kind[CH_ROOK] | s->by_kind[CH_QUEEN])
        return 0;
    uint64_t minors = s->by_kind[CH_KNIGHT] | s->by_kind[CH_BISHOP];
    if (chess_popcount(minors) <= 1)
        return 1; /* K v K, K v K+N, K v K+B */
    if (s->by_kind[CH_KNIGHT])
        return 0;
    /* Only bishops: a mate is impossible when they all stand on squares of one colour. */
    const uint64_t dark = 0xAA55AA55AA55AA55ULL;
    uint64_t b = s->by_kind[CH_BISHOP];
    return (b & dark) == 0 || (b & ~dark) == 0;
}

/* ---------- editing (lib/core/edit.c): the state from a snapshot, and its rights ---------- */

bg_status chess_load(chess_state *s, const bg_snapshot *snap)
{
    /*
    ** Castling rooks stand on their side's first rank, in standard chess in their corner, and
    ** on their wing's side of a king on that rank (a king elsewhere makes the position invalid).
    */
    for (int color = 0; color < 2; color++) {
        const int rank = color == CHESS_WHITE ? 0 : 7;
        int king_file = -1, kings = 0;
        for (int f = 0; f < 8; f++)
            if (snap->board[rank * 8 + f] == BG_PIECE(color, CH_KING)) {
                king_file = f;
                kings++;
            }
        for (int wing = 0; wing < 2; wing++) {
            int r = snap->castling[color][wing];
            if (r < 0)
                continue;
            if (r / 8 != rank || (!s->chess960 && (r & 7) != (wing == BG_WING_KING ? 7 : 0)) ||
                (kings == 1 && (wing == BG_WING_KING ? (r & 7) < king_file : (r & 7) > king_file)))
                return BG_E_INVALID_ARGUMENT;
        }
    }
    /* An en-passant square lies on the third or sixth rank (the FEN reader checks the rest). */
    if (snap->en_passant >= 0 && snap->en_passant / 8 != 2 && snap->en_passant / 8 != 5)
        return BG_E_INVALID_ARGUMENT;
    chess_state st;
    memset(&st, 0, sizeof st);
    st.chess960 = s->chess960;
    for (int sq = 0; sq < 64; sq++) {
        bg_piece p = snap->board[sq];
        if (p)
            chess_put(&st, sq, BG_PIECE_KIND(p), BG_PIECE_SIDE(p));
    }
    st.stm = (uint8_t)snap->side_to_move;
    st.ep = snap->en_passant >= 0 ? (uint8_t)snap->en_passant : CH_SQ_NONE;
    for (int color = 0; color < 2; color++)
        for (int wing = 0; wing < 2; wing++)
            if (snap->castling[color][wing] >= 0) {
                int right = color * 2 + wing; /* CASTLE_WK, CASTLE_WQ, CASTLE_BK, CASTLE_BQ */
                st.castle |= (uint8_t)(1 << right);
                st.castle_rook[right] = (uint8_t)snap->castling[color][wing];
            }
    st.halfmove = (uint16_t)snap->halfmove_clock;
    st.fullmove = (uint16_t)snap->fullmove_number;
    chess_rehash(&st);
    *s = st;
    return BG_OK;
}

void chess_get_rights(const chess_state *s, bg_snapshot *snap)
{
    for (int right = 0; right < 4; right++)
        if (s->castle & (1 << right))
            snap->castling[right / 2][right & 1] = s->castle_rook[right];
    snap->en_passant = s->ep == CH_SQ_NONE ? -1 : s->ep;
}
