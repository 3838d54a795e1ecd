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
/// bytes), the call's name at 180 (up to 60 bytes); at 240 a `UInt32` set when a plugin call
/// left the engine's pipes closed (the names then stay those of that call); at 256 how many
/// plugins the current command called (`UInt32`), and from 260 up to `callerSlots` of their
/// names, 64 bytes each (a length byte, then the name).
public final class EngineStatus: @unchecked Sendable {
  static let size = 1024
  private static let brokeOffset = 240
  private static let callersOffset = 256
  private static let callerSlots = 8
  private static let slotSize = 64
  private static let callerOffset = 20
  private static let callerCapacity = 160
  private static let callOffset = 180
  private static let callCapacity = 60

  let base: UnsafeMutableRawPointer
  /// Whether descriptors 3 and 4 are the engine's pipes, checked after every plugin call (an
  /// engine's page; a supervised `conform` has no such pipes).
  public var watchesPipes = false

  /// Maps `path`, creating it (mode 0600, not following links) when `create` is set.
  public init(path: String, create: Bool) throws(HostError) {
    let flags = create ? O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC : O_RDWR | O_NOFOLLOW | O_CLOEXEC
    let fd = open(path, flags, 0o600)
    guard fd >= 0 else {
      throw HostError("cannot open the engine status page \(path): \(String(cString: strerror(errno)))")
    }
    defer { close(fd) }
    // The page's blocks are taken now, not at the first write through the mapping: a sparse
    // file on a full file system would kill the process with SIGBUS at that write.
    if create {
      let failure = posix_fallocate(fd, 0, off_t(Self.size))
      if failure != 0 {
        unlink(path)
        throw HostError(
          .io,
          "cannot make the engine's status page in \(TextFile.folder(of: TextFile.folder(of: path))): \(String(cString: strerror(failure)))\(failure == ENOSPC ? " (free some space there, or point TMPDIR at a folder with room)" : "")"
        )
      }
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
  @inline(__always) public func enter(caller: UnsafeRawBufferPointer, call: UnsafeRawBufferPointer) {
    // After a call closed the pipes, the names stay that call's.
    guard base.load(fromByteOffset: Self.brokeOffset, as: UInt32.self) == 0 else { return }
    noteCaller(caller)
    let callerCount = min(caller.count, Self.callerCapacity)
    if callerCount > 0 { (base + Self.callerOffset).copyMemory(from: caller.baseAddress!, byteCount: callerCount) }
    let callCount = min(call.count, Self.callCapacity)
    if callCount > 0 { (base + Self.callOffset).copyMemory(from: call.baseAddress!, byteCount: callCount) }
    (base + 12).storeBytes(of: UInt32(callerCount), as: UInt32.self)
    (base + 16).storeBytes(of: UInt32(callCount), as: UInt32.self)
    (base + 8).storeBytes(of: UInt32(1), as: UInt32.self)
  }

  @inline(__always) public func leave() {
    (base + 8).storeBytes(of: UInt32(0), as: UInt32.self)
    // The engine's pipes (3 and 4) must outlive every plugin call: one that closed them is named.
    if watchesPipes, base.load(fromByteOffset: Self.brokeOffset, as: UInt32.self) == 0,
      fcntl(3, F_GETFD) < 0 || fcntl(4, F_GETFD) < 0
    {
      (base + Self.brokeOffset).storeBytes(of: UInt32(1), as: UInt32.self)
    }
  }

  /// Adds `caller` to the plugins this command called, once.
  private func noteCaller(_ caller: UnsafeRawBufferPointer) {
    let count = Int(base.load(fromByteOffset: Self.callersOffset, as: UInt32.self))
    let length = min(caller.count, Self.slotSize - 1)
    for slot in 0..<min(count, Self.callerSlots) {
      let entry = base + Self.callersOffset + 4 + slot * Self.slotSize
      if Int(entry.load(as: UInt8.self)) == length, memcmp(entry + 1, caller.baseAddress!, length) == 0 { return }
    }
    guard count < Self.callerSlots, length > 0 else { return }
    let entry = base + Self.callersOffset + 4 + count * Self.slotSize
    entry.storeBytes(of: UInt8(length), as: UInt8.self)
    (entry + 1).copyMemory(from: caller.baseAddress!, byteCount: length)
    (base + Self.callersOffset).storeBytes(of: UInt32(count + 1), as: UInt32.self)
  }

  /// Whether a plugin call left the engine's pipes closed (`lastCall` is that call).
  public var pipesClosedByCall: Bool {
    base.load(fromByteOffset: Self.brokeOffset, as: UInt32.self) != 0
  }

  /// The plugins the current command called, in order of their first call.
  public var callersThisCommand: [String] {
    let count = min(Int(base.load(fromByteOffset: Self.callersOffset, as: UInt32.self)), Self.callerSlots)
    return (0..<count).map { slot in
      let entry = base + Self.callersOffset + 4 + slot * Self.slotSize
      let length = min(Int(entry.load(as: UInt8.self)), Self.slotSize - 1)
      return String(decoding: UnsafeRawBufferPointer(start: entry + 1, count: length), as: UTF8.self)
    }
  }

  /// The call in flight, if the engine was inside plugin code.
  public var callInFlight: (caller: String, call: String)? {
    guard base.load(fromByteOffset: 8, as: UInt32.self) != 0 else { return nil }
    return lastCall
  }

  /// The last plugin call the current command made (in flight or returned), if any.
  public var lastCall: (caller: String, call: String)? {
    guard base.load(fromByteOffset: 12, as: UInt32.self) != 0 else { return nil }
    let callerCount = min(Int(base.load(fromByteOffset: 12, as: UInt32.self)), Self.callerCapacity)
    let callCount = min(Int(base.load(fromByteOffset: 16, as: UInt32.self)), Self.callCapacity)
    let caller = UnsafeRawBufferPointer(start: base + Self.callerOffset, count: callerCount)
    let call = UnsafeRawBufferPointer(start: base + Self.callOffset, count: callCount)
    return (String(decoding: caller, as: UTF8.self), String(decoding: call, as: UTF8.self))
  }

  /// A command starts: progress for the watchdog, and no plugin call made yet.
  public func beginCommand() {
    heartbeat &+= 1
    (base + 12).storeBytes(of: UInt32(0), as: UInt32.self)
    (base + Self.brokeOffset).storeBytes(of: UInt32(0), as: UInt32.self)
    (base + Self.callersOffset).storeBytes(of: UInt32(0), as: UInt32.self)
  }

  /// A frame of the clock ended: progress for the watchdog.
  public func frameEnded() {
    heartbeat &+= 1
  }

  /// Forgets the last call (for a fresh engine on the same page).
  public func reset() {
    memset(base, 0, Self.size)
  }
}

extension EngineStatus: PluginCallObserver {}
