/*
** libboardgames — build-time generator of the xiangqi (9x10) and lion chess (11x10) tables: rays,
** palace and river steps, horse and elephant legs, setup masks and Zobrist keys. It writes one C
** file of const data, so the library has no run-time initialisation. The Zobrist keys come from
** a fixed-seed splitmix64: they are part of the library's stable output (bg_position_hash), so
** the seeds and the order of generation must never change.
*/
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#define H 10
#define MAX_SQ 110

typedef struct { uint64_t lo, hi; } set;

typedef struct geometry {
    const char *name;
    int w;
    int elephant_files[2], advisor_files[2], lion_files[2], nlions;
    int soldier_files[5];
    uint64_t seed;
} geometry;

static const geometry geometries[2] = {
    {"xq_tables_9x10", 9, {2, 6}, {3, 5}, {0, 0}, 0, {0, 2, 4, 6, 8}, 0x58693a6e67716921ULL},
    {"xq_tables_11x10", 11, {3, 7}, {4, 6}, {2, 8}, 2, {0, 2, 5, 8, 10}, 0x4c696f6e43686573ULL},
};

static int W;

static int on(int f, int r) { return f >= 0 && f < W && r >= 0 && r < H; }
static int sqr(int f, int r) { return r * W + f; }
static void add(set *s, int sq)
{
    if (sq < 64)
        s->lo |= 1ULL << sq;
    else
        s->hi |= 1ULL << (sq - 64);
}
static int has(set s, int sq) { return sq < 64 ? (int)(s.lo >> sq & 1) : (int)(s.hi >> (sq - 64) & 1); }

/* Side 0 (red) owns ranks 0-4, side 1 ranks 5-9. */
static int own_half(int side, int r) { return side == 0 ? r <= 4 : r >= 5; }
static int palace_lo(void) { return (W - 3) / 2; }
static int in_palace(int f, int r)
{
    return f >= palace_lo() && f <= palace_lo() + 2 && (r <= 2 || r >= 7);
}

static uint64_t rng_state;
static uint64_t splitmix64(void)
{
    uint64_t z = (rng_state += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

static const int dirs[8][2] = {{0, 1}, {1, 0}, {0, -1}, {-1, 0}, {1, 1}, {-1, 1}, {1, -1}, {-1, -1}};

static FILE *out;
static void put_set(set s) { fprintf(out, "BB128_C(0x%" PRIx64 "ULL, 0x%" PRIx64 "ULL),", s.lo, s.hi); }

/* Closure of a set of start points under a step table, staying inside `allowed`. */
static set closure(set start, set allowed, const int (*steps)[2], int nsteps, int mult)
{
    set s = start;
    for (int changed = 1; changed;) {
        changed = 0;
        for (int sq = 0; sq < W * H; sq++) {
            if (!has(s, sq))
                continue;
            for (int i = 0; i < nsteps; i++) {
                int f = sq % W + steps[i][0] * mult, r = sq / W + steps[i][1] * mult;
                if (on(f, r) && has(allowed, sqr(f, r)) && !has(s, sqr(f, r))) {
                    add(&s, sqr(f, r));
                    changed = 1;
                }
            }
        }
    }
    return s;
}

static void generate(const geometry *g)
{
    static set ray[MAX_SQ][8], general[MAX_SQ], advisor[MAX_SQ], horse_to[MAX_SQ][4];
    static set horse_att_from[MAX_SQ][4], horse_att_any[MAX_SQ], soldier[2][MAX_SQ];
    static set soldier_att[2][MAX_SQ];
    static int elephant_eye[MAX_SQ][4], elephant_to[MAX_SQ][4], horse_leg[MAX_SQ][4];
    static int horse_att_leg[MAX_SQ][4];
    set board = {0, 0}, palace[2] = {{0, 0}, {0, 0}}, crossed[2] = {{0, 0}, {0, 0}};
    set file_a = {0, 0}, file_last = {0, 0}, half[2] = {{0, 0}, {0, 0}};
    W = g->w;
    memset(ray, 0, sizeof ray);
    memset(general, 0, sizeof general);
    memset(advisor, 0, sizeof advisor);
    memset(horse_to, 0, sizeof horse_to);
    memset(horse_att_from, 0, sizeof horse_att_from);
    memset(horse_att_any, 0, sizeof horse_att_any);
    memset(soldier, 0, sizeof soldier);
    memset(soldier_att, 0, sizeof soldier_att);
    memset(elephant_eye, -1, sizeof elephant_eye);
    memset(elephant_to, -1, sizeof elephant_to);
    memset(horse_leg, -1, sizeof horse_leg);
    memset(horse_att_leg, -1, sizeof horse_att_leg);

    for (int sq = 0; sq < W * H; sq++) {
        int f = sq % W, r = sq / W;
        add(&board, sq);
        if (f == 0)
            add(&file_a, sq);
        if (f == W - 1)
            add(&file_last, sq);
        for (int c = 0; c < 2; c++) {
            if (own_half(c, r))
                add(&half[c], sq);
            else
                add(&crossed[c], sq);
            if (in_palace(f, r) && own_half(c, r))
                add(&palace[c], sq);
        }
        for (int d = 0; d < 8; d++)
            for (int k = 1; on(f + k * dirs[d][0], r + k * dirs[d][1]); k++)
                add(&ray[sq][d], sqr(f + k * dirs[d][0], r + k * dirs[d][1]));
        for (int d = 0; d < 4; d++) {
            int tf = f + dirs[d][0], tr = r + dirs[d][1];
            if (in_palace(f, r) && on(tf, tr) && in_palace(tf, tr) && own_half(r >= 5, tr))
                add(&general[sq], sqr(tf, tr));
            tf = f + dirs[d + 4][0];
            tr = r + dirs[d + 4][1];
            if (in_palace(f, r) && on(tf, tr) && in_palace(tf, tr) && own_half(r >= 5, tr))
                add(&advisor[sq], sqr(tf, tr));
            /* Elephant: two diagonal steps, never across the river. */
            int ef = f + 2 * dirs[d + 4][0], er = r + 2 * dirs[d + 4][1];
            if (on(ef, er) && own_half(r >= 5, er)) {
                elephant_eye[sq][d] = sqr(f + dirs[d + 4][0], r + dirs[d + 4][1]);
                elephant_to[sq][d] = sqr(ef, er);
            }
            /* Horse: orthogonal leg d, then one of the two diagonals leading away from the start. */
            int lf = f + dirs[d][0], lr = r + dirs[d][1];
            if (on(lf, lr)) {
                horse_leg[sq][d] = sqr(lf, lr);
                for (int s = -1; s <= 1; s += 2) {
                    int hf = lf + dirs[d][0] + (dirs[d][0] ? 0 : s);
                    int hr = lr + dirs[d][1] + (dirs[d][1] ? 0 : s);
                    if (on(hf, hr))
                        add(&horse_to[sq][d], sqr(hf, hr));
                }
            }
        }
        for (int c = 0; c < 2; c++) {
            int fwd = c == 0 ? 1 : -1;
            if (on(f, r + fwd))
                add(&soldier[c][sq], sqr(f, r + fwd));
            if (!own_half(c, r)) {
                if (on(f - 1, r))
                    add(&soldier[c][sq], sqr(f - 1, r));
                if (on(f + 1, r))
                    add(&soldier[c][sq], sqr(f + 1, r));
            }
        }
    }
    /* Reverse tables: who attacks a point. */
    for (int sq = 0; sq < W * H; sq++) {
        for (int d = 0; d < 4; d++) {
            if (horse_leg[sq][d] < 0)
                continue;
            for (int t = 0; t < W * H; t++) {
                if (!has(horse_to[sq][d], t))
                    continue;
                /* The horse's leg is diagonal to its target: index it by that diagonal of t. */
                int lf = horse_leg[sq][d] % W - t % W, lr = horse_leg[sq][d] / W - t / W;
                int dd = -1;
                for (int k = 4; k < 8; k++)
                    if (dirs[k][0] == lf && dirs[k][1] == lr)
                        dd = k - 4;
                horse_att_leg[t][dd] = horse_leg[sq][d];
                add(&horse_att_from[t][dd], sq);
                add(&horse_att_any[t], sq);
            }
        }
        for (int c = 0; c < 2; c++)
            for (int t = 0; t < W * H; t++)
                if (has(soldier[c][sq], t))
                    add(&soldier_att[c][t], sq);
    }

    /* Setup masks: the points each piece can reach from its start points. */
    set advisor_points[2], elephant_points[2], soldier_points[2], lion_points[2];
    for (int c = 0; c < 2; c++) {
        int home = c == 0 ? 0 : H - 1, srank = c == 0 ? 3 : H - 4;
        set a = {0, 0}, e = {0, 0}, s = {0, 0}, l = {0, 0};
        for (int i = 0; i < 2; i++) {
            add(&a, sqr(g->advisor_files[i], home));
            add(&e, sqr(g->elephant_files[i], home));
        }
        static const int diag[4][2] = {{1, 1}, {-1, 1}, {1, -1}, {-1, -1}};
        advisor_points[c] = closure(a, palace[c], diag, 4, 1);
        elephant_points[c] = closure(e, half[c], diag, 4, 2);
        /* Soldiers: start points and the points ahead of them on the own half, the whole enemy half. */
        s = crossed[c];
        for (int i = 0; i < 5; i++)
            for (int r = srank; own_half(c, r); r += c == 0 ? 1 : -1)
                add(&s, sqr(g->soldier_files[i], r));
        soldier_points[c] = s;
        /* Lions keep the colour of their start point. */
        for (int sq = 0; sq < W * H && g->nlions; sq++)
            if ((sq % W + sq / W) % 2 == (g->lion_files[0] + home) % 2)
                add(&l, sq);
        lion_points[c] = l;
    }

    fprintf(out, "const xq_tables %s = {\n.width = %d, .squares = %d,\n.board = ", g->name, W, W * H);
    put_set(board);
    fprintf(out, "\n.ray = {\n");
    for (int sq = 0; sq < W * H; sq++) {
        fprintf(out, "{");
        for (int d = 0; d < 8; d++)
            put_set(ray[sq][d]);
        fprintf(out, "},\n");
    }
    fprintf(out, "},\n");
#define PUT_SETS(field, arr)                                  \
    fprintf(out, "." field " = {\n");                         \
    for (int sq = 0; sq < W * H; sq++) {                      \
        put_set(arr[sq]);                                     \
        if (sq % 4 == 3)                                      \
            fprintf(out, "\n");                               \
    }                                                         \
    fprintf(out, "},\n");
#define PUT_INTS4(field, arr)                                 \
    fprintf(out, "." field " = {\n");                         \
    for (int sq = 0; sq < W * H; sq++)                        \
        fprintf(out, "{%d,%d,%d,%d},%s", arr[sq][0], arr[sq][1], arr[sq][2], arr[sq][3], \
                sq % 8 == 7 ? "\n" : "");                     \
    fprintf(out, "},\n");
#define PUT_SETS4(field, arr)                                 \
    fprintf(out, "." field " = {\n");                         \
    for (int sq = 0; sq < W * H; sq++) {                      \
        fprintf(out, "{");                                    \
        for (int d = 0; d < 4; d++)                           \
            put_set(arr[sq][d]);                              \
        fprintf(out, "},\n");                                 \
    }                                                         \
    fprintf(out, "},\n");
    PUT_SETS("general", general)
    PUT_SETS("advisor", advisor)
    PUT_INTS4("elephant_eye", elephant_eye)
    PUT_INTS4("elephant_to", elephant_to)
    PUT_INTS4("horse_leg", horse_leg)
    PUT_SETS4("horse_to", horse_to)
    PUT_INTS4("horse_att_leg", horse_att_leg)
    PUT_SETS4("horse_att_from", horse_att_from)
    PUT_SETS("horse_att_any", horse_att_any)
    fprintf(out, ".soldier = {{\n");
    for (int c = 0; c < 2; c++) {
        for (int sq = 0; sq < W * H; sq++)
            put_set(soldier[c][sq]);
        fprintf(out, c == 0 ? "}, {\n" : "}},\n");
    }
    fprintf(out, ".soldier_att = {{\n");
    for (int c = 0; c < 2; c++) {
        for (int sq = 0; sq < W * H; sq++)
            put_set(soldier_att[c][sq]);
        fprintf(out, c == 0 ? "}, {\n" : "}},\n");
    }
#define PUT_PAIR(field, arr)                                  \
    fprintf(out, "." field " = {");                           \
    put_set(arr[0]);                                          \
    put_set(arr[1]);                                          \
    fprintf(out, "},\n");
    PUT_PAIR("palace", palace)
    PUT_PAIR("advisor_points", advisor_points)
    PUT_PAIR("elephant_points", elephant_points)
    PUT_PAIR("soldier_points", soldier_points)
    PUT_PAIR("lion_points", lion_points)
    PUT_PAIR("crossed", crossed)
    fprintf(out, ".file_a = ");
    put_set(file_a);
    fprintf(out, "\n.file_last = ");
    put_set(file_last);
    /* Zobrist keys: side, kind 0..8, point 0..W*H-1 in this order, then the side-to-move key. */
    rng_state = g->seed;
    fprintf(out, "\n.zobrist = {\n");
    for (int c = 0; c < 2; c++) {
        fprintf(out, "{");
        for (int k = 0; k < 9; k++) {
            fprintf(out, "{");
            for (int sq = 0; sq < W * H; sq++)
                fprintf(out, "0x%016" PRIx64 "ULL,%s", k ? splitmix64() : 0, sq % 4 == 3 ? "\n" : "");
            fprintf(out, "},\n");
        }
        fprintf(out, "},\n");
    }
    fprintf(out, "},\n.zobrist_side = 0x%016" PRIx64 "ULL,\n};\n\n", splitmix64());
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: %s OUTPUT.c\n", argv[0]);
        return 2;
    }
    out = fopen(argv[1], "w");
    if (!out) {
        perror(argv[1]);
        return 1;
    }
    fprintf(out, "/* Generated by xiangqi_gen_tables.c: xiangqi and lion chess tables. Do not edit. */\n");
    /* Found through the library's lib/core include directory, wherever the build puts this file. */
    fprintf(out, "#include \"../games/xiangqi/xiangqi_tables.h\"\n\n");
    for (int i = 0; i < 2; i++)
        generate(&geometries[i]);
    return fclose(out) == 0 ? 0 : 1;
}
