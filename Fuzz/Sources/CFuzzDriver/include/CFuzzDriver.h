// libFuzzer's entry point for programs that have a main of their own: SwiftPM gives every executable one, so the
// fuzz targets call this from theirs instead of linking libFuzzer's main.
#ifndef CFUZZDRIVER_H
#define CFUZZDRIVER_H

#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));

#endif
