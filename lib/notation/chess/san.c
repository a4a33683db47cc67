/* libboardgames — standard algebraic notation (SAN) for chess: format, and strict/lenient parse. */
#include <stdalign.h>
#include <stddef.h>
#include <string.h>

#include "notations.h"
#include "san_scan.h"

/* The other pieces of m's kind that reach its square: whether any, and any on its file or rank. */
typedef struct rivals {
    int any, same_file, same_rank;
} rivals;

static void add_rival(rivals *r, int w, int from, int f)
{
    r->any = 1;
    r->same_file |= f % w == from % w;
    r->same_rank |= f / w == from / w;
}

/* Which of file (1) and rank (2) must be written to tell m from its rivals (3: both). */
static int rivals_need(const rivals *r)
{
    if (!r->any)
        return 0;
    return !r->same_file ? 1 : !r->same_rank ? 2 : 3;
}

/* The same among the move list's moves (the parser's check of what a text wrote). */
static int disambiguation(const bg_position *pos, const bgi_movelist *ml, bg_move m)
{
    int w = pos->variant->width, from = BG_MOVE_FROM(m), to = BG_MOVE_TO(m);
    int kind = bgi_ct_kind_at(pos, from);
    rivals r = {0, 0, 0};
    for (int i = 0; i < ml->n; i++) {
        int f = BG_MOVE_FROM(ml->m[i]);
        if (f == from || BG_MOVE_TO(ml->m[i]) != to || bgi_ct_kind_at(pos, f) != kind ||
            bgi_ct_is_castle(pos, ml->m[i]))
            continue;
        add_rival(&r, w, from, f);
    }
    return rivals_need(&r);
}

/* The same from the legal list's moves onto m's square (the writer's case). */
static int disambiguation_in(const bgi_legal *legal, bg_move m)
{
    const bg_position *pos = legal->pos;
    int w = pos->variant->width, from = BG_MOVE_FROM(m), kind = bgi_ct_kind_at(pos, from);
    rivals r = {0, 0, 0};
    for (int i = legal->first[BG_MOVE_TO(m)]; i >= 0; i = legal->next[i]) {
        int f = BG_MOVE_FROM(legal->m[i]);
        if (f == from || legal->kind[i] != kind || bgi_ct_is_castle(pos, legal->m[i]))
            continue;
        add_rival(&r, w, from, f);
    }
    return rivals_need(&r);
}

int bgi_san_write_in(const bgi_legal *legal, bg_move m, int style, char *buf, size_t cap)
{
    const bg_position *pos = legal->pos;
    const bg_variant *v = pos->variant;
    unsigned flags = bgi_ct_flags(pos, m);
    int from = BG_MOVE_FROM(m), kind = bgi_ct_kind_at(pos, from);
    int pawn = kind == bgi_ct_kind_of_letter(v, 'P');
    char sq[8];
    bgi_out o;
    bgi_out_init(&o, buf, cap);
    if (bgi_ct_is_castle(pos, m)) {
        bgi_out_str(&o, bgi_ct_castle_side(m) == 1 ? "O-O" : "O-O-O");
    } else {
        int capture = (flags & BG_FLAG_CAPTURE) != 0;
        bgi_ct_square_text(v, from, sq);
        if (!pawn)
            bgi_out_char(&o, bgi_ct_letter(v, kind));
        if (style == BGI_LAN) {
            bgi_out_str(&o, sq);
            bgi_out_char(&o, capture ? 'x' : '-');
        } else if (pawn) {
            if (capture) {
                bgi_out_char(&o, sq[0]);
                bgi_out_char(&o, 'x');
            }
        } else {
            int d = disambiguation_in(legal, m);
            if (d & 1)
                bgi_out_char(&o, sq[0]);
            if (d & 2)
                bgi_out_str(&o, sq + 1);
            if (capture)
                bgi_out_char(&o, 'x');
        }
        bgi_ct_square_text(v, BG_MOVE_TO(m), sq);
        bgi_out_str(&o, sq);
        if (m & BG_MOVE_PROMOTION) {
            bgi_out_char(&o, '=');
            bgi_out_char(&o, bgi_ct_letter(v, BG_MOVE_KIND(m)));
        }
    }
    if (flags & BG_FLAG_MATE)
        bgi_out_char(&o, '#');
    else if (flags & BG_FLAG_CHECK)
        bgi_out_char(&o, '+');
    return bgi_out_finish(&o);
}

int bgi_san_write(const bg_position *pos, bg_move m, int style, char *buf, size_t cap)
{
    bgi_legal legal;
    bgi_legal_init(&legal, pos);
    return bgi_san_write_in(&legal, m, style, buf, cap);
}

/* Form errors that the matched move reveals (wrong disambiguation, capture mark, ...). */
static bg_status strict_form(const bg_position *pos, const char *text, const bgi_san_text *t,
                             int style, const bgi_movelist *ml, bg_move m, unsigned flags,
                             bg_error *err)
{
    char want[32];
    int capture = (flags & BG_FLAG_CAPTURE) != 0;
    int kind = bgi_ct_kind_at(pos, BG_MOVE_FROM(m));
    int pawn = kind == bgi_ct_kind_of_letter(pos->variant, 'P');
    if (t->castle)
        return BG_OK;
    bgi_san_write(pos, m, style, want, sizeof want);
    if (style == BGI_LAN) {
        if (t->kind != (pawn ? 0 : kind))
            return bgi_fail(err, BG_E_PARSE, 0, "'%s': the piece letter is wrong; write %s", text,
                            want);
        if (t->sep != (capture ? 'x' : '-'))
            return bgi_fail(err, BG_E_PARSE, t->off_sep, "'%s': write %s", text, want);
        return BG_OK;
    }
    int given = (t->from_file >= 0) | (t->from_rank >= 0) << 1;
    int needed = pawn ? (capture ? 1 : 0) : disambiguation(pos, ml, m);
    if (given != needed)
        return bgi_fail(err, BG_E_PARSE, t->off_from,
                        "'%s': %s disambiguation; write %s (lenient mode accepts it)", text,
                        given > needed ? "redundant" : "wrong", want);
    if ((t->sep == 'x') != capture)
        return bgi_fail(err, BG_E_PARSE, t->off_sep, "'%s': %s; write %s", text,
                        capture ? "a capture is marked with 'x'" : "not a capture", want);
    return BG_OK;
}

/* Suffix claims that must be true in both modes (lenient accepts '+' for a mate). */
static bg_status check_claims(const char *text, const bgi_san_text *t, unsigned mflags,
                              int lenient, bg_error *err)
{
    if (t->ep && !(mflags & BG_FLAG_EN_PASSANT))
        return bgi_fail(err, BG_E_ILLEGAL_MOVE, t->off_ep, "'%s' is not an en-passant capture",
                        text);
    if (t->check == '+' && !(mflags & BG_FLAG_CHECK))
        return bgi_fail(err, BG_E_ILLEGAL_MOVE, t->off_check, "'%s' does not give check", text);
    if (t->check == '+' && (mflags & BG_FLAG_MATE) && !lenient)
        return bgi_fail(err, BG_E_PARSE, t->off_check,
                        "'%s' mates: mark it '#' (accepted only in lenient mode)", text);
    if (t->check == '#' && !(mflags & BG_FLAG_MATE))
        return bgi_fail(err, BG_E_ILLEGAL_MOVE, t->off_check, "'%s' does not checkmate", text);
    return BG_OK;
}

/* Text shapes a strict reader refuses before looking at the moves. */
static bg_status strict_shape(const char *text, const bgi_san_text *t, int style, bg_error *err)
{
    if (t->castle)
        return BG_OK;
    if (style == BGI_LAN) {
        if (t->from_file < 0 || t->from_rank < 0)
            return bgi_fail(err, BG_E_PARSE, t->off_from,
                            "'%s': long algebraic notation names the origin square", text);
        if (t->sep != 'x' && t->sep != '-')
            return bgi_fail(err, BG_E_PARSE, t->off_sep, "'%s': expected '-' or 'x'", text);
    } else if (!t->kind && t->from_rank >= 0) {
        return bgi_fail(err, BG_E_PARSE, t->off_from,
                        "'%s': a pawn move in SAN names no origin square", text);
    }
    return BG_OK;
}

static bg_status match_castle(const bg_position *pos, const char *text, const bgi_san_text *t,
                              const bgi_movelist *ml, bg_move *found, bg_error *err)
{
    for (int i = 0; i < ml->n; i++)
        if (bgi_ct_is_castle(pos, ml->m[i]) && bgi_ct_castle_side(ml->m[i]) == t->castle) {
            *found = ml->m[i];
            return BG_OK;
        }
    return bgi_fail(err, BG_E_ILLEGAL_MOVE, 0, "'%s': castling is not legal here", text);
}

static bg_status match_piece(const bg_position *pos, const char *text, const bgi_san_text *t,
                             const bgi_movelist *ml, int lenient, bg_move *found, bg_error *err)
{
    const bg_variant *v = pos->variant;
    int w = v->width, pawn = bgi_ct_kind_of_letter(v, 'P');
    int want = t->kind ? t->kind : pawn;
    /* Lenient "g1f3": a full origin square without a letter names whatever stands there. */
    int any_kind = lenient && !t->kind && t->from_file >= 0 && t->from_rank >= 0;
    int count = 0, promo_missing = 0;
    bg_move hits[2] = {0, 0};
    for (int i = 0; i < ml->n; i++) {
        bg_move m = ml->m[i];
        int from = BG_MOVE_FROM(m), kind = bgi_ct_kind_at(pos, from);
        if (BG_MOVE_TO(m) != t->to || bgi_ct_is_castle(pos, m) || (!any_kind && kind != want))
            continue;
        if ((t->from_file >= 0 && from % w != t->from_file) ||
            (t->from_rank >= 0 && from / w != t->from_rank))
            continue;
        /* "d5" is a pawn push, never a capture from another file. */
        if (kind == pawn && t->from_file < 0 && from % w != t->to % w)
            continue;
        if ((m & BG_MOVE_PROMOTION) && BG_MOVE_KIND(m) != t->promo) {
            promo_missing |= !t->promo;
            continue;
        }
        if (!(m & BG_MOVE_PROMOTION) && t->promo)
            continue;
        if (count < 2)
            hits[count] = m;
        count++;
    }
    if (count == 1) {
        *found = hits[0];
        return BG_OK;
    }
    if (count > 1) {
        char a[32], b[32];
        bgi_san_write(pos, hits[0], BGI_SAN, a, sizeof a);
        bgi_san_write(pos, hits[1], BGI_SAN, b, sizeof b);
        return bgi_fail(err, BG_E_AMBIGUOUS_MOVE, t->off_from,
                        "'%s' is ambiguous: %d legal moves match (%s, %s%s)", text, count, a, b,
                        count > 2 ? ", ..." : "");
    }
    if (promo_missing)
        return bgi_fail(err, BG_E_ILLEGAL_MOVE, t->off_to + 2,
                        "'%s': a pawn reaching the last rank must promote (=Q, =R, =B or =N)",
                        text);
    return bgi_fail(err, BG_E_ILLEGAL_MOVE, 0, "'%s' is not a legal move here", text);
}

bg_status bgi_san_match(const bg_position *pos, const char *text, const bgi_san_text *t,
                        int style, unsigned flags, bg_move *out, bg_error *err)
{
    int lenient = (flags & BG_PARSE_LENIENT) != 0;
    bgi_movelist ml;
    bg_move m = BG_MOVE_NONE;
    bg_status s = lenient ? BG_OK : strict_shape(text, t, style, err);
    if (s != BG_OK)
        return s;
    if (t->castle) {
        bgi_ct_moves(pos, &ml);
        s = match_castle(pos, text, t, &ml, &m, err);
    } else {
        /*
        ** Only the moves of the named kind onto the named square: what matching and the strict
        ** disambiguation check look at (lenient "g1f3" without a letter: any kind).
        */
        int any_kind = lenient && !t->kind && t->from_file >= 0 && t->from_rank >= 0;
        int want = t->kind ? t->kind : bgi_ct_kind_of_letter(pos->variant, 'P');
        uint64_t kinds = any_kind ? ~(uint64_t)0 : (uint64_t)1 << want;
        ml.n = t->to >= 0 ? bgi_position_moves_to(pos, t->to, kinds, ml.m) : 0;
        s = match_piece(pos, text, t, &ml, lenient, &m, err);
        if (s != BG_OK && lenient && t->to >= 0 && t->from_file >= 0 && t->from_rank >= 0 &&
            !t->promo && (!t->kind || t->kind == bgi_ct_kind_of_letter(pos->variant, 'K'))) {
            /* Long algebraic castling by the king's squares ("e1-g1", "Ke8-g8", as pgn-extract
            ** writes it), read as UCI's e1g1 is; python-chess reads it so too. */
            bgi_movelist all;
            bgi_ct_moves(pos, &all);
            m = bgi_ct_castle_by_squares(pos, &all, t->from_rank * pos->variant->width + t->from_file,
                                         t->to);
            if (m != BG_MOVE_NONE) {
                s = BG_OK;
                bgi_error_clear(err);
            }
        }
    }
    if (s != BG_OK)
        return s;
    /* Check and mate flags cost a move played on a copy: only when the text makes claims. */
    unsigned mflags = !lenient || t->check || t->ep ? bgi_ct_flags(pos, m) : 0;
    if (!lenient && (s = strict_form(pos, text, t, style, &ml, m, mflags, err)) != BG_OK)
        return s;
    if ((s = check_claims(text, t, mflags, lenient, err)) != BG_OK)
        return s;
    *out = m;
    return BG_OK;
}

int bgi_san_format(const bg_position *pos, bg_move m, char *buf, size_t cap)
{
    return bgi_san_write(pos, m, BGI_SAN, buf, cap);
}

int bgi_san_format_in(const bgi_legal *legal, bg_move m, char *buf, size_t cap)
{
    return bgi_san_write_in(legal, m, BGI_SAN, buf, cap);
}

/* Kind of letter c: the variant's table when it has one (this runs for every move read). */
static inline int letter_kind(const bg_variant *v, char c)
{
    if (v->kind_of_letter)
        return (unsigned char)c < 128 ? v->kind_of_letter[(unsigned char)c] : 0;
    return bgi_ct_kind_of_letter(v, c);
}

/*
** Whether a move's check marks are true: '+' a check (a mate too: lenient), '#' a mate. The
** move is played on a copy and only a mate claim looks for a reply (most marks are '+').
*/
static int claims_hold(const bg_position *pos, bg_move m, char mark)
{
    const bg_variant *v = pos->variant;
    const size_t size = bg_position_size(v);
    if (mark == '#' || size > BGI_MAX_POSITION_BYTES) {
        unsigned f = bgi_ct_flags(pos, m);
        return (f & BG_FLAG_CHECK) && (mark != '#' || (f & BG_FLAG_MATE));
    }
    alignas(max_align_t) unsigned char raw[BGI_MAX_POSITION_BYTES];
    bg_position *after = (bg_position *)(void *)raw;
    memcpy(raw, pos, size);
    v->rules->make(after, m);
    return v->rules->in_check(after) != 0;
}

int bgi_san_quick(const bg_position *pos, const char *text, size_t n, bg_move *out)
{
    const bg_variant *v = pos->variant;
    const int w = v->width, h = v->height;
    if (h > 9 || n == 0)
        return 0;
    char check = 0;
    if (text[n - 1] == '+' || text[n - 1] == '#') {
        check = text[--n];
        if (n && (text[n - 1] == '+' || text[n - 1] == '#'))
            return 0; /* "++" and such: the full reader */
    }
    int promo = 0;
    if (n >= 2 && text[n - 2] == '=') {
        promo = letter_kind(v, text[n - 1]);
        if (!promo)
            return 0;
        n -= 2;
    }
    if (n < 2)
        return 0;
    const unsigned to_file = (unsigned)(text[n - 2] - 'a'), to_rank = (unsigned)(text[n - 1] - '1');
    if (to_file >= (unsigned)w || to_rank >= (unsigned)h)
        return 0;
    const int to = (int)(to_rank * (unsigned)w + to_file);
    size_t i = 0;
    int kind, from_file = -1, from_rank = -1, capture = 0;
    if (text[0] >= 'A' && text[0] <= 'Z') {
        kind = text[0] == 'P' ? 0 : letter_kind(v, text[0]); /* "Pe4": the full reader */
        if (!kind)
            return 0;
        i = 1;
    } else {
        kind = 0;
    }
    size_t end = n - 2;
    if (end > i && text[end - 1] == 'x') {
        capture = 1;
        end--;
    }
    if (i < end && (unsigned)(text[i] - 'a') < (unsigned)w)
        from_file = text[i++] - 'a';
    if (i < end && (unsigned)(text[i] - '1') < (unsigned)h)
        from_rank = text[i++] - '1';
    if (i != end)
        return 0;
    if (!kind) {
        /* A pawn: its push names no origin, its capture the file it comes from. */
        if (from_rank >= 0 || capture != (from_file >= 0))
            return 0;
        if (from_file < 0)
            from_file = (int)to_file;
    }
    /* Only a king's move can be castling (king onto its own rook): other kinds skip the test. */
    const int king = kind && text[0] == 'K'; /* letters name one kind each */
    const int want = kind ? kind : letter_kind(v, 'P');
    bg_move cand[BGI_MAX_MOVES];
    const bgi_rules *r = v->rules;
    int k = r->moves_to ? r->moves_to(pos, to, (uint64_t)1 << want, cand)
                        : bgi_position_moves_to(pos, to, (uint64_t)1 << want, cand);
    bg_move found = BG_MOVE_NONE;
    if (k == 1 && from_file < 0 && from_rank < 0 && !promo && !king &&
        !(cand[0] & BG_MOVE_PROMOTION)) {
        found = cand[0]; /* the usual piece move: one candidate and nothing to tell apart */
    } else {
        for (int j = 0; j < k; j++) {
            bg_move m = cand[j];
            int from = BG_MOVE_FROM(m);
            int ff = w == 8 ? from & 7 : from % w, fr = w == 8 ? from >> 3 : from / w;
            if ((from_file >= 0 && ff != from_file) || (from_rank >= 0 && fr != from_rank))
                continue;
            if ((m & BG_MOVE_PROMOTION) ? (int)BG_MOVE_KIND(m) != promo : promo != 0)
                continue;
            if (king && bgi_ct_is_castle(pos, m))
                continue;
            if (found != BG_MOVE_NONE)
                return 0; /* ambiguous: the full reader says so */
            found = m;
        }
    }
    if (found == BG_MOVE_NONE || (check && !claims_hold(pos, found, check)))
        return 0;
    *out = found;
    return 1;
}

bg_status bgi_san_parse(const bg_position *pos, const char *text, unsigned flags, bg_move *out,
                        bg_error *err)
{
    if ((flags & BG_PARSE_LENIENT) && bgi_san_quick(pos, text, strlen(text), out))
        return BG_OK;
    bgi_san_text t;
    *out = BG_MOVE_NONE;
    /*
    ** Lenient: coordinate text (e2e4, e1g1, e7e8q, 0000) means what UCI says it means. Only
    ** text shaped like it is tried (a failed attempt costs an error message).
    */
    int coords = (text[0] >= 'a' && text[0] <= 'z' && text[1] >= '0' && text[1] <= '9' &&
                  ((text[2] >= 'a' && text[2] <= 'z') || (text[2] >= '0' && text[2] <= '9'))) ||
                 strcmp(text, "0000") == 0;
    if ((flags & BG_PARSE_LENIENT) && coords) {
        bg_error uci = BG_ERROR_INIT;
        bg_status s = bgi_uci_parse(pos, text, flags, out, &uci);
        if (s != BG_E_PARSE) {
            bgi_error_copy(err, &uci);
            return s;
        }
    }
    bg_status s = bgi_san_scan(pos->variant, text, BGI_SAN, flags, &t, err);
    if (s != BG_OK)
        return s;
    return bgi_san_match(pos, text, &t, BGI_SAN, flags, out, err);
}
