// Package mapped keeps the explored graph of a run in files mapped into memory: an Arena hands
// out the pages of one column from a file, and a Space holds the arenas of one graph and keeps
// the process's resident set under a mark by dropping their mapped pages, which the kernel's
// page cache keeps.
//
// Only Linux maps files (see package sys); elsewhere NewSpace fails with sys.ErrUnsupported.
package mapped
