/* bench — move text of every legal move: one bg_move_format() per move against one bg_position_legal_moves_text() call. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <boardgames/boardgames.h>

/*
** Thread CPU time, not wall time: the machines this runs on are shared, and a busy neighbour
** should not count against us. Each figure is the fastest of `rounds` rounds of `reps` calls.
*/
static double now_us(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return ts.tv_sec * 1e6 + ts.tv_nsec / 1e3;
}

typedef struct row {
    const char *variant, *label, *text; /* text NULL = the start position */
} row;

static const row rows[] = {
    {"shogi", "593 moves", "R8/2K1S1SSk/4B4/9/9/9/9/9/1L1L1L3 b RBGSNLP3g3n17p 1"},
    {"shogi", "start", NULL},
    {"chess", "start", NULL},
    {"chess", "kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"},
    {"xiangqi", "start", NULL},
    {"janggi", "start", NULL},
    {"sevenkingdoms", "start", NULL},
};

static char text[1 << 20], one[512];

static double per_move(const bg_position *p, const bg_move *moves, int n, const char *nt, int reps)
{
    double best = 1e30;
    for (int round = 0; round < 5; round++) {
        double t0 = now_us();
        for (int r = 0; r < reps; r++)
            for (int i = 0; i < n; i++)
                if (bg_move_format(p, moves[i], nt, one, sizeof one) < 0)
                    exit(1);
        double t = (now_us() - t0) / reps;
        best = t < best ? t : best;
    }
    return best;
}

static double batch(const bg_position *p, const char *nt, int reps, int *len)
{
    double best = 1e30;
    for (int round = 0; round < 5; round++) {
        double t0 = now_us();
        for (int r = 0; r < reps; r++)
            if ((*len = bg_position_legal_moves_text(p, nt, 0, text, sizeof text)) < 0)
                exit(1);
        double t = (now_us() - t0) / reps;
        best = t < best ? t : best;
    }
    return best;
}

int main(int argc, char **argv)
{
    int quick = argc > 1 && strcmp(argv[1], "--quick") == 0;
    static bg_move moves[4096];
    printf("%-14s %-10s %-9s %6s %12s %12s %8s\n", "variant", "position", "notation", "moves",
           "per-move us", "batch us", "ratio");
    for (size_t k = 0; k < sizeof rows / sizeof rows[0]; k++) {
        const bg_variant *v = bg_variant_find(rows[k].variant);
        bg_position *p = NULL;
        bg_error err = BG_ERROR_INIT;
        bg_status s = rows[k].text ? bg_position_from_text(&p, v, rows[k].text, NULL, NULL, 0, NULL, &err)
                                   : bg_position_new(&p, v, NULL, NULL, &err);
        if (s != BG_OK) {
            fprintf(stderr, "bench_text: %s: %s\n", rows[k].variant, err.message);
            return 2;
        }
        int n = bg_position_legal_moves(p, moves, 4096);
        for (int i = 0; i < bg_variant_notation_count(v); i++) {
            const char *nt = bg_variant_notation_at(v, i);
            int reps = quick ? 2 : n > 100 ? 50 : 500, len = 0;
            double a = per_move(p, moves, n, nt, reps > 20 ? reps / 10 : 1);
            double b = batch(p, nt, reps, &len);
            printf("%-14s %-10s %-9s %6d %12.1f %12.2f %7.0fx\n", rows[k].variant, rows[k].label, nt,
                   n, a, b, a / b);
        }
        bg_position_free(p);
    }
    return 0;
}
