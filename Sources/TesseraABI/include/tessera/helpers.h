/* Tessera plugin ABI — helpers for C plugins: the record copying every plugin needs, written once.
 *
 * Nothing here crosses the boundary: these are static inline functions over the structs of the
 * other headers, so a plugin needs no library, and they work with the structs of every 2.x
 * header (they touch only fields that 2.0 already had). The host's records may be smaller than a
 * plugin's (an older host) or larger (a newer one): a copy never writes more than the room the
 * host gave, and says how much it wrote in the record's struct_size.
 */
#ifndef TESSERA_HELPERS_H
#define TESSERA_HELPERS_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "attributes.h"
#include "data_source.h"
#include "version.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Copies `record` into `to`, a record of `room` bytes (its struct_size, or a buffer's
 * record_size): at most that many bytes, with struct_size set to what was copied. */
static inline void tessera_copy_attributes(const tessera_attributes *record, tessera_attributes *to,
                                           uint32_t room) {
  size_t bytes = room < sizeof *record ? room : sizeof *record;
  tessera_attributes copy = *record;
  copy.struct_size = (uint32_t)bytes;
  memcpy(to, &copy, bytes);
}

/* Puts `record` at `index` of a rect query's buffer when it has room there (it is read at its
 * record_size stride); either way the caller counts it, so the host can ask again with a buffer
 * of the right size. */
static inline void tessera_buffer_put(tessera_attributes_buffer *buffer, size_t index,
                                      const tessera_attributes *record) {
  if (index >= buffer->capacity) return;
  tessera_attributes *to =
      (tessera_attributes *)(void *)((char *)buffer->records + index * (size_t)buffer->record_size);
  tessera_copy_attributes(record, to, buffer->record_size);
}

/* Keeps the host's data source: copies at most the table's struct_size (an older host's table is
 * shorter; a callback beyond it is absent, and reads as NULL in `keep`). */
static inline void tessera_keep_data_source(tessera_data_source *keep, const tessera_data_source *source) {
  memset(keep, 0, sizeof *keep);
  memcpy(keep, source, source->struct_size < sizeof *keep ? source->struct_size : sizeof *keep);
}

#if TESSERA_ABI_MINOR >= 5
/* The scroll view's insets (ABI 2.5), all zero from a host whose table ends before
 * `scroll_insets`: `out` is cleared, its struct_size set, then filled by the host when it can. */
static inline void tessera_read_scroll_insets(const tessera_data_source *source, tessera_scroll_insets *out) {
  memset(out, 0, sizeof *out);
  out->struct_size = (uint32_t)sizeof *out;
  size_t reach = offsetof(tessera_data_source, scroll_insets) + sizeof source->scroll_insets;
  if (source->struct_size >= reach && source->scroll_insets != NULL) source->scroll_insets(source->context, out);
}
#endif

#ifdef __cplusplus
}
#endif
#endif
