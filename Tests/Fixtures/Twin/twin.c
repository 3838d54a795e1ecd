/* A well-formed plugin named "fixture", like the liar, with a layout of its own ("twin"): loaded
 * next to the liar it is refused, since plugins are reloaded by name. */
#define FIXTURE_LAYOUT_NAME "twin"
#include "../common/fixture.h"
TESSERA_EXPORT const tessera_plugin *tessera_plugin_entry(uint32_t major, uint32_t minor) {
  (void)minor;
  return major == TESSERA_ABI_MAJOR ? &fixture_plugin : NULL;
}
