// Package proof reads regression proofs, the files of mc verify: runs of catalogued models
// (each validated into a runs.Description) with the verdicts and figures they must produce,
// and compares a run's checker.Result with its expectation. A proof file is validated whole
// before any of its runs is run, so that a file mc does not understand is an error, never a
// pass, and a run that expects nothing must say so (verdict: any).
package proof
