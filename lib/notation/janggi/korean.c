/* libboardgames — Korean numeric janggi notation: 79졸78, 02馬83, 한수쉼; hangul and hanja piece names. */
#include <stdalign.h>
#include <stdio.h>
#include <string.h>

#include "korean.h"

#define PASS_TEXT "한수쉼"
#define CHECK_TEXT "장군"

/* Hangul names written by kind; soldiers are 졸 (Cho) and 병 (Han). */
static const char *const hangul[KO_KINDS] = {"", "장", "사", "상", "마", "차", "포", "졸"};
#define HAN_SOLDIER "병"

const char *bgi_korean_piece(int kind, int side)
{
    if (kind < 1 || kind >= KO_KINDS || (side != 0 && side != 1))
        return NULL;
    return kind == KO_SOLDIER && side == KO_HAN ? HAN_SOLDIER : hangul[kind];
}

typedef struct name_entry {
    const char *text;
    int kind;
    int side; /* -1 = either side */
} name_entry;

/* Every name parsing accepts. All are 3-byte UTF-8 sequences. */
static const name_entry names[] = {
    {"장", KO_GENERAL, -1}, {"궁", KO_GENERAL, -1}, {"將", KO_GENERAL, -1},
    {"帥", KO_GENERAL, -1}, {"宮", KO_GENERAL, -1}, {"楚", KO_GENERAL, KO_CHO},
    {"漢", KO_GENERAL, KO_HAN}, {"사", KO_GUARD, -1}, {"士", KO_GUARD, -1},
    {"상", KO_ELEPHANT, -1}, {"象", KO_ELEPHANT, -1}, {"마", KO_HORSE, -1},
    {"馬", KO_HORSE, -1}, {"차", KO_CHARIOT, -1}, {"車", KO_CHARIOT, -1},
    {"포", KO_CANNON, -1}, {"包", KO_CANNON, -1}, {"砲", KO_CANNON, -1},
    {"졸", KO_SOLDIER, KO_CHO}, {"卒", KO_SOLDIER, KO_CHO}, {"병", KO_SOLDIER, KO_HAN},
    {"兵", KO_SOLDIER, KO_HAN},
};
#define NAME_COUNT (sizeof names / sizeof names[0])

static void put_point(bgi_out *o, int sq)
{
    bgi_out_char(o, (char)('0' + (10 - sq / KO_WIDTH) % 10));
    bgi_out_char(o, (char)('1' + sq % KO_WIDTH));
}

static bg_piece piece_at(const bg_position *pos, int sq) { return pos->variant->rules->piece_at(pos, sq); }

/* Whether legal move m gives check: played on a stack copy of the handle. */
static int gives_check(const bg_position *pos, bg_move m)
{
    alignas(max_align_t) unsigned char raw[BGI_MAX_POSITION_BYTES];
    bg_position *after = (bg_position *)(void *)raw;
    memcpy(raw, pos, bg_position_size(pos->variant));
    bgi_position_make(after, m);
    return after->variant->rules->in_check(after);
}

static const char *name_of(int side, int kind)
{
    return kind == KO_SOLDIER && side == KO_HAN ? HAN_SOLDIER : hangul[kind];
}

void bgi_korean_write(bgi_out *o, const bg_position *pos, bg_move m, int suffixes)
{
    if (m & BG_MOVE_PASS) {
        bgi_out_str(o, PASS_TEXT);
        return;
    }
    const int from = BG_MOVE_FROM(m), to = BG_MOVE_TO(m);
    put_point(o, from);
    const bg_piece mover = piece_at(pos, from), victim = piece_at(pos, to);
    bgi_out_str(o, name_of(BG_PIECE_SIDE(mover), BG_PIECE_KIND(mover)));
    put_point(o, to);
    if (!suffixes)
        return;
    if (victim)
        bgi_out_str(o, name_of(BG_PIECE_SIDE(victim), BG_PIECE_KIND(victim)));
    if (gives_check(pos, m))
        bgi_out_str(o, CHECK_TEXT);
}

int bgi_korean_format(const bg_position *pos, bg_move m, char *buf, size_t cap)
{
    bgi_out o;
    bgi_out_init(&o, buf, cap);
    bgi_korean_write(&o, pos, m, 0);
    return bgi_out_finish(&o);
}

/*
** Side marks real .gib files put before a piece name (71楚卒72, 12한마33) and before a captured
** piece's (94초사): hanja 楚 漢 or hangul 초 한. 楚 and 漢 alone also name the general (95楚05).
*/
static const struct {
    const char *text;
    int side;
} marks[] = {{"楚", KO_CHO}, {"漢", KO_HAN}, {"초", KO_CHO}, {"한", KO_HAN}};
#define CAPTURE_MARK "타" /* 打: "hits", before the captured piece (31포81타마) */

/* A piece name at text + *i: its entry, advancing *i; NULL if none. */
static const name_entry *read_name(const char *text, size_t *i)
{
    for (size_t k = 0; k < NAME_COUNT; k++) {
        size_t n = strlen(names[k].text);
        if (strncmp(text + *i, names[k].text, n) == 0) {
            *i += n;
            return &names[k];
        }
    }
    return NULL;
}

/*
** A side mark at text + *i followed by a piece name: the side it names, advancing *i past the
** mark; -1 (nothing read) otherwise, so that 楚 and 漢 alone stay the general's names.
*/
static int read_mark(const char *text, size_t *i)
{
    for (size_t k = 0; k < sizeof marks / sizeof marks[0]; k++) {
        size_t n = strlen(marks[k].text), j = *i + n;
        if (strncmp(text + *i, marks[k].text, n) == 0 && read_name(text, &j)) {
            *i += n;
            return marks[k].side;
        }
    }
    return -1;
}

/* Two digits at text + *i: the point, or -1 with err filled in. */
static int read_point(const char *text, size_t *i, const char *what, bg_error *err)
{
    const char r = text[*i], f = r ? text[*i + 1] : 0;
    if (r < '0' || r > '9' || f < '1' || f > '9') {
        size_t at = (r >= '0' && r <= '9') ? *i + 1 : *i;
        bgi_fail(err, BG_E_PARSE, at,
                 "korean move '%s': expected the %s point as two digits (rank from the top "
                 "1-9 or 0, then file 1-9)",
                 text, what);
        return -1;
    }
    *i += 2;
    const int rank = (10 - (r - '0')) % 10; /* '1' = Han's edge (rank 10), '0' = Cho's (rank 1) */
    return rank * KO_WIDTH + (f - '1');
}

static void skip_spaces(const char *text, size_t *i, int lenient)
{
    while (lenient && (text[*i] == ' ' || text[*i] == '\t'))
        (*i)++;
}

bg_status bgi_korean_parse(const bg_position *pos, const char *text, unsigned flags, bg_move *out,
                           bg_error *err)
{
    const int stm = bg_position_side_to_move(pos);
    const int lenient = (flags & BG_PARSE_LENIENT) != 0;
    bg_move moves[BGI_MAX_MOVES];
    size_t i = 0;
    *out = BG_MOVE_NONE;
    skip_spaces(text, &i, lenient);
    const size_t plen = strlen(PASS_TEXT);
    if (strncmp(text + i, PASS_TEXT, plen) == 0) {
        i += plen;
        skip_spaces(text, &i, lenient);
        if (text[i])
            return bgi_fail(err, BG_E_PARSE, i, "korean move '%s': unexpected text after %s",
                            text, PASS_TEXT);
        int n = bgi_position_moves(pos, moves);
        for (int k = 0; k < n; k++)
            if (moves[k] & BG_MOVE_PASS) {
                *out = moves[k];
                return BG_OK;
            }
        return bgi_fail(err, BG_E_ILLEGAL_MOVE, 0,
                        "korean move '%s': passing is not legal here (in check)", text);
    }
    const int from = read_point(text, &i, "origin", err);
    if (from < 0)
        return BG_E_PARSE;
    skip_spaces(text, &i, lenient);
    const size_t name_at = i;
    const int mark = read_mark(text, &i);
    const name_entry *name = read_name(text, &i);
    if (!name)
        return bgi_fail(err, BG_E_PARSE, name_at,
                        "korean move '%s': expected a piece name (차 마 상 사 포 졸 병 장 or "
                        "車 馬 象 士 包 卒 兵 將) after the origin",
                        text);
    skip_spaces(text, &i, lenient);
    const int to = read_point(text, &i, "destination", err);
    if (to < 0)
        return BG_E_PARSE;
    /*
    ** Optional suffixes as .gib files write them: the captured piece (maybe after 타 and a side
    ** mark), then 장군 for check.
    */
    const size_t cap_at = i;
    const name_entry *captured = NULL;
    const size_t clen = strlen(CHECK_TEXT), tlen = strlen(CAPTURE_MARK);
    int cap_mark = -1;
    if (strncmp(text + i, CHECK_TEXT, clen) != 0) {
        size_t j = i;
        if (strncmp(text + j, CAPTURE_MARK, tlen) == 0)
            j += tlen;
        cap_mark = read_mark(text, &j);
        if ((captured = read_name(text, &j)) != NULL)
            i = j;
    }
    const size_t check_at = i;
    const int check = strncmp(text + i, CHECK_TEXT, clen) == 0;
    if (check)
        i += clen;
    skip_spaces(text, &i, lenient);
    if (text[i])
        return bgi_fail(err, BG_E_PARSE, i, "korean move '%s': unexpected text after the move",
                        text);

    const bg_piece p = piece_at(pos, from);
    if (mark >= 0 && mark != stm)
        return bgi_fail(err, BG_E_ILLEGAL_MOVE, name_at,
                        "korean move '%s': the side mark names %s, but %s is to move", text,
                        mark == KO_CHO ? "Cho" : "Han", stm == KO_CHO ? "Cho" : "Han");
    if (!p || BG_PIECE_SIDE(p) != stm)
        return bgi_fail(err, BG_E_ILLEGAL_MOVE, 0, "korean move '%s': no %s piece on the origin",
                        text, stm == KO_CHO ? "Cho" : "Han");
    if (name->kind != BG_PIECE_KIND(p) || (!lenient && name->side >= 0 && name->side != stm &&
                                     name->kind == KO_SOLDIER) ||
        (name->kind == KO_GENERAL && name->side >= 0 && name->side != stm))
        return bgi_fail(err, BG_E_ILLEGAL_MOVE, name_at,
                        "korean move '%s': the piece on the origin is a %s %s, not the one named",
                        text, stm == KO_CHO ? "Cho" : "Han",
                        bg_variant_piece_name(pos->variant, BG_PIECE_KIND(p)));
    bg_move m = BG_MOVE_NONE;
    int n = bgi_position_moves(pos, moves);
    for (int k = 0; k < n; k++)
        if (!(moves[k] & BG_MOVE_PASS) && BG_MOVE_FROM(moves[k]) == from &&
            BG_MOVE_TO(moves[k]) == to)
            m = moves[k];
    /* Records of programs where bikjang must be called break the rule: say so. */
    if (m == BG_MOVE_NONE && pos->variant->rules->facts &&
        (pos->variant->rules->facts(pos) & BGI_FACT_BIKJANG))
        return bgi_fail(err, BG_E_ILLEGAL_MOVE, 0,
                        "korean move '%s' is not legal in this position: the generals face each "
                        "other and the bikjang rule allows only a move that breaks it",
                        text);
    if (m == BG_MOVE_NONE)
        return bgi_fail(err, BG_E_ILLEGAL_MOVE, 0, "korean move '%s' is not legal in this position",
                        text);
    const bg_piece victim = piece_at(pos, to);
    if (captured && (!victim || captured->kind != BG_PIECE_KIND(victim) ||
                     (cap_mark >= 0 && cap_mark != BG_PIECE_SIDE(victim)) ||
                     (captured->side >= 0 && captured->side != BG_PIECE_SIDE(victim) &&
                      (!lenient || captured->kind != KO_SOLDIER))))
        return bgi_fail(err, BG_E_ILLEGAL_MOVE, cap_at,
                        "korean move '%s': the suffix names a captured piece that is not there",
                        text);
    if (check) {
        if (!gives_check(pos, m))
            return bgi_fail(err, BG_E_ILLEGAL_MOVE, check_at,
                            "korean move '%s': marked %s (check) but it gives no check", text,
                            CHECK_TEXT);
    }
    *out = m;
    return BG_OK;
}

/*
** The back-rank arrangements (option setup) as the .gib 차림 headers name them: the horse (마) and
** elephant (상) points of files b c g h, read from Cho's left. The engine reads the option; these
** read the ranks of positions, so that no table of arrangements is kept twice.
*/
void bgi_korean_rank(const bg_position *pos, int rank, char out[10])
{
    const bg_variant *v = pos->variant;
    int n = 0, empty = 0;
    for (int f = 0; f < KO_WIDTH; f++) {
        const bg_piece p = piece_at(pos, rank * KO_WIDTH + f);
        if (!p) {
            empty++;
            continue;
        }
        if (empty)
            out[n++] = (char)('0' + empty);
        empty = 0;
        const char c = v->piece_letters[BG_PIECE_KIND(p)][0];
        out[n++] = BG_PIECE_SIDE(p) ? (char)(c + 32) : c;
    }
    if (empty)
        out[n++] = (char)('0' + empty);
    out[n] = 0;
}

int bgi_korean_arrangement_rank(const bg_variant *v, const char *name, char rank[10])
{
    char opts[96];
    bg_position *pos;
    /* No ';' or '=': the name cannot bring other options with it. */
    if (strpbrk(name, ";=") ||
        (size_t)snprintf(opts, sizeof opts, "setup=%s/마상상마", name) >= sizeof opts ||
        bg_position_new(&pos, v, opts, NULL, NULL) != BG_OK)
        return 0;
    bgi_korean_rank(pos, 0, rank);
    bg_position_free(pos);
    return 1;
}

void bgi_korean_arrangement_name(const char *rank, char name[16])
{
    static const int files[4] = {1, 2, 6, 7};
    name[0] = 0;
    for (int i = 0; i < 4; i++)
        strcat(name, (rank[files[i]] | 32) == 'n' ? hangul[KO_HORSE] : hangul[KO_ELEPHANT]);
}
