/* Every real shogi record of tests/data/real/shogi (KIF, KI2, CSA) read strictly and leniently: the games, plies, results and endings each file itself states. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <boardgames/boardgames.h>

#include "check_main.h"
#include "fixtures.h"

/* Usage: test_sn_real REAL_DIR (tests/data/real/shogi) */
static const char *real_dir = ".";

enum { SENTE_WINS = 1, GOTE_WINS = 2, NO_WIN = 0 };

/*
** What a correct reader gets from each file, decided by reading the files (see also
** tests/data/real/SOURCES): plies of the main line (for a game lost by a recorded illegal move,
** the legal moves before it), the result the file states (its terminal word, まで summary, %
** ending or server line; a mate the rules see), and the Termination tag. `strict_ok` 0: the file
** needs BG_RECORD_LENIENT, and a strict reader reports one error instead of the game.
*/
typedef struct real_case {
    const char *format, *file;
    int strict_ok;
    int plies;
    bg_outcome outcome;
    unsigned winners;
    bg_reason reason;
    const char *termination; /* NULL: none */
} real_case;

static const real_case cases[] = {
    /* "# ---- Kifu for Windows V7 V7.70": 19 moves, no terminal word: the game goes on. */
    {"kif", "kif/electron-shogi-utf8-bom.kifu", 1, 19, BG_ONGOING, NO_WIN, BG_REASON_NONE, NULL},
    /* "3 反則負け (00:24 / 00:01:01)#コメント10", "まで3手で先手の反則負け": sente fouled. */
    {"kif", "kif/kifparser-handmade-hash-comments.kifu", 0, 2, BG_WIN, GOTE_WINS,
     BG_REASON_RESIGNATION, "ILLEGAL_MOVE"},
    /* 香落ち, "143 投了", "まで142手で下手の勝ち" (下手 = sente). */
    {"kif", "kif/kifujs-20081220kyoochi-crlf.kif", 1, 142, BG_WIN, SENTE_WINS,
     BG_REASON_RESIGNATION, "TORYO"},
    /* "13 中断", "まで12手で中断". */
    {"kif", "kif/kifujs-henka-sjis.kif", 1, 12, BG_ONGOING, NO_WIN, BG_REASON_NONE, "CHUDAN"},
    /* "108 投了", "まで107手で先手の勝ち". */
    {"kif", "kif/kifujs-jt201409130101-sjis.kif", 1, 107, BG_WIN, SENTE_WINS,
     BG_REASON_RESIGNATION, "TORYO"},
    /* Tsume without sente's king: "4 詰み". */
    {"kif", "kif/kifujs-kifu-for-iphone-tsume.kif", 1, 3, BG_WIN, SENTE_WINS,
     BG_REASON_CHECKMATE, "TSUMI"},
    /* Tsume without sente's king, 19 moves and no terminal word: the rules see the mate. */
    {"kif", "kif/kifujs-shogidokoro-tsume.kifu", 1, 19, BG_WIN, SENTE_WINS, BG_REASON_CHECKMATE,
     NULL},
    /* "281 同　玉(59)" walks into check, "282 反則勝ち", "まで281手で後手の反則勝ち". */
    {"kif", "kif/shogigui-illegal-move-hansoku.kifu", 1, 280, BG_WIN, GOTE_WINS,
     BG_REASON_RESIGNATION, "ILLEGAL_MOVE"},
    /* Tsume without sente's king: "10 詰み", "まで9手詰". */
    {"kif", "kif/sugyan-everyday-tsume-crlf.kif", 1, 9, BG_WIN, SENTE_WINS, BG_REASON_CHECKMATE,
     "TSUMI"},
    /* 香落ち by ぴよ将棋w: "105 投了", "まで104手で下手の勝ち": 上手 resigned when mated (the rules see it). */
    {"kif", "kif/sugyan-piyo-shogi-handicap.kif", 1, 104, BG_WIN, SENTE_WINS,
     BG_REASON_CHECKMATE, "TORYO"},
    /* 15 moves, no summary. */
    {"ki2", "ki2/electron-shogi-utf8.ki2u", 1, 15, BG_ONGOING, NO_WIN, BG_REASON_NONE, NULL},
    /* "まで172手で後手の勝ち". */
    {"ki2", "ki2/kifujs-20091203-sjis.ki2", 1, 172, BG_WIN, GOTE_WINS, BG_REASON_RESIGNATION,
     "TORYO"},
    /* "まで2手で先手の反則負け": sente, to move, fouled. */
    {"ki2", "ki2/kifujs-illegal-hansoku-make-sjis.ki2", 1, 2, BG_WIN, GOTE_WINS,
     BG_REASON_RESIGNATION, "ILLEGAL_MOVE"},
    /*
    ** Tsume without sente's king, "まで49手詰": mate by tsume conventions (a futile interposition,
    ** 無駄合, is not counted) but not by the rules, so the recorded mate is gote's resignation.
    */
    {"ki2", "ki2/kifujs-kobayashi-tsume.ki2", 1, 49, BG_WIN, SENTE_WINS, BG_REASON_RESIGNATION,
     "TSUMI"},
    /* 81Dojo: gote's 25th move "-0066FU" is a second pawn on file 6; "#ILLEGAL_MOVE", "#SENTE_WIN". */
    {"csa", "csa/81dojo-4471112-illegal-move-server-lines.csa", 0, 24, BG_WIN, SENTE_WINS,
     BG_REASON_RESIGNATION, "ILLEGAL_MOVE"},
    /* "%KACHI,'* -5000 win" then the server's "%KACHI": sente's declaration (27 points) wins. */
    {"csa", "csa/dr1-aobazero-viper-kachi-comment.csa", 1, 400, BG_WIN, SENTE_WINS,
     BG_REASON_IMPASSE, "KACHI"},
    /* 20 moves, no ending. */
    {"csa", "csa/electron-shogi-sjis.csa", 1, 20, BG_ONGOING, NO_WIN, BG_REASON_NONE, NULL},
    /* "%TORYO", "'summary:toryo:gps_normal lose:gps_l win" (gps_l is N-, gote). */
    {"csa", "csa/floodgate-900-0-gps-20100507.csa", 1, 158, BG_WIN, GOTE_WINS,
     BG_REASON_RESIGNATION, "TORYO"},
    /* "%ILLEGAL_MOVE" then "T24": sente, to move, fouled. */
    {"csa", "csa/kifparser-wcsc31-illegal-move-end-time-sjis.csa", 1, 52, BG_WIN, GOTE_WINS,
     BG_REASON_RESIGNATION, "ILLEGAL_MOVE"},
    /* EUC-JP, padded statements with comments after commas, "%TORYO" when gote is mated. */
    {"csa", "csa/kifujs-2005-yamada-gps-eucjp.csa", 1, 107, BG_WIN, SENTE_WINS,
     BG_REASON_CHECKMATE, "TORYO"},
    /* "%CHUDAN,T51". */
    {"csa", "csa/kifujs-chudan-end-time-sjis.csa", 1, 3, BG_ONGOING, NO_WIN, BG_REASON_NONE,
     "CHUDAN"},
    /* "%ILLEGAL_MOVE,T0" after two moves: sente fouled. */
    {"csa", "csa/kifujs-illegal-lose.csa", 1, 2, BG_WIN, GOTE_WINS, BG_REASON_RESIGNATION,
     "ILLEGAL_MOVE"},
    /* Tsume without sente's king ("P-00AL" gives gote the rest), "%TSUMI". */
    {"csa", "csa/sugyan-tsumeshogi.csa", 1, 3, BG_WIN, SENTE_WINS, BG_REASON_CHECKMATE, "TSUMI"},
};
enum { NCASES = sizeof cases / sizeof cases[0] };

static char *slurp(const char *name, size_t *len) { return fx_read_file(real_dir, name, len); }

/* Read the whole file: the games (at most 4 kept) and the number of errors. */
static int read_all(const real_case *c, unsigned flags, bg_game **games, int *errors,
                    char *first_error, size_t cap)
{
    size_t len;
    char *data = slurp(c->file, &len);
    bg_record_reader *r = NULL;
    bg_error e = BG_ERROR_INIT;
    ck_assert_int_eq(bg_record_reader_open_memory(&r, bg_variant_find("shogi"), c->format, data,
                                                  len, NULL, flags, NULL, &e),
                     BG_OK);
    int n = 0;
    *errors = 0;
    first_error[0] = 0;
    for (;;) {
        bg_game *g = NULL;
        bg_status s = bg_record_reader_next(r, &g, &e);
        if (s == BG_E_END)
            break;
        if (s != BG_OK) {
            ck_assert_msg(e.message[0] && e.line > 0, "%s: an error without a message or line",
                          c->file);
            if (!*errors)
                snprintf(first_error, cap, "%s", e.message);
            (*errors)++;
            continue;
        }
        if (n < 4)
            games[n] = g;
        else
            bg_game_free(g);
        n++;
    }
    bg_record_reader_free(r);
    free(data);
    return n;
}

START_TEST(real_file)
{
    const real_case *c = &cases[_i];
    bg_game *games[4];
    char first[256];
    int errors;
    /* Lenient: the one game the file holds, as the file states it. */
    int n = read_all(c, BG_RECORD_LENIENT, games, &errors, first, sizeof first);
    ck_assert_msg(n == 1 && errors == 0, "%s lenient: %d games, %d errors (%s)", c->file, n, errors,
                  first);
    bg_game *g = games[0];
    ck_assert_msg(bg_game_ply_count(g) == c->plies, "%s: %d plies, expected %d", c->file,
                  bg_game_ply_count(g), c->plies);
    ck_assert_msg(bg_game_outcome(g) == c->outcome && bg_game_winners(g) == c->winners &&
                      bg_game_reason(g) == c->reason,
                  "%s: outcome %d winners %u reason %s, expected %d %u %s", c->file,
                  bg_game_outcome(g), bg_game_winners(g), bg_reason_name(bg_game_reason(g)),
                  c->outcome, c->winners, bg_reason_name(c->reason));
    const char *t = bg_game_tag(g, "Termination");
    ck_assert_msg(c->termination ? t && strcmp(t, c->termination) == 0 : t == NULL,
                  "%s: Termination %s, expected %s", c->file, t ? t : "(none)",
                  c->termination ? c->termination : "(none)");
    /* What was read is written back and reads the same. */
    int len = bg_game_export(g, c->format, NULL, 0);
    ck_assert_int_gt(len, 0);
    char *text = malloc((size_t)len + 1);
    ck_assert_int_eq(bg_game_export(g, c->format, text, (size_t)len + 1), len);
    bg_record_reader *r = NULL;
    ck_assert_int_eq(bg_record_reader_new(&r, bg_variant_find("shogi"), c->format, text,
                                          (size_t)len, NULL, NULL, NULL),
                     BG_OK);
    bg_game *back = NULL;
    bg_error e = BG_ERROR_INIT;
    ck_assert_msg(bg_record_reader_next(r, &back, &e) == BG_OK, "%s written back: %s\n%s",
                  c->file, e.message, text);
    ck_assert_int_eq(bg_game_ply_count(back), c->plies);
    ck_assert_int_eq(bg_game_outcome(back), c->outcome);
    ck_assert_uint_eq(bg_game_winners(back), c->winners);
    bg_game_free(back);
    bg_record_reader_free(r);
    free(text);
    bg_game_free(g);
    /* Strict: the same game, or one error when the file needs lenient mode. */
    n = read_all(c, 0, games, &errors, first, sizeof first);
    if (c->strict_ok) {
        ck_assert_msg(n == 1 && errors == 0, "%s strict: %d games, %d errors (%s)", c->file, n,
                      errors, first);
        ck_assert_int_eq(bg_game_ply_count(games[0]), c->plies);
        bg_game_free(games[0]);
    } else {
        ck_assert_msg(n == 0 && errors == 1, "%s strict: %d games, %d errors", c->file, n, errors);
        ck_assert_ptr_nonnull(strstr(first, "lenient"));
    }
}
END_TEST

int main(int argc, char **argv)
{
    if (argc > 1)
        real_dir = argv[1];
    TCase *tc = one_case("shoginotation-real", "real", -1);
    tcase_add_loop_test(tc, real_file, 0, NCASES);
    return run_cases();
}
