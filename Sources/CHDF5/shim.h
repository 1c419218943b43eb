/* Swift-callable wrappers for the parts of the HDF5 C API that are macros over library globals
 * (type and property-list identifiers) or casts (H5T_VARIABLE, H5S_UNLIMITED). Each wrapper calls
 * through the macro, so H5open() runs before a global identifier is read. */
#ifndef CHDF5_SHIM_H
#define CHDF5_SHIM_H

#include <hdf5.h>

static inline hid_t chdf5_default(void) { return H5P_DEFAULT; }
static inline hid_t chdf5_all(void) { return H5S_ALL; }
static inline hsize_t chdf5_unlimited(void) { return H5S_UNLIMITED; }
static inline size_t chdf5_variable(void) { return H5T_VARIABLE; }

static inline unsigned chdf5_acc_trunc(void) { return H5F_ACC_TRUNC; }
static inline unsigned chdf5_acc_excl(void) { return H5F_ACC_EXCL; }
static inline unsigned chdf5_acc_rdonly(void) { return H5F_ACC_RDONLY; }
static inline unsigned chdf5_acc_rdwr(void) { return H5F_ACC_RDWR; }

static inline hid_t chdf5_native_double(void) { return H5T_NATIVE_DOUBLE; }
static inline hid_t chdf5_native_float(void) { return H5T_NATIVE_FLOAT; }
static inline hid_t chdf5_native_int64(void) { return H5T_NATIVE_INT64; }
static inline hid_t chdf5_native_int32(void) { return H5T_NATIVE_INT32; }
static inline hid_t chdf5_native_uint8(void) { return H5T_NATIVE_UINT8; }
static inline hid_t chdf5_native_uint16(void) { return H5T_NATIVE_UINT16; }
static inline hid_t chdf5_ieee_f64le(void) { return H5T_IEEE_F64LE; }
static inline hid_t chdf5_ieee_f32le(void) { return H5T_IEEE_F32LE; }
static inline hid_t chdf5_std_i64le(void) { return H5T_STD_I64LE; }
static inline hid_t chdf5_std_i32le(void) { return H5T_STD_I32LE; }
static inline hid_t chdf5_std_u8le(void) { return H5T_STD_U8LE; }
static inline hid_t chdf5_std_u16le(void) { return H5T_STD_U16LE; }
static inline hid_t chdf5_c_s1(void) { return H5T_C_S1; }

static inline hid_t chdf5_dataset_create_plist(void) { return H5Pcreate(H5P_DATASET_CREATE); }
static inline hid_t chdf5_file_access_plist(void) { return H5Pcreate(H5P_FILE_ACCESS); }

/* File-access properties whose metadata cache is capped at max_bytes, so a day-long recording with
 * thousands of chunks keeps a flat memory footprint (the default cache may grow to 32 MiB). */
static inline hid_t chdf5_fapl_capped_cache(size_t max_bytes) {
    hid_t fapl = H5Pcreate(H5P_FILE_ACCESS);
    if (fapl < 0) return fapl;
    H5AC_cache_config_t c;
    c.version = H5AC__CURR_CACHE_CONFIG_VERSION;
    if (H5Pget_mdc_config(fapl, &c) >= 0) {
        c.set_initial_size = 1;
        c.initial_size = max_bytes;
        c.max_size = max_bytes;
        c.min_size = max_bytes / 4;
        H5Pset_mdc_config(fapl, &c);
    }
    return fapl;
}

/* Dataset-access properties with a chunk cache of `bytes` (HDF5's default is 1 MiB per dataset):
 * an appending writer needs only the chunk being filled. */
static inline hid_t chdf5_dapl_chunk_cache(size_t bytes) {
    hid_t dapl = H5Pcreate(H5P_DATASET_ACCESS);
    if (dapl >= 0) H5Pset_chunk_cache(dapl, 521, bytes, 1.0);
    return dapl;
}

/* A variable-length UTF-8 string type; the caller closes it. */
static inline hid_t chdf5_vlen_utf8(void) {
    hid_t t = H5Tcopy(H5T_C_S1);
    H5Tset_size(t, H5T_VARIABLE);
    H5Tset_cset(t, H5T_CSET_UTF8);
    return t;
}

/* Stops HDF5 from printing its error stack to stderr; the Swift layer reports errors itself. */
static inline void chdf5_silence_errors(void) { H5Eset_auto2(H5E_DEFAULT, NULL, NULL); }

/* The innermost message of the current error stack, copied into buf (empty when there is none). */
static herr_t chdf5_walk_cb(unsigned n, const H5E_error2_t *err, void *data) {
    char *buf = (char *)data;
    if (n == 0 && err && err->desc) {
        snprintf(buf, 255, "%s (%s)", err->desc, err->func_name ? err->func_name : "?");
    }
    return 0;
}
static inline void chdf5_last_error(char *buf, size_t len) {
    if (len == 0) return;
    buf[0] = 0;
    if (len < 256) return;
    H5Ewalk2(H5E_DEFAULT, H5E_WALK_DOWNWARD, chdf5_walk_cb, buf);
}

#endif
