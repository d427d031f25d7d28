#!/usr/bin/env python3
"""Independent oracle for the asynchronous unison of Boulinier, Petit, Villain (PODC 2004).

The rules as the paper states them (Algorithm SSAU; restated as Algorithm 1 of BPV,
"Synchronous vs. asynchronous unison", Algorithmica 2008), on clocks in the cherry
X = {-alpha, ..., -1, 0, ..., K-1}, written here with real negative values (this file does
not read examples/protocols/unison.gcl and does not use its offset encoding):

  init = {-alpha..0}, init* = init minus {0}, stab = {0..K-1}
  phi(c) = c+1 if c < 0 else (c+1) mod K
  x <=_l y (on stab) iff y == x or y == (x+1) mod K
  correct_p(q)   iff r_p, r_q in stab and (r_p <=_l r_q or r_q <=_l r_p)
  NA  allCorrect(p) and every neighbour q: r_p <=_l r_q               -> r_p := phi(r_p)
  CA  r_p in init* and every neighbour q: r_q in init and r_p <= r_q  -> r_p := phi(r_p)
  RA  not allCorrect(p) and r_p not in init                           -> r_p := -alpha
  legitimate: every p has allCorrect(p)

For each instance it enumerates every configuration, and per daemon (central by default:
one enabled process fires its rule per step) reports the configurations, the transitions,
the legitimate configurations, closure, convergence (no cycle and no deadlock outside the
legitimate set), the legitimate deadlocks (a legitimate configuration where no clock can
move), and the exact worst case: the longest execution from any configuration up to its
first legitimate one, in moves (process actions) and in steps (daemon choices); "inf" when
an execution avoids the legitimate set forever.

  python3 bench/oracle/unison.py                 # every instance, central daemon
  python3 bench/oracle/unison.py --daemons all   # central, locally-central, distributed, synchronous
  python3 bench/oracle/unison.py ring4u --daemons central,synchronous

Standard library only.
"""

import argparse
import itertools
import os
import sys

sys.dont_write_bytecode = True  # no __pycache__ in the repository
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import engine  # noqa: E402  (bench/oracle/engine.py: daemons, exploration, verdicts, CLI)

# The instances: name -> (number of processes, undirected edges, K, alpha, kind, cols[, variant]).
# Edges are hard-coded to agree with the topology files (nodes numbered in order of first
# appearance, as SASA and mc read them):
#   path4u.dot   p0 -- p1 -- p2 -- p3
#   ring4u.dot   p0 -- p1 -- p2 -- p3 -- p0
#   tree5u.dot   p0 -- p1, p0 -- p2, p1 -- p3, p1 -- p4
#   k3u.dot      p0 -- p1 -- p2 -- p0
#   k4u.dot      every pair of p0..p3
#   grid2x2u.dot p0 -- p1, p2 -- p3, p0 -- p2, p1 -- p3
#   grid2x3u.dot p0 -- p1 -- p2, p3 -- p4 -- p5, p0 -- p3, p1 -- p4, p2 -- p5
#   ring(5)      mc's generated ring: p_i -- p_(i+1 mod 5)
# kind and cols spell the edges out a second way (by the shape's formula); the oracle checks
# that both readings give the same legitimate configurations, a check of the edge lists.
PATH4 = [(0, 1), (1, 2), (2, 3)]
RING4 = [(0, 1), (1, 2), (2, 3), (3, 0)]
TREE5 = [(0, 1), (0, 2), (1, 3), (1, 4)]
K3 = [(0, 1), (1, 2), (2, 0)]
K4 = [(a, b) for a in range(4) for b in range(a + 1, 4)]
GRID22 = [(0, 1), (2, 3), (0, 2), (1, 3)]
GRID23 = [(0, 1), (1, 2), (3, 4), (4, 5), (0, 3), (1, 4), (2, 5)]
RING5 = [(i, (i + 1) % 5) for i in range(5)]

INSTANCES = {
    # the paper's conditions hold: K > C_G, alpha >= T_G - 2
    "path4u": (4, PATH4, 5, 0, 1, 2),
    "tree5u": (5, TREE5, 4, 0, 5, 2),
    "ring4u": (4, RING4, 5, 2, 0, 2),
    "k3u": (3, K3, 4, 1, 2, 2),
    "k4u": (4, K4, 4, 1, 2, 2),
    "grid2x2u": (4, GRID22, 5, 2, 3, 2),
    "grid2x3u": (6, GRID23, 5, 2, 3, 3),
    "ring5": (5, RING5, 6, 3, 0, 2),
    # K = C_G: a legitimate configuration winds once around the cycle and deadlocks
    "ring4u-K4": (4, RING4, 4, 2, 0, 2),
    "k3u-K3": (3, K3, 3, 1, 2, 2),
    "k4u-K3": (4, K4, 3, 1, 2, 2),
    # alpha < T_G - 2: the resets chase each other around the hole forever
    "ring4u-alpha1": (4, RING4, 5, 1, 0, 2),
    "ring5-alpha2": (5, RING5, 6, 2, 0, 2),
    # alpha below the condition where it is not needed
    "k3u-alpha0": (3, K3, 4, 0, 2, 2),
    # examples/protocols/broken/unison-nowait.gcl: CA without its "r_p <= r_q"
    "ring4u-nowait": (4, RING4, 5, 2, 0, 2, "nowait"),
    "k4u-nowait": (4, K4, 4, 1, 2, 2, "nowait"),
}

DEFAULT = ["path4u", "tree5u", "ring4u", "k3u", "k4u", "grid2x2u", "grid2x3u", "ring5",
           "ring4u-K4", "k3u-K3", "k4u-K3", "ring4u-alpha1", "ring5-alpha2", "k3u-alpha0",
           "ring4u-nowait", "k4u-nowait"]


class Unison:
    def __init__(self, n, edges, K, alpha, variant=None):
        self.n, self.K, self.alpha, self.variant = n, K, alpha, variant
        self.nb = [[] for _ in range(n)]
        for a, b in edges:
            self.nb[a].append(b)
            self.nb[b].append(a)
        self.edges = edges
        self.values = list(range(-alpha, K))

    def stab(self, c):
        return 0 <= c

    def phi(self, c):
        return c + 1 if c < 0 else (c + 1) % self.K

    def le_l(self, x, y):  # x <=_l y on stab
        return y == x or y == (x + 1) % self.K

    def correct(self, cp, cq):
        return self.stab(cp) and self.stab(cq) and (self.le_l(cp, cq) or self.le_l(cq, cp))

    def all_correct(self, g, p):
        return all(self.correct(g[p], g[q]) for q in self.nb[p])

    def rule(self, g, p):
        """The rule p may fire in g ('NA', 'CA', 'RA') and its new clock, or None."""
        c = g[p]
        ac = self.all_correct(g, p)
        if ac and all(self.le_l(c, g[q]) for q in self.nb[p]):
            return "NA", self.phi(c)
        wait = self.variant != "nowait"  # the broken variant drops r_p <= r_q
        if -self.alpha <= c < 0 and all(g[q] <= 0 and (c <= g[q] or not wait) for q in self.nb[p]):
            return "CA", self.phi(c)
        if not ac and c > 0:
            return "RA", -self.alpha
        return None

    def moves(self, g, p):
        """The new clocks p may take in g, for engine.analyse: [] or the one of its rule."""
        r = self.rule(g, p)
        return [] if r is None else [r[1]]

    def legitimate(self, g):
        """Every process has allCorrect."""
        return all(self.all_correct(g, p) for p in range(self.n))


def kind_legitimate(u, g, kind, cols):
    """unison.gcl's legitimate predicate, its edges spelled out by kind (checked against u's)."""
    n, K, alpha = u.n, u.K, u.alpha

    def adj(q, r):  # q < r
        return ((kind == 0 and (r - q == 1 or (q == 0 and r == n - 1)))
                or (kind == 1 and r - q == 1)
                or kind == 2
                or (kind == 3 and ((r - q == 1 and r % cols != 0) or r - q == cols))
                or (kind == 4 and q == 0)
                or (kind == 5 and q == (r - 1) // 2))

    if any(c < 0 for c in g):
        return False
    return all(not adj(q, r) or (g[q] - g[r]) % K <= 1 or (g[r] - g[q]) % K <= 1
               for q in range(n) for r in range(q + 1, n))


def kind_edges(n, kind, cols):
    out = set()
    for q in range(n):
        for r in range(q + 1, n):
            if ((kind == 0 and (r - q == 1 or (q == 0 and r == n - 1)))
                    or (kind == 1 and r - q == 1) or kind == 2
                    or (kind == 3 and ((r - q == 1 and r % cols != 0) or r - q == cols))
                    or (kind == 4 and q == 0) or (kind == 5 and q == (r - 1) // 2)):
                out.add((q, r))
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("instances", nargs="*", help="instances (default: %s)" % " ".join(DEFAULT))
    ap.add_argument("--daemons", default="central",
                    help="comma-separated: central, locally-central, distributed, synchronous, or all")
    args = ap.parse_args()
    names = args.instances or DEFAULT
    daemons = engine.DAEMONS if args.daemons == "all" else args.daemons.split(",")
    for d in daemons:
        if d not in engine.DAEMONS:
            ap.error("unknown daemon %r" % d)
    ok = True
    print("%-14s %-15s %3s %5s %7s %10s %6s %7s %11s %8s %6s %6s" % (
        "instance", "daemon", "K", "alpha", "configs", "transitions", "legit", "closure",
        "convergence", "legit-dl", "moves", "steps"))
    for name in names:
        n, edges, K, alpha, kind, cols = INSTANCES[name][:6]
        u = Unison(n, edges, K, alpha, *INSTANCES[name][6:])
        configs = list(itertools.product(u.values, repeat=n))
        # unison.gcl's edges by kind must be the graph's, and so its legitimate predicate
        want = {tuple(sorted(e)) for e in edges}
        if kind_edges(n, kind, cols) != want:
            print("%s: kind=%d cols=%d names other edges than the graph's" % (name, kind, cols))
            ok = False
        for g in configs:
            if kind_legitimate(u, g, kind, cols) != u.legitimate(g):
                print("%s: unison.gcl's legitimate predicate differs at %s" % (name, g))
                ok = False
                break
        for d in daemons:
            r = engine.analyse(configs, u.moves, u.legitimate, u.nb, d)
            print("%-14s %-15s %3d %5d %7d %10d %6d %7s %11s %8d %6s %6s" % (
                name, d, K, alpha, r["states"], r["choices"], r["legitimate"],
                "holds" if r["closure"] else "VIOLATED",
                "holds" if r["convergence"] else "VIOLATED",
                r["legit_deadlocks"], "inf" if r["moves"] is None else r["moves"],
                "inf" if r["steps"] is None else r["steps"]))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
