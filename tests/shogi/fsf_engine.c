/* Fairy-Stockfish over USI through pipes: start, perft with the move list, stop; every read has a timeout. */
#include "fsf_engine.h"

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

static int fail(fsf_engine *e, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static int fail(fsf_engine *e, const char *fmt, ...)
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

static int send_text(fsf_engine *e, const char *text)
{
    size_t n = strlen(text);
    while (n) {
        ssize_t w = write(e->to_engine, text, n);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0)
            return fail(e, "write to engine failed: %s", strerror(errno));
        text += w;
        n -= (size_t)w;
    }
    return 0;
}

/* Next line (without the newline) into line; -1 on timeout, EOF or overflow. */
static int read_line(fsf_engine *e, char *line, size_t cap)
{
    int64_t deadline = now_ms() + e->timeout_ms;
    for (;;) {
        char *nl = memchr(e->buf, '\n', e->len);
        if (nl) {
            size_t n = (size_t)(nl - e->buf);
            if (n >= cap)
                return fail(e, "engine line longer than %zu bytes", cap);
            memcpy(line, e->buf, n);
            line[n] = 0;
            if (n && line[n - 1] == '\r')
                line[n - 1] = 0;
            memmove(e->buf, nl + 1, e->len - n - 1);
            e->len -= n + 1;
            return 0;
        }
        if (e->len == sizeof e->buf)
            return fail(e, "engine output line too long");
        int64_t left = deadline - now_ms();
        if (left <= 0)
            return fail(e, "engine did not answer within %d ms", e->timeout_ms);
        struct pollfd p = {e->from_engine, POLLIN, 0};
        int r = poll(&p, 1, (int)left);
        if (r < 0 && errno == EINTR)
            continue;
        if (r <= 0)
            return fail(e, "engine did not answer within %d ms", e->timeout_ms);
        ssize_t got = read(e->from_engine, e->buf + e->len, sizeof e->buf - e->len);
        if (got < 0 && errno == EINTR)
            continue;
        if (got <= 0)
            return fail(e, "engine closed its output");
        e->len += (size_t)got;
    }
}

static int wait_for(fsf_engine *e, const char *prefix)
{
    char line[4096];
    while (read_line(e, line, sizeof line) == 0)
        if (strncmp(line, prefix, strlen(prefix)) == 0)
            return 0;
    return -1;
}

int fsf_start(fsf_engine *e, const char *path, const char *variant, const char *variant_path,
              int timeout_ms)
{
    memset(e, 0, sizeof *e);
    e->pid = -1;
    e->timeout_ms = timeout_ms;
    if (access(path, X_OK) != 0)
        return fail(e, "%s is not an executable (install the fairy-stockfish package)", path);
    int in[2], out[2];
    if (pipe(in) != 0)
        return fail(e, "pipe: %s", strerror(errno));
    if (pipe(out) != 0) {
        close(in[0]);
        close(in[1]);
        return fail(e, "pipe: %s", strerror(errno));
    }
    signal(SIGPIPE, SIG_IGN);
    pid_t pid = fork();
    if (pid < 0) {
        close(in[0]);
        close(in[1]);
        close(out[0]);
        close(out[1]);
        return fail(e, "fork: %s", strerror(errno));
    }
    if (pid == 0) {
        dup2(in[0], 0);
        dup2(out[1], 1);
        int devnull = open("/dev/null", O_WRONLY);
        if (devnull >= 0)
            dup2(devnull, 2);
        close(in[0]);
        close(in[1]);
        close(out[0]);
        close(out[1]);
        execl(path, path, (char *)NULL);
        _exit(127);
    }
    close(in[0]);
    close(out[1]);
    e->pid = pid;
    e->to_engine = in[1];
    e->from_engine = out[0];
    char cmd[1280];
    snprintf(cmd, sizeof cmd, "usi\n");
    if (send_text(e, cmd) || wait_for(e, "usiok"))
        return -1;
    if (variant_path) {
        if (access(variant_path, R_OK) != 0)
            return fail(e, "cannot read %s", variant_path);
        snprintf(cmd, sizeof cmd, "setoption name VariantPath value %s\n", variant_path);
        if (send_text(e, cmd))
            return -1;
    }
    snprintf(cmd, sizeof cmd, "setoption name UCI_Variant value %s\nisready\n", variant);
    if (send_text(e, cmd) || wait_for(e, "readyok"))
        return -1;
    return 0;
}

static int by_text(const void *a, const void *b) { return strcmp((const char *)a, (const char *)b); }

int64_t fsf_perft(fsf_engine *e, const char *sfen, const char *moves, int depth, char (*out)[8],
                  size_t cap, int *nout)
{
    char cmd[8192], line[4096];
    int n = snprintf(cmd, sizeof cmd, "position sfen %s%s%s\ngo perft %d\n", sfen,
                     moves ? " moves " : "", moves ? moves : "", depth);
    if (n < 0 || (size_t)n >= sizeof cmd)
        return fail(e, "command too long");
    if (send_text(e, cmd))
        return -1;
    int count = 0;
    for (;;) {
        if (read_line(e, line, sizeof line))
            return -1;
        if (strncmp(line, "Nodes searched: ", 16) == 0) {
            if (nout)
                *nout = count;
            if (out)
                qsort(out, (size_t)(count < (int)cap ? count : (int)cap), 8, by_text);
            return strtoll(line + 16, NULL, 10);
        }
        char *colon = strstr(line, ": ");
        if (!colon || colon - line >= 8 || colon == line)
            continue; /* info lines and the like */
        if (out && (size_t)count < cap) {
            memcpy(out[count], line, (size_t)(colon - line));
            out[count][colon - line] = 0;
        }
        count++;
    }
}

void fsf_stop(fsf_engine *e)
{
    if (e->pid <= 0)
        return;
    send_text(e, "quit\n");
    close(e->to_engine);
    for (int i = 0; i < 100; i++) {
        if (waitpid(e->pid, NULL, WNOHANG) == e->pid) {
            close(e->from_engine);
            e->pid = -1;
            return;
        }
        usleep(10000);
    }
    kill(e->pid, SIGKILL);
    waitpid(e->pid, NULL, 0);
    close(e->from_engine);
    e->pid = -1;
}
