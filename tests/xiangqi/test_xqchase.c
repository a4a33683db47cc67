/* White-box tests of the chase definition (xiangqi_chase.c) on single positions: what a side threatens, what a move newly threatened. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "xiangqi.h"
#include "check_main.h"

static xq_state parse(int width, const char *fen)
{
    xq_state s;
    bg_error e = BG_ERROR_INIT;
    ck_assert_msg(xq_fen_parse(&s, width, fen, NULL, 0, &e) == BG_OK, "[%s]: %s", fen, e.message);
    return s;
}

/* Points of b in ascending order, "a8 d8" (files a.., ranks 1..10). */
static void names(bb128 b, int width, char *out, size_t cap)
{
    out[0] = 0;
    while (bb_any(b)) {
        const int sq = bb_pop_lsb(&b);
        char one[8];
        snprintf(one, sizeof one, "%s%c%d", out[0] ? " " : "", 'a' + sq % width, sq / width + 1);
        strncat(out, one, cap - strlen(out) - 1);
    }
}

static int square(int width, const char *name)
{
    return (name[0] - 'a') + (atoi(name + 1) - 1) * width;
}

/* Chase targets of `side` in the position. */
static void expect_targets(int width, const char *fen, int side, const char *expected)
{
    xq_state s = parse(width, fen);
    char got[128];
    names(xq_chase_targets(&s, side), width, got, sizeof got);
    ck_assert_msg(strcmp(got, expected) == 0, "[%s] %s threatens '%s', expected '%s'", fen,
                  side ? "black" : "red", got, expected);
}

/* Pieces the uci move (from the position) chased. */
static void expect_move_chases(int width, const char *fen, const char *uci, const char *expected)
{
    xq_state before = parse(width, fen), after = before;
    const int from = square(width, uci);
    const char *to_text = uci + (uci[2] >= '0' && uci[2] <= '9' ? 3 : 2);
    xq_make(&after, BG_MOVE_MAKE(from, square(width, to_text)));
    char got[128];
    names(xq_move_chases(&before, &after), width, got, sizeof got);
    ck_assert_msg(strcmp(got, expected) == 0, "[%s] %s chased '%s', expected '%s'", fen, uci, got,
                  expected);
}

START_TEST(unprotected_and_protected)
{
    /* Chariot b7 on an unprotected cannon b3 (and a null move for the side not to move). */
    expect_targets(9, "5k3/9/9/1R7/9/9/9/1c7/9/4K4 w - - 0 1", XQ_RED, "b3");
    expect_targets(9, "5k3/9/9/1R7/9/9/9/1c7/9/4K4 b - - 0 1", XQ_RED, "b3");
    /* Protected by a chariot on the rank: no chase. */
    expect_targets(9, "5k3/9/9/1R7/9/9/9/1c5r1/9/4K4 w - - 0 1", XQ_RED, "");
    /* Protected by a horse (h on d2 covers b3 through leg c2). */
    expect_targets(9, "5k3/9/9/1R7/9/9/9/1c7/3n5/4K4 w - - 0 1", XQ_RED, "");
    /* ... unless the horse's leg is blocked. */
    expect_targets(9, "5k3/9/9/1R7/9/9/9/1c7/2pn5/4K4 w - - 0 1", XQ_RED, "b3");
}
END_TEST

START_TEST(horse_and_cannon_on_chariot)
{
    /* A horse on a chariot protected by another chariot: still a chase. */
    expect_targets(9, "4k4/3r5/9/9/3r5/9/4N4/9/9/5K3 w - - 0 1", XQ_RED, "d6");
    /* A cannon over a screen on a protected chariot. */
    expect_targets(9, "4k4/3r5/9/9/3r5/9/3p5/9/9/3C1K3 w - - 0 1", XQ_RED, "d6");
    /* A chariot on a chariot protected by an advisor: no. */
    expect_targets(9, "4k4/4a4/3r5/9/9/9/9/9/9/3R1K3 w - - 0 1", XQ_RED, "");
}
END_TEST

START_TEST(offer_to_exchange)
{
    /* Chariot on an unprotected chariot that can take back: an offer to exchange, not a chase. */
    expect_targets(9, "4k4/9/9/1r7/9/9/9/9/1R7/5K3 w - - 0 1", XQ_RED, "");
    /* Horse on an unprotected horse whose leg is blocked (it cannot take back): a chase. */
    expect_targets(9, "4k4/9/9/9/4n4/4p4/3N5/9/9/5K3 w - - 0 1", XQ_RED, "e6");
    /* ... and with the leg free, an exchange offer. */
    expect_targets(9, "4k4/9/9/9/4n4/9/3N5/9/9/5K3 w - - 0 1", XQ_RED, "");
}
END_TEST

START_TEST(generals_and_soldiers)
{
    /* The general's attack on an unprotected cannon does not count. */
    expect_targets(9, "4k4/4a4/9/9/9/9/9/9/4c4/4K4 w - - 0 1", XQ_RED, "");
    /* Nor a soldier's. */
    expect_targets(9, "4k4/9/4c4/4P4/9/9/9/9/9/5K3 w - - 0 1", XQ_RED, "");
    /* The same cannon attacked by a chariot is chased. */
    expect_targets(9, "4k4/9/4c4/9/9/9/9/9/9/4RK3 w - - 0 1", XQ_RED, "e8");
    /* A soldier on its own side of the river is no victim; across the river it is. */
    expect_targets(9, "4k4/9/9/9/2p6/9/9/9/9/2R2K3 w - - 0 1", XQ_RED, "");
    expect_targets(9, "4k4/9/9/9/9/2p6/9/9/9/2R2K3 w - - 0 1", XQ_RED, "c5");
    /* A general is never chased (a check is not a chase). */
    expect_targets(9, "4k4/9/9/9/9/9/9/9/4R4/3K5 b - - 0 1", XQ_RED, "");
}
END_TEST

START_TEST(legality)
{
    /* The protector on e8 is pinned by the chariot on e2: taking back would expose its general. */
    expect_targets(9, "4k4/9/3cr4/9/9/9/9/9/3RR4/5K3 w - - 0 1", XQ_RED, "d8");
    /* Without the pin it protects. */
    expect_targets(9, "4k4/9/3cr4/9/9/9/9/9/3R5/5K3 w - - 0 1", XQ_RED, "");
    /* The general protects the cannon on e9 ... */
    expect_targets(9, "4k4/R3c4/9/9/9/9/9/9/9/3K5 w - - 0 1", XQ_RED, "");
    /* ... unless taking back would face the other general on the open e file. */
    expect_targets(9, "4k4/R3c4/9/9/9/9/9/9/9/4K4 w - - 0 1", XQ_RED, "e9");
    /* A pinned attacker does not attack: the chariot on e3 shields its general from e8. */
    expect_targets(9, "5k3/9/4r4/9/9/9/9/c3R4/9/4K4 w - - 0 1", XQ_RED, "");
    expect_targets(9, "5k3/9/4r4/9/9/9/9/c3R4/9/3K5 w - - 0 1", XQ_RED, "a3");
}
END_TEST

START_TEST(lions)
{
    /* A lion on an unprotected cannon along the diagonal; and as a victim. */
    expect_targets(11, "4k6/11/11/11/3c7/11/11/11/1L9/5K5 w - - 0 1", XQ_RED, "");
    expect_targets(11, "4k6/11/11/11/3c7/11/11/L10/11/5K5 w - - 0 1", XQ_RED, "d6");
    expect_targets(11, "4k6/11/11/3l7/11/11/11/11/11/3R1K5 w - - 0 1", XQ_RED, "d7");
}
END_TEST

START_TEST(new_threats_only)
{
    /* The moved chariot's own new attack. */
    expect_move_chases(9, "5k3/9/9/2c6/9/9/9/9/1R7/4K4 w - - 0 1", "b2c2", "c7");
    /* A chase already in force before the move is not a new one. */
    expect_move_chases(9, "5k3/9/9/2c6/9/9/9/9/2R6/4K4 w - - 0 1", "e1e2", "");
    /* Discovered: the horse leaves the a file; the chariot on a1 now attacks the cannon. */
    expect_move_chases(9, "4k4/9/c8/9/9/9/9/N8/9/R2K5 w - - 0 1", "a3b5", "a8");
    /* A new cannon screen: the horse steps between the cannon on a1 and the horse on a8. */
    expect_move_chases(9, "4k4/9/n8/9/9/9/2N6/9/9/C2K5 w - - 0 1", "c4a5", "a8");
    /* Protection taken away: the soldier blinds the cannon on d10 guarding the soldier on d3. */
    expect_move_chases(9, "3c5/3k5/9/9/4P4/9/9/3p1K3/9/3R5 w - - 0 1", "e6d6", "d3");
    /* A checking move chases nothing, even if it also attacks an unprotected piece. */
    expect_move_chases(9, "c3k4/9/9/9/9/9/9/9/9/1R1K5 w - - 0 1", "b1b10", "");
    expect_move_chases(9, "c3k4/9/9/9/9/9/9/9/9/1R1K5 w - - 0 1", "b1a1", "a10");
    /* Answering a check does not make an old threat new (r g6 on the horse e6 all along). */
    expect_move_chases(9, "R4k3/9/9/9/4N1r2/9/9/3K5/9/1n7 b - - 1 1", "f10f9", "");
}
END_TEST

int main(void)
{
    return RUN_TESTS("xqchase", "chase", -1, unprotected_and_protected, horse_and_cannon_on_chariot,
                     offer_to_exchange, generals_and_soldiers, legality, lions, new_threats_only);
}
