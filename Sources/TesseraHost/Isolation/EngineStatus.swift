#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// A page of memory the supervisor and its engine share (a file in the session's private
/// folder, mapped by both): which plugin call is in flight, and a heartbeat. When the engine
/// dies, the supervisor reads the page to say which plugin was running and in which call; the
/// heartbeat (bumped by every command, nested ones in `run` included) keeps the watchdog from
/// firing on a long script that is making progress.
///
/// Layout (native byte order): heartbeat `UInt64` at 0; in-call flag `UInt32` at 8; lengths
/// of the caller and call names `UInt32` at 12 and 16; the caller's name at 20 (up to 160
/// bytes), the call's name at 180 (up to 60 bytes).
public final class EngineStatus: @unchecked Sendable {
  static let size = 256
  private static let callerOffset = 20
  private static let callerCapacity = 160
  private static let callOffset = 180
  private static let callCapacity = 60

  let base: UnsafeMutableRawPointer

  /// Maps `path`, creating it (mode 0600, not following links) when `create` is set.
  public init(path: String, create: Bool) throws(HostError) {
    let flags = create ? O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC : O_RDWR | O_NOFOLLOW | O_CLOEXEC
    let fd = open(path, flags, 0o600)
    guard fd >= 0 else {
      throw HostError("cannot open the engine status page \(path): \(String(cString: strerror(errno)))")
    }
    defer { close(fd) }
    if create, ftruncate(fd, off_t(Self.size)) != 0 {
      throw HostError("cannot size the engine status page \(path): \(String(cString: strerror(errno)))")
    }
    guard let mapped = mmap(nil, Self.size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0), mapped != MAP_FAILED else {
      throw HostError("cannot map the engine status page \(path): \(String(cString: strerror(errno)))")
    }
    base = mapped
  }

  deinit {
    munmap(base, Self.size)
  }

  /// Bumped by the engine at the start of every command.
  public var heartbeat: UInt64 {
    get { base.load(as: UInt64.self) }
    set { base.storeBytes(of: newValue, as: UInt64.self) }
  }

  /// The engine is about to call into plugin code: `caller` names the plugin and layout.
  @inline(__always) func enter(caller: UnsafeRawBufferPointer, call: UnsafeRawBufferPointer) {
    let callerCount = min(caller.count, Self.callerCapacity)
    if callerCount > 0 { (base + Self.callerOffset).copyMemory(from: caller.baseAddress!, byteCount: callerCount) }
    let callCount = min(call.count, Self.callCapacity)
    if callCount > 0 { (base + Self.callOffset).copyMemory(from: call.baseAddress!, byteCount: callCount) }
    (base + 12).storeBytes(of: UInt32(callerCount), as: UInt32.self)
    (base + 16).storeBytes(of: UInt32(callCount), as: UInt32.self)
    (base + 8).storeBytes(of: UInt32(1), as: UInt32.self)
  }

  @inline(__always) func leave() {
    (base + 8).storeBytes(of: UInt32(0), as: UInt32.self)
  }

  /// The call in flight, if the engine was inside plugin code.
  public var callInFlight: (caller: String, call: String)? {
    guard base.load(fromByteOffset: 8, as: UInt32.self) != 0 else { return nil }
    let callerCount = min(Int(base.load(fromByteOffset: 12, as: UInt32.self)), Self.callerCapacity)
    let callCount = min(Int(base.load(fromByteOffset: 16, as: UInt32.self)), Self.callCapacity)
    let caller = UnsafeRawBufferPointer(start: base + Self.callerOffset, count: callerCount)
    let call = UnsafeRawBufferPointer(start: base + Self.callOffset, count: callCount)
    return (String(decoding: caller, as: UTF8.self), String(decoding: call, as: UTF8.self))
  }

  /// Forgets the last call (for a fresh engine on the same page).
  public func reset() {
    memset(base, 0, Self.size)
  }
}

/// The engine's side: where plugin calls are announced. Nothing is written when the workbench
/// runs in-process (tests, `bench`), so the cost there is one load and a branch.
public enum PluginCallMarker {
  nonisolated(unsafe) public static var status: EngineStatus?

  /// Runs `body` (a call into plugin code) with the call marked as in flight.
  @inline(__always)
  static func around<T, E: Error>(_ caller: [UInt8], _ call: String, _ body: () throws(E) -> T) throws(E) -> T {
    guard let status else { return try body() }
    var name = call
    caller.withUnsafeBytes { callerBytes in
      name.withUTF8 { status.enter(caller: callerBytes, call: UnsafeRawBufferPointer($0)) }
    }
    defer { status.leave() }
    return try body()
  }
}
