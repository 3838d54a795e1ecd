/* A plugin whose description lies in the way -D names, built by PluginLoadingTests with cc
 * (not a package target): the host refuses each lie on load, without reading past the arrays.
 *   -DHUGE_OPTION_COUNT  option_count 2^31 over an array of one
 *   -DNULL_CHOICES       a choice option with choice_count 3 and no choices
 *   -DNULL_KINDS         kind_count 2 and no kinds array
 *   -DNULL_CUSTOM_KEY    custom_key_count 2 with the second key NULL
 *   -DBAD_LABEL_FORMAT   a drawing entry with label_format 7
 *   -DBAD_LABEL_CUSTOM   a drawing entry labelled by custom value 2^31 - 1 (there is one)
 *   -DLONG_COLOUR_PROP   cells coloured by a prop whose name is 300 bytes long
 *   -DNAME_NOT_A_WORD    the layout named "two words" */
#include <stdlib.h>
#include <string.h>
#include <tessera/tessera.h>

static tessera_layout_instance *create(const tessera_layout_descriptor *s, const tessera_data_source *d) {
  (void)s, (void)d;
  return calloc(1, 8);
}
static void destroy(tessera_layout_instance *i) { free(i); }
static const char *last_error(tessera_layout_instance *i) { (void)i; return ""; }
static tessera_status set_options(tessera_layout_instance *i, const tessera_option_value *v, size_t n, uint32_t s) {
  (void)i, (void)v, (void)n, (void)s;
  return TESSERA_OK;
}
static tessera_status prepare(tessera_layout_instance *i) { (void)i; return TESSERA_OK; }
static tessera_status content_size(tessera_layout_instance *i, tessera_size *o) {
  (void)i;
  o->width = o->height = 0;
  return TESSERA_OK;
}
static tessera_status in_rect(tessera_layout_instance *i, tessera_rect r, tessera_attributes_buffer *b) {
  (void)i, (void)r;
  b->count = 0;
  return TESSERA_OK;
}
static tessera_status item(tessera_layout_instance *i, tessera_index_path p, tessera_attributes *o) {
  (void)i, (void)p, (void)o;
  return TESSERA_NOT_FOUND;
}
static tessera_status invalidate(tessera_layout_instance *i, const tessera_invalidation_context *c) {
  (void)i, (void)c;
  return TESSERA_OK;
}

static const tessera_element_kind kinds[] = {
    {.struct_size = sizeof(tessera_element_kind), .category = TESSERA_CATEGORY_CELL, .name = "cell"}};
static const tessera_option_descriptor options[] = {
    {.struct_size = sizeof(tessera_option_descriptor), .type = TESSERA_OPTION_CHOICE, .name = "mode", .doc = "",
     .default_value = "a", .choice_count = 3}};
static const char *const keys[] = {"a", NULL};

#if defined(BAD_LABEL_FORMAT) || defined(BAD_LABEL_CUSTOM) || defined(LONG_COLOUR_PROP)
#define TEN "aaaaaaaaaa"
#define HUNDRED TEN TEN TEN TEN TEN TEN TEN TEN TEN TEN
static const tessera_kind_drawing drawing_kinds[] = {
    {.struct_size = sizeof(tessera_kind_drawing), .kind = 0, .shape = TESSERA_SHAPE_BOX, .flip_custom = -1,
#if defined(BAD_LABEL_FORMAT)
     .label_format = 7, .label_custom = 0},
#elif defined(LONG_COLOUR_PROP)
     .colour_prop = HUNDRED HUNDRED HUNDRED},
#else
     .label_format = TESSERA_LABEL_DATE, .label_custom = 2147483647},
#endif
};
static const tessera_drawing_extension drawing = {
    .struct_size = sizeof(tessera_drawing_extension), .kind_count = 1, .kind_stride = sizeof drawing_kinds[0],
    .kinds = drawing_kinds};
static const void *get_extension(const struct tessera_layout_descriptor *self, const char *id) {
  (void)self;
  return strcmp(id, TESSERA_DRAWING_EXTENSION_ID) == 0 ? &drawing : NULL;
}
#endif

static const tessera_layout_descriptor layout = {
    .struct_size = sizeof(tessera_layout_descriptor),
#ifdef NAME_NOT_A_WORD
    .name = "two words",
#else
    .name = "malformed",
#endif
    .summary = "lies",
#ifdef NULL_KINDS
    .kinds = NULL, .kind_count = 2,
#else
    .kinds = kinds, .kind_count = 1,
#endif
    .kind_stride = sizeof kinds[0],
#if defined(HUGE_OPTION_COUNT)
    .options = options, .option_count = 1u << 31, .option_stride = sizeof options[0],
#elif defined(NULL_CHOICES)
    .options = options, .option_count = 1, .option_stride = sizeof options[0],
#endif
#if defined(NULL_CUSTOM_KEY)
    .custom_keys = keys, .custom_key_count = 2,
#elif defined(BAD_LABEL_FORMAT) || defined(BAD_LABEL_CUSTOM) || defined(LONG_COLOUR_PROP)
    .custom_keys = keys, .custom_key_count = 1, .get_extension = get_extension,
#endif
    .create = create, .destroy = destroy, .last_error = last_error, .set_options = set_options,
    .prepare = prepare, .content_size = content_size, .attributes_in_rect = in_rect,
    .attributes_for_item = item, .invalidate = invalidate};
static const tessera_layout_descriptor *const layouts[] = {&layout};
static const tessera_plugin plugin = {
    .struct_size = sizeof(tessera_plugin), .abi_major = TESSERA_ABI_MAJOR, .abi_minor = TESSERA_ABI_MINOR,
    .layout_count = 1, .name = "malformed", .version = "0", .layouts = layouts};

TESSERA_EXPORT const tessera_plugin *tessera_plugin_entry(uint32_t major, uint32_t minor) {
  (void)major, (void)minor;
  return &plugin;
}
