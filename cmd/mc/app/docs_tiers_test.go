package app

// Which tier runs each documented mc command that costs more than a moment (docs_test.go).

// heavy are the mc commands of the pages that take minutes or gigabytes: the test runs them
// with a time limit, which must stop them inconclusive (exit 3). The command line is valid
// and the run starts.
var heavy = map[string]bool{
	"check ssarrow -p n=3":                                                                 true,
	"check ssarrow -p n=4 -p init=0 --topology star":                                       true,
	"check ssarrow -p n=3 --dir /tmp/run --checkpoint-every 10m":                           true,
	"check --resume /tmp/run --workers 4":                                                  true,
	"check dijkstra -p n=9 -p K=9 --progress":                                              true,
	"check ssarrow -p n=4 -p init=0 --topology star --progress":                            true,
	"check ssarrow -p n=4 -p init=0 --topology star --store disk --dir /tmp/g4 --mem 6GiB": true,
	"check dijkstra -p n=9 -p K=9 --store disk --dir /tmp/d9 --mem 2GiB --progress":        true,
	"check dijkstra -p n=9 -p K=9 --store badger --dir /tmp/b9 --mem 2GiB --progress":      true,
	"check arvy -p n=6 --topology iso":                                                     true,
	"check leader -p n=3 -p Ctr=3":                                                         true,
	"check dijkstra -p n=12 -p K=12 --engine symbolic":                                     true,
	"check leader -p n=3 -p graph=complete -p Ctr=3":                                       true,
}

// long are the mc commands that take more than two seconds (measured on 2 cores): only the
// long tier runs them (checker/testtier). The checks and models they show are tested at
// smaller sizes in the default tier.
var long = map[string]bool{
	"arvy-ratio --n 4,6,8 --newparent ivy":                                                                        true,
	"check arrow --topology all -p n=6":                                                                           true,
	"check examples/protocols/dijkstra.gcl -p n=10 -p K=10 --engine symbolic --check temporal":                    true,
	"check dijkstra -p n=8 -p K=8 --store disk --dir /tmp/d8":                                                     true,
	"check leader -p init=timers":                                                                                 true, // 4 s; the family is models/leader's Theorem 1 test
	"check dijkstra -p n=8 -p K=8 --hashed --cpuprofile /tmp/h.prof":                                              true,
	"check arvy -p n=6 -p newparent=arrow --topology iso":                                                         true,
	"check arvy -p n=5 -p newparent=arrow":                                                                        true,
	"check ssarrow -p n=3 --dir /tmp/run --checkpoint-every 10m":                                                  true,
	"check --resume /tmp/run --workers 4":                                                                         true, // the one before saved what it resumes
	"check lek --daemon synchronous --check recovery --faults 1 --fault-vars vote --fault-vars rumor --end start": true,
	"check lek -p strand=delete -p probeend=wait -p report=stop -p returned=rest -p trail=no-copy -p stale=requesting -p copyid=home-cand -p dominated=query --daemon synchronous --check recovery --faults 1 --fault-vars vote --fault-vars rumor --end start":                             true,
	"check lek -p n=19 -p strand=delete -p probeend=wait -p report=stop -p returned=rest -p trail=no-copy -p stale=requesting -p copyid=home-cand -p dominated=query -p cands=paper --daemon synchronous --check recovery --faults 1 --fault-scope variable --end start":                    true,
	"check lek -p n=19 -p strand=delete -p probeend=wait -p report=stop -p returned=rest -p trail=no-copy -p stale=requesting -p copyid=home-cand -p dominated=query -p cands=paper -p far=delete --daemon synchronous --check recovery --faults 1 --fault-scope variable --end start":      true,
	"check lek -p n=20 -p strand=delete -p probeend=wait -p report=stop -p returned=rest -p trail=no-copy -p stale=requesting -p copyid=home-cand -p dominated=query --daemon central --check recovery --faults 1 --fault-vars vote --fault-scope variable --end start --max-states 500000": true,
}

// slow are the mc commands that take about a second: -short passes over them, and over
// every sweep.
var slow = map[string]bool{
	"verify testdata/proofs/dijkstra.yaml":                                        true,
	"verify testdata/proofs/dijkstra.yaml --report /tmp/reports":                  true,
	"check examples/protocols/bfs.gcl --topology testdata/topologies/grid2x3.dot": true,
	"check herman -p n=13 --symmetry rotation":                                    true, "check leader": true,
	"replay /tmp/sim/run-0.json --report /tmp/long.html": true,
	"check leader -p init=messages":                      true, "check leader -p Ctr=3": true,
	"check leader --check expected-time": true, "simulate leader --runs 20000 --seed 1": true,
	"check leader -p hold=2 -p Ctr=5":                true,
	"check ssarrow -p init=2 -p delay=3 -p tau=13":   true,
	"check ssarrow -p n=3 --timeout 1s":              true, // a second on every core, by design
	"check dijkstra -p n=9 -p K=9 --engine symbolic": true,
	// proof files of the library: TestProtocolLibrary verifies every one
	"verify examples/protocols/server.yaml": true, "verify examples/protocols/herman.yaml": true,
	"verify examples/protocols/arrow.yaml":                   true,
	"verify examples/protocols/abp.yaml":                     true,
	"check herman -p n=11 --exact-block -1 --precision 1e-9": true,
	"simulate examples/protocols/colouring.gcl --daemon sd --runs 1 --seed 1 --max-steps 100000 --dir /tmp/sim": true,
	"check lek -p strand=delete -p probeend=wait -p report=stop -p returned=rest -p trail=no-copy -p stale=requesting -p copyid=home-cand -p dominated=query --daemon synchronous --check recovery --faults 1 --fault-vars Ldeny --fault-vars Rdeny --fault-vars status --fault-vars Lflag --fault-vars Rflag --end start": true,
}

// docCommand is one command of a page's sh blocks, and the output the page shows after it.
type docCommand struct {
	page   string
	words  []string
	output []string
	exit   int // the exit code its comment states ("exit 2"), or -1: a verdict
}
