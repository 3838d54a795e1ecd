import TesseraCore

/// The loader's fast paths — a long list read in two halves at once, the common item read in one
/// pass — against its general reader, on every dataset the fuzzer makes: the same dataset, or
/// the same error. (Real files take the two halves only from 4 MB on; here every list is split.)
enum LoaderEquivalence {
  /// What differs, or nil.
  static func problem(_ text: String) -> String? {
    var bytes = Array(text.utf8)
    return bytes.withUnsafeMutableBufferPointer { buffer -> String? in
      let bytes = UnsafeBufferPointer(buffer)
      func decode(fast: Bool) -> Result<Dataset, HostError> {
        do throws(HostError) {
          return .success(
            try DatasetDecoder.decode(
              utf8: bytes, file: "data.json", splitAbove: fast ? 1 : .max, readsCommonItems: fast))
        } catch {
          return .failure(error)
        }
      }
      switch (decode(fast: true), decode(fast: false)) {
      case (.success(let fast), .success(let general)):
        return fast == general ? nil : "the loader's fast paths read a dataset otherwise than its general reader"
      case (.failure(let fast), .failure(let general)):
        return fast.message == general.message
          ? nil
          : "the loader's fast paths refuse a dataset with \(fast.message), its general reader with \(general.message)"
      case (.success, .failure(let general)):
        return "the loader's fast paths read a dataset its general reader refuses (\(general.message))"
      case (.failure(let fast), .success):
        return "the loader's fast paths refuse a dataset its general reader reads (\(fast.message))"
      }
    }
  }
}
