/* Metadata of every variant: piece texts per form and side, notation letters, royal / promotion facts, side texts and colours, square names, regions. */
#define BG_EXPERIMENTAL
#include <boardgames/boardgames.h>
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check_main.h"

static const bg_variant *var(const char *id)
{
    const bg_variant *v = bg_variant_find(id);
    ck_assert_ptr_nonnull(v);
    return v;
}

/* Kind number of an English piece name. */
static int kind_of(const bg_variant *v, const char *name)
{
    for (int k = 1; k <= bg_variant_piece_kinds(v); k++)
        if (!strcmp(bg_variant_piece_name(v, k), name))
            return k;
    ck_abort_msg("%s has no %s", bg_variant_id(v), name);
    return 0;
}

#define TEXT(v, name, side, form) bg_variant_piece_text(v, kind_of(v, name), side, form)

START_TEST(every_kind_has_every_text)
{
    for (int i = 0; i < bg_variant_count(); i++) {
        const bg_variant *v = bg_variant_at(i);
        for (int k = 1; k <= bg_variant_piece_kinds(v); k++)
            for (int side = 0; side < bg_variant_sides(v); side++)
                for (int form = BG_TEXT_ENGLISH; form <= BG_TEXT_READING; form++) {
                    const char *t = bg_variant_piece_text(v, k, side, form);
                    ck_assert_msg(t != NULL, "%s kind %d side %d form %d", bg_variant_id(v), k,
                                  side, form);
                    if (form != BG_TEXT_READING)
                        ck_assert_msg(t[0], "%s kind %d form %d empty", bg_variant_id(v), k, form);
                }
        for (int side = 0; side < bg_variant_sides(v); side++) {
            const char *c = bg_variant_side_color(v, side);
            ck_assert_msg(c && strlen(c) == 7 && c[0] == '#', "%s side %d colour", bg_variant_id(v), side);
            for (int form = BG_TEXT_ENGLISH; form <= BG_TEXT_READING; form++)
                ck_assert_ptr_nonnull(bg_variant_side_text(v, side, form));
        }
        /* Out of range. */
        ck_assert_ptr_null(bg_variant_piece_text(v, 0, 0, BG_TEXT_NATIVE));
        ck_assert_ptr_null(bg_variant_piece_text(v, bg_variant_piece_kinds(v) + 1, 0, 0));
        ck_assert_ptr_null(bg_variant_piece_text(v, 1, -1, 0));
        ck_assert_ptr_null(bg_variant_piece_text(v, 1, 0, 4));
        ck_assert_ptr_null(bg_variant_side_text(v, 0, -1));
        ck_assert_ptr_null(bg_variant_side_color(v, -1));
        ck_assert_int_eq(bg_variant_piece_is_royal(v, 0), 0);
        ck_assert_int_eq(bg_variant_piece_base(v, 99), 0);
    }
    ck_assert_ptr_null(bg_variant_piece_text(NULL, 1, 0, 0));
    ck_assert_ptr_null(bg_variant_side_color(NULL, 0));
    ck_assert_int_eq(bg_variant_on_points(NULL), 0);
}
END_TEST

START_TEST(chess_pieces)
{
    const bg_variant *v = var("chess");
    ck_assert_str_eq(TEXT(v, "knight", 0, BG_TEXT_SYMBOL), "♘");
    ck_assert_str_eq(TEXT(v, "knight", 1, BG_TEXT_SYMBOL), "♞");
    ck_assert_str_eq(TEXT(v, "king", 1, BG_TEXT_SYMBOL), "♚");
    ck_assert_str_eq(TEXT(v, "queen", 0, BG_TEXT_ENGLISH), "queen");
    ck_assert_str_eq(TEXT(v, "queen", 0, BG_TEXT_NATIVE), "queen");
    ck_assert_str_eq(TEXT(v, "queen", 0, BG_TEXT_READING), "");
    ck_assert_int_eq(bg_variant_piece_is_royal(v, kind_of(v, "king")), 1);
    ck_assert_int_eq(bg_variant_piece_is_royal(v, kind_of(v, "queen")), 0);
    const uint64_t pawn = bg_variant_piece_promotions(v, kind_of(v, "pawn"));
    ck_assert_uint_eq(pawn, (1u << kind_of(v, "knight")) | (1u << kind_of(v, "bishop")) |
                                (1u << kind_of(v, "rook")) | (1u << kind_of(v, "queen")));
    ck_assert_uint_eq(bg_variant_piece_promotions(v, kind_of(v, "rook")), 0);
    ck_assert_int_eq(bg_variant_piece_base(v, kind_of(v, "queen")), kind_of(v, "queen"));
    ck_assert_str_eq(bg_variant_piece_notation(v, kind_of(v, "knight"), 0, "san"), "N");
    ck_assert_str_eq(bg_variant_piece_notation(v, kind_of(v, "pawn"), 0, "san"), "");
    ck_assert_str_eq(bg_variant_piece_notation(v, kind_of(v, "pawn"), 1, "fen"), "P");
    ck_assert_ptr_null(bg_variant_piece_notation(v, 1, 0, "uci"));
    ck_assert_ptr_null(bg_variant_piece_notation(v, 1, 0, "wxf"));
    ck_assert_ptr_null(bg_variant_piece_notation(v, 1, 0, NULL));
    ck_assert_str_eq(bg_variant_side_text(v, 0, BG_TEXT_ENGLISH), "White");
    ck_assert_str_eq(bg_variant_side_color(v, 1), "#000000");
    ck_assert_ptr_null(bg_variant_side_text(v, 2, BG_TEXT_ENGLISH)); /* no neutral side */
    ck_assert_int_eq(bg_variant_on_points(v), 0);
}
END_TEST

START_TEST(xiangqi_pieces)
{
    const bg_variant *v = var("xiangqi");
    ck_assert_str_eq(TEXT(v, "chariot", 0, BG_TEXT_NATIVE), "俥");
    ck_assert_str_eq(TEXT(v, "chariot", 1, BG_TEXT_NATIVE), "車");
    ck_assert_str_eq(TEXT(v, "horse", 0, BG_TEXT_SYMBOL), "傌");
    ck_assert_str_eq(TEXT(v, "horse", 1, BG_TEXT_SYMBOL), "馬");
    ck_assert_str_eq(TEXT(v, "cannon", 0, BG_TEXT_SYMBOL), "炮");
    ck_assert_str_eq(TEXT(v, "cannon", 1, BG_TEXT_SYMBOL), "砲");
    ck_assert_str_eq(TEXT(v, "general", 0, BG_TEXT_SYMBOL), "帥");
    ck_assert_str_eq(TEXT(v, "general", 1, BG_TEXT_SYMBOL), "將");
    ck_assert_str_eq(TEXT(v, "soldier", 1, BG_TEXT_SYMBOL), "卒");
    ck_assert_str_eq(TEXT(v, "chariot", 0, BG_TEXT_READING), "jū");
    ck_assert_int_eq(bg_variant_piece_is_royal(v, kind_of(v, "general")), 1);
    ck_assert_str_eq(bg_variant_piece_notation(v, kind_of(v, "horse"), 0, "wxf"), "H");
    ck_assert_str_eq(bg_variant_piece_notation(v, kind_of(v, "elephant"), 0, "wxf"), "E");
    ck_assert_str_eq(bg_variant_piece_notation(v, kind_of(v, "elephant"), 0, "chinese"), "相");
    ck_assert_str_eq(bg_variant_piece_notation(v, kind_of(v, "elephant"), 1, "chinese"), "象");
    ck_assert_str_eq(bg_variant_piece_notation(v, kind_of(v, "chariot"), 0, "chinese"), "車");
    ck_assert_ptr_null(bg_variant_piece_notation(v, 1, 0, "iccs"));
    ck_assert_str_eq(bg_variant_side_text(v, 0, BG_TEXT_NATIVE), "紅方");
    ck_assert_str_eq(bg_variant_side_text(v, 1, BG_TEXT_SYMBOL), "黑");
    ck_assert_str_eq(bg_variant_side_color(v, 0), "#c8102e");
    ck_assert_int_eq(bg_variant_on_points(v), 1);
    const bg_variant *l = var("lionchess");
    ck_assert_str_eq(TEXT(l, "lion", 0, BG_TEXT_SYMBOL), "獅");
    ck_assert_str_eq(TEXT(l, "lion", 1, BG_TEXT_NATIVE), "獅");
    ck_assert_str_eq(bg_variant_piece_notation(l, kind_of(l, "lion"), 0, "wxf"), "L");
}
END_TEST

START_TEST(janggi_pieces)
{
    const bg_variant *v = var("janggi");
    ck_assert_str_eq(TEXT(v, "chariot", 0, BG_TEXT_NATIVE), "車");
    ck_assert_str_eq(TEXT(v, "chariot", 1, BG_TEXT_READING), "차");
    ck_assert_str_eq(TEXT(v, "general", 0, BG_TEXT_SYMBOL), "楚");
    ck_assert_str_eq(TEXT(v, "general", 1, BG_TEXT_SYMBOL), "漢");
    ck_assert_str_eq(TEXT(v, "general", 1, BG_TEXT_NATIVE), "將");
    ck_assert_str_eq(TEXT(v, "cannon", 0, BG_TEXT_SYMBOL), "包");
    ck_assert_str_eq(TEXT(v, "soldier", 0, BG_TEXT_SYMBOL), "卒");
    ck_assert_str_eq(TEXT(v, "soldier", 1, BG_TEXT_SYMBOL), "兵");
    ck_assert_str_eq(TEXT(v, "soldier", 1, BG_TEXT_READING), "병");
    ck_assert_str_eq(bg_variant_piece_notation(v, kind_of(v, "chariot"), 0, "korean"), "차");
    ck_assert_str_eq(bg_variant_piece_notation(v, kind_of(v, "soldier"), 0, "korean"), "졸");
    ck_assert_str_eq(bg_variant_piece_notation(v, kind_of(v, "soldier"), 1, "korean"), "병");
    ck_assert_str_eq(bg_variant_side_text(v, 0, BG_TEXT_ENGLISH), "Cho");
    ck_assert_str_eq(bg_variant_side_text(v, 1, BG_TEXT_NATIVE), "漢");
    ck_assert_str_eq(bg_variant_side_text(v, 0, BG_TEXT_READING), "초");
    ck_assert_str_eq(bg_variant_side_color(v, 1), "#c8102e");
}
END_TEST

START_TEST(shogi_pieces)
{
    const bg_variant *v = var("shogi");
    ck_assert_str_eq(TEXT(v, "rook", 0, BG_TEXT_NATIVE), "飛車");
    ck_assert_str_eq(TEXT(v, "rook", 0, BG_TEXT_SYMBOL), "飛");
    ck_assert_str_eq(TEXT(v, "dragon", 0, BG_TEXT_NATIVE), "龍王");
    ck_assert_str_eq(TEXT(v, "dragon", 1, BG_TEXT_SYMBOL), "龍");
    ck_assert_str_eq(TEXT(v, "horse", 0, BG_TEXT_NATIVE), "龍馬");
    ck_assert_str_eq(TEXT(v, "king", 0, BG_TEXT_NATIVE), "玉將");
    ck_assert_str_eq(TEXT(v, "king", 1, BG_TEXT_NATIVE), "王將");
    ck_assert_str_eq(TEXT(v, "promoted lance", 0, BG_TEXT_SYMBOL), "杏");
    ck_assert_str_eq(TEXT(v, "tokin", 0, BG_TEXT_SYMBOL), "と");
    ck_assert_str_eq(TEXT(v, "rook", 0, BG_TEXT_READING), "ひしゃ");
    const int rook = kind_of(v, "rook"), dragon = kind_of(v, "dragon");
    ck_assert_uint_eq(bg_variant_piece_promotions(v, rook), 1u << dragon);
    ck_assert_int_eq(bg_variant_piece_base(v, dragon), rook);
    ck_assert_int_eq(bg_variant_piece_base(v, rook), rook);
    ck_assert_uint_eq(bg_variant_piece_promotions(v, kind_of(v, "gold")), 0);
    ck_assert_int_eq(bg_variant_piece_is_royal(v, kind_of(v, "king")), 1);
    ck_assert_int_eq(bg_variant_piece_is_royal(v, kind_of(v, "gold")), 0);
    ck_assert_str_eq(bg_variant_piece_notation(v, kind_of(v, "pawn"), 0, "csa"), "FU");
    ck_assert_str_eq(bg_variant_piece_notation(v, kind_of(v, "tokin"), 1, "csa"), "TO");
    ck_assert_str_eq(bg_variant_piece_notation(v, dragon, 0, "japanese"), "竜");
    ck_assert_str_eq(bg_variant_piece_notation(v, dragon, 0, "kif"), "龍");
    ck_assert_str_eq(bg_variant_piece_notation(v, dragon, 0, "usi"), "+R");
    ck_assert_str_eq(bg_variant_piece_notation(v, kind_of(v, "knight"), 0, "western"), "N");
    ck_assert_str_eq(bg_variant_piece_notation(v, dragon, 0, "sfen"), "+R");
    ck_assert_str_eq(bg_variant_side_text(v, 0, BG_TEXT_NATIVE), "先手");
    ck_assert_str_eq(bg_variant_side_text(v, 1, BG_TEXT_SYMBOL), "△");
    ck_assert_str_eq(bg_variant_side_text(v, 0, BG_TEXT_ENGLISH), "Sente");

    const bg_variant *sho = var("shoshogi");
    ck_assert_str_eq(TEXT(sho, "drunk elephant", 0, BG_TEXT_NATIVE), "醉象");
    ck_assert_str_eq(TEXT(sho, "crown prince", 0, BG_TEXT_NATIVE), "太子");
    ck_assert_int_eq(bg_variant_piece_is_royal(sho, kind_of(sho, "crown prince")), 1);
    ck_assert_int_eq(bg_variant_piece_base(sho, kind_of(sho, "crown prince")),
                     kind_of(sho, "drunk elephant"));
    ck_assert_ptr_null(bg_variant_piece_notation(sho, 1, 0, "csa")); /* Sho shogi has no CSA */

    const bg_variant *t = var("torishogi");
    static const char *const tori[][2] = {
        {"phoenix", "鵬"}, {"crane", "鶴"}, {"pheasant", "雉"}, {"left quail", "鶉"},
        {"right quail", "鶉"}, {"falcon", "鷹"}, {"eagle", "鵰"}, {"swallow", "燕"}, {"goose", "鴈"},
    };
    for (size_t i = 0; i < sizeof tori / sizeof tori[0]; i++)
        ck_assert_str_eq(TEXT(t, tori[i][0], 0, BG_TEXT_SYMBOL), tori[i][1]);
    ck_assert_str_eq(TEXT(t, "left quail", 0, BG_TEXT_NATIVE), "左鶉");
    ck_assert_str_eq(TEXT(t, "right quail", 1, BG_TEXT_NATIVE), "右鶉");
    ck_assert_int_eq(bg_variant_piece_base(t, kind_of(t, "eagle")), kind_of(t, "falcon"));
    ck_assert_uint_eq(bg_variant_piece_promotions(t, kind_of(t, "swallow")), 1u << kind_of(t, "goose"));
    ck_assert_str_eq(bg_variant_piece_notation(t, kind_of(t, "swallow"), 0, "western"), "Sw");

    const bg_variant *m = var("minishogi");
    ck_assert_int_eq(bg_variant_piece_base(m, kind_of(m, "dragon")), kind_of(m, "rook"));
    const bg_variant *h = var("heianshogi");
    ck_assert_int_eq(bg_variant_on_points(h), 1);
    ck_assert_int_eq(bg_variant_on_points(v), 0);
    ck_assert_uint_eq(bg_variant_piece_promotions(h, kind_of(h, "silver")),
                      1u << kind_of(h, "promoted silver"));
}
END_TEST

START_TEST(sevenkingdoms_pieces)
{
    const bg_variant *v = var("sevenkingdoms");
    static const char *const kingdoms[] = {"秦", "韓", "楚", "魏", "齊", "燕", "趙"};
    const int general = kind_of(v, "general"), zhou = kind_of(v, "zhou");
    for (int k = 0; k < 7; k++) {
        ck_assert_str_eq(bg_variant_piece_text(v, general, k, BG_TEXT_SYMBOL), kingdoms[k]);
        ck_assert_str_eq(bg_variant_piece_text(v, general, k, BG_TEXT_NATIVE), "將");
        ck_assert_str_eq(bg_variant_side_text(v, k, BG_TEXT_NATIVE), kingdoms[k]);
    }
    ck_assert_str_eq(TEXT(v, "envoy", 3, BG_TEXT_NATIVE), "行人");
    ck_assert_str_eq(TEXT(v, "horse", 3, BG_TEXT_SYMBOL), "騎");
    ck_assert_str_eq(TEXT(v, "deputy", 0, BG_TEXT_SYMBOL), "偏");
    ck_assert_str_eq(TEXT(v, "lieutenant", 0, BG_TEXT_SYMBOL), "裨");
    ck_assert_str_eq(bg_variant_piece_text(v, zhou, 7, BG_TEXT_SYMBOL), "周"); /* the neutral side */
    ck_assert_ptr_null(bg_variant_piece_text(v, zhou, 8, BG_TEXT_SYMBOL));
    ck_assert_str_eq(bg_variant_side_text(v, 7, BG_TEXT_ENGLISH), "Zhou");
    ck_assert_str_eq(bg_variant_side_color(v, 0), "#f2efe6"); /* 秦白 */
    ck_assert_str_eq(bg_variant_side_color(v, 2), "#c8102e"); /* 楚赤 */
    ck_assert_str_eq(bg_variant_side_color(v, 6), "#7b3fa0"); /* 趙紫 */
    ck_assert_str_eq(bg_variant_side_color(v, 7), "#e0b000"); /* 周黃 */
    ck_assert_int_eq(bg_variant_piece_is_royal(v, general), 1);
    ck_assert_str_eq(bg_variant_piece_notation(v, general, 0, "fen"), "G");
}
END_TEST

static const char *name(const bg_variant *v, int sq, const char *notation, char *buf, size_t cap)
{
    int n = bg_variant_square_name(v, sq, notation, buf, cap);
    ck_assert_int_ge(n, 0);
    ck_assert_int_eq((size_t)n, strlen(buf));
    ck_assert_int_eq(bg_variant_square_parse(v, buf, notation), sq);
    return buf;
}

START_TEST(square_names)
{
    char b[32];
    const bg_variant *c = var("chess"), *x = var("xiangqi"), *j = var("janggi"), *s = var("shogi");
    const bg_variant *sk = var("sevenkingdoms"), *t = var("torishogi"), *l = var("lionchess");
    ck_assert_str_eq(name(c, bg_square(c, 4, 3), NULL, b, sizeof b), "e4");
    ck_assert_str_eq(name(c, bg_square(c, 4, 3), "san", b, sizeof b), "e4");
    ck_assert_str_eq(name(x, bg_square(x, 4, 1), NULL, b, sizeof b), "e2");
    ck_assert_str_eq(name(x, bg_square(x, 4, 1), "iccs", b, sizeof b), "e1");
    ck_assert_str_eq(name(x, bg_square(x, 0, 9), "uci", b, sizeof b), "a10");
    ck_assert_str_eq(name(l, bg_square(l, 10, 9), NULL, b, sizeof b), "k10");
    ck_assert_int_eq(bg_variant_square_name(x, 0, "wxf", b, sizeof b), BG_E_UNSUPPORTED);
    ck_assert_int_eq(bg_variant_square_name(x, 0, "chinese", b, sizeof b), BG_E_UNSUPPORTED);
    ck_assert_int_eq(bg_variant_square_name(x, 0, "usi", b, sizeof b), BG_E_UNSUPPORTED);
    /* Shogi 7g: file 7 counted from sente's right, rank g from gote's side. */
    const int sq7g = bg_square(s, 2, 2);
    ck_assert_str_eq(name(s, sq7g, NULL, b, sizeof b), "7g");
    ck_assert_str_eq(name(s, sq7g, "usi", b, sizeof b), "7g");
    ck_assert_str_eq(name(s, sq7g, "uci", b, sizeof b), "7g");
    ck_assert_str_eq(name(s, sq7g, "western", b, sizeof b), "7g");
    ck_assert_str_eq(name(s, sq7g, "csa", b, sizeof b), "77");
    ck_assert_str_eq(name(s, sq7g, "japanese", b, sizeof b), "７七");
    ck_assert_str_eq(name(s, sq7g, "kif", b, sizeof b), "７七");
    ck_assert_str_eq(name(s, bg_square(s, 0, 8), NULL, b, sizeof b), "9a");
    ck_assert_str_eq(name(s, bg_square(s, 8, 0), "japanese", b, sizeof b), "１九");
    ck_assert_str_eq(name(t, bg_square(t, 0, 0), NULL, b, sizeof b), "7g");
    /* Janggi Korean: rank from the top (0 = the tenth), then the file from Cho's left. */
    ck_assert_str_eq(name(j, bg_square(j, 8, 3), "korean", b, sizeof b), "79");
    ck_assert_str_eq(name(j, bg_square(j, 1, 0), "korean", b, sizeof b), "02");
    ck_assert_str_eq(name(j, bg_square(j, 4, 1), NULL, b, sizeof b), "e2");
    ck_assert_str_eq(name(sk, 180, NULL, b, sizeof b), "j10");
    ck_assert_str_eq(name(sk, 360, NULL, b, sizeof b), "s19");
    /* snprintf convention. */
    ck_assert_int_eq(bg_variant_square_name(sk, 360, NULL, NULL, 0), 3);
    ck_assert_int_eq(bg_variant_square_name(sk, 360, NULL, b, 2), 3);
    ck_assert_str_eq(b, "s");
    ck_assert_int_eq(bg_variant_square_name(s, sq7g, "japanese", NULL, 0), 6);
    /* Errors. */
    ck_assert_int_eq(bg_variant_square_name(c, 64, NULL, b, sizeof b), BG_E_INVALID_ARGUMENT);
    ck_assert_int_eq(bg_variant_square_name(c, -1, NULL, b, sizeof b), BG_E_INVALID_ARGUMENT);
    ck_assert_int_eq(bg_variant_square_name(NULL, 0, NULL, b, sizeof b), BG_E_INVALID_ARGUMENT);
    ck_assert_int_eq(bg_variant_square_parse(c, "e9", NULL), BG_E_PARSE);
    ck_assert_int_eq(bg_variant_square_parse(c, "E4", NULL), BG_E_PARSE);
    ck_assert_int_eq(bg_variant_square_parse(c, "e4 ", NULL), BG_E_PARSE);
    ck_assert_int_eq(bg_variant_square_parse(s, "e4", NULL), BG_E_PARSE);
    ck_assert_int_eq(bg_variant_square_parse(c, "e4", "csa"), BG_E_UNSUPPORTED);
    ck_assert_int_eq(bg_variant_square_parse(c, NULL, NULL), BG_E_INVALID_ARGUMENT);
    /* Every square of every variant reads back in every notation that names squares. */
    for (int i = 0; i < bg_variant_count(); i++) {
        const bg_variant *v = bg_variant_at(i);
        for (int n = -1; n < bg_variant_notation_count(v); n++) {
            const char *nt = n < 0 ? NULL : bg_variant_notation_at(v, n);
            for (int sq = 0; sq < bg_variant_width(v) * bg_variant_height(v); sq++) {
                int len = bg_variant_square_name(v, sq, nt, b, sizeof b);
                if (len == BG_E_UNSUPPORTED)
                    break;
                ck_assert_int_gt(len, 0);
                ck_assert_int_eq(bg_variant_square_parse(v, b, nt), sq);
            }
        }
    }
}
END_TEST

/* Squares of a region as a string of names, for comparisons. */
static const char *region_names(const bg_variant *v, int region, int side, char *out, size_t cap)
{
    int sq[400];
    int n = bg_variant_region_squares(v, region, side, sq, 400);
    ck_assert_int_ge(n, 0);
    ck_assert_int_eq(bg_variant_region_squares(v, region, side, NULL, 0), n);
    out[0] = '\0';
    for (int i = 0; i < n; i++) {
        char b[8];
        bg_variant_square_name(v, sq[i], NULL, b, sizeof b);
        ck_assert_int_eq(bg_variant_region_contains(v, region, side, sq[i]), 1);
        snprintf(out + strlen(out), cap - strlen(out), "%s%s", i ? " " : "", b);
    }
    return out;
}

static int region_count(const bg_variant *v, int region, int side)
{
    return bg_variant_region_squares(v, region, side, NULL, 0);
}

START_TEST(regions)
{
    char b[2048];
    const bg_variant *x = var("xiangqi"), *j = var("janggi"), *l = var("lionchess");
    ck_assert_str_eq(region_names(x, BG_REGION_PALACE, 0, b, sizeof b), "d1 e1 f1 d2 e2 f2 d3 e3 f3");
    ck_assert_str_eq(region_names(x, BG_REGION_PALACE, 1, b, sizeof b), "d8 e8 f8 d9 e9 f9 d10 e10 f10");
    ck_assert_str_eq(region_names(l, BG_REGION_PALACE, 0, b, sizeof b), "e1 f1 g1 e2 f2 g2 e3 f3 g3");
    ck_assert_str_eq(region_names(j, BG_REGION_PALACE, 1, b, sizeof b), "d8 e8 f8 d9 e9 f9 d10 e10 f10");
    ck_assert_int_eq(region_count(x, BG_REGION_TERRITORY, 0), 45);
    ck_assert_int_eq(bg_variant_region_contains(x, BG_REGION_TERRITORY, 0, bg_square(x, 0, 4)), 1);
    ck_assert_int_eq(bg_variant_region_contains(x, BG_REGION_TERRITORY, 0, bg_square(x, 0, 5)), 0);
    ck_assert_int_eq(bg_variant_region_contains(x, BG_REGION_TERRITORY, 1, bg_square(x, 0, 5)), 1);
    ck_assert_int_eq(region_count(l, BG_REGION_TERRITORY, 1), 55);
    ck_assert_int_eq(region_count(j, BG_REGION_TERRITORY, 0), 0); /* no river */
    ck_assert_int_eq(region_count(x, BG_REGION_PROMOTION, 0), 0);

    const bg_variant *s = var("shogi"), *t = var("torishogi"), *m = var("minishogi");
    ck_assert_int_eq(region_count(s, BG_REGION_PROMOTION, 0), 27);
    ck_assert_int_eq(bg_variant_region_contains(s, BG_REGION_PROMOTION, 0, bg_variant_square_parse(s, "1c", NULL)), 1);
    ck_assert_int_eq(bg_variant_region_contains(s, BG_REGION_PROMOTION, 0, bg_variant_square_parse(s, "1d", NULL)), 0);
    ck_assert_int_eq(bg_variant_region_contains(s, BG_REGION_PROMOTION, 1, bg_variant_square_parse(s, "9g", NULL)), 1);
    ck_assert_int_eq(region_count(t, BG_REGION_PROMOTION, 1), 14);
    ck_assert_str_eq(region_names(m, BG_REGION_PROMOTION, 0, b, sizeof b), "5a 4a 3a 2a 1a");
    ck_assert_int_eq(region_count(s, BG_REGION_PALACE, 0), 0);

    const bg_variant *c = var("chess");
    ck_assert_str_eq(region_names(c, BG_REGION_PROMOTION, 1, b, sizeof b), "a1 b1 c1 d1 e1 f1 g1 h1");

    /* Seven Kingdoms: each home is the 17 points of the army's triangle. */
    const bg_variant *sk = var("sevenkingdoms");
    ck_assert_str_eq(region_names(sk, BG_REGION_HOME, 0, b, sizeof b),
                     "a7 a8 b8 a9 b9 c9 a10 b10 c10 d10 e10 a11 b11 c11 a12 b12 a13");
    ck_assert_str_eq(region_names(sk, BG_REGION_HOME, 1, b, sizeof b),
                     "c1 d1 e1 f1 g1 h1 i1 d2 e2 f2 g2 h2 e3 f3 g3 f4 f5");
    for (int k = 0; k < 7; k++)
        ck_assert_int_eq(region_count(sk, BG_REGION_HOME, k), 17);
    /* The homes hold exactly the start position's pieces of their kingdom. */
    bg_position *pos = NULL;
    ck_assert_int_eq(bg_position_new(&pos, sk, NULL, NULL, NULL), BG_OK);
    for (int sq = 0; sq < 361; sq++) {
        bg_piece p = bg_position_piece_at(pos, sq);
        for (int k = 0; k < 7; k++)
            ck_assert_int_eq(bg_variant_region_contains(sk, BG_REGION_HOME, k, sq),
                             p != BG_PIECE_NONE && BG_PIECE_SIDE(p) == k);
    }
    bg_position_free(pos);
    /* Bad arguments. */
    ck_assert_int_eq(bg_variant_region_squares(sk, 0, 0, NULL, 0), BG_E_INVALID_ARGUMENT);
    ck_assert_int_eq(bg_variant_region_squares(sk, BG_REGION_HOME, 7, NULL, 0), BG_E_INVALID_ARGUMENT);
    ck_assert_int_eq(bg_variant_region_squares(sk, BG_REGION_HOME, 0, NULL, 5), BG_E_INVALID_ARGUMENT);
    ck_assert_int_eq(bg_variant_region_squares(NULL, BG_REGION_HOME, 0, NULL, 0), BG_E_INVALID_ARGUMENT);
    ck_assert_int_eq(bg_variant_region_contains(sk, BG_REGION_HOME, 0, 361), 0);
    ck_assert_int_eq(bg_variant_region_contains(sk, BG_REGION_HOME, 0, -1), 0);
}
END_TEST

int main(void)
{
    return RUN_TESTS("metadata", "metadata", -1, every_kind_has_every_text, chess_pieces,
                     xiangqi_pieces, janggi_pieces, shogi_pieces, sevenkingdoms_pieces,
                     square_names, regions);
}
