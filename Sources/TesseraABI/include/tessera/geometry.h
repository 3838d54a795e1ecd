/* Tessera plugin ABI — plain geometry values. Coordinates are points, y grows downwards,
 * as in UIKit. All values are passed by value; nothing here owns memory.
 *
 * Every struct here is FROZEN (version.h, rule 1): they are the ABI's words for CGPoint, CGSize,
 * CGRect, CGAffineTransform, UIEdgeInsets and NSIndexPath and never change; they carry no
 * struct_size. */
#ifndef TESSERA_GEOMETRY_H
#define TESSERA_GEOMETRY_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct tessera_point {
  double x;
  double y;
} tessera_point;

typedef struct tessera_size {
  double width;
  double height;
} tessera_size;

/* A rectangle with its origin at the top-left corner. Width and height are never negative in
 * anything a host or plugin passes. Two rects intersect as CGRectIntersectsRect has it (ABI 2.4):
 * when their intersection is not the null rect, that is when the closed intervals overlap on both
 * axes, so rects that touch along an edge intersect, and so does a zero-area rect inside. */
typedef struct tessera_rect {
  double x;
  double y;
  double width;
  double height;
} tessera_rect;

/* An affine transform [a b 0; c d 0; tx ty 1], as CGAffineTransform. */
typedef struct tessera_transform {
  double a, b, c, d, tx, ty;
} tessera_transform;

/* Insets from each edge of a rect, in UIEdgeInsets' order (ABI 2.5). */
typedef struct tessera_edge_insets {
  double top;
  double left;
  double bottom;
  double right;
} tessera_edge_insets;

/* A (section, item) pair. `item` is TESSERA_NO_ITEM where the path names a whole section
 * (section properties, section update items), as UIKit's NSNotFound. */
typedef struct tessera_index_path {
  int64_t section;
  int64_t item;
} tessera_index_path;

/* The item of a path that names a whole section: INT64_MAX, as NSNotFound is NSIntegerMax. */
#define TESSERA_NO_ITEM ((int64_t)0x7FFFFFFFFFFFFFFF)

/* Both numbers of a path that is not used at all (an update item's `before` for an insert, its
 * `after` for a delete): {TESSERA_UNUSED_INDEX, TESSERA_UNUSED_INDEX}. It cannot be read as a
 * section path, whose section is a real one and whose item is TESSERA_NO_ITEM. */
#define TESSERA_UNUSED_INDEX ((int64_t)-1)

#ifdef __cplusplus
}
#endif
#endif
