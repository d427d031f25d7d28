#!/usr/bin/env python3
"""Brute-force oracle for examples/protocols/mis.gcl, written from the paper, not from the file.

Shukla, Rosenkrantz, Ravi (WSS 1995), maximal independent set on an anonymous network: x(i) in
{0, 1}; R1: x(i) = 0 and no neighbour has x = 1 -> x(i) := 1; R2: x(i) = 1 and some neighbour
has x = 1 -> x(i) := 0. Legitimate: the nodes with x = 1 form an independent set and every
other node has a neighbour in it (maximality), checked directly on the graph.

For each instance it enumerates every configuration and every daemon step and prints the
number of configurations, of transitions counted as mc counts them (daemon choices: one per
process moved and rule fired, "choices") and as distinct (configuration, successor) pairs
("pairs"), closure, convergence, the worst case in moves and steps up to the first legitimate
configuration, and whether the legitimate set is exactly the set of configurations where no
rule is enabled (the protocol is silent). With --mc it runs mc on the same instance and
compares.

  python3 bench/oracle/mis.py --mc ./mc
"""
import itertools, json, os, re, subprocess, sys
from collections import deque

MODEL = 'mis.gcl'
INSTANCES = [(t + '.dot', ['central', 'locally-central', 'distributed', 'synchronous'])
             for t in ['ring5u', 'tree6', 'k4', 'grid2x3', 'house5', 'rand6']]


def domains(nb, root):
    return [[0, 1]] * len(nb)


def moves(nb, root):
    def m(c, i):
        if c[i] == 0 and all(c[j] == 0 for j in nb[i]):
            return [1]                                   # R1 enter
        if c[i] == 1 and any(c[j] == 1 for j in nb[i]):
            return [0]                                   # R2 leave
        return []
    return m


def legit(nb, root):
    def independent_and_maximal(c):
        independent = not any(c[i] == 1 and c[j] == 1 for i in range(len(c)) for j in nb[i])
        maximal = all(c[i] == 1 or any(c[j] == 1 for j in nb[i]) for i in range(len(c)))
        return independent and maximal
    return independent_and_maximal

# ---------------------------------------------------------------------------------------------
# Everything below is the same in every oracle of bench/oracle (each file stands alone).

def read_dot(path):
    """A SASA topology file, as far as the files of testdata/topologies use the format:
    undirected edges a -- b (chains a -- b -- c), node statements, algo="root.ml" or root=true
    marking the root (else node 0), nodes numbered in order of first appearance."""
    text = re.sub(r'//[^\n]*|/\*.*?\*/', '', open(path).read(), flags=re.S)
    body = text[text.index('{') + 1:text.rindex('}')]
    names, index, edges, root = [], {}, set(), None

    def node(name):
        if name not in index:
            index[name] = len(names)
            names.append(name)
        return index[name]

    for stmt in re.split(r'[;\n]', body):
        stmt, attrs = stmt.strip(), ''
        m = re.match(r'^(.*?)\[(.*)\]$', stmt)
        if m:
            stmt, attrs = m.group(1).strip(), m.group(2)
        if stmt in ('', 'graph', 'node', 'edge'):
            continue
        ids = [node(part.strip().strip('"')) for part in stmt.split('--')]
        for a, b in zip(ids, ids[1:]):
            if a != b:
                edges.add((min(a, b), max(a, b)))
        if len(ids) == 1 and re.search(r'algo\s*=\s*"root(\.ml)?"|root\s*=\s*"?true', attrs):
            root = ids[0]
    nb = [sorted({b for a, b in edges if a == i} | {a for a, b in edges if b == i})
          for i in range(len(names))]
    return nb, 0 if root is None else root


def daemon_sets(enabled, daemon, nb):
    """The sets of enabled processes a daemon may move together."""
    if daemon == 'central':
        return [[e] for e in enabled]
    if daemon == 'synchronous':
        return [enabled] if enabled else []
    sets = []
    for r in range(1, len(enabled) + 1):
        for s in itertools.combinations(enabled, r):
            if daemon == 'locally-central' and any(
                    b[0] in nb[a[0]] for a, b in itertools.combinations(s, 2)):
                continue
            sets.append(list(s))
    return sets


def explore(nb, domains, moves, legit, daemon):
    """Every configuration (the product of the local domains), every step of the daemon (a set
    of enabled processes, each making one of its moves), and the verdicts and the worst case."""
    configs = list(itertools.product(*domains))
    index = {c: k for k, c in enumerate(configs)}
    good = [legit(c) for c in configs]
    choices = pairs = 0
    succ, terminal = [], []
    for c in configs:
        enabled = [(i, ms) for i in range(len(c)) for ms in [moves(c, i)] if ms]
        terminal.append(not enabled)
        out = {}
        for s in daemon_sets(enabled, daemon, nb):
            for pick in itertools.product(*[ms for _, ms in s]):
                d = list(c)
                for (i, _), v in zip(s, pick):
                    d[i] = v
                k = index[tuple(d)]
                choices += 1
                out[k] = max(out.get(k, 0), len(s))
        pairs += len(out)
        succ.append(out)
    N = len(configs)
    closure = all(good[s] for k in range(N) if good[k] for s in succ[k])
    # longest executions up to the first legitimate configuration: Kahn's order on the
    # illegitimate configurations; one left unfinished lies on a cycle or reaches a deadlock
    rem, pred = [0] * N, [[] for _ in range(N)]
    for k in range(N):
        if not good[k]:
            for s in succ[k]:
                if not good[s]:
                    rem[k] += 1
                    pred[s].append(k)
    wmoves, wsteps, done = [0] * N, [0] * N, list(good)
    queue = deque(k for k in range(N) if not good[k] and succ[k] and rem[k] == 0)
    while queue:
        k = queue.popleft()
        wmoves[k] = max(w + wmoves[s] for s, w in succ[k].items())
        wsteps[k] = max(1 + wsteps[s] for s in succ[k])
        done[k] = True
        for p in pred[k]:
            rem[p] -= 1
            if rem[p] == 0:
                queue.append(p)
    convergence = all(done)
    return {
        'states': N, 'transitions': choices, 'pairs': pairs,
        'closure': closure, 'convergence': convergence,
        'moves': max(wmoves) if convergence else None,
        'steps': max(wsteps) if convergence else None,
        'legit': sum(good), 'legit_is_terminal': good == terminal,
    }


def run_mc(mc, model, topology, daemon):
    r = subprocess.run([mc, 'check', model, '--topology', topology, '--daemon', daemon,
                        '--check', 'closure,convergence,worst-case', '--json'],
                       capture_output=True, text=True)
    if r.returncode not in (0, 1):
        sys.exit('mc failed (%d): %s' % (r.returncode, r.stderr.strip()))
    j = json.loads(r.stdout)
    v = {c['name']: c['verdict'] == 'holds' for c in j['checks']}
    met = j.get('metrics') or {}
    return {'states': j['stats']['states'], 'transitions': j['stats']['transitions'],
            'closure': v['closure'], 'convergence': v['convergence'],
            'moves': met.get('worst_case_moves'), 'steps': met.get('worst_case_steps')}


def main(model, instances, domains_of, moves_of, legit_of, doc):
    import argparse
    here = os.path.dirname(os.path.abspath(__file__))
    top = os.path.join(here, '..', '..')
    ap = argparse.ArgumentParser(description=doc)
    ap.add_argument('topologies', nargs='*', help='.dot files (default: the pinned instances)')
    ap.add_argument('--daemon', action='append', help='central, locally-central, distributed, '
                    'synchronous (default: those pinned for each instance)')
    ap.add_argument('--mc', help='an mc binary: run it on the same instance and compare')
    a = ap.parse_args()
    if a.topologies:
        instances = [(t, a.daemon or ['central']) for t in a.topologies]
    else:
        instances = [(os.path.join(top, 'testdata', 'topologies', t), a.daemon or ds)
                     for t, ds in instances]
    keys = ['states', 'transitions', 'closure', 'convergence', 'moves', 'steps']
    bad = 0
    print('%-12s %-15s %8s %9s %9s %-7s %-11s %5s %5s  %s' % (
        'topology', 'daemon', 'states', 'choices', 'pairs', 'closure', 'convergence',
        'moves', 'steps', 'legit = terminal'))
    for topo, daemons in instances:
        nb, root = read_dot(topo)
        for d in daemons:
            r = explore(nb, domains_of(nb, root), moves_of(nb, root), legit_of(nb, root), d)
            fmt = lambda x: '-' if x is None else str(x).lower()
            print('%-12s %-15s %8d %9d %9d %-7s %-11s %5s %5s  %s (%d legitimate)' % (
                os.path.basename(topo)[:-4], d, r['states'], r['transitions'], r['pairs'],
                fmt(r['closure']), fmt(r['convergence']), fmt(r['moves']), fmt(r['steps']),
                fmt(r['legit_is_terminal']), r['legit']))
            if a.mc:
                m = run_mc(a.mc, os.path.join(top, 'examples', 'protocols', model), topo, d)
                diff = [k for k in keys if m[k] != r[k]]
                bad += bool(diff) or not r['legit_is_terminal']
                print('%-12s %-15s %8d %9d %9s %-7s %-11s %5s %5s  %s' % (
                    '  mc', '', m['states'], m['transitions'], '', fmt(m['closure']),
                    fmt(m['convergence']), fmt(m['moves']), fmt(m['steps']),
                    'DIFFERS: ' + ', '.join(diff) if diff else 'same'))
    sys.exit(1 if bad else 0)

if __name__ == '__main__':
    main(MODEL, INSTANCES, domains, moves, legit, __doc__.split('\n')[0])
