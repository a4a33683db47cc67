/* Streaming record readers, every format: the same games from every source, byte ranges that add up to the whole, recovery after each kind of broken game, constant memory on a 70 MB input. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <boardgames/boardgames.h>

#include "common/alloc_util.h"
#include "check_main.h"
#include "fixtures.h"

typedef struct fmt_case {
    const char *variant, *format;
    const char *first;      /* the first move of the games that get broken (uci) */
    const char *separator;  /* written between two games */
} fmt_case;

static const fmt_case cases[] = {
    {"chess", "pgn", "e2e4", "\n"},
    {"xiangqi", "pgn", "h3e3", "\n"},
    {"lionchess", "pgn", "b1c3", "\n"},
    {"janggi", "gib", "c4d4", "\n"},
    /* Real .gib files join games with a DOS end-of-file byte and 0xFF filler before a header. */
    {"janggi", "gib", "c4d4", "\n\x1a\xff"},
    {"shogi", "kif", "7g7f", "\n"},
    {"shogi", "ki2", "7g7f", "\n"},
    {"shogi", "csa", "7g7f", "/\n"},
    {"minishogi", "csa", "5d5c", "/\n"},
    {"sevenkingdoms", "skr", "c10g14", "\n"},
};
enum { NCASES = sizeof cases / sizeof cases[0] };

/* ---------- text buffers ---------- */


/* ---------- games ---------- */

static const bg_variant *variant(const fmt_case *c)
{
    const bg_variant *v = bg_variant_find(c->variant);
    ck_assert_ptr_nonnull(v);
    return v;
}

/* A random game of up to `plies` plies (first move `first` if given), exported in c's format. */
static char *random_export(const fmt_case *c, unsigned *seed, int plies, const char *first)
{
    bg_game *g = NULL;
    ck_assert_int_eq(bg_game_new(&g, variant(c), NULL, NULL, NULL), BG_OK);
    if (first)
        ck_assert_int_eq(bg_game_play_text(g, first, "uci", 0), BG_OK);
    bg_move moves[4096];
    while (bg_game_ply_count(g) < plies && bg_game_outcome(g) == BG_ONGOING) {
        int n = bg_position_legal_moves(bg_game_position(g), moves, 4096);
        if (n <= 0)
            break;
        *seed = *seed * 1103515245u + 12345u;
        ck_assert_int_eq(bg_game_play(g, moves[(*seed >> 8) % (unsigned)n]), BG_OK);
    }
    int n = bg_game_export(g, c->format, NULL, 0);
    ck_assert_int_gt(n, 0);
    char *out = malloc((size_t)n + 1);
    ck_assert_int_eq(bg_game_export(g, c->format, out, (size_t)n + 1), n);
    bg_game_free(g);
    return out;
}

/* What a game read back looks like: its export in the same format. */
static char *signature(const fmt_case *c, const bg_game *g)
{
    int n = bg_game_export(g, c->format, NULL, 0);
    ck_assert_int_gt(n, 0);
    char *out = malloc((size_t)n + 1);
    bg_game_export(g, c->format, out, (size_t)n + 1);
    return out;
}

/* ---------- reading ---------- */

typedef struct item {
    int index;
    bg_status status;
    int line;
    size_t offset;
    char *sig; /* NULL for an error */
} item;

typedef struct items {
    item *v;
    int n;
} items;

static void items_free(items *it)
{
    for (int i = 0; i < it->n; i++)
        free(it->v[i].sig);
    free(it->v);
    it->v = NULL;
    it->n = 0;
}

static items read_reader(const fmt_case *c, bg_record_reader *r, int index_base)
{
    items it = {NULL, 0};
    bg_game *g;
    bg_error e;
    bg_status s;
    while (fx_next(r, &s, &g, &e)) {
        it.v = realloc(it.v, sizeof *it.v * (size_t)(it.n + 1));
        item *x = &it.v[it.n++];
        x->status = s;
        x->sig = NULL;
        x->line = 0;
        x->offset = 0;
        if (s == BG_OK) {
            x->index = bg_record_reader_games(r) - 1 + index_base;
            x->sig = signature(c, g);
            bg_game_free(g);
        } else {
            ck_assert_msg(s != BG_E_IO, "I/O error: %s", e.message);
            ck_assert_msg(e.message[0], "an error without a message");
            x->index = e.game_index + index_base;
            x->line = e.line;
            x->offset = e.offset;
        }
    }
    return it;
}

/* A reader on len bytes of text in c's format, with flags, on [start, end) (0, 0: all). */
static bg_record_reader *open_text(const fmt_case *c, const char *text, size_t len, unsigned flags,
                                   uint64_t start, uint64_t end)
{
    bg_record_reader *r = NULL;
    bg_error e = BG_ERROR_INIT;
    ck_assert_msg(bg_record_reader_open_memory(&r, variant(c), c->format, text, len, NULL, flags,
                                               NULL, &e) == BG_OK,
                  "%s", e.message);
    if (start || end)
        ck_assert_int_eq(bg_record_reader_set_range(r, start, end), BG_OK);
    return r;
}

static items read_memory(const fmt_case *c, const char *text, size_t len, uint64_t start,
                         uint64_t end, int index_base)
{
    bg_record_reader *r = open_text(c, text, len, 0, start, end);
    items it = read_reader(c, r, index_base);
    bg_record_reader_free(r);
    return it;
}

static void same_items(const items *a, const items *b, const char *what)
{
    ck_assert_msg(a->n == b->n, "%s: %d items, expected %d", what, b->n, a->n);
    for (int i = 0; i < a->n; i++) {
        const item *x = &a->v[i], *y = &b->v[i];
        ck_assert_msg(x->index == y->index && x->status == y->status, "%s: item %d: game %d status %d, expected game %d status %d",
                      what, i, y->index, y->status, x->index, x->status);
        if (x->sig)
            ck_assert_msg(y->sig && strcmp(x->sig, y->sig) == 0, "%s: game %d differs", what, x->index);
        else
            ck_assert_msg(x->offset == y->offset, "%s: error of game %d at %zu, expected %zu", what,
                          x->index, y->offset, x->offset);
    }
}

/* ---------- collections with broken games ---------- */

/* A broken game: a good one with one text replaced (or cut after it when `cut`). */
typedef struct defect {
    const char *kind;
    const char *find, *replace;
    int cut;
} defect;

/* The defects each format's games can have (find/replace in the export of a game opened by `first`). */
static int defects_of(const fmt_case *c, defect *d)
{
    int n = 0;
#define D(k, f, r, x) d[n++] = (defect){k, f, r, x}
    if (!strcmp(c->format, "pgn") && !strcmp(c->variant, "chess")) {
        D("illegal move", "1. e4", "1. e5", 0);
        D("unreadable move", "1. e4", "1. Zz9", 0);
        D("bad tag", "[Event \"?\"]", "[Event \"?]", 0);
        D("broken comment", "1. e4", "1. e4 {never closed", 0);
        D("truncated game", "1. e", NULL, 1);
    } else if (!strcmp(c->format, "pgn")) {
        D("illegal move", "1. H2-E2", "1. H2-E9", 0);
        D("unreadable move", "1. H2-E2", "1. Q9-Z9", 0);
        if (!strcmp(c->variant, "lionchess")) {
            d[0] = (defect){"illegal move", "1. B0-C2", "1. B0-C3", 0};
            d[1] = (defect){"unreadable move", "1. B0-C2", "1. Q9-Z9", 0};
        }
        D("bad tag", "[Event \"?\"]", "[Event \"?]", 0);
        D("broken comment", "\n\n1. ", "\n\n{never closed 1. ", 0);
        D("truncated game", "-", NULL, 1);
        D("unknown format", "[Format \"ICCS\"]", "[Format \"SAN\"]", 0);
    } else if (!strcmp(c->format, "gib")) {
        D("illegal move", "1. ", "1. 12차99 ", 0);
        D("unreadable move", "1. ", "1. 73X74 ", 0);
        D("bad header", "[초차림 \"마상상마\"]", "[초차림 \"마마마마\"]", 0);
        D("broken comment", "1. ", "1. {never closed ", 0);
        D("bad encoding", "1. ", "1. \xff\xfe\xff ", 0);
    } else if (!strcmp(c->format, "kif")) {
        D("illegal move", "７六歩(77)", "７五歩(77)", 0);
        D("unreadable move", "７六歩(77)", "７六X(77)", 0);
        D("bad header", "手合割：平手", "手合割：謎", 0);
        D("truncated game", "   1 ７六", NULL, 1);
        D("bad encoding", "手合割：平手", "手合割：\xff\xfe\xff", 0);
    } else if (!strcmp(c->format, "ki2")) {
        D("illegal move", "▲７六歩", "▲７五歩", 0);
        D("unreadable move", "▲７六歩", "▲７六X", 0);
        D("bad header", "手合割：平手", "手合割：謎", 0);
        D("bad encoding", "手合割：平手", "手合割：\xff\xfe\xff", 0);
    } else if (!strcmp(c->format, "csa")) {
        int mini = !strcmp(c->variant, "minishogi");
        D("illegal move", mini ? "+5453FU" : "+7776FU", mini ? "+5452FU" : "+7775FU", 0);
        D("unreadable move", mini ? "+5453FU" : "+7776FU", mini ? "+5453XX" : "+7776XX", 0);
        D("bad header", "V2.2\n", "V2.2\nPZ\n", 0);
        D("truncated game", mini ? "+54" : "+77", NULL, 1);
        D("bad encoding", "V2.2\n", "V2.2\n'\xff\xfe\xff\n", 0);
    } else if (!strcmp(c->format, "skr")) {
        D("illegal move", "q:c10g14", "q:c10c11", 0);
        D("unreadable move", "q:c10g14", "q:zz", 0);
        D("bad tag", "[Players \"", "[Players \"nobody,", 0);
        D("broken comment", "1. q:", "{never closed 1. q:", 0);
    }
#undef D
    return n;
}

static char *apply_defect(const char *text, const defect *d)
{
    const char *at = strstr(text, d->find);
    ck_assert_msg(at != NULL, "'%s' not in the game:\n%s", d->find, text);
    const size_t before = (size_t)(at - text);
    fx_text b = {0};
    if (d->cut) {
        fx_text_mem(&b, text, before + strlen(d->find));
        fx_text_str(&b, "\n");
        return b.p;
    }
    fx_text_mem(&b, text, before);
    fx_text_str(&b, d->replace);
    fx_text_str(&b, at + strlen(d->find));
    return b.p;
}

/*
** A collection: good random games with one broken game of each kind among them. Fills the
** expected reading (games and errors in order) and the line range of each broken game.
*/
typedef struct collection {
    fx_text text;
    int ngames;
    int bad[16], bad_first_line[16], bad_last_line[16], nbad;
    char *good_sig[64];
} collection;

static int lines_in(const char *s, size_t n)
{
    int k = 0;
    for (size_t i = 0; i < n; i++)
        k += s[i] == '\n';
    return k;
}

static void make_collection(const fmt_case *c, collection *col, unsigned seed)
{
    memset(col, 0, sizeof *col);
    defect d[16];
    int nd = defects_of(c, d);
    int total = 2 * nd + 3;
    ck_assert_int_le(total, 64);
    for (int i = 0; i < total; i++) {
        if (i)
            fx_text_str(&col->text, c->separator);
        char *g;
        if (i % 2 == 1 && i / 2 < nd) {
            char *base = random_export(c, &seed, 12, c->first);
            g = apply_defect(base, &d[i / 2]);
            free(base);
            col->bad[col->nbad] = i;
            col->bad_first_line[col->nbad] = lines_in(col->text.p, col->text.len) + 1;
            col->bad_last_line[col->nbad] = col->bad_first_line[col->nbad] + lines_in(g, strlen(g));
            col->nbad++;
            col->good_sig[i] = NULL;
        } else {
            g = random_export(c, &seed, 10 + i % 20, NULL);
            col->good_sig[i] = g;
            g = strdup(g);
        }
        fx_text_str(&col->text, g);
        free(g);
    }
    col->ngames = total;
}

static void collection_free(collection *col)
{
    for (int i = 0; i < col->ngames; i++)
        free(col->good_sig[i]);
    free(col->text.p);
}

/* The whole collection read: every good game, in order, and an error for each broken one. */
START_TEST(broken_games_skipped)
{
    const fmt_case *c = &cases[_i];
    collection col;
    make_collection(c, &col, 1234u + (unsigned)_i);
    items it = read_memory(c, col.text.p, col.text.len, 0, 0, 0);
    ck_assert_msg(it.n == col.ngames, "%s %s: %d items for %d games", c->variant, c->format, it.n,
                  col.ngames);
    int b = 0;
    for (int i = 0; i < col.ngames; i++) {
        const item *x = &it.v[i];
        ck_assert_int_eq(x->index, i);
        if (b < col.nbad && col.bad[b] == i) {
            ck_assert_msg(x->status != BG_OK, "%s %s: broken game %d was read", c->variant,
                          c->format, i);
            ck_assert_msg(x->line >= col.bad_first_line[b] && x->line <= col.bad_last_line[b],
                          "%s %s: broken game %d: error on line %d, the game is on lines %d-%d",
                          c->variant, c->format, i, x->line, col.bad_first_line[b],
                          col.bad_last_line[b]);
            b++;
        } else {
            ck_assert_msg(x->status == BG_OK, "%s %s: good game %d not read (status %d)",
                          c->variant, c->format, i, x->status);
            ck_assert_msg(strcmp(x->sig, col.good_sig[i]) == 0, "%s %s: game %d differs:\n%s\n---\n%s",
                          c->variant, c->format, i, x->sig, col.good_sig[i]);
        }
    }
    printf("# %s %s: %d games, %d broken (each kind), all others read\n", c->variant, c->format,
           col.ngames, col.nbad);
    items_free(&it);
    collection_free(&col);
}
END_TEST

/*
** BG_RECORD_KEEP_MOVES: a broken game whose fault is in its moves (a ply named) comes back with
** the moves before that ply and err saying why; the others are skipped as before; good games
** are the same.
*/
START_TEST(broken_games_keep_moves)
{
    const fmt_case *c = &cases[_i];
    collection col;
    make_collection(c, &col, 1234u + (unsigned)_i);
    bg_record_reader *r = open_text(c, col.text.p, col.text.len, BG_RECORD_KEEP_MOVES, 0, 0);
    bg_game *g;
    bg_error e;
    bg_status s;
    int i = 0, b = 0, cut = 0;
    while (fx_next(r, &s, &g, &e)) {
        ck_assert_int_lt(i, col.ngames);
        if (b < col.nbad && col.bad[b] == i) {
            if (s == BG_OK) {
                ck_assert_msg(e.code != BG_OK && e.ply > 0, "%s %s: broken game %d read whole",
                              c->variant, c->format, i);
                ck_assert_msg(bg_game_ply_count(g) == e.ply - 1, "%s %s: game %d cut at ply %d has %d plies",
                              c->variant, c->format, i, e.ply, bg_game_ply_count(g));
                ck_assert_int_eq(e.game_index, i);
                ck_assert(e.line >= col.bad_first_line[b] && e.line <= col.bad_last_line[b]);
                cut++;
            } else {
                ck_assert_msg(e.ply == 0 || s == BG_E_NO_MEMORY, "%s %s: game %d: a fault at ply %d skipped the game",
                              c->variant, c->format, i, e.ply);
            }
            b++;
        } else {
            ck_assert_msg(s == BG_OK && e.code == BG_OK, "%s %s: good game %d", c->variant, c->format, i);
            char *sig = signature(c, g);
            ck_assert_str_eq(sig, col.good_sig[i]);
            free(sig);
        }
        bg_game_free(g);
        i++;
    }
    ck_assert_int_eq(i, col.ngames);
    ck_assert_msg(cut >= 2, "%s %s: only %d broken games kept their moves (the illegal and the "
                  "unreadable move at least)", c->variant, c->format, cut);
    printf("# %s %s: %d broken games kept the moves before their fault\n", c->variant, c->format, cut);
    bg_record_reader_free(r);
    collection_free(&col);
}
END_TEST

/* Three ranges [0,a) [a,b) [b,end) read exactly the games of the whole, each once, in order. */
START_TEST(ranges_add_up)
{
    const fmt_case *c = &cases[_i];
    collection col;
    make_collection(c, &col, 777u + (unsigned)_i);
    const char *t = col.text.p;
    size_t n = col.text.len;
    items whole = read_memory(c, t, n, 0, 0, 0);
    unsigned seed = 99u;
    int splits = 0;
    for (int round = 0; round < 300; round++) {
        seed = seed * 1103515245u + 12345u;
        size_t a = (seed >> 4) % (n + 1);
        seed = seed * 1103515245u + 12345u;
        size_t b2 = (seed >> 4) % (n + 1);
        if (round < 40) { /* split at line starts and next to them too */
            size_t k = 0, want = (size_t)round / 2;
            for (size_t i = 0; i < n; i++)
                if (t[i] == '\n' && k++ == want * 7 % 50)
                    a = i + 1 - (size_t)(round % 2);
        }
        if (a > b2) {
            size_t x = a;
            a = b2;
            b2 = x;
        }
        items parts = {NULL, 0};
        uint64_t bounds[4] = {0, a, b2, n};
        for (int k = 0; k < 3; k++) {
            if (bounds[k] == bounds[k + 1])
                continue;
            items r = read_memory(c, t, n, bounds[k], bounds[k + 1], 0);
            /* Indexes and lines count from the range start: put them back in file terms. */
            int base = 0;
            for (int j = 0; j < parts.n; j++)
                base = parts.v[j].index + 1;
            for (int j = 0; j < r.n; j++) {
                r.v[j].index += base;
                parts.v = realloc(parts.v, sizeof *parts.v * (size_t)(parts.n + 1));
                parts.v[parts.n++] = r.v[j];
            }
            free(r.v);
        }
        char what[96];
        snprintf(what, sizeof what, "%s %s ranges [0,%zu) [%zu,%zu) [%zu,%zu)", c->variant,
                 c->format, a, a, b2, b2, n);
        same_items(&whole, &parts, what);
        items_free(&parts);
        splits++;
    }
    printf("# %s %s: %d three-way splits of %zu bytes equal the whole (%d games)\n", c->variant,
           c->format, splits, n, whole.n);
    items_free(&whole);
    collection_free(&col);
}
END_TEST

/* ---------- where games start ---------- */

/* Plies of each game read from text (-1 for a game read with an error), in order. */
static int plies_of(const fmt_case *c, const char *text, uint64_t start, uint64_t end, int *out, int cap)
{
    bg_record_reader *r = open_text(c, text, strlen(text), 0, start, end);
    bg_game *g;
    bg_error e;
    bg_status s;
    int n = 0;
    while (fx_next(r, &s, &g, &e)) {
        ck_assert_int_lt(n, cap);
        out[n++] = s == BG_OK ? bg_game_ply_count(g) : -1;
        bg_game_free(g);
    }
    bg_record_reader_free(r);
    return n;
}

START_TEST(game_starts)
{
    /*
    ** Tag order is free: tags sorted by name ([Black] before [Event], as some databases and
    ** xiangqi programs write them, hbsxcjp/cchess's bing.pgn) keep one game, with its [FEN]
    ** before [Game]; a second [Event] (xiangqi: [Game]) among tags alone starts the next game.
    */
    static const char *chess =
        "[Black \"b\"]\n[Date \"2020.01.01\"]\n[Event \"e\"]\n[Result \"1-0\"]\n[White \"w\"]\n\n"
        "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n\n"
        "[Black \"b\"]\n[Event \"e2\"]\n[Result \"*\"]\n[White \"w\"]\n\n1. d4 *\n"
        "[Event \"t1\"]\n[Site \"x\"]\n[Event \"t2\"]\n[Site \"y\"]\n";
    static const char *xiangqi =
        "[Event \"x\"]\n"
        "[FEN \"rnbakabnr/9/1c5c1/p1p1p1p1p/9/7C1/P1P1P1P1P/1C7/9/RNBAKABNR w - - 0 1\"]\n"
        "[Game \"Chinese Chess\"]\n[Format \"ICCS\"]\n\n1. H4-G4 H9-G7 *\n\n"
        "[Red \"r\"]\n[Game \"Chinese Chess\"]\n[Format \"ICCS\"]\n\n1. H2-E2 *\n"
        "[Game \"Chinese Chess\"]\n[Red \"a\"]\n[Game \"Chinese Chess\"]\n[Red \"b\"]\n";
    /*
    ** KIF: a game of a board alone (a problem collection: mog-core-scala's 013.kif) ends at the
    ** next header after its "手数----" line; a BOM opens each file of a cat of .kifu exports
    ** (tsshogi's sample.kifu twice).
    */
    static const char *kif =
        "\xef\xbb\xbf#KIF version=2.0 encoding=UTF-8\n手合割：平手\n先手：a\n後手：b\n"
        "手数----指手---------消費時間--\n# a comment\n"
        "\xef\xbb\xbf#KIF version=2.0 encoding=UTF-8\n手合割：平手\n先手：c\n"
        "手数----指手---------消費時間--\n   1 ７六歩(77)\n   2 ３四歩(33)\n"
        "\xef\xbb\xbf#KIF version=2.0 encoding=UTF-8\n手合割：平手\n"
        "手数----指手---------消費時間--\n   1 ２六歩(27)\n";
    /*
    ** Games of tags alone where only the first has [Event] (a lichess broadcast export,
    ** scalachess's uzchesscup.pgn): a blank line, then a tag the paragraph before has, starts a
    ** game; a blank line inside one game's tags (ChessBase) does not.
    */
    static const char *broadcast =
        "[Event \"e\"]\n[Round \"1\"]\n[White \"a\"]\n\n[Round \"2\"]\n[White \"b\"]\n\n"
        "[Round \"3\"]\n[White \"c\"]\n\n[Event \"x\"]\n\n[Site \"y\"]\n[White \"w\"]\n\n1. e4 *\n";
    const struct {
        const fmt_case *c;
        const char *text;
        int n, plies[4];
    } t[] = {{&cases[0], chess, 4, {7, 1, 0, 0}},
             {&cases[0], broadcast, 4, {0, 0, 0, 1}},
             {&cases[1], xiangqi, 4, {2, 1, 0, 0}},
             {&cases[5], kif, 3, {0, 2, 1}}};
    for (size_t i = 0; i < sizeof t / sizeof t[0]; i++) {
        int got[8];
        size_t len = strlen(t[i].text);
        ck_assert_int_eq(plies_of(t[i].c, t[i].text, 0, 0, got, 8), t[i].n);
        for (int k = 0; k < t[i].n; k++)
            ck_assert_msg(got[k] == t[i].plies[k], "%s: game %d has %d plies, expected %d",
                          t[i].c->variant, k, got[k], t[i].plies[k]);
        /* Every split [0,a) [a,end) gives the same games: a range reader cuts where the whole does. */
        for (size_t a = 1; a < len; a++) {
            int n1 = plies_of(t[i].c, t[i].text, 0, a, got, 8);
            int n2 = plies_of(t[i].c, t[i].text, a, 0, got + n1, 8 - n1);
            ck_assert_msg(n1 + n2 == t[i].n, "%s: split at %zu gives %d games", t[i].c->variant, a,
                          n1 + n2);
            for (int k = 0; k < t[i].n; k++)
                ck_assert_msg(got[k] == t[i].plies[k], "%s: split at %zu: game %d has %d plies",
                              t[i].c->variant, a, k, got[k]);
        }
    }
}
END_TEST

/* ---------- sources ---------- */

typedef struct trickle {
    const char *p;
    size_t len, pos;
    unsigned seed;
} trickle;

/* A source that gives 1 to 9 bytes a call: buffer boundaries fall everywhere. */
static int64_t trickle_read(void *user, void *buf, size_t cap)
{
    trickle *t = user;
    t->seed = t->seed * 1103515245u + 12345u;
    size_t n = 1 + (t->seed >> 8) % 9;
    if (n > cap)
        n = cap;
    if (n > t->len - t->pos)
        n = t->len - t->pos;
    memcpy(buf, t->p + t->pos, n);
    t->pos += n;
    return (int64_t)n;
}

static int trickle_seek(void *user, uint64_t offset)
{
    trickle *t = user;
    if (offset > t->len)
        return -1;
    t->pos = (size_t)offset;
    return 0;
}

START_TEST(every_source_same)
{
    const fmt_case *c = &cases[_i];
    collection col;
    make_collection(c, &col, 31u + (unsigned)_i);
    items whole = read_memory(c, col.text.p, col.text.len, 0, 0, 0);
    bg_error e = BG_ERROR_INIT;
    bg_record_reader *r = NULL;

    ck_assert_int_eq(bg_record_reader_new(&r, variant(c), c->format, col.text.p, col.text.len,
                                          NULL, NULL, &e),
                     BG_OK);
    items copy = read_reader(c, r, 0);
    bg_record_reader_free(r);
    same_items(&whole, &copy, "copied memory");

    char path[] = "/tmp/bg-stream-XXXXXX";
    int fd = mkstemp(path);
    ck_assert_int_ge(fd, 0);
    ck_assert_int_eq(write(fd, col.text.p, col.text.len), (ssize_t)col.text.len);
    ck_assert_int_eq(lseek(fd, 0, SEEK_SET), 0);
    ck_assert_int_eq(bg_record_reader_open_fd(&r, variant(c), c->format, fd, NULL, 0, NULL, &e),
                     BG_OK);
    items byfd = read_reader(c, r, 0);
    bg_record_reader_free(r);
    same_items(&whole, &byfd, "file descriptor");

    FILE *f = fopen(path, "rb");
    ck_assert_ptr_nonnull(f);
    ck_assert_int_eq(bg_record_reader_open_file(&r, variant(c), c->format, f, NULL, 0, NULL, &e),
                     BG_OK);
    items byfile = read_reader(c, r, 0);
    bg_record_reader_free(r);
    same_items(&whole, &byfile, "FILE*");

    /* A range of the descriptor: the reader seeks itself. */
    size_t mid = col.text.len / 2;
    ck_assert_int_eq(lseek(fd, 0, SEEK_SET), 0);
    ck_assert_int_eq(bg_record_reader_open_fd(&r, variant(c), c->format, fd, NULL, 0, NULL, &e),
                     BG_OK);
    ck_assert_int_eq(bg_record_reader_set_range(r, mid, 0), BG_OK);
    items fdrange = read_reader(c, r, 0);
    bg_record_reader_free(r);
    items memrange = read_memory(c, col.text.p, col.text.len, mid, 0, 0);
    same_items(&memrange, &fdrange, "a range of a file descriptor");
    fclose(f);
    close(fd);
    unlink(path);

    trickle t = {col.text.p, col.text.len, 0, 5u};
    ck_assert_int_eq(bg_record_reader_open(&r, variant(c), c->format, trickle_read, trickle_seek,
                                           &t, NULL, 0, NULL, &e),
                     BG_OK);
    items bycb = read_reader(c, r, 0);
    bg_record_reader_free(r);
    same_items(&whole, &bycb, "callback of 1-9 bytes");

    /* A callback without seek refuses a range that does not start at 0. */
    t.pos = 0;
    ck_assert_int_eq(bg_record_reader_open(&r, variant(c), c->format, trickle_read, NULL, &t,
                                           NULL, 0, NULL, &e),
                     BG_OK);
    ck_assert_int_eq(bg_record_reader_set_range(r, 10, 0), BG_E_UNSUPPORTED);
    bg_record_reader_free(r);

    items_free(&whole);
    items_free(&copy);
    items_free(&byfd);
    items_free(&byfile);
    items_free(&fdrange);
    items_free(&memrange);
    items_free(&bycb);
    collection_free(&col);
}
END_TEST

/* ---------- size ---------- */

typedef struct repeat {
    const char *game;
    size_t glen;
    long left;   /* games still to give */
    size_t pos;  /* in the current game */
    int fail_at; /* give an I/O error when left reaches it (0 = never) */
} repeat;

static int64_t repeat_read(void *user, void *buf, size_t cap)
{
    repeat *r = user;
    if (r->fail_at && r->left <= r->fail_at)
        return -1;
    size_t n = 0;
    while (n < cap && r->left > 0) {
        size_t k = r->glen - r->pos < cap - n ? r->glen - r->pos : cap - n;
        memcpy((char *)buf + n, r->game + r->pos, k);
        n += k;
        r->pos += k;
        if (r->pos == r->glen) {
            r->pos = 0;
            r->left--;
        }
    }
    return (int64_t)n;
}

/* A 70 MB input (made on the fly, never in memory) streams in a few MiB of the reader's memory. */
START_TEST(large_input_constant_memory)
{
    static const struct {
        const char *variant, *format, *game;
    } big[] = {
        {"chess", "pgn",
         "[Event \"Rated Blitz game\"]\n[Site \"https://example.org/x\"]\n[White \"a\"]\n"
         "[Black \"b\"]\n[Result \"1-0\"]\n[WhiteElo \"1500\"]\n[BlackElo \"1500\"]\n\n"
         "1. e4 { [%clk 0:03:00] } 1... e5 { [%clk 0:03:00] } 2. Bc4 { [%clk 0:02:59] } 2... Nc6 "
         "{ [%clk 0:02:58] } 3. Qh5 { [%clk 0:02:57] } 3... Nf6 { [%clk 0:02:55] } "
         "4. Qxf7# { [%clk 0:02:54] } 1-0\n\n"},
        {"shogi", "csa",
         "V2.2\nN+a\nN-b\nPI\n+\n+7776FU\nT1\n-3334FU\nT2\n+8822UM\nT3\n-3122GI\nT1\n%TORYO\n/\n"},
    };
    const int k = _i;
    au_counter cnt = {0};
    bg_allocator a = BG_ALLOCATOR_INIT(au_alloc, &cnt);
    size_t glen = strlen(big[k].game);
    /* 70 MB (past the old 64 MiB file limit); a tenth of it under valgrind (BG_TEST_REDUCE). */
    long games = (long)(70e6 / (double)tu_env_reduce(10) / (double)glen) + 1;
    repeat src = {big[k].game, glen, games, 0, 0};
    bg_record_reader *r = NULL;
    bg_error e = BG_ERROR_INIT;
    ck_assert_int_eq(bg_record_reader_open(&r, bg_variant_find(big[k].variant), big[k].format,
                                           repeat_read, NULL, &src, NULL, 0, &a, &e),
                     BG_OK);
    long read = 0, plies = 0;
    for (;;) {
        bg_game *g = NULL;
        bg_status s = bg_record_reader_next(r, &g, &e);
        if (s == BG_E_END)
            break;
        ck_assert_msg(s == BG_OK, "game %ld: %s", read, e.message);
        plies += bg_game_ply_count(g);
        bg_game_free(g);
        read++;
    }
    ck_assert_int_eq(read, games);
    ck_assert_uint_ge(bg_record_reader_offset(r), (uint64_t)games * glen);
    bg_record_reader_free(r);
    ck_assert_int_eq(cnt.live_blocks, 0);
    ck_assert_msg(cnt.peak_bytes < (size_t)4 << 20, "peak %zu bytes", cnt.peak_bytes);
    printf("# %s %s: %ld games, %.1f MB, %ld plies, reader memory at most %zu KiB\n",
           big[k].variant, big[k].format, read, (double)games * (double)glen / 1e6, plies,
           cnt.peak_bytes >> 10);
}
END_TEST

/* A source that fails: BG_E_IO, and the reader stays at its end. */
START_TEST(io_error)
{
    const char *game = "[Event \"x\"]\n\n1. e4 *\n\n";
    repeat src = {game, strlen(game), 100000, 0, 50000};
    bg_record_reader *r = NULL;
    bg_error e = BG_ERROR_INIT;
    ck_assert_int_eq(bg_record_reader_open(&r, bg_variant_find("chess"), "pgn", repeat_read, NULL,
                                           &src, NULL, 0, NULL, &e),
                     BG_OK);
    long read = 0;
    bg_status s;
    for (;;) {
        bg_game *g = NULL;
        s = bg_record_reader_next(r, &g, &e);
        if (s != BG_OK)
            break;
        bg_game_free(g);
        read++;
    }
    ck_assert_int_eq(s, BG_E_IO);
    ck_assert_ptr_nonnull(strstr(e.message, "cannot read"));
    ck_assert_int_gt(read, 1000);
    ck_assert_int_lt(read, 100000);
    bg_game *g = NULL;
    ck_assert_int_eq(bg_record_reader_next(r, &g, &e), BG_E_IO);
    bg_record_reader_free(r);
}
END_TEST

int main(void)
{
    TCase *tc = one_case("records-stream", "stream", 600);
    tcase_add_loop_test(tc, broken_games_skipped, 0, NCASES);
    tcase_add_loop_test(tc, broken_games_keep_moves, 0, NCASES);
    tcase_add_loop_test(tc, ranges_add_up, 0, NCASES);
    tcase_add_loop_test(tc, every_source_same, 0, NCASES);
    tcase_add_loop_test(tc, large_input_constant_memory, 0, 2);
    tcase_add_test(tc, io_error);
    tcase_add_test(tc, game_starts);
    return run_cases();
}
