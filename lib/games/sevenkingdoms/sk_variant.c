/* libboardgames — the `sevenkingdoms` variant: catalogue entry, `players` option, rules table (adjudication: sk_adjudicate.c). */
#include <stdlib.h>
#include <string.h>

#include "../variant_entry.h"
#include "rules_table.h"
#include "sk.h"

static const char *const piece_letters[] = {"", "G", "R", "B", "C", "T", "D", "S", "A", "X", "H", "Z"};

/* Metadata: the characters of seed 002 (a general shows its kingdom's name), pinyin readings. */
static const bgi_piece_info pieces[] = {
    {{NULL}, {NULL}, {NULL}, 0, 0, 0},
    {{"將"}, {"將"}, {"jiàng"}, 1, 0, 0},
    {{"偏"}, {"偏"}, {"piān"}, 0, 0, 0},
    {{"裨"}, {"裨"}, {"pí"}, 0, 0, 0},
    {{"砲"}, {"砲"}, {"pào"}, 0, 0, 0},
    {{"行人"}, {"行"}, {"xíngrén"}, 0, 0, 0},
    {{"刀"}, {"刀"}, {"dāo"}, 0, 0, 0},
    {{"劍"}, {"劍"}, {"jiàn"}, 0, 0, 0},
    {{"弓"}, {"弓"}, {"gōng"}, 0, 0, 0},
    {{"弩"}, {"弩"}, {"nǔ"}, 0, 0, 0},
    {{"騎"}, {"騎"}, {"qí"}, 0, 0, 0},
    {{"周"}, {"周"}, {"zhōu"}, 0, 0, 0},
};
/*
** The traditional colours of the kingdoms (秦白 韓丹 楚赤 魏綠 齊青 燕黑 趙紫, 周黃: the five
** directions' colours for 秦 west, 楚 south, 齊 east, 燕 north and 周 the centre); the eighth
** entry names the neutral 周.
*/
static const bgi_side_info sides[] = {
    {"Qin", "秦", "秦", "Qín", "#f2efe6"},   {"Han", "韓", "韓", "Hán", "#e8641e"},
    {"Chu", "楚", "楚", "Chǔ", "#c8102e"},   {"Wei", "魏", "魏", "Wèi", "#2e8b3c"},
    {"Qi", "齊", "齊", "Qí", "#1f5fbf"},     {"Yan", "燕", "燕", "Yān", "#1a1a1a"},
    {"Zhao", "趙", "趙", "Zhào", "#7b3fa0"}, {"Zhou", "周", "周", "Zhōu", "#e0b000"},
};

/*
** Home areas: each army's triangle (docs/rules.md, the Seven Kingdoms layout), from its general's point on
** the edge: rows of 7 5 3 1 1 points going inward.
*/
static const struct home {
    signed char file, rank, in_file, in_rank; /* general's point, unit step toward the centre */
} homes[SK_KINGDOMS] = {
    {0, 9, 1, 0},   {5, 0, 0, 1},   {13, 0, 0, 1}, {18, 5, -1, 0},
    {18, 13, -1, 0}, {13, 18, 0, -1}, {5, 18, 0, -1},
};

static int region(const bg_variant *v, int region, int side, int sq)
{
    static const int half_width[5] = {3, 2, 1, 0, 0};
    if (region != BG_REGION_HOME)
        return 0;
    const struct home *h = &homes[side];
    const int df = sq % v->width - h->file, dr = sq / v->width - h->rank;
    const int depth = df * h->in_file + dr * h->in_rank;  /* along the inward step */
    const int along = df * h->in_rank + dr * h->in_file;  /* along the edge (sign irrelevant) */
    return depth >= 0 && depth < 5 && abs(along) <= half_width[depth];
}

static const bgi_variant_info info = {
    VARIANT_INFO(pieces, sides, BGI_PICTURE_SEVENKINGDOMS, BGI_SQUARES_LETTER_RANK, "zh-Hant",
                 region),
    .neutral = 1,
    .on_points = 1,
    .royal_shows_side = 1,
    .side_letters = sk_kingdom_letters,
};

/*
** Indexes match SK_OPT_*. players, the one TEXT option: kingdoms grouped by player, or 3..7 for
** the seed's defaults; alliances: whether the groups must follow seed 002's table (sk_players.c).
*/
static const bgi_option_def options[] = {
    {"players", "qin,han,chu,wei,qi,yan,zhao|*", BGI_OPT_TEXT},
    {"alliances", "seed|free", BGI_OPT_ENUM},
};

#define START_TEXT                                                                                 \
    "2HzSzBzGzRzSzHz1HySyByGyRySyHy2/3HzSzCzSzHz3HySyCySyHy3/4DzXzDz5DyXyDy3Hi/5Az7Ay3HiSi/"      \
    "5Tz7Ty2DiSiBi/14TiAiXiCiGi/Hq15DiSiRi/SqHq15HiSi/RqSqDq15Hi/GqCqXqAqTq4Z9/BqSqDq15Hw/"        \
    "SqHq15HwSw/Hq15DwSwBw/14TwAwXwCwGw/5Th7Tc2DwSwRw/5Ah7Ac3HwSw/4DhXhDh5DcXcDc3Hw/"             \
    "3HhShChShHh3HcScCcScHc3/2HhShRhGhBhShHh1HcScRcGcBcScHc2 q - - 0 1"

static bg_status players(const bg_position *pos, uint8_t ally[SK_KINGDOMS], uint8_t *present,
                         bg_error *err)
{
    return sk_players_parse(pos->options.text, pos->options.text_offset,
                            pos->options.ival[SK_OPT_ALLIANCES], ally, present, err);
}

static bg_status parse(bg_position *pos, const char *text, const char *format, unsigned flags,
                       bg_error *err)
{
    uint8_t ally[SK_KINGDOMS], present;
    bg_status r = players(pos, ally, &present, err);
    return r != BG_OK ? r : sk_text_parse(SK_STATE(pos), text, format, flags, ally, present, err);
}

/* The start: the seven armies, less those of the kingdoms left empty (seed 002: 「而空其餘國」). */
static bg_status setup(bg_position *pos, bg_error *err)
{
    uint8_t ally[SK_KINGDOMS], present;
    bg_status r = players(pos, ally, &present, err);
    if (r == BG_OK)
        r = sk_text_parse(SK_STATE(pos), pos->variant->start_text, NULL, 0, ally, SK_ALL_KINGDOMS,
                          err);
    if (r == BG_OK && present != SK_ALL_KINGDOMS)
        sk_keep_present(SK_STATE(pos), present);
    return r;
}

BGI_RULE_FORMAT(sk_state, sk_text_format)
BGI_RULE_SIDE_TO_MOVE(sk_state)

/* Pieces report the kingdom commanding them now; 周 reports side 7, one past the last kingdom. */
static bg_piece piece_at(const bg_position *pos, int point)
{
    const sk_state *s = SK_CSTATE(pos);
    const int p = s->board[sk_mb_of[point]];
    if (!p)
        return BG_PIECE_NONE;
    if (SK_KIND(p) == SK_ZHOU)
        return BG_PIECE(SK_KINGDOMS, SK_ZHOU);
    return BG_PIECE(s->owner[SK_ARMY(p)], SK_KIND(p));
}

/* Is kingdom k's general attacked by any kingdom in play that is not its ally? */
static int general_attacked(const sk_state *s, int k)
{
    const int g = sk_general_point(s, k);
    if (g < 0 || !(s->live >> k & 1))
        return 0;
    for (int e = 0; e < SK_KINGDOMS; e++)
        if ((s->live >> e & 1) && !(s->ally[k] >> e & 1) && sk_attacks(s, e, g))
            return 1;
    return 0;
}

static int in_check(const bg_position *pos)
{
    const sk_state *s = SK_CSTATE(pos);
    return !s->winners && general_attacked(s, s->stm);
}

static uint64_t hash(const bg_position *pos) { return sk_hash(SK_CSTATE(pos)); }
BGI_RULE_COUNTERS(sk_state)

/* Board order: from-point, then to-point (the value with from and to swapped; flags last). */
static uint32_t board_order(bg_move m)
{
    return (uint32_t)BG_MOVE_FROM(m) << 23 | (uint32_t)BG_MOVE_TO(m) << 14 | (m >> 18);
}

static int by_board_order(const void *a, const void *b)
{
    const uint32_t x = board_order(*(const bg_move *)a), y = board_order(*(const bg_move *)b);
    return (x > y) - (x < y);
}

/*
** The generator walks each army's piece list, whose order depends on the moves that led here; the
** API promises one order per position (the same from a text or from play), so the list is sorted.
** Perft does not go through here and pays nothing.
*/
static int legal_moves(const bg_position *pos, bg_move *buf)
{
    const int n = sk_generate(SK_CSTATE(pos), buf);
    qsort(buf, (size_t)n, sizeof *buf, by_board_order);
    return n;
}

/* Capture; check = after the move the mover attacks the general of a kingdom still in play. */
static unsigned move_flags(const bg_position *pos, bg_move m)
{
    const sk_state *s = SK_CSTATE(pos);
    if (m & BG_MOVE_PASS)
        return 0;
    unsigned f = s->board[sk_mb_of[BG_MOVE_TO(m)]] ? BG_FLAG_CAPTURE : 0;
    sk_state after = *s;
    sk_make(&after, m);
    for (int e = 0; e < SK_KINGDOMS && !after.winners; e++) {
        const int g = sk_general_point(&after, e);
        if ((after.live >> e & 1) && !(s->ally[s->stm] >> e & 1) && g >= 0 &&
            sk_attacks(&after, s->stm, g)) {
            f |= BG_FLAG_CHECK;
            break;
        }
    }
    return f;
}

BGI_RULE_MAKE(sk_state, sk_make)
BGI_RULE_PERFT(sk_state, sk_perft)

/*
** Editing (lib/core/edit.c). A piece's side is the kingdom commanding it (as piece_at reports),
** while the board keeps the army it started with: a piece that stays where it was keeps its
** army, a new one joins its commander's own army. Eliminations and captures are kept.
*/
static bg_status load(bg_position *pos, const bg_snapshot *snap)
{
    sk_state *s = SK_STATE(pos), st;
    sk_clear(&st);
    memcpy(st.ally, s->ally, sizeof st.ally);
    st.present = s->present;
    memcpy(st.victor, s->victor, sizeof st.victor);
    memcpy(st.cap, s->cap, sizeof st.cap);
    for (int point = 0; point < SK_POINTS; point++) {
        const bg_piece p = snap->board[point];
        const int kind = BG_PIECE_KIND(p), side = BG_PIECE_SIDE(p), mb = sk_mb_of[point];
        if (!p)
            continue;
        if ((kind == SK_ZHOU) != (side == SK_KINGDOMS))
            return BG_E_INVALID_ARGUMENT; /* 周 is neutral, and only 周 */
        int piece = SK_ZHOU_PIECE;
        if (kind != SK_ZHOU) {
            const int old = s->board[mb];
            int army = side;
            if (old && old != SK_OFF && SK_KIND(old) == kind && SK_KIND(old) != SK_ZHOU &&
                s->owner[SK_ARMY(old)] == side)
                army = SK_ARMY(old);
            if (st.count[army] == SK_ARMY_PIECES)
                return BG_E_LIMIT;
            piece = SK_PIECE(army, kind);
        }
        sk_put(&st, mb, piece);
    }
    st.stm = (uint8_t)snap->side_to_move;
    st.halfmove = (uint16_t)snap->halfmove_clock;
    st.fullmove = (uint16_t)snap->fullmove_number;
    sk_derive(&st);
    sk_rehash(&st);
    *s = st;
    return BG_OK;
}

/* The players and who is in play, for the .skr record (lib/notation). */
static void alliances(const bg_position *pos, bgi_alliances *out)
{
    const sk_state *s = SK_CSTATE(pos);
    for (int k = 0; k < SK_KINGDOMS; k++)
        out->ally[k] = s->ally[k];
    out->present = s->present;
    out->live = s->live;
}

static const bgi_rules rules = {
    VARIANT_RULES(sk_state, hash),
    .alliances = alliances,
};

const bg_variant bgi_variant_sevenkingdoms =
    VARIANT_ENTRY("sevenkingdoms", "Seven Kingdoms (Qiguo xiangqi)", SK_FILES, SK_FILES,
                  SK_KINGDOMS, sk_kingdom_ids, SK_KINDS, sk_kind_names, piece_letters, SK_MAX_MOVES,
                  bgi_sevenkingdoms_notations, bgi_sevenkingdoms_records, START_TEXT, &rules,
                  &bgi_sk_adjudicator, &info, BGI_OPTION_TABLE(options), .has_pass = 1);
