/* libboardgames — move value accessors and constructors as functions (for bindings without macros). */
#include "internal.h"

/* Squares of defined variants reach BG_MAX_DEFINED_SQUARES (boardgames/define.h). */

int bg_move_from(bg_move m) { return BG_MOVE_FROM(m); }
int bg_move_to(bg_move m) { return BG_MOVE_TO(m); }
int bg_move_kind(bg_move m) { return BG_MOVE_KIND(m); }
int bg_move_is_drop(bg_move m) { return (m & BG_MOVE_DROP) != 0; }
int bg_move_is_promotion(bg_move m) { return (m & BG_MOVE_PROMOTION) != 0; }
int bg_move_is_pass(bg_move m) { return (m & BG_MOVE_PASS) != 0; }

bg_move bg_move_make(int from, int to, int promotion_kind)
{
    if (from < 0 || from >= BG_MAX_DEFINED_SQUARES || to < 0 || to >= BG_MAX_DEFINED_SQUARES ||
        promotion_kind < 0 || promotion_kind > 63)
        return BG_MOVE_NONE;
    return promotion_kind ? BG_MOVE_MAKE_PROMOTION(from, to, promotion_kind)
                          : BG_MOVE_MAKE(from, to);
}

bg_move bg_move_make_drop(int kind, int to)
{
    if (kind <= 0 || kind > 63 || to < 0 || to >= BG_MAX_DEFINED_SQUARES)
        return BG_MOVE_NONE;
    return BG_MOVE_MAKE_DROP(kind, to);
}

bg_move bg_move_make_pass(int royal_square)
{
    if (royal_square < 0 || royal_square >= BG_MAX_DEFINED_SQUARES)
        return BG_MOVE_NONE;
    return BG_MOVE_MAKE_PASS(royal_square);
}
