/* libboardgames — Betza notation to move atoms, read as Fairy-Stockfish reads it, and the built-in piece slots. */
#include <stdio.h>
#include <string.h>

#include "gen_desc.h"

/*
** The built-in pieces of Fairy-Stockfish 11.1's variants.ini by their key names, with the moves
** its source gives them (the Betza strings of its documentation) and the special rules that come
** with some of them: the pawn (double steps, en passant, promotion), the shogi pawn (drop rules),
** the soldier (sideways only past soldierPromotionRank), the king (royal).
*/
static const struct {
    const char *name, *betza;
    int role;
} builtin[GEN_BUILTIN_SLOTS] = {
    {"pawn", "fmWfcF", GEN_ROLE_PAWN}, /* FSF writes fmWfceF: e = en passant, part of the pawn role */
    {"knight", "N", 0},
    {"bishop", "B", 0},
    {"rook", "R", 0},
    {"queen", "Q", 0},
    {"fers", "F", 0},
    {"alfil", "A", 0},
    {"fersAlfil", "FA", 0},
    {"silver", "FfW", 0},
    {"aiwok", "RNF", 0},
    {"bers", "RF", 0},
    {"archbishop", "BN", 0},
    {"chancellor", "RN", 0},
    {"amazon", "QN", 0},
    {"knibis", "mNcB", 0},
    {"biskni", "mBcN", 0},
    {"kniroo", "mNcR", 0},
    {"rookni", "mRcN", 0},
    {"shogiPawn", "fW", GEN_ROLE_SHOGI_PAWN},
    {"lance", "fR", 0},
    {"shogiKnight", "fN", 0},
    {"euroshogiKnight", "fNsW", 0},
    {"gold", "WfF", 0},
    {"dragonHorse", "BW", 0},
    {"clobber", "cW", 0},
    {"breakthrough", "fmWfF", 0},
    {"immobile", "", 0},
    {"cannon", "mRcpR", 0},
    {"soldier", "fsW", GEN_ROLE_SOLDIER},
    {"horse", "nN", 0},
    {"elephant", "nA", 0},
    {"janggiElephant", "nZ", 0},
    {"banner", "RcpRnN", 0},
    {"wazir", "W", 0},
    {"commoner", "K", 0},
    {"centaur", "KN", 0},
    {"king", "K", GEN_ROLE_KING},
};

const char *gen_slot_name(int slot, char *buf, size_t cap)
{
    if (slot < GEN_BUILTIN_SLOTS)
        return builtin[slot].name;
    snprintf(buf, cap, "customPiece%d", slot - GEN_BUILTIN_SLOTS + 1);
    return buf;
}

const char *gen_slot_betza(int slot) { return slot < GEN_BUILTIN_SLOTS ? builtin[slot].betza : ""; }
int gen_slot_role(int slot) { return slot < GEN_BUILTIN_SLOTS ? builtin[slot].role : 0; }

int gen_slot_find(const char *name)
{
    for (int i = 0; i < GEN_BUILTIN_SLOTS; i++)
        if (!strcmp(builtin[i].name, name))
            return i;
    if (!strncmp(name, "customPiece", 11)) {
        int n = 0;
        const char *p = name + 11;
        if (*p < '1' || *p > '9')
            return -1;
        while (*p >= '0' && *p <= '9' && n < 100)
            n = n * 10 + (*p++ - '0');
        if (!*p && n >= 1 && n <= GEN_CUSTOM_PIECES)
            return GEN_BUILTIN_SLOTS + n - 1;
    }
    return -1;
}

/* ---------- Betza ---------- */

/* Atoms as (forward, right) steps of the first image: W (1,0), N (2,1), ... */
static int leaper(char c, int *a, int *b, int *n)
{
    *n = 1;
    switch (c) {
    case 'W': *a = 1, *b = 0; return 1;
    case 'F': *a = 1, *b = 1; return 1;
    case 'D': *a = 2, *b = 0; return 1;
    case 'N': *a = 2, *b = 1; return 1;
    case 'A': *a = 2, *b = 2; return 1;
    case 'H': *a = 3, *b = 0; return 1;
    case 'L': case 'C': *a = 3, *b = 1; return 1;
    case 'J': case 'Z': *a = 3, *b = 2; return 1;
    case 'G': *a = 3, *b = 3; return 1;
    case 'K': *a = 1, *b = 0, *n = 2; return 1; /* W and F */
    case 'R': *a = 1, *b = 0; return 2;         /* riders: W, F, both */
    case 'B': *a = 1, *b = 1; return 2;
    case 'Q': *a = 1, *b = 0, *n = 2; return 2;
    default: return 0;
    }
}

static int is_vertical(char c) { return c == 'f' || c == 'b' || c == 'v' || c == 'h'; }
static int is_horizontal(char c) { return c == 'r' || c == 'l' || c == 's' || c == 'h'; }

/* Directions as two-letter codes ("ff", "fs", "rv", ...), the way Fairy-Stockfish pairs them. */
typedef struct dirs {
    char d[16][2];
    int n;
} dirs;

static int has(const dirs *ds, const char *code)
{
    for (int i = 0; i < ds->n; i++)
        if (ds->d[i][0] == code[0] && ds->d[i][1] == code[1])
            return 1;
    return 0;
}

static int has_any(const dirs *ds, const char *const *codes)
{
    for (; *codes; codes++)
        if (has(ds, *codes))
            return 1;
    return 0;
}

/*
** The eight images of an atom (a forward, b right) and the direction codes selecting each,
** exactly as Fairy-Stockfish's from_betza lists them.
*/
static const char *const img_codes[8][8] = {
    {"ff", "vv", "rf", "rv", "fh", "rh", "hr", NULL},
    {"bb", "vv", "lb", "lv", "bh", "lh", "hr", NULL},
    {"rr", "ss", "br", "bs", "bh", "rh", "hr", NULL},
    {"ll", "ss", "fl", "fs", "fh", "lh", "hr", NULL},
    {"rr", "ss", "fr", "fs", "fh", "rh", "hl", NULL},
    {"ll", "ss", "bl", "bs", "bh", "lh", "hl", NULL},
    {"bb", "vv", "rb", "rv", "bh", "rh", "hl", NULL},
    {"ff", "vv", "lf", "lv", "fh", "lh", "hl", NULL},
};

static void image(int i, int a, int b, int *dx, int *dy)
{
    static const int f[8][4] = {/* dy = fa*a + fb*b, dx = ga*a + gb*b */
                                {1, 0, 0, 1},  {-1, 0, 0, -1}, {0, -1, 1, 0}, {0, 1, -1, 0},
                                {0, 1, 1, 0},  {0, -1, -1, 0}, {-1, 0, 0, 1}, {1, 0, 0, -1}};
    *dy = f[i][0] * a + f[i][1] * b;
    *dx = f[i][2] * a + f[i][3] * b;
}

static int add_atom(gen_atom *atoms, int *n, const gen_atom *x)
{
    for (int i = 0; i < *n; i++) {
        gen_atom *y = &atoms[i];
        if (y->dx == x->dx && y->dy == x->dy && y->how == x->how && y->lame == x->lame &&
            y->initial == x->initial && y->range == x->range) {
            y->modes |= x->modes;
            return 1;
        }
    }
    if (*n >= GEN_MAX_ATOMS)
        return 0;
    atoms[(*n)++] = *x;
    return 1;
}

bg_status gen_betza_parse(const char *s, gen_atom *atoms, int *natoms, size_t *bad, const char **why)
{
    int modes = 0, hop = 0, grass = 0, lame = 0, initial = 0;
    dirs ds = {.n = 0};
    *natoms = 0;
    for (size_t i = 0; s[i]; i++) {
        char c = s[i];
        int a, b, n, kind;
        *bad = i;
        if (c == 'm' || c == 'c') {
            modes |= c == 'm' ? GEN_MODE_MOVE : GEN_MODE_CAPTURE;
        } else if (c == 'p' || c == 'g') {
            hop = 1;
            grass |= c == 'g';
        } else if (c == 'n') {
            lame = 1;
        } else if (c == 'i') {
            initial = 1;
        } else if (is_vertical(c) || is_horizontal(c)) {
            if (ds.n >= 16) {
                *why = "too many direction modifiers";
                return BG_E_PARSE;
            }
            char c2 = s[i + 1];
            if (c2 && (c2 == c || (is_vertical(c) && is_horizontal(c2)) ||
                       (is_horizontal(c) && is_vertical(c2)))) {
                ds.d[ds.n][0] = c, ds.d[ds.n][1] = c2;
                i++;
            } else {
                ds.d[ds.n][0] = ds.d[ds.n][1] = c;
            }
            ds.n++;
        } else if ((kind = leaper(c, &a, &b, &n)) != 0) {
            int rider = kind == 2, range = 0;
            if (s[i + 1] == c || (s[i + 1] >= '1' && s[i + 1] <= '9')) {
                rider = 1;
                if (s[i + 1] != c)
                    range = s[i + 1] - '0';
                i++;
            }
            if (!modes)
                modes = GEN_MODE_MOVE | GEN_MODE_CAPTURE;
            if (lame && rider) {
                *why = "'n' (lame) applies to leapers only";
                return BG_E_PARSE;
            }
            if (lame && !((a == 2 && b == 1) || (a == 2 && b == 2) || (a == 3 && b == 2) ||
                          (a == 2 && b == 0))) {
                *why = "'n' (lame) applies to N, A, Z (J) and D only";
                return BG_E_PARSE;
            }
            if (hop && !rider) {
                *why = "hoppers 'p' and 'g' apply to riders (R, B, Q, WW, FF) only";
                return BG_E_PARSE;
            }
            if (hop && range) {
                *why = "hoppers with a limited range are not supported";
                return BG_E_PARSE;
            }
            if (hop && !(b == 0 || a == b)) {
                *why = "hoppers move along orthogonals and diagonals only";
                return BG_E_PARSE;
            }
            if (initial && (modes & GEN_MODE_CAPTURE) && modes != (GEN_MODE_MOVE | GEN_MODE_CAPTURE)) {
                *why = "initial ('i') moves cannot capture";
                return BG_E_PARSE;
            }
            for (int k = 0; k < n; k++) {
                int aa = k ? 1 : a, bb = k ? 1 : b; /* K and Q: W then F */
                /* Orthogonal single atoms split combined directions (fsW = fW + sW). */
                dirs use = {.n = 0};
                for (int j = 0; j < ds.n; j++) {
                    if (n == 1 && bb == 0 && ds.d[j][0] != ds.d[j][1]) {
                        use.d[use.n][0] = use.d[use.n][1] = ds.d[j][0];
                        use.n++;
                        use.d[use.n][0] = use.d[use.n][1] = ds.d[j][1];
                        use.n++;
                    } else {
                        use.d[use.n][0] = ds.d[j][0], use.d[use.n][1] = ds.d[j][1];
                        use.n++;
                    }
                }
                for (int im = 0; im < 8; im++) {
                    if (use.n && !has_any(&use, img_codes[im]))
                        continue;
                    gen_atom x = {0};
                    int dx, dy;
                    image(im, aa, bb, &dx, &dy);
                    x.dx = (int8_t)dx;
                    x.dy = (int8_t)dy;
                    x.how = hop ? (grass ? GEN_GRASS : GEN_HOP) : rider ? GEN_RIDE : GEN_LEAP;
                    x.range = (uint8_t)range;
                    x.modes = (uint8_t)(initial ? GEN_MODE_MOVE : modes);
                    x.lame = (uint8_t)lame;
                    x.initial = (uint8_t)initial;
                    if (!add_atom(atoms, natoms, &x)) {
                        *why = "too many moves in one piece";
                        return BG_E_PARSE;
                    }
                }
            }
            modes = hop = grass = lame = initial = 0;
            ds.n = 0;
        } else {
            *why = "not a Betza atom or modifier";
            return BG_E_PARSE;
        }
    }
    if (modes || hop || lame || initial || ds.n) {
        *bad = strlen(s);
        *why = "modifiers without an atom at the end";
        return BG_E_PARSE;
    }
    return BG_OK;
}
