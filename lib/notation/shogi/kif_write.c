/*
** libboardgames — KIF and KI2 export: header lines from the tags, 手合割 or the BOD board, numbered
** KIF moves with ( m:ss/hh:mm:ss) times when the game has them, or KI2 runs of ▲△ moves, comments
** as * lines, the terminal word and the まで summary, and the variations as 変化：N手 blocks
** (deepest branch first, so that each block attaches to the line above it as KIF readers expect).
*/
#include <stdio.h>
#include <string.h>

#include "kif.h"

#define KI2_PER_LINE 6

typedef struct wctx {
    bgi_out *o;
    const bg_game *g;
    int style; /* JP_KIF or JP_KI2 */
    size_t psize;
    bg_status status;
    int base; /* the number of ply 1 (the start position's move number) */
} wctx;

static int is_written_tag(const char *key)
{
    return strcmp(key, "手合割") != 0 && strcmp(key, KIF_TERMINATION_TAG) != 0 &&
           strcmp(key, KIF_TERMINATION_TIME_TAG) != 0 &&
           !strchr(key, ':') && !strstr(key, "：") && !strchr(key, '\n') && key[0];
}

static void put_comment(bgi_out *o, const char *text) { kif_put_comment(o, text, '*', NULL); }

/* The KIF word of an ending and the side that won (-1 = none). */
static const char *ending_word(const char *csa, int stm, int *winner)
{
    const kif_ending *e = kif_ending_by_csa(csa, strlen(csa));
    *winner = -1;
    if (!e)
        return NULL;
    if (e->loser == 0)
        *winner = !stm;
    else if (e->loser == 1)
        *winner = stm;
    else if (e->loser == 2 || e->loser == 3)
        *winner = e->loser == 2 ? 1 : 0;
    if (e->csa[0] == '+' || e->csa[0] == '-')
        return (e->csa[0] == '-') == stm ? "反則負け" : "反則勝ち";
    if (e->kif)
        return e->kif;
    return e->loser == -1 ? "持将棋" : "中断";
}

static void put_summary(bgi_out *o, const bg_game *g, int plies, const char *csa, int stm)
{
    int winner;
    const char *word = ending_word(csa, stm, &winner);
    if (!word || strcmp(csa, "FUZUMI") == 0 || strcmp(csa, "ERROR") == 0)
        return;
    /* The game's own result names the winner (a failed 入玉 declaration loses). */
    if (bg_game_outcome(g) == BG_WIN)
        winner = bg_game_winners(g) & 1u ? 0 : 1;
    const char *who = winner == 1 ? "後手" : "先手";
    bgi_out_printf(o, "まで%d手で", plies);
    if (winner < 0)
        bgi_out_str(o, strcmp(word, "千日手") == 0 ? "千日手" : strcmp(word, "中断") == 0 ? "中断" : "持将棋");
    else if (strcmp(csa, "TSUMI") == 0)
        bgi_out_printf(o, "詰みにより%sの勝ち", who);
    else if (strcmp(csa, "TIME_UP") == 0)
        bgi_out_printf(o, "時間切れにより%sの勝ち", who);
    else if (strcmp(csa, "KACHI") == 0)
        bgi_out_printf(o, "入玉宣言により%sの勝ち", who);
    else if (strstr(csa, "ILLEGAL"))
        bgi_out_printf(o, "%sの反則勝ち", who);
    else if (strcmp(csa, "SENNICHITE") == 0)
        /* A repetition that someone wins (perpetual check, minishogi): 千日手 makes a reader
        ** judge the repetition again, as the KIF terminal line 千日手 does; KI2 has only this line. */
        bgi_out_printf(o, "%s千日手により%sの勝ち",
                       bg_game_reason(g) == BG_REASON_PERPETUAL_CHECK ? "連続王手の" : "", who);
    else
        bgi_out_printf(o, "%sの勝ち", who);
    bgi_out_char(o, '\n');
}

/* One KIF move line: number, move padded to a column, time, '+' when variations branch here. */
static void put_kif_line(bgi_out *o, int number, const char *move, int timed, long sec,
                         long total, int branch)
{
    bgi_out_printf(o, "%4d %s", number, move);
    if (timed) {
        for (int w = kif_width(move); w < 14; w++)
            bgi_out_char(o, ' ');
        bgi_out_printf(o, "(%2ld:%02ld/%02ld:%02ld:%02ld)", sec / 60, sec % 60, total / 3600,
                       total / 60 % 60, total % 60);
    }
    if (branch)
        bgi_out_char(o, '+');
    bgi_out_char(o, '\n');
}

/* Next item of a variation text in [*i, end): a move token or a parenthesised group. 0 at the end. */
static int next_item(const char *t, size_t end, size_t *i, size_t *a, size_t *b, int *group)
{
    for (;;) {
        while (*i < end && t[*i] == ' ')
            (*i)++;
        if (*i >= end)
            return 0;
        if (t[*i] != ')')
            break;
        (*i)++; /* unbalanced: skip */
    }
    if (t[*i] == '(') {
        int depth = 0;
        size_t j = *i;
        for (; j < end; j++) {
            depth += t[j] == '(' ? 1 : t[j] == ')' ? -1 : 0;
            if (!depth)
                break;
        }
        *a = *i + 1;
        *b = j;
        *group = 1;
        *i = j < end ? j + 1 : end;
        return 1;
    }
    /* A token: KIF's own origin "(77)" belongs to it; other parentheses end it. */
    size_t j = *i;
    while (j < end && t[j] != ' ') {
        if (t[j] == '(' && j + 3 < end && t[j + 1] >= '0' && t[j + 1] <= '9' && t[j + 2] >= '0' &&
            t[j + 2] <= '9' && t[j + 3] == ')')
            j += 4;
        else if (t[j] == '(' || t[j] == ')')
            break;
        else
            j++;
    }
    *a = *i;
    *b = j;
    *group = 0;
    *i = j;
    return 1;
}

static bg_position *new_pos(wctx *w, const bg_position *from)
{
    bg_position *p = bgi_malloc(&w->g->alloc, w->psize);
    if (!p)
        w->status = BG_E_NO_MEMORY;
    else
        memcpy(p, from, w->psize);
    return p;
}

/* Play a token on pos (lenient Japanese in any style); 0 when it is not a playable move. */
static int play_token(bg_position *pos, const char *t, size_t a, size_t b, int *prev_to, bg_move *m)
{
    if (jp_read(pos, t + a, b - a, JP_KIF, BG_PARSE_LENIENT, *prev_to, m, NULL) != BG_OK)
        return 0;
    return 1;
}

/* A KIF terminal word (投了, 中断 ...) at t[a, b). */
static int is_terminal(const char *t, size_t a, size_t b)
{
    static const char *const extra[] = {"反則勝ち", "時間切れ", "不戦勝", "不戦敗", "封じ手", "トライ"};
    if (kif_ending_by_kif(t + a, b - a))
        return 1;
    for (size_t i = 0; i < sizeof extra / sizeof extra[0]; i++)
        if (strlen(extra[i]) == b - a && memcmp(extra[i], t + a, b - a) == 0)
            return 1;
    return 0;
}

/*
** Whether a variation t[from, to) from pos gets written: its first move must be playable. The
** '+' branch marks follow this too, so that what is written reads back the same.
*/
static int block_playable(const char *t, size_t from, size_t to, const bg_position *pos,
                          int prev_to)
{
    size_t k = from, a = 0, b = 0;
    int group = 0, pt = prev_to;
    bg_move m;
    while (next_item(t, to, &k, &a, &b, &group) && group)
        ;
    return k != from && !group && play_token((bg_position *)pos, t, a, b, &pt, &m);
}

/* Whether a group that gets written follows at t[*i] (the groups right after a move). */
static int branch_follows(const char *t, size_t i, size_t end, const bg_position *pos, int prev_to)
{
    size_t a, b;
    int group = 0, any = 0;
    while (!any && next_item(t, end, &i, &a, &b, &group) && group)
        any = block_playable(t, a, b, pos, prev_to);
    return any;
}

/*
** A block's lines, then its own branches, deepest first. Variations are kept as text, so a
** block stops at the first token that is not a legal move (a terminal word is written in KIF);
** a block whose first move is not legal is left out: what is written always reads back.
*/
static void write_block(wctx *w, const char *t, size_t from, size_t to, const bg_position *start,
                        int prev_to, int first_ply)
{
    bgi_out *o = w->o;
    const char *sub = t;
    const size_t end = to;
    size_t i = from, a, b;
    int group;
    if (!block_playable(sub, from, end, start, prev_to))
        return;
    bg_position *pos = new_pos(w, start);
    if (!pos)
        return;
    bgi_out_printf(o, "\n変化：%d手\n", w->base + first_ply - 1);
    int ply = first_ply, on_line = 0, pt = prev_to;
    while (next_item(sub, end, &i, &a, &b, &group)) {
        if (group)
            continue;
        /* Does a group that gets written follow this token? */
        int branch = branch_follows(sub, i, end, pos, pt);
        char text[128];
        bg_move m = BG_MOVE_NONE;
        if (play_token(pos, sub, a, b, &pt, &m)) {
            bgi_out mo;
            bgi_out_init(&mo, text, sizeof text);
            jp_write(&mo, pos, m, w->style, pt == BG_MOVE_TO(m));
            bgi_out_finish(&mo);
            bgi_position_make(pos, m);
            pt = BG_MOVE_TO(m);
        } else {
            if (w->style == JP_KIF && is_terminal(sub, a, b)) {
                snprintf(text, sizeof text, "%.*s", (int)(b - a), sub + a);
                put_kif_line(o, w->base + ply - 1, text, 0, 0, 0, 0);
            }
            break;
        }
        if (w->style == JP_KIF) {
            put_kif_line(o, w->base + ply - 1, text, 0, 0, 0, branch);
        } else {
            bgi_out_str(o, on_line ? " " : "");
            bgi_out_str(o, text);
            if (++on_line == KI2_PER_LINE || branch) {
                bgi_out_char(o, '\n');
                on_line = 0;
            }
        }
        ply++;
    }
    if (on_line)
        bgi_out_char(o, '\n');
    /* Branches of the moves written: the deepest ply first; at one ply in the order written. */
    const int last_ply = ply - 1;
    for (int want = last_ply; want >= first_ply && w->status == BG_OK; want--) {
        i = from;
        int p = first_ply - 1;
        while (next_item(sub, end, &i, &a, &b, &group) && w->status == BG_OK) {
            if (!group) {
                p++;
                continue;
            }
            if (p != want)
                continue;
            /* The position before ply `want`: replay the block's moves up to it. */
            memcpy(pos, start, w->psize);
            int pt2 = prev_to, q = first_ply, fine = 1;
            size_t k = from, a3, b3;
            int g3;
            while (q < want && fine && next_item(sub, end, &k, &a3, &b3, &g3)) {
                if (g3)
                    continue;
                bg_move m;
                fine = play_token(pos, sub, a3, b3, &pt2, &m);
                if (fine) {
                    bgi_position_make(pos, m);
                    pt2 = BG_MOVE_TO(m);
                }
                q++;
            }
            if (fine)
                write_block(w, sub, a, b, pos, pt2, want);
        }
    }
    bgi_free(&w->g->alloc, pos, w->psize);
}

static int write_game(const bg_game *g, char *buf, size_t cap, int style)
{
    const bg_variant *v = bg_game_variant(g);
    if (!jp_family_of(v))
        return BG_E_UNSUPPORTED;
    bgi_out o;
    bgi_out_init(&o, buf, cap);
    const bg_position *start = bg_game_start_position(g);
    int base = bg_position_fullmove_number(start);
    wctx w = {&o, g, style, bg_position_size(v), BG_OK, base > 0 ? base : 1};
    if (w.psize > BGI_MAX_POSITION_BYTES)
        return BG_E_LIMIT;
    bgi_out_str(&o, style == JP_KIF ? "#KIF version=2.0 encoding=UTF-8\n"
                                    : "#KI2 version=2.0 encoding=UTF-8\n");
    for (int i = 0; i < bg_game_tag_count(g); i++)
        if (is_written_tag(bg_game_tag_key(g, i))) {
            bgi_out_printf(&o, "%s：", bg_game_tag_key(g, i));
            kif_put_one_line(&o, bg_game_tag_value(g, i));
            bgi_out_char(&o, '\n');
        }
    const char *handicap = kif_handicap_name(start);
    if (handicap) {
        bgi_out_printf(&o, "手合割：%s\n", handicap);
    } else {
        kif_write_bod(&o, start);
        if (w.base > 1)
            bgi_out_printf(&o, "手数＝%d\n", w.base - 1);
    }
    const int n = bg_game_ply_count(g);
    int timed = 0;
    for (int ply = 1; ply <= n && !timed; ply++) {
        long s;
        int ms;
        const char *rest;
        timed = kif_comment_time(bg_game_comment(g, ply), &s, &ms, &rest);
    }
    {
        long s;
        int ms;
        const char *rest;
        kif_comment_time(bg_game_comment(g, 0), &s, &ms, &rest);
        put_comment(&o, rest);
    }
    if (style == JP_KIF)
        bgi_out_str(&o, timed ? "手数----指手---------消費時間--\n" : "手数----指手--\n");

    alignas(max_align_t) unsigned char raw[BGI_MAX_POSITION_BYTES];
    bg_position *pos = (bg_position *)(void *)raw;
    memcpy(pos, start, w.psize);
    long total[2] = {0, 0};
    int prev_to = -1, on_line = 0;
    for (int ply = 1; ply <= n; ply++) {
        bg_move m = bg_game_move_at(g, ply - 1);
        int side = bg_position_side_to_move(pos);
        char text[128];
        bgi_out mo;
        bgi_out_init(&mo, text, sizeof text);
        jp_write(&mo, pos, m, style, prev_to == BG_MOVE_TO(m));
        bgi_out_finish(&mo);
        long sec = 0;
        int ms;
        const char *rest;
        /* Only plies with a time get the column: a zero would come back as a time. */
        int has_time = kif_comment_time(bg_game_comment(g, ply), &sec, &ms, &rest);
        total[side] += sec;
        int branch = 0;
        for (int k = 0; k < bg_game_variation_count(g, ply) && !branch; k++) {
            const char *vt = bg_game_variation_at(g, ply, k);
            branch = block_playable(vt, 0, strlen(vt), pos, prev_to);
        }
        if (style == JP_KIF) {
            put_kif_line(&o, w.base + ply - 1, text, has_time, sec, total[side], branch);
            put_comment(&o, rest);
        } else {
            bgi_out_str(&o, on_line ? " " : "");
            bgi_out_str(&o, text);
            if (++on_line == KI2_PER_LINE || (rest && rest[0]) || ply == n || branch) {
                bgi_out_char(&o, '\n');
                on_line = 0;
            }
            put_comment(&o, rest);
        }
        bgi_position_make(pos, m);
        prev_to = BG_MOVE_TO(m);
    }
    const char *ending = kif_ending_of(g);
    const int stm = bg_position_side_to_move(pos);
    if (ending) {
        int winner;
        const char *word = ending_word(ending, stm, &winner);
        /* The ending's own time goes in its line's time column (its side's total goes on). */
        long esec = 0;
        int ems = 0;
        int etimed = kif_ending_time(g, &esec, &ems);
        if (style == JP_KIF && word)
            put_kif_line(&o, w.base + n, word, etimed, esec, total[stm] + esec, 0);
        put_summary(&o, g, n, ending, stm);
    }
    /* Variations of the main line, deepest first. */
    for (int ply = n; ply >= 1 && w.status == BG_OK; ply--) {
        int count = bg_game_variation_count(g, ply);
        if (!count)
            continue;
        memcpy(pos, start, w.psize);
        prev_to = -1;
        for (int k = 1; k < ply; k++) {
            bg_move m = bg_game_move_at(g, k - 1);
            bgi_position_make(pos, m);
            prev_to = BG_MOVE_TO(m);
        }
        for (int k = 0; k < count && w.status == BG_OK; k++) {
            const char *text = bg_game_variation_at(g, ply, k);
            write_block(&w, text, 0, strlen(text), pos, prev_to, ply);
        }
    }
    if (w.status != BG_OK)
        return w.status;
    return bgi_out_finish(&o);
}

int bgi_kif_write(const bg_game *g, char *buf, size_t cap) { return write_game(g, buf, cap, JP_KIF); }
int bgi_ki2_write(const bg_game *g, char *buf, size_t cap) { return write_game(g, buf, cap, JP_KI2); }
