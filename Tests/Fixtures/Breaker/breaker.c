/* A plugin of layouts that each break one conformance rule on purpose, and one ("grid") that
 * keeps them all, so tests can show `tessera conform` catches each rule and names only it.
 *
 * The grid: cells of 50x50 (a preferred size changes a cell's height), four to a row, rows 60
 * apart, sections one after another. Each "breaks-RULE" layout is the grid with one bug.
 * "misses-tall-item" shows a bug only some items bring out: the shrinker must find one.
 * "breaks-motion-restore" moves with time (tessera.clock/1): a scroll leaves its cells lagging
 * half the scroll behind, and each frame halves the lag; it saves the lag (tessera.state/1) but
 * its restore forgets it. */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <tessera/tessera.h>

enum {
  GRID,
  ANSWERS,
  RECT,
  LOOKUP,
  CONTENT,
  DETERMINISM,
  SELFSIZING,
  BATCH,
  SCROLL,
  BOUNDS,
  MOTION,
  CRASHSIZING,
  UNSUPPORTED,
  NANLOOKUP,
  BADSCROLL,
  TALL,
  NUDGE,
  LAYOUT_COUNT
};

typedef struct breaker {
  tessera_data_source source;
  int kind;
  int64_t count;        /* items, all sections together */
  double *height;       /* per item */
  int64_t *first;       /* per section: its first item */
  int64_t sections;
  double shift;         /* breaks-batch: the incremental update's off-by-one-point bug */
  double offset;        /* breaks-determinism: differs per instance */
  double unit;          /* breaks-bounds-change: a cell's width, an eighth of the width at create */
  double lag;           /* breaks-motion-restore: how far its cells lag the last scroll */
  double last_y;        /* breaks-motion-restore: the bounds' y it last saw */
} breaker;

static int instances_made;

static const tessera_element_kind breaker_kinds[] = {
    {.struct_size = sizeof(tessera_element_kind), .category = TESSERA_CATEGORY_CELL, .name = "cell"},
};

static tessera_layout_instance *breaker_create(const tessera_layout_descriptor *self,
                                               const tessera_data_source *source);

static void breaker_destroy(tessera_layout_instance *i) {
  breaker *b = (breaker *)i;
  free(b->height);
  free(b->first);
  free(b);
}
static const char *breaker_last_error(tessera_layout_instance *i) {
  (void)i;
  return "breaker: out of memory";
}
static tessera_status breaker_set_options(tessera_layout_instance *i, const tessera_option_value *v,
                                          size_t n, uint32_t stride) {
  (void)i, (void)v, (void)n, (void)stride;
  return TESSERA_OK;
}

static tessera_status breaker_prepare(tessera_layout_instance *i) {
  breaker *b = (breaker *)i;
  void *c = b->source.context;
  int64_t sections = b->source.number_of_sections(c), total = 0;
  for (int64_t s = 0; s < sections; s++) total += b->source.number_of_items(c, s);
  if (total != b->count || sections != b->sections) {
    /* New counts: heights start at 50 again. */
    double *height = realloc(b->height, sizeof(double) * (size_t)(total + 1));
    int64_t *first = realloc(b->first, sizeof(int64_t) * (size_t)(sections + 1));
    if (!height || !first) {
      free(height ? height : b->height);
      free(first ? first : b->first);
      b->height = NULL, b->first = NULL, b->count = 0, b->sections = 0;
      return TESSERA_ERROR;
    }
    b->height = height, b->first = first;
    for (int64_t k = 0; k < total; k++) height[k] = 50;
    b->count = total, b->sections = sections;
  }
  int64_t index = 0;
  for (int64_t s = 0; s < sections; s++) {
    b->first[s] = index;
    index += b->source.number_of_items(c, s);
  }
  b->first[sections] = index;
  /* misses-tall-item: cells as tall as the data says (50 without a size). */
  for (int64_t s = 0; s < sections && b->kind == TALL; s++) {
    for (int64_t k = b->first[s]; k < b->first[s + 1]; k++) {
      tessera_item_metrics m = {.struct_size = sizeof m};
      if (b->source.item_metrics(c, s, k - b->first[s], 1, &m, sizeof m) == 1 && (m.flags & TESSERA_ITEM_HAS_SIZE))
        b->height[k] = m.size.height;
    }
  }
  return TESSERA_OK;
}

/* Rows of four; a row is as tall as its tallest cell plus 10. */
static double row_top(const breaker *b, int64_t row) {
  double y = 0;
  for (int64_t r = 0; r < row; r++) {
    double tallest = 0;
    for (int64_t k = r * 4; k < r * 4 + 4 && k < b->count; k++)
      if (b->height[k] > tallest) tallest = b->height[k];
    y += tallest + 10;
  }
  return y;
}

static void cell(const breaker *b, int64_t k, tessera_attributes *out) {
  int64_t s = 0;
  while (s + 1 < b->sections && b->first[s + 1] <= k) s++;
  tessera_attributes_init(out);
  out->index_path.section = s;
  out->index_path.item = k - b->first[s];
  out->frame.x = (double)(k % 4) * (b->kind == BOUNDS ? b->unit + 10 : 60) + b->shift + b->offset;
  out->frame.y = row_top(b, k / 4);
  out->frame.width = b->kind == BOUNDS ? b->unit : 50;
  out->frame.height = b->height[k];
  out->frame.y += b->lag;
  if (b->kind == ANSWERS && k == 0) out->frame.x = NAN;
  if (b->kind == BADSCROLL && b->source.bounds(b->source.context).y > 0) out->index_path.item += 1000000;
}

static tessera_status breaker_content_size(tessera_layout_instance *i, tessera_size *out) {
  const breaker *b = (const breaker *)i;
  out->width = 400;
  out->height = row_top(b, (b->count + 3) / 4);
  if (b->kind == CONTENT && out->height > 30) out->height -= 30;
  if (b->kind == TALL) {
    /* Its bug: the content counts a row as at most 100 points, though a cell may be taller. */
    out->height = 0;
    for (int64_t r = 0; r < (b->count + 3) / 4; r++) {
      double tallest = 0;
      for (int64_t k = r * 4; k < r * 4 + 4 && k < b->count; k++)
        if (b->height[k] > tallest) tallest = b->height[k];
      out->height += (tallest < 90 ? tallest : 90) + 10;
    }
  }
  return TESSERA_OK;
}

/* CGRectIntersectsRect, the host's rule: touching and zero-area frames count. */
static int overlaps(tessera_rect a, tessera_rect r) {
  return a.x <= r.x + r.width && r.x <= a.x + a.width && a.y <= r.y + r.height && r.y <= a.y + a.height;
}

static tessera_status fill(const breaker *b, tessera_rect r, int all, tessera_attributes_buffer *buffer) {
  size_t n = 0;
  double dy = b->kind == SCROLL ? b->source.bounds(b->source.context).y / 2 : 0;
  for (int64_t k = 0; k < b->count; k++) {
    tessera_attributes a;
    cell(b, k, &a);
    if (!all) a.frame.y += dy;
    if (!all && !overlaps(a.frame, r)) continue;
    if (n < buffer->capacity) {
      tessera_attributes *to = TESSERA_ELEMENT(tessera_attributes, buffer->records, buffer->record_size, n);
      size_t bytes = buffer->record_size < sizeof a ? buffer->record_size : sizeof a;
      a.struct_size = (uint32_t)bytes;
      memcpy(to, &a, bytes);
    }
    n++;
  }
  if (b->kind == RECT && !all && n > 0) n--; /* drops the last element it found */
  buffer->count = n;
  return n <= buffer->capacity ? TESSERA_OK : TESSERA_BUFFER_TOO_SMALL;
}

static tessera_status breaker_in_rect(tessera_layout_instance *i, tessera_rect r,
                                      tessera_attributes_buffer *buffer) {
  return fill((const breaker *)i, r, 0, buffer);
}
static tessera_status breaker_all(tessera_layout_instance *i, tessera_attributes_buffer *buffer) {
  tessera_rect none = {0, 0, 0, 0};
  return fill((const breaker *)i, none, 1, buffer);
}

static tessera_status breaker_item(tessera_layout_instance *i, tessera_index_path p, tessera_attributes *out) {
  const breaker *b = (const breaker *)i;
  if (p.section < 0 || p.section >= b->sections || p.item < 0) return TESSERA_NOT_FOUND;
  int64_t k = b->first[p.section] + p.item;
  if (k >= b->first[p.section + 1]) return TESSERA_NOT_FOUND;
  tessera_attributes a;
  cell(b, k, &a);
  if (b->kind == LOOKUP) a.frame.x += 1;
  if (b->kind == NANLOOKUP && k == 0) a.frame.width = NAN; /* only its lookup says so */
  if (b->kind == NUDGE) a.frame.x += 1e-7; /* a difference no table shows */
  size_t bytes = out->struct_size < sizeof a ? out->struct_size : sizeof a;
  a.struct_size = (uint32_t)bytes;
  memcpy(out, &a, bytes);
  return TESSERA_OK;
}

static tessera_status breaker_invalidate(tessera_layout_instance *i, const tessera_invalidation_context *c) {
  breaker *b = (breaker *)i;
  int everything = (c->flags & TESSERA_INVALIDATE_EVERYTHING) != 0;
  /* breaks-batch: its incremental path for update items moves every cell a point. */
  if (b->kind == BATCH && c->update_item_count > 0 && !everything) b->shift = 1;
  for (size_t k = 0; k < c->preferred_size_count; k++) {
    const tessera_preferred_size *p =
        TESSERA_CONST_ELEMENT(tessera_preferred_size, c->preferred_sizes, c->preferred_size_stride, k);
    if (p->index_path.section < 0 || p->index_path.section >= b->sections) continue;
    int64_t at = b->first[p->index_path.section] + p->index_path.item;
    /* breaks-self-sizing: the incremental pass gives the size to the next cell. */
    if (b->kind == SELFSIZING && !everything) at++;
    if (at >= 0 && at < b->count) b->height[at] = p->size.height;
  }
  return TESSERA_OK;
}

static tessera_bool breaker_should_invalidate_for_bounds(tessera_layout_instance *i, tessera_rect r) {
  breaker *b = (breaker *)i;
  if (b->kind == MOTION) {
    b->lag += (r.y - b->last_y) / 2;
    b->last_y = r.y;
  }
  return 0; /* the width is fixed at 400 */
}

/* breaks-motion-restore's time and state. */
static tessera_status motion_advance(tessera_layout_instance *i, double seconds, tessera_clock_report *out) {
  breaker *b = (breaker *)i;
  (void)seconds;
  b->lag = fabs(b->lag) < 0.25 ? 0 : b->lag / 2;
  tessera_clock_report report = {.struct_size = out->struct_size, .running = b->lag != 0, .invalidates = 1};
  memcpy(out, &report, out->struct_size < sizeof report ? out->struct_size : sizeof report);
  return TESSERA_OK;
}
static tessera_bool motion_is_running(tessera_layout_instance *i) { return ((breaker *)i)->lag != 0; }
static tessera_status motion_save(tessera_layout_instance *i, const uint8_t **bytes, size_t *count) {
  *bytes = (const uint8_t *)&((breaker *)i)->lag;
  *count = sizeof(double);
  return TESSERA_OK;
}
static tessera_status motion_restore(tessera_layout_instance *i, const uint8_t *bytes, size_t count) {
  (void)i, (void)bytes, (void)count;
  return TESSERA_OK; /* its bug: the lag saved is not taken up */
}
static const tessera_clock_extension motion_clock = {
    .struct_size = sizeof motion_clock, .advance = motion_advance, .is_running = motion_is_running};
static const tessera_state_extension motion_state = {
    .struct_size = sizeof motion_state, .save = motion_save, .restore = motion_restore};
static const void *motion_extension(const tessera_layout_descriptor *self, const char *id);
static int *volatile breaker_nowhere = NULL;

static tessera_bool breaker_should_invalidate_for_preferred(tessera_layout_instance *i,
                                                           const tessera_attributes *preferred,
                                                           const tessera_attributes *original) {
  /* crashes-self-sizing: a preferred size takes the process down. */
  if (((const breaker *)i)->kind == CRASHSIZING) *breaker_nowhere = 1;
  return preferred->frame.height != original->frame.height;
}

/* "unsupported": the grid, answering TESSERA_UNSUPPORTED from every optional call that returns a
 * status (status.h: the host then applies the call's default), and asking to be invalidated by
 * every bounds change so that the bounds context is asked for. */
static tessera_bool unsupported_should_invalidate_for_bounds(tessera_layout_instance *i, tessera_rect r) {
  (void)i, (void)r;
  return 1;
}
static tessera_status unsupported_all(tessera_layout_instance *i, tessera_attributes_buffer *buffer) {
  (void)i, (void)buffer;
  return TESSERA_UNSUPPORTED;
}
static tessera_status unsupported_context_for_preferred(tessera_layout_instance *i, const tessera_attributes *p,
                                                        const tessera_attributes *o,
                                                        tessera_invalidation_context *out) {
  (void)i, (void)p, (void)o, (void)out;
  return TESSERA_UNSUPPORTED;
}
static tessera_status unsupported_prepare_for_updates(tessera_layout_instance *i, const tessera_update_item *items,
                                                      size_t count, uint32_t stride) {
  (void)i, (void)items, (void)count, (void)stride;
  return TESSERA_UNSUPPORTED;
}
static tessera_status unsupported_context_for_bounds(tessera_layout_instance *i, tessera_rect r,
                                                     tessera_invalidation_context *out) {
  (void)i, (void)r, (void)out;
  return TESSERA_UNSUPPORTED;
}
static tessera_status unsupported_target(tessera_layout_instance *i, tessera_point proposed, tessera_point *out) {
  (void)i, (void)proposed, (void)out;
  return TESSERA_UNSUPPORTED;
}
static tessera_status unsupported_transition(tessera_layout_instance *i,
                                             const struct tessera_layout_descriptor *other) {
  (void)i, (void)other;
  return TESSERA_UNSUPPORTED;
}

#define BREAKER_LAYOUT(NAME, SUMMARY)                                                          \
  {                                                                                            \
    .struct_size = sizeof(tessera_layout_descriptor), .name = NAME, .summary = SUMMARY,        \
    .kinds = breaker_kinds, .kind_count = 1, .kind_stride = sizeof(tessera_element_kind),      \
    .create = breaker_create, .destroy = breaker_destroy, .last_error = breaker_last_error,    \
    .set_options = breaker_set_options, .prepare = breaker_prepare,                            \
    .content_size = breaker_content_size, .attributes_in_rect = breaker_in_rect,               \
    .all_attributes = breaker_all, .attributes_for_item = breaker_item,                        \
    .invalidate = breaker_invalidate,                                                          \
    .should_invalidate_for_bounds = breaker_should_invalidate_for_bounds,                      \
    .should_invalidate_for_preferred = breaker_should_invalidate_for_preferred,                \
  }

static const tessera_layout_descriptor breaker_layouts[LAYOUT_COUNT] = {
    BREAKER_LAYOUT("grid", "keeps every rule"),
    BREAKER_LAYOUT("breaks-valid-answers", "cell 0.0 has a NaN x"),
    BREAKER_LAYOUT("breaks-rect-query", "drops the last element of every rect query"),
    BREAKER_LAYOUT("breaks-lookup", "attributes_for_item is a point to the right"),
    BREAKER_LAYOUT("breaks-content-size", "the content is 30 points too short"),
    BREAKER_LAYOUT("breaks-determinism", "each instance is a point right of the one before"),
    BREAKER_LAYOUT("breaks-self-sizing", "the incremental pass gives a preferred size to the next cell"),
    BREAKER_LAYOUT("breaks-batch", "its incremental update moves every cell a point"),
    BREAKER_LAYOUT("breaks-scroll-stable", "rect queries move with the bounds, though it never invalidates"),
    BREAKER_LAYOUT("breaks-bounds-change", "cells an eighth of the width it was made at, though it never invalidates"),
    {
        .struct_size = sizeof(tessera_layout_descriptor), .name = "breaks-motion-restore",
        .summary = "cells lag a scroll and catch up frame by frame; a restore forgets the lag",
        .kinds = breaker_kinds, .kind_count = 1, .kind_stride = sizeof(tessera_element_kind),
        .create = breaker_create, .destroy = breaker_destroy, .last_error = breaker_last_error,
        .set_options = breaker_set_options, .prepare = breaker_prepare,
        .content_size = breaker_content_size, .attributes_in_rect = breaker_in_rect,
        .all_attributes = breaker_all, .attributes_for_item = breaker_item,
        .invalidate = breaker_invalidate,
        .should_invalidate_for_bounds = breaker_should_invalidate_for_bounds,
        .should_invalidate_for_preferred = breaker_should_invalidate_for_preferred,
        .get_extension = motion_extension,
    },
    BREAKER_LAYOUT("crashes-self-sizing", "the grid, but a preferred size crashes it (SIGSEGV)"),
    {
        .struct_size = sizeof(tessera_layout_descriptor), .name = "unsupported",
        .summary = "the grid, answering unsupported from every optional call",
        .kinds = breaker_kinds, .kind_count = 1, .kind_stride = sizeof(tessera_element_kind),
        .create = breaker_create, .destroy = breaker_destroy, .last_error = breaker_last_error,
        .set_options = breaker_set_options, .prepare = breaker_prepare,
        .content_size = breaker_content_size, .attributes_in_rect = breaker_in_rect,
        .all_attributes = unsupported_all, .attributes_for_item = breaker_item,
        .invalidate = breaker_invalidate,
        .should_invalidate_for_bounds = unsupported_should_invalidate_for_bounds,
        .should_invalidate_for_preferred = breaker_should_invalidate_for_preferred,
        .invalidation_context_for_preferred = unsupported_context_for_preferred,
        .prepare_for_updates = unsupported_prepare_for_updates,
        .invalidation_context_for_bounds = unsupported_context_for_bounds,
        .target_content_offset = unsupported_target,
        .prepare_for_transition_to = unsupported_transition,
        .prepare_for_transition_from = unsupported_transition,
    },
    BREAKER_LAYOUT("nan-lookup", "the grid, but looking up cell 0.0 gives a NaN width (rect queries skip it)"),
    BREAKER_LAYOUT("bad-after-scroll", "the grid, but once the view has scrolled its cells name items that do not exist"),
    BREAKER_LAYOUT("misses-tall-item", "cells as tall as the data says, but the content counts a row as at most 100"),
    BREAKER_LAYOUT("nudges-lookup", "the grid, but attributes_for_item is 1e-7 points to the right"),
};
static const tessera_layout_descriptor *const breaker_list[LAYOUT_COUNT] = {
    &breaker_layouts[0], &breaker_layouts[1], &breaker_layouts[2], &breaker_layouts[3], &breaker_layouts[4],
    &breaker_layouts[5], &breaker_layouts[6], &breaker_layouts[7], &breaker_layouts[8], &breaker_layouts[9],
    &breaker_layouts[10], &breaker_layouts[11], &breaker_layouts[12],
    &breaker_layouts[13], &breaker_layouts[14], &breaker_layouts[15], &breaker_layouts[16],
};

static const void *motion_extension(const tessera_layout_descriptor *self, const char *id) {
  if (self != &breaker_layouts[MOTION]) return NULL;
  if (strcmp(id, TESSERA_CLOCK_EXTENSION_ID) == 0) return &motion_clock;
  if (strcmp(id, TESSERA_STATE_EXTENSION_ID) == 0) return &motion_state;
  return NULL;
}

static tessera_layout_instance *breaker_create(const tessera_layout_descriptor *self,
                                               const tessera_data_source *source) {
  breaker *b = calloc(1, sizeof *b);
  if (!b) return NULL;
  memcpy(&b->source, source, source->struct_size < sizeof b->source ? source->struct_size : sizeof b->source);
  b->kind = (int)(self - breaker_layouts);
  if (b->kind == DETERMINISM) b->offset = instances_made;
  b->unit = b->source.bounds(b->source.context).width / 8;
  b->last_y = b->source.bounds(b->source.context).y;
  instances_made++;
  return (tessera_layout_instance *)b;
}

static const tessera_plugin breaker_plugin = {
    .struct_size = sizeof(tessera_plugin),
    .abi_major = TESSERA_ABI_MAJOR,
    .abi_minor = TESSERA_ABI_MINOR,
    .layout_count = LAYOUT_COUNT,
    .name = "breaker",
    .version = "0.0.1",
    .layouts = breaker_list,
};

TESSERA_EXPORT const tessera_plugin *tessera_plugin_entry(uint32_t major, uint32_t minor) {
  (void)minor;
  return major == TESSERA_ABI_MAJOR ? &breaker_plugin : NULL;
}
