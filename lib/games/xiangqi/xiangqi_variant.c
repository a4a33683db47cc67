/* libboardgames — the `xiangqi` variant and what lion chess shares with it: catalogue entry, options, notations, rules table. */
#include "xiangqi_variant.h"

const char *const bgi_xq_side_ids[2] = {"red", "black"};
const char *const bgi_xq_piece_names[9] = {"",       "general", "advisor", "elephant", "horse",
                                          "chariot", "cannon",  "soldier", "lion"};
const char *const bgi_xq_piece_letters[9] = {"", "K", "A", "B", "N", "R", "C", "P", "L"};

/*
** Metadata: the characters on the pieces, red's and black's (帥 仕 相 俥 傌 炮 兵 / 將 士 象 車 馬
** 砲 卒), pinyin; the lion 獅 for both.
*/
static const bgi_piece_info pieces[] = {
    {{NULL}, {NULL}, {NULL}, 0, 0, 0},
    {{"帥", "將"}, {"帥", "將"}, {"shuài", "jiàng"}, 1, 0, 0},
    {{"仕", "士"}, {"仕", "士"}, {"shì"}, 0, 0, 0},
    {{"相", "象"}, {"相", "象"}, {"xiàng"}, 0, 0, 0},
    {{"傌", "馬"}, {"傌", "馬"}, {"mǎ"}, 0, 0, 0},
    {{"俥", "車"}, {"俥", "車"}, {"jū"}, 0, 0, 0},
    {{"炮", "砲"}, {"炮", "砲"}, {"pào"}, 0, 0, 0},
    {{"兵", "卒"}, {"兵", "卒"}, {"bīng", "zú"}, 0, 0, 0},
    {{"獅"}, {"獅"}, {"shī"}, 0, 0, 0},
};
static const bgi_side_info sides[] = {
    {"Red", "紅方", "紅", "hóng", "#c8102e"},
    {"Black", "黑方", "黑", "hēi", "#1a1a1a"},
};

/* Palaces: the three middle files, each side's first three ranks; territory: its half. */
static int region(const bg_variant *v, int region, int side, int sq)
{
    if (region == BG_REGION_PALACE)
        return palace_in_palace(v, side, sq);
    return region == BG_REGION_TERRITORY && palace_rank(v, side, sq) < v->height / 2;
}

const bgi_variant_info bgi_xq_info =
    PALACE_INFO(pieces, sides, BGI_PICTURE_PALACE, "zh-Hant", region);

const bgi_option_def bgi_xq_options[3] = {
    {"ruleset", "asian|plain", BGI_OPT_ENUM},
    {"movelimit", "60|*", BGI_OPT_INT},
    {"checklimit", "none|3", BGI_OPT_ENUM}, /* docs/xiangqi-rules.md: seed 000, line 7 */
};

/* The checks in a row a side may give under option checklimit (values none|3), 0 = no limit. */
static const uint8_t check_limits[] = {0, 3};

static bg_status with_options(bg_position *pos, bg_status r)
{
    if (r == BG_OK)
        XQ_STATE(pos)->checklimit = check_limits[pos->options.ival[XQ_OPT_CHECKLIMIT]];
    return r;
}

#define XIANGQI_FEN "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"

static bg_status setup(bg_position *pos, bg_error *err)
{
    return with_options(pos, xq_fen_parse(XQ_STATE(pos), pos->variant->width,
                                          pos->variant->start_text, NULL, 0, err));
}

static bg_status parse(bg_position *pos, const char *text, const char *format, unsigned flags,
                       bg_error *err)
{
    /* A position read from text starts with no checks in a row (FEN has no field for them). */
    return with_options(pos, xq_fen_parse(XQ_STATE(pos), pos->variant->width, text, format, flags,
                                          err));
}

BGI_RULE_FORMAT(xq_state, xq_fen_format)
BGI_RULE_SIDE_TO_MOVE(xq_state)

BGI_RULE_PIECE_AT(xq_state, palace_piece)

BGI_RULE_IN_CHECK(xq_state, xq_in_check)
BGI_RULE_HASH_KEY(xq_state)
/* The check counts change which moves are legal, so positions that differ in them differ. */
static uint64_t repetition_key(const bg_position *pos)
{
    return XQ_CSTATE(pos)->key ^ xq_checks_key(XQ_CSTATE(pos));
}
BGI_RULE_COUNTERS(xq_state)
BGI_RULE_LEGAL_MOVES(xq_state, xq_generate)

static unsigned move_flags(const bg_position *pos, bg_move m)
{
    return (XQ_CSTATE(pos)->board[BG_MOVE_TO(m)] ? BG_FLAG_CAPTURE : 0) | bgi_check_flags(pos, m);
}

BGI_RULE_MAKE(xq_state, xq_make_counted)
BGI_RULE_PERFT(xq_state, xq_perft)

/* Editing (lib/core/edit.c): the board, side and counters; checks in a row start again at 0. */
static bg_status load(bg_position *pos, const bg_snapshot *snap)
{
    xq_state *s = XQ_STATE(pos), st;
    xq_clear(&st, s->width);
    st.checklimit = s->checklimit;
    PALACE_FROM_SNAPSHOT(&st, snap, pos->variant->width * pos->variant->height);
    xq_rehash(&st);
    *s = st;
    return BG_OK;
}

const bgi_rules bgi_xq_rules = {
    VARIANT_RULES(xq_state, repetition_key),
};

XQ_VARIANT(bgi_variant_xiangqi, "xiangqi", "Xiangqi (Chinese chess)", 9, 7, XIANGQI_FEN);
