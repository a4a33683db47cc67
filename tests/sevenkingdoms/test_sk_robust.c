/* Seven Kingdoms robustness: allocation failure at every step (no leak, clean errors) and mutated position texts and records (no crash, round trips). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sk_helpers.h"
#include "check_main.h"
#include "common/alloc_util.h"
#include "xorshift.h"

static const char record[] =
    "[Event \"walk\"]\n[Players \"5\"]\n[Result \"*\"]\n\n{start}\n"
    "1. q:e10e11 $3 h:f5f6 {a comment} c:n5n6 (c:n5n7 w:o6o7) w:o6o7 i:o14o13 y:n15n14 z:f15f14\n"
    "2. q:d10d11\n\n[Event \"second\"]\n\n1. q:e10e12\n";

/* One run of everything that allocates; returns the first failing status or BG_OK. */
static bg_status run_all(const bg_allocator *a)
{
    bg_position *p = NULL;
    bg_game *g = NULL, *clone = NULL;
    bg_record_reader *r = NULL;
    bg_status s = bg_position_new(&p, sk(), "players=4", a, NULL);
    if (s == BG_OK)
        s = bg_game_new(&g, sk(), NULL, a, NULL);
    for (int i = 0; s == BG_OK && i < 3; i++) {
        static const char *const moves[] = {"e10e11", "f5f6", "n5n6"};
        s = bg_game_play_text(g, moves[i], NULL, 0);
    }
    if (s == BG_OK)
        s = bg_game_set_tag(g, "Event", "x");
    if (s == BG_OK)
        s = bg_game_clone(&clone, g);
    if (s == BG_OK)
        s = bg_record_reader_new(&r, sk(), "skr", record, sizeof record - 1, NULL, a, NULL);
    while (s == BG_OK) {
        bg_game *rg = NULL;
        s = bg_record_reader_next(r, &rg, NULL);
        bg_game_free(rg);
    }
    if (s == BG_E_END)
        s = BG_OK;
    bg_record_reader_free(r);
    bg_game_free(clone);
    bg_game_free(g);
    bg_position_free(p);
    return s;
}

START_TEST(allocation_failures)
{
    int failures = 0;
    for (long n = 0;; n++) {
        au_counter c = {.fail_at = n + 1};
        bg_allocator a = BG_ALLOCATOR_INIT(au_alloc, &c);
        bg_status s = run_all(&a);
        ck_assert_msg(c.live_blocks == 0, "failure at allocation %ld leaks %ld blocks (%zu bytes)",
                      n, c.live_blocks, c.live_bytes);
        ck_assert_int_eq(c.bad_osize, 0);
        if (s == BG_OK) {
            ck_assert_int_le(n, c.requests);
            break;
        }
        ck_assert_msg(s == BG_E_NO_MEMORY, "failure at allocation %ld gave status %d", n, s);
        failures++;
    }
    ck_assert_int_gt(failures, 10);
}
END_TEST

static uint32_t rng_state = 2463534242u;
static uint32_t next_random(void)
{
    return xorshift32(&rng_state);
}

/* Replace, insert or delete a few bytes, with characters the formats use. */
static void mutate(char *buf, size_t *len, size_t cap)
{
    static const char alphabet[] = "0123456789/ GRBCTDSAXHZqhcwiyz>-,.:[]\"{}()$*\n\\\xe4";
    int edits = 1 + (int)(next_random() % 4);
    for (int i = 0; i < edits; i++) {
        size_t at = *len ? next_random() % *len : 0;
        char ch = alphabet[next_random() % (sizeof alphabet - 1)];
        switch (next_random() % 4) {
        case 3: { /* swap two bytes: piece counts and rank lengths often survive */
            size_t other = *len ? next_random() % *len : 0;
            if (*len) {
                char t = buf[at];
                buf[at] = buf[other];
                buf[other] = t;
            }
            break;
        }
        case 0:
            if (*len)
                buf[at] = ch;
            break;
        case 1:
            if (*len + 1 < cap) {
                memmove(buf + at + 1, buf + at, *len - at);
                buf[at] = ch;
                (*len)++;
            }
            break;
        default:
            if (*len) {
                memmove(buf + at, buf + at + 1, *len - at - 1);
                (*len)--;
            }
        }
    }
    buf[*len] = 0;
}

START_TEST(mutated_position_texts)
{
    const char *bases[] = {
        bg_variant_start_text(sk()),
        "3SzBzGzRzSzHz2SyByGyRyHi3/3HzSz1Sz4DySy6/4Dz1Dz8Hy3/17HiSi/4Hq5Ay5Si1Bi/1TqCi5Ti6Xy1SiHy/"
        "16Di1Ri/1Sq1DqTh8Gc4Si/RqHz1Hh14Hi/1Cq7Z8Ty/2Tc14AcHw/Sq11Tz2Dw3/Cz16SwSw/17CwGw/"
        "4Hh11DwSwRw/18Hc/4Dh1Dh5Dc1DcTw2Hw/3XhShChShHh6Sc4/2HhShRhGhBhAw3ScRc1BcHwHc2 y q>h,i>y "
        "qh1,qz1,hq6,hz1,cw2,ci1,cy1,wh1,wc5,wi1,wy1,iw2,iy2,iz1,yc1,yi3,zq2,zh2,zy2 6 14",
    };
    int accepted = 0, refused_texts = 0;
    for (int i = 0; i < 4000; i++) {
        char buf[1400];
        size_t len = strlen(bases[i % 2]);
        memcpy(buf, bases[i % 2], len + 1);
        mutate(buf, &len, sizeof buf);
        bg_position *p = NULL;
        bg_error e = BG_ERROR_INIT;
        bg_status s = bg_position_from_text(&p, sk(), buf, NULL, NULL, i % 3 ? 0 : BG_PARSE_LENIENT,
                                            NULL, &e);
        if (s != BG_OK) {
            ck_assert_ptr_null(p);
            ck_assert_msg(e.message[0] && e.offset <= len, "[%s]: %d '%s' at %zu", buf, s,
                          e.message, e.offset);
            refused_texts++;
            continue;
        }
        accepted++;
        /* Accepted: it is written back in canonical form, which reads back to itself. */
        char out[1400], again[1400];
        ck_assert_int_lt(bg_position_text(p, NULL, out, sizeof out), (int)sizeof out);
        bg_position *q = NULL;
        ck_assert_msg(bg_position_from_text(&q, sk(), out, NULL, NULL, 0, NULL, &e) == BG_OK,
                      "written text refused: %s [%s]", e.message, out);
        bg_position_text(q, NULL, again, sizeof again);
        ck_assert_str_eq(out, again);
        ck_assert_uint_eq(bg_position_hash(p), bg_position_hash(q));
        ck_assert_uint_eq(bg_position_perft(p, 2), bg_position_perft(q, 2));
        bg_position_free(p);
        bg_position_free(q);
    }
    ck_assert_int_gt(accepted, 20);
    ck_assert_int_gt(refused_texts, 1000);
}
END_TEST

START_TEST(mutated_records)
{
    int games = 0, errors = 0;
    for (int i = 0; i < 3000; i++) {
        char buf[1024];
        size_t len = sizeof record - 1;
        memcpy(buf, record, len + 1);
        mutate(buf, &len, sizeof buf);
        bg_record_reader *r = NULL;
        ck_assert_int_eq(bg_record_reader_new(&r, sk(), "skr", buf, len, NULL, NULL, NULL), BG_OK);
        for (int k = 0; k < 10; k++) {
            bg_game *g = NULL;
            bg_error e = BG_ERROR_INIT;
            bg_status s = bg_record_reader_next(r, &g, &e);
            if (s == BG_E_END)
                break;
            if (s != BG_OK) {
                errors++;
                ck_assert_ptr_null(g);
                ck_assert_msg(e.message[0] && e.line >= 1 && e.offset <= len, "[%s]: '%s'", buf,
                              e.message);
                continue;
            }
            games++;
            /* A game read is written and read back to the same moves. */
            int n = bg_game_export(g, "skr", NULL, 0);
            ck_assert_int_gt(n, 0);
            char *text = malloc((size_t)n + 1);
            bg_game_export(g, "skr", text, (size_t)n + 1);
            bg_record_reader *r2 = NULL;
            bg_game *g2 = NULL;
            ck_assert_int_eq(bg_record_reader_new(&r2, sk(), "skr", text, (size_t)n, NULL, NULL, NULL),
                             BG_OK);
            ck_assert_msg(bg_record_reader_next(r2, &g2, &e) == BG_OK, "%s\n%s", e.message, text);
            ck_assert_int_eq(bg_game_ply_count(g2), bg_game_ply_count(g));
            for (int ply = 0; ply < bg_game_ply_count(g); ply++)
                ck_assert_uint_eq(bg_game_move_at(g2, ply), bg_game_move_at(g, ply));
            bg_game_free(g2);
            bg_record_reader_free(r2);
            free(text);
            bg_game_free(g);
        }
        bg_record_reader_free(r);
    }
    ck_assert_int_gt(games, 100);
    ck_assert_int_gt(errors, 100);
}
END_TEST

int main(void)
{
    return RUN_TESTS("sevenkingdoms-robust", "robust", 300, allocation_failures,
                     mutated_position_texts, mutated_records);
}
