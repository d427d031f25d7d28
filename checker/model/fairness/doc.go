// Package fairness is what weak fairness reads from a model: its units (the names a protocol
// gives them, model.FairUnits, or its processes), which are enabled in a configuration, and
// which a step serves. It asks nothing else of a model.
//
// Its contract: a model that names units (model.FairUnits, served by a daemon's model) answers
// for them; any other model with processes (model.ProcessesOf) has its processes as units, and
// a step serves the processes that move in it. A fault serves nothing.
package fairness
