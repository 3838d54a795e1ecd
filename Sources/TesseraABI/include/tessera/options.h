/* Tessera plugin ABI — layout options. A layout describes its options as data; the host parses
 * and validates what a person types (`layout flow minimumLineSpacing=4`) against that
 * description, so help, errors and tab completion are uniform, and hands the layout typed
 * values. */
#ifndef TESSERA_OPTIONS_H
#define TESSERA_OPTIONS_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum tessera_option_type {
  /* true|false; value.numbers[0] is 0 or 1. */
  TESSERA_OPTION_BOOL = 0,
  /* A whole number; value.numbers[0]. */
  TESSERA_OPTION_INTEGER = 1,
  /* A finite real number; value.numbers[0]. */
  TESSERA_OPTION_NUMBER = 2,
  /* `WxH`; value.numbers[0..1] = width, height. */
  TESSERA_OPTION_SIZE = 3,
  /* `top,left,bottom,right`; value.numbers[0..3]. */
  TESSERA_OPTION_INSETS = 4,
  /* One of `choices`; value.text and value.numbers[0] = its index in choices. */
  TESSERA_OPTION_CHOICE = 5,
  /* Any text; value.text. */
  TESSERA_OPTION_STRING = 6
} tessera_option_type;

/* One option of a layout. The descriptor's `options` array is read at its `option_stride`. */
typedef struct tessera_option_descriptor {
  uint32_t struct_size;
  /* A tessera_option_type value. */
  uint32_t type;
  /* The key a person types; UIKit's property name where there is one. */
  const char *name;
  /* One line for help. */
  const char *doc;
  /* The default, written as a person would type it ("50x50", "vertical", "0,0,0,0"). */
  const char *default_value;
  /* For INTEGER, NUMBER, SIZE and INSETS, every number must lie in [minimum, maximum]. A side
   * without a bound is -INFINITY or INFINITY (<math.h>; HUGE_VAL works too): the host's message
   * for a value out of range then names only the other side ("at least 0"). Values a person
   * types are always finite. */
  double minimum;
  double maximum;
  /* For CHOICE: the allowed words. */
  const char *const *choices;
  uint32_t choice_count;
  uint32_t reserved;
} tessera_option_descriptor;

/* The smallest option descriptor a 2.0 host reads: every field above. */
enum { TESSERA_OPTION_DESCRIPTOR_V2_0_SIZE = (int)sizeof(tessera_option_descriptor) };

/* A value the host passes to set_options, in an array read at the stride set_options gives. */
typedef struct tessera_option_value {
  uint32_t struct_size;
  /* Index of the option in the layout descriptor's `options`. */
  uint32_t option;
  double numbers[4];
  /* NUL-terminated; valid only during the call it is passed to. */
  const char *text;
} tessera_option_value;

/* The smallest option value a 2.0 plugin reads: every field above. */
enum { TESSERA_OPTION_VALUE_V2_0_SIZE = (int)sizeof(tessera_option_value) };

#ifdef __cplusplus
}
#endif
#endif
