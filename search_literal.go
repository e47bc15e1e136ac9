package main

// searchLiteral is micro-Max's D() written out statement for statement: the
// search to read first, with the C listing beside it. It walks the same
// tree as search (search.go), node for node, and gives the same output, but
// it does every step the way the C program does: it scans all 64 squares of
// the 0x88 board for its own pieces, takes each piece's directions from
// steps[] (C's o[]) with C's own index arithmetic, and generates every move
// even where only recaptures count. search.go is the same search with
// shortcuts that change nothing but the speed; the flag -literal selects
// this one instead.
//
// The names are search's, so that the two can be read side by side; each
// variable's comment gives its letter in the C listing, and the comments on
// the right follow micro-Max's own, line by line. Where C's operator
// precedence or its ints-for-truth-values differ from Go's, a comment shows
// how the C expression groups (C's &, ^ and | bind more loosely than its
// comparisons, + and -, and evaluate both sides; && and || stop early).
//
// What micro-Max does not have is marked "not in micro-Max" or "hook":
//   - hook := e.hook: what watches the search (hook.go), or quietHook;
//   - hook.enter: a call begins (after the table lookup; the hook may have
//     it resume from scratch, without the table's move: an if of two lines);
//   - hook.iterate: an iteration begins;
//   - e.tell: a move is made (told to hook.move as a searchMove); what
//     watches may cut it or let it be searched (rule: micro-Max's
//     verdict, notPruned or ruleFutility);
//   - hook.newBest: the move gave a new best score;
//   - hook.iterated: an iteration ends (the hook may ask for it again);
//   - hook.leave: the call returns (at its end, and where the root returns
//     beta with the pending move made);
//   - e.pollStop(): every 4096 nodes, the code around the search may stop
//     it: it panics, and rootSearch puts the root position back;
//   - e.ctl.softStop at the root: the code around the search ends the
//     deepening as micro-Max's budget does;
//   - e.ctl.report at the root: the kibitz line, the printf that
//     micro-Max's listing has commented out;
//   - e.ctl.rootMove at the thinking root: each move searched, with its
//     score, for the best so far that a search stopped mid-iteration plays.
// Two switches choose micro-Max 4.0 where 4.1 differs: !e.futility in the
// futility test, and e.mateDepth() (98 in 4.1, 99 in 4.0) for a mate's depth.

// Beside itself it uses only micro-Max's globals (umax.go: the board, the
// Engine's fields, steps, pieceValue, key, the castling test), the hook
// (hook.go) and the table slot's load and store (hash.go);
// TestLiteralReadsUmax checks it.
//
// C keeps squares and pieces in chars, which wrap at 8 bits; here they are
// ints. The values they take stay in 0..127, except where a step leaves the
// board (the 0x88 test catches that at once, for the wrapped char as for the
// int) and in the table's best move, which is two bytes (uint8) here.
//
// D(k,q,l,e,J,Z,E,z,n) is searchLiteral(side, alpha, beta, eval, indexKey,
// lockKey, epSquare, lastTo, depth): a negamax search of the position with
// side to move, window (alpha, beta) and evaluation eval, with hash keys
// indexKey and lockKey, e.p. square epSquare and previous move's
// destination lastTo, to depth depth. It returns the score from side's
// view: exact inside the window, a lower bound >= beta on a fail high, an
// upper bound <= alpha on a fail low; near -infinity, side is mated. A
// score still below eval gets a point back (the delayed-loss bonus), so
// that a loss found later scores better than one found sooner.
func (e *Engine) searchLiteral(side, alpha, beta, eval int, indexKey, lockKey int32, epSquare, lastTo, depth int) int {
	var ( // C's int j,r,m,v,d,h,i,F,G,s,f; char t,p,u,x,y,X,Y,H,B;
		dir       int // j: index in steps[] of the current direction
		step      int // r: step vector of the current direction
		best      int // m: best score so far
		score     int // v: score of the current move
		iter      int // d: depth of the current iteration
		hashFirst int // h: 128 while the table's best move is tried first, else 0
		gain      int // i: material gained by the move (capture and promotion)
		passed    int // F: square the move passed over (castling rook's square, e.p. square), else 128
		rookFrom  int // G: castling rook's corner, else 128
		remaining int // s: depth left for the reply
		alphaNow  int // f: alpha raised to best
		victim    int // t: piece captured (or 0)
		kind      int // p: type of the moving piece
		piece     int // u: the moving piece
		from      int // x: from-square, scanning the board
		to        int // y: to-square, travelling along a ray
		bestFrom  int // X: best move's from-square (with bound flags in the table)
		bestTo    int // Y: best move's to-square, bit 7 set unless castling or double step
		captureSq int // H: square of the captured piece (differs from to for e.p.)
		firstSq   int // B: square where the board scan started
	)
	b := &e.board // b[]
	// a: look up the position in the hash table; C: a=A+(J+k*E&U-1)
	slot := &e.table[(indexKey+int32(side*epSquare))&e.tableMask]
	entry := slot.load() // (the entry's fields, C's a->D, a->V, a->X, a->Y, a->K)
	hook := e.hook       // (not in micro-Max: what watches the search)

	alpha-- // adjust the window: delay bonus

	iter, best = int(entry.depth), int(entry.score)   // resume at the stored depth,
	bestFrom, bestTo = int(entry.from), int(entry.to) // with the stored best move
	if entry.lock != lockKey ||                       // miss: another position, or empty,
		// or the bound is useless in this window; C: m<=q|X&8&&m>=l|X&S
		!((best <= alpha || bestFrom&8 != 0) && (best >= beta || bestFrom&noSquare != 0)) {
		iter, bestTo = 0, 0 // start the iterations from scratch
	}
	bestFrom &^= offBoard // start the scan at the best move's from-square (kept on a miss too)
	// (hook: a call begins, with the window as received; it may ask to resume from scratch,
	// and then without the table's move)
	if iter = hook.enter(side, alpha+1, beta, eval, lastTo, depth, iter, e.nodes); iter == 0 {
		bestTo = 0
	}

	for { // iterative deepening; C: W(d++<n||z==8&K==I&&(N<1e6&d<98||(K=X,L=Y&~M,d=2)))
		deeper := iter < depth // d<n
		iter++                 // d++
		if !deeper {
			if lastTo != 8 || e.pendingFrom != infinity {
				break // not the root thinking: done at the depth asked for
			}
			// root: deepen up to the time (softStop is not in micro-Max)
			if e.nodes+startNodes >= e.ctl.budget || iter >= 98 || e.ctl.softStop.Load() {
				e.pendingFrom, e.pendingTo = bestFrom, bestTo&^offBoard // time's up: go and do the best move,
				iter = 2                                                // as a pending move, searched at depth 2
			}
		}
		from = bestFrom               // x: start the scan at the previous best move
		firstSq = bestFrom            // B
		hashFirst = bestTo & noSquare // ask to try the best move first (not castling or double step)
		if iter > 1 {
			best = -infinity // nothing considered yet,
		} else {
			best = eval // except at depth 1 the static eval (standing pat)
		}
		e.nodes++    // node count (for timing)
		e.pollStop() // (not in micro-Max: a stop from outside)
		// (hook: an iteration begins, its scan to start at B with the table's move first)
		hook.iterate(iter, firstSq, bestTo, lastTo == 8 && e.pendingFrom == infinity, e.nodes)
	scan:
		for { // scan the board, looking for an own piece (inefficient!)
			piece = int(b[from]) // u
			if piece&side != 0 {
				kind = piece & 7     // p: the piece type
				step = kind          // r: anything but 0
				dir = steps[kind+16] // j: before the first step vector of this piece

				// Loop over the directions in steps[] (o[]); C: W(r=p>2&r<0?-r:-o[++j])
				for {
					if kind > 2 && step < 0 { // a piece (not a pawn) takes each step negated, then as is
						step = -step
					} else {
						dir++
						step = -steps[dir]
					}
					if step == 0 {
						break // end of this piece's list
					}
				ray: // C's label A: resume the normal scan after the best move
					to = from                             // y: (x,y) is the move,
					passed, rookFrom = noSquare, noSquare // (F,G) the castling rook's new and old square

					// to travels along the ray, or:
					for {
						if hashFirst != 0 {
							to = bestTo ^ hashFirst // sneak in the previous best move
						} else {
							to += step
						}
						captureSq = to // H
						if to&offBoard != 0 {
							break // the board's edge is hit
						}
						// C: E-S&b[E]&&y-E<2&E-y<2
						if (epSquare-noSquare)&int(b[epSquare]) != 0 && to-epSquare < 2 && epSquare-to < 2 {
							best = infinity // bad castling: the king's square or the one it passed is attacked
						}
						if kind < 3 && to == epSquare {
							captureSq ^= 16 // shift the capture square H if e.p.
						}
						victim = int(b[captureSq]) // t
						// capture of an own piece, or a pawn move of the wrong mode (straight onto a
						// piece, diagonal to an empty square); C: t&k|p<3&!(y-x&7)-!t
						if victim&side != 0 || kind < 3 && ((to-from)&7 == 0) != (victim == 0) {
							break
						}
						gain = 99 * pieceValue[victim&7] // value of the captured piece t
						if gain < 0 {
							best = infinity // a king capture
						}
						if best >= beta {
							break scan // abort on a fail high; C: goto C
						}

						remaining = iter - b2i(to != lastTo) // s: remaining depth (recaptures keep it)
						if remaining != 0 {
							score = 0 // v
							if kind < 6 {
								score = int(b[from+8]) - int(b[to+8]) // centre positional points
							}
							b[from] = 0 // do the move,
							b[captureSq] = 0
							b[rookFrom] = 0
							b[to] = int8(piece | movedBit) // set non-virgin (the "moved" bit)
							if rookFrom&offBoard == 0 {    // castling: put the rook and score it
								b[passed] = int8(side + 6)
								score += 30
							}
							if kind < 3 { // pawns:
								// structure: undefended squares plus bias
								score -= 9 * (b2i((from-2)&offBoard != 0 || int(b[from-2]) != piece) +
									b2i((from+2)&offBoard != 0 || int(b[from+2]) != piece) - 1)
								if (to+step+1)&noSquare != 0 { // promote (off the back rank: bit 7 set)
									b[to] |= 7
									gain += promoGain
								}
							}
							score += eval + gain // the new evaluation
							alphaNow = alpha     // f: and alpha
							if best > alpha {
								alphaNow = best
							}
							rule := notPruned // (what cut the move, named for the hook)
							// C: s>1|v>f (futility, 4.1; e.futility false: 4.0)
							if !(remaining > 1 || score > alphaNow || !e.futility) {
								rule = ruleFutility
							}
							// (hook: the move, made; what watches may cut it)
							rule, score = e.tell(searchMove{side: side, root: lastTo == 8, iter: iter,
								remaining: remaining, from: from, to: to, piece: piece, newPiece: int(b[to]),
								victim: victim, captureSq: captureSq, rookFrom: rookFrom, passed: passed,
								gain: gain, score: score, alphaNow: alphaNow, beta: beta,
								tableMove: hashFirst != 0, rule: rule, made: true, indexKey: indexKey, lockKey: lockKey})
							if rule == notPruned {
								// The keys of the new position, C's J+J(0) and Z+J(8)+G-S: J(A) adds the
								// key of the piece now on to and takes off those of the piece that left
								// from and the one captured on captureSq; castling adds G-S to Z.
								newIndex := indexKey + key(to, int(b[to])) - key(from, piece) - key(captureSq, victim)
								newLock := lockKey + key(to+8, int(b[to])) - key(from+8, piece) -
									key(captureSq+8, victim) + int32(rookFrom-noSquare)
								// recursive eval. of the reply
								score = -e.searchLiteral(24-side, -beta, -alphaNow, -score, newIndex, newLock,
									passed, to, remaining)
							} // or fail low if futile
							if lastTo&8 != 0 && e.pendingFrom != infinity { // a move pending: check it is legal
								// if the move is found at the root and not in check, signal it (Q=-e-i; O=F),
								if score != -infinity && from == e.pendingFrom && to == e.pendingTo {
									e.eval, e.epSquare = -eval-gain, passed
									hook.leave(best, beta, e.nodes) // (hook: the call returns)
									return beta                     // leaving the move made
								}
								score = best // (prevent fail-lows on K-capt. replies)
							} else if lastTo&8 != 0 && rule == notPruned && e.ctl.rootMove != nil {
								e.ctl.rootMove(iter, from, to, score) // (not in micro-Max: the thinking root tells its move)
							}
							b[rookFrom] = int8(side + 6) // undo the move (G can be the dummy)
							b[to] = 0
							b[passed] = 0
							b[from] = int8(piece)
							b[captureSq] = int8(victim)
							if score > best { // a new best: update max and best move,
								hook.newBest() // (hook: a new best)
								// bit 7 (S) set unless a double step or castling; C: Y=y|S&F
								best, bestFrom, bestTo = score, from, to|noSquare&passed
							}
							if hashFirst != 0 { // redo after doing the old best move
								hashFirst = 0
								goto ray
							}
						}
						// Does the ray go on? A slider's does, until it captures. A pawn's or a
						// king's goes on only from the first step of an unmoved piece: a pawn's
						// double step, or castling, a king's sideways step towards an unmoved
						// rook with two empty squares beside it; passed records the square passed.
						// Every other move fakes a capture to end the ray. The C is
						// if(x+r-y|u&32|p>2&(p-4|j-7||b[G=x+3^r>>1&7]-k-6||b[G^1]|b[G^2]))t+=p<5;else F=y;
						// and since C's | evaluates all its operands, G is set whenever p==4 and j==7.
						noCastling := kind != 4 || dir != 7 // no lateral king move,
						if !noCastling {
							rookFrom = castlingCorner(from, step) // G=x+3^r>>1&7: the corner on this side (umax.go)
							// no virgin rook in it, or not 2 empty squares next to it
							noCastling = !rookReady(b, rookFrom, side)
						}
						// not the 1st step, moved before, not a pawn and no castling:
						if to != from+step || piece&movedBit != 0 || kind > 2 && noCastling {
							victim += b2i(kind < 5) // fake a capture for a non-slider
						} else {
							passed = to // enable e.p. (and castling)
						}
						if victim != 0 {
							break // a capture, real or fake, ends the ray; C: W(!t)
						}
					}
				}
			}
			from = (from + 9) &^ offBoard // next square of the board, wrapping round
			if from == firstSq {
				break // round the board, back at B
			}
		}
		// C's label C:
		if best > infinity-offBoard || best < offBoard-infinity {
			iter = e.mateDepth() // a mate holds to any depth (98; 4.0: 99)
		}
		if best == -infinity { // the best move loses the king: (stale)mate
			// mate if the other side can take the king now, else stalemate (0)
			best = -e.searchLiteral(24-side, -infinity, infinity, 0, indexKey, lockKey, noSquare, noSquare, 1)
		}
		slot.store(hashEntry{ // always store in the hash table
			lock:  lockKey,
			score: int32(best),
			from:  uint8(bestFrom | 8*b2i(best > alpha) | noSquare*b2i(best < beta)), // the move, and the type of bound
			to:    uint8(bestTo),                                                     //   in X's bits 3 and 7
			depth: int8(iter),
		})
		if lastTo == 8 && e.ctl.report != nil { // the root's kibitz line
			e.ctl.report(iter-1, e.nodes, best, bestFrom, bestTo)
		}
		if hook.iterated(best, e.nodes) { // (hook: the iteration ends)
			iter-- // (the hook asks for it again)
		}
	}
	hook.leave(best, best+b2i(best < eval), e.nodes) // (hook: the call returns)
	return best + b2i(best < eval)                   // delayed-loss bonus
}
