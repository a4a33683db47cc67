/* libboardgames — the `janggi` variant: catalogue entry, options (ruleset, setup), notations, record format, rules table. */
#include <stdio.h>
#include <string.h>

#include "../variant_entry.h"
#include "janggi.h"
#include "rules_table.h"

static const char *const side_ids[] = {"cho", "han"};
static const char *const piece_names[] = {"",        "general", "guard",   "elephant",
                                          "horse",   "chariot", "cannon",  "soldier"};
static const char *const piece_letters[] = {"", "K", "A", "B", "N", "R", "C", "P"};

/*
** Metadata: native names in hanja (將 士 象 馬 車 包, soldiers 卒 for Cho and 兵 for Han), what the
** pieces show (the generals 楚 and 漢), readings in hangul as the Korean notation writes them.
*/
static const bgi_piece_info pieces[] = {
    {{NULL}, {NULL}, {NULL}, 0, 0, 0},
    {{"將"}, {"楚", "漢"}, {"장"}, 1, 0, 0},
    {{"士"}, {"士"}, {"사"}, 0, 0, 0},
    {{"象"}, {"象"}, {"상"}, 0, 0, 0},
    {{"馬"}, {"馬"}, {"마"}, 0, 0, 0},
    {{"車"}, {"車"}, {"차"}, 0, 0, 0},
    {{"包"}, {"包"}, {"포"}, 0, 0, 0},
    {{"卒", "兵"}, {"卒", "兵"}, {"졸", "병"}, 0, 0, 0},
};
/* Cho's pieces are blue (green in older sets and the seed) and Han's red. */
static const bgi_side_info sides[] = {
    {"Cho", "楚", "楚", "초", "#1f5aa6"},
    {"Han", "漢", "漢", "한", "#c8102e"},
};

static int region(const bg_variant *v, int region, int side, int sq)
{
    return region == BG_REGION_PALACE && palace_in_palace(v, side, sq);
}

static const bgi_variant_info info = PALACE_INFO(pieces, sides, BGI_PICTURE_JANGGI, "ko", region);

/* Indexes match JG_OPT_* and the rulesets JG_RULES_*. */
static const bgi_option_def options[] = {
    {"ruleset", "standard|seed|tournament|traditional|modern|casual", BGI_OPT_ENUM},
    {"setup", "RNBA1ABNR/rnba1abnr|*", BGI_OPT_TEXT},
};

#define JANGGI_FEN "rnba1abnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBA1ABNR w - - 0 1"

static void set_rules(bg_position *pos)
{
    JG_STATE(pos)->bikjang = (uint8_t)jg_ruleset_bikjang(pos->options.ival[JG_OPT_RULESET]);
}

static bg_status setup(bg_position *pos, bg_error *err)
{
    char cho[10], han[10], fen[128];
    bg_status s = jg_setup_ranks(pos->options.text, cho, han, err);
    if (s != BG_OK)
        return s;
    snprintf(fen, sizeof fen, "%s/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/%s w - - 0 1", han,
             cho);
    set_rules(pos);
    return jg_fen_parse(JG_STATE(pos), fen, NULL, 0, err);
}

static bg_status parse(bg_position *pos, const char *text, const char *format, unsigned flags,
                       bg_error *err)
{
    set_rules(pos);
    return jg_fen_parse(JG_STATE(pos), text, format, flags, err);
}

BGI_RULE_FORMAT(jg_state, jg_fen_format)
BGI_RULE_SIDE_TO_MOVE(jg_state)

BGI_RULE_PIECE_AT(jg_state, palace_piece)

BGI_RULE_IN_CHECK(jg_state, jg_in_check)
BGI_RULE_HASH_KEY(jg_state)
BGI_RULE_COUNTERS(jg_state)
BGI_RULE_LEGAL_MOVES(jg_state, jg_generate)

static unsigned move_flags(const bg_position *pos, bg_move m)
{
    const int capture = !(m & BG_MOVE_PASS) && JG_CSTATE(pos)->board[BG_MOVE_TO(m)];
    return (capture ? BG_FLAG_CAPTURE : 0) | bgi_check_flags(pos, m);
}

BGI_RULE_MAKE(jg_state, jg_make)
BGI_RULE_PERFT(jg_state, jg_perft)

/* Editing (lib/core/edit.c): the board, side and counters (no pass or bikjang pending). */
static bg_status load(bg_position *pos, const bg_snapshot *snap)
{
    jg_state *s = JG_STATE(pos), st;
    jg_clear(&st);
    st.bikjang = s->bikjang;
    PALACE_FROM_SNAPSHOT(&st, snap, JG_SQ);
    jg_rehash(&st);
    *s = st;
    return BG_OK;
}

/* For the Korean notation's messages (lib/notation): whether the bikjang rule binds the mover. */
static unsigned facts(const bg_position *pos)
{
    const jg_state *s = JG_CSTATE(pos);
    return s->bikjang && jg_facing(s) ? BGI_FACT_BIKJANG : 0;
}

static const bgi_rules rules = {
    VARIANT_RULES(jg_state, hash), /* no hidden state: the position key is the repetition key */
    .facts = facts,
};

const bg_variant bgi_variant_janggi =
    VARIANT_ENTRY("janggi", "Janggi (Korean chess)", JG_WIDTH, JG_HEIGHT, 2, side_ids, 7,
                  piece_names, piece_letters, JG_MAX_MOVES, bgi_janggi_notations,
                  bgi_janggi_records, JANGGI_FEN, &rules, &bgi_janggi_adjudicator, &info,
                  BGI_OPTION_TABLE(options), .has_pass = 1);
