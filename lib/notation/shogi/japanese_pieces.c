/* libboardgames — piece names of the shogi family in Japanese (JSA, KIF boards), CSA codes and Western letters, and number words. */
#include <string.h>

#include "japanese.h"

/*
** Kinds are the variants' public kind numbers (lib/games/shogi/shogi_variant.c). The standard
** pieces are named once here, by their CSA codes: an unpromoted piece takes the kind it counts as
** in hand (its own) and the kind it promotes to (0: none); a promoted one the kind it is captured
** as. The horse and the dragon are the pair whose two pieces 左 / 右 tell apart (jp_piece.pair).
*/
#define FU(base, promoted) {"歩", "歩", "歩", "FU", "P", base, promoted, 0}
#define KY(base, promoted) {"香", "香", "香", "KY", "L", base, promoted, 0}
#define KE(base, promoted) {"桂", "桂", "桂", "KE", "N", base, promoted, 0}
#define GI(base, promoted) {"銀", "銀", "銀", "GI", "S", base, promoted, 0}
#define KI(base, promoted) {"金", "金", "金", "KI", "G", base, promoted, 0}
#define KA(base, promoted) {"角", "角", "角", "KA", "B", base, promoted, 0}
#define HI(base, promoted) {"飛", "飛", "飛", "HI", "R", base, promoted, 0}
#define OU(base) {"玉", "玉", "玉", "OU", "K", base, 0, 0}
#define TO(base) {"と", "と", "と", "TO", "+P", base, 0, 0}
#define NY(base) {"成香", "成香", "杏", "NY", "+L", base, 0, 0}
#define NK(base) {"成桂", "成桂", "圭", "NK", "+N", base, 0, 0}
#define NG(base) {"成銀", "成銀", "全", "NG", "+S", base, 0, 0}
#define UM(base) {"馬", "馬", "馬", "UM", "+B", base, 0, 1}
#define RY(base) {"竜", "龍", "龍", "RY", "+R", base, 0, 1}

/*
** Sho shogi's drunk elephant 酔象 and crown prince 太子 are Western DE / CP as in Chu shogi's
** notation.
*/
static const jp_piece shogi_pieces[] = {
    {0}, FU(1, 9), KY(2, 10), KE(3, 11), GI(4, 12), KI(5, 0), KA(6, 13), HI(7, 14), OU(8),
    TO(1), NY(2), NK(3), NG(4), UM(6), RY(7),
    {"酔象", "酔象", "象", NULL, "DE", 15, 16, 0}, {"太子", "太子", "太", NULL, "CP", 15, 0, 0},
};
static const jp_alias shogi_aliases[] = {
    {"王", 8}, {"龍", 14}, {"竜", 14}, {"杏", 10}, {"圭", 11}, {"全", 12}, {"成歩", 9},
    {"醉象", 15}, {"象", 15}, {"太", 16}, {NULL, 0},
};

static const jp_piece heian_pieces[] = {
    {0}, FU(1, 7), KY(2, 8), KE(3, 9), GI(4, 10), KI(5, 0), OU(6),
    TO(1), NY(2), NK(3), NG(4),
};
static const jp_alias heian_aliases[] = {
    {"王", 6}, {"杏", 8}, {"圭", 9}, {"全", 10}, {"成歩", 7}, {NULL, 0},
};

static const jp_piece mini_pieces[] = {
    {0}, FU(1, 7), GI(2, 8), KI(3, 0), KA(4, 9), HI(5, 10), OU(6),
    TO(1), NG(2), UM(4), RY(5),
};
static const jp_alias mini_aliases[] = {
    {"王", 6}, {"龍", 10}, {"竜", 10}, {"全", 8}, {"成歩", 7}, {NULL, 0},
};

/*
** Tori's birds are written with the Western Tori letters and their kanji (the quails as 左鶉 /
** 右鶉, on a board 左 / 右).
*/
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
    {0}, FU(1, 8), KE(2, 9), GI(3, 10), KI(4, 0), KA(5, 11), HI(6, 12), OU(7),
    TO(1), NK(2), NG(3), UM(5), RY(6),
};
static const jp_alias judkins_aliases[] = {
    {"王", 7}, {"龍", 12}, {"竜", 12}, {"圭", 9}, {"全", 10}, {"成歩", 8}, {NULL, 0},
};

/*
** Micro shogi (五分摩訶将棋): each piece is named by the face it shows; `promoted` is its other
** face. Western letters are the faces' own (T for the tokin), since every kind is one face.
*/
static const jp_piece micro_pieces[] = {
    {0}, FU(1, 6), KY(2, 7), KA(3, 8), HI(4, 9), OU(5),
    KE(1, 1), GI(2, 2), {"と", "と", "と", "TO", "T", 3, 3, 0}, KI(4, 4),
};
static const jp_alias micro_aliases[] = {{"王", 5}, {NULL, 0}};

/*
** KIF and CSA list hands from the strongest piece down (飛 角 金 銀 桂 香 歩). In every game but
** Tori that is each kind below the king, from the highest number down to 1: one countdown, entered
** where the game's kinds start.
*/
static const unsigned char countdown[] = {7, 6, 5, 4, 3, 2, 1, 0};
#define HAND_FROM(kind) (countdown + 7 - (kind))

static const jp_family families[] = {
    {"shogi", 14, shogi_pieces, shogi_aliases, HAND_FROM(7), 8, 1, 0},
    {"shoshogi", 16, shogi_pieces, shogi_aliases, HAND_FROM(7), 8, 0, 0},
    {"heianshogi", 10, heian_pieces, heian_aliases, HAND_FROM(5), 6, 1, 0},
    {"torishogi", 9, tori_pieces, tori_aliases, tori_hand, 7, 0, 0},
    {"minishogi", 10, mini_pieces, mini_aliases, HAND_FROM(5), 6, 1, 0},
    {"judkinsshogi", 12, judkins_pieces, judkins_aliases, HAND_FROM(6), 7, 1, 0},
    {"microshogi", 9, micro_pieces, micro_aliases, HAND_FROM(4), 5, 1, 1},
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
