// Package web writes mc's HTML report: one self-contained file (no network, no external
// script, style or font) that holds a run's description, the verdict of every check, the
// statistics and worst-case figures, and every trace as a step-through, the picture of each
// configuration (package picture's SVG), its row of the table, previous/next, a slider, and a
// lasso's loop drawn as a loop.
//
// The page is html/template over embedded assets; the report's data travels inside it as
// JSON, which the page's script reads to step through the traces. A long trace is cut by the
// caller (Trace.Gap) so that the file stays small enough to open at once.
package web
