/*
** libboardgames — KIF and KI2 import: header lines (key：value) as tags, 手合割 handicaps, the BOD
** board with hands and 後手番, numbered KIF moves with ( m:ss/h:mm:ss) times or KI2's ▲７六歩
** △同　歩 runs, * comments, terminal words (投了, 中断, 千日手 ...), the まで summary line, and
** 変化：N手 variation blocks kept as text (nested ones in parentheses after the move they replace).
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kif.h"

/* A token of a variation: the move text in the data, the variation it belongs to, its ply. */
typedef struct vtok {
    size_t at;
    uint32_t len;
    int var, ply;
} vtok;

/*
** A variation block: its parent (-1 = the main line), the ply it replaces, its last ply, its
** tokens (contiguous: a block's moves follow its 変化 line) and the offset of that line.
*/
typedef struct vnode {
    int parent, start, last;
    int tok_first, tok_count;
    size_t at;
} vnode;

/* Blocks sorted by parent, then the ply they replace, then file order. */
typedef struct vkid {
    int parent, start, index;
} vkid;

typedef struct kif_ctx {
    krec k;
    int ki2;
    kif_setup setup;
    int have_board, board_row, have_stm;
    const char *handicap;
    size_t handicap_at;
    int first_number; /* KIF number of ply 1, 0 = not known yet */
    int prev_to;
    int ended;
    int cur;          /* variation being read, -1 = the main line */
    vnode *nodes;
    int nnodes, cap_nodes;
    vtok *toks;
    int ntoks, cap_toks;
} kif_ctx;

static int starts(const char *p, const char *end, const char *w)
{
    size_t l = strlen(w);
    return (size_t)(end - p) >= l && memcmp(p, w, l) == 0;
}

/* The key of a header line "key：value" (or "key:value"): key end and value start, 0 if none. */
static int header_split(const char *d, size_t a, size_t b, size_t *ke, size_t *vs)
{
    for (size_t i = a; i < b; i++) {
        if (starts(d + i, d + b, "：")) {
            *ke = i;
            *vs = i + 3;
            return i > a;
        }
        if (d[i] == ':') {
            *ke = i;
            *vs = i + 1;
            return i > a;
        }
    }
    return 0;
}

static int is_mark(const char *p, const char *end)
{
    return starts(p, end, "▲") || starts(p, end, "△") || starts(p, end, "☗") ||
           starts(p, end, "☖") || starts(p, end, "▽") || starts(p, end, "▼");
}

/* Kinds of lines. */
enum { L_BLANK, L_SKIP, L_HEADER, L_BOARD, L_STM, L_COMMENT, L_MOVE, L_VARIATION, L_SUMMARY, L_OTHER };

static int classify(const kif_ctx *c, size_t a, size_t b)
{
    const char *d = c->k.d, *end = d + b, *p = d + a;
    size_t ke, vs;
    if (a == b)
        return L_BLANK;
    if (*p == '#' || *p == '&' || starts(p, end, "手数----") || starts(p, end, "手数－"))
        return L_SKIP;
    if (*p == '*')
        return L_COMMENT;
    if (starts(p, end, "変化：") || starts(p, end, "変化:"))
        return L_VARIATION;
    if (starts(p, end, "まで"))
        return L_SUMMARY;
    if (*p == '|' || *p == '+')
        return L_BOARD;
    /* The file numbers over a board start with its width in a full-width digit (９ ... ４). */
    for (int d = 1; d <= 9; d++)
        if (starts(p, end, jp_fullwidth_digit(d)))
            return L_BOARD;
    if (starts(p, end, "先手番") || starts(p, end, "後手番") || starts(p, end, "下手番") ||
        starts(p, end, "上手番"))
        return L_STM;
    if (!c->ki2 && *p >= '0' && *p <= '9')
        return L_MOVE;
    if (c->ki2 && is_mark(p, end))
        return L_MOVE;
    if (starts(p, end, "手数＝") || starts(p, end, "手数="))
        return L_SKIP;
    if (header_split(d, a, b, &ke, &vs))
        return L_HEADER;
    return L_OTHER;
}

/* End of the game at `start`: a header line after some move starts the next game. */
static size_t game_end(kif_ctx *c, size_t start, size_t len)
{
    int moves = 0;
    for (size_t i = start; i < len;) {
        size_t e = kif_line_end(c->k.d, i, len), a = i, b = e;
        kif_trim(c->k.d, &a, &b);
        int t = classify(c, a, b);
        if (moves && t == L_HEADER)
            return i;
        if (t == L_MOVE || t == L_SUMMARY)
            moves = 1;
        i = e < len ? e + 1 : len;
    }
    return len;
}

/* ---------- the start position ---------- */

static bg_status hand_line(kif_ctx *c, int side, size_t vs, size_t b)
{
    const char *d = c->k.d;
    const jp_family *fam = c->k.fam;
    size_t i = vs;
    kif_trim(d, &i, &b);
    if (starts(d + i, d + b, "なし") && i + 6 == b)
        return BG_OK;
    while (i < b) {
        size_t n = 0;
        int best = 0;
        size_t bl = 0;
        for (int k = 1; k <= fam->nkinds; k++) {
            const char *names[3] = {fam->pieces[k].name, fam->pieces[k].kif, fam->pieces[k].bod};
            for (int j = 0; j < 3; j++)
                if (strlen(names[j]) > bl && starts(d + i, d + b, names[j]))
                    best = k, bl = strlen(names[j]);
        }
        if (!best || fam->pieces[best].base != best || best == fam->king)
            return kif_fail(&c->k, BG_E_PARSE, i, 0, "expected a piece that can be in hand");
        i += bl;
        int count = i < b ? jp_read_number(d + i, &n) : 0;
        if (count)
            i += n;
        else
            count = 1;
        c->setup.hand[side][best] = (unsigned char)(c->setup.hand[side][best] + count);
        while (i < b && (d[i] == ' ' || d[i] == '\t' || starts(d + i, d + b, "　") ||
                         starts(d + i, d + b, "、")))
            i += d[i] == ' ' || d[i] == '\t' ? 1 : 3;
    }
    c->have_board = 1;
    return BG_OK;
}

static bg_status board_line(kif_ctx *c, size_t a, size_t b)
{
    const char *d = c->k.d;
    const jp_family *fam = c->k.fam;
    const bg_variant *v = c->k.rd->variant;
    const int size = v->width;
    if (d[a] != '|')
        return BG_OK; /* the file numbers and the frame */
    if (c->board_row >= v->height)
        return kif_fail(&c->k, BG_E_PARSE, a, 0, "board: more than %d ranks", v->height);
    size_t i = a + 1;
    for (int f = 0; f < size; f++) {
        int side = 0;
        if (i < b && (d[i] == ' ' || d[i] == 'v' || d[i] == '^')) {
            side = d[i] == 'v';
            i++;
        }
        size_t n = 0;
        int sq = jp_square(v, size - f, c->board_row + 1);
        if (starts(d + i, d + b, "・")) {
            c->setup.board[sq] = 0;
            i += 3;
            continue;
        }
        int k = kif_bod_kind(fam, d + i, b - i, &n);
        if (!k)
            return kif_fail(&c->k, BG_E_PARSE, i, 0, "board: expected a piece or ・ for file %d",
                            size - f);
        c->setup.board[sq] = (unsigned char)(k | side << 7);
        i += n;
    }
    if (i >= b || d[i] != '|')
        return kif_fail(&c->k, BG_E_PARSE, i, 0, "board: expected '|' after %d squares", size);
    c->board_row++;
    c->have_board = 1;
    return BG_OK;
}

/* First pass over the header: everything that decides the start position. */
static bg_status header_position(kif_ctx *c, size_t from, size_t to)
{
    const char *d = c->k.d;
    for (size_t i = from; i < to;) {
        size_t e = kif_line_end(d, i, to), a = i, b = e, ke, vs;
        kif_trim(d, &a, &b);
        int t = classify(c, a, b);
        bg_status s = BG_OK;
        if (t == L_BOARD) {
            s = board_line(c, a, b);
        } else if (t == L_SKIP && (starts(d + a, d + b, "手数＝") || starts(d + a, d + b, "手数="))) {
            size_t p = a + (starts(d + a, d + b, "手数＝") ? 9 : 7);
            long num = 0;
            while (p < b && d[p] >= '0' && d[p] <= '9' && num < 100000000)
                num = num * 10 + (d[p++] - '0');
            c->setup.ply = (int)num + 1;
        } else if (t == L_STM) {
            c->setup.stm = starts(d + a, d + b, "後手番") || starts(d + a, d + b, "上手番");
            c->have_stm = 1;
        } else if (t == L_HEADER && header_split(d, a, b, &ke, &vs)) {
            const char *key = kif_scratch(&c->k, a, ke);
            if (strcmp(key, "先手の持駒") == 0 || strcmp(key, "下手の持駒") == 0)
                s = hand_line(c, 0, vs, b);
            else if (strcmp(key, "後手の持駒") == 0 || strcmp(key, "上手の持駒") == 0)
                s = hand_line(c, 1, vs, b);
            else if (strcmp(key, "手合割") == 0) {
                size_t va = vs, vb = b;
                kif_trim(d, &va, &vb);
                const char *name = kif_scratch(&c->k, va, vb);
                c->handicap = kif_handicap_sfen(c->k.rd->variant, name);
                c->handicap_at = a;
                if (!c->handicap && strcmp(name, "その他") != 0)
                    s = kif_fail(&c->k, BG_E_PARSE, va, 0, "unknown 手合割 '%s' for %s", name,
                                 c->k.rd->variant->id);
            }
        } else if (t == L_OTHER) {
            s = kif_fail(&c->k, BG_E_PARSE, a, 0, "unexpected line '%s'",
                         kif_scratch(&c->k, a, b - a > 40 ? a + 40 : b));
        }
        if (s != BG_OK)
            return s;
        i = e < to ? e + 1 : to;
    }
    return BG_OK;
}

/* Second pass, once the game exists: tags and the comment before the first move. */
static bg_status header_tags(kif_ctx *c, size_t from, size_t to)
{
    const char *d = c->k.d;
    for (size_t i = from; i < to;) {
        size_t e = kif_line_end(d, i, to), a = i, b = e, ke, vs;
        kif_trim(d, &a, &b);
        int t = classify(c, a, b);
        bg_status s = BG_OK;
        if (t == L_HEADER && header_split(d, a, b, &ke, &vs)) {
            size_t va = vs, vb = b;
            kif_trim(d, &va, &vb);
            char key[256];
            size_t kl = ke - a < sizeof key - 1 ? ke - a : sizeof key - 1;
            /* A long key is cut at a character boundary: the tag must stay UTF-8. */
            while (kl < ke - a && kl > 0 && ((unsigned char)d[a + kl] & 0xc0) == 0x80)
                kl--;
            memcpy(key, d + a, kl);
            key[kl] = 0;
            /* Hands are part of the board; 手合割 is written again from the start position. */
            if (!strstr(key, "の持駒") && strcmp(key, "手合割") != 0) {
                s = bg_game_set_tag(c->k.g, key, kif_scratch(&c->k, va, vb));
                if (s == BG_E_NO_MEMORY)
                    s = kif_oom(&c->k, a);
                else if (s != BG_OK)
                    s = kif_fail(&c->k, s, a, 0, "header %s: %s", key, bg_game_errmsg(c->k.g));
            }
        } else if (t == L_COMMENT) {
            s = kif_add_comment(&c->k, 0, kif_scratch(&c->k, a + 1, b), a);
        }
        if (s != BG_OK)
            return s;
        i = e < to ? e + 1 : to;
    }
    return BG_OK;
}

static bg_status make_game(kif_ctx *c, size_t header_end)
{
    if (c->have_board) {
        if (c->board_row != 0 && c->board_row != c->k.rd->variant->height)
            return kif_fail(&c->k, BG_E_PARSE, header_end, 0, "board: %d ranks, expected %d",
                            c->board_row, c->k.rd->variant->height);
        if (c->board_row == 0) {
            /* Hands without a board: the handicap's (or the variant's) board. */
            kif_setup s = c->setup;
            bg_variant tmp = *c->k.rd->variant;
            if (c->handicap)
                tmp.start_text = c->handicap;
            kif_setup_from_sfen_start(&c->setup, &tmp);
            memcpy(c->setup.hand, s.hand, sizeof s.hand);
            c->setup.ply = s.ply;
            if (c->have_stm)
                c->setup.stm = s.stm;
        }
        if (c->setup.ply < 1)
            c->setup.ply = 1;
        char sfen[256];
        kif_setup_sfen(&c->setup, c->k.rd->variant, sfen, sizeof sfen);
        return kif_make_game(&c->k, sfen, c->k.start);
    }
    if (c->handicap) {
        char sfen[256];
        snprintf(sfen, sizeof sfen, "%s", c->handicap);
        if (c->have_stm) {
            char *sp = strchr(sfen, ' ');
            if (sp)
                sp[1] = c->setup.stm ? 'w' : 'b';
        }
        return kif_make_game(&c->k, sfen, c->handicap_at);
    }
    if (c->have_stm && c->setup.stm) {
        char sfen[256];
        snprintf(sfen, sizeof sfen, "%s", c->k.rd->variant->start_text);
        char *sp = strchr(sfen, ' ');
        if (sp)
            sp[1] = 'w';
        return kif_make_game(&c->k, sfen, c->k.start);
    }
    return kif_make_game(&c->k, NULL, c->k.start);
}

/* ---------- moves ---------- */

static bg_status add_token(kif_ctx *c, size_t at, size_t len, int ply)
{
    if (c->ntoks == c->cap_toks) {
        int nc = c->cap_toks ? c->cap_toks * 2 : 64;
        vtok *t = bgi_realloc(&c->k.rd->alloc, c->toks, (size_t)c->cap_toks * sizeof *t,
                              (size_t)nc * sizeof *t);
        if (!t)
            return kif_oom(&c->k, at);
        c->toks = t;
        c->cap_toks = nc;
    }
    c->toks[c->ntoks++] = (vtok){at, (uint32_t)len, c->cur, ply};
    c->nodes[c->cur].tok_count++;
    return BG_OK;
}

/* 変化：N手 — a new block branching from the latest line that holds ply N. */
static bg_status variation_line(kif_ctx *c, size_t a, size_t b)
{
    const char *d = c->k.d;
    size_t p = a + (starts(d + a, d + b, "変化：") ? 9 : 7);
    long num = 0;
    while (p < b && d[p] == ' ')
        p++;
    size_t ds = p;
    /* As many digits as move numbers and 手数＝ take: a game may start at a large number. */
    while (p < b && d[p] >= '0' && d[p] <= '9' && num < 100000000)
        num = num * 10 + (d[p++] - '0');
    if (p == ds)
        return kif_fail(&c->k, BG_E_PARSE, ds, 0, "変化: expected a move number");
    if (c->first_number == 0)
        c->first_number = 1;
    int ply = (int)(num - c->first_number + 1);
    int main_last = bg_game_ply_count(c->k.g);
    if (c->nnodes >= 1000000)
        return kif_fail(&c->k, BG_E_LIMIT, a, 0, "too many variations");
    for (;;) {
        if (c->cur < 0) {
            if (ply < 1 || ply > main_last + 1)
                return kif_fail(&c->k, BG_E_PARSE, a, 0,
                                "変化：%ld手 does not branch from the moves before it", num);
            break;
        }
        vnode *v = &c->nodes[c->cur];
        if (v->start < ply && ply <= v->last + 1)
            break;
        c->cur = v->parent;
    }
    if (c->nnodes == c->cap_nodes) {
        int nc = c->cap_nodes ? c->cap_nodes * 2 : 8;
        vnode *n = bgi_realloc(&c->k.rd->alloc, c->nodes, (size_t)c->cap_nodes * sizeof *n,
                               (size_t)nc * sizeof *n);
        if (!n)
            return kif_oom(&c->k, a);
        c->nodes = n;
        c->cap_nodes = nc;
    }
    int depth = 0;
    for (int v = c->cur; v >= 0; v = c->nodes[v].parent)
        depth++;
    if (depth >= BG_RECORD_MAX_VARIATION_DEPTH)
        return kif_fail(&c->k, BG_E_LIMIT, a, 0, "variations nested deeper than %d",
                        BG_RECORD_MAX_VARIATION_DEPTH);
    c->nodes[c->nnodes] = (vnode){c->cur, ply, ply - 1, c->ntoks, 0, a};
    c->cur = c->nnodes++;
    c->ended = 0;
    return BG_OK;
}

static int time_of(const char *d, size_t i, size_t b, long *sec)
{
    /* "( 0:16/00:00:16)": the first part is the move's time. */
    size_t p = i + 1;
    long part = 0, total = 0;
    int digits = 0;
    while (p < b && d[p] == ' ')
        p++;
    for (; p < b && d[p] != '/' && d[p] != ')'; p++) {
        if (d[p] >= '0' && d[p] <= '9') {
            if (part < 100000000)
                part = part * 10 + (d[p] - '0');
            digits = 1;
        } else if (d[p] == ':') {
            if (total > 100000000) /* "1:2:3:..." without end is no time (and would overflow) */
                return 0;
            total = total * 60 + part;
            part = 0;
        } else if (d[p] != ' ') {
            return 0;
        }
    }
    if (!digits || p >= b)
        return 0;
    *sec = total * 60 + part;
    return 1;
}

static bg_status play_text(kif_ctx *c, size_t at, size_t len, int style)
{
    const int ply = bg_game_ply_count(c->k.g) + 1;
    bg_move m;
    bg_error e = BG_ERROR_INIT;
    bg_status s = jp_read(bg_game_position(c->k.g), c->k.d + at, len, style, BG_PARSE_LENIENT,
                          c->prev_to, &m, &e);
    if (s != BG_OK)
        return kif_fail(&c->k, s, at + e.offset, ply, "%s", e.message);
    s = kif_play(&c->k, m, at, kif_scratch(&c->k, at, at + len));
    if (s == BG_OK)
        c->prev_to = BG_MOVE_TO(m);
    return s;
}

/*
** A terminal word: BG_E_PARSE if `at` holds none. With `apply` the ending is recorded; without,
** only recognised (a variation's last line).
*/
static bg_status ending_word(kif_ctx *c, size_t at, size_t len, int apply)
{
    const char *w = c->k.d + at;
    const kif_ending *e = kif_ending_by_kif(w, len);
    const char *csa = e ? e->csa : NULL;
    int stm = bg_position_side_to_move(bg_game_position(c->k.g));
    if (!e && len == 12 && memcmp(w, "反則勝ち", 12) == 0)
        csa = stm ? "+ILLEGAL_ACTION" : "-ILLEGAL_ACTION";
    else if (!e && len == 12 && memcmp(w, "時間切れ", 12) == 0)
        csa = "TIME_UP";
    if (!csa) {
        static const char *const quiet[] = {"不戦勝", "不戦敗", "封じ手", "トライ"};
        for (size_t i = 0; i < sizeof quiet / sizeof quiet[0]; i++)
            if (strlen(quiet[i]) == len && memcmp(w, quiet[i], len) == 0)
                return BG_OK;
        return BG_E_PARSE;
    }
    if (!apply)
        return BG_OK;
    c->ended = 1;
    return kif_apply_ending(&c->k, csa, at);
}

/* A KIF move line: number, move or terminal word, optional time, optional '+'. */
static bg_status kif_move_line(kif_ctx *c, size_t a, size_t b)
{
    const char *d = c->k.d;
    size_t p = a;
    long num = 0;
    while (p < b && d[p] >= '0' && d[p] <= '9' && num < 100000000)
        num = num * 10 + (d[p++] - '0');
    while (p < b && (d[p] == ' ' || d[p] == '\t' || starts(d + p, d + b, "　")))
        p += d[p] == ' ' || d[p] == '\t' ? 1 : 3;
    /* The move: up to a blank, or to a '(' that does not hold an origin (77). */
    size_t ms = p;
    while (p < b && d[p] != ' ' && d[p] != '\t') {
        if (d[p] == '(') {
            if (p + 3 < b && d[p + 1] >= '1' && d[p + 1] <= '9' && d[p + 2] >= '1' &&
                d[p + 2] <= '9' && d[p + 3] == ')') {
                p += 4;
                break;
            }
            break;
        }
        p++;
    }
    /* "同 歩": a half-width blank after 同. */
    if (p - ms == 3 && memcmp(d + ms, "同", 3) == 0 && p < b) {
        while (p < b && (d[p] == ' ' || d[p] == '\t'))
            p++;
        while (p < b && d[p] != ' ' && d[p] != '\t' && !(d[p] == '(' && p + 3 < b && d[p + 3] != ')'))
            p++;
    }
    size_t me = p;
    /* The branch mark of an untimed line sticks to a move without origin: "５五鷹打+". */
    while (me > ms && d[me - 1] == '+')
        me--;
    if (me == ms)
        return kif_fail(&c->k, BG_E_PARSE, ms, 0, "expected a move after the move number");
    long sec = -1;
    while (p < b && (d[p] == ' ' || d[p] == '\t'))
        p++;
    if (p < b && d[p] == '(') {
        long t;
        if (time_of(d, p, b, &t))
            sec = t;
        while (p < b && d[p] != ')')
            p++;
        if (p < b)
            p++;
    }
    while (p < b && (d[p] == ' ' || d[p] == '\t' || d[p] == '+'))
        p++;
    if (p < b)
        return kif_fail(&c->k, BG_E_PARSE, p, 0, "unexpected text after the move");

    bg_status s;
    if (c->cur >= 0) {
        /* A variation's moves are kept as text; a terminal word ends its block. */
        int ply = c->nodes[c->cur].last + 1;
        int terminal = ending_word(c, ms, me - ms, 0) == BG_OK;
        s = add_token(c, ms, me - ms, ply);
        if (s == BG_OK && !terminal)
            c->nodes[c->cur].last = ply;
        return s;
    }
    s = ending_word(c, ms, me - ms, 1);
    if (s != BG_E_PARSE)
        return s;
    const int ply = bg_game_ply_count(c->k.g) + 1;
    if (c->ended)
        return kif_fail(&c->k, BG_E_PARSE, ms, ply, "move after the end of the game");
    if (c->first_number == 0)
        c->first_number = (int)num;
    if (num != c->first_number + ply - 1)
        return kif_fail(&c->k, BG_E_PARSE, a, ply, "move number %ld, expected %d", num,
                        c->first_number + ply - 1);
    s = play_text(c, ms, me - ms, JP_KIF);
    if (s == BG_OK && sec >= 0)
        s = kif_set_time(&c->k, ply, sec, 0, ms);
    return s;
}

/* A KI2 line: moves, each starting with its side mark. */
static bg_status ki2_move_line(kif_ctx *c, size_t a, size_t b)
{
    const char *d = c->k.d;
    size_t p = a;
    while (p < b) {
        if (!is_mark(d + p, d + b))
            return kif_fail(&c->k, BG_E_PARSE, p, 0, "expected ▲ or △ before a move");
        size_t q = p + 3;
        while (q < b && !is_mark(d + q, d + b))
            q++;
        size_t ta = p, tb = q;
        kif_trim(d, &ta, &tb);
        bg_status s;
        if (c->cur >= 0) {
            int ply = c->nodes[c->cur].last + 1;
            s = add_token(c, ta, tb - ta, ply);
            if (s == BG_OK)
                c->nodes[c->cur].last = ply;
        } else {
            if (c->ended)
                return kif_fail(&c->k, BG_E_PARSE, ta, bg_game_ply_count(c->k.g) + 1,
                                "move after the end of the game");
            s = play_text(c, ta, tb - ta, JP_KI2);
        }
        if (s != BG_OK)
            return s;
        p = q;
    }
    return BG_OK;
}

/* まで64手で後手の勝ち / まで63手で中断 / ... : the ending when no terminal word gave one. */
static bg_status summary_line(kif_ctx *c, size_t a, size_t b)
{
    if (c->cur >= 0 || c->ended)
        return BG_OK;
    const char *d = c->k.d, *end = d + b;
    const char *text = kif_scratch(&c->k, a, b);
    const int stm = bg_position_side_to_move(bg_game_position(c->k.g));
    const char *csa = NULL;
    (void)end;
    if (strstr(text, "中断"))
        csa = "CHUDAN";
    else if (strstr(text, "千日手"))
        csa = "SENNICHITE";
    else if (strstr(text, "持将棋"))
        csa = "JISHOGI";
    else if (strstr(text, "詰"))
        csa = "TSUMI";
    else if (strstr(text, "時間切れ") || strstr(text, "切れ負け"))
        csa = "TIME_UP";
    else if (strstr(text, "入玉"))
        csa = "KACHI";
    else if (strstr(text, "勝ち")) {
        int winner = strstr(text, "後手の") || strstr(text, "上手の") ? 1 : 0;
        if (strstr(text, "反則"))
            csa = winner == stm ? (stm ? "+ILLEGAL_ACTION" : "-ILLEGAL_ACTION") : "ILLEGAL_MOVE";
        else
            csa = winner != stm ? "TORYO" : (stm ? "+ILLEGAL_ACTION" : "-ILLEGAL_ACTION");
    }
    if (!csa)
        return BG_OK;
    c->ended = 1;
    return kif_apply_ending(&c->k, csa, a);
}

static bg_status read_moves(kif_ctx *c, size_t from, size_t to)
{
    const char *d = c->k.d;
    for (size_t i = from; i < to;) {
        size_t e = kif_line_end(d, i, to), a = i, b = e;
        kif_trim(d, &a, &b);
        int t = classify(c, a, b);
        bg_status s = BG_OK;
        switch (t) {
        case L_MOVE: s = c->ki2 ? ki2_move_line(c, a, b) : kif_move_line(c, a, b); break;
        case L_COMMENT:
            /* Comments inside variations are not kept. */
            if (c->cur < 0)
                s = kif_add_comment(&c->k, bg_game_ply_count(c->k.g), kif_scratch(&c->k, a + 1, b), a);
            break;
        case L_VARIATION: s = variation_line(c, a, b); break;
        case L_SUMMARY: s = summary_line(c, a, b); break;
        case L_BLANK:
        case L_SKIP: break;
        default:
            s = kif_fail(&c->k, BG_E_PARSE, a, bg_game_ply_count(c->k.g) + 1,
                         "expected a move, a comment or 変化, got '%s'",
                         kif_scratch(&c->k, a, b - a > 40 ? a + 40 : b));
        }
        if (s != BG_OK)
            return s;
        i = e < to ? e + 1 : to;
    }
    return BG_OK;
}

/* ---------- variations as text ---------- */

/* The blocks in output order: kids[first[p + 1] .. first[p + 2]) are the children of p. */
typedef struct vtree {
    vkid *kids;
    int *first;
} vtree;

static int kid_order(const void *a, const void *b)
{
    const vkid *x = a, *y = b;
    if (x->parent != y->parent)
        return x->parent < y->parent ? -1 : 1;
    if (x->start != y->start)
        return x->start < y->start ? -1 : 1;
    return (x->index > y->index) - (x->index < y->index);
}

/*
** Write variation v: its tokens, each followed by the blocks that replace it. A block's token
** plies never decrease and its children are sorted by ply, so one pass over both suffices
** (linear in the blocks and tokens, however many there are).
*/
static void put_variation(const kif_ctx *c, const vtree *tr, bgi_out *o, int v)
{
    const vnode *n = &c->nodes[v];
    int k = tr->first[v + 1];
    const int kend = tr->first[v + 2];
    for (int t = n->tok_first; t < n->tok_first + n->tok_count; t++) {
        const vtok *tok = &c->toks[t];
        if (t > n->tok_first)
            bgi_out_char(o, ' ');
        bgi_out_mem(o, c->k.d + tok->at, tok->len);
        while (k < kend && tr->kids[k].start < tok->ply)
            k++;
        for (int j = k; j < kend && tr->kids[j].start == tok->ply; j++) {
            bgi_out_str(o, " (");
            put_variation(c, tr, o, tr->kids[j].index);
            bgi_out_char(o, ')');
        }
    }
}

static bg_status store_tree(kif_ctx *c, const vtree *tr)
{
    for (int j = tr->first[0]; j < tr->first[1]; j++) {
        const vnode *v = &c->nodes[tr->kids[j].index];
        bgi_out o;
        bgi_out_init(&o, NULL, 0);
        put_variation(c, tr, &o, tr->kids[j].index);
        size_t n = o.len + 1;
        char *text = bgi_malloc(&c->k.rd->alloc, n);
        if (!text)
            return kif_oom(&c->k, v->at);
        bgi_out_init(&o, text, n);
        put_variation(c, tr, &o, tr->kids[j].index);
        bgi_out_finish(&o);
        bg_status s = text[0] ? bg_game_add_variation(c->k.g, v->start, text) : BG_OK;
        bgi_free(&c->k.rd->alloc, text, n);
        if (s == BG_E_NO_MEMORY)
            return kif_oom(&c->k, v->at);
        if (s != BG_OK)
            return kif_fail(&c->k, s, v->at, v->start, "cannot keep a variation: %s",
                            bg_strerror(s));
    }
    return BG_OK;
}

static bg_status store_variations(kif_ctx *c)
{
    if (!c->nnodes)
        return BG_OK;
    const bgi_alloc *a = &c->k.rd->alloc;
    const size_t nk = (size_t)c->nnodes, nf = (size_t)c->nnodes + 2;
    vtree tr = {bgi_malloc(a, nk * sizeof *tr.kids), bgi_malloc(a, nf * sizeof *tr.first)};
    bg_status s;
    if (!tr.kids || !tr.first) {
        s = kif_oom(&c->k, c->nodes[0].at);
    } else {
        for (int v = 0; v < c->nnodes; v++)
            tr.kids[v] = (vkid){c->nodes[v].parent, c->nodes[v].start, v};
        qsort(tr.kids, nk, sizeof *tr.kids, kid_order);
        /* first[p + 1] = index of the first child of p (p = -1 for the main line). */
        int j = 0;
        for (int p = -1; p <= c->nnodes; p++) {
            while (j < c->nnodes && tr.kids[j].parent < p)
                j++;
            tr.first[p + 1] = j;
        }
        s = store_tree(c, &tr);
    }
    bgi_free(a, tr.kids, nk * sizeof *tr.kids);
    bgi_free(a, tr.first, nf * sizeof *tr.first);
    return s;
}

static bg_status read_game(kif_ctx *c)
{
    const char *d = c->k.d;
    /* The header: lines up to the first move (or 変化 / まで). */
    size_t header_end = c->k.start;
    for (size_t i = c->k.start; i < c->k.end;) {
        size_t e = kif_line_end(d, i, c->k.end), a = i, b = e;
        kif_trim(d, &a, &b);
        int t = classify(c, a, b);
        if (t == L_MOVE || t == L_VARIATION || t == L_SUMMARY)
            break;
        i = e < c->k.end ? e + 1 : c->k.end;
        header_end = i;
    }
    bg_status s = header_position(c, c->k.start, header_end);
    if (s == BG_OK)
        s = make_game(c, header_end);
    if (s == BG_OK)
        s = header_tags(c, c->k.start, header_end);
    if (s == BG_OK)
        s = read_moves(c, header_end, c->k.end);
    if (s == BG_OK)
        s = kif_flush_comment(&c->k);
    if (s == BG_OK)
        s = store_variations(c);
    return s;
}

static bg_status read_next(bg_record_reader *rd, bg_game **game, bg_error *err, int ki2)
{
    kif_ctx c;
    memset(&c, 0, sizeof c);
    bg_status s = kif_begin_game(&c.k, rd, err);
    if (s != BG_OK)
        return s;
    c.ki2 = ki2;
    c.prev_to = -1;
    c.cur = -1;
    c.k.end = game_end(&c, rd->pos, rd->len);
    s = kif_scratch_new(&c.k);
    if (s == BG_OK)
        s = read_game(&c);
    bgi_free(&rd->alloc, c.nodes, (size_t)c.cap_nodes * sizeof *c.nodes);
    bgi_free(&rd->alloc, c.toks, (size_t)c.cap_toks * sizeof *c.toks);
    return kif_end_game(&c.k, c.k.end, s, game);
}

bg_status bgi_kif_read_next(bg_record_reader *rd, bg_game **game, bg_error *err)
{
    return read_next(rd, game, err, 0);
}

bg_status bgi_ki2_read_next(bg_record_reader *rd, bg_game **game, bg_error *err)
{
    return read_next(rd, game, err, 1);
}
