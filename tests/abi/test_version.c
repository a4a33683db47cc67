/* tests/abi — BG_VERSION_* macros, bg_version() of the loaded library and the meson project version agree. */
#include <boardgames/boardgames.h>

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check_main.h"

#ifndef PROJECT_VERSION
#error "PROJECT_VERSION must be passed by meson"
#endif

START_TEST(macro_string_is_project_version)
{
    ck_assert_str_eq(BG_VERSION_STRING, PROJECT_VERSION);
}
END_TEST

START_TEST(runtime_string_is_macro_string)
{
    const char *v = bg_version();
    ck_assert_ptr_nonnull(v);
    ck_assert_str_eq(v, BG_VERSION_STRING);
}
END_TEST

START_TEST(components_match_string)
{
    char buf[32];
    snprintf(buf, sizeof buf, "%d.%d.%d", BG_VERSION_MAJOR, BG_VERSION_MINOR, BG_VERSION_PATCH);
    ck_assert_str_eq(buf, PROJECT_VERSION);
}
END_TEST

START_TEST(number_matches_components)
{
    ck_assert_uint_eq(BG_VERSION_NUMBER,
                      BG_VERSION_MAJOR * 10000u + BG_VERSION_MINOR * 100u + BG_VERSION_PATCH);
    ck_assert_uint_eq(bg_version_number(), BG_VERSION_NUMBER);
}
END_TEST

static Suite *version_suite(void)
{
    Suite *s = suite_create("version");
    TCase *tc = tcase_create("version");
    ADD_TESTS(tc, macro_string_is_project_version, runtime_string_is_macro_string,
              components_match_string, number_matches_components);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return run_suite(version_suite());
}
