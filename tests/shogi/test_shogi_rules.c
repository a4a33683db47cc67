/* Rules of the shogi family (docs/rules.md sections 5-9) on hand-built positions: drops, promotion, royals, every bird. */
#include <stdio.h>

#include "shogi_test_util.h"
#include "check_main.h"

/* Legal moves of p starting with `prefix` (a square like "4d", or "P*"), sorted, space-joined. */
static void moves_from(const bg_position *p, const char *prefix, char *buf, size_t cap)
{
    static char all[ST_MAX_MOVES][8];
    int n = st_usi_moves(p, all);
    size_t len = 0;
    buf[0] = 0;
    for (int i = 0; i < n; i++)
        if (strncmp(all[i], prefix, strlen(prefix)) == 0)
            len += (size_t)snprintf(buf + len, cap - len, "%s%s", len ? " " : "", all[i]);
    ck_assert(len < cap);
}

static void assert_moves_from(const char *variant, const char *sfen, const char *options,
                              const char *prefix, const char *want)
{
    char got[2048];
    bg_position *p = st_pos(variant, sfen, options);
    moves_from(p, prefix, got, sizeof got);
    ck_assert_msg(strcmp(got, want) == 0, "%s [%s] moves %s*: got '%s', want '%s'", variant, sfen,
                  prefix, got, want);
    bg_position_free(p);
}

static void assert_count(const char *variant, const char *sfen, const char *options, int want)
{
    bg_position *p = st_pos(variant, sfen, options);
    ck_assert_msg(st_count(p) == want, "%s [%s]: %d legal moves, want %d", variant, sfen,
                  st_count(p), want);
    bg_position_free(p);
}

static void assert_legal(const char *variant, const char *sfen, const char *options,
                         const char *usi, int want)
{
    bg_position *p = st_pos(variant, sfen, options);
    ck_assert_msg(st_legal(p, usi) == want, "%s [%s]: %s should be %s", variant, sfen, usi,
                  want ? "legal" : "illegal");
    bg_position_free(p);
}

/* ---------- shogi ---------- */

START_TEST(shogi_drops_never_dead)
{
    const char *s = "4k4/9/9/9/9/9/9/9/4K4 b NLP 1";
    /* P and L: 71 squares each (not rank a), N: 62 (not ranks a, b), king: 5 (Fairy-Stockfish agrees). */
    assert_count("shogi", s, NULL, 71 + 71 + 62 + 5);
    assert_legal("shogi", s, NULL, "P*1a", 0);
    assert_legal("shogi", s, NULL, "L*1a", 0);
    assert_legal("shogi", s, NULL, "N*1b", 0);
    assert_legal("shogi", s, NULL, "N*1c", 1);
    assert_legal("shogi", s, NULL, "L*1b", 1);
    /* A checking pawn drop the king can simply take is no mate, so it is legal. */
    assert_legal("shogi", s, NULL, "P*5b", 1);
    /* Gote's dead ranks are the bottom ones. */
    const char *g = "4k4/9/9/9/9/9/9/9/4K4 w nlp 1";
    assert_legal("shogi", g, NULL, "P*1i", 0);
    assert_legal("shogi", g, NULL, "N*1h", 0);
    assert_legal("shogi", g, NULL, "N*1g", 1);
}
END_TEST

START_TEST(shogi_nifu)
{
    assert_moves_from("shogi", "4k4/9/9/9/9/9/4P4/9/4K4 b P 1", NULL, "P*5", "");
    /* A tokin is not a pawn; the opponent's pawn does not count either. */
    assert_legal("shogi", "4k4/9/9/9/9/9/4+P4/9/4K4 b P 1", NULL, "P*5e", 1);
    assert_legal("shogi", "4k4/9/4p4/9/9/9/9/9/4K4 b P 1", NULL, "P*5e", 1);
}
END_TEST

START_TEST(shogi_uchifuzume)
{
    /* The gold on 2b could take the pawn on 1b but the bishop on 5e pins it: the drop mates. */
    const char *pinned = "7lk/7g1/8S/9/4B4/9/9/9/K8 b P 1";
    assert_legal("shogi", pinned, NULL, "P*1b", 0);
    assert_count("shogi", pinned, NULL, 95); /* Fairy-Stockfish: 96, with P*1b */
    /* Without the pin the gold takes: the drop is legal. */
    assert_legal("shogi", "7lk/7g1/8S/9/9/9/9/9/K8 b P 1", NULL, "P*1b", 1);
    /* The same mate by another dropped piece, or by a pawn move, is legal. */
    bg_position *p = st_pos("shogi", "7lk/7g1/8S/9/4B4/9/9/9/K8 b G 1", NULL);
    st_play(p, "G*1b");
    ck_assert_int_eq(st_count(p), 0);
    ck_assert_int_eq(bg_position_in_check(p), 1);
    bg_position_free(p);
    p = st_pos("shogi", "7lk/7g1/8P/9/4B3L/9/9/9/K8 b - 1", NULL);
    bg_move m;
    ck_assert_int_eq(bg_move_parse(p, "1c1b", "usi", 0, &m, NULL), BG_OK);
    ck_assert_uint_eq(bg_position_move_flags(p, m), BG_FLAG_CHECK | BG_FLAG_MATE);
    bg_position_free(p);
    /* Data row of tests/data/perft/shogi.tsv: 85 moves (Fairy-Stockfish 86). */
    assert_legal("shogi", "7lk/9/8S/9/9/9/9/7L1/8K b P 1", NULL, "P*1b", 0);
    /* Gote's pawn drop mate is refused the same way. */
    assert_legal("shogi", "8k/9/9/9/9/9/g8/1P7/KL7 w p 1", NULL, "P*9h", 0);
    assert_legal("shogi", "8k/9/9/9/9/9/9/1P7/KL7 w p 1", NULL, "P*9h", 1);
}
END_TEST

START_TEST(shogi_promotion)
{
    /* Pawn and lance onto the last rank, knight onto the last two: promotion only. */
    assert_moves_from("shogi", "k8/4P4/9/9/9/9/9/9/K8 b - 1", NULL, "5b", "5b5a+");
    assert_moves_from("shogi", "k8/9/9/4L4/9/9/9/9/K8 b - 1", NULL, "5d",
                      "5d5a+ 5d5b 5d5b+ 5d5c 5d5c+");
    assert_moves_from("shogi", "k8/9/9/4N4/9/9/9/9/K8 b - 1", NULL, "5d", "5d4b+ 5d6b+");
    assert_moves_from("shogi", "k8/9/9/9/4N4/9/9/9/K8 b - 1", NULL, "5e", "5e4c 5e4c+ 5e6c 5e6c+");
    /* Leaving the zone may promote too; gold and king never promote. */
    assert_moves_from("shogi", "k8/9/4S4/9/9/9/9/9/K8 b - 1", NULL, "5c",
                      "5c4b 5c4b+ 5c4d 5c4d+ 5c5b 5c5b+ 5c6b 5c6b+ 5c6d 5c6d+");
    assert_moves_from("shogi", "k8/9/4G4/9/9/9/9/9/K8 b - 1", NULL, "5c",
                      "5c4b 5c4c 5c5b 5c5d 5c6b 5c6c");
    /* Gote's zone is ranks g-i. */
    assert_moves_from("shogi", "k8/9/9/9/9/4p4/9/9/K8 w - 1", NULL, "5f", "5f5g 5f5g+");
}
END_TEST

START_TEST(shogi_hand)
{
    /* A captured dragon goes to hand as a rook; dropped pieces are unpromoted, even in the zone. */
    const bg_variant *v = st_variant("shogi");
    bg_position *p = st_pos("shogi", "4k4/9/9/9/9/9/9/4+r4/4K4 b - 1", NULL);
    st_play(p, "5i5h");
    ck_assert_int_eq(bg_position_hand_count(p, 0, 7), 1); /* kind 7 = rook */
    ck_assert_int_eq(bg_position_hand_count(p, 0, 14), 0);
    ck_assert_str_eq(bg_variant_piece_letter(v, 7), "R");
    char sfen[128];
    st_sfen(p, sfen, sizeof sfen);
    ck_assert_str_eq(sfen, "4k4/9/9/9/9/9/9/4K4/9 w R 2");
    st_play(p, "5a4a");
    st_play(p, "R*5b");
    bg_piece pc = bg_position_piece_at(p, bg_square(v, 4, 7));
    ck_assert_int_eq(pc, BG_PIECE(0, 7));
    ck_assert_int_eq(bg_position_hand_count(p, 0, 7), 0);
    bg_position_free(p);
}
END_TEST

START_TEST(shogi_pins_and_checks)
{
    /* The lance on 5d pins the gold on 5b to its king: the gold may only move along the file. */
    assert_moves_from("shogi", "4k4/4g4/9/4L4/9/9/9/9/K8 w - 1", NULL, "5b", "5b5c");
    /* Double check by rook and bishop: only king moves. */
    bg_position *p = st_pos("shogi", "4k4/9/2B6/9/4R4/9/9/9/K8 w g 1", NULL);
    ck_assert_int_eq(bg_position_in_check(p), 1);
    char got[512];
    moves_from(p, "G*", got, sizeof got);
    ck_assert_str_eq(got, "");
    moves_from(p, "", got, sizeof got);
    ck_assert_str_eq(got, "5a4a 5a4b 5a6a");
    bg_position_free(p);
    /* A single sliding check may be blocked by a drop on the squares between. */
    assert_moves_from("shogi", "4k4/9/9/9/4R4/9/9/9/K8 w g 1", NULL, "G*",
                      "G*5b G*5c G*5d");
    /* A knight's check cannot be blocked. */
    assert_moves_from("shogi", "4k4/9/3N5/9/9/9/9/9/K8 w g 1", NULL, "G*", "");
}
END_TEST

START_TEST(shogi_hash)
{
    bg_position *a = st_pos("shogi", NULL, NULL), *b = st_pos("shogi", NULL, NULL);
    ck_assert_uint_eq(bg_position_hash(a), bg_position_hash(b));
    const char *x[] = {"7g7f", "3c3d", "2g2f"}, *y[] = {"2g2f", "3c3d", "7g7f"};
    for (int i = 0; i < 3; i++) {
        st_play(a, x[i]);
        st_play(b, y[i]);
    }
    ck_assert_uint_eq(bg_position_hash(a), bg_position_hash(b));
    st_play(a, "4a3b");
    ck_assert_uint_ne(bg_position_hash(a), bg_position_hash(b));
    bg_position_free(a);
    bg_position_free(b);
    /* Hands and side to move are part of the key. */
    bg_position *p1 = st_pos("shogi", "4k4/9/9/9/9/9/9/9/4K4 b P 1", NULL);
    bg_position *p2 = st_pos("shogi", "4k4/9/9/9/9/9/9/9/4K4 b 2P 1", NULL);
    bg_position *p3 = st_pos("shogi", "4k4/9/9/9/9/9/9/9/4K4 b p 1", NULL);
    bg_position *p4 = st_pos("shogi", "4k4/9/9/9/9/9/9/9/4K4 w P 1", NULL);
    ck_assert_uint_ne(bg_position_hash(p1), bg_position_hash(p2));
    ck_assert_uint_ne(bg_position_hash(p1), bg_position_hash(p3));
    ck_assert_uint_ne(bg_position_hash(p1), bg_position_hash(p4));
    /* The move number is not. */
    bg_position *p5 = st_pos("shogi", "4k4/9/9/9/9/9/9/9/4K4 b P 57", NULL);
    ck_assert_uint_eq(bg_position_hash(p1), bg_position_hash(p5));
    ck_assert_int_eq(bg_position_fullmove_number(p5), 57);
    bg_position_free(p1);
    bg_position_free(p2);
    bg_position_free(p3);
    bg_position_free(p4);
    bg_position_free(p5);
}
END_TEST

START_TEST(shogi_catalogue)
{
    const bg_variant *v = st_variant("shogi");
    ck_assert_int_eq(bg_variant_width(v), 9);
    ck_assert_int_eq(bg_variant_has_drops(v), 1);
    ck_assert_str_eq(bg_variant_side_id(v, 0), "sente");
    ck_assert_str_eq(bg_variant_side_id(v, 1), "gote");
    ck_assert_int_eq(bg_variant_piece_kinds(v), 14);
    ck_assert_str_eq(bg_variant_piece_letter(v, 14), "+R");
    ck_assert_str_eq(bg_variant_piece_name(v, 13), "horse");
    ck_assert_int_ge(bg_variant_max_moves(v), 593);
    /* Square numbering: file 0 = USI file 9 (sente's left), rank 0 = USI rank i (sente's home). */
    bg_position *p = st_pos("shogi", NULL, NULL);
    ck_assert_int_eq(bg_position_piece_at(p, bg_square(v, 0, 0)), BG_PIECE(0, 2)); /* 9i lance */
    ck_assert_int_eq(bg_position_piece_at(p, bg_square(v, 7, 1)), BG_PIECE(0, 7)); /* 2h rook */
    ck_assert_int_eq(bg_position_piece_at(p, bg_square(v, 4, 8)), BG_PIECE(1, 8)); /* 5a king */
    bg_move m;
    ck_assert_int_eq(bg_move_parse(p, "7g7f", "usi", 0, &m, NULL), BG_OK);
    ck_assert_int_eq(bg_move_from(m), bg_square(v, 2, 2));
    ck_assert_int_eq(bg_move_to(m), bg_square(v, 2, 3));
    ck_assert_int_eq(bg_position_in_check(p), 0);
    bg_position_free(p);
    const char *ids[] = {"shogi",     "shoshogi",  "heianshogi",   "torishogi",
                         "minishogi", "microshogi", "judkinsshogi", "heianshogi",
                         "torishogi"};
    /* The twins that board=9x8 and rules=seed select have their own start texts. */
    const char *opts[] = {NULL, NULL, NULL, NULL, NULL, NULL, NULL, "board=9x8", "rules=seed"};
    for (int i = 0; i < 9; i++) {
        bg_position *s = st_pos(ids[i], NULL, opts[i]);
        const bg_variant *w = bg_position_variant(s);
        ck_assert_str_eq(bg_variant_id(w), ids[i]);
        ck_assert((w == st_variant(ids[i])) == (opts[i] == NULL));
        char text[128];
        st_sfen(s, text, sizeof text);
        ck_assert_str_eq(text, bg_variant_start_text(w));
        bg_position_free(s);
    }
}
END_TEST

/* ---------- Tori shogi ---------- */

START_TEST(tori_birds)
{
    /* Every bird from 4d on an empty board (the phoenixes out of its lines). */
    static const struct {
        const char *piece, *moves;
    } birds[] = {
        {"F", "4d3c 4d3d 4d3e 4d4c 4d5c 4d5d 4d5e"},                   /* falcon: all but back */
        {"+F", "4d1a 4d2b 4d2f 4d3c 4d3d 4d3e 4d4c 4d4e 4d4f 4d4g 4d5c 4d5d 4d5e 4d6b 4d6f 4d7a"},
        {"C", "4d3c 4d3e 4d4c 4d4e 4d5c 4d5e"},                        /* crane: not sideways */
        {"P", "4d3e 4d4b 4d5e"},                                       /* pheasant */
        {"L", "4d1g 4d2f 4d3e 4d4a 4d4b 4d4c 4d5e"},                   /* left quail */
        {"R", "4d3e 4d4a 4d4b 4d4c 4d5e 4d6f 4d7g"},                   /* right quail */
        {"+S", "4d2b 4d4f 4d6b"},                                      /* goose: jumps */
        {"S", "4d4c"},                                                 /* swallow */
    };
    for (size_t i = 0; i < sizeof birds / sizeof birds[0]; i++) {
        char sfen[64];
        snprintf(sfen, sizeof sfen, "1k5/7/7/3%s3/7/7/1K5 b - 1", birds[i].piece);
        assert_moves_from("torishogi", sfen, NULL, "4d", birds[i].moves);
    }
    /* Jumps are not blocked; the eagle's two-square diagonal retreat is. */
    assert_moves_from("torishogi", "1k5/7/3S3/3P3/7/7/1K5 b - 1", NULL, "4d", "4d3e 4d4b 4d5e");
    assert_moves_from("torishogi", "1k5/7/7/3+F3/2S4/7/1K5 b - 1", NULL, "4d5",
                      "4d5c 4d5d");
    /*
    ** A pinned pheasant may not jump over its pinner along the pin line (found by the random
    ** games test: 2c2e would uncover the phoenix on 2b to the quail on 2d).
    */
    assert_moves_from("torishogi", "7/5k1/5p1/5R1/5S1/7/K6 w - 1", NULL, "2c", "");
    assert_moves_from("torishogi", "7/5k1/7/5p1/5R1/5S1/K6 w - 1", NULL, "2d", "");
    assert_moves_from("torishogi", "7/3k3/7/5p1/5R1/5S1/K6 w - 1", NULL, "2d", "2d1c 2d2f 2d3c");
    /* Gote's birds are sente's turned round: gote's left quail slides down and up-left (sente's view). */
    assert_moves_from("torishogi", "1k5/7/7/3l3/7/7/1K5 w - 1", NULL, "4d",
                      "4d3c 4d4e 4d4f 4d4g 4d5c 4d6b 4d7a");
}
END_TEST

START_TEST(tori_promotion)
{
    /* Swallow and falcon must promote on a move that starts or ends in the last two ranks. */
    assert_moves_from("torishogi", "k6/7/3S3/7/7/7/6K b - 1", NULL, "4c", "4c4b+");
    assert_moves_from("torishogi", "k6/7/3F3/7/7/7/6K b - 1", NULL, "4c",
                      "4c3b+ 4c3c 4c3d 4c4b+ 4c5b+ 4c5c 4c5d");
    assert_moves_from("torishogi", "k6/3F3/7/7/7/7/6K b - 1", NULL, "4b",
                      "4b3a+ 4b3b+ 4b3c+ 4b4a+ 4b5a+ 4b5b+ 4b5c+");
    /* Other birds never promote. */
    assert_moves_from("torishogi", "k6/7/3C3/7/7/7/6K b - 1", NULL, "4c", "4c3b 4c3d 4c4b 4c4d 4c5b 4c5d");
    /* A swallow or falcon dropped in the zone stays unpromoted. */
    bg_position *p = st_pos("torishogi", "k6/7/7/7/7/7/6K b F 1", NULL);
    st_play(p, "F*4b");
    char sfen[64];
    st_sfen(p, sfen, sizeof sfen);
    ck_assert_str_eq(sfen, "k6/3F3/7/7/7/7/6K w - 2");
    bg_position_free(p);
}
END_TEST

START_TEST(tori_swallow_drops)
{
    /* Two own swallows on file 4 already: no third; one on file 3: a second is fine. */
    const char *s = "k6/7/7/7/3S3/2SS3/6K b S 1";
    assert_legal("torishogi", s, NULL, "S*4c", 0);
    assert_legal("torishogi", s, NULL, "S*5c", 1);
    assert_legal("torishogi", s, NULL, "S*3c", 1);
    /* Never on the last rank; the second-last is fine (the swallow then must promote). */
    assert_legal("torishogi", s, NULL, "S*3a", 0);
    assert_legal("torishogi", s, NULL, "S*3b", 1);
    /* Gote's swallows in hand come from sente's: letters in hand are per side. */
    assert_legal("torishogi", "k6/7/7/7/7/7/6K w s 1", NULL, "S*3g", 0);
    assert_legal("torishogi", "k6/7/7/7/7/7/6K w s 1", NULL, "S*3f", 1);
}
END_TEST

START_TEST(tori_swallow_drop_mate)
{
    /*
    ** S*1b would mate: the phoenix on 1a is boxed in by its pheasant and swallow (neither can take
    ** on 1b) and the crane on 1c guards 1b. Fairy-Stockfish's rule counts it (46 moves); we do not.
    */
    const char *s = "5pk/5s1/6C/7/7/7/K6 b S 1";
    assert_legal("torishogi", s, NULL, "S*1b", 0);
    assert_count("torishogi", s, NULL, 45);
    /* The falcon on 2b could take on 1b, but the eagle on 4d pins it: still mate, still refused. */
    assert_legal("torishogi", "5pk/5f1/6C/3+F3/7/7/K6 b S 1", NULL, "S*1b", 0);
    assert_legal("torishogi", "5pk/5f1/6C/7/7/7/K6 b S 1", NULL, "S*1b", 1);
    /* A mate by a moved bird is legal (here the crane, guarded by the falcon). */
    bg_position *p = st_pos("torishogi", "5pk/5s1/5FC/7/7/7/K6 b - 1", NULL);
    st_play(p, "1c1b");
    ck_assert_int_eq(bg_position_in_check(p), 1);
    ck_assert_int_eq(st_count(p), 0);
    bg_position_free(p);
}
END_TEST

/* ---------- Sho shogi ---------- */

START_TEST(sho_elephant_and_prince)
{
    assert_moves_from("shoshogi", "4k4/9/9/9/4E4/9/9/9/K8 b - 1", NULL, "5e",
                      "5e4d 5e4e 5e4f 5e5d 5e6d 5e6e 5e6f");
    assert_moves_from("shoshogi", "4k4/9/9/4E4/9/9/9/9/K8 b - 1", NULL, "5d",
                      "5d4c 5d4c+ 5d4d 5d4e 5d5c 5d5c+ 5d6c 5d6c+ 5d6d 5d6e");
    assert_moves_from("shoshogi", "4k4/9/9/9/4+E4/9/9/9/K8 b - 1", NULL, "5e",
                      "5e4d 5e4e 5e4f 5e5d 5e5f 5e6d 5e6e 5e6f");
    /* No drops: a capture leaves the game. */
    bg_position *p = st_pos("shoshogi", "4k4/9/9/9/4p4/4E4/9/9/K8 b - 1", NULL);
    st_play(p, "5f5e");
    char sfen[64];
    st_sfen(p, sfen, sizeof sfen);
    ck_assert_str_eq(sfen, "4k4/9/9/9/4E4/9/9/9/K8 w - 2");
    bg_position_free(p);
}
END_TEST

START_TEST(sho_two_royals)
{
    /* King and prince: the attacked king may be left (or moved) under attack. */
    const char *two = "4k4/9/9/9/4r4/9/P8/9/4K3+E b - 1";
    assert_count("shoshogi", two, NULL, 9);
    assert_legal("shoshogi", two, NULL, "9g9f", 1);
    assert_legal("shoshogi", two, NULL, "5i5h", 1);
    bg_position *p = st_pos("shoshogi", two, NULL);
    ck_assert_int_eq(bg_position_in_check(p), 1); /* in check = some royal attacked */
    st_play(p, "9g9f");
    st_play(p, "5e5i+"); /* the king is taken; the prince is now the only royal */
    ck_assert_int_eq(bg_position_in_check(p), 1);
    /* One royal: the usual check rule (the dragon on 5i sweeps rank i). */
    char got[256];
    moves_from(p, "", got, sizeof got);
    ck_assert_str_eq(got, "1i1h 1i2h");
    bg_position_free(p);
    const char *one = "4k4/9/9/9/4r4/9/P8/9/4K4 b - 1";
    assert_count("shoshogi", one, NULL, 4);
    assert_legal("shoshogi", one, NULL, "9g9f", 0);
    assert_legal("shoshogi", one, NULL, "5i5h", 0);
}
END_TEST

/* ---------- old shogi ---------- */

START_TEST(heian_promotion)
{
    const char *s = "4k4/9/9/4P4/9/9/9/9/4K4 b - 1";
    assert_moves_from("heianshogi", s, NULL, "5d", "5d5c+");
    assert_moves_from("heianshogi", s, "promotion=mandatory", "5d", "5d5c+");
    assert_moves_from("heianshogi", s, "promotion=optional", "5d", "5d5c 5d5c+");
    /* Promoted pieces move as golds; the dead-rank rule still forces a pawn on the last rank. */
    assert_moves_from("heianshogi", "k8/4P4/9/9/9/9/9/9/K8 b - 1", "promotion=optional", "5b",
                      "5b5a+");
    assert_moves_from("heianshogi", "k8/9/9/9/4+S4/9/9/9/K8 b - 1", NULL, "5e",
                      "5e4d 5e4e 5e5d 5e5f 5e6d 5e6e");
}
END_TEST

START_TEST(heian_no_drops)
{
    bg_position *p = st_pos("heianshogi", "4k4/9/9/9/4p4/4G4/9/9/K8 b - 1", "bareking=false");
    st_play(p, "5f5e");
    char sfen[64];
    st_sfen(p, sfen, sizeof sfen);
    ck_assert_str_eq(sfen, "4k4/9/9/9/4G4/9/9/9/K8 w - 2");
    bg_position_free(p);
    const bg_variant *v = st_variant("heianshogi");
    fx_expect_facts(v, "drops=0; options=3; values.0=mandatory|optional; values.1=true|false; "
                       "option.2=board; values.2=9x9|9x8");
    bg_position *q = NULL;
    ck_assert_int_eq(bg_position_new(&q, v, "promotion=sometimes", NULL, NULL),
                     BG_E_UNKNOWN_OPTION);
    ck_assert_ptr_null(q);
}
END_TEST

/* ---------- minishogi ---------- */

START_TEST(mini_zone)
{
    /* The zone is the last rank only. */
    assert_moves_from("minishogi", "k4/5/2S2/5/4K b - 1", NULL, "3c", "3c2b 3c2d 3c3b 3c4b 3c4d");
    assert_moves_from("minishogi", "k4/2S2/5/5/4K b - 1", NULL, "3b",
                      "3b2a 3b2a+ 3b2c 3b3a 3b3a+ 3b4a 3b4a+ 3b4c");
    assert_moves_from("minishogi", "k4/2P2/5/5/4K b - 1", NULL, "3b", "3b3a+");
    assert_legal("minishogi", "k4/5/5/5/4K b P 1", NULL, "P*3a", 0);
    assert_legal("minishogi", "k4/5/5/5/4K b P 1", NULL, "P*3b", 1);
}
END_TEST

int main(void)
{
    return RUN_TESTS("shogi-rules", "rules", -1, shogi_drops_never_dead, shogi_nifu,
                     shogi_uchifuzume, shogi_promotion, shogi_hand, shogi_pins_and_checks,
                     shogi_hash, shogi_catalogue, tori_birds, tori_promotion, tori_swallow_drops,
                     tori_swallow_drop_mate, sho_elephant_and_prince, sho_two_royals,
                     heian_promotion, heian_no_drops, mini_zone);
}
