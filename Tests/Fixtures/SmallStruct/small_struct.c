/* A plugin whose tessera_plugin claims to be smaller than ABI 2.0 requires. */
#define FIXTURE_STRUCT_SIZE 16
#include "../common/fixture.h"
const tessera_plugin *tessera_plugin_entry(uint32_t major, uint32_t minor) {
  (void)major;
  (void)minor;
  return &fixture_plugin;
}
