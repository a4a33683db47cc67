/* libboardgames — splitting position texts (FEN, SFEN, ...) into whitespace-separated fields. */
#include "internal.h"

static int is_space(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }

int bgi_split_fields(const char *text, bgi_field *f, int max)
{
    int n = 0;
    const char *p = text;
    for (;;) {
        while (is_space(*p))
            p++;
        if (!*p)
            return n;
        if (n == max)
            return max + 1;
        f[n].p = p;
        f[n].offset = (size_t)(p - text);
        while (*p && !is_space(*p))
            p++;
        f[n].len = (size_t)(p - f[n].p);
        n++;
    }
}
