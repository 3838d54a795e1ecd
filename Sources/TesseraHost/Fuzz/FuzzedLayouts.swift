/// The layouts the fuzzer's commands name, with the words each option takes (a choice's, a
/// bool's), asked of an engine as every command is: a plugin that crashes as it loads costs
/// that engine, never the fuzzer.
extension Fuzzer {
  static func layouts(_ config: Supervisor.Configuration) throws(HostError) -> [(String, [(String, [String])])] {
    let supervisor = try Supervisor(config)
    _ = supervisor.perform("format json")
    func object(_ line: String) -> [(key: String, value: JSONNode)] {
      guard let output = supervisor.perform(line).output, let node = try? JSONParser.parse(output),
        case .object(let members) = node.value
      else { return [] }
      return members
    }
    func member(_ members: [(key: String, value: JSONNode)], _ key: String) -> JSONNode.Value? {
      members.first { $0.key == key }?.value.value
    }
    func string(_ value: JSONNode.Value?) -> String? {
      if case .string(let text)? = value { return text }
      return nil
    }
    func objects(_ value: JSONNode.Value?) -> [[(key: String, value: JSONNode)]] {
      guard case .array(let nodes)? = value else { return [] }
      return nodes.compactMap { node in
        if case .object(let members) = node.value { return members }
        return nil
      }
    }
    let names = objects(member(object("plugins"), "plugins")).flatMap { plugin in
      objects(member(plugin, "layouts")).compactMap { string(member($0, "name")) }
    }
    return names.map { name in
      let options = objects(member(object("help \(name)"), "options")).compactMap { option -> (String, [String])? in
        guard let key = string(member(option, "name")) else { return nil }
        let allowed = string(member(option, "allowed")) ?? ""
        return (key, allowed.contains("|") ? allowed.split(separator: "|").map(String.init) : [])
      }
      return (name, options)
    }
  }
}
