/* What the tests of defined variants share: loading the shipped definitions of data/variants into one set. */
#ifndef GEN_TEST_UTIL_H
#define GEN_TEST_UTIL_H

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <boardgames/boardgames.h>

/* A whole file in a malloc'd NUL-terminated buffer, or NULL. */
static inline char *gt_read_file(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *p = n >= 0 ? malloc((size_t)n + 1) : NULL;
    if (p && fread(p, 1, (size_t)n, f) != (size_t)n) {
        free(p);
        p = NULL;
    }
    fclose(f);
    if (p) {
        p[n] = 0;
        *len = (size_t)n;
    }
    return p;
}

/* Every *.ini of dir defined into a new set; exits with a message when one fails. */
static inline bg_variant_set *gt_load_dir(const char *dir)
{
    bg_variant_set *set = NULL;
    bg_error err = BG_ERROR_INIT;
    if (bg_variant_set_new(&set, NULL, &err) != BG_OK) {
        fprintf(stderr, "bg_variant_set_new: %s\n", err.message);
        exit(2);
    }
    DIR *d = opendir(dir);
    if (!d) {
        fprintf(stderr, "cannot open %s\n", dir);
        exit(2);
    }
    struct dirent *e;
    int files = 0;
    while ((e = readdir(d))) {
        size_t n = strlen(e->d_name);
        if (n < 5 || strcmp(e->d_name + n - 4, ".ini"))
            continue;
        char path[4096], *text;
        size_t len;
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        if (!(text = gt_read_file(path, &len))) {
            fprintf(stderr, "cannot read %s\n", path);
            exit(2);
        }
        if (bg_variant_define(set, text, len, &err) != BG_OK) {
            fprintf(stderr, "%s: line %d: %s\n", path, err.line, err.message);
            exit(2);
        }
        free(text);
        files++;
    }
    closedir(d);
    if (!files) {
        fprintf(stderr, "no definitions in %s\n", dir);
        exit(2);
    }
    return set;
}

#endif
