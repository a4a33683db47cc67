/* bgtool — convert --jobs N: one file read in byte ranges by N threads, each range's games written in file order, as with one thread. */
#include <errno.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bgtool.h"

/* A skipped game of a range: numbers count from the range's start until it is printed. */
typedef struct warning {
    long game;
    long long line;
    int ply;
    char *reason;
} warning;

typedef struct range {
    uint64_t start, end;
    int state; /* 0 waiting, 1 being read, 2 read */
    char *out;
    size_t out_len;
    warning *w;
    int nw;
    long games, skipped; /* games started in the range: read, skipped */
    long cut;            /* of the games read: read up to a bad move */
    long long newlines;  /* in [start, end) */
    int failed;          /* an error that stops everything (message printed) */
} range;

typedef struct pool {
    const bgt_args *a;
    bgt_input *in;
    bgt_kind to;
    range *r;
    int nranges;
    int next;    /* next range a worker takes */
    int printed; /* ranges printed so far */
    int ahead;   /* how many ranges may wait to be printed */
    int stop;
    pthread_mutex_t mu;
    pthread_cond_t cv;
} pool;

typedef struct source {
    int fd;
    uint64_t pos;
} source;

static int64_t pread_cb(void *user, void *buf, size_t cap)
{
    source *s = user;
    for (;;) {
        ssize_t n = pread(s->fd, buf, cap, (off_t)s->pos);
        if (n >= 0) {
            s->pos += (uint64_t)n;
            return n;
        }
        if (errno != EINTR)
            return -1;
    }
}

static int seek_cb(void *user, uint64_t offset)
{
    ((source *)user)->pos = offset;
    return 0;
}

static long long count_newlines(int fd, uint64_t start, uint64_t end)
{
    static const size_t B = 1 << 20;
    char *buf = malloc(B);
    long long n = 0;
    for (uint64_t at = start; buf && at < end;) {
        size_t want = end - at < B ? (size_t)(end - at) : B;
        ssize_t got = pread(fd, buf, want, (off_t)at);
        if (got <= 0)
            break;
        for (const char *p = buf, *e = buf + got; (p = memchr(p, '\n', (size_t)(e - p))); p++)
            n++;
        at += (uint64_t)got;
    }
    free(buf);
    return n;
}

static void read_range(pool *p, range *rg)
{
    source src = {p->in->fd, 0};
    bg_record_reader *r = NULL;
    bg_error err = BG_ERROR_INIT;
    FILE *out = open_memstream(&rg->out, &rg->out_len);
    int s = out ? bg_record_reader_open(&r, p->a->variant, p->a->from, pread_cb, seek_cb, &src,
                                        p->a->options, bgt_reader_flags(p->a, p->to), NULL, &err)
                : BG_E_NO_MEMORY;
    if (s == BG_OK)
        s = bg_record_reader_set_range(r, rg->start, rg->end);
    if (s != BG_OK) {
        bgt_fail("cannot read %s: %s", p->a->from, bgt_errtext(&err, s));
        rg->failed = 1;
    }
    while (s == BG_OK) {
        bg_game *g = NULL;
        bg_error e = BG_ERROR_INIT;
        s = bg_record_reader_next(r, &g, &e);
        if (s == BG_E_END)
            break;
        if (s == BG_E_IO) {
            bgt_fail("%s: %s", p->in->name, e.message);
            rg->failed = 1;
            break;
        }
        if (s != BG_OK || e.code != BG_OK) { /* skipped, or cut at a bad move */
            warning *w = realloc(rg->w, sizeof *w * (size_t)(rg->nw + 1));
            if (!w) {
                bg_game_free(g);
                rg->failed = 1;
                break;
            }
            rg->w = w;
            int ply;
            const char *reason = g ? bgt_cut_reason(&e, g, &ply) : bgt_bare_reason(e.message, &ply);
            rg->w[rg->nw++] = (warning){e.game_index, e.line, ply, strdup(reason)};
            if (!g) {
                rg->skipped++;
                s = BG_OK;
                continue;
            }
            rg->cut++;
        }
        if (bgt_print_game(out, p->a, p->to, g, e.game_index) != BGT_OK)
            rg->failed = 1;
        bg_game_free(g);
        rg->games++;
        if (rg->failed)
            break;
    }
    bg_record_reader_free(r);
    if (out)
        fclose(out);
    rg->newlines = count_newlines(p->in->fd, rg->start, rg->end);
}

static void *worker(void *arg)
{
    pool *p = arg;
    pthread_mutex_lock(&p->mu);
    for (;;) {
        while (!p->stop && p->next < p->nranges && p->next >= p->printed + p->ahead)
            pthread_cond_wait(&p->cv, &p->mu);
        if (p->stop || p->next >= p->nranges)
            break;
        range *rg = &p->r[p->next++];
        rg->state = 1;
        pthread_mutex_unlock(&p->mu);
        read_range(p, rg);
        pthread_mutex_lock(&p->mu);
        rg->state = 2;
        if (rg->failed)
            p->stop = 1;
        pthread_cond_broadcast(&p->cv);
    }
    pthread_mutex_unlock(&p->mu);
    return NULL;
}

int bgt_convert_jobs(const bgt_args *a, bgt_input *in, bgt_kind to, bgt_totals *t)
{
    /*
    ** Ranges of a few MiB: many more than threads, so that output waits in memory briefly.
    ** BGTOOL_RANGE_BYTES sets their size (tests use small ranges on small files).
    */
    uint64_t size = in->size, chunk = size / ((uint64_t)a->jobs * 16);
    if (chunk < (4u << 20))
        chunk = 4u << 20;
    if (chunk > (16u << 20))
        chunk = 16u << 20;
    const char *env = getenv("BGTOOL_RANGE_BYTES");
#ifdef __GLIBC__
    /*
    ** Every range has its own reader and output buffer, of a few MiB together. glibc would map
    ** each large block afresh and give it back when freed, so every range paid its page faults
    ** again (8,500 faults and a third more CPU time for 100 MB of PGN): keep freed memory in the
    ** heap for the next range instead.
    */
    mallopt(M_MMAP_THRESHOLD, 32 << 20);
    mallopt(M_TRIM_THRESHOLD, 256 << 20);
#endif
    if (env && strtoull(env, NULL, 10) > 0)
        chunk = strtoull(env, NULL, 10);
    pool p = {a, in, to, NULL, (int)((size + chunk - 1) / chunk), 0, 0, 2 * a->jobs, 0,
              PTHREAD_MUTEX_INITIALIZER, PTHREAD_COND_INITIALIZER};
    if (p.nranges == 0)
        p.nranges = 1;
    p.r = calloc((size_t)p.nranges, sizeof *p.r);
    if (!p.r)
        return bgt_fail("out of memory");
    for (int i = 0; i < p.nranges; i++) {
        p.r[i].start = (uint64_t)i * chunk;
        p.r[i].end = i == p.nranges - 1 ? 0 : (uint64_t)(i + 1) * chunk;
    }
    int nthreads = a->jobs < p.nranges ? a->jobs : p.nranges;
    pthread_t *th = calloc((size_t)nthreads, sizeof *th);
    int started = 0;
    for (; th && started < nthreads; started++)
        if (pthread_create(&th[started], NULL, worker, &p) != 0)
            break;
    int status = started ? BGT_OK : bgt_fail("cannot start threads");
    bgt_progress prog = {isatty(2), 0, 0};
    long game_base = 0;
    long long line_base = 0;
    pthread_mutex_lock(&p.mu);
    while (status == BGT_OK && p.printed < p.nranges) {
        range *rg = &p.r[p.printed];
        while (rg->state != 2 && !p.stop)
            pthread_cond_wait(&p.cv, &p.mu);
        if (rg->state != 2 || rg->failed) {
            status = BGT_FAIL;
            break;
        }
        pthread_mutex_unlock(&p.mu);
        /* In file order: the range's games, then its skipped games with file-wide numbers. */
        fwrite(rg->out, 1, rg->out_len, stdout);
        for (int i = 0; i < rg->nw; i++) {
            const warning *w = &rg->w[i];
            bgt_warn_skipped(in->name, game_base + w->game + 1, line_base + w->line, w->ply,
                             w->reason);
            free(w->reason);
        }
        game_base += rg->games + rg->skipped;
        line_base += rg->newlines;
        t->read += rg->games;
        t->skipped += rg->skipped;
        t->cut += rg->cut;
        free(rg->out);
        free(rg->w);
        rg->out = NULL;
        rg->w = NULL;
        rg->nw = 0;
        if (prog.tty) {
            in->bytes_out = rg->end ? rg->end : in->size;
            double now = bgt_now();
            if (now - prog.last >= 0.5) {
                prog.last = now;
                prog.shown = 1;
                fprintf(stderr, "\r%s: %.0f%%, %ld games", in->name,
                        100.0 * (double)in->bytes_out / (double)(in->size ? in->size : 1),
                        game_base);
            }
        }
        pthread_mutex_lock(&p.mu);
        p.printed++;
        pthread_cond_broadcast(&p.cv);
    }
    p.stop = 1;
    pthread_cond_broadcast(&p.cv);
    pthread_mutex_unlock(&p.mu);
    for (int i = 0; i < started; i++)
        pthread_join(th[i], NULL);
    if (prog.shown)
        fputs("\r\033[K", stderr);
    for (int i = 0; i < p.nranges; i++) {
        free(p.r[i].out);
        for (int k = 0; k < p.r[i].nw; k++)
            free(p.r[i].w[k].reason);
        free(p.r[i].w);
    }
    free(p.r);
    free(th);
    return status;
}
