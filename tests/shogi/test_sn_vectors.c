/*
** Hand-checked vectors of the shogi family notations: the JSA examples of 上/寄/引, 左/直/右 and
** both together (golds, silvers, tokins, dragons, horses, for sente and gote), 打 and 成/不成,
** KI2 and KIF forms, CSA, Western (Hodges) with disambiguation and '=', Tori's Western letters
** and kanji, minishogi and Sho shogi names; strict and lenient parsing, errors with offsets.
*/
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <boardgames/boardgames.h>

#include "check_main.h"
#include "fixtures.h"

/*
** A position from a list of pieces: "bG93" = sente gold on 9三 (file 9, rank 3), "w+P11" = gote
** tokin on 1一; then the side to move and the hands in SFEN form.
*/
static bg_position *make_pos(const char *variant, const char *pieces, char stm, const char *hands)
{
    const bg_variant *v = bg_variant_find(variant);
    ck_assert_ptr_nonnull(v);
    const int size = bg_variant_width(v);
    char board[9][9][3];
    memset(board, 0, sizeof board);
    char list[512];
    snprintf(list, sizeof list, "%s", pieces);
    for (char *tok = strtok(list, " "); tok; tok = strtok(NULL, " ")) {
        int gote = tok[0] == 'w';
        const char *p = tok + 1;
        char letters[3] = {0};
        int n = 0;
        while (*p && (*p < '0' || *p > '9'))
            letters[n++] = *p++;
        int file = p[0] - '0', rank = p[1] - '0';
        ck_assert_msg(file >= 1 && file <= size && rank >= 1 && rank <= size, "bad piece %s", tok);
        for (int i = 0; i < n; i++)
            if (gote && letters[i] >= 'A' && letters[i] <= 'Z')
                letters[i] = (char)(letters[i] + 32);
        memcpy(board[rank - 1][size - file], letters, 3);
    }
    char sfen[256];
    fx_fen ff = {sfen, sizeof sfen, 0, 0};
    for (int r = 0; r < size; r++) {
        for (int f = 0; f < size; f++)
            fx_fen_square(&ff, board[r][f]);
        fx_fen_rank(&ff, r == size - 1);
    }
    snprintf(sfen + ff.len, sizeof sfen - ff.len, " %c %s 1", stm, hands ? hands : "-");
    bg_position *pos = NULL;
    bg_error err = BG_ERROR_INIT;
    bg_status s = bg_position_from_text(&pos, v, sfen, NULL, NULL, 0, NULL, &err);
    ck_assert_msg(s == BG_OK, "%s: %s", sfen, err.message);
    return pos;
}

/* The move given in USI, written in `notation` as `want`, and read back (strict and lenient). */
static void expect(const bg_position *pos, const char *usi, const char *notation, const char *want)
{
    bg_move m, back;
    bg_error err = BG_ERROR_INIT;
    ck_assert_msg(bg_move_parse(pos, usi, "usi", 0, &m, &err) == BG_OK, "%s: %s", usi, err.message);
    char text[64];
    int n = bg_move_format(pos, m, notation, text, sizeof text);
    ck_assert_msg(n > 0, "%s: format %s failed (%d)", usi, notation, n);
    ck_assert_msg(strcmp(text, want) == 0, "%s in %s: got '%s', want '%s'", usi, notation, text,
                  want);
    ck_assert_msg(bg_move_parse(pos, want, notation, 0, &back, &err) == BG_OK && back == m,
                  "%s '%s' strict: %s", notation, want, err.message);
    ck_assert_msg(bg_move_parse(pos, want, notation, BG_PARSE_LENIENT, &back, &err) == BG_OK &&
                      back == m,
                  "%s '%s' lenient: %s", notation, want, err.message);
}

static void expect_jp(const bg_position *pos, const char *usi, const char *want)
{
    expect(pos, usi, "japanese", want);
}

/*
** The JSA examples (日本将棋連盟「棋譜の表記方法」). The page draws several examples on one board;
** here each example has its own position (a set has four golds and four silvers).
*/
typedef struct jsa_case {
    const char *pieces;
    char stm;
    const char *usi[5];
    const char *want[5];
} jsa_case;

static const jsa_case jsa[] = {
    /* 上 寄 引, sente */
    {"bG93 bG72 bK19 wK11", 'b', {"9c8b", "7b8b"}, {"▲8二金上", "▲8二金寄"}},
    {"bG43 bG31 bK19 wK91", 'b', {"4c3b", "3a3b"}, {"▲3二金上", "▲3二金引"}},
    {"bG56 bG45 bK19 wK11", 'b', {"5f5e", "4e5e"}, {"▲5五金上", "▲5五金寄"}},
    {"bS89 bS77 bK19 wK11", 'b', {"8i8h", "7g8h"}, {"▲8八銀上", "▲8八銀引"}},
    {"bS49 bS27 bK99 wK11", 'b', {"4i3h", "2g3h"}, {"▲3八銀上", "▲3八銀引"}},
    /* 上 寄 引, gote */
    {"wG17 wG38 bK99 wK91", 'w', {"1g2h", "3h2h"}, {"△2八金上", "△2八金寄"}},
    {"wG67 wG79 bK19 wK11", 'w', {"6g7h", "7i7h"}, {"△7八金上", "△7八金引"}},
    {"wG54 wG65 bK19 wK11", 'w', {"5d5e", "6e5e"}, {"△5五金上", "△5五金寄"}},
    {"wS21 wS33 bK99 wK91", 'w', {"2a2b", "3c2b"}, {"△2二銀上", "△2二銀引"}},
    {"wS61 wS83 bK19 wK11", 'w', {"6a7b", "8c7b"}, {"△7二銀上", "△7二銀引"}},
    /* 左 直 右, sente */
    {"bG92 bG72 bK59 wK51", 'b', {"9b8a", "7b8a"}, {"▲8一金左", "▲8一金右"}},
    {"bG32 bG12 bK59 wK51", 'b', {"3b2b", "1b2b"}, {"▲2二金左", "▲2二金右"}},
    {"bS65 bS45 bK59 wK51", 'b', {"6e5f", "4e5f"}, {"▲5六銀左", "▲5六銀右"}},
    {"bG89 bG79 bK59 wK51", 'b', {"8i7h", "7i7h"}, {"▲7八金左", "▲7八金直"}},
    {"bS39 bS29 bK59 wK51", 'b', {"3i3h", "2i3h"}, {"▲3八銀直", "▲3八銀右"}},
    /* 左 直 右, gote */
    {"wG18 wG38 bK59 wK51", 'w', {"1h2i", "3h2i"}, {"△2九金左", "△2九金右"}},
    {"wG78 wG98 bK59 wK51", 'w', {"7h8h", "9h8h"}, {"△8八金左", "△8八金右"}},
    {"wS45 wS65 bK59 wK51", 'w', {"4e5d", "6e5d"}, {"△5四銀左", "△5四銀右"}},
    {"wG21 wG31 bK59 wK51", 'w', {"2a3b", "3a3b"}, {"△3二金左", "△3二金直"}},
    {"wS71 wS81 bK59 wK51", 'w', {"7a7b", "8a7b"}, {"△7二銀直", "△7二銀右"}},
    /* Three golds abreast, five tokins, four silvers: 直, and 左上 / 左引 when neither alone tells. */
    {"bG63 bG53 bG43 bK59 wK91", 'b', {"6c5b", "5c5b", "4c5b"}, {"▲5二金左", "▲5二金直", "▲5二金右"}},
    {"b+P79 b+P89 b+P99 b+P98 b+P87 bK59 wK51", 'b', {"7i8h", "8i8h", "9i8h", "9h8h", "8g8h"},
     {"▲8八と右", "▲8八と直", "▲8八と左上", "▲8八と寄", "▲8八と引"}},
    {"bS29 bS17 bS39 bS37 bK59 wK91", 'b', {"2i2h", "1g2h", "3i2h", "3g2h"},
     {"▲2八銀直", "▲2八銀右", "▲2八銀左上", "▲2八銀左引"}},
    {"wG47 wG57 wG67 bK19 wK51", 'w', {"4g5h", "5g5h", "6g5h"}, {"△5八金左", "△5八金直", "△5八金右"}},
    {"w+P31 w+P21 w+P11 w+P12 w+P23 bK59 wK51", 'w', {"3a2b", "2a2b", "1a2b", "1b2b", "2c2b"},
     {"△2二と右", "△2二と直", "△2二と左上", "△2二と寄", "△2二と引"}},
    {"wS81 wS93 wS71 wS73 bK59 wK51", 'w', {"8a8b", "9c8b", "7a8b", "7c8b"},
     {"△8二銀直", "△8二銀右", "△8二銀左上", "△8二銀左引"}},
};

START_TEST(jsa_examples)
{
    const jsa_case *c = &jsa[_i];
    bg_position *p = make_pos("shogi", c->pieces, c->stm, NULL);
    for (int k = 0; k < 5 && c->usi[k]; k++) {
        expect(p, c->usi[k], "japanese", c->want[k]);
        /* KI2 writes the same with a full-width file digit. */
        char ki2[64];
        const char *w = c->want[k];
        snprintf(ki2, sizeof ki2, "%.3s%s%s", w, (const char *[]){"", "１", "２", "３", "４", "５",
                                                                  "６", "７", "８", "９"}[w[3] - '0'],
                 w + 4);
        expect(p, c->usi[k], "ki2", ki2);
    }
    bg_position_free(p);
}
END_TEST

/* ---------- JSA: dragons and horses (左/右 compare the two pieces, never 直) ---------- */

typedef struct pair_case {
    const char *pieces;
    char stm;
    const char *usi[2];
    const char *want[2];
} pair_case;

static const pair_case pairs[] = {
    {"b+R91 b+R84 bK59 wK13", 'b', {"9a8b", "8d8b"}, {"▲8二竜引", "▲8二竜上"}},
    {"b+R23 b+R52 bK59 wK19", 'b', {"2c4c", "5b4c"}, {"▲4三竜寄", "▲4三竜引"}},
    {"b+R55 b+R15 bK59 wK91", 'b', {"5e3e", "1e3e"}, {"▲3五竜左", "▲3五竜右"}},
    {"b+R99 b+R89 bK59 wK51", 'b', {"9i8h", "8i8h"}, {"▲8八竜左", "▲8八竜右"}},
    {"b+R28 b+R19 bK59 wK51", 'b', {"2h1g", "1i1g"}, {"▲1七竜左", "▲1七竜右"}},
    {"w+R19 w+R26 bK57 wK51", 'w', {"1i2h", "2f2h"}, {"△2八竜引", "△2八竜上"}},
    {"w+R87 w+R58 bK99 wK51", 'w', {"8g6g", "5h6g"}, {"△6七竜寄", "△6七竜引"}},
    {"w+R55 w+R95 bK19 wK51", 'w', {"5e7e", "9e7e"}, {"△7五竜左", "△7五竜右"}},
    {"w+R11 w+R21 bK59 wK51", 'w', {"1a2b", "2a2b"}, {"△2二竜左", "△2二竜右"}},
    {"w+R82 w+R91 bK59 wK51", 'w', {"8b9c", "9a9c"}, {"△9三竜左", "△9三竜右"}},
    {"b+B91 b+B81 bK59 wK51", 'b', {"9a8b", "8a8b"}, {"▲8二馬左", "▲8二馬右"}},
    {"b+B95 b+B63 bK59 wK11", 'b', {"9e8e", "6c8e"}, {"▲8五馬寄", "▲8五馬引"}},
    {"b+B11 b+B34 bK59 wK51", 'b', {"1a1b", "3d1b"}, {"▲1二馬引", "▲1二馬上"}},
    {"b+B99 b+B59 bK19 wK51", 'b', {"9i7g", "5i7g"}, {"▲7七馬左", "▲7七馬右"}},
};

START_TEST(jsa_dragons_horses)
{
    const pair_case *c = &pairs[_i];
    bg_position *p = make_pos("shogi", c->pieces, c->stm, NULL);
    expect_jp(p, c->usi[0], c->want[0]);
    expect_jp(p, c->usi[1], c->want[1]);
    bg_position_free(p);
}
END_TEST

/* ---------- 打, 成, 不成, and the KI2 / KIF forms ---------- */

START_TEST(drop_and_promotion)
{
    /* JSA: 打 only when a board piece could also reach the square. */
    bg_position *p = make_pos("shogi", "bG53 bK59 wK91 wG57", 'b', "G");
    expect_jp(p, "5c5b", "▲5二金");
    expect_jp(p, "G*5b", "▲5二金打");
    expect_jp(p, "G*1e", "▲1五金");
    expect(p, "G*5b", "ki2", "▲５二金打");
    expect(p, "G*1e", "kif", "１五金打");
    expect(p, "5c5b", "kif", "５二金(53)");
    bg_position_free(p);
    /* 成 / 不成 whenever promotion was possible, nothing when it was not. */
    p = make_pos("shogi", "wK51 bS53 bS54 wS56 wS57 bK59", 'b', NULL);
    expect_jp(p, "5c4b", "▲4二銀不成");
    expect_jp(p, "5c4b+", "▲4二銀成");
    expect_jp(p, "5c4d", "▲4四銀不成");
    expect_jp(p, "5c4d+", "▲4四銀成");
    expect_jp(p, "5d4c", "▲4三銀不成");
    expect_jp(p, "5d4c+", "▲4三銀成");
    expect_jp(p, "5d4e", "▲4五銀");
    expect(p, "5d4c", "kif", "４三銀不成(54)");
    expect(p, "5c4b+", "ki2", "▲４二銀成");
    bg_move m;
    bg_error err = BG_ERROR_INIT;
    /* Strict: a missing 不成 is not how the move is written; lenient takes it. */
    ck_assert_int_eq(bg_move_parse(p, "▲4三銀", "japanese", 0, &m, &err), BG_E_PARSE);
    ck_assert_ptr_nonnull(strstr(err.message, "▲4三銀不成"));
    ck_assert_int_eq(bg_move_parse(p, "▲4三銀", "japanese", BG_PARSE_LENIENT, &m, &err), BG_OK);
    ck_assert_int_eq(bg_move_parse(p, "4三銀生", "japanese", BG_PARSE_LENIENT, &m, &err), BG_OK);
    ck_assert_int_eq(bg_move_parse(p, "５四銀(54)", "kif", 0, &m, &err), BG_E_ILLEGAL_MOVE);
    bg_position_free(p);
    /* A forced promotion is written 成. */
    p = make_pos("shogi", "bP12 bK59 wK91", 'b', NULL);
    expect_jp(p, "1b1a+", "▲1一歩成");
    bg_position_free(p);
}
END_TEST

START_TEST(parse_forms)
{
    bg_position *p = make_pos("shogi", "bG92 bG72 bK59 wK51", 'b', NULL);
    bg_move m, want;
    bg_error err = BG_ERROR_INIT;
    ck_assert_int_eq(bg_move_parse(p, "9b8a", "usi", 0, &want, NULL), BG_OK);
    /* Digits in any width, kanji files, ☗, 龍/竜 and 王/玉 are free. */
    const char *ok[] = {"▲8一金左", "▲８一金左", "☗8一金左", "8一金左", "▲八一金左"};
    for (int i = 0; i < 5; i++) {
        ck_assert_msg(bg_move_parse(p, ok[i], "japanese", 0, &m, &err) == BG_OK && m == want,
                      "%s: %s", ok[i], err.message);
    }
    /* Missing modifier: ambiguous; the wrong side's mark: illegal; garbage: parse error at its offset. */
    ck_assert_int_eq(bg_move_parse(p, "▲8一金", "japanese", BG_PARSE_LENIENT, &m, &err),
                     BG_E_AMBIGUOUS_MOVE);
    ck_assert_int_eq(bg_move_parse(p, "△8一金左", "japanese", 0, &m, &err), BG_E_ILLEGAL_MOVE);
    ck_assert_int_eq(bg_move_parse(p, "▲8一X", "japanese", 0, &m, &err), BG_E_PARSE);
    ck_assert_int_eq((int)err.offset, 3 + 1 + 3);
    ck_assert_int_eq(bg_move_parse(p, "▲0一金", "japanese", 0, &m, &err), BG_E_PARSE);
    ck_assert_int_eq(bg_move_parse(p, "同金", "japanese", 0, &m, &err), BG_E_PARSE);
    ck_assert_ptr_nonnull(strstr(err.message, "同"));
    /* Redundant modifiers: strict refuses, lenient takes them when they are true. */
    ck_assert_int_eq(bg_move_parse(p, "▲8一金左上", "japanese", 0, &m, &err), BG_E_PARSE);
    ck_assert_int_eq(bg_move_parse(p, "▲8一金左上", "japanese", BG_PARSE_LENIENT, &m, &err), BG_OK);
    ck_assert_int_eq(m, want);
    ck_assert_int_eq(bg_move_parse(p, "▲8一金右上", "japanese", BG_PARSE_LENIENT, &m, &err) == BG_OK &&
                         m == want,
                     0);
    /* KIF in any style when lenient. */
    ck_assert_int_eq(bg_move_parse(p, "８一金(92)", "japanese", BG_PARSE_LENIENT, &m, &err), BG_OK);
    ck_assert_int_eq(m, want);
    bg_position_free(p);
}
END_TEST

/* ---------- CSA and Western ---------- */

START_TEST(csa_and_western)
{
    bg_position *p = NULL;
    const bg_variant *v = bg_variant_find("shogi");
    ck_assert_int_eq(bg_position_new(&p, v, NULL, NULL, NULL), BG_OK);
    expect(p, "7g7f", "csa", "+7776FU");
    expect(p, "7g7f", "western", "P-7f");
    expect(p, "6i7h", "western", "G-7h");
    expect(p, "6i5h", "western", "G6i-5h");
    expect(p, "4i5h", "western", "G4i-5h");
    bg_move m;
    bg_error err = BG_ERROR_INIT;
    ck_assert_int_eq(bg_move_parse(p, "7776FU", "csa", 0, &m, &err), BG_OK);
    ck_assert_int_eq(bg_move_parse(p, "-3334FU", "csa", 0, &m, &err), BG_E_ILLEGAL_MOVE);
    ck_assert_int_eq(bg_move_parse(p, "+7776KY", "csa", 0, &m, &err), BG_E_ILLEGAL_MOVE);
    ck_assert_int_eq(bg_move_parse(p, "+7776XX", "csa", 0, &m, &err), BG_E_PARSE);
    ck_assert_int_eq((int)err.offset, 5);
    ck_assert_int_eq(bg_move_parse(p, "G-5h", "western", 0, &m, &err), BG_E_AMBIGUOUS_MOVE);
    ck_assert_int_eq(bg_move_parse(p, "G-5h", "western", BG_PARSE_LENIENT, &m, &err),
                     BG_E_AMBIGUOUS_MOVE);
    ck_assert_int_eq(bg_move_parse(p, "G6i-7h", "western", 0, &m, &err), BG_E_PARSE);
    ck_assert_int_eq(bg_move_parse(p, "G6i-7h", "western", BG_PARSE_LENIENT, &m, &err), BG_OK);
    ck_assert_int_eq(bg_move_parse(p, "P-7f=", "western", 0, &m, &err), BG_E_PARSE);
    ck_assert_int_eq(bg_move_parse(p, "p7f", "western", BG_PARSE_LENIENT, &m, &err), BG_OK);
    bg_position_free(p);
    /* Captures, drops, promotion and its refusal. */
    p = make_pos("shogi", "bS34 wP23 wG22 bK59 wK51", 'b', "N");
    expect(p, "3d2c+", "western", "Sx2c+");
    expect(p, "3d2c", "western", "Sx2c=");
    expect(p, "N*4e", "western", "N*4e");
    expect(p, "3d2c+", "csa", "+3423NG");
    expect(p, "N*4e", "csa", "+0045KE");
    expect(p, "3d2c+", "kif", "２三銀成(34)");
    expect_jp(p, "N*4e", "▲4五桂");
    bg_position_free(p);
    /* Promoted pieces: +R, the horse +B. */
    p = make_pos("shogi", "b+R28 b+B99 bK59 wK51", 'b', NULL);
    expect(p, "2h2b", "western", "+R-2b");
    expect(p, "2h2b", "csa", "+2822RY");
    expect(p, "9i5e", "western", "+B-5e");
    bg_position_free(p);
}
END_TEST

/* ---------- Tori, minishogi, Sho, old shogi ---------- */

START_TEST(family_names)
{
    const bg_variant *tori = bg_variant_find("torishogi");
    bg_position *p = NULL;
    ck_assert_int_eq(bg_position_new(&p, tori, NULL, NULL, NULL), BG_OK);
    expect(p, "3d3c", "western", "Swx3c");
    expect(p, "4g3f", "western", "Ph-3f");
    expect(p, "3d3c", "japanese", "▲3三燕");
    expect(p, "4g3f", "japanese", "▲3六鵬");
    expect(p, "4g3f", "ki2", "▲３六鵬");
    expect(p, "4g3f", "kif", "３六鵬(47)");
    bg_position_free(p);
    /* A swallow promotes on the last two ranks (compulsory): Sw-5b+, 燕成; falcon drop Fa*4d. */
    p = make_pos("torishogi", "bS53 bL17 bK47 wK41", 'b', "F");
    expect(p, "5c5b+", "western", "Sw-5b+");
    expect(p, "5c5b+", "japanese", "▲5二燕成");
    expect(p, "F*4d", "western", "Fa*4d");
    expect(p, "F*4d", "japanese", "▲4四鷹");
    expect(p, "1g1d", "western", "Lq-1d");
    expect(p, "1g1d", "japanese", "▲1四左鶉");
    bg_position_free(p);
    p = make_pos("torishogi", "b+S53 b+F33 bK47 wK41", 'b', NULL);
    expect(p, "5c3a", "western", "Gs-3a");
    expect(p, "5c3a", "japanese", "▲3一雁");
    expect(p, "3c3b", "japanese", "▲3二雕");
    expect(p, "3c3b", "western", "Eg-3b");
    bg_position_free(p);
    /* Minishogi: 5x5 squares. */
    ck_assert_int_eq(bg_position_new(&p, bg_variant_find("minishogi"), NULL, NULL, NULL), BG_OK);
    expect(p, "5e4d", "japanese", "▲4四玉");
    expect(p, "2e3d", "csa", "+2534KA");
    expect(p, "1e1b", "western", "Rx1b");
    expect(p, "1e1b", "kif", "１二飛(15)");
    bg_position_free(p);
    /* Sho shogi: the drunk elephant 酔象 (DE) and the crown prince 太子 (CP). */
    ck_assert_int_eq(bg_position_new(&p, bg_variant_find("shoshogi"), NULL, NULL, NULL), BG_OK);
    expect(p, "5h4h", "japanese", "▲4八酔象");
    expect(p, "5h4h", "western", "DE-4h");
    bg_position_free(p);
    p = make_pos("shoshogi", "bE53 bK59 wK91", 'b', NULL);
    expect(p, "5c5b+", "japanese", "▲5二酔象成");
    expect(p, "5c5b+", "western", "DE-5b+");
    expect(p, "5c5b", "western", "DE-5b=");
    bg_position_free(p);
    p = make_pos("shoshogi", "b+E53 bK59 wK91", 'b', NULL);
    expect(p, "5c5b", "japanese", "▲5二太子");
    expect(p, "5c5b", "western", "CP-5b");
    bg_position_free(p);
    /* Old shogi: promotion compulsory by default (成 always), optional with the option. */
    ck_assert_int_eq(bg_position_from_text(&p, bg_variant_find("heianshogi"),
                                           "4k4/9/9/4P4/9/9/9/9/4K4 b - 1", NULL, NULL, 0, NULL,
                                           NULL),
                     BG_OK);
    expect(p, "5d5c+", "japanese", "▲5三歩成");
    expect(p, "5d5c+", "western", "P-5c+");
    bg_position_free(p);
    ck_assert_int_eq(bg_position_from_text(&p, bg_variant_find("heianshogi"),
                                           "4k4/9/9/4P4/9/9/9/9/4K4 b - 1", NULL,
                                           "promotion=optional", 0, NULL, NULL),
                     BG_OK);
    expect(p, "5d5c+", "japanese", "▲5三歩成");
    expect(p, "5d5c", "japanese", "▲5三歩不成");
    expect(p, "5d5c", "western", "P-5c=");
    bg_position_free(p);
    /* CSA is not offered where it has no piece codes. */
    char buf[32];
    ck_assert_int_eq(bg_position_new(&p, tori, NULL, NULL, NULL), BG_OK);
    bg_move m;
    ck_assert_int_eq(bg_move_parse(p, "3d3c", "usi", 0, &m, NULL), BG_OK);
    ck_assert_int_eq(bg_move_format(p, m, "csa", buf, sizeof buf), BG_E_UNSUPPORTED);
    bg_position_free(p);
}
END_TEST

int main(void)
{
    TCase *tc = one_case("shoginotation-vectors", "vectors", -1);
    tcase_add_loop_test(tc, jsa_examples, 0, (int)(sizeof jsa / sizeof jsa[0]));
    tcase_add_loop_test(tc, jsa_dragons_horses, 0, (int)(sizeof pairs / sizeof pairs[0]));
    ADD_TESTS(tc, drop_and_promotion, parse_forms, csa_and_western, family_names);
    return run_cases();
}
