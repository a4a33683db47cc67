/* libboardgames — build-time helpers of the palace games' table generators: geometry, horse, Zobrist stream, C writers. */
#include <inttypes.h>
#include <string.h>

#include "../../core/gen_output.h"
#include "palace_gen.h"

int W;
FILE *out;
const int dirs[8][2] = {{0, 1}, {1, 0}, {0, -1}, {-1, 0}, {1, 1}, {-1, 1}, {1, -1}, {-1, -1}};

int on(int f, int r) { return f >= 0 && f < W && r >= 0 && r < H; }
int sqr(int f, int r) { return r * W + f; }
void add(set *s, int sq)
{
    if (sq < 64)
        s->lo |= 1ULL << sq;
    else
        s->hi |= 1ULL << (sq - 64);
}
int has(set s, int sq) { return sq < 64 ? (int)(s.lo >> sq & 1) : (int)(s.hi >> (sq - 64) & 1); }

int diag_index(int df, int dr)
{
    for (int k = 4; k < 8; k++)
        if (dirs[k][0] == df && dirs[k][1] == dr)
            return k - 4;
    return -1;
}

void gen_horse(int sq, int leg[4], set to[4])
{
    const int f = sq % W, r = sq / W;
    for (int d = 0; d < 4; d++) {
        /* Orthogonal leg d, then one of the two diagonals leading away from the start. */
        const int lf = f + dirs[d][0], lr = r + dirs[d][1];
        leg[d] = -1;
        to[d] = (set){0, 0};
        if (!on(lf, lr))
            continue;
        leg[d] = sqr(lf, lr);
        for (int s = -1; s <= 1; s += 2) {
            int hf = lf + dirs[d][0] + (dirs[d][0] ? 0 : s);
            int hr = lr + dirs[d][1] + (dirs[d][1] ? 0 : s);
            if (on(hf, hr))
                add(&to[d], sqr(hf, hr));
        }
    }
}

void gen_horse_reverse(int (*leg)[4], set (*to)[4], int (*att_leg)[4], set (*att_from)[4],
                       set *att_any)
{
    memset(att_leg, -1, sizeof(int[4]) * (size_t)(W * H));
    memset(att_from, 0, sizeof(set[4]) * (size_t)(W * H));
    memset(att_any, 0, sizeof(set) * (size_t)(W * H));
    for (int sq = 0; sq < W * H; sq++)
        for (int d = 0; d < 4; d++) {
            if (leg[sq][d] < 0)
                continue;
            for (int t = 0; t < W * H; t++) {
                if (!has(to[sq][d], t))
                    continue;
                /* The horse's leg is diagonal to its target: index it by that diagonal of t. */
                int dd = diag_index(leg[sq][d] % W - t % W, leg[sq][d] / W - t / W);
                att_leg[t][dd] = leg[sq][d];
                add(&att_from[t][dd], sq);
                add(&att_any[t], sq);
            }
        }
}

void gen_reverse(const set *fwd, set *rev)
{
    memset(rev, 0, sizeof(set) * (size_t)(W * H));
    for (int sq = 0; sq < W * H; sq++)
        for (int t = 0; t < W * H; t++)
            if (has(fwd[sq], t))
                add(&rev[t], sq);
}

void put_set(set s) { fprintf(out, "BB128_C(0x%" PRIx64 "ULL, 0x%" PRIx64 "ULL),", s.lo, s.hi); }

/* per_point sets per point: one brace group each when more than one. */
void put_setsn(const char *field, const set *a, int per_point)
{
    if (field)
        fprintf(out, ".%s = ", field);
    fprintf(out, "{\n");
    for (int sq = 0; sq < W * H; sq++) {
        fputs(per_point > 1 ? "{" : "", out);
        for (int d = 0; d < per_point; d++)
            put_set(a[sq * per_point + d]);
        fputs(per_point > 1 ? "},\n" : sq % 4 == 3 ? "\n" : "", out);
    }
    fprintf(out, "},\n");
}

void put_sets(const char *field, const set *a) { put_setsn(field, a, 1); }

void put_ints(const char *field, const int *a, int per_point)
{
    fprintf(out, ".%s = {\n", field);
    for (int sq = 0; sq < W * H; sq++) {
        fprintf(out, "{");
        for (int k = 0; k < per_point; k++)
            fprintf(out, "%d,", a[sq * per_point + k]);
        fprintf(out, "},%s", sq % 6 == 5 ? "\n" : "");
    }
    fprintf(out, "},\n");
}

void put_sides(const char *field, const set *side0, const set *side1)
{
    fprintf(out, ".%s = {\n", field);
    put_sets(NULL, side0);
    put_sets(NULL, side1);
    fprintf(out, "},\n");
}

void put_horse(int (*leg)[4], set (*to)[4], int (*att_leg)[4], set (*att_from)[4], set *att_any)
{
    put_ints("horse_leg", leg[0], 4);
    put_setsn("horse_to", to[0], 4);
    put_ints("horse_att_leg", att_leg[0], 4);
    put_setsn("horse_att_from", att_from[0], 4);
    put_sets("horse_att_any", att_any);
}

void put_pair(const char *field, const set a[2])
{
    fprintf(out, ".%s = {", field);
    put_set(a[0]);
    put_set(a[1]);
    fprintf(out, "},\n");
}

/* A fixed-seed splitmix64: the keys are part of the library's stable output (bg_position_hash). */
static uint64_t rng_state;
static uint64_t splitmix64(void)
{
    uint64_t z = (rng_state += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

void put_zobrist(uint64_t seed, int kinds)
{
    rng_state = seed;
    fprintf(out, ".zobrist = {\n");
    for (int c = 0; c < 2; c++) {
        fprintf(out, "{");
        for (int k = 0; k < kinds; k++) {
            fprintf(out, "{");
            for (int sq = 0; sq < W * H; sq++)
                fprintf(out, "0x%016" PRIx64 "ULL,%s", k ? splitmix64() : 0, sq % 4 == 3 ? "\n" : "");
            fprintf(out, "},\n");
        }
        fprintf(out, "},\n");
    }
    fprintf(out, "},\n.zobrist_side = 0x%016" PRIx64 "ULL,\n", splitmix64());
}

int gen_main(int argc, char **argv, const char *what, const char *header, void (*gen)(void))
{
    out = gen_output(argc, argv);
    fprintf(out, "/* Generated by %s. Do not edit. */\n", what);
    /* Found through the library's lib/core include directory, wherever the build puts this file. */
    fprintf(out, "#include \"%s\"\n\n", header);
    gen();
    return fclose(out) == 0 ? 0 : 1;
}
