/* A one-column list: every item spans the bounds width (minus insets) and is as tall as its
 * preferred height (self-sizing), else its estimate, else its dataset size, else rowHeight, with
 * `spacing` between rows.
 *
 *   |[0.0                 ]|
 *   |[0.1                 ]|
 *   |[1.0                 ]|
 *
 * Sections simply continue the column. It leaves every OPTIONAL call NULL but the two
 * should_invalidate_* (a new width, self-sizing rows), so the host's documented defaults (UIKit's
 * base class) are exercised by a real plugin. It uses only ABI 2.0, so it builds against any 2.x
 * headers.
 *
 * To start a plugin of your own from it, rename both the plugin (`.name` in list_plugin) and the
 * layout (`.name` in list_layout): a plugin whose plugin or layout name is taken is refused. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <tessera/tessera.h>
#include <tessera/helpers.h>

typedef struct list_instance {
  tessera_data_source source;
  double row_height;
  double spacing;
  double inset;
  /* Per item, across sections: y and height; per section: index of its first item. */
  double *y;
  double *height;
  /* Preferred heights reported by self-sizing cells, per row (NAN: none), kept between passes
   * and dropped when the data-source counts change (their index paths no longer hold). */
  double *preferred;
  int64_t preferred_count;
  int64_t *section_first;
  int64_t section_count;
  int64_t item_count;
  double width;
  double content_height;
  /* Whether the rows are as the last prepare left them but for preferred heights from row
   * `stale_from` on (self-sizing): then prepare places only those rows. Any other invalidation
   * clears `placed`, and prepare lays out every row again. */
  int placed;
  int64_t stale_from;
  char error[256];
} list_instance;

/* Designated initializers: fields a newer header appends start at zero, their default. */
static const tessera_option_descriptor list_options[] = {
    {.struct_size = sizeof(tessera_option_descriptor), .type = TESSERA_OPTION_NUMBER,
     .name = "rowHeight", .doc = "height of rows the dataset gives no size", .default_value = "44",
     .minimum = 0, .maximum = 1e9},
    {.struct_size = sizeof(tessera_option_descriptor), .type = TESSERA_OPTION_NUMBER,
     .name = "spacing", .doc = "space between rows", .default_value = "0", .minimum = 0,
     .maximum = 1e9},
    {.struct_size = sizeof(tessera_option_descriptor), .type = TESSERA_OPTION_NUMBER,
     .name = "inset", .doc = "space left and right of every row", .default_value = "0",
     .minimum = 0, .maximum = 1e9},
};

static const tessera_element_kind list_kinds[] = {
    {.struct_size = sizeof(tessera_element_kind), .category = TESSERA_CATEGORY_CELL, .name = "cell"},
};

static tessera_layout_instance *list_create(const tessera_layout_descriptor *self,
                                            const tessera_data_source *source) {
  (void)self;
  list_instance *list = calloc(1, sizeof(list_instance));
  if (!list) return NULL;
  /* An older host's table is smaller: keep what it has (callbacks beyond stay NULL). */
  tessera_keep_data_source(&list->source, source);
  list->row_height = 44;
  return (tessera_layout_instance *)list;
}

static void list_destroy(tessera_layout_instance *instance) {
  list_instance *list = (list_instance *)instance;
  free(list->y);
  free(list->height);
  free(list->section_first);
  free(list->preferred);
  free(list);
}

static const char *list_last_error(tessera_layout_instance *instance) {
  return ((list_instance *)instance)->error;
}

static tessera_status list_set_options(tessera_layout_instance *instance,
                                       const tessera_option_value *values, size_t count,
                                       uint32_t stride) {
  list_instance *list = (list_instance *)instance;
  /* Values are `stride` bytes apart: a newer host's are larger than ours. */
  for (size_t i = 0; i < count; i++) {
    const tessera_option_value *value = TESSERA_CONST_ELEMENT(tessera_option_value, values, stride, i);
    switch (value->option) {
      case 0: list->row_height = value->numbers[0]; break;
      case 1: list->spacing = value->numbers[0]; break;
      case 2: list->inset = value->numbers[0]; break;
      default: break;
    }
  }
  return TESSERA_OK;
}

/* After self-sizing alone, only the rows from the first changed one move: each takes its
 * preferred height and its place below the row before, with the same additions a full prepare
 * makes (so the frames are the same to the last bit), reading no metrics. */
static void list_place_from(list_instance *list, int64_t from) {
  double cursor = from > 0 ? list->y[from - 1] + list->height[from - 1] : 0;
  for (int64_t index = from; index < list->item_count; index++) {
    if (index > 0) cursor += list->spacing;
    if (!isnan(list->preferred[index])) list->height[index] = list->preferred[index];
    list->y[index] = cursor;
    cursor += list->height[index];
  }
  list->content_height = cursor;
}

static tessera_status list_prepare(tessera_layout_instance *instance) {
  list_instance *list = (list_instance *)instance;
  void *ctx = list->source.context;
  if (list->placed && list->stale_from < list->item_count) {
    list_place_from(list, list->stale_from);
    list->stale_from = list->item_count;
    return TESSERA_OK;
  }
  int64_t sections = list->source.number_of_sections(ctx);
  int64_t total = 0;
  for (int64_t s = 0; s < sections; s++) total += list->source.number_of_items(ctx, s);
  /* Grow, never shrink: reusing the arrays keeps a re-prepare free of page faults. */
  size_t want = (size_t)(total ? total : 1);
  double *y = realloc(list->y, sizeof(double) * want);
  if (y) list->y = y;
  double *height = y ? realloc(list->height, sizeof(double) * want) : NULL;
  if (height) list->height = height;
  int64_t *first = height ? realloc(list->section_first, sizeof(int64_t) * (size_t)(sections + 1)) : NULL;
  if (first) list->section_first = first;
  if (!y || !height || !first) {
    strcpy(list->error, "list: out of memory");
    return TESSERA_ERROR;
  }
  if (list->preferred_count != total) {
    free(list->preferred);
    list->preferred = malloc(sizeof(double) * want);
    list->preferred_count = list->preferred ? total : 0;
    for (int64_t i = 0; i < list->preferred_count; i++) list->preferred[i] = NAN;
  }
  tessera_item_metrics metrics[256];
  double cursor = 0;
  int64_t index = 0;
  for (int64_t s = 0; s < sections; s++) {
    first[s] = index;
    int64_t count = list->source.number_of_items(ctx, s);
    for (int64_t done = 0; done < count;) {
      int64_t want = count - done < 256 ? count - done : 256;
      int64_t got = list->source.item_metrics(ctx, s, done, want, metrics, sizeof metrics[0]);
      if (got <= 0) break;
      for (int64_t k = 0; k < got; k++) {
        if (index > 0) cursor += list->spacing;
        /* An estimate is what a self-sizing row is first told; the measured height arrives as
         * a preferred one. */
        double h = (metrics[k].flags & TESSERA_ITEM_HAS_ESTIMATE) ? metrics[k].estimated.height
                   : (metrics[k].flags & TESSERA_ITEM_HAS_SIZE) ? metrics[k].size.height
                                                                : list->row_height;
        if (index < list->preferred_count && !isnan(list->preferred[index])) h = list->preferred[index];
        y[index] = cursor;
        height[index] = h;
        cursor += h;
        index++;
      }
      done += got;
    }
  }
  first[sections] = index;
  list->section_count = sections;
  list->item_count = index;
  list->width = list->source.bounds(ctx).width;
  list->content_height = cursor;
  list->placed = 1;
  list->stale_from = index;
  return TESSERA_OK;
}

static tessera_status list_content_size(tessera_layout_instance *instance, tessera_size *out) {
  list_instance *list = (list_instance *)instance;
  out->width = list->width;
  out->height = list->content_height;
  return TESSERA_OK;
}

static void list_fill(const list_instance *list, int64_t index, tessera_attributes *out) {
  /* The section holding `index`: binary search over section starts. */
  int64_t low = 0, high = list->section_count;
  while (high - low > 1) {
    int64_t mid = (low + high) / 2;
    if (list->section_first[mid] <= index) low = mid; else high = mid;
  }
  while (low + 1 < list->section_count && list->section_first[low + 1] <= index) low++;
  tessera_attributes_init(out);
  out->index_path.section = low;
  out->index_path.item = index - list->section_first[low];
  out->frame.x = list->inset;
  out->frame.y = list->y[index];
  out->frame.width = list->width - 2 * list->inset;
  out->frame.height = list->height[index];
}

static tessera_status list_attributes_in_rect(tessera_layout_instance *instance, tessera_rect rect,
                                              tessera_attributes_buffer *buffer) {
  list_instance *list = (list_instance *)instance;
  double left = list->inset, right = list->width - list->inset;
  size_t count = 0;
  if (rect.x <= right && left <= rect.x + rect.width) {
    /* The first row reaching the rect's top (Core Graphics' rule: touching counts, and so
     * does a row of zero height inside the rect). */
    int64_t low = 0, high = list->item_count;
    while (low < high) {
      int64_t mid = (low + high) / 2;
      if (list->y[mid] + list->height[mid] >= rect.y) high = mid; else low = mid + 1;
    }
    for (int64_t i = low; i < list->item_count && list->y[i] <= rect.y + rect.height; i++) {
      if (list->y[i] + list->height[i] < rect.y) continue;
      if (count < buffer->capacity) {
        tessera_attributes record;
        list_fill(list, i, &record);
        tessera_buffer_put(buffer, count, &record);
      }
      count++;
    }
  }
  buffer->count = count;
  return count <= buffer->capacity ? TESSERA_OK : TESSERA_BUFFER_TOO_SMALL;
}

static tessera_status list_attributes_for_item(tessera_layout_instance *instance,
                                               tessera_index_path path, tessera_attributes *out) {
  list_instance *list = (list_instance *)instance;
  if (path.section < 0 || path.section >= list->section_count || path.item < 0) {
    return TESSERA_NOT_FOUND;
  }
  int64_t index = list->section_first[path.section] + path.item;
  if (index >= list->section_first[path.section + 1]) return TESSERA_NOT_FOUND;
  tessera_attributes record;
  list_fill(list, index, &record);
  tessera_copy_attributes(&record, out, out->struct_size);
  return TESSERA_OK;
}

/* Rows span the bounds width: a new width lays them out again, scrolling does not (when NULL,
 * the host answers false, as UIKit's base class). */
static tessera_bool list_should_invalidate_for_bounds(tessera_layout_instance *instance,
                                                      tessera_rect new_bounds) {
  return new_bounds.width != ((list_instance *)instance)->width;
}

/* Self-sizing: a cell's preferred size invalidates the layout when it differs from the one it
 * was given (when NULL, the host answers false, as UIKit's base class). */
static tessera_bool list_should_invalidate_for_preferred(tessera_layout_instance *instance,
                                                         const tessera_attributes *preferred,
                                                         const tessera_attributes *original) {
  (void)instance;
  return preferred->frame.width != original->frame.width ||
         preferred->frame.height != original->frame.height;
}

/* The state to keep is the preferred heights: the host's default context for a preferred size
 * (invalidation_context_for_preferred is NULL) carries the item and its size. A context with
 * only preferred sizes marks the rows from the first of them stale; any other lays out every
 * row again. */
static tessera_status list_invalidate(tessera_layout_instance *instance,
                                      const tessera_invalidation_context *context) {
  list_instance *list = (list_instance *)instance;
  if (context->flags & TESSERA_INVALIDATE_DATA_SOURCE_COUNTS) {
    free(list->preferred);
    list->preferred = NULL;
    list->preferred_count = 0;
    list->placed = 0;
    return TESSERA_OK;
  }
  if (context->flags != 0 || context->preferred_size_count == 0) list->placed = 0;
  for (size_t i = 0; i < context->preferred_size_count; i++) {
    const tessera_preferred_size *preferred = TESSERA_CONST_ELEMENT(
        tessera_preferred_size, context->preferred_sizes, context->preferred_size_stride, i);
    tessera_index_path path = preferred->index_path;
    if (path.section < 0 || path.section >= list->section_count || path.item < 0) continue;
    int64_t index = list->section_first[path.section] + path.item;
    if (index < list->section_first[path.section + 1] && index < list->preferred_count) {
      list->preferred[index] = preferred->size.height;
      if (index < list->stale_from) list->stale_from = index;
    }
  }
  return TESSERA_OK;
}

static const tessera_layout_descriptor list_layout = {
    .struct_size = sizeof(tessera_layout_descriptor),
    .name = "list",
    .summary = "one full-width column (a plugin written in plain C)",
    .options = list_options,
    .option_count = sizeof list_options / sizeof list_options[0],
    .option_stride = sizeof list_options[0],
    .kinds = list_kinds,
    .kind_count = 1,
    .kind_stride = sizeof list_kinds[0],
    .create = list_create,
    .destroy = list_destroy,
    .last_error = list_last_error,
    .set_options = list_set_options,
    .prepare = list_prepare,
    .content_size = list_content_size,
    .attributes_in_rect = list_attributes_in_rect,
    .attributes_for_item = list_attributes_for_item,
    .invalidate = list_invalidate,
    .should_invalidate_for_bounds = list_should_invalidate_for_bounds,
    .should_invalidate_for_preferred = list_should_invalidate_for_preferred,
};

static const tessera_layout_descriptor *const list_layouts[] = {&list_layout};

static const tessera_plugin list_plugin = {
    .struct_size = sizeof(tessera_plugin),
    .abi_major = TESSERA_ABI_MAJOR,
    .abi_minor = TESSERA_ABI_MINOR,
    .layout_count = 1,
    .name = "list",
    .version = "1.0.0",
    .layouts = list_layouts,
};

TESSERA_EXPORT const tessera_plugin *tessera_plugin_entry(uint32_t host_abi_major,
                                                          uint32_t host_abi_minor) {
  (void)host_abi_minor;
  return host_abi_major == TESSERA_ABI_MAJOR ? &list_plugin : NULL;
}
