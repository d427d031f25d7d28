// Package models is the catalogue of protocols the command line knows: their parameters,
// defaults and the properties each one is checked against.
package models
