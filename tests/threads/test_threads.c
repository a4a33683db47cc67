/*
** Threads: several threads play, notate, export, read back and perft every variant on their own
** handles while reading shared const data; every result must equal a single-thread run (TAP).
** Usage: test_threads [--threads N] [--games G] [--plies P] [--reduce F]
** (G games per variant, each thread plays all of them in its own order; F divides G and P, and
** the environment's BG_TEST_REDUCE, set by the valgrind setup, wins when larger.)
*/
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <boardgames/boardgames.h>

#include "fnv.h"

#define MAX_THREADS 16
#define MAX_VARIANTS 16
#define MAX_GAMES 256
#define MAX_NOTATIONS 16
#define MOVE_TEXT 128
#define POS_TEXT 4096
#define MAX_MESSAGES 6

/* FNV-1a over everything a run observes: equal digests mean equal observations. */
typedef struct digest {
    uint64_t h;
} digest;

static void d_bytes(digest *d, const void *p, size_t n) { d->h = fnv_bytes(d->h, p, n); }

static void d_u64(digest *d, uint64_t x) { d_bytes(d, &x, sizeof x); }

static void d_str(digest *d, const char *s)
{
    if (s)
        d_bytes(d, s, strlen(s) + 1);
    else
        d_u64(d, 0xdeadULL);
}

static uint64_t splitmix(uint64_t *s)
{
    uint64_t z = (*s += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

static int rnd(uint64_t *s, int n) { return (int)(splitmix(s) % (uint64_t)n); }

/* Everything one thread owns: buffers, its allocator's counters, its failures. */
typedef struct worker {
    int id;
    pthread_t tid;
    bg_allocator alloc; /* counts this thread's bytes; user = this worker, never shared */
    long long live;
    long allocs;
    bg_move *moves, *moves2;
    uint64_t *counts;
    long fails[MAX_VARIANTS + 2]; /* per variant, then shared positions, then metadata */
    char msgs[MAX_MESSAGES][320];
    int nmsgs;
    long games, plies, exports, shared_reads, meta_reads;
    long ends[4]; /* games ended by the rules, by a claim, by resignation/agreement, not ended */
} worker;

static int nvariants, games_per_variant, ply_cap, max_moves;
#define SLOT_SHARED (nvariants)
#define SLOT_META (nvariants + 1)

/* Shared read-only data: set up before the threads start, never written while they run. */
static const bg_position *shared_pos[MAX_VARIANTS];
static uint64_t shared_ref[MAX_VARIANTS];
static uint64_t meta_ref;
static uint64_t game_ref[MAX_VARIANTS][MAX_GAMES];

static void fail(worker *w, int slot, int line, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
static void fail(worker *w, int slot, int line, const char *fmt, ...)
{
    w->fails[slot]++;
    if (w->nmsgs >= MAX_MESSAGES)
        return;
    char *m = w->msgs[w->nmsgs++];
    int n = snprintf(m, sizeof w->msgs[0], "thread %d, line %d: ", w->id, line);
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(m + n, sizeof w->msgs[0] - (size_t)n, fmt, ap);
    va_end(ap);
}

#define CHECK(w, slot, cond, ...)                      \
    do {                                               \
        if (!(cond))                                   \
            fail((w), (slot), __LINE__, __VA_ARGS__); \
    } while (0)

static void *count_alloc(void *user, void *ptr, size_t osize, size_t nsize)
{
    worker *w = user;
    if (nsize == 0) {
        if (ptr)
            w->live -= (long long)osize;
        free(ptr);
        return NULL;
    }
    void *p = realloc(ptr, nsize);
    if (!p)
        return NULL;
    w->live += (long long)nsize - (ptr ? (long long)osize : 0);
    w->allocs++;
    return p;
}

/* Options for game j: defaults for even j, a random listed value of every option for odd j. */
static void pick_options(const bg_variant *v, uint64_t *r, int j, char *out, size_t cap)
{
    out[0] = '\0';
    if (j % 2 == 0)
        return;
    size_t len = 0;
    for (int i = 0; i < bg_variant_option_count(v); i++) {
        char vals[256], *choice[16], *save = NULL;
        int n = 0;
        snprintf(vals, sizeof vals, "%s", bg_variant_option_values(v, i));
        for (char *t = strtok_r(vals, "|", &save); t && n < 16; t = strtok_r(NULL, "|", &save))
            if (strcmp(t, "*") != 0)
                choice[n++] = t;
        if (n == 0 || len + 1 >= cap)
            continue;
        len += (size_t)snprintf(out + len, cap - len, "%s%s=%s", len ? ";" : "",
                                bg_variant_option_name(v, i), choice[rnd(r, n)]);
    }
}

static int cmp_move(const void *a, const void *b)
{
    bg_move x = *(const bg_move *)a, y = *(const bg_move *)b;
    return (x > y) - (x < y);
}

/* Text of p into buf (POS_TEXT bytes); 0 and a failure when it does not fit. */
static int pos_text(worker *w, int slot, const bg_position *p, char *buf)
{
    int n = bg_position_text(p, NULL, buf, POS_TEXT);
    CHECK(w, slot, n > 0 && n < POS_TEXT, "position text gives %d", n);
    return n > 0 && n < POS_TEXT;
}

/*
** A position text reached by a few random moves from the start, checked on the way: parsed back
** it writes the same text, has the same hash and moves, and so do its clone and a copy.
*/
static int random_start_text(worker *w, int vi, uint64_t *r, const char *opts,
                             const bg_allocator *al, char *text)
{
    const bg_variant *v = bg_variant_at(vi);
    bg_position *p = NULL, *q = NULL, *c = NULL;
    bg_error err = BG_ERROR_INIT;
    int ok = 0;
    if (bg_position_new(&p, v, opts, al, &err) != BG_OK) {
        CHECK(w, vi, 0, "%s: position_new(%s): %s", bg_variant_id(v), opts, err.message);
        return 0;
    }
    for (int k = 1 + rnd(r, 12); k > 0; k--) {
        int n = bg_position_legal_moves(p, w->moves, (size_t)max_moves);
        if (n <= 0)
            break;
        CHECK(w, vi, bg_position_play(p, w->moves[rnd(r, n)]) == BG_OK, "%s: position_play",
              bg_variant_id(v));
    }
    char back[POS_TEXT];
    if (!pos_text(w, vi, p, text))
        goto done;
    if (bg_position_from_text(&q, v, text, NULL, opts, 0, al, &err) != BG_OK) {
        CHECK(w, vi, 0, "%s: from_text '%s': %s", bg_variant_id(v), text, err.message);
        goto done;
    }
    CHECK(w, vi, pos_text(w, vi, q, back) && strcmp(back, text) == 0,
          "%s: '%s' reads back as '%s'", bg_variant_id(v), text, back);
    CHECK(w, vi, bg_position_hash(q) == bg_position_hash(p), "%s: hash of '%s' read back",
          bg_variant_id(v), text);
    /* Sets, not lists: the order may depend on how a position was reached (Seven Kingdoms). */
    int n1 = bg_position_legal_moves(p, w->moves, (size_t)max_moves);
    int n2 = bg_position_legal_moves(q, w->moves2, (size_t)max_moves);
    if (n1 > 0 && n1 == n2) {
        qsort(w->moves, (size_t)n1, sizeof(bg_move), cmp_move);
        qsort(w->moves2, (size_t)n2, sizeof(bg_move), cmp_move);
    }
    CHECK(w, vi,
          n1 == n2 && n1 >= 0 && memcmp(w->moves, w->moves2, (size_t)n1 * sizeof(bg_move)) == 0,
          "%s: %d legal moves, %d read back: %s", bg_variant_id(v), n1, n2, text);
    if (bg_position_clone(&c, q) == BG_OK) {
        CHECK(w, vi, bg_position_copy(c, p) == BG_OK && bg_position_hash(c) == bg_position_hash(q),
              "%s: clone/copy", bg_variant_id(v));
    } else {
        CHECK(w, vi, 0, "%s: clone failed", bg_variant_id(v));
    }
    ok = 1;
done:
    bg_position_free(c);
    bg_position_free(q);
    bg_position_free(p);
    return ok;
}

/* Perft of p at depth 1 and 2 (divide agrees) into the digest. */
static void perft_into(worker *w, int vi, const bg_position *p, int legal, digest *d)
{
    uint64_t p1 = bg_position_perft(p, 1);
    CHECK(w, vi, p1 == (uint64_t)legal, "%s: perft 1 = %llu, %d legal moves",
          bg_variant_id(bg_position_variant(p)), (unsigned long long)p1, legal);
    uint64_t p2 = bg_position_perft(p, 2), sum = 0;
    int n = bg_position_divide(p, 2, w->moves2, w->counts, (size_t)max_moves);
    CHECK(w, vi, n == legal, "divide: %d root moves, %d legal", n, legal);
    for (int i = 0; i < n && i < max_moves; i++)
        sum += w->counts[i];
    CHECK(w, vi, sum == p2, "%s: divide 2 sums to %llu, perft 2 = %llu",
          bg_variant_id(bg_position_variant(p)), (unsigned long long)sum, (unsigned long long)p2);
    d_u64(d, p1);
    d_u64(d, p2);
}

/* Every notation of m: format, strict parse back; the texts go into the digest and texts[]. */
static void notate(worker *w, int vi, const bg_position *p, bg_move m, digest *d,
                   char texts[][MOVE_TEXT])
{
    const bg_variant *v = bg_position_variant(p);
    for (int k = 0; k < bg_variant_notation_count(v) && k < MAX_NOTATIONS; k++) {
        const char *id = bg_variant_notation_at(v, k);
        int len = bg_move_format(p, m, id, texts[k], MOVE_TEXT);
        CHECK(w, vi, len > 0 && len < MOVE_TEXT, "%s: format %s of %#x gives %d",
              bg_variant_id(v), id, (unsigned)m, len);
        if (len <= 0 || len >= MOVE_TEXT) {
            texts[k][0] = '\0';
            continue;
        }
        bg_move back = BG_MOVE_NONE;
        bg_error err = BG_ERROR_INIT;
        bg_status s = bg_move_parse(p, texts[k], id, 0, &back, &err);
        CHECK(w, vi, s == BG_OK && back == m, "%s: %s '%s' parses to %#x (%s), not %#x",
              bg_variant_id(v), id, texts[k], (unsigned)back, err.message, (unsigned)m);
        d_str(d, texts[k]);
    }
}

/*
** The move that takes back the side's last move when that is a legal quiet move, else a random
** quiet move if one turns up, else any: positions repeat, so repetition rules and claims run.
*/
static bg_move shuffle_move(const bg_position *p, const bg_move *moves, int n,
                            const bg_move *last, uint64_t *r)
{
    int side = bg_position_side_to_move(p);
    bg_move prev = side >= 0 && side < BG_MAX_SIDES ? last[side] : BG_MOVE_NONE;
    if (prev && !(prev & (BG_MOVE_DROP | BG_MOVE_PROMOTION | BG_MOVE_PASS))) {
        bg_move back = BG_MOVE_MAKE(BG_MOVE_TO(prev), BG_MOVE_FROM(prev));
        if (bg_position_is_legal(p, back) && !(bg_position_move_flags(p, back) & BG_FLAG_CAPTURE))
            return back;
    }
    for (int tries = 0; tries < 8; tries++) {
        bg_move m = moves[rnd(r, n)];
        if (!(bg_position_move_flags(p, m) & BG_FLAG_CAPTURE))
            return m;
    }
    return moves[rnd(r, n)];
}

/* Export g in every record format of its variant, read each back: same moves, same text again. */
static void export_all(worker *w, int vi, const bg_game *g, const char *opts,
                       const bg_allocator *al, int declared, digest *d)
{
    const bg_variant *v = bg_game_variant(g);
    for (int k = 0; k < bg_variant_record_format_count(v); k++) {
        const char *fmt = bg_variant_record_format_at(v, k);
        int len = bg_game_export(g, fmt, NULL, 0);
        CHECK(w, vi, len > 0, "%s: export %s gives %d", bg_variant_id(v), fmt, len);
        if (len <= 0)
            continue;
        char *text = malloc((size_t)len + 1);
        bg_record_reader *rd = NULL;
        bg_game *g2 = NULL;
        bg_error err = BG_ERROR_INIT;
        if (!text)
            goto next;
        CHECK(w, vi, bg_game_export(g, fmt, text, (size_t)len + 1) == len, "%s: export %s",
              bg_variant_id(v), fmt);
        d_str(d, text);
        w->exports++;
        if (bg_record_reader_new(&rd, v, fmt, text, (size_t)len, opts, al, &err) != BG_OK) {
            CHECK(w, vi, 0, "%s: reader %s: %s", bg_variant_id(v), fmt, err.message);
            goto next;
        }
        if (bg_record_reader_next(rd, &g2, &err) != BG_OK) {
            CHECK(w, vi, 0, "%s: reading back %s: %s\n%s", bg_variant_id(v), fmt, err.message,
                  text);
            goto next;
        }
        int plies = bg_game_ply_count(g);
        CHECK(w, vi, bg_game_ply_count(g2) == plies, "%s: %s read back has %d plies, not %d",
              bg_variant_id(v), fmt, bg_game_ply_count(g2), plies);
        for (int i = 0; i < plies; i++)
            if (bg_game_move_at(g2, i) != bg_game_move_at(g, i)) {
                CHECK(w, vi, 0, "%s: %s read back differs at ply %d", bg_variant_id(v), fmt, i + 1);
                break;
            }
        /* A record keeps a declared result (resignation, agreement, claim) as text only. */
        CHECK(w, vi,
              declared || (bg_game_outcome(g2) == bg_game_outcome(g) &&
                           bg_game_winners(g2) == bg_game_winners(g)),
              "%s: %s read back: outcome %d/%u, not %d/%u", bg_variant_id(v), fmt,
              bg_game_outcome(g2), bg_game_winners(g2), bg_game_outcome(g), bg_game_winners(g));
        int len2 = bg_game_export(g2, fmt, NULL, 0);
        char *again = len2 > 0 ? malloc((size_t)len2 + 1) : NULL;
        CHECK(w, vi,
              again && bg_game_export(g2, fmt, again, (size_t)len2 + 1) == len2 &&
                  strcmp(again, text) == 0,
              "%s: %s exported again differs:\n%s\n---\n%s", bg_variant_id(v), fmt, text,
              again ? again : "(nothing)");
        free(again);
        bg_game_free(g2);
        g2 = NULL;
        CHECK(w, vi, bg_record_reader_next(rd, &g2, &err) == BG_E_END, "%s: %s: a second game",
              bg_variant_id(v), fmt);
    next:
        bg_game_free(g2);
        bg_record_reader_free(rd);
        free(text);
    }
}

/*
** One game of variant vi, number j: its seed depends on (vi, j) only, so every thread playing it
** must observe exactly what the single-thread reference run observed. Returns the digest.
*/
static uint64_t play_one(worker *w, int vi, int j)
{
    const bg_variant *v = bg_variant_at(vi);
    const char *vid = bg_variant_id(v);
    uint64_t r = 0x5eed0000ULL + (uint64_t)vi * 1000003ULL + (uint64_t)j;
    digest d = {FNV_START};
    const bg_allocator *al = j % 4 == 1 || j % 4 == 2 ? &w->alloc : NULL;
    char opts[256], start[POS_TEXT], texts[MAX_NOTATIONS][MOVE_TEXT];
    bg_error err = BG_ERROR_INIT;
    bg_game *g = NULL;
    bg_status st;
    int declared = 0;
    /* Every fourth game shuffles pieces back and forth for a while: repetitions, claims. */
    int shuffle = j % 4 == 3;
    bg_move last[BG_MAX_SIDES] = {0};

    pick_options(v, &r, j, opts, sizeof opts);
    d_str(&d, opts);
    if (j % 3 == 2) {
        if (!random_start_text(w, vi, &r, opts, al, start))
            return d.h;
        d_str(&d, start);
        st = bg_game_new_from_text(&g, v, start, NULL, opts, 0, al, &err);
    } else {
        st = bg_game_new(&g, v, opts, al, &err);
    }
    CHECK(w, vi, st == BG_OK, "%s: new game (%s): %s", vid, opts, err.message);
    if (st != BG_OK)
        return d.h;
    w->games++;
    if (j % 4 == 0) {
        bg_game_set_tag(g, "Event", "threads test");
        bg_game_set_comment(g, 0, "start");
    }

    for (int ply = 0; ply < ply_cap && bg_game_outcome(g) == BG_ONGOING; ply++) {
        if (ply == 80)
            shuffle = 0;
        const bg_position *p = bg_game_position(g);
        int n = bg_position_legal_moves(p, w->moves, (size_t)max_moves);
        CHECK(w, vi, n > 0 && n <= max_moves, "%s: ongoing game with %d legal moves", vid, n);
        if (n <= 0)
            break;
        d_u64(&d, (uint64_t)n);
        if (ply % 10 == 0)
            perft_into(w, vi, p, n, &d);
        bg_move m = shuffle && ply >= 4 ? shuffle_move(p, w->moves, n, last, &r)
                                         : w->moves[rnd(&r, n)];
        int side = bg_position_side_to_move(p);
        if (side >= 0 && side < BG_MAX_SIDES)
            last[side] = m;
        d_u64(&d, m);
        d_u64(&d, bg_position_move_flags(p, m));
        notate(w, vi, p, m, &d, texts);

        /* Claims listed now or "by the next move" must succeed (and end the game). */
        uint64_t claims = bg_game_claims(g), claims_after = bg_game_claims_after(g, m);
        d_u64(&d, claims);
        d_u64(&d, claims_after);
        if ((claims || claims_after) && rnd(&r, 2) == 0) {
            uint64_t mask = claims ? claims : claims_after;
            bg_move with = claims ? BG_MOVE_NONE : m;
            int reason = 0;
            while (!(mask >> reason & 1))
                reason++;
            st = bg_game_claim(g, (bg_reason)reason, with);
            declared = 1;
            w->ends[1]++;
            CHECK(w, vi,
                  st == BG_OK && bg_game_outcome(g) != BG_ONGOING &&
                      bg_game_ply_count(g) == ply + (with != BG_MOVE_NONE),
                  "%s: claim %s%s listed but gives %d", vid, bg_reason_name(reason),
                  with ? " with a move" : "", st);
            break;
        }

        uint64_t before = bg_position_hash(p);
        int k = rnd(&r, bg_variant_notation_count(v));
        if (rnd(&r, 2) || !texts[k][0])
            st = bg_game_play(g, m);
        else
            st = bg_game_play_text(g, texts[k], bg_variant_notation_at(v, k), 0);
        CHECK(w, vi, st == BG_OK && bg_game_move_at(g, ply) == m, "%s: play %s: %s", vid,
              texts[k], bg_game_errmsg(g));
        if (st != BG_OK)
            break;
        uint64_t after = bg_position_hash(bg_game_position(g));
        if (rnd(&r, 13) == 0) {
            CHECK(w, vi,
                  bg_game_undo(g) == BG_OK && bg_game_ply_count(g) == ply &&
                      bg_position_hash(bg_game_position(g)) == before,
                  "%s: undo of ply %d", vid, ply + 1);
            CHECK(w, vi,
                  bg_game_play(g, m) == BG_OK &&
                      bg_position_hash(bg_game_position(g)) == after,
                  "%s: replay after undo: %s", vid, bg_game_errmsg(g));
        }
        d_u64(&d, after);
        w->plies++;
    }

    if (!declared)
        w->ends[bg_game_outcome(g) == BG_ONGOING ? 3 : 0]++;
    if (bg_game_outcome(g) == BG_ONGOING) {
        int how = rnd(&r, 3);
        declared = how < 2;
        w->ends[3] -= declared;
        w->ends[2] += declared;
        if (how == 0)
            st = bg_game_resign(g, bg_position_side_to_move(bg_game_position(g)));
        else if (how == 1)
            st = bg_game_agree_draw(g);
        else
            st = BG_OK;
        CHECK(w, vi, st == BG_OK, "%s: resign/draw: %s", vid, bg_game_errmsg(g));
    }
    d_u64(&d, (uint64_t)bg_game_outcome(g));
    d_u64(&d, bg_game_winners(g));
    d_u64(&d, (uint64_t)bg_game_reason(g));
    d_u64(&d, (uint64_t)bg_game_ply_count(g));
    for (int s = 0; s < bg_variant_sides(v); s++) {
        d_u64(&d, (uint64_t)bg_game_stat(g, s, BG_STAT_CAPTURED));
        d_u64(&d, (uint64_t)bg_game_stat(g, s, BG_STAT_LOST));
        d_u64(&d, (uint64_t)bg_game_score(g, s));
    }
    bg_game *c = NULL;
    CHECK(w, vi,
          bg_game_clone(&c, g) == BG_OK && bg_game_ply_count(c) == bg_game_ply_count(g) &&
              bg_game_outcome(c) == bg_game_outcome(g) &&
              bg_position_hash(bg_game_position(c)) == bg_position_hash(bg_game_position(g)),
          "%s: clone of the game differs", vid);
    bg_game_free(c);
    export_all(w, vi, g, opts, al, declared, &d);
    bg_game_free(g);
    return d.h;
}

/* Only const calls on a shared position: moves into this thread's buffers, text, hash, perft. */
static uint64_t shared_digest(worker *w, int vi)
{
    const bg_position *p = shared_pos[vi];
    const bg_variant *v = bg_position_variant(p);
    digest d = {FNV_START};
    char text[POS_TEXT], texts[MAX_NOTATIONS][MOVE_TEXT];
    int n = bg_position_legal_moves(p, w->moves, (size_t)max_moves);
    CHECK(w, SLOT_SHARED, n > 0, "%s: shared position has %d moves", bg_variant_id(v), n);
    d_u64(&d, (uint64_t)n);
    if (n > 0)
        d_bytes(&d, w->moves, (size_t)n * sizeof(bg_move));
    if (pos_text(w, SLOT_SHARED, p, text))
        d_str(&d, text);
    d_u64(&d, bg_position_hash(p));
    d_u64(&d, (uint64_t)bg_position_side_to_move(p));
    d_u64(&d, (uint64_t)bg_position_in_check(p));
    d_u64(&d, (uint64_t)bg_position_halfmove_clock(p));
    d_u64(&d, (uint64_t)bg_position_fullmove_number(p));
    for (int sq = 0; sq < bg_variant_width(v) * bg_variant_height(v); sq++)
        d_u64(&d, (uint64_t)bg_position_piece_at(p, sq));
    for (int s = 0; s < bg_variant_sides(v); s++)
        for (int kind = 1; kind <= bg_variant_piece_kinds(v); kind++)
            d_u64(&d, (uint64_t)bg_position_hand_count(p, s, kind));
    d_u64(&d, bg_position_perft(p, 2));
    /* A few moves in every notation, parsed back from the same shared handle. */
    for (int i = 0; i < n && i < 4; i++) {
        bg_move m = w->moves[(i * 7) % n];
        d_u64(&d, bg_position_move_flags(p, m));
        CHECK(w, SLOT_SHARED, bg_position_is_legal(p, m), "%s: shared move not legal",
              bg_variant_id(v));
        notate(w, SLOT_SHARED, p, m, &d, texts);
    }
    w->shared_reads++;
    return d.h;
}

/* Every metadata query of every variant, the version and the static name tables. */
static uint64_t meta_digest(worker *w)
{
    digest d = {FNV_START};
    d_str(&d, bg_version());
    d_u64(&d, bg_version_number());
    for (int s = 0; s >= BG_E_END; s--)
        d_str(&d, bg_strerror(s));
    for (int reason = 0; reason <= BG_REASON_AGREEMENT; reason++) {
        d_str(&d, bg_reason_name(reason));
        if (reason)
            CHECK(w, SLOT_META, bg_reason_find(bg_reason_name(reason)) == reason,
                  "reason %d by name", reason);
    }
    d_u64(&d, (uint64_t)bg_variant_count());
    for (int vi = 0; vi < nvariants; vi++) {
        const bg_variant *v = bg_variant_at(vi);
        CHECK(w, SLOT_META, bg_variant_find(bg_variant_id(v)) == v, "variant %d by id", vi);
        CHECK(w, SLOT_META, v == bg_position_variant(shared_pos[vi]), "shared variant %d", vi);
        d_str(&d, bg_variant_id(v));
        d_str(&d, bg_variant_name(v));
        int wd = bg_variant_width(v), ht = bg_variant_height(v);
        d_u64(&d, (uint64_t)wd << 32 | (uint64_t)ht);
        for (int f = 0; f < wd; f++) {
            int sq = bg_square(v, f, ht - 1);
            CHECK(w, SLOT_META, bg_square_file(v, sq) == f && bg_square_rank(v, sq) == ht - 1,
                  "%s: square of file %d", bg_variant_id(v), f);
        }
        for (int s = 0; s < bg_variant_sides(v); s++) {
            d_str(&d, bg_variant_side_id(v, s));
            CHECK(w, SLOT_META, bg_variant_side_find(v, bg_variant_side_id(v, s)) == s,
                  "%s: side %d by id", bg_variant_id(v), s);
        }
        for (int kind = 1; kind <= bg_variant_piece_kinds(v); kind++) {
            d_str(&d, bg_variant_piece_name(v, kind));
            d_str(&d, bg_variant_piece_letter(v, kind));
        }
        d_u64(&d, (uint64_t)bg_variant_has_drops(v));
        d_u64(&d, (uint64_t)bg_variant_has_pass(v));
        d_u64(&d, (uint64_t)bg_variant_max_moves(v));
        d_u64(&d, bg_position_size(v));
        for (int k = 0; k < bg_variant_notation_count(v); k++)
            d_str(&d, bg_variant_notation_at(v, k));
        for (int k = 0; k < bg_variant_record_format_count(v); k++)
            d_str(&d, bg_variant_record_format_at(v, k));
        for (int k = 0; k < bg_variant_option_count(v); k++) {
            d_str(&d, bg_variant_option_name(v, k));
            d_str(&d, bg_variant_option_values(v, k));
        }
        d_str(&d, bg_variant_start_text(v));
    }
    w->meta_reads++;
    return d.h;
}

/* A thread's share: every game of every variant, in an order of its own. */
static void *run_worker(void *arg)
{
    worker *w = arg;
    for (int round = 0; round < games_per_variant; round++)
        for (int k = 0; k < nvariants; k++) {
            int vi = (k + 3 * w->id) % nvariants, j = (round + w->id) % games_per_variant;
            uint64_t got = play_one(w, vi, j);
            CHECK(w, vi, got == game_ref[vi][j], "%s game %d: digest %016llx, reference %016llx",
                  bg_variant_id(bg_variant_at(vi)), j, (unsigned long long)got,
                  (unsigned long long)game_ref[vi][j]);
            int si = (k + round + w->id) % nvariants;
            CHECK(w, SLOT_SHARED, shared_digest(w, si) == shared_ref[si],
                  "%s: shared position read differs", bg_variant_id(bg_variant_at(si)));
            if (k % 3 == 0)
                CHECK(w, SLOT_META, meta_digest(w) == meta_ref, "metadata read differs");
        }
    return NULL;
}

static int worker_init(worker *w, int id)
{
    memset(w, 0, sizeof *w);
    w->id = id;
    w->alloc = (bg_allocator)BG_ALLOCATOR_INIT(count_alloc, w);
    w->moves = malloc((size_t)max_moves * sizeof(bg_move));
    w->moves2 = malloc((size_t)max_moves * sizeof(bg_move));
    w->counts = malloc((size_t)max_moves * sizeof(uint64_t));
    return w->moves && w->moves2 && w->counts;
}

static void worker_done(worker *w)
{
    free(w->moves);
    free(w->moves2);
    free(w->counts);
}

static int test_no, tests_failed;

static void tap(int ok, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void tap(int ok, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    printf("%s %d - ", ok ? "ok" : "not ok", ++test_no);
    tests_failed += !ok;
    vprintf(fmt, ap);
    printf("\n");
    va_end(ap);
}

static void print_messages(const worker *w)
{
    for (int i = 0; i < w->nmsgs; i++) {
        printf("# ");
        for (const char *c = w->msgs[i]; *c; c++) {
            putchar(*c);
            if (*c == '\n')
                printf("#   ");
        }
        printf("\n");
    }
}

static long arg_long(int argc, char **argv, const char *name, long def)
{
    for (int i = 1; i + 1 < argc; i++)
        if (strcmp(argv[i], name) == 0)
            return atol(argv[i + 1]);
    return def;
}

int main(int argc, char **argv)
{
    int nthreads = (int)arg_long(argc, argv, "--threads", 4);
    long games = arg_long(argc, argv, "--games", 6), plies = arg_long(argc, argv, "--plies", 160);
    long reduce = arg_long(argc, argv, "--reduce", 1);
    const char *env = getenv("BG_TEST_REDUCE");
    if (env && atol(env) > reduce)
        reduce = atol(env);
    if (reduce < 1)
        reduce = 1;
    games_per_variant = (int)(games / reduce < 2 ? 2 : games / reduce);
    ply_cap = (int)(plies / reduce < 20 ? 20 : plies / reduce);
    if (games_per_variant > MAX_GAMES)
        games_per_variant = MAX_GAMES;
    if (nthreads < 2 || nthreads > MAX_THREADS)
        nthreads = 4;
    setvbuf(stdout, NULL, _IOLBF, 0); /* a sanitizer report ends the process: keep what passed */
    nvariants = bg_variant_count();
    printf("1..%d\n", nvariants + 4);
    printf("# %d threads x %d variants x %d games (at most %d plies each), reduce %ld\n", nthreads,
           nvariants, games_per_variant, ply_cap, reduce);
    if (nvariants < 1 || nvariants > MAX_VARIANTS) {
        printf("Bail out! %d variants\n", nvariants);
        return 1;
    }
    for (int vi = 0; vi < nvariants; vi++)
        if (bg_variant_max_moves(bg_variant_at(vi)) > max_moves)
            max_moves = bg_variant_max_moves(bg_variant_at(vi));

    /* The single-thread reference: shared positions, their reads, metadata, every game. */
    static worker ref, workers[MAX_THREADS];
    if (!worker_init(&ref, -1)) {
        printf("Bail out! out of memory\n");
        return 1;
    }
    bg_position *owned[MAX_VARIANTS] = {0};
    for (int vi = 0; vi < nvariants; vi++) {
        uint64_t r = 0x5a5a0000ULL + (uint64_t)vi;
        char text[POS_TEXT];
        bg_error err = BG_ERROR_INIT;
        if (!random_start_text(&ref, vi, &r, NULL, NULL, text) ||
            bg_position_from_text(&owned[vi], bg_variant_at(vi), text, NULL, NULL, 0, NULL, &err) !=
                BG_OK) {
            printf("Bail out! %s: no shared position (%s)\n", bg_variant_id(bg_variant_at(vi)),
                   err.message);
            return 1;
        }
        shared_pos[vi] = owned[vi];
    }
    for (int vi = 0; vi < nvariants; vi++)
        shared_ref[vi] = shared_digest(&ref, vi);
    meta_ref = meta_digest(&ref);
    for (int vi = 0; vi < nvariants; vi++)
        for (int j = 0; j < games_per_variant; j++)
            game_ref[vi][j] = play_one(&ref, vi, j);
    long ref_fails = 0;
    for (int s = 0; s < nvariants + 2; s++)
        ref_fails += ref.fails[s];
    tap(ref_fails == 0 && ref.live == 0,
        "single-thread reference: %ld games, %ld plies, %ld exports read back, %lld bytes left",
        ref.games, ref.plies, ref.exports, ref.live);
    printf("# reference games ended by the rules %ld, by a claim %ld, by resignation or agreement "
           "%ld, not ended %ld\n", ref.ends[0], ref.ends[1], ref.ends[2], ref.ends[3]);
    print_messages(&ref);

    int started = 0;
    for (int t = 0; t < nthreads; t++) {
        if (!worker_init(&workers[t], t) ||
            pthread_create(&workers[t].tid, NULL, run_worker, &workers[t]) != 0)
            break;
        started++;
    }
    for (int t = 0; t < started; t++)
        pthread_join(workers[t].tid, NULL);

    long games_total = 0, plies_total = 0, shared_total = 0, meta_total = 0;
    long long live = 0;
    long allocs = 0;
    for (int t = 0; t < started; t++) {
        games_total += workers[t].games;
        plies_total += workers[t].plies;
        shared_total += workers[t].shared_reads;
        meta_total += workers[t].meta_reads;
        live += workers[t].live;
        allocs += workers[t].allocs;
    }
    for (int vi = 0; vi < nvariants; vi++) {
        long f = 0;
        for (int t = 0; t < started; t++)
            f += workers[t].fails[vi];
        tap(f == 0 && started == nthreads,
            "%s: %d threads x %d games equal the reference (%ld failures)",
            bg_variant_id(bg_variant_at(vi)), started, games_per_variant, f);
    }
    long fs = 0, fm = 0;
    for (int t = 0; t < started; t++) {
        fs += workers[t].fails[SLOT_SHARED];
        fm += workers[t].fails[SLOT_META];
    }
    tap(fs == 0 && shared_total > 0,
        "%ld concurrent reads of the shared const positions equal the reference", shared_total);
    tap(fm == 0 && meta_total > 0, "%ld concurrent metadata/version reads equal the reference",
        meta_total);
    tap(started == nthreads && live == 0 && allocs > 0,
        "%d of %d threads ran %ld games (%ld plies); their allocators: %ld calls, %lld bytes left",
        started, nthreads, games_total, plies_total, allocs, live);
    for (int t = 0; t < started; t++) {
        print_messages(&workers[t]);
        worker_done(&workers[t]);
    }
    for (int vi = 0; vi < nvariants; vi++)
        bg_position_free(owned[vi]);
    worker_done(&ref);
    return tests_failed ? 1 : 0;
}
