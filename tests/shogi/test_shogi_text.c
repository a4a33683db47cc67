/* SFEN and USI for the shogi family: strict errors with offsets, lenient forms, canonical writing, every game's coordinates. */
#include <stdio.h>

#include "shogi_test_util.h"
#include "check_main.h"

#define START "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL"

typedef struct sfen_case {
    const char *variant, *text;
    unsigned flags;
    int code;
    int offset;        /* expected error offset; -1 = not checked */
    const char *canon; /* for BG_OK: the text written back (NULL = same as text) */
} sfen_case;

static const sfen_case sfen_cases[] = {
    {"shogi", START " b - 1", 0, BG_OK, -1, NULL},
    {"shogi", START " w - 123", 0, BG_OK, -1, NULL},
    /* syntax */
    {"shogi", "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSN b - 1", 0, BG_E_PARSE, 56, NULL},
    {"shogi", "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5Q1/LNSGKGSNL b - 1", 0, BG_E_PARSE, 45, NULL},
    {"shogi", "lnsgkgsnl/1r5b1/ppppppppp/45/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1", 0, BG_E_PARSE, 27, NULL},
    {"shogi", "lnsgkgsnl/1r5b1/ppppppppp/45/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1", BG_PARSE_LENIENT,
     BG_OK, -1, START " b - 1"},
    {"shogi", "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNS+GKGSNL b - 1", 0, BG_E_PARSE, 51, NULL},
    {"shogi", "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL/9 b - 1", 0, BG_E_PARSE, 57, NULL},
    {"shogi", "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL1 b - 1", 0, BG_E_PARSE, 57, NULL},
    {"shogi", START " x - 1", 0, BG_E_PARSE, 58, NULL},
    {"shogi", START " b - 0", 0, BG_E_PARSE, 62, NULL},
    {"shogi", START " b - 1x", 0, BG_E_PARSE, 63, NULL},
    {"shogi", START " b -", 0, BG_E_PARSE, 61, NULL},
    {"shogi", START " b -", BG_PARSE_LENIENT, BG_OK, -1, START " b - 1"},
    {"shogi", START " b - 1 extra", 0, BG_E_PARSE, 64, NULL},
    {"shogi", "sfen " START " b - 1", 0, BG_E_PARSE, -1, NULL},
    {"shogi", "sfen " START " b - 1", BG_PARSE_LENIENT, BG_OK, -1, START " b - 1"},
    /* hands: written in the canonical order R B G S N L P, sente first, counts from 2 */
    {"shogi", "4k4/9/9/9/9/9/9/9/4K4 b G2Prb3p 1", 0, BG_OK, -1, NULL},
    /*
    ** Any order has one reading; a piece named twice does not. Fairy-Stockfish 11.1 writes
    ** G N L P S R B: after `position sfen 4k4/9/9/9/9/9/9/9/4K4 b RBGSNLPrbgsnlp 1`, `d` prints
    ** the second line below.
    */
    {"shogi", "4k4/9/9/9/9/9/9/9/4K4 b 2PG3prb 1", 0, BG_OK, -1, "4k4/9/9/9/9/9/9/9/4K4 b G2Prb3p 1"},
    {"shogi", "4k4/9/9/9/9/9/9/9/4K4 b GNLPSRBgnlpsrb 1", 0, BG_OK, -1,
     "4k4/9/9/9/9/9/9/9/4K4 b RBGSNLPrbgsnlp 1"},
    {"shogi", "4k4/9/9/9/9/9/9/9/4K4 b GPpb 1", 0, BG_OK, -1, "4k4/9/9/9/9/9/9/9/4K4 b GPbp 1"},
    {"shogi", "4k4/9/9/9/9/9/9/9/4K4 b pG 1", 0, BG_OK, -1, "4k4/9/9/9/9/9/9/9/4K4 b Gp 1"},
    {"shogi", "4k4/9/9/9/9/9/9/9/4K4 b P2GP 1", 0, BG_E_PARSE, 27, NULL},
    {"shogi", "4k4/9/9/9/9/9/9/9/4K4 b P2GP 1", BG_PARSE_LENIENT, BG_OK, -1,
     "4k4/9/9/9/9/9/9/9/4K4 b 2G2P 1"},
    {"shogi", "4k4/9/9/9/9/9/9/9/4K4 b 1P 1", 0, BG_E_PARSE, 24, NULL},
    {"shogi", "4k4/9/9/9/9/9/9/9/4K4 b 1P 1", BG_PARSE_LENIENT, BG_OK, -1, "4k4/9/9/9/9/9/9/9/4K4 b P 1"},
    {"shogi", "4k4/9/9/9/9/9/9/9/4K4 b Pp2 1", 0, BG_E_PARSE, 27, NULL},
    {"shogi", "4k4/9/9/9/9/9/9/9/4K4 b K 1", 0, BG_E_PARSE, 24, NULL},
    {"shogi", "4k4/9/9/9/9/9/9/9/4K4 b 19P 1", 0, BG_E_INVALID_POSITION, -1, NULL},
    /* positions that cannot arise */
    {"shogi", "4k4/9/9/9/9/9/4P4/4P4/4K4 b - 1", 0, BG_E_INVALID_POSITION, -1, NULL},
    {"shogi", "P3k4/9/9/9/9/9/9/9/4K4 b - 1", 0, BG_E_INVALID_POSITION, 0, NULL},
    {"shogi", "4k4/N8/9/9/9/9/9/9/4K4 b - 1", 0, BG_E_INVALID_POSITION, 4, NULL},
    {"shogi", "4k4/9/9/9/9/9/9/9/4K3l w - 1", 0, BG_E_INVALID_POSITION, 21, NULL},
    {"shogi", "4k4/9/9/9/9/9/9/9/4KK3 b - 1", 0, BG_E_INVALID_POSITION, -1, NULL},
    /* no king: a tsume problem's attacker, or a set-up without kings (strict too) */
    {"shogi", "9/9/9/9/9/9/9/9/4K4 b - 1", 0, BG_OK, -1, NULL},
    {"shogi", "4k4/9/9/9/9/9/9/9/9 b G 1", 0, BG_OK, -1, NULL},
    {"shogi", "9/9/9/9/9/9/9/9/9 b - 1", 0, BG_OK, -1, NULL},
    {"shogi", "4k4/9/9/9/9/9/9/9/3KK4 b - 1", 0, BG_E_INVALID_POSITION, -1, NULL},
    {"minishogi", "2k2/5/5/5/5 b G 1", 0, BG_OK, -1, NULL},
    {"torishogi", "3k3/7/7/7/7/7/7 b F 1", 0, BG_OK, -1, NULL},
    {"shogi", "4k4/9/9/9/9/9/9/4r4/4K4 w - 1", 0, BG_E_INVALID_POSITION, -1, NULL},
    {"shogi", "4k4/9/9/9/9/9/9/4r4/4K4 b - 1", 0, BG_OK, -1, NULL},
    {"shogi", "4k4/9/9/9/9/9/9/4E4/4K4 b - 1", 0, BG_E_PARSE, 17, NULL},
    {"shogi", START " b - 1", 0, BG_OK, -1, NULL},
    /* the other games */
    {"minishogi", "rbsgk/4p/5/P4/KGSBR b - 1", 0, BG_OK, -1, NULL},
    {"minishogi", "rbsgk/4p/5/P4/KGSBRL b - 1", 0, BG_E_PARSE, 19, NULL},
    {"minishogi", "rbsgk/4p/5/P4/KGSBR b 3P 1", 0, BG_E_INVALID_POSITION, -1, NULL},
    {"torishogi", "rpckcpl/3f3/sssssss/2s1S2/SSSSSSS/3F3/LPCKCPR b - 1", 0, BG_OK, -1, NULL},
    {"torishogi", "k6/7/7/7/7/7/6K b FCPLRSfs 1", 0, BG_OK, -1, NULL},
    {"torishogi", "k6/7/7/7/7/7/6K b SF 1", 0, BG_OK, -1, "k6/7/7/7/7/7/6K b FS 1"},
    {"torishogi", "k6/7/3S3/3S3/3S3/7/6K b - 1", 0, BG_E_INVALID_POSITION, -1, NULL},
    {"torishogi", "k2S3/7/7/7/7/7/6K b - 1", 0, BG_E_INVALID_POSITION, 2, NULL},
    {"torishogi", "k6/7/7/7/7/7/6K b G 1", 0, BG_E_PARSE, 18, NULL},
    {"shoshogi", "lnsgkgsnl/1r2e2b1/ppppppppp/9/9/9/PPPPPPPPP/1B2E2R1/LNSGKGSNL b - 1", 0, BG_OK, -1, NULL},
    {"shoshogi", "4k4/9/9/9/9/9/9/4+E4/9 b - 1", 0, BG_OK, -1, NULL},
    {"shoshogi", "4k4/9/9/9/9/9/9/4+E4/4K4 b - 1", 0, BG_OK, -1, NULL},
    {"shoshogi", "4k4/9/9/9/9/9/9/4E4/9 b - 1", 0, BG_E_INVALID_POSITION, -1, NULL},
    {"shoshogi", "4k4/9/9/9/9/9/9/9/4K4 b P 1", 0, BG_E_INVALID_POSITION, 24, NULL},
    {"heianshogi", "lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/9/LNSGKGSNL b - 1", 0, BG_OK, -1, NULL},
    {"heianshogi", "lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/1R7/LNSGKGSNL b - 1", 0, BG_E_PARSE, 39, NULL},
    {"heianshogi", "4k4/9/9/9/4P4/4P4/9/9/4K4 b - 1", 0, BG_OK, -1, NULL},
};

START_TEST(sfen_table)
{
    const sfen_case *c = &sfen_cases[_i];
    bg_position *p = NULL;
    bg_error err = BG_ERROR_INIT;
    bg_status s = bg_position_from_text(&p, st_variant(c->variant), c->text, NULL, NULL, c->flags,
                                        NULL, &err);
    ck_assert_msg(s == c->code, "%s [%s]: status %d (%s), want %d", c->variant, c->text, s,
                  err.message, c->code);
    if (s != BG_OK) {
        ck_assert_ptr_null(p);
        ck_assert_msg(err.message[0] != 0, "no error message");
        if (c->offset >= 0)
            ck_assert_msg(err.offset == (size_t)c->offset, "[%s]: offset %zu, want %d (%s)",
                          c->text, err.offset, c->offset, err.message);
        return;
    }
    char out[256];
    st_sfen(p, out, sizeof out);
    ck_assert_str_eq(out, c->canon ? c->canon : c->text);
    bg_position_free(p);
}
END_TEST

START_TEST(sfen_snprintf)
{
    bg_position *p = st_pos("shogi", NULL, NULL);
    char small[10];
    int n = bg_position_text(p, NULL, small, sizeof small);
    ck_assert_int_eq(n, (int)strlen(START " b - 1"));
    ck_assert_str_eq(small, "lnsgkgsnl");
    ck_assert_int_eq(bg_position_text(p, NULL, NULL, 0), n);
    ck_assert_int_eq(bg_position_text(p, "sfen", NULL, 0), n);
    ck_assert_int_eq(bg_position_text(p, "fen", NULL, 0), BG_E_UNSUPPORTED);
    bg_position *q = NULL;
    ck_assert_int_eq(bg_position_from_text(&q, st_variant("shogi"), START " b - 1", "fen", NULL, 0,
                                           NULL, NULL),
                     BG_E_UNSUPPORTED);
    bg_position_free(p);
}
END_TEST

typedef struct usi_case {
    const char *variant, *sfen, *text;
    unsigned flags;
    int code, offset;
    const char *canon; /* for BG_OK: formatted back (NULL = text) */
} usi_case;

#define AFTER_76_34 "lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 3"

static const usi_case usi_cases[] = {
    {"shogi", NULL, "7g7f", 0, BG_OK, -1, NULL},
    {"shogi", NULL, "5i4h", 0, BG_OK, -1, NULL},
    {"shogi", AFTER_76_34, "8h2b+", 0, BG_OK, -1, NULL},
    {"shogi", AFTER_76_34, "8h2b", 0, BG_OK, -1, NULL},
    {"shogi", "4k4/9/9/9/9/9/9/9/4K4 b P 1", "P*5e", 0, BG_OK, -1, NULL},
    {"shogi", "4k4/9/9/9/9/9/9/9/4K4 b P 1", "p*5e", 0, BG_E_PARSE, 0, NULL},
    {"shogi", "4k4/9/9/9/9/9/9/9/4K4 b P 1", "p*5e", BG_PARSE_LENIENT, BG_OK, -1, "P*5e"},
    {"shogi", "4k4/9/9/9/9/9/9/9/4K4 b P 1", "G*5e", 0, BG_E_ILLEGAL_MOVE, 0, NULL},
    {"shogi", "4k4/9/9/9/9/9/9/9/4K4 b P 1", "+P*5e", 0, BG_E_PARSE, 0, NULL},
    {"shogi", "4k4/9/9/9/9/9/9/9/4K4 b P 1", "Q*5e", 0, BG_E_PARSE, 0, NULL},
    {"shogi", "4k4/9/9/9/9/9/9/9/4K4 b P 1", "P*5j", 0, BG_E_PARSE, 3, NULL},
    {"shogi", NULL, "7g7f+", 0, BG_E_ILLEGAL_MOVE, 0, NULL},
    {"shogi", NULL, "7g7e", 0, BG_E_ILLEGAL_MOVE, 0, NULL},
    {"shogi", NULL, "7g7", 0, BG_E_PARSE, 3, NULL},
    {"shogi", NULL, "0g7f", 0, BG_E_PARSE, 0, NULL},
    {"shogi", NULL, "7j7f", 0, BG_E_PARSE, 1, NULL},
    {"shogi", NULL, "7g7fx", 0, BG_E_PARSE, 4, NULL},
    {"shogi", NULL, " 7g7f", 0, BG_E_PARSE, 0, NULL},
    {"shogi", NULL, " 7g7f\n", BG_PARSE_LENIENT, BG_OK, -1, "7g7f"},
    {"shogi", NULL, "", 0, BG_E_PARSE, 0, NULL},
    {"minishogi", NULL, "5e4d", 0, BG_OK, -1, NULL},
    {"minishogi", NULL, "1e1b", 0, BG_OK, -1, NULL},
    {"minishogi", NULL, "6e5d", 0, BG_E_PARSE, 0, NULL},
    {"minishogi", NULL, "5f5d", 0, BG_E_PARSE, 1, NULL},
    {"torishogi", NULL, "4e4d", 0, BG_OK, -1, NULL},
    {"torishogi", NULL, "5g6f", 0, BG_OK, -1, NULL},
    {"torishogi", "k6/7/7/7/7/7/6K b FCPLRS 1", "F*4d", 0, BG_OK, -1, NULL},
    {"torishogi", "k6/7/7/7/7/7/6K b FCPLRS 1", "R*4d", 0, BG_OK, -1, NULL},
    {"torishogi", "k6/7/7/7/7/7/6K b FCPLRS 1", "S*4d", 0, BG_OK, -1, NULL},
    {"torishogi", "k6/7/7/7/7/7/6K b FCPLRS 1", "E*4d", 0, BG_E_PARSE, 0, NULL},
    {"torishogi", "k6/7/3S3/7/7/7/6K b - 1", "4c4b+", 0, BG_OK, -1, NULL},
    {"torishogi", "k6/7/3S3/7/7/7/6K b - 1", "4c4b", 0, BG_E_ILLEGAL_MOVE, 0, NULL},
    {"torishogi", NULL, "8g7f", 0, BG_E_PARSE, 0, NULL},
    {"shoshogi", NULL, "5h6h", 0, BG_OK, -1, NULL},
    {"shoshogi", "4k4/9/9/4E4/9/9/9/9/K8 b - 1", "5d5c+", 0, BG_OK, -1, NULL},
    {"heianshogi", "4k4/9/9/4P4/9/9/9/9/4K4 b - 1", "5d5c+", 0, BG_OK, -1, NULL},
    {"heianshogi", "4k4/9/9/4P4/9/9/9/9/4K4 b - 1", "5d5c", 0, BG_E_ILLEGAL_MOVE, 0, NULL},
};

START_TEST(usi_table)
{
    const usi_case *c = &usi_cases[_i];
    bg_position *p = st_pos(c->variant, c->sfen, NULL);
    bg_move m = 0;
    bg_error err = BG_ERROR_INIT;
    bg_status s = bg_move_parse(p, c->text, "usi", c->flags, &m, &err);
    ck_assert_msg(s == c->code, "%s '%s': status %d (%s), want %d", c->variant, c->text, s,
                  err.message, c->code);
    if (s != BG_OK) {
        ck_assert_int_eq(m, BG_MOVE_NONE);
        if (c->offset >= 0)
            ck_assert_msg(err.offset == (size_t)c->offset, "'%s': offset %zu, want %d (%s)",
                          c->text, err.offset, c->offset, err.message);
    } else {
        char out[16];
        ck_assert_int_gt(bg_move_format(p, m, "usi", out, sizeof out), 0);
        ck_assert_str_eq(out, c->canon ? c->canon : c->text);
        /* "uci" is the same notation (docs/cli.md); no notation named tries USI first. */
        bg_move m2 = 0, m3 = 0;
        ck_assert_int_eq(bg_move_parse(p, out, "uci", 0, &m2, NULL), BG_OK);
        ck_assert_int_eq(bg_move_parse(p, out, NULL, 0, &m3, NULL), BG_OK);
        ck_assert_int_eq(m2, m);
        ck_assert_int_eq(m3, m);
        char out2[16];
        ck_assert_int_gt(bg_move_format(p, m, "uci", out2, sizeof out2), 0);
        ck_assert_str_eq(out2, out);
    }
    bg_position_free(p);
}
END_TEST

/* Drop and promotion moves carry the public kinds (move.h): drop kind = piece dropped, promotion kind = piece after. */
START_TEST(usi_move_values)
{
    const bg_variant *v = st_variant("torishogi");
    bg_position *p = st_pos("torishogi", "k6/7/3S3/7/7/7/6K b F 1", NULL);
    bg_move m;
    ck_assert_int_eq(bg_move_parse(p, "F*4d", "usi", 0, &m, NULL), BG_OK);
    ck_assert(bg_move_is_drop(m));
    ck_assert_str_eq(bg_variant_piece_letter(v, bg_move_kind(m)), "F");
    ck_assert_int_eq(bg_move_to(m), bg_square(v, 3, 3));
    ck_assert_int_eq(bg_move_parse(p, "4c4b+", "usi", 0, &m, NULL), BG_OK);
    ck_assert(bg_move_is_promotion(m));
    ck_assert_str_eq(bg_variant_piece_letter(v, bg_move_kind(m)), "+S");
    ck_assert_str_eq(bg_variant_piece_name(v, bg_move_kind(m)), "goose");
    char buf[4];
    ck_assert_int_eq(bg_move_format(p, m, "usi", buf, sizeof buf), 5); /* snprintf convention */
    ck_assert_str_eq(buf, "4c4");
    ck_assert_int_eq(bg_move_format(p, bg_move_make(0, 1, 0), "usi", buf, sizeof buf),
                     BG_E_ILLEGAL_MOVE);
    bg_position_free(p);
}
END_TEST

/*
** Robustness: valid texts with a few random byte changes. Whatever parses must write back a text
** that parses to the same position, and must be playable; nothing may crash (ASan/valgrind runs).
*/
START_TEST(mutations)
{
    static const struct {
        const char *variant, *text;
    } seeds[] = {
        {"shogi", "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1"},
        {"shogi", "R8/2K1S1SSk/4B4/9/9/9/9/9/1L1L1L3 b RBGSNLP3g3n17p 1"},
        {"minishogi", "rbsgk/4p/5/P4/KGSBR b - 1"},
        {"torishogi", "rpckcpl/3f3/sssssss/2s1S2/SSSSSSS/3F3/LPCKCPR b Ss 12"},
        {"shoshogi", "lnsgkgsnl/1r2e2b1/ppppppppp/9/9/9/PPPPPPPPP/1B2+E2R1/LNSGKGSNL b - 1"},
        {"heianshogi", "lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/9/LNSGKGSNL w - 7"},
    };
    static const char alphabet[] = "0123456789/+-* bwkKpPlLnNsSgGbBrReEfFcC\t";
    uint64_t x = 0x9e3779b97f4a7c15ULL;
    long parsed = 0, total = 20000 / (long)st_reduce();
    for (long k = 0; k < total; k++) {
        char text[160];
        int which = (int)(k % (long)(sizeof seeds / sizeof seeds[0]));
        size_t len = strlen(seeds[which].text);
        memcpy(text, seeds[which].text, len + 1);
        for (int m = 0; m < 1 + (int)(k % 3); m++) {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            size_t at = (size_t)(x % len);
            int op = (int)((x >> 20) % 3);
            char c = alphabet[(x >> 32) % (sizeof alphabet - 1)];
            if (op == 0) {
                text[at] = c;
            } else if (op == 1 && len > 1) {
                memmove(text + at, text + at + 1, len - at);
                len--;
            } else if (len + 1 < sizeof text) {
                memmove(text + at + 1, text + at, len - at + 1);
                text[at] = c;
                len++;
            }
        }
        for (unsigned flags = 0; flags <= BG_PARSE_LENIENT; flags++) {
            bg_position *p = NULL;
            bg_error err = BG_ERROR_INIT;
            const bg_variant *v = st_variant(seeds[which].variant);
            bg_status st = bg_position_from_text(&p, v, text, NULL, NULL, flags, NULL, &err);
            if (st != BG_OK) {
                ck_assert_msg(st == BG_E_PARSE || st == BG_E_INVALID_POSITION, "[%s]: status %d",
                              text, st);
                ck_assert_msg(err.offset <= strlen(text), "[%s]: offset %zu beyond the text",
                              text, err.offset);
                continue;
            }
            parsed++;
            char out[256], again[256];
            st_sfen(p, out, sizeof out);
            bg_position *q = st_pos(seeds[which].variant, out, NULL);
            st_sfen(q, again, sizeof again);
            ck_assert_str_eq(again, out);
            ck_assert_uint_eq(bg_position_hash(q), bg_position_hash(p));
            bg_move moves[ST_MAX_MOVES];
            int n = bg_position_legal_moves(p, moves, ST_MAX_MOVES);
            ck_assert_uint_eq(bg_position_perft(p, 1), (uint64_t)n);
            if (n > 0) {
                char usi[16];
                bg_move back = 0;
                ck_assert_int_gt(bg_move_format(p, moves[n / 2], "usi", usi, sizeof usi), 0);
                /* The USI parser on mangled move text: never a crash, never a different move. */
                usi[k % 4] = alphabet[k % (sizeof alphabet - 1)];
                if (bg_move_parse(p, usi, "usi", 0, &back, NULL) == BG_OK)
                    ck_assert(bg_position_is_legal(p, back));
                ck_assert_int_eq(bg_position_play(q, moves[n / 2]), BG_OK);
            }
            bg_position_free(q);
            bg_position_free(p);
        }
    }
    fprintf(stderr, "# %ld mutated texts, %ld parsed\n", total * 2, parsed);
    ck_assert_int_gt(parsed, total / 200); /* the mutations must not all be refused */
}
END_TEST

int main(void)
{
    TCase *tc = one_case("shogi-text", "text", -1);
    tcase_add_loop_test(tc, sfen_table, 0, (int)(sizeof sfen_cases / sizeof sfen_cases[0]));
    tcase_add_test(tc, sfen_snprintf);
    tcase_add_loop_test(tc, usi_table, 0, (int)(sizeof usi_cases / sizeof usi_cases[0]));
    ADD_TESTS(tc, usi_move_values, mutations);
    return run_cases();
}
