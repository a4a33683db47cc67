/* libboardgames — xiangqi / lion chess file notations (WXF, Chinese) and xiangqi PGN: shared internals. */
#ifndef BG_XQ_FILES_H
#define BG_XQ_FILES_H

#include "internal.h"

/* Piece texts of the two notations by public kind: WXF letter (K A E H R C P L), Chinese character by side. */
BGI_FUNC const char *bgi_wxf_piece(int kind);
BGI_FUNC const char *bgi_chinese_piece(int kind, int side);

/*
** Both file notations name a move by the piece, the file it stands on counted from the mover's
** right (1..width), a direction (+ forward, - backward, . sideways) and a number: the points moved
** along the file, or the destination file. Several like pieces on one file ("tandem", "stacked")
** are told apart by their order from the front instead of the file. This header holds what both
** notations share: a snapshot of the board, the facts of one move, and matching parsed text against
** the legal moves.
*/

#define XQN_MAX_SQ 128

/* Kinds as in the xiangqi engine (and the public piece kinds of both variants). */
enum { XQN_GENERAL = 1, XQN_ADVISOR, XQN_ELEPHANT, XQN_HORSE, XQN_CHARIOT, XQN_CANNON,
       XQN_SOLDIER, XQN_LION, XQN_KINDS };

typedef struct xqn_board {
    int width, height, side; /* side to move: 0 red, 1 black */
    uint8_t cell[XQN_MAX_SQ]; /* 0 = empty, else kind | side << 4 */
    uint8_t count[XQN_KINDS][16]; /* the mover's pieces per kind and file index */
    uint8_t stacked[XQN_KINDS];   /* files holding two or more of them, per kind */
} xqn_board;

/* Facts about one move of the side to move. */
typedef struct xqn_info {
    int kind;
    int file;          /* the piece's file, 1..width from the mover's right */
    int to_file;       /* the destination file, same count */
    int count;         /* the mover's pieces of this kind on that file */
    int index;         /* 0 = the front one (nearest the enemy's side) */
    int stacked_files; /* files holding two or more of the mover's pieces of this kind */
    char op;           /* '+' forward, '-' backward, '.' sideways */
    int arg;           /* points moved along the file, or the destination file */
} xqn_info;

/*
** Order tokens in a stack. Single-file stacks: WXF writes 2 pieces + -, 3 pawns + (file) -,
** 4 pawns ++ + - --, 5 pawns ++ + (file) - --; Chinese writes 2 前 後, 3 前 中 後, 4 前 二 三 四,
** 5 前 二 三 四 五. Pawns stacked on two files: the file and 前/中/後 (WXF 3+ 33 3-).
*/
enum { XQN_NONE = 0, XQN_FRONT, XQN_REAR, XQN_MID, XQN_FRONT2, XQN_REAR2, XQN_SECOND, XQN_THIRD,
       XQN_FOURTH, XQN_FIFTH };

/*
** A move as text names it: the piece kind (0 when the text names none: WXF ++/-- and the
** two-file pawn forms), the file (0 when not named), the order token, direction and number.
*/
typedef struct xqn_desc {
    int kind, file, order;
    char op;
    int arg;
} xqn_desc;

/* How a notation names pieces in stacks (the parts in which WXF and Chinese differ). */
typedef struct xqn_style {
    const char *name;                /* "WXF", "Chinese" for messages */
    const signed char (*single)[5];  /* [count][index] order token for one stacked file, count 2..5 */
    int drops_kind_front2;           /* WXF ++/-- name no piece */
    /* Canonical text of a move (for error messages). */
    int (*format)(const bg_position *pos, bg_move m, char *buf, size_t cap);
} xqn_style;

/* Snapshot of pos; 0 if the board is not a xiangqi-like board this code understands. */
BGI_FUNC int bgi_xqn_snapshot(const bg_position *pos, xqn_board *b);
BGI_FUNC void bgi_xqn_describe(const xqn_board *b, bg_move m, xqn_info *out);
/* The standard description of a move in a style. */
BGI_FUNC void bgi_xqn_canonical(const xqn_style *st, const xqn_info *in, xqn_desc *out);
/* The standard description of legal move m of pos in a style: the mover's side, -1 if pos is not a board this code understands. */
BGI_FUNC int bgi_xqn_move_desc(const xqn_style *st, const bg_position *pos, bg_move m, xqn_desc *out);
/*
** Find the legal move that parsed text names. The standard form matches exactly one move;
** other accepted forms (the plain file for a stacked piece, one-file order tokens while two files
** are stacked, and the reverse) only in lenient mode, except the order form for advisors and
** elephants, which the rules allow. Errors: BG_E_ILLEGAL_MOVE, BG_E_AMBIGUOUS_MOVE, BG_E_PARSE
** (a form only lenient mode accepts).
*/
BGI_FUNC bg_status bgi_xqn_match(const bg_position *pos, const xqn_style *st, const xqn_desc *d,
                                 const char *text, unsigned flags, bg_move *out, bg_error *err);
/*
** What the rules allow whatever the position: the file within the board, no sideways move for
** advisors, elephants, horses and lions, no backward soldier, steps within the board, a lion only
** in lion chess. op_at and arg_at are the offsets of the direction and the number in text.
*/
BGI_FUNC bg_status bgi_xqn_check(const xqn_style *st, const bg_position *pos, const xqn_desc *d,
                                 size_t file_at, size_t op_at, size_t arg_at, const char *text,
                                 bg_error *err);
/* Up to max bytes of text for a message, cut at a UTF-8 character boundary: "%.*s". */
BGI_FUNC int bgi_xqn_quote_len(const char *text, int max);

/* ---------- the notations ---------- */

/* WXF: C2.5, H8+7, R+.3, C--1, pawns ++.4 P3.4 3+.4 33.4; '=' read as '.'. */
BGI_FUNC bgi_format_fn bgi_wxf_format;
BGI_FUNC bgi_parse_fn bgi_wxf_parse;
/* Traditional Chinese: 炮二平五, 馬8進7, 前馬退六, 後炮平4, 中兵, 二兵, 前三進一 (UTF-8). */
BGI_FUNC bgi_format_fn bgi_chinese_format;
BGI_FUNC bgi_parse_fn bgi_chinese_parse;

/*
** Algebraic moves (Che2, Cbg7, Cxe6, axa3), ranks counted from rank_base: 0 as WinBoard writes
** them (the ICCS points), 1 as Fairy-Stockfish does.
*/
BGI_FUNC bg_status bgi_xq_san_parse(const bg_position *pos, const char *text, int rank_base,
                                    bg_move *out, bg_error *err);
/* The destination rank an algebraic-looking token t[0..n) names, or -1 if it is none. */
BGI_FUNC int bgi_xq_san_rank(const char *t, size_t n);

/* Xiangqi PGN ([Game "Chinese Chess"], [Format "ICCS"|"WXF"|"Chinese"]). */
BGI_RECORD_FUNCS(xq_pgn);
/* Legacy encodings of xiangqi PGN (simplified and traditional), and its typical characters. */
#define BGI_XQ_CHARSETS "GB18030|CP950|BIG5-HKSCS"
#define BGI_XQ_TYPICAL "车马炮帅将仕士相象兵卒进退平車馬砲帥將進傌俥紅红黑一二三四五六七八九"
/* The notation a Format tag names: ICCS, WXF, Chinese or another notation id of v, any case; or NULL. */
BGI_FUNC const bgi_notation *bgi_xq_format_notation(const bg_variant *v, const char *format);

#endif
