import ArgumentParser

struct BenchCommand: ParsableCommand {
  static let configuration = CommandConfiguration(commandName: "bench", abstract: "Time the workload grid (not yet built).")
  func run() throws { throw ValidationError("bench is not built yet") }
}

struct CompareCommand: ParsableCommand {
  static let configuration = CommandConfiguration(commandName: "compare", abstract: "Compare two reports (not yet built).")
  func run() throws { throw ValidationError("compare is not built yet") }
}
