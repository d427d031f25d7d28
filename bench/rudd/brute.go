package main

import "fmt"

// explicit-state brute force: longest path to legit from every state.
func brute() {
	N := 1
	for i := 0; i < n; i++ {
		N *= K
	}
	pow := make([]int, n)
	pow[0] = 1
	for i := 1; i < n; i++ {
		pow[i] = pow[i-1] * K
	}
	decode := func(s int, x []int) {
		for i := 0; i < n; i++ {
			x[i] = s % K
			s /= K
		}
	}
	enabled := func(x []int, i int) bool {
		if i == 0 {
			return x[0] == x[n-1]
		}
		return x[i] != x[i-1]
	}
	isLegit := func(x []int) bool {
		c := 0
		for i := 0; i < n; i++ {
			if enabled(x, i) {
				c++
			}
		}
		return c == 1
	}
	// dist: -1 unknown, -2 on stack
	dist := make([]int16, N)
	for i := range dist {
		dist[i] = -1
	}
	x := make([]int, n)
	closure := true
	deadlock := false
	for s := 0; s < N; s++ {
		decode(s, x)
		if isLegit(x) {
			dist[s] = 0
			y := make([]int, n)
			for i := 0; i < n; i++ {
				if enabled(x, i) {
					copy(y, x)
					if i == 0 {
						y[0] = (y[0] + 1) % K
					} else {
						y[i] = y[i-1]
					}
					if !isLegit(y) {
						closure = false
					}
				}
			}
		}
	}
	cycle := false
	var dfs func(s int) int16
	dfs = func(s int) int16 {
		if dist[s] >= 0 {
			return dist[s]
		}
		if dist[s] == -2 {
			cycle = true
			return 0
		}
		dist[s] = -2
		y := make([]int, n)
		decode(s, y)
		var best int16 = -1
		for i := 0; i < n; i++ {
			if !enabled(y, i) {
				continue
			}
			var t int
			if i == 0 {
				t = s - y[0]*pow[0] + ((y[0]+1)%K)*pow[0]
			} else {
				t = s - y[i]*pow[i] + y[i-1]*pow[i]
			}
			if d := dfs(t); d > best {
				best = d
			}
		}
		if best < 0 {
			deadlock = true
		}
		dist[s] = best + 1
		return dist[s]
	}
	var worst int16
	for s := 0; s < N; s++ {
		if d := dfs(s); d > worst {
			worst = d
		}
	}
	fmt.Printf("BRUTE n=%d K=%d states=%d closure=%v deadlock=%v cycle(nonconv)=%v worst=%d\n", n, K, N, closure, deadlock, cycle, worst)
}
