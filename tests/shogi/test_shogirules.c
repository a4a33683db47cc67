/*
** Shogi family endings by real move sequences: sennichite (draw, perpetual check), uchifuzume at
** the game level, the impasse declaration (CSA 27 points: won, failed, every condition), the
** 24-point count, the try rule, Sho shogi's king and prince, old shogi's bare king, minishogi's
** and Tori's repetition rules (both options), and random games ending only for the family's reasons.
*/
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <boardgames/boardgames.h>

#include "check_main.h"
#include "xorshift.h"
#include "fixtures.h"

enum { SENTE = 0, GOTE = 1 };

static uint64_t bit(bg_reason r) { return (uint64_t)1 << r; }

static bg_game *new_game(const char *variant, const char *options, const char *sfen)
{
    return fx_game(variant, sfen, options);
}

/* Plays space-separated USI moves; every one must be legal. */
static void play_all(bg_game *g, const char *moves) { fx_play_all(g, moves, "usi"); }

static bg_move usi(const bg_game *g, const char *text)
{
    bg_move m = BG_MOVE_NONE;
    ck_assert_int_eq(bg_move_parse(bg_game_position(g), text, "usi", 0, &m, NULL), BG_OK);
    return m;
}

static void assert_ongoing(const bg_game *g)
{
    ck_assert_msg(bg_game_outcome(g) == BG_ONGOING, "ply %d: over by '%s'", bg_game_ply_count(g),
                  bg_reason_name(bg_game_reason(g)));
}

/* Plays `cycle` n times; the game must stay open until the last move of the last round. */
static void play_cycles(bg_game *g, const char *cycle, int n)
{
    for (int i = 0; i < n; i++) {
        assert_ongoing(g);
        play_all(g, cycle);
    }
}

/* ---- sennichite ---- */

START_TEST(sennichite_draw)
{
    bg_game *g = new_game("shogi", NULL, NULL);
    /* The start position occurs at plies 0, 4, 8 and, the fourth time, 12. */
    play_cycles(g, "2h3h 8b7b 3h2h 7b8b", 2);
    play_all(g, "2h3h 8b7b 3h2h");
    assert_ongoing(g);
    ck_assert_uint_eq(bg_game_claims(g), 0);
    play_all(g, "7b8b");
    fx_expect_result(g, BG_DRAW, 0, BG_REASON_REPETITION);
    ck_assert_int_eq(bg_game_play_text(g, "7g7f", "usi", 0), BG_E_GAME_OVER);
    /* Taking the last move back reopens the game; another move goes on. */
    ck_assert_int_eq(bg_game_undo(g), BG_OK);
    assert_ongoing(g);
    play_all(g, "6a5b");
    assert_ongoing(g);
    bg_game_free(g);
    /* Sho shogi and old shogi follow shogi's rule. */
    g = new_game("shoshogi", NULL, NULL);
    play_cycles(g, "2h3h 8b7b 3h2h 7b8b", 3);
    fx_expect_result(g, BG_DRAW, 0, BG_REASON_REPETITION);
    bg_game_free(g);
    g = new_game("heianshogi", NULL, NULL);
    play_cycles(g, "5i4h 5a6b 4h5i 6b5a", 3);
    fx_expect_result(g, BG_DRAW, 0, BG_REASON_REPETITION);
    bg_game_free(g);
}
END_TEST

START_TEST(sennichite_perpetual_check)
{
    /* Sente's rook checks on every move; gote's king steps aside: gote's move makes the fourth. */
    bg_game *g = new_game("shogi", NULL, "8k/9/9/9/9/9/9/7R1/K8 b - 1");
    play_cycles(g, "2h1h 1a2a 1h2h 2a1a", 2);
    play_all(g, "2h1h 1a2a 1h2h");
    assert_ongoing(g);
    /* Clones carry the per-ply check notes. */
    bg_game *c = NULL;
    ck_assert_int_eq(bg_game_clone(&c, g), BG_OK);
    play_all(g, "2a1a");
    fx_expect_result(g, BG_WIN, GOTE, BG_REASON_PERPETUAL_CHECK);
    play_all(c, "2a1a");
    fx_expect_result(c, BG_WIN, GOTE, BG_REASON_PERPETUAL_CHECK);
    bg_game_free(c);
    bg_game_free(g);
    /* The checker's own move makes the fourth occurrence. */
    g = new_game("shogi", NULL, "8k/9/9/9/9/9/9/8R/K8 w - 1");
    play_cycles(g, "1a2a 1h2h 2a1a 2h1h", 3);
    fx_expect_result(g, BG_WIN, GOTE, BG_REASON_PERPETUAL_CHECK);
    bg_game_free(g);
    /* Gote checking perpetually loses the same way (the first position mirrored). */
    g = new_game("shogi", NULL, "8k/1r7/9/9/9/9/9/9/K8 w - 1");
    play_cycles(g, "8b9b 9i8i 9b8b 8i9i", 3);
    fx_expect_result(g, BG_WIN, SENTE, BG_REASON_PERPETUAL_CHECK);
    bg_game_free(g);
    /* Checks on only some moves: a plain repetition, a draw. */
    g = new_game("shogi", NULL, "8k/9/9/9/6B2/9/9/9/K8 b - 1");
    play_all(g, "3e4d");
    ck_assert_int_eq(bg_position_in_check(bg_game_position(g)), 1);
    ck_assert_int_eq(bg_game_undo(g), BG_OK);
    play_cycles(g, "3e4d 1a1b 4d3e 1b1a", 3);
    fx_expect_result(g, BG_DRAW, 0, BG_REASON_REPETITION);
    bg_game_free(g);
}
END_TEST

/* ---- drops at the game level ---- */

START_TEST(uchifuzume_game)
{
    /* The gold on 2b is pinned by the bishop on 5e: P*1b would mate, so it is refused. */
    bg_game *g = new_game("shogi", NULL, "7lk/7g1/8S/9/4B4/9/9/9/K8 b P 1");
    ck_assert_int_eq(bg_game_play_text(g, "P*1b", "usi", 0), BG_E_ILLEGAL_MOVE);
    ck_assert_int_eq(bg_game_ply_count(g), 0);
    assert_ongoing(g);
    bg_game_free(g);
    /* A gold dropped there mates: the game ends. */
    g = new_game("shogi", NULL, "7lk/7g1/8S/9/4B4/9/9/9/K8 b G 1");
    play_all(g, "G*1b");
    fx_expect_result(g, BG_WIN, SENTE, BG_REASON_CHECKMATE);
    bg_game_free(g);
    /* Without the pin the pawn drop is only a check: the gold takes and play goes on. */
    g = new_game("shogi", NULL, "7lk/7g1/8S/9/9/9/9/9/K8 b P 1");
    play_all(g, "P*1b 2b1b");
    assert_ongoing(g);
    bg_game_free(g);
}
END_TEST

START_TEST(no_legal_moves)
{
    /* Mate by a pawn move (not a drop) is legal and wins. */
    bg_game *g = new_game("shogi", NULL, "7lk/7g1/8P/9/4B3L/9/9/9/K8 b - 1");
    play_all(g, "1c1b");
    fx_expect_result(g, BG_WIN, SENTE, BG_REASON_CHECKMATE);
    bg_game_free(g);
    /* Minishogi: a start without any legal move loses at once, out of check or in it. */
    g = new_game("minishogi", NULL, "4k/5/1g3/2s2/K4 b - 1");
    fx_expect_result(g, BG_WIN, GOTE, BG_REASON_NO_LEGAL_MOVES);
    bg_game_free(g);
    g = new_game("minishogi", NULL, "4k/5/1g3/2s2/K3r b - 1");
    fx_expect_result(g, BG_WIN, GOTE, BG_REASON_CHECKMATE);
    bg_game_free(g);
}
END_TEST

/* ---- impasse, CSA rule (27 points) ---- */

/* Sente has 10 pieces in gote's camp (18 points) and B + 5P in hand (10): 28 once the king enters. */
#define DECLARE_28 "+R+BGGSS3/+P+P+P+P5/9/4K4/9/9/8k/9/9 b B5Pr2g2s4n4l9p 1"
#define DECLARE_27 "+R+BGGSS3/+P+P+P+P5/9/4K4/9/9/8k/9/9 b B4Pr2g2s4n4l10p 1"
/* DECLARE_27 turned round: gote with 27 points. */
#define DECLARE_GOTE "9/9/K8/9/9/4k4/9/5+p+p+p+p/3ssgg+b+r w R2G2S4N4L10Pb4p 1"

START_TEST(impasse_declaration_won)
{
    bg_game *g = new_game("shogi", NULL, DECLARE_28);
    /* Not yet: the king is outside the camp. Declaring with a move is no declaration at all. */
    ck_assert_uint_eq(bg_game_claims(g), 0);
    ck_assert_uint_eq(bg_game_claims_after(g, usi(g, "5d5c")), 0);
    ck_assert_int_eq(bg_game_claim(g, BG_REASON_IMPASSE, usi(g, "5d5c")), BG_E_CLAIM_REJECTED);
    ck_assert_int_eq(bg_game_ply_count(g), 0);
    assert_ongoing(g);
    ck_assert_int_eq(bg_game_score(g, SENTE), 180 + 100); /* camp + hand, the king not yet in */
    play_all(g, "5d5c 1g1f");
    ck_assert_uint_eq(bg_game_claims(g), bit(BG_REASON_IMPASSE));
    ck_assert_int_eq(bg_game_score(g, SENTE), 280);
    ck_assert_int_eq(bg_game_claim(g, BG_REASON_IMPASSE, BG_MOVE_NONE), BG_OK);
    fx_expect_result(g, BG_WIN, SENTE, BG_REASON_IMPASSE);
    ck_assert_uint_eq(bg_game_claims(g), 0);
    ck_assert_int_eq(bg_game_play_text(g, "5c5d", "usi", 0), BG_E_GAME_OVER);
    /* The declaration came after the last move: undo takes both back. */
    ck_assert_int_eq(bg_game_undo(g), BG_OK);
    ck_assert_int_eq(bg_game_ply_count(g), 1);
    assert_ongoing(g);
    bg_game_free(g);
    /* Gote needs 27. */
    g = new_game("shogi", NULL, DECLARE_GOTE);
    play_all(g, "5f5g 9c9d");
    ck_assert_uint_eq(bg_game_claims(g), bit(BG_REASON_IMPASSE));
    ck_assert_int_eq(bg_game_score(g, GOTE), 270);
    ck_assert_int_eq(bg_game_claim(g, BG_REASON_IMPASSE, BG_MOVE_NONE), BG_OK);
    fx_expect_result(g, BG_WIN, GOTE, BG_REASON_IMPASSE);
    bg_game_free(g);
}
END_TEST

START_TEST(impasse_declaration_failed)
{
    /* 27 points are one short for sente: the declarer loses. */
    bg_game *g = new_game("shogi", NULL, DECLARE_27);
    play_all(g, "5d5c 1g1f");
    ck_assert_uint_eq(bg_game_claims(g), 0);
    ck_assert_int_eq(bg_game_score(g, SENTE), 270);
    ck_assert_int_eq(bg_game_claim(g, BG_REASON_IMPASSE, BG_MOVE_NONE), BG_OK);
    fx_expect_result(g, BG_WIN, GOTE, BG_REASON_IMPASSE);
    bg_game_free(g);
    /* The king outside the camp. */
    g = new_game("shogi", NULL, DECLARE_28);
    ck_assert_int_eq(bg_game_claim(g, BG_REASON_IMPASSE, BG_MOVE_NONE), BG_OK);
    fx_expect_result(g, BG_WIN, GOTE, BG_REASON_IMPASSE);
    bg_game_free(g);
    /* In check: gote's dropped gold on 5d attacks the king on 5c. */
    g = new_game("shogi", NULL, DECLARE_28);
    play_all(g, "5d5c G*5d");
    ck_assert_int_eq(bg_position_in_check(bg_game_position(g)), 1);
    ck_assert_uint_eq(bg_game_claims(g), 0);
    ck_assert_int_eq(bg_game_claim(g, BG_REASON_IMPASSE, BG_MOVE_NONE), BG_OK);
    fx_expect_result(g, BG_WIN, GOTE, BG_REASON_IMPASSE);
    bg_game_free(g);
    /* Nine pieces in the camp, though 28 points with the hand. */
    g = new_game("shogi", NULL, "+R+BGGSS3/+P+P+P6/9/4K4/9/9/8k/9/9 b B6Pr2g2s4n4l9p 1");
    play_all(g, "5d5c 1g1f");
    ck_assert_int_eq(bg_game_score(g, SENTE), 280);
    ck_assert_uint_eq(bg_game_claims(g), 0);
    ck_assert_int_eq(bg_game_claim(g, BG_REASON_IMPASSE, BG_MOVE_NONE), BG_OK);
    fx_expect_result(g, BG_WIN, GOTE, BG_REASON_IMPASSE);
    bg_game_free(g);
    /* Only the side to move declares: after sente's entering move it is gote's turn, and gote fails. */
    g = new_game("shogi", NULL, DECLARE_28);
    play_all(g, "5d5c");
    ck_assert_uint_eq(bg_game_claims(g), 0);
    ck_assert_int_eq(bg_game_claim(g, BG_REASON_IMPASSE, BG_MOVE_NONE), BG_OK);
    fx_expect_result(g, BG_WIN, SENTE, BG_REASON_IMPASSE);
    bg_game_free(g);
    /* Other claims stay ordinary ones: refused, the game goes on. */
    g = new_game("shogi", NULL, NULL);
    ck_assert_int_eq(bg_game_claim(g, BG_REASON_REPETITION, BG_MOVE_NONE), BG_E_CLAIM_REJECTED);
    assert_ongoing(g);
    bg_game_free(g);
}
END_TEST

/* ---- impasse, the 24-point rule ---- */

#define KINGS_OUT "9/9/9/4K4/9/4k4/9/9/9 b "

START_TEST(impasse_24_points)
{
    /* 27 points each: a draw once both kings have entered. */
    bg_game *g = new_game("shogi", "impasse=24", KINGS_OUT "RB2G2S2N2L9Prb2g2s2n2l9p 1");
    ck_assert_int_eq(bg_game_score(g, SENTE), 270);
    ck_assert_int_eq(bg_game_score(g, GOTE), 270);
    play_all(g, "5d5c");
    /* Gote's king is still outside: the claim is refused and the game goes on (no penalty). */
    ck_assert_uint_eq(bg_game_claims(g), 0);
    ck_assert_int_eq(bg_game_claim(g, BG_REASON_IMPASSE, BG_MOVE_NONE), BG_E_CLAIM_REJECTED);
    assert_ongoing(g);
    play_all(g, "5f5g");
    ck_assert_uint_eq(bg_game_claims(g), bit(BG_REASON_IMPASSE));
    ck_assert_int_eq(bg_game_claim(g, BG_REASON_IMPASSE, BG_MOVE_NONE), BG_OK);
    fx_expect_result(g, BG_DRAW, 0, BG_REASON_IMPASSE);
    bg_game_free(g);
    /* Gote holds 8 points: whoever claims, gote loses. */
    g = new_game("shogi", "impasse=24", KINGS_OUT "2R2B4G4S4N4L10P8p 1");
    play_all(g, "5d5c 5f5g 5c5b");
    ck_assert_uint_eq(bg_game_claims(g), bit(BG_REASON_IMPASSE));
    ck_assert_int_eq(bg_game_score(g, GOTE), 80);
    ck_assert_int_eq(bg_game_claim(g, BG_REASON_IMPASSE, BG_MOVE_NONE), BG_OK);
    fx_expect_result(g, BG_WIN, SENTE, BG_REASON_IMPASSE);
    bg_game_free(g);
    /* 32 against 22. */
    g = new_game("shogi", "impasse=24", KINGS_OUT "2RB2G2S2N2L9Pb2g2s2n2l9p 1");
    play_all(g, "5d5c 5f5g");
    ck_assert_int_eq(bg_game_score(g, SENTE), 320);
    ck_assert_int_eq(bg_game_score(g, GOTE), 220);
    ck_assert_int_eq(bg_game_claim(g, BG_REASON_IMPASSE, BG_MOVE_NONE), BG_OK);
    fx_expect_result(g, BG_WIN, SENTE, BG_REASON_IMPASSE);
    bg_game_free(g);
}
END_TEST

START_TEST(impasse_none)
{
    /* Under try and none there is no impasse at all; the declaration position means nothing. */
    for (int i = 0; i < 2; i++) {
        bg_game *g = new_game("shogi", i ? "impasse=none" : "impasse=try", DECLARE_28);
        play_all(g, "5d5c 1g1f");
        ck_assert_uint_eq(bg_game_claims(g), 0);
        ck_assert_int_eq(bg_game_claim(g, BG_REASON_IMPASSE, BG_MOVE_NONE), BG_E_CLAIM_REJECTED);
        assert_ongoing(g);
        ck_assert_int_eq(bg_game_score(g, SENTE), BG_E_UNSUPPORTED);
        bg_game_free(g);
    }
    /* Nor in the other games of the family. */
    bg_game *g = new_game("minishogi", NULL, NULL);
    ck_assert_int_eq(bg_game_score(g, SENTE), BG_E_UNSUPPORTED);
    ck_assert_int_eq(bg_game_claim(g, BG_REASON_IMPASSE, BG_MOVE_NONE), BG_E_CLAIM_REJECTED);
    bg_game_free(g);
}
END_TEST

/* ---- the try rule ---- */

START_TEST(try_rule)
{
    bg_game *g = new_game("shogi", "impasse=try", "k8/9/9/4K4/9/9/9/9/9 b - 1");
    play_all(g, "5d5c 9a9b 5c5b 9b9a");
    assert_ongoing(g);
    play_all(g, "5b5a");
    fx_expect_result(g, BG_WIN, SENTE, BG_REASON_TRY);
    bg_game_free(g);
    /* Under the default rule the same walk is just a walk. */
    g = new_game("shogi", NULL, "k8/9/9/4K4/9/9/9/9/9 b - 1");
    play_all(g, "5d5c 9a9b 5c5b 9b9a 5b5a");
    assert_ongoing(g);
    bg_game_free(g);
    /* Gote's target is 5i; taking a piece there counts too. */
    g = new_game("shogi", "impasse=try", "9/9/9/9/9/4k4/9/9/K3P4 w - 1");
    play_all(g, "5f4g 9i9h 4g4h 9h9i");
    assert_ongoing(g);
    play_all(g, "4h5i");
    fx_expect_result(g, BG_WIN, GOTE, BG_REASON_TRY);
    bg_game_free(g);
    /* An attacked square cannot be entered, and another piece on it is no try. */
    g = new_game("shogi", "impasse=try", "k2g5/4K4/9/9/9/9/9/9/G8 b - 1");
    ck_assert_int_eq(bg_game_play_text(g, "5b5a", "usi", 0), BG_E_ILLEGAL_MOVE);
    play_all(g, "5b4b 9a9b 9i9h 9b9a 9h9g");
    assert_ongoing(g);
    bg_game_free(g);
    g = new_game("shogi", "impasse=try", "k8/4G4/9/9/9/9/9/9/8K b - 1");
    play_all(g, "5b5a");
    assert_ongoing(g);
    bg_game_free(g);
}
END_TEST

/* ---- Sho shogi's king and prince ---- */

START_TEST(sho_prince)
{
    /*
    ** Sente: king 5i, prince 1h, pawn 9g. Gote's rook on 5a attacks the king: with two royals sente
    ** may leave it there. Gote takes it; the prince plays on under the check rule and is mated.
    */
    bg_game *g = new_game("shoshogi", NULL, "k3r3r/9/9/9/8g/9/P8/8+E/4K4 b - 1");
    ck_assert_int_eq(bg_position_in_check(bg_game_position(g)), 1);
    assert_ongoing(g);
    play_all(g, "9g9f 5a5i");
    assert_ongoing(g);
    ck_assert_int_eq(bg_position_in_check(bg_game_position(g)), 0);
    /* One royal left: it may not step onto the rook's rank any more. */
    ck_assert_int_eq(bg_game_play_text(g, "1h1i", "usi", 0), BG_E_ILLEGAL_MOVE);
    play_all(g, "9f9e 1e1f 9e9d");
    assert_ongoing(g);
    play_all(g, "1f1g");
    fx_expect_result(g, BG_WIN, GOTE, BG_REASON_CHECKMATE);
    bg_game_free(g);
    /* The elephant promotes to a prince; with two royals the king may even walk into attack. */
    g = new_game("shoshogi", NULL, "4k4/9/9/4E4/9/9/9/r8/4K4 b - 1");
    play_all(g, "5d5c+ 5a4a 5i5h");
    ck_assert_int_eq(bg_position_piece_at(bg_game_position(g), 6 * 9 + 4), BG_PIECE(SENTE, 16));
    assert_ongoing(g);
    play_all(g, "9h5h");
    /* The king is gone; the prince, now checked by the rook, must get off the file. */
    assert_ongoing(g);
    ck_assert_int_eq(bg_position_in_check(bg_game_position(g)), 1);
    ck_assert_int_eq(bg_game_play_text(g, "5c5d", "usi", 0), BG_E_ILLEGAL_MOVE);
    play_all(g, "5c6c");
    assert_ongoing(g);
    bg_game_free(g);
}
END_TEST

/* ---- a side without a king (tsume problems) ---- */

START_TEST(tsume_without_king)
{
    /*
    ** The start of tests/data/real/shogi/kif/kifujs-kifu-for-iphone-tsume.kif (Kifu for iPhone):
    ** sente has no king, so nothing it does is refused for its king's sake, and the three-move
    ** solution mates gote.
    */
    bg_game *g = new_game("shogi", NULL, "3sks3/9/4+P4/6+B2/9/9/9/9/9 b S2rb4gs4n4l17p 1");
    ck_assert_int_eq(bg_position_in_check(bg_game_position(g)), 0);
    play_all(g, "3d5b");
    ck_assert_int_eq(bg_position_in_check(bg_game_position(g)), 1);
    play_all(g, "6a5b S*6b");
    fx_expect_result(g, BG_WIN, SENTE, BG_REASON_CHECKMATE);
    bg_game_free(g);
    /* Gote's king still may not step where sente's gold attacks. */
    g = new_game("shogi", NULL, "9/9/9/9/9/9/9/3G5/4k4 w - 2");
    ck_assert_int_eq(bg_game_play_text(g, "5i5h", "usi", 0), BG_E_ILLEGAL_MOVE);
    ck_assert_int_eq(bg_game_play_text(g, "5i4h", "usi", 0), BG_OK);
    bg_game_free(g);
    /* A kingless side without any move loses (no-legal-moves): here sente has nothing at all. */
    g = new_game("shogi", NULL, "4k4/9/9/9/9/9/9/9/9 b - 1");
    fx_expect_result(g, BG_WIN, GOTE, BG_REASON_NO_LEGAL_MOVES);
    bg_game_free(g);
}
END_TEST

/* ---- old shogi's bare king ---- */

START_TEST(heian_bare_king)
{
    /* Sente's gold takes gote's last piece besides the king. */
    bg_game *g = new_game("heianshogi", NULL, "4k4/9/9/9/9/9/4s4/4G4/4K4 b - 1");
    play_all(g, "5h5g");
    fx_expect_result(g, BG_WIN, SENTE, BG_REASON_BARE_KING);
    bg_game_free(g);
    /* Gote's silver takes sente's gold (promoting, as it must): sente is bare. */
    g = new_game("heianshogi", NULL, "4k4/9/9/9/9/9/4s4/4G4/4K4 w - 1");
    play_all(g, "5g5h+");
    fx_expect_result(g, BG_WIN, GOTE, BG_REASON_BARE_KING);
    bg_game_free(g);
    /* With bareking=false the game goes on to a mate. */
    g = new_game("heianshogi", "bareking=false", "4k4/9/9/9/9/9/4s4/4G4/4K4 b - 1");
    play_all(g, "5h5g 5a4a");
    assert_ongoing(g);
    bg_game_free(g);
    /* Two bare kings: a draw at once; one bare king in a set-up position: that side has lost. */
    g = new_game("heianshogi", NULL, "4k4/9/9/9/9/9/9/9/4K4 b - 1");
    fx_expect_result(g, BG_DRAW, 0, BG_REASON_BARE_KING);
    bg_game_free(g);
    g = new_game("heianshogi", NULL, "4k4/9/9/9/9/9/9/9/3GK4 w - 1");
    fx_expect_result(g, BG_WIN, SENTE, BG_REASON_BARE_KING);
    bg_game_free(g);
    g = new_game("heianshogi", "bareking=false", "4k4/9/9/9/9/9/9/9/4K4 b - 1");
    assert_ongoing(g);
    bg_game_free(g);
    /* Also with optional promotion (a different engine row). */
    g = new_game("heianshogi", "promotion=optional", "4k4/9/9/9/9/9/4s4/4G4/4K4 w - 1");
    play_all(g, "5g5h");
    fx_expect_result(g, BG_WIN, GOTE, BG_REASON_BARE_KING);
    bg_game_free(g);
    /* Other games have no bare-king rule. */
    g = new_game("shoshogi", NULL, "4k4/9/9/9/9/9/9/9/4K4 b - 1");
    assert_ongoing(g);
    bg_game_free(g);
}
END_TEST

/* ---- minishogi ---- */

START_TEST(minishogi_repetition)
{
    /* Gote makes the fourth occurrence; sente loses all the same. */
    bg_game *g = new_game("minishogi", NULL, NULL);
    play_cycles(g, "1e1d 5a5b 1d1e 5b5a", 3);
    fx_expect_result(g, BG_WIN, GOTE, BG_REASON_REPETITION);
    bg_game_free(g);
    /* Sente makes it. */
    g = new_game("minishogi", NULL, NULL);
    play_all(g, "5d5c");
    play_cycles(g, "5a5b 1e1d 5b5a 1d1e", 3);
    fx_expect_result(g, BG_WIN, GOTE, BG_REASON_REPETITION);
    ck_assert_int_eq(bg_game_ply_count(g), 13);
    bg_game_free(g);
    /* Gote's perpetual check loses for gote. */
    g = new_game("minishogi", NULL, "k4/3r1/5/5/4K w - 1");
    play_cycles(g, "2b1b 1e2e 1b2b 2e1e", 3);
    fx_expect_result(g, BG_WIN, SENTE, BG_REASON_PERPETUAL_CHECK);
    bg_game_free(g);
}
END_TEST

/* ---- Tori shogi ---- */

#define TORI_WALK "4g3f 4a3b 3f4g 3b4a"
#define TORI_CHECKS_FEN "6k/7/5C1/7/7/7/K6 b - 1"
#define TORI_CHECKS "2c2b 1a1b 2b2c 1b1a"

START_TEST(tori_fourfold)
{
    /* Fairy-Stockfish's rule: the player completing the fourth occurrence (gote here) loses. */
    bg_game *g = new_game("torishogi", NULL, NULL);
    play_cycles(g, TORI_WALK, 2);
    play_all(g, "4g3f 4a3b 3f4g");
    assert_ongoing(g);
    play_all(g, "3b4a");
    fx_expect_result(g, BG_WIN, SENTE, BG_REASON_REPETITION);
    bg_game_free(g);
    /* Sente's crane checks on every move: sente loses, although gote's move completed it. */
    g = new_game("torishogi", "repetition=fourfold", TORI_CHECKS_FEN);
    play_cycles(g, TORI_CHECKS, 3);
    fx_expect_result(g, BG_WIN, GOTE, BG_REASON_PERPETUAL_CHECK);
    ck_assert_int_eq(bg_game_ply_count(g), 12);
    bg_game_free(g);
}
END_TEST

START_TEST(tori_threefold)
{
    /* "Repeater must vary": the third occurrence loses for the player who makes it. */
    bg_game *g = new_game("torishogi", "repetition=threefold", NULL);
    play_all(g, TORI_WALK " 4g3f 4a3b 3f4g");
    assert_ongoing(g);
    play_all(g, "3b4a");
    fx_expect_result(g, BG_WIN, SENTE, BG_REASON_REPETITION);
    ck_assert_int_eq(bg_game_ply_count(g), 8);
    bg_game_free(g);
    /* Gote's third occurrence only got out of check: the checking player, sente, loses. */
    g = new_game("torishogi", "repetition=threefold", TORI_CHECKS_FEN);
    play_cycles(g, TORI_CHECKS, 2);
    fx_expect_result(g, BG_WIN, GOTE, BG_REASON_PERPETUAL_CHECK);
    ck_assert_int_eq(bg_game_ply_count(g), 8);
    bg_game_free(g);
    /* The checker completes it himself with a check: he loses too. */
    g = new_game("torishogi", "repetition=threefold", "6k/5C1/7/7/7/7/K6 w - 1");
    play_cycles(g, "1a1b 2b2c 1b1a 2c2b", 2);
    fx_expect_result(g, BG_WIN, GOTE, BG_REASON_PERPETUAL_CHECK);
    bg_game_free(g);
    /* One check in an eight-ply cycle, the completing move no evasion: the mover (gote) loses. */
    g = new_game("torishogi", "repetition=threefold", TORI_CHECKS_FEN);
    play_cycles(g, "2c2b 1a1b 2b3c 1b1a 3c2d 1a2a 2d2c 2a1a", 2);
    fx_expect_result(g, BG_WIN, SENTE, BG_REASON_REPETITION);
    ck_assert_int_eq(bg_game_ply_count(g), 16);
    bg_game_free(g);
}
END_TEST

/* ---- random games: only the family's reasons, consistent winners ---- */

START_TEST(random_games)
{
    static const struct {
        const char *variant, *options;
    } cases[] = {
        {"shogi", NULL},
        {"shogi", "impasse=try"},
        {"minishogi", NULL},
        {"shoshogi", NULL},
        {"heianshogi", NULL},
        {"heianshogi", "promotion=optional;bareking=false"},
        {"torishogi", NULL},
        {"torishogi", "repetition=threefold"},
    };
    const uint64_t allowed = bit(BG_REASON_CHECKMATE) | bit(BG_REASON_NO_LEGAL_MOVES) |
                             bit(BG_REASON_REPETITION) | bit(BG_REASON_PERPETUAL_CHECK) |
                             bit(BG_REASON_TRY) | bit(BG_REASON_BARE_KING) |
                             bit(BG_REASON_ROYALS_CAPTURED);
    uint64_t seed = 0x9e3779b97f4a7c15u;
    int ended = 0;
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        for (int game = 0; game < 40; game++) {
            bg_game *g = new_game(cases[c].variant, cases[c].options, NULL);
            bg_move moves[1024];
            for (int ply = 0; ply < 400 && bg_game_outcome(g) == BG_ONGOING; ply++) {
                int n = bg_position_legal_moves(bg_game_position(g), moves, 1024);
                ck_assert_int_gt(n, 0); /* no move would have ended the game */
                ck_assert_int_eq(bg_game_play(g, moves[xorshift64(&seed) % (uint64_t)n]), BG_OK);
                /* Under 27 points the claim list never holds anything else. */
                ck_assert_uint_eq(bg_game_claims(g) & ~bit(BG_REASON_IMPASSE), 0);
            }
            if (bg_game_outcome(g) != BG_ONGOING) {
                ended++;
                ck_assert_msg(allowed & bit(bg_game_reason(g)), "%s: reason %s",
                              cases[c].variant, bg_reason_name(bg_game_reason(g)));
                uint32_t w = bg_game_winners(g);
                ck_assert(bg_game_outcome(g) == BG_DRAW ? w == 0 : (w == 1u || w == 2u));
                /* A win by mate or no move goes to the side that just moved. */
                if (bg_game_reason(g) == BG_REASON_CHECKMATE ||
                    bg_game_reason(g) == BG_REASON_NO_LEGAL_MOVES)
                    ck_assert_uint_eq(w, 1u << (1 - bg_position_side_to_move(bg_game_position(g))));
                ck_assert_int_eq(bg_game_undo(g), BG_OK);
                assert_ongoing(g);
            }
            bg_game_free(g);
        }
    }
    ck_assert_int_gt(ended, 0);
}
END_TEST

int main(void)
{
    return RUN_TESTS("shogirules", "endings", 300, sennichite_draw, sennichite_perpetual_check,
                     uchifuzume_game, no_legal_moves, impasse_declaration_won,
                     impasse_declaration_failed, impasse_24_points, impasse_none, try_rule,
                     sho_prince, tsume_without_king, heian_bare_king, minishogi_repetition,
                     tori_fourfold, tori_threefold, random_games);
}
