#include <SDL2/SDL.h>
// SDL_GetWindowWMInfo and SDL_SYSWMEVENT: the window system's own objects and events (Wayland's wl_display and
// wl_surface, X11's display and raw XEvents), for touches with the window system's times (WindowTouchSources.swift).
#include <SDL2/SDL_syswm.h>
// XInput 2.2's touch events (XIDeviceEvent), read from the raw XEvents SDL passes on.
#include <X11/extensions/XInput2.h>
