/* libboardgames — snapshots and position editing: one struct for the whole position, edits rebuilt by the families and checked by the position readers. */
#include <stdalign.h>
#include <string.h>

#include "internal.h"

/*
** How editing stays exact: every edit is a snapshot changed in one field and loaded back. The
** family's `load` rebuilds its engine state from the snapshot (bitboards, piece lists, keys from
** scratch); then the position's own text is read back by the family's reader. If the reader
** accepts it, the position becomes the reader's (so an edited position is the position its text
** describes, incremental state included); if it refuses, the position is marked invalid and
** bg_position_validate() reports the reader's reason. No validity rule is written twice.
*/

#define TEXT_MAX 4096 /* the longest position text (Seven Kingdoms) is under 2 KiB */

static size_t board_end(const bg_variant *v)
{
    return offsetof(bg_snapshot, board) + sizeof(bg_piece) * (size_t)(v->width * v->height);
}

static unsigned rights_of(const bg_variant *v)
{
    return v->rules->rights | (v->has_drops ? BG_RIGHT_HANDS : 0u);
}

static void fill(const bg_position *pos, bg_snapshot *s)
{
    const bg_variant *v = pos->variant;
    const bgi_rules *r = v->rules;
    memset(s, 0, sizeof *s);
    s->size = sizeof *s;
    s->width = v->width;
    s->height = v->height;
    s->sides = v->sides;
    s->kinds = v->piece_kinds;
    s->rights = rights_of(v);
    s->side_to_move = r->side_to_move(pos);
    s->valid = !pos->invalid;
    s->in_check = pos->invalid ? 0 : r->in_check(pos);
    s->hash = r->hash(pos);
    s->halfmove_clock = r->halfmove_clock(pos);
    s->fullmove_number = r->fullmove_number(pos);
    s->en_passant = -1;
    for (int side = 0; side < 2; side++)
        s->castling[side][0] = s->castling[side][1] = -1;
    if (r->get_rights)
        r->get_rights(pos, s);
    if (v->has_drops && r->hand_count)
        for (int side = 0; side < v->sides && side < BG_MAX_SIDES; side++)
            for (int k = 1; k <= v->piece_kinds && k < BG_SNAPSHOT_KINDS; k++)
                s->hand[side][k] = r->hand_count(pos, side, k);
    for (int sq = 0; sq < v->width * v->height; sq++)
        s->board[sq] = r->piece_at(pos, sq);
}

bg_status bg_position_snapshot(const bg_position *pos, bg_snapshot *out)
{
    if (!pos || !out || out->size < board_end(pos->variant))
        return BG_E_INVALID_ARGUMENT;
    bg_snapshot s;
    fill(pos, &s);
    size_t keep = out->size;
    memcpy(out, &s, keep < sizeof s ? keep : sizeof s);
    out->size = keep;
    return BG_OK;
}

/* What no position of the variant can hold, whatever the family: checked before `load`. */
static bg_status check_snapshot(const bg_variant *v, const bg_snapshot *s)
{
    const unsigned rights = rights_of(v);
    if (s->size < board_end(v) || s->width != v->width || s->height != v->height ||
        s->sides != v->sides || s->kinds != v->piece_kinds)
        return BG_E_INVALID_ARGUMENT;
    if (s->side_to_move < 0 || s->side_to_move >= v->sides)
        return BG_E_INVALID_ARGUMENT;
    for (int sq = 0; sq < v->width * v->height; sq++) {
        bg_piece p = s->board[sq];
        int kind = BG_PIECE_KIND(p), side = BG_PIECE_SIDE(p);
        if (p == BG_PIECE_NONE)
            continue;
        if (p < 0 || kind < 1 || kind > v->piece_kinds || side > v->sides ||
            (side == v->sides && !v->info->neutral))
            return BG_E_INVALID_ARGUMENT;
    }
    for (int side = 0; side < BG_MAX_SIDES; side++)
        for (int k = 0; k < BG_SNAPSHOT_KINDS; k++) {
            int n = s->hand[side][k];
            if (n == 0)
                continue;
            if (!(rights & BG_RIGHT_HANDS))
                return BG_E_UNSUPPORTED;
            /* A hand holds unpromoted, non-royal pieces: what a capture gives back. */
            if (n < 0 || n > 255 || side >= v->sides || k < 1 || k > v->piece_kinds ||
                v->info->pieces[k].base || v->info->pieces[k].royal)
                return BG_E_INVALID_ARGUMENT;
        }
    for (int side = 0; side < 2; side++)
        for (int w = 0; w < 2; w++) {
            int r = s->castling[side][w];
            if (r == -1)
                continue;
            if (!(rights & BG_RIGHT_CASTLING))
                return BG_E_UNSUPPORTED;
            if (r < 0 || r >= v->width * v->height)
                return BG_E_INVALID_ARGUMENT;
        }
    if (s->en_passant != -1) {
        if (!(rights & BG_RIGHT_EN_PASSANT))
            return BG_E_UNSUPPORTED;
        if (s->en_passant < 0 || s->en_passant >= v->width * v->height)
            return BG_E_INVALID_ARGUMENT;
    }
    if (s->halfmove_clock < 0 || s->halfmove_clock > 65535 || s->fullmove_number < 1 ||
        s->fullmove_number > 65535)
        return BG_E_INVALID_ARGUMENT;
    return BG_OK;
}

/* A stack copy of a handle: the header and the engine state, no allocation. */
typedef struct scratch {
    alignas(max_align_t) unsigned char raw[BGI_MAX_POSITION_BYTES];
} scratch;

static size_t handle_bytes(const bg_variant *v) { return sizeof(bg_position) + v->rules->state_size; }

/* Read pos's own text back into tmp (a copy of pos): the readers' verdict on the position. */
static bg_status reread(const bg_position *pos, bg_position *tmp, bg_error *err)
{
    char text[TEXT_MAX];
    int n = pos->variant->rules->format(pos, NULL, text, sizeof text);
    if (n < 0 || (size_t)n >= sizeof text)
        return bgi_fail(err, BG_E_LIMIT, 0, "the position's text is longer than %d bytes",
                        TEXT_MAX - 1);
    memcpy(tmp, pos, handle_bytes(pos->variant));
    return pos->variant->rules->parse(tmp, text, NULL, 0, err);
}

bg_status bg_position_load(bg_position *pos, const bg_snapshot *snap)
{
    if (!pos || !snap)
        return BG_E_INVALID_ARGUMENT;
    const bg_variant *v = pos->variant;
    if (!v->rules->load)
        return BG_E_UNSUPPORTED;
    bg_status s = check_snapshot(v, snap);
    if (s != BG_OK)
        return s;
    scratch a, b;
    bg_position *edited = (bg_position *)a.raw, *read = (bg_position *)b.raw;
    if (handle_bytes(v) > sizeof a.raw)
        return BG_E_LIMIT;
    memcpy(edited, pos, handle_bytes(v));
    if ((s = v->rules->load(edited, snap)) != BG_OK)
        return s;
    edited->invalid = 0;
    if (reread(edited, read, NULL) == BG_OK) {
        read->invalid = 0;
        memcpy(pos, read, handle_bytes(v));
    } else {
        edited->invalid = 1;
        memcpy(pos, edited, handle_bytes(v));
    }
    return BG_OK;
}

bg_status bg_position_validate(const bg_position *pos, bg_error *err)
{
    bgi_error_clear(err);
    if (!pos)
        return bgi_fail(err, BG_E_INVALID_ARGUMENT, 0, "no position given");
    if (!pos->invalid)
        return BG_OK;
    scratch a;
    if (handle_bytes(pos->variant) > sizeof a.raw)
        return BG_E_LIMIT;
    return reread(pos, (bg_position *)a.raw, err);
}

/* The edits: a snapshot of the position, one field changed, loaded back. */
static bg_status begin(const bg_position *pos, bg_snapshot *s)
{
    if (!pos)
        return BG_E_INVALID_ARGUMENT;
    fill(pos, s);
    return BG_OK;
}

/*
** Load an edit of a field only some variants have (`right`): BG_E_UNSUPPORTED on the others. The
** edit's arguments are checked before, so a wrong call is BG_E_INVALID_ARGUMENT on every variant.
*/
static bg_status load_if(bg_position *pos, const bg_snapshot *s, unsigned right)
{
    return s->rights & right ? bg_position_load(pos, s) : BG_E_UNSUPPORTED;
}

bg_status bg_position_set_piece(bg_position *pos, int square, bg_piece piece)
{
    bg_snapshot s;
    if (begin(pos, &s) != BG_OK || square < 0 || square >= s.width * s.height)
        return BG_E_INVALID_ARGUMENT;
    s.board[square] = piece;
    return bg_position_load(pos, &s);
}

bg_status bg_position_set_hand_count(bg_position *pos, int side, int kind, int count)
{
    bg_snapshot s;
    if (begin(pos, &s) != BG_OK || side < 0 || side >= s.sides || side >= BG_MAX_SIDES ||
        kind < 1 || kind > s.kinds || kind >= BG_SNAPSHOT_KINDS)
        return BG_E_INVALID_ARGUMENT;
    s.hand[side][kind] = count;
    return load_if(pos, &s, BG_RIGHT_HANDS);
}

bg_status bg_position_set_side_to_move(bg_position *pos, int side)
{
    bg_snapshot s;
    if (begin(pos, &s) != BG_OK || side < 0 || side >= s.sides)
        return BG_E_INVALID_ARGUMENT;
    s.side_to_move = side;
    return bg_position_load(pos, &s);
}

bg_status bg_position_set_castling(bg_position *pos, int side, int wing, int rook_square)
{
    bg_snapshot s;
    if (begin(pos, &s) != BG_OK || side < 0 || side > 1 ||
        (wing != BG_WING_KING && wing != BG_WING_QUEEN))
        return BG_E_INVALID_ARGUMENT;
    s.castling[side][wing] = rook_square;
    return load_if(pos, &s, BG_RIGHT_CASTLING);
}

bg_status bg_position_set_en_passant(bg_position *pos, int square)
{
    bg_snapshot s;
    if (begin(pos, &s) != BG_OK)
        return BG_E_INVALID_ARGUMENT;
    s.en_passant = square;
    return load_if(pos, &s, BG_RIGHT_EN_PASSANT);
}

bg_status bg_position_set_counters(bg_position *pos, int halfmove_clock, int fullmove_number)
{
    bg_snapshot s;
    if (begin(pos, &s) != BG_OK || halfmove_clock < -1 || fullmove_number < -1)
        return BG_E_INVALID_ARGUMENT;
    if (halfmove_clock >= 0)
        s.halfmove_clock = halfmove_clock;
    if (fullmove_number >= 0)
        s.fullmove_number = fullmove_number;
    return bg_position_load(pos, &s);
}

bg_status bg_position_clear(bg_position *pos)
{
    bg_snapshot s;
    if (begin(pos, &s) != BG_OK)
        return BG_E_INVALID_ARGUMENT;
    memset(s.board, 0, sizeof s.board);
    memset(s.hand, 0, sizeof s.hand);
    s.en_passant = -1;
    for (int side = 0; side < 2; side++)
        s.castling[side][0] = s.castling[side][1] = -1;
    s.halfmove_clock = 0;
    s.fullmove_number = 1;
    return bg_position_load(pos, &s);
}

/* The rights fields alone (get_rights writes nothing else). */
static void rights_only(const bg_position *pos, bg_snapshot *s)
{
    s->en_passant = -1;
    for (int side = 0; side < 2; side++)
        s->castling[side][0] = s->castling[side][1] = -1;
    if (pos->variant->rules->get_rights)
        pos->variant->rules->get_rights(pos, s);
}

int bg_position_castling(const bg_position *pos, int side, int wing)
{
    if (!pos || side < 0 || side > 1 || (wing != BG_WING_KING && wing != BG_WING_QUEEN))
        return -1;
    bg_snapshot s;
    rights_only(pos, &s);
    return s.castling[side][wing];
}

int bg_position_en_passant(const bg_position *pos)
{
    if (!pos)
        return -1;
    bg_snapshot s;
    rights_only(pos, &s);
    return s.en_passant;
}
