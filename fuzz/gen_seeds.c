/* Seed corpus generator: writes real position texts, move texts and records of every fuzz target into corpus/. */
#include <errno.h>
#include <iconv.h>
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

/* CP932 bytes of UTF-8 text (what Shift_JIS .kif files hold); NULL if a character has none. */
static char *to_sjis(const char *text)
{
    iconv_t cd = iconv_open("CP932", "UTF-8");
    if (cd == (iconv_t)-1)
        return NULL;
    size_t inleft = strlen(text), outleft = inleft + 1;
    char *out = malloc(outleft), *o = out, *in = (char *)text;
    size_t r = iconv(cd, &in, &inleft, &o, &outleft);
    iconv_close(cd);
    if (r == (size_t)-1 || inleft || !outleft) {
        free(out);
        return NULL;
    }
    *o = '\0';
    return out;
}

/* Puts an export of g: as it is, or in Shift_JIS with the encoding line saying so. */
static void put_game(const char *target, unsigned sel, const bg_game *g, const char *format, int sjis)
{
    int need = bg_game_export(g, format, NULL, 0);
    if (need < 0)
        return;
    char *buf = malloc((size_t)need + 1);
    bg_game_export(g, format, buf, (size_t)need + 1);
    uint8_t head = (uint8_t)sel;
    char *enc = sjis ? strstr(buf, "encoding=UTF-8") : NULL, *named = NULL;
    if (enc) {
        size_t n = strlen(buf) + 8;
        named = malloc(n);
        snprintf(named, n, "%.*sencoding=Shift_JIS%s", (int)(enc - buf), buf, enc + 14);
    }
    char *t = sjis ? to_sjis(named ? named : buf) : buf;
    free(named);
    if (t)
        put(target, &head, 1, t);
    if (t != buf)
        free(t);
    free(buf);
}

/*
** Two moves from the position before `ply` other than the game's, in the record's own notation:
** the text of a variation (KIF and KI2 keep them so).
*/
static void add_variation(bg_game *g, int ply, const char *notation)
{
    bg_game *c = NULL;
    if (bg_game_clone(&c, g) != BG_OK)
        return;
    while (bg_game_ply_count(c) >= ply)
        bg_game_undo(c);
    char text[256] = "";
    bg_move ms[2048];
    for (int k = 0; k < 2; k++) {
        int n = bg_position_legal_moves(bg_game_position(c), ms, 2048);
        if (n < 2)
            break;
        bg_move m = ms[(k + 1) % n];
        char mv[64];
        if (bg_move_format(bg_game_position(c), m, notation, mv, sizeof mv) < 0 ||
            bg_game_play(c, m) != BG_OK)
            break;
        strcat(strcat(text, k ? " " : ""), mv);
    }
    if (text[0])
        bg_game_add_variation(g, ply, text);
    bg_game_free(c);
}

/*
** Shogi family records of every variant: games from the start and from a midgame position (KIF's
** BOD board, CSA's P1..Pn rows), with Japanese tags, comments, move times, an ending and, where
** the format keeps them, variations.
*/
static void shogi_records(const char *target, const char *variants, const char *options,
                          const char *format, int sjis)
{
    static const char *const endings[] = {"", "CHUDAN", "TORYO"};
    char vb[32], ob[96];
    const unsigned nv = fuzz_count(variants), no = fuzz_count(options);
    /* Byte 0 = variant + nv * option, as fuzz_record.c reads it; pairs that do not fit are skipped. */
    for (unsigned sel = 0; sel < nv * no; sel++) {
        const bg_variant *v = bg_variant_find(fuzz_pick(variants, sel, vb, sizeof vb));
        const char *opt = fuzz_pick(options, sel / nv, ob, sizeof ob);
        for (int kind = 0; kind < 3; kind++) {
            bg_game *g = NULL;
            bg_position *pos = NULL;
            if (bg_position_new(&pos, v, opt, NULL, NULL) != BG_OK)
                break;
            if (kind == 2)
                walk(pos, 20);
            char *sfen = fuzz_position_text(pos, NULL);
            bg_position_free(pos);
            if (!sfen || bg_game_new_from_text(&g, v, sfen, NULL, opt, 0, NULL, NULL) != BG_OK) {
                free(sfen);
                continue;
            }
            free(sfen);
            bg_game_set_tag(g, "先手", "先手太郎");
            bg_game_set_tag(g, "後手", "後手花子");
            bg_game_set_tag(g, "棋戦", "fuzz seed");
            if (kind)
                bg_game_set_tag(g, "EVENT2", "ascii key");
            bg_game_set_comment(g, 0, "対局前のコメント");
            int len = kind == 1 ? 41 : 12;
            bg_move ms[2048];
            for (int ply = 0; ply < len; ply++) {
                int n = bg_position_legal_moves(bg_game_position(g), ms, 2048);
                if (n <= 0 || bg_game_play(g, ms[(ply * 11 + 5) % n]) != BG_OK)
                    break;
                char c[64];
                snprintf(c, sizeof c, "[%%emt 0:00:%02d%s]%s", ply % 60, kind == 1 && ply == 2 ? ".250" : "",
                         ply == 3 ? "\n三手目のコメント" : "");
                if (ply % 3 == 0 || kind == 1)
                    bg_game_set_comment(g, ply + 1, c);
            }
            if (strcmp(format, "csa") != 0 && bg_game_ply_count(g) > 4) {
                add_variation(g, 3, format);
                add_variation(g, bg_game_ply_count(g) - 1, format);
            }
            if (endings[kind][0])
                bg_game_set_tag(g, "Termination", endings[kind]);
            if (kind == 2)
                bg_game_resign(g, bg_position_side_to_move(bg_game_position(g)));
            put_game(target, sel, g, format, sjis);
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
    positions("position_chess", "chess", "|fen|xfen|shredder-fen|epd", "|chess960=true|fiftymove=automatic");
    positions("position_xiangqi", "xiangqi|lionchess", "|fen", "|ruleset=plain|checklimit=3");
    positions("position_janggi", "janggi", "|fen", "|ruleset=modern|ruleset=tournament");
    /* Options by variant: entries 2k and 2k + 1 go with variant k (fuzz_position.c's selector). */
    positions("position_sfen", "shogi|shoshogi|heianshogi|torishogi|minishogi|microshogi|judkinsshogi", "|sfen",
              "|dropmate=any||promotion=mandatory|board=9x8|promotion=optional||rules=seed|||||||"
              "impasse=try|dropmate=any");
    positions("position_sevenkingdoms", "sevenkingdoms", "|fen",
              "|players=3|players=qin+wei,han+chu,qi,yan,zhao|players=qin,chu,qi"
              "|alliances=free");
    moves();
    records("record_pgn", "chess", "pgn");
    records("record_xqpgn", "xiangqi|lionchess", "pgn");
    records("record_gib", "janggi", "gib");
    records("record_skr", "sevenkingdoms", "skr");
    const char *ropts = "|board=9x8|rules=seed|dropmate=any|promotion=mandatory";
    shogi_records("record_kif", "shogi|shoshogi|heianshogi|torishogi|minishogi|microshogi|judkinsshogi", ropts, "kif", 0);
    shogi_records("record_kif_sjis", "shogi|shoshogi|heianshogi|torishogi|minishogi|microshogi|judkinsshogi", ropts, "kif", 1);
    shogi_records("record_ki2", "shogi|shoshogi|heianshogi|torishogi|minishogi|microshogi|judkinsshogi", ropts, "ki2", 0);
    shogi_records("record_csa", "shogi|heianshogi|minishogi|microshogi|judkinsshogi",
                  "|board=9x8|dropmate=any|promotion=optional", "csa", 0);
    return 0;
}
