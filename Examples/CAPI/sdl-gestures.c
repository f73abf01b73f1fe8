/*
 * sdl-gestures: a picture you pan, pinch and rotate with your fingers, and a RESET button you tap — SDL2's finger
 * events turned into UIKit's gestures by libtactile.
 *
 *   cc sdl-gestures.c $(pkg-config --cflags --libs tactile sdl2) -lm -o sdl-gestures
 *   ./sdl-gestures                          live: the touches SDL gives the window (X11 XInput 2, Wayland)
 *   ./sdl-gestures --script FILE [--screenshot-at MS:FILE.bmp]... [--exit-after MS] [--verbose]
 *
 * --script plays synthetic finger events through SDL's own queue (SDL_PushEvent), each at its time: lines of
 * `MS down|move|up ID X Y` (milliseconds after start, window points). The app reads them as it reads real ones.
 * --screenshot-at writes the window MS milliseconds after start (a BMP); --exit-after quits.
 *
 * The picture has two markers, a magenta and a red disk, 200 px apart on its horizontal axis, symmetric about its
 * centre: a screenshot tells its scale, rotation and centre (Examples/CAPI/test.py measures them).
 */
#include <SDL.h>
#include <tactile.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { WIDTH = 800, HEIGHT = 600, PICTURE_W = 320, PICTURE_H = 200 };
#define DEGREES_PER_RADIAN 57.295779513082321

/* The picture's placement: its centre on screen, its scale and its rotation (radians, clockwise). */
typedef struct {
    double x, y, scale, angle;
} placement;

static placement picture = {WIDTH / 2.0, HEIGHT / 2.0, 1, 0};
static bool button_pressed, verbose;

static void check(tactile_status status, const char *what) {
    if (status < 0) {
        fprintf(stderr, "sdl-gestures: %s: %s\n", what, tactile_last_error());
        exit(1);
    }
}

/* Scales and turns the picture about a point (the fingers' centroid), as a photo viewer does. */
static void transform_about(double px, double py, double scale, double angle) {
    double dx = (picture.x - px) * scale, dy = (picture.y - py) * scale;
    picture.x = px + dx * cos(angle) - dy * sin(angle);
    picture.y = py + dx * sin(angle) + dy * cos(angle);
    picture.scale *= scale;
    picture.angle += angle;
}

/* Actions read each change since the last one and reset the recognizer's value (UIKit's idiom). */
static void on_pan(void *user, tactile_recognizer *pan, const tactile_gesture *g) {
    (void)user;
    picture.x += g->translation.x;
    picture.y += g->translation.y;
    tactile_recognizer_set_translation(pan, (tactile_point){0, 0});
}

static void on_pinch(void *user, tactile_recognizer *pinch, const tactile_gesture *g) {
    (void)user;
    transform_about(g->location.x, g->location.y, g->scale, 0);
    tactile_recognizer_set_parameter(pinch, TACTILE_PARAM_SCALE, 1);
}

static void on_rotation(void *user, tactile_recognizer *rotation, const tactile_gesture *g) {
    (void)user;
    transform_about(g->location.x, g->location.y, 1, g->rotation);
    tactile_recognizer_set_parameter(rotation, TACTILE_PARAM_ROTATION, 0);
}

static void on_reset(void *user, tactile_recognizer *tap, const tactile_gesture *g) {
    (void)user, (void)tap, (void)g;
    picture = (placement){WIDTH / 2.0, HEIGHT / 2.0, 1, 0};
    if (verbose) fprintf(stderr, "reset\n");
}

/* The button shows itself pressed while a finger is on it; it handles its touches (they go no further). */
static bool button_touches(void *user, tactile_view *view, tactile_touch_phase phase, const tactile_touch *t, size_t n) {
    (void)user, (void)view, (void)t, (void)n;
    button_pressed = phase == TACTILE_TOUCH_BEGAN || phase == TACTILE_TOUCH_MOVED;
    return true;
}

static SDL_Texture *make_picture(SDL_Renderer *renderer) {
    SDL_Surface *s = SDL_CreateRGBSurfaceWithFormat(0, PICTURE_W, PICTURE_H, 32, SDL_PIXELFORMAT_ARGB8888);
    Uint32 *pixels = s->pixels;
    for (int y = 0; y < PICTURE_H; y++) {
        for (int x = 0; x < PICTURE_W; x++) {
            Uint32 c = 0xff000000u | (Uint32)(40 + x * 120 / PICTURE_W) << 16 | (Uint32)(90 + y * 100 / PICTURE_H) << 8 | 170;
            double left = hypot(x - (PICTURE_W / 2.0 - 100), y - PICTURE_H / 2.0);
            double right = hypot(x - (PICTURE_W / 2.0 + 100), y - PICTURE_H / 2.0);
            if (left < 14) c = 0xffff00ffu;  /* magenta */
            if (right < 14) c = 0xffff0000u; /* red */
            pixels[y * (s->pitch / 4) + x] = c;
        }
    }
    SDL_Texture *texture = SDL_CreateTextureFromSurface(renderer, s);
    SDL_FreeSurface(s);
    return texture;
}

static void draw(SDL_Renderer *renderer, SDL_Texture *texture) {
    SDL_SetRenderDrawColor(renderer, 24, 24, 28, 255);
    SDL_RenderClear(renderer);
    double w = PICTURE_W * picture.scale, h = PICTURE_H * picture.scale;
    SDL_FRect dst = {(float)(picture.x - w / 2), (float)(picture.y - h / 2), (float)w, (float)h};
    SDL_RenderCopyExF(renderer, texture, NULL, &dst, picture.angle * DEGREES_PER_RADIAN, NULL, SDL_FLIP_NONE);
    SDL_SetRenderDrawColor(renderer, button_pressed ? 250 : 70, button_pressed ? 200 : 110, button_pressed ? 40 : 160, 255);
    SDL_RenderFillRect(renderer, &(SDL_Rect){10, 10, 140, 50});
    SDL_RenderPresent(renderer);
}

static void screenshot(SDL_Renderer *renderer, SDL_Texture *texture, const char *path) {
    draw(renderer, texture);
    SDL_Surface *s = SDL_CreateRGBSurfaceWithFormat(0, WIDTH, HEIGHT, 32, SDL_PIXELFORMAT_ARGB8888);
    SDL_RenderReadPixels(renderer, NULL, SDL_PIXELFORMAT_ARGB8888, s->pixels, s->pitch);
    if (SDL_SaveBMP(s, path) != 0) fprintf(stderr, "sdl-gestures: %s: %s\n", path, SDL_GetError());
    SDL_FreeSurface(s);
    if (verbose) fprintf(stderr, "screenshot %s: centre (%.1f, %.1f) scale %.3f angle %.2f°\n", path, picture.x, picture.y,
        picture.scale, picture.angle * DEGREES_PER_RADIAN);
}

typedef struct {
    Uint32 ms;
    Uint32 type;
    SDL_FingerID id;
    float x, y;
} scripted;

/* Plays the script on a thread of its own, as a touchscreen's driver delivers events: each enters SDL's queue at
 * its time (SDL stamps it then), whatever the drawing loop is doing. */
typedef struct {
    scripted *events;
    size_t count;
    Uint32 start;
} script_player;

static int play_script(void *argument) {
    script_player *player = argument;
    for (size_t i = 0; i < player->count; i++) {
        Uint32 now = SDL_GetTicks() - player->start;
        if (player->events[i].ms > now) SDL_Delay(player->events[i].ms - now);
        SDL_Event e = {0};
        e.type = player->events[i].type;
        e.tfinger.fingerId = player->events[i].id;
        e.tfinger.x = player->events[i].x;
        e.tfinger.y = player->events[i].y;
        SDL_PushEvent(&e);
    }
    return 0;
}

static scripted *load_script(const char *path, size_t *count) {
    FILE *file = fopen(path, "r");
    if (!file) { perror(path); exit(1); }
    scripted *events = NULL;
    size_t n = 0, line = 0;
    char kind[8];
    unsigned ms;
    long long id;
    double x, y;
    char text[256];
    while (fgets(text, sizeof text, file)) {
        line++;
        if (text[0] == '#' || text[0] == '\n') continue;
        if (sscanf(text, "%u %7s %lld %lf %lf", &ms, kind, &id, &x, &y) != 5) {
            fprintf(stderr, "sdl-gestures: %s:%zu: expected `MS down|move|up ID X Y`\n", path, line);
            exit(1);
        }
        Uint32 type = strcmp(kind, "down") == 0 ? SDL_FINGERDOWN : strcmp(kind, "move") == 0 ? SDL_FINGERMOTION
            : strcmp(kind, "up") == 0 ? SDL_FINGERUP : 0;
        if (!type) { fprintf(stderr, "sdl-gestures: %s:%zu: unknown event `%s`\n", path, line, kind); exit(1); }
        events = realloc(events, (n + 1) * sizeof *events);
        events[n++] = (scripted){ms, type, id, (float)(x / WIDTH), (float)(y / HEIGHT)};
    }
    fclose(file);
    *count = n;
    return events;
}

int main(int argc, char **argv) {
    const char *script_path = NULL, *shot_paths[8];
    Uint32 shot_times[8], exit_after = 0;
    int shots = 0;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--script") == 0 && i + 1 < argc) script_path = argv[++i];
        else if (strcmp(argv[i], "--screenshot-at") == 0 && i + 1 < argc && shots < 8) {
            char *colon = strchr(argv[++i], ':');
            if (!colon) { fprintf(stderr, "sdl-gestures: --screenshot-at MS:FILE.bmp\n"); return 1; }
            shot_times[shots] = (Uint32)strtoul(argv[i], NULL, 10);
            shot_paths[shots++] = colon + 1;
        } else if (strcmp(argv[i], "--exit-after") == 0 && i + 1 < argc) exit_after = (Uint32)strtoul(argv[++i], NULL, 10);
        else if (strcmp(argv[i], "--verbose") == 0) verbose = true;
        else { fprintf(stderr, "usage: sdl-gestures [--script FILE] [--screenshot-at MS:FILE.bmp]... [--exit-after MS] [--verbose]\n"); return 1; }
    }
    if (SDL_Init(SDL_INIT_VIDEO | SDL_INIT_EVENTS) != 0) { fprintf(stderr, "sdl-gestures: %s\n", SDL_GetError()); return 1; }
    SDL_Window *window = SDL_CreateWindow("sdl-gestures", SDL_WINDOWPOS_CENTERED, SDL_WINDOWPOS_CENTERED, WIDTH, HEIGHT, 0);
    SDL_Renderer *renderer = window ? SDL_CreateRenderer(window, -1, SDL_RENDERER_SOFTWARE) : NULL;
    if (!renderer) { fprintf(stderr, "sdl-gestures: %s\n", SDL_GetError()); return 1; }
    SDL_Texture *texture = make_picture(renderer);

    /* The view tree: a stage filling the window carries pan, pinch and rotation (all three at once); a button on
     * top carries a tap. */
    tactile_application *app;
    tactile_view *root, *stage, *button;
    tactile_recognizer *pan, *pinch, *rotation, *tap;
    check(tactile_application_create(WIDTH, HEIGHT, &app), "application");
    check(tactile_application_window(app, &root), "window");
    check(tactile_view_create(app, "stage", (tactile_rect){0, 0, WIDTH, HEIGHT}, &stage), "stage");
    check(tactile_view_set_flag(stage, TACTILE_VIEW_MULTIPLE_TOUCH_ENABLED, true), "multiple touch");
    check(tactile_view_add_subview(root, stage), "stage");
    check(tactile_view_create(app, "reset", (tactile_rect){10, 10, 140, 50}, &button), "button");
    check(tactile_view_add_subview(root, button), "button");
    check(tactile_view_set_touch_callback(button, button_touches, NULL), "button touches");
    check(tactile_recognizer_create(app, TACTILE_RECOGNIZER_PAN, "pan", &pan), "pan");
    check(tactile_recognizer_create(app, TACTILE_RECOGNIZER_PINCH, "pinch", &pinch), "pinch");
    check(tactile_recognizer_create(app, TACTILE_RECOGNIZER_ROTATION, "rotation", &rotation), "rotation");
    check(tactile_recognizer_create(app, TACTILE_RECOGNIZER_TAP, "tap", &tap), "tap");
    check(tactile_recognizer_recognize_simultaneously(pan, pinch), "pan+pinch");
    check(tactile_recognizer_recognize_simultaneously(pan, rotation), "pan+rotation");
    check(tactile_recognizer_recognize_simultaneously(pinch, rotation), "pinch+rotation");
    check(tactile_view_add_recognizer(stage, pan), "pan");
    check(tactile_view_add_recognizer(stage, pinch), "pinch");
    check(tactile_view_add_recognizer(stage, rotation), "rotation");
    check(tactile_view_add_recognizer(button, tap), "tap");
    check(tactile_recognizer_set_action(pan, on_pan, NULL), "pan action");
    check(tactile_recognizer_set_action(pinch, on_pinch, NULL), "pinch action");
    check(tactile_recognizer_set_action(rotation, on_rotation, NULL), "rotation action");
    check(tactile_recognizer_set_action(tap, on_reset, NULL), "tap action");
    /* SDL has no frame events: a later timestamp or a flush (once the queue is empty) ends a frame. */
    tactile_contact_stream *stream;
    check(tactile_contact_stream_create(app, TACTILE_GROUPING_TIMESTAMPS, &stream), "stream");

    /* TACTILE_LOG=1: the delivery log (`tactile replay`'s format) on stderr at exit. */
    if (getenv("TACTILE_LOG")) check(tactile_application_set_log(app, TACTILE_LOG_TEXT, true), "log");

    Uint32 start = SDL_GetTicks();
    script_player player = {NULL, 0, start};
    SDL_Thread *player_thread = NULL;
    if (script_path) {
        player.events = load_script(script_path, &player.count);
        player_thread = SDL_CreateThread(play_script, "script", &player);
    }
    for (bool running = true; running;) {
        Uint32 now = SDL_GetTicks() - start;
        for (int i = 0; i < shots; i++) {
            if (shot_times[i] && shot_times[i] <= now) {
                screenshot(renderer, texture, shot_paths[i]);
                shot_times[i] = 0;
            }
        }
        if (exit_after && now >= exit_after) break;

        /* Wait for input until the next display frame (16 ms), or sooner for a deadline (a double tap's wait, a
         * long press's duration): deadlines are on SDL's clock, the events' timestamps. */
        tactile_time deadline;
        bool has_deadline;
        check(tactile_application_next_deadline(app, &deadline, &has_deadline), "deadline");
        int timeout = 16;
        if (has_deadline) {
            tactile_time wait = deadline - (tactile_time)SDL_GetTicks() * 1000000;
            timeout = wait <= 0 ? 0 : wait < 16000000 ? (int)(wait / 1000000) + 1 : 16;
        }
        SDL_Event event;
        if (SDL_WaitEventTimeout(&event, timeout)) {
            do {
                tactile_time t = (tactile_time)event.tfinger.timestamp * 1000000;
                double x = event.tfinger.x * WIDTH, y = event.tfinger.y * HEIGHT;
                switch (event.type) {
                case SDL_QUIT: running = false; break;
                case SDL_FINGERDOWN: check(tactile_contact_down(stream, event.tfinger.fingerId, t, x, y), "down"); break;
                case SDL_FINGERMOTION: check(tactile_contact_motion(stream, event.tfinger.fingerId, t, x, y), "motion"); break;
                case SDL_FINGERUP: check(tactile_contact_up_at(stream, event.tfinger.fingerId, t, x, y), "up"); break;
                default: break;
                }
            } while (SDL_PollEvent(&event));
            check(tactile_contact_stream_flush(stream), "flush");
        }
        check(tactile_application_next_deadline(app, &deadline, &has_deadline), "deadline");
        tactile_time clock_now = (tactile_time)SDL_GetTicks() * 1000000;
        if (has_deadline && deadline <= clock_now) check(tactile_application_advance(app, clock_now), "advance");
        draw(renderer, texture);
    }
    if (player_thread) SDL_WaitThread(player_thread, NULL);
    free(player.events);
    char line[1024];
    size_t length;
    while (tactile_application_read_log(app, line, sizeof line, &length) == TACTILE_OK && length > 0) fputs(line, stderr);
    check(tactile_contact_stream_destroy(stream), "stream");
    check(tactile_application_destroy(app), "application");
    SDL_DestroyTexture(texture);
    SDL_DestroyRenderer(renderer);
    SDL_DestroyWindow(window);
    SDL_Quit();
    return 0;
}
