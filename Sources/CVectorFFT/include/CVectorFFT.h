// The power-of-two FFT kernel on 256-bit vectors with fused multiply-add (AVX2 + FMA), chosen at
// run time by Processing's PowerOfTwoPlan when the CPU has them; every other machine runs the
// portable Swift kernel (StockhamKernel, SSE2/NEON). Only the Processing module imports this.
//
// Why C: Swift has no per-function target attribute, so AVX2 code in Swift would need the whole
// module compiled for AVX2 (an unsafe flag SwiftPM refuses in a dependency, and a binary that
// faults on older CPUs). Here only the functions marked target("avx2,fma") use those
// instructions, and they run only after vfft_avx2_available() said yes.

#ifndef CVECTORFFT_H
#define CVECTORFFT_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/// 1 when this CPU and the operating system support AVX2 and FMA (CPUID, and XCR0 says the OS
/// saves the 256-bit registers), else 0. Always 0 on other architectures.
int vfft_avx2_available(void);

/// How many doubles of twiddles vfft_avx2_twiddles writes for a transform of n points (n a power
/// of two >= 16).
size_t vfft_avx2_twiddle_count(size_t n);

/// Lays out the twiddles of every radix-4 pass in the order the passes read them, from the roots
/// of unity W^k = real[k] + i*imaginary[k] (W = exp(-2*pi*i/n), k < n). `out` holds
/// vfft_avx2_twiddle_count(n) doubles (no alignment needed). Needs no AVX2 to run.
void vfft_avx2_twiddles(size_t n, const double *real, const double *imaginary, double *out);

/// Forward DFT of n points (a power of two >= 16) from split arrays (sr, si) into (dr, di).
/// `work` holds 4n doubles; `twiddles` is vfft_avx2_twiddles' table. The destination may be the
/// source (in place) unless `source_is_apart` is 1, which says they do not overlap and lets the
/// destination serve as scratch memory. Call only when vfft_avx2_available() returned 1.
void vfft_avx2_forward_split(
    size_t n, const double *sr, const double *si, double *dr, double *di, double *work,
    const double *twiddles, int source_is_apart);

/// vfft_avx2_forward_split from n complex points stored interleaved (re0, im0, re1, ...), which must
/// not overlap the destination.
void vfft_avx2_forward_interleaved(
    size_t n, const double *x, double *dr, double *di, double *work, const double *twiddles);

#ifdef __cplusplus
}
#endif

#endif
