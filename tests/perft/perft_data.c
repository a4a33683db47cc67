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

/* The columns of a .tsv file: indexes of the cells, -1 when absent. */
enum { COL_POSITION, COL_DEPTH, COL_NODES, COL_VARIANT, COL_OPTIONS, NCOLS };
#define MAX_CELLS 16

typedef struct tsv_columns {
    int at[NCOLS];
    int cells; /* how many cells a row may have */
} tsv_columns;

static const tsv_columns default_columns = {{0, 1, 2, -1, -1}, 3};

/* Split s at tabs into at most MAX_CELLS trimmed cells; returns how many. */
static int split_cells(char *s, char **cell)
{
    int n = 0;
    for (char *p = s; p && n < MAX_CELLS;) {
        char *t = strchr(p, '\t');
        if (t)
            *t++ = 0;
        cell[n++] = trim(p);
        p = t;
    }
    return n;
}

/* "# fen<TAB>depth<TAB>nodes<TAB>provenance (...)": the first word of each cell names it. */
static int tsv_header(tsv_columns *c, char *s)
{
    char *cell[MAX_CELLS];
    if (!strchr(s, '\t'))
        return 0; /* a comment, not a header */
    int n = split_cells(s + 1, cell);
    tsv_columns h = {{-1, -1, -1, -1, -1}, n};
    for (int i = 0; i < n; i++) {
        size_t len = strspn(cell[i], "abcdefghijklmnopqrstuvwxyz");
#define IS(word) (len == strlen(word) && strncmp(cell[i], word, len) == 0)
        if (IS("fen") || IS("sfen") || IS("epd") || IS("position"))
            h.at[COL_POSITION] = i;
        else if (IS("depth"))
            h.at[COL_DEPTH] = i;
        else if (IS("nodes"))
            h.at[COL_NODES] = i;
        else if (IS("variant"))
            h.at[COL_VARIANT] = i;
        else if (IS("options"))
            h.at[COL_OPTIONS] = i;
#undef IS
    }
    if (h.at[COL_POSITION] < 0 || h.at[COL_DEPTH] < 0 || h.at[COL_NODES] < 0)
        return 0;
    *c = h;
    return 1;
}

static int copy_cell(char *dst, size_t cap, const char *src, const char *what, int line,
                     char *msg, size_t mcap)
{
    if (strlen(src) >= cap)
        return fail(msg, mcap, "line %d: %s longer than %zu bytes", line, what, cap - 1);
    strcpy(dst, src);
    return 0;
}

/* One row of the columns c; consecutive rows of one position (text, variant, options) merge. */
static int tsv_line(pd_file *f, size_t *pcap, const tsv_columns *c, char *s, int line, char *msg,
                    size_t cap)
{
    char *cell[MAX_CELLS];
    int n = split_cells(s, cell);
    int need = c->at[COL_POSITION] > c->at[COL_DEPTH] ? c->at[COL_POSITION] : c->at[COL_DEPTH];
    need = (need > c->at[COL_NODES] ? need : c->at[COL_NODES]) + 1;
    if (n < need || n > c->cells)
        return fail(msg, cap, "line %d: %d tab-separated fields, expected %d to %d", line, n,
                    need, c->cells);
    const char *text = cell[c->at[COL_POSITION]];
    const char *variant = c->at[COL_VARIANT] >= 0 && c->at[COL_VARIANT] < n ? cell[c->at[COL_VARIANT]] : "";
    const char *options = c->at[COL_OPTIONS] >= 0 && c->at[COL_OPTIONS] < n ? cell[c->at[COL_OPTIONS]] : "";
    uint64_t depth, nodes;
    if (parse_u64(cell[c->at[COL_DEPTH]], &depth) || parse_u64(cell[c->at[COL_NODES]], &nodes))
        return fail(msg, cap, "line %d: bad depth or node count", line);
    pd_position *p = f->count ? &f->pos[f->count - 1] : NULL;
    if (!p || strcmp(p->text, text) || strcmp(p->variant, variant) || strcmp(p->options, options)) {
        if (!(p = new_position(f, pcap, line)))
            return fail(msg, cap, "out of memory");
        if (copy_cell(p->text, sizeof p->text, text, "position", line, msg, cap) ||
            copy_cell(p->variant, sizeof p->variant, variant, "variant", line, msg, cap) ||
            copy_cell(p->options, sizeof p->options, options, "options", line, msg, cap))
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
    const int tsv = ext && strcmp(ext, ".tsv") == 0;
    line_fn fn = !ext                       ? NULL
                 : strcmp(ext, ".epd") == 0   ? epd_line
                 : strcmp(ext, ".perft") == 0 ? perft_line
                                              : NULL;
    if (!fn && !tsv)
        return fail(msg, cap, "%s: unknown file type", name);

    char path[4096];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *in = fopen(path, "r");
    if (!in)
        return fail(msg, cap, "%s: %s", path, strerror(errno));
    char buf[2048];
    size_t pcap = 0;
    int line = 0, rc = 0, header = 0;
    tsv_columns columns = default_columns;
    while (rc == 0 && fgets(buf, sizeof buf, in)) {
        line++;
        if (!strchr(buf, '\n') && !feof(in)) {
            rc = fail(msg, cap, "%s: line %d longer than %zu bytes", name, line, sizeof buf);
            break;
        }
        if (tsv && buf[0] == '#' && !header && f->count == 0) {
            header = tsv_header(&columns, buf);
            continue;
        }
        char *t = trim(buf); /* for a .tsv row only its end: the cells are trimmed one by one */
        if (!*t || *t == '#')
            continue;
        char *s = tsv ? buf : t;
        char local[512];
        rc = tsv ? tsv_line(f, &pcap, &columns, s, line, local, sizeof local)
                 : fn(f, &pcap, s, line, local, sizeof local);
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
