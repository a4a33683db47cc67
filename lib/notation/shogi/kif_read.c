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

/*
** A token of a variation: the move text in the data, the variation it belongs to, its ply, and
** whether its line carried the branch mark '+' (another block replaces it).
*/
typedef struct vtok {
    size_t at;
    uint32_t len : 31, mark : 1;
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
    int lenient;      /* BG_RECORD_LENIENT */
    int start_stm;    /* side to move of the start position */
    int fouled;       /* an illegal move was dropped: the main line's moves up to its foul are skipped */
    size_t bad_handicap; /* offset of a 手合割 value no handicap has (0 = none) */
    int any_mark;     /* some move line carries the branch mark '+' */
    unsigned char main_mark[BG_RECORD_MAX_PLIES / 8 + 2]; /* '+' on main-line ply p: bit p */
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

/* "手数----指手--": the line over the moves. */
static int moves_header(const char *p, const char *end)
{
    return starts(p, end, "手数----") || starts(p, end, "手数－");
}

static int line_class(const char *d, size_t a, size_t b, int ki2)
{
    const char *end = d + b, *p = d + a;
    size_t ke, vs;
    if (a == b)
        return L_BLANK;
    if (*p == '#' || *p == '&' || moves_header(p, end))
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
    if (!ki2 && *p >= '0' && *p <= '9')
        return L_MOVE;
    if (ki2 && is_mark(p, end))
        return L_MOVE;
    if (starts(p, end, "手数＝") || starts(p, end, "手数="))
        return L_SKIP;
    if (header_split(d, a, b, &ke, &vs))
        return L_HEADER;
    return L_OTHER;
}

static int classify(const kif_ctx *c, size_t a, size_t b)
{
    return line_class(c->k.d, a, b, c->ki2);
}

/*
** The splitter's view: headers, boards and the side to move come before a game's moves, so a
** header line after moves starts the next game; comments and unknown lines are looked through.
*/
static int line_kind(const char *p, size_t n, int ki2)
{
    size_t a = 0, b = n;
    kif_trim(p, &a, &b);
    switch (line_class(p, a, b, ki2)) {
    case L_HEADER:
    case L_BOARD:
    case L_STM:
        return BGI_LINE_HEAD;
    case L_SKIP:
        /*
        ** "#KIF version=2.0 ..." opens a file (and a game); other '#' lines are comments that may
        ** come anywhere ("#--separator--" after IS-SHOGI's moves), like '&' bookmarks.
        */
        if (p[a] == '&' || (p[a] == '#' && !starts(p + a, p + b, "#KIF") && !starts(p + a, p + b, "#KI2")))
            return BGI_LINE_NEUTRAL;
        /* "手数----指手--" heads the moves: a header after it starts the next game even when this
        ** one has no moves (problem collections of boards alone). */
        return moves_header(p + a, p + b) ? BGI_LINE_BODY : BGI_LINE_HEAD;
    case L_MOVE:
    case L_VARIATION:
    case L_SUMMARY:
        return BGI_LINE_BODY;
    default:
        return BGI_LINE_NEUTRAL;
    }
}

int bgi_kif_line_kind(const char *line, size_t len) { return line_kind(line, len, 0); }
int bgi_ki2_line_kind(const char *line, size_t len) { return line_kind(line, len, 1); }

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
        if (t == L_MOVE || t == L_SUMMARY || (t == L_SKIP && moves_header(c->k.d + a, c->k.d + b)))
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

/* A reader of one classified line [a, b) (trimmed) of kind t. */
typedef bg_status (*line_reader)(kif_ctx *c, int t, size_t a, size_t b);

/* Give each line of [from, to) to `read`, trimmed and classified; stop at its first error. */
static bg_status each_line(kif_ctx *c, size_t from, size_t to, line_reader read)
{
    const char *d = c->k.d;
    for (size_t i = from; i < to;) {
        size_t e = kif_line_end(d, i, to), a = i, b = e;
        kif_trim(d, &a, &b);
        bg_status s = read(c, classify(c, a, b), a, b);
        if (s != BG_OK)
            return s;
        i = e < to ? e + 1 : to;
    }
    return BG_OK;
}

/* A header line for the first pass: what decides the start position. */
static bg_status position_line(kif_ctx *c, int t, size_t a, size_t b)
{
    const char *d = c->k.d;
    size_t ke, vs;
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
            if (!c->handicap && c->lenient && strchr(name, '#')) {
                /* 手合割：平手#コメント2 (muzudho/kif-parser's hand-made files): a comment. */
                size_t cut = va + (size_t)(strchr(name, '#') - name);
                kif_trim(d, &va, &cut);
                name = kif_scratch(&c->k, va, cut);
                c->handicap = kif_handicap_sfen(c->k.rd->variant, name);
            }
            /* An unknown name (詰将棋) is no error when a board gives the position. */
            if (!c->handicap && strcmp(name, "その他") != 0 && !c->bad_handicap)
                c->bad_handicap = va + 1;
        }
    } else if (t == L_OTHER) {
        s = kif_fail(&c->k, BG_E_PARSE, a, 0, "unexpected line '%s'",
                     kif_scratch(&c->k, a, b - a > 40 ? a + 40 : b));
    }
    return s;
}

/* First pass over the header: everything that decides the start position. */
static bg_status header_position(kif_ctx *c, size_t from, size_t to)
{
    const char *d = c->k.d;
    bg_status s = each_line(c, from, to, position_line);
    if (s != BG_OK)
        return s;
    if (c->bad_handicap && c->board_row == 0) {
        size_t va = c->bad_handicap - 1, vb = kif_line_end(d, va, to);
        kif_trim(d, &va, &vb);
        const char *name = kif_scratch(&c->k, va, vb);
        return kif_fail(&c->k, BG_E_PARSE, va, 0, "unknown 手合割 '%s' for %s%s", name,
                        c->k.rd->variant->id,
                        strchr(name, '#') && !c->lenient ? " (lenient mode reads '#' as a comment)" : "");
    }
    return BG_OK;
}

/* A header line for the second pass, once the game exists: a tag or the opening comment. */
static bg_status tag_line(kif_ctx *c, int t, size_t a, size_t b)
{
    const char *d = c->k.d;
    size_t ke, vs;
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
    return s;
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

static bg_status add_token(kif_ctx *c, size_t at, size_t len, int ply, int mark)
{
    if (c->ntoks == c->cap_toks) {
        vtok *t = bgi_grow(&c->k.rd->alloc, c->toks, &c->cap_toks, sizeof *t, 64);
        if (!t)
            return kif_oom(&c->k, at);
        c->toks = t;
    }
    c->toks[c->ntoks++] = (vtok){at, (uint32_t)len, (uint32_t)(mark != 0), c->cur, ply};
    c->nodes[c->cur].tok_count++;
    return BG_OK;
}

/*
** Whether line v (-1 = the main line) holds ply N after its first move: a move, or a terminal
** word right after its last move (a block may replace the ending). *mark: the '+' on that line.
*/
static int holds_ply(const kif_ctx *c, int v, int n, int *mark)
{
    if (v < 0) {
        int last = bg_game_ply_count(c->k.g);
        *mark = n >= 1 && n <= BG_RECORD_MAX_PLIES + 1 && (c->main_mark[n >> 3] >> (n & 7) & 1);
        return n >= 1 && n <= last + 1;
    }
    const vnode *x = &c->nodes[v];
    const int moves = x->last - x->start + 1;
    if (n <= x->start || n > x->last + (x->tok_count > moves))
        return 0;
    *mark = c->toks[x->tok_first + (n - x->start)].mark;
    return 1;
}

/*
** 変化：N手 — a new block branching from the latest line that holds ply N (Kifu for Windows
** writes a line's blocks after it, the deepest first). When the file marks branches with '+',
** the latest such line whose move N is marked: a writer that lists blocks in another order (the
** block of ply 5 after a longer one of ply 3) still gets each to the line it belongs to.
*/
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
    if (c->nnodes >= 1000000)
        return kif_fail(&c->k, BG_E_LIMIT, a, 0, "too many variations");
    int first = -2, marked = -2;
    for (int v = c->cur;; v = c->nodes[v].parent) {
        int mark = 0;
        if (holds_ply(c, v, ply, &mark)) {
            if (first == -2)
                first = v;
            if (mark && marked == -2)
                marked = v;
        }
        if (v < 0)
            break;
    }
    if (first == -2)
        return kif_fail(&c->k, BG_E_PARSE, a, 0,
                        "変化：%ld手 does not branch from the moves before it", num);
    c->cur = c->any_mark && marked != -2 ? marked : first;
    if (c->nnodes == c->cap_nodes) {
        vnode *n = bgi_grow(&c->k.rd->alloc, c->nodes, &c->cap_nodes, sizeof *n, 8);
        if (!n)
            return kif_oom(&c->k, a);
        c->nodes = n;
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

/* The parts of a KIF move line: number, move or terminal word [ms, me), the rest from *rest. */
static void split_move_line(const char *d, size_t a, size_t b, long *num, size_t *ms, size_t *me,
                            size_t *rest)
{
    size_t p = a;
    long n = 0;
    while (p < b && d[p] >= '0' && d[p] <= '9' && n < 100000000)
        n = n * 10 + (d[p++] - '0');
    while (p < b && (d[p] == ' ' || d[p] == '\t' || starts(d + p, d + b, "　")))
        p += d[p] == ' ' || d[p] == '\t' ? 1 : 3;
    /* The move: up to a blank, or to a '(' that does not hold an origin (77). */
    size_t s = p;
    while (p < b && d[p] != ' ' && d[p] != '\t') {
        if (d[p] == '(') {
            if (p + 3 < b && d[p + 1] >= '1' && d[p + 1] <= '9' && d[p + 2] >= '1' &&
                d[p + 2] <= '9' && d[p + 3] == ')')
                p += 4;
            break;
        }
        p++;
    }
    /* "同 歩": a half-width blank after 同. */
    if (p - s == 3 && memcmp(d + s, "同", 3) == 0 && p < b) {
        while (p < b && (d[p] == ' ' || d[p] == '\t'))
            p++;
        while (p < b && d[p] != ' ' && d[p] != '\t' && !(d[p] == '(' && p + 3 < b && d[p + 3] != ')'))
            p++;
    }
    size_t e = p;
    /* The branch mark of an untimed line sticks to a move without origin: "５五鷹打+". */
    while (e > s && d[e - 1] == '+')
        e--;
    *num = n;
    *ms = s;
    *me = e;
    *rest = e;
}

static int is_word(const char *w, size_t len, const char *word)
{
    return strlen(word) == len && memcmp(w, word, len) == 0;
}

/*
** Whether the record goes on to say that the game was lost by a foul (after an illegal move at
** `from`): the main line's next terminal word is 反則勝ち or 反則負け, or, when none comes first,
** its まで summary speaks of 反則. Moves and comments before it are looked through.
*/
static int foul_follows(kif_ctx *c, size_t from)
{
    const char *d = c->k.d;
    for (size_t i = from; i < c->k.end;) {
        size_t e = kif_line_end(d, i, c->k.end), a = i, b = e;
        kif_trim(d, &a, &b);
        switch (classify(c, a, b)) {
        case L_VARIATION: return 0;
        case L_SUMMARY: {
            const char *text = kif_scratch(&c->k, a, b);
            return strstr(text, "反則") != NULL;
        }
        case L_MOVE:
            if (!c->ki2) {
                long num;
                size_t ms, me, rest;
                split_move_line(d, a, b, &num, &ms, &me, &rest);
                if (is_word(d + ms, me - ms, "反則勝ち") || is_word(d + ms, me - ms, "反則負け"))
                    return 1;
                if (kif_ending_by_kif(d + ms, me - ms) || is_word(d + ms, me - ms, "時間切れ"))
                    return 0;
            }
            break;
        default: break;
        }
        i = e < c->k.end ? e + 1 : c->k.end;
    }
    return 0;
}

/*
** Play one move of the main line. An illegal move that the record goes on to call a foul
** (ShogiGUI's "281 同　玉(59)" then "282 反則勝ち") is no error: the game keeps its legal moves,
** the move's text (`line` [la, lb)) becomes a comment line of the last of them, and the main
** line's moves up to the foul are skipped.
*/
static bg_status play_text(kif_ctx *c, size_t at, size_t len, int style, size_t la, size_t lb)
{
    const int ply = bg_game_ply_count(c->k.g) + 1;
    bg_move m;
    bg_error e = BG_ERROR_INIT;
    bg_status s = jp_read(bg_game_position(c->k.g), c->k.d + at, len, style, BG_PARSE_LENIENT,
                          c->prev_to, &m, &e);
    if (s == BG_E_ILLEGAL_MOVE && foul_follows(c, lb)) {
        c->fouled = 1;
        return kif_keep_illegal(&c->k, kif_scratch(&c->k, la, at + len), at);
    }
    if (s != BG_OK)
        return kif_fail(&c->k, s, at + e.offset, ply, "%s", e.message);
    s = kif_play(&c->k, m, at, kif_scratch(&c->k, at, at + len));
    if (s == BG_OK)
        c->prev_to = BG_MOVE_TO(m);
    return s;
}

/*
** A terminal word: BG_E_PARSE if `at` holds none. With `apply` the ending is recorded; without,
** only recognised (a variation's last line). `num` is the line's move number: after a dropped
** illegal move it tells which side 反則勝ち / 反則負け speaks of (the side to move at that number).
*/
static bg_status ending_word(kif_ctx *c, size_t at, size_t len, int apply, long num)
{
    const char *w = c->k.d + at;
    const kif_ending *e = kif_ending_by_kif(w, len);
    const char *csa = e ? e->csa : NULL;
    int stm = bg_position_side_to_move(bg_game_position(c->k.g));
    int foul_win = is_word(w, len, "反則勝ち"), foul_loss = is_word(w, len, "反則負け");
    if (foul_win)
        csa = stm ? "+ILLEGAL_ACTION" : "-ILLEGAL_ACTION";
    else if (!e && is_word(w, len, "時間切れ"))
        csa = "TIME_UP";
    if (!csa) {
        static const char *const quiet[] = {"不戦勝", "不戦敗", "封じ手", "トライ"};
        for (size_t i = 0; i < sizeof quiet / sizeof quiet[0]; i++)
            if (is_word(w, len, quiet[i]))
                return BG_OK;
        return BG_E_PARSE;
    }
    if (!apply)
        return BG_OK;
    if (c->fouled && (foul_win || foul_loss)) {
        int side = stm;
        if (c->first_number > 0 && num >= c->first_number)
            side = (int)((c->start_stm + num - c->first_number) & 1);
        csa = kif_foul_word(foul_win ? !side : side, stm);
    }
    c->ended = 1;
    return kif_apply_ending(&c->k, csa, at);
}

/* The rest of a KIF move line after the move: times, the branch mark, lenient extras. */
typedef struct line_tail {
    long sec;          /* the move's time, -1 = none */
    int mark;          /* '+' */
    size_t note, note_end; /* lenient: a "#comment" after the time (note < note_end) */
} line_tail;

static bg_status read_tail(kif_ctx *c, size_t p, size_t b, line_tail *t)
{
    const char *d = c->k.d;
    *t = (line_tail){-1, 0, 0, 0};
    for (int column = 0;; column++) {
        for (; p < b && (d[p] == ' ' || d[p] == '\t' || d[p] == '+'); p++)
            t->mark |= d[p] == '+';
        /* IS-SHOGI writes a second time column "( 0:00/00:00:00)" (lenient: not kept). */
        if (p < b && d[p] == '(' && (column == 0 || c->lenient)) {
            long sec;
            if (column == 0 && time_of(d, p, b, &sec))
                t->sec = sec;
            while (p < b && d[p] != ')')
                p++;
            if (p < b)
                p++;
            continue;
        }
        break;
    }
    /* muzudho/kif-parser's hand-made files end lines with "#コメント7" (lenient: a comment). */
    if (p < b && d[p] == '#' && c->lenient) {
        t->note = p + 1;
        t->note_end = b;
        return BG_OK;
    }
    if (p < b)
        return kif_fail(&c->k, BG_E_PARSE, p, 0, "unexpected text after the move");
    return BG_OK;
}

/* A KIF move line: number, move or terminal word, optional time, optional '+'. */
static bg_status kif_move_line(kif_ctx *c, size_t a, size_t b)
{
    const char *d = c->k.d;
    long num;
    size_t ms, me, p;
    split_move_line(d, a, b, &num, &ms, &me, &p);
    if (me == ms)
        return kif_fail(&c->k, BG_E_PARSE, ms, 0, "expected a move after the move number");
    line_tail t;
    bg_status s = read_tail(c, p, b, &t);
    if (s != BG_OK)
        return s;

    if (c->cur >= 0) {
        /* A variation's moves are kept as text; a terminal word ends its block. */
        int ply = c->nodes[c->cur].last + 1;
        int terminal = ending_word(c, ms, me - ms, 0, num) == BG_OK;
        s = add_token(c, ms, me - ms, ply, t.mark);
        if (s == BG_OK && !terminal)
            c->nodes[c->cur].last = ply;
        return s;
    }
    const int ply = bg_game_ply_count(c->k.g) + 1;
    if (t.mark) {
        c->any_mark = 1;
        if (ply <= BG_RECORD_MAX_PLIES + 1)
            c->main_mark[ply >> 3] |= (unsigned char)(1u << (ply & 7));
    }
    s = ending_word(c, ms, me - ms, 1, num);
    if (s == BG_OK && t.sec >= 0 && c->ended)
        s = kif_set_ending_time(&c->k, t.sec, 0, ms);
    if (s != BG_E_PARSE)
        goto note;
    if (c->ended)
        return kif_fail(&c->k, BG_E_PARSE, ms, ply, "move after the end of the game");
    if (c->fouled)
        return BG_OK; /* a move after the dropped illegal one, before its foul */
    if (c->first_number == 0)
        c->first_number = (int)num;
    if (num != c->first_number + ply - 1)
        return kif_fail(&c->k, BG_E_PARSE, a, ply, "move number %ld, expected %d", num,
                        c->first_number + ply - 1);
    s = play_text(c, ms, me - ms, JP_KIF, a, b);
    if (s == BG_OK && t.sec >= 0 && !c->fouled)
        s = kif_set_time(&c->k, ply, t.sec, 0, ms);
note:
    if (s == BG_OK && t.note < t.note_end)
        s = kif_add_comment(&c->k, bg_game_ply_count(c->k.g), kif_scratch(&c->k, t.note, t.note_end),
                            t.note);
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
        bg_status s = BG_OK;
        if (c->cur >= 0) {
            int ply = c->nodes[c->cur].last + 1;
            s = add_token(c, ta, tb - ta, ply, 0);
            if (s == BG_OK)
                c->nodes[c->cur].last = ply;
        } else if (c->ended) {
            return kif_fail(&c->k, BG_E_PARSE, ta, bg_game_ply_count(c->k.g) + 1,
                            "move after the end of the game");
        } else if (!c->fouled) {
            s = play_text(c, ta, tb - ta, JP_KI2, ta, tb);
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
    else if (strstr(text, "反則負け")) {
        /* まで2手で先手の反則負け: the side named fouled (KI2's only way to say it). */
        csa = kif_foul_word(strstr(text, "後手の") || strstr(text, "上手の") ? 1 : 0, stm);
    } else if (strstr(text, "勝ち")) {
        int winner = strstr(text, "後手の") || strstr(text, "上手の") ? 1 : 0;
        if (strstr(text, "反則"))
            csa = kif_foul_word(!winner, stm);
        else
            csa = winner != stm ? "TORYO" : (stm ? "+ILLEGAL_ACTION" : "-ILLEGAL_ACTION");
    }
    if (!csa)
        return BG_OK;
    c->ended = 1;
    return kif_apply_ending(&c->k, csa, a);
}

/* A line after the header: a move, a comment, a variation or the summary. */
static bg_status move_part_line(kif_ctx *c, int t, size_t a, size_t b)
{
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
    return s;
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
        c->start_stm = bg_position_side_to_move(bg_game_position(c->k.g));
    if (s == BG_OK)
        s = each_line(c, c->k.start, header_end, tag_line);
    if (s == BG_OK)
        s = each_line(c, header_end, c->k.end, move_part_line);
    if (s == BG_OK)
        s = kif_flush_comment(&c->k);
    if (s == BG_OK)
        s = store_variations(c);
    return s;
}

/* Whether the game's text holds nothing but '#' comment lines and blank lines. */
static int only_comments(const kif_ctx *c)
{
    for (size_t i = c->k.start; i < c->k.end;) {
        size_t e = kif_line_end(c->k.d, i, c->k.end), a = i, b = e;
        kif_trim(c->k.d, &a, &b);
        if (a < b && c->k.d[a] != '#')
            return 0;
        i = e < c->k.end ? e + 1 : c->k.end;
    }
    return 1;
}

static bg_status read_next(bg_record_reader *rd, bg_game **game, bg_error *err, int ki2)
{
    kif_ctx c;
    memset(&c, 0, sizeof c);
    bg_status s = kif_begin_game(&c.k, rd, err);
    if (s != BG_OK)
        return s;
    c.ki2 = ki2;
    c.lenient = (rd->flags & BG_RECORD_LENIENT) != 0;
    c.prev_to = -1;
    c.cur = -1;
    c.k.end = game_end(&c, rd->pos, rd->len);
    if (only_comments(&c)) {
        /* '#' comment lines alone (the end of a file, a window of a range) are no game. */
        for (size_t k = rd->pos; k < c.k.end; k++)
            rd->line += rd->data[k] == '\n';
        rd->pos = c.k.end;
        return BG_E_END;
    }
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
