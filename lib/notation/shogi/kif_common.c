/* libboardgames — KIF/KI2/CSA record plumbing: Shift_JIS detection and conversion, lines, errors with positions, games, comments, move times, endings. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kif.h"
#include "record_text.h"

#define ERR_HAS(e, f) ((e) && (e)->size >= offsetof(bg_error, f) + sizeof((e)->f))

size_t kif_line_end(const char *d, size_t i, size_t end)
{
    while (i < end && d[i] != '\n')
        i++;
    return i;
}

static int is_blank_at(const char *d, size_t i, size_t e, size_t *n)
{
    if (i < e && (d[i] == ' ' || d[i] == '\t' || d[i] == '\r')) {
        *n = 1;
        return 1;
    }
    if (i + 3 <= e && memcmp(d + i, "　", 3) == 0) {
        *n = 3;
        return 1;
    }
    return 0;
}

void kif_trim(const char *d, size_t *i, size_t *e)
{
    size_t n;
    while (*i < *e && is_blank_at(d, *i, *e, &n))
        *i += n;
    for (;;) {
        if (*e > *i && (d[*e - 1] == ' ' || d[*e - 1] == '\t' || d[*e - 1] == '\r'))
            (*e)--;
        else if (*e >= *i + 3 && memcmp(d + *e - 3, "　", 3) == 0)
            *e -= 3;
        else
            break;
    }
}

int kif_next_game(bg_record_reader *rd)
{
    size_t i = rd->pos;
    for (;;) {
        size_t e = kif_line_end(rd->data, i, rd->len), a = i, b = e;
        kif_trim(rd->data, &a, &b);
        if (a < b)
            break;
        if (e >= rd->len) {
            i = rd->len;
            break;
        }
        i = e + 1;
    }
    for (size_t k = rd->pos; k < i; k++)
        rd->line += rd->data[k] == '\n';
    rd->pos = i;
    return i < rd->len;
}

void kif_advance(bg_record_reader *rd, size_t to)
{
    for (size_t i = rd->pos; i < to; i++)
        rd->line += rd->data[i] == '\n';
    rd->pos = to;
    rd->game_index++;
}

bg_status kif_oom(krec *c, size_t off) { return kif_fail(c, BG_E_NO_MEMORY, off, 0, "out of memory"); }

bg_status kif_scratch_new(krec *c)
{
    size_t n = c->end - c->start;
    c->scratch_cap = (n < BG_RECORD_MAX_LINE ? n : BG_RECORD_MAX_LINE) + 2;
    c->scratch = bgi_malloc(&c->rd->alloc, c->scratch_cap);
    return c->scratch ? BG_OK : kif_oom(c, c->start);
}

const char *kif_scratch(krec *c, size_t i, size_t e)
{
    size_t n = e - i;
    if (n > c->scratch_cap - 2)
        n = c->scratch_cap - 2;
    memcpy(c->scratch, c->d + i, n);
    c->scratch[n] = 0;
    return c->scratch;
}

bg_status kif_make_game(krec *c, const char *sfen, size_t at)
{
    bg_record_reader *rd = c->rd;
    bg_allocator ba = BG_ALLOCATOR_INIT(rd->alloc.fn, rd->alloc.user);
    bg_error e = BG_ERROR_INIT;
    bg_status s = sfen ? bg_game_new_from_text(&c->g, rd->variant, sfen, NULL, rd->options, 0, &ba, &e)
                       : bg_game_new(&c->g, rd->variant, rd->options, &ba, &e);
    if (s == BG_OK)
        return s;
    return kif_fail(c, s, at, 0, "start position: %s", e.message);
}

bg_status kif_play(krec *c, bg_move m, size_t at, const char *text)
{
    const int ply = bg_game_ply_count(c->g) + 1;
    if (ply > BG_RECORD_MAX_PLIES)
        return kif_fail(c, BG_E_LIMIT, at, ply, "more than %d moves in one game",
                        BG_RECORD_MAX_PLIES);
    /* Every caller's move comes from a notation reader, which returns legal moves only. */
    bg_status s = bgi_game_record_move(c->g, m, 1);
    if (s == BG_E_GAME_OVER)
        return kif_fail(c, s, at, ply, "move '%s' after the end of the game (%s)", text,
                        bg_reason_name(bg_game_reason(c->g)));
    if (s != BG_OK)
        return kif_fail(c, s, at, ply, "%s", bg_game_errmsg(c->g));
    return BG_OK;
}


/* Set the comment of ply to `a`, then (when b is given) a line break and b. */
static bg_status set_joined(krec *c, int ply, const char *a, size_t an, const char *b, size_t bn,
                            size_t at)
{
    size_t n = an + (b ? 1 + bn : 0) + 1;
    char *joined = bgi_malloc(&c->rd->alloc, n);
    if (!joined)
        return kif_oom(c, at);
    memcpy(joined, a, an);
    if (b) {
        joined[an] = '\n';
        memcpy(joined + an + 1, b, bn);
    }
    joined[n - 1] = 0;
    bg_status s = bg_game_set_comment(c->g, ply, joined);
    bgi_free(&c->rd->alloc, joined, n);
    if (s == BG_E_NO_MEMORY)
        return kif_oom(c, at);
    return s == BG_OK ? s : kif_fail(c, s, at, 0, "cannot keep a comment: %s", bg_strerror(s));
}

bg_status kif_flush_comment(krec *c)
{
    if (!c->note_open)
        return BG_OK;
    const char *old = bg_game_comment(c->g, c->note_ply);
    const char *note = c->note ? c->note : "";
    c->note_open = 0;
    if (old && old[0])
        return set_joined(c, c->note_ply, old, strlen(old), note, c->note_len, c->note_at);
    return set_joined(c, c->note_ply, note, c->note_len, NULL, 0, c->note_at);
}

bg_status kif_add_comment(krec *c, int ply, const char *text, size_t at)
{
    if (c->note_open && ply != c->note_ply) {
        bg_status s = kif_flush_comment(c);
        if (s != BG_OK)
            return s;
    }
    if (!c->note_open)
        c->note_len = 0;
    size_t b = strlen(text), need = c->note_len + 1 + b + 1;
    if (need > c->note_cap) {
        size_t cap = c->note_cap ? c->note_cap : 256;
        while (cap < need)
            cap *= 2;
        char *p = bgi_realloc(&c->rd->alloc, c->note, c->note_cap, cap);
        if (!p)
            return kif_oom(c, at);
        c->note = p;
        c->note_cap = cap;
    }
    if (c->note_len)
        c->note[c->note_len++] = '\n';
    memcpy(c->note + c->note_len, text, b + 1);
    c->note_len += b;
    if (!c->note_open)
        c->note_at = at;
    c->note_open = 1;
    c->note_ply = ply;
    return BG_OK;
}

void kif_free(krec *c)
{
    bgi_free(&c->rd->alloc, c->note, c->note_cap);
    c->note = NULL;
    c->note_len = c->note_cap = 0;
    c->note_open = 0;
}

bg_status kif_begin_game(krec *c, bg_record_reader *rd, bg_error *err)
{
    if (!kif_next_game(rd))
        return BG_E_END;
    c->rd = rd;
    c->err = err;
    c->d = rd->data;
    c->start = rd->pos;
    c->fam = jp_family_of(rd->variant);
    return BG_OK;
}

bg_status kif_end_game(krec *c, size_t next, bg_status s, bg_game **game)
{
    bgi_free(&c->rd->alloc, c->scratch, c->scratch_cap);
    kif_free(c);
    kif_advance(c->rd, next);
    *game = c->g; /* on a fault: the moves before it, or nothing (record.c decides) */
    return s;
}

bg_status kif_set_time(krec *c, int ply, long seconds, int millis, size_t at)
{
    char tag[64];
    bg_status s = kif_flush_comment(c);
    if (s != BG_OK)
        return s;
    if (millis > 0)
        snprintf(tag, sizeof tag, "[%%emt %ld:%02ld:%02ld.%03d]", seconds / 3600, seconds / 60 % 60,
                 seconds % 60, millis);
    else
        snprintf(tag, sizeof tag, "[%%emt %ld:%02ld:%02ld]", seconds / 3600, seconds / 60 % 60,
                 seconds % 60);
    /* The time goes in front of the comment, in place of a time it already had. */
    const char *old = bg_game_comment(c->g, ply), *rest = old;
    long os;
    int oms;
    if (old)
        kif_comment_time(old, &os, &oms, &rest);
    if (rest && rest[0])
        return set_joined(c, ply, tag, strlen(tag), rest, strlen(rest), at);
    return set_joined(c, ply, tag, strlen(tag), NULL, 0, at);
}

int kif_comment_time(const char *comment, long *seconds, int *millis, const char **rest)
{
    *rest = comment;
    *seconds = 0;
    *millis = 0;
    if (!comment || strncmp(comment, "[%emt ", 6) != 0)
        return 0;
    const char *p = comment + 6;
    long part[3] = {0, 0, 0};
    int np = 0;
    while (np < 3) {
        if (*p < '0' || *p > '9')
            return 0;
        long v = 0;
        while (*p >= '0' && *p <= '9' && v < 100000000)
            v = v * 10 + (*p++ - '0');
        part[np++] = v;
        if (*p != ':')
            break;
        p++;
    }
    long s = 0;
    for (int i = 0; i < np; i++)
        s = s * 60 + part[i];
    int ms = 0;
    if (*p == '.') {
        p++;
        for (int k = 0; k < 3; k++)
            ms = ms * 10 + (*p >= '0' && *p <= '9' ? *p++ - '0' : 0);
        while (*p >= '0' && *p <= '9')
            p++;
    }
    if (*p != ']')
        return 0;
    p++;
    if (*p == '\n' || *p == ' ')
        p++;
    *seconds = s;
    *millis = ms;
    *rest = p;
    return 1;
}

static void format_time(char *buf, size_t cap, long seconds, int millis)
{
    if (millis > 0)
        snprintf(buf, cap, "%ld:%02ld:%02ld.%03d", seconds / 3600, seconds / 60 % 60, seconds % 60,
                 millis);
    else
        snprintf(buf, cap, "%ld:%02ld:%02ld", seconds / 3600, seconds / 60 % 60, seconds % 60);
}

bg_status kif_set_ending_time(krec *c, long seconds, int millis, size_t at)
{
    char value[48];
    format_time(value, sizeof value, seconds, millis);
    return bg_game_set_tag(c->g, KIF_TERMINATION_TIME_TAG, value) == BG_OK ? BG_OK : kif_oom(c, at);
}

int kif_ending_time(const bg_game *g, long *seconds, int *millis)
{
    const char *tag = bg_game_tag(g, KIF_TERMINATION_TAG), *time = bg_game_tag(g, KIF_TERMINATION_TIME_TAG);
    const char *ending = kif_ending_of(g), *rest;
    if (!tag || !time || !ending || strcmp(tag, ending) != 0 || strlen(time) > 40)
        return 0;
    /* The tag holds what a comment's [%emt] holds: read it the same way. */
    char emt[64];
    snprintf(emt, sizeof emt, "[%%emt %s]", time);
    return kif_comment_time(emt, seconds, millis, &rest) && !rest[0];
}

const char *kif_foul_word(int loser, int stm)
{
    if (loser == stm)
        return "ILLEGAL_MOVE";
    return loser ? "-ILLEGAL_ACTION" : "+ILLEGAL_ACTION";
}

bg_status kif_keep_illegal(krec *c, const char *text, size_t at)
{
    size_t n = strlen(KIF_ILLEGAL_PREFIX) + strlen(text) + 1;
    char *line = bgi_malloc(&c->rd->alloc, n);
    if (!line)
        return kif_oom(c, at);
    snprintf(line, n, "%s%s", KIF_ILLEGAL_PREFIX, text);
    bg_status s = kif_add_comment(c, bg_game_ply_count(c->g), line, at);
    bgi_free(&c->rd->alloc, line, n);
    return s;
}

/* ---------- endings ---------- */

enum { L_STM = 0, L_OTHER = 1, L_SENTE = 2, L_GOTE = 3, L_DRAW = -1, L_NONE = -2 };

static const kif_ending endings[] = {
    {"TORYO", "投了", L_STM},          {"CHUDAN", "中断", L_NONE},
    {"SENNICHITE", "千日手", L_DRAW},  {"TIME_UP", "切れ負け", L_STM},
    {"ILLEGAL_MOVE", "反則負け", L_STM}, {"+ILLEGAL_ACTION", NULL, L_SENTE},
    {"-ILLEGAL_ACTION", NULL, L_GOTE}, {"JISHOGI", "持将棋", L_DRAW},
    {"KACHI", "入玉勝ち", L_OTHER},    {"HIKIWAKE", NULL, L_DRAW},
    {"TSUMI", "詰み", L_STM},          {"FUZUMI", "不詰", L_NONE},
    {"ERROR", NULL, L_NONE},           {"MAX_MOVES", NULL, L_DRAW},
    {"MATTA", NULL, L_NONE},
};
#define NENDINGS (int)(sizeof endings / sizeof endings[0])

const kif_ending *kif_ending_by_csa(const char *word, size_t len)
{
    for (int i = 0; i < NENDINGS; i++)
        if (strlen(endings[i].csa) == len && memcmp(endings[i].csa, word, len) == 0)
            return &endings[i];
    return NULL;
}

/* 81Dojo's KIF in its English interface writes some terminal words in English. */
static const struct {
    const char *word, *csa;
} english_endings[] = {
    {"Resign", "TORYO"},          {"Resigns", "TORYO"},          {"Resigned", "TORYO"},         {"Time-up", "TIME_UP"},
    {"Timeup", "TIME_UP"},        {"Sennichite", "SENNICHITE"}, {"Repetition", "SENNICHITE"},
    {"Jishogi", "JISHOGI"},       {"Impasse", "JISHOGI"},        {"Abort", "CHUDAN"},
    {"Aborted", "CHUDAN"},        {"Interrupt", "CHUDAN"},       {"Checkmate", "TSUMI"},
};

const kif_ending *kif_ending_by_kif(const char *word, size_t len)
{
    for (int i = 0; i < NENDINGS; i++)
        if (endings[i].kif && strlen(endings[i].kif) == len && memcmp(endings[i].kif, word, len) == 0)
            return &endings[i];
    for (size_t i = 0; i < sizeof english_endings / sizeof english_endings[0]; i++)
        if (bgi_same_nocase_n(word, len, english_endings[i].word))
            return kif_ending_by_csa(english_endings[i].csa, strlen(english_endings[i].csa));
    return NULL;
}

bg_status kif_apply_ending(krec *c, const char *word, size_t at)
{
    bg_status s = bg_game_set_tag(c->g, KIF_TERMINATION_TAG, word);
    if (s != BG_OK)
        return kif_oom(c, at);
    const kif_ending *e = kif_ending_by_csa(word, strlen(word));
    if (!e || bgi_game_over(c->g))
        return BG_OK;
    const int stm = bg_position_side_to_move(bg_game_position(c->g));
    /*
    ** Losses the game layer has no reason for (time, fouls, a mate the rules did not see) are
    ** kept as the loser's resignation; the Termination tag says what really happened.
    */
    switch (e->loser) {
    case L_STM: s = bg_game_resign(c->g, stm); break;
    case L_SENTE: s = bg_game_resign(c->g, 0); break;
    case L_GOTE: s = bg_game_resign(c->g, 1); break;
    case L_OTHER:
        /* 入玉宣言: a claim the rules judge (ignored when they reject it). */
        s = bg_game_claim(c->g, BG_REASON_IMPASSE, BG_MOVE_NONE);
        break;
    case L_DRAW:
        if (strcmp(word, "SENNICHITE") == 0)
            s = bg_game_claim(c->g, BG_REASON_REPETITION, BG_MOVE_NONE);
        else
            s = bg_game_agree_draw(c->g);
        break;
    default: s = BG_OK;
    }
    return s == BG_E_NO_MEMORY ? kif_oom(c, at) : BG_OK;
}

const char *kif_ending_of(const bg_game *g)
{
    const int over = bg_game_outcome(g) != BG_ONGOING;
    const char *tag = bg_game_tag(g, KIF_TERMINATION_TAG);
    const kif_ending *e = tag ? kif_ending_by_csa(tag, strlen(tag)) : NULL;
    if (e) {
        /* A tag whose result was taken back (undo) or that contradicts the result is stale. */
        int gives_result = e->loser != L_NONE && strcmp(e->csa, "SENNICHITE") != 0 &&
                           strcmp(e->csa, "TSUMI") != 0;
        if (!(gives_result && !over) && !(e->loser == L_NONE && over))
            return e->csa;
    }
    if (!over)
        return NULL;
    switch (bg_game_reason(g)) {
    case BG_REASON_RESIGNATION:
        /* TORYO / 投了 is the side to move resigning; another resignation has no word. */
        return bg_game_winners(g) == (1u << !bg_position_side_to_move(bg_game_position(g)))
                   ? "TORYO"
                   : NULL;
    case BG_REASON_CHECKMATE:
    case BG_REASON_NO_LEGAL_MOVES:
    case BG_REASON_ROYALS_CAPTURED: return "TSUMI";
    case BG_REASON_REPETITION:
    case BG_REASON_PERPETUAL_CHECK:
    case BG_REASON_THREEFOLD_REPETITION:
    case BG_REASON_FIVEFOLD_REPETITION: return "SENNICHITE";
    case BG_REASON_IMPASSE:
    case BG_REASON_TRY: return bg_game_outcome(g) == BG_DRAW ? "JISHOGI" : "KACHI";
    case BG_REASON_AGREEMENT: return "HIKIWAKE";
    case BG_REASON_MOVE_LIMIT: return "MAX_MOVES";
    default: return NULL;
    }
}

int kif_width(const char *s)
{
    int w = 0;
    for (const unsigned char *p = (const unsigned char *)s; *p; p++)
        if (*p < 0x80)
            w++;
        else if ((*p & 0xc0) != 0x80)
            w += 2;
    return w;
}

void kif_put_one_line(bgi_out *o, const char *s)
{
    for (; *s; s++)
        bgi_out_char(o, *s == '\n' || *s == '\r' ? ' ' : *s);
}

void kif_put_comment(bgi_out *o, const char *text, char mark, const char *guard)
{
    if (!(text && *text))
        return;
    const size_t gl = guard ? strlen(guard) : 0;
    for (;;) {
        const char *nl = strchr(text, '\n');
        size_t n = nl ? (size_t)(nl - text) : strlen(text);
        bgi_out_char(o, mark);
        if (guard && n >= gl && memcmp(text, guard, gl) == 0)
            bgi_out_char(o, ' ');
        bgi_out_mem(o, text, n);
        bgi_out_char(o, '\n');
        if (!nl)
            break;
        text = nl + 1;
    }
}
