/*
** Janggi ruleset=seed, the seed's bikjang (000: 「當某方造成雙王…照面後，另一方未將王移開」): real
** move sequences, and random games and perft against a model built on the casual ruleset (no
** bikjang) through the public API.
*/
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <boardgames/boardgames.h>

#include "check_main.h"
#include "xorshift.h"
#include "fixtures.h"

#define START "rnba1abnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBA1ABNR w - - 0 1"

static const bg_variant *janggi(void) { return fx_variant("janggi"); }
static bg_game *new_game(const char *fen, const char *options)
{
    return fx_game("janggi", fen, options);
}
static void play_all(bg_game *g, const char *moves) { fx_play_all(g, moves, "uci"); }

/* ---------- the model ---------- */

/* Point of `side`'s general, found by looking at every point. */
static int general_of(const bg_position *p, int side)
{
    for (int sq = 0; sq < 90; sq++) {
        const bg_piece pc = bg_position_piece_at(p, sq);
        if (pc != BG_PIECE_NONE && BG_PIECE_KIND(pc) == 1 && BG_PIECE_SIDE(pc) == side)
            return sq;
    }
    ck_abort_msg("no general");
    return -1;
}

/* The generals on one file with no piece between them. */
static int facing(const bg_position *p)
{
    const int a = general_of(p, 0), b = general_of(p, 1);
    if (a % 9 != b % 9)
        return 0;
    for (int sq = a + 9; sq < b; sq += 9)
        if (bg_position_piece_at(p, sq) != BG_PIECE_NONE)
            return 0;
    return 1;
}

static int is_general_move(const bg_position *p, bg_move m)
{
    return !bg_move_is_pass(m) && BG_PIECE_KIND(bg_position_piece_at(p, bg_move_from(m))) == 1;
}

/*
** The seed's legal moves in casual position c: the casual ones (every move, passes out of check),
** plus the pass in check while the generals face each other. None once the bikjang is accepted.
*/
static int model_moves(const bg_position *c, int accepted, bg_move *out)
{
    if (accepted)
        return 0;
    int n = bg_position_legal_moves(c, out, 256);
    if (facing(c) && bg_position_in_check(c))
        out[n++] = bg_move_make_pass(general_of(c, bg_position_side_to_move(c)));
    return n;
}

/* Does move m in c (facing or not) accept the bikjang? `child` is c after m when m was playable. */
static int accepts(const bg_position *c, bg_move m, const bg_position *child)
{
    return facing(c) && !(is_general_move(c, m) && !facing(child));
}

/* scratch[0] holds the child of this level; scratch + 1 serves the child's level. */
static uint64_t model_perft(const bg_position *c, int accepted, int depth, bg_position **scratch)
{
    bg_move m[256];
    const int n = model_moves(c, accepted, m);
    if (depth == 1)
        return (uint64_t)n;
    uint64_t total = 0;
    for (int i = 0; i < n; i++) {
        /* An accepted bikjang has no moves below it: only general moves may go on. */
        if (facing(c) && !is_general_move(c, m[i]))
            continue;
        ck_assert_int_eq(bg_position_copy(scratch[0], c), BG_OK);
        ck_assert_int_eq(bg_position_play(scratch[0], m[i]), BG_OK);
        total += model_perft(scratch[0], accepts(c, m[i], scratch[0]), depth - 1, scratch + 1);
    }
    return total;
}

/* ---------- move sequences ---------- */

/* Cho to move, generals facing: Cho's chariot move accepts it; counting gives Cho the win. */
START_TEST(counting_decides)
{
    bg_game *g = new_game("4k4/9/9/9/9/9/9/9/9/R3K4 w - - 0 1", "ruleset=seed");
    ck_assert_int_eq(bg_game_outcome(g), BG_ONGOING);
    play_all(g, "a1a2");
    fx_expect_result(g, BG_WIN, 0, BG_REASON_BIKJANG);
    ck_assert_int_eq(bg_game_score(g, 0), 130);
    ck_assert_int_eq(bg_game_score(g, 1), 15);
    /* Undo takes it back; stepping off the file goes on. */
    ck_assert_int_eq(bg_game_undo(g), BG_OK);
    ck_assert_int_eq(bg_game_outcome(g), BG_ONGOING);
    play_all(g, "e1d1");
    ck_assert_int_eq(bg_game_outcome(g), BG_ONGOING);
    bg_game_free(g);
}
END_TEST

/*
** In check while facing (a horse on c2 attacks e1): the pass, the capture of the checker and a
** step along the file all answer and accept the bikjang; the step to d1 goes on. Under
** Fairy-Stockfish's rule (tournament) only the pass and the step off the file are legal.
*/
START_TEST(in_check_while_facing)
{
    const char *fen = "4k4/9/9/9/9/9/9/9/R1n6/4K4 w - - 0 1";
    const char *accept[] = {"e1e1", "e1e2", "a2c2"};
    for (int i = 0; i < 3; i++) {
        bg_game *g = new_game(fen, "ruleset=seed");
        ck_assert(bg_position_in_check(bg_game_position(g)));
        play_all(g, accept[i]);
        ck_assert_int_eq(bg_game_reason(g), BG_REASON_BIKJANG);
        ck_assert_uint_eq(bg_game_winners(g), 1u << 0);
        bg_game_free(g);
    }
    bg_game *g = new_game(fen, "ruleset=seed");
    ck_assert_int_eq(bg_game_play_text(g, "a2a3", "uci", 0), BG_E_ILLEGAL_MOVE); /* still in check */
    play_all(g, "e1d1");
    ck_assert_int_eq(bg_game_outcome(g), BG_ONGOING);
    bg_game_free(g);
    g = new_game(fen, "ruleset=tournament");
    ck_assert_int_eq(bg_game_play_text(g, "e1e2", "uci", 0), BG_E_ILLEGAL_MOVE);
    ck_assert_int_eq(bg_game_play_text(g, "a2c2", "uci", 0), BG_E_ILLEGAL_MOVE);
    play_all(g, "e1e1");
    ck_assert_int_eq(bg_game_reason(g), BG_REASON_BIKJANG);
    bg_game_free(g);
}
END_TEST

/* The .gib record of an accepted bikjang reads back with the same ending (default ruleset). */
START_TEST(record_round_trip)
{
    bg_game *g = new_game(START, "ruleset=seed");
    play_all(g, "e4d4 e7d7 a4a5");
    ck_assert_int_eq(bg_game_reason(g), BG_REASON_BIKJANG);
    char text[2048];
    const int n = bg_game_export(g, "gib", text, sizeof text);
    ck_assert(n > 0 && n < (int)sizeof text);
    bg_record_reader *r = NULL;
    bg_game *back = NULL;
    bg_error e = BG_ERROR_INIT;
    ck_assert_int_eq(bg_record_reader_new(&r, janggi(), "gib", text, (size_t)n, "ruleset=seed", NULL,
                                          &e), BG_OK);
    ck_assert_msg(bg_record_reader_next(r, &back, &e) == BG_OK, "%s", e.message);
    ck_assert_int_eq(bg_game_ply_count(back), 3);
    ck_assert_int_eq(bg_game_reason(back), BG_REASON_BIKJANG);
    ck_assert_uint_eq(bg_game_winners(back), 1u << 1);
    bg_game_free(back);
    bg_record_reader_free(r);
    bg_game_free(g);
}
END_TEST

/* ---------- against the model ---------- */

static bg_position *casual_from(const char *fen)
{
    bg_position *c = NULL;
    ck_assert_int_eq(bg_position_from_text(&c, janggi(), fen, NULL, "ruleset=casual", 0, NULL, NULL),
                     BG_OK);
    return c;
}

/* Perft of the start, another setup and the middlegames of tests/data/perft/janggi.tsv. */
START_TEST(perft_equals_model)
{
    static const struct {
        const char *fen;
        int depth;
    } rows[] = {
        {START, 4},
        {"rbna1anbr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RBNA1ANBR w - - 0 1", 4},
        {"1n1kaabn1/cr2N4/5C1c1/p1pNp3p/9/9/P1PbP1P1P/3r1p3/4A4/R1BA1KB1R b - - 0 1", 4},
        {"1Pbcka3/3nNn1c1/N2CaC3/1pB6/9/9/5P3/9/4K4/9 w - - 0 23", 4},
        {"4k4/9/9/9/9/9/9/9/R1n6/4K4 w - - 0 1", 4},
    };
    bg_position *scratch[4];
    for (int i = 0; i < 4; i++)
        scratch[i] = casual_from(START);
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        bg_position *seed = NULL, *c = casual_from(rows[i].fen);
        ck_assert_int_eq(bg_position_from_text(&seed, janggi(), rows[i].fen, NULL, "ruleset=seed", 0, NULL, NULL),
                         BG_OK);
        for (int d = 1; d <= rows[i].depth; d++)
            ck_assert_msg(bg_position_perft(seed, d) == model_perft(c, 0, d, scratch),
                          "[%s] depth %d: %llu, the model %llu", rows[i].fen, d,
                          (unsigned long long)bg_position_perft(seed, d),
                          (unsigned long long)model_perft(c, 0, d, scratch));
        bg_position_free(seed);
        bg_position_free(c);
    }
    for (int i = 0; i < 4; i++)
        bg_position_free(scratch[i]);
}
END_TEST

#define GAMES 150
#define MAX_PLIES 120

/*
** Random games under the seed ruleset that make the generals face often (a move that brings them
** face to face is taken one time in two; once they face, the reply is a pass, a general move or
** anything, a third each). At every ply the game's legal moves equal the model's, perft at depth 2
** (3 while facing) equals the model's, and the game ends by bikjang exactly when the model says.
*/
START_TEST(random_games_against_model)
{
    uint64_t x = 0x6a09e667f3bcc908ULL;
    bg_position *scratch[4], *probe = casual_from(START);
    for (int i = 0; i < 4; i++)
        scratch[i] = casual_from(START);
    long facings = 0, accepted_count = 0, stepped_out = 0, compared = 0;
    for (int game = 0; game < GAMES; game++) {
        bg_game *g = new_game(START, "ruleset=seed");
        bg_position *c = casual_from(START);
        int accepted = 0;
        for (int ply = 0; ply < MAX_PLIES; ply++) {
            const bg_position *p = bg_game_position(g);
            bg_move want[256], got[256];
            const int nw = model_moves(c, accepted, want);
            const int ng = bg_position_legal_moves(p, got, 256);
            ck_assert_msg(ng == nw && !memcmp(want, got, sizeof *got * (size_t)ng),
                          "game %d ply %d: %d moves, the model %d", game, ply, ng, nw);
            compared++;
            const int face = facing(c);
            if (!accepted && (ply % 5 == 0 || face))
                ck_assert_uint_eq(bg_position_perft(p, face ? 3 : 2),
                                  model_perft(c, 0, face ? 3 : 2, scratch));
            if (accepted) {
                ck_assert_int_eq(bg_game_outcome(g), BG_WIN);
                ck_assert_int_eq(bg_game_reason(g), BG_REASON_BIKJANG);
                accepted_count++;
                break;
            }
            if (bg_game_outcome(g) != BG_ONGOING) {
                /* Another ending (mate, three checks, double pass) is never a bikjang here. */
                ck_assert_int_ne(bg_game_reason(g), BG_REASON_BIKJANG);
                break;
            }
            if (nw == 0)
                break;
            bg_move m = want[xorshift64(&x) % (uint64_t)nw];
            if (face) {
                facings++;
                const unsigned kind = (unsigned)(xorshift64(&x) % 3);
                for (int i = 0; i < nw && kind < 2; i++)
                    if ((kind == 0 && bg_move_is_pass(want[i])) ||
                        (kind == 1 && is_general_move(c, want[i]))) {
                        m = want[i];
                        if (xorshift64(&x) % 2)
                            break;
                    }
            } else if (xorshift64(&x) % 2) {
                for (int i = 0; i < nw; i++) {
                    if (bg_move_is_pass(want[i]))
                        continue;
                    ck_assert_int_eq(bg_position_copy(probe, c), BG_OK);
                    ck_assert_int_eq(bg_position_play(probe, want[i]), BG_OK);
                    if (facing(probe)) {
                        m = want[i];
                        break;
                    }
                }
            }
            ck_assert_int_eq(bg_game_play(g, m), BG_OK);
            if (face && bg_move_is_pass(m)) {
                accepted = 1; /* a pass while facing (perhaps in check: casual cannot play it) */
                continue;
            }
            ck_assert_int_eq(bg_position_copy(probe, c), BG_OK);
            ck_assert_int_eq(bg_position_play(c, m), BG_OK);
            accepted = accepts(probe, m, c);
            stepped_out += face && !accepted;
        }
        bg_position_free(c);
        bg_game_free(g);
    }
    for (int i = 0; i < 4; i++)
        bg_position_free(scratch[i]);
    bg_position_free(probe);
    /* The games must reach every case, or they test nothing. */
    ck_assert_msg(facings >= 100 && accepted_count >= 50 && stepped_out >= 20,
                  "facing %ld times, accepted %ld, stepped out %ld", facings, accepted_count,
                  stepped_out);
    fprintf(stderr, "%ld positions compared, facing %ld times, accepted %ld, stepped out %ld\n",
            compared, facings, accepted_count, stepped_out);
}
END_TEST

int main(void)
{
    return RUN_TESTS("janggi-seed", "seed", 300, counting_decides, in_check_while_facing,
                     record_round_trip, perft_equals_model, random_games_against_model);
}
