// HarfBuzz (Debian's libharfbuzz-dev): the text shaper that measures a cell's `text` prop.
#include <hb.h>
#include <hb-ot.h>
