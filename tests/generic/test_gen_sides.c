/*
** Defined variants of more than two sides (suite unit): the definition keys and their errors,
** the position text, perft against the two-sided engine (a four-sided board with two armies,
** turned every way, plays as the two-sided game), eliminations and the last side standing in
** played games, the shipped four-player chess.
** Usage: test_gen_sides DEFS_DIR
*/
#include <check.h>
#include <inttypes.h>

#define BG_EXPERIMENTAL /* pictures and side colours */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <boardgames/boardgames.h>

#include "check_main.h"
#include "define_check.h"
#include "gen_test_util.h"
#include "xorshift.h"

static const char *defs_dir;

/*
** Two armies of chess without castling or double steps, and the same pieces for four sides; a
** bishop is replaced by a piece that is not its own mirror image (a knight's forward-right moves
** and a step left), so that sides turned by a reflection instead of a rotation show.
*/
static const char duo_quad[] =
    "[duo:chess]\n"
    "castling = false\n"
    "doubleStep = false\n"
    "customPiece1 = a:frNlW\n"
    "startFen = rnaqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNAQKBNR w - - 0 1\n"
    "[quad:chess]\n"
    "customPiece1 = a:frNlW\n"
    "sides = 4\n"
    "sideNames = red blue yellow green\n"
    "sideFacing = north east south west\n"
    "castling = false\n"
    "doubleStep = false\n"
    "startFen = 2RyKy4/8/8/Kb6Kg/8/8/8/2RrKr4 r 0 1\n";

static bg_position *position(const bg_variant *v, const char *fen)
{
    bg_position *p = NULL;
    bg_error e = BG_ERROR_INIT;
    bg_status st = bg_position_from_text(&p, v, fen, NULL, NULL, 0, NULL, &e);
    ck_assert_msg(st == BG_OK, "'%s' refused: %s", fen, e.message);
    return p;
}

static void text_of(const bg_position *p, char *buf, size_t cap)
{
    int n = bg_position_text(p, NULL, buf, cap);
    ck_assert_msg(n > 0 && (size_t)n < cap, "position text: %d", n);
}

/* ---------- definitions ---------- */

START_TEST(definition_errors)
{
    const char *head = "[q:chess]\nsides = 4\n";
    char text[1024];
#define FAILS(tail, code, line, what)                                                              \
    do {                                                                                           \
        snprintf(text, sizeof text, "%s%s", head, tail);                                           \
        define_fails(text, code, line, what);                                                      \
    } while (0)
    const char *names = "sideNames = red blue yellow green\nsideFacing = north east south west\n";
    char with[512];
    /* The side keys: one word per side, known facings, distinct names and letters. */
    FAILS("castling = false\n", BG_E_UNSUPPORTED, 2, "sideNames: needs one word for each of the 4 sides, not 0");
    FAILS("sideNames = red blue yellow\n", BG_E_UNSUPPORTED, 3, "not 3");
    FAILS("sideNames = red blue yellow green\nsideFacing = north east up west\n", BG_E_PARSE, 4,
          "'up' is not north, east, south or west");
    FAILS("sideNames = red blue Yellow green\n", BG_E_PARSE, 3, "lowercase letters");
    FAILS("sideNames = red blue yellow yellow\nsideFacing = north east south west\ncastling = false\n",
          BG_E_UNSUPPORTED, 3, "two sides have the same name");
    FAILS("sideNames = red blue black brown\nsideFacing = north east south west\ncastling = false\n",
          BG_E_UNSUPPORTED, 3, "same letter (set sideLetters)");
    FAILS("sideNames = red blue black brown\nsideLetters = r b k bb\n", BG_E_PARSE, 4, "not one lowercase letter");
    FAILS("sides = 9\n", BG_E_PARSE, 3, "not a number in range");
    define_fails("[q:chess]\nsides = 1\n", BG_E_UNSUPPORTED, 2, "at least two sides");
    define_fails("[q:chess]\nsideNames = a b\n", BG_E_UNSUPPORTED, 2, "only with more than two sides");
    /* Rules outside the subset: castling left at chess's default points at `sides`. */
    FAILS(names, BG_E_UNSUPPORTED, 2, "castling: no castling with more than two sides");
    snprintf(with, sizeof with, "%scastling = false\npieceDrops = true\n", names);
    FAILS(with, BG_E_UNSUPPORTED, 6, "pieceDrops: no drops");
    snprintf(with, sizeof with, "%scastling = false\nstalemateValue = win\n", names);
    FAILS(with, BG_E_UNSUPPORTED, 6, "stalemateValue");
    snprintf(with, sizeof with, "%scastling = false\ncheckmateValue = draw\n", names);
    FAILS(with, BG_E_UNSUPPORTED, 6, "checkmateValue");
    snprintf(with, sizeof with, "%scastling = false\npromotionRegionWhite = *8\n", names);
    FAILS(with, BG_E_UNSUPPORTED, 6, "promotionRegionWhite: White and Black keys");
    snprintf(with, sizeof with, "%scastling = false\nmobilityRegionWhiteKing = a1 b1\n", names);
    FAILS(with, BG_E_UNSUPPORTED, 6, "mobilityRegionWhiteKing");
    snprintf(with, sizeof with, "%scastling = false\ncountingRule = makruk\n", names);
    FAILS(with, BG_E_UNSUPPORTED, 6, "countingRule");
    snprintf(with, sizeof with, "%scastling = false\nking = -\ncommoner = k\n", names);
    FAILS(with, BG_E_UNSUPPORTED, 2, "need a royal king");
    /* The position text: tags, holes, kings. */
    snprintf(with, sizeof with, "%scastling = false\nstartFen = 2RyKy4/8/8/Kb6Kg/8/8/8/2RrKr4 w 0 1\n", names);
    FAILS(with, BG_E_PARSE, 6, "not the tag of a side");
    snprintf(with, sizeof with, "%scastling = false\nstartFen = 2RyKy4/8/8/Kb6Kg/8/8/8/2RrK4 r 0 1\n", names);
    FAILS(with, BG_E_PARSE, 6, "needs its side's tag");
    snprintf(with, sizeof with, "%scastling = false\nstartFen = 2RyKy4/8/8/Kb6Rg/8/8/8/2RrKr4 r 0 1\n", names);
    FAILS(with, BG_E_INVALID_POSITION, 6, "green has pieces but no king");
    snprintf(with, sizeof with, "%scastling = false\nholes = a1\nstartFen = 2RyKy4/8/8/Kb6Kg/8/8/8/2RrKr4 r 0 1\n", names);
    FAILS(with, BG_E_PARSE, 7, "a1 is a hole, written '*'");
    snprintf(with, sizeof with, "%scastling = false\nholes = c1\nstartFen = 2RyKy4/8/8/Kb6Kg/8/8/8/*1RrKr4 r 0 1\n", names);
    FAILS(with, BG_E_PARSE, 7, "'*' on a1");
#undef FAILS
}
END_TEST

START_TEST(position_text)
{
    bg_variant_set *s = define_ok(duo_quad);
    const bg_variant *q = bg_variant_set_find(s, "quad");
    ck_assert_int_eq(bg_variant_sides(q), 4);
    ck_assert_str_eq(bg_variant_side_id(q, 2), "yellow");
    bg_position *p = NULL;
    ck_assert_int_eq(bg_position_new(&p, q, NULL, NULL, NULL), BG_OK);
    char buf[256];
    text_of(p, buf, sizeof buf);
    ck_assert_str_eq(buf, "2RyKy4/8/8/Kb6Kg/8/8/8/2RrKr4 r 0 1");
    ck_assert_int_eq(bg_position_side_to_move(p), 0);
    bg_position_free(p);
    /* Lenient: the side by its name, the counters left out. */
    bg_error e = BG_ERROR_INIT;
    ck_assert_int_eq(bg_position_from_text(&p, q, "2RyKy4/8/8/Kb6Kg/8/8/8/2RrKr4 green", NULL, NULL,
                                           BG_PARSE_LENIENT, NULL, &e), BG_OK);
    text_of(p, buf, sizeof buf);
    ck_assert_str_eq(buf, "2RyKy4/8/8/Kb6Kg/8/8/8/2RrKr4 g 0 1");
    bg_position_free(p);
    ck_assert_int_eq(bg_position_from_text(&p, q, "2RyKy4/8/8/Kb6Kg/8/8/8/2RrKr4 green", NULL, NULL,
                                           0, NULL, &e), BG_E_PARSE);
    ck_assert_int_eq(bg_position_from_text(&p, q, "2RyKy4/8/8/Kb6Kg/8/8/8/2RrKr4 r 0 1 x", NULL, NULL,
                                           0, NULL, &e), BG_E_PARSE);
    ck_assert_uint_eq(e.offset, 36);
    /* A side out of the game cannot be the side to move. */
    ck_assert_int_eq(bg_position_from_text(&p, q, "2RyKy4/8/8/7Kg/8/8/8/2RrKr4 b 0 1", NULL, NULL, 0,
                                           NULL, &e), BG_E_INVALID_POSITION);
    ck_assert_uint_eq(e.offset, 28);
    /* A side to move that is checkmated is put out as the position is read: blue on a8. */
    p = position(q, "Kb3Ky3/8/8/7Kg/8/8/1Rr6/Rr3Kr3 b 0 1");
    text_of(p, buf, sizeof buf);
    ck_assert_str_eq(buf, "4Ky3/8/8/7Kg/8/8/1Rr6/Rr3Kr3 y 0 1");
    bg_position_free(p);
    bg_variant_set_free(s);
}
END_TEST

/* ---------- editing ---------- */

/* The same edits on built-in chess and on its definition (generic-chess) give the same texts. */
START_TEST(editing)
{
    char a[256], b[256];
    bg_variant_set *gs = define_file(defs_dir, "generic-chess");
    bg_position *c = NULL, *g = NULL;
    ck_assert_int_eq(bg_position_new(&c, bg_variant_find("chess"), NULL, NULL, NULL), BG_OK);
    ck_assert_int_eq(bg_position_new(&g, bg_variant_set_find(gs, "generic-chess"), NULL, NULL, NULL), BG_OK);
    bg_position *both[2] = {c, g};
    for (int i = 0; i < 2; i++) {
        bg_position *p = both[i];
        ck_assert_int_eq(bg_position_set_piece(p, 12, BG_PIECE_NONE), BG_OK);     /* e2 */
        ck_assert_int_eq(bg_position_set_piece(p, 28, BG_PIECE(0, 1)), BG_OK);    /* e4 */
        ck_assert_int_eq(bg_position_set_side_to_move(p, 1), BG_OK);
        ck_assert_int_eq(bg_position_set_en_passant(p, 20), BG_OK);               /* e3 */
        ck_assert_int_eq(bg_position_set_castling(p, 0, BG_WING_QUEEN, -1), BG_OK);
        ck_assert_int_eq(bg_position_set_counters(p, 0, 7), BG_OK);
        ck_assert_int_eq(bg_position_validate(p, NULL), BG_OK);
    }
    text_of(c, a, sizeof a);
    text_of(g, b, sizeof b);
    ck_assert_str_eq(b, a);
    ck_assert_str_eq(a, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b Kkq - 0 7");
    ck_assert_uint_eq(bg_position_perft(g, 3), bg_position_perft(c, 3));
    bg_position_free(c);
    bg_position_free(g);
    bg_variant_set_free(gs);

    /* Four sides: a side's king taken off leaves a position the reader refuses; put back, valid. */
    bg_variant_set *s = define_ok(duo_quad);
    const bg_variant *q = bg_variant_set_find(s, "quad");
    bg_position *p = position(q, "2RyKy4/8/8/Kb6Kg/8/8/8/2RrKr4 r 0 1");
    ck_assert_int_eq(bg_position_set_piece(p, 59, BG_PIECE_NONE), BG_OK); /* d8: yellow's king */
    bg_error e = BG_ERROR_INIT;
    ck_assert_int_eq(bg_position_validate(p, &e), BG_E_INVALID_POSITION);
    ck_assert_ptr_nonnull(strstr(e.message, "yellow has pieces but no king"));
    ck_assert_int_eq(bg_position_legal_moves(p, NULL, 0), BG_E_INVALID_POSITION);
    ck_assert_int_eq(bg_position_set_piece(p, 58, BG_PIECE_NONE), BG_OK); /* c8: its rook too */
    ck_assert_int_eq(bg_position_validate(p, NULL), BG_OK); /* yellow is out of the game */
    ck_assert_int_eq(bg_position_set_side_to_move(p, 3), BG_OK);
    text_of(p, a, sizeof a);
    ck_assert_str_eq(a, "8/8/8/Kb6Kg/8/8/8/2RrKr4 g 0 1");
    ck_assert_int_eq(bg_position_set_castling(p, 0, BG_WING_KING, 0), BG_E_UNSUPPORTED);
    ck_assert_int_eq(bg_position_set_piece(p, 0, BG_PIECE(4, 1)), BG_E_INVALID_ARGUMENT); /* no side 4 */
    bg_position_free(p);
    bg_variant_set_free(s);
}
END_TEST

/* ---------- perft: two armies on the four-sided board play the two-sided game ---------- */

/* The two-sided position (duo FEN) on the quad board: white facing `turn` (0 north .. 3 west). */
static void to_quad(const bg_position *duo, int turn, char *out, size_t cap)
{
    static const char tag[4] = {'r', 'b', 'y', 'g'};
    char board[8][8][3];
    memset(board, 0, sizeof board);
    for (int sq = 0; sq < 64; sq++) {
        bg_piece pc = bg_position_piece_at(duo, sq);
        if (pc == BG_PIECE_NONE)
            continue;
        int f = sq % 8, r = sq / 8, tf = f, tr = r;
        switch (turn) { /* the square a quarter turn at a time: (f, r) -> (r, 7 - f) */
        case 1: tf = r, tr = 7 - f; break;
        case 2: tf = 7 - f, tr = 7 - r; break;
        case 3: tf = 7 - r, tr = f; break;
        default: break;
        }
        int side = (turn + 2 * BG_PIECE_SIDE(pc)) % 4;
        board[tr][tf][0] = bg_variant_piece_letter(bg_position_variant(duo), BG_PIECE_KIND(pc))[0];
        board[tr][tf][1] = tag[side];
    }
    size_t n = 0;
    for (int r = 7; r >= 0; r--) {
        int empty = 0;
        for (int f = 0; f < 8; f++) {
            if (!board[r][f][0]) {
                empty++;
                continue;
            }
            if (empty)
                n += (size_t)snprintf(out + n, cap - n, "%d", empty);
            empty = 0;
            n += (size_t)snprintf(out + n, cap - n, "%s", board[r][f]);
        }
        if (empty)
            n += (size_t)snprintf(out + n, cap - n, "%d", empty);
        if (r)
            out[n++] = '/';
    }
    snprintf(out + n, cap - n, " %c 0 1", tag[(turn + 2 * bg_position_side_to_move(duo)) % 4]);
}

START_TEST(perft_turned)
{
    bg_variant_set *s = define_ok(duo_quad);
    const bg_variant *duo = bg_variant_set_find(s, "duo"), *quad = bg_variant_set_find(s, "quad");
    uint64_t rng = 0x51de5;
    bg_move moves[512];
    int positions = 0, checks = 0, promotions = 0;
    for (int game = 0; game < 24; game++) {
        bg_position *p = NULL;
        ck_assert_int_eq(bg_position_new(&p, duo, NULL, NULL, NULL), BG_OK);
        int plies = 10 + (int)(xorshift64(&rng) % 70);
        for (int ply = 0; ply < plies; ply++) {
            int n = bg_position_legal_moves(p, moves, 512);
            if (n <= 0)
                break;
            bg_position_play(p, moves[xorshift64(&rng) % (uint64_t)n]);
            if (ply + 1 < plies)
                continue;
            int depth = game % 6 == 0 ? 4 : 3;
            uint64_t want = bg_position_perft(p, depth);
            checks += bg_position_in_check(p);
            for (int i = 0, nn = bg_position_legal_moves(p, moves, 512); i < nn; i++)
                promotions += (moves[i] & BG_MOVE_PROMOTION) != 0;
            for (int turn = 0; turn < 4; turn++) {
                char fen[256];
                to_quad(p, turn, fen, sizeof fen);
                bg_position *q = position(quad, fen);
                ck_assert_msg(bg_position_perft(q, depth) == want, "%s: perft %d %" PRIu64 " != %" PRIu64,
                              fen, depth, bg_position_perft(q, depth), want);
                bg_position_free(q);
            }
            positions++;
        }
        bg_position_free(p);
    }
    ck_assert_int_ge(positions, 20);
    ck_assert_int_ge(promotions + checks, 1);
    bg_variant_set_free(s);
}
END_TEST

/* ---------- games: eliminations and the last side standing ---------- */

static void play(bg_game *g, const char *move)
{
    bg_status st = bg_game_play_text(g, move, "uci", 0);
    ck_assert_msg(st == BG_OK, "%s: %s", move, bg_game_errmsg(g));
}

START_TEST(eliminations)
{
    bg_variant_set *s = define_ok(duo_quad);
    const bg_variant *quad = bg_variant_set_find(s, "quad");
    bg_game *g = NULL;
    bg_error e = BG_ERROR_INIT;
    ck_assert_int_eq(bg_game_new_from_text(&g, quad, "Kb2RyKyRy2/Rg7/8/7Kg/8/8/1Rr6/2Rr1Kr1NyRg r 0 1",
                                           NULL, NULL, 0, NULL, &e), BG_OK);
    char buf[256];
    /* Red's rook mates blue (next to move): blue is out at once, its king leaves, yellow moves. */
    play(g, "c1a1");
    ck_assert_int_eq(bg_game_outcome(g), BG_ONGOING);
    ck_assert_int_eq(bg_game_stat(g, 1, BG_STAT_ELIMINATED), 1);
    ck_assert_int_eq(bg_game_stat(g, 0, BG_STAT_ELIMINATED), 0);
    text_of(bg_game_position(g), buf, sizeof buf);
    ck_assert_str_eq(buf, "3RyKyRy2/Rg7/8/7Kg/8/8/1Rr6/Rr3Kr1NyRg y 1 1");
    /* Yellow's knight steps off the first rank: green's rook now sees red's king, and takes it. */
    play(g, "g1h3");
    ck_assert_int_eq(bg_position_side_to_move(bg_game_position(g)), 3);
    play(g, "h1e1");
    /* Red is out (its rooks leave); yellow, checked on the e-file, cannot move: out too. */
    text_of(bg_game_position(g), buf, sizeof buf);
    ck_assert_str_eq(buf, "8/Rg7/8/7Kg/8/8/8/4Rg3 g 0 2");
    ck_assert_int_eq(bg_game_outcome(g), BG_WIN);
    ck_assert_uint_eq(bg_game_winners(g), 1u << 3);
    ck_assert_int_eq(bg_game_reason(g), BG_REASON_ELIMINATION);
    for (int side = 0; side < 4; side++)
        ck_assert_int_eq(bg_game_stat(g, side, BG_STAT_ELIMINATED), side != 3);
    /* Taking the last move back brings red's and yellow's armies back. */
    ck_assert_int_eq(bg_game_undo(g), BG_OK);
    ck_assert_int_eq(bg_game_outcome(g), BG_ONGOING);
    ck_assert_int_eq(bg_game_stat(g, 0, BG_STAT_ELIMINATED), 0);
    /* A resignation with three sides in play: the other two still in play win. */
    ck_assert_int_eq(bg_game_resign(g, 2), BG_OK);
    ck_assert_uint_eq(bg_game_winners(g), (1u << 0) | (1u << 3));
    bg_game_free(g);
    bg_variant_set_free(s);
}
END_TEST

/* A whole game of the shipped four-player chess played by random moves to its end. */
START_TEST(four_player_chess_games)
{
    bg_variant_set *s = define_file(defs_dir, "fourplayerchess");
    const bg_variant *v = bg_variant_set_find(s, "fourplayerchess");
    ck_assert_ptr_nonnull(v);
    bg_position *p = NULL;
    ck_assert_int_eq(bg_position_new(&p, v, NULL, NULL, NULL), BG_OK);
    static const uint64_t want[] = {1, 20, 395, 7800, 152050};
    for (int d = 1; d <= 4; d++)
        ck_assert_uint_eq(bg_position_perft(p, d), want[d]);
    /* Pictures: each side in its colour, the holes left out; the diagram with side tags. */
    static char svg[200000], diagram[4096];
    int n = bg_position_svg(p, NULL, svg, sizeof svg);
    ck_assert_int_gt(n, 0);
    ck_assert_int_lt(n, (int)sizeof svg);
    for (int side = 0; side < 4; side++)
        ck_assert_ptr_nonnull(strstr(svg, bg_variant_side_color(v, side)));
    int squares = 0;
    for (const char *q = svg; (q = strstr(q, "width=\"100\" height=\"100\" fill=\"#")); q++)
        squares++;
    ck_assert_int_eq(squares, 14 * 14 - 36);
    ck_assert_int_gt(bg_position_diagram(p, NULL, diagram, sizeof diagram), 0);
    ck_assert_ptr_nonnull(strstr(diagram, "14          Ry Ny By Ky Qy By Ny Ry"));
    ck_assert_ptr_nonnull(strstr(diagram, " 7 Kb Pb .  .  .  .  .  .  .  .  .  .  Pg Qg"));
    bg_position_free(p);
    uint64_t rng = 0xf0a4;
    bg_move moves[512];
    int eliminated_seen = 0, wins = 0;
    for (int game = 0; game < 40; game++) {
        bg_game *g = NULL;
        ck_assert_int_eq(bg_game_new(&g, v, NULL, NULL, NULL), BG_OK);
        while (bg_game_outcome(g) == BG_ONGOING && bg_game_ply_count(g) < 3000) {
            int n = bg_position_legal_moves(bg_game_position(g), moves, 512);
            ck_assert_int_gt(n, 0);
            ck_assert_int_eq(bg_game_play(g, moves[xorshift64(&rng) % (uint64_t)n]), BG_OK);
        }
        int out = 0;
        for (int side = 0; side < 4; side++)
            out += bg_game_stat(g, side, BG_STAT_ELIMINATED);
        eliminated_seen += out > 0;
        if (bg_game_outcome(g) == BG_WIN) {
            uint32_t w = bg_game_winners(g);
            ck_assert_msg(w && !(w & (w - 1)), "one winner, not %#x", w);
            ck_assert_int_eq(out, 3);
            ck_assert_int_eq(bg_game_reason(g), BG_REASON_ELIMINATION);
            wins++;
        }
        bg_game_free(g);
    }
    ck_assert_int_ge(eliminated_seen, 5);
    ck_assert_int_ge(wins, 1);
    bg_variant_set_free(s);
}
END_TEST

int main(int argc, char **argv)
{
    defs_dir = first_arg(argc, argv, "DEFS_DIR");
    TCase *tc = one_case("sides", "sides", 600);
    ADD_TESTS(tc, definition_errors, position_text, editing, perft_turned, eliminations, four_player_chess_games);
    return run_cases();
}
