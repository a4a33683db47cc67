/* Chess option fiftymove=claim|automatic (seed 001: the 50-move rule draws by itself): real move sequences through the game API. */
#include <check.h>
#include <stdint.h>
#include <stdlib.h>

#include "game_helpers.h"
#include "check_main.h"
#include "xorshift.h"

#define AUTOMATIC "fiftymove=automatic"

static bg_game *game_with(const char *fen, const char *options)
{
    bg_game *g = NULL;
    bg_error err = BG_ERROR_INIT;
    bg_status s = fen ? bg_game_new_from_text(&g, chess(), fen, NULL, options, 0, NULL, &err)
                      : bg_game_new(&g, chess(), options, NULL, &err);
    ck_assert_msg(s == BG_OK, "game from %s (%s): %s", fen ? fen : "start", options, err.message);
    return g;
}


/* The 100th ply without capture or pawn move ends the game at once; nothing follows. */
START_TEST(hundredth_ply_draws)
{
    bg_game *g = game_with("4k3/8/8/8/8/8/8/R3K3 w - - 98 80", AUTOMATIC);
    play_all(g, "Ra2");
    ck_assert_int_eq(bg_game_outcome(g), BG_ONGOING);
    ck_assert_uint_eq(bg_game_claims(g), 0);
    /* The move that ends it leaves nothing to claim. */
    ck_assert_uint_eq(bg_game_claims_after(g, san(g, "Kd8")), 0);
    play_all(g, "Kd8");
    fx_expect_result(g, BG_DRAW, -1, BG_REASON_FIFTY_MOVES);
    ck_assert_uint_eq(bg_game_claims(g), 0);
    ck_assert_int_eq(bg_game_play_text(g, "Ra3", "san", 0), BG_E_GAME_OVER);
    /* Undo takes the result back with the move. */
    ck_assert_int_eq(bg_game_undo(g), BG_OK);
    ck_assert_int_eq(bg_game_outcome(g), BG_ONGOING);
    bg_game_free(g);

    /* The default (claim): the same line goes on and the draw is only claimable. */
    g = game_with("4k3/8/8/8/8/8/8/R3K3 w - - 98 80", NULL);
    play_all(g, "Ra2 Kd8");
    ck_assert_int_eq(bg_game_outcome(g), BG_ONGOING);
    ck_assert_uint_eq(bg_game_claims(g), bit(BG_REASON_FIFTY_MOVES));
    bg_game_free(g);
    g = game_with("4k3/8/8/8/8/8/8/R3K3 w - - 98 80", "fiftymove=claim");
    play_all(g, "Ra2 Kd8");
    ck_assert_int_eq(bg_game_outcome(g), BG_ONGOING);
    bg_game_free(g);
}
END_TEST

/* A mate on the 100th ply wins: checkmate comes first. */
START_TEST(mate_on_the_hundredth_ply_wins)
{
    bg_game *g = game_with("7k/8/6K1/8/8/8/8/R7 w - - 99 80", AUTOMATIC);
    play_all(g, "Ra8#");
    fx_expect_result(g, BG_WIN, 0, BG_REASON_CHECKMATE);
    bg_game_free(g);
}
END_TEST

/* A pawn move or a capture on that ply restarts the count; a set-up clock of 100 is over at once. */
START_TEST(pawn_move_capture_and_setup)
{
    bg_game *g = game_with("4k3/8/8/8/8/8/P7/R3K3 w - - 99 80", AUTOMATIC);
    play_all(g, "a3");
    ck_assert_int_eq(bg_game_outcome(g), BG_ONGOING);
    ck_assert_int_eq(bg_position_halfmove_clock(bg_game_position(g)), 0);
    bg_game_free(g);
    g = game_with("4k3/8/8/8/8/8/r7/R3K3 w - - 99 80", AUTOMATIC);
    play_all(g, "Rxa2");
    ck_assert_int_eq(bg_game_outcome(g), BG_ONGOING);
    bg_game_free(g);
    g = game_with("4k3/8/8/8/8/8/8/R3K3 w - - 100 80", AUTOMATIC);
    fx_expect_result(g, BG_DRAW, -1, BG_REASON_FIFTY_MOVES);
    bg_game_free(g);
}
END_TEST

/*
** Fifty moves by each side from the start position: a walk of knight, bishop, rook, queen and king
** moves that captures nothing, moves no pawn and never repeats a position (so no fivefold draw
** comes first). The 100th ply draws under `automatic`; under `claim` it plays on, claimable.
*/
START_TEST(fifty_moves_each_from_the_start)
{
    uint64_t x = 0x243f6a8885a308d3ULL;
    for (int attempt = 0; attempt < 50; attempt++) {
        bg_game *g = game_with(NULL, AUTOMATIC), *c = game_with(NULL, NULL);
        uint64_t seen[128];
        int plies = 0;
        seen[0] = bg_position_hash(bg_game_position(g));
        while (plies < 100) {
            const bg_position *p = bg_game_position(g);
            bg_move moves[256], quiet[256];
            const int n = bg_position_legal_moves(p, moves, 256);
            int k = 0;
            for (int i = 0; i < n; i++) {
                const bg_piece pc = bg_position_piece_at(p, BG_MOVE_FROM(moves[i]));
                if (BG_PIECE_KIND(pc) != 1 && !(bg_position_move_flags(p, moves[i]) &
                                                 (BG_FLAG_CAPTURE | BG_FLAG_CHECK)))
                    quiet[k++] = moves[i];
            }
            bg_move m = BG_MOVE_NONE;
            for (int tries = 0; tries < 16 && k > 0 && m == BG_MOVE_NONE; tries++) {
                const bg_move cand = quiet[xorshift64(&x) % (uint64_t)k];
                bg_position *after = NULL;
                ck_assert_int_eq(bg_position_clone(&after, p), BG_OK);
                ck_assert_int_eq(bg_position_play(after, cand), BG_OK);
                const uint64_t h = bg_position_hash(after);
                bg_position_free(after);
                int repeated = 0;
                for (int i = 0; i <= plies; i++)
                    repeated |= seen[i] == h;
                if (!repeated)
                    m = cand;
            }
            if (m == BG_MOVE_NONE)
                break;
            ck_assert_int_eq(bg_game_outcome(g), BG_ONGOING);
            ck_assert_int_eq(bg_game_play(g, m), BG_OK);
            ck_assert_int_eq(bg_game_play(c, m), BG_OK);
            seen[++plies] = bg_position_hash(bg_game_position(g));
            if (plies < 100) {
                ck_assert_int_eq(bg_game_outcome(g), BG_ONGOING);
                ck_assert_uint_eq(bg_game_claims(c) & bit(BG_REASON_FIFTY_MOVES), 0);
            }
        }
        if (plies == 100) {
            ck_assert_int_eq(bg_position_halfmove_clock(bg_game_position(g)), 100);
            fx_expect_result(g, BG_DRAW, -1, BG_REASON_FIFTY_MOVES);
            ck_assert_int_eq(bg_game_outcome(c), BG_ONGOING);
            ck_assert_uint_eq(bg_game_claims(c) & bit(BG_REASON_FIFTY_MOVES),
                              bit(BG_REASON_FIFTY_MOVES));
            ck_assert_int_eq(bg_game_claim(c, BG_REASON_FIFTY_MOVES, BG_MOVE_NONE), BG_OK);
            ck_assert_int_eq(bg_game_reason(c), BG_REASON_FIFTY_MOVES);
            bg_game_free(g);
            bg_game_free(c);
            return;
        }
        bg_game_free(g);
        bg_game_free(c);
    }
    ck_abort_msg("no walk of 100 quiet plies found");
}
END_TEST

/* The option is listed with its values; anything else is refused with a message. */
START_TEST(option_listed)
{
    int found = 0;
    for (int i = 0; i < bg_variant_option_count(chess()); i++)
        if (!strcmp(bg_variant_option_name(chess(), i), "fiftymove")) {
            ck_assert_str_eq(bg_variant_option_values(chess(), i), "claim|automatic");
            found = 1;
        }
    ck_assert(found);
    bg_game *g = NULL;
    bg_error err = BG_ERROR_INIT;
    ck_assert_int_eq(bg_game_new(&g, chess(), "fiftymove=auto", NULL, &err), BG_E_UNKNOWN_OPTION);
    ck_assert_ptr_null(g);
    ck_assert(strstr(err.message, "fiftymove") != NULL);
    g = game_with(NULL, "chess960=true;fiftymove=automatic");
    bg_game_free(g);
}
END_TEST

int main(void)
{
    return RUN_TESTS("fiftymove", "chess", -1, hundredth_ply_draws, mate_on_the_hundredth_ply_wins,
                     pawn_move_capture_and_setup, fifty_moves_each_from_the_start, option_listed);
}
