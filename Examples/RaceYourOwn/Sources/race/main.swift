import AppendAware
import DiffBenchCLI

// The whole diffbench command line, with one more strategy.
DiffBench.main(extraStrategies: [Contender(AppendAware())])
