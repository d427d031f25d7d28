#!/usr/bin/env python3
"""Brute-force oracle for examples/protocols/colouring.gcl, written from the paper, not the file.

Hedetniemi, Jacobs, Srimani, "Linear time self-stabilizing colorings" (IPL 87, 2003), the
algorithm that stabilizes in at most n moves: c(i) in 0..D (D the largest degree); if some
neighbour j has c(j) = c(i), then c(i) := the smallest colour no neighbour has. Legitimate: a
proper colouring (no edge with equal colours), checked directly on the graph.

What it prints, and --mc: engine.graph_main.

  python3 bench/oracle/colouring.py --mc ./mc
"""
import itertools, os, sys

sys.dont_write_bytecode = True  # no __pycache__ in the repository
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import engine  # noqa: E402  (bench/oracle/engine.py: daemons, exploration, verdicts, CLI)

MODEL = 'colouring.gcl'
INSTANCES = [(t + '.dot', engine.DAEMONS)
             for t in ['ring5u', 'tree6', 'k4', 'grid2x3', 'house5', 'rand6']]


def domains(nb, root):
    """Every node's colour: 0..D, D the largest degree."""
    top = max(len(x) for x in nb)
    return [list(range(top + 1))] * len(nb)


def moves(nb, root):
    """The rule: moves(c, i) is [the smallest colour no neighbour has] when some neighbour
    has i's colour, else []."""
    def m(c, i):
        taken = {c[j] for j in nb[i]}
        if c[i] in taken:
            return [next(k for k in itertools.count() if k not in taken)]
        return []
    return m


def legit(nb, root):
    """A proper colouring: no edge joins two equal colours."""
    def proper(c):
        return all(c[i] != c[j] for i in range(len(c)) for j in nb[i])
    return proper


if __name__ == '__main__':
    engine.graph_main(MODEL, INSTANCES, domains, moves, legit, __doc__.split('\n')[0])
