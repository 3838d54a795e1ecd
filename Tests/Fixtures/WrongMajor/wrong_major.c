/* A plugin built for ABI 1.3, an older major. */
#define FIXTURE_ABI_MAJOR 1
#include "../common/fixture.h"
const tessera_plugin *tessera_plugin_entry(uint32_t major, uint32_t minor) {
  (void)major;
  (void)minor;
  return &fixture_plugin;
}
