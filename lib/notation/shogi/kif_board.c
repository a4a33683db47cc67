/* libboardgames — KIF start positions: 手合割 handicaps, the BOD board diagram with hands, and SFEN built from them. */
#include <stdio.h>
#include <string.h>

#include "kif.h"

/*
** Shogi's handicaps as Kifu for Windows names them; the handicap giver (上手) is gote and moves
** first. A handicap takes pieces off gote's first two ranks only: HANDICAP gives those two.
*/
#define HANDICAP(name, ranks12) {name, ranks12 "/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"}
static const struct {
    const char *name, *sfen;
} handicaps[] = {
    HANDICAP("香落ち", "lnsgkgsn1/1r5b1"),
    HANDICAP("右香落ち", "1nsgkgsnl/1r5b1"),
    HANDICAP("角落ち", "lnsgkgsnl/1r7"),
    HANDICAP("飛車落ち", "lnsgkgsnl/7b1"),
    HANDICAP("飛香落ち", "lnsgkgsn1/7b1"),
    HANDICAP("二枚落ち", "lnsgkgsnl/9"),
    HANDICAP("三枚落ち", "lnsgkgsn1/9"),
    HANDICAP("四枚落ち", "1nsgkgsn1/9"),
    HANDICAP("五枚落ち", "2sgkgsn1/9"),
    HANDICAP("左五枚落ち", "1nsgkgs2/9"),
    HANDICAP("六枚落ち", "2sgkgs2/9"),
    HANDICAP("左七枚落ち", "2sgkg3/9"),
    HANDICAP("右七枚落ち", "3gkgs2/9"),
    HANDICAP("八枚落ち", "3gkg3/9"),
    HANDICAP("十枚落ち", "4k4/9"),
};
#define NHANDICAPS (int)(sizeof handicaps / sizeof handicaps[0])

const char *kif_handicap_sfen(const bg_variant *v, const char *name)
{
    if (strcmp(name, "平手") == 0)
        return v->start_text;
    if (strcmp(v->id, "shogi") != 0)
        return NULL;
    for (int i = 0; i < NHANDICAPS; i++)
        if (strcmp(handicaps[i].name, name) == 0)
            return handicaps[i].sfen;
    return NULL;
}

const char *kif_handicap_name(const bg_position *start)
{
    char text[256];
    int n = bg_position_text(start, NULL, text, sizeof text);
    if (n <= 0 || (size_t)n >= sizeof text)
        return NULL;
    if (strcmp(text, start->variant->start_text) == 0)
        return "平手";
    if (strcmp(start->variant->id, "shogi") != 0)
        return NULL;
    for (int i = 0; i < NHANDICAPS; i++)
        if (strcmp(handicaps[i].sfen, text) == 0)
            return handicaps[i].name;
    return NULL;
}

void kif_setup_from_position(kif_setup *s, const bg_position *pos)
{
    const bg_variant *v = pos->variant;
    const int n = v->width * v->height;
    memset(s, 0, sizeof *s);
    for (int sq = 0; sq < n; sq++) {
        bg_piece p = v->rules->piece_at(pos, sq);
        if (p != BG_PIECE_NONE)
            s->board[sq] = (unsigned char)(BG_PIECE_KIND(p) | BG_PIECE_SIDE(p) << 7);
    }
    for (int side = 0; side < 2; side++)
        for (int k = 1; k <= v->piece_kinds && k < 20; k++)
            s->hand[side][k] = (unsigned char)v->rules->hand_count(pos, side, k);
    s->stm = v->rules->side_to_move(pos);
    s->ply = v->rules->fullmove_number(pos);
}

/* The board and side of a canonical SFEN (the variant's start text): letters as piece_letters. */
void kif_setup_from_sfen_start(kif_setup *s, const bg_variant *v)
{
    const int size = v->width;
    const char *p = v->start_text;
    int r = v->height - 1, f = 0, promoted = 0;
    memset(s, 0, sizeof *s);
    s->ply = 1;
    for (; *p && *p != ' '; p++) {
        if (*p == '/') {
            r--, f = 0;
        } else if (*p >= '1' && *p <= '9') {
            f += *p - '0';
        } else if (*p == '+') {
            promoted = 1;
        } else {
            char up = *p >= 'a' && *p <= 'z' ? (char)(*p - 32) : *p;
            for (int k = 1; k <= v->piece_kinds; k++) {
                const char *l = v->piece_letters[k];
                if ((promoted ? l[0] == '+' && l[1] == up && !l[2] : l[0] == up && !l[1]) &&
                    r >= 0 && f < size) {
                    s->board[r * size + f] = (unsigned char)(k | (*p >= 'a') << 7);
                    break;
                }
            }
            f++;
            promoted = 0;
        }
    }
    s->stm = p[0] == ' ' && p[1] == 'w';
}

/* A setup's board as bgi_fen_placement reads it. */
typedef struct setup_board {
    const kif_setup *s;
    const bg_variant *v;
} setup_board;

/* A piece's SFEN letters: the variant's, lowercase for gote (bit 7 of the board byte). */
static int setup_square_letters(const void *b, int file, int rank, char out[8])
{
    const setup_board *sb = b;
    const int c = sb->s->board[rank * sb->v->width + file];
    int n = 0;
    for (const char *l = c ? sb->v->piece_letters[c & 127] : ""; *l && n < 8; l++)
        out[n++] = (c >> 7) && *l >= 'A' && *l <= 'Z' ? (char)(*l + 32) : *l;
    return n;
}

void kif_setup_sfen(const kif_setup *s, const bg_variant *v, char *buf, size_t cap)
{
    const jp_family *fam = jp_family_of(v);
    bgi_out o;
    bgi_out_init(&o, buf, cap);
    const setup_board sb = {s, v};
    bgi_fen_placement(&o, v->width, v->height, setup_square_letters, &sb);
    bgi_out_str(&o, s->stm ? " w " : " b ");
    int any = 0;
    for (int side = 0; side < 2; side++)
        for (const unsigned char *k = fam->hand_order; *k; k++) {
            int n = s->hand[side][*k];
            if (!n)
                continue;
            if (n > 1)
                bgi_out_printf(&o, "%d", n);
            char l = v->piece_letters[*k][0];
            bgi_out_char(&o, side ? (char)(l + 32) : l);
            any = 1;
        }
    if (!any)
        bgi_out_char(&o, '-');
    bgi_out_printf(&o, " %d", s->ply > 0 ? s->ply : 1);
    bgi_out_finish(&o);
}

int kif_bod_kind(const jp_family *fam, const char *p, size_t avail, size_t *len)
{
    for (int k = 1; k <= fam->nkinds; k++) {
        size_t l = strlen(fam->pieces[k].bod);
        if (l <= avail && memcmp(p, fam->pieces[k].bod, l) == 0) {
            *len = l;
            return k;
        }
    }
    for (const jp_alias *a = fam->aliases; a->text; a++) {
        size_t l = strlen(a->text);
        if (a->kind <= fam->nkinds && l == 3 && l <= avail && memcmp(p, a->text, l) == 0) {
            *len = l;
            return a->kind;
        }
    }
    *len = 0;
    return 0;
}

void kif_write_hand(bgi_out *o, const bg_position *pos, int side)
{
    const jp_family *fam = jp_family_of(pos->variant);
    int any = 0;
    for (const unsigned char *k = fam->hand_order; *k; k++) {
        int n = pos->variant->rules->hand_count(pos, side, *k);
        if (!n)
            continue;
        if (any)
            bgi_out_str(o, "　");
        bgi_out_str(o, fam->pieces[*k].kif);
        if (n > 1)
            bgi_out_str(o, jp_kanji_number(n));
        any = 1;
    }
    if (!any)
        bgi_out_str(o, "なし");
}

void kif_write_bod(bgi_out *o, const bg_position *pos)
{
    const bg_variant *v = pos->variant;
    const jp_family *fam = jp_family_of(v);
    const int size = v->width;
    bgi_out_str(o, "後手の持駒：");
    kif_write_hand(o, pos, 1);
    bgi_out_str(o, "\n ");
    for (int f = size; f >= 1; f--) {
        bgi_out_char(o, ' ');
        bgi_out_str(o, jp_fullwidth_digit(f));
    }
    bgi_out_str(o, "\n+");
    for (int f = 0; f < size * 3; f++)
        bgi_out_char(o, '-');
    bgi_out_str(o, "+\n");
    for (int r = v->height - 1; r >= 0; r--) {
        bgi_out_char(o, '|');
        for (int f = 0; f < size; f++) {
            bg_piece p = v->rules->piece_at(pos, r * size + f);
            if (p == BG_PIECE_NONE) {
                bgi_out_str(o, " ・");
                continue;
            }
            bgi_out_char(o, BG_PIECE_SIDE(p) ? 'v' : ' ');
            bgi_out_str(o, fam->pieces[BG_PIECE_KIND(p)].bod);
        }
        bgi_out_printf(o, "|%s\n", jp_kanji_number(v->height - r));
    }
    bgi_out_char(o, '+');
    for (int f = 0; f < size * 3; f++)
        bgi_out_char(o, '-');
    bgi_out_str(o, "+\n先手の持駒：");
    kif_write_hand(o, pos, 0);
    bgi_out_char(o, '\n');
    if (v->rules->side_to_move(pos))
        bgi_out_str(o, "後手番\n");
}
