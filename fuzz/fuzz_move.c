/* Fuzz target: every move notation of every variant, parsed against fixed positions, with format/parse round trips. */
#include "fuzz_common.h"

/*
** Input: byte 0 picks the variant, byte 1 the notation (or NULL = any), the position (start or a
** midgame) and strictness; the rest is the move text. The positions are built once (the midgame
** by a fixed pseudo-random walk from the start) and kept for the process.
*/
#define MAX_VARIANTS 32
#define WALK_PLIES 24

static bg_position *positions[MAX_VARIANTS][2];
static int ready;

/* Every legal move, written in each notation, must parse back (strictly) to itself. */
static void check_round_trips(const bg_position *pos, bg_move m)
{
    const bg_variant *v = bg_position_variant(pos);
    char buf[256];
    for (int k = 0; k < bg_variant_notation_count(v); k++) {
        const char *nid = bg_variant_notation_at(v, k);
        int n = bg_move_format(pos, m, nid, buf, sizeof buf);
        FUZZ_CHECK(n >= 0 && (size_t)n < sizeof buf, "%s: cannot format move %u in %s (%d)",
                   bg_variant_id(v), (unsigned)m, nid, n);
        bg_move back = BG_MOVE_NONE;
        bg_error err = BG_ERROR_INIT;
        bg_status st = bg_move_parse(pos, buf, nid, 0, &back, &err);
        FUZZ_CHECK(st == BG_OK && back == m, "%s: %s \"%s\" of move %u parses as %u (%s)",
                   bg_variant_id(v), nid, buf, (unsigned)m, (unsigned)back, err.message);
    }
}

/* The walk of the second start position of each variant. */
static bg_move walk_move(const bg_move *moves, int n, int ply) { return moves[(ply * 7 + 3) % n]; }

static void setup(void)
{
    const int count = fuzz_variant_positions(positions, MAX_VARIANTS, WALK_PLIES, walk_move);
    for (int i = 0; i < count; i++) {
        const int max = bg_variant_max_moves(bg_variant_at(i));
        bg_move *moves = malloc(sizeof *moves * (size_t)max);
        FUZZ_CHECK(moves != NULL, "out of memory");
        for (int p = 0; p < 2; p++) {
            int n = bg_position_legal_moves(positions[i][p], moves, (size_t)max);
            for (int j = 0; j < n; j++)
                check_round_trips(positions[i][p], moves[j]);
        }
        free(moves);
    }
    ready = 1;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (!ready)
        setup();
    if (size < 2)
        return 0;
    int vi = data[0] % bg_variant_count();
    const bg_variant *v = bg_variant_at(vi);
    int nn = bg_variant_notation_count(v);
    int ni = (data[1] & 15) % (nn + 1);
    const char *notation = ni < nn ? bg_variant_notation_at(v, ni) : NULL;
    const bg_position *pos = positions[vi][(data[1] >> 4) & 1];
    unsigned flags = data[1] & 32 ? BG_PARSE_LENIENT : 0;
    char *text = fuzz_strdup(data + 2, size - 2);
    if (!text)
        return 0;

    bg_move m = BG_MOVE_NONE;
    bg_error err = BG_ERROR_INIT;
    bg_status st = bg_move_parse(pos, text, notation, flags, &m, &err);
    if (st == BG_OK) {
        FUZZ_CHECK(bg_position_is_legal(pos, m), "%s: \"%s\" parsed to illegal move %u",
                   bg_variant_id(v), text, (unsigned)m);
        check_round_trips(pos, m);
    } else {
        FUZZ_CHECK(err.code == st && memchr(err.message, '\0', sizeof err.message),
                   "error details not filled");
        FUZZ_CHECK(err.offset <= size - 2, "error offset %zu beyond the text (%zu)", err.offset,
                   size - 2);
    }
    free(text);
    return 0;
}
