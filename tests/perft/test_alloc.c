/* Allocation failure: fail the Nth allocation of a position's life, for N = 1.. until it succeeds. */
#include <check.h>
#include <stdio.h>

#include <boardgames/boardgames.h>

#include "common/alloc_util.h"
#include "test_util.h"
#include "check_main.h"

static const bg_variant *chess(void) { return bg_variant_find("chess"); }

#define KIWIPETE "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
#define CHESS960 "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 0 9"

/*
** One scenario = a life of position handles. It returns BG_OK or the first error, always after
** freeing what it made. The loop below runs it with the Nth request refused.
*/
typedef bg_status (*scenario_fn)(const bg_allocator *a, bg_error *err);

static bg_status life_new(const bg_allocator *a, bg_error *err)
{
    bg_position *p = NULL;
    bg_status s = bg_position_new(&p, chess(), NULL, a, err);
    if (s != BG_OK && p != NULL)
        return BG_E_INVALID_ARGUMENT; /* *out must be NULL on failure */
    bg_position_free(p);
    return s;
}

static bg_status life_from_text(const bg_allocator *a, bg_error *err)
{
    bg_position *p = NULL, *q = NULL;
    bg_status s = bg_position_from_text(&p, chess(), KIWIPETE, NULL, NULL, 0, a, err);
    if (s == BG_OK)
        s = bg_position_from_text(&q, chess(), CHESS960, NULL, "chess960=true", 0, a, err);
    if (s != BG_OK && q != NULL)
        s = BG_E_INVALID_ARGUMENT;
    bg_position_free(q);
    bg_position_free(p);
    return s;
}

/* Clone and play a few moves on the clone; the original must not change when cloning fails. */
static bg_status life_clone_play(const bg_allocator *a, bg_error *err)
{
    bg_position *p = NULL, *c = NULL, *cc = NULL;
    bg_status s = bg_position_from_text(&p, chess(), KIWIPETE, NULL, NULL, 0, a, err);
    if (s != BG_OK)
        return s;
    uint64_t before = bg_position_hash(p);
    s = bg_position_clone(&c, p);
    if (s != BG_OK && c != NULL)
        s = BG_E_INVALID_ARGUMENT;
    else if (s == BG_OK) {
        static const char *const line[] = {"e1g1", "e8c8", "d5e6", "b4c3", "e6f7"};
        for (size_t i = 0; i < sizeof line / sizeof line[0] && s == BG_OK; i++) {
            bg_move m = tu_find_move(c, line[i]);
            s = m ? bg_position_play(c, m) : BG_E_ILLEGAL_MOVE;
        }
        if (s == BG_OK)
            s = bg_position_clone(&cc, c);
        if (s == BG_OK && bg_position_hash(cc) != bg_position_hash(c))
            s = BG_E_INVALID_ARGUMENT;
    }
    if (s != BG_OK && cc != NULL)
        s = BG_E_INVALID_ARGUMENT; /* a failed clone must leave *out NULL */
    if (bg_position_hash(p) != before)
        s = BG_E_INVALID_ARGUMENT;
    bg_position_free(cc);
    bg_position_free(c);
    bg_position_free(p);
    return s;
}

/* Text out and notations in, with the allocator of the handle. */
static bg_status life_text_and_notation(const bg_allocator *a, bg_error *err)
{
    bg_position *p = NULL;
    bg_status s = bg_position_from_text(&p, chess(), KIWIPETE, NULL, NULL, 0, a, err);
    if (s != BG_OK)
        return s;
    char buf[128];
    int n = bg_position_text(p, NULL, buf, sizeof buf);
    bg_move moves[256], m = 0;
    int count = n < 0 ? n : bg_position_legal_moves(p, moves, 256);
    for (int i = 0; i < count && s == BG_OK; i++) {
        n = bg_move_format(p, moves[i], "san", buf, sizeof buf);
        if (n < 0) {
            s = (bg_status)n;
            break;
        }
        s = bg_move_parse(p, buf, "san", 0, &m, err);
        if (s == BG_OK && m != moves[i])
            s = BG_E_INVALID_ARGUMENT;
    }
    if (count < 0)
        s = (bg_status)count;
    bg_position_free(p);
    return s;
}

static const struct {
    const char *name;
    scenario_fn fn;
} scenarios[] = {
    {"new", life_new},
    {"from_text", life_from_text},
    {"clone_play", life_clone_play},
    {"text_and_notation", life_text_and_notation},
};

#define NSCENARIOS ((int)(sizeof scenarios / sizeof scenarios[0]))
#define MAX_STEPS 10000

START_TEST(fail_nth_allocation)
{
    const char *name = scenarios[_i].name;
    long n;
    for (n = 1; n < MAX_STEPS; n++) {
        au_counter c = {.fail_at = n};
        bg_allocator a = BG_ALLOCATOR_INIT(au_alloc, &c);
        bg_error err = BG_ERROR_INIT;
        bg_status s = scenarios[_i].fn(&a, &err);
        ck_assert_msg(c.live_blocks == 0 && c.live_bytes == 0,
                      "%s, request %ld refused: %ld blocks / %zu bytes leaked (status %d)", name,
                      n, c.live_blocks, c.live_bytes, (int)s);
        ck_assert_msg(c.bad_osize == 0, "%s, request %ld refused: %ld frees with a wrong osize",
                      name, n, c.bad_osize);
        if (c.refused == 0) {
            ck_assert_msg(s == BG_OK, "%s: status %d (%s) without any refused allocation: %s",
                          name, (int)s, bg_strerror(s), err.message);
            break;
        }
        ck_assert_msg(s == BG_E_NO_MEMORY,
                      "%s, request %ld of %ld refused: expected BG_E_NO_MEMORY, got %d (%s)", name,
                      n, c.requests, (int)s, bg_strerror(s));
    }
    ck_assert_msg(n < MAX_STEPS, "%s never succeeded", name);
    fprintf(stderr, "# alloc %s: succeeded once %ld allocation requests were allowed\n", name,
            n - 1);
}
END_TEST

/*
** Move generation, play, perft and divide work in caller buffers: with every allocation refused
** they still give the right answers and make no request at all.
*/
START_TEST(hot_paths_do_not_allocate)
{
    au_counter c = {0};
    bg_allocator a = BG_ALLOCATOR_INIT(au_alloc, &c);
    bg_position *p = NULL;
    ck_assert_int_eq(bg_position_from_text(&p, chess(), KIWIPETE, NULL, NULL, 0, &a, NULL),
                     BG_OK);
    /* Reference answer after O-O, computed while allocation still works. */
    bg_position *r = NULL;
    ck_assert_int_eq(bg_position_clone(&r, p), BG_OK);
    ck_assert_int_eq(bg_position_play(r, tu_find_move(r, "e1g1")), BG_OK);
    bg_move moves[256], dm[256];
    int after = bg_position_legal_moves(r, moves, 256);
    ck_assert_int_gt(after, 0);
    bg_position_free(r);

    long made = c.requests;
    c.fail_all = 1;
    uint64_t counts[256], sum = 0;
    ck_assert_int_eq(bg_position_legal_moves(p, moves, 256), 48);
    ck_assert_int_eq(bg_position_is_legal(p, moves[0]), 1);
    ck_assert(bg_position_perft(p, 3) == 97862);
    int nd = bg_position_divide(p, 2, dm, counts, 256);
    ck_assert_int_eq(nd, 48);
    for (int i = 0; i < nd; i++)
        sum += counts[i];
    ck_assert(sum == 2039);
    ck_assert_int_eq(bg_position_play(p, tu_find_move(p, "e1g1")), BG_OK);
    ck_assert_int_eq(bg_position_legal_moves(p, moves, 256), after);
    ck_assert_msg(c.requests == made, "%ld allocation requests in move generation/play/perft",
                  c.requests - made);
    /* A refused clone leaves *out NULL and the original intact. */
    bg_position *q = (bg_position *)&c;
    ck_assert_int_eq(bg_position_clone(&q, p), BG_E_NO_MEMORY);
    ck_assert_ptr_null(q);
    ck_assert_int_eq(bg_position_legal_moves(p, moves, 256), after);
    bg_position_free(p);
    ck_assert_int_eq(c.live_blocks, 0);
    ck_assert_int_eq(c.bad_osize, 0);
}
END_TEST

/* A constructor that runs out of memory says so in the caller's bg_error too. */
START_TEST(error_struct_filled)
{
    au_counter c = {.fail_all = 1};
    bg_allocator a = BG_ALLOCATOR_INIT(au_alloc, &c);
    bg_error err = BG_ERROR_INIT;
    bg_position *p = (bg_position *)&c;
    ck_assert_int_eq(bg_position_new(&p, chess(), NULL, &a, &err), BG_E_NO_MEMORY);
    ck_assert_ptr_null(p);
    ck_assert_int_eq(err.code, BG_E_NO_MEMORY);
    ck_assert_msg(err.message[0] != 0, "no error message");
    p = (bg_position *)&c;
    ck_assert_int_eq(bg_position_from_text(&p, chess(), KIWIPETE, NULL, NULL, 0, &a, &err),
                     BG_E_NO_MEMORY);
    ck_assert_ptr_null(p);
    ck_assert_int_eq(err.code, BG_E_NO_MEMORY);
    ck_assert_int_eq(c.live_blocks, 0);
}
END_TEST

int main(void)
{
    TCase *tc = one_case("alloc", "position", -1);
    tcase_add_loop_test(tc, fail_nth_allocation, 0, NSCENARIOS);
    ADD_TESTS(tc, hot_paths_do_not_allocate, error_struct_filled);
    return run_cases();
}
