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

/* Formatted text in a malloc'd buffer (snprintf-style writer); NULL if the writer failed. */
static inline char *fuzz_position_text(const bg_position *pos, const char *format)
{
    int n = bg_position_text(pos, format, NULL, 0);
    if (n < 0)
        return NULL;
    char *buf = malloc((size_t)n + 1);
    if (buf && bg_position_text(pos, format, buf, (size_t)n + 1) != n) {
        free(buf);
        return NULL;
    }
    return buf;
}

#endif
