/* Tessera plugin ABI, version 2 — the umbrella header. Include this one.
 *
 * A plugin is a shared library exporting `tessera_plugin_entry` (plugin.h). It describes its
 * layouts (layout.h) without instantiating them; the host creates instances with a table of
 * data-source callbacks (data_source.h) and drives the UICollectionViewLayout lifecycle:
 * invalidate -> prepare -> content size -> rect queries, with batch updates and self-sizing in
 * between. Every struct that crosses the boundary starts with its own size (or is frozen), and
 * every array is read at a stride its writer states; see version.h for the compatibility rules.
 */
#ifndef TESSERA_TESSERA_H
#define TESSERA_TESSERA_H

#include "version.h"
#include "status.h"
#include "geometry.h"
#include "attributes.h"
#include "options.h"
#include "data_source.h"
#include "updates.h"
#include "invalidation.h"
#include "layout.h"
#include "plugin.h"
#include "drawing.h"
#include "zoom.h"
#include "clock.h"
#include "state.h"
#include "helpers.h"

#endif
