// tactile.hpp — a C++17 wrapper of tactile.h (header only, an example: copy it into your program).
//
// tactile::Application owns the application: its destructor destroys it, and with it every view, recognizer and
// contact stream made from it (as tactile_application_destroy does). View and Recognizer are references into it,
// cheap to copy, valid while the application lives. ContactStream owns its stream. A failed call throws
// tactile::Error (its status and tactile_last_error()'s message); TACTILE_IGNORED is not an error: the contact
// calls return it as `false`. Callbacks are any callables; the application keeps them.
#pragma once

#include <tactile.h>

#include <functional>
#include <memory>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace tactile {

class Error : public std::runtime_error {
public:
    Error(tactile_status status, const char *message) : std::runtime_error(message), status(status) {}
    tactile_status status;
};

/// Throws for an error status; true for TACTILE_OK, false for TACTILE_IGNORED.
inline bool check(tactile_status status) {
    if (status < 0) throw Error(status, tactile_last_error());
    return status == TACTILE_OK;
}

class View {
public:
    explicit View(tactile_view *handle) : handle_(handle) {}
    tactile_view *handle() const { return handle_; }
    void addSubview(View subview) const { check(tactile_view_add_subview(handle_, subview.handle_)); }
    void setFrame(tactile_rect frame) const { check(tactile_view_set_frame(handle_, frame)); }
    tactile_rect frame() const {
        tactile_rect frame;
        check(tactile_view_get_frame(handle_, &frame));
        return frame;
    }
    void setTransform(tactile_transform transform) const { check(tactile_view_set_transform(handle_, transform)); }
    void setFlag(tactile_view_flag flag, bool value) const { check(tactile_view_set_flag(handle_, flag, value)); }
    bool operator==(const View &other) const { return handle_ == other.handle_; }

private:
    tactile_view *handle_;
};

class Recognizer {
public:
    explicit Recognizer(tactile_recognizer *handle) : handle_(handle) {}
    tactile_recognizer *handle() const { return handle_; }
    void set(tactile_parameter parameter, double value) const {
        check(tactile_recognizer_set_parameter(handle_, parameter, value));
    }
    double get(tactile_parameter parameter) const {
        double value;
        check(tactile_recognizer_get_parameter(handle_, parameter, &value));
        return value;
    }
    void requireToFail(Recognizer other) const { check(tactile_recognizer_require_to_fail(handle_, other.handle_)); }
    void recognizeSimultaneously(Recognizer other) const {
        check(tactile_recognizer_recognize_simultaneously(handle_, other.handle_));
    }

private:
    tactile_recognizer *handle_;
};

class Application {
public:
    using Action = std::function<void(Recognizer, const tactile_gesture &)>;
    using Touches = std::function<bool(View, tactile_touch_phase, const tactile_touch *, size_t)>;

    Application(double width, double height) { check(tactile_application_create(width, height, &handle_)); }
    explicit Application(const std::string &scene) { check(tactile_application_load_scene(scene.c_str(), &handle_)); }
    ~Application() { tactile_application_destroy(handle_); }
    Application(const Application &) = delete;
    Application &operator=(const Application &) = delete;

    tactile_application *handle() const { return handle_; }

    View window() const {
        tactile_view *window;
        check(tactile_application_window(handle_, &window));
        return View(window);
    }
    View makeView(const char *name, tactile_rect frame) {
        tactile_view *view;
        check(tactile_view_create(handle_, name, frame, &view));
        return View(view);
    }
    Recognizer makeRecognizer(tactile_recognizer_kind kind, const char *name, View view) {
        tactile_recognizer *recognizer;
        check(tactile_recognizer_create(handle_, kind, name, &recognizer));
        check(tactile_view_add_recognizer(view.handle(), recognizer));
        return Recognizer(recognizer);
    }
    /// The recognizer's action (replacing any); the application keeps `action`.
    void onAction(Recognizer recognizer, Action action) {
        actions_.push_back(std::make_unique<Action>(std::move(action)));
        check(tactile_recognizer_set_action(recognizer.handle(), &Application::callAction, actions_.back().get()));
    }
    /// The view's touch callback: return true when the view handled the touches.
    void onTouches(View view, Touches touches) {
        touchCallbacks_.push_back(std::make_unique<Touches>(std::move(touches)));
        check(tactile_view_set_touch_callback(view.handle(), &Application::callTouches, touchCallbacks_.back().get()));
    }
    void advance(tactile_time time) const { check(tactile_application_advance(handle_, time)); }
    bool nextDeadline(tactile_time &deadline) const {
        bool has;
        check(tactile_application_next_deadline(handle_, &deadline, &has));
        return has;
    }

private:
    static void callAction(void *user, tactile_recognizer *recognizer, const tactile_gesture *gesture) {
        (*static_cast<Action *>(user))(Recognizer(recognizer), *gesture);
    }
    static bool callTouches(void *user, tactile_view *view, tactile_touch_phase phase, const tactile_touch *touches,
        size_t count) {
        return (*static_cast<Touches *>(user))(View(view), phase, touches, count);
    }

    tactile_application *handle_ = nullptr;
    std::vector<std::unique_ptr<Action>> actions_;
    std::vector<std::unique_ptr<Touches>> touchCallbacks_;
};

/// A contact stream (destroyed with this object, or with its application before).
class ContactStream {
public:
    ContactStream(Application &application, tactile_grouping grouping) {
        check(tactile_contact_stream_create(application.handle(), grouping, &handle_));
    }
    ~ContactStream() { tactile_contact_stream_destroy(handle_); }
    ContactStream(const ContactStream &) = delete;
    ContactStream &operator=(const ContactStream &) = delete;

    bool down(int64_t id, tactile_time time, double x, double y) { return check(tactile_contact_down(handle_, id, time, x, y)); }
    bool motion(int64_t id, tactile_time time, double x, double y) {
        return check(tactile_contact_motion(handle_, id, time, x, y));
    }
    bool up(int64_t id, tactile_time time, double x, double y) { return check(tactile_contact_up_at(handle_, id, time, x, y)); }
    bool frame(tactile_time time = TACTILE_TIME_NONE) { return check(tactile_contact_frame(handle_, time)); }
    bool flush() { return check(tactile_contact_stream_flush(handle_)); }

private:
    tactile_contact_stream *handle_ = nullptr;
};

} // namespace tactile
