/* Reader for the perft reference files of tests/data/perft (TSV with named columns, perftsuite EPD, python-chess .perft). */
#ifndef TEST_PERFT_DATA_H
#define TEST_PERFT_DATA_H

#include <stddef.h>
#include <stdint.h>

#define PD_MAX_DEPTHS 16

/* One position with its reference counts; consecutive rows of the same position are merged. */
typedef struct pd_position {
    char id[96];        /* "id" of .perft files, else "<file>:<line>" */
    char text[512];     /* the position as written in the file; "startpos": the variant's start */
    const char *format; /* "fen" or "epd" (chess .epd/.perft files), NULL: the variant's own text */
    char variant[64];   /* the row's variant column, "" when the file has none */
    char options[256];  /* the row's options column ("" = none); '|' separates alternatives */
    int line;           /* 1-based line where the position starts */
    int count;          /* number of (depth, nodes) pairs */
    int depth[PD_MAX_DEPTHS];
    uint64_t nodes[PD_MAX_DEPTHS];
} pd_position;

typedef struct pd_file {
    char name[64]; /* base name, e.g. "chess-cpw.tsv" */
    pd_position *pos;
    size_t count;
} pd_file;

/*
** Load dir/name (format chosen by its extension: .tsv, .epd, .perft). A .tsv file names its
** columns in its first comment line ("# fen<TAB>depth<TAB>nodes<TAB>provenance"): the position
** (fen, sfen, epd or position), depth and nodes are needed, variant and options are read, others
** (provenance) are skipped; without such a line the columns are fen, depth, nodes. Returns 0 on success, or
** -1 with a message in msg (cap bytes) naming the line that could not be read.
*/
int pd_load(pd_file *f, const char *dir, const char *name, char *msg, size_t cap);
void pd_free(pd_file *f);

/* Number of space-separated fields of a FEN/EPD text (6 for a full FEN, 4 for EPD). */
int pd_field_count(const char *text);

#endif
