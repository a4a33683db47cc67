/* Seven Kingdoms options players (fewer kingdoms: the others empty) and alliances=seed|free (seed 002's table): real games, position text, skr records. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "sk_helpers.h"
#include "check_main.h"

#define BIT(k) (1u << (k))

static int stm(const bg_game *g) { return bg_position_side_to_move(bg_game_position(g)); }

/* The options are accepted, or refused with BG_E_UNKNOWN_OPTION at `offset` and `words` in the message. */
static void accepted(const char *options)
{
    bg_position *p = NULL;
    bg_error e = BG_ERROR_INIT;
    ck_assert_msg(bg_position_new(&p, sk(), options, NULL, &e) == BG_OK, "%s: %s", options,
                  e.message);
    bg_position_free(p);
}

static void refused_option(const char *options, size_t offset, const char *words)
{
    bg_position *p = (bg_position *)1;
    bg_error e = BG_ERROR_INIT;
    ck_assert_msg(bg_position_new(&p, sk(), options, NULL, &e) == BG_E_UNKNOWN_OPTION,
                  "%s accepted", options);
    ck_assert_ptr_null(p);
    ck_assert_msg(e.offset == offset, "%s: offset %zu, expected %zu (%s)", options, e.offset,
                  offset, e.message);
    ck_assert_msg(strstr(e.message, words) != NULL, "%s: message '%s' lacks '%s'", options,
                  e.message, words);
}

/* Every form of seed 002's table is accepted; a grouping outside it only with alliances=free. */
START_TEST(seed_table)
{
    static const char *const forms[] = {
        "players=qin,han,chu,wei,qi,yan,zhao",
        "players=qin+han,chu,wei,qi,yan,zhao",         /* 6: 秦 with any one but 楚 */
        "players=qin+qi,chu,wei,han,yan,zhao",
        "players=qin+han,chu+wei,qi,yan,zhao",         /* 5: and 楚 with any one */
        "players=qin+yan,chu+qi,han,wei,zhao",
        "players=qin+han,chu+wei,qi+yan,zhao",         /* 4: 秦, 楚, 齊 each with one */
        "players=qin+zhao,chu+han,qi+wei,yan",
        "players=qin+han+zhao,chu+wei,qi+yan",         /* 3: 3-2-2, 秦's group of three */
        "players=qin+wei+yan,chu+zhao,qi+han",
        "players=3", "players=4", "players=5", "players=6", "players=7",
    };
    for (size_t i = 0; i < sizeof forms / sizeof forms[0]; i++) {
        accepted(forms[i]);
        char free_opt[128];
        snprintf(free_opt, sizeof free_opt, "alliances=free;%s", forms[i]);
        accepted(free_opt);
    }
    static const struct {
        const char *options, *words;
    } outside[] = {
        {"players=qin+chu,han,wei,qi,yan,zhao", "6人對局時,秦可以和除楚以外的任一國家聯盟"},
        {"players=han+wei,qin,chu,qi,yan,zhao", "6人對局時"},
        {"players=qin+han,wei+yan,chu,qi,zhao", "5人對局時,除秦外,楚亦和任一國家聯盟"},
        {"players=qin+han+wei,chu,qi,yan,zhao", "5人對局時"},
        {"players=qin+han,chu+wei,qi,yan+zhao", "4人對局時,秦、楚、齊分別和另一國家聯盟"},
        {"players=qin+qi,chu+wei,han+yan,zhao", "4人對局時"},
        {"players=qin+han,chu+wei+zhao,qi+yan", "3人對局時,秦再和剩餘的一國聯盟,形成3-2-2對峙"},
        {"players=qin+han+zhao,chu+qi,wei+yan", "3人對局時"},
        {"players=qin+han+chu+wei,qi+yan+zhao", "for 3 to 7"},
    };
    for (size_t i = 0; i < sizeof outside / sizeof outside[0]; i++) {
        /* The value starts at byte 8 of the options text: the grouping as a whole is wrong. */
        refused_option(outside[i].options, 8, outside[i].words);
        refused_option(outside[i].options, 8, "alliances=free");
        char free_opt[128];
        snprintf(free_opt, sizeof free_opt, "%s;alliances=free", outside[i].options);
        accepted(free_opt);
    }
    /* The errors point at what is wrong; one kingdom or one player is never a game. */
    refused_option("players=qin,foo,han", 12, "'foo' is not a kingdom");
    refused_option("alliances=free;players=qin+han,han", 31, "han is named twice");
    refused_option("players=qin", 8, "at least two players");
    refused_option("players=qin+han;alliances=free", 8, "at least two players");
    refused_option("players=qin+han,chu", 8, "也可以玩家各佔一國,而空其餘國");
    refused_option("alliances=loose", 10, "seed|free");
    accepted("players=qin+han,chu;alliances=free");
    accepted("players=qin+han+chu+wei,qi+yan+zhao;alliances=free");
}
END_TEST

/* Kingdoms not named are empty: their pieces are not on the board, the others start as usual. */
START_TEST(start_without_empty_kingdoms)
{
    bg_position *full = NULL, *p = NULL;
    ck_assert_int_eq(bg_position_new(&full, sk(), NULL, NULL, NULL), BG_OK);
    ck_assert_int_eq(bg_position_new(&p, sk(), "players=qin,chu,qi", NULL, NULL), BG_OK);
    int pieces = 0;
    for (int point = 0; point < 19 * 19; point++) {
        const bg_piece a = bg_position_piece_at(full, point), b = bg_position_piece_at(p, point);
        const int side = BG_PIECE_SIDE(a);
        const int kept = a != BG_PIECE_NONE && (side == QIN || side == CHU || side == QI || side == 7);
        ck_assert_msg(b == (kept ? a : BG_PIECE_NONE), "point %d", point);
        pieces += b != BG_PIECE_NONE;
    }
    ck_assert_int_eq(pieces, 3 * 17 + 1);
    ck_assert_int_eq(bg_position_side_to_move(p), QIN);
    /* Without 秦, 韓 opens (the first kingdom named in turn order). */
    bg_position *q = NULL;
    ck_assert_int_eq(bg_position_new(&q, sk(), "players=zhao,wei,han", NULL, NULL), BG_OK);
    ck_assert_int_eq(bg_position_side_to_move(q), HAN);
    /* Its text reads back with the same options, and only with options that leave them empty. */
    char text[1024];
    ck_assert_int_gt(bg_position_text(q, NULL, text, sizeof text), 0);
    ck_assert(strstr(text, " h - - 0 1") != NULL);
    bg_position *back = NULL;
    ck_assert_int_eq(bg_position_from_text(&back, sk(), text, NULL, "players=han,wei,zhao", 0, NULL,
                                           NULL),
                     BG_OK);
    ck_assert_uint_eq(bg_position_hash(back), bg_position_hash(q));
    bg_position_free(back);
    refused(text, NULL, 0, BG_E_INVALID_POSITION, (size_t)-1); /* 秦 in play without a general */
    bg_position_free(q);
    bg_position_free(p);
    bg_position_free(full);
}
END_TEST

/* Turns go round the kingdoms present only. */
START_TEST(turn_order_among_present)
{
    bg_game *g = NULL;
    ck_assert_int_eq(bg_game_new(&g, sk(), "players=wei,han,yan", NULL, NULL), BG_OK);
    const int order[] = {HAN, WEI, YAN, HAN, WEI};
    const char *moves[] = {"f5f6", "o6o7", "n15n14", "f6f7"};
    for (int i = 0; i < 4; i++) {
        ck_assert_int_eq(stm(g), order[i]);
        ck_assert_int_eq(bg_position_fullmove_number(bg_game_position(g)), 1 + i / 3);
        play_all(g, moves[i]);
    }
    ck_assert_int_eq(stm(g), order[4]);
    bg_game_free(g);
}
END_TEST

/* Position text: a piece, an elimination, a capture or the side to move of an empty kingdom is refused. */
START_TEST(text_of_empty_kingdoms)
{
    const char *opt = "players=qin,chu,qi";
    const char *three = "Gq:a10 Gc:n1 Gi:s14";
    bg_position *p = sk_pos(three, "q - - 0 1", opt);
    bg_position_free(p);
    p = sk_pos(three, "c - qc2,iq1 3 5", opt);
    bg_position_free(p);
    /* Empty kingdoms count for nothing: 趙 with 9 losses is in play, and a 10th eliminates it. */
    bg_game *g = sk_game("Gh:f1 Gz:f19 Rh:f10 Sz:f12", "h - hz9 0 1", "players=han,zhao");
    ck_assert_int_eq(bg_game_stat(g, ZHAO, BG_STAT_LOST), 9);
    ck_assert_int_eq(bg_game_stat(g, HAN, BG_STAT_CONQUERED), 0);
    play_all(g, "f10f12");
    ck_assert_int_eq(bg_game_stat(g, ZHAO, BG_STAT_ELIMINATED), 1);
    ck_assert_uint_eq(bg_game_winners(g), BIT(HAN));
    bg_game_free(g);
    const char *text = sk_text("Gq:a10 Gc:n1 Gi:s14 Sh:b2", "q - - 0 1");
    refused(text, opt, 0, BG_E_INVALID_POSITION, (size_t)(strstr(text, "Sh") - text));
    text = sk_text(three, "h - - 0 1");
    refused(text, opt, 0, BG_E_INVALID_POSITION, (size_t)(strstr(text, " h ") - text + 1));
    text = sk_text(three, "q h>q qh1 0 1");
    refused(text, opt, 0, BG_E_INVALID_POSITION, (size_t)(strstr(text, "h>q") - text));
    text = sk_text(three, "q - qc1,wq1 0 1");
    refused(text, opt, 0, BG_E_INVALID_POSITION, (size_t)(strstr(text, "wq1") - text));
}
END_TEST

/* Elimination and the last player standing among those present: two kingdoms, one general taken. */
START_TEST(last_player_among_present)
{
    bg_game *g = sk_game("Gq:a10 Gc:n1 Rq:n5 Sc:b2", "q - - 0 1", "players=chu,qin");
    ck_assert_int_eq(bg_game_outcome(g), BG_ONGOING);
    play_all(g, "n5n1");
    ck_assert_int_eq(bg_game_outcome(g), BG_WIN);
    ck_assert_uint_eq(bg_game_winners(g), BIT(QIN));
    ck_assert_int_eq(bg_game_reason(g), BG_REASON_ELIMINATION);
    ck_assert_int_eq(bg_position_legal_moves(bg_game_position(g), NULL, 0), 0);
    /* An empty kingdom is neither in play nor eliminated, and commands its (absent) army itself. */
    ck_assert_int_eq(bg_game_stat(g, HAN, BG_STAT_ELIMINATED), 0);
    ck_assert_int_eq(bg_game_stat(g, CHU, BG_STAT_ELIMINATED), 1);
    ck_assert_int_eq(bg_game_stat(g, HAN, BG_STAT_COMMANDER), HAN);
    bg_game_free(g);
}
END_TEST

/* Hegemony among present kingdoms: 秦 conquers its second kingdom while 燕 is still in play. */
START_TEST(hegemony_among_present)
{
    bg_game *g = sk_game("Gq:a10 Gi:s14 Gy:n19 Rq:s5", "q c>q qc1 0 1", "players=qin,chu,qi,yan");
    play_all(g, "s5s14");
    ck_assert_int_eq(bg_game_outcome(g), BG_WIN);
    ck_assert_uint_eq(bg_game_winners(g), BIT(QIN));
    ck_assert_int_eq(bg_game_reason(g), BG_REASON_HEGEMONY);
    bg_game_free(g);
    /* A resignation: the other players with a kingdom in play win, no empty kingdom among them. */
    ck_assert_int_eq(bg_game_new(&g, sk(), "players=qin,chu,qi", NULL, NULL), BG_OK);
    ck_assert_int_eq(bg_game_resign(g, QIN), BG_OK);
    ck_assert_uint_eq(bg_game_winners(g), BIT(CHU) | BIT(QI));
    bg_game_free(g);
    /* With alliances=free, two players of several kingdoms, some empty: allies win together. */
    g = sk_game("Gq:a10 Gh:f1 Gc:n1 Rq:n5 Xq:f4", "q - - 0 1", "players=qin+han,chu;alliances=free");
    ck_assert(!bg_position_is_legal(bg_game_position(g), bg_move_make(pt("f4"), pt("f1"), 0)));
    ck_assert(bg_position_is_legal(bg_game_position(g), bg_move_make(pt("f4"), pt("f2"), 0)));
    play_all(g, "n5n1");
    ck_assert_uint_eq(bg_game_winners(g), BIT(QIN) | BIT(HAN));
    ck_assert_int_eq(bg_game_reason(g), BG_REASON_ELIMINATION);
    bg_game_free(g);
}
END_TEST

static bg_game *import_one(const char *text, const char *options, bg_error *e)
{
    bg_record_reader *r = NULL;
    ck_assert_int_eq(bg_record_reader_new(&r, sk(), "skr", text, strlen(text), options, NULL, e),
                     BG_OK);
    bg_game *g = NULL;
    bg_status s = bg_record_reader_next(r, &g, e);
    bg_record_reader_free(r);
    return s == BG_OK ? g : NULL;
}

static char *export_game(const bg_game *g)
{
    static char buf[8192];
    const int n = bg_game_export(g, "skr", buf, sizeof buf);
    ck_assert(n > 0 && n < (int)sizeof buf);
    return buf;
}

/* skr records: the Players tag names only the kingdoms present; Alliances "free" when needed. */
START_TEST(records)
{
    bg_game *g = NULL;
    ck_assert_int_eq(bg_game_new(&g, sk(), "players=qi,chu,qin", NULL, NULL), BG_OK);
    play_all(g, "e10e13 n5n8 o14m14 e13e14");
    const char *text = export_game(g);
    ck_assert_str_eq(text, "[Players \"qin,chu,qi\"]\n[Result \"*\"]\n\n"
                           "1. q:e10e13 c:n5n8 i:o14m14\n2. q:e13e14\n");
    bg_error e = BG_ERROR_INIT;
    bg_game *back = import_one(text, NULL, &e);
    ck_assert_msg(back != NULL, "%s", e.message);
    ck_assert_int_eq(bg_game_ply_count(back), 4);
    ck_assert_uint_eq(bg_position_hash(bg_game_position(back)), bg_position_hash(bg_game_position(g)));
    bg_game_free(back);
    bg_game_free(g);

    ck_assert_int_eq(bg_game_new(&g, sk(), "players=qin+chu,han,wei,qi,yan,zhao;alliances=free",
                                 NULL, NULL), BG_OK);
    play_all(g, "e10e13");
    text = export_game(g);
    ck_assert(strstr(text, "[Players \"qin+chu,han,wei,qi,yan,zhao\"]\n[Alliances \"free\"]\n") != NULL);
    back = import_one(text, NULL, &e);
    ck_assert_msg(back != NULL, "%s", e.message);
    ck_assert_str_eq(export_game(back), text);
    bg_game_free(back);
    bg_game_free(g);

    /* Without the Alliances tag the grouping is refused, the error pointing into the Players value. */
    const char *rec = "[Event \"x\"]\n[Players \"qin+chu,han,wei,qi,yan,zhao\"]\n\n1. q:e10e13\n";
    ck_assert_ptr_null(import_one(rec, NULL, &e));
    ck_assert_int_eq(e.code, BG_E_UNKNOWN_OPTION);
    ck_assert_int_eq(e.line, 2);
    ck_assert_uint_eq(e.offset, (size_t)(strstr(rec, "qin+chu") - rec));
    ck_assert(strstr(e.message, "6人對局時") != NULL);
    /* The reader's own options may allow it. */
    g = import_one(rec, "alliances=free", &e);
    ck_assert_msg(g != NULL, "%s", e.message);
    bg_game_free(g);
    rec = "[Players \"qin,foo\"]\n";
    ck_assert_ptr_null(import_one(rec, NULL, &e));
    ck_assert_uint_eq(e.offset, (size_t)(strstr(rec, "foo") - rec));
    rec = "[Alliances \"loose\"]\n[Players \"qin,chu\"]\n";
    ck_assert_ptr_null(import_one(rec, NULL, &e));
    ck_assert_uint_eq(e.offset, (size_t)(strstr(rec, "loose") - rec));
    ck_assert_int_eq(e.line, 1);
}
END_TEST

/* The options are listed with their values. */
START_TEST(options_listed)
{
    ck_assert_int_eq(bg_variant_option_count(sk()), 2);
    ck_assert_str_eq(bg_variant_option_name(sk(), 0), "players");
    ck_assert_str_eq(bg_variant_option_name(sk(), 1), "alliances");
    ck_assert_str_eq(bg_variant_option_values(sk(), 1), "seed|free");
}
END_TEST

int main(void)
{
    return RUN_TESTS("sevenkingdoms-players", "players", -1, seed_table,
                     start_without_empty_kingdoms, turn_order_among_present, text_of_empty_kingdoms,
                     last_player_among_present, hegemony_among_present, records, options_listed);
}
