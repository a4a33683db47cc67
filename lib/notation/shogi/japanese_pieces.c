/* libboardgames — piece names of the shogi family in Japanese (JSA, KIF boards), CSA codes and Western letters, and number words. */
#include <string.h>

#include "japanese.h"

/*
** Kinds are the variants' public kind numbers (lib/games/shogi/shogi_variant.c). Sho shogi's
** drunk elephant 酔象 and crown prince 太子 are Western DE / CP as in Chu shogi's notation; Tori's
** birds are written with the Western Tori letters and their kanji (the quails as 左鶉 / 右鶉, on
** a board 左 / 右).
*/
static const jp_piece shogi_pieces[] = {
    {0},
    {"歩", "歩", "歩", "FU", "P", 1, 9, 0},
    {"香", "香", "香", "KY", "L", 2, 10, 0},
    {"桂", "桂", "桂", "KE", "N", 3, 11, 0},
    {"銀", "銀", "銀", "GI", "S", 4, 12, 0},
    {"金", "金", "金", "KI", "G", 5, 0, 0},
    {"角", "角", "角", "KA", "B", 6, 13, 0},
    {"飛", "飛", "飛", "HI", "R", 7, 14, 0},
    {"玉", "玉", "玉", "OU", "K", 8, 0, 0},
    {"と", "と", "と", "TO", "+P", 1, 0, 0},
    {"成香", "成香", "杏", "NY", "+L", 2, 0, 0},
    {"成桂", "成桂", "圭", "NK", "+N", 3, 0, 0},
    {"成銀", "成銀", "全", "NG", "+S", 4, 0, 0},
    {"馬", "馬", "馬", "UM", "+B", 6, 0, 1},
    {"竜", "龍", "龍", "RY", "+R", 7, 0, 1},
    {"酔象", "酔象", "象", NULL, "DE", 15, 16, 0},
    {"太子", "太子", "太", NULL, "CP", 15, 0, 0},
};
static const jp_alias shogi_aliases[] = {
    {"王", 8}, {"龍", 14}, {"竜", 14}, {"杏", 10}, {"圭", 11}, {"全", 12}, {"成歩", 9},
    {"醉象", 15}, {"象", 15}, {"太", 16}, {NULL, 0},
};
static const unsigned char shogi_hand[] = {7, 6, 5, 4, 3, 2, 1, 0};

static const jp_piece heian_pieces[] = {
    {0},
    {"歩", "歩", "歩", "FU", "P", 1, 7, 0},
    {"香", "香", "香", "KY", "L", 2, 8, 0},
    {"桂", "桂", "桂", "KE", "N", 3, 9, 0},
    {"銀", "銀", "銀", "GI", "S", 4, 10, 0},
    {"金", "金", "金", "KI", "G", 5, 0, 0},
    {"玉", "玉", "玉", "OU", "K", 6, 0, 0},
    {"と", "と", "と", "TO", "+P", 1, 0, 0},
    {"成香", "成香", "杏", "NY", "+L", 2, 0, 0},
    {"成桂", "成桂", "圭", "NK", "+N", 3, 0, 0},
    {"成銀", "成銀", "全", "NG", "+S", 4, 0, 0},
};
static const jp_alias heian_aliases[] = {
    {"王", 6}, {"杏", 8}, {"圭", 9}, {"全", 10}, {"成歩", 7}, {NULL, 0},
};
static const unsigned char heian_hand[] = {5, 4, 3, 2, 1, 0};

static const jp_piece mini_pieces[] = {
    {0},
    {"歩", "歩", "歩", "FU", "P", 1, 7, 0},
    {"銀", "銀", "銀", "GI", "S", 2, 8, 0},
    {"金", "金", "金", "KI", "G", 3, 0, 0},
    {"角", "角", "角", "KA", "B", 4, 9, 0},
    {"飛", "飛", "飛", "HI", "R", 5, 10, 0},
    {"玉", "玉", "玉", "OU", "K", 6, 0, 0},
    {"と", "と", "と", "TO", "+P", 1, 0, 0},
    {"成銀", "成銀", "全", "NG", "+S", 2, 0, 0},
    {"馬", "馬", "馬", "UM", "+B", 4, 0, 1},
    {"竜", "龍", "龍", "RY", "+R", 5, 0, 1},
};
static const jp_alias mini_aliases[] = {
    {"王", 6}, {"龍", 10}, {"竜", 10}, {"全", 8}, {"成歩", 7}, {NULL, 0},
};
static const unsigned char mini_hand[] = {5, 4, 3, 2, 1, 0};

static const jp_piece tori_pieces[] = {
    {0},
    {"燕", "燕", "燕", NULL, "Sw", 1, 8, 0},
    {"鷹", "鷹", "鷹", NULL, "Fa", 2, 9, 0},
    {"鶴", "鶴", "鶴", NULL, "Cr", 3, 0, 0},
    {"雉", "雉", "雉", NULL, "Pt", 4, 0, 0},
    {"左鶉", "左鶉", "左", NULL, "Lq", 5, 0, 0},
    {"右鶉", "右鶉", "右", NULL, "Rq", 6, 0, 0},
    {"鵬", "鵬", "鵬", NULL, "Ph", 7, 0, 0},
    {"雁", "雁", "雁", NULL, "Gs", 1, 0, 0},
    {"雕", "雕", "雕", NULL, "Eg", 2, 0, 0},
};
static const jp_alias tori_aliases[] = {{"鵰", 9}, {NULL, 0}};
static const unsigned char tori_hand[] = {2, 3, 4, 5, 6, 1, 0};

static const jp_piece judkins_pieces[] = {
    {0},
    {"歩", "歩", "歩", "FU", "P", 1, 8, 0},
    {"桂", "桂", "桂", "KE", "N", 2, 9, 0},
    {"銀", "銀", "銀", "GI", "S", 3, 10, 0},
    {"金", "金", "金", "KI", "G", 4, 0, 0},
    {"角", "角", "角", "KA", "B", 5, 11, 0},
    {"飛", "飛", "飛", "HI", "R", 6, 12, 0},
    {"玉", "玉", "玉", "OU", "K", 7, 0, 0},
    {"と", "と", "と", "TO", "+P", 1, 0, 0},
    {"成桂", "成桂", "圭", "NK", "+N", 2, 0, 0},
    {"成銀", "成銀", "全", "NG", "+S", 3, 0, 0},
    {"馬", "馬", "馬", "UM", "+B", 5, 0, 1},
    {"竜", "龍", "龍", "RY", "+R", 6, 0, 1},
};
static const jp_alias judkins_aliases[] = {
    {"王", 7}, {"龍", 12}, {"竜", 12}, {"圭", 9}, {"全", 10}, {"成歩", 8}, {NULL, 0},
};
static const unsigned char judkins_hand[] = {6, 5, 4, 3, 2, 1, 0};

/*
** Micro shogi (五分摩訶将棋): each piece is named by the face it shows; `promoted` is its other
** face. Western letters are the faces' own (T for the tokin), since every kind is one face.
*/
static const jp_piece micro_pieces[] = {
    {0},
    {"歩", "歩", "歩", "FU", "P", 1, 6, 0},
    {"香", "香", "香", "KY", "L", 2, 7, 0},
    {"角", "角", "角", "KA", "B", 3, 8, 0},
    {"飛", "飛", "飛", "HI", "R", 4, 9, 0},
    {"玉", "玉", "玉", "OU", "K", 5, 0, 0},
    {"桂", "桂", "桂", "KE", "N", 1, 1, 0},
    {"銀", "銀", "銀", "GI", "S", 2, 2, 0},
    {"と", "と", "と", "TO", "T", 3, 3, 0},
    {"金", "金", "金", "KI", "G", 4, 4, 0},
};
static const jp_alias micro_aliases[] = {{"王", 5}, {NULL, 0}};
static const unsigned char micro_hand[] = {4, 3, 2, 1, 0};

static const jp_family families[] = {
    {"shogi", 14, shogi_pieces, shogi_aliases, shogi_hand, 8, 1, 0},
    {"shoshogi", 16, shogi_pieces, shogi_aliases, shogi_hand, 8, 0, 0},
    {"heianshogi", 10, heian_pieces, heian_aliases, heian_hand, 6, 1, 0},
    {"torishogi", 9, tori_pieces, tori_aliases, tori_hand, 7, 0, 0},
    {"minishogi", 10, mini_pieces, mini_aliases, mini_hand, 6, 1, 0},
    {"judkinsshogi", 12, judkins_pieces, judkins_aliases, judkins_hand, 7, 1, 0},
    {"microshogi", 9, micro_pieces, micro_aliases, micro_hand, 5, 1, 1},
};

const jp_family *jp_family_of(const bg_variant *v)
{
    for (size_t i = 0; v && i < sizeof families / sizeof families[0]; i++)
        if (strcmp(v->id, families[i].variant_id) == 0)
            return &families[i];
    return NULL;
}

static const char *const fullwidth[] = {"０", "１", "２", "３", "４", "５", "６", "７", "８", "９"};
static const char *const kanji[] = {"",     "一",   "二",   "三",   "四",   "五",   "六",
                                    "七",   "八",   "九",   "十",   "十一", "十二", "十三",
                                    "十四", "十五", "十六", "十七", "十八"};

const char *jp_fullwidth_digit(int d) { return d >= 0 && d <= 9 ? fullwidth[d] : "?"; }
const char *jp_kanji_number(int n) { return n >= 1 && n <= 18 ? kanji[n] : "?"; }

int jp_read_number(const char *s, size_t *n)
{
    if (*s >= '1' && *s <= '9') {
        *n = 1;
        return *s - '0';
    }
    for (int d = 1; d <= 9; d++)
        if (strncmp(s, fullwidth[d], 3) == 0) {
            *n = 3;
            return d;
        }
    /* Kanji: the longest form first (十八 before 十). */
    for (int k = 18; k >= 1; k--) {
        size_t l = strlen(kanji[k]);
        if (strncmp(s, kanji[k], l) == 0) {
            *n = l;
            return k;
        }
    }
    *n = 0;
    return 0;
}
