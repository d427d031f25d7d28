// Package toys holds small protocols that break something on purpose, for the tests of the
// checker and of the command line: contracts the lint must catch (Breach), and a protocol
// that is not deterministic, whose counterexample must fail its replay (Flaky). Catalogue
// lists them as models, which tests register; mc itself never does. It sits under
// checker/internal so that no user imports it; mc_test.go runs the command line on them.
package toys
