/* libboardgames — variant definitions as read from variants.ini text: sections, keys, the rules they describe. */
#ifndef BG_GEN_DESC_H
#define BG_GEN_DESC_H

#include <stdint.h>

#include "internal.h"

/* Limits of the definition language (docs/variants.md). */
#define GEN_MAX_FILES 26
#define GEN_MAX_RANKS 26
#define GEN_MAX_SQ (GEN_MAX_FILES * GEN_MAX_RANKS)
#define GEN_NO_SQ 0xffffu
#define GEN_MAX_SIDES 8   /* sides of one variant (board codes keep 3 bits of side) */
#define GEN_WB_SIDES 2    /* sides the keys name (White, Black): hands, castling, regions */
#define GEN_MAX_KEYS 96   /* entries of the key table (gen_config.c) */
#define GEN_MAX_TYPES 31 /* piece types of one variant */
#define GEN_MAX_KINDS 31 /* kinds on the board: the types and their promoted forms */
#define GEN_MAX_ATOMS 96 /* moves of one piece (a direction of a leap or a ray each) */
#define GEN_MAX_DIRS 32  /* distinct ray directions of one variant */
#define GEN_SQWORDS ((GEN_MAX_SQ + 63) / 64)
#define GEN_CUSTOM_PIECES 25
#define GEN_MAX_SECTIONS 256        /* sections in one bg_variant_define text */
#define GEN_MAX_TEXT (1u << 20)     /* bytes of one definition text */
#define GEN_ARENA_LIMIT ((size_t)256 << 20) /* bytes one definition call may allocate */

typedef struct gen_def gen_def;

/* ---------- arena: every allocation of a definition call, freed together ---------- */

typedef struct gen_chunk gen_chunk;
typedef struct gen_arena {
    bgi_alloc alloc;
    gen_chunk *head;
    size_t total; /* bytes allocated from the allocator so far */
} gen_arena;

BGI_FUNC void gen_arena_init(gen_arena *a, const bgi_alloc *alloc);
/* Zeroed, max-aligned; NULL when the allocator fails or GEN_ARENA_LIMIT would be passed. */
BGI_FUNC void *gen_arena_alloc(gen_arena *a, size_t n);
BGI_FUNC char *gen_arena_strndup(gen_arena *a, const char *s, size_t n);
BGI_FUNC void gen_arena_free(gen_arena *a);

/* ---------- sections of the text (gen_ini.c) ---------- */

typedef struct gen_kv {
    const char *key, *value;
    int line;        /* 1-based line in the text it came from */
    size_t offset;   /* byte offset of the key */
} gen_kv;

typedef struct gen_section {
    const char *name, *parent; /* parent NULL = none */
    int line;
    size_t offset;
    gen_kv *kv;
    int nkv;
} gen_section;

/*
** Split definition text into sections: "[name]" or "[name:parent]" lines, "key = value" lines,
** '#' or ';' comment lines and blank lines. Keys are trimmed, values too; the last of a key
** repeated in one section wins (as Fairy-Stockfish reads them). Errors carry line and offset.
*/
BGI_FUNC bg_status gen_ini_parse(const char *text, size_t len, gen_arena *a, gen_section **out,
                                 int *count, bg_error *err);

/* Fill err with the position of a fault in the definition text, printf-style message. */
BGI_FUNC bg_status gen_fail_at(bg_error *err, bg_status code, int line, size_t offset,
                               const char *fmt, ...) __attribute__((format(printf, 5, 6)));

/* ---------- built-in parents (gen_templates.c, generated from data/variants) ---------- */

typedef struct gen_template {
    const char *name, *section, *text;
} gen_template;
extern const gen_template gen_templates[] __attribute__((visibility("hidden")));
extern const int gen_template_count __attribute__((visibility("hidden")));

/* Definition text of a built-in parent ("chess", "makruk", ...) and the section to use, or NULL. */
BGI_FUNC const char *gen_template_text(const char *name, const char **section);

/* ---------- the rules a definition describes (gen_config.c) ---------- */

enum gen_value { GEN_V_NONE = 0, GEN_V_WIN, GEN_V_LOSS, GEN_V_DRAW };
enum gen_role { GEN_ROLE_PLAIN = 0, GEN_ROLE_PAWN, GEN_ROLE_KING, GEN_ROLE_SHOGI_PAWN, GEN_ROLE_SOLDIER };
enum gen_counting { GEN_COUNT_NONE = 0, GEN_COUNT_MAKRUK, GEN_COUNT_ASEAN };

/* A move of a piece: a leap or a ray in one direction (gen_betza.c). */
enum { GEN_MODE_MOVE = 1, GEN_MODE_CAPTURE = 2 };
enum { GEN_LEAP = 0, GEN_RIDE, GEN_HOP, GEN_GRASS };
typedef struct gen_atom {
    int8_t dx, dy;   /* file and rank step for the first side (dy > 0 = forward) */
    uint8_t how;     /* GEN_LEAP, GEN_RIDE, GEN_HOP (cannon), GEN_GRASS (grasshopper) */
    uint8_t range;   /* GEN_RIDE: at most this many steps, 0 = to the edge */
    uint8_t modes;   /* GEN_MODE_* */
    uint8_t lame;    /* GEN_LEAP: the squares on its path must be empty */
    uint8_t initial; /* only from the initial-move (double step) region, quiet moves only */
} gen_atom;

/*
** Parse Betza notation into atoms (the Fairy-Stockfish subset plus limited ranges): leaper and
** rider atoms, directions f b l r v s h, modalities m c, hoppers p g, lame n, initial i.
** Returns BG_OK or BG_E_PARSE with *bad set to the offset of the bad character.
*/
BGI_FUNC bg_status gen_betza_parse(const char *betza, gen_atom *atoms, int *natoms, size_t *bad,
                                   const char **why);

/* A square set over the 26x26 coordinate grid (index rank * 26 + file), mapped to the board at build. */
typedef struct gen_sqset {
    uint64_t w[GEN_SQWORDS];
} gen_sqset;

/* One piece slot: a Fairy-Stockfish piece name ("knight", "customPiece1", ...). */
typedef struct gen_slot {
    char letter;            /* uppercase FEN letter, 0 = not in this variant */
    int line;               /* line of its definition */
    int own;                /* defined by the section itself, not a parent */
    int applied;            /* which gen_desc_apply call gave the letter (0 = the template) */
    const char *betza;      /* custom moves ("k:KN", customPieceN); NULL = the slot's own */
    uint8_t region_set[GEN_WB_SIDES];
    gen_sqset region[GEN_WB_SIDES];
} gen_slot;

#define GEN_BUILTIN_SLOTS 37
#define GEN_SLOTS (GEN_BUILTIN_SLOTS + GEN_CUSTOM_PIECES)

/* Name, Betza and role of the built-in slots; custom slots are named "customPieceN". */
BGI_FUNC const char *gen_slot_name(int slot, char *buf, size_t cap);
BGI_FUNC const char *gen_slot_betza(int slot);
BGI_FUNC int gen_slot_role(int slot);
BGI_FUNC int gen_slot_find(const char *name);
#define GEN_SLOT_PAWN 0
#define GEN_SLOT_KING 36

/*
** The rules of one section, with Fairy-Stockfish 11.1's defaults (standard chess without
** pieces). Ranks and files are 0-based here; "relative" ranks count from each side's home rank.
*/
typedef struct gen_desc {
    char id[64];
    int line;                /* section header line */
    size_t offset;
    char template_name[16];  /* variantTemplate (decides the default notation) */
    int files, ranks;
    const char *start_fen;
    int start_line;
    gen_slot slot[GEN_SLOTS];
    int king_type;           /* kingType: slot whose moves the king has, -1 = its own */
    int applies;             /* gen_desc_apply calls so far (parents, then the section) */
    /* promotion */
    int promotion_rank;      /* relative rank index where pawns promote (promotionRank - 1) */
    int promo_region_set[GEN_WB_SIDES];
    gen_sqset promo_region[GEN_WB_SIDES];
    uint64_t promo_types;    /* slots pawns may promote to */
    int promo_limit[GEN_SLOTS];
    int8_t promoted[GEN_SLOTS]; /* promotedPieceType: slot, -1 = none */
    int piece_promotion_on_capture, mandatory_pawn_promotion, mandatory_piece_promotion;
    int piece_demotion;
    /* pawn double steps */
    int double_step, double_step_rank, first_rank_double_steps;
    int dstep_region_set[GEN_WB_SIDES];
    gen_sqset dstep_region[GEN_WB_SIDES];
    /* castling */
    int castling, chess960, castling_kingside_file, castling_queenside_file, castling_rank;
    int castling_rook_slot;
    /* checks and captures */
    int checking, drop_checks, must_capture, flying_general, soldier_promotion_rank;
    /* drops */
    int piece_drops, drop_loop, captures_to_hand, first_rank_pawn_drops, promotion_zone_pawn_drops;
    int drop_promoted, immobility_illegal;
    int drop_region_set[GEN_WB_SIDES];
    gen_sqset drop_region[GEN_WB_SIDES];
    int nodouble_slot;       /* dropNoDoubled / shogiDoubledPawn = false: slot, -1 = none */
    int nodouble_count;
    int shogi_doubled_pawn;
    int shogi_pawn_drop_mate_illegal;
    int king_pass, king_pass_on_stalemate;
    /* game end */
    int n_move_rule, n_fold_rule, n_fold_value, n_fold_value_absolute, perpetual_check_illegal;
    int stalemate_value, checkmate_value;
    int extinction_value, extinction_claim, extinction_all, extinction_count, extinction_opp_count;
    uint64_t extinction_types;
    int flag_slot;           /* -1 = none */
    gen_sqset flag_region[GEN_WB_SIDES];
    int flag_move;
    int counting_rule;
    /* More than two sides (keys of ours, not Fairy-Stockfish's: docs/variants.md) */
    int sides;               /* 2 by default */
    char side_name[GEN_MAX_SIDES][16];
    char side_letter[GEN_MAX_SIDES]; /* lowercase, written before each piece letter in FEN */
    int facing[GEN_MAX_SIDES];       /* GEN_FACE_*: the direction each side's pieces move forward */
    int side_names, side_letters, side_facings; /* words given by sideNames, sideLetters, sideFacing */
    /* The last key naming White or Black (their regions): refused with more than two sides. */
    const char *wb_key;
    int wb_line;
    size_t wb_offset;
    int holes_set;
    gen_sqset holes;         /* squares that are not part of the board */
    /* Where each key of the table was set by the section itself (0 = default or inherited). */
    int key_line[GEN_MAX_KEYS];
    size_t key_offset[GEN_MAX_KEYS];
} gen_desc;

enum gen_facing { GEN_FACE_NORTH = 0, GEN_FACE_EAST, GEN_FACE_SOUTH, GEN_FACE_WEST };

/* Fairy-Stockfish 11.1's defaults for a section without a parent. */
BGI_FUNC void gen_desc_defaults(gen_desc *d);
/*
** Apply key/value pairs in order (a parent's, then the section's own). Keys outside the
** supported subset, bad values and unknown piece letters are errors naming key and line.
*/
BGI_FUNC bg_status gen_desc_apply(gen_desc *d, const gen_kv *kv, int nkv, int inherited,
                                  gen_arena *a, bg_error *err);
/*
** Cross-key checks once every key is applied (letters unique, royal present, board size, the
** rules more than two sides play with...); fills the side letters sideLetters left out.
*/
BGI_FUNC bg_status gen_desc_check(gen_desc *d, bg_error *err);

#endif
