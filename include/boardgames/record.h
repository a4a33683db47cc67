/* libboardgames — game records: read files of many games (PGN, KIF, CSA, ...) and write one game. */
#ifndef BOARDGAMES_RECORD_H
#define BOARDGAMES_RECORD_H

#include <stdio.h>

#include <boardgames/base.h>
#include <boardgames/game.h>

#ifdef __cplusplus
extern "C" {
#endif

/*
** Opaque reader over a record file holding one or more games. It streams: the bytes come from
** memory, a file descriptor, a FILE* or a callback, in chunks, and only the game being read is
** held, so memory stays bounded whatever the file's size (docs/records.md).
**
** Games are found by their start lines (a PGN tag pair after the moves of a game, a KIF header
** after moves, the line after a CSA "/", ...): a game is the text from its start line to the next
** game's. An error anywhere in a game (a bad tag, an illegal or unreadable move, a broken
** comment, a truncated game, text in no known encoding) is reported for that game alone and the
** next call goes on with the next game: later games are never lost and never renumbered. Text
** before the first game's start line is not part of any game.
**
** Encodings are detected per game: UTF-8 (with or without a byte-order mark), else the legacy
** encodings of the format's players (xiangqi PGN: GB18030/GBK and Big5; KIF, KI2, CSA: Shift_JIS
** (CP932) and EUC-JP; .gib: CP949/EUC-KR; chess PGN: Latin-1 bytes read as such). In the
** formats without Latin-1 (.gib, KIF, KI2, CSA), a DOS end-of-file byte 0x1A and 0xFF filler at
** the start of a line read as blanks (old files end with them, and carry them where they were
** joined with `copy /b`).
*/
typedef struct bg_record_reader bg_record_reader;

/* Documented limits against hostile input (BG_E_LIMIT beyond them; the game is skipped). */
#define BG_RECORD_MAX_BYTES ((size_t)64 << 20)  /* the text of one game */
#define BG_RECORD_MAX_LINE 65536                /* bytes in one line */
#define BG_RECORD_MAX_GAMES 1000000             /* no longer enforced: files may hold any number */
#define BG_RECORD_MAX_VARIATION_DEPTH 64        /* nesting of ( ... ) */
#define BG_RECORD_MAX_PLIES 10000               /* moves in one game */

/* Reader flags (the flags argument of the bg_record_reader_open* functions). */
#define BG_RECORD_LENIENT 1u    /* also read the dialects real files carry (docs/records.md) */
#define BG_RECORD_MOVES_ONLY 2u /* keep only the main line, the start position and the result:
                                   no comments, NAGs, variations or other tags (faster) */
#define BG_RECORD_KEEP_MOVES 4u /* a game with an illegal or unreadable move gives the moves
                                   before it instead of an error (bg_record_reader_next) */

/*
** Source callback: read up to cap bytes into buf; return the number read, 0 at the end of the
** input, or a negative number on an I/O error (the reader then fails with BG_E_IO).
*/
typedef int64_t (*bg_read_fn)(void *user, void *buf, size_t cap);
/* Optional seek callback: position the source at byte offset; return 0 on success. */
typedef int (*bg_seek_fn)(void *user, uint64_t offset);

/*
** Open a reader on `len` bytes of `data` (copied; the caller may free it after this returns).
** format: a record format id of the variant ("pgn", "kif", "csa", "gib", ...), NULL = the
** variant's first. options: rule options of the games ("ruleset=plain"), NULL = defaults.
** Import is lenient about what real files contain (BOM, CRLF, Latin-1 bytes, comments before
** the first tag, missing tags); moves must be legal.
*/
BG_API bg_status bg_record_reader_new(bg_record_reader **out, const bg_variant *v,
                                      const char *format, const char *data, size_t len,
                                      const char *options, const bg_allocator *alloc,
                                      bg_error *err);
/*
** Streaming constructors. open: bytes from the read callback (seek may be NULL; it is needed only
** for bg_record_reader_set_range with a start > 0). open_fd: from a file descriptor (read(2);
** lseek(2) when it can seek; the reader never closes it). open_file: from a FILE* opened for
** reading in binary mode (never closed by the reader). open_memory: `len` bytes at `data`, not
** copied: they must stay unchanged until the reader is freed. flags: BG_RECORD_* bits.
*/
BG_API bg_status bg_record_reader_open(bg_record_reader **out, const bg_variant *v,
                                       const char *format, bg_read_fn read, bg_seek_fn seek,
                                       void *user, const char *options, unsigned flags,
                                       const bg_allocator *alloc, bg_error *err);
BG_API bg_status bg_record_reader_open_fd(bg_record_reader **out, const bg_variant *v,
                                          const char *format, int fd, const char *options,
                                          unsigned flags, const bg_allocator *alloc,
                                          bg_error *err);
BG_API bg_status bg_record_reader_open_file(bg_record_reader **out, const bg_variant *v,
                                            const char *format, FILE *file, const char *options,
                                            unsigned flags, const bg_allocator *alloc,
                                            bg_error *err);
BG_API bg_status bg_record_reader_open_memory(bg_record_reader **out, const bg_variant *v,
                                              const char *format, const char *data, size_t len,
                                              const char *options, unsigned flags,
                                              const bg_allocator *alloc, bg_error *err);
/*
** Read only the games that start in the byte range [start, end) of the input (end = 0: to the
** end), to split one file among threads or machines: the ranges [0,a) [a,b) [b,0) give exactly
** the games of the whole file, each once and in order. The reader looks back before start to see
** whether a game starts there (memory, seekable descriptors and FILE*s, or a seek callback) and
** reads past end to finish its last game. Call it before the first bg_record_reader_next; the
** source must be at its offset 0. Line numbers and game indexes in errors then count from the
** range: line 1 is the line holding byte start, game 0 its first game.
*/
BG_API bg_status bg_record_reader_set_range(bg_record_reader *reader, uint64_t start,
                                            uint64_t end);
/*
** Read the next game: BG_OK and a new game in *game (the caller frees it), BG_E_END after the
** last game, or an error for one game (err says game index, ply, line, column and the byte
** offset in the input; the next call goes on with the next game). BG_E_IO is final: the source
** failed.
** With the reader flag BG_RECORD_KEEP_MOVES, a game whose moves have a fault (an illegal or
** unreadable move, a comment never closed, the text cut in a move: err->ply names the move) is
** not lost: BG_OK and *game holds the moves before the fault, err->code is the fault's status and
** err says where and why (err->code is BG_OK for a whole game); the rest of its text is skipped.
*/
BG_API bg_status bg_record_reader_next(bg_record_reader *reader, bg_game **game, bg_error *err);
/* Byte offset in the input up to which games have been read (for progress and splitting). */
BG_API uint64_t bg_record_reader_offset(const bg_record_reader *reader);
/* Games seen so far, read or skipped: the index the next game will have. */
BG_API int bg_record_reader_games(const bg_record_reader *reader);
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
