// Debian's libkissfft-dev: kissfft 131, built for single precision (kiss_fft_scalar = float), the
// only build Debian ships.
#include <kissfft/kiss_fft.h>
#include <kissfft/kiss_fftr.h>
