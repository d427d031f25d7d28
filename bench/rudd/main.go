// bddeval: Dijkstra's K-state token ring (central daemon) checked symbolically
// with github.com/dalzilio/rudd.
package main

import (
	"flag"
	"fmt"
	"math/bits"
	"os"
	"runtime"
	"runtime/pprof"
	"strconv"
	"strings"
	"time"

	"github.com/dalzilio/rudd"
)

var (
	fN        = flag.Int("n", 4, "number of machines")
	fK        = flag.Int("k", 0, "K (default n)")
	fMode     = flag.String("mode", "noframe", "noframe (per-machine relprod on x_i only) | frame (T_i with frame conditions)")
	fNodes    = flag.Int("nodesize", 0, "initial node table size")
	fCache    = flag.Int("cachesize", 0, "cache size (entries per cache)")
	fRatio    = flag.Int("cacheratio", 0, "cache ratio (%)")
	fMaxInc   = flag.Int("maxinc", -1, "max node increase per resize (-1 default, 0 unlimited)")
	fMinFree  = flag.Int("minfree", 0, "min free nodes % after gc (0 = default 20)")
	fRGC      = flag.Bool("rgc", false, "call runtime.GC() at every fixpoint iteration")
	fCount    = flag.Bool("count", false, "count nodes of iterates (slow: O(table) per count)")
	fProf     = flag.String("cpuprofile", "", "write CPU profile")
	fBrute    = flag.Bool("brute", false, "explicit-state brute force only")
	fSkipConv = flag.Bool("skipconv", false, "skip convergence fixpoint")
)

var (
	b          *rudd.BDD
	n, K, m    int
	peakUsed   int
	peakAlloc  int
	maxIterBDD int
)

func cur(i, bit int) int { return 2 * (i*m + bit) }
func nxt(i, bit int) int { return 2*(i*m+bit) + 1 }

func and(a, c rudd.Node) rudd.Node { return b.Apply(a, c, rudd.OPand) }
func or(a, c rudd.Node) rudd.Node  { return b.Apply(a, c, rudd.OPor) }
func not(a rudd.Node) rudd.Node    { return b.Not(a) }
func equiv(a, c rudd.Node) rudd.Node {
	return b.Apply(a, c, rudd.OPbiimp)
}

// lit returns variable v or its negation
func lit(v int, pos bool) rudd.Node {
	if pos {
		return b.Ithvar(v)
	}
	return b.NIthvar(v)
}

// valEq: x_i == val (current if !primed)
func valEq(i, val int, primed bool) rudd.Node {
	r := b.True()
	for bit := m - 1; bit >= 0; bit-- { // build bottom-up
		v := cur(i, bit)
		if primed {
			v = nxt(i, bit)
		}
		r = and(r, lit(v, (val>>(m-1-bit))&1 == 1))
	}
	return r
}

// eqVars: x_i == x_j (current vars)
func eqVars(i, j int) rudd.Node {
	r := b.True()
	for bit := m - 1; bit >= 0; bit-- {
		r = and(r, equiv(b.Ithvar(cur(i, bit)), b.Ithvar(cur(j, bit))))
	}
	return r
}

func sample() {
	s := b.Stats()
	for _, line := range strings.Split(s, "\n") {
		f := strings.Fields(line)
		if len(f) >= 2 && f[0] == "Used:" {
			if v, _ := strconv.Atoi(f[1]); v > peakUsed {
				peakUsed = v
			}
		}
		if len(f) >= 2 && f[0] == "Allocated:" {
			if v, _ := strconv.Atoi(f[1]); v > peakAlloc {
				peakAlloc = v
			}
		}
	}
}

func count(x ...rudd.Node) int {
	c := 0
	b.Allnodes(func(id, level, low, high int) error { c++; return nil }, x...)
	return c
}

func check(x rudd.Node, what string) rudd.Node {
	if x == nil || b.Errored() {
		fmt.Fprintf(os.Stderr, "rudd error at %s: %s\n", what, b.Error())
		os.Exit(2)
	}
	return x
}

func main() {
	flag.Parse()
	n = *fN
	K = *fK
	if K == 0 {
		K = n
	}
	m = bits.Len(uint(K - 1))
	if m == 0 {
		m = 1
	}
	if *fBrute {
		brute()
		return
	}
	if *fProf != "" {
		f, _ := os.Create(*fProf)
		pprof.StartCPUProfile(f)
		defer pprof.StopCPUProfile()
	}
	run()
}

func run() {
	t0 := time.Now()
	var err error
	b, err = newBDD(2 * n * m)
	if err != nil {
		panic(err)
	}
	// enabledness
	en := make([]rudd.Node, n)
	en[0] = eqVars(0, n-1)
	for i := 1; i < n; i++ {
		en[i] = not(eqVars(i, i-1))
	}
	valid := b.True()
	for i := 0; i < n; i++ {
		vi := b.False()
		for v := 0; v < K; v++ {
			vi = or(vi, valEq(i, v, false))
		}
		valid = and(valid, vi)
	}
	none, one := b.True(), b.False()
	for i := 0; i < n; i++ {
		one = or(and(one, not(en[i])), and(none, en[i]))
		none = and(none, not(en[i]))
	}
	legit := and(one, valid)
	deadlock := and(none, valid)
	hasSucc := not(none)

	// R_i(x, x_i') = en_i & x_i' = f_i(x)
	R := make([]rudd.Node, n)
	upd := b.False()
	for v := 0; v < K; v++ {
		upd = or(upd, and(valEq(0, v, false), valEq(0, (v+1)%K, true)))
	}
	R[0] = and(en[0], upd)
	for i := 1; i < n; i++ {
		c := b.True()
		for bit := m - 1; bit >= 0; bit-- {
			c = and(c, equiv(b.Ithvar(nxt(i, bit)), b.Ithvar(cur(i-1, bit))))
		}
		R[i] = and(en[i], c)
	}
	cube := make([]rudd.Node, n)
	ren := make([]rudd.Replacer, n)
	var allCube rudd.Node
	var allRen rudd.Replacer
	if *fMode == "noframe" {
		for i := 0; i < n; i++ {
			var olds, news []int
			for bit := 0; bit < m; bit++ {
				olds = append(olds, cur(i, bit))
				news = append(news, nxt(i, bit))
			}
			cube[i] = b.Makeset(news)
			ren[i], err = b.NewReplacer(olds, news)
			if err != nil {
				panic(err)
			}
		}
	} else {
		var olds, news []int
		for i := 0; i < n; i++ {
			for bit := 0; bit < m; bit++ {
				olds = append(olds, cur(i, bit))
				news = append(news, nxt(i, bit))
			}
		}
		allCube = b.Makeset(news)
		allRen, err = b.NewReplacer(olds, news)
		if err != nil {
			panic(err)
		}
		for i := 0; i < n; i++ {
			fr := b.True()
			for j := n - 1; j >= 0; j-- {
				if j == i {
					continue
				}
				for bit := m - 1; bit >= 0; bit-- {
					fr = and(fr, equiv(b.Ithvar(nxt(j, bit)), b.Ithvar(cur(j, bit))))
				}
			}
			R[i] = and(R[i], fr)
		}
	}
	check(legit, "build")
	relNodes := count(R...)
	sample()
	tBuild := time.Since(t0)
	fmt.Printf("n=%d K=%d bits=%d mode=%s vars=%d  R nodes(shared)=%d legit nodes=%d\n", n, K, m, *fMode, 2*n*m, relNodes, count(legit))

	pre := func(z rudd.Node) rudd.Node {
		r := b.False()
		if *fMode == "noframe" {
			for i := 0; i < n; i++ {
				zp := b.Replace(z, ren[i])
				r = or(r, b.AndExist(cube[i], R[i], zp))
			}
		} else {
			zp := b.Replace(z, allRen)
			for i := 0; i < n; i++ {
				r = or(r, b.AndExist(allCube, R[i], zp))
			}
		}
		return check(r, "pre")
	}
	iterHook := func(x rudd.Node) {
		if *fRGC {
			runtime.GC()
		}
		sample()
		if *fCount {
			if c := count(x); c > maxIterBDD {
				maxIterBDD = c
			}
		}
	}

	// closure: legit & EX(valid & !legit) empty
	t1 := time.Now()
	viol := and(legit, pre(and(valid, not(legit))))
	closure := b.Equal(viol, b.False())
	tClos := time.Since(t1)
	fmt.Printf("deadlocks(valid)=%v closure=%v  [%.3fs]\n", !b.Equal(deadlock, b.False()), closure, tClos.Seconds())

	// convergence: Bad = nu Z. valid & !legit & (EX Z | deadlock)
	t2 := time.Now()
	var tConv time.Duration
	if !*fSkipConv {
		notLegit := and(valid, not(legit))
		z := notLegit
		it := 0
		for {
			it++
			nz := and(z, or(pre(z), deadlock))
			iterHook(nz)
			if b.Equal(nz, z) {
				break
			}
			z = nz
		}
		tConv = time.Since(t2)
		fmt.Printf("convergence=%v (iterations %d)  [%.3fs]\n", b.Equal(z, b.False()), it, tConv.Seconds())
	}

	// worst case: W0 = legit; W_{k+1} = W_k | (valid & hasSucc & !EX !W_k)
	t3 := time.Now()
	w := legit
	k := 0
	for {
		nw := or(w, and(and(valid, hasSucc), not(pre(not(w)))))
		iterHook(nw)
		if b.Equal(nw, w) {
			break
		}
		w = nw
		k++
	}
	tWorst := time.Since(t3)
	all := b.Equal(w, valid)
	fmt.Printf("worst case=%d (W reaches all valid states: %v)  [%.3fs]\n", k, all, tWorst.Seconds())
	sample()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	fmt.Printf("TIMES build=%.3f closure=%.3f conv=%.3f worst=%.3f total=%.3f | peak table alloc=%d used=%d iterBDDmax=%d | Go GCs=%d heapSys=%dMB\n",
		tBuild.Seconds(), tClos.Seconds(), tConv.Seconds(), tWorst.Seconds(), time.Since(t0).Seconds(), peakAlloc, peakUsed, maxIterBDD, ms.NumGC, ms.HeapSys>>20)
	if os.Getenv("STATS") != "" {
		fmt.Println(b.Stats())
	}
}

func newBDD(varnum int) (*rudd.BDD, error) {
	maxinc := *fMaxInc
	if maxinc < 0 {
		maxinc = 1 << 20
	}
	minfree := *fMinFree
	if minfree == 0 {
		minfree = 20
	}
	return rudd.New(varnum, rudd.Nodesize(*fNodes), rudd.Cachesize(*fCache), rudd.Cacheratio(*fRatio),
		rudd.Maxnodeincrease(maxinc), rudd.Minfreenodes(minfree))
}
