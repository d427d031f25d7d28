package lang

// Messages: a file may declare message kinds and a channel on every link of its topology.
//
//	message find                  // a kind without fields
//	message token(v : 0..K-1)     // a kind with fields of domains 0..H
//	channel fifo(F)               // one FIFO of at most F messages from each process to each that reads it
//	channel bag(F)                // or one bag of at most F messages, delivered in any order
//
// A rule receives the head of a FIFO from a neighbour, or any message of a bag (`receive
// find from u`, or `receive token(w) from left`, which binds the field) and sends onto the channels to the
// processes that read it (`send token(v + 1) to right`), beside its assignments. Parsing is
// here; compiling and running, channels.go.

// Message is `message NAME [(FIELD : 0..H, …)]`.
type Message struct {
	Name   Ident
	Fields []MessageField
}

// MessageField is one field of a message kind and its domain 0..H.
type MessageField struct {
	Name   Ident
	Domain Domain
}

// ChannelDecl is `channel fifo(CAPACITY)` or `channel bag(CAPACITY)`.
type ChannelDecl struct {
	Pos      Pos
	Bag      bool
	Capacity Expr
}

// Receive is a rule's `receive KIND[(NAME, …)] from E`: the head of the channel from E, when
// it is of that kind, popped when the rule fires, its fields bound to the names.
type Receive struct {
	Pos    Pos
	Kind   Ident
	Fields []Ident
	From   Expr
}

// Send is `send KIND[(E, …)] to E` among a rule's statements.
type Send struct {
	Pos  Pos
	Kind Ident
	Args []Expr
	To   Expr
}

// message parses a message declaration.
func (p *parser) message() error {
	if err := p.advance(); err != nil {
		return err
	}
	m := &Message{}
	var err error
	if m.Name, err = p.ident("the message's name"); err != nil {
		return err
	}
	err = p.parenList(func() error {
		f := MessageField{}
		var err error
		if f.Name, err = p.ident("a field's name"); err != nil {
			return err
		}
		if err = p.expect(":"); err != nil {
			return err
		}
		f.Domain, err = p.domain()
		m.Fields = append(m.Fields, f)
		return err
	})
	if err != nil {
		return err
	}
	p.file.Messages = append(p.file.Messages, m)
	return nil
}

// channel parses `channel fifo(CAPACITY)` or `channel bag(CAPACITY)`.
func (p *parser) channel() error {
	at := p.tok.Pos
	if p.file.Channel != nil {
		return p.errorf(at, "a second channel declaration (the first is at line %d)", p.file.Channel.Pos.Line)
	}
	if err := p.advance(); err != nil {
		return err
	}
	if !p.is("fifo") && !p.is("bag") {
		return p.expected("fifo(CAPACITY) or bag(CAPACITY): every link's channel, first in first out or in any order")
	}
	bag := p.is("bag")
	if err := p.advance(); err != nil {
		return err
	}
	if err := p.expect("("); err != nil {
		return err
	}
	capacity, err := p.expr()
	if err != nil {
		return err
	}
	p.file.Channel = &ChannelDecl{Pos: at, Bag: bag, Capacity: capacity}
	return p.expect(")")
}

// receive parses `receive KIND[(NAME, …)] from E` at the start of a rule's guard.
func (p *parser) receive() (*Receive, error) {
	r := &Receive{Pos: p.tok.Pos}
	if err := p.advance(); err != nil {
		return nil, err
	}
	var err error
	if r.Kind, err = p.ident("the kind of message received"); err != nil {
		return nil, err
	}
	err = p.parenList(func() error {
		id, err := p.ident("the name a field binds")
		r.Fields = append(r.Fields, id)
		return err
	})
	if err != nil {
		return nil, err
	}
	if err := p.expect("from"); err != nil {
		return nil, err
	}
	r.From, err = p.sum()
	return r, err
}

// send parses `send KIND[(E, …)] to E` among a rule's statements.
func (p *parser) send() (*Send, error) {
	s := &Send{Pos: p.tok.Pos}
	if err := p.advance(); err != nil {
		return nil, err
	}
	var err error
	if s.Kind, err = p.ident("the kind of message sent"); err != nil {
		return nil, err
	}
	err = p.parenList(func() error {
		a, err := p.expr()
		s.Args = append(s.Args, a)
		return err
	})
	if err != nil {
		return nil, err
	}
	if err := p.expect("to"); err != nil {
		return nil, err
	}
	s.To, err = p.sum()
	return s, err
}

// parenList reads ( ITEM {, ITEM} ) when the next token is "(", item reading each ITEM.
func (p *parser) parenList(item func() error) error {
	if !p.is("(") {
		return nil
	}
	if err := p.advance(); err != nil {
		return err
	}
	for {
		if err := item(); err != nil {
			return err
		}
		if ok, err := p.accept(","); err != nil || !ok {
			if err != nil {
				return err
			}
			break
		}
	}
	return p.expect(")")
}
