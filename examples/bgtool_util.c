/* bgtool — helpers shared by the commands: errors, positions and games from flags, JSON, input. */
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bgtool.h"

int bgt_fail(const char *fmt, ...)
{
    va_list ap;
    fputs("bgtool: ", stderr);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    return BGT_FAIL;
}

const char *bgt_errtext(const bg_error *err, int status)
{
    return err && err->message[0] ? err->message : bg_strerror(status);
}

int bgt_has_notation(const bg_variant *v, const char *name)
{
    for (int i = 0; name && i < bg_variant_notation_count(v); i++)
        if (!strcmp(bg_variant_notation_at(v, i), name))
            return 1;
    return 0;
}

int bgt_has_record_format(const bg_variant *v, const char *name)
{
    for (int i = 0; name && i < bg_variant_record_format_count(v); i++)
        if (!strcmp(bg_variant_record_format_at(v, i), name))
            return 1;
    return 0;
}

/* Option errors and position errors read differently to a user, so say which input was wrong. */
static int creation_failed(const bgt_args *a, int status, const bg_error *err)
{
    const char *what = status == BG_E_UNKNOWN_OPTION ? "bad --option"
                       : a->fen                      ? "bad --fen"
                                                     : "cannot set up the start position";
    return bgt_fail("%s: %s", what, bgt_errtext(err, status));
}

int bgt_make_position(const bgt_args *a, bg_position **out)
{
    bg_error err = BG_ERROR_INIT;
    int s = a->fen ? bg_position_from_text(out, a->variant, a->fen, NULL, a->options,
                                           a->parse_flags, NULL, &err)
                   : bg_position_new(out, a->variant, a->options, NULL, &err);
    return s == BG_OK ? BGT_OK : creation_failed(a, s, &err);
}

int bgt_make_game(const bgt_args *a, bg_game **out)
{
    bg_error err = BG_ERROR_INIT;
    int s = a->fen ? bg_game_new_from_text(out, a->variant, a->fen, NULL, a->options,
                                           a->parse_flags, NULL, &err)
                   : bg_game_new(out, a->variant, a->options, NULL, &err);
    return s == BG_OK ? BGT_OK : creation_failed(a, s, &err);
}

void bgt_format_move(const bg_position *pos, bg_move m, const char *notation, char *buf, size_t cap)
{
    int n = bg_move_format(pos, m, notation, buf, cap);
    if (n < 0 || (size_t)n >= cap)
        snprintf(buf, cap, "?");
}

char *bgt_position_text(const bg_position *pos)
{
    int n = bg_position_text(pos, NULL, NULL, 0);
    if (n < 0)
        return NULL;
    char *s = malloc((size_t)n + 1);
    if (s && bg_position_text(pos, NULL, s, (size_t)n + 1) != n) {
        free(s);
        s = NULL;
    }
    return s;
}

void bgt_json_string(FILE *f, const char *s)
{
    fputc('"', f);
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
        switch (*p) {
        case '"': fputs("\\\"", f); break;
        case '\\': fputs("\\\\", f); break;
        case '\n': fputs("\\n", f); break;
        case '\r': fputs("\\r", f); break;
        case '\t': fputs("\\t", f); break;
        default:
            if (*p < 0x20 || *p == 0x7f)
                fprintf(f, "\\u%04x", *p);
            else
                fputc(*p, f);
        }
    }
    fputc('"', f);
}

int bgt_read_input(const char *path, char **data, size_t *len)
{
    int from_stdin = !path || !strcmp(path, "-");
    FILE *f = from_stdin ? stdin : fopen(path, "rb");
    if (!f)
        return bgt_fail("cannot open '%s': %s", path, strerror(errno));
    size_t cap = 65536, n = 0;
    char *buf = malloc(cap);
    int status = buf ? BGT_OK : bgt_fail("out of memory");
    while (status == BGT_OK) {
        if (n + 1 >= cap) {
            /* The library refuses records beyond this size anyway; stop reading early. */
            if (cap > BG_RECORD_MAX_BYTES) {
                status = bgt_fail("input larger than %zu bytes", (size_t)BG_RECORD_MAX_BYTES);
                break;
            }
            char *p = realloc(buf, cap * 2);
            if (!p) {
                status = bgt_fail("out of memory");
                break;
            }
            buf = p;
            cap *= 2;
        }
        size_t got = fread(buf + n, 1, cap - n - 1, f);
        n += got;
        if (got == 0) {
            if (ferror(f))
                status = bgt_fail("cannot read '%s'", from_stdin ? "stdin" : path);
            break;
        }
    }
    if (!from_stdin)
        fclose(f);
    if (status != BGT_OK) {
        free(buf);
        return status;
    }
    buf[n] = '\0';
    *data = buf;
    *len = n;
    return BGT_OK;
}

double bgt_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}
