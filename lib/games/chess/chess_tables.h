/* libboardgames — declarations of the generated chess attack tables and their lookups. */
#ifndef BG_CHESS_TABLES_H
#define BG_CHESS_TABLES_H

#include <stdint.h>

typedef struct chess_magic {
    uint64_t mask, magic;
    unsigned shift, offset;
} chess_magic;

extern const uint64_t chess_knight_attacks[64] __attribute__((visibility("hidden")));
extern const uint64_t chess_king_attacks[64] __attribute__((visibility("hidden")));
extern const uint64_t chess_pawn_attacks[2][64] __attribute__((visibility("hidden")));
extern const uint64_t chess_between[64][64] __attribute__((visibility("hidden")));
extern const uint64_t chess_line[64][64] __attribute__((visibility("hidden")));
extern const chess_magic chess_rook_magics[64] __attribute__((visibility("hidden")));
extern const chess_magic chess_bishop_magics[64] __attribute__((visibility("hidden")));
extern const uint64_t chess_slider_attacks[] __attribute__((visibility("hidden")));

static inline uint64_t chess_rook_attacks(int sq, uint64_t occ)
{
    const chess_magic *m = &chess_rook_magics[sq];
    return chess_slider_attacks[m->offset + (((occ & m->mask) * m->magic) >> m->shift)];
}

static inline uint64_t chess_bishop_attacks(int sq, uint64_t occ)
{
    const chess_magic *m = &chess_bishop_magics[sq];
    return chess_slider_attacks[m->offset + (((occ & m->mask) * m->magic) >> m->shift)];
}

#endif
