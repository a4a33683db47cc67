/*
** Robustness of the xiangqi notation parsers and the PGN reader on hostile text: mutated valid
** moves and files, random token soup. Never a crash or a hang; every failure a known status with
** an offset inside the text and no move; every success a legal move whose standard text names it.
** Usage: test_xq_robust [ROUNDS]  (default 20000)
*/
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <boardgames/boardgames.h>

#include "check_main.h"
#include "xorshift.h"

static long rounds = 20000;
static long accepted; /* parses that gave a move */

static int rnd(uint64_t *s, int n) { return (int)(xorshift64(s) % (uint64_t)n); }

/* Pieces of text the notations are made of, and some that they are not. */
static const char *const tokens[] = {
    "C", "H", "R", "P", "K", "A", "E", "L", "N", "B", "c", "h", "+", "-", ".", "=", "++", "--",
    "1", "2", "3", "5", "9", "10", "11", "0", "33", "1111", "炮", "馬", "車", "兵", "卒", "帥",
    "將", "仕", "士", "相", "象", "獅", "前", "中", "後", "后", "二", "三", "四", "五", "九", "十",
    "十一", "進", "退", "平", "进", "１", "８", "　", " ", "\xe4", "\xe4\xb8", "\xff", "\x80", "x",
};

static void mutate(char *t, size_t cap, uint64_t *rng)
{
    size_t n = strlen(t);
    switch (rnd(rng, 5)) {
    case 0: /* overwrite a byte */
        if (n)
            t[rnd(rng, (int)n)] = (char)(1 + rnd(rng, 255));
        break;
    case 1: /* cut */
        t[rnd(rng, (int)n + 1)] = 0;
        break;
    case 2: /* delete a byte */
        if (n) {
            size_t i = (size_t)rnd(rng, (int)n);
            memmove(t + i, t + i + 1, n - i);
        }
        break;
    default: { /* insert a token */
        const char *k = tokens[rnd(rng, (int)(sizeof tokens / sizeof tokens[0]))];
        size_t i = (size_t)rnd(rng, (int)n + 1), kn = strlen(k);
        if (n + kn + 1 <= cap) {
            memmove(t + i + kn, t + i, n - i + 1);
            memcpy(t + i, k, kn);
        }
        break;
    }
    }
}

static void check_parse(const bg_position *p, const char *text, const char *notation,
                        unsigned flags)
{
    bg_move m = 99;
    bg_error e = BG_ERROR_INIT;
    bg_status s = bg_move_parse(p, text, notation, flags, &m, &e);
    REQUIRE(e.code == s, "'%s': status %d but err.code %d", text, s, e.code);
    if (s != BG_OK) {
        REQUIRE(s == BG_E_PARSE || s == BG_E_ILLEGAL_MOVE || s == BG_E_AMBIGUOUS_MOVE ||
                    s == BG_E_ENCODING,
                "%s '%s': status %s", notation, text, bg_strerror(s));
        REQUIRE(m == BG_MOVE_NONE, "move left after an error");
        REQUIRE(e.offset <= strlen(text), "offset %zu beyond '%s'", e.offset, text);
        REQUIRE(e.message[0], "no message for '%s'", text);
        return;
    }
    char std[64];
    bg_move back = BG_MOVE_NONE;
    accepted++;
    REQUIRE(bg_position_is_legal(p, m), "%s '%s' gave an illegal move", notation, text);
    int n = bg_move_format(p, m, notation, std, sizeof std);
    REQUIRE(n > 0 && (size_t)n < sizeof std, "cannot format");
    REQUIRE(bg_move_parse(p, std, notation, 0, &back, NULL) == BG_OK && back == m,
            "%s '%s' read as %#x, but that move is written '%s'", notation, text, m, std);
}

static const char *const fens[][2] = {
    {"xiangqi", NULL},
    {"xiangqi", "4k4/9/6P2/2P3P2/2P3P2/9/9/9/9/3K5 w - - 0 1"},
    {"xiangqi", "4k1P2/6P2/6P2/6P2/6P2/9/9/9/9/3K5 w - - 0 1"},
    {"xiangqi", "4k4/9/9/9/9/6p2/2p3p2/2p3p2/9/3K5 b - - 0 1"},
    {"xiangqi", "4k4/9/9/1R7/9/9/9/1R7/9/3K5 w - - 0 1"},
    {"lionchess", NULL},
    {"lionchess", "4k6/11/P10/P9P/P9P/11/11/11/11/5K5 w - - 0 1"},
    {"lionchess", "4k6/11/11/11/1L9/11/11/11/1L9/5K5 w - - 0 1"},
};

START_TEST(test_mutated_moves)
{
    uint64_t rng = 0x1234567u + (uint64_t)_i;
    const bg_variant *v = bg_variant_find(fens[_i][0]);
    bg_position *p = NULL;
    bg_status s = fens[_i][1] ? bg_position_from_text(&p, v, fens[_i][1], NULL, NULL, 0, NULL, NULL)
                              : bg_position_new(&p, v, NULL, NULL, NULL);
    ck_assert_int_eq(s, BG_OK);
    bg_move moves[256];
    int n = bg_position_legal_moves(p, moves, 256);
    ck_assert_int_gt(n, 0);
    accepted = 0;
    for (long r = 0; r < rounds; r++) {
        const char *notation = r % 2 ? "wxf" : "chinese";
        char t[256];
        if (r % 5 == 4) { /* token soup */
            t[0] = 0;
            for (int k = rnd(&rng, 6); k >= 0; k--)
                strcat(t, tokens[rnd(&rng, (int)(sizeof tokens / sizeof tokens[0]))]);
        } else {
            ck_assert_int_gt(bg_move_format(p, moves[rnd(&rng, n)], notation, t, 64), 0);
            for (int k = rnd(&rng, 3); k >= 0; k--)
                mutate(t, sizeof t, &rng);
        }
        check_parse(p, t, notation, 0);
        check_parse(p, t, notation, BG_PARSE_LENIENT);
        check_parse(p, t, NULL, 0);
    }
    /* Some mutations leave a move standing (a file or a count changed): both paths run. */
    ck_assert_int_gt(accepted, rounds / 100);
    ck_assert_int_lt(accepted, 3 * rounds);
    bg_position_free(p);
}
END_TEST

static const char *const pgn_file =
    "[Game \"Chinese Chess\"]\n[Format \"WXF\"]\n"
    "1. C2.5 H8+7 {c} 2. H2+3 R9.8 $1 (2... R9+1) 3. R1.2 *\n\n"
    "[Game \"Chinese Chess\"]\n[Format \"Chinese\"]\n1. 炮二平五 馬8進7 2. 馬二進三 車9平8 1-0\n\n"
    "[Game \"Chinese Chess\"]\n[FEN \"4k4/9/6P2/2P3P2/2P3P2/9/9/9/9/3K5 w - - 0 1\"]\n"
    "1. 33.4 K5+1 2. 3+.4 將5退1 0-1\n\n"
    "[Game \"Chinese Chess\"]\n[Format \"ICCS\"]\n1. H2-E2 H9-G7 1/2-1/2\n";

START_TEST(test_mutated_pgn)
{
    uint64_t rng = 0xfeedbeefu;
    const bg_variant *v = bg_variant_find("xiangqi");
    long games = 0;
    for (long r = 0; r < rounds / 10; r++) {
        char t[2048];
        strcpy(t, pgn_file);
        for (int k = rnd(&rng, 8); k >= 0; k--)
            mutate(t, sizeof t, &rng);
        bg_record_reader *rd = NULL;
        ck_assert_int_eq(bg_record_reader_new(&rd, v, "pgn", t, strlen(t), NULL, NULL, NULL),
                         BG_OK);
        for (int calls = 0;; calls++) {
            bg_game *g = NULL;
            bg_error e = BG_ERROR_INIT;
            bg_status s = bg_record_reader_next(rd, &g, &e);
            REQUIRE(calls < 100, "the reader does not advance");
            if (s == BG_E_END)
                break;
            if (s == BG_OK) {
                games++;
                int len = bg_game_export(g, "pgn", NULL, 0);
                REQUIRE(len > 0, "export failed: %d", len);
                bg_game_free(g);
                continue;
            }
            REQUIRE(g == NULL, "game left after an error");
            REQUIRE(e.offset <= strlen(t), "offset beyond the text");
            REQUIRE(e.game_index >= 0 && e.line >= 1 && e.message[0], "error without place");
        }
        bg_record_reader_free(rd);
    }
    ck_assert_int_gt(games, rounds / 10); /* most mutations leave some games readable */
}
END_TEST

int main(int argc, char **argv)
{
    if (argc > 1)
        rounds = atol(argv[1]);
    TCase *tc = one_case("xqnotation-robust", "robust", 600);
    tcase_add_loop_test(tc, test_mutated_moves, 0, (int)(sizeof fens / sizeof fens[0]));
    tcase_add_test(tc, test_mutated_pgn);
    return run_cases();
}
