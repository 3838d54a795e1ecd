/* Tessera plugin ABI — layout attributes, the mirror of UICollectionViewLayoutAttributes. */
#ifndef TESSERA_ATTRIBUTES_H
#define TESSERA_ATTRIBUTES_H

#include <stddef.h>
#include <stdint.h>
#include "geometry.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum tessera_category {
  TESSERA_CATEGORY_CELL = 0,
  TESSERA_CATEGORY_SUPPLEMENTARY = 1,
  TESSERA_CATEGORY_DECORATION = 2
} tessera_category;

/* How many custom numbers one attributes record carries. Their names are the layout
 * descriptor's `custom_keys`, in order. */
#define TESSERA_MAX_CUSTOM_VALUES 4

/* One element's attributes. Plain data, fixed size, so bulk queries can fill arrays.
 *
 * `struct_size` is written by whoever fills the record (sizeof(tessera_attributes) of the header
 * it was compiled with); a reader touches only fields that lie within it and treats the rest as
 * their defaults.
 *
 * Defaults (what `tessera_attributes_init` sets): cell, kind 0, frame zero, z index 0, alpha 1,
 * not hidden, identity transform, no custom values. */
typedef struct tessera_attributes {
  uint32_t struct_size;
  /* A tessera_category value. */
  uint8_t category;
  /* Non-zero when the element is hidden. */
  uint8_t hidden;
  /* Index into the layout descriptor's `kinds`; 0 for cells, which have no kind. */
  uint16_t kind;
  /* Bit i set: custom[i] holds a value for custom_keys[i]. */
  uint32_t custom_mask;
  int32_t z_index;
  tessera_index_path index_path;
  tessera_rect frame;
  double alpha;
  tessera_transform transform;
  double custom[TESSERA_MAX_CUSTOM_VALUES];
} tessera_attributes;

/* A caller-owned array that a bulk query fills (rule: the caller owns output memory).
 *
 * The caller sets `records`, `capacity` and `record_size` (the stride between records, which is
 * sizeof(tessera_attributes) of the caller's header). The callee writes records at that stride,
 * never more than min(record_size, its own sizeof) bytes of each, sets `count`, and returns
 * TESSERA_OK; or, when more than `capacity` records match, sets `count` to the number needed and
 * returns TESSERA_BUFFER_TOO_SMALL. */
typedef struct tessera_attributes_buffer {
  uint32_t struct_size;
  uint32_t record_size;
  tessera_attributes *records;
  size_t capacity;
  size_t count;
} tessera_attributes_buffer;

/* Sets every field of `a` to its default. Header-only so that C plugins need no library. */
static inline void tessera_attributes_init(tessera_attributes *a) {
  tessera_attributes zero = {0};
  *a = zero;
  a->struct_size = (uint32_t)sizeof(tessera_attributes);
  a->alpha = 1.0;
  a->transform.a = 1.0;
  a->transform.d = 1.0;
}

#ifdef __cplusplus
}
#endif
#endif
