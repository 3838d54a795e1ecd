/* Tessera plugin ABI — batch update items, the mirror of UICollectionViewUpdateItem.
 * The host validates a batch with UIKit's rules before a layout sees it. */
#ifndef TESSERA_UPDATES_H
#define TESSERA_UPDATES_H

#include <stdint.h>
#include "geometry.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum tessera_update_action {
  TESSERA_UPDATE_INSERT = 0,
  TESSERA_UPDATE_DELETE = 1,
  TESSERA_UPDATE_RELOAD = 2,
  TESSERA_UPDATE_MOVE = 3
} tessera_update_action;

/* One operation of a batch. Arrays of update items are read at the stride given beside them.
 *
 * `before` is meaningful for delete, reload and move; `after` for insert, reload and move. The
 * unused one is {TESSERA_UNUSED_INDEX, TESSERA_UNUSED_INDEX}. A section operation has
 * item == TESSERA_NO_ITEM in the paths it uses. */
typedef struct tessera_update_item {
  uint32_t struct_size;
  /* A tessera_update_action value. */
  uint32_t action;
  tessera_index_path before;
  tessera_index_path after;
} tessera_update_item;

/* The smallest update item a 2.0 plugin reads: every field above. */
enum { TESSERA_UPDATE_ITEM_V2_0_SIZE = (int)sizeof(tessera_update_item) };

#ifdef __cplusplus
}
#endif
#endif
