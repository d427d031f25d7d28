// Package arvy is the Arvy directory protocol (Khanchandani and Wattenhofer, SPAA 2019,
// Algorithm 1) with the NewParent functions of Arrow (the sender), Ivy (the producer), every
// node the find visited at once (any: one run checks the whole family) and the ring bridge of
// Algorithm 2, as an asynchronous message-passing protocol: one event per step.
//
// # Encoding (fixed, so that state counts are comparable between runs and releases)
//
//   - Per node v: p(v), any node (parent pointers need not follow network edges); n(v), ⊥ or
//     a node; the request status, idle, waiting (one outstanding request) or done (all R
//     requests satisfied); with the bridge, one bit marking (v, p(v)) as the bridge.
//   - Per producer u, one slot of the network: none, or its find in transit as (sender,
//     receiver, visited). Finds are not FIFO and a producer has at most one find, so a slot
//     per producer is the whole network. visited holds the producer and every node that
//     received and forwarded the find: a ghost for arrow and ivy, the choice set for any.
//     With the bridge, the find also carries one bit, "my last hop was the bridge", captured
//     when it is sent.
//   - The token is at rest at a node or in transit to a node: sending it and receiving it are
//     two events, which is what makes Lemma 3's node state {T, N} reachable.
//   - Events of node v: request (the environment's: fairness never forces it), receive the
//     find of u with the new parent x (one rule per choice), send the token, receive the
//     token. A node requests only when it has requests left, no outstanding one, and not the
//     token at rest (it has it already). In recycle mode a satisfied node may request again.
//
// Weak fairness is per message (model.FairUnits): the delivery of each producer's find and
// the token's travel (its sending and its receipt) are the units.
//
// The initial configurations are rooted trees: parent pointers towards the root, the token
// at rest there, no find in transit, every node idle. The lemmas are invariant under
// relabelling the nodes, so one tree per isomorphism class of rooted trees (Trees "iso") is
// as good as all of them.
package arvy
