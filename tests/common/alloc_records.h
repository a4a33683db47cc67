/* What the record tests' allocation-failure walks share: reading every game of a reader whose allocator refuses a request, exporting each. */
#ifndef ALLOC_RECORDS_H
#define ALLOC_RECORDS_H

#include <check.h>

#include <boardgames/boardgames.h>

/*
** Read every game of r (s: the status of opening it; r is not read unless BG_OK), exporting each
** in out_format: an export may only fail for memory, a read only end or fail for memory. Counts
** the games read and exported; the last status (BG_E_END: all read).
*/
static inline bg_status ar_read_export(bg_record_reader *r, bg_status s, const char *out_format,
                                       const char *what, int *games, int *exported)
{
    *games = *exported = 0;
    while (s == BG_OK) {
        bg_game *g = NULL;
        bg_error e = BG_ERROR_INIT;
        s = bg_record_reader_next(r, &g, &e);
        if (s == BG_OK) {
            ++*games;
            char buf[65536];
            int k = bg_game_export(g, out_format, buf, sizeof buf);
            ck_assert_msg(k > 0 || k == BG_E_NO_MEMORY, "%s export: %d", what, k);
            *exported += k > 0;
            bg_game_free(g);
        } else {
            ck_assert_msg(s == BG_E_END || s == BG_E_NO_MEMORY, "%s: status %s (%s)", what,
                          bg_strerror(s), e.message);
        }
    }
    return s;
}

#endif
