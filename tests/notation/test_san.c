/* SAN, LAN and UCI vectors from real positions (checked by hand), strict rejections, lenient acceptances. */
#include <check.h>
#include <stdlib.h>

#include "notation_helpers.h"
#include "check_main.h"

#define DIS_FILE "k7/8/8/8/8/8/K7/R6R w - - 0 1"         /* rooks a1, h1 */
#define DIS_RANK "7k/8/8/R7/8/8/8/R3K3 w - - 0 1"        /* rooks a1, a5 */
#define DIS_BOTH "8/7k/8/8/8/Q7/8/Q1Q1K3 w - - 0 1"      /* queens a1, c1, a3 */
#define PROMO "3r3k/4P3/8/8/8/8/8/4K3 w - - 0 1"         /* e7 takes d8 or goes e8 */
#define PROMO_B "8/8/8/8/8/8/1p5k/R2K4 b - - 0 1"        /* b2 takes a1 or goes b1 */
#define CASTLE_K "5k2/8/8/8/8/8/8/R3K2R w KQ - 0 1"      /* O-O gives check on the f-file */
#define CASTLE_Q "3k4/8/8/8/8/8/8/R3K2R w KQ - 0 1"      /* O-O-O gives check on the d-file */
#define CASTLE_B "r3k2r/8/8/8/8/8/8/5K2 b kq - 0 1"      /* black O-O checks the king on f1 */
#define EP "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1"
#define NO_EP "4k3/8/8/4P3/8/8/8/4K3 w - - 0 1"
#define FOOL "rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2"
#define PIN "4k3/8/8/8/1b6/8/3N4/4K3 w - - 0 1"          /* Nd2 pinned by Bb4 */
#define PIN2 "4k3/8/8/8/1b6/8/3N4/4K1N1 w - - 0 1"       /* and a free knight on g1 */
#define ROOK "4k3/8/8/8/8/8/8/4K2R w - - 0 1"
#define PAWNX "4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1"
#define QUEENX "4k3/8/8/3p4/8/8/8/3QK3 w - - 0 1"
#define C960 "1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/1R2K1R1 w GBgb - 0 1"

enum { N = 2, B = 3, R = 4, Q = 5 };

typedef struct vec {
    const char *fen, *notation, *text;
    bg_move m;
} vec;

static void run_vectors(const vec *v, size_t n, const char *options)
{
    for (size_t i = 0; i < n; i++) {
        bg_position *p = fen_opts(v[i].fen, options);
        check_both_ways(p, v[i].m, v[i].notation, v[i].text);
        bg_position_free(p);
    }
}

START_TEST(san_vectors)
{
    const vec v[] = {
        {NULL, "san", "e4", mv("e2", "e4")},
        {NULL, "san", "Nf3", mv("g1", "f3")},
        {NULL, "san", "Na3", mv("b1", "a3")},
        {DIS_FILE, "san", "Rad1", mv("a1", "d1")},
        {DIS_FILE, "san", "Rhd1", mv("h1", "d1")},
        {DIS_FILE, "san", "Rh8+", mv("h1", "h8")},
        {DIS_RANK, "san", "R1a3", mv("a1", "a3")},
        {DIS_RANK, "san", "R5a3", mv("a5", "a3")},
        {DIS_RANK, "san", "Rb5", mv("a5", "b5")},
        {DIS_RANK, "san", "Rd1", mv("a1", "d1")},
        {DIS_BOTH, "san", "Qa1b2", mv("a1", "b2")},
        {DIS_BOTH, "san", "Qcb2", mv("c1", "b2")},
        {DIS_BOTH, "san", "Q3b2", mv("a3", "b2")},
        {PROMO, "san", "exd8=Q+", promo("e7", "d8", Q)},
        {PROMO, "san", "exd8=R+", promo("e7", "d8", R)},
        {PROMO, "san", "exd8=N", promo("e7", "d8", N)},
        {PROMO, "san", "e8=R+", promo("e7", "e8", R)},
        {PROMO, "san", "e8=B", promo("e7", "e8", B)},
        {PROMO_B, "san", "bxa1=Q+", promo("b2", "a1", Q)},
        {PROMO_B, "san", "b1=N", promo("b2", "b1", N)},
        {CASTLE_K, "san", "O-O+", mv("e1", "h1")},
        {CASTLE_K, "san", "O-O-O", mv("e1", "a1")},
        {CASTLE_Q, "san", "O-O-O+", mv("e1", "a1")},
        {CASTLE_Q, "san", "O-O", mv("e1", "h1")},
        {CASTLE_B, "san", "O-O+", mv("e8", "h8")},
        {CASTLE_B, "san", "O-O-O", mv("e8", "a8")},
        {EP, "san", "exd6", mv("e5", "d6")},
        {EP, "san", "e6", mv("e5", "e6")},
        {FOOL, "san", "Qh4#", mv("d8", "h4")},
        {PIN2, "san", "Nf3", mv("g1", "f3")},
        {ROOK, "san", "Rh8+", mv("h1", "h8")},
        {PAWNX, "san", "exd5", mv("e4", "d5")},
        {QUEENX, "san", "Qxd5", mv("d1", "d5")},
    };
    run_vectors(v, sizeof v / sizeof v[0], NULL);
}
END_TEST

START_TEST(lan_uci_vectors)
{
    const vec v[] = {
        {NULL, "lan", "e2-e4", mv("e2", "e4")},
        {NULL, "lan", "Ng1-f3", mv("g1", "f3")},
        {EP, "lan", "e5xd6", mv("e5", "d6")},
        {PROMO, "lan", "e7xd8=Q+", promo("e7", "d8", Q)},
        {PROMO, "lan", "e7-e8=R+", promo("e7", "e8", R)},
        {CASTLE_K, "lan", "O-O+", mv("e1", "h1")},
        {CASTLE_K, "lan", "O-O-O", mv("e1", "a1")},
        {FOOL, "lan", "Qd8-h4#", mv("d8", "h4")},
        {PAWNX, "lan", "e4xd5", mv("e4", "d5")},
        {QUEENX, "lan", "Qd1xd5", mv("d1", "d5")},
        {NULL, "uci", "e2e4", mv("e2", "e4")},
        {NULL, "uci", "g1f3", mv("g1", "f3")},
        {PROMO, "uci", "e7d8q", promo("e7", "d8", Q)},
        {PROMO, "uci", "e7e8n", promo("e7", "e8", N)},
        {PROMO_B, "uci", "b2a1r", promo("b2", "a1", R)},
        {CASTLE_K, "uci", "e1g1", mv("e1", "h1")},
        {CASTLE_K, "uci", "e1c1", mv("e1", "a1")},
        {CASTLE_B, "uci", "e8g8", mv("e8", "h8")},
        {EP, "uci", "e5d6", mv("e5", "d6")},
    };
    run_vectors(v, sizeof v / sizeof v[0], NULL);
}
END_TEST

START_TEST(chess960_vectors)
{
    /* King e1, rooks b1 and g1: castling is written king-takes-rook in UCI. */
    const vec v[] = {
        {C960, "uci", "e1g1", mv("e1", "g1")},
        {C960, "uci", "e1b1", mv("e1", "b1")},
        {C960, "san", "O-O", mv("e1", "g1")},
        {C960, "san", "O-O-O", mv("e1", "b1")},
        {C960, "lan", "O-O-O", mv("e1", "b1")},
    };
    run_vectors(v, sizeof v / sizeof v[0], "chess960=true");
    bg_position *p = fen_opts(C960, "chess960=true");
    /* The king's destination (c1) is standard-chess UCI: only lenient mode takes it. */
    parse_expect(p, "e1c1", "uci", 0, BG_E_ILLEGAL_MOVE, 0);
    parse_expect(p, "e1c1", "uci", BG_PARSE_LENIENT, BG_OK, mv("e1", "b1"));
    parse_expect(p, "0-0-0", "san", 0, BG_OK, mv("e1", "b1"));
    bg_position_free(p);
}
END_TEST

START_TEST(strict_rejections)
{
    struct {
        const char *fen, *text;
        bg_status want;
        size_t offset;
    } r[] = {
        /* Wrong piece, and moves that no piece of that kind can make. */
        {ROOK, "Qh4", BG_E_ILLEGAL_MOVE, 0},
        {ROOK, "Bh4", BG_E_ILLEGAL_MOVE, 0},
        {ROOK, "h4", BG_E_ILLEGAL_MOVE, 0},
        {ROOK, "rh4", BG_E_PARSE, 0},
        {ROOK, "Xh4", BG_E_PARSE, 0},
        {NULL, "e5", BG_E_ILLEGAL_MOVE, 0},
        {NULL, "O-O", BG_E_ILLEGAL_MOVE, 0},
        /* The pinned knight: Nf3 must not become another move. */
        {PIN, "Nf3", BG_E_ILLEGAL_MOVE, 0},
        {PIN, "Nb3", BG_E_ILLEGAL_MOVE, 0},
        {PIN2, "Ndf3", BG_E_ILLEGAL_MOVE, 0},
        /* A capture that does not exist is not a push. */
        {NO_EP, "exd6", BG_E_ILLEGAL_MOVE, 0},
        /* Redundant, wrong or missing disambiguation. */
        {NULL, "Ngf3", BG_E_PARSE, 1},
        {NULL, "N1f3", BG_E_PARSE, 1},
        {PIN2, "Ngf3", BG_E_PARSE, 1},
        {DIS_BOTH, "Qc1b2", BG_E_PARSE, 1},
        {DIS_BOTH, "Qa3b2", BG_E_PARSE, 1},
        {DIS_RANK, "Ra1a3", BG_E_PARSE, 1},
        {DIS_FILE, "Rd1", BG_E_AMBIGUOUS_MOVE, 1},
        {DIS_RANK, "Ra3", BG_E_AMBIGUOUS_MOVE, 1},
        {DIS_RANK, "Raa3", BG_E_AMBIGUOUS_MOVE, 1},
        {DIS_BOTH, "Qb2", BG_E_AMBIGUOUS_MOVE, 1},
        {DIS_BOTH, "Qab2", BG_E_AMBIGUOUS_MOVE, 1},
        {DIS_BOTH, "Q1b2", BG_E_AMBIGUOUS_MOVE, 1},
        /* Check and mate marks must be right. */
        {NULL, "Nf3+", BG_E_ILLEGAL_MOVE, 3},
        {NULL, "Nf3#", BG_E_ILLEGAL_MOVE, 3},
        {FOOL, "Qh4+", BG_E_PARSE, 3},
        {FOOL, "Qh4++", BG_E_PARSE, 3},
        {CASTLE_K, "O-O#", BG_E_ILLEGAL_MOVE, 3},
        {CASTLE_K, "O-O-O+", BG_E_ILLEGAL_MOVE, 5},
        {PROMO, "e8=Q#", BG_E_ILLEGAL_MOVE, 4},
        /* Capture marks. */
        {NULL, "Nxf3", BG_E_PARSE, 1},
        {PAWNX, "ed5", BG_E_PARSE, 1},
        {QUEENX, "Qd5", BG_E_PARSE, 1},
        {NO_EP, "exe6", BG_E_PARSE, 0},
        /* Forms only lenient mode takes. */
        {EP, "exd6e.p.", BG_E_PARSE, 4},
        {EP, "exd6 e.p.", BG_E_PARSE, 4},
        {PROMO, "exd8Q", BG_E_PARSE, 4},
        {PROMO, "exd8=q", BG_E_PARSE, 5},
        {PROMO, "e8q", BG_E_PARSE, 2},
        {NULL, "Pe4", BG_E_PARSE, 0},
        {NULL, "Ng1f3", BG_E_PARSE, 1},
        {NULL, "Ng1-f3", BG_E_PARSE, 3},
        {NULL, "e2e4", BG_E_PARSE, 0},
        {NULL, "e2-e4", BG_E_PARSE, 2},
        {CASTLE_K, "o-o", BG_E_PARSE, 0},
        /* Promotion missing or to a piece that does not exist. */
        {PROMO, "e8", BG_E_ILLEGAL_MOVE, 2},
        {PROMO, "exd8=K", BG_E_ILLEGAL_MOVE, 0},
        {PROMO, "exd8=", BG_E_PARSE, 5},
        /* Malformed text. */
        {NULL, "", BG_E_PARSE, 0},
        {NULL, "e4!!!", BG_E_PARSE, 4},
        {NULL, "e4?!?", BG_E_PARSE, 4},
        {NULL, "e4 ", BG_E_PARSE, 2},
        {NULL, "e9", BG_E_PARSE, 1},
        {NULL, "Nf", BG_E_PARSE, 2},
        {NULL, "Nf3x", BG_E_PARSE, 4},
    };
    for (size_t i = 0; i < sizeof r / sizeof r[0]; i++) {
        bg_position *p = fen(r[i].fen);
        bg_error err = parse_expect(p, r[i].text, "san", 0, r[i].want, 0);
        ck_assert_msg(err.offset == r[i].offset, "'%s': offset %zu, want %zu (%s)", r[i].text,
                      err.offset, r[i].offset, err.message);
        ck_assert_msg(err.message[0], "'%s': no error message", r[i].text);
        bg_position_free(p);
    }
}
END_TEST

START_TEST(lenient_acceptances)
{
    struct {
        const char *fen, *text;
        bg_move m;
    } a[] = {
        {NULL, "Ngf3", mv("g1", "f3")},
        {NULL, "N1f3", mv("g1", "f3")},
        {NULL, "Ng1f3", mv("g1", "f3")},
        {NULL, "Ng1-f3", mv("g1", "f3")},
        {NULL, "g1f3", mv("g1", "f3")},
        {NULL, "e2e4", mv("e2", "e4")},
        {NULL, "e2-e4", mv("e2", "e4")},
        {NULL, "Pe4", mv("e2", "e4")},
        {NULL, "Nxf3", mv("g1", "f3")},
        {NULL, "e4!?", mv("e2", "e4")},
        {PIN2, "Ngf3", mv("g1", "f3")},
        {DIS_BOTH, "Qc1b2", mv("c1", "b2")},
        {DIS_RANK, "Ra1a3", mv("a1", "a3")},
        {PAWNX, "ed5", mv("e4", "d5")},
        {PAWNX, "e4xd5", mv("e4", "d5")},
        {PAWNX, "e4:d5", mv("e4", "d5")},
        {QUEENX, "Qd5", mv("d1", "d5")},
        {NO_EP, "exe6", mv("e5", "e6")},
        {EP, "exd6e.p.", mv("e5", "d6")},
        {EP, "exd6 e.p.", mv("e5", "d6")},
        {PROMO, "exd8Q", promo("e7", "d8", Q)},
        {PROMO, "exd8=q+", promo("e7", "d8", Q)},
        {PROMO, "exd8n", promo("e7", "d8", N)},
        {PROMO, "e8Q+", promo("e7", "e8", Q)},
        {PROMO, "e7e8q", promo("e7", "e8", Q)},
        {PROMO, "e7-e8=B", promo("e7", "e8", B)},
        {FOOL, "Qh4+", mv("d8", "h4")},
        {FOOL, "Qh4++", mv("d8", "h4")},
        {FOOL, "Qd8h4", mv("d8", "h4")},
        {CASTLE_K, "o-o+", mv("e1", "h1")},
        {CASTLE_K, "0-0-0", mv("e1", "a1")},
        {CASTLE_K, "e1g1", mv("e1", "h1")},
        {CASTLE_K, "e1h1", mv("e1", "h1")},
    };
    for (size_t i = 0; i < sizeof a / sizeof a[0]; i++) {
        bg_position *p = fen(a[i].fen);
        parse_expect(p, a[i].text, "san", BG_PARSE_LENIENT, BG_OK, a[i].m);
        bg_position_free(p);
    }
}
END_TEST

START_TEST(lenient_still_refuses)
{
    /* Lenient mode accepts more spellings, never another move. */
    struct {
        const char *fen, *text;
        bg_status want;
    } r[] = {
        {PIN, "Nf3", BG_E_ILLEGAL_MOVE},
        {PIN, "Nd2f3", BG_E_ILLEGAL_MOVE},
        {PIN, "d2f3", BG_E_ILLEGAL_MOVE},
        {PIN2, "Ndf3", BG_E_ILLEGAL_MOVE},
        {NO_EP, "exd6", BG_E_ILLEGAL_MOVE},
        {NO_EP, "ed6", BG_E_ILLEGAL_MOVE},
        {ROOK, "Qh4", BG_E_ILLEGAL_MOVE},
        {EP, "e6e.p.", BG_E_ILLEGAL_MOVE},
        {NULL, "Nf3+", BG_E_ILLEGAL_MOVE},
        {NULL, "e4#", BG_E_ILLEGAL_MOVE},
        {PROMO, "e8", BG_E_ILLEGAL_MOVE},
        {PROMO, "e7e8", BG_E_ILLEGAL_MOVE},
        {DIS_FILE, "Rd1", BG_E_AMBIGUOUS_MOVE},
        {DIS_BOTH, "Qab2", BG_E_AMBIGUOUS_MOVE},
        {NULL, "0000", BG_E_ILLEGAL_MOVE},
        {NULL, "Nf", BG_E_PARSE},
    };
    for (size_t i = 0; i < sizeof r / sizeof r[0]; i++) {
        bg_position *p = fen(r[i].fen);
        parse_expect(p, r[i].text, "san", BG_PARSE_LENIENT, r[i].want, 0);
        bg_position_free(p);
    }
}
END_TEST

START_TEST(annotation_suffixes)
{
    const char *ok[] = {"e4!", "e4?", "e4!!", "e4??", "e4!?", "e4?!"};
    bg_position *p = fen(NULL);
    for (size_t i = 0; i < sizeof ok / sizeof ok[0]; i++)
        parse_expect(p, ok[i], "san", 0, BG_OK, mv("e2", "e4"));
    bg_position_free(p);
    p = fen(FOOL);
    parse_expect(p, "Qh4#!!", "san", 0, BG_OK, mv("d8", "h4"));
    parse_expect(p, "Qh4?", "san", 0, BG_OK, mv("d8", "h4"));
    bg_position_free(p);
}
END_TEST

START_TEST(lan_parse_rules)
{
    bg_position *p = fen(NULL);
    parse_expect(p, "e4", "lan", 0, BG_E_PARSE, 0);
    parse_expect(p, "Ng1f3", "lan", 0, BG_E_PARSE, 0);
    parse_expect(p, "Ng1xf3", "lan", 0, BG_E_PARSE, 0);
    parse_expect(p, "Bg1-f3", "lan", 0, BG_E_ILLEGAL_MOVE, 0);
    parse_expect(p, "g1-f3", "lan", 0, BG_E_ILLEGAL_MOVE, 0);
    parse_expect(p, "Ng1-f3+", "lan", 0, BG_E_ILLEGAL_MOVE, 0);
    parse_expect(p, "Ng1-f3!", "lan", 0, BG_OK, mv("g1", "f3"));
    parse_expect(p, "Nf3", "lan", BG_PARSE_LENIENT, BG_OK, mv("g1", "f3"));
    parse_expect(p, "g1f3", "lan", BG_PARSE_LENIENT, BG_OK, mv("g1", "f3"));
    bg_position_free(p);
    p = fen(PAWNX);
    parse_expect(p, "e4-d5", "lan", 0, BG_E_PARSE, 0);
    parse_expect(p, "Pe4xd5", "lan", 0, BG_E_PARSE, 0);
    bg_position_free(p);
}
END_TEST

START_TEST(uci_parse_rules)
{
    bg_position *p = fen(CASTLE_K);
    parse_expect(p, "e1h1", "uci", 0, BG_E_ILLEGAL_MOVE, 0);
    parse_expect(p, "e1h1", "uci", BG_PARSE_LENIENT, BG_OK, mv("e1", "h1"));
    parse_expect(p, "e1a1", "uci", BG_PARSE_LENIENT, BG_OK, mv("e1", "a1"));
    parse_expect(p, "E1G1", "uci", 0, BG_E_PARSE, 0);
    parse_expect(p, "E1G1", "uci", BG_PARSE_LENIENT, BG_E_PARSE, 0);
    bg_position_free(p);
    p = fen(NULL);
    bg_error e = parse_expect(p, "0000", "uci", 0, BG_E_ILLEGAL_MOVE, 0);
    ck_assert_ptr_nonnull(strstr(e.message, "null move"));
    parse_expect(p, "e2e5", "uci", 0, BG_E_ILLEGAL_MOVE, 0);
    parse_expect(p, "e2e4q", "uci", 0, BG_E_ILLEGAL_MOVE, 0);
    parse_expect(p, "e2e4Q", "uci", 0, BG_E_PARSE, 0);
    parse_expect(p, "e2e4 ", "uci", 0, BG_E_PARSE, 0);
    parse_expect(p, "e9e4", "uci", 0, BG_E_PARSE, 0);
    parse_expect(p, "e2", "uci", 0, BG_E_PARSE, 0);
    parse_expect(p, "", "uci", 0, BG_E_PARSE, 0);
    parse_expect(p, "e2-e4", "uci", 0, BG_E_PARSE, 0);
    bg_position_free(p);
    p = fen(PROMO);
    e = parse_expect(p, "e7e8", "uci", 0, BG_E_ILLEGAL_MOVE, 0);
    ck_assert_ptr_nonnull(strstr(e.message, "promotion"));
    parse_expect(p, "e7e8k", "uci", 0, BG_E_ILLEGAL_MOVE, 0);
    parse_expect(p, "e7e8Q", "uci", BG_PARSE_LENIENT, BG_OK, promo("e7", "e8", Q));
    bg_position_free(p);
}
END_TEST

START_TEST(any_notation_parse)
{
    /* No notation named: SAN first, then UCI, then LAN; an illegal move stays illegal. */
    bg_position *p = fen(NULL);
    parse_expect(p, "Nf3", NULL, 0, BG_OK, mv("g1", "f3"));
    parse_expect(p, "g1f3", NULL, 0, BG_OK, mv("g1", "f3"));
    parse_expect(p, "Ng1-f3", NULL, 0, BG_OK, mv("g1", "f3"));
    parse_expect(p, "Nf4", NULL, 0, BG_E_ILLEGAL_MOVE, 0);
    bg_position_free(p);
    p = fen(PIN);
    parse_expect(p, "Nf3", NULL, BG_PARSE_LENIENT, BG_E_ILLEGAL_MOVE, 0);
    parse_expect(p, "d2f3", NULL, 0, BG_E_ILLEGAL_MOVE, 0);
    bg_position_free(p);
}
END_TEST

START_TEST(format_snprintf_contract)
{
    bg_position *p = fen(PROMO);
    char small[4];
    bg_move m = promo("e7", "d8", Q);
    int n = bg_move_format(p, m, "san", small, sizeof small);
    ck_assert_int_eq(n, 7); /* exd8=Q+ */
    ck_assert_str_eq(small, "exd");
    ck_assert_int_eq(bg_move_format(p, m, "lan", NULL, 0), 8);
    ck_assert_int_eq(bg_move_format(p, mv("e2", "e4"), "san", small, sizeof small),
                     BG_E_ILLEGAL_MOVE);
    ck_assert_int_eq(bg_move_format(p, m, "iccs", small, sizeof small), BG_E_UNSUPPORTED);
    bg_position_free(p);
}
END_TEST

START_TEST(random_texts)
{
    /* Random short texts: no crash; what strict mode accepts, lenient mode reads the same way. */
    static const char alphabet[] = "KQRBNPabcdefgh12345678xX=+#!?-O0o.ep: q";
    const char *fens[] = {NULL, DIS_BOTH, PROMO, CASTLE_K, EP, PIN2, FOOL, PAWNX};
    uint64_t seed = 99;
    long accepted = 0, lenient_only = 0, rounds = 40000;
    rounds /= test_reduce() > 20 ? 20 : test_reduce();
    for (size_t f = 0; f < sizeof fens / sizeof fens[0]; f++) {
        bg_position *p = fen(fens[f]);
        for (long i = 0; i < rounds; i++) {
            char text[12];
            seed = seed * 6364136223846793005u + 1442695040888963407u;
            int len = 1 + (int)((seed >> 60) % 7);
            for (int k = 0; k < len; k++)
                text[k] = alphabet[(seed >> (5 * k + 3)) % (sizeof alphabet - 1)];
            text[len] = 0;
            for (int n = 0; n < 3; n++) {
                const char *notation = n == 0 ? "san" : n == 1 ? "lan" : "uci";
                bg_move a = BG_MOVE_NONE, b = BG_MOVE_NONE;
                bg_error ea = BG_ERROR_INIT, eb = BG_ERROR_INIT;
                bg_status sa = bg_move_parse(p, text, notation, 0, &a, &ea);
                bg_status sb = bg_move_parse(p, text, notation, BG_PARSE_LENIENT, &b, &eb);
                if (sa != BG_OK && sb == BG_OK)
                    lenient_only++;
                if (sa != BG_OK) {
                    if (ea.offset > strlen(text) || !ea.message[0])
                        ck_abort_msg("%s '%s': bad error (%zu, %s)", notation, text, ea.offset,
                                     ea.message);
                    continue;
                }
                accepted++;
                if (sb != BG_OK || a != b || !bg_position_is_legal(p, a))
                    ck_abort_msg("%s '%s': strict %#x, lenient %s %#x", notation, text, a,
                                 bg_strerror(sb), b);
            }
        }
        bg_position_free(p);
    }
    ck_assert_int_gt(accepted, rounds / 400);
    ck_assert_int_gt(lenient_only, rounds / 400);
}
END_TEST

int main(void)
{
    return RUN_TESTS("notation-san", "vectors", -1, san_vectors, lan_uci_vectors, chess960_vectors,
                     strict_rejections, lenient_acceptances, lenient_still_refuses,
                     annotation_suffixes, lan_parse_rules, uci_parse_rules, any_notation_parse,
                     format_snprintf_contract, random_texts);
}
