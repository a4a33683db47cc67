/*
** Xiangqi and lion chess PGN: reading files in each Format (ICCS, WXF, Chinese, none), tags,
** comments, NAGs, variations, results; export and read-back round trips of random games in every
** Format (also from set-up positions); errors with game, ply, line and offset, and recovery;
** allocation failures.
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

static const bg_variant *var(const char *id)
{
    const bg_variant *v = bg_variant_find(id);
    ck_assert_ptr_nonnull(v);
    return v;
}

static bg_record_reader *reader(const char *variant, const char *text)
{
    return fx_reader(variant, "pgn", text, strlen(text), 0);
}

static bg_game *next_ok(bg_record_reader *r) { return fx_next_game(r); }

static bg_error next_fails(bg_record_reader *r, bg_status want) { return fx_next_fails(r, want); }

/* The main line as space-separated uci moves. */
static void uci_line(const bg_game *g, char *out, size_t cap)
{
    bg_position *p = NULL;
    ck_assert_int_eq(bg_position_clone(&p, bg_game_start_position(g)), BG_OK);
    out[0] = 0;
    for (int i = 0; i < bg_game_ply_count(g); i++) {
        char mv[16];
        bg_move m = bg_game_move_at(g, i);
        ck_assert_int_gt(bg_move_format(p, m, "uci", mv, sizeof mv), 0);
        if (i)
            strncat(out, " ", cap - strlen(out) - 1);
        strncat(out, mv, cap - strlen(out) - 1);
        ck_assert_int_eq(bg_position_play(p, m), BG_OK);
    }
    bg_position_free(p);
}

static char *export(const bg_game *g) { return fx_export(g, "pgn"); }

/* Lines shorter than 80 bytes, none starting with '%'. */
static void check_lines(const char *text)
{
    const char *line = text;
    for (const char *p = text;; p++) {
        if (*p == '\n' || !*p) {
            ck_assert_msg(p - line < 80, "line of %d bytes: %.*s", (int)(p - line),
                          (int)(p - line), line);
            ck_assert_msg(*line != '%', "escape line written");
            if (!*p)
                return;
            line = p + 1;
        }
    }
}

static const char *const formats_file =
    "[Game \"Chinese Chess\"]\n"
    "[Event \"Test\"]\n"
    "[Red \"Hu\"]\n"
    "[Black \"Lu\"]\n"
    "[Result \"1-0\"]\n"
    "[Format \"WXF\"]\n"
    "1. C2.5 H8+7 2. H2+3 R9.8 {a comment} 3. R1.2 $1 (3. R1+1 C8+4) C8+4! 1-0\n"
    "\n"
    "[Game \"Chinese Chess\"]\n"
    "[Format \"Chinese\"]\n"
    "1. 炮二平五 馬８進７\xe3\x80\x80" "2. 馬二進三 车9平8 0-1\n"
    "\n"
    "[Game \"Chinese Chess\"]\r\n"
    "[Format \"ICCS\"]\r\n"
    "1. H2-E2 H9-G7 2. h0g2 I9-H9 1/2-1/2\r\n"
    "\r\n"
    "; no Format tag: each move in any of the three\n"
    "[Game \"Chinese Chess\"]\n"
    "[FEN \"4k4/9/6P2/2P3P2/2P3P2/9/9/9/9/3K5 w - - 0 1\"]\n"
    "1.33.4 K5+1 2.3+.4 將5退1 3. G5-H5 *\n"
    "\n"
    "[Game \"Xiangqi\"]\n"
    "{before} 1. C2=5 {after} {and more} h8+7 *\n";

START_TEST(test_read_formats)
{
    bg_record_reader *r = reader("xiangqi", formats_file);
    char line[512];
    bg_game *g = next_ok(r);
    uci_line(g, line, sizeof line);
    ck_assert_str_eq(line, "h3e3 h10g8 h1g3 i10h10 i1h1 h8h4");
    fx_expect_tags(g, "Red=Hu; Format=WXF; Result=1-0");
    ck_assert_str_eq(bg_game_comment(g, 4), "a comment");
    ck_assert_int_eq(bg_game_nag_count(g, 5), 1);
    ck_assert_int_eq(bg_game_nag_at(g, 5, 0), 1);
    ck_assert_int_eq(bg_game_nag_count(g, 6), 1); /* C8+4! */
    ck_assert_int_eq(bg_game_variation_count(g, 5), 1);
    ck_assert_str_eq(bg_game_variation_at(g, 5, 0), "3. R1+1 C8+4");
    bg_game_free(g);

    g = next_ok(r);
    uci_line(g, line, sizeof line);
    ck_assert_str_eq(line, "h3e3 h10g8 h1g3 i10h10");
    ck_assert_str_eq(bg_game_tag(g, "Result"), "0-1");
    bg_game_free(g);

    g = next_ok(r);
    uci_line(g, line, sizeof line);
    ck_assert_str_eq(line, "h3e3 h10g8 h1g3 i10h10");
    ck_assert_str_eq(bg_game_tag(g, "Result"), "1/2-1/2");
    bg_game_free(g);

    g = next_ok(r);
    uci_line(g, line, sizeof line);
    ck_assert_str_eq(line, "g7f7 e10e9 g8f8 e9e10 g6h6");
    bg_game_free(g);

    g = next_ok(r);
    uci_line(g, line, sizeof line);
    ck_assert_str_eq(line, "h3e3 h10g8");
    ck_assert_str_eq(bg_game_comment(g, 0), "before");
    ck_assert_str_eq(bg_game_comment(g, 1), "after and more");
    bg_game_free(g);
    next_fails(r, BG_E_END);
    bg_record_reader_free(r);
}
END_TEST

/* Exact export text: roster with Red/Black, Format, FEN of a set-up start, wrapping, black first. */
START_TEST(test_export_text)
{
    bg_game *g = NULL;
    ck_assert_int_eq(bg_game_new_from_text(&g, var("xiangqi"),
                                           "4k4/9/6P2/2P3P2/2P3P2/9/9/9/9/3K5 b - - 0 1", NULL,
                                           NULL, 0, NULL, NULL),
                     BG_OK);
    ck_assert_int_eq(bg_game_play_text(g, "e10e9", "uci", 0), BG_OK);
    ck_assert_int_eq(bg_game_play_text(g, "g7f7", "uci", 0), BG_OK);
    ck_assert_int_eq(bg_game_play_text(g, "e9e10", "uci", 0), BG_OK);
    ck_assert_int_eq(bg_game_play_text(g, "g8f8", "uci", 0), BG_OK);
    ck_assert_int_eq(bg_game_set_tag(g, "Red", "許銀川"), BG_OK);
    ck_assert_int_eq(bg_game_set_tag(g, "Format", "chinese"), BG_OK);
    ck_assert_int_eq(bg_game_set_comment(g, 2, "前三平四 {stacked}"), BG_OK);
    char *t = export(g);
    ck_assert_str_eq(t, "[Game \"Chinese Chess\"]\n"
                        "[Event \"?\"]\n"
                        "[Site \"?\"]\n"
                        "[Date \"????.??.??\"]\n"
                        "[Round \"?\"]\n"
                        "[Red \"許銀川\"]\n"
                        "[Black \"?\"]\n"
                        "[Result \"*\"]\n"
                        "[Format \"Chinese\"]\n"
                        "[FEN \"4k4/9/6P2/2P3P2/2P3P2/9/9/9/9/3K5 b - - 0 1\"]\n"
                        "\n"
                        "1... 將5進1 2. 中三平四 {前三平四 {stacked)} 2... 將5退1\n"
                        "3. 前三平四 *\n"
                        "\n");
    free(t);
    ck_assert_int_eq(bg_game_set_tag(g, "Format", "WXF"), BG_OK);
    t = export(g);
    ck_assert_ptr_nonnull(strstr(t, "[Format \"WXF\"]\n"));
    ck_assert_ptr_nonnull(strstr(t, "1... K5+1 2. 33.4 {"));
    ck_assert_ptr_nonnull(strstr(t, "2... K5-1 3. 3+.4 *"));
    free(t);
    ck_assert_int_eq(bg_game_set_tag(g, "Format", NULL), BG_OK);
    t = export(g);
    ck_assert_ptr_nonnull(strstr(t, "[Format \"ICCS\"]\n"));
    ck_assert_ptr_nonnull(strstr(t, "1... E9-E8 2. G6-F6"));
    free(t);
    bg_game_free(g);
}
END_TEST

/* Random games, exported in each Format and read back: same moves, tags, annotations, text. */
static void round_trip(const char *variant, const char *fen, int plies, uint64_t *rng)
{
    static const char *const formats[] = {"ICCS", "WXF", "Chinese", "uci"};
    bg_game *g = NULL;
    bg_status s = fen ? bg_game_new_from_text(&g, var(variant), fen, NULL, NULL, 0, NULL, NULL)
                      : bg_game_new(&g, var(variant), NULL, NULL, NULL);
    ck_assert_int_eq(s, BG_OK);
    for (int i = 0; i < plies; i++) {
        bg_move moves[256];
        int n = bg_position_legal_moves(bg_game_position(g), moves, 256);
        if (n <= 0 || bg_game_outcome(g) != BG_ONGOING)
            break;
        ck_assert_int_eq(bg_game_play(g, moves[xorshift64(rng) % (uint64_t)n]), BG_OK);
        if (xorshift64(rng) % 7 == 0)
            ck_assert_int_eq(bg_game_set_comment(g, i + 1, "note 註 %x } ok"), BG_OK);
        if (xorshift64(rng) % 11 == 0)
            ck_assert_int_eq(bg_game_add_nag(g, i + 1, 1 + (int)(xorshift64(rng) % 6)), BG_OK);
    }
    ck_assert_int_eq(bg_game_set_tag(g, "Event", "隨機 \"random\" \\ game"), BG_OK);
    for (int f = 0; f < 4; f++) {
        char a[8192], b[8192];
        ck_assert_int_eq(bg_game_set_tag(g, "Format", formats[f]), BG_OK);
        char *text = export(g);
        check_lines(text);
        bg_record_reader *r = reader(variant, text);
        bg_game *back = next_ok(r);
        next_fails(r, BG_E_END);
        bg_record_reader_free(r);
        uci_line(g, a, sizeof a);
        uci_line(back, b, sizeof b);
        ck_assert_msg(strcmp(a, b) == 0, "%s %s: moves differ\n%s", variant, formats[f], text);
        ck_assert_str_eq(bg_game_tag(back, "Event"), "隨機 \"random\" \\ game");
        for (int ply = 0; ply <= bg_game_ply_count(g); ply++) {
            const char *c1 = bg_game_comment(g, ply), *c2 = bg_game_comment(back, ply);
            ck_assert_int_eq(c1 != NULL && c1[0], c2 != NULL && c2[0]);
            ck_assert_int_eq(bg_game_nag_count(g, ply), bg_game_nag_count(back, ply));
        }
        char *again = export(back);
        ck_assert_str_eq(again, text);
        free(again);
        free(text);
        bg_game_free(back);
    }
    bg_game_free(g);
}

START_TEST(test_round_trips)
{
    uint64_t rng = 0x2545f4914f6cdd1dull;
    for (int i = 0; i < 40; i++) {
        round_trip("xiangqi", NULL, 40 + i * 3, &rng);
        round_trip("lionchess", NULL, 40 + i * 3, &rng);
    }
    /* Set-up starts with stacks, so that the stacked forms go through files too. */
    static const char *const xq_fens[] = {
        "4k4/9/6P2/2P3P2/2P3P2/9/9/9/9/3K5 w - - 0 1",
        "4k1P2/6P2/6P2/6P2/6P2/9/9/9/9/3K5 w - - 0 1",
        "4k4/9/9/9/9/6p2/2p3p2/2p3p2/9/3K5 b - - 0 1",
        "4k4/9/9/1R7/9/9/9/1R7/9/3K5 w - - 0 1",
    };
    for (int i = 0; i < 4; i++)
        for (int k = 0; k < 5; k++)
            round_trip("xiangqi", xq_fens[i], 30, &rng);
    for (int k = 0; k < 5; k++)
        round_trip("lionchess", "4k6/11/P10/P9P/P9P/11/11/11/11/5K5 w - - 0 1", 30, &rng);
}
END_TEST

/* Errors name game (1-based in the text, 0-based index), ply, line and offset; the reader goes on. */
START_TEST(test_errors)
{
    const char *text = "[Game \"Chinese Chess\"]\n"                   /* game index 0 */
                       "[Format \"WXF\"]\n"
                       "1. C2.5 H8+7 2. H2.3 *\n"
                       "\n"
                       "[Game \"Chinese Chess\"]\n"                   /* 1: illegal */
                       "[Format \"Chinese\"]\n"
                       "1. 炮二平五 馬8進7 2. 車一平二 *\n"
                       "\n"
                       "[Game \"Chess\"]\n"                           /* 2: another game */
                       "1. e4 e5 *\n"
                       "\n"
                       "[Game \"Chinese Chess\"]\n"                   /* 3: unknown format */
                       "[Format \"SAN\"]\n"
                       "1. C2.5 *\n"
                       "\n"
                       "[Game \"Chinese Chess\"]\n"                   /* 4: bad FEN */
                       "[FEN \"4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1\"]\n"
                       "1. K5+1 *\n"
                       "\n"
                       "[Game \"Chinese Chess\"]\n"                   /* 5: GBK, cut move */
                       "[Format \"Chinese\"]\n"
                       "1. \xc5\xda\xb6\xfe *\n"
                       "\n"
                       "[Game \"Chinese Chess\"]\n"                   /* 6: fine */
                       "1. C2.5 H8+7 *\n"
                       "\n"
                       "[Game \"Chinese Chess\"]\n"                   /* 7: ambiguous */
                       "[FEN \"4k4/9/9/1R7/9/9/9/1R7/9/3K5 w - - 0 1\"]\n"
                       "1. R8+1 *\n"
                       "\n"
                       "[Game \"Chinese Chess\"]\n"                   /* 8: unclosed comment */
                       "1. C2.5 {never closed\n";
    bg_record_reader *r = reader("xiangqi", text);
    bg_error e = next_fails(r, BG_E_PARSE);
    ck_assert_int_eq(e.game_index, 0);
    ck_assert_int_eq(e.ply, 3);
    ck_assert_int_eq(e.line, 3);
    ck_assert_uint_eq(e.offset, (size_t)(strstr(text, "H2.3") - text) + 2);
    ck_assert_ptr_nonnull(strstr(e.message, "game 1, ply 3, line 3"));

    e = next_fails(r, BG_E_ILLEGAL_MOVE);
    ck_assert_int_eq(e.game_index, 1);
    ck_assert_int_eq(e.ply, 3);
    ck_assert_int_eq(e.line, 7);
    ck_assert_uint_eq(e.offset, (size_t)(strstr(text, "車一平二") - text));

    e = next_fails(r, BG_E_UNSUPPORTED);
    ck_assert_int_eq(e.game_index, 2);
    ck_assert_ptr_nonnull(strstr(e.message, "Chess"));

    e = next_fails(r, BG_E_UNSUPPORTED);
    ck_assert_int_eq(e.game_index, 3);
    ck_assert_ptr_nonnull(strstr(e.message, "SAN"));

    e = next_fails(r, BG_E_INVALID_POSITION);
    ck_assert_int_eq(e.game_index, 4);
    ck_assert_int_eq(e.line, 17);

    /* GBK text is decoded; the error's offset is of the input's bytes. */
    e = next_fails(r, BG_E_PARSE);
    ck_assert_int_eq(e.game_index, 5);
    ck_assert_int_eq(e.ply, 1);
    ck_assert_ptr_nonnull(strstr(e.message, "炮二"));
    ck_assert_uint_eq(e.offset, (size_t)(strstr(text, "\xc5\xda") - text));

    bg_game *g = next_ok(r);
    ck_assert_int_eq(bg_game_ply_count(g), 2);
    bg_game_free(g);

    e = next_fails(r, BG_E_AMBIGUOUS_MOVE);
    ck_assert_int_eq(e.game_index, 7);
    ck_assert_int_eq(e.ply, 1);

    e = next_fails(r, BG_E_PARSE);
    ck_assert_int_eq(e.game_index, 8);
    ck_assert_ptr_nonnull(strstr(e.message, "never closed"));
    next_fails(r, BG_E_END);
    bg_record_reader_free(r);
}
END_TEST

/* Lion chess: [Game "Lion Chess"], files 10 and 11 in WXF and Chinese; xiangqi refuses it. */
START_TEST(test_lionchess)
{
    const char *text = "[Game \"Lion Chess\"]\n[Format \"Chinese\"]\n"
                       "1. 炮十平十一 炮2平1 2. 車十一進一 獅9進10 *\n";
    char line[256];
    bg_record_reader *r = reader("lionchess", text);
    bg_game *g = next_ok(r);
    uci_line(g, line, sizeof line);
    ck_assert_str_eq(line, "b3a3 b8a8 a1a2 i10j9");
    char *t = export(g);
    ck_assert_ptr_nonnull(strstr(t, "[Game \"Lion Chess\"]"));
    ck_assert_ptr_nonnull(strstr(t, "1. 炮十平十一 炮2平1 2. 車十一進一 獅9進10 *"));
    free(t);
    ck_assert_int_eq(bg_game_set_tag(g, "Format", "WXF"), BG_OK);
    t = export(g);
    ck_assert_ptr_nonnull(strstr(t, "1. C10.11 C2.1 2. R11+1 L9+10 *"));
    free(t);
    bg_game_free(g);
    bg_record_reader_free(r);
    r = reader("xiangqi", text);
    next_fails(r, BG_E_UNSUPPORTED);
    bg_record_reader_free(r);

    /* The dialects of real xiangqi files on the 11-file board: full-width WXF with two-digit
       files, WinBoard's algebraic moves (files a..k, lenient mode), XQWizard's trailer. */
    text = "[Game \"Lion Chess\"]\n1. Ｌ３＋５ Ｒ１＋２ 2. Ｒ１１＋１ Lig7 3. Rkk1 *\n"
           "======================\nhttp://www.xqbase.com/\n";
    bg_error e = BG_ERROR_INIT;
    ck_assert_int_eq(bg_record_reader_open_memory(&r, var("lionchess"), "pgn", text, strlen(text),
                                                  NULL, BG_RECORD_LENIENT, NULL, &e),
                     BG_OK);
    g = next_ok(r);
    uci_line(g, line, sizeof line);
    ck_assert_str_eq(line, "i1g3 a10a8 a1a2 i10g8 k1k2");
    bg_game_free(g);
    next_fails(r, BG_E_END);
    bg_record_reader_free(r);
}
END_TEST

/* Allocation failures: fail the Nth allocation until everything succeeds; never a crash. */
START_TEST(test_alloc_failures)
{
    int ok = 0;
    for (long n = 0; n < 5000 && !ok; n++) {
        au_counter f = {.fail_at = n + 1};
        bg_allocator a = BG_ALLOCATOR_INIT(au_alloc, &f);
        bg_record_reader *r = NULL;
        bg_status s = bg_record_reader_new(&r, var("xiangqi"), "pgn", formats_file,
                                           strlen(formats_file), NULL, &a, NULL);
        int games = 0;
        while (s == BG_OK) {
            bg_game *g = NULL;
            s = bg_record_reader_next(r, &g, NULL);
            if (s == BG_OK) {
                games++;
                bg_game_free(g);
            }
        }
        ck_assert_msg(s == BG_E_END || s == BG_E_NO_MEMORY, "status %s", bg_strerror(s));
        bg_record_reader_free(r);
        ck_assert_int_eq(f.live_blocks, 0);
        ok = s == BG_E_END && games == 5;
    }
    ck_assert_msg(ok, "never completed");
}
END_TEST

int main(void)
{
    return RUN_TESTS("xqnotation-pgn", "pgn", 300, test_read_formats, test_export_text,
                     test_round_trips, test_errors, test_lionchess, test_alloc_failures);
}
