/* Fuzz target: sequences of position edits on every variant; after each, the position is what its text reads as, or refused by every call that plays. */
#define BG_EXPERIMENTAL
#include "fuzz_common.h"

/*
** Input: byte 0 picks the variant, byte 1 the start position or a midgame; then 4-byte edits
** (operation, three arguments): set a piece, a hand count, the side to move, a castling right,
** the en-passant square, the counters, clear, or play a legal move. After every edit:
** - a valid position (bg_position_validate) reads back from its own text with the same text,
**   hash (but for an en-passant square the text leaves out), legal moves and move texts, and
**   perft 1 counts its moves;
** - an invalid one is refused by legal moves, play, perft and move text, and still writes its
**   text, snapshot, diagram and picture.
*/
#define MAX_VARIANTS 32

static bg_position *starts[MAX_VARIANTS][2];
static bg_move moves_a[4096], moves_b[4096];
static char text[8192], batch_a[1 << 16], batch_b[1 << 16];

/*
** The legal move at `k` (mod n) or the next one that is not a pass: a pass answering a pass (or
** one accepting janggi's bikjang) ends the game over the board, which no position text records
** (docs/janggi.md), so such a position would not read back the same.
*/
static bg_move not_a_pass(const bg_move *moves, int n, int k)
{
    for (int i = 0; i < n; i++) {
        bg_move m = moves[(k + i) % n];
        if (!bg_move_is_pass(m))
            return m;
    }
    return BG_MOVE_NONE;
}

/* The walk of the second start position of each variant. */
static bg_move walk_move(const bg_move *moves, int n, int ply)
{
    return not_a_pass(moves, n, ply * 5 + 1);
}

static void setup(void)
{
    fuzz_variant_positions(starts, MAX_VARIANTS, 20, walk_move);
}

static void check(const bg_position *p)
{
    const bg_variant *v = bg_position_variant(p);
    int len = bg_position_text(p, NULL, text, sizeof text);
    FUZZ_CHECK(len > 0 && (size_t)len < sizeof text, "%s: no text (%d)", bg_variant_id(v), len);
    bg_snapshot s = BG_SNAPSHOT_INIT;
    FUZZ_CHECK(bg_position_snapshot(p, &s) == BG_OK, "snapshot");
    bg_error err = BG_ERROR_INIT;
    bg_status valid = bg_position_validate(p, &err);
    FUZZ_CHECK(s.valid == (valid == BG_OK), "%s: snapshot and validate disagree on %s",
               bg_variant_id(v), text);
    FUZZ_CHECK(bg_position_diagram(p, NULL, NULL, 0) > 0, "%s: no diagram of %s", bg_variant_id(v), text);
    FUZZ_CHECK(bg_position_svg(p, NULL, NULL, 0) > 0, "%s: no picture of %s", bg_variant_id(v), text);
    if (valid != BG_OK) {
        FUZZ_CHECK(err.message[0] != 0, "%s: invalid without a reason: %s", bg_variant_id(v), text);
        FUZZ_CHECK(bg_position_legal_moves(p, moves_a, 4096) == BG_E_INVALID_POSITION,
                   "%s: legal moves of an invalid position %s", bg_variant_id(v), text);
        FUZZ_CHECK(bg_position_legal_moves_text(p, NULL, 0, NULL, 0) == BG_E_INVALID_POSITION,
                   "move text of an invalid position");
        FUZZ_CHECK(bg_position_perft(p, 1) == 0 && !bg_position_in_check(p), "perft of invalid");
        return;
    }
    bg_position *q = NULL;
    bg_status st = bg_position_from_text(&q, v, text, NULL, NULL, 0, NULL, &err);
    FUZZ_CHECK(st == BG_OK, "%s: valid position %s does not read back: %s", bg_variant_id(v),
               text, err.message);
    char again[8192];
    bg_position_text(q, NULL, again, sizeof again);
    FUZZ_CHECK(strcmp(text, again) == 0, "%s: %s reads back as %s", bg_variant_id(v), text, again);
    /*
    ** The text keeps an en-passant square only when the capture is legal (as python-chess
    ** writes FEN), the Polyglot key whenever a pawn stands next to it (as the book format
    ** says): after a double step next to a pinned pawn, that square is the one difference.
    */
    uint64_t hash = bg_position_hash(p);
    if (hash != bg_position_hash(q) && s.en_passant >= 0) {
        bg_position *r = NULL;
        bg_snapshot sq = BG_SNAPSHOT_INIT;
        FUZZ_CHECK(bg_position_snapshot(q, &sq) == BG_OK && sq.en_passant < 0 &&
                       bg_position_clone(&r, p) == BG_OK &&
                       bg_position_set_en_passant(r, -1) == BG_OK,
                   "%s: %s: en passant %d", bg_variant_id(v), text, s.en_passant);
        hash = bg_position_hash(r);
        bg_position_free(r);
    }
    FUZZ_CHECK(hash == bg_position_hash(q), "%s: hash of %s", bg_variant_id(v), text);
    int na = bg_position_legal_moves(p, moves_a, 4096), nb = bg_position_legal_moves(q, moves_b, 4096);
    FUZZ_CHECK(na == nb && na >= 0 && memcmp(moves_a, moves_b, sizeof(bg_move) * (size_t)na) == 0,
               "%s: legal moves of %s differ (%d, %d)", bg_variant_id(v), text, na, nb);
    FUZZ_CHECK(bg_position_perft(p, 1) == (uint64_t)na, "%s: perft 1 of %s", bg_variant_id(v), text);
    const char *nt = bg_variant_notation_at(v, bg_variant_notation_count(v) - 1);
    int la = bg_position_legal_moves_text(p, nt, 0, batch_a, sizeof batch_a);
    int lb = bg_position_legal_moves_text(q, nt, 0, batch_b, sizeof batch_b);
    FUZZ_CHECK(la == lb && la >= 0 && memcmp(batch_a, batch_b, (size_t)la) == 0,
               "%s: %s texts of %s differ", bg_variant_id(v), nt, text);
    bg_position_free(q);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static int ready;
    if (!ready) {
        setup();
        ready = 1;
    }
    if (size < 2)
        return 0;
    int vi = data[0] % bg_variant_count();
    const bg_variant *v = bg_variant_at(vi);
    const int squares = bg_variant_width(v) * bg_variant_height(v);
    const int sides = bg_variant_sides(v), kinds = bg_variant_piece_kinds(v);
    bg_position *p = NULL;
    FUZZ_CHECK(bg_position_clone(&p, starts[vi][data[1] & 1]) == BG_OK, "clone");
    for (size_t i = 2; i + 4 <= size && i < 2 + 4 * 64; i += 4) {
        const unsigned op = data[i] % 8, a = data[i + 1], b = data[i + 2], c = data[i + 3];
        const int sq = (int)((a << 8 | b) % (unsigned)(squares + 1)) - 1; /* -1 .. squares-1 */
        switch (op) {
        case 0: { /* a piece, or an empty square, or something no variant has */
            int side = (int)(c >> 5) % (sides + 2), kind = (int)(c & 31) % (kinds + 2);
            bg_piece piece = kind ? BG_PIECE(side, kind) : BG_PIECE_NONE;
            bg_position_set_piece(p, sq < 0 ? 0 : sq, piece);
            break;
        }
        case 1:
            bg_position_set_hand_count(p, (int)(a % 3), (int)(b % (unsigned)(kinds + 2)),
                                       (int)c - 8);
            break;
        case 2:
            bg_position_set_side_to_move(p, (int)(c % (unsigned)(sides + 1)));
            break;
        case 3:
            bg_position_set_castling(p, (int)(c & 1), (int)(c >> 1 & 1), sq);
            break;
        case 4:
            bg_position_set_en_passant(p, sq);
            break;
        case 5:
            bg_position_set_counters(p, (int)(a << 8 | b) - 1, (int)c - 1);
            break;
        case 6:
            if (c == 0)
                bg_position_clear(p);
            break;
        default: { /* play a legal move other than a pass, when there is one */
            int n = bg_position_legal_moves(p, moves_a, 4096);
            bg_move m = not_a_pass(moves_a, n, (int)c);
            if (m != BG_MOVE_NONE)
                FUZZ_CHECK(bg_position_play(p, m) == BG_OK, "play");
            break;
        }
        }
        check(p);
    }
    bg_position_free(p);
    return 0;
}
