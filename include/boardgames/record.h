/* libboardgames — game records: read files of many games (PGN, KIF, CSA, ...) and write one game. */
#ifndef BOARDGAMES_RECORD_H
#define BOARDGAMES_RECORD_H

#include <boardgames/base.h>
#include <boardgames/game.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Opaque reader over an in-memory record file holding one or more games. */
typedef struct bg_record_reader bg_record_reader;

/* Documented limits against hostile input (BG_E_LIMIT beyond them). */
#define BG_RECORD_MAX_BYTES ((size_t)64 << 20)  /* one record file */
#define BG_RECORD_MAX_LINE 65536                /* bytes in one line */
#define BG_RECORD_MAX_GAMES 1000000             /* games in one file */
#define BG_RECORD_MAX_VARIATION_DEPTH 64        /* nesting of ( ... ) */
#define BG_RECORD_MAX_PLIES 10000               /* moves in one game */

/*
** Open a reader on `len` bytes of `data` (copied; the caller may free it after this returns).
** format: a record format id of the variant ("pgn", "kif", "csa", "gib", ...). Import is lenient
** about what real files contain (BOM, CRLF, Latin-1 bytes, comments before the first tag, missing
** tags); moves must be legal: an illegal or unreadable move is an error naming the game index,
** ply and byte offset, and that game is skipped (the next call goes on with the next game).
*/
BG_API bg_status bg_record_reader_new(bg_record_reader **out, const bg_variant *v,
                                      const char *format, const char *data, size_t len,
                                      const char *options, const bg_allocator *alloc,
                                      bg_error *err);
/*
** Read the next game: BG_OK and a new game in *game (the caller frees it), BG_E_END after the last
** game, or an error (err says game index, ply, line and offset).
*/
BG_API bg_status bg_record_reader_next(bg_record_reader *reader, bg_game **game, bg_error *err);
BG_API void bg_record_reader_free(bg_record_reader *reader);

/*
** Write a game in a record format (export format: PGN with the Seven Tag Roster first and lines
** shorter than 80 characters). snprintf convention: returns the full length or a negative status.
*/
BG_API int bg_game_export(const bg_game *game, const char *format, char *buf, size_t cap);

#ifdef __cplusplus
}
#endif
#endif
