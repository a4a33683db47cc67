/* libboardgames — shared by the xiangqi file notations: files from the mover's right, stacks of like pieces, matching text to moves. */
#include <stdlib.h>
#include <string.h>

#include "xq_files.h"

int bgi_xqn_snapshot(const bg_position *pos, xqn_board *b)
{
    const bg_variant *v = pos->variant;
    if (v->width * v->height > XQN_MAX_SQ || v->width > 16 || v->sides != 2 ||
        v->piece_kinds >= XQN_KINDS)
        return 0;
    b->width = v->width;
    b->height = v->height;
    b->side = v->rules->side_to_move(pos);
    memset(b->count, 0, sizeof b->count);
    memset(b->stacked, 0, sizeof b->stacked);
    for (int sq = 0; sq < v->width * v->height; sq++) {
        bg_piece p = v->rules->piece_at(pos, sq);
        b->cell[sq] = p == BG_PIECE_NONE
                          ? 0
                          : (uint8_t)(BG_PIECE_KIND(p) | BG_PIECE_SIDE(p) << 4);
        if (p != BG_PIECE_NONE && BG_PIECE_SIDE(p) == b->side &&
            ++b->count[BG_PIECE_KIND(p)][sq % v->width] == 2)
            b->stacked[BG_PIECE_KIND(p)]++;
    }
    return 1;
}

/* Files are counted from each player's right: red's right is the i-file (k in lion chess). */
static int file_number(const xqn_board *b, int side, int x)
{
    return side == 0 ? b->width - x : x + 1;
}

void bgi_xqn_describe(const xqn_board *b, bg_move m, xqn_info *o)
{
    const int w = b->width, from = BG_MOVE_FROM(m), to = BG_MOVE_TO(m);
    const int fx = from % w, fy = from / w, tx = to % w, ty = to / w;
    const int side = b->side, fwd = side == 0 ? 1 : -1;
    const uint8_t p = b->cell[from];
    o->kind = p & 15;
    o->file = file_number(b, side, fx);
    o->to_file = file_number(b, side, tx);
    o->count = b->count[o->kind][fx];
    o->stacked_files = b->stacked[o->kind];
    o->index = 0;
    if (o->count > 1)
        for (int y = 0; y < b->height; y++)
            o->index += b->cell[y * w + fx] == p && (y - fy) * fwd > 0;
    const int dy = (ty - fy) * fwd;
    o->op = dy > 0 ? '+' : dy < 0 ? '-' : '.';
    o->arg = fx == tx ? abs(dy) : o->to_file;
}

static void plain(const xqn_info *in, xqn_desc *d)
{
    d->kind = in->kind;
    d->file = in->file;
    d->order = XQN_NONE;
}

/* The order form for a stack on one file (ok = 0 when the stack is too tall to name). */
static int single(const xqn_style *st, const xqn_info *in, xqn_desc *d)
{
    if (in->count < 2 || in->count > 5)
        return 0;
    int tok = st->single[in->count][in->index];
    if (tok == XQN_NONE) {
        plain(in, d);
        return 1;
    }
    d->kind = st->drops_kind_front2 && (tok == XQN_FRONT2 || tok == XQN_REAR2) ? 0 : in->kind;
    d->file = 0;
    d->order = tok;
    return 1;
}

/* Pawns stacked on two files: the file, and front / middle / rear. */
static int two_files(const xqn_info *in, xqn_desc *d)
{
    if (in->count < 2 || in->count > 3)
        return 0;
    d->kind = 0;
    d->file = in->file;
    d->order = in->index == 0 ? XQN_FRONT : in->index == in->count - 1 ? XQN_REAR : XQN_MID;
    return 1;
}

/*
** Advisors and elephants are always named by their file: of two on one file only one can make
** any given move (the rules say so for Chinese notation; WXF texts agree).
*/
int bgi_xqn_move_desc(const xqn_style *st, const bg_position *pos, bg_move m, xqn_desc *out)
{
    xqn_board b;
    xqn_info in;
    if (!bgi_xqn_snapshot(pos, &b))
        return -1;
    bgi_xqn_describe(&b, m, &in);
    bgi_xqn_canonical(st, &in, out);
    return b.side;
}

void bgi_xqn_canonical(const xqn_style *st, const xqn_info *in, xqn_desc *out)
{
    out->op = in->op;
    out->arg = in->arg;
    if (in->count < 2 || in->kind == XQN_ADVISOR || in->kind == XQN_ELEPHANT)
        plain(in, out);
    else if (!(in->stacked_files >= 2 && two_files(in, out)) && !single(st, in, out))
        plain(in, out);
}

static int same(const xqn_desc *a, const xqn_desc *b)
{
    return a->kind == b->kind && a->file == b->file && a->order == b->order && a->op == b->op &&
           a->arg == b->arg;
}

int bgi_xqn_quote_len(const char *text, int max)
{
    int n = 0;
    while (n < max && text[n])
        n++;
    if (text[n])
        while (n > 0 && ((unsigned char)text[n] & 0xc0) == 0x80)
            n--;
    return n;
}

#define QUOTE(t) bgi_xqn_quote_len((t), 40), (t)

bg_status bgi_xqn_match(const bg_position *pos, const xqn_style *st, const xqn_desc *d,
                        const char *text, unsigned flags, bg_move *out, bg_error *err)
{
    xqn_board b;
    bg_move moves[BGI_MAX_MOVES];
    xqn_info info;
    *out = BG_MOVE_NONE;
    if (!bgi_xqn_snapshot(pos, &b))
        return bgi_fail(err, BG_E_UNSUPPORTED, 0, "%s notation needs a xiangqi board", st->name);
    int n = bgi_position_moves(pos, moves), exact = 0, found = -1;
    /* A text that names its piece can only mean moves of that kind: describe only those. */
    const int kind = d->kind;
    for (int i = 0; i < n; i++) {
        xqn_desc c;
        if (kind && (b.cell[BG_MOVE_FROM(moves[i])] & 15) != kind)
            continue;
        bgi_xqn_describe(&b, moves[i], &info);
        bgi_xqn_canonical(st, &info, &c);
        if (same(&c, d)) {
            exact++;
            found = i;
        }
    }
    if (exact == 1) {
        *out = moves[found];
        return BG_OK;
    }
    if (exact > 1)
        return bgi_fail(err, BG_E_AMBIGUOUS_MOVE, 0, "%s move '%.*s' fits %d legal moves",
                        st->name, QUOTE(text), exact);
    /* Forms other than the standard one: which moves could the text mean? */
    int matches = 0, strict_ok = 0;
    for (int i = 0; i < n; i++) {
        xqn_desc alt[3];
        int ok[3] = {0, 0, 0}, k = 0;
        if (kind && (b.cell[BG_MOVE_FROM(moves[i])] & 15) != kind)
            continue; /* every form below names the piece's own kind, or none */
        bgi_xqn_describe(&b, moves[i], &info);
        plain(&info, &alt[k++]);
        if (single(st, &info, &alt[k]))
            ok[k++] = info.kind == XQN_ADVISOR || info.kind == XQN_ELEPHANT;
        if (two_files(&info, &alt[k]))
            k++;
        for (int j = 0; j < k; j++) {
            alt[j].op = info.op;
            alt[j].arg = info.arg;
            if (same(&alt[j], d)) {
                matches++;
                found = i;
                strict_ok = ok[j];
                break;
            }
        }
    }
    if (matches == 0)
        return bgi_fail(err, BG_E_ILLEGAL_MOVE, 0, "%s move '%.*s' is not legal in this position",
                        st->name, QUOTE(text));
    if (matches > 1)
        return bgi_fail(err, BG_E_AMBIGUOUS_MOVE, 0,
                        "%s move '%.*s' fits %d legal moves: name the piece by its order on "
                        "the file", st->name, QUOTE(text), matches);
    if (!strict_ok && !(flags & BG_PARSE_LENIENT)) {
        char want[64];
        int len = st->format(pos, moves[found], want, sizeof want);
        return bgi_fail(err, BG_E_PARSE, 0,
                        "%s move '%.*s': pieces stacked on a file are written '%s' (lenient "
                        "mode accepts this form)", st->name, QUOTE(text),
                        len > 0 && (size_t)len < sizeof want ? want : "?");
    }
    *out = moves[found];
    return BG_OK;
}

static const char *const kind_names[] = {"",       "general", "advisor", "elephant", "horse",
                                         "chariot", "cannon", "soldier", "lion"};

bg_status bgi_xqn_check(const xqn_style *st, const bg_position *pos, const xqn_desc *d,
                        size_t file_at, size_t op_at, size_t arg_at, const char *text,
                        bg_error *err)
{
    const bg_variant *v = pos->variant;
    const int kind = d->kind ? d->kind : XQN_SOLDIER; /* forms without a piece name soldiers */
    const int diagonal = kind == XQN_ADVISOR || kind == XQN_ELEPHANT || kind == XQN_HORSE ||
                         kind == XQN_LION;
    if (kind >= XQN_KINDS || kind > v->piece_kinds)
        return bgi_fail(err, BG_E_PARSE, 0, "%s move '%.*s': there are no %ss in %s", st->name,
                        QUOTE(text), kind_names[kind < XQN_KINDS ? kind : 0], v->id);
    if (d->file && (d->file < 1 || d->file > v->width))
        return bgi_fail(err, BG_E_PARSE, file_at, "%s move '%.*s': file %d is off the %d-file board",
                        st->name, QUOTE(text), d->file, v->width);
    if (d->op == '.' && diagonal)
        return bgi_fail(err, BG_E_PARSE, op_at, "%s move '%.*s': a %s never moves sideways",
                        st->name, QUOTE(text), kind_names[kind]);
    if (d->op == '-' && kind == XQN_SOLDIER)
        return bgi_fail(err, BG_E_PARSE, op_at, "%s move '%.*s': a soldier never moves backward",
                        st->name, QUOTE(text));
    if (d->op == '.' || diagonal) {
        if (d->arg < 1 || d->arg > v->width)
            return bgi_fail(err, BG_E_PARSE, arg_at,
                            "%s move '%.*s': destination file %d is off the %d-file board",
                            st->name, QUOTE(text), d->arg, v->width);
        if (d->file && d->arg == d->file)
            return bgi_fail(err, BG_E_PARSE, arg_at,
                            "%s move '%.*s': the destination file is the piece's own file",
                            st->name, QUOTE(text));
    } else if (d->arg < 1 || d->arg >= v->height) {
        return bgi_fail(err, BG_E_PARSE, arg_at,
                        "%s move '%.*s': a move along the file of %d points is off the board",
                        st->name, QUOTE(text), d->arg);
    }
    return BG_OK;
}
