/* tests/pkgconfig — the smallest user program, built with pkg-config's flags only: prints versions and a perft. */
#include <stdio.h>

#include <boardgames/boardgames.h>

int main(void)
{
    bg_position *pos = NULL;
    if (bg_position_new(&pos, bg_variant_find("chess"), NULL, NULL, NULL) != BG_OK)
        return 1;
    /* The header's version, the library's, and a count only a working engine gives (400). */
    printf("%s %s %llu\n", BG_VERSION_STRING, bg_version(),
           (unsigned long long)bg_position_perft(pos, 2));
    bg_position_free(pos);
    return 0;
}
