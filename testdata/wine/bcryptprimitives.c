/* Test-only, never shipped: Debian 12's Wine 8.0 lacks bcryptprimitives.dll, whose ProcessPrng a Go program needs to start. */
#include <windows.h>

BOOLEAN WINAPI SystemFunction036(PVOID buffer, ULONG length); /* advapi32's RtlGenRandom */

/* ProcessPrng fills data with size random bytes, at most a ULONG's worth at a time. */
__declspec(dllexport) BOOL WINAPI ProcessPrng(PBYTE data, SIZE_T size)
{
	while (size > 0) {
		ULONG chunk = size > 0x40000000 ? 0x40000000 : (ULONG)size;
		if (!SystemFunction036(data, chunk))
			return FALSE;
		data += chunk;
		size -= chunk;
	}
	return TRUE;
}
