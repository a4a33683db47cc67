/* Tori shogi's rules=seed (the seed's pheasant and goose, its start) against an independent mailbox move generator written from the rules, by real moves and on random games of both rule sets. */
#include <stdio.h>

#include "shogi_test_util.h"
#include "check_main.h"
#include "xorshift.h"

/* ---------- the independent generator: a 7x7 mailbox, every rule spelled out ---------- */

enum { SWALLOW = 1, FALCON, CRANE, PHEASANT, LQUAIL, RQUAIL, PHOENIX, GOOSE, EAGLE };
enum { STEP, SLIDE, SLIDE2, JUMP, QUIET_STEP, QUIET_SLIDE, HOP };

typedef struct ray {
    int kind, df, dr; /* as sente sees it: df > 0 = to its right, dr > 0 = forward */
} ray;

/* The moves of each bird (kind), standard (seed = 0) or as the seed draws them (seed = 1). */
static int rays_of(int kind, int seed, ray *out)
{
    int n = 0;
#define R(k, f, r) (out[n++] = (ray){k, f, r})
    switch (kind) {
    case SWALLOW: R(STEP, 0, 1); break;
    case FALCON:
        R(STEP, 0, 1), R(STEP, 1, 1), R(STEP, -1, 1), R(STEP, 1, 0), R(STEP, -1, 0);
        R(STEP, 1, -1), R(STEP, -1, -1);
        break;
    case CRANE:
        R(STEP, 0, 1), R(STEP, 1, 1), R(STEP, -1, 1), R(STEP, 0, -1), R(STEP, 1, -1);
        R(STEP, -1, -1);
        break;
    case PHEASANT:
        if (seed) /* 「走子：每着一步．前１＋後士；吃子：直砲」 */
            R(QUIET_STEP, 0, 1), R(QUIET_STEP, 1, -1), R(QUIET_STEP, -1, -1), R(HOP, 0, 1);
        else
            R(JUMP, 0, 2), R(STEP, 1, -1), R(STEP, -1, -1);
        break;
    case LQUAIL: R(SLIDE, 0, 1), R(SLIDE, 1, -1), R(STEP, -1, -1); break;
    case RQUAIL: R(SLIDE, 0, 1), R(SLIDE, -1, -1), R(STEP, 1, -1); break;
    case PHOENIX:
        for (int f = -1; f <= 1; f++)
            for (int r = -1; r <= 1; r++)
                if (f || r)
                    R(STEP, f, r);
        break;
    case GOOSE:
        if (seed) { /* 「前二斜砲＋退直砲」 */
            R(QUIET_SLIDE, 1, 1), R(QUIET_SLIDE, -1, 1), R(QUIET_SLIDE, 0, -1);
            R(HOP, 1, 1), R(HOP, -1, 1), R(HOP, 0, -1);
        } else {
            R(JUMP, -2, 2), R(JUMP, 2, 2), R(JUMP, 0, -2);
        }
        break;
    case EAGLE:
        for (int f = -1; f <= 1; f++)
            for (int r = -1; r <= 1; r++)
                if (f || r)
                    R(STEP, f, r);
        R(SLIDE, 1, 1), R(SLIDE, -1, 1), R(SLIDE, 0, -1), R(SLIDE2, 1, -1), R(SLIDE2, -1, -1);
        break;
    }
#undef R
    return n;
}

typedef struct board {
    int sq[49];      /* kind | side << 4, 0 = empty; index rank * 7 + file as the library */
    int hand[2][10]; /* by kind */
    int stm, seed;
} board;

typedef struct bmove {
    int from, to, drop, promote; /* from = -1 for a drop of kind `drop` */
} bmove;

static int on(int f, int r) { return f >= 0 && f < 7 && r >= 0 && r < 7; }

static void load(board *b, const bg_position *p, int seed)
{
    memset(b, 0, sizeof *b);
    for (int sq = 0; sq < 49; sq++) {
        bg_piece pc = bg_position_piece_at(p, sq);
        if (pc)
            b->sq[sq] = BG_PIECE_KIND(pc) | BG_PIECE_SIDE(pc) << 4;
    }
    for (int side = 0; side < 2; side++)
        for (int k = 1; k <= 9; k++)
            b->hand[side][k] = bg_position_hand_count(p, side, k);
    b->stm = bg_position_side_to_move(p);
    b->seed = seed;
}

/* Pseudo-legal moves (or, with `captures_of` >= 0, only whether side attacks that square). */
static int pseudo(const board *b, int side, bmove *out, int target)
{
    int n = 0;
    for (int sq = 0; sq < 49; sq++) {
        int c = b->sq[sq];
        if (!c || c >> 4 != side)
            continue;
        ray rays[16];
        int nr = rays_of(c & 15, b->seed, rays);
        for (int i = 0; i < nr; i++) {
            int df = side ? -rays[i].df : rays[i].df, dr = side ? -rays[i].dr : rays[i].dr;
            int f = sq % 7, r = sq / 7, len = rays[i].kind == SLIDE || rays[i].kind == QUIET_SLIDE ||
                                                      rays[i].kind == HOP
                                                  ? 7
                                              : rays[i].kind == SLIDE2 ? 2 : 1;
            if (rays[i].kind == JUMP) {
                f += df, r += dr;
                if (on(f, r) && (!b->sq[r * 7 + f] || b->sq[r * 7 + f] >> 4 != side))
                    out[n++] = (bmove){sq, r * 7 + f, 0, 0};
                continue;
            }
            int screens = 0;
            for (int k = 0; k < len; k++) {
                f += df, r += dr;
                if (!on(f, r))
                    break;
                int t = b->sq[r * 7 + f];
                if (rays[i].kind == HOP) {
                    if (!t)
                        continue;
                    if (screens++ == 0)
                        continue;
                    if (t >> 4 != side)
                        out[n++] = (bmove){sq, r * 7 + f, 0, 0};
                    break;
                }
                int quiet = rays[i].kind == QUIET_STEP || rays[i].kind == QUIET_SLIDE;
                if (t && (quiet || t >> 4 == side))
                    break;
                out[n++] = (bmove){sq, r * 7 + f, 0, 0};
                if (t)
                    break;
            }
        }
    }
    if (target >= 0)
        return n;
    /* Promotion: swallow and falcon must promote on every move that starts or ends in the last two ranks. */
    int m = n;
    for (int i = 0; i < m; i++) {
        int k = b->sq[out[i].from] & 15;
        int fr = out[i].from / 7, tr = out[i].to / 7;
        int zone = side ? (fr <= 1 || tr <= 1) : (fr >= 5 || tr >= 5);
        if ((k == SWALLOW || k == FALCON) && zone)
            out[i].promote = 1;
    }
    for (int k = 1; k <= 6; k++) {
        if (!b->hand[side][k])
            continue;
        for (int sq = 0; sq < 49; sq++) {
            if (b->sq[sq])
                continue;
            if (k == SWALLOW) {
                int last = side ? 0 : 6, same = 0;
                if (sq / 7 == last)
                    continue;
                for (int r = 0; r < 7; r++)
                    same += b->sq[r * 7 + sq % 7] == (SWALLOW | side << 4);
                if (same >= 2)
                    continue;
            }
            out[n++] = (bmove){-1, sq, k, 0};
        }
    }
    return n;
}

static void apply(board *b, const bmove *m)
{
    int side = b->stm;
    if (m->from < 0) {
        b->hand[side][m->drop]--;
        b->sq[m->to] = m->drop | side << 4;
    } else {
        int cap = b->sq[m->to];
        if (cap) {
            int k = cap & 15;
            b->hand[side][k == GOOSE ? SWALLOW : k == EAGLE ? FALCON : k]++;
        }
        int k = b->sq[m->from] & 15;
        if (m->promote)
            k = k == SWALLOW ? GOOSE : EAGLE;
        b->sq[m->to] = k | side << 4;
        b->sq[m->from] = 0;
    }
    b->stm = !side;
}

static int attacked(const board *b, int side)
{
    int k = -1;
    for (int sq = 0; sq < 49; sq++)
        if (b->sq[sq] == (PHOENIX | side << 4))
            k = sq;
    if (k < 0)
        return 0;
    bmove buf[512];
    int n = pseudo(b, !side, buf, k);
    for (int i = 0; i < n; i++)
        if (buf[i].to == k)
            return 1;
    return 0;
}

static int same_move(const bmove *a, const bmove *b)
{
    return a->from == b->from && a->to == b->to && a->drop == b->drop && a->promote == b->promote;
}

static int legal(const board *b, bmove *out)
{
    bmove buf[1024];
    int n = pseudo(b, b->stm, buf, -1), k = 0;
    for (int i = 0; i < n; i++) {
        /* The eagle reaches some squares both by a step and by a slide: one move. */
        int dup = 0;
        for (int j = 0; j < i && !dup; j++)
            dup = same_move(&buf[i], &buf[j]);
        if (dup)
            continue;
        board c = *b;
        apply(&c, &buf[i]);
        if (attacked(&c, b->stm))
            continue;
        /* No swallow drop that mates. */
        if (buf[i].from < 0 && buf[i].drop == SWALLOW && attacked(&c, c.stm) && legal(&c, NULL) == 0)
            continue;
        if (out)
            out[k] = buf[i];
        k++;
    }
    return k;
}

static uint64_t brute_perft(const board *b, int depth)
{
    bmove moves[1024];
    int n = legal(b, moves);
    if (depth <= 1)
        return (uint64_t)n;
    uint64_t t = 0;
    for (int i = 0; i < n; i++) {
        board c = *b;
        apply(&c, &moves[i]);
        t += brute_perft(&c, depth - 1);
    }
    return t;
}

static const char *const letters = "?SFCPLRK";

static void usi(const bmove *m, char *out)
{
    char *o = out;
    if (m->from < 0) {
        *o++ = letters[m->drop];
        *o++ = '*';
    } else {
        *o++ = (char)('0' + 7 - m->from % 7);
        *o++ = (char)('a' + 6 - m->from / 7);
    }
    *o++ = (char)('0' + 7 - m->to % 7);
    *o++ = (char)('a' + 6 - m->to / 7);
    if (m->promote)
        *o++ = '+';
    *o = 0;
}

/* The library's moves of p equal the independent generator's. */
static void compare(const bg_position *p, int seed)
{
    static char ours[ST_MAX_MOVES][8], theirs[ST_MAX_MOVES][8];
    board b;
    load(&b, p, seed);
    bmove moves[1024];
    int n = legal(&b, moves);
    for (int i = 0; i < n; i++)
        usi(&moves[i], theirs[i]);
    qsort(theirs, (size_t)n, 8, st_cmp_str);
    int m = st_usi_moves(p, ours);
    char sfen[128];
    st_sfen(p, sfen, sizeof sfen);
    int i = 0, j = 0;
    while (i < m || j < n) {
        int c = i == m ? 1 : j == n ? -1 : strcmp(ours[i], theirs[j]);
        ck_assert_msg(c == 0, "[%s] rules=%s: %s only in the %s", sfen, seed ? "seed" : "standard",
                      c < 0 ? ours[i] : theirs[j],
                      c < 0 ? "library" : "independent generator");
        i++, j++;
    }
}

/* ---------- the tests ---------- */

static const char *seed_opt = "rules=seed";

START_TEST(seed_option_and_start)
{
    const bg_variant *v = st_variant("torishogi");
    int i = -1;
    for (int k = 0; k < bg_variant_option_count(v); k++)
        if (strcmp(bg_variant_option_name(v, k), "rules") == 0)
            i = k;
    ck_assert_int_ge(i, 0);
    ck_assert_str_eq(bg_variant_option_values(v, i), "standard|seed");
    ck_assert_str_eq(bg_variant_start_text(v), "rpckcpl/3f3/sssssss/2s1S2/SSSSSSS/3F3/LPCKCPR b - 1");
    /* The seed's start has the extra swallows on its diagram's columns: gote 6d, sente 2d. */
    bg_position *p = st_pos("torishogi", NULL, seed_opt);
    char sfen[128];
    st_sfen(p, sfen, sizeof sfen);
    ck_assert_str_eq(sfen, "rpckcpl/3f3/sssssss/1s3S1/SSSSSSS/3F3/LPCKCPR b - 1");
    ck_assert_str_eq(bg_variant_start_text(bg_position_variant(p)), sfen);
    ck_assert_str_eq(bg_variant_id(bg_position_variant(p)), "torishogi");
    ck_assert_int_eq(st_count(p), 20);
    /* The pheasant on 6g takes the swallow on 6d over its own on 6e at once. */
    ck_assert(st_legal(p, "6g6d"));
    ck_assert(!st_legal(p, "6g6e"));
    bg_position_free(p);
}
END_TEST

START_TEST(seed_pheasant)
{
    /* Steps forward and diagonally back, taking nothing; takes straight ahead over one piece. */
    bg_position *p = st_pos("torishogi", "3k3/7/7/3s3/3S3/3P3/K6 b - 1", seed_opt);
    char got[256];
    static char all[ST_MAX_MOVES][8];
    int n = st_usi_moves(p, all);
    got[0] = 0;
    for (int i = 0; i < n; i++)
        if (all[i][0] == '4' && all[i][1] == 'f')
            strcat(strcat(got, " "), all[i]);
    ck_assert_str_eq(got, " 4f3g 4f4d 4f5g");
    bg_position_free(p);
    /* Without a screen it takes nothing, and it never takes by a step. */
    p = st_pos("torishogi", "k6/7/7/7/3s3/3P3/K6 b - 1", seed_opt);
    ck_assert(!st_legal(p, "4f4e"));
    ck_assert(!st_legal(p, "4f4d"));
    bg_position_free(p);
    p = st_pos("torishogi", "3k3/7/7/7/7/3P3/K1c4 b - 1", seed_opt);
    ck_assert(!st_legal(p, "4f5g"));
    ck_assert(st_legal(p, "4f3g"));
    bg_position_free(p);
    /* Its check runs through the screen: gote, to move, may answer by moving the screen away,
       adding a second piece in between, or taking the pheasant. */
    p = st_pos("torishogi", "3k3/7/3s3/7/7/3P3/K6 w c 1", seed_opt);
    ck_assert(bg_position_in_check(p));
    ck_assert(!st_legal(p, "4c4d")); /* the screen moves along the line: still one screen */
    ck_assert(!st_legal(p, "4a4b")); /* still behind the one screen */
    ck_assert(st_legal(p, "4a3a"));
    ck_assert(st_legal(p, "C*4e")); /* a second piece between: no longer one screen */
    ck_assert(st_legal(p, "C*4b"));
    ck_assert(!st_legal(p, "C*3e"));
    bg_position_free(p);
    /* A standard pheasant position reads differently under the seed's rules. */
    p = st_pos("torishogi", "3k3/7/7/7/7/3P3/K6 b - 1", NULL);
    ck_assert(st_legal(p, "4f4d")); /* the standard pheasant jumps two */
    bg_position_free(p);
}
END_TEST

START_TEST(seed_goose)
{
    /* Slides along both forward diagonals and straight back; takes as a cannon along them. */
    bg_position *p = st_pos("torishogi", "3k3/7/1s3s1/7/3+S3/3s3/K6 b - 1", seed_opt);
    ck_assert(st_legal(p, "4e5d") && st_legal(p, "4e3d"));
    ck_assert(!st_legal(p, "4e6c") && !st_legal(p, "4e4f")); /* no plain captures */
    ck_assert(!st_legal(p, "4e7b")); /* nothing behind the screen on 6c */
    bg_position_free(p);
    p = st_pos("torishogi", "3k3/s6/1s5/7/3+S3/3s3/K2c3 b - 1", seed_opt);
    ck_assert(st_legal(p, "4e7b")); /* over 6c onto 7b */
    ck_assert(st_legal(p, "4e4g")); /* back over 4f onto 4g */
    bg_position_free(p);
    /* A swallow promotes to this goose. */
    p = st_pos("torishogi", "3k3/7/S6/7/7/7/K6 b - 1", seed_opt);
    st_play(p, "7c7b+");
    ck_assert(st_legal(p, "4a4b"));
    st_play(p, "4a4b");
    ck_assert(st_legal(p, "7b6a")); /* along its forward diagonal */
    ck_assert(st_legal(p, "7b7c")); /* and straight back: one square, which no standard goose can */
    ck_assert(st_legal(p, "7b7f"));
    bg_position_free(p);
}
END_TEST

/* A game from the seed's start, with cannon captures, a goose and drops, and its record. */
START_TEST(seed_game)
{
    bg_game *g = NULL;
    bg_error err = BG_ERROR_INIT;
    ck_assert_int_eq(bg_game_new(&g, st_variant("torishogi"), seed_opt, NULL, &err), BG_OK);
    static const char *const line[] = {"6g6d", "2a2d", "2g2d", "6a6d", "P*6g", NULL};
    for (int i = 0; line[i]; i++)
        ck_assert_msg(bg_game_play_text(g, line[i], "usi", 0) == BG_OK, "%s: %s", line[i],
                      bg_game_errmsg(g));
    char sfen[128];
    st_sfen(bg_game_position(g), sfen, sizeof sfen);
    static const char *const formats[] = {"kif", "ki2"};
    for (int f = 0; f < 2; f++) {
        int n = bg_game_export(g, formats[f], NULL, 0);
        ck_assert_int_gt(n, 0);
        char *text = malloc((size_t)n + 1);
        ck_assert_int_eq(bg_game_export(g, formats[f], text, (size_t)n + 1), n);
        /* The seed's start is the start of this rule set: 平手. */
        ck_assert_msg(strstr(text, "手合割：平手") != NULL, "%s", text);
        bg_record_reader *r = NULL;
        ck_assert_int_eq(bg_record_reader_new(&r, st_variant("torishogi"), formats[f], text,
                                              (size_t)n, seed_opt, NULL, &err),
                         BG_OK);
        bg_game *back = NULL;
        ck_assert_msg(bg_record_reader_next(r, &back, &err) == BG_OK, "%s", err.message);
        char again[128];
        st_sfen(bg_game_position(back), again, sizeof again);
        ck_assert_str_eq(again, sfen);
        bg_game_free(back);
        bg_record_reader_free(r);
        free(text);
    }
    bg_game_free(g);
}
END_TEST

static long n_random = 1500;

/* Perft from both starts against the independent generator (depth 4 in the slow run). */
START_TEST(seed_perft)
{
    bg_position *p = st_pos("torishogi", NULL, seed_opt);
    board b;
    load(&b, p, 1);
    const int deepest = n_random > 10000 ? 4 : 3;
    for (int d = 1; d <= deepest; d++)
        ck_assert_uint_eq(bg_position_perft(p, d), brute_perft(&b, d));
    ck_assert_uint_eq(bg_position_perft(p, 3), 8840);
    bg_position_free(p);
    /* The standard rules from the standard start (tests/data/perft/torishogi.tsv: 5430). */
    p = st_pos("torishogi", NULL, NULL);
    load(&b, p, 0);
    ck_assert_uint_eq(brute_perft(&b, 3), 5430);
    bg_position_free(p);
}
END_TEST

static uint64_t rng_state = 0x9e3779b97f4a7c15ULL;

static uint64_t rng(void)
{
    return xorshift64(&rng_state);
}

static void random_games(const char *options, int seed, long want)
{
    long positions = 0, hops = 0;
    while (positions < want) {
        bg_position *p = st_pos("torishogi", NULL, options);
        for (int ply = 0; ply < 200 && positions < want; ply++) {
            compare(p, seed);
            positions++;
            bg_move moves[ST_MAX_MOVES];
            int n = bg_position_legal_moves(p, moves, ST_MAX_MOVES);
            if (n == 0)
                break;
            bg_move m = moves[rng() % (uint64_t)n];
            for (int t = 0; t < 2; t++) {
                bg_move c = moves[rng() % (uint64_t)n];
                if (bg_position_move_flags(p, c) & BG_FLAG_CAPTURE)
                    m = c;
            }
            bg_piece pc = bg_move_is_drop(m) ? 0 : bg_position_piece_at(p, bg_move_from(m));
            if (pc && (BG_PIECE_KIND(pc) == PHEASANT || BG_PIECE_KIND(pc) == GOOSE) &&
                (bg_position_move_flags(p, m) & BG_FLAG_CAPTURE))
                hops++;
            ck_assert_int_eq(bg_position_play(p, m), BG_OK);
        }
        bg_position_free(p);
    }
    fprintf(stderr, "# torishogi %s: %ld positions equal to the independent generator, %ld captures by "
                    "pheasants and geese played\n",
            options ? options : "rules=standard", positions, hops);
    ck_assert_int_gt(hops, 0);
}

START_TEST(seed_random) { random_games(seed_opt, 1, n_random / (long)st_reduce() + 20); }
END_TEST
START_TEST(standard_random) { random_games(NULL, 0, n_random * 2 / 3 / (long)st_reduce() + 20); }
END_TEST

int main(int argc, char **argv)
{
    if (argc > 1)
        n_random = strtol(argv[1], NULL, 10);
    TCase *tc = one_case("shogi-tori-seed", "tori", 0);
    ADD_TESTS(tc, seed_option_and_start, seed_pheasant, seed_goose, seed_game, seed_perft,
              seed_random, standard_random);
    return run_cases();
}
