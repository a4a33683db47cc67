/*
** Limits against hostile input (docs/limits.md), for every record format: inputs just under each
** limit are read, inputs just over it give BG_E_LIMIT with the line, offset (and ply) of the fault;
** and reading four times the input costs less than eight times the CPU time and the allocated
** bytes (no quadratic blow-up) for long games, many games, long comments, deep variations and
** long lines.
*/
#include <check.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <boardgames/boardgames.h>

#include "common/alloc_util.h"
#include "check_main.h"
#include "fixtures.h"

/* Internal limits the library documents (docs/limits.md) without a public macro. */
#define MAX_TAGS 256
#define MAX_NAGS 64
#define MAX_VARIATIONS 1024

enum { PGN, XQPGN, GIB, KIF, KI2, CSA, SKR };

/*
** --quick (sanitized and unoptimized builds): the million games and the 64 MiB file are read in
** the pgn case only; every other case still checks the limit itself.
*/
static int quick;

typedef struct fcase {
    const char *name, *variant, *format, *notation, *options;
    int kind;
} fcase;

static const fcase cases[] = {
    {"pgn", "chess", "pgn", "san", "", PGN},
    {"xiangqi-pgn", "xiangqi", "pgn", "iccs", "ruleset=plain;movelimit=0", XQPGN},
    {"gib", "janggi", "gib", "korean", "", GIB},
    {"kif", "shogi", "kif", "kif", "", KIF},
    {"ki2", "shogi", "ki2", "ki2", "", KI2},
    {"csa", "shogi", "csa", "csa", "", CSA},
    {"skr", "sevenkingdoms", "skr", "uci", "", SKR},
};
#define NCASES (int)(sizeof cases / sizeof cases[0])

/* ---------- text building ---------- */

__attribute__((format(printf, 2, 3))) static void sb_printf(fx_text *b, const char *fmt, ...)
{
    char tmp[1024];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(tmp, sizeof tmp, fmt, ap);
    va_end(ap);
    fx_text_mem(b, tmp, (size_t)n);
}
static void sb_fill(fx_text *b, char c, size_t n)
{
    for (size_t i = 0; i < n; i++)
        fx_text_mem(b, &c, 1);
}

static const bg_variant *variant_of(const fcase *f) { return bg_variant_find(f->variant); }

/*
** A cycle of plies that comes back to the start position (each side moves a piece out and back),
** written in the case's notation: cyc[i] is the text of ply i.
*/
typedef struct cycle {
    int n;
    char text[16][64];
} cycle;

static int plain(const bg_position *p, bg_move m)
{
    return !(m & (BG_MOVE_PROMOTION | BG_MOVE_DROP | BG_MOVE_PASS)) && !bg_position_move_flags(p, m);
}

/* Side s and after picks a plain move (the k-th tried) whose way back is legal when its turn comes. */
static int pick_cycle(const fcase *f, const bg_position *p, int s, int sides, bg_move *out,
                      int *budget)
{
    bg_move m[4096];
    if (s == sides) {
        bg_position *q = NULL;
        int ok = bg_position_clone(&q, p) == BG_OK;
        for (int i = 0; i < sides && ok; i++) {
            bg_move back = bg_move_make(BG_MOVE_TO(out[i]), BG_MOVE_FROM(out[i]), 0);
            ok = bg_position_is_legal(q, back) && plain(q, back);
            if (ok) {
                out[sides + i] = back;
                bg_position_play(q, back);
            }
        }
        bg_position_free(q);
        return ok;
    }
    int n = bg_position_legal_moves(p, m, 4096);
    for (int i = 0; i < n && --*budget > 0; i++) {
        if (!plain(p, m[i]))
            continue;
        bg_position *q = NULL;
        ck_assert_int_eq(bg_position_clone(&q, p), BG_OK);
        bg_position_play(q, m[i]);
        out[s] = m[i];
        int ok = pick_cycle(f, q, s + 1, sides, out, budget);
        bg_position_free(q);
        if (ok)
            return 1;
    }
    return 0;
}

static void make_cycle(const fcase *f, cycle *cy)
{
    const bg_variant *v = variant_of(f);
    const int sides = bg_variant_sides(v);
    bg_move out[16];
    bg_position *p = NULL;
    int budget = 100000;
    ck_assert_int_eq(bg_position_new(&p, v, f->options, NULL, NULL), BG_OK);
    uint64_t start = bg_position_hash(p);
    ck_assert_msg(pick_cycle(f, p, 0, sides, out, &budget), "%s: no cycle of moves found", f->name);
    cy->n = 2 * sides;
    for (int i = 0; i < cy->n; i++) {
        ck_assert_int_gt(bg_move_format(p, out[i], f->notation, cy->text[i], 64), 0);
        bg_position_play(p, out[i]);
    }
    ck_assert(bg_position_hash(p) == start);
    bg_position_free(p);
}

/* The start of a game: its header with `tags` extra distinct tags. */
static void game_head(const fcase *f, fx_text *b, int tags)
{
    switch (f->kind) {
    case XQPGN: fx_text_str(b, "[Game \"Chinese Chess\"]\n"); /* fall through */
    case PGN:
    case GIB:
    case SKR:
        for (int i = 0; i < tags; i++)
            sb_printf(b, "[T%d \"v\"]\n", i);
        if (f->kind == SKR) /* a skr game starts at its first tag line */
            fx_text_str(b, "[Event \"limits\"]\n");
        fx_text_str(b, "\n");
        break;
    case KIF:
    case KI2:
        fx_text_str(b, "手合割：平手\n");
        for (int i = 0; i < tags; i++)
            sb_printf(b, "T%d：v\n", i);
        break;
    case CSA:
        fx_text_str(b, "V2.2\n");
        for (int i = 0; i < tags; i++)
            sb_printf(b, "$T%d:v\n", i);
        fx_text_str(b, "PI\n+\n");
        break;
    }
}

/* Ply `ply` (1-based) of the cycle, with the separators the format wants. */
static void game_move(const fcase *f, fx_text *b, const cycle *cy, int ply)
{
    const char *t = cy->text[(ply - 1) % cy->n];
    switch (f->kind) {
    case KIF: sb_printf(b, "%d %s\n", ply, t); break;
    case CSA: sb_printf(b, "%s\n", t); break;
    default: sb_printf(b, "%s%s", t, ply % 10 ? " " : "\n"); break;
    }
}

/* A comment after the current ply, on a line of its own. */
static void game_comment(const fcase *f, fx_text *b, const char *text)
{
    int star = f->kind == KIF || f->kind == KI2;
    fx_text_str(b, star ? "\n*" : f->kind == CSA ? "'" : "\n{");
    fx_text_str(b, text);
    fx_text_str(b, star || f->kind == CSA ? "\n" : "}\n");
}

static void game_end(const fcase *f, fx_text *b)
{
    switch (f->kind) {
    case PGN:
    case XQPGN: fx_text_str(b, "\n*\n\n"); break;
    case CSA: fx_text_str(b, "/\n"); break;
    default: fx_text_str(b, "\n\n"); break;
    }
}

/* A game of `plies` plies of the cycle. */
static void game(const fcase *f, fx_text *b, const cycle *cy, int plies)
{
    game_head(f, b, 0);
    for (int i = 1; i <= plies; i++)
        game_move(f, b, cy, i);
    game_end(f, b);
}

/* The smallest game each format reads. */
static const char *tiny_game(const fcase *f)
{
    switch (f->kind) {
    case PGN:
    case XQPGN: return "*\n";
    case GIB: return "[a \"b\"]\n1.\n";
    case KIF:
    case KI2: return "a:b\nまで\n";
    case CSA: return "+\n/\n";
    default: return "[A \"\"]\n*\n";
    }
}

/* ---------- reading ---------- */

typedef struct outcome {
    int games;         /* read without error */
    bg_status status;  /* the first error (BG_OK if none) */
    bg_error err;      /* its details */
    int plies;         /* of the last game read */
    int tags, nags, variations;
    size_t comment;    /* longest comment */
    long requests;
    size_t bytes;
} outcome;

static outcome read_all(const fcase *f, const char *data, size_t len)
{
    au_counter c = {0};
    bg_allocator a = BG_ALLOCATOR_INIT(au_alloc, &c);
    outcome o = {0};
    bg_error err = BG_ERROR_INIT;
    bg_record_reader *rd = NULL;
    o.err = (bg_error)BG_ERROR_INIT;
    bg_status s = bg_record_reader_new(&rd, variant_of(f), f->format, data, len, f->options, &a,
                                       &err);
    if (s != BG_OK) {
        o.status = s;
        o.err = err;
        return o;
    }
    for (;;) {
        bg_game *g = NULL;
        s = bg_record_reader_next(rd, &g, &err);
        if (s == BG_E_END)
            break;
        if (s != BG_OK) {
            if (o.status == BG_OK) {
                o.status = s;
                o.err = err;
            }
            continue;
        }
        o.games++;
        o.plies = bg_game_ply_count(g);
        o.tags = bg_game_tag_count(g);
        for (int p = 0; p <= o.plies; p++) {
            const char *cm = bg_game_comment(g, p);
            size_t n = cm ? strlen(cm) : 0;
            o.comment = n > o.comment ? n : o.comment;
            o.nags += bg_game_nag_count(g, p);
            o.variations += bg_game_variation_count(g, p);
        }
        bg_game_free(g);
    }
    bg_record_reader_free(rd);
    ck_assert_int_eq(c.live_blocks, 0);
    o.requests = c.requests;
    o.bytes = c.bytes_requested;
    return o;
}

static outcome read_sb(const fcase *f, const fx_text *b) { return read_all(f, b->p, b->len); }

/* The line (1-based) holding offset off. */
static int line_of(const char *d, size_t off)
{
    int line = 1;
    for (size_t i = 0; i < off; i++)
        line += d[i] == '\n';
    return line;
}

static void expect_ok(const fcase *f, const outcome *o, const char *what)
{
    ck_assert_msg(o->status == BG_OK, "%s, %s: %s", f->name, what, o->err.message);
}

/* Over a limit: BG_E_LIMIT at offset `at` (its line too), with a message. */
static void expect_limit(const fcase *f, const outcome *o, const fx_text *b, size_t at, const char *what)
{
    ck_assert_msg(o->status == BG_E_LIMIT, "%s, %s: status %d (%s), expected BG_E_LIMIT", f->name,
                  what, o->status, o->err.message);
    ck_assert_msg(o->err.offset == at, "%s, %s: offset %zu, expected %zu (%s)", f->name, what,
                  o->err.offset, at, o->err.message);
    ck_assert_msg(o->err.line == line_of(b->p, at), "%s, %s: line %d, expected %d", f->name, what,
                  o->err.line, line_of(b->p, at));
    ck_assert_msg(o->err.message[0], "%s, %s: no message", f->name, what);
    printf("# %s, %s: %s\n", f->name, what, o->err.message);
}

/* ---------- limits, just under and just over ---------- */

/*
** The text of one game is limited, not the file: a game of exactly BG_RECORD_MAX_BYTES is read,
** one byte more is BG_E_LIMIT at the game's start, and the game after it is still read.
*/
START_TEST(record_size)
{
    const fcase *f = &cases[_i];
    const size_t max = BG_RECORD_MAX_BYTES;
    for (int over = 0; over <= 1; over++) {
        if (!over && (tu_env_reduce(10) > 1 || (quick && f->kind != PGN))) {
            printf("# %s, record size: 64 MiB are read only outside valgrind (and --quick: pgn)\n",
                   f->name);
            continue;
        }
        fx_text b = {0};
        game_head(f, &b, 1);
        size_t head = b.len;
        const char *end = f->kind == CSA ? "%CHUDAN\n/\n" : tiny_game(f);
        /* Blank lines inside the game, up to the limit (or one byte past it). */
        size_t fill = max + (size_t)over - head - strlen(end);
        while (fill > 0) {
            size_t k = fill < 64 ? fill : 64;
            sb_fill(&b, ' ', k - 1);
            fx_text_str(&b, "\n");
            fill -= k;
        }
        fx_text_str(&b, end);
        ck_assert_uint_eq(b.len, max + (size_t)over);
        game_head(f, &b, 1);
        fx_text_str(&b, end);
        outcome o = read_sb(f, &b);
        if (over) {
            expect_limit(f, &o, &b, 0, "record size");
            ck_assert_msg(o.games == 1, "%s: %d games after the long one", f->name, o.games);
        } else {
            expect_ok(f, &o, "largest game");
            ck_assert_int_eq(o.games, 2);
        }
        free(b.p);
    }
}
END_TEST

START_TEST(line_length)
{
    const fcase *f = &cases[_i];
    cycle cy;
    make_cycle(f, &cy);
    for (int over = 0; over <= 1; over++) {
        fx_text b = {0};
        game_head(f, &b, 0);
        game_move(f, &b, &cy, 1);
        fx_text_str(&b, "\n");
        size_t at = b.len;
        /* A comment line of exactly the limit (without its '\n'), or one byte more. */
        size_t body = BG_RECORD_MAX_LINE + (size_t)over - (f->kind <= GIB || f->kind == SKR ? 2 : 1);
        fx_text_str(&b, f->kind == KIF || f->kind == KI2 ? "*" : f->kind == CSA ? "'" : "{");
        sb_fill(&b, 'x', body);
        fx_text_str(&b, f->kind == KIF || f->kind == KI2 || f->kind == CSA ? "\n" : "}\n");
        ck_assert_uint_eq(b.len - at - 1, BG_RECORD_MAX_LINE + (size_t)over);
        game_move(f, &b, &cy, 2);
        game_end(f, &b);
        outcome o = read_sb(f, &b);
        if (over) {
            expect_limit(f, &o, &b, at, "line length");
        } else {
            expect_ok(f, &o, "longest line");
            ck_assert_int_eq(o.plies, 2);
            ck_assert_uint_eq(o.comment, body);
        }
        free(b.p);
    }
}
END_TEST

START_TEST(plies_per_game)
{
    const fcase *f = &cases[_i];
    cycle cy;
    make_cycle(f, &cy);
    for (int over = 0; over <= 1; over++) {
        fx_text b = {0};
        const int plies = BG_RECORD_MAX_PLIES + over;
        game_head(f, &b, 0);
        size_t at = 0;
        for (int i = 1; i <= plies; i++) {
            at = b.len;
            game_move(f, &b, &cy, i);
        }
        game_end(f, &b);
        outcome o = read_sb(f, &b);
        if (over) {
            if (f->kind == KIF)
                at += (size_t)snprintf(NULL, 0, "%d ", plies); /* the move after its number */
            expect_limit(f, &o, &b, at, "plies per game");
            ck_assert_int_eq(o.err.ply, plies);
        } else {
            expect_ok(f, &o, "longest game");
            ck_assert_int_eq(o.plies, plies);
        }
        free(b.p);
    }
}
END_TEST

START_TEST(tags_per_game)
{
    const fcase *f = &cases[_i];
    cycle cy;
    make_cycle(f, &cy);
    /* The format's own headers count too: fill up to the limit exactly. */
    fx_text probe = {0};
    game_head(f, &probe, 0);
    game_move(f, &probe, &cy, 1);
    game_end(f, &probe);
    outcome o = read_sb(f, &probe);
    expect_ok(f, &o, "no extra tags");
    const int own = o.tags;
    free(probe.p);
    for (int over = 0; over <= 1; over++) {
        fx_text b = {0};
        const int extra = MAX_TAGS - own + over;
        game_head(f, &b, extra);
        game_move(f, &b, &cy, 1);
        game_end(f, &b);
        o = read_sb(f, &b);
        if (over) {
            /* The offending line: the last extra tag. */
            /*
            ** Tags the reader adds itself (a Result from the movetext) count too, so the fault
            ** is the last tag line or what follows it in the game.
            */
            char key[32];
            snprintf(key, sizeof key, f->kind == CSA ? "$T%d:" : f->kind == KIF || f->kind == KI2
                                                                      ? "T%d："
                                                                      : "[T%d ",
                     extra - 1);
            const char *p = strstr(b.p, key);
            ck_assert_ptr_nonnull(p);
            ck_assert_msg(o.status == BG_E_LIMIT, "%s, tags: status %d (%s)", f->name, o.status,
                          o.err.message);
            ck_assert_msg(o.err.offset >= (size_t)(p - b.p) && o.err.offset < b.len &&
                              o.err.line == line_of(b.p, o.err.offset) && o.err.message[0],
                          "%s, tags: fault at offset %zu line %d, the last tag is at %zu",
                          f->name, o.err.offset, o.err.line, (size_t)(p - b.p));
            printf("# %s, tags per game: %s\n", f->name, o.err.message);
        } else {
            expect_ok(f, &o, "most tags");
            ck_assert_int_eq(o.tags, MAX_TAGS);
        }
        free(b.p);
    }
}
END_TEST

/* A file of a million games and more: no limit on the number of games any more. */
START_TEST(games_per_file)
{
    const fcase *f = &cases[_i];
    const char *tiny = tiny_game(f);
    if (tu_env_reduce(10) > 1 || (quick && f->kind != PGN)) {
        printf("# %s, games per file: a million games are read only outside valgrind (and "
               "--quick: pgn)\n", f->name);
        return;
    }
    fx_text b = {0};
    const long n = 1000001;
    for (long i = 0; i < n; i++)
        fx_text_str(&b, tiny);
    outcome o = read_sb(f, &b);
    expect_ok(f, &o, "games per file");
    ck_assert_int_eq(o.games, n);
    free(b.p);
}
END_TEST

/* NAGs and variations per ply (the formats that have them), variation nesting. */
START_TEST(annotations_per_ply)
{
    const fcase *f = &cases[_i];
    cycle cy;
    make_cycle(f, &cy);
    if (f->kind == CSA || f->kind == GIB) {
        printf("# %s has no NAGs or variations\n", f->name);
        return;
    }
    int kif = f->kind == KIF || f->kind == KI2;
    for (int what = kif ? 1 : 0; what < 3; what++) {
        static const char *const names[] = {"NAGs per ply", "variations per ply", "variation depth"};
        const int limit = what == 0 ? MAX_NAGS : what == 1 ? MAX_VARIATIONS
                                                           : BG_RECORD_MAX_VARIATION_DEPTH;
        for (int over = 0; over <= 1; over++) {
            fx_text b = {0};
            size_t at = 0;
            const int n = limit + over;
            game_head(f, &b, 0);
            const int plies = kif ? 70 : 2;
            for (int i = 1; i <= plies; i++)
                game_move(f, &b, &cy, i);
            fx_text_str(&b, "\n");
            if (kif && what == 1) {
                for (int k = 0; k < n; k++) {
                    at = b.len;
                    sb_printf(&b, "変化：1手\n");
                    sb_printf(&b, "%s%s\n", f->kind == KIF ? "1 " : "", cy.text[0]);
                }
            } else if (kif) {
                /* Block k replaces the second move (ply k) of block k - 1: k blocks deep. */
                for (int k = 1; k <= n; k++) {
                    at = b.len;
                    sb_printf(&b, "変化：%d手\n", k);
                    for (int j = 0; j < 2; j++) {
                        if (f->kind == KIF)
                            sb_printf(&b, "%d ", k + j);
                        sb_printf(&b, "%s\n", cy.text[(k - 1 + j) % cy.n]);
                    }
                }
            } else if (what == 0) {
                for (int k = 0; k < n; k++) {
                    at = b.len;
                    fx_text_str(&b, "$1 ");
                }
            } else if (what == 1) {
                for (int k = 0; k < n; k++) {
                    at = b.len;
                    sb_printf(&b, "(%s) ", cy.text[1]);
                    if (k % 10 == 9)
                        fx_text_str(&b, "\n");
                }
            } else {
                for (int k = 0; k < n; k++) {
                    at = b.len;
                    sb_printf(&b, "(%s ", cy.text[1]);
                }
                for (int k = 0; k < n; k++)
                    fx_text_str(&b, ")");
            }
            fx_text_str(&b, "\n");
            game_end(f, &b);
            outcome o = read_sb(f, &b);
            if (over) {
                expect_limit(f, &o, &b, at, names[what]);
            } else {
                expect_ok(f, &o, names[what]);
                ck_assert_int_eq(what == 0 ? o.nags : o.variations, what == 2 ? 1 : n);
            }
            free(b.p);
        }
    }
}
END_TEST

/* ---------- no quadratic blow-up ---------- */

static double cpu_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Best of three CPU times of reading the text; the outcome of the last. */
static double timed_read(const fcase *f, const fx_text *b, outcome *o)
{
    double best = 1e9;
    for (int k = 0; k < 3; k++) {
        double t0 = cpu_now();
        *o = read_sb(f, b);
        double t = cpu_now() - t0;
        best = t < best ? t : best;
    }
    return best;
}

typedef void (*builder)(const fcase *f, const cycle *cy, fx_text *b, long n);

static void build_plies(const fcase *f, const cycle *cy, fx_text *b, long n) { game(f, b, cy, (int)n); }

static void build_games(const fcase *f, const cycle *cy, fx_text *b, long n)
{
    (void)cy;
    for (long i = 0; i < n; i++)
        fx_text_str(b, tiny_game(f));
}

/* n comment lines of 64 bytes after one ply (several comments for PGN, GIB and skr). */
static void build_comment(const fcase *f, const cycle *cy, fx_text *b, long n)
{
    char line[65];
    memset(line, 'c', 64);
    line[64] = 0;
    game_head(f, b, 0);
    game_move(f, b, cy, 1);
    for (long i = 0; i < n; i++)
        game_comment(f, b, line);
    game_move(f, b, cy, 2);
    game_end(f, b);
}

/* n variations nested 60 deep, one per ply of a long game (KIF: chains of 変化 blocks). */
static void build_variations(const fcase *f, const cycle *cy, fx_text *b, long n)
{
    const int depth = 60;
    game_head(f, b, 0);
    if (f->kind == KIF || f->kind == KI2) {
        for (int i = 1; i <= depth + 2; i++)
            game_move(f, b, cy, i);
        fx_text_str(b, "\n");
        for (long v = 0; v < n; v++)
            for (int k = 1; k <= depth; k++) {
                sb_printf(b, "変化：%d手\n", k);
                if (f->kind == KIF)
                    sb_printf(b, "%d ", k);
                sb_printf(b, "%s\n", cy->text[(k - 1) % cy->n]);
            }
    } else {
        for (long v = 1; v <= n; v++) {
            game_move(f, b, cy, (int)v);
            fx_text_str(b, "\n");
            for (int k = 0; k < depth; k++)
                sb_printf(b, "(%s ", cy->text[v % cy->n]);
            for (int k = 0; k < depth; k++)
                fx_text_str(b, ")");
            fx_text_str(b, "\n");
        }
    }
    game_end(f, b);
}

/* n variations of one ply (up to the limit of 1024). */
static void build_wide(const fcase *f, const cycle *cy, fx_text *b, long n)
{
    game_head(f, b, 0);
    for (int i = 1; i <= 2; i++)
        game_move(f, b, cy, i);
    fx_text_str(b, "\n");
    for (long v = 0; v < n; v++) {
        if (f->kind == KIF || f->kind == KI2)
            sb_printf(b, "変化：2手\n%s%s\n", f->kind == KIF ? "2 " : "", cy->text[1]);
        else
            sb_printf(b, "(%s)\n", cy->text[1]);
    }
    game_end(f, b);
}

/* n lines of 65,000 bytes (comments), each after a ply of its own. */
static void build_long_lines(const fcase *f, const cycle *cy, fx_text *b, long n)
{
    static char *line;
    if (!line) {
        line = malloc(65001);
        memset(line, 'l', 65000);
        line[65000] = 0;
    }
    game_head(f, b, 0);
    for (long i = 1; i <= n; i++) {
        game_move(f, b, cy, (int)i);
        game_comment(f, b, line);
    }
    game_end(f, b);
}

static const struct {
    const char *name;
    builder build;
    long n;          /* the small size; the large one is 4n */
    int annotations; /* needs variations */
    long valgrind;   /* n is divided by this under valgrind (BG_TEST_REDUCE) */
} shapes[] = {
    {"10,000-ply game", build_plies, BG_RECORD_MAX_PLIES / 4, 0, 1},
    {"many games", build_games, 25000, 0, 20},
    {"1 MB comment", build_comment, 4096, 0, 4},
    {"deep variations", build_variations, 64, 1, 4},
    {"variations of one ply", build_wide, MAX_VARIATIONS / 4, 1, 1},
    {"65 KB lines", build_long_lines, 16, 0, 4},
};
#define NSHAPES (int)(sizeof shapes / sizeof shapes[0])

START_TEST(linear_cost)
{
    const fcase *f = &cases[_i / NSHAPES];
    const int k = _i % NSHAPES;
    if (shapes[k].annotations && (f->kind == CSA || f->kind == GIB)) {
        printf("# %s has no variations\n", f->name);
        return;
    }
    cycle cy;
    make_cycle(f, &cy);
    long n = shapes[k].n / (tu_env_reduce(10) > 1 ? shapes[k].valgrind : 1);
    fx_text small = {0}, large = {0};
    shapes[k].build(f, &cy, &small, n);
    shapes[k].build(f, &cy, &large, 4 * n);
    outcome os, ol;
    double ts = timed_read(f, &small, &os), tl = timed_read(f, &large, &ol);
    ck_assert_msg(os.status == BG_OK && ol.status == BG_OK, "%s, %s: %s / %s", f->name,
                  shapes[k].name, os.err.message, ol.err.message);
    printf("# %s, %s: %zu bytes in %.4f s (%ld requests, %zu bytes allocated), %zu bytes in "
           "%.4f s (%ld requests, %zu bytes): time x%.2f\n",
           f->name, shapes[k].name, small.len, ts, os.requests, os.bytes, large.len, tl,
           ol.requests, ol.bytes, tl / (ts > 0 ? ts : 1e-9));
    /* Allocation is deterministic: it must grow linearly. */
    ck_assert_msg(ol.requests < 8 * os.requests + 64 && ol.bytes < 8 * os.bytes + 65536,
                  "%s, %s: allocation grows more than linearly", f->name, shapes[k].name);
    /*
    ** CPU time: a generous ratio, and a floor against timer noise on tiny inputs. Over the ratio,
    ** one size up again: on some machines the smaller input runs from the caches and the larger
    ** does not (seen: gib and xiangqi PGN 65 KB lines, x14-x17 from 1 to 4 MB, then x4-x5 from 4
    ** to 16 MB), while a cost that grows faster than the input shows again.
    */
    if (!(tl < 8 * ts || tl < 0.02)) {
        fx_text larger = {0};
        shapes[k].build(f, &cy, &larger, 16 * n);
        outcome ox;
        double tx = timed_read(f, &larger, &ox);
        printf("# %s, %s: %zu bytes in %.4f s: time x%.2f of the 4x input\n", f->name,
               shapes[k].name, larger.len, tx, tx / tl);
        ck_assert_msg(ox.status == BG_OK && tx < 8 * tl,
                      "%s, %s: 4x the input took %.1fx the time, 16x %.1fx", f->name,
                      shapes[k].name, tl / ts, tx / ts);
        free(larger.p);
    }
    free(small.p);
    free(large.p);
}
END_TEST

/*
** Position and move text have no length limit: every parser stops at the first fault. Text four
** times longer (a valid start, then junk) must cost less than eight times the CPU time.
*/
static double parse_texts(const bg_variant *v, const bg_position *p, size_t size, int *refused)
{
    bg_move m[4096];
    char *t = malloc(size + 1);
    ck_assert_ptr_nonnull(t);
    ck_assert_int_gt(bg_position_legal_moves(p, m, 4096), 0);
    double t0 = cpu_now();
    for (int k = -1; k < bg_variant_notation_count(v); k++) {
        const char *nid = k < 0 ? NULL : bg_variant_notation_at(v, k);
        int l = bg_move_format(p, m[0], nid ? nid : bg_variant_notation_at(v, 0), t, size);
        ck_assert_int_gt(l, 0);
        memset(t + l, '+', size - (size_t)l);
        t[size] = 0;
        bg_error e = BG_ERROR_INIT;
        bg_move out;
        *refused += bg_move_parse(p, t, nid, BG_PARSE_LENIENT, &out, &e) == BG_E_PARSE;
    }
    const char *start = bg_variant_start_text(v);
    size_t l = strlen(start);
    memcpy(t, start, l);
    memset(t + l, '1', size - l);
    t[size] = 0;
    bg_position *q = NULL;
    bg_error e = BG_ERROR_INIT;
    *refused += bg_position_from_text(&q, v, t, NULL, NULL, 0, NULL, &e) == BG_E_PARSE;
    ck_assert_ptr_null(q);
    double dt = cpu_now() - t0;
    free(t);
    return dt;
}

START_TEST(text_inputs)
{
    const bg_variant *v = bg_variant_at(_i);
    bg_position *p = NULL;
    ck_assert_int_eq(bg_position_new(&p, v, NULL, NULL, NULL), BG_OK);
    const size_t small = (size_t)(1 << 18) / (size_t)tu_env_reduce(4);
    double ts = 1e9, tl = 1e9;
    int refused = 0;
    for (int k = 0; k < 3; k++) {
        double a = parse_texts(v, p, small, &refused), b = parse_texts(v, p, 4 * small, &refused);
        ts = a < ts ? a : ts;
        tl = b < tl ? b : tl;
    }
    ck_assert_int_eq(refused, 6 * (bg_variant_notation_count(v) + 2));
    printf("# %s: move and position texts of %zu bytes in %.4f s, of %zu in %.4f s (x%.2f)\n",
           bg_variant_id(v), small, ts, 4 * small, tl, tl / (ts > 0 ? ts : 1e-9));
    ck_assert_msg(tl < 8 * ts || tl < 0.02, "%s: 4x the text took %.1fx the time",
                  bg_variant_id(v), tl / ts);
    bg_position_free(p);
}
END_TEST

int main(int argc, char **argv)
{
    quick = argc > 1 && strcmp(argv[1], "--quick") == 0;
    TCase *tc = one_case("limits", "limits", 1200);
    tcase_add_loop_test(tc, record_size, 0, NCASES);
    tcase_add_loop_test(tc, line_length, 0, NCASES);
    tcase_add_loop_test(tc, plies_per_game, 0, NCASES);
    tcase_add_loop_test(tc, tags_per_game, 0, NCASES);
    tcase_add_loop_test(tc, annotations_per_ply, 0, NCASES);
    tcase_add_loop_test(tc, games_per_file, 0, NCASES);
    tcase_add_loop_test(tc, linear_cost, 0, NCASES * NSHAPES);
    tcase_add_loop_test(tc, text_inputs, 0, bg_variant_count());
    return run_cases();
}
