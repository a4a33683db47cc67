/*
** Allocation failure across the whole public API: for every variant of the registry, one scenario
** uses every allocating entry point (positions from start and text, notations, games, play,
** annotations, clone, undo, export, record reading). It runs once to count the allocation
** requests N, then N more times with request k refused: each call either succeeds with the
** reference result or returns BG_E_NO_MEMORY leaving its handles as they were; those handles
** still work afterwards, and nothing leaks.
*/
#include <check.h>
#include <iconv.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <boardgames/boardgames.h>

#include "common/alloc_util.h"
#include "check_main.h"
#include "fnv.h"

#define PLIES 30
#define MAX_STEPS 4096
#define BUF 65536
/* A chess start where both sides promote at once (and capture while promoting). */
#define PROMOTIONS_CHESS "r3k3/1P6/8/8/8/8/6p1/4K2R w Kq - 0 1"

/* Position text formats any variant may know; the ones a variant refuses are skipped. */
static const char *const position_formats[] = {NULL, "fen", "xfen", "shredder-fen", "epd", "sfen"};
#define NFORMATS (int)(sizeof position_formats / sizeof position_formats[0])

/* What a variant's reference run found, for the failure runs and the report. */
typedef struct reference {
    int nsteps;
    long status[MAX_STEPS];
    uint64_t trace[MAX_STEPS];
    long requests;          /* N */
    long round_trips;       /* moves formatted and parsed back in every notation */
    int captures, promotions, drops, passes, plies;
} reference;

typedef struct run {
    const bg_variant *v;
    au_counter *c;
    bg_allocator a;
    reference *ref;
    int is_ref;
    int step;
    uint64_t trace; /* FNV-1a over every result so far */
    int stopped;    /* a call failed on the refused allocation */
    int recovered;  /* a refused allocation was absorbed by a successful call */
    int passed;     /* passes played */
    char opts[256];
    unsigned long long rng;
    /* Live handles: checked unchanged after a refusal, and usable afterwards. */
    bg_position *p, *q;
    bg_game *g, *g2, *gc, *gr;
    bg_record_reader *rd;
    char buf[BUF];
    char *file; /* record text (test memory, not the library's) */
} run;

static void mix(run *r, const void *data, size_t n) { r->trace = fnv_bytes(r->trace, data, n); }
static void mix_long(run *r, long x) { mix(r, &x, sizeof x); }
static void mix_str(run *r, const char *s) { s ? mix(r, s, strlen(s) + 1) : mix_long(r, -77); }

static unsigned rnd(run *r, unsigned n)
{
    r->rng ^= r->rng << 13;
    r->rng ^= r->rng >> 7;
    r->rng ^= r->rng << 17;
    return (unsigned)(r->rng % n);
}

/* ---------- snapshots of the live handles ---------- */

static void hash_position(uint64_t *h, const bg_position *p)
{
    char text[2048];
    int n = bg_position_text(p, NULL, text, sizeof text);
    uint64_t k = bg_position_hash(p);
    for (int i = 0; i < n && i < (int)sizeof text; i++)
        *h = (*h ^ (unsigned char)text[i]) * 0x100000001b3ULL;
    *h ^= k + 0x9e3779b97f4a7c15ULL + (*h << 6);
}

static void hash_str(uint64_t *h, const char *s)
{
    for (; s && *s; s++)
        *h = (*h ^ (unsigned char)*s) * 0x100000001b3ULL;
    *h = (*h ^ 0xff) * 0x100000001b3ULL;
}

static void hash_game(uint64_t *h, const bg_game *g, int with_memory)
{
    hash_position(h, bg_game_position(g));
    hash_position(h, bg_game_start_position(g));
    long facts[] = {bg_game_ply_count(g), bg_game_outcome(g), (long)bg_game_winners(g),
                    bg_game_reason(g), bg_game_tag_count(g),
                    with_memory ? (long)bg_game_memory(g) : 0};
    for (size_t i = 0; i < sizeof facts / sizeof facts[0]; i++)
        *h ^= (uint64_t)facts[i] * 0x9e3779b97f4a7c15ULL + (*h << 7) + (*h >> 3);
    for (int i = 0; i < bg_game_ply_count(g); i++)
        *h = (*h ^ bg_game_move_at(g, i)) * 0x100000001b3ULL;
    for (int i = 0; i < bg_game_tag_count(g); i++) {
        hash_str(h, bg_game_tag_key(g, i));
        hash_str(h, bg_game_tag_value(g, i));
    }
    for (int p = 0; p <= bg_game_ply_count(g); p++) {
        hash_str(h, bg_game_comment(g, p));
        for (int i = 0; i < bg_game_nag_count(g, p); i++)
            *h = (*h ^ (uint64_t)bg_game_nag_at(g, p, i)) * 0x100000001b3ULL;
        for (int i = 0; i < bg_game_variation_count(g, p); i++)
            hash_str(h, bg_game_variation_at(g, p, i));
    }
}

static uint64_t snapshot(const run *r, int with_memory)
{
    uint64_t h = FNV_START;
    const bg_position *ps[] = {r->p, r->q};
    const bg_game *gs[] = {r->g, r->g2, r->gc, r->gr};
    for (int i = 0; i < 2; i++)
        if (ps[i])
            hash_position(&h, ps[i]);
        else
            h = h * 31 + 1;
    for (int i = 0; i < 4; i++)
        if (gs[i])
            hash_game(&h, gs[i], with_memory);
        else
            h = h * 31 + 2;
    return h;
}

/* ---------- one checked call ---------- */

static int pending(const run *r) { return r->c->fail_at > r->c->requests; }

/*
** After a call: a refused request must give BG_E_NO_MEMORY (or a success with the reference
** result) and leave the live handles as they were; a call with no refusal must give exactly what
** the reference run got. Returns 0 when the scenario stops.
*/
static int settle(run *r, const char *what, long refused_before, int was_pending, uint64_t before,
                  long st, const bg_error *err)
{
    const char *vid = bg_variant_id(r->v);
    int refused = r->c->refused != refused_before;
    int i = r->step++;
    ck_assert_msg(i < MAX_STEPS, "%s: too many steps", vid);
    if (refused && st == BG_E_NO_MEMORY) {
        ck_assert_msg(snapshot(r, 1) == before,
                      "%s, request %ld refused in %s: a live handle changed", vid, r->c->fail_at,
                      what);
        if (err)
            ck_assert_msg(err->code == BG_E_NO_MEMORY && err->message[0],
                          "%s, request %ld refused in %s: error struct code %d, message '%s'", vid,
                          r->c->fail_at, what, err->code, err->message);
        r->stopped = 1;
        if (r->c->requests != r->c->fail_at)
            fprintf(stderr, "# %s, request %ld refused in %s: %ld more requests before it returned\n",
                    vid, r->c->fail_at, what, r->c->requests - r->c->fail_at);
        return 0;
    }
    (void)was_pending;
    mix_long(r, st);
    if (r->is_ref) {
        r->ref->status[i] = st;
        r->ref->trace[i] = r->trace;
        r->ref->nsteps = i + 1;
        return 1;
    }
    ck_assert_msg(i < r->ref->nsteps && r->ref->status[i] == st,
                  "%s, request %ld refused: %s gave %ld, the reference run %ld%s", vid,
                  r->c->fail_at, what, st, i < r->ref->nsteps ? r->ref->status[i] : 99,
                  refused ? " (the refusal was not reported)" : "");
    ck_assert_msg(r->ref->trace[i] == r->trace,
                  "%s, request %ld refused: results differ from the reference by %s", vid,
                  r->c->fail_at, what);
    if (refused)
        r->recovered++;
    return 1;
}

#define STEP_ERR(r, what, err, expr)                                                       \
    do {                                                                                   \
        long refused_ = (r)->c->refused;                                                   \
        int pending_ = pending(r);                                                         \
        uint64_t before_ = pending_ ? snapshot(r, 1) : 0;                                  \
        long st_ = (long)(expr);                                                           \
        if (!settle(r, what, refused_, pending_, before_, st_, err))                       \
            goto out;                                                                      \
    } while (0)
#define STEP(r, what, expr) STEP_ERR(r, what, NULL, expr)

/* A constructor's out pointer must stay NULL when it fails. */
#define STEP_NEW(r, what, err, out, expr)                                                  \
    do {                                                                                   \
        STEP_ERR(r, what, err, expr);                                                      \
    } while (0);                                                                           \
    if (!(out))                                                                            \
        ck_abort_msg("%s: %s gave no handle", bg_variant_id((r)->v), what)

/* ---------- the scenario ---------- */

static void default_options(const bg_variant *v, char *out, size_t cap)
{
    size_t n = 0;
    out[0] = 0;
    for (int i = 0; i < bg_variant_option_count(v); i++) {
        const char *vals = bg_variant_option_values(v, i);
        size_t k = strcspn(vals, "|");
        if (k == 0 || (k == 1 && vals[0] == '*'))
            continue;
        n += (size_t)snprintf(out + n, cap - n, "%s%s=%.*s", n ? ";" : "",
                              bg_variant_option_name(v, i), (int)k, vals);
    }
}

/* Moves worth playing: captures, promotions, drops and passes. */
static int special(const bg_position *p, bg_move m)
{
    return (m & (BG_MOVE_PROMOTION | BG_MOVE_DROP | BG_MOVE_PASS)) ||
           (bg_position_move_flags(p, m) & BG_FLAG_CAPTURE);
}

/*
** Every legal move in every notation, parsed back (reference run only). Formatting and parsing
** are const calls that make no allocation request (asserted), so refusing one cannot reach them.
*/
static void notation_round_trip(run *r, const bg_position *pos)
{
    bg_move moves[4096];
    long before = r->c->requests;
    int n = bg_position_legal_moves(pos, moves, 4096);
    ck_assert_int_gt(n, 0);
    for (int i = 0; i < n; i++)
        for (int k = 0; k < bg_variant_notation_count(r->v); k++) {
            const char *nid = bg_variant_notation_at(r->v, k);
            bg_error err = BG_ERROR_INIT;
            bg_move back = 0;
            int len = bg_move_format(pos, moves[i], nid, r->buf, sizeof r->buf);
            ck_assert_msg(len > 0, "%s %s: move %u formats as %d", bg_variant_id(r->v), nid,
                          (unsigned)moves[i], len);
            bg_status s = bg_move_parse(pos, r->buf, nid, 0, &back, &err);
            ck_assert_msg(s == BG_OK && back == moves[i],
                          "%s %s: '%s' does not read back (%s)", bg_variant_id(r->v), nid, r->buf,
                          err.message);
            r->ref->round_trips++;
        }
    ck_assert_msg(r->c->requests == before, "%s: notations made %ld allocation requests",
                  bg_variant_id(r->v), r->c->requests - before);
}

/* Record text of the game exported twice (two games in one file). */
static int export_file(run *r, const bg_game *g, const char *fmt, size_t *len)
{
    int n;
    STEP(r, "bg_game_export (size)", n = bg_game_export(g, fmt, NULL, 0));
    ck_assert_msg(n > 0, "%s: export %s gave %d", bg_variant_id(r->v), fmt, n);
    free(r->file);
    r->file = malloc(2 * (size_t)n + 8);
    ck_assert_ptr_nonnull(r->file);
    STEP(r, "bg_game_export", bg_game_export(g, fmt, r->file, (size_t)n + 1));
    mix_str(r, r->file);
    /* CSA separates games with a "/" line; the others start a game at its first header line. */
    const char *sep = strcmp(fmt, "csa") == 0 ? "/\n" : "\n";
    size_t k = (size_t)n;
    if (r->file[k - 1] != '\n')
        r->file[k++] = '\n';
    k += (size_t)sprintf(r->file + k, "%s", sep);
    memcpy(r->file + k, r->file, (size_t)n);
    *len = k + (size_t)n;
    return 1;
out:
    return 0;
}

/* Read every game of the file back; each must be the game exported. */
static int read_back(run *r, const bg_game *g, const char *fmt, size_t len)
{
    bg_error err = BG_ERROR_INIT;
    int games = 0;
    STEP_NEW(r, "bg_record_reader_new", &err, r->rd,
             bg_record_reader_new(&r->rd, r->v, fmt, r->file, len, r->opts, &r->a, &err));
    for (;;) {
        bg_status s;
        bg_error e2 = BG_ERROR_INIT;
        STEP_ERR(r, "bg_record_reader_next", &e2, s = bg_record_reader_next(r->rd, &r->gr, &e2));
        if (s == BG_E_END)
            break;
        ck_assert_msg(s == BG_OK, "%s %s: game %d does not read back: %s", bg_variant_id(r->v),
                      fmt, games, e2.message);
        ck_assert_int_eq(bg_game_ply_count(r->gr), bg_game_ply_count(g));
        ck_assert(bg_position_hash(bg_game_position(r->gr)) ==
                  bg_position_hash(bg_game_position(g)));
        mix_long(r, bg_game_tag_count(r->gr));
        mix_str(r, bg_game_comment(r->gr, bg_game_ply_count(r->gr)));
        bg_game_free(r->gr);
        r->gr = NULL;
        games++;
    }
    ck_assert_msg(games == 2, "%s %s: %d games read back, 2 written", bg_variant_id(r->v), fmt,
                  games);
    bg_record_reader_free(r->rd);
    r->rd = NULL;
    return 1;
out:
    return 0;
}

/*
** The shogi family's files are often Shift_JIS: the reader converts them first (its own
** allocations). The record text in r->file becomes its CP932 form; returns the new length.
*/
static size_t to_shift_jis(run *r, size_t len)
{
    iconv_t cd = iconv_open("CP932", "UTF-8");
    ck_assert_msg(cd != (iconv_t)-1, "no UTF-8 to CP932 conversion on this system");
    char *out = malloc(2 * len + 1), *in = r->file, *o = out;
    size_t inleft = len, outleft = 2 * len;
    ck_assert_ptr_nonnull(out);
    ck_assert_msg(iconv(cd, &in, &inleft, &o, &outleft) != (size_t)-1 && inleft == 0,
                  "%s: the record is not CP932 text", bg_variant_id(r->v));
    iconv_close(cd);
    free(r->file);
    r->file = out;
    return (size_t)(o - out);
}

static void queries(run *r, const bg_game *g)
{
    bg_move m[4096];
    const bg_position *p = bg_game_position(g);
    int n = bg_position_legal_moves(p, m, 4096);
    mix_long(r, bg_game_outcome(g));
    mix_long(r, (long)bg_game_winners(g));
    mix_long(r, bg_game_reason(g));
    mix_long(r, (long)bg_game_claims(g));
    if (n > 0)
        mix_long(r, (long)bg_game_claims_after(g, m[0]));
    for (int side = 0; side < bg_variant_sides(r->v); side++) {
        mix_long(r, bg_game_score(g, side));
        for (int which = BG_STAT_CAPTURED; which <= BG_STAT_COMMANDER; which++)
            mix_long(r, bg_game_stat(g, side, which));
    }
    mix_long(r, bg_position_in_check(p));
    mix_long(r, bg_position_halfmove_clock(p));
    mix_long(r, bg_position_fullmove_number(p));
}

/* Play PLIES plies, preferring captures, promotions, drops and passes every other ply. */
static int play_game(run *r)
{
    bg_move moves[4096];
    for (int ply = 0; ply < PLIES && bg_game_outcome(r->g) == BG_ONGOING; ply++) {
        const bg_position *pos = bg_game_position(r->g);
        if (r->is_ref && (ply % 10 == 0 || ply == PLIES - 1))
            notation_round_trip(r, pos);
        int n = bg_position_legal_moves(pos, moves, 4096);
        ck_assert_int_gt(n, 0);
        bg_move pick = moves[rnd(r, (unsigned)n)];
        /* Drops need captures first: the variants with drops prefer specials on every ply. */
        if (ply % 2 == 0 || bg_variant_has_drops(r->v)) {
            int ns = 0;
            for (int i = 0; i < n; i++)
                if (special(pos, moves[i]) && !(r->passed && (moves[i] & BG_MOVE_PASS)))
                    moves[ns++] = moves[i];
            /* Passes are rare among the specials: take one when the variant has it, once. */
            for (int i = 0; i < ns && !r->passed; i++)
                if (moves[i] & BG_MOVE_PASS)
                    pick = moves[i];
            if (ns && !(pick & BG_MOVE_PASS))
                pick = moves[rnd(r, (unsigned)ns)];
        }
        r->passed += (pick & BG_MOVE_PASS) != 0;
        if (r->is_ref) {
            r->ref->captures += (bg_position_move_flags(pos, pick) & BG_FLAG_CAPTURE) != 0;
            r->ref->promotions += (pick & BG_MOVE_PROMOTION) != 0;
            r->ref->drops += (pick & BG_MOVE_DROP) != 0;
            r->ref->passes += (pick & BG_MOVE_PASS) != 0;
            r->ref->plies++;
        }
        /* Half the moves go through text, in each notation in turn. */
        if (ply % 2) {
            const char *nid =
                bg_variant_notation_at(r->v, ply / 2 % bg_variant_notation_count(r->v));
            STEP(r, "bg_move_format", bg_move_format(pos, pick, nid, r->buf, sizeof r->buf));
            STEP(r, "bg_game_play_text", bg_game_play_text(r->g, r->buf, nid, 0));
        } else {
            STEP(r, "bg_game_play", bg_game_play(r->g, pick));
        }
        queries(r, r->g);
        if (ply == 2 || ply == 7) {
            STEP(r, "bg_game_set_comment", bg_game_set_comment(r->g, ply + 1, "a comment"));
            STEP(r, "bg_game_add_nag", bg_game_add_nag(r->g, ply + 1, 1 + ply % 6));
            STEP(r, "bg_game_add_nag", bg_game_add_nag(r->g, ply + 1, 14));
            STEP(r, "bg_game_set_comment", bg_game_set_comment(r->g, ply + 1, "replaced"));
        }
    }
    return 1;
out:
    return 0;
}

static void scenario(run *r)
{
    const bg_variant *v = r->v;
    bg_error err = BG_ERROR_INIT;
    char text[2048];
    int n;

    /* Positions: the start with options, and from the text of every format. */
    ck_assert_ptr_eq(bg_variant_find(bg_variant_id(v)), v);
    STEP_NEW(r, "bg_position_new", &err, r->p, bg_position_new(&r->p, v, r->opts, &r->a, &err));
    for (int f = 0; f < NFORMATS; f++) {
        n = bg_position_text(r->p, position_formats[f], text, sizeof text);
        mix_long(r, n);
        if (n < 0)
            continue;
        mix_str(r, text);
        STEP_NEW(r, "bg_position_from_text", &err, r->q,
                 bg_position_from_text(&r->q, v, text, position_formats[f], r->opts, 0, &r->a,
                                       &err));
        ck_assert(bg_position_hash(r->q) == bg_position_hash(r->p));
        bg_position_free(r->q);
        r->q = NULL;
    }
    STEP_NEW(r, "bg_position_clone", NULL, r->q, bg_position_clone(&r->q, r->p));
    {
        bg_move m[4096];
        n = bg_position_legal_moves(r->q, m, 4096);
        ck_assert_int_gt(n, 0);
        STEP(r, "bg_position_play", bg_position_play(r->q, m[rnd(r, (unsigned)n)]));
        STEP(r, "bg_position_copy", bg_position_copy(r->p, r->q));
        mix_long(r, (long)bg_position_hash(r->p));
    }
    bg_position_free(r->q);
    r->q = NULL;

    /* Games: at the start, and from text (where promotions come at once, when known). */
    STEP_NEW(r, "bg_game_new", &err, r->g, bg_game_new(&r->g, v, r->opts, &r->a, &err));
    n = bg_position_text(r->p, NULL, text, sizeof text);
    if (strcmp(bg_variant_id(v), "chess") == 0)
        strcpy(text, PROMOTIONS_CHESS);
    STEP_NEW(r, "bg_game_new_from_text", &err, r->g2,
             bg_game_new_from_text(&r->g2, v, text, NULL, r->opts, 0, &r->a, &err));
    /* A short game that goes for promotions, then drops, then captures. */
    for (int ply = 0; ply < 12 && bg_game_outcome(r->g2) == BG_ONGOING; ply++) {
        bg_move m[4096], pick;
        const bg_position *pos = bg_game_position(r->g2);
        n = bg_position_legal_moves(pos, m, 4096);
        pick = m[rnd(r, (unsigned)n)];
        int best = 0;
        for (int i = 0; i < n; i++) {
            int rank = (m[i] & BG_MOVE_PROMOTION)                         ? 3
                       : (m[i] & BG_MOVE_DROP)                            ? 2
                       : (bg_position_move_flags(pos, m[i]) & BG_FLAG_CAPTURE) ? 1
                                                                               : 0;
            if (rank > best)
                best = rank, pick = m[i];
        }
        if (r->is_ref) {
            r->ref->captures += (bg_position_move_flags(pos, pick) & BG_FLAG_CAPTURE) != 0;
            r->ref->promotions += (pick & BG_MOVE_PROMOTION) != 0;
            r->ref->drops += (pick & BG_MOVE_DROP) != 0;
        }
        STEP(r, "bg_game_play", bg_game_play(r->g2, pick));
    }
    STEP(r, "bg_game_set_tag", bg_game_set_tag(r->g, "Event", "Allocation walk"));
    STEP(r, "bg_game_set_tag", bg_game_set_tag(r->g, "Site", "Here"));
    STEP(r, "bg_game_set_tag", bg_game_set_tag(r->g, "Round", "1"));
    STEP(r, "bg_game_set_comment", bg_game_set_comment(r->g, 0, "before the first move"));
    if (!play_game(r))
        goto out;
    STEP(r, "bg_game_set_tag", bg_game_set_tag(r->g, "Event", "Replaced"));
    STEP(r, "bg_game_set_tag", bg_game_set_tag(r->g, "Round", NULL));
    {
        /* A variation: the alternatives to the third ply, in the first notation. */
        bg_game *g = r->g;
        bg_move m[4096];
        ck_assert_int_ge(bg_game_ply_count(g), 4);
        STEP_NEW(r, "bg_position_clone", NULL, r->q,
                 bg_position_clone(&r->q, bg_game_start_position(g)));
        bg_position *alt = r->q;
        ck_assert_int_eq(bg_position_play(alt, bg_game_move_at(g, 0)), BG_OK);
        ck_assert_int_eq(bg_position_play(alt, bg_game_move_at(g, 1)), BG_OK);
        n = bg_position_legal_moves(alt, m, 4096);
        int added = 0;
        for (int i = 0; i < n && added < 2; i++) {
            if (m[i] == bg_game_move_at(g, 2))
                continue;
            int k = bg_move_format(alt, m[i], NULL, text, sizeof text);
            ck_assert_int_gt(k, 0);
            bg_status s;
            STEP(r, "bg_game_add_variation", s = bg_game_add_variation(g, 3, text));
            if (s != BG_OK)
                break;
            added++;
        }
        bg_position_free(r->q);
        r->q = NULL;
    }
    queries(r, r->g);

    /* Clones: one resigns, one agrees a draw, one claims what it may. */
    STEP_NEW(r, "bg_game_clone", NULL, r->gc, bg_game_clone(&r->gc, r->g));
    mix_long(r, (long)bg_game_memory(r->gc));
    if (bg_game_outcome(r->gc) == BG_ONGOING) {
        STEP(r, "bg_game_resign",
             bg_game_resign(r->gc, bg_position_side_to_move(bg_game_position(r->gc))));
        queries(r, r->gc);
        STEP(r, "bg_game_undo", bg_game_undo(r->gc));
        STEP(r, "bg_game_agree_draw", bg_game_agree_draw(r->gc));
        queries(r, r->gc);
    }
    bg_game_free(r->gc);
    r->gc = NULL;
    STEP_NEW(r, "bg_game_clone", NULL, r->gc, bg_game_clone(&r->gc, r->g));
    {
        uint64_t claims = bg_game_claims(r->gc);
        for (int reason = 0; reason < 64 && bg_game_outcome(r->gc) == BG_ONGOING; reason++)
            if (claims >> reason & 1)
                STEP(r, "bg_game_claim", bg_game_claim(r->gc, (bg_reason)reason, BG_MOVE_NONE));
        /* A claim with a move: the move stands whatever the claim gives. */
        bg_move m[4096];
        if (bg_game_outcome(r->gc) == BG_ONGOING &&
            bg_position_legal_moves(bg_game_position(r->gc), m, 4096) > 0)
            STEP(r, "bg_game_claim", bg_game_claim(r->gc, BG_REASON_REPETITION, m[0]));
        queries(r, r->gc);
    }
    bg_game_free(r->gc);
    r->gc = NULL;

    /* Undo two plies and play one again. */
    STEP(r, "bg_game_undo", bg_game_undo(r->g));
    STEP(r, "bg_game_undo", bg_game_undo(r->g));
    {
        bg_move m[4096];
        n = bg_position_legal_moves(bg_game_position(r->g), m, 4096);
        ck_assert_int_gt(n, 0);
        STEP(r, "bg_game_play", bg_game_play(r->g, m[rnd(r, (unsigned)n)]));
    }
    STEP(r, "bg_game_set_comment", bg_game_set_comment(r->g, bg_game_ply_count(r->g), "the end"));
    queries(r, r->g);

    /* Every record format: export, read back. */
    for (int f = 0; f < bg_variant_record_format_count(v); f++) {
        const char *fmt = bg_variant_record_format_at(v, f);
        size_t len;
        if (!export_file(r, r->g, fmt, &len) || !read_back(r, r->g, fmt, len))
            goto out;
        if ((!strcmp(fmt, "kif") || !strcmp(fmt, "ki2") || !strcmp(fmt, "csa")) &&
            !read_back(r, r->g, fmt, to_shift_jis(r, len)))
            goto out;
    }
    mix_long(r, (long)bg_game_memory(r->g));
    if (bg_variant_record_format_count(v) > 0) {
        const char *fmt = bg_variant_record_format_at(v, 0);
        size_t len;
        if (!export_file(r, r->g2, fmt, &len) || !read_back(r, r->g2, fmt, len))
            goto out;
    }
out:;
}

/* After a refusal: every live handle still works. */
static void still_usable(run *r)
{
    bg_move m[4096];
    r->c->fail_at = 0;
    const bg_position *ps[] = {r->p, r->q};
    for (int i = 0; i < 2; i++) {
        if (!ps[i])
            continue;
        bg_position *c = NULL;
        ck_assert_int_gt(bg_position_legal_moves(ps[i], m, 4096), 0);
        ck_assert_int_gt(bg_position_text(ps[i], NULL, r->buf, sizeof r->buf), 0);
        ck_assert_int_eq(bg_position_clone(&c, ps[i]), BG_OK);
        ck_assert(bg_position_hash(c) == bg_position_hash(ps[i]));
        bg_position_free(c);
    }
    bg_game *gs[] = {r->g, r->g2, r->gc};
    for (int i = 0; i < 3; i++) {
        bg_game *g = gs[i];
        if (!g)
            continue;
        uint64_t before = snapshot(r, 0);
        ck_assert_int_gt(bg_game_export(g, NULL, r->buf, sizeof r->buf), 0);
        ck_assert_int_eq(bg_game_set_tag(g, "Usable", "yes"), BG_OK);
        ck_assert_int_eq(bg_game_set_tag(g, "Usable", NULL), BG_OK);
        if (bg_game_outcome(g) == BG_ONGOING) {
            ck_assert_int_gt(bg_position_legal_moves(bg_game_position(g), m, 4096), 0);
            ck_assert_int_eq(bg_game_play(g, m[0]), BG_OK);
            ck_assert_int_eq(bg_game_undo(g), BG_OK);
        }
        ck_assert_msg(snapshot(r, 0) == before, "%s: a game changed by play and undo",
                      bg_variant_id(r->v));
    }
    if (r->rd) {
        /* The reader goes on (the game being read when memory ran out is skipped). */
        for (int k = 0; k < 4; k++) {
            bg_game *g = NULL;
            bg_status s = bg_record_reader_next(r->rd, &g, NULL);
            bg_game_free(g);
            if (s == BG_E_END)
                break;
            ck_assert_msg(s == BG_OK, "%s: reader after a refusal: %s", bg_variant_id(r->v),
                          bg_strerror(s));
        }
    }
}

static void free_all(run *r)
{
    bg_record_reader_free(r->rd);
    bg_game_free(r->gr);
    bg_game_free(r->gc);
    bg_game_free(r->g2);
    bg_game_free(r->g);
    bg_position_free(r->q);
    bg_position_free(r->p);
    free(r->file);
}

/* One run with request fail_at refused (0 = none); returns the requests made. */
static long run_once(const bg_variant *v, reference *ref, long fail_at, int *stopped, int *recovered)
{
    au_counter c = {.fail_at = fail_at};
    run *r = calloc(1, sizeof *r);
    ck_assert_ptr_nonnull(r);
    r->v = v;
    r->c = &c;
    r->a = (bg_allocator)BG_ALLOCATOR_INIT(au_alloc, &c);
    r->ref = ref;
    r->is_ref = fail_at == 0;
    r->trace = FNV_START;
    r->rng = 0x9e3779b97f4a7c15ULL;
    for (const char *id = bg_variant_id(v); *id; id++)
        r->rng = (r->rng ^ (unsigned char)*id) * 0x100000001b3ULL;
    default_options(v, r->opts, sizeof r->opts);
    scenario(r);
    long requests = c.requests;
    if (r->stopped)
        still_usable(r);
    else if (!r->is_ref)
        ck_assert_msg(r->step == ref->nsteps && r->trace == ref->trace[ref->nsteps - 1],
                      "%s, request %ld refused: the run ended otherwise than the reference",
                      bg_variant_id(v), fail_at);
    *stopped = r->stopped;
    *recovered = r->recovered;
    free_all(r);
    free(r);
    ck_assert_msg(c.live_blocks == 0 && c.live_bytes == 0,
                  "%s, request %ld refused: %ld blocks / %zu bytes leaked", bg_variant_id(v),
                  fail_at, c.live_blocks, c.live_bytes);
    ck_assert_msg(c.bad_osize == 0, "%s, request %ld refused: %ld frees with a wrong osize",
                  bg_variant_id(v), fail_at, c.bad_osize);
    ck_assert_msg(c.refused == (fail_at > 0 && fail_at <= c.requests),
                  "%s: %ld refusals for request %ld", bg_variant_id(v), c.refused, fail_at);
    return requests;
}

START_TEST(every_allocation_fails_once)
{
    const bg_variant *v = bg_variant_at(_i);
    ck_assert_ptr_nonnull(v);
    reference *ref = calloc(1, sizeof *ref);
    ck_assert_ptr_nonnull(ref);
    int stopped, recovered;
    long n = run_once(v, ref, 0, &stopped, &recovered);
    ck_assert_msg(!stopped, "%s: the reference run stopped", bg_variant_id(v));
    ref->requests = n;
    /* Valgrind runs sample the requests: the first and last ones, and every reduce-th between. */
    long reduce = tu_env_reduce(10), tried = 0, stops = 0, absorbed = 0;
    for (long k = 1; k <= n; k++) {
        if (reduce > 1 && k > 20 && k < n - 20 && (k * 7919) % reduce != 0)
            continue;
        long again = run_once(v, ref, k, &stopped, &recovered);
        ck_assert_msg(stopped ? again >= k && again <= n : again == n,
                      "%s, request %ld refused: %ld requests, the reference made %ld",
                      bg_variant_id(v), k, again, n);
        tried++;
        stops += stopped;
        absorbed += recovered;
    }
    ck_assert_int_eq(stops + absorbed, tried);
    printf("# alloc-api %s: N = %ld allocation requests (%d steps, %d plies and 12 more: %d captures, "
           "%d promotions, %d drops, %d passes; %ld notation round trips); %ld refused in turn, "
           "%ld stopped with BG_E_NO_MEMORY, %ld absorbed\n",
           bg_variant_id(v), n, ref->nsteps, ref->plies, ref->captures, ref->promotions,
           ref->drops, ref->passes, ref->round_trips,
           tried, stops, absorbed);
    free(ref);
}
END_TEST

int main(void)
{
    TCase *tc = one_case("alloc-api", "variants", 1200);
    tcase_add_loop_test(tc, every_allocation_fails_once, 0, bg_variant_count());
    return run_cases();
}
