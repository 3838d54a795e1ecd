/* Tessera plugin ABI — a layout: its self-description and its function table, the mirror of
 * UICollectionViewLayout.
 *
 * Contracts in brackets, after CLAP:
 *   [any]       may be called at any time, from any thread, without an instance.
 *   [instance]  called on one instance from one thread at a time (the host never calls one
 *               instance concurrently; different instances may be called from different
 *               threads). Plugins need no locks for per-instance state.
 *   [prepared]  called only after a successful `prepare` with no invalidation since.
 * Pointers a call returns (strings, contexts) stay valid until the next call on that instance
 * unless the call says otherwise. Function pointers marked OPTIONAL may be NULL; the comment
 * gives the host's behaviour then.
 */
#ifndef TESSERA_LAYOUT_H
#define TESSERA_LAYOUT_H

#include <stddef.h>
#include <stdint.h>
#include "attributes.h"
#include "data_source.h"
#include "geometry.h"
#include "invalidation.h"
#include "options.h"
#include "status.h"
#include "updates.h"

#ifdef __cplusplus
extern "C" {
#endif

/* An element kind a layout produces. kinds[0] of every layout is the cell kind (name "cell",
 * category CELL); supplementary and decoration kinds follow. The descriptor's `kinds` array is
 * read at its `kind_stride`. */
typedef struct tessera_element_kind {
  uint32_t struct_size;
  /* A tessera_category value. */
  uint32_t category;
  /* e.g. "header", "footer", "connector". */
  const char *name;
} tessera_element_kind;

/* The smallest element kind a 2.0 host reads: every field above. */
enum { TESSERA_ELEMENT_KIND_V2_0_SIZE = (int)sizeof(tessera_element_kind) };

/* Opaque per-instance state of a layout. */
typedef struct tessera_layout_instance tessera_layout_instance;

typedef struct tessera_layout_descriptor {
  uint32_t struct_size;
  uint32_t reserved;

  /* ---- self-description [any]; all pointers static and valid while the library is loaded ---- */
  /* Unique among loaded layouts; what `layout NAME` takes. Lowercase, no spaces. */
  const char *name;
  /* One line for `plugins` and `help layout`. */
  const char *summary;
  /* `option_count` options, `option_stride` bytes apart (sizeof(tessera_option_descriptor)). */
  const tessera_option_descriptor *options;
  uint32_t option_count;
  uint32_t option_stride;
  /* `kind_count` kinds, `kind_stride` bytes apart (sizeof(tessera_element_kind)). */
  const tessera_element_kind *kinds;
  uint32_t kind_count;
  uint32_t kind_stride;
  /* Names of custom attribute values (tessera_attributes.custom[i]); at most
   * TESSERA_MAX_CUSTOM_VALUES, none NULL. */
  const char *const *custom_keys;
  uint32_t custom_key_count;
  uint32_t reserved2;

  /* ---- lifecycle ---- */
  /* [any] A new instance of the layout `self` describes, reading `data_source`, configured with
   * every option at its default. `self` lets one function serve several layouts. Returns NULL on
   * failure (out of memory). */
  tessera_layout_instance *(*create)(const struct tessera_layout_descriptor *self,
                                     const tessera_data_source *data_source);
  /* [instance] Frees the instance. No call on it follows. */
  void (*destroy)(tessera_layout_instance *instance);
  /* [instance] The last error message (UTF-8, NUL-terminated) after a call returned
   * TESSERA_ERROR; "" when none. Valid until the next call on the instance. */
  const char *(*last_error)(tessera_layout_instance *instance);

  /* [instance] Sets every option at once (the host fills defaults for the ones a person did not
   * give, and has already checked types and ranges): `count` values, `stride` bytes apart.
   * Implies invalidate-everything. Returns TESSERA_ERROR, leaving the old options in place, when
   * the combination is not allowed. */
  tessera_status (*set_options)(tessera_layout_instance *instance,
                                const tessera_option_value *values, size_t count,
                                uint32_t stride);

  /* ---- layout pass ---- */
  /* [instance] prepareLayout: compute what the queries need. */
  tessera_status (*prepare)(tessera_layout_instance *instance);
  /* [instance][prepared] collectionViewContentSize. Asked once per pass, right after prepare and
   * before any query of that pass, as UIKit does; the host keeps the answer until the next pass. */
  tessera_status (*content_size)(tessera_layout_instance *instance, tessera_size *out);
  /* [instance][prepared] layoutAttributesForElementsInRect: every element whose frame
   * intersects `rect` as CGRectIntersectsRect has it (the closed intervals overlap on both axes:
   * a frame touching the rect counts, and so does a zero-height or zero-width frame in it), in
   * any order, into `buffer` (see tessera_attributes_buffer for the BUFFER_TOO_SMALL protocol). */
  tessera_status (*attributes_in_rect)(tessera_layout_instance *instance, tessera_rect rect,
                                       tessera_attributes_buffer *buffer);
  /* [instance][prepared] Every element. OPTIONAL: when NULL the host queries the content
   * (0, 0, content size) and 1e9 points around it. */
  tessera_status (*all_attributes)(tessera_layout_instance *instance,
                                   tessera_attributes_buffer *buffer);
  /* [instance][prepared] layoutAttributesForItemAtIndexPath. TESSERA_NOT_FOUND when the index
   * path does not exist. The host sets out->struct_size; write at most that many bytes (the
   * same for every call below that fills a tessera_attributes *out). */
  tessera_status (*attributes_for_item)(tessera_layout_instance *instance,
                                        tessera_index_path index_path, tessera_attributes *out);
  /* [instance][prepared] layoutAttributesForSupplementaryViewOfKind. OPTIONAL: when NULL, the
   * host looks the element up in all_attributes. */
  tessera_status (*attributes_for_supplementary)(tessera_layout_instance *instance,
                                                 uint32_t kind, tessera_index_path index_path,
                                                 tessera_attributes *out);
  /* [instance][prepared] layoutAttributesForDecorationViewOfKind. OPTIONAL, as above. */
  tessera_status (*attributes_for_decoration)(tessera_layout_instance *instance, uint32_t kind,
                                              tessera_index_path index_path,
                                              tessera_attributes *out);

  /* ---- invalidation ---- */
  /* [instance] shouldInvalidateLayoutForBoundsChange. OPTIONAL: when NULL, false, as
   * UICollectionViewLayout's base class answers: a layout that depends on the viewport size
   * answers true when the size changes (every OPTIONAL call's NULL behaviour is UIKit's base
   * class). */
  tessera_bool (*should_invalidate_for_bounds)(tessera_layout_instance *instance,
                                               tessera_rect new_bounds);
  /* [instance] invalidateLayoutWithContext: drop what the context names. The next call is
   * prepare. Contexts the host passes are already merged. */
  tessera_status (*invalidate)(tessera_layout_instance *instance,
                               const tessera_invalidation_context *context);
  /* [instance][prepared] shouldInvalidateLayoutForPreferredLayoutAttributes. OPTIONAL: when
   * NULL, false, as UICollectionViewLayout's base class answers (UIKit's flow layout overrides
   * it): a layout that lays out self-sizing cells implements it. */
  tessera_bool (*should_invalidate_for_preferred)(tessera_layout_instance *instance,
                                                  const tessera_attributes *preferred,
                                                  const tessera_attributes *original);
  /* [instance][prepared] invalidationContextForPreferredLayoutAttributes: fill `out` (whose
   * struct_size the host set; write no more) with the context the layout wants, strides
   * included. Arrays it points to are the plugin's and stay valid until the next call. OPTIONAL: when NULL, the host builds a context
   * with the item and its preferred size. */
  tessera_status (*invalidation_context_for_preferred)(tessera_layout_instance *instance,
                                                       const tessera_attributes *preferred,
                                                       const tessera_attributes *original,
                                                       tessera_invalidation_context *out);

  /* ---- batch updates ---- */
  /* [instance] prepareForCollectionViewUpdates, after the data-source-counts invalidation and
   * prepare: `count` update items, `stride` bytes apart. OPTIONAL: no-op when NULL. */
  tessera_status (*prepare_for_updates)(tessera_layout_instance *instance,
                                        const tessera_update_item *items, size_t count,
                                        uint32_t stride);
  /* [instance] finalizeCollectionViewUpdates. OPTIONAL: no-op when NULL. */
  void (*finalize_updates)(tessera_layout_instance *instance);
  /* [instance] initialLayoutAttributesForAppearing{Item,SupplementaryElement,Decoration}:
   * where an appearing element starts. `kind` is 0 for cells. OPTIONAL, and may return
   * TESSERA_UNSUPPORTED: the host then uses the element's final attributes with alpha 0. */
  tessera_status (*initial_attributes_for_appearing)(tessera_layout_instance *instance,
                                                     uint32_t kind, tessera_index_path index_path,
                                                     tessera_attributes *out);
  /* [instance] finalLayoutAttributesForDisappearing...: where a disappearing element ends,
   * with index paths from before the update. OPTIONAL, as above: default is its attributes
   * before the update with alpha 0. */
  tessera_status (*final_attributes_for_disappearing)(tessera_layout_instance *instance,
                                                      uint32_t kind, tessera_index_path index_path,
                                                      tessera_attributes *out);

  /* ---- extensions ---- */
  /* [any] An optional capability by versioned id: a pointer to a static table whose layout that
   * id defines, or NULL when absent. OPTIONAL: NULL = none. Defined extensions, each in its own
   * header: "tessera.drawing/1" (drawing.h: how pictures draw the layout's kinds),
   * "tessera.zoom/1" (zoom.h: which option is the zoom scale), "tessera.clock/1" (clock.h: a
   * layout that moves with time) and "tessera.state/1" (state.h: its motion saved and taken up).
   * The host asks once per id when it loads the plugin. */
  const void *(*get_extension)(const struct tessera_layout_descriptor *self, const char *id);

  /* ---- appended in 2.1: the host calls these only when struct_size reaches them ---- */

  /* [instance][prepared] invalidationContextForBoundsChange: after should_invalidate_for_bounds
   * said yes, fill `out` (whose struct_size the host set; write no more) with what the new
   * bounds invalidate: a layout with pinned headers names only those supplementaries, so items
   * keep their attributes. Arrays it points to are the plugin's and stay valid until the next
   * call. The host adds TESSERA_INVALIDATE_BOUNDS to the flags and merges the context with any
   * other before the next prepare. OPTIONAL: when NULL, the context holds only
   * TESSERA_INVALIDATE_BOUNDS (UIKit's empty context: prepare runs again). */
  tessera_status (*invalidation_context_for_bounds)(tessera_layout_instance *instance,
                                                    tessera_rect new_bounds,
                                                    tessera_invalidation_context *out);
  /* [instance][prepared] targetContentOffsetForProposedContentOffset: where the content offset
   * should end when the layout changes or an animated scroll ends (a layout that snaps moves it
   * to the nearest item; a zooming layout keeps a focal point in place). OPTIONAL: when NULL,
   * the proposed offset. */
  tessera_status (*target_content_offset)(tessera_layout_instance *instance, tessera_point proposed,
                                          tessera_point *out);
  /* [instance][prepared] targetContentOffsetForProposedContentOffset:withScrollingVelocity:
   * where a scroll released with `velocity` (points per second, as UIKit documents it) should come to
   * rest. OPTIONAL: when NULL, the proposed offset (UIKit's base class does not fall back to
   * target_content_offset either). */
  tessera_status (*target_content_offset_for_velocity)(tessera_layout_instance *instance,
                                                       tessera_point proposed,
                                                       tessera_point velocity,
                                                       tessera_point *out);
  /* [instance] prepareForTransitionToLayout: this layout is about to be replaced by
   * `new_layout` (a descriptor of any plugin: compare it with your own, or read its name) in an
   * animated or interactive layout change. OPTIONAL: no-op when NULL. */
  tessera_status (*prepare_for_transition_to)(tessera_layout_instance *instance,
                                              const struct tessera_layout_descriptor *new_layout);
  /* [instance] prepareForTransitionFromLayout: this layout is about to replace `old_layout`.
   * OPTIONAL: no-op when NULL. */
  tessera_status (*prepare_for_transition_from)(tessera_layout_instance *instance,
                                                const struct tessera_layout_descriptor *old_layout);
  /* [instance] finalizeLayoutTransition: the change is over (finished or cancelled); called on
   * both layouts. OPTIONAL: no-op when NULL. */
  void (*finalize_layout_transition)(tessera_layout_instance *instance);
} tessera_layout_descriptor;

/* The smallest descriptor a 2.0 host accepts: everything up to and including get_extension. A
 * host reads functions appended later only when a descriptor's struct_size reaches them. */
enum {
  TESSERA_LAYOUT_DESCRIPTOR_V2_0_SIZE =
      (int)(offsetof(tessera_layout_descriptor, get_extension) + sizeof(void *)),
  /* Everything up to and including finalize_layout_transition. */
  TESSERA_LAYOUT_DESCRIPTOR_V2_1_SIZE =
      (int)(offsetof(tessera_layout_descriptor, finalize_layout_transition) + sizeof(void *))
};

#ifdef __cplusplus
}
#endif
#endif
