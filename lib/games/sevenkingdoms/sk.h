/* libboardgames — Seven Kingdoms engine internals: mailbox state, armies and ownership, moves, make, perft. */
#ifndef BG_SK_H
#define BG_SK_H

#include <stdint.h>

#include "internal.h"
#include "sk_tables.h"

/* Kingdoms in turn order; their index is the public side index. */
enum { SK_QIN, SK_HAN, SK_CHU, SK_WEI, SK_QI, SK_YAN, SK_ZHAO, SK_KINGDOMS };
#define SK_ALL_KINGDOMS ((1u << SK_KINGDOMS) - 1)

/* Piece kinds, equal to the public kind numbers. */
enum { SK_NONE, SK_GENERAL, SK_DEPUTY, SK_LIEUTENANT, SK_CANNON, SK_ENVOY, SK_SABRE, SK_SWORD,
       SK_BOW, SK_CROSSBOW, SK_HORSE, SK_ZHOU, SK_KINDS = SK_ZHOU };

/* Pieces of one army at the start. */
#define SK_ARMY_PIECES 17
/* Hegemony and elimination thresholds (seed 002). */
#define SK_HEGEMONY_CAPTURES 30
#define SK_HEGEMONY_CONQUESTS 2
#define SK_ELIMINATION_LOSSES 10

/*
** Board byte: 0 empty, SK_OFF off the board, else (army + 1) << 4 | kind, the army being the
** kingdom the piece started with. 周 is army 8, which no kingdom ever counts as an enemy, and the
** sentinel's army 15 neither: "capturable" is one bit test plus the envoy test.
*/
#define SK_OFF 0xff
#define SK_PIECE(army, kind) ((uint8_t)(((army) + 1) << 4 | (kind)))
#define SK_ZHOU_PIECE ((uint8_t)(8 << 4 | SK_ZHOU))
#define SK_KIND(p) ((p) & 15)
#define SK_ARMY(p) (((p) >> 4) - 1)
/* The point of 周 (j10). */
#define SK_ZHOU_POINT (9 * SK_FILES + 9)

/*
** Upper bound of legal moves: one army's 17 pieces reach at most 72 (general) + 36 (deputy) + 36
** (lieutenant) + 36 (cannon) + 72 (envoy) + 32 (bow) + 40 (crossbow) + 2 x 4 + 4 x 4 + 4 x 24
** (horses) = 444 points, and a kingdom commands at most the seven armies: 3108 < BGI_MAX_MOVES.
*/
#define SK_MAX_MOVES 3108

typedef struct sk_state {
    uint64_t key;                 /* Zobrist key of the pieces (stm and the rest: sk_hash) */
    uint8_t board[SK_MB];
    uint8_t slot[SK_MB];          /* index of the piece in its army's list */
    uint16_t list[SK_KINGDOMS][SK_ARMY_PIECES]; /* mailbox points of each army's pieces */
    uint8_t count[SK_KINGDOMS];   /* pieces of each army on the board */
    uint8_t owner[SK_KINGDOMS];   /* kingdom that commands each army now */
    int8_t victor[SK_KINGDOMS];   /* -1 while in play, else the kingdom that conquered it */
    uint8_t cap[SK_KINGDOMS][SK_KINGDOMS]; /* cap[c][v]: pieces commanded by v that c captured */
    uint8_t captured[SK_KINGDOMS], lost[SK_KINGDOMS], conquests[SK_KINGDOMS];
    uint8_t ally[SK_KINGDOMS];    /* kingdoms of the same player (itself included), from options */
    uint8_t present;              /* kingdoms named by option players; the others are empty */
    uint8_t live;                 /* kingdoms still in play (present, not eliminated) */
    uint8_t stm;
    uint8_t winners;              /* 0 while the game goes on, else the winning kingdoms */
    uint8_t reason;               /* BG_REASON_HEGEMONY or BG_REASON_ELIMINATION once over */
    uint16_t halfmove;            /* plies since the last capture */
    uint16_t fullmove;            /* rounds: + 1 each time the turn wraps round to an earlier kingdom */
} sk_state;

#define SK_STATE(pos) ((sk_state *)(void *)(pos)->state)
#define SK_CSTATE(pos) ((const sk_state *)(const void *)(pos)->state)

/* One-letter tags of the kingdoms in the position text and the record: q h c w i y z. */
extern const char sk_kingdom_letters[SK_KINGDOMS + 1] __attribute__((visibility("hidden")));
extern const char *const sk_kingdom_ids[SK_KINGDOMS] __attribute__((visibility("hidden")));
/* Letters of the kinds (index = kind): " GRBCTDSAXHZ". */
extern const char sk_kind_letters[SK_KINDS + 2] __attribute__((visibility("hidden")));
extern const char *const sk_kind_names[SK_KINDS + 1] __attribute__((visibility("hidden")));
/* Pieces of each kind in one army at the start. */
extern const uint8_t sk_kind_start[SK_KINDS + 1] __attribute__((visibility("hidden")));

/* Zobrist key of a board byte on a mailbox point (a fixed mixing function, no table). */
static inline uint64_t sk_zobrist(int piece, int mb)
{
    uint64_t z = ((uint64_t)piece << 16 | (uint64_t)mb) + 0x5345564b494e4753ULL;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

/* Next kingdom in play after k in turn order (k itself if it is the only one). */
static inline int sk_next_live(const sk_state *s, int k)
{
    for (int i = 1; i <= SK_KINGDOMS; i++) {
        int n = (k + i) % SK_KINGDOMS;
        if (s->live >> n & 1)
            return n;
    }
    return k;
}

/* Position basics (sk_position.c). */
BGI_FUNC void sk_clear(sk_state *s);
BGI_FUNC void sk_put(sk_state *s, int mb, int piece);
BGI_FUNC void sk_rehash(sk_state *s);
/* Derive owner[], live, captured/lost/conquests from victor[] and cap[]; then judge. */
BGI_FUNC void sk_derive(sk_state *s);
/* Game end from the counts; `first` is checked first when several kingdoms qualify. */
BGI_FUNC void sk_judge(sk_state *s, int first);
BGI_FUNC void sk_make(sk_state *s, bg_move m);
/* Full hash: pieces, side to move, ownership and counts. */
BGI_FUNC uint64_t sk_hash(const sk_state *s);
/* Only the armies of the `present` kingdoms stay on the board (the start with empty kingdoms). */
BGI_FUNC void sk_keep_present(sk_state *s, uint8_t present);

/* Options (index in the variant's table) and the values of `alliances`. */
enum { SK_OPT_PLAYERS = 0, SK_OPT_ALLIANCES = 1 };
enum { SK_ALLIANCES_SEED = 0, SK_ALLIANCES_FREE = 1 };
/*
** Players from option `players` (sk_players.c): ally[k] = the kingdoms of k's player (k itself
** included; an empty kingdom only itself), *present = the kingdoms named. Under alliances=seed
** the grouping must be one of seed 002's forms. Errors: BG_E_UNKNOWN_OPTION with a message, at
** `offset` (where the value starts in the options text) plus the place in the value.
*/
BGI_FUNC bg_status sk_players_parse(const char *text, size_t offset, int alliances,
                                    uint8_t ally[SK_KINGDOMS], uint8_t *present, bg_error *err);

/* Move generation (sk_movegen.c). */
BGI_FUNC int sk_generate(const sk_state *s, bg_move *buf); /* SK_MAX_MOVES entries */
BGI_FUNC uint64_t sk_perft(const sk_state *s, int depth);
/* Mailbox point of kingdom k's own general (always on the board while k is in play), or -1. */
BGI_FUNC int sk_general_point(const sk_state *s, int k);
/* Does kingdom k (with its allies' pieces as friends) attack mailbox point mb? */
BGI_FUNC int sk_attacks(const sk_state *s, int k, int mb);

/* Position text (sk_text.c). */
BGI_FUNC bg_status sk_text_parse(sk_state *s, const char *text, const char *format, unsigned flags,
                                 const uint8_t ally[SK_KINGDOMS], uint8_t present, bg_error *err);
BGI_FUNC int sk_text_format(const sk_state *s, const char *format, char *buf, size_t cap);

/* Adjudication (sk_adjudicate.c). */
extern const bgi_adjudicator bgi_sk_adjudicator __attribute__((visibility("hidden")));

#endif
