/*
** Seven Kingdoms perft regression: the start, a mid-game position (two kingdoms conquered,
** transferred armies) and starts with empty kingdoms (option players). Counts up to the depths
** given were checked once against the independent reference model
** (tests/sevenkingdoms/reference.py, which builds the starts with empty kingdoms itself); depths
** 1-3 of the start and 1-2 of those starts are re-checked on every run by test_sk_python.py. Usage: test_sk_perft MAX_NODES (rows above it are skipped).
*/
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

#include <boardgames/boardgames.h>

#define MIDGAME                                                                                    \
    "3SzBzGzRzSzHz2SyByGyRyHi3/3HzSz1Sz4DySy6/4Dz1Dz8Hy3/17HiSi/4Hq5Ay5Si1Bi/1TqCi5Ti6Xy1SiHy/"    \
    "16Di1Ri/1Sq1DqTh8Gc4Si/RqHz1Hh14Hi/1Cq7Z8Ty/2Tc14AcHw/Sq11Tz2Dw3/Cz16SwSw/17CwGw/"           \
    "4Hh11DwSwRw/18Hc/4Dh1Dh5Dc1DcTw2Hw/3XhShChShHh6Sc4/2HhShRhGhBhAw3ScRc1BcHwHc2 y q>h,i>y "     \
    "qh1,qz1,hq6,hz1,cw2,ci1,cy1,wh1,wc5,wi1,wy1,iw2,iy2,iz1,yc1,yi3,zq2,zh2,zy2 6 14"

static const struct row {
    const char *name, *text;
    int depth;
    uint64_t nodes;
    const char *options;
} rows[] = {
    {"start", NULL, 1, 96, NULL},
    {"start", NULL, 2, 9045, NULL},
    {"start", NULL, 3, 808832, NULL},
    {"start", NULL, 4, 72156795, NULL},
    {"midgame", MIDGAME, 1, 205, NULL},
    {"midgame", MIDGAME, 2, 25811, NULL},
    {"midgame", MIDGAME, 3, 4590281, NULL},
    {"qin,chu,qi", NULL, 1, 106, "players=qin,chu,qi"},
    {"qin,chu,qi", NULL, 2, 11984, "players=qin,chu,qi"},
    {"qin,chu,qi", NULL, 3, 1310788, "players=qin,chu,qi"},
    {"han,wei", NULL, 3, 1474253, "players=wei,han"},
};

int main(int argc, char **argv)
{
    uint64_t max_nodes = argc > 1 ? strtoull(argv[1], NULL, 10) : UINT64_MAX;
    const bg_variant *v = bg_variant_find("sevenkingdoms");
    int n = (int)(sizeof rows / sizeof rows[0]), failed = 0;
    printf("1..%d\n", n);
    for (int i = 0; i < n; i++) {
        const struct row *r = &rows[i];
        if (r->nodes > max_nodes) {
            printf("ok %d - %s depth %d # SKIP over the node budget\n", i + 1, r->name, r->depth);
            continue;
        }
        bg_position *p = NULL;
        bg_error e = BG_ERROR_INIT;
        bg_status s = r->text ? bg_position_from_text(&p, v, r->text, NULL, r->options, 0, NULL, &e)
                              : bg_position_new(&p, v, r->options, NULL, &e);
        uint64_t got = s == BG_OK ? bg_position_perft(p, r->depth) : 0;
        if (s != BG_OK || got != r->nodes) {
            printf("not ok %d - %s depth %d: %" PRIu64 ", expected %" PRIu64 " %s\n", i + 1,
                   r->name, r->depth, got, r->nodes, e.message);
            failed++;
        } else {
            printf("ok %d - %s depth %d: %" PRIu64 "\n", i + 1, r->name, r->depth, got);
        }
        bg_position_free(p);
    }
    return failed ? 1 : 0;
}
