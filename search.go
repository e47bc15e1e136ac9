package main

import "math/bits"

// search is micro-Max's D(k,q,l,e,J,Z,E,z,n), with searchLiteral's
// arguments and result (search_literal.go): the same tree, node for node,
// and the same output (TestLiteralGolden). Read the literal search first.
//
// Inside every node it deepens from the depth the table already holds to
// depth (internal iterative deepening), trying the table's best move first.
// At depth 1 it searches only recaptures on lastTo: its quiescence search.
// At the root (lastTo == 8) it goes on deepening while the node budget
// lasts, and then plays its best move by searching it once more as the
// pending move; a pending move is played by returning beta with the move
// left made on the board.
//
// How it differs from the literal search, each difference tagged [n] where
// it is coded, and why (the figures: doc/speed.md, "The fast search's
// differences"). None changes a move, its order or a score.
//
//  1. Piece sets: it visits only its own pieces' squares (e.pieces,
//     pieces.go), in micro-Max's scan order from firstSq round again. With
//     [2]: a third of the literal search's instructions.
//  2. The quiet path: a depth-1 iteration that cannot stand pat acts only on
//     recaptures on lastTo and king captures, so it visits only the pieces
//     that make them (attackers) and only those moves, in micro-Max's
//     direction order (quietCaptures). With [1], above.
//  3. The re-entry: when such a recapture raises best to beta, micro-Max
//     stops only at the next move it generates, after testing whether that
//     move captures the king (score infinity). So the quiet path turns back
//     into the full scan from the move after the recapture on, and that
//     next move fails high as in C, with C's score. It keeps [2] exact.
//  4. Evaluate first: the new evaluation is computed from the board before
//     the move, and a move whose reply is not searched is never made (but
//     for the root's pending move): 80% of the moves at depth 2.
//  5. kindSteps: each type's directions come ready from kindSteps, where C
//     walks o[] with j; castling is tested by the step (-1 or 1,
//     continuesRay) where C tests j==7. Not measured separately.
//  6. The ray's end: a capture ends it, and a pawn, knight or king goes on
//     only into a double step or castling (continuesRay), where C fakes a
//     capture (t+=p<5). Not measured separately; continuesRay not inlined
//     would cost 4% more instructions.
//  7. Prefetch: in iterations of depth 3 or more the children's table slots
//     are fetched together (prefetchChildren), so that the misses overlap:
//     -bench 2.98 s, not 4.18 s.
//  8. Keys: the children's keys come from pieceKeys (moveKeys), not from
//     each key's byte offset (key). Not measured separately.
//  9. Hoisting, uint8: what depends only on the node (the castling test, the
//     e.p. test, the pending check, the squares to recapture on and of the
//     king) is computed once; the board is indexed by uint8, unchecked.
//     Not measured separately.
//  10. Named rules: board.go's captureSquare, cannotMove, promotes (by the
//     rank, where C tests y+r+1&S), castled and continuesRay: each rule
//     written once, inlined.
//  11. The hook: called only while something watches (e.hook != nil), and
//     told of a move before it is made (searchMove.made false): the
//     default search pays one test a point.
//  12. King squares: the kings' squares are kept (e.kings, pieces.go), so
//     that the quiet path finds the pieces that capture the king without a
//     scan of the board (attackers). Not measured separately.
func (e *Engine) search(side, alpha, beta, eval int, indexKey, lockKey int32, epSquare, lastTo, depth int) int {
	var (
		dir       int // j: index into kindSteps[kind] of the current direction [5]
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
		rayStart  int // square a ray starts from: from, or in quiet iterations the square before the target
	)
	b := &e.board
	us, them := side>>4, 1-side>>4                 // colour indices of pieces and kings [1]
	index := e.slotIndex(indexKey, side, epSquare) // the position's slot
	entry := e.table[index].load()                 // look up the position

	alpha-- // make room for the delayed-loss bonus
	iter, best = int(entry.depth), int(entry.score)
	bestFrom, bestTo = int(entry.from), int(entry.to)
	if entry.lock != lockKey || // another position (or empty)
		!((best <= alpha || bestFrom&8 != 0) && (best >= beta || bestFrom&noSquare != 0)) { // bound useless in this window
		iter, bestTo = 0, 0 // iterate from scratch (the entry's from-square still starts the scan)
	}
	bestFrom &^= offBoard // the hint where the scan starts
	if e.hook != nil {    // [11]
		if iter = e.hook.enter(side, alpha+1, beta, eval, lastTo, depth, iter, e.nodes); iter == 0 { // the hook may resume from scratch
			bestTo = 0
		}
	}

	// The castling test below (castled) depends only on the node's board. [9]
	afterCastling := castled(b, epSquare)
	// The depth-1 shortcut needs an e.p. square that no capture lands on. [2]
	plainEP := epSquare == noSquare || b[uint8(epSquare)] == 0

	for { // iterative deepening: C's W(d++<n||z==8&K==I&&(N<1e6&d<98||(K=X,L=Y&~M,d=2)))
		deeper := iter < depth // d<n
		iter++                 // d++
		if !deeper {
			if lastTo != 8 || e.pendingFrom != infinity {
				break // not the root thinking: done at the depth asked for
			}
			if e.nodes+startNodes >= e.ctl.budget || iter >= 98 || e.ctl.softStop.Load() { // root: budget spent, play the best move
				e.pendingFrom, e.pendingTo = bestFrom, bestTo&^offBoard
				iter = 2
			}
		}
		firstSq = bestFrom            // scan starts at the best move's piece
		hashFirst = bestTo & noSquare // try the best move first (not castling or double step)
		if iter > 1 {
			best = -infinity
		} else {
			best = eval // depth 1: standing pat on the evaluation
		}
		e.nodes++
		e.pollStop()
		if e.hook != nil { // [11]
			e.hook.iterate(iter, firstSq, bestTo, lastTo == 8 && e.pendingFrom == infinity, e.nodes)
		}
		atRoot := lastTo&8 != 0                            // [9]
		rootPending := atRoot && e.pendingFrom != infinity // the root checking a move [9]
		// A depth-1 iteration that cannot stand pat (best < beta) acts only on
		// recaptures on lastTo and on king captures: every other move it
		// generates is not made and changes nothing. Only those are visited. [2]
		quiet := iter == 1 && best < beta && hashFirst == 0 && plainEP && !afterCastling
		if iter > 2 && hashFirst == 0 { // every move will be searched, unless one fails high [7]
			e.prefetchChildren(side, indexKey) // only reads: the moves and their order stay the same
		}
		recaptureSq := lastTo // [9]
		if lastTo&offBoard != 0 {
			recaptureSq = -1 // root or stalemate probe: nothing to recapture
		}
		kingSq := e.kings[them] // [12]
		if kingSq&offBoard != 0 {
			kingSq = -1
		}

		// The squares of own pieces, from firstSq on in scan order and round
		// again: the board scan of micro-Max, without the empty squares. [1]
		// A quiet iteration visits only the pieces that capture on the
		// squares it acts on. [2]
		start := bitIndex(firstSq)
		own := e.pieces[us]
		var recapturers, kingAttackers uint64
		if quiet {
			recapturers, kingAttackers = e.attackers(recaptureSq, side), e.attackers(kingSq, side)
		}
	squares:
		for round := 0; round < 2; round++ {
			ahead := ^uint64(0) << start // round 0: from firstSq on; round 1: the squares before it
			if round == 1 {
				ahead = ^ahead
			}
			left := own & ahead
			if quiet {
				left &= recapturers | kingAttackers
			}
			for ; left != 0; left &= left - 1 {
				sq := bits.TrailingZeros64(left)
				from = squareOf(sq)
				piece = int(b[uint8(from)])
				kind = piece & 7
				list := &kindSteps[kind] // [5]
				var captures [2]quietCapture
				n := 0
				if quiet {
					n = quietCaptures(from, kind, recaptureSq, kingSq, recapturers, kingAttackers, &captures)
				}
				for dir = 0; ; dir++ { // directions
					if quiet {
						if dir == n {
							break
						}
						step = list[captures[dir].dir]
						rayStart = captures[dir].target - step // the ray's next step lands on the target [2]
					} else {
						step = list[dir]
						if step == 0 {
							break
						}
						rayStart = from
					}
				ray:
					to = rayStart
					passed, rookFrom = noSquare, noSquare
					for { // along the ray
						if hashFirst != 0 {
							to = bestTo ^ hashFirst // sneak in the best move
						} else {
							to += step
						}
						if to&offBoard != 0 {
							break // off the board
						}
						if afterCastling && to-epSquare < 2 && epSquare-to < 2 { // [9]
							best = infinity // the king castled out of or through check
						}
						captureSq = captureSquare(kind, to, epSquare) // to, or behind it for e.p. [10]
						victim = int(b[uint8(captureSq)])
						if cannotMove(side, kind, from, to, victim) {
							break // own piece, or pawn pushing into a piece or capturing nothing [10]
						}
						gain = 99 * pieceValue[victim&7]
						if gain < 0 {
							best = infinity // the king can be captured
						}
						if best >= beta {
							break squares // fail high
						}
						remaining = iter - b2i(to != lastTo) // recaptures keep the depth
						if remaining != 0 {
							// The new evaluation, from the board before the move (the
							// squares it reads are none the move changes). [4]
							score = 0
							if kind < 6 {
								score = int(b[uint8(from+8)]) - int(b[uint8(to+8)]) // centre table
							}
							if rookFrom&offBoard == 0 {
								score += 30 // castling
							}
							newPiece := piece | movedBit // the piece on to after the move
							if kind < 3 {                // pawn structure: own pawns two files away, minus one
								score -= 9 * (b2i((from-2)&offBoard != 0 || int(b[uint8(from-2)]) != piece) +
									b2i((from+2)&offBoard != 0 || int(b[uint8(from+2)]) != piece) - 1)
								if promotes(kind, to) { // always to a queen [10]
									newPiece |= 7
									gain += promoGain
								}
							}
							score += eval + gain
							alphaNow = alpha
							if best > alpha {
								alphaNow = best
							}
							// Futility pruning: with one ply left, a move whose new
							// evaluation cannot beat alpha is not searched; the reply
							// would stand pat and fail high, the move fail low.
							rule := notPruned
							if remaining <= 1 && score <= alphaNow && e.futility {
								rule = ruleFutility
							}
							if e.hook != nil { // what watches may decide [11]
								rule, score = e.tell(searchMove{side: side, root: lastTo == 8, iter: iter, remaining: remaining,
									from: from, to: to, piece: piece, newPiece: newPiece, victim: victim, captureSq: captureSq,
									rookFrom: rookFrom, passed: passed, gain: gain, score: score, alphaNow: alphaNow, beta: beta,
									tableMove: hashFirst != 0, rule: rule, indexKey: indexKey, lockKey: lockKey}) // the board as before the move
							}
							if rule == notPruned || rootPending { // a move not searched needs no board [4]
								b[uint8(rookFrom)], b[uint8(captureSq)], b[uint8(from)] = 0, 0, 0 // make the move
								b[uint8(to)] = int8(newPiece)
								e.pieces[us] ^= bit(from) | bit(to) // [1]
								if victim != 0 {
									e.pieces[them] ^= bit(captureSq)
								}
								if rookFrom&offBoard == 0 { // castling: place the rook
									b[uint8(passed)] = int8(side + 6)
									e.pieces[us] ^= bit(rookFrom) | bit(passed)
								}
								if kind == 4 {
									e.kings[us] = to // [12]
								}
								if rule == notPruned {
									newIndex, newLock := moveKeys( // [8]
										indexKey, lockKey, from, to, captureSq, piece, newPiece, victim, rookFrom)
									score = -e.search(24-side, -beta, -alphaNow, -score, newIndex, newLock, passed, to, remaining)
								}
								if atRoot { // the root checks its pending move, or tells each move searched [9]
									if rootPending {
										if score != -infinity && from == e.pendingFrom && to == e.pendingTo {
											if e.hook != nil { // [11]
												e.hook.leave(best, beta, e.nodes)
											}
											e.eval, e.epSquare = -eval-gain, passed // legal: leave it made
											return beta
										}
										score = best // prevent fail-lows on king-capture replies
									} else if e.ctl.rootMove != nil {
										e.ctl.rootMove(iter, from, to, score)
									}
								}
								b[uint8(rookFrom)] = int8(side + 6) // unmake (rookFrom may be the dummy)
								b[uint8(passed)], b[uint8(to)] = 0, 0
								b[uint8(from)] = int8(piece)
								b[uint8(captureSq)] = int8(victim)
								// the square sets flip back the bits the move flipped (written
								// out here: as a function the Go compiler would not inline it) [1]
								e.pieces[us] ^= bit(from) | bit(to)
								if victim != 0 {
									e.pieces[them] ^= bit(captureSq)
								}
								if rookFrom&offBoard == 0 {
									e.pieces[us] ^= bit(rookFrom) | bit(passed)
								}
								if kind == 4 {
									e.kings[us] = from
								}
							}
							if score > best {
								if e.hook != nil { // [11]
									e.hook.newBest()
								}
								best, bestFrom, bestTo = score, from, to|noSquare&passed
							}
							if hashFirst != 0 { // done the best move: start the normal scan
								hashFirst = 0
								if iter > 2 && best < beta { // the best move did not fail high [7]
									e.prefetchChildren(side, indexKey) // only reads: the moves and their order stay the same
								}
								goto ray
							}
							if quiet && best >= beta {
								// micro-Max cuts off at the next move it generates, which may
								// capture the king: generate all moves again from here on. [3]
								quiet = false
								dir = captures[dir].dir
								left = own & ahead &^ (1<<sq - 1) // every own piece from this one on
							}
						}
						if victim != 0 {
							break // a capture ends the ray [6]
						}
						if kind < 5 { // a slider goes on; a pawn, knight or king only into a double step or castling [6]
							if !continuesRay(b, from, to, step, piece) {
								break
							}
							passed = to // the square passed (the e.p. square, the castled rook's)
							if kind == 4 {
								rookFrom = castlingCorner(from, step)
							}
						}
					}
				}
			}
		}
		if best > infinity-offBoard || best < offBoard-infinity {
			iter = e.mateDepth() // a mate holds at any depth
		}
		if best == -infinity { // every move loses the king: mate, or stalemate if not in check
			best = -e.search(24-side, -infinity, infinity, 0, indexKey, lockKey, noSquare, noSquare, 1)
		}
		e.table[index].store(hashEntry{ // always store the result
			lock:  lockKey,
			score: int32(best),
			from:  uint8(bestFrom | 8*b2i(best > alpha) | noSquare*b2i(best < beta)), // best move, bound flags
			to:    uint8(bestTo),
			depth: int8(iter),
		})
		if lastTo == 8 && e.ctl.report != nil {
			e.ctl.report(iter-1, e.nodes, best, bestFrom, bestTo)
		}
		if e.hook != nil { // [11]
			if e.hook.iterated(best, e.nodes) {
				iter-- // the hook asks for the iteration again
			}
		}
	}
	if e.hook != nil { // [11]
		e.hook.leave(best, best+b2i(best < eval), e.nodes)
	}
	return best + b2i(best < eval)
}
