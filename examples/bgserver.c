/* bgserver — a line-protocol game server on 127.0.0.1 embedding libboardgames: flags, sockets, the epoll loop. */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE /* accept4 */
#endif
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <arpa/inet.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/resource.h>
#include <sys/signalfd.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include "bgserver.h"

#define MAX_EVENTS 256
/* Connections accepted per wake-up of the listening socket, so clients already in get served too. */
#define ACCEPT_BATCH 128

static double now_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static void usage(FILE *f)
{
    fprintf(f,
            "usage: bgserver [--port N] [--max-line BYTES] [--max-output BYTES] [--max-games N]\n"
            "                [--max-games-per-conn N] [--max-conns N] [--max-plies N]\n"
            "                [--idle-timeout SECONDS] [--max-seconds SECONDS] [--admin]\n"
            "Serves libboardgames %s on 127.0.0.1 (protocol: docs/bgserver.md). --port 0 picks a\n"
            "free port; the first line on stdout is always 'listening on 127.0.0.1:PORT'.\n",
            bg_version());
}

/* A decimal flag value in [lo, hi]. */
static int number(const char *flag, const char *text, long lo, long hi, long *out)
{
    char *end = NULL;
    errno = 0;
    long v = text ? strtol(text, &end, 10) : 0;
    if (!text || !*text || *end || errno || v < lo || v > hi) {
        fprintf(stderr, "bgserver: %s needs a number from %ld to %ld\n", flag, lo, hi);
        return -1;
    }
    *out = v;
    return 0;
}

typedef struct flags {
    long port, max_seconds;
    int max_conns_set;
} flags;

static int parse_flags(int argc, char **argv, bgs_server *s, flags *f)
{
    static const struct {
        const char *name;
        long lo, hi;
    } spec[] = {
        {"--port", 0, 65535},
        {"--max-line", 64, 1L << 24},
        {"--max-output", 256, 1L << 30},
        {"--max-games", 1, 1L << 30},
        {"--max-games-per-conn", 1, 1L << 20},
        {"--max-conns", 1, 1L << 24},
        {"--max-plies", 1, 1L << 20},
        {"--idle-timeout", 0, 1L << 24},
        {"--max-seconds", 0, 1L << 24},
    };
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--admin")) {
            s->admin = 1;
            continue;
        }
        if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
            usage(stdout);
            return 1;
        }
        size_t k = 0;
        while (k < sizeof spec / sizeof spec[0] && strcmp(argv[i], spec[k].name))
            k++;
        long v;
        if (k == sizeof spec / sizeof spec[0]) {
            fprintf(stderr, "bgserver: unknown flag '%s'\n", argv[i]);
            usage(stderr);
            return -1;
        }
        if (number(argv[i], i + 1 < argc ? argv[i + 1] : NULL, spec[k].lo, spec[k].hi, &v))
            return -1;
        i++;
        switch (k) {
        case 0: f->port = v; break;
        case 1: s->lim.max_line = (size_t)v; break;
        case 2: s->lim.max_output = (size_t)v; break;
        case 3: s->lim.max_games = v; break;
        case 4: s->lim.max_games_per_conn = (int)v; break;
        case 5: s->lim.max_conns = (int)v; f->max_conns_set = 1; break;
        case 6: s->lim.max_plies = (int)v; break;
        case 7: s->lim.idle_timeout = (int)v; break;
        default: f->max_seconds = v; break;
        }
    }
    return 0;
}

/* Thousands of connections need thousands of descriptors: take the hard limit. */
static long raise_nofile(void)
{
    struct rlimit rl;
    if (getrlimit(RLIMIT_NOFILE, &rl) != 0)
        return 1024;
    if (rl.rlim_cur < rl.rlim_max) {
        rlim_t want = rl.rlim_max;
        rl.rlim_cur = want;
        if (setrlimit(RLIMIT_NOFILE, &rl) != 0)
            getrlimit(RLIMIT_NOFILE, &rl);
    }
    return rl.rlim_cur == RLIM_INFINITY || rl.rlim_cur > (1L << 24) ? 1L << 24 : (long)rl.rlim_cur;
}

static int open_listener(long port, int *actual)
{
    int fd = socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
    if (fd < 0)
        return -1;
    int one = 1;
    setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
    struct sockaddr_in sa = {0};
    sa.sin_family = AF_INET;
    sa.sin_port = htons((uint16_t)port);
    sa.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    socklen_t len = sizeof sa;
    if (bind(fd, (struct sockaddr *)&sa, sizeof sa) != 0 || listen(fd, 4096) != 0 ||
        getsockname(fd, (struct sockaddr *)&sa, &len) != 0) {
        close(fd);
        return -1;
    }
    *actual = ntohs(sa.sin_port);
    return fd;
}

/* Tell a client it cannot be served (best effort: the socket is new, its buffer is empty). */
static void refuse(bgs_server *s, int fd)
{
    static const char msg[] = "err busy 0 too many connections\n";
    ssize_t n = send(fd, msg, sizeof msg - 1, MSG_NOSIGNAL | MSG_DONTWAIT);
    (void)n;
    close(fd);
    s->stats.refused++;
}

static void accept_clients(bgs_server *s)
{
    for (int i = 0; i < ACCEPT_BATCH; i++) {
        int fd = accept4(s->lfd, NULL, NULL, SOCK_NONBLOCK | SOCK_CLOEXEC);
        if (fd < 0) {
            if (errno == EINTR || errno == ECONNABORTED)
                continue;
            if ((errno == EMFILE || errno == ENFILE) && s->spare_fd >= 0) {
                /* Out of descriptors: free the spare one to take the client off the queue and
                   refuse it, instead of leaving it to spin the loop. */
                close(s->spare_fd);
                fd = accept4(s->lfd, NULL, NULL, SOCK_NONBLOCK | SOCK_CLOEXEC);
                if (fd >= 0)
                    refuse(s, fd);
                s->spare_fd = open("/dev/null", O_RDONLY | O_CLOEXEC);
                continue;
            }
            return; /* EAGAIN: the queue is empty */
        }
        if (s->nconns >= s->lim.max_conns) {
            refuse(s, fd);
            continue;
        }
        int one = 1;
        /* Replies are whole lines written at once: Nagle would only delay them. */
        setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
        if (!bgs_conn_new(s, fd)) {
            close(fd);
            s->stats.refused++;
            continue;
        }
        s->stats.accepted++;
    }
}

static int open_signals(sigset_t *set)
{
    sigemptyset(set);
    sigaddset(set, SIGTERM);
    sigaddset(set, SIGINT);
    if (sigprocmask(SIG_BLOCK, set, NULL) != 0)
        return -1;
    return signalfd(-1, set, SFD_NONBLOCK | SFD_CLOEXEC);
}

static void close_idle(bgs_server *s)
{
    if (!s->lim.idle_timeout)
        return;
    while (s->head && s->now - s->head->last_active > (double)s->lim.idle_timeout)
        bgs_conn_free(s, s->head);
}

static int run(bgs_server *s, double deadline)
{
    struct epoll_event evs[MAX_EVENTS];
    while (!s->stop) {
        int timeout = 1000;
        if (deadline > 0) {
            double left = deadline - now_seconds();
            if (left <= 0)
                break;
            if (left * 1000 < timeout)
                timeout = (int)(left * 1000) + 1;
        }
        int n = epoll_wait(s->epfd, evs, MAX_EVENTS, timeout);
        if (n < 0 && errno != EINTR) {
            perror("bgserver: epoll_wait");
            return 1;
        }
        s->now = now_seconds();
        for (int i = 0; i < n; i++) {
            void *tag = evs[i].data.ptr;
            if (tag == &s->lfd)
                accept_clients(s);
            else if (tag == &s->epfd)
                s->stop = 1; /* SIGTERM or SIGINT arrived on the signalfd */
            else
                bgs_conn_event(s, tag, evs[i].events);
        }
        close_idle(s);
    }
    return 0;
}

int main(int argc, char **argv)
{
    bgs_server s = {0};
    s.lim = (bgs_limits){.max_line = 65536, .max_output = 1 << 20, .max_games_per_conn = 64,
                         .max_games = 100000, .max_plies = 10000, .idle_timeout = 0};
    flags f = {0};
    int r = parse_flags(argc, argv, &s, &f);
    if (r)
        return r < 0 ? 2 : 0;
    long nofile = raise_nofile();
    if (!f.max_conns_set)
        s.lim.max_conns = nofile > 64 ? (int)(nofile - 32) : 32;

    signal(SIGPIPE, SIG_IGN);
    sigset_t set;
    int sfd = open_signals(&set);
    int port = 0;
    s.lfd = open_listener(f.port, &port);
    s.epfd = epoll_create1(EPOLL_CLOEXEC);
    s.spare_fd = open("/dev/null", O_RDONLY | O_CLOEXEC);
    for (int i = 0; i < bg_variant_count(); i++) {
        size_t m = (size_t)bg_variant_max_moves(bg_variant_at(i));
        s.moves_cap = m > s.moves_cap ? m : s.moves_cap;
    }
    s.moves = malloc(s.moves_cap * sizeof *s.moves);
    struct epoll_event lev = {.events = EPOLLIN, .data.ptr = &s.lfd};
    struct epoll_event sev = {.events = EPOLLIN, .data.ptr = &s.epfd};
    int status = 1;
    if (sfd < 0 || s.lfd < 0 || s.epfd < 0 || !s.moves)
        fprintf(stderr, "bgserver: cannot start on 127.0.0.1:%ld: %s\n", f.port, strerror(errno));
    else if (epoll_ctl(s.epfd, EPOLL_CTL_ADD, s.lfd, &lev) != 0 ||
             epoll_ctl(s.epfd, EPOLL_CTL_ADD, sfd, &sev) != 0)
        perror("bgserver: epoll_ctl");
    else {
        printf("listening on 127.0.0.1:%d\n", port);
        fflush(stdout);
        s.now = now_seconds();
        status = run(&s, f.max_seconds ? s.now + (double)f.max_seconds : 0);
    }

    /* Say goodbye where we can (the `shutdown` reply), then free everything. */
    while (s.head) {
        bgs_conn_flush(&s, s.head);
        bgs_conn_free(&s, s.head);
    }
    if (s.lfd >= 0)
        printf("bgserver: stopped: %llu connections, %llu games, %llu requests, %llu moves, "
               "peak %d connections and %ld games\n",
               (unsigned long long)s.stats.accepted, (unsigned long long)s.stats.games_created,
               (unsigned long long)s.stats.requests, (unsigned long long)s.stats.moves,
               s.stats.peak_conns, s.stats.peak_games);
    free(s.moves);
    if (s.spare_fd >= 0)
        close(s.spare_fd);
    if (s.epfd >= 0)
        close(s.epfd);
    if (s.lfd >= 0)
        close(s.lfd);
    if (sfd >= 0)
        close(sfd);
    return status;
}
