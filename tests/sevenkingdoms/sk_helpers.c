/* Helpers of the Seven Kingdoms tests: hand-made positions from piece lists, move sets, games. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fixtures.h"
#include "sk_helpers.h"

const bg_variant *sk(void) { return fx_variant("sevenkingdoms"); }

int pt(const char *name)
{
    ck_assert_msg(name[0] >= 'a' && name[0] <= 's', "bad point %s", name);
    int rank = atoi(name + 1);
    ck_assert_msg(rank >= 1 && rank <= 19, "bad point %s", name);
    return (rank - 1) * 19 + (name[0] - 'a');
}

const char *sk_text(const char *pieces, const char *rest)
{
    static char out[2048];
    char board[361][3];
    memset(board, 0, sizeof board);
    strcpy(board[pt("j10")], "Z");
    char copy[1024];
    snprintf(copy, sizeof copy, "%s", pieces);
    for (char *save = NULL, *t = strtok_r(copy, " ", &save); t; t = strtok_r(NULL, " ", &save)) {
        ck_assert_msg(strlen(t) >= 5 && t[2] == ':', "bad piece token %s", t);
        int p = pt(t + 3);
        ck_assert_msg(!board[p][0], "two pieces on %s", t + 3);
        board[p][0] = t[0];
        board[p][1] = t[1];
    }
    fx_fen ff = {out, sizeof out, 0, 0};
    for (int r = 18; r >= 0; r--) {
        for (int f = 0; f < 19; f++)
            fx_fen_square(&ff, board[r * 19 + f]);
        fx_fen_rank(&ff, r == 0);
    }
    sprintf(out + ff.len, " %s", rest);
    return out;
}

bg_position *sk_pos(const char *pieces, const char *rest, const char *options)
{
    return fx_position("sevenkingdoms", sk_text(pieces, rest), options);
}

bg_game *sk_game(const char *pieces, const char *rest, const char *options)
{
    return fx_game("sevenkingdoms", sk_text(pieces, rest), options);
}

static int cmp_int(const void *a, const void *b) { return *(const int *)a - *(const int *)b; }

void check_dests(const bg_position *p, const char *from, const char *expected)
{
    int want[400], got[400], nw = 0, ng = 0;
    char copy[1024];
    snprintf(copy, sizeof copy, "%s", expected);
    for (char *save = NULL, *t = strtok_r(copy, " ", &save); t; t = strtok_r(NULL, " ", &save))
        want[nw++] = pt(t);
    bg_move moves[4096];
    int n = bg_position_legal_moves(p, moves, 4096);
    ck_assert_int_ge(n, 0);
    for (int i = 0; i < n; i++)
        if (!bg_move_is_pass(moves[i]) && bg_move_from(moves[i]) == pt(from))
            got[ng++] = bg_move_to(moves[i]);
    qsort(want, (size_t)nw, sizeof *want, cmp_int);
    qsort(got, (size_t)ng, sizeof *got, cmp_int);
    char gs[2048] = "";
    for (int i = 0; i < ng; i++)
        sprintf(gs + strlen(gs), " %c%d", 'a' + got[i] % 19, got[i] / 19 + 1);
    ck_assert_msg(ng == nw && !memcmp(got, want, sizeof *got * (size_t)ng),
                  "moves from %s:%s\nexpected: %s", from, gs, expected);
}

void play_all(bg_game *g, const char *moves)
{
    char copy[4096];
    snprintf(copy, sizeof copy, "%s", moves);
    for (char *save = NULL, *t = strtok_r(copy, " ", &save); t; t = strtok_r(NULL, " ", &save))
        ck_assert_msg(bg_game_play_text(g, t, "uci", 0) == BG_OK, "move %s refused: %s [%s]", t,
                      bg_game_errmsg(g), game_text(g));
}

const char *game_text(const bg_game *g)
{
    static char buf[2048];
    int n = bg_position_text(bg_game_position(g), NULL, buf, sizeof buf);
    ck_assert_int_gt(n, 0);
    ck_assert_int_lt(n, (int)sizeof buf);
    return buf;
}

void refused(const char *text, const char *options, unsigned flags, bg_status status, size_t offset)
{
    bg_position *p = (bg_position *)1;
    bg_error e = BG_ERROR_INIT;
    bg_status s = bg_position_from_text(&p, sk(), text, NULL, options, flags, NULL, &e);
    ck_assert_msg(s == status, "[%s]: status %d, expected %d (%s)", text, s, status, e.message);
    ck_assert_msg(p == NULL, "handle left on failure");
    ck_assert_msg(offset == (size_t)-1 || e.offset == offset,
                  "[%s]: offset %zu, expected %zu (%s)", text, e.offset, offset, e.message);
    ck_assert_msg(e.message[0] != 0, "no error message");
}
