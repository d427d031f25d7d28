// Package progress reports a run on stderr while it goes: on a terminal, live bars (one per
// phase, drawn with mpb) once the run has lasted a second; else a line a second, whose
// format CI logs rely on. Its Report is the checker's Options.Progress, safe to call from
// several goroutines; the report of no phase (Over, sent by End) finishes what was drawn,
// so that nothing printed after a run is drawn over. Whether to draw bars is the caller's
// decision (IsTerminal helps): this package reads no flags.
package progress
