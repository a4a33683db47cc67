/* libboardgames — game handles: creation from a start position or text, clone, free, queries, memory. */
#include <string.h>

#include "game_internal.h"

/* Wrap a fresh position (owned on success) into a new game handle. */
static bg_status wrap_position(bg_game **out, bg_position *start, bg_error *err)
{
    bgi_alloc a = start->alloc;
    bg_game *g = bgi_malloc(&a, sizeof *g);
    if (!g) {
        bg_position_free(start);
        return bgi_fail(err, BG_E_NO_MEMORY, 0, "out of memory allocating a game");
    }
    memset(g, 0, sizeof *g);
    g->variant = start->variant;
    g->alloc = a;
    g->start = start;
    bg_status s = bg_position_clone(&g->pos, start);
    if (s != BG_OK) {
        bg_position_free(start);
        bgi_free(&a, g, sizeof *g);
        return bgi_fail(err, s, 0, "out of memory allocating a game position");
    }
    g->start_key = g->variant->rules->repetition_key(start);
    bgi_game_clear_error(g);
    bgi_game_adjudicate(g);
    *out = g;
    return BG_OK;
}

bg_status bg_game_new(bg_game **out, const bg_variant *v, const char *options,
                      const bg_allocator *alloc, bg_error *err)
{
    bg_position *start;
    bgi_error_clear(err);
    if (!out)
        return bgi_fail(err, BG_E_INVALID_ARGUMENT, 0, "no output handle pointer");
    *out = NULL;
    bg_status s = bg_position_new(&start, v, options, alloc, err);
    if (s != BG_OK)
        return s;
    return wrap_position(out, start, err);
}

bg_status bg_game_new_from_text(bg_game **out, const bg_variant *v, const char *text,
                                const char *format, const char *options, unsigned flags,
                                const bg_allocator *alloc, bg_error *err)
{
    bg_position *start;
    bgi_error_clear(err);
    if (!out)
        return bgi_fail(err, BG_E_INVALID_ARGUMENT, 0, "no output handle pointer");
    *out = NULL;
    bg_status s = bg_position_from_text(&start, v, text, format, options, flags, alloc, err);
    if (s != BG_OK)
        return s;
    return wrap_position(out, start, err);
}

void bg_game_free(bg_game *g)
{
    if (!g)
        return;
    bgi_alloc a = g->alloc;
    bgi_notes_free(g);
    bgi_tags_free(g);
    bgi_history_free(g);
    bg_position_free(g->pos);
    bg_position_free(g->start);
    bgi_free(&a, g, sizeof *g);
}

bg_status bg_game_clone(bg_game **out, const bg_game *src)
{
    if (!out)
        return BG_E_INVALID_ARGUMENT;
    *out = NULL;
    if (!src)
        return BG_E_INVALID_ARGUMENT;
    bg_game *g = bgi_malloc(&src->alloc, sizeof *g);
    if (!g)
        return BG_E_NO_MEMORY;
    /* Start from a copy with every owned pointer cleared, so bg_game_free works at each step. */
    *g = *src;
    g->start = g->pos = NULL;
    g->plies = NULL;
    g->ply_cap = 0;
    g->tags = NULL;
    g->tag_count = g->tag_cap = 0;
    g->notes = NULL;
    g->note_count = g->note_cap = 0;
    bg_status s = bg_position_clone(&g->start, src->start);
    if (s == BG_OK)
        s = bg_position_clone(&g->pos, src->pos);
    if (s == BG_OK)
        s = bgi_history_copy(g, src);
    if (s == BG_OK)
        s = bgi_tags_copy(g, src);
    if (s == BG_OK)
        s = bgi_notes_copy(g, src);
    if (s != BG_OK) {
        bg_game_free(g);
        return s;
    }
    *out = g;
    return BG_OK;
}

const bg_variant *bg_game_variant(const bg_game *g) { return g ? g->variant : NULL; }
const bg_position *bg_game_position(const bg_game *g) { return g ? g->pos : NULL; }
const bg_position *bg_game_start_position(const bg_game *g) { return g ? g->start : NULL; }

size_t bg_game_memory(const bg_game *g)
{
    if (!g)
        return 0;
    return sizeof *g + 2 * bg_position_size(g->variant) + bgi_history_memory(g) +
           bgi_tags_memory(g) + bgi_notes_memory(g);
}
