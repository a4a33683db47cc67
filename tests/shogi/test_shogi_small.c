/* Micro shogi (4x5) and Judkins shogi (6x6) by real moves: pieces turning over on capture, drops of either face, the two-rank zone, drop rules, endings, notations and records. */
#include <stdio.h>

#include "shogi_test_util.h"
#include "check_main.h"
#include "fixtures.h"

static bg_game *game(const char *variant, const char *sfen)
{
    bg_game *g = NULL;
    bg_error err = BG_ERROR_INIT;
    bg_status s = sfen ? bg_game_new_from_text(&g, st_variant(variant), sfen, NULL, NULL, 0, NULL,
                                               &err)
                       : bg_game_new(&g, st_variant(variant), NULL, NULL, &err);
    ck_assert_msg(s == BG_OK, "%s: %s", variant, err.message);
    return g;
}

static void play(bg_game *g, const char *text, const char *notation)
{
    ck_assert_msg(bg_game_play_text(g, text, notation, 0) == BG_OK, "%s: %s", text,
                  bg_game_errmsg(g));
}

static void sfen_is(const bg_position *p, const char *want)
{
    char got[128];
    st_sfen(p, got, sizeof got);
    ck_assert_str_eq(got, want);
}

/* The kind of the piece on the USI square (e.g. "4c"), by its variant letter. */
static const char *letter_on(const bg_position *p, const char *usi)
{
    const bg_variant *v = bg_position_variant(p);
    int w = bg_variant_width(v), h = bg_variant_height(v);
    int sq = (h - 1 - (usi[1] - 'a')) * w + (w - (usi[0] - '0'));
    bg_piece pc = bg_position_piece_at(p, sq);
    return pc ? bg_variant_piece_letter(v, BG_PIECE_KIND(pc)) : "";
}

static char *export_game(const bg_game *g, const char *format) { return fx_export(g, format); }

static bg_game *read_back(const char *variant, const char *format, const char *text)
{
    bg_record_reader *r = NULL;
    bg_error err = BG_ERROR_INIT;
    ck_assert_int_eq(bg_record_reader_new(&r, st_variant(variant), format, text, strlen(text), NULL,
                                          NULL, &err),
                     BG_OK);
    bg_game *g = NULL;
    ck_assert_msg(bg_record_reader_next(r, &g, &err) == BG_OK, "%s: %s\n%s", format, err.message,
                  text);
    bg_record_reader_free(r);
    return g;
}

/* ---------- micro shogi ---------- */

START_TEST(micro_catalogue)
{
    const bg_variant *v = st_variant("microshogi");
    fx_expect_facts(v, "width=4; height=5; drops=1; kinds=9; piece.7=silver; letter.7=+L; "
                       "piece.9=gold; start=kb+r+l/p3/4/3P/+L+RBK b - 1");
    /* Seven Kingdoms stays the last game of the catalogue; the small games follow minishogi. */
    ck_assert_ptr_eq(bg_variant_at(9), v);
    ck_assert_ptr_eq(bg_variant_at(10), st_variant("judkinsshogi"));
    bg_position *p = st_pos("microshogi", NULL, NULL);
    /* Sente's first rank from its left: silver, gold, bishop, king; the pawn before the king. */
    ck_assert_str_eq(letter_on(p, "4e"), "+L");
    ck_assert_str_eq(letter_on(p, "3e"), "+R");
    ck_assert_str_eq(letter_on(p, "2e"), "B");
    ck_assert_str_eq(letter_on(p, "1e"), "K");
    ck_assert_str_eq(letter_on(p, "1d"), "P");
    ck_assert_str_eq(letter_on(p, "4a"), "K");
    ck_assert_int_eq(st_count(p), 9);
    bg_position_free(p);
}
END_TEST

/* A bishop takes and becomes a tokin, which takes and becomes a bishop again; the gold it took is a rook in hand. */
START_TEST(micro_turn_over)
{
    bg_game *g = game("microshogi", NULL);
    play(g, "1e2d", "usi");
    play(g, "4b4c", "usi");
    const bg_position *p = bg_game_position(g);
    ck_assert(!st_legal(p, "2e4c"));  /* a capture always turns the piece */
    ck_assert(st_legal(p, "2e3d"));   /* a move that takes nothing never does */
    ck_assert(!st_legal(p, "2e3d+"));
    play(g, "2e4c+", "usi");
    sfen_is(bg_game_position(g), "kb+r+l/4/+B3/2KP/+L+R2 w P 4");
    ck_assert_str_eq(letter_on(bg_game_position(g), "4c"), "+B");
    play(g, "2a3b", "usi");
    /* Back to the base face: written with '-', as Fairy-Stockfish does. */
    p = bg_game_position(g);
    ck_assert(!st_legal(p, "4c3b+"));
    bg_move m;
    ck_assert_int_eq(bg_move_parse(p, "4c3b-", "usi", 0, &m, NULL), BG_OK);
    ck_assert(bg_move_is_promotion(m));
    ck_assert_str_eq(bg_variant_piece_letter(bg_game_variant(g), bg_move_kind(m)), "B");
    char text[32];
    ck_assert_int_gt(bg_move_format(p, m, "japanese", text, sizeof text), 0);
    ck_assert_str_eq(text, "▲3二と");
    ck_assert_int_gt(bg_move_format(p, m, "csa", text, sizeof text), 0);
    ck_assert_str_eq(text, "+4332KA");
    ck_assert_int_gt(bg_move_format(p, m, "western", text, sizeof text), 0);
    ck_assert_str_eq(text, "Tx3b");
    /* No 成 is written: strictly it is an error, leniently it is the capture. */
    bg_error err = BG_ERROR_INIT;
    ck_assert_int_eq(bg_move_parse(p, "▲3二と成", "japanese", 0, &m, &err), BG_E_PARSE);
    ck_assert_int_eq(bg_move_parse(p, "▲3二と成", "japanese", BG_PARSE_LENIENT, &m, NULL), BG_OK);
    ck_assert_int_eq(bg_move_parse(p, "▲3二と不成", "japanese", BG_PARSE_LENIENT, &m, NULL),
                     BG_E_ILLEGAL_MOVE);
    play(g, "▲3二と", "japanese");
    sfen_is(bg_game_position(g), "kb1+l/1B2/4/2KP/+L+R2 w RP 6");
    /* The king takes and stays a king. */
    play(g, "4a3b", "usi");
    ck_assert_str_eq(letter_on(bg_game_position(g), "3b"), "K");
    /* The captured gold drops either face up: as a gold (+R) or a rook (R). */
    p = bg_game_position(g);
    ck_assert(st_legal(p, "R*2c") && st_legal(p, "+R*2c"));
    ck_assert(st_legal(p, "+P*2c")); /* the pawn as a knight */
    play(g, "+R*2c", "usi");
    ck_assert_str_eq(letter_on(bg_game_position(g), "2c"), "+R");
    sfen_is(bg_game_position(g), "1b1+l/1k2/2+R1/2KP/+L+R2 w Pb 8");
    bg_game_free(g);
}
END_TEST

/* Drops have no restrictions: a mating pawn drop, a second pawn on a file, a pawn that cannot move. */
START_TEST(micro_free_drops)
{
    bg_game *g = game("microshogi", "kp2/4/1+R2/4/3K b P 1");
    play(g, "P*4b", "usi");
    ck_assert_int_eq(bg_game_outcome(g), BG_WIN);
    ck_assert_uint_eq(bg_game_winners(g), 1u);
    ck_assert_int_eq(bg_game_reason(g), BG_REASON_CHECKMATE);
    bg_game_free(g);
    bg_position *p = st_pos("microshogi", "k3/4/4/3P/3K b P 1", NULL);
    ck_assert(st_legal(p, "P*1b")); /* the pawn on 1d is on the same file */
    ck_assert(st_legal(p, "P*1a")); /* and a pawn on the last rank is a trapped piece */
    ck_assert(st_legal(p, "+P*1a"));
    st_play(p, "P*1a");
    ck_assert_int_eq(st_count(p), 3); /* gote's king only: the pawn on 1a gives no check */
    bg_position_free(p);
    /* A trapped pawn or knight may stand on the last ranks in a position text too. */
    p = st_pos("microshogi", "k2P/3+P/4/4/3K w - 1", NULL);
    bg_position_free(p);
}
END_TEST

START_TEST(micro_repetition)
{
    bg_game *g = game("microshogi", NULL);
    static const char *const cycle[] = {"1e2d", "4a3b", "2d1e", "3b4a"};
    for (int i = 0; i < 12; i++) {
        ck_assert_int_eq(bg_game_outcome(g), BG_ONGOING);
        play(g, cycle[i % 4], "usi");
    }
    fx_expect_result(g, BG_DRAW, -1, BG_REASON_REPETITION);
    bg_game_free(g);
}
END_TEST

START_TEST(micro_records)
{
    bg_game *g = game("microshogi", NULL);
    static const char *const line[] = {"1e2d", "4b4c", "2e4c+", "2a3b", "4c3b-", "4a3b", "+R*4d",
                                       "1a2b", "3e3d", NULL};
    for (int i = 0; line[i]; i++)
        play(g, line[i], "usi");
    static const char *const formats[] = {"kif", "ki2", "csa"};
    for (int f = 0; f < 3; f++) {
        char *text = export_game(g, formats[f]);
        bg_game *back = read_back("microshogi", formats[f], text);
        fx_same_line(back, g);
        if (f == 0)
            ck_assert_msg(strstr(text, "４四金打") != NULL, "%s", text);
        if (f == 2)
            ck_assert_msg(strstr(text, "+0044KI") != NULL, "%s", text);
        bg_game_free(back);
        free(text);
    }
    bg_game_free(g);
}
END_TEST

/* ---------- Judkins shogi ---------- */

START_TEST(judkins_catalogue)
{
    const bg_variant *v = st_variant("judkinsshogi");
    ck_assert_int_eq(bg_variant_width(v), 6);
    ck_assert_int_eq(bg_variant_height(v), 6);
    ck_assert_str_eq(bg_variant_start_text(v), "rbnsgk/5p/6/6/P5/KGSNBR b - 1");
    bg_position *p = st_pos("judkinsshogi", NULL, NULL);
    static const char *const rank[] = {"6f", "K", "5f", "G", "4f", "S", "3f", "N", "2f", "B",
                                       "1f", "R", "6e", "P"};
    for (int i = 0; i < 14; i += 2)
        ck_assert_str_eq(letter_on(p, rank[i]), rank[i + 1]);
    ck_assert_int_eq(st_count(p), 20);
    bg_position_free(p);
}
END_TEST

/* The zone is the last two ranks: the pawn may promote on entering it, must on the last rank. */
START_TEST(judkins_zone)
{
    bg_game *g = game("judkinsshogi", NULL);
    static const char *const line[] = {"6e6d", "1b1c", "6d6c", "1c1d", NULL};
    for (int i = 0; line[i]; i++)
        play(g, line[i], "usi");
    const bg_position *p = bg_game_position(g);
    ck_assert(st_legal(p, "6c6b") && st_legal(p, "6c6b+"));
    char text[32];
    bg_move m;
    ck_assert_int_eq(bg_move_parse(p, "6c6b", "usi", 0, &m, NULL), BG_OK);
    ck_assert_int_gt(bg_move_format(p, m, "japanese", text, sizeof text), 0);
    ck_assert_str_eq(text, "▲6二歩不成");
    play(g, "6c6b", "usi");
    play(g, "1d1e", "usi");
    p = bg_game_position(g);
    ck_assert(!st_legal(p, "6b6a")); /* 6a holds gote's rook: the capture must promote */
    play(g, "6b6a+", "usi");
    sfen_is(bg_game_position(g), "+Pbnsgk/6/6/6/5p/KGSNBR w R 8");
    bg_game_free(g);
    /* A rank outside the zone: no promotion; a knight's move into the zone always promotes. */
    bg_position *q = st_pos("judkinsshogi", "k5/6/6/3N2/6/5K b - 1", NULL);
    ck_assert(!st_legal(q, "3d4b") && st_legal(q, "3d4b+"));
    bg_position_free(q);
    q = st_pos("judkinsshogi", "k5/2S3/6/6/6/5K b - 1", NULL);
    ck_assert(st_legal(q, "4b5c") && st_legal(q, "4b5c+")); /* leaving the zone */
    bg_position_free(q);
}
END_TEST

START_TEST(judkins_drops)
{
    /* No pawn or knight drop where it could never move, nifu, uchifuzume. */
    bg_position *p = st_pos("judkinsshogi", "k5/6/6/6/6/5K b P 1", NULL);
    ck_assert_int_eq(st_count(p), 29 + 3);
    ck_assert(!st_legal(p, "P*1a"));
    bg_position_free(p);
    p = st_pos("judkinsshogi", "k5/6/6/6/6/5K b N 1", NULL);
    ck_assert(!st_legal(p, "N*1b") && st_legal(p, "N*1c"));
    bg_position_free(p);
    p = st_pos("judkinsshogi", "k5/6/6/6/1P4/5K b P 1", NULL);
    ck_assert(!st_legal(p, "P*5b"));
    bg_position_free(p);
    const char *mate = "kp4/6/1+R4/6/6/5K b P 1";
    p = st_pos("judkinsshogi", mate, NULL);
    ck_assert(!st_legal(p, "P*6b"));
    bg_position_free(p);
    bg_game *g = game("judkinsshogi", "kp4/6/1+R4/6/6/5K b G 1");
    play(g, "G*6b", "usi");
    ck_assert_int_eq(bg_game_outcome(g), BG_WIN);
    ck_assert_int_eq(bg_game_reason(g), BG_REASON_CHECKMATE);
    bg_game_free(g);
}
END_TEST

START_TEST(judkins_records)
{
    bg_game *g = game("judkinsshogi", NULL);
    static const char *const line[] = {"6e6d", "1b1c", "6d6c", "1c1d", "6c6b", "1d1e", "6b6a+",
                                       NULL};
    for (int i = 0; line[i]; i++)
        play(g, line[i], "usi");
    static const char *const formats[] = {"kif", "ki2", "csa"};
    for (int f = 0; f < 3; f++) {
        char *text = export_game(g, formats[f]);
        bg_game *back = read_back("judkinsshogi", formats[f], text);
        ck_assert_int_eq(bg_game_ply_count(back), 7);
        ck_assert_uint_eq(bg_position_hash(bg_game_position(back)),
                          bg_position_hash(bg_game_position(g)));
        if (f == 0)
            ck_assert_msg(strstr(text, "６一歩成(62)") != NULL, "%s", text);
        bg_game_free(back);
        free(text);
    }
    bg_game_free(g);
}
END_TEST

int main(void)
{
    return RUN_TESTS("shogi-small", "small", -1, micro_catalogue, micro_turn_over, micro_free_drops,
                     micro_repetition, micro_records, judkins_catalogue, judkins_zone,
                     judkins_drops, judkins_records);
}
