/* A plugin whose options array says its entries are 8 bytes apart, less than one ABI 2.0 option
 * descriptor: the host refuses to read it at that stride. */
#define FIXTURE_LAYOUT_NAME "smallstride"
#define FIXTURE_OPTION_STRIDE 8
#include "../common/fixture.h"
TESSERA_EXPORT const tessera_plugin *tessera_plugin_entry(uint32_t major, uint32_t minor) {
  (void)major;
  (void)minor;
  return &fixture_plugin;
}
