/* libboardgames — the output file of a build-time table generator (a native program run by lib/meson.build). */
#ifndef BG_GEN_OUTPUT_H
#define BG_GEN_OUTPUT_H

#include <stdio.h>
#include <stdlib.h>

/* argv[1] opened for writing; exits 2 after the usage line without it, 1 when it cannot open it. */
static inline FILE *gen_output(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: %s OUTPUT.c\n", argv[0]);
        exit(2);
    }
    FILE *f = fopen(argv[1], "w");
    if (!f) {
        perror(argv[1]);
        exit(1);
    }
    return f;
}

#endif
