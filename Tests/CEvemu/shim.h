#ifndef TACTILE_CEVEMU_SHIM_H
#define TACTILE_CEVEMU_SHIM_H
// Test-only: Debian's libevemu (libevemu-dev), used to prove that Tactile's evemu files read back with the
// reference reader.
#include <stdio.h>
#include <linux/input.h>
#include <evemu.h>
#endif
