/* libboardgames — the shogi family's variants (shogi, shoshogi, heianshogi, torishogi, minishogi, microshogi, judkinsshogi) and their rules table. */
#include <string.h>

#include "../variant_entry.h"
#include "rules_table.h"
#include "shogi.h"

static const char *const side_ids[] = {"sente", "gote"};

static const char *const shogi_names[] = {
    "", "pawn", "lance", "knight", "silver", "gold", "bishop", "rook", "king", "tokin",
    "promoted lance", "promoted knight", "promoted silver", "horse", "dragon",
    "drunk elephant", "crown prince"};
static const char *const shogi_letters[] = {"", "P", "L", "N", "S", "G", "B", "R", "K", "+P",
                                            "+L", "+N", "+S", "+B", "+R", "E", "+E"};
static const char *const heian_names[] = {"", "pawn", "lance", "knight", "silver", "gold", "king",
                                          "tokin", "promoted lance", "promoted knight",
                                          "promoted silver"};
static const char *const heian_letters[] = {"", "P", "L", "N", "S", "G", "K", "+P", "+L", "+N", "+S"};
static const char *const tori_names[] = {"", "swallow", "falcon", "crane", "pheasant", "left quail",
                                         "right quail", "phoenix", "goose", "eagle"};
static const char *const tori_letters[] = {"", "S", "F", "C", "P", "L", "R", "K", "+S", "+F"};
static const char *const mini_names[] = {"", "pawn", "silver", "gold", "bishop", "rook", "king",
                                         "tokin", "promoted silver", "horse", "dragon"};
static const char *const mini_letters[] = {"", "P", "S", "G", "B", "R", "K", "+P", "+S", "+B", "+R"};
static const char *const judkins_names[] = {"", "pawn", "knight", "silver", "gold", "bishop", "rook",
                                            "king", "tokin", "promoted knight", "promoted silver",
                                            "horse", "dragon"};
static const char *const judkins_letters[] = {"", "P", "N", "S", "G", "B", "R", "K", "+P", "+N",
                                              "+S", "+B", "+R"};
/* Micro shogi: each piece's two faces; the letters are Fairy-Stockfish's (silver = +L, ...). */
static const char *const micro_names[] = {"", "pawn", "lance", "bishop", "rook", "king", "knight",
                                          "silver", "tokin", "gold"};
static const char *const micro_letters[] = {"", "P", "L", "B", "R", "K", "+P", "+L", "+B", "+R"};

/*
** Metadata: the names written on the pieces (two kanji, 玉將 for sente's king and 王將 for gote's),
** the one kanji of diagrams (杏 圭 全 for the promoted lance, knight and silver as on KIF
** boards), hiragana readings; what promotes to what.
*/
/* A piece's texts: the name written on it, the kanji of diagrams, the reading. */
#define TEXTS(native, symbol, reading) {native}, {symbol}, {reading}
/* The pieces several games share (the king's texts differ by side). */
#define T_PAWN TEXTS("歩兵", "歩", "ふひょう")
#define T_LANCE TEXTS("香車", "香", "きょうしゃ")
#define T_KNIGHT TEXTS("桂馬", "桂", "けいま")
#define T_SILVER TEXTS("銀將", "銀", "ぎんしょう")
#define T_GOLD TEXTS("金將", "金", "きんしょう")
#define T_BISHOP TEXTS("角行", "角", "かくぎょう")
#define T_ROOK TEXTS("飛車", "飛", "ひしゃ")
#define T_KING {"玉將", "王將"}, {"玉", "王"}, {"ぎょくしょう", "おうしょう"}
#define T_TOKIN TEXTS("と金", "と", "ときん")
#define T_NLANCE TEXTS("成香", "杏", "なりきょう")
#define T_NKNIGHT TEXTS("成桂", "圭", "なりけい")
#define T_NSILVER TEXTS("成銀", "全", "なりぎん")
#define T_HORSE TEXTS("龍馬", "馬", "りゅうま")
#define T_DRAGON TEXTS("龍王", "龍", "りゅうおう")
/*
** A table's rows, by kind: a piece that promotes to kind `to`, the promoted form of kind `from`,
** one that is neither, a royal one; kind 0 has no piece.
*/
#define UP(texts, to) {texts, 0, 0, 1u << (to)}
#define DOWN(texts, from) {texts, 0, from, 0}
#define PLAIN(texts) {texts, 0, 0, 0}
#define ROYAL(texts) {texts, 1, 0, 0}
#define NO_PIECE {{NULL}, {NULL}, {NULL}, 0, 0, 0}

/* Sho shogi adds the drunk elephant, which promotes to the crown prince, royal too. */
static const bgi_piece_info shogi_pieces[] = {
    NO_PIECE, UP(T_PAWN, 9), UP(T_LANCE, 10), UP(T_KNIGHT, 11), UP(T_SILVER, 12), PLAIN(T_GOLD),
    UP(T_BISHOP, 13), UP(T_ROOK, 14), ROYAL(T_KING), DOWN(T_TOKIN, 1), DOWN(T_NLANCE, 2),
    DOWN(T_NKNIGHT, 3), DOWN(T_NSILVER, 4), DOWN(T_HORSE, 6), DOWN(T_DRAGON, 7),
    UP(TEXTS("醉象", "象", "すいぞう"), 16), {TEXTS("太子", "太", "たいし"), 1, 15, 0},
};
static const bgi_piece_info heian_pieces[] = {
    NO_PIECE, UP(T_PAWN, 7), UP(T_LANCE, 8), UP(T_KNIGHT, 9), UP(T_SILVER, 10), PLAIN(T_GOLD),
    ROYAL(T_KING), DOWN(T_TOKIN, 1), DOWN(T_NLANCE, 2), DOWN(T_NKNIGHT, 3), DOWN(T_NSILVER, 4),
};
/* Tori's quails both show 鶉 (their full names 左鶉 / 右鶉 tell them apart). */
static const bgi_piece_info tori_pieces[] = {
    NO_PIECE,
    UP(TEXTS("燕", "燕", "つばめ"), 8),
    UP(TEXTS("鷹", "鷹", "たか"), 9),
    PLAIN(TEXTS("鶴", "鶴", "つる")),
    PLAIN(TEXTS("雉", "雉", "きじ")),
    PLAIN(TEXTS("左鶉", "鶉", "ひだりうずら")),
    PLAIN(TEXTS("右鶉", "鶉", "みぎうずら")),
    ROYAL(TEXTS("鵬", "鵬", "ほう")),
    DOWN(TEXTS("鴈", "鴈", "がん"), 1),
    DOWN(TEXTS("鵰", "鵰", "くまたか"), 2),
};
static const bgi_piece_info mini_pieces[] = {
    NO_PIECE, UP(T_PAWN, 7), UP(T_SILVER, 8), PLAIN(T_GOLD), UP(T_BISHOP, 9), UP(T_ROOK, 10),
    ROYAL(T_KING), DOWN(T_TOKIN, 1), DOWN(T_NSILVER, 2), DOWN(T_HORSE, 4), DOWN(T_DRAGON, 5),
};
/* Judkins shogi: shogi's pieces without the lance. */
static const bgi_piece_info judkins_pieces[] = {
    NO_PIECE, UP(T_PAWN, 8), UP(T_KNIGHT, 9), UP(T_SILVER, 10), PLAIN(T_GOLD), UP(T_BISHOP, 11),
    UP(T_ROOK, 12), ROYAL(T_KING), DOWN(T_TOKIN, 1), DOWN(T_NKNIGHT, 2), DOWN(T_NSILVER, 3),
    DOWN(T_HORSE, 5), DOWN(T_DRAGON, 6),
};
/*
** Micro shogi: a piece turns over when it captures; the back faces count as its promoted form
** (the knight, silver, tokin and gold, on the backs of the pawn, lance, bishop and rook).
*/
static const bgi_piece_info micro_pieces[] = {
    NO_PIECE, UP(T_PAWN, 6), UP(T_LANCE, 7), UP(T_BISHOP, 8), UP(T_ROOK, 9), ROYAL(T_KING),
    DOWN(T_KNIGHT, 1), DOWN(T_SILVER, 2), DOWN(T_TOKIN, 3), DOWN(T_GOLD, 4),
};
/* Sente is "Black" in English shogi writing: its pieces are not coloured, its mark is. */
static const bgi_side_info sides[] = {
    {"Sente", "先手", "▲", "せんて", "#000000"},
    {"Gote", "後手", "△", "ごて", "#ffffff"},
};

/*
** The promotion zone: the last three ranks as the side moves (Tori and Judkins two, minishogi
** one; micro shogi has none: its pieces turn over when they capture).
*/
static int region(const bg_variant *v, int region, int side, int sq)
{
    const int zone = v->width == 9 ? 3 : v->width == 7 || v->width == 6 ? 2 : v->width == 5 ? 1 : 0;
    const int r = side ? sq / v->width : v->height - 1 - sq / v->width;
    return region == BG_REGION_PROMOTION && r < zone;
}

#define FAMILY_INFO(ident, table, points)                                                    \
    static const bgi_variant_info ident = {                                                  \
        VARIANT_INFO(table, sides, BGI_PICTURE_SHOGI, BGI_SQUARES_SHOGI, "ja", region),      \
        .on_points = points,                                                                 \
    }
FAMILY_INFO(shogi_info, shogi_pieces, 0);
FAMILY_INFO(heian_info, heian_pieces, 1); /* played on the points of an 8x8 board (seed 004) */
FAMILY_INFO(tori_info, tori_pieces, 0);
FAMILY_INFO(mini_info, mini_pieces, 0);
FAMILY_INFO(judkins_info, judkins_pieces, 0);
FAMILY_INFO(micro_info, micro_pieces, 0);

/* Notations and record formats: lib/registry/notation_tables.c (CSA where it has codes). */
/*
** Options (docs/shogi-rules.md quotes the seed sentence of each): the index of a value is its
** position in the list, the first is the default. The indices are read by game_of() here and by
** shogi_adjudicate.c.
*/
static const bgi_option_def shogi_options[] = {
    {"impasse", "27|24|try|none", BGI_OPT_ENUM},
    {"dropmate", "pawn|any", BGI_OPT_ENUM},
};
static const bgi_option_def sho_options[] = {{"promotion", "optional|mandatory", BGI_OPT_ENUM}};
/* Old shogi's promotion keeps its order (mandatory, the seed's rule, is the default). */
static const bgi_option_def heian_options[] = {
    {"promotion", "mandatory|optional", BGI_OPT_ENUM},
    {"bareking", "true|false", BGI_OPT_ENUM},
    {"board", "9x9|9x8", BGI_OPT_ENUM},
};
enum {
    SHOGI_OPT_DROPMATE = 1,
    SHO_OPT_PROMOTION = 0,
    HEIAN_OPT_PROMOTION = 0,
    HEIAN_OPT_BOARD = 2,
    TORI_OPT_RULES = 1
};
static const bgi_option_def tori_options[] = {
    {"repetition", "fourfold|threefold", BGI_OPT_ENUM},
    {"rules", "standard|seed", BGI_OPT_ENUM},
};

static int game_of(const bg_position *pos)
{
    const bg_variant *v = pos->variant;
    const int32_t *o = pos->options.ival;
    if (v == &bgi_variant_shoshogi)
        return o[SHO_OPT_PROMOTION] == 1 ? SG_SHO_MAND : SG_SHO;
    if (v == &bgi_variant_heianshogi || v == &bgi_variant_heianshogi_9x8) {
        const int optional = o[HEIAN_OPT_PROMOTION] == 1;
        if (o[HEIAN_OPT_BOARD] == 1)
            return optional ? SG_HEIAN98_OPT : SG_HEIAN98;
        return optional ? SG_HEIAN_OPT : SG_HEIAN;
    }
    if (v == &bgi_variant_torishogi || v == &bgi_variant_torishogi_seed)
        return o[TORI_OPT_RULES] == 1 ? SG_TORI_SEED : SG_TORI;
    if (v == &bgi_variant_minishogi)
        return SG_MINI;
    if (v == &bgi_variant_judkinsshogi)
        return SG_JUDKINS;
    if (v == &bgi_variant_microshogi)
        return SG_MICRO;
    return o[SHOGI_OPT_DROPMATE] == 1 ? SG_SHOGI_DM : SG_SHOGI;
}

/*
** board=9x8: positions belong to a twin of heianshogi with a 9x8 geometry (same id, names,
** options and rules), so bg_position_variant() and every notation see the board they are on.
*/
static const bg_variant *heian_resolve(const bg_variant *v, const bgi_options *opts)
{
    (void)v;
    return opts->ival[HEIAN_OPT_BOARD] == 1 ? &bgi_variant_heianshogi_9x8 : &bgi_variant_heianshogi;
}

/* rules=seed starts from the seed's diagram: its positions report that start text. */
static const bg_variant *tori_resolve(const bg_variant *v, const bgi_options *opts)
{
    (void)v;
    return opts->ival[TORI_OPT_RULES] == 1 ? &bgi_variant_torishogi_seed : &bgi_variant_torishogi;
}

static int is_sfen(const char *format) { return !format || strcmp(format, "sfen") == 0; }

static bg_status setup(bg_position *pos, bg_error *err)
{
    int game = game_of(pos);
    return shogi_sfen_parse(SHOGI_STATE(pos), game, shogi_games[game].start, 0, err);
}

static bg_status parse(bg_position *pos, const char *text, const char *format, unsigned flags,
                       bg_error *err)
{
    if (!is_sfen(format))
        return bgi_fail(err, BG_E_UNSUPPORTED, 0, "%s positions are written in SFEN, not '%s'",
                        pos->variant->id, format);
    return shogi_sfen_parse(SHOGI_STATE(pos), game_of(pos), text, flags, err);
}

static int format(const bg_position *pos, const char *fmt, char *buf, size_t cap)
{
    if (!is_sfen(fmt))
        return BG_E_UNSUPPORTED;
    return shogi_sfen_format(SHOGI_CSTATE(pos), buf, cap);
}

BGI_RULE_SIDE_TO_MOVE(shogi_state)

static bg_piece piece_at(const bg_position *pos, int sq)
{
    const shogi_state *s = SHOGI_CSTATE(pos);
    int code = s->board[sq];
    if (!code)
        return BG_PIECE_NONE;
    return BG_PIECE(SH_CODE_SIDE(code), shogi_game_of(s)->type_kind[SH_CODE_TYPE(code)]);
}

static int hand_count(const bg_position *pos, int side, int kind)
{
    const shogi_state *s = SHOGI_CSTATE(pos);
    const shogi_game *gm = shogi_game_of(s);
    int t = kind <= gm->nkinds ? gm->kind_type[kind] : 0;
    for (int i = 0; t && i < gm->nhand; i++)
        if (gm->hand_type[i] == t)
            return s->hand[side][i];
    return 0;
}

BGI_RULE_IN_CHECK(shogi_state, shogi_in_check)
BGI_RULE_HASH_KEY(shogi_state)
/* Shogi has no capture/pawn-move clock. */
static int halfmove_clock(const bg_position *pos) { (void)pos; return 0; }
/* The SFEN move number, which counts plies. */
static int fullmove_number(const bg_position *pos) { return (int)SHOGI_CSTATE(pos)->ply; }

BGI_RULE_LEGAL_MOVES(shogi_state, shogi_generate)

/* Only the moves onto `to`: what reading a record checks for every move (CSA, KIF, USI). */
static int moves_to(const bg_position *pos, int to, uint64_t kinds, bg_move *buf)
{
    const shogi_state *s = SHOGI_CSTATE(pos);
    const shogi_game *gm = shogi_game_of(s);
    if (to < 0 || to >= gm->width * gm->height)
        return 0;
    int n = shogi_generate_to(s, to, buf), k = 0;
    for (int i = 0; i < n; i++) {
        const bg_move m = buf[i];
        const int kind = (m & BG_MOVE_DROP) ? (int)BG_MOVE_KIND(m)
                                            : (int)BG_PIECE_KIND(piece_at(pos, BG_MOVE_FROM(m)));
        if (kind < 64 && (kinds >> kind & 1))
            buf[k++] = m;
    }
    return k;
}

static unsigned move_flags(const bg_position *pos, bg_move m)
{
    const shogi_state *s = SHOGI_CSTATE(pos);
    unsigned f = 0;
    if (!(m & BG_MOVE_DROP) && s->board[BG_MOVE_TO(m)])
        f |= BG_FLAG_CAPTURE;
    shogi_state after = *s;
    shogi_make(&after, m);
    if (shogi_in_check(&after)) {
        f |= BG_FLAG_CHECK;
        if (!shogi_has_move(&after))
            f |= BG_FLAG_MATE;
    }
    return f;
}

BGI_RULE_MAKE(shogi_state, shogi_make)
BGI_RULE_PERFT(shogi_state, shogi_perft)

/* Editing (lib/core/edit.c): board, hands, side and move number (SFEN has no halfmove clock). */
static bg_status load(bg_position *pos, const bg_snapshot *snap)
{
    shogi_state *s = SHOGI_STATE(pos), st;
    const shogi_game *gm = shogi_game_of(s);
    shogi_clear(&st, s->game);
    for (int side = 0; side < 2; side++)
        for (int kind = 1; kind <= gm->nkinds; kind++) {
            const int n = snap->hand[side][kind], t = gm->kind_type[kind];
            if (!n)
                continue;
            int slot = -1;
            for (int i = 0; i < gm->nhand; i++)
                if (gm->hand_type[i] == t)
                    slot = i;
            if (slot < 0)
                return BG_E_INVALID_ARGUMENT;
            if (n > SH_HAND_MAX) /* the Zobrist table's bound; the reader stops there too */
                return BG_E_LIMIT;
            st.hand[side][slot] = (uint8_t)n;
        }
    for (int sq = 0; sq < gm->width * gm->height; sq++) {
        const bg_piece p = snap->board[sq];
        if (p)
            shogi_put(&st, sq, SH_CODE(gm->kind_type[BG_PIECE_KIND(p)], BG_PIECE_SIDE(p)));
    }
    st.stm = (uint8_t)snap->side_to_move;
    st.ply = (uint32_t)snap->fullmove_number;
    shogi_rehash(&st);
    *s = st;
    return BG_OK;
}

/* For USI (lib/notation): micro shogi's turning pieces. */
static unsigned facts(const bg_position *pos)
{
    const shogi_game *gm = shogi_game_of(SHOGI_CSTATE(pos));
    return (gm->flip_on_capture ? BGI_FACT_FLIPS : 0u) | (gm->drop_either_face ? BGI_FACT_DROP_FACES : 0u);
}

static const bgi_rules rules = {
    /* The repetition key: board, both hands and side to move, exactly what sennichite compares. */
    VARIANT_RULES(shogi_state, hash),
    .hand_count = hand_count,
    .moves_to = moves_to,
    .facts = facts,
};

/*
** max_moves: shogi's most-moves position has 593; with at most the standard material a position
** has under 7 * 81 drops + 316 board moves, so 1024 always suffices. The smaller games' bounds are
** worked out the same way (Tori: 6 * 49 drops + under 190 board moves).
** start: the literal of shogi_games[game].start; a member of a const array is no constant
** initializer for clang, and test_shogi_rules checks that each start_text is the start position.
*/
#define FAMILY_VARIANT(ident, vid, vname, files, ranks, nkinds, names, letters, drops, maxm,    \
                       opts, nopts, start, nots, recs, resolver, meta)                      \
    const bg_variant ident =                                                               \
        VARIANT_ENTRY(vid, vname, files, ranks, 2, side_ids, nkinds, names, letters, maxm,  \
                      nots, recs, start, &rules, &bgi_shogi_adjudicator, &meta,             \
                      .has_drops = drops, .options = opts, .option_count = nopts,           \
                      .resolve = resolver)

#define NOPTS(t) (int)(sizeof t / sizeof t[0])

FAMILY_VARIANT(bgi_variant_shogi, "shogi", "Shogi", 9, 9, 14, shogi_names, shogi_letters, 1, 1024,
               shogi_options, NOPTS(shogi_options),
               "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1", bgi_shogi_notations,
               bgi_shogi_records, NULL, shogi_info);
FAMILY_VARIANT(bgi_variant_shoshogi, "shoshogi", "Sho shogi (drunk elephant)", 9, 9, 16,
               shogi_names, shogi_letters, 0, 512, sho_options, NOPTS(sho_options),
               "lnsgkgsnl/1r2e2b1/ppppppppp/9/9/9/PPPPPPPPP/1B2E2R1/LNSGKGSNL b - 1",
               bgi_shogi_notations_no_csa, bgi_shogi_records_no_csa, NULL, shogi_info);
FAMILY_VARIANT(bgi_variant_heianshogi, "heianshogi", "Old shogi (Heian shogi)", 9, 9, 10,
               heian_names, heian_letters, 0, 256, heian_options, NOPTS(heian_options),
               "lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/9/LNSGKGSNL b - 1", bgi_shogi_notations, bgi_shogi_records,
               heian_resolve, heian_info);
/* Not in the catalogue: what positions of heianshogi with board=9x8 report as their variant. */
FAMILY_VARIANT(bgi_variant_heianshogi_9x8, "heianshogi", "Old shogi (Heian shogi)", 9, 8, 10,
               heian_names, heian_letters, 0, 256, heian_options, NOPTS(heian_options),
               "lnsgkgsnl/9/ppppppppp/9/9/PPPPPPPPP/9/LNSGKGSNL b - 1", bgi_shogi_notations, bgi_shogi_records,
               heian_resolve, heian_info);
FAMILY_VARIANT(bgi_variant_torishogi, "torishogi", "Tori shogi", 7, 7, 9, tori_names, tori_letters,
               1, 512, tori_options, NOPTS(tori_options),
               "rpckcpl/3f3/sssssss/2s1S2/SSSSSSS/3F3/LPCKCPR b - 1", bgi_shogi_notations_no_csa,
               bgi_shogi_records_no_csa, tori_resolve, tori_info);
/* Not in the catalogue: what positions of torishogi with rules=seed report as their variant. */
FAMILY_VARIANT(bgi_variant_torishogi_seed, "torishogi", "Tori shogi", 7, 7, 9, tori_names,
               tori_letters, 1, 512, tori_options, NOPTS(tori_options),
               "rpckcpl/3f3/sssssss/1s3S1/SSSSSSS/3F3/LPCKCPR b - 1", bgi_shogi_notations_no_csa,
               bgi_shogi_records_no_csa, tori_resolve, tori_info);
FAMILY_VARIANT(bgi_variant_minishogi, "minishogi", "Minishogi (5x5)", 5, 5, 10, mini_names,
               mini_letters, 1, 256, NULL, 0, "rbsgk/4p/5/P4/KGSBR b - 1", bgi_shogi_notations,
               bgi_shogi_records, NULL, mini_info);
/* max_moves: 4 hand kinds x 2 faces x 20 squares + under 60 board moves; 6 x 36 + under 120. */
FAMILY_VARIANT(bgi_variant_microshogi, "microshogi", "Micro shogi (4x5)", 4, 5, 9, micro_names,
               micro_letters, 1, 256, NULL, 0, "kb+r+l/p3/4/3P/+L+RBK b - 1", bgi_shogi_notations,
               bgi_shogi_records, NULL, micro_info);
FAMILY_VARIANT(bgi_variant_judkinsshogi, "judkinsshogi", "Judkins shogi (6x6)", 6, 6, 12,
               judkins_names, judkins_letters, 1, 512, NULL, 0, "rbnsgk/5p/6/6/P5/KGSNBR b - 1",
               bgi_shogi_notations, bgi_shogi_records, NULL, judkins_info);
