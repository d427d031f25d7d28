// Package randproto generates small random protocols for differential tests: processes on a
// topology (a ring, an oriented ring, a path, a star, a complete graph, a random graph or
// random directed reads), each owning the same few variables of small domains, and guarded
// rules whose guards and assignments are random expressions over what the process reads;
// with them, a legitimate set and invariants of six kinds (censuses of local facts: every
// process, some process, exactly c processes, exactly one enabled, none enabled, and
// Boolean combinations of these), and initial sets (every configuration, a predicate, a
// list).
//
// A generated Protocol is one description with two readings that share no code: a Go
// model.Protocol that interprets its expressions (Model), and the text of the same protocol
// in mc's language (GCL, with a Graphviz file for the random topologies), which models/lang
// compiles. Both lay the configuration out as the language does (process by process, x0 y0
// x1 y1 …) and number each process's rules alike, so their traces are the same bytes and the
// same step indices.
//
// Nothing here checks anything: checker/difftest runs a protocol through every engine and
// compares the results with checker/reference.
package randproto
