/* libboardgames — Seven Kingdoms board geometry: the padded mailbox and its generated conversion tables. */
#ifndef BG_SK_TABLES_H
#define BG_SK_TABLES_H

#include <stdint.h>

/*
** The 19x19 points live in a mailbox 20 wide and 21 high: column 0 and rows 0 and 20 are
** off-board sentinels, so every single step out of the board lands on a sentinel (column 0 also
** serves as the column east of file s of the row below). Sliders stop at the sentinel without
** any bounds test.
*/
#define SK_FILES 19
#define SK_POINTS (SK_FILES * SK_FILES)
#define SK_MB_W 20
#define SK_MB 424 /* (19 + 2) * 20 rounded up; the largest index reached is 420 */
#define SK_MB_OF(file, rank) (((rank) + 1) * SK_MB_W + (file) + 1)

enum { SK_N = SK_MB_W, SK_S = -SK_MB_W, SK_E = 1, SK_W = -1,
       SK_NE = SK_MB_W + 1, SK_NW = SK_MB_W - 1, SK_SE = 1 - SK_MB_W, SK_SW = -1 - SK_MB_W };

/* Public point number (rank * 19 + file) of a mailbox index, -1 for a sentinel. */
extern const int16_t sk_point_of[SK_MB] __attribute__((visibility("hidden")));
/* Mailbox index of a public point number. */
extern const uint16_t sk_mb_of[SK_POINTS] __attribute__((visibility("hidden")));

#endif
