/*
 * The C API's tests: every function of tactile.h, UIKit's behaviour through it (touches per view, recognizers and
 * their parameters, failure requirements, simultaneous recognition, deadlines, custom recognizers, the log), and
 * hostile calls (NULL, destroyed, forged and foreign-thread handles, NaN, unknown contacts, calls from inside
 * callbacks). Prints one FAIL line per failed check and `N passed, N failed`; exits 1 on any failure.
 *
 * Usage: test_tactile                         the tests (run from the repository's root: they read Traces/)
 *        test_tactile --replay SCENE TRACE FORMAT
 *                                             replays TRACE through SCENE (a file, or "default" for a
 *                                             1280×800 application) and prints the log (text|explain|json)
 */
#include <tactile.h>

#include "check.h"

#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MS(ms) ((tactile_time)(ms) * 1000000LL)

static bool near(double a, double b, double tolerance) { return fabs(a - b) <= tolerance; }

/* ---- Recorders for callbacks ---------------------------------------------------------------------------------- */

typedef struct {
    int calls[4];               /* per tactile_touch_phase */
    size_t last_count;
    tactile_touch last[10];
    bool handles;               /* what the callback returns */
} touch_record;

static bool record_touches(void *user, tactile_view *view, tactile_touch_phase phase, const tactile_touch *touches, size_t count) {
    (void)view;
    touch_record *record = user;
    record->calls[phase]++;
    record->last_count = count;
    memcpy(record->last, touches, sizeof(tactile_touch) * (count < 10 ? count : 10));
    return record->handles;
}

typedef struct {
    int count;
    int states[6];              /* per tactile_recognizer_state */
    tactile_gesture last;
    tactile_recognizer *recognizer;
} action_record;

static void record_action(void *user, tactile_recognizer *recognizer, const tactile_gesture *gesture) {
    action_record *record = user;
    record->count++;
    record->states[gesture->state]++;
    record->last = *gesture;
    record->recognizer = recognizer;
}

/* An application of 400 × 400 with one view (named "box") at (100, 100, 200, 200) that records its touches. */
typedef struct {
    tactile_application *app;
    tactile_view *window, *box;
    tactile_contact_stream *stream;
    touch_record touches;
} fixture;

static void setup(fixture *f) {
    memset(f, 0, sizeof *f);
    OK(tactile_application_create(400, 400, &f->app));
    OK(tactile_application_window(f->app, &f->window));
    OK(tactile_view_create(f->app, "box", (tactile_rect){100, 100, 200, 200}, &f->box));
    OK(tactile_view_add_subview(f->window, f->box));
    OK(tactile_view_set_touch_callback(f->box, record_touches, &f->touches));
    f->touches.handles = true;
    OK(tactile_contact_stream_create(f->app, TACTILE_GROUPING_FRAME_EVENTS, &f->stream));
}

static void teardown(fixture *f) {
    OK(tactile_contact_stream_destroy(f->stream));
    OK(tactile_application_destroy(f->app));
}

/* One finger down at (x, y) at `t` ms, as one frame. */
static void down(fixture *f, int64_t id, double t, double x, double y) {
    OK(tactile_contact_down(f->stream, id, MS(t), x, y));
    OK(tactile_contact_frame(f->stream, MS(t)));
}

static void move(fixture *f, int64_t id, double t, double x, double y) {
    OK(tactile_contact_motion(f->stream, id, MS(t), x, y));
    OK(tactile_contact_frame(f->stream, MS(t)));
}

static void up(fixture *f, int64_t id, double t) {
    OK(tactile_contact_up(f->stream, id, MS(t)));
    OK(tactile_contact_frame(f->stream, MS(t)));
}

/* Two fingers about (cx, cy) at `radius` and `angle` (radians), moved together in one frame. */
static void two_fingers(fixture *f, double t, double cx, double cy, double radius, double angle, bool first) {
    double dx = radius * cos(angle), dy = radius * sin(angle);
    if (first) {
        OK(tactile_contact_down(f->stream, 1, MS(t), cx - dx, cy - dy));
        OK(tactile_contact_down(f->stream, 2, MS(t), cx + dx, cy + dy));
    } else {
        OK(tactile_contact_motion(f->stream, 1, MS(t), cx - dx, cy - dy));
        OK(tactile_contact_motion(f->stream, 2, MS(t), cx + dx, cy + dy));
    }
    OK(tactile_contact_frame(f->stream, MS(t)));
}

static void lift_two(fixture *f, double t) {
    OK(tactile_contact_up(f->stream, 1, MS(t)));
    OK(tactile_contact_up(f->stream, 2, MS(t)));
    OK(tactile_contact_frame(f->stream, MS(t)));
}

/* The whole log as a string (malloc'd). */
static char *read_all_log(tactile_application *app) {
    size_t length = 0;
    OK(tactile_application_read_log(app, NULL, 0, &length));
    char *text = malloc(length + 1);
    size_t copied = 0;
    OK(tactile_application_read_log(app, text, length + 1, &copied));
    CHECK(copied == length, "read %zu of %zu bytes", copied, length);
    return text;
}

/* ---- Tests ---------------------------------------------------------------------------------------------------- */

static void test_basics(void) {
    CHECK(strcmp(tactile_version(), "0.1.0") == 0, "version %s", tactile_version());
    CHECK(strcmp(tactile_status_name(TACTILE_OK), "TACTILE_OK") == 0, "%s", tactile_status_name(TACTILE_OK));
    CHECK(strcmp(tactile_status_name(TACTILE_ERROR_BUSY), "TACTILE_ERROR_BUSY") == 0, "name");
    CHECK(strcmp(tactile_status_name((tactile_status)42), "unknown") == 0, "unknown status");
    CHECK(tactile_last_error() != NULL, "last error is never NULL");

    tactile_application *app = NULL;
    EXPECT(tactile_application_create(0, 100, &app), TACTILE_ERROR_INVALID_ARGUMENT);
    CHECK(strstr(tactile_last_error(), "tactile_application_create") != NULL, "message names the call: %s", tactile_last_error());
    EXPECT(tactile_application_create(NAN, 100, &app), TACTILE_ERROR_INVALID_ARGUMENT);
    EXPECT(tactile_application_create(-5, 100, &app), TACTILE_ERROR_INVALID_ARGUMENT);
    EXPECT(tactile_application_create(100, INFINITY, &app), TACTILE_ERROR_INVALID_ARGUMENT);
    EXPECT(tactile_application_create(100, 100, NULL), TACTILE_ERROR_NULL_ARGUMENT);
    CHECK(app == NULL, "no application made on errors");
    OK(tactile_application_create(1, 1, &app)); /* the smallest window */
    tactile_view *w1 = NULL, *w2 = NULL;
    OK(tactile_application_window(app, &w1));
    OK(tactile_application_window(app, &w2));
    CHECK(w1 != NULL && w1 == w2, "the window's handle is the same on every call");
    tactile_rect frame;
    OK(tactile_view_get_frame(w1, &frame));
    CHECK(frame.width == 1 && frame.height == 1, "window %g×%g", frame.width, frame.height);
    EXPECT(tactile_view_destroy(w1), TACTILE_ERROR_STATE);
    OK(tactile_application_destroy(app));
    OK(tactile_application_destroy(NULL));
    OK(tactile_view_destroy(NULL));
    OK(tactile_recognizer_destroy(NULL));
    OK(tactile_contact_stream_destroy(NULL));
}

static void test_view_geometry(void) {
    fixture f;
    setup(&f);
    tactile_rect r;
    OK(tactile_view_get_frame(f.box, &r));
    CHECK(r.x == 100 && r.y == 100 && r.width == 200 && r.height == 200, "frame %g %g %g %g", r.x, r.y, r.width, r.height);
    OK(tactile_view_get_bounds(f.box, &r));
    CHECK(r.x == 0 && r.y == 0 && r.width == 200, "bounds %g %g %g", r.x, r.y, r.width);
    tactile_point c;
    OK(tactile_view_get_center(f.box, &c));
    CHECK(c.x == 200 && c.y == 200, "center %g %g", c.x, c.y);
    OK(tactile_view_set_center(f.box, (tactile_point){250, 200}));
    OK(tactile_view_get_frame(f.box, &r));
    CHECK(r.x == 150, "moved by its center: x %g", r.x);
    OK(tactile_view_set_frame(f.box, (tactile_rect){100, 100, 200, 200}));
    OK(tactile_view_set_bounds(f.box, (tactile_rect){10, 20, 200, 200}));
    tactile_point p;
    OK(tactile_view_convert_from_window(f.box, (tactile_point){100, 100}, &p));
    CHECK(p.x == 10 && p.y == 20, "bounds origin shifts view coordinates: %g %g", p.x, p.y);
    OK(tactile_view_set_bounds(f.box, (tactile_rect){0, 0, 200, 200}));

    /* A transform about the center: scaled ×2, the view covers (0, 0)–(400, 400); window (0, 0) is view (0, 0). */
    OK(tactile_view_set_transform(f.box, (tactile_transform){2, 0, 0, 2, 0, 0}));
    tactile_transform t;
    OK(tactile_view_get_transform(f.box, &t));
    CHECK(t.a == 2 && t.d == 2 && t.b == 0, "transform %g %g", t.a, t.d);
    OK(tactile_view_convert_from_window(f.box, (tactile_point){0, 0}, &p));
    CHECK(near(p.x, 0, 1e-9) && near(p.y, 0, 1e-9), "scaled view: %g %g", p.x, p.y);
    tactile_view *hit = NULL;
    OK(tactile_application_hit_test(f.app, (tactile_point){20, 20}, &hit));
    CHECK(hit == f.box, "the scaled view is hit outside its frame's old area");
    EXPECT(tactile_view_set_transform(f.box, (tactile_transform){0, 0, 0, 0, 0, 0}), TACTILE_ERROR_INVALID_ARGUMENT);
    EXPECT(tactile_view_set_transform(f.box, (tactile_transform){NAN, 0, 0, 1, 0, 0}), TACTILE_ERROR_INVALID_ARGUMENT);
    OK(tactile_view_set_transform(f.box, (tactile_transform){1, 0, 0, 1, 0, 0}));

    OK(tactile_application_hit_test(f.app, (tactile_point){20, 20}, &hit));
    CHECK(hit == f.window, "outside the box: the window");
    OK(tactile_application_hit_test(f.app, (tactile_point){299.5, 299.5}, &hit));
    CHECK(hit == f.box, "inside the box, at its far edge");
    OK(tactile_application_hit_test(f.app, (tactile_point){300, 300}, &hit));
    CHECK(hit == f.window, "the box's bounds are half-open");
    OK(tactile_application_hit_test(f.app, (tactile_point){-1, -1}, &hit));
    CHECK(hit == NULL, "outside the window: nothing");
    EXPECT(tactile_application_hit_test(f.app, (tactile_point){NAN, 0}, &hit), TACTILE_ERROR_INVALID_ARGUMENT);

    /* Flags: UIKit's defaults, each one settable, and the ones that hide a view from hit-testing. */
    bool value = false;
    OK(tactile_view_get_flag(f.box, TACTILE_VIEW_USER_INTERACTION_ENABLED, &value));
    CHECK(value, "user interaction enabled by default");
    OK(tactile_view_get_flag(f.box, TACTILE_VIEW_MULTIPLE_TOUCH_ENABLED, &value));
    CHECK(!value, "multiple touch disabled by default");
    for (int flag = 0; flag <= 4; flag++) {
        bool before, after;
        OK(tactile_view_get_flag(f.box, (tactile_view_flag)flag, &before));
        OK(tactile_view_set_flag(f.box, (tactile_view_flag)flag, !before));
        OK(tactile_view_get_flag(f.box, (tactile_view_flag)flag, &after));
        CHECK(after == !before, "flag %d toggles", flag);
        OK(tactile_view_set_flag(f.box, (tactile_view_flag)flag, before));
    }
    EXPECT(tactile_view_set_flag(f.box, (tactile_view_flag)9, true), TACTILE_ERROR_INVALID_ARGUMENT);
    EXPECT(tactile_view_get_flag(f.box, (tactile_view_flag)-1, &value), TACTILE_ERROR_INVALID_ARGUMENT);
    OK(tactile_view_set_flag(f.box, TACTILE_VIEW_USER_INTERACTION_ENABLED, false));
    OK(tactile_application_hit_test(f.app, (tactile_point){150, 150}, &hit));
    CHECK(hit == f.window, "a view without user interaction is not hit");
    OK(tactile_view_set_flag(f.box, TACTILE_VIEW_USER_INTERACTION_ENABLED, true));
    OK(tactile_view_set_flag(f.box, TACTILE_VIEW_HIDDEN, true));
    OK(tactile_application_hit_test(f.app, (tactile_point){150, 150}, &hit));
    CHECK(hit == f.window, "a hidden view is not hit");
    OK(tactile_view_set_flag(f.box, TACTILE_VIEW_HIDDEN, false));
    OK(tactile_view_set_alpha(f.box, 0.009));
    OK(tactile_application_hit_test(f.app, (tactile_point){150, 150}, &hit));
    CHECK(hit == f.window, "alpha below 0.01 is not hit");
    OK(tactile_view_set_alpha(f.box, 0.01));
    OK(tactile_application_hit_test(f.app, (tactile_point){150, 150}, &hit));
    CHECK(hit == f.box, "alpha 0.01 is hit");
    EXPECT(tactile_view_set_alpha(f.box, 1.5), TACTILE_ERROR_INVALID_ARGUMENT);
    EXPECT(tactile_view_set_alpha(f.box, NAN), TACTILE_ERROR_INVALID_ARGUMENT);
    OK(tactile_view_set_alpha(f.box, 1));

    /* The tree: insertion order is front-to-back order, cycles are refused. */
    tactile_view *inner = NULL, *front = NULL;
    OK(tactile_view_create(f.app, "inner", (tactile_rect){0, 0, 50, 50}, &inner));
    OK(tactile_view_create(f.app, NULL, (tactile_rect){0, 0, 50, 50}, &front));
    OK(tactile_view_add_subview(f.box, inner));
    OK(tactile_application_hit_test(f.app, (tactile_point){110, 110}, &hit));
    CHECK(hit == inner, "the subview is hit");
    OK(tactile_view_insert_subview(f.box, front, 0));
    OK(tactile_application_hit_test(f.app, (tactile_point){110, 110}, &hit));
    CHECK(hit == inner, "a subview inserted at 0 is behind");
    OK(tactile_view_insert_subview(f.box, front, 1));
    OK(tactile_application_hit_test(f.app, (tactile_point){110, 110}, &hit));
    CHECK(hit == front, "moved to index 1: in front");
    EXPECT(tactile_view_insert_subview(f.box, front, 3), TACTILE_ERROR_INVALID_ARGUMENT);
    EXPECT(tactile_view_add_subview(inner, f.box), TACTILE_ERROR_STATE);
    EXPECT(tactile_view_add_subview(f.box, f.box), TACTILE_ERROR_STATE);
    EXPECT(tactile_view_add_subview(f.box, f.window), TACTILE_ERROR_STATE);
    tactile_view *found = NULL;
    OK(tactile_application_find_view(f.app, "inner", &found));
    CHECK(found == inner, "found by name");
    OK(tactile_application_find_view(f.app, "window", &found));
    CHECK(found == f.window, "the window by its name");
    EXPECT(tactile_application_find_view(f.app, "nothing", &found), TACTILE_ERROR_NOT_FOUND);
    OK(tactile_view_remove_from_superview(front));
    OK(tactile_application_hit_test(f.app, (tactile_point){110, 110}, &hit));
    CHECK(hit == inner, "removed: not hit");
    OK(tactile_view_destroy(front));
    OK(tactile_view_destroy(inner));
    EXPECT(tactile_application_find_view(f.app, "inner", &found), TACTILE_ERROR_NOT_FOUND);
    teardown(&f);
}

static void test_touches(void) {
    fixture f;
    setup(&f);
    down(&f, 7, 0, 150, 160);
    CHECK(f.touches.calls[TACTILE_TOUCH_BEGAN] == 1, "began %d", f.touches.calls[TACTILE_TOUCH_BEGAN]);
    CHECK(f.touches.last_count == 1 && near(f.touches.last[0].location.x, 50, 1e-9) && near(f.touches.last[0].location.y, 60, 1e-9),
        "location in the view: %g %g", f.touches.last[0].location.x, f.touches.last[0].location.y);
    CHECK(near(f.touches.last[0].window_location.x, 150, 1e-9), "window location %g", f.touches.last[0].window_location.x);
    CHECK(f.touches.last[0].timestamp == 0 && f.touches.last[0].tap_count == 1, "t %lld taps %d",
        (long long)f.touches.last[0].timestamp, f.touches.last[0].tap_count);
    move(&f, 7, 16, 170, 160);
    CHECK(f.touches.calls[TACTILE_TOUCH_MOVED] == 1, "moved");
    CHECK(f.touches.last[0].timestamp == MS(16), "the caller's clock: %lld", (long long)f.touches.last[0].timestamp);
    up(&f, 7, 32);
    CHECK(f.touches.calls[TACTILE_TOUCH_ENDED] == 1, "ended");

    /* Multiple touch disabled (UIKit's default): a second finger on the view is not delivered to it. */
    memset(f.touches.calls, 0, sizeof f.touches.calls);
    down(&f, 1, 100, 150, 150);
    down(&f, 2, 110, 200, 200);
    CHECK(f.touches.calls[TACTILE_TOUCH_BEGAN] == 1, "one began without multiple touch: %d", f.touches.calls[TACTILE_TOUCH_BEGAN]);
    lift_two(&f, 120);
    OK(tactile_view_set_flag(f.box, TACTILE_VIEW_MULTIPLE_TOUCH_ENABLED, true));
    memset(f.touches.calls, 0, sizeof f.touches.calls);
    down(&f, 1, 200, 150, 150);
    down(&f, 2, 210, 200, 200);
    CHECK(f.touches.calls[TACTILE_TOUCH_BEGAN] == 2, "both began with multiple touch: %d", f.touches.calls[TACTILE_TOUCH_BEGAN]);
    /* Two fingers in one frame: one call, ordered by id. */
    OK(tactile_contact_motion(f.stream, 2, MS(220), 210, 200));
    OK(tactile_contact_motion(f.stream, 1, MS(220), 160, 150));
    OK(tactile_contact_frame(f.stream, MS(220)));
    CHECK(f.touches.last_count == 2 && f.touches.last[0].id < f.touches.last[1].id, "sorted by id");
    OK(tactile_application_cancel_all_touches(f.app, MS(230)));
    CHECK(f.touches.calls[TACTILE_TOUCH_CANCELLED] == 1 && f.touches.last_count == 2, "both cancelled in one call");
    OK(tactile_contact_stream_destroy(f.stream));
    OK(tactile_contact_stream_create(f.app, TACTILE_GROUPING_FRAME_EVENTS, &f.stream));

    /* Exclusive touch: while a finger is on an exclusive view, a finger elsewhere is not delivered. */
    tactile_view *other = NULL;
    touch_record other_touches = {.handles = true};
    OK(tactile_view_create(f.app, "other", (tactile_rect){0, 0, 90, 90}, &other));
    OK(tactile_view_add_subview(f.window, other));
    OK(tactile_view_set_touch_callback(other, record_touches, &other_touches));
    OK(tactile_view_set_flag(f.box, TACTILE_VIEW_EXCLUSIVE_TOUCH, true));
    down(&f, 1, 300, 150, 150);
    down(&f, 2, 310, 50, 50);
    CHECK(other_touches.calls[TACTILE_TOUCH_BEGAN] == 0, "exclusive touch keeps other views' touches out");
    lift_two(&f, 320);
    OK(tactile_view_set_flag(f.box, TACTILE_VIEW_EXCLUSIVE_TOUCH, false));
    down(&f, 1, 400, 150, 150);
    down(&f, 2, 410, 50, 50);
    CHECK(other_touches.calls[TACTILE_TOUCH_BEGAN] == 1, "without it, the other view gets its touch");
    lift_two(&f, 420);

    /* A callback that does not handle its touches forwards them up the responder chain (the log says so). */
    OK(tactile_application_set_log(f.app, TACTILE_LOG_TEXT, false));
    f.touches.handles = false;
    down(&f, 9, 500, 150, 150);
    up(&f, 9, 510);
    char *log = read_all_log(f.app);
    CHECK(strstr(log, "box → window") != NULL || strstr(log, "forwarded") != NULL || strstr(log, "→") != NULL,
        "forwarded up the chain:\n%s", log);
    free(log);
    f.touches.handles = true;
    OK(tactile_view_set_touch_callback(f.box, NULL, NULL));
    teardown(&f);
}

static void test_tap_and_failure_requirement(void) {
    fixture f;
    setup(&f);
    tactile_recognizer *tap = NULL, *double_tap = NULL;
    action_record taps = {0}, double_taps = {0};
    OK(tactile_recognizer_create(f.app, TACTILE_RECOGNIZER_TAP, "tap", &tap));
    OK(tactile_recognizer_create(f.app, TACTILE_RECOGNIZER_TAP, "doubleTap", &double_tap));
    OK(tactile_recognizer_set_parameter(double_tap, TACTILE_PARAM_NUMBER_OF_TAPS_REQUIRED, 2));
    OK(tactile_view_add_recognizer(f.box, tap));
    OK(tactile_view_add_recognizer(f.box, double_tap));
    OK(tactile_recognizer_set_action(tap, record_action, &taps));
    OK(tactile_recognizer_set_action(double_tap, record_action, &double_taps));
    OK(tactile_recognizer_require_to_fail(tap, double_tap));
    EXPECT(tactile_recognizer_require_to_fail(double_tap, tap), TACTILE_ERROR_STATE);
    CHECK(strstr(tactile_last_error(), "cycle") != NULL, "the cycle is named: %s", tactile_last_error());
    tactile_recognizer *found = NULL;
    OK(tactile_application_find_recognizer(f.app, "doubleTap", &found));
    CHECK(found == double_tap, "found by name");

    /* One tap: the tap waits for the double tap to fail, at its deadline (the tap interval after the lift). */
    down(&f, 1, 1000, 150, 150);
    up(&f, 1, 1050);
    CHECK(taps.count == 0, "the tap waits for the double tap");
    tactile_time deadline = 0;
    bool has = false;
    OK(tactile_application_next_deadline(f.app, &deadline, &has));
    CHECK(has && deadline > MS(1050), "a deadline after the lift: %lld", (long long)deadline);
    double interval = 0;
    OK(tactile_recognizer_get_parameter(double_tap, TACTILE_PARAM_MAXIMUM_TAP_INTERVAL, &interval));
    CHECK(deadline == MS(1050) + (tactile_time)(interval * 1e9), "deadline = lift + interval (%g s): %lld", interval, (long long)deadline);
    OK(tactile_application_advance(f.app, deadline - 1));
    CHECK(taps.count == 0, "1 ns before the deadline: still waiting");
    OK(tactile_application_advance(f.app, deadline));
    CHECK(taps.count == 1 && taps.last.state == TACTILE_STATE_ENDED, "at the deadline: the tap (%d)", taps.count);
    CHECK(taps.last.kind == TACTILE_RECOGNIZER_TAP && taps.last.number_of_taps == 1 && taps.last.number_of_touches == 1,
        "tap values: kind %d taps %d touches %d", taps.last.kind, taps.last.number_of_taps, taps.last.number_of_touches);
    CHECK(near(taps.last.location.x, 150, 1e-6) && near(taps.last.location_in_view.x, 50, 1e-6), "tap at %g (view %g)",
        taps.last.location.x, taps.last.location_in_view.x);
    CHECK(taps.recognizer == tap, "the action names its recognizer");
    CHECK(taps.last.timestamp == deadline, "the action's time is the deadline's: %lld", (long long)taps.last.timestamp);
    OK(tactile_application_next_deadline(f.app, &deadline, &has));
    CHECK(!has, "no deadline left");

    /* Two taps: the double tap, not the tap. */
    down(&f, 2, 2000, 150, 150);
    up(&f, 2, 2050);
    down(&f, 3, 2150, 152, 150);
    up(&f, 3, 2200);
    OK(tactile_application_finish(f.app, MS(2200)));
    CHECK(double_taps.count == 1 && double_taps.last.number_of_taps == 2, "double tap %d", double_taps.count);
    CHECK(taps.count == 1, "no second single tap: %d", taps.count);

    /* finish() ran the next 10 s: the application's time is 12.2 s, and earlier input is refused. */
    EXPECT(tactile_application_advance(f.app, MS(12199)), TACTILE_ERROR_INVALID_ARGUMENT);
    OK(tactile_application_advance(f.app, MS(12200)));
    /* Disabled: nothing. */
    OK(tactile_recognizer_set_parameter(tap, TACTILE_PARAM_ENABLED, 0));
    OK(tactile_recognizer_set_parameter(double_tap, TACTILE_PARAM_ENABLED, 0));
    down(&f, 4, 15000, 150, 150);
    up(&f, 4, 15050);
    OK(tactile_application_finish(f.app, MS(15050)));
    CHECK(taps.count == 1 && double_taps.count == 1, "disabled recognizers stay silent");

    /* Removed from the view: nothing either; its action removed: not called. */
    OK(tactile_recognizer_set_parameter(tap, TACTILE_PARAM_ENABLED, 1));
    OK(tactile_recognizer_remove_from_view(double_tap));
    OK(tactile_recognizer_set_action(tap, NULL, NULL));
    down(&f, 5, 30000, 150, 150);
    up(&f, 5, 30050);
    OK(tactile_application_finish(f.app, MS(30050)));
    tactile_recognizer_state state;
    OK(tactile_recognizer_get_state(tap, &state));
    CHECK(taps.count == 1 && state == TACTILE_STATE_POSSIBLE, "no action after removing it (state %d)", state);
    OK(tactile_recognizer_destroy(double_tap));
    EXPECT(tactile_recognizer_get_state(double_tap, &state), TACTILE_ERROR_INVALID_HANDLE);
    teardown(&f);
}

static void test_long_press(void) {
    fixture f;
    setup(&f);
    tactile_recognizer *press = NULL;
    action_record presses = {0};
    OK(tactile_recognizer_create(f.app, TACTILE_RECOGNIZER_LONG_PRESS, "press", &press));
    OK(tactile_view_add_recognizer(f.box, press));
    OK(tactile_recognizer_set_action(press, record_action, &presses));
    OK(tactile_recognizer_set_parameter(press, TACTILE_PARAM_MINIMUM_PRESS_DURATION, 0.8));
    double duration = 0;
    OK(tactile_recognizer_get_parameter(press, TACTILE_PARAM_MINIMUM_PRESS_DURATION, &duration));
    CHECK(near(duration, 0.8, 1e-12), "duration %g", duration);
    down(&f, 1, 100, 150, 150);
    tactile_time deadline;
    bool has;
    OK(tactile_application_next_deadline(f.app, &deadline, &has));
    CHECK(has && deadline == MS(900), "the press's deadline at 0.8 s: %lld", (long long)deadline);
    OK(tactile_application_advance(f.app, MS(900) - 1));
    CHECK(presses.count == 0, "not before 0.8 s");
    OK(tactile_application_advance(f.app, MS(900)));
    CHECK(presses.count == 1 && presses.last.state == TACTILE_STATE_BEGAN, "began at 0.8 s");
    move(&f, 1, 950, 180, 150);
    CHECK(presses.states[TACTILE_STATE_CHANGED] == 1, "changed when it moves");
    up(&f, 1, 1000);
    CHECK(presses.states[TACTILE_STATE_ENDED] == 1, "ended at the lift");
    /* Lifted before the duration: no press. */
    down(&f, 2, 2000, 150, 150);
    up(&f, 2, 2799);
    OK(tactile_application_finish(f.app, MS(2799))); /* the clock is at 12.799 s */
    CHECK(presses.count == 3, "no press for a shorter touch (%d actions)", presses.count);
    /* Moving more than the allowable movement fails it. */
    OK(tactile_recognizer_set_parameter(press, TACTILE_PARAM_ALLOWABLE_MOVEMENT, 10));
    down(&f, 3, 20000, 150, 150);
    move(&f, 3, 20100, 161, 150);
    OK(tactile_application_advance(f.app, MS(21000)));
    up(&f, 3, 21100);
    CHECK(presses.count == 3, "moved 11 pt with 10 allowed: no press");
    down(&f, 4, 30000, 150, 150);
    move(&f, 4, 30100, 159, 150);
    OK(tactile_application_advance(f.app, MS(31000)));
    up(&f, 4, 31100);
    CHECK(presses.count == 5, "moved 9 pt: a press, began and ended (%d)", presses.count);
    teardown(&f);
}

static void test_pan_pinch_rotation_simultaneous(void) {
    fixture f;
    setup(&f);
    OK(tactile_view_set_flag(f.box, TACTILE_VIEW_MULTIPLE_TOUCH_ENABLED, true));
    tactile_recognizer *pan = NULL, *pinch = NULL, *rotation = NULL;
    action_record pans = {0}, pinches = {0}, rotations = {0};
    OK(tactile_recognizer_create(f.app, TACTILE_RECOGNIZER_PAN, "pan", &pan));
    OK(tactile_recognizer_create(f.app, TACTILE_RECOGNIZER_PINCH, "pinch", &pinch));
    OK(tactile_recognizer_create(f.app, TACTILE_RECOGNIZER_ROTATION, "rotation", &rotation));
    OK(tactile_view_add_recognizer(f.box, pan));
    OK(tactile_view_add_recognizer(f.box, pinch));
    OK(tactile_view_add_recognizer(f.box, rotation));
    OK(tactile_recognizer_set_action(pan, record_action, &pans));
    OK(tactile_recognizer_set_action(pinch, record_action, &pinches));
    OK(tactile_recognizer_set_action(rotation, record_action, &rotations));

    /* A one-finger drag: the pan, with its translation in the view. */
    down(&f, 1, 0, 150, 150);
    move(&f, 1, 10, 155, 150);
    CHECK(pans.count == 0, "5 pt: under the pan's 10-pt hysteresis");
    move(&f, 1, 20, 160, 150);
    CHECK(pans.states[TACTILE_STATE_BEGAN] == 1, "10 pt: the pan began");
    /* The translation counts from where the finger went down (UIKitSemantics.md §6.3): the began action sees the
       10 pt the finger moved to start the pan, so a view moved by it stays under the finger. */
    CHECK(near(pans.last.translation.x, 10, 1e-6), "began at (10, 0): %g", pans.last.translation.x);
    for (int i = 3; i <= 10; i++) move(&f, 1, i * 10, 150 + 5 * i, 150);
    CHECK(near(pans.last.translation.x, 50, 1e-6) && near(pans.last.translation.y, 0, 1e-6), "translation %g %g",
        pans.last.translation.x, pans.last.translation.y);
    CHECK(pans.last.velocity.x > 100, "velocity %g pt/s", pans.last.velocity.x);
    OK(tactile_recognizer_set_translation(pan, (tactile_point){0, 0}));
    move(&f, 1, 110, 210, 150);
    CHECK(near(pans.last.translation.x, 10, 1e-6), "translation after resetting it: %g", pans.last.translation.x);
    up(&f, 1, 120);
    CHECK(pans.states[TACTILE_STATE_ENDED] == 1, "the pan ended");
    EXPECT(tactile_recognizer_set_translation(pinch, (tactile_point){0, 0}), TACTILE_ERROR_INVALID_ARGUMENT);
    EXPECT(tactile_recognizer_set_translation(pan, (tactile_point){NAN, 0}), TACTILE_ERROR_INVALID_ARGUMENT);

    /* Spread and turn without simultaneity: one of pinch and rotation (and pan) wins, the others are excluded. */
    OK(tactile_recognizer_set_parameter(pan, TACTILE_PARAM_ENABLED, 0));
    two_fingers(&f, 1000, 200, 200, 40, 0, true);
    for (int i = 1; i <= 20; i++) two_fingers(&f, 1000 + i * 10, 200, 200, 40 + 2 * i, i * 0.02, false);
    lift_two(&f, 1300);
    bool only_one = (pinches.count > 0) != (rotations.count > 0);
    CHECK(only_one, "without a pair, one recognizes: pinch %d rotation %d", pinches.count, rotations.count);

    /* With the pair: both, with their values (scale 80/40 = 2, rotation 0.4 rad). */
    memset(&pinches, 0, sizeof pinches);
    memset(&rotations, 0, sizeof rotations);
    OK(tactile_recognizer_recognize_simultaneously(pinch, rotation));
    two_fingers(&f, 2000, 200, 200, 40, 0, true);
    for (int i = 1; i <= 20; i++) two_fingers(&f, 2000 + i * 10, 200, 200, 40 + 2 * i, i * 0.02, false);
    CHECK(pinches.states[TACTILE_STATE_BEGAN] == 1 && rotations.states[TACTILE_STATE_BEGAN] == 1, "both began: %d %d",
        pinches.states[TACTILE_STATE_BEGAN], rotations.states[TACTILE_STATE_BEGAN]);
    CHECK(near(pinches.last.scale, 2, 1e-6), "scale %g", pinches.last.scale);
    CHECK(near(rotations.last.rotation, 0.4, 1e-6), "rotation %g", rotations.last.rotation);
    CHECK(pinches.last.number_of_touches == 2, "two touches");
    CHECK(near(pinches.last.location.x, 200, 1e-6) && near(pinches.last.location.y, 200, 1e-6), "centroid %g %g",
        pinches.last.location.x, pinches.last.location.y);
    double scale = 0;
    OK(tactile_recognizer_get_parameter(pinch, TACTILE_PARAM_SCALE, &scale));
    CHECK(near(scale, 2, 1e-6), "scale parameter %g", scale);
    OK(tactile_recognizer_set_parameter(pinch, TACTILE_PARAM_SCALE, 1)); /* the UIKit idiom: apply, then reset */
    two_fingers(&f, 2300, 200, 200, 100, 0.4, false);
    CHECK(near(pinches.last.scale, 100.0 / 80.0, 1e-6), "scale relative to the reset: %g", pinches.last.scale);
    lift_two(&f, 2400);
    CHECK(pinches.states[TACTILE_STATE_ENDED] == 1 && rotations.states[TACTILE_STATE_ENDED] == 1, "both ended");
    teardown(&f);
}

static int simultaneous_asked;
static bool allow_all(void *user, tactile_recognizer *a, tactile_recognizer *b) {
    (void)user;
    simultaneous_asked++;
    return a != NULL && b != NULL;
}

static void test_simultaneous_callback(void) {
    fixture f;
    setup(&f);
    OK(tactile_view_set_flag(f.box, TACTILE_VIEW_MULTIPLE_TOUCH_ENABLED, true));
    tactile_recognizer *pinch = NULL, *rotation = NULL;
    action_record pinches = {0}, rotations = {0};
    OK(tactile_recognizer_create(f.app, TACTILE_RECOGNIZER_PINCH, NULL, &pinch));
    OK(tactile_recognizer_create(f.app, TACTILE_RECOGNIZER_ROTATION, NULL, &rotation));
    OK(tactile_view_add_recognizer(f.box, pinch));
    OK(tactile_view_add_recognizer(f.box, rotation));
    OK(tactile_recognizer_set_action(pinch, record_action, &pinches));
    OK(tactile_recognizer_set_action(rotation, record_action, &rotations));
    OK(tactile_application_set_simultaneous_callback(f.app, allow_all, NULL));
    two_fingers(&f, 0, 200, 200, 40, 0, true);
    for (int i = 1; i <= 20; i++) two_fingers(&f, i * 10, 200, 200, 40 + 2 * i, i * 0.02, false);
    lift_two(&f, 300);
    CHECK(simultaneous_asked > 0, "the callback was asked");
    CHECK(pinches.states[TACTILE_STATE_BEGAN] == 1 && rotations.states[TACTILE_STATE_BEGAN] == 1, "both began through the callback");
    OK(tactile_application_set_simultaneous_callback(f.app, NULL, NULL));
    teardown(&f);
}

static void test_swipe_and_edge_pan(void) {
    fixture f;
    setup(&f);
    tactile_recognizer *swipe = NULL, *edge = NULL;
    action_record swipes = {0}, edges = {0};
    OK(tactile_recognizer_create(f.app, TACTILE_RECOGNIZER_SWIPE, "swipe", &swipe));
    OK(tactile_recognizer_set_parameter(swipe, TACTILE_PARAM_DIRECTION, TACTILE_DIRECTION_LEFT | TACTILE_DIRECTION_RIGHT));
    OK(tactile_view_add_recognizer(f.box, swipe));
    OK(tactile_recognizer_set_action(swipe, record_action, &swipes));
    down(&f, 1, 0, 280, 200);
    for (int i = 1; i <= 5; i++) move(&f, 1, i * 20, 280 - 30 * i, 200);
    up(&f, 1, 110);
    CHECK(swipes.count == 1 && swipes.last.swipe_direction == TACTILE_DIRECTION_LEFT, "a left swipe (%d, direction %u)",
        swipes.count, swipes.last.swipe_direction);
    /* 30 pt per 40 ms: 60 pt (past the minimum movement) at 80 ms. A swipe with a maximum duration of 0.09 s,
     * none with 0.07 s. */
    OK(tactile_recognizer_set_parameter(swipe, TACTILE_PARAM_MAXIMUM_DURATION, 0.09));
    down(&f, 2, 1000, 280, 200);
    for (int i = 1; i <= 4; i++) move(&f, 2, 1000 + i * 40, 280 - 30 * i, 200);
    up(&f, 2, 1170);
    CHECK(swipes.count == 2, "within 0.09 s: a swipe (%d)", swipes.count);
    OK(tactile_recognizer_set_parameter(swipe, TACTILE_PARAM_MAXIMUM_DURATION, 0.07));
    down(&f, 2, 2000, 280, 200);
    for (int i = 1; i <= 4; i++) move(&f, 2, 2000 + i * 40, 280 - 30 * i, 200);
    up(&f, 2, 2170);
    CHECK(swipes.count == 2, "slower than 0.07 s: no swipe (%d)", swipes.count);

    OK(tactile_recognizer_create(f.app, TACTILE_RECOGNIZER_SCREEN_EDGE_PAN, "edge", &edge));
    OK(tactile_recognizer_set_parameter(edge, TACTILE_PARAM_EDGES, TACTILE_EDGE_LEFT));
    OK(tactile_view_add_recognizer(f.window, edge));
    OK(tactile_recognizer_set_action(edge, record_action, &edges));
    down(&f, 3, 3000, 2, 50);
    for (int i = 1; i <= 10; i++) move(&f, 3, 3000 + i * 16, 2 + 8 * i, 50);
    up(&f, 3, 3200);
    CHECK(edges.states[TACTILE_STATE_BEGAN] == 1, "a pan from the left edge (%d actions)", edges.count);
    double mask = 0;
    OK(tactile_recognizer_get_parameter(edge, TACTILE_PARAM_EDGES, &mask));
    CHECK(mask == TACTILE_EDGE_LEFT, "edges %g", mask);
    teardown(&f);
}

static void test_parameters(void) {
    tactile_application *app = NULL;
    OK(tactile_application_create(100, 100, &app));
    const tactile_recognizer_kind kinds[] = {TACTILE_RECOGNIZER_TAP, TACTILE_RECOGNIZER_LONG_PRESS, TACTILE_RECOGNIZER_PAN,
        TACTILE_RECOGNIZER_SCREEN_EDGE_PAN, TACTILE_RECOGNIZER_SWIPE, TACTILE_RECOGNIZER_PINCH, TACTILE_RECOGNIZER_ROTATION,
        TACTILE_RECOGNIZER_CUSTOM};
    /* Which parameters each kind has (1) or not (0), in the order of `parameters`. */
    const tactile_parameter parameters[] = {TACTILE_PARAM_ENABLED, TACTILE_PARAM_NUMBER_OF_TAPS_REQUIRED,
        TACTILE_PARAM_NUMBER_OF_TOUCHES_REQUIRED, TACTILE_PARAM_MINIMUM_PRESS_DURATION, TACTILE_PARAM_HYSTERESIS,
        TACTILE_PARAM_EDGES, TACTILE_PARAM_DIRECTION, TACTILE_PARAM_SCALE, TACTILE_PARAM_ROTATION};
    const int has[8][9] = {
        {1, 1, 1, 0, 0, 0, 0, 0, 0}, /* tap */
        {1, 1, 1, 1, 0, 0, 0, 0, 0}, /* long press */
        {1, 0, 0, 0, 1, 0, 0, 0, 0}, /* pan */
        {1, 0, 0, 0, 1, 1, 0, 0, 0}, /* edge pan */
        {1, 0, 1, 0, 0, 0, 1, 0, 0}, /* swipe */
        {1, 0, 0, 0, 1, 0, 0, 1, 0}, /* pinch */
        {1, 0, 0, 0, 0, 0, 0, 0, 1}, /* rotation */
        {1, 0, 0, 0, 0, 0, 0, 0, 0}, /* custom */
    };
    for (int k = 0; k < 8; k++) {
        tactile_recognizer *r = NULL;
        OK(tactile_recognizer_create(app, kinds[k], NULL, &r));
        for (int p = 0; p < 9; p++) {
            double value = -1;
            tactile_status status = tactile_recognizer_get_parameter(r, parameters[p], &value);
            CHECK(status == (has[k][p] ? TACTILE_OK : TACTILE_ERROR_INVALID_ARGUMENT), "kind %d parameter %d: %s", k,
                parameters[p], tactile_status_name(status));
            if (status == TACTILE_OK) OK(tactile_recognizer_set_parameter(r, parameters[p], value)); /* round trip */
        }
        OK(tactile_recognizer_destroy(r));
    }
    tactile_recognizer *tap = NULL, *press = NULL, *pan = NULL;
    OK(tactile_recognizer_create(app, TACTILE_RECOGNIZER_TAP, NULL, &tap));
    OK(tactile_recognizer_create(app, TACTILE_RECOGNIZER_LONG_PRESS, NULL, &press));
    OK(tactile_recognizer_create(app, TACTILE_RECOGNIZER_PAN, NULL, &pan));
    double v = 0;
    OK(tactile_recognizer_get_parameter(tap, TACTILE_PARAM_NUMBER_OF_TAPS_REQUIRED, &v));
    CHECK(v == 1, "tap: 1 tap by default (%g)", v);
    OK(tactile_recognizer_get_parameter(press, TACTILE_PARAM_MINIMUM_PRESS_DURATION, &v));
    CHECK(near(v, 0.5, 1e-12), "long press: 0.5 s by default (%g)", v);
    OK(tactile_recognizer_get_parameter(tap, TACTILE_PARAM_CANCELS_TOUCHES_IN_VIEW, &v));
    CHECK(v == 1, "cancelsTouchesInView by default");
    OK(tactile_recognizer_get_parameter(tap, TACTILE_PARAM_DELAYS_TOUCHES_BEGAN, &v));
    CHECK(v == 0, "delaysTouchesBegan off by default");
    OK(tactile_recognizer_get_parameter(tap, TACTILE_PARAM_DELAYS_TOUCHES_ENDED, &v));
    CHECK(v == 1, "delaysTouchesEnded by default");
    OK(tactile_recognizer_get_parameter(pan, TACTILE_PARAM_MAXIMUM_NUMBER_OF_TOUCHES, &v));
    CHECK(v == 2147483647.0, "pan: unlimited touches read as INT32_MAX (%g)", v);
    OK(tactile_recognizer_set_parameter(pan, TACTILE_PARAM_MAXIMUM_NUMBER_OF_TOUCHES, 2));
    OK(tactile_recognizer_get_parameter(pan, TACTILE_PARAM_MAXIMUM_NUMBER_OF_TOUCHES, &v));
    CHECK(v == 2, "pan: 2 touches (%g)", v);
    /* Hostile values. */
    EXPECT(tactile_recognizer_set_parameter(tap, TACTILE_PARAM_NUMBER_OF_TAPS_REQUIRED, 0), TACTILE_ERROR_INVALID_ARGUMENT);
    EXPECT(tactile_recognizer_set_parameter(tap, TACTILE_PARAM_NUMBER_OF_TAPS_REQUIRED, 1.5), TACTILE_ERROR_INVALID_ARGUMENT);
    EXPECT(tactile_recognizer_set_parameter(tap, TACTILE_PARAM_NUMBER_OF_TAPS_REQUIRED, NAN), TACTILE_ERROR_INVALID_ARGUMENT);
    EXPECT(tactile_recognizer_set_parameter(tap, TACTILE_PARAM_NUMBER_OF_TAPS_REQUIRED, 3e9), TACTILE_ERROR_INVALID_ARGUMENT);
    OK(tactile_recognizer_set_parameter(press, TACTILE_PARAM_NUMBER_OF_TAPS_REQUIRED, 0)); /* a long press's 0 taps */
    EXPECT(tactile_recognizer_set_parameter(press, TACTILE_PARAM_MINIMUM_PRESS_DURATION, -0.1), TACTILE_ERROR_INVALID_ARGUMENT);
    OK(tactile_recognizer_set_parameter(press, TACTILE_PARAM_MINIMUM_PRESS_DURATION, 0));
    EXPECT(tactile_recognizer_set_parameter(tap, TACTILE_PARAM_ALLOWABLE_MOVEMENT, -1), TACTILE_ERROR_INVALID_ARGUMENT);
    EXPECT(tactile_recognizer_set_parameter(tap, TACTILE_PARAM_ENABLED, 2), TACTILE_ERROR_INVALID_ARGUMENT);
    EXPECT(tactile_recognizer_set_parameter(tap, (tactile_parameter)999, 1), TACTILE_ERROR_INVALID_ARGUMENT);
    EXPECT(tactile_recognizer_get_parameter(tap, TACTILE_PARAM_ENABLED, NULL), TACTILE_ERROR_NULL_ARGUMENT);
    tactile_recognizer *r = NULL;
    EXPECT(tactile_recognizer_create(app, (tactile_recognizer_kind)99, NULL, &r), TACTILE_ERROR_INVALID_ARGUMENT);
    OK(tactile_application_destroy(app));
}

/* A custom recognizer: "drag right": recognized when its touch has moved 50 pt right, failed when it lifts
 * before. It counts resets. */
typedef struct {
    double start_x;
    int resets;
    int touches_calls;
} drag_right;

static void drag_right_touches(void *user, tactile_recognizer *r, tactile_touch_phase phase, const tactile_touch *touches, size_t count) {
    drag_right *d = user;
    d->touches_calls++;
    if (count == 0) return;
    if (phase == TACTILE_TOUCH_BEGAN) d->start_x = touches[0].window_location.x;
    else if (phase == TACTILE_TOUCH_MOVED && touches[0].window_location.x - d->start_x >= 50) {
        tactile_status s = tactile_recognizer_set_state(r, TACTILE_STATE_ENDED);
        if (s != TACTILE_OK) printf("FAIL set_state from a callback: %s\n", tactile_last_error());
    } else if (phase == TACTILE_TOUCH_ENDED || phase == TACTILE_TOUCH_CANCELLED) {
        tactile_recognizer_set_state(r, TACTILE_STATE_FAILED);
    }
}

static void drag_right_reset(void *user, tactile_recognizer *r) {
    (void)r;
    ((drag_right *)user)->resets++;
}

static void test_custom_recognizer(void) {
    fixture f;
    setup(&f);
    tactile_recognizer *custom = NULL, *tap = NULL;
    drag_right state = {0};
    action_record actions = {0};
    OK(tactile_recognizer_create(f.app, TACTILE_RECOGNIZER_CUSTOM, "dragRight", &custom));
    tactile_custom_recognizer callbacks = {drag_right_touches, drag_right_reset};
    OK(tactile_recognizer_set_custom(custom, &callbacks, &state));
    OK(tactile_recognizer_set_action(custom, record_action, &actions));
    OK(tactile_view_add_recognizer(f.box, custom));
    OK(tactile_recognizer_create(f.app, TACTILE_RECOGNIZER_TAP, NULL, &tap));
    EXPECT(tactile_recognizer_set_custom(tap, &callbacks, &state), TACTILE_ERROR_STATE);
    EXPECT(tactile_recognizer_set_state(tap, TACTILE_STATE_ENDED), TACTILE_ERROR_STATE);
    EXPECT(tactile_recognizer_set_state(custom, (tactile_recognizer_state)17), TACTILE_ERROR_INVALID_ARGUMENT);

    memset(f.touches.calls, 0, sizeof f.touches.calls);
    down(&f, 1, 0, 120, 150);
    move(&f, 1, 10, 150, 150);
    CHECK(actions.count == 0, "not yet 50 pt");
    move(&f, 1, 20, 170, 150);
    CHECK(actions.count == 1 && actions.last.state == TACTILE_STATE_ENDED && actions.last.kind == TACTILE_RECOGNIZER_CUSTOM,
        "recognized at 50 pt (%d actions)", actions.count);
    CHECK(f.touches.calls[TACTILE_TOUCH_CANCELLED] == 1, "the view's touch was cancelled (cancelsTouchesInView)");
    up(&f, 1, 30);
    CHECK(state.resets >= 1, "reset after it ended (%d)", state.resets);
    down(&f, 2, 100, 120, 150);
    move(&f, 2, 110, 140, 150);
    up(&f, 2, 120);
    CHECK(actions.count == 1, "lifted before 50 pt: failed, no action");
    tactile_recognizer_state s;
    OK(tactile_recognizer_get_state(custom, &s));
    CHECK(s == TACTILE_STATE_POSSIBLE, "reset to possible after failing (%d)", s);
    OK(tactile_recognizer_set_custom(custom, NULL, NULL)); /* no callbacks: it never recognizes */
    down(&f, 3, 200, 120, 150);
    move(&f, 3, 210, 200, 150);
    up(&f, 3, 220);
    CHECK(actions.count == 1, "without callbacks: nothing");
    teardown(&f);
}

static void test_contact_stream_hostile(void) {
    fixture f;
    setup(&f);
    OK(tactile_view_set_flag(f.box, TACTILE_VIEW_MULTIPLE_TOUCH_ENABLED, true));
    EXPECT(tactile_contact_motion(f.stream, 42, MS(0), 10, 10), TACTILE_IGNORED);
    CHECK(strstr(tactile_last_error(), "not down") != NULL, "unknown contact: %s", tactile_last_error());
    EXPECT(tactile_contact_up(f.stream, 42, MS(0)), TACTILE_IGNORED);
    EXPECT(tactile_contact_cancel(f.stream, 42, MS(0)), TACTILE_IGNORED);
    EXPECT(tactile_contact_down(f.stream, 1, MS(0), NAN, 10), TACTILE_IGNORED);
    CHECK(strstr(tactile_last_error(), "finite") != NULL, "NaN: %s", tactile_last_error());
    OK(tactile_contact_frame(f.stream, MS(0)));
    CHECK(f.touches.calls[TACTILE_TOUCH_BEGAN] == 0, "a NaN down never began");
    EXPECT(tactile_contact_down(f.stream, 1, MS(0), 150, INFINITY), TACTILE_IGNORED);
    down(&f, 1, 10, 150, 150);
    CHECK(f.touches.calls[TACTILE_TOUCH_BEGAN] == 1, "a finite down began");
    EXPECT(tactile_contact_motion(f.stream, 1, MS(20), NAN, NAN), TACTILE_IGNORED);
    EXPECT(tactile_contact_motion(f.stream, 1, MS(5), 160, 150), TACTILE_IGNORED); /* time went backwards */
    CHECK(strstr(tactile_last_error(), "backwards") != NULL, "backwards: %s", tactile_last_error());
    OK(tactile_contact_frame(f.stream, TACTILE_TIME_NONE));
    EXPECT(tactile_contact_up_at(f.stream, 1, MS(30), NAN, 0), TACTILE_IGNORED);
    OK(tactile_contact_frame(f.stream, MS(30)));
    CHECK(f.touches.calls[TACTILE_TOUCH_ENDED] == 1, "lifted where it was last reported");
    /* A second down of a contact that is down ends the first touch and begins another. */
    down(&f, 5, 40, 150, 150);
    EXPECT(tactile_contact_down(f.stream, 5, MS(50), 160, 150), TACTILE_IGNORED);
    OK(tactile_contact_frame(f.stream, MS(50)));
    CHECK(f.touches.calls[TACTILE_TOUCH_BEGAN] == 3, "a new touch began (%d)", f.touches.calls[TACTILE_TOUCH_BEGAN]);
    CHECK(f.touches.calls[TACTILE_TOUCH_ENDED] == 2, "the first one ended (%d)", f.touches.calls[TACTILE_TOUCH_ENDED]);
    /* cancel one, cancel all */
    OK(tactile_contact_cancel(f.stream, 5, MS(60)));
    OK(tactile_contact_frame(f.stream, MS(60)));
    CHECK(f.touches.calls[TACTILE_TOUCH_CANCELLED] == 1, "cancelled one");
    down(&f, 6, 70, 150, 150);
    OK(tactile_contact_cancel_all(f.stream, MS(80)));
    CHECK(f.touches.calls[TACTILE_TOUCH_CANCELLED] == 2, "cancelled all");
    /* Timestamp grouping: a later time ends a frame; flush ends the last one. */
    tactile_contact_stream *sdl = NULL;
    OK(tactile_contact_stream_create(f.app, TACTILE_GROUPING_TIMESTAMPS, &sdl));
    EXPECT(tactile_contact_stream_create(f.app, (tactile_grouping)5, &sdl), TACTILE_ERROR_INVALID_ARGUMENT);
    int began = f.touches.calls[TACTILE_TOUCH_BEGAN], ended = f.touches.calls[TACTILE_TOUCH_ENDED];
    OK(tactile_contact_down(sdl, 1, MS(100), 150, 150));
    CHECK(f.touches.calls[TACTILE_TOUCH_BEGAN] == began, "held until the frame ends");
    OK(tactile_contact_stream_flush(sdl));
    CHECK(f.touches.calls[TACTILE_TOUCH_BEGAN] == began + 1, "flushed: began");
    OK(tactile_contact_up_at(sdl, 1, MS(110), 150, 150));
    OK(tactile_contact_stream_flush(sdl));
    CHECK(f.touches.calls[TACTILE_TOUCH_ENDED] == ended + 1, "ended");
    /* A frame before the application's time (after finish) counts at that time. */
    OK(tactile_application_finish(f.app, MS(110)));
    EXPECT(tactile_contact_down(sdl, 4, MS(200), 150, 150), TACTILE_OK);
    EXPECT(tactile_contact_stream_flush(sdl), TACTILE_IGNORED);
    CHECK(strstr(tactile_last_error(), "before the application's time") != NULL, "late frame: %s", tactile_last_error());
    CHECK(f.touches.last[0].timestamp == MS(10110), "at the application's time: %lld", (long long)f.touches.last[0].timestamp);
    OK(tactile_contact_up_at(sdl, 4, MS(10200), 150, 150));
    OK(tactile_contact_stream_flush(sdl));
    /* Destroying a stream with a contact down cancels it. */
    OK(tactile_contact_down(sdl, 2, MS(10300), 150, 150));
    OK(tactile_contact_stream_flush(sdl));
    int cancelled = f.touches.calls[TACTILE_TOUCH_CANCELLED];
    OK(tactile_contact_stream_destroy(sdl));
    CHECK(f.touches.calls[TACTILE_TOUCH_CANCELLED] == cancelled + 1, "destroying the stream cancelled its touch");
    EXPECT(tactile_contact_down(sdl, 3, MS(10400), 150, 150), TACTILE_ERROR_INVALID_HANDLE);
    teardown(&f);
}

static void test_frames(void) {
    fixture f;
    setup(&f);
    tactile_contact contacts[2] = {{1, TACTILE_CONTACT_BEGAN, 150, 150}, {2, TACTILE_CONTACT_BEGAN, 20, 20}};
    OK(tactile_application_send_frame(f.app, MS(0), contacts, 2));
    CHECK(f.touches.calls[TACTILE_TOUCH_BEGAN] == 1, "a frame's contact on the box began");
    contacts[0].phase = TACTILE_CONTACT_MOVED;
    contacts[0].x = 160;
    contacts[1].phase = TACTILE_CONTACT_STATIONARY;
    OK(tactile_application_send_frame(f.app, MS(10), contacts, 2));
    CHECK(f.touches.calls[TACTILE_TOUCH_MOVED] == 1, "moved");
    contacts[0].x = NAN;
    EXPECT(tactile_application_send_frame(f.app, MS(20), contacts, 2), TACTILE_ERROR_INVALID_ARGUMENT);
    CHECK(strstr(tactile_last_error(), "contacts[0].x") != NULL, "names the field: %s", tactile_last_error());
    contacts[0].x = 160;
    contacts[1].phase = (tactile_contact_phase)9;
    EXPECT(tactile_application_send_frame(f.app, MS(20), contacts, 2), TACTILE_ERROR_INVALID_ARGUMENT);
    contacts[1].phase = TACTILE_CONTACT_ENDED;
    EXPECT(tactile_application_send_frame(f.app, MS(5), contacts, 2), TACTILE_ERROR_INVALID_ARGUMENT);
    CHECK(strstr(tactile_last_error(), "backwards") != NULL, "time: %s", tactile_last_error());
    EXPECT(tactile_application_send_frame(f.app, MS(20), NULL, 2), TACTILE_ERROR_NULL_ARGUMENT);
    EXPECT(tactile_application_advance(f.app, MS(5)), TACTILE_ERROR_INVALID_ARGUMENT);
    EXPECT(tactile_application_advance(f.app, TACTILE_TIME_NONE), TACTILE_ERROR_INVALID_ARGUMENT);
    contacts[0].phase = TACTILE_CONTACT_ENDED;
    OK(tactile_application_send_frame(f.app, MS(20), contacts, 2));
    CHECK(f.touches.calls[TACTILE_TOUCH_ENDED] == 1, "ended");
    OK(tactile_application_send_frame(f.app, MS(30), NULL, 0)); /* an empty frame */
    /* Contacts that were never began: the runtime repairs the input (the log says how), nothing crashes. */
    OK(tactile_application_set_log(f.app, TACTILE_LOG_TEXT, false));
    tactile_contact stray = {77, TACTILE_CONTACT_MOVED, 150, 150};
    OK(tactile_application_send_frame(f.app, MS(40), &stray, 1));
    char *log = read_all_log(f.app);
    CHECK(strstr(log, "input") != NULL, "the repair is logged:\n%s", log);
    free(log);
    teardown(&f);
}

/* Handles: NULL, destroyed, forged, of another kind, of another thread, of a destroyed application. */
static tactile_view *foreign_view;
static tactile_status foreign_status, foreign_create_status;
static tactile_application *foreign_created;
static bool foreign_error_names_rule;
static void *other_thread(void *argument) {
    (void)argument;
    tactile_rect r;
    foreign_status = tactile_view_get_frame(foreign_view, &r);
    foreign_create_status = tactile_application_create(10, 10, &foreign_created);
    foreign_error_names_rule = strstr(tactile_last_error(), "tactile_application_create") != NULL
        && strstr(tactile_last_error(), "main thread") != NULL;
    return NULL;
}

static void test_hostile_handles(void) {
    fixture f;
    setup(&f);
    tactile_rect r;
    EXPECT(tactile_view_get_frame(NULL, &r), TACTILE_ERROR_NULL_ARGUMENT);
    EXPECT(tactile_view_get_frame(f.box, NULL), TACTILE_ERROR_NULL_ARGUMENT);
    EXPECT(tactile_application_window(NULL, &f.window), TACTILE_ERROR_NULL_ARGUMENT);
    EXPECT(tactile_application_load_scene(NULL, &f.app), TACTILE_ERROR_NULL_ARGUMENT);
    EXPECT(tactile_application_find_view(f.app, NULL, &f.window), TACTILE_ERROR_NULL_ARGUMENT);
    EXPECT(tactile_contact_down(NULL, 1, 0, 1, 1), TACTILE_ERROR_NULL_ARGUMENT);
    EXPECT(tactile_recognizer_set_action(NULL, record_action, NULL), TACTILE_ERROR_NULL_ARGUMENT);
    EXPECT(tactile_view_add_recognizer(f.box, NULL), TACTILE_ERROR_NULL_ARGUMENT);
    EXPECT(tactile_application_read_log(f.app, NULL, 0, NULL), TACTILE_ERROR_NULL_ARGUMENT);
    EXPECT(tactile_application_next_deadline(f.app, NULL, NULL), TACTILE_ERROR_NULL_ARGUMENT);
    /* Forged and mistyped handles: detected, never dereferenced. */
    EXPECT(tactile_view_get_frame((tactile_view *)(uintptr_t)0xdeadbeef, &r), TACTILE_ERROR_INVALID_HANDLE);
    EXPECT(tactile_view_get_frame((tactile_view *)&r, &r), TACTILE_ERROR_INVALID_HANDLE);
    EXPECT(tactile_view_get_frame((tactile_view *)f.app, &r), TACTILE_ERROR_INVALID_HANDLE);
    CHECK(strstr(tactile_last_error(), "view") != NULL, "names the kind: %s", tactile_last_error());
    EXPECT(tactile_recognizer_destroy((tactile_recognizer *)f.box), TACTILE_ERROR_INVALID_HANDLE);
    EXPECT(tactile_application_destroy((tactile_application *)f.stream), TACTILE_ERROR_INVALID_HANDLE);
    /* A destroyed view's handle, and a new view made after it: the old handle stays invalid. */
    tactile_view *gone = NULL, *fresh = NULL;
    OK(tactile_view_create(f.app, NULL, (tactile_rect){0, 0, 1, 1}, &gone));
    OK(tactile_view_destroy(gone));
    OK(tactile_view_create(f.app, NULL, (tactile_rect){0, 0, 1, 1}, &fresh));
    CHECK(fresh != gone, "a new handle differs from the destroyed one");
    EXPECT(tactile_view_get_frame(gone, &r), TACTILE_ERROR_INVALID_HANDLE);
    EXPECT(tactile_view_destroy(gone), TACTILE_ERROR_INVALID_HANDLE);
    OK(tactile_view_get_frame(fresh, &r));
    /* Another thread: every call that takes or makes a handle is refused there (the main thread only), with the
     * function and the rule in that thread's last error; the main thread's objects are unchanged. */
    foreign_view = f.box;
    pthread_t thread;
    pthread_create(&thread, NULL, other_thread, NULL);
    pthread_join(thread, NULL);
    CHECK(foreign_status == TACTILE_ERROR_STATE, "a handle used on another thread: %s", tactile_status_name(foreign_status));
    CHECK(foreign_create_status == TACTILE_ERROR_STATE && foreign_created == NULL,
          "an application made on another thread: %s", tactile_status_name(foreign_create_status));
    CHECK(foreign_error_names_rule, "the other thread's last error names the function and the main-thread rule");
    OK(tactile_view_get_frame(f.box, &r));
    /* Objects of two applications do not mix. */
    tactile_application *second = NULL;
    tactile_view *alien = NULL;
    tactile_recognizer *alien_tap = NULL, *tap = NULL;
    OK(tactile_application_create(100, 100, &second));
    OK(tactile_view_create(second, NULL, (tactile_rect){0, 0, 10, 10}, &alien));
    OK(tactile_recognizer_create(second, TACTILE_RECOGNIZER_TAP, NULL, &alien_tap));
    OK(tactile_recognizer_create(f.app, TACTILE_RECOGNIZER_TAP, NULL, &tap));
    EXPECT(tactile_view_add_subview(f.box, alien), TACTILE_ERROR_STATE);
    EXPECT(tactile_view_add_recognizer(f.box, alien_tap), TACTILE_ERROR_STATE);
    EXPECT(tactile_recognizer_require_to_fail(tap, alien_tap), TACTILE_ERROR_STATE);
    EXPECT(tactile_recognizer_recognize_simultaneously(tap, alien_tap), TACTILE_ERROR_STATE);
    OK(tactile_view_add_recognizer(f.box, tap));
    OK(tactile_view_add_recognizer(f.box, tap)); /* again on the same view: nothing changes */
    EXPECT(tactile_view_add_recognizer(fresh, tap), TACTILE_ERROR_STATE);
    /* A destroyed application's handles are all invalid. */
    OK(tactile_application_destroy(second));
    EXPECT(tactile_view_get_frame(alien, &r), TACTILE_ERROR_INVALID_HANDLE);
    EXPECT(tactile_recognizer_get_state(alien_tap, &(tactile_recognizer_state){0}), TACTILE_ERROR_INVALID_HANDLE);
    EXPECT(tactile_application_destroy(second), TACTILE_ERROR_INVALID_HANDLE);
    tactile_view *box = f.box;
    tactile_contact_stream *stream = f.stream;
    OK(tactile_application_destroy(f.app));
    EXPECT(tactile_view_get_frame(box, &r), TACTILE_ERROR_INVALID_HANDLE);
    EXPECT(tactile_contact_down(stream, 1, 0, 1, 1), TACTILE_ERROR_INVALID_HANDLE);
    EXPECT(tactile_contact_stream_destroy(stream), TACTILE_ERROR_INVALID_HANDLE);
}

/* Calls from inside callbacks. */
typedef struct {
    fixture *f;
    tactile_status destroy_status;
    tactile_status feed_status;
    tactile_status replay_status;
    int began, ended;
    bool destroy_self;
} reentry;

static bool reentrant_touches(void *user, tactile_view *view, tactile_touch_phase phase, const tactile_touch *touches, size_t count) {
    (void)touches;
    (void)count;
    reentry *r = user;
    if (phase == TACTILE_TOUCH_ENDED) r->ended++;
    if (phase != TACTILE_TOUCH_BEGAN) return true;
    r->began++;
    r->destroy_status = tactile_application_destroy(r->f->app);
    r->replay_status = tactile_application_replay_trace(r->f->app, "Traces/tap.evemu");
    if (r->began == 1) {
        /* More input from inside a callback: processed after the current input. */
        r->feed_status = tactile_contact_up(r->f->stream, 1, MS(5));
        if (r->feed_status == TACTILE_OK) r->feed_status = tactile_contact_frame(r->f->stream, MS(5));
    }
    if (r->destroy_self) tactile_view_destroy(view);
    return true;
}

static void reentrant_action(void *user, tactile_recognizer *recognizer, const tactile_gesture *gesture) {
    (void)gesture;
    reentry *r = user;
    r->destroy_status = tactile_application_destroy(r->f->app);
    tactile_recognizer_destroy(recognizer); /* destroying the recognizer that is acting */
}

static void test_reentrancy(void) {
    fixture f;
    setup(&f);
    reentry r = {.f = &f};
    OK(tactile_view_set_touch_callback(f.box, reentrant_touches, &r));
    int ended_before = f.touches.calls[TACTILE_TOUCH_ENDED];
    down(&f, 1, 0, 150, 150);
    CHECK(r.destroy_status == TACTILE_ERROR_BUSY, "destroy inside a callback: %s", tactile_status_name(r.destroy_status));
    CHECK(r.feed_status == TACTILE_OK, "feeding input inside a callback: %s", tactile_status_name(r.feed_status));
    CHECK(r.ended == 1, "the input fed inside the callback was processed after it: ended %d", r.ended);
    CHECK(r.replay_status == TACTILE_ERROR_BUSY, "replaying a trace inside a callback: %s", tactile_status_name(r.replay_status));
    (void)ended_before;
    /* A view that destroys itself from its own callback. */
    r.destroy_self = true;
    down(&f, 2, 10, 150, 150);
    CHECK(r.began == 2, "began twice (%d)", r.began);
    tactile_rect rect;
    EXPECT(tactile_view_get_frame(f.box, &rect), TACTILE_ERROR_INVALID_HANDLE);
    up(&f, 2, 20);
    /* A recognizer that destroys itself from its action. */
    tactile_recognizer *tap = NULL;
    OK(tactile_recognizer_create(f.app, TACTILE_RECOGNIZER_TAP, NULL, &tap));
    OK(tactile_view_add_recognizer(f.window, tap));
    OK(tactile_recognizer_set_action(tap, reentrant_action, &r));
    down(&f, 3, 100, 50, 50);
    up(&f, 3, 120);
    CHECK(r.destroy_status == TACTILE_ERROR_BUSY, "destroy inside an action: %s", tactile_status_name(r.destroy_status));
    tactile_recognizer_state state;
    EXPECT(tactile_recognizer_get_state(tap, &state), TACTILE_ERROR_INVALID_HANDLE);
    down(&f, 4, 200, 50, 50);
    up(&f, 4, 220);
    teardown(&f);
}

static void test_log(void) {
    fixture f;
    setup(&f);
    tactile_recognizer *tap = NULL;
    OK(tactile_recognizer_create(f.app, TACTILE_RECOGNIZER_TAP, "tap", &tap));
    OK(tactile_view_add_recognizer(f.box, tap));
    size_t length = 99;
    OK(tactile_application_read_log(f.app, NULL, 0, &length));
    CHECK(length == 0, "no log before set_log: %zu", length);
    EXPECT(tactile_application_set_log(f.app, (tactile_log_format)7, false), TACTILE_ERROR_INVALID_ARGUMENT);
    OK(tactile_application_set_log(f.app, TACTILE_LOG_TEXT, false));
    down(&f, 1, 1000, 150, 150);
    up(&f, 1, 1050);
    OK(tactile_application_read_log(f.app, NULL, 0, &length));
    CHECK(length > 0, "a log");
    char tiny[8];
    size_t needed = 0;
    EXPECT(tactile_application_read_log(f.app, tiny, sizeof tiny, &needed), TACTILE_ERROR_BUFFER_TOO_SMALL);
    CHECK(needed > sizeof tiny, "the size the next line needs: %zu", needed);
    char *line = malloc(needed);
    size_t copied = 0;
    OK(tactile_application_read_log(f.app, line, needed, &copied));
    CHECK(copied == needed - 1 && line[copied - 1] == '\n' && line[copied] == 0, "exactly one line: %zu of %zu", copied, needed);
    CHECK(strncmp(line, "0.000000 ", 9) == 0 || strncmp(line, "0.000 ", 6) == 0 || line[0] == '0',
        "times start at 0 at the first input: %s", line);
    free(line);
    char *rest = read_all_log(f.app);
    CHECK(strstr(rest, "tap") != NULL, "the tap is in the log:\n%s", rest);
    free(rest);
    OK(tactile_application_read_log(f.app, NULL, 0, &length));
    CHECK(length == 0, "read: empty (%zu)", length);
    OK(tactile_application_set_log(f.app, TACTILE_LOG_JSON_LINES, false));
    down(&f, 2, 3000, 150, 150);
    up(&f, 2, 3050);
    char *json = read_all_log(f.app);
    CHECK(strncmp(json, "{\"type\":\"schema\",\"name\":\"tactile-delivery-log\",\"version\":2}\n", 60) == 0, "schema line first:\n%s", json);
    CHECK(strstr(json, "\"type\":\"touches\"") != NULL, "touches entries");
    free(json);
    OK(tactile_application_set_log(f.app, TACTILE_LOG_EXPLAIN, false));
    down(&f, 3, 5000, 150, 150);
    up(&f, 3, 5050);
    char *explained = read_all_log(f.app);
    CHECK(strstr(explained, "why:") != NULL, "explain lines:\n%s", explained);
    free(explained);
    OK(tactile_application_set_log(f.app, TACTILE_LOG_NONE, false));
    down(&f, 4, 7000, 150, 150);
    up(&f, 4, 7050);
    OK(tactile_application_read_log(f.app, NULL, 0, &length));
    CHECK(length == 0, "no log after TACTILE_LOG_NONE (%zu)", length);
    teardown(&f);
}

static void test_scene_and_trace(void) {
    tactile_application *app = NULL;
    EXPECT(tactile_application_load_scene("Traces/scenes/no-such-scene.json", &app), TACTILE_ERROR_FILE);
    CHECK(strstr(tactile_last_error(), "no-such-scene.json") != NULL, "names the file: %s", tactile_last_error());
    FILE *bad = fopen("/tmp/tactile-c-test-bad-scene.json", "w");
    fputs("{\"version\": 1, \"window\": {\"width\": 100, \"height\": \"tall\"}, \"views\": []}\n", bad);
    fclose(bad);
    EXPECT(tactile_application_load_scene("/tmp/tactile-c-test-bad-scene.json", &app), TACTILE_ERROR_FILE);
    CHECK(strstr(tactile_last_error(), "height") != NULL, "names the field: %s", tactile_last_error());
    remove("/tmp/tactile-c-test-bad-scene.json");

    OK(tactile_application_load_scene("Traces/scenes/photo-viewer.json", &app));
    tactile_view *view = NULL;
    tactile_recognizer *recognizer = NULL;
    EXPECT(tactile_application_find_view(app, "no such view", &view), TACTILE_ERROR_NOT_FOUND);
    EXPECT(tactile_application_find_recognizer(app, "no such recognizer", &recognizer), TACTILE_ERROR_NOT_FOUND);
    tactile_view *window = NULL;
    OK(tactile_application_window(app, &window));
    OK(tactile_view_get_flag(window, TACTILE_VIEW_USER_INTERACTION_ENABLED, &(bool){false}));
    EXPECT(tactile_view_set_touch_callback(window, record_touches, NULL), TACTILE_ERROR_STATE);
    EXPECT(tactile_application_replay_trace(app, "Traces/no-such.evemu"), TACTILE_ERROR_FILE);
    EXPECT(tactile_application_replay_trace(app, NULL), TACTILE_ERROR_NULL_ARGUMENT);
    FILE *trace = fopen("/tmp/tactile-c-test-bad.evemu", "w");
    fputs("this is not a trace\n", trace);
    fclose(trace);
    EXPECT(tactile_application_replay_trace(app, "/tmp/tactile-c-test-bad.evemu"), TACTILE_ERROR_FILE);
    CHECK(strstr(tactile_last_error(), "tactile-c-test-bad.evemu") != NULL, "names the trace: %s", tactile_last_error());
    remove("/tmp/tactile-c-test-bad.evemu");
    OK(tactile_application_set_log(app, TACTILE_LOG_TEXT, false));
    OK(tactile_application_replay_trace(app, "Traces/pinch-out.evemu"));
    char *log = read_all_log(app);
    CHECK(strstr(log, "recognizer") != NULL || strlen(log) > 100, "the replay logged:\n%.300s", log);
    free(log);
    OK(tactile_application_destroy(app));
}

/* `--replay SCENE TRACE FORMAT`: the log of a trace through the C API, for the comparison with `tactile replay`. */
static int replay(const char *scene, const char *trace, const char *format) {
    tactile_application *app = NULL;
    tactile_status status = strcmp(scene, "default") == 0 ? tactile_application_create(1280, 800, &app)
                                                           : tactile_application_load_scene(scene, &app);
    if (status != TACTILE_OK) {
        fprintf(stderr, "test_tactile: %s\n", tactile_last_error());
        return 1;
    }
    tactile_log_format f = strcmp(format, "json") == 0 ? TACTILE_LOG_JSON_LINES
        : strcmp(format, "explain") == 0               ? TACTILE_LOG_EXPLAIN
                                                       : TACTILE_LOG_TEXT;
    tactile_application_set_log(app, f, false);
    status = tactile_application_replay_trace(app, trace);
    char buffer[4096];
    size_t length = 0;
    do {
        if (tactile_application_read_log(app, buffer, sizeof buffer, &length) != TACTILE_OK) break;
        fwrite(buffer, 1, length, stdout);
    } while (length > 0);
    if (status != TACTILE_OK) fprintf(stderr, "test_tactile: %s\n", tactile_last_error());
    tactile_application_destroy(app);
    return status == TACTILE_OK ? 0 : 1;
}

/* A touchscreen read directly: every refusal the host can reach (this machine has no input devices; a real one is
 * read in the VM: Tests/CAPI/live-touchscreen.sh). */
static void test_touchscreen_hostile(void) {
    CHECK(strcmp(tactile_status_name(TACTILE_ERROR_DEVICE), "TACTILE_ERROR_DEVICE") == 0, "name");
    CHECK(strcmp(tactile_status_name(TACTILE_DEVICE_REMOVED), "TACTILE_DEVICE_REMOVED") == 0, "name");
    tactile_application *app = NULL;
    OK(tactile_application_create(800, 600, &app));
    tactile_touchscreen *screen = (tactile_touchscreen *)(uintptr_t)1;
    EXPECT(tactile_touchscreen_open(NULL, "/dev/input/event0", &screen), TACTILE_ERROR_NULL_ARGUMENT);
    EXPECT(tactile_touchscreen_open(app, NULL, &screen), TACTILE_ERROR_NULL_ARGUMENT);
    CHECK(strstr(tactile_last_error(), "path is NULL") != NULL, "names the argument: %s", tactile_last_error());
    EXPECT(tactile_touchscreen_open(app, "/dev/input/event0", NULL), TACTILE_ERROR_NULL_ARGUMENT);
    /* No such node: the status, the call, the path and the reason. */
    EXPECT(tactile_touchscreen_open(app, "/dev/input/no-such-event", &screen), TACTILE_ERROR_DEVICE);
    CHECK(strstr(tactile_last_error(), "tactile_touchscreen_open: /dev/input/no-such-event: no such device") != NULL,
        "no such device: %s", tactile_last_error());
    CHECK(screen == (tactile_touchscreen *)(uintptr_t)1, "nothing written on an error");
    /* Files that are not input devices: a character device, a regular file, a directory. */
    EXPECT(tactile_touchscreen_open(app, "/dev/null", &screen), TACTILE_ERROR_DEVICE);
    CHECK(strstr(tactile_last_error(), "/dev/null: not an evdev input device") != NULL, "/dev/null: %s", tactile_last_error());
    const char *regular = "/tmp/tactile-c-test-not-a-device";
    FILE *file = fopen(regular, "w");
    fputs("not a device\n", file);
    fclose(file);
    EXPECT(tactile_touchscreen_open(app, regular, &screen), TACTILE_ERROR_DEVICE);
    CHECK(strstr(tactile_last_error(), "/tmp/tactile-c-test-not-a-device: not an evdev input device") != NULL,
        "a regular file: %s", tactile_last_error());
    remove(regular);
    EXPECT(tactile_touchscreen_open(app, "/tmp", &screen), TACTILE_ERROR_DEVICE);
    CHECK(strstr(tactile_last_error(), "/tmp") != NULL, "a directory: %s", tactile_last_error());
    EXPECT(tactile_touchscreen_open(app, "", &screen), TACTILE_ERROR_DEVICE);
    /* NULL, forged, wrong-kind and destroyed handles: refused by every function, nothing dereferenced. */
    size_t frames = 7;
    tactile_time now = 0;
    int fd = 0;
    EXPECT(tactile_touchscreen_read(NULL, 0, &frames), TACTILE_ERROR_NULL_ARGUMENT);
    EXPECT(tactile_touchscreen_read_until(NULL, 0, &frames), TACTILE_ERROR_NULL_ARGUMENT);
    EXPECT(tactile_touchscreen_now(NULL, &now), TACTILE_ERROR_NULL_ARGUMENT);
    EXPECT(tactile_touchscreen_fd(NULL, &fd), TACTILE_ERROR_NULL_ARGUMENT);
    OK(tactile_touchscreen_close(NULL));
    CHECK(frames == 7 && fd == 0, "nothing written on an error");
    tactile_view *window = NULL;
    tactile_contact_stream *stream = NULL;
    OK(tactile_application_window(app, &window));
    OK(tactile_contact_stream_create(app, TACTILE_GROUPING_FRAME_EVENTS, &stream));
    tactile_touchscreen *wrong[] = {(tactile_touchscreen *)app, (tactile_touchscreen *)window,
        (tactile_touchscreen *)stream, (tactile_touchscreen *)(uintptr_t)0xdeadbeef, (tactile_touchscreen *)&now,
        /* a forged value of the touchscreen kind (5 << 60): no such slot */
        (tactile_touchscreen *)(uintptr_t)(5ULL << 60 | 1ULL << 24)};
    for (size_t i = 0; i < sizeof wrong / sizeof wrong[0]; i++) {
        EXPECT(tactile_touchscreen_read(wrong[i], 0, &frames), TACTILE_ERROR_INVALID_HANDLE);
        CHECK(strstr(tactile_last_error(), "not a live touchscreen handle") != NULL, "names the kind: %s", tactile_last_error());
        EXPECT(tactile_touchscreen_read_until(wrong[i], 0, &frames), TACTILE_ERROR_INVALID_HANDLE);
        EXPECT(tactile_touchscreen_now(wrong[i], &now), TACTILE_ERROR_INVALID_HANDLE);
        EXPECT(tactile_touchscreen_fd(wrong[i], &fd), TACTILE_ERROR_INVALID_HANDLE);
        EXPECT(tactile_touchscreen_close(wrong[i]), TACTILE_ERROR_INVALID_HANDLE);
    }
    /* ...and the other way: nothing else takes a touchscreen-kind handle. */
    EXPECT(tactile_application_destroy((tactile_application *)wrong[5]), TACTILE_ERROR_INVALID_HANDLE);
    EXPECT(tactile_contact_stream_flush((tactile_contact_stream *)wrong[5]), TACTILE_ERROR_INVALID_HANDLE);
    CHECK(frames == 7 && fd == 0 && now == 0, "nothing written on an error");
    OK(tactile_contact_stream_destroy(stream));
    EXPECT(tactile_touchscreen_read((tactile_touchscreen *)stream, 0, &frames), TACTILE_ERROR_INVALID_HANDLE);
    OK(tactile_application_destroy(app));
    EXPECT(tactile_touchscreen_open(app, "/dev/null", &screen), TACTILE_ERROR_INVALID_HANDLE);
    EXPECT(tactile_touchscreen_now((tactile_touchscreen *)app, &now), TACTILE_ERROR_INVALID_HANDLE);
}

int main(int argc, char **argv) {
    if (argc == 5 && strcmp(argv[1], "--replay") == 0) return replay(argv[2], argv[3], argv[4]);
    test_basics();
    test_view_geometry();
    test_touches();
    test_tap_and_failure_requirement();
    test_long_press();
    test_pan_pinch_rotation_simultaneous();
    test_simultaneous_callback();
    test_swipe_and_edge_pan();
    test_parameters();
    test_custom_recognizer();
    test_contact_stream_hostile();
    test_frames();
    test_hostile_handles();
    test_reentrancy();
    test_log();
    test_scene_and_trace();
    test_touchscreen_hostile();
    printf("%d passed, %d failed\n", passed, failed);
    return failed == 0 ? 0 : 1;
}
