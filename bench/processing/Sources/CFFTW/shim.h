#include <fftw3.h>

/// FFTW's version text (`fftw-3.3.10-sse2-avx`): an array of unknown size, which Swift cannot import.
static inline const char *fftw_version_text(void) { return fftw_version; }
