/* libboardgames — internal contract between the core, the game families, notations and records. */
#ifndef BG_INTERNAL_H
#define BG_INTERNAL_H

#include <stdalign.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <boardgames/boardgames.h>

/* Functions shared between library files but not exported (Lua's LUAI_FUNC). */
#define BGI_FUNC __attribute__((visibility("hidden")))

#define BGI_MAX_OPTIONS 8
/* Upper bound of every variant's max_moves: move lists of this size live on the stack. */
#define BGI_MAX_MOVES 4096
/* Upper bound of a position handle's size: scratch copies live on the stack. */
#define BGI_MAX_POSITION_BYTES 8192
#define BGI_OPTION_TEXT 64

/* ---------- allocation (lib/core/alloc.c) ---------- */

typedef struct bgi_alloc {
    bg_alloc_fn fn; /* never NULL once resolved: the libc default is filled in */
    void *user;
} bgi_alloc;

BGI_FUNC bgi_alloc bgi_alloc_resolve(const bg_allocator *a);
BGI_FUNC void *bgi_malloc(const bgi_alloc *a, size_t n);
BGI_FUNC void *bgi_realloc(const bgi_alloc *a, void *p, size_t oldn, size_t newn);
/*
** The array p of *cap elements of `size` bytes, grown to twice as many (to `first` when empty):
** the new block with *cap updated, or NULL (p and *cap untouched) when out of memory.
*/
BGI_FUNC void *bgi_grow(const bgi_alloc *a, void *p, int *cap, size_t size, int first);
BGI_FUNC void bgi_free(const bgi_alloc *a, void *p, size_t n);
BGI_FUNC char *bgi_strdup(const bgi_alloc *a, const char *s); /* free with bgi_free(a, p, strlen(p) + 1) */

/* ---------- errors (lib/core/status.c) ---------- */

/* Fill err (if non-NULL and large enough) and return code. printf-style message. */
BGI_FUNC bg_status bgi_fail(bg_error *err, bg_status code, size_t offset, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
BGI_FUNC void bgi_error_clear(bg_error *err);
/*
** The same for a bg_error the library itself declared (all fields present): inline, since the
** record readers clear one per move.
*/
static inline void bgi_error_reset(bg_error *err)
{
    err->size = sizeof *err;
    err->code = 0;
    err->line = err->column = 0;
    err->offset = 0;
    err->game_index = -1;
    err->ply = 0;
    err->message[0] = 0;
}
/* Copy src into dst honouring dst->size. */
BGI_FUNC void bgi_error_copy(bg_error *dst, const bg_error *src);

/* ---------- text output helpers (lib/core/strbuf.c) ---------- */

/*
** snprintf-style writer: appends while room remains, always counts the full length so that
** callers can return it. Never allocates.
*/
typedef struct bgi_out {
    char *buf;
    size_t cap;
    size_t len; /* full length written so far (may exceed cap) */
} bgi_out;

BGI_FUNC void bgi_out_init(bgi_out *o, char *buf, size_t cap);
BGI_FUNC void bgi_out_char(bgi_out *o, char c);
BGI_FUNC void bgi_out_str(bgi_out *o, const char *s);
/* A number in decimal (no printf: move writers call it for every move of a batch). */
BGI_FUNC void bgi_out_uint(bgi_out *o, unsigned v);
BGI_FUNC void bgi_out_mem(bgi_out *o, const char *s, size_t n);
BGI_FUNC void bgi_out_printf(bgi_out *o, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/*
** The placement field of a FEN-like text of a width x height board into o, the top rank first:
** letters(board, file, rank, out) writes the letters of the piece on that square into out (at
** most 8) and returns their count, 0 for an empty square; each run of empty squares becomes its
** count, ranks are separated by '/'.
*/
typedef int (*bgi_fen_letters_fn)(const void *board, int file, int rank, char out[8]);
BGI_FUNC void bgi_fen_placement(bgi_out *o, int width, int height, bgi_fen_letters_fn letters,
                                const void *board);
/* NUL-terminate (truncating if needed) and return the full length as int (or BG_E_LIMIT). */
BGI_FUNC int bgi_out_finish(bgi_out *o);

/* ---------- options (lib/core/options.c) ---------- */

typedef enum bgi_option_type {
    BGI_OPT_ENUM,   /* ival = index in the '|' list of values */
    BGI_OPT_INT,    /* ival = the number (>= 0) */
    BGI_OPT_TEXT    /* text = the value, checked by the variant when used */
} bgi_option_type;

typedef struct bgi_option_def {
    const char *name;
    const char *values; /* "false|true"; for INT/TEXT the default followed by "|*" */
    bgi_option_type type;
} bgi_option_def;

/* Parsed options of one variant, by index in its option table; compact and copyable. */
typedef struct bgi_options {
    int32_t ival[BGI_MAX_OPTIONS];
    char text[BGI_OPTION_TEXT]; /* value of the (single) TEXT option, if the variant has one */
    size_t text_offset;         /* where that value starts in the options text (0: the default) */
} bgi_options;

BGI_FUNC bg_status bgi_options_parse(const bg_variant *v, const char *text, bgi_options *out,
                                     bg_error *err);

/* ---------- notations and record formats, per variant ---------- */

/*
** The legal moves of one position, generated once for every move written from it (lib/core/
** legal.c): writers that tell a move from its neighbours (SAN disambiguation, 左/右/上, promotion
** choices) walk the moves onto the same square, first[to] then next[i] (-1 ends; in legal_moves
** order), instead of generating and scanning the whole list again for every move. kind[i] is
** the kind of the piece that moves (the dropped kind for a drop, 0 for a pass).
*/
typedef struct bgi_legal {
    const bg_position *pos;
    int n;
    bg_move m[BGI_MAX_MOVES];
    uint8_t kind[BGI_MAX_MOVES];
    int16_t next[BGI_MAX_MOVES];
    int16_t first[BG_MAX_SQUARES];
} bgi_legal;

BGI_FUNC void bgi_legal_init(bgi_legal *legal, const bg_position *pos);
/* Index of m in the list, or -1 when m is not legal. */
BGI_FUNC int bgi_legal_find(const bgi_legal *legal, bg_move m);

/*
** The entries of a notation, which each one's functions are declared as (BGI_FUNC bgi_format_fn
** bgi_san_format;): write a move of pos (snprintf convention), read one, and write one of
** legal->pos given its legal moves.
*/
typedef int bgi_format_fn(const bg_position *pos, bg_move m, char *buf, size_t cap);
typedef bg_status bgi_parse_fn(const bg_position *pos, const char *text, unsigned flags,
                               bg_move *out, bg_error *err);
typedef int bgi_format_in_fn(const bgi_legal *legal, bg_move m, char *buf, size_t cap);
typedef bg_status bgi_format_line_fn(const bg_position *start, const bg_move *moves, int n,
                                     bgi_out *o);

typedef struct bgi_notation {
    const char *id;
    bgi_format_fn *format;
    bgi_parse_fn *parse;
    /*
    ** Optional: the same writer given the legal moves (the batch call and bg_move_format generate
    ** them once); NULL for writers that need no list (coordinates, CSA, WXF, ...).
    */
    bgi_format_in_fn *format_in;
    /*
    ** Optional: a whole line of moves from `start`, separated by single spaces, onto o; BG_OK, or
    ** BG_E_UNSUPPORTED before writing anything when the line has moves it does not follow (the
    ** caller then replays the line move by move). Record conversion writes every line of a file,
    ** and a writer that needs only the squares and piece kinds can follow them without the engine.
    */
    bgi_format_line_fn *format_line;
} bgi_notation;

/* Write a legal move of legal->pos with notation nt (format_in when it has one). */
BGI_FUNC int bgi_notation_write(const bgi_notation *nt, const bgi_legal *legal, bg_move m,
                                char *buf, size_t cap);

/*
** How the record splitter sees a line (lib/notation/common/record_split.c): a game starts at a HEAD line
** after a BODY or END line (flagged NEW: after a HEAD line too), at a BODY line flagged FIRST
** after an END line, and at the first non-NEUTRAL line after a SEP line or at the start of the
** input. NEUTRAL lines (blank lines,
** comments) are looked through; a SEP line ("/" in CSA) belongs to the game before it.
*/
enum {
    BGI_LINE_NEUTRAL = 0,
    BGI_LINE_HEAD = 1, /* a tag or header line */
    BGI_LINE_BODY = 2, /* moves and what goes with them */
    BGI_LINE_END = 3,  /* a body line that ends its game (a PGN result token at its end) */
    BGI_LINE_SEP = 4,  /* a separator line: the next game starts after it */
    BGI_LINE_NONE = 5, /* (the start of the input, for the splitter's state) */
    BGI_LINE_FIRST = 8, /* flag on BODY: may start a game without headers ("1. e4") */
    BGI_LINE_NEW = 16,  /* flag on HEAD: starts a game after other headers too (PGN [Event) */
    /*
    ** On HEAD, bits 8-13: 1 + a 6-bit hash of the header's name (PGN tag names; 0 = unnamed). A
    ** named header after a blank line starts a game when the paragraph of headers before the
    ** blank has that name (games of tags alone, separated by blank lines, in any tag order).
    */
    BGI_LINE_NAME_SHIFT = 8
};

typedef struct bgi_record_format {
    const char *id;
    /*
    ** Read the next game from the current game's text, reader->data[reader->pos..reader->len)
    ** (UTF-8 when the format names charsets); BG_E_END when none is left in it.
    */
    bg_status (*read_next)(bg_record_reader *reader, bg_game **game, bg_error *err);
    int (*write)(const bg_game *game, char *buf, size_t cap);
    /* Kind of one raw line (no line break; maybe a legacy encoding): BGI_LINE_*. */
    int (*line_kind)(const char *line, size_t len);
    /*
    ** Legacy encodings (iconv names, '|'-separated, NULL = none) tried in turn when a game's text
    ** is not UTF-8; the decoding with most of the `typical` characters (UTF-8) wins. With
    ** raw_fallback, text that none of them decodes goes to read_next as it is (it reads stray
    ** bytes as Latin-1); without, the game fails with BG_E_ENCODING.
    */
    const char *charsets;
    const char *typical;
    int raw_fallback;
} bgi_record_format;

/*
** Declares a record format's reader and writer, bgi_<p>_read_next and bgi_<p>_write: the
** read_next and write of its bgi_record_format.
*/
#define BGI_RECORD_FUNCS(p) \
    BGI_FUNC bg_status bgi_##p##_read_next(bg_record_reader *reader, bg_game **game, \
                                           bg_error *err); \
    BGI_FUNC int bgi_##p##_write(const bg_game *game, char *buf, size_t cap)

typedef struct bgi_stream bgi_stream; /* the source, its buffer and the splitter (record_split.h) */

struct bg_record_reader {
    const bg_variant *variant;
    const bgi_record_format *format;
    bgi_alloc alloc;
    unsigned flags;    /* BG_RECORD_* */
    /* The text of the current game, as read_next sees it (NUL-terminated). */
    char *data;
    size_t len;
    size_t pos;        /* offset of the next unread byte in data */
    int line;          /* 1-based line number at pos */
    int game_index;    /* index of the next game */
    char options[256]; /* options text the games are created with */
    bgi_stream *stream;
};

/* ---------- the rules interface every game family implements ---------- */

/* What a notation must know of a family's rules beyond the moves (bgi_rules.facts). */
enum {
    BGI_FACT_FLIPS = 1,        /* a capture turns the piece over, a "promotion" both ways (micro shogi) */
    BGI_FACT_DROP_FACES = 2,   /* a piece in hand may be dropped either face up (micro shogi) */
    BGI_FACT_BIKJANG = 4       /* the generals face each other under a bikjang rule (janggi) */
};

/* The players of a game of more than two sides (bgi_rules.alliances): bit k = side k. */
typedef struct bgi_alliances {
    uint32_t ally[BG_MAX_SIDES]; /* the sides one player commands with side k, k included */
    uint32_t present;            /* the sides with an army at the start */
    uint32_t live;               /* the sides still in play */
} bgi_alliances;

/*
** Engine state lives in bg_position.state (state_size bytes, max-aligned). Every function gets
** the whole handle so that it can read the options; only `make` and `setup`/`parse` modify it.
** legal_moves writes into a buffer of variant->max_moves entries and returns the count.
*/
typedef struct bgi_rules {
    size_t state_size;
    bg_status (*setup)(bg_position *pos, bg_error *err);
    bg_status (*parse)(bg_position *pos, const char *text, const char *format, unsigned flags,
                       bg_error *err);
    int (*format)(const bg_position *pos, const char *format, char *buf, size_t cap);
    int (*side_to_move)(const bg_position *pos);
    bg_piece (*piece_at)(const bg_position *pos, int square);
    int (*hand_count)(const bg_position *pos, int side, int kind);
    int (*in_check)(const bg_position *pos);
    uint64_t (*hash)(const bg_position *pos);
    /* Key that is equal exactly when two positions count as the same for repetition. */
    uint64_t (*repetition_key)(const bg_position *pos);
    int (*halfmove_clock)(const bg_position *pos);
    int (*fullmove_number)(const bg_position *pos);
    int (*legal_moves)(const bg_position *pos, bg_move *buf);
    unsigned (*move_flags)(const bg_position *pos, bg_move m);
    void (*make)(bg_position *pos, bg_move m); /* m must be legal */
    uint64_t (*perft)(const bg_position *pos, int depth);
    /*
    ** Optional: the legal moves onto square `to` made by the piece kinds of bit set `kinds`
    ** (bit k = kind k; a drop counts as its dropped kind), in legal_moves order; NULL =
    ** legal_moves filtered. Notations that name the target and the piece (SAN, WXF, KIF) find
    ** their move with it, and bg_position_is_legal checks a move with it.
    */
    int (*moves_to)(const bg_position *pos, int to, uint64_t kinds, bg_move *buf);
    /*
    ** Position editing (lib/core/edit.c). `rights`: the BG_RIGHT_* the family's positions have
    ** besides hands (castling, en passant). `load` rebuilds the engine state from a snapshot's
    ** board, hands, side to move, rights and counters, keeping what the options set; the snapshot
    ** is checked against the variant's sides, kinds and board first. The result need not be a
    ** valid position (no king, a piece where it cannot stand) but must be safe for format,
    ** piece_at, hand_count, side_to_move, hash, the counters and `get_rights`; what the state
    ** cannot hold at all is refused (BG_E_INVALID_ARGUMENT, BG_E_LIMIT) before anything changes.
    ** `get_rights` fills a snapshot's castling and en-passant fields. NULL load = no editing.
    */
    unsigned rights;
    bg_status (*load)(bg_position *pos, const bg_snapshot *snap);
    void (*get_rights)(const bg_position *pos, bg_snapshot *snap);
    /*
    ** Optional, for notations of engines that castle as king-takes-rook moves (defined variants):
    ** for a castling move the square coordinate texts name as its target (where the king lands,
    ** or the rook's square under Chess960 rules); -1 for any other move. NULL = none castle so.
    */
    int (*castle_square)(const bg_position *pos, bg_move m);
    /*
    ** Optional, for notations and records (which read engines through this table only): the
    ** BGI_FACT_* that hold in the position (NULL = none), and the sides' alliances (NULL = each
    ** side alone, all of them in play).
    */
    unsigned (*facts)(const bg_position *pos);
    void (*alliances)(const bg_position *pos, bgi_alliances *out);
} bgi_rules;


/* Adjudication hooks, implemented per family (see lib/game/game_internal.h). */
typedef struct bgi_adjudicator bgi_adjudicator;

/*
** The ending of a two-sided game whose side to move has no legal move (lib/core/ending.c), as the
** families' adjudicators report it: checkmate when `mated` (a loss), else `stalemate`, the reason
** the family gives it, a loss as well or a draw when stalemate_draws. It fills the outcome,
** winners and reason of the game layer's result: BGI_NO_MOVE_RESULT(r, ...) with r a bgi_result *.
*/
BGI_FUNC void bgi_no_move_ending(int side, int mated, bg_reason stalemate, int stalemate_draws,
                                 bg_outcome *outcome, uint32_t *winners, bg_reason *reason);
#define BGI_NO_MOVE_RESULT(r, side, mated, stalemate, stalemate_draws)                         \
    bgi_no_move_ending(side, mated, stalemate, stalemate_draws, &(r)->outcome, &(r)->winners,   \
                       &(r)->reason)

/* ---------- metadata: what the pieces, sides and board are called and look like ---------- */

/*
** One piece kind (lib/core/metadata.c reads it for bg_variant_piece_text()): names per side
** ([1] NULL = as [0]), UTF-8. `symbol` is the one-glyph form a diagram or the piece shows.
*/
typedef struct bgi_piece_info {
    const char *native[2];
    const char *symbol[2];
    const char *reading[2];
    unsigned char royal;       /* losing it (all of them) loses the game */
    unsigned char base;        /* the kind it was promoted from, 0 = not a promoted form */
    uint32_t promotions;       /* kinds it may promote to (bit k) */
} bgi_piece_info;

typedef struct bgi_side_info {
    const char *english, *native, *symbol, *reading;
    const char *color; /* "#rrggbb": the side's colour in pictures */
} bgi_side_info;

/* How a variant's pictures are drawn (lib/picture/ switches on it). */
enum { BGI_PICTURE_CHESS = 1, BGI_PICTURE_PALACE, BGI_PICTURE_JANGGI, BGI_PICTURE_SHOGI,
       BGI_PICTURE_SEVENKINGDOMS };
/* Square names of the variant's coordinate notation: e4 (letter + rank from 1) or 7g (USI). */
enum { BGI_SQUARES_LETTER_RANK = 0, BGI_SQUARES_SHOGI = 1 };

typedef struct bgi_variant_info {
    const bgi_piece_info *pieces;  /* [kind], [0] unused */
    const bgi_side_info *sides;    /* [side]; [sides] = neutral pieces where neutral is 1 */
    unsigned char neutral;         /* pieces of side `sides` exist (Seven Kingdoms' 周) */
    unsigned char on_points;       /* pieces stand on the intersections of lines */
    unsigned char royal_shows_side; /* a royal piece's symbol is its side's native name (七國: 秦) */
    unsigned char picture;         /* BGI_PICTURE_* */
    unsigned char squares;         /* BGI_SQUARES_* */
    const char *side_letters;      /* one letter a side as position text writes it; NULL = none */
    const char *lang;              /* BCP 47 tag of the native texts ("zh-Hant", "ja", "ko") */
    uint32_t pawns;                /* kinds that move as pawns (bit k; defined variants): SAN writes no letter */
    /* 1 if square lies in region (BG_REGION_*) of side; NULL = no regions. */
    int (*region)(const bg_variant *v, int region, int side, int square);
} bgi_variant_info;

/*
** A square in the variant's coordinates (e4, 7g: as bgi_variant_info.squares says) into o: the
** game layer names squares of illegal moves with it, the notations build on it.
*/
BGI_FUNC void bgi_out_square(bgi_out *o, const bg_variant *v, int sq);

struct bg_variant {
    const char *id;
    const char *name;
    int width, height, sides;
    const char *const *side_ids;
    int piece_kinds;
    const char *const *piece_names;   /* indexed by kind, [0] unused */
    const char *const *piece_letters; /* indexed by kind, [0] unused */
    /* Optional: the kind of each one-letter piece_letters entry by ASCII code (0 = none), for
       the move readers' hot paths; NULL = look through piece_letters. */
    const signed char *kind_of_letter;
    int has_drops, has_pass, max_moves;
    const bgi_notation *notations;
    int notation_count;
    const bgi_record_format *record_formats;
    int record_format_count;
    const bgi_option_def *options;
    int option_count;
    const char *start_text;
    const bgi_rules *rules;
    const bgi_adjudicator *adjudicator;
    const bgi_variant_info *info; /* metadata (lib/core/metadata.c); never NULL */
    /*
    ** For a rule option that changes the board (old shogi's board=9x8): the variant that positions
    ** with these options belong to, a twin with the same id, names and options but its own
    ** geometry and start text (and the same rules table), reported by bg_position_variant().
    ** NULL: always this variant.
    */
    const bg_variant *(*resolve)(const bg_variant *v, const bgi_options *opts);
};

struct bg_position {
    const bg_variant *variant;
    bgi_alloc alloc;
    bgi_options options;
    /*
    ** Set by an edit that left a position the readers refuse (lib/core/edit.c): the engine state
    ** then only answers text, squares, hands and snapshots, and the calls that need legal play
    ** refuse it. Positions from setup, text and moves are always valid.
    */
    unsigned char invalid;
    alignas(max_align_t) unsigned char state[]; /* rules->state_size bytes */
};

/* Lookups in a variant (lib/core/variant.c). */
BGI_FUNC const bgi_notation *bgi_find_notation(const bg_variant *v, const char *id);
/* The variant positions of v with these (parsed) options belong to (see bg_variant.resolve). */
BGI_FUNC const bg_variant *bgi_variant_resolve(const bg_variant *v, const bgi_options *opts);
BGI_FUNC const bgi_record_format *bgi_find_record_format(const bg_variant *v, const char *id);

/*
** The tables of the registry layer (lib/registry/), declared here so that each definition and
** its users see one declaration: the variants each family defines (lib/games/<family>/, listed by
** lib/registry/catalogue.c) ...
*/
extern const bg_variant bgi_variant_chess;
extern const bg_variant bgi_variant_xiangqi;
extern const bg_variant bgi_variant_janggi;
extern const bg_variant bgi_variant_lionchess;
extern const bg_variant bgi_variant_shogi;
extern const bg_variant bgi_variant_shoshogi;
extern const bg_variant bgi_variant_heianshogi;
extern const bg_variant bgi_variant_torishogi;
extern const bg_variant bgi_variant_minishogi;
extern const bg_variant bgi_variant_microshogi;
extern const bg_variant bgi_variant_judkinsshogi;
extern const bg_variant bgi_variant_sevenkingdoms;

/*
** ... and the notations and record formats each family's variants name: notation_tables.c fills
** them with the notation layer's functions, the variants point at them, and neither the games
** nor the notations include the other. Order matters: the first notation is the default for
** formatting; parsing without a name tries them in order.
*/
#define BGI_TABLE(type, name, n) extern const type name[n] __attribute__((visibility("hidden")))
BGI_TABLE(bgi_notation, bgi_chess_notations, 3);
BGI_TABLE(bgi_record_format, bgi_chess_records, 1);
BGI_TABLE(bgi_notation, bgi_xiangqi_notations, 4); /* xiangqi and lion chess */
BGI_TABLE(bgi_record_format, bgi_xiangqi_records, 1);
BGI_TABLE(bgi_notation, bgi_janggi_notations, 2);
BGI_TABLE(bgi_record_format, bgi_janggi_records, 1);
BGI_TABLE(bgi_notation, bgi_shogi_notations, 7);
BGI_TABLE(bgi_notation, bgi_shogi_notations_no_csa, 6); /* CSA has no codes for the others' pieces */
BGI_TABLE(bgi_record_format, bgi_shogi_records, 3);
BGI_TABLE(bgi_record_format, bgi_shogi_records_no_csa, 2);
BGI_TABLE(bgi_notation, bgi_sevenkingdoms_notations, 1);
BGI_TABLE(bgi_record_format, bgi_sevenkingdoms_records, 1);
BGI_TABLE(bgi_notation, bgi_generic_notations, 2);       /* defined variants: san, uci */
BGI_TABLE(bgi_notation, bgi_generic_shogi_notations, 3); /* shogi-like ones: usi, uci, san */
BGI_TABLE(bgi_record_format, bgi_generic_records, 1);
#define BGI_COUNT(a) ((int)(sizeof(a) / sizeof((a)[0])))

/* Position internals (lib/core/position.c): allocate a handle without setting it up. */
BGI_FUNC bg_status bgi_position_alloc(bg_position **out, const bg_variant *v,
                                      const bgi_options *opts, const bgi_alloc *alloc,
                                      bg_error *err);
/*
** BG_FLAG_CHECK of a legal move, with BG_FLAG_MATE when then no move is legal: the move played on
** a stack copy of the handle (families' move_flags add what is their own: captures, castling).
*/
BGI_FUNC unsigned bgi_check_flags(const bg_position *pos, bg_move m);
/* Play a move known to be legal (no check; for notation and game internals). */
BGI_FUNC void bgi_position_make(bg_position *pos, bg_move m);
/* All legal moves into buf (variant->max_moves entries). */
BGI_FUNC int bgi_position_moves(const bg_position *pos, bg_move *buf);
/* The legal moves onto `to` by the kinds of bit set `kinds` (the rules' moves_to, or a filter). */
BGI_FUNC int bgi_position_moves_to(const bg_position *pos, int to, uint64_t kinds, bg_move *buf);

/* Whitespace-separated fields of a position text (lib/core/fields.c). */
typedef struct bgi_field {
    const char *p;
    size_t len, offset; /* offset of p in the whole text */
} bgi_field;

/* Split text into at most max fields; returns the count, or max + 1 if there are more. */
BGI_FUNC int bgi_split_fields(const char *text, bgi_field *f, int max);
/*
** The board field of a FEN-like text (lib/core/board_text.c): ranks from the top down with '/'
** between them, runs of empty squares as digits, pieces read by the family. Errors start with
** `what` ("FEN board", "SFEN board", "board") and stand at the offending offset.
*/
enum {
    BGI_RUNS_DIGIT = 0,  /* a run is one digit '1'..run_max; two digits in a row are refused */
    BGI_RUNS_ONE_DIGIT,  /* a run is one digit 1-9; any other digit is "a bad count" */
    BGI_RUNS_NUMBER      /* a run is a number 1..width */
};
typedef struct bgi_board_text {
    const char *what;
    const char *unit;            /* what a rank has: "squares" or "points" */
    int width, height;
    unsigned char runs;          /* BGI_RUNS_* */
    char run_max;                /* BGI_RUNS_DIGIT: the largest digit read as a run */
    unsigned char digits_in_a_row; /* BGI_RUNS_DIGIT: "12" is read as 3 (lenient SFEN) */
    unsigned char rank_letters;  /* ranks named 'a' at the top (SFEN), else by number from 1 */
    /*
    ** The piece whose text starts at f->p[*i]: its code (> 0), or the status bgi_fail returned
    ** (< 0). It may move *i on to the last character it reads (after a '+' prefix).
    */
    int (*read)(void *ctx, const bgi_field *f, size_t *i, bg_error *err);
    /*
    ** Put piece (read's code) on square sq = rank * width + file, its text starting at offset
    ** start; it may read on (a suffix, moving *i) and refuse the piece there.
    */
    bg_status (*put)(void *ctx, const bgi_field *f, size_t *i, int sq, int piece, size_t start,
                     bg_error *err);
    void *ctx;
} bgi_board_text;

BGI_FUNC bg_status bgi_board_text_read(const bgi_board_text *bt, const bgi_field *f,
                                       bg_error *err);

/* A FEN counter field: at most 6 digits, in min..max; errors say "FEN <what>: ..." at its offset. */
BGI_FUNC bg_status bgi_fen_number(const bgi_field *f, int min, int max, const char *what, int *out,
                                  bg_error *err);

#endif
