#!/usr/bin/env python3
"""Israeli and Jalfon's self-stabilizing token ring, solved exactly and independently of mc.

For each ring size N given (N >= 3), enumerates the 2^N - 1 configurations with at least one
token (bit i of a configuration: process i holds a token). Under the central daemon the
scheduler picks one token holder, which passes its token to its left or its right neighbour
with probability 1/2 each; two tokens that meet merge. That is a Markov decision process whose
nondeterminism is the scheduler's choice of the holder; every step costs 1, and the target is
one token.

The number of tokens never grows, so the configurations are solved block by block, in
increasing order of tokens (one token: 0 steps). Within a block, exact policy iteration over
memoryless deterministic schedulers (which suffice in a finite MDP with a total cost): evaluate
the policy by exact Gauss-Jordan elimination over fractions, switch a configuration to a
holder whose value is strictly better, until none is; then check, exactly, the Bellman
optimality equation at every configuration and every holder. Every scheduler reaches one token
with probability 1 (Israeli and Jalfon), so every policy is proper and the linear systems are
regular (a singular one is reported as an error).

Prints the maximum over schedulers of the expected steps to one token, worst over the
configurations and averaged over them uniformly; the same for the minimum over schedulers
(min_worst, min_average); and the seconds taken. It shares no code with mc: it is the oracle
models/ij/ij_test.go pins mc's figures to.

    python3 bench/ij.py 3 4 5 6 7
"""
import sys
import time
from fractions import Fraction

HALF = Fraction(1, 2)


def tokens(x):
    return bin(x).count("1")


def moves(x, n):
    """The scheduler's choices in x: for each holder i, its two outcomes (left, right)."""
    out = {}
    for i in range(n):
        if x >> i & 1:
            rest = x & ~(1 << i)
            out[i] = (rest | 1 << ((i - 1) % n), rest | 1 << ((i + 1) % n))
    return out


def q(x, i, value, choices):
    """1 + the expected value after holder i moves in x."""
    left, right = choices[x][i]
    return 1 + HALF * value[left] + HALF * value[right]


def evaluate(block, policy, value, choices):
    """The values of the block's configurations under the policy, solving
    v_x = 1 + 1/2 v_left + 1/2 v_right exactly (the values outside the block are known)."""
    index = {x: k for k, x in enumerate(block)}
    m = len(block)
    rows = []
    for x in block:
        row = [Fraction(0)] * (m + 1)
        row[index[x]] += 1
        row[m] = Fraction(1)
        for y in choices[x][policy[x]]:
            if y in index:
                row[index[y]] -= HALF
            else:
                row[m] += HALF * value[y]
        rows.append(row)
    for k in range(m):
        piv = next((i for i in range(k, m) if rows[i][k] != 0), None)
        if piv is None:
            raise ArithmeticError("a singular system: the policy does not leave the block")
        rows[k], rows[piv] = rows[piv], rows[k]
        inv = 1 / rows[k][k]
        rows[k] = [a * inv for a in rows[k]]
        for i in range(m):
            if i != k and rows[i][k] != 0:
                f = rows[i][k]
                rows[i] = [a - f * b for a, b in zip(rows[i], rows[k])]
    return {x: rows[index[x]][m] for x in block}


def solve(n, better):
    """The optimal expected steps to one token from every configuration, for better = max
    (the worst scheduler) or min (the best)."""
    configs = list(range(1, 2 ** n))
    choices = {x: moves(x, n) for x in configs}
    value = {x: Fraction(0) for x in configs if tokens(x) == 1}
    for k in range(2, n + 1):
        block = [x for x in configs if tokens(x) == k]
        policy = {x: min(choices[x]) for x in block}
        while True:
            value.update(evaluate(block, policy, value, choices))
            changed = False
            for x in block:
                best = better(choices[x], key=lambda i: (q(x, i, value, choices), -i))
                if better(q(x, best, value, choices), value[x]) != value[x]:
                    policy[x], changed = best, True
            if not changed:
                break
        for x in block:  # the Bellman optimality equation, exactly
            qs = [q(x, i, value, choices) for i in choices[x]]
            assert better(qs) == value[x], (n, x, qs, value[x])
    return value


def figures(value):
    worst = max(value.values())
    average = sum(value.values()) / len(value)
    return worst, average


def main():
    for arg in sys.argv[1:]:
        n = int(arg)
        if n < 3:
            sys.exit(f"N={n}: the ring needs at least 3 processes")
        start = time.time()
        worst, average = figures(solve(n, max))
        min_worst, min_average = figures(solve(n, min))
        print(f"N={n} worst={worst} average={average} min_worst={min_worst} min_average={min_average} "
              f"seconds={time.time() - start:.2f}")


if __name__ == "__main__":
    main()
