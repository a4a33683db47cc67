/* bgserver — client connections: line assembly, bounded reply buffers, backpressure, closing. */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/socket.h>
#include <unistd.h>

#include "bgserver.h"

/* The first input buffer; it grows (up to max_line + 1) only for a long partial line. */
#define IN_INITIAL 2048
/* A drained reply buffer larger than this is given back, so idle connections stay small. */
#define OUT_KEEP 16384

static size_t pending(const bgs_conn *c)
{
    return c->out_len - c->out_off;
}

/*
** Requests are processed only while fewer reply bytes than this wait: a client that pipelines
** without reading stalls itself instead of growing the server's memory.
*/
static size_t high_water(const bgs_server *s)
{
    return s->lim.max_output / 4;
}

static void unlink_conn(bgs_server *s, bgs_conn *c)
{
    if (c->prev)
        c->prev->next = c->next;
    else
        s->head = c->next;
    if (c->next)
        c->next->prev = c->prev;
    else
        s->tail = c->prev;
    c->prev = c->next = NULL;
}

static void append_conn(bgs_server *s, bgs_conn *c)
{
    c->prev = s->tail;
    c->next = NULL;
    if (s->tail)
        s->tail->next = c;
    else
        s->head = c;
    s->tail = c;
}

void bgs_conn_touch(bgs_server *s, bgs_conn *c)
{
    c->last_active = s->now;
    if (s->tail != c) {
        unlink_conn(s, c);
        append_conn(s, c);
    }
}

bgs_conn *bgs_conn_new(bgs_server *s, int fd)
{
    bgs_conn *c = calloc(1, sizeof *c);
    if (!c)
        return NULL;
    c->fd = fd;
    c->next_id = 1;
    struct epoll_event ev = {.events = EPOLLIN, .data.ptr = c};
    if (epoll_ctl(s->epfd, EPOLL_CTL_ADD, fd, &ev) != 0) {
        free(c);
        return NULL;
    }
    c->events = EPOLLIN;
    c->last_active = s->now;
    append_conn(s, c);
    s->nconns++;
    if (s->nconns > s->stats.peak_conns)
        s->stats.peak_conns = s->nconns;
    return c;
}

void bgs_conn_free(bgs_server *s, bgs_conn *c)
{
    bgs_games_free(s, c);
    epoll_ctl(s->epfd, EPOLL_CTL_DEL, c->fd, NULL);
    close(c->fd);
    unlink_conn(s, c);
    s->nconns--;
    free(c->in);
    free(c->out);
    free(c);
}

char *bgs_out_reserve(bgs_server *s, bgs_conn *c, size_t n)
{
    if (c->broken)
        return NULL;
    size_t pend = pending(c);
    if (n > s->lim.max_output || pend > s->lim.max_output - n) {
        c->broken = 1; /* a reader this slow is disconnected rather than buffered without end */
        return NULL;
    }
    if (c->out_len + n > c->out_cap) {
        if (c->out_off) {
            memmove(c->out, c->out + c->out_off, pend);
            c->out_off = 0;
            c->out_len = pend;
        }
        if (pend + n > c->out_cap) {
            size_t cap = c->out_cap ? c->out_cap : 1024;
            while (cap < pend + n)
                cap *= 2;
            char *p = realloc(c->out, cap);
            if (!p) {
                c->broken = 1;
                return NULL;
            }
            c->out = p;
            c->out_cap = cap;
        }
    }
    return c->out + c->out_len;
}

void bgs_out_commit(bgs_conn *c, size_t n)
{
    c->out_len += n;
}

void bgs_out(bgs_server *s, bgs_conn *c, const char *data, size_t len)
{
    char *p = bgs_out_reserve(s, c, len);
    if (p) {
        memcpy(p, data, len);
        bgs_out_commit(c, len);
    }
}

void bgs_outf(bgs_server *s, bgs_conn *c, const char *fmt, ...)
{
    char small[512];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(small, sizeof small, fmt, ap);
    va_end(ap);
    if (n < 0)
        return;
    if ((size_t)n < sizeof small) {
        bgs_out(s, c, small, (size_t)n);
        return;
    }
    char *p = bgs_out_reserve(s, c, (size_t)n + 1);
    if (!p)
        return;
    va_start(ap, fmt);
    vsnprintf(p, (size_t)n + 1, fmt, ap);
    va_end(ap);
    bgs_out_commit(c, (size_t)n);
}

void bgs_conn_flush(bgs_server *s, bgs_conn *c)
{
    while (pending(c) && !c->broken) {
        /* MSG_NOSIGNAL as well as SIG_IGN: a peer gone away is an error code, never a signal. */
        ssize_t n = send(c->fd, c->out + c->out_off, pending(c), MSG_NOSIGNAL);
        if (n > 0) {
            c->out_off += (size_t)n;
            bgs_conn_touch(s, c);
        } else if (n < 0 && errno == EINTR) {
            continue;
        } else if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
            break;
        } else {
            c->broken = 1;
        }
    }
    if (!pending(c)) {
        c->out_off = c->out_len = 0;
        if (c->out_cap > OUT_KEEP) {
            free(c->out);
            c->out = NULL;
            c->out_cap = 0;
        }
    }
}

static int has_line(const bgs_conn *c)
{
    return !c->discarding && c->in_len && memchr(c->in, '\n', c->in_len);
}

/* Run the complete lines in the input buffer, in order, while replies may be queued. */
static void process_lines(bgs_server *s, bgs_conn *c)
{
    size_t start = 0;
    while (!c->broken && !c->closing && pending(c) < high_water(s)) {
        char *line = c->in + start;
        char *nl = memchr(line, '\n', c->in_len - start);
        if (!nl)
            break;
        size_t len = (size_t)(nl - line);
        start += len + 1;
        if (len && line[len - 1] == '\r')
            len--;
        line[len] = '\0';
        bgs_request(s, c, line, len);
    }
    if (start) {
        memmove(c->in, c->in + start, c->in_len - start);
        c->in_len -= start;
    }
}

/* A partial line that already fills the buffer is refused, and dropped up to its newline. */
static void check_overlong(bgs_server *s, bgs_conn *c)
{
    if (c->discarding || c->in_len <= s->lim.max_line || memchr(c->in, '\n', c->in_len))
        return;
    bgs_err(s, c, "line-too-long", 0, "request line longer than %zu bytes (dropped)", s->lim.max_line);
    c->in_len = 0;
    c->discarding = 1;
}

static void do_read(bgs_server *s, bgs_conn *c)
{
    size_t limit = s->lim.max_line + 1;
    if (c->in_len == c->in_cap) {
        size_t cap = c->in_cap ? c->in_cap * 2 : (IN_INITIAL < limit ? IN_INITIAL : limit);
        if (cap > limit)
            cap = limit;
        char *p = cap > c->in_cap ? realloc(c->in, cap) : NULL;
        if (!p) {
            c->broken = 1; /* cannot happen with a full buffer of limit bytes: checked before */
            return;
        }
        c->in = p;
        c->in_cap = cap;
    }
    ssize_t n = read(c->fd, c->in + c->in_len, c->in_cap - c->in_len);
    if (n > 0) {
        bgs_conn_touch(s, c);
        if (!c->discarding) {
            c->in_len += (size_t)n;
            return;
        }
        char *nl = memchr(c->in, '\n', (size_t)n);
        if (nl) {
            size_t keep = (size_t)n - (size_t)(nl + 1 - c->in);
            memmove(c->in, nl + 1, keep);
            c->in_len = keep;
            c->discarding = 0;
        }
    } else if (n == 0) {
        c->read_eof = 1;
    } else if (errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR) {
        c->broken = 1; /* ECONNRESET and friends */
    }
}

static void set_events(bgs_server *s, bgs_conn *c, unsigned events)
{
    if (events == c->events)
        return;
    struct epoll_event ev = {.events = events, .data.ptr = c};
    if (epoll_ctl(s->epfd, EPOLL_CTL_MOD, c->fd, &ev) == 0)
        c->events = events;
    else
        c->broken = 1;
}

void bgs_conn_event(bgs_server *s, bgs_conn *c, uint32_t events)
{
    if (events & EPOLLERR)
        c->broken = 1;
    if (!c->broken && (events & (EPOLLIN | EPOLLHUP)) && (c->events & EPOLLIN))
        do_read(s, c);
    for (;;) {
        process_lines(s, c);
        check_overlong(s, c);
        bgs_conn_flush(s, c);
        if (c->broken || c->closing || pending(c) >= high_water(s) || !has_line(c))
            break;
    }
    if (!c->in_len && c->in_cap > IN_INITIAL) {
        free(c->in); /* a long line came and went: idle connections keep small buffers */
        c->in = NULL;
        c->in_cap = 0;
    }
    int done = c->broken || ((c->closing || c->read_eof) && !pending(c) &&
                             (c->closing || !has_line(c)));
    if (!done) {
        unsigned want = pending(c) ? EPOLLOUT : 0;
        if (!c->read_eof && !c->closing && pending(c) < high_water(s))
            want |= EPOLLIN;
        set_events(s, c, want);
        done = c->broken;
    }
    if (done)
        bgs_conn_free(s, c);
}
