/* libboardgames — xiangqi / lion chess FEN: what differs from janggi's (letters, names, setup places, the flying general). */
#include "xiangqi.h"

static const char *const side_names[2] = {"red", "black"};
static const char *const kind_names[] = {"", "general", "advisor", "elephant", "horse", "chariot",
                                         "cannon", "soldier", "lion"};
static const int kind_max[] = {0, 1, 2, 2, 2, 2, 2, 5, 2};

static const char *lion_hint(char c)
{
    return (c == 'l' || c == 'L') ? " (lions exist only in lion chess)" : "";
}

/* Lions (L) only in lion chess; parsing also takes E (elephant) and H (horse). */
#define XQ_FEN(name, nkinds)                                                                    \
    {                                                                                           \
        .game = name, .letters = " KABNRCPL", .kinds = nkinds, .side_names = side_names,        \
        .kind_names = kind_names, .kind_max = kind_max, .side_letters = "wrb",                  \
        .side_help = "'w' (or 'r') for red or 'b' for black", .one_digit = 0,                 \
        .letter_hint = lion_hint,                                                               \
    }
static const palace_fen fen_xiangqi = XQ_FEN("xiangqi", XQ_SOLDIER);
static const palace_fen fen_lionchess = XQ_FEN("lionchess", XQ_LION);

bg_status xq_fen_parse(xq_state *s, int width, const char *text, const char *format,
                       unsigned flags, bg_error *err)
{
    const xq_tables *t = width == 9 ? &xq_tables_9x10 : &xq_tables_11x10;
    const palace_place places[] = {
        {XQ_GENERAL, {t->palace[0], t->palace[1]}, "outside its palace"},
        {XQ_ADVISOR, {t->advisor_points[0], t->advisor_points[1]},
         "off the advisor points of its palace"},
        {XQ_ELEPHANT, {t->elephant_points[0], t->elephant_points[1]},
         "on a point elephants cannot reach"},
        {XQ_SOLDIER, {t->soldier_points[0], t->soldier_points[1]},
         "on a point soldiers cannot reach"},
        {XQ_LION, {t->lion_points[0], t->lion_points[1]},
         "on a point of the other colour than its start"},
    };
    palace_fen_text ft;
    bg_status r = palace_fen_read(width == 9 ? &fen_xiangqi : &fen_lionchess, width, places,
                                  sizeof places / sizeof places[0], text, format, flags, &ft, err);
    if (r != BG_OK)
        return r;
    xq_state st;
    xq_clear(&st, width);
    for (int sq = 0; sq < width * XQ_HEIGHT; sq++)
        if (ft.board[sq])
            xq_put(&st, sq, XQ_SIDE(ft.board[sq]), XQ_KIND(ft.board[sq]));
    st.stm = (uint8_t)ft.stm;
    st.halfmove = (uint16_t)ft.halfmove;
    st.fullmove = (uint16_t)ft.fullmove;

    /* The side that just moved may not have left its general attacked (or facing the other). */
    const int them = !st.stm;
    if (xq_general_attacked(&st, them, st.general[them], st.by_kind[0], st.by_color[st.stm]))
        return bgi_fail(err, BG_E_INVALID_POSITION, ft.f[1].offset,
                        "FEN: the side not to move (%s) is in check or its general faces the "
                        "other on an open file", side_names[them]);
    xq_rehash(&st);
    *s = st;
    return BG_OK;
}

int xq_fen_format(const xq_state *s, const char *format, char *buf, size_t cap)
{
    return palace_fen_write(s->width == 9 ? &fen_xiangqi : &fen_lionchess, s->width, s->board,
                            s->stm, s->halfmove, s->fullmove, format, buf, cap);
}
