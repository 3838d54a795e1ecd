/// A unified diff of two texts by lines (longest common subsequence), with 3 lines of context,
/// like `diff -u`.
public enum UnifiedDiff {
  public static func diff(_ old: String, _ new: String, oldName: String, newName: String) -> String {
    let a = old.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let b = new.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    // LCS lengths from the end.
    var lcs = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
    for i in stride(from: a.count - 1, through: 0, by: -1) {
      for j in stride(from: b.count - 1, through: 0, by: -1) {
        lcs[i][j] = a[i] == b[j] ? lcs[i + 1][j + 1] + 1 : max(lcs[i + 1][j], lcs[i][j + 1])
      }
    }
    enum Op { case same(String), removed(String), added(String) }
    var ops: [Op] = []
    var i = 0
    var j = 0
    while i < a.count || j < b.count {
      if i < a.count, j < b.count, a[i] == b[j] {
        ops.append(.same(a[i]))
        i += 1
        j += 1
      } else if i < a.count, j == b.count || lcs[i + 1][j] >= lcs[i][j + 1] {
        ops.append(.removed(a[i]))
        i += 1
      } else {
        ops.append(.added(b[j]))
        j += 1
      }
    }
    let changed = ops.indices.filter { if case .same = ops[$0] { return false } else { return true } }
    guard !changed.isEmpty else { return "" }
    var output = "--- \(oldName)\n+++ \(newName)\n"
    var start = 0
    while start < changed.count {
      var end = start
      while end + 1 < changed.count, changed[end + 1] - changed[end] <= 6 { end += 1 }
      let from = max(0, changed[start] - 3)
      let to = min(ops.count, changed[end] + 4)
      var oldLine = 1
      var newLine = 1
      for op in ops[..<from] {
        switch op {
        case .same: oldLine += 1; newLine += 1
        case .removed: oldLine += 1
        case .added: newLine += 1
        }
      }
      var body = ""
      var oldCount = 0
      var newCount = 0
      for op in ops[from..<to] {
        switch op {
        case .same(let line): body += " \(line)\n"; oldCount += 1; newCount += 1
        case .removed(let line): body += "-\(line)\n"; oldCount += 1
        case .added(let line): body += "+\(line)\n"; newCount += 1
        }
      }
      output += "@@ -\(oldLine),\(oldCount) +\(newLine),\(newCount) @@\n" + body
      start = end + 1
    }
    return output
  }
}
