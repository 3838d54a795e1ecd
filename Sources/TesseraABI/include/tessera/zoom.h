/* Tessera plugin ABI — extension "tessera.zoom/1": which option is a layout's zoom scale.
 *
 * The talk's pinch ("Beyond the Grid", AltConf 2015) zooms a timeline by installing a new
 * instance of the same layout with its scale multiplied. `zoom FACTOR` does that for any layout
 * that names its scale option here: the timeline's `scale` (points per day), a grid's item size.
 * The host asks once, when it loads the plugin, through the descriptor's
 * `get_extension(self, TESSERA_ZOOM_EXTENSION_ID)`; the table must stay valid and unchanged while
 * the library is loaded (a static table is simplest). A layout without it returns NULL: `zoom`
 * then refuses, saying the layout has no zoom scale.
 *
 * Versioning: fields are only ever appended; the table starts with its size, and a host reads
 * only the fields within it.
 */
#ifndef TESSERA_ZOOM_H
#define TESSERA_ZOOM_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define TESSERA_ZOOM_EXTENSION_ID "tessera.zoom/1"

/* The axes along which the scale stretches the content (`axes` below). */
enum {
  TESSERA_ZOOM_AXIS_X = 1,
  TESSERA_ZOOM_AXIS_Y = 2
};

/* The table `get_extension` returns for TESSERA_ZOOM_EXTENSION_ID. */
typedef struct tessera_zoom_extension {
  /* sizeof(tessera_zoom_extension) of the header the table was compiled with. */
  uint32_t struct_size;
  /* TESSERA_ZOOM_AXIS_X | TESSERA_ZOOM_AXIS_Y: where the content stretches with the scale (the
   * timeline's days run along x only; a grid's item size stretches both). The host keeps the
   * content point under a pinch in place by scaling its distance from the nearest cell along
   * these axes. 0 means both. */
  uint32_t axes;
  /* The name of one of the descriptor's options, of type INTEGER, NUMBER or SIZE: the zoom
   * multiplies every number of its value (and refuses a result outside the option's range). */
  const char *scale_option;
} tessera_zoom_extension;

/* The smallest table a host of this version reads: every field above. */
enum { TESSERA_ZOOM_EXTENSION_V1_SIZE = (int)sizeof(tessera_zoom_extension) };

#ifdef __cplusplus
}
#endif
#endif
