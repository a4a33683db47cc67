/* libboardgames — the `chess` variant: catalogue entry, options, notations and the rules table. */
#include <string.h>

#include "../variant_entry.h"
#include "chess.h"
#include "rules_table.h"

extern const bgi_adjudicator bgi_chess_adjudicator;

static const char *const side_ids[] = {"white", "black"};
static const char *const piece_names[] = {"", "pawn", "knight", "bishop", "rook", "queen", "king"};
static const char *const piece_letters[] = {"", "P", "N", "B", "R", "Q", "K"};
static const signed char kind_of_letter[128] = {['P'] = 1, ['N'] = 2, ['B'] = 3,
                                                ['R'] = 4, ['Q'] = 5, ['K'] = 6};

/* Metadata (bg_variant_piece_text and friends): figurines by side; a pawn promotes to N B R Q. */
#define PROMOTES_TO_PIECES ((1u << 2) | (1u << 3) | (1u << 4) | (1u << 5))
static const bgi_piece_info pieces[] = {
    {{NULL}, {NULL}, {NULL}, 0, 0, 0},
    {{"pawn"}, {"♙", "♟"}, {""}, 0, 0, PROMOTES_TO_PIECES},
    {{"knight"}, {"♘", "♞"}, {""}, 0, 0, 0},
    {{"bishop"}, {"♗", "♝"}, {""}, 0, 0, 0},
    {{"rook"}, {"♖", "♜"}, {""}, 0, 0, 0},
    {{"queen"}, {"♕", "♛"}, {""}, 0, 0, 0},
    {{"king"}, {"♔", "♚"}, {""}, 1, 0, 0},
};
static const bgi_side_info sides[] = {
    {"White", "White", "○", "", "#ffffff"},
    {"Black", "Black", "●", "", "#000000"},
};

/* The promotion rank of each side. */
static int region(const bg_variant *v, int region, int side, int sq)
{
    return region == BG_REGION_PROMOTION && sq / v->width == (side ? 0 : v->height - 1);
}

static const bgi_variant_info info = {
    VARIANT_INFO(pieces, sides, BGI_PICTURE_CHESS, BGI_SQUARES_LETTER_RANK, "en", region),
};

/* Indexes match CHESS_OPT_*; fiftymove: docs/chess-rules.md (seed 001, line 21). */
static const bgi_option_def options[] = {
    {"chess960", "false|true", BGI_OPT_ENUM},
    {"fiftymove", "claim|automatic", BGI_OPT_ENUM},
};

#define START_FEN "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"

/*
** The start state, parsed once per chess960 setting: a record reader creates a game per record,
** and parsing the FEN each time cost as much as playing ten moves. The first thread to claim a
** slot (0 -> 1) fills it and publishes it (-> 2); until then every caller parses for itself.
*/
static chess_state start_cache[2];
static int start_ready[2];

static bg_status setup(bg_position *pos, bg_error *err)
{
    int c = pos->options.ival[CHESS_OPT_CHESS960] ? 1 : 0;
    if (__atomic_load_n(&start_ready[c], __ATOMIC_ACQUIRE) == 2) {
        *CHESS_STATE(pos) = start_cache[c];
        return BG_OK;
    }
    bg_status s = chess_fen_parse(CHESS_STATE(pos), START_FEN, NULL, c, 0, err);
    int expected = 0;
    if (s == BG_OK && __atomic_compare_exchange_n(&start_ready[c], &expected, 1, 0,
                                                  __ATOMIC_ACQ_REL, __ATOMIC_RELAXED)) {
        start_cache[c] = *CHESS_STATE(pos);
        __atomic_store_n(&start_ready[c], 2, __ATOMIC_RELEASE);
    }
    return s;
}

static bg_status parse(bg_position *pos, const char *text, const char *format, unsigned flags,
                       bg_error *err)
{
    return chess_fen_parse(CHESS_STATE(pos), text, format, pos->options.ival[CHESS_OPT_CHESS960],
                           flags, err);
}

BGI_RULE_FORMAT(chess_state, chess_fen_format)
BGI_RULE_SIDE_TO_MOVE(chess_state)

static bg_piece piece_at(const bg_position *pos, int sq)
{
    int p = CHESS_CSTATE(pos)->board[sq];
    return p ? BG_PIECE(p >> 3, p & 7) : BG_PIECE_NONE;
}

BGI_RULE_IN_CHECK(chess_state, chess_in_check)
static uint64_t hash(const bg_position *pos) { return chess_polyglot_key(CHESS_CSTATE(pos)); }

static uint64_t repetition_key(const bg_position *pos)
{
    return chess_repetition_key(CHESS_CSTATE(pos));
}

BGI_RULE_COUNTERS(chess_state)
BGI_RULE_LEGAL_MOVES(chess_state, chess_generate)

static unsigned move_flags(const bg_position *pos, bg_move m)
{
    const chess_state *s = CHESS_CSTATE(pos);
    unsigned f = 0;
    int from = BG_MOVE_FROM(m), to = BG_MOVE_TO(m);
    if (chess_is_castle(s, m)) {
        f |= BG_FLAG_CASTLE;
    } else if ((s->board[from] & 7) == CH_PAWN && to == s->ep && s->ep != CH_SQ_NONE) {
        f |= BG_FLAG_EN_PASSANT | BG_FLAG_CAPTURE;
    } else if (s->board[to]) {
        f |= BG_FLAG_CAPTURE;
    }
    return f | bgi_check_flags(pos, m);
}

BGI_RULE_MAKE(chess_state, chess_make)
BGI_RULE_PERFT(chess_state, chess_perft)

static int moves_to(const bg_position *pos, int to, uint64_t kinds, bg_move *buf)
{
    return to >= 0 && to < 64 ? chess_moves_to(CHESS_CSTATE(pos), to, (unsigned)kinds, buf) : 0;
}

static bg_status load(bg_position *pos, const bg_snapshot *snap)
{
    return chess_load(CHESS_STATE(pos), snap);
}

static void get_rights(const bg_position *pos, bg_snapshot *snap)
{
    chess_get_rights(CHESS_CSTATE(pos), snap);
}

static const bgi_rules rules = {
    VARIANT_RULES(chess_state, repetition_key),
    .moves_to = moves_to,
    .rights = BG_RIGHT_CASTLING | BG_RIGHT_EN_PASSANT,
    .get_rights = get_rights,
};

/* max_moves: the known maximum is 218. */
const bg_variant bgi_variant_chess =
    VARIANT_ENTRY("chess", "Western chess (FIDE)", 8, 8, 2, side_ids, 6, piece_names, piece_letters,
                  256, bgi_chess_notations, bgi_chess_records, START_FEN, &rules,
                  &bgi_chess_adjudicator, &info, BGI_OPTION_TABLE(options),
                  .kind_of_letter = kind_of_letter);
