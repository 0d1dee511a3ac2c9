import DiffBenchCLI
import FaultyStrategies

// The whole diffbench command line with the faulty strategies beside the
// library's, for tests of commands that need a strategy that fails.
DiffBench.main(extraStrategies: FaultyStrategies.all)
