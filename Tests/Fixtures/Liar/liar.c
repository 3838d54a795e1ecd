/* A well-formed plugin whose layout "liar" gives bad answers on request (mode=nan, negative,
 * badpath, badkind, overflow, failprepare, hugecount, hugeneed, nantransform, nancustom,
 * badcallback, smallrecord, twice), so sessions pin how the host reports plugin bugs. */
#define FIXTURE_LAYOUT_NAME "liar"
#include "../common/fixture.h"
const tessera_plugin *tessera_plugin_entry(uint32_t major, uint32_t minor) {
  (void)minor;
  return major == TESSERA_ABI_MAJOR ? &fixture_plugin : NULL;
}
