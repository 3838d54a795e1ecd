/* Tessera plugin ABI — extension "tessera.drawing/1": how a layout's kinds should be drawn.
 *
 * Pictures (`render`) draw every element as a box unless its layout says otherwise. A layout
 * that draws some kinds as lines (the schematic's connectors) or dots returns this table from
 * its descriptor's `get_extension(self, TESSERA_DRAWING_EXTENSION_ID)`. The host asks once, when
 * it loads the plugin, and reads the table then; it must stay valid and unchanged for as long as
 * the library is loaded (a static table is simplest). A layout without the extension returns
 * NULL (or has no `get_extension`): every kind is a box.
 *
 * Versioning: the id carries the extension's major version. Fields are only ever appended to the
 * two structs below; each starts with its size, and the entries of `kinds` are read at the
 * stride `kind_stride` says, so a table from a newer header (larger entries) reads in an older
 * host and one from this header reads in a newer host (missing fields take their defaults).
 */
#ifndef TESSERA_DRAWING_H
#define TESSERA_DRAWING_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define TESSERA_DRAWING_EXTENSION_ID "tessera.drawing/1"

typedef enum tessera_shape {
  /* The frame as a rectangle (the default). */
  TESSERA_SHAPE_BOX = 0,
  /* A diagonal of the frame: a connector. A frame of zero height or width is a straight line. */
  TESSERA_SHAPE_LINE = 1,
  /* A dot at the frame's centre, as wide as the frame's smaller side. A frame longer one way is
   * drawn as a capsule filling it, its short ends rounded (hosts from ABI 2.5; before, a dot at
   * its centre): the timeline's events over several days. */
  TESSERA_SHAPE_DOT = 2
} tessera_shape;

typedef enum tessera_line_direction {
  /* From the frame's bottom-left corner to its top-right corner. */
  TESSERA_LINE_RISING = 0,
  /* From the frame's top-left corner to its bottom-right corner. */
  TESSERA_LINE_FALLING = 1
} tessera_line_direction;

typedef enum tessera_label_format {
  /* The label is the element's index path (the default). */
  TESSERA_LABEL_PATH = 0,
  /* The label is a custom value, as a number. */
  TESSERA_LABEL_NUMBER = 1,
  /* The label is a custom value counting days since 1970-01-01, as an ISO date YYYY-MM-DD. */
  TESSERA_LABEL_DATE = 2
} tessera_label_format;

/* How one kind is drawn. */
typedef struct tessera_kind_drawing {
  /* sizeof(tessera_kind_drawing) of the header the table was compiled with. */
  uint32_t struct_size;
  /* The kind: an index into the descriptor's `kinds` (0 for cells: a layout whose cells are dots
   * says so with an entry for kind 0). */
  uint32_t kind;
  /* A tessera_shape value. */
  uint32_t shape;
  /* For lines: a tessera_line_direction value, the diagonal drawn when the flip value is 0. */
  uint32_t direction;
  /* For lines: an index into the descriptor's `custom_keys` whose value, when not 0, makes the
   * line take the other diagonal; -1 for none. */
  int32_t flip_custom;
  uint32_t reserved;
  /* Appended after the first 24 bytes (an older table, with a smaller struct_size, reads as
   * TESSERA_LABEL_PATH). For boxes: a tessera_label_format value. When it is not
   * TESSERA_LABEL_PATH, an element of the kind that has custom value `label_custom` (an index into
   * the descriptor's `custom_keys`) is labelled with that value (the timeline's date headings,
   * with their day), its index path on a second line. */
  uint32_t label_format;
  int32_t label_custom;
  /* Appended after the first 32 bytes (an older table, with a smaller struct_size, reads as NULL).
   * For cells (kind 0) only: the name of a string prop of the dataset's items. Each distinct value
   * of it takes a colour of its own, in the sorted order of the values the dataset holds, and the
   * legend names it `key=value` (the schematic's nodes by their `type`). The values take the
   * palette's colours after the layout's kinds' and share them past its end, never the colour of
   * cells without the prop. Items without the prop,
   * or with another type of value, keep the cells' colour. NULL: one colour for every cell. The
   * string, 1 to 255 bytes of UTF-8, lives as long as the table. */
  const char *colour_prop;
} tessera_kind_drawing;

/* The table `get_extension` returns for TESSERA_DRAWING_EXTENSION_ID. */
typedef struct tessera_drawing_extension {
  /* sizeof(tessera_drawing_extension) of the header the table was compiled with. */
  uint32_t struct_size;
  /* How many entries `kinds` holds; at most one per kind, kinds not listed are boxes. */
  uint32_t kind_count;
  /* The distance in bytes from one entry of `kinds` to the next (at least the first 24 bytes, the
   * fields up to `flip_custom` and `reserved`); sizeof(tessera_kind_drawing) when writing. */
  uint32_t kind_stride;
  uint32_t reserved;
  const tessera_kind_drawing *kinds;
} tessera_drawing_extension;

/* The smallest entry a host reads: the fields up to `flip_custom` and `reserved` (24 bytes). */
enum { TESSERA_KIND_DRAWING_V1_SIZE = 24 };
/* The size of an entry up to `label_custom`, before `colour_prop` was appended. */
enum { TESSERA_KIND_DRAWING_LABELS_SIZE = 32 };

#ifdef __cplusplus
}
#endif
#endif
