/* libboardgames — shogi family piece types and how each moves: the one definition the table generator and the engine share. */
#ifndef BG_SHOGI_PIECES_H
#define BG_SHOGI_PIECES_H

/*
** Internal piece types of the whole family (a game uses a subset; bg_variant kinds are mapped per
** game). Tori shogi's swallow moves like a pawn and its phoenix like a king, so they share those
** types: pawn rules (nifu, drop mate) then apply to swallows with the game's own limits.
** Micro shogi's pieces have a face on each side and turn over on every capture; as in
** Fairy-Stockfish the faces that go to the hand are the lance, bishop, rook and pawn, and the
** other faces are "promoted": silver (+L), tokin (+B), gold (+R) and knight (+P). They move like
** the pieces they are named after but return to the hand as their base face (sh_base_type).
*/
enum {
    SH_NONE = 0,
    SH_PAWN, SH_LANCE, SH_KNIGHT, SH_SILVER, SH_GOLD, SH_BISHOP, SH_ROOK, SH_KING,
    SH_TOKIN, SH_NLANCE, SH_NKNIGHT, SH_NSILVER, SH_HORSE, SH_DRAGON,
    SH_ELEPHANT, SH_PRINCE,
    SH_GOOSE, SH_FALCON, SH_EAGLE, SH_CRANE, SH_PHEASANT, SH_LQUAIL, SH_RQUAIL,
    SH_MSILVER, SH_MTOKIN, SH_MGOLD, SH_MKNIGHT, /* micro shogi: +L, +B, +R, +P */
    SH_SPHEASANT, SH_SGOOSE, /* Tori shogi rules=seed: pheasant and goose with cannon captures */
    SH_NTYPES
};

/* A piece on the board: type | side << 5 (side 0 = sente, 1 = gote). */
#define SH_CODE(type, side) ((type) | (side) << 5)
#define SH_CODE_TYPE(code) ((code) & 31)
#define SH_CODE_SIDE(code) ((code) >> 5)
#define SH_NCODES 64

/*
** Directions. Relative to the piece's owner: 0 forward, 1 forward-right, 2 right, 3 back-right,
** 4 back, 5 back-left, 6 left, 7 forward-left. Absolute directions use the same numbers as seen by
** sente (0 = towards gote = rank + 1, 2 = file + 1); gote's are turned by half a turn: abs = rel ^ 4.
*/
#define SH_DIR_ABS(rel, side) ((rel) ^ ((side) << 2))

/* One step or leap (file, rank) offset as sente sees it; leaps jump, steps are single squares. */
typedef struct sh_offset {
    signed char df, dr;
} sh_offset;

typedef struct sh_movement {
    sh_offset leaps[8]; /* non-sliding destinations (steps and jumps: neither can be blocked) */
    unsigned char nleaps;
    unsigned char slides;  /* relative directions slid any distance (bit d) */
    unsigned char slides2; /* relative directions slid at most two squares (blockable) */
} sh_movement;

#define K8 {{0, 1}, {1, 1}, {1, 0}, {1, -1}, {0, -1}, {-1, -1}, {-1, 0}, {-1, 1}}
#define GOLD6 {{0, 1}, {1, 1}, {-1, 1}, {1, 0}, {-1, 0}, {0, -1}}
#define REL(d) (1u << (d))
#define ORTH (REL(0) | REL(2) | REL(4) | REL(6))
#define DIAG (REL(1) | REL(3) | REL(5) | REL(7))

/* Moves of every type (docs/rules.md sections 5-9). */
static const sh_movement sh_movements[SH_NTYPES] __attribute__((unused)) = {
    [SH_PAWN] = {{{0, 1}}, 1, 0, 0},
    [SH_LANCE] = {{{0}}, 0, REL(0), 0},
    [SH_KNIGHT] = {{{-1, 2}, {1, 2}}, 2, 0, 0},
    [SH_SILVER] = {{{0, 1}, {1, 1}, {-1, 1}, {1, -1}, {-1, -1}}, 5, 0, 0},
    [SH_GOLD] = {GOLD6, 6, 0, 0},
    [SH_BISHOP] = {{{0}}, 0, DIAG, 0},
    [SH_ROOK] = {{{0}}, 0, ORTH, 0},
    [SH_KING] = {K8, 8, 0, 0},
    [SH_TOKIN] = {GOLD6, 6, 0, 0},
    [SH_NLANCE] = {GOLD6, 6, 0, 0},
    [SH_NKNIGHT] = {GOLD6, 6, 0, 0},
    [SH_NSILVER] = {GOLD6, 6, 0, 0},
    /* Horse and dragon: the king's steps are a superset of their extra steps. */
    [SH_HORSE] = {K8, 8, DIAG, 0},
    [SH_DRAGON] = {K8, 8, ORTH, 0},
    /* Drunk elephant: one step any way but straight back; the crown prince moves like a king. */
    [SH_ELEPHANT] = {{{0, 1}, {1, 1}, {1, 0}, {1, -1}, {-1, -1}, {-1, 0}, {-1, 1}}, 7, 0, 0},
    [SH_PRINCE] = {K8, 8, 0, 0},
    /* Goose: jumps two diagonally forward or two straight back. */
    [SH_GOOSE] = {{{-2, 2}, {2, 2}, {0, -2}}, 3, 0, 0},
    [SH_FALCON] = {{{0, 1}, {1, 1}, {1, 0}, {1, -1}, {-1, -1}, {-1, 0}, {-1, 1}}, 7, 0, 0},
    /* Eagle: king steps, slides diagonally forward and straight back, two squares diagonally back. */
    [SH_EAGLE] = {K8, 8, REL(1) | REL(7) | REL(4), REL(3) | REL(5)},
    [SH_CRANE] = {{{0, 1}, {0, -1}, {1, 1}, {-1, 1}, {1, -1}, {-1, -1}}, 6, 0, 0},
    /* Pheasant: jumps to the second square straight forward, or one step diagonally back. */
    [SH_PHEASANT] = {{{0, 2}, {1, -1}, {-1, -1}}, 3, 0, 0},
    /* Left quail: forward and back-right any distance, one step back-left; right quail mirrored. */
    [SH_LQUAIL] = {{{-1, -1}}, 1, REL(0) | REL(3), 0},
    [SH_RQUAIL] = {{{1, -1}}, 1, REL(0) | REL(5), 0},
    [SH_MSILVER] = {{{0, 1}, {1, 1}, {-1, 1}, {1, -1}, {-1, -1}}, 5, 0, 0},
    [SH_MTOKIN] = {GOLD6, 6, 0, 0},
    [SH_MGOLD] = {GOLD6, 6, 0, 0},
    [SH_MKNIGHT] = {{{-1, 2}, {1, 2}}, 2, 0, 0},
    /* The seed's pheasant and goose capture only as cannons (sh_cannons): no plain attacks. */
    [SH_SPHEASANT] = {{{0}}, 0, 0, 0},
    [SH_SGOOSE] = {{{0}}, 0, 0, 0},
};

/*
** Tori shogi with rules=seed (004 lines 258-259 and 284, docs/shogi-variants.md): relative
** directions of the moves that may not capture (one step, or a slide up to the first piece) and
** of the cannon captures (over exactly one piece of either side, any distance, onto the next
** piece). Pheasant: steps forward and diagonally back, captures straight ahead. Goose: slides
** and captures along both forward diagonals and straight back.
*/
typedef struct sh_cannon {
    unsigned char quiet_steps, quiet_slides, hops;
} sh_cannon;

static const sh_cannon sh_cannons[SH_NTYPES] __attribute__((unused)) = {
    [SH_SPHEASANT] = {REL(0) | REL(3) | REL(5), 0, REL(0)},
    [SH_SGOOSE] = {0, REL(1) | REL(7) | REL(4), REL(1) | REL(7) | REL(4)},
};

#undef K8
#undef GOLD6
#undef REL
#undef ORTH
#undef DIAG

/*
** Board geometries of the family (files x ranks): 9x9 (shogi, Sho, old), 7x7 (Tori), 5x5
** (minishogi), 6x6 (Judkins), 4x5 (micro), 9x8 (old shogi with board=9x8).
*/
enum { SH_GEOM_9 = 0, SH_GEOM_7, SH_GEOM_5, SH_GEOM_6, SH_GEOM_4X5, SH_GEOM_9X8, SH_NGEOMS };
static const unsigned char sh_geom_width[SH_NGEOMS] __attribute__((unused)) = {9, 7, 5, 6, 4, 9};
static const unsigned char sh_geom_height[SH_NGEOMS] __attribute__((unused)) = {9, 7, 5, 6, 5, 8};
#define SH_MAX_SQUARES 81
#define SH_MAX_WIDTH 9 /* also the most ranks */

/* Hand slots (Zobrist hand keys are per slot and count); at most this many pieces of a kind in hand. */
#define SH_HAND_SLOTS 8
#define SH_HAND_MAX 18

#endif
