/* A plugin whose entry refuses every host. */
#include <tessera/tessera.h>
const tessera_plugin *tessera_plugin_entry(uint32_t major, uint32_t minor) {
  (void)major;
  (void)minor;
  return NULL;
}
