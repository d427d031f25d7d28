package picture

import "math"

// orient turns a drawing so that the same topology always looks the same way: a drawing
// longer one way than the other lies along its long axis, with process 0 to the left and
// above; a round one (a ring, a star) has its first process off the centre at the top and
// the next ones clockwise.
func orient(pts []point) []point {
	cx, cy := centroid(pts)
	for i := range pts {
		pts[i].X -= cx
		pts[i].Y -= cy
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
	sin, cos := math.Sincos(angle)
	for i, p := range pts {
		pts[i] = point{p.X*cos - p.Y*sin, p.X*sin + p.Y*cos}
	}
	mirror(pts, round)
	return pts
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
