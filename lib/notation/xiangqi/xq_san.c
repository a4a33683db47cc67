/* libboardgames — reading algebraic xiangqi moves as WinBoard/XBoard and Fairy-Stockfish write them in PGN (Che2, Cbg7, Cxe6, Afe1, axa3, Ch2-e2). */
#include <string.h>

#include "xq_files.h"

/*
** Chess SAN on the xiangqi board: a piece letter (none for a soldier), the from-file and/or
** from-rank when needed, 'x' for a capture, the destination, '+' / '#'. Files a..i (a..k in lion
** chess) from red's left. Two programs count the ranks differently: WinBoard (XBoard), which saves
** xiangqi games in chess-style PGN with [Variant "xiangqi"], from 0 — the points ICCS uses (the
** "Chinese Chess File Format" of Huayong Yang calls this short algebraic, "Che2" for ICCS H2-E2 /
** WXF C2.5, and long algebraic "Ch2-e2"); Fairy-Stockfish's SAN (pyffish) from 1 ("Che3"). The
** caller says which (rank_base 0 or 1). Letters: K A E H R C P as both write them, and the other
** sets' names of the same pieces (G guard, B and M for the elephant, N for the horse); L the lion.
** Exactly one legal move must fit: a wrong 'x' or a disambiguation that fits no move is an error,
** never another move.
*/

static int kind_of_letter(char c)
{
    switch (c) {
    case 'K': return XQN_GENERAL;
    case 'A': case 'G': return XQN_ADVISOR;
    case 'E': case 'B': case 'M': return XQN_ELEPHANT;
    case 'H': case 'N': return XQN_HORSE;
    case 'R': return XQN_CHARIOT;
    case 'C': return XQN_CANNON;
    case 'P': return XQN_SOLDIER;
    case 'L': return XQN_LION;
    default: return 0;
    }
}

#define QUOTE(t) bgi_xqn_quote_len((t), 40), (t)

/* Digits ending at t[end) (at most two, no leading zero but "0" itself): their value, or -1. */
static int rank_digits(const char *t, size_t from, size_t end, size_t *start)
{
    size_t i = end;
    while (i > from && end - i < 2 && t[i - 1] >= '0' && t[i - 1] <= '9')
        i--;
    if (i == end || (end - i == 2 && t[i] == '0'))
        return -1;
    *start = i;
    return end - i == 1 ? t[i] - '0' : (t[i] - '0') * 10 + (t[i + 1] - '0');
}

bg_status bgi_xq_san_parse(const bg_position *pos, const char *text, int rank_base, bg_move *out,
                           bg_error *err)
{
    const int w = pos->variant->width, h = pos->variant->height;
    size_t n = strlen(text), r0 = 0;
    *out = BG_MOVE_NONE;
    while (n > 0 && (text[n - 1] == '+' || text[n - 1] == '#'))
        n--;
    /* The destination: a file letter and the rank, at the end. */
    int rank = rank_digits(text, 0, n, &r0);
    if (rank < 0 || r0 == 0 || text[r0 - 1] < 'a' || text[r0 - 1] >= 'a' + w ||
        rank - rank_base < 0 || rank - rank_base >= h)
        return bgi_fail(err, BG_E_PARSE, r0 > 0 ? r0 - 1 : 0,
                        "algebraic move '%.*s': expected the destination point (a%d..%c%d)",
                        QUOTE(text), rank_base, 'a' + w - 1, h - 1 + rank_base);
    int to = (rank - rank_base) * w + (text[r0 - 1] - 'a');
    size_t i = 0, end = r0 - 1, rs = 0;
    int kind = kind_of_letter(text[0]);
    if (kind)
        i++;
    else
        kind = XQN_SOLDIER;
    int from_file = -1, from_rank = -1, capture = 0;
    if (i < end && (text[end - 1] == 'x' || text[end - 1] == '-'))
        capture = text[--end] == 'x';
    if (i < end && text[i] >= 'a' && text[i] < 'a' + w)
        from_file = text[i++] - 'a';
    if (i < end && (from_rank = rank_digits(text, i, end, &rs)) >= 0 && rs == i) {
        from_rank -= rank_base;
        i = end;
    }
    if (i != end || from_rank >= h)
        return bgi_fail(err, BG_E_PARSE, i,
                        "algebraic move '%.*s': expected a piece letter (K A E H R C P), the "
                        "from-file or rank, 'x' and the destination", QUOTE(text));
    xqn_board b;
    if (!bgi_xqn_snapshot(pos, &b))
        return bgi_fail(err, BG_E_UNSUPPORTED, 0, "algebraic moves need a xiangqi board");
    bg_move moves[BGI_MAX_MOVES];
    int count = bgi_position_moves(pos, moves), found = 0;
    for (int k = 0; k < count; k++) {
        int from = BG_MOVE_FROM(moves[k]);
        if (BG_MOVE_TO(moves[k]) != to || (b.cell[from] & 15) != kind ||
            (from_file >= 0 && from % w != from_file) || (from_rank >= 0 && from / w != from_rank) ||
            (capture && !b.cell[to]))
            continue;
        if (found++ == 0)
            *out = moves[k];
    }
    if (found == 1)
        return BG_OK;
    *out = BG_MOVE_NONE;
    if (found > 1)
        return bgi_fail(err, BG_E_AMBIGUOUS_MOVE, 0, "algebraic move '%.*s' fits %d legal moves",
                        QUOTE(text), found);
    return bgi_fail(err, BG_E_ILLEGAL_MOVE, 0, "algebraic move '%.*s' is not legal in this position",
                    QUOTE(text));
}

/*
** Whether a token is an algebraic move, and the rank its destination names (-1 if none): the
** ranks 0 and 10 tell the two ways of counting apart.
*/
int bgi_xq_san_rank(const char *t, size_t n)
{
    while (n > 0 && (t[n - 1] == '+' || t[n - 1] == '#' || t[n - 1] == '!' || t[n - 1] == '?'))
        n--;
    size_t r0 = 0;
    int rank = rank_digits(t, 0, n, &r0);
    if (rank < 0 || r0 == 0 || t[r0 - 1] < 'a' || t[r0 - 1] > 'k')
        return -1;
    size_t i = kind_of_letter(t[0]) ? 1 : 0;
    for (size_t k = i; k + 1 < r0; k++)
        if (!((t[k] >= 'a' && t[k] <= 'k') || (t[k] >= '0' && t[k] <= '9') || t[k] == 'x' ||
              t[k] == '-'))
            return -1;
    return rank;
}
