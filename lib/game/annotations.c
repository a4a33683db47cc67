/* libboardgames — annotations of the main line: comments, NAGs and variations per ply. */
#include <string.h>

#include "game_internal.h"

#define MAX_NAG 255
/*
** Per-ply bounds: each addition copies the ply's array, so unbounded counts would let hostile
** records cost quadratic time; real games use a handful of NAGs and variations per move.
*/
#define MAX_NAGS_PER_PLY BG_GAME_MAX_NAGS
#define MAX_VARIATIONS_PER_PLY BG_GAME_MAX_VARIATIONS

static size_t str_bytes(const char *s) { return strlen(s) + 1; }

/*
** Variation lists hold a power of two of entries (the smallest that fits the count), so that
** adding one copies the list only when it is full: linear in the variations of a ply.
*/
static size_t var_bytes(int count)
{
    size_t cap = 1;
    if (count <= 0)
        return 0;
    while (cap < (size_t)count)
        cap *= 2;
    return sizeof(char *) * cap;
}

/* Index of the note for ply, or of where it would be inserted (*found says which). */
static int locate(const bg_game *g, int ply, int *found)
{
    int lo = 0, hi = g->note_count;
    while (lo < hi) {
        int mid = lo + (hi - lo) / 2;
        if (g->notes[mid].ply < ply)
            lo = mid + 1;
        else
            hi = mid;
    }
    *found = lo < g->note_count && g->notes[lo].ply == ply;
    return lo;
}

static const bgi_note *note_of(const bg_game *g, int ply)
{
    int found, i;
    if (!g)
        return NULL;
    i = locate(g, ply, &found);
    return found ? &g->notes[i] : NULL;
}

/*
** The note for ply, created empty if absent. Only allocation: growing the note array, done before
** anything changes, so NULL leaves the game as it was.
*/
static bgi_note *note_for(bg_game *g, int ply)
{
    int found, i = locate(g, ply, &found);
    if (found)
        return &g->notes[i];
    if (g->note_count == g->note_cap) {
        bgi_note *n = bgi_grow(&g->alloc, g->notes, &g->note_cap, sizeof *n, 4);
        if (!n)
            return NULL;
        g->notes = n;
    }
    memmove(g->notes + i + 1, g->notes + i, sizeof *g->notes * (size_t)(g->note_count - i));
    g->notes[i] = (bgi_note){.ply = ply};
    g->note_count++;
    return &g->notes[i];
}

static void note_clear(const bgi_alloc *a, bgi_note *n)
{
    if (n->comment)
        bgi_free(a, n->comment, str_bytes(n->comment));
    bgi_free(a, n->nags, (size_t)n->nag_count);
    for (int i = 0; i < n->variation_count; i++)
        if (n->variations[i])
            bgi_free(a, n->variations[i], str_bytes(n->variations[i]));
    bgi_free(a, n->variations, var_bytes(n->variation_count));
    *n = (bgi_note){.ply = n->ply};
}

/* Drop the note at index i if nothing is left in it. */
static void drop_if_empty(bg_game *g, int i)
{
    bgi_note *n = &g->notes[i];
    if (n->comment || n->nag_count || n->variation_count)
        return;
    memmove(g->notes + i, g->notes + i + 1, sizeof *g->notes * (size_t)(g->note_count - i - 1));
    g->note_count--;
}

static bg_status check_ply(bg_game *g, int ply, int first)
{
    if (ply < first || ply > g->ply_count)
        return bgi_game_fail(g, BG_E_NO_MOVE, "no ply %d (the game has %d)", ply, g->ply_count);
    return BG_OK;
}

/* Start of a call that annotates ply (0 = before the first move): error cleared, ply checked. */
static bg_status annotate_begin(bg_game *g, int ply)
{
    if (!g)
        return BG_E_INVALID_ARGUMENT;
    bgi_game_clear_error(g);
    return check_ply(g, ply, 0);
}

bg_status bg_game_set_comment(bg_game *g, int ply, const char *comment)
{
    bg_status s = annotate_begin(g, ply);
    if (s != BG_OK)
        return s;
    if (!comment) {
        int found, i = locate(g, ply, &found);
        if (found && g->notes[i].comment) {
            bgi_free(&g->alloc, g->notes[i].comment, str_bytes(g->notes[i].comment));
            g->notes[i].comment = NULL;
            drop_if_empty(g, i);
        }
        return BG_OK;
    }
    char *copy = bgi_strdup(&g->alloc, comment);
    bgi_note *n = copy ? note_for(g, ply) : NULL;
    if (!n) {
        if (copy)
            bgi_free(&g->alloc, copy, str_bytes(copy));
        return bgi_game_fail(g, BG_E_NO_MEMORY, "out of memory storing a comment at ply %d", ply);
    }
    if (n->comment)
        bgi_free(&g->alloc, n->comment, str_bytes(n->comment));
    n->comment = copy;
    return BG_OK;
}

const char *bg_game_comment(const bg_game *g, int ply)
{
    const bgi_note *n = note_of(g, ply);
    return n ? n->comment : NULL;
}

bg_status bg_game_add_nag(bg_game *g, int ply, int nag)
{
    bg_status s = annotate_begin(g, ply);
    if (s != BG_OK)
        return s;
    if (nag < 0 || nag > MAX_NAG)
        return bgi_game_fail(g, BG_E_INVALID_ARGUMENT, "NAG $%d out of range 0..%d", nag, MAX_NAG);
    const bgi_note *old = note_of(g, ply);
    int count = old ? old->nag_count : 0;
    if (count >= MAX_NAGS_PER_PLY)
        return bgi_game_fail(g, BG_E_LIMIT, "at most %d NAGs per ply", MAX_NAGS_PER_PLY);
    /* The grown array is built apart from the note, so a failure below changes nothing. */
    uint8_t *nags = bgi_malloc(&g->alloc, (size_t)count + 1);
    bgi_note *n = nags ? note_for(g, ply) : NULL;
    if (!n) {
        bgi_free(&g->alloc, nags, (size_t)count + 1);
        return bgi_game_fail(g, BG_E_NO_MEMORY, "out of memory storing a NAG at ply %d", ply);
    }
    if (count)
        memcpy(nags, n->nags, (size_t)count);
    nags[count] = (uint8_t)nag;
    bgi_free(&g->alloc, n->nags, (size_t)count);
    n->nags = nags;
    n->nag_count = count + 1;
    return BG_OK;
}

int bg_game_nag_count(const bg_game *g, int ply)
{
    const bgi_note *n = note_of(g, ply);
    return n ? n->nag_count : 0;
}

int bg_game_nag_at(const bg_game *g, int ply, int index)
{
    const bgi_note *n = note_of(g, ply);
    if (!n || index < 0 || index >= n->nag_count)
        return BG_E_NO_MOVE;
    return n->nags[index];
}

bg_status bg_game_add_variation(bg_game *g, int ply, const char *text)
{
    if (!g)
        return BG_E_INVALID_ARGUMENT;
    bgi_game_clear_error(g);
    if (!text)
        return bgi_game_fail(g, BG_E_INVALID_ARGUMENT, "no variation text given");
    bg_status s = check_ply(g, ply, 1);
    if (s != BG_OK)
        return s;
    const bgi_note *old = note_of(g, ply);
    int count = old ? old->variation_count : 0;
    if (count >= MAX_VARIATIONS_PER_PLY)
        return bgi_game_fail(g, BG_E_LIMIT, "at most %d variations per ply",
                             MAX_VARIATIONS_PER_PLY);
    /* A full list grows into a new one, built apart from the note: a failure changes nothing. */
    const int grow = var_bytes(count + 1) != var_bytes(count);
    char *copy = bgi_strdup(&g->alloc, text);
    char **list = copy && grow ? bgi_malloc(&g->alloc, var_bytes(count + 1)) : NULL;
    bgi_note *n = copy && (list || !grow) ? note_for(g, ply) : NULL;
    if (!n) {
        bgi_free(&g->alloc, list, var_bytes(count + 1));
        if (copy)
            bgi_free(&g->alloc, copy, str_bytes(copy));
        return bgi_game_fail(g, BG_E_NO_MEMORY, "out of memory storing a variation at ply %d",
                             ply);
    }
    if (grow) {
        if (count)
            memcpy(list, n->variations, sizeof(char *) * (size_t)count);
        bgi_free(&g->alloc, n->variations, var_bytes(count));
        n->variations = list;
    }
    n->variations[count] = copy;
    n->variation_count = count + 1;
    return BG_OK;
}

int bg_game_variation_count(const bg_game *g, int ply)
{
    const bgi_note *n = note_of(g, ply);
    return n ? n->variation_count : 0;
}

const char *bg_game_variation_at(const bg_game *g, int ply, int index)
{
    const bgi_note *n = note_of(g, ply);
    return n && index >= 0 && index < n->variation_count ? n->variations[index] : NULL;
}

void bgi_notes_truncate(bg_game *g, int ply)
{
    while (g->note_count && g->notes[g->note_count - 1].ply > ply)
        note_clear(&g->alloc, &g->notes[--g->note_count]);
}

void bgi_notes_free(bg_game *g)
{
    bgi_notes_truncate(g, -1);
    bgi_free(&g->alloc, g->notes, sizeof *g->notes * (size_t)g->note_cap);
    g->notes = NULL;
    g->note_cap = 0;
}

size_t bgi_notes_memory(const bg_game *g)
{
    size_t bytes = g->notes ? sizeof *g->notes * (size_t)g->note_cap : 0;
    for (int i = 0; i < g->note_count; i++) {
        const bgi_note *n = &g->notes[i];
        bytes += n->comment ? str_bytes(n->comment) : 0;
        bytes += (size_t)n->nag_count;
        bytes += var_bytes(n->variation_count);
        for (int j = 0; j < n->variation_count; j++)
            bytes += str_bytes(n->variations[j]);
    }
    return bytes;
}

/* Deep copy of one note into an empty one; on failure *dst holds what was copied (freeable). */
static bg_status note_copy(const bgi_alloc *a, bgi_note *dst, const bgi_note *src)
{
    *dst = (bgi_note){.ply = src->ply};
    if (src->comment && !(dst->comment = bgi_strdup(a, src->comment)))
        return BG_E_NO_MEMORY;
    if (src->nag_count) {
        if (!(dst->nags = bgi_malloc(a, (size_t)src->nag_count)))
            return BG_E_NO_MEMORY;
        memcpy(dst->nags, src->nags, (size_t)src->nag_count);
        dst->nag_count = src->nag_count;
    }
    if (src->variation_count) {
        size_t bytes = var_bytes(src->variation_count);
        if (!(dst->variations = bgi_malloc(a, bytes)))
            return BG_E_NO_MEMORY;
        /* NULL entries until copied: note_clear skips them if a copy below fails. */
        memset(dst->variations, 0, bytes);
        dst->variation_count = src->variation_count;
        for (int i = 0; i < src->variation_count; i++)
            if (!(dst->variations[i] = bgi_strdup(a, src->variations[i])))
                return BG_E_NO_MEMORY;
    }
    return BG_OK;
}

bg_status bgi_notes_copy(bg_game *dst, const bg_game *src)
{
    if (!src->note_count)
        return BG_OK;
    dst->notes = bgi_malloc(&dst->alloc, sizeof *dst->notes * (size_t)src->note_count);
    if (!dst->notes)
        return BG_E_NO_MEMORY;
    dst->note_cap = src->note_count;
    for (int i = 0; i < src->note_count; i++) {
        bg_status s = note_copy(&dst->alloc, &dst->notes[i], &src->notes[i]);
        dst->note_count = i + 1; /* counted even when partial: bgi_notes_free releases it */
        if (s != BG_OK)
            return s;
    }
    return BG_OK;
}
