/* Tessera plugin ABI — the collection view as a layout sees it: the host's data-source
 * callbacks, handed to a layout instance when it is created.
 *
 * [thread] The host calls a layout instance from one thread at a time, and a layout calls these
 * callbacks only from inside a call the host made on it (prepare, a query, invalidate, ...),
 * on that same thread.
 * [lifetime] The table and its `context` stay valid until the instance is destroyed. What a
 * callback returns reflects the data as of the current call: after an invalidation with the
 * data-source-counts flag, counts may differ from those seen during the previous prepare.
 */
#ifndef TESSERA_DATA_SOURCE_H
#define TESSERA_DATA_SOURCE_H

#include <stddef.h>
#include <stdint.h>
#include "geometry.h"
#include "status.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Bits of tessera_item_metrics.flags. */
enum {
  /* The dataset gives the item a `size` (what its content measures). */
  TESSERA_ITEM_HAS_SIZE = 1u << 0,
  /* The dataset gives the item an `estimated` size. */
  TESSERA_ITEM_HAS_ESTIMATE = 1u << 1
};

/* What the dataset says about one item's size. A layout that does not find a size uses its own
 * default (e.g. the flow layout's itemSize). The plugin allocates arrays of these and says their
 * stride to `item_metrics`; the host fills each with struct_size set. */
typedef struct tessera_item_metrics {
  uint32_t struct_size;
  uint32_t flags;
  tessera_size size;
  tessera_size estimated;
} tessera_item_metrics;

/* The smallest stride `item_metrics` accepts: every field above. */
enum { TESSERA_ITEM_METRICS_V2_0_SIZE = (int)sizeof(tessera_item_metrics) };

/* How the safe area joins the content inset, as UIScrollView's contentInsetAdjustmentBehavior. */
enum {
  /* Top and bottom always; left and right when the content scrolls across (UIKit's default). */
  TESSERA_INSET_ADJUST_AUTOMATIC = 0,
  /* Each axis along which the content scrolls (its size exceeds the bounds'). */
  TESSERA_INSET_ADJUST_SCROLLABLE_AXES = 1,
  TESSERA_INSET_ADJUST_NEVER = 2,
  TESSERA_INSET_ADJUST_ALWAYS = 3
};

/* The scroll view's insets, as a layout reads them from UICollectionView (ABI 2.5). All four are
 * insets from the edges of the bounds, in points; a host older than 2.5 has none (all zero, the
 * margins included). */
typedef struct tessera_scroll_insets {
  uint32_t struct_size;
  uint32_t adjustment; /* TESSERA_INSET_ADJUST_* */
  /* What the app set: UIScrollView.contentInset. May be negative. */
  tessera_edge_insets content_inset;
  /* contentInset plus the safe area on the edges the adjustment covers:
   * UIScrollView.adjustedContentInset. A vertical layout's lines are
   * bounds.width - left - right wide, and at rest the content offset is (-left, -top). */
  tessera_edge_insets adjusted_content_inset;
  /* The parts of the bounds the screen's corners, bars and home indicator cover:
   * UIView.safeAreaInsets. Never negative. */
  tessera_edge_insets safe_area_insets;
  /* The view's margins with the safe area included (insetsLayoutMarginsFromSafeArea):
   * UIView.layoutMargins. Never negative. */
  tessera_edge_insets layout_margins;
} tessera_scroll_insets;

/* The host's callbacks. Callbacks appended in later minor versions lie beyond the struct_size of
 * an older host's table: a plugin checks struct_size before calling one (and copies at most
 * struct_size bytes when it keeps a copy). */
typedef struct tessera_data_source {
  uint32_t struct_size;
  uint32_t reserved;
  /* Passed back as the first argument of every callback. Opaque to the plugin. */
  void *context;

  /* The collection view's bounds: origin = content offset, size = viewport size. */
  tessera_rect (*bounds)(void *context);

  int64_t (*number_of_sections)(void *context);

  /* Items in `section`; 0 for a section that does not exist. */
  int64_t (*number_of_items)(void *context, int64_t section);

  /* Bulk: fills `count` entries of `out`, `stride` bytes apart (at least
   * TESSERA_ITEM_METRICS_V2_0_SIZE; sizeof(tessera_item_metrics) of the plugin's header), with
   * the metrics of items first..first+count-1 of `section`. Returns how many it filled (fewer
   * when the range runs past the section's end; 0 for a stride too small). This is the call for
   * prepare loops: one call per section or per chunk, never one per item. */
  int64_t (*item_metrics)(void *context, int64_t section, int64_t first, int64_t count,
                          tessera_item_metrics *out, uint32_t stride);

  /* A numeric property: an item's `props[key]` or, with index_path.item == TESSERA_NO_ITEM, the
   * section's (`header` and `footer` sizes are section properties of two numbers). A scalar is a
   * list of one number. Copies up to `capacity` numbers to `out` and returns the list's length,
   * or -1 when the property is absent or not numeric. */
  int64_t (*number_property)(void *context, tessera_index_path index_path, const char *key,
                             double *out, int64_t capacity);

  /* A string property (as number_property). Copies at most capacity-1 bytes of UTF-8 and a NUL
   * terminator to `out` (when capacity > 0) and returns the string's full length in bytes, or -1
   * when absent or not a string. Call again with more room when the result >= capacity. The item
   * id is available under the key "id". */
  int64_t (*string_property)(void *context, tessera_index_path index_path, const char *key,
                             char *out, int64_t capacity);

  /* The index path of the item with id `id`; returns 0 and leaves `out` untouched when no item
   * has that id. */
  tessera_bool (*index_path_for_id)(void *context, const char *id, tessera_index_path *out);

  /* Bulk number_property for hot loops: for items first..first+count-1 of `section`, copies up
   * to `per_item` numbers of props[key] to out[k * per_item ...] and stores the list's length in
   * lengths[k] (-1 when absent or not numeric). Returns how many items it filled (fewer when
   * the range runs past the section's end). One call per chunk, never one per item. */
  int64_t (*number_property_bulk)(void *context, int64_t section, int64_t first, int64_t count,
                                  const char *key, int64_t per_item, double *out, int64_t *lengths);

  /* ---- appended in 2.2: call only when struct_size reaches it ---- */

  /* The screen's scale in pixels per point (`viewport WxH@S`: 2 or 3 on a phone), or 0 when
   * none is set: then nothing rounds. A layout that rounds to pixels, as UIKit's flow layout
   * rounds its origins and CHTCollectionViewWaterfallLayout floors its item sizes, reads it in
   * prepare; the host invalidates everything when it changes. */
  double (*screen_scale)(void *context);

  /* ---- appended in 2.3: call only when struct_size reaches it ---- */

  /* Bulk references between items, for layouts that join items (a tree node's `parent`): for
   * items first..first+count-1 of `section`, reads props[key] as the id of another item and
   * stores that item's index path in out[k], or {-1, -1} when the prop is absent, not a string,
   * or names no item. Returns how many items it filled (fewer when the range runs past the
   * section's end). The host resolves a key once per dataset change and keeps the answer, so a
   * layout that prepares again pays for reading, not for hashing ids. */
  int64_t (*reference_bulk)(void *context, int64_t section, int64_t first, int64_t count, const char *key,
                            tessera_index_path *out);

  /* ---- appended in 2.5: call only when struct_size reaches it ---- */

  /* The scroll view's insets (`viewport … inset= safeArea= margins= adjust=`): the plugin sets
   * out->struct_size to sizeof(tessera_scroll_insets) of its header, the host writes no more than
   * that. Read them in prepare; the host invalidates everything when any of them changes. */
  void (*scroll_insets)(void *context, tessera_scroll_insets *out);

  /* ---- appended in 2.6: call only when struct_size reaches it ---- */

  /* The collection view's pan gesture, as `panGestureRecognizer.location(in: collectionView)`
   * answers it: stores in `out` where the finger is, in the collection view's coordinates
   * (content coordinates: the point on screen plus the content offset), and returns 1 while a
   * finger is down (during `drag`), 0 when none is. Like UIKit's recognizer, the host keeps the
   * last touch's point on screen: after the finger lifts, `out` is that screen point plus the
   * current offset, and before any touch it is the screen's origin, i.e. the offset itself. A
   * layout that reacts to the touch (a springy layout pulls items by their distance from it)
   * reads it when the bounds change. */
  tessera_bool (*touch_location)(void *context, tessera_point *out);
} tessera_data_source;

/* The smallest data source a 2.1 plugin may be given: everything up to number_property_bulk
 * (a 2.2 host's table ends after screen_scale, a 2.3 or 2.4 host's after reference_bulk). */
enum {
  TESSERA_DATA_SOURCE_V2_1_SIZE =
      (int)(offsetof(tessera_data_source, number_property_bulk) + sizeof(void *))
};

#ifdef __cplusplus
}
#endif
#endif
