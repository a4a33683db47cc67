/* libboardgames — the generic rules engine: variants compiled from definitions (internal contract). */
#ifndef BG_GEN_H
#define BG_GEN_H

#include <stdint.h>

#include "gen_desc.h"

/*
** A compiled variant is one allocation inside its bg_variant_set (gen_set.c): the public
** bg_variant first, then the rules tables the engine reads. Everything is immutable once built.
**
** Board: a mailbox of W*H bytes, square = rank * W + file as the public API numbers them. Moves
** come from per-square programs built at definition time (gen_build.c), so the board needs no
** padding: every step list and ray length already stops at the edge.
**
** A board byte is 0 for an empty square, else (side << 5) | kind with kind 1..31.
*/
#define GEN_CODE(side, kind) ((uint8_t)((side) << 5 | (kind)))
#define GEN_KIND(code) ((code)&31)
#define GEN_SIDE(code) ((code) >> 5)

/* Per-square program words (uint16): see gen_build.c for the layout. */
#define GEN_P_SQ 0x03ffu     /* target square */
#define GEN_P_MOVE 0x0400u   /* may move there quietly */
#define GEN_P_CAP 0x0800u    /* may capture there */
#define GEN_P_NBLOCK 0x3000u /* number of path squares that must be empty (lame leaps), << 12 */
#define GEN_P_DOUBLE 0x4000u /* a pawn's initial double step: never promotes, may set en passant */
#define GEN_P_RAY_SLIDE 0
#define GEN_P_RAY_HOP 1   /* cannon: over exactly one screen */
#define GEN_P_RAY_GRASS 2 /* grasshopper: lands right behind the first piece */
#define GEN_P_RAY_REGION 0x0200u /* ray word: landings checked against the region (above modes) */

/* A kind: a piece type as it stands on the board, possibly promoted from another kind. */
typedef struct gen_kind {
    uint8_t type;        /* index in gen_def.type */
    uint8_t base;        /* kind it was promoted from (0 = not promoted) */
    uint8_t hand;        /* kind that goes to the captor's hand (0 = none) */
    uint8_t promote;     /* shogi-style promotion result kind (0 = none) */
    uint8_t demote;      /* demotion result kind (pieceDemotion; 0 = none) */
    uint8_t tilde;       /* promoted from a pawn in a drop game: written "Q~" in FEN */
    char letter[4];      /* "N", "+P", "Q~" */
    const char *name;    /* English name */
} gen_kind;

/* A type: one piece of the definition (FSF piece type or custom piece). */
typedef struct gen_type {
    uint8_t role;        /* GEN_ROLE_* */
    uint8_t slot;        /* gen_desc slot it came from */
    uint8_t kind;        /* its unpromoted kind */
    char letter;         /* uppercase */
    int limit;           /* promotionLimit (0 = none) */
    int dedupe;          /* two of its moves may reach one square (WR, R2+R): generate it once */
    int has_region[GEN_MAX_SIDES];
} gen_type;

/* Promotion choices of a pawn-role type (FSF promotionPieceTypes). */
typedef struct gen_pawnpromo {
    int n;
    uint8_t kind[GEN_MAX_TYPES]; /* result kinds, in generation order */
} gen_pawnpromo;

struct gen_def {
    int w, h, nsq, sides, nkinds, ntypes, ndirs, shogi_like;
    /* The generator's modes: more than two sides; every move tried (that, or no check rule); a king's attack map. */
    int multi, test_all, kmap_ok;
    gen_kind kind[GEN_MAX_KINDS + 1];
    gen_type type[GEN_MAX_TYPES];
    const gen_desc *desc; /* the rules as defined (owned by the set) */

    /* Move programs: prog[moves_at[side][type][sq]] (gen_build.c). */
    const uint16_t *prog;
    const uint32_t *moves_at[GEN_MAX_SIDES][GEN_MAX_TYPES];
    /* Attack programs: squares from which `side` attacks a target by leaps (att_at[side][sq]). */
    const uint16_t *att;
    const uint32_t *att_at[GEN_MAX_SIDES];
    /*
    ** The same split for the attack test: plain leaps as (count, then origin, kind mask) uint32
    ** pairs at plain[plain_at[side][sq]]; lame leaps in the uint16 layout at lame[lame_at[..]].
    */
    const uint32_t *plain, *plain_at[GEN_MAX_SIDES];
    const uint16_t *lame;
    const uint32_t *lame_at[GEN_MAX_SIDES];
    /* Ray directions (file/rank steps of the first side), step counts to the edge per square. */
    int8_t dir_dx[GEN_MAX_DIRS], dir_dy[GEN_MAX_DIRS];
    int16_t dir_delta[GEN_MAX_DIRS];
    const uint8_t *dir_steps; /* [sq * ndirs + d] */
    /*
    ** Ray attacks as seen from the target: kinds of `side` that capture a piece `k` steps away
    ** in direction d by sliding (slide[side][d][k]), by hopping over one screen (hop), or as
    ** grasshoppers (grass). Directions of each side that carry any of them: adirs.
    */
    uint32_t slide[GEN_MAX_SIDES][GEN_MAX_DIRS][GEN_MAX_FILES + 1];
    uint32_t hop[GEN_MAX_SIDES][GEN_MAX_DIRS], grass[GEN_MAX_SIDES][GEN_MAX_DIRS];
    /* Flying generals: the royal kind along orthogonals at any distance, whatever its region. */
    uint32_t fly[GEN_MAX_DIRS];
    uint8_t adirs[GEN_MAX_SIDES][GEN_MAX_DIRS];
    int nadirs[GEN_MAX_SIDES];
    uint32_t has_lame[GEN_MAX_SIDES]; /* kinds that are lame leapers */
    uint32_t has_hop[GEN_MAX_SIDES];  /* kinds that capture as hoppers or grasshoppers */
    /* Kinds of `side` whose mobility region contains a square: [side][sq]. */
    const uint32_t *region_ok[GEN_MAX_SIDES];
    /* Regions (bit sets of nsq bits, nwords words each). */
    int nwords;
    const uint64_t *region[GEN_MAX_SIDES][GEN_MAX_TYPES]; /* NULL = whole board */
    const uint64_t *immobile[GEN_MAX_SIDES][GEN_MAX_TYPES]; /* no quiet move from there */
    const uint64_t *pzone[GEN_MAX_SIDES];   /* shogi-style promotion zone */
    const uint64_t *pawn_zone[GEN_MAX_SIDES]; /* pawn promotion squares (rank or zone) */
    const uint64_t *dstep[GEN_MAX_SIDES];   /* initial-move (double step) region */
    const uint64_t *drop_ok[GEN_MAX_SIDES][GEN_MAX_KINDS + 1]; /* static drop squares of a hand kind */
    const uint64_t *flag[GEN_MAX_SIDES];    /* capture-the-flag target region */
    gen_pawnpromo pawnpromo;
    uint32_t pawn_kinds;  /* kinds with the pawn role (en passant, n-move rule, pawn drops) */
    uint32_t nodouble_kinds; /* kinds limited per file in drops (nifu) */
    int nodouble_count;
    uint32_t dropmate_kinds; /* kinds whose drop may not mate */
    uint32_t dropmate_slow;  /* of those, kinds that check by more than plain leaps: every drop tried */
    const uint64_t *file_mask; /* squares of each file: [file * nwords + word] */
    uint8_t royal_kind;   /* the king's kind, 0 = no royal piece */
    int castling;         /* castling enabled */
    int castle_kto[GEN_MAX_SIDES][2], castle_rto[GEN_MAX_SIDES][2]; /* files: [side][0 king-, 1 queenside] */
    int castle_rank[GEN_MAX_SIDES]; /* rank index */
    uint8_t castle_rook_kind;
    int forward[GEN_MAX_SIDES]; /* +1 / -1: the first side moves up the board (two sides) */
    int facing[GEN_MAX_SIDES];  /* GEN_FACE_*: where each side's forward points */
    const uint64_t *holes;      /* squares that are not part of the board (NULL = none) */
    /* Drop kinds: (hand kind, kind dropped) pairs, promoted drops after the plain ones. */
    int ndrops;
    uint8_t drop_hand[2 * GEN_MAX_KINDS], drop_kind[2 * GEN_MAX_KINDS];
    /* Hashing: zobrist[(side * (nkinds + 1) + kind) * nsq + sq]; other keys below. */
    const uint64_t *zobrist;
    const uint64_t *zob_hand; /* [(side * (nkinds + 1) + kind) * 16 + count], counts below 16 */
    uint64_t zob_side, zob_castle[16], zob_ep[GEN_MAX_FILES], zob_seed;
    uint64_t zob_turn[GEN_MAX_SIDES]; /* side to move: 0 and zob_side for two sides */
    size_t state_size;
    int count_off;        /* gen_count: offset of the per-side piece counts after the board */
    int max_moves;
    int mob_max;          /* most moves one piece can have (promotion forms counted), for move_bound */
    uint32_t type_kinds[GEN_MAX_TYPES]; /* kinds of each type */
    /* Squares from which a kind's moves never promote nor meet the immobility rule: [side][kind]. */
    const uint64_t *plain_from[GEN_MAX_SIDES][GEN_MAX_KINDS + 1];
    uint8_t flag_kind;    /* flagPiece's kind (0 = no flag rule) */
    const unsigned char *start; /* the start position's state (state_size bytes) */
};

/* ---------- position state (the bg_position's engine state) ---------- */

typedef struct gen_state {
    uint64_t key;                     /* Zobrist: board, hands, side, castling, en passant */
    uint32_t ply;                     /* plies since the start of the game (fullmove number) */
    uint16_t halfmove;                /* plies since a capture or pawn move */
    uint16_t royal[GEN_MAX_SIDES];    /* royal square, GEN_NO_SQ when none */
    uint16_t ep, ep_victim;           /* en-passant target square and the pawn it captures */
    uint16_t castle_rook[4];          /* rook square of each right: side * 2 + (0 king-, 1 queenside) */
    uint16_t castle_king[GEN_WB_SIDES]; /* square of the piece that castles (the king, or e-file) */
    uint16_t count_limit, count_ply;  /* makruk counting: limit in plies (0 = not counting) */
    uint16_t round;                   /* more than two sides: the move number (a round of turns) */
    uint8_t stm;
    uint8_t castle;                   /* bit side * 2 + wing */
    uint8_t hand[GEN_WB_SIDES][GEN_MAX_KINDS + 1];
    uint8_t count[GEN_WB_SIDES][GEN_MAX_KINDS + 1]; /* pieces on the board per kind: sides 0, 1 */
    /*
    ** nsq bytes of board; with more than two sides, then the counts of sides 2.. (gen_count):
    ** more sides do not make two-sided states larger, and two-sided code reads count directly.
    */
    uint8_t board[];
} gen_state;

/* The pieces of `side` on the board, per kind (index 0 unused), whatever the number of sides. */
static inline uint8_t *gen_count(const gen_def *d, gen_state *s, int side)
{
    return side < GEN_WB_SIDES ? s->count[side] : s->board + d->count_off + (side - 2) * (d->nkinds + 1);
}
static inline const uint8_t *gen_ccount(const gen_def *d, const gen_state *s, int side)
{
    return gen_count(d, (gen_state *)(uintptr_t)s, side);
}

/* Bytes a state of any variant may need (a stack copy for trying a move). */
#define GEN_MAX_STATE (sizeof(gen_state) + GEN_MAX_SQ + GEN_MAX_SIDES * (GEN_MAX_KINDS + 1) + 8)

/* The sides in play (their royal piece on the board), as a bit set: more than two sides. */
static inline uint32_t gen_sides_alive(const gen_def *d, const gen_state *s)
{
    uint32_t alive = 0;
    for (int side = 0; side < d->sides; side++)
        if (s->royal[side] != GEN_NO_SQ)
            alive |= 1u << side;
    return alive;
}

#define GEN_VARIANT(v) ((const gen_variant *)(const void *)(v))
#define GEN_DEF(pos) (&GEN_VARIANT((pos)->variant)->def)
#define GEN_STATE(pos) ((gen_state *)(void *)(pos)->state)
#define GEN_CSTATE(pos) ((const gen_state *)(const void *)(pos)->state)

/* The public handle and its tables: a bg_variant pointer is a pointer to this. */
typedef struct gen_variant {
    bg_variant v;
    bgi_rules rules;
    gen_def def;
} gen_variant;

/* Square-set helpers on nwords-word bit sets. */
static inline int gen_bit(const uint64_t *set, int sq)
{
    return (int)((set[sq >> 6] >> (sq & 63)) & 1);
}
static inline void gen_bit_set(uint64_t *set, int sq) { set[sq >> 6] |= (uint64_t)1 << (sq & 63); }

/* The Zobrist key of a piece of `side` and `kind` on sq. */
static inline uint64_t gen_zob(const gen_def *d, int side, int kind, int sq)
{
    return d->zobrist[((size_t)side * (size_t)(d->nkinds + 1) + (size_t)kind) * (size_t)d->nsq + (size_t)sq];
}

/* A move value with squares of up to 10 bits (the high bits live in move bits 27 and 28). */
static inline bg_move gen_mv(int from, int to) { return BG_MOVE_MAKE(from, to); }

/* ---------- build (gen_build.c) ---------- */

/*
** Compile a checked description into d (tables allocated from the arena). Errors (a table limit,
** an impossible start position) are reported with the section's line.
*/
BGI_FUNC bg_status gen_build(gen_def *d, const gen_desc *desc, gen_arena *arena, bg_error *err);

/*
** On x86-64 the perft recursion (gen_perft.c) and the generator are also compiled for x86-64-v3 (as the chess
** engine is); the loader picks the clone the CPU runs. Not under the sanitizers (their runtimes
** are not ready when the resolvers run).
*/
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__) && __GNUC__ >= 12 && \
    !defined(__SANITIZE_ADDRESS__) && !defined(__SANITIZE_THREAD__)
#define GEN_HOT __attribute__((target_clones("default", "arch=x86-64-v3")))
#else
#define GEN_HOT
#endif

/* ---------- engine (gen_movegen.c, gen_attack.c) ---------- */

/* Whether `side` attacks square sq on this board (captures there, or faces it as a flying general). */
BGI_FUNC int gen_attacked(const gen_def *d, const uint8_t *board, int sq, int side);
/* Whether a side other than `us` attacks square sq (variants of more than two sides). */
BGI_FUNC int gen_attacked_by_others(const gen_def *d, const uint8_t *board, int sq, int us);
/* Whether the side to move is in check (by any other side). */
BGI_FUNC int gen_in_check(const gen_def *d, const gen_state *s);
/*
** The generator on a board the caller lets it change and restore (the state's own board for
** perft): legal moves into out (cap entries) or, with out NULL, counted. No mustCapture filter.
*/
BGI_FUNC int gen_generate(const gen_def *d, const gen_state *s, uint8_t *board, bg_move *out, int cap);
/* Legal moves into buf (d->max_moves entries); count. With buf NULL only counts. */
BGI_FUNC int gen_legal_moves(const gen_def *d, const gen_state *s, bg_move *buf);
/* More than two sides: whether the side to move has a legal move (stops at the first). */
BGI_FUNC int gen_has_move_sides(const gen_def *d, const gen_state *s);
/* Make a legal move. */
BGI_FUNC void gen_make(const gen_def *d, gen_state *s, bg_move m);
BGI_FUNC uint64_t gen_perft(const gen_def *d, const gen_state *s, int depth);
/* The game is over by a rule that leaves no moves: 1 extinction, 2 flag (0 = not over); the value for the side to move. */
BGI_FUNC int gen_immediate_end(const gen_def *d, const gen_state *s, int *value);
/* Castling move of the side to move (king onto own rook)? */
BGI_FUNC int gen_is_castle(const gen_def *d, const gen_state *s, bg_move m);
/* Square the king ends on after castling move m. */
BGI_FUNC int gen_castle_king_to(const gen_def *d, const gen_state *s, bg_move m);
/* Hash from scratch, and the repetition key (en passant only if a legal capture exists). */
BGI_FUNC uint64_t gen_hash_full(const gen_def *d, const gen_state *s);
BGI_FUNC uint64_t gen_repetition_key(const gen_def *d, const gen_state *s);
/* The key of `count` pieces of a kind in hand, computed (gen_build.c fills the table with it). */
BGI_FUNC uint64_t gen_hand_key_slow(const gen_def *d, int side, int kind, int count);
/* The same, small counts from that table. */
static inline uint64_t gen_hand_key(const gen_def *d, int side, int kind, int count)
{
    if (count < 16)
        return d->zob_hand[((size_t)side * (size_t)(d->nkinds + 1) + (size_t)kind) * 16 + (size_t)count];
    return gen_hand_key_slow(d, side, kind, count);
}
/* Pieces of a type on the board for `side` (promotion limits). */
BGI_FUNC int gen_type_count(const gen_def *d, const gen_state *s, int side, int type);
/*
** More than two sides (gen_sides.c): a side is in play while its royal piece is on the board.
** Make a legal move; then the turn passes to the next side in play, and a side that cannot move
** and is checkmated (or stalemated, with stalemateValue = loss) is out: its pieces leave the board.
*/
BGI_FUNC void gen_make_sides(const gen_def *d, gen_state *s, bg_move m);
/* Apply that rule to a position set up with a side to move that cannot play (FEN). */
BGI_FUNC void gen_sides_settle(const gen_def *d, gen_state *s);
/* Set the makruk/ASEAN counting state after a move (and when a position is set up). */
BGI_FUNC void gen_counting_update(const gen_def *d, gen_state *s, int captured);

/* ---------- position text (gen_fen.c) ---------- */

BGI_FUNC bg_status gen_fen_parse(const gen_def *d, gen_state *s, const char *text, const char *format,
                                 unsigned flags, bg_error *err);
BGI_FUNC int gen_fen_format(const gen_def *d, const gen_state *s, const char *format, char *buf,
                            size_t cap);

/* The board field: ranks from the top, digits for empty squares, '*' for holes. */
BGI_FUNC void gen_fen_put_board(bgi_out *o, const gen_def *d, const gen_state *s, int sfen);
/*
** The same for more than two sides (gen_fen_sides.c): "board side quiet round", from the fields
** of a text of len bytes (nf of them, up to 8 split: a fifth is an error at its place).
*/
BGI_FUNC bg_status gen_fen_parse_sides(const gen_def *d, gen_state *s, const bgi_field *f, int nf,
                                       size_t len, unsigned flags, bg_error *err);
BGI_FUNC int gen_fen_format_sides(const gen_def *d, const gen_state *s, char *buf, size_t cap);

/* ---------- variant glue (gen_variant.c, gen_adjudicate.c) ---------- */

/* Position editing (gen_edit.c): the state from a snapshot, its rights, the BG_RIGHT_* it has. */
BGI_FUNC bg_status gen_load(bg_position *pos, const bg_snapshot *snap);
BGI_FUNC void gen_get_rights(const bg_position *pos, bg_snapshot *snap);
BGI_FUNC unsigned gen_rights(const gen_def *d);

/* Fill gv's public part (ids, names, notations, rules table) from its compiled def. */
BGI_FUNC bg_status gen_variant_init(gen_variant *gv, const char *id, gen_arena *arena, bg_error *err);
extern const bgi_adjudicator bgi_gen_adjudicator;

#endif
