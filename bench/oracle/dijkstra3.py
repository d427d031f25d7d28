#!/usr/bin/env python3
"""Dijkstra's three-state machines, brute-forced independently of mc.

Rules as EWD 426 (CACM 17(11), 1974) states them, machines 0..n-1 on a ring, L and R the
states of machines p-1 and p+1 (modulo n), "+" and "-" modulo 3:
  bottom (0):   (S+1) = R            -> S := S-1
  top (n-1):    L = R and L+1 != S   -> S := L+1
  others:       (S+1) = L            -> S := L
                (S+1) = R            -> S := R
Legitimate: exactly one privilege (guard) is present, counted per guard: a middle machine
with L = R = S+1 has two.

For each n, enumerates the 3^n configurations and builds the daemon's step graph: central
(one machine fires one of its privileges: a machine with two privileges gives two steps,
even when they lead to the same configuration), locally-central (a non-empty set of enabled
machines no two of which are ring neighbours), distributed (any non-empty set), synchronous
(every enabled machine); in a set step each machine picks one of its privileges and all read
the old configuration. Prints the configurations, the steps (counted with multiplicity, one
per daemon choice), closure, convergence (no cycle and no deadlock outside the legitimate
set) and the worst case: the longest execution up to the first legitimate configuration, in
moves (machine actions) and in steps (inf when convergence fails).

Usage: dijkstra3.py [--daemon central|locally-central|distributed|synchronous|all] [--broken] N...
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
    """The privileges present at machine p in configuration c: [(name, new S)]. With broken,
    the top's guard lacks "L = R" (examples/protocols/broken/dijkstra3-topguard.gcl)."""
    S, L, R = c[p], c[(p - 1) % n], c[(p + 1) % n]
    out = []
    if p == 0:
        if (S + 1) % 3 == R:
            out.append(("bottom", (S - 1) % 3))
    elif p == n - 1:
        if (broken or L == R) and (L + 1) % 3 != S:
            out.append(("top", (L + 1) % 3))
    else:
        if (S + 1) % 3 == L:
            out.append(("fromleft", L))
        if (S + 1) % 3 == R:
            out.append(("fromright", R))
    return out


def system(n, broken=False):
    """The instance of n processes for engine.analyse: (configs, moves, legitimate,
    neighbours); moves(c, p) has one entry per privilege enabled at p."""
    configs = list(itertools.product(range(3), repeat=n))
    neighbours = [{(p - 1) % n, (p + 1) % n} for p in range(n)]

    def moves(c, p):
        return [new for _, new in privileges(c, n, p, broken)]

    def legitimate(c):
        return sum(len(privileges(c, n, p, broken)) for p in range(n)) == 1

    return configs, moves, legitimate, neighbours


DEFAULT_N = [3, 4, 5, 6, 7]

if __name__ == "__main__":
    engine.ring_main(sys.argv[1:], __doc__, system, DEFAULT_N)
