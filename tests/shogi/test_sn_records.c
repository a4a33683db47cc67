/*
** Shogi family records: KIF (UTF-8 .kifu and Shift_JIS .kif), KI2 and CSA (V2.2 / V3.0). A
** CSA→KIF→CSA round trip of whole games keeps every move, tag, comment, time and result (the
** CSA text comes back byte for byte); every CSA ending and KIF terminal word; handicaps and BOD
** boards of all five games; variations; errors with game, ply, line, column and offset, and
** recovery; allocation failures at every step of reading and writing.
** Usage: test_sn_records DATA_DIR SJIS_KIF SJIS_CSA
*/
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <boardgames/boardgames.h>

#include "common/alloc_records.h"
#include "common/alloc_util.h"
#include "check_main.h"
#include "xorshift.h"
#include "fixtures.h"

static const char *data_dir = ".", *sjis_kif = "sample_sjis.kif", *sjis_csa = "sample_sjis.csa";
/* Valgrind runs set BG_TEST_REDUCE: fewer random games. */
static int reduce = 1;

static const bg_variant *var(const char *id)
{
    const bg_variant *v = bg_variant_find(id);
    ck_assert_ptr_nonnull(v);
    return v;
}

static char *slurp(const char *path, size_t *len) { return fx_read_file(NULL, path, len); }

static char *data_file(const char *name, size_t *len)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", data_dir, name);
    return slurp(path, len);
}

/* Read the only game of a record (fails the test on error). */
static bg_game *read_one(const char *variant, const char *format, const char *text, size_t len)
{
    bg_record_reader *r = NULL;
    bg_error e = BG_ERROR_INIT;
    ck_assert_msg(bg_record_reader_new(&r, var(variant), format, text, len, NULL, NULL, &e) == BG_OK,
                  "%s", e.message);
    bg_game *g = NULL;
    bg_status s = bg_record_reader_next(r, &g, &e);
    ck_assert_msg(s == BG_OK, "%s %s: %s\n%s", variant, format, e.message, text);
    bg_game *g2 = NULL;
    ck_assert_int_eq(bg_record_reader_next(r, &g2, &e), BG_E_END);
    bg_record_reader_free(r);
    return g;
}

static bg_game *read_text(const char *variant, const char *format, const char *text)
{
    return read_one(variant, format, text, strlen(text));
}

static char *export(const bg_game *g, const char *format) { return fx_export(g, format); }

/* Moves, start, result, tags, comments and variations of two games are the same. */
static int csa_numbering; /* CSA has no move number: compare starts without it */

static void same_game(const bg_game *a, const bg_game *b, int tags, int comments)
{
    char sa[256], sb[256];
    bg_position_text(bg_game_start_position(a), NULL, sa, sizeof sa);
    bg_position_text(bg_game_start_position(b), NULL, sb, sizeof sb);
    if (csa_numbering) {
        *strrchr(sa, ' ') = 0;
        *strrchr(sb, ' ') = 0;
    }
    ck_assert_str_eq(sa, sb);
    fx_same_line(a, b);
    if (tags) {
        /*
        ** Termination and TerminationTime record how a file ended (KI2 has no line for the
        ** ending's time); a game made in memory has neither.
        */
        int na = bg_game_tag_count(a) - (bg_game_tag(a, "Termination") != NULL) -
                 (bg_game_tag(a, "TerminationTime") != NULL);
        int nb = bg_game_tag_count(b) - (bg_game_tag(b, "Termination") != NULL) -
                 (bg_game_tag(b, "TerminationTime") != NULL);
        ck_assert_int_eq(na, nb);
        for (int i = 0; i < bg_game_tag_count(a); i++) {
            if (strncmp(bg_game_tag_key(a, i), "Termination", 11) == 0)
                continue;
            const char *v = bg_game_tag(b, bg_game_tag_key(a, i));
            ck_assert_msg(v && strcmp(v, bg_game_tag_value(a, i)) == 0, "tag %s: %s / %s",
                          bg_game_tag_key(a, i), bg_game_tag_value(a, i), v ? v : "(none)");
        }
    }
    if (comments)
        for (int i = 0; i <= bg_game_ply_count(a); i++) {
            const char *x = bg_game_comment(a, i), *y = bg_game_comment(b, i);
            ck_assert_msg((!x && !y) || (x && y && strcmp(x, y) == 0), "comment %d: '%s' / '%s'",
                          i, x ? x : "", y ? y : "");
            ck_assert_int_eq(bg_game_variation_count(a, i), bg_game_variation_count(b, i));
            for (int k = 0; k < bg_game_variation_count(a, i); k++)
                ck_assert_str_eq(bg_game_variation_at(a, i, k), bg_game_variation_at(b, i, k));
        }
}

static uint64_t rng = 88172645463325252ull;
static uint64_t next_rand(void)
{
    return xorshift64(&rng);
}

/* A random game of `plies` moves from `sfen` (NULL = start), with names, comments and times. */
static bg_game *random_game(const char *variant, const char *sfen, int plies, int decorate)
{
    bg_game *g = NULL;
    bg_error e = BG_ERROR_INIT;
    bg_status s = sfen ? bg_game_new_from_text(&g, var(variant), sfen, NULL, NULL, 0, NULL, &e)
                       : bg_game_new(&g, var(variant), NULL, NULL, &e);
    ck_assert_msg(s == BG_OK, "%s", e.message);
    if (decorate) {
        ck_assert_int_eq(bg_game_set_tag(g, "先手", "Sente Player"), BG_OK);
        ck_assert_int_eq(bg_game_set_tag(g, "後手", "後手の名前"), BG_OK);
        ck_assert_int_eq(bg_game_set_tag(g, "棋戦", "Random cup"), BG_OK);
        ck_assert_int_eq(bg_game_set_tag(g, "開始日時", "2024/01/02 03:04:05"), BG_OK);
        ck_assert_int_eq(bg_game_set_comment(g, 0, "before the game"), BG_OK);
    }
    bg_move moves[1024];
    for (int i = 0; i < plies && bg_game_outcome(g) == BG_ONGOING; i++) {
        int n = bg_position_legal_moves(bg_game_position(g), moves, 1024);
        if (n <= 0)
            break;
        ck_assert_int_eq(bg_game_play(g, moves[next_rand() % (uint64_t)n]), BG_OK);
        if (decorate) {
            char c[64];
            int ply = bg_game_ply_count(g);
            long t = (long)(next_rand() % 4000);
            if (ply % 7 == 3)
                snprintf(c, sizeof c, "[%%emt %ld:%02ld:%02ld]\nnote %d", t / 3600, t / 60 % 60,
                         t % 60, ply);
            else
                snprintf(c, sizeof c, "[%%emt %ld:%02ld:%02ld]", t / 3600, t / 60 % 60, t % 60);
            ck_assert_int_eq(bg_game_set_comment(g, ply, c), BG_OK);
        }
    }
    return g;
}

/* ---------- CSA → KIF → CSA ---------- */

START_TEST(csa_kif_csa_whole_games)
{
    static const char *const variants[] = {"shogi", "minishogi", "heianshogi", "judkinsshogi",
                                           "microshogi"};
    long games = 0, plies = 0;
    for (int vi = 0; vi < 5; vi++)
        for (int k = 0; k < 30 / reduce; k++) {
            bg_game *g = random_game(variants[vi], NULL, 40 + (int)(next_rand() % 160), 1);
            /* CSA's %TORYO and KIF's 投了 are the side to move resigning. */
            if (bg_game_outcome(g) == BG_ONGOING && k % 3 == 0)
                ck_assert_int_eq(bg_game_resign(g, bg_position_side_to_move(bg_game_position(g))),
                                 BG_OK);
            char *csa1 = export(g, "csa");
            bg_game *g1 = read_text(variants[vi], "csa", csa1);
            same_game(g, g1, 1, 1);
            char *kif = export(g1, "kif");
            bg_game *g2 = read_text(variants[vi], "kif", kif);
            same_game(g1, g2, 0, 1);
            char *csa2 = export(g2, "csa");
            ck_assert_msg(strcmp(csa1, csa2) == 0, "CSA→KIF→CSA differs:\n%s\n---\n%s\n---\n%s",
                          csa1, kif, csa2);
            char *ki2 = export(g2, "ki2");
            bg_game *g3 = read_text(variants[vi], "ki2", ki2);
            same_game(g2, g3, 0, 0);
            games++;
            plies += bg_game_ply_count(g);
            free(csa1), free(csa2), free(kif), free(ki2);
            bg_game_free(g), bg_game_free(g1), bg_game_free(g2), bg_game_free(g3);
        }
    printf("# CSA→KIF→CSA: %ld games, %ld plies, identical CSA text\n", games, plies);
}
END_TEST

static const char csa_v22[] =
    "V2.2\n"
    "N+NAKAHARA\n"
    "N-YONENAGA\n"
    "$EVENT:13th World Computer Shogi Championship\n"
    "$SITE:KAZUSA ARC\n"
    "$START_TIME:2003/05/03 10:30:00\n"
    "$END_TIME:2003/05/03 11:11:05\n"
    "$TIME_LIMIT:00:25+00\n"
    "$OPENING:YAGURA\n"
    "P1-KY-KE-GI-KI-OU-KI-GI-KE-KY\n"
    "P2 * -HI *  *  *  *  * -KA * \n"
    "P3-FU-FU-FU-FU-FU-FU-FU-FU-FU\n"
    "P4 *  *  *  *  *  *  *  *  * \n"
    "P5 *  *  *  *  *  *  *  *  * \n"
    "P6 *  *  *  *  *  *  *  *  * \n"
    "P7+FU+FU+FU+FU+FU+FU+FU+FU+FU\n"
    "P8 * +KA *  *  *  *  * +HI * \n"
    "P9+KY+KE+GI+KI+OU+KI+GI+KE+KY\n"
    "+\n"
    "+2726FU\n"
    "T12\n"
    "-3334FU\n"
    "T6\n"
    "+7776FU,T3\n"
    "'a comment\n"
    "-8384FU\n"
    "%CHUDAN\n";

START_TEST(csa_spec_example)
{
    bg_game *g = read_text("shogi", "csa", csa_v22);
    ck_assert_int_eq(bg_game_ply_count(g), 4);
    fx_expect_tags(g, "先手=NAKAHARA; 後手=YONENAGA; 棋戦=13th World Computer Shogi Championship; "
                      "戦型=YAGURA; Termination=CHUDAN");
    ck_assert_str_eq(bg_game_comment(g, 1), "[%emt 0:00:12]");
    ck_assert_str_eq(bg_game_comment(g, 3), "[%emt 0:00:03]\na comment");
    ck_assert_int_eq(bg_game_outcome(g), BG_ONGOING);
    char *out = export(g, "csa");
    ck_assert_ptr_nonnull(strstr(out, "V2.2\nN+NAKAHARA\nN-YONENAGA\n$EVENT:13th"));
    ck_assert_ptr_nonnull(strstr(out, "PI\n+\n+2726FU\nT12\n-3334FU\nT6\n+7776FU\nT3\n'a comment\n"
                                      "-8384FU\n%CHUDAN\n"));
    char *kif = export(g, "kif");
    ck_assert_ptr_nonnull(strstr(kif, "手合割：平手\n"));
    ck_assert_ptr_nonnull(strstr(kif, "   1 ２六歩(27)    ( 0:12/00:00:12)\n"));
    ck_assert_ptr_nonnull(strstr(kif, "   5 中断\nまで4手で中断\n"));
    free(out), free(kif);
    bg_game_free(g);
    /* V3.0: encoding line, milliseconds, PI with handicap pieces taken off, P+ / P- 00AL. */
    g = read_text("shogi", "csa",
                  "'CSA encoding=UTF-8\nV3.0\nN+先手\nPI82HI22KA\n-\n-3334FU\nT1.250\n%TORYO\n");
    char sfen[128];
    bg_position_text(bg_game_start_position(g), NULL, sfen, sizeof sfen);
    ck_assert_str_eq(sfen, "lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1");
    ck_assert_str_eq(bg_game_comment(g, 1), "[%emt 0:00:01.250]");
    ck_assert_int_eq(bg_game_outcome(g), BG_WIN);
    ck_assert_int_eq(bg_game_winners(g), 2u);
    out = export(g, "csa");
    ck_assert_ptr_nonnull(strstr(out, "'CSA encoding=UTF-8\nV3.0\nN+先手\n"));
    ck_assert_ptr_nonnull(strstr(out, "-3334FU\nT1.250\n%TORYO\n"));
    free(out);
    kif = export(g, "kif");
    ck_assert_ptr_nonnull(strstr(kif, "手合割：二枚落ち\n"));
    free(kif);
    bg_game_free(g);
    g = read_text("shogi", "csa", "P-11OU\nP+99OU\nP+00HI00KA\nP-00AL\n+\n+0055KA\n");
    bg_position_text(bg_game_start_position(g), NULL, sfen, sizeof sfen);
    ck_assert_str_eq(sfen, "8k/9/9/9/9/9/9/9/K8 b RBrb4g4s4n4l18p 1");
    out = export(g, "csa");
    ck_assert_ptr_nonnull(strstr(out, "P9+OU *  *  *  *  *  *  *  * \nP+00HI00KA\n"));
    bg_game *g2 = read_text("shogi", "csa", out);
    same_game(g, g2, 1, 1);
    free(out);
    bg_game_free(g), bg_game_free(g2);
}
END_TEST

/* ---------- endings ---------- */

typedef struct ending_case {
    const char *csa;       /* CSA special move */
    bg_outcome outcome;    /* after "+7776FU -3334FU %X" (sente to move) */
    uint32_t winners;
    const char *kif_word;  /* KIF terminal line */
    const char *back;      /* Termination after KIF and back */
} ending_case;

static const ending_case endings[] = {
    {"TORYO", BG_WIN, 2, "投了", "TORYO"},
    {"CHUDAN", BG_ONGOING, 0, "中断", "CHUDAN"},
    {"TIME_UP", BG_WIN, 2, "切れ負け", "TIME_UP"},
    {"ILLEGAL_MOVE", BG_WIN, 2, "反則負け", "ILLEGAL_MOVE"},
    {"+ILLEGAL_ACTION", BG_WIN, 2, "反則負け", "ILLEGAL_MOVE"},
    {"-ILLEGAL_ACTION", BG_WIN, 1, "反則勝ち", "-ILLEGAL_ACTION"},
    {"JISHOGI", BG_DRAW, 0, "持将棋", "JISHOGI"},
    {"HIKIWAKE", BG_DRAW, 0, "持将棋", "JISHOGI"},
    {"TSUMI", BG_WIN, 2, "詰み", "TSUMI"},
    {"FUZUMI", BG_ONGOING, 0, "不詰", "FUZUMI"},
    {"MAX_MOVES", BG_DRAW, 0, "持将棋", "JISHOGI"},
};

START_TEST(csa_endings)
{
    const ending_case *c = &endings[_i];
    char text[256];
    snprintf(text, sizeof text, "V2.2\nPI\n+\n+7776FU\n-3334FU\n%%%s\n", c->csa);
    bg_game *g = read_text("shogi", "csa", text);
    ck_assert_str_eq(bg_game_tag(g, "Termination"), c->csa);
    ck_assert_int_eq(bg_game_outcome(g), c->outcome);
    ck_assert_int_eq(bg_game_winners(g), c->winners);
    char *csa = export(g, "csa");
    ck_assert_str_eq(csa, text);
    char *kif = export(g, "kif");
    char line[64];
    snprintf(line, sizeof line, "   3 %s\n", c->kif_word);
    ck_assert_msg(strstr(kif, line) != NULL, "%s", kif);
    bg_game *g2 = read_text("shogi", "kif", kif);
    ck_assert_str_eq(bg_game_tag(g2, "Termination"), c->back);
    ck_assert_int_eq(bg_game_outcome(g2), c->outcome);
    ck_assert_int_eq(bg_game_winners(g2), c->winners);
    /* KI2 has only the summary line: the result survives. */
    char *ki2 = export(g, "ki2");
    bg_game *g3 = read_text("shogi", "ki2", ki2);
    ck_assert_int_eq(bg_game_outcome(g3), c->outcome);
    ck_assert_int_eq(bg_game_winners(g3), c->winners);
    free(csa), free(kif), free(ki2);
    bg_game_free(g), bg_game_free(g2), bg_game_free(g3);
}
END_TEST

START_TEST(results_from_the_game)
{
    /* A mate found by the rules is written 詰み / %TSUMI without any tag. */
    bg_game *g = NULL;
    ck_assert_int_eq(bg_game_new(&g, var("shogi"), NULL, NULL, NULL), BG_OK);
    const char *mate[] = {"7g7f", "5c5d", "8h2b+", "5a5b"};
    (void)mate;
    bg_game_free(g);
    ck_assert_int_eq(bg_game_new_from_text(&g, var("shogi"), "4k4/9/4P4/9/9/9/9/9/4K4 b G 1",
                                           NULL, NULL, 0, NULL, NULL),
                     BG_OK);
    ck_assert_int_eq(bg_game_play_text(g, "G*5b", "usi", 0), BG_OK);
    ck_assert_int_eq(bg_game_reason(g), BG_REASON_CHECKMATE);
    char *csa = export(g, "csa");
    ck_assert_ptr_nonnull(strstr(csa, "+0052KI\n%TSUMI\n"));
    char *kif = export(g, "kif");
    ck_assert_ptr_nonnull(strstr(kif, "   2 詰み\nまで1手で詰みにより先手の勝ち\n"));
    ck_assert_ptr_nonnull(strstr(kif, "後手の持駒：なし\n"));
    bg_game *g2 = read_text("shogi", "kif", kif);
    same_game(g, g2, 0, 0);
    free(csa), free(kif);
    bg_game_free(g), bg_game_free(g2);
    /* A failed impasse declaration (27-point rule) loses: the summary names the real winner. */
    g = read_text("shogi", "csa", "PI\n+\n+7776FU\n-3334FU\n%KACHI\n");
    ck_assert_str_eq(bg_game_tag(g, "Termination"), "KACHI");
    ck_assert_int_eq(bg_game_outcome(g), BG_WIN);
    ck_assert_int_eq(bg_game_winners(g), 2u);
    kif = export(g, "kif");
    ck_assert_ptr_nonnull(strstr(kif, "   3 入玉勝ち\nまで2手で入玉宣言により後手の勝ち\n"));
    g2 = read_text("shogi", "kif", kif);
    same_game(g, g2, 1, 1);
    free(kif);
    bg_game_free(g), bg_game_free(g2);
    /* A repetition someone wins (minishogi: Sente loses) keeps 千日手 in the KI2 summary, the
    ** only ending line KI2 has, so the game reads back the same and exports the same again. */
    ck_assert_int_eq(bg_game_new(&g, var("minishogi"), NULL, NULL, NULL), BG_OK);
    const char *shuffle[] = {"5e4d", "1a2b", "4d5e", "2b1a"};
    for (int i = 0; i < 12; i++)
        ck_assert_int_eq(bg_game_play_text(g, shuffle[i % 4], "usi", 0), BG_OK);
    ck_assert_int_eq(bg_game_reason(g), BG_REASON_REPETITION);
    ck_assert_int_eq(bg_game_winners(g), 2u);
    for (int f = 0; f < 2; f++) {
        const char *fmt = f ? "kif" : "ki2";
        char *text = export(g, fmt);
        ck_assert_ptr_nonnull(strstr(text, "まで12手で千日手により後手の勝ち\n"));
        g2 = read_text("minishogi", fmt, text);
        same_game(g, g2, 0, 0);
        char *again = export(g2, fmt);
        ck_assert_str_eq(again, text);
        free(text), free(again);
        bg_game_free(g2);
    }
    bg_game_free(g);
    /* Resignation after an undo is no longer written. */
    g = read_text("shogi", "csa", "PI\n+\n+7776FU\n%TORYO\n");
    ck_assert_int_eq(bg_game_undo(g), BG_OK);
    csa = export(g, "csa");
    ck_assert_ptr_null(strstr(csa, "%TORYO"));
    free(csa);
    bg_game_free(g);
}
END_TEST

/* ---------- KIF files ---------- */

START_TEST(kif_sample_and_shift_jis)
{
    size_t n1, n2, n3;
    char *utf8 = data_file("sample.kifu", &n1);
    char *sjis = slurp(sjis_kif, &n2);
    ck_assert_msg(n2 < n1, "the Shift_JIS file should be shorter (%zu vs %zu)", n2, n1);
    bg_game *a = read_one("shogi", "kif", utf8, n1);
    bg_game *b = read_one("shogi", "kif", sjis, n2);
    same_game(a, b, 1, 1);
    ck_assert_int_eq(bg_game_ply_count(a), 7);
    ck_assert_str_eq(bg_game_tag(a, "先手"), "先手太郎");
    ck_assert_str_eq(bg_game_tag(a, "棋戦"), "テスト対局");
    ck_assert_str_eq(bg_game_comment(a, 0), "対局前のコメント");
    ck_assert_str_eq(bg_game_comment(a, 1), "[%emt 0:00:16]\n初手のコメント\n二行目");
    ck_assert_str_eq(bg_game_comment(a, 4), "[%emt 0:01:01]");
    ck_assert_int_eq(bg_game_outcome(a), BG_WIN);
    ck_assert_int_eq(bg_game_winners(a), 1u);
    ck_assert_int_eq(bg_game_reason(a), BG_REASON_RESIGNATION);
    ck_assert_int_eq(bg_game_variation_count(a, 3), 2);
    ck_assert_str_eq(bg_game_variation_at(a, 3, 0), "６六歩(67) ８四歩(83) (４四歩(43)) ７八銀(79)");
    ck_assert_str_eq(bg_game_variation_at(a, 3, 1), "１八香(19)");
    /* "8 投了 ( 0:01/00:01:09)": the ending's own time, the last move keeping its 0:07. */
    ck_assert_str_eq(bg_game_tag(a, "TerminationTime"), "0:00:01");
    ck_assert_str_eq(bg_game_comment(a, 7), "[%emt 0:00:07]");
    /* Written back, read again: the same game, variations included. */
    char *kif = export(a, "kif");
    ck_assert_ptr_nonnull(strstr(kif, "   8 投了          ( 0:01/00:01:09)\n"));
    bg_game *c = read_text("shogi", "kif", kif);
    same_game(a, c, 1, 1);
    ck_assert_str_eq(bg_game_tag(c, "TerminationTime"), "0:00:01");
    char *ki2 = export(a, "ki2");
    ck_assert_ptr_nonnull(strstr(ki2, "変化：3手\n▲６六歩 △８四歩\n"));
    bg_game *d = read_text("shogi", "ki2", ki2);
    same_game(a, d, 1, 0);
    ck_assert_int_eq(bg_game_variation_count(d, 3), 2);
    ck_assert_str_eq(bg_game_variation_at(d, 3, 0), "▲６六歩 △８四歩 (△４四歩) ▲７八銀");
    /* CSA in Shift_JIS (V2.2 files are) reads like its UTF-8 source. */
    char *csa_sjis = slurp(sjis_csa, &n3);
    bg_game *e = read_one("shogi", "csa", csa_sjis, n3);
    ck_assert_str_eq(bg_game_tag(e, "先手"), "羽生善治");
    ck_assert_str_eq(bg_game_comment(e, 2), "[%emt 0:00:06]\n後手の一手目");
    free(utf8), free(sjis), free(kif), free(ki2), free(csa_sjis);
    bg_game_free(a), bg_game_free(b), bg_game_free(c), bg_game_free(d), bg_game_free(e);
}
END_TEST

START_TEST(kif_handicaps)
{
    static const char *const names[] = {"香落ち",   "右香落ち", "角落ち",     "飛車落ち",
                                        "飛香落ち", "二枚落ち", "三枚落ち",   "四枚落ち",
                                        "五枚落ち", "左五枚落ち", "六枚落ち", "左七枚落ち",
                                        "右七枚落ち", "八枚落ち", "十枚落ち"};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        char text[256];
        snprintf(text, sizeof text, "手合割：%s\n上手：A\n下手：B\n   1 ５二玉(51)\n   2 ７六歩(77)\n",
                 names[i]);
        bg_game *g = read_text("shogi", "kif", text);
        ck_assert_int_eq(bg_game_ply_count(g), 2);
        ck_assert_int_eq(bg_position_side_to_move(bg_game_start_position(g)), 1);
        char *kif = export(g, "kif");
        char want[64];
        snprintf(want, sizeof want, "手合割：%s\n", names[i]);
        ck_assert_msg(strstr(kif, want) != NULL, "%s", kif);
        char *csa = export(g, "csa");
        bg_game *g2 = read_text("shogi", "csa", csa);
        same_game(g, g2, 0, 0);
        free(kif), free(csa);
        bg_game_free(g), bg_game_free(g2);
    }
}
END_TEST

START_TEST(kif_bod_board)
{
    const char *text = "後手の持駒：飛　角　金二　歩三\n"
                       "  ９ ８ ７ ６ ５ ４ ３ ２ １\n"
                       "+---------------------------+\n"
                       "|v香 ・ ・ ・ ・ ・ ・v桂v香|一\n"
                       "| ・ ・ ・ ・ ・ ・ ・v玉 ・|二\n"
                       "| ・ ・ ・ ・ ・ ・v歩v歩 ・|三\n"
                       "| ・ ・ ・ ・ ・ ・ ・ ・v歩|四\n"
                       "| ・ ・ ・ ・ ・ 龍 ・ ・ ・|五\n"
                       "| ・ ・ ・ ・ ・ ・ ・ ・ ・|六\n"
                       "| 歩 歩 ・ ・ ・ ・ ・ ・ ・|七\n"
                       "| ・ 全 と ・ ・ ・ ・ ・ ・|八\n"
                       "| 香 桂 玉 ・ ・ ・ ・ ・ ・|九\n"
                       "+---------------------------+\n"
                       "先手の持駒：銀　桂\n"
                       "後手番\n"
                       "手数＝80\n"
                       "  81 ２六飛打\n"
                       "  82 ３二銀打\n";
    bg_game *g = read_text("shogi", "kif", text);
    char sfen[128];
    bg_position_text(bg_game_start_position(g), NULL, sfen, sizeof sfen);
    ck_assert_str_eq(sfen, "l6nl/7k1/6pp1/8p/5+R3/9/PP7/1+S+P6/LNK6 w SNrb2g3p 81");
    ck_assert_int_eq(bg_game_ply_count(g), 2);
    char *kif = export(g, "kif");
    ck_assert_ptr_nonnull(strstr(kif, "後手の持駒：飛　角　金二　歩三\n"));
    ck_assert_ptr_nonnull(strstr(kif, "|v香 ・ ・ ・ ・ ・ ・v桂v香|一\n"));
    ck_assert_ptr_nonnull(strstr(kif, "| ・ 全 と ・ ・ ・ ・ ・ ・|八\n"));
    ck_assert_ptr_nonnull(strstr(kif, "先手の持駒：銀　桂\n後手番\n"));
    ck_assert_ptr_nonnull(strstr(kif, "後手番\n手数＝80\n"));
    ck_assert_ptr_nonnull(strstr(kif, "  81 ２六飛打\n  82 ３二銀打\n"));
    bg_game *g2 = read_text("shogi", "kif", kif);
    same_game(g, g2, 0, 0);
    free(kif);
    bg_game_free(g), bg_game_free(g2);
}
END_TEST

/* Every game of the family through KIF and KI2 (and CSA where it has codes), from set-up positions. */
START_TEST(family_round_trips)
{
    static const char *const variants[] = {"shogi", "shoshogi", "heianshogi", "torishogi",
                                           "minishogi"};
    const char *v = variants[_i];
    long plies = 0;
    for (int k = 0; k < 12 / reduce + 2; k++) {
        /* A start that is not the usual one: the position after some random moves. */
        bg_game *pre = random_game(v, NULL, k * 6, 0);
        char sfen[256];
        bg_position_text(bg_game_position(pre), NULL, sfen, sizeof sfen);
        bg_game *g = random_game(v, k % 2 ? sfen : NULL, 120, 1);
        plies += bg_game_ply_count(g);
        for (int f = 0; f < bg_variant_record_format_count(var(v)); f++) {
            const char *fmt = bg_variant_record_format_at(var(v), f);
            char *text = export(g, fmt);
            bg_game *g2 = read_text(v, fmt, text);
            csa_numbering = strcmp(fmt, "csa") == 0;
            same_game(g, g2, 1, strcmp(fmt, "ki2") != 0);
            csa_numbering = 0;
            free(text);
            bg_game_free(g2);
        }
        bg_game_free(pre), bg_game_free(g);
    }
    printf("# %s: %d games, %ld plies through every record format\n", v, 12 / reduce + 2, plies);
}
END_TEST

/* ---------- errors ---------- */

typedef struct error_case {
    const char *variant, *format, *text;
    bg_status code;
    int line, column, ply;
    const char *words; /* in the message */
} error_case;

static const error_case errors[] = {
    {"shogi", "kif", "手合割：平手\n   1 ７六歩(77)\n   2 ７六歩(77)\n", BG_E_ILLEGAL_MOVE, 3, 6, 2,
     "not a legal move"},
    {"shogi", "kif", "   1 ７六歩(77)\n   3 ３四歩(33)\n", BG_E_PARSE, 2, 4, 2, "move number 3"},
    {"shogi", "kif", "手合割：百枚落ち\n", BG_E_PARSE, 1, 13, 0, "百枚落ち"},
    {"shogi", "kif", "先手：a\nこれは何\n", BG_E_PARSE, 2, 1, 0, "unexpected line"},
    {"shogi", "kif", "   1 ７六歩(77)\n   2 ３四歩(33)\n   3 投了\n   4 ２六歩(27)\n", BG_E_PARSE, 4, 6, 3,
     "after the end"},
    {"shogi", "kif", "|v香 ・ ・|一\n", BG_E_PARSE, 1, 14, 0, "file 6"},
    {"shogi", "kif", "   1 ７六歩(77)\n変化：9手\n   9 ２六歩(27)\n", BG_E_PARSE, 2, 1, 0, "変化"},
    {"shogi", "csa", "PI\n+\n+7776FU\n+3334FU\n", BG_E_ILLEGAL_MOVE, 4, 1, 2, "gote is to move"},
    {"shogi", "csa", "P1-KY-KE\n+\n", BG_E_PARSE, 1, 9, 0, "file 7"},
    {"shogi", "csa", "PI\n+\n+7776FU\n%FOO\n", BG_E_PARSE, 4, 1, 0, "unknown CSA ending"},
    {"shogi", "csa", "PI\n+\n+7776FU\nTx\n", BG_E_PARSE, 4, 1, 0, "time"},
    {"shogi", "csa", "PI\n+\n+7776FU\n-3334FU\n%TORYO\n+2726FU\n", BG_E_PARSE, 6, 1, 3, "after the ending"},
    {"shogi", "csa", "PI\n+\n+7776XX\n", BG_E_PARSE, 3, 6, 1, "piece code"},
    {"shogi", "ki2", "▲７六歩 △７六歩\n", BG_E_ILLEGAL_MOVE, 1, 14, 2, "not a legal move"},
    {"shogi", "ki2", "▲５八金\n", BG_E_AMBIGUOUS_MOVE, 1, 13, 1, "several moves"},
    {"shogi", "kif", "abc\xff\n", BG_E_ENCODING, 1, 4, 0, "Shift_JIS"},
    {"minishogi", "kif", "   1 ６六歩(67)\n", BG_E_PARSE, 1, 6, 1, "square"},
};

START_TEST(record_errors)
{
    const error_case *c = &errors[_i];
    bg_record_reader *r = NULL;
    bg_error e = BG_ERROR_INIT;
    ck_assert_int_eq(bg_record_reader_new(&r, var(c->variant), c->format, c->text, strlen(c->text),
                                          NULL, NULL, &e),
                     BG_OK);
    bg_game *g = (bg_game *)1;
    bg_status s = bg_record_reader_next(r, &g, &e);
    ck_assert_msg(s == c->code, "%s: got %s (%s)", c->text, bg_strerror(s), e.message);
    ck_assert_ptr_null(g);
    ck_assert_msg(e.line == c->line && e.column == c->column && e.ply == c->ply,
                  "%s: line %d column %d ply %d (%s), want %d %d %d", c->text, e.line, e.column,
                  e.ply, e.message, c->line, c->column, c->ply);
    ck_assert_msg(strstr(e.message, c->words) != NULL, "message '%s' lacks '%s'", e.message,
                  c->words);
    /* The offset points into the text at the line and column given. */
    if (c->code != BG_E_ENCODING) {
        size_t ls = e.offset;
        while (ls > 0 && c->text[ls - 1] != '\n')
            ls--;
        ck_assert_int_eq((int)(e.offset - ls) + 1, c->column);
    }
    bg_record_reader_free(r);
}
END_TEST

START_TEST(recovery_after_errors)
{
    const char *text = "PI\n+\n+7776FU\n%TORYO\n/\nPI\n+\n+7775FU\n/\nPI\n+\n+2726FU\n-8384FU\n";
    bg_record_reader *r = fx_reader("shogi", "csa", text, strlen(text), 0);
    bg_game_free(fx_next_plies(r, 1));
    fx_next_error(r, BG_E_ILLEGAL_MOVE, 1, 8);
    bg_game_free(fx_next_plies(r, 2));
    fx_next_fails(r, BG_E_END);
    bg_record_reader_free(r);
}
END_TEST

/* ---------- allocation failures ---------- */

static void alloc_walk(const char *variant, const char *format, const char *text, size_t len,
                       const char *out_format)
{
    int done = 0;
    long steps = 0;
    for (long n = 0; n < 20000 && !done; n++) {
        au_counter f = {.fail_at = n + 1};
        bg_allocator a = BG_ALLOCATOR_INIT(au_alloc, &f);
        bg_record_reader *r = NULL;
        bg_status s = bg_record_reader_new(&r, var(variant), format, text, len, NULL, &a, NULL);
        int games, exported;
        s = ar_read_export(r, s, out_format, format, &games, &exported);
        ck_assert_msg(s == BG_E_END || s == BG_E_NO_MEMORY, "status %s", bg_strerror(s));
        bg_record_reader_free(r);
        ck_assert_msg(f.live_blocks == 0, "%ld blocks leaked at step %ld", f.live_blocks, n);
        done = s == BG_E_END && games >= 1 && exported == games && f.refused == 0;
        steps = n;
    }
    ck_assert_msg(done, "%s %s never completed", variant, format);
    printf("# allocation failures: %s %s -> %s, %ld steps\n", variant, format, out_format, steps);
}

START_TEST(allocation_failures)
{
    size_t n;
    char *kifu = data_file("sample.kifu", &n);
    alloc_walk("shogi", "kif", kifu, n, "kif");
    alloc_walk("shogi", "kif", kifu, n, "ki2");
    char *sjis = slurp(sjis_kif, &n);
    alloc_walk("shogi", "kif", sjis, n, "csa");
    alloc_walk("shogi", "csa", csa_v22, strlen(csa_v22), "kif");
    bg_game *g = read_one("shogi", "kif", kifu, strlen(kifu));
    char *ki2 = export(g, "ki2");
    alloc_walk("shogi", "ki2", ki2, strlen(ki2), "kif");
    free(kifu), free(sjis), free(ki2);
    bg_game_free(g);
}
END_TEST

int main(int argc, char **argv)
{
    reduce = test_reduce() > 30 ? 30 : (int)test_reduce();
    if (argc > 3) {
        data_dir = argv[1];
        sjis_kif = argv[2];
        sjis_csa = argv[3];
    }
    TCase *tc = one_case("shoginotation-records", "records", 600);
    ADD_TESTS(tc, csa_kif_csa_whole_games, csa_spec_example);
    tcase_add_loop_test(tc, csa_endings, 0, (int)(sizeof endings / sizeof endings[0]));
    ADD_TESTS(tc, results_from_the_game, kif_sample_and_shift_jis, kif_handicaps, kif_bod_board);
    tcase_add_loop_test(tc, family_round_trips, 0, 5);
    tcase_add_loop_test(tc, record_errors, 0, (int)(sizeof errors / sizeof errors[0]));
    ADD_TESTS(tc, recovery_after_errors, allocation_failures);
    return run_cases();
}
