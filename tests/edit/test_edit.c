/*
** Snapshots and position editing: every variant's positions survive snapshot -> clear -> load;
** edited positions equal the same position read from text (text, hash, legal moves, perft);
** invalid positions are refused by play and explained by bg_position_validate; rights, hands,
** counters and the argument errors of each call; bg_position_play_into; no allocation.
*/
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <boardgames/boardgames.h>

#include "common/alloc_util.h"
#include "check_main.h"

static bg_position *start(const char *variant)
{
    bg_position *p = NULL;
    ck_assert_int_eq(bg_position_new(&p, bg_variant_find(variant), NULL, NULL, NULL), BG_OK);
    return p;
}

static bg_position *from_text(const char *variant, const char *text)
{
    bg_position *p = NULL;
    bg_error err = BG_ERROR_INIT;
    bg_status s = bg_position_from_text(&p, bg_variant_find(variant), text, NULL, NULL, 0, NULL, &err);
    ck_assert_msg(s == BG_OK, "%s: %s", text, err.message);
    return p;
}

static const char *text_of(const bg_position *p)
{
    static char buf[4][4096];
    static int next;
    char *t = buf[next++ % 4];
    ck_assert_int_gt(bg_position_text(p, NULL, t, 4096), 0);
    return t;
}

/* a and b are the same position: text, hash, legal moves in order, perft 2. */
static void same_position(const bg_position *a, const bg_position *b, const char *where)
{
    static bg_move ma[4096], mb[4096];
    ck_assert_msg(strcmp(text_of(a), text_of(b)) == 0, "%s: %s vs %s", where, text_of(a), text_of(b));
    ck_assert_msg(bg_position_hash(a) == bg_position_hash(b), "%s: hash differs for %s", where,
                  text_of(a));
    int na = bg_position_legal_moves(a, ma, 4096), nb = bg_position_legal_moves(b, mb, 4096);
    ck_assert_msg(na == nb && na >= 0, "%s: %d vs %d legal moves", where, na, nb);
    ck_assert_msg(memcmp(ma, mb, sizeof(bg_move) * (size_t)na) == 0, "%s: move lists differ", where);
    ck_assert_int_eq(bg_position_in_check(a), bg_position_in_check(b));
    if (na < 200)
        ck_assert_msg(bg_position_perft(a, 2) == bg_position_perft(b, 2), "%s: perft 2 differs",
                      where);
}

/* The edited position against the one its text reads as (valid), or the refusals (invalid). */
static void check_edited(const bg_position *p, const char *where)
{
    bg_error err = BG_ERROR_INIT;
    const bg_variant *v = bg_position_variant(p);
    bg_position *q = NULL;
    bg_error perr = BG_ERROR_INIT;
    bg_status read = bg_position_from_text(&q, v, text_of(p), NULL, NULL, 0, NULL, &perr);
    bg_status valid = bg_position_validate(p, &err);
    bg_snapshot s = BG_SNAPSHOT_INIT;
    ck_assert_int_eq(bg_position_snapshot(p, &s), BG_OK);
    if (read == BG_OK) {
        ck_assert_msg(valid == BG_OK, "%s: %s reads but does not validate: %s", where, text_of(p),
                      err.message);
        ck_assert_int_eq(s.valid, 1);
        same_position(p, q, where);
        bg_position_free(q);
        return;
    }
    ck_assert_msg(valid == read, "%s: validate %d, reader %d", where, valid, read);
    ck_assert_str_eq(err.message, perr.message);
    ck_assert_int_eq(s.valid, 0);
    ck_assert_int_eq(bg_position_legal_moves(p, NULL, 0), BG_E_INVALID_POSITION);
    ck_assert_int_eq(bg_position_legal_moves_text(p, NULL, 0, NULL, 0), BG_E_INVALID_POSITION);
    ck_assert_uint_eq(bg_position_perft(p, 2), 0);
    ck_assert_int_eq(bg_position_in_check(p), 0);
    bg_move out;
    ck_assert_int_eq(bg_move_parse(p, "e2e4", NULL, 0, &out, NULL), BG_E_INVALID_POSITION);
    bg_position *c = NULL;
    ck_assert_int_eq(bg_position_clone(&c, p), BG_OK);
    ck_assert_int_eq(bg_position_play(c, BG_MOVE_MAKE(0, 1)), BG_E_INVALID_POSITION);
    bg_position_free(c);
}

/* Play a random legal move of p (the seed steps once); 0 when p has none. */
static int play_random(bg_position *p, unsigned *seed)
{
    static bg_move moves[4096];
    int n = bg_position_legal_moves(p, moves, 4096);
    if (n <= 0)
        return 0;
    *seed = *seed * 1103515245u + 12345u;
    ck_assert_int_eq(bg_position_play(p, moves[(*seed >> 8) % (unsigned)n]), BG_OK);
    return 1;
}

/* Every variant: snapshot, clear, load the snapshot back: the same position; along a game. */
START_TEST(snapshot_round_trip)
{
    const bg_variant *v = bg_variant_at(_i);
    bg_position *p = NULL, *e = NULL;
    ck_assert_int_eq(bg_position_new(&p, v, NULL, NULL, NULL), BG_OK);
    unsigned seed = 7;
    for (int ply = 0; ply < 40; ply++) {
        bg_snapshot s = BG_SNAPSHOT_INIT;
        ck_assert_int_eq(bg_position_snapshot(p, &s), BG_OK);
        ck_assert_int_eq(s.width, bg_variant_width(v));
        ck_assert_int_eq(s.side_to_move, bg_position_side_to_move(p));
        ck_assert_int_eq(s.valid, 1);
        ck_assert(s.hash == bg_position_hash(p));
        ck_assert_int_eq(s.in_check, bg_position_in_check(p));
        for (int sq = 0; sq < s.width * s.height; sq++)
            ck_assert_int_eq(s.board[sq], bg_position_piece_at(p, sq));
        for (int k = 1; k <= s.kinds; k++)
            ck_assert_int_eq(s.hand[1][k], bg_position_hand_count(p, 1, k));
        /*
        ** Loaded back, it is the position its text describes: what a played position knows
        ** beyond its text (janggi's pass just made, xiangqi's checks in a row) starts afresh.
        */
        ck_assert_int_eq(bg_position_clone(&e, p), BG_OK);
        ck_assert_int_eq(bg_position_clear(e), BG_OK);
        ck_assert_int_eq(bg_position_load(e, &s), BG_OK);
        bg_position *t = from_text(bg_variant_id(v), text_of(p));
        same_position(e, t, bg_variant_id(v));
        ck_assert_str_eq(text_of(e), text_of(p));
        bg_position_free(t);
        bg_position_free(e);
        if (!play_random(p, &seed))
            break;
    }
    bg_position_free(p);
}
END_TEST

/* Every variant: random removals, additions and side flips along games, each one checked. */
START_TEST(random_edits)
{
    const bg_variant *v = bg_variant_at(_i);
    const int squares = bg_variant_width(v) * bg_variant_height(v);
    unsigned seed = 99u + (unsigned)_i;
    int valid_seen = 0, invalid_seen = 0;
    for (int game = 0; game < 4; game++) {
        bg_position *p = NULL;
        ck_assert_int_eq(bg_position_new(&p, v, NULL, NULL, NULL), BG_OK);
        for (int ply = 0; ply < 24; ply++) {
            bg_position *e = NULL;
            ck_assert_int_eq(bg_position_clone(&e, p), BG_OK);
            char where[96];
            for (int edit = 0; edit < 3; edit++) {
                seed = seed * 1103515245u + 12345u;
                int sq = (int)((seed >> 8) % (unsigned)squares);
                bg_piece piece = bg_position_piece_at(e, sq);
                snprintf(where, sizeof where, "%s game %d ply %d edit %d sq %d", bg_variant_id(v),
                         game, ply, edit, sq);
                if (piece && (seed >> 20) % 3) {
                    /* Move the piece somewhere empty (or take it off). */
                    int to = (int)((seed >> 4) % (unsigned)squares);
                    ck_assert_int_eq(bg_position_set_piece(e, sq, BG_PIECE_NONE), BG_OK);
                    if (!bg_position_piece_at(e, to) && (seed & 1)) {
                        bg_status st = bg_position_set_piece(e, to, piece);
                        ck_assert_msg(st == BG_OK || st == BG_E_LIMIT, "%s: %d", where, st);
                    }
                } else {
                    /* Flip the side to move, or set it to what it is (an edit all the same). */
                    int side = (bg_position_side_to_move(e) + ((seed >> 12) % 4 == 0)) %
                               bg_variant_sides(v);
                    ck_assert_int_eq(bg_position_set_side_to_move(e, side), BG_OK);
                    ck_assert_int_eq(bg_position_side_to_move(e), side);
                }
                check_edited(e, where);
                if (bg_position_validate(e, NULL) == BG_OK)
                    valid_seen++;
                else
                    invalid_seen++;
            }
            bg_position_free(e);
            if (!play_random(p, &seed))
                break;
        }
        bg_position_free(p);
    }
    /* Both kinds of outcome must have been exercised for the checks above to mean something. */
    ck_assert_int_gt(valid_seen, 5);
    ck_assert_int_gt(invalid_seen, 0);
}
END_TEST

START_TEST(chess_editing)
{
    bg_position *p = start("chess"), *q;
    bg_error err = BG_ERROR_INIT;
    /* The king off and back. */
    ck_assert_int_eq(bg_position_set_piece(p, 4, BG_PIECE_NONE), BG_OK);
    ck_assert_str_eq(text_of(p), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w KQkq - 0 1");
    ck_assert_int_eq(bg_position_validate(p, &err), BG_E_INVALID_POSITION);
    ck_assert_ptr_nonnull(strstr(err.message, "0 kings"));
    ck_assert_int_eq(bg_position_legal_moves(p, NULL, 0), BG_E_INVALID_POSITION);
    ck_assert_int_eq(bg_position_set_piece(p, 4, BG_PIECE(0, 6)), BG_OK);
    ck_assert_int_eq(bg_position_validate(p, &err), BG_OK);
    ck_assert_int_eq(bg_position_legal_moves(p, NULL, 0), 20);
    ck_assert(bg_position_hash(p) == 0x463b96181691fc9cULL);
    /* Castling rights by rook square. */
    ck_assert_int_eq(bg_position_castling(p, 0, BG_WING_KING), 7);
    ck_assert_int_eq(bg_position_castling(p, 1, BG_WING_QUEEN), 56);
    ck_assert_int_eq(bg_position_set_castling(p, 0, BG_WING_KING, -1), BG_OK);
    ck_assert_str_eq(text_of(p), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w Qkq - 0 1");
    ck_assert_int_eq(bg_position_castling(p, 0, BG_WING_KING), -1);
    ck_assert_int_eq(bg_position_set_castling(p, 0, BG_WING_KING, 6), BG_E_INVALID_ARGUMENT);
    ck_assert_int_eq(bg_position_set_castling(p, 0, BG_WING_KING, 15), BG_E_INVALID_ARGUMENT);
    ck_assert_int_eq(bg_position_set_castling(p, 2, BG_WING_KING, 7), BG_E_INVALID_ARGUMENT);
    ck_assert_int_eq(bg_position_set_castling(p, 0, 5, 7), BG_E_INVALID_ARGUMENT);
    ck_assert_int_eq(bg_position_set_castling(p, 0, BG_WING_KING, 7), BG_OK);
    ck_assert(bg_position_hash(p) == 0x463b96181691fc9cULL);
    /* A right without its rook: kept, and the position is invalid until the rook returns. */
    ck_assert_int_eq(bg_position_set_piece(p, 7, BG_PIECE_NONE), BG_OK);
    ck_assert_int_eq(bg_position_validate(p, &err), BG_E_INVALID_POSITION);
    ck_assert_ptr_nonnull(strstr(err.message, "no rook"));
    ck_assert_int_eq(bg_position_set_castling(p, 0, BG_WING_KING, -1), BG_OK);
    ck_assert_int_eq(bg_position_validate(p, NULL), BG_OK);
    bg_position_free(p);

    /* En passant: kept when a capture is legal, as the text then has it. */
    p = from_text("chess", "4k3/8/8/8/3pP3/8/8/4K3 b - - 0 1");
    ck_assert_int_eq(bg_position_en_passant(p), -1);
    ck_assert_int_eq(bg_position_set_en_passant(p, 20), BG_OK); /* e3 */
    ck_assert_str_eq(text_of(p), "4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1");
    ck_assert_int_eq(bg_position_en_passant(p), 20);
    q = from_text("chess", "4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1");
    same_position(p, q, "en passant");
    bg_position_free(q);
    ck_assert_int_eq(bg_position_set_en_passant(p, 28), BG_E_INVALID_ARGUMENT); /* e4: wrong rank */
    ck_assert_int_eq(bg_position_set_en_passant(p, -1), BG_OK);
    ck_assert_str_eq(text_of(p), "4k3/8/8/8/3pP3/8/8/4K3 b - - 0 1");
    /* A square no pawn can capture onto is not written, so it is dropped (as FEN does). */
    ck_assert_int_eq(bg_position_set_en_passant(p, 19), BG_OK); /* d3 */
    ck_assert_int_eq(bg_position_validate(p, NULL), BG_OK);
    ck_assert_int_eq(bg_position_en_passant(p), -1);
    /* One a pawn could capture onto, with no pawn that could have passed: invalid. */
    ck_assert_int_eq(bg_position_set_en_passant(p, 18), BG_OK); /* c3, no white pawn on c4 */
    ck_assert_int_eq(bg_position_validate(p, &err), BG_E_INVALID_POSITION);
    ck_assert_ptr_nonnull(strstr(err.message, "en passant"));
    ck_assert_int_eq(bg_position_en_passant(p), 18);
    ck_assert_int_eq(bg_position_set_en_passant(p, -1), BG_OK);
    ck_assert_int_eq(bg_position_validate(p, NULL), BG_OK);
    /* Counters and the side to move. */
    ck_assert_int_eq(bg_position_set_counters(p, 12, 40), BG_OK);
    ck_assert_str_eq(text_of(p), "4k3/8/8/8/3pP3/8/8/4K3 b - - 12 40");
    ck_assert_int_eq(bg_position_set_counters(p, -1, 41), BG_OK);
    ck_assert_int_eq(bg_position_halfmove_clock(p), 12);
    ck_assert_int_eq(bg_position_set_counters(p, 70000, -1), BG_E_INVALID_ARGUMENT);
    ck_assert_int_eq(bg_position_set_counters(p, -1, 0), BG_E_INVALID_ARGUMENT);
    ck_assert_int_eq(bg_position_set_side_to_move(p, 0), BG_OK);
    ck_assert_str_eq(text_of(p), "4k3/8/8/8/3pP3/8/8/4K3 w - - 12 41");
    ck_assert_int_eq(bg_position_set_side_to_move(p, 2), BG_E_INVALID_ARGUMENT);
    /* Pieces the variant has not. */
    ck_assert_int_eq(bg_position_set_piece(p, 10, BG_PIECE(0, 7)), BG_E_INVALID_ARGUMENT);
    ck_assert_int_eq(bg_position_set_piece(p, 10, BG_PIECE(2, 1)), BG_E_INVALID_ARGUMENT);
    ck_assert_int_eq(bg_position_set_piece(p, 64, BG_PIECE(0, 1)), BG_E_INVALID_ARGUMENT);
    ck_assert_int_eq(bg_position_set_piece(p, -1, BG_PIECE(0, 1)), BG_E_INVALID_ARGUMENT);
    ck_assert_int_eq(bg_position_set_hand_count(p, 0, 1, 1), BG_E_UNSUPPORTED);
    /* A pawn on the last rank is a position that cannot arise. */
    ck_assert_int_eq(bg_position_set_piece(p, 59, BG_PIECE(0, 1)), BG_OK);
    ck_assert_int_eq(bg_position_validate(p, &err), BG_E_INVALID_POSITION);
    ck_assert_ptr_nonnull(strstr(err.message, "pawn"));
    bg_position_free(p);

    /* A position built from an empty board is the one read from its FEN. */
    p = start("chess");
    ck_assert_int_eq(bg_position_clear(p), BG_OK);
    ck_assert_str_eq(text_of(p), "8/8/8/8/8/8/8/8 w - - 0 1");
    ck_assert_int_eq(bg_position_validate(p, NULL), BG_E_INVALID_POSITION);
    const struct { int sq; bg_piece p; } put[] = {
        {4, BG_PIECE(0, 6)}, {0, BG_PIECE(0, 4)}, {7, BG_PIECE(0, 4)}, {60, BG_PIECE(1, 6)},
        {51, BG_PIECE(1, 1)}, {33, BG_PIECE(0, 2)}};
    for (size_t i = 0; i < sizeof put / sizeof put[0]; i++)
        ck_assert_int_eq(bg_position_set_piece(p, put[i].sq, put[i].p), BG_OK);
    ck_assert_int_eq(bg_position_set_castling(p, 0, BG_WING_QUEEN, 0), BG_OK);
    ck_assert_int_eq(bg_position_set_side_to_move(p, 1), BG_OK);
    q = from_text("chess", "4k3/3p4/8/1N6/8/8/8/R3K2R b Q - 0 1");
    same_position(p, q, "built");
    bg_position_free(q);
    bg_position_free(p);

    /* Chess960: a rook on its wing's side of the king, anywhere on the first rank. */
    bg_position_new(&p, bg_variant_find("chess"), "chess960=true", NULL, NULL);
    ck_assert_int_eq(bg_position_set_castling(p, 0, BG_WING_KING, -1), BG_OK);
    ck_assert_int_eq(bg_position_set_piece(p, 7, BG_PIECE_NONE), BG_OK);
    ck_assert_int_eq(bg_position_set_piece(p, 6, BG_PIECE(0, 4)), BG_OK); /* the rook to g1 */
    ck_assert_int_eq(bg_position_set_piece(p, 5, BG_PIECE_NONE), BG_OK);
    ck_assert_int_eq(bg_position_set_castling(p, 0, BG_WING_KING, 6), BG_OK);
    ck_assert_int_eq(bg_position_set_castling(p, 0, BG_WING_QUEEN, 6), BG_E_INVALID_ARGUMENT);
    ck_assert_int_eq(bg_position_validate(p, &err), BG_OK);
    ck_assert_int_eq(bg_position_castling(p, 0, BG_WING_KING), 6);
    bg_position_free(p);
}
END_TEST

START_TEST(other_families)
{
    bg_error err = BG_ERROR_INIT;
    /* Xiangqi: no castling, no en passant, no hands. */
    bg_position *p = start("xiangqi");
    ck_assert_int_eq(bg_position_set_castling(p, 0, BG_WING_KING, 0), BG_E_UNSUPPORTED);
    ck_assert_int_eq(bg_position_set_en_passant(p, 0), BG_E_UNSUPPORTED);
    ck_assert_int_eq(bg_position_castling(p, 0, BG_WING_KING), -1);
    ck_assert_int_eq(bg_position_en_passant(p), -1);
    /* Red's general out of its palace. */
    ck_assert_int_eq(bg_position_set_piece(p, 4, BG_PIECE_NONE), BG_OK);
    ck_assert_int_eq(bg_position_set_piece(p, 0, BG_PIECE(0, 1)), BG_OK);
    ck_assert_int_eq(bg_position_validate(p, &err), BG_E_INVALID_POSITION);
    ck_assert_ptr_nonnull(strstr(err.message, "palace"));
    ck_assert_int_eq(bg_position_set_piece(p, 0, BG_PIECE(0, 5)), BG_OK);
    ck_assert_int_eq(bg_position_set_piece(p, 4, BG_PIECE(0, 1)), BG_OK);
    ck_assert_str_eq(text_of(p), bg_variant_start_text(bg_variant_find("xiangqi")));
    ck_assert_int_eq(bg_position_legal_moves(p, NULL, 0), 44);
    bg_position_free(p);

    /* Shogi hands: unpromoted non-royal kinds only, counts up to what the engine holds. */
    p = from_text("shogi", "4k4/9/9/9/9/9/9/9/4K4 b - 1");
    ck_assert_int_eq(bg_position_set_hand_count(p, 0, 7, 1), BG_OK); /* a rook */
    ck_assert_int_eq(bg_position_set_hand_count(p, 1, 1, 3), BG_OK); /* three pawns */
    ck_assert_str_eq(text_of(p), "4k4/9/9/9/9/9/9/9/4K4 b R3p 1");
    bg_position *q = from_text("shogi", "4k4/9/9/9/9/9/9/9/4K4 b R3p 1");
    same_position(p, q, "shogi hands");
    bg_position_free(q);
    ck_assert_int_eq(bg_position_hand_count(p, 1, 1), 3);
    ck_assert_int_eq(bg_position_set_hand_count(p, 0, 14, 1), BG_E_INVALID_ARGUMENT); /* dragon */
    ck_assert_int_eq(bg_position_set_hand_count(p, 0, 8, 1), BG_E_INVALID_ARGUMENT);  /* king */
    ck_assert_int_eq(bg_position_set_hand_count(p, 0, 1, 19), BG_E_LIMIT);
    ck_assert_int_eq(bg_position_set_hand_count(p, 0, 1, 256), BG_E_INVALID_ARGUMENT);
    ck_assert_int_eq(bg_position_set_hand_count(p, 0, 1, -1), BG_E_INVALID_ARGUMENT);
    ck_assert_int_eq(bg_position_set_hand_count(p, 2, 1, 1), BG_E_INVALID_ARGUMENT);
    ck_assert_str_eq(text_of(p), "4k4/9/9/9/9/9/9/9/4K4 b R3p 1");
    /* Two pawns on a file is a position the reader refuses. */
    ck_assert_int_eq(bg_position_set_piece(p, 20, BG_PIECE(0, 1)), BG_OK);
    ck_assert_int_eq(bg_position_set_piece(p, 29, BG_PIECE(0, 1)), BG_OK);
    ck_assert_int_eq(bg_position_validate(p, &err), BG_E_INVALID_POSITION);
    ck_assert_int_eq(bg_position_set_counters(p, -1, 57), BG_OK);
    ck_assert_int_eq(bg_position_fullmove_number(p), 57);
    bg_position_free(p);
    p = start("heianshogi");
    ck_assert_int_eq(bg_position_set_hand_count(p, 0, 1, 1), BG_E_UNSUPPORTED);
    bg_position_free(p);

    /* Seven Kingdoms: a general off the board; an army of more than 17 pieces. */
    p = start("sevenkingdoms");
    int general = -1;
    for (int sq = 0; sq < 361; sq++)
        if (bg_position_piece_at(p, sq) == BG_PIECE(0, 1))
            general = sq;
    ck_assert_int_ge(general, 0);
    ck_assert_int_eq(bg_position_set_piece(p, general, BG_PIECE_NONE), BG_OK);
    ck_assert_int_eq(bg_position_validate(p, &err), BG_E_INVALID_POSITION);
    ck_assert_ptr_nonnull(strstr(err.message, "general"));
    ck_assert_int_eq(bg_position_set_piece(p, general, BG_PIECE(0, 1)), BG_OK);
    ck_assert_str_eq(text_of(p), bg_variant_start_text(bg_variant_find("sevenkingdoms")));
    ck_assert_int_eq(bg_position_set_piece(p, 180, BG_PIECE(0, 11)), BG_E_INVALID_ARGUMENT);
    bg_status last = BG_OK;
    for (int sq = 0; sq < 361 && last == BG_OK; sq++)
        if (!bg_position_piece_at(p, sq))
            last = bg_position_set_piece(p, sq, BG_PIECE(0, 7));
    ck_assert_int_eq(last, BG_E_LIMIT);
    bg_position_free(p);
}
END_TEST

START_TEST(snapshot_fields_and_sizes)
{
    bg_position *p = start("chess");
    bg_snapshot s = BG_SNAPSHOT_INIT;
    ck_assert_int_eq(bg_position_snapshot(p, &s), BG_OK);
    ck_assert_uint_eq(s.size, sizeof s);
    ck_assert_int_eq(s.rights, BG_RIGHT_CASTLING | BG_RIGHT_EN_PASSANT);
    ck_assert_int_eq(s.castling[0][BG_WING_KING], 7);
    ck_assert_int_eq(s.castling[0][BG_WING_QUEEN], 0);
    ck_assert_int_eq(s.castling[1][BG_WING_KING], 63);
    ck_assert_int_eq(s.en_passant, -1);
    ck_assert_int_eq(s.fullmove_number, 1);
    ck_assert_int_eq(s.board[4], BG_PIECE(0, 6));
    ck_assert_int_eq(s.board[64], 0); /* past the board: zero */
    /* An older caller's smaller struct gets what fits; too small for the board is refused. */
    bg_snapshot small = BG_SNAPSHOT_INIT;
    small.size = offsetof(bg_snapshot, board) + 64 * sizeof(bg_piece);
    small.board[100] = 12345;
    ck_assert_int_eq(bg_position_snapshot(p, &small), BG_OK);
    ck_assert_uint_eq(small.size, offsetof(bg_snapshot, board) + 64 * sizeof(bg_piece));
    ck_assert_int_eq(small.board[100], 12345);
    ck_assert_int_eq(bg_position_load(p, &small), BG_OK);
    small.size = offsetof(bg_snapshot, board) + 63 * sizeof(bg_piece);
    ck_assert_int_eq(bg_position_snapshot(p, &small), BG_E_INVALID_ARGUMENT);
    ck_assert_int_eq(bg_position_load(p, &small), BG_E_INVALID_ARGUMENT);
    ck_assert_int_eq(bg_position_snapshot(NULL, &s), BG_E_INVALID_ARGUMENT);
    ck_assert_int_eq(bg_position_snapshot(p, NULL), BG_E_INVALID_ARGUMENT);
    /* A snapshot of another variant is refused. */
    bg_position *x = start("xiangqi");
    bg_snapshot xs = BG_SNAPSHOT_INIT;
    ck_assert_int_eq(bg_position_snapshot(x, &xs), BG_OK);
    ck_assert_int_eq(xs.rights, 0);
    ck_assert_int_eq(bg_position_load(p, &xs), BG_E_INVALID_ARGUMENT);
    /* Rights a variant lacks. */
    xs.castling[0][0] = 0;
    ck_assert_int_eq(bg_position_load(x, &xs), BG_E_UNSUPPORTED);
    bg_position_free(x);
    /* Shogi hands after a capture, the side to move, the hash. */
    bg_position *sh = from_text("shogi", "4k4/9/9/9/9/9/9/9/4K4 w 2Pb 10");
    bg_snapshot ss = BG_SNAPSHOT_INIT;
    ck_assert_int_eq(bg_position_snapshot(sh, &ss), BG_OK);
    ck_assert_int_eq(ss.rights, BG_RIGHT_HANDS);
    ck_assert_int_eq(ss.hand[0][1], 2);
    ck_assert_int_eq(ss.hand[1][6], 1);
    ck_assert_int_eq(ss.side_to_move, 1);
    ck_assert_int_eq(ss.fullmove_number, 10);
    bg_position_free(sh);
    ck_assert_int_eq(bg_position_load(NULL, &s), BG_E_INVALID_ARGUMENT);
    ck_assert_int_eq(bg_position_validate(NULL, NULL), BG_E_INVALID_ARGUMENT);
    bg_position_free(p);
}
END_TEST

START_TEST(play_into)
{
    bg_position *a = start("chess"), *b = start("chess"), *x = start("xiangqi");
    bg_move e4 = BG_MOVE_MAKE(12, 28);
    ck_assert_int_eq(bg_position_play_into(b, a, e4), BG_OK);
    ck_assert_str_eq(text_of(a), bg_variant_start_text(bg_variant_find("chess")));
    ck_assert_str_eq(text_of(b), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
    char before[128];
    snprintf(before, sizeof before, "%s", text_of(b));
    ck_assert_int_eq(bg_position_play_into(b, a, BG_MOVE_MAKE(12, 36)), BG_E_ILLEGAL_MOVE);
    ck_assert_str_eq(text_of(b), before);
    ck_assert_int_eq(bg_position_play_into(x, a, e4), BG_E_INVALID_ARGUMENT);
    ck_assert_int_eq(bg_position_play_into(NULL, a, e4), BG_E_INVALID_ARGUMENT);
    ck_assert_int_eq(bg_position_play_into(a, a, e4), BG_OK); /* in place */
    ck_assert_str_eq(text_of(a), before);
    bg_position_free(a);
    bg_position_free(b);
    bg_position_free(x);
}
END_TEST

/* Editing and snapshots never allocate: a position made with a counting allocator stays at one block. */
START_TEST(no_allocation)
{
    au_counter c;
    memset(&c, 0, sizeof c);
    bg_allocator alloc = BG_ALLOCATOR_INIT(au_alloc, &c);
    bg_position *p = NULL;
    ck_assert_int_eq(bg_position_new(&p, bg_variant_find("shogi"), NULL, &alloc, NULL), BG_OK);
    long requests = c.requests;
    bg_snapshot s = BG_SNAPSHOT_INIT;
    ck_assert_int_eq(bg_position_snapshot(p, &s), BG_OK);
    ck_assert_int_eq(bg_position_set_piece(p, 40, BG_PIECE(0, 5)), BG_OK);
    ck_assert_int_eq(bg_position_set_hand_count(p, 1, 1, 1), BG_OK);
    ck_assert_int_eq(bg_position_load(p, &s), BG_OK);
    ck_assert_int_eq(bg_position_validate(p, NULL), BG_OK);
    ck_assert_int_eq(c.requests, requests);
    bg_position_free(p);
    ck_assert_int_eq(c.live_blocks, 0);
}
END_TEST

int main(void)
{
    TCase *tc = one_case("edit", "edit", 600);
    tcase_add_loop_test(tc, snapshot_round_trip, 0, bg_variant_count());
    tcase_add_loop_test(tc, random_edits, 0, bg_variant_count());
    ADD_TESTS(tc, chess_editing, other_families, snapshot_fields_and_sizes, play_into,
              no_allocation);
    return run_cases();
}
