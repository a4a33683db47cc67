/* Reader for the perft reference files of tests/data/perft (TSV, perftsuite EPD, python-chess .perft). */
#include "perft_data.h"

#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int fail(char *msg, size_t cap, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

static int fail(char *msg, size_t cap, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, cap, fmt, ap);
    va_end(ap);
    return -1;
}

int pd_field_count(const char *text)
{
    int n = 0;
    for (const char *p = text; *p;) {
        while (*p == ' ')
            p++;
        if (!*p)
            break;
        n++;
        while (*p && *p != ' ')
            p++;
    }
    return n;
}

static char *trim(char *s)
{
    while (isspace((unsigned char)*s))
        s++;
    size_t n = strlen(s);
    while (n && isspace((unsigned char)s[n - 1]))
        s[--n] = 0;
    return s;
}

/* Parse an unsigned decimal number filling the whole of s. */
static int parse_u64(const char *s, uint64_t *out)
{
    char *end;
    if (!isdigit((unsigned char)*s))
        return -1;
    errno = 0;
    unsigned long long v = strtoull(s, &end, 10);
    if (errno || *end)
        return -1;
    *out = (uint64_t)v;
    return 0;
}

static pd_position *new_position(pd_file *f, size_t *cap, int line)
{
    if (f->count == *cap) {
        size_t ncap = *cap ? *cap * 2 : 64;
        pd_position *p = realloc(f->pos, ncap * sizeof *p);
        if (!p)
            return NULL;
        f->pos = p;
        *cap = ncap;
    }
    pd_position *p = &f->pos[f->count++];
    memset(p, 0, sizeof *p);
    p->line = line;
    snprintf(p->id, sizeof p->id, "%s:%d", f->name, line);
    return p;
}

static int set_text(pd_position *p, const char *text, char *msg, size_t cap)
{
    int fields = pd_field_count(text);
    if (strlen(text) >= sizeof p->text)
        return fail(msg, cap, "line %d: position text too long", p->line);
    if (fields != 4 && fields != 6)
        return fail(msg, cap, "line %d: position has %d fields, expected 4 (EPD) or 6 (FEN)",
                    p->line, fields);
    strcpy(p->text, text);
    p->format = fields == 4 ? "epd" : "fen";
    return 0;
}

static int add_count(pd_position *p, int line, uint64_t depth, uint64_t nodes, char *msg,
                     size_t cap)
{
    if (p->count == PD_MAX_DEPTHS)
        return fail(msg, cap, "line %d: more than %d depths for one position", line,
                    PD_MAX_DEPTHS);
    if (depth < 1 || depth > 20)
        return fail(msg, cap, "line %d: depth %" PRIu64 " out of range", line, depth);
    p->depth[p->count] = (int)depth;
    p->nodes[p->count] = nodes;
    p->count++;
    return 0;
}

/* "fen<TAB>depth<TAB>nodes"; consecutive rows of one FEN become one position. */
static int tsv_line(pd_file *f, size_t *pcap, char *s, int line, char *msg, size_t cap)
{
    char *t1 = strchr(s, '\t');
    char *t2 = t1 ? strchr(t1 + 1, '\t') : NULL;
    if (!t2 || strchr(t2 + 1, '\t'))
        return fail(msg, cap, "line %d: expected 3 tab-separated fields", line);
    *t1 = *t2 = 0;
    char *fen = trim(s);
    uint64_t depth, nodes;
    if (parse_u64(trim(t1 + 1), &depth) || parse_u64(trim(t2 + 1), &nodes))
        return fail(msg, cap, "line %d: bad depth or node count", line);
    pd_position *p = f->count ? &f->pos[f->count - 1] : NULL;
    if (!p || strcmp(p->text, fen) != 0) {
        if (!(p = new_position(f, pcap, line)))
            return fail(msg, cap, "out of memory");
        if (set_text(p, fen, msg, cap))
            return -1;
    }
    return add_count(p, line, depth, nodes, msg, cap);
}

/* "FEN ;D1 20 ;D2 400 ..." */
static int epd_line(pd_file *f, size_t *pcap, char *s, int line, char *msg, size_t cap)
{
    char *semi = strchr(s, ';');
    if (!semi)
        return fail(msg, cap, "line %d: no ';D<depth> <nodes>' operations", line);
    *semi = 0;
    pd_position *p = new_position(f, pcap, line);
    if (!p)
        return fail(msg, cap, "out of memory");
    if (set_text(p, trim(s), msg, cap))
        return -1;
    for (char *op = semi + 1; op;) {
        char *next = strchr(op, ';');
        if (next)
            *next++ = 0;
        op = trim(op);
        char *sp = strchr(op, ' ');
        uint64_t depth, nodes;
        if (op[0] != 'D' || !sp)
            return fail(msg, cap, "line %d: operation '%s' is not 'D<depth> <nodes>'", line, op);
        *sp = 0;
        if (parse_u64(op + 1, &depth) || parse_u64(trim(sp + 1), &nodes))
            return fail(msg, cap, "line %d: bad depth or node count", line);
        if (add_count(p, line, depth, nodes, msg, cap))
            return -1;
        op = next;
    }
    return 0;
}

/* python-chess style blocks: "id NAME", "epd TEXT", "perft DEPTH NODES". */
static int perft_line(pd_file *f, size_t *pcap, char *s, int line, char *msg, size_t cap)
{
    pd_position *p = f->count ? &f->pos[f->count - 1] : NULL;
    if (strncmp(s, "id ", 3) == 0) {
        if (!(p = new_position(f, pcap, line)))
            return fail(msg, cap, "out of memory");
        snprintf(p->id, sizeof p->id, "%s", trim(s + 3));
        return 0;
    }
    if (!p)
        return fail(msg, cap, "line %d: '%s' before the first 'id' line", line, s);
    if (strncmp(s, "epd ", 4) == 0) {
        if (p->text[0])
            return fail(msg, cap, "line %d: second 'epd' for id %s", line, p->id);
        return set_text(p, trim(s + 4), msg, cap);
    }
    if (strncmp(s, "perft ", 6) == 0) {
        char *a = trim(s + 6), *sp = strchr(a, ' ');
        uint64_t depth, nodes;
        if (!sp)
            return fail(msg, cap, "line %d: expected 'perft <depth> <nodes>'", line);
        *sp = 0;
        if (parse_u64(a, &depth) || parse_u64(trim(sp + 1), &nodes))
            return fail(msg, cap, "line %d: bad depth or node count", line);
        return add_count(p, line, depth, nodes, msg, cap);
    }
    return fail(msg, cap, "line %d: unknown line '%s'", line, s);
}

int pd_load(pd_file *f, const char *dir, const char *name, char *msg, size_t cap)
{
    typedef int (*line_fn)(pd_file *, size_t *, char *, int, char *, size_t);
    memset(f, 0, sizeof *f);
    snprintf(f->name, sizeof f->name, "%s", name);
    const char *ext = strrchr(name, '.');
    line_fn fn = !ext                       ? NULL
                 : strcmp(ext, ".tsv") == 0   ? tsv_line
                 : strcmp(ext, ".epd") == 0   ? epd_line
                 : strcmp(ext, ".perft") == 0 ? perft_line
                                              : NULL;
    if (!fn)
        return fail(msg, cap, "%s: unknown file type", name);

    char path[4096];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *in = fopen(path, "r");
    if (!in)
        return fail(msg, cap, "%s: %s", path, strerror(errno));
    char buf[1024];
    size_t pcap = 0;
    int line = 0, rc = 0;
    while (rc == 0 && fgets(buf, sizeof buf, in)) {
        line++;
        if (!strchr(buf, '\n') && !feof(in)) {
            rc = fail(msg, cap, "%s: line %d longer than %zu bytes", name, line, sizeof buf);
            break;
        }
        char *s = trim(buf);
        if (!*s || *s == '#')
            continue;
        char local[512];
        rc = fn(f, &pcap, s, line, local, sizeof local);
        if (rc)
            fail(msg, cap, "%s: %s", name, local);
    }
    fclose(in);
    for (size_t i = 0; rc == 0 && i < f->count; i++) {
        if (!f->pos[i].text[0] || f->pos[i].count == 0)
            rc = fail(msg, cap, "%s: line %d: position %s has no text or no counts", name,
                      f->pos[i].line, f->pos[i].id);
    }
    if (rc == 0 && f->count == 0)
        rc = fail(msg, cap, "%s: no positions", name);
    if (rc)
        pd_free(f);
    return rc;
}

void pd_free(pd_file *f)
{
    free(f->pos);
    f->pos = NULL;
    f->count = 0;
}
