// What a package that races strategies of its own needs, from one import:
// the library, and the harness's types a strategy is registered
// (`Contender`), timed (`PreparedDiff`, `ConvertingStrategy`) and checked
// (`Verifier`) with. The rest of the harness is `package`: it crosses module
// lines inside this package only.
@_exported import DiffVerification
@_exported import SnapshotDiff
