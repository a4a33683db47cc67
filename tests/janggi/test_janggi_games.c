/*
** Janggi games: every ending of every ruleset reached by real move sequences (checkmate, bikjang
** accepted and broken, three checks in a row, double pass, counting with Han's 1.5, repetition,
** perpetual check, the Kakao move repetition, the move limit), bg_game_score, undo and clone of the
** per-ply notes, and .gib records: a real game, round trips, errors with line numbers.
** Usage: test_janggi_games DATA_DIR
*/
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <boardgames/boardgames.h>
#include "common/alloc_util.h"
#include "check_main.h"
#include "xorshift.h"
#include "fixtures.h"

static const char *data_dir;

static const bg_variant *janggi(void) { return fx_variant("janggi"); }
static bg_game *new_game(const char *options, const char *fen)
{
    return fx_game("janggi", fen, options);
}
/* Plays space-separated uci moves; every one must be legal. */
static void play_all(bg_game *g, const char *moves) { fx_play_all(g, moves, "uci"); }

/* A game from the start ending in a double pass after moves, won on the count cho : han (tenths). */
static void expect_count_win(const char *moves, int winner, int cho, int han)
{
    bg_game *g = new_game(NULL, NULL);
    play_all(g, moves);
    fx_expect_result(g, BG_WIN, winner, BG_REASON_DOUBLE_PASS);
    ck_assert_int_eq(bg_game_score(g, 0), cho);
    ck_assert_int_eq(bg_game_score(g, 1), han);
    bg_game_free(g);
}

START_TEST(scores)
{
    bg_game *g = new_game(NULL, NULL);
    ck_assert_int_eq(bg_game_score(g, 0), 720);
    ck_assert_int_eq(bg_game_score(g, 1), 735);
    ck_assert_int_eq(bg_game_score(g, 2), BG_E_INVALID_ARGUMENT);
    ck_assert_int_eq(bg_game_score(NULL, 0), BG_E_INVALID_ARGUMENT);
    play_all(g, "c4c5 c7c6 c5c6");
    ck_assert_int_eq(bg_game_score(g, 1), 715);
    bg_game_free(g);
    bg_game *chess = NULL;
    ck_assert_int_eq(bg_game_new(&chess, bg_variant_find("chess"), NULL, NULL, NULL), BG_OK);
    ck_assert_int_eq(bg_game_score(chess, 0), BG_E_UNSUPPORTED);
    bg_game_free(chess);
}
END_TEST

START_TEST(double_pass)
{
    /* Equal material: Han's 1.5 decides. */
    bg_game *g = new_game(NULL, NULL);
    play_all(g, "e2e2");
    ck_assert_int_eq(bg_game_outcome(g), BG_ONGOING);
    play_all(g, "e9e9");
    fx_expect_result(g, BG_WIN, 1, BG_REASON_DOUBLE_PASS);
    ck_assert_int_eq(bg_game_score(g, 0), 720);
    ck_assert_int_eq(bg_game_score(g, 1), 735);
    ck_assert_int_eq(bg_game_play_text(g, "a1a2", "uci", 0), BG_E_GAME_OVER);
    /* Taking the pass back reopens the game; another move goes on normally. */
    ck_assert_int_eq(bg_game_undo(g), BG_OK);
    ck_assert_int_eq(bg_game_outcome(g), BG_ONGOING);
    play_all(g, "a7a6 e2e2");
    ck_assert_int_eq(bg_game_outcome(g), BG_ONGOING);
    bg_game_free(g);
    /* Cho a soldier up (72 to 71.5): Cho wins the count. */
    expect_count_win("c4c5 c7c6 c5c6 e9e9 e2e2", 0, 720, 715);
    /* A soldier each (70 to 71.5): the bonus gives it to Han. */
    expect_count_win("c4c5 c7c6 c5c6 g7g6 g4g5 g6g5 e2e2 e9e9", 1, 700, 715);
    /* Without counting (traditional, casual) a double pass is a draw. */
    const char *no_count[] = {"ruleset=traditional", "ruleset=casual"};
    for (int i = 0; i < 2; i++) {
        g = new_game(no_count[i], NULL);
        play_all(g, "e2e2 e9e9");
        fx_expect_result(g, BG_DRAW, 0, BG_REASON_DOUBLE_PASS);
        bg_game_free(g);
    }
}
END_TEST

START_TEST(bikjang)
{
    /*
    ** Han opens the e-file: the generals face each other. The seed's rule: Cho may play
    ** anything, and every reply but the general stepping off the file ends the game by counting —
    ** a pass, another move, a block (the soldier back to e4), the general along the file.
    */
    const char *replies[] = {"e2e2", "a4a5", "d4e4", "e2e3"};
    for (int i = 0; i < 4; i++) {
        bg_game *g = new_game("ruleset=seed", NULL);
        play_all(g, "e4d4 e7d7");
        play_all(g, replies[i]);
        fx_expect_result(g, BG_WIN, 1, BG_REASON_BIKJANG);
        ck_assert_int_eq(bg_game_play_text(g, "e9e9", "uci", 0), BG_E_GAME_OVER);
        bg_game_free(g);
    }
    bg_game *g = new_game(NULL, NULL);
    play_all(g, "e4d4 e7d7 e2d2");
    ck_assert_int_eq(bg_game_outcome(g), BG_ONGOING);
    play_all(g, "a7a6");
    ck_assert_int_eq(bg_game_outcome(g), BG_ONGOING);
    bg_game_free(g);

    /* Fairy-Stockfish's rule (tournament): Cho may not play on, only break or pass. */
    g = new_game("ruleset=tournament", NULL);
    play_all(g, "e4d4 e7d7");
    ck_assert_int_eq(bg_game_play_text(g, "a4a5", "uci", 0), BG_E_ILLEGAL_MOVE);
    bg_game *broken = NULL;
    ck_assert_int_eq(bg_game_clone(&broken, g), BG_OK);
    play_all(g, "e2e2");
    fx_expect_result(g, BG_WIN, 1, BG_REASON_BIKJANG);
    ck_assert_int_eq(bg_game_score(g, 0), 720);
    ck_assert_int_eq(bg_game_score(g, 1), 735);
    /* Broken by putting a piece back on the file: the game goes on. */
    play_all(broken, "d4e4 d7e7");
    ck_assert_int_eq(bg_game_outcome(broken), BG_ONGOING);
    /* Broken by the general stepping off the file. */
    play_all(broken, "e4d4 e7d7 e2d2");
    ck_assert_int_eq(bg_game_outcome(broken), BG_ONGOING);
    bg_game_free(broken);
    bg_game_free(g);
    /* Traditional: bikjang is a draw; tournament: counted. */
    g = new_game("ruleset=traditional", NULL);
    play_all(g, "e4d4 e7d7 e2e2");
    fx_expect_result(g, BG_DRAW, 0, BG_REASON_BIKJANG);
    bg_game_free(g);
    g = new_game("ruleset=tournament", NULL);
    play_all(g, "c4c5 c7c6 c5c6 e7d7 e4d4");
    ck_assert_int_eq(bg_game_play_text(g, "a7a6", "uci", 0), BG_E_ILLEGAL_MOVE);
    play_all(g, "e9e9");
    fx_expect_result(g, BG_WIN, 0, BG_REASON_BIKJANG);
    bg_game_free(g);
    /* Modern and casual do not know bikjang: play on, passing is an ordinary pass. */
    g = new_game("ruleset=modern", NULL);
    play_all(g, "e4d4 e7d7 a4a5 a7a6 e2e2");
    ck_assert_int_eq(bg_game_outcome(g), BG_ONGOING);
    bg_game_free(g);
}
END_TEST

START_TEST(three_checks)
{
    /* Cho's chariot checks three times in a row (a9, a8, a9): counted, Cho 13 to 1.5. */
    const char *fen = "9/4k4/9/9/9/9/9/9/3K5/R8 w - - 0 1";
    bg_game *g = new_game(NULL, fen);
    play_all(g, "a1a9 e9e8 a9a8 e8e9");
    ck_assert_int_eq(bg_game_outcome(g), BG_ONGOING);
    bg_game *clone = NULL;
    ck_assert_int_eq(bg_game_clone(&clone, g), BG_OK);
    play_all(g, "a8a9");
    fx_expect_result(g, BG_WIN, 0, BG_REASON_PERPETUAL_CHECK);
    ck_assert_int_eq(bg_game_score(g, 0), 130);
    ck_assert_int_eq(bg_game_score(g, 1), 15);
    /* The clone kept the notes of the first two checks. */
    play_all(clone, "a8a9");
    fx_expect_result(clone, BG_WIN, 0, BG_REASON_PERPETUAL_CHECK);
    /* Undo and a quiet move instead: the series is broken. */
    ck_assert_int_eq(bg_game_undo(clone), BG_OK);
    play_all(clone, "a8b8 e9f9 b8b9 f9f8 b9b8");
    ck_assert_int_eq(bg_game_outcome(clone), BG_ONGOING);
    bg_game_free(clone);
    bg_game_free(g);
    /* Two chariots taking turns: no single piece checked three times. */
    g = new_game(NULL, "4ka3/9/9/9/9/9/9/9/3K5/R7R w - - 0 1");
    play_all(g, "a1a10 e10e9 i1i9 f10f9 a10a9");
    ck_assert(bg_position_in_check(bg_game_position(g)));
    ck_assert_int_eq(bg_game_outcome(g), BG_ONGOING);
    bg_game_free(g);
    /* Other rulesets have no three-check rule. */
    g = new_game("ruleset=tournament", fen);
    play_all(g, "a1a9 e9e8 a9a8 e8e9 a8a9");
    ck_assert_int_eq(bg_game_outcome(g), BG_ONGOING); /* no three-check rule outside seed */
    bg_game_free(g);
}
END_TEST

START_TEST(repetition)
{
    /* Tournament: the chariot checks through the whole cycle (threefold): Cho loses. */
    const char *fen = "9/4k4/9/9/9/9/9/9/3K5/R8 w - - 0 1";
    bg_game *g = new_game("ruleset=tournament", fen);
    play_all(g, "a1a9 e9e8 a9a8 e8e9 a8a9 e9e8 a9a8 e8e9");
    ck_assert_int_eq(bg_game_outcome(g), BG_ONGOING);
    play_all(g, "a8a9");
    fx_expect_result(g, BG_WIN, 1, BG_REASON_PERPETUAL_CHECK);
    bg_game_free(g);
    /* Quiet shuttling on both sides: threefold is counted (tournament) or drawn (casual). */
    const char *shuttle = "a1a2 a10a9 a2a1 a9a10 a1a2 a10a9 a2a1 a9a10";
    g = new_game("ruleset=tournament", NULL);
    play_all(g, shuttle);
    fx_expect_result(g, BG_WIN, 1, BG_REASON_REPETITION);
    bg_game_free(g);
    g = new_game("ruleset=casual", NULL);
    play_all(g, shuttle);
    fx_expect_result(g, BG_DRAW, 0, BG_REASON_REPETITION);
    bg_game_free(g);
    g = new_game(NULL, NULL); /* the seed has no repetition rule */
    play_all(g, shuttle);
    ck_assert_int_eq(bg_game_outcome(g), BG_ONGOING);
    bg_game_free(g);
    /* Modern: the side shuttling one piece (A-B-A-B-A after arriving on A) loses at once. */
    g = new_game("ruleset=modern", NULL);
    play_all(g, "a1a2 i10i9 a2a3 i9i8 a3a2 i8i9 a2a3 i9i8");
    ck_assert_int_eq(bg_game_outcome(g), BG_ONGOING);
    play_all(g, "a3a2");
    fx_expect_result(g, BG_WIN, 1, BG_REASON_REPETITION);
    bg_game_free(g);
}
END_TEST

/* Plays quiet moves that never repeat a position until the game ends; returns the plies. */
static int play_quietly(bg_game *g, int limit)
{
    uint64_t seen[512];
    int nseen = 0;
    seen[nseen++] = bg_position_hash(bg_game_position(g));
    while (bg_game_outcome(g) == BG_ONGOING && bg_game_ply_count(g) < limit) {
        const bg_position *pos = bg_game_position(g);
        bg_move moves[256];
        int n = bg_position_legal_moves(pos, moves, 256), played = 0;
        for (int i = 0; i < n && !played; i++) {
            if (bg_move_is_pass(moves[i]) || bg_position_move_flags(pos, moves[i]))
                continue;
            bg_position *after = NULL;
            ck_assert_int_eq(bg_position_clone(&after, pos), BG_OK);
            bg_position_play(after, moves[i]);
            uint64_t h = bg_position_hash(after);
            bg_position_free(after);
            int fresh = 1;
            for (int k = 0; k < nseen; k++)
                fresh &= seen[k] != h;
            if (!fresh)
                continue;
            ck_assert_int_eq(bg_game_play(g, moves[i]), BG_OK);
            ck_assert_int_lt(nseen, 512);
            seen[nseen++] = h;
            played = 1;
        }
        ck_assert_msg(played, "no fresh quiet move at ply %d", bg_game_ply_count(g));
    }
    return bg_game_ply_count(g);
}

START_TEST(move_limit)
{
    bg_game *g = new_game("ruleset=tournament", NULL);
    ck_assert_int_eq(play_quietly(g, 400), 100);
    fx_expect_result(g, BG_WIN, 1, BG_REASON_MOVE_LIMIT);
    bg_game_free(g);
    g = new_game("ruleset=casual", NULL);
    ck_assert_int_eq(play_quietly(g, 400), 100);
    fx_expect_result(g, BG_DRAW, 0, BG_REASON_MOVE_LIMIT);
    bg_game_free(g);
    g = new_game("ruleset=modern", NULL);
    ck_assert_int_eq(play_quietly(g, 400), 200);
    fx_expect_result(g, BG_WIN, 1, BG_REASON_MOVE_LIMIT);
    bg_game_free(g);
    g = new_game(NULL, NULL);
    ck_assert_int_eq(play_quietly(g, 250), 250);
    ck_assert_int_eq(bg_game_outcome(g), BG_ONGOING);
    bg_game_free(g);
}
END_TEST

START_TEST(checkmate_and_resign)
{
    /* Chariot mate on the back rank. */
    bg_game *g = new_game(NULL, "3k5/R8/9/9/9/9/9/9/9/4K2R1 w - - 0 1");
    play_all(g, "h1h10");
    fx_expect_result(g, BG_WIN, 0, BG_REASON_CHECKMATE);
    ck_assert_uint_eq(bg_game_claims(g), 0);
    bg_game_free(g);
    g = new_game(NULL, NULL);
    ck_assert_int_eq(bg_game_resign(g, 0), BG_OK);
    fx_expect_result(g, BG_WIN, 1, BG_REASON_RESIGNATION);
    bg_game_free(g);
}
END_TEST

static char *read_file(const char *name, size_t *len)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", data_dir, name);
    FILE *f = fopen(path, "rb");
    ck_assert_msg(f != NULL, "cannot open %s", path);
    char *buf = malloc(1 << 20);
    ck_assert(buf != NULL);
    *len = fread(buf, 1, (1 << 20) - 1, f);
    buf[*len] = 0;
    fclose(f);
    return buf;
}

static bg_game *read_one(const char *text, size_t len, const char *options, bg_error *e)
{
    bg_record_reader *r = NULL;
    bg_game *g = NULL;
    ck_assert_int_eq(bg_record_reader_new(&r, janggi(), "gib", text, len, options, NULL, e), BG_OK);
    bg_status s = bg_record_reader_next(r, &g, e);
    bg_record_reader_free(r);
    return s == BG_OK ? g : NULL;
}

static char *export_gib(const bg_game *g) { return fx_export(g, "gib"); }

START_TEST(gib_real_game)
{
    size_t len;
    char *text = read_file("real.gib", &len);
    bg_error e = BG_ERROR_INIT;
    bg_game *g = read_one(text, len, NULL, &e);
    ck_assert_msg(g != NULL, "%s", e.message);
    ck_assert_int_eq(bg_game_ply_count(g), 73);
    ck_assert_str_eq(bg_game_tag(g, "초대국자"), "하여명");
    ck_assert_str_eq(bg_game_tag(g, "대국결과"), "초 완승");
    ck_assert_int_eq(bg_game_outcome(g), BG_ONGOING); /* Han resigned: the record says so */
    char fen[128];
    bg_position_text(bg_game_start_position(g), NULL, fen, sizeof fen);
    ck_assert_str_eq(fen, "rbna1abnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RBNA1ABNR w - - 0 1");
    /* The export writes the same moves, suffixes included, and reads back to the same game. */
    char *out = export_gib(g);
    ck_assert_msg(strstr(out, "13. 74상42병 14. 44상72졸") != NULL, "%s", out);
    ck_assert_msg(strstr(out, "62. 85포55장군") != NULL, "%s", out);
    ck_assert_msg(strstr(out, "[총수 \"73\"]") && strstr(out, "[한차림 \"상마상마\"]"), "%s", out);
    bg_game *back = read_one(out, strlen(out), NULL, &e);
    ck_assert_msg(back != NULL, "%s", e.message);
    ck_assert_int_eq(bg_game_ply_count(back), 73);
    fx_same_line(back, g);
    char *again = export_gib(back);
    ck_assert_str_eq(again, out);
    free(again);
    free(out);
    bg_game_free(back);
    bg_game_free(g);
    free(text);
}
END_TEST

START_TEST(gib_round_trips)
{
    /* A game with passes, a counted result and a setup: export, import, export again. */
    bg_game *g = new_game("setup=RBNA1ANBR/rnba1anbr", NULL);
    bg_game_set_tag(g, "초대국자", "Kim \"Cho\"");
    play_all(g, "c4c5 c7c6 c5c6 e9e9 e2e2");
    fx_expect_result(g, BG_WIN, 0, BG_REASON_DOUBLE_PASS);
    bg_game_set_comment(g, 3, "first blood");
    char *out = export_gib(g);
    ck_assert_msg(strstr(out, "[초차림 \"상마마상\"]\n[한차림 \"마상마상\"]") != NULL, "%s", out);
    ck_assert_msg(strstr(out, "[대국결과 \"초 판정승\"]") != NULL, "%s", out);
    ck_assert_msg(strstr(out, "4. 한수쉼 5. 한수쉼") != NULL, "%s", out);
    ck_assert_msg(strstr(out, "[초대국자 \"Kim \\\"Cho\\\"\"]") != NULL, "%s", out);
    bg_error e = BG_ERROR_INIT;
    bg_game *back = read_one(out, strlen(out), NULL, &e);
    ck_assert_msg(back != NULL, "%s", e.message);
    fx_expect_result(back, BG_WIN, 0, BG_REASON_DOUBLE_PASS);
    ck_assert_str_eq(bg_game_tag(back, "초대국자"), "Kim \"Cho\"");
    ck_assert_str_eq(bg_game_comment(back, 3), "first blood");
    char *again = export_gib(back);
    ck_assert_str_eq(again, out);
    free(again);
    free(out);
    bg_game_free(back);
    bg_game_free(g);
    /* A start that is none of the 16 setups travels as a FEN header. */
    g = new_game(NULL, "4k4/9/9/9/9/9/9/9/4A4/R2K5 w - - 0 1");
    play_all(g, "a1a10");
    out = export_gib(g);
    ck_assert_msg(strstr(out, "[FEN \"4k4/9/9/9/9/9/9/9/4A4/R2K5 w - - 0 1\"]") != NULL, "%s", out);
    back = read_one(out, strlen(out), NULL, &e);
    ck_assert_msg(back != NULL, "%s", e.message);
    ck_assert_uint_eq(bg_game_move_at(back, 0), bg_game_move_at(g, 0));
    free(out);
    bg_game_free(back);
    bg_game_free(g);
}
END_TEST

START_TEST(gib_errors)
{
    static const struct {
        const char *text;
        bg_status code;
        int line, ply;
        const char *says;
    } cases[] = {
        {"[초차림 \"마상상마\"]\n[한차림 \"마상상마\"]\n\n1. 79졸78 2. 49병48\n3. 09차07\n", BG_E_ILLEGAL_MOVE, 5, 3,
         "not legal"},
        {"[초차림 \"마상상마\"]\n\n1. 79졸78 3. 49병48\n", BG_E_PARSE, 3, 2, "move number 3, expected 2"},
        {"[초차림 \"마마상상\"]\n\n1. 79졸78\n", BG_E_PARSE, 1, 0, "not one of"},
        {"[초차림 \"마상상마]\n\n1. 79졸78\n", BG_E_PARSE, 1, 0, "closing"},
        {"[초차림 \"마상상마\"]\n\n1. 79졸78 2. 49X48\n", BG_E_PARSE, 3, 2, "piece name"},
        /* EUC-KR (CP949) text is decoded: the header is read and its value refused. */
        {"[\xc3\xca\xc2\xf7\xb8\xb2 \"x\"]\n\n1. 79\xc1\xb9" "78\n", BG_E_PARSE, 1, 0, "not one of"},
        /* 0x80 starts no character of UTF-8 or CP949. */
        {"[초차림 \"마상상마\"]\n\n1. 79졸78 \x80\x80\n", BG_E_ENCODING, 3, 0, "neither UTF-8 nor EUC-KR"},
        {"[FEN \"4k4/9/9/9/9/9/9/9/9/R3K5 w - - 0 1\"]\n\n1. a1a2\n", BG_E_PARSE, 1, 0, "header FEN"},
        /* A move after a checkmate (FEN: Cho mates with 09차19). */
        {"[FEN \"3k5/R8/9/9/9/9/9/9/4K4/8R w - - 0 1\"]\n\n1. 09차19\n2. 14장15\n", BG_E_GAME_OVER, 4, 2,
         "after the end of the game (checkmate)"},
        /* The side mark must name the side to move. */
        {"[초차림 \"마상상마\"]\n\n1. 79한졸78\n", BG_E_ILLEGAL_MOVE, 3, 1, "side mark names Han"},
        {"[초차림 \"마상상마\"]\n\n<3> 1. 79졸78\n", BG_E_PARSE, 3, 1, "before the first move"},
        {"[판 \"차마상사1사상마차/4장\"]\n\n1. 79졸78\n", BG_E_PARSE, 1, 0, "header 판: expected 10 ranks"},
        {"[판 \"차마상사1사상마차/4장/1포5포/졸1졸1졸1졸1졸///兵1兵1兵1兵1兵/1包5包/4將/車馬象士1士象馬車 X\"]\n\n1. 79졸78\n",
         BG_E_PARSE, 1, 0, "header 판: expected the side"},
        {"[판 \"차마상사1사상마차차/4장/1포5포/졸1졸1졸1졸1졸///兵1兵1兵1兵1兵/1包5包/4將/車馬象士1士象馬車\"]\n\n1. 79졸78\n",
         BG_E_PARSE, 1, 0, "more than 9 points"},
        {"[판 \"차마상사1사상마X/4장/1포5포/졸1졸1졸1졸1졸///兵1兵1兵1兵1兵/1包5包/4將/車馬象士1士象馬車\"]\n\n1. 79졸78\n",
         BG_E_PARSE, 1, 0, "a piece name or a digit"},
        {"[초차림 \"마상상마\"]\n\n1. 79졸78 {never closed\n", BG_E_PARSE, 3, 0, "never closed"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        bg_error e = BG_ERROR_INIT;
        bg_game *g = read_one(cases[i].text, strlen(cases[i].text), NULL, &e);
        ck_assert_msg(g == NULL, "case %zu read", i);
        ck_assert_msg(e.code == cases[i].code, "case %zu: code %d (%s)", i, e.code, e.message);
        ck_assert_msg(e.line == cases[i].line, "case %zu: line %d (%s)", i, e.line, e.message);
        ck_assert_msg(e.ply == cases[i].ply, "case %zu: ply %d (%s)", i, e.ply, e.message);
        ck_assert_msg(strstr(e.message, cases[i].says) != NULL, "case %zu: %s", i, e.message);
        ck_assert_int_eq(e.game_index, 0);
    }
    /*
    ** A record may play on past a repetition (the arbiter let it): the ending is taken back and
    ** the game judged again, whether the repetition drew (casual) or lost (tournament).
    */
    const char *shuttle = "1. 01차91 2. 11차21 3. 91차01 4. 21차11 5. 01차91 6. 11차21 7. 91차01 8. 21차11\n"
                          "9. 79졸78\n";
    const char *rulesets[] = {"ruleset=casual", "ruleset=tournament"};
    for (int k = 0; k < 2; k++) {
        bg_record_reader *rr = NULL;
        bg_game *gg = NULL;
        bg_error ee = BG_ERROR_INIT;
        ck_assert_int_eq(bg_record_reader_new(&rr, janggi(), "gib", shuttle, strlen(shuttle),
                                              rulesets[k], NULL, &ee), BG_OK);
        ck_assert_msg(bg_record_reader_next(rr, &gg, &ee) == BG_OK, "%s: %s", rulesets[k],
                      ee.message);
        ck_assert_int_eq(bg_game_ply_count(gg), 9);
        fx_expect_result(gg, BG_ONGOING, 0, BG_REASON_NONE);
        bg_game_free(gg);
        bg_record_reader_free(rr);
        /* The same moves played one by one stop at the repetition. */
        bg_game *live = new_game(rulesets[k], NULL);
        play_all(live, "a1a2 i10i9 a2a1 i9i10 a1a2 i10i9 a2a1 i9i10");
        ck_assert_int_ne(bg_game_outcome(live), BG_ONGOING);
        ck_assert_int_eq(bg_game_reason(live), BG_REASON_REPETITION);
        bg_game_free(live);
    }
    /*
    ** A record may also go on past a double pass (the draw offer refused): the ending is taken
    ** back and play goes on; it stops unfinished, so the game is ongoing. Undo judges the
    ** position taken back to again: after the two passes, the game is over there.
    */
    {
        const char *passes = "[초차림 \"마상상마\"]\n\n1. 79졸78 2. 한수쉼 3. 한수쉼 4. 49병48\n";
        bg_error ee = BG_ERROR_INIT;
        bg_game *gg = read_one(passes, strlen(passes), NULL, &ee);
        ck_assert_msg(gg != NULL, "%s", ee.message);
        ck_assert_int_eq(bg_game_ply_count(gg), 4);
        fx_expect_result(gg, BG_ONGOING, 0, BG_REASON_NONE);
        const bg_move m4 = bg_game_move_at(gg, 3);
        ck_assert_int_eq(bg_game_undo(gg), BG_OK);
        fx_expect_result(gg, BG_WIN, 1, BG_REASON_DOUBLE_PASS); /* counted: 73.5 to 72 */
        bg_move buf[256];
        ck_assert_int_eq(bg_position_legal_moves(bg_game_position(gg), buf, 256), 0);
        ck_assert_int_eq(bg_game_play(gg, m4), BG_E_GAME_OVER);
        /* The public record call takes the ending back too; a move it cannot play keeps it. */
        ck_assert_int_eq(bg_game_play_record(gg, BG_MOVE_NONE), BG_E_ILLEGAL_MOVE);
        fx_expect_result(gg, BG_WIN, 1, BG_REASON_DOUBLE_PASS);
        ck_assert_int_eq(bg_position_legal_moves(bg_game_position(gg), buf, 256), 0);
        ck_assert_int_eq(bg_game_play_record(gg, m4), BG_OK);
        ck_assert_int_eq(bg_game_ply_count(gg), 4);
        fx_expect_result(gg, BG_ONGOING, 0, BG_REASON_NONE);
        bg_game_free(gg);
        /* With a result of its own, the record's ending is the game's: Han's resignation. */
        const char *own = "[초차림 \"마상상마\"]\n[대국결과 \"초 시간승\"]\n\n1. 79졸78 2. 한수쉼 3. 한수쉼 4. 49병48\n";
        gg = read_one(own, strlen(own), NULL, &ee);
        ck_assert_msg(gg != NULL, "%s", ee.message);
        fx_expect_result(gg, BG_WIN, 0, BG_REASON_RESIGNATION);
        char *out = export_gib(gg);
        ck_assert_msg(strstr(out, "[대국결과 \"초 시간승\"]") != NULL, "%s", out); /* its words */
        free(out);
        bg_game_free(gg);
        /* A record that stops at the ending it reached keeps that ending, whatever it says. */
        const char *stops = "[초차림 \"마상상마\"]\n[대국결과 \"초 시간승\"]\n\n1. 79졸78 2. 한수쉼 3. 한수쉼\n";
        gg = read_one(stops, strlen(stops), NULL, &ee);
        ck_assert_msg(gg != NULL, "%s", ee.message);
        fx_expect_result(gg, BG_WIN, 1, BG_REASON_DOUBLE_PASS);
        out = export_gib(gg);
        ck_assert_msg(strstr(out, "[대국결과 \"한 판정승\"]") != NULL, "%s", out);
        free(out);
        bg_game_free(gg);
    }
    /* Several games: a bad one is skipped with its line, the next one reads, then the end. */
    const char *file = "[초차림 \"마상상마\"]\n\n1. 79졸78 2. 49병48\n\n"
                       "[초차림 \"마상상마\"]\n[한차림 \"상마상마\"]\n\n1. 79졸78 2. 12마33\n\n"
                       "[대회명 \"셋째\"]\n\n1. 02馬83 2. 12馬33\n";
    bg_record_reader *r = fx_reader("janggi", "gib", file, strlen(file), 0);
    bg_game_free(fx_next_plies(r, 2));
    ck_assert_int_eq(fx_next_error(r, BG_E_ILLEGAL_MOVE, 1, 8).ply, 2);
    bg_game *g = fx_next_plies(r, 2);
    ck_assert_str_eq(bg_game_tag(g, "대회명"), "셋째");
    bg_game_free(g);
    fx_next_fails(r, BG_E_END);
    bg_record_reader_free(r);
}
END_TEST

/* Mutated records and move texts: every call returns a status, nothing crashes or hangs. */
START_TEST(mutations)
{
    size_t len;
    char *text = read_file("real.gib", &len);
    char *buf = malloc(len + 64);
    uint64_t rng = 0x9e3779b97f4a7c15ULL;
    static const char *const pieces[] = {"1", "0", "9", " ", ".", "졸", "병", "장군", "한수쉼", "[",
                                         "\"", "]", "\n", "{", "}", "馬", "\xc3", "\x80"};
    int games = 0, errors = 0;
    for (int round = 0; round < 1500; round++) {
        memcpy(buf, text, len + 1);
        size_t n = len;
        for (int k = 0, edits = 1 + (int)(xorshift64(&rng) % 4); k < edits; k++) {
            size_t at = xorshift64(&rng) % n;
            switch (xorshift64(&rng) % 3) {
            case 0: /* overwrite a byte */
                buf[at] = (char)(xorshift64(&rng) & 0xff);
                break;
            case 1: /* cut a range */
            {
                size_t cut = xorshift64(&rng) % 24;
                if (at + cut > n)
                    cut = n - at;
                memmove(buf + at, buf + at + cut, n - at - cut + 1);
                n -= cut;
                break;
            }
            default: /* insert a token */
            {
                const char *t = pieces[xorshift64(&rng) % (sizeof pieces / sizeof pieces[0])];
                size_t tl = strlen(t);
                if (n + tl < len + 60) {
                    memmove(buf + at + tl, buf + at, n - at + 1);
                    memcpy(buf + at, t, tl);
                    n += tl;
                }
            }
            }
            if (n == 0)
                break;
        }
        bg_record_reader *r = NULL;
        bg_error e = BG_ERROR_INIT;
        ck_assert_int_eq(bg_record_reader_new(&r, janggi(), "gib", buf, n, NULL, NULL, &e), BG_OK);
        for (int calls = 0;; calls++) {
            ck_assert_int_lt(calls, 64);
            bg_game *g = NULL;
            bg_status st = bg_record_reader_next(r, &g, &e);
            if (st == BG_E_END)
                break;
            if (st == BG_OK) {
                games++;
                char out[8192];
                ck_assert_int_gt(bg_game_export(g, "gib", out, sizeof out), 0);
                bg_game_free(g);
            } else {
                errors++;
                ck_assert_ptr_null(g);
                ck_assert_msg(e.message[0] && e.line > 0, "status %d without a located message", st);
            }
        }
        bg_record_reader_free(r);
        /* The same bytes as one move text. */
        bg_position *pos = NULL;
        ck_assert_int_eq(bg_position_new(&pos, janggi(), NULL, NULL, NULL), BG_OK);
        bg_move m;
        buf[n < 24 ? n : 24] = 0;
        bg_move_parse(pos, buf + (xorshift64(&rng) % 8), "korean", (unsigned)(xorshift64(&rng) & 1), &m, &e);
        bg_position_free(pos);
    }
    printf("# mutations: %d games read, %d errors reported\n", games, errors);
    ck_assert_int_gt(games, 0);
    ck_assert_int_gt(errors, 0);
    free(buf);
    free(text);
}
END_TEST

/* ---------- allocation failures ---------- */

/*
** Read every game of a file, clone, play on and export each, with the fail_at-th allocation
** failing: the failing call reports BG_E_NO_MEMORY, the rest goes on, and nothing leaks.
*/
static long walk_once(au_counter *c, long fail_at, const char *file, size_t len, int *games)
{
    bg_allocator alloc = BG_ALLOCATOR_INIT(au_alloc, c);
    bg_record_reader *r = NULL;
    bg_error e = BG_ERROR_INIT;
    c->requests = 0;
    c->fail_at = fail_at;
    c->refused = 0;
    *games = 0;
    bg_status s = bg_record_reader_new(&r, janggi(), "gib", file, len, "ruleset=tournament", &alloc, &e);
    if (s != BG_OK) {
        ck_assert_int_eq(s, BG_E_NO_MEMORY);
        ck_assert_int_eq(c->live_blocks, 0);
        return c->refused;
    }
    for (;;) {
        bg_game *g = NULL, *copy = NULL;
        long before = c->refused;
        s = bg_record_reader_next(r, &g, &e);
        if (s == BG_E_END)
            break;
        if (c->refused != before) {
            ck_assert_msg(s == BG_E_NO_MEMORY, "reading: %d (%s)", s, e.message);
            ck_assert_ptr_null(g);
            continue;
        }
        ck_assert_msg(s == BG_OK, "%s", e.message);
        (*games)++;
        before = c->refused;
        s = bg_game_clone(&copy, g);
        ck_assert(s == BG_OK || (s == BG_E_NO_MEMORY && c->refused != before && copy == NULL));
        bg_game *target = copy ? copy : g;
        if (bg_game_outcome(target) == BG_ONGOING && bg_position_legal_moves(bg_game_position(target), NULL, 0)) {
            bg_move m;
            bg_position_legal_moves(bg_game_position(target), &m, 1);
            before = c->refused;
            s = bg_game_play(target, m);
            ck_assert(s == BG_OK || (s == BG_E_NO_MEMORY && c->refused != before));
        }
        char out[8192];
        ck_assert_int_gt(bg_game_export(target, "gib", out, sizeof out), 0);
        bg_game_free(copy);
        bg_game_free(g);
    }
    bg_record_reader_free(r);
    ck_assert_int_eq(c->live_blocks, 0);
    return c->refused;
}

START_TEST(allocation_failure_walk)
{
    size_t len;
    char *text = read_file("real.gib", &len);
    /* Two games: the real one (73 plies: the history grows three times) and a short one. */
    const char *extra = "\n[초차림 \"마상마상\"]\n{start}\n1. 79졸78 {a comment} 2. 한수쉼\n";
    memcpy(text + len, extra, strlen(extra) + 1);
    len += strlen(extra);
    au_counter c = {0};
    int games, failures = 0;
    long n;
    for (n = 1; n < 100000; n++) {
        long f = walk_once(&c, n, text, len, &games);
        if (f == 0)
            break;
        ck_assert_int_eq(f, 1);
        failures++;
    }
    ck_assert_int_eq(games, 2);
    printf("# allocation walk: %d failure points, each a clean BG_E_NO_MEMORY\n", failures);
    ck_assert_int_gt(failures, 10);
    free(text);
}
END_TEST

int main(int argc, char **argv)
{
    data_dir = first_arg(argc, argv, "DATA_DIR");
    TCase *t = one_case("janggi-games", "janggi", 120);
    ADD_TESTS(t, scores, double_pass, bikjang, three_checks, repetition, move_limit,
              checkmate_and_resign, gib_real_game, gib_round_trips, gib_errors,
              allocation_failure_walk, mutations);
    return run_cases();
}
