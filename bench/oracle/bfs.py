#!/usr/bin/env python3
"""Brute-force oracle for examples/protocols/bfs.gcl, written from the paper, not from the file.

Huang and Chen, "A self-stabilizing algorithm for constructing breadth-first trees" (IPL 41,
1992). The root r has no variable (its level is 0); every other node i has a level L(i) in
0..n and a parent p(i) among its neighbours:
  R0 L(i) != L(p(i)) + 1 and L(p(i)) < n          -> L(i) := L(p(i)) + 1
  R1 L(p(i)) > L(k), k a neighbour of least level  -> L(i) := L(k) + 1, p(i) := k
"A neighbour of least level" is the daemon's choice: each such k is a move of its own, and a
node with R0 and R1 enabled has both moves. Legitimate: a breadth-first tree, checked with the
graph's true distances d to the root (breadth-first search): L(i) = d(i) and
L(p(i)) = d(i) - 1 for every non-root i. The table's last column also says whether this is
the paper's predicate (L(i) = L(p(i)) + 1 and L(p(i)) = min of L over the neighbours).

What it prints, and --mc: engine.graph_main.

  python3 bench/oracle/bfs.py --mc ./mc
"""
import os, sys
from collections import deque

sys.dont_write_bytecode = True  # no __pycache__ in the repository
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import engine  # noqa: E402  (bench/oracle/engine.py: daemons, exploration, verdicts, CLI)

MODEL = 'bfs.gcl'
INSTANCES = [(t + '.dot', engine.DAEMONS)
             for t in ['ring4u-root0', 'ring5u', 'k4', 'house5', 'tree6']]


def domains(nb, root):
    """Nothing at the root; (L(i), p(i)) elsewhere, L in 0..n and p a neighbour."""
    n = len(nb)
    return [[None] if i == root else [(l, q) for l in range(n + 1) for q in nb[i]]
            for i in range(n)]


def moves(nb, root):
    """R0 and R1: moves(c, i) lists the new (L(i), p(i)), R1 once per neighbour of least
    level."""
    n = len(nb)

    def level(c, j):
        return 0 if j == root else c[j][0]

    def m(c, i):
        if i == root:
            return []
        l, par = c[i]
        lp = level(c, par)
        out = []
        if l != lp + 1 and lp < n:
            out.append((lp + 1, par))                                   # R0
        least = min(level(c, k) for k in nb[i])
        if lp > least:
            out += [(least + 1, k) for k in nb[i] if level(c, k) == least]  # R1
        return out
    return m


def distances(nb, root):
    """The graph's true distances to the root (breadth-first search)."""
    d, queue = {root: 0}, deque([root])
    while queue:
        i = queue.popleft()
        for j in nb[i]:
            if j not in d:
                d[j] = d[i] + 1
                queue.append(j)
    return d


def legit(nb, root):
    """A breadth-first tree, by the true distances; exits if the paper's predicate
    disagrees somewhere."""
    d = distances(nb, root)

    def level(c, j):
        return 0 if j == root else c[j][0]

    def bfs_tree(c):
        return all(c[i][0] == d[i] and level(c, c[i][1]) == d[i] - 1
                   for i in range(len(c)) if i != root)

    def paper(c):
        return all(c[i][0] == level(c, c[i][1]) + 1 and
                   level(c, c[i][1]) == min(level(c, k) for k in nb[i])
                   for i in range(len(c)) if i != root)

    def check(c):
        ok = bfs_tree(c)
        if ok != paper(c):
            sys.exit('the paper\'s BFT predicate and the true distances differ at %r' % (c,))
        return ok
    return check


if __name__ == '__main__':
    engine.graph_main(MODEL, INSTANCES, domains, moves, legit, __doc__.split('\n')[0])
