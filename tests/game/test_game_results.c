/* Game results in chess: mates, draws (automatic and claimed, also by the next move), resignation, agreement, undo. */
#include <check.h>
#include <stdlib.h>

#include "game_helpers.h"
#include "check_main.h"

#define SHUFFLE "Nf3 Nf6 Ng1 Ng8"

START_TEST(fools_mate)
{
    bg_game *g = new_game(NULL);
    play_all(g, "f3 e5 g4");
    ck_assert_int_eq(bg_game_outcome(g), BG_ONGOING);
    play_all(g, "Qh4#");
    fx_expect_result(g, BG_WIN, 1, BG_REASON_CHECKMATE);
    ck_assert_int_eq(bg_game_ply_count(g), 4);
    ck_assert_uint_eq(bg_game_claims(g), 0);
    ck_assert_uint_eq(bg_game_move_at(g, 0), BG_MOVE_MAKE(sq("f2"), sq("f3")));
    ck_assert_uint_eq(bg_game_move_at(g, 3), BG_MOVE_MAKE(sq("d8"), sq("h4")));
    ck_assert_uint_eq(bg_game_move_at(g, 4), BG_MOVE_NONE);
    ck_assert_uint_eq(bg_game_move_at(g, -1), BG_MOVE_NONE);
    /* Nothing can follow a result. */
    bg_move moves[256];
    ck_assert_int_eq(bg_position_legal_moves(bg_game_position(g), moves, 256), 0);
    ck_assert_int_eq(bg_game_play_text(g, "a3", NULL, 0), BG_E_GAME_OVER);
    ck_assert_int_eq(bg_game_resign(g, 0), BG_E_GAME_OVER);
    ck_assert_int_eq(bg_game_agree_draw(g), BG_E_GAME_OVER);
    ck_assert_int_eq(bg_game_error(g)->code, BG_E_GAME_OVER);
    ck_assert_int_eq(bg_game_reason(g), BG_REASON_CHECKMATE);
    bg_game_free(g);
}
END_TEST

START_TEST(scholars_mate)
{
    bg_game *g = new_game(NULL);
    play_all(g, "e4 e5 Qh5 Nc6 Bc4 Nf6");
    ck_assert_int_eq(bg_game_outcome(g), BG_ONGOING);
    play_all(g, "Qxf7#");
    fx_expect_result(g, BG_WIN, 0, BG_REASON_CHECKMATE);
    ck_assert_str_eq(bg_reason_name(bg_game_reason(g)), "checkmate");
    bg_game_free(g);
}
END_TEST

START_TEST(checkmated_start_position)
{
    /* A game from a position that is already mate is over before any move. */
    bg_game *g = new_game("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3");
    ck_assert_int_eq(bg_game_outcome(g), BG_WIN);
    ck_assert_uint_eq(bg_game_winners(g), 2);
    ck_assert_int_eq(bg_game_undo(g), BG_E_NO_MOVE);
    bg_game_free(g);
}
END_TEST

START_TEST(stalemate)
{
    bg_game *g = new_game("7k/8/8/8/8/8/5Q2/K7 w - - 0 1");
    play_all(g, "Kb2 Kg8 Kc3 Kh8");
    ck_assert_int_eq(bg_game_outcome(g), BG_ONGOING);
    play_all(g, "Qf7");
    ck_assert_int_eq(bg_game_outcome(g), BG_DRAW);
    ck_assert_uint_eq(bg_game_winners(g), 0);
    ck_assert_int_eq(bg_game_reason(g), BG_REASON_STALEMATE);
    ck_assert_int_eq(bg_game_play_text(g, "Kh7", NULL, 0), BG_E_GAME_OVER);
    bg_game_free(g);
}
END_TEST

START_TEST(insufficient_material)
{
    bg_game *g = new_game("4k3/8/8/8/3n4/8/1b6/3RK3 w - - 0 1");
    play_all(g, "Rxd4");
    ck_assert_int_eq(bg_game_outcome(g), BG_ONGOING); /* K+R v K+B can still mate */
    play_all(g, "Bxd4");
    fx_expect_result(g, BG_DRAW, -1, BG_REASON_INSUFFICIENT_MATERIAL);
    bg_game_free(g);
}
END_TEST

START_TEST(threefold_claim_exactly_at_third)
{
    bg_game *g = new_game(NULL);
    const char *moves[] = {"Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8"};
    for (int i = 0; i < 8; i++) {
        ck_assert_uint_eq(bg_game_claims(g) & bit(BG_REASON_THREEFOLD_REPETITION), 0);
        /* "By the next move": only the eighth ply brings the start position back a third time. */
        bg_move m = san(g, moves[i]);
        uint64_t after = bg_game_claims_after(g, m);
        ck_assert_uint_eq(after & bit(BG_REASON_THREEFOLD_REPETITION),
                          i == 7 ? bit(BG_REASON_THREEFOLD_REPETITION) : 0);
        play_all(g, moves[i]);
    }
    ck_assert_uint_eq(bg_game_claims(g), bit(BG_REASON_THREEFOLD_REPETITION));
    ck_assert_uint_eq(bg_game_claims_after(g, BG_MOVE_MAKE(sq("e2"), sq("e5"))), 0); /* illegal */
    ck_assert_int_eq(bg_game_outcome(g), BG_ONGOING); /* a claim, not automatic */
    ck_assert_int_eq(bg_game_claim(g, BG_REASON_FIFTY_MOVES, BG_MOVE_NONE), BG_E_CLAIM_REJECTED);
    ck_assert_int_eq(bg_game_outcome(g), BG_ONGOING);
    ck_assert_int_eq(bg_game_claim(g, BG_REASON_THREEFOLD_REPETITION, BG_MOVE_NONE), BG_OK);
    fx_expect_result(g, BG_DRAW, -1, BG_REASON_THREEFOLD_REPETITION);
    ck_assert_uint_eq(bg_game_claims(g), 0);
    ck_assert_int_eq(bg_game_undo(g), BG_OK);
    ck_assert_int_eq(bg_game_outcome(g), BG_ONGOING);
    ck_assert_int_eq(bg_game_ply_count(g), 7);
    bg_game_free(g);
}
END_TEST

START_TEST(threefold_claim_by_next_move)
{
    bg_game *g = new_game(NULL);
    play_all(g, SHUFFLE " Nf3 Nf6 Ng1");
    char before[128], after[128];
    fen_of(g, before, sizeof before);
    /* Not valid now: the move is not played, the claim is rejected, the game is unchanged. */
    ck_assert_int_eq(bg_game_claim(g, BG_REASON_THREEFOLD_REPETITION, BG_MOVE_NONE),
                     BG_E_CLAIM_REJECTED);
    ck_assert_str_ne(bg_game_errmsg(g), "");
    fen_of(g, after, sizeof after);
    ck_assert_str_eq(before, after);
    ck_assert_int_eq(bg_game_ply_count(g), 7);
    /* An illegal move with a claim changes nothing either. */
    ck_assert_int_eq(bg_game_claim(g, BG_REASON_THREEFOLD_REPETITION,
                                   BG_MOVE_MAKE(sq("g8"), sq("g5"))),
                     BG_E_ILLEGAL_MOVE);
    ck_assert_int_eq(bg_game_ply_count(g), 7);
    /* With the move that repeats the position a third time: valid. */
    ck_assert_int_eq(bg_game_claim(g, BG_REASON_THREEFOLD_REPETITION, san(g, "Ng8")), BG_OK);
    ck_assert_int_eq(bg_game_ply_count(g), 8);
    fx_expect_result(g, BG_DRAW, -1, BG_REASON_THREEFOLD_REPETITION);
    bg_game_free(g);
}
END_TEST

START_TEST(wrong_claim_with_move_keeps_move)
{
    bg_game *g = new_game(NULL);
    play_all(g, SHUFFLE);
    /* FIDE 9.5: the move stands, the claim is rejected, play goes on. */
    ck_assert_int_eq(bg_game_claim(g, BG_REASON_THREEFOLD_REPETITION, san(g, "e4")),
                     BG_E_CLAIM_REJECTED);
    ck_assert_int_eq(bg_game_ply_count(g), 5);
    ck_assert_int_eq(bg_game_outcome(g), BG_ONGOING);
    ck_assert_int_eq(bg_game_claim(g, (bg_reason)99, BG_MOVE_NONE), BG_E_INVALID_ARGUMENT);
    bg_game_free(g);
}
END_TEST

START_TEST(fivefold_automatic)
{
    bg_game *g = new_game(NULL);
    /* The start position occurs for the fifth time after ply 16. */
    play_all(g, SHUFFLE " " SHUFFLE " " SHUFFLE " Nf3 Nf6 Ng1");
    ck_assert_int_eq(bg_game_outcome(g), BG_ONGOING);
    ck_assert_uint_eq(bg_game_claims(g), bit(BG_REASON_THREEFOLD_REPETITION));
    /* The move that ends the game by itself leaves no claim to make. */
    ck_assert_uint_eq(bg_game_claims_after(g, san(g, "Ng8")), 0);
    play_all(g, "Ng8");
    ck_assert_int_eq(bg_game_ply_count(g), 16);
    fx_expect_result(g, BG_DRAW, -1, BG_REASON_FIVEFOLD_REPETITION);
    ck_assert_int_eq(bg_game_undo(g), BG_OK);
    ck_assert_int_eq(bg_game_outcome(g), BG_ONGOING);
    /* A claim made with the fivefold move is moot: the automatic draw stands. */
    ck_assert_int_eq(bg_game_claim(g, BG_REASON_THREEFOLD_REPETITION, san(g, "Ng8")),
                     BG_E_CLAIM_REJECTED);
    ck_assert_int_eq(bg_game_reason(g), BG_REASON_FIVEFOLD_REPETITION);
    bg_game_free(g);
}
END_TEST

START_TEST(en_passant_not_capturable_counts_as_without)
{
    /* After 1. e4 the FEN names e3, but no black pawn can take: the position repeats without it. */
    bg_game *g = new_game(NULL);
    play_all(g, "e4 Nf6 Nf3 Ng8 Ng1");
    ck_assert_uint_eq(bg_game_claims(g), 0); /* second occurrence */
    play_all(g, "Nf6 Nf3 Ng8");
    ck_assert_uint_eq(bg_game_claims(g), 0);
    play_all(g, "Ng1");
    ck_assert_uint_eq(bg_game_claims(g), bit(BG_REASON_THREEFOLD_REPETITION));
    bg_game_free(g);
}
END_TEST

START_TEST(en_passant_capturable_differs)
{
    /* After ...d5 White could take en passant: that position never recurs; the later ones count. */
    bg_game *g = new_game("rnbqkbnr/pppppppp/8/4P3/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2");
    play_all(g, "d5 Nf3 Nf6 Ng1 Ng8"); /* same placement as after ...d5, no en passant: 1st */
    play_all(g, "Nf3 Nf6 Ng1 Ng8");    /* 2nd */
    ck_assert_uint_eq(bg_game_claims(g), 0);
    play_all(g, "Nf3 Nf6 Ng1");
    ck_assert_uint_eq(bg_game_claims(g) & bit(BG_REASON_THREEFOLD_REPETITION),
                      bit(BG_REASON_THREEFOLD_REPETITION)); /* after ...Nf6 Ng1 thrice */
    play_all(g, "Ng8"); /* 3rd */
    ck_assert_uint_eq(bg_game_claims(g), bit(BG_REASON_THREEFOLD_REPETITION));
    bg_game_free(g);
}
END_TEST

START_TEST(fifty_move_claim)
{
    bg_game *g = new_game("4k3/8/8/8/8/8/8/R3K3 w - - 98 80");
    ck_assert_uint_eq(bg_game_claims(g), 0);
    play_all(g, "Ra2");
    ck_assert_int_eq(bg_position_halfmove_clock(bg_game_position(g)), 99);
    ck_assert_uint_eq(bg_game_claims(g), 0);
    ck_assert_uint_eq(bg_game_claims_after(g, san(g, "Kd8")), bit(BG_REASON_FIFTY_MOVES));
    ck_assert_int_eq(bg_game_claim(g, BG_REASON_FIFTY_MOVES, BG_MOVE_NONE), BG_E_CLAIM_REJECTED);
    play_all(g, "Kd8");
    ck_assert_uint_eq(bg_game_claims(g), bit(BG_REASON_FIFTY_MOVES));
    ck_assert_int_eq(bg_game_outcome(g), BG_ONGOING);
    /* A capture or pawn move resets the count: nothing to claim after it. */
    bg_game *h = new_game("4k3/8/8/8/8/8/P7/R3K3 w - - 99 80");
    ck_assert_uint_eq(bg_game_claims_after(h, san(h, "a3")), 0);
    ck_assert_uint_eq(bg_game_claims_after(h, san(h, "Kd2")), bit(BG_REASON_FIFTY_MOVES));
    bg_game_free(h);
    ck_assert_int_eq(bg_game_claim(g, BG_REASON_FIFTY_MOVES, BG_MOVE_NONE), BG_OK);
    fx_expect_result(g, BG_DRAW, -1, BG_REASON_FIFTY_MOVES);
    bg_game_free(g);
}
END_TEST

START_TEST(seventyfive_moves_automatic)
{
    bg_game *g = new_game("4k3/8/8/8/8/8/8/R3K3 w - - 148 100");
    play_all(g, "Ra2");
    ck_assert_int_eq(bg_game_outcome(g), BG_ONGOING);
    ck_assert_uint_eq(bg_game_claims(g), bit(BG_REASON_FIFTY_MOVES));
    play_all(g, "Kd8");
    fx_expect_result(g, BG_DRAW, -1, BG_REASON_SEVENTYFIVE_MOVES);
    bg_game_free(g);
}
END_TEST

START_TEST(mate_on_the_150th_ply_wins)
{
    bg_game *g = new_game("k7/8/1K6/8/8/8/8/7R w - - 149 120");
    play_all(g, "Rh8#");
    ck_assert_int_eq(bg_position_halfmove_clock(bg_game_position(g)), 150);
    ck_assert_int_eq(bg_game_outcome(g), BG_WIN);
    ck_assert_uint_eq(bg_game_winners(g), 1);
    ck_assert_int_eq(bg_game_reason(g), BG_REASON_CHECKMATE);
    ck_assert_int_eq(bg_game_undo(g), BG_OK);
    play_all(g, "Rh2");
    fx_expect_result(g, BG_DRAW, -1, BG_REASON_SEVENTYFIVE_MOVES);
    bg_game_free(g);
}
END_TEST

START_TEST(resignation)
{
    bg_game *g = new_game(NULL);
    play_all(g, "e4");
    ck_assert_int_eq(bg_game_resign(g, 2), BG_E_INVALID_ARGUMENT);
    ck_assert_int_eq(bg_game_resign(g, -1), BG_E_INVALID_ARGUMENT);
    ck_assert_int_eq(bg_game_outcome(g), BG_ONGOING);
    ck_assert_int_eq(bg_game_resign(g, 0), BG_OK); /* White resigns, even not on move */
    ck_assert_int_eq(bg_game_outcome(g), BG_WIN);
    ck_assert_uint_eq(bg_game_winners(g), 2);
    ck_assert_int_eq(bg_game_reason(g), BG_REASON_RESIGNATION);
    ck_assert_int_eq(bg_game_play_text(g, "e5", NULL, 0), BG_E_GAME_OVER);
    ck_assert_int_eq(bg_game_resign(g, 1), BG_E_GAME_OVER);
    ck_assert_uint_eq(bg_game_winners(g), 2);
    /* Undo takes back the move and the resignation declared after it. */
    ck_assert_int_eq(bg_game_undo(g), BG_OK);
    ck_assert_int_eq(bg_game_ply_count(g), 0);
    ck_assert_int_eq(bg_game_outcome(g), BG_ONGOING);
    ck_assert_int_eq(bg_game_resign(g, 1), BG_OK);
    ck_assert_uint_eq(bg_game_winners(g), 1);
    bg_game_free(g);
}
END_TEST

START_TEST(agreement)
{
    bg_game *g = new_game(NULL);
    play_all(g, "d4 d5");
    ck_assert_int_eq(bg_game_agree_draw(g), BG_OK);
    fx_expect_result(g, BG_DRAW, -1, BG_REASON_AGREEMENT);
    ck_assert_uint_eq(bg_game_winners(g), 0);
    ck_assert_int_eq(bg_game_agree_draw(g), BG_E_GAME_OVER);
    ck_assert_int_eq(bg_game_undo(g), BG_OK);
    ck_assert_int_eq(bg_game_outcome(g), BG_ONGOING);
    ck_assert_int_eq(bg_game_ply_count(g), 1);
    bg_game_free(g);
}
END_TEST

START_TEST(undo_restores_position_and_result)
{
    bg_game *g = new_game(NULL);
    char before[128], after[128];
    play_all(g, "f3 e5 g4");
    fen_of(g, before, sizeof before);
    uint64_t hash = bg_position_hash(bg_game_position(g));
    play_all(g, "Qh4#");
    ck_assert_int_eq(bg_game_undo(g), BG_OK);
    fen_of(g, after, sizeof after);
    ck_assert_str_eq(before, after);
    ck_assert_uint_eq(bg_position_hash(bg_game_position(g)), hash);
    ck_assert_int_eq(bg_game_outcome(g), BG_ONGOING);
    ck_assert_int_eq(bg_game_reason(g), BG_REASON_NONE);
    ck_assert_int_eq(bg_game_ply_count(g), 3);
    ck_assert_uint_eq(bg_game_move_at(g, 3), BG_MOVE_NONE);
    play_all(g, "Qh4#");
    ck_assert_int_eq(bg_game_reason(g), BG_REASON_CHECKMATE);
    /* Undo all the way back to the start. */
    for (int i = 4; i > 0; i--)
        ck_assert_int_eq(bg_game_undo(g), BG_OK);
    ck_assert_int_eq(bg_game_undo(g), BG_E_NO_MOVE);
    fen_of(g, after, sizeof after);
    ck_assert_str_eq(after, bg_variant_start_text(chess()));
    bg_game_free(g);
}
END_TEST

START_TEST(illegal_move_leaves_game_unchanged)
{
    bg_game *g = new_game(NULL);
    play_all(g, "e4 e5");
    char before[128], after[128];
    fen_of(g, before, sizeof before);
    size_t mem = bg_game_memory(g);
    ck_assert_int_eq(bg_game_play(g, BG_MOVE_MAKE(sq("e4"), sq("e5"))), BG_E_ILLEGAL_MOVE);
    ck_assert_str_ne(bg_game_errmsg(g), "");
    ck_assert_int_eq(bg_game_play(g, BG_MOVE_NONE), BG_E_ILLEGAL_MOVE);
    ck_assert_int_eq(bg_game_play_text(g, "Ke3", "san", 0), BG_E_ILLEGAL_MOVE);
    ck_assert_int_eq(bg_game_error(g)->code, BG_E_ILLEGAL_MOVE);
    ck_assert_int_eq(bg_game_error(g)->ply, 3);
    ck_assert_int_eq(bg_game_play_text(g, "Nf3!!x", "san", 0), BG_E_PARSE);
    ck_assert_str_ne(bg_game_errmsg(g), "");
    ck_assert_int_eq(bg_game_play_text(g, "e2e4", "uci", 0), BG_E_ILLEGAL_MOVE);
    ck_assert_int_eq(bg_game_play_text(g, "Nf3", "no-such-notation", 0), BG_E_UNSUPPORTED);
    ck_assert_int_eq(bg_game_play_text(g, NULL, NULL, 0), BG_E_INVALID_ARGUMENT);
    ck_assert_int_eq(bg_game_ply_count(g), 2);
    ck_assert_uint_eq(bg_game_memory(g), mem);
    fen_of(g, after, sizeof after);
    ck_assert_str_eq(before, after);
    /* A good move clears the error and plays. */
    ck_assert_int_eq(bg_game_play_text(g, "g1f3", "uci", 0), BG_OK);
    ck_assert_str_eq(bg_game_errmsg(g), "");
    ck_assert_uint_eq(bg_game_move_at(g, 2), BG_MOVE_MAKE(sq("g1"), sq("f3")));
    bg_game_free(g);
}
END_TEST

START_TEST(parse_error_has_offset)
{
    bg_game *g = new_game(NULL);
    ck_assert_int_eq(bg_game_play_text(g, "e2e9", "uci", 0), BG_E_PARSE);
    const bg_error *e = bg_game_error(g);
    ck_assert_int_eq(e->code, BG_E_PARSE);
    ck_assert_uint_ge(e->offset, 2); /* the bad square "e9" or its rank */
    ck_assert_uint_le(e->offset, 3);
    ck_assert_int_eq(e->ply, 1);
    ck_assert_str_ne(bg_game_errmsg(g), "");
    bg_game_free(g);
}
END_TEST

START_TEST(reason_names)
{
    static const char *const names[] = {
        "checkmate", "stalemate", "no-legal-moves", "insufficient-material",
        "threefold-repetition", "fivefold-repetition", "fifty-moves", "seventyfive-moves",
        "repetition", "perpetual-check", "perpetual-chase", "move-limit", "bikjang", "counting",
        "double-pass", "impasse", "try", "bare-king", "royals-captured", "elimination",
        "hegemony", "resignation", "agreement"};
    ck_assert_str_eq(bg_reason_name(BG_REASON_NONE), "");
    for (int i = 0; i < (int)(sizeof names / sizeof names[0]); i++) {
        ck_assert_str_eq(bg_reason_name(i + 1), names[i]);
        ck_assert_int_eq(bg_reason_find(names[i]), i + 1);
    }
    ck_assert_ptr_null(bg_reason_name(24));
    ck_assert_ptr_null(bg_reason_name(-1));
    ck_assert_int_eq(bg_reason_find("mate"), -1);
    ck_assert_int_eq(bg_reason_find(""), -1);
    ck_assert_int_eq(bg_reason_find(NULL), -1);
    ck_assert_int_eq(bg_reason_find("Checkmate"), -1);
}
END_TEST

START_TEST(null_handles)
{
    ck_assert_int_eq(bg_game_play(NULL, 1), BG_E_INVALID_ARGUMENT);
    ck_assert_int_eq(bg_game_undo(NULL), BG_E_INVALID_ARGUMENT);
    ck_assert_int_eq(bg_game_outcome(NULL), BG_ONGOING);
    ck_assert_uint_eq(bg_game_claims(NULL), 0);
    ck_assert_str_eq(bg_game_errmsg(NULL), "");
    ck_assert_int_eq(bg_game_ply_count(NULL), 0);
    bg_game_free(NULL);
    bg_game *g = (bg_game *)1;
    bg_error err = BG_ERROR_INIT;
    ck_assert_int_eq(bg_game_new(&g, NULL, NULL, NULL, &err), BG_E_UNKNOWN_VARIANT);
    ck_assert_ptr_null(g);
    ck_assert_int_eq(bg_game_new_from_text(&g, chess(), "not a fen", NULL, NULL, 0, NULL, &err),
                     BG_E_PARSE);
    ck_assert_ptr_null(g);
    ck_assert_str_ne(err.message, "");
}
END_TEST

int main(void)
{
    return RUN_TESTS("game-results", "chess", -1, fools_mate, scholars_mate,
                     checkmated_start_position, stalemate, insufficient_material,
                     threefold_claim_exactly_at_third, threefold_claim_by_next_move,
                     wrong_claim_with_move_keeps_move, fivefold_automatic,
                     en_passant_not_capturable_counts_as_without, en_passant_capturable_differs,
                     fifty_move_claim, seventyfive_moves_automatic, mate_on_the_150th_ply_wins,
                     resignation, agreement, undo_restores_position_and_result,
                     illegal_move_leaves_game_unchanged, parse_error_has_offset, reason_names,
                     null_handles);
}
