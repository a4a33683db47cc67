/* Shared helpers of the fuzz targets: input splitting, variant lists, failing loudly on a broken invariant. */
#ifndef FUZZ_COMMON_H
#define FUZZ_COMMON_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <boardgames/boardgames.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* A broken round trip is a bug like a crash: report it and abort so libFuzzer keeps the input. */
#define FUZZ_CHECK(cond, ...)                                                                   \
    do {                                                                                       \
        if (!(cond)) {                                                                         \
            fprintf(stderr, "fuzz invariant failed at %s:%d: %s\n", __FILE__, __LINE__, #cond); \
            fprintf(stderr, __VA_ARGS__);                                                      \
            fputc('\n', stderr);                                                               \
            abort();                                                                           \
        }                                                                                      \
    } while (0)

/* NUL-terminated copy of the fuzz bytes (the parsers take C strings); NULL on allocation failure. */
static inline char *fuzz_strdup(const uint8_t *data, size_t size)
{
    char *s = malloc(size + 1);
    if (s) {
        memcpy(s, data, size);
        s[size] = '\0';
    }
    return s;
}

/* Entries of a '|'-separated list. */
static inline unsigned fuzz_count(const char *list)
{
    unsigned n = 1;
    for (const char *p = list; *p; p++)
        n += *p == '|';
    return n;
}

/*
** The i-th (mod count) entry of a '|'-separated list such as "xiangqi|lionchess" into out;
** returns out, or NULL for an empty entry (meaning "the default").
*/
static inline const char *fuzz_pick(const char *list, unsigned i, char *out, size_t cap)
{
    unsigned n = 1;
    for (const char *p = list; *p; p++)
        n += *p == '|';
    unsigned k = i % n;
    const char *p = list;
    while (k--)
        p = strchr(p, '|') + 1;
    const char *e = strchr(p, '|');
    size_t len = e ? (size_t)(e - p) : strlen(p);
    if (len == 0 || len >= cap)
        return NULL;
    memcpy(out, p, len);
    out[len] = '\0';
    return out;
}

/*
** For each variant of the catalogue (at most max), its start position in pos[i][0] and in
** pos[i][1] the position after `plies` moves, the move of each ply pick(moves, n, ply), a walk
** ending early where pick gives BG_MOVE_NONE. Returns the number of variants.
*/
static inline int fuzz_variant_positions(bg_position *(*pos)[2], int max, int plies,
                                         bg_move (*pick)(const bg_move *moves, int n, int ply))
{
    int count = bg_variant_count();
    FUZZ_CHECK(count <= max, "too many variants");
    for (int i = 0; i < count; i++) {
        const bg_variant *v = bg_variant_at(i);
        FUZZ_CHECK(bg_position_new(&pos[i][0], v, NULL, NULL, NULL) == BG_OK, "start");
        FUZZ_CHECK(bg_position_clone(&pos[i][1], pos[i][0]) == BG_OK, "clone");
        bg_move *moves = malloc(sizeof *moves * (size_t)bg_variant_max_moves(v));
        FUZZ_CHECK(moves != NULL, "out of memory");
        for (int ply = 0; ply < plies; ply++) {
            int n = bg_position_legal_moves(pos[i][1], moves, (size_t)bg_variant_max_moves(v));
            bg_move m = n > 0 ? pick(moves, n, ply) : BG_MOVE_NONE;
            if (m == BG_MOVE_NONE)
                break;
            FUZZ_CHECK(bg_position_play(pos[i][1], m) == BG_OK, "walk");
        }
        free(moves);
    }
    return count;
}

/* A snprintf-style writer of the library's (bg_position_text, bg_game_export) for fuzz_text. */
typedef int (*fuzz_writer)(const void *obj, const char *format, char *buf, size_t cap);

/* What write writes of obj, in a malloc'd buffer of the size it asks for; NULL if it failed. */
static inline char *fuzz_text(fuzz_writer write, const void *obj, const char *format)
{
    int n = write(obj, format, NULL, 0);
    if (n < 0)
        return NULL;
    char *buf = malloc((size_t)n + 1);
    if (buf && write(obj, format, buf, (size_t)n + 1) != n) {
        free(buf);
        return NULL;
    }
    return buf;
}

static inline int fuzz_write_position(const void *pos, const char *format, char *buf, size_t cap)
{
    return bg_position_text(pos, format, buf, cap);
}

static inline char *fuzz_position_text(const bg_position *pos, const char *format)
{
    return fuzz_text(fuzz_write_position, pos, format);
}

#endif
