/* libboardgames — the supported subset of variants.ini keys: defaults, values, and which keys are refused. */
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "gen_desc.h"

typedef enum ktype {
    K_BOOL, K_INT, K_RANK, K_FILE, K_VALUE, K_SQSET, K_STRING, K_PIECE, K_PIECESET, K_SPECIAL
} ktype;

typedef struct keydef {
    const char *name;
    ktype type;
    size_t off;  /* field in gen_desc */
    size_t flag; /* K_SQSET: the "is set" int field; K_RANK/K_INT: upper bound */
} keydef;

#define F(field) offsetof(gen_desc, field)

/* The supported keys (docs/variants.md lists each with its meaning). */
static const keydef keys[] = {
    {"maxRank", K_SPECIAL, 0, 0},
    {"maxFile", K_SPECIAL, 0, 0},
    {"startFen", K_STRING, F(start_fen), 0},
    {"variantTemplate", K_SPECIAL, 0, 0},
    {"promotionRank", K_RANK, F(promotion_rank), 0},
    {"promotionRegionWhite", K_SQSET, F(promo_region[0]), F(promo_region_set[0])},
    {"promotionRegionBlack", K_SQSET, F(promo_region[1]), F(promo_region_set[1])},
    {"promotionPieceTypes", K_PIECESET, F(promo_types), 0},
    {"promotionLimit", K_SPECIAL, 0, 0},
    {"promotedPieceType", K_SPECIAL, 0, 0},
    {"piecePromotionOnCapture", K_BOOL, F(piece_promotion_on_capture), 0},
    {"mandatoryPawnPromotion", K_BOOL, F(mandatory_pawn_promotion), 0},
    {"mandatoryPiecePromotion", K_BOOL, F(mandatory_piece_promotion), 0},
    {"pieceDemotion", K_BOOL, F(piece_demotion), 0},
    {"doubleStep", K_BOOL, F(double_step), 0},
    {"doubleStepRank", K_RANK, F(double_step_rank), 0},
    {"doubleStepRegionWhite", K_SQSET, F(dstep_region[0]), F(dstep_region_set[0])},
    {"doubleStepRegionBlack", K_SQSET, F(dstep_region[1]), F(dstep_region_set[1])},
    {"firstRankDoubleSteps", K_BOOL, F(first_rank_double_steps), 0},
    {"castling", K_BOOL, F(castling), 0},
    {"chess960", K_BOOL, F(chess960), 0},
    {"castlingKingsideFile", K_FILE, F(castling_kingside_file), 0},
    {"castlingQueensideFile", K_FILE, F(castling_queenside_file), 0},
    {"castlingRank", K_RANK, F(castling_rank), 0},
    {"castlingRookPiece", K_PIECE, F(castling_rook_slot), 0},
    {"kingType", K_PIECE, F(king_type), 0},
    {"checking", K_BOOL, F(checking), 0},
    {"dropChecks", K_BOOL, F(drop_checks), 0},
    {"mustCapture", K_BOOL, F(must_capture), 0},
    {"pieceDrops", K_BOOL, F(piece_drops), 0},
    {"dropLoop", K_BOOL, F(drop_loop), 0},
    {"capturesToHand", K_BOOL, F(captures_to_hand), 0},
    {"firstRankPawnDrops", K_BOOL, F(first_rank_pawn_drops), 0},
    {"promotionZonePawnDrops", K_BOOL, F(promotion_zone_pawn_drops), 0},
    {"whiteDropRegion", K_SQSET, F(drop_region[0]), F(drop_region_set[0])},
    {"blackDropRegion", K_SQSET, F(drop_region[1]), F(drop_region_set[1])},
    {"dropRegionWhite", K_SQSET, F(drop_region[0]), F(drop_region_set[0])},
    {"dropRegionBlack", K_SQSET, F(drop_region[1]), F(drop_region_set[1])},
    {"dropPromoted", K_BOOL, F(drop_promoted), 0},
    {"shogiDoubledPawn", K_BOOL, F(shogi_doubled_pawn), 0},
    {"dropNoDoubled", K_SPECIAL, 0, 0},
    {"dropNoDoubledCount", K_INT, F(nodouble_count), 64},
    {"immobilityIllegal", K_BOOL, F(immobility_illegal), 0},
    {"flyingGeneral", K_BOOL, F(flying_general), 0},
    {"soldierPromotionRank", K_RANK, F(soldier_promotion_rank), 0},
    {"kingPass", K_BOOL, F(king_pass), 0},
    {"kingPassOnStalemate", K_BOOL, F(king_pass_on_stalemate), 0},
    {"nMoveRule", K_INT, F(n_move_rule), 100000},
    {"nFoldRule", K_INT, F(n_fold_rule), 1000},
    {"nFoldValue", K_VALUE, F(n_fold_value), 0},
    {"nFoldValueAbsolute", K_BOOL, F(n_fold_value_absolute), 0},
    {"perpetualCheckIllegal", K_BOOL, F(perpetual_check_illegal), 0},
    {"stalemateValue", K_VALUE, F(stalemate_value), 0},
    {"checkmateValue", K_VALUE, F(checkmate_value), 0},
    {"shogiPawnDropMateIllegal", K_BOOL, F(shogi_pawn_drop_mate_illegal), 0},
    {"extinctionValue", K_VALUE, F(extinction_value), 0},
    {"extinctionClaim", K_BOOL, F(extinction_claim), 0},
    {"extinctionPieceTypes", K_SPECIAL, 0, 0},
    {"extinctionPieceCount", K_INT, F(extinction_count), 1000},
    {"extinctionOpponentPieceCount", K_INT, F(extinction_opp_count), 1000},
    {"flagPiece", K_PIECE, F(flag_slot), 0},
    {"whiteFlag", K_SQSET, F(flag_region[0]), 0},
    {"blackFlag", K_SQSET, F(flag_region[1]), 0},
    {"flagRegionWhite", K_SQSET, F(flag_region[0]), 0},
    {"flagRegionBlack", K_SQSET, F(flag_region[1]), 0},
    {"flagMove", K_BOOL, F(flag_move), 0},
    {"countingRule", K_SPECIAL, 0, 0},
    /* Ours: more than two sides, and squares that are not part of the board. */
    {"sides", K_INT, F(sides), GEN_MAX_SIDES},
    {"sideNames", K_SPECIAL, 0, 0},
    {"sideLetters", K_SPECIAL, 0, 0},
    {"sideFacing", K_SPECIAL, 0, 0},
    {"holes", K_SQSET, F(holes), F(holes_set)},
};
_Static_assert(sizeof keys / sizeof keys[0] <= GEN_MAX_KEYS, "gen_desc.key_line is too small");

/* Index of a key of the table, or -1. */
static int key_index(const char *name)
{
    for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++)
        if (!strcmp(keys[i].name, name))
            return (int)i;
    return -1;
}

/* Keys that only tune an engine's search or a GUI: accepted, they change no rule. */
static const char *const ignored[] = {"pieceToCharTable", "pocketSize", "pieceValueMg",
                                      "pieceValueEg", "endgameEval", NULL};

/*
** Fairy-Stockfish keys outside the subset. Setting one to its default is harmless and accepted;
** any other value is refused, so that a definition never silently plays other rules.
*/
static const struct {
    const char *name, *dflt;
} unsupported[] = {
    {"twoBoards", "false"},         {"sittuyinPromotion", "false"},
    {"gating", "false"},            {"seirawanGating", "false"},
    {"cambodianMoves", "false"},    {"castlingDroppedPiece", "false"},
    {"mustDrop", "false"},          {"mustDropType", "*"},
    {"dropOnTop", "false"},         {"sittuyinRookDrop", "false"},
    {"dropOppositeColoredBishop", "false"}, {"diagonalLines", "-"},
    {"makpongRule", "false"},       {"shatarMateRule", "false"},
    {"bikjangRule", "false"},       {"checkCounting", "false"},
    {"connectN", "0"},              {"materialCounting", "none"},
    {"janggiCannon", "-"},          {"stalematePieceCount", "false"},
    {"blastOnCapture", "false"},    {"pass", "false"},
    {"passOnStalemate", "false"},   {"moveRepetitionIllegal", "false"},
    {"chasingRule", "none"},        {"wallingRule", "none"},
    {"flipEnclosedPieces", "none"}, {"enclosingDrop", "none"},
    {"extinctionPseudoRoyal", "false"}, {"dupleCheck", "false"},
    {"oppositeCastling", "false"},  {"adjudicateFullBoard", "false"},
    {"flagPieceSafe", "false"},     {"flagPieceBlockedWin", "false"},
    {"flagPieceCount", "1"},        {"castlingWins", "-"},
    {"tripleStepRegionWhite", "-"}, {"tripleStepRegionBlack", "-"},
    {"petrifyOnCaptureTypes", "-"}, {"pawnTypes", "p"},
    {"promotionPawnTypes", "p"},    {"enPassantTypes", "p"},
    {"nMoveRuleTypes", "p"},        {"enPassantRegion", "-"},
    {NULL, NULL},
};

void gen_desc_defaults(gen_desc *d)
{
    memset(d, 0, sizeof *d);
    d->files = d->ranks = 8;
    d->start_fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    d->king_type = -1;
    d->promotion_rank = 7;
    for (int i = 0; i < GEN_SLOTS; i++)
        d->promoted[i] = -1;
    d->mandatory_pawn_promotion = 1;
    d->double_step = 1;
    d->double_step_rank = 1;
    d->castling = 1;
    d->castling_kingside_file = 6;
    d->castling_queenside_file = 2;
    d->castling_rook_slot = 3; /* rook */
    d->checking = d->drop_checks = 1;
    d->shogi_doubled_pawn = 1;
    d->nodouble_slot = -1;
    d->nodouble_count = 1;
    d->n_move_rule = 50;
    d->n_fold_rule = 3;
    d->n_fold_value = GEN_V_DRAW;
    d->stalemate_value = GEN_V_DRAW;
    d->checkmate_value = GEN_V_LOSS;
    d->extinction_value = GEN_V_NONE;
    d->flag_slot = -1;
    d->sides = 2;
    d->facing[1] = GEN_FACE_SOUTH;
}

/* ---------- values ---------- */

typedef struct actx {
    gen_desc *d;
    gen_arena *a;
    bg_error *err;
    const gen_kv *kv;
    int inherited;
    int line; /* where errors point: the key's line, or the section's for inherited keys */
} actx;

static bg_status bad(actx *c, const char *fmt, const char *what)
{
    char msg[200];
    snprintf(msg, sizeof msg, fmt, what);
    return gen_fail_at(c->err, BG_E_PARSE, c->inherited ? c->line : c->kv->line,
                       c->inherited ? c->d->offset : c->kv->offset, "%s: %s%s", c->kv->key, msg,
                       c->inherited ? " (in a parent definition)" : "");
}

static int parse_uint(const char *s, long max, long *out)
{
    long v = 0;
    if (!*s)
        return 0;
    for (; *s; s++) {
        if (*s < '0' || *s > '9')
            return 0;
        v = v * 10 + (*s - '0');
        if (v > max)
            return 0;
    }
    *out = v;
    return 1;
}

/* The slot whose letter is c (either case), or -1. */
static int slot_of_letter(const gen_desc *d, char c)
{
    if (c >= 'a' && c <= 'z')
        c = (char)(c - 'a' + 'A');
    for (int i = 0; i < GEN_SLOTS; i++)
        if (d->slot[i].letter == c)
            return i;
    return -1;
}

static bg_status piece_letter(actx *c, char ch, int *slot)
{
    char s[2] = {ch, 0};
    *slot = slot_of_letter(c->d, ch);
    if (*slot < 0)
        return bad(c, "'%s' is not the letter of a piece of this variant", s);
    return BG_OK;
}

/* "d4 e4 *1 ..." (Fairy-Stockfish's Bitboard); "-" = no squares. */
static bg_status parse_sqset(actx *c, const char *v, gen_sqset *out)
{
    memset(out, 0, sizeof *out);
    if (!strcmp(v, "-"))
        return BG_OK;
    const char *p = v;
    while (*p) {
        while (*p == ' ' || *p == '\t' || *p == ',')
            p++;
        if (!*p)
            break;
        int file = -1;
        if (*p == '*')
            file = -2;
        else if (*p >= 'a' && *p <= 'z')
            file = *p - 'a';
        else if (*p >= 'A' && *p <= 'Z')
            file = *p - 'A';
        else
            return bad(c, "'%s' is not a list of squares like 'd4 e5 *8'", v);
        p++;
        int rank = 0, digits = 0;
        while (*p >= '0' && *p <= '9' && digits < 3) {
            rank = rank * 10 + (*p++ - '0');
            digits++;
        }
        if (!digits || rank < 1 || rank > GEN_MAX_RANKS || (*p && *p != ' ' && *p != '\t' && *p != ','))
            return bad(c, "'%s' is not a list of squares like 'd4 e5 *8'", v);
        for (int f = 0; f < GEN_MAX_FILES; f++)
            if (file == -2 || f == file) {
                int i = (rank - 1) * GEN_MAX_FILES + f;
                out->w[i >> 6] |= (uint64_t)1 << (i & 63);
            }
    }
    return BG_OK;
}

static bg_status set_bool(actx *c, int *field)
{
    if (!strcmp(c->kv->value, "true"))
        *field = 1;
    else if (!strcmp(c->kv->value, "false"))
        *field = 0;
    else
        return bad(c, "'%s' is not true or false", c->kv->value);
    return BG_OK;
}

static bg_status set_value(actx *c, int *field)
{
    static const char *const names[] = {"none", "win", "loss", "draw"};
    for (int i = 0; i < 4; i++)
        if (!strcmp(c->kv->value, names[i])) {
            *field = i;
            return BG_OK;
        }
    return bad(c, "'%s' is not win, loss, draw or none", c->kv->value);
}

/* [Rank]: 1..26, stored 0-based. */
static bg_status set_rank(actx *c, int *field)
{
    long v;
    if (!parse_uint(c->kv->value, GEN_MAX_RANKS, &v) || v < 1)
        return bad(c, "'%s' is not a rank number 1-26", c->kv->value);
    *field = (int)v - 1;
    return BG_OK;
}

/* [File]: a letter a-z or a number 1-26, stored 0-based. */
static bg_status set_file(actx *c, int *field)
{
    const char *v = c->kv->value;
    long n;
    if (v[0] >= 'a' && v[0] <= 'z' && !v[1])
        *field = v[0] - 'a';
    else if (parse_uint(v, GEN_MAX_FILES, &n) && n >= 1)
        *field = (int)n - 1;
    else
        return bad(c, "'%s' is not a file (a-z or 1-26)", v);
    return BG_OK;
}

/* Letters of pieces, spaces allowed; "-" = none; '*' = every piece when allowed. */
static bg_status parse_pieceset(actx *c, uint64_t *out, int *all)
{
    *out = 0;
    if (all)
        *all = 0;
    if (!strcmp(c->kv->value, "-"))
        return BG_OK;
    for (const char *p = c->kv->value; *p; p++) {
        int slot;
        if (*p == ' ' || *p == ',')
            continue;
        if (*p == '*' && all) {
            *all = 1;
            continue;
        }
        bg_status s = piece_letter(c, *p, &slot);
        if (s != BG_OK)
            return s;
        *out |= (uint64_t)1 << slot;
    }
    return BG_OK;
}

/* "p:g s:g" / "q:1 r:2": pairs of a piece letter, ':', and a letter ('-') or a number. */
static bg_status pairs(actx *c, int numeric)
{
    const char *p = c->kv->value;
    while (*p) {
        while (*p == ' ' || *p == ',')
            p++;
        if (!*p)
            break;
        int from, to = -1;
        bg_status s = piece_letter(c, *p, &from);
        if (s != BG_OK)
            return s;
        if (p[1] != ':')
            return bad(c, "expected pairs like '%s'", numeric ? "q:1 r:2" : "p:g s:g");
        p += 2;
        if (numeric) {
            long n = 0;
            int digits = 0;
            while (*p >= '0' && *p <= '9' && digits < 4)
                n = n * 10 + (*p++ - '0'), digits++;
            if (!digits || (*p && *p != ' ' && *p != ','))
                return bad(c, "expected pairs like '%s'", "q:1 r:2");
            c->d->promo_limit[from] = (int)n;
        } else {
            if (*p != '-' && (s = piece_letter(c, *p, &to)) != BG_OK)
                return s;
            if (!*p || (p[1] && p[1] != ' ' && p[1] != ','))
                return bad(c, "expected pairs like '%s'", "p:g s:g");
            c->d->promoted[from] = (int8_t)to;
            p++;
        }
    }
    return BG_OK;
}

/*
** sideNames ("red blue yellow green"), sideLetters ("r b y g"), sideFacing ("north east south
** west"): one word per side in turn order. `what` is the key's fifth letter: N, L or F.
*/
static bg_status side_words(actx *c, char what)
{
    static const char *const facings[] = {"north", "east", "south", "west"};
    gen_desc *d = c->d;
    const char *p = c->kv->value;
    int n = 0;
    while (*p) {
        while (*p == ' ' || *p == '\t' || *p == ',')
            p++;
        if (!*p)
            break;
        size_t len = 0;
        while (p[len] && p[len] != ' ' && p[len] != '\t' && p[len] != ',')
            len++;
        if (n >= GEN_MAX_SIDES)
            return bad(c, "more than %s sides", "8");
        char word[16];
        if (len >= sizeof word)
            return bad(c, "'%s': a side's word has 15 letters at most", c->kv->value);
        memcpy(word, p, len);
        word[len] = 0;
        for (size_t i = 0; i < len; i++)
            if (!((word[i] >= 'a' && word[i] <= 'z') || (i && ((word[i] >= '0' && word[i] <= '9') || word[i] == '-'))))
                return bad(c, "'%s': lowercase letters (then digits or '-') only", word);
        if (what == 'N') {
            memcpy(d->side_name[n], word, len + 1);
        } else if (what == 'L') {
            if (len != 1)
                return bad(c, "'%s' is not one lowercase letter", word);
            d->side_letter[n] = word[0];
        } else {
            int f = -1;
            for (int i = 0; i < 4; i++)
                if (!strcmp(word, facings[i]))
                    f = i;
            if (f < 0)
                return bad(c, "'%s' is not north, east, south or west", word);
            d->facing[n] = f;
        }
        n++;
        p += len;
    }
    int *count = what == 'N' ? &d->side_names : what == 'L' ? &d->side_letters : &d->side_facings;
    *count = n;
    return BG_OK;
}

static bg_status special(actx *c)
{
    gen_desc *d = c->d;
    const char *k = c->kv->key, *v = c->kv->value;
    long n;
    if (!strcmp(k, "maxRank") || !strcmp(k, "maxFile")) {
        int files = !strcmp(k, "maxFile");
        if (files && v[0] >= 'a' && v[0] <= 'z' && !v[1])
            n = v[0] - 'a' + 1;
        else if (!parse_uint(v, 1000, &n))
            return bad(c, "'%s' is not a number", v);
        if (n < 1 || n > (files ? GEN_MAX_FILES : GEN_MAX_RANKS))
            return bad(c, "a board of %s is impossible here (1 to 26)", v);
        *(files ? &d->files : &d->ranks) = (int)n;
        return BG_OK;
    }
    if (!strcmp(k, "variantTemplate")) {
        snprintf(d->template_name, sizeof d->template_name, "%s", v);
        return BG_OK;
    }
    if (!strcmp(k, "promotionLimit"))
        return pairs(c, 1);
    if (!strcmp(k, "promotedPieceType"))
        return pairs(c, 0);
    if (!strcmp(k, "dropNoDoubled")) {
        if (!strcmp(v, "-")) {
            d->nodouble_slot = -1;
            return BG_OK;
        }
        if (v[1])
            return bad(c, "'%s' is not one piece letter", v);
        return piece_letter(c, v[0], &d->nodouble_slot);
    }
    if (!strcmp(k, "extinctionPieceTypes"))
        return parse_pieceset(c, &d->extinction_types, &d->extinction_all);
    if (!strcmp(k, "sideNames") || !strcmp(k, "sideLetters") || !strcmp(k, "sideFacing"))
        return side_words(c, k[4]);
    if (!strcmp(k, "countingRule")) {
        if (!strcmp(v, "none"))
            d->counting_rule = GEN_COUNT_NONE;
        else if (!strcmp(v, "makruk"))
            d->counting_rule = GEN_COUNT_MAKRUK;
        else if (!strcmp(v, "asean"))
            d->counting_rule = GEN_COUNT_ASEAN;
        else
            return bad(c, "'%s' is not makruk, asean or none", v);
        return BG_OK;
    }
    return bad(c, "%s", "internal: no handler");
}

static bg_status apply_key(actx *c, const keydef *kd)
{
    char *base = (char *)c->d;
    int *ifield = (int *)(void *)(base + kd->off);
    switch (kd->type) {
    case K_BOOL: return set_bool(c, ifield);
    case K_VALUE: return set_value(c, ifield);
    case K_RANK: return set_rank(c, ifield);
    case K_FILE: return set_file(c, ifield);
    case K_INT: {
        long v;
        if (!parse_uint(c->kv->value, (long)kd->flag, &v))
            return bad(c, "'%s' is not a number in range", c->kv->value);
        *ifield = (int)v;
        return BG_OK;
    }
    case K_STRING:
        *(const char **)(void *)(base + kd->off) = c->kv->value;
        if (!strcmp(kd->name, "startFen")) /* an inherited one: point at the section */
            c->d->start_line = c->inherited ? c->d->line : c->kv->line;
        return BG_OK;
    case K_SQSET: {
        bg_status s = parse_sqset(c, c->kv->value, (gen_sqset *)(void *)(base + kd->off));
        if (s == BG_OK && kd->flag)
            *(int *)(void *)(base + kd->flag) = 1;
        return s;
    }
    case K_PIECE:
        if (!strcmp(c->kv->value, "-") && kd->off != F(castling_rook_slot)) {
            *ifield = -1;
            return BG_OK;
        }
        if (c->kv->value[1])
            return bad(c, "'%s' is not one piece letter", c->kv->value);
        return piece_letter(c, c->kv->value[0], ifield);
    case K_PIECESET:
        return parse_pieceset(c, (uint64_t *)(void *)(base + kd->off), NULL);
    case K_SPECIAL: return special(c);
    }
    return BG_OK;
}

/* Keys that name White or Black (their regions and flags): two-sided variants only. */
static int names_wb(const char *k)
{
    return strstr(k, "White") || strstr(k, "Black") || !strncmp(k, "white", 5) || !strncmp(k, "black", 5);
}

static void note_key(actx *c, const char *k, int index)
{
    int line = c->inherited ? 0 : c->kv->line;
    if (index >= 0) {
        c->d->key_line[index] = line;
        c->d->key_offset[index] = c->kv->offset;
    }
    if (names_wb(k)) {
        c->d->wb_key = k;
        c->d->wb_line = line;
        c->d->wb_offset = c->kv->offset;
    }
}

/* "mobilityRegionWhiteRook" and friends: the slot and side, or -1. */
static int region_key(const char *k, int *side)
{
    char name[40];
    if (strncmp(k, "mobilityRegion", 14))
        return -1;
    k += 14;
    if (!strncmp(k, "White", 5))
        *side = 0;
    else if (!strncmp(k, "Black", 5))
        *side = 1;
    else
        return -1;
    k += 5;
    if (!*k || strlen(k) >= sizeof name)
        return -1;
    snprintf(name, sizeof name, "%s", k);
    if (name[0] >= 'A' && name[0] <= 'Z')
        name[0] = (char)(name[0] - 'A' + 'a');
    return gen_slot_find(name);
}

/* A piece key: "knight = n", "knight = -", "king = k:KN", "customPiece1 = a:mRcpR". */
static bg_status piece_key(actx *c, int slot)
{
    const char *v = c->kv->value;
    gen_slot *s = &c->d->slot[slot];
    if (!strcmp(v, "-")) {
        s->letter = 0;
        s->betza = NULL;
        return BG_OK;
    }
    if (!((v[0] >= 'a' && v[0] <= 'z') || (v[0] >= 'A' && v[0] <= 'Z')))
        return bad(c, "'%s' does not start with a piece letter (or is '-')", v);
    int custom = slot >= GEN_BUILTIN_SLOTS;
    if (v[1] && v[1] != ':')
        return bad(c, "'%s': one letter, or for the king and custom pieces 'letter:Betza'", v);
    if (v[1] == ':' && !custom && slot != GEN_SLOT_KING)
        return bad(c, "only the king and custom pieces take Betza moves, not '%s'", v);
    if (custom && v[1] != ':')
        return bad(c, "custom pieces need 'letter:Betza', got '%s'", v);
    s->letter = (char)(v[0] >= 'a' ? v[0] - 'a' + 'A' : v[0]);
    /* A letter a parent (or the template) gave another piece passes to this one and that piece
    ** leaves the variant, as in Fairy-Stockfish; two pieces of one section keep the clash. */
    for (int j = 0; j < GEN_SLOTS; j++)
        if (j != slot && c->d->slot[j].letter == s->letter && c->d->slot[j].applied != c->d->applies) {
            c->d->slot[j].letter = 0;
            c->d->slot[j].betza = NULL;
            c->d->promo_types &= ~(1ull << j);
        }
    s->applied = c->d->applies;
    s->line = c->kv->line;
    s->own = !c->inherited;
    s->betza = v[1] == ':' ? v + 2 : NULL;
    if (slot == GEN_SLOT_KING)
        c->d->king_type = -1; /* "king = k" is the standard king again (Fairy-Stockfish) */
    if (s->betza) {
        gen_atom atoms[GEN_MAX_ATOMS];
        int n;
        size_t at;
        const char *why = "";
        if (gen_betza_parse(s->betza, atoms, &n, &at, &why) != BG_OK) {
            char msg[160];
            snprintf(msg, sizeof msg, "bad Betza '%s' at '%c': %s", s->betza,
                     s->betza[at] ? s->betza[at] : ' ', why);
            return gen_fail_at(c->err, BG_E_PARSE, c->inherited ? c->line : c->kv->line,
                               c->inherited ? c->d->offset : c->kv->offset, "%s: %s", c->kv->key, msg);
        }
    }
    return BG_OK;
}

bg_status gen_desc_apply(gen_desc *d, const gen_kv *kv, int nkv, int inherited, gen_arena *a,
                         bg_error *err)
{
    actx c = {d, a, err, NULL, inherited, d->line};
    d->applies++;
    /* Pieces first, as Fairy-Stockfish reads them, so that rule keys may name any letter. */
    for (int pass = 0; pass < 2; pass++) {
        for (int i = 0; i < nkv; i++) {
            c.kv = &kv[i];
            const char *k = kv[i].key;
            int slot = gen_slot_find(k), side = 0, rslot = region_key(k, &side);
            bg_status s = BG_OK;
            if (pass == 0) {
                if (slot >= 0)
                    s = piece_key(&c, slot);
            } else if (slot >= 0) {
                continue;
            } else if (rslot >= 0) {
                s = parse_sqset(&c, kv[i].value, &d->slot[rslot].region[side]);
                d->slot[rslot].region_set[side] = 1;
                note_key(&c, k, -1);
            } else {
                int ki = key_index(k);
                const keydef *kd = ki >= 0 ? &keys[ki] : NULL;
                if (kd) {
                    s = apply_key(&c, kd);
                    note_key(&c, k, ki);
                } else {
                    int known = 0;
                    for (int j = 0; ignored[j]; j++)
                        known |= !strcmp(ignored[j], k);
                    for (int j = 0; !known && unsupported[j].name; j++)
                        if (!strcmp(unsupported[j].name, k)) {
                            if (strcmp(unsupported[j].dflt, kv[i].value))
                                return gen_fail_at(err, BG_E_UNSUPPORTED, inherited ? d->line : kv[i].line,
                                                   inherited ? d->offset : kv[i].offset,
                                                   "key '%s' is not supported (only its default "
                                                   "'%s' is accepted)%s", k, unsupported[j].dflt,
                                                   inherited ? " (in a parent definition)" : "");
                            known = 1;
                        }
                    if (!known)
                        return gen_fail_at(err, BG_E_UNSUPPORTED, inherited ? d->line : kv[i].line,
                                           inherited ? d->offset : kv[i].offset, "unknown key '%s'%s", k,
                                           inherited ? " (in a parent definition)" : "");
                }
            }
            if (s != BG_OK)
                return s;
        }
    }
    return BG_OK;
}

/* An error about a key: at its line when the section set it, else at the line of `sides`. */
static bg_status key_fail(const gen_desc *d, bg_error *err, const char *key, const char *why)
{
    int ki = key_index(key), si = key_index("sides");
    int line = ki >= 0 && d->key_line[ki] ? d->key_line[ki] : d->key_line[si] ? d->key_line[si] : d->line;
    size_t off = ki >= 0 && d->key_line[ki] ? d->key_offset[ki] : d->key_line[si] ? d->key_offset[si] : d->offset;
    return gen_fail_at(err, BG_E_UNSUPPORTED, line, off, "%s: %s", key, why);
}

/*
** More than two sides play a subset of the rules (docs/variants.md): no hands, castling, en
** passant or White/Black regions; checkmate puts a side out; draws end the game for all.
*/
static bg_status check_sides(gen_desc *d, bg_error *err)
{
    const char *side_keys[] = {"sideNames", "sideLetters", "sideFacing"};
    const int given[] = {d->side_names, d->side_letters, d->side_facings};
    if (d->sides < 2)
        return key_fail(d, err, "sides", "a game needs at least two sides");
    for (int i = 0; i < 3; i++)
        if (d->sides == 2 && given[i])
            return key_fail(d, err, side_keys[i], "only with more than two sides (sides = 3 or more)");
    if (d->sides == 2)
        return BG_OK;
    for (int i = 0; i < 3; i++)
        if ((i != 1 || given[i]) && given[i] != d->sides) {
            char why[96];
            snprintf(why, sizeof why, "needs one word for each of the %d sides, not %d", d->sides, given[i]);
            return key_fail(d, err, side_keys[i], why);
        }
    for (int i = 0; i < d->sides; i++) {
        if (!d->side_letters)
            d->side_letter[i] = d->side_name[i][0];
        for (int j = 0; j < i; j++) {
            if (!strcmp(d->side_name[i], d->side_name[j]))
                return key_fail(d, err, "sideNames", "two sides have the same name");
            if (d->side_letter[i] == d->side_letter[j])
                return key_fail(d, err, d->side_letters ? "sideLetters" : "sideNames",
                                "two sides have the same letter (set sideLetters)");
        }
    }
    if (d->wb_key) {
        int si = key_index("sides");
        int line = d->wb_line ? d->wb_line : d->key_line[si] ? d->key_line[si] : d->line;
        return gen_fail_at(err, BG_E_UNSUPPORTED, line, d->wb_line ? d->wb_offset : d->offset,
                           "%s: White and Black keys are not played with more than two sides", d->wb_key);
    }
    static const struct {
        const char *key, *why;
    } refused[] = {
        {"castling", "no castling with more than two sides (set castling = false)"},
        {"chess960", "no castling with more than two sides"},
        {"pieceDrops", "no drops with more than two sides"},
        {"capturesToHand", "no hands with more than two sides"},
        {"checking", "with more than two sides a king may always be checked"},
        {"flyingGeneral", "not with more than two sides"},
        {"kingPass", "not with more than two sides"},
        {"kingPassOnStalemate", "not with more than two sides"},
        {"perpetualCheckIllegal", "not with more than two sides"},
        {"nFoldValue", "with more than two sides repetition is a draw"},
        {"nFoldValueAbsolute", "not with more than two sides"},
        {"checkmateValue", "with more than two sides a checkmated side is out (loss)"},
        {"stalemateValue", "with more than two sides a stalemate is a draw or puts the side out (loss)"},
        {"extinctionValue", "not with more than two sides"},
        {"flagPiece", "not with more than two sides"},
        {"countingRule", "not with more than two sides"},
        {"variantTemplate", "shogi-like variants have two sides"},
    };
    const int bad[] = {
        d->castling, d->chess960, d->piece_drops, d->captures_to_hand, !d->checking,
        d->flying_general, d->king_pass, d->king_pass_on_stalemate, d->perpetual_check_illegal,
        d->n_fold_value != GEN_V_DRAW, d->n_fold_value_absolute, d->checkmate_value != GEN_V_LOSS,
        d->stalemate_value != GEN_V_DRAW && d->stalemate_value != GEN_V_LOSS,
        d->extinction_value != GEN_V_NONE, d->flag_slot >= 0, d->counting_rule != GEN_COUNT_NONE,
        !strcmp(d->template_name, "shogi"),
    };
    _Static_assert(sizeof bad / sizeof bad[0] == sizeof refused / sizeof refused[0], "one test per key");
    for (size_t i = 0; i < sizeof refused / sizeof refused[0]; i++)
        if (bad[i])
            return key_fail(d, err, refused[i].key, refused[i].why);
    if (!d->slot[GEN_SLOT_KING].letter)
        return key_fail(d, err, "king", "more than two sides need a royal king (a side is out when it falls)");
    return BG_OK;
}

bg_status gen_desc_check(gen_desc *d, bg_error *err)
{
    char name[32], other[32];
    int line = d->line;
    for (int i = 0; i < GEN_SLOTS; i++) {
        if (!d->slot[i].letter)
            continue;
        for (int j = i + 1; j < GEN_SLOTS; j++)
            if (d->slot[j].letter == d->slot[i].letter)
                return gen_fail_at(err, BG_E_PARSE,
                                   d->slot[j].own ? d->slot[j].line : d->slot[i].own ? d->slot[i].line : line,
                                   d->offset, "pieces %s and %s both use the letter %c",
                                   gen_slot_name(i, name, sizeof name),
                                   gen_slot_name(j, other, sizeof other), d->slot[i].letter);
    }
    for (int i = 0; i < GEN_SLOTS; i++) {
        int p = d->promoted[i];
        if (p >= 0 && d->slot[i].letter && !d->slot[p].letter)
            return gen_fail_at(err, BG_E_PARSE, line, d->offset,
                               "promotedPieceType: %s promotes to a piece this variant removed",
                               gen_slot_name(i, name, sizeof name));
    }
    /*
    ** Ranks and files beyond the board leave a zone empty or castling impossible, as with
    ** Fairy-Stockfish's chess defaults on a small board: a start position with castling rights
    ** is then refused (gen_fen.c).
    */
    if (d->files * d->ranks < 2)
        return gen_fail_at(err, BG_E_PARSE, line, d->offset, "a board of one square is impossible");
    return check_sides(d, err);
}
