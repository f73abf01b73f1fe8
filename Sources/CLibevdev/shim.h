#ifndef TACTILE_CLIBEVDEV_SHIM_H
#define TACTILE_CLIBEVDEV_SHIM_H
#include <libevdev/libevdev.h>
#include <linux/input.h>
#endif
