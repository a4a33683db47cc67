/* libboardgames — the main line of a game: storage of moves and repetition keys, play, undo by replay. */
#include <stdalign.h>
#include <stdio.h>
#include <string.h>

#include "game_internal.h"

static size_t block_size(const bg_game *g, int cap)
{
    size_t per_ply = sizeof(uint64_t) + sizeof(bg_move);
    if (bgi_game_has_notes(g))
        per_ply += sizeof(uint32_t);
    return (size_t)cap * per_ply;
}

/* Move the history into a block of `cap` plies (cap >= ply_count). Leaves g unchanged on failure. */
static bg_status resize(bg_game *g, int cap)
{
    void *block = bgi_malloc(&g->alloc, block_size(g, cap));
    if (!block)
        return BG_E_NO_MEMORY;
    if (g->ply_count) {
        bg_move *moves = (bg_move *)(void *)((uint64_t *)block + cap);
        memcpy(block, bgi_game_keys(g), sizeof(uint64_t) * (size_t)g->ply_count);
        memcpy(moves, bgi_game_moves(g), sizeof(bg_move) * (size_t)g->ply_count);
        if (bgi_game_has_notes(g))
            memcpy(moves + cap, bgi_game_notes(g), sizeof(uint32_t) * (size_t)g->ply_count);
    }
    bgi_free(&g->alloc, g->plies, block_size(g, g->ply_cap));
    g->plies = block;
    g->ply_cap = cap;
    return BG_OK;
}

void bgi_history_free(bg_game *g)
{
    bgi_free(&g->alloc, g->plies, block_size(g, g->ply_cap));
    g->plies = NULL;
    g->ply_cap = 0;
}

size_t bgi_history_memory(const bg_game *g)
{
    return g->plies ? block_size(g, g->ply_cap) : 0;
}

/* dst has no history of its own yet; the clone gets exactly the plies it needs. */
bg_status bgi_history_copy(bg_game *dst, const bg_game *src)
{
    dst->ply_count = 0;
    if (!src->ply_count)
        return BG_OK;
    bg_status s = resize(dst, src->ply_count);
    if (s != BG_OK)
        return s;
    dst->ply_count = src->ply_count;
    memcpy(bgi_game_keys(dst), bgi_game_keys(src), sizeof(uint64_t) * (size_t)src->ply_count);
    memcpy(bgi_game_moves(dst), bgi_game_moves(src), sizeof(bg_move) * (size_t)src->ply_count);
    if (bgi_game_has_notes(src))
        memcpy(bgi_game_notes(dst), bgi_game_notes(src), sizeof(uint32_t) * (size_t)src->ply_count);
    return BG_OK;
}

uint64_t bgi_line_key(const bgi_line *line, int ply)
{
    const bg_game *g = line->game;
    if (ply == line->plies)
        return line->last_key;
    return ply == 0 ? g->start_key : bgi_game_keys(g)[ply - 1];
}

bg_move bgi_line_move(const bgi_line *line, int ply)
{
    if (ply == line->plies)
        return line->last_move;
    return ply >= 1 && ply < line->plies ? bgi_game_moves(line->game)[ply - 1] : BG_MOVE_NONE;
}

uint32_t bgi_line_note(const bgi_line *line, int ply)
{
    if (ply == line->plies)
        return line->last_note;
    const uint32_t *notes = bgi_game_notes(line->game);
    return notes && ply >= 1 && ply < line->plies ? notes[ply - 1] : 0;
}

int bgi_line_repetitions(const bgi_line *line, int window)
{
    int first = window < 0 || window > line->plies ? 0 : line->plies - window;
    int n = 0;
    for (int i = first; i <= line->plies; i++)
        n += bgi_line_key(line, i) == line->last_key;
    return n;
}

int bg_game_ply_count(const bg_game *g) { return g ? g->ply_count : 0; }

bg_move bg_game_move_at(const bg_game *g, int ply)
{
    if (!g || ply < 0 || ply >= g->ply_count)
        return BG_MOVE_NONE;
    return bgi_game_moves(g)[ply];
}

/*
** An illegal move named by its squares in the game's coordinates ("e2e5", "P*5e", "7g7f=+P"):
** no notation can write a move that is not legal, but the message should still say which.
*/
static void move_squares(const bg_variant *v, bg_move m, char *out, size_t cap)
{
    char a[16] = "?", b[16] = "?";
    const int kind = BG_MOVE_KIND(m), nsq = v->width * v->height;
    const char *letter = kind >= 1 && kind <= v->piece_kinds ? v->piece_letters[kind] : "?";
    bgi_out o;
    if (BG_MOVE_FROM(m) < nsq) {
        bgi_out_init(&o, a, sizeof a);
        bgi_out_square(&o, v, BG_MOVE_FROM(m));
        bgi_out_finish(&o);
    }
    if (BG_MOVE_TO(m) < nsq) {
        bgi_out_init(&o, b, sizeof b);
        bgi_out_square(&o, v, BG_MOVE_TO(m));
        bgi_out_finish(&o);
    }
    if (m & BG_MOVE_PASS)
        snprintf(out, cap, "pass at %s", b);
    else if (m & BG_MOVE_DROP)
        snprintf(out, cap, "%s*%s", letter, b);
    else if (m & BG_MOVE_PROMOTION)
        snprintf(out, cap, "%s%s=%s", a, b, letter);
    else
        snprintf(out, cap, "%s%s", a, b);
}

/* A game judged later: whether its last move may have reached an ending a record plays past. */
static inline int judge_now(const bg_game *g)
{
    const bgi_adjudicator *adj = g->variant->adjudicator;
    return !adj || !adj->passable || adj->passable(g);
}

/* Room for one more ply: the block grown by half (a bounded slack of at most a third of it). */
static __attribute__((noinline)) bg_status grow(bg_game *g)
{
    int cap = g->ply_cap < 32 ? 32 : g->ply_cap + g->ply_cap / 2;
    if (cap > BGI_GAME_MAX_PLIES)
        cap = BGI_GAME_MAX_PLIES;
    if (resize(g, cap) != BG_OK)
        return bgi_game_fail(g, BG_E_NO_MEMORY, "out of memory storing ply %d", g->ply_count + 1);
    return BG_OK;
}

/*
** Append a move (checked when `known_legal` is 0); the game's result is judged again unless one
** is already set. Inline: a record reader appends every move it reads through here.
*/
static inline bg_status append(bg_game *g, bg_move m, int known_legal)
{
    if (!known_legal && !bg_position_is_legal(g->pos, m)) {
        char text[48];
        move_squares(g->variant, m, text, sizeof text);
        return bgi_game_fail(g, BG_E_ILLEGAL_MOVE, "illegal move %s at ply %d", text,
                             g->ply_count + 1);
    }
    if (g->ply_count >= BGI_GAME_MAX_PLIES)
        return bgi_game_fail(g, BG_E_LIMIT, "a game holds at most %d plies", BGI_GAME_MAX_PLIES);
    if (g->ply_count == g->ply_cap && grow(g) != BG_OK)
        return BG_E_NO_MEMORY;
    const bgi_rules *r = g->variant->rules;
    r->make(g->pos, m);
    bgi_game_keys(g)[g->ply_count] = r->repetition_key(g->pos);
    bgi_game_moves(g)[g->ply_count] = m;
    if (bgi_game_has_notes(g))
        bgi_game_notes(g)[g->ply_count] = g->variant->adjudicator->ply_note(g->pos, m);
    g->ply_count++;
    if (!bgi_game_over(g) && (!g->judge_later || judge_now(g)))
        bgi_game_adjudicate(g);
    return BG_OK;
}

void bgi_game_judge_later(bg_game *g, int later)
{
    g->judge_later = later;
    if (!later && !bgi_game_over(g))
        bgi_game_adjudicate(g);
}

void bgi_game_judge_pending(bg_game *g)
{
    if (g->judge_later && !bgi_game_over(g))
        bgi_game_adjudicate(g);
}

bg_status bg_game_play(bg_game *g, bg_move m)
{
    if (!g)
        return BG_E_INVALID_ARGUMENT;
    bgi_game_clear_error(g);
    if (bgi_game_over(g))
        return bgi_game_over_error(g);
    return append(g, m, 0);
}

/* Endings an arbiter judges and may let pass: a record that goes on takes them back. */
static int arbiter_ending(bg_reason r)
{
    return r == BG_REASON_REPETITION || r == BG_REASON_PERPETUAL_CHECK ||
           r == BG_REASON_PERPETUAL_CHASE || r == BG_REASON_MOVE_LIMIT || r == BG_REASON_COUNTING;
}

/*
** Endings the players accept over the board: in janggi a pass while the generals face each other
** accepts bikjang, and a pass answering a pass accepts the draw offer (both then counted). KJA's
** rules make both an offer the opponent takes or refuses, so a record that goes on shows that it
** was refused (or that the program knew no such rule); the position must forget it.
*/
static int accepted_ending(const bg_game *g)
{
    return (g->result.reason == BG_REASON_BIKJANG || g->result.reason == BG_REASON_DOUBLE_PASS) &&
           g->variant->adjudicator && g->variant->adjudicator->resume;
}

int bgi_game_record_goes_on(const bg_game *g)
{
    return !bgi_game_over(g) || g->result.outcome == BG_DRAW || arbiter_ending(g->result.reason) ||
           accepted_ending(g);
}

int bgi_game_record_resume(bg_game *g)
{
    if (!bgi_game_over(g) || !(arbiter_ending(g->result.reason) || accepted_ending(g)))
        return 0;
    if (accepted_ending(g))
        g->variant->adjudicator->resume(g->pos);
    g->result = (bgi_result){BG_ONGOING, 0, BG_REASON_NONE};
    return 1;
}

/* A record's move after an ending (rare): out of line, with its copy of the position. */
static __attribute__((noinline)) bg_status record_past_ending(bg_game *g, bg_move m,
                                                              int known_legal)
{
    if (!bgi_game_record_goes_on(g))
        return bgi_game_over_error(g);
    /*
    ** Play went on past an ending the arbiter let pass: it did not happen, and the game is
    ** judged again from here on. An automatic draw of the rules themselves (chess's fivefold
    ** repetition, 75 moves, dead position) stands, whatever the record says after it.
    */
    bgi_result kept = g->result;
    const int resume = accepted_ending(g);
    alignas(max_align_t) unsigned char before[BGI_MAX_POSITION_BYTES];
    const size_t size = bg_position_size(g->variant);
    if (resume) {
        if (size > sizeof before)
            return bgi_game_fail(g, BG_E_LIMIT, "position too large");
        memcpy(before, g->pos, size);
        g->variant->adjudicator->resume(g->pos);
    }
    if (arbiter_ending(g->result.reason) || resume)
        g->result = (bgi_result){BG_ONGOING, 0, BG_REASON_NONE};
    bg_status s = append(g, m, known_legal);
    if (s != BG_OK) {
        g->result = kept;
        if (resume)
            memcpy(g->pos, before, size);
    }
    return s;
}

bg_status bgi_game_record_move(bg_game *g, bg_move m, int known_legal)
{
    bgi_error_reset(&g->error); /* bgi_game_clear_error, inline: once per move of a record */
    if (g->result.outcome == BG_ONGOING)
        return append(g, m, known_legal); /* the usual move: nothing to take back */
    return record_past_ending(g, m, known_legal);
}

bg_status bgi_game_play_record(bg_game *g, bg_move m)
{
    return bgi_game_record_move(g, m, 0);
}

bg_status bg_game_play_record(bg_game *g, bg_move m)
{
    return g ? bgi_game_play_record(g, m) : BG_E_INVALID_ARGUMENT;
}

/* The main line in one notation, separated by single spaces, played on a copy of the start. */
int bg_game_line_text(const bg_game *g, const char *notation, char *buf, size_t cap)
{
    if (!g || (!buf && cap))
        return BG_E_INVALID_ARGUMENT;
    const bgi_notation *nt = bgi_find_notation(g->variant, notation ? notation : "uci");
    if (!nt)
        return BG_E_UNSUPPORTED;
    bgi_out o;
    bgi_out_init(&o, buf, cap);
    const bg_move *moves = bgi_game_moves(g);
    if (nt->format_line && nt->format_line(g->start, moves, g->ply_count, &o) == BG_OK)
        return bgi_out_finish(&o);
    size_t size = bg_position_size(g->variant);
    if (size > BGI_MAX_POSITION_BYTES)
        return BG_E_LIMIT;
    alignas(max_align_t) unsigned char raw[BGI_MAX_POSITION_BYTES];
    bg_position *pos = (bg_position *)(void *)raw;
    memcpy(pos, g->start, size);
    for (int i = 0; i < g->ply_count; i++) {
        char text[128];
        int n = nt->format(pos, moves[i], text, sizeof text);
        if (n < 0 || (size_t)n >= sizeof text)
            return n < 0 ? n : BG_E_LIMIT;
        if (i)
            bgi_out_char(&o, ' ');
        bgi_out_mem(&o, text, (size_t)n);
        bgi_position_make(pos, moves[i]);
    }
    return bgi_out_finish(&o);
}

bg_status bg_game_play_text(bg_game *g, const char *text, const char *notation, unsigned flags)
{
    bg_move m;
    if (!g)
        return BG_E_INVALID_ARGUMENT;
    bgi_game_clear_error(g);
    if (!text)
        return bgi_game_fail(g, BG_E_INVALID_ARGUMENT, "no move text given");
    if (bgi_game_over(g))
        return bgi_game_over_error(g);
    bg_status s = bg_move_parse(g->pos, text, notation, flags, &m, &g->error);
    if (s != BG_OK) {
        g->error.code = s;
        g->error.ply = g->ply_count + 1;
        if (!g->error.message[0])
            bgi_game_fail(g, s, "%s", bg_strerror(s));
        return s;
    }
    return bg_game_play(g, m);
}

bg_status bg_game_undo(bg_game *g)
{
    if (!g)
        return BG_E_INVALID_ARGUMENT;
    bgi_game_clear_error(g);
    if (g->ply_count == 0)
        return bgi_game_fail(g, BG_E_NO_MOVE, "no move to take back");
    g->ply_count--;
    /* Replay from the start: the history keeps no intermediate positions (see game_internal.h). */
    bg_position_copy(g->pos, g->start);
    const bg_move *moves = bgi_game_moves(g);
    for (int i = 0; i < g->ply_count; i++)
        bgi_position_make(g->pos, moves[i]);
    /*
    ** Any result was set at or after the ply taken back, or the record went on past it: the
    ** position taken back to is judged again (a repetition or a double pass a record went past
    ** ends the game there, as in play).
    */
    g->result = (bgi_result){BG_ONGOING, 0, BG_REASON_NONE};
    bgi_game_adjudicate(g);
    bgi_notes_truncate(g, g->ply_count);
    return BG_OK;
}
