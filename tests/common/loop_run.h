/* Runs one Check loop test (one case per row, chunk, ...) as the whole program: the perft and differential test programs. */
#ifndef LOOP_RUN_H
#define LOOP_RUN_H

#include <check.h>

/* Runs test as n loop iterations (_i = 0..n-1) of one test case; the exit status for main. */
static inline int loop_run(const char *suite, const char *tcase, const TTest *test, int n)
{
    Suite *s = suite_create(suite);
    TCase *tc = tcase_create(tcase);
    tcase_set_timeout(tc, 3600);
    tcase_add_loop_test(tc, test, 0, n);
    suite_add_tcase(s, tc);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_ENV);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? 1 : 0;
}

#endif
