// The radix-4 Stockham FFT of PowerOfTwoPlan on four lanes of doubles with fused multiply-add,
// for CPUs with AVX2 and FMA (every x86-64 since 2013-2015). The same algorithm as the portable
// Swift kernel (StockhamKernel.swift): natural order in and out, no bit reversal, a radix-8 last
// pass when log2 n is odd, no copy in or out. What differs is the layout between passes, which
// is plain split (real parts, then imaginary parts), because four lanes fit it better:
//
// Pass of stride s with m = n/(4s) groups: for p < m, q < s the points x[q + s(p + k*m)],
// k = 0..3, go through a 4-point DFT; output j is multiplied by W^(j*p*s) (W = exp(-2*pi*i/n))
// and stored at y[q + s(4p + j)].
// - First pass (s = 1): the lanes are groups p..p+3, read as vectors straight from the caller's
//   layout; each group's four outputs are consecutive, so the four output vectors are
//   transposed (4x4) before they are stored. Its twiddles differ per lane: a vector table.
// - Middle passes (s >= 4): the lanes are q..q+3 of one group, so inputs and outputs are whole
//   vectors and the group's three twiddles are broadcast. Group 0's twiddles are 1 and skipped.
// - Last pass (m = 1): no twiddles; radix 4 (s = n/4) or radix 8 (s = n/8), lanes q..q+3,
//   writing the caller's split arrays.
//
// A twiddled butterfly of 4 lanes is 16 additions, 6 multiplications and 6 FMAs: where the SSE2
// kernel spends 22 additions per two lanes, this one spends 16 per four and moves the complex
// multiplications' additions into the FMA units.

#include "CVectorFFT.h"

/// log2 of the last pass's radix: 2 when log2 n is even, 3 when odd.
static int last_log2(size_t n) { return (__builtin_ctzl(n) & 1) ? 3 : 2; }

size_t vfft_avx2_twiddle_count(size_t n) {
    size_t last_radix = (size_t)1 << last_log2(n);
    size_t count = 6 * (n / 4);  // the first pass: 3 complex twiddles per group
    for (size_t s = 4; n / s >= 4 * last_radix; s *= 4) count += 6 * (n / (4 * s));
    return count;
}

void vfft_avx2_twiddles(size_t n, const double *real, const double *imaginary, double *out) {
    // First pass: per four groups p..p+3, for j = 1, 2, 3, the real parts of W^(j*p) of the four
    // groups, then their imaginary parts (24 doubles).
    size_t m = n / 4;
    for (size_t p = 0; p < m; p += 4) {
        for (size_t j = 1; j <= 3; j++) {
            for (size_t l = 0; l < 4; l++) *out++ = real[j * (p + l)];
            for (size_t l = 0; l < 4; l++) *out++ = imaginary[j * (p + l)];
        }
    }
    // Middle passes: per group p, for j = 1, 2, 3, the real and imaginary part of W^(j*p*s).
    size_t last_radix = (size_t)1 << last_log2(n);
    for (size_t s = 4; n / s >= 4 * last_radix; s *= 4) {
        for (size_t p = 0; p < n / (4 * s); p++) {
            for (size_t j = 1; j <= 3; j++) {
                *out++ = real[j * p * s];
                *out++ = imaginary[j * p * s];
            }
        }
    }
}

#if defined(__x86_64__)

#include <cpuid.h>
#include <immintrin.h>

int vfft_avx2_available(void) {
    unsigned a, b, c, d;
    if (!__get_cpuid(1, &a, &b, &c, &d)) return 0;
    const unsigned fma = 1u << 12, osxsave = 1u << 27, avx = 1u << 28;
    if ((c & fma) == 0 || (c & osxsave) == 0 || (c & avx) == 0) return 0;
    // XCR0 bits 1 and 2: the OS saves the SSE and the upper halves of the AVX registers.
    unsigned lo, hi;
    __asm__ volatile("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
    (void)hi;
    if ((lo & 6) != 6) return 0;
    if (!__get_cpuid_count(7, 0, &a, &b, &c, &d)) return 0;
    return (b & (1u << 5)) != 0;  // AVX2
}

#define VFFT_INLINE static inline __attribute__((always_inline, target("avx2,fma")))
#define VFFT_TARGET __attribute__((target("avx2,fma")))

typedef __m256d V;

/// The outputs of a 4-point DFT on four lanes: (r0, i0) ... (r3, i3).
typedef struct {
    V r0, i0, r1, i1, r2, i2, r3, i3;
} Quad;

VFFT_INLINE V ld(const double *p) { return _mm256_loadu_pd(p); }
VFFT_INLINE void st(double *p, V v) { _mm256_storeu_pd(p, v); }

/// The 4-point DFT of a, b, c, d (a quarter of the length apart).
VFFT_INLINE Quad dft4(V ar, V ai, V br, V bi, V cr, V ci, V dr, V di) {
    V apcr = ar + cr, apci = ai + ci, amcr = ar - cr, amci = ai - ci;
    V bpdr = br + dr, bpdi = bi + di, bmdr = br - dr, bmdi = bi - di;
    // y1 = (a - c) - i(b - d), y3 = (a - c) + i(b - d)
    Quad y = {apcr + bpdr, apci + bpdi, amcr + bmdi, amci - bmdr, apcr - bpdr, apci - bpdi, amcr - bmdi, amci + bmdr};
    return y;
}

/// (xr + i*xi) *= (wr + i*wi): two multiplications and two FMAs.
VFFT_INLINE void cmul(V *xr, V *xi, V wr, V wi) {
    V r = _mm256_fmsub_pd(*xr, wr, *xi * wi);
    V i = _mm256_fmadd_pd(*xr, wi, *xi * wr);
    *xr = r;
    *xi = i;
}

/// Stores rows r0..r3 (lanes = four groups) as four consecutive vectors, one per group: the 4x4
/// transpose of the first pass.
VFFT_INLINE void store_transposed(double *y, V r0, V r1, V r2, V r3) {
    V t0 = _mm256_unpacklo_pd(r0, r1), t1 = _mm256_unpackhi_pd(r0, r1);
    V t2 = _mm256_unpacklo_pd(r2, r3), t3 = _mm256_unpackhi_pd(r2, r3);
    st(y, _mm256_permute2f128_pd(t0, t2, 0x20));
    st(y + 4, _mm256_permute2f128_pd(t1, t3, 0x20));
    st(y + 8, _mm256_permute2f128_pd(t0, t2, 0x31));
    st(y + 12, _mm256_permute2f128_pd(t1, t3, 0x31));
}

/// Points k..k+3 of the source: split arrays, or interleaved pairs de-interleaved.
VFFT_INLINE void load_points(int interleaved, const double *sr, const double *si, const double *x, size_t k, V *r, V *i) {
    if (interleaved) {
        V a = ld(x + 2 * k), b = ld(x + 2 * k + 4);  // r0 i0 r1 i1, r2 i2 r3 i3
        *r = _mm256_permute4x64_pd(_mm256_unpacklo_pd(a, b), 0xD8);
        *i = _mm256_permute4x64_pd(_mm256_unpackhi_pd(a, b), 0xD8);
    } else {
        *r = ld(sr + k);
        *i = ld(si + k);
    }
}

/// The first pass (s = 1, m = n/4) from the source into (yr, yi).
VFFT_INLINE void first_pass(
    size_t n, int interleaved, const double *sr, const double *si, const double *x, double *yr, double *yi,
    const double *tw) {
    size_t m = n >> 2;
    for (size_t p = 0; p < m; p += 4, tw += 24) {
        V ar, ai, br, bi, cr, ci, dr, di;
        load_points(interleaved, sr, si, x, p, &ar, &ai);
        load_points(interleaved, sr, si, x, p + m, &br, &bi);
        load_points(interleaved, sr, si, x, p + 2 * m, &cr, &ci);
        load_points(interleaved, sr, si, x, p + 3 * m, &dr, &di);
        Quad y = dft4(ar, ai, br, bi, cr, ci, dr, di);
        cmul(&y.r1, &y.i1, ld(tw), ld(tw + 4));
        cmul(&y.r2, &y.i2, ld(tw + 8), ld(tw + 12));
        cmul(&y.r3, &y.i3, ld(tw + 16), ld(tw + 20));
        store_transposed(yr + 4 * p, y.r0, y.r1, y.r2, y.r3);
        store_transposed(yi + 4 * p, y.i0, y.i1, y.i2, y.i3);
    }
}

/// A middle pass of stride s (>= 4) from (xr, xi) into (yr, yi).
VFFT_INLINE void middle_pass(size_t n, size_t s, const double *xr, const double *xi, double *yr, double *yi, const double *tw) {
    size_t m = n / (4 * s), quarter = n / 4;
    for (size_t p = 0; p < m; p++, tw += 6) {
        const double *ar = xr + s * p, *ai = xi + s * p;
        double *outr = yr + 4 * s * p, *outi = yi + 4 * s * p;
        if (p == 0) {
            for (size_t q = 0; q < s; q += 4) {
                Quad y = dft4(
                    ld(ar + q), ld(ai + q), ld(ar + quarter + q), ld(ai + quarter + q),
                    ld(ar + 2 * quarter + q), ld(ai + 2 * quarter + q), ld(ar + 3 * quarter + q), ld(ai + 3 * quarter + q));
                st(outr + q, y.r0); st(outi + q, y.i0);
                st(outr + s + q, y.r1); st(outi + s + q, y.i1);
                st(outr + 2 * s + q, y.r2); st(outi + 2 * s + q, y.i2);
                st(outr + 3 * s + q, y.r3); st(outi + 3 * s + q, y.i3);
            }
            continue;
        }
        V w1r = _mm256_broadcast_sd(tw), w1i = _mm256_broadcast_sd(tw + 1);
        V w2r = _mm256_broadcast_sd(tw + 2), w2i = _mm256_broadcast_sd(tw + 3);
        V w3r = _mm256_broadcast_sd(tw + 4), w3i = _mm256_broadcast_sd(tw + 5);
        for (size_t q = 0; q < s; q += 4) {
            Quad y = dft4(
                ld(ar + q), ld(ai + q), ld(ar + quarter + q), ld(ai + quarter + q),
                ld(ar + 2 * quarter + q), ld(ai + 2 * quarter + q), ld(ar + 3 * quarter + q), ld(ai + 3 * quarter + q));
            cmul(&y.r1, &y.i1, w1r, w1i);
            cmul(&y.r2, &y.i2, w2r, w2i);
            cmul(&y.r3, &y.i3, w3r, w3i);
            st(outr + q, y.r0); st(outi + q, y.i0);
            st(outr + s + q, y.r1); st(outi + s + q, y.i1);
            st(outr + 2 * s + q, y.r2); st(outi + 2 * s + q, y.i2);
            st(outr + 3 * s + q, y.r3); st(outi + 3 * s + q, y.i3);
        }
    }
}

/// The last pass when log2 n is even: radix 4, s = n/4, no twiddles.
VFFT_INLINE void last_pass4(size_t s, const double *xr, const double *xi, double *dr, double *di) {
    for (size_t q = 0; q < s; q += 4) {
        Quad y = dft4(
            ld(xr + q), ld(xi + q), ld(xr + s + q), ld(xi + s + q),
            ld(xr + 2 * s + q), ld(xi + 2 * s + q), ld(xr + 3 * s + q), ld(xi + 3 * s + q));
        st(dr + q, y.r0); st(di + q, y.i0);
        st(dr + s + q, y.r1); st(di + s + q, y.i1);
        st(dr + 2 * s + q, y.r2); st(di + 2 * s + q, y.i2);
        st(dr + 3 * s + q, y.r3); st(di + 3 * s + q, y.i3);
    }
}

/// The last pass when log2 n is odd: radix 8, s = n/8, no twiddles. The even outputs are the
/// 4-point DFT of x[k] + x[k+4], the odd ones that of (x[k] - x[k+4])*exp(-i*pi*k/4).
VFFT_INLINE void last_pass8(size_t s, const double *xr, const double *xi, double *dr, double *di) {
    const V h = _mm256_set1_pd(0.70710678118654752440084436210484903928);
    if (s >= 512) {
        // From n = 4096 on the 32 streams are a multiple of 4 KiB apart, fall into one set of the
        // L1 cache and evict each other: one loop per half of the outputs (24 streams each) takes
        // n = 8192 from 1.6x FFTW's time to 1.3x. At n = 2048 the two are even.
        for (size_t q = 0; q < s; q += 4) {
            Quad e = dft4(
                ld(xr + q) + ld(xr + 4 * s + q), ld(xi + q) + ld(xi + 4 * s + q),
                ld(xr + s + q) + ld(xr + 5 * s + q), ld(xi + s + q) + ld(xi + 5 * s + q),
                ld(xr + 2 * s + q) + ld(xr + 6 * s + q), ld(xi + 2 * s + q) + ld(xi + 6 * s + q),
                ld(xr + 3 * s + q) + ld(xr + 7 * s + q), ld(xi + 3 * s + q) + ld(xi + 7 * s + q));
            st(dr + q, e.r0); st(di + q, e.i0);
            st(dr + 2 * s + q, e.r1); st(di + 2 * s + q, e.i1);
            st(dr + 4 * s + q, e.r2); st(di + 4 * s + q, e.i2);
            st(dr + 6 * s + q, e.r3); st(di + 6 * s + q, e.i3);
        }
        for (size_t q = 0; q < s; q += 4) {
            V d1r = ld(xr + s + q) - ld(xr + 5 * s + q), d1i = ld(xi + s + q) - ld(xi + 5 * s + q);
            V d3r = ld(xr + 3 * s + q) - ld(xr + 7 * s + q), d3i = ld(xi + 3 * s + q) - ld(xi + 7 * s + q);
            Quad o = dft4(
                ld(xr + q) - ld(xr + 4 * s + q), ld(xi + q) - ld(xi + 4 * s + q), (d1r + d1i) * h, (d1i - d1r) * h,
                ld(xi + 2 * s + q) - ld(xi + 6 * s + q), ld(xr + 6 * s + q) - ld(xr + 2 * s + q), (d3i - d3r) * h,
                -(d3r + d3i) * h);
            st(dr + s + q, o.r0); st(di + s + q, o.i0);
            st(dr + 3 * s + q, o.r1); st(di + 3 * s + q, o.i1);
            st(dr + 5 * s + q, o.r2); st(di + 5 * s + q, o.i2);
            st(dr + 7 * s + q, o.r3); st(di + 7 * s + q, o.i3);
        }
        return;
    }
    for (size_t q = 0; q < s; q += 4) {
        V x0r = ld(xr + q), x0i = ld(xi + q), x4r = ld(xr + 4 * s + q), x4i = ld(xi + 4 * s + q);
        V x1r = ld(xr + s + q), x1i = ld(xi + s + q), x5r = ld(xr + 5 * s + q), x5i = ld(xi + 5 * s + q);
        V x2r = ld(xr + 2 * s + q), x2i = ld(xi + 2 * s + q), x6r = ld(xr + 6 * s + q), x6i = ld(xi + 6 * s + q);
        V x3r = ld(xr + 3 * s + q), x3i = ld(xi + 3 * s + q), x7r = ld(xr + 7 * s + q), x7i = ld(xi + 7 * s + q);
        Quad e = dft4(x0r + x4r, x0i + x4i, x1r + x5r, x1i + x5i, x2r + x6r, x2i + x6i, x3r + x7r, x3i + x7i);
        V d1r = x1r - x5r, d1i = x1i - x5i, d3r = x3r - x7r, d3i = x3i - x7i;
        // d1*(1 - i)/sqrt2, d2*(-i), d3*(-1 - i)/sqrt2
        Quad o = dft4(
            x0r - x4r, x0i - x4i, (d1r + d1i) * h, (d1i - d1r) * h,
            x2i - x6i, x6r - x2r, (d3i - d3r) * h, -(d3r + d3i) * h);
        st(dr + q, e.r0); st(di + q, e.i0);
        st(dr + 2 * s + q, e.r1); st(di + 2 * s + q, e.i1);
        st(dr + 4 * s + q, e.r2); st(di + 4 * s + q, e.i2);
        st(dr + 6 * s + q, e.r3); st(di + 6 * s + q, e.i3);
        st(dr + s + q, o.r0); st(di + s + q, o.i0);
        st(dr + 3 * s + q, o.r1); st(di + 3 * s + q, o.i1);
        st(dr + 5 * s + q, o.r2); st(di + 5 * s + q, o.i2);
        st(dr + 7 * s + q, o.r3); st(di + 7 * s + q, o.i3);
    }
}

/// The whole transform. Buffers alternate between the scratch half of `work` and either its
/// other half or, when the source is apart, the destination (three buffers in cache instead of
/// four); the first pass's target is chosen so that the last pass reads the scratch half.
VFFT_INLINE void transform(
    size_t n, int interleaved, const double *sr, const double *si, const double *x, double *dr, double *di,
    double *work, const double *tw, int source_is_apart) {
    int log2n = __builtin_ctzl(n), last = last_log2(n);
    int middles = (log2n - 2 - last) / 2;
    double *scratchr = work, *scratchi = work + n;
    double *otherr = source_is_apart ? dr : work + 2 * n, *otheri = source_is_apart ? di : work + 3 * n;
    double *ar = scratchr, *ai = scratchi, *br = otherr, *bi = otheri;
    if (middles & 1) {
        ar = otherr; ai = otheri; br = scratchr; bi = scratchi;
    }
    first_pass(n, interleaved, sr, si, x, ar, ai, tw);
    tw += 6 * (n / 4);
    size_t s = 4;
    for (int k = 0; k < middles; k++) {
        middle_pass(n, s, ar, ai, br, bi, tw);
        tw += 6 * (n / (4 * s));
        double *t = ar; ar = br; br = t;
        t = ai; ai = bi; bi = t;
        s *= 4;
    }
    if (last == 2) {
        last_pass4(n / 4, ar, ai, dr, di);
    } else {
        last_pass8(n / 8, ar, ai, dr, di);
    }
}

VFFT_TARGET void vfft_avx2_forward_split(
    size_t n, const double *sr, const double *si, double *dr, double *di, double *work,
    const double *twiddles, int source_is_apart) {
    transform(n, 0, sr, si, 0, dr, di, work, twiddles, source_is_apart);
}

VFFT_TARGET void vfft_avx2_forward_interleaved(
    size_t n, const double *x, double *dr, double *di, double *work, const double *twiddles) {
    transform(n, 1, 0, 0, x, dr, di, work, twiddles, 1);
}

#else

// Not x86-64: never available, so PowerOfTwoPlan never calls the transforms below.
int vfft_avx2_available(void) { return 0; }

void vfft_avx2_forward_split(
    size_t n, const double *sr, const double *si, double *dr, double *di, double *work,
    const double *twiddles, int source_is_apart) {
    (void)n; (void)sr; (void)si; (void)dr; (void)di; (void)work; (void)twiddles; (void)source_is_apart;
}

void vfft_avx2_forward_interleaved(
    size_t n, const double *x, double *dr, double *di, double *work, const double *twiddles) {
    (void)n; (void)x; (void)dr; (void)di; (void)work; (void)twiddles;
}

#endif
