#!/usr/bin/env python3
"""Dijkstra's four-state machines, brute-forced independently of mc.

Rules as EWD 426 (CACM 17(11), 1974) and EWD 397 state them: machines 0..n-1 on a line,
each with booleans x and up; up is constantly true at the bottom (0) and false at the top
(n-1), which are two-state machines; the middle machines have four states:
  bottom:   xS = xR and not upR           -> xS := not xS
  top:      xS != xL                      -> xS := not xS
  others:   xS != xL                      -> xS := not xS; upS := true
            xS = xR and upS and not upR   -> upS := false
Legitimate: exactly one privilege (guard) present, counted per guard.

For each n, enumerates the 2 * 2 * 4^(n-2) configurations and builds the daemon's step
graph: central (one machine fires one of its privileges: a machine with two privileges gives
two steps), locally-central (a non-empty set of enabled machines, no two of them adjacent on
the line), distributed (any non-empty set), synchronous (every enabled machine); in a set
step each machine picks one of its privileges and all read the old configuration. Prints the
configurations, the steps (one per daemon choice), closure, convergence (no cycle and no
deadlock outside the legitimate set) and the worst case: the longest execution up to the
first legitimate configuration, in moves (machine actions) and in steps (inf when
convergence fails).

Usage: dijkstra4.py [--daemon central|locally-central|distributed|synchronous|all] [--broken] N...
--broken applies the one change of the variant in examples/protocols/broken/.
It shares no code with mc and does not read the .gcl file.
"""
import itertools
import os
import sys

sys.dont_write_bytecode = True  # no __pycache__ in the repository
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import engine  # noqa: E402  (bench/oracle/engine.py: daemons, exploration, verdicts, CLI)


def privileges(c, n, p, broken=False):
    """The privileges present at machine p: [(name, new local state)]; a local state is
    (x,) at the bottom and the top, (x, up) in the middle. With broken, the first middle
    move leaves up alone (examples/protocols/broken/dijkstra4-noup.gcl)."""
    def x(q):
        return c[q][0]

    def up(q):
        return True if q == 0 else False if q == n - 1 else c[q][1]

    out = []
    if p == 0:
        if x(0) == x(1) and not up(1):
            out.append(("bottom", (not x(0),)))
    elif p == n - 1:
        if x(p) != x(p - 1):
            out.append(("top", (not x(p),)))
    else:
        if x(p) != x(p - 1):
            out.append(("fromleft", (not x(p), up(p) if broken else True)))
        if x(p) == x(p + 1) and up(p) and not up(p + 1):
            out.append(("fromright", (x(p), False)))
    return out


def system(n, broken=False):
    """The instance of n processes for engine.analyse: (configs, moves, legitimate,
    neighbours); moves(c, p) has one entry per privilege enabled at p."""
    ends = [(b,) for b in (False, True)]
    middle = [(b, u) for b in (False, True) for u in (False, True)]
    configs = list(itertools.product(ends, *[middle] * (n - 2), ends))
    neighbours = [{q for q in (p - 1, p + 1) if 0 <= q < n} for p in range(n)]

    def moves(c, p):
        return [new for _, new in privileges(c, n, p, broken)]

    def legitimate(c):
        return sum(len(privileges(c, n, p, broken)) for p in range(n)) == 1

    return configs, moves, legitimate, neighbours


DEFAULT_N = [3, 4, 5, 6, 7]

if __name__ == "__main__":
    engine.ring_main(sys.argv[1:], __doc__, system, DEFAULT_N)
