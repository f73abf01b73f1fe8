// The program of Docs/c-api.md in C++ with tactile.hpp (RAII, exceptions, lambdas): the same gestures, the same
// output. .ci/c-api.sh builds it with `pkg-config --cflags --libs tactile` and compares its output with the page's.
#include "tactile.hpp"

#include <cstdio>

int main() {
    tactile::Application app(800, 600);
    tactile::View photo = app.makeView("photo", {100, 100, 600, 400});
    photo.setFlag(TACTILE_VIEW_MULTIPLE_TOUCH_ENABLED, true);
    app.window().addSubview(photo);
    tactile::Recognizer pinch = app.makeRecognizer(TACTILE_RECOGNIZER_PINCH, "pinch", photo);
    tactile::Recognizer tap = app.makeRecognizer(TACTILE_RECOGNIZER_TAP, "tap", photo);
    app.onAction(pinch, [](tactile::Recognizer, const tactile_gesture &g) {
        std::printf("pinch %d: scale %.2f about (%.0f, %.0f)\n", g.state, g.scale, g.location.x, g.location.y);
    });
    app.onAction(tap, [name = "photo"](tactile::Recognizer, const tactile_gesture &g) {
        std::printf("%s tapped at (%.0f, %.0f) in the view\n", name, g.location_in_view.x, g.location_in_view.y);
    });
    try {
        tap.set(TACTILE_PARAM_NUMBER_OF_TAPS_REQUIRED, 0); // UIKit's minimum is 1: refused, with the reason
        return 1;
    } catch (const tactile::Error &error) {
        if (error.status != TACTILE_ERROR_INVALID_ARGUMENT) return 1;
    }

    tactile::ContactStream touches(app, TACTILE_GROUPING_TIMESTAMPS);
    const tactile_time ms = 1000000;
    touches.down(1, 0, 350, 300);
    touches.down(2, 0, 450, 300);
    for (int i = 1; i <= 10; i++) {
        touches.motion(1, i * 16 * ms, 350 - 5 * i, 300);
        touches.motion(2, i * 16 * ms, 450 + 5 * i, 300);
    }
    touches.up(1, 200 * ms, 300, 300);
    touches.up(2, 200 * ms, 500, 300);
    touches.down(3, 500 * ms, 200, 150);
    touches.up(3, 550 * ms, 200, 150);
    touches.flush();
    return touches.motion(42, 600 * ms, 0, 0) ? 1 : 0; // a contact that is not down: ignored (false), not thrown
}
