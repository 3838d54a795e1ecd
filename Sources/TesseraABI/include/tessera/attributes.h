/* Tessera plugin ABI — layout attributes, the mirror of UICollectionViewLayoutAttributes. */
#ifndef TESSERA_ATTRIBUTES_H
#define TESSERA_ATTRIBUTES_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include "geometry.h"
#include "status.h"

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
 * it was compiled with, or less: see below); a reader touches only fields that lie within it and
 * treats the rest as their defaults. Where a call fills one record the caller passes (`out` of
 * attributes_for_item and the like), the caller sets out->struct_size first and the callee
 * writes at most that many bytes.
 *
 * Defaults (what `tessera_attributes_init` sets): cell, kind 0, frame zero, z index 0, alpha 1,
 * not hidden, identity transform, no custom values. */
typedef struct tessera_attributes {
  uint32_t struct_size;
  /* A tessera_category value. */
  uint32_t category;
  /* Index into the layout descriptor's `kinds`; 0 for cells, which have no kind. */
  uint32_t kind;
  /* 1 when the element is hidden. */
  tessera_bool hidden;
  /* Bit i set: custom[i] holds a value for custom_keys[i]. */
  uint32_t custom_mask;
  int32_t z_index;
  tessera_index_path index_path;
  tessera_rect frame;
  double alpha;
  tessera_transform transform;
  double custom[TESSERA_MAX_CUSTOM_VALUES];
  /* Appended in 2.5 (a record whose struct_size stops before it reads as `transform` alone):
   * the entries of a CATransform3D that an affine transform leaves as the identity's, so that
   * with `transform` the whole matrix is
   *     [ a    b    m13  m14 ]
   *     [ c    d    m23  m24 ]
   *     [ m31  m32  m33  m34 ]
   *     [ tx   ty   m43  m44 ]
   * in the order m13, m14, m23, m24, m31, m32, m33, m34, m43, m44 (identity: m33 = m44 = 1, the
   * rest 0). UICollectionViewLayoutAttributes.transform3D: a perspective (m34 = -1/d) or a turn
   * about x or y. Like `transform`, it applies about the frame's centre. */
  double transform3d[10];
} tessera_attributes;

/* The smallest record a 2.0 reader accepts: every field up to `custom`. */
enum { TESSERA_ATTRIBUTES_V2_0_SIZE = (int)offsetof(tessera_attributes, transform3d) };

/* A caller-owned array that a bulk query fills (rule: the caller owns output memory).
 *
 * The caller sets `records`, `capacity` and `record_size` (the stride between records, at least
 * TESSERA_ATTRIBUTES_V2_0_SIZE; sizeof(tessera_attributes) of the caller's header). The callee
 * writes records at that stride, never more than min(record_size, its own sizeof) bytes of each
 * (with struct_size saying how many), sets `count`, and returns TESSERA_OK; or, when more than
 * `capacity` records match, sets `count` to the number needed and returns
 * TESSERA_BUFFER_TOO_SMALL. */
typedef struct tessera_attributes_buffer {
  uint32_t struct_size;
  uint32_t record_size;
  tessera_attributes *records;
  size_t capacity;
  size_t count;
} tessera_attributes_buffer;

/* Sets every field of `a` to its default. Header-only so that C plugins need no library. */
static inline void tessera_attributes_init(tessera_attributes *a) {
  memset(a, 0, sizeof *a);
  a->struct_size = (uint32_t)sizeof(tessera_attributes);
  a->alpha = 1.0;
  a->transform.a = 1.0;
  a->transform.d = 1.0;
  a->transform3d[6] = 1.0; /* m33 */
  a->transform3d[9] = 1.0; /* m44 */
}

#ifdef __cplusplus
}
#endif
#endif
