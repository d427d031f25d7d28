#!/usr/bin/env python3
"""Print a NuSMV model of Dijkstra's K-state token ring (central daemon).

    python3 bench/nusmv/dijkstra.py N [K] [--order FILE] > ring.smv
    NuSMV -i FILE ring.smv

n machines x[0..n-1] with values in 0..K-1 (K defaults to n), central daemon:
one privileged machine moves per step.

    machine 0 : privileged iff x[0] = x[n-1];   moves x[0] := (x[0]+1) mod K
    machine i : privileged iff x[i] != x[i-1];  moves x[i] := x[i-1]

Every configuration is initial (no INIT).  legit := exactly one machine is
privileged.  The model checks

    SPEC AG (legit -> AX legit)      closure
    SPEC AF legit                    convergence (false e.g. for n=4, K=2)
    COMPUTE MAX [ TRUE , legit ]     worst case, in steps, from any
                                     configuration to legit ("infinity" if
                                     some run never gets there)

Three formulations of the daemon (--style), same answers:

    disj    (default) no input variable; TRANS is the disjunction of the n
            moves, each with its guard and frame (other machines unchanged).
    assign  IVAR p : 0..n-1 picks the machine; ASSIGN next(x[i]) := p = i ?
            move : x[i]; TRANS (p = i -> priv_i) for each i.
    trans   IVAR p as above, but TRANS only: one conjunct per machine.

disj is the fastest in NuSMV 2.6, by about 4x at n = 8..10: with an IVAR, NuSMV
evaluates EG (hence AF) over state-input pairs (eg_si), which costs about
four times the COMPUTE MAX fixpoint of the same length.

--order FILE writes a NuSMV variable-ordering file (for NuSMV -i FILE): the
bits of each x[i] grouped together, most significant first, machines in
ring order 0..n-1.  With an IVAR, the bits of p go right before x[n/2] by
default (--p-pos): measured the cheapest place (fewest CUDD cache look-ups,
least memory); p last is 3-10x slower.  See bench/nusmv/README.md.
"""

import argparse
import sys


def nbits(k):
    """Bits NuSMV uses for a variable with range 0..k-1."""
    return max(1, (k - 1).bit_length())


def privileged(i, n):
    if i == 0:
        return "x[0] = x[%d]" % (n - 1)
    return "x[%d] != x[%d]" % (i, i - 1)


def model(n, k, style="disj"):
    out = []
    w = out.append
    w("-- Dijkstra's K-state token ring, n = %d machines, K = %d, central daemon" % (n, k))
    w("MODULE main")
    w("VAR")
    w("  x : array 0..%d of 0..%d;" % (n - 1, k - 1))
    if style != "disj":
        w("IVAR")
        w("  p : 0..%d;  -- the machine the daemon picks" % (n - 1))
    w("DEFINE")
    for i in range(n):
        w("  priv%d := %s;" % (i, privileged(i, n)))
    w("  legit := count(%s) = 1;" % ", ".join("priv%d" % i for i in range(n)))
    if style == "assign":
        w("ASSIGN")
        w("  next(x[0]) := p = 0 ? (x[0] + 1) mod %d : x[0];" % k)
        for i in range(1, n):
            w("  next(x[%d]) := p = %d ? x[%d] : x[%d];" % (i, i, i - 1, i))
        w("-- only a privileged machine may be picked")
        w("TRANS")
        w("  " + "\n  & ".join("(p = %d -> priv%d)" % (i, i) for i in range(n)))
        w(";")
    elif style == "trans":
        # One conjunct per machine: what x[i] does if picked / not picked.
        w("TRANS")
        parts = ["(p = 0 -> priv0 & next(x[0]) = (x[0] + 1) mod %d)" % k,
                 "(p != 0 -> next(x[0]) = x[0])"]
        for i in range(1, n):
            parts.append("(p = %d -> priv%d & next(x[%d]) = x[%d])" % (i, i, i, i - 1))
            parts.append("(p != %d -> next(x[%d]) = x[%d])" % (i, i, i))
        w("  " + "\n  & ".join(parts))
        w(";")
    elif style == "disj":
        # No input variable: the daemon's choice is a disjunction of moves.
        w("TRANS")
        moves = []
        for i in range(n):
            upd = "(x[0] + 1) mod %d" % k if i == 0 else "x[%d]" % (i - 1)
            frame = " & ".join("next(x[%d]) = x[%d]" % (j, j) for j in range(n) if j != i)
            moves.append("(priv%d & next(x[%d]) = %s & %s)" % (i, i, upd, frame))
        w("  " + "\n  | ".join(moves))
        w(";")
    else:
        raise ValueError("unknown style %r" % style)
    w("SPEC AG (legit -> AX legit)")
    w("SPEC AF legit")
    w("COMPUTE MAX [ TRUE , legit ]")
    return "\n".join(out) + "\n"


def order(n, k, p_pos="middle", with_p=True):
    """Variable order: bits of each x[i] grouped (MSB first), ring order."""
    def bits(name, size):
        return ["%s.%d" % (name, b) for b in reversed(range(nbits(size)))]

    xs = [bits("x[%d]" % i, k) for i in range(n)]
    pb = bits("p", n)
    at = {"first": 0, "middle": n // 2, "last": n}.get(p_pos)
    if at is None:
        at = int(p_pos)  # p goes right before x[at]
        if not 0 <= at <= n:
            raise ValueError("p position %r out of range 0..%d" % (p_pos, n))
    groups = xs[:at] + [pb] + xs[at:] if with_p else xs
    return "".join(v + "\n" for g in groups for v in g)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("n", type=int, help="number of machines (>= 2)")
    ap.add_argument("K", type=int, nargs="?", help="number of states (default n)")
    ap.add_argument("--order", metavar="FILE",
                    help="also write a NuSMV variable ordering file (for NuSMV -i FILE)")
    ap.add_argument("--p-pos", default="middle", metavar="POS",
                    help="where the bits of p go in the order file: first, middle "
                    "(before x[n/2]), last, or an index i (right before x[i]); "
                    "default middle")
    ap.add_argument("--style", choices=["disj", "assign", "trans"], default="disj",
                    help="disj (default): no IVAR, TRANS is a disjunction of the n moves; "
                    "assign: IVAR p, ASSIGN next(...) + TRANS guard on p; "
                    "trans: IVAR p, TRANS only, one conjunct per machine")
    a = ap.parse_args(argv)
    n = a.n
    k = a.K if a.K is not None else n
    if n < 2 or k < 2:
        ap.error("need n >= 2 and K >= 2")
    sys.stdout.write(model(n, k, a.style))
    if a.order:
        with open(a.order, "w") as f:
            f.write(order(n, k, a.p_pos, with_p=a.style != "disj"))


if __name__ == "__main__":
    main()
