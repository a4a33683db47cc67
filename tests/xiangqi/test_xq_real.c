/* Xiangqi PGN as real files write it: each dialect read from a real example (source quoted), and every file of tests/data/real/xiangqi with its expected games and plies. */
#include <check.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <boardgames/boardgames.h>

#include "check_main.h"
#include "fixtures.h"

#ifndef XQ_REAL_DATA
#error "XQ_REAL_DATA must name tests/data/real/xiangqi"
#endif

static fx_blob read_file(const char *name) { return fx_read_blob(XQ_REAL_DATA, name); }

static bg_record_reader *open_blob(const fx_blob *b, unsigned flags)
{
    return fx_reader("xiangqi", "pgn", b->data, b->len, flags);
}

/* The next game of r, which must read. */
static bg_game *next_ok(bg_record_reader *r, const char *what)
{
    bg_game *g = NULL;
    bg_error e = BG_ERROR_INIT;
    bg_status s = bg_record_reader_next(r, &g, &e);
    ck_assert_msg(s == BG_OK, "%s: %s (%s)", what, bg_strerror(s), e.message);
    ck_assert_ptr_nonnull(g);
    return g;
}

static void no_more(bg_record_reader *r, const char *what)
{
    bg_game *g = NULL;
    bg_error e = BG_ERROR_INIT;
    bg_status s = bg_record_reader_next(r, &g, &e);
    ck_assert_msg(s == BG_E_END, "%s: expected the end, got %s (%s)", what, bg_strerror(s),
                  e.message);
}

/* The one game of a real file. */
static bg_game *only_game(const char *name, unsigned flags)
{
    fx_blob b = read_file(name);
    bg_record_reader *r = open_blob(&b, flags);
    bg_game *g = next_ok(r, name);
    no_more(r, name);
    bg_record_reader_free(r);
    free(b.data);
    return g;
}

/* The main line of g in one notation, moves separated by spaces (caller frees). */
static char *line_of(const bg_game *g, const char *notation)
{
    int n = bg_game_line_text(g, notation, NULL, 0);
    ck_assert_int_ge(n, 0);
    char *buf = malloc((size_t)n + 1);
    ck_assert_ptr_nonnull(buf);
    ck_assert_int_eq(bg_game_line_text(g, notation, buf, (size_t)n + 1), n);
    return buf;
}

/* ---------- Big5 and GBK ---------- */

START_TEST(legacy_encodings)
{
    /* CCPD Dataset/中局/00002283.pgn, Big5, line 2: [Event "第4屆全運會棋賽 第182局 借外力一舉成功"]
       ends with 功 = A5 5C, so its raw bytes end the value with \" (105 CCPD files end a tag so,
       7,038 have a 5C trail byte in their tags): the text is decoded before the tags are read. */
    bg_game *g = only_game("ccpd-big5-backslash-before-quote.pgn", 0);
    ck_assert_str_eq(bg_game_tag(g, "Event"), "第4屆全運會棋賽 第182局 借外力一舉成功");
    ck_assert_str_eq(bg_game_tag(g, "Black"), "任建平");
    ck_assert_int_eq(bg_game_ply_count(g), 12);
    bg_game_free(g);

    /* xqbase/eleeye CCGC/01.宝岛一号(先负)相眼竞技(A1-A2).PGN, GBK with CRLF: simplified names. */
    g = only_game("eleeye-ccgc-gbk-crlf.pgn", 0);
    ck_assert_str_eq(bg_game_tag(g, "Site"), "北京中国科技馆");
    ck_assert_str_eq(bg_game_tag(g, "Black"), "相眼竞技");
    bg_game_free(g);

    /* An error in a Big5 game is reported at its offset in the file's bytes: the CCPD game with
       its first move changed to an illegal one (line 14, "1. 馬２進４" -> "1. 馬２進５"). */
    fx_blob b = read_file("ccpd-big5-backslash-before-quote.pgn");
    char *at = strstr(b.data, "\n1. ");
    ck_assert_ptr_nonnull(at);
    ck_assert_int_eq((unsigned char)at[10], 0xa2); /* 馬 ２ 進 ４: full-width 4 is A2 B3 */
    ck_assert_int_eq((unsigned char)at[11], 0xb3);
    at[11] = (char)0xb4; /* full-width 5 */
    bg_record_reader *r = open_blob(&b, 0);
    bg_error e = BG_ERROR_INIT;
    ck_assert_int_eq(bg_record_reader_next(r, &g, &e), BG_E_ILLEGAL_MOVE);
    ck_assert_int_eq(e.line, 14);
    ck_assert_int_eq(e.ply, 1);
    ck_assert_uint_eq(e.offset, (size_t)(at + 4 - b.data));
    no_more(r, "changed");
    bg_record_reader_free(r);
    free(b.data);
}
END_TEST

/* ---------- tag values with unescaped quotes ---------- */

START_TEST(inner_quotes)
{
    /* CCPD Dataset/中局/00000089.pgn, Big5: line 2 [Event "首屆"味極王杯"象棋精英賽 004"], line 6
       [Red "許銀川"] (許 is B3 5C in Big5: decoding comes first, so its '\' byte escapes nothing). */
    bg_game *g = only_game("ccpd-big5-inner-quotes-xu.pgn", 0);
    fx_expect_tags(g, "Event=首屆\"味極王杯\"象棋精英賽 004; Red=許銀川; Black=熊學元");
    ck_assert_int_eq(bg_game_ply_count(g), 13);
    bg_game_free(g);

    /* wukong-xiangqi xqdb/xqdb/Liu_Dahua_1125_UCI_games.pgn game 758 (line 13 of the sample):
       [Event ""Huangshan Cup" National GM,CM Tournament 2002"]; the games after it keep their
       places. */
    fx_blob b = read_file("wukong-iccs-inner-quotes.pgn");
    bg_record_reader *r = open_blob(&b, 0);
    static const char *const red[] = {"LIU DaHua", "LIU DaHua", "XU YinChuan", "YU YouHua",
                                      "LIU DaHua"};
    for (int i = 0; i < 5; i++) {
        g = next_ok(r, "wukong-iccs-inner-quotes.pgn");
        ck_assert_str_eq(bg_game_tag(g, "Red"), red[i]);
        ck_assert_int_eq(bg_record_reader_games(r), i + 1);
        if (i == 2)
            ck_assert_str_eq(bg_game_tag(g, "Event"),
                             "\"Huangshan Cup\" National GM,CM Tournament 2002");
        bg_game_free(g);
    }
    no_more(r, "wukong-iccs-inner-quotes.pgn");
    bg_record_reader_free(r);
    free(b.data);
}
END_TEST

/* ---------- XQWizard's trailer ---------- */

START_TEST(xqwizard_trailer)
{
    /* XQWizard (象棋巫师) exports, GBK: after the result a line of '=' and a note, e.g.
       walker8088/cchess tests/data/test.pgn lines 27-30 "======================", "欢迎访问象棋
       百科全书网", "推荐用象棋巫师观赏棋谱", "http://www.xqbase.com/"; xqbase/eleeye CCGC/01.*.PGN
       (CRLF) line 28; cchess 中炮对列炮黑先平士角炮.pgn line 29 "  =========" (indented). */
    static const struct {
        const char *file;
        int plies;
        const char *result, *red;
    } files[] = {
        {"cchess-gbk-equals-trailer.pgn", 25, "*", "象棋巫师(大师)"},
        {"cchess-gbk-black-first-trailer.pgn", 23, NULL, ""},
        {"eleeye-ccgc-gbk-crlf.pgn", 26, "0-1", "宝岛一号"},
    };
    for (size_t i = 0; i < sizeof files / sizeof files[0]; i++) {
        for (unsigned flags = 0; flags <= BG_RECORD_LENIENT; flags += BG_RECORD_LENIENT) {
            bg_game *g = only_game(files[i].file, flags);
            ck_assert_msg(bg_game_ply_count(g) == files[i].plies, "%s: %d plies", files[i].file,
                          bg_game_ply_count(g));
            if (files[i].result)
                ck_assert_str_eq(bg_game_tag(g, "Result"), files[i].result);
            ck_assert_str_eq(bg_game_tag(g, "Red"), files[i].red);
            bg_game_free(g);
        }
    }

    /* The trailer ends its game only: a game after it is read, with its own line numbers. */
    fx_blob a = read_file("eleeye-ccgc-gbk-crlf.pgn"), b = read_file("ccpd-big5-inner-quotes-xu.pgn");
    fx_blob both = {malloc(a.len + b.len + 2), a.len + b.len + 1};
    ck_assert_ptr_nonnull(both.data);
    memcpy(both.data, a.data, a.len);
    both.data[a.len] = '\n';
    memcpy(both.data + a.len + 1, b.data, b.len + 1);
    bg_record_reader *r = open_blob(&both, 0);
    bg_game *g = next_ok(r, "eleeye + ccpd");
    ck_assert_int_eq(bg_game_ply_count(g), 26);
    bg_game_free(g);
    g = next_ok(r, "eleeye + ccpd");
    ck_assert_str_eq(bg_game_tag(g, "Red"), "許銀川");
    ck_assert_int_eq(bg_game_ply_count(g), 13);
    ck_assert_int_eq(bg_record_reader_games(r), 2);
    bg_game_free(g);
    no_more(r, "eleeye + ccpd");
    bg_record_reader_free(r);

    /* Without its result the game still ends at the trailer; a lone '=' run inside the moves
       (not on a line of its own) is no trailer but an error of that game. */
    const char *text = "[Game \"Chinese Chess\"]\n1. 炮二平五 马８进７\n  =====\n欢迎\n"
                       "[Game \"Chinese Chess\"]\n1. 炮二平五 ===\n";
    fx_blob t = {(char *)text, strlen(text)};
    r = open_blob(&t, 0);
    g = next_ok(r, "no result");
    ck_assert_int_eq(bg_game_ply_count(g), 2);
    bg_game_free(g);
    bg_error e = BG_ERROR_INIT;
    ck_assert_int_eq(bg_record_reader_next(r, &g, &e), BG_E_PARSE);
    ck_assert_int_eq(e.line, 6);
    ck_assert_int_eq(e.ply, 2);
    no_more(r, "no result");
    bg_record_reader_free(r);
    free(both.data);
    free(a.data);
    free(b.data);
}
END_TEST

/* ---------- full-width WXF and the sign-first tandem form ---------- */

START_TEST(fullwidth_wxf)
{
    /* wukong-xiangqi xqdb/games_pgn/xqdb_international.pgn (wxf.ca games via DPXQ): full-width
       WXF "1. Ｃ２＝５ Ｈ８＋７" (line 5), tandem pieces sign first "46. Ｅ３＋５ ＋Ｐ＋１" (line 5)
       and "－Ｒ＝７"; xqdb_traditional.pgn holds the same 15 games in Chinese ("前卒进１"): both
       read to the same moves, so the sign-first form means what 前/后 mean. */
    static const int plies[15] = {127, 76, 104, 73, 120, 107, 43, 95, 99, 85, 81, 124, 125, 45, 74};
    fx_blob w = read_file("wukong-fullwidth-wxf.pgn"), c = read_file("wukong-chinese-no-result.pgn");
    bg_record_reader *rw = open_blob(&w, 0), *rc = open_blob(&c, 0);
    for (int i = 0; i < 15; i++) {
        bg_game *gw = next_ok(rw, "wukong-fullwidth-wxf.pgn");
        bg_game *gc = next_ok(rc, "wukong-chinese-no-result.pgn");
        ck_assert_int_eq(bg_game_ply_count(gw), plies[i]);
        char *a = line_of(gw, "uci"), *b = line_of(gc, "uci");
        ck_assert_msg(strcmp(a, b) == 0, "game %d: WXF %s\nChinese %s", i + 1, a, b);
        ck_assert_str_eq(bg_game_tag(gw, "Red"), bg_game_tag(gc, "Red"));
        free(a);
        free(b);
        bg_game_free(gw);
        bg_game_free(gc);
    }
    no_more(rw, "wukong-fullwidth-wxf.pgn");
    no_more(rc, "wukong-chinese-no-result.pgn");
    bg_record_reader_free(rw);
    bg_record_reader_free(rc);
    free(w.data);
    free(c.data);
}
END_TEST

/* ---------- WinBoard's algebraic moves ---------- */

START_TEST(unknown_format_value)
{
    /* hbsxcjp/cchess's 01.pgn writes [Format "zh"] over Chinese moves: lenient reads the moves
       in the notation they are in, strict refuses the tag. */
    static const char text[] = "[Game \"Chinese Chess\"]\n[Format \"zh\"]\n\n"
                               "1. 炮二平五 马8进7 *\n";
    bg_game *g = NULL;
    bg_error e = BG_ERROR_INIT;
    bg_record_reader *r = NULL;
    ck_assert_int_eq(bg_record_reader_open_memory(&r, bg_variant_find("xiangqi"), "pgn", text,
                                                  strlen(text), NULL, BG_RECORD_LENIENT, NULL, NULL),
                     BG_OK);
    ck_assert_int_eq(bg_record_reader_next(r, &g, &e), BG_OK);
    char *iccs = line_of(g, "iccs");
    ck_assert_str_eq(iccs, "h2e2 h9g7");
    free(iccs);
    bg_game_free(g);
    bg_record_reader_free(r);
    ck_assert_int_eq(bg_record_reader_open_memory(&r, bg_variant_find("xiangqi"), "pgn", text,
                                                  strlen(text), NULL, 0, NULL, NULL),
                     BG_OK);
    ck_assert_int_eq(bg_record_reader_next(r, &g, &e), BG_E_UNSUPPORTED);
    ck_assert_ptr_nonnull(strstr(e.message, "\"zh\""));
    bg_record_reader_free(r);
}
END_TEST

START_TEST(winboard_san)
{
    /* wukong-xiangqi pgn/WukongJS_1.0_(UCI2WB)-MaxQi_4.8F(1-0).pgn, saved by WinBoard:
       [Variant "xiangqi"], "1. Che2 {+0,10/7} Cbg7 ... 5. Afe1 ... 27. Hf4 {...} axa3 ... 28. Hb0
       ab3 ... 44. Hf7#" on ICCS points (ranks 0-9). Fairy-Stockfish 11.1 given the same moves in
       uci reaches the same last position, black without a move: red wins by stalemate. Read in
       lenient mode only (Fairy-Stockfish writes such moves with ranks from 1). */
    bg_game *g = only_game("wukong-winboard-san.pgn", BG_RECORD_LENIENT);
    ck_assert_int_eq(bg_game_ply_count(g), 87);
    char fen[128];
    ck_assert_int_gt(bg_position_text(bg_game_position(g), NULL, fen, sizeof fen), 0);
    ck_assert_str_eq(fen, "3ak4/4ac3/4RNN2/9/9/9/8P/9/4A4/2BAK1B2 b - - 12 44");
    ck_assert_int_eq(bg_game_outcome(g), BG_WIN);
    ck_assert_uint_eq(bg_game_winners(g), 1u);
    ck_assert_int_eq(bg_game_reason(g), BG_REASON_STALEMATE);
    char *iccs = line_of(g, "iccs");
    ck_assert_str_eq(strtok(iccs, " "), "h2e2"); /* Che2 */
    ck_assert_str_eq(strtok(NULL, " "), "b7g7"); /* Cbg7: the b-file cannon, not h7's */
    free(iccs);
    bg_game_free(g);

    fx_blob b = read_file("wukong-winboard-san.pgn");
    bg_record_reader *r = open_blob(&b, 0);
    bg_error e = BG_ERROR_INIT;
    ck_assert_int_eq(bg_record_reader_next(r, &g, &e), BG_E_PARSE);
    ck_assert_int_eq(e.line, 12);
    ck_assert_int_eq(e.ply, 1);
    ck_assert_ptr_nonnull(strstr(e.message, "lenient"));
    no_more(r, "strict");
    bg_record_reader_free(r);
    free(b.data);

    /* Exactly one move must fit: the text is refused rather than read as another move. Ranks
       count from 0 unless the game names rank 10 and never rank 0 (Fairy-Stockfish's SAN). */
    static const struct {
        const char *moves;
        bg_status want;
        const char *iccs;
    } cases[] = {
        {"1. Ch2-e2 Hh9-g7 2. e4", BG_OK, "h2e2 h9g7 e3e4"},
        {"1. Che2 Hg7 2. Cxe6+", BG_OK, "h2e2 h9g7 e2e6"},
        {"1. Ce2", BG_E_AMBIGUOUS_MOVE, NULL},  /* both cannons reach e2 */
        {"1. Cxe2", BG_E_ILLEGAL_MOVE, NULL},   /* no capture there */
        {"1. Ch9e2", BG_E_ILLEGAL_MOVE, NULL},  /* no cannon on h9 */
        {"1. Che3", BG_E_ILLEGAL_MOVE, NULL},   /* from 1 it would be Che2, but nothing says so */
        {"1. Che3 Hg8 2. Hc3 Ri9 3. Hg3 Ri10", BG_OK, "h2e2 h9g7 b0c2 i9i8 h0g2 i8i9"},
        {"1. Che3 Hg8 2. Hc3 Ri9 3. Hg3 Ri10 4. Rb1", BG_OK,
         "h2e2 h9g7 b0c2 i9i8 h0g2 i8i9 a0b0"},
        {"1. Che2 Ri8 2. Ra1 Ri9 3. Ra0", BG_OK, "h2e2 i9i8 a0a1 i8i9 a1a0"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char text[256];
        snprintf(text, sizeof text, "[Variant \"xiangqi\"]\n\n%s *\n", cases[i].moves);
        fx_blob t = {text, strlen(text)};
        r = open_blob(&t, BG_RECORD_LENIENT);
        g = NULL;
        bg_error e2 = BG_ERROR_INIT;
        bg_status s = bg_record_reader_next(r, &g, &e2);
        ck_assert_msg(s == cases[i].want, "'%s': %s (%s)", cases[i].moves, bg_strerror(s),
                      e2.message);
        if (s == BG_OK) {
            iccs = line_of(g, "iccs");
            ck_assert_str_eq(iccs, cases[i].iccs);
            free(iccs);
            bg_game_free(g);
        } else {
            ck_assert_ptr_nonnull(strstr(e2.message, "algebraic move"));
            ck_assert_int_eq(e2.line, 3);
        }
        bg_record_reader_free(r);
    }

    /* Looking ahead for how the ranks count goes through any text (a stray '}' here). */
    const char *stray = "[Variant \"xiangqi\"]\n\n1. Che2 } Hg7 *\n";
    fx_blob t = {(char *)stray, strlen(stray)};
    r = open_blob(&t, BG_RECORD_LENIENT);
    ck_assert_int_eq(bg_record_reader_next(r, &g, &e), BG_E_PARSE);
    ck_assert_ptr_nonnull(strstr(e.message, "'}'"));
    no_more(r, "stray");
    bg_record_reader_free(r);
}
END_TEST

/* ---------- a record that plays past the library's ending ---------- */

START_TEST(played_past_perpetual_check)
{
    /* CCPD Dataset/中局/00000249.pgn: black checks 車４進１ / 車４退１ against 帥五進一 / 帥五退一
       (plies 3-11); the library judges black's perpetual check at ply 11 (red wins), the arbiter
       let play go on ("7. 帥五進一 馬７進８") and the record ends [Result "0-1"] after 31 plies. */
    for (unsigned flags = 0; flags <= BG_RECORD_LENIENT; flags += BG_RECORD_LENIENT) {
        bg_game *g = only_game("ccpd-big5-perpetual-check-played-past.pgn", flags);
        ck_assert_int_eq(bg_game_ply_count(g), 31);
        ck_assert_int_eq(bg_game_outcome(g), BG_WIN);
        ck_assert_uint_eq(bg_game_winners(g), 2u); /* black */
        ck_assert_int_eq(bg_game_reason(g), BG_REASON_RESIGNATION);

        /* The premise: played as a game, the same moves end at ply 11 by perpetual check. */
        bg_game *h = NULL;
        char fen[128];
        ck_assert_int_gt(bg_position_text(bg_game_start_position(g), NULL, fen, sizeof fen), 0);
        ck_assert_int_eq(bg_game_new_from_text(&h, bg_variant_find("xiangqi"), fen, NULL, NULL, 0,
                                               NULL, NULL),
                         BG_OK);
        for (int i = 0; i < 11; i++)
            ck_assert_int_eq(bg_game_play(h, bg_game_move_at(g, i)), BG_OK);
        ck_assert_int_eq(bg_game_outcome(h), BG_WIN);
        ck_assert_uint_eq(bg_game_winners(h), 1u);
        ck_assert_int_eq(bg_game_reason(h), BG_REASON_PERPETUAL_CHECK);
        ck_assert_int_eq(bg_game_play(h, bg_game_move_at(g, 11)), BG_E_GAME_OVER);

        /* The same moves as a move list (WXF, as bgtool convert --from wxf plays them): each
           with bg_game_play_record, to the end, and the game undecided (a list has no result). */
        char *wxf = line_of(g, "wxf");
        ck_assert_str_eq(wxf, "R7.4 C-.3 R4+1 K5+1 R4-1 K5-1 R4+1 K5+1 R4-1 K5-1 R4+1 K5+1 H7+8 "
                              "R3.2 P5+1 H6-4 R3.4 R8-4 C4.1 K5.4 R-+3 C3-2 R+-3 A4+5 R+.5 H4-2 "
                              "R5.1 P7+1 R4.6 A5+4 R1+2");
        bg_game *l = NULL;
        ck_assert_int_eq(bg_game_new_from_text(&l, bg_variant_find("xiangqi"), fen, NULL, NULL, 0,
                                               NULL, NULL),
                         BG_OK);
        int n = 0;
        for (char *mv = strtok(wxf, " "); mv; mv = strtok(NULL, " "), n++) {
            bg_move m;
            ck_assert_int_eq(bg_move_parse(bg_game_position(l), mv, "wxf", 0, &m, NULL), BG_OK);
            ck_assert_msg(bg_game_play_record(l, m) == BG_OK, "ply %d: %s", n + 1,
                          bg_game_errmsg(l));
        }
        ck_assert_int_eq(n, 31);
        ck_assert_int_eq(bg_game_outcome(l), BG_ONGOING);

        /* Export writes the record's result, and reads back the same. */
        int len = bg_game_export(g, "pgn", NULL, 0);
        ck_assert_int_gt(len, 0);
        char *out = malloc((size_t)len + 1);
        ck_assert_ptr_nonnull(out);
        ck_assert_int_eq(bg_game_export(g, "pgn", out, (size_t)len + 1), len);
        ck_assert_ptr_nonnull(strstr(out, "[Result \"0-1\"]"));
        fx_blob b = {out, (size_t)len};
        bg_record_reader *r = open_blob(&b, flags);
        bg_game *back = next_ok(r, "export");
        ck_assert_int_eq(bg_game_ply_count(back), 31);
        ck_assert_int_eq(bg_game_outcome(back), BG_WIN);
        ck_assert_uint_eq(bg_game_winners(back), 2u);
        ck_assert_int_eq(bg_game_reason(back), BG_REASON_RESIGNATION);
        bg_game_free(back);
        bg_record_reader_free(r);
        free(out);
        free(wxf);
        bg_game_free(l);
        bg_game_free(h);
        bg_game_free(g);
    }
}
END_TEST

/*
** What the record's result does not change: a record that never passed an ending keeps the moves'
** result (ongoing with its Result tag), one that ends on an ending keeps it, and "*" after a
** passed ending leaves the game undecided.
*/
START_TEST(record_result_only_past_an_ending)
{
    /* eleeye CCGC/01 (0-1, resigned on the board, no ending passed): undecided, Result kept. */
    bg_game *g = only_game("eleeye-ccgc-gbk-crlf.pgn", 0);
    ck_assert_int_eq(bg_game_outcome(g), BG_ONGOING);
    ck_assert_str_eq(bg_game_tag(g, "Result"), "0-1");
    bg_game_free(g);

    /* The moves of the game above cut after the repetition at ply 11, then "*", "1/2-1/2", or a
       Result tag that the game's own ending at the last move overrides. */
    bg_game *full = only_game("ccpd-big5-perpetual-check-played-past.pgn", 0);
    char fen[128];
    ck_assert_int_gt(bg_position_text(bg_game_start_position(full), NULL, fen, sizeof fen), 0);
    char *iccs = line_of(full, "iccs");
    static const struct {
        int plies;
        const char *result;
        bg_outcome outcome;
        unsigned winners;
        bg_reason reason;
    } cases[] = {
        {13, "*", BG_ONGOING, 0, BG_REASON_NONE},
        {13, "1/2-1/2", BG_DRAW, 0, BG_REASON_AGREEMENT},
        {13, "1-0", BG_WIN, 1, BG_REASON_RESIGNATION},
        {11, "0-1", BG_WIN, 1, BG_REASON_PERPETUAL_CHECK},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char text[2048], moves[1024];
        const char *end = iccs;
        for (int k = 0; k < cases[i].plies; k++)
            end = strchr(end, ' ') + 1;
        ck_assert_uint_lt((size_t)(end - iccs), sizeof moves);
        memcpy(moves, iccs, (size_t)(end - iccs));
        moves[end - iccs] = 0;
        snprintf(text, sizeof text, "[Game \"Chinese Chess\"]\n[Result \"%s\"]\n[FEN \"%s\"]\n"
                 "[Format \"ICCS\"]\n%s%s\n", cases[i].result, fen, moves, cases[i].result);
        fx_blob t = {text, strlen(text)};
        bg_record_reader *r = open_blob(&t, 0);
        g = next_ok(r, "cut");
        ck_assert_int_eq(bg_game_ply_count(g), cases[i].plies);
        ck_assert_msg(bg_game_outcome(g) == cases[i].outcome, "case %zu: outcome %d", i,
                      bg_game_outcome(g));
        ck_assert_uint_eq(bg_game_winners(g), cases[i].winners);
        ck_assert_int_eq(bg_game_reason(g), cases[i].reason);
        bg_game_free(g);
        bg_record_reader_free(r);
    }
    free(iccs);
    bg_game_free(full);
}
END_TEST

/* ---------- games of tags only ---------- */

START_TEST(tags_only_games)
{
    /* CCPD 對局/電腦對局/電腦對局競賽/00000150.pgn: [Game "Chinese Chess"] ... [FEN "<start>"] and
       no moves. Three of them, then a game, one after the other (no blank line between, as
       `cat` gives them): the second and later [Game] tags start the next games. */
    fx_blob t = read_file("ccpd-big5-tags-only.pgn"), x = read_file("ccpd-big5-inner-quotes-xu.pgn");
    fx_blob all = {malloc(3 * t.len + x.len + 1), 3 * t.len + x.len};
    ck_assert_ptr_nonnull(all.data);
    for (int i = 0; i < 3; i++)
        memcpy(all.data + i * t.len, t.data, t.len);
    memcpy(all.data + 3 * t.len, x.data, x.len + 1);
    bg_record_reader *r = open_blob(&all, 0);
    for (int i = 0; i < 3; i++) {
        bg_game *g = next_ok(r, "tags only");
        ck_assert_int_eq(bg_game_ply_count(g), 0);
        ck_assert_str_eq(bg_game_tag(g, "Event"), "第一輪 第二天");
        ck_assert_str_eq(bg_game_tag(g, "Result"), "*");
        bg_game_free(g);
    }
    bg_game *g = next_ok(r, "tags only");
    ck_assert_str_eq(bg_game_tag(g, "Red"), "許銀川");
    ck_assert_int_eq(bg_game_ply_count(g), 13);
    bg_game_free(g);
    no_more(r, "tags only");
    ck_assert_int_eq(bg_record_reader_games(r), 4);
    bg_record_reader_free(r);

    /* A bad FEN in the first of two is reported at its own FEN value. */
    const char *text = "[Game \"Chinese Chess\"]\n[FEN \"9/9 w\"]\n[Game \"Chinese Chess\"]\n"
                       "[FEN \"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w\"]\n"
                       "1. C2.5 *\n";
    fx_blob b = {(char *)text, strlen(text)};
    r = open_blob(&b, 0);
    bg_error e = BG_ERROR_INIT;
    ck_assert_int_eq(bg_record_reader_next(r, &g, &e), BG_E_PARSE);
    ck_assert_int_eq(e.line, 2);
    size_t fen1 = (size_t)(strstr(text, "9/9") - text); /* within the first FEN's value */
    ck_assert_uint_ge(e.offset, fen1);
    ck_assert_uint_lt(e.offset, fen1 + strlen("9/9 w"));
    g = next_ok(r, "second");
    ck_assert_int_eq(bg_game_ply_count(g), 1);
    bg_game_free(g);
    no_more(r, "second");
    bg_record_reader_free(r);
    free(all.data);
    free(t.data);
    free(x.data);
}
END_TEST

/* ---------- every real file ---------- */

/*
** The games and plies of each file of tests/data/real/xiangqi (origins in tests/data/real/SOURCES),
** counted from the files themselves: the move tokens of each game's movetext, without move
** numbers, comments and results, and the games by their tag blocks (a trailer after XQWizard's
** '=' line is none). Every file is read whole in lenient mode, and the same without it except
** WinBoard's algebraic moves, each game of which is then an error that says so.
*/
static const struct real_file {
    const char *name;
    int games;
    int plies[16];
    int lenient_only; /* without BG_RECORD_LENIENT each game is an error */
} real_files[] = {
    {"cchess-gbk-black-first-trailer.pgn", 1, {23}, 0},       /* GBK, "  =========" trailer */
    {"cchess-gbk-equals-trailer.pgn", 1, {25}, 0},            /* GBK, XQWizard trailer */
    {"ccpd-big5-backslash-before-quote.pgn", 1, {12}, 0},     /* Big5, 功 = A5 5C before '"' */
    {"ccpd-big5-endgame.pgn", 1, {43}, 0},                    /* Big5, FEN, black first */
    {"ccpd-big5-fullgame-1921.pgn", 1, {107}, 0},             /* Big5, 馬２進３ full-width digits */
    {"ccpd-big5-human-vs-computer.pgn", 1, {92}, 0},          /* Big5 */
    {"ccpd-big5-inner-quotes-xu.pgn", 1, {13}, 0},            /* Big5, inner quotes, 許 */
    {"ccpd-big5-mate-exercise.pgn", 1, {85}, 0},              /* Big5, FEN */
    {"ccpd-big5-midgame-black-first.pgn", 1, {31}, 0},        /* Big5, "1.   車５平８" */
    {"ccpd-big5-opening-unfinished.pgn", 1, {48}, 0},         /* Big5, Result "*" */
    {"ccpd-big5-perpetual-check-played-past.pgn", 1, {31}, 0}, /* Big5, past perpetual check */
    {"ccpd-big5-tags-only.pgn", 1, {0}, 0},                   /* Big5, tags and no moves */
    {"eleeye-ccgc-gbk-crlf.pgn", 1, {26}, 0},                 /* GBK, CRLF, trailer */
    {"eleeye-xqftools-sample.pgn", 1, {75}, 0},               /* GBK, CRLF, long comments */
    {"wukong-chinese-no-result.pgn", 15,                      /* UTF-8, simplified Chinese */
     {127, 76, 104, 73, 120, 107, 43, 95, 99, 85, 81, 124, 125, 45, 74}, 0},
    {"wukong-fullwidth-wxf.pgn", 15,                          /* the same games in full-width WXF */
     {127, 76, 104, 73, 120, 107, 43, 95, 99, 85, 81, 124, 125, 45, 74}, 0},
    {"wukong-iccs-inner-quotes.pgn", 5, {141, 75, 69, 163, 81}, 0}, /* ICCS ranks 0-9, quotes */
    {"wukong-winboard-san.pgn", 1, {87}, 1},                  /* WinBoard algebraic */
};

START_TEST(every_real_file)
{
    const struct real_file *f = &real_files[_i];
    fx_blob b = read_file(f->name);
    for (unsigned flags = 0; flags <= BG_RECORD_LENIENT; flags += BG_RECORD_LENIENT) {
        bg_record_reader *r = open_blob(&b, BG_RECORD_LENIENT ^ flags);
        for (int i = 0; i < f->games; i++) {
            if (f->lenient_only && flags) {
                bg_game *g = NULL;
                bg_error e = BG_ERROR_INIT;
                ck_assert_int_eq(bg_record_reader_next(r, &g, &e), BG_E_PARSE);
                ck_assert_ptr_nonnull(strstr(e.message, "lenient"));
                continue;
            }
            bg_game *g = next_ok(r, f->name);
            ck_assert_msg(bg_game_ply_count(g) == f->plies[i], "%s game %d: %d plies, want %d",
                          f->name, i + 1, bg_game_ply_count(g), f->plies[i]);
            bg_game_free(g);
        }
        no_more(r, f->name);
        ck_assert_int_eq(bg_record_reader_games(r), f->games);
        bg_record_reader_free(r);
    }
    free(b.data);
}
END_TEST

/* Every file of the directory has its row above (a new sample needs its expected counts). */
START_TEST(real_files_listed)
{
    DIR *d = opendir(XQ_REAL_DATA);
    ck_assert_ptr_nonnull(d);
    int n = 0;
    for (struct dirent *e; (e = readdir(d)) != NULL;) {
        if (e->d_name[0] == '.')
            continue;
        int found = 0;
        for (size_t i = 0; i < sizeof real_files / sizeof real_files[0]; i++)
            found |= strcmp(e->d_name, real_files[i].name) == 0;
        ck_assert_msg(found, "%s has no expected counts in test_xq_real.c", e->d_name);
        n++;
    }
    closedir(d);
    ck_assert_int_eq(n, (int)(sizeof real_files / sizeof real_files[0]));
}
END_TEST

int main(void)
{
    Suite *s = suite_create("xq_real");
    TCase *tc = tcase_create("dialects");
    tcase_set_timeout(tc, 120);
    ADD_TESTS(tc, legacy_encodings, inner_quotes, xqwizard_trailer, fullwidth_wxf, winboard_san,
              unknown_format_value, tags_only_games, played_past_perpetual_check, record_result_only_past_an_ending);
    suite_add_tcase(s, tc);
    tc = tcase_create("files");
    tcase_set_timeout(tc, 120);
    tcase_add_loop_test(tc, every_real_file, 0, (int)(sizeof real_files / sizeof real_files[0]));
    tcase_add_test(tc, real_files_listed);
    suite_add_tcase(s, tc);
    return run_suite(s);
}
