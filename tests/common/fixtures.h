/* The fixtures every family's tests share: a variant, a game or position from text or the start, a line of moves; each fails the test case on error. */
#ifndef FIXTURES_H
#define FIXTURES_H

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <boardgames/boardgames.h>

/* The catalogue's variant `id`. */
static inline const bg_variant *fx_variant(const char *id)
{
    const bg_variant *v = bg_variant_find(id);
    ck_assert_msg(v != NULL, "variant %s is not in the catalogue", id);
    return v;
}

/*
** Calls check(ctx, key, value) for each item of "key=value; key=value" (the expectations that
** fx_expect_facts and fx_expect_tags read as data); fails the test case on an item without '='.
*/
static inline void fx_each_item(const char *items,
                                void (*check)(const void *, const char *, const char *),
                                const void *ctx)
{
    char buf[2048], *save = NULL;
    ck_assert_msg(strlen(items) < sizeof buf, "expectations too long");
    snprintf(buf, sizeof buf, "%s", items);
    for (char *key = strtok_r(buf, ";", &save); key; key = strtok_r(NULL, ";", &save)) {
        key += strspn(key, " ");
        char *value = strchr(key, '=');
        ck_assert_msg(value != NULL, "'%s' has no '='", key);
        *value++ = 0;
        check(ctx, key, value);
    }
}

/* One fact of fx_expect_facts: `fact` is a query's name, with ".I" for an indexed one. */
static inline void fx_check_fact(const void *variant, const char *fact, const char *want)
{
    const bg_variant *v = variant;
    char key[32];
    snprintf(key, sizeof key, "%s", fact);
    char *dot = strchr(key, '.');
    const int i = dot ? atoi(dot + 1) : 0;
    if (dot)
        *dot = 0;
    static const struct {
        const char *key;
        int (*num)(const bg_variant *);
        const char *(*str)(const bg_variant *, int);
    } queries[] = {
        {"width", bg_variant_width, NULL},
        {"height", bg_variant_height, NULL},
        {"sides", bg_variant_sides, NULL},
        {"kinds", bg_variant_piece_kinds, NULL},
        {"drops", bg_variant_has_drops, NULL},
        {"pass", bg_variant_has_pass, NULL},
        {"options", bg_variant_option_count, NULL},
        {"side", NULL, bg_variant_side_id},
        {"piece", NULL, bg_variant_piece_name},
        {"letter", NULL, bg_variant_piece_letter},
        {"notation", NULL, bg_variant_notation_at},
        {"record", NULL, bg_variant_record_format_at},
        {"option", NULL, bg_variant_option_name},
        {"values", NULL, bg_variant_option_values},
    };
    const char *got = NULL;
    char num[16];
    if (strcmp(key, "start") == 0)
        got = bg_variant_start_text(v);
    for (size_t q = 0; q < sizeof queries / sizeof queries[0]; q++) {
        if (strcmp(key, queries[q].key) != 0)
            continue;
        if (queries[q].num)
            snprintf(num, sizeof num, "%d", queries[q].num(v));
        got = queries[q].num ? num : queries[q].str(v, i);
    }
    ck_assert_msg(got && strcmp(got, want) == 0, "%s: %s is '%s', not '%s'", bg_variant_id(v), fact,
                  got ? got : "(none)", want);
}

/*
** Checks facts of the catalogue entry v, written "key=value; ...": the numbers width, height,
** sides, kinds, drops, pass, options; the strings side.I (id), piece.K (name), letter.K,
** notation.I, record.I, option.I (name), values.I (option I's values), start. Fails the test case
** naming the first fact that differs.
*/
static inline void fx_expect_facts(const bg_variant *v, const char *facts)
{
    fx_each_item(facts, fx_check_fact, v);
}

/*
** Opens a game (g not NULL) or a position (p) of the variant from `text` (NULL: the start) with
** `options` (NULL: none); fails the test case, naming all three, on error.
*/
static inline void fx_open(bg_game **g, bg_position **p, const char *variant, const char *text,
                           const char *options)
{
    bg_error e = BG_ERROR_INIT;
    const bg_variant *v = fx_variant(variant);
    bg_status s;
    if (g)
        s = text ? bg_game_new_from_text(g, v, text, NULL, options, 0, NULL, &e)
                 : bg_game_new(g, v, options, NULL, &e);
    else
        s = text ? bg_position_from_text(p, v, text, NULL, options, 0, NULL, &e)
                 : bg_position_new(p, v, options, NULL, &e);
    ck_assert_msg(s == BG_OK, "%s [%s] (options '%s'): %s", variant, text ? text : "start",
                  options ? options : "", e.message);
}

static inline bg_game *fx_game(const char *variant, const char *text, const char *options)
{
    bg_game *g = NULL;
    fx_open(&g, NULL, variant, text, options);
    return g;
}

static inline bg_position *fx_position(const char *variant, const char *text, const char *options)
{
    bg_position *p = NULL;
    fx_open(NULL, &p, variant, text, options);
    return p;
}

/* Plays the space-separated moves (in `notation`); every one must be legal. */
static inline void fx_play_all(bg_game *g, const char *moves, const char *notation)
{
    char buf[8192], *save = NULL;
    ck_assert_msg(strlen(moves) < sizeof buf, "move line too long");
    snprintf(buf, sizeof buf, "%s", moves);
    for (char *m = strtok_r(buf, " ", &save); m; m = strtok_r(NULL, " ", &save))
        ck_assert_msg(bg_game_play_text(g, m, notation, 0) == BG_OK, "move %s at ply %d: %s", m,
                      bg_game_ply_count(g) + 1, bg_game_errmsg(g));
}

/*
** The legal move m written in `notation` into t (cap bytes) reads back to m, strictly and with
** BG_PARSE_LENIENT; fails the test case naming `where` otherwise. Returns the text's length.
*/
static inline int fx_move_round_trip(const bg_position *p, bg_move m, const char *notation,
                                     char *t, size_t cap, const char *where)
{
    bg_move back = BG_MOVE_NONE;
    bg_error err = BG_ERROR_INIT;
    int len = bg_move_format(p, m, notation, t, cap);
    ck_assert_msg(len > 0 && (size_t)len < cap, "%s: format %s of %#x gives %d", where, notation,
                  (unsigned)m, len);
    bg_status s = bg_move_parse(p, t, notation, 0, &back, &err);
    ck_assert_msg(s == BG_OK && back == m, "%s: %s '%s' parses to %#x (%s), not %#x", where,
                  notation, t, (unsigned)back, err.message, (unsigned)m);
    s = bg_move_parse(p, t, notation, BG_PARSE_LENIENT, &back, &err);
    ck_assert_msg(s == BG_OK && back == m, "%s: lenient %s '%s': %s", where, notation, t,
                  err.message);
    return len;
}

/*
** The round-trip tests' checks of every move of many positions (plain ifs: Check would record each
** passing assertion): the text t of the legal move m reads back to m with no notation named ...
*/
static inline void fx_unnamed_parse(const bg_position *p, const char *t, bg_move m,
                                    const char *where)
{
    bg_move back = BG_MOVE_NONE;
    bg_error err = BG_ERROR_INIT;
    if (bg_move_parse(p, t, NULL, 0, &back, &err) != BG_OK || back != m)
        ck_abort_msg("%s: unnamed notation '%s': %s (%#x, %#x)", where, t, err.message,
                     (unsigned)back, (unsigned)m);
}

/* ... and differs from the texts of the i moves before it, earlier + j * stride (j < i). */
static inline void fx_unique_text(const char *t, const char *earlier, size_t stride, int i,
                                  const char *notation, const char *where)
{
    for (int j = 0; j < i; j++)
        if (strcmp(earlier + (size_t)j * stride, t) == 0)
            ck_abort_msg("%s: two moves written %s '%s'", where, notation, t);
}

/* A reader of the records in text (len bytes) in `format`, with the reader flags; must open. */
static inline bg_record_reader *fx_reader(const char *variant, const char *format, const char *text,
                                          size_t len, unsigned flags)
{
    bg_record_reader *r = NULL;
    bg_error e = BG_ERROR_INIT;
    bg_status s = bg_record_reader_open_memory(&r, fx_variant(variant), format, text, len, NULL,
                                               flags, NULL, &e);
    ck_assert_msg(s == BG_OK, "%s reader: %s", format, e.message);
    return r;
}

/*
** The reader's next game or error, for a loop over all of them: 0 at the end, else 1 with the
** status in *s, the game (NULL on error) in *g and the error in *e.
*/
static inline int fx_next(bg_record_reader *r, bg_status *s, bg_game **g, bg_error *e)
{
    *g = NULL;
    *e = (bg_error)BG_ERROR_INIT;
    *s = bg_record_reader_next(r, g, e);
    return *s != BG_E_END;
}

/* The reader's next game must fail with `want` and give no game; returns the error. */
static inline bg_error fx_next_fails(bg_record_reader *r, bg_status want)
{
    bg_game *g = (bg_game *)1;
    bg_error e = BG_ERROR_INIT;
    bg_status s = bg_record_reader_next(r, &g, &e);
    ck_assert_msg(s == want, "got %s (%s), want %s", bg_strerror(s), e.message, bg_strerror(want));
    ck_assert_ptr_null(g);
    ck_assert_int_eq(e.code, want);
    return e;
}

/* The same for an error in a record: it names the game (0-based) and the line it stands on. */
static inline bg_error fx_next_error(bg_record_reader *r, bg_status want, int game_index, int line)
{
    bg_error e = fx_next_fails(r, want);
    ck_assert_int_eq(e.game_index, game_index);
    ck_assert_int_eq(e.line, line);
    return e;
}

/* The reader's next game must read with `plies` moves; returns it (free it). */
static inline bg_game *fx_next_plies(bg_record_reader *r, int plies);

/* One tag of fx_expect_tags. */
static inline void fx_check_tag(const void *game, const char *key, const char *want)
{
    const char *got = bg_game_tag(game, key);
    ck_assert_msg(got && strcmp(got, want) == 0, "tag %s is '%s', not '%s'", key,
                  got ? got : "(none)", want);
}

/* The game's tags, written "key=value; key=value": each must be there with that value. */
static inline void fx_expect_tags(const bg_game *g, const char *tags)
{
    fx_each_item(tags, fx_check_tag, g);
}

/* The game's result: outcome, reason and, for a win, the one winner (side index; else ignored). */
static inline void fx_expect_result(const bg_game *g, bg_outcome outcome, int winner,
                                    bg_reason reason)
{
    ck_assert_msg(bg_game_outcome(g) == outcome && bg_game_reason(g) == reason,
                  "ply %d: outcome %d reason '%s', expected %d '%s'", bg_game_ply_count(g),
                  bg_game_outcome(g), bg_reason_name(bg_game_reason(g)), outcome,
                  bg_reason_name(reason));
    ck_assert_uint_eq(bg_game_winners(g), outcome == BG_WIN ? 1u << winner : 0u);
}

/* Two games have the same main line and the same result: outcome, winners, reason. */
static inline void fx_same_line(const bg_game *a, const bg_game *b)
{
    ck_assert_int_eq(bg_game_ply_count(a), bg_game_ply_count(b));
    for (int i = 0; i < bg_game_ply_count(a); i++)
        ck_assert_msg(bg_game_move_at(a, i) == bg_game_move_at(b, i), "ply %d: %#x / %#x", i + 1,
                      (unsigned)bg_game_move_at(a, i), (unsigned)bg_game_move_at(b, i));
    ck_assert_int_eq(bg_game_outcome(a), bg_game_outcome(b));
    ck_assert_uint_eq(bg_game_winners(a), bg_game_winners(b));
    ck_assert_int_eq(bg_game_reason(a), bg_game_reason(b));
}

/* The reader's next game, which must read fine. */
static inline bg_game *fx_next_game(bg_record_reader *r)
{
    bg_game *g = NULL;
    bg_error e = BG_ERROR_INIT;
    bg_status s = bg_record_reader_next(r, &g, &e);
    ck_assert_msg(s == BG_OK, "next game: %s (%s)", bg_strerror(s), e.message);
    ck_assert_ptr_nonnull(g);
    return g;
}

static inline bg_game *fx_next_plies(bg_record_reader *r, int plies)
{
    bg_game *g = fx_next_game(r);
    ck_assert_int_eq(bg_game_ply_count(g), plies);
    return g;
}

/* The game in the record format `format`, malloc'ed (free it): the size export said, all of it text. */
static inline char *fx_export(const bg_game *g, const char *format)
{
    int n = bg_game_export(g, format, NULL, 0);
    ck_assert_msg(n > 0, "export %s: %d", format, n);
    char *buf = malloc((size_t)n + 1);
    ck_assert_ptr_nonnull(buf);
    ck_assert_int_eq(bg_game_export(g, format, buf, (size_t)n + 1), n);
    ck_assert_uint_eq(strlen(buf), (size_t)n);
    return buf;
}

/* The whole file dir/name (dir NULL: name is the path), NUL-terminated, its length in *len. */
static inline char *fx_read_file(const char *dir, const char *name, size_t *len)
{
    char path[4096];
    snprintf(path, sizeof path, "%s%s%s", dir ? dir : "", dir ? "/" : "", name);
    FILE *f = fopen(path, "rb");
    ck_assert_msg(f != NULL, "cannot open %s", path);
    ck_assert_int_eq(fseek(f, 0, SEEK_END), 0);
    long n = ftell(f);
    ck_assert_int_ge(n, 0);
    ck_assert_int_eq(fseek(f, 0, SEEK_SET), 0);
    char *buf = malloc((size_t)n + 1);
    ck_assert_ptr_nonnull(buf);
    ck_assert_uint_eq(fread(buf, 1, (size_t)n, f), (size_t)n);
    buf[n] = 0;
    fclose(f);
    *len = (size_t)n;
    return buf;
}

/* A file's bytes, NUL-terminated (free(b.data)). */
typedef struct fx_blob {
    char *data;
    size_t len;
} fx_blob;

static inline fx_blob fx_read_blob(const char *dir, const char *name)
{
    fx_blob b = {NULL, 0};
    b.data = fx_read_file(dir, name, &b.len);
    return b;
}

/* A growing NUL-terminated text buffer (start it as {0}; free(b.p) at the end). */
typedef struct fx_text {
    char *p;
    size_t len, cap;
} fx_text;

/* Not inlined: inlined into callers, gcc 12 misreads the length's range (-Wstringop-overflow). */
__attribute__((noinline, unused)) static void fx_text_mem(fx_text *b, const char *s, size_t n)
{
    if (b->len + n + 1 > b->cap) {
        b->cap = (b->len + n + 1) * 2;
        b->p = realloc(b->p, b->cap);
        ck_assert_ptr_nonnull(b->p);
    }
    memcpy(b->p + b->len, s, n);
    b->len += n;
    b->p[b->len] = 0;
}

static inline void fx_text_str(fx_text *b, const char *s) { fx_text_mem(b, s, strlen(s)); }

/*
** The placement field of a FEN being written into out[0, cap), square by square: each run of
** empty squares of a rank becomes its count. fx_fen_square for each square of a rank (NULL or ""
** for an empty one), then fx_fen_rank; len is the text's length so far.
*/
typedef struct fx_fen {
    char *out;
    size_t cap, len;
    int empty;
} fx_fen;

static inline void fx_fen_put(fx_fen *f, const char *s)
{
    ck_assert_msg(f->len + strlen(s) < f->cap, "FEN longer than %zu bytes", f->cap);
    strcpy(f->out + f->len, s);
    f->len += strlen(s);
}

static inline void fx_fen_flush(fx_fen *f)
{
    if (f->empty) {
        char count[16];
        snprintf(count, sizeof count, "%d", f->empty);
        f->empty = 0;
        fx_fen_put(f, count);
    }
}

static inline void fx_fen_square(fx_fen *f, const char *piece)
{
    if (!piece || !piece[0]) {
        f->empty++;
        return;
    }
    fx_fen_flush(f);
    fx_fen_put(f, piece);
}

/* The end of a rank: its last empty squares, and '/' before the next one unless it is the last. */
static inline void fx_fen_rank(fx_fen *f, int last)
{
    fx_fen_flush(f);
    if (!last)
        fx_fen_put(f, "/");
}

#endif
