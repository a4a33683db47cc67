/* Real game records (tests/data/real): every file of tests/records/real_games.tsv read in lenient mode gives the expected games, skipped games and plies. */
#include <check.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <boardgames/boardgames.h>

#include "check_main.h"

typedef struct row {
    char file[256], variant[32], format[16];
    long read, skipped, plies;
    int line;
} row;

static row rows[256];
static int nrows;
static const char *data_dir;

static void load(const char *tsv)
{
    FILE *f = fopen(tsv, "r");
    if (!f) {
        fprintf(stderr, "cannot open %s\n", tsv);
        exit(2);
    }
    char line[1024];
    for (int ln = 1; fgets(line, sizeof line, f); ln++) {
        if (line[0] == '#' || line[0] == '\n')
            continue;
        row *r = &rows[nrows];
        if (nrows >= 256 || sscanf(line, "%255[^\t]\t%31[^\t]\t%15[^\t]\t%ld\t%ld\t%ld", r->file,
                                   r->variant, r->format, &r->read, &r->skipped, &r->plies) != 6) {
            fprintf(stderr, "%s:%d: bad row\n", tsv, ln);
            exit(2);
        }
        r->line = ln;
        nrows++;
    }
    fclose(f);
}

START_TEST(real_file)
{
    const row *r = &rows[_i];
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", data_dir, r->file);
    FILE *f = fopen(path, "rb");
    ck_assert_msg(f != NULL, "cannot open %s", path);
    const bg_variant *v = bg_variant_find(r->variant);
    ck_assert_msg(v != NULL, "%s: no variant %s", r->file, r->variant);
    bg_record_reader *rd = NULL;
    bg_error e = BG_ERROR_INIT;
    ck_assert_msg(bg_record_reader_open_file(&rd, v, r->format, f, NULL, BG_RECORD_LENIENT, NULL,
                                             &e) == BG_OK,
                  "%s: %s", r->file, e.message);
    long read = 0, skipped = 0, plies = 0;
    for (;;) {
        bg_game *g = NULL;
        bg_status s = bg_record_reader_next(rd, &g, &e);
        if (s == BG_E_END)
            break;
        ck_assert_msg(s != BG_E_IO, "%s: %s", r->file, e.message);
        if (s != BG_OK) {
            printf("# %s: skipped: %s\n", r->file, e.message);
            skipped++;
            continue;
        }
        read++;
        plies += bg_game_ply_count(g);
        bg_game_free(g);
    }
    bg_record_reader_free(rd);
    fclose(f);
    ck_assert_msg(read == r->read && skipped == r->skipped && plies == r->plies,
                  "%s (real_games.tsv line %d): read %ld, skipped %ld, %ld plies; expected %ld, "
                  "%ld, %ld",
                  r->file, r->line, read, skipped, plies, r->read, r->skipped, r->plies);
}
END_TEST

int main(int argc, char **argv)
{
    if (argc != 3) {
        fprintf(stderr, "usage: %s REAL_GAMES_TSV DATA_DIR\n", argv[0]);
        return 2;
    }
    load(argv[1]);
    data_dir = argv[2];
    TCase *tc = one_case("records-real", "real", 300);
    tcase_add_loop_test(tc, real_file, 0, nrows);
    return run_cases();
}
