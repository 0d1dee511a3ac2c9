import DiffBenchCLI

DiffBench.main(extraStrategies: [])
