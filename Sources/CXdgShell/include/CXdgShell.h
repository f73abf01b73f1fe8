// The module's umbrella header, written for Tactile (not generated): the generated header, and the address of xdg_wm_base's interface for wl_registry_bind, which Swift
// cannot take of the imported constant.
#include "xdg-shell-client-protocol.h"

static inline const struct wl_interface *tactile_xdg_wm_base_interface(void) { return &xdg_wm_base_interface; }
