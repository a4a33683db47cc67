/* Moves-only record reading (BG_RECORD_MOVES_ONLY, its fast token and move paths) against the full reading: the same games, endings and errors on real, generated and damaged PGN. */
#include <check.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <boardgames/boardgames.h>

#include "check_main.h"
#include "xorshift.h"

static const char *data_dir;
/* What the comparisons of the running test found: games read and errors reported (each test
   checks that it compared both, in the process Check runs it in). */
static long games_compared, errors_compared;

/* Check records every passing assertion: the loops below test with plain ifs. */
#define REQUIRE(cond, ...)                                                                         \
    do {                                                                                           \
        if (!(cond))                                                                               \
            ck_abort_msg(__VA_ARGS__);                                                             \
    } while (0)

static void same_game(const bg_game *a, const bg_game *b, const char *where, int game)
{
    int n = bg_game_ply_count(a);
    REQUIRE(n == bg_game_ply_count(b), "%s: game %d: %d plies, moves only %d", where, game, n,
            bg_game_ply_count(b));
    for (int i = 0; i < n; i++)
        REQUIRE(bg_game_move_at(a, i) == bg_game_move_at(b, i),
                "%s: game %d: ply %d differs (%08x, moves only %08x)", where, game, i + 1,
                (unsigned)bg_game_move_at(a, i), (unsigned)bg_game_move_at(b, i));
    REQUIRE(bg_game_outcome(a) == bg_game_outcome(b) && bg_game_reason(a) == bg_game_reason(b) &&
                bg_game_winners(a) == bg_game_winners(b),
            "%s: game %d: ending %d/%s, moves only %d/%s", where, game, (int)bg_game_outcome(a),
            bg_reason_name(bg_game_reason(a)), (int)bg_game_outcome(b),
            bg_reason_name(bg_game_reason(b)));
    const char *ra = bg_game_tag(a, "Result"), *rb = bg_game_tag(b, "Result");
    REQUIRE((!ra && !rb) || (ra && rb && strcmp(ra, rb) == 0),
            "%s: game %d: Result %s, moves only %s", where, game, ra ? ra : "(none)",
            rb ? rb : "(none)");
    char fa[256], fb[256];
    bg_position_text(bg_game_start_position(a), NULL, fa, sizeof fa);
    bg_position_text(bg_game_start_position(b), NULL, fb, sizeof fb);
    REQUIRE(strcmp(fa, fb) == 0, "%s: game %d: start %s, moves only %s", where, game, fa, fb);
    bg_position_text(bg_game_position(a), NULL, fa, sizeof fa);
    bg_position_text(bg_game_position(b), NULL, fb, sizeof fb);
    REQUIRE(strcmp(fa, fb) == 0, "%s: game %d: end %s, moves only %s", where, game, fa, fb);
}

/* Every game of text read twice, with flags and with flags | BG_RECORD_MOVES_ONLY, in step. */
static void compare(const char *variant, const char *text, size_t len, unsigned flags,
                    const char *where)
{
    const bg_variant *v = bg_variant_find(variant);
    bg_record_reader *full = NULL, *fast = NULL;
    bg_error e1 = BG_ERROR_INIT, e2 = BG_ERROR_INIT;
    REQUIRE(v && bg_record_reader_open_memory(&full, v, "pgn", text, len, NULL, flags, NULL, &e1) ==
                     BG_OK,
            "%s: %s", where, e1.message);
    REQUIRE(bg_record_reader_open_memory(&fast, v, "pgn", text, len, NULL,
                                         flags | BG_RECORD_MOVES_ONLY, NULL, &e2) == BG_OK,
            "%s: %s", where, e2.message);
    for (int game = 1;; game++) {
        bg_game *a = NULL, *b = NULL;
        bg_status s1 = bg_record_reader_next(full, &a, &e1);
        bg_status s2 = bg_record_reader_next(fast, &b, &e2);
        REQUIRE(s1 == s2, "%s: call %d: status %d (%s), moves only %d (%s)", where, game, s1,
                e1.message, s2, e2.message);
        if (s1 == BG_OK) {
            same_game(a, b, where, game);
            games_compared++;
        } else if (s1 != BG_E_END) {
            REQUIRE(e1.game_index == e2.game_index && e1.line == e2.line &&
                        e1.column == e2.column && e1.ply == e2.ply && e1.offset == e2.offset &&
                        strcmp(e1.message, e2.message) == 0,
                    "%s: call %d: error game %d line %d col %d ply %d at %zu '%s'; moves only "
                    "game %d line %d col %d ply %d at %zu '%s'",
                    where, game, e1.game_index, e1.line, e1.column, e1.ply, e1.offset, e1.message,
                    e2.game_index, e2.line, e2.column, e2.ply, e2.offset, e2.message);
            errors_compared++;
        }
        bg_game_free(a);
        bg_game_free(b);
        if (s1 == BG_E_END)
            break;
    }
    bg_record_reader_free(full);
    bg_record_reader_free(fast);
}

static char *slurp(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *p = malloc((size_t)n + 1);
    *len = p ? fread(p, 1, (size_t)n, f) : 0;
    fclose(f);
    return p;
}

/* The PGN files of tests/data/real/<dir>, strict and lenient. */
static void real_dir(const char *dir, const char *variant)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", data_dir, dir);
    DIR *d = opendir(path);
    ck_assert_msg(d != NULL, "cannot open %s", path);
    int files = 0;
    for (struct dirent *de; (de = readdir(d)) != NULL;) {
        size_t n = strlen(de->d_name);
        if (n < 4 || strcmp(de->d_name + n - 4, ".pgn") != 0)
            continue;
        snprintf(path, sizeof path, "%s/%s/%s", data_dir, dir, de->d_name);
        size_t len;
        char *text = slurp(path, &len);
        ck_assert_msg(text != NULL, "cannot read %s", path);
        compare(variant, text, len, 0, path);
        compare(variant, text, len, BG_RECORD_LENIENT, path);
        free(text);
        files++;
    }
    closedir(d);
    ck_assert_msg(games_compared > 0, "no game read in %s", dir);
    ck_assert_msg(files > 0, "no PGN file in %s", dir);
}

START_TEST(real_chess) { real_dir("chess", "chess"); }
END_TEST

START_TEST(real_xiangqi) { real_dir("xiangqi", "xiangqi"); }
END_TEST

/*
** Records that go on past an ending: moves after a mate or a stalemate (refused as "after the end
** of the game"), a fivefold repetition and a dead position played past (the draw stands).
*/
static const char *const past_endings[] = {
    "[Event \"mate\"]\n\n1. f3 e5 2. g4 Qh4# 3. a3 a6 0-1\n",
    "[Event \"stalemate\"]\n[SetUp \"1\"]\n[FEN \"7k/8/6K1/8/8/8/8/5Q2 w - - 0 1\"]\n\n"
    "1. Qf7 1/2-1/2\n",
    "[Event \"stalemate then a move\"]\n[SetUp \"1\"]\n[FEN \"7k/8/6K1/8/8/8/8/5Q2 w - - 0 1\"]\n\n"
    "1. Qf7 Kh7 *\n",
    "[Event \"fivefold\"]\n\n1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 5. Nf3 Nf6 6. Ng1 Ng8 "
    "7. Nf3 Nf6 8. Ng1 Ng8 9. e4 e5 1/2-1/2\n",
    "[Event \"fivefold, not the start\"]\n\n1. e4 e5 2. Nf3 Nf6 3. Ng1 Ng8 4. Nf3 Nf6 5. Ng1 Ng8 "
    "6. Nf3 Nf6 7. Ng1 Ng8 8. Nf3 Nf6 9. Ng1 Ng8 10. Nf3 Nf6 11. Ng1 Ng8 12. d4 *\n",
    "[Event \"dead position\"]\n[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/4r3/4K3 w - - 0 1\"]\n\n"
    "1. Kxe2 Kd7 2. Kd3 Kc6 1/2-1/2\n",
    "[Event \"75 moves\"]\n[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/8/R3K3 w - - 148 80\"]\n\n"
    "80. Ra2 Kd8 81. Ra3 Kxe8 *\n",
};

START_TEST(played_past_endings)
{
    games_compared = 0;
    for (size_t i = 0; i < sizeof past_endings / sizeof *past_endings; i++) {
        compare("chess", past_endings[i], strlen(past_endings[i]), 0, past_endings[i]);
        compare("chess", past_endings[i], strlen(past_endings[i]), BG_RECORD_LENIENT,
                past_endings[i]);
    }
    ck_assert_msg(games_compared >= 8, "%ld games compared", games_compared);
}
END_TEST

/*
** Xiangqi endings a record can play past, reached at the record's last move (the moves-only
** reading must find each there, as a full reading does) and then played past (compared only).
*/
static const struct {
    const char *fen, *moves, *past, *result;
    bg_outcome outcome;
    bg_reason reason;
} xq_endings[] = {
    /* Red's chariot checks from a10 and a9 in turn: red loses the third occurrence. */
    {"4k4/9/R8/9/9/9/9/9/9/3K5 w - - 0 1", "A7-A9 E9-E8 A9-A8 E8-E9 A8-A9 E9-E8 A9-A8 E8-E9 A8-A9",
     "E9-E8", "0-1", BG_WIN, BG_REASON_PERPETUAL_CHECK},
    /* One check, one idle move: the third occurrence is a draw. */
    {"4k4/9/R8/9/9/9/9/9/9/3K5 w - - 0 1", "A7-A9 E9-E8 A9-A7 E8-E9 A7-A9 E9-E8 A9-A7 E8-E9",
     "A7-A6", "1/2-1/2", BG_DRAW, BG_REASON_REPETITION},
    /* The last chariot taken. */
    {"4k4/R8/9/9/9/9/9/9/9/3K1A3 w - - 0 1", "A8-E8 E9-E8", "D0-D1", "1/2-1/2", BG_DRAW,
     BG_REASON_INSUFFICIENT_MATERIAL},
    /* The 120th ply without a capture (movelimit 60). */
    {"4k4/9/R8/9/9/9/9/9/9/3K5 w - - 118 60", "A7-A6 E9-E8", "A6-A5", "1/2-1/2", BG_DRAW,
     BG_REASON_MOVE_LIMIT},
};

#define XQ_RECORD "[Game \"Chinese Chess\"]\n[Format \"ICCS\"]\n[FEN \"%s\"]\n\n"

START_TEST(xiangqi_endings_at_the_last_move_and_past_it)
{
    const bg_variant *v = bg_variant_find("xiangqi");
    games_compared = 0;
    for (size_t i = 0; i < sizeof xq_endings / sizeof *xq_endings; i++) {
        char pgn[512];
        snprintf(pgn, sizeof pgn, XQ_RECORD "%s %s\n", xq_endings[i].fen, xq_endings[i].moves,
                 xq_endings[i].result);
        compare("xiangqi", pgn, strlen(pgn), 0, pgn);
        bg_record_reader *r = NULL;
        bg_game *g = NULL;
        bg_error e = BG_ERROR_INIT;
        ck_assert_msg(bg_record_reader_open_memory(&r, v, "pgn", pgn, strlen(pgn), NULL,
                                                   BG_RECORD_MOVES_ONLY, NULL, &e) == BG_OK,
                      "%s", e.message);
        ck_assert_msg(bg_record_reader_next(r, &g, &e) == BG_OK, "%s: %s", pgn, e.message);
        ck_assert_msg(bg_game_outcome(g) == xq_endings[i].outcome &&
                          bg_game_reason(g) == xq_endings[i].reason,
                      "%s: moves only ended %d/%s", pgn, (int)bg_game_outcome(g),
                      bg_reason_name(bg_game_reason(g)));
        bg_game_free(g);
        bg_record_reader_free(r);
        snprintf(pgn, sizeof pgn, XQ_RECORD "%s %s %s\n", xq_endings[i].fen, xq_endings[i].moves,
                 xq_endings[i].past, xq_endings[i].result);
        compare("xiangqi", pgn, strlen(pgn), 0, pgn);
        compare("xiangqi", pgn, strlen(pgn), BG_RECORD_LENIENT, pgn);
    }
    ck_assert_msg(games_compared >= 8, "%ld games compared", games_compared);
}
END_TEST

/* Appends printf-style text to a growing buffer. */
typedef struct text {
    char *p;
    size_t len, cap;
} text;

static void put(text *t, const char *s, size_t n)
{
    if (t->len + n + 1 > t->cap) {
        t->cap = (t->len + n + 1) * 2;
        t->p = realloc(t->p, t->cap);
        ck_assert(t->p != NULL);
    }
    memcpy(t->p + t->len, s, n);
    t->len += n;
    t->p[t->len] = 0;
}

static void puts_(text *t, const char *s) { put(t, s, strlen(s)); }

/*
** Endgames where the endings a record plays on past come soon: a dead position once the rooks
** are gone, the 75-move rule from a clock near it, repetitions of few pieces.
*/
static const char *const endgames[] = {
    "4k3/8/8/8/8/8/r7/R3K3 w - - 0 40",
    "8/8/3k4/8/8/3K4/8/R7 w - - 140 90",
    "7k/8/8/8/8/8/8/K6N w - - 0 60",
    "4k3/8/8/8/8/8/8/4K2R w K - 96 70",
};

/*
** A chess game of random legal moves in a server dump's style (tags, "{ [%clk ...] }" after
** every move, sometimes a NAG, a variation, a line break or a check mark left out); a third of
** them from an endgame, played on past a draw of the rules as records do.
*/
static void random_game(text *t, uint64_t *seed, int index)
{
    bg_game *g = NULL;
    const char *fen = index % 3 == 2 ? endgames[(index / 3) % 4] : NULL;
    ck_assert((fen ? bg_game_new_from_text(&g, bg_variant_find("chess"), fen, NULL, NULL, 0, NULL,
                                           NULL)
                   : bg_game_new(&g, bg_variant_find("chess"), NULL, NULL, NULL)) == BG_OK);
    char line[256];
    snprintf(line, sizeof line,
             "[Event \"Rated Blitz game\"]\n[Site \"https://example.org/%d\"]\n[White \"a\"]\n"
             "[Black \"b\"]\n[Result \"*\"]\n[TimeControl \"180+0\"]\n",
             index);
    puts_(t, line);
    if (fen) {
        snprintf(line, sizeof line, "[SetUp \"1\"]\n[FEN \"%s\"]\n", fen);
        puts_(t, line);
    }
    puts_(t, "\n");
    int plies = 1 + (int)(xorshift64(seed) % (fen ? 200 : 140));
    for (int ply = 0; ply < plies; ply++) {
        bg_move moves[256];
        const bg_position *pos = bg_game_position(g);
        int n = bg_position_legal_moves(pos, moves, 256);
        if (n <= 0 || (!fen && bg_game_outcome(g) != BG_ONGOING))
            break;
        bg_move m = moves[xorshift64(seed) % (uint64_t)n];
        char san[32];
        bg_move_format(pos, m, "san", san, sizeof san);
        size_t k = strlen(san);
        uint64_t r = xorshift64(seed);
        if ((r & 15) == 0 && k > 2 && (san[k - 1] == '+' || san[k - 1] == '#'))
            san[--k] = 0; /* lenient readers take a missing check mark */
        snprintf(line, sizeof line,
                 ply % 2 ? "%d... %s { [%%clk 0:02:%02d] } " : "%d. %s { [%%clk 0:02:%02d] } ",
                 ply / 2 + 1, san, (int)(r >> 8) % 60); /* (every FEN here has White to move) */
        puts_(t, line);
        if ((r >> 16 & 31) == 0)
            puts_(t, "$1 ");
        if ((r >> 21 & 63) == 0)
            puts_(t, "( 5. Nf3 { x } ) ");
        if ((r >> 27 & 127) == 0)
            puts_(t, "\n");
        ck_assert(bg_game_play_record(g, m) == BG_OK);
    }
    puts_(t, bg_game_outcome(g) == BG_ONGOING ? "*\n\n" : "1/2-1/2\n\n");
    bg_game_free(g);
}

/* Bytes a damaged record gets: what the tokens of movetext are made of. */
static const char damage[] = "{}()[];.$!?+#x=O-0123456789abcdefghNBRQKP \n\"%*/e";

/* The text with a few random edits: bytes removed, inserted, replaced, or a run repeated. */
static size_t damaged(const text *t, char *out, uint64_t *seed)
{
    size_t n = t->len;
    memcpy(out, t->p, n);
    int edits = 1 + (int)(xorshift64(seed) % 4);
    for (int e = 0; e < edits && n > 8; e++) {
        size_t at = xorshift64(seed) % n;
        char c = damage[xorshift64(seed) % (sizeof damage - 1)];
        switch (xorshift64(seed) % 4) {
        case 0: /* remove 1 to 3 bytes */
        {
            size_t k = 1 + xorshift64(seed) % 3;
            if (at + k > n)
                k = n - at;
            memmove(out + at, out + at + k, n - at - k);
            n -= k;
            break;
        }
        case 1: /* insert one */
            memmove(out + at + 1, out + at, n - at);
            out[at] = c;
            n++;
            break;
        case 2: /* replace one */
            out[at] = c;
            break;
        default: /* repeat a run of up to 12 bytes */
        {
            size_t k = 1 + xorshift64(seed) % 12;
            if (at + k > n)
                k = n - at;
            memmove(out + at + k, out + at, n - at);
            n += k;
            break;
        }
        }
    }
    return n;
}

START_TEST(generated_and_damaged)
{
    uint64_t seed = 0x9e3779b97f4a7c15ULL + (uint64_t)_i;
    games_compared = errors_compared = 0;
    text t = {NULL, 0, 0};
    for (int g = 0; g < 20; g++)
        random_game(&t, &seed, g);
    compare("chess", t.p, t.len, 0, "generated");
    compare("chess", t.p, t.len, BG_RECORD_LENIENT, "generated, lenient");
    char *buf = malloc(t.len + 64);
    ck_assert(buf != NULL);
    for (int k = 0; k < 60; k++) {
        size_t n = damaged(&t, buf, &seed);
        char where[64];
        snprintf(where, sizeof where, "damaged text %d of seed %d", k, _i);
        compare("chess", buf, n, (k & 1) ? BG_RECORD_LENIENT : 0, where);
    }
    free(buf);
    free(t.p);
    ck_assert_msg(games_compared > 500 && errors_compared > 20, "%ld games, %ld errors compared",
                  games_compared, errors_compared);
}
END_TEST

/* A xiangqi game through the library's own PGN writer, then damaged the same way. */
START_TEST(xiangqi_generated_and_damaged)
{
    uint64_t seed = 0x2545f4914f6cdd1dULL + (uint64_t)_i;
    games_compared = errors_compared = 0;
    text t = {NULL, 0, 0};
    for (int i = 0; i < 10; i++) {
        bg_game *g = NULL;
        ck_assert(bg_game_new(&g, bg_variant_find("xiangqi"), NULL, NULL, NULL) == BG_OK);
        int plies = 1 + (int)(xorshift64(&seed) % 100);
        for (int ply = 0; ply < plies && bg_game_outcome(g) == BG_ONGOING; ply++) {
            bg_move moves[256];
            int n = bg_position_legal_moves(bg_game_position(g), moves, 256);
            ck_assert(bg_game_play(g, moves[xorshift64(&seed) % (uint64_t)n]) == BG_OK);
            if ((ply & 7) == 3)
                bg_game_set_comment(g, ply + 1, "[%clk 0:01:00]");
        }
        char out[1 << 16];
        int k = bg_game_export(g, "pgn", out, sizeof out);
        ck_assert(k > 0 && (size_t)k < sizeof out);
        put(&t, out, (size_t)k);
        puts_(&t, "\n");
        bg_game_free(g);
    }
    compare("xiangqi", t.p, t.len, 0, "xiangqi generated");
    char *buf = malloc(t.len + 64);
    ck_assert(buf != NULL);
    for (int k = 0; k < 40; k++) {
        size_t n = damaged(&t, buf, &seed);
        compare("xiangqi", buf, n, (k & 1) ? BG_RECORD_LENIENT : 0, "xiangqi damaged");
    }
    free(buf);
    free(t.p);
    ck_assert_msg(games_compared > 200 && errors_compared > 10, "%ld games, %ld errors compared",
                  games_compared, errors_compared);
}
END_TEST

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: %s DATA_DIR\n", argv[0]);
        return 2;
    }
    data_dir = argv[1];
    TCase *tc = one_case("records-moves-only", "moves-only", 300);
    tcase_add_test(tc, real_chess);
    tcase_add_test(tc, real_xiangqi);
    tcase_add_test(tc, played_past_endings);
    tcase_add_test(tc, xiangqi_endings_at_the_last_move_and_past_it);
    tcase_add_loop_test(tc, generated_and_damaged, 0, 20);
    tcase_add_loop_test(tc, xiangqi_generated_and_damaged, 0, 10);
    return run_cases();
}
