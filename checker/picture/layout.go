package picture

import (
	"math"
	"sort"

	"gonum.org/v1/gonum/mat"
)

// point is a position in layout units: linked processes end up about one unit apart.
type point struct{ X, Y float64 }

// layout places the processes of an undirected graph: each connected component by stress
// majorization from its classical scaling, the components side by side, largest first, and
// the processes linked to nobody (a global clock, say) in a row beneath; no two processes of
// a component closer than minGap.
func layout(adj [][]int, minGap float64) []point {
	n := len(adj)
	pos := make([]point, n)
	var lone []int
	left := 0.0
	for _, comp := range components(adj) {
		if len(comp) == 1 {
			lone = append(lone, comp[0])
			continue
		}
		pts := placeComponent(adj, comp, minGap)
		minX, maxX, minY, _ := bounds(pts)
		for i, v := range comp {
			pos[v] = point{pts[i].X - minX + left, pts[i].Y - minY}
		}
		left += maxX - minX + 2 // room for the boxes of variables between components
	}
	bottom := 0.0
	for _, p := range pos {
		bottom = math.Max(bottom, p.Y)
	}
	if len(lone) < n {
		bottom += 1.5
	}
	for i, v := range lone {
		pos[v] = point{1.5 * float64(i), bottom}
	}
	return pos
}

func bounds(pts []point) (minX, maxX, minY, maxY float64) {
	minX, maxX, minY, maxY = math.Inf(1), math.Inf(-1), math.Inf(1), math.Inf(-1)
	for _, p := range pts {
		minX, maxX = math.Min(minX, p.X), math.Max(maxX, p.X)
		minY, maxY = math.Min(minY, p.Y), math.Max(maxY, p.Y)
	}
	return minX, maxX, minY, maxY
}

// components lists the connected components, largest first, each in increasing order.
func components(adj [][]int) [][]int {
	seen := make([]bool, len(adj))
	var out [][]int
	for s := range adj {
		if seen[s] {
			continue
		}
		comp, queue := []int{}, []int{s}
		seen[s] = true
		for len(queue) > 0 {
			v := queue[0]
			queue = queue[1:]
			comp = append(comp, v)
			for _, w := range adj[v] {
				if !seen[w] {
					seen[w] = true
					queue = append(queue, w)
				}
			}
		}
		sort.Ints(comp)
		out = append(out, comp)
	}
	sort.SliceStable(out, func(i, j int) bool { return len(out[i]) > len(out[j]) })
	return out
}

// hops are the hop distances between the members of one component.
func hops(adj [][]int, comp []int) [][]float64 {
	index := make(map[int]int, len(comp))
	for i, v := range comp {
		index[v] = i
	}
	d := make([][]float64, len(comp))
	for i, s := range comp {
		d[i] = make([]float64, len(comp))
		for j := range d[i] {
			d[i][j] = -1
		}
		d[i][i] = 0
		queue := []int{s}
		for len(queue) > 0 {
			v := queue[0]
			queue = queue[1:]
			for _, w := range adj[v] {
				if j := index[w]; d[i][j] < 0 {
					d[i][j] = d[i][index[v]] + 1
					queue = append(queue, w)
				}
			}
		}
	}
	return d
}

// placeComponent lays out one connected component of at least two processes.
func placeComponent(adj [][]int, comp []int, minGap float64) []point {
	d := hops(adj, comp)
	pts := classicalScaling(d)
	majorize(pts, d)
	var links [][2]int
	for i := range comp {
		for j := i + 1; j < len(comp); j++ {
			if d[i][j] == 1 {
				links = append(links, [2]int{i, j})
			}
		}
	}
	pts = orient(pts, links)
	spread(pts, minGap)
	return pts
}

// classicalScaling embeds the distances in the plane by the two leading eigenvectors of the
// double-centred squared distances (Torgerson): exact for a path, close for a ring or a grid,
// and a start from which majorization does not fold the drawing.
func classicalScaling(d [][]float64) []point {
	k := len(d)
	sq := make([]float64, k*k)
	rowMean, all := make([]float64, k), 0.0
	for i := range k {
		for j := range k {
			v := d[i][j] * d[i][j]
			sq[i*k+j] = v
			rowMean[i] += v / float64(k)
		}
		all += rowMean[i] / float64(k)
	}
	b := mat.NewSymDense(k, nil)
	for i := range k {
		for j := i; j < k; j++ {
			b.SetSym(i, j, -0.5*(sq[i*k+j]-rowMean[i]-rowMean[j]+all))
		}
	}
	var eig mat.EigenSym
	pts := make([]point, k)
	if !eig.Factorize(b, true) {
		for i := range pts { // cannot happen for a symmetric matrix; a circle is a fair fallback
			a := 2 * math.Pi * float64(i) / float64(k)
			pts[i] = point{math.Cos(a), math.Sin(a)}
		}
		return pts
	}
	vals := eig.Values(nil) // ascending
	var vecs mat.Dense
	eig.VectorsTo(&vecs)
	sx, sy := math.Sqrt(math.Max(vals[k-1], 0)), math.Sqrt(math.Max(vals[k-2], 0))
	for i := range k {
		// a tiny deterministic jitter keeps majorization from dividing by a zero distance
		pts[i] = point{vecs.At(i, k-1)*sx + 1e-3*float64(i%7), vecs.At(i, k-2)*sy + 1e-3*float64(i%5)}
	}
	return pts
}

// majorize lowers the stress Σ (|xi−xj| − dij)²/dij² by the localized majorization of
// Gansner, Koren and North (2004): each process moves to the weighted mean of where its
// distances to the others put it.
func majorize(pts []point, d [][]float64) {
	k := len(pts)
	rounds := min(300, max(30, 3_000_000/(k*k))) // a few hundred processes stay well under a second
	for range rounds {
		for i := range k {
			var sx, sy, sw float64
			for j := range k {
				if i == j {
					continue
				}
				w := 1 / (d[i][j] * d[i][j])
				dx, dy := pts[i].X-pts[j].X, pts[i].Y-pts[j].Y
				dist := math.Max(math.Hypot(dx, dy), 1e-9)
				sx += w * (pts[j].X + d[i][j]*dx/dist)
				sy += w * (pts[j].Y + d[i][j]*dy/dist)
				sw += w
			}
			pts[i] = point{sx / sw, sy / sw}
		}
	}
}
