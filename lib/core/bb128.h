/* libboardgames — 128-bit square sets for boards of up to 128 squares (xiangqi, janggi, lion chess, shogi family). */
#ifndef BG_BB128_H
#define BG_BB128_H

#include <stdint.h>

/*
** A bb128 holds one bit per square, square s = bit s. Where the compiler has a native 128-bit
** integer it is used (two registers, carries done by the hardware); elsewhere a pair of 64-bit
** words with the same inline API. Game code uses only the functions below, never the
** representation, so both builds behave the same. Bits at or above the board's square count are
** never set by these functions unless the caller shifts them in; callers mask after shifts.
**
** BB128_C(lo, hi) is a constant initializer for generated tables.
*/
#if defined(__SIZEOF_INT128__) && !defined(BB128_PORTABLE)

typedef unsigned __int128 bb128;
#define BB128_C(lo, hi) ((((bb128)(uint64_t)(hi)) << 64) | (bb128)(uint64_t)(lo))

static inline bb128 bb_make(uint64_t lo, uint64_t hi) { return ((bb128)hi << 64) | lo; }
static inline uint64_t bb_lo(bb128 b) { return (uint64_t)b; }
static inline uint64_t bb_hi(bb128 b) { return (uint64_t)(b >> 64); }
static inline bb128 bb_and(bb128 a, bb128 b) { return a & b; }
static inline bb128 bb_or(bb128 a, bb128 b) { return a | b; }
static inline bb128 bb_xor(bb128 a, bb128 b) { return a ^ b; }
static inline bb128 bb_andnot(bb128 a, bb128 b) { return a & ~b; }
static inline bb128 bb_shl(bb128 a, int n) { return a << n; }
static inline bb128 bb_shr(bb128 a, int n) { return a >> n; }
static inline int bb_eq(bb128 a, bb128 b) { return a == b; }
static inline bb128 bb_clear_lsb(bb128 a) { return a & (a - 1); }

#else

typedef struct bb128 {
    uint64_t lo, hi;
} bb128;
#define BB128_C(l, h) {(uint64_t)(l), (uint64_t)(h)}

static inline bb128 bb_make(uint64_t lo, uint64_t hi)
{
    bb128 r = {lo, hi};
    return r;
}
static inline uint64_t bb_lo(bb128 b) { return b.lo; }
static inline uint64_t bb_hi(bb128 b) { return b.hi; }
static inline bb128 bb_and(bb128 a, bb128 b) { return bb_make(a.lo & b.lo, a.hi & b.hi); }
static inline bb128 bb_or(bb128 a, bb128 b) { return bb_make(a.lo | b.lo, a.hi | b.hi); }
static inline bb128 bb_xor(bb128 a, bb128 b) { return bb_make(a.lo ^ b.lo, a.hi ^ b.hi); }
static inline bb128 bb_andnot(bb128 a, bb128 b) { return bb_make(a.lo & ~b.lo, a.hi & ~b.hi); }
static inline bb128 bb_shl(bb128 a, int n)
{
    if (n == 0)
        return a;
    if (n >= 64)
        return bb_make(0, a.lo << (n - 64));
    return bb_make(a.lo << n, (a.hi << n) | (a.lo >> (64 - n)));
}
static inline bb128 bb_shr(bb128 a, int n)
{
    if (n == 0)
        return a;
    if (n >= 64)
        return bb_make(a.hi >> (n - 64), 0);
    return bb_make((a.lo >> n) | (a.hi << (64 - n)), a.hi >> n);
}
static inline int bb_eq(bb128 a, bb128 b) { return a.lo == b.lo && a.hi == b.hi; }
static inline bb128 bb_clear_lsb(bb128 a)
{
    return a.lo ? bb_make(a.lo & (a.lo - 1), a.hi) : bb_make(0, a.hi & (a.hi - 1));
}

#endif

/* Representation-independent helpers. */
static inline bb128 bb_zero(void) { return bb_make(0, 0); }
static inline bb128 bb_sq(int s) { return s < 64 ? bb_make((uint64_t)1 << s, 0) : bb_make(0, (uint64_t)1 << (s - 64)); }
static inline int bb_any(bb128 b) { return (bb_lo(b) | bb_hi(b)) != 0; }
static inline int bb_none(bb128 b) { return (bb_lo(b) | bb_hi(b)) == 0; }
static inline int bb_test(bb128 b, int s)
{
    return s < 64 ? (int)((bb_lo(b) >> s) & 1) : (int)((bb_hi(b) >> (s - 64)) & 1);
}
static inline bb128 bb_set(bb128 b, int s) { return bb_or(b, bb_sq(s)); }
static inline bb128 bb_reset(bb128 b, int s) { return bb_andnot(b, bb_sq(s)); }
/* Lowest / highest square of a non-empty set. */
static inline int bb_lsb(bb128 b)
{
    uint64_t lo = bb_lo(b);
    return lo ? __builtin_ctzll(lo) : 64 + __builtin_ctzll(bb_hi(b));
}
static inline int bb_msb(bb128 b)
{
    uint64_t hi = bb_hi(b);
    return hi ? 127 - __builtin_clzll(hi) : 63 - __builtin_clzll(bb_lo(b));
}
/* Remove and return the lowest square of a non-empty set. */
static inline int bb_pop_lsb(bb128 *b)
{
    int s = bb_lsb(*b);
    *b = bb_clear_lsb(*b);
    return s;
}
static inline int bb_popcount(bb128 b)
{
    return __builtin_popcountll(bb_lo(b)) + __builtin_popcountll(bb_hi(b));
}
static inline int bb_more_than_one(bb128 b) { return bb_any(bb_clear_lsb(b)); }

#endif
