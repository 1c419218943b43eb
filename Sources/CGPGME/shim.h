/* Swift-callable access to GPGME. Its API is plain functions, so this header only includes it;
 * wrappers for macros are added here as the Storage module needs them. */
#ifndef CGPGME_SHIM_H
#define CGPGME_SHIM_H
#include <gpgme.h>
#endif
