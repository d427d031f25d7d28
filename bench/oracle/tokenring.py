#!/usr/bin/env python3
"""Gouda and Haddix's stabilizing token ring in three bits, brute-forced independently of mc.

M. G. Gouda and F. F. Haddix, "The stabilizing token ring in three bits", JPDC 35(1), 1996,
with the rules as Protocon states them (examplesoln/TokenRingThreeBit.prot): processes
0..n-1 on a unidirectional ring, process i reads e and t of process i-1 (modulo n); each has
bits e, t, ready; process 0 is Bot:
  Bot:    e = eL, t != tL                      -> e := not eL, ready := 0
          e = eL, t = tL, not (t or ready)     -> e := not eL, ready := 1
          e = eL, t = tL, t or ready           -> e := not eL, t := not tL, ready := 0
  other:  e != eL, t = tL                      -> e := eL, ready := 0
          e != eL, t != tL, not (t or ready)   -> e := eL, ready := 1
          e != eL, t != tL, t or ready         -> e := eL, t := tL, ready := 0
Legitimate: exactly one t-token (Bot holds one when t = tL, another process when t != tL).

For each n, enumerates the 8^n configurations and builds the daemon's step graph: central
(one process fires one enabled action), locally-central (a non-empty set of enabled processes
no two of which are ring neighbours, either way round), distributed (any non-empty set),
synchronous (every enabled process); all read the old configuration. Prints the
configurations, the steps (one per daemon choice), closure, convergence (no cycle and no
deadlock outside the legitimate set) and the worst case: the longest execution up to the
first legitimate configuration, in moves (process actions) and in steps (inf when
convergence fails). n = 6 takes about 6 s under the central daemon.

Usage: tokenring.py [--daemon central|locally-central|distributed|synchronous|all] [--broken] N...
--broken applies the one change of the variant in examples/protocols/broken/.
It shares no code with mc and does not read the .gcl file.
"""
import itertools
import os
import sys

sys.dont_write_bytecode = True  # no __pycache__ in the repository
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import engine  # noqa: E402  (bench/oracle/engine.py: daemons, exploration, verdicts, CLI)


def actions(c, n, i, broken=False):
    """The enabled actions of process i: [(name, new (e, t, ready))]. With broken, a non-root
    process holding a t-token may always wait (examples/protocols/broken/tokenring-wait.gcl)."""
    e, t, ready = c[i]
    eL, tL, _ = c[(i - 1) % n]
    if i == 0:
        if e != eL:
            return []
        if t != tL:
            return [("bot_e", (1 - eL, t, 0))]
        if not (t == 1 or ready == 1):
            return [("bot_wait", (1 - eL, t, 1))]
        return [("bot_t", (1 - eL, 1 - tL, 0))]
    if e == eL:
        return []
    if t == tL:
        return [("other_e", (eL, t, 0))]
    if broken and (t == 1 or ready == 1):
        return [("other_wait", (eL, t, 1)), ("other_t", (eL, tL, 0))]
    if not (t == 1 or ready == 1):
        return [("other_wait", (eL, t, 1))]
    return [("other_t", (eL, tL, 0))]


def t_tokens(c, n):
    """The t-tokens in c: Bot holds one when t = tL, another process when t != tL."""
    return sum(1 for i in range(n) if (c[i][1] == c[(i - 1) % n][1]) == (i == 0))


def system(n, broken=False):
    """The instance of n processes for engine.analyse: (configs, moves, legitimate,
    neighbours); moves(c, p) has one entry per action enabled at p."""
    local = list(itertools.product((0, 1), repeat=3))
    configs = list(itertools.product(local, repeat=n))
    neighbours = [{(p - 1) % n, (p + 1) % n} for p in range(n)]

    def moves(c, p):
        return [new for _, new in actions(c, n, p, broken)]

    def legitimate(c):
        return t_tokens(c, n) == 1

    return configs, moves, legitimate, neighbours


DEFAULT_N = [3, 4, 5]

if __name__ == "__main__":
    engine.ring_main(sys.argv[1:], __doc__, system, DEFAULT_N)
