#ifndef TACTILE_CMTDEV_SHIM_H
#define TACTILE_CMTDEV_SHIM_H
#include <linux/input.h>
#include <mtdev-plumbing.h>
#endif
