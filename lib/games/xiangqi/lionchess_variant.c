/*
** libboardgames — the `lionchess` variant (獅子象棋, seed 000): xiangqi on an 11x10 board with a lion
** for each side. Its engine is xiangqi's (kind 8 is the lion: xiangqi_movegen.c, xiangqi_fen.c,
** the tables of xiangqi_gen_tables.c), its notations xiangqi's (lib/notation/xiangqi/).
*/
#include "xiangqi_variant.h"

/*
** The seed gives no start position (docs/rules.md): this one keeps xiangqi's geometry, the lions
** on files c and i, the elephants on d and h, the cannons on the horse files.
*/
#define LIONCHESS_FEN "rnlbakablnr/11/1c7c1/p1p2p2p1p/11/11/P1P2P2P1P/1C7C1/11/RNLBAKABLNR w - - 0 1"

XQ_VARIANT(bgi_variant_lionchess, "lionchess", "Lion chess", 11, 8, LIONCHESS_FEN);
