/*
** Robustness of the shogi family texts against hostile input: mutated KIF, KI2 and CSA records
** (bytes flipped, cut, duplicated, Japanese words and markers spliced in, Shift_JIS-looking
** bytes) and mangled move texts in every notation. Never a crash; a record that reads gives a
** game whose export reads back to the same moves; a move text that parses formats back to a
** text naming the same move. Usage: test_sn_robust [ROUNDS]
*/
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <boardgames/boardgames.h>

#include "check_main.h"
#include "xorshift.h"
#include "fixtures.h"

static long rounds = 20000;

static uint64_t rng = 0x2545f4914f6cdd1dull;
static uint64_t next_rand(void)
{
    return xorshift64(&rng);
}
static size_t pick(size_t n) { return n ? (size_t)(next_rand() % n) : 0; }

static const char *const words[] = {
    "同", "　", "成", "不成", "打", "右", "左", "直", "上", "引", "寄", "▲", "△", "歩", "龍", "馬",
    "玉", "変化：", "手", "投了", "中断", "まで", "*", "\n", "(", ")", "(77)", "：", "手合割：",
    "香落ち", "|", "v", "・", "+", "-", "%", "T", "'", "/", "P1", "PI", "00", "AL", "FU", "TO",
    "1", "9", "0", " ", "\r\n", "\x81", "\x82\xa0", "\xe3", "\xff", "後手番", "手数＝", "+", "",
};

static char *mutate(const char *src, size_t *len)
{
    size_t n = strlen(src), cap = n * 2 + 256;
    char *out = malloc(cap);
    memcpy(out, src, n);
    int edits = 1 + (int)pick(4);
    for (int e = 0; e < edits; e++) {
        size_t at = pick(n + 1);
        switch (pick(5)) {
        case 0: /* flip a byte */
            if (n)
                out[pick(n)] ^= (char)(1 << pick(8));
            break;
        case 1: { /* cut a range */
            size_t k = pick(16);
            if (at + k > n)
                k = n - at;
            memmove(out + at, out + at + k, n - at - k);
            n -= k;
            break;
        }
        case 2: { /* splice a word */
            const char *w = words[pick(sizeof words / sizeof words[0])];
            size_t k = strlen(w);
            if (n + k + 1 < cap) {
                memmove(out + at + k, out + at, n - at);
                memcpy(out + at, w, k);
                n += k;
            }
            break;
        }
        case 3: { /* duplicate a range (whole lines now and then) */
            size_t k = pick(40);
            if (at + k > n)
                k = n - at;
            if (n + k + 1 < cap) {
                memmove(out + at + k, out + at, n - at);
                memcpy(out + at + k, out + at, k);
                n += k;
            }
            break;
        }
        default: /* truncate */
            n = at;
        }
    }
    out[n] = 0;
    *len = n;
    return out;
}

static bg_game *random_game(const char *variant, int plies)
{
    bg_game *g = NULL;
    ck_assert_int_eq(bg_game_new(&g, bg_variant_find(variant), NULL, NULL, NULL), BG_OK);
    bg_move moves[1024];
    for (int i = 0; i < plies && bg_game_outcome(g) == BG_ONGOING; i++) {
        int n = bg_position_legal_moves(bg_game_position(g), moves, 1024);
        if (n <= 0)
            break;
        ck_assert_int_eq(bg_game_play(g, moves[pick((size_t)n)]), BG_OK);
        if (i % 5 == 0)
            bg_game_set_comment(g, i + 1, "[%emt 0:00:07]\nコメント");
    }
    return g;
}

static char *export(const bg_game *g, const char *format) { return fx_export(g, format); }

START_TEST(mutated_records)
{
    static const char *const variants[] = {"shogi", "minishogi", "torishogi", "shoshogi"};
    long read = 0, failed = 0;
    for (int vi = 0; vi < 4; vi++) {
        const bg_variant *v = bg_variant_find(variants[vi]);
        for (int f = 0; f < bg_variant_record_format_count(v); f++) {
            const char *fmt = bg_variant_record_format_at(v, f);
            bg_game *base = random_game(variants[vi], 60);
            bg_game_add_variation(base, 3, "７六歩(77) ３四歩(33) (８四歩(83)) ２六歩(27)");
            char *text = export(base, fmt);
            for (long r = 0; r < rounds / 16; r++) {
                size_t len;
                char *m = mutate(text, &len);
                bg_record_reader *rd = NULL;
                bg_error e = BG_ERROR_INIT;
                REQUIRE(bg_record_reader_new(&rd, v, fmt, m, len, NULL, NULL, &e) == BG_OK, "%s",
                        e.message);
                for (int games = 0; games < 50; games++) {
                    bg_game *g = NULL;
                    bg_status s = bg_record_reader_next(rd, &g, &e);
                    if (s == BG_E_END)
                        break;
                    if (s != BG_OK) {
                        /* Shift_JIS input is converted first: offsets are in the UTF-8 text. */
                        REQUIRE(e.line >= 1 && e.offset <= 3 * len + 3,
                                "%s: error without a position: %s (offset %zu of %zu)", fmt,
                                e.message, e.offset, len);
                        failed++;
                        continue;
                    }
                    read++;
                    char *again = export(g, fmt);
                    bg_record_reader *rd2 = NULL;
                    REQUIRE(bg_record_reader_new(&rd2, v, fmt, again, strlen(again), NULL, NULL,
                                                 &e) == BG_OK,
                            "%s", e.message);
                    bg_game *g2 = NULL;
                    s = bg_record_reader_next(rd2, &g2, &e);
                    REQUIRE(s == BG_OK, "%s: export of a read game does not read back: %s\n%s",
                            fmt, e.message, again);
                    REQUIRE(bg_game_ply_count(g2) == bg_game_ply_count(g), "%s: plies differ", fmt);
                    for (int i = 0; i < bg_game_ply_count(g); i++)
                        REQUIRE(bg_game_move_at(g2, i) == bg_game_move_at(g, i), "%s: ply %d differs",
                                fmt, i + 1);
                    bg_game_free(g2);
                    bg_record_reader_free(rd2);
                    free(again);
                    bg_game_free(g);
                }
                bg_record_reader_free(rd);
                free(m);
            }
            free(text);
            bg_game_free(base);
        }
    }
    printf("# mutated records: %ld games read and re-read, %ld refused with a position\n", read,
           failed);
    ck_assert_int_gt(read, 0);
    ck_assert_int_gt(failed, 0);
}
END_TEST

START_TEST(mangled_moves)
{
    static const char *const variants[] = {"shogi", "minishogi", "torishogi", "shoshogi", "heianshogi"};
    long ok = 0, refused = 0;
    for (int vi = 0; vi < 5; vi++) {
        const bg_variant *v = bg_variant_find(variants[vi]);
        bg_game *g = random_game(variants[vi], 40);
        const bg_position *pos = bg_game_position(g);
        bg_move moves[1024];
        int n = bg_position_legal_moves(pos, moves, 1024);
        if (n <= 0) {
            bg_game_free(g);
            continue;
        }
        for (long r = 0; r < rounds / 5; r++) {
            const char *notation = bg_variant_notation_at(v, (int)pick((size_t)bg_variant_notation_count(v)));
            char text[64];
            ck_assert_int_gt(bg_move_format(pos, moves[pick((size_t)n)], notation, text, sizeof text), 0);
            size_t len;
            char *m = mutate(text, &len);
            for (int lenient = 0; lenient < 2; lenient++) {
                bg_move got;
                bg_error e = BG_ERROR_INIT;
                bg_status s = bg_move_parse(pos, m, notation, lenient ? BG_PARSE_LENIENT : 0, &got, &e);
                if (s != BG_OK) {
                    REQUIRE(s == BG_E_PARSE || s == BG_E_ILLEGAL_MOVE || s == BG_E_AMBIGUOUS_MOVE,
                            "'%s' (%s): %s", m, notation, bg_strerror(s));
                    REQUIRE(e.offset <= len, "'%s': offset %zu past the text", m, e.offset);
                    refused++;
                    continue;
                }
                REQUIRE(bg_position_is_legal(pos, got), "'%s' gave an illegal move", m);
                char back[64];
                bg_move again;
                ck_assert_int_gt(bg_move_format(pos, got, notation, back, sizeof back), 0);
                REQUIRE(bg_move_parse(pos, back, notation, 0, &again, NULL) == BG_OK && again == got,
                        "'%s' -> '%s' does not read back", m, back);
                ok++;
            }
            free(m);
        }
        bg_game_free(g);
    }
    printf("# mangled moves: %ld parsed, %ld refused\n", ok, refused);
    ck_assert_int_gt(ok, 0);
    ck_assert_int_gt(refused, 0);
}
END_TEST

int main(int argc, char **argv)
{
    rounds = (argc > 1 ? strtol(argv[1], NULL, 10) : rounds) / test_reduce();
    TCase *tc = one_case("shoginotation-robust", "robust", 0);
    ADD_TESTS(tc, mutated_records, mangled_moves);
    return run_cases();
}
