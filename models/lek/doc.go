// Package lek is LE(k), the leader recovery protocol of Datta, Devismes, Larmore and Tixeuil
// ("Fast Leader (Full) Recovery despite Dynamic Faults", Verimag TR-2012-18): on an anonymous,
// bidirectional, oriented ring of n processes, after at most k memory corruptions hitting at
// any time, every computation ends in the legitimate configuration it started from, the same
// leader, under an unfair distributed daemon.
//
// A process's variables are one byte each: its vote and rumor, its two denials, its status
// and flags, its two probes and reports, its two null counters, and its three query variables
// (home, candidate, vote count and "no trailing copy" each; a query whose home is ⊥ is ⊥
// whole, and is written with every field 0). Relative addresses are stored shifted so that 0
// is ⊥. The vote count saturates at 3k+1, the only value it is compared with.
//
// A step fires each selected process until it is no longer enabled (the paper's convention),
// its actions taken in textual order: the rule a trace names is the first action of the run.
// An action whose statement would leave the process unchanged is not enabled: the paper's
// guards omit this for Update Null Counters and Mark Sole Query, which would otherwise keep
// every process enabled forever. docs/LEK.md lists every reading of the OCR'd text.
package lek
