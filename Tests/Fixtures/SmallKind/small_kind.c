/* A plugin whose second element kind claims a struct_size smaller than ABI 2.0's element kind
 * (as a plugin that fills struct_size by hand, wrongly, would): the host checks every element of
 * every array, not just the first. */
#define FIXTURE_LAYOUT_NAME "smallkind"
#define FIXTURE_KIND_COUNT 2
#define FIXTURE_KIND_SIZE 8
#include "../common/fixture.h"
TESSERA_EXPORT const tessera_plugin *tessera_plugin_entry(uint32_t major, uint32_t minor) {
  (void)major;
  (void)minor;
  return &fixture_plugin;
}
