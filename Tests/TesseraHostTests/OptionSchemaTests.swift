import Foundation
import TesseraCore
import TesseraKit
import Testing

@testable import TesseraHost

/// Layout options, `gen` parameters and `render` options are one kind of thing (`OptionSchema`):
/// declared once, read by one parser, refused in one style, completed and listed the same way.
@Suite struct OptionSchemaTests {
  static var schemas: [OptionSchema] { DatasetGenerator.all.map(\.parameters) + [RenderOptions.schema] }

  @Test func everyDeclaredDefaultParses() {
    for schema in Self.schemas {
      for option in schema.options where !option.defaultText.isEmpty {
        #expect(option.hasDefault, "\(schema.subject) \(option.name)=\(option.defaultText)")
      }
    }
  }

  @Test func renderDefaultsAreThePicturesDefaults() throws {
    let options = try RenderOptions([])
    let plain = PictureOptions()
    #expect(options.picture.scale == plain.scale && options.picture.labels == plain.labels)
    #expect(options.picture.showHidden == plain.showHidden && options.picture.width == nil && options.frames == nil)
  }

  @Test func oneStyleOfRefusalForAllThree() throws {
    let flow = try #require(Support.session().registry.layout(named: "flow"))
    let cases: [(OptionSchema, String, String)] = [
      (flow.optionSchema, "itemSiz", "layout flow has no option 'itemSiz'. Did you mean 'itemSize'?"),
      (
        try #require(DatasetGenerator.named("grid")).parameters, "sectons",
        "gen grid has no option 'sectons'. Did you mean 'sections'?"
      ),
      (RenderOptions.schema, "scael", "render has no option 'scael'. Did you mean 'scale'?"),
    ]
    for (schema, key, start) in cases {
      #expect(throws: HostError.self) { try schema.parse([(key, "1")]) }
      do {
        _ = try schema.parse([(key, "1")])
      } catch {
        #expect(error.message.hasPrefix(start + " Options: "), "\(error.message)")
      }
    }
    do {
      _ = try RenderOptions.schema.parse([("frames", "61")])
      Issue.record("frames=61 was read")
    } catch {
      #expect(error.message == "invalid value '61' for frames: 61 is out of range (from 2 to 60)")
    }
  }

  @Test func valuesAreTheGivenThenTheDefaults() throws {
    let random = try #require(DatasetGenerator.named("random")).parameters
    let values = try random.parse([("seed", "7"), ("max", "50x40")])
    #expect(values.seed("seed") == 7 && values.size("max") == Size(width: 50, height: 40))
    #expect(values.size("min") == Size(width: 20, height: 20) && values.has("min") == false)
    #expect(values.size("header") == nil)
  }
}
