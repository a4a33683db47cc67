/* Differential test of chess against Debian's Stockfish or Fairy-Stockfish: legal move sets, divide counts, notation round trips. */
#include <check.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <boardgames/boardgames.h>

#include "perft_data.h"
#include "test_util.h"
#include "uci_engine.h"
#include "check_main.h"

/*
** Usage: test_stockfish DATADIR [--positions N] [--seed S] [--divide-every K]
**        [--engine stockfish|fairy-stockfish] [--engine-path PATH] [--timeout-ms T] [--reduce F]
** Plays random games (fixed-seed PRNG) from the start position, from the positions of the perft
** files and from the Chess960 file, and in every position reached compares our legal moves (in
** UCI) with the engine's "go perft 1"; every K-th position also compares divide at depth 2. On
** every legal move it checks SAN/LAN/UCI format->parse round trips, the move flags against the
** position after the move, and it probes random illegal moves. A missing engine skips the test
** with its reason (uci_engine_or_skip; CI counts a skip as a failure). Stockfish is BG_STOCKFISH,
** else stockfish on PATH or in /usr/games; Fairy-Stockfish (UCI_Variant chess) likewise with
** BG_FAIRY_STOCKFISH; --engine-path (or an --engine value with a '/', the older spelling) names
** another Stockfish binary.
*/

#define MAXM 512
#define MAX_REPORTS 40

static struct {
    const char *dir, *engine, *path;
    int fairy;         /* Fairy-Stockfish: UCI_Variant chess */
    const char *name;  /* in messages */
    long positions;
    uint64_t seed;
    int divide_every, timeout_ms;
    long reduce;
} cfg = {.engine = "stockfish", .positions = 3000, .seed = 20240601,
         .divide_every = 10, .timeout_ms = 20000, .reduce = 1};

typedef struct ctx {
    uci_engine eng;
    const bg_variant *v;
    const char *options;    /* NULL or "chess960=true" */
    const char *fen_format; /* what the engine gets */
    bg_position *scratch;   /* child positions are played here: no allocation per move */
    uint64_t rng;
    long checked, failures, moves, reports;
    char first[512]; /* the first failure, for the TAP line */
} ctx;

/* splitmix64: small, fixed sequence for a seed. */
static uint64_t next_random(ctx *c)
{
    uint64_t z = (c->rng += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

static unsigned pick(ctx *c, unsigned n) { return (unsigned)(next_random(c) % n); }

static void report(ctx *c, const char *fen, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

static void report(ctx *c, const char *fen, const char *fmt, ...)
{
    c->failures++;
    if (c->reports++ >= MAX_REPORTS)
        return;
    char msg[400];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    fprintf(stderr, "FAIL [%s] %s\n", fen, msg);
    if (!c->first[0])
        snprintf(c->first, sizeof c->first, "[%s] %s", fen, msg);
}

typedef struct named_move {
    char text[32];
    bg_move m;
} named_move;

static int by_text(const void *a, const void *b)
{
    return strcmp(((const named_move *)a)->text, ((const named_move *)b)->text);
}

/* Compare the sorted UCI lists; reports each missing/extra move. */
static void compare_sets(ctx *c, const char *fen, const named_move *ours, int n,
                         const uci_move_count *theirs, int k)
{
    int i = 0, j = 0;
    while (i < n || j < k) {
        int cmp = i == n ? 1 : j == k ? -1 : strcmp(ours[i].text, theirs[j].move);
        if (cmp == 0) {
            i++, j++;
        } else if (cmp < 0) {
            report(c, fen, "we generate %s, %s does not", ours[i++].text, cfg.name);
        } else {
            report(c, fen, "%s generates %s, we do not", cfg.name, theirs[j++].move);
        }
    }
}

/* What the move does, read from the board before it: the flags must agree. */
static void check_flags(ctx *c, const bg_position *pos, const char *fen, bg_move m,
                        const char *san)
{
    unsigned f = bg_position_move_flags(pos, m);
    int from = BG_MOVE_FROM(m), to = BG_MOVE_TO(m), stm = bg_position_side_to_move(pos);
    bg_piece mover = bg_position_piece_at(pos, from), target = bg_position_piece_at(pos, to);
    int castle = BG_PIECE_KIND(mover) == 6 && target && BG_PIECE_SIDE(target) == stm &&
                 BG_PIECE_KIND(target) == 4;
    int ep = BG_PIECE_KIND(mover) == 1 && !target && (from - to) % 8 != 0;
    int capture = (target && BG_PIECE_SIDE(target) != stm) || ep;
    if (!!(f & BG_FLAG_CASTLE) != castle || !!(f & BG_FLAG_EN_PASSANT) != ep ||
        !!(f & BG_FLAG_CAPTURE) != capture)
        report(c, fen, "%s: flags 0x%x but castle=%d ep=%d capture=%d", san, f, castle, ep,
               capture);

    bg_position_copy(c->scratch, pos);
    if (bg_position_play(c->scratch, m) != BG_OK) {
        report(c, fen, "%s: play of a legal move failed", san);
        return;
    }
    int check = bg_position_in_check(c->scratch);
    int mate = check && bg_position_legal_moves(c->scratch, NULL, 0) == 0;
    if (!!(f & BG_FLAG_CHECK) != check || !!(f & BG_FLAG_MATE) != mate)
        report(c, fen, "%s: flags 0x%x but check=%d mate=%d after the move", san, f, check, mate);
    size_t len = strlen(san);
    if (!len)
        return; /* SAN formatting already reported */
    char last = len ? san[len - 1] : 0;
    if ((last == '#') != mate || (last == '+') != (check && !mate))
        report(c, fen, "%s: check suffix does not match check=%d mate=%d", san, check, mate);
}

/* format -> parse (strict) gives the move back, in each notation. */
static void check_notations(ctx *c, const bg_position *pos, const char *fen, named_move *sans,
                            const bg_move *moves, int n)
{
    static const char *const notations[] = {"san", "lan", "uci"};
    for (int i = 0; i < n; i++) {
        for (size_t k = 0; k < sizeof notations / sizeof notations[0]; k++) {
            char text[32];
            int len = bg_move_format(pos, moves[i], notations[k], text, sizeof text);
            if (len <= 0 || (size_t)len >= sizeof text) {
                report(c, fen, "move 0x%x: %s format returned %d", (unsigned)moves[i],
                       notations[k], len);
                continue;
            }
            if (k == 0) {
                snprintf(sans[i].text, sizeof sans[i].text, "%s", text);
                sans[i].m = moves[i];
            }
            bg_move back = BG_MOVE_NONE;
            bg_error err = BG_ERROR_INIT;
            bg_status s = bg_move_parse(pos, text, notations[k], 0, &back, &err);
            if (s != BG_OK || back != moves[i])
                report(c, fen, "%s '%s' parses back as 0x%x (status %d: %s), not 0x%x",
                       notations[k], text, (unsigned)back, (int)s, err.message,
                       (unsigned)moves[i]);
        }
        check_flags(c, pos, fen, moves[i], sans[i].text);
        c->moves++;
    }
    /* Minimal disambiguation still names each move once. */
    qsort(sans, (size_t)n, sizeof *sans, by_text);
    for (int i = 1; i < n; i++)
        if (sans[i].text[0] && strcmp(sans[i].text, sans[i - 1].text) == 0)
            report(c, fen, "two moves share the SAN '%s'", sans[i].text);
}

/* Random coordinates: legality test, play and UCI parse agree with the legal list. */
static void probe_illegal(ctx *c, const bg_position *pos, const char *fen,
                          const named_move *uci, int n)
{
    static const char promo[] = "nbrq";
    for (int t = 0; t < 4; t++) {
        int from = (int)pick(c, 64), to = (int)pick(c, 64), kind = 0;
        char text[8];
        snprintf(text, sizeof text, "%c%c%c%c", 'a' + from % 8, '1' + from / 8, 'a' + to % 8,
                 '1' + to / 8);
        if (pick(c, 8) == 0) {
            kind = 2 + (int)pick(c, 4);
            text[4] = promo[kind - 2];
            text[5] = 0;
        }
        bg_move m = bg_move_make(from, to, kind);
        int listed = 0;
        for (int i = 0; i < n; i++)
            listed |= uci[i].m == m;
        if (bg_position_is_legal(pos, m) != listed)
            report(c, fen, "is_legal(%s) = %d, legal list says %d", text,
                   bg_position_is_legal(pos, m), listed);
        if (!listed) {
            bg_position_copy(c->scratch, pos);
            uint64_t before = bg_position_hash(c->scratch);
            bg_status s = bg_position_play(c->scratch, m);
            if (s != BG_E_ILLEGAL_MOVE || bg_position_hash(c->scratch) != before)
                report(c, fen, "play of illegal %s returned %d or changed the position", text,
                       (int)s);
        }
        const named_move *exact = NULL;
        for (int i = 0; i < n; i++)
            if (strcmp(uci[i].text, text) == 0)
                exact = &uci[i];
        bg_move out = BG_MOVE_NONE;
        bg_status s = bg_move_parse(pos, text, "uci", 0, &out, NULL);
        if (exact && (s != BG_OK || out != exact->m))
            report(c, fen, "uci '%s' is legal but parses to 0x%x (status %d)", text,
                   (unsigned)out, (int)s);
        /* Text that is no listed move may only ever name the very same squares (king takes rook). */
        if (!exact && s == BG_OK && (BG_MOVE_FROM(out) != from || BG_MOVE_TO(out) != to))
            report(c, fen, "uci '%s' is not a legal move but was read as 0x%x", text,
                   (unsigned)out);
    }
}

static void check_text_and_hash(ctx *c, const bg_position *pos, const char *fen)
{
    bg_position *q = NULL;
    bg_error err = BG_ERROR_INIT;
    bg_status s = bg_position_from_text(&q, c->v, fen, c->fen_format, c->options, 0, NULL, &err);
    if (s != BG_OK) {
        report(c, fen, "own text refused: %s", err.message);
        return;
    }
    char again[256];
    bg_position_text(q, c->fen_format, again, sizeof again);
    uint64_t hp = bg_position_hash(pos), hq = bg_position_hash(q);
    if (strcmp(again, fen) != 0 || (hp != hq && !tu_ep_only_difference(pos, fen, hp, hq)))
        report(c, fen, "reads back as [%s], hash %016" PRIx64 " vs %016" PRIx64 " played", again,
               bg_position_hash(q), bg_position_hash(pos));
    bg_position_free(q);
}

static void check_divide(ctx *c, const bg_position *pos, const char *fen)
{
    bg_move moves[MAXM];
    uint64_t counts[MAXM];
    static uci_move_count theirs[MAXM];
    int n = bg_position_divide(pos, 2, moves, counts, MAXM);
    int k = uci_perft(&c->eng, fen, NULL, 2, theirs, MAXM, NULL);
    if (k < 0) {
        report(c, fen, "engine: %s", c->eng.error);
        return;
    }
    if (n != k) {
        report(c, fen, "divide 2: %d root moves, %s %d", n, cfg.name, k);
        return;
    }
    for (int i = 0; i < n; i++) {
        char text[16];
        bg_move_format(pos, moves[i], "uci", text, sizeof text);
        const uci_move_count *hit = NULL;
        for (int j = 0; j < k && !hit; j++)
            if (strcmp(theirs[j].move, text) == 0)
                hit = &theirs[j];
        if (!hit || hit->count != counts[i])
            report(c, fen, "divide 2 %s: ours %" PRIu64 ", %s %" PRIu64, text, counts[i],
                   cfg.name, hit ? hit->count : 0);
    }
}

static void check_position(ctx *c, const bg_position *pos)
{
    char fen[256];
    static uci_move_count theirs[MAXM];
    bg_move moves[MAXM];
    named_move uci[MAXM], sans[MAXM];
    bg_position_text(pos, c->fen_format, fen, sizeof fen);
    int n = bg_position_legal_moves(pos, moves, MAXM);
    if (n < 0 || n > MAXM) {
        report(c, fen, "legal_moves returned %d", n);
        return;
    }
    for (int i = 0; i < n; i++) {
        int len = bg_move_format(pos, moves[i], "uci", uci[i].text, sizeof uci[i].text);
        if (len <= 0 || (size_t)len >= sizeof uci[i].text)
            snprintf(uci[i].text, sizeof uci[i].text, "?%x", (unsigned)moves[i]);
        uci[i].m = moves[i];
        sans[i].text[0] = 0;
    }
    qsort(uci, (size_t)n, sizeof *uci, by_text);
    for (int i = 1; i < n; i++)
        if (strcmp(uci[i].text, uci[i - 1].text) == 0)
            report(c, fen, "move %s listed twice", uci[i].text);
    int k = uci_perft(&c->eng, fen, NULL, 1, theirs, MAXM, NULL);
    if (k < 0)
        report(c, fen, "engine: %s", c->eng.error);
    else
        compare_sets(c, fen, uci, n, theirs, k);
    check_notations(c, pos, fen, sans, moves, n);
    probe_illegal(c, pos, fen, uci, n);
    check_text_and_hash(c, pos, fen);
    if (cfg.divide_every > 0 && c->checked % cfg.divide_every == 0)
        check_divide(c, pos, fen);
    c->checked++;
}

/* Prefer castling, en passant and promotion when they exist: they are where bugs live. */
static bg_move choose(ctx *c, const bg_position *pos, const bg_move *moves, int n)
{
    bg_move special[MAXM];
    int ns = 0;
    for (int i = 0; i < n; i++)
        if ((moves[i] & BG_MOVE_PROMOTION) ||
            (bg_position_move_flags(pos, moves[i]) & (BG_FLAG_CASTLE | BG_FLAG_EN_PASSANT)))
            special[ns++] = moves[i];
    if (ns && pick(c, 2) == 0)
        return special[pick(c, (unsigned)ns)];
    return moves[pick(c, (unsigned)n)];
}

/* Random games from the given texts until `target` positions are checked. */
static void play_games(ctx *c, const pd_position *seeds, size_t nseeds, long target, int max_plies)
{
    while (c->checked < target && c->failures < 1000) {
        const pd_position *seed = &seeds[pick(c, (unsigned)nseeds)];
        bg_position *pos = NULL;
        bg_error err = BG_ERROR_INIT;
        if (bg_position_from_text(&pos, c->v, seed->text, seed->format, c->options, 0, NULL,
                                  &err) != BG_OK) {
            report(c, seed->text, "%s refused: %s", seed->id, err.message);
            continue;
        }
        for (int ply = 0; c->checked < target; ply++) {
            check_position(c, pos);
            bg_move moves[MAXM];
            int n = bg_position_legal_moves(pos, moves, MAXM);
            if (n <= 0 || ply >= max_plies || bg_position_halfmove_clock(pos) >= 100)
                break;
            if (bg_position_play(pos, choose(c, pos, moves, n)) != BG_OK) {
                report(c, seed->text, "a generated move could not be played");
                break;
            }
        }
        bg_position_free(pos);
    }
}

static void ctx_open(ctx *c, int chess960, uint64_t salt)
{
    memset(c, 0, sizeof *c);
    c->v = bg_variant_find("chess");
    ck_assert_ptr_nonnull(c->v);
    c->options = chess960 ? "chess960=true" : NULL;
    c->fen_format = chess960 ? "shredder-fen" : "fen";
    c->rng = cfg.seed ^ salt;
    ck_assert_int_eq(bg_position_new(&c->scratch, c->v, c->options, NULL, NULL), BG_OK);
    int rc = uci_start(&c->eng, cfg.path, NULL, 0, cfg.timeout_ms);
    if (rc == 0 && cfg.fairy)
        rc = uci_set_option(&c->eng, "UCI_Variant", "chess");
    if (rc == 0 && chess960)
        rc = uci_set_option(&c->eng, "UCI_Chess960", "true");
    if (rc == 0)
        rc = uci_ready(&c->eng);
    if (rc != 0)
        uci_stop(&c->eng);
    ck_assert_msg(rc == 0, "cannot run %s: %s", cfg.path, c->eng.error);
}

static void ctx_close(ctx *c, const char *what, long target)
{
    uci_stop(&c->eng);
    bg_position_free(c->scratch);
    fprintf(stderr, "# %s: %ld positions, %ld moves checked, %ld failures\n", what, c->checked,
            c->moves, c->failures);
    ck_assert_msg(c->failures == 0, "%s: %ld failures (up to %d on stderr); first: %s", what,
                  c->failures, MAX_REPORTS, c->first);
    ck_assert_msg(c->checked >= target, "%s: only %ld of %ld positions checked", what,
                  c->checked, target);
}

static long share(int parts) { return cfg.positions * parts / 5; }

static void load(pd_file *f, const char *name)
{
    char msg[512];
    ck_assert_msg(pd_load(f, cfg.dir, name, msg, sizeof msg) == 0, "%s", msg);
}

START_TEST(games_from_start)
{
    ctx c;
    ctx_open(&c, 0, 1);
    pd_position start = {.id = "start", .format = "fen", .count = 0};
    snprintf(start.text, sizeof start.text, "%s", bg_variant_start_text(c.v));
    play_games(&c, &start, 1, share(2), 150);
    ctx_close(&c, "games from the start position", share(2));
}
END_TEST

START_TEST(games_from_perft_files)
{
    static const char *const files[] = {"chess-cpw.tsv", "chess-special.tsv",
                                        "chess-perftsuite.epd", "chess-random.perft"};
    ctx c;
    ctx_open(&c, 0, 2);
    long target = share(2);
    for (size_t i = 0; i < 4; i++) {
        pd_file f;
        load(&f, files[i]);
        /* The random suite is the biggest and most varied source: it gets half. */
        long part = i < 3 ? target / 6 : target - c.checked;
        play_games(&c, f.pos, f.count, c.checked + part, 24);
        pd_free(&f);
    }
    ctx_close(&c, "games from perft-file positions", target);
}
END_TEST

START_TEST(chess960_games)
{
    ctx c;
    ctx_open(&c, 1, 3);
    pd_file f;
    load(&f, "chess960.perft");
    play_games(&c, f.pos, f.count, share(1), 60);
    pd_free(&f);
    ctx_close(&c, "Chess960 games", share(1));
}
END_TEST

static int parse_args(int argc, char **argv)
{
    if (argc < 2)
        return -1;
    cfg.dir = argv[1];
    for (int i = 2; i < argc; i += 2) {
        if (i + 1 >= argc)
            return -1;
        const char *a = argv[i], *v = argv[i + 1];
        if (strcmp(a, "--positions") == 0)
            cfg.positions = atol(v);
        else if (strcmp(a, "--seed") == 0)
            cfg.seed = strtoull(v, NULL, 10);
        else if (strcmp(a, "--divide-every") == 0)
            cfg.divide_every = atoi(v);
        else if (strcmp(a, "--engine") == 0)
            cfg.engine = v;
        else if (strcmp(a, "--engine-path") == 0)
            cfg.path = v;
        else if (strcmp(a, "--timeout-ms") == 0)
            cfg.timeout_ms = atoi(v);
        else if (strcmp(a, "--reduce") == 0)
            cfg.reduce *= atol(v);
        else
            return -1;
    }
    cfg.reduce *= tu_env_reduce(5);
    if (strchr(cfg.engine, '/') && !cfg.path) {
        cfg.path = cfg.engine;
        cfg.engine = "stockfish";
    }
    cfg.fairy = strcmp(cfg.engine, "fairy-stockfish") == 0;
    if (!cfg.fairy && strcmp(cfg.engine, "stockfish") != 0)
        return -1;
    cfg.name = cfg.fairy ? "Fairy-Stockfish" : "Stockfish";
    if (cfg.reduce < 1 || cfg.positions < 5)
        return -1;
    cfg.positions /= cfg.reduce;
    if (cfg.positions < 50)
        cfg.positions = 50;
    return 0;
}

int main(int argc, char **argv)
{
    if (parse_args(argc, argv) != 0) {
        fprintf(stderr, "usage: %s DATADIR [--positions N] [--seed S] [--divide-every K] "
                        "[--engine stockfish|fairy-stockfish] [--engine-path PATH] "
                        "[--timeout-ms T] [--reduce F]\n",
                argv[0]);
        return 2;
    }
    if (!cfg.path)
        cfg.path = uci_engine_or_skip(cfg.engine, cfg.fairy ? "BG_FAIRY_STOCKFISH" : "BG_STOCKFISH");
    printf("# %s differential: %ld positions, seed %" PRIu64 ", engine %s\n", cfg.engine,
           cfg.positions, cfg.seed, cfg.path);
    fflush(stdout);
    TCase *tc = one_case("stockfish", "differential", 7200);
    ADD_TESTS(tc, games_from_start, games_from_perft_files, chess960_games);
    return run_cases();
}
