/// `help` as JSON.
enum HelpJSON {
  static func json(_ topic: HelpTopic) -> JSONOutput {
    switch topic {
    case .overview(let commands):
      return .object([
        (
          "commands",
          .array(
            commands.map {
              .object([
                ("name", .string($0.name)), ("usage", .array($0.usage.map { .string($0) })),
                ("summary", .string($0.summary)),
              ])
            })
        )
      ])
    case .command(let spec):
      return .object([
        ("name", .string(spec.name)), ("usage", .array(spec.usage.map { .string($0) })),
        ("summary", .string(spec.summary)), ("discussion", .string(spec.discussion)),
        ("examples", .array(spec.examples.map { .string($0) })),
      ])
    case .layout(let layoutClass):
      let kinds = layoutClass.kinds.dropFirst().map(\.name)
      return .object([
        ("layout", .string(layoutClass.name)), ("summary", .string(layoutClass.summary)),
        (
          "options",
          .array(
            layoutClass.options.map {
              .object([
                ("name", .string($0.name)), ("default", .string($0.defaultText)),
                ("allowed", .string($0.type.placeholder)), ("doc", .string($0.doc)),
              ])
            })
        ),
        ("kinds", .array(kinds.map { .string($0) })),
      ])
    }
  }
}
