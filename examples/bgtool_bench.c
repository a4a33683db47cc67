/* bgtool — the bench command: perft speed on fixed positions, position size, game memory per move. */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "bgtool.h"

typedef struct bench_position {
    const char *variant, *name;
    const char *fen; /* NULL = the variant's start position */
    int depth;
} bench_position;

/* The positions the bench/ scripts also give Stockfish and Fairy-Stockfish; keep them in step. */
static const bench_position positions[] = {
    {"chess", "start", NULL, 6},
    {"chess", "kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 5},
    /* The positions of bench/bench_xiangqi.sh, bench_janggi.sh and bench_shogi.sh. */
    {"xiangqi", "start", NULL, 5},
    {"xiangqi", "middlegame", "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1", 5},
    {"janggi", "start", NULL, 5},
    {"lionchess", "start", NULL, 4},
    {"shogi", "start", NULL, 5},
    {"shogi", "593-moves", "R8/2K1S1SSk/4B4/9/9/9/9/9/1L1L1L3 b RBGSNLP3g3n17p 1", 3},
    {"shoshogi", "start", NULL, 5},
    {"heianshogi", "start", NULL, 5},
    {"torishogi", "start", NULL, 5},
    {"minishogi", "start", NULL, 6},
    {"microshogi", "start", NULL, 8},
    {"judkinsshogi", "start", NULL, 6},
    /* Seven Kingdoms: the start, and round 14 of a game in which 秦 and 齊 have been conquered. */
    {"sevenkingdoms", "start", NULL, 4},
    {"sevenkingdoms", "midgame",
     "3SzBzGzRzSzHz2SyByGyRyHi3/3HzSz1Sz4DySy6/4Dz1Dz8Hy3/17HiSi/4Hq5Ay5Si1Bi/1TqCi5Ti6Xy1SiHy/"
     "16Di1Ri/1Sq1DqTh8Gc4Si/RqHz1Hh14Hi/1Cq7Z8Ty/2Tc14AcHw/Sq11Tz2Dw3/Cz16SwSw/17CwGw/"
     "4Hh11DwSwRw/18Hc/4Dh1Dh5Dc1DcTw2Hw/3XhShChShHh6Sc4/2HhShRhGhBhAw3ScRc1BcHwHc2 y q>h,i>y "
     "qh1,qz1,hq6,hz1,cw2,ci1,cy1,wh1,wc5,wi1,wy1,iw2,iy2,iz1,yc1,yi3,zq2,zh2,zy2 6 14",
     4},
};
#define NPOSITIONS (sizeof positions / sizeof positions[0])

/* Kasparov - Topalov, Wijk aan Zee 1999 (87 plies): a real game for the memory-per-move figure. */
static const char chess_game[] =
    "e4 d6 d4 Nf6 Nc3 g6 Be3 Bg7 Qd2 c6 f3 b5 Nge2 Nbd7 Bh6 Bxh6 Qxh6 Bb7 a3 e5 O-O-O Qe7 "
    "Kb1 a6 Nc1 O-O-O Nb3 exd4 Rxd4 c5 Rd1 Nb6 g3 Kb8 Na5 Ba8 Bh3 d5 Qf4+ Ka7 Rhe1 d4 Nd5 Nbxd5 "
    "exd5 Qd6 Rxd4 cxd4 Re7+ Kb6 Qxd4+ Kxa5 b4+ Ka4 Qc3 Qxd5 Ra7 Bb7 Rxb7 Qc4 Qxf6 Kxa3 Qxa6+ "
    "Kxb4 c3+ Kxc3 Qa1+ Kd2 Qb2+ Kd1 Bf1 Rd2 Rd7 Rxd7 Bxc4 bxc4 Qxh8 Rd3 Qa8 c3 Qa4+ Ke1 f4 f5 "
    "Kc1 Rd2 Qa7";

/* Variants without a table entry: the start position, deepened until one perft takes a second. */
#define ADAPTIVE_SECONDS 1.0
#define ADAPTIVE_MAX_DEPTH 12
/* Plies of the deterministic sample game for variants without a real game here. */
#define SAMPLE_PLIES 100

typedef struct totals {
    uint64_t nodes;
    double seconds;
} totals;

static void print_speed(const char *variant, const char *name, int depth, uint64_t nodes,
                        double secs)
{
    printf("%s %s depth %d: %" PRIu64 " nodes in %.3f s = %.2f M nodes/s\n", variant, name, depth,
           nodes, secs, secs > 0 ? (double)nodes / secs / 1e6 : 0.0);
}

static int run_position(const bg_variant *v, const bench_position *b, totals *t)
{
    bgt_args a = {.variant = v, .fen = b->fen};
    bg_position *pos = NULL;
    if (bgt_make_position(&a, &pos) != BGT_OK)
        return BGT_FAIL;
    int depth = b->depth > 0 ? b->depth : 1;
    uint64_t nodes;
    double secs;
    for (;;) {
        double start = bgt_now();
        nodes = bg_position_perft(pos, depth);
        secs = bgt_now() - start;
        if (b->depth > 0 || secs >= ADAPTIVE_SECONDS || depth >= ADAPTIVE_MAX_DEPTH || !nodes)
            break;
        depth++;
    }
    print_speed(bg_variant_id(v), b->name, depth, nodes, secs);
    t->nodes += nodes;
    t->seconds += secs;
    bg_position_free(pos);
    return BGT_OK;
}

/* Memory per move: what a game handle grows by while a game is played, divided by the plies. */
static int game_memory(const bg_variant *v)
{
    bgt_args a = {.variant = v};
    bg_game *g = NULL;
    if (bgt_make_game(&a, &g) != BGT_OK)
        return BGT_FAIL;
    size_t before = bg_game_memory(g);
    int status = BGT_OK;
    const char *what;
    if (!strcmp(bg_variant_id(v), "chess")) {
        what = "Kasparov-Topalov 1999";
        char *moves = malloc(sizeof chess_game), *save = NULL;
        if (!moves)
            status = bgt_fail("out of memory");
        else
            memcpy(moves, chess_game, sizeof chess_game);
        for (char *m = moves ? strtok_r(moves, " ", &save) : NULL; m && status == BGT_OK;
             m = strtok_r(NULL, " ", &save))
            if (bg_game_play_text(g, m, "san", 0) != BG_OK)
                status = bgt_fail("bench game stopped at '%s': %s", m, bg_game_errmsg(g));
        free(moves);
    } else {
        what = "deterministic sample game";
        bg_move buf[4096];
        for (int ply = 0; status == BGT_OK && ply < SAMPLE_PLIES; ply++) {
            int n = bg_position_legal_moves(bg_game_position(g), buf, 4096);
            if (n <= 0 || n > 4096 || bg_game_outcome(g) != BG_ONGOING)
                break;
            if (bg_game_play(g, buf[(ply * 7 + 3) % n]) != BG_OK)
                status = bgt_fail("bench game stopped at ply %d: %s", ply + 1, bg_game_errmsg(g));
        }
    }
    if (status == BGT_OK) {
        int plies = bg_game_ply_count(g);
        size_t after = bg_game_memory(g);
        printf("%s game handle: %zu bytes at the start, %zu after %d plies (%s) = %.1f bytes per "
               "move\n",
               bg_variant_id(v), before, after, plies, what,
               plies ? ((double)after - (double)before) / plies : 0.0);
    }
    bg_game_free(g);
    return status;
}

static int bench_variant(const bg_variant *v)
{
    totals t = {0, 0.0};
    int found = 0;
    for (size_t i = 0; i < NPOSITIONS; i++) {
        if (strcmp(positions[i].variant, bg_variant_id(v)) != 0)
            continue;
        found = 1;
        if (run_position(v, &positions[i], &t) != BGT_OK)
            return BGT_FAIL;
    }
    if (!found) {
        bench_position start = {bg_variant_id(v), "start", NULL, 0};
        if (run_position(v, &start, &t) != BGT_OK)
            return BGT_FAIL;
    }
    printf("%s total: %" PRIu64 " nodes in %.3f s = %.2f M nodes/s\n", bg_variant_id(v), t.nodes,
           t.seconds, t.seconds > 0 ? (double)t.nodes / t.seconds / 1e6 : 0.0);
    printf("%s position handle: %zu bytes\n", bg_variant_id(v), bg_position_size(v));
    return game_memory(v);
}

int bgt_cmd_bench(const bgt_args *a)
{
    /* Check every name before spending seconds on the first. */
    for (int i = 0; i < a->npositional; i++)
        if (!bgt_find_variant(a, a->positional[i]))
            return bgt_fail("unknown variant '%s' (try 'bgtool variants')", a->positional[i]);
    int n = a->npositional ? a->npositional : bg_variant_count();
    for (int i = 0; i < n; i++) {
        const bg_variant *v = a->npositional ? bgt_find_variant(a, a->positional[i]) : bg_variant_at(i);
        if (bench_variant(v) != BGT_OK)
            return BGT_FAIL;
        fflush(stdout);
    }
    return BGT_OK;
}
