/* Fuzz target: record readers (PGN, xiangqi PGN, .gib, skr, KIF, KI2, CSA) and the export/read/export fixed point. */
#include "fuzz_common.h"

/*
** Built once per parser with FUZZ_VARIANTS (a '|' list), FUZZ_FORMATS (one record format) and
** FUZZ_OPTIONS (a '|' list, an empty entry = the defaults). Input: byte 0 picks the variant (byte
** 0 modulo the variants) and the options (byte 0 divided by the variants); the rest is the file.
** Each game read is exported, the export read back and exported again: both exports must be
** equal; the file is read strictly and leniently (BG_RECORD_LENIENT: a dialect must export as
** text the strict reader reads back). With FUZZ_SJIS (fuzz_record_sjis.c) the seeds and the
** dictionary are Shift_JIS, so the reader's per-game decoding is what gets fuzzed. (Reading the
** raw bytes is no longer compared with a whole-file CP932 conversion: each game is decoded on
** its own, as UTF-8, CP932 or EUC-JP, and error offsets are those of the raw bytes.)
*/
#define MAX_GAMES 64

static int write_game(const void *g, const char *format, char *buf, size_t cap)
{
    return bg_game_export(g, format, buf, cap);
}

static char *export_game(const bg_game *g) { return fuzz_text(write_game, g, FUZZ_FORMATS); }

/* Appends "what code offset\n" to *log (a malloc'd string); nothing when log is NULL. */
static void log_add(char **log, const char *what, int code, size_t offset)
{
    if (!log || !*log)
        return;
    size_t n = strlen(*log), add = strlen(what) + 48;
    char *p = realloc(*log, n + add);
    if (!p) {
        free(*log);
        *log = NULL;
        return;
    }
    snprintf(p + n, add, "%s %d %zu\n", what, code, offset);
    *log = p;
}

/* Reads the first game of `text`; NULL (with err filled) if there is none. */
static bg_game *read_one(const bg_variant *v, const char *options, const char *text, size_t len,
                         bg_error *err)
{
    bg_record_reader *r = NULL;
    bg_game *g = NULL;
    if (bg_record_reader_new(&r, v, FUZZ_FORMATS, text, len, options, NULL, err) != BG_OK)
        return NULL;
    if (bg_record_reader_next(r, &g, err) != BG_OK)
        g = NULL;
    bg_record_reader_free(r);
    return g;
}

/*
** Reads every game of the file, checking the round trip of each; appends one line per game (its
** export, or its error code and offset) to *log when log is not NULL.
*/
static void read_all(const bg_variant *v, const char *options, const char *text, size_t len,
                     unsigned flags, char **log)
{
    bg_record_reader *r = NULL;
    bg_error err = BG_ERROR_INIT;
    bg_status st = bg_record_reader_open_memory(&r, v, FUZZ_FORMATS, text, len, options, flags,
                                                NULL, &err);
    if (st != BG_OK) {
        FUZZ_CHECK(r == NULL && err.code == st, "failed open: handle %p, code %d vs %d", (void *)r,
                   err.code, st);
        log_add(log, "open error", st, err.offset);
        return;
    }
    for (int i = 0; i < MAX_GAMES; i++) {
        bg_game *g = NULL;
        bg_error gerr = BG_ERROR_INIT;
        st = bg_record_reader_next(r, &g, &gerr);
        if (st == BG_E_END)
            break;
        if (st != BG_OK) {
            FUZZ_CHECK(g == NULL && gerr.code == st, "failed read left a game or no error code");
            /* Offsets are of the input's bytes, also for decoded text. */
            FUZZ_CHECK(gerr.offset <= len, "error offset %zu beyond the input (%zu)", gerr.offset,
                       len);
            log_add(log, "error", st, gerr.offset);
            continue;
        }
        char *e1 = export_game(g);
        FUZZ_CHECK(e1 != NULL, "a game read cannot be exported");
        bg_error rerr = BG_ERROR_INIT;
        bg_game *g2 = read_one(v, options, e1, strlen(e1), &rerr);
        FUZZ_CHECK(g2 != NULL, "export does not read back (%s):\n%s", rerr.message, e1);
        FUZZ_CHECK(bg_game_ply_count(g2) == bg_game_ply_count(g), "ply count %d -> %d:\n%s",
                   bg_game_ply_count(g), bg_game_ply_count(g2), e1);
        FUZZ_CHECK(bg_position_hash(bg_game_position(g2)) == bg_position_hash(bg_game_position(g)),
                   "final position differs after export/read:\n%s", e1);
        char *e2 = export_game(g2);
        FUZZ_CHECK(e2 && strcmp(e1, e2) == 0, "export not stable:\n--- first\n%s\n--- second\n%s",
                   e1, e2 ? e2 : "(null)");
        log_add(log, e1, 0, 0);
        free(e2);
        free(e1);
        bg_game_free(g2);
        bg_game_free(g);
    }
    bg_record_reader_free(r);
}


int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    char vbuf[32], obuf[96];
    const bg_variant *v = bg_variant_find(fuzz_pick(FUZZ_VARIANTS, data[0], vbuf, sizeof vbuf));
    FUZZ_CHECK(v != NULL, "unknown variant");
    /* Byte 0 = variant + count * option: every variant meets every option of FUZZ_OPTIONS. */
    const char *options = fuzz_pick(FUZZ_OPTIONS, data[0] / fuzz_count(FUZZ_VARIANTS), obuf,
                                    sizeof obuf);
    const char *text = (const char *)data + 1;
    size_t len = size - 1;
    read_all(v, options, text, len, 0, NULL);
    /* Lenient reading too: what a dialect gives must export as text the strict reader reads back. */
    read_all(v, options, text, len, BG_RECORD_LENIENT, NULL);
    return 0;
}
