/*
** Differential test against Debian's Fairy-Stockfish (shogi, minishogi, micro and Judkins shogi,
** and old shogi on 9x9 and 9x8 defined in tests/shogi/fsf_heian.ini since 11.1 lacks it; Tori and
** Sho shogi need custom pieces 11.1 does not have): in positions of random
** games the legal move sets must be identical, except for pawn drops that Fairy-Stockfish keeps
** although they checkmate (uchifuzume): each such difference is proved to be a checking pawn drop
** after which Fairy-Stockfish itself finds no legal reply. Also checks, on the way, that the
** incrementally kept hash equals the hash of the position re-read from its SFEN, and that every
** legal move survives USI format -> parse.
*/
#include <check.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "shogi_test_util.h"
#include "uci_engine.h"
#include "check_main.h"
#include "xorshift.h"

static struct {
    const char *variant, *fsf_path, *options, *fsf_variant, *variant_path;
    long positions;
    uint64_t seed;
    int roundtrip_every;
} cfg = {.positions = 2000, .seed = 1,
         .roundtrip_every = 10};

static uint64_t rng_state;

static uint64_t rng(void)
{
    return xorshift64(&rng_state);
}

typedef struct stats {
    long positions, moves, drop_mates, roundtrips;
} stats;

/* The square of `side`'s king, or -1. */
static int king_square(const bg_position *p, int side)
{
    const bg_variant *v = bg_position_variant(p);
    int n = bg_variant_width(v) * bg_variant_height(v);
    for (int sq = 0; sq < n; sq++) {
        bg_piece pc = bg_position_piece_at(p, sq);
        if (pc && BG_PIECE_SIDE(pc) == side &&
            strcmp(bg_variant_piece_letter(v, BG_PIECE_KIND(pc)), "K") == 0)
            return sq;
    }
    return -1;
}

/* A move Fairy-Stockfish has and we do not: must be a pawn drop checking the king, with no reply. */
static void check_extra(uci_engine *e, const bg_position *p, const char *sfen, const char *usi,
                        stats *st)
{
    const bg_variant *v = bg_position_variant(p);
    int n = bg_variant_width(v), h = bg_variant_height(v);
    ck_assert_msg(usi[0] == 'P' && usi[1] == '*',
                  "[%s]: Fairy-Stockfish has %s, we do not (not a pawn drop)", sfen, usi);
    int to = (h - 1 - (usi[3] - 'a')) * n + (n - (usi[2] - '0'));
    int us = bg_position_side_to_move(p);
    int ek = king_square(p, !us);
    ck_assert_int_ge(ek, 0);
    ck_assert_msg(to == ek + (us == 0 ? -n : n),
                  "[%s]: Fairy-Stockfish has %s, we do not, and it does not check the king", sfen,
                  usi);
    int replies = uci_perft(e, sfen, usi, 1, NULL, 0, NULL);
    ck_assert_msg(replies >= 0, "fairy-stockfish: %s", e->error);
    ck_assert_msg(replies == 0, "[%s]: we refuse %s, but Fairy-Stockfish finds %d replies to it",
                  sfen, usi, replies);
    st->drop_mates++;
}

static void compare(uci_engine *e, const bg_position *p, stats *st)
{
    static char ours[ST_MAX_MOVES][8];
    static uci_move_count theirs[ST_MAX_MOVES];
    char sfen[256];
    st_sfen(p, sfen, sizeof sfen);
    int n = st_usi_moves(p, ours);
    /* uci_perft also checks that the engine's total is the number of moves it listed. */
    int m = uci_perft(e, sfen, NULL, 1, theirs, ST_MAX_MOVES, NULL);
    ck_assert_msg(m >= 0, "fairy-stockfish on [%s]: %s", sfen, e->error);
    int i = 0, j = 0;
    while (i < n || j < m) {
        int c = i == n ? 1 : j == m ? -1 : strcmp(ours[i], theirs[j].move);
        if (c == 0) {
            i++;
            j++;
        } else {
            ck_assert_msg(c > 0, "[%s]: we have %s, Fairy-Stockfish does not", sfen, ours[i]);
            check_extra(e, p, sfen, theirs[j++].move, st);
        }
    }
    /* The incremental key equals the key of the same position read from text. */
    bg_position *q = st_pos(cfg.variant, sfen, cfg.options);
    ck_assert_msg(bg_position_hash(q) == bg_position_hash(p), "[%s]: hash differs after re-reading",
                  sfen);
    bg_position_free(q);
    if (st->positions % cfg.roundtrip_every == 0) {
        bg_move moves[ST_MAX_MOVES];
        int k = bg_position_legal_moves(p, moves, ST_MAX_MOVES);
        for (int a = 0; a < k; a++) {
            char text[16];
            bg_move back = 0;
            ck_assert_int_gt(bg_move_format(p, moves[a], "usi", text, sizeof text), 0);
            ck_assert_int_eq(bg_move_parse(p, text, "usi", 0, &back, NULL), BG_OK);
            ck_assert_msg(back == moves[a], "[%s]: %s parses to another move", sfen, text);
            st->roundtrips++;
        }
    }
    st->positions++;
    st->moves += n;
}

START_TEST(random_games)
{
    uci_engine e;
    int started = uci_open(&e, cfg.fsf_path, 1, cfg.variant_path, cfg.fsf_variant, 20000);
    ck_assert_msg(started == 0, "cannot run Fairy-Stockfish: %s", e.error);
    stats st = {0};
    rng_state = cfg.seed * 0x9e3779b97f4a7c15ULL + 1;
    long games = 0;
    while (st.positions < cfg.positions) {
        bg_position *p = st_pos(cfg.variant, NULL, cfg.options);
        games++;
        /* Games of varied length: openings, middle games, and long drop-heavy ones. */
        int plies = 20 + (int)(rng() % 280);
        for (int ply = 0; ply < plies && st.positions < cfg.positions; ply++) {
            compare(&e, p, &st);
            bg_move moves[ST_MAX_MOVES];
            int n = bg_position_legal_moves(p, moves, ST_MAX_MOVES);
            if (n == 0)
                break;
            ck_assert_int_eq(bg_position_play(p, moves[rng() % (uint64_t)n]), BG_OK);
        }
        bg_position_free(p);
    }
    uci_stop(&e);
    fprintf(stderr,
            "# %s%s%s: %ld positions from %ld random games, %ld legal moves compared, %ld mating "
            "pawn drops only Fairy-Stockfish allows, %ld USI round trips\n",
            cfg.variant, cfg.options ? " " : "", cfg.options ? cfg.options : "", st.positions, games, st.moves, st.drop_mates, st.roundtrips);
}
END_TEST

/* A known difference, so that the classification above is shown to work (spec's perft data: 85 vs 86). */
START_TEST(known_drop_mate)
{
    if (strcmp(cfg.variant, "shogi") != 0)
        return;
    uci_engine e;
    ck_assert_msg(uci_open(&e, cfg.fsf_path, 1, cfg.variant_path, cfg.fsf_variant, 20000) == 0,
                  "cannot run Fairy-Stockfish: %s", e.error);
    const char *sfen = "7lk/9/8S/9/9/9/9/7L1/8K b P 1";
    bg_position *p = st_pos("shogi", sfen, NULL);
    static uci_move_count theirs[ST_MAX_MOVES];
    uint64_t total = 0;
    ck_assert_int_eq(uci_perft(&e, sfen, NULL, 1, theirs, ST_MAX_MOVES, &total), 86);
    ck_assert_uint_eq(total, 86);
    ck_assert_int_eq(st_count(p), 85);
    ck_assert(!st_legal(p, "P*1b"));
    stats st = {0};
    compare(&e, p, &st);
    ck_assert_int_eq(st.drop_mates, 1);
    bg_position_free(p);
    uci_stop(&e);
}
END_TEST

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr,
                "usage: %s VARIANT [--positions N] [--seed S] [--roundtrip-every K] [--fsf PATH]\n"
                "       [--options OPTS] [--fsf-variant NAME --variant-path INI]\n",
                argv[0]);
        return 2;
    }
    cfg.variant = argv[1];
    for (int i = 2; i < argc; i++) {
        if (!strcmp(argv[i], "--positions") && i + 1 < argc)
            cfg.positions = strtol(argv[++i], NULL, 10);
        else if (!strcmp(argv[i], "--seed") && i + 1 < argc)
            cfg.seed = strtoull(argv[++i], NULL, 10);
        else if (!strcmp(argv[i], "--roundtrip-every") && i + 1 < argc)
            cfg.roundtrip_every = atoi(argv[++i]) > 0 ? atoi(argv[i]) : 1;
        else if (!strcmp(argv[i], "--fsf") && i + 1 < argc)
            cfg.fsf_path = argv[++i];
        else if (!strcmp(argv[i], "--options") && i + 1 < argc)
            cfg.options = argv[++i];
        else if (!strcmp(argv[i], "--fsf-variant") && i + 1 < argc)
            cfg.fsf_variant = argv[++i];
        else if (!strcmp(argv[i], "--variant-path") && i + 1 < argc)
            cfg.variant_path = argv[++i];
        else {
            fprintf(stderr, "unknown argument %s\n", argv[i]);
            return 2;
        }
    }
    if (!cfg.fsf_variant)
        cfg.fsf_variant = cfg.variant;
    if (!cfg.fsf_path)
        cfg.fsf_path = uci_engine_or_skip("fairy-stockfish", "BG_FAIRY_STOCKFISH");
    cfg.positions /= (long)st_reduce();
    if (cfg.positions < 1)
        cfg.positions = 1;
    TCase *tc = one_case("shogi-fsf", "fsf", 0);
    ADD_TESTS(tc, known_drop_mate, random_games);
    return run_cases();
}
