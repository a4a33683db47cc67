/* Game handles: tags, annotations, clone, memory use, and every allocation failure of a game's life. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>

#include "game_helpers.h"
#include "common/alloc_util.h"
#include "check_main.h"

START_TEST(tags_keep_insertion_order)
{
    bg_game *g = new_game(NULL);
    ck_assert_int_eq(bg_game_tag_count(g), 0);
    ck_assert_ptr_null(bg_game_tag(g, "Event"));
    ck_assert_int_eq(bg_game_set_tag(g, "Event", "Test"), BG_OK);
    ck_assert_int_eq(bg_game_set_tag(g, "Site", "Here"), BG_OK);
    ck_assert_int_eq(bg_game_set_tag(g, "White", "\xe7\x8e\x8b"), BG_OK); /* UTF-8 */
    ck_assert_int_eq(bg_game_set_tag(g, "Site", "There"), BG_OK);     /* replaces in place */
    ck_assert_int_eq(bg_game_tag_count(g), 3);
    ck_assert_str_eq(bg_game_tag_key(g, 0), "Event");
    ck_assert_str_eq(bg_game_tag_key(g, 1), "Site");
    ck_assert_str_eq(bg_game_tag_value(g, 1), "There");
    ck_assert_str_eq(bg_game_tag(g, "White"), "\xe7\x8e\x8b");
    ck_assert_int_eq(bg_game_set_tag(g, "Event", NULL), BG_OK); /* removes */
    ck_assert_int_eq(bg_game_set_tag(g, "Nothing", NULL), BG_OK);
    ck_assert_int_eq(bg_game_tag_count(g), 2);
    ck_assert_str_eq(bg_game_tag_key(g, 0), "Site");
    ck_assert_str_eq(bg_game_tag_key(g, 1), "White");
    ck_assert_ptr_null(bg_game_tag(g, "Event"));
    ck_assert_ptr_null(bg_game_tag_key(g, 2));
    ck_assert_ptr_null(bg_game_tag_value(g, -1));
    ck_assert_int_eq(bg_game_set_tag(g, "", "x"), BG_E_INVALID_ARGUMENT);
    ck_assert_int_eq(bg_game_set_tag(g, NULL, "x"), BG_E_INVALID_ARGUMENT);
    ck_assert_int_eq(bg_game_set_tag(g, "Round", ""), BG_OK);
    ck_assert_str_eq(bg_game_tag(g, "Round"), "");
    /* Many tags: the table grows. */
    for (int i = 0; i < 40; i++) {
        char key[16];
        snprintf(key, sizeof key, "K%d", i);
        ck_assert_int_eq(bg_game_set_tag(g, key, key), BG_OK);
    }
    ck_assert_int_eq(bg_game_tag_count(g), 43);
    ck_assert_str_eq(bg_game_tag_key(g, 42), "K39");
    bg_game_free(g);
}
END_TEST

START_TEST(annotations_per_ply)
{
    bg_game *g = new_game(NULL);
    ck_assert_int_eq(bg_game_set_comment(g, 0, "before the first move"), BG_OK);
    ck_assert_int_eq(bg_game_set_comment(g, 1, "no such ply yet"), BG_E_NO_MOVE);
    play_all(g, "e4 e5 Nf3");
    ck_assert_int_eq(bg_game_set_comment(g, 2, "symmetric"), BG_OK);
    ck_assert_int_eq(bg_game_set_comment(g, 2, "replaced"), BG_OK);
    ck_assert_int_eq(bg_game_add_nag(g, 1, 1), BG_OK);
    ck_assert_int_eq(bg_game_add_nag(g, 1, 14), BG_OK);
    ck_assert_int_eq(bg_game_add_nag(g, 3, 255), BG_OK);
    ck_assert_int_eq(bg_game_add_nag(g, 3, 256), BG_E_INVALID_ARGUMENT);
    ck_assert_int_eq(bg_game_add_nag(g, 3, -1), BG_E_INVALID_ARGUMENT);
    ck_assert_int_eq(bg_game_add_variation(g, 3, "2. Nc3"), BG_OK);
    ck_assert_int_eq(bg_game_add_variation(g, 3, "2. f4 exf4"), BG_OK);
    ck_assert_int_eq(bg_game_add_variation(g, 0, "1. d4"), BG_E_NO_MOVE);
    ck_assert_int_eq(bg_game_add_variation(g, 4, "x"), BG_E_NO_MOVE);
    ck_assert_str_eq(bg_game_comment(g, 0), "before the first move");
    ck_assert_ptr_null(bg_game_comment(g, 1));
    ck_assert_str_eq(bg_game_comment(g, 2), "replaced");
    ck_assert_int_eq(bg_game_nag_count(g, 1), 2);
    ck_assert_int_eq(bg_game_nag_at(g, 1, 0), 1);
    ck_assert_int_eq(bg_game_nag_at(g, 1, 1), 14);
    ck_assert_int_lt(bg_game_nag_at(g, 1, 2), 0);
    ck_assert_int_eq(bg_game_nag_count(g, 2), 0);
    ck_assert_int_eq(bg_game_variation_count(g, 3), 2);
    ck_assert_str_eq(bg_game_variation_at(g, 3, 1), "2. f4 exf4");
    ck_assert_ptr_null(bg_game_variation_at(g, 3, 2));
    /* Removing the comment leaves the other annotations of the ply. */
    ck_assert_int_eq(bg_game_set_comment(g, 2, NULL), BG_OK);
    ck_assert_ptr_null(bg_game_comment(g, 2));
    ck_assert_int_eq(bg_game_set_comment(g, 1, "x"), BG_OK);
    ck_assert_int_eq(bg_game_set_comment(g, 1, NULL), BG_OK);
    ck_assert_int_eq(bg_game_nag_count(g, 1), 2);
    /* Undo drops what annotated the move taken back. */
    ck_assert_int_eq(bg_game_undo(g), BG_OK);
    ck_assert_int_eq(bg_game_nag_count(g, 3), 0);
    ck_assert_int_eq(bg_game_variation_count(g, 3), 0);
    ck_assert_int_eq(bg_game_nag_count(g, 1), 2);
    play_all(g, "Nf3");
    ck_assert_int_eq(bg_game_variation_count(g, 3), 0);
    ck_assert_str_eq(bg_game_comment(g, 0), "before the first move");
    bg_game_free(g);
}
END_TEST

START_TEST(clone_is_independent)
{
    bg_game *g = new_game(NULL), *c = NULL;
    play_all(g, "e4 c5 Nf3");
    bg_game_set_tag(g, "Event", "Original");
    bg_game_set_comment(g, 2, "Sicilian");
    bg_game_add_nag(g, 3, 1);
    bg_game_add_variation(g, 3, "2. c3");
    ck_assert_int_eq(bg_game_clone(&c, g), BG_OK);
    ck_assert_int_eq(bg_game_ply_count(c), 3);
    ck_assert_uint_eq(bg_game_move_at(c, 1), bg_game_move_at(g, 1));
    ck_assert_str_eq(bg_game_tag(c, "Event"), "Original");
    ck_assert_str_eq(bg_game_comment(c, 2), "Sicilian");
    ck_assert_int_eq(bg_game_nag_at(c, 3, 0), 1);
    ck_assert_str_eq(bg_game_variation_at(c, 3, 0), "2. c3");
    ck_assert_uint_eq(bg_position_hash(bg_game_position(c)), bg_position_hash(bg_game_position(g)));
    /* Changes to one do not reach the other. */
    bg_game_set_tag(c, "Event", "Clone");
    play_all(c, "d6");
    ck_assert_int_eq(bg_game_resign(g, 1), BG_OK);
    ck_assert_str_eq(bg_game_tag(g, "Event"), "Original");
    ck_assert_int_eq(bg_game_ply_count(g), 3);
    ck_assert_int_eq(bg_game_outcome(c), BG_ONGOING);
    bg_game_free(g);
    ck_assert_int_eq(bg_game_undo(c), BG_OK);
    ck_assert_int_eq(bg_game_undo(c), BG_OK);
    ck_assert_int_eq(bg_game_ply_count(c), 2);
    ck_assert_str_eq(bg_game_comment(c, 2), "Sicilian");
    bg_game_free(c);
}
END_TEST

/* Morphy's Opera Game (1858): 33 plies ending in mate, enough to outgrow the first history block. */
static const char *const opera[] = {
    "e4", "e5", "Nf3", "d6", "d4", "Bg4", "dxe5", "Bxf3", "Qxf3", "dxe5", "Bc4", "Nf6",
    "Qb3", "Qe7", "Nc3", "c6", "Bg5", "b5", "Nxb5", "cxb5", "Bxb5+", "Nbd7", "O-O-O", "Rd8",
    "Rxd7", "Rxd7", "Rd1", "Qe6", "Bxd7+", "Nxd7", "Qb8+", "Nxb8", "Rd8#"};
#define OPERA_PLIES ((int)(sizeof opera / sizeof opera[0]))

START_TEST(opera_game)
{
    bg_game *g = new_game(NULL);
    for (int i = 0; i < OPERA_PLIES; i++)
        play_all(g, opera[i]);
    ck_assert_int_eq(bg_game_ply_count(g), 33);
    ck_assert_int_eq(bg_game_outcome(g), BG_WIN);
    ck_assert_uint_eq(bg_game_winners(g), 1);
    ck_assert_int_eq(bg_game_reason(g), BG_REASON_CHECKMATE);
    /* Undo replays 32 plies from the start and must land on the same position as playing them. */
    bg_game *h = new_game(NULL);
    for (int i = 0; i < OPERA_PLIES - 1; i++)
        play_all(h, opera[i]);
    ck_assert_int_eq(bg_game_undo(g), BG_OK);
    ck_assert_uint_eq(bg_position_hash(bg_game_position(g)), bg_position_hash(bg_game_position(h)));
    char a[128], b[128];
    fen_of(g, a, sizeof a);
    fen_of(h, b, sizeof b);
    ck_assert_str_eq(a, b);
    bg_game_free(h);
    bg_game_free(g);
}
END_TEST

START_TEST(memory_per_move_is_small)
{
    bg_game *g = new_game(NULL);
    size_t base = bg_game_memory(g);
    ck_assert_uint_gt(base, 2 * bg_position_size(chess()));
    /* A deterministic pseudo-random game: long, and rarely repeating. */
    bg_move buf[256];
    uint32_t seed = 12345;
    int plies = 0;
    while (plies < 400 && bg_game_outcome(g) == BG_ONGOING) {
        int n = bg_position_legal_moves(bg_game_position(g), buf, 256);
        ck_assert_int_gt(n, 0);
        seed = seed * 1103515245u + 12345u;
        ck_assert_int_eq(bg_game_play(g, buf[(seed >> 16) % (uint32_t)n]), BG_OK);
        plies++;
    }
    ck_assert_int_ge(plies, 32);
    size_t grown = bg_game_memory(g) - base;
    printf("# memory: empty game %zu bytes; %d plies add %zu bytes (%.1f per ply)\n", base, plies,
           grown, (double)grown / plies);
    /* 12 bytes per ply, plus growth slack of at most half of that once past the first block. */
    ck_assert_uint_ge(grown, (size_t)plies * 12);
    ck_assert_uint_le(grown, (size_t)plies * 18 + 12);
    bg_game_free(g);
}
END_TEST

/* ---------- allocation failures ---------- */

/* What a failing call must leave untouched. */
static void snapshot(const bg_game *g, char *buf, size_t cap)
{
    char fen[128];
    fen_of(g, fen, sizeof fen);
    int n = snprintf(buf, cap, "%s|%d|%d|%zu|%d|", fen, bg_game_ply_count(g), bg_game_outcome(g),
                     bg_game_memory(g), bg_game_tag_count(g));
    for (int i = 0; i < bg_game_tag_count(g) && n > 0 && (size_t)n < cap; i++)
        n += snprintf(buf + n, cap - (size_t)n, "%s=%s;", bg_game_tag_key(g, i),
                      bg_game_tag_value(g, i));
    for (int p = 0; p <= bg_game_ply_count(g) && n > 0 && (size_t)n < cap; p++) {
        const char *c = bg_game_comment(g, p);
        n += snprintf(buf + n, cap - (size_t)n, "[%s/%d/%d]", c ? c : "-", bg_game_nag_count(g, p),
                      bg_game_variation_count(g, p));
    }
}

typedef struct step_ctx {
    au_counter *c;
    bg_game *g;
    int failures; /* failures seen in this run */
} step_ctx;

/*
** Check one step's outcome: success, or BG_E_NO_MEMORY with the game as it was, in which case
** the step is retried with no failure injected so that the rest of the script runs.
*/
#define STEP(ctx, call) STEP_MSG(ctx, call, 1)
/* Clone takes a const game: its failure cannot leave a message in the source handle. */
#define STEP_NO_MSG(ctx, call) STEP_MSG(ctx, call, 0)
#define STEP_MSG(ctx, call, msg)                                                           \
    do {                                                                                   \
        char before_[4096], after_[4096];                                                  \
        snapshot((ctx)->g, before_, sizeof before_);                                       \
        long failed_ = (ctx)->c->refused;                                                  \
        bg_status s_ = (call);                                                             \
        if ((ctx)->c->refused != failed_) {                                                \
            ck_assert_msg(s_ == BG_E_NO_MEMORY, "%s: %d after a failed allocation", #call, \
                          (int)s_);                                                        \
            if (msg)                                                                       \
                ck_assert_str_ne(bg_game_errmsg((ctx)->g), "");                            \
            snapshot((ctx)->g, after_, sizeof after_);                                     \
            ck_assert_str_eq(before_, after_);                                             \
            (ctx)->failures++;                                                             \
            (ctx)->c->fail_at = 0;                                                         \
            s_ = (call);                                                                   \
        }                                                                                  \
        ck_assert_msg(s_ == BG_OK, "%s: %s", #call, bg_game_errmsg((ctx)->g));             \
    } while (0)

static bg_status play_uci(bg_game *g, const char *m) { return bg_game_play_text(g, m, "uci", 0); }
static bg_status play_san(bg_game *g, const char *m) { return bg_game_play_text(g, m, NULL, 0); }

static bg_status clone_and_check(bg_game *g)
{
    bg_game *c = NULL;
    bg_status s = bg_game_clone(&c, g);
    if (s != BG_OK) {
        ck_assert_ptr_null(c);
        return s;
    }
    ck_assert_int_eq(bg_game_ply_count(c), bg_game_ply_count(g));
    ck_assert_str_eq(bg_game_comment(c, 2), bg_game_comment(g, 2));
    bg_game_free(c);
    return BG_OK;
}

/* Returns how many failures were injected (0 once fail_at is past every allocation). */
static int run_life(au_counter *c, long fail_at)
{
    bg_allocator alloc = BG_ALLOCATOR_INIT(au_alloc, c);
    bg_error err = BG_ERROR_INIT;
    bg_game *g = NULL;
    c->requests = 0;
    c->fail_at = fail_at;
    c->refused = 0;
    bg_status s = bg_game_new(&g, chess(), NULL, &alloc, &err);
    if (s != BG_OK) {
        ck_assert_int_eq(s, BG_E_NO_MEMORY);
        ck_assert_int_eq(err.code, BG_E_NO_MEMORY);
        ck_assert_ptr_null(g);
        ck_assert_int_eq(c->live_blocks, 0);
        c->fail_at = 0;
        ck_assert_int_eq(bg_game_new(&g, chess(), NULL, &alloc, &err), BG_OK);
    }
    step_ctx ctx = {c, g, s != BG_OK};
    STEP(&ctx, bg_game_set_tag(g, "Event", "Allocation walk"));
    STEP(&ctx, bg_game_set_tag(g, "Site", "Here"));
    STEP(&ctx, bg_game_set_comment(g, 0, "start"));
    STEP(&ctx, play_uci(g, "e2e4"));
    for (int i = 1; i < OPERA_PLIES; i++) /* beyond the first history block */
        STEP(&ctx, play_san(g, opera[i]));
    ck_assert_int_eq(bg_game_reason(g), BG_REASON_CHECKMATE);
    STEP(&ctx, bg_game_set_comment(g, 2, "open game"));
    STEP(&ctx, bg_game_set_comment(g, 2, "replaced"));
    STEP(&ctx, bg_game_add_nag(g, 3, 1));
    STEP(&ctx, bg_game_add_nag(g, 3, 2));
    STEP(&ctx, bg_game_add_variation(g, 5, "3. Bc4"));
    STEP(&ctx, bg_game_add_variation(g, 5, "3. d4"));
    STEP(&ctx, bg_game_set_comment(g, 7, "more"));
    STEP(&ctx, bg_game_set_comment(g, 9, "notes"));
    STEP(&ctx, bg_game_set_comment(g, 11, "grow"));
    STEP(&ctx, bg_game_set_comment(g, 13, "the note table"));
    STEP(&ctx, bg_game_set_tag(g, "Site", "Replaced"));
    STEP_NO_MSG(&ctx, clone_and_check(g));
    STEP(&ctx, bg_game_undo(g));
    STEP(&ctx, bg_game_set_tag(g, "Event", NULL));
    ck_assert_int_eq(bg_game_tag_count(g), 1);
    ck_assert_int_eq(bg_game_ply_count(g), OPERA_PLIES - 1);
    ck_assert_int_eq(bg_game_outcome(g), BG_ONGOING);
    STEP(&ctx, play_san(g, "Rd8#"));
    STEP(&ctx, bg_game_set_comment(g, OPERA_PLIES, "mate"));
    bg_game_free(g);
    ck_assert_int_eq(c->live_blocks, 0);
    return ctx.failures;
}

START_TEST(allocation_failure_walk)
{
    au_counter c = {0};
    int total = 0;
    long n;
    for (n = 1; n < 100000; n++) {
        int f = run_life(&c, n);
        if (f == 0)
            break;
        ck_assert_int_eq(f, 1);
        total += f;
    }
    printf("# allocation walk: %d failure points, each a clean BG_E_NO_MEMORY\n", total);
    ck_assert_int_gt(total, 20);
    ck_assert_int_eq(total, n - 1);
}
END_TEST

int main(void)
{
    return RUN_TESTS("game-handle", "handle", -1, tags_keep_insertion_order, annotations_per_ply,
                     clone_is_independent, opera_game, memory_per_move_is_small,
                     allocation_failure_walk);
}
