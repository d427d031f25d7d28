package store

// A pending state keeps the note of its first visit until it is numbered; then every visit
// and numbering returns its id. Two states with one fingerprint are one state to the hashed
