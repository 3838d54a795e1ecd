// The ABI is headers only; this file gives SwiftPM a C target to compile.
#include "tessera/tessera.h"
