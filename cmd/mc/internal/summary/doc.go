// Package summary writes a run's result: for people in the terminal (Print: the header, a
// verdict line per check, the statistics and figures as Facts, each counterexample as a
// table, fitted to the width), and as the JSON that --json and --trace-out write and mc
// replay reads back (Encode). It takes a Run, what the checker returned with the run as it
// was asked for (About); the facts of checks it does not know (recovery's) come from the
// caller, through Facts.
package summary
