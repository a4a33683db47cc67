/*
** Round trips of every legal move through SAN, LAN and UCI (format, then strict and lenient parse
** give back the same move; texts unique per position) on the perft positions and on random games.
** Usage: test_notation_roundtrip PERFT_DATA_DIR [--reduce N]  (N divides the work; the
** environment's BG_TEST_REDUCE, set by the valgrind setup, wins when larger)
*/
#include <check.h>
#include <stdio.h>
#include <stdlib.h>

#include "notation_helpers.h"
#include "check_main.h"
#include "xorshift.h"
#include "fixtures.h"

static const char *data_dir;
static long reduce = 1;
static long moves_checked;

static const char *const notations[] = {"san", "lan", "uci"};

static long legality_probes;

/*
** bg_position_is_legal (the engine's moves onto one square by one kind) against the legal list
** for every square pair, plain and promoting: pins, checks and en passant in the tricky positions.
*/
static void check_is_legal(const bg_position *p, const bg_move *moves, int n, const char *where)
{
    for (int from = 0; from < 64; from++)
        for (int to = 0; to < 64; to++)
            for (int kind = 0; kind <= 5; kind = kind ? kind + 1 : 2) {
                bg_move m = bg_move_make(from, to, kind);
                int listed = 0;
                for (int i = 0; i < n; i++)
                    listed |= moves[i] == m;
                REQUIRE(bg_position_is_legal(p, m) == listed, "%s: is_legal(%d -> %d, kind %d) = %d, "
                        "the legal list says %d", where, from, to, kind, !listed, listed);
                legality_probes++;
            }
}

/* Every legal move of p: formats, parses back (strict, lenient, any notation), no duplicates. */
static void check_position(const bg_position *p, const char *where)
{
    static char texts[3][256][24];
    static long calls;
    bg_move moves[256];
    int n = bg_position_legal_moves(p, moves, 256);
    REQUIRE(n >= 0 && n <= 256, "%s: %d legal moves", where, n);
    if (calls++ % 8 == 0)
        check_is_legal(p, moves, n, where);
    for (int i = 0; i < n; i++) {
        for (int k = 0; k < 3; k++) {
            char *t = texts[k][i];
            bg_move back = BG_MOVE_NONE;
            bg_error err = BG_ERROR_INIT;
            fx_move_round_trip(p, moves[i], notations[k], t, 24, where);
            bg_status s;
            /* Lenient SAN reads the other notations' texts too. */
            s = bg_move_parse(p, t, "san", BG_PARSE_LENIENT, &back, &err);
            REQUIRE(s == BG_OK && back == moves[i], "%s: lenient san of %s '%s': %s", where,
                          notations[k], t, err.message);
            fx_unnamed_parse(p, t, moves[i], where);
            fx_unique_text(t, texts[k][0], 24, i, notations[k], where);
        }
        moves_checked++;
    }
}

/* Random game from p (consumed), checking every position on the way. */
static void random_game(bg_position *p, int plies, uint64_t *seed, const char *where)
{
    bg_move moves[256];
    char label[160];
    for (int ply = 0; ply < plies; ply++) {
        snprintf(label, sizeof label, "%s ply %d", where, ply);
        check_position(p, label);
        int n = bg_position_legal_moves(p, moves, 256);
        if (n <= 0)
            break;
        bg_status st = bg_position_play(p, moves[xorshift64(seed) % (uint64_t)n]);
        REQUIRE(st == BG_OK, "%s: play: %s", label, bg_strerror(st));
    }
}

/* Positions of a python-chess style .perft file ("epd TEXT" lines); returns how many. */
static int load_epd(const char *file, char out[][128], int max, int stride)
{
    char path[1024], line[512];
    int count = 0, seen = 0;
    snprintf(path, sizeof path, "%s/%s", data_dir, file);
    FILE *f = fopen(path, "r");
    ck_assert_msg(f != NULL, "cannot open %s", path);
    while (count < max && fgets(line, sizeof line, f)) {
        if (strncmp(line, "epd ", 4) != 0)
            continue;
        if (seen++ % stride)
            continue;
        line[strcspn(line, "\r\n")] = 0;
        ck_assert_uint_lt(strlen(line + 4), 128);
        strcpy(out[count++], line + 4);
    }
    fclose(f);
    return count;
}

static bg_position *from_epd(const char *epd, const char *options)
{
    bg_position *p = NULL;
    bg_error err = BG_ERROR_INIT;
    bg_position_from_text(&p, chess(), epd, "epd", options, 0, NULL, &err);
    return p;
}

/* Whether every castling move is king from the e-file onto an a- or h-file rook. */
static int standard_castling(const bg_position *p)
{
    bg_move moves[256];
    int n = bg_position_legal_moves(p, moves, 256);
    for (int i = 0; i < n; i++)
        if (bg_position_move_flags(p, moves[i]) & BG_FLAG_CASTLE) {
            int from = BG_MOVE_FROM(moves[i]) % 8, to = BG_MOVE_TO(moves[i]) % 8;
            if (from != 4 || (to != 0 && to != 7))
                return 0;
        }
    return 1;
}

START_TEST(tricky_positions)
{
    static char epd[64][128];
    int n = load_epd("chess-tricky.perft", epd, 64, 1);
    int checked = 0;
    uint64_t seed = 0x9e3779b97f4a7c15u;
    ck_assert_int_ge(n, 15);
    for (int i = 0; i < n; i++) {
        /* Standard notation where castling is standard; Chess960 notation always. */
        bg_position *p = from_epd(epd[i], NULL);
        if (p && standard_castling(p)) {
            check_position(p, epd[i]);
            random_game(p, 40 / (int)reduce + 2, &seed, epd[i]);
            checked++;
        }
        bg_position_free(p);
        p = from_epd(epd[i], "chess960=true");
        if (p) {
            check_position(p, epd[i]);
            random_game(p, 40 / (int)reduce + 2, &seed, epd[i]);
            checked++;
        }
        bg_position_free(p);
    }
    ck_assert_int_ge(checked, n);
    fprintf(stderr, "tricky_positions: %ld moves checked in every notation\n", moves_checked);
    ck_assert_int_gt(legality_probes, 0);
}
END_TEST

START_TEST(chess960_positions)
{
    static char epd[1000][128];
    int n = load_epd("chess960.perft", epd, 1000, 10 * (int)reduce);
    uint64_t seed = 12345;
    ck_assert_int_ge(n, 960 / 10 / (int)reduce);
    for (int i = 0; i < n; i++) {
        bg_position *p = from_epd(epd[i], "chess960=true");
        ck_assert_msg(p != NULL, "cannot read %s", epd[i]);
        random_game(p, 60, &seed, epd[i]);
        bg_position_free(p);
    }
    fprintf(stderr, "chess960_positions: %ld moves checked in every notation\n", moves_checked);
}
END_TEST

START_TEST(random_positions)
{
    static char epd[1000][128];
    int n = load_epd("chess-random.perft", epd, 1000, 10 * (int)reduce);
    ck_assert_int_ge(n, 6838 / 10 / (int)reduce);
    for (int i = 0; i < n; i++) {
        bg_position *p = from_epd(epd[i], NULL);
        ck_assert_msg(p != NULL, "cannot read %s", epd[i]);
        check_position(p, epd[i]);
        bg_position_free(p);
    }
    fprintf(stderr, "random_positions: %ld moves checked in every notation\n", moves_checked);
}
END_TEST

START_TEST(random_games)
{
    uint64_t seed = 0x2545f4914f6cdd1du;
    int games = 60 / (int)reduce + 1;
    for (int g = 0; g < games; g++) {
        char where[32];
        bg_position *p = fen(NULL);
        snprintf(where, sizeof where, "random game %d", g);
        random_game(p, 200, &seed, where);
        bg_position_free(p);
    }
    fprintf(stderr, "random_games: %ld moves checked in every notation\n", moves_checked);
}
END_TEST

/*
** A game's UCI line (bg_game_line_text, which follows the board without the engine) against the
** same moves formatted one by one in their positions: random games from the tricky positions
** (castling both ways, en passant, promotions), standard and Chess960, and from the start.
*/
static void line_matches_moves(const char *text, const char *options, uint64_t *seed, long special[3])
{
    bg_game *g = NULL;
    bg_error err = BG_ERROR_INIT;
    bg_status st = text ? bg_game_new_from_text(&g, chess(), text, "epd", options, 0, NULL, &err)
                        : bg_game_new(&g, chess(), options, NULL, &err);
    if (st != BG_OK)
        return; /* (a tricky position that is not a Chess960 start: its castling is standard) */
    static char expect[200 * 8], line[200 * 8];
    size_t len = 0;
    bg_move moves[256];
    for (int ply = 0; ply < 120; ply++) {
        const bg_position *p = bg_game_position(g);
        int n = bg_position_legal_moves(p, moves, 256);
        if (n <= 0 || bg_game_outcome(g) != BG_ONGOING)
            break;
        /* Castling, en passant and promotion whenever one is legal: those are what the line follows. */
        int pick = (int)(xorshift64(seed) % (uint64_t)n);
        for (int i = 0; i < n; i++)
            if ((bg_position_move_flags(p, moves[i]) & (BG_FLAG_CASTLE | BG_FLAG_EN_PASSANT)) ||
                (moves[i] & BG_MOVE_PROMOTION))
                pick = i;
        unsigned flags = bg_position_move_flags(p, moves[pick]);
        special[0] += (flags & BG_FLAG_CASTLE) != 0;
        special[1] += (flags & BG_FLAG_EN_PASSANT) != 0;
        special[2] += (moves[pick] & BG_MOVE_PROMOTION) != 0;
        if (len)
            expect[len++] = ' ';
        int k = bg_move_format(p, moves[pick], "uci", expect + len, sizeof expect - len);
        ck_assert_int_gt(k, 0);
        len += (size_t)k;
        ck_assert_int_eq(bg_game_play(g, moves[pick]), BG_OK);
    }
    int k = bg_game_line_text(g, "uci", line, sizeof line);
    ck_assert_int_eq(k, (int)len);
    ck_assert_str_eq(line, expect);
    bg_game_free(g);
}

/* A line played from text and written back: the writer must see the board each move leaves. */
static void line_round_trip(const char *fen, const char *options, const char *uci)
{
    bg_game *g = NULL;
    bg_error err = BG_ERROR_INIT;
    ck_assert_int_eq(bg_game_new_from_text(&g, chess(), fen, "fen", options, 0, NULL, &err), BG_OK);
    char copy[512], line[512];
    snprintf(copy, sizeof copy, "%s", uci);
    for (char *t = strtok(copy, " "); t; t = strtok(NULL, " "))
        ck_assert_msg(bg_game_play_text(g, t, "uci", 0) == BG_OK, "%s: %s", t, bg_game_errmsg(g));
    ck_assert_int_eq(bg_game_line_text(g, "uci", line, sizeof line), (int)strlen(uci));
    ck_assert_str_eq(line, uci);
    bg_game_free(g);
}

START_TEST(uci_line_board)
{
    /* The pawn taken en passant leaves d5: black's king later steps there (not onto its own pawn). */
    line_round_trip("4k3/3p4/8/4P3/8/8/8/R3K3 b - - 0 1", NULL, "d7d5 e5d6 e8d7 e1e2 d7d6 e2e3 d6d5");
    /* The queen made on b8 is white's: the black king takes it (no castling onto it). */
    line_round_trip("4k3/1P6/8/8/8/8/8/R3K3 w - - 0 1", NULL, "b7b8q e8d7 b8c8 d7c8");
    /* After castling the rooks stand beside the kings: g1h1 and c8b8 are plain king moves. */
    line_round_trip("r3k3/8/8/8/8/8/8/R3K2R w KQq - 0 1", NULL, "e1g1 e8c8 g1h1 c8b8");
    /* Chess960 writes castling king-takes-rook, and the same plain king moves after it. */
    line_round_trip("1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/1R2K1R1 w KQkq - 0 1", "chess960=true",
                    "e1g1 e8b8 g1h1 c8b8");
}
END_TEST

START_TEST(uci_lines)
{
    static char epd[64][128];
    int n = load_epd("chess-tricky.perft", epd, 64, 1);
    uint64_t seed = 0x853c49e6748fea9bu;
    long special[3] = {0, 0, 0};
    for (int i = 0; i < n; i++) {
        line_matches_moves(epd[i], NULL, &seed, special);
        line_matches_moves(epd[i], "chess960=true", &seed, special);
    }
    for (int i = 0; i < 20; i++)
        line_matches_moves(NULL, i % 2 ? "chess960=true" : NULL, &seed, special);
    ck_assert_int_gt(special[0], 10); /* castles */
    ck_assert_int_gt(special[1], 10); /* en passant captures */
    ck_assert_int_gt(special[2], 10); /* promotions */
}
END_TEST

START_TEST(enough_moves_checked)
{
    /* Runs last in the same process (CK_FORK=no) or alone: then it checks its own batch. */
    long before = moves_checked;
    bg_position *p = fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
    check_position(p, "kiwipete");
    bg_position_free(p);
    ck_assert_int_eq(moves_checked - before, 48);
}
END_TEST

int main(int argc, char **argv)
{
    data_dir = first_arg(argc, argv, "PERFT_DATA_DIR");
    if (argc >= 4 && strcmp(argv[2], "--reduce") == 0 && atol(argv[3]) > 1)
        reduce = atol(argv[3]);
    const char *r = getenv("BG_TEST_REDUCE");
    if (r && atol(r) > reduce)
        reduce = atol(r);
    if (reduce > 50)
        reduce = 50;
    TCase *tc = one_case("notation-roundtrip", "roundtrip", 600);
    ADD_TESTS(tc, tricky_positions, chess960_positions, random_positions, random_games, uci_lines,
              uci_line_board,
              enough_moves_checked);
    return run_cases();
}
