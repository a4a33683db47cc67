/* libboardgames — a game handle's last error: the one place bgi_game_fail writes it (below every game file). */
#include <stdio.h>

#include "game_internal.h"

void bgi_game_clear_error(bg_game *g)
{
    bgi_error_reset(&g->error);
}

bg_status bgi_game_fail(bg_game *g, bg_status code, const char *fmt, ...)
{
    va_list ap;
    bgi_game_clear_error(g);
    g->error.code = code;
    va_start(ap, fmt);
    vsnprintf(g->error.message, sizeof g->error.message, fmt, ap);
    va_end(ap);
    return code;
}

const char *bg_game_errmsg(const bg_game *g) { return g ? g->error.message : ""; }
const bg_error *bg_game_error(const bg_game *g) { return g ? &g->error : NULL; }
