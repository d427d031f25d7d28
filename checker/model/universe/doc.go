// Package universe is every configuration of a schema as a mixed-radix number: Rank and
// Unrank are a perfect hash, which lets the dense store use arrays indexed by rank instead
// of a hash table, and Next walks the configurations in rank order.
//
// Its contract: New fails for 2^64 configurations or more; the order of Next is the order in
// which a daemon's model yields every configuration (model.Daemonize without From), which
// TestInitWalksRanks checks.
package universe
