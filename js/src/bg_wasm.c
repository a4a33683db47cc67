/* WebAssembly-only glue of the JS package: batch calls (one JS call where C loops), the error record, heap facts. */
/*
** Compiled only into js/boardgames.wasm (js/meson.build), never into the native library. JS calls
** the library's own bg_* exports directly; the functions here exist because a call from JS into
** wasm costs far more than one from C, so loops over moves or squares run on this side and hand
** JS one buffer. Everything is reached through the public API only.
**
** bgjs_legal_moves_text is the batch "legal moves and their texts" call. When the library gains
** its own batch call (another branch), the JS side switches to it and this one can go.
*/
#define BG_EXPERIMENTAL
#include <boardgames/boardgames.h>

#include <malloc.h>
#include <stddef.h>
#include <string.h>

/*
** JS reads bg_error fields at fixed offsets (js/src/core.js ERR_*); a layout change must break the
** build, not make JS read the wrong bytes.
*/
_Static_assert(sizeof(size_t) == 4, "wasm32 layout expected");
_Static_assert(offsetof(bg_error, code) == 4, "bg_error.code offset");
_Static_assert(offsetof(bg_error, line) == 8, "bg_error.line offset");
_Static_assert(offsetof(bg_error, column) == 12, "bg_error.column offset");
_Static_assert(offsetof(bg_error, offset) == 16, "bg_error.offset offset");
_Static_assert(offsetof(bg_error, game_index) == 20, "bg_error.game_index offset");
_Static_assert(offsetof(bg_error, ply) == 24, "bg_error.ply offset");
_Static_assert(offsetof(bg_error, message) == 28, "bg_error.message offset");

/* The one error record JS passes to constructors and parsers (JS is single-threaded per instance). */
static bg_error last_error;

/* A freshly initialised bg_error (BG_ERROR_INIT) for the next call. */
bg_error *bgjs_error(void)
{
    bg_error init = BG_ERROR_INIT;
    last_error = init;
    return &last_error;
}

/*
** Legal moves and their texts in one call: writes up to mcap moves into `moves`, their texts in
** `notation` into buf separated by '\n' (snprintf convention: at most cap bytes with the NUL),
** stores the number of moves in *count and returns the full text length, or a negative status.
** notation NULL: moves only (returns 0).
*/
int bgjs_legal_moves_text(const bg_position *pos, const char *notation, bg_move *moves, size_t mcap,
                          char *buf, size_t cap, int *count)
{
    int n = bg_position_legal_moves(pos, moves, mcap);
    if (n < 0)
        return n;
    if ((size_t)n > mcap)
        return BG_E_LIMIT; /* JS sizes moves by bg_variant_max_moves(): not reached */
    *count = n;
    if (!notation)
        return 0;
    size_t len = 0;
    for (int i = 0; i < n; i++) {
        size_t room = len < cap ? cap - len : 0;
        int k = bg_move_format(pos, moves[i], notation, room ? buf + len : NULL, room);
        if (k < 0)
            return k;
        len += (size_t)k;
        if (i + 1 < n) {
            if (len < cap)
                buf[len] = '\n';
            len++;
        }
    }
    if (cap)
        buf[len < cap ? len : cap - 1] = 0;
    return (int)len;
}

/*
** The main line of a game in one notation, one move per line ('\n'-separated). The library's
** bg_game_line_text writes it with single spaces between moves, so when the text has exactly
** plies - 1 spaces they are the separators; a notation whose texts hold spaces (some do) is
** written move by move instead, on a copy of the game taken back to its start and played again
** as a record plays (bg_game_play_record). bg_move_format wants a legal move, and a read game may
** go on past endings an arbiter judges (janggi's bikjang, repetition): there the first route is
** the one that works, as for bgtool. snprintf convention; a negative status on failure.
*/
static int moves_one_by_one(const bg_game *game, const char *notation, char *buf, size_t cap)
{
    bg_game *g = NULL;
    bg_status s = bg_game_clone(&g, game);
    if (s != BG_OK)
        return s;
    int plies = bg_game_ply_count(game);
    while (bg_game_ply_count(g) > 0 && (s = bg_game_undo(g)) == BG_OK)
        ;
    size_t len = 0;
    int result = s < 0 ? s : 0;
    for (int i = 0; i < plies && result == 0; i++) {
        bg_move m = bg_game_move_at(game, i);
        size_t room = len < cap ? cap - len : 0;
        int k = bg_move_format(bg_game_position(g), m, notation, room ? buf + len : NULL, room);
        if (k < 0) {
            result = k;
            break;
        }
        len += (size_t)k;
        if (i + 1 < plies) {
            if (len < cap)
                buf[len] = '\n';
            len++;
        }
        s = bg_game_play_record(g, m);
        if (s != BG_OK)
            result = s;
    }
    bg_game_free(g);
    if (result < 0)
        return result;
    if (cap)
        buf[len < cap ? len : cap - 1] = 0;
    return (int)len;
}

int bgjs_game_moves_text(const bg_game *game, const char *notation, char *buf, size_t cap)
{
    int n = bg_game_line_text(game, notation, buf, cap);
    if (n < 0 || (size_t)n >= cap)
        return n; /* an error, or the length to call again with */
    int plies = bg_game_ply_count(game), spaces = 0;
    for (int i = 0; i < n; i++)
        spaces += buf[i] == ' ';
    if (plies == 0 || spaces != plies - 1)
        return plies == 0 ? 0 : moves_one_by_one(game, notation, buf, cap);
    for (int i = 0; i < n; i++)
        if (buf[i] == ' ')
            buf[i] = '\n';
    return n;
}

/* The bg_piece of every square (rank * width + file) into out[0..squares); returns the count. */
int bgjs_board(const bg_position *pos, int *out, size_t cap)
{
    const bg_variant *v = bg_position_variant(pos);
    if (!v)
        return BG_E_INVALID_ARGUMENT;
    int squares = bg_variant_width(v) * bg_variant_height(v);
    for (int sq = 0; sq < squares && (size_t)sq < cap; sq++)
        out[sq] = bg_position_piece_at(pos, sq);
    return squares;
}

/* Pieces in hand: out[side * kinds + kind - 1] for every side and kind; returns sides * kinds. */
int bgjs_hands(const bg_position *pos, int *out, size_t cap)
{
    const bg_variant *v = bg_position_variant(pos);
    if (!v)
        return BG_E_INVALID_ARGUMENT;
    int sides = bg_variant_sides(v), kinds = bg_variant_piece_kinds(v);
    for (int s = 0; s < sides; s++)
        for (int k = 1; k <= kinds; k++) {
            size_t i = (size_t)s * (size_t)kinds + (size_t)(k - 1);
            if (i < cap)
                out[i] = bg_position_hand_count(pos, s, k);
        }
    return sides * kinds;
}

/* Bytes the allocator has handed out and not taken back (the leak test watches it). */
size_t bgjs_heap_used(void)
{
    struct mallinfo mi = mallinfo();
    return (size_t)mi.uordblks;
}

/*
** Streaming record readers from JS: the reader's read callback asks JS for the next bytes through
** the imported function bgjs_read(source, buf, cap) (js/src/records.js), which copies at most cap
** bytes into buf and returns their number, 0 at the end, or -1 on an error. JS keeps the source
** objects in a table by `source` id. No seek: byte ranges are for memory readers.
*/
__attribute__((import_module("env"), import_name("bgjs_read"))) extern int bgjs_read(int source,
                                                                                     void *buf,
                                                                                     size_t cap);

static int64_t read_from_js(void *user, void *buf, size_t cap)
{
    /* JS answers in 32 bits: ask for at most 1 GiB at a time. */
    if (cap > ((size_t)1 << 30))
        cap = (size_t)1 << 30;
    return bgjs_read((int)(intptr_t)user, buf, cap);
}

bg_status bgjs_reader_open(bg_record_reader **out, const bg_variant *v, const char *format,
                           int source, const char *options, unsigned flags, bg_error *err)
{
    return bg_record_reader_open(out, v, format, read_from_js, NULL, (void *)(intptr_t)source,
                                 options, flags, NULL, err);
}

/*
** iconv for the record readers, done by the JS engine's TextDecoder (js/src/core.js): the
** WHATWG decoders for shift_jis (CP932), euc-jp, gb18030 (GBK), big5 (Big5-HKSCS, CP950) and
** euc-kr (CP949) are the legacy encodings the readers try. Defining iconv_open, iconv and
** iconv_close here keeps musl's converter and its CJK tables (about 115 KB of gzipped wasm) out
** of the module, and gives Shift_JIS files the CP932 decoding that musl lacks.
**
** Semantics are those the library relies on (lib/notation/common/record_split.c): a conversion stops
** before the first invalid or incomplete character or when the output is full, with *in,
** *inleft, *out, *outleft advanced past what was converted, and returns -1 with errno EILSEQ,
** EINVAL or E2BIG; a NULL input resets (the decoders keep no state between calls).
*/
#include <errno.h>
#include <iconv.h>
#include <strings.h>

__attribute__((import_module("env"), import_name("bgjs_iconv_open"))) extern int bgjs_iconv_open(int charset);
/* Decodes from in[0..inlen) into out[0..outcap); writes {consumed, status} to result[0..1] and
   returns the bytes written. status: 0 all converted, 1 EILSEQ, 2 EINVAL, 3 E2BIG. */
__attribute__((import_module("env"), import_name("bgjs_iconv"))) extern int bgjs_iconv(int charset, const char *in,
                                                                                      size_t inlen, char *out,
                                                                                      size_t outcap,
                                                                                      uint32_t *result);

/* Charset ids shared with core.js: index into its list of WHATWG labels. */
static int charset_id(const char *name)
{
    static const struct {
        const char *name;
        int id;
    } names[] = {{"CP932", 1},     {"SHIFT_JIS", 1}, {"SJIS", 1},       {"EUC-JP", 2},
                 {"GB18030", 3},   {"GBK", 3},       {"GB2312", 3},     {"CP950", 4},
                 {"BIG5", 4},      {"BIG5-HKSCS", 4}, {"CP949", 5},     {"EUC-KR", 5}};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (!strcasecmp(name, names[i].name))
            return names[i].id;
    return 0;
}

iconv_t iconv_open(const char *to, const char *from)
{
    int id = to && from && (!strcasecmp(to, "UTF-8") || !strcasecmp(to, "UTF8")) ? charset_id(from) : 0;
    if (!id || !bgjs_iconv_open(id)) {
        errno = EINVAL;
        return (iconv_t)-1;
    }
    return (iconv_t)(intptr_t)id;
}

size_t iconv(iconv_t cd, char **restrict in, size_t *restrict inleft, char **restrict out,
             size_t *restrict outleft)
{
    if (!in || !*in)
        return 0;
    uint32_t result[2] = {0, 0};
    int written = bgjs_iconv((int)(intptr_t)cd, *in, *inleft, *out, *outleft, result);
    if (written < 0 || result[0] > *inleft || (size_t)written > *outleft) {
        errno = EILSEQ;
        return (size_t)-1;
    }
    *in += result[0];
    *inleft -= result[0];
    *out += written;
    *outleft -= (size_t)written;
    if (result[1]) {
        errno = result[1] == 1 ? EILSEQ : result[1] == 2 ? EINVAL : E2BIG;
        return (size_t)-1;
    }
    return 0;
}

int iconv_close(iconv_t cd)
{
    (void)cd;
    return 0;
}

/*
** Tables computed at load instead of shipped. The chess sliders' attack table (107,648 words,
** 45 KB of the gzipped module) follows from the rook and bishop magics, which stay in the
** module: js/scripts/build.mjs zeroes the table in boardgames.wasm after checking that this
** function rebuilds it byte for byte, and core.js calls it once at load, before any position
** exists. The table is declared const for the library's own code, which only ever reads it
** after this has run; wasm memory has no read-only pages, and the library's translation units
** see only an extern declaration (no initialiser to fold), so writing it here is safe.
*/
#include "chess_tables.h"

/*
** The compiler knows chess_slider_attacks is const and may drop stores it can see going there;
** reading its address through a volatile hides where the pointer points.
*/
static const uint64_t *volatile slider_table = chess_slider_attacks;

static void slide_fill(const chess_magic *m, const int (*dirs)[2])
{
    uint64_t *table = (uint64_t *)(uintptr_t)slider_table;
    for (int sq = 0; sq < 64; sq++) {
        uint64_t sub = 0;
        do { /* every subset of the relevant occupancy (Carry-Rippler) */
            uint64_t att = 0;
            for (int d = 0; d < 4; d++) {
                for (int f = sq % 8 + dirs[d][0], r = sq / 8 + dirs[d][1]; f >= 0 && f < 8 && r >= 0 && r < 8;
                     f += dirs[d][0], r += dirs[d][1]) {
                    att |= (uint64_t)1 << (r * 8 + f);
                    if (sub & ((uint64_t)1 << (r * 8 + f)))
                        break;
                }
            }
            table[m[sq].offset + ((sub * m[sq].magic) >> m[sq].shift)] = att;
            sub = (sub - m[sq].mask) & m[sq].mask;
        } while (sub);
    }
}

/* Words of chess_slider_attacks the magics use (the end of the last square's block). */
static size_t slider_words(void)
{
    size_t end = 0;
    for (int sq = 0; sq < 64; sq++) {
        size_t r = chess_rook_magics[sq].offset + ((size_t)1 << (64 - chess_rook_magics[sq].shift));
        size_t b = chess_bishop_magics[sq].offset + ((size_t)1 << (64 - chess_bishop_magics[sq].shift));
        end = r > end ? r : end;
        end = b > end ? b : end;
    }
    return end;
}

/* chess_between[a][b]: the squares strictly between two squares on a line; chess_line: the line. */
static const uint64_t (*volatile between_table)[64] = chess_between;
static const uint64_t (*volatile line_table)[64] = chess_line;

static void lines_fill(void)
{
    uint64_t(*between)[64] = (uint64_t(*)[64])(uintptr_t)between_table;
    uint64_t(*line)[64] = (uint64_t(*)[64])(uintptr_t)line_table;
    for (int a = 0; a < 64; a++)
        for (int b = 0; b < 64; b++) {
            int df = b % 8 - a % 8, dr = b / 8 - a / 8;
            int sf = (df > 0) - (df < 0), sr = (dr > 0) - (dr < 0);
            between[a][b] = line[a][b] = 0;
            if (a == b || !(df == 0 || dr == 0 || df == dr || df == -dr))
                continue;
            for (int f = a % 8 + sf, r = a / 8 + sr; f != b % 8 || r != b / 8; f += sf, r += sr)
                between[a][b] |= (uint64_t)1 << (r * 8 + f);
            for (int k = -1; k <= 1; k += 2)
                for (int f = a % 8, r = a / 8; f >= 0 && f < 8 && r >= 0 && r < 8; f += k * sf, r += k * sr)
                    line[a][b] |= (uint64_t)1 << (r * 8 + f);
        }
}

void bgjs_fill_tables(void)
{
    static const int rook[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
    static const int bishop[4][2] = {{1, 1}, {1, -1}, {-1, 1}, {-1, -1}};
    slide_fill(chess_rook_magics, rook);
    slide_fill(chess_bishop_magics, bishop);
    lines_fill();
}

/* Where the computed tables are (for the build's check): address and bytes of each; returns the count. */
int bgjs_computed_tables(uint32_t *out)
{
    out[0] = (uint32_t)(uintptr_t)chess_slider_attacks;
    out[1] = (uint32_t)(slider_words() * sizeof(uint64_t));
    out[2] = (uint32_t)(uintptr_t)chess_between;
    out[3] = (uint32_t)sizeof chess_between;
    out[4] = (uint32_t)(uintptr_t)chess_line;
    out[5] = (uint32_t)sizeof chess_line;
    return 3;
}
