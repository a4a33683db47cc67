/* Lenient SAN (its quick reader for the usual shapes, then the full one) against a brute-force reading of the legal moves: right, wrong and ambiguous texts in random positions. */
#include <check.h>
#include <stdio.h>
#include <string.h>

#include <boardgames/boardgames.h>

#include "check_main.h"
#include "xorshift.h"

static long texts_checked, accepted, refused;

/* Check records every passing assertion: the loops below test with plain ifs. */
#define REQUIRE(cond, ...)                                                                         \
    do {                                                                                           \
        if (!(cond))                                                                               \
            ck_abort_msg(__VA_ARGS__);                                                             \
    } while (0)

static const char letters[] = "?PNBRQK"; /* chess kinds 1..6 */

/*
** What lenient SAN must make of [K][file][rank][x]square[=P][+|#]: the one legal move (castling
** apart) of that kind onto that square from that file and rank whose promotion is the one
** written and whose check mark is true ('+': a check, a mate too; '#': a mate); BG_MOVE_NONE
** when none or several fit.
*/
static bg_move oracle(const bg_position *p, const bg_move *moves, int n, int kind, int to,
                      int file, int rank, int promo, char mark)
{
    bg_move found = BG_MOVE_NONE;
    int count = 0;
    for (int i = 0; i < n; i++) {
        bg_move m = moves[i];
        int from = BG_MOVE_FROM(m);
        bg_piece at = bg_position_piece_at(p, from), there = bg_position_piece_at(p, BG_MOVE_TO(m));
        if ((int)BG_PIECE_KIND(at) != kind || BG_MOVE_TO(m) != to)
            continue;
        if (there && BG_PIECE_SIDE(there) == BG_PIECE_SIDE(at))
            continue; /* castling: the king onto its own rook */
        if ((file >= 0 && from % 8 != file) || (rank >= 0 && from / 8 != rank))
            continue;
        if ((m & BG_MOVE_PROMOTION) ? (int)BG_MOVE_KIND(m) != promo : promo != 0)
            continue;
        found = m;
        count++;
    }
    if (count != 1)
        return BG_MOVE_NONE;
    unsigned f = bg_position_move_flags(p, found);
    if ((mark == '+' && !(f & BG_FLAG_CHECK)) || (mark == '#' && !(f & BG_FLAG_MATE)))
        return BG_MOVE_NONE;
    return found;
}

/* One text against the oracle: lenient SAN accepts exactly the oracle's move, or refuses. */
static void check_text(const bg_position *p, const bg_move *moves, int n, int kind, int to,
                       int file, int rank, int capture, int promo, char mark, const char *where)
{
    char text[16];
    int k = 0;
    if (kind != 1)
        text[k++] = letters[kind];
    if (file >= 0)
        text[k++] = (char)('a' + file);
    if (rank >= 0)
        text[k++] = (char)('1' + rank);
    if (capture)
        text[k++] = 'x';
    text[k++] = (char)('a' + to % 8);
    text[k++] = (char)('1' + to / 8);
    if (promo) {
        text[k++] = '=';
        text[k++] = letters[promo];
    }
    if (mark)
        text[k++] = mark;
    text[k] = 0;
    bg_move want = oracle(p, moves, n, kind, to, file, rank, promo, mark), got = BG_MOVE_NONE;
    bg_status s = bg_move_parse(p, text, "san", BG_PARSE_LENIENT, &got, NULL);
    REQUIRE(want == BG_MOVE_NONE ? s != BG_OK : s == BG_OK && got == want,
            "%s: lenient '%s': status %d, move %08x; the legal moves say %08x", where, text, s,
            (unsigned)got, (unsigned)want);
    texts_checked++;
    if (s == BG_OK)
        accepted++;
    else
        refused++;
}

/*
** Every text the quick reader reads that names a legal move's kind and target: with and
** without each disambiguation and capture mark (a pawn: its file exactly when it captures), each
** promotion, and no mark, '+' or '#'. Wrong marks, wrong, ambiguous and missing origins included.
*/
static void check_position(const bg_position *p, const char *where)
{
    bg_move moves[256];
    int n = bg_position_legal_moves(p, moves, 256);
    for (int i = 0; i < n; i++) {
        bg_move m = moves[i];
        int from = BG_MOVE_FROM(m), to = BG_MOVE_TO(m);
        int kind = (int)BG_PIECE_KIND(bg_position_piece_at(p, from));
        bg_piece there = bg_position_piece_at(p, to);
        if (there && BG_PIECE_SIDE(there) == BG_PIECE_SIDE(bg_position_piece_at(p, from)))
            continue; /* castling: O-O, not a square */
        int promo = (m & BG_MOVE_PROMOTION) ? (int)BG_MOVE_KIND(m) : 0;
        if (promo && promo != 5)
            continue; /* one promotion is enough: the others are texts of their own moves */
        static const char marks[] = {0, '+', '#'};
        for (int mk = 0; mk < 3; mk++) {
            if (kind == 1) {
                int capture = from % 8 != to % 8;
                check_text(p, moves, n, kind, to, capture ? from % 8 : -1, -1, capture, promo,
                           marks[mk], where);
                if (promo)
                    check_text(p, moves, n, kind, to, capture ? from % 8 : -1, -1, capture, 0,
                               marks[mk], where); /* the promotion left out */
                continue;
            }
            /* Origins: none, the file, the rank, both; then a wrong file or rank (refused,
               unless another piece of the kind stands there). */
            const int wf = (from % 8 + 3) % 8, wr = (from / 8 + 5) % 8;
            for (int d = 0; d < 8; d++)
                for (int capture = 0; capture < 2; capture++)
                    check_text(p, moves, n, kind, to,
                               d & 1 ? (d & 4 ? wf : from % 8) : -1,
                               d & 2 ? (d & 4 && !(d & 1) ? wr : from / 8) : -1, capture, 0,
                               marks[mk], where);
        }
    }
}

/* Random games, every position checked: pins, checks, mates and promotions come by. */
START_TEST(random_positions)
{
    uint64_t seed = 0x51ed2701u + (uint64_t)_i * 7919u;
    texts_checked = accepted = refused = 0;
    for (int game = 0; game < 4; game++) {
        bg_position *p = NULL;
        ck_assert(bg_position_new(&p, bg_variant_find("chess"), NULL, NULL, NULL) == BG_OK);
        for (int ply = 0; ply < 120; ply++) {
            char where[64];
            snprintf(where, sizeof where, "seed %d, game %d, ply %d", _i, game, ply);
            check_position(p, where);
            bg_move moves[256];
            int n = bg_position_legal_moves(p, moves, 256);
            if (n <= 0)
                break;
            ck_assert(bg_position_play(p, moves[xorshift64(&seed) % (uint64_t)n]) == BG_OK);
        }
        bg_position_free(p);
    }
    printf("# seed %d: %ld texts, %ld accepted, %ld refused\n", _i, texts_checked, accepted,
           refused);
    ck_assert(accepted > 1000 && refused > 1000);
}
END_TEST

/* Positions where the quick reader's tests matter: pins, en passant, promotions, mates. */
START_TEST(tricky_positions)
{
    static const char *const fens[] = {
        "4k3/8/8/8/1b6/8/3N4/4K3 w - - 0 1",            /* a pinned knight */
        "4k3/8/8/2pP4/8/8/8/4K2r w - c6 0 2",           /* en passant, the king on the side */
        "r3k3/1P6/8/8/8/8/8/4K3 w - - 0 1",             /* promotions, a capture among them */
        "6k1/5ppp/8/8/8/8/8/R3K3 w - - 0 1",            /* a mate on the back rank */
        "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1",             /* rooks that castle or move */
        "k7/8/8/8/3Q4/8/3Q4/4KQ2 w - - 0 1",            /* three queens: origins needed */
        "4k3/4q3/8/8/8/8/4R3/4K3 w - - 0 1",            /* a rook pinned on its file */
    };
    texts_checked = 0;
    for (size_t i = 0; i < sizeof fens / sizeof *fens; i++) {
        bg_position *p = NULL;
        ck_assert_msg(bg_position_from_text(&p, bg_variant_find("chess"), fens[i], NULL, NULL, 0,
                                            NULL, NULL) == BG_OK,
                      "%s", fens[i]);
        check_position(p, fens[i]);
        bg_position_free(p);
    }
    ck_assert(texts_checked > 100);
}
END_TEST

START_TEST(long_algebraic_castling)
{
    /* pgn-extract's hyphenated long algebraic writes castling by the king's squares: "e8-g8". */
    static const struct { const char *fen, *text, *as; } t[] = {
        {"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1-g1", "O-O"},
        {"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "Ke1-c1", "O-O-O"},
        {"r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", "e8g8", "O-O"},
        {"r3k2r/8/8/8/8/8/8/R3K2R w - - 0 1", "e1-g1", NULL},   /* no castling rights */
        {"r3k2r/8/8/8/8/8/8/R3K1NR w KQkq - 0 1", "e1-g1", NULL}, /* blocked */
    };
    for (size_t i = 0; i < sizeof t / sizeof t[0]; i++) {
        bg_position *p = NULL;
        ck_assert_int_eq(bg_position_from_text(&p, bg_variant_find("chess"), t[i].fen, NULL, NULL,
                                               0, NULL, NULL), BG_OK);
        bg_move got = BG_MOVE_NONE, want = BG_MOVE_NONE;
        bg_status s = bg_move_parse(p, t[i].text, "san", BG_PARSE_LENIENT, &got, NULL);
        if (t[i].as) {
            ck_assert_int_eq(bg_move_parse(p, t[i].as, "san", 0, &want, NULL), BG_OK);
            ck_assert_msg(s == BG_OK && got == want, "'%s' is not %s", t[i].text, t[i].as);
            /* Strict SAN keeps to O-O. */
            ck_assert_int_ne(bg_move_parse(p, t[i].text, "san", 0, &got, NULL), BG_OK);
        } else {
            ck_assert_msg(s != BG_OK, "'%s' read in %s", t[i].text, t[i].fen);
        }
        bg_position_free(p);
    }
}
END_TEST

int main(void)
{
    TCase *tc = one_case("notation-san-lenient", "san-lenient", 300);
    tcase_add_loop_test(tc, random_positions, 0, 4);
    tcase_add_test(tc, tricky_positions);
    tcase_add_test(tc, long_algebraic_castling);
    return run_cases();
}
