/* A UCI engine (Stockfish) driven through pipes, with a timeout on every answer so that tests never hang. */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE /* pipe2 */
#endif
#include "uci_engine.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static int fail(uci_engine *e, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static int fail(uci_engine *e, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(e->error, sizeof e->error, fmt, ap);
    va_end(ap);
    return -1;
}

static int64_t now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

static int send_text(uci_engine *e, const char *text)
{
    size_t n = strlen(text), done = 0;
    while (done < n) {
        ssize_t w = write(e->to_engine, text + done, n - done);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0)
            return fail(e, "writing to the engine failed: %s", strerror(errno));
        done += (size_t)w;
    }
    return 0;
}

/* Next line (without newline) into line; -1 on timeout, end of file or error. */
static int read_line(uci_engine *e, char *line, size_t cap)
{
    int64_t deadline = now_ms() + e->timeout_ms;
    for (;;) {
        char *nl = memchr(e->buf, '\n', e->len);
        if (nl) {
            size_t n = (size_t)(nl - e->buf);
            size_t keep = n < cap ? n : cap - 1;
            memcpy(line, e->buf, keep);
            line[keep] = 0;
            if (keep && line[keep - 1] == '\r')
                line[keep - 1] = 0;
            memmove(e->buf, nl + 1, e->len - n - 1);
            e->len -= n + 1;
            return 0;
        }
        if (e->len == sizeof e->buf)
            return fail(e, "engine line longer than %zu bytes", sizeof e->buf);
        int64_t left = deadline - now_ms();
        if (left <= 0)
            return fail(e, "no answer from the engine within %d ms", e->timeout_ms);
        struct pollfd p = {.fd = e->from_engine, .events = POLLIN};
        int r = poll(&p, 1, (int)left);
        if (r < 0 && errno == EINTR)
            continue;
        if (r < 0)
            return fail(e, "poll: %s", strerror(errno));
        if (r == 0)
            continue;
        ssize_t got = read(e->from_engine, e->buf + e->len, sizeof e->buf - e->len);
        if (got < 0 && errno == EINTR)
            continue;
        if (got <= 0)
            return fail(e, "the engine closed its output (exited or crashed)");
        e->len += (size_t)got;
    }
}

static int wait_for(uci_engine *e, const char *prefix)
{
    char line[512];
    while (read_line(e, line, sizeof line) == 0)
        if (strncmp(line, prefix, strlen(prefix)) == 0)
            return 0;
    return -1;
}

int uci_start(uci_engine *e, const char *path, int chess960, int timeout_ms)
{
    memset(e, 0, sizeof *e);
    e->pid = -1;
    e->to_engine = e->from_engine = -1;
    e->timeout_ms = timeout_ms;
    if (access(path, X_OK) != 0)
        return fail(e, "%s is not an executable (%s): install Debian's stockfish", path,
                    strerror(errno));
    int in[2], out[2];
    if (pipe2(in, O_CLOEXEC) != 0)
        return fail(e, "pipe: %s", strerror(errno));
    if (pipe2(out, O_CLOEXEC) != 0) {
        close(in[0]);
        close(in[1]);
        return fail(e, "pipe: %s", strerror(errno));
    }
    fflush(NULL);
    pid_t pid = fork();
    if (pid < 0) {
        close(in[0]);
        close(in[1]);
        close(out[0]);
        close(out[1]);
        return fail(e, "fork: %s", strerror(errno));
    }
    if (pid == 0) {
        /* dup2 clears O_CLOEXEC on the copies; the originals close at exec. */
        if (dup2(in[0], 0) < 0 || dup2(out[1], 1) < 0)
            _exit(126);
        execl(path, path, (char *)NULL);
        _exit(127);
    }
    close(in[0]);
    close(out[1]);
    e->pid = pid;
    e->to_engine = in[1];
    e->from_engine = out[0];
    if (send_text(e, "uci\n") || wait_for(e, "uciok"))
        return -1;
    if (chess960 && send_text(e, "setoption name UCI_Chess960 value true\n"))
        return -1;
    if (send_text(e, "isready\n") || wait_for(e, "readyok"))
        return -1;
    return 0;
}

static int by_move(const void *a, const void *b)
{
    return strcmp(((const uci_move_count *)a)->move, ((const uci_move_count *)b)->move);
}

int uci_perft(uci_engine *e, const char *fen, int depth, uci_move_count *out, size_t cap)
{
    char cmd[512], line[512];
    snprintf(cmd, sizeof cmd, "position fen %s\ngo perft %d\n", fen, depth);
    if (send_text(e, cmd))
        return -1;
    size_t n = 0;
    uint64_t sum = 0;
    for (;;) {
        if (read_line(e, line, sizeof line))
            return -1;
        if (strncmp(line, "Nodes searched:", 15) == 0) {
            uint64_t total = strtoull(line + 15, NULL, 10);
            if (total != sum)
                return fail(e, "engine total %" PRIu64 " differs from its moves' sum %" PRIu64,
                            total, sum);
            break;
        }
        char *colon = strchr(line, ':');
        if (!colon || colon - line < 4 || colon - line > 5 || strncmp(line, "info", 4) == 0)
            continue; /* blank lines, "info string ..." */
        if (n == cap)
            return fail(e, "more than %zu moves from the engine", cap);
        memcpy(out[n].move, line, (size_t)(colon - line));
        out[n].move[colon - line] = 0;
        out[n].count = strtoull(colon + 1, NULL, 10);
        sum += out[n].count;
        n++;
    }
    qsort(out, n, sizeof *out, by_move);
    return (int)n;
}

void uci_stop(uci_engine *e)
{
    if (e->to_engine >= 0) {
        send_text(e, "quit\n");
        close(e->to_engine);
        e->to_engine = -1;
    }
    if (e->from_engine >= 0) {
        close(e->from_engine);
        e->from_engine = -1;
    }
    if (e->pid > 0) {
        int status;
        int64_t deadline = now_ms() + 2000;
        while (waitpid(e->pid, &status, WNOHANG) == 0) {
            if (now_ms() > deadline) {
                kill(e->pid, SIGKILL);
                waitpid(e->pid, &status, 0);
                break;
            }
            usleep(10000);
        }
        e->pid = -1;
    }
}
