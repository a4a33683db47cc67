/*
** libboardgames — build-time generator of the janggi tables: rays, palace lines with both
** diagonals, horse and elephant legs (forward and reverse), soldier steps, setup masks and Zobrist
** keys. It writes one C file of const data, so the library has no run-time initialisation. The
** Zobrist keys come from a fixed-seed splitmix64: they are part of the library's stable output
** (bg_position_hash), so the seed and the order of generation must never change.
*/
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#define W 9
#define H 10
#define SQ (W * H)
#define SEED 0x4a616e6767693130ULL

typedef struct { uint64_t lo, hi; } set;

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

/* Palace 0 (Cho) is d1-f3, palace 1 (Han) d8-f10; -1 outside both. */
static int palace_of(int f, int r)
{
    if (f < 3 || f > 5)
        return -1;
    return r <= 2 ? 0 : r >= 7 ? 1 : -1;
}
/* The drawn diagonals join the corners through the centre. */
static int on_line(int f, int r)
{
    if (palace_of(f, r) < 0)
        return 0;
    int cr = r <= 2 ? 1 : 8;
    return (f == 4 && r == cr) || ((f == 3 || f == 5) && (r == cr - 1 || r == cr + 1));
}
/* Two diagonal neighbours both on the lines of one palace are joined by a drawn line. */
static int diag_link(int f, int r, int tf, int tr)
{
    return on(tf, tr) && on_line(f, r) && on_line(tf, tr) && palace_of(f, r) == palace_of(tf, tr);
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

static set ray[SQ][4], pray[SQ][4], palace_step[SQ], horse_to[SQ][4], horse_att_from[SQ][4];
static set horse_att_any[SQ], eleph_att_from[SQ][4], eleph_att_any[SQ], soldier[2][SQ];
static set soldier_att[2][SQ];
static int horse_leg[SQ][4], horse_att_leg[SQ][4], eleph_leg1[SQ][8], eleph_leg2[SQ][8];
static int eleph_to[SQ][8], eleph_att_leg1[SQ][4], eleph_att_leg2[SQ][4];

static int diag_index(int df, int dr)
{
    for (int k = 4; k < 8; k++)
        if (dirs[k][0] == df && dirs[k][1] == dr)
            return k - 4;
    return -1;
}

static void generate(void)
{
    set board = {0, 0}, lines = {0, 0}, palace[2] = {{0, 0}, {0, 0}}, spoints[2] = {{0, 0}, {0, 0}};
    memset(horse_leg, -1, sizeof horse_leg);
    memset(horse_att_leg, -1, sizeof horse_att_leg);
    memset(eleph_leg1, -1, sizeof eleph_leg1);
    memset(eleph_leg2, -1, sizeof eleph_leg2);
    memset(eleph_to, -1, sizeof eleph_to);
    memset(eleph_att_leg1, -1, sizeof eleph_att_leg1);
    memset(eleph_att_leg2, -1, sizeof eleph_att_leg2);

    for (int sq = 0; sq < SQ; sq++) {
        int f = sq % W, r = sq / W;
        add(&board, sq);
        if (on_line(f, r))
            add(&lines, sq);
        if (palace_of(f, r) >= 0)
            add(&palace[palace_of(f, r)], sq);
        /* Cho's soldiers start on rank 4 and never step back; Han's on rank 7. */
        if (r >= 3)
            add(&spoints[0], sq);
        if (r <= 6)
            add(&spoints[1], sq);
        for (int d = 0; d < 4; d++)
            for (int k = 1; on(f + k * dirs[d][0], r + k * dirs[d][1]); k++)
                add(&ray[sq][d], sqr(f + k * dirs[d][0], r + k * dirs[d][1]));
        for (int d = 4; d < 8; d++) {
            int cf = f, cr = r;
            while (diag_link(cf, cr, cf + dirs[d][0], cr + dirs[d][1])) {
                cf += dirs[d][0];
                cr += dirs[d][1];
                add(&pray[sq][d - 4], sqr(cf, cr));
            }
        }
        /* General and guards: orthogonal steps inside the palace, diagonal ones along the lines. */
        for (int d = 0; d < 8; d++) {
            int tf = f + dirs[d][0], tr = r + dirs[d][1];
            if (!on(tf, tr) || palace_of(f, r) < 0 || palace_of(tf, tr) != palace_of(f, r))
                continue;
            if (d < 4 || diag_link(f, r, tf, tr))
                add(&palace_step[sq], sqr(tf, tr));
        }
        for (int d = 0; d < 4; d++) {
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
            /* Elephant: orthogonal leg d, then two diagonal steps leading away from the start. */
            for (int s = 0; s < 2; s++) {
                int pf = dirs[d][0] ? 0 : (s ? 1 : -1), pr = dirs[d][1] ? 0 : (s ? 1 : -1);
                int af = f + 2 * dirs[d][0] + pf, ar = r + 2 * dirs[d][1] + pr;
                int tf = f + 3 * dirs[d][0] + 2 * pf, tr = r + 3 * dirs[d][1] + 2 * pr;
                if (on(tf, tr)) {
                    eleph_leg1[sq][2 * d + s] = sqr(lf, lr);
                    eleph_leg2[sq][2 * d + s] = sqr(af, ar);
                    eleph_to[sq][2 * d + s] = sqr(tf, tr);
                }
            }
        }
        for (int c = 0; c < 2; c++) {
            int fwd = c == 0 ? 1 : -1;
            if (on(f, r + fwd))
                add(&soldier[c][sq], sqr(f, r + fwd));
            if (on(f - 1, r))
                add(&soldier[c][sq], sqr(f - 1, r));
            if (on(f + 1, r))
                add(&soldier[c][sq], sqr(f + 1, r));
            for (int s = -1; s <= 1; s += 2)
                if (diag_link(f, r, f + s, r + fwd))
                    add(&soldier[c][sq], sqr(f + s, r + fwd));
        }
    }
    /* Reverse tables: who attacks a point. */
    for (int sq = 0; sq < SQ; sq++) {
        for (int d = 0; d < 4; d++) {
            if (horse_leg[sq][d] < 0)
                continue;
            for (int t = 0; t < SQ; t++) {
                if (!has(horse_to[sq][d], t))
                    continue;
                /* The horse's leg is diagonal to its target: index it by that diagonal of t. */
                int dd = diag_index(horse_leg[sq][d] % W - t % W, horse_leg[sq][d] / W - t / W);
                horse_att_leg[t][dd] = horse_leg[sq][d];
                add(&horse_att_from[t][dd], sq);
                add(&horse_att_any[t], sq);
            }
        }
        for (int k = 0; k < 8; k++) {
            int t = eleph_to[sq][k];
            if (t < 0)
                continue;
            int l2 = eleph_leg2[sq][k], l1 = eleph_leg1[sq][k];
            int dd = diag_index(l2 % W - t % W, l2 / W - t / W);
            eleph_att_leg1[t][dd] = l2; /* the nearer leg as seen from the target */
            eleph_att_leg2[t][dd] = l1;
            add(&eleph_att_from[t][dd], sq);
            add(&eleph_att_any[t], sq);
        }
        for (int c = 0; c < 2; c++)
            for (int t = 0; t < SQ; t++)
                if (has(soldier[c][sq], t))
                    add(&soldier_att[c][t], sq);
    }

    fprintf(out, "const jg_tables jg_tables_9x10 = {\n.board = ");
    put_set(board);
#define PUT_SETS4(field, arr)                                 \
    fprintf(out, "\n." field " = {\n");                       \
    for (int sq = 0; sq < SQ; sq++) {                         \
        fprintf(out, "{");                                    \
        for (int d = 0; d < 4; d++)                           \
            put_set(arr[sq][d]);                              \
        fprintf(out, "},\n");                                 \
    }                                                         \
    fprintf(out, "},");
#define PUT_SETS(field, arr)                                  \
    fprintf(out, "\n." field " = {\n");                       \
    for (int sq = 0; sq < SQ; sq++) {                         \
        put_set(arr[sq]);                                     \
        if (sq % 4 == 3)                                      \
            fprintf(out, "\n");                               \
    }                                                         \
    fprintf(out, "},");
#define PUT_INTS(field, arr, n)                               \
    fprintf(out, "\n." field " = {\n");                       \
    for (int sq = 0; sq < SQ; sq++) {                         \
        fprintf(out, "{");                                    \
        for (int k = 0; k < (n); k++)                         \
            fprintf(out, "%d,", arr[sq][k]);                  \
        fprintf(out, "},%s", sq % 6 == 5 ? "\n" : "");        \
    }                                                         \
    fprintf(out, "},");
    PUT_SETS4("ray", ray)
    PUT_SETS4("pray", pray)
    fprintf(out, "\n.lines = ");
    put_set(lines);
    PUT_SETS("palace_step", palace_step)
    PUT_INTS("horse_leg", horse_leg, 4)
    PUT_SETS4("horse_to", horse_to)
    PUT_INTS("horse_att_leg", horse_att_leg, 4)
    PUT_SETS4("horse_att_from", horse_att_from)
    PUT_SETS("horse_att_any", horse_att_any)
    PUT_INTS("eleph_leg1", eleph_leg1, 8)
    PUT_INTS("eleph_leg2", eleph_leg2, 8)
    PUT_INTS("eleph_to", eleph_to, 8)
    PUT_INTS("eleph_att_leg1", eleph_att_leg1, 4)
    PUT_INTS("eleph_att_leg2", eleph_att_leg2, 4)
    PUT_SETS4("eleph_att_from", eleph_att_from)
    PUT_SETS("eleph_att_any", eleph_att_any)
    for (int pass = 0; pass < 2; pass++) {
        fprintf(out, "\n.%s = {{\n", pass ? "soldier_att" : "soldier");
        for (int c = 0; c < 2; c++) {
            for (int sq = 0; sq < SQ; sq++)
                put_set(pass ? soldier_att[c][sq] : soldier[c][sq]);
            fprintf(out, c == 0 ? "}, {\n" : "}},");
        }
    }
    fprintf(out, "\n.palace = {");
    put_set(palace[0]);
    put_set(palace[1]);
    fprintf(out, "},\n.soldier_points = {");
    put_set(spoints[0]);
    put_set(spoints[1]);
    /* Zobrist keys: side, kind 0..7, point 0..89 in this order, then the side-to-move key. */
    rng_state = SEED;
    fprintf(out, "},\n.zobrist = {\n");
    for (int c = 0; c < 2; c++) {
        fprintf(out, "{");
        for (int k = 0; k < 8; k++) {
            fprintf(out, "{");
            for (int sq = 0; sq < SQ; sq++)
                fprintf(out, "0x%016" PRIx64 "ULL,%s", k ? splitmix64() : 0, sq % 4 == 3 ? "\n" : "");
            fprintf(out, "},\n");
        }
        fprintf(out, "},\n");
    }
    fprintf(out, "},\n.zobrist_side = 0x%016" PRIx64 "ULL,\n};\n", splitmix64());
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
    fprintf(out, "/* Generated by janggi_gen_tables.c: janggi tables. Do not edit. */\n");
    /* Found through the library's lib/core include directory, wherever the build puts this file. */
    fprintf(out, "#include \"../games/janggi/janggi_tables.h\"\n\n");
    generate();
    return fclose(out) == 0 ? 0 : 1;
}
