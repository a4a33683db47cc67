/* The seed readings of the shogi family as options (issue 14): dropmate=any, promotion=mandatory, old shogi's 9x8 board, by real moves and independent counts. */
#include <stdio.h>

#include "shogi_test_util.h"
#include "check_main.h"
#include "xorshift.h"
#include "fixtures.h"

static uint64_t rng_state = 0x243f6a8885a308d3ULL;

static uint64_t rng(void)
{
    return xorshift64(&rng_state);
}

/* Game from an SFEN (NULL = start) with options; fails the test on error. */
static bg_game *game_at(const char *variant, const char *sfen, const char *options)
{
    return fx_game(variant, sfen, options);
}

static void play_all(bg_game *g, const char *const *moves, const char *notation)
{
    for (; *moves; moves++)
        ck_assert_msg(bg_game_play_text(g, *moves, notation, 0) == BG_OK, "%s: %s", *moves,
                      bg_game_errmsg(g));
}

static int option_index(const bg_variant *v, const char *name)
{
    for (int i = 0; i < bg_variant_option_count(v); i++)
        if (strcmp(bg_variant_option_name(v, i), name) == 0)
            return i;
    return -1;
}

static void assert_option(const char *variant, const char *name, const char *values)
{
    const bg_variant *v = st_variant(variant);
    int i = option_index(v, name);
    ck_assert_msg(i >= 0, "%s does not list option %s", variant, name);
    ck_assert_str_eq(bg_variant_option_values(v, i), values);
}

/* Both sides' legal moves as one sorted space-joined USI line. */
static void move_line(const bg_position *p, char *buf, size_t cap)
{
    static char all[ST_MAX_MOVES][8];
    int n = st_usi_moves(p, all);
    size_t len = 0;
    buf[0] = 0;
    for (int i = 0; i < n; i++)
        len += (size_t)snprintf(buf + len, cap - len, "%s%s", len ? " " : "", all[i]);
    ck_assert(len < cap);
}

/* ---------- shogi dropmate=any ---------- */

/*
** The rule derived independently of the engine's drop-mate code: the legal moves of the default
** rules (pawn drops that mate are already out), less every drop of another piece after which the
** side to move is in check and has no move by this same derivation. p has the default options.
*/
static int any_moves(const bg_position *p, bg_move *out)
{
    bg_move all[ST_MAX_MOVES];
    const bg_variant *v = bg_position_variant(p);
    int n = bg_position_legal_moves(p, all, ST_MAX_MOVES), k = 0;
    for (int i = 0; i < n; i++) {
        bg_move m = all[i];
        if (bg_move_is_drop(m) && strcmp(bg_variant_piece_letter(v, bg_move_kind(m)), "P") != 0) {
            bg_position *c = NULL;
            ck_assert_int_eq(bg_position_clone(&c, p), BG_OK);
            ck_assert_int_eq(bg_position_play(c, m), BG_OK);
            int mate = bg_position_in_check(c) && any_moves(c, NULL) == 0;
            bg_position_free(c);
            if (mate)
                continue;
        }
        if (out)
            out[k] = m;
        k++;
    }
    return k;
}

static uint64_t any_perft(const bg_position *p, int depth)
{
    bg_move moves[ST_MAX_MOVES];
    int n = any_moves(p, moves);
    if (depth <= 1)
        return (uint64_t)n;
    uint64_t total = 0;
    for (int i = 0; i < n; i++) {
        bg_position *c = NULL;
        ck_assert_int_eq(bg_position_clone(&c, p), BG_OK);
        ck_assert_int_eq(bg_position_play(c, moves[i]), BG_OK);
        total += any_perft(c, depth - 1);
        bg_position_free(c);
    }
    return total;
}

START_TEST(dropmate_listed)
{
    assert_option("shogi", "dropmate", "pawn|any");
    assert_option("shogi", "impasse", "27|24|try|none");
    bg_position *q = NULL;
    bg_error err = BG_ERROR_INIT;
    ck_assert_int_eq(bg_position_new(&q, st_variant("shogi"), "dropmate=gold", NULL, &err),
                     BG_E_UNKNOWN_OPTION);
    ck_assert_ptr_null(q);
    ck_assert_msg(strstr(err.message, "pawn|any") != NULL, "%s", err.message);
    ck_assert_uint_eq(err.offset, 9);
}
END_TEST

/* Gote's move, then sente's gold drop on 5b: mate by default, refused with dropmate=any. */
START_TEST(dropmate_gold)
{
    static const char *const line[] = {"9h9i+", NULL};
    const char *sfen = "4k4/9/4P4/9/9/9/9/p8/4K4 w G 1";
    bg_game *g = game_at("shogi", sfen, NULL);
    play_all(g, line, "usi");
    ck_assert_int_eq(bg_game_play_text(g, "G*5b", "usi", 0), BG_OK);
    ck_assert_int_eq(bg_game_outcome(g), BG_WIN);
    ck_assert_uint_eq(bg_game_winners(g), 1u);
    ck_assert_int_eq(bg_game_reason(g), BG_REASON_CHECKMATE);
    bg_game_free(g);

    g = game_at("shogi", sfen, "dropmate=any");
    play_all(g, line, "usi");
    ck_assert_int_eq(bg_game_play_text(g, "G*5b", "usi", 0), BG_E_ILLEGAL_MOVE);
    ck_assert_int_eq(bg_game_ply_count(g), 1);
    ck_assert_int_eq(bg_game_play_text(g, "▲5二金打", "japanese", 0), BG_E_ILLEGAL_MOVE);
    /* Checks are fine: 4b checks, the king gets away to 6b. */
    ck_assert_int_eq(bg_game_play_text(g, "G*4b", "usi", 0), BG_OK);
    ck_assert(bg_position_in_check(bg_game_position(g)));
    ck_assert_int_eq(bg_game_outcome(g), BG_ONGOING);
    bg_game_free(g);
}
END_TEST

/* A rook dropped at a distance mates unless the defender can drop something in between. */
START_TEST(dropmate_distant_rook)
{
    bg_position *p = st_pos("shogi", "k8/pp7/9/9/9/9/9/9/8K b R 1", "dropmate=any");
    ck_assert(!st_legal(p, "R*5a"));
    ck_assert(!st_legal(p, "R*1a"));
    ck_assert(st_legal(p, "R*9c")); /* no check: the pawn on 9b is in the way */
    bg_position_free(p);
    p = st_pos("shogi", "k8/pp7/9/9/9/9/9/9/8K b R 1", NULL);
    ck_assert(st_legal(p, "R*5a"));
    bg_position_free(p);
    /* Gote holds a pawn: the drop on 7a or 6a answers the check, so R*5a is no mate. */
    p = st_pos("shogi", "k8/pp7/9/9/9/9/9/9/8K b Rp 1", "dropmate=any");
    ck_assert(st_legal(p, "R*5a"));
    st_play(p, "R*5a");
    char got[256];
    move_line(p, got, sizeof got);
    ck_assert_str_eq(got, "P*6a P*7a");
    bg_position_free(p);
}
END_TEST

/* Pawn drops keep the uchifuzume rule under both values. */
START_TEST(dropmate_pawn_unchanged)
{
    const char *s = "7lk/9/8S/9/9/9/9/7L1/8K b P 1";
    bg_position *a = st_pos("shogi", s, NULL), *b = st_pos("shogi", s, "dropmate=any");
    ck_assert(!st_legal(a, "P*1b"));
    ck_assert(!st_legal(b, "P*1b"));
    ck_assert_int_eq(st_count(a), 85);
    ck_assert_int_eq(st_count(b), 85);
    bg_position_free(a);
    bg_position_free(b);
}
END_TEST

/* Move sets at every node of a two-ply tree and perft, against the derivation above. */
static void check_any(const char *sfen, int perft_depth, int expect_fewer)
{
    bg_position *def = st_pos("shogi", sfen, NULL), *any = st_pos("shogi", sfen, "dropmate=any");
    bg_move moves[ST_MAX_MOVES];
    int n = any_moves(def, moves);
    ck_assert_int_eq(st_count(any), n);
    if (expect_fewer)
        ck_assert_msg(n < st_count(def), "[%s]: no mating drop (%d moves)", sfen, n);
    for (int i = 0; i < n; i++) {
        ck_assert(bg_position_is_legal(any, moves[i]));
        bg_position *c1 = NULL, *c2 = NULL;
        ck_assert_int_eq(bg_position_clone(&c1, def), BG_OK);
        ck_assert_int_eq(bg_position_clone(&c2, any), BG_OK);
        ck_assert_int_eq(bg_position_play(c1, moves[i]), BG_OK);
        ck_assert_int_eq(bg_position_play(c2, moves[i]), BG_OK);
        bg_move replies[ST_MAX_MOVES];
        int r = any_moves(c1, replies);
        ck_assert_int_eq(st_count(c2), r);
        for (int j = 0; j < r; j++)
            ck_assert(bg_position_is_legal(c2, replies[j]));
        bg_position_free(c1);
        bg_position_free(c2);
    }
    if (perft_depth)
        ck_assert_uint_eq(bg_position_perft(any, perft_depth), any_perft(def, perft_depth));
    bg_position_free(def);
    bg_position_free(any);
}

START_TEST(dropmate_bruteforce)
{
    /* The 593-move position: four of its drops mate (589 moves under dropmate=any). */
    const char *big = "R8/2K1S1SSk/4B4/9/9/9/9/9/1L1L1L3 b RBGSNLP3g3n17p 1";
    bg_position *p = st_pos("shogi", big, "dropmate=any");
    ck_assert_int_eq(st_count(p), 589);
    bg_position_free(p);
    check_any(big, 0, 1);
    /* Both hands full: drops that block a drop check and may mate back. */
    check_any("4k4/9/4P4/9/9/9/9/9/4K4 b RBGSNL2Prbgsnl2p 1", 0, 1);
    check_any("k8/pp7/9/9/9/9/9/9/8K b RGSp 1", 2, 1);
    check_any("ln1gkg1nl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LN1GKG1NL b 2S2s 1", 2, 0);
}
END_TEST

/* Positions of random games under dropmate=any: the legal moves are the derivation's. */
START_TEST(dropmate_random_games)
{
    long positions = 0, differ = 0;
    const long want = 200 / (long)st_reduce() + 1;
    while (positions < want) {
        bg_position *any = st_pos("shogi", NULL, "dropmate=any");
        for (int ply = 0; ply < 160 && positions < want; ply++) {
            char sfen[256];
            st_sfen(any, sfen, sizeof sfen);
            bg_position *def = st_pos("shogi", sfen, NULL);
            bg_move moves[ST_MAX_MOVES], ours[ST_MAX_MOVES];
            int n = any_moves(def, moves);
            int m = bg_position_legal_moves(any, ours, ST_MAX_MOVES);
            ck_assert_msg(m == n, "[%s]: %d moves, the derivation has %d", sfen, m, n);
            for (int i = 0; i < n; i++)
                ck_assert_msg(bg_position_is_legal(any, moves[i]), "[%s]", sfen);
            differ += n != st_count(def);
            bg_position_free(def);
            positions++;
            if (n == 0)
                break;
            /* Prefer checking drops, then captures, so that hands fill up and drops mate. */
            bg_move pick = ours[rng() % (uint64_t)m];
            int best = 0;
            for (int t = 0; t < 8; t++) {
                bg_move c = ours[rng() % (uint64_t)m];
                unsigned f = bg_position_move_flags(any, c);
                int score = bg_move_is_drop(c) && (f & BG_FLAG_CHECK) ? 2 : (f & BG_FLAG_CAPTURE) ? 1 : 0;
                if (score > best)
                    best = score, pick = c;
            }
            ck_assert_int_eq(bg_position_play(any, pick), BG_OK);
        }
        bg_position_free(any);
    }
    fprintf(stderr, "# dropmate=any: %ld positions, %ld with a mating drop of another piece\n",
            positions, differ);
    if (st_reduce() == 1)
        ck_assert_msg(differ > 0, "the random games met no mating drop: the test checks nothing");
}
END_TEST

/* ---------- Sho and old shogi promotion=mandatory ---------- */

/* The mandatory rule derived from the optional one: a move that may promote must. */
static int mandatory_moves(const bg_position *opt, bg_move *out)
{
    bg_move all[ST_MAX_MOVES];
    int n = bg_position_legal_moves(opt, all, ST_MAX_MOVES), k = 0;
    for (int i = 0; i < n; i++) {
        int promotes = 0;
        for (int j = 0; j < n && !bg_move_is_promotion(all[i]) && !bg_move_is_drop(all[i]); j++)
            promotes |= bg_move_is_promotion(all[j]) && bg_move_from(all[j]) == bg_move_from(all[i]) &&
                        bg_move_to(all[j]) == bg_move_to(all[i]);
        if (!promotes)
            out[k++] = all[i];
    }
    return k;
}

static uint64_t mandatory_perft(const char *variant, const char *opt_options, const bg_position *opt,
                                int depth)
{
    bg_move moves[ST_MAX_MOVES];
    int n = mandatory_moves(opt, moves);
    if (depth <= 1)
        return (uint64_t)n;
    uint64_t total = 0;
    for (int i = 0; i < n; i++) {
        bg_position *c = NULL;
        ck_assert_int_eq(bg_position_clone(&c, opt), BG_OK);
        ck_assert_int_eq(bg_position_play(c, moves[i]), BG_OK);
        total += mandatory_perft(variant, opt_options, c, depth - 1);
        bg_position_free(c);
    }
    return total;
}

START_TEST(sho_promotion_listed)
{
    assert_option("shoshogi", "promotion", "optional|mandatory");
    /* Old shogi keeps its names and its default (mandatory, the seed's rule). */
    assert_option("heianshogi", "promotion", "mandatory|optional");
}
END_TEST

/* From the start: the bishop takes the bishop on 2b; by default it may stay a bishop. */
START_TEST(sho_mandatory_game)
{
    static const char *const line[] = {"7g7f", "3c3d", NULL};
    bg_game *g = game_at("shoshogi", NULL, NULL);
    play_all(g, line, "usi");
    const bg_position *p = bg_game_position(g);
    ck_assert(st_legal(p, "8h2b") && st_legal(p, "8h2b+"));
    bg_game_free(g);

    g = game_at("shoshogi", NULL, "promotion=mandatory");
    play_all(g, line, "usi");
    p = bg_game_position(g);
    ck_assert(!st_legal(p, "8h2b"));
    ck_assert_int_eq(bg_game_play_text(g, "8h2b", "usi", 0), BG_E_ILLEGAL_MOVE);
    ck_assert_int_eq(bg_game_play_text(g, "▲2二角成", "japanese", 0), BG_OK);
    char sfen[128];
    st_sfen(bg_game_position(g), sfen, sizeof sfen);
    ck_assert_str_eq(sfen, "lnsgkgsnl/1r2e2+B1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/4E2R1/LNSGKGSNL w - 4");
    /* The Japanese text names the promotion it had to make; 不成 is no move. */
    ck_assert_int_eq(bg_game_play_text(g, "3a2b", "usi", 0), BG_OK);
    bg_game_free(g);
}
END_TEST

/* The drunk elephant becomes the prince on entering, moving within and leaving the zone. */
START_TEST(sho_mandatory_elephant)
{
    const char *enter = "4k4/9/9/4E4/9/9/9/9/4K4 b - 1";
    bg_position *opt = st_pos("shoshogi", enter, NULL);
    bg_position *mand = st_pos("shoshogi", enter, "promotion=mandatory");
    ck_assert(st_legal(opt, "5d5c") && st_legal(opt, "5d5c+"));
    ck_assert(!st_legal(mand, "5d5c"));
    st_play(mand, "5d5c+");
    char sfen[64];
    st_sfen(mand, sfen, sizeof sfen);
    ck_assert_str_eq(sfen, "4k4/9/4+E4/9/9/9/9/9/4K4 w - 2");
    bg_position_free(opt);
    bg_position_free(mand);
    /* Within the zone and leaving it: every move of the elephant on 5c and the silver on 3c. */
    char got[512];
    mand = st_pos("shoshogi", "4k4/9/4E1S2/9/9/9/9/9/4K4 b - 1", "promotion=mandatory");
    move_line(mand, got, sizeof got);
    ck_assert_str_eq(got, "3c2b+ 3c2d+ 3c3b+ 3c4b+ 3c4d+ 5c4b+ 5c4c+ 5c4d+ 5c5b+ 5c6b+ 5c6c+ "
                          "5c6d+ 5i4h 5i4i 5i5h 5i6h 5i6i");
    bg_position_free(mand);
}
END_TEST

static void check_mandatory(const char *variant, const char *opt_options, const char *mand_options,
                            long want)
{
    long positions = 0, forced = 0;
    while (positions < want) {
        bg_position *mand = st_pos(variant, NULL, mand_options);
        for (int ply = 0; ply < 200 && positions < want; ply++) {
            char sfen[256];
            st_sfen(mand, sfen, sizeof sfen);
            bg_position *opt = st_pos(variant, sfen, opt_options);
            bg_move moves[ST_MAX_MOVES], ours[ST_MAX_MOVES];
            int n = mandatory_moves(opt, moves);
            int m = bg_position_legal_moves(mand, ours, ST_MAX_MOVES);
            ck_assert_msg(m == n, "%s [%s]: %d moves, the derivation has %d", variant, sfen, m, n);
            for (int i = 0; i < n; i++)
                ck_assert_msg(bg_position_is_legal(mand, moves[i]), "%s [%s]", variant, sfen);
            forced += n != st_count(opt);
            bg_position_free(opt);
            positions++;
            if (n == 0)
                break;
            ck_assert_int_eq(bg_position_play(mand, ours[rng() % (uint64_t)m]), BG_OK);
        }
        bg_position_free(mand);
    }
    ck_assert_msg(forced > want / 20, "%s: only %ld of %ld positions had a forced promotion",
                  variant, forced, positions);
}

START_TEST(sho_mandatory_random)
{
    check_mandatory("shoshogi", NULL, "promotion=mandatory", 600 / (long)st_reduce() + 40);
}
END_TEST

START_TEST(sho_mandatory_perft)
{
    bg_position *mand = st_pos("shoshogi", NULL, "promotion=mandatory");
    bg_position *opt = st_pos("shoshogi", NULL, NULL);
    /* The bishops meet on the third ply (7g7f 3c3d 8h2b): 26 fewer leaves than the 17,368. */
    uint64_t want = mandatory_perft("shoshogi", NULL, opt, 3);
    ck_assert_uint_eq(bg_position_perft(mand, 3), want);
    ck_assert_uint_eq(bg_position_perft(opt, 3), 17368);
    ck_assert_uint_lt(want, 17368);
    ck_assert_uint_eq(bg_position_perft(mand, 4), mandatory_perft("shoshogi", NULL, opt, 4));
    bg_position_free(mand);
    bg_position_free(opt);
}
END_TEST

/* ---------- old shogi board=9x8 ---------- */

START_TEST(heian98_geometry)
{
    assert_option("heianshogi", "board", "9x9|9x8");
    const bg_variant *v = st_variant("heianshogi");
    ck_assert_int_eq(bg_variant_width(v), 9);
    ck_assert_int_eq(bg_variant_height(v), 9);
    bg_position *p = st_pos("heianshogi", NULL, "board=9x8");
    const bg_variant *w = bg_position_variant(p);
    ck_assert_str_eq(bg_variant_id(w), "heianshogi");
    ck_assert_int_eq(bg_variant_width(w), 9);
    ck_assert_int_eq(bg_variant_height(w), 8);
    ck_assert_int_eq(bg_variant_option_count(w), 3);
    ck_assert_int_eq(bg_square(w, 8, 7), 71);
    ck_assert_int_eq(bg_square(w, 0, 8), -1);
    ck_assert_str_eq(bg_variant_start_text(w), "lnsgkgsnl/9/ppppppppp/9/9/PPPPPPPPP/9/LNSGKGSNL b - 1");
    char sfen[128];
    st_sfen(p, sfen, sizeof sfen);
    ck_assert_str_eq(sfen, bg_variant_start_text(w));
    ck_assert_int_eq(bg_position_piece_at(p, 71), BG_PIECE(1, 2)); /* gote's lance on 1a */
    ck_assert_int_eq(bg_position_piece_at(p, 72), BG_PIECE_NONE);
    ck_assert_int_eq(st_count(p), 26);
    /* The default board and the 9x8 one are different variants: no copying between them. */
    bg_position *q = st_pos("heianshogi", NULL, NULL);
    ck_assert_ptr_eq(bg_position_variant(q), v);
    ck_assert_int_eq(bg_position_copy(q, p), BG_E_INVALID_ARGUMENT);
    bg_position_free(q);
    /* A clone stays on its board. */
    ck_assert_int_eq(bg_position_clone(&q, p), BG_OK);
    ck_assert_ptr_eq(bg_position_variant(q), w);
    bg_position_free(q);
    bg_position_free(p);
}
END_TEST

START_TEST(heian98_sfen_errors)
{
    bg_position *p = NULL;
    bg_error err = BG_ERROR_INIT;
    const char *nine = "lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/9/LNSGKGSNL b - 1";
    ck_assert_int_eq(bg_position_from_text(&p, st_variant("heianshogi"), nine, NULL, "board=9x8",
                                           0, NULL, &err),
                     BG_E_PARSE);
    ck_assert_ptr_null(p);
    ck_assert_msg(strstr(err.message, "more than 8 ranks") != NULL, "%s", err.message);
    ck_assert_uint_eq(err.offset, 39);
    const char *eight = "lnsgkgsnl/9/ppppppppp/9/9/PPPPPPPPP/9/LNSGKGSNL b - 1";
    ck_assert_int_eq(bg_position_from_text(&p, st_variant("heianshogi"), eight, NULL, NULL, 0,
                                           NULL, &err),
                     BG_E_PARSE);
    ck_assert_msg(strstr(err.message, "expected 9 ranks") != NULL, "%s", err.message);
}
END_TEST

/* Pawns two ranks apart: the third move already captures into the zone (rank 6 = USI c). */
START_TEST(heian98_game)
{
    static const char *const line[] = {"7f7e", "3c3d", "7e7d", "3d3e", NULL};
    bg_game *g = game_at("heianshogi", NULL, "board=9x8");
    play_all(g, line, "usi");
    const bg_position *p = bg_game_position(g);
    ck_assert(!st_legal(p, "7d7c"));
    ck_assert_int_eq(bg_game_play_text(g, "7d7c+", "usi", 0), BG_OK);
    ck_assert_int_eq(bg_game_play_text(g, "△3六歩", "japanese", 0), BG_E_PARSE); /* 成 is forced */
    ck_assert_int_eq(bg_game_play_text(g, "△3六歩成", "japanese", 0), BG_OK);
    ck_assert_int_eq(bg_game_play_text(g, "+7363TO", "csa", 0), BG_OK);
    ck_assert_int_eq(bg_game_play_text(g, "P-1d", "western", 0), BG_OK);
    char sfen[128];
    st_sfen(bg_game_position(g), sfen, sizeof sfen);
    ck_assert_str_eq(sfen, "lnsgkgsnl/9/pp1+Ppp1p1/8p/9/PP1PPP+pPP/9/LNSGKGSNL b - 9");
    /* Every notation writes the 9x8 squares: rank letters a-h, kanji 一-八. */
    bg_move m;
    ck_assert_int_eq(bg_move_parse(bg_game_position(g), "2h3f", "usi", 0, &m, NULL), BG_OK);
    char text[64];
    ck_assert_int_gt(bg_move_format(bg_game_position(g), m, "kif", text, sizeof text), 0);
    ck_assert_str_eq(text, "３六桂(28)");
    ck_assert_int_gt(bg_move_format(bg_game_position(g), m, "csa", text, sizeof text), 0);
    ck_assert_str_eq(text, "+2836KE");
    bg_error err = BG_ERROR_INIT;
    ck_assert_int_eq(bg_move_parse(bg_game_position(g), "2i3f", "usi", 0, &m, &err), BG_E_PARSE);
    ck_assert_uint_eq(err.offset, 1);

    /* Records: KIF, KI2 and CSA on the 9x8 board read back to the same game. */
    static const char *const formats[] = {"kif", "ki2", "csa"};
    for (int f = 0; f < 3; f++) {
        int n = bg_game_export(g, formats[f], NULL, 0);
        ck_assert_int_gt(n, 0);
        char *buf = malloc((size_t)n + 1);
        ck_assert_int_eq(bg_game_export(g, formats[f], buf, (size_t)n + 1), n);
        if (f == 2)
            ck_assert_msg(strstr(buf, "PI") != NULL, "%s", buf);
        bg_record_reader *r = NULL;
        ck_assert_int_eq(bg_record_reader_new(&r, st_variant("heianshogi"), formats[f], buf,
                                              (size_t)n, "board=9x8", NULL, &err),
                         BG_OK);
        bg_game *back = NULL;
        ck_assert_msg(bg_record_reader_next(r, &back, &err) == BG_OK, "%s: %s\n%s", formats[f],
                      err.message, buf);
        ck_assert_int_eq(bg_game_ply_count(back), bg_game_ply_count(g));
        ck_assert_uint_eq(bg_position_hash(bg_game_position(back)), bg_position_hash(bg_game_position(g)));
        ck_assert_int_eq(bg_variant_height(bg_game_variant(back)), 8);
        bg_game_free(back);
        bg_record_reader_free(r);
        /* Read as a 9x9 game, the same file is refused (or a different game). */
        ck_assert_int_eq(bg_record_reader_new(&r, st_variant("heianshogi"), formats[f], buf,
                                              (size_t)n, NULL, NULL, &err),
                         BG_OK);
        bg_status s = bg_record_reader_next(r, &back, &err);
        if (s == BG_OK) {
            ck_assert_uint_ne(bg_position_hash(bg_game_position(back)),
                              bg_position_hash(bg_game_position(g)));
            bg_game_free(back);
        }
        bg_record_reader_free(r);
        free(buf);
    }
    bg_game_free(g);
}
END_TEST

/* A set-up 9x8 position: KIF and CSA write the board (BOD, P1..P8) and read it back. */
START_TEST(heian98_board_records)
{
    const char *sfen = "4k4/9/4g4/9/9/4G4/9/4K4 b - 1";
    bg_game *g = game_at("heianshogi", sfen, "board=9x8;bareking=false");
    static const char *const line[] = {"5f5e", "5c5d", NULL};
    play_all(g, line, "usi");
    static const char *const formats[] = {"kif", "csa"};
    static const char *const marks[] = {"|八", "P8"};
    for (int f = 0; f < 2; f++) {
        char buf[4096];
        int n = bg_game_export(g, formats[f], buf, sizeof buf);
        ck_assert_int_gt(n, 0);
        ck_assert_msg(strstr(buf, marks[f]) != NULL, "%s", buf);
        ck_assert_msg(strstr(buf, f ? "P9" : "|九") == NULL, "%s", buf);
        bg_record_reader *r = NULL;
        bg_error err = BG_ERROR_INIT;
        ck_assert_int_eq(bg_record_reader_new(&r, st_variant("heianshogi"), formats[f], buf,
                                              (size_t)n, "board=9x8;bareking=false", NULL, &err),
                         BG_OK);
        bg_game *back = NULL;
        ck_assert_msg(bg_record_reader_next(r, &back, &err) == BG_OK, "%s: %s", formats[f],
                      err.message);
        char a[128], b[128];
        st_sfen(bg_game_start_position(back), a, sizeof a);
        ck_assert_str_eq(a, sfen);
        st_sfen(bg_game_position(back), a, sizeof a);
        st_sfen(bg_game_position(g), b, sizeof b);
        ck_assert_str_eq(a, b);
        bg_game_free(back);
        bg_record_reader_free(r);
    }
    bg_game_free(g);
}
END_TEST

START_TEST(heian98_mandatory_random)
{
    check_mandatory("heianshogi", "board=9x8;promotion=optional", "board=9x8",
                    400 / (long)st_reduce() + 40);
}
END_TEST

int main(void)
{
    return RUN_TESTS("shogi-options", "options", 120, dropmate_listed, dropmate_gold,
                     dropmate_distant_rook, dropmate_pawn_unchanged, dropmate_bruteforce,
                     dropmate_random_games, sho_promotion_listed, sho_mandatory_game,
                     sho_mandatory_elephant, sho_mandatory_random, sho_mandatory_perft,
                     heian98_geometry, heian98_sfen_errors, heian98_game, heian98_board_records,
                     heian98_mandatory_random);
}
