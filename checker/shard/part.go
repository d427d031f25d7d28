package shard

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"slices"
)

// Format is the part files' format, which mc merge checks first.
const Format = 1

// Part is what one shard writes: the run it belongs to (the command and its description as
// JSON, equal byte for byte in every part of one run), mc's version, the shard, the range of
// items it took, the seconds it ran, and its results (Data, in the command's own JSON).
type Part struct {
	Format  int             `json:"mc_part"`
	Version string          `json:"mc_version"`
	Command string          `json:"command"`
	Run     json.RawMessage `json:"run"`
	Shard   Shard           `json:"shard"`
	First   uint64          `json:"first"`
	Items   uint64          `json:"items"`
	Seconds float64         `json:"seconds"`
	Data    json.RawMessage `json:"data"`
}

// Write saves p as JSON at path, through a temporary file renamed over it, so that a merge
// never reads half a part.
func Write(path string, p Part) error {
	p.Format = Format
	b, err := json.MarshalIndent(p, "", " ")
	if err != nil {
		return err
	}
	tmp := path + ".tmp"
	if err := os.WriteFile(tmp, append(b, '\n'), 0o644); err != nil {
		return err
	}
	return os.Rename(tmp, path)
}

// Read loads the part at path.
func Read(path string) (Part, error) {
	var p Part
	b, err := os.ReadFile(path)
	if err != nil {
		return p, err
	}
	if err := json.Unmarshal(b, &p); err != nil {
		return p, fmt.Errorf("%s: not a part file: %w", path, err)
	}
	if p.Format != Format {
		return p, fmt.Errorf("%s: not a part file of format %d (mc_part: %d)", path, Format, p.Format)
	}
	return p, nil
}

// Gather checks that parts are of one run (one command and description, one count of
// shards), written by one version of mc, each shard at most once, each range the one its
// index takes of the whole; it returns them in index order and the indices missing, which
// leave the run incomplete. names name the parts in errors (their files).
func Gather(parts []Part, names []string, total func(Part) uint64) (ordered []Part, missing []int, err error) {
	if len(parts) == 0 {
		return nil, nil, fmt.Errorf("no part to merge")
	}
	first := parts[0]
	byIndex := map[int]int{}
	for i, p := range parts {
		switch {
		case p.Version != first.Version:
			return nil, nil, fmt.Errorf("%s was written by mc %s, %s by mc %s: merge parts of one version", names[i], p.Version, names[0], first.Version)
		case p.Command != first.Command || !bytes.Equal(p.Run, first.Run) || p.Shard.Count != first.Shard.Count:
			return nil, nil, fmt.Errorf("%s and %s are parts of different runs", names[0], names[i])
		case p.Shard.Valid() != nil:
			return nil, nil, fmt.Errorf("%s: %v", names[i], p.Shard.Valid())
		}
		if j, dup := byIndex[p.Shard.Index]; dup {
			return nil, nil, fmt.Errorf("%s and %s are both shard %s", names[j], names[i], p.Shard)
		}
		if f, n := p.Shard.Ranks(total(p)); f != p.First || n != p.Items {
			return nil, nil, fmt.Errorf("%s: shard %s took items %d..%d, not %d..%d", names[i], p.Shard, p.First, p.First+p.Items-1, f, f+n-1)
		}
		byIndex[p.Shard.Index] = i
	}
	for k := range first.Shard.Count {
		if i, ok := byIndex[k]; ok {
			ordered = append(ordered, parts[i])
		} else {
			missing = append(missing, k)
		}
	}
	slices.Sort(missing)
	return ordered, missing, nil
}
