package picture

import (
	"math"
	"sort"
)

// orient turns a drawing so that the same topology always looks the same way: one whose
// links can all lie along the axes (a grid, a path, a square) is turned so they do, wider
// than tall; one longer one way than the other lies along its long axis; either way with
// process 0 to the left and above. A round one (a ring, a star) has its first process off
// the centre at the top and the next ones clockwise.
func orient(pts []point, links [][2]int) []point {
	cx, cy := centroid(pts)
	for i := range pts {
		pts[i].X -= cx
		pts[i].Y -= cy
	}
	if angle, ok := gridAngle(pts, links); ok {
		rotate(pts, angle)
		minX, maxX, minY, maxY := bounds(pts)
		width, height := maxX-minX, maxY-minY
		if width < height-1e-6 {
			rotate(pts, math.Pi/2)
		}
		mirror(pts, false)
		snap(pts, func(p *point) *float64 { return &p.X })
		snap(pts, func(p *point) *float64 { return &p.Y })
		if math.Abs(width-height) < 1e-6 && len(pts) > 1 && math.Abs(pts[1].Y-pts[0].Y) > math.Abs(pts[1].X-pts[0].X) {
			for i := range pts { // a square reads along its first row: process 1 right of 0
				pts[i].X, pts[i].Y = pts[i].Y, pts[i].X
			}
		}
		return pts
	}
	var sxx, syy, sxy float64
	for _, p := range pts {
		sxx, syy, sxy = sxx+p.X*p.X, syy+p.Y*p.Y, sxy+p.X*p.Y
	}
	tr, det := sxx+syy, sxx*syy-sxy*sxy
	gap := math.Sqrt(math.Max(tr*tr/4-det, 0))
	major, minor := tr/2+gap, tr/2-gap
	var angle float64
	round := minor > 0.8*major
	if round {
		first := 0
		for i, p := range pts {
			if math.Hypot(p.X, p.Y) > 1e-3 {
				first = i
				break
			}
		}
		angle = -math.Pi/2 - math.Atan2(pts[first].Y, pts[first].X)
	} else {
		angle = -0.5 * math.Atan2(2*sxy, sxx-syy)
	}
	rotate(pts, angle)
	mirror(pts, round)
	return pts
}

// gridAngle is the rotation that lays the links along the axes, when nearly all of them can
// be: the mean of their directions taken four times (0°, 90°, 180° and 270° alike) is then
// long. A ring of more than four or a star of more than four has no such rotation.
func gridAngle(pts []point, links [][2]int) (float64, bool) {
	if len(links) < 2 {
		return 0, false
	}
	var sx, sy float64
	for _, l := range links {
		a := math.Atan2(pts[l[1]].Y-pts[l[0]].Y, pts[l[1]].X-pts[l[0]].X)
		sx, sy = sx+math.Cos(4*a), sy+math.Sin(4*a)
	}
	if math.Hypot(sx, sy) < 0.8*float64(len(links)) {
		return 0, false
	}
	return -math.Atan2(sy, sx) / 4, true
}

// snap puts the coordinates of a drawing along the axes that nearly agree (within a quarter
// of a hop) on their mean, so that a grid's rows and columns are straight: majorization pulls
// a grid's corners in a little.
func snap(pts []point, coord func(*point) *float64) {
	order := make([]int, len(pts))
	for i := range order {
		order[i] = i
	}
	sort.Slice(order, func(a, b int) bool { return *coord(&pts[order[a]]) < *coord(&pts[order[b]]) })
	for start := 0; start < len(order); {
		end, sum := start+1, *coord(&pts[order[start]])
		for end < len(order) && *coord(&pts[order[end]])-*coord(&pts[order[end-1]]) < 0.25 {
			sum += *coord(&pts[order[end]])
			end++
		}
		for _, i := range order[start:end] {
			*coord(&pts[i]) = sum / float64(end-start)
		}
		start = end
	}
}

func rotate(pts []point, angle float64) {
	sin, cos := math.Sincos(angle)
	for i, p := range pts {
		pts[i] = point{p.X*cos - p.Y*sin, p.X*sin + p.Y*cos}
	}
}

// spread scales a drawing up until no two processes are closer than minGap, so that circles
// never overlap (a complete graph's scaling puts every process one hop from every other).
func spread(pts []point, minGap float64) {
	closest := math.Inf(1)
	for i := range pts {
		for j := i + 1; j < len(pts); j++ {
			closest = math.Min(closest, math.Hypot(pts[i].X-pts[j].X, pts[i].Y-pts[j].Y))
		}
	}
	if closest < minGap && closest > 0 {
		for i := range pts {
			pts[i].X, pts[i].Y = pts[i].X*minGap/closest, pts[i].Y*minGap/closest
		}
	}
}

// mirror flips the drawing so that process 0 is left (and above) of the centre, or, for a
// round drawing, so that the processes after the first turn clockwise.
func mirror(pts []point, round bool) {
	flipX, flipY := pts[0].X > 1e-6, pts[0].Y > 1e-6
	if round {
		flipX, flipY = clockwise(pts) < 0, false
	}
	for i := range pts {
		if flipX {
			pts[i].X = -pts[i].X
		}
		if flipY {
			pts[i].Y = -pts[i].Y
		}
	}
}

// clockwise is positive when the second process off the centre is clockwise of the first on
// the screen (y grows downwards).
func clockwise(pts []point) float64 {
	var off []point
	for _, p := range pts {
		if math.Hypot(p.X, p.Y) > 1e-3 {
			off = append(off, p)
		}
	}
	if len(off) < 2 {
		return 1
	}
	return off[0].X*off[1].Y - off[0].Y*off[1].X
}

func centroid(pts []point) (x, y float64) {
	for _, p := range pts {
		x, y = x+p.X, y+p.Y
	}
	return x / float64(len(pts)), y / float64(len(pts))
}

// sides picks, for each process, the direction in which its variables are drawn: of below,
// the four diagonals, right, left and above, in that order of preference, the one whose
// angle to the nearest of its links is largest.
func sides(pos []point, adj [][]int) []float64 {
	candidates := []float64{math.Pi / 2, math.Pi / 4, 3 * math.Pi / 4, 0, math.Pi, -math.Pi / 4, -3 * math.Pi / 4, -math.Pi / 2}
	out := make([]float64, len(pos))
	for p, nbs := range adj {
		best, bestGap := candidates[0], -1.0
		for _, c := range candidates {
			gap := math.Pi
			for _, q := range nbs {
				a := math.Atan2(pos[q].Y-pos[p].Y, pos[q].X-pos[p].X)
				d := math.Abs(math.Remainder(a-c, 2*math.Pi))
				gap = math.Min(gap, d)
			}
			if gap > bestGap+1e-6 {
				best, bestGap = c, gap
			}
		}
		out[p] = best
	}
	return out
}
