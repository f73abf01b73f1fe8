/*
 * check.h — the checks of libtactile's C test programs (test_tactile.c, live_touchscreen.c): each counts into
 * `passed` and `failed` and prints one FAIL line, with the last error for a status, per failed check.
 */
#ifndef TACTILE_CHECK_H
#define TACTILE_CHECK_H

#include <stdio.h>
#include <tactile.h>

static int passed, failed;

#define CHECK(condition, ...)                                                          \
    do {                                                                               \
        if (condition) {                                                               \
            passed++;                                                                  \
        } else {                                                                       \
            failed++;                                                                  \
            printf("FAIL %s:%d: %s: ", __FILE__, __LINE__, #condition);                \
            printf(__VA_ARGS__);                                                       \
            printf("\n");                                                              \
        }                                                                              \
    } while (0)

/* A call's status is `expected`; on a mismatch, prints the last error. */
#define EXPECT(call, expected)                                                                         \
    do {                                                                                               \
        tactile_status status_ = (call);                                                               \
        CHECK(status_ == (expected), "%s returned %s, expected %s (last error: %s)", #call,            \
            tactile_status_name(status_), tactile_status_name(expected), tactile_last_error());        \
    } while (0)

#define OK(call) EXPECT(call, TACTILE_OK)

#endif
