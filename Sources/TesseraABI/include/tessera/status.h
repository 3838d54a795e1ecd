/* Tessera plugin ABI — status codes and booleans. Every fallible call returns a status; nothing
 * traps or unwinds across the boundary. After TESSERA_ERROR the instance's `last_error` says what
 * went wrong. */
#ifndef TESSERA_STATUS_H
#define TESSERA_STATUS_H

#include <stdint.h>

typedef int32_t tessera_status;

enum {
  /* The call did what it says. */
  TESSERA_OK = 0,
  /* The call failed; `last_error` on the instance has a message for a person. */
  TESSERA_ERROR = 1,
  /* A caller buffer was too small; the call stored how much room it needs and wrote nothing
   * that the caller may read. Call again with a larger buffer. */
  TESSERA_BUFFER_TOO_SMALL = 2,
  /* The plugin does not implement this (optional) behaviour; the host applies the default
   * documented at the call. */
  TESSERA_UNSUPPORTED = 3,
  /* The requested element does not exist in the current layout (e.g. an index path past the
   * end, a supplementary kind the section does not have). */
  TESSERA_NOT_FOUND = 4
};

/* A boolean that crosses the boundary: 0 is false, 1 is true (readers treat any non-zero value
 * as true). One width for every boolean field and result, unlike C's `bool`. */
typedef uint32_t tessera_bool;

#endif
