#!/usr/bin/env python3
"""Brute-force oracle for examples/protocols/mis.gcl, written from the paper, not from the file.

Shukla, Rosenkrantz, Ravi (WSS 1995), maximal independent set on an anonymous network: x(i) in
{0, 1}; R1: x(i) = 0 and no neighbour has x = 1 -> x(i) := 1; R2: x(i) = 1 and some neighbour
has x = 1 -> x(i) := 0. Legitimate: the nodes with x = 1 form an independent set and every
other node has a neighbour in it (maximality), checked directly on the graph.

What it prints, and --mc: engine.graph_main.

  python3 bench/oracle/mis.py --mc ./mc
"""
import os, sys

sys.dont_write_bytecode = True  # no __pycache__ in the repository
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import engine  # noqa: E402  (bench/oracle/engine.py: daemons, exploration, verdicts, CLI)

MODEL = 'mis.gcl'
INSTANCES = [(t + '.dot', engine.DAEMONS)
             for t in ['ring5u', 'tree6', 'k4', 'grid2x3', 'house5', 'rand6']]


def domains(nb, root):
    """x(i) in {0, 1} at every node."""
    return [[0, 1]] * len(nb)


def moves(nb, root):
    """R1 and R2: moves(c, i) is [1] (enter), [0] (leave) or []."""
    def m(c, i):
        if c[i] == 0 and all(c[j] == 0 for j in nb[i]):
            return [1]                                   # R1 enter
        if c[i] == 1 and any(c[j] == 1 for j in nb[i]):
            return [0]                                   # R2 leave
        return []
    return m


def legit(nb, root):
    """The nodes with x = 1 form a maximal independent set."""
    def independent_and_maximal(c):
        independent = not any(c[i] == 1 and c[j] == 1 for i in range(len(c)) for j in nb[i])
        maximal = all(c[i] == 1 or any(c[j] == 1 for j in nb[i]) for i in range(len(c)))
        return independent and maximal
    return independent_and_maximal


if __name__ == '__main__':
    engine.graph_main(MODEL, INSTANCES, domains, moves, legit, __doc__.split('\n')[0])
