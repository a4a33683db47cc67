/* libboardgames — Seven Kingdoms move generation over the padded mailbox: sliders, ranged pieces, cannon, horse legs, pass; bulk perft. */
#include "sk.h"

static const int dirs[8] = {SK_N, SK_E, SK_S, SK_W, SK_NE, SK_NW, SK_SE, SK_SW};
/* The horse's two diagonals continuing each orthogonal first step (N, E, S, W) outward. */
static const int horse_diag[4][2] = {{SK_NE, SK_NW}, {SK_NE, SK_SE}, {SK_SE, SK_SW}, {SK_NW, SK_SW}};

/*
** Moves of every piece kingdom k commands, into buf, or only counted when count_only (perft
** leaves). One body for both so that they cannot disagree; always_inline lets the compiler build
** each variant without the other's stores or tests.
*/
static inline __attribute__((always_inline)) int gen(const sk_state *s, int k, bg_move *buf,
                                                     const int count_only)
{
    const uint8_t *b = s->board;
    /* Bit (army + 1) set for the armies whose pieces k may capture: 周 (8) and the sentinel never. */
    unsigned enemy = 0;
    for (int a = 0; a < SK_KINGDOMS; a++)
        if (!(s->ally[k] >> s->owner[a] & 1))
            enemy |= 2u << a;
    int n = 0;
#define CAPTURABLE(q) ((enemy >> ((q) >> 4) & 1) && SK_KIND(q) != SK_ENVOY)
#define EMIT(f, t)                                                                                 \
    do {                                                                                           \
        if (!count_only)                                                                           \
            buf[n] = BG_MOVE_MAKE(sk_point_of[f], sk_point_of[t]);                                 \
        n++;                                                                                       \
    } while (0)
    for (int a = 0; a < SK_KINGDOMS; a++) {
        if (s->owner[a] != k)
            continue;
        for (int i = 0; i < s->count[a]; i++) {
            const int from = s->list[a][i];
            int d0 = 0, d1 = 8, range = SK_FILES, captures = 1;
            switch (SK_KIND(b[from])) {
            case SK_GENERAL: break;
            case SK_DEPUTY: d1 = 4; break;
            case SK_LIEUTENANT: d0 = 4; break;
            case SK_ENVOY: captures = 0; break;
            case SK_BOW: range = 4; break;
            case SK_CROSSBOW: range = 5; break;
            case SK_SWORD: d1 = 4; range = 1; break;
            case SK_SABRE: d0 = 4; range = 1; break;
            case SK_CANNON:
                for (int d = 0; d < 4; d++) {
                    const int dir = dirs[d];
                    int t = from + dir;
                    while (!b[t]) {
                        EMIT(from, t);
                        t += dir;
                    }
                    if (b[t] == SK_OFF)
                        continue;
                    /* b[t] is the screen: whatever piece it is, 周 and envoys included. */
                    t += dir;
                    while (!b[t])
                        t += dir;
                    if (CAPTURABLE(b[t]))
                        EMIT(from, t);
                }
                continue;
            case SK_HORSE:
                for (int d = 0; d < 4; d++) {
                    const int leg = from + dirs[d];
                    if (b[leg])
                        continue;
                    for (int j = 0; j < 2; j++) {
                        const int dir = horse_diag[d][j];
                        int t = leg + dir;
                        for (int step = 0; step < 3; step++, t += dir) {
                            if (!b[t]) {
                                EMIT(from, t);
                                continue;
                            }
                            if (CAPTURABLE(b[t]))
                                EMIT(from, t);
                            break;
                        }
                    }
                }
                continue;
            default: continue;
            }
            for (int d = d0; d < d1; d++) {
                const int dir = dirs[d];
                int t = from + dir;
                for (int step = 0; step < range; step++, t += dir) {
                    if (!b[t]) {
                        EMIT(from, t);
                        continue;
                    }
                    if (captures && CAPTURABLE(b[t]))
                        EMIT(from, t);
                    break;
                }
            }
        }
    }
#undef EMIT
#undef CAPTURABLE
    return n;
}

int sk_general_point(const sk_state *s, int k)
{
    for (int i = 0; i < s->count[k]; i++)
        if (s->board[s->list[k][i]] == SK_PIECE(k, SK_GENERAL))
            return s->list[k][i];
    return -1;
}

int sk_generate(const sk_state *s, bg_move *buf)
{
    if (s->winners)
        return 0;
    int n = gen(s, s->stm, buf, 0);
    if (n == 0) {
        /* No move at all: the kingdom passes (its general's point, as janggi passes are written). */
        int g = sk_general_point(s, s->stm);
        buf[n++] = BG_MOVE_MAKE_PASS(g >= 0 ? sk_point_of[g] : 0);
    }
    return n;
}

int sk_attacks(const sk_state *s, int k, int mb)
{
    bg_move moves[SK_MAX_MOVES];
    const int to = sk_point_of[mb];
    int n = gen(s, k, moves, 0);
    for (int i = 0; i < n; i++)
        if (BG_MOVE_TO(moves[i]) == to)
            return 1;
    return 0;
}

uint64_t sk_perft(const sk_state *s, int depth)
{
    if (depth <= 0)
        return 1;
    if (s->winners)
        return 0;
    if (depth == 1) {
        int n = gen(s, s->stm, NULL, 1);
        return n ? (uint64_t)n : 1; /* the pass */
    }
    bg_move moves[SK_MAX_MOVES];
    int n = sk_generate(s, moves);
    uint64_t total = 0;
    for (int i = 0; i < n; i++) {
        sk_state c = *s;
        sk_make(&c, moves[i]);
        total += sk_perft(&c, depth - 1);
    }
    return total;
}
