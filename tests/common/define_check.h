/* Check assertions the tests of defined variants share: a definition text that must be accepted, or refused with a given status, line and message. */
#ifndef DEFINE_CHECK_H
#define DEFINE_CHECK_H

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <boardgames/boardgames.h>

#include "gen_test_util.h"

static inline bg_variant_set *new_set(void)
{
    bg_variant_set *s = NULL;
    ck_assert_int_eq(bg_variant_set_new(&s, NULL, NULL), BG_OK);
    return s;
}

/* Define text into a fresh set; returns the set (the caller frees it). */
static inline bg_variant_set *define_ok(const char *text)
{
    bg_variant_set *s = new_set();
    bg_error e = BG_ERROR_INIT;
    bg_status st = bg_variant_define(s, text, strlen(text), &e);
    ck_assert_msg(st == BG_OK, "definition refused: line %d: %s", e.line, e.message);
    return s;
}

/* A definition that must fail with this status, on this line, with a message containing `what`. */
static inline void define_fails(const char *text, bg_status code, int line, const char *what)
{
    bg_variant_set *s = new_set();
    bg_error e = BG_ERROR_INIT;
    bg_status st = bg_variant_define(s, text, strlen(text), &e);
    ck_assert_msg(st == code, "status %d (%s), expected %d for:\n%s", st, e.message, code, text);
    ck_assert_msg(e.line == line, "line %d, expected %d (%s)", e.line, line, e.message);
    ck_assert_msg(strstr(e.message, what), "message '%s' lacks '%s'", e.message, what);
    ck_assert_int_eq(bg_variant_set_count(s), 0);
    bg_variant_set_free(s);
}

/* The shipped definition dir/name.ini defined into a fresh set (the caller frees it). */
static inline bg_variant_set *define_file(const char *dir, const char *name)
{
    char path[4096];
    size_t len;
    snprintf(path, sizeof path, "%s/%s.ini", dir, name);
    char *text = gt_read_file(path, &len);
    ck_assert_msg(text != NULL, "cannot read %s", path);
    bg_variant_set *s = define_ok(text);
    free(text);
    return s;
}

#endif
