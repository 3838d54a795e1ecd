public import TesseraABI

// Reading and writing sized structs across the boundary by version.h's rules 1 and 2: arrays are
// read at the stride their writer states, a reader copies only the bytes inside an element's
// struct_size (and its stride) over the defaults, and a writer filling a struct the reader
// allocated writes no more than the struct_size the reader set. Naming as in ABI+Geometry.swift.

/// One sized struct (`struct_size` first) read from the other side of the boundary.
@usableFromInline package struct ABIRecord<Value> {
  /// The fields inside the element's struct_size (and stride); the rest are the defaults.
  @usableFromInline package var value: Value
  /// The element's own struct_size.
  @usableFromInline package var declaredSize: Int

  @inlinable package init(value: Value, declaredSize: Int) {
    self.value = value
    self.declaredSize = declaredSize
  }

  /// Element `index` of an array of sized structs `stride` bytes apart, over `defaults`.
  @inlinable package init(_ base: UnsafeRawPointer, at index: Int, stride: Int, defaults: Value) {
    let element = base + index * stride
    let declared = Int(element.loadUnaligned(as: UInt32.self))
    var value = defaults
    let bytes = Swift.min(declared, stride, MemoryLayout<Value>.size)
    if bytes > 0 {
      withUnsafeMutableBytes(of: &value) { $0.baseAddress!.copyMemory(from: element, byteCount: bytes) }
    }
    self.init(value: value, declaredSize: declared)
  }

  /// One sized struct (no array): its own struct_size bounds what is read.
  @inlinable package init(_ pointer: UnsafeRawPointer, defaults: Value) {
    self.init(pointer, at: 0, stride: Int(pointer.loadUnaligned(as: UInt32.self)), defaults: defaults)
  }

  /// Writes `value` into a struct the other side allocated and sized (its `struct_size`, already
  /// set, says how many bytes it holds), setting struct_size to the bytes written.
  @inlinable package static func write(_ value: Value, into destination: UnsafeMutableRawPointer) {
    write(value, into: destination, room: Int(destination.loadUnaligned(as: UInt32.self)))
  }

  /// Writes `value` into `room` bytes at `destination`, setting struct_size to the bytes written.
  @inlinable package static func write(_ value: Value, into destination: UnsafeMutableRawPointer, room: Int) {
    let bytes = Swift.min(room, MemoryLayout<Value>.size)
    guard bytes >= MemoryLayout<UInt32>.size else { return }
    var copy = value
    withUnsafeMutableBytes(of: &copy) { raw in
      raw.storeBytes(of: UInt32(bytes), toByteOffset: 0, as: UInt32.self)
      destination.copyMemory(from: raw.baseAddress!, byteCount: bytes)
    }
  }
}

/// The stride a writer on this side states for arrays of `T`, and the struct_size of one `T`.
@inlinable package func abiStride<T>(_: T.Type) -> UInt32 { UInt32(MemoryLayout<T>.stride) }
@inlinable package func abiSize<T>(_: T.Type) -> UInt32 { UInt32(MemoryLayout<T>.size) }

extension tessera_attributes {
  /// The defaults of version.h's rule 1 for attributes (`tessera_attributes_init`).
  @inlinable package static var defaults: tessera_attributes {
    var a = tessera_attributes()
    a.struct_size = abiSize(tessera_attributes.self)
    a.alpha = 1
    a.transform.a = 1
    a.transform.d = 1
    return a
  }
}
