/* bgtool — the command-line example of libboardgames: argument parsing and command dispatch. */
#include <stdlib.h>
#include <string.h>

#include "bgtool.h"

enum { C_VARIANTS = 1, C_PERFT = 2, C_MOVES = 4, C_PLAY = 8, C_CONVERT = 16, C_BENCH = 32, C_SHOW = 64 };
#define C_POSITION (C_PERFT | C_MOVES | C_PLAY | C_CONVERT | C_SHOW)

typedef struct command {
    const char *name;
    int (*run)(const bgt_args *a);
    unsigned bit;
    int takes_variant;    /* the first positional argument is VARIANT */
    int min_args, max_args; /* positional arguments after VARIANT; -1 = no limit */
    const char *synopsis;
} command;

static const command commands[] = {
    {"variants", bgt_cmd_variants, C_VARIANTS, 0, 0, 0, "variants"},
    {"perft", bgt_cmd_perft, C_PERFT, 1, 1, 1,
     "perft VARIANT DEPTH [--fen TEXT] [--option NAME=VALUE]... [--divide]"},
    {"moves", bgt_cmd_moves, C_MOVES, 1, 0, 0,
     "moves VARIANT [--fen TEXT] [--option NAME=VALUE]... [--notation NAME]"},
    {"play", bgt_cmd_play, C_PLAY, 1, 0, -1,
     "play VARIANT [--fen TEXT] [--option NAME=VALUE]... [--notation NAME] [--json] [--claim REASON] "
     "MOVE..."},
    {"convert", bgt_cmd_convert, C_CONVERT, 1, 0, -1,
     "convert VARIANT --from NAME --to NAME [--fen TEXT] [--option NAME=VALUE]... [--lines] "
     "[--lenient] [--whole-games] [--jobs N] [FILE...]"},
    {"bench", bgt_cmd_bench, C_BENCH, 0, 0, -1, "bench [VARIANT...]"},
    {"show", bgt_cmd_show, C_SHOW, 1, 0, 0,
     "show VARIANT [--fen TEXT] [--option NAME=VALUE]... [--svg] [--picture OPTIONS]"},
};
#define NCOMMANDS (sizeof commands / sizeof commands[0])

enum { F_FEN, F_OPTION, F_NOTATION, F_DIVIDE, F_JSON, F_FROM, F_TO, F_LINES, F_LENIENT, F_CLAIM,
       F_JOBS, F_SVG, F_PICTURE, F_WHOLE_GAMES };

static const struct flag {
    const char *name;
    int takes_value;
    unsigned commands;
} flags[] = {
    [F_FEN] = {"fen", 1, C_POSITION},
    [F_OPTION] = {"option", 1, C_POSITION},
    [F_NOTATION] = {"notation", 1, C_MOVES | C_PLAY},
    [F_DIVIDE] = {"divide", 0, C_PERFT},
    [F_JSON] = {"json", 0, C_PLAY},
    [F_FROM] = {"from", 1, C_CONVERT},
    [F_TO] = {"to", 1, C_CONVERT},
    [F_LINES] = {"lines", 0, C_CONVERT},
    [F_LENIENT] = {"lenient", 0, C_POSITION},
    [F_CLAIM] = {"claim", 1, C_PLAY},
    [F_JOBS] = {"jobs", 1, C_CONVERT},
    [F_SVG] = {"svg", 0, C_SHOW},
    [F_PICTURE] = {"picture", 1, C_SHOW},
    [F_WHOLE_GAMES] = {"whole-games", 0, C_CONVERT},
};
#define NFLAGS (sizeof flags / sizeof flags[0])

static void usage(FILE *f)
{
    fprintf(f, "usage: bgtool [--define FILE]... COMMAND [ARGS]   (libboardgames %s)\n", bg_version());
    for (size_t i = 0; i < NCOMMANDS; i++)
        fprintf(f, "  bgtool %s\n", commands[i].synopsis);
    fputs("  --lenient accepts common deviations in positions and moves (strict by default).\n"
          "  --lines (convert) reads each input line as a separate game.\n"
          "  convert reads several FILEs, '-' or none for stdin, gzip/zstd/bzip2/xz input; a\n"
          "    broken game is skipped with a warning (exit status 1), a game with an illegal or\n"
          "    unreadable move keeps the moves before it, with a warning (--whole-games: it is\n"
          "    skipped); --jobs N reads a file in byte ranges on N threads, with the same output.\n"
          "  --claim REASON (play) claims a draw or declares (e.g. threefold-repetition,\n"
          "    impasse) after the moves; a rejected claim is an error.\n"
          "  --svg (show) writes an SVG picture instead of the text diagram; --picture takes its\n"
          "    options, e.g. flip=true,lastmove=e2e4,marks=e4 d5,arrows=g1f3,size=400.\n"
          "  --define FILE (before the command, repeatable) loads variant definitions\n"
          "    (Fairy-Stockfish variants.ini format, docs/variants.md) for the command.\n",
          f);
}

/* Append one --option value; several are joined with ';' as bg_position_new expects. */
static int add_option(bgt_args *a, const char *value)
{
    size_t old = a->options ? strlen(a->options) : 0, add = strlen(value);
    char *p = realloc(a->options, old + add + 2);
    if (!p)
        return bgt_fail("out of memory");
    if (old)
        p[old++] = ';';
    memcpy(p + old, value, add + 1);
    a->options = p;
    return BGT_OK;
}

static int set_flag(bgt_args *a, int f, const char *value)
{
    switch (f) {
    case F_FEN: a->fen = value; break;
    case F_OPTION:
        if (!strchr(value, '='))
            return bgt_fail("--option needs NAME=VALUE, got '%s'", value);
        return add_option(a, value);
    case F_NOTATION: a->notation = value; break;
    case F_DIVIDE: a->divide = 1; break;
    case F_JSON: a->json = 1; break;
    case F_FROM: a->from = value; break;
    case F_TO: a->to = value; break;
    case F_LINES: a->lines = 1; break;
    case F_LENIENT: a->parse_flags |= BG_PARSE_LENIENT; break;
    case F_CLAIM: a->claim = value; break;
    case F_JOBS: {
        char *end;
        long n = strtol(value, &end, 10);
        if (*value == '\0' || *end || n < 1 || n > 256)
            return bgt_fail("--jobs needs a number of threads from 1 to 256, got '%s'", value);
        a->jobs = (int)n;
        break;
    }
    case F_SVG: a->svg = 1; break;
    case F_PICTURE: a->picture = value; break;
    case F_WHOLE_GAMES: a->whole_games = 1; break;
    }
    return BGT_OK;
}

/* Flags may come anywhere after the command, as "--name value" or "--name=value"; "--" ends them. */
static int parse_args(bgt_args *a, const command *c, int argc, char **argv)
{
    int only_positional = 0;
    for (int i = 2; i < argc; i++) {
        char *arg = argv[i];
        if (only_positional || strncmp(arg, "--", 2) != 0 || arg[2] == '\0') {
            if (!only_positional && strcmp(arg, "--") == 0) {
                only_positional = 1;
                continue;
            }
            a->positional[a->npositional++] = arg;
            continue;
        }
        const char *name = arg + 2, *eq = strchr(name, '=');
        size_t len = eq ? (size_t)(eq - name) : strlen(name);
        size_t f = 0;
        while (f < NFLAGS && !(strlen(flags[f].name) == len && !strncmp(flags[f].name, name, len)))
            f++;
        if (f == NFLAGS || !(flags[f].commands & c->bit))
            return bgt_fail("'%s' takes no flag '--%.*s' (try 'bgtool help')", c->name, (int)len,
                            name);
        const char *value = NULL;
        if (flags[f].takes_value) {
            if (eq)
                value = eq + 1;
            else if (i + 1 < argc)
                value = argv[++i];
            else
                return bgt_fail("--%s needs a value", flags[f].name);
        } else if (eq) {
            return bgt_fail("--%s takes no value", flags[f].name);
        }
        if (set_flag(a, (int)f, value) != BGT_OK)
            return BGT_FAIL;
    }
    return BGT_OK;
}

static int check_positional(bgt_args *a, const command *c)
{
    int n = a->npositional;
    if (c->takes_variant) {
        if (n == 0)
            return bgt_fail("'%s' needs a VARIANT; usage: bgtool %s", c->name, c->synopsis);
        a->variant = bgt_find_variant(a, a->positional[0]);
        if (!a->variant)
            return bgt_fail("unknown variant '%s' (try 'bgtool variants')", a->positional[0]);
        a->positional++;
        a->npositional = --n;
    }
    if (n < c->min_args || (c->max_args >= 0 && n > c->max_args))
        return bgt_fail("wrong number of arguments; usage: bgtool %s", c->synopsis);
    return BGT_OK;
}

const bg_variant *bgt_find_variant(const bgt_args *a, const char *id)
{
    const bg_variant *v = a->defined ? bg_variant_set_find(a->defined, id) : NULL;
    return v ? v : bg_variant_find(id);
}

/* --define FILE: the file's definitions join the set; a bad one is "FILE: line L: message". */
static int define_file(bg_variant_set **set, const char *path)
{
    char *text;
    size_t len;
    if (bgt_read_input(path, &text, &len) != BGT_OK)
        return BGT_FAIL;
    bg_error err = BG_ERROR_INIT;
    bg_status s = *set ? BG_OK : bg_variant_set_new(set, NULL, &err);
    if (s == BG_OK)
        s = bg_variant_define(*set, text, len, &err);
    free(text);
    if (s == BG_OK)
        return BGT_OK;
    if (err.line > 0)
        return bgt_fail("%s: line %d: %s", path, err.line, bgt_errtext(&err, s));
    return bgt_fail("%s: %s", path, bgt_errtext(&err, s));
}

static int run(int argc, char **argv, const bg_variant_set *defined);

int main(int argc, char **argv)
{
    bg_variant_set *defined = NULL;
    int first = 1;
    while (first + 1 < argc && !strcmp(argv[first], "--define")) {
        if (define_file(&defined, argv[first + 1]) != BGT_OK) {
            bg_variant_set_free(defined);
            return BGT_FAIL;
        }
        first += 2;
    }
    if (first < argc && !strcmp(argv[first], "--define")) {
        bg_variant_set_free(defined);
        return bgt_fail("--define needs a FILE");
    }
    /* The command line without the --define pairs: argv[0] then the command. */
    argv[first - 1] = argv[0];
    int status = run(argc - first + 1, argv + first - 1, defined);
    bg_variant_set_free(defined);
    return status;
}

static int run(int argc, char **argv, const bg_variant_set *defined)
{
    if (argc < 2)
        return bgt_fail("missing command (try 'bgtool help')");
    if (!strcmp(argv[1], "help") || !strcmp(argv[1], "--help") || !strcmp(argv[1], "-h")) {
        usage(stdout);
        return BGT_OK;
    }
    if (!strcmp(argv[1], "--version")) {
        printf("bgtool (libboardgames %s)\n", bg_version());
        return BGT_OK;
    }
    const command *c = NULL;
    for (size_t i = 0; i < NCOMMANDS && !c; i++)
        if (!strcmp(argv[1], commands[i].name))
            c = &commands[i];
    if (!c)
        return bgt_fail("unknown command '%s' (try 'bgtool help')", argv[1]);

    bgt_args a = {.command = c->name, .jobs = 1, .defined = defined};
    char **positional = calloc((size_t)argc, sizeof *positional);
    if (!positional)
        return bgt_fail("out of memory");
    a.positional = positional;
    int status = parse_args(&a, c, argc, argv);
    if (status == BGT_OK)
        status = check_positional(&a, c);
    if (status == BGT_OK)
        status = c->run(&a);
    /* A full disk or closed pipe must not pass for success. */
    if (fflush(stdout) != 0 || ferror(stdout)) {
        if (status == BGT_OK)
            status = bgt_fail("cannot write the output");
    }
    free(a.options);
    free(positional);
    return status;
}
