/* libboardgames — Japanese move notation of the shogi family (▲7六歩, △同　銀, ▲5二金右, ▲2八銀左上, ▲3三角成, ▲5五角打, ７六歩(77)) for JSA text, KI2 and KIF. */
#include <string.h>

#include "japanese.h"

/*
** The JSA rules (日本将棋連盟「棋譜の表記方法」): destination, piece, then only when another piece
** of the same kind could also reach the square the motion 上 (forward) / 寄 (sideways) / 引
** (backward); if the motion does not tell them apart, the position 左 / 右 seen from the mover,
** 直 for a piece moving straight forward; if neither alone does, both (左上). Dragons and horses
** never use 直: 左 / 右 compare the two pieces. 成 for every promotion (forced ones too), 不成
** when the move could have promoted, 打 only when a board piece could also reach the square.
** KIF writes the origin "(77)" instead of the modifiers and 打 for every drop.
*/
enum { REL_NONE = 0, REL_LEFT, REL_RIGHT, REL_STRAIGHT };
enum { MOT_NONE = 0, MOT_UP, MOT_SIDE, MOT_BACK };
enum { PROMO_NONE = 0, PROMO_YES, PROMO_NO };

static const char *const rel_text[] = {"", "左", "右", "直"};
static const char *const mot_text[] = {"", "上", "寄", "引"};

#define MAX_FROM 64

/* The pieces of one kind that can reach one square, and whether a drop there is legal. */
typedef struct group {
    int kind, to, side, width, pair;
    int n;
    int from[MAX_FROM];
    int drop;
} group;

static int kind_of(const bg_position *pos, bg_move m)
{
    if (m & BG_MOVE_DROP)
        return BG_MOVE_KIND(m);
    return BG_PIECE_KIND(pos->variant->rules->piece_at(pos, BG_MOVE_FROM(m)));
}

/* An empty group of kind's pieces reaching `to` in pos. */
static void group_start(group *g, const bg_position *pos, const jp_family *fam, int kind, int to)
{
    g->kind = kind;
    g->to = to;
    g->side = pos->variant->rules->side_to_move(pos);
    g->width = pos->variant->width;
    g->pair = fam->pieces[kind].pair;
    g->n = 0;
    g->drop = 0;
}

/* Count m, a move of the group's kind onto its square: a drop, or one more origin if new. */
static void group_add(group *g, bg_move m)
{
    if (m & BG_MOVE_DROP) {
        g->drop = 1;
        return;
    }
    int f = BG_MOVE_FROM(m), k = 0;
    while (k < g->n && g->from[k] != f)
        k++;
    if (k == g->n && g->n < MAX_FROM)
        g->from[g->n++] = f;
}

static void make_group(group *g, const bg_position *pos, const jp_family *fam, const bg_move *moves,
                       int n, int kind, int to)
{
    group_start(g, pos, fam, kind, to);
    for (int i = 0; i < n; i++)
        if (BG_MOVE_TO(moves[i]) == to && kind_of(pos, moves[i]) == kind)
            group_add(g, moves[i]);
}

static int motion(const group *g, int from)
{
    int dr = g->to / g->width - from / g->width;
    if (g->side)
        dr = -dr;
    return dr > 0 ? MOT_UP : dr == 0 ? MOT_SIDE : MOT_BACK;
}

/* 左/右/直 with respect to the destination, seen from the mover (file 0 is sente's left). */
static int rel_dest(const group *g, int from)
{
    int df = from % g->width - g->to % g->width;
    if (g->side)
        df = -df;
    if (df < 0)
        return REL_LEFT;
    if (df > 0)
        return REL_RIGHT;
    return motion(g, from) == MOT_UP ? REL_STRAIGHT : REL_NONE;
}

/* Dragons and horses: 左/右 with respect to the other pieces that share the motion `mot`. */
static int rel_pair(const group *g, int from, int mot)
{
    int mine = from % g->width, left = 1, right = 1, others = 0;
    for (int k = 0; k < g->n; k++) {
        int f = g->from[k];
        if (f == from || (mot && motion(g, f) != mot))
            continue;
        int x = f % g->width;
        others++;
        if (g->side ? x >= mine : x <= mine)
            left = 0;
        if (g->side ? x <= mine : x >= mine)
            right = 0;
    }
    if (!others)
        return REL_NONE;
    return left ? REL_LEFT : right ? REL_RIGHT : REL_NONE;
}

/* The modifiers JSA writes for the board move from `from`. */
static void canonical(const group *g, int from, int *rel, int *mot)
{
    *rel = REL_NONE;
    *mot = MOT_NONE;
    if (g->n <= 1)
        return;
    int m = motion(g, from), same_mot = 0;
    for (int k = 0; k < g->n; k++)
        same_mot += motion(g, g->from[k]) == m;
    if (same_mot == 1) {
        *mot = m;
        return;
    }
    if (g->pair) {
        *rel = rel_pair(g, from, m);
        if (*rel)
            return;
    }
    int r = rel_dest(g, from), same_rel = 0;
    for (int k = 0; k < g->n; k++)
        same_rel += rel_dest(g, g->from[k]) == r;
    *rel = r;
    if (r == REL_NONE || same_rel > 1)
        *mot = m;
}

/* make_group from the legal list's moves onto `to` (the writer's case: no scan of every move). */
static void make_group_in(group *g, const bgi_legal *legal, const jp_family *fam, int kind, int to)
{
    group_start(g, legal->pos, fam, kind, to);
    for (int i = legal->first[to]; i >= 0; i = legal->next[i])
        if (legal->kind[i] == kind)
            group_add(g, legal->m[i]);
}

/* Whether the board move from -> to can be played promoting / not promoting. */
static void promo_options(const bg_move *moves, int n, int from, int to, int *yes, int *no)
{
    *yes = *no = 0;
    for (int i = 0; i < n; i++) {
        bg_move m = moves[i];
        if ((m & BG_MOVE_DROP) || BG_MOVE_FROM(m) != from || BG_MOVE_TO(m) != to)
            continue;
        if (m & BG_MOVE_PROMOTION)
            *yes = 1;
        else
            *no = 1;
    }
}

static void put_square(bgi_out *o, const bg_variant *v, int sq, int style)
{
    int f = jp_file_no(v, sq), r = jp_rank_no(v, sq);
    if (style == JP_JAPANESE)
        bgi_out_char(o, (char)('0' + f));
    else
        bgi_out_str(o, jp_fullwidth_digit(f));
    bgi_out_str(o, jp_kanji_number(r));
}

void jp_write(bgi_out *o, const bg_position *pos, bg_move m, int style, int same)
{
    bgi_legal legal;
    bgi_legal_init(&legal, pos);
    jp_write_in(o, &legal, m, style, same);
}

void jp_write_in(bgi_out *o, const bgi_legal *legal, bg_move m, int style, int same)
{
    const bg_position *pos = legal->pos;
    const jp_family *fam = jp_family_of(pos->variant);
    int kind = kind_of(pos, m), to = BG_MOVE_TO(m);
    if (!fam || kind < 1 || kind > fam->nkinds)
        return;
    group g;
    make_group_in(&g, legal, fam, kind, to);
    if (style != JP_KIF)
        bgi_out_str(o, g.side ? "△" : "▲");
    if (same)
        bgi_out_str(o, style == JP_JAPANESE ? "同" : "同　");
    else
        put_square(o, pos->variant, to, style);
    bgi_out_str(o, style == JP_JAPANESE ? fam->pieces[kind].name : fam->pieces[kind].kif);
    if (m & BG_MOVE_DROP) {
        if (style == JP_KIF || g.n > 0)
            bgi_out_str(o, "打");
        return;
    }
    int from = BG_MOVE_FROM(m);
    if (style != JP_KIF) {
        int rel, mot;
        canonical(&g, from, &rel, &mot);
        bgi_out_str(o, rel_text[rel]);
        bgi_out_str(o, mot_text[mot]);
    }
    /* A promoting move's twin without promotion (or the reverse) is a move onto the same square. */
    int yes = 0;
    for (int i = legal->first[to]; i >= 0 && !yes; i = legal->next[i])
        yes = BG_MOVE_FROM(legal->m[i]) == from && (legal->m[i] & BG_MOVE_PROMOTION) &&
              !(legal->m[i] & BG_MOVE_DROP);
    if (fam->flips)
        ; /* micro shogi: every capture turns the piece, there is nothing to choose or say */
    else if (m & BG_MOVE_PROMOTION)
        bgi_out_str(o, "成");
    else if (yes)
        bgi_out_str(o, "不成");
    if (style == JP_KIF) {
        char t[5] = {'(', (char)('0' + jp_file_no(pos->variant, from)),
                     (char)('0' + jp_rank_no(pos->variant, from)), ')', 0};
        bgi_out_str(o, t);
    }
}

/* ---------- reading ---------- */

typedef struct parsed {
    int to, same, kind;
    int rel, mot, promo, drop;
    int origin; /* -1 = not written */
    size_t kind_at, mods_at;
} parsed;

static int starts(const char *p, const char *end, const char *w)
{
    size_t l = strlen(w);
    return (size_t)(end - p) >= l && memcmp(p, w, l) == 0;
}

static const char *skip_blanks(const char *p, const char *end)
{
    for (;;) {
        if (p < end && (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n'))
            p++;
        else if (starts(p, end, "　"))
            p += 3;
        else
            return p;
    }
}

/* The longest piece name at p: its kind, and its length in *len (0 = none). */
static int read_kind(const jp_family *fam, const char *p, const char *end, size_t *len)
{
    int best = 0;
    size_t bl = 0;
    for (int k = 1; k <= fam->nkinds; k++) {
        const char *names[2] = {fam->pieces[k].name, fam->pieces[k].kif};
        for (int i = 0; i < 2; i++)
            if (strlen(names[i]) > bl && starts(p, end, names[i])) {
                best = k;
                bl = strlen(names[i]);
            }
    }
    for (const jp_alias *a = fam->aliases; a->text; a++)
        if (a->kind <= fam->nkinds && strlen(a->text) > bl && starts(p, end, a->text)) {
            best = a->kind;
            bl = strlen(a->text);
        }
    *len = bl;
    return best;
}

static bg_status parse_text(const bg_position *pos, const jp_family *fam, const char *text,
                            size_t len, unsigned flags, int prev_to, parsed *r, bg_error *err)
{
    const char *p = text, *end = text + len;
    const bg_variant *v = pos->variant;
    const int lenient = (flags & BG_PARSE_LENIENT) != 0, width = v->width, height = v->height;
    const int stm = pos->variant->rules->side_to_move(pos);
    memset(r, 0, sizeof *r);
    r->origin = -1;
    r->to = -1;
    if (lenient)
        p = skip_blanks(p, end);
    static const char *const marks[2][3] = {{"▲", "☗", "▼"}, {"△", "☖", "▽"}};
    for (int side = 0; side < 2; side++)
        for (int i = 0; i < 3; i++)
            if (starts(p, end, marks[side][i])) {
                if (side != stm)
                    return bgi_fail(err, BG_E_ILLEGAL_MOVE, (size_t)(p - text),
                                    "Japanese: %s marks a %s move, but %s is to move",
                                    marks[side][i], side ? "gote" : "sente", stm ? "gote" : "sente");
                p += strlen(marks[side][i]);
                side = 2;
                break;
            }
    if (lenient)
        p = skip_blanks(p, end);
    const size_t sq_at = (size_t)(p - text);
    if (starts(p, end, "同") || starts(p, end, "仝")) {
        r->same = 1;
        p += 3;
        p = skip_blanks(p, end);
    } else {
        size_t n1 = 0, n2 = 0;
        int f = p < end ? jp_read_number(p, &n1) : 0;
        int k = f && p + n1 < end ? jp_read_number(p + n1, &n2) : 0;
        if (!f || !k || f > width || k > height)
            return bgi_fail(err, BG_E_PARSE, sq_at,
                            "Japanese: expected a square (file 1-%d, rank 一-%s) or 同", width,
                            jp_kanji_number(height));
        r->to = jp_square(v, f, k);
        p += n1 + n2;
        if (lenient && (starts(p, end, "同") || starts(p, end, "仝"))) {
            r->same = 1;
            p += 3;
        }
        if (lenient)
            p = skip_blanks(p, end);
    }
    if (r->same) {
        if (prev_to < 0)
            return bgi_fail(err, BG_E_PARSE, sq_at,
                            "Japanese: 同 needs the previous move (write the square instead)");
        if (r->to >= 0 && r->to != prev_to)
            return bgi_fail(err, BG_E_PARSE, sq_at,
                            "Japanese: the square and 同 name different squares");
        r->to = prev_to;
    }
    size_t kl;
    r->kind_at = (size_t)(p - text);
    r->kind = read_kind(fam, p, end, &kl);
    if (!r->kind)
        return bgi_fail(err, BG_E_PARSE, r->kind_at, "Japanese: expected a %s piece name",
                        pos->variant->id);
    p += kl;
    r->mods_at = (size_t)(p - text);
    for (;;) {
        const char *at = p;
        int *slot = NULL, value = 0;
        if (starts(p, end, "左")) slot = &r->rel, value = REL_LEFT;
        else if (starts(p, end, "右")) slot = &r->rel, value = REL_RIGHT;
        else if (starts(p, end, "直")) slot = &r->rel, value = REL_STRAIGHT;
        else if (starts(p, end, "上")) slot = &r->mot, value = MOT_UP;
        else if (starts(p, end, "寄")) slot = &r->mot, value = MOT_SIDE;
        else if (starts(p, end, "引")) slot = &r->mot, value = MOT_BACK;
        else if (lenient && (starts(p, end, "行") || starts(p, end, "入")))
            slot = &r->mot, value = MOT_UP;
        else if (starts(p, end, "打")) slot = &r->drop, value = 1;
        else if (starts(p, end, "成")) slot = &r->promo, value = PROMO_YES;
        else if (starts(p, end, "生")) slot = &r->promo, value = PROMO_NO;
        if (slot) {
            p += 3;
        } else if (starts(p, end, "不成")) {
            slot = &r->promo, value = PROMO_NO;
            p += 6;
        } else {
            break;
        }
        if (*slot)
            return bgi_fail(err, BG_E_PARSE, (size_t)(at - text),
                            "Japanese: '%.*s' repeats a modifier", (int)(p - at), at);
        *slot = value;
    }
    if (lenient)
        p = skip_blanks(p, end);
    if (p < end && *p == '(') {
        size_t n1 = 0, n2 = 0;
        int f = p + 1 < end ? jp_read_number(p + 1, &n1) : 0;
        int k = f && p + 1 + n1 < end ? jp_read_number(p + 1 + n1, &n2) : 0;
        const char *close = p + 1 + n1 + n2;
        if (!f || !k || f > width || k > height || close >= end || *close != ')')
            return bgi_fail(err, BG_E_PARSE, (size_t)(p - text),
                            "Japanese: expected the origin square as (77)");
        r->origin = jp_square(v, f, k);
        p = close + 1;
    }
    if (lenient)
        p = skip_blanks(p, end);
    if (p < end)
        return bgi_fail(err, BG_E_PARSE, (size_t)(p - text), "Japanese: unexpected '%.*s' after the move",
                        (int)(end - p > 12 ? 12 : end - p), p);
    return BG_OK;
}

/*
** Does legal move m fit the parsed text? Strict: exactly the modifiers jp_write writes in that
** style; lenient: every written modifier true of the move.
*/
static int fits(const bg_position *pos, const jp_family *fam, const group *g, const bg_move *moves,
                int n, bg_move m, const parsed *r, int style, int strict)
{
    const int drop = (m & BG_MOVE_DROP) != 0;
    if (r->origin >= 0 && (drop || BG_MOVE_FROM(m) != r->origin))
        return 0;
    (void)pos;
    if (drop) {
        if (r->rel || r->mot || r->promo)
            return 0;
        return strict ? r->drop == (style == JP_KIF || g->n > 0) : 1;
    }
    if (r->drop)
        return 0;
    const int from = BG_MOVE_FROM(m);
    int prom = (m & BG_MOVE_PROMOTION) != 0;
    int yes, no;
    promo_options(moves, n, from, g->to, &yes, &no);
    int promo = r->promo;
    if (fam->flips) {
        /* Micro shogi: no mark is written; lenient reading takes 成 on a move that turns over. */
        if (promo == PROMO_NO || (promo == PROMO_YES && (strict || !prom)))
            return 0;
        yes = no = prom = 0;
        promo = PROMO_NONE;
    }
    if (strict) {
        if (promo != (prom ? PROMO_YES : yes ? PROMO_NO : PROMO_NONE))
            return 0;
        if (style == JP_KIF)
            return r->origin >= 0 && !r->rel && !r->mot;
        int rel, mot;
        canonical(g, from, &rel, &mot);
        return r->origin < 0 && r->rel == rel && r->mot == mot;
    }
    if (promo == PROMO_YES && !prom)
        return 0;
    if (promo == PROMO_NO && prom)
        return 0;
    if (promo == PROMO_NONE && prom && no)
        return 0;
    if (r->mot && r->mot != motion(g, from))
        return 0;
    if (r->rel) {
        int ok = r->rel == rel_dest(g, from);
        if (g->pair && !ok) {
            int rp = rel_pair(g, from, 0);
            ok = rp == REL_NONE || rp == r->rel;
        }
        if (!ok)
            return 0;
    }
    return 1;
}

static int collect(const bg_position *pos, const jp_family *fam, const group *g,
                   const bg_move *moves, int n, const parsed *r, int style, int strict,
                   bg_move *found)
{
    int count = 0, boards = 0;
    bg_move board_move = BG_MOVE_NONE;
    for (int i = 0; i < n; i++) {
        bg_move m = moves[i];
        if (BG_MOVE_TO(m) != g->to || kind_of(pos, m) != g->kind)
            continue;
        if (!fits(pos, fam, g, moves, n, m, r, style, strict))
            continue;
        *found = m;
        count++;
        if (!(m & BG_MOVE_DROP)) {
            boards++;
            board_move = m;
        }
    }
    /* Without 打 a board move is meant when there is one (JSA writes 打 to tell drops apart). */
    if (!strict && count > 1 && boards == 1 && !r->drop) {
        *found = board_move;
        return 1;
    }
    return count;
}

bg_status jp_read(const bg_position *pos, const char *text, size_t len, int style, unsigned flags,
                  int prev_to, bg_move *out, bg_error *err)
{
    const jp_family *fam = jp_family_of(pos->variant);
    if (!fam)
        return bgi_fail(err, BG_E_UNSUPPORTED, 0, "%s has no Japanese notation", pos->variant->id);
    parsed r;
    bg_status s = parse_text(pos, fam, text, len, flags, prev_to, &r, err);
    if (s != BG_OK)
        return s;
    bg_move moves[BGI_MAX_MOVES];
    int n = bgi_position_moves(pos, moves);
    group g;
    make_group(&g, pos, fam, moves, n, r.kind, r.to);
    bg_move m = BG_MOVE_NONE;
    const int lenient = (flags & BG_PARSE_LENIENT) != 0;
    /* Exactly as written by jp_write first, even when lenient: "引" alone names one piece. */
    int c = collect(pos, fam, &g, moves, n, &r, style, 1, &m);
    if (c != 1 && lenient)
        c = collect(pos, fam, &g, moves, n, &r, style, 0, &m);
    if (c == 1) {
        *out = m;
        return BG_OK;
    }
    if (!lenient) {
        /* Say why: the move exists but is written otherwise, or it is ambiguous, or illegal. */
        int lc = collect(pos, fam, &g, moves, n, &r, style, 0, &m);
        if (lc == 1) {
            char want[64];
            bgi_out o;
            bgi_out_init(&o, want, sizeof want);
            jp_write(&o, pos, m, style, r.same);
            bgi_out_finish(&o);
            return bgi_fail(err, BG_E_PARSE, r.mods_at, "Japanese: '%.*s' is written '%s'",
                            (int)(len > 60 ? 60 : len), text, want);
        }
        c = lc;
    }
    if (c > 1)
        return bgi_fail(err, BG_E_AMBIGUOUS_MOVE, r.mods_at,
                        "Japanese: '%.*s' fits several moves (add 右/左/直/上/引/寄, 打 or 成/不成)",
                        (int)(len > 60 ? 60 : len), text);
    return bgi_fail(err, BG_E_ILLEGAL_MOVE, 0, "Japanese: '%.*s' is not a legal move here",
                    (int)(len > 60 ? 60 : len), text);
}

/* ---------- the notation table entries ---------- */

static int format_style_in(const bgi_legal *legal, bg_move m, char *buf, size_t cap, int style)
{
    if (!jp_family_of(legal->pos->variant))
        return BG_E_UNSUPPORTED;
    bgi_out o;
    bgi_out_init(&o, buf, cap);
    jp_write_in(&o, legal, m, style, 0);
    return bgi_out_finish(&o);
}

static int format_style(const bg_position *pos, bg_move m, char *buf, size_t cap, int style)
{
    if (!jp_family_of(pos->variant))
        return BG_E_UNSUPPORTED;
    bgi_out o;
    bgi_out_init(&o, buf, cap);
    jp_write(&o, pos, m, style, 0);
    return bgi_out_finish(&o);
}

/* The three entries of each Japanese style's notation: bgi_<name>_format_in, _format and _parse. */
#define JP_NOTATION(name, style)                                                                   \
    int bgi_##name##_format_in(const bgi_legal *legal, bg_move m, char *buf, size_t cap)           \
    {                                                                                              \
        return format_style_in(legal, m, buf, cap, style);                                         \
    }                                                                                              \
    int bgi_##name##_format(const bg_position *pos, bg_move m, char *buf, size_t cap)              \
    {                                                                                              \
        return format_style(pos, m, buf, cap, style);                                              \
    }                                                                                              \
    bg_status bgi_##name##_parse(const bg_position *pos, const char *text, unsigned flags,         \
                                 bg_move *out, bg_error *err)                                      \
    {                                                                                              \
        return jp_read(pos, text, strlen(text), style, flags, -1, out, err);                       \
    }

JP_NOTATION(japanese, JP_JAPANESE)
JP_NOTATION(ki2, JP_KI2)
JP_NOTATION(kif_move, JP_KIF)
