/* libboardgames — shogi family text shared by the Japanese/KIF/KI2, CSA and Western notations and records: piece tables, squares, move writer and reader. */
#ifndef BG_JAPANESE_H
#define BG_JAPANESE_H

#include "internal.h"

/*
** One piece kind of a game of the shogi family, by public kind number (bg_variant piece kinds).
** Names are UTF-8. A kind without a CSA code (Sho shogi's elephant, Tori's birds) makes CSA
** unavailable for its game.
*/
/* USI move notation (usi.c), for every game of the family: 7g7f, 8h2b+, P*5e. */
BGI_FUNC bgi_format_fn bgi_usi_format;
BGI_FUNC bgi_parse_fn bgi_usi_parse;

typedef struct jp_piece {
    const char *name;    /* JSA move notation: 歩 香 桂 銀 金 角 飛 玉 と 成香 成桂 成銀 馬 竜 */
    const char *kif;     /* KIF/KI2 move name (竜 is written 龍 there) */
    const char *bod;     /* one full-width character on a KIF board and in hands */
    const char *csa;     /* CSA code, NULL where CSA has none */
    const char *western; /* Hodges/Hosking letters (Tori: Sw Fa Cr ...) */
    unsigned char base;  /* the kind a captured piece becomes in hand (its unpromoted kind) */
    unsigned char promoted; /* the kind it promotes to, 0 = none */
    unsigned char pair;  /* dragon/horse: left/right compare the two pieces, never 直 */
} jp_piece;

typedef struct jp_alias {
    const char *text;
    int kind;
} jp_alias;

typedef struct jp_family {
    const char *variant_id;
    int nkinds;
    const jp_piece *pieces;  /* [kind], [0] unused */
    const jp_alias *aliases; /* other spellings read (王, 龍, 杏 ...), NULL-terminated */
    const unsigned char *hand_order; /* kinds in the order KIF/CSA list hands, 0-terminated */
    int king;                /* kind of the king (Tori: phoenix) */
    int csa;                 /* 1 if every kind has a CSA code */
    /*
    ** Micro shogi: a capture turns the piece over and a piece in hand drops either face up. The
    ** name says the face, so no 成 / 不成 (Western + / =) is written; `promoted` is the other face.
    */
    int flips;
} jp_family;

/* The family table of a variant, or NULL if the variant is not of the shogi family. */
BGI_FUNC const jp_family *jp_family_of(const bg_variant *v);

/*
** Squares: file and rank numbers as written (files 1..width counted from sente's right, ranks
** 1..height from gote's side), on the board of the variant (of the position: old shogi's
** board=9x8 positions belong to a 9x8 variant, see bgi_variant_resolve).
*/
static inline int jp_file_no(const bg_variant *v, int sq) { return v->width - sq % v->width; }
static inline int jp_rank_no(const bg_variant *v, int sq) { return v->height - sq / v->width; }
static inline int jp_square(const bg_variant *v, int file_no, int rank_no)
{
    return (v->height - rank_no) * v->width + (v->width - file_no);
}

/* UTF-8 texts of numbers: full-width digits and kanji numerals 1..18 (hand counts). */
BGI_FUNC const char *jp_fullwidth_digit(int d);
BGI_FUNC const char *jp_kanji_number(int n);
/*
** Read a number 1..18 at s written as a half-width digit, a full-width digit or kanji (一..九,
** 十, 十一..十八); *n gets its length in bytes. Returns the number or 0.
*/
BGI_FUNC int jp_read_number(const char *s, size_t *n);

/* Move writing styles. */
enum {
    JP_JAPANESE = 0, /* ▲7六歩, △5二金右, 竜 (JSA, newspapers) */
    JP_KI2,          /* ▲７六歩, △同　銀, 龍 (KI2 files) */
    JP_KIF           /* ７六歩(77), ５五角打, 同　銀(31) (KIF files: the origin instead of 右/左/...) */
};

/*
** Write legal move m of pos. `same` = the previous move ended on m's destination (同). The
** modifiers follow the JSA rules: 上/寄/引 when the motion tells the pieces apart, else 左/右/直,
** else both; 打 only when a board piece could also reach the square; 成 for every promotion,
** 不成 when the move could have promoted.
*/
BGI_FUNC void jp_write(bgi_out *o, const bg_position *pos, bg_move m, int style, int same);
/* The same given the position's legal moves (generated once for many moves). */
BGI_FUNC void jp_write_in(bgi_out *o, const bgi_legal *legal, bg_move m, int style, int same);
/*
** Read one move (the whole text; `len` bytes). prev_to = the previous move's destination (for
** 同), -1 if unknown. Strict: modifiers exactly as written by jp_write (digits, 竜/龍, 王/玉 and
** the side mark are free); BG_PARSE_LENIENT: missing or extra modifiers when the move stays
** unambiguous, 生 for 不成, a KIF origin in any style.
*/
BGI_FUNC bg_status jp_read(const bg_position *pos, const char *text, size_t len, int style,
                           unsigned flags, int prev_to, bg_move *out, bg_error *err);

/* The notations (variant tables): the JSA, KI2 and KIF move styles (japanese.c). */
BGI_FUNC bgi_format_fn bgi_japanese_format;
BGI_FUNC bgi_format_in_fn bgi_japanese_format_in;
BGI_FUNC bgi_parse_fn bgi_japanese_parse;
BGI_FUNC bgi_format_fn bgi_ki2_format;
BGI_FUNC bgi_format_in_fn bgi_ki2_format_in;
BGI_FUNC bgi_parse_fn bgi_ki2_parse;
BGI_FUNC bgi_format_fn bgi_kif_move_format;
BGI_FUNC bgi_format_in_fn bgi_kif_move_format_in;
BGI_FUNC bgi_parse_fn bgi_kif_move_parse;
/* CSA moves: +7776FU, -0034KA, +8822UM (the piece after the move); the sign may be left out. */
BGI_FUNC bgi_format_fn bgi_csa_format;
BGI_FUNC bgi_parse_fn bgi_csa_parse;
BGI_FUNC void csa_write_move(bgi_out *o, const bg_position *pos, bg_move m);
/* Western (Hodges/Hosking): P-7f, Sx7d+, N*4e, G7g-7h, S-4c=; Tori: Sw-5b+, Fa*4d. */
BGI_FUNC bgi_format_fn bgi_western_format;
BGI_FUNC bgi_format_in_fn bgi_western_format_in;
BGI_FUNC bgi_parse_fn bgi_western_parse;

/* Records. */
BGI_RECORD_FUNCS(csa);
BGI_RECORD_FUNCS(kif);
BGI_RECORD_FUNCS(ki2);
/* How the record splitter sees a KIF, KI2 or CSA line (BGI_LINE_*). */
BGI_FUNC int bgi_kif_line_kind(const char *line, size_t len);
BGI_FUNC int bgi_ki2_line_kind(const char *line, size_t len);
BGI_FUNC int bgi_csa_line_kind(const char *line, size_t len);
/* Legacy encodings of shogi records, and characters their text is full of (to tell them apart). */
#define BGI_JP_CHARSETS "CP932|EUC-JP"
#define BGI_JP_TYPICAL "歩香桂銀金角飛玉王龍竜馬と成同打手先後投了▲△☗☖一二三四五六七八九"

#endif
