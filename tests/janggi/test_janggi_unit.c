/*
** Janggi unit tests: the catalogue entry and options (setups, rulesets), FEN with error offsets,
** piece movement on hand-made positions (palace lines, cannon screens, legs), pass and bikjang,
** the Korean notation (strict and lenient), hashing and move flags.
*/
#include <check.h>
#include <stdio.h>
#include <string.h>

#include <boardgames/boardgames.h>

#include "check_main.h"
#include "fixtures.h"

#define START "rnba1abnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBA1ABNR w - - 0 1"

static const bg_variant *janggi(void) { return fx_variant("janggi"); }

static bg_position *from_fen(const char *fen, const char *options)
{
    bg_position *p = NULL;
    bg_error e = BG_ERROR_INIT;
    bg_status s = bg_position_from_text(&p, janggi(), fen, NULL, options, 0, NULL, &e);
    ck_assert_msg(s == BG_OK, "FEN refused (%s): %s", fen, e.message);
    return p;
}

/* Status of parsing a uci move in pos (BG_OK = legal). */
static bg_status try_uci(const bg_position *pos, const char *uci)
{
    bg_move m;
    return bg_move_parse(pos, uci, "uci", 0, &m, NULL);
}

static void play(bg_position *pos, const char *uci)
{
    bg_move m;
    bg_error e = BG_ERROR_INIT;
    ck_assert_msg(bg_move_parse(pos, uci, "uci", 0, &m, &e) == BG_OK, "%s: %s", uci, e.message);
    ck_assert_int_eq(bg_position_play(pos, m), BG_OK);
}

/* The legal moves from one point, as a sorted space-separated list of destinations. */
static void targets(const bg_position *pos, const char *from, char *out, size_t cap)
{
    bg_move moves[256];
    char list[64][8];
    int n = bg_position_legal_moves(pos, moves, 256), k = 0;
    for (int i = 0; i < n; i++) {
        char uci[8];
        if (bg_move_is_pass(moves[i]))
            continue;
        bg_move_format(pos, moves[i], "uci", uci, sizeof uci);
        size_t fl = strlen(from);
        if (strncmp(uci, from, fl) == 0 && (uci[fl] < '0' || uci[fl] > '9'))
            strcpy(list[k++], uci + fl);
    }
    for (int i = 0; i < k; i++)
        for (int j = i + 1; j < k; j++)
            if (strcmp(list[j], list[i]) < 0) {
                char t[8];
                strcpy(t, list[i]);
                strcpy(list[i], list[j]);
                strcpy(list[j], t);
            }
    out[0] = 0;
    for (int i = 0; i < k; i++) {
        if (i)
            strncat(out, " ", cap - strlen(out) - 1);
        strncat(out, list[i], cap - strlen(out) - 1);
    }
}

static void assert_targets(const char *fen, const char *from, const char *want)
{
    char got[256];
    bg_position *p = from_fen(fen, NULL);
    targets(p, from, got, sizeof got);
    ck_assert_msg(strcmp(got, want) == 0, "%s from %s: got '%s', expected '%s'", fen, from, got, want);
    bg_position_free(p);
}

START_TEST(catalogue_entry)
{
    const bg_variant *v = janggi();
    ck_assert_ptr_eq(bg_variant_at(2), v); /* docs/rules.md order: chess, xiangqi, janggi */
    fx_expect_facts(v, "width=9; height=10; side.0=cho; side.1=han; pass=1; drops=0; kinds=7; "
                       "piece.2=guard; letter.6=C; notation.0=uci; notation.1=korean; record.0=gib; "
                       "option.0=ruleset; option.1=setup; "
                       "values.0=standard|seed|tournament|traditional|modern|casual; start=" START);
}
END_TEST

START_TEST(setups)
{
    static const char *const cho[4] = {"RNBA1ABNR", "RBNA1ANBR", "RBNA1ABNR", "RNBA1ANBR"};
    static const char *const korean[4] = {"마상상마", "상마마상", "상마상마", "마상마상"};
    for (int a = 0; a < 4; a++)
        for (int b = 0; b < 4; b++) {
            char opts[96], han[10], want[128], got[128];
            for (int k = 0; k < 10; k++)
                han[k] = (char)(cho[b][k] >= 'A' ? cho[b][k] + 32 : cho[b][k]);
            snprintf(want, sizeof want,
                     "%s/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/%s w - - 0 1", han, cho[a]);
            for (int form = 0; form < 2; form++) {
                bg_position *p = NULL;
                bg_error e = BG_ERROR_INIT;
                snprintf(opts, sizeof opts, "setup=%s/%s", form ? korean[a] : cho[a],
                         form ? korean[b] : han);
                ck_assert_msg(bg_position_new(&p, janggi(), opts, NULL, &e) == BG_OK, "%s: %s",
                              opts, e.message);
                bg_position_text(p, NULL, got, sizeof got);
                ck_assert_msg(strcmp(got, want) == 0, "%s: %s", opts, got);
                bg_position_free(p);
            }
        }
    /* Han's arrangement is read left to right from Cho's side: files a..i of rank 10. */
    bg_position *p = NULL;
    ck_assert_int_eq(bg_position_new(&p, janggi(), "setup=RNBA1ABNR/rbna1abnr", NULL, NULL), BG_OK);
    ck_assert_int_eq(bg_position_piece_at(p, bg_square(janggi(), 1, 9)), BG_PIECE(1, 3)); /* b10 elephant */
    ck_assert_int_eq(bg_position_piece_at(p, bg_square(janggi(), 7, 9)), BG_PIECE(1, 4)); /* h10 horse */
    bg_position_free(p);
    const char *bad[] = {"setup=RNBA1ABNR", "setup=RNBA1ABNR/rnba1abnq", "setup=RNBAKABNR/rnba1abnr",
                         "setup=마상상마/마마상상", "setup=/"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        bg_error e = BG_ERROR_INIT;
        ck_assert_int_eq(bg_position_new(&p, janggi(), bad[i], NULL, &e), BG_E_UNKNOWN_OPTION);
        ck_assert_ptr_null(p);
        ck_assert_msg(strstr(e.message, "setup") != NULL, "%s: %s", bad[i], e.message);
    }
    bg_error e = BG_ERROR_INIT;
    ck_assert_int_eq(bg_position_new(&p, janggi(), "ruleset=kakao", NULL, &e), BG_E_UNKNOWN_OPTION);
    ck_assert_int_eq((int)e.offset, 8);
}
END_TEST

START_TEST(fen_errors)
{
#define MID "/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/"
    /* The expected offset is where `at` first occurs in the text, plus `plus`. */
    static const struct {
        const char *fen;
        bg_status code;
        const char *at;
        int plus;
        const char *says;
    } cases[] = {
        {"rnba1abnr" MID "RNBA1ABNX w - - 0 1", BG_E_PARSE, "X", 0, "not a piece letter"},
        {"rnba1abnr" MID "RNBA1ABN w - - 0 1", BG_E_PARSE, " w", 0, "expected 10 ranks of 9"},
        {"rnba1abnr" MID "RNBA1ABNRR w - - 0 1", BG_E_PARSE, "R w", 0, "more than 9 points"},
        {"rnba1abnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBA1ABNR w - - 0 1",
         BG_E_INVALID_POSITION, "rnba", 0, "Cho has no general"},
        {"rnba1abnr/4k4/1c5c1/p1p1p1p1p/9/K8/P1P1P1P1P/1C5C1/9/RNBA1ABNR w - - 0 1",
         BG_E_INVALID_POSITION, "K8", 0, "general on a5 is outside its palace"},
        {"rnba1abnr/4k4/1c5c1/p1p1p1p1p/9/9/2P1P1P1P/PC5C1/4K4/RNBA1ABNR w - - 0 1",
         BG_E_INVALID_POSITION, "PC5", 0, "soldier on a3 is behind its starting rank"},
        {"rnba1abnr/4k4/1c5c1/p1p1p1p1p/9/P8/P1P1P1P1P/1C5C1/4K4/RNBA1ABNR w - - 0 1",
         BG_E_INVALID_POSITION, "P8/", 0, "6 soldiers, at most 5"},
        {"rnba1abnr" MID "RNBA1ABNR x - - 0 1", BG_E_PARSE, " x", 1, "side to move"},
        {"rnba1abnr" MID "RNBA1ABNR w K - 0 1", BG_E_PARSE, " K", 1, "must be '-'"},
        {"4k4/4R4/9/9/9/9/9/9/9/3K5 w - - 0 1", BG_E_INVALID_POSITION, " w", 1,
         "not to move (Han) is in check"},
        {"rnba1abnr" MID "RNBA1ABNR w - - 0", BG_E_PARSE, " 0", 2, "expected 6 fields"},
        {"rnba1abnr/4k4/1c5c1/p1p1p1p1p/9/54/P1P1P1P1P/1C5C1/4K4/RNBA1ABNR w - - 0 1", BG_E_PARSE,
         "54", 1, "one digit"},
    };
#undef MID
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        bg_position *p = NULL;
        bg_error e = BG_ERROR_INIT;
        bg_status s = bg_position_from_text(&p, janggi(), cases[i].fen, NULL, NULL, 0, NULL, &e);
        ck_assert_msg(s == cases[i].code, "case %zu: status %d, expected %d (%s)", i, s,
                      cases[i].code, e.message);
        ck_assert_ptr_null(p);
        ck_assert_msg(strstr(e.message, cases[i].says) != NULL, "case %zu: '%s'", i, e.message);
        size_t want = (size_t)(strstr(cases[i].fen, cases[i].at) - cases[i].fen) + (size_t)cases[i].plus;
        ck_assert_msg(e.offset == want, "case %zu: offset %zu, expected %zu (%s)", i, e.offset, want,
                      e.message);
    }
    /* h/e letters (Fairy-Stockfish accepts them) read as horse and elephant; lenient short FEN. */
    bg_position *p = from_fen("rhea1aehr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RHEA1AEHR w - - 0 1",
                              NULL);
    char text[128];
    bg_position_text(p, NULL, text, sizeof text);
    ck_assert_str_eq(text, "rnba1abnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBA1ABNR w - - 0 1");
    bg_position_free(p);
    ck_assert_int_eq(bg_position_from_text(&p, janggi(), "4k4/9/9/9/9/9/9/9/9/3K5 b", NULL, NULL,
                                           BG_PARSE_LENIENT, NULL, NULL),
                     BG_OK);
    bg_position_text(p, NULL, text, sizeof text);
    ck_assert_str_eq(text, "4k4/9/9/9/9/9/9/9/9/3K5 b - - 0 1");
    ck_assert_int_eq(bg_position_text(p, "sfen", text, sizeof text), BG_E_UNSUPPORTED);
    bg_position_free(p);
}
END_TEST

START_TEST(palace_lines)
{
    /* General on the centre: all 8 points; on an edge middle point: no diagonal. */
    assert_targets("3k5/9/9/9/9/9/9/9/4K4/9 w - - 0 1", "e2", "d1 d2 d3 e1 e3 f1 f2 f3");
    assert_targets("4k4/9/9/9/9/9/9/9/3K5/9 w - - 0 1", "d2", "d1 d3 e2");
    /* Guards: the same lines, inside their own palace only. */
    assert_targets("3k5/9/9/9/9/9/9/3A5/4K4/9 w - - 0 1", "d3", "d2 e3");
    assert_targets("4k4/9/9/9/9/9/9/5A3/9/3K5 w - - 0 1", "f3", "e2 e3 f2");
    /* Chariot: rook lines plus the palace diagonal through an empty centre (in either palace). */
    assert_targets("5k3/9/9/9/9/9/9/9/9/3RK4 w - - 0 1", "d1",
                   "a1 b1 c1 d10 d2 d3 d4 d5 d6 d7 d8 d9 e2 f3");
    assert_targets("5k3/9/9/9/9/9/9/9/4A4/3RK4 w - - 0 1", "d1",
                   "a1 b1 c1 d10 d2 d3 d4 d5 d6 d7 d8 d9");
    assert_targets("4k4/9/3R5/9/9/9/9/9/9/5K3 w - - 0 1", "d8",
                   "a8 b8 c8 d1 d10 d2 d3 d4 d5 d6 d7 d9 e8 e9 f10 f8 g8 h8 i8");
    /* Soldier: forward and sideways; in the enemy palace also diagonally forward on the lines. */
    assert_targets("4k4/9/3P5/9/9/9/9/9/9/3K5 w - - 0 1", "d8", "c8 d9 e8 e9");
    assert_targets("9/4P4/3k5/9/9/9/9/9/9/4K4 w - - 0 1", "e9", "d10 d9 e10 f10 f9");
    assert_targets("4k4/9/9/9/9/9/2P6/9/9/3K5 w - - 0 1", "c4", "b4 c5 d4");
    assert_targets("4k4/9/9/9/9/9/9/5p3/9/3K5 b - - 0 1", "f3", "e2 e3 f2 g3");
}
END_TEST

START_TEST(cannons)
{
    /* No screen, no move; over one screen (a general too) to the empty points and the piece beyond. */
    assert_targets("3k5/9/9/9/9/9/9/9/9/C3K4 w - - 0 1", "a1", "f1 g1 h1 i1");
    assert_targets("3k5/9/9/9/p8/9/9/9/N8/C3K4 w - - 0 1", "a1", "a3 a4 a5 a6 f1 g1 h1 i1");
    /* A cannon is never a screen and never captured. */
    assert_targets("3k5/9/9/9/9/9/9/9/c8/C3K4 w - - 0 1", "a1", "f1 g1 h1 i1");
    assert_targets("3k5/9/9/9/c8/9/9/9/N8/C3K4 w - - 0 1", "a1", "a3 a4 a5 f1 g1 h1 i1");
    /* Palace diagonals: corner to corner over a centre piece that is not a cannon. */
    assert_targets("5k3/9/9/9/9/9/9/5n3/4A4/3C1K3 w - - 0 1", "d1", "f3 g1 h1 i1");
    assert_targets("5k3/9/9/9/9/9/9/5c3/4A4/3C1K3 w - - 0 1", "d1", "g1 h1 i1");
    assert_targets("3k5/9/9/9/9/9/9/9/4c4/3C1K3 w - - 0 1", "d1", "g1 h1 i1");
    assert_targets("4k4/9/9/9/9/9/9/9/4C4/3K5 w - - 0 1", "e2", "");
    /* Check by a cannon: exactly one screen, which is not a cannon. */
    bg_position *p = from_fen("3kc4/9/9/9/9/9/9/9/4A4/4K4 w - - 0 1", NULL);
    ck_assert_int_eq(bg_position_in_check(p), 1);
    /* Evasions: move the screen off the line, or the general; never pass. */
    ck_assert_int_eq(try_uci(p, "e2d2"), BG_OK);
    ck_assert_int_eq(try_uci(p, "e2e3"), BG_E_ILLEGAL_MOVE);
    ck_assert_int_eq(try_uci(p, "e1d1"), BG_OK);
    ck_assert_int_eq(try_uci(p, "e1e1"), BG_E_ILLEGAL_MOVE);
    bg_position_free(p);
    p = from_fen("3kc4/9/9/9/9/9/9/9/4C4/4K4 w - - 0 1", NULL);
    ck_assert_int_eq(bg_position_in_check(p), 0);
    bg_position_free(p);
    /* A second piece on the line shields; moving one of the two away checks. */
    p = from_fen("3kc4/9/9/9/9/4N4/9/9/4A4/4K4 w - - 0 1", NULL);
    ck_assert_int_eq(bg_position_in_check(p), 0);
    ck_assert_int_eq(try_uci(p, "e5c4"), BG_E_ILLEGAL_MOVE);
    ck_assert_int_eq(try_uci(p, "e2d2"), BG_E_ILLEGAL_MOVE);
    ck_assert_int_eq(try_uci(p, "e2e3"), BG_OK);
    bg_position_free(p);
}
END_TEST

START_TEST(horses_and_elephants)
{
    assert_targets("3k5/9/9/9/9/4N4/9/9/9/4K4 w - - 0 1", "e5", "c4 c6 d3 d7 f3 f7 g4 g6");
    assert_targets("3k5/9/9/9/4p4/4N4/9/9/9/4K4 w - - 0 1", "e5", "c4 c6 d3 f3 g4 g6");
    /* Elephant: one orthogonal step then two diagonal ones, both intermediate points blocking. */
    assert_targets("3k5/9/9/9/9/4B4/9/9/9/4K4 w - - 0 1", "e5", "b3 b7 c2 c8 g2 g8 h3 h7");
    assert_targets("3k5/9/9/9/4p4/4B4/9/9/9/4K4 w - - 0 1", "e5", "b3 b7 c2 g2 h3 h7");
    assert_targets("3k5/9/9/5p3/9/4B4/9/9/9/4K4 w - - 0 1", "e5", "b3 b7 c2 c8 g2 h3 h7");
    /* An elephant checks through empty legs only (b5 to d8 over b6 and c7). */
    bg_position *p = from_fen("9/9/3k5/9/9/1B7/9/9/9/4K4 b - - 0 1", NULL);
    ck_assert_int_eq(bg_position_in_check(p), 1);
    bg_position_free(p);
    p = from_fen("9/9/3k5/2p6/9/1B7/9/9/9/4K4 b - - 0 1", NULL);
    ck_assert_int_eq(bg_position_in_check(p), 0);
    bg_position_free(p);
    p = from_fen("9/9/3k5/9/1p7/1B7/9/9/9/4K4 b - - 0 1", NULL);
    ck_assert_int_eq(bg_position_in_check(p), 0);
    bg_position_free(p);
    /* A horse checks unless its leg is taken. */
    p = from_fen("9/9/3k5/9/2N6/9/9/9/9/4K4 b - - 0 1", NULL);
    ck_assert_int_eq(bg_position_in_check(p), 1);
    bg_position_free(p);
    p = from_fen("9/9/3k5/2p6/2N6/9/9/9/9/4K4 b - - 0 1", NULL);
    ck_assert_int_eq(bg_position_in_check(p), 0);
    bg_position_free(p);
}
END_TEST

START_TEST(pass_and_bikjang)
{
    bg_position *p = from_fen(START, NULL);
    ck_assert_int_eq(try_uci(p, "e2e2"), BG_OK);
    char uci[8];
    bg_move pass = bg_move_make_pass(bg_square(janggi(), 4, 1));
    ck_assert_int_eq(bg_move_format(p, pass, "uci", uci, sizeof uci), 4);
    ck_assert_str_eq(uci, "e2e2");
    /* Both sides pass: the game is over, no move is legal any more. */
    play(p, "e2e2");
    ck_assert_int_eq(bg_position_legal_moves(p, NULL, 0), 32);
    play(p, "e9e9");
    ck_assert_int_eq(bg_position_legal_moves(p, NULL, 0), 0);
    bg_position_free(p);

    /*
    ** Generals facing (bikjang). Fairy-Stockfish's rule (tournament): only moves that break it, or
    ** a pass; with casual rules, anything.
    */
    const char *facing = "4k4/9/9/9/9/9/9/9/9/R3K4 w - - 0 1";
    p = from_fen(facing, "ruleset=tournament");
    ck_assert_int_eq(try_uci(p, "a1a2"), BG_E_ILLEGAL_MOVE);
    ck_assert_int_eq(try_uci(p, "e1e2"), BG_E_ILLEGAL_MOVE);
    ck_assert_int_eq(try_uci(p, "e1d1"), BG_OK);
    ck_assert_int_eq(try_uci(p, "e1e1"), BG_OK);
    play(p, "e1e1");
    ck_assert_int_eq(bg_position_legal_moves(p, NULL, 0), 0); /* bikjang accepted */
    bg_position_free(p);
    /* The seed's rule: every move is legal; all but the general leaving the file end it. */
    const char *seed_replies[] = {"a1a2", "e1e2", "e1e1", "e1d1"};
    for (int i = 0; i < 4; i++) {
        p = from_fen(facing, "ruleset=seed");
        ck_assert_int_eq(bg_position_legal_moves(p, NULL, 0), 16); /* 12 + 3 + the pass */
        play(p, seed_replies[i]);
        if (i < 3)
            ck_assert_int_eq(bg_position_legal_moves(p, NULL, 0), 0);
        else
            ck_assert_int_gt(bg_position_legal_moves(p, NULL, 0), 0);
        bg_position_free(p);
    }
    p = from_fen(facing, "ruleset=casual");
    ck_assert_int_eq(try_uci(p, "a1a2"), BG_OK);
    ck_assert_int_eq(try_uci(p, "e1e2"), BG_OK);
    play(p, "e1e1");
    ck_assert_int_gt(bg_position_legal_moves(p, NULL, 0), 0);
    bg_position_free(p);
    /* A piece moving between the generals breaks it (Fairy-Stockfish); the seed's rule accepts it. */
    p = from_fen("4k4/9/9/9/9/9/R8/9/9/4K4 w - - 0 1", "ruleset=tournament");
    ck_assert_int_eq(try_uci(p, "a4e4"), BG_OK);
    ck_assert_int_eq(try_uci(p, "a4a5"), BG_E_ILLEGAL_MOVE);
    play(p, "a4e4");
    ck_assert_int_gt(bg_position_legal_moves(p, NULL, 0), 0);
    bg_position_free(p);
    p = from_fen("4k4/9/9/9/9/9/R8/9/9/4K4 w - - 0 1", "ruleset=seed");
    ck_assert_int_eq(try_uci(p, "a4a5"), BG_OK);
    play(p, "a4e4");
    ck_assert_int_eq(bg_position_legal_moves(p, NULL, 0), 0);
    bg_position_free(p);
    /* In check, no pass; in check and bikjang, the pass is allowed (Fairy-Stockfish's rule). */
    p = from_fen("4k4/9/9/9/9/9/9/9/1n7/3K5 w - - 0 1", NULL);
    ck_assert_int_eq(bg_position_in_check(p), 1);
    ck_assert_int_eq(try_uci(p, "d1d1"), BG_E_ILLEGAL_MOVE);
    bg_position_free(p);
    p = from_fen("4k4/9/9/9/9/9/9/9/2n6/4K4 w - - 0 1", "ruleset=tournament");
    ck_assert_int_eq(bg_position_in_check(p), 1);
    ck_assert_int_eq(try_uci(p, "e1e1"), BG_OK);
    ck_assert_int_eq(try_uci(p, "e1e2"), BG_E_ILLEGAL_MOVE);
    bg_position_free(p);
    /* The seed's rule: the pass and the general's step along the file (still facing) both end it. */
    p = from_fen("4k4/9/9/9/9/9/9/9/2n6/4K4 w - - 0 1", "ruleset=seed");
    ck_assert_int_eq(try_uci(p, "e1e2"), BG_OK);
    ck_assert_int_eq(try_uci(p, "e1e1"), BG_OK);
    /* After that pass the game is over; its FEN (the side not to move in check) reads back so. */
    char text[128];
    play(p, "e1e1");
    ck_assert_int_eq(bg_position_legal_moves(p, NULL, 0), 0);
    bg_position_text(p, NULL, text, sizeof text);
    bg_position *back = from_fen(text, NULL);
    ck_assert_int_eq(bg_position_legal_moves(back, NULL, 0), 0);
    ck_assert_uint_eq(bg_position_hash(back), bg_position_hash(p));
    bg_position_free(back);
    ck_assert_int_eq(bg_position_from_text(&back, janggi(), text, NULL, "ruleset=casual", 0, NULL,
                                           NULL),
                     BG_E_INVALID_POSITION);
    bg_position_free(p);
}
END_TEST

START_TEST(korean_notation)
{
    bg_position *p = from_fen(START, NULL);
    bg_move m;
    bg_error e = BG_ERROR_INIT;
    char text[64];
    ck_assert_int_eq(bg_move_parse(p, "79졸78", "korean", 0, &m, &e), BG_OK);
    bg_move_format(p, m, "uci", text, sizeof text);
    ck_assert_str_eq(text, "i4h4");
    ck_assert_int_eq(bg_move_parse(p, "02馬83", "korean", 0, &m, &e), BG_OK);
    bg_move_format(p, m, "uci", text, sizeof text);
    ck_assert_str_eq(text, "b1c3");
    ck_assert_int_eq(bg_move_format(p, m, "korean", text, sizeof text), (int)strlen("02마83"));
    ck_assert_str_eq(text, "02마83");
    ck_assert_int_eq(bg_move_parse(p, "한수쉼", "korean", 0, &m, &e), BG_OK);
    ck_assert(bg_move_is_pass(m));
    bg_move_format(p, m, "korean", text, sizeof text);
    ck_assert_str_eq(text, "한수쉼");
    /* Strict: spaces, a wrong piece, a missing digit; lenient takes spaces. */
    ck_assert_int_eq(bg_move_parse(p, "02 馬 83", "korean", 0, &m, &e), BG_E_PARSE);
    ck_assert_int_eq((int)e.offset, 2);
    ck_assert_int_eq(bg_move_parse(p, "02 馬 83", "korean", BG_PARSE_LENIENT, &m, &e), BG_OK);
    ck_assert_int_eq(bg_move_parse(p, "02상83", "korean", 0, &m, &e), BG_E_ILLEGAL_MOVE);
    ck_assert_int_eq(bg_move_parse(p, "0마83", "korean", 0, &m, &e), BG_E_PARSE);
    ck_assert_int_eq(bg_move_parse(p, "02마8", "korean", 0, &m, &e), BG_E_PARSE);
    ck_assert_int_eq((int)e.offset, 6);
    ck_assert_int_eq(bg_move_parse(p, "02말83", "korean", 0, &m, &e), BG_E_PARSE);
    ck_assert_int_eq(bg_move_parse(p, "02마84", "korean", 0, &m, &e), BG_E_ILLEGAL_MOVE);
    ck_assert_int_eq(bg_move_parse(p, "02마83x", "korean", 0, &m, &e), BG_E_PARSE);
    /* Cho's soldier is 졸 (卒); 병 is Han's, accepted for Cho only when lenient. */
    ck_assert_int_eq(bg_move_parse(p, "79병78", "korean", 0, &m, &e), BG_E_ILLEGAL_MOVE);
    ck_assert_int_eq(bg_move_parse(p, "79병78", "korean", BG_PARSE_LENIENT, &m, &e), BG_OK);
    ck_assert_int_eq(bg_move_parse(p, "79卒78", "korean", 0, &m, &e), BG_OK);
    /* A capture suffix naming a piece that is not there. */
    ck_assert_int_eq(bg_move_parse(p, "79졸78병", "korean", 0, &m, &e), BG_E_ILLEGAL_MOVE);
    /*
    ** Side marks before the name as real .gib files write them, checked against the side to
    ** move (1937년_동아일보_주최_金漢英_崔夏泳.gib line 13: "1. 71楚卒72 2. 13漢馬34"; 2010년 명인장기
    ** 전국 토너먼트.gib line 15: "1. 79초졸78 <0> 2. 12한마33").
    */
    ck_assert_int_eq(bg_move_parse(p, "71楚卒72", "korean", 0, &m, &e), BG_OK);
    bg_move_format(p, m, "uci", text, sizeof text);
    ck_assert_str_eq(text, "a4b4");
    ck_assert_int_eq(bg_move_parse(p, "79초졸78", "korean", 0, &m, &e), BG_OK);
    ck_assert_int_eq(bg_move_parse(p, "95楚將96", "korean", 0, &m, &e), BG_OK);
    ck_assert_int_eq(bg_move_parse(p, "79한졸78", "korean", 0, &m, &e), BG_E_ILLEGAL_MOVE);
    ck_assert_msg(strstr(e.message, "side mark names Han, but Cho is to move") != NULL, "%s", e.message);
    ck_assert_int_eq((int)e.offset, 2);
    ck_assert_int_eq(bg_move_parse(p, "79漢卒78", "korean", 0, &m, &e), BG_E_ILLEGAL_MOVE);
    ck_assert_int_eq(bg_move_parse(p, "79초78", "korean", 0, &m, &e), BG_E_PARSE); /* no name */
    /* Han: rank 1 is its back rank seen from the top; 병 for its soldiers. */
    play(p, "e2e2");
    ck_assert_int_eq(bg_move_parse(p, "12마33", "korean", 0, &m, &e), BG_OK);
    bg_move_format(p, m, "uci", text, sizeof text);
    ck_assert_str_eq(text, "b10c8");
    ck_assert_int_eq(bg_move_parse(p, "41병42", "korean", 0, &m, &e), BG_OK);
    bg_move_format(p, m, "uci", text, sizeof text);
    ck_assert_str_eq(text, "a7b7");
    ck_assert_int_eq(bg_move_parse(p, "25漢24", "korean", 0, &m, &e), BG_OK);
    ck_assert_int_eq(bg_move_parse(p, "25楚24", "korean", 0, &m, &e), BG_E_ILLEGAL_MOVE);
    ck_assert_int_eq(bg_move_parse(p, "12한마33", "korean", 0, &m, &e), BG_OK);
    ck_assert_int_eq(bg_move_parse(p, "13漢馬34", "korean", 0, &m, &e), BG_E_ILLEGAL_MOVE); /* an elephant */
    bg_position_free(p);
    /*
    ** Captures marked 타 (네오장기.gib line 25: "74. 93차94타사장군"), and a captured piece with its
    ** side mark (카카오장기기보033.gib line 3394: "14한포94초사"): Han's chariot d4 takes the guard
    ** on d2 with check (the test positions are made up).
    */
    p = from_fen("3k5/9/9/9/9/9/3r5/9/3AK4/9 b - - 0 1", NULL);
    ck_assert_int_eq(bg_move_parse(p, "74차94타사장군", "korean", 0, &m, &e), BG_OK);
    ck_assert_int_eq(bg_move_parse(p, "74차94타초사장군", "korean", 0, &m, &e), BG_OK);
    ck_assert_int_eq(bg_move_parse(p, "74차94타한사장군", "korean", 0, &m, &e), BG_E_ILLEGAL_MOVE);
    ck_assert_int_eq(bg_move_parse(p, "74차94타마", "korean", 0, &m, &e), BG_E_ILLEGAL_MOVE);
    ck_assert_int_eq(bg_move_parse(p, "74차94타", "korean", 0, &m, &e), BG_E_PARSE); /* 타 what? */
    bg_position_free(p);
    p = from_fen(START, NULL);
    play(p, "e2e2");
    /* Without a notation name the text is tried as uci, then Korean. */
    ck_assert_int_eq(bg_move_parse(p, "12馬33", NULL, 0, &m, &e), BG_OK);
    bg_position_free(p);
    /* In check, 한수쉼 is refused as illegal. */
    p = from_fen("4k4/9/9/9/9/9/9/9/1n7/3K5 w - - 0 1", NULL);
    ck_assert_int_eq(bg_move_parse(p, "한수쉼", "korean", 0, &m, &e), BG_E_ILLEGAL_MOVE);
    bg_position_free(p);
}
END_TEST

START_TEST(hash_and_flags)
{
    bg_position *a = from_fen(START, NULL), *b = NULL;
    ck_assert_int_eq(bg_position_new(&b, janggi(), NULL, NULL, NULL), BG_OK);
    ck_assert_uint_eq(bg_position_hash(a), bg_position_hash(b));
    uint64_t h0 = bg_position_hash(a);
    play(a, "e2e2");
    ck_assert_uint_ne(bg_position_hash(a), h0);
    play(a, "b10c8");
    play(a, "b1c3");
    play(b, "b1c3");
    play(b, "b10c8");
    ck_assert_uint_ne(bg_position_hash(a), bg_position_hash(b)); /* side to move differs */
    play(b, "e2e2");
    ck_assert_uint_eq(bg_position_hash(a), bg_position_hash(b));
    ck_assert_int_eq(bg_position_halfmove_clock(b), 3);
    ck_assert_int_eq(bg_position_fullmove_number(b), 2);
    bg_position_free(a);
    bg_position_free(b);
    /* Capture, check and mate flags; a pass is neither a capture nor a check. */
    bg_position *p = from_fen("3k5/9/R8/9/9/7r1/9/9/9/4K2R1 w - - 0 1", NULL);
    bg_move m;
    ck_assert_int_eq(bg_move_parse(p, "a8a10", "uci", 0, &m, NULL), BG_OK);
    ck_assert_uint_eq(bg_position_move_flags(p, m), BG_FLAG_CHECK);
    ck_assert_int_eq(bg_move_parse(p, "h1h5", "uci", 0, &m, NULL), BG_OK);
    ck_assert_uint_eq(bg_position_move_flags(p, m), BG_FLAG_CAPTURE);
    ck_assert_int_eq(bg_move_parse(p, "e1e1", "uci", 0, &m, NULL), BG_OK);
    ck_assert_uint_eq(bg_position_move_flags(p, m), 0);
    bg_position_free(p);
    p = from_fen("3k5/R8/9/9/9/9/9/9/9/4K2R1 w - - 0 1", NULL);
    ck_assert_int_eq(bg_move_parse(p, "h1h10", "uci", 0, &m, NULL), BG_OK);
    ck_assert_uint_eq(bg_position_move_flags(p, m), BG_FLAG_CHECK | BG_FLAG_MATE);
    bg_position_free(p);
    p = from_fen("3ka4/9/9/9/9/9/9/9/9/4K2R1 w - - 0 1", NULL);
    ck_assert_int_eq(bg_move_parse(p, "h1h10", "uci", 0, &m, NULL), BG_OK);
    ck_assert_uint_eq(bg_position_move_flags(p, m), 0);
    bg_position_free(p);
}
END_TEST

int main(void)
{
    return RUN_TESTS("janggi-unit", "janggi", -1, catalogue_entry, setups, fen_errors, palace_lines,
                     cannons, horses_and_elephants, pass_and_bikjang, korean_notation,
                     hash_and_flags);
}
