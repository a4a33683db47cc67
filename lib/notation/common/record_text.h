/* libboardgames — what the record readers (PGN, .gib, .skr, KIF/KI2/CSA) share about their text: UTF-8 checks, positions, errors. */
#ifndef BG_RECORD_TEXT_H
#define BG_RECORD_TEXT_H

#include "internal.h"

/* Offset of the first byte that is not valid UTF-8 in p[from..to), or `to`. */
/* ASCII case-insensitive equality of two strings; of the n bytes at a and the string b. */
BGI_FUNC int bgi_same_nocase(const char *a, const char *b);
BGI_FUNC int bgi_same_nocase_n(const char *a, size_t n, const char *b);

BGI_FUNC size_t bgi_utf8_invalid(const unsigned char *p, size_t from, size_t to);
/*
** Line and column (1-based) of offset off in d, counting lines from offset from, which is on line
** from_line: readers count from the current game, not from the start of the file.
*/
BGI_FUNC void bgi_text_locate(const char *d, size_t from, int from_line, size_t off, int *line,
                              int *col);
/*
** Fail with "game G, ply P, line L: msg" ("game G, line L: msg" when ply is 0), G = shown_game,
** and fill the line, column, game_index and ply of err where the caller's bg_error has them.
*/
BGI_FUNC bg_status bgi_record_fail(bg_error *err, bg_status code, size_t off, int line, int col,
                                   int shown_game, int game_index, int ply, const char *msg);

/*
** The readers' fail(): the message formatted, offset off of the game's text d located counting
** lines from offset from (on line from_line), then bgi_record_fail for rd's current game.
*/
BGI_FUNC bg_status bgi_record_vfail(const bg_record_reader *rd, bg_error *err, const char *d,
                                    size_t from, int from_line, bg_status code, size_t off, int ply,
                                    const char *fmt, va_list ap) __attribute__((format(printf, 9, 0)));
BGI_FUNC bg_status bgi_record_failf(const bg_record_reader *rd, bg_error *err, const char *d,
                                    size_t from, int from_line, bg_status code, size_t off, int ply,
                                    const char *fmt, ...) __attribute__((format(printf, 9, 10)));

#endif
