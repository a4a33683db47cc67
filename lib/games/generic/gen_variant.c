/* libboardgames — a defined variant as a bg_variant: its rules table, names, notations and start position. */
#include <string.h>

#include "gen.h"
#include "rules_table.h"

static bg_status setup(bg_position *pos, bg_error *err)
{
    (void)err;
    const gen_def *d = GEN_DEF(pos);
    memcpy(pos->state, d->start, d->state_size);
    return BG_OK;
}

static bg_status parse(bg_position *pos, const char *text, const char *format, unsigned flags,
                       bg_error *err)
{
    return gen_fen_parse(GEN_DEF(pos), GEN_STATE(pos), text, format, flags, err);
}

static int format(const bg_position *pos, const char *fmt, char *buf, size_t cap)
{
    return gen_fen_format(GEN_DEF(pos), GEN_CSTATE(pos), fmt, buf, cap);
}

BGI_RULE_SIDE_TO_MOVE(gen_state)

static bg_piece piece_at(const bg_position *pos, int sq)
{
    uint8_t c = GEN_CSTATE(pos)->board[sq];
    return c ? BG_PIECE(GEN_SIDE(c), GEN_KIND(c)) : BG_PIECE_NONE;
}

static int hand_count(const bg_position *pos, int side, int kind)
{
    return side < GEN_WB_SIDES ? GEN_CSTATE(pos)->hand[side][kind] : 0;
}

static int in_check(const bg_position *pos) { return gen_in_check(GEN_DEF(pos), GEN_CSTATE(pos)); }
BGI_RULE_HASH_KEY(gen_state)

static uint64_t repetition_key(const bg_position *pos)
{
    return gen_repetition_key(GEN_DEF(pos), GEN_CSTATE(pos));
}

static int halfmove_clock(const bg_position *pos) { return GEN_CSTATE(pos)->halfmove; }

static int fullmove_number(const bg_position *pos)
{
    const gen_state *s = GEN_CSTATE(pos);
    if (GEN_DEF(pos)->sides > 2)
        return s->round;
    return 1 + (int)((s->ply - s->stm) / 2);
}

static int legal_moves(const bg_position *pos, bg_move *buf)
{
    return gen_legal_moves(GEN_DEF(pos), GEN_CSTATE(pos), buf);
}

static unsigned move_flags(const bg_position *pos, bg_move m)
{
    const gen_def *d = GEN_DEF(pos);
    const gen_state *s = GEN_CSTATE(pos);
    unsigned f = 0;
    if (!(m & (BG_MOVE_DROP | BG_MOVE_PASS))) {
        int from = BG_MOVE_FROM(m), to = BG_MOVE_TO(m);
        if (gen_is_castle(d, s, m))
            f |= BG_FLAG_CASTLE;
        else if (s->board[to])
            f |= BG_FLAG_CAPTURE;
        else if (to == s->ep && ((d->pawn_kinds >> GEN_KIND(s->board[from])) & 1))
            f |= BG_FLAG_CAPTURE | BG_FLAG_EN_PASSANT;
    }
    return f | bgi_check_flags(pos, m);
}

static void make(bg_position *pos, bg_move m) { gen_make(GEN_DEF(pos), GEN_STATE(pos), m); }

static uint64_t perft(const bg_position *pos, int depth)
{
    return gen_perft(GEN_DEF(pos), GEN_CSTATE(pos), depth);
}

/* Castling is the king onto its own rook: uci names the king's landing square (Chess960: the rook's). */
static int castle_square(const bg_position *pos, bg_move m)
{
    const gen_def *d = GEN_DEF(pos);
    const gen_state *s = GEN_CSTATE(pos);
    if (!gen_is_castle(d, s, m))
        return -1;
    return d->desc->chess960 ? BG_MOVE_TO(m) : gen_castle_king_to(d, s, m);
}

static const bgi_rules rules_template = {
    .state_size = 0,
    BGI_RULES_ENTRIES,
    .hand_count = hand_count,
    .repetition_key = repetition_key,
    .load = gen_load,
    .get_rights = gen_get_rights,
    .castle_square = castle_square,
};
static const char *const chess_sides[] = {"white", "black"};
static const char *const shogi_sides[] = {"sente", "gote"};
static const bgi_side_info chess_side_info[] = {
    {"White", "White", "○", "white", "#ffffff"},
    {"Black", "Black", "●", "black", "#1c1c1c"},
};
static const bgi_side_info shogi_side_info[] = {
    {"Sente", "先手", "▲", "せんて", "#000000"},
    {"Gote", "後手", "△", "ごて", "#ffffff"},
};

/* The promotion zone of a defined variant (its pzone squares), and its holes. */
static int gen_region(const bg_variant *v, int region, int side, int sq)
{
    const gen_def *d = &((const gen_variant *)(const void *)v)->def;
    if (region == BG_REGION_HOLES)
        return d->holes && gen_bit(d->holes, sq);
    return region == BG_REGION_PROMOTION && side >= 0 && side < d->sides && d->pzone[side] &&
           gen_bit(d->pzone[side], sq);
}

/* Colours of sides named after one, else a palette in turn order (pictures). */
static const char *side_color(const char *name, int side)
{
    static const char *const named[][2] = {
        {"white", "#ffffff"}, {"black", "#1c1c1c"}, {"red", "#d32f2f"}, {"blue", "#1976d2"},
        {"yellow", "#fbc02d"}, {"green", "#388e3c"}, {"orange", "#f57c00"}, {"purple", "#7b1fa2"},
        {"gray", "#757575"}, {"grey", "#757575"}, {"brown", "#6d4c41"}, {"pink", "#e91e63"},
    };
    static const char *const palette[] = {"#d32f2f", "#1976d2", "#fbc02d", "#388e3c",
                                          "#7b1fa2", "#f57c00", "#6d4c41", "#757575"};
    for (size_t i = 0; i < sizeof named / sizeof named[0]; i++)
        if (!strcmp(name, named[i][0]))
            return named[i][1];
    return palette[side % 8];
}

/* Ids and facts of the sides of a variant with more than two: the definition's names. */
static bg_status side_tables(gen_variant *gv, gen_arena *arena, bgi_variant_info *info)
{
    const gen_def *d = &gv->def;
    const char **ids = gen_arena_alloc(arena, sizeof *ids * (size_t)d->sides);
    bgi_side_info *si = gen_arena_alloc(arena, sizeof *si * (size_t)d->sides);
    if (!ids || !si)
        return BG_E_NO_MEMORY;
    for (int side = 0; side < d->sides; side++) {
        const char *name = d->desc->side_name[side];
        char *english = gen_arena_strndup(arena, name, strlen(name));
        char *symbol = gen_arena_strndup(arena, &d->desc->side_letter[side], 1);
        if (!english || !symbol)
            return BG_E_NO_MEMORY;
        english[0] = (char)(english[0] - 'a' + 'A');
        ids[side] = name;
        si[side] = (bgi_side_info){english, english, symbol, name, side_color(name, side)};
    }
    gv->v.side_ids = ids;
    info->sides = si;
    return BG_OK;
}

/*
** Metadata of a defined variant (lib/core/metadata.c): the definition's English names, its
** letters as symbols, the royal kind, promotion links; drawn as a chess board, or as a shogi
** board for shogi-like games (the letters on the pieces).
*/
static bg_status make_info(gen_variant *gv, gen_arena *arena)
{
    const gen_def *d = &gv->def;
    bgi_piece_info *pieces = gen_arena_alloc(arena, sizeof *pieces * (size_t)(d->nkinds + 1));
    bgi_variant_info *info = gen_arena_alloc(arena, sizeof *info);
    if (!pieces || !info)
        return BG_E_NO_MEMORY;
    memset(pieces, 0, sizeof *pieces * (size_t)(d->nkinds + 1));
    memset(info, 0, sizeof *info);
    for (int k = 1; k <= d->nkinds; k++) {
        pieces[k].native[0] = d->kind[k].name;
        pieces[k].symbol[0] = d->kind[k].letter;
        pieces[k].royal = k == d->royal_kind;
        pieces[k].base = d->kind[k].base;
        if (d->kind[k].promote && d->kind[k].promote < 32)
            pieces[k].promotions = 1u << d->kind[k].promote;
    }
    info->pieces = pieces;
    info->sides = d->shogi_like ? shogi_side_info : chess_side_info;
    info->picture = d->shogi_like ? BGI_PICTURE_SHOGI : BGI_PICTURE_CHESS;
    info->squares = d->shogi_like ? BGI_SQUARES_SHOGI : BGI_SQUARES_LETTER_RANK;
    info->lang = "en";
    info->pawns = d->pawn_kinds;
    info->region = gen_region;
    gv->v.info = info;
    return d->sides > 2 ? side_tables(gv, arena, info) : BG_OK;
}

bg_status gen_variant_init(gen_variant *gv, const char *id, gen_arena *arena, bg_error *err)
{
    gen_def *d = &gv->def;
    const gen_desc *ds = d->desc;
    bg_variant *v = &gv->v;
    gv->rules = rules_template;
    gv->rules.state_size = d->state_size;
    gv->rules.rights = gen_rights(d);
    v->id = id;
    v->name = id;
    v->width = d->w;
    v->height = d->h;
    v->sides = d->sides;
    /* USI and SFEN for variants Fairy-Stockfish builds on its shogi template, or shogi-like drop games. */
    d->shogi_like = !strcmp(ds->template_name, "shogi") ||
                    (!ds->template_name[0] && ds->piece_drops && ds->captures_to_hand &&
                     !ds->slot[GEN_SLOT_PAWN].letter);
    v->side_ids = d->shogi_like ? shogi_sides : chess_sides;
    v->piece_kinds = d->nkinds;
    const char **names = gen_arena_alloc(arena, sizeof *names * (size_t)(d->nkinds + 1));
    const char **letters = gen_arena_alloc(arena, sizeof *letters * (size_t)(d->nkinds + 1));
    unsigned char *start = gen_arena_alloc(arena, d->state_size);
    if (!names || !letters || !start)
        return gen_fail_at(err, BG_E_NO_MEMORY, ds->line, ds->offset, "out of memory");
    names[0] = letters[0] = "";
    for (int k = 1; k <= d->nkinds; k++) {
        names[k] = d->kind[k].name;
        letters[k] = d->kind[k].letter;
    }
    v->piece_names = names;
    v->piece_letters = letters;
    v->has_drops = ds->piece_drops;
    v->has_pass = ds->king_pass || ds->king_pass_on_stalemate;
    v->max_moves = d->max_moves;
    v->notations = d->shogi_like ? bgi_generic_shogi_notations : bgi_generic_notations; /* lib/registry/ */
    v->notation_count = d->shogi_like ? 3 : 2;
    v->record_formats = bgi_generic_records; /* lib/registry/notation_tables.c */
    v->record_format_count = 1;
    v->options = NULL;
    v->option_count = 0;
    v->rules = &gv->rules;
    v->adjudicator = &bgi_gen_adjudicator;
    if (make_info(gv, arena) != BG_OK)
        return gen_fail_at(err, BG_E_NO_MEMORY, ds->line, ds->offset, "out of memory");
    /* The start position: read once here, so a bad startFen is an error of the definition.
    ** Leniently, as Fairy-Stockfish reads it: its files leave out the clocks, even the side. */
    bg_error e = BG_ERROR_INIT;
    bg_status s = gen_fen_parse(d, (gen_state *)(void *)start, ds->start_fen, NULL,
                                BG_PARSE_LENIENT, &e);
    if (s != BG_OK)
        return gen_fail_at(err, s, ds->start_line ? ds->start_line : ds->line, ds->offset,
                           "[%s] startFen: %s", id, e.message);
    d->start = start;
    char text[4096];
    int n = gen_fen_format(d, (const gen_state *)(const void *)start, NULL, text, sizeof text);
    if (n < 0 || (size_t)n >= sizeof text)
        return gen_fail_at(err, BG_E_LIMIT, ds->line, ds->offset, "[%s] start position text too long", id);
    v->start_text = gen_arena_strndup(arena, text, (size_t)n);
    if (!v->start_text)
        return gen_fail_at(err, BG_E_NO_MEMORY, ds->line, ds->offset, "out of memory");
    return BG_OK;
}
