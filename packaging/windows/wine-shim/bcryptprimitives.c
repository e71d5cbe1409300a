/* Test-only: never shipped. Rust's standard library takes its random numbers from
 * ProcessPrng in bcryptprimitives.dll (Windows 10 and later). Debian's Wine 8 has no such DLL,
 * so a Rust program does not start there. Placed next to an .exe under test, this DLL gives
 * ProcessPrng from RtlGenRandom (advapi32's SystemFunction036), which Wine has.
 * Built by packaging/windows/wine-check.sh with mingw. */
#include <windows.h>

BOOLEAN WINAPI SystemFunction036(PVOID buffer, ULONG length);

BOOL WINAPI ProcessPrng(PBYTE data, SIZE_T length)
{
    while (length > 0) {
        ULONG part = length > 0x10000000 ? 0x10000000 : (ULONG)length;
        if (!SystemFunction036(data, part))
            return FALSE;
        data += part;
        length -= part;
    }
    return TRUE;
}
