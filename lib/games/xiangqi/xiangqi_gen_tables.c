/*
** libboardgames — build-time generator of the xiangqi (9x10) and lion chess (11x10) tables: rays,
** palace and river steps, horse and elephant legs, setup masks and Zobrist keys. It writes one C
** file of const data, so the library has no run-time initialisation. The Zobrist keys come from
** a fixed-seed splitmix64: they are part of the library's stable output (bg_position_hash), so
** the seeds and the order of generation must never change.
*/
#include <string.h>

#include "../palace/palace_gen.h"

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

/* Side 0 (red) owns ranks 0-4, side 1 ranks 5-9. */
static int own_half(int side, int r) { return side == 0 ? r <= 4 : r >= 5; }
static int palace_lo(void) { return (W - 3) / 2; }
static int in_palace(int f, int r)
{
    return f >= palace_lo() && f <= palace_lo() + 2 && (r <= 2 || r >= 7);
}

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
    memset(soldier, 0, sizeof soldier);
    memset(elephant_eye, -1, sizeof elephant_eye);
    memset(elephant_to, -1, sizeof elephant_to);

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
        }
        gen_horse(sq, horse_leg[sq], horse_to[sq]);
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
    gen_horse_reverse(horse_leg, horse_to, horse_att_leg, horse_att_from, horse_att_any);
    for (int c = 0; c < 2; c++)
        gen_reverse(soldier[c], soldier_att[c]);

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
    fprintf(out, "\n");
    put_setsn("ray", ray[0], 8);
    put_sets("general", general);
    put_sets("advisor", advisor);
    put_ints("elephant_eye", elephant_eye[0], 4);
    put_ints("elephant_to", elephant_to[0], 4);
    put_horse(horse_leg, horse_to, horse_att_leg, horse_att_from, horse_att_any);
    put_sides("soldier", soldier[0], soldier[1]);
    put_sides("soldier_att", soldier_att[0], soldier_att[1]);
    put_pair("palace", palace);
    put_pair("advisor_points", advisor_points);
    put_pair("elephant_points", elephant_points);
    put_pair("soldier_points", soldier_points);
    put_pair("lion_points", lion_points);
    put_pair("crossed", crossed);
    fprintf(out, ".file_a = ");
    put_set(file_a);
    fprintf(out, "\n.file_last = ");
    put_set(file_last);
    /* Zobrist keys: side, kind 0..8, point 0..W*H-1 in this order, then the side-to-move key. */
    fprintf(out, "\n");
    put_zobrist(g->seed, 9);
    fprintf(out, "};\n\n");
}

static void generate_both(void)
{
    for (int i = 0; i < 2; i++)
        generate(&geometries[i]);
}

int main(int argc, char **argv)
{
    return gen_main(argc, argv, "xiangqi_gen_tables.c: xiangqi and lion chess tables",
                    "../games/xiangqi/xiangqi_tables.h", generate_both);
}
