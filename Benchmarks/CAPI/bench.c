/*
 * The C boundary's cost per frame: ten fingers moving on a view under a pan in `changed`, whose action (a C callback)
 * reads the gesture's values — the steady state of a drag (Benchmarks' SteadyMoves, through the C API). The Swift
 * side of the comparison is Benchmarks/Sources/tactile-capi-swift (the same frames through ContactStream and
 * Application).
 *
 *   bench stream FRAMES     each frame as a toolkit reports it: 10 tactile_contact_motion + tactile_contact_frame
 *   bench frame FRAMES      each frame as one tactile_application_send_frame
 *   bench allocations       counts malloc/calloc/realloc/posix_memalign/aligned_alloc calls during 1000 steady
 *                           frames of each mode; exits 1 unless both are 0
 *
 * Prints `MODE: N frames, W ns per frame (wall)`; run under callgrind with FRAMES and 2×FRAMES for instructions
 * per frame (Benchmarks/CAPI/measure.sh).
 */
#define _POSIX_C_SOURCE 200809L /* clock_gettime */
#include <tactile.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* ---- Allocation counting: this executable's malloc family wraps glibc's; libtactile's calls (the Swift runtime's
 * included) bind to these, the executable's definitions coming first in symbol lookup. */
extern void *__libc_malloc(size_t);
extern void *__libc_calloc(size_t, size_t);
extern void *__libc_realloc(void *, size_t);
extern void *__libc_memalign(size_t, size_t);
extern void __libc_free(void *);
static long allocations;
static int counting;

void *malloc(size_t size) {
    allocations += counting;
    return __libc_malloc(size);
}
void *calloc(size_t count, size_t size) {
    allocations += counting;
    return __libc_calloc(count, size);
}
void *realloc(void *pointer, size_t size) {
    allocations += counting;
    return __libc_realloc(pointer, size);
}
void free(void *pointer) { __libc_free(pointer); }
int posix_memalign(void **result, size_t alignment, size_t size) {
    allocations += counting;
    *result = __libc_memalign(alignment, size);
    return *result ? 0 : 12;
}
void *aligned_alloc(size_t alignment, size_t size) {
    allocations += counting;
    return __libc_memalign(alignment, size);
}
void *memalign(size_t alignment, size_t size) {
    allocations += counting;
    return __libc_memalign(alignment, size);
}

/* ---- The workload ------------------------------------------------------------------------------------------------ */

enum { FINGERS = 10 };
static double translation_sum; /* what the action reads, so that it is not optimized away */

static void on_pan(void *user, tactile_recognizer *pan, const tactile_gesture *g) {
    (void)user, (void)pan;
    translation_sum += g->translation.x + g->velocity.x + g->location.y;
}

static void must(tactile_status status, const char *what) {
    if (status < 0) {
        fprintf(stderr, "bench: %s: %s\n", what, tactile_last_error());
        exit(1);
    }
}

typedef struct {
    tactile_application *app;
    tactile_contact_stream *stream;
    tactile_contact contacts[FINGERS];
    tactile_time time;
    long moves;
} workload;

/* A 1280 × 720 application, a 1000 × 560 view with a pan; ten fingers down and dragged until the pan is in
 * `changed` (as SteadyMoves does). */
static void setup(workload *w) {
    memset(w, 0, sizeof *w);
    tactile_view *window, *view;
    tactile_recognizer *pan;
    must(tactile_application_create(1280, 720, &w->app), "application");
    must(tactile_application_window(w->app, &window), "window");
    must(tactile_view_create(w->app, "view", (tactile_rect){140, 40, 1000, 560}, &view), "view");
    must(tactile_view_set_flag(view, TACTILE_VIEW_MULTIPLE_TOUCH_ENABLED, true), "flag");
    must(tactile_view_add_subview(window, view), "subview");
    must(tactile_recognizer_create(w->app, TACTILE_RECOGNIZER_PAN, "pan", &pan), "pan");
    must(tactile_view_add_recognizer(view, pan), "add");
    must(tactile_recognizer_set_action(pan, on_pan, NULL), "action");
    must(tactile_contact_stream_create(w->app, TACTILE_GROUPING_FRAME_EVENTS, &w->stream), "stream");
    w->time = 1000000000;
    for (int i = 0; i < FINGERS; i++) {
        w->contacts[i] = (tactile_contact){(uint64_t)i + 1, TACTILE_CONTACT_MOVED, 300 + i * 80, 300};
        must(tactile_contact_down(w->stream, i + 1, w->time, w->contacts[i].x, w->contacts[i].y), "down");
    }
    must(tactile_contact_frame(w->stream, w->time), "frame");
    for (int step = 0; step < 8; step++) {
        w->time += 8333333;
        for (int i = 0; i < FINGERS; i++) {
            w->contacts[i].x += 6;
            must(tactile_contact_motion(w->stream, i + 1, w->time, w->contacts[i].x, w->contacts[i].y), "motion");
        }
        must(tactile_contact_frame(w->stream, w->time), "frame");
    }
    tactile_recognizer_state state;
    must(tactile_recognizer_get_state(pan, &state), "state");
    if (state != TACTILE_STATE_CHANGED) {
        fprintf(stderr, "bench: the pan should be in changed after the drag, not %d\n", state);
        exit(1);
    }
}

/* One steady frame: every finger moves ±4 pt (alternating, so they stay on the view), 120 Hz. */
static void stream_frame(workload *w) {
    double delta = (w->moves++ % 2 == 0) ? 4 : -4;
    w->time += 8333333;
    for (int i = 0; i < FINGERS; i++) {
        w->contacts[i].x += delta;
        tactile_contact_motion(w->stream, i + 1, w->time, w->contacts[i].x, w->contacts[i].y);
    }
    tactile_contact_frame(w->stream, w->time);
}

/* The same frame, sent whole. (The stream's touches are the same contacts: its numbering is 1…10 too.) */
static void send_frame(workload *w) {
    double delta = (w->moves++ % 2 == 0) ? 4 : -4;
    w->time += 8333333;
    for (int i = 0; i < FINGERS; i++) w->contacts[i].x += delta;
    tactile_application_send_frame(w->app, w->time, w->contacts, FINGERS);
}

static double now_ns(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e9 + t.tv_nsec;
}

static void run(const char *mode, long frames) {
    workload w;
    setup(&w);
    void (*frame)(workload *) = strcmp(mode, "frame") == 0 ? send_frame : stream_frame;
    double start = now_ns();
    for (long i = 0; i < frames; i++) frame(&w);
    double elapsed = now_ns() - start;
    printf("%s: %ld frames, %.0f ns per frame (wall)\n", mode, frames, frames ? elapsed / frames : 0);
    tactile_contact_stream_destroy(w.stream);
    tactile_application_destroy(w.app);
}

static long count_allocations(void (*frame)(workload *)) {
    workload w;
    setup(&w);
    for (int i = 0; i < 100; i++) frame(&w); /* warm: buffers at their steady sizes */
    allocations = 0;
    counting = 1;
    for (int i = 0; i < 1000; i++) frame(&w);
    counting = 0;
    tactile_contact_stream_destroy(w.stream);
    tactile_application_destroy(w.app);
    return allocations;
}

int main(int argc, char **argv) {
    if (argc == 2 && strcmp(argv[1], "allocations") == 0) {
        long stream = count_allocations(stream_frame), frame = count_allocations(send_frame);
        printf("allocations in 1000 steady frames: %ld through contacts (tactile_contact_*), %ld through "
               "tactile_application_send_frame\n", stream, frame);
        return stream == 0 && frame == 0 ? 0 : 1;
    }
    if (argc == 3 && (strcmp(argv[1], "stream") == 0 || strcmp(argv[1], "frame") == 0)) {
        run(argv[1], atol(argv[2]));
        return translation_sum == 12345.678 ? 2 : 0;
    }
    fprintf(stderr, "usage: bench stream|frame FRAMES | bench allocations\n");
    return 1;
}
