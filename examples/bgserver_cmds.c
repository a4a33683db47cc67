/* bgserver — the commands on games: create, play, legal moves, position, result, undo, export. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bgserver.h"

const char *bgs_status_code(int status)
{
    switch (status) {
    case BG_E_INVALID_ARGUMENT: return "invalid-argument";
    case BG_E_NO_MEMORY: return "no-memory";
    case BG_E_UNKNOWN_VARIANT: return "unknown-variant";
    case BG_E_PARSE: return "parse";
    case BG_E_ILLEGAL_MOVE: return "illegal-move";
    case BG_E_AMBIGUOUS_MOVE: return "ambiguous-move";
    case BG_E_UNSUPPORTED: return "unsupported";
    case BG_E_GAME_OVER: return "game-over";
    case BG_E_NO_MOVE: return "no-move";
    case BG_E_INVALID_POSITION: return "invalid-position";
    case BG_E_CLAIM_REJECTED: return "claim-rejected";
    case BG_E_LIMIT: return "limit";
    case BG_E_UNKNOWN_OPTION: return "unknown-option";
    case BG_E_ENCODING: return "encoding";
    case BG_E_END: return "end";
    default: return "internal";
    }
}

/* A library failure as a reply; `base` is where the text the library parsed starts in the line. */
static void lib_err(bgs_server *s, bgs_conn *c, int status, size_t base, const bg_error *err)
{
    const char *msg = err && err->message[0] ? err->message : bg_strerror(status);
    bgs_err(s, c, bgs_status_code(status), base + (err ? err->offset : 0), "%s", msg);
}

static const bg_variant *find_variant(bgs_server *s, bgs_conn *c, const bgs_args *a, int i)
{
    const bg_variant *v = bg_variant_find(a->tok[i]);
    if (!v)
        bgs_err(s, c, "unknown-variant", a->off[i], "no variant '%.40s' (see variants)", a->tok[i]);
    return v;
}

static bgs_game *find_game(bgs_server *s, bgs_conn *c, const bgs_args *a, int i)
{
    const char *t = a->tok[i];
    uint64_t id = 0;
    size_t n = 0;
    for (; t[n] >= '0' && t[n] <= '9' && n < 10; n++)
        id = id * 10 + (uint64_t)(t[n] - '0');
    if (!n || t[n] || id > UINT32_MAX) {
        bgs_err(s, c, "syntax", a->off[i], "a game id is a decimal number");
        return NULL;
    }
    for (int k = 0; k < c->ngames; k++)
        if (c->games[k].id == id)
            return &c->games[k];
    bgs_err(s, c, "no-game", a->off[i], "no game %llu on this connection", (unsigned long long)id);
    return NULL;
}

/* Argument i as a notation of the game's variant: NULL (and *ok) for "auto" or when absent. */
static const char *notation_arg(bgs_server *s, bgs_conn *c, const bgs_args *a, int i,
                                const bg_variant *v, const char *dflt, int *ok)
{
    *ok = 1;
    if (i >= a->n)
        return dflt;
    if (!strcmp(a->tok[i], "auto") && !dflt)
        return NULL;
    for (int k = 0; k < bg_variant_notation_count(v); k++)
        if (!strcmp(bg_variant_notation_at(v, k), a->tok[i]))
            return a->tok[i];
    *ok = 0;
    bgs_err(s, c, "unsupported", a->off[i], "%s has no notation '%.40s'", bg_variant_id(v),
            a->tok[i]);
    return NULL;
}

/* The options argument: "-" means none. */
static const char *options_arg(const bgs_args *a, int i)
{
    return i < a->n && strcmp(a->tok[i], "-") ? a->tok[i] : NULL;
}

static void out_sides(bgs_server *s, bgs_conn *c, const bg_variant *v, uint32_t mask)
{
    int any = 0;
    for (int side = 0; side < bg_variant_sides(v); side++) {
        if (mask >> side & 1u) {
            bgs_outf(s, c, "%s%s", any ? "," : " ", bg_variant_side_id(v, side));
            any = 1;
        }
    }
    if (!any)
        bgs_out(s, c, " -", 2);
}

/* The state fields every game reply ends with: PLY TOMOVE OUTCOME WINNERS REASON CLAIMS. */
static void out_state(bgs_server *s, bgs_conn *c, const bg_game *g)
{
    const bg_variant *v = bg_game_variant(g);
    bg_outcome o = bg_game_outcome(g);
    int stm = bg_position_side_to_move(bg_game_position(g));
    bgs_outf(s, c, " %d %s %s", bg_game_ply_count(g), bg_variant_side_id(v, stm),
             o == BG_WIN ? "win" : o == BG_DRAW ? "draw" : "ongoing");
    out_sides(s, c, v, o == BG_WIN ? bg_game_winners(g) : 0);
    const char *reason = o == BG_ONGOING ? NULL : bg_reason_name(bg_game_reason(g));
    bgs_outf(s, c, " %s", reason && *reason ? reason : "-");
    uint64_t claims = bg_game_claims(g);
    int any = 0;
    for (int r = 0; r < 64; r++) {
        const char *name = claims >> r & 1u ? bg_reason_name(r) : NULL;
        if (name && *name) {
            bgs_outf(s, c, "%s%s", any ? "," : " ", name);
            any = 1;
        }
    }
    bgs_out(s, c, any ? "\n" : " -\n", any ? 1 : 3);
}

static void out_game_state(bgs_server *s, bgs_conn *c, const bg_game *g)
{
    bgs_out(s, c, "ok", 2);
    out_state(s, c, g);
}

/* Refuse a new game before any work when the connection or the server is full. */
static int room_for_game(bgs_server *s, bgs_conn *c, const bgs_args *a)
{
    if (c->ngames >= s->lim.max_games_per_conn) {
        bgs_err(s, c, "too-many-games", a->off[0], "this connection holds %d games already (free one)",
                c->ngames);
        return 0;
    }
    if (s->ngames >= s->lim.max_games) {
        bgs_err(s, c, "too-many-games", a->off[0], "the server holds %ld games already", s->ngames);
        return 0;
    }
    return 1;
}

/* Take ownership of g under a new id and reply "ok ID" and its state; frees g on failure. */
static void add_game(bgs_server *s, bgs_conn *c, bg_game *g)
{
    if (c->ngames == c->games_cap) {
        int cap = c->games_cap ? c->games_cap * 2 : 4;
        bgs_game *p = realloc(c->games, (size_t)cap * sizeof *p);
        if (!p) {
            bg_game_free(g);
            bgs_err(s, c, "no-memory", 0, "out of memory");
            return;
        }
        c->games = p;
        c->games_cap = cap;
    }
    uint32_t id = c->next_id++;
    c->games[c->ngames++] = (bgs_game){id, g};
    s->ngames++;
    s->stats.games_created++;
    if (s->ngames > s->stats.peak_games)
        s->stats.peak_games = s->ngames;
    bgs_outf(s, c, "ok %u", id);
    out_state(s, c, g);
}

void bgs_games_free(bgs_server *s, bgs_conn *c)
{
    for (int k = 0; k < c->ngames; k++)
        bg_game_free(c->games[k].game);
    s->ngames -= c->ngames;
    free(c->games);
    c->games = NULL;
    c->ngames = c->games_cap = 0;
}

/* The variant of a game about to be created, if it exists and there is room for one more game. */
static const bg_variant *creatable(bgs_server *s, bgs_conn *c, const bgs_args *a)
{
    const bg_variant *v = find_variant(s, c, a, 1);
    return v && room_for_game(s, c, a) ? v : NULL;
}

/* new VARIANT [OPTIONS], or with a text: load VARIANT OPTIONS POSITION-TEXT */
static void create(bgs_server *s, bgs_conn *c, const bgs_args *a, const char *text)
{
    const bg_variant *v = creatable(s, c, a);
    if (!v)
        return;
    bg_game *g = NULL;
    bg_error err = BG_ERROR_INIT;
    int st = text ? bg_game_new_from_text(&g, v, text, NULL, options_arg(a, 2), 0, NULL, &err)
                  : bg_game_new(&g, v, options_arg(a, 2), NULL, &err);
    if (st != BG_OK)
        lib_err(s, c, st, a->off[text && st != BG_E_UNKNOWN_OPTION ? 3 : 2], &err);
    else
        add_game(s, c, g);
}

void bgs_cmd_new(bgs_server *s, bgs_conn *c, const bgs_args *a)
{
    create(s, c, a, NULL);
}

/* The position text is the rest of the line. */
void bgs_cmd_load(bgs_server *s, bgs_conn *c, const bgs_args *a)
{
    create(s, c, a, a->tok[3]);
}

static int hex_digit(char ch)
{
    return ch >= '0' && ch <= '9' ? ch - '0'
           : ch >= 'a' && ch <= 'f' ? ch - 'a' + 10
           : ch >= 'A' && ch <= 'F' ? ch - 'A' + 10
                                    : -1;
}

/* Decode the escapes of docs/bgserver.md (\\ \n \r \t \xHH); *bad = offset of a bad escape. */
static char *unescape(const char *t, size_t *len, size_t *bad)
{
    size_t n = strlen(t), k = 0;
    char *out = malloc(n + 1);
    if (!out)
        return NULL;
    for (size_t i = 0; i < n; i++) {
        if (t[i] != '\\') {
            out[k++] = t[i];
            continue;
        }
        char e = t[i + 1];
        int h1 = e == 'x' ? hex_digit(t[i + 2]) : -1;
        int h2 = h1 >= 0 ? hex_digit(t[i + 3]) : -1;
        if (e == '\\' || e == 'n' || e == 'r' || e == 't') {
            out[k++] = e == 'n' ? '\n' : e == 'r' ? '\r' : e == 't' ? '\t' : '\\';
            i++;
        } else if (h2 >= 0) {
            out[k++] = (char)(h1 * 16 + h2);
            i += 3;
        } else {
            *bad = i;
            free(out);
            return NULL;
        }
    }
    out[k] = '\0';
    *len = k;
    return out;
}

/* Offset in the escaped text of byte `target` of the decoded text (for error offsets). */
static size_t escaped_offset(const char *t, size_t target)
{
    size_t i = 0;
    for (size_t k = 0; k < target && t[i]; k++)
        i += t[i] != '\\' ? 1 : t[i + 1] == 'x' ? 4 : 2;
    return i;
}

/* import VARIANT FORMAT ESCAPED-RECORD (the first game of the record) */
void bgs_cmd_import(bgs_server *s, bgs_conn *c, const bgs_args *a)
{
    const bg_variant *v = creatable(s, c, a);
    if (!v)
        return;
    size_t len = 0, bad = 0;
    char *data = unescape(a->tok[3], &len, &bad);
    if (!data) {
        bgs_err(s, c, bad ? "syntax" : "no-memory", a->off[3] + bad, "bad escape in the record");
        return;
    }
    bg_record_reader *r = NULL;
    bg_game *g = NULL;
    bg_error err = BG_ERROR_INIT;
    int st = bg_record_reader_new(&r, v, a->tok[2], data, len, NULL, NULL, &err);
    if (st == BG_OK)
        st = bg_record_reader_next(r, &g, &err);
    bg_record_reader_free(r);
    if (st == BG_E_END) {
        bgs_err(s, c, "parse", a->off[3], "no game in the record");
    } else if (st != BG_OK) {
        size_t base = st == BG_E_UNSUPPORTED ? a->off[2] : a->off[3];
        err.offset = st == BG_E_UNSUPPORTED ? 0 : escaped_offset(a->tok[3], err.offset);
        lib_err(s, c, st, base, &err);
    } else if (bg_game_ply_count(g) > s->lim.max_plies) {
        bg_game_free(g);
        bgs_err(s, c, "limit", a->off[3], "more than %d plies", s->lim.max_plies);
    } else {
        add_game(s, c, g);
    }
    free(data);
}

/* play GAME MOVE [NOTATION|auto] */
void bgs_cmd_play(bgs_server *s, bgs_conn *c, const bgs_args *a)
{
    bgs_game *sg = find_game(s, c, a, 1);
    int ok;
    const char *notation = sg ? notation_arg(s, c, a, 3, bg_game_variant(sg->game), NULL, &ok) : NULL;
    if (!sg || !ok)
        return;
    if (bg_game_ply_count(sg->game) >= s->lim.max_plies) {
        bgs_err(s, c, "limit", a->off[2], "the game has reached %d plies", s->lim.max_plies);
        return;
    }
    int st = bg_game_play_text(sg->game, a->tok[2], notation, 0);
    if (st != BG_OK) {
        lib_err(s, c, st, a->off[2], bg_game_error(sg->game));
        return;
    }
    s->stats.moves++;
    out_game_state(s, c, sg->game);
}

/* moves GAME [NOTATION]: the legal moves, none once the game is over */
void bgs_cmd_moves(bgs_server *s, bgs_conn *c, const bgs_args *a)
{
    bgs_game *sg = find_game(s, c, a, 1);
    int ok;
    const char *notation = sg ? notation_arg(s, c, a, 2, bg_game_variant(sg->game), "uci", &ok) : NULL;
    if (!sg || !ok)
        return;
    const bg_position *pos = bg_game_position(sg->game);
    int n = bg_game_outcome(sg->game) == BG_ONGOING
                ? bg_position_legal_moves(pos, s->moves, s->moves_cap)
                : 0;
    if (n < 0 || (size_t)n > s->moves_cap) {
        lib_err(s, c, n < 0 ? n : BG_E_LIMIT, a->off[1], NULL);
        return;
    }
    bgs_outf(s, c, "ok %d", n);
    for (int i = 0; i < n; i++) {
        char buf[128];
        buf[0] = ' ';
        int len = bg_move_format(pos, s->moves[i], notation, buf + 1, sizeof buf - 1);
        if (len < 0 || (size_t)len >= sizeof buf - 1)
            len = snprintf(buf + 1, sizeof buf - 1, "?");
        bgs_out(s, c, buf, (size_t)len + 1);
    }
    bgs_out(s, c, "\n", 1);
}

/* position GAME [FORMAT] */
void bgs_cmd_position(bgs_server *s, bgs_conn *c, const bgs_args *a)
{
    bgs_game *sg = find_game(s, c, a, 1);
    if (!sg)
        return;
    const bg_position *pos = bg_game_position(sg->game);
    const char *format = a->n > 2 ? a->tok[2] : NULL;
    int n = bg_position_text(pos, format, NULL, 0);
    if (n < 0) {
        bgs_err(s, c, bgs_status_code(n), a->off[2], "no position format '%.40s'", format);
        return;
    }
    char *p = bgs_out_reserve(s, c, (size_t)n + 5);
    if (!p)
        return;
    memcpy(p, "ok ", 3);
    bg_position_text(pos, format, p + 3, (size_t)n + 1);
    p[3 + n] = '\n';
    bgs_out_commit(c, (size_t)n + 4);
}

/* result GAME */
void bgs_cmd_result(bgs_server *s, bgs_conn *c, const bgs_args *a)
{
    bgs_game *sg = find_game(s, c, a, 1);
    if (sg)
        out_game_state(s, c, sg->game);
}

/* A game action: its failure as an error reply, its success as the new state. */
static void action_reply(bgs_server *s, bgs_conn *c, const bgs_args *a, bgs_game *sg, int st)
{
    if (st != BG_OK)
        bgs_err(s, c, bgs_status_code(st), a->off[a->n - 1], "%s",
                bg_game_errmsg(sg->game)[0] ? bg_game_errmsg(sg->game) : bg_strerror(st));
    else
        out_game_state(s, c, sg->game);
}

/* undo GAME */
void bgs_cmd_undo(bgs_server *s, bgs_conn *c, const bgs_args *a)
{
    bgs_game *sg = find_game(s, c, a, 1);
    if (sg)
        action_reply(s, c, a, sg, bg_game_undo(sg->game));
}

/* claim GAME REASON (threefold-repetition, fifty-moves, impasse, ...) */
void bgs_cmd_claim(bgs_server *s, bgs_conn *c, const bgs_args *a)
{
    bgs_game *sg = find_game(s, c, a, 1);
    if (!sg)
        return;
    int reason = bg_reason_find(a->tok[2]);
    if (reason <= 0) {
        bgs_err(s, c, "syntax", a->off[2], "unknown reason '%.40s'", a->tok[2]);
        return;
    }
    action_reply(s, c, a, sg, bg_game_claim(sg->game, (bg_reason)reason, BG_MOVE_NONE));
}

/* resign GAME SIDE */
void bgs_cmd_resign(bgs_server *s, bgs_conn *c, const bgs_args *a)
{
    bgs_game *sg = find_game(s, c, a, 1);
    if (!sg)
        return;
    int side = bg_variant_side_find(bg_game_variant(sg->game), a->tok[2]);
    if (side < 0) {
        bgs_err(s, c, "syntax", a->off[2], "unknown side '%.40s'", a->tok[2]);
        return;
    }
    action_reply(s, c, a, sg, bg_game_resign(sg->game, side));
}

/* draw GAME (by agreement) */
void bgs_cmd_draw(bgs_server *s, bgs_conn *c, const bgs_args *a)
{
    bgs_game *sg = find_game(s, c, a, 1);
    if (sg)
        action_reply(s, c, a, sg, bg_game_agree_draw(sg->game));
}

static size_t escaped_len(const char *t, size_t n)
{
    size_t len = 0;
    for (size_t i = 0; i < n; i++) {
        unsigned char ch = (unsigned char)t[i];
        len += ch == '\\' || ch == '\n' || ch == '\r' || ch == '\t' ? 2 : ch < 0x20 || ch == 0x7f ? 4 : 1;
    }
    return len;
}

static size_t escape(char *out, const char *t, size_t n)
{
    static const char hex[] = "0123456789abcdef";
    size_t k = 0;
    for (size_t i = 0; i < n; i++) {
        unsigned char ch = (unsigned char)t[i];
        const char *two = ch == '\\' ? "\\\\" : ch == '\n' ? "\\n" : ch == '\r' ? "\\r" : ch == '\t' ? "\\t" : NULL;
        if (two) {
            memcpy(out + k, two, 2);
            k += 2;
        } else if (ch < 0x20 || ch == 0x7f) {
            out[k++] = '\\';
            out[k++] = 'x';
            out[k++] = hex[ch >> 4];
            out[k++] = hex[ch & 15];
        } else {
            out[k++] = (char)ch;
        }
    }
    return k;
}

/* export GAME [FORMAT]: the record on one line, escaped */
void bgs_cmd_export(bgs_server *s, bgs_conn *c, const bgs_args *a)
{
    bgs_game *sg = find_game(s, c, a, 1);
    if (!sg)
        return;
    const char *format = a->n > 2 ? a->tok[2] : NULL;
    int n = bg_game_export(sg->game, format, NULL, 0);
    if (n < 0) {
        bgs_err(s, c, bgs_status_code(n), a->off[a->n - 1], "cannot export as '%.40s'",
                format ? format : "(default)");
        return;
    }
    char *text = malloc((size_t)n + 1);
    if (!text || bg_game_export(sg->game, format, text, (size_t)n + 1) != n) {
        free(text);
        bgs_err(s, c, "no-memory", 0, "out of memory");
        return;
    }
    size_t elen = escaped_len(text, (size_t)n);
    if (elen > s->lim.max_output / 2) {
        bgs_err(s, c, "limit", a->off[0], "record of %zu bytes is larger than the reply limit", elen);
    } else {
        char *p = bgs_out_reserve(s, c, elen + 4);
        if (p) {
            memcpy(p, "ok ", 3);
            escape(p + 3, text, (size_t)n);
            p[3 + elen] = '\n';
            bgs_out_commit(c, elen + 4);
        }
    }
    free(text);
}

/* free GAME */
void bgs_cmd_free(bgs_server *s, bgs_conn *c, const bgs_args *a)
{
    bgs_game *sg = find_game(s, c, a, 1);
    if (!sg)
        return;
    bg_game_free(sg->game);
    size_t k = (size_t)(sg - c->games);
    memmove(sg, sg + 1, (size_t)(c->ngames - 1 - (int)k) * sizeof *sg);
    c->ngames--;
    s->ngames--;
    bgs_outf(s, c, "ok\n");
}

/* games: the ids this connection holds */
void bgs_cmd_games(bgs_server *s, bgs_conn *c, const bgs_args *a)
{
    (void)a;
    bgs_outf(s, c, "ok %d", c->ngames);
    for (int k = 0; k < c->ngames; k++)
        bgs_outf(s, c, " %u", c->games[k].id);
    bgs_out(s, c, "\n", 1);
}
