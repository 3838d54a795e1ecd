/* A plugin built for ABI 2.3. */
#define FIXTURE_ABI_MAJOR 2
#include "../common/fixture.h"
const tessera_plugin *tessera_plugin_entry(uint32_t major, uint32_t minor) {
  (void)major;
  (void)minor;
  return &fixture_plugin;
}
