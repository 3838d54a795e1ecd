/* Plugins that break the ABI's rules on purpose, so sessions can pin how the host refuses
 * them. Each fixture target includes this with a few macros set. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <tessera/tessera.h>

#ifndef FIXTURE_LAYOUT_NAME
#define FIXTURE_LAYOUT_NAME "fixture"
#endif

typedef struct fixture_instance {
  tessera_data_source source;
  int mode;
  char message[200];
} fixture_instance;

static const char *const fixture_modes[] = {
    "ok",       "nan",          "negative",  "badpath",     "badkind",    "overflow",   "failprepare",
    "hugecount", "hugeneed",    "nantransform", "nancustom", "badcallback", "smallrecord",
    "boundsctx", "badboundsctx", "twice"};
enum {
  MODE_FAILPREPARE = 6,
  MODE_HUGECOUNT,
  MODE_HUGENEED,
  MODE_NANTRANSFORM,
  MODE_NANCUSTOM,
  MODE_BADCALLBACK,
  MODE_SMALLRECORD,
  MODE_BOUNDSCTX,
  MODE_BADBOUNDSCTX,
  MODE_TWICE
};
static const char *const fixture_custom_keys[] = {"weight"};

static const tessera_option_descriptor fixture_options[] = {
    {sizeof(tessera_option_descriptor), TESSERA_OPTION_CHOICE, "mode", "how to misbehave", "ok", 0, 0,
     fixture_modes, sizeof fixture_modes / sizeof fixture_modes[0], 0},
};

#ifndef FIXTURE_KIND_SIZE
#define FIXTURE_KIND_SIZE sizeof(tessera_element_kind)
#endif
#ifndef FIXTURE_KIND_STRIDE
#define FIXTURE_KIND_STRIDE sizeof(tessera_element_kind)
#endif
/* How many of fixture_kinds the descriptor declares (the second only where a fixture breaks it). */
#ifndef FIXTURE_KIND_COUNT
#define FIXTURE_KIND_COUNT 1
#endif
#ifndef FIXTURE_OPTION_STRIDE
#define FIXTURE_OPTION_STRIDE sizeof(tessera_option_descriptor)
#endif
static const tessera_element_kind fixture_kinds[] = {
    {sizeof(tessera_element_kind), TESSERA_CATEGORY_CELL, "cell"},
    {FIXTURE_KIND_SIZE, TESSERA_CATEGORY_SUPPLEMENTARY, "badge"},
};

static tessera_layout_instance *fixture_create(const tessera_layout_descriptor *self,
                                               const tessera_data_source *source) {
  (void)self;
  fixture_instance *f = calloc(1, sizeof *f);
  memcpy(&f->source, source, source->struct_size < sizeof f->source ? source->struct_size : sizeof f->source);
  return (tessera_layout_instance *)f;
}
static void fixture_destroy(tessera_layout_instance *i) { free(i); }
static const char *fixture_last_error(tessera_layout_instance *i) {
  const fixture_instance *f = (const fixture_instance *)i;
  return f->message[0] ? f->message : "the fixture was told to fail (mode=failprepare)";
}
static tessera_status fixture_set_options(tessera_layout_instance *i, const tessera_option_value *v,
                                          size_t n, uint32_t stride) {
  (void)stride;
  if (n > 0) ((fixture_instance *)i)->mode = (int)v[0].numbers[0];
  return TESSERA_OK;
}
/* mode=badcallback: calls the data source with ranges that overflow int64 or make no sense; the
 * host must answer each with 0 (nothing filled), never trap. Any other answer fails prepare. */
static tessera_status fixture_bad_callbacks(fixture_instance *f) {
  const tessera_data_source *d = &f->source;
  tessera_item_metrics metrics[2];
  double numbers[4];
  int64_t lengths[2];
  int64_t answers[5] = {
      d->item_metrics(d->context, 0, INT64_MAX - 1, INT64_MAX, metrics, sizeof metrics[0]),
      d->item_metrics(d->context, INT64_MAX, 0, 2, metrics, 8),
      d->number_property_bulk(d->context, 0, INT64_MAX - 1, INT64_MAX, "size", 2, numbers, lengths),
      d->number_property_bulk(d->context, 0, 0, INT64_MAX, "size", INT64_MAX, numbers, lengths),
      d->number_property_bulk(d->context, 0, 0, 2, "size", -1, numbers, lengths),
  };
  for (int k = 0; k < 5; k++) {
    if (answers[k] != 0) {
      snprintf(f->message, sizeof f->message, "bad callback %d filled %lld items", k, (long long)answers[k]);
      return TESSERA_ERROR;
    }
  }
  return TESSERA_OK;
}
static tessera_status fixture_prepare(tessera_layout_instance *i) {
  fixture_instance *f = (fixture_instance *)i;
  f->message[0] = 0;
  if (f->mode == MODE_BADCALLBACK) return fixture_bad_callbacks(f);
  return f->mode == MODE_FAILPREPARE ? TESSERA_ERROR : TESSERA_OK;
}
static tessera_status fixture_content_size(tessera_layout_instance *i, tessera_size *out) {
  (void)i;
  out->width = 100;
  out->height = 100;
  return TESSERA_OK;
}
/* One cell, 0.0, at (0, 0, 10, 10) — broken as the mode says. */
static void fixture_cell(const fixture_instance *f, tessera_attributes *a) {
  tessera_attributes_init(a);
  a->frame.width = 10;
  a->frame.height = 10;
  switch (f->mode) {
    case 1: a->frame.x = NAN; break;
    case 2: a->frame.width = -5; break;
    case 3: a->index_path.section = 7; a->index_path.item = 3; break;
    case 4: a->category = TESSERA_CATEGORY_SUPPLEMENTARY; a->kind = 9; break;
    case MODE_NANTRANSFORM: a->transform.tx = INFINITY; break;
    case MODE_NANCUSTOM: a->custom_mask = 1; a->custom[0] = NAN; break;
    case MODE_SMALLRECORD: a->struct_size = 8; break; /* smaller than any ABI 2 record */
    default: break;
  }
}
static tessera_status fixture_in_rect(tessera_layout_instance *i, tessera_rect r,
                                      tessera_attributes_buffer *b) {
  (void)r;
  const fixture_instance *f = (const fixture_instance *)i;
  if (f->mode == 5) { /* claims more records than the buffer holds */
    b->count = b->capacity + 1;
    return TESSERA_OK;
  }
  if (f->mode == MODE_HUGECOUNT) { /* claims SIZE_MAX records, with OK */
    b->count = SIZE_MAX;
    return TESSERA_OK;
  }
  if (f->mode == MODE_HUGENEED) { /* asks for 2^40 records (167 TB) */
    b->count = (size_t)1 << 40;
    return TESSERA_BUFFER_TOO_SMALL;
  }
  if (f->mode == MODE_TWICE) { /* answers cell 0.0 twice, the second 20 points lower */
    if (b->capacity < 2) { b->count = 2; return TESSERA_BUFFER_TOO_SMALL; }
    fixture_cell(f, b->records);
    tessera_attributes *second = (tessera_attributes *)((char *)b->records + b->record_size);
    fixture_cell(f, second);
    second->frame.y = 20;
    b->count = 2;
    return TESSERA_OK;
  }
  if (b->capacity < 1) { b->count = 1; return TESSERA_BUFFER_TOO_SMALL; }
  fixture_cell(f, b->records);
  b->count = 1;
  return TESSERA_OK;
}
static tessera_status fixture_item(tessera_layout_instance *i, tessera_index_path p,
                                   tessera_attributes *out) {
  if (p.section != 0 || p.item != 0) return TESSERA_NOT_FOUND;
  fixture_cell((const fixture_instance *)i, out);
  return TESSERA_OK;
}
static tessera_status fixture_invalidate(tessera_layout_instance *i,
                                         const tessera_invalidation_context *c) {
  (void)i;
  (void)c;
  return TESSERA_OK;
}

/* The host's default (a size change invalidates), except in the bounds-context modes, where
 * every bounds change does. */
static tessera_bool fixture_should_invalidate_for_bounds(tessera_layout_instance *i,
                                                         tessera_rect r) {
  const fixture_instance *f = (const fixture_instance *)i;
  if (f->mode == MODE_BOUNDSCTX || f->mode == MODE_BADBOUNDSCTX) return 1;
  tessera_rect old = f->source.bounds(f->source.context);
  return old.width != r.width || old.height != r.height;
}
/* mode=boundsctx: a bounds change invalidates item 0.0 only (what a layout with one pinned
 * element would name); mode=badboundsctx: a context claiming SIZE_MAX items. */
static const tessera_index_path fixture_pinned[] = {{0, 0}};
static tessera_status fixture_bounds_context(tessera_layout_instance *i, tessera_rect r,
                                             tessera_invalidation_context *out) {
  (void)r;
  const fixture_instance *f = (const fixture_instance *)i;
  tessera_invalidation_context c;
  memset(&c, 0, sizeof c);
  c.struct_size = out->struct_size < sizeof c ? out->struct_size : (uint32_t)sizeof c;
  c.items = fixture_pinned;
  c.item_count = f->mode == MODE_BADBOUNDSCTX ? SIZE_MAX : 1;
  c.preferred_size_stride = sizeof(tessera_preferred_size);
  c.update_item_stride = sizeof(tessera_update_item);
  memcpy(out, &c, c.struct_size);
  return TESSERA_OK;
}

static const tessera_layout_descriptor fixture_layout = {
    .struct_size = sizeof(tessera_layout_descriptor),
    .name = FIXTURE_LAYOUT_NAME,
    .summary = "a plugin that misbehaves on purpose (mode=...)",
    .options = fixture_options,
    .option_count = 1,
    .option_stride = FIXTURE_OPTION_STRIDE,
    .kinds = fixture_kinds,
    .kind_count = FIXTURE_KIND_COUNT,
    .kind_stride = FIXTURE_KIND_STRIDE,
    .custom_keys = fixture_custom_keys,
    .custom_key_count = 1,
    .create = fixture_create,
    .destroy = fixture_destroy,
    .last_error = fixture_last_error,
    .set_options = fixture_set_options,
    .prepare = fixture_prepare,
    .content_size = fixture_content_size,
    .attributes_in_rect = fixture_in_rect,
    .attributes_for_item = fixture_item,
    .invalidate = fixture_invalidate,
    .should_invalidate_for_bounds = fixture_should_invalidate_for_bounds,
    .invalidation_context_for_bounds = fixture_bounds_context,
};
static const tessera_layout_descriptor *const fixture_layouts[] = {&fixture_layout};

#ifndef FIXTURE_ABI_MAJOR
#define FIXTURE_ABI_MAJOR TESSERA_ABI_MAJOR
#endif
#ifndef FIXTURE_STRUCT_SIZE
#define FIXTURE_STRUCT_SIZE sizeof(tessera_plugin)
#endif

static const tessera_plugin fixture_plugin = {
    .struct_size = FIXTURE_STRUCT_SIZE,
    .abi_major = FIXTURE_ABI_MAJOR,
    .abi_minor = 3,
    .layout_count = 1,
    .name = "fixture",
    .version = "0.0.1",
    .layouts = fixture_layouts,
};
