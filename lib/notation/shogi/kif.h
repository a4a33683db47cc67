/* libboardgames — what the shogi family's record formats (KIF, KI2, CSA) share: encodings, line reading, errors, start positions, endings, move times. */
#ifndef BG_KIF_H
#define BG_KIF_H

#include "game_internal.h"
#include "japanese.h"
#include "record_text.h"

/*
** Conventions kept in the game handle so that every format can write what another read:
** - Tags use the KIF header names: 先手, 後手, 開始日時, 終了日時, 棋戦, 場所, 持ち時間, 戦型 (CSA's
**   N+, N-, $START_TIME, $END_TIME, $EVENT, $SITE, $TIME_LIMIT, $OPENING map to them; other CSA
**   $KEY lines keep KEY).
** - The ending as the file wrote it is the tag "Termination" with the CSA word without '%'
**   (TORYO, CHUDAN, SENNICHITE, TIME_UP, ILLEGAL_MOVE, +ILLEGAL_ACTION, -ILLEGAL_ACTION, JISHOGI,
**   KACHI, HIKIWAKE, TSUMI, FUZUMI, ERROR, MAX_MOVES), KIF's 投了, 中断 ... being mapped to them.
** - The time a move took is kept at the start of its comment as "[%emt H:MM:SS]" (PGN's
**   clock-comment convention; CSA T12 and KIF ( 0:12/00:01:05) read into it and are written from it).
*/
#define KIF_TERMINATION_TAG "Termination"
/*
** The time the ending itself took (CSA "%TORYO,T70" or "%TORYO" then "T70", KIF "63 投了 ( 0:07/...)"),
** as "H:MM:SS" (".fff" for milliseconds): kept apart so that it never overwrites the last move's.
*/
#define KIF_TERMINATION_TIME_TAG "TerminationTime"
/* Prefix of the comment that keeps an illegal move a record played before its recorded foul. */
#define KIF_ILLEGAL_PREFIX "illegal move: "

/* One game being read: the reader, its error, the game's byte range and the game. */
typedef struct krec {
    bg_record_reader *rd;
    bg_error *err;
    const char *d;
    size_t start, end;
    bg_game *g;
    const jp_family *fam;
    char *scratch; /* scratch_cap bytes: a line of the game (at most BG_RECORD_MAX_LINE) + 2 */
    size_t scratch_cap;
    /*
    ** Comment lines of ply note_ply not yet given to the game (note_open: some, maybe empty):
    ** gathered here so that a long run of them costs linear time.
    */
    char *note;
    size_t note_len, note_cap, note_at;
    int note_ply, note_open;
} krec;

/* Skip blank lines from rd->pos; 1 if text remains (a game), 0 at the end. */
BGI_FUNC int kif_next_game(bg_record_reader *rd);
/* Move the reader to `to`, counting lines, and count the game. */
BGI_FUNC void kif_advance(bg_record_reader *rd, size_t to);
BGI_FUNC size_t kif_line_end(const char *d, size_t i, size_t end);
/* The line [i, e) without a trailing CR and blanks (ASCII and U+3000) on both sides. */
BGI_FUNC void kif_trim(const char *d, size_t *i, size_t *e);

/* Error naming game, ply, line and column of offset `off`. */
#define kif_fail(c, code, off, ply, ...)                                                           \
    bgi_record_failf((c)->rd, (c)->err, (c)->d, (c)->rd->pos, (c)->rd->line, code, off, ply, __VA_ARGS__)
BGI_FUNC bg_status kif_oom(krec *c, size_t off);

/*
** Allocate the scratch line for the game [start, end): as long as the game's text up to the line
** limit, so that a file of many small games does not pay for a whole line per game.
*/
BGI_FUNC bg_status kif_scratch_new(krec *c);
/* Copy [i, e) into c->scratch as a NUL-terminated string (cut at the scratch's size). */
BGI_FUNC const char *kif_scratch(krec *c, size_t i, size_t e);

/* The game from an SFEN (NULL = the variant's start), with the reader's options. */
BGI_FUNC bg_status kif_make_game(krec *c, const char *sfen, size_t at);
/* Play a move read from the file (checks the game is not over). */
BGI_FUNC bg_status kif_play(krec *c, bg_move m, size_t at, const char *text);

/* Append text to the comment of `ply` (lines joined with '\n'); kept until kif_flush_comment. */
BGI_FUNC bg_status kif_add_comment(krec *c, int ply, const char *text, size_t at);
/* Give the comment lines gathered to the game (after its comment); free the buffer with kif_free. */
BGI_FUNC bg_status kif_flush_comment(krec *c);
/* Free what a game's reading allocated besides the game. */
BGI_FUNC void kif_free(krec *c);
/*
** The start of every KIF/KI2/CSA read_next: decode the file once, find the next game (BG_E_END at
** the end), check the game limit, and point c (zeroed by the caller) at the reader and the game.
*/
BGI_FUNC bg_status kif_begin_game(krec *c, bg_record_reader *rd, bg_error *err);
/*
** The end of every read_next: free the scratch and comment buffers, move the reader to `next`, and
** hand the game out when s is BG_OK (else free it). Returns s.
*/
BGI_FUNC bg_status kif_end_game(krec *c, size_t next, bg_status s, bg_game **game);
/* Put "[%emt H:MM:SS(.fff)]" in front of the comment of `ply`. */
BGI_FUNC bg_status kif_set_time(krec *c, int ply, long seconds, int millis, size_t at);
/* The time of a comment's [%emt] (seconds, milliseconds); 0 if none. The rest of the comment in *rest. */
BGI_FUNC int kif_comment_time(const char *comment, long *seconds, int *millis, const char **rest);
/* Keep the ending's own time (KIF_TERMINATION_TIME_TAG). */
BGI_FUNC bg_status kif_set_ending_time(krec *c, long seconds, int millis, size_t at);
/* The ending's time when the ending written for g is its Termination tag and the time was read: 1. */
BGI_FUNC int kif_ending_time(const bg_game *g, long *seconds, int *millis);
/*
** A foul the record gives: `loser` fouled and lost. The Termination word is ILLEGAL_MOVE when the
** loser is to move, else +ILLEGAL_ACTION (sente) / -ILLEGAL_ACTION (gote).
*/
BGI_FUNC const char *kif_foul_word(int loser, int stm);
/* Keep a dropped illegal move's text as a comment line of the last legal ply. */
BGI_FUNC bg_status kif_keep_illegal(krec *c, const char *text, size_t at);

/* Endings: CSA words (without %), their KIF words, and the result they give. */
typedef struct kif_ending {
    const char *csa;  /* "TORYO" */
    const char *kif;  /* "投了", NULL if KIF has no word */
    int loser;        /* 0 = side to move loses, 1 = the other side, -1 = draw, -2 = no result */
} kif_ending;
BGI_FUNC const kif_ending *kif_ending_by_csa(const char *word, size_t len);
BGI_FUNC const kif_ending *kif_ending_by_kif(const char *word, size_t len);
/* Record the ending: the Termination tag and, where the game layer can hold it, the result. */
BGI_FUNC bg_status kif_apply_ending(krec *c, const char *csa_word, size_t at);
/*
** The ending to write for a game: its Termination tag when it still fits the game, else one from
** the result (resignation TORYO, checkmate TSUMI, repetition SENNICHITE, impasse KACHI/JISHOGI,
** agreement HIKIWAKE); NULL when there is none.
*/
BGI_FUNC const char *kif_ending_of(const bg_game *g);

/* KIF boards (BOD) and start positions. */
typedef struct kif_setup {
    unsigned char board[81]; /* kind | side << 7, 0 = empty */
    unsigned char hand[2][20];
    int stm;
    int ply;                 /* SFEN move number */
} kif_setup;
BGI_FUNC void kif_setup_from_sfen_start(kif_setup *s, const bg_variant *v);
BGI_FUNC void kif_setup_from_position(kif_setup *s, const bg_position *pos);
BGI_FUNC void kif_setup_sfen(const kif_setup *s, const bg_variant *v, char *buf, size_t cap);
/* Handicap (手合割) names of shogi and their start positions. */
BGI_FUNC const char *kif_handicap_sfen(const bg_variant *v, const char *name);
BGI_FUNC const char *kif_handicap_name(const bg_position *start);
/* Piece kind from its one-character board name (or 0). */
BGI_FUNC int kif_bod_kind(const jp_family *fam, const char *p, size_t avail, size_t *len);
/* Write the board and hands (BOD) of pos. */
BGI_FUNC void kif_write_bod(bgi_out *o, const bg_position *pos);
/* Write a hand line's list ("飛　歩二" or "なし"). */
BGI_FUNC void kif_write_hand(bgi_out *o, const bg_position *pos, int side);

/* A tag value or comment on one line: line breaks become spaces. */
BGI_FUNC void kif_put_one_line(bgi_out *o, const char *s);
/*
** Each line of a comment (NULL: none) as `mark` then the line; every line, a last empty one too:
** "a\n" must not read back as "a". A line starting with `guard` (or NULL) gets a space after the
** mark, so that it cannot read back as the line the format writes that way.
*/
BGI_FUNC void kif_put_comment(bgi_out *o, const char *text, char mark, const char *guard);

/* Display width of UTF-8 text (full-width characters count 2). */
BGI_FUNC int kif_width(const char *s);

#endif
