// libwayland-client (Debian: libwayland-dev): the core protocol's client side (wl_display, wl_seat, wl_touch, …).
#include <wayland-client.h>

// The addresses of the core interfaces for wl_registry_bind: Swift imports the `const struct wl_interface`
// globals as constants, whose address it does not promise.
static inline const struct wl_interface *tactile_wl_compositor_interface(void) { return &wl_compositor_interface; }
static inline const struct wl_interface *tactile_wl_shm_interface(void) { return &wl_shm_interface; }
static inline const struct wl_interface *tactile_wl_seat_interface(void) { return &wl_seat_interface; }
static inline const struct wl_interface *tactile_wl_output_interface(void) { return &wl_output_interface; }
