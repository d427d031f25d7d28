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
import sys


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
    return sum(1 for i in range(n) if (c[i][1] == c[(i - 1) % n][1]) == (i == 0))


def system(n, broken=False):
    local = list(itertools.product((0, 1), repeat=3))
    configs = list(itertools.product(local, repeat=n))
    neighbours = [{(p - 1) % n, (p + 1) % n} for p in range(n)]

    def moves(c):
        return [actions(c, n, p, broken) for p in range(n)]

    def legitimate(c):
        return t_tokens(c, n) == 1

    return configs, moves, legitimate, neighbours


# ---- the generic brute force (the same in every oracle of this directory) ----

DEFAULT_N = [3, 4, 5]
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
