/* Fuzz target: position text parsers (FEN family, SFEN, sevenkingdoms text) and their write/parse round trip. */
#include "fuzz_common.h"

/*
** Built once per family with FUZZ_VARIANTS, FUZZ_FORMATS and FUZZ_OPTIONS ('|' lists; an empty
** entry = NULL, the default). Input: byte 0 picks variant, format, options and strictness; the
** rest is the text.
*/
#ifndef FUZZ_VARIANTS
#error "define FUZZ_VARIANTS"
#endif

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    unsigned sel = data[0];
    char vbuf[32], fbuf[32], obuf[96];
    const char *vid = fuzz_pick(FUZZ_VARIANTS, sel >> 5, vbuf, sizeof vbuf);
    const char *format = fuzz_pick(FUZZ_FORMATS, (sel >> 1) & 7, fbuf, sizeof fbuf);
    const char *options = fuzz_pick(FUZZ_OPTIONS, sel >> 4, obuf, sizeof obuf);
    unsigned flags = sel & 1 ? BG_PARSE_LENIENT : 0;
    const bg_variant *v = bg_variant_find(vid);
    FUZZ_CHECK(v != NULL, "unknown variant %s", vid);
    char *text = fuzz_strdup(data + 1, size - 1);
    if (!text)
        return 0;

    bg_position *pos = NULL;
    bg_error err = BG_ERROR_INIT;
    bg_status st = bg_position_from_text(&pos, v, text, format, options, flags, NULL, &err);
    if (st != BG_OK) {
        FUZZ_CHECK(pos == NULL, "failed parse left a handle");
        FUZZ_CHECK(err.code == st && memchr(err.message, '\0', sizeof err.message),
                   "error details not filled: %d vs %d", err.code, st);
        FUZZ_CHECK(err.offset <= size - 1, "error offset %zu beyond the text (%zu)", err.offset,
                   size - 1);
        free(text);
        return 0;
    }

    /* What the writer produces must parse back strictly to the same position and the same text. */
    char *out1 = fuzz_position_text(pos, format);
    FUZZ_CHECK(out1 != NULL, "cannot write a parsed position (%s)", text);
    bg_position *again = NULL;
    bg_error err2 = BG_ERROR_INIT;
    st = bg_position_from_text(&again, v, out1, format, options, 0, NULL, &err2);
    FUZZ_CHECK(st == BG_OK, "written text does not parse back: \"%s\" -> \"%s\": %s", text, out1,
               err2.message);
    FUZZ_CHECK(bg_position_hash(again) == bg_position_hash(pos), "hash changed: \"%s\" -> \"%s\"",
               text, out1);
    FUZZ_CHECK(bg_position_side_to_move(again) == bg_position_side_to_move(pos),
               "side to move changed: \"%s\"", out1);
    char *out2 = fuzz_position_text(again, format);
    FUZZ_CHECK(out2 && strcmp(out1, out2) == 0, "text not stable: \"%s\" -> \"%s\"", out1,
               out2 ? out2 : "(null)");

    /* The parsed position must be usable: legal moves, and each legal move playable. */
    int max = bg_variant_max_moves(v);
    bg_move *moves = malloc(sizeof *moves * (size_t)max);
    if (moves) {
        int n = bg_position_legal_moves(pos, moves, (size_t)max);
        FUZZ_CHECK(n >= 0 && n <= max, "legal move count %d (max %d) for \"%s\"", n, max, out1);
        for (int i = 0; i < n; i++) {
            FUZZ_CHECK(bg_position_copy(again, pos) == BG_OK, "copy failed");
            FUZZ_CHECK(bg_position_play(again, moves[i]) == BG_OK, "legal move %u refused in \"%s\"",
                       (unsigned)moves[i], out1);
        }
        free(moves);
    }
    free(out2);
    bg_position_free(again);
    free(out1);
    bg_position_free(pos);
    free(text);
    return 0;
}
