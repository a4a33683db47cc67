/* libboardgames — base types shared by every header: export macro, status codes, errors, allocator. */
#ifndef BOARDGAMES_BASE_H
#define BOARDGAMES_BASE_H

#include <stddef.h>
#include <stdint.h>

#include <boardgames/version.h>

#ifdef __cplusplus
extern "C" {
#endif

#if defined(BG_BUILDING_LIBRARY) && defined(__GNUC__)
#define BG_API __attribute__((visibility("default")))
#else
#define BG_API
#endif

/*
** Status codes. Every fallible function returns a bg_status: BG_OK (0) on success, a negative
** code on failure. Values are never renumbered; new codes are only appended.
*/
typedef enum bg_status {
    BG_OK = 0,
    BG_E_INVALID_ARGUMENT = -1, /* NULL handle, out-of-range square, unknown enum value */
    BG_E_NO_MEMORY = -2,        /* the allocator returned NULL */
    BG_E_UNKNOWN_VARIANT = -3,  /* no variant with that id */
    BG_E_PARSE = -4,            /* malformed text (position, move, record) */
    BG_E_ILLEGAL_MOVE = -5,     /* well-formed move that is not legal here */
    BG_E_AMBIGUOUS_MOVE = -6,   /* move text that matches several legal moves */
    BG_E_UNSUPPORTED = -7,      /* notation, format or option not available for this variant */
    BG_E_GAME_OVER = -8,        /* the game already has a result */
    BG_E_NO_MOVE = -9,          /* nothing to undo, or no such ply */
    BG_E_INVALID_POSITION = -10, /* parsed, but the position cannot arise (e.g. side not to move in check) */
    BG_E_CLAIM_REJECTED = -11,  /* a claim that the rules do not support in this position */
    BG_E_LIMIT = -12,           /* input beyond a documented limit (record size, line length, ...) */
    BG_E_UNKNOWN_OPTION = -13,  /* option name or value not known for this variant */
    BG_E_ENCODING = -14,        /* text is not valid in the expected character encoding */
    BG_E_END = -15,             /* no more items (end of a record file) */
    BG_E_IO = -16               /* reading the input failed (a source callback, read(2)) */
} bg_status;

/* Static English text for a status code; never NULL. */
BG_API const char *bg_strerror(int status);

/*
** Error details for constructors and parsers. The caller declares it with BG_ERROR_INIT (which
** sets `size`, so later library versions can grow the struct without breaking old callers) and
** passes its address; NULL is always accepted. Offsets, lines and columns are 0 when unknown;
** `line` and `column` are 1-based, `offset` is the 0-based byte offset of the fault in the input.
*/
typedef struct bg_error {
    size_t size;       /* sizeof(bg_error) as the caller compiled it */
    int code;          /* the bg_status returned */
    int line;          /* 1-based line in the input, 0 = not applicable */
    int column;        /* 1-based column (bytes) in that line, 0 = not applicable */
    size_t offset;     /* byte offset of the fault in the input */
    int game_index;    /* 0-based game index in a record file, -1 = not applicable */
    int ply;           /* 1-based ply of the faulty move, 0 = not applicable */
    char message[256]; /* NUL-terminated English description */
} bg_error;

#define BG_ERROR_INIT {sizeof(bg_error), 0, 0, 0, 0, -1, 0, {0}}

/*
** Optional per-handle allocator (Lua's lua_Alloc model): called with nsize == 0 to free `ptr`
** (returns NULL), otherwise to allocate (ptr == NULL) or resize `ptr` from osize to nsize bytes.
** Returning NULL on allocation makes the calling function fail with BG_E_NO_MEMORY, leaving
** every handle as it was. A handle keeps the allocator it was created with, and its clones too.
*/
typedef void *(*bg_alloc_fn)(void *user, void *ptr, size_t osize, size_t nsize);

typedef struct bg_allocator {
    size_t size;    /* sizeof(bg_allocator) as the caller compiled it */
    bg_alloc_fn fn; /* NULL = libc malloc/realloc/free */
    void *user;     /* passed back to fn */
} bg_allocator;

#define BG_ALLOCATOR_INIT(fn, user) {sizeof(bg_allocator), (fn), (user)}

/* Parse flags (bg_position_from_text, bg_move_parse, records): accept common deviations. */
#define BG_PARSE_LENIENT 1u

/*
** Limits and sizes as functions, for bindings that cannot read macros (ctypes, WebAssembly):
** bg_limit(BG_LIMIT_...) is the value of the macro named in each comment, as the loaded library
** was built with, or BG_E_INVALID_ARGUMENT for an unknown id. Ids are never renumbered.
*/
typedef enum bg_limit_id {
    BG_LIMIT_MAX_FILES = 1,               /* BG_MAX_FILES: files of the widest board */
    BG_LIMIT_MAX_RANKS = 2,               /* BG_MAX_RANKS */
    BG_LIMIT_MAX_SQUARES = 3,             /* BG_MAX_SQUARES: squares are numbered below it */
    BG_LIMIT_MAX_SIDES = 4,               /* BG_MAX_SIDES */
    BG_LIMIT_MAX_KINDS = 5,               /* BG_SNAPSHOT_KINDS: piece kinds are numbered below it */
    BG_LIMIT_MAX_MOVES = 6,               /* legal moves in any position of any variant (the
                                             largest bg_variant_max_moves()) */
    BG_LIMIT_MAX_POSITION_BYTES = 7,      /* the largest bg_position_size() */
    BG_LIMIT_ERROR_MESSAGE = 8,           /* bytes of bg_error.message, NUL included */
    BG_LIMIT_RECORD_MAX_BYTES = 9,        /* BG_RECORD_MAX_BYTES: the text of one game */
    BG_LIMIT_RECORD_MAX_LINE = 10,        /* BG_RECORD_MAX_LINE */
    BG_LIMIT_RECORD_MAX_GAMES = 11,       /* BG_RECORD_MAX_GAMES (no longer enforced) */
    BG_LIMIT_RECORD_MAX_VARIATION_DEPTH = 12, /* BG_RECORD_MAX_VARIATION_DEPTH */
    BG_LIMIT_RECORD_MAX_PLIES = 13,       /* BG_RECORD_MAX_PLIES: moves in one game of a record */
    BG_LIMIT_GAME_MAX_PLIES = 14,         /* BG_GAME_MAX_PLIES: moves one game handle holds */
    BG_LIMIT_GAME_MAX_TAGS = 15,          /* BG_GAME_MAX_TAGS */
    BG_LIMIT_GAME_MAX_NAGS = 16,          /* BG_GAME_MAX_NAGS per ply */
    BG_LIMIT_GAME_MAX_VARIATIONS = 17,    /* BG_GAME_MAX_VARIATIONS per ply */
    BG_LIMIT_SIZEOF_ERROR = 18,           /* sizeof(bg_error), for bindings that declare it */
    BG_LIMIT_SIZEOF_ALLOCATOR = 19,       /* sizeof(bg_allocator) */
    BG_LIMIT_SIZEOF_SNAPSHOT = 20         /* sizeof(bg_snapshot) */
} bg_limit_id;

BG_API int64_t bg_limit(int id);

/* Run-time version: BG_VERSION_STRING and BG_VERSION_NUMBER of the loaded library. */
BG_API const char *bg_version(void);
BG_API uint32_t bg_version_number(void);

#ifdef __cplusplus
}
#endif
#endif
