/* libboardgames — position handles: lifetime, queries and move application, dispatched to the rules. */
#include <string.h>

#include "internal.h"

static size_t handle_size(const bg_variant *v)
{
    return sizeof(bg_position) + v->rules->state_size;
}

size_t bg_position_size(const bg_variant *v)
{
    return v ? handle_size(v) : 0;
}

bg_status bgi_position_alloc(bg_position **out, const bg_variant *v, const bgi_options *opts,
                             const bgi_alloc *alloc, bg_error *err)
{
    bg_position *p = bgi_malloc(alloc, handle_size(v));
    if (!p)
        return bgi_fail(err, BG_E_NO_MEMORY, 0, "out of memory allocating a %s position", v->id);
    memset(p, 0, handle_size(v));
    p->variant = v;
    p->alloc = *alloc;
    p->options = *opts;
    *out = p;
    return BG_OK;
}

static bg_status make_position(bg_position **out, const bg_variant *v, const char *options,
                               const bg_allocator *alloc, bg_error *err, bgi_alloc *a)
{
    bgi_options opts;
    bgi_error_clear(err);
    if (!out)
        return bgi_fail(err, BG_E_INVALID_ARGUMENT, 0, "no output handle pointer");
    *out = NULL;
    if (!v)
        return bgi_fail(err, BG_E_UNKNOWN_VARIANT, 0, "no variant given");
    bg_status s = bgi_options_parse(v, options, &opts, err);
    if (s != BG_OK)
        return s;
    *a = bgi_alloc_resolve(alloc);
    return bgi_position_alloc(out, bgi_variant_resolve(v, &opts), &opts, a, err);
}

bg_status bg_position_new(bg_position **out, const bg_variant *v, const char *options,
                          const bg_allocator *alloc, bg_error *err)
{
    bgi_alloc a;
    bg_status s = make_position(out, v, options, alloc, err, &a);
    if (s != BG_OK)
        return s;
    s = (*out)->variant->rules->setup(*out, err);
    if (s != BG_OK) {
        bgi_free(&a, *out, handle_size(v));
        *out = NULL;
    }
    return s;
}

bg_status bg_position_from_text(bg_position **out, const bg_variant *v, const char *text,
                                const char *format, const char *options, unsigned flags,
                                const bg_allocator *alloc, bg_error *err)
{
    bgi_alloc a;
    if (!text) {
        bgi_error_clear(err);
        if (out)
            *out = NULL;
        return bgi_fail(err, BG_E_INVALID_ARGUMENT, 0, "no position text given");
    }
    bg_status s = make_position(out, v, options, alloc, err, &a);
    if (s != BG_OK)
        return s;
    s = (*out)->variant->rules->parse(*out, text, format, flags, err);
    if (s != BG_OK) {
        bgi_free(&a, *out, handle_size(v));
        *out = NULL;
    }
    return s;
}

bg_status bg_position_clone(bg_position **out, const bg_position *pos)
{
    if (!out)
        return BG_E_INVALID_ARGUMENT;
    *out = NULL;
    if (!pos)
        return BG_E_INVALID_ARGUMENT;
    bg_position *p = bgi_malloc(&pos->alloc, handle_size(pos->variant));
    if (!p)
        return BG_E_NO_MEMORY;
    memcpy(p, pos, handle_size(pos->variant));
    *out = p;
    return BG_OK;
}

bg_status bg_position_copy(bg_position *dst, const bg_position *src)
{
    if (!dst || !src || dst->variant != src->variant)
        return BG_E_INVALID_ARGUMENT;
    if (dst != src) {
        bgi_alloc keep = dst->alloc;
        memcpy(dst, src, handle_size(src->variant));
        dst->alloc = keep;
    }
    return BG_OK;
}

void bg_position_free(bg_position *pos)
{
    if (pos) {
        bgi_alloc a = pos->alloc;
        bgi_free(&a, pos, handle_size(pos->variant));
    }
}

int bg_position_text(const bg_position *pos, const char *format, char *buf, size_t cap)
{
    if (!pos || (!buf && cap))
        return BG_E_INVALID_ARGUMENT;
    return pos->variant->rules->format(pos, format, buf, cap);
}

const bg_variant *bg_position_variant(const bg_position *pos) { return pos ? pos->variant : NULL; }

int bg_position_side_to_move(const bg_position *pos)
{
    return pos ? pos->variant->rules->side_to_move(pos) : BG_E_INVALID_ARGUMENT;
}

bg_piece bg_position_piece_at(const bg_position *pos, int square)
{
    if (!pos || square < 0 || square >= pos->variant->width * pos->variant->height)
        return BG_PIECE_NONE;
    return pos->variant->rules->piece_at(pos, square);
}

int bg_position_hand_count(const bg_position *pos, int side, int kind)
{
    if (!pos || side < 0 || side >= pos->variant->sides || kind < 1 ||
        kind > pos->variant->piece_kinds || !pos->variant->rules->hand_count)
        return 0;
    return pos->variant->rules->hand_count(pos, side, kind);
}

int bg_position_in_check(const bg_position *pos)
{
    return pos && !pos->invalid ? pos->variant->rules->in_check(pos) : 0;
}

uint64_t bg_position_hash(const bg_position *pos)
{
    return pos ? pos->variant->rules->hash(pos) : 0;
}

int bg_position_halfmove_clock(const bg_position *pos)
{
    return pos ? pos->variant->rules->halfmove_clock(pos) : BG_E_INVALID_ARGUMENT;
}

int bg_position_fullmove_number(const bg_position *pos)
{
    return pos ? pos->variant->rules->fullmove_number(pos) : BG_E_INVALID_ARGUMENT;
}

int bgi_position_moves(const bg_position *pos, bg_move *buf)
{
    return pos->variant->rules->legal_moves(pos, buf);
}

int bgi_position_moves_to(const bg_position *pos, int to, uint64_t kinds, bg_move *buf)
{
    const bgi_rules *r = pos->variant->rules;
    if (r->moves_to)
        return r->moves_to(pos, to, kinds, buf);
    int n = r->legal_moves(pos, buf), k = 0;
    for (int i = 0; i < n; i++) {
        bg_move m = buf[i];
        if (BG_MOVE_TO(m) != to)
            continue;
        int kind = (m & BG_MOVE_DROP) ? BG_MOVE_KIND(m)
                                      : (int)BG_PIECE_KIND(r->piece_at(pos, BG_MOVE_FROM(m)));
        if (kind >= 0 && kind < 64 && (kinds >> kind & 1))
            buf[k++] = m;
    }
    return k;
}

void bgi_position_make(bg_position *pos, bg_move m)
{
    pos->variant->rules->make(pos, m);
}

unsigned bgi_check_flags(const bg_position *pos, bg_move m)
{
    alignas(max_align_t) unsigned char raw[BGI_MAX_POSITION_BYTES];
    bg_move tmp[BGI_MAX_MOVES];
    bg_position *after = (bg_position *)raw;
    memcpy(raw, pos, handle_size(pos->variant));
    bgi_position_make(after, m);
    if (!after->variant->rules->in_check(after))
        return 0;
    return bgi_position_moves(after, tmp) == 0 ? BG_FLAG_CHECK | BG_FLAG_MATE : BG_FLAG_CHECK;
}

int bg_position_legal_moves(const bg_position *pos, bg_move *buf, size_t cap)
{
    bg_move tmp[BGI_MAX_MOVES];
    if (!pos || (!buf && cap))
        return BG_E_INVALID_ARGUMENT;
    if (pos->invalid)
        return BG_E_INVALID_POSITION;
    int n = bgi_position_moves(pos, tmp);
    memcpy(buf ? buf : tmp, tmp, sizeof(bg_move) * ((size_t)n < cap ? (size_t)n : cap));
    return n;
}

int bg_position_is_legal(const bg_position *pos, bg_move m)
{
    bg_move tmp[BGI_MAX_MOVES];
    if (!pos || m == BG_MOVE_NONE || pos->invalid)
        return 0;
    const bgi_rules *r = pos->variant->rules;
    if (r->moves_to && !(m & BG_MOVE_PASS)) {
        /* Only the moves of the piece's kind onto the target: what play() checks every move. */
        const int squares = pos->variant->width * pos->variant->height;
        const int from = BG_MOVE_FROM(m), to = BG_MOVE_TO(m);
        int kind;
        if (m & BG_MOVE_DROP) {
            kind = to < squares ? (int)BG_MOVE_KIND(m) : 0;
        } else {
            bg_piece p = from < squares && to < squares ? r->piece_at(pos, from) : BG_PIECE_NONE;
            kind = p ? (int)BG_PIECE_KIND(p) : 0;
        }
        if (!kind || kind >= 64)
            return 0;
        int n = r->moves_to(pos, to, (uint64_t)1 << kind, tmp);
        for (int i = 0; i < n; i++)
            if (tmp[i] == m)
                return 1;
        return 0;
    }
    int n = bgi_position_moves(pos, tmp);
    for (int i = 0; i < n; i++)
        if (tmp[i] == m)
            return 1;
    return 0;
}

unsigned bg_position_move_flags(const bg_position *pos, bg_move m)
{
    if (!bg_position_is_legal(pos, m))
        return 0;
    return pos->variant->rules->move_flags(pos, m);
}

bg_status bg_position_play(bg_position *pos, bg_move m)
{
    if (!pos)
        return BG_E_INVALID_ARGUMENT;
    if (pos->invalid)
        return BG_E_INVALID_POSITION;
    if (!bg_position_is_legal(pos, m))
        return BG_E_ILLEGAL_MOVE;
    bgi_position_make(pos, m);
    return BG_OK;
}

bg_status bg_position_play_into(bg_position *dst, const bg_position *src, bg_move m)
{
    if (!dst || !src || dst->variant != src->variant)
        return BG_E_INVALID_ARGUMENT;
    if (src->invalid)
        return BG_E_INVALID_POSITION;
    if (!bg_position_is_legal(src, m))
        return BG_E_ILLEGAL_MOVE;
    if (dst != src) {
        bgi_alloc keep = dst->alloc;
        memcpy(dst, src, handle_size(src->variant));
        dst->alloc = keep;
    }
    bgi_position_make(dst, m);
    return BG_OK;
}

uint64_t bg_position_perft(const bg_position *pos, int depth)
{
    if (!pos || depth < 0 || pos->invalid)
        return 0;
    return pos->variant->rules->perft(pos, depth);
}

int bg_position_divide(const bg_position *pos, int depth, bg_move *moves, uint64_t *counts,
                       size_t cap)
{
    bg_move tmp[BGI_MAX_MOVES];
    if (!pos || depth < 1 || ((!moves || !counts) && cap))
        return BG_E_INVALID_ARGUMENT;
    if (pos->invalid)
        return BG_E_INVALID_POSITION;
    int n = bgi_position_moves(pos, tmp);
    for (int i = 0; i < n && (size_t)i < cap; i++) {
        /* A copy on the stack: the handle header plus the engine state, no allocation. */
        alignas(max_align_t) unsigned char raw[BGI_MAX_POSITION_BYTES];
        bg_position *c = (bg_position *)raw;
        if (handle_size(pos->variant) > sizeof raw)
            return BG_E_LIMIT;
        memcpy(c, pos, handle_size(pos->variant));
        bgi_position_make(c, tmp[i]);
        moves[i] = tmp[i];
        counts[i] = pos->variant->rules->perft(c, depth - 1);
    }
    return n;
}
