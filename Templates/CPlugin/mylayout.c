/* A Tessera layout plugin in plain C: the template to start from. Rename the plugin and the
 * layout (MY_PLUGIN_NAME and MY_LAYOUT_NAME below): a plugin whose plugin or layout name is taken
 * is refused. Build with `make` (see the Makefile), load with `plugin load ./libmylayout.so`,
 * check with `tessera conform ./libmylayout.so`.
 *
 * The layout: a grid of `columns` equal columns (an option), each cell as tall as the dataset
 * says (or 44), rows as tall as their tallest cell; sections follow one another.
 *
 * What every C plugin must do to keep working as the ABI grows (version.h):
 *  - fill structs with designated initializers, so fields a newer header appends start at zero;
 *  - read arrays the host passes at the stride it gives (TESSERA_CONST_ELEMENT), never at your
 *    own sizeof;
 *  - copy records into the host's no larger than the room it set (record_size, struct_size):
 *    tessera/helpers.h does it (tessera_buffer_put, tessera_copy_attributes);
 *  - copy the data-source table no larger than its struct_size. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <tessera/tessera.h>
#include <tessera/helpers.h>

#define MY_PLUGIN_NAME "mylayout"
#define MY_LAYOUT_NAME "mylayout"

typedef struct my_layout {
  tessera_data_source source;
  int64_t columns;
  double bounds_width; /* of the bounds, at the last prepare */
  double width;        /* of the content: the bounds' less the adjusted content inset's sides */
  int64_t sections;
  int64_t *first;      /* per section: its first cell, all sections together; one more at the end */
  tessera_rect *frames;
  double height;
  char error[160];     /* what the last call that returned TESSERA_ERROR found wrong */
} my_layout;

/* Records what went wrong for last_error and returns TESSERA_ERROR. */
static tessera_status my_fail(my_layout *m, const char *what) {
  snprintf(m->error, sizeof m->error, "mylayout: %s", what);
  return TESSERA_ERROR;
}

static const tessera_option_descriptor my_options[] = {
    {.struct_size = sizeof(tessera_option_descriptor), .type = TESSERA_OPTION_INTEGER,
     .name = "columns", .doc = "how many columns", .default_value = "3", .minimum = 1,
     .maximum = 64},
};

static const tessera_element_kind my_kinds[] = {
    {.struct_size = sizeof(tessera_element_kind), .category = TESSERA_CATEGORY_CELL, .name = "cell"},
};

static tessera_layout_instance *my_create(const tessera_layout_descriptor *self,
                                          const tessera_data_source *source) {
  (void)self;
  my_layout *m = calloc(1, sizeof *m);
  if (!m) return NULL;
  tessera_keep_data_source(&m->source, source); /* an older host's table is shorter */
  m->columns = 3;
  return (tessera_layout_instance *)m;
}

static void my_destroy(tessera_layout_instance *instance) {
  my_layout *m = (my_layout *)instance;
  free(m->first);
  free(m->frames);
  free(m);
}

static const char *my_last_error(tessera_layout_instance *instance) {
  return ((my_layout *)instance)->error;
}

static tessera_status my_set_options(tessera_layout_instance *instance,
                                     const tessera_option_value *values, size_t count,
                                     uint32_t stride) {
  my_layout *m = (my_layout *)instance;
  for (size_t i = 0; i < count; i++) {
    const tessera_option_value *value = TESSERA_CONST_ELEMENT(tessera_option_value, values, stride, i);
    if (value->option == 0) m->columns = (int64_t)value->numbers[0];
  }
  return TESSERA_OK;
}

static tessera_status my_prepare(tessera_layout_instance *instance) {
  my_layout *m = (my_layout *)instance;
  void *ctx = m->source.context;
  int64_t sections = m->source.number_of_sections(ctx), total = 0;
  for (int64_t s = 0; s < sections; s++) total += m->source.number_of_items(ctx, s);
  int64_t *first = realloc(m->first, sizeof(int64_t) * (size_t)(sections + 1));
  if (!first) return my_fail(m, "out of memory for the section table");
  m->first = first;
  tessera_rect *frames = realloc(m->frames, sizeof(tessera_rect) * (size_t)(total ? total : 1));
  if (!frames) return my_fail(m, "out of memory for the frames");
  m->frames = frames;
  m->sections = sections;
  /* As UIKit's flow does, the columns share the bounds' width less the scroll view's adjusted
   * content inset on each side (`viewport … inset= safeArea=`; all zero from a host before ABI
   * 2.5, which tessera_read_scroll_insets handles). */
  tessera_scroll_insets insets;
  tessera_read_scroll_insets(&m->source, &insets);
  m->bounds_width = m->source.bounds(ctx).width;
  m->width = m->bounds_width - insets.adjusted_content_inset.left - insets.adjusted_content_inset.right;
  if (!(m->width > 0)) m->width = 0;
  double cell_width = m->width / (double)m->columns, y = 0, row_height = 0;
  tessera_item_metrics metrics[128];
  int64_t index = 0;
  for (int64_t s = 0; s < sections; s++) {
    first[s] = index;
    int64_t count = m->source.number_of_items(ctx, s);
    for (int64_t done = 0; done < count;) {
      int64_t want = count - done < 128 ? count - done : 128;
      int64_t got = m->source.item_metrics(ctx, s, done, want, metrics, sizeof metrics[0]);
      if (got <= 0) break;
      for (int64_t k = 0; k < got; k++, index++) {
        int64_t column = index % m->columns;
        if (column == 0 && index > 0) y += row_height, row_height = 0;
        double h = (metrics[k].flags & TESSERA_ITEM_HAS_SIZE) ? metrics[k].size.height : 44;
        if (h > row_height) row_height = h;
        frames[index] = (tessera_rect){(double)column * cell_width, y, cell_width, h};
      }
      done += got;
    }
  }
  first[sections] = index;
  m->height = index > 0 ? y + row_height : 0;
  return TESSERA_OK;
}

static tessera_status my_content_size(tessera_layout_instance *instance, tessera_size *out) {
  const my_layout *m = (const my_layout *)instance;
  out->width = m->width;
  out->height = m->height;
  return TESSERA_OK;
}

/* The section holding cell `index` (all sections together): a binary search over `first`. */
static int64_t my_section_of(const my_layout *m, int64_t index) {
  int64_t lo = 0, hi = m->sections - 1;
  while (lo < hi) {
    int64_t mid = lo + (hi - lo + 1) / 2;
    if (m->first[mid] <= index) lo = mid; else hi = mid - 1;
  }
  return lo;
}

/* Cell `index` (all sections together). */
static tessera_attributes my_record(const my_layout *m, int64_t index) {
  int64_t s = my_section_of(m, index);
  tessera_attributes a;
  tessera_attributes_init(&a);
  a.index_path.section = s;
  a.index_path.item = index - m->first[s];
  a.frame = m->frames[index];
  return a;
}

/* Core Graphics' CGRectIntersectsRect: the closed intervals overlap on both axes, so frames
 * touching the rect and zero-height frames inside it count (the host checks this rule). */
static int my_overlaps(tessera_rect a, tessera_rect r) {
  return a.x <= r.x + r.width && r.x <= a.x + a.width && a.y <= r.y + r.height && r.y <= a.y + a.height;
}

/* The first cell whose row may reach down to `y`. Rows are laid out top to bottom, so cell tops
 * never decrease: a binary search finds the last cell starting above y (its row may end at y,
 * touching the rect), and its row's first cell is where the rect's cells begin. A query costs
 * O(log n + k), never a scan. */
static int64_t my_first_reaching(const my_layout *m, double y) {
  int64_t lo = 0, hi = m->first[m->sections];
  while (lo < hi) {
    int64_t mid = lo + (hi - lo) / 2;
    if (m->frames[mid].y < y) lo = mid + 1; else hi = mid;
  }
  return lo == 0 ? 0 : (lo - 1) / m->columns * m->columns;
}

static tessera_status my_attributes_in_rect(tessera_layout_instance *instance, tessera_rect rect,
                                            tessera_attributes_buffer *buffer) {
  const my_layout *m = (const my_layout *)instance;
  size_t n = 0;
  for (int64_t k = my_first_reaching(m, rect.y); k < m->first[m->sections] && m->frames[k].y <= rect.y + rect.height;
       k++) {
    if (!my_overlaps(m->frames[k], rect)) continue;
    tessera_attributes a = my_record(m, k);
    tessera_buffer_put(buffer, n++, &a); /* counted even when it does not fit */
  }
  buffer->count = n;
  return n <= buffer->capacity ? TESSERA_OK : TESSERA_BUFFER_TOO_SMALL;
}

static tessera_status my_attributes_for_item(tessera_layout_instance *instance,
                                             tessera_index_path path, tessera_attributes *out) {
  const my_layout *m = (const my_layout *)instance;
  if (path.section < 0 || path.section >= m->sections || path.item < 0) return TESSERA_NOT_FOUND;
  int64_t index = m->first[path.section] + path.item;
  if (index >= m->first[path.section + 1]) return TESSERA_NOT_FOUND;
  tessera_attributes a = my_record(m, index);
  tessera_copy_attributes(&a, out, out->struct_size); /* no more than the host's record holds */
  return TESSERA_OK;
}

static tessera_status my_invalidate(tessera_layout_instance *instance,
                                    const tessera_invalidation_context *context) {
  (void)instance, (void)context; /* prepare recomputes everything */
  return TESSERA_OK;
}

/* The columns follow the bounds' width: a new width lays the cells out again. */
static tessera_bool my_should_invalidate_for_bounds(tessera_layout_instance *instance,
                                                    tessera_rect new_bounds) {
  return new_bounds.width != ((const my_layout *)instance)->bounds_width;
}

static const tessera_layout_descriptor my_layout_descriptor = {
    .struct_size = sizeof(tessera_layout_descriptor),
    .name = MY_LAYOUT_NAME,
    .summary = "a grid of equal columns (the C template)",
    .options = my_options,
    .option_count = sizeof my_options / sizeof my_options[0],
    .option_stride = sizeof my_options[0],
    .kinds = my_kinds,
    .kind_count = 1,
    .kind_stride = sizeof my_kinds[0],
    .create = my_create,
    .destroy = my_destroy,
    .last_error = my_last_error,
    .set_options = my_set_options,
    .prepare = my_prepare,
    .content_size = my_content_size,
    .attributes_in_rect = my_attributes_in_rect,
    .attributes_for_item = my_attributes_for_item,
    .invalidate = my_invalidate,
    .should_invalidate_for_bounds = my_should_invalidate_for_bounds,
};

static const tessera_layout_descriptor *const my_layouts[] = {&my_layout_descriptor};

static const tessera_plugin my_plugin = {
    .struct_size = sizeof(tessera_plugin),
    .abi_major = TESSERA_ABI_MAJOR,
    .abi_minor = TESSERA_ABI_MINOR,
    .layout_count = 1,
    .name = MY_PLUGIN_NAME,
    .version = "0.1.0",
    .layouts = my_layouts,
};

TESSERA_EXPORT const tessera_plugin *tessera_plugin_entry(uint32_t host_abi_major,
                                                          uint32_t host_abi_minor) {
  (void)host_abi_minor;
  return host_abi_major == TESSERA_ABI_MAJOR ? &my_plugin : NULL;
}
