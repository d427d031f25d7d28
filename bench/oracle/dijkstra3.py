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
import sys


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
    configs = list(itertools.product(range(3), repeat=n))
    neighbours = [{(p - 1) % n, (p + 1) % n} for p in range(n)]

    def moves(c):
        return [privileges(c, n, p, broken) for p in range(n)]

    def legitimate(c):
        return sum(len(privileges(c, n, p, broken)) for p in range(n)) == 1

    return configs, moves, legitimate, neighbours


# ---- the generic brute force (the same in every oracle of this directory) ----

DEFAULT_N = [3, 4, 5, 6, 7]
DAEMONS = ["central", "locally-central", "distributed", "synchronous"]


def steps(c, moves, daemon, neighbours):
    """Every daemon choice in configuration c: (successor, number of moves)."""
    en = moves(c)
    procs = [p for p in range(len(c)) if en[p]]
    if daemon == "central":
        sets = [(p,) for p in procs]
    elif daemon == "synchronous":
        sets = [tuple(procs)] if procs else []
    else:
        sets = [s for k in range(1, len(procs) + 1) for s in itertools.combinations(procs, k)
                if daemon == "distributed" or not any(b in neighbours[a] for a in s for b in s)]
    out = []
    for s in sets:
        for choice in itertools.product(*[en[p] for p in s]):
            d = list(c)
            for p, (_, v) in zip(s, choice):
                d[p] = v
            out.append((tuple(d), len(s)))
    return out


def analyse(configs, moves, legitimate, neighbours, daemon):
    index = {c: i for i, c in enumerate(configs)}
    succ = [[(index[d], m) for d, m in steps(c, moves, daemon, neighbours)] for c in configs]
    legit = [legitimate(c) for c in configs]
    transitions = sum(len(s) for s in succ)
    closure = all(legit[j] for i in range(len(configs)) if legit[i] for j, _ in succ[i])
    # Depth-first search of the illegitimate subgraph: a deadlock or a back edge refutes
    # convergence; otherwise longest paths to the legitimate set, in moves and in steps.
    wm, ws = [None] * len(configs), [None] * len(configs)
    mark = [0] * len(configs)  # 0 unvisited, 1 on the stack, 2 finished
    converges = True
    for root in range(len(configs)):
        if mark[root] or legit[root]:
            continue
        mark[root] = 1
        stack = [[root, 0]]
        while stack:
            top = stack[-1]
            i, k = top
            if not succ[i]:
                converges = False
            if k < len(succ[i]):
                top[1] += 1
                j = succ[i][k][0]
                if legit[j]:
                    continue
                if mark[j] == 1:
                    converges = False
                elif mark[j] == 0:
                    mark[j] = 1
                    stack.append([j, 0])
                continue
            stack.pop()
            mark[i] = 2
            bm = bs = 0
            for j, m in succ[i]:
                if legit[j]:
                    bm, bs = max(bm, m), max(bs, 1)
                elif wm[j] is not None:
                    bm, bs = max(bm, m + wm[j]), max(bs, 1 + ws[j])
            wm[i], ws[i] = bm, bs
    if converges:
        worst = (max([w for w in wm if w is not None], default=0),
                 max([w for w in ws if w is not None], default=0))
    else:
        worst = ("inf", "inf")
    return dict(states=len(configs), transitions=transitions,
                closure="holds" if closure else "violated",
                convergence="holds" if converges else "violated",
                worst_case_moves=worst[0], worst_case_steps=worst[1])


def main(argv):
    daemons, broken = ["central"], False
    while argv and argv[0].startswith("--"):
        if argv[0] == "--broken":
            broken, argv = True, argv[1:]
        elif argv[0] == "--daemon" and len(argv) > 1:
            daemons = DAEMONS if argv[1] == "all" else [argv[1]]
            argv = argv[2:]
        else:
            sys.exit(__doc__)
    for n in [int(a) for a in argv] or DEFAULT_N:
        configs, moves, legitimate, neighbours = system(n, broken)
        for d in daemons:
            r = analyse(configs, moves, legitimate, neighbours, d)
            print("n=%d %-15s " % (n, d) + " ".join("%s=%s" % kv for kv in r.items()))


if __name__ == "__main__":
    main(sys.argv[1:])
