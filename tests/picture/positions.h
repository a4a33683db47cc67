/* The start and a midgame of every variant, for the picture tests and the pictures in docs/pictures.md. */
#ifndef BG_TEST_POSITIONS_H
#define BG_TEST_POSITIONS_H

#define BG_EXPERIMENTAL
#include <boardgames/boardgames.h>
#include <stdio.h>
#include <string.h>

/* Moves in the variant's coordinate notation (uci / usi) leading to a midgame with captures. */
static const struct midgame {
    const char *variant, *moves, *marks, *arrows;
} midgames[] = {
    {"chess", "e2e4 e7e5 g1f3 b8c6 f1b5 a7a6 b5a4 g8f6 e1g1 f8e7 f1e1 b7b5 a4b3 d7d6 c2c3 e8g8 "
              "h2h3 c6a5 b3c2 c7c5 d2d4 d8c7", "e5", "d4c5 a5c4"},
    {"xiangqi", "h3e3 h10g8 h1g3 i10h10 i1h1 b10c8 b1c3 c7c6 b3b7 h8h4 h1h2 g7g6", "e7",
     "e3e7 h4h2"},
    {"janggi", "b1c3 b10c8 h1g3 h10g8 b3e3 i7h7 i4h4 h8e8 a1a2 a10a9 c4d4 g7f7", "e7", "e3e7"},
    {"lionchess", "j3g3 j10i8 j1i3 k10j10 k1j1 b10c8 c1e3 i10g8", "f8", "e3h6"},
    {"shogi", "7g7f 3c3d 2g2f 8c8d 2f2e 8d8e 6i7h 4a3b 2e2d 2c2d 2h2d P*2c 2d2h 8e8f 8g8f 8b8f "
              "P*8g 8f8d 3i3h 7a7b 5i6h 5a5b", "2c", "8h2b"},
    {"shoshogi", "7g7f 3c3d 8h2b+ 3a2b 2g2f 8c8d 2f2e 8d8e", "5h", "2e2d"},
    {"heianshogi", "7g7f 3c3d 7f7e 3d3e 7e7d 7c7d 6i7h 4a3b", "7d", "8g8f"},
    {"torishogi", "3d3c 5d5e 4f5e 4c4d", "4a", "5e5c"},
    {"minishogi", "4e3d 2a3b 3d4c 3b4c 2e4c", "4c", "5e4d"},
    {"sevenkingdoms", "e10g10 f5f7 n5n7 o6m6 o14m14 n15n13 f15f13 d10d12 f4f6 n4n6", "j10",
     "g10i10 f7f9"},
};
#define MIDGAMES (sizeof midgames / sizeof midgames[0])

/*
** The midgame's position (a new handle) and the picture options that show its last move, marks
** and arrows; NULL and a message on stderr if a move does not parse.
*/
static bg_position *midgame_position(const struct midgame *mg, char *options, size_t cap)
{
    bg_position *pos = NULL;
    if (bg_position_new(&pos, bg_variant_find(mg->variant), NULL, NULL, NULL) != BG_OK)
        return NULL;
    char moves[512], last[16] = "";
    snprintf(moves, sizeof moves, "%s", mg->moves);
    for (char *m = strtok(moves, " "); m; m = strtok(NULL, " ")) {
        bg_move mv;
        bg_error err = BG_ERROR_INIT;
        if (bg_move_parse(pos, m, NULL, 0, &mv, &err) != BG_OK || bg_position_play(pos, mv) != BG_OK) {
            fprintf(stderr, "%s: move %s: %s\n", mg->variant, m, err.message);
            bg_position_free(pos);
            return NULL;
        }
        snprintf(last, sizeof last, "%s", m);
    }
    snprintf(options, cap, "lastmove=%s,marks=%s,arrows=%s", last, mg->marks, mg->arrows);
    return pos;
}

#endif
