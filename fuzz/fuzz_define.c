/* Fuzz target: variant definitions (variants.ini text): errors well formed, defined variants usable (moves, text round trip). */
#include "fuzz_common.h"

/*
** Input: definition text. A refused text must leave the set empty with a positioned error; an
** accepted one gives variants whose start position writes and reads back the same, whose moves
** format and parse back in every notation, and whose positions after a few moves stay sane.
*/
static void check_variant(const bg_variant *v)
{
    bg_position *pos = NULL;
    bg_error err = BG_ERROR_INIT;
    FUZZ_CHECK(bg_position_new(&pos, v, NULL, NULL, &err) == BG_OK, "start position refused: %s",
               err.message);
    char *text = fuzz_position_text(pos, NULL);
    FUZZ_CHECK(text && !strcmp(text, bg_variant_start_text(v)), "start text differs");
    bg_position *back = NULL;
    FUZZ_CHECK(bg_position_from_text(&back, v, text, NULL, NULL, 0, NULL, &err) == BG_OK,
               "start text does not read back: %s: %s", text, err.message);
    FUZZ_CHECK(bg_position_hash(back) == bg_position_hash(pos), "hash differs after reading");
    bg_position_free(back);
    free(text);
    int max = bg_variant_max_moves(v);
    bg_move *moves = malloc(sizeof *moves * (size_t)max);
    if (!moves) {
        bg_position_free(pos);
        return;
    }
    int n = bg_position_legal_moves(pos, moves, (size_t)max);
    FUZZ_CHECK(n >= 0 && n <= max, "move count %d out of range", n);
    for (int i = 0; i < n && i < 64; i++) {
        for (int k = 0; k < bg_variant_notation_count(v); k++) {
            const char *nt = bg_variant_notation_at(v, k);
            char mv[64];
            bg_move m2 = BG_MOVE_NONE;
            int len = bg_move_format(pos, moves[i], nt, mv, sizeof mv);
            FUZZ_CHECK(len > 0 && (size_t)len < sizeof mv, "%s format failed: %d", nt, len);
            FUZZ_CHECK(bg_move_parse(pos, mv, nt, 0, &m2, &err) == BG_OK && m2 == moves[i],
                       "%s '%s' does not parse back: %s", nt, mv, err.message);
        }
        bg_position *c = NULL;
        FUZZ_CHECK(bg_position_clone(&c, pos) == BG_OK, "clone failed");
        FUZZ_CHECK(bg_position_play(c, moves[i]) == BG_OK, "legal move refused");
        int k = bg_position_legal_moves(c, NULL, 0);
        FUZZ_CHECK(k >= 0 && k <= max, "reply count %d out of range", k);
        bg_position_free(c);
    }
    free(moves);
    bg_position_free(pos);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    bg_variant_set *set = NULL;
    bg_error err = BG_ERROR_INIT;
    FUZZ_CHECK(bg_variant_set_new(&set, NULL, &err) == BG_OK, "no set: %s", err.message);
    bg_status st = bg_variant_define(set, (const char *)data, size, &err);
    if (st != BG_OK) {
        FUZZ_CHECK(st < 0 && err.code == st, "status %d, error code %d", st, err.code);
        FUZZ_CHECK(memchr(err.message, '\0', sizeof err.message) && err.message[0],
                   "error without a message");
        FUZZ_CHECK(err.offset <= size && err.line >= 0, "error position off the text");
        FUZZ_CHECK(bg_variant_set_count(set) == 0, "a failed definition added variants");
    } else {
        FUZZ_CHECK(bg_variant_set_count(set) >= 1, "a definition without variants");
        for (int i = 0; i < bg_variant_set_count(set) && i < 8; i++)
            check_variant(bg_variant_set_at(set, i));
    }
    bg_variant_set_free(set);
    return 0;
}
