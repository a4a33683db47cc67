/*
** libboardgames — build-time generator of chess attack tables (leapers, rays, magic bitboards).
** The output is a C file of const arrays, so the library has no run-time initialisation and no
** mutable global state. Magic numbers are searched with a fixed-seed PRNG: the output is the
** same on every build.
*/
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../core/gen_output.h"

typedef uint64_t u64;

static u64 rng_state = 0x9e3779b97f4a7c15ULL;

static u64 rng(void)
{
    /* xorshift64*: small, good enough to find magics quickly. */
    rng_state ^= rng_state >> 12;
    rng_state ^= rng_state << 25;
    rng_state ^= rng_state >> 27;
    return rng_state * 2685821657736338717ULL;
}

static u64 sparse(void) { return rng() & rng() & rng(); }

static const int rook_dirs[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
static const int bishop_dirs[4][2] = {{1, 1}, {1, -1}, {-1, 1}, {-1, -1}};

static int on_board(int f, int r) { return f >= 0 && f < 8 && r >= 0 && r < 8; }

static u64 slide(int sq, u64 occ, const int dirs[4][2])
{
    u64 a = 0;
    for (int d = 0; d < 4; d++) {
        int f = sq % 8 + dirs[d][0], r = sq / 8 + dirs[d][1];
        while (on_board(f, r)) {
            a |= 1ULL << (r * 8 + f);
            if (occ & (1ULL << (r * 8 + f)))
                break;
            f += dirs[d][0];
            r += dirs[d][1];
        }
    }
    return a;
}

/* Relevant occupancy: the ray squares except the last one in each direction. */
static u64 relevant_mask(int sq, const int dirs[4][2])
{
    u64 m = 0;
    for (int d = 0; d < 4; d++) {
        int f = sq % 8 + dirs[d][0], r = sq / 8 + dirs[d][1];
        while (on_board(f + dirs[d][0], r + dirs[d][1])) {
            m |= 1ULL << (r * 8 + f);
            f += dirs[d][0];
            r += dirs[d][1];
        }
    }
    return m;
}

struct magic {
    u64 mask, magic;
    unsigned shift, offset;
};

static u64 attack_table[102400 + 5248];
static unsigned table_used;

static void find_magics(struct magic *out, const int dirs[4][2])
{
    static u64 occs[4096], atts[4096], used[4096];
    for (int sq = 0; sq < 64; sq++) {
        u64 mask = relevant_mask(sq, dirs);
        int bits = __builtin_popcountll(mask);
        int n = 0;
        u64 sub = 0;
        do { /* Carry-Rippler enumeration of every subset of the mask. */
            occs[n] = sub;
            atts[n] = slide(sq, sub, dirs);
            n++;
            sub = (sub - mask) & mask;
        } while (sub);
        for (;;) {
            u64 magic = sparse();
            if (__builtin_popcountll((mask * magic) >> 56) < 6)
                continue;
            memset(used, 0, sizeof(u64) * (size_t)n);
            int ok = 1;
            for (int i = 0; i < n && ok; i++) {
                unsigned idx = (unsigned)((occs[i] * magic) >> (64 - bits));
                if (used[idx] == 0)
                    used[idx] = atts[i];
                else if (used[idx] != atts[i])
                    ok = 0;
            }
            if (!ok)
                continue;
            out[sq].mask = mask;
            out[sq].magic = magic;
            out[sq].shift = (unsigned)(64 - bits);
            out[sq].offset = table_used;
            for (int i = 0; i < n; i++) {
                unsigned idx = (unsigned)((occs[i] * magic) >> (64 - bits));
                attack_table[table_used + idx] = atts[i];
            }
            table_used += 1u << bits;
            break;
        }
    }
}

static void print_array(FILE *f, const char *name, const u64 *a, int n)
{
    fprintf(f, "const uint64_t %s[%d] = {\n", name, n);
    for (int i = 0; i < n; i++)
        fprintf(f, "0x%016" PRIx64 "ULL,%s", a[i], i % 4 == 3 ? "\n" : " ");
    fprintf(f, "};\n\n");
}

/* A table of 64 x 64 sets, by square pair. */
static void print_square_table(FILE *f, const char *name, u64 (*t)[64])
{
    fprintf(f, "const uint64_t %s[64][64] = {\n", name);
    for (int a = 0; a < 64; a++) {
        fprintf(f, "{");
        for (int b = 0; b < 64; b++)
            fprintf(f, "0x%" PRIx64 "ULL,", t[a][b]);
        fprintf(f, "},\n");
    }
    fprintf(f, "};\n\n");
}

int main(int argc, char **argv)
{
    FILE *f = gen_output(argc, argv);
    static struct magic rook[64], bishop[64];
    static u64 knight[64], king[64], pawn[2][64], between[64][64], line[64][64];

    for (int sq = 0; sq < 64; sq++) {
        int f = sq % 8, r = sq / 8;
        static const int kn[8][2] = {{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};
        for (int i = 0; i < 8; i++)
            if (on_board(f + kn[i][0], r + kn[i][1]))
                knight[sq] |= 1ULL << ((r + kn[i][1]) * 8 + f + kn[i][0]);
        for (int df = -1; df <= 1; df++)
            for (int dr = -1; dr <= 1; dr++)
                if ((df || dr) && on_board(f + df, r + dr))
                    king[sq] |= 1ULL << ((r + dr) * 8 + f + df);
        for (int df = -1; df <= 1; df += 2) {
            if (on_board(f + df, r + 1))
                pawn[0][sq] |= 1ULL << ((r + 1) * 8 + f + df);
            if (on_board(f + df, r - 1))
                pawn[1][sq] |= 1ULL << ((r - 1) * 8 + f + df);
        }
    }
    /* between[a][b]: squares strictly between a and b on a line; line[a][b]: the whole line. */
    for (int a = 0; a < 64; a++)
        for (int b = 0; b < 64; b++) {
            if (a == b)
                continue;
            int df = b % 8 - a % 8, dr = b / 8 - a / 8;
            int sf = (df > 0) - (df < 0), sr = (dr > 0) - (dr < 0);
            if (!(df == 0 || dr == 0 || df == dr || df == -dr))
                continue;
            for (int f = a % 8 + sf, r = a / 8 + sr; f != b % 8 || r != b / 8; f += sf, r += sr)
                between[a][b] |= 1ULL << (r * 8 + f);
            for (int f = a % 8, r = a / 8; on_board(f, r); f -= sf, r -= sr)
                line[a][b] |= 1ULL << (r * 8 + f);
            for (int f = a % 8, r = a / 8; on_board(f, r); f += sf, r += sr)
                line[a][b] |= 1ULL << (r * 8 + f);
        }

    find_magics(rook, rook_dirs);
    find_magics(bishop, bishop_dirs);

    fprintf(f, "/* Generated by chess_gen_tables.c: chess attack tables. Do not edit. */\n");
    fprintf(f, "#include \"chess_tables.h\"\n\n");
    print_array(f, "chess_knight_attacks", knight, 64);
    print_array(f, "chess_king_attacks", king, 64);
    fprintf(f, "const uint64_t chess_pawn_attacks[2][64] = {\n");
    for (int c = 0; c < 2; c++) {
        fprintf(f, "{");
        for (int i = 0; i < 64; i++)
            fprintf(f, "0x%016" PRIx64 "ULL,%s", pawn[c][i], i % 4 == 3 ? "\n" : " ");
        fprintf(f, "},\n");
    }
    fprintf(f, "};\n\n");
    print_square_table(f, "chess_between", between);
    print_square_table(f, "chess_line", line);
    const char *names[2] = {"chess_rook_magics", "chess_bishop_magics"};
    struct magic *ms[2] = {rook, bishop};
    for (int k = 0; k < 2; k++) {
        fprintf(f, "const chess_magic %s[64] = {\n", names[k]);
        for (int sq = 0; sq < 64; sq++)
            fprintf(f, "{0x%016" PRIx64 "ULL, 0x%016" PRIx64 "ULL, %u, %u},\n", ms[k][sq].mask,
                    ms[k][sq].magic, ms[k][sq].shift, ms[k][sq].offset);
        fprintf(f, "};\n\n");
    }
    fprintf(f, "const uint64_t chess_slider_attacks[%u] = {\n", table_used);
    for (unsigned i = 0; i < table_used; i++)
        fprintf(f, "0x%" PRIx64 "ULL,%s", attack_table[i], i % 8 == 7 ? "\n" : "");
    fprintf(f, "};\n");
    return fclose(f) == 0 ? 0 : 1;
}
