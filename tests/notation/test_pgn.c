/* PGN import (oddities of real files, errors and recovery, limits) and export (format, round trip). */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>

#include "common/alloc_util.h"
#include "notation_helpers.h"
#include "check_main.h"
#include "fixtures.h"

#ifndef NOTATION_DATA
#error "NOTATION_DATA must name tests/notation/data"
#endif

static fx_blob read_data(const char *name) { return fx_read_blob(NOTATION_DATA, name); }

static bg_record_reader *open_text(const char *text, size_t len)
{
    return fx_reader("chess", "pgn", text, len, 0);
}

/* The next game must read fine. */
static bg_game *next_ok(bg_record_reader *r) { return fx_next_game(r); }

static bg_error next_fails(bg_record_reader *r, bg_status want) { return fx_next_fails(r, want); }

static void expect_nags(const bg_game *g, int ply, int count, int first)
{
    ck_assert_int_eq(bg_game_nag_count(g, ply), count);
    if (count)
        ck_assert_int_eq(bg_game_nag_at(g, ply, 0), first);
}

static void expect_comment(const bg_game *g, int ply, const char *text)
{
    const char *c = bg_game_comment(g, ply);
    if (!text) {
        ck_assert_msg(c == NULL || !c[0], "ply %d: unexpected comment '%s'", ply, c);
        return;
    }
    ck_assert_msg(c != NULL, "ply %d: no comment, want '%s'", ply, text);
    ck_assert_str_eq(c, text);
}

static const char *start_fen(const bg_game *g, char *buf, size_t cap)
{
    ck_assert_int_gt(bg_position_text(bg_game_start_position(g), NULL, buf, cap), 0);
    return buf;
}

/* 1-based line of byte offset off. */
static int line_of(const char *data, size_t off)
{
    int line = 1;
    for (size_t i = 0; i < off; i++)
        line += data[i] == '\n';
    return line;
}

START_TEST(multi_game_file)
{
    fx_blob b = read_data("multi.pgn");
    bg_record_reader *r = open_text(b.data, b.len);
    char fen[128];

    /* 0: BOM, comment before the tags, % line, Latin-1, escapes, annotations, variations. */
    bg_game *g = next_ok(r);
    ck_assert_int_eq(bg_game_tag_count(g), 8);
    fx_expect_tags(g, "Event=Test \"quoted\" event; Site=Caf\xc3\xa9 Latin-1; Date=2024.01.02; "
                      "White=Alpha; Black=Beta; Result=1-0; ECO=C60");
    ck_assert_str_eq(bg_game_tag_key(g, 0), "Event");
    ck_assert_str_eq(bg_game_tag_key(g, 7), "ECO");
    ck_assert_int_eq(bg_game_ply_count(g), 10);
    ck_assert_uint_eq(bg_game_move_at(g, 0), mv("e2", "e4"));
    ck_assert_uint_eq(bg_game_move_at(g, 4), mv("f1", "b5"));
    ck_assert_uint_eq(bg_game_move_at(g, 8), mv("e1", "h1")); /* 5. O-O */
    ck_assert_uint_eq(bg_game_move_at(g, 9), mv("f8", "e7"));
    expect_comment(g, 0, "Comment before the first tag Start comment");
    expect_comment(g, 1, "[%clk 0:05:00]");
    expect_comment(g, 2, NULL);
    expect_comment(g, 4, "First Second");
    expect_comment(g, 6, "rest-of-line comment");
    expect_comment(g, 7, "[%cal Ga4e8,Rb5c6]");
    expect_nags(g, 1, 0, 0);
    expect_nags(g, 2, 1, 1);
    expect_nags(g, 3, 1, 1);  /* 2. Nf3! */
    expect_nags(g, 4, 1, 6);  /* 2... Nc6?! */
    expect_nags(g, 6, 1, 14); /* $14 */
    ck_assert_int_eq(bg_game_variation_count(g, 5), 1);
    ck_assert_str_eq(bg_game_variation_at(g, 5, 0), "3. Bc4 Bc5 (3... Nf6 4. d3) 4. c3");
    ck_assert_int_eq(bg_game_variation_count(g, 4), 0);
    ck_assert_int_eq(bg_game_outcome(g), BG_ONGOING);
    bg_game_free(g);

    /* 1: no tags at all; the result token becomes the Result tag. */
    g = next_ok(r);
    ck_assert_int_eq(bg_game_tag_count(g), 1);
    ck_assert_str_eq(bg_game_tag(g, "Result"), "*");
    ck_assert_int_eq(bg_game_ply_count(g), 3);
    ck_assert_uint_eq(bg_game_move_at(g, 2), mv("c2", "c4"));
    expect_comment(g, 1, "Gr\xc3\xbc\xc3\x9f" "e aus K\xc3\xb6ln"); /* Latin-1 read as such */
    bg_game_free(g);

    /* 2: SetUp/FEN with full-move number 0, read as 1. */
    g = next_ok(r);
    ck_assert_str_eq(start_fen(g, fen, sizeof fen), "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1");
    ck_assert_str_eq(bg_game_tag(g, "FEN"), "4k3/8/8/8/8/8/4P3/4K3 w - - 0 0");
    ck_assert_str_eq(bg_game_tag(g, "Result"), "1/2-1/2");
    ck_assert_int_eq(bg_game_ply_count(g), 3);
    ck_assert_uint_eq(bg_game_move_at(g, 1), mv("e8", "d7"));
    bg_game_free(g);

    /* 3: Chess960 from the Variant tag: O-O is king e1 onto rook g1, O-O-O king e8 onto b8. */
    g = next_ok(r);
    ck_assert_int_eq(bg_game_ply_count(g), 3);
    ck_assert_uint_eq(bg_game_move_at(g, 0), mv("e1", "g1"));
    ck_assert_uint_eq(bg_game_move_at(g, 1), mv("e8", "b8"));
    ck_assert_str_eq(bg_game_tag(g, "Variant"), "Chess960");
    bg_game_free(g);

    /* 4: the illegal 2. Ke3: game index, ply, line, column and offset; the game is skipped. */
    size_t off = (size_t)(strstr(b.data, "Ke3") - b.data);
    bg_error err = next_fails(r, BG_E_ILLEGAL_MOVE);
    ck_assert_int_eq(err.game_index, 4);
    ck_assert_int_eq(err.ply, 3);
    ck_assert_uint_eq(err.offset, off);
    ck_assert_int_eq(err.line, line_of(b.data, off));
    ck_assert_int_eq(err.column, 4);
    ck_assert_ptr_nonnull(strstr(err.message, "game 5"));
    ck_assert_ptr_nonnull(strstr(err.message, "ply 3"));
    ck_assert_ptr_nonnull(strstr(err.message, "Ke3"));

    /* 5: reading goes on with the next game. */
    g = next_ok(r);
    ck_assert_str_eq(bg_game_tag(g, "Event"), "After");
    ck_assert_int_eq(bg_game_ply_count(g), 1);
    bg_game_free(g);

    /* 6 and 7: a game without a result token ends where the next game's tags begin. */
    g = next_ok(r);
    ck_assert_str_eq(bg_game_tag(g, "Event"), "NoResult");
    ck_assert_ptr_null(bg_game_tag(g, "Result"));
    ck_assert_int_eq(bg_game_ply_count(g), 2);
    bg_game_free(g);
    g = next_ok(r);
    ck_assert_str_eq(bg_game_tag(g, "Event"), "Next");
    ck_assert_int_eq(bg_game_ply_count(g), 1);
    bg_game_free(g);

    /* 8: Scholar's mate ends the game by checkmate. */
    g = next_ok(r);
    ck_assert_int_eq(bg_game_ply_count(g), 7);
    ck_assert_int_eq(bg_game_outcome(g), BG_WIN);
    ck_assert_uint_eq(bg_game_winners(g), 1);
    ck_assert_int_eq(bg_game_reason(g), BG_REASON_CHECKMATE);
    bg_game_free(g);

    /* 9: "3.exf6 e.p.", move numbers without spaces, 0-0 castling. */
    g = next_ok(r);
    ck_assert_int_eq(bg_game_ply_count(g), 12);
    ck_assert_uint_eq(bg_game_move_at(g, 4), mv("e5", "f6"));
    ck_assert_uint_eq(bg_game_move_at(g, 10), mv("e1", "h1"));
    ck_assert_uint_eq(bg_game_move_at(g, 11), mv("e8", "h8"));
    bg_game_free(g);

    next_fails(r, BG_E_END);
    next_fails(r, BG_E_END);
    bg_record_reader_free(r);
    free(b.data);
}
END_TEST

START_TEST(crlf_file)
{
    fx_blob b = read_data("crlf.pgn");
    bg_record_reader *r = open_text(b.data, b.len);
    bg_game *g = next_ok(r);
    ck_assert_str_eq(bg_game_tag(g, "Site"), "Windows");
    expect_comment(g, 1, "a comment over two lines");
    ck_assert_int_eq(bg_game_ply_count(g), 4);
    ck_assert_int_eq(bg_game_outcome(g), BG_WIN);
    ck_assert_uint_eq(bg_game_winners(g), 2);
    bg_game_free(g);
    g = next_ok(r);
    ck_assert_str_eq(bg_game_tag(g, "Event"), "CRLF 2");
    ck_assert_int_eq(bg_game_ply_count(g), 3);
    bg_game_free(g);
    next_fails(r, BG_E_END);
    bg_record_reader_free(r);
    free(b.data);
}
END_TEST

/* Each text: game 0 fails with `want`, game 1 ("[Event "ok"] 1. e4 *") reads fine. */
START_TEST(errors_then_recovery)
{
    static const struct {
        const char *text;
        bg_status want;
        int ply;
        const char *at; /* the fault is the first occurrence of this text */
    } cases[] = {
        {"[Event \"bad\"]\n1. e4 Nf6 2. Nf3 Nf6 *\n", BG_E_ILLEGAL_MOVE, 4, "Nf6 *"},
        {"[Event \"bad\"]\n1. e4 e5 2. Nf3 Z9 *\n", BG_E_PARSE, 4, "Z9"},
        {"[Event \"bad\"]\n1. Nd2 *\n", BG_E_ILLEGAL_MOVE, 1, "Nd2"},
        {"[Event \"bad\"]\n1. e4 e5 2. Nc3 Nc6 3. Ne2 *\n", BG_E_AMBIGUOUS_MOVE, 5, "e2 *"},
        {"[Event \"bad\"]\n1. f3 e5 2. g4 Qh4# 3. a3 0-1\n", BG_E_GAME_OVER, 5, "a3"},
        {"[Event \"bad\"]\n1. e4 -- 2. d4 *\n", BG_E_PARSE, 2, "--"},
        {"[Event \"bad]\n\n1. e4 *\n", BG_E_PARSE, 0, "\n\n1."},
        {"[Event bad]\n1. e4 *\n", BG_E_PARSE, 0, "bad]"},
        {"[Event \"bad\"\n1. e4 *\n", BG_E_PARSE, 0, "\n1."},
        /* The rest of a broken tag's line is not read as moves (nor as a game of its own). */
        {"[Event \"bad\" Nf3]\n[Site \"x\"]\n1. e4 *\n", BG_E_PARSE, 0, "Nf3]"},
        {"[Event \"bad\"x\"]\n[Site \"x\" e4 e5]\n1. e4 *\n", BG_E_PARSE, 0, "e4 e5]"},
        {"[FEN \"8/8/8/8/8/8/8/8 w - - 0 1\"]\n1. e4 *\n", BG_E_INVALID_POSITION, 0, "8/8"},
        {"[Variant \"Crazyhouse\"]\n1. e4 *\n", BG_E_UNSUPPORTED, 0, "1. e4"},
        {"[Event \"bad\"]\n1. e4 $256 *\n", BG_E_PARSE, 0, "$256"},
        {"[Event \"bad\"]\n1. e4 !!! *\n", BG_E_PARSE, 0, "!!!"},
        {"[Event \"bad\"]\n1. e4 ) *\n", BG_E_PARSE, 0, ") *"},
        {"[Event \"bad\"]\n1. e4 \x01 *\n", BG_E_PARSE, 0, "\x01"},
        {"[Event \"bad\"]\n1. e4 (1. d4 {unclosed) *\n\n", BG_E_PARSE, 0, "{unclosed"},
        {"[Event \"bad\"]\n1. e4 (1. d4\n\n", BG_E_PARSE, 0, "(1. d4"},
    };
    const char *good = "[Event \"ok\"]\n1. e4 *\n";
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char text[512];
        snprintf(text, sizeof text, "%s\n%s", cases[i].text, good);
        bg_record_reader *r = open_text(text, strlen(text));
        bg_error err = next_fails(r, cases[i].want);
        const char *at = strstr(text, cases[i].at);
        ck_assert_ptr_nonnull(at);
        ck_assert_msg(err.offset == (size_t)(at - text), "case %zu: offset %zu, want %td (%s)", i,
                      err.offset, at - text, err.message);
        ck_assert_int_eq(err.line, line_of(text, err.offset));
        ck_assert_int_eq(err.game_index, 0);
        ck_assert_int_eq(err.ply, cases[i].ply);
        /* Even an unclosed comment or variation ends with its game: the next one is read. */
        bg_game *g = next_ok(r);
        ck_assert_msg(strcmp(bg_game_tag(g, "Event"), "ok") == 0, "case %zu: next game is '%s'",
                      i, bg_game_tag(g, "Event"));
        ck_assert_int_eq(bg_game_ply_count(g), 1);
        bg_game_free(g);
        next_fails(r, BG_E_END);
        bg_record_reader_free(r);
    }
}
END_TEST

START_TEST(unclosed_comment_at_top)
{
    const char *text = "{never closed\n[Event \"x\"]\n1. e4 *\n";
    bg_record_reader *r = open_text(text, strlen(text));
    bg_error err = next_fails(r, BG_E_PARSE);
    ck_assert_uint_eq(err.offset, 0);
    next_fails(r, BG_E_END);
    bg_record_reader_free(r);
}
END_TEST

START_TEST(empty_and_comment_only)
{
    const char *texts[] = {"", "\n\n  \r\n", "\xef\xbb\xbf", "% only an escape line\n",
                           "{just a comment}\n; and another\n"};
    for (size_t i = 0; i < sizeof texts / sizeof texts[0]; i++) {
        bg_record_reader *r = open_text(texts[i], strlen(texts[i]));
        next_fails(r, BG_E_END);
        bg_record_reader_free(r);
    }
}
END_TEST

START_TEST(setup_variants)
{
    /* FEN without SetUp; black to move; Chess960 recognised from a Shredder-FEN without tag. */
    const char *text =
        "[FEN \"4k3/8/8/8/8/8/4P3/4K3 b - - 3 40\"]\n\n40... Kd7 41. e4 *\n\n"
        "[FEN \"1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/1R2K1R1 w GBgb - 0 1\"]\n\n1. O-O *\n\n"
        "[Variant \"fischerandom\"]\n[FEN \"1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/1R2K1R1 w KQkq - 0 1\"]\n"
        "1. O-O-O *\n\n"
        "[Variant \"Standard\"]\n1. e4 *\n";
    bg_record_reader *r = open_text(text, strlen(text));
    bg_game *g = next_ok(r);
    ck_assert_int_eq(bg_game_ply_count(g), 2);
    ck_assert_uint_eq(bg_game_move_at(g, 0), mv("e8", "d7"));
    bg_game_free(g);
    g = next_ok(r);
    ck_assert_uint_eq(bg_game_move_at(g, 0), mv("e1", "g1"));
    bg_game_free(g);
    g = next_ok(r);
    ck_assert_uint_eq(bg_game_move_at(g, 0), mv("e1", "b1"));
    bg_game_free(g);
    g = next_ok(r);
    ck_assert_int_eq(bg_game_ply_count(g), 1);
    bg_game_free(g);
    next_fails(r, BG_E_END);
    bg_record_reader_free(r);
}
END_TEST

static char *nested(int depth)
{
    size_t cap = (size_t)depth * 16 + 64;
    char *t = malloc(cap);
    ck_assert_ptr_nonnull(t);
    strcpy(t, "1. e4 e5 ");
    for (int i = 0; i < depth; i++)
        strcat(t, "(1... c5 ");
    for (int i = 0; i < depth; i++)
        strcat(t, ")");
    strcat(t, " *\n");
    return t;
}

START_TEST(limits)
{
    /* Variations nested to the limit are kept; one more level is BG_E_LIMIT. */
    char *t = nested(BG_RECORD_MAX_VARIATION_DEPTH);
    bg_record_reader *r = open_text(t, strlen(t));
    bg_game *g = next_ok(r);
    ck_assert_int_eq(bg_game_variation_count(g, 2), 1);
    bg_game_free(g);
    bg_record_reader_free(r);
    free(t);
    t = nested(BG_RECORD_MAX_VARIATION_DEPTH + 1);
    r = open_text(t, strlen(t));
    bg_error err = next_fails(r, BG_E_LIMIT);
    ck_assert_uint_eq(err.offset, (size_t)(strstr(t, "(") - t) + 9 * BG_RECORD_MAX_VARIATION_DEPTH);
    next_fails(r, BG_E_END);
    bg_record_reader_free(r);
    free(t);

    /* A line longer than BG_RECORD_MAX_LINE skips its game, and the next game is read. */
    size_t n = BG_RECORD_MAX_LINE + 100;
    t = malloc(n + 64);
    ck_assert_ptr_nonnull(t);
    strcpy(t, "[Event \"x\"]\n{");
    size_t k = strlen(t);
    memset(t + k, 'a', n);
    strcpy(t + k + n, "}\n1. e4 *\n\n[Event \"y\"]\n1. d4 *\n");
    bg_record_reader *bad = (bg_record_reader *)1;
    bg_error e2 = BG_ERROR_INIT;
    ck_assert_int_eq(bg_record_reader_new(&bad, chess(), "pgn", t, strlen(t), NULL, NULL, &e2),
                     BG_OK);
    bg_game *g2 = NULL;
    ck_assert_int_eq(bg_record_reader_next(bad, &g2, &e2), BG_E_LIMIT);
    ck_assert_ptr_null(g2);
    ck_assert_int_eq(e2.line, 2);
    ck_assert_uint_eq(e2.offset, 12);
    ck_assert_int_eq(e2.game_index, 0);
    ck_assert_int_eq(bg_record_reader_next(bad, &g2, &e2), BG_OK);
    ck_assert_str_eq(bg_game_tag(g2, "Event"), "y");
    bg_game_free(g2);
    ck_assert_int_eq(bg_record_reader_next(bad, &g2, &e2), BG_E_END);
    bg_record_reader_free(bad);
    free(t);

    /* Arguments. */
    ck_assert_int_eq(bg_record_reader_new(&bad, chess(), "kif", "", 0, NULL, NULL, &e2),
                     BG_E_UNSUPPORTED);
    ck_assert_int_eq(bg_record_reader_new(&bad, NULL, "pgn", "", 0, NULL, NULL, &e2),
                     BG_E_UNKNOWN_VARIANT);
    ck_assert_int_eq(bg_record_reader_new(&bad, chess(), "pgn", NULL, 5, NULL, NULL, &e2),
                     BG_E_INVALID_ARGUMENT);
    ck_assert_int_eq(bg_record_reader_new(&bad, chess(), "pgn", "", 0, "nosuch=1", NULL, &e2),
                     BG_E_UNKNOWN_OPTION);
    ck_assert_int_eq(bg_record_reader_new(NULL, chess(), "pgn", "", 0, NULL, NULL, &e2),
                     BG_E_INVALID_ARGUMENT);
    ck_assert_int_eq(bg_record_reader_next(NULL, NULL, &e2), BG_E_INVALID_ARGUMENT);
    bg_record_reader_free(NULL);
}
END_TEST

START_TEST(reader_options)
{
    /* Options given to the reader apply to every game: Chess960 castling from the start array. */
    const char *text = "1. e4 e5 2. Nf3 Nf6 3. Bc4 Bc5 4. O-O *\n";
    bg_record_reader *r = NULL;
    bg_error err = BG_ERROR_INIT;
    ck_assert_int_eq(bg_record_reader_new(&r, chess(), NULL, text, strlen(text), "chess960=true",
                                          NULL, &err),
                     BG_OK);
    bg_game *g = next_ok(r);
    ck_assert_uint_eq(bg_game_move_at(g, 6), mv("e1", "h1"));
    char out[1024];
    ck_assert_int_gt(bg_game_export(g, NULL, out, sizeof out), 0);
    ck_assert_ptr_nonnull(strstr(out, "[Variant \"Chess960\"]\n[SetUp \"1\"]\n[FEN \""));
    bg_game_free(g);
    bg_record_reader_free(r);
}
END_TEST

START_TEST(many_comments_in_a_row)
{
    /* 200000 comments after one move become one comment, in linear time. */
    const int count = 200000;
    size_t cap = (size_t)count * 4 + 64;
    char *t = malloc(cap);
    ck_assert_ptr_nonnull(t);
    strcpy(t, "1. e4 ");
    char *p = t + strlen(t);
    for (int i = 0; i < count; i++) {
        memcpy(p, "{a}\n", 4);
        p += 4;
    }
    strcpy(p, "e5 *\n");
    bg_record_reader *r = open_text(t, strlen(t));
    bg_game *g = next_ok(r);
    ck_assert_int_eq(bg_game_ply_count(g), 2);
    const char *c = bg_game_comment(g, 1);
    ck_assert_ptr_nonnull(c);
    ck_assert_uint_eq(strlen(c), (size_t)count * 2 - 1);
    ck_assert(strncmp(c, "a a a", 5) == 0);
    bg_game_free(g);
    bg_record_reader_free(r);
    free(t);
}
END_TEST

/* ---------- export ---------- */

static char *export_game(const bg_game *g) { return fx_export(g, "pgn"); }

/* Export format: STR first in order, blank line after the tags and at the end, lines < 80. */
/*
** Unescaped quotes inside a tag value, as real files have them, read the way python-chess and
** chess.js 0.x read them: the value runs to the '"' that the line's ']' follows.
*/
START_TEST(inner_quotes)
{
    /* A user's tournament file quoted in github.com/Disservin/chess-library issue #242, and the
       engine name of issue 13 (both unescaped), with two pairs on one line and a real escape. */
    const char *text =
        "[Event \"5th \"Mikis Theodorakis\" International Tournament 2026\"]\n"
        "[Site \"Malbork\"]\n"
        "[White \"\"Mephisto\"\"]  [Black \"Buczek, Stanislaw\"]\n"
        "[Annotator \"say \\\"hi\\\" \"there\" \"]\n"
        "\n1. b4 e5 1-0\n";
    bg_record_reader *r = open_text(text, strlen(text));
    bg_game *g = next_ok(r);
    fx_expect_tags(g, "Event=5th \"Mikis Theodorakis\" International Tournament 2026; "
                      "Site=Malbork; White=\"Mephisto\"; Black=Buczek, Stanislaw; "
                      "Annotator=say \"hi\" \"there\" ");
    ck_assert_int_eq(bg_game_ply_count(g), 2);
    next_fails(r, BG_E_END);
    bg_record_reader_free(r);
    /* Export escapes the quotes; the text reads back to the same values. */
    char *out = export_game(g);
    ck_assert_ptr_nonnull(strstr(out, "[White \"\\\"Mephisto\\\"\"]\n"));
    r = open_text(out, strlen(out));
    bg_game *back = next_ok(r);
    ck_assert_str_eq(bg_game_tag(back, "White"), "\"Mephisto\"");
    ck_assert_str_eq(bg_game_tag(back, "Event"), bg_game_tag(g, "Event"));
    bg_game_free(back);
    bg_record_reader_free(r);
    free(out);
    bg_game_free(g);
}
END_TEST

static void check_export_format(const char *pgn)
{
    static const char *const roster[] = {"Event", "Site", "Date", "Round", "White", "Black",
                                         "Result"};
    const char *p = pgn;
    for (int i = 0; i < 7; i++) {
        char head[16];
        snprintf(head, sizeof head, "[%s \"", roster[i]);
        ck_assert_msg(strncmp(p, head, strlen(head)) == 0, "tag %d is not %s:\n%s", i, roster[i],
                      pgn);
        p = strchr(p, '\n');
        ck_assert_ptr_nonnull(p);
        p++;
    }
    while (*p == '[')
        p = strchr(p, '\n') + 1;
    ck_assert_msg(*p == '\n', "no blank line after the tags:\n%s", pgn);
    size_t len = strlen(pgn);
    ck_assert_msg(len >= 2 && pgn[len - 1] == '\n' && pgn[len - 2] == '\n',
                  "no blank line at the end:\n%s", pgn);
    for (const char *l = p + 1; *l;) {
        const char *e = strchr(l, '\n');
        ck_assert_ptr_nonnull(e);
        ck_assert_msg(e - l < 80, "line of %td characters:\n%.*s", e - l, (int)(e - l), l);
        ck_assert_msg(*l != '%', "a movetext line starts with '%%'");
        l = e + 1;
    }
}

static void expect_same_game(const bg_game *a, const bg_game *b)
{
    fx_same_line(a, b);
    ck_assert_uint_eq(bg_position_hash(bg_game_start_position(a)),
                      bg_position_hash(bg_game_start_position(b)));
    for (int ply = 0; ply <= bg_game_ply_count(a); ply++) {
        const char *ca = bg_game_comment(a, ply), *cb = bg_game_comment(b, ply);
        ck_assert_str_eq(ca ? ca : "", cb ? cb : "");
        ck_assert_int_eq(bg_game_nag_count(a, ply), bg_game_nag_count(b, ply));
        for (int i = 0; i < bg_game_nag_count(a, ply); i++)
            ck_assert_int_eq(bg_game_nag_at(a, ply, i), bg_game_nag_at(b, ply, i));
        ck_assert_int_eq(bg_game_variation_count(a, ply), bg_game_variation_count(b, ply));
        for (int i = 0; i < bg_game_variation_count(a, ply); i++)
            ck_assert_str_eq(bg_game_variation_at(a, ply, i), bg_game_variation_at(b, ply, i));
    }
    for (int i = 0; i < bg_game_tag_count(a); i++) {
        const char *k = bg_game_tag_key(a, i);
        if (strcmp(k, "FEN") == 0 || strcmp(k, "SetUp") == 0)
            continue; /* rewritten from the start position */
        if (strcmp(k, "Result") == 0 && bg_game_outcome(a) != BG_ONGOING)
            continue; /* the export writes the result the rules gave */
        ck_assert_msg(bg_game_tag(b, k) != NULL, "tag %s lost", k);
        ck_assert_str_eq(bg_game_tag(b, k), bg_game_tag_value(a, i));
    }
}

/* Export g, check the format, read it back: same game, and the same text again. */
static void round_trip(const bg_game *g)
{
    char *out = export_game(g);
    check_export_format(out);
    bg_record_reader *r = open_text(out, strlen(out));
    bg_game *back = next_ok(r);
    next_fails(r, BG_E_END);
    bg_record_reader_free(r);
    expect_same_game(g, back);
    char *again = export_game(back);
    ck_assert_str_eq(again, out);
    free(again);
    free(out);
    bg_game_free(back);
}

START_TEST(export_round_trip_files)
{
    const char *files[] = {"multi.pgn", "crlf.pgn"};
    int games = 0;
    for (size_t f = 0; f < 2; f++) {
        fx_blob b = read_data(files[f]);
        bg_record_reader *r = open_text(b.data, b.len);
        for (;;) {
            bg_game *g = NULL;
            bg_status s = bg_record_reader_next(r, &g, NULL);
            if (s == BG_E_END)
                break;
            if (s != BG_OK)
                continue; /* the deliberate illegal game */
            round_trip(g);
            bg_game_free(g);
            games++;
        }
        bg_record_reader_free(r);
        free(b.data);
    }
    ck_assert_int_eq(games, 11);
}
END_TEST

START_TEST(export_exact_text)
{
    const char *in = "1. d4 d5 2. c4 *";
    bg_record_reader *r = open_text(in, strlen(in));
    bg_game *g = next_ok(r);
    char *out = export_game(g);
    ck_assert_str_eq(out, "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n"
                          "[White \"?\"]\n[Black \"?\"]\n[Result \"*\"]\n\n1. d4 d5 2. c4 *\n\n");
    free(out);
    bg_game_free(g);
    bg_record_reader_free(r);

    /* Other tags after the roster, SetUp/FEN for a set-up start, "N..." for black, comments,
       NAGs and variations, the game's own result over the tag. */
    in = "[Black \"B\"]\n[Annotator \"Me\"]\n[White \"W\"]\n[Result \"*\"]\n"
         "[FEN \"4k3/8/8/8/8/8/4P3/4K2Q b - - 0 12\"]\n"
         "12... Kd7 {c1} 13. Qh3+ $2 (13. e4) 13... Ke7 14. Qe6+ Kd8 15. Qd6+ Ke8 16. e4 Kf7 "
         "17. e5 Kg7 18. e6 Kg8 19. e7 Kh7 20. e8=Q Kg7 21. Qe8e7+ Kg8 22. Qdd8# *";
    r = open_text(in, strlen(in));
    g = next_ok(r);
    ck_assert_int_eq(bg_game_outcome(g), BG_WIN);
    out = export_game(g);
    ck_assert_str_eq(out,
                     "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n"
                     "[White \"W\"]\n[Black \"B\"]\n[Result \"1-0\"]\n[Annotator \"Me\"]\n"
                     "[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/4P3/4K2Q b - - 0 12\"]\n\n"
                     "12... Kd7 {c1} 13. Qh3+ $2 (13. e4) 13... Ke7 14. Qe6+ Kd8 15. Qd6+ Ke8 16. e4\n"
                     "Kf7 17. e5 Kg7 18. e6 Kg8 19. e7 Kh7 20. e8=Q Kg7 21. Qee7+ Kg8 22. Qdd8# 1-0\n"
                     "\n");
    round_trip(g);
    free(out);
    bg_game_free(g);
    bg_record_reader_free(r);
}
END_TEST

START_TEST(export_long_annotations)
{
    /* Random moves with long comments, variations and NAGs: wrapping keeps lines under 80. */
    bg_game *g = NULL;
    ck_assert_int_eq(bg_game_new(&g, chess(), NULL, NULL, NULL), BG_OK);
    uint64_t seed = 77;
    ck_assert_int_eq(bg_game_set_tag(g, "Event", "Long \"annotated\" game \\ backslash"), BG_OK);
    ck_assert_int_eq(bg_game_set_comment(g, 0, "Opening words of a long introduction that "
                                               "goes on and on beyond one line of text, "
                                               "surely beyond eighty characters."),
                     BG_OK);
    for (int ply = 1; ply <= 120; ply++) {
        bg_move moves[256];
        int n = bg_position_legal_moves(bg_game_position(g), moves, 256);
        if (n <= 0 || bg_game_outcome(g) != BG_ONGOING)
            break;
        seed = seed * 6364136223846793005u + 1442695040888963407u;
        ck_assert_int_eq(bg_game_play(g, moves[(seed >> 33) % (uint64_t)n]), BG_OK);
        char text[200];
        if (ply % 7 == 0) {
            snprintf(text, sizeof text, "Move %d: a comment with [%%clk 0:%02d:00] and words "
                     "enough to need wrapping somewhere in the middle of the line", ply, ply % 60);
            ck_assert_int_eq(bg_game_set_comment(g, ply, text), BG_OK);
        }
        if (ply % 13 == 0) {
            /* Words starting with '%' must never begin a line (escape lines). */
            snprintf(text, sizeof text, "%%a b %%cc dd %%eee fff %%gggg x%d %%i j %%kk ll %%mmm "
                     "nnn %%oooo p %%q r %%ss tt %%uuu vvv %%wwww x %%y", ply);
            ck_assert_int_eq(bg_game_set_comment(g, ply, text), BG_OK);
        }
        if (ply % 17 == 0) {
            /*
            ** Nor words that would begin the next game where a line ends in a result: a "1."
            ** line or a tag pair (a fuzz find: the export of such a comment split in two).
            */
            snprintf(text, sizeof text, "ends 1-0 1. d4 d5 [Event \"x\"] 0-1 1.e4 %d 1/2-1/2 "
                     "1. c4 * 1. Nf3 1-0 1. g3 [Site \"y\"] 0-1 1. b3 * 1. f4 1-0 1. e4", ply);
            ck_assert_int_eq(bg_game_set_comment(g, ply, text), BG_OK);
        }
        if (ply % 5 == 0)
            ck_assert_int_eq(bg_game_add_nag(g, ply, ply % 140), BG_OK);
        if (ply % 11 == 0)
            ck_assert_int_eq(bg_game_add_variation(g, ply, "a side line {with its own comment "
                                                           "that is rather long as well} and "
                                                           "more moves"),
                             BG_OK);
    }
    ck_assert_int_gt(bg_game_ply_count(g), 20);
    round_trip(g);
    bg_game_free(g);
}
END_TEST

START_TEST(export_contract)
{
    bg_game *g = NULL;
    ck_assert_int_eq(bg_game_new(&g, chess(), NULL, NULL, NULL), BG_OK);
    char small[10];
    int n = bg_game_export(g, "pgn", small, sizeof small);
    ck_assert_int_gt(n, 80);
    ck_assert_str_eq(small, "[Event \"?");
    /* A tag name PGN cannot hold is left out; values are escaped. */
    ck_assert_int_eq(bg_game_set_tag(g, "Bad Name]", "x"), BG_OK);
    ck_assert_int_eq(bg_game_set_tag(g, "Note", "say \"hi\" \\ bye"), BG_OK);
    char *out = export_game(g);
    ck_assert_ptr_null(strstr(out, "Bad Name"));
    ck_assert_ptr_nonnull(strstr(out, "\n[Note \"say \\\"hi\\\" \\\\ bye\"]\n"));
    free(out);
    ck_assert_int_eq(bg_game_export(g, "kif", small, sizeof small), BG_E_UNSUPPORTED);
    ck_assert_int_eq(bg_game_export(NULL, "pgn", small, sizeof small), BG_E_INVALID_ARGUMENT);
    ck_assert_int_eq(bg_game_export(g, "pgn", NULL, 5), BG_E_INVALID_ARGUMENT);
    bg_game_free(g);
}
END_TEST

/* ---------- allocation failures ---------- */

START_TEST(allocation_failures)
{
    fx_blob b = read_data("multi.pgn");
    int clean_runs = 0;
    for (long k = 1;; k++) {
        au_counter f = {.fail_at = k};
        bg_allocator a = BG_ALLOCATOR_INIT(au_alloc, &f);
        bg_record_reader *r = NULL;
        bg_error err = BG_ERROR_INIT;
        int failures = 0, games = 0;
        bg_status s = bg_record_reader_new(&r, chess(), "pgn", b.data, b.len, NULL, &a, &err);
        if (s != BG_OK) {
            ck_assert_int_eq(s, BG_E_NO_MEMORY);
            ck_assert_ptr_null(r);
            failures++;
        } else {
            for (;;) {
                bg_game *g = NULL;
                s = bg_record_reader_next(r, &g, &err);
                if (s == BG_E_END)
                    break;
                if (s == BG_OK) {
                    games++;
                    char *out = NULL;
                    int n = bg_game_export(g, "pgn", NULL, 0);
                    ck_assert_int_gt(n, 0);
                    out = malloc((size_t)n + 1);
                    ck_assert_int_eq(bg_game_export(g, "pgn", out, (size_t)n + 1), n);
                    free(out);
                    bg_game_free(g);
                } else {
                    ck_assert_ptr_null(g);
                    ck_assert_msg(s == BG_E_NO_MEMORY || s == BG_E_ILLEGAL_MOVE,
                                  "allocation %ld: %s (%s)", k, bg_strerror(s), err.message);
                    failures += s == BG_E_NO_MEMORY;
                }
            }
            bg_record_reader_free(r);
        }
        ck_assert_msg(f.live_blocks == 0, "allocation %ld failing: %ld blocks leaked", k, f.live_blocks);
        if (f.refused == 0) {
            /* Fewer than k allocations: every allocation has been made to fail once. */
            ck_assert_int_eq(failures, 0);
            ck_assert_int_eq(games, 9);
            break;
        }
        ck_assert_msg(failures == 1 || games == 9, "allocation %ld: failure not reported", k);
        clean_runs++;
    }
    ck_assert_int_gt(clean_runs, 20);
    free(b.data);
}
END_TEST


/* ---------- mutated input ---------- */

START_TEST(mutated_files)
{
    /* Random byte edits of the test file: every call ends cleanly, games export stably. */
    static const char alphabet[] = "{}()[]\"$!?;%.*-/ \n\r\x01\xe9\xff" "0123456789abcdefghNBRQKOx=+#";
    fx_blob b = read_data("multi.pgn");
    uint64_t seed = 0x1234567u;
    long games = 0, errors = 0;
    for (int round = 0; round < 400; round++) {
        char *t = malloc(b.len + 1);
        ck_assert_ptr_nonnull(t);
        memcpy(t, b.data, b.len + 1);
        for (int e = 0; e < 1 + round % 8; e++) {
            seed = seed * 6364136223846793005u + 1442695040888963407u;
            size_t at = (size_t)(seed >> 33) % b.len;
            t[at] = alphabet[(seed >> 20) % (sizeof alphabet - 1)];
        }
        bg_record_reader *r = open_text(t, b.len);
        for (size_t calls = 0;; calls++) {
            bg_game *g = NULL;
            bg_error err = BG_ERROR_INIT;
            ck_assert_uint_le(calls, b.len + 1);
            bg_status st = bg_record_reader_next(r, &g, &err);
            if (st == BG_E_END)
                break;
            if (st != BG_OK) {
                ck_assert_ptr_null(g);
                ck_assert_msg(err.message[0] && err.line >= 1 && err.offset <= b.len,
                              "round %d: error without place: %s", round, err.message);
                errors++;
                continue;
            }
            char *out = export_game(g);
            bg_record_reader *r2 = open_text(out, strlen(out));
            bg_game *back = next_ok(r2);
            char *again = export_game(back);
            ck_assert_msg(strcmp(out, again) == 0, "round %d: unstable export:\n%s\n---\n%s",
                          round, out, again);
            free(again);
            bg_game_free(back);
            bg_record_reader_free(r2);
            free(out);
            bg_game_free(g);
            games++;
        }
        bg_record_reader_free(r);
        free(t);
    }
    ck_assert_int_gt(games, 1000);
    ck_assert_int_gt(errors, 100);
    free(b.data);
}
END_TEST

int main(void)
{
    return RUN_TESTS("notation-pgn", "pgn", 300, multi_game_file, crlf_file, errors_then_recovery,
                     inner_quotes, unclosed_comment_at_top, empty_and_comment_only, setup_variants,
                     limits, many_comments_in_a_row, reader_options, export_round_trip_files,
                     export_exact_text, export_long_annotations, export_contract,
                     allocation_failures, mutated_files);
}
