// Package channel is messages in transit as schema variables: Channel, a bounded FIFO held in
// one variable whose values number every sequence up to its capacity (so the universe holds
// every content and nothing else), Bag, a bounded multiset held the same way (a channel that
// delivers in any order), and Timed, one FIFO variable per message age for timed protocols. A protocol declares them with Declare and DeclareTimed (and a message of the
// network, between any two processes, with DeclareNetwork), which make the receiver a writer
// of the variable too (model.Var.Link); Receiver, Age and OfNetwork read that back.
//
// Its contract: the tables are built once (New, NewBag, NewTimed) and read without allocating on the
// explorer's hot path; Push and Tick report false rather than overflow.
package channel
