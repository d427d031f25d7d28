#!/usr/bin/env python3
"""Brute-force oracle for examples/protocols/matching.gcl, written from the paper, not the file.

Hsu and Huang, "A self-stabilizing algorithm for maximal matching" (IPL 43, 1992): m(i) is a
neighbour or None.
  R1 m(i) = None and some neighbour j has m(j) = i                       -> m(i) := j
  R2 m(i) = None, no neighbour points to i, some neighbour j has m(j) = None -> m(i) := j
  R3 m(i) = j and m(j) = k, k a node other than i                          -> m(i) := None
"Some neighbour j" is the daemon's choice: each such j is a move of its own. Legitimate: a
maximal matching, checked from the definition: every node is matched (m(i) = j and m(j) = i)
or has m(i) = None and only matched neighbours. Hedetniemi, Jacobs, Srimani (IPL 80, 2001)
bound the central daemon's worst case by 2m + n moves (m edges).

What it prints, and --mc: engine.graph_main.

  python3 bench/oracle/matching.py --mc ./mc
"""
import os, sys

sys.dont_write_bytecode = True  # no __pycache__ in the repository
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import engine  # noqa: E402  (bench/oracle/engine.py: daemons, exploration, verdicts, CLI)

MODEL = 'matching.gcl'
INSTANCES = [(t + '.dot', engine.DAEMONS)
             for t in ['ring5u', 'tree6', 'k4', 'grid2x3', 'house5', 'rand6']]


def domains(nb, root):
    """m(i): None or a neighbour of i."""
    return [[None] + nb[i] for i in range(len(nb))]


def moves(nb, root):
    """R1, R2, R3: moves(c, i) lists the new values of m(i), one per neighbour the daemon
    may pick."""
    def m(c, i):
        if c[i] is None:
            suitors = [j for j in nb[i] if c[j] == i]
            if suitors:
                return suitors                                          # R1 accept
            return [j for j in nb[i] if c[j] is None]                   # R2 propose
        j = c[i]
        return [None] if c[j] is not None and c[j] != i else []         # R3 back off
    return m


def legit(nb, root):
    """A maximal matching, from the definition."""
    def maximal_matching(c):
        matched = [c[i] is not None and c[c[i]] == i for i in range(len(c))]
        return all(matched[i] or (c[i] is None and all(matched[j] for j in nb[i]))
                   for i in range(len(c)))
    return maximal_matching


if __name__ == '__main__':
    engine.graph_main(MODEL, INSTANCES, domains, moves, legit, __doc__.split('\n')[0])
