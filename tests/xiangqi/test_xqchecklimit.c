/* Xiangqi / lion chess option checklimit=3 (seed 000 「將軍不能連續超過三次」): real move sequences, and random games against a model built on the unlimited generator. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <boardgames/boardgames.h>

#include "check_main.h"
#include "xorshift.h"
#include "fixtures.h"

#define XQ "xiangqi"
#define LION "lionchess"
#define LIMIT "checklimit=3"

static bg_game *new_game(const char *variant, const char *fen, const char *options)
{
    return fx_game(variant, fen, options);
}

/* Plays a line of uci moves, each of which must be accepted, the game ongoing before each. */
static void play_line(bg_game *g, const char *line)
{
    char buf[512];
    snprintf(buf, sizeof buf, "%s", line);
    for (char *tok = strtok(buf, " "); tok; tok = strtok(NULL, " ")) {
        ck_assert_msg(bg_game_outcome(g) == BG_ONGOING, "the game ended (%s) before %s at ply %d",
                      bg_reason_name(bg_game_reason(g)), tok, bg_game_ply_count(g) + 1);
        ck_assert_msg(bg_game_play_text(g, tok, "uci", 0) == BG_OK, "%s refused at ply %d: %s", tok,
                      bg_game_ply_count(g) + 1, bg_game_error(g)->message);
    }
}

static int legal(const bg_game *g, const char *uci)
{
    bg_move m;
    return bg_move_parse(bg_game_position(g), uci, "uci", 0, &m, NULL) == BG_OK;
}

/* The number of legal moves of the game's position that give check. */
static int checking_moves(const bg_game *g)
{
    const bg_position *p = bg_game_position(g);
    bg_move m[256];
    const int n = bg_position_legal_moves(p, m, 256);
    int checks = 0;
    for (int i = 0; i < n; i++)
        checks += (bg_position_move_flags(p, m[i]) & BG_FLAG_CHECK) != 0;
    return checks;
}

/* Red's chariot checks from a10 and a9 in turn while black's general steps between e10 and e9. */
#define SHUTTLE_FEN "4k4/9/R8/9/9/9/9/9/9/3K5 w - - 0 1"
#define THREE_CHECKS "a8a10 e10e9 a10a9 e9e10 a9a10 e10e9"

/* Three checks in a row: a fourth is refused and is not among the legal moves; without the option it is legal. */
START_TEST(fourth_check_refused)
{
    bg_game *g = new_game(XQ, SHUTTLE_FEN, LIMIT);
    play_line(g, THREE_CHECKS);
    ck_assert_int_eq(bg_game_play_text(g, "a10a9", "uci", 0), BG_E_ILLEGAL_MOVE);
    ck_assert_int_eq(bg_game_play_text(g, "a10e10", "uci", 0), BG_E_ILLEGAL_MOVE);
    ck_assert_int_eq(bg_game_ply_count(g), 6);
    ck_assert(!legal(g, "a10a9"));
    ck_assert_int_eq(checking_moves(g), 0);
    ck_assert(legal(g, "a10a8"));
    ck_assert_int_eq(bg_game_outcome(g), BG_ONGOING);

    bg_game *plain = new_game(XQ, SHUTTLE_FEN, NULL);
    play_line(plain, THREE_CHECKS);
    ck_assert(legal(plain, "a10a9") && legal(plain, "a10e10"));
    ck_assert_int_eq(checking_moves(plain), 2);
    /* 16 + 17 moves minus the two checks: the limit takes away exactly those. */
    ck_assert_int_eq(bg_position_legal_moves(bg_game_position(plain), NULL, 0),
                     bg_position_legal_moves(bg_game_position(g), NULL, 0) + 2);
    /* Perft counts the same moves: at depth 1 and below them. */
    ck_assert_uint_eq(bg_position_perft(bg_game_position(g), 1),
                      bg_position_perft(bg_game_position(plain), 1) - 2);
    bg_game_free(plain);

    /* A quiet move resets red's count: three more checks in a row, then none. */
    play_line(g, "a10a8 e9e10 a8a10 e10e9 a10a9 e9e10 a9a10 e10e9");
    ck_assert_int_eq(bg_game_play_text(g, "a10a9", "uci", 0), BG_E_ILLEGAL_MOVE);
    ck_assert_int_eq(checking_moves(g), 0);
    bg_game_free(g);
}
END_TEST

/* "In a row" is the same side's moves: a check, a quiet move, then three checks are all legal. */
START_TEST(quiet_move_resets)
{
    bg_game *g = new_game(XQ, SHUTTLE_FEN, LIMIT);
    play_line(g, "a8a10 e10e9 a10a8 e9e10 a8a10 e10e9 a10a9 e9e10 a9a10 e10e9");
    ck_assert(!legal(g, "a10a9"));
    bg_game_free(g);
}
END_TEST

/* Each side has its own count: black's checks back do not reset red's, and black reaches its limit too. */
START_TEST(both_sides_counted)
{
    /* Every move answers the check and checks back (cannons on d and e with screens). */
    const char *fen = "4c4/3k1n3/4r4/3C5/9/3R5/9/2N6/9/4K4 w - - 0 1";
    bg_game *g = new_game(XQ, fen, LIMIT);
    play_line(g, "d7e7 e8d8 e7d7 d8e8 d7e7 e8d8");
    ck_assert_int_eq(bg_game_play_text(g, "e7d7", "uci", 0), BG_E_ILLEGAL_MOVE);
    ck_assert_int_eq(checking_moves(g), 0);
    /* Red answers the check quietly (the general steps aside); black has checked three times. */
    play_line(g, "e1f1");
    ck_assert_int_eq(checking_moves(g), 0);
    bg_game *plain = new_game(XQ, fen, NULL);
    play_line(plain, "d7e7 e8d8 e7d7 d8e8 d7e7 e8d8 e1f1");
    ck_assert_int_gt(checking_moves(plain), 0);
    bg_game_free(plain);
    bg_game_free(g);
}
END_TEST

/*
** Red's only move left would be its fourth check in a row (the general uncovers its cannon): red
** has no legal move and loses (a stalemate loses in xiangqi). Without the option the move is legal.
*/
START_TEST(no_move_but_a_fourth_check)
{
    const char *fen = "3k5/9/R8/9/9/r8/9/3A5/3K5/2pCp4 w - - 0 1";
    const char *line = "a8a10 d10d9 a10a9 d9d10 a9a10 a5a10";
    bg_game *g = new_game(XQ, fen, LIMIT);
    play_line(g, line);
    fx_expect_result(g, BG_WIN, 1, BG_REASON_STALEMATE);
    ck_assert_int_eq(bg_position_legal_moves(bg_game_position(g), NULL, 0), 0);
    ck_assert_uint_eq(bg_position_perft(bg_game_position(g), 1), 0);
    bg_game_free(g);

    g = new_game(XQ, fen, NULL);
    play_line(g, line);
    ck_assert_int_eq(bg_game_outcome(g), BG_ONGOING);
    ck_assert(legal(g, "d2e2"));
    ck_assert_int_eq(checking_moves(g), 1);
    bg_game_free(g);
}
END_TEST

/* Lion chess: the same rule; the third check is the lion's, along a diagonal. */
START_TEST(lion_checks)
{
    const char *fen = "5k5/8L2/R10/11/11/11/11/11/11/6K4 w - - 0 1";
    const char *line = "a8a10 f10f9 a10a9 f9f10 i9h8 f10e10";
    bg_game *g = new_game(LION, fen, LIMIT);
    play_line(g, line);
    ck_assert(!legal(g, "a9a10") && !legal(g, "a9e9"));
    ck_assert_int_eq(checking_moves(g), 0);
    bg_game *plain = new_game(LION, fen, NULL);
    play_line(plain, line);
    ck_assert(legal(plain, "a9a10") && legal(plain, "a9e9"));
    bg_game_free(plain);
    bg_game_free(g);
    /* After three chariot checks, the lion's check is refused the same way. */
    fen = "11/5k5/11/R10/11/11/11/11/11/4K5L w - - 0 1";
    line = "a7a9 f9f10 a9a10 f10f9 a10a9 f9f8";
    g = new_game(LION, fen, LIMIT);
    play_line(g, line);
    ck_assert(!legal(g, "k1e7"));
    ck_assert_int_eq(checking_moves(g), 0);
    plain = new_game(LION, fen, NULL);
    play_line(plain, line);
    ck_assert(legal(plain, "k1e7"));
    bg_game_free(plain);
    bg_game_free(g);
}
END_TEST

/*
** Position text has no field for the counts: the FEN of the position after three checks reads back
** with none, so there the fourth check is legal. The game knows its history (undo replays it).
*/
START_TEST(fen_starts_at_zero_and_undo)
{
    bg_game *g = new_game(XQ, SHUTTLE_FEN, LIMIT);
    play_line(g, THREE_CHECKS);
    char fen[128];
    ck_assert_int_gt(bg_position_text(bg_game_position(g), NULL, fen, sizeof fen), 0);
    bg_game *again = new_game(XQ, fen, LIMIT);
    ck_assert(legal(again, "a10a9"));
    ck_assert_uint_eq(bg_position_hash(bg_game_position(again)), bg_position_hash(bg_game_position(g)));
    bg_game_free(again);

    /* Undo to before the third check: one more check is allowed, then none again. */
    ck_assert_int_eq(bg_game_undo(g), BG_OK);
    ck_assert_int_eq(bg_game_undo(g), BG_OK);
    play_line(g, "a9a10 e10e9");
    ck_assert(!legal(g, "a10a9"));
    ck_assert_int_eq(bg_game_undo(g), BG_OK);
    ck_assert_int_eq(bg_game_undo(g), BG_OK);
    ck_assert_int_eq(bg_game_undo(g), BG_OK);
    ck_assert_int_eq(bg_game_undo(g), BG_OK);
    /* After one check: two more in a row are fine. */
    play_line(g, "a10a9 e9e10 a9a10 e10e9");
    ck_assert(!legal(g, "a10a9"));
    bg_game_free(g);
}
END_TEST

/*
** Positions with the same pieces but other counts are other positions for repetition. The line
** reaches "chariot a10, general e10, black to move" after one check (ply 1), three (ply 5) and one
** (ply 9): without the option that is a third occurrence at ply 9, a draw. With it, the first
** third occurrence is of the start position (counts 0) at ply 16.
*/
START_TEST(repetition_counts_the_counts)
{
    const char *loop = "a8a10 e10e9 a10a9 e9e10 a9a10 e10e9 a10a8 e9e10";
    bg_game *plain = new_game(XQ, SHUTTLE_FEN, NULL);
    play_line(plain, loop);
    play_line(plain, "a8a10");
    fx_expect_result(plain, BG_DRAW, -1, BG_REASON_REPETITION);
    ck_assert_int_eq(bg_game_ply_count(plain), 9);
    bg_game_free(plain);

    bg_game *g = new_game(XQ, SHUTTLE_FEN, LIMIT);
    play_line(g, loop);
    play_line(g, "a8a10 e10e9 a10a9 e9e10 a9a10 e10e9 a10a8");
    ck_assert_int_eq(bg_game_outcome(g), BG_ONGOING);
    play_line(g, "e9e10");
    fx_expect_result(g, BG_DRAW, -1, BG_REASON_REPETITION);
    ck_assert_int_eq(bg_game_ply_count(g), 16);
    bg_game_free(g);
}
END_TEST

/* The option is listed with its values, and only those values are accepted. */
START_TEST(option_listed)
{
    const char *variants[] = {XQ, LION};
    for (int k = 0; k < 2; k++) {
        const bg_variant *v = bg_variant_find(variants[k]);
        int found = 0;
        for (int i = 0; i < bg_variant_option_count(v); i++)
            if (!strcmp(bg_variant_option_name(v, i), "checklimit")) {
                ck_assert_str_eq(bg_variant_option_values(v, i), "none|3");
                found = 1;
            }
        ck_assert(found);
        const char *bad[] = {"checklimit=4", "checklimit=", "checklimit=three"};
        for (int i = 0; i < 3; i++) {
            bg_game *g = NULL;
            bg_error e = BG_ERROR_INIT;
            ck_assert_int_eq(bg_game_new(&g, v, bad[i], NULL, &e), BG_E_UNKNOWN_OPTION);
            ck_assert_ptr_null(g);
            ck_assert(strstr(e.message, "checklimit") != NULL);
        }
        bg_game *g = NULL;
        ck_assert_int_eq(bg_game_new(&g, v, "checklimit=none", NULL, NULL), BG_OK);
        bg_game_free(g);
    }
}
END_TEST

/* ---------- random games against a model ---------- */

/* Does m (legal in p) give check? Played on scratch, a handle of p's variant. */
static int gives_check(const bg_position *p, bg_move m, bg_position *scratch)
{
    ck_assert_int_eq(bg_position_copy(scratch, p), BG_OK);
    ck_assert_int_eq(bg_position_play(scratch, m), BG_OK);
    return bg_position_in_check(scratch);
}

/*
** The model: the legal moves of p without a limit (p has none), less the checks when the side to
** move has checked `limit` times in a row (counts[side]).
*/
static int model_moves(const bg_position *p, const int counts[2], bg_move *out, bg_position *scratch)
{
    bg_move all[256];
    const int n = bg_position_legal_moves(p, all, 256);
    const int at_limit = counts[bg_position_side_to_move(p)] >= 3;
    int k = 0;
    for (int i = 0; i < n; i++)
        if (!at_limit || !gives_check(p, all[i], scratch))
            out[k++] = all[i];
    return k;
}

/* scratch[0] is this level's scratch, scratch[1] its child, scratch + 2 the child's level. */
static uint64_t model_perft(const bg_position *p, const int counts[2], int depth,
                            bg_position **scratch)
{
    if (depth == 0)
        return 1;
    bg_move m[256];
    const int n = model_moves(p, counts, m, scratch[0]);
    if (depth == 1)
        return (uint64_t)n;
    uint64_t total = 0;
    for (int i = 0; i < n; i++) {
        int c[2] = {counts[0], counts[1]};
        const int side = bg_position_side_to_move(p);
        c[side] = gives_check(p, m[i], scratch[1]) ? c[side] + 1 : 0;
        total += model_perft(scratch[1], c, depth - 1, scratch + 2);
    }
    return total;
}

/* Sparse positions with chariots, horses, cannons and lions near the generals: many checks. */
static const char *const fens[][2] = {
    {XQ, "4k4/9/3a5/2R6/9/2r6/9/2N1C4/9/3K5 w - - 0 1"},
    {XQ, "3k5/9/9/9/2R6/9/4c4/9/4C1n2/5K3 w - - 0 1"},
    {XQ, "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"},
    {LION, "5k5/11/11/11/3L7/1r9/11/5C5/11/4K2R3 w - - 0 1"},
    {LION, "rnlbakablnr/11/1c7c1/p1p2p2p1p/11/11/P1P2P2P1P/1C7C1/11/RNLBAKABLNR w - - 0 1"},
};
#define FENS ((int)(sizeof fens / sizeof fens[0]))
#define GAMES_PER_FEN 80
#define MAX_PLIES 80

/*
** From each position, games whose moves give check two times in three when they can: the
** limited game's legal moves must equal the model's at every ply (same order), perft at depth 2
** (and 3 where a side has checked twice in a row) must equal the model's, and the game's result
** must follow from them.
*/
START_TEST(random_games_against_model)
{
    const char *variant = fens[_i][0], *fen = fens[_i][1];
    const bg_variant *v = bg_variant_find(variant);
    uint64_t x = 0x9e3779b97f4a7c15ULL * (uint64_t)(_i + 1);
    bg_position *scratch[8];
    for (int i = 0; i < 8; i++)
        ck_assert_int_eq(bg_position_from_text(&scratch[i], v, fen, NULL, NULL, 0, NULL, NULL), BG_OK);
    long bites = 0, perfts = 0, deep = 0, no_moves = 0;
    for (int game = 0; game < GAMES_PER_FEN; game++) {
        bg_game *g = new_game(variant, fen, LIMIT);
        bg_position *plain = NULL;
        ck_assert_int_eq(bg_position_from_text(&plain, v, fen, NULL, NULL, 0, NULL, NULL), BG_OK);
        int counts[2] = {0, 0};
        for (int ply = 0; ply < MAX_PLIES && bg_game_outcome(g) == BG_ONGOING; ply++) {
            const bg_position *lim = bg_game_position(g);
            bg_move want[256], got[256];
            const int nw = model_moves(plain, counts, want, scratch[0]);
            const int ng = bg_position_legal_moves(lim, got, 256);
            ck_assert_msg(ng == nw && !memcmp(want, got, sizeof *got * (size_t)ng),
                          "%s game %d ply %d: %d moves, the model %d", fen, game, ply, ng, nw);
            bites += nw < bg_position_legal_moves(plain, NULL, 0);
            if (ply % 7 == 3 || counts[0] >= 2 || counts[1] >= 2) {
                ck_assert_uint_eq(bg_position_perft(lim, 2), model_perft(plain, counts, 2, scratch));
                perfts++;
            }
            /* Depth 3 where the limit binds inside the tree, a few times per position. */
            if (deep < 6 && (counts[0] == 2 || counts[1] == 2)) {
                ck_assert_uint_eq(bg_position_perft(lim, 3), model_perft(plain, counts, 3, scratch));
                deep++;
            }
            if (nw == 0) {
                no_moves++;
                break;
            }
            bg_move m = want[xorshift64(&x) % (uint64_t)nw];
            if (xorshift64(&x) % 3)
                for (int i = 0; i < nw; i++)
                    if (gives_check(plain, want[i], scratch[0])) {
                        m = want[i];
                        break;
                    }
            const int side = bg_position_side_to_move(plain);
            counts[side] = gives_check(plain, m, scratch[0]) ? counts[side] + 1 : 0;
            ck_assert_int_eq(bg_position_play(plain, m), BG_OK);
            ck_assert_int_eq(bg_game_play(g, m), BG_OK);
        }
        /* No legal move is the usual loss: checkmate or stalemate, the other side wins. */
        if (bg_position_legal_moves(bg_game_position(g), NULL, 0) == 0) {
            ck_assert_int_eq(bg_game_outcome(g), BG_WIN);
            ck_assert_uint_eq(bg_game_winners(g), 1u << !bg_position_side_to_move(plain));
        }
        bg_position_free(plain);
        bg_game_free(g);
    }
    for (int i = 0; i < 8; i++)
        bg_position_free(scratch[i]);
    /* The games must reach the limit, or they test nothing. */
    ck_assert_msg(bites >= 20, "%s: the limit removed moves only %ld times", fen, bites);
    ck_assert_int_gt(perfts, 50);
    ck_assert_int_eq(deep, 6);
    fprintf(stderr, "%s: the limit bit %ld times, perft compared %ld times, no legal move %ld times\n", fen,
           bites, perfts, no_moves);
}
END_TEST

int main(void)
{
    TCase *tc = one_case("xqchecklimit", "checklimit", 300);
    ADD_TESTS(tc, fourth_check_refused, quiet_move_resets, both_sides_counted,
              no_move_but_a_fourth_check, lion_checks, fen_starts_at_zero_and_undo,
              repetition_counts_the_counts, option_listed);
    tcase_add_loop_test(tc, random_games_against_model, 0, FENS);
    return run_cases();
}
