/// `tessera bench --load FILE`: how long reading and decoding a dataset file takes (what the
/// `load` command does before laying it out), and the memory it needs: medians over runs.
public enum LoadBenchmark {
  public struct Result: Sendable {
    public var path: String
    public var bytes: Int
    public var items: Int
    public var sections: Int
    public var runs: Int
    /// Medians, in seconds: reading the file (and checking it is UTF-8), decoding it.
    public var readSeconds: Double
    public var decodeSeconds: Double
    public var peakMemoryMiB: Double
    public var baselineMemoryMiB: Double

    public var totalSeconds: Double { readSeconds + decodeSeconds }
    public var megabytesPerSecond: Double { Double(bytes) / 1e6 / max(totalSeconds, 1e-9) }

    public var text: String {
      var table = TextTable(["measure", "median"])
      table.add(["file", "\(path) (\(bytes) bytes: \(items) items in \(sections) section\(sections == 1 ? "" : "s"))"])
      table.add(["read", "\(Benchmark.Result.fixed(readSeconds * 1000, 1)) ms (median of \(runs) runs)"])
      table.add(["decode", "\(Benchmark.Result.fixed(decodeSeconds * 1000, 1)) ms"])
      table.add([
        "load",
        "\(Benchmark.Result.fixed(totalSeconds * 1000, 1)) ms (\(Benchmark.Result.fixed(megabytesPerSecond, 0)) MB/s)",
      ])
      table.add([
        "peak memory",
        "\(Benchmark.Result.fixed(peakMemoryMiB, 1)) MiB (\(Benchmark.Result.fixed(baselineMemoryMiB, 1)) MiB before)",
      ])
      return table.rendered
    }

    public var json: JSONOutput {
      .object([
        ("file", .string(path)), ("bytes", .number(Double(bytes))), ("items", .number(Double(items))),
        ("sections", .number(Double(sections))), ("runs", .number(Double(runs))),
        ("readMs", .number(readSeconds * 1000)), ("decodeMs", .number(decodeSeconds * 1000)),
        ("loadMs", .number(totalSeconds * 1000)), ("peakMemoryMiB", .number(peakMemoryMiB)),
        ("baselineMemoryMiB", .number(baselineMemoryMiB)),
      ])
    }
  }

  public static func run(path: String, runs: Int, progress: BenchProgress) throws(HostError) -> Result {
    let baseline = MemoryProbe.residentMiB()
    var reads: [Double] = []
    var decodes: [Double] = []
    var shape = (bytes: 0, items: 0, sections: 0)
    for run in 0..<max(1, runs) {
      progress.show("load \(run + 1) of \(max(1, runs))")
      let start = Benchmark.now()
      let bytes = try TextFile.readUTF8(path, shownAs: path)
      let read = Benchmark.now()
      let dataset = try bytes.withUnsafeBufferPointer { (buffer) throws(HostError) in
        try DatasetDecoder.decode(utf8: buffer, file: path)
      }
      let done = Benchmark.now()
      reads.append(Double(read - start) / 1e9)
      decodes.append(Double(done - read) / 1e9)
      shape = (bytes.count, dataset.itemCount, dataset.sections.count)
    }
    progress.clear()
    return Result(
      path: path, bytes: shape.bytes, items: shape.items, sections: shape.sections, runs: max(1, runs),
      readSeconds: Benchmark.median(reads), decodeSeconds: Benchmark.median(decodes),
      peakMemoryMiB: MemoryProbe.peakMiB(), baselineMemoryMiB: baseline)
  }
}
