/* Tessera plugin ABI — extension "tessera.state/1": a moving layout's motion, saved and taken up.
 *
 * The workbench keeps a session safe from a crashing plugin by running layouts in an engine
 * process it can restart; a restarted engine takes up a checkpoint of the session (the dataset,
 * the bounds, the layout and its options, the clock) instead of replaying every command. What
 * moves inside a layout with time (the springs of a UIDynamicAnimator pulled by a drag, see
 * clock.h) is the plugin's own memory, which no checkpoint can read: without this table the host
 * takes no checkpoint while the layout moves, and a checkpoint it must take all the same (a long
 * session) gives the motion up: the restored layout starts at rest.
 *
 * With it, the host asks `save` for the motion as bytes and writes them into the checkpoint; a new
 * engine makes a new instance with the same options, dataset and bounds, runs a layout pass (the
 * instance prepares) and hands the bytes to `restore`, then invalidates the layout as a clock
 * step does. The contract that makes that exact: after a pass, whatever the layout keeps besides
 * its motion follows from its options, the dataset and the bounds (what a fresh instance's
 * prepare computes), and `save` returns everything else. A layout that cannot say so now (it has
 * not prepared since the bounds last changed) refuses `save`; the host tries again later.
 *
 * The host asks once, when it loads the plugin, through the descriptor's
 * `get_extension(self, TESSERA_STATE_EXTENSION_ID)`; the table must stay valid and unchanged while
 * the library is loaded. Its functions take an instance and follow layout.h's [instance] contract.
 * The host calls them only between layout passes, and only on layouts that have the
 * tessera.clock/1 table.
 *
 * Versioning: fields are only ever appended; the table starts with its size, and a reader touches
 * only the fields within it. The bytes are the plugin's own format: a plugin should start them with
 * a tag and version of its own and refuse any it does not read.
 */
#ifndef TESSERA_STATE_H
#define TESSERA_STATE_H

#include <stddef.h>
#include <stdint.h>
#include "layout.h"
#include "status.h"

#ifdef __cplusplus
extern "C" {
#endif

#define TESSERA_STATE_EXTENSION_ID "tessera.state/1"

/* The table `get_extension` returns for TESSERA_STATE_EXTENSION_ID. */
typedef struct tessera_state_extension {
  /* sizeof(tessera_state_extension) of the header the table was compiled with. */
  uint32_t struct_size;
  uint32_t reserved;
  /* [instance] The layout's motion as bytes: sets *bytes and *count to memory the plugin owns,
   * valid until the next call on the instance (count 0: nothing moves that a pass does not
   * recompute). TESSERA_ERROR (with last_error) when the motion cannot be saved now; the host
   * keeps the commands that led to it instead and asks again later. Must not change the layout. */
  tessera_status (*save)(tessera_layout_instance *instance, const uint8_t **bytes, size_t *count);
  /* [instance] Takes up `count` bytes a `save` of the same plugin returned, on an instance with
   * the same options, dataset and bounds that has just prepared. The bytes come from a file:
   * a plugin checks them and answers TESSERA_ERROR (with last_error) for bytes it does not read
   * or that do not fit the instance (other items, another count), leaving the instance as it
   * was; the host then says the motion was lost and the layout starts at rest. */
  tessera_status (*restore)(tessera_layout_instance *instance, const uint8_t *bytes, size_t count);
} tessera_state_extension;

/* The smallest table a host of this version reads: every field above. */
enum { TESSERA_STATE_EXTENSION_V1_SIZE = (int)sizeof(tessera_state_extension) };

#ifdef __cplusplus
}
#endif
#endif
