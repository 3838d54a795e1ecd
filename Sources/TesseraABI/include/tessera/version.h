/* Tessera plugin ABI — version numbers.
 *
 * Major versions break compatibility: a host refuses a plugin built for another major.
 * Minor versions only append (new fields at the end of size-prefixed structs, new functions at
 * the end of function tables, new extension ids). A plugin built for 1.N works with any 1.M host.
 */
#ifndef TESSERA_VERSION_H
#define TESSERA_VERSION_H

#define TESSERA_ABI_MAJOR 1
#define TESSERA_ABI_MINOR 0

#endif
