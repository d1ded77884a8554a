#ifndef CCRYPTO_SHIM_H
#define CCRYPTO_SHIM_H
// OpenSSL's digest API only: imports hash every file they read (SHA-256, with the CPU's SHA
// instructions where it has them).
#include <openssl/evp.h>
#endif
