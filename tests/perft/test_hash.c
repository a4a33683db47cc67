/* Polyglot Zobrist keys: the published test sequences of the Polyglot book-format specification. */
#include <check.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include <boardgames/boardgames.h>

#include "test_util.h"
#include "check_main.h"

/*
** From the "Test cases" section of the Polyglot book format description (H.G. Muller's
** book_format.html, from Polyglot's source): each row is a move sequence from the start position
** and the key after it. They cover en passant hashed only when a capture is possible (after e4,
** c4), castling rights lost by a king move (Ke2, Kf7) and by a captured/moved rook (a1a3).
*/
static const struct {
    const char *moves;
    uint64_t key;
} polyglot_cases[] = {
    {"", 0x463b96181691fc9cULL},
    {"e2e4", 0x823c9b50fd114196ULL},
    {"e2e4 d7d5", 0x0756b94461c50fb0ULL},
    {"e2e4 d7d5 e4e5", 0x662fafb965db29d4ULL},
    {"e2e4 d7d5 e4e5 f7f5", 0x22a48b5a8e47ff78ULL},
    {"e2e4 d7d5 e4e5 f7f5 e1e2", 0x652a607ca3f242c1ULL},
    {"e2e4 d7d5 e4e5 f7f5 e1e2 e8f7", 0x00fdd303c946bdd9ULL},
    {"a2a4 b7b5 h2h4 b5b4 c2c4", 0x3c8123ea7b067637ULL},
    {"a2a4 b7b5 h2h4 b5b4 c2c4 b4c3 a1a3", 0x5c3f9b829b279560ULL},
};

#define NCASES ((int)(sizeof polyglot_cases / sizeof polyglot_cases[0]))

static bg_position *start(void)
{
    bg_position *p = NULL;
    bg_error err = BG_ERROR_INIT;
    bg_status s = bg_position_new(&p, bg_variant_find("chess"), NULL, NULL, &err);
    ck_assert_msg(s == BG_OK && p, "bg_position_new: %d %s", (int)s, err.message);
    return p;
}

/* Play a space-separated coordinate move list; fails the test on an unknown or illegal move. */
static void play_all(bg_position *p, const char *moves)
{
    char buf[256];
    snprintf(buf, sizeof buf, "%s", moves);
    for (char *tok = strtok(buf, " "); tok; tok = strtok(NULL, " ")) {
        bg_move m = tu_find_move(p, tok);
        ck_assert_msg(m != BG_MOVE_NONE, "move %s of '%s' is not legal", tok, moves);
        ck_assert_int_eq(bg_position_play(p, m), BG_OK);
    }
}

START_TEST(polyglot_sequence)
{
    bg_position *p = start();
    play_all(p, polyglot_cases[_i].moves);
    uint64_t got = bg_position_hash(p);
    ck_assert_msg(got == polyglot_cases[_i].key,
                  "after '%s': expected %016" PRIx64 " got %016" PRIx64,
                  polyglot_cases[_i].moves, polyglot_cases[_i].key, got);

    /* The same key when the position is read from its own text instead of played to. */
    char fen[256];
    int n = bg_position_text(p, NULL, fen, sizeof fen);
    ck_assert_int_gt(n, 0);
    bg_position *q = NULL;
    bg_error err = BG_ERROR_INIT;
    ck_assert_msg(bg_position_from_text(&q, bg_variant_find("chess"), fen, NULL, NULL, 0, NULL,
                                        &err) == BG_OK,
                  "own FEN '%s' refused: %s", fen, err.message);
    ck_assert_msg(bg_position_hash(q) == polyglot_cases[_i].key,
                  "FEN '%s': expected %016" PRIx64 " got %016" PRIx64, fen,
                  polyglot_cases[_i].key, bg_position_hash(q));

    /* Clones and copies carry the key. */
    bg_position *c = NULL;
    ck_assert_int_eq(bg_position_clone(&c, p), BG_OK);
    ck_assert(bg_position_hash(c) == polyglot_cases[_i].key);
    bg_position *s = start();
    ck_assert_int_eq(bg_position_copy(s, p), BG_OK);
    ck_assert(bg_position_hash(s) == polyglot_cases[_i].key);
    bg_position_free(s);
    bg_position_free(c);
    bg_position_free(q);
    bg_position_free(p);
}
END_TEST

/* The en-passant term depends on a capturing pawn being there, not on the FEN field alone. */
START_TEST(ep_square_without_capturer_not_hashed)
{
    const bg_variant *v = bg_variant_find("chess");
    bg_position *a = NULL, *b = NULL;
    ck_assert_int_eq(bg_position_from_text(&a, v,
                                           "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
                                           NULL, NULL, 0, NULL, NULL),
                     BG_OK);
    ck_assert_int_eq(bg_position_from_text(&b, v,
                                           "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
                                           NULL, NULL, 0, NULL, NULL),
                     BG_OK);
    ck_assert(bg_position_hash(a) == 0x823c9b50fd114196ULL);
    ck_assert(bg_position_hash(b) == 0x823c9b50fd114196ULL);
    bg_position_free(a);
    bg_position_free(b);
}
END_TEST

/* Distinct positions reached by transposition share a key; a different side to move does not. */
START_TEST(transposition_and_side)
{
    bg_position *a = start(), *b = start();
    play_all(a, "g1f3 g8f6 b1c3 b8c6");
    play_all(b, "b1c3 b8c6 g1f3 g8f6");
    ck_assert(bg_position_hash(a) == bg_position_hash(b));
    play_all(a, "f3g1 f6g8 g1f3 g8f6");
    ck_assert(bg_position_hash(a) == bg_position_hash(b));
    play_all(b, "f3g1");
    ck_assert(bg_position_hash(a) != bg_position_hash(b));
    bg_position_free(a);
    bg_position_free(b);
}
END_TEST

int main(void)
{
    TCase *tc = one_case("hash", "polyglot", -1);
    tcase_add_loop_test(tc, polyglot_sequence, 0, NCASES);
    ADD_TESTS(tc, ep_square_without_capturer_not_hashed, transposition_and_side);
    return run_cases();
}
