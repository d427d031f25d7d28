// Package checkpoint saves the explicit graph of a hashed exploration in a directory and
// loads it back, with the labels of an interrupted convergence search; it only saves and
// loads. What a save holds, and why a resumed run gives the result of an uninterrupted one,
// is in docs/DESIGN.md ("Checkpoints").
//
// A save is atomic: it is written beside the previous one and renamed over it, so a run
// killed while saving resumes from the save before. The directory is locked for the run.
package checkpoint
