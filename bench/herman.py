#!/usr/bin/env python3
"""Herman's self-stabilizing ring, solved exactly and independently of mc.

For each odd ring size N given, enumerates the 2^N configurations of PRISM's model
(process i holds a token when x[i] == x[i-1]; a token holder draws a fair bit, any other
process copies x[i-1], all at once), lumps them by rotation, and solves the expected number
of steps to a single token with exact fractions, block by block in decreasing order of
tokens (the number of tokens never grows). Prints the worst expectation over the
configurations, the average over the uniform distribution of them, and the seconds taken.

It shares no code with mc: it is the oracle bench/herman.sh prints beside mc's figures.
"""
import sys
import time
from fractions import Fraction


def rotations(x, n):
    mask = (1 << n) - 1
    for r in range(n):
        yield ((x >> r) | (x << (n - r))) & mask


def canonical(x, n):
    return min(rotations(x, n))


def tokens(x, n):
    return sum(1 for i in range(n) if (x >> i & 1) == (x >> ((i - 1) % n) & 1))


def successors(x, n):
    """The distribution of the next configuration: a dict config -> probability."""
    holders = [i for i in range(n) if (x >> i & 1) == (x >> ((i - 1) % n) & 1)]
    base = 0
    for i in range(n):
        if i not in holders:
            base |= (x >> ((i - 1) % n) & 1) << i
    out = {}
    p = Fraction(1, 2 ** len(holders))
    for coins in range(2 ** len(holders)):
        y = base
        for k, i in enumerate(holders):
            y |= (coins >> k & 1) << i
        out[y] = out.get(y, 0) + p
    return out


def solve(block, known, trans):
    """Solve x_u = 1 + sum_v P(u,v) x_v over the block (exact Gauss-Jordan elimination)."""
    index = {u: i for i, u in enumerate(block)}
    m = len(block)
    rows = []
    for u in block:
        row = [Fraction(0)] * (m + 1)
        row[index[u]] += 1
        row[m] = Fraction(1)
        for v, p in trans[u].items():
            if v in index:
                row[index[v]] -= p
            else:
                row[m] += p * known[v]
        rows.append(row)
    for k in range(m):
        piv = next(i for i in range(k, m) if rows[i][k] != 0)
        rows[k], rows[piv] = rows[piv], rows[k]
        inv = 1 / rows[k][k]
        rows[k] = [a * inv for a in rows[k]]
        for i in range(m):
            if i != k and rows[i][k] != 0:
                f = rows[i][k]
                rows[i] = [a - f * b for a, b in zip(rows[i], rows[k])]
    return {u: rows[index[u]][m] for u in block}


def herman(n):
    classes = {}
    for x in range(2 ** n):
        c = canonical(x, n)
        classes[c] = classes.get(c, 0) + 1
    trans = {}
    for c in classes:
        lumped = {}
        for y, p in successors(c, n).items():
            d = canonical(y, n)
            lumped[d] = lumped.get(d, 0) + p
        trans[c] = lumped
    known = {c: Fraction(0) for c in classes if tokens(c, n) == 1}
    for t in range(3, n + 1, 2):
        block = sorted(c for c in classes if tokens(c, n) == t)
        known.update(solve(block, known, trans))
    worst = max(known.values())
    average = sum(known[c] * w for c, w in classes.items()) / 2 ** n
    return worst, average


def main():
    for arg in sys.argv[1:]:
        n = int(arg)
        start = time.time()
        worst, average = herman(n)
        print(f"N={n} worst={worst} average={average} seconds={time.time() - start:.2f}")


if __name__ == "__main__":
    main()
