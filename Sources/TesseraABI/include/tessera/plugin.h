/* Tessera plugin ABI — the one symbol a plugin library exports:
 *
 *   TESSERA_EXPORT const tessera_plugin *tessera_plugin_entry(uint32_t host_abi_major,
 *                                                              uint32_t host_abi_minor) { ... }
 *
 * (declared below: a C plugin only defines it). [any] Called once, right after the host opens the library (RTLD_NOW | RTLD_LOCAL |
 * RTLD_NODELETE: libraries are never unloaded). Returns a pointer to a static, read-only
 * description valid for the life of the process, or NULL when the plugin cannot work with that
 * host (the host then reports "entry returned NULL"). A host refuses a plugin whose abi_major
 * differs from its own and names both versions.
 */
#ifndef TESSERA_PLUGIN_H
#define TESSERA_PLUGIN_H

#include <stddef.h>
#include <stdint.h>
#include "layout.h"
#include "version.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct tessera_plugin {
  uint32_t struct_size;
  /* The ABI the plugin was built against: TESSERA_ABI_MAJOR, TESSERA_ABI_MINOR. */
  uint32_t abi_major;
  uint32_t abi_minor;
  uint32_t layout_count;
  /* The library's name for `plugins`, e.g. "flow". */
  const char *name;
  /* Free-form version of the plugin itself, e.g. "1.0.0". */
  const char *version;
  const tessera_layout_descriptor *const *layouts;
} tessera_plugin;

/* The smallest tessera_plugin a 2.0 host accepts. */
enum { TESSERA_PLUGIN_V2_0_SIZE = (int)(offsetof(tessera_plugin, layouts) + sizeof(void *)) };

#define TESSERA_PLUGIN_ENTRY_SYMBOL "tessera_plugin_entry"

typedef const tessera_plugin *(*tessera_plugin_entry_fn)(uint32_t host_abi_major,
                                                         uint32_t host_abi_minor);

/* Makes a symbol visible outside the library whatever the compiler's default visibility. */
#if defined(_WIN32)
#define TESSERA_EXPORT __declspec(dllexport)
#else
#define TESSERA_EXPORT __attribute__((visibility("default")))
#endif

/* The entry point every plugin defines. (Swift plugins define it with @c/@_cdecl through
 * TesseraKit, so Swift does not see this declaration.) */
#ifndef __swift__
TESSERA_EXPORT const tessera_plugin *tessera_plugin_entry(uint32_t host_abi_major,
                                                          uint32_t host_abi_minor);
#endif

#ifdef __cplusplus
}
#endif
#endif
