// What one object per item costs on its own: the floor under any layout that caches a
// `UICollectionViewLayoutAttributes` per item, as UIKit's samples do.
//
//     swiftc -O scripts/allocation-floor.swift -o /tmp/allocation-floor && /tmp/allocation-floor
//
// Both loops fill an array of 100,000 elements with the same fields (those of Tessera's
// `UICollectionViewLayoutAttributes`: a frame, a centre, alpha, z-index, section, item, two
// flags, one optional reference), the array kept between runs as a layout keeps its cache; the
// objects' loop also frees the previous run's objects, as a layout's `removeAll()` does.
import Foundation

final class Object {
  var x = 0.0, y = 0.0, width = 0.0, height = 0.0, centerX = 0.0, centerY = 0.0, alpha = 1.0
  var zIndex = 0, section = 0, item = 0
  var isHidden = false, category: UInt8 = 0
  var extras: AnyObject?
}

struct Value {
  var x = 0.0, y = 0.0, width = 0.0, height = 0.0, centerX = 0.0, centerY = 0.0, alpha = 1.0
  var zIndex = 0, section = 0, item = 0
  var isHidden = false, category: UInt8 = 0
}

let count = 100_000
var objects: [Object] = []
var values: [Value] = []

@inline(never) func fillObjects() {
  objects.removeAll(keepingCapacity: true)
  for item in 0..<count {
    let object = Object()
    object.item = item
    object.y = Double(item) * 10
    objects.append(object)
  }
}

@inline(never) func fillValues() {
  values.removeAll(keepingCapacity: true)
  for item in 0..<count {
    var value = Value()
    value.item = item
    value.y = Double(item) * 10
    values.append(value)
  }
}

func median(_ body: () -> Void) -> Double {
  var times: [Double] = []
  for _ in 0..<31 {
    let start = DispatchTime.now().uptimeNanoseconds
    body()
    times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
  }
  return times.sorted()[times.count / 2]
}

let objectTime = median(fillObjects)
let valueTime = median(fillValues)
print("100,000 objects made (and the last run's freed): \(String(format: "%.2f", objectTime)) ms (median of 31)")
print("100,000 plain values stored:                     \(String(format: "%.2f", valueTime)) ms (median of 31)")
print("ratio: \(String(format: "%.1f", objectTime / valueTime))×")
