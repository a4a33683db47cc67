/* Xiangqi / lion chess adjudication through the public game API: real move sequences and the result each must give. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <boardgames/boardgames.h>

#include "check_main.h"
#include "xorshift.h"
#include "fixtures.h"

enum { RED = 0, BLACK = 1, NOBODY = -1 };

/*
** One scenario: a position, rule options, a line of uci moves. The game must stay ongoing until
** the last move and end exactly there with the given outcome (ONGOING: must not end at all).
*/
typedef struct scenario {
    const char *name, *variant, *fen, *options, *moves;
    bg_outcome outcome;
    int winner;
    bg_reason reason;
} scenario;

/* Loops twice through the 4-ply cycle `c`: the start position then occurs for the third time. */
#define TWICE(c) c " " c

static bg_game *new_game(const char *variant, const char *fen, const char *options)
{
    return fx_game(variant, fen, options);
}

static void expect_result(const bg_game *g, const char *name, bg_outcome outcome, int winner,
                          bg_reason reason)
{
    const uint32_t winners = winner == NOBODY ? 0 : 1u << winner;
    ck_assert_msg(bg_game_outcome(g) == outcome && bg_game_winners(g) == winners &&
                      bg_game_reason(g) == reason,
                  "%s: ply %d: outcome %d winners %u reason '%s', expected %d %u '%s'", name,
                  bg_game_ply_count(g), bg_game_outcome(g), bg_game_winners(g),
                  bg_reason_name(bg_game_reason(g)), outcome, winners, bg_reason_name(reason));
}

/* Play the scenario; returns the game (at its end) for further checks. */
static bg_game *play_scenario(const scenario *sc)
{
    bg_game *g = new_game(sc->variant, sc->fen, sc->options);
    char buf[512];
    snprintf(buf, sizeof buf, "%s", sc->moves);
    int count = 0;
    for (char *p = buf; *p; p++)
        if (*p != ' ' && (p == buf || p[-1] == ' '))
            count++;
    int played = 0;
    for (char *tok = strtok(buf, " "); tok; tok = strtok(NULL, " ")) {
        ck_assert_msg(bg_game_outcome(g) == BG_ONGOING, "%s: the game ended (%s) before ply %d",
                      sc->name, bg_reason_name(bg_game_reason(g)), played + 1);
        bg_status s = bg_game_play_text(g, tok, "uci", 0);
        ck_assert_msg(s == BG_OK, "%s: move %s at ply %d refused: %s", sc->name, tok, played + 1,
                      bg_game_error(g)->message);
        played++;
    }
    ck_assert_int_eq(played, count);
    expect_result(g, sc->name, sc->outcome, sc->winner, sc->reason);
    /* Every xiangqi ending is automatic: there is never anything to claim. */
    ck_assert_msg(bg_game_claims(g) == 0, "%s: claims offered", sc->name);
    return g;
}

#define XQ "xiangqi"
#define LION "lionchess"

/* Red's chariot checks from a10 and a9 in turn; the general steps between e10 and e9. */
#define PCHECK_FEN "4k4/9/R8/9/9/9/9/9/9/3K5 w - - 0 1"
#define PCHECK_LOOP "a8a10 e10e9 a10a9 e9e10 a9a10 e10e9 a10a9 e9e10 a9a10"
/* Red's chariot attacks the cannon from c2, then from b2; the cannon steps to b7, then c7. */
#define PCHASE_FEN "5k3/9/9/2c6/9/9/9/9/1R7/4K4 w - - 0 1"
#define PCHASE_LOOP "b2c2 c7b7 c2b2 b7c7"

static const scenario scenarios[] = {
    /* ---- perpetual check ---- */
    {"perpetual check: the checker loses", XQ, PCHECK_FEN, NULL, PCHECK_LOOP, BG_WIN, BLACK,
     BG_REASON_PERPETUAL_CHECK},
    {"perpetual check, ruleset plain: a draw", XQ, PCHECK_FEN, "ruleset=plain", PCHECK_LOOP,
     BG_DRAW, NOBODY, BG_REASON_REPETITION},
    {"one check, one idle move: a draw", XQ, PCHECK_FEN, NULL, TWICE("a8a10 e10e9 a10a8 e9e10"),
     BG_DRAW, NOBODY, BG_REASON_REPETITION},
    /* Every move answers the check and checks back (cannon screens and chariots on d and e). */
    {"mutual perpetual check: a draw", XQ, "4c4/3k1n3/4r4/3C5/9/3R5/9/2N6/9/4K4 w - - 0 1", NULL,
     TWICE("d7e7 e8d8 e7d7 d8e8"), BG_DRAW, NOBODY, BG_REASON_REPETITION},
    /*
    ** Red's soldier checks with every move; each of black's general steps makes a screen for the
    ** cannon on e9 (the general, then the soldier), a new attack on the unprotected horse on e2.
    ** Checking is the worse offence: red loses although black chased perpetually.
    */
    {"perpetual check against perpetual chase: the checker loses", XQ,
     "9/4c4/3a1k3/4P4/9/5r3/9/9/4N4/2RK5 w - - 0 1", NULL, TWICE("e7f7 f8e8 f7e7 e8f8"), BG_WIN,
     BLACK, BG_REASON_PERPETUAL_CHECK},

    /* ---- perpetual chase ---- */
    {"perpetual chase of an unprotected cannon: the chaser loses", XQ, PCHASE_FEN, NULL,
     TWICE(PCHASE_LOOP), BG_WIN, BLACK, BG_REASON_PERPETUAL_CHASE},
    {"perpetual chase, ruleset plain: a draw", XQ, PCHASE_FEN, "ruleset=plain", TWICE(PCHASE_LOOP),
     BG_DRAW, NOBODY, BG_REASON_REPETITION},
    {"the chased cannon protected by a chariot: a draw", XQ,
     "5k3/9/9/r1c6/9/9/9/9/1R7/4K4 w - - 0 1", NULL, TWICE(PCHASE_LOOP), BG_DRAW, NOBODY,
     BG_REASON_REPETITION},
    {"a horse chasing a protected chariot: the chaser loses", XQ,
     "4k4/3r5/9/9/3r5/9/9/2N6/9/5K3 w - - 0 1", NULL, TWICE("c3e4 d6d5 e4c3 d5d6"), BG_WIN, BLACK,
     BG_REASON_PERPETUAL_CHASE},
    {"a chariot offering to exchange with a chariot: a draw", XQ,
     "4k4/9/9/1r7/9/9/9/9/R8/5K3 w - - 0 1", NULL, TWICE("a2b2 b7a7 b2a2 a7b7"), BG_DRAW, NOBODY,
     BG_REASON_REPETITION},
    {"a soldier chasing an unprotected cannon: a draw", XQ, "4k4/9/4c4/3P5/9/9/9/9/9/5K3 w - - 0 1",
     NULL, TWICE("d7e7 e8d8 e7d7 d8e8"), BG_DRAW, NOBODY, BG_REASON_REPETITION},
    {"a general chasing an unprotected cannon: a draw", XQ,
     "4k4/4a4/9/9/9/9/9/9/4c4/3K5 w - - 0 1", NULL, TWICE("d1e1 e2d2 e1d1 d2e2"), BG_DRAW, NOBODY,
     BG_REASON_REPETITION},
    /* The general steps onto rank 3 and off it: a screen for the cannon on i3, then none needed. */
    {"discovered attacks, the general as a cannon screen: the chaser loses", XQ,
     "5R3/3k5/9/9/9/6r2/2cN5/n7C/3K5/9 w - - 0 1", NULL, TWICE("d2d3 c4c3 d3d2 c3c4"), BG_WIN,
     BLACK, BG_REASON_PERPETUAL_CHASE},
    /* The soldier stepping onto d6 blinds the cannon on d10 that protects the soldier on d3. */
    {"protection taken away from a crossed soldier: the chaser loses", XQ,
     "3c5/3k5/9/9/4P4/9/9/3p1K3/9/3R5 w - - 0 1", NULL, TWICE("e6d6 d9e9 d6e6 e9d9"), BG_WIN,
     BLACK, BG_REASON_PERPETUAL_CHASE},
    /* The cannon on e8 is unprotected: the general cannot take back, facing red's on e3. */
    {"one check, one chase: a draw", XQ, "9/5k3/R3c1r2/9/9/9/9/4K4/3N5/9 w - - 0 1", NULL,
     TWICE("a8a9 f9f8 a9a8 f8f9"), BG_DRAW, NOBODY, BG_REASON_REPETITION},
    {"one horse chasing two pieces in turn: a draw", XQ,
     "2c2k3/9/3r5/9/3N5/9/9/4K4/9/7R1 w - - 0 1", NULL, TWICE("d6b7 c10c4 b7d6 c4c10"), BG_DRAW,
     NOBODY, BG_REASON_REPETITION},
    /* Red's cannon chases the cannon on e9 (taking its protection away), black's the chariot. */
    {"both sides chasing perpetually: a draw", XQ, "4k1N2/1R1nc4/9/9/9/2C6/9/2r6/9/5K3 w - - 0 1",
     NULL, TWICE("c5c9 d9e7 c9c5 e7d9"), BG_DRAW, NOBODY, BG_REASON_REPETITION},

    /* ---- no legal move, flying general ---- */
    {"stalemate: the stalemated side loses", XQ, "3k5/9/R8/9/9/9/9/9/9/4K4 w - - 0 1", NULL,
     "a8a9", BG_WIN, RED, BG_REASON_STALEMATE},
    {"checkmate, d10 closed by the flying-general rule", XQ,
     "4k4/5P3/9/9/9/R8/9/9/9/3K5 w - - 0 1", NULL, "a5e5", BG_WIN, RED, BG_REASON_CHECKMATE},
    {"the same check with red's general on f1: d10 is open", XQ,
     "4k4/5P3/9/9/9/R8/9/9/9/5K3 w - - 0 1", NULL, "a5e5 e10d10", BG_ONGOING, NOBODY,
     BG_REASON_NONE},

    /* ---- material ---- */
    {"only generals, advisors and elephants: a draw at once", XQ,
     "2bak4/9/9/9/9/9/9/9/9/3K1A3 w - - 0 1", NULL, "", BG_DRAW, NOBODY,
     BG_REASON_INSUFFICIENT_MATERIAL},
    {"the last chariot taken: a draw", XQ, "4k4/R8/9/9/9/9/9/9/9/3K1A3 w - - 0 1", NULL,
     "a9e9 e10e9", BG_DRAW, NOBODY, BG_REASON_INSUFFICIENT_MATERIAL},
    {"a soldier is attacking material", XQ, "2bak4/9/9/9/9/9/4P4/9/9/3K1A3 w - - 0 1", NULL, "e4e5",
     BG_ONGOING, NOBODY, BG_REASON_NONE},

    /* ---- natural-move limit ---- */
    {"movelimit 60 (default): the 120th ply without capture draws", XQ,
     "4k4/9/R8/9/9/9/9/9/9/3K5 w - - 118 60", NULL, "a8a7 e10e9", BG_DRAW, NOBODY,
     BG_REASON_MOVE_LIMIT},
    {"movelimit 60: ply 119 plays on", XQ, "4k4/9/R8/9/9/9/9/9/9/3K5 w - - 117 60", NULL,
     "a8a7 e10e9", BG_ONGOING, NOBODY, BG_REASON_NONE},
    {"movelimit=1: two plies", XQ, "4k4/9/R8/9/9/9/9/9/9/3K5 w - - 0 1", "movelimit=1",
     "a8a7 e10e9", BG_DRAW, NOBODY, BG_REASON_MOVE_LIMIT},
    {"movelimit=2: not after two plies", XQ, "4k4/9/R8/9/9/9/9/9/9/3K5 w - - 0 1", "movelimit=2",
     "a8a7 e10e9", BG_ONGOING, NOBODY, BG_REASON_NONE},
    {"movelimit=2: after four plies", XQ, "4k4/9/R8/9/9/9/9/9/9/3K5 w - - 0 1", "movelimit=2",
     "a8a7 e10e9 a7a6 e9e10", BG_DRAW, NOBODY, BG_REASON_MOVE_LIMIT},
    {"movelimit=0: no limit", XQ, "4k4/9/R8/9/9/9/9/9/9/3K5 w - - 60000 60", "movelimit=0",
     "a8a7 e10e9 a7a6 e9e10", BG_ONGOING, NOBODY, BG_REASON_NONE},
    {"a capture restarts the count", XQ, "4k4/9/R8/9/9/9/9/r8/9/3K5 w - - 119 60", NULL,
     "a8a3 e10e9", BG_ONGOING, NOBODY, BG_REASON_NONE},
    {"a mate on the limit's ply wins", XQ, "4k4/5P3/9/9/9/R8/9/9/9/3K5 w - - 119 60", NULL, "a5e5",
     BG_WIN, RED, BG_REASON_CHECKMATE},

    /* ---- lion chess: the same rules on 11 files ---- */
    {"lion chess: perpetual check", LION, "5k5/11/R10/11/11/11/11/11/11/4K6 w - - 0 1", NULL,
     "a8a10 f10f9 a10a9 f9f10 a9a10 f10f9 a10a9 f9f10 a9a10", BG_WIN, BLACK,
     BG_REASON_PERPETUAL_CHECK},
    {"lion chess: a lion chasing a cannon", LION, "4k6/11/11/11/3c7/11/11/11/1L9/5K5 w - - 0 1",
     NULL, TWICE("b2a3 d6f6 a3b2 f6d6"), BG_WIN, BLACK, BG_REASON_PERPETUAL_CHASE},
    {"lion chess: a lion chasing, ruleset plain", LION,
     "4k6/11/11/11/3c7/11/11/11/1L9/5K5 w - - 0 1", "ruleset=plain", TWICE("b2a3 d6f6 a3b2 f6d6"),
     BG_DRAW, NOBODY, BG_REASON_REPETITION},
    {"lion chess: a lion is attacking material", LION, "4k6/11/11/11/11/11/11/11/11/5KL4 w - - 0 1",
     NULL, "", BG_ONGOING, NOBODY, BG_REASON_NONE},
    {"lion chess: advisors only", LION, "4k6/11/11/11/11/11/11/11/11/4AKA4 w - - 0 1", NULL, "",
     BG_DRAW, NOBODY, BG_REASON_INSUFFICIENT_MATERIAL},
    {"lion chess: stalemate", LION, "4k6/11/R10/11/11/11/11/11/11/5K5 w - - 0 1", NULL, "a8a9",
     BG_WIN, RED, BG_REASON_STALEMATE},
};
#define SCENARIOS ((int)(sizeof scenarios / sizeof scenarios[0]))

START_TEST(scenario_line)
{
    bg_game *g = play_scenario(&scenarios[_i]);
    bg_move m[256];
    const int n = bg_position_legal_moves(bg_game_position(g), m, 256);
    if (scenarios[_i].outcome != BG_ONGOING && n > 0)
        ck_assert_int_eq(bg_game_play(g, m[0]), BG_E_GAME_OVER); /* nothing follows a result */
    else if (n > 0)
        ck_assert_int_eq(bg_game_play(g, m[0]), BG_OK);
    bg_game_free(g);
}
END_TEST

/* The position of the third occurrence ends the game; the second does not. */
START_TEST(third_occurrence)
{
    bg_game *g = new_game(XQ, PCHASE_FEN, NULL);
    const char *moves[] = {"b2c2", "c7b7", "c2b2", "b7c7", "b2c2", "c7b7", "c2b2", "b7c7"};
    for (int i = 0; i < 8; i++) {
        ck_assert_int_eq(bg_game_outcome(g), BG_ONGOING);
        ck_assert_int_eq(bg_game_play_text(g, moves[i], "uci", 0), BG_OK);
    }
    expect_result(g, "third occurrence", BG_WIN, BLACK, BG_REASON_PERPETUAL_CHASE);
    ck_assert_int_eq(bg_game_play_text(g, "b2c2", "uci", 0), BG_E_GAME_OVER);
    /* Undo clears the result; another move plays on. */
    ck_assert_int_eq(bg_game_undo(g), BG_OK);
    ck_assert_int_eq(bg_game_outcome(g), BG_ONGOING);
    ck_assert_int_eq(bg_game_play_text(g, "b7d7", "uci", 0), BG_OK);
    ck_assert_int_eq(bg_game_outcome(g), BG_ONGOING);
    bg_game_free(g);
}
END_TEST

/* bg_game_claims_after sees the repetition coming and offers nothing (it is automatic). */
START_TEST(claims_after_the_deciding_move)
{
    bg_game *g = new_game(XQ, PCHECK_FEN, NULL);
    const char *moves[] = {"a8a10", "e10e9", "a10a9", "e9e10", "a9a10", "e10e9", "a10a9", "e9e10"};
    for (int i = 0; i < 8; i++)
        ck_assert_int_eq(bg_game_play_text(g, moves[i], "uci", 0), BG_OK);
    bg_move m;
    ck_assert_int_eq(bg_move_parse(bg_game_position(g), "a9a10", "uci", 0, &m, NULL), BG_OK);
    ck_assert_uint_eq(bg_game_claims_after(g, m), 0);
    ck_assert_int_eq(bg_game_outcome(g), BG_ONGOING);
    bg_game_free(g);
}
END_TEST

/* The flying-general rule: a move that opens the file between the generals is refused. */
START_TEST(flying_general_move_refused)
{
    bg_game *g = new_game(XQ, "4k4/9/9/9/9/R8/9/9/4A4/4K4 w - - 0 1", NULL);
    ck_assert_int_eq(bg_game_play_text(g, "e2d3", "uci", 0), BG_E_ILLEGAL_MOVE);
    ck_assert_int_eq(bg_game_ply_count(g), 0);
    ck_assert_int_eq(bg_game_play_text(g, "a5e5", "uci", 0), BG_OK);
    /* Now the chariot stands between them: the advisor may go. */
    ck_assert_int_eq(bg_game_play_text(g, "e10d10", "uci", 0), BG_OK);
    ck_assert_int_eq(bg_game_play_text(g, "e2d3", "uci", 0), BG_OK);
    ck_assert_int_eq(bg_game_outcome(g), BG_ONGOING);
    bg_game_free(g);
}
END_TEST

/* Bad option values are refused with a message; good ones are accepted. */
START_TEST(option_values)
{
    const char *bad[] = {"ruleset=wxf", "ruleset=", "movelimit=-1", "movelimit=x", "movelimit=1000000000"};
    for (int i = 0; i < (int)(sizeof bad / sizeof bad[0]); i++) {
        bg_game *g = (bg_game *)1;
        bg_error e = BG_ERROR_INIT;
        bg_status s = bg_game_new(&g, bg_variant_find(XQ), bad[i], NULL, &e);
        ck_assert_msg(s != BG_OK && g == NULL, "'%s' accepted", bad[i]);
        ck_assert_msg(e.message[0] != 0, "'%s': no message", bad[i]);
    }
    const char *good[] = {"ruleset=asian", "ruleset=plain", "movelimit=0", "movelimit=999999999",
                          "ruleset=plain;movelimit=30"};
    for (int i = 0; i < (int)(sizeof good / sizeof good[0]); i++) {
        bg_game *g = NULL;
        bg_error e = BG_ERROR_INIT;
        ck_assert_msg(bg_game_new(&g, bg_variant_find(LION), good[i], NULL, &e) == BG_OK, "%s: %s",
                      good[i], e.message);
        ck_assert_int_eq(bg_game_outcome(g), BG_ONGOING);
        bg_game_free(g);
    }
}
END_TEST

/* From the start position: horses out and back, the third occurrence is a draw under both rulesets. */
START_TEST(start_position_shuffle)
{
    const char *options[] = {"ruleset=plain", "ruleset=asian"};
    /* The start position recurs every 8 plies, for the third time at ply 16. */
    const char *cycle[] = {"b1c3", "b10c8", "h1g3", "h10g8", "c3b1", "c8b10", "g3h1", "g8h10"};
    for (int k = 0; k < 2; k++) {
        bg_game *g = new_game(XQ, "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
                              options[k]);
        for (int i = 0; i < 16; i++) {
            ck_assert_int_eq(bg_game_outcome(g), BG_ONGOING);
            ck_assert_int_eq(bg_game_play_text(g, cycle[i % 8], "uci", 0), BG_OK);
        }
        expect_result(g, options[k], BG_DRAW, NOBODY, BG_REASON_REPETITION);
        bg_game_free(g);
    }
}
END_TEST

/*
** Random games that shuffle (half the moves take back the mover's previous move when legal, a
** third of the others give check when they can), so that repetitions and perpetual checks are
** frequent. Each ending is checked against facts recomputed independently by
** replaying the game through the position API: no legal move, material, the clock, and for
** repetitions the occurrences since the last capture and who checked throughout the cycle.
*/
static int has_attacker(const bg_position *p)
{
    const bg_variant *v = bg_position_variant(p);
    for (int sq = 0; sq < bg_variant_width(v) * bg_variant_height(v); sq++) {
        const bg_piece pc = bg_position_piece_at(p, sq);
        const int kind = BG_PIECE_KIND(pc);
        if (pc != BG_PIECE_NONE && kind >= 4) /* horse, chariot, cannon, soldier, lion */
            return 1;
    }
    return 0;
}

static void check_ending(const bg_game *g, const char *options, int limit, int counts[32])
{
    const int n = bg_game_ply_count(g);
    bg_position *p = NULL;
    ck_assert_int_eq(bg_position_clone(&p, bg_game_start_position(g)), BG_OK);
    uint64_t keys[1024];
    int checks[1024], clock[1024];
    keys[0] = bg_position_hash(p);
    checks[0] = 0;
    clock[0] = bg_position_halfmove_clock(p);
    for (int i = 1; i <= n; i++) {
        ck_assert_int_eq(bg_position_play(p, bg_game_move_at(g, i - 1)), BG_OK);
        keys[i] = bg_position_hash(p);
        checks[i] = bg_position_in_check(p);
        clock[i] = bg_position_halfmove_clock(p);
    }
    const bg_reason reason = bg_game_reason(g);
    const int stm = bg_position_side_to_move(p);
    bg_move m[256];
    const int moves = bg_position_legal_moves(p, m, 256);
    counts[reason]++;
    /* Occurrences of the last position since the last capture, and the earliest of them. */
    int occ = 0, first = n;
    for (int k = n; k >= 0 && n - k <= clock[n]; k -= 2)
        if (keys[k] == keys[n]) {
            occ++;
            first = k;
        }
    switch (reason) {
    case BG_REASON_CHECKMATE:
    case BG_REASON_STALEMATE:
        ck_assert_int_eq(moves, 0);
        ck_assert_int_eq(bg_position_in_check(p), reason == BG_REASON_CHECKMATE);
        ck_assert_uint_eq(bg_game_winners(g), 1u << !stm);
        break;
    case BG_REASON_INSUFFICIENT_MATERIAL:
        ck_assert_int_gt(moves, 0);
        ck_assert_int_eq(has_attacker(p), 0);
        break;
    case BG_REASON_MOVE_LIMIT:
        ck_assert_int_gt(limit, 0);
        ck_assert_int_ge(clock[n], 2 * limit);
        ck_assert_int_lt(occ, 3);
        break;
    case BG_REASON_REPETITION:
    case BG_REASON_PERPETUAL_CHECK:
    case BG_REASON_PERPETUAL_CHASE: {
        ck_assert_int_gt(moves, 0);
        ck_assert_int_eq(occ, 3);
        /* Did each side check with every one of its moves since the first occurrence? */
        int all[2] = {1, 1};
        for (int k = first + 1; k <= n; k++)
            all[(stm + n - k + 1) % 2] &= checks[k];
        if (strstr(options, "plain")) {
            ck_assert_int_eq(reason, BG_REASON_REPETITION);
        } else if (all[0] != all[1]) {
            ck_assert_int_eq(reason, BG_REASON_PERPETUAL_CHECK);
            ck_assert_uint_eq(bg_game_winners(g), 1u << (all[0] ? 1 : 0));
        } else if (reason == BG_REASON_PERPETUAL_CHASE) {
            ck_assert_int_eq(all[0] | all[1], 0);
            ck_assert_int_ne(bg_game_winners(g), 0);
        } else {
            ck_assert_int_eq(reason, BG_REASON_REPETITION);
        }
        break;
    }
    default:
        ck_abort_msg("unexpected reason '%s'", bg_reason_name(reason));
    }
    if (reason == BG_REASON_REPETITION || reason == BG_REASON_INSUFFICIENT_MATERIAL ||
        reason == BG_REASON_MOVE_LIMIT)
        ck_assert_int_eq(bg_game_outcome(g), BG_DRAW);
    else
        ck_assert_int_eq(bg_game_outcome(g), BG_WIN);
    bg_position_free(p);
}

/* A random legal position with both generals and a few pieces a side (FEN checked by the library). */
static bg_game *random_sparse_game(const char *variant, const char *options, uint64_t *x)
{
    const bg_variant *v = bg_variant_find(variant);
    const int w = bg_variant_width(v), lo = w == 9 ? 3 : 4;
    for (;;) {
        char board[110] = {0};
        board[lo + xorshift64(x) % 3 + w * (xorshift64(x) % 3)] = 'K';
        board[lo + xorshift64(x) % 3 + w * (7 + xorshift64(x) % 3)] = 'k';
        const char *pool = w == 9 ? "RNCPAB" : "RNCPABL";
        for (int i = 0; i < 6; i++) {
            int sq;
            do
                sq = (int)(xorshift64(x) % (uint64_t)(w * 10));
            while (board[sq]);
            const char c = pool[xorshift64(x) % strlen(pool)];
            board[sq] = i < 3 ? c : (char)(c - 'A' + 'a');
        }
        char fen[160];
        fx_fen ff = {fen, sizeof fen, 0, 0};
        for (int r = 9; r >= 0; r--) {
            for (int f = 0; f < w; f++)
                fx_fen_square(&ff, (char[2]){board[r * w + f], 0});
            fx_fen_rank(&ff, r == 0);
        }
        strcpy(fen + ff.len, " w - - 0 1");
        bg_game *g = NULL;
        if (bg_game_new_from_text(&g, v, fen, NULL, options, 0, NULL, NULL) == BG_OK) {
            if (bg_game_outcome(g) == BG_ONGOING)
                return g;
            bg_game_free(g);
        }
    }
}

START_TEST(random_shuffling_games)
{
    const char *variants[] = {XQ, LION};
    const char *options[] = {"movelimit=25", "ruleset=plain;movelimit=25", "movelimit=0"};
    int counts[32] = {0};
    uint64_t x = 0x9e3779b97f4a7c15u;
    for (int game = 0; game < 1500; game++) {
        const char *opt = options[game % 3];
        const int limit = strstr(opt, "movelimit=0") ? 0 : 25;
        const char *variant = variants[game / 3 % 2];
        bg_game *g = NULL;
        if (game % 4 == 0) {
            bg_error e = BG_ERROR_INIT;
            ck_assert_int_eq(bg_game_new(&g, bg_variant_find(variant), opt, NULL, &e), BG_OK);
        } else {
            g = random_sparse_game(variant, opt, &x);
        }
        bg_move last[2] = {BG_MOVE_NONE, BG_MOVE_NONE};
        while (bg_game_outcome(g) == BG_ONGOING && bg_game_ply_count(g) < 1000) {
            const bg_position *p = bg_game_position(g);
            const int stm = bg_position_side_to_move(p);
            bg_move m[256];
            const int n = bg_position_legal_moves(p, m, 256);
            ck_assert_int_gt(n, 0);
            bg_move pick = m[xorshift64(&x) % (uint64_t)n];
            if (xorshift64(&x) % 3 == 0) { /* a third of the time, a checking move if there is one */
                int checking = 0;
                for (int i = 0; i < n; i++)
                    if (bg_position_move_flags(p, m[i]) & BG_FLAG_CHECK)
                        m[checking++] = m[i];
                if (checking)
                    pick = m[xorshift64(&x) % (uint64_t)checking];
            }
            const bg_move back = BG_MOVE_MAKE(BG_MOVE_TO(last[stm]), BG_MOVE_FROM(last[stm]));
            if (last[stm] != BG_MOVE_NONE && xorshift64(&x) % 2 && bg_position_is_legal(p, back))
                pick = back;
            ck_assert_int_eq(bg_game_play(g, pick), BG_OK);
            last[stm] = pick;
        }
        if (bg_game_outcome(g) != BG_ONGOING)
            check_ending(g, opt, limit, counts);
        bg_game_free(g);
    }
    /* The shuffling must have reached the rules under test, not only the move limit. */
    ck_assert_int_gt(counts[BG_REASON_REPETITION], 0);
    ck_assert_int_gt(counts[BG_REASON_PERPETUAL_CHECK] + counts[BG_REASON_PERPETUAL_CHASE], 0);
    ck_assert_int_gt(counts[BG_REASON_MOVE_LIMIT], 0);
    printf("# endings:");
    for (int i = 1; i < 32; i++)
        if (counts[i])
            printf(" %s %d", bg_reason_name(i), counts[i]);
    printf("\n");
}
END_TEST

int main(void)
{
    TCase *tc = one_case("xqrules", "adjudication", -1);
    tcase_add_loop_test(tc, scenario_line, 0, SCENARIOS);
    ADD_TESTS(tc, third_occurrence, claims_after_the_deciding_move, flying_general_move_refused,
              option_values, start_position_shuffle, random_shuffling_games);
    return run_cases();
}
