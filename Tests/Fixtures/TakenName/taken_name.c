/* A plugin whose layout takes a name the bundled flow plugin already has. */
#define FIXTURE_LAYOUT_NAME "flow"
#include "../common/fixture.h"
const tessera_plugin *tessera_plugin_entry(uint32_t major, uint32_t minor) {
  (void)major;
  (void)minor;
  return &fixture_plugin;
}
