/* Seed corpus generator: writes real position texts, move texts and records of every fuzz target into corpus/. */
#include <errno.h>
#include <sys/stat.h>

#include "fuzz_common.h"

/*
** Run from fuzz/: ./gen_seeds corpus. Positions and games come from fixed pseudo-random walks
** from each variant's start, so the output is reproducible; byte 0 (and 1) of each seed select
** what the target does with the text, computed with the same helpers the targets use.
*/
static const char *root;
static int serial;

static void put(const char *target, const uint8_t *head, size_t hlen, const char *text)
{
    char path[512];
    snprintf(path, sizeof path, "%s/%s", root, target);
    if (mkdir(path, 0755) != 0 && errno != EEXIST)
        exit(1);
    snprintf(path, sizeof path, "%s/%s/seed-%04d", root, target, serial++);
    FILE *f = fopen(path, "wb");
    if (!f)
        exit(1);
    fwrite(head, 1, hlen, f);
    fputs(text, f);
    fclose(f);
}

/* Plays `plies` moves of the fixed walk (the move target's midgame uses the same rule). */
static void walk(bg_position *pos, int plies)
{
    bg_move moves[2048];
    for (int ply = 0; ply < plies; ply++) {
        int n = bg_position_legal_moves(pos, moves, 2048);
        if (n <= 0)
            return;
        bg_position_play(pos, moves[(ply * 7 + 3) % n]);
    }
}

static void positions(const char *target, const char *variants, const char *formats, const char *options)
{
    static const int depths[] = {0, 9, 24, 57};
    for (unsigned sel = 0; sel < 256; sel++) {
        char vb[32], fb[32], ob[96];
        const char *vid = fuzz_pick(variants, sel >> 5, vb, sizeof vb);
        const char *fmt = fuzz_pick(formats, (sel >> 1) & 7, fb, sizeof fb);
        const char *opt = fuzz_pick(options, sel >> 4, ob, sizeof ob);
        /* One seed set per (variant, format, options) triple: the first selector byte that gives it. */
        int first = 1;
        for (unsigned s2 = 0; s2 < sel && first; s2++) {
            char vb2[32], fb2[32], ob2[96];
            const char *v2 = fuzz_pick(variants, s2 >> 5, vb2, sizeof vb2);
            const char *f2 = fuzz_pick(formats, (s2 >> 1) & 7, fb2, sizeof fb2);
            const char *o2 = fuzz_pick(options, s2 >> 4, ob2, sizeof ob2);
            if (strcmp(v2, vid) == 0 && (f2 ? fmt && strcmp(f2, fmt) == 0 : !fmt) &&
                (o2 ? opt && strcmp(o2, opt) == 0 : !opt))
                first = 0;
        }
        if (!first)
            continue;
        for (int d = 0; d < 4; d++) {
            bg_position *pos = NULL;
            if (bg_position_new(&pos, bg_variant_find(vid), opt, NULL, NULL) != BG_OK)
                continue;
            walk(pos, depths[d]);
            char *t = fuzz_position_text(pos, fmt);
            uint8_t head = (uint8_t)sel;
            if (t)
                put(target, &head, 1, t);
            free(t);
            bg_position_free(pos);
        }
    }
}

static void moves(void)
{
    for (int vi = 0; vi < bg_variant_count(); vi++) {
        const bg_variant *v = bg_variant_at(vi);
        for (int p = 0; p < 2; p++) {
            bg_position *pos = NULL;
            bg_position_new(&pos, v, NULL, NULL, NULL);
            if (p)
                walk(pos, 24);
            bg_move ms[2048];
            int n = bg_position_legal_moves(pos, ms, 2048);
            for (int k = 0; k < bg_variant_notation_count(v); k++) {
                for (int j = 0; j < n && j < 4; j++) {
                    char buf[256];
                    bg_move m = ms[(j * 13) % n];
                    if (bg_move_format(pos, m, bg_variant_notation_at(v, k), buf, sizeof buf) < 0)
                        continue;
                    uint8_t head[2] = {(uint8_t)vi, (uint8_t)(k | p << 4 | (j & 1) << 5)};
                    put("move", head, 2, buf);
                }
            }
            bg_position_free(pos);
        }
    }
}

static void records(const char *target, const char *variants, const char *format)
{
    for (unsigned sel = 0; sel < 2; sel++) {
        char vb[32];
        const bg_variant *v = bg_variant_find(fuzz_pick(variants, sel, vb, sizeof vb));
        for (int len = 6; len <= 60; len += 27) {
            bg_game *g = NULL;
            if (bg_game_new(&g, v, NULL, NULL, NULL) != BG_OK)
                continue;
            bg_game_set_tag(g, "Event", "fuzz seed");
            bg_move ms[2048];
            for (int ply = 0; ply < len; ply++) {
                int n = bg_position_legal_moves(bg_game_position(g), ms, 2048);
                if (n <= 0 || bg_game_play(g, ms[(ply * 11 + 5) % n]) != BG_OK)
                    break;
                if (ply == 3)
                    bg_game_set_comment(g, ply + 1, "a comment");
            }
            int need = bg_game_export(g, format, NULL, 0);
            if (need >= 0) {
                char *buf = malloc((size_t)need + 1);
                bg_game_export(g, format, buf, (size_t)need + 1);
                uint8_t head = (uint8_t)sel;
                put(target, &head, 1, buf);
                free(buf);
            }
            bg_game_free(g);
        }
    }
}

int main(int argc, char **argv)
{
    if (argc != 2)
        return 2;
    root = argv[1];
    mkdir(root, 0755);
    positions("position_chess", "chess", "|fen|xfen|shredder-fen|epd", "|chess960=true");
    positions("position_xiangqi", "xiangqi|lionchess", "|fen", "|ruleset=plain");
    positions("position_janggi", "janggi", "|fen", "|ruleset=modern");
    positions("position_sfen", "shogi|shoshogi|heianshogi|torishogi|minishogi", "|sfen", "");
    positions("position_sevenkingdoms", "sevenkingdoms", "|fen",
              "|players=3|players=qin+wei,han+chu,qi,yan,zhao");
    moves();
    records("record_pgn", "chess", "pgn");
    records("record_xqpgn", "xiangqi|lionchess", "pgn");
    records("record_gib", "janggi", "gib");
    records("record_skr", "sevenkingdoms", "skr");
    return 0;
}
