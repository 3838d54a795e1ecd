import CHarfBuzz
import TesseraCore

/// A font opened with HarfBuzz, unhinted and at its own units (one unit = 1/upem of the size),
/// so that a measure is the same on every machine and scales exactly with the font size, as
/// Core Text's (which does not hint) does. HarfBuzz's font objects are immutable once made, so
/// one may shape on any thread.
public final class ShapedFont: TextMeasuring, @unchecked Sendable {
  /// `hb_font_t`, made immutable.
  private let font: OpaquePointer
  /// Font units per em.
  private let unitsPerEm: Double
  /// Ascender, descender (negative, as the font stores it) and line gap in font units, from the
  /// horizontal header (`hhea`), as Core Text reads them — unless the font asks for its
  /// typographic metrics (OS/2 USE_TYPO_METRICS), as HarfBuzz decides.
  private let ascender: Double
  private let descender: Double
  private let lineGap: Double
  public let fontName: String

  /// Opens the font file at `path`.
  public init(path: String) throws(HostError) {
    guard let blob = hb_blob_create_from_file_or_fail(path) else {
      throw HostError("cannot read the font file \(path)")
    }
    let face = hb_face_create(blob, 0)
    hb_blob_destroy(blob)
    defer { hb_face_destroy(face) }
    guard hb_face_get_glyph_count(face) > 0, hb_face_get_upem(face) > 0 else {
      throw HostError("\(path) is not a font HarfBuzz can read (no glyphs)")
    }
    unitsPerEm = Double(hb_face_get_upem(face))
    guard let made = hb_font_create(face) else { throw HostError("HarfBuzz could not make a font of \(path)") }
    hb_font_set_scale(made, Int32(unitsPerEm), Int32(unitsPerEm))
    hb_font_make_immutable(made)
    font = made
    func metric(_ tag: hb_ot_metrics_tag_t) -> Double {
      var position: hb_position_t = 0
      return hb_ot_metrics_get_position(made, tag, &position) != 0 ? Double(position) : 0
    }
    ascender = metric(HB_OT_METRICS_TAG_HORIZONTAL_ASCENDER)
    descender = metric(HB_OT_METRICS_TAG_HORIZONTAL_DESCENDER)
    lineGap = metric(HB_OT_METRICS_TAG_HORIZONTAL_LINE_GAP)
    func name(_ id: hb_ot_name_id_t) -> String {
      var length: UInt32 = 128
      var buffer = [CChar](repeating: 0, count: Int(length) + 1)
      _ = hb_ot_name_get_utf8(face, id, hb_language_from_string("en", -1), &length, &buffer)
      return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
    let family = name(hb_ot_name_id_t(HB_OT_NAME_ID_FULL_NAME))
    let version = name(hb_ot_name_id_t(HB_OT_NAME_ID_VERSION_STRING)).replacingPrefix("Version ", with: "")
    fontName = [family.isEmpty ? "unnamed font" : family, version].filter { !$0.isEmpty }.joined(separator: " ")
  }

  deinit { hb_font_destroy(font) }

  public func metrics(size: Double) -> FontMetrics {
    let scale = size / unitsPerEm
    return FontMetrics(ascender: ascender * scale, descender: -descender * scale, lineGap: lineGap * scale)
  }

  public func lines(of text: String, size: Double, width: Double?) -> [TextLine] {
    guard !text.isEmpty else { return [] }
    let scale = size / unitsPerEm
    // The limit in font units; a little slack so a line measured exactly at the width fits.
    let limit = width.map { $0 / scale + 1e-6 }
    var lines: [TextLine] = []
    for paragraph in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
      let characters = advances(of: paragraph)
      for range in LineBreaker.ranges(characters, limit: limit) {
        let kept = characters[range]
        lines.append(
          TextLine(
            text: String(kept.map(\.character)), width: kept.reduce(0) { $0 + $1.advance } * scale))
      }
    }
    return lines
  }

  /// Each character of `paragraph` with its advance in font units: the paragraph is shaped once
  /// (kerning and ligatures apply across it, as a typesetter's line breaking sees it), and each
  /// glyph's advance goes to the character its cluster begins at.
  private func advances(of paragraph: Substring) -> [LineBreaker.Character] {
    var utf8 = Array(paragraph.utf8)
    guard !utf8.isEmpty else { return [] }
    var byByte = [Double](repeating: 0, count: utf8.count)
    let buffer = hb_buffer_create()
    defer { hb_buffer_destroy(buffer) }
    utf8.withUnsafeMutableBufferPointer { bytes in
      bytes.withMemoryRebound(to: CChar.self) { chars in
        hb_buffer_add_utf8(buffer, chars.baseAddress, Int32(chars.count), 0, Int32(chars.count))
      }
    }
    hb_buffer_guess_segment_properties(buffer)
    hb_shape(font, buffer, nil, 0)
    var count: UInt32 = 0
    if let infos = hb_buffer_get_glyph_infos(buffer, &count), let positions = hb_buffer_get_glyph_positions(buffer, nil)
    {
      for glyph in 0..<Int(count) {
        let cluster = Int(infos[glyph].cluster)
        if cluster < byByte.count { byByte[cluster] += Double(positions[glyph].x_advance) }
      }
    }
    var characters: [LineBreaker.Character] = []
    var offset = 0
    for character in paragraph {
      let length = character.utf8.count
      let advance = byByte[offset..<min(offset + length, byByte.count)].reduce(0, +)
      characters.append(LineBreaker.Character(character: character, advance: advance))
      offset += length
    }
    return characters
  }
}

extension String {
  fileprivate func replacingPrefix(_ prefix: String, with replacement: String) -> String {
    hasPrefix(prefix) ? replacement + dropFirst(prefix.count) : self
  }
}
