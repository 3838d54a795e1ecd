/* The "list" layout: a plugin written in plain C against <tessera/tessera.h> only. It is the
 * template a third party copies; build it with
 *   cc -shared -fPIC -I Sources/TesseraABI/include -o liblist.so Plugins/ListC/list.c
 */
#ifndef TESSERA_LIST_H
#define TESSERA_LIST_H
#include <tessera/tessera.h>
/* tessera_plugin_entry is declared in <tessera/plugin.h>. */
#endif
