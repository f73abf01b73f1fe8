/*
 * live_touchscreen.c — libtactile's touchscreen functions on a real kernel device (Tests/CAPI/live-touchscreen.sh
 * runs it in the livevm guest on an evemu-device touchscreen).
 *
 *   live_touchscreen checks NODE NOT_A_TOUCHSCREEN   the calls' contract on a live device: `N passed, N failed`
 *   live_touchscreen run SCENE NODE                   SCENE's application reads NODE until SIGINT or the device's
 *                                                     removal; the JSON delivery log on stdout, as `tactile live
 *                                                     --scene SCENE --json NODE` prints it
 *
 * The run loop is the one Docs/c-api.md shows: every read has a timeout (100 ms), so the SIGINT flag is seen with
 * no input too; the library runs the application's deadlines during the read.
 */
#define _POSIX_C_SOURCE 200809L
#include <tactile.h>

#include "check.h"

#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static tactile_time monotonic_now(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (tactile_time)now.tv_sec * 1000000000LL + now.tv_nsec;
}

/* A touch callback that reads the touchscreen from inside the application's input call. */
static tactile_touchscreen *inner_screen;
static tactile_status inner_status = TACTILE_OK;
static int inner_calls;

static bool read_inside(void *user, tactile_view *view, tactile_touch_phase phase, const tactile_touch *touches, size_t count) {
    (void)user, (void)view, (void)phase, (void)touches, (void)count;
    inner_calls++;
    inner_status = tactile_touchscreen_read(inner_screen, 0, NULL);
    return true;
}

static int checks(const char *node, const char *not_a_touchscreen) {
    tactile_application *app = NULL;
    OK(tactile_application_create(800, 600, &app));
    tactile_touchscreen *screen = NULL;
    OK(tactile_touchscreen_open(app, node, &screen));
    CHECK(screen != NULL, "a handle");
    /* The descriptor: open, and the node's. */
    int fd = -1;
    OK(tactile_touchscreen_fd(screen, &fd));
    CHECK(fd >= 0 && fcntl(fd, F_GETFD) != -1, "fd %d is open", fd);
    CHECK((fcntl(fd, F_GETFL) & O_NONBLOCK) != 0, "fd %d is non-blocking", fd);
    /* The clock: CLOCK_MONOTONIC, before any input. */
    tactile_time now = 0, before = monotonic_now();
    OK(tactile_touchscreen_now(screen, &now));
    tactile_time after = monotonic_now();
    CHECK(before <= now && now <= after, "now %lld between %lld and %lld (CLOCK_MONOTONIC)", (long long)now,
        (long long)before, (long long)after);
    /* Reads with nothing waiting: 0 returns at once, 50 ms waits 50 ms (not much more), both send nothing. */
    size_t frames = 99;
    before = monotonic_now();
    OK(tactile_touchscreen_read(screen, 0, &frames));
    after = monotonic_now();
    CHECK(frames == 0, "no frames: %zu", frames);
    CHECK(after - before < 1000000000LL, "a 0 ms read returned in %lld ms", (long long)((after - before) / 1000000));
    frames = 99;
    before = monotonic_now();
    OK(tactile_touchscreen_read(screen, 50, &frames));
    after = monotonic_now();
    CHECK(frames == 0, "no frames: %zu", frames);
    CHECK(after - before >= 50000000LL, "a 50 ms read waited %lld µs", (long long)((after - before) / 1000));
    CHECK(after - before < 2000000000LL, "a 50 ms read returned in %lld ms", (long long)((after - before) / 1000000));
    OK(tactile_touchscreen_now(screen, &now));
    before = monotonic_now();
    OK(tactile_touchscreen_read_until(screen, now + 30000000LL, &frames));
    after = monotonic_now();
    CHECK(after >= now + 30000000LL, "read_until returned %lld µs before its deadline", (long long)((now + 30000000LL - after) / 1000));
    OK(tactile_touchscreen_read_until(screen, now - 1000000000LL, NULL)); /* in the past: only what waits */
    EXPECT(tactile_touchscreen_read_until(screen, INT64_MIN, NULL), TACTILE_ERROR_INVALID_ARGUMENT);
    /* A wait without a deadline is refused: a signal would not end it. */
    EXPECT(tactile_touchscreen_read(screen, -1, &frames), TACTILE_ERROR_INVALID_ARGUMENT);
    CHECK(strstr(tactile_last_error(), "timeout_ms -1 is negative") != NULL, "says why: %s", tactile_last_error());
    EXPECT(tactile_touchscreen_now(screen, NULL), TACTILE_ERROR_NULL_ARGUMENT);
    EXPECT(tactile_touchscreen_fd(screen, NULL), TACTILE_ERROR_NULL_ARGUMENT);
    /* From inside a callback of its application: refused (the read would wait inside the input call). */
    tactile_view *window = NULL, *canvas = NULL;
    OK(tactile_application_window(app, &window));
    OK(tactile_view_create(app, "canvas", (tactile_rect){0, 0, 800, 600}, &canvas));
    OK(tactile_view_add_subview(window, canvas));
    OK(tactile_view_set_touch_callback(canvas, read_inside, NULL));
    inner_screen = screen;
    tactile_time t = monotonic_now();
    OK(tactile_application_send_frame(app, t, &(tactile_contact){1, TACTILE_CONTACT_BEGAN, 10, 10}, 1));
    OK(tactile_application_send_frame(app, t + 10000000, &(tactile_contact){1, TACTILE_CONTACT_ENDED, 10, 10}, 1));
    CHECK(inner_calls == 2, "the callback ran twice: %d", inner_calls);
    CHECK(inner_status == TACTILE_ERROR_BUSY, "a read inside a callback: %s", tactile_status_name(inner_status));
    /* Another application opens the same node too (evdev has many readers). */
    tactile_application *other = NULL;
    tactile_touchscreen *second = NULL;
    OK(tactile_application_create(100, 100, &other));
    OK(tactile_touchscreen_open(other, node, &second));
    CHECK(second != screen, "a handle of its own");
    /* Closed: the handle is dead, the descriptor closed, the other handle unaffected. */
    OK(tactile_touchscreen_close(screen));
    CHECK(fcntl(fd, F_GETFD) == -1 || fd == -1, "fd %d is closed", fd);
    EXPECT(tactile_touchscreen_read(screen, 0, &frames), TACTILE_ERROR_INVALID_HANDLE);
    EXPECT(tactile_touchscreen_close(screen), TACTILE_ERROR_INVALID_HANDLE);
    EXPECT(tactile_touchscreen_fd(screen, &fd), TACTILE_ERROR_INVALID_HANDLE);
    OK(tactile_touchscreen_read(second, 0, &frames));
    /* An application's destroy closes its touchscreens. */
    OK(tactile_application_destroy(other));
    EXPECT(tactile_touchscreen_read(second, 0, &frames), TACTILE_ERROR_INVALID_HANDLE);
    EXPECT(tactile_touchscreen_now(second, &now), TACTILE_ERROR_INVALID_HANDLE);
    /* An evdev device that is not a touchscreen: the path and why. */
    tactile_touchscreen *pad = (tactile_touchscreen *)(uintptr_t)1;
    EXPECT(tactile_touchscreen_open(app, not_a_touchscreen, &pad), TACTILE_ERROR_DEVICE);
    CHECK(strstr(tactile_last_error(), not_a_touchscreen) != NULL && strstr(tactile_last_error(), "is not a touchscreen") != NULL,
        "a touchpad: %s", tactile_last_error());
    CHECK(pad == (tactile_touchscreen *)(uintptr_t)1, "nothing written on an error");
    printf("not a touchscreen: %s\n", tactile_last_error());
    OK(tactile_application_destroy(app));
    printf("%d passed, %d failed\n", passed, failed);
    return failed == 0 ? 0 : 1;
}

static volatile sig_atomic_t stop_requested;
static void on_signal(int signal) { (void)signal; stop_requested = 1; }

static void print_log(tactile_application *app) {
    char buffer[8192];
    size_t length = 0;
    do {
        if (tactile_application_read_log(app, buffer, sizeof buffer, &length) != TACTILE_OK) break;
        fwrite(buffer, 1, length, stdout);
    } while (length > 0);
    fflush(stdout);
}

static int run(const char *scene, const char *node) {
    tactile_application *app = NULL;
    tactile_touchscreen *screen = NULL;
    if (tactile_application_load_scene(scene, &app) != TACTILE_OK ||
        tactile_application_set_log(app, TACTILE_LOG_JSON_LINES, false) != TACTILE_OK ||
        tactile_touchscreen_open(app, node, &screen) != TACTILE_OK) {
        fprintf(stderr, "live_touchscreen: %s\n", tactile_last_error());
        return 1;
    }
    struct sigaction action = {.sa_handler = on_signal};
    sigaction(SIGINT, &action, NULL);
    sigaction(SIGTERM, &action, NULL);
    size_t total = 0;
    int status = 0, overdue = 0;
    while (!stop_requested) {
        size_t frames = 0;
        tactile_time started = 0, deadline = 0;
        bool has_deadline = false;
        tactile_touchscreen_now(screen, &started);
        tactile_status read = tactile_touchscreen_read(screen, 100, &frames);
        total += frames;
        /* A deadline due before the read began must have run in it (the log would not show it: finish runs the
         * deadlines left at their own times too). */
        tactile_application_next_deadline(app, &deadline, &has_deadline);
        if (has_deadline && deadline <= started) overdue++;
        if (read == TACTILE_DEVICE_REMOVED) {
            fprintf(stderr, "live_touchscreen: %s\n", tactile_last_error());
            break;
        }
        if (read == TACTILE_IGNORED) fprintf(stderr, "live_touchscreen: %s\n", tactile_last_error());
        if (read < 0) {
            fprintf(stderr, "live_touchscreen: %s\n", tactile_last_error());
            status = 1;
            break;
        }
        print_log(app);
    }
    /* Stopping as `tactile live` does: what is still down is cancelled, the deadlines left run. */
    tactile_time now = 0;
    tactile_touchscreen_now(screen, &now);
    if (total > 0) tactile_application_cancel_all_touches(app, now);
    tactile_application_finish(app, now);
    print_log(app);
    fprintf(stderr, "live_touchscreen: %zu frames, %d deadlines overdue after a read\n", total, overdue);
    tactile_touchscreen_close(screen);
    tactile_application_destroy(app);
    return status;
}

int main(int argc, char **argv) {
    if (argc == 4 && strcmp(argv[1], "checks") == 0) return checks(argv[2], argv[3]);
    if (argc == 4 && strcmp(argv[1], "run") == 0) return run(argv[2], argv[3]);
    fprintf(stderr, "usage: live_touchscreen checks NODE NOT_A_TOUCHSCREEN | run SCENE NODE\n");
    return 64;
}
