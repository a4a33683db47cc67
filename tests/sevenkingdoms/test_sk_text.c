/* Seven Kingdoms position text (round trips, every refusal with its offset) and the skr game record (export, import, errors with lines). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sk_helpers.h"
#include "check_main.h"
#include "fixtures.h"

static char start[1024];

static void setup(void)
{
    snprintf(start, sizeof start, "%s", bg_variant_start_text(bg_variant_find("sevenkingdoms")));
}

/* start with the first occurrence of `from` replaced by `to`; *at = its offset. */
static const char *edit(const char *from, const char *to, size_t *at)
{
    static char out[1200];
    const char *p = strstr(start, from);
    ck_assert_ptr_nonnull(p);
    *at = (size_t)(p - start);
    snprintf(out, sizeof out, "%.*s%s%s", (int)*at, start, to, p + strlen(from));
    return out;
}

static void round_trip(const char *text)
{
    bg_position *p = NULL;
    bg_error e = BG_ERROR_INIT;
    ck_assert_msg(bg_position_from_text(&p, sk(), text, NULL, NULL, 0, NULL, &e) == BG_OK,
                  "refused: %s [%s]", e.message, text);
    char buf[1200];
    int n = bg_position_text(p, "fen", buf, sizeof buf);
    ck_assert_int_eq(n, (int)strlen(text));
    ck_assert_str_eq(buf, text);
    bg_position *q = NULL;
    ck_assert_int_eq(bg_position_from_text(&q, sk(), buf, NULL, NULL, 0, NULL, NULL), BG_OK);
    ck_assert_uint_eq(bg_position_hash(p), bg_position_hash(q));
    bg_position_free(p);
    bg_position_free(q);
}

START_TEST(text_round_trips)
{
    round_trip(start);
    round_trip(sk_text(GENERALS " Rq:f5 Sh:h1 Hh:c1", "w - qh6,ch3 12 40"));
    round_trip(sk_text("Gq:a10 Gh:f1 Gc:n1 Gi:s14 Gy:n19 Rq:f5 Sw:r5 Hz:c19", "y w>h,z>y hw1,yz1 3 7"));
    /* Positions of a long capture-happy game, each written and read back. */
    bg_game *g = NULL;
    ck_assert_int_eq(bg_game_new(&g, sk(), "players=5", NULL, NULL), BG_OK);
    uint32_t seed = 12345;
    int eliminations = 0;
    for (int ply = 0; ply < 400 && bg_game_outcome(g) == BG_ONGOING; ply++) {
        bg_move moves[4096];
        const bg_position *p = bg_game_position(g);
        int n = bg_position_legal_moves(p, moves, 4096), pick = -1;
        seed = seed * 1103515245u + 12345u;
        for (int i = 0; i < n && (seed >> 16) % 3; i++)
            if (bg_position_move_flags(p, moves[i]) & BG_FLAG_CAPTURE)
                pick = i;
        if (pick < 0)
            pick = (int)((seed >> 8) % (uint32_t)n);
        ck_assert_int_eq(bg_game_play(g, moves[pick]), BG_OK);
        round_trip(game_text(g));
        eliminations = 0;
        for (int k = 0; k < 7; k++)
            eliminations += bg_game_stat(g, k, BG_STAT_ELIMINATED);
    }
    ck_assert_int_gt(eliminations, 0);
    bg_game_free(g);
}
END_TEST

START_TEST(text_errors)
{
    size_t at;
    const char *t;
    const size_t side = strlen(start) - strlen("q - - 0 1");
    /* Fields. */
    t = edit(" q - - 0 1", "", &at);
    refused(t, NULL, 0, BG_E_PARSE, strlen(t));
    t = edit(" q - - 0 1", " q - - 0 1 7", &at);
    refused(t, NULL, 0, BG_E_PARSE, (size_t)-1);
    /* Board. */
    t = edit("2HzSz", "2KzSz", &at);
    refused(t, NULL, 0, BG_E_PARSE, 1);
    t = edit("2HzSz", "2HSz", &at);
    refused(t, NULL, 0, BG_E_PARSE, 2);
    t = edit("4Z9", "4Zq9", &at);
    refused(t, NULL, 0, BG_E_PARSE, at + 2);
    t = edit("4Z9", "14", &at);
    refused(t, NULL, 0, BG_E_INVALID_POSITION, 0);
    t = edit("4Z9", "3Z10", &at);
    refused(t, NULL, 0, BG_E_INVALID_POSITION, at + 1);
    t = edit("RySyHy2/", "RySyHy1/", &at);
    refused(t, NULL, 0, BG_E_PARSE, at + 7);
    t = edit("RySyHy2/", "RySyHy3/", &at);
    refused(t, NULL, 0, BG_E_PARSE, at + 6);
    t = edit("RySyHy2/", "RySyHy02/", &at);
    refused(t, NULL, 0, BG_E_PARSE, at + 6);
    /* A second general of 秦: refused where the second one is read (a10, after rank 13). */
    t = edit("Hq15DiSiRi", "Gq15DiSiRi", &at);
    refused(t, NULL, 0, BG_E_INVALID_POSITION, (size_t)(strstr(t, "GqCq") - t));
    t = edit("2HhShRhGhBhShHh1", "2HhShRhGhBhShHh1/19", &at);
    refused(t, NULL, 0, BG_E_PARSE, at + 16);
    /* Side to move: a tag; the kingdom id only when lenient. */
    t = edit(" q - - 0 1", " x - - 0 1", &at);
    refused(t, NULL, 0, BG_E_PARSE, side);
    t = edit(" q - - 0 1", " qin - - 0 1", &at);
    refused(t, NULL, 0, BG_E_PARSE, side);
    bg_position *p = NULL;
    ck_assert_int_eq(bg_position_from_text(&p, sk(), t, NULL, NULL, BG_PARSE_LENIENT, NULL, NULL),
                     BG_OK);
    bg_position_free(p);
    /* Lenient: two fields are enough. */
    t = edit(" q - - 0 1", " q", &at);
    ck_assert_int_eq(bg_position_from_text(&p, sk(), t, NULL, NULL, BG_PARSE_LENIENT, NULL, NULL),
                     BG_OK);
    char buf[1200];
    bg_position_text(p, NULL, buf, sizeof buf);
    ck_assert_str_eq(buf, start);
    bg_position_free(p);
    /* Eliminations and captures. */
    t = edit(" q - - 0 1", " q h>h - 0 1", &at);
    refused(t, NULL, 0, BG_E_INVALID_POSITION, side + 2);
    t = edit(" q - - 0 1", " q hq - 0 1", &at);
    refused(t, NULL, 0, BG_E_PARSE, side + 3);
    t = edit(" q - - 0 1", " q h>x - 0 1", &at);
    refused(t, NULL, 0, BG_E_PARSE, side + 4);
    t = edit(" q - - 0 1", " q - qq1 0 1", &at);
    refused(t, NULL, 0, BG_E_INVALID_POSITION, side + 4);
    t = edit(" q - - 0 1", " q - qh0 0 1", &at);
    refused(t, NULL, 0, BG_E_PARSE, side + 6);
    t = edit(" q - - 0 1", " q - qh120 0 1", &at);
    refused(t, NULL, 0, BG_E_PARSE, side + 6);
    t = edit(" q - - 0 1", " q - qh1,qh2 0 1", &at);
    refused(t, NULL, 0, BG_E_PARSE, side + 8);
    t = edit(" q - - 0 1", " q - qh1;ch2 0 1", &at);
    refused(t, NULL, 0, BG_E_PARSE, side + 7);
    /* More captures than pieces off the board. */
    t = edit(" q - - 0 1", " q - qh1 0 1", &at);
    refused(t, NULL, 0, BG_E_INVALID_POSITION, side + 4);
    /* Clocks. */
    t = edit(" q - - 0 1", " q - - x 1", &at);
    refused(t, NULL, 0, BG_E_PARSE, side + 6);
    t = edit(" q - - 0 1", " q - - 0 0", &at);
    refused(t, NULL, 0, BG_E_PARSE, side + 8);
    t = edit(" q - - 0 1", " q - - 0 65536", &at);
    refused(t, NULL, 0, BG_E_PARSE, side + 8);
    /* Consistency of the kingdoms. */
    const char *no_han = "Gq:a10 Gc:n1 Gw:s6 Gi:s14 Gy:n19 Gz:f19";
    refused(sk_text(no_han, "q - - 0 1"), NULL, 0, BG_E_INVALID_POSITION, 0);
    refused(sk_text(no_han, "q h>q - 0 1"), NULL, 0, BG_E_INVALID_POSITION, (size_t)-1);
    refused(sk_text(no_han, "h h>q qh1 0 1"), NULL, 0, BG_E_INVALID_POSITION, (size_t)-1);
    refused(sk_text(GENERALS, "q h>q qh1 0 1"), NULL, 0, BG_E_INVALID_POSITION, (size_t)-1);
    refused(sk_text(GENERALS, "q - qh6,ch4 0 1"), NULL, 0, BG_E_INVALID_POSITION, (size_t)-1);
    refused(sk_text("Gc:n1 Gw:s6 Gi:s14 Gy:n19 Gz:f19", "c q>h,h>q qh1,hq1 0 1"), NULL, 0,
            BG_E_INVALID_POSITION, (size_t)-1);
    /* ... while 10 losses with the general still there is how a kingdom goes out by losses. */
    round_trip(sk_text(GENERALS, "q h>q qh6,ch4 0 1"));
    /* Formats: only the library's own text ("fen" or NULL). */
    p = (bg_position *)1;
    ck_assert_int_eq(bg_position_from_text(&p, sk(), start, "sfen", NULL, 0, NULL, NULL),
                     BG_E_UNSUPPORTED);
    ck_assert_ptr_null(p);
    ck_assert_int_eq(bg_position_new(&p, sk(), NULL, NULL, NULL), BG_OK);
    ck_assert_int_eq(bg_position_text(p, "sfen", buf, sizeof buf), BG_E_UNSUPPORTED);
    bg_position_free(p);
}
END_TEST

/* ---------- the skr record ---------- */

static char *export(const bg_game *g) { return fx_export(g, "skr"); }

/* The first game of a record text; fails the test on an error. */
static bg_game *import(const char *text, const char *options)
{
    bg_record_reader *r = NULL;
    bg_error e = BG_ERROR_INIT;
    ck_assert_int_eq(bg_record_reader_new(&r, sk(), "skr", text, strlen(text), options, NULL, &e),
                     BG_OK);
    bg_game *g = NULL;
    ck_assert_msg(bg_record_reader_next(r, &g, &e) == BG_OK, "record refused: %s\n%s", e.message,
                  text);
    bg_record_reader_free(r);
    return g;
}

/* The first game of a record text must be refused with `status` on `line`. */
static void import_fails(const char *text, bg_status status, int line)
{
    bg_record_reader *r = NULL;
    bg_error e = BG_ERROR_INIT;
    ck_assert_int_eq(bg_record_reader_new(&r, sk(), "skr", text, strlen(text), NULL, NULL, &e),
                     BG_OK);
    bg_game *g = (bg_game *)1;
    bg_status s = bg_record_reader_next(r, &g, &e);
    ck_assert_msg(s == status, "[%s]: status %d, expected %d (%s)", text, s, status, e.message);
    ck_assert_ptr_null(g);
    ck_assert_msg(e.line == line, "[%s]: line %d, expected %d (%s)", text, e.line, line, e.message);
    ck_assert_int_eq(e.game_index, 0);
    ck_assert(strstr(e.message, "line") != NULL);
    bg_record_reader_free(r);
}

static void same_game(const bg_game *a, const bg_game *b)
{
    fx_same_line(a, b);
    char ta[1200];
    snprintf(ta, sizeof ta, "%s", game_text(a));
    ck_assert_str_eq(ta, game_text(b));
}

/* g's export, which reads back to the same game (free it). */
static char *export_and_back(const bg_game *g)
{
    char *text = export(g);
    bg_game *back = import(text, NULL);
    same_game(g, back);
    bg_game_free(back);
    return text;
}

/* The game read back from text, an export: it exports to the same text again. */
static bg_game *reimport(const char *text)
{
    bg_game *back = import(text, NULL);
    char *again = export(back);
    ck_assert_str_eq(again, text);
    free(again);
    return back;
}

START_TEST(record_export_and_import)
{
    bg_game *g = NULL;
    ck_assert_int_eq(bg_game_new(&g, sk(), NULL, NULL, NULL), BG_OK);
    ck_assert_int_eq(bg_game_set_tag(g, "Event", "Test \"quoted\""), BG_OK);
    play_all(g, "e10e11 f5f6 n5n6 o6o7 o14o13 n15n14 f15f14 d10d11");
    ck_assert_int_eq(bg_game_set_comment(g, 0, "start"), BG_OK);
    ck_assert_int_eq(bg_game_set_comment(g, 2, "han moves"), BG_OK);
    ck_assert_int_eq(bg_game_add_nag(g, 1, 1), BG_OK);
    ck_assert_int_eq(bg_game_add_variation(g, 8, "q:e11e12"), BG_OK);
    char *text = export(g);
    ck_assert_str_eq(text, "[Event \"Test \\\"quoted\\\"\"]\n"
                           "[Players \"qin,han,chu,wei,qi,yan,zhao\"]\n"
                           "[Result \"*\"]\n"
                           "\n"
                           "{start}\n"
                           "1. q:e10e11 $1 h:f5f6 {han moves} c:n5n6 w:o6o7 i:o14o13 y:n15n14 z:f15f14\n"
                           "2. q:d10d11 (q:e11e12)\n");
    bg_game *back = reimport(text);
    same_game(g, back);
    ck_assert_str_eq(bg_game_tag(back, "Event"), "Test \"quoted\"");
    ck_assert_str_eq(bg_game_comment(back, 0), "start");
    ck_assert_str_eq(bg_game_comment(back, 2), "han moves");
    ck_assert_int_eq(bg_game_nag_at(back, 1, 0), 1);
    ck_assert_str_eq(bg_game_variation_at(back, 8, 0), "q:e11e12");
    free(text);
    bg_game_free(back);
    bg_game_free(g);
    /* UTF-8 text is kept as it is; other bytes >= 0x80 are read as Latin-1 (then UTF-8 from there on). */
    g = import("[Event \"\xe7\xa7\xa6 \xe9\x9f\x93\"]\n\n1. q:e10e11 {caf\xc3\xa9} h:f5f6 {caf\xe9}\n", NULL);
    ck_assert_str_eq(bg_game_tag(g, "Event"), "\xe7\xa7\xa6 \xe9\x9f\x93");
    ck_assert_str_eq(bg_game_comment(g, 1), "caf\xc3\xa9");
    ck_assert_str_eq(bg_game_comment(g, 2), "caf\xc3\xa9");
    text = export(g);
    back = reimport(text);
    free(text);
    bg_game_free(back);
    bg_game_free(g);
    /* Moves without kingdom tags or round numbers, CRLF line ends, a BOM. */
    g = import("\xef\xbb\xbf[Event \"x\"]\r\n\r\ne10e11 f5f6\r\n  n5n6 *\r\n", NULL);
    ck_assert_int_eq(bg_game_ply_count(g), 3);
    ck_assert_str_eq(bg_game_tag(g, "Event"), "x");
    bg_game_free(g);
}
END_TEST

START_TEST(record_results)
{
    /* Hegemony from a set-up position: Position and Result tags. */
    bg_game *g = sk_game("Gq:a10 Gc:n1 Gw:s6 Gi:s14 Gy:n19 Gz:f19 Rq:n5", "q h>q qh1 0 1", NULL);
    const char *start_text = sk_text("Gq:a10 Gc:n1 Gw:s6 Gi:s14 Gy:n19 Gz:f19 Rq:n5", "q h>q qh1 0 1");
    play_all(g, "n5n1");
    char *text = export_and_back(g);
    char want[2048];
    snprintf(want, sizeof want,
             "[Players \"qin,han,chu,wei,qi,yan,zhao\"]\n[Position \"%s\"]\n"
             "[Result \"qin hegemony\"]\n\n1. q:n5n1\n",
             start_text);
    ck_assert_str_eq(text, want);
    free(text);
    bg_game_free(g);
    /* Resignation and agreement, with alliances. */
    ck_assert_int_eq(bg_game_new(&g, sk(), "players=4", NULL, NULL), BG_OK);
    play_all(g, "e10e11 f5f6");
    ck_assert_int_eq(bg_game_resign(g, CHU), BG_OK);
    text = export_and_back(g);
    ck_assert(strstr(text, "[Players \"qin+han,chu+wei,qi+yan,zhao\"]\n") != NULL);
    ck_assert(strstr(text, "[Result \"qin+han+qi+yan+zhao resignation\"]\n") != NULL);
    free(text);
    bg_game_free(g);
    ck_assert_int_eq(bg_game_new(&g, sk(), "players=3", NULL, NULL), BG_OK);
    ck_assert_int_eq(bg_game_agree_draw(g), BG_OK);
    text = export_and_back(g);
    ck_assert(strstr(text, "[Players \"qin+han+zhao,chu+wei,qi+yan\"]\n[Result \"draw agreement\"]\n") != NULL);
    free(text);
    /* A shorthand Players value is written out as the partition. */
    bg_game *back = import("[Players \"6\"]\n", NULL);
    text = export(back);
    ck_assert(strstr(text, "[Players \"qin+han,chu,wei,qi,yan,zhao\"]") != NULL);
    free(text);
    bg_game_free(back);
    bg_game_free(g);
    /* A pass in a record: "pass" or the general's point twice. */
    const char *stuck = sk_text("Gq:a1 Sq:a2 Sq:b1 Dq:b2 Th:a3 Tc:c1 Tw:c3 Gh:f1 Gc:n1 Gw:s6 "
                                "Gi:s14 Gy:n19 Gz:f19",
                                "q - - 0 1");
    char rec[2048];
    snprintf(rec, sizeof rec, "[Position \"%s\"]\n\n1. q:pass h:f1f2\n", stuck);
    g = import(rec, NULL);
    ck_assert_int_eq(bg_game_ply_count(g), 2);
    ck_assert(bg_move_is_pass(bg_game_move_at(g, 0)));
    text = export_and_back(g);
    ck_assert(strstr(text, "1. q:a1a1 h:f1f2\n") != NULL);
    free(text);
    bg_game_free(g);
}
END_TEST

START_TEST(record_errors)
{
    import_fails("1. h:e10e11\n", BG_E_ILLEGAL_MOVE, 1);
    import_fails("[Result \"*\"]\n\n2. q:e10e11\n", BG_E_PARSE, 3);
    import_fails("1. q:e10e11\nh:f5f6 {never closed\n\n", BG_E_PARSE, 2);
    import_fails("[Event \"x\"]\n[Result \"qin hegemony\"]\n\n1. q:e10e11\n", BG_E_PARSE, 2);
    import_fails("[Result \"qin\"]\n", BG_E_PARSE, 1);
    import_fails("[Result \"qin+han elimination\"]\n", BG_E_PARSE, 1);
    import_fails("[Players \"qin+chu,han,wei,qi,yan,zhao\"]\n", BG_E_UNKNOWN_OPTION, 1);
    import_fails("[Players \"qin,qin\"]\n", BG_E_UNKNOWN_OPTION, 1);
    import_fails("\n[Position \"not a position\"]\n", BG_E_PARSE, 2);
    import_fails("[Event \"x\"\n1. q:e10e11\n", BG_E_PARSE, 1);
    import_fails("[Event x]\n", BG_E_PARSE, 1);
    import_fails("[Event \"x\"]\n[Event2 \"never closed]\n", BG_E_PARSE, 2);
    import_fails("[Players \"7\"]\n[Players \"7\"]\n", BG_E_PARSE, 2);
    import_fails("1. q:e10e11\n\n\nh:f5f6 c:e10e19\n", BG_E_ILLEGAL_MOVE, 4);
    import_fails("1. q:e10e19\n", BG_E_ILLEGAL_MOVE, 1);
    import_fails("1. q:a10a10\n", BG_E_ILLEGAL_MOVE, 1);
    import_fails("1. q:pass\n", BG_E_ILLEGAL_MOVE, 1);
    import_fails("1. q:e10e11 h:f5\n", BG_E_PARSE, 1);
    import_fails("1. q:e10e11 )\n", BG_E_PARSE, 1);
    import_fails("1. q:e10e11 $300\n", BG_E_PARSE, 1);
    import_fails("$1 1. q:e10e11\n", BG_E_PARSE, 1);
    import_fails("(q:e10e11) 1. q:e10e11\n", BG_E_PARSE, 1);
    import_fails("1x q:e10e11\n", BG_E_PARSE, 1);
    import_fails("1. x:e10e11\n", BG_E_PARSE, 1);
    /* A move after the end of the game. */
    char rec[2048];
    snprintf(rec, sizeof rec, "[Position \"%s\"]\n\n1. q:n5n1\nw:s6s7\n",
             sk_text("Gq:a10 Gc:n1 Gw:s6 Gi:s14 Gy:n19 Gz:f19 Rq:n5", "q h>q qh1 0 1"));
    import_fails(rec, BG_E_GAME_OVER, 4);

    /* Several games: an error in the second names game 1 and its ply; reading goes on. */
    const char *file = "[Event \"one\"]\n\n1. q:e10e11 h:f5f6\n\n"
                       "[Event \"two\"]\n[Result \"*\"]\n\n1. q:e10e11 h:f5f6\nc:n5n6 w:zz99\n"
                       "[Event \"three\"]\n\n1. q:e10e11\n";
    bg_record_reader *r = NULL;
    ck_assert_int_eq(bg_record_reader_new(&r, sk(), NULL, file, strlen(file), NULL, NULL, NULL), BG_OK);
    bg_game *g = fx_next_plies(r, 2);
    ck_assert_str_eq(bg_game_tag(g, "Event"), "one");
    bg_game_free(g);
    bg_error e = fx_next_error(r, BG_E_PARSE, 1, 9);
    ck_assert_int_eq(e.ply, 4);
    ck_assert_int_eq(e.column, 10);
    g = fx_next_plies(r, 1);
    ck_assert_str_eq(bg_game_tag(g, "Event"), "three");
    bg_game_free(g);
    fx_next_fails(r, BG_E_END);
    bg_record_reader_free(r);
    /* Options given to the reader apply unless the record's Players tag says otherwise. */
    g = import("1. q:e10e11\n", "players=5");
    char *text = export(g);
    ck_assert(strstr(text, "[Players \"qin+han,chu+wei,qi,yan,zhao\"]") != NULL);
    free(text);
    bg_game_free(g);
}
END_TEST

int main(void)
{
    setup();
    TCase *tc = one_case("sevenkingdoms-text", "text", 120);
    ADD_TESTS(tc, text_round_trips, text_errors, record_export_and_import, record_results,
              record_errors);
    return run_cases();
}
