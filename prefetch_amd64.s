#include "textflag.h"

// func prefetchSlots(slots *[256]*hashSlot, n int)
TEXT ·prefetchSlots(SB), NOSPLIT, $0-16
	MOVQ slots+0(FP), SI
	MOVQ n+8(FP), CX
	TESTQ CX, CX
	JLE done
loop:
	MOVQ (SI), AX
	PREFETCHT0 (AX)
	ADDQ $8, SI
	DECQ CX
	JNZ loop
done:
	RET
