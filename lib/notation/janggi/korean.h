/* libboardgames — janggi text: Korean numeric move notation (79졸78, 한수쉼) and the .gib record format. */
#ifndef BG_KOREAN_H
#define BG_KOREAN_H

#include "internal.h"

/* Janggi's public piece kinds and sides, and its board's width (the engine's numbers). */
enum { KO_GENERAL = 1, KO_GUARD, KO_ELEPHANT, KO_HORSE, KO_CHARIOT, KO_CANNON, KO_SOLDIER, KO_KINDS };
enum { KO_CHO = 0, KO_HAN = 1, KO_WIDTH = 9 };

/*
** Korean numeric notation (대한장기협회 coordinates): a point is two digits, the rank counted
** from Han's edge (the top of the board as Cho sees it) 1..9 then 0 for Cho's back rank, and the
** file from Cho's left 1..9; a move is origin, piece name, destination: 79졸78, 02馬83. A pass is
** 한수쉼. Written with hangul names (장 사 상 마 차 포, soldiers 졸 for Cho and 병 for Han);
** parsing also takes hanja (將 帥 楚 漢 士 象 馬 車 包 砲 卒 兵) and 궁 for the general, a side mark
** before the name (楚 漢 초 한: 71楚卒72, 12한마33) and an optional suffix as .gib files write it:
** the captured piece's name (maybe after 타 and a side mark), then 장군 for a check (marks and
** suffixes must be right when given). BG_PARSE_LENIENT also takes spaces between the parts and
** either soldier name for either side.
*/
BGI_FUNC bgi_format_fn bgi_korean_format;
BGI_FUNC bgi_parse_fn bgi_korean_parse;
/* The move as .gib files write it: the plain move plus the captured piece and 장군 suffixes. */
BGI_FUNC void bgi_korean_write(bgi_out *o, const bg_position *pos, bg_move m, int suffixes);

/* Hangul name of a janggi kind for a side (장 사 상 마 차 포, 졸 / 병); NULL out of range. */
BGI_FUNC const char *bgi_korean_piece(int kind, int side);

/* Cho's back rank (rank 0) or Han's (9) of pos as FEN writes it: "RNBA1ABNR", "rbna1anbr". */
BGI_FUNC void bgi_korean_rank(const bg_position *pos, int rank, char out[10]);
/* The FEN rank of an arrangement as option setup names it (마상상마, RNBA1ABNR); 0 if none. */
BGI_FUNC int bgi_korean_arrangement_rank(const bg_variant *v, const char *name, char rank[10]);
/* The Korean name (마상상마 ...) of the arrangement a back rank's FEN text shows. */
BGI_FUNC void bgi_korean_arrangement_name(const char *rank, char name[16]);
/* .gib records (janggi): headers [초차림 "마상상마"] ..., numbered moves "1. 79졸78". */
BGI_RECORD_FUNCS(gib);
/*
** What a 대국결과 value says: 1 a win (*winner 0 Cho, 1 Han: "한 완승", "楚 불계승", "한승(기권)",
** "초 접속 끊김 패" is Han's), 2 a draw ("무승부", "무승부(빅장)"), 0 nothing ("미상", "무효").
*/
BGI_FUNC int bgi_gib_result(const char *value, int *winner);
/* How the record splitter sees a .gib line (BGI_LINE_*). */
BGI_FUNC int bgi_gib_line_kind(const char *line, size_t len);
/* Characters .gib text is full of (to tell its legacy encoding's decodings apart). */
#define BGI_GIB_TYPICAL "졸병차포마상사장초한楚漢卒兵車包馬象士將"

#endif
