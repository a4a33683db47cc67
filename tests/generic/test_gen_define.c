/*
** Definitions (suite unit): the variant-set API, errors with their lines (unknown and unsupported
** keys, bad values, malformed Betza, impossible boards, missing royals), inheritance, each Betza
** feature against a hand-written engine (pieces of chess, xiangqi, shogi and lion chess defined
** in Betza give the built-in perft), 26x26 boards, results, records, allocation failures.
** Usage: test_gen_define DEFS_DIR
*/
#include <check.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include <boardgames/boardgames.h>

#include "alloc_util.h"
#include "gen_test_util.h"
#include "check_main.h"
#include "define_check.h"

static const char *defs_dir;

static uint64_t perft_of(const bg_variant *v, const char *fen, int depth)
{
    bg_position *p = NULL;
    bg_error e = BG_ERROR_INIT;
    bg_status st = fen ? bg_position_from_text(&p, v, fen, NULL, NULL, 0, NULL, &e)
                       : bg_position_new(&p, v, NULL, NULL, &e);
    ck_assert_msg(st == BG_OK, "position refused: %s", e.message);
    uint64_t n = bg_position_perft(p, depth);
    bg_position_free(p);
    return n;
}

/* ---------- the API ---------- */

START_TEST(set_api)
{
    size_t len;
    char path[4096];
    snprintf(path, sizeof path, "%s/makruk.ini", defs_dir);
    char *text = gt_read_file(path, &len);
    ck_assert_ptr_nonnull(text);
    bg_variant_set *s = new_set();
    ck_assert_int_eq(bg_variant_set_count(s), 0);
    ck_assert_int_eq(bg_variant_define(s, text, len, NULL), BG_OK);
    free(text);
    ck_assert_int_eq(bg_variant_set_count(s), 1);
    const bg_variant *v = bg_variant_set_at(s, 0);
    ck_assert_ptr_eq(bg_variant_set_find(s, "makruk"), v);
    ck_assert_ptr_null(bg_variant_set_find(s, "chess"));
    ck_assert_ptr_null(bg_variant_set_at(s, 1));
    ck_assert_str_eq(bg_variant_id(v), "makruk");
    ck_assert_int_eq(bg_variant_width(v), 8);
    ck_assert_int_eq(bg_variant_is_defined(v), 1);
    ck_assert_int_eq(bg_variant_is_defined(bg_variant_find("chess")), 0);
    ck_assert_str_eq(bg_variant_start_text(v), "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1");
    ck_assert_str_eq(bg_variant_notation_at(v, 0), "san");
    ck_assert_str_eq(bg_variant_record_format_at(v, 0), "pgn");
    /* Kinds: the types in definition order, pawns' promoted form last. */
    ck_assert_int_eq(bg_variant_piece_kinds(v), 6);
    ck_assert_str_eq(bg_variant_piece_letter(v, 1), "P");
    ck_assert_str_eq(bg_variant_piece_name(v, 3), "rook");
    /* A second call adds more; a name may not come twice. */
    const char *more = "[makrukhouse:makruk]\npieceDrops = true\ncapturesToHand = true\n";
    ck_assert_int_eq(bg_variant_define(s, more, strlen(more), NULL), BG_OK);
    ck_assert_int_eq(bg_variant_set_count(s), 2);
    ck_assert_int_eq(bg_variant_has_drops(bg_variant_set_find(s, "makrukhouse")), 1);
    bg_error e = BG_ERROR_INIT;
    ck_assert_int_eq(bg_variant_define(s, more, strlen(more), &e), BG_E_PARSE);
    ck_assert_int_eq(e.line, 1);
    ck_assert_ptr_nonnull(strstr(e.message, "already defined"));
    ck_assert_int_eq(bg_variant_set_count(s), 2);
    /* The built-in parents. */
    int found = 0;
    for (int i = 0; i < bg_variant_define_parent_count(); i++)
        found += !strcmp(bg_variant_define_parent_at(i), "chess") +
                 !strcmp(bg_variant_define_parent_at(i), "makruk");
    ck_assert_int_eq(found, 2);
    ck_assert_ptr_null(bg_variant_define_parent_at(-1));
    ck_assert_int_eq(bg_variant_define(NULL, "", 0, NULL), BG_E_INVALID_ARGUMENT);
    bg_variant_set_free(s);
    bg_variant_set_free(NULL);
}
END_TEST

START_TEST(all_or_nothing)
{
    bg_variant_set *s = new_set();
    const char *text = "[good:chess]\n\n[bad:chess]\nqueen = q:Xyz\n";
    bg_error e = BG_ERROR_INIT;
    ck_assert_int_eq(bg_variant_define(s, text, strlen(text), &e), BG_E_PARSE);
    ck_assert_int_eq(e.line, 4);
    ck_assert_int_eq(bg_variant_set_count(s), 0);
    ck_assert_ptr_null(bg_variant_set_find(s, "good"));
    bg_variant_set_free(s);
}
END_TEST

/* ---------- errors ---------- */

START_TEST(errors)
{
    define_fails("[v:chess]\nfoo = 1\n", BG_E_UNSUPPORTED, 2, "unknown key 'foo'");
    define_fails("[v:chess]\n# comment\ngating = true\n", BG_E_UNSUPPORTED, 3, "'gating' is not supported");
    define_fails("[v:chess]\ncastling = maybe\n", BG_E_PARSE, 2, "not true or false");
    define_fails("[v:chess]\nmaxFile = 27\n", BG_E_PARSE, 2, "impossible");
    define_fails("[v:chess]\nmaxRank = 0\n", BG_E_PARSE, 2, "impossible");
    define_fails("[v:chess]\ncustomPiece1 = a:Xz\n", BG_E_PARSE, 2, "Betza");
    define_fails("[v:chess]\ncustomPiece1 = a:pN\n", BG_E_PARSE, 2, "hoppers");
    define_fails("[v:chess]\ncustomPiece1 = a:nR\n", BG_E_PARSE, 2, "lame");
    define_fails("[v:chess]\ncustomPiece1 = a\n", BG_E_PARSE, 2, "letter:Betza");
    define_fails("[v:chess]\nknight = x\nbishop = x\n", BG_E_PARSE, 3, "both use the letter X");
    /* knight = b takes the bishop's letter: the bishop leaves, and the knights' n is no piece. */
    define_fails("[v:chess]\nknight = b\n", BG_E_PARSE, 1, "'n' is not a piece");
    define_fails("[v:chess]\nstartFen = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w - - 0 1\n",
                 BG_E_INVALID_POSITION, 2, "one king per side");
    define_fails("[v:chess]\n\nstartFen = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w - - 0 1\n",
                 BG_E_PARSE, 3, "'X' is not a piece");
    define_fails("[v:nosuchparent]\n", BG_E_UNKNOWN_VARIANT, 1, "unknown parent 'nosuchparent'");
    define_fails("[v:janggi]\n", BG_E_UNSUPPORTED, 1, "cannot express");
    define_fails("[chess]\npawn = p\n", BG_E_PARSE, 1, "built-in variant");
    define_fails("[a:chess]\n[a:chess]\n", BG_E_PARSE, 2, "already defined");
    define_fails("pawn = p\n", BG_E_PARSE, 1, "outside a [section]");
    define_fails("[v:chess\n", BG_E_PARSE, 1, "without ']'");
    define_fails("[v:chess]\njust text\n", BG_E_PARSE, 2, "key = value");
    define_fails("[v:chess]\npromotionPieceTypes = qx\n", BG_E_PARSE, 2, "'x' is not the letter");
    define_fails("[v:chess]\nwhiteDropRegion = e4 z99\n", BG_E_PARSE, 2, "list of squares");
    define_fails("[v:chess]\nnMoveRule = -3\n", BG_E_PARSE, 2, "number");
    define_fails("", BG_E_PARSE, 0, "no [section]");
    /* A key set to the default of an unsupported feature is harmless. */
    bg_variant_set *s = define_ok("[v:chess]\ngating = false\ntwoBoards = false\npocketSize = 4\n");
    ck_assert_uint_eq(perft_of(bg_variant_set_at(s, 0), NULL, 3), 8902);
    bg_variant_set_free(s);
}
END_TEST

/* ---------- Betza pieces give the hand-written engines' perft ---------- */

START_TEST(betza_chess)
{
    /* N, B, WR (W and R overlap: each target once), QK, and the castling rook as a custom piece. */
    bg_variant_set *s = define_ok("[betza-chess:chess]\nknight = -\nbishop = -\nrook = -\nqueen = -\n"
                                  "customPiece1 = n:N\ncustomPiece2 = b:B\ncustomPiece3 = r:WR\n"
                                  "customPiece4 = q:QK\npromotionPieceTypes = nbrq\n"
                                  "castlingRookPiece = r\n");
    const bg_variant *v = bg_variant_set_at(s, 0), *chess = bg_variant_find("chess");
    ck_assert_uint_eq(perft_of(v, NULL, 4), perft_of(chess, NULL, 4));
    const char *kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    ck_assert_uint_eq(perft_of(v, kiwipete, 3), 97862);
    bg_variant_set_free(s);
}
END_TEST

START_TEST(betza_pawns)
{
    /* Custom pawns with an initial lame double step (ifmnD) and divergent move and capture: no
    ** promotion and no en passant can happen within four plies, so chess's perft is theirs. */
    bg_variant_set *s = define_ok("[betza-pawns:chess]\npawn = -\ncustomPiece1 = p:ifmnDfmWfcF\n");
    ck_assert_uint_eq(perft_of(bg_variant_set_at(s, 0), NULL, 4), 197281);
    bg_variant_set_free(s);
}
END_TEST

START_TEST(betza_ranges)
{
    /* A rook limited to two steps (R2) moves as a wazir plus a lame dabbaba (WnD). */
    bg_variant_set *s = define_ok("[r2:chess]\nrook = -\ncustomPiece1 = r:R2\ncastling = false\n"
                                  "startFen = r3k2r/8/8/8/8/8/8/R3K2R w - - 0 1\n"
                                  "[wnd:r2]\ncustomPiece1 = r:WnD\n");
    uint64_t a = perft_of(bg_variant_set_at(s, 0), NULL, 4), b = perft_of(bg_variant_set_at(s, 1), NULL, 4);
    ck_assert_uint_eq(a, b);
    ck_assert_uint_gt(a, 0);
    bg_variant_set_free(s);
}
END_TEST

START_TEST(betza_xiangqi)
{
    /* Horse nN and elephant nA (lame leapers), cannon mRcpR (hopper capture), chariot R, in Betza. */
    bg_variant_set *s = define_ok(
        "[bx:xiangqi]\nrook = -\nhorse = -\nelephant = -\ncannon = -\n"
        "customPiece1 = r:R\ncustomPiece2 = n:nN\ncustomPiece3 = b:nA\ncustomPiece4 = c:mRcpR\n"
        "mobilityRegionWhiteCustomPiece3 = *1 *2 *3 *4 *5\n"
        "mobilityRegionBlackCustomPiece3 = *6 *7 *8 *9 *10\n");
    const bg_variant *v = bg_variant_set_at(s, 0), *xq = bg_variant_find("xiangqi");
    ck_assert_uint_eq(perft_of(v, NULL, 4), perft_of(xq, NULL, 4));
    const char *mid = "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1";
    ck_assert_uint_eq(perft_of(v, mid, 3), perft_of(xq, mid, 3));
    bg_variant_set_free(s);
}
END_TEST

START_TEST(betza_lionchess)
{
    /* Lion chess: xiangqi on 11 files with a lion that rides diagonally (B). */
    bg_variant_set *s = define_ok(
        "[bl:xiangqi]\nmaxFile = 11\ncustomPiece1 = l:B\n"
        "startFen = rnlbakablnr/11/1c7c1/p1p2p2p1p/11/11/P1P2P2P1P/1C7C1/11/RNLBAKABLNR w - - 0 1\n"
        "mobilityRegionWhiteKing = e1 f1 g1 e2 f2 g2 e3 f3 g3\n"
        "mobilityRegionBlackKing = e8 f8 g8 e9 f9 g9 e10 f10 g10\n"
        "mobilityRegionWhiteFers = e1 f1 g1 e2 f2 g2 e3 f3 g3\n"
        "mobilityRegionBlackFers = e8 f8 g8 e9 f9 g9 e10 f10 g10\n");
    ck_assert_uint_eq(perft_of(bg_variant_set_at(s, 0), NULL, 3), 152072);
    ck_assert_uint_eq(perft_of(bg_variant_find("lionchess"), NULL, 3), 152072);
    bg_variant_set_free(s);
}
END_TEST

START_TEST(betza_shogi)
{
    /* Gold WfF, silver FfW, lance fR, knight fN and the promoted rook and bishop in Betza. */
    bg_variant_set *s = define_ok(
        "[bs:shogi]\ngold = -\nsilver = -\nlance = -\nshogiKnight = -\ndragonHorse = -\nbers = -\n"
        "customPiece1 = g:WfF\ncustomPiece2 = s:FfW\ncustomPiece3 = l:fR\ncustomPiece4 = n:fN\n"
        "customPiece5 = h:BW\ncustomPiece6 = d:RF\npromotedPieceType = p:g l:g n:g s:g b:h r:d\n");
    const bg_variant *v = bg_variant_set_at(s, 0), *sh = bg_variant_find("shogi");
    ck_assert_uint_eq(perft_of(v, NULL, 4), perft_of(sh, NULL, 4));
    bg_variant_set_free(s);
}
END_TEST

/* Moves of a position as uci text joined by spaces, sorted. */
static void uci_list(const bg_position *p, char *out, size_t cap)
{
    bg_move m[256];
    char t[256][16];
    int n = bg_position_legal_moves(p, m, 256);
    for (int i = 0; i < n; i++)
        bg_move_format(p, m[i], "uci", t[i], sizeof t[i]);
    qsort(t, (size_t)n, sizeof t[0], (int (*)(const void *, const void *))strcmp);
    out[0] = 0;
    for (int i = 0; i < n; i++)
        snprintf(out + strlen(out), cap - strlen(out), "%s%s", i ? " " : "", t[i]);
}

START_TEST(betza_grasshopper_nightrider)
{
    /* A grasshopper (gQ) lands right behind the first piece in each line; a nightrider (NN). */
    bg_variant_set *s = define_ok("[g]\nking = k\ncustomPiece1 = g:gQ\ncustomPiece2 = z:NN\n"
                                  "castling = false\nstartFen = 8/8/3p4/8/1P1G4/8/8/K6k w - - 0 1\n"
                                  "pawn = p\ndoubleStep = false\n");
    bg_position *p = NULL;
    ck_assert_int_eq(bg_position_new(&p, bg_variant_set_at(s, 0), NULL, NULL, NULL), BG_OK);
    char list[2048];
    uci_list(p, list, sizeof list);
    /* Grasshopper d4: over d6 to d7 (captures nothing: empty), over b4 to a4, over the king? no
    ** piece elsewhere. Pawn b5; king a2 b1 b2. */
    ck_assert_str_eq(list, "a1a2 a1b1 a1b2 b4b5 d4a4 d4d7");
    bg_position_free(p);
    p = NULL;
    ck_assert_int_eq(bg_position_from_text(&p, bg_variant_set_at(s, 0), "7k/8/8/8/8/8/8/Z6K w - - 0 1",
                                           NULL, NULL, 0, NULL, NULL), BG_OK);
    uci_list(p, list, sizeof list);
    /* Nightrider a1 on an empty board: b3 c5 d7, c2 e3 g4 (then off the board). */
    ck_assert_str_eq(list, "a1b3 a1c2 a1c5 a1d7 a1e3 a1g4 h1g1 h1g2 h1h2");
    bg_position_free(p);
    bg_variant_set_free(s);
}
END_TEST

START_TEST(betza_region_riders)
{
    /* Riders kept to a mobility region keep their own move and capture: the move-only mQ may not
    ** take a4 or d4, the capture-only cR takes h4 (in the region) but not g8 (outside it). The
    ** list is ffish.js 0.7.10's (Fairy-Stockfish) for this definition. */
    bg_variant_set *s = define_ok("[rr]\nking = k\npawn = p\ndoubleStep = false\ncastling = false\n"
                                  "customPiece1 = d:mQ\ncustomPiece2 = c:cR\n"
                                  "mobilityRegionWhiteCustomPiece1 = *1 *2 *3 *4\n"
                                  "mobilityRegionWhiteCustomPiece2 = *1 *2 *3 *4\n"
                                  "startFen = k5c1/8/8/8/p2p3p/5K2/7C/D5C1 w - - 0 1\n");
    bg_position *p = NULL;
    ck_assert_int_eq(bg_position_new(&p, bg_variant_set_at(s, 0), NULL, NULL, NULL), BG_OK);
    char list[2048];
    uci_list(p, list, sizeof list);
    ck_assert_str_eq(list, "a1a2 a1a3 a1b1 a1b2 a1c1 a1c3 a1d1 a1e1 a1f1 f3e2 f3e4 f3f2 f3f4 h2h4");
    bg_position_free(p);
    bg_variant_set_free(s);
    /* Fairy-Stockfish's variants.ini [buffalo] (GPL-3.0), perft 3 by ffish.js 0.7.10: 35998. */
    s = define_ok("[buffalo]\npieceToCharTable = B...D................Cb...d................c\n"
                  "maxRank = 7\nmaxFile = k\ncustomPiece1 = b:mfW\ncustomPiece2 = c:K\n"
                  "customPiece3 = d:mQ\nstartFen = bbbbbbbbbbb/11/11/11/11/3DDCDD3/11 w - - 0 1\n"
                  "flagPiece = b\nflagRegionBlack = *1\n"
                  "mobilityRegionWhiteCustomPiece2 = *2 *3 *4 *5 *6\n"
                  "mobilityRegionWhiteCustomPiece3 = *2 *3 *4 *5 *6\nstalemateValue = loss\n");
    ck_assert_uint_eq(perft_of(bg_variant_set_at(s, 0), NULL, 3), 35998);
    bg_variant_set_free(s);
}
END_TEST

START_TEST(letter_taken_over)
{
    /* Fairy-Stockfish's [1d-chess] and [argess] (its variants.ini, GPL-3.0): a custom piece with
    ** the letter of an inherited piece replaces it (the knight, the pawn), and a startFen without
    ** clocks or en-passant field is read as Fairy-Stockfish reads it. Perft 3 by ffish.js 0.7.10. */
    bg_variant_set *s = define_ok("[1d-chess:chess]\nmaxRank = 1\nmaxFile = h\ncustomPiece1 = n:D\n"
                                  "startFen = KNR2rnk w\n"
                                  "[argess:chess]\npawnTypes = p\ncustomPiece1 = p:mWcF\n"
                                  "startFen = rppppnbk/6qb/7n/7p/PPPP3p/RNPP3p/BQNP3p/KBRP3r b 0 1\n"
                                  "castling = false\npromotionRegionWhite = g8 h8 h7\n"
                                  "promotionRegionBlack = a1 a2 b1\n");
    ck_assert_uint_eq(perft_of(bg_variant_set_at(s, 0), NULL, 3), 18);
    ck_assert_uint_eq(perft_of(bg_variant_set_at(s, 1), NULL, 3), 24982);
    ck_assert_str_eq(bg_variant_start_text(bg_variant_set_at(s, 0)), "KNR2rnk w - - 0 1");
    bg_variant_set_free(s);
}
END_TEST

START_TEST(double_step_region_en_passant)
{
    /* Fairy-Stockfish's [semitorpedo]: pawns double-step from ranks 2 and 3, and a double step
    ** from rank 3 may be taken en passant too (a2a3 b7b5 a3a5: b5xa4). Perft 4 by ffish.js
    ** 0.7.10: 203775 (203761 when only rank 2 gave an en-passant square). */
    bg_variant_set *s = define_ok("[semitorpedo:chess]\ndoubleStepRegionWhite = *2 *3\n"
                                  "doubleStepRegionBlack = *7 *6\n");
    const bg_variant *v = bg_variant_set_at(s, 0);
    ck_assert_uint_eq(perft_of(v, NULL, 4), 203775);
    bg_game *g = NULL;
    ck_assert_int_eq(bg_game_new(&g, v, NULL, NULL, NULL), BG_OK);
    static const char *const line[] = {"a2a3", "b7b5", "a3a5", "b5a4"};
    for (int i = 0; i < 4; i++)
        ck_assert_int_eq(bg_game_play_text(g, line[i], "uci", 0), BG_OK);
    bg_game_free(g);
    bg_variant_set_free(s);
}
END_TEST

/* ---------- big boards ---------- */

START_TEST(board_26x26)
{
    bg_variant_set *s = define_ok("[big]\nmaxFile = z\nmaxRank = 26\nking = k\nrook = r\ncastling = false\n"
                                  "startFen = 25k/26/26/26/26/26/26/26/26/26/26/26/26/12R13/26/26/26/26/26/26/26/26/26/26/26/K25 w - - 0 1\n");
    const bg_variant *v = bg_variant_set_at(s, 0);
    ck_assert_int_eq(bg_variant_width(v), 26);
    ck_assert_int_eq(bg_variant_height(v), 26);
    bg_position *p = NULL;
    ck_assert_int_eq(bg_position_new(&p, v, NULL, NULL, NULL), BG_OK);
    /* King a1: 3 moves; rook m13: 25 + 25. */
    bg_move m[256];
    int n = bg_position_legal_moves(p, m, 256), high = 0;
    ck_assert_int_eq(n, 53);
    for (int i = 0; i < n; i++) {
        char t[16];
        bg_move back;
        high |= bg_move_to(m[i]) >= 512;
        ck_assert_int_gt(bg_move_format(p, m[i], "uci", t, sizeof t), 0);
        ck_assert_int_eq(bg_move_parse(p, t, "uci", 0, &back, NULL), BG_OK);
        ck_assert_uint_eq(back, m[i]);
        ck_assert_uint_eq(bg_move_make(bg_move_from(m[i]), bg_move_to(m[i]), 0), m[i]);
    }
    ck_assert_int_eq(high, 1);
    bg_move up;
    ck_assert_int_eq(bg_move_parse(p, "m13m26", "uci", 0, &up, NULL), BG_OK);
    ck_assert_int_eq(bg_move_to(up), 25 * 26 + 12);
    ck_assert_int_eq(bg_position_play(p, up), BG_OK);
    ck_assert_int_eq(bg_position_in_check(p), 1); /* the rook on the 26th rank checks z26 */
    ck_assert_int_eq(bg_position_legal_moves(p, NULL, 0), 2);
    char text[512];
    ck_assert_int_gt(bg_position_text(p, NULL, text, sizeof text), 0);
    ck_assert_ptr_nonnull(strstr(text, "12R12k"));
    ck_assert_uint_eq(perft_of(v, NULL, 1), 53);
    bg_position_free(p);
    bg_variant_set_free(s);
}
END_TEST

/* ---------- results ---------- */

static bg_game *game_of(const bg_variant *v, const char *fen)
{
    bg_game *g = NULL;
    bg_error e = BG_ERROR_INIT;
    bg_status st = fen ? bg_game_new_from_text(&g, v, fen, NULL, NULL, 0, NULL, &e)
                       : bg_game_new(&g, v, NULL, NULL, &e);
    ck_assert_msg(st == BG_OK, "%s", e.message);
    return g;
}

static void play(bg_game *g, const char *moves)
{
    char buf[1024];
    snprintf(buf, sizeof buf, "%s", moves);
    for (char *t = strtok(buf, " "); t; t = strtok(NULL, " "))
        ck_assert_msg(bg_game_play_text(g, t, NULL, 0) == BG_OK, "move %s: %s", t, bg_game_errmsg(g));
}

START_TEST(results)
{
    bg_variant_set *s = gt_load_dir(defs_dir);
    /* Checkmate (fool's mate). */
    bg_game *g = game_of(bg_variant_set_find(s, "generic-chess"), NULL);
    play(g, "f3 e5 g4 Qh4#");
    ck_assert_int_eq(bg_game_outcome(g), BG_WIN);
    ck_assert_int_eq(bg_game_reason(g), BG_REASON_CHECKMATE);
    ck_assert_uint_eq(bg_game_winners(g), 2);
    bg_game_free(g);
    /* Threefold repetition draws by Fairy-Stockfish's rules. */
    g = game_of(bg_variant_set_find(s, "generic-chess"), NULL);
    play(g, "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8");
    ck_assert_int_eq(bg_game_outcome(g), BG_DRAW);
    ck_assert_int_eq(bg_game_reason(g), BG_REASON_REPETITION);
    bg_game_free(g);
    /* Shatranj: the side left with a bare king loses at once. */
    g = game_of(bg_variant_set_find(s, "shatranj"), "4k3/8/8/8/8/8/P7/R2rK3 w - - 0 1");
    play(g, "Rxd1");
    ck_assert_int_eq(bg_game_outcome(g), BG_WIN);
    ck_assert_int_eq(bg_game_reason(g), BG_REASON_BARE_KING);
    ck_assert_uint_eq(bg_game_winners(g), 1);
    bg_game_free(g);
    /* Dobutsu: a lion on the far rank, not taken, wins. */
    g = game_of(bg_variant_set_find(s, "dobutsu"), "3/2l/L2/3[] w - - 0 1");
    ck_assert_int_eq(bg_game_play_text(g, "a2b2", "uci", 0), BG_E_ILLEGAL_MOVE); /* into check */
    play(g, "a2a3");
    ck_assert_int_eq(bg_game_outcome(g), BG_ONGOING);
    play(g, "c3c2 a3a4");
    ck_assert_int_eq(bg_game_outcome(g), BG_WIN);
    ck_assert_int_eq(bg_game_reason(g), BG_REASON_TRY);
    ck_assert_uint_eq(bg_game_winners(g), 1);
    bg_game_free(g);
    /* Minixiangqi: stalemate loses. */
    g = game_of(bg_variant_set_find(s, "minixiangqi"), "2k4/R6/7/7/3R3/7/4K2 b - - 0 1");
    ck_assert_int_eq(bg_game_outcome(g), BG_WIN);
    ck_assert_uint_eq(bg_game_winners(g), 1);
    ck_assert_int_eq(bg_game_reason(g), BG_REASON_NO_LEGAL_MOVES);
    bg_game_free(g);
    /* Makruk: counting starts when the last unpromoted... a bare king against a rook: 16 moves. */
    g = game_of(bg_variant_set_find(s, "makruk"), "4k3/8/8/8/8/8/7R/3K3r w - - 0 1");
    play(g, "Rxh1");
    char fen[256];
    bg_position_text(bg_game_position(g), NULL, fen, sizeof fen);
    ck_assert_str_eq(fen, "4k3/8/8/8/8/8/8/3K3R b - 32 6 1");
    bg_game_free(g);
    bg_variant_set_free(s);
}
END_TEST

START_TEST(perpetual_check)
{
    /* Minishogi: fourfold repetition with sente checking every move loses for sente. */
    bg_variant_set *s = gt_load_dir(defs_dir);
    bg_game *g = game_of(bg_variant_set_find(s, "generic-minishogi"), "4k/R4/5/5/2K2[] w - - 0 1");
    play(g, "a4a5 e5e4 a5a4 e4e5 a4a5 e5e4 a5a4 e4e5 a4a5 e5e4 a5a4");
    ck_assert_int_eq(bg_game_outcome(g), BG_ONGOING);
    play(g, "e4e5");
    ck_assert_int_eq(bg_game_outcome(g), BG_WIN);
    ck_assert_int_eq(bg_game_reason(g), BG_REASON_PERPETUAL_CHECK);
    ck_assert_uint_eq(bg_game_winners(g), 2);
    bg_game_free(g);
    bg_variant_set_free(s);
}
END_TEST

/* ---------- records ---------- */

START_TEST(pgn_round_trip)
{
    bg_variant_set *s = gt_load_dir(defs_dir);
    const char *names[] = {"capablanca", "kyotoshogi", "grand", "generic-xiangqi", "dobutsu"};
    for (int k = 0; k < 5; k++) {
        const bg_variant *v = bg_variant_set_find(s, names[k]);
        bg_game *g = game_of(v, NULL);
        uint64_t rng = 12345 + (uint64_t)k;
        for (int i = 0; i < 40 && bg_game_outcome(g) == BG_ONGOING; i++) {
            bg_move m[1024];
            int n = bg_position_legal_moves(bg_game_position(g), m, 1024);
            rng ^= rng << 13, rng ^= rng >> 7, rng ^= rng << 17;
            ck_assert_int_eq(bg_game_play(g, m[rng % (uint64_t)n]), BG_OK);
        }
        static char pgn[65536];
        int len = bg_game_export(g, "pgn", pgn, sizeof pgn);
        ck_assert_msg(len > 0 && (size_t)len < sizeof pgn, "%s: export %d", names[k], len);
        ck_assert_ptr_nonnull(strstr(pgn, names[k]));
        bg_game *back = NULL;
        bg_record_reader *rd = NULL;
        bg_error e = BG_ERROR_INIT;
        ck_assert_int_eq(bg_record_reader_new(&rd, v, "pgn", pgn, (size_t)len, NULL, NULL, &e), BG_OK);
        ck_assert_msg(bg_record_reader_next(rd, &back, &e) == BG_OK, "%s: import: %s\n%s", names[k],
                      e.message, pgn);
        bg_record_reader_free(rd);
        ck_assert_int_eq(bg_game_ply_count(back), bg_game_ply_count(g));
        for (int i = 0; i < bg_game_ply_count(g); i++)
            ck_assert_uint_eq(bg_game_move_at(back, i), bg_game_move_at(g, i));
        bg_game_free(back);
        bg_game_free(g);
    }
    bg_variant_set_free(s);
}
END_TEST

/* ---------- allocation failures ---------- */

START_TEST(alloc_failures)
{
    size_t len;
    char path[4096];
    snprintf(path, sizeof path, "%s/grand.ini", defs_dir);
    char *text = gt_read_file(path, &len);
    ck_assert_ptr_nonnull(text);
    for (long fail = 1;; fail++) {
        au_counter c = {0};
        c.fail_at = fail;
        bg_allocator a = BG_ALLOCATOR_INIT(au_alloc, &c);
        bg_variant_set *s = NULL;
        bg_error e = BG_ERROR_INIT;
        bg_status st = bg_variant_set_new(&s, &a, &e);
        if (st == BG_OK)
            st = bg_variant_define(s, text, len, &e);
        if (st == BG_OK) {
            ck_assert_int_eq(bg_variant_set_count(s), 1);
            bg_position *p = NULL;
            ck_assert_int_eq(bg_position_new(&p, bg_variant_set_at(s, 0), NULL, NULL, NULL), BG_OK);
            ck_assert_uint_eq(bg_position_perft(p, 2), 4225);
            bg_position_free(p);
        } else {
            ck_assert_msg(st == BG_E_NO_MEMORY, "request %ld: status %d (%s)", fail, st, e.message);
            ck_assert_int_eq(bg_variant_set_count(s), 0);
        }
        bg_variant_set_free(s);
        ck_assert_int_eq(c.live_blocks, 0);
        ck_assert_int_eq(c.bad_osize, 0);
        if (c.refused == 0)
            break;
    }
    free(text);
}
END_TEST

int main(int argc, char **argv)
{
    defs_dir = first_arg(argc, argv, "DEFS_DIR");
    TCase *tc = one_case("define", "define", 600);
    ADD_TESTS(tc, set_api, all_or_nothing, errors, betza_chess, betza_pawns, betza_ranges,
              betza_xiangqi, betza_lionchess, betza_shogi, betza_grasshopper_nightrider,
              betza_region_riders, letter_taken_over,
              double_step_region_en_passant, board_26x26, results, perpetual_check, pgn_round_trip,
              alloc_failures);
    return run_cases();
}
