/*
** libboardgames — position text of defined variants: Fairy-Stockfish's FEN (board[hand] side
** castling en-passant halfmove fullmove; "+P" promoted, "Q~" promoted from a pawn in drop games)
** and SFEN for shogi-like variants.
*/
#include <string.h>

#include "gen.h"

static bg_status perr(bg_error *err, bg_status code, size_t off, const char *fmt, const char *a)
{
    return bgi_fail(err, code, off, fmt, a);
}

static int letter_kind(const gen_def *d, char c, int *side)
{
    char u = c;
    *side = 0;
    if (c >= 'a' && c <= 'z') {
        u = (char)(c - 'a' + 'A');
        *side = 1;
    } else if (!(c >= 'A' && c <= 'Z')) {
        return 0;
    }
    for (int t = 0; t < d->ntypes; t++)
        if (d->type[t].letter == u)
            return d->type[t].kind;
    return 0;
}

/* The kind a tilde ("Q~") stands for: the pawn-promoted form of a type. */
static int tilde_kind(const gen_def *d, int kind)
{
    for (int k = 1; k <= d->nkinds; k++)
        if (d->kind[k].tilde && d->kind[k].type == d->kind[kind].type)
            return k;
    return 0;
}

static void put(const gen_def *d, gen_state *s, int sq, int side, int kind)
{
    s->board[sq] = GEN_CODE(side, kind);
    s->count[side][kind]++;
    if (kind == d->royal_kind)
        s->royal[side] = (uint16_t)sq;
}

/* Board field (and a "[hand]" suffix). */
static bg_status parse_board(const gen_def *d, gen_state *s, const char *p, size_t len, size_t off,
                             int sfen, unsigned flags, size_t *used, int *royals, bg_error *err)
{
    int rank = d->h - 1, file = 0;
    size_t i = 0;
    while (i < len && p[i] != '[') {
        char c = p[i];
        if (c == '/') {
            if (file != d->w)
                return bgi_fail(err, BG_E_PARSE, off + i, "FEN: rank %d has %d squares, not %d",
                                rank + 1, file, d->w);
            if (--rank < 0)
                return perr(err, BG_E_PARSE, off + i, "FEN: more ranks than the board has%s", "");
            file = 0;
            i++;
            continue;
        }
        if (c >= '0' && c <= '9') {
            int n = 0;
            size_t st = i;
            while (i < len && p[i] >= '0' && p[i] <= '9' && i - st < 3)
                n = n * 10 + (p[i++] - '0');
            if (n == 0 || file + n > d->w)
                return bgi_fail(err, BG_E_PARSE, off + st, "FEN: %d empty squares do not fit rank %d",
                                n, rank + 1);
            for (int k = 0; k < n; k++)
                if (d->holes && gen_bit(d->holes, rank * d->w + file + k))
                    return bgi_fail(err, BG_E_PARSE, off + st, "FEN: %c%d is a hole, written '*'",
                                    'a' + file + k, rank + 1);
            file += n;
            continue;
        }
        if (c == '*') {
            if (file >= d->w || !d->holes || !gen_bit(d->holes, rank * d->w + file))
                return perr(err, BG_E_PARSE, off + i, "FEN: '*' where the board has a square%s", "");
            file++;
            i++;
            continue;
        }
        int promoted = 0, side, kind;
        if (c == '+') {
            promoted = 1;
            if (++i >= len)
                return perr(err, BG_E_PARSE, off + i, "FEN: '+' without a piece%s", "");
            c = p[i];
        }
        kind = letter_kind(d, c, &side);
        if (!kind)
            return bgi_fail(err, BG_E_PARSE, off + i, "FEN: '%c' is not a piece of %s", c,
                            d->desc->id);
        if (promoted) {
            kind = d->kind[kind].promote;
            if (!kind)
                return bgi_fail(err, BG_E_PARSE, off + i, "FEN: '+%c' does not promote in %s", c,
                                d->desc->id);
        }
        i++;
        if (i < len && p[i] == '~') {
            int tk = tilde_kind(d, kind);
            if (tk)
                kind = tk;
            else if (!(flags & BG_PARSE_LENIENT))
                return perr(err, BG_E_PARSE, off + i,
                            "FEN: '~' (promoted from a pawn) is only written in drop variants%s", "");
            i++;
        }
        if (file >= d->w)
            return bgi_fail(err, BG_E_PARSE, off + i - 1, "FEN: rank %d has more than %d squares",
                            rank + 1, d->w);
        if (d->holes && gen_bit(d->holes, rank * d->w + file))
            return bgi_fail(err, BG_E_INVALID_POSITION, off + i - 1, "FEN: a piece on %c%d, which is a hole",
                            'a' + file, rank + 1);
        if (kind == d->royal_kind)
            royals[side]++;
        put(d, s, rank * d->w + file, side, kind);
        file++;
    }
    if (rank != 0 || file != d->w)
        return bgi_fail(err, BG_E_PARSE, off + i, "FEN: the board needs %d ranks of %d squares",
                        d->h, d->w);
    *used = i;
    if (i < len && !sfen) {
        /* Pieces in hand: "[PPn]" or "[-]". */
        i++;
        while (i < len && p[i] != ']') {
            int side, kind = letter_kind(d, p[i], &side);
            if (p[i] == '-') {
                i++;
                continue;
            }
            if (!d->desc->piece_drops)
                return perr(err, BG_E_PARSE, off + i, "FEN: %s has no pieces in hand", d->desc->id);
            if (!kind)
                return bgi_fail(err, BG_E_PARSE, off + i, "FEN: '%c' is not a piece of %s", p[i],
                                d->desc->id);
            if (s->hand[side][kind] == 255)
                return perr(err, BG_E_LIMIT, off + i, "FEN: more than 255 pieces of a kind in hand%s", "");
            s->hand[side][kind]++;
            i++;
        }
        if (i >= len || i + 1 != len)
            return perr(err, BG_E_PARSE, off + i, "FEN: the hand must be one '[...]' after the board%s", "");
        *used = len;
    }
    return BG_OK;
}

/* SFEN hand: "-" or counts and letters ("2Pb"). */
static bg_status parse_sfen_hand(const gen_def *d, gen_state *s, const bgi_field *f, bg_error *err)
{
    if (f->len == 1 && f->p[0] == '-')
        return BG_OK;
    int n = 0;
    for (size_t i = 0; i < f->len; i++) {
        char c = f->p[i];
        if (c >= '0' && c <= '9') {
            n = n * 10 + (c - '0');
            if (n > 255)
                return perr(err, BG_E_LIMIT, f->offset + i, "SFEN: more than 255 pieces of a kind in hand%s", "");
            continue;
        }
        int side, kind = letter_kind(d, c, &side);
        if (!kind)
            return bgi_fail(err, BG_E_PARSE, f->offset + i, "SFEN: '%c' is not a piece in hand", c);
        int add = n ? n : 1;
        if (s->hand[side][kind] + add > 255)
            return perr(err, BG_E_LIMIT, f->offset + i, "SFEN: more than 255 pieces of a kind in hand%s", "");
        s->hand[side][kind] = (uint8_t)(s->hand[side][kind] + add);
        n = 0;
    }
    if (n)
        return perr(err, BG_E_PARSE, f->offset + f->len, "SFEN: a count without a piece%s", "");
    return BG_OK;
}

static bg_status parse_castling(const gen_def *d, gen_state *s, const bgi_field *f, unsigned flags,
                                bg_error *err)
{
    if (f->len == 1 && f->p[0] == '-')
        return BG_OK;
    for (size_t i = 0; i < f->len; i++) {
        char c = f->p[i];
        int side = c >= 'a' && c <= 'z';
        char u = side ? (char)(c - 'a' + 'A') : c;
        if (!d->castling || !d->castle_rook_kind) {
            if (flags & BG_PARSE_LENIENT)
                continue;
            return perr(err, BG_E_PARSE, f->offset + i, "FEN: %s has no castling (castling = false, "
                        "or its castling squares are off the board)", d->desc->id);
        }
        /* The king castles; in variants without one, the piece on the e-file (Fairy-Stockfish). */
        int rank = d->castle_rank[side], rsq = -1;
        int ksq = d->royal_kind ? s->royal[side] : rank * d->w + (d->w > 4 ? 4 : 0);
        if (ksq != GEN_NO_SQ && (!s->board[ksq] || GEN_SIDE(s->board[ksq]) != side))
            ksq = GEN_NO_SQ;
        uint8_t rook = GEN_CODE(side, d->castle_rook_kind);
        if (u == 'K') {
            for (int fl = d->w - 1; fl >= 0 && rsq < 0; fl--)
                if (s->board[rank * d->w + fl] == rook)
                    rsq = rank * d->w + fl;
        } else if (u == 'Q') {
            for (int fl = 0; fl < d->w && rsq < 0; fl++)
                if (s->board[rank * d->w + fl] == rook)
                    rsq = rank * d->w + fl;
        } else if (u >= 'A' && u < 'A' + d->w) {
            rsq = rank * d->w + (u - 'A');
            if (s->board[rsq] != rook)
                rsq = -1;
        } else {
            return bgi_fail(err, BG_E_PARSE, f->offset + i, "FEN: bad castling letter '%c'", c);
        }
        if (rsq < 0 || ksq == GEN_NO_SQ || ksq / d->w != rank)
            return bgi_fail(err, BG_E_INVALID_POSITION, f->offset + i,
                            "FEN: castling right '%c' without its king and rook on the castling rank", c);
        int wing = ksq < rsq ? 0 : 1, r = side * 2 + wing;
        if ((s->castle >> r) & 1)
            return bgi_fail(err, BG_E_PARSE, f->offset + i, "FEN: castling right '%c' given twice", c);
        s->castle |= (uint8_t)(1u << r);
        s->castle_rook[r] = (uint16_t)rsq;
        s->castle_king[side] = (uint16_t)ksq;
    }
    return BG_OK;
}

static bg_status parse_ep(const gen_def *d, gen_state *s, const bgi_field *f, bg_error *err)
{
    if (f->len == 1 && f->p[0] == '-')
        return BG_OK;
    int file = f->p[0] - 'a', rank = 0;
    size_t i = 1;
    while (i < f->len && f->p[i] >= '0' && f->p[i] <= '9' && i < 4)
        rank = rank * 10 + (f->p[i++] - '0');
    if (f->len < 2 || file < 0 || file >= d->w || i != f->len || rank < 1 || rank > d->h)
        return bgi_fail(err, BG_E_PARSE, f->offset, "FEN: '%.*s' is not an en-passant square",
                        (int)f->len, f->p);
    int ep = (rank - 1) * d->w + file, them = !s->stm;
    int victim = ep + d->forward[them] * d->w, origin = ep - d->forward[them] * d->w;
    if (victim < 0 || victim >= d->nsq || origin < 0 || origin >= d->nsq || s->board[ep] ||
        s->board[origin] || !s->board[victim] || GEN_SIDE(s->board[victim]) != them ||
        !((d->pawn_kinds >> GEN_KIND(s->board[victim])) & 1))
        return bgi_fail(err, BG_E_INVALID_POSITION, f->offset,
                        "FEN: no pawn can just have passed the en-passant square %.*s",
                        (int)f->len, f->p);
    /* Kept only when a pawn of the side to move attacks it, as Fairy-Stockfish does. */
    const uint16_t *p = d->att + d->att_at[s->stm][ep];
    int n = *p++;
    for (int j = 0; j < n; j++, p += 4 + p[3]) {
        uint32_t mask = ((uint32_t)p[1] | (uint32_t)p[2] << 16) & d->pawn_kinds;
        uint8_t c = s->board[p[0]];
        if (!p[3] && c && GEN_SIDE(c) == s->stm && ((mask >> GEN_KIND(c)) & 1)) {
            s->ep = (uint16_t)ep;
            s->ep_victim = (uint16_t)victim;
        }
    }
    return BG_OK;
}

/* Upper bound on the legal moves of any position reachable from this one (see gen_build.c). */
static int move_bound(const gen_def *d, const gen_state *s)
{
    long pieces[2] = {0, 0}, all = 0;
    for (int side = 0; side < d->sides; side++)
        for (int k = 1; k <= d->nkinds; k++)
            pieces[side] += s->count[side][k] + s->hand[side][k];
    all = pieces[0] + pieces[1];
    long p = d->desc->piece_drops ? all : (pieces[0] > pieces[1] ? pieces[0] : pieces[1]);
    long bound = p * d->mob_max + 3;
    if (d->desc->piece_drops) {
        long kinds = d->ndrops < p ? d->ndrops : p;
        bound += kinds * d->nsq;
    }
    return bound > BGI_MAX_MOVES ? -1 : (int)bound;
}

bg_status gen_fen_parse(const gen_def *d, gen_state *s, const char *text, const char *format,
                        unsigned flags, bg_error *err)
{
    int sfen = format && !strcmp(format, "sfen");
    if (format && !sfen && strcmp(format, "fen"))
        return bgi_fail(err, BG_E_UNSUPPORTED, 0, "%s positions are written 'fen' or 'sfen', not '%s'",
                        d->desc->id, format);
    memset(s, 0, d->state_size);
    for (int i = 0; i < GEN_MAX_SIDES; i++)
        s->royal[i] = GEN_NO_SQ;
    s->ep = s->ep_victim = GEN_NO_SQ;
    bgi_field f[9];
    int nf = bgi_split_fields(text, f, 8); /* an eighth field is read to say where it stands */
    if (nf == 0)
        return bgi_fail(err, BG_E_PARSE, 0, "empty position text");
    if (d->sides > 2) {
        if (sfen)
            return bgi_fail(err, BG_E_UNSUPPORTED, 0, "%s positions are written 'fen', not 'sfen'", d->desc->id);
        return gen_fen_parse_sides(d, s, f, nf, strlen(text), flags, err);
    }
    if (nf > 7)
        return bgi_fail(err, BG_E_PARSE, f[7].offset, "FEN: too many fields");
    size_t used;
    int royals[2] = {0, 0};
    bg_status st = parse_board(d, s, f[0].p, f[0].len, f[0].offset, sfen, flags, &used, royals, err);
    if (st != BG_OK)
        return st;
    int fi = 1;
    if (fi >= nf && !(flags & BG_PARSE_LENIENT))
        return bgi_fail(err, BG_E_PARSE, strlen(text), "FEN: missing the side to move");
    if (fi < nf && (f[fi].len != 1 || (f[fi].p[0] != 'w' && f[fi].p[0] != 'b')))
        return bgi_fail(err, BG_E_PARSE, f[fi].offset, "FEN: side to move must be 'w' or 'b'");
    /* In SFEN "b" (sente) is the first side, the one with uppercase letters; a lenient text
    ** without the field starts with the first side, as Fairy-Stockfish reads a bare board. */
    s->stm = (uint8_t)(fi < nf && (sfen ? f[fi].p[0] == 'w' : f[fi].p[0] == 'b'));
    fi++;
    int halfmove = 0, fullmove = 1;
    if (sfen) {
        if (fi < nf && (st = parse_sfen_hand(d, s, &f[fi], err)) != BG_OK)
            return st;
        else if (fi >= nf && !(flags & BG_PARSE_LENIENT))
            return bgi_fail(err, BG_E_PARSE, strlen(text), "SFEN: missing the pieces in hand");
        fi++;
        int ply = 1;
        if (fi < nf && (st = bgi_fen_number(&f[fi], 0, 999999, "move count", &ply, err)) != BG_OK)
            return st;
        else if (fi >= nf && !(flags & BG_PARSE_LENIENT))
            return bgi_fail(err, BG_E_PARSE, strlen(text), "SFEN: missing the move count");
        fi++;
        s->ply = (uint32_t)(ply > 0 ? ply - 1 : 0);
    } else {
        /* Castling and en passant may be left out before the counters (Fairy-Stockfish reads "w 0 1"). */
        if (fi < nf && !(f[fi].p[0] >= '0' && f[fi].p[0] <= '9')) {
            if ((st = parse_castling(d, s, &f[fi], flags, err)) != BG_OK)
                return st;
            fi++;
            if (fi < nf) {
                if (d->desc->counting_rule && f[fi].p[0] >= '0' && f[fi].p[0] <= '9') {
                    int lim;
                    if ((st = bgi_fen_number(&f[fi], 0, 65535, "counting limit", &lim, err)) != BG_OK)
                        return st;
                    s->count_limit = (uint16_t)lim;
                } else if ((flags & BG_PARSE_LENIENT) && f[fi].p[0] >= '0' && f[fi].p[0] <= '9') {
                    fi--; /* "w - 0 1": no en-passant field, the clocks follow the castling */
                } else if ((st = parse_ep(d, s, &f[fi], err)) != BG_OK) {
                    return st;
                }
                fi++;
            } else if (!(flags & BG_PARSE_LENIENT)) {
                return bgi_fail(err, BG_E_PARSE, strlen(text), "FEN: missing the en-passant field");
            }
        }
        if (fi < nf && (st = bgi_fen_number(&f[fi], 0, 65535, "halfmove clock", &halfmove, err)) != BG_OK)
            return st;
        if (fi >= nf && !(flags & BG_PARSE_LENIENT))
            return bgi_fail(err, BG_E_PARSE, strlen(text), "FEN: missing the halfmove clock");
        fi++;
        if (fi < nf && (st = bgi_fen_number(&f[fi], 0, 999999, "fullmove number", &fullmove, err)) != BG_OK)
            return st;
        if (fi >= nf && !(flags & BG_PARSE_LENIENT) && fi == nf)
            return bgi_fail(err, BG_E_PARSE, strlen(text), "FEN: missing the fullmove number");
        fi++;
        s->ply = (uint32_t)((fullmove > 1 ? 2 * (fullmove - 1) : 0) + s->stm);
        if (s->count_limit && halfmove) {
            s->count_ply = (uint16_t)halfmove;
            halfmove = 0;
        }
        s->halfmove = (uint16_t)halfmove;
    }
    if (fi < nf)
        return bgi_fail(err, BG_E_PARSE, f[fi].offset, "FEN: unexpected field '%.*s'", (int)f[fi].len,
                        f[fi].p);
    /*
    ** One royal piece per side; a side may have none only when an extinction rule can end its
    ** game (horde: the pawns lose when they are all taken).
    */
    if (d->royal_kind)
        for (int side = 0; side < d->sides; side++)
            if (royals[side] > 1 || (royals[side] == 0 && d->desc->extinction_value == GEN_V_NONE))
                return bgi_fail(err, BG_E_INVALID_POSITION, 0, "FEN: %s needs one %s per side, not %d",
                                d->desc->id, d->kind[d->royal_kind].name, royals[side]);
    if (s->royal[!s->stm] != GEN_NO_SQ && gen_attacked(d, s->board, s->royal[!s->stm], s->stm))
        return bgi_fail(err, BG_E_INVALID_POSITION, 0, "FEN: the side not to move is in check");
    if (move_bound(d, s) < 0)
        return bgi_fail(err, BG_E_LIMIT, 0,
                        "position has too many pieces: its legal moves could exceed %d", BGI_MAX_MOVES);
    s->key = gen_hash_full(d, s);
    return BG_OK;
}

/* ---------- writing ---------- */

static void put_square(bgi_out *o, const gen_def *d, int sq)
{
    bgi_out_printf(o, "%c%d", 'a' + sq % d->w, sq / d->w + 1);
}

int gen_fen_format(const gen_def *d, const gen_state *s, const char *format, char *buf, size_t cap)
{
    int sfen = format && !strcmp(format, "sfen");
    if ((format && !sfen && strcmp(format, "fen")) || (sfen && d->sides > 2))
        return BG_E_UNSUPPORTED;
    if (d->sides > 2)
        return gen_fen_format_sides(d, s, buf, cap);
    bgi_out o;
    bgi_out_init(&o, buf, cap);
    gen_fen_put_board(&o, d, s, sfen);
    if (sfen) {
        bgi_out_str(&o, s->stm ? " w " : " b ");
        int any = 0;
        for (int side = 0; side < d->sides; side++)
            for (int t = d->ntypes - 1; t >= 0; t--) {
                int k = d->type[t].kind, n = s->hand[side][k];
                if (!n)
                    continue;
                if (n > 1)
                    bgi_out_printf(&o, "%d", n);
                bgi_out_char(&o, side ? (char)(d->type[t].letter - 'A' + 'a') : d->type[t].letter);
                any = 1;
            }
        if (!any)
            bgi_out_char(&o, '-');
        bgi_out_printf(&o, " %u", (unsigned)s->ply + 1);
        return bgi_out_finish(&o);
    }
    if (d->desc->piece_drops) {
        bgi_out_char(&o, '[');
        for (int side = 0; side < d->sides; side++)
            for (int t = d->ntypes - 1; t >= 0; t--) {
                int k = d->type[t].kind;
                for (int i = 0; i < s->hand[side][k]; i++)
                    bgi_out_char(&o, side ? (char)(d->type[t].letter - 'A' + 'a') : d->type[t].letter);
            }
        bgi_out_char(&o, ']');
    }
    bgi_out_str(&o, s->stm ? " b " : " w ");
    static const char wing_letter[2] = {'K', 'Q'};
    int any = 0;
    for (int side = 0; side < d->sides; side++)
        for (int wing = 0; wing < 2; wing++) {
            int r = side * 2 + wing;
            if (!((s->castle >> r) & 1))
                continue;
            char ch = d->desc->chess960 ? (char)('A' + s->castle_rook[r] % d->w) : wing_letter[wing];
            bgi_out_char(&o, side ? (char)(ch - 'A' + 'a') : ch);
            any = 1;
        }
    if (!any)
        bgi_out_char(&o, '-');
    bgi_out_char(&o, ' ');
    if (s->count_limit)
        bgi_out_printf(&o, "%u", (unsigned)s->count_limit);
    else if (s->ep != GEN_NO_SQ)
        put_square(&o, d, s->ep);
    else
        bgi_out_char(&o, '-');
    bgi_out_printf(&o, " %u %u", (unsigned)(s->count_limit ? s->count_ply : s->halfmove),
                   1 + (unsigned)(s->ply - s->stm) / 2);
    return bgi_out_finish(&o);
}
