// Package shard splits a run into independent pieces for a cluster's scheduler and puts the
// pieces back together: which shard a process is (an explicit "I/N", or the scheduler's own
// variables: Slurm job arrays, Kubernetes Indexed Jobs), the range of work it takes, and the
// part file each shard writes, whose set mc merge checks (one run, one version, every index
// once) before it merges the parts' figures. A shard is a pure function of the run's
// description and its index; no scheduler of mc's own is involved.
package shard
