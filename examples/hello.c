/* hello — libboardgames in one minute: play moves, print the position, its legal moves, the result. */
#include <stdio.h>

#include <boardgames/boardgames.h>

int main(void)
{
    const bg_variant *chess = bg_variant_find("chess");
    bg_error err = BG_ERROR_INIT;
    bg_game *game = NULL;
    if (bg_game_new(&game, chess, NULL, NULL, &err) != BG_OK) {
        fprintf(stderr, "hello: %s\n", err.message);
        return 1;
    }
    const char *moves[] = {"f3", "e5", "g4"}; /* the start of Fool's mate */
    for (int i = 0; i < 3; i++)
        if (bg_game_play_text(game, moves[i], "san", 0) != BG_OK)
            fprintf(stderr, "hello: %s\n", bg_game_errmsg(game));

    const bg_position *pos = bg_game_position(game); /* borrowed: valid until the next move */
    char text[128];
    bg_position_text(pos, NULL, text, sizeof text);
    printf("FEN: %s\nlegal moves:", text);
    bg_move legal[256]; /* bg_variant_max_moves(chess) */
    int n = bg_position_legal_moves(pos, legal, 256);
    for (int i = 0; i < n; i++) {
        bg_move_format(pos, legal[i], "san", text, sizeof text);
        printf(" %s", text);
    }

    bg_game_play_text(game, "Qh4#", "san", 0);
    const char *winner = bg_variant_side_id(chess, bg_game_winners(game) & 1 ? 0 : 1);
    if (bg_game_outcome(game) == BG_WIN)
        printf("\nafter Qh4#: %s wins by %s\n", winner, bg_reason_name(bg_game_reason(game)));
    else
        printf("\nafter Qh4#: the game goes on?\n");
    bg_game_free(game);
    return 0;
}
