/* Tessera plugin ABI — extension "tessera.clock/1": a layout whose attributes move with time.
 *
 * UIKit has no layout hook for time: a layout that animates on its own (a springy flow layout
 * with a UIDynamicAnimator, a layout that eases its items to new places) is driven by the
 * display's refresh, which calls back into the layout and invalidates it. Tessera's clock is the
 * workbench's `step SECONDS` / `step frames=N` and the frames of `drag`, `fling` and
 * `scroll X Y animated`: on every frame it calls `advance` on a layout that has this table, then
 * invalidates the layout with the context `advance` returned and runs a layout pass, as the
 * display link's tick does on a device. A layout without the table does not move with time.
 *
 * The host asks once, when it loads the plugin, through the descriptor's
 * `get_extension(self, TESSERA_CLOCK_EXTENSION_ID)`; the table must stay valid and unchanged while
 * the library is loaded (a static table is simplest). Its functions take an instance and follow
 * layout.h's [instance] contract.
 *
 * Versioning: fields are only ever appended; the table and the report start with their size,
 * and a reader touches only the fields within it.
 */
#ifndef TESSERA_CLOCK_H
#define TESSERA_CLOCK_H

#include <stdint.h>
#include "invalidation.h"
#include "layout.h"
#include "status.h"

#ifdef __cplusplus
extern "C" {
#endif

#define TESSERA_CLOCK_EXTENSION_ID "tessera.clock/1"

/* What one `advance` did. The host sets struct_size before the call; the plugin writes no field
 * beyond it. */
typedef struct tessera_clock_report {
  uint32_t struct_size;
  /* 1 when the layout still moves after this step (the host's `step` reports it running and a
   * film strip keeps recording); 0 once it has come to rest. */
  tessera_bool running;
  /* 1 when the step moved something: the host invalidates the layout with `context` and runs a
   * layout pass. 0: nothing changed and no pass runs. */
  tessera_bool invalidates;
  uint32_t reserved;
  /* What the step invalidated, as invalidation_context_for_bounds fills one; the plugin's, valid
   * until the next call on the instance. NULL with `invalidates` = 1 means an empty context
   * (UIKit's invalidateLayout(): prepare runs again). */
  const tessera_invalidation_context *context;
} tessera_clock_report;

/* The table `get_extension` returns for TESSERA_CLOCK_EXTENSION_ID. */
typedef struct tessera_clock_extension {
  /* sizeof(tessera_clock_extension) of the header the table was compiled with. */
  uint32_t struct_size;
  uint32_t reserved;
  /* [instance] Advances the layout's own time by `seconds` (finite, > 0 and at most 1: one
   * frame, 1/60 s on the workbench's clock) and fills `out` (see tessera_clock_report). Called
   * between layout passes, never inside one. TESSERA_ERROR (with last_error) stops the clock and
   * is reported as the layout's failure. */
  tessera_status (*advance)(tessera_layout_instance *instance, double seconds, tessera_clock_report *out);
  /* [instance] 1 when the layout moves now (a drag pulled its springs), so a `step` has work to
   * do; 0 at rest. OPTIONAL: when NULL, the host asks `advance` and reads `running`. */
  tessera_bool (*is_running)(tessera_layout_instance *instance);
} tessera_clock_extension;

/* The smallest table a host of this version reads: every field above. */
enum {
  TESSERA_CLOCK_EXTENSION_V1_SIZE = (int)sizeof(tessera_clock_extension),
  TESSERA_CLOCK_REPORT_V1_SIZE = (int)sizeof(tessera_clock_report)
};

#ifdef __cplusplus
}
#endif
#endif
