/* libboardgames — reading algebraic xiangqi moves as WinBoard/XBoard write them in PGN (Che2, Cbg7, Cxe6, Afe1, axa3, Ch2-e2), on ICCS points. */
#include <string.h>

#include "xq_files.h"

/*
** WinBoard (XBoard) saves xiangqi games in chess-style PGN with [Variant "xiangqi"] and SAN on the
** board's points: files a..i from red's left, ranks 0..9 from red's side, the points ICCS uses
** (the "Chinese Chess File Format" of Huayong Yang calls this short algebraic, "Che2" for ICCS
** H2-E2 / WXF C2.5, and long algebraic "Ch2-e2"). A move is a piece letter (none for a
** soldier), the from-file and/or from-rank when needed, 'x' for a capture, the destination, and
** '+' / '#'. Letters: K A E H R C P as WinBoard writes them, and the other sets' names of the same
** pieces (G guard, B and M for the elephant, N for the horse); L the lion of lion chess.
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

bg_status bgi_xq_san_parse(const bg_position *pos, const char *text, bg_move *out, bg_error *err)
{
    const int w = pos->variant->width;
    size_t n = strlen(text);
    *out = BG_MOVE_NONE;
    while (n > 0 && (text[n - 1] == '+' || text[n - 1] == '#'))
        n--;
    /* The destination is the last two characters: a file letter and a rank digit. */
    if (n < 2 || text[n - 2] < 'a' || text[n - 2] >= 'a' + w || text[n - 1] < '0' ||
        text[n - 1] > '9')
        return bgi_fail(err, BG_E_PARSE, n > 2 ? n - 2 : 0,
                        "algebraic move '%.*s': expected the destination point (a0..%c9)",
                        QUOTE(text), 'a' + w - 1);
    int to = (text[n - 1] - '0') * w + (text[n - 2] - 'a');
    size_t i = 0, end = n - 2;
    int kind = kind_of_letter(text[0]);
    if (kind)
        i++;
    else
        kind = XQN_SOLDIER;
    int from_file = -1, from_rank = -1, capture = 0;
    if (i < end && text[i] >= 'a' && text[i] < 'a' + w)
        from_file = text[i++] - 'a';
    if (i < end && text[i] >= '0' && text[i] <= '9')
        from_rank = text[i++] - '0';
    if (i < end && (text[i] == 'x' || text[i] == '-'))
        capture = text[i++] == 'x';
    if (i != end)
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
