/* libboardgames — SFEN for the shogi family: strict parsing with offsets, validation, canonical writing. */
#include <string.h>

#include "shogi.h"

/* Unpromoted type written with this (uppercase) letter in the game, or 0. */
static int type_of_letter(const shogi_game *gm, char upper)
{
    for (int t = 1; t < SH_NTYPES; t++)
        if (gm->letter[t] == upper && gm->type_kind[t])
            return t;
    return 0;
}

static char to_upper(char c) { return c >= 'a' && c <= 'z' ? (char)(c - 32) : c; }
static char to_lower(char c) { return c >= 'A' && c <= 'Z' ? (char)(c + 32) : c; }

/* Where parse_board puts what it reads. */
typedef struct board_ctx {
    shogi_state *s;
    size_t *offs;
} board_ctx;

/* A piece: its letter, '+' before it for a promoted one; the board code with its side. */
static int read_piece(void *ctx, const bgi_field *f, size_t *i, bg_error *err)
{
    const shogi_game *gm = shogi_game_of(((const board_ctx *)ctx)->s);
    const size_t start = f->offset + *i;
    size_t off = start;
    char c = f->p[*i];
    int promoted = 0;
    if (c == '+') {
        promoted = 1;
        if (++*i >= f->len)
            return bgi_fail(err, BG_E_PARSE, off, "SFEN board: '+' without a piece letter");
        c = f->p[*i];
        off = f->offset + *i;
    }
    int t = type_of_letter(gm, to_upper(c));
    if (!t || c == '+')
        return bgi_fail(err, BG_E_PARSE, off, "SFEN board: '%c' is not a %s piece letter", c,
                        gm->id);
    if (promoted) {
        if (!gm->promote[t])
            return bgi_fail(err, BG_E_PARSE, start, "SFEN board: '%c' cannot be promoted", c);
        t = gm->promote[t];
    }
    return SH_CODE(t, c >= 'a' ? SH_GOTE : SH_SENTE);
}

static bg_status put_piece(void *ctx, const bgi_field *f, size_t *i, int sq, int piece,
                           size_t start, bg_error *err)
{
    (void)f, (void)i, (void)err;
    board_ctx *b = ctx;
    b->offs[sq] = start;
    shogi_put(b->s, sq, piece);
    return BG_OK;
}

static bg_status parse_board(shogi_state *s, const bgi_field *f, unsigned flags, size_t *offs,
                             bg_error *err)
{
    const shogi_game *gm = shogi_game_of(s);
    board_ctx b = {s, offs};
    const bgi_board_text bt = {.what = "SFEN board", .unit = "squares", .width = gm->width,
                               .height = gm->height, .runs = BGI_RUNS_DIGIT, .run_max = '9',
                               .digits_in_a_row = (flags & BG_PARSE_LENIENT) != 0,
                               .rank_letters = 1, .read = read_piece, .put = put_piece,
                               .ctx = &b};
    return bgi_board_text_read(&bt, f, err);
}

static bg_status parse_hand(shogi_state *s, const bgi_field *f, unsigned flags, bg_error *err)
{
    const shogi_game *gm = shogi_game_of(s);
    const int lenient = (flags & BG_PARSE_LENIENT) != 0;
    if (f->len == 1 && f->p[0] == '-')
        return BG_OK;
    if (!gm->drops)
        return bgi_fail(err, BG_E_INVALID_POSITION, f->offset,
                        "SFEN hand: %s has no pieces in hand, expected '-'", gm->id);
    uint32_t seen = 0;
    for (size_t i = 0; i < f->len;) {
        size_t start = f->offset + i;
        int count = 0, digits = 0;
        while (i < f->len && f->p[i] >= '0' && f->p[i] <= '9' && digits < 3) {
            count = count * 10 + (f->p[i] - '0');
            digits++;
            i++;
        }
        if (i >= f->len)
            return bgi_fail(err, BG_E_PARSE, f->offset + i, "SFEN hand: count without a piece letter");
        if (!digits)
            count = 1;
        else if (count < 1 || (count < 2 && !lenient) || f->p[start - f->offset] == '0')
            return bgi_fail(err, BG_E_PARSE, start, "SFEN hand: bad count '%.*s'", digits,
                            f->p + (start - f->offset));
        char c = f->p[i];
        int t = type_of_letter(gm, to_upper(c));
        int side = c >= 'a' ? SH_GOTE : SH_SENTE;
        int slot = -1;
        for (int k = 0; t && k < gm->nhand; k++)
            if (gm->hand_type[k] == t)
                slot = k;
        if (slot < 0)
            return bgi_fail(err, BG_E_PARSE, f->offset + i,
                            "SFEN hand: '%c' is not a piece a %s hand can hold", c, gm->id);
        /*
        ** Any order has one reading (Fairy-Stockfish writes G N L P S R B): only a piece named
        ** twice for the same side is refused, unless lenient.
        */
        const uint32_t key = 1u << (side * SH_HAND_SLOTS + slot);
        if (!lenient && (seen & key))
            return bgi_fail(err, BG_E_PARSE, start, "SFEN hand: '%c' given twice", c);
        seen |= key;
        if (s->hand[side][slot] + count > SH_HAND_MAX)
            return bgi_fail(err, BG_E_INVALID_POSITION, start, "SFEN hand: too many '%c'", c);
        s->hand[side][slot] = (uint8_t)(s->hand[side][slot] + count);
        i++;
    }
    return BG_OK;
}

/* Material, royals, dead pieces, pawns per file, and the side not to move not left in check. */
static bg_status validate(const shogi_state *s, const size_t *offs, const bgi_field *board,
                          bg_error *err)
{
    static const char *const side_names[2] = {"sente", "gote"};
    const shogi_game *gm = shogi_game_of(s);
    const int n = gm->width, h = gm->height, g = gm->geom;
    int count[SH_NTYPES] = {0};
    for (int sq = 0; sq < n * h; sq++) {
        int code = s->board[sq];
        if (!code)
            continue;
        int t = SH_CODE_TYPE(code), side = SH_CODE_SIDE(code);
        count[sh_base_type[t]]++;
        if (gm->dead_ranks[t] && sbb_test(shogi_far_ranks[g][side][gm->dead_ranks[t]], sq))
            return bgi_fail(err, BG_E_INVALID_POSITION, offs[sq],
                            "SFEN board: %s's '%c' on %d%c could never move", side_names[side],
                            side ? to_lower(gm->letter[t]) : gm->letter[t], n - sq % n,
                            'a' + h - 1 - sq / n);
    }
    for (int side = 0; side < 2; side++)
        for (int i = 0; i < gm->nhand; i++)
            count[gm->hand_type[i]] += s->hand[side][i];
    for (int t = 1; t < SH_NTYPES; t++)
        if (count[t] > gm->max_count[t])
            return bgi_fail(err, BG_E_INVALID_POSITION, board->offset,
                            "SFEN: %d pieces '%c' (%s has %d)", count[t], gm->letter[t], gm->id,
                            gm->max_count[t]);
    for (int side = 0; side < 2; side++) {
        int kings = sbb_popcount(s->type[SH_KING] & s->side[side]);
        int princes = sbb_popcount(s->type[SH_PRINCE] & s->side[side]);
        /* No king is a tsume problem's attacker (or a set-up without kings): see README.md. */
        if (gm->two_royals ? (kings > 1 || princes > 1 || kings + princes == 0) : kings > 1)
            return bgi_fail(err, BG_E_INVALID_POSITION, board->offset,
                            gm->two_royals ? "SFEN board: %s needs one king or crown prince (at most one of each)"
                                           : "SFEN board: %s has more than one king",
                            side_names[side]);
        if (gm->pawn_file_limit)
            for (int f = 0; f < n; f++)
                if (sbb_popcount(s->type[SH_PAWN] & s->side[side] & shogi_file_bb[g][f]) >
                    gm->pawn_file_limit)
                    return bgi_fail(err, BG_E_INVALID_POSITION, board->offset,
                                    "SFEN board: %s has more than %d unpromoted '%c' on file %d",
                                    side_names[side], gm->pawn_file_limit, gm->letter[SH_PAWN], n - f);
    }
    if (shogi_opponent_exposed(s))
        return bgi_fail(err, BG_E_INVALID_POSITION, board->offset,
                        "SFEN: the side not to move (%s) is in check", side_names[!s->stm]);
    return BG_OK;
}

bg_status shogi_sfen_parse(shogi_state *out, int game, const char *text, unsigned flags,
                           bg_error *err)
{
    const int lenient = (flags & BG_PARSE_LENIENT) != 0;
    shogi_state s;
    size_t offs[SH_MAX_SQUARES] = {0};
    bgi_field all[6];
    shogi_clear(&s, game);
    int nf = bgi_split_fields(text, all, 6);
    /* Lenient: the "sfen" keyword of a USI position command may precede the fields. */
    int skip = lenient && nf >= 1 && all[0].len == 4 && strncmp(all[0].p, "sfen", 4) == 0;
    const bgi_field *f = all + skip;
    nf -= skip;
    if (nf > 4)
        return bgi_fail(err, BG_E_PARSE, f[4].offset, "SFEN: more than 4 fields");
    if (nf < 2 || (nf < 4 && !lenient))
        return bgi_fail(err, BG_E_PARSE, nf ? f[nf - 1].offset + f[nf - 1].len : strlen(text),
                        "SFEN: %d field%s, expected board, side, hand and move number", nf,
                        nf == 1 ? "" : "s");
    bg_status st = parse_board(&s, &f[0], flags, offs, err);
    if (st != BG_OK)
        return st;
    if (f[1].len != 1 || (f[1].p[0] != 'b' && f[1].p[0] != 'w'))
        return bgi_fail(err, BG_E_PARSE, f[1].offset, "SFEN: side to move must be 'b' or 'w'");
    s.stm = f[1].p[0] == 'w';
    if (nf >= 3 && (st = parse_hand(&s, &f[2], flags, err)) != BG_OK)
        return st;
    if (nf == 4) {
        uint32_t num = 0;
        for (size_t i = 0; i < f[3].len; i++) {
            char c = f[3].p[i];
            if (c < '0' || c > '9' || (i == 0 && c == '0') || i >= 9)
                return bgi_fail(err, BG_E_PARSE, f[3].offset + i,
                                "SFEN: move number must be a number from 1 to 999999999");
            num = num * 10 + (uint32_t)(c - '0');
        }
        s.ply = num;
    }
    shogi_rehash(&s);
    st = validate(&s, offs, &f[0], err);
    if (st != BG_OK)
        return st;
    *out = s;
    return BG_OK;
}

/* A piece's SFEN letters: '+' for a promoted piece, then its base letter, lowercase for gote. */
static int sfen_square_letters(const void *state, int file, int rank, char out[8])
{
    const shogi_state *s = state;
    const shogi_game *gm = shogi_game_of(s);
    const int code = s->board[rank * gm->width + file];
    if (!code)
        return 0;
    const int t = SH_CODE_TYPE(code), base = sh_base_type[t];
    int n = 0;
    if (t != base)
        out[n++] = '+';
    out[n++] = SH_CODE_SIDE(code) ? to_lower(gm->letter[base]) : gm->letter[base];
    return n;
}

int shogi_sfen_format(const shogi_state *s, char *buf, size_t cap)
{
    const shogi_game *gm = shogi_game_of(s);
    bgi_out o;
    bgi_out_init(&o, buf, cap);
    bgi_fen_placement(&o, gm->width, gm->height, sfen_square_letters, s);
    bgi_out_str(&o, s->stm ? " w " : " b ");
    int any = 0;
    for (int side = 0; side < 2; side++)
        for (int i = 0; i < gm->nhand; i++) {
            int c = s->hand[side][i];
            if (!c)
                continue;
            any = 1;
            if (c > 1)
                bgi_out_printf(&o, "%d", c);
            char l = gm->letter[gm->hand_type[i]];
            bgi_out_char(&o, side ? to_lower(l) : l);
        }
    if (!any)
        bgi_out_char(&o, '-');
    bgi_out_printf(&o, " %u", (unsigned)s->ply);
    return bgi_out_finish(&o);
}
