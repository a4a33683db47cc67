/* libboardgames — the "no legal move: checkmate or stalemate" ending the two-sided families share. */
#include "internal.h"

void bgi_no_move_ending(int side, int mated, bg_reason stalemate, int stalemate_draws,
                        bg_outcome *outcome, uint32_t *winners, bg_reason *reason)
{
    const int draw = !mated && stalemate_draws;
    *outcome = draw ? BG_DRAW : BG_WIN;
    *winners = draw ? 0 : 1u << (1 - side);
    *reason = mated ? BG_REASON_CHECKMATE : stalemate;
}
