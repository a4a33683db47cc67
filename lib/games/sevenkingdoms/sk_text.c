/* libboardgames — Seven Kingdoms position text (docs/sevenkingdoms.md): strict parsing with offsets, validation, writing. */
#include <string.h>

#include "sk.h"

#define FIELDS 6

static int kingdom_of_letter(char c)
{
    const char *p = c ? strchr(sk_kingdom_letters, c) : NULL;
    return p ? (int)(p - sk_kingdom_letters) : -1;
}

static int kind_of_letter(char c)
{
    const char *p = c && c != ' ' ? strchr(sk_kind_letters, c) : NULL;
    return p ? (int)(p - sk_kind_letters) : 0;
}

/* What parse_board has seen: pieces of each kind per army (against the start counts), 周. */
typedef struct board_ctx {
    sk_state *s;
    uint8_t kinds[SK_KINGDOMS][SK_KINDS + 1];
    int zhou;
} board_ctx;

static int read_piece(void *ctx, const bgi_field *f, size_t *i, bg_error *err)
{
    (void)ctx;
    const char c = f->p[*i];
    const int kind = kind_of_letter(c);
    if (!kind)
        return bgi_fail(err, BG_E_PARSE, f->offset + *i,
                        "board: '%c' is not a piece letter (G R B C T D S A X H, Z for 周)", c);
    return kind;
}

/* A piece's kingdom tag follows its letter; 周 has none and stands on j10. */
static bg_status put_piece(void *ctx, const bgi_field *f, size_t *i, int point, int kind,
                           size_t off, bg_error *err)
{
    board_ctx *b = ctx;
    sk_state *s = b->s;
    const char c = f->p[*i];
    int piece;
    if (kind == SK_ZHOU) {
        if (*i + 1 < f->len && kingdom_of_letter(f->p[*i + 1]) >= 0)
            return bgi_fail(err, BG_E_PARSE, off + 1,
                            "board: 周 (Z) belongs to no kingdom and takes no tag");
        if (b->zhou++ || point != SK_ZHOU_POINT)
            return bgi_fail(err, BG_E_INVALID_POSITION, off,
                            "board: 周 (Z) stands on j10 only, once");
        piece = SK_ZHOU_PIECE;
    } else {
        const int army = *i + 1 < f->len ? kingdom_of_letter(f->p[*i + 1]) : -1;
        if (army < 0)
            return bgi_fail(err, BG_E_PARSE, off + 1,
                            "board: piece '%c' needs a kingdom tag (q h c w i y z) after it", c);
        if (!(s->present >> army & 1))
            return bgi_fail(err, BG_E_INVALID_POSITION, off,
                            "board: %s is empty (not named by option players) and has no "
                            "pieces", sk_kingdom_ids[army]);
        if (++b->kinds[army][kind] > sk_kind_start[kind])
            return bgi_fail(err, BG_E_INVALID_POSITION, off, "board: %s has more than %d %s%s",
                            sk_kingdom_ids[army], sk_kind_start[kind], sk_kind_names[kind],
                            sk_kind_start[kind] > 1 ? "s" : "");
        piece = SK_PIECE(army, kind);
        ++*i;
    }
    sk_put(s, SK_MB_OF(point % SK_FILES, point / SK_FILES), piece);
    return BG_OK;
}

static bg_status parse_board(sk_state *s, const bgi_field *f, bg_error *err)
{
    board_ctx b;
    memset(&b, 0, sizeof b);
    b.s = s;
    const bgi_board_text bt = {.what = "board", .unit = "points", .width = SK_FILES,
                               .height = SK_FILES, .runs = BGI_RUNS_NUMBER, .read = read_piece,
                               .put = put_piece, .ctx = &b};
    bg_status r = bgi_board_text_read(&bt, f, err);
    if (r != BG_OK)
        return r;
    if (!b.zhou)
        return bgi_fail(err, BG_E_INVALID_POSITION, f->offset, "board: 周 (Z) is missing from j10");
    return BG_OK;
}

static bg_status parse_kingdom(const bgi_field *f, size_t i, const char *what, int *out,
                               bg_error *err)
{
    int k = i < f->len ? kingdom_of_letter(f->p[i]) : -1;
    if (k < 0)
        return bgi_fail(err, BG_E_PARSE, f->offset + i,
                        "%s: expected a kingdom letter (q h c w i y z)", what);
    *out = k;
    return BG_OK;
}

static bg_status parse_side(sk_state *s, const bgi_field *f, int lenient, bg_error *err)
{
    if (lenient)
        for (int k = 0; k < SK_KINGDOMS; k++)
            if (strlen(sk_kingdom_ids[k]) == f->len && !strncmp(sk_kingdom_ids[k], f->p, f->len)) {
                s->stm = (uint8_t)k;
                return BG_OK;
            }
    int k = 0;
    if (f->len != 1 || parse_kingdom(f, 0, "side to move", &k, NULL) != BG_OK)
        return bgi_fail(err, BG_E_PARSE, f->offset,
                        "side to move: '%.*s' is not a kingdom letter (q h c w i y z)", (int)f->len,
                        f->p);
    s->stm = (uint8_t)k;
    return BG_OK;
}

/* "-" or "h>q,w>c": eliminated kingdom '>' the kingdom that conquered it. */
static bg_status parse_eliminations(sk_state *s, const bgi_field *f, bg_error *err)
{
    if (f->len == 1 && f->p[0] == '-')
        return BG_OK;
    for (size_t i = 0;; i += 4) {
        int v = 0, w = 0;
        bg_status r = parse_kingdom(f, i, "eliminations", &v, err);
        if (r != BG_OK)
            return r;
        if (i + 1 >= f->len || f->p[i + 1] != '>')
            return bgi_fail(err, BG_E_PARSE, f->offset + i + 1,
                            "eliminations: expected '>' and the conquering kingdom");
        if ((r = parse_kingdom(f, i + 2, "eliminations", &w, err)) != BG_OK)
            return r;
        if (s->victor[v] >= 0)
            return bgi_fail(err, BG_E_PARSE, f->offset + i, "eliminations: %s is listed twice",
                            sk_kingdom_ids[v]);
        if (!(s->present >> v & 1) || !(s->present >> w & 1))
            return bgi_fail(err, BG_E_INVALID_POSITION, f->offset + i,
                            "eliminations: %s is empty (not named by option players)",
                            sk_kingdom_ids[s->present >> v & 1 ? w : v]);
        if (v == w)
            return bgi_fail(err, BG_E_INVALID_POSITION, f->offset + i,
                            "eliminations: %s cannot conquer itself", sk_kingdom_ids[v]);
        s->victor[v] = (int8_t)w;
        if (i + 3 == f->len)
            return BG_OK;
        if (f->p[i + 3] != ',')
            return bgi_fail(err, BG_E_PARSE, f->offset + i + 3,
                            "eliminations: expected ',' between entries");
    }
}

/* "-" or "qh3,cw1": capturing kingdom, kingdom that commanded the pieces, count. */
static bg_status parse_captures(sk_state *s, const bgi_field *f, bg_error *err)
{
    if (f->len == 1 && f->p[0] == '-')
        return BG_OK;
    for (size_t i = 0;;) {
        int c = 0, v = 0;
        const size_t at = i;
        bg_status r = parse_kingdom(f, i, "captures", &c, err);
        if (r == BG_OK)
            r = parse_kingdom(f, i + 1, "captures", &v, err);
        if (r != BG_OK)
            return r;
        i += 2;
        int n = 0;
        size_t digits = 0;
        while (i < f->len && f->p[i] >= '0' && f->p[i] <= '9' && digits < 4) {
            n = n * 10 + (f->p[i++] - '0');
            digits++;
        }
        if (!digits || f->p[at + 2] == '0' || n > SK_KINGDOMS * SK_ARMY_PIECES)
            return bgi_fail(err, BG_E_PARSE, f->offset + at + 2,
                            "captures: expected a count from 1 to 119 after '%c%c'", f->p[at],
                            f->p[at + 1]);
        if (c == v)
            return bgi_fail(err, BG_E_INVALID_POSITION, f->offset + at,
                            "captures: %s cannot capture its own pieces", sk_kingdom_ids[c]);
        if (!(s->present >> c & 1) || !(s->present >> v & 1))
            return bgi_fail(err, BG_E_INVALID_POSITION, f->offset + at,
                            "captures: %s is empty (not named by option players)",
                            sk_kingdom_ids[s->present >> c & 1 ? v : c]);
        if (s->cap[c][v])
            return bgi_fail(err, BG_E_PARSE, f->offset + at, "captures: '%c%c' is listed twice",
                            f->p[at], f->p[at + 1]);
        if (s->ally[c] >> v & 1)
            return bgi_fail(err, BG_E_INVALID_POSITION, f->offset + at,
                            "captures: %s and %s are allies and never capture each other",
                            sk_kingdom_ids[c], sk_kingdom_ids[v]);
        s->cap[c][v] = (uint8_t)n;
        if (i == f->len)
            return BG_OK;
        if (f->p[i] != ',')
            return bgi_fail(err, BG_E_PARSE, f->offset + i, "captures: expected ',' between entries");
        i++;
    }
}

/* What the counts and the board must agree on for a position that can arise in a game. */
static bg_status validate(const sk_state *s, const bgi_field *f, int n, bg_error *err)
{
    const size_t board = f[0].offset, elim = n > 2 ? f[2].offset : board,
                 caps = n > 3 ? f[3].offset : board;
    int on_board = 0, captured = 0;
    const int armies = __builtin_popcount(s->present) * SK_ARMY_PIECES;
    for (int k = 0; k < SK_KINGDOMS; k++) {
        if (!(s->present >> k & 1))
            continue; /* an empty kingdom: no pieces (parse_board), no entries */
        on_board += s->count[k];
        captured += s->captured[k];
        int o = k, steps = 0;
        while (s->victor[o] >= 0 && steps++ < SK_KINGDOMS)
            o = s->victor[o];
        if (s->victor[o] >= 0)
            return bgi_fail(err, BG_E_INVALID_POSITION, elim,
                            "eliminations: %s is in a circle of conquests", sk_kingdom_ids[k]);
        const int general = sk_general_point(s, k) >= 0;
        if (s->victor[k] < 0) {
            if (!general)
                return bgi_fail(err, BG_E_INVALID_POSITION, board,
                                "board: %s is in play but its general is not on the board",
                                sk_kingdom_ids[k]);
            if (s->lost[k] >= SK_ELIMINATION_LOSSES)
                return bgi_fail(err, BG_E_INVALID_POSITION, caps,
                                "captures: %s lost %d pieces but is not eliminated",
                                sk_kingdom_ids[k], s->lost[k]);
        } else {
            if (general && s->lost[k] < SK_ELIMINATION_LOSSES)
                return bgi_fail(err, BG_E_INVALID_POSITION, elim,
                                "eliminations: %s has its general and lost only %d pieces",
                                sk_kingdom_ids[k], s->lost[k]);
            if (!s->cap[s->victor[k]][k])
                return bgi_fail(err, BG_E_INVALID_POSITION, elim,
                                "eliminations: %s conquered %s without capturing any of its pieces",
                                sk_kingdom_ids[s->victor[k]], sk_kingdom_ids[k]);
        }
    }
    if (captured > armies - on_board)
        return bgi_fail(err, BG_E_INVALID_POSITION, caps,
                        "captures: %d pieces captured but only %d are off the board", captured,
                        armies - on_board);
    if (!(s->present >> s->stm & 1))
        return bgi_fail(err, BG_E_INVALID_POSITION, f[1].offset,
                        "side to move: %s is empty (not named by option players)",
                        sk_kingdom_ids[s->stm]);
    if (s->victor[s->stm] >= 0)
        return bgi_fail(err, BG_E_INVALID_POSITION, f[1].offset,
                        "side to move: %s is eliminated", sk_kingdom_ids[s->stm]);
    return BG_OK;
}

bg_status sk_text_parse(sk_state *out, const char *text, const char *format, unsigned flags,
                        const uint8_t ally[SK_KINGDOMS], uint8_t present, bg_error *err)
{
    bgi_field f[FIELDS];
    const int lenient = (flags & BG_PARSE_LENIENT) != 0;
    if (format && strcmp(format, "fen") != 0)
        return bgi_fail(err, BG_E_UNSUPPORTED, 0, "sevenkingdoms has no position format '%s'",
                        format);
    const int n = bgi_split_fields(text, f, FIELDS);
    if (n < (lenient ? 2 : FIELDS) || n > FIELDS)
        return bgi_fail(err, BG_E_PARSE, n > FIELDS ? f[FIELDS - 1].offset + f[FIELDS - 1].len
                                                   : strlen(text),
                        "position: expected 6 fields (board, side to move, eliminations, "
                        "captures, plies since a capture, round)%s, found %d",
                        lenient ? " or at least 2" : "", n > FIELDS ? FIELDS + 1 : n);
    sk_state s;
    sk_clear(&s);
    memcpy(s.ally, ally, sizeof s.ally);
    s.present = present;
    bg_status r = parse_board(&s, &f[0], err);
    if (r == BG_OK)
        r = parse_side(&s, &f[1], lenient, err);
    if (r == BG_OK && n > 2)
        r = parse_eliminations(&s, &f[2], err);
    if (r == BG_OK && n > 3)
        r = parse_captures(&s, &f[3], err);
    int half = 0, full = 1;
    if (r == BG_OK && n > 4)
        r = bgi_fen_number(&f[4], 0, UINT16_MAX, "plies since a capture", &half, err);
    if (r == BG_OK && n > 5)
        r = bgi_fen_number(&f[5], 1, UINT16_MAX, "round", &full, err);
    if (r != BG_OK)
        return r;
    s.halfmove = (uint16_t)half;
    s.fullmove = (uint16_t)full;
    sk_derive(&s);
    if ((r = validate(&s, f, n, err)) != BG_OK)
        return r;
    sk_rehash(&s);
    *out = s;
    return BG_OK;
}

/* A piece's letters: its kind, then its kingdom (the neutral zhou has none). */
static int sk_square_letters(const void *state, int file, int rank, char out[8])
{
    const int p = ((const sk_state *)state)->board[SK_MB_OF(file, rank)];
    if (!p)
        return 0;
    out[0] = sk_kind_letters[SK_KIND(p)];
    if (SK_KIND(p) == SK_ZHOU)
        return 1;
    out[1] = sk_kingdom_letters[SK_ARMY(p)];
    return 2;
}

int sk_text_format(const sk_state *s, const char *format, char *buf, size_t cap)
{
    bgi_out o;
    if (format && strcmp(format, "fen") != 0)
        return BG_E_UNSUPPORTED;
    bgi_out_init(&o, buf, cap);
    bgi_fen_placement(&o, SK_FILES, SK_FILES, sk_square_letters, s);
    bgi_out_printf(&o, " %c ", sk_kingdom_letters[s->stm]);
    const char *sep = "";
    for (int v = 0; v < SK_KINGDOMS; v++) {
        if (s->victor[v] >= 0) {
            bgi_out_printf(&o, "%s%c>%c", sep, sk_kingdom_letters[v],
                           sk_kingdom_letters[s->victor[v]]);
            sep = ",";
        }
    }
    bgi_out_str(&o, *sep ? " " : "- ");
    sep = "";
    for (int c = 0; c < SK_KINGDOMS; c++) {
        for (int v = 0; v < SK_KINGDOMS; v++) {
            if (s->cap[c][v]) {
                bgi_out_printf(&o, "%s%c%c%d", sep, sk_kingdom_letters[c], sk_kingdom_letters[v],
                               s->cap[c][v]);
                sep = ",";
            }
        }
    }
    bgi_out_printf(&o, "%s %d %d", *sep ? "" : "-", s->halfmove, s->fullmove);
    return bgi_out_finish(&o);
}
