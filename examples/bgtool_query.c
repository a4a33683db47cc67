/* bgtool — the read-only commands: variants, perft (with --divide) and moves. */
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "bgtool.h"

/* Deeper than any perft that finishes in a lifetime; catches typos such as 66 for 6. */
#define MAX_DEPTH 30

int bgt_cmd_variants(const bgt_args *a)
{
    int defined = bg_variant_set_count(a->defined);
    for (int i = 0; i < bg_variant_count() + defined; i++) {
        const bg_variant *v = i < defined ? bg_variant_set_at(a->defined, i) : bg_variant_at(i - defined);
        printf("%s\t%s\t%d\t%d x %d\n", bg_variant_id(v), bg_variant_name(v), bg_variant_sides(v),
               bg_variant_width(v), bg_variant_height(v));
    }
    return BGT_OK;
}

static int parse_depth(const char *text, int *depth)
{
    char *end;
    errno = 0;
    long d = strtol(text, &end, 10);
    if (end == text || *end || errno || d < 0 || d > MAX_DEPTH)
        return bgt_fail("DEPTH must be a whole number from 0 to %d, got '%s'", MAX_DEPTH, text);
    *depth = (int)d;
    return BGT_OK;
}

/* Root moves are shown in uci (docs/cli.md); a variant without it falls back to its first notation. */
static const char *divide_notation(const bg_variant *v)
{
    return bgt_has_notation(v, "uci") ? "uci" : bg_variant_notation_at(v, 0);
}

static int divide(const bg_position *pos, int depth)
{
    const bg_variant *v = bg_position_variant(pos);
    size_t cap = (size_t)bg_variant_max_moves(v);
    bg_move *moves = malloc(cap * sizeof *moves);
    uint64_t *counts = malloc(cap * sizeof *counts);
    int status = moves && counts ? BGT_OK : bgt_fail("out of memory");
    int n = status == BGT_OK ? bg_position_divide(pos, depth, moves, counts, cap) : 0;
    if (n < 0)
        status = bgt_fail("divide failed: %s", bg_strerror(n));
    else if ((size_t)n > cap)
        status = bgt_fail("more root moves (%d) than the variant's maximum (%zu)", n, cap);
    uint64_t total = 0;
    for (int i = 0; status == BGT_OK && i < n; i++) {
        char text[64];
        bgt_format_move(pos, moves[i], divide_notation(v), text, sizeof text);
        printf("%s\t%" PRIu64 "\n", text, counts[i]);
        total += counts[i];
    }
    if (status == BGT_OK)
        printf("%" PRIu64 "\n", total);
    free(moves);
    free(counts);
    return status;
}

int bgt_cmd_perft(const bgt_args *a)
{
    int depth = 0;
    bg_position *pos = NULL;
    if (parse_depth(a->positional[0], &depth) != BGT_OK || bgt_make_position(a, &pos) != BGT_OK)
        return BGT_FAIL;
    int status = BGT_OK;
    if (a->divide && depth > 0)
        status = divide(pos, depth);
    else
        printf("%" PRIu64 "\n", bg_position_perft(pos, depth));
    bg_position_free(pos);
    return status;
}

int bgt_cmd_moves(const bgt_args *a)
{
    const char *notation = a->notation ? a->notation : "uci";
    if (!bgt_has_notation(a->variant, notation))
        return bgt_fail("%s has no notation '%s'", bg_variant_id(a->variant), notation);
    bg_position *pos = NULL;
    if (bgt_make_position(a, &pos) != BGT_OK)
        return BGT_FAIL;
    size_t cap = (size_t)bg_variant_max_moves(a->variant);
    bg_move *moves = malloc(cap * sizeof *moves);
    int status = moves ? BGT_OK : bgt_fail("out of memory");
    int n = status == BGT_OK ? bg_position_legal_moves(pos, moves, cap) : 0;
    if (n < 0 || (size_t)n > cap)
        status = bgt_fail("cannot list the moves: %s", n < 0 ? bg_strerror(n) : "too many");
    for (int i = 0; status == BGT_OK && i < n; i++) {
        char text[256];
        int len = bg_move_format(pos, moves[i], notation, text, sizeof text);
        if (len < 0 || (size_t)len >= sizeof text)
            status = bgt_fail("cannot write move %d in %s: %s", i + 1, notation,
                              len < 0 ? bg_strerror(len) : "too long");
        else
            puts(text);
    }
    free(moves);
    bg_position_free(pos);
    return status;
}

/* show: the position as a text diagram, or as SVG with --svg (picture options with --picture). */
int bgt_cmd_show(const bgt_args *a)
{
    bg_error err = BG_ERROR_INIT;
    if (bg_picture_options_check(a->variant, a->picture, &err) != BG_OK)
        return bgt_fail("bad --picture at offset %zu: %s", err.offset, err.message);
    bg_position *pos = NULL;
    if (bgt_make_position(a, &pos) != BGT_OK)
        return BGT_FAIL;
    int (*draw)(const bg_position *, const char *, char *, size_t) =
        a->svg ? bg_position_svg : bg_position_diagram;
    int n = draw(pos, a->picture, NULL, 0);
    char *buf = n >= 0 ? malloc((size_t)n + 1) : NULL;
    int status = BGT_OK;
    if (n < 0)
        status = bgt_fail("cannot draw the position: %s", bg_strerror(n));
    else if (!buf || draw(pos, a->picture, buf, (size_t)n + 1) != n)
        status = bgt_fail("out of memory");
    else
        fwrite(buf, 1, (size_t)n, stdout);
    free(buf);
    bg_position_free(pos);
    return status;
}
