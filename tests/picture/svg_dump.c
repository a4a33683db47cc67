/* Writes the SVG of every variant's start position and midgame (tests/picture/positions.h) into a directory: VARIANT-start.svg, VARIANT-midgame.svg, VARIANT-flipped.svg. */
#include <stdlib.h>

#include "positions.h"

static int write_svg(const char *dir, const char *variant, const char *what,
                     const bg_position *pos, const char *options)
{
    int n = bg_position_svg(pos, options, NULL, 0);
    if (n < 0) {
        fprintf(stderr, "%s %s: bg_position_svg: %s\n", variant, what, bg_strerror(n));
        return 1;
    }
    char *buf = malloc((size_t)n + 1);
    if (!buf || bg_position_svg(pos, options, buf, (size_t)n + 1) != n) {
        free(buf);
        return 1;
    }
    char path[4096];
    snprintf(path, sizeof path, "%s/%s-%s.svg", dir, variant, what);
    FILE *f = fopen(path, "w");
    int bad = !f || fwrite(buf, 1, (size_t)n, f) != (size_t)n;
    if (f && fclose(f) != 0)
        bad = 1;
    if (bad)
        fprintf(stderr, "cannot write %s\n", path);
    else
        printf("%s\n", path);
    free(buf);
    return bad;
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: svg_dump DIR\n");
        return 2;
    }
    int bad = 0;
    for (size_t i = 0; i < MIDGAMES; i++) {
        const struct midgame *mg = &midgames[i];
        bg_position *start = NULL;
        if (bg_position_new(&start, bg_variant_find(mg->variant), NULL, NULL, NULL) != BG_OK)
            return 1;
        bad |= write_svg(argv[1], mg->variant, "start", start, NULL);
        bg_position_free(start);
        char options[256], flipped[300];
        bg_position *pos = midgame_position(mg, options, sizeof options);
        if (!pos)
            return 1;
        bad |= write_svg(argv[1], mg->variant, "midgame", pos, options);
        snprintf(flipped, sizeof flipped, "%s,flip=true,coordinates=false,size=300", options);
        bad |= write_svg(argv[1], mg->variant, "flipped", pos, flipped);
        bg_position_free(pos);
    }
    return bad;
}
