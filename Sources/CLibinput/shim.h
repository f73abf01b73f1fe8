#ifndef TACTILE_CLIBINPUT_SHIM_H
#define TACTILE_CLIBINPUT_SHIM_H
#include <errno.h>
#include <fcntl.h>
#include <unistd.h>
#include <libinput.h>
#include <libudev.h>

/* libinput opens and closes device nodes through these callbacks (it keeps the pointer to the interface, so it
   lives in static storage). A negative errno on failure, as libinput expects. */
static int tactile_libinput_open_restricted(const char *path, int flags, void *user_data) {
    (void)user_data;
    int fd = open(path, flags | O_CLOEXEC);
    return fd < 0 ? -errno : fd;
}

static void tactile_libinput_close_restricted(int fd, void *user_data) {
    (void)user_data;
    close(fd);
}

static inline const struct libinput_interface *tactile_libinput_interface(void) {
    static const struct libinput_interface interface = {
        .open_restricted = tactile_libinput_open_restricted,
        .close_restricted = tactile_libinput_close_restricted,
    };
    return &interface;
}
#endif
