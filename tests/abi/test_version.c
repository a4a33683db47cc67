/* tests/abi — BG_VERSION_* macros, bg_version() of the loaded library and the meson project version agree. */
#include <boardgames/boardgames.h>

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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
    tcase_add_test(tc, macro_string_is_project_version);
    tcase_add_test(tc, runtime_string_is_macro_string);
    tcase_add_test(tc, components_match_string);
    tcase_add_test(tc, number_matches_components);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    SRunner *sr = srunner_create(version_suite());
    srunner_run_all(sr, CK_SILENT); /* results go to TAP on stdout */
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
