#ifndef CLIBFUZZERDRIVER_H
#define CLIBFUZZERDRIVER_H
// The entry point of diffbench-libfuzzer: SwiftPM links an executable's
// `main` to `<module>_main`, so this is it, and it hands over to libFuzzer.
int diffbench_libfuzzer_main(int argc, char **argv);
#endif
