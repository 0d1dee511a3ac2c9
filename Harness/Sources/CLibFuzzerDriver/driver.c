#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include "CLibFuzzerDriver.h"

// libFuzzer's driver, present when linked with -sanitize=fuzzer; weak, so an
// ordinary build links too and says how to build it properly.
extern int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size))
    __attribute__((weak));
// The Swift side (@_cdecl in LibFuzzerTarget.swift).
extern int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int diffbench_libfuzzer_main(int argc, char **argv) {
  if (!LLVMFuzzerRunDriver) {
    fprintf(stderr, "diffbench-libfuzzer: built without libFuzzer; build it with `make libfuzzer` "
                    "(swift build -Xswiftc -sanitize=fuzzer)\n");
    return 2;
  }
  return LLVMFuzzerRunDriver(&argc, &argv, LLVMFuzzerTestOneInput);
}
