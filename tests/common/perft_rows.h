/* Perft rows of the tests/data/perft TSV files (fen, depth, nodes, provenance) for the Check perft programs of xiangqi, lion chess and janggi. */
#ifndef PERFT_ROWS_H
#define PERFT_ROWS_H

#include <check.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <boardgames/boardgames.h>

#include "loop_run.h"

#define PR_MAX_ROWS 256

typedef struct pr_row {
    char fen[160];
    char note[512]; /* the provenance column as written ("" when the row has none) */
    int depth, line;
    uint64_t nodes;
} pr_row;

/*
** "fen<TAB>depth<TAB>nodes<TAB>provenance", '#' lines are comments. Keeps the rows with
** min_nodes < nodes <= max_nodes (at most PR_MAX_ROWS) and returns how many, or -1 after a
** message on stderr: unreadable file, a row that is not one (need_note: without provenance),
** or no row selected.
*/
static inline int pr_load(const char *path, uint64_t min_nodes, uint64_t max_nodes, int need_note,
                          pr_row *rows)
{
    FILE *f = fopen(path, "r");
    char line[512];
    int lineno = 0, nrows = 0;
    if (!f) {
        fprintf(stderr, "cannot open %s\n", path);
        return -1;
    }
    while (fgets(line, sizeof line, f)) {
        lineno++;
        if (line[0] == '#' || line[0] == '\n')
            continue;
        char *t1 = strchr(line, '\t'), *t2 = t1 ? strchr(t1 + 1, '\t') : NULL;
        char *t3 = t2 ? strchr(t2 + 1, '\t') : NULL;
        if (!t2 || (need_note && !t3) || nrows == PR_MAX_ROWS ||
            (size_t)(t1 - line) >= sizeof rows[0].fen) {
            fprintf(stderr, "%s:%d: not a perft row\n", path, lineno);
            fclose(f);
            return -1;
        }
        pr_row *r = &rows[nrows];
        memset(r, 0, sizeof *r);
        r->line = lineno;
        memcpy(r->fen, line, (size_t)(t1 - line));
        r->depth = atoi(t1 + 1);
        r->nodes = strtoull(t2 + 1, NULL, 10);
        if (t3)
            snprintf(r->note, sizeof r->note, "%s", t3 + 1);
        nrows += r->nodes > min_nodes && r->nodes <= max_nodes;
    }
    fclose(f);
    if (nrows == 0)
        fprintf(stderr, "no rows selected from %s\n", path);
    return nrows ? nrows : -1;
}

/* Divide at depth >= 2 lists every legal move and adds up to the row's node count. */
static inline void pr_check_divide(bg_position *pos, const pr_row *r)
{
    if (r->depth < 2)
        return;
    bg_move moves[256];
    uint64_t counts[256], sum = 0;
    int n = bg_position_divide(pos, r->depth, moves, counts, 256);
    ck_assert_int_eq(n, bg_position_legal_moves(pos, NULL, 0));
    for (int i = 0; i < n; i++)
        sum += counts[i];
    ck_assert_msg(sum == r->nodes, "line %d: divide adds up to %" PRIu64, r->line, sum);
}

#endif
