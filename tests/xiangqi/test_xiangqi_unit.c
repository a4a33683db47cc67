/* Unit tests of xiangqi and lion chess: catalogue, FEN read/write and its errors, special rules, uci/ICCS, hashing. */
#include <check.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include <boardgames/boardgames.h>

#include "check_main.h"

#define XQ_START "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"
#define LION_START "rnlbakablnr/11/1c7c1/p1p2p2p1p/11/11/P1P2P2P1P/1C7C1/11/RNLBAKABLNR w - - 0 1"

static const bg_variant *xq(void) { return bg_variant_find("xiangqi"); }
static const bg_variant *lion(void) { return bg_variant_find("lionchess"); }

static bg_position *from_fen(const bg_variant *v, const char *fen)
{
    bg_position *p = NULL;
    bg_error e = BG_ERROR_INIT;
    ck_assert_msg(bg_position_from_text(&p, v, fen, NULL, NULL, 0, NULL, &e) == BG_OK,
                  "FEN refused: %s [%s]", e.message, fen);
    return p;
}

/* Expect the FEN to be refused with `status` at byte `offset`. */
static void refused(const bg_variant *v, const char *fen, unsigned flags, bg_status status,
                    size_t offset)
{
    bg_position *p = (bg_position *)1;
    bg_error e = BG_ERROR_INIT;
    bg_status s = bg_position_from_text(&p, v, fen, NULL, NULL, flags, NULL, &e);
    ck_assert_msg(s == status, "[%s]: status %d, expected %d (%s)", fen, s, status, e.message);
    ck_assert_msg(p == NULL, "handle left on failure");
    ck_assert_msg(e.offset == offset, "[%s]: offset %zu, expected %zu (%s)", fen, e.offset, offset,
                  e.message);
    ck_assert_msg(e.message[0] != 0, "no error message");
}

/* Sorted, space-separated uci list of the legal moves. */
static void moves_text(const bg_position *p, char *out, size_t cap)
{
    bg_move m[256];
    char txt[256][8];
    int n = bg_position_legal_moves(p, m, 256);
    for (int i = 0; i < n; i++)
        bg_move_format(p, m[i], "uci", txt[i], 8);
    qsort(txt, (size_t)n, 8, (int (*)(const void *, const void *))strcmp);
    out[0] = 0;
    for (int i = 0; i < n; i++) {
        if (i)
            strncat(out, " ", cap - strlen(out) - 1);
        strncat(out, txt[i], cap - strlen(out) - 1);
    }
}

static int has_move(const bg_position *p, const char *uci)
{
    bg_move m;
    return bg_move_parse(p, uci, "uci", 0, &m, NULL) == BG_OK;
}

START_TEST(catalogue)
{
    /* docs/rules.md order: chess, xiangqi, (janggi), lionchess, ... */
    int ix = -1, il = -1;
    for (int i = 0; i < bg_variant_count(); i++) {
        if (bg_variant_at(i) == xq())
            ix = i;
        if (bg_variant_at(i) == lion())
            il = i;
    }
    ck_assert_int_eq(ix, 1);
    ck_assert_int_gt(il, ix);
    ck_assert_int_eq(bg_variant_width(xq()), 9);
    ck_assert_int_eq(bg_variant_height(xq()), 10);
    ck_assert_int_eq(bg_variant_width(lion()), 11);
    ck_assert_str_eq(bg_variant_side_id(xq(), 0), "red");
    ck_assert_str_eq(bg_variant_side_id(lion(), 1), "black");
    ck_assert_int_eq(bg_variant_piece_kinds(xq()), 7);
    ck_assert_int_eq(bg_variant_piece_kinds(lion()), 8);
    ck_assert_str_eq(bg_variant_piece_letter(lion(), 8), "L");
    ck_assert_str_eq(bg_variant_piece_name(xq(), 6), "cannon");
    ck_assert_str_eq(bg_variant_start_text(xq()), XQ_START);
    ck_assert_str_eq(bg_variant_start_text(lion()), LION_START);
    ck_assert_str_eq(bg_variant_notation_at(xq(), 0), "uci");
    ck_assert_str_eq(bg_variant_notation_at(xq(), 1), "iccs");
    ck_assert_str_eq(bg_variant_option_name(xq(), 0), "ruleset");
}
END_TEST

START_TEST(start_positions)
{
    const bg_variant *vs[2] = {xq(), lion()};
    const char *fens[2] = {XQ_START, LION_START};
    const int counts[2] = {44, 54};
    for (int i = 0; i < 2; i++) {
        bg_position *p = NULL;
        char buf[256];
        ck_assert_int_eq(bg_position_new(&p, vs[i], NULL, NULL, NULL), BG_OK);
        ck_assert_int_eq(bg_position_text(p, NULL, buf, sizeof buf), (int)strlen(fens[i]));
        ck_assert_str_eq(buf, fens[i]);
        ck_assert_int_eq(bg_position_legal_moves(p, NULL, 0), counts[i]);
        ck_assert_int_eq(bg_position_side_to_move(p), 0);
        ck_assert_int_eq(bg_position_in_check(p), 0);
        ck_assert_int_eq(bg_position_piece_at(p, i == 0 ? 4 : 5), BG_PIECE(0, 1)); /* e1 / f1 */
        ck_assert_int_eq(bg_position_piece_at(p, 0), BG_PIECE(0, 5));               /* a1 chariot */
        bg_position_free(p);
    }
}
END_TEST

START_TEST(fen_alternatives)
{
    /* h/e for horse/elephant, r for red, lenient short FEN. */
    bg_position *p = from_fen(xq(), "rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR r - - 0 1");
    char buf[256];
    bg_position_text(p, NULL, buf, sizeof buf);
    ck_assert_str_eq(buf, XQ_START);
    bg_position_free(p);
    bg_error e = BG_ERROR_INIT;
    ck_assert_int_eq(bg_position_from_text(&p, xq(), "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b",
                                           NULL, NULL, BG_PARSE_LENIENT, NULL, &e), BG_OK);
    bg_position_text(p, NULL, buf, sizeof buf);
    ck_assert_str_eq(buf, "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 0 1");
    ck_assert_int_eq(bg_position_side_to_move(p), 1);
    bg_position_free(p);
}
END_TEST

START_TEST(fen_errors)
{
    const bg_variant *v = xq();
    /* Syntax, with the offset of the fault. */
    refused(v, "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR x - - 0 1", 0, BG_E_PARSE, 60);
    refused(v, "rnbakabnr/8/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1", 0, BG_E_PARSE, 11);
    refused(v, "rnbakabnr/10/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1", 0, BG_E_PARSE, 10);
    refused(v, "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNQ w - - 0 1", 0, BG_E_PARSE, 58);
    refused(v, "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0", 0, BG_E_PARSE, 67);
    refused(v, "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w k - 0 1", 0, BG_E_PARSE, 62);
    refused(v, "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - x 1", 0, BG_E_PARSE, 66);
    refused(v, "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 0", 0, BG_E_PARSE, 68);
    refused(v, "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9 w - - 0 1", 0, BG_E_PARSE, 49);
    refused(v, "rnlakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1", 0, BG_E_PARSE, 2);
    /* Pieces on points they can never reach. */
    refused(v, "4k4/9/9/9/9/9/9/9/9/K8 w - - 0 1", 0, BG_E_INVALID_POSITION, 20);            /* general a1 */
    refused(v, "4k4/9/4a4/9/9/9/9/9/9/4K4 w - - 0 1", 0, BG_E_INVALID_POSITION, 7);         /* advisor e8 */
    refused(v, "4k4/9/9/9/9/9/9/9/9/1B2K4 w - - 0 1", 0, BG_E_INVALID_POSITION, 21);         /* elephant b1 */
    refused(v, "4k4/9/9/9/9/9/9/9/4P4/3K5 w - - 0 1", 0, BG_E_INVALID_POSITION, 19);         /* soldier e2 */
    refused(v, "4k4/9/9/9/9/9/1P7/9/9/3K5 w - - 0 1", 0, BG_E_INVALID_POSITION, 15);         /* soldier b4 */
    refused(v, "4k4/9/9/9/9/9/9/9/9/3KK4 w - - 0 1", 0, BG_E_INVALID_POSITION, 22);          /* two generals */
    refused(v, "9/9/9/9/9/9/9/9/9/4K4 w - - 0 1", 0, BG_E_INVALID_POSITION, 0);              /* no black general */
    refused(v, "4k4/9/9/9/9/PPPPPP3/9/9/9/3K5 w - - 0 1", 0, BG_E_INVALID_POSITION, 17);     /* six soldiers */
    /* The side that just moved left its general attacked, or facing the other one. */
    refused(v, "4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1", 0, BG_E_INVALID_POSITION, 24);
    refused(v, "4k4/9/9/9/4R4/9/9/9/9/3K5 w - - 0 1", 0, BG_E_INVALID_POSITION, 26);
    /* Short FENs only when lenient; lions only in lion chess, on their own colour. */
    refused(v, "4k4/9/9/9/9/9/9/9/9/3K5 w", 0, BG_E_PARSE, 25);
    refused(lion(), "5k5/11/11/11/11/11/11/11/11/1L2K6 w - - 0 1", 0, BG_E_INVALID_POSITION, 29);
    bg_position *p = from_fen(lion(), "5k5/11/11/11/11/11/11/11/11/L3K6 w - - 0 1");
    bg_position_free(p);
    /* A valid unusual position: crossed soldier on b6, elephant on e3, advisor e2. */
    p = from_fen(v, "4k4/9/9/9/1P7/9/9/4B4/4A4/3K5 b - - 3 20");
    ck_assert_int_eq(bg_position_halfmove_clock(p), 3);
    ck_assert_int_eq(bg_position_fullmove_number(p), 20);
    bg_position_free(p);
}
END_TEST

START_TEST(flying_general)
{
    /* Red general e1, black general d10: e1d1 would face it on an open file. */
    bg_position *p = from_fen(xq(), "3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1");
    char buf[256];
    moves_text(p, buf, sizeof buf);
    ck_assert_str_eq(buf, "e1e2 e1f1");
    bg_position_free(p);
    /* The only piece between the generals (a horse on e5) may not leave their file. */
    p = from_fen(xq(), "4k4/9/9/9/9/4N4/9/9/9/4K4 w - - 0 1");
    moves_text(p, buf, sizeof buf);
    ck_assert_str_eq(buf, "e1d1 e1e2 e1f1");
    bg_position_free(p);
    /* With an advisor also between, the chariot e5 is free. */
    p = from_fen(xq(), "4k4/4a4/9/9/9/4R4/9/9/9/4K4 w - - 0 1");
    ck_assert(has_move(p, "e5e9"));
    ck_assert(has_move(p, "e5a5"));
    bg_position_free(p);
}
END_TEST

START_TEST(cannon_rules)
{
    /* Black cannon e6 faces the red general e1 on an open file: nothing may become its screen. */
    bg_position *p = from_fen(xq(), "3k5/9/9/9/4c4/9/R8/9/9/4K4 w - - 0 1");
    ck_assert(!bg_position_in_check(p));
    ck_assert(!has_move(p, "a4e4"));
    ck_assert(has_move(p, "a4d4"));
    ck_assert(has_move(p, "e1e2"));
    bg_position_free(p);
    /* Two screens: either red piece between may move, but not both away; capture through one. */
    p = from_fen(xq(), "3k5/9/9/9/4c4/9/4R4/9/4N4/4K4 w - - 0 1");
    ck_assert(!has_move(p, "e4d4"));  /* leaves the horse as the only screen */
    ck_assert(!has_move(p, "e2c3"));  /* leaves the chariot as the only screen */
    ck_assert(has_move(p, "e4e5"));   /* stays between */
    ck_assert(has_move(p, "e4e6"));   /* takes the cannon */
    bg_position_free(p);
    /* Check by a cannon: capture it, move the screen away, interpose, or move the general. */
    p = from_fen(xq(), "5k3/9/9/9/4c4/9/9/3R5/4N4/4K4 w - - 0 1");
    ck_assert(bg_position_in_check(p));
    char buf[512];
    moves_text(p, buf, sizeof buf);
    ck_assert_str_eq(buf, "d3e3 e1d1 e2c1 e2c3 e2d4 e2f4 e2g1 e2g3");
    bg_position_free(p);
}
END_TEST

START_TEST(horse_and_elephant_legs)
{
    /* The red horse h1 is blocked at h2 (north leg); the elephant c1's eye d2 is blocked. */
    bg_position *p = from_fen(xq(), "5k3/9/9/9/9/9/9/9/3R3R1/2B1K2N1 w - - 0 1");
    ck_assert(!has_move(p, "h1g3"));
    ck_assert(!has_move(p, "h1i3"));
    ck_assert(has_move(p, "h1f2"));
    ck_assert(!has_move(p, "c1e3"));
    ck_assert(has_move(p, "c1a3"));
    bg_position_free(p);
    /* A horse check is answered by blocking its leg. */
    p = from_fen(xq(), "3k5/9/9/9/9/9/9/9/9/R3K1n2 w - - 0 1");
    ck_assert(!bg_position_in_check(p));
    bg_position_free(p);
    p = from_fen(xq(), "3k5/9/9/9/9/9/9/5n3/9/R3K4 w - - 0 1");
    ck_assert(bg_position_in_check(p));
    ck_assert(!has_move(p, "a1b1"));
    bg_position_free(p);
}
END_TEST

START_TEST(soldiers)
{
    /* Before the river: forward only; after: forward and sideways; never back. */
    bg_position *p = from_fen(xq(), "4k4/9/9/9/2P6/P8/9/9/9/3K5 w - - 0 1");
    ck_assert(has_move(p, "a5a6"));
    ck_assert(!has_move(p, "a5b5"));
    ck_assert(has_move(p, "c6c7"));
    ck_assert(has_move(p, "c6b6"));
    ck_assert(has_move(p, "c6d6"));
    ck_assert(!has_move(p, "c6c5"));
    bg_position_free(p);
}
END_TEST

START_TEST(notation)
{
    bg_position *p = NULL;
    ck_assert_int_eq(bg_position_new(&p, xq(), NULL, NULL, NULL), BG_OK);
    bg_move m = BG_MOVE_NONE, m2 = BG_MOVE_NONE;
    bg_error e = BG_ERROR_INIT;
    ck_assert_int_eq(bg_move_parse(p, "h3e3", "uci", 0, &m, &e), BG_OK);
    ck_assert_int_eq(BG_MOVE_FROM(m), 2 * 9 + 7);
    ck_assert_int_eq(BG_MOVE_TO(m), 2 * 9 + 4);
    char buf[16];
    ck_assert_int_eq(bg_move_format(p, m, "iccs", buf, sizeof buf), 4);
    ck_assert_str_eq(buf, "h2e2");
    ck_assert_int_eq(bg_move_parse(p, "H2-E2", "iccs", 0, &m2, &e), BG_OK);
    ck_assert_int_eq(m2, m);
    ck_assert_int_eq(bg_move_parse(p, "h2e2", "iccs", 0, &m2, &e), BG_OK);
    ck_assert_int_eq(m2, m);
    ck_assert_int_eq(bg_move_parse(p, "h2-e2", "iccs", 0, &m2, &e), BG_E_PARSE);
    ck_assert_int_eq(e.offset, 2);
    ck_assert_int_eq(bg_move_parse(p, "H2E2", "iccs", 0, &m2, &e), BG_E_PARSE);
    ck_assert_int_eq(bg_move_parse(p, "h2-E2", "iccs", BG_PARSE_LENIENT, &m2, &e), BG_OK);
    ck_assert_int_eq(m2, m);
    ck_assert_int_eq(bg_move_parse(p, "H3E3", "uci", 0, &m2, &e), BG_E_PARSE);
    ck_assert_int_eq(bg_move_parse(p, "H3E3", "uci", BG_PARSE_LENIENT, &m2, &e), BG_OK);
    ck_assert_int_eq(bg_move_parse(p, "h3e3x", "uci", 0, &m2, &e), BG_E_PARSE);
    ck_assert_int_eq(e.offset, 4);
    ck_assert_int_eq(bg_move_parse(p, "h11e3", "uci", 0, &m2, &e), BG_E_PARSE);
    ck_assert_int_eq(e.offset, 1);
    ck_assert_int_eq(bg_move_parse(p, "j3e3", "uci", 0, &m2, &e), BG_E_PARSE);
    ck_assert_int_eq(bg_move_parse(p, "h0e0", "uci", 0, &m2, &e), BG_E_PARSE);
    ck_assert_int_eq(bg_move_parse(p, "e1e3", "uci", 0, &m2, &e), BG_E_ILLEGAL_MOVE);
    ck_assert_int_eq(bg_move_parse(p, "", "uci", 0, &m2, &e), BG_E_PARSE);
    ck_assert_int_eq(bg_move_format(p, m, "uci", buf, sizeof buf), 4);
    ck_assert_str_eq(buf, "h3e3");
    /* Rank 10 is two digits in uci, 9 in ICCS. */
    ck_assert_int_eq(bg_position_play(p, m), BG_OK);
    ck_assert_int_eq(bg_move_parse(p, "a10a9", "uci", 0, &m2, &e), BG_OK);
    ck_assert_int_eq(bg_move_format(p, m2, "iccs", buf, sizeof buf), 4);
    ck_assert_str_eq(buf, "a9a8");
    ck_assert_int_eq(bg_move_parse(p, "a010a9", "uci", 0, &m2, &e), BG_E_PARSE);
    bg_position_free(p);
    /* Lion chess: files to k. */
    ck_assert_int_eq(bg_position_new(&p, lion(), NULL, NULL, NULL), BG_OK);
    ck_assert_int_eq(bg_move_parse(p, "k4k5", "uci", 0, &m, &e), BG_OK);
    ck_assert_int_eq(bg_move_parse(p, "c1a3", "uci", 0, &m, &e), BG_OK); /* lion */
    ck_assert_int_eq(bg_move_parse(p, "c1f4", "uci", 0, &m2, &e), BG_E_ILLEGAL_MOVE); /* own soldier */
    ck_assert_int_eq(bg_move_parse(p, "c1e3", "uci", 0, &m, &e), BG_OK);
    ck_assert_int_eq(bg_move_format(p, m, "iccs", buf, sizeof buf), 4);
    ck_assert_str_eq(buf, "c0e2");
    bg_position_free(p);
}
END_TEST

START_TEST(hash_and_flags)
{
    const char *a[4] = {"h3e3", "h8e8", "b1c3", "b10c8"}, *b[4] = {"b1c3", "b10c8", "h3e3", "h8e8"};
    bg_position *p = NULL, *q = NULL;
    ck_assert_int_eq(bg_position_new(&p, xq(), NULL, NULL, NULL), BG_OK);
    ck_assert_int_eq(bg_position_new(&q, xq(), NULL, NULL, NULL), BG_OK);
    uint64_t start = bg_position_hash(p);
    ck_assert(start != 0);
    for (int i = 0; i < 4; i++) {
        bg_move m;
        ck_assert_int_eq(bg_move_parse(p, a[i], "uci", 0, &m, NULL), BG_OK);
        ck_assert_int_eq(bg_position_play(p, m), BG_OK);
        ck_assert(bg_position_hash(p) != start);
        ck_assert_int_eq(bg_move_parse(q, b[i], "uci", 0, &m, NULL), BG_OK);
        ck_assert_int_eq(bg_position_play(q, m), BG_OK);
    }
    ck_assert(bg_position_hash(p) == bg_position_hash(q));
    char fen[256];
    bg_position_text(p, NULL, fen, sizeof fen);
    bg_position *r = from_fen(xq(), fen);
    ck_assert(bg_position_hash(r) == bg_position_hash(p));
    bg_position_free(r);
    /* Same pieces, other side to move: another key. */
    bg_position *w = from_fen(xq(), "4k4/9/9/9/9/9/9/9/9/3K5 w - - 0 1");
    bg_position *bl = from_fen(xq(), "4k4/9/9/9/9/9/9/9/9/3K5 b - - 0 1");
    ck_assert(bg_position_hash(w) != bg_position_hash(bl));
    bg_position_free(w);
    bg_position_free(bl);
    /* Flags: the central cannon takes the e7 soldier with check (the general e10 behind it). */
    bg_move m;
    ck_assert_int_eq(bg_move_parse(p, "e3e7", "uci", 0, &m, NULL), BG_OK);
    unsigned f = bg_position_move_flags(p, m);
    ck_assert_uint_eq(f & (BG_FLAG_CAPTURE | BG_FLAG_CHECK), BG_FLAG_CAPTURE | BG_FLAG_CHECK);
    bg_position_free(p);
    bg_position_free(q);
}
END_TEST

/* The keys are part of the library's stable output (generated with a fixed seed): pinned here. */
START_TEST(stable_keys)
{
    const struct {
        const bg_variant *(*v)(void);
        const char *move;
        uint64_t start, after;
    } k[2] = {{xq, "h3e3", 0x38f6ba25409e83a7ULL, 0xdaca9b94c8f08afdULL},
              {lion, "b3f3", 0x3c7490f9f0f467d5ULL, 0xba8e18473d29b412ULL}};
    for (int i = 0; i < 2; i++) {
        bg_position *p = NULL;
        bg_move m;
        ck_assert_int_eq(bg_position_new(&p, k[i].v(), NULL, NULL, NULL), BG_OK);
        ck_assert_uint_eq(bg_position_hash(p), k[i].start);
        ck_assert_int_eq(bg_move_parse(p, k[i].move, "uci", 0, &m, NULL), BG_OK);
        ck_assert_int_eq(bg_position_play(p, m), BG_OK);
        ck_assert_uint_eq(bg_position_hash(p), k[i].after);
        bg_position_free(p);
    }
}
END_TEST

START_TEST(checkmate_and_stalemate)
{
    /* Black general e10 mated by chariots on the 9th and 10th rank... with the red general guarding the file. */
    bg_position *p = from_fen(xq(), "R3k4/R8/9/9/9/9/9/9/9/3K5 b - - 0 1");
    ck_assert(bg_position_in_check(p));
    ck_assert_int_eq(bg_position_legal_moves(p, NULL, 0), 0);
    bg_position_free(p);
    /* Stalemate: black has no move and is not in check (it loses; the count is simply 0). */
    p = from_fen(xq(), "3k5/R8/9/9/9/9/9/9/9/4K4 b - - 0 1");
    ck_assert(!bg_position_in_check(p));
    ck_assert_int_eq(bg_position_legal_moves(p, NULL, 0), 0);
    bg_position_free(p);
}
END_TEST

int main(void)
{
    return RUN_TESTS("xiangqi", "unit", -1, catalogue, start_positions, fen_alternatives,
                     fen_errors, flying_general, cannon_rules, horse_and_elephant_legs, soldiers,
                     notation, hash_and_flags, stable_keys, checkmate_and_stalemate);
}
