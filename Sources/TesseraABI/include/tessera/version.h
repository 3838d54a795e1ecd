/* Tessera plugin ABI — version numbers and the rules that let it grow.
 *
 * Major versions break compatibility: a host refuses a plugin built for another major and names
 * both versions. Minor versions only append, so a plugin built for 2.N works with every 2.M
 * host, older or newer, and the other way round. The rules that make that true:
 *
 *  1. Every struct that crosses the boundary starts with `uint32_t struct_size`, set by whoever
 *     writes it to sizeof() of the header it was compiled with, or its header says it is FROZEN
 *     (plain values such as tessera_rect, tessera_index_path: never changed, a new need gets a
 *     new type). A reader touches only fields that lie within struct_size and takes the
 *     documented default for the rest; a writer that fills a struct the reader allocated (an
 *     `out` parameter) writes no more than the struct_size the reader set.
 *  2. Every array of sized structs that crosses is read at a stride the writer states: a
 *     `*_stride` field beside the pointer, or a `stride` argument beside the count. Element i is
 *     at (const char *)base + i * stride (TESSERA_ELEMENT below). Each element still carries its
 *     own struct_size, and the host checks every element it reads. Arrays of FROZEN structs and
 *     of pointers are read at their sizeof.
 *  3. New fields are appended at the end of a struct; new functions at the end of the layout
 *     descriptor and of the data-source table (each OPTIONAL, with the host's behaviour when it
 *     is NULL or lies beyond the struct_size). Nothing is ever removed, re-typed or re-ordered
 *     within a major version.
 *  4. One width per concept: kinds, categories and enum values are uint32_t, booleans are
 *     tessera_bool (uint32_t, 0 or 1), counts are size_t or int64_t as each call says.
 *
 * Two ways to grow, each for its own kind of thing:
 *  - What UICollectionViewLayout has (a hook such as targetContentOffset) is a function appended
 *    to tessera_layout_descriptor in a minor version: it is part of being a layout.
 *  - What Tessera asks of a layout beyond UIKit (how pictures draw its kinds) is an extension: a
 *    table found by a versioned id through the descriptor's `get_extension`, defined in a header
 *    of its own (drawing.h: "tessera.drawing/1"). Extensions version on their own.
 *
 * The changes of each version are listed in Sources/TesseraABI/README.md.
 */
#ifndef TESSERA_VERSION_H
#define TESSERA_VERSION_H

#include <stddef.h>

#define TESSERA_ABI_MAJOR 2
#define TESSERA_ABI_MINOR 6

/* Element `index` of an array whose elements are `stride` bytes apart (rule 2). */
#define TESSERA_ELEMENT(type, base, stride, index) \
  ((type *)(void *)((char *)(base) + (size_t)(stride) * (size_t)(index)))
#define TESSERA_CONST_ELEMENT(type, base, stride, index) \
  ((const type *)(const void *)((const char *)(base) + (size_t)(stride) * (size_t)(index)))

#endif
