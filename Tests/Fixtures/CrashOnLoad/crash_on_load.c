/* A plugin whose entry point aborts: loading it must cost only the 'plugin load' command. */
#include <stdlib.h>
#include <tessera/tessera.h>

const tessera_plugin *tessera_plugin_entry(uint32_t major, uint32_t minor) {
  (void)major;
  (void)minor;
  abort();
}
