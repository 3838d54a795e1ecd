/// A 64-bit finalizer (MurmurHash3's `fmix64`): every input bit flips about half the output
/// bits. Ids are hashed with it (`IDIndex`), and so are files' contents (`FileAccess`).
package enum HashMix {
  @inline(__always) package static func mix(_ value: UInt64) -> UInt64 {
    var x = value
    x ^= x >> 33
    x &*= 0xff51_afd7_ed55_8ccd
    x ^= x >> 33
    x &*= 0xc4ce_b9fe_1a85_ec53
    x ^= x >> 33
    return x
  }
}
