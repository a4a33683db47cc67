/*
** Round trips of every legal move through uci, iccs, wxf and chinese (format, then strict,
** lenient and unnamed parse give back the move; texts unique per position) for xiangqi and lion
** chess: random positions set up by FEN with many stacked pieces, and random games.
** Usage: test_xq_roundtrip [POSITIONS [GAMES]]  (per variant; default 3000 and 100)
*/
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <boardgames/boardgames.h>

#include "check_main.h"
#include "xorshift.h"
#include "fixtures.h"

static long n_positions = 3000, n_games = 100;

static const char *const notations[] = {"uci", "iccs", "wxf", "chinese"};
#define NNOT 4
#define TXT 40

/* Counters per variant: positions, moves, and how often the stacked forms were exercised. */
typedef struct stats {
    long positions, moves, texts;
    long tandem, two_files, front2, ordinal;
} stats;

static void count_forms(stats *st, const char *wxf, const char *chinese)
{
    if (wxf[0] == '+' || wxf[0] == '-')
        st->front2++;
    else if (wxf[0] >= '0' && wxf[0] <= '9')
        st->two_files++;
    else if (wxf[1] == '+' || wxf[1] == '-')
        st->tandem++;
    static const char *const ords[] = {"二", "三", "四", "五"};
    for (int i = 0; i < 4; i++)
        if (strncmp(chinese, ords[i], strlen(ords[i])) == 0)
            st->ordinal++;
}

static void check_position(const bg_position *p, const char *where, stats *st)
{
    static char texts[NNOT][256][TXT];
    bg_move moves[256];
    int n = bg_position_legal_moves(p, moves, 256);
    REQUIRE(n >= 0 && n <= 256, "%s: %d legal moves", where, n);
    for (int i = 0; i < n; i++) {
        for (int k = 0; k < NNOT; k++) {
            char *t = texts[k][i];
            fx_move_round_trip(p, moves[i], notations[k], t, TXT, where);
            /* Unnamed: lowercase ICCS (h2e2) is read as uci first, by design; the rest must fit. */
            if (k != 1)
                fx_unnamed_parse(p, t, moves[i], where);
            fx_unique_text(t, texts[k][0], TXT, i, notations[k], where);
            st->texts++;
        }
        count_forms(st, texts[2][i], texts[3][i]);
        st->moves++;
    }
    st->positions++;
}

static int rnd(uint64_t *s, int n) { return (int)(xorshift64(s) % (uint64_t)n); }

/* ---------- random positions with stacks ---------- */

typedef struct board {
    int w;
    char c[10][11]; /* [rank][file], rank 0 = red's back rank */
} board;

static int free_at(const board *b, int x, int y) { return b->c[y][x] == 0; }

static void put(board *b, int x, int y, int side, char letter)
{
    b->c[y][x] = side ? (char)(letter - 'A' + 'a') : letter;
}

/* Red's y for side 0, mirrored for black. */
static int ry(int side, int y) { return side ? 9 - y : y; }

/* A random empty point satisfying ok(); 0 if none found in a few tries. */
typedef int (*point_ok)(const board *b, int side, int x, int y);

static int ok_palace(const board *b, int side, int x, int y)
{
    int cx = b->w / 2;
    y = ry(side, y);
    return x >= cx - 1 && x <= cx + 1 && y <= 2;
}

static int ok_advisor(const board *b, int side, int x, int y)
{
    int cx = b->w / 2;
    y = ry(side, y);
    return (x == cx && y == 1) || ((x == cx - 1 || x == cx + 1) && (y == 0 || y == 2));
}

static int ok_elephant(const board *b, int side, int x, int y)
{
    int cx = b->w / 2;
    y = ry(side, y);
    if (y > 4 || y % 2)
        return 0;
    /* Reachable from (cx +- 2, 0) by two-point diagonal steps: x - cx + 2 + y even, step 2. */
    int dx = x - (cx - 2);
    return dx % 2 == 0 && (dx / 2 + y / 2) % 2 == 0;
}

static int ok_anywhere(const board *b, int side, int x, int y)
{
    (void)b, (void)side, (void)x, (void)y;
    return 1;
}

static int ok_lion(const board *b, int side, int x, int y)
{
    (void)b;
    return (x + y) % 2 == side;
}

static void place(board *b, uint64_t *rng, int side, char letter, int count, point_ok ok)
{
    for (int i = 0; i < count; i++)
        for (int tries = 0; tries < 200; tries++) {
            int x = rnd(rng, b->w), y = rnd(rng, 10);
            if (free_at(b, x, y) && ok(b, side, x, y)) {
                put(b, x, y, side, letter);
                break;
            }
        }
}

/* Soldiers, often stacked on one or two files beyond the river. */
static void place_soldiers(board *b, uint64_t *rng, int side)
{
    int count = rnd(rng, 6), mode = rnd(rng, 3);
    int files[2] = {rnd(rng, b->w), rnd(rng, b->w)};
    for (int i = 0; i < count; i++)
        for (int tries = 0; tries < 200; tries++) {
            int x = mode == 0 ? rnd(rng, b->w) : files[mode == 2 ? i % 2 : 0];
            int y = ry(side, 5 + rnd(rng, 5));
            if (free_at(b, x, y)) {
                put(b, x, y, side, 'P');
                break;
            }
        }
}

/* The FEN of b with `side` to move, into out (160 bytes). */
static void to_fen(const board *b, int side, char *out)
{
    fx_fen f = {out, 160, 0, 0};
    for (int y = 9; y >= 0; y--) {
        for (int x = 0; x < b->w; x++)
            fx_fen_square(&f, (char[2]){b->c[y][x], 0});
        fx_fen_rank(&f, y == 0);
    }
    sprintf(out + f.len, " %c - - 0 1", side ? 'b' : 'w');
}

static bg_position *random_position(const bg_variant *v, uint64_t *rng, char *fen)
{
    for (;;) {
        board b;
        memset(&b, 0, sizeof b);
        b.w = bg_variant_width(v);
        for (int side = 0; side < 2; side++) {
            place(&b, rng, side, 'K', 1, ok_palace);
            place(&b, rng, side, 'A', rnd(rng, 3), ok_advisor);
            place(&b, rng, side, 'B', rnd(rng, 3), ok_elephant);
            place(&b, rng, side, 'N', rnd(rng, 3), ok_anywhere);
            place(&b, rng, side, 'R', rnd(rng, 3), ok_anywhere);
            place(&b, rng, side, 'C', rnd(rng, 3), ok_anywhere);
            if (b.w == 11)
                place(&b, rng, side, 'L', rnd(rng, 3), ok_lion);
            place_soldiers(&b, rng, side);
        }
        to_fen(&b, rnd(rng, 2), fen);
        bg_position *p = NULL;
        if (bg_position_from_text(&p, v, fen, NULL, NULL, 0, NULL, NULL) == BG_OK)
            return p;
    }
}

/* Plays up to `plies` random moves from p (consumed), checking every position on the way. */
static void random_game(bg_position *p, int plies, uint64_t *rng, const char *where, stats *st)
{
    bg_move moves[256];
    char label[300];
    for (int ply = 0; ply <= plies; ply++) {
        snprintf(label, sizeof label, "%s ply %d", where, ply);
        check_position(p, label, st);
        int n = bg_position_legal_moves(p, moves, 256);
        if (n <= 0 || ply == plies)
            break;
        REQUIRE(bg_position_play(p, moves[rnd(rng, n)]) == BG_OK, "%s: play failed", label);
    }
    bg_position_free(p);
}

static void run_variant(const char *id)
{
    const bg_variant *v = bg_variant_find(id);
    stats st;
    uint64_t rng = 0x9e3779b97f4a7c15ull ^ (uint64_t)strlen(id);
    char fen[160], where[200];
    memset(&st, 0, sizeof st);
    ck_assert_ptr_nonnull(v);
    for (long i = 0; i < n_positions; i++) {
        bg_position *p = random_position(v, &rng, fen);
        snprintf(where, sizeof where, "%s [%s]", id, fen);
        random_game(p, i % 10 == 0 ? 6 : 0, &rng, where, &st);
    }
    for (long g = 0; g < n_games; g++) {
        bg_position *p = NULL;
        ck_assert_int_eq(bg_position_new(&p, v, NULL, NULL, NULL), BG_OK);
        snprintf(where, sizeof where, "%s game %ld", id, g);
        random_game(p, 160, &rng, where, &st);
    }
    fprintf(stderr, "%s: %ld positions, %ld legal moves, %ld texts round-tripped (%s); forms: "
                    "%ld tandem, %ld two-file pawns, %ld ++/--, %ld Chinese ordinals\n",
            id, st.positions, st.moves, st.texts, "uci iccs wxf chinese", st.tandem,
            st.two_files, st.front2, st.ordinal);
    ck_assert_int_ge(st.positions, n_positions);
    /* The random positions must have exercised every stacked form. */
    if (n_positions >= 400) {
        ck_assert_int_gt(st.tandem, 100);
        ck_assert_int_gt(st.two_files, 100);
        ck_assert_int_gt(st.front2, 100);
        ck_assert_int_gt(st.ordinal, 100);
    }
}

START_TEST(test_xiangqi) { run_variant("xiangqi"); }
END_TEST

START_TEST(test_lionchess) { run_variant("lionchess"); }
END_TEST

int main(int argc, char **argv)
{
    if (argc > 1)
        n_positions = atol(argv[1]);
    if (argc > 2)
        n_games = atol(argv[2]);
    TCase *tc = one_case("xqnotation-roundtrip", "roundtrip", 600);
    ADD_TESTS(tc, test_xiangqi, test_lionchess);
    return run_cases();
}
