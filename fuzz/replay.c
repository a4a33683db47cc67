/* Replay driver: runs a fuzz target over every file of the corpus directories given (regression tests under gcc). */
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Runs one file; 0 on success, -1 if it cannot be read. */
static int run_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return -1;
    size_t cap = 4096, len = 0;
    uint8_t *buf = malloc(cap);
    size_t got;
    while (buf && (got = fread(buf + len, 1, cap - len, f)) > 0) {
        len += got;
        if (len == cap) {
            uint8_t *nb = realloc(buf, cap *= 2);
            if (!nb) {
                free(buf);
                buf = NULL;
            }
            buf = nb;
        }
    }
    int bad = ferror(f) || !buf;
    fclose(f);
    if (!bad)
        LLVMFuzzerTestOneInput(buf, len);
    free(buf);
    return bad ? -1 : 0;
}

int main(int argc, char **argv)
{
    int files = 0;
    for (int i = 1; i < argc; i++) {
        DIR *d = opendir(argv[i]);
        if (!d) {
            if (run_file(argv[i]) != 0) {
                fprintf(stderr, "cannot read %s\n", argv[i]);
                return 1;
            }
            files++;
            continue;
        }
        struct dirent *e;
        while ((e = readdir(d)) != NULL) {
            if (e->d_name[0] == '.')
                continue;
            char path[4096];
            struct stat st;
            snprintf(path, sizeof path, "%s/%s", argv[i], e->d_name);
            if (stat(path, &st) != 0 || !S_ISREG(st.st_mode))
                continue;
            if (run_file(path) != 0) {
                fprintf(stderr, "cannot read %s\n", path);
                closedir(d);
                return 1;
            }
            files++;
        }
        closedir(d);
    }
    /* An empty corpus would make the test pass without testing anything. */
    if (files == 0) {
        fprintf(stderr, "no corpus files found\n");
        return 1;
    }
    printf("%d inputs replayed\n", files);
    return 0;
}
