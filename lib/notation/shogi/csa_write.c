/* libboardgames — CSA record export: V2.2 for plain ASCII games, V3.0 ('CSA encoding=UTF-8) when names or comments need UTF-8 or times have milliseconds. */
#include <stdio.h>
#include <string.h>

#include "kif.h"

static const struct {
    const char *tag, *csa;
} info_keys[] = {
    {"棋戦", "$EVENT:"},      {"場所", "$SITE:"},           {"開始日時", "$START_TIME:"},
    {"終了日時", "$END_TIME:"}, {"持ち時間", "$TIME_LIMIT:"}, {"戦型", "$OPENING:"},
    {"先手", "N+"},           {"後手", "N-"},               {"下手", "N+"},
    {"上手", "N-"},
};

/* The CSA line prefix of a tag, or NULL when the tag is not written (Termination, other names). */
static const char *info_prefix(const char *key, char *buf, size_t cap)
{
    for (size_t i = 0; i < sizeof info_keys / sizeof info_keys[0]; i++)
        if (strcmp(key, info_keys[i].tag) == 0)
            return info_keys[i].csa;
    if (!key[0] || strlen(key) + 3 > cap)
        return NULL;
    for (const char *p = key; *p; p++)
        if (!((*p >= 'A' && *p <= 'Z') || *p == '_' || (*p >= '0' && *p <= '9')))
            return NULL;
    snprintf(buf, cap, "$%s:", key);
    return buf;
}

static int ascii(const char *s)
{
    for (; s && *s; s++)
        if ((unsigned char)*s >= 0x80)
            return 0;
    return 1;
}

/* Each line of a comment as a ' line; "'CSA encoding" starts a file (and a game): not a comment. */
static void put_comment(bgi_out *o, const char *text)
{
    kif_put_comment(o, text, '\'', "CSA encoding");
}

static void put_position(bgi_out *o, const bg_position *pos)
{
    const jp_family *fam = jp_family_of(pos->variant);
    const bg_variant *v = pos->variant;
    char text[256];
    int n = bg_position_text(pos, NULL, text, sizeof text);
    if (n > 0 && (size_t)n < sizeof text && strcmp(text, pos->variant->start_text) == 0) {
        bgi_out_str(o, "PI\n+\n");
        return;
    }
    for (int r = 1; r <= v->height; r++) {
        bgi_out_printf(o, "P%d", r);
        for (int f = v->width; f >= 1; f--) {
            bg_piece p = pos->variant->rules->piece_at(pos, jp_square(v, f, r));
            if (p == BG_PIECE_NONE)
                bgi_out_str(o, " * ");
            else
                bgi_out_printf(o, "%c%s", BG_PIECE_SIDE(p) ? '-' : '+',
                               fam->pieces[BG_PIECE_KIND(p)].csa);
        }
        bgi_out_char(o, '\n');
    }
    for (int side = 0; side < 2; side++) {
        int any = 0;
        for (const unsigned char *k = fam->hand_order; *k; k++)
            for (int c = pos->variant->rules->hand_count(pos, side, *k); c > 0; c--) {
                if (!any)
                    bgi_out_str(o, side ? "P-" : "P+");
                bgi_out_printf(o, "00%s", fam->pieces[*k].csa);
                any = 1;
            }
        if (any)
            bgi_out_char(o, '\n');
    }
    bgi_out_str(o, pos->variant->rules->side_to_move(pos) ? "-\n" : "+\n");
}

int bgi_csa_write(const bg_game *g, char *buf, size_t cap)
{
    const bg_variant *v = bg_game_variant(g);
    const jp_family *fam = jp_family_of(v);
    if (!fam || !fam->csa)
        return BG_E_UNSUPPORTED;
    const int n = bg_game_ply_count(g);
    char keybuf[80];
    /* V3.0 when the text needs its encoding line, or a time has milliseconds. */
    int v3 = 0;
    for (int i = 0; i < bg_game_tag_count(g); i++)
        if (info_prefix(bg_game_tag_key(g, i), keybuf, sizeof keybuf) &&
            !ascii(bg_game_tag_value(g, i)))
            v3 = 1;
    for (int ply = 0; ply <= n; ply++) {
        const char *rest;
        long sec;
        int ms;
        int timed = kif_comment_time(bg_game_comment(g, ply), &sec, &ms, &rest);
        if (!ascii(rest) || (timed && ms))
            v3 = 1;
    }
    {
        long sec;
        int ms;
        if (kif_ending_time(g, &sec, &ms) && ms)
            v3 = 1;
    }
    bgi_out o;
    bgi_out_init(&o, buf, cap);
    bgi_out_str(&o, v3 ? "'CSA encoding=UTF-8\nV3.0\n" : "V2.2\n");
    /* Names first, as the format orders them. */
    for (int pass = 0; pass < 2; pass++)
        for (int i = 0; i < bg_game_tag_count(g); i++) {
            const char *p = info_prefix(bg_game_tag_key(g, i), keybuf, sizeof keybuf);
            if (!p || (p[0] == 'N') != (pass == 0))
                continue;
            bgi_out_str(&o, p);
            kif_put_one_line(&o, bg_game_tag_value(g, i));
            bgi_out_char(&o, '\n');
        }
    const char *rest;
    long sec;
    int ms;
    kif_comment_time(bg_game_comment(g, 0), &sec, &ms, &rest);
    if (rest && rest[0])
        put_comment(&o, rest);

    size_t size = bg_position_size(v);
    if (size > BGI_MAX_POSITION_BYTES)
        return BG_E_LIMIT;
    alignas(max_align_t) unsigned char raw[BGI_MAX_POSITION_BYTES];
    bg_position *pos = (bg_position *)(void *)raw;
    memcpy(pos, bg_game_start_position(g), size);
    put_position(&o, pos);
    for (int ply = 1; ply <= n; ply++) {
        bg_move m = bg_game_move_at(g, ply - 1);
        csa_write_move(&o, pos, m);
        bgi_out_char(&o, '\n');
        if (kif_comment_time(bg_game_comment(g, ply), &sec, &ms, &rest)) {
            if (ms)
                bgi_out_printf(&o, "T%ld.%03d\n", sec, ms);
            else
                bgi_out_printf(&o, "T%ld\n", sec);
        }
        if (rest && rest[0])
            put_comment(&o, rest);
        bgi_position_make(pos, m);
    }
    const char *ending = kif_ending_of(g);
    if (ending)
        bgi_out_printf(&o, "%%%s\n", ending);
    /* The ending's own time on the line after it, as the CSA tournament logs write it. */
    if (ending && kif_ending_time(g, &sec, &ms)) {
        if (ms)
            bgi_out_printf(&o, "T%ld.%03d\n", sec, ms);
        else
            bgi_out_printf(&o, "T%ld\n", sec);
    }
    return bgi_out_finish(&o);
}
