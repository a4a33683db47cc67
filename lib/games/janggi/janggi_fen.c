/* libboardgames — janggi FEN: what differs from xiangqi's (letters, names, setup places, bikjang); the 16 setups. */
#include <string.h>

#include "janggi.h"

static const char *const side_names[2] = {"Cho", "Han"};
static const char *const kind_names[] = {"", "general", "guard", "elephant", "horse", "chariot",
                                         "cannon", "soldier"};
static const int kind_max[] = {0, 1, 2, 2, 2, 2, 2, 5};

/*
** The four back-rank arrangements of one side, as FEN letters left to right as seen from Cho
** (files a..i) and by their Korean names, which read the horse (마) and elephant (상) points in
** the same order. Index 0 is the default (inner elephants).
*/
static const char *const arrangement_fen[4] = {"RNBA1ABNR", "RBNA1ANBR", "RBNA1ABNR", "RNBA1ANBR"};
static const char *const arrangement_korean[4] = {"마상상마", "상마마상", "상마상마", "마상마상"};

const char *jg_arrangement_korean(int i) { return i >= 0 && i < 4 ? arrangement_korean[i] : NULL; }
const char *jg_arrangement_fen(int i) { return i >= 0 && i < 4 ? arrangement_fen[i] : NULL; }

static char upper(char c) { return c >= 'a' && c <= 'z' ? (char)(c - 32) : c; }

int jg_arrangement_index(const char *rank, size_t len)
{
    if (len != 9)
        return -1;
    for (int i = 0; i < 4; i++) {
        int ok = 1;
        for (size_t k = 0; k < 9 && ok; k++) {
            char c = upper(rank[k]), want = arrangement_fen[i][k];
            ok = c == want || (want == 'N' && c == 'H') || (want == 'B' && c == 'E');
        }
        if (ok)
            return i;
    }
    return -1;
}

static int arrangement_of(const char *p, size_t len)
{
    int i = jg_arrangement_index(p, len);
    for (int k = 0; i < 0 && k < 4; k++)
        if (strlen(arrangement_korean[k]) == len && memcmp(arrangement_korean[k], p, len) == 0)
            i = k;
    return i;
}

bg_status jg_setup_ranks(const char *text, char cho[10], char han[10], bg_error *err)
{
    const char *slash = strchr(text, '/');
    int a = slash ? arrangement_of(text, (size_t)(slash - text)) : -1;
    int b = slash ? arrangement_of(slash + 1, strlen(slash + 1)) : -1;
    if (a < 0 || b < 0)
        return bgi_fail(err, BG_E_UNKNOWN_OPTION, 0,
                        "option setup: '%s' is not <Cho rank 1>/<Han rank 10>, each one of "
                        "RNBA1ABNR, RBNA1ANBR, RBNA1ABNR, RNBA1ANBR (or 마상상마, 상마마상, 상마상마, "
                        "마상마상), Han's also read from Cho's side, left to right",
                        text);
    for (int k = 0; k < 9; k++) {
        cho[k] = arrangement_fen[a][k];
        const char h = arrangement_fen[b][k];
        han[k] = h >= 'A' ? (char)(h + 32) : h;
    }
    cho[9] = han[9] = 0;
    return BG_OK;
}

/* Parsing also takes E (elephant) and H (horse), as Fairy-Stockfish does. */
static const palace_fen fen_janggi = {
    .game = "janggi", .letters = " KABNRCP", .kinds = JG_SOLDIER, .side_names = side_names,
    .kind_names = kind_names, .kind_max = kind_max, .side_letters = "wb",
    .side_help = "'w' (Cho) or 'b' (Han)", .one_digit = 1, .letter_hint = NULL,
};

bg_status jg_fen_parse(jg_state *s, const char *text, const char *format, unsigned flags,
                       bg_error *err)
{
    const palace_place places[] = {
        {JG_GENERAL, {JGT->palace[0], JGT->palace[1]}, "outside its palace"},
        {JG_GUARD, {JGT->palace[0], JGT->palace[1]}, "outside its palace"},
        {JG_SOLDIER, {JGT->soldier_points[0], JGT->soldier_points[1]},
         "behind its starting rank (soldiers never step back)"},
    };
    palace_fen_text ft;
    bg_status r = palace_fen_read(&fen_janggi, JG_WIDTH, places, sizeof places / sizeof places[0],
                                  text, format, flags, &ft, err);
    if (r != BG_OK)
        return r;
    jg_state st;
    jg_clear(&st);
    st.bikjang = s->bikjang;
    for (int sq = 0; sq < JG_SQ; sq++)
        if (ft.board[sq])
            jg_put(&st, sq, JG_SIDE(ft.board[sq]), JG_KIND(ft.board[sq]));
    st.stm = (uint8_t)ft.stm;
    st.halfmove = (uint16_t)ft.halfmove;
    st.fullmove = (uint16_t)ft.fullmove;

    /*
    ** The side that just moved may not have left its general attacked, unless it passed in check
    ** while the generals faced each other (bikjang rulesets allow it): that pass ended the game.
    */
    if (jg_side_attacked(&st, !st.stm)) {
        if (!st.bikjang || !jg_facing(&st))
            return bgi_fail(err, BG_E_INVALID_POSITION, ft.f[1].offset,
                            "FEN: the side not to move (%s) is in check", side_names[!st.stm]);
        st.passes = 1;
        st.ended = JG_ENDED_BIKJANG;
    }
    jg_rehash(&st);
    *s = st;
    return BG_OK;
}

int jg_fen_format(const jg_state *s, const char *format, char *buf, size_t cap)
{
    return palace_fen_write(&fen_janggi, JG_WIDTH, s->board, s->stm, s->halfmove, s->fullmove,
                            format, buf, cap);
}
