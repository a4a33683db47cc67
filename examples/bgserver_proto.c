/* bgserver — the request line: tokens, dispatch, error replies, and the commands that need no game. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "bgserver.h"

void bgs_err(bgs_server *s, bgs_conn *c, const char *code, size_t offset, const char *fmt, ...)
{
    char msg[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    /* Messages may quote the client's bytes: keep the reply one line of printable text. */
    for (unsigned char *p = (unsigned char *)msg; *p; p++)
        if (*p < 0x20 || *p == 0x7f)
            *p = '?';
    s->stats.errors++;
    bgs_outf(s, c, "err %s %zu %s\n", code, offset, msg);
}

static void cmd_ping(bgs_server *s, bgs_conn *c, const bgs_args *a)
{
    (void)a;
    bgs_outf(s, c, "ok pong\n");
}

static void cmd_version(bgs_server *s, bgs_conn *c, const bgs_args *a)
{
    (void)a;
    bgs_outf(s, c, "ok bgserver 1 libboardgames %s\n", bg_version());
}

static void cmd_variants(bgs_server *s, bgs_conn *c, const bgs_args *a)
{
    (void)a;
    bgs_outf(s, c, "ok %d", bg_variant_count());
    for (int i = 0; i < bg_variant_count(); i++)
        bgs_outf(s, c, " %s", bg_variant_id(bg_variant_at(i)));
    bgs_out(s, c, "\n", 1);
}

/* A ','-joined list, or "-" when empty. */
static void out_list(bgs_server *s, bgs_conn *c, const char *key, const bg_variant *v,
                     int (*count)(const bg_variant *), const char *(*at)(const bg_variant *, int))
{
    bgs_outf(s, c, " %s=", key);
    int n = count(v);
    for (int i = 0; i < n; i++)
        bgs_outf(s, c, "%s%s", i ? "," : "", at(v, i));
    if (!n)
        bgs_out(s, c, "-", 1);
}

static void cmd_info(bgs_server *s, bgs_conn *c, const bgs_args *a)
{
    const bg_variant *v = bg_variant_find(a->tok[1]);
    if (!v) {
        bgs_err(s, c, "unknown-variant", a->off[1], "no variant '%s'", a->tok[1]);
        return;
    }
    bgs_outf(s, c, "ok %s size=%dx%d", bg_variant_id(v), bg_variant_width(v), bg_variant_height(v));
    out_list(s, c, "sides", v, bg_variant_sides, bg_variant_side_id);
    out_list(s, c, "notations", v, bg_variant_notation_count, bg_variant_notation_at);
    out_list(s, c, "records", v, bg_variant_record_format_count, bg_variant_record_format_at);
    bgs_out(s, c, " options=", 9);
    for (int i = 0; i < bg_variant_option_count(v); i++)
        bgs_outf(s, c, "%s%s=%s", i ? ";" : "", bg_variant_option_name(v, i),
                 bg_variant_option_values(v, i));
    if (!bg_variant_option_count(v))
        bgs_out(s, c, "-", 1);
    bgs_outf(s, c, " drops=%d pass=%d name=%s\n", bg_variant_has_drops(v), bg_variant_has_pass(v),
             bg_variant_name(v));
}

static void cmd_stats(bgs_server *s, bgs_conn *c, const bgs_args *a)
{
    (void)a;
    bgs_outf(s, c,
             "ok connections=%d games=%ld peak_connections=%d peak_games=%ld accepted=%llu "
             "refused=%llu requests=%llu errors=%llu moves=%llu games_created=%llu\n",
             s->nconns, s->ngames, s->stats.peak_conns, s->stats.peak_games,
             (unsigned long long)s->stats.accepted, (unsigned long long)s->stats.refused,
             (unsigned long long)s->stats.requests, (unsigned long long)s->stats.errors,
             (unsigned long long)s->stats.moves, (unsigned long long)s->stats.games_created);
}

static void cmd_quit(bgs_server *s, bgs_conn *c, const bgs_args *a)
{
    (void)a;
    bgs_outf(s, c, "ok bye\n");
    c->closing = 1;
}

static void cmd_shutdown(bgs_server *s, bgs_conn *c, const bgs_args *a)
{
    if (!s->admin) {
        bgs_err(s, c, "unsupported", a->off[0], "shutdown is allowed only with --admin");
        return;
    }
    bgs_outf(s, c, "ok shutting down\n");
    s->stop = 1;
}

static void cmd_help(bgs_server *s, bgs_conn *c, const bgs_args *a);

static const struct command {
    const char *name;
    bgs_handler run;
    int min_args, max_args; /* arguments after the command word */
    int rest;               /* the last argument is the rest of the line (may hold spaces) */
} commands[] = {
    {"ping", cmd_ping, 0, 0, 0},
    {"version", cmd_version, 0, 0, 0},
    {"help", cmd_help, 0, 0, 0},
    {"variants", cmd_variants, 0, 0, 0},
    {"info", cmd_info, 1, 1, 0},
    {"new", bgs_cmd_new, 1, 2, 0},
    {"load", bgs_cmd_load, 3, 3, 1},
    {"import", bgs_cmd_import, 3, 3, 1},
    {"play", bgs_cmd_play, 2, 3, 0},
    {"moves", bgs_cmd_moves, 1, 2, 0},
    {"position", bgs_cmd_position, 1, 2, 0},
    {"result", bgs_cmd_result, 1, 1, 0},
    {"undo", bgs_cmd_undo, 1, 1, 0},
    {"claim", bgs_cmd_claim, 2, 2, 0},
    {"resign", bgs_cmd_resign, 2, 2, 0},
    {"draw", bgs_cmd_draw, 1, 1, 0},
    {"export", bgs_cmd_export, 1, 2, 0},
    {"free", bgs_cmd_free, 1, 1, 0},
    {"games", bgs_cmd_games, 0, 0, 0},
    {"stats", cmd_stats, 0, 0, 0},
    {"quit", cmd_quit, 0, 0, 0},
    {"shutdown", cmd_shutdown, 0, 0, 0},
};
#define NCOMMANDS (sizeof commands / sizeof commands[0])

static void cmd_help(bgs_server *s, bgs_conn *c, const bgs_args *a)
{
    (void)a;
    bgs_out(s, c, "ok", 2);
    for (size_t i = 0; i < NCOMMANDS; i++)
        bgs_outf(s, c, " %s", commands[i].name);
    bgs_out(s, c, "\n", 1);
}

static int is_space(char ch)
{
    return ch == ' ' || ch == '\t';
}

void bgs_request(bgs_server *s, bgs_conn *c, char *line, size_t len)
{
    char *nul = memchr(line, '\0', len);
    if (nul) {
        s->stats.requests++;
        bgs_err(s, c, "syntax", (size_t)(nul - line), "NUL byte in the request");
        return;
    }
    bgs_args a = {0};
    const struct command *cmd = NULL;
    char *p = line;
    for (;;) {
        while (is_space(*p))
            p++;
        if (!*p)
            break;
        if (cmd && cmd->rest && a.n == cmd->max_args) {
            a.tok[a.n] = p; /* the rest of the line, trailing blanks removed */
            a.off[a.n++] = (size_t)(p - line);
            char *end = line + len;
            while (end > p && is_space(end[-1]))
                *--end = '\0';
            break;
        }
        if (a.n == (int)(sizeof a.tok / sizeof a.tok[0]) || (cmd && a.n > cmd->max_args)) {
            s->stats.requests++;
            bgs_err(s, c, "syntax", (size_t)(p - line), "too many arguments");
            return;
        }
        a.tok[a.n] = p;
        a.off[a.n++] = (size_t)(p - line);
        while (*p && !is_space(*p))
            p++;
        if (*p)
            *p++ = '\0';
        if (a.n == 1) {
            for (size_t i = 0; i < NCOMMANDS && !cmd; i++)
                if (!strcmp(commands[i].name, a.tok[0]))
                    cmd = &commands[i];
            if (!cmd) {
                s->stats.requests++;
                bgs_err(s, c, "unknown-command", 0, "unknown command '%.40s' (try help)", a.tok[0]);
                return;
            }
        }
    }
    if (!a.n)
        return; /* blank lines get no reply */
    s->stats.requests++;
    if (a.n - 1 > cmd->max_args) {
        bgs_err(s, c, "syntax", a.off[cmd->max_args + 1], "%s takes at most %d arguments",
                cmd->name, cmd->max_args);
        return;
    }
    if (a.n - 1 < cmd->min_args) {
        bgs_err(s, c, "syntax", len, "%s needs %d argument%s", cmd->name, cmd->min_args,
                cmd->min_args == 1 ? "" : "s");
        return;
    }
    cmd->run(s, c, &a);
}
