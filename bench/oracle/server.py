#!/usr/bin/env python3
"""Brute-force oracle for examples/protocols/server.gcl and its broken variants, written from
the protocol's description and the definitions of fairness, not from mc's algorithms.

The protocol (central daemon): the server has busy and ack, the client req, each 0 or 1.
work: busy := 1 - busy (always enabled); grant: req = 1, ack = 0, busy = 0 -> ack := 1;
clear: ack = 1, req = 0 -> ack := 0; ask: req = 0, ack = 0 -> req := 1; take: req = 1,
ack = 1 -> req := 0. --defer is broken/server-defer.gcl: work keeps busy = 1 while req = 1.

A property P leadsto Q fails iff some execution reaches a P-and-not-Q configuration and then
stays outside Q forever, fairly. The set of configurations and steps such an infinite
execution takes infinitely often is a strongly connected set of steps; so the oracle tries
EVERY set of steps (2^15 of them), keeps the strongly connected ones outside Q that a P-and-
not-Q configuration reaches outside Q, and asks the fairness of the set: weakly, a unit
enabled in all of its configurations is served by one of its steps; strongly, a unit enabled
in one of them is. A configuration without successors outside Q fails too (it stutters).
Units: a process (enabled if one of its rules is), or a process's rule.

  python3 bench/oracle/server.py --mc ./mc
"""
import itertools
import json
import os
import subprocess
import sys

RULES = {  # name: (process, guard, effect) over c = (busy, ack, req)
    'work': (0, lambda c: True, lambda c: (1 - c[0], c[1], c[2])),
    'grant': (0, lambda c: c[2] == 1 and c[1] == 0 and c[0] == 0, lambda c: (c[0], 1, c[2])),
    'clear': (0, lambda c: c[1] == 1 and c[2] == 0, lambda c: (c[0], 0, c[2])),
    'ask': (1, lambda c: c[2] == 0 and c[1] == 0, lambda c: (c[0], c[1], 1)),
    'take': (1, lambda c: c[2] == 1 and c[1] == 1, lambda c: (c[0], c[1], 0)),
}
DEFER = lambda c: (1 if c[2] == 1 else 1 - c[0], c[1], c[2])


def steps(defer):
    """Every step (source, rule, target) of the central daemon, from every configuration."""
    out = []
    for c in itertools.product([0, 1], repeat=3):
        for name, (_, guard, effect) in RULES.items():
            if guard(c):
                out.append((c, name, DEFER(c) if defer and name == 'work' else effect(c)))
    return out


def units(clauses):
    """Each clause (strong, per): per 'process', 'rule' or a rule's name; a unit is
    (strong, frozenset of the rules it serves)."""
    out = []
    for strong, per in clauses:
        if per == 'process':
            for p in (0, 1):
                out.append((strong, frozenset(r for r, v in RULES.items() if v[0] == p)))
        else:
            out += [(strong, frozenset([r])) for r in RULES if per in ('rule', r)]
    return out


def fair(edges, us):
    nodes = {e[0] for e in edges}
    for strong, rules in us:
        enabled = [any(RULES[r][1](c) for r in rules) for c in nodes]
        if (any(enabled) if strong else all(enabled)) and not any(e[1] in rules for e in edges):
            return False
    return True


def connected(edges):
    nodes = {e[0] for e in edges} | {e[2] for e in edges}
    if {e[0] for e in edges} != nodes:
        return False
    start = next(iter(nodes))
    for forward in (True, False):
        seen, todo = {start}, [start]
        while todo:
            c = todo.pop()
            for a, _, b in edges:
                x, y = (a, b) if forward else (b, a)
                if x == c and y not in seen:
                    seen.add(y)
                    todo.append(y)
        if seen != nodes:
            return False
    return True


def leadsto(all_steps, p, q, clauses):
    """Whether p leadsto q holds under the fairness, from every configuration."""
    outside = [e for e in all_steps if not q(e[0]) and not q(e[2])]
    # configurations outside q that a p-and-not-q one reaches outside q
    seen = {c for c in itertools.product([0, 1], repeat=3) if p(c) and not q(c)}
    todo = list(seen)
    while todo:
        c = todo.pop()
        for a, _, b in outside:
            if a == c and b not in seen:
                seen.add(b)
                todo.append(b)
    if any(not any(e[0] == c for e in all_steps) for c in seen):
        return False
    us = units(clauses)
    inside = [e for e in outside if e[0] in seen]
    for k in range(1, len(inside) + 1):
        for edges in itertools.combinations(inside, k):
            if connected(edges) and fair(edges, us):
                return False
    return True


REQ = lambda c: c[2] == 1
NOREQ = lambda c: c[2] == 0
CASES = [  # file, property, p, q, fairness clauses
    ('server.gcl', 'served', REQ, NOREQ, [(False, 'process'), (True, 'grant')], False),
    ('server.gcl', 'asked', lambda c: True, REQ, [(False, 'rule')], False),
    ('broken/server-weak.gcl', 'served', REQ, NOREQ, [(False, 'rule')], False),
    ('broken/server-weak.gcl', 'served_procs', REQ, NOREQ, [(True, 'process')], False),
    ('broken/server-defer.gcl', 'served', REQ, NOREQ, [(False, 'process'), (True, 'rule')], True),
]


def main():
    mc = sys.argv[sys.argv.index('--mc') + 1] if '--mc' in sys.argv else None
    top = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..')
    bad = 0
    for path, name, p, q, clauses, defer in CASES:
        holds = leadsto(steps(defer), p, q, clauses)
        line = '%-26s %-13s %s' % (path, name, 'holds' if holds else 'violated')
        if mc:
            out = subprocess.run([mc, 'check', os.path.join(top, 'examples', 'protocols', path), '--json'],
                                 capture_output=True, text=True).stdout
            got = {c['name']: c['verdict'] for c in json.loads(out)['checks']}['temporal ' + name]
            ok = got == ('holds' if holds else 'violated')
            bad += not ok
            line += '   mc: %s %s' % (got, 'ok' if ok else 'DIFFERS')
        print(line)
    sys.exit(1 if bad else 0)


if __name__ == '__main__':
    main()
