/* libboardgames — Seven Kingdoms position basics: pieces, hashing, make with capture counts, elimination, transfer and the game's end; empty kingdoms. */
#include <string.h>

#include "sk.h"

const char sk_kingdom_letters[SK_KINGDOMS + 1] = "qhcwiyz";
const char *const sk_kingdom_ids[SK_KINGDOMS] = {"qin", "han", "chu", "wei", "qi", "yan", "zhao"};
const char sk_kind_letters[SK_KINDS + 2] = " GRBCTDSAXHZ";
const char *const sk_kind_names[SK_KINDS + 1] = {"",      "general", "deputy", "lieutenant",
                                                 "cannon", "envoy",  "sabre",  "sword",
                                                 "bow",    "crossbow", "horse", "zhou"};
const uint8_t sk_kind_start[SK_KINDS + 1] = {0, 1, 1, 1, 1, 1, 2, 4, 1, 1, 4, 0};

void sk_clear(sk_state *s)
{
    memset(s, 0, sizeof *s);
    memset(s->board, SK_OFF, sizeof s->board);
    for (int r = 0; r < SK_FILES; r++)
        for (int f = 0; f < SK_FILES; f++)
            s->board[SK_MB_OF(f, r)] = 0;
    for (int k = 0; k < SK_KINGDOMS; k++) {
        s->victor[k] = -1;
        s->owner[k] = (uint8_t)k;
        s->ally[k] = (uint8_t)(1u << k);
    }
    s->live = s->present = SK_ALL_KINGDOMS;
    s->fullmove = 1;
}

void sk_put(sk_state *s, int mb, int piece)
{
    s->board[mb] = (uint8_t)piece;
    if (SK_KIND(piece) != SK_ZHOU) {
        int a = SK_ARMY(piece);
        s->slot[mb] = s->count[a];
        s->list[a][s->count[a]++] = (uint16_t)mb;
    }
}

void sk_rehash(sk_state *s)
{
    uint64_t k = 0;
    for (int mb = 0; mb < SK_MB; mb++)
        if (s->board[mb] && s->board[mb] != SK_OFF)
            k ^= sk_zobrist(s->board[mb], mb);
    s->key = k;
}

uint64_t sk_hash(const sk_state *s)
{
    uint64_t h = s->key ^ sk_zobrist(0x100 + s->stm, 0);
    for (int v = 0; v < SK_KINGDOMS; v++) {
        if (s->victor[v] >= 0)
            h ^= sk_zobrist(0x110 + v, s->victor[v] + 1);
        for (int c = 0; c < SK_KINGDOMS; c++)
            if (s->cap[c][v])
                h ^= sk_zobrist(0x120 + c * SK_KINGDOMS + v, s->cap[c][v]);
    }
    return h;
}

void sk_judge(sk_state *s, int first)
{
    s->winners = 0;
    s->reason = BG_REASON_NONE;
    for (int i = 0; i < SK_KINGDOMS; i++) {
        int k = (first + i) % SK_KINGDOMS;
        if ((s->live >> k & 1) && (s->conquests[k] >= SK_HEGEMONY_CONQUESTS ||
                                   s->captured[k] >= SK_HEGEMONY_CAPTURES)) {
            s->winners = s->ally[k];
            s->reason = BG_REASON_HEGEMONY;
            return;
        }
    }
    /* The last player standing: every kingdom still in play belongs to one player. */
    for (int k = 0; k < SK_KINGDOMS; k++) {
        if (s->live >> k & 1) {
            if ((s->live & ~s->ally[k]) == 0) {
                s->winners = s->ally[k];
                s->reason = BG_REASON_ELIMINATION;
            }
            return;
        }
    }
}

static void eliminate(sk_state *s, int v, int w)
{
    s->victor[v] = (int8_t)w;
    s->live &= (uint8_t)~(1u << v);
    s->conquests[w]++;
    for (int a = 0; a < SK_KINGDOMS; a++)
        if (s->owner[a] == v)
            s->owner[a] = (uint8_t)w;
}

void sk_derive(sk_state *s)
{
    s->live = 0;
    memset(s->captured, 0, sizeof s->captured);
    memset(s->lost, 0, sizeof s->lost);
    memset(s->conquests, 0, sizeof s->conquests);
    for (int k = 0; k < SK_KINGDOMS; k++) {
        int o = k;
        for (int guard = 0; s->victor[o] >= 0 && guard < SK_KINGDOMS; guard++)
            o = s->victor[o];
        s->owner[k] = (uint8_t)o;
        /* An empty kingdom is neither in play nor conquered. */
        if (s->victor[k] >= 0)
            s->conquests[s->victor[k]]++;
        else if (s->present >> k & 1)
            s->live |= (uint8_t)(1u << k);
        for (int v = 0; v < SK_KINGDOMS; v++) {
            s->captured[k] += s->cap[k][v];
            s->lost[v] += s->cap[k][v];
        }
    }
    /* The kingdom that moved last is the nearest one in play before the side to move. */
    int last = s->stm;
    for (int i = SK_KINGDOMS - 1; i >= 1; i--) {
        int k = (s->stm + i) % SK_KINGDOMS;
        if (s->live >> k & 1) {
            last = k;
            break;
        }
    }
    sk_judge(s, last);
}

/*
** Who takes the pieces of v, eliminated by losses: the kingdom in play that captured most of
** them; on a tie the mover if it is among the best, else the first of them in turn order after it.
*/
static int most_captures(const sk_state *s, int v, int mover)
{
    int best = mover, most = -1;
    for (int i = 0; i < SK_KINGDOMS; i++) {
        int k = (mover + i) % SK_KINGDOMS;
        if (k != v && (s->live >> k & 1) && s->cap[k][v] > most) {
            best = k;
            most = s->cap[k][v];
        }
    }
    return best;
}

static void capture(sk_state *s, int us, int q, int mb)
{
    const int a = SK_ARMY(q), v = s->owner[a];
    const int i = s->slot[mb], last = s->list[a][--s->count[a]];
    s->list[a][i] = (uint16_t)last;
    s->slot[last] = (uint8_t)i;
    s->key ^= sk_zobrist(q, mb);
    s->cap[us][v]++;
    s->captured[us]++;
    s->lost[v]++;
    if (SK_KIND(q) == SK_GENERAL && a == v)
        eliminate(s, v, us);
    else if (s->lost[v] >= SK_ELIMINATION_LOSSES)
        eliminate(s, v, most_captures(s, v, us));
    sk_judge(s, us);
}

void sk_make(sk_state *s, bg_move m)
{
    const int us = s->stm;
    if (m & BG_MOVE_PASS) {
        s->halfmove += s->halfmove < UINT16_MAX;
    } else {
        const int from = sk_mb_of[BG_MOVE_FROM(m)], to = sk_mb_of[BG_MOVE_TO(m)];
        const int p = s->board[from], q = s->board[to];
        if (q)
            capture(s, us, q, to);
        const int a = SK_ARMY(p), i = s->slot[from];
        s->list[a][i] = (uint16_t)to;
        s->slot[to] = (uint8_t)i;
        s->board[to] = (uint8_t)p;
        s->board[from] = 0;
        s->key ^= sk_zobrist(p, from) ^ sk_zobrist(p, to);
        if (q)
            s->halfmove = 0;
        else
            s->halfmove += s->halfmove < UINT16_MAX;
    }
    const int next = sk_next_live(s, us);
    if (next <= us && s->fullmove < UINT16_MAX)
        s->fullmove++;
    s->stm = (uint8_t)next;
}

void sk_keep_present(sk_state *s, uint8_t present)
{
    sk_state t;
    sk_clear(&t);
    memcpy(t.ally, s->ally, sizeof t.ally);
    t.present = present;
    for (int mb = 0; mb < SK_MB; mb++) {
        const int p = s->board[mb];
        if (p && p != SK_OFF && (SK_KIND(p) == SK_ZHOU || (present >> SK_ARMY(p) & 1)))
            sk_put(&t, mb, p);
    }
    /* The first kingdom to move is the first one present in turn order from the side to move. */
    t.stm = s->stm;
    while (!(present >> t.stm & 1))
        t.stm = (uint8_t)((t.stm + 1) % SK_KINGDOMS);
    t.halfmove = s->halfmove;
    t.fullmove = s->fullmove;
    sk_derive(&t);
    sk_rehash(&t);
    *s = t;
}
