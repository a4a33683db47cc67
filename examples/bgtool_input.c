/* bgtool — input files for convert: a path or stdin, compressed input (.gz .zst .bz2 .xz) recognised by its magic bytes and read through libarchive. */
#include <errno.h>
#include <stdio.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "bgtool.h"

#ifdef BGT_HAVE_LIBARCHIVE
#include <archive.h>
#include <archive_entry.h>
#endif

/* The magic bytes that open a compressed stream. */
static const char *compression(const unsigned char *p, size_t n)
{
    if (n >= 2 && p[0] == 0x1f && p[1] == 0x8b)
        return "gzip";
    if (n >= 4 && p[0] == 0x28 && p[1] == 0xb5 && p[2] == 0x2f && p[3] == 0xfd)
        return "zstd";
    if (n >= 3 && p[0] == 'B' && p[1] == 'Z' && p[2] == 'h')
        return "bzip2";
    if (n >= 6 && memcmp(p, "\xfd" "7zXZ\0", 6) == 0)
        return "xz";
    return NULL;
}

/* Raw bytes of the file: the bytes peeked at first, then the descriptor. */
static int64_t raw_read(bgt_input *in, void *buf, size_t cap)
{
    if (in->peek_pos < in->peek_len) {
        size_t n = in->peek_len - in->peek_pos < cap ? in->peek_len - in->peek_pos : cap;
        memcpy(buf, in->peek + in->peek_pos, n);
        in->peek_pos += n;
        return (int64_t)n;
    }
    for (;;) {
        ssize_t n = read(in->fd, buf, cap);
        if (n >= 0)
            return n;
        if (errno != EINTR)
            return -1;
    }
}

#ifdef BGT_HAVE_LIBARCHIVE
static la_ssize_t archive_cb(struct archive *ar, void *user, const void **block)
{
    bgt_input *in = user;
    int64_t n = raw_read(in, in->block, sizeof in->block);
    if (n < 0) {
        archive_set_error(ar, errno, "read error");
        return -1;
    }
    *block = in->block;
    return (la_ssize_t)n;
}
#endif

int64_t bgt_input_read(void *user, void *buf, size_t cap)
{
    bgt_input *in = user;
#ifdef BGT_HAVE_LIBARCHIVE
    if (in->archive) {
        la_ssize_t n = archive_read_data((struct archive *)in->archive, buf, cap);
        if (n < 0) {
            snprintf(in->error, sizeof in->error, "%s",
                     archive_error_string((struct archive *)in->archive));
            return -1;
        }
        in->bytes_out += (uint64_t)n;
        return n;
    }
#endif
    int64_t n = raw_read(in, buf, cap);
    if (n < 0)
        snprintf(in->error, sizeof in->error, "%s", strerror(errno));
    else
        in->bytes_out += (uint64_t)n;
    return n;
}

int bgt_input_open(bgt_input *in, const char *path)
{
    memset(in, 0, sizeof *in);
    in->stdin_input = !path || !strcmp(path, "-");
    in->name = in->stdin_input ? "-" : path;
    in->fd = in->stdin_input ? 0 : open(path, O_RDONLY);
    if (in->fd < 0)
        return bgt_fail("cannot open '%s': %s", path, strerror(errno));
    struct stat st;
    if (fstat(in->fd, &st) == 0 && S_ISREG(st.st_mode)) {
        in->regular = 1;
        in->size = (uint64_t)st.st_size;
    }
    /* Peek at the magic bytes (stdin cannot seek back: they are given back by raw_read). */
    while (in->peek_len < sizeof in->peek) {
        ssize_t n = read(in->fd, in->peek + in->peek_len, sizeof in->peek - in->peek_len);
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0) {
            int e = errno;
            bgt_input_close(in);
            return bgt_fail("cannot read '%s': %s", in->name, strerror(e));
        }
        if (n == 0)
            break;
        in->peek_len += (size_t)n;
    }
    in->compression = compression(in->peek, in->peek_len);
    if (in->compression) {
#ifdef BGT_HAVE_LIBARCHIVE
        struct archive *ar = archive_read_new();
        struct archive_entry *entry;
        if (!ar || archive_read_support_filter_all(ar) != ARCHIVE_OK ||
            archive_read_support_format_raw(ar) != ARCHIVE_OK ||
            archive_read_open(ar, in, NULL, archive_cb, NULL) != ARCHIVE_OK ||
            archive_read_next_header(ar, &entry) != ARCHIVE_OK) {
            int status = bgt_fail("cannot read %s input '%s': %s", in->compression, in->name,
                                  ar ? archive_error_string(ar) : "out of memory");
            if (ar)
                archive_read_free(ar);
            bgt_input_close(in);
            return status;
        }
        in->archive = ar;
#else
        int status = bgt_fail("'%s' is %s-compressed and this bgtool was built without libarchive",
                              in->name, in->compression);
        bgt_input_close(in);
        return status;
#endif
    } else if (in->regular && lseek(in->fd, 0, SEEK_SET) == 0) {
        in->peek_len = 0; /* a regular file starts again from its first byte */
        in->seekable = 1;
    }
    return BGT_OK;
}

void bgt_input_close(bgt_input *in)
{
#ifdef BGT_HAVE_LIBARCHIVE
    if (in->archive)
        archive_read_free((struct archive *)in->archive);
    in->archive = NULL;
#endif
    if (!in->stdin_input && in->fd >= 0)
        close(in->fd);
    in->fd = -1;
}

long bgt_read_line(bgt_line_reader *lr, char **line, size_t *cap)
{
    size_t n = 0;
    for (;;) {
        if (lr->pos == lr->len) {
            if (lr->eof)
                break;
            int64_t got = bgt_input_read(lr->in, lr->buf, sizeof lr->buf);
            if (got < 0)
                return -2;
            if (got == 0) {
                lr->eof = 1;
                break;
            }
            lr->len = (size_t)got;
            lr->pos = 0;
        }
        const char *start = lr->buf + lr->pos;
        const char *nl = memchr(start, '\n', lr->len - lr->pos);
        size_t k = nl ? (size_t)(nl - start) : lr->len - lr->pos;
        if (n + k + 1 > *cap) {
            size_t c = (n + k + 1) * 2;
            char *p = realloc(*line, c);
            if (!p)
                return -2;
            *line = p;
            *cap = c;
        }
        memcpy(*line + n, start, k);
        n += k;
        lr->pos += k + (nl != NULL);
        if (nl) {
            (*line)[n] = 0;
            if (n && (*line)[n - 1] == '\r')
                (*line)[--n] = 0;
            return (long)n;
        }
    }
    if (n == 0 && lr->eof)
        return -1;
    (*line)[n] = 0;
    return (long)n;
}
