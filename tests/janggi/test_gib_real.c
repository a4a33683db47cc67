/*
** Real .gib files (tests/data/real/janggi, CP949 as published, see tests/data/real/SOURCES): every
** file read in lenient mode with the games, plies and results it holds, and each dialect they show
** checked on its real example.
** Usage: test_gib_real DATA_DIR (the tests/data/real/janggi directory)
*/
#include <check.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <boardgames/boardgames.h>

#include "check_main.h"
#include "fixtures.h"

static const char *data_dir;

/*
** What each file holds, game by game: the plies read and the result ("-" ongoing, "cho:checkmate"
** ...), or "error@P" for a game refused at ply P. The plies are the files' own [총수] counts (every
** game's, checked by hand against its last move number); the results are the rules' reading of the
** final position, or the record's 대국결과 where the record went on past an ending (see
** docs/janggi.md).
*/
typedef struct expected_game {
    int plies;
    const char *result;
} expected_game;

typedef struct expected_file {
    const char *name;
    int games;
    expected_game g[6];
} expected_file;

static const expected_file files[] = {
    /* Side-marked hanja moves "1. 71楚卒72 2. 13漢馬34" (line 13), {comments}; 대국결과 무승부. */
    {"pobsiz-1937-hanja-side-marked.gib", 1, {{166, "-"}}},
    /* 45. 95장85차 faces the generals, 46. 한수쉼 accepts bikjang, and play goes on to a mate. */
    {"pobsiz-amateur003-bikjang-goes-on.gib", 1, {{53, "cho:checkmate"}}},
    /* Game 2: [판 "…車馬象士1士馬象車 초 접장기"] and no 차림 headers (line 41). */
    {"pobsiz-amateur056-pan-cho-handicap.gib", 2, {{106, "han:checkmate"}, {93, "-"}}},
    /* CRLF line ends, plain hanja pieces "1. 02馬83". */
    {"pobsiz-amateur163-crlf.gib", 3, {{64, "han:checkmate"}, {85, "-"}, {136, "-"}}},
    /* A DOS end-of-file byte 0x1A on a line of its own after the last game. */
    {"pobsiz-amateur2008-ctrl-z-tail.gib", 3, {{95, "-"}, {119, "-"}, {62, "han:checkmate"}}},
    /*
    ** Game 2 ends "115. 67졸66" with the generals facing: illegal under the bikjang rule of the
    ** default ruleset (Fairy-Stockfish's janggi agrees), legal without it (see below).
    */
    {"pobsiz-cgzm123-illegal-last-move.gib", 3, {{141, "-"}, {-115, NULL}, {76, "-"}}},
    /* The file ends with 0x1A 0xFF after the last game. */
    {"pobsiz-hangame2008-ff-filler.gib", 2, {{76, "han:checkmate"}, {91, "-"}}},
    /* Game 2: "<0>" move times after each move. */
    {"pobsiz-hangame2010-move-times.gib", 2, {{89, "-"}, {173, "-"}}},
    /* Game 2 starts "\xff[대회명 …" (a file joined after game 1 with its 0xFF filler). */
    {"pobsiz-hangame2012-ff-before-header.gib", 2, {{110, "-"}, {90, "-"}}},
    /*
    ** A Kakao study: a [판] middle-game board, "{이전 수순 생략}", side-marked hanja; the record
    ** plays past the seed rules' three-check ending and says "한 0.5점 승" (Han on points).
    */
    {"pobsiz-kakao019-pan-midgame.gib", 1, {{112, "han:resignation"}}},
    /* Points as file letters and rank digits "1. i3卒h3 2. a6兵b6"; three checks in a row end it. */
    {"pobsiz-kakao041-letter-coordinates.gib", 1, {{91, "cho:perpetual-check"}}},
    /* Games 2-5: [기보형식 "구좌표"], old coordinates "1. 84졸74 2. 20마28". */
    {"pobsiz-kbs1993-old-coordinates.gib", 5, {{100, "-"}, {123, "-"}, {180, "-"}, {144, "-"}, {97, "-"}}},
    /* Plain hangul moves, 장군 suffixes. */
    {"pobsiz-kbs2010-hangul.gib", 1, {{107, "cho:checkmate"}}},
    /*
    ** Hangul side marks and move times "1. 79초졸78 <0> 2. 12한마33 <1>"; game 3 plays past a
    ** double pass (42. 한수쉼 43. 한수쉼 44. 07포77) and says "한 완승".
    */
    {"pobsiz-myeongin2010-hangul-side-times.gib", 3, {{131, "-"}, {58, "-"}, {136, "han:resignation"}}},
    /*
    ** 사이버장기: "타" capture marks "31포81타마"; games 3 and 4 have a [판 "… 한 접장기"] board
    ** (Han gives odds and moves first); game 5 starts "1. 한수쉼 2. 한수쉼 3. 71졸72".
    */
    {"pobsiz-neojanggi-pan-han-handicap-ta.gib", 5,
     {{68, "han:checkmate"}, {164, "-"}, {106, "-"}, {64, "-"}, {125, "cho:resignation"}}},
};
enum { NFILES = sizeof files / sizeof files[0] };

static const bg_variant *janggi(void) { return fx_variant("janggi"); }

/* The games of one file (at most 8), read from the file itself; errors keep their ply. */
typedef struct read_file {
    int n;
    bg_game *g[8];
    bg_error e[8];
} read_file;

static read_file read_all(const char *name, const char *options)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", data_dir, name);
    FILE *f = fopen(path, "rb");
    ck_assert_msg(f != NULL, "cannot open %s", path);
    bg_record_reader *r = NULL;
    bg_error e = BG_ERROR_INIT;
    ck_assert_int_eq(bg_record_reader_open_file(&r, janggi(), "gib", f, options, BG_RECORD_LENIENT,
                                                NULL, &e),
                     BG_OK);
    read_file out;
    memset(&out, 0, sizeof out);
    bg_game *g;
    bg_error ge;
    bg_status s;
    while (fx_next(r, &s, &g, &ge)) {
        ck_assert_msg(out.n < 8, "%s: more than 8 games", name);
        ck_assert_msg(s == BG_OK || ge.game_index == out.n, "%s: error for game %d, expected %d", name,
                      ge.game_index, out.n);
        out.g[out.n] = g;
        out.e[out.n] = ge;
        out.n++;
    }
    bg_record_reader_free(r);
    fclose(f);
    return out;
}

static void free_all(read_file *rf)
{
    for (int i = 0; i < rf->n; i++)
        bg_game_free(rf->g[i]);
}

static void result_text(const bg_game *g, char *buf, size_t cap)
{
    if (bg_game_outcome(g) == BG_ONGOING)
        snprintf(buf, cap, "-");
    else if (bg_game_outcome(g) == BG_DRAW)
        snprintf(buf, cap, "draw:%s", bg_reason_name(bg_game_reason(g)));
    else
        snprintf(buf, cap, "%s:%s", bg_game_winners(g) == 1u ? "cho" : "han",
                 bg_reason_name(bg_game_reason(g)));
}

static char *export_gib(const bg_game *g) { return fx_export(g, "gib"); }

/* The first `n` moves of g in uci, space-separated. */
static void first_moves(const bg_game *g, int n, char *buf, size_t cap)
{
    char all[8192];
    ck_assert_int_gt(bg_game_line_text(g, "uci", all, sizeof all), 0);
    char *p = all;
    for (int i = 0; i < n && p; i++)
        p = strchr(p + 1, ' ');
    if (p)
        *p = 0;
    ck_assert_uint_lt(strlen(all), cap);
    memcpy(buf, all, strlen(all) + 1);
}

/* Every file: its games, plies and results; the export of each game reads back to the same game. */
START_TEST(every_file)
{
    const expected_file *x = &files[_i];
    read_file rf = read_all(x->name, NULL);
    ck_assert_msg(rf.n == x->games, "%s: %d games, expected %d", x->name, rf.n, x->games);
    for (int i = 0; i < rf.n; i++) {
        const expected_game *w = &x->g[i];
        if (w->plies < 0) {
            ck_assert_msg(rf.g[i] == NULL, "%s game %d was read", x->name, i + 1);
            ck_assert_int_eq(rf.e[i].code, BG_E_ILLEGAL_MOVE);
            ck_assert_int_eq(rf.e[i].ply, -w->plies);
            continue;
        }
        ck_assert_msg(rf.g[i] != NULL, "%s game %d: %s", x->name, i + 1, rf.e[i].message);
        ck_assert_msg(bg_game_ply_count(rf.g[i]) == w->plies, "%s game %d: %d plies, expected %d",
                      x->name, i + 1, bg_game_ply_count(rf.g[i]), w->plies);
        char res[64];
        result_text(rf.g[i], res, sizeof res);
        ck_assert_msg(strcmp(res, w->result) == 0, "%s game %d: %s, expected %s", x->name, i + 1, res,
                      w->result);
        /* Written in today's form, the game reads back the same, and writes the same again. */
        char *out = export_gib(rf.g[i]);
        bg_record_reader *r = NULL;
        bg_game *back = NULL;
        bg_error e = BG_ERROR_INIT;
        ck_assert_int_eq(bg_record_reader_new(&r, janggi(), "gib", out, strlen(out), NULL, NULL, &e),
                         BG_OK);
        ck_assert_msg(bg_record_reader_next(r, &back, &e) == BG_OK, "%s game %d: %s\n%s", x->name,
                      i + 1, e.message, out);
        ck_assert_int_eq(bg_game_ply_count(back), w->plies);
        for (int k = 0; k < w->plies; k++)
            ck_assert_uint_eq(bg_game_move_at(back, k), bg_game_move_at(rf.g[i], k));
        result_text(back, res, sizeof res);
        ck_assert_str_eq(res, w->result);
        char *again = export_gib(back);
        ck_assert_str_eq(again, out);
        free(again);
        free(out);
        bg_game_free(back);
        bg_record_reader_free(r);
    }
    free_all(&rf);
}
END_TEST

/* No file of the directory is left out of the table above. */
START_TEST(every_file_listed)
{
    DIR *d = opendir(data_dir);
    ck_assert_msg(d != NULL, "cannot open %s", data_dir);
    int seen = 0;
    for (struct dirent *de; (de = readdir(d)) != NULL;) {
        size_t n = strlen(de->d_name);
        if (n < 4 || strcmp(de->d_name + n - 4, ".gib") != 0)
            continue;
        int found = 0;
        for (int i = 0; i < NFILES; i++)
            found |= strcmp(files[i].name, de->d_name) == 0;
        ck_assert_msg(found, "%s is not in the table of test_gib_real.c", de->d_name);
        seen++;
    }
    closedir(d);
    ck_assert_int_eq(seen, NFILES);
}
END_TEST

/*
** Side marks: hanja 楚/漢 (pobsiz-1937-hanja-side-marked.gib line 13: "1. 71楚卒72 2. 13漢馬34")
** and hangul 초/한 with move times (pobsiz-myeongin2010-hangul-side-times.gib line 15:
** "1. 79초졸78 <0> 2. 12한마33 <1> 3. 08초마87 <8>"): the times are kept as [%emt] comments and
** written back as "<N>".
*/
START_TEST(side_marks_and_times)
{
    char moves[256];
    read_file rf = read_all("pobsiz-1937-hanja-side-marked.gib", NULL);
    first_moves(rf.g[0], 2, moves, sizeof moves);
    ck_assert_str_eq(moves, "a4b4 c10d8");
    free_all(&rf);
    rf = read_all("pobsiz-myeongin2010-hangul-side-times.gib", NULL);
    first_moves(rf.g[0], 3, moves, sizeof moves);
    ck_assert_str_eq(moves, "i4h4 b10c8 h1g3");
    ck_assert_str_eq(bg_game_comment(rf.g[0], 1), "[%emt 0:00:00]");
    ck_assert_str_eq(bg_game_comment(rf.g[0], 3), "[%emt 0:00:08]");
    char *out = export_gib(rf.g[0]);
    ck_assert_msg(strstr(out, "1. 79졸78 <0> 2. 12마33 <1> 3. 08마87 <8>") != NULL, "%s", out);
    free(out);
    free_all(&rf);
}
END_TEST

/*
** [판] boards (pobsiz-neojanggi-pan-han-handicap-ta.gib line 78): ranks from Cho's back rank up,
** Cho in hangul, Han in hanja; "한 접장기": Han left its guards out and moves first. The 차림
** headers next to it are wrong (초차림 "마상상마" is the board's, 한차림 "마상마상" is not), the
** moves prove the board: 1. 12마33 (Han's horse b10) 2. 08마87 (Cho's horse h1).
*/
START_TEST(pan_board)
{
    char fen[128];
    read_file rf = read_all("pobsiz-neojanggi-pan-han-handicap-ta.gib", NULL);
    bg_position_text(bg_game_start_position(rf.g[2]), NULL, fen, sizeof fen);
    ck_assert_str_eq(fen, "rnb3nbr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBA1ABNR b - - 0 1");
    char *out = export_gib(rf.g[2]);
    ck_assert_msg(strstr(out, "[FEN \"rnb3nbr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBA1ABNR b - - 0 1\"]"),
                  "%s", out);
    ck_assert_msg(strstr(out, "[판 ") == NULL && strstr(out, "차림") == NULL, "%s", out);
    /*
    ** The 타 capture mark with a check after it (line 90: "64. 75상43타졸장군"), written plainly;
    ** 사이버장기 calls every soldier 졸, the one taken is Han's (병).
    */
    ck_assert_msg(strstr(out, "64. 75상43병장군") != NULL, "%s", out);
    free(out);
    /* Game 5: two passes at the start and play goes on (the draw offer was refused). */
    ck_assert(bg_move_is_pass(bg_game_move_at(rf.g[4], 0)) && bg_move_is_pass(bg_game_move_at(rf.g[4], 1)));
    free_all(&rf);
    /* "초 접장기" with every piece (pobsiz-amateur056-pan-cho-handicap.gib line 41): a setup. */
    rf = read_all("pobsiz-amateur056-pan-cho-handicap.gib", NULL);
    bg_position_text(bg_game_start_position(rf.g[1]), NULL, fen, sizeof fen);
    ck_assert_str_eq(fen, "rnba1anbr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBA1ANBR w - - 0 1");
    out = export_gib(rf.g[1]);
    ck_assert_msg(strstr(out, "[초차림 \"마상마상\"]\n[한차림 \"마상마상\"]") != NULL, "%s", out);
    free(out);
    free_all(&rf);
    /*
    ** A Kakao middle-game board (pobsiz-kakao019-pan-midgame.gib line 10): a Cho soldier on rank
    ** 5 ("4졸"), Cho to move ("초 접장기"): line 13, "1. 01楚車91".
    */
    rf = read_all("pobsiz-kakao019-pan-midgame.gib", NULL);
    bg_position_text(bg_game_start_position(rf.g[0]), NULL, fen, sizeof fen);
    ck_assert_str_eq(fen, "2ba1a2r/4kn3/r1n1c2c1/p1ppb1p1p/9/4P4/PP3BPP1/3NC2C1/4K4/RB1A1AN1R w - - 0 1");
    first_moves(rf.g[0], 1, fen, sizeof fen);
    ck_assert_str_eq(fen, "a1a2");
    ck_assert_str_eq(bg_game_comment(rf.g[0], 0), "이전 수순 생략");
    free_all(&rf);
}
END_TEST

/*
** Junk after a game: 0x1A (pobsiz-amateur2008-ctrl-z-tail.gib, the last byte), 0x1A 0xFF
** (pobsiz-hangame2008-ff-filler.gib, the last two bytes) and 0xFF glued to the next game's first
** header (pobsiz-hangame2012-ff-before-header.gib line 33: "\xff[대회명 \"2012 한게임 그랑프리\"]"):
** no extra game, no error, the next game keeps its header.
*/
START_TEST(eof_junk)
{
    read_file rf = read_all("pobsiz-hangame2012-ff-before-header.gib", NULL);
    ck_assert_int_eq(rf.n, 2);
    ck_assert_str_eq(bg_game_tag(rf.g[1], "대회명"), "2012 한게임 그랑프리");
    ck_assert_str_eq(bg_game_tag(rf.g[1], "대국결과"), "한 기권승");
    free_all(&rf);
}
END_TEST

/*
** Old coordinates (pobsiz-kbs1993-old-coordinates.gib line 42: [기보형식 "구좌표"], line 44:
** "1. 84졸74 2. 20마28") and letter coordinates (pobsiz-kakao041-letter-coordinates.gib line 13:
** "1. i3卒h3 2. a6兵b6"): both are written back in today's coordinates.
*/
START_TEST(other_coordinates)
{
    char moves[256];
    read_file rf = read_all("pobsiz-kbs1993-old-coordinates.gib", NULL);
    first_moves(rf.g[1], 4, moves, sizeof moves);
    ck_assert_str_eq(moves, "i4h4 b10c8 g1f3 b8e8");
    char *out = export_gib(rf.g[1]);
    ck_assert_msg(strstr(out, "1. 79졸78 2. 12마33 3. 07마86 4. 32포35") != NULL, "%s", out);
    ck_assert_msg(strstr(out, "기보형식") == NULL, "%s", out);
    free(out);
    free_all(&rf);
    rf = read_all("pobsiz-kakao041-letter-coordinates.gib", NULL);
    first_moves(rf.g[0], 3, moves, sizeof moves);
    ck_assert_str_eq(moves, "i4h4 a7b7 i1i5");
    free_all(&rf);
}
END_TEST

/*
** The bikjang rule: pobsiz-cgzm123-illegal-last-move.gib game 2 (line 65: "115. 67졸66") moves on
** with the generals facing, which the default ruleset (and Fairy-Stockfish's janggi) forbids; the
** program it comes from had no such rule, and without it (ruleset=casual or modern) the game reads
** whole. Records that go on past an accepted bikjang or a double pass read in every ruleset.
*/
START_TEST(bikjang_rule)
{
    read_file rf = read_all("pobsiz-cgzm123-illegal-last-move.gib", NULL);
    ck_assert_int_eq(rf.e[1].line, 65);
    ck_assert_msg(strstr(rf.e[1].message, "the generals face each other") != NULL, "%s", rf.e[1].message);
    free_all(&rf);
    const char *without[] = {"ruleset=casual", "ruleset=modern"};
    for (int k = 0; k < 2; k++) {
        rf = read_all("pobsiz-cgzm123-illegal-last-move.gib", without[k]);
        ck_assert_int_eq(rf.n, 3);
        ck_assert_msg(rf.g[1] != NULL, "%s: %s", without[k], rf.e[1].message);
        ck_assert_int_eq(bg_game_ply_count(rf.g[1]), 115);
        free_all(&rf);
    }
    /* 45. 95장85차 46. 한수쉼 47. 47상75 (pobsiz-amateur003-bikjang-goes-on.gib line 20). */
    rf = read_all("pobsiz-amateur003-bikjang-goes-on.gib", "ruleset=traditional");
    ck_assert_int_eq(bg_game_ply_count(rf.g[0]), 53);
    ck_assert(bg_move_is_pass(bg_game_move_at(rf.g[0], 45)));
    free_all(&rf);
}
END_TEST

int main(int argc, char **argv)
{
    data_dir = first_arg(argc, argv, "DATA_DIR");
    TCase *t = one_case("gib-real", "gib-real", 120);
    tcase_add_loop_test(t, every_file, 0, NFILES);
    ADD_TESTS(t, every_file_listed, side_marks_and_times, pan_board, eof_junk, other_coordinates,
              bikjang_rule);
    return run_cases();
}
