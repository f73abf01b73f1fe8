/*
 * tactile.h — libtactile, UIKit's touch model and gesture recognizers for C and C++ programs on Linux.
 *
 * libtactile is Tactile (a Swift package) behind a small C API: build a view tree (or load a scene file), attach
 * UIKit's recognizers, feed the contacts your toolkit reports (SDL, GLFW, sokol, raylib, LVGL, wl_touch,
 * libinput) or an evdev trace, and receive touches per view and recognizer actions through callbacks. The delivery
 * log is the one `tactile replay` prints, byte for byte.
 *
 * Build:   cc app.c $(pkg-config --cflags --libs tactile)
 * Docs:    Docs/c-api.md in Tactile's repository (a complete program, the threading rule, the time base).
 *
 * Conventions
 * - Every call that can fail returns a tactile_status: TACTILE_OK (0), TACTILE_IGNORED (1: done, but the input
 *   event was ignored or altered — the reason is in tactile_last_error()), TACTILE_DEVICE_REMOVED (2: a
 *   touchscreen's read only), or a negative error. On an error nothing changed (a touchscreen's read error: the
 *   frames before it were sent) and tactile_last_error() says which call, which argument and why.
 * - Handles (tactile_application, tactile_view, tactile_recognizer, tactile_contact_stream, tactile_touchscreen)
 *   are opaque tokens, never addresses: the library never dereferences them. A NULL handle, a destroyed one or one
 *   of another kind is detected and refused with TACTILE_ERROR_NULL_ARGUMENT or TACTILE_ERROR_INVALID_HANDLE; it
 *   is never undefined behaviour. The *_destroy functions and
 *   tactile_touchscreen_close accept NULL (no-op).
 * - Threads: the main thread only, as every UI toolkit's C API. Every function that takes or makes a handle must
 *   be called on the process's main thread (Tactile's UI objects are on Swift's main actor); a call from another
 *   thread is refused with TACTILE_ERROR_STATE, changes nothing, and tactile_last_error() on that thread names
 *   the function and the rule. tactile_last_error, tactile_status_name and tactile_version may be called from
 *   any thread.
 * - Time: tactile_time is nanoseconds on your input's clock (SDL's event timestamp × 1000000, a kernel
 *   timestamp, CLOCK_MONOTONIC…); any origin. The application's own clock starts at 0 at your first input, as
 *   `tactile replay`'s does: the delivery log prints that clock, everything else (callbacks, deadlines) speaks
 *   yours. Times must not go backwards.
 * - Coordinates are points, y down, in the window (the screen) unless a name says "in view".
 * - Callbacks run on the main thread, inside the call that fed the input. From inside a callback you may
 *   call any function (change views, set a recognizer's state, feed more input — it is processed after the
 *   current input, as UIKit does), except tactile_application_destroy and tactile_application_replay_trace
 *   (TACTILE_ERROR_BUSY).
 * - Strings are UTF-8. Strings the library returns stay valid until the next call on the same thread.
 */
#ifndef TACTILE_H
#define TACTILE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The version of this header; the library's is tactile_version(). The major number is the SONAME's
 * (libtactile.so.0): it changes when a function is removed or changed. */
#define TACTILE_VERSION_MAJOR 0
#define TACTILE_VERSION_MINOR 1
#define TACTILE_VERSION_PATCH 0

/* ---- Status and errors -------------------------------------------------------------------------------------- */

typedef enum tactile_status {
    TACTILE_OK = 0,
    /* The call was carried out, but the input event was ignored or altered (a motion of a contact that is not
     * down, a location that is not finite, a time that went backwards…); tactile_last_error() says why. */
    TACTILE_IGNORED = 1,
    /* tactile_touchscreen_read: the device went away (unplugged, its driver unbound). The touches it had down were
     * cancelled (their views' cancelled callbacks ran). Later reads return it again: close the touchscreen. */
    TACTILE_DEVICE_REMOVED = 2,
    /* A required pointer argument (a handle, an out pointer, a string) was NULL. */
    TACTILE_ERROR_NULL_ARGUMENT = -1,
    /* A handle that is not live: destroyed, never made, or of another kind. */
    TACTILE_ERROR_INVALID_HANDLE = -2,
    /* A value out of range: NaN or infinite, a negative count, an unknown enumerator, a parameter the
     * recognizer's kind does not have. */
    TACTILE_ERROR_INVALID_ARGUMENT = -3,
    /* A scene or trace file that cannot be read or is malformed; the message has the file, line and field. */
    TACTILE_ERROR_FILE = -4,
    /* No view or recognizer of that name in the application. */
    TACTILE_ERROR_NOT_FOUND = -5,
    /* Not allowed from inside a callback of the same application (tactile_application_destroy). */
    TACTILE_ERROR_BUSY = -6,
    /* Not allowed in the object's state: a failure requirement that closes a cycle, a view added to its own
     * descendant, a recognizer already on a view, objects of two different applications; or a call from a thread
     * other than the main thread. */
    TACTILE_ERROR_STATE = -7,
    /* The buffer is too small for the next line of the log; the size it needs is returned. */
    TACTILE_ERROR_BUFFER_TOO_SMALL = -8,
    /* A touchscreen that cannot be opened or read; the message has the device node and the reason: no such device,
     * permission denied (and which group may read it), not an evdev input device, not a touchscreen (and why). */
    TACTILE_ERROR_DEVICE = -9
} tactile_status;

/* The message of the last failed (or TACTILE_IGNORED) call on this thread, "" if none yet. Thread-local; valid
 * until the next call that fails on this thread. Never NULL. */
const char *tactile_last_error(void);

/* The name of a status ("TACTILE_OK", "TACTILE_ERROR_INVALID_HANDLE"…); "unknown" for other values. */
const char *tactile_status_name(tactile_status status);

/* The library's version, "0.1.0". */
const char *tactile_version(void);

/* ---- Values ------------------------------------------------------------------------------------------------- */

/* Nanoseconds on the caller's clock (see Conventions). */
typedef int64_t tactile_time;
/* "No time": tactile_contact_frame() at the latest event time of the frame. */
#define TACTILE_TIME_NONE INT64_MIN

typedef struct tactile_point { double x, y; } tactile_point;
typedef struct tactile_rect { double x, y, width, height; } tactile_rect;
/* CGAffineTransform's matrix: x' = a·x + c·y + tx, y' = b·x + d·y + ty. */
typedef struct tactile_transform { double a, b, c, d, tx, ty; } tactile_transform;

/* ---- Handles ------------------------------------------------------------------------------------------------ */

typedef struct tactile_application tactile_application;
typedef struct tactile_view tactile_view;
typedef struct tactile_recognizer tactile_recognizer;
typedef struct tactile_contact_stream tactile_contact_stream;

/* ---- Application ---------------------------------------------------------------------------------------------- */

/* An application with one window of width × height points at the screen's origin (the window's handle:
 * tactile_application_window). Add views to the window; evdev traces map onto that screen size. */
tactile_status tactile_application_create(double width, double height, tactile_application **application);

/* An application built from a scene file (JSON, the format of `tactile replay --scene`: the README's "Write your
 * own scene"): its window, views, recognizers, failure requirements and simultaneous pairs. Its views and
 * recognizers are found by name (tactile_application_find_view/_recognizer). TACTILE_ERROR_FILE with
 * `file: field: reason`. */
tactile_status tactile_application_load_scene(const char *path, tactile_application **application);

/* Destroys the application and every handle made from it (views, recognizers, contact streams): they become
 * invalid. NULL: nothing. TACTILE_ERROR_BUSY from inside one of its callbacks. */
tactile_status tactile_application_destroy(tactile_application *application);

/* The application's window (a view: add subviews to it). The same handle on every call. */
tactile_status tactile_application_window(tactile_application *application, tactile_view **window);

/* The view or recognizer named `name` (tactile_view_create's name, or a scene's; the window is "window", its name
 * in the log). TACTILE_ERROR_NOT_FOUND. */
tactile_status tactile_application_find_view(tactile_application *application, const char *name, tactile_view **view);
tactile_status tactile_application_find_recognizer(
    tactile_application *application, const char *name, tactile_recognizer **recognizer);

/* ---- Input ------------------------------------------------------------------------------------------------------ */

typedef enum tactile_contact_phase {
    TACTILE_CONTACT_BEGAN = 0,
    TACTILE_CONTACT_MOVED = 1,
    TACTILE_CONTACT_STATIONARY = 2,
    TACTILE_CONTACT_ENDED = 3,
    TACTILE_CONTACT_CANCELLED = 4
} tactile_contact_phase;

/* One contact of a frame (tactile_application_send_frame). */
typedef struct tactile_contact {
    uint64_t id;                 /* the contact's identifier, the same for its whole life */
    tactile_contact_phase phase;
    double x, y;                 /* where it is, in points on the screen */
} tactile_contact;

/* Sends one frame of contacts at `time`, as an evdev SYN_REPORT gives them: every contact that is down, with
 * its phase. The deadlines due before `time` run first. TACTILE_ERROR_INVALID_ARGUMENT for a NaN or infinite
 * location, an unknown phase, or a time before the previous input's. Most programs use a contact stream. */
tactile_status tactile_application_send_frame(
    tactile_application *application, tactile_time time, const tactile_contact *contacts, size_t count);

/* Runs every deadline (a long press's duration, a double tap's wait…) due at or before `time`. Call it when
 * tactile_application_next_deadline's time comes and no input came. */
tactile_status tactile_application_advance(tactile_application *application, tactile_time time);

/* The time of the next deadline on your clock, and *has_deadline = true; false when none is pending (or before
 * the first input). Wait for input at most until then (SDL_WaitEventTimeout, poll). */
tactile_status tactile_application_next_deadline(
    tactile_application *application, tactile_time *deadline, bool *has_deadline);

/* Cancels every touch in progress at `time` (the device went away, the window lost focus). */
tactile_status tactile_application_cancel_all_touches(tactile_application *application, tactile_time time);

/* Ends the input at `time` as `tactile replay` ends a trace: runs the deadlines of the next 10 seconds, each at its
 * own time, then cancels any touch still in progress. The application's time is then `time` + 10 s: later input
 * must come after it. */
tactile_status tactile_application_finish(tactile_application *application, tactile_time time);

/* Replays an evdev trace (an evemu recording, .events beside a .desc, or a `libinput record` file) through the
 * application, as `tactile replay --scene` does: its frames on the trace's clock, the deadlines, then
 * tactile_application_finish at its last event. Device coordinates map onto the window's size.
 * TACTILE_ERROR_FILE with `file:line: reason` (everything before the bad line was delivered); TACTILE_ERROR_BUSY
 * from inside a callback. */
tactile_status tactile_application_replay_trace(tactile_application *application, const char *path);

/* ---- A touchscreen, read directly ------------------------------------------------------------------------------ */

/* A touchscreen the application reads itself (/dev/input/eventN: root, or a member of the node's group, normally
 * `input`) — the kiosk case, with no toolkit or compositor in between. Its evdev frames are decoded as
 * `tactile live` decodes them (multitouch protocol A and B, SYN_DROPPED repaired, udev's LIBINPUT_FUZZ_* and
 * LIBINPUT_CALIBRATION_MATRIX applied) and its coordinates map onto the window's size, as a trace's do. The
 * delivery log is the one `tactile live` prints, and `tactile replay` of a recording of the same events. */
typedef struct tactile_touchscreen tactile_touchscreen;

/* Opens the touchscreen at `path` (a device node) for `application`; the handle belongs to the application (its
 * destroy closes it) and to this thread. TACTILE_ERROR_DEVICE with `path: reason` when the node does not exist,
 * may not be read, is not an evdev device (/dev/null) or is not a touchscreen (a mouse, a touchpad, a tablet). */
tactile_status tactile_touchscreen_open(
    tactile_application *application, const char *path, tactile_touchscreen **touchscreen);
/* Closes the device and invalidates the handle. Touches it had down stay down: cancel them first
 * (tactile_application_cancel_all_touches at tactile_touchscreen_now) when the program stops. NULL: nothing. */
tactile_status tactile_touchscreen_close(tactile_touchscreen *touchscreen);

/* Reads the touchscreen for at most `timeout_ms` milliseconds (0: only what is waiting) and sends every frame it
 * gives to the application, whose callbacks run inside this call. It returns as soon as frames came and nothing
 * more waits, or when the timeout passes; the application's deadlines that fall due while it waits run on time
 * (a long press begins while the finger rests). `*frames` (may be NULL) gets the number of frames sent, once
 * the read began (on TACTILE_ERROR_DEVICE and TACTILE_ERROR_BUSY too).
 *   TACTILE_OK; TACTILE_IGNORED when the decoder reported something (a contact it could not track, a repaired
 *   SYN_DROPPED…: the reason is in tactile_last_error() and in the log); TACTILE_DEVICE_REMOVED (its touches were
 *   cancelled); TACTILE_ERROR_DEVICE for another read error (frames before it were sent);
 *   TACTILE_ERROR_INVALID_ARGUMENT for a negative timeout — every wait needs a deadline: a signal does not end it,
 *   so a loop that stops on a flag its SIGINT handler sets reads with a timeout (100 ms) and looks at the flag
 *   between reads; TACTILE_ERROR_BUSY from inside a callback.
 * Times are the kernel's CLOCK_MONOTONIC nanoseconds (tactile_touchscreen_now): feed the application no input on
 * another clock. */
tactile_status tactile_touchscreen_read(tactile_touchscreen *touchscreen, int32_t timeout_ms, size_t *frames);
/* The same until `deadline` (CLOCK_MONOTONIC nanoseconds; one in the past reads only what is waiting). */
tactile_status tactile_touchscreen_read_until(tactile_touchscreen *touchscreen, tactile_time deadline, size_t *frames);

/* Now on the touchscreen's clock (CLOCK_MONOTONIC, nanoseconds): the clock of its frames and of
 * tactile_application_next_deadline once it fed the application; valid before any input. */
tactile_status tactile_touchscreen_now(tactile_touchscreen *touchscreen, tactile_time *now);

/* The device node's file descriptor, for a program that waits in its own loop (poll, epoll, a toolkit's
 * watch): when it is readable — or reports POLLHUP/POLLERR — call tactile_touchscreen_read(touchscreen, 0, …),
 * which reads everything waiting (so the descriptor is not readable again until new events come). Wait at most
 * until tactile_application_next_deadline and call tactile_application_advance then. Do not read or close it. */
tactile_status tactile_touchscreen_fd(tactile_touchscreen *touchscreen, int *fd);

/* How a contact stream finds the end of a frame. */
typedef enum tactile_grouping {
    /* Only tactile_contact_frame() ends a frame: wl_touch, libinput (LIBINPUT_EVENT_TOUCH_FRAME). */
    TACTILE_GROUPING_FRAME_EVENTS = 0,
    /* A later timestamp, tactile_contact_frame() or tactile_contact_stream_flush() ends a frame: SDL, GLFW,
     * sokol, raylib, LVGL (call flush once the events waiting are read: after SDL_PollEvent returns 0). */
    TACTILE_GROUPING_TIMESTAMPS = 1
} tactile_grouping;

/* A contact stream: the way in for toolkits that report contacts one by one. Frames it completes go to the
 * application at once (its callbacks run inside the tactile_contact_* call). Source errors never strand a touch:
 * a motion/up/cancel of a contact that is not down, a second down of one that is, a location that is not finite,
 * a time that went backwards (in the stream, or before the application's time: the frame counts at the
 * application's time) — each returns TACTILE_IGNORED with the reason, and the stream goes on. */
tactile_status tactile_contact_stream_create(
    tactile_application *application, tactile_grouping grouping, tactile_contact_stream **stream);
/* Cancels the stream's contacts that are still down (at the latest time seen) and destroys it. NULL: nothing. */
tactile_status tactile_contact_stream_destroy(tactile_contact_stream *stream);

/* A contact touched down (SDL_FINGERDOWN, wl_touch.down) at (x, y) in screen points. */
tactile_status tactile_contact_down(tactile_contact_stream *stream, int64_t id, tactile_time time, double x, double y);
/* A contact moved (SDL_FINGERMOTION, wl_touch.motion). */
tactile_status tactile_contact_motion(tactile_contact_stream *stream, int64_t id, tactile_time time, double x, double y);
/* A contact lifted where it was last reported (wl_touch.up). */
tactile_status tactile_contact_up(tactile_contact_stream *stream, int64_t id, tactile_time time);
/* A contact lifted at (x, y) (SDL_FINGERUP, which says where). */
tactile_status tactile_contact_up_at(tactile_contact_stream *stream, int64_t id, tactile_time time, double x, double y);
/* One contact was cancelled by the source (LIBINPUT_EVENT_TOUCH_CANCEL, palm rejection). */
tactile_status tactile_contact_cancel(tactile_contact_stream *stream, int64_t id, tactile_time time);
/* Every contact of the stream was cancelled (wl_touch.cancel). */
tactile_status tactile_contact_cancel_all(tactile_contact_stream *stream, tactile_time time);
/* The end of a frame (wl_touch.frame), at `time`, or TACTILE_TIME_NONE for the latest event time. */
tactile_status tactile_contact_frame(tactile_contact_stream *stream, tactile_time time);
/* Ends the frame being collected (TACTILE_GROUPING_TIMESTAMPS: after the events waiting were read). */
tactile_status tactile_contact_stream_flush(tactile_contact_stream *stream);

/* ---- Views ------------------------------------------------------------------------------------------------------ */

/* A view with `frame` in its superview's coordinates, not yet in a window. `name` (may be NULL) labels it in
 * the delivery log and for tactile_application_find_view. Like a UIView: user interaction enabled, multiple
 * touch disabled, not exclusive. */
tactile_status tactile_view_create(
    tactile_application *application, const char *name, tactile_rect frame, tactile_view **view);
/* Removes the view from its superview and invalidates its handle (its subviews go with it, their handles stay
 * valid). NULL: nothing. The window cannot be destroyed (TACTILE_ERROR_STATE): destroy the application. */
tactile_status tactile_view_destroy(tactile_view *view);

/* Adds `subview` on top of `view`'s subviews (moving it from its superview). */
tactile_status tactile_view_add_subview(tactile_view *view, tactile_view *subview);
/* Inserts `subview` at `index` of `view`'s subviews (0: at the back). */
tactile_status tactile_view_insert_subview(tactile_view *view, tactile_view *subview, size_t index);
tactile_status tactile_view_remove_from_superview(tactile_view *view);

tactile_status tactile_view_set_frame(tactile_view *view, tactile_rect frame);
tactile_status tactile_view_get_frame(tactile_view *view, tactile_rect *frame);
tactile_status tactile_view_set_bounds(tactile_view *view, tactile_rect bounds);
tactile_status tactile_view_get_bounds(tactile_view *view, tactile_rect *bounds);
tactile_status tactile_view_set_center(tactile_view *view, tactile_point center);
tactile_status tactile_view_get_center(tactile_view *view, tactile_point *center);
/* The transform about the view's center (UIView.transform): hit-testing and locations follow it. */
tactile_status tactile_view_set_transform(tactile_view *view, tactile_transform transform);
tactile_status tactile_view_get_transform(tactile_view *view, tactile_transform *transform);
/* 0…1; below 0.01 the view is not hit (as UIKit). */
tactile_status tactile_view_set_alpha(tactile_view *view, double alpha);

typedef enum tactile_view_flag {
    TACTILE_VIEW_USER_INTERACTION_ENABLED = 0, /* isUserInteractionEnabled, default true */
    TACTILE_VIEW_MULTIPLE_TOUCH_ENABLED = 1,   /* isMultipleTouchEnabled, default false */
    TACTILE_VIEW_EXCLUSIVE_TOUCH = 2,          /* isExclusiveTouch, default false */
    TACTILE_VIEW_HIDDEN = 3,                   /* isHidden, default false */
    TACTILE_VIEW_CLIPS_TO_BOUNDS = 4           /* clipsToBounds, default false */
} tactile_view_flag;

tactile_status tactile_view_set_flag(tactile_view *view, tactile_view_flag flag, bool value);
tactile_status tactile_view_get_flag(tactile_view *view, tactile_view_flag flag, bool *value);

/* A point in the window converted into the view's coordinates (UIView.convert(_:from: nil)). */
tactile_status tactile_view_convert_from_window(tactile_view *view, tactile_point point, tactile_point *converted);

/* The deepest view under a point of the screen that takes touches (UIKit's hit-test), or NULL. */
tactile_status tactile_application_hit_test(tactile_application *application, tactile_point point, tactile_view **view);

typedef enum tactile_touch_phase {
    TACTILE_TOUCH_BEGAN = 0,
    TACTILE_TOUCH_MOVED = 1,
    TACTILE_TOUCH_ENDED = 2,
    TACTILE_TOUCH_CANCELLED = 3
} tactile_touch_phase;

/* One touch, as a view's touch callback sees it. */
typedef struct tactile_touch {
    uint64_t id;                /* the contact's identifier (tactile_contact.id, or the stream's own numbering) */
    tactile_point location;     /* in the view's coordinates */
    tactile_point window_location;
    tactile_time timestamp;     /* the touch's last change, on your clock */
    int32_t tap_count;          /* UITouch.tapCount */
} tactile_touch;

/* Called for touchesBegan/Moved/Ended/Cancelled of a view, with the view's touches of that call (ordered by id).
 * Return true when the view handled them; false forwards them up the responder chain (a UIView subclass
 * calling super). `touches` is valid during the call only. */
typedef bool (*tactile_touch_callback)(
    void *user_data, tactile_view *view, tactile_touch_phase phase, const tactile_touch *touches, size_t count);

/* Sets (or, with NULL, removes) the view's touch callback. Views from a scene file handle touches as their scene
 * says (`handlesTouches`); TACTILE_ERROR_STATE for them. */
tactile_status tactile_view_set_touch_callback(tactile_view *view, tactile_touch_callback callback, void *user_data);

/* ---- Recognizers ------------------------------------------------------------------------------------------------ */

typedef enum tactile_recognizer_kind {
    TACTILE_RECOGNIZER_TAP = 0,              /* UITapGestureRecognizer */
    TACTILE_RECOGNIZER_LONG_PRESS = 1,       /* UILongPressGestureRecognizer */
    TACTILE_RECOGNIZER_PAN = 2,              /* UIPanGestureRecognizer */
    TACTILE_RECOGNIZER_SCREEN_EDGE_PAN = 3,  /* UIScreenEdgePanGestureRecognizer */
    TACTILE_RECOGNIZER_SWIPE = 4,            /* UISwipeGestureRecognizer */
    TACTILE_RECOGNIZER_PINCH = 5,            /* UIPinchGestureRecognizer */
    TACTILE_RECOGNIZER_ROTATION = 6,         /* UIRotationGestureRecognizer */
    TACTILE_RECOGNIZER_CUSTOM = 7            /* a UIGestureRecognizer subclass: tactile_recognizer_set_custom */
} tactile_recognizer_kind;

typedef enum tactile_recognizer_state {
    TACTILE_STATE_POSSIBLE = 0,
    TACTILE_STATE_BEGAN = 1,
    TACTILE_STATE_CHANGED = 2,
    TACTILE_STATE_ENDED = 3, /* also "recognized" */
    TACTILE_STATE_CANCELLED = 4,
    TACTILE_STATE_FAILED = 5
} tactile_recognizer_state;

/* Edges (UIRectEdge) and swipe directions (UISwipeGestureRecognizer.Direction): UIKit's bit values. Every
 * parameter starts at UIKit's default (tactile_recognizer_get_parameter reads it). */
#define TACTILE_EDGE_TOP 1u
#define TACTILE_EDGE_LEFT 2u
#define TACTILE_EDGE_BOTTOM 4u
#define TACTILE_EDGE_RIGHT 8u
#define TACTILE_DIRECTION_RIGHT 1u
#define TACTILE_DIRECTION_LEFT 2u
#define TACTILE_DIRECTION_UP 4u
#define TACTILE_DIRECTION_DOWN 8u

/* A recognizer of `kind`, with UIKit's defaults, not yet on a view. `name` (may be NULL) labels it in the log. */
tactile_status tactile_recognizer_create(
    tactile_application *application, tactile_recognizer_kind kind, const char *name, tactile_recognizer **recognizer);
/* Removes the recognizer from its view and invalidates its handle. NULL: nothing. */
tactile_status tactile_recognizer_destroy(tactile_recognizer *recognizer);

/* UIView.addGestureRecognizer: TACTILE_ERROR_STATE when the recognizer is on another view already. */
tactile_status tactile_view_add_recognizer(tactile_view *view, tactile_recognizer *recognizer);
/* UIView.removeGestureRecognizer (from whichever view has it). */
tactile_status tactile_recognizer_remove_from_view(tactile_recognizer *recognizer);

/* UIKit's properties, by name. Durations are seconds (TimeInterval), distances points, counts whole numbers,
 * edges and directions the bit masks above, booleans 0 or 1. Setting or getting a parameter the recognizer's
 * kind does not have is TACTILE_ERROR_INVALID_ARGUMENT (so is a count below 1, a NaN, a negative duration). */
typedef enum tactile_parameter {
    /* every kind */
    TACTILE_PARAM_ENABLED = 0,                    /* isEnabled, 1 */
    TACTILE_PARAM_CANCELS_TOUCHES_IN_VIEW = 1,    /* cancelsTouchesInView, 1 */
    TACTILE_PARAM_DELAYS_TOUCHES_BEGAN = 2,       /* delaysTouchesBegan, 0 */
    TACTILE_PARAM_DELAYS_TOUCHES_ENDED = 3,       /* delaysTouchesEnded, 1 */
    /* tap, long press */
    TACTILE_PARAM_NUMBER_OF_TAPS_REQUIRED = 10,   /* tap, long press */
    TACTILE_PARAM_NUMBER_OF_TOUCHES_REQUIRED = 11,/* tap, long press, swipe */
    TACTILE_PARAM_ALLOWABLE_MOVEMENT = 12,        /* tap, long press */
    TACTILE_PARAM_MAXIMUM_TAP_DURATION = 13,      /* tap, long press: seconds per tap */
    TACTILE_PARAM_MAXIMUM_TAP_INTERVAL = 14,      /* tap, long press: seconds between taps */
    TACTILE_PARAM_MINIMUM_PRESS_DURATION = 15,    /* long press */
    TACTILE_PARAM_TAP_ALLOWABLE_MOVEMENT = 16,    /* long press: movement of its preceding taps */
    /* pan, screen-edge pan */
    TACTILE_PARAM_MINIMUM_NUMBER_OF_TOUCHES = 20, /* pan */
    TACTILE_PARAM_MAXIMUM_NUMBER_OF_TOUCHES = 21, /* pan: unlimited reads as INT_MAX */
    TACTILE_PARAM_HYSTERESIS = 22,                /* pan, screen-edge pan, pinch */
    TACTILE_PARAM_EDGES = 23,                     /* screen-edge pan: TACTILE_EDGE_* */
    TACTILE_PARAM_EDGE_MARGIN = 24,               /* screen-edge pan */
    /* swipe */
    TACTILE_PARAM_DIRECTION = 30,                 /* TACTILE_DIRECTION_* */
    TACTILE_PARAM_MAXIMUM_DURATION = 31,          /* seconds */
    TACTILE_PARAM_MINIMUM_PRIMARY_MOVEMENT = 32,  /* points */
    TACTILE_PARAM_MAXIMUM_SECONDARY_RATIO = 33,
    /* pinch, rotation: the values an action reads, settable (UIKit's `pinch.scale = 1` idiom) */
    TACTILE_PARAM_SCALE = 40,                     /* pinch */
    TACTILE_PARAM_ROTATION = 41,                  /* rotation, radians */
    TACTILE_PARAM_ROTATION_THRESHOLD = 42         /* rotation: radians before it begins */
} tactile_parameter;

tactile_status tactile_recognizer_set_parameter(tactile_recognizer *recognizer, tactile_parameter parameter, double value);
tactile_status tactile_recognizer_get_parameter(tactile_recognizer *recognizer, tactile_parameter parameter, double *value);

/* The recognizer's state (UIGestureRecognizer.state). */
tactile_status tactile_recognizer_get_state(tactile_recognizer *recognizer, tactile_recognizer_state *state);

/* A pan's translation in its view (UIPanGestureRecognizer.setTranslation(_:in:)): usually (0, 0) after applying
 * it. TACTILE_ERROR_INVALID_ARGUMENT for other kinds. */
tactile_status tactile_recognizer_set_translation(tactile_recognizer *recognizer, tactile_point translation);

/* require(toFail:): `recognizer` waits until `other` fails. TACTILE_ERROR_STATE when it would close a cycle (the
 * message names it) or the two belong to different applications. */
tactile_status tactile_recognizer_require_to_fail(tactile_recognizer *recognizer, tactile_recognizer *other);

/* Lets the two recognize at the same time (a delegate answering shouldRecognizeSimultaneouslyWith: true for the
 * pair; a scene's `simultaneous` pairs are kept). */
tactile_status tactile_recognizer_recognize_simultaneously(tactile_recognizer *recognizer, tactile_recognizer *other);

/* Asked for every two recognizers that would exclude each other, unless a pair says yes already:
 * gestureRecognizer(_:shouldRecognizeSimultaneouslyWith:). NULL removes it. */
typedef bool (*tactile_simultaneous_callback)(void *user_data, tactile_recognizer *recognizer, tactile_recognizer *other);
tactile_status tactile_application_set_simultaneous_callback(
    tactile_application *application, tactile_simultaneous_callback callback, void *user_data);

/* What an action sees: the recognizer's values at the time of the action. Fields that the kind does not have are
 * 0 (scale and the transform-like values of other kinds: 0; a pinch's scale starts at 1). */
typedef struct tactile_gesture {
    tactile_recognizer_kind kind;
    tactile_recognizer_state state;
    tactile_time timestamp;         /* the input that caused it, on your clock */
    tactile_point location;         /* location(in: nil): in the window */
    tactile_point location_in_view; /* location(in: view) */
    tactile_point translation;      /* pan: translation(in: view) */
    tactile_point velocity;         /* pan: velocity(in: view), points per second */
    double scale;                   /* pinch */
    double rotation;                /* rotation, radians */
    double scalar_velocity;         /* pinch: scale per second; rotation: radians per second */
    int32_t number_of_touches;      /* numberOfTouches */
    int32_t number_of_taps;         /* tap, long press: numberOfTapsRequired */
    uint32_t swipe_direction;       /* swipe: the direction it recognized */
} tactile_gesture;

/* Called for each action of the recognizer (UIKit's target-action), with its values. `gesture` is valid during
 * the call only. */
typedef void (*tactile_action_callback)(void *user_data, tactile_recognizer *recognizer, const tactile_gesture *gesture);
/* Sets (or, with NULL, removes) the recognizer's action. */
tactile_status tactile_recognizer_set_action(tactile_recognizer *recognizer, tactile_action_callback callback, void *user_data);

/* A custom recognizer (TACTILE_RECOGNIZER_CUSTOM) is a UIGestureRecognizer subclass written as callbacks: it
 * receives the touches the arena gives it and decides with tactile_recognizer_set_state() — began/changed/ended
 * for a continuous gesture, ended for a discrete one, failed when it is not its gesture. The arena does the rest
 * (failure requirements, exclusion, cancelling touches in the view, the reset). Any member may be NULL. */
typedef struct tactile_custom_recognizer {
    void (*touches)(void *user_data, tactile_recognizer *recognizer, tactile_touch_phase phase,
        const tactile_touch *touches, size_t count);
    /* After the recognizer ended, failed or was cancelled, before the next gesture: forget its state. */
    void (*reset)(void *user_data, tactile_recognizer *recognizer);
} tactile_custom_recognizer;

tactile_status tactile_recognizer_set_custom(
    tactile_recognizer *recognizer, const tactile_custom_recognizer *callbacks, void *user_data);

/* UIGestureRecognizer.state's setter: for custom recognizers, from their callbacks (TACTILE_ERROR_STATE for the
 * built-in kinds, whose machines decide). */
tactile_status tactile_recognizer_set_state(tactile_recognizer *recognizer, tactile_recognizer_state state);

/* ---- The delivery log ------------------------------------------------------------------------------------------ */

typedef enum tactile_log_format {
    TACTILE_LOG_NONE = 0,       /* no log (the default) */
    TACTILE_LOG_TEXT = 1,       /* `tactile replay`'s lines */
    TACTILE_LOG_EXPLAIN = 2,    /* `tactile replay --explain`: a `why:` line under each decision */
    TACTILE_LOG_JSON_LINES = 3  /* `tactile replay --json`: one JSON object per line, a schema line first */
} tactile_log_format;

/* Starts (or stops, with TACTILE_LOG_NONE) the delivery log of the application, from now on; `positions` adds
 * positions to text lines (`--positions`). The log is kept until read. */
tactile_status tactile_application_set_log(tactile_application *application, tactile_log_format format, bool positions);

/* Takes whole lines of the log: copies as many as fit in `capacity - 1` bytes, NUL-terminates, sets *length to
 * the bytes copied and removes them from the log. With buffer NULL (or capacity 0), only sets *length to the
 * size the whole log needs (without the NUL) and removes nothing. TACTILE_ERROR_BUFFER_TOO_SMALL when the next
 * line does not fit (*length: the size it needs, with the NUL). */
tactile_status tactile_application_read_log(
    tactile_application *application, char *buffer, size_t capacity, size_t *length);

#ifdef __cplusplus
}
#endif

#endif /* TACTILE_H */
