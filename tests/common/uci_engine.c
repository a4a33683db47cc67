/* A UCI or USI engine driven through pipes for differential tests: start, options, perft split, stop. */
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
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define MAX_ARGS 16

static int fail(uci_engine *e, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static int fail(uci_engine *e, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(e->error, sizeof e->error, fmt, ap);
    va_end(ap);
    return -1;
}

/* "what: <the error so far>". */
static int prefix_error(uci_engine *e, const char *what)
{
    char was[sizeof e->error];
    memcpy(was, e->error, sizeof was);
    return fail(e, "%s: %s", what, was);
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
    if (e->to_engine < 0)
        return fail(e, "the engine is not running");
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

/* Next line (without newline; longer lines are cut to cap - 1) into line; -1 on timeout or EOF. */
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
        if (r < 0 && errno != EINTR)
            return fail(e, "poll: %s", strerror(errno));
        if (r <= 0)
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
    char line[1024];
    while (read_line(e, line, sizeof line) == 0)
        if (strncmp(line, prefix, strlen(prefix)) == 0)
            return 0;
    return -1;
}

static void close_pair(int p[2])
{
    close(p[0]);
    close(p[1]);
}

int uci_start(uci_engine *e, const char *path, const char *const *args, int usi, int timeout_ms)
{
    memset(e, 0, sizeof *e);
    e->pid = -1;
    e->to_engine = e->from_engine = -1;
    e->usi = usi;
    e->timeout_ms = timeout_ms;
    const char *argv[MAX_ARGS + 2] = {path};
    for (int i = 0; args && args[i]; i++) {
        if (i == MAX_ARGS)
            return fail(e, "more than %d engine arguments", MAX_ARGS);
        argv[i + 1] = args[i];
    }
    if (access(path, X_OK) != 0)
        return fail(e, "%s is not an executable (%s): install the Debian package", path,
                    strerror(errno));
    int in[2], out[2];
    if (pipe2(in, O_CLOEXEC) != 0)
        return fail(e, "pipe: %s", strerror(errno));
    if (pipe2(out, O_CLOEXEC) != 0) {
        close_pair(in);
        return fail(e, "pipe: %s", strerror(errno));
    }
    signal(SIGPIPE, SIG_IGN);
    fflush(NULL);
    pid_t pid = fork();
    if (pid < 0) {
        close_pair(in);
        close_pair(out);
        return fail(e, "fork: %s", strerror(errno));
    }
    if (pid == 0) {
        /* dup2 clears O_CLOEXEC on the copies; the originals close at exec. */
        if (dup2(in[0], 0) < 0 || dup2(out[1], 1) < 0)
            _exit(126);
        execv(path, (char *const *)argv);
        _exit(127);
    }
    close(in[0]);
    close(out[1]);
    e->pid = pid;
    e->to_engine = in[1];
    e->from_engine = out[0];
    if (send_text(e, usi ? "usi\n" : "uci\n") || wait_for(e, usi ? "usiok" : "uciok"))
        return prefix_error(e, usi ? "no usiok" : "no uciok");
    return 0;
}

int uci_set_option(uci_engine *e, const char *name, const char *value)
{
    char cmd[1280];
    /* Fairy-Stockfish ignores a file it cannot read: say so now, not as wrong move lists later. */
    if (strcmp(name, "VariantPath") == 0 && access(value, R_OK) != 0)
        return fail(e, "cannot read %s (%s)", value, strerror(errno));
    int n = snprintf(cmd, sizeof cmd, "setoption name %s value %s\n", name, value);
    if (n < 0 || (size_t)n >= sizeof cmd)
        return fail(e, "option %s: value too long", name);
    return send_text(e, cmd);
}

int uci_ready(uci_engine *e)
{
    if (send_text(e, "isready\n") || wait_for(e, "readyok"))
        return prefix_error(e, "no readyok");
    return 0;
}

int uci_open(uci_engine *e, const char *path, int usi, const char *variant_path,
             const char *variant, int timeout_ms)
{
    if (uci_start(e, path, NULL, usi, timeout_ms) ||
        (variant_path && uci_set_option(e, "VariantPath", variant_path)) ||
        (variant && uci_set_option(e, "UCI_Variant", variant)) || uci_ready(e)) {
        uci_stop(e);
        return prefix_error(e, path);
    }
    return 0;
}

int uci_ask(uci_engine *e, const char *cmd, const char *prefix, char *out, size_t cap)
{
    char line[1 << 12];
    size_t n = strlen(prefix);
    int found = 0;
    /* isready after the command: the lines after the wanted one are read up to readyok. */
    if (send_text(e, cmd) || send_text(e, "\nisready\n"))
        return -1;
    while (read_line(e, line, sizeof line) == 0) {
        if (!found && strncmp(line, prefix, n) == 0) {
            snprintf(out, cap, "%s", line + n);
            found = 1;
        } else if (strcmp(line, "readyok") == 0) {
            return found ? 0 : fail(e, "no line starting with '%s'", prefix);
        }
    }
    return prefix_error(e, prefix);
}

static int by_move(const void *a, const void *b)
{
    return strcmp(((const uci_move_count *)a)->move, ((const uci_move_count *)b)->move);
}

/* "e2e4: 20" -> move and count; 0 if the line is no such line (blank, "info ...", the total). */
static int split_line(const char *line, uci_move_count *m)
{
    const char *colon = strchr(line, ':');
    size_t len = colon ? (size_t)(colon - line) : 0;
    if (len < 2 || len >= sizeof m->move || memchr(line, ' ', len))
        return 0;
    memcpy(m->move, line, len);
    m->move[len] = 0;
    m->count = strtoull(colon + 1, NULL, 10);
    return 1;
}

int uci_perft(uci_engine *e, const char *position, const char *moves, int depth,
              uci_move_count *out, size_t cap, uint64_t *total)
{
    char cmd[8192], line[1024];
    int len = snprintf(cmd, sizeof cmd, "position %s %s%s%s\ngo perft %d\n",
                       e->usi ? "sfen" : "fen", position, moves && *moves ? " moves " : "",
                       moves && *moves ? moves : "", depth);
    if (len < 0 || (size_t)len >= sizeof cmd)
        return fail(e, "position command longer than %zu bytes", sizeof cmd);
    if (send_text(e, cmd))
        return -1;
    size_t n = 0;
    uint64_t sum = 0;
    for (;;) {
        if (read_line(e, line, sizeof line))
            return -1;
        if (strncmp(line, "Nodes searched:", 15) == 0) {
            uint64_t all = strtoull(line + 15, NULL, 10);
            if (all != sum)
                return fail(e, "engine total %" PRIu64 " differs from its moves' sum %" PRIu64,
                            all, sum);
            if (total)
                *total = all;
            break;
        }
        uci_move_count m;
        if (!split_line(line, &m))
            continue;
        if (out && n == cap)
            return fail(e, "more than %zu moves from the engine", cap);
        if (out)
            out[n] = m;
        sum += m.count;
        n++;
    }
    if (out)
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

static int executable_file(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISREG(st.st_mode) && access(path, X_OK) == 0;
}

const char *uci_find_engine(const char *name, const char *env)
{
    static char found[4096];
    const char *given = getenv(env);
    if (given)
        return given[0] && executable_file(given) ? given : NULL;
    const char *path = getenv("PATH");
    for (const char *p = path ? path : ""; *p;) {
        size_t n = strcspn(p, ":");
        snprintf(found, sizeof found, "%.*s/%s", (int)n, n ? p : ".", name);
        if (executable_file(found))
            return found;
        p += n + (p[n] == ':');
    }
    snprintf(found, sizeof found, "/usr/games/%s", name);
    return executable_file(found) ? found : NULL;
}

const char *uci_engine_or_skip(const char *name, const char *env)
{
    const char *path = uci_find_engine(name, env);
    if (path)
        return path;
    const char *given = getenv(env);
    char why[512];
    if (given)
        snprintf(why, sizeof why, "%s not available: %s='%s' is not an executable file", name,
                 env, given);
    else
        snprintf(why, sizeof why, "%s not found (%s unset, not on PATH, not in /usr/games)", name,
                 env);
    printf("1..0 # SKIP %s\n", why);
    fprintf(stderr, "SKIP: %s\n", why);
    exit(0);
}
