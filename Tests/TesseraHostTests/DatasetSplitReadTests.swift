import TesseraKit
import Testing

@testable import TesseraCore

/// A long list of items read in two halves at once gives exactly what one reader gives: the same
/// dataset, or the same error — whatever the guessed middle falls on.
@Suite struct DatasetSplitReadTests {
  /// Decodes `text` with every list split (`splitAbove: 1`) and with none.
  static func both(_ text: String) -> (split: Result<Dataset, HostError>, whole: Result<Dataset, HostError>) {
    var bytes = Array(text.utf8)
    return bytes.withUnsafeMutableBufferPointer { buffer in
      let bytes = UnsafeBufferPointer(buffer)
      func decode(_ threshold: Int) -> Result<Dataset, HostError> {
        do throws(HostError) {
          return .success(try DatasetDecoder.decode(utf8: bytes, file: "d.json", splitAbove: threshold))
        } catch {
          return .failure(error)
        }
      }
      return (decode(1), decode(Int.max))
    }
  }

  /// A random item as JSON: an id (sometimes holding `}, {`, sometimes none), a size, at times an
  /// estimate and props (strings that look like item boundaries, lists, booleans), at times a
  /// mistake.
  static func item(_ k: Int, _ rng: inout SplitMix64, mistakes: Bool) -> String {
    var members: [String] = []
    switch rng.int(in: 0...9) {
    case 0: break
    case 1: members.append(#""id": "i\#(k)}, {x""#)
    case 2: members.append(#""id": "dup""#)
    default: members.append(#""id": "i\#(k)""#)
    }
    if rng.int(in: 0...5) > 0 { members.append(#""size": [\#(rng.int(in: 0...300)), \#(rng.int(in: 0...200)).5]"#) }
    if rng.int(in: 0...7) == 0 { members.append(#""estimated": [60, 40]"#) }
    if rng.int(in: 0...4) == 0 {
      let props = [
        #""label": "a}, {\"b\": [1]}, {""#, #""n": [1, 2.5, 3]"#, #""ok": true"#, #""w": \#(k)"#,
      ].filter { _ in rng.int(in: 0...1) == 0 }
      members.append(#""props": {\#(props.joined(separator: ", "))}"#)
    }
    if mistakes, rng.int(in: 0...400) == 0 {
      members.append([#""size": [1]"#, #""what": 1"#, #""size": [-1, 2]"#][rng.int(in: 0...2)])
    }
    members.shuffle(using: &rng)
    let space = [" ", "", "\n  "][rng.int(in: 0...2)]
    return "{\(space)\(members.joined(separator: ",\(space)"))}"
  }

  static func file(seed: UInt64, mistakes: Bool) -> String {
    var rng = SplitMix64(seed: seed)
    var k = 0
    let sections = (0..<rng.int(in: 1...3)).map { s -> String in
      let items = (0..<rng.int(in: 0...300)).map { _ -> String in
        k += 1
        return item(k, &rng, mistakes: mistakes)
      }
      let separator = [", ", ",\n", " ,\n\t"][rng.int(in: 0...2)]
      return #"{"id": "s\#(s)", "items": [\#(items.joined(separator: separator))]}"#
    }
    return #"{"sections": [\#(sections.joined(separator: ", "))]}"#
  }

  @Test(arguments: UInt64(1)...300)
  func halvesReadLikeOneReader(seed: UInt64) {
    let text = Self.file(seed: seed, mistakes: seed % 3 == 0)
    let (split, whole) = Self.both(text)
    switch (split, whole) {
    case (.success(let a), .success(let b)): #expect(a == b, "seed \(seed)")
    case (.failure(let a), .failure(let b)): #expect(a.message == b.message, "seed \(seed)")
    default: Issue.record("seed \(seed): \(split) against \(whole)")
    }
  }

  /// The guess is where an object ends and another starts: here inside an id first, then a true
  /// item start — found and used (the halves' ids, sizes and props line up).
  @Test func aGuessInsideAStringIsPassedOver() throws {
    let items = (0..<40).map { #"{"id": "a\#($0)}, {b", "size": [\#($0), 1], "props": {"p": "\#($0)"}}"# }
    let text = #"{"sections": [{"id": "s", "items": [\#(items.joined(separator: ", "))]}]}"#
    let (split, whole) = Self.both(text)
    let dataset = try split.get()
    #expect(dataset == (try whole.get()))
    #expect(dataset.sections[0].items.count == 40)
    #expect(dataset.sections[0].items[39].id == "a39}, {b")
    #expect(dataset.sections[0].items.property("p", at: 39) == .string("39"))
  }

  /// Estimates and props that only one half has: the other half's items get none.
  @Test(arguments: [false, true])
  func columnsOnlyOneHalfHasLineUp(late: Bool) throws {
    let items = (0..<60).map { k in
      let extra = (k >= 45) == late && k % 3 == 0 ? #", "estimated": [\#(k), 2], "props": {"q": [\#(k)]}"# : ""
      return #"{"id": "i\#(k)", "size": [\#(k), 1]\#(extra)}"#
    }
    let text = #"{"sections": [{"id": "s", "items": [\#(items.joined(separator: ", "))]}]}"#
    let (split, whole) = Self.both(text)
    let dataset = try split.get()
    #expect(dataset == (try whole.get()))
    let list = dataset.sections[0].items
    for k in 0..<60 {
      let has = (k >= 45) == late && k % 3 == 0
      #expect(list[k].estimated == (has ? Size(width: Double(k), height: 2) : nil), "item \(k)")
      #expect(list.property("q", at: k) == (has ? .numbers([Double(k)]) : nil), "item \(k)")
    }
  }
}

/// The common item's one-pass reader gives what the general reader gives, item by item: the
/// same dataset, or the same error.
@Suite struct CommonItemReadTests {
  /// Items near the common shape, each with one twist the one-pass reader must leave alone.
  static let twists = [
    #"{"id": "a", "size": [1, 2]}"#, #"{"size": [1.5, 2], "id": "b"}"#, #"{ "id" : "c" , "size" : [ 1 , 2 ] }"#,
    #"{"id": ""}"#, #"{"id": "a\"b"}"#, #"{"id": "a\u0041"}"#, #"{"i\u0064": "d"}"#, #"{}"#, #"{"id": "e", "id": "f"}"#,
    #"{"size": [1, 2], "size": [3, 4]}"#, #"{"size": [-1, 2]}"#, #"{"size": [1e3, 2]}"#, #"{"size": [1, 2, 3]}"#,
    #"{"size": [1]}"#, #"{"size": [01, 2]}"#, #"{"size": [1, 2], "what": 1}"#, #"{"estimated": [3, 4], "id": "g"}"#,
    #"{"estimated": [3, 4], "estimated": [3, 4]}"#, #"{"id": "h", "props": {"a": 1}}"#, #"{"id": 7}"#,
    #"{"size": "1x2"}"#, #"{"id": "dup"}"#, #"{"id": "caf\#u{E9}"}"#, #"{"size": [100000000000, 2]}"#,
    #"{"id": "i" "size": [1, 2]}"#, #"{"id": "j", }"#, #"{"size": [1, 2],"estimated":[0.25,0]}"#,
  ]

  @Test(arguments: UInt64(1)...200)
  func oneItemAtATimeReadsLikeTheGeneralReader(seed: UInt64) {
    var rng = SplitMix64(seed: seed)
    let items = (0..<rng.int(in: 1...12)).map { k -> String in
      rng.int(in: 0...2) == 0
        ? Self.twists[rng.int(in: 0...Self.twists.count - 1)] : #"{"id": "n\#(k)", "size": [\#(k), 3]}"#
    }
    let text = #"{"sections": [{"id": "s", "items": [\#(items.joined(separator: ", "))]}]}"#
    var bytes = Array(text.utf8)
    let (common, general) = bytes.withUnsafeMutableBufferPointer { buffer in
      let bytes = UnsafeBufferPointer(buffer)
      func decode(_ readsCommonItems: Bool) -> Result<Dataset, HostError> {
        do throws(HostError) {
          return .success(
            try DatasetDecoder.decode(
              utf8: bytes, file: "d.json", splitAbove: .max, readsCommonItems: readsCommonItems))
        } catch {
          return .failure(error)
        }
      }
      return (decode(true), decode(false))
    }
    switch (common, general) {
    case (.success(let a), .success(let b)): #expect(a == b, "\(text)")
    case (.failure(let a), .failure(let b)): #expect(a.message == b.message, "\(text)")
    default: Issue.record("\(text): \(common) against \(general)")
    }
  }
}
