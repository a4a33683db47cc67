/* Pictures: bg_position_svg and bg_position_diagram for every variant (snprintf convention, contents, options and their errors). */
#include <check.h>
#include <stdlib.h>

#include "positions.h"
#include "check_main.h"

static bg_position *start(const char *id)
{
    bg_position *pos = NULL;
    ck_assert_int_eq(bg_position_new(&pos, bg_variant_find(id), NULL, NULL, NULL), BG_OK);
    return pos;
}

/* The whole SVG (or diagram) as a malloc'd string, checking the snprintf convention on the way. */
static char *picture(int (*fn)(const bg_position *, const char *, char *, size_t),
                     const bg_position *pos, const char *options)
{
    int n = fn(pos, options, NULL, 0);
    ck_assert_int_gt(n, 0);
    char *buf = malloc((size_t)n + 1);
    ck_assert_ptr_nonnull(buf);
    ck_assert_int_eq(fn(pos, options, buf, (size_t)n + 1), n);
    ck_assert_uint_eq(strlen(buf), (size_t)n);
    /* Truncated: the same prefix, NUL-terminated, and still the full length returned. */
    char small[17];
    memset(small, 'x', sizeof small);
    ck_assert_int_eq(fn(pos, options, small, 16), n);
    ck_assert_uint_eq(strlen(small), 15);
    ck_assert(memcmp(small, buf, 15) == 0);
    ck_assert_int_eq(small[16], 'x');
    return buf;
}

static int count(const char *text, const char *needle)
{
    int n = 0;
    for (const char *p = strstr(text, needle); p; p = strstr(p + 1, needle))
        n++;
    return n;
}

START_TEST(every_variant_draws)
{
    for (size_t i = 0; i < MIDGAMES; i++) {
        bg_position *pos = start(midgames[i].variant);
        char *svg = picture(bg_position_svg, pos, NULL);
        ck_assert_msg(!strncmp(svg, "<svg xmlns=\"http://www.w3.org/2000/svg\"", 39), "%s", midgames[i].variant);
        ck_assert(strstr(svg, "</svg>\n") && svg[strlen(svg) - 1] == '\n');
        ck_assert(strstr(svg, "<title>"));
        free(svg);
        char *text = picture(bg_position_diagram, pos, NULL);
        ck_assert(strstr(text, "\n"));
        free(text);
        bg_position_free(pos);
        char options[256];
        pos = midgame_position(&midgames[i], options, sizeof options);
        ck_assert_ptr_nonnull(pos);
        ck_assert_int_eq(bg_picture_options_check(bg_position_variant(pos), options, NULL), BG_OK);
        svg = picture(bg_position_svg, pos, options);
        char *plain = picture(bg_position_svg, pos, NULL);
        ck_assert_str_ne(svg, plain); /* the highlights, marks and arrows show */
        ck_assert_int_ge(count(svg, "stroke=\"#d7263d\""), 1); /* the mark */
        ck_assert_int_ge(count(svg, "fill=\"#15781b\""), 1);   /* an arrow */
        char flipped[300];
        snprintf(flipped, sizeof flipped, "%s,flip=true", options);
        char *f = picture(bg_position_svg, pos, flipped);
        ck_assert_str_ne(svg, f);
        free(f);
        free(svg);
        free(plain);
        bg_position_free(pos);
    }
}
END_TEST

START_TEST(chess_pieces_are_drawn)
{
    bg_position *pos = start("chess");
    char *svg = picture(bg_position_svg, pos, NULL);
    ck_assert_int_eq(count(svg, "<use xlink:href=\"#w"), 16);
    ck_assert_int_eq(count(svg, "<use xlink:href=\"#b"), 16);
    ck_assert_int_eq(count(svg, "<use xlink:href=\"#wk\""), 1);
    ck_assert_int_eq(count(svg, "<g id=\""), 12); /* twelve figurines, drawn: no font */
    ck_assert_int_eq(count(svg, "fill=\"#b58a63\""), 32); /* dark squares */
    ck_assert_ptr_nonnull(strstr(svg, "width=\"396\""));
    ck_assert_ptr_nonnull(strstr(svg, "<title>Western chess (FIDE): rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1</title>"));
    free(svg);
    svg = picture(bg_position_svg, pos, "coordinates=false,size=200");
    ck_assert_ptr_nonnull(strstr(svg, "viewBox=\"0 0 800 800\" width=\"200\" height=\"200\""));
    ck_assert_ptr_null(strstr(svg, ">a</text>"));
    free(svg);
    char *text = picture(bg_position_diagram, pos, NULL);
    ck_assert_str_eq(text, "8 r n b q k b n r\n7 p p p p p p p p\n6 . . . . . . . .\n"
                           "5 . . . . . . . .\n4 . . . . . . . .\n3 . . . . . . . .\n"
                           "2 P P P P P P P P\n1 R N B Q K B N R\n  a b c d e f g h\nWhite to move\n");
    free(text);
    text = picture(bg_position_diagram, pos, "flip=true,coordinates=false");
    ck_assert(!strncmp(text, "R N B K Q B N R\nP P P P P P P P\n", 32));
    free(text);
    /* The king in check is marked. */
    bg_position *chk = NULL;
    ck_assert_int_eq(bg_position_from_text(&chk, bg_variant_find("chess"),
                                           "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3",
                                           NULL, NULL, 0, NULL, NULL), BG_OK);
    svg = picture(bg_position_svg, chk, NULL);
    ck_assert_int_eq(count(svg, "fill=\"#e02020\""), 1);
    free(svg);
    svg = picture(bg_position_svg, chk, "check=false");
    ck_assert_int_eq(count(svg, "fill=\"#e02020\""), 0);
    free(svg);
    bg_position_free(chk);
    bg_position_free(pos);
}
END_TEST

START_TEST(asian_pieces_in_their_script)
{
    bg_position *x = start("xiangqi"), *j = start("janggi"), *s = start("shogi");
    char *svg = picture(bg_position_svg, x, NULL);
    ck_assert_int_eq(count(svg, ">俥</text>"), 2);
    ck_assert_int_eq(count(svg, ">車</text>"), 2);
    ck_assert_int_eq(count(svg, ">帥</text>"), 1);
    ck_assert_int_eq(count(svg, ">砲</text>"), 2);
    ck_assert_int_eq(count(svg, "<circle") >= 64, 1);
    ck_assert_ptr_nonnull(strstr(svg, "楚　河"));
    ck_assert_ptr_nonnull(strstr(svg, "xml:lang=\"zh-Hant\""));
    free(svg);
    char *text = picture(bg_position_diagram, x, NULL);
    ck_assert_ptr_nonnull(strstr(text, " 俥 傌 相 仕 帥 仕 相 傌 俥\n 九 八 七 六 五 四 三 二 一\n"));
    ck_assert_ptr_nonnull(strstr(text, "\n 車 馬 象 士 將 士 象 馬 車\n"));
    ck_assert_ptr_nonnull(strstr(text, "紅方 (Red) to move\n"));
    free(text);

    svg = picture(bg_position_svg, j, NULL);
    ck_assert_int_eq(count(svg, ">楚</text>"), 1);
    ck_assert_int_eq(count(svg, ">漢</text>"), 1);
    ck_assert_int_eq(count(svg, "<polygon"), 3 * 32); /* octagons: shadow, piece, inner line */
    ck_assert_ptr_null(strstr(svg, "楚　河")); /* no river */
    free(svg);
    text = picture(bg_position_diagram, j, NULL);
    ck_assert_ptr_nonnull(strstr(text, "2   ・ ・ ・ ・v漢 ・ ・ ・ ・\n"));
    ck_assert_ptr_nonnull(strstr(text, "0   車 馬 象 士 ・ 士 象 馬 車\n"));
    free(text);

    svg = picture(bg_position_svg, s, NULL);
    ck_assert_int_eq(count(svg, ">飛</text>"), 2);
    ck_assert_int_eq(count(svg, ">玉</text>"), 1);
    ck_assert_int_eq(count(svg, ">王</text>"), 1);
    ck_assert_int_eq(count(svg, "rotate(180)"), 20); /* gote's pieces point down */
    ck_assert_int_eq(count(svg, "r=\"7\" fill=\"#2b1a0c\""), 4); /* the zone's star points */
    ck_assert_ptr_nonnull(strstr(svg, "▲先手"));
    free(svg);
    text = picture(bg_position_diagram, s, NULL);
    ck_assert(!strncmp(text, "後手の持駒：なし\n", strlen("後手の持駒：なし\n")));
    ck_assert_ptr_nonnull(strstr(text, "|v香v桂v銀v金v玉v金v銀v桂v香|一\n"));
    ck_assert_ptr_nonnull(strstr(text, "| 香 桂 銀 金 玉 金 銀 桂 香|九\n"));
    free(text);
    bg_position_free(x);
    bg_position_free(j);
    bg_position_free(s);
}
END_TEST

START_TEST(shogi_hands_beside_the_board)
{
    bg_position *pos = NULL;
    ck_assert_int_eq(bg_position_from_text(&pos, bg_variant_find("shogi"),
                                           "lnsgkgsnl/1r5+B1/pppppp1pp/6p2/9/9/PP1PPPPPP/7R1/LNSGKGSNL w Bp 4",
                                           NULL, NULL, 0, NULL, NULL), BG_OK);
    char *svg = picture(bg_position_svg, pos, NULL);
    ck_assert_int_eq(count(svg, ">角</text>"), 1); /* sente's bishop in hand */
    ck_assert_int_eq(count(svg, ">歩</text>"), 18); /* 17 on the board, gote's in hand */
    ck_assert_int_eq(count(svg, "fill=\"#c8102e\""), 1); /* the promoted bishop's 馬 is red */
    free(svg);
    char *text = picture(bg_position_diagram, pos, NULL);
    ck_assert(!strncmp(text, "後手の持駒：歩\n", strlen("後手の持駒：歩\n")));
    ck_assert_ptr_nonnull(strstr(text, "先手の持駒：角\n後手番\n"));
    free(text);
    bg_position_free(pos);
    /* Tori shogi's quails show their full names, the other birds one character. */
    pos = start("torishogi");
    svg = picture(bg_position_svg, pos, NULL);
    ck_assert_int_eq(count(svg, ">左</text>"), 2);
    ck_assert_int_eq(count(svg, ">鵬</text>"), 2);
    free(svg);
    bg_position_free(pos);
}
END_TEST

START_TEST(sevenkingdoms_colours)
{
    bg_position *pos = start("sevenkingdoms");
    char *svg = picture(bg_position_svg, pos, NULL);
    static const char *const colours[] = {"#f2efe6", "#e8641e", "#c8102e", "#2e8b3c",
                                          "#1f5fbf", "#1a1a1a", "#7b3fa0", "#e0b000"};
    for (int k = 0; k < 8; k++) {
        char attr[32];
        snprintf(attr, sizeof attr, "fill=\"%s\" stroke", colours[k]);
        /* 17 pieces and the legend's disc; 周 once */
        ck_assert_int_eq(count(svg, attr), k < 7 ? 18 : 1);
    }
    ck_assert_int_eq(count(svg, ">秦</text>"), 2); /* the general and the legend */
    ck_assert_int_eq(count(svg, "fill-opacity=\"0.35\""), 7); /* the seven homes */
    free(svg);
    char *text = picture(bg_position_diagram, pos, NULL);
    ck_assert_ptr_nonnull(strstr(text, "\n10 秦將秦砲秦弩秦弓秦行　・　・　・　・　周　・"));
    ck_assert_ptr_nonnull(strstr(text, "秦 (Qin) to move\n"));
    free(text);
    bg_position_free(pos);
}
END_TEST

static void bad_option(const char *variant, const char *options, int code, size_t offset,
                       const char *words)
{
    const bg_variant *v = bg_variant_find(variant);
    bg_position *pos = start(variant);
    bg_error err = BG_ERROR_INIT;
    ck_assert_int_eq(bg_picture_options_check(v, options, &err), code);
    ck_assert_int_eq(err.code, code);
    ck_assert_uint_eq(err.offset, offset);
    ck_assert_msg(strstr(err.message, words), "'%s' -> '%s'", options, err.message);
    ck_assert_int_eq(bg_position_svg(pos, options, NULL, 0), code);
    ck_assert_int_eq(bg_position_diagram(pos, options, NULL, 0), code);
    bg_position_free(pos);
}

START_TEST(option_errors)
{
    bad_option("chess", "flop=true", BG_E_UNKNOWN_OPTION, 0, "unknown picture option 'flop'");
    bad_option("chess", "flip=true, colour=red", BG_E_UNKNOWN_OPTION, 11, "'colour'");
    bad_option("chess", "flip=yes", BG_E_PARSE, 5, "'yes' is not true or false");
    bad_option("chess", "flip", BG_E_PARSE, 0, "expected name=value");
    bad_option("chess", "size=10", BG_E_PARSE, 5, "from 16 to 4096");
    bad_option("chess", "size=99999999999", BG_E_PARSE, 5, "from 16 to 4096");
    bad_option("chess", "size=4x", BG_E_PARSE, 5, "'4x'");
    bad_option("chess", "marks=e4 e9", BG_E_PARSE, 9, "'e9' is not a square of chess");
    bad_option("chess", "lastmove=e2", BG_E_PARSE, 9, "'e2' is not a move");
    bad_option("shogi", "arrows=7g7f e2e4", BG_E_PARSE, 12, "(e.g. 7g7f)");
    bad_option("xiangqi", "lastmove=e0e1", BG_E_PARSE, 9, "'e0e1'");
    ck_assert_int_eq(bg_picture_options_check(NULL, "", NULL), BG_E_INVALID_ARGUMENT);
    /* Too many arrows. */
    char many[1024] = "arrows=";
    for (int i = 0; i < 65; i++)
        strcat(many, "e2e4 ");
    ck_assert_int_eq(bg_picture_options_check(bg_variant_find("chess"), many, NULL), BG_E_PARSE);
    /* Good ones, including separators, blanks, drops, promotions, passes, empty values. */
    const bg_variant *s = bg_variant_find("shogi"), *c = bg_variant_find("chess");
    ck_assert_int_eq(bg_picture_options_check(s, "lastmove=P*5e; arrows=8h2b+ 7g7f , marks=", NULL), BG_OK);
    ck_assert_int_eq(bg_picture_options_check(c, " flip=false ,coordinates=true,,size=16,lastmove=", NULL), BG_OK);
    ck_assert_int_eq(bg_picture_options_check(c, "lastmove=e2-e4,arrows=e1e1", NULL), BG_OK);
    ck_assert_int_eq(bg_picture_options_check(c, NULL, NULL), BG_OK);
    ck_assert_int_eq(bg_picture_options_check(bg_variant_find("sevenkingdoms"), "arrows=a10c10 j10j10", NULL), BG_OK);
    /* Bad handles and buffers. */
    ck_assert_int_eq(bg_position_svg(NULL, NULL, NULL, 0), BG_E_INVALID_ARGUMENT);
    ck_assert_int_eq(bg_position_diagram(NULL, NULL, NULL, 0), BG_E_INVALID_ARGUMENT);
    bg_position *pos = start("chess");
    ck_assert_int_eq(bg_position_svg(pos, NULL, NULL, 10), BG_E_INVALID_ARGUMENT);
    bg_position_free(pos);
}
END_TEST

int main(void)
{
    return RUN_TESTS("picture", "picture", -1, every_variant_draws, chess_pieces_are_drawn,
                     asian_pieces_in_their_script, shogi_hands_beside_the_board,
                     sevenkingdoms_colours, option_errors);
}
