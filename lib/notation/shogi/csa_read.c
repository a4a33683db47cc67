/* libboardgames — CSA record import (V2.2 and V3.0): N+/N-, $ info lines, PI / P1..P9 / P+ P- start positions, moves with T times, ' comments, % endings, games separated by '/'. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kif.h"

/* CSA info keys stored under their KIF header names (kif.h). */
static const struct {
    const char *csa, *tag;
} info_keys[] = {
    {"EVENT", "棋戦"},      {"SITE", "場所"},           {"START_TIME", "開始日時"},
    {"END_TIME", "終了日時"}, {"TIME_LIMIT", "持ち時間"}, {"OPENING", "戦型"},
};

typedef struct csa_ctx {
    krec k;
    kif_setup setup;
    int have_pi, have_rows, have_pieces, position_done, ended;
    int fouled; /* an illegal move was dropped: skip the moves up to the recorded foul */
    int lenient;
    size_t position_at;
} csa_ctx;

/* Extent of the game at `start`: up to a line holding only "/" (not included) or the end. */
static size_t game_end(const char *d, size_t start, size_t len, size_t *next)
{
    for (size_t i = start; i < len;) {
        size_t e = kif_line_end(d, i, len), a = i, b = e;
        kif_trim(d, &a, &b);
        if (b == a + 1 && d[a] == '/') {
            *next = e < len ? e + 1 : len;
            return i;
        }
        i = e < len ? e + 1 : len;
    }
    *next = len;
    return len;
}

/*
** The splitter's view of a CSA line: "/" separates games; version, names, information lines,
** the position and the side to move come first; moves, times, endings and server lines after.
*/
int bgi_csa_line_kind(const char *d, size_t n)
{
    size_t a = 0, b = n;
    kif_trim(d, &a, &b);
    if (a == b)
        return BGI_LINE_NEUTRAL;
    const char *p = d + a;
    size_t k = b - a;
    switch (*p) {
    case '/':
        return k == 1 ? BGI_LINE_SEP : BGI_LINE_BODY;
    case '\'':
        return k >= 13 && memcmp(p, "'CSA encoding", 13) == 0 ? BGI_LINE_HEAD : BGI_LINE_NEUTRAL;
    case 'V':
        return k >= 2 && p[1] >= '0' && p[1] <= '9' ? BGI_LINE_HEAD : BGI_LINE_BODY;
    case 'N':
    case 'P':
        return BGI_LINE_HEAD;
    case '$':
        return BGI_LINE_NEUTRAL; /* information lines come anywhere in the header, $END_TIME after it too */
    case '+':
    case '-':
        return k == 1 ? BGI_LINE_HEAD : BGI_LINE_BODY;
    case 'T':
        /* 81Dojo's "To_Move:+" is a header line; "T12" a move's time. */
        return k >= 8 && memcmp(p, "To_Move:", 8) == 0 ? BGI_LINE_HEAD : BGI_LINE_BODY;
    case 'I':
        /* 81Dojo's player lines "I+*1040,124,x2|81WS" come with the names. */
        return k >= 2 && (p[1] == '+' || p[1] == '-') ? BGI_LINE_HEAD : BGI_LINE_BODY;
    default:
        return BGI_LINE_BODY;
    }
}

static int csa_code(const jp_family *fam, const char *p)
{
    for (int k = 1; k <= fam->nkinds; k++)
        if (fam->pieces[k].csa && p[0] == fam->pieces[k].csa[0] && p[1] == fam->pieces[k].csa[1])
            return k;
    return 0;
}

/* Two digits at p: a square of the board (or 00 = the hand when `hand` is allowed); -1 if bad, -2 for 00. */
static int csa_square(const bg_variant *v, const char *p, int hand)
{
    if (p[0] < '0' || p[0] > '9' || p[1] < '0' || p[1] > '9')
        return -1;
    int f = p[0] - '0', r = p[1] - '0';
    if (f == 0 && r == 0)
        return hand ? -2 : -1;
    if (f < 1 || f > v->width || r < 1 || r > v->height)
        return -1;
    return jp_square(v, f, r);
}

/* Pieces of each base kind in the whole set (for P+00AL): what the start position holds. */
static void set_totals(const bg_variant *v, int totals[20])
{
    kif_setup start;
    const jp_family *fam = jp_family_of(v);
    kif_setup_from_sfen_start(&start, v);
    memset(totals, 0, 20 * sizeof totals[0]);
    for (int sq = 0; sq < v->width * v->height; sq++)
        if (start.board[sq])
            totals[fam->pieces[start.board[sq] & 127].base]++;
}

static bg_status position_line(csa_ctx *c, size_t i, size_t e)
{
    const char *d = c->k.d;
    const jp_family *fam = c->k.fam;
    const bg_variant *v = c->k.rd->variant;
    const int size = v->width, height = v->height;
    if (!c->have_pieces && !c->have_rows && !c->have_pi)
        c->position_at = i;
    if (e >= i + 2 && d[i + 1] == 'I') {
        if (c->have_pi || c->have_rows)
            return kif_fail(&c->k, BG_E_PARSE, i, 0, "PI after another start position");
        kif_setup_from_sfen_start(&c->setup, c->k.rd->variant);
        c->have_pi = 1;
        for (size_t p = i + 2; p < e; p += 4) {
            int sq = p + 4 <= e ? csa_square(v, d + p, 0) : -1;
            int k = sq >= 0 ? csa_code(fam, d + p + 2) : 0;
            if (!k)
                return kif_fail(&c->k, BG_E_PARSE, p, 0, "PI: expected a square and a piece (82HI)");
            if ((c->setup.board[sq] & 127) != k)
                return kif_fail(&c->k, BG_E_PARSE, p, 0, "PI: no %s on %.2s to take off",
                                fam->pieces[k].csa, d + p);
            c->setup.board[sq] = 0;
        }
        return BG_OK;
    }
    if (e >= i + 2 && d[i + 1] >= '1' && d[i + 1] <= '9') {
        int row = d[i + 1] - '0';
        if (row > height)
            return kif_fail(&c->k, BG_E_PARSE, i, 0, "P%d: the board has %d ranks", row, height);
        if (c->have_pi)
            return kif_fail(&c->k, BG_E_PARSE, i, 0, "P%d after PI", row);
        c->have_rows = 1;
        for (int f = 0; f < size; f++) {
            size_t p = i + 2 + 3 * (size_t)f;
            int sq = jp_square(v, size - f, row);
            /* The last cell's trailing blank may be trimmed: " *" */
            if (p + 2 <= e && d[p] == ' ' && d[p + 1] == '*' && (p + 2 == e || d[p + 2] == ' ')) {
                c->setup.board[sq] = 0;
                continue;
            }
            int k = p + 3 <= e && (d[p] == '+' || d[p] == '-') ? csa_code(fam, d + p + 1) : 0;
            if (!k)
                return kif_fail(&c->k, BG_E_PARSE, p < e ? p : e, 0,
                                "P%d: expected ' * ' or a piece such as '+FU' for file %d", row,
                                size - f);
            c->setup.board[sq] = (unsigned char)(k | (d[p] == '-') << 7);
        }
        if (i + 2 + 3 * (size_t)size < e)
            return kif_fail(&c->k, BG_E_PARSE, i + 2 + 3 * (size_t)size, 0,
                            "P%d: more than %d squares", row, size);
        return BG_OK;
    }
    if (e >= i + 2 && (d[i + 1] == '+' || d[i + 1] == '-')) {
        const int side = d[i + 1] == '-';
        c->have_pieces = 1;
        for (size_t p = i + 2; p < e; p += 4) {
            if (p + 4 > e)
                return kif_fail(&c->k, BG_E_PARSE, p, 0, "P%c: expected a square and a piece (00FU)",
                                d[i + 1]);
            int sq = csa_square(v, d + p, 1);
            if (sq == -2 && d[p + 2] == 'A' && d[p + 3] == 'L') {
                /* The rest of the set (but kings) goes to this side's hand. */
                int totals[20], used[20] = {0};
                set_totals(c->k.rd->variant, totals);
                for (int s = 0; s < size * height; s++)
                    if (c->setup.board[s])
                        used[fam->pieces[c->setup.board[s] & 127].base]++;
                for (int h = 0; h < 2; h++)
                    for (int k = 1; k < 20; k++)
                        used[k] += c->setup.hand[h][k];
                for (int k = 1; k <= fam->nkinds && k < 20; k++)
                    if (k != fam->king && fam->pieces[k].base == k && totals[k] > used[k])
                        c->setup.hand[side][k] += (unsigned char)(totals[k] - used[k]);
                continue;
            }
            int k = sq != -1 ? csa_code(fam, d + p + 2) : 0;
            if (!k)
                return kif_fail(&c->k, BG_E_PARSE, p, 0, "P%c: expected a square and a piece (00FU)",
                                d[i + 1]);
            if (sq == -2) {
                if (fam->pieces[k].base != k || k == fam->king)
                    return kif_fail(&c->k, BG_E_PARSE, p, 0, "P%c: %s cannot be in hand", d[i + 1],
                                    fam->pieces[k].csa);
                if (c->setup.hand[side][k] < 99)
                    c->setup.hand[side][k]++;
            } else {
                c->setup.board[sq] = (unsigned char)(k | side << 7);
            }
        }
        return BG_OK;
    }
    return kif_fail(&c->k, BG_E_PARSE, i, 0, "expected PI, P1-P%d, P+ or P-", height);
}

static bg_status finish_position(csa_ctx *c, int stm, size_t at)
{
    c->position_done = 1;
    if (!c->have_pi && !c->have_rows && !c->have_pieces)
        kif_setup_from_sfen_start(&c->setup, c->k.rd->variant);
    c->setup.stm = stm;
    c->setup.ply = 1;
    char sfen[256];
    kif_setup_sfen(&c->setup, c->k.rd->variant, sfen, sizeof sfen);
    return kif_make_game(&c->k, sfen, c->have_pi || c->have_rows || c->have_pieces ? c->position_at : at);
}

static bg_status info_line(csa_ctx *c, size_t i, size_t e)
{
    const char *d = c->k.d;
    const char *key = NULL;
    size_t vs;
    char keybuf[64];
    if (d[i] == 'N') {
        if (e < i + 2 || (d[i + 1] != '+' && d[i + 1] != '-'))
            return kif_fail(&c->k, BG_E_PARSE, i, 0, "expected N+ or N- and a name");
        key = d[i + 1] == '+' ? "先手" : "後手";
        vs = i + 2;
    } else {
        size_t colon = i + 1;
        while (colon < e && d[colon] != ':')
            colon++;
        if (colon >= e || colon == i + 1 || colon - i - 1 >= sizeof keybuf)
            return kif_fail(&c->k, BG_E_PARSE, i, 0, "expected $KEY:value");
        memcpy(keybuf, d + i + 1, colon - i - 1);
        keybuf[colon - i - 1] = 0;
        key = keybuf;
        for (size_t k = 0; k < sizeof info_keys / sizeof info_keys[0]; k++)
            if (strcmp(info_keys[k].csa, keybuf) == 0)
                key = info_keys[k].tag;
        vs = colon + 1;
    }
    const char *value = kif_scratch(&c->k, vs, e);
    bg_status s = bg_game_set_tag(c->k.g, key, value);
    if (s == BG_OK || s == BG_E_NO_MEMORY)
        return s == BG_OK ? s : kif_oom(&c->k, i);
    return kif_fail(&c->k, s, i, 0, "%s: %s", key, bg_game_errmsg(c->k.g));
}

/* Tags wait for the game, which exists once the start position is known: read them again then. */
static bg_status header_tags(csa_ctx *c, size_t from, size_t to)
{
    const char *d = c->k.d;
    int first = 1;
    for (size_t i = from; i < to;) {
        size_t e = kif_line_end(d, i, to), a = i, b = e;
        kif_trim(d, &a, &b);
        /* Only the first line can be the encoding line: a comment "CSA ..." later is a comment. */
        int encoding = first && b - a >= 14 && memcmp(d + a, "'CSA encoding=", 14) == 0;
        first = first && a == b;
        if (a < b && (d[a] == 'N' || d[a] == '$')) {
            bg_status s = info_line(c, a, b);
            if (s != BG_OK)
                return s;
        } else if (a < b && d[a] == '\'' && !encoding) {
            bg_status s = kif_add_comment(&c->k, 0, kif_scratch(&c->k, a + 1, b), a);
            if (s != BG_OK)
                return s;
        }
        i = e < to ? e + 1 : to;
    }
    return BG_OK;
}

static bg_status time_statement(csa_ctx *c, size_t i, size_t e)
{
    const char *d = c->k.d;
    long sec = 0;
    int ms = 0;
    size_t p = i + 1;
    if (p >= e || d[p] < '0' || d[p] > '9')
        return kif_fail(&c->k, BG_E_PARSE, i, 0, "expected a time in seconds after T");
    while (p < e && d[p] >= '0' && d[p] <= '9') {
        if (sec < 100000000)
            sec = sec * 10 + (d[p] - '0');
        p++;
    }
    if (p < e && d[p] == '.') {
        p++;
        for (int k = 0; k < 3; k++)
            ms = ms * 10 + (p < e && d[p] >= '0' && d[p] <= '9' ? d[p++] - '0' : 0);
        while (p < e && d[p] >= '0' && d[p] <= '9')
            p++;
    }
    if (p != e)
        return kif_fail(&c->k, BG_E_PARSE, p, 0, "unexpected '%c' in a time", d[p]);
    /* The ending's time is its own (%TORYO,T70 or %TORYO then T70): the last move keeps its time. */
    if (c->ended)
        return kif_set_ending_time(&c->k, sec, ms, i);
    int ply = bg_game_ply_count(c->k.g);
    if (ply == 0 || c->fouled)
        return BG_OK; /* no move to belong to (before the first move, or the dropped illegal one's) */
    return kif_set_time(&c->k, ply, sec, ms, i);
}

static int is_word(const char *w, size_t n, const char *word)
{
    return strlen(word) == n && memcmp(w, word, n) == 0;
}

/* Whether an ending (after '%', or after '#' for a server line) records a foul. */
static int is_foul(const char *w, size_t n, int server)
{
    if (is_word(w, n, "ILLEGAL_MOVE"))
        return 1;
    if (server)
        return is_word(w, n, "ILLEGAL_ACTION");
    return is_word(w, n, "+ILLEGAL_ACTION") || is_word(w, n, "-ILLEGAL_ACTION");
}

/*
** Whether the record goes on to say that a foul ended the game: the first ending after `from`
** (a '%' statement, or in lenient mode a server line) is %ILLEGAL_MOVE, %+ILLEGAL_ACTION,
** %-ILLEGAL_ACTION or #ILLEGAL_MOVE. Moves, times and comments before it are looked through.
*/
static int foul_follows(const csa_ctx *c, size_t from)
{
    const char *d = c->k.d;
    for (size_t i = from; i < c->k.end;) {
        size_t e = kif_line_end(d, i, c->k.end), a = i, b = e;
        kif_trim(d, &a, &b);
        for (size_t p = a; p < b;) {
            size_t q = p;
            while (q < b && d[q] != ',')
                q++;
            size_t sa = p, sb = q;
            kif_trim(d, &sa, &sb);
            if (sa < sb && d[sa] == '\'')
                break; /* a comment, to the end of the line */
            if (sa < sb && (d[sa] == '%' || (d[sa] == '#' && c->lenient)))
                return is_foul(d + sa + 1, sb - sa - 1, d[sa] == '#');
            p = q + 1;
        }
        i = e < c->k.end ? e + 1 : c->k.end;
    }
    return 0;
}

static bg_status move_statement(csa_ctx *c, size_t i, size_t e)
{
    const int ply = bg_game_ply_count(c->k.g) + 1;
    const char *text = kif_scratch(&c->k, i, e);
    if (c->ended)
        return kif_fail(&c->k, BG_E_PARSE, i, ply, "move '%s' after the ending", text);
    if (c->fouled)
        return BG_OK;
    bg_move m;
    bg_error e2 = BG_ERROR_INIT;
    bg_status s = bgi_csa_parse(bg_game_position(c->k.g), text, 0, &m, &e2);
    if (s == BG_E_ILLEGAL_MOVE && foul_follows(c, e)) {
        /* The record itself says the game was lost by this foul: keep the legal moves. */
        c->fouled = 1;
        return kif_keep_illegal(&c->k, text, i);
    }
    if (s != BG_OK)
        return kif_fail(&c->k, s, i + e2.offset, ply, "%s", e2.message);
    return kif_play(&c->k, m, i, text);
}

/*
** Lines of a CSA server's game log (CSA server protocol 1.2, section "Moves and actions"), read
** in lenient mode: the reason after the move ("#RESIGN", "#TIME_UP", ...) is the ending when the
** record gave no '%' ending (else it only repeats it), 81Dojo's "#SENTE_WIN" / "#GOTE_WIN" name
** the winner of a game without a result; "#WIN" / "#LOSE" / "#DRAW" / "#CENSORED" are the log
** owner's result from a side the log does not name, and are not kept.
*/
static bg_status server_line(csa_ctx *c, size_t a, size_t b)
{
    /* The line, the ending it gives (NULL: none), the winner it names (-1: none). */
    static const struct {
        const char *line, *ending;
        int winner;
    } lines[] = {
        {"RESIGN", "TORYO", -1},          {"TIME_UP", "TIME_UP", -1},
        {"ILLEGAL_MOVE", "ILLEGAL_MOVE", -1}, {"SENNICHITE", "SENNICHITE", -1},
        {"OUTE_SENNICHITE", "SENNICHITE", -1}, {"JISHOGI", "KACHI", -1},
        {"MAX_MOVES", "MAX_MOVES", -1},   {"CHUDAN", "CHUDAN", -1},
        {"ILLEGAL_ACTION", NULL, -1},     {"WIN", NULL, -1},
        {"LOSE", NULL, -1},               {"DRAW", NULL, -1},
        {"CENSORED", NULL, -1},           {"SENTE_WIN", NULL, 0},
        {"GOTE_WIN", NULL, 1},
    };
    const char *d = c->k.d;
    if (!c->lenient)
        return kif_fail(&c->k, BG_E_PARSE, a, bg_game_ply_count(c->k.g) + 1,
                        "'%.*s' is a CSA server line, not part of a record (lenient mode reads it)",
                        (int)(b - a > 40 ? 40 : b - a), d + a);
    for (size_t k = 0; k < sizeof lines / sizeof lines[0]; k++) {
        if (!is_word(d + a + 1, b - a - 1, lines[k].line))
            continue;
        const char *ending = lines[k].ending;
        /* An illegal action of a side the line does not name: the dropped illegal move's. */
        if (!ending && c->fouled && is_word(d + a + 1, b - a - 1, "ILLEGAL_ACTION"))
            ending = "ILLEGAL_MOVE";
        if (ending) {
            if (c->ended)
                return BG_OK;
            c->ended = 1;
            return kif_apply_ending(&c->k, ending, a);
        }
        if (lines[k].winner < 0 || bgi_game_over(c->k.g))
            return BG_OK;
        /* A result named without its reason: the loser resigned (as kif_apply_ending keeps losses). */
        c->ended = 1;
        bg_status s = bg_game_resign(c->k.g, !lines[k].winner);
        return s == BG_E_NO_MEMORY ? kif_oom(&c->k, a) : BG_OK;
    }
    return kif_fail(&c->k, BG_E_PARSE, a, bg_game_ply_count(c->k.g) + 1,
                    "unknown CSA server line '%.*s'", (int)(b - a > 40 ? 40 : b - a), d + a);
}

/*
** 81Dojo's CSA ("V2" logs): "To_Move:+" repeats the side to move of the '+' / '-' line, and
** "I+*1040,124,x2|81WS" lines carry the players' ratings; read (and skipped) in lenient mode.
*/
static int dojo_header(const char *d, size_t a, size_t b)
{
    if (b - a >= 8 && memcmp(d + a, "To_Move:", 8) == 0)
        return 1;
    return b - a >= 2 && d[a] == 'I' && (d[a + 1] == '+' || d[a + 1] == '-');
}

static bg_status ending_statement(csa_ctx *c, size_t i, size_t e)
{
    const char *d = c->k.d;
    const kif_ending *end = kif_ending_by_csa(d + i + 1, e - i - 1);
    if (!end)
        return kif_fail(&c->k, BG_E_PARSE, i, 0, "unknown CSA ending '%.*s'", (int)(e - i), d + i);
    if (c->ended) {
        /*
        ** shogi-server logs echo a declaration: the player's "%KACHI,'* -5000 win" and its time,
        ** then the server's "%KACHI". The same ending again says nothing new.
        */
        const char *tag = bg_game_tag(c->k.g, KIF_TERMINATION_TAG);
        if (tag && strcmp(tag, end->csa) == 0)
            return BG_OK;
        return kif_fail(&c->k, BG_E_PARSE, i, 0, "a second ending '%.*s'", (int)(e - i), d + i);
    }
    c->ended = 1;
    return kif_apply_ending(&c->k, end->csa, i);
}

/*
** Statements separated by commas: "+7776FU,T12". A comment may follow a comma and runs to the end
** of the line (servers write "%KACHI,'* -5000 win"; the 2005 CSA tournament logs pad statements:
** "+7776FU  ,T0       ,'T0      ,'7776   ,'   1手目  ▲7六歩").
*/
static bg_status statements(csa_ctx *c, size_t a, size_t b)
{
    const char *d = c->k.d;
    bg_status s = BG_OK;
    for (size_t p = a; p < b && s == BG_OK;) {
        size_t q = p;
        while (q < b && d[q] != ',')
            q++;
        size_t sa = p, sb = q;
        kif_trim(d, &sa, &sb);
        if (sa < sb) {
            if (d[sa] == '\'') {
                size_t ca = sa + 1, cb = b;
                kif_trim(d, &ca, &cb);
                return kif_add_comment(&c->k, bg_game_ply_count(c->k.g), kif_scratch(&c->k, ca, cb), sa);
            }
            if (d[sa] == '+' || d[sa] == '-')
                s = move_statement(c, sa, sb);
            else if (d[sa] == 'T')
                s = time_statement(c, sa, sb);
            else if (d[sa] == '%')
                s = ending_statement(c, sa, sb);
            else
                s = kif_fail(&c->k, BG_E_PARSE, sa, bg_game_ply_count(c->k.g) + 1,
                             "expected a move (+7776FU), a time (T12), an ending (%%TORYO) or a comment");
        }
        p = q + 1;
    }
    return s;
}

static bg_status read_game(csa_ctx *c)
{
    const char *d = c->k.d;
    const size_t end = c->k.end;
    size_t header_from = c->k.start;
    for (size_t i = c->k.start; i < end;) {
        size_t e = kif_line_end(d, i, end), a = i, b = e;
        kif_trim(d, &a, &b);
        size_t next = e < end ? e + 1 : end;
        bg_status s = BG_OK;
        if (a == b) {
            i = next;
            continue;
        }
        if (!c->position_done) {
            char ch = d[a];
            if (ch == '\'' || ch == 'N' || ch == '$' || (ch == 'V' && b > a + 1 && d[a + 1] >= '0' &&
                                                          d[a + 1] <= '9')) {
                i = next;
                continue;
            }
            if (dojo_header(d, a, b)) {
                if (!c->lenient)
                    return kif_fail(&c->k, BG_E_PARSE, a, 0,
                                    "'%.*s' is an 81Dojo header line (lenient mode reads it)",
                                    (int)(b - a > 40 ? 40 : b - a), d + a);
                i = next;
                continue;
            }
            if (ch == 'P') {
                s = position_line(c, a, b);
                if (s != BG_OK)
                    return s;
                i = next;
                continue;
            }
            if ((ch == '+' || ch == '-') && b == a + 1) {
                s = finish_position(c, ch == '-', a);
                if (s == BG_OK)
                    s = header_tags(c, header_from, i);
                if (s != BG_OK)
                    return s;
                i = next;
                continue;
            }
            if (ch == '+' || ch == '-' || ch == '%' || ch == 'T') {
                /* No turn line: the side of the first move decides (lenient, as real files need). */
                s = finish_position(c, ch == '-', a);
                if (s == BG_OK)
                    s = header_tags(c, header_from, i);
                if (s != BG_OK)
                    return s;
            } else {
                return kif_fail(&c->k, BG_E_PARSE, a, 0,
                                "expected a CSA header line (V, N, $, P, ' or the side to move)");
            }
        }
        if (d[a] == '\'') {
            s = kif_add_comment(&c->k, bg_game_ply_count(c->k.g), kif_scratch(&c->k, a + 1, b), a);
        } else if (d[a] == 'N' || d[a] == '$') {
            s = info_line(c, a, b);
        } else if (d[a] == '#') {
            s = server_line(c, a, b);
        } else {
            s = statements(c, a, b);
        }
        if (s != BG_OK)
            return s;
        i = next;
    }
    if (!c->position_done) {
        bg_status s = finish_position(c, c->setup.stm, c->k.start);
        if (s == BG_OK)
            s = header_tags(c, header_from, end);
        return s;
    }
    return BG_OK;
}

bg_status bgi_csa_read_next(bg_record_reader *rd, bg_game **game, bg_error *err)
{
    csa_ctx c;
    memset(&c, 0, sizeof c);
    bg_status s = kif_begin_game(&c.k, rd, err);
    if (s != BG_OK)
        return s;
    c.lenient = (rd->flags & BG_RECORD_LENIENT) != 0;
    size_t next;
    c.k.end = game_end(rd->data, rd->pos, rd->len, &next);
    s = kif_scratch_new(&c.k);
    if (s == BG_OK)
        s = read_game(&c);
    if (s == BG_OK)
        s = kif_flush_comment(&c.k);
    return kif_end_game(&c.k, next, s, game);
}
