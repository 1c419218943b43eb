/* Swift-callable wrappers for libcurl: curl_easy_setopt and curl_easy_getinfo are variadic, so each
 * argument kind gets a typed wrapper; the CURLAUTH_* and CURL_GLOBAL_* cast macros get constants. */
#ifndef CCURL_SHIM_H
#define CCURL_SHIM_H
#include <curl/curl.h>

static inline CURLcode ccurl_setopt_long(CURL *h, CURLoption o, long v) { return curl_easy_setopt(h, o, v); }
static inline CURLcode ccurl_setopt_string(CURL *h, CURLoption o, const char *v) { return curl_easy_setopt(h, o, v); }
static inline CURLcode ccurl_setopt_pointer(CURL *h, CURLoption o, void *v) { return curl_easy_setopt(h, o, v); }
static inline CURLcode ccurl_setopt_slist(CURL *h, CURLoption o, struct curl_slist *v) { return curl_easy_setopt(h, o, v); }
static inline CURLcode ccurl_setopt_off(CURL *h, CURLoption o, curl_off_t v) { return curl_easy_setopt(h, o, v); }
static inline CURLcode ccurl_setopt_mime(CURL *h, curl_mime *v) { return curl_easy_setopt(h, CURLOPT_MIMEPOST, v); }
static inline CURLcode ccurl_setopt_read_function(CURL *h, curl_read_callback f) { return curl_easy_setopt(h, CURLOPT_READFUNCTION, f); }
static inline CURLcode ccurl_setopt_write_function(CURL *h, curl_write_callback f) { return curl_easy_setopt(h, CURLOPT_WRITEFUNCTION, f); }
static inline CURLcode ccurl_setopt_header_function(CURL *h, curl_write_callback f) { return curl_easy_setopt(h, CURLOPT_HEADERFUNCTION, f); }
static inline CURLcode ccurl_setopt_xferinfo_function(CURL *h, curl_xferinfo_callback f) { return curl_easy_setopt(h, CURLOPT_XFERINFOFUNCTION, f); }
static inline CURLcode ccurl_setopt_seek_function(CURL *h, curl_seek_callback f) { return curl_easy_setopt(h, CURLOPT_SEEKFUNCTION, f); }
static inline CURLcode ccurl_getinfo_long(CURL *h, CURLINFO i, long *v) { return curl_easy_getinfo(h, i, v); }
static inline CURLcode ccurl_getinfo_off(CURL *h, CURLINFO i, curl_off_t *v) { return curl_easy_getinfo(h, i, v); }

static const long CCURL_AUTH_BASIC = (long)CURLAUTH_BASIC;
static const long CCURL_GLOBAL_DEFAULT = (long)CURL_GLOBAL_DEFAULT;
static const int CCURL_READFUNC_ABORT = CURL_READFUNC_ABORT;
static const int CCURL_SEEKFUNC_OK = CURL_SEEKFUNC_OK;
static const int CCURL_SEEKFUNC_CANTSEEK = CURL_SEEKFUNC_CANTSEEK;
#endif
