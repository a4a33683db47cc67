/* The KIF, KI2 and CSA dialects real files carry, each with a real example: what is read, what is kept, what strict mode says, and byte ranges of files with them adding up to the whole. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <boardgames/boardgames.h>

#include "common/alloc_records.h"
#include "common/alloc_util.h"
#include "check_main.h"
#include "fixtures.h"

/* Usage: test_sn_dialects REAL_DIR (tests/data/real/shogi) */
static const char *real_dir = ".";

static char *slurp(const char *name, size_t *len) { return fx_read_file(real_dir, name, len); }

/* The one game of a text (BG_OK), or the status of its error with the message in msg. */
static bg_status read_one(const char *format, const char *text, size_t len, unsigned flags,
                          bg_game **out, char *msg, size_t cap)
{
    bg_record_reader *r = NULL;
    bg_error e = BG_ERROR_INIT;
    ck_assert_int_eq(bg_record_reader_open_memory(&r, bg_variant_find("shogi"), format, text, len,
                                                  NULL, flags, NULL, &e),
                     BG_OK);
    *out = NULL;
    bg_status s = bg_record_reader_next(r, out, &e);
    if (msg)
        snprintf(msg, cap, "%s", s == BG_OK ? "" : e.message);
    if (s == BG_OK) {
        bg_game *more = NULL;
        ck_assert_int_eq(bg_record_reader_next(r, &more, &e), BG_E_END);
    }
    bg_record_reader_free(r);
    return s;
}

static bg_game *read_ok(const char *format, const char *text, size_t len, unsigned flags)
{
    bg_game *g;
    char msg[256];
    bg_status s = read_one(format, text, len, flags, &g, msg, sizeof msg);
    ck_assert_msg(s == BG_OK, "%s: %s\n%s", format, msg, text);
    return g;
}

static bg_game *read_file(const char *format, const char *name, unsigned flags)
{
    size_t len;
    char *text = slurp(name, &len);
    bg_game *g = read_ok(format, text, len, flags);
    free(text);
    return g;
}

static char *export(const bg_game *g, const char *format) { return fx_export(g, format); }

static void assert_contains(const char *text, const char *part)
{
    ck_assert_msg(text && strstr(text, part), "'%s' not in:\n%s", part, text ? text : "(null)");
}

/* ---------- CSA ---------- */

/*
** A comment after a comma runs to the end of the line. shogi-server's dr1 log line 1219
** "%KACHI,'* -5000 win" (kifujs-...-kachi-comment.csa); the 2005 CSA tournament log (EUC-JP)
** line 18 "+7776FU  ,T0       ,'T0      ,'7776   ,'   1手目  ▲7六歩". Always read.
*/
START_TEST(csa_comment_after_comma)
{
    bg_game *g = read_file("csa", "csa/dr1-aobazero-viper-kachi-comment.csa", 0);
    ck_assert_int_eq(bg_game_ply_count(g), 400);
    assert_contains(bg_game_comment(g, 400), "* -5000 win");
    /* The declaration's time (line 1220 "T10") is the ending's; the 400th move keeps T0. */
    ck_assert_str_eq(bg_game_tag(g, "TerminationTime"), "0:00:10");
    assert_contains(bg_game_comment(g, 400), "[%emt 0:00:00]");
    bg_game_free(g);
    g = read_file("csa", "csa/kifujs-2005-yamada-gps-eucjp.csa", 0);
    /* EUC-JP decoded by the record layer: "N-山田将棋 Version 2.18 (LEVEL5)". */
    ck_assert_str_eq(bg_game_tag(g, "後手"), "山田将棋 Version 2.18 (LEVEL5)");
    ck_assert_str_eq(bg_game_comment(g, 1), "[%emt 0:00:00]\nT0      ,'7776   ,'   1手目  ▲7六歩");
    ck_assert_str_eq(bg_game_comment(g, 2), "[%emt 0:00:01]\nT1      ,'3334   ,'   2手目  ▽3四歩");
    bg_game_free(g);
}
END_TEST

/*
** The ending's own time never overwrites the last move's: "%CHUDAN,T51" (Kifu for Windows,
** kifujs-chudan-end-time-sjis.csa line 21), "%ILLEGAL_MOVE" then "T24" (WCSC31 log,
** kifparser-wcsc31-...-sjis.csa lines 111-112). Kept as the tag TerminationTime and written back
** after the ending (CSA) or in the terminal line (KIF).
*/
START_TEST(csa_ending_time)
{
    bg_game *g = read_file("csa", "csa/kifujs-chudan-end-time-sjis.csa", 0);
    ck_assert_int_eq(bg_game_ply_count(g), 3);
    ck_assert_str_eq(bg_game_comment(g, 3), "[%emt 0:00:06]");
    ck_assert_str_eq(bg_game_tag(g, "TerminationTime"), "0:00:51");
    char *csa = export(g, "csa");
    assert_contains(csa, "+8822UM\nT6\n%CHUDAN\nT51\n");
    char *kif = export(g, "kif");
    assert_contains(kif, "   4 中断          ( 0:51/00:00:56)\n"); /* sente's 5 s + 51 */
    /* KIF keeps it too: read back, the same tag. */
    bg_game *k = read_ok("kif", kif, strlen(kif), 0);
    ck_assert_str_eq(bg_game_tag(k, "TerminationTime"), "0:00:51");
    ck_assert_str_eq(bg_game_comment(k, 3), "[%emt 0:00:06]");
    bg_game_free(k);
    free(csa), free(kif);
    bg_game_free(g);
    g = read_file("csa", "csa/kifparser-wcsc31-illegal-move-end-time-sjis.csa", 0);
    ck_assert_str_eq(bg_game_comment(g, 52), "[%emt 0:00:00]");
    ck_assert_str_eq(bg_game_tag(g, "TerminationTime"), "0:00:24");
    bg_game_free(g);
}
END_TEST

/*
** A declaration echoed by the server (dr1 log lines 1219-1221: "%KACHI,'* -5000 win", "T10",
** "%KACHI") is one ending; two different endings stay an error.
*/
START_TEST(csa_repeated_ending)
{
    static const char twice[] = "PI\n+\n+7776FU\n-3334FU\n%TORYO\n%TORYO\n";
    static const char two[] = "PI\n+\n+7776FU\n-3334FU\n%TORYO\n%CHUDAN\n";
    bg_game *g = read_ok("csa", twice, strlen(twice), 0);
    ck_assert_int_eq(bg_game_outcome(g), BG_WIN);
    bg_game_free(g);
    char msg[256];
    ck_assert_int_eq(read_one("csa", two, strlen(two), BG_RECORD_LENIENT, &g, msg, sizeof msg),
                     BG_E_PARSE);
    assert_contains(msg, "a second ending '%CHUDAN'");
}
END_TEST

/*
** CSA server game logs (lenient). The CSA server protocol 1.2 (www2.computer-shogi.org/protocol/
** tcp_ip_server_12_e.html, "3.4 Moves and actions") sends "%TORYO,T4" then "#RESIGN" and
** "#WIN" / "#LOSE"; a time-out is "#TIME_UP" with no '%' line. 81Dojo (81dojo-4471112-...csa
** lines 71-72) writes "#ILLEGAL_MOVE" and "#SENTE_WIN".
*/
START_TEST(csa_server_lines)
{
    static const char resign[] = "PI\n+\n+7776FU,T12\n-3334FU,T6\n%TORYO,T4\n#RESIGN\n#WIN\n";
    static const char time_up[] = "PI\n+\n+7776FU,T12\n-3334FU,T6\n#TIME_UP\n#LOSE\n";
    static const char named[] = "PI\n+\n+7776FU,T12\n-3334FU,T6\n#GOTE_WIN\n";
    bg_game *g = read_ok("csa", resign, strlen(resign), BG_RECORD_LENIENT);
    ck_assert_str_eq(bg_game_tag(g, "Termination"), "TORYO");
    ck_assert_str_eq(bg_game_tag(g, "TerminationTime"), "0:00:04");
    ck_assert_str_eq(bg_game_comment(g, 2), "[%emt 0:00:06]");
    ck_assert_uint_eq(bg_game_winners(g), 2u); /* sente, to move, resigned */
    bg_game_free(g);
    g = read_ok("csa", time_up, strlen(time_up), BG_RECORD_LENIENT);
    ck_assert_str_eq(bg_game_tag(g, "Termination"), "TIME_UP");
    ck_assert_uint_eq(bg_game_winners(g), 2u);
    bg_game_free(g);
    g = read_ok("csa", named, strlen(named), BG_RECORD_LENIENT);
    ck_assert_int_eq(bg_game_outcome(g), BG_WIN);
    ck_assert_uint_eq(bg_game_winners(g), 2u);
    bg_game_free(g);
    /* Strict: a server line is not part of the record format, and the error says so. */
    char msg[256];
    ck_assert_int_eq(read_one("csa", resign, strlen(resign), 0, &g, msg, sizeof msg), BG_E_PARSE);
    assert_contains(msg, "'#RESIGN' is a CSA server line");
    assert_contains(msg, "line 6");
    /* 81Dojo: the recorded illegal 25th move is kept as a comment of the 24th. */
    g = read_file("csa", "csa/81dojo-4471112-illegal-move-server-lines.csa", BG_RECORD_LENIENT);
    ck_assert_int_eq(bg_game_ply_count(g), 24);
    assert_contains(bg_game_comment(g, 24), "illegal move: -0066FU");
    assert_contains(bg_game_comment(g, 24), "ILLEGAL_MOVE(-0066FU)");
    ck_assert_str_eq(bg_game_tag(g, "先手"), "OBear");
    bg_game_free(g);
}
END_TEST

/*
** 81Dojo's KIF from its English interface writes the terminal word in English ("Time-up",
** "Resign"): the same endings as 切れ負け and 投了, any letter case.
*/
START_TEST(kif_english_endings)
{
    static const char *const cases[][3] = {
        {"Time-up", "TIME_UP", "時間切れ"}, {"Resign", "TORYO", "投了"},
        {"SENNICHITE", "SENNICHITE", "千日手"}, {"Abort", "CHUDAN", "中断"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char kif[256];
        snprintf(kif, sizeof kif, "手合割：平手\n   1 ７六歩(77)   ( 0:01/00:00:01)\n"
                                  "   2 ３四歩(33)   ( 0:02/00:00:02)\n   3 %s   ( 0:03/00:00:04)\n",
                 cases[i][0]);
        bg_game *g = read_ok("kif", kif, strlen(kif), 0);
        ck_assert_int_eq(bg_game_ply_count(g), 2);
        ck_assert_str_eq(bg_game_tag(g, "Termination"), cases[i][1]);
        if (strcmp(cases[i][1], "TIME_UP") == 0 || strcmp(cases[i][1], "TORYO") == 0) {
            ck_assert_int_eq(bg_game_outcome(g), BG_WIN);
            ck_assert_uint_eq(bg_game_winners(g), 2u); /* sente, to move, lost */
        }
        char out[4096];
        ck_assert_int_gt(bg_game_export(g, "kif", out, sizeof out), 0);
        assert_contains(out, cases[i][2]);
        bg_game_free(g);
    }
}
END_TEST

/* An illegal move no foul follows is still the game's error (policy: only a recorded foul). */
START_TEST(illegal_move_without_foul)
{
    static const char csa[] = "PI\n+\n+7776FU\n-3334FU\n+7775FU\n%TORYO\n";
    static const char kif[] = "手合割：平手\n   1 ７六歩(77)\n   2 ３四歩(33)\n   3 ７五角(88)\n   4 投了\n";
    static const char ki2[] = "手合割：平手\n▲７六歩 △３四歩 ▲７五角\nまで3手で先手の勝ち\n";
    bg_game *g;
    char msg[256];
    ck_assert_int_eq(read_one("csa", csa, strlen(csa), BG_RECORD_LENIENT, &g, msg, sizeof msg),
                     BG_E_ILLEGAL_MOVE);
    ck_assert_int_eq(read_one("kif", kif, strlen(kif), BG_RECORD_LENIENT, &g, msg, sizeof msg),
                     BG_E_ILLEGAL_MOVE);
    assert_contains(msg, "ply 3");
    ck_assert_int_eq(read_one("ki2", ki2, strlen(ki2), BG_RECORD_LENIENT, &g, msg, sizeof msg),
                     BG_E_ILLEGAL_MOVE);
    /* The same CSA with the foul recorded (the record's %ILLEGAL_MOVE): read, strict too. */
    static const char fouled[] = "PI\n+\n+7776FU\n-3334FU\n+7775FU,T3\n%ILLEGAL_MOVE\n";
    g = read_ok("csa", fouled, strlen(fouled), 0);
    ck_assert_int_eq(bg_game_ply_count(g), 2);
    ck_assert_str_eq(bg_game_comment(g, 2), "illegal move: +7775FU");
    ck_assert_str_eq(bg_game_tag(g, "Termination"), "ILLEGAL_MOVE");
    ck_assert_uint_eq(bg_game_winners(g), 2u);
    bg_game_free(g);
}
END_TEST

/* floodgate's ' comments (shogi-server's floodgate-900-0-gps-20100507.csa) keep their places. */
START_TEST(csa_floodgate_comments)
{
    bg_game *g = read_file("csa", "csa/floodgate-900-0-gps-20100507.csa", 0);
    /* Line 16 "'rating:gps_normal+...": before the first move; line 19 "'** 0" after it. */
    assert_contains(bg_game_comment(g, 0), "rating:gps_normal+e293220e3f8a3e59f79f6b0efffaa931");
    assert_contains(bg_game_comment(g, 1), "** 0");
    /* Lines 491-493 after %TORYO: comments of the last ply. */
    assert_contains(bg_game_comment(g, 158), "summary:toryo:gps_normal lose:gps_l win");
    assert_contains(bg_game_comment(g, 158), "$END_TIME:2010/05/07 12:21:52");
    bg_game_free(g);
}
END_TEST

/* ---------- KIF and KI2 ---------- */

/* Shogi Club 24's record of github.com/mogproject/mog-playground/issues/285 (see below). */
static const char club24[] =
    "開始日時：2022/12/19 08:03:23\n終了日時：2022/12/19 08:06:21\n棋戦：R対局 持ち時間15分\n"
    "手合割：平手\n先手：ihachi(970)\n後手：LittleMage(646)\n手数----指手---------消費時間--\n"
    "1 ７六歩(77)   ( 0:01/00:00:01)\n2 ３四歩(33)   ( 0:01/00:00:01)\n"
    "3 ２六歩(27)   ( 0:02/00:00:03)\n4 ３五歩(34)   ( 0:04/00:00:05)\n"
    "5 ４六歩(47)   ( 0:01/00:00:04)\n6 ３二飛(82)   ( 0:02/00:00:07)\n"
    "7 ２二角成(88)   ( 0:01/00:00:05)\n8 ２二銀(31)   ( 0:02/00:00:09)\n"
    "9 ６五角打     ( 0:01/00:00:06)\n10 ３四角打     ( 0:01/00:00:10)\n"
    "11 ４五歩(46)   ( 0:03/00:00:09)\n12 ４五角(34)   ( 0:09/00:00:19)\n"
    "13 ７八金(69)   ( 0:04/00:00:13)\n14 ３六歩(35)   ( 0:11/00:00:30)\n"
    "15 ３六歩(37)   ( 0:03/00:00:16)\n16 ３六飛(32)   ( 0:12/00:00:42)\n"
    "17 ３八飛(28)   ( 0:02/00:00:18)\n18 ３七歩打     ( 0:28/00:01:10)\n"
    "19 ３七飛(38)   ( 0:03/00:00:21)\n20 ３七飛成(36)   ( 0:02/00:01:12)\n"
    "21 ３七桂(29)   ( 0:01/00:00:22)\n22 ２七角成(45)   ( 0:02/00:01:14)\n"
    "23 ３八銀(39)   ( 0:14/00:00:36)\n24 ２六馬(27)   ( 0:15/00:01:29)\n"
    "25 ４三角成(65)   ( 0:14/00:00:50)\n26 ３六歩打     ( 0:09/00:01:38)\n"
    "27 ４五桂(37)   ( 0:10/00:01:00)\n28 反則勝ち\n*王手放置の反則\nまで27手で後手の勝ち\n";

/*
** A game lost by an illegal move recorded with that move (always read). ShogiGUI
** (shogigui-illegal-move-hansoku.kifu lines 566-569: "281 同　玉(59)", "282 反則勝ち",
** "まで281手で後手の反則勝ち"); Shogi Club 24 as posted in github.com/mogproject/
** mog-playground/issues/285 ("27 ４五桂(37)" leaves sente's king to gote's horse, "28 反則勝ち",
** "*王手放置の反則", "まで27手で後手の勝ち"), which also has a comment after the terminal word.
*/
START_TEST(kif_foul_recorded)
{
    bg_game *g = read_file("kif", "kif/shogigui-illegal-move-hansoku.kifu", 0);
    ck_assert_int_eq(bg_game_ply_count(g), 280);
    assert_contains(bg_game_comment(g, 280), "\nillegal move: 281 同　玉(59)\n");
    ck_assert_str_eq(bg_game_tag(g, "Termination"), "ILLEGAL_MOVE");
    ck_assert_uint_eq(bg_game_winners(g), 2u);
    char *kif = export(g, "kif");
    assert_contains(kif, " 281 反則負け");
    assert_contains(kif, "まで280手で後手の反則勝ち\n");
    free(kif);
    bg_game_free(g);

    g = read_ok("kif", club24, strlen(club24), 0);
    ck_assert_int_eq(bg_game_ply_count(g), 26);
    ck_assert_str_eq(bg_game_tag(g, "Termination"), "ILLEGAL_MOVE");
    ck_assert_uint_eq(bg_game_winners(g), 2u);
    /* The move's time is the dropped move's, not kept; the comment after 反則勝ち is the last ply's. */
    ck_assert_str_eq(bg_game_comment(g, 26),
                     "[%emt 0:00:09]\nillegal move: 27 ４五桂(37)\n王手放置の反則");
    bg_game_free(g);
}
END_TEST

/*
** KI2 records a foul only in its summary: "まで2手で先手の反則負け" (Kifu for Windows,
** kifujs-illegal-hansoku-make-sjis.ki2 line 5), also after a recorded illegal move.
*/
START_TEST(ki2_foul_summary)
{
    bg_game *g = read_file("ki2", "ki2/kifujs-illegal-hansoku-make-sjis.ki2", 0);
    ck_assert_int_eq(bg_game_ply_count(g), 2);
    ck_assert_str_eq(bg_game_tag(g, "Termination"), "ILLEGAL_MOVE");
    ck_assert_uint_eq(bg_game_winners(g), 2u);
    /* Its variation ends "まで2手で先手の反則勝ち" and is kept as text. */
    ck_assert_int_eq(bg_game_variation_count(g, 1), 1);
    ck_assert_str_eq(bg_game_variation_at(g, 1, 0), "▲２六歩 △９四歩");
    bg_game_free(g);
    static const char dropped[] = "手合割：平手\n▲７六歩 △３四歩 ▲７五角\nまで3手で後手の反則勝ち\n";
    g = read_ok("ki2", dropped, strlen(dropped), 0);
    ck_assert_int_eq(bg_game_ply_count(g), 2);
    ck_assert_str_eq(bg_game_comment(g, 2), "illegal move: ▲７五角");
    ck_assert_uint_eq(bg_game_winners(g), 2u);
    bg_game_free(g);
}
END_TEST

/*
** 手合割 values no handicap has. With a board the board decides (always): IS-SHOGI writes
** "手合割：詰将棋　" over a tsume board (github.com/Marken-Foo/tsumemi tsumemi/test/test_kifus/
** testbranch.kif line 3). kif-parser's hand-made "手合割：平手#コメント2"
** (kifparser-handmade-hash-comments.kifu line 2) is 平手 in lenient mode.
*/
START_TEST(kif_unknown_handicap)
{
    static const char board[] =
        "手合割：詰将棋　\n後手の持駒：なし\n"
        "  ９ ８ ７ ６ ５ ４ ３ ２ １\n+---------------------------+\n"
        "| ・ ・ ・ ・ ・ ・ ・ ・v玉|一\n| ・ ・ ・ ・ ・ ・ ・ ・ ・|二\n"
        "| ・ ・ ・ ・ ・ ・ ・ 金 ・|三\n| ・ ・ ・ ・ ・ ・ ・ ・ ・|四\n"
        "| ・ ・ ・ ・ ・ ・ ・ ・ ・|五\n| ・ ・ ・ ・ ・ ・ ・ ・ ・|六\n"
        "| ・ ・ ・ ・ ・ ・ ・ ・ ・|七\n| ・ ・ ・ ・ ・ ・ ・ ・ ・|八\n"
        "| ・ ・ ・ ・ ・ ・ ・ ・ ・|九\n+---------------------------+\n"
        "先手の持駒：金　\n先手番\n手数----指手---------消費時間--\n"
        "   1 １二金打     ( 0:00/00:00:00)\n   2 詰み\n";
    bg_game *g = read_ok("kif", board, strlen(board), 0);
    char msg[256];
    ck_assert_int_eq(bg_game_ply_count(g), 1);
    ck_assert_int_eq(bg_game_reason(g), BG_REASON_CHECKMATE);
    bg_game_free(g);
    /* Without a board, an unknown name is an error that names it. */
    static const char none[] = "手合割：詰将棋\n   1 ７六歩(77)\n";
    ck_assert_int_eq(read_one("kif", none, strlen(none), BG_RECORD_LENIENT, &g, msg, sizeof msg),
                     BG_E_PARSE);
    assert_contains(msg, "unknown 手合割 '詰将棋'");
    /* "平手#コメント2": strict names the way out, lenient reads 平手. */
    size_t len;
    char *text = slurp("kif/kifparser-handmade-hash-comments.kifu", &len);
    ck_assert_int_eq(read_one("kif", text, len, 0, &g, msg, sizeof msg), BG_E_PARSE);
    assert_contains(msg, "lenient mode reads '#' as a comment");
    g = read_ok("kif", text, len, BG_RECORD_LENIENT);
    char sfen[128];
    bg_position_text(bg_game_start_position(g), NULL, sfen, sizeof sfen);
    ck_assert_str_eq(sfen, "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1");
    /* "#コメント7" after a move's time: a comment of that move (lenient). */
    ck_assert_str_eq(bg_game_comment(g, 1), "[%emt 0:00:00]\nコメント7");
    ck_assert_str_eq(bg_game_tag(g, "TerminationTime"), "0:00:24");
    bg_game_free(g);
    free(text);
}
END_TEST

/*
** IS-SHOGI's second time column (testbranch.kif line 23: "   1 ２四桂打     ( 0:00/00:00:00)
** ( 0:00/00:00:00)"), lenient; '#' lines after the moves ("#--separator--", its line 37) are
** comments of the game, not a new one (always).
*/
START_TEST(kif_is_shogi)
{
    static const char text[] =
        "# ---- 柿木将棋形式棋譜ファイル\n# ----   generated by IS-SHOGI\n手合割：平手\n"
        "手数----指手---------消費時間--\n"
        "   1 ７六歩(77)   ( 0:00/00:00:00) ( 0:00/00:00:00)\n"
        "   2 ３四歩(33)   ( 0:03/00:00:03) ( 0:00/00:00:00)\n"
        "#--separator--\n";
    bg_game *g;
    char msg[256];
    ck_assert_int_eq(read_one("kif", text, strlen(text), 0, &g, msg, sizeof msg), BG_E_PARSE);
    assert_contains(msg, "unexpected text after the move");
    g = read_ok("kif", text, strlen(text), BG_RECORD_LENIENT);
    ck_assert_int_eq(bg_game_ply_count(g), 2);
    ck_assert_str_eq(bg_game_comment(g, 2), "[%emt 0:00:03]");
    bg_game_free(g);
    /* Two such games in one file are two games, not three. */
    size_t n = strlen(text);
    char *two = malloc(2 * n + 1);
    memcpy(two, text, n);
    memcpy(two + n, text, n + 1);
    bg_record_reader *r = NULL;
    ck_assert_int_eq(bg_record_reader_open_memory(&r, bg_variant_find("shogi"), "kif", two, 2 * n,
                                                  NULL, BG_RECORD_LENIENT, NULL, NULL),
                     BG_OK);
    int games = 0;
    bg_error e = BG_ERROR_INIT;
    while (bg_record_reader_next(r, &g, &e) == BG_OK) {
        ck_assert_int_eq(bg_game_ply_count(g), 2);
        bg_game_free(g);
        games++;
    }
    ck_assert_int_eq(games, 2);
    bg_record_reader_free(r);
    free(two);
}
END_TEST

/*
** A later variation block must not be dropped (issue 13: "変化：5手目" after a "変化：3手目"
** block). Kifu for Windows writes a line's blocks after it, the deepest first, and marks the
** moves they replace with '+': a block goes to the latest line that holds its ply, the marked one
** when the file marks branches. kifujs-henka-sjis.kif (Kifu for Windows) keeps its reading.
*/
START_TEST(kif_variation_order)
{
    static const char text[] =
        "手合割：平手\n   1 ７六歩(77)\n   2 ３四歩(33)+\n   3 ２六歩(27)\n   4 ８四歩(83)+\n"
        "   5 ２五歩(26)\n   6 ８五歩(84)\n\n変化：2手\n   2 ８四歩(83)\n   3 ２六歩(27)\n\n"
        "変化：4手\n   4 ３二金(41)\n";
    bg_game *g = read_ok("kif", text, strlen(text), 0);
    ck_assert_int_eq(bg_game_variation_count(g, 2), 1);
    ck_assert_str_eq(bg_game_variation_at(g, 2, 0), "８四歩(83) ２六歩(27)");
    ck_assert_int_eq(bg_game_variation_count(g, 4), 1);
    ck_assert_str_eq(bg_game_variation_at(g, 4, 0), "３二金(41)");
    bg_game_free(g);
    /* A longer block of ply 2 whose move 4 is not marked: the block of 4 is still the main line's. */
    static const char longer[] =
        "手合割：平手\n   1 ７六歩(77)\n   2 ３四歩(33)+\n   3 ２六歩(27)\n   4 ８四歩(83)+\n"
        "   5 ２五歩(26)\n\n変化：2手\n   2 ８四歩(83)\n   3 ２六歩(27)\n   4 ８五歩(84)\n\n"
        "変化：4手\n   4 ３二金(41)\n";
    g = read_ok("kif", longer, strlen(longer), 0);
    ck_assert_int_eq(bg_game_variation_count(g, 4), 1);
    ck_assert_str_eq(bg_game_variation_at(g, 2, 0), "８四歩(83) ２六歩(27) ８五歩(84)");
    bg_game_free(g);
    /* Without marks (Shogidokoro's forks.kifu style) the latest line holding the ply wins. */
    static const char unmarked[] =
        "手合割：平手\n   1 ７六歩(77)\n   2 ３四歩(33)\n   3 ２六歩(27)\n   4 ８四歩(83)\n"
        "   5 ２五歩(26)\n\n変化：2手\n   2 ８四歩(83)\n   3 ２六歩(27)\n   4 ８五歩(84)\n\n"
        "変化：4手\n   4 ３二金(41)\n";
    g = read_ok("kif", unmarked, strlen(unmarked), 0);
    ck_assert_int_eq(bg_game_variation_count(g, 4), 0);
    ck_assert_str_eq(bg_game_variation_at(g, 2, 0), "８四歩(83) ２六歩(27) ８五歩(84) (３二金(41))");
    bg_game_free(g);
    g = read_file("kif", "kif/kifujs-henka-sjis.kif", 0);
    ck_assert_int_eq(bg_game_variation_count(g, 3), 2);
    ck_assert_int_eq(bg_game_variation_count(g, 2), 1);
    ck_assert_int_eq(bg_game_variation_count(g, 1), 1);
    ck_assert_str_eq(bg_game_variation_at(g, 1, 0),
                     "２六歩(27) ８四歩(83) (３四歩(33) ７六歩(77) ４四歩(43) ４八銀(39) 中断) "
                     "２五歩(26) ８五歩(84) ７八金(69) ３二金(41) 中断");
    bg_game_free(g);
}
END_TEST

/* ---------- allocation failures ---------- */

/*
** Every allocation of reading the dialects (lenient) and writing the games back fails in turn:
** a clean BG_E_NO_MEMORY, nothing leaked, and at last the whole file read.
*/
static void alloc_walk(const char *format, const char *text, size_t len, const char *what)
{
    int done = 0;
    long steps = 0;
    for (long n = 0; n < 50000 && !done; n++) {
        au_counter f = {.fail_at = n + 1};
        bg_allocator a = BG_ALLOCATOR_INIT(au_alloc, &f);
        bg_record_reader *r = NULL;
        bg_status s = bg_record_reader_open_memory(&r, bg_variant_find("shogi"), format, text, len,
                                                   NULL, BG_RECORD_LENIENT, &a, NULL);
        int games, exported;
        s = ar_read_export(r, s, format, what, &games, &exported);
        bg_record_reader_free(r);
        ck_assert_msg(f.live_blocks == 0, "%s: %ld blocks leaked at step %ld", what, f.live_blocks, n);
        done = s == BG_E_END && games == 1 && exported == 1 && f.refused == 0;
        steps = n;
    }
    ck_assert_msg(done, "%s never completed", what);
    printf("# allocation failures: %s, %ld steps\n", what, steps);
}

START_TEST(allocation_failures)
{
    static const char *const files[][2] = {
        {"csa", "csa/81dojo-4471112-illegal-move-server-lines.csa"},
        {"csa", "csa/kifujs-chudan-end-time-sjis.csa"},
        {"kif", "kif/kifparser-handmade-hash-comments.kifu"},
        {"ki2", "ki2/kifujs-illegal-hansoku-make-sjis.ki2"},
    };
    for (size_t k = 0; k < sizeof files / sizeof files[0]; k++) {
        size_t len;
        char *text = slurp(files[k][1], &len);
        alloc_walk(files[k][0], text, len, files[k][1]);
        free(text);
    }
    alloc_walk("kif", club24, strlen(club24), "Shogi Club 24 foul");
}
END_TEST

/* ---------- byte ranges ---------- */

/* The games (ply counts, -1 for an error) of [start, end) of a text. */
static int read_range(const char *format, const char *text, size_t len, uint64_t start,
                      uint64_t end, unsigned flags, int *plies, int cap)
{
    bg_record_reader *r = NULL;
    ck_assert_int_eq(bg_record_reader_open_memory(&r, bg_variant_find("shogi"), format, text, len,
                                                  NULL, flags, NULL, NULL),
                     BG_OK);
    ck_assert_int_eq(bg_record_reader_set_range(r, start, end), BG_OK);
    int n = 0;
    bg_game *g;
    bg_error e;
    bg_status s;
    while (fx_next(r, &s, &g, &e)) {
        ck_assert_int_lt(n, cap);
        plies[n++] = s == BG_OK ? bg_game_ply_count(g) : -1;
        bg_game_free(g);
    }
    bg_record_reader_free(r);
    return n;
}

/*
** Files with the new line kinds (81Dojo's "To_Move:" and "I+" header lines, KIF '#' comment
** lines after the moves) split at every line start, and next to it, read as the whole.
*/
START_TEST(dialect_ranges)
{
    static const char *const files[][2] = {
        {"csa", "csa/81dojo-4471112-illegal-move-server-lines.csa"},
        {"kif", "kif/kifparser-handmade-hash-comments.kifu"},
    };
    const char *format = files[_i][0];
    size_t one;
    char *game = slurp(files[_i][1], &one);
    /* Three copies, '/' between CSA games. */
    const char *sep = strcmp(format, "csa") == 0 ? "/\n" : "";
    size_t sl = strlen(sep), n = 3 * one + 2 * sl;
    char *text = malloc(n + 1);
    for (int k = 0; k < 3; k++) {
        memcpy(text + k * (one + sl), game, one);
        if (k < 2)
            memcpy(text + k * (one + sl) + one, sep, sl);
    }
    text[n] = 0;
    int whole[8], parts[8];
    int nw = read_range(format, text, n, 0, 0, BG_RECORD_LENIENT, whole, 8);
    ck_assert_int_eq(nw, 3);
    for (int k = 0; k < 3; k++)
        ck_assert_int_gt(whole[k], 0);
    int splits = 0;
    for (size_t i = 0; i < n; i++) {
        if (i > 0 && text[i - 1] != '\n')
            continue;
        for (int d = -1; d <= 1; d++) {
            /* A range end of 0 means "to the end": split strictly inside the text. */
            if ((d <= 0 && i == 0) || i + (size_t)(d + 1) > n)
                continue;
            size_t a = i + (size_t)d;
            int np = read_range(format, text, n, 0, a, BG_RECORD_LENIENT, parts, 8);
            np += read_range(format, text, n, a, 0, BG_RECORD_LENIENT, parts + np, 8 - np);
            ck_assert_msg(np == nw, "%s split at %zu: %d games, expected %d", format, a, np, nw);
            for (int k = 0; k < nw; k++)
                ck_assert_int_eq(parts[k], whole[k]);
            splits++;
        }
    }
    ck_assert_int_gt(splits, 20);
    free(text);
    free(game);
}
END_TEST

int main(int argc, char **argv)
{
    if (argc > 1)
        real_dir = argv[1];
    TCase *tc = one_case("shoginotation-dialects", "dialects", 120);
    ADD_TESTS(tc, csa_comment_after_comma, csa_ending_time, csa_repeated_ending, csa_server_lines,
              kif_english_endings,
              illegal_move_without_foul, csa_floodgate_comments, kif_foul_recorded,
              ki2_foul_summary, kif_unknown_handicap, kif_is_shogi, kif_variation_order,
              allocation_failures);
    tcase_add_loop_test(tc, dialect_ranges, 0, 2);
    return run_cases();
}
