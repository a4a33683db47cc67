/* libboardgames — the PGN reader's comments and its out-of-memory error (below the tag and movetext readers). */
#include <string.h>

#include "game_internal.h"
#include "pgn.h"

bg_status bgi_pgn_no_memory(pgn_ctx *c)
{
    return bgi_pgn_fail(c, BG_E_NO_MEMORY, c->lx.i, 0, "out of memory");
}

/* ---------- comments ---------- */

/*
** Comments are gathered per ply (several in a row become one, separated by a space) and handed
** to the game once the ply is complete, so that hostile runs of comments cost linear time.
*/
bg_status bgi_pgn_flush_comment(pgn_ctx *c)
{
    if (!c->g || !c->note.len)
        return BG_OK;
    const char *old = bg_game_comment(c->g, c->note_ply);
    bg_status s = BG_OK;
    if (old && old[0]) {
        size_t n = strlen(old);
        s = bgi_pgnbuf_add(&c->note, old, n + 1); /* room, then shift the old text in front */
        if (s == BG_OK) {
            memmove(c->note.p + n + 1, c->note.p, c->note.len - n - 1);
            memcpy(c->note.p, old, n);
            c->note.p[n] = ' ';
        }
    }
    if (s == BG_OK)
        s = bg_game_set_comment(c->g, c->note_ply, c->note.p);
    c->note.len = 0;
    return s == BG_OK ? s : bgi_pgn_fail(c, s, c->lx.i, 0, "cannot keep a comment: %s", bg_strerror(s));
}

static bg_status add_comment(pgn_ctx *c, int ply, const char *text)
{
    bg_status s = BG_OK;
    if (c->note.len && ply != c->note_ply && (s = bgi_pgn_flush_comment(c)) != BG_OK)
        return s;
    if (!text[0])
        return BG_OK;
    c->note_ply = ply;
    if (c->note.len)
        s = bgi_pgnbuf_addc(&c->note, ' ');
    if (s == BG_OK)
        s = bgi_pgnbuf_add(&c->note, text, strlen(text));
    return s == BG_OK ? s : bgi_pgn_no_memory(c);
}

bg_status bgi_pgn_read_comment(pgn_ctx *c, int ply)
{
    size_t at = c->lx.i;
    if (c->moves_only) {
        if (bgi_pgn_skip_comment(&c->lx) == BG_OK)
            return BG_OK;
        c->lx.i = c->lx.len;
        return bgi_pgn_fail(c, BG_E_PARSE, at, 0, "comment '{' is never closed");
    }
    bg_status s = bgi_pgn_comment(&c->lx, &c->tmp);
    if (s == BG_E_PARSE) {
        c->lx.i = c->lx.len; /* the rest of the file is inside the comment */
        return bgi_pgn_fail(c, BG_E_PARSE, at, 0, "comment '{' is never closed");
    }
    if (s != BG_OK)
        return bgi_pgn_no_memory(c);
    return add_comment(c, ply, c->tmp.p);
}
