import DiffBenchCLI
import PeerAdapters

// The whole diffbench command line, with the peers beside the library's strategies.
DiffBench.main(extraStrategies: Peers.all)
