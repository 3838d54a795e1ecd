/* Tessera plugin ABI — invalidation contexts, the mirror of
 * UICollectionViewLayoutInvalidationContext. The host merges repeated invalidations before the
 * next layout pass; the next pass is always prepare -> content size -> rect query. */
#ifndef TESSERA_INVALIDATION_H
#define TESSERA_INVALIDATION_H

#include <stddef.h>
#include <stdint.h>
#include "geometry.h"
#include "updates.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Bits of tessera_invalidation_context.flags. */
enum {
  /* Recompute everything (invalidateLayout()). Other fields may still be filled. */
  TESSERA_INVALIDATE_EVERYTHING = 1u << 0,
  /* Section or item counts changed (reloadData, batch updates). */
  TESSERA_INVALIDATE_DATA_SOURCE_COUNTS = 1u << 1,
  /* The bounds changed (viewport or scroll) and the layout asked to be invalidated for it. */
  TESSERA_INVALIDATE_BOUNDS = 1u << 2
};

/* A supplementary or decoration element: its kind (index into the descriptor's kinds) and path.
 * FROZEN (version.h, rule 1): it only names an element, as UIKit's (kind, index path) pairs do;
 * anything more about an element belongs in its attributes. */
typedef struct tessera_element_ref {
  uint32_t kind;
  uint32_t reserved;
  tessera_index_path index_path;
} tessera_element_ref;

/* A cell's preferred size, as a self-sizing cell reports it. Read at preferred_size_stride. */
typedef struct tessera_preferred_size {
  uint32_t struct_size;
  uint32_t reserved;
  tessera_index_path index_path;
  tessera_size size;
} tessera_preferred_size;

/* The smallest preferred size a 2.0 reader accepts: every field above. */
enum { TESSERA_PREFERRED_SIZE_V2_0_SIZE = (int)sizeof(tessera_preferred_size) };

/* Arrays are owned by whoever built the context and stay valid for the duration of the call it
 * is passed to (or, for a context a plugin returns, until the next call on that instance).
 * `items`, `supplementaries` and `decorations` hold FROZEN structs and are read at their sizeof;
 * `preferred_sizes` and `update_items` at the strides beside them. */
typedef struct tessera_invalidation_context {
  uint32_t struct_size;
  uint32_t flags;
  const tessera_index_path *items;
  size_t item_count;
  const tessera_element_ref *supplementaries;
  size_t supplementary_count;
  const tessera_element_ref *decorations;
  size_t decoration_count;
  const tessera_preferred_size *preferred_sizes;
  size_t preferred_size_count;
  /* With TESSERA_INVALIDATE_DATA_SOURCE_COUNTS after a batch: the batch's update items. */
  const tessera_update_item *update_items;
  size_t update_item_count;
  tessera_size content_size_adjustment;
  tessera_point content_offset_adjustment;
  /* The distance in bytes between preferred_sizes (and update_items) entries. */
  uint32_t preferred_size_stride;
  uint32_t update_item_stride;
} tessera_invalidation_context;

/* The smallest context a 2.0 reader accepts: every field above. */
enum { TESSERA_INVALIDATION_CONTEXT_V2_0_SIZE = (int)sizeof(tessera_invalidation_context) };

#ifdef __cplusplus
}
#endif
#endif
