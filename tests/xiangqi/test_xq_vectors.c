/*
** Xiangqi and lion chess notation vectors checked by hand: WXF and Chinese for the same moves
** (plain, tandem pieces, pawn stacks of 3-5, pawns stacked on two files, both sides, files 10/11),
** other accepted forms, and the errors (malformed text with offsets, illegal, ambiguous).
*/
#include <check.h>
#include <stdio.h>
#include <string.h>

#include <boardgames/boardgames.h>

#include "check_main.h"

static bg_position *pos_of(const char *variant, const char *fen)
{
    const bg_variant *v = bg_variant_find(variant);
    bg_position *p = NULL;
    bg_error e = BG_ERROR_INIT;
    ck_assert_ptr_nonnull(v);
    bg_status s = fen ? bg_position_from_text(&p, v, fen, NULL, NULL, 0, NULL, &e)
                      : bg_position_new(&p, v, NULL, NULL, &e);
    ck_assert_msg(s == BG_OK, "%s [%s]: %s", variant, fen ? fen : "start", e.message);
    return p;
}

static bg_move uci(const bg_position *p, const char *text)
{
    bg_move m = BG_MOVE_NONE;
    bg_error e = BG_ERROR_INIT;
    ck_assert_msg(bg_move_parse(p, text, "uci", 0, &m, &e) == BG_OK, "uci %s: %s", text,
                  e.message);
    return m;
}

/* The move formats as `text` and `text` parses back to it, strictly, leniently and unnamed. */
static void both_ways(const bg_position *p, bg_move m, const char *notation, const char *text)
{
    char buf[64];
    bg_error e = BG_ERROR_INIT;
    bg_move back = BG_MOVE_NONE;
    int n = bg_move_format(p, m, notation, buf, sizeof buf);
    ck_assert_msg(n == (int)strlen(text) && strcmp(buf, text) == 0, "%s: wrote '%s', want '%s'",
                  notation, n > 0 ? buf : "(error)", text);
    ck_assert_msg(bg_move_parse(p, text, notation, 0, &back, &e) == BG_OK && back == m,
                  "%s '%s' strict: %s", notation, text, e.message);
    ck_assert_msg(bg_move_parse(p, text, notation, BG_PARSE_LENIENT, &back, &e) == BG_OK &&
                      back == m, "%s '%s' lenient: %s", notation, text, e.message);
    ck_assert_msg(bg_move_parse(p, text, NULL, 0, &back, &e) == BG_OK && back == m,
                  "'%s' without a notation name: %s", text, e.message);
}

typedef struct vec {
    const char *variant, *fen; /* NULL fen = start position */
    const char *uci, *wxf, *chinese;
} vec;

#define XQ "xiangqi"
#define LC "lionchess"
/* A: red chariots on file 8 (b7 front, b3 rear). */
#define FEN_A "4k4/9/9/1R7/9/9/9/1R7/9/3K5 w - - 0 1"
/* B: black cannons on black's file 3 (c5 front, c8 rear). */
#define FEN_B "9/4k4/2c6/9/9/2c6/9/9/9/3K5 b - - 0 1"
/* C: red horses on file 7 (c6 front, c3 rear); 'h' for horse and side 'r'. */
#define FEN_C "4k4/9/9/9/2H6/9/9/2H6/9/3K5 r - - 0 1"
/* D: three red pawns on file 3 (g8 front, g7 middle, g6 rear). */
#define FEN_D "4k4/9/6P2/6P2/6P2/9/9/9/9/3K5 w - - 0 1"
/* E: five red pawns on file 3 (g10 .. g6). */
#define FEN_E "4k1P2/6P2/6P2/6P2/6P2/9/9/9/9/3K5 w - - 0 1"
/* F: four red pawns on file 3 (g10 .. g7). */
#define FEN_F "4k1P2/6P2/6P2/6P2/9/9/9/9/9/3K5 w - - 0 1"
/* G: red pawns stacked on two files: three on file 3 (g8 g7 g6), two on file 7 (c7 c6). */
#define FEN_G "4k4/9/6P2/2P3P2/2P3P2/9/9/9/9/3K5 w - - 0 1"
/* H: three black pawns on black's file 3 (c3 front, c4, c5 rear). */
#define FEN_H "4k4/9/9/9/9/2p6/2p6/2p6/9/5K3 b - - 0 1"
/* I: black pawns on two files: black 3 (c3 c4) and black 7 (g3 g4 g5). */
#define FEN_I "4k4/9/9/9/9/6p2/2p3p2/2p3p2/9/3K5 b - - 0 1"
/* J: four black pawns on black's file 5 (e2 front .. e5 rear). */
#define FEN_J "4k4/9/9/9/9/4p4/4p4/4p4/4p4/3K5 b - - 0 1"
/* K: red advisors on file 6 (d1 d3) and elephants on file 7 (c1 c5), 'e' for elephant. */
#define FEN_K "4k4/9/9/9/9/2E6/9/3A5/5K3/2EA5 w - - 0 1"
/* L: black horses on black's file 2 (b6 front, b9 rear), advisors on black's file 4 (d8 d10). */
#define FEN_L "3a1k3/1n7/3a5/9/1n7/9/9/9/9/3K5 b - - 0 1"
/* M: lion chess, red lions on file 10 (b6 front, b2 rear). */
#define FEN_M "4k6/11/11/11/1L9/11/11/11/1L9/5K5 w - - 0 1"
/* N: lion chess, red pawns on files 11 (a8 a7 a6) and 1 (k7 k6). */
#define FEN_N "4k6/11/P10/P9P/P9P/11/11/11/11/5K5 w - - 0 1"
/* O: lion chess, black chariots on black's file 11 (k5 front, k9 rear). */
#define FEN_O "6k4/10r/11/11/11/10r/11/11/11/5K5 b - - 0 1"
/* P: lion chess, black lions on black's file 3 (c6 front, c8 rear), a black soldier on file 10. */
#define FEN_P "6k4/11/2l8/11/2l8/9p1/11/11/11/5K5 b - - 0 1"

static const vec vectors[] = {
    /* The start position. */
    {XQ, NULL, "h3e3", "C2.5", "炮二平五"},
    {XQ, NULL, "h1g3", "H2+3", "馬二進三"},
    {XQ, NULL, "i1i2", "R1+1", "車一進一"},
    {XQ, NULL, "b3b10", "C8+7", "炮八進七"},
    {XQ, NULL, "c1e3", "E7+5", "相七進五"},
    {XQ, NULL, "f1e2", "A4+5", "仕四進五"},
    {XQ, NULL, "e1e2", "K5+1", "帥五進一"},
    {XQ, NULL, "g4g5", "P3+1", "兵三進一"},
    {XQ, "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1", "h10g8", "H8+7",
     "馬8進7"},
    {XQ, "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1", "b8e8", "C2.5",
     "炮2平5"},
    {XQ, "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1", "a10a8", "R1+2",
     "車1進2"},
    {XQ, "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1", "g7g6", "P7+1",
     "卒7進1"},
    {XQ, "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1", "f10e9", "A6+5",
     "士6進5"},
    {XQ, "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1", "g10e8", "E7+5",
     "象7進5"},
    {XQ, "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1", "e10e9", "K5+1",
     "將5進1"},
    /* A: tandem chariots. */
    {XQ, FEN_A, "b7b8", "R++1", "前車進一"},
    {XQ, FEN_A, "b7a7", "R+.9", "前車平九"},
    {XQ, FEN_A, "b7b4", "R+-3", "前車退三"},
    {XQ, FEN_A, "b3b4", "R-+1", "後車進一"},
    {XQ, FEN_A, "b3b1", "R--2", "後車退二"},
    {XQ, FEN_A, "b3c3", "R-.7", "後車平七"},
    {XQ, FEN_A, "d1d2", "K6+1", "帥六進一"},
    /* B: black tandem cannons (C--1 and 後炮平4 of the standard's examples). */
    {XQ, FEN_B, "c5c4", "C++1", "前炮進1"},
    {XQ, FEN_B, "c5c6", "C+-1", "前炮退1"},
    {XQ, FEN_B, "c5a5", "C+.1", "前炮平1"},
    {XQ, FEN_B, "c8c9", "C--1", "後炮退1"},
    {XQ, FEN_B, "c8c7", "C-+1", "後炮進1"},
    {XQ, FEN_B, "c8d8", "C-.4", "後炮平4"},
    /* C: tandem horses (前馬退六). */
    {XQ, FEN_C, "c6d4", "H+-6", "前馬退六"},
    {XQ, FEN_C, "c6b4", "H+-8", "前馬退八"},
    {XQ, FEN_C, "c6e5", "H+-5", "前馬退五"},
    {XQ, FEN_C, "c6e7", "H++5", "前馬進五"},
    {XQ, FEN_C, "c3d5", "H-+6", "後馬進六"},
    {XQ, FEN_C, "c3a2", "H--9", "後馬退九"},
    {XQ, FEN_C, "c3b1", "H--8", "後馬退八"},
    /* D: three pawns on one file (the WXF example P+.4 P3.4 P-.4). */
    {XQ, FEN_D, "g8f8", "P+.4", "前兵平四"},
    {XQ, FEN_D, "g7f7", "P3.4", "中兵平四"},
    {XQ, FEN_D, "g6f6", "P-.4", "後兵平四"},
    {XQ, FEN_D, "g8g9", "P++1", "前兵進一"},
    {XQ, FEN_D, "g7h7", "P3.2", "中兵平二"},
    {XQ, FEN_D, "g6h6", "P-.2", "後兵平二"},
    /* E: five pawns on one file (++.4 P+.4 P3.4 P-.4 --.4). */
    {XQ, FEN_E, "g10f10", "++.4", "前兵平四"},
    {XQ, FEN_E, "g9f9", "P+.4", "二兵平四"},
    {XQ, FEN_E, "g8f8", "P3.4", "三兵平四"},
    {XQ, FEN_E, "g7f7", "P-.4", "四兵平四"},
    {XQ, FEN_E, "g6f6", "--.4", "五兵平四"},
    {XQ, FEN_E, "g10h10", "++.2", "前兵平二"},
    {XQ, FEN_E, "g6h6", "--.2", "五兵平二"},
    /* F: four pawns on one file (++ P+ P- --). */
    {XQ, FEN_F, "g10f10", "++.4", "前兵平四"},
    {XQ, FEN_F, "g9f9", "P+.4", "二兵平四"},
    {XQ, FEN_F, "g8f8", "P-.4", "三兵平四"},
    {XQ, FEN_F, "g7f7", "--.4", "四兵平四"},
    {XQ, FEN_F, "g7h7", "--.2", "四兵平二"},
    /* G: pawns stacked on two files (3+.4 33.4 3-.4 7+.6 7-.6). */
    {XQ, FEN_G, "g8f8", "3+.4", "前三平四"},
    {XQ, FEN_G, "g7f7", "33.4", "中三平四"},
    {XQ, FEN_G, "g6f6", "3-.4", "後三平四"},
    {XQ, FEN_G, "c7d7", "7+.6", "前七平六"},
    {XQ, FEN_G, "c6d6", "7-.6", "後七平六"},
    {XQ, FEN_G, "c7c8", "7++1", "前七進一"},
    {XQ, FEN_G, "g8g9", "3++1", "前三進一"},
    {XQ, FEN_G, "c6b6", "7-.8", "後七平八"},
    /* H: three black pawns on one file. */
    {XQ, FEN_H, "c3d3", "P+.4", "前卒平4"},
    {XQ, FEN_H, "c4d4", "P3.4", "中卒平4"},
    {XQ, FEN_H, "c5d5", "P-.4", "後卒平4"},
    {XQ, FEN_H, "c3c2", "P++1", "前卒進1"},
    {XQ, FEN_H, "c5b5", "P-.2", "後卒平2"},
    /* I: black pawns stacked on two files. */
    {XQ, FEN_I, "c3d3", "3+.4", "前3平4"},
    {XQ, FEN_I, "c4d4", "3-.4", "後3平4"},
    {XQ, FEN_I, "g3f3", "7+.6", "前7平6"},
    {XQ, FEN_I, "g4f4", "77.6", "中7平6"},
    {XQ, FEN_I, "g5f5", "7-.6", "後7平6"},
    {XQ, FEN_I, "g3g2", "7++1", "前7進1"},
    {XQ, FEN_I, "g5h5", "7-.8", "後7平8"},
    /* J: four black pawns on one file, one move giving check. */
    {XQ, FEN_J, "e2e1", "+++1", "前卒進1"},
    {XQ, FEN_J, "e3d3", "P+.4", "二卒平4"},
    {XQ, FEN_J, "e4f4", "P-.6", "三卒平6"},
    {XQ, FEN_J, "e5d5", "--.4", "四卒平4"},
    {XQ, FEN_J, "e2f2", "++.6", "前卒平6"},
    /* K: advisors and elephants keep their file. */
    {XQ, FEN_K, "d1e2", "A6+5", "仕六進五"},
    {XQ, FEN_K, "d3e2", "A6-5", "仕六退五"},
    {XQ, FEN_K, "c1e3", "E7+5", "相七進五"},
    {XQ, FEN_K, "c5e3", "E7-5", "相七退五"},
    {XQ, FEN_K, "c1a3", "E7+9", "相七進九"},
    {XQ, FEN_K, "c5a3", "E7-9", "相七退九"},
    {XQ, FEN_K, "f2f3", "K4+1", "帥四進一"},
    /* L: black tandem horses, advisors on one file. */
    {XQ, FEN_L, "b6a4", "H++1", "前馬進1"},
    {XQ, FEN_L, "b6d5", "H++4", "前馬進4"},
    {XQ, FEN_L, "b6d7", "H+-4", "前馬退4"},
    {XQ, FEN_L, "b9c7", "H-+3", "後馬進3"},
    {XQ, FEN_L, "b9a7", "H-+1", "後馬進1"},
    {XQ, FEN_L, "d10e9", "A4+5", "士4進5"},
    {XQ, FEN_L, "d8e9", "A4-5", "士4退5"},
    {XQ, FEN_L, "f10e10", "K6.5", "將6平5"},
    /* M: lion chess, tandem lions on file 10. */
    {LC, FEN_M, "b6a7", "L++11", "前獅進十一"},
    {LC, FEN_M, "b6c7", "L++9", "前獅進九"},
    {LC, FEN_M, "b6d4", "L+-8", "前獅退八"},
    {LC, FEN_M, "b2c3", "L-+9", "後獅進九"},
    {LC, FEN_M, "b2a1", "L--11", "後獅退十一"},
    {LC, FEN_M, "f1f2", "K6+1", "帥六進一"},
    /* N: lion chess, pawns on two files, files 11 and 1. */
    {LC, FEN_N, "a8b8", "11+.10", "前十一平十"},
    {LC, FEN_N, "a7b7", "1111.10", "中十一平十"},
    {LC, FEN_N, "a6b6", "11-.10", "後十一平十"},
    {LC, FEN_N, "a8a9", "11++1", "前十一進一"},
    {LC, FEN_N, "k7j7", "1+.2", "前一平二"},
    {LC, FEN_N, "k6j6", "1-.2", "後一平二"},
    {LC, FEN_N, "k7k8", "1++1", "前一進一"},
    /* O: lion chess, black tandem chariots on black's file 11. */
    {LC, FEN_O, "k5j5", "R+.10", "前車平10"},
    {LC, FEN_O, "k5k1", "R++4", "前車進4"},
    {LC, FEN_O, "k9k10", "R--1", "後車退1"},
    {LC, FEN_O, "k9a9", "R-.1", "後車平1"},
    {LC, FEN_O, "g10g9", "K7+1", "將7進1"},
    /* P: lion chess, black lions on black's file 3, a soldier on black's file 10. */
    {LC, FEN_P, "c6d5", "L++4", "前獅進4"},
    {LC, FEN_P, "c6a8", "L+-1", "前獅退1"},
    {LC, FEN_P, "c6e8", "L+-5", "前獅退5"},
    {LC, FEN_P, "c8b9", "L--2", "後獅退2"},
    {LC, FEN_P, "c8e6", "L-+5", "後獅進5"},
    {LC, FEN_P, "c8e10", "L--5", "後獅退5"},
    {LC, FEN_P, "j5j4", "P10+1", "卒10進1"},
    {LC, FEN_P, "j5k5", "P10.11", "卒10平11"},
};

static int vectors_checked;

START_TEST(test_vectors)
{
    const vec *v = &vectors[_i];
    bg_position *p = pos_of(v->variant, v->fen);
    bg_move m = uci(p, v->uci);
    both_ways(p, m, "wxf", v->wxf);
    both_ways(p, m, "chinese", v->chinese);
    vectors_checked++;
    bg_position_free(p);
}
END_TEST

/* Expect parsing to give `want` (and on success the move `move` in uci), error at `offset`. */
typedef struct expect {
    const char *variant, *fen, *notation, *text;
    unsigned flags;
    bg_status want;
    const char *move; /* uci, when want == BG_OK */
    size_t offset;
} expect;

#define LN BG_PARSE_LENIENT
#define START_B "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1"

static const expect expects[] = {
    /* Tandem pieces written by their file: ambiguous when both can, else lenient only. */
    {XQ, FEN_A, "wxf", "R8+1", 0, BG_E_AMBIGUOUS_MOVE, NULL, 0},
    {XQ, FEN_A, "wxf", "R8+1", LN, BG_E_AMBIGUOUS_MOVE, NULL, 0},
    {XQ, FEN_A, "wxf", "R8-3", 0, BG_E_PARSE, NULL, 0},
    {XQ, FEN_A, "wxf", "R8-3", LN, BG_OK, "b7b4", 0},
    {XQ, FEN_A, "wxf", "R8+4", LN, BG_E_ILLEGAL_MOVE, NULL, 0},
    {XQ, FEN_A, "chinese", "車八進一", LN, BG_E_AMBIGUOUS_MOVE, NULL, 0},
    {XQ, FEN_A, "chinese", "車八退三", 0, BG_E_PARSE, NULL, 0},
    {XQ, FEN_A, "chinese", "車八退三", LN, BG_OK, "b7b4", 0},
    /* The piece before 前/後 (車前平三, the WXF's own example), simplified characters. */
    {XQ, FEN_A, "chinese", "車前進一", 0, BG_OK, "b7b8", 0},
    {XQ, FEN_A, "chinese", "车后退二", 0, BG_OK, "b3b1", 0},
    {XQ, FEN_A, "chinese", "前车进一", 0, BG_OK, "b7b8", 0},
    /* '=' for sideways, lowercase only when lenient. */
    {XQ, FEN_A, "wxf", "R+=9", 0, BG_OK, "b7a7", 0},
    {XQ, NULL, "wxf", "C2=5", 0, BG_OK, "h3e3", 0},
    {XQ, NULL, "wxf", "c2.5", 0, BG_E_PARSE, NULL, 0},
    {XQ, NULL, "wxf", "c2.5", LN, BG_OK, "h3e3", 0},
    {XQ, NULL, "wxf", " N2+3 ", LN, BG_OK, "h1g3", 0},
    {XQ, NULL, "wxf", "B3+5", LN, BG_OK, "g1e3", 0},
    /* Advisors and elephants by order: allowed (one of two can make the move). */
    {XQ, FEN_K, "wxf", "A-+5", 0, BG_OK, "d1e2", 0},
    {XQ, FEN_K, "wxf", "A+-5", 0, BG_OK, "d3e2", 0},
    {XQ, FEN_K, "wxf", "E+-5", 0, BG_OK, "c5e3", 0},
    {XQ, FEN_K, "wxf", "E-+5", 0, BG_OK, "c1e3", 0},
    {XQ, FEN_K, "chinese", "後仕進五", 0, BG_OK, "d1e2", 0},
    {XQ, FEN_K, "chinese", "前相退九", 0, BG_OK, "c5a3", 0},
    {XQ, FEN_K, "wxf", "A++5", 0, BG_E_ILLEGAL_MOVE, NULL, 0},
    /* Pawn stacks written the one-file way while two files are stacked, and the reverse. */
    {XQ, FEN_G, "wxf", "P+.4", 0, BG_E_PARSE, NULL, 0},
    {XQ, FEN_G, "wxf", "P+.4", LN, BG_OK, "g8f8", 0},
    {XQ, FEN_G, "wxf", "P+.6", LN, BG_OK, "c7d7", 0},
    {XQ, FEN_G, "wxf", "P++1", LN, BG_E_AMBIGUOUS_MOVE, NULL, 0},
    {XQ, FEN_G, "chinese", "前兵進一", LN, BG_E_AMBIGUOUS_MOVE, NULL, 0},
    {XQ, FEN_G, "chinese", "中兵平四", LN, BG_OK, "g7f7", 0},
    {XQ, FEN_D, "wxf", "3+.4", 0, BG_E_PARSE, NULL, 0},
    {XQ, FEN_D, "wxf", "3+.4", LN, BG_OK, "g8f8", 0},
    {XQ, FEN_D, "wxf", "P3+1", LN, BG_OK, "g8g9", 0},
    {XQ, FEN_D, "chinese", "兵三平四", LN, BG_E_AMBIGUOUS_MOVE, NULL, 0},
    {XQ, FEN_D, "chinese", "前三平四", LN, BG_OK, "g8f8", 0},
    {XQ, FEN_E, "wxf", "P3.4", 0, BG_OK, "g8f8", 0},
    {XQ, FEN_E, "chinese", "中兵平四", 0, BG_E_ILLEGAL_MOVE, NULL, 0},
    /* Numerals: red Chinese, black digits (ASCII or full width); the other kind when lenient. */
    {XQ, FEN_A, "chinese", "前車進1", 0, BG_E_PARSE, NULL, 9},
    {XQ, FEN_A, "chinese", "前車進1", LN, BG_OK, "b7b8", 0},
    {XQ, FEN_B, "chinese", "前炮進一", 0, BG_E_PARSE, NULL, 9},
    {XQ, FEN_B, "chinese", "前炮進一", LN, BG_OK, "c5c4", 0},
    {XQ, FEN_B, "chinese", "前炮進１", 0, BG_OK, "c5c4", 0},
    {XQ, START_B, "chinese", "馬８進７", 0, BG_OK, "h10g8", 0},
    {XQ, START_B, "chinese", "马8进7", 0, BG_OK, "h10g8", 0},
    {XQ, START_B, "chinese", "砲2平5", 0, BG_OK, "b8e8", 0},
    {XQ, START_B, "chinese", "将5进1", 0, BG_OK, "e10e9", 0},
    {XQ, START_B, "chinese", "　馬8進7　", LN, BG_OK, "h10g8", 0},
    {XQ, START_B, "chinese", "馬08進7", 0, BG_E_PARSE, NULL, 3},
    {XQ, NULL, "chinese", "帅五进一", 0, BG_OK, "e1e2", 0},
    {XQ, NULL, "chinese", "俥一進一", 0, BG_OK, "i1i2", 0},
    {XQ, NULL, "chinese", "傌二進三", 0, BG_OK, "h1g3", 0},
    {XQ, NULL, "chinese", "包二平五", 0, BG_OK, "h3e3", 0},
    {LC, FEN_N, "chinese", "前十一平10", 0, BG_E_PARSE, NULL, 12},
    /* Malformed text: the offset of the fault. */
    {XQ, NULL, "wxf", "X2.5", 0, BG_E_PARSE, NULL, 0},
    {XQ, NULL, "wxf", "C2*5", 0, BG_E_PARSE, NULL, 2},
    {XQ, NULL, "wxf", "C2.", 0, BG_E_PARSE, NULL, 3},
    {XQ, NULL, "wxf", "C2.5x", 0, BG_E_PARSE, NULL, 4},
    {XQ, NULL, "wxf", "C0.5", 0, BG_E_PARSE, NULL, 1},
    {XQ, NULL, "wxf", "C10.5", 0, BG_E_PARSE, NULL, 1},
    {XQ, NULL, "wxf", "C2.05", 0, BG_E_PARSE, NULL, 3},
    {XQ, NULL, "wxf", "H2.3", 0, BG_E_PARSE, NULL, 2},
    {XQ, NULL, "wxf", "P7-1", 0, BG_E_PARSE, NULL, 2},
    {XQ, NULL, "wxf", "R1+10", 0, BG_E_PARSE, NULL, 3},
    {XQ, NULL, "wxf", "C2.2", 0, BG_E_PARSE, NULL, 3},
    {XQ, NULL, "wxf", "+.5", 0, BG_E_PARSE, NULL, 1},
    {XQ, NULL, "wxf", "3*.4", 0, BG_E_PARSE, NULL, 1},
    {XQ, NULL, "wxf", "L2+3", 0, BG_E_PARSE, NULL, 0},
    {XQ, NULL, "wxf", "", 0, BG_E_PARSE, NULL, 0},
    {XQ, NULL, "chinese", "炮二平", 0, BG_E_PARSE, NULL, 9},
    {XQ, NULL, "chinese", "炮二走五", 0, BG_E_PARSE, NULL, 6},
    {XQ, NULL, "chinese", "x炮二平五", 0, BG_E_PARSE, NULL, 0},
    {XQ, NULL, "chinese", "炮二平五x", 0, BG_E_PARSE, NULL, 12},
    {XQ, NULL, "chinese", "馬二平三", 0, BG_E_PARSE, NULL, 6},
    {XQ, NULL, "chinese", "炮十平五", 0, BG_E_PARSE, NULL, 3},
    {XQ, NULL, "chinese", "\xff", 0, BG_E_ENCODING, NULL, 0},
    {XQ, NULL, "chinese", "炮\xe4二平五", 0, BG_E_ENCODING, NULL, 3},
    {XQ, NULL, "chinese", "獅二進一", 0, BG_E_PARSE, NULL, 0},
    {XQ, FEN_G, "chinese", "二三平四", 0, BG_E_PARSE, NULL, 0},
    /* Well formed but not legal here. */
    {XQ, NULL, "wxf", "C2+8", 0, BG_E_ILLEGAL_MOVE, NULL, 0},
    {XQ, NULL, "wxf", "R1.2", 0, BG_E_ILLEGAL_MOVE, NULL, 0},
    {XQ, NULL, "wxf", "C+.5", 0, BG_E_ILLEGAL_MOVE, NULL, 0},
    {XQ, NULL, "chinese", "前炮進一", 0, BG_E_ILLEGAL_MOVE, NULL, 0},
    {XQ, NULL, "chinese", "炮2平5", LN, BG_OK, "h3e3", 0},
    {XQ, FEN_A, "wxf", "K6.5", 0, BG_E_ILLEGAL_MOVE, NULL, 0}, /* the generals would face */
    /* Full-width WXF (wukong-xiangqi xqdb_international.pgn line 5, "1. Ｃ２＝５ Ｈ８＋７"):
       lenient only; error offsets are those of the full-width text. */
    {XQ, NULL, "wxf", "Ｃ２＝５", 0, BG_E_PARSE, NULL, 0},
    {XQ, NULL, "wxf", "Ｃ２＝５", LN, BG_OK, "h3e3", 0},
    {XQ, NULL, "wxf", "Ｈ８＋７", LN, BG_OK, "b1c3", 0},
    {XQ, NULL, "wxf", "Ｃ２．５", LN, BG_OK, "h3e3", 0},
    {XQ, NULL, "wxf", "Ｃ2＝5", LN, BG_OK, "h3e3", 0},
    {XQ, NULL, "wxf", "Ｃ２＊５", LN, BG_E_PARSE, NULL, 6},
    {XQ, NULL, "wxf", "Ｃ２＝", LN, BG_E_PARSE, NULL, 9},
    {XQ, NULL, "wxf", "Ｃ２＝５炮", LN, BG_E_PARSE, NULL, 0},
    /* The order sign before the letter (same file, line 5: "46. Ｅ３＋５ ＋Ｐ＋１", the 前卒进１
       of its Chinese twin xqdb_traditional.pgn): lenient only, two or three like pieces. */
    {XQ, FEN_A, "wxf", "+R=9", 0, BG_E_PARSE, NULL, 0},
    {XQ, FEN_A, "wxf", "+R=9", LN, BG_OK, "b7a7", 0},
    {XQ, FEN_A, "wxf", "-R.9", LN, BG_OK, "b3a3", 0},
    {XQ, FEN_A, "wxf", "+R+1", LN, BG_OK, "b7b8", 0},
    {XQ, FEN_A, "wxf", "＋Ｒ＝９", LN, BG_OK, "b7a7", 0},
    {XQ, FEN_A, "wxf", "+R-5", LN, BG_E_ILLEGAL_MOVE, NULL, 0},
    {XQ, FEN_D, "wxf", "+P.4", LN, BG_OK, "g8f8", 0},
    {XQ, FEN_D, "wxf", "-P.4", LN, BG_OK, "g6f6", 0},
    {XQ, FEN_E, "wxf", "+P.4", LN, BG_E_AMBIGUOUS_MOVE, NULL, 0},
    {XQ, FEN_G, "wxf", "+P.4", LN, BG_OK, "g8f8", 0},
    {XQ, FEN_G, "wxf", "+P+1", LN, BG_E_AMBIGUOUS_MOVE, NULL, 0},
    {XQ, NULL, "wxf", "+X+1", LN, BG_E_PARSE, NULL, 1},
};

START_TEST(test_expects)
{
    const expect *x = &expects[_i];
    bg_position *p = pos_of(x->variant, x->fen);
    bg_error e = BG_ERROR_INIT;
    bg_move got = 77;
    bg_status s = bg_move_parse(p, x->text, x->notation, x->flags, &got, &e);
    ck_assert_msg(s == x->want, "%s '%s' (flags %u): %s (%s), want %s", x->notation, x->text,
                  x->flags, bg_strerror(s), e.message, bg_strerror(x->want));
    ck_assert_int_eq(e.code, x->want);
    if (x->want == BG_OK) {
        ck_assert_uint_eq(got, uci(p, x->move));
    } else {
        ck_assert_uint_eq(got, BG_MOVE_NONE);
        ck_assert_msg(e.message[0], "no message");
        ck_assert_msg(e.offset == x->offset, "%s '%s': offset %zu, want %zu (%s)", x->notation,
                      x->text, e.offset, x->offset, e.message);
    }
    bg_position_free(p);
}
END_TEST

/* Formatting: buffer sizes (snprintf convention), an illegal move, the UTF-8 length. */
START_TEST(test_format_edges)
{
    bg_position *p = pos_of(XQ, NULL);
    bg_move m = uci(p, "h3e3");
    char buf[8];
    ck_assert_int_eq(bg_move_format(p, m, "chinese", NULL, 0), 12);
    ck_assert_int_eq(bg_move_format(p, m, "chinese", buf, sizeof buf), 12);
    ck_assert_uint_eq(strlen(buf), 7);
    ck_assert_int_eq(bg_move_format(p, m, "wxf", buf, 3), 4);
    ck_assert_str_eq(buf, "C2");
    ck_assert_int_eq(bg_move_format(p, BG_MOVE_MAKE(7, 7 + 9), "wxf", buf, sizeof buf),
                     BG_E_ILLEGAL_MOVE);
    const bg_variant *v = bg_variant_find(XQ);
    int has_wxf = 0, has_chinese = 0;
    for (int i = 0; i < bg_variant_notation_count(v); i++) {
        has_wxf |= strcmp(bg_variant_notation_at(v, i), "wxf") == 0;
        has_chinese |= strcmp(bg_variant_notation_at(v, i), "chinese") == 0;
    }
    ck_assert(has_wxf && has_chinese);
    bg_position_free(p);
}
END_TEST

/* The brief asks for at least 40 hand-checked vectors (each in WXF and Chinese). */
START_TEST(test_vector_count)
{
    ck_assert_int_ge((int)(sizeof vectors / sizeof vectors[0]), 40);
}
END_TEST

int main(void)
{
    TCase *tc = one_case("xqnotation-vectors", "vectors", -1);
    tcase_add_loop_test(tc, test_vectors, 0, (int)(sizeof vectors / sizeof vectors[0]));
    tcase_add_loop_test(tc, test_expects, 0, (int)(sizeof expects / sizeof expects[0]));
    ADD_TESTS(tc, test_format_edges, test_vector_count);
    return run_cases();
}
