/*
** Differential test against Debian's Fairy-Stockfish: positions from random janggi games (all 16
** setups, passes made often so that bikjang and double passes happen) must have the same legal
** moves (as `uci` text) in the library and in `go perft 1`. The engine gets the position two plies
** back plus the last two moves, so that it knows about a pass just made. Every position also goes
** through FEN write/read (same text, same hash) and every legal move through uci and Korean
** format/parse, the Korean text also with hanja names and with the .gib suffixes.
** Usage: test_janggi_diff FSF_VARIANT POSITIONS SEED
** (janggi = ruleset tournament, janggicasual = casual; the seed's own bikjang rule is not
** Fairy-Stockfish's: tests/janggi/test_janggi_seed.c checks it against a model)
*/
#include <check.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <boardgames/boardgames.h>

#include "diff_util.h"

/* Fairy-Stockfish, found by main (the test skips without it). */
static const char *fsf_path;
#define CHUNK 250
#define MAX_PLIES 250

static diff_run run;
static const char *ruleset_of_run; /* the variant of Fairy-Stockfish as our ruleset */

static const char *const arrangements[4] = {"RNBA1ABNR", "RBNA1ANBR", "RBNA1ABNR", "RNBA1ANBR"};

/* Hangul piece names and their hanja, as the notation writes / also reads them. */
static const char *const hangul[] = {"장", "사", "상", "마", "차", "포", "졸", "병"};
static const char *const hanja[] = {"將", "士", "象", "馬", "車", "包", "卒", "兵"};

static void to_hanja(const char *in, char *out, size_t cap)
{
    size_t o = 0;
    for (size_t i = 0; in[i] && o + 4 < cap;) {
        int done = 0;
        for (int k = 0; k < 8 && !done; k++)
            if (strncmp(in + i, hangul[k], 3) == 0) {
                memcpy(out + o, hanja[k], 3);
                o += 3;
                i += 3;
                done = 1;
            }
        if (!done)
            out[o++] = in[i++];
    }
    out[o] = 0;
}

static const char *name_of(bg_piece p)
{
    int kind = BG_PIECE_KIND(p);
    return kind == 7 && BG_PIECE_SIDE(p) == 1 ? hangul[7] : hangul[kind - 1];
}

/* Our legal moves as sorted uci strings, plus notation round trips on each. */
static int our_moves(const bg_position *pos, char (*out)[8], bg_move *legal, const char *fen)
{
    int n = bg_position_legal_moves(pos, legal, 512);
    ck_assert_msg(n >= 0 && n <= bg_variant_max_moves(bg_position_variant(pos)),
                  "move count %d out of range [%s]", n, fen);
    for (int i = 0; i < n; i++) {
        char kor[64], alt[96];
        bg_move back = BG_MOVE_NONE;
        bg_error e = BG_ERROR_INIT;
        int len = fx_move_round_trip(pos, legal[i], "uci", out[i], 8, fen);
        ck_assert_msg(len >= 4, "uci text '%s' too short [%s]", out[i], fen);
        fx_move_round_trip(pos, legal[i], "korean", kor, sizeof kor, fen);
        ck_assert_msg(bg_move_parse(pos, kor, NULL, 0, &back, &e) == BG_OK && back == legal[i],
                      "korean '%s' is not found without a notation name [%s]", kor, fen);
        to_hanja(kor, alt, sizeof alt);
        ck_assert_msg(bg_move_parse(pos, alt, "korean", 0, &back, &e) == BG_OK && back == legal[i],
                      "hanja '%s' does not parse (%s) [%s]", alt, e.message, fen);
        if (!bg_move_is_pass(legal[i])) {
            /* The .gib form: captured piece, then 장군 for a check. */
            unsigned flags = bg_position_move_flags(pos, legal[i]);
            bg_piece victim = bg_position_piece_at(pos, bg_move_to(legal[i]));
            snprintf(alt, sizeof alt, "%s%s%s", kor, (flags & BG_FLAG_CAPTURE) ? name_of(victim) : "",
                     (flags & BG_FLAG_CHECK) ? "장군" : "");
            ck_assert_msg(bg_move_parse(pos, alt, "korean", 0, &back, &e) == BG_OK &&
                              back == legal[i],
                          "korean with suffixes '%s' does not parse (%s) [%s]", alt, e.message, fen);
            if (!(flags & BG_FLAG_CHECK)) {
                snprintf(alt, sizeof alt, "%s장군", kor);
                ck_assert_msg(bg_move_parse(pos, alt, "korean", 0, &back, &e) == BG_E_ILLEGAL_MOVE,
                              "a false 장군 on '%s' is accepted [%s]", kor, fen);
            }
        }
    }
    qsort(out, (size_t)n, sizeof out[0], diff_by_text);
    return n;
}

START_TEST(random_games)
{
    const bg_variant *v = bg_variant_find("janggi");
    ck_assert(v != NULL);
    char ruleset[64]; /* what our own FEN is read back with */
    snprintf(ruleset, sizeof ruleset, "ruleset=%s", ruleset_of_run);
    uci_engine engine;
    ck_assert_msg(uci_open(&engine, fsf_path, 0, NULL, run.variant, 20000) == 0,
                  "cannot start fairy-stockfish: %s", engine.error);
    uint64_t rng = diff_chunk_rng(run.seed, _i);
    int todo = diff_chunk_todo(run.positions, _i, CHUNK);
    bg_position *pos = NULL;
    int plies = MAX_PLIES, passes = 0, terminal = 0;
    static char ours[512][8];
    static uci_move_count theirs[512];
    long compared = 0;
    bg_move legal[512];
    char back2[256] = "", back1[256] = "", last2[2][8] = {"", ""}, last[20];
    for (int done = 0; done < todo; done++) {
        if (plies >= MAX_PLIES) {
            char opts[96];
            bg_position_free(pos);
            snprintf(opts, sizeof opts, "ruleset=%s;setup=%s/%s", ruleset_of_run,
                     arrangements[xorshift64(&rng) % 4], arrangements[xorshift64(&rng) % 4]);
            for (char *p = strrchr(opts, '/') + 1; *p; p++)
                *p = (char)(*p >= 'A' && *p <= 'Z' ? *p + 32 : *p);
            bg_error e = BG_ERROR_INIT;
            ck_assert_msg(bg_position_new(&pos, v, opts, NULL, &e) == BG_OK, "%s: %s", opts,
                          e.message);
            plies = 0;
            back2[0] = back1[0] = 0;
        }
        char fen[256], start[256], what[64];
        const char *from = plies >= 2 ? back2 : plies == 1 ? back1 : start;
        diff_check_fen(v, pos, ruleset, fen, sizeof fen);
        /* Two plies back plus the last two moves (fewer at the start of a game). */
        if (plies >= 2)
            snprintf(last, sizeof last, "%s %s", last2[0], last2[1]);
        else
            snprintf(last, sizeof last, "%s", plies == 1 ? last2[1] : "");
        if (plies == 0)
            diff_fresh_counters(fen, start, sizeof start);
        int n = our_moves(pos, ours, legal, fen);
        int m = uci_perft(&engine, from, last, 1, theirs, 512, NULL);
        ck_assert_msg(m >= 0, "fairy-stockfish failed: %s [%s moves %s]", engine.error, from, last);
        const char *d = diff_first(ours, n, theirs, m, what, sizeof what);
        ck_assert_msg(!d, "position %d [%s] (engine: %s moves %s): %s", _i * CHUNK + done, fen, from,
                      last, d);
        compared += n;
        if (n == 0) {
            terminal++;
            plies = MAX_PLIES;
            continue;
        }
        /* A pass one time in eight when it is legal: bikjang and double passes get played. */
        bg_move pick = legal[xorshift64(&rng) % (uint64_t)n];
        if (bg_move_is_pass(legal[n - 1]) && xorshift64(&rng) % 8 == 0)
            pick = legal[n - 1];
        passes += bg_move_is_pass(pick);
        strcpy(back2, back1);
        diff_fresh_counters(fen, back1, sizeof back1);
        strcpy(last2[0], last2[1]);
        bg_move_format(pos, pick, "uci", last2[1], sizeof last2[1]);
        ck_assert_int_eq(bg_position_play(pos, pick), BG_OK);
        plies++;
    }
    printf("# chunk %d: %d positions, %ld legal moves compared, %d passes played, %d game ends "
           "over the board\n", _i, todo, compared, passes, terminal);
    bg_position_free(pos);
    uci_stop(&engine);
}
END_TEST

int main(int argc, char **argv)
{
    fsf_path = diff_start(argc, argv, "janggi|janggicasual POSITIONS SEED", &run);
    if (!fsf_path)
        return 2;
    ruleset_of_run = strcmp(run.variant, "janggicasual") == 0 ? "casual" : "tournament";
    return loop_run("janggi-diff", run.variant, random_games, diff_chunks(&run, CHUNK));
}
