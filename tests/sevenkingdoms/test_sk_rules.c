/* Seven Kingdoms scenarios with real moves: elimination (general, 10 losses), transfer and its tie rule, turn order, hegemony, alliances, last player, statistics. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "sk_helpers.h"
#include "check_main.h"

#define BIT(k) (1u << (k))

static int stat(const bg_game *g, int side, int which) { return bg_game_stat(g, side, which); }

static void ends_with(const char *text, const char *tail)
{
    size_t n = strlen(text), m = strlen(tail);
    ck_assert_msg(n >= m && !strcmp(text + n - m, tail), "position [%s] does not end with [%s]",
                  text, tail);
}

static int stm(const bg_game *g) { return bg_position_side_to_move(bg_game_position(g)); }

START_TEST(general_capture_eliminates)
{
    bg_game *g = sk_game(GENERALS " Rq:f5 Sh:h1 Hh:c1", "q - - 0 1", NULL);
    ck_assert_int_eq(bg_position_piece_at(bg_game_position(g), pt("h1")), BG_PIECE(HAN, 7));
    play_all(g, "f5f1");
    const bg_position *p = bg_game_position(g);
    ends_with(game_text(g), " c h>q qh1 0 1");
    /* 韓's remaining pieces now move for 秦; 韓 is skipped in the turn order. */
    ck_assert_int_eq(bg_position_piece_at(p, pt("h1")), BG_PIECE(QIN, 7));
    ck_assert_int_eq(bg_position_piece_at(p, pt("c1")), BG_PIECE(QIN, 10));
    ck_assert_int_eq(bg_position_piece_at(p, pt("f1")), BG_PIECE(QIN, 2));
    ck_assert_int_eq(stm(g), CHU);
    ck_assert_int_eq(stat(g, QIN, BG_STAT_CAPTURED), 1);
    ck_assert_int_eq(stat(g, HAN, BG_STAT_LOST), 1);
    ck_assert_int_eq(stat(g, HAN, BG_STAT_ELIMINATED), 1);
    ck_assert_int_eq(stat(g, QIN, BG_STAT_ELIMINATED), 0);
    ck_assert_int_eq(stat(g, QIN, BG_STAT_CONQUERED), 1);
    ck_assert_int_eq(stat(g, HAN, BG_STAT_COMMANDER), QIN);
    ck_assert_int_eq(stat(g, CHU, BG_STAT_COMMANDER), CHU);
    ck_assert_int_eq(bg_game_outcome(g), BG_ONGOING);
    play_all(g, "n1n2 s6s7 s14s15 n19n18 f19f18");
    ck_assert_int_eq(stm(g), QIN);
    ck_assert_int_eq(bg_position_fullmove_number(bg_game_position(g)), 2);
    /* 秦 moves a former 韓 piece in its own turn; then 楚 follows. */
    play_all(g, "h1h2");
    ck_assert_int_eq(stm(g), CHU);
    ck_assert_int_eq(bg_position_halfmove_clock(bg_game_position(g)), 6);
    /* Undo restores the kingdom exactly. */
    for (int i = 0; i < 7; i++)
        ck_assert_int_eq(bg_game_undo(g), BG_OK);
    ends_with(game_text(g), " q - - 0 1");
    ck_assert_int_eq(bg_position_piece_at(bg_game_position(g), pt("h1")), BG_PIECE(HAN, 7));
    bg_game_free(g);
}
END_TEST

START_TEST(ten_losses_most_captures)
{
    /* 韓 has lost 9 (秦 6, 楚 3); 楚 takes the 10th: the pieces go to 秦, who captured most. */
    bg_game *g = sk_game(GENERALS " Rc:k5 Sh:k8 Sh:a1 Rw:f9", "c - qh6,ch3 0 1", NULL);
    play_all(g, "k5k8");
    ends_with(game_text(g), " w h>q qh6,ch4 0 1");
    const bg_position *p = bg_game_position(g);
    ck_assert_int_eq(bg_position_piece_at(p, pt("f1")), BG_PIECE(QIN, 1));
    ck_assert_int_eq(bg_position_piece_at(p, pt("a1")), BG_PIECE(QIN, 7));
    ck_assert_int_eq(stat(g, HAN, BG_STAT_LOST), 10);
    ck_assert_int_eq(stat(g, CHU, BG_STAT_CAPTURED), 4);
    ck_assert_int_eq(stat(g, QIN, BG_STAT_CONQUERED), 1);
    ck_assert_int_eq(stat(g, CHU, BG_STAT_CONQUERED), 0);
    /* 韓's general, now 秦's piece, is an ordinary piece: taking it eliminates nobody. */
    play_all(g, "f9f1");
    ends_with(game_text(g), " i h>q qh6,ch4,wq1 0 1");
    ck_assert_int_eq(stat(g, QIN, BG_STAT_ELIMINATED), 0);
    ck_assert_int_eq(stat(g, QIN, BG_STAT_LOST), 1);
    bg_game_free(g);
}
END_TEST

START_TEST(transfer_ties)
{
    /* A tie with the mover among the best: the mover takes the pieces. */
    bg_game *g = sk_game(GENERALS " Rc:k5 Sh:k8", "c - qh5,ch4 0 1", NULL);
    play_all(g, "k5k8");
    ends_with(game_text(g), " w h>c qh5,ch5 0 1");
    bg_game_free(g);
    /* A tie without the mover: the first tied kingdom after the mover in turn order (魏, not 秦). */
    g = sk_game(GENERALS " Rc:k5 Sh:k8", "c - qh4,wh4,ch1 0 1", NULL);
    play_all(g, "k5k8");
    ends_with(game_text(g), " w h>w qh4,ch2,wh4 0 1");
    ck_assert_int_eq(stat(g, HAN, BG_STAT_COMMANDER), WEI);
    bg_game_free(g);
    /* Eliminated kingdoms do not compete: 秦 (out, 6 captures) loses to 楚 and 魏 (2 each). */
    g = sk_game("Gh:f1 Gc:n1 Gw:s6 Gi:s14 Gy:n19 Gz:f19 Sq:a1 Rc:k5 Sh:k8",
                "c q>w qh6,ch1,wq1,wh2 0 1", NULL);
    ck_assert_int_eq(bg_position_piece_at(bg_game_position(g), pt("a1")), BG_PIECE(WEI, 7));
    play_all(g, "k5k8");
    ends_with(game_text(g), " w q>w,h>c qh6,ch2,wq1,wh2 0 1");
    bg_game_free(g);
}
END_TEST

START_TEST(chained_transfer_and_turn_order)
{
    /* 魏 was taken over by 韓, 趙 by 燕; 秦 now takes 韓's general: 秦 commands 韓's and 魏's armies. */
    bg_game *g = sk_game("Gq:a10 Gh:f1 Gc:n1 Gi:s14 Gy:n19 Rq:f5 Sw:r5 Hz:c19",
                         "q w>h,z>y hw1,yz1 0 1", NULL);
    ck_assert_int_eq(bg_position_piece_at(bg_game_position(g), pt("r5")), BG_PIECE(HAN, 7));
    ck_assert_int_eq(bg_position_piece_at(bg_game_position(g), pt("c19")), BG_PIECE(YAN, 10));
    play_all(g, "f5f1");
    ends_with(game_text(g), " c h>q,w>h,z>y qh1,hw1,yz1 0 1");
    ck_assert_int_eq(bg_position_piece_at(bg_game_position(g), pt("r5")), BG_PIECE(QIN, 7));
    ck_assert_int_eq(stat(g, WEI, BG_STAT_COMMANDER), QIN);
    /* Turn order skips 韓, 魏 and 趙: 楚 齊 燕, then 秦 in round 2. */
    static const int order[] = {CHU, QI, YAN, QIN, CHU};
    static const char *const moves[] = {"n1n2", "s14s15", "n19n18", "a10a11"};
    for (int i = 0; i < 4; i++) {
        ck_assert_int_eq(stm(g), order[i]);
        play_all(g, moves[i]);
    }
    ck_assert_int_eq(stm(g), order[4]);
    ck_assert_int_eq(bg_position_fullmove_number(bg_game_position(g)), 2);
    bg_game_free(g);
}
END_TEST

START_TEST(hegemony_by_two_eliminations)
{
    bg_game *g = sk_game("Gq:a10 Gc:n1 Gw:s6 Gi:s14 Gy:n19 Gz:f19 Rq:n5", "q h>q qh1 0 1", NULL);
    play_all(g, "n5n1");
    ck_assert_int_eq(bg_game_outcome(g), BG_WIN);
    ck_assert_uint_eq(bg_game_winners(g), BIT(QIN));
    ck_assert_int_eq(bg_game_reason(g), BG_REASON_HEGEMONY);
    ck_assert_int_eq(stat(g, QIN, BG_STAT_CONQUERED), 2);
    const bg_position *p = bg_game_position(g);
    ck_assert_int_eq(bg_position_legal_moves(p, NULL, 0), 0);
    ck_assert_uint_eq(bg_position_perft(p, 1), 0);
    ck_assert_int_eq(bg_game_play_text(g, "a10a11", "uci", 0), BG_E_GAME_OVER);
    ck_assert_int_eq(bg_game_play(g, bg_move_make(pt("a10"), pt("a11"), 0)), BG_E_GAME_OVER);
    bg_game_free(g);
    /* The conquest goes to the conqueror, not the mover: 楚 takes 魏's 10th piece, 秦 (6 of 魏's
       pieces, and 韓 already) gets 魏 and with it the hegemony. */
    g = sk_game("Gq:a10 Gc:n1 Gw:s6 Gi:s14 Gy:n19 Gz:f19 Rc:k5 Sw:k8", "c h>q qh1,qw6,cw3 0 1",
                NULL);
    play_all(g, "k5k8");
    ck_assert_uint_eq(bg_game_winners(g), BIT(QIN));
    ck_assert_int_eq(bg_game_reason(g), BG_REASON_HEGEMONY);
    bg_game_free(g);
}
END_TEST

START_TEST(hegemony_by_thirty_captures)
{
    bg_game *g = sk_game(GENERALS " Rq:j3 Sy:j7", "q - qh9,qc9,qw9,qi2 0 1", NULL);
    ck_assert_int_eq(stat(g, QIN, BG_STAT_CAPTURED), 29);
    ck_assert_int_eq(bg_game_outcome(g), BG_ONGOING);
    play_all(g, "j3j7");
    ck_assert_int_eq(stat(g, QIN, BG_STAT_CAPTURED), 30);
    ck_assert_uint_eq(bg_game_winners(g), BIT(QIN));
    ck_assert_int_eq(bg_game_reason(g), BG_REASON_HEGEMONY);
    bg_game_free(g);
    /* One capture makes two kingdoms qualify (楚 its 30th capture, 秦 its 2nd conquest): the mover wins. */
    g = sk_game("Gq:a10 Gc:n1 Gw:s6 Gi:s14 Gy:n19 Gz:f19 Rc:k5 Sw:k8",
                "c h>q qh1,qw6,cw3,ci9,cy9,cz8 0 1", NULL);
    play_all(g, "k5k8");
    ck_assert_uint_eq(bg_game_winners(g), BIT(CHU));
    ck_assert_int_eq(bg_game_reason(g), BG_REASON_HEGEMONY);
    ck_assert_int_eq(stat(g, QIN, BG_STAT_CONQUERED), 2);
    bg_game_free(g);
    /* A position text of a finished game is read as finished. */
    bg_game *done = sk_game(GENERALS, "h - qh9,qc9,qw9,qi3 0 1", NULL);
    ck_assert_int_eq(bg_game_outcome(done), BG_WIN);
    ck_assert_uint_eq(bg_game_winners(done), BIT(QIN));
    bg_game_free(done);
}
END_TEST

START_TEST(alliances_win_together)
{
    /* players=6: 秦+韓. 秦 conquers its second kingdom: both win. */
    bg_game *g = sk_game("Gq:a10 Gh:f1 Gc:n1 Gi:s14 Gy:n19 Gz:f19 Rq:n5", "q w>q qw1 0 1",
                         "players=6");
    play_all(g, "n5n1");
    ck_assert_uint_eq(bg_game_winners(g), BIT(QIN) | BIT(HAN));
    ck_assert_int_eq(bg_game_reason(g), BG_REASON_HEGEMONY);
    bg_game_free(g);
    /* players=3 (秦+韓+趙, 楚+魏, 齊+燕): 楚 went to 齊, 齊 to 秦, 魏 to 燕; 韓 takes 燕's general.
       Nobody has two conquests, but only 秦's player is left: it wins by elimination. */
    g = sk_game("Gq:a10 Gh:f1 Gy:n19 Gz:f19 Rh:n15", "h c>i,w>y,i>q qi1,ic1,yw1 0 1",
                "players=3");
    ck_assert_int_eq(bg_game_outcome(g), BG_ONGOING);
    play_all(g, "n15n19");
    ck_assert_int_eq(bg_game_outcome(g), BG_WIN);
    ck_assert_uint_eq(bg_game_winners(g), BIT(QIN) | BIT(HAN) | BIT(ZHAO));
    ck_assert_int_eq(bg_game_reason(g), BG_REASON_ELIMINATION);
    bg_game_free(g);
    /* Allies cannot have captured each other in a position text. */
    refused(sk_text(GENERALS, "q - qh1 0 1"), "players=6", 0, BG_E_INVALID_POSITION, (size_t)-1);
}
END_TEST

START_TEST(resignation)
{
    bg_game *g = NULL;
    ck_assert_int_eq(bg_game_new(&g, sk(), "players=4", NULL, NULL), BG_OK);
    ck_assert_int_eq(bg_game_resign(g, CHU), BG_OK);
    ck_assert_int_eq(bg_game_outcome(g), BG_WIN);
    ck_assert_uint_eq(bg_game_winners(g), 0x7fu & ~(BIT(CHU) | BIT(WEI)));
    ck_assert_int_eq(bg_game_reason(g), BG_REASON_RESIGNATION);
    bg_game_free(g);
    /* An eliminated kingdom does not win by another's resignation. */
    g = sk_game("Gq:a10 Gc:n1 Gw:s6 Gi:s14 Gy:n19 Gz:f19", "c h>q qh1 0 1", NULL);
    ck_assert_int_eq(bg_game_resign(g, WEI), BG_OK);
    ck_assert_uint_eq(bg_game_winners(g), BIT(QIN) | BIT(CHU) | BIT(QI) | BIT(YAN) | BIT(ZHAO));
    bg_game_free(g);
}
END_TEST

START_TEST(check_and_flags)
{
    bg_position *p = sk_pos(GENERALS " Rh:a15 Rq:e5 Sh:e1", "q - - 0 1", NULL);
    ck_assert_int_eq(bg_position_in_check(p), 1);
    /* Capturing on e1 attacks 韓's general next to it; d5 attacks no general; f5 two of them. */
    ck_assert_uint_eq(bg_position_move_flags(p, bg_move_make(pt("e5"), pt("e1"), 0)),
                      BG_FLAG_CAPTURE | BG_FLAG_CHECK);
    ck_assert_uint_eq(bg_position_move_flags(p, bg_move_make(pt("e5"), pt("d5"), 0)), 0);
    ck_assert_uint_eq(bg_position_move_flags(p, bg_move_make(pt("e5"), pt("f5"), 0)), BG_FLAG_CHECK);
    bg_position_free(p);
    /* An ally's deputy is no threat. */
    p = sk_pos(GENERALS " Rh:a15", "q - - 0 1", "players=6");
    ck_assert_int_eq(bg_position_in_check(p), 0);
    bg_position_free(p);
}
END_TEST

START_TEST(hash_and_transposition)
{
    bg_game *a = NULL, *b = NULL;
    ck_assert_int_eq(bg_game_new(&a, sk(), NULL, NULL, NULL), BG_OK);
    ck_assert_int_eq(bg_game_new(&b, sk(), NULL, NULL, NULL), BG_OK);
    /* 秦 plays its two moves in either order; the others the same moves in both games. */
    const char *r1 = " f5f6 n5n6 o6o7 o14o13 n15n14 f15f14 ", *r2 = " f6f7 n6n7 o7o8 o13o12 n14n13 f14f13";
    char la[256], lb[256];
    snprintf(la, sizeof la, "e10e11%sd10d11%s", r1, r2);
    snprintf(lb, sizeof lb, "d10d11%se10e11%s", r1, r2);
    play_all(a, la);
    play_all(b, lb);
    char ta[1024];
    snprintf(ta, sizeof ta, "%s", game_text(a));
    ck_assert_str_eq(ta, game_text(b));
    ck_assert_uint_eq(bg_position_hash(bg_game_position(a)), bg_position_hash(bg_game_position(b)));
    ck_assert_uint_ne(bg_position_hash(bg_game_position(a)),
                      bg_position_hash(bg_game_start_position(a)));
    /* The keys are part of the library's stable output. */
    ck_assert_uint_eq(bg_position_hash(bg_game_start_position(a)), UINT64_C(0x33867791bdb793ba));
    bg_game_free(a);
    bg_game_free(b);
    /* The capture table and the eliminations are part of the hash. */
    bg_position *p = sk_pos(GENERALS, "q - - 0 1", NULL), *q = sk_pos(GENERALS, "q - ch1 0 1", NULL);
    bg_position *r = sk_pos(GENERALS, "h - - 0 1", NULL);
    ck_assert_uint_ne(bg_position_hash(p), bg_position_hash(q));
    ck_assert_uint_ne(bg_position_hash(p), bg_position_hash(r));
    bg_position_free(p);
    bg_position_free(q);
    bg_position_free(r);
}
END_TEST

START_TEST(generic_stats)
{
    /* Variants without their own statistics count captures over the main line. */
    bg_game *g = NULL;
    ck_assert_int_eq(bg_game_new(&g, bg_variant_find("chess"), NULL, NULL, NULL), BG_OK);
    static const char *const moves[] = {"e4", "d5", "exd5", "Qxd5", "Nc3", "Qa5", "d4", "c6"};
    for (int i = 0; i < 8; i++)
        ck_assert_int_eq(bg_game_play_text(g, moves[i], "san", 0), BG_OK);
    ck_assert_int_eq(bg_game_stat(g, 0, BG_STAT_CAPTURED), 1);
    ck_assert_int_eq(bg_game_stat(g, 1, BG_STAT_CAPTURED), 1);
    ck_assert_int_eq(bg_game_stat(g, 0, BG_STAT_LOST), 1);
    ck_assert_int_eq(bg_game_stat(g, 0, BG_STAT_ELIMINATED), 0);
    ck_assert_int_eq(bg_game_stat(g, 1, BG_STAT_COMMANDER), 1);
    ck_assert_int_eq(bg_game_stat(g, 2, BG_STAT_CAPTURED), BG_E_INVALID_ARGUMENT);
    ck_assert_int_eq(bg_game_stat(g, 0, 0), BG_E_INVALID_ARGUMENT);
    ck_assert_int_eq(bg_game_stat(g, 0, 6), BG_E_INVALID_ARGUMENT);
    ck_assert_int_eq(bg_game_stat(NULL, 0, BG_STAT_LOST), BG_E_INVALID_ARGUMENT);
    bg_game_free(g);
    /* En passant: the pawn taken is not on the target square; castling takes nothing. */
    ck_assert_int_eq(bg_game_new(&g, bg_variant_find("chess"), NULL, NULL, NULL), BG_OK);
    static const char *const ep[] = {"e4", "a6", "e5", "d5", "exd6", "Nf6", "Nf3", "e6", "Bc4", "b6", "O-O"};
    for (int i = 0; i < 11; i++)
        ck_assert_int_eq(bg_game_play_text(g, ep[i], "san", 0), BG_OK);
    ck_assert_int_eq(bg_game_stat(g, 0, BG_STAT_CAPTURED), 1);
    ck_assert_int_eq(bg_game_stat(g, 1, BG_STAT_LOST), 1);
    ck_assert_int_eq(bg_game_stat(g, 1, BG_STAT_CAPTURED), 0);
    bg_game_free(g);
}
END_TEST

int main(void)
{
    return RUN_TESTS("sevenkingdoms-rules", "rules", -1, general_capture_eliminates,
                     ten_losses_most_captures, transfer_ties, chained_transfer_and_turn_order,
                     hegemony_by_two_eliminations, hegemony_by_thirty_captures,
                     alliances_win_together, resignation, check_and_flags, hash_and_transposition,
                     generic_stats);
}
