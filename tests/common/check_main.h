/* The main of every Check test program: add a list of tests to a case, run a suite (or one loop test) with TAP on stdout. */
#ifndef CHECK_MAIN_H
#define CHECK_MAIN_H

#include <check.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>

/*
** An assertion for hot loops: Check records every passing ck_assert through a file, so a test
** that asserts millions of times tests with a plain if and aborts the case only on failure.
*/
#define REQUIRE(cond, ...)                                                                         \
    do {                                                                                           \
        if (!(cond))                                                                               \
            ck_abort_msg(__VA_ARGS__);                                                             \
    } while (0)

/* The budget divisor of slow runners: BG_TEST_REDUCE (the valgrind test setup sets it), at least 1. */
static inline long test_reduce(void)
{
    const char *r = getenv("BG_TEST_REDUCE");
    return r && atol(r) > 1 ? atol(r) : 1;
}

/* Adds the tests, in order, to the test case: ADD_TESTS(tc, first, second, ...). */
#define ADD_TESTS(tc, ...)                                                                         \
    check_add_tests((tc), (const TTest *const[]){__VA_ARGS__},                                     \
                    sizeof((const TTest *const[]){__VA_ARGS__}) / sizeof(const TTest *))

static inline void check_add_tests(TCase *tc, const TTest *const *tests, size_t n)
{
    for (size_t i = 0; i < n; i++)
        tcase_add_test(tc, tests[i]);
}

/*
** Runs the suite (the verbosity comes from CK_VERBOSITY: the test setup keeps Check's own lines
** off stdout, where the TAP lines go) and frees it; the exit status for main.
*/
static inline int run_suite(Suite *s)
{
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_ENV);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? 1 : 0;
}

/*
** The whole main of a program of one test case: RUN_TESTS("suite", "case", timeout, first,
** second, ...); timeout in seconds, 0 none, -1 Check's default (CK_DEFAULT_TIMEOUT).
*/
#define RUN_TESTS(suite, tcase, timeout, ...)                                                      \
    run_tests((suite), (tcase), (timeout), (const TTest *const[]){__VA_ARGS__},                    \
              sizeof((const TTest *const[]){__VA_ARGS__}) / sizeof(const TTest *))

/* The suite of one_case, which run_cases runs (one per program). */
static Suite *check_main_suite __attribute__((unused));

/*
** A new suite of one new test case, which it returns: add its tests, then return run_cases()
** from main. timeout in seconds, 0 none, -1 Check's default (CK_DEFAULT_TIMEOUT).
*/
static inline TCase *one_case(const char *suite, const char *tcase, int timeout)
{
    check_main_suite = suite_create(suite);
    TCase *tc = tcase_create(tcase);
    if (timeout >= 0)
        tcase_set_timeout(tc, timeout);
    suite_add_tcase(check_main_suite, tc);
    return tc;
}

/* Runs the suite of one_case; the exit status for main. */
static inline int run_cases(void) { return run_suite(check_main_suite); }

static inline int run_tests(const char *suite, const char *tcase, int timeout,
                            const TTest *const *tests, size_t n)
{
    check_add_tests(one_case(suite, tcase, timeout), tests, n);
    return run_cases();
}

/* argv[1] (a data folder, ...), or "usage: PROGRAM <usage>" on stderr and exit(2) without it. */
static inline const char *first_arg(int argc, char **argv, const char *usage)
{
    if (argc < 2) {
        fprintf(stderr, "usage: %s %s\n", argv[0], usage);
        exit(2);
    }
    return argv[1];
}

/* Runs one Check loop test as the whole program (_i = 0..n-1: one row, chunk, ... each). */
static inline int loop_run(const char *suite, const char *tcase, const TTest *test, int n)
{
    tcase_add_loop_test(one_case(suite, tcase, 3600), test, 0, n);
    return run_cases();
}

#endif
