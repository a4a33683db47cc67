/*
** libboardgames — build-time generator of the janggi tables: rays, palace lines with both
** diagonals, horse and elephant legs (forward and reverse), soldier steps, setup masks and Zobrist
** keys. It writes one C file of const data, so the library has no run-time initialisation. The
** Zobrist keys come from a fixed-seed splitmix64: they are part of the library's stable output
** (bg_position_hash), so the seed and the order of generation must never change.
*/
#include <string.h>

#include "../palace/palace_gen.h"

#define SQ 90
#define SEED 0x4a616e6767693130ULL

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

static set ray[SQ][8], palace_step[SQ], horse_to[SQ][4], horse_att_from[SQ][4];
static set horse_att_any[SQ], eleph_att_from[SQ][4], eleph_att_any[SQ], soldier[2][SQ];
static set soldier_att[2][SQ];
static int horse_leg[SQ][4], horse_att_leg[SQ][4], eleph_leg1[SQ][8], eleph_leg2[SQ][8];
static int eleph_to[SQ][8], eleph_att_leg1[SQ][4], eleph_att_leg2[SQ][4];

static void generate(void)
{
    set board = {0, 0}, lines = {0, 0}, palace[2] = {{0, 0}, {0, 0}}, spoints[2] = {{0, 0}, {0, 0}};
    W = 9;
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
        const int pal = palace_of(f, r);
        if (pal >= 0)
            add(&palace[pal], sq);
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
                add(&ray[sq][d], sqr(cf, cr));
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
        gen_horse(sq, horse_leg[sq], horse_to[sq]);
        for (int d = 0; d < 4; d++) {
            /* Elephant: orthogonal leg d, then two diagonal steps leading away from the start. */
            const int lf = f + dirs[d][0], lr = r + dirs[d][1];
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
    gen_horse_reverse(horse_leg, horse_to, horse_att_leg, horse_att_from, horse_att_any);
    for (int sq = 0; sq < SQ; sq++) {
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
    }
    for (int c = 0; c < 2; c++)
        gen_reverse(soldier[c], soldier_att[c]);

    fprintf(out, "const jg_tables jg_tables_9x10 = {\n.board = ");
    put_set(board);
    fprintf(out, "\n");
    put_setsn("ray", ray[0], 8);
    fprintf(out, ".lines = ");
    put_set(lines);
    fprintf(out, "\n");
    put_sets("palace_step", palace_step);
    put_horse(horse_leg, horse_to, horse_att_leg, horse_att_from, horse_att_any);
    put_ints("eleph_leg1", eleph_leg1[0], 8);
    put_ints("eleph_leg2", eleph_leg2[0], 8);
    put_ints("eleph_to", eleph_to[0], 8);
    put_ints("eleph_att_leg1", eleph_att_leg1[0], 4);
    put_ints("eleph_att_leg2", eleph_att_leg2[0], 4);
    put_setsn("eleph_att_from", eleph_att_from[0], 4);
    put_sets("eleph_att_any", eleph_att_any);
    put_sides("soldier", soldier[0], soldier[1]);
    put_sides("soldier_att", soldier_att[0], soldier_att[1]);
    put_pair("palace", palace);
    put_pair("soldier_points", spoints);
    /* Zobrist keys: side, kind 0..7, point 0..89 in this order, then the side-to-move key. */
    put_zobrist(SEED, 8);
    fprintf(out, "};\n");
}

int main(int argc, char **argv)
{
    return gen_main(argc, argv, "janggi_gen_tables.c: janggi tables",
                    "../games/janggi/janggi_tables.h", generate);
}
