"""The brute force shared by the oracles of bench/oracle (standard library only).

Each oracle states one protocol: its local states, its rules (moves) and its legitimate
predicate, read from the paper. This module does the rest, the same way for every protocol:
it enumerates the configurations, builds the step graph of a daemon, decides closure and
convergence, and computes the worst case (the longest execution up to the first legitimate
configuration, in moves and in steps). It also holds the command lines shared by several
oracles and a reader for the SASA .dot topology files. It shares no code with mc.

A protocol is given as
  configs      the list of configurations, each a tuple of local states (one per process);
  moves(c, p)  the new local states process p may take in configuration c: one entry per
               daemon choice (a process with two enabled rules leading to the same state
               has that state twice), [] when p is not enabled;
  legitimate(c)  whether c is legitimate;
  neighbours   neighbours[p] is a collection of the processes adjacent to p (for the
               locally-central daemon).
"""
import itertools
import json
import os
import re
import subprocess
import sys
from collections import deque

DAEMONS = ["central", "locally-central", "distributed", "synchronous"]


# ---- the step graph -------------------------------------------------------------------------

def daemon_sets(enabled, daemon, neighbours):
    """The sets of enabled processes the daemon may move together in one step: central, one
    process; synchronous, all of them; distributed, any non-empty set; locally-central, any
    non-empty set of which no two are neighbours (nor any its own neighbour, as in a ring of
    one)."""
    if daemon == "central":
        return [(p,) for p in enabled]
    if daemon == "synchronous":
        return [tuple(enabled)] if enabled else []
    if daemon not in ("locally-central", "distributed"):
        raise ValueError("unknown daemon %r" % daemon)
    sets = []
    for k in range(1, len(enabled) + 1):
        for s in itertools.combinations(enabled, k):
            if daemon == "locally-central" and any(b in neighbours[a] for a in s for b in s):
                continue
            sets.append(s)
    return sets


def step_graph(configs, moves, neighbours, daemon):
    """The daemon's steps from every configuration. In a step each process of the daemon's
    set makes one of its moves, all reading the old configuration. Returns (succ, choices,
    pairs, terminal): succ[k] maps each successor's index to the most moves of a step from
    configs[k] to it; choices counts the steps with multiplicity (one per daemon choice, as mc
    counts transitions); pairs counts the distinct (configuration, successor) pairs;
    terminal[k] says that no process is enabled in configs[k]."""
    index = {c: k for k, c in enumerate(configs)}
    choices = pairs = 0
    succ, terminal = [], []
    for c in configs:
        options = [moves(c, p) for p in range(len(c))]
        enabled = [p for p in range(len(c)) if options[p]]
        terminal.append(not enabled)
        out = {}
        for s in daemon_sets(enabled, daemon, neighbours):
            for pick in itertools.product(*[options[p] for p in s]):
                d = list(c)
                for p, v in zip(s, pick):
                    d[p] = v
                k = index[tuple(d)]
                choices += 1
                out[k] = max(out.get(k, 0), len(s))
        pairs += len(out)
        succ.append(out)
    return succ, choices, pairs, terminal


# ---- the verdicts ---------------------------------------------------------------------------

def closure(succ, good):
    """Whether every step from a legitimate configuration leads to a legitimate one."""
    return all(good[s] for k in range(len(succ)) if good[k] for s in succ[k])


def worst_case(succ, good):
    """Convergence and the worst case. Returns None when some illegitimate configuration is a
    deadlock or lies on a cycle of illegitimate configurations (convergence fails); else
    (moves, steps), the most moves and the most steps of an execution up to its first
    legitimate configuration (0 and 0 when every configuration is legitimate).

    Kahn's order on the illegitimate configurations, from those whose every step is
    legitimate backwards; a configuration left unfinished lies on a cycle or reaches a
    deadlock."""
    N = len(succ)
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
    if not all(done):
        return None
    return max(wmoves, default=0), max(wsteps, default=0)


def analyse(configs, moves, legitimate, neighbours, daemon):
    """Everything the oracles print about one protocol instance under one daemon, as a dict:
    states, choices (steps counted per daemon choice), pairs (distinct successor pairs),
    legitimate (how many configurations are), closure and convergence (booleans), moves and
    steps (the worst case; None when convergence fails), legit_is_terminal (the legitimate
    configurations are exactly those where no process is enabled) and legit_deadlocks (the
    legitimate configurations where no process is enabled)."""
    good = [legitimate(c) for c in configs]
    succ, choices, pairs, terminal = step_graph(configs, moves, neighbours, daemon)
    worst = worst_case(succ, good)
    return {
        "states": len(configs), "choices": choices, "pairs": pairs, "legitimate": sum(good),
        "closure": closure(succ, good), "convergence": worst is not None,
        "moves": None if worst is None else worst[0],
        "steps": None if worst is None else worst[1],
        "legit_is_terminal": good == terminal,
        "legit_deadlocks": sum(1 for g, t in zip(good, terminal) if g and t),
    }


# ---- the ring oracles' command line (dijkstra3, dijkstra4, tokenring) -------------------------

def ring_main(argv, doc, system, default_n):
    """[--daemon NAME|all] [--broken] N...: for each n (default_n when none is given),
    system(n, broken) gives (configs, moves, legitimate, neighbours); prints one line per n
    and daemon. A malformed command line exits with doc."""
    daemons, broken = ["central"], False
    while argv and argv[0].startswith("-"):
        if argv[0] in ("-h", "--help"):
            print(doc)
            sys.exit(0)
        if argv[0] == "--broken":
            broken, argv = True, argv[1:]
        elif argv[0] == "--daemon" and len(argv) > 1 and argv[1] in DAEMONS + ["all"]:
            daemons = DAEMONS if argv[1] == "all" else [argv[1]]
            argv = argv[2:]
        else:
            sys.exit(doc)
    if not all(a.isdigit() for a in argv):
        sys.exit(doc)
    for n in [int(a) for a in argv] or default_n:
        configs, moves, legitimate, neighbours = system(n, broken)
        for d in daemons:
            r = analyse(configs, moves, legitimate, neighbours, d)
            verdict = lambda b: "holds" if b else "violated"
            inf = lambda x: "inf" if x is None else x
            print("n=%d %-15s states=%d transitions=%d closure=%s convergence=%s "
                  "worst_case_moves=%s worst_case_steps=%s" % (
                      n, d, r["states"], r["choices"], verdict(r["closure"]),
                      verdict(r["convergence"]), inf(r["moves"]), inf(r["steps"])))


# ---- the graph oracles' command line (colouring, mis, matching, bfs) --------------------------

def read_dot(path):
    """A SASA topology file, as far as the files of testdata/topologies use the format:
    undirected edges a -- b (chains a -- b -- c), node statements, algo="root.ml" or root=true
    marking the root (else node 0), nodes numbered in order of first appearance. Returns
    (nb, root), nb[i] the sorted neighbours of node i."""
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


def run_mc(mc, model, topology, daemon):
    """mc's figures for the same instance: states, transitions, closure, convergence and the
    worst case in moves and steps (None when mc reports none)."""
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


def graph_main(model, instances, domains_of, moves_of, legit_of, doc):
    """[--daemon NAME]... [--mc BIN] [TOPOLOGY.dot...]: for each topology (default: the pinned
    instances, (file in testdata/topologies, daemons)) and daemon, prints one table row;
    with --mc also mc's figures on examples/protocols/MODEL and whether they agree. The
    protocol is domains_of(nb, root) (the local domains), moves_of(nb, root) (moves(c, i))
    and legit_of(nb, root) (legitimate(c)). Exits 1 when mc differs or the legitimate set is
    not the set of terminal configurations (with --mc), else 0.

    For each instance it enumerates every configuration and every daemon step and prints the
    number of configurations, of transitions counted as mc counts them (daemon choices: one per
    process moved and rule fired, "choices") and as distinct (configuration, successor) pairs
    ("pairs"), closure, convergence, the worst case in moves and steps up to the first legitimate
    configuration, and whether the legitimate set is exactly the set of configurations where no
    rule is enabled (the protocol is silent). With --mc it runs mc on the same instance and
    compares."""
    import argparse
    here = os.path.dirname(os.path.abspath(__file__))
    top = os.path.join(here, '..', '..')
    ap = argparse.ArgumentParser(description=doc)
    ap.add_argument('topologies', nargs='*', help='.dot files (default: the pinned instances)')
    ap.add_argument('--daemon', action='append', choices=DAEMONS, metavar='DAEMON',
                    help='central, locally-central, distributed, '
                    'synchronous (default: those pinned for each instance)')
    ap.add_argument('--mc', help='an mc binary: run it on the same instance and compare')
    a = ap.parse_args()
    if a.topologies:
        instances = [(t, a.daemon or ['central']) for t in a.topologies]
    else:
        instances = [(os.path.join(top, 'testdata', 'topologies', t), a.daemon or ds)
                     for t, ds in instances]
    keys = ['states', 'transitions', 'closure', 'convergence', 'moves', 'steps']
    fmt = lambda x: '-' if x is None else str(x).lower()
    bad = 0
    print('%-12s %-15s %8s %9s %9s %-7s %-11s %5s %5s  %s' % (
        'topology', 'daemon', 'states', 'choices', 'pairs', 'closure', 'convergence',
        'moves', 'steps', 'legit = terminal'))
    for topo, daemons in instances:
        nb, root = read_dot(topo)
        configs = list(itertools.product(*domains_of(nb, root)))
        for d in daemons:
            r = analyse(configs, moves_of(nb, root), legit_of(nb, root), nb, d)
            r['transitions'] = r['choices']
            print('%-12s %-15s %8d %9d %9d %-7s %-11s %5s %5s  %s (%d legitimate)' % (
                os.path.basename(topo)[:-4], d, r['states'], r['choices'], r['pairs'],
                fmt(r['closure']), fmt(r['convergence']), fmt(r['moves']), fmt(r['steps']),
                fmt(r['legit_is_terminal']), r['legitimate']))
            if a.mc:
                m = run_mc(a.mc, os.path.join(top, 'examples', 'protocols', model), topo, d)
                diff = [k for k in keys if m[k] != r[k]]
                bad += bool(diff) or not r['legit_is_terminal']
                print('%-12s %-15s %8d %9d %9s %-7s %-11s %5s %5s  %s' % (
                    '  mc', '', m['states'], m['transitions'], '', fmt(m['closure']),
                    fmt(m['convergence']), fmt(m['moves']), fmt(m['steps']),
                    'DIFFERS: ' + ', '.join(diff) if diff else 'same'))
    sys.exit(1 if bad else 0)
