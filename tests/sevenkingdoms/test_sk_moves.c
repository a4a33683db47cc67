/* Seven Kingdoms: catalogue entry, start position, every piece's moves on hand-made positions, alliances, the pass, the players option. */
#include <stdio.h>
#include <string.h>

#include "sk_helpers.h"
#include "check_main.h"
#include "fixtures.h"

#define START                                                                                      \
    "2HzSzBzGzRzSzHz1HySyByGyRySyHy2/3HzSzCzSzHz3HySyCySyHy3/4DzXzDz5DyXyDy3Hi/5Az7Ay3HiSi/"      \
    "5Tz7Ty2DiSiBi/14TiAiXiCiGi/Hq15DiSiRi/SqHq15HiSi/RqSqDq15Hi/GqCqXqAqTq4Z9/BqSqDq15Hw/"        \
    "SqHq15HwSw/Hq15DwSwBw/14TwAwXwCwGw/5Th7Tc2DwSwRw/5Ah7Ac3HwSw/4DhXhDh5DcXcDc3Hw/"             \
    "3HhShChShHh3HcScCcScHc3/2HhShRhGhBhShHh1HcScRcGcBcScHc2 q - - 0 1"

START_TEST(catalogue)
{
    const bg_variant *v = sk();
    static const char *const ids[] = {"qin", "han", "chu", "wei", "qi", "yan", "zhao"};
    ck_assert_int_eq(bg_variant_sides(v), 7);
    for (int i = 0; i < 7; i++) {
        ck_assert_str_eq(bg_variant_side_id(v, i), ids[i]);
        ck_assert_int_eq(bg_variant_side_find(v, ids[i]), i);
    }
    fx_expect_facts(v, "width=19; height=19; kinds=11; piece.5=envoy; piece.11=zhou; pass=1; "
                       "drops=0; notation.0=uci; record.0=skr; option.0=players; start=" START);
    static const char *const letters = "GRBCTDSAXHZ";
    for (int k = 1; k <= 11; k++)
        ck_assert_int_eq(bg_variant_piece_letter(v, k)[0], letters[k - 1]);
    ck_assert_int_le(bg_variant_max_moves(v), 4096);
    ck_assert_int_ge(bg_variant_max_moves(v), 3108);
    ck_assert_uint_le(bg_position_size(v), 8192);
    /* The catalogue order of docs/rules.md: Seven Kingdoms is the last game. */
    ck_assert_ptr_eq(bg_variant_at(bg_variant_count() - 1), v);
}
END_TEST

START_TEST(start_position)
{
    bg_position *p = NULL;
    ck_assert_int_eq(bg_position_new(&p, sk(), NULL, NULL, NULL), BG_OK);
    char buf[1024];
    ck_assert_int_eq(bg_position_text(p, NULL, buf, sizeof buf), (int)strlen(START));
    ck_assert_str_eq(buf, START);
    int per_side[8] = {0}, generals = 0;
    for (int sq = 0; sq < 361; sq++) {
        bg_piece pc = bg_position_piece_at(p, sq);
        if (pc) {
            per_side[BG_PIECE_SIDE(pc)]++;
            generals += BG_PIECE_KIND(pc) == 1;
        }
    }
    for (int k = 0; k < 7; k++)
        ck_assert_int_eq(per_side[k], 17);
    ck_assert_int_eq(per_side[7], 1);
    ck_assert_int_eq(generals, 7);
    ck_assert_int_eq(bg_position_piece_at(p, pt("j10")), BG_PIECE(7, 11));
    ck_assert_int_eq(bg_position_piece_at(p, pt("a10")), BG_PIECE(QIN, 1));
    ck_assert_int_eq(bg_position_piece_at(p, pt("n19")), BG_PIECE(YAN, 1));
    ck_assert_int_eq(bg_position_piece_at(p, pt("e10")), BG_PIECE(QIN, 5));
    ck_assert_int_eq(bg_position_side_to_move(p), QIN);
    ck_assert_int_eq(bg_position_fullmove_number(p), 1);
    ck_assert_int_eq(bg_position_in_check(p), 0);
    /* Perft from the start, cross-checked by tests/sevenkingdoms/reference.py on every run. */
    ck_assert_uint_eq(bg_position_perft(p, 1), 96);
    ck_assert_uint_eq(bg_position_perft(p, 2), 9045);
    ck_assert_uint_eq(bg_position_perft(p, 3), 808832);
    bg_move moves[128];
    uint64_t counts[128], sum = 0;
    int n = bg_position_divide(p, 2, moves, counts, 128);
    ck_assert_int_eq(n, 96);
    for (int i = 0; i < n; i++)
        sum += counts[i];
    ck_assert_uint_eq(sum, 9045);
    bg_position_free(p);
}
END_TEST

START_TEST(sabre_and_sword)
{
    bg_position *p = sk_pos(GENERALS " Dq:e5", "q - - 0 1", NULL);
    check_dests(p, "e5", "d4 d6 f4 f6");
    bg_position_free(p);
    /* Own piece blocks, an enemy is taken, an envoy (行人) cannot be. */
    p = sk_pos(GENERALS " Dq:e5 Sq:d6 Hh:f6 Th:f4", "q - - 0 1", NULL);
    check_dests(p, "e5", "d4 f6");
    bg_position_free(p);
    p = sk_pos(GENERALS " Sq:e5 Sq:a1 Sq:s19 Hw:e6", "q - - 0 1", NULL);
    check_dests(p, "e5", "e4 e6 d5 f5");
    check_dests(p, "a1", "a2 b1");
    check_dests(p, "s19", "s18 r19");
    bg_position_free(p);
}
END_TEST

START_TEST(bow_and_crossbow)
{
    /* 弓: up to four points; an enemy is taken, an own piece or an envoy stops it. */
    bg_position *p = sk_pos(GENERALS " Aq:j5 Xh:j7 Sq:l5 Tc:h7", "q - - 0 1", NULL);
    check_dests(p, "j5",
                "j6 j7  j4 j3 j2 j1  k5  i5 h5 g5 f5  k6 l7 m8 n9  i6  k4 l3 m2 n1  i4 h3 g2 f1");
    bg_position_free(p);
    /* 弩: up to five points; 周 stops it short of j10. */
    p = sk_pos(GENERALS " Xq:j5", "q - - 0 1", NULL);
    check_dests(p, "j5",
                "j6 j7 j8 j9  j4 j3 j2 j1  k5 l5 m5 n5 o5  i5 h5 g5 f5 e5  k6 l7 m8 n9 o10 "
                "i6 h7 g8 f9 e10  k4 l3 m2 n1  i4 h3 g2 f1");
    bg_position_free(p);
}
END_TEST

START_TEST(horse)
{
    bg_position *p = sk_pos(GENERALS " Hq:j5", "q - - 0 1", NULL);
    check_dests(p, "j5",
                "k7 l8 m9 i7 h8 g9  l6 m7 n8 l4 m3 n2  k3 l2 m1 i3 h2 g1  h6 g7 f8 h4 g3 f2");
    bg_position_free(p);
    /* Blocked legs: own piece on the first step, capture ends the diagonal, an own piece or an
       envoy on the diagonal stops it. */
    p = sk_pos(GENERALS " Hq:j5 Sq:j6 Hw:l6 Sq:m3 Tc:k3", "q - - 0 1", NULL);
    check_dests(p, "j5", "l6 l4  i3 h2 g1  h6 g7 f8 h4 g3 f2");
    bg_position_free(p);
    /* 周 blocks the first step; at the edge only the diagonals on the board remain. */
    p = sk_pos(GENERALS " Hq:j11 Hq:a1", "q - - 0 1", NULL);
    check_dests(p, "j11", "k13 l14 m15 i13 h14 g15  l12 m13 n14 l10 m9 n8  h12 g13 f14 h10 g9 f8");
    check_dests(p, "a1", "b3 c4 d5 c2 d3 e4");
    bg_position_free(p);
    /* An enemy piece on the first step blocks too: nothing is jumped. */
    p = sk_pos(GENERALS " Hq:j5 Sh:j6 Sh:k5 Sh:j4 Sh:i5", "q - - 0 1", NULL);
    check_dests(p, "j5", "");
    bg_position_free(p);
}
END_TEST

START_TEST(sliders)
{
    bg_position *p = sk_pos(GENERALS " Rq:j3 Sh:d3", "q - - 0 1", NULL);
    check_dests(p, "j3", "j4 j5 j6 j7 j8 j9  j2 j1  k3 l3 m3 n3 o3 p3 q3 r3 s3  i3 h3 g3 f3 e3 d3");
    bg_position_free(p);
    p = sk_pos(GENERALS " Bq:j3", "q - - 0 1", NULL);
    check_dests(p, "j3",
                "k4 l5 m6 n7 o8 p9 q10 r11 s12  i4 h5 g6 f7 e8 d9 c10 b11 a12  k2 l1  i2 h1");
    bg_position_free(p);
    p = sk_pos(GENERALS, "q - - 0 1", NULL);
    check_dests(p, "a10",
                "a11 a12 a13 a14 a15 a16 a17 a18 a19  a9 a8 a7 a6 a5 a4 a3 a2 a1  "
                "b10 c10 d10 e10 f10 g10 h10 i10  b11 c12 d13 e14 f15 g16 h17 i18 j19  "
                "b9 c8 d7 e6 f5 g4 h3 i2 j1");
    bg_position_free(p);
}
END_TEST

START_TEST(envoy)
{
    /* 行人 moves like a queen and never captures, not even a general. */
    bg_position *p = sk_pos(GENERALS " Tq:j5 Sh:j7", "q - - 0 1", NULL);
    check_dests(p, "j5",
                "j6  j4 j3 j2 j1  k5 l5 m5 n5 o5 p5 q5 r5 s5  i5 h5 g5 f5 e5 d5 c5 b5 a5  "
                "k6 l7 m8 n9 o10 p11 q12 r13  i6 h7 g8 f9 e10 d11 c12 b13 a14  k4 l3 m2  i4 h3 g2");
    bg_position_free(p);
    /* ... and is never captured: a deputy stops in front of it. */
    p = sk_pos(GENERALS " Rh:j3 Tq:j5", "h - - 0 1", NULL);
    check_dests(p, "j3", "j4 j2 j1 k3 l3 m3 n3 o3 p3 q3 r3 s3 i3 h3 g3 f3 e3 d3 c3 b3 a3");
    bg_position_free(p);
}
END_TEST

START_TEST(cannon)
{
    /* Screens: 周 (north), an envoy (east), an own piece (west); an envoy beyond a screen is safe. */
    bg_position *p = sk_pos(GENERALS " Cq:j3 Sy:j14 Tw:m3 Hw:p3 Sq:g3 Th:c3", "q - - 0 1", NULL);
    check_dests(p, "j3", "j4 j5 j6 j7 j8 j9 j14  k3 l3 p3  i3 h3  j2 j1");
    bg_position_free(p);
    /* No capture of an own piece over a screen, and no capture without one. */
    p = sk_pos(GENERALS " Cq:j3 Sq:j5 Dq:j7 Sh:k3 Sh:h3", "q - - 0 1", NULL);
    check_dests(p, "j3", "j4 i3 j2 j1");
    bg_position_free(p);
    /* Exactly one screen: two pieces in between protect the target. */
    p = sk_pos(GENERALS " Cq:j3 Sh:l3 Sh:n3 Sh:p3", "q - - 0 1", NULL);
    check_dests(p, "j3", "j4 j5 j6 j7 j8 j9  j2 j1  k3 n3  i3 h3 g3 f3 e3 d3 c3 b3 a3");
    bg_position_free(p);
}
END_TEST

START_TEST(alliances_block)
{
    /* players=6: 秦 and 韓 are one player; they never capture each other. */
    bg_position *p = sk_pos(GENERALS " Rq:j3 Sh:d3 Cq:j5 Dq:j7 Sh:j9 Hq:m5 Sh:n7", "q - - 0 1",
                            "players=6");
    check_dests(p, "j3", "j4  j2 j1  k3 l3 m3 n3 o3 p3 q3 r3 s3  i3 h3 g3 f3 e3");
    check_dests(p, "j5", "j6  j4  k5 l5  i5 h5 g5 f5 e5 d5 c5 b5 a5");
    check_dests(p, "m5", "l7 k8  o6 p7 q8 o4 p3 q2  n3 o2 p1 l3 k2 j1  k6 k4");
    bg_position_free(p);
}
END_TEST

START_TEST(pass_when_stuck)
{
    /* 秦 cannot move at all: its only legal move is the pass, written as its general's point twice. */
    bg_game *g = sk_game("Gq:a1 Sq:a2 Sq:b1 Dq:b2 Th:a3 Tc:c1 Tw:c3 Gh:f1 Gc:n1 Gw:s6 Gi:s14 "
                         "Gy:n19 Gz:f19",
                         "q - - 0 1", NULL);
    const bg_position *p = bg_game_position(g);
    bg_move moves[8];
    ck_assert_int_eq(bg_position_legal_moves(p, moves, 8), 1);
    ck_assert(bg_move_is_pass(moves[0]));
    ck_assert_int_eq(bg_move_to(moves[0]), pt("a1"));
    ck_assert_uint_eq(bg_position_perft(p, 1), 1);
    char text[16];
    ck_assert_int_eq(bg_move_format(p, moves[0], "uci", text, sizeof text), 4);
    ck_assert_str_eq(text, "a1a1");
    play_all(g, "a1a1");
    ck_assert_int_eq(bg_position_side_to_move(bg_game_position(g)), HAN);
    ck_assert_int_eq(bg_position_halfmove_clock(bg_game_position(g)), 1);
    bg_game_free(g);
    /* A pass is never legal while another move is. */
    bg_position *q = sk_pos(GENERALS, "q - - 0 1", NULL);
    ck_assert(!bg_position_is_legal(q, bg_move_make_pass(pt("a10"))));
    bg_move m;
    ck_assert_int_eq(bg_move_parse(q, "a10a10", "uci", 0, &m, NULL), BG_E_ILLEGAL_MOVE);
    bg_position_free(q);
}
END_TEST

START_TEST(players_option)
{
    static const struct {
        const char *value;
        int players;
        const char *qin_allies; /* kingdoms of 秦's player */
    } cases[] = {
        {"7", 7, "q"},
        {"6", 6, "qh"},
        {"5", 5, "qh"},
        {"4", 4, "qh"},
        {"3", 3, "qhz"},
        {"qin,han,chu,wei,qi,yan,zhao", 7, "q"},
        {"zhao+qin,han+chu+wei,qi,yan;alliances=free", 4, "qz"}, /* not a seed form */
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char opt[96];
        snprintf(opt, sizeof opt, "players=%s", cases[i].value);
        bg_position *p = NULL;
        bg_error e = BG_ERROR_INIT;
        ck_assert_msg(bg_position_new(&p, sk(), opt, NULL, &e) == BG_OK, "%s: %s", opt, e.message);
        bg_position_free(p);
        /* 秦's bow next to each kingdom's sword: allies are not capturable. */
        static const char tags[] = "qhcwiyz";
        char pieces[512];
        snprintf(pieces, sizeof pieces, "%s Aq:j3", GENERALS);
        static const char *const spots[] = {"j2", "j4", "k3", "i3", "j1", "k4", "i2"};
        for (int k = 1; k < 7; k++)
            snprintf(pieces + strlen(pieces), sizeof pieces - strlen(pieces), " S%c:%s", tags[k],
                     spots[k]);
        p = sk_pos(pieces, "q - - 0 1", opt);
        for (int k = 1; k < 7; k++) {
            bg_move m = bg_move_make(pt("j3"), pt(spots[k]), 0);
            int ally = strchr(cases[i].qin_allies, tags[k]) != NULL;
            ck_assert_msg(bg_position_is_legal(p, m) == !ally, "%s: capture of %c", opt, tags[k]);
        }
        bg_position_free(p);
    }
    /* Fewer kingdoms (empty ones) and other groupings: tests/sevenkingdoms/test_sk_players.c. */
    static const char *const bad[] = {
        "players=2", "players=8", "players=qin", "players=zhao+qin,han+chu+wei,qi,yan",
        "players=qin,han,chu,wei,qi,yan,zhao,qin", "players=qin+han+chu+wei,qi+yan+zhao",
        "players=qin,han,chu,wei,qi,yan,zhou", "players=qin,,han,chu,wei,qi,yan,zhao",
        "players=qin,han,chu,wei,qi,yan,zhao,", "players=",
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        bg_position *p = (bg_position *)1;
        bg_error e = BG_ERROR_INIT;
        bg_status s = bg_position_new(&p, sk(), bad[i], NULL, &e);
        if (!strcmp(bad[i], "players=")) {
            /* An empty value is the default: every kingdom its own player. */
            ck_assert_int_eq(s, BG_OK);
            bg_position_free(p);
            continue;
        }
        ck_assert_msg(s == BG_E_UNKNOWN_OPTION, "%s: %d", bad[i], s);
        ck_assert_ptr_null(p);
        ck_assert(strstr(e.message, "players") != NULL);
    }
}
END_TEST

/* The same position gives its moves in the same order whether it was reached by play or read. */
START_TEST(move_order_is_the_positions)
{
    bg_game *g = NULL;
    ck_assert_int_eq(bg_game_new(&g, sk(), NULL, NULL, NULL), BG_OK);
    static bg_move a[4096], b[4096];
    for (int ply = 0; ply < 300 && bg_game_outcome(g) == BG_ONGOING; ply++) {
        const bg_position *p = bg_game_position(g);
        char text[4096];
        ck_assert_int_gt(bg_position_text(p, NULL, text, sizeof text), 0);
        bg_position *q = NULL;
        ck_assert_int_eq(bg_position_from_text(&q, sk(), text, NULL, NULL, 0, NULL, NULL), BG_OK);
        int n = bg_position_legal_moves(p, a, 4096), m = bg_position_legal_moves(q, b, 4096);
        ck_assert_int_eq(n, m);
        ck_assert_msg(memcmp(a, b, (size_t)n * sizeof *a) == 0, "ply %d: another order", ply);
        for (int i = 1; i < n; i++)
            ck_assert(bg_move_from(a[i - 1]) <= bg_move_from(a[i]));
        bg_position_free(q);
        /* Captures first where there are any, so pieces leave the lists and the order churns. */
        int pick = (ply * 7 + 3) % n;
        for (int i = 0; i < n; i++)
            if (bg_position_move_flags(p, a[i]) & BG_FLAG_CAPTURE) {
                pick = i;
                break;
            }
        ck_assert_int_eq(bg_game_play(g, a[pick]), BG_OK);
    }
    bg_game_free(g);
}
END_TEST

int main(void)
{
    return RUN_TESTS("sevenkingdoms-moves", "moves", 120, catalogue, start_position,
                     sabre_and_sword, bow_and_crossbow, horse, sliders, envoy, cannon,
                     alliances_block, pass_when_stuck, players_option, move_order_is_the_positions);
}
