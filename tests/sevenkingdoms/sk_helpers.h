/* Helpers of the Seven Kingdoms tests: hand-made positions from piece lists, move sets, games. */
#ifndef SK_HELPERS_H
#define SK_HELPERS_H

#include <check.h>

#include <boardgames/boardgames.h>

enum { QIN, HAN, CHU, WEI, QI, YAN, ZHAO };

/* The seven generals on their start points: every kingdom in play needs its own. */
#define GENERALS "Gq:a10 Gh:f1 Gc:n1 Gw:s6 Gi:s14 Gy:n19 Gz:f19"

const bg_variant *sk(void);
/* Point number of "a1".."s19". */
int pt(const char *name);
/*
** Position text from "Gq:a10 Rh:f5 ..." (kind letter, army tag, ':', point; 周 is added on j10)
** and the other five fields ("q - - 0 1"). Returns a static buffer.
*/
const char *sk_text(const char *pieces, const char *rest);
/* Position / game from those, with options (NULL = defaults); fails the test if refused. */
bg_position *sk_pos(const char *pieces, const char *rest, const char *options);
bg_game *sk_game(const char *pieces, const char *rest, const char *options);
/* Does the set of destination points of the legal moves from `from` equal the listed points? */
void check_dests(const bg_position *p, const char *from, const char *expected);
/* Play uci moves (space-separated) in a game, failing the test on any refusal. */
void play_all(bg_game *g, const char *moves);
/* The position text of a game's current position (static buffer). */
const char *game_text(const bg_game *g);
/* Expect the text refused with `status` at byte offset `offset` ((size_t)-1 = any). */
void refused(const char *text, const char *options, unsigned flags, bg_status status,
             size_t offset);

#endif
