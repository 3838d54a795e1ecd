/// Whitespace off both ends of a line.
extension String {
  package var trimmingLeadingAndTrailingWhitespace: String {
    var s = Substring(self)
    while let first = s.first, first.isWhitespace { s.removeFirst() }
    while let last = s.last, last.isWhitespace { s.removeLast() }
    return String(s)
  }
}
