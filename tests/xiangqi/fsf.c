/* Fairy-Stockfish driven through pipes, every answer line under a timeout so that tests never hang. */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE /* pipe2 */
#endif
#include "fsf.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static int fail(fsf *f, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static int fail(fsf *f, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(f->error, sizeof f->error, fmt, ap);
    va_end(ap);
    return -1;
}

static long long now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

static int send_text(fsf *f, const char *text)
{
    size_t n = strlen(text), done = 0;
    while (done < n) {
        ssize_t w = write(f->to, text + done, n - done);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0)
            return fail(f, "writing to fairy-stockfish failed: %s", strerror(errno));
        done += (size_t)w;
    }
    return 0;
}

static int read_line(fsf *f, char *line, size_t cap)
{
    long long deadline = now_ms() + f->timeout_ms;
    for (;;) {
        char *nl = memchr(f->buf, '\n', f->len);
        if (nl) {
            size_t n = (size_t)(nl - f->buf), keep = n < cap ? n : cap - 1;
            memcpy(line, f->buf, keep);
            line[keep] = 0;
            if (keep && line[keep - 1] == '\r')
                line[keep - 1] = 0;
            memmove(f->buf, nl + 1, f->len - n - 1);
            f->len -= n + 1;
            return 0;
        }
        if (f->len == sizeof f->buf)
            return fail(f, "fairy-stockfish line longer than %zu bytes", sizeof f->buf);
        long long left = deadline - now_ms();
        if (left <= 0)
            return fail(f, "no answer from fairy-stockfish within %d ms", f->timeout_ms);
        struct pollfd p = {.fd = f->from, .events = POLLIN};
        int r = poll(&p, 1, (int)left);
        if (r < 0 && errno != EINTR)
            return fail(f, "poll: %s", strerror(errno));
        if (r <= 0)
            continue;
        ssize_t got = read(f->from, f->buf + f->len, sizeof f->buf - f->len);
        if (got < 0 && errno == EINTR)
            continue;
        if (got <= 0)
            return fail(f, "fairy-stockfish closed its output (exited or crashed)");
        f->len += (size_t)got;
    }
}

static int wait_for(fsf *f, const char *prefix, char *line, size_t cap)
{
    while (read_line(f, line, cap) == 0)
        if (strncmp(line, prefix, strlen(prefix)) == 0)
            return 0;
    return -1;
}

int fsf_start(fsf *f, const char *path, const char *variant, const char *ini, int timeout_ms)
{
    char line[1024], cmd[1024];
    memset(f, 0, sizeof *f);
    f->pid = -1;
    f->to = f->from = -1;
    f->timeout_ms = timeout_ms;
    if (access(path, X_OK) != 0)
        return fail(f, "%s is not an executable (%s): install Debian's fairy-stockfish", path,
                    strerror(errno));
    int in[2], out[2];
    if (pipe2(in, O_CLOEXEC) != 0)
        return fail(f, "pipe: %s", strerror(errno));
    if (pipe2(out, O_CLOEXEC) != 0) {
        close(in[0]);
        close(in[1]);
        return fail(f, "pipe: %s", strerror(errno));
    }
    fflush(NULL);
    pid_t pid = fork();
    if (pid < 0) {
        close(in[0]);
        close(in[1]);
        close(out[0]);
        close(out[1]);
        return fail(f, "fork: %s", strerror(errno));
    }
    if (pid == 0) {
        if (dup2(in[0], 0) < 0 || dup2(out[1], 1) < 0)
            _exit(126);
        execl(path, path, (char *)NULL);
        _exit(127);
    }
    close(in[0]);
    close(out[1]);
    f->pid = pid;
    f->to = in[1];
    f->from = out[0];
    if (send_text(f, "uci\n") || wait_for(f, "uciok", line, sizeof line))
        return -1;
    if (ini) {
        snprintf(cmd, sizeof cmd, "setoption name VariantPath value %s\n", ini);
        if (send_text(f, cmd))
            return -1;
    }
    snprintf(cmd, sizeof cmd, "setoption name UCI_Variant value %s\nisready\n", variant);
    if (send_text(f, cmd) || wait_for(f, "readyok", line, sizeof line))
        return -1;
    return 0;
}

static int by_text(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Sends the position and `go perft depth`; collects "move: n" lines and the total. */
static int run_perft(fsf *f, const char *fen, int depth, char *moves, size_t cap, long long *total)
{
    char cmd[512], line[1024];
    char *names[512];
    char tmp[512 * 8];
    int n = 0;
    size_t used = 0;
    snprintf(cmd, sizeof cmd, "position fen %s\ngo perft %d\n", fen, depth);
    if (send_text(f, cmd))
        return -1;
    for (;;) {
        if (read_line(f, line, sizeof line))
            return -1;
        if (strncmp(line, "Nodes searched:", 15) == 0) {
            *total = atoll(line + 15);
            break;
        }
        char *colon = strchr(line, ':');
        if (!colon || colon == line || colon - line > 7 || n == 512)
            continue;
        *colon = 0;
        if (used + strlen(line) + 1 > sizeof tmp)
            return fail(f, "too many moves from fairy-stockfish");
        names[n++] = strcpy(tmp + used, line);
        used += strlen(line) + 1;
    }
    qsort(names, (size_t)n, sizeof names[0], by_text);
    size_t off = 0;
    for (int i = 0; moves && i < n; i++) {
        size_t len = strlen(names[i]) + 1;
        if (off + len > cap)
            return fail(f, "move buffer too small");
        memcpy(moves + off, names[i], len);
        off += len;
    }
    return n;
}

int fsf_moves(fsf *f, const char *fen, char *moves, size_t cap)
{
    long long total;
    return run_perft(f, fen, 1, moves, cap, &total);
}

long long fsf_perft(fsf *f, const char *fen, int depth)
{
    long long total = -1;
    if (run_perft(f, fen, depth, NULL, 0, &total) < 0)
        return -1;
    return total;
}

void fsf_stop(fsf *f)
{
    if (f->to >= 0) {
        send_text(f, "quit\n");
        close(f->to);
    }
    if (f->from >= 0)
        close(f->from);
    if (f->pid > 0) {
        int status;
        for (int i = 0; i < 100; i++) {
            if (waitpid(f->pid, &status, WNOHANG) == f->pid) {
                f->pid = -1;
                break;
            }
            usleep(10000);
        }
        if (f->pid > 0) {
            kill(f->pid, SIGKILL);
            waitpid(f->pid, &status, 0);
        }
    }
    f->pid = -1;
    f->to = f->from = -1;
}
