/*
** libboardgames — .gib export: the game's tags as [key "value"] headers, then 초차림 / 한차림 (or
** [FEN] for a start that is not one of the 16 setups), 총수 and 대국결과, a blank line and the
** numbered moves six to a line, as real files write them (captures and 장군 marked).
*/
#include <stdio.h>
#include <string.h>

#include "game_internal.h"
#include "kif.h"
#include "korean.h"

#define MOVES_PER_LINE 6

/*
** Headers the writer makes from the game itself; tags with these keys are not copied. A [판]
** board the game was read from is its start (written as 차림 or FEN), and the moves are written
** in today's coordinates whatever [기보형식 "구좌표"] said.
*/
static const char *const generated[] = {"초차림",   "한차림", "초포진", "한포진", "총수",
                                        "대국결과", "FEN",    "판"};

static int is_generated(const char *key, const char *value)
{
    for (size_t i = 0; i < sizeof generated / sizeof generated[0]; i++)
        if (strcmp(key, generated[i]) == 0)
            return 1;
    return strcmp(key, "기보형식") == 0 && strcmp(value, "구좌표") == 0;
}

/* A header value on one line: quotes and backslashes escaped, line breaks as spaces. */
static void put_header(bgi_out *o, const char *key, const char *value)
{
    bgi_out_printf(o, "[%s \"", key);
    for (const char *p = value; *p; p++) {
        if (*p == '"' || *p == '\\')
            bgi_out_char(o, '\\');
        bgi_out_char(o, *p == '\n' || *p == '\r' ? ' ' : *p);
    }
    bgi_out_str(o, "\"]\n");
}

/*
** The Korean names of the start position's arrangements (cho, han), or 0 if it is not one of the
** 16 setups: the position the setup option makes from its back ranks must be the start itself.
*/
static int setup_of(const bg_position *start, char cho[16], char han[16])
{
    char text[128], want[128], a[10], b[10], opts[64];
    bg_position *pos;
    int len = bg_position_text(start, NULL, text, sizeof text);
    if (len <= 0 || (size_t)len >= sizeof text)
        return 0;
    bgi_korean_rank(start, 0, a);
    bgi_korean_rank(start, 9, b);
    snprintf(opts, sizeof opts, "setup=%s/%s", a, b);
    if (bg_position_new(&pos, start->variant, opts, NULL, NULL) != BG_OK)
        return 0;
    len = bg_position_text(pos, NULL, want, sizeof want);
    bg_position_free(pos);
    if (len <= 0 || (size_t)len >= sizeof want || strcmp(text, want) != 0)
        return 0;
    bgi_korean_arrangement_name(a, cho);
    bgi_korean_arrangement_name(b, han);
    return 1;
}

/*
** 대국결과: the record's own words when they say what the game's result says ("한 시간승" for a
** game read as Cho's resignation), else made from the result; an unfinished game keeps its tag.
*/
static const char *result_text(const bg_game *g, char *buf, size_t cap)
{
    bg_outcome out = bg_game_outcome(g);
    const char *tag = bg_game_tag(g, "대국결과");
    int winner = 0, said = bgi_gib_result(tag, &winner);
    if (out == BG_ONGOING || (out == BG_DRAW && said == 2) ||
        (out == BG_WIN && said == 1 && bg_game_winners(g) == 1u << winner))
        return tag;
    if (out == BG_DRAW)
        return "무승부";
    bg_reason why = bg_game_reason(g);
    const char *kind = why == BG_REASON_CHECKMATE || why == BG_REASON_NO_LEGAL_MOVES ? "완승"
                       : why == BG_REASON_RESIGNATION                               ? "기권승"
                                                                                    : "판정승";
    snprintf(buf, cap, "%s %s", (bg_game_winners(g) & 1u) ? "초" : "한", kind);
    return buf;
}

/* A comment in braces: a closing brace inside would end it early, so it becomes ')'. */
static void put_comment(bgi_out *o, const char *text)
{
    bgi_out_str(o, " {");
    for (const char *p = text; *p; p++)
        bgi_out_char(o, *p == '}' ? ')' : *p);
    bgi_out_char(o, '}');
}

/*
** A ply's comment: a move time in front ([%emt h:mm:ss], whole seconds up to 9 digits, as the
** reader keeps "<12>") is written the way Hangame's exports do, " <12>", then the rest in braces.
*/
static void put_ply_comment(bgi_out *o, const char *text)
{
    long sec;
    int ms;
    const char *rest = text;
    if (kif_comment_time(text, &sec, &ms, &rest) && ms == 0 && sec <= 999999999)
        bgi_out_printf(o, " <%ld>", sec);
    else
        rest = text;
    if (rest[0])
        put_comment(o, rest);
}

int bgi_gib_write(const bg_game *g, char *buf, size_t cap)
{
    bgi_out o;
    char result[64];
    char cho[16], han[16];
    const bg_position *start = bg_game_start_position(g);
    bgi_out_init(&o, buf, cap);
    for (int i = 0; i < bg_game_tag_count(g); i++)
        if (!is_generated(bg_game_tag_key(g, i), bg_game_tag_value(g, i)))
            put_header(&o, bg_game_tag_key(g, i), bg_game_tag_value(g, i));
    if (setup_of(start, cho, han)) {
        put_header(&o, "초차림", cho);
        put_header(&o, "한차림", han);
    } else {
        char fen[128];
        if (bg_position_text(start, NULL, fen, sizeof fen) >= (int)sizeof fen)
            return BG_E_LIMIT;
        put_header(&o, "FEN", fen);
    }
    bgi_out_printf(&o, "[총수 \"%d\"]\n", bg_game_ply_count(g));
    const char *res = result_text(g, result, sizeof result);
    if (res)
        put_header(&o, "대국결과", res);
    bgi_out_char(&o, '\n');

    /* Replay on the stack: each move is written from the position before it. */
    size_t size = bg_position_size(bg_game_variant(g));
    if (size > BGI_MAX_POSITION_BYTES)
        return BG_E_LIMIT;
    alignas(max_align_t) unsigned char raw[BGI_MAX_POSITION_BYTES];
    bg_position *pos = (bg_position *)(void *)raw;
    memcpy(pos, start, size);
    const char *c0 = bg_game_comment(g, 0);
    if (c0 && c0[0]) {
        put_comment(&o, c0);
        bgi_out_char(&o, '\n');
    }
    const int n = bg_game_ply_count(g);
    for (int ply = 1; ply <= n; ply++) {
        const bg_move m = bg_game_move_at(g, ply - 1);
        if ((ply - 1) % MOVES_PER_LINE)
            bgi_out_char(&o, ' ');
        bgi_out_printf(&o, "%d. ", ply);
        bgi_korean_write(&o, pos, m, 1);
        const char *c = bg_game_comment(g, ply);
        if (c && c[0])
            put_ply_comment(&o, c);
        bgi_position_make(pos, m);
        if (ply % MOVES_PER_LINE == 0 || ply == n)
            bgi_out_char(&o, '\n');
    }
    return bgi_out_finish(&o);
}
