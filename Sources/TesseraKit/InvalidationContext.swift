/// What to recompute on the next pass, the mirror of
/// `UICollectionViewLayoutInvalidationContext`. The host merges repeated invalidations, so a
/// layout sees one context per pass.
public struct InvalidationContext: Sendable, Equatable {
  public struct Flags: OptionSet, Sendable, Hashable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    public static let everything = Flags(rawValue: 1 << 0)
    public static let dataSourceCounts = Flags(rawValue: 1 << 1)
    public static let bounds = Flags(rawValue: 1 << 2)
  }

  public struct ElementRef: Hashable, Sendable {
    public var kind: ElementKind
    public var indexPath: IndexPath
    public init(kind: ElementKind, indexPath: IndexPath) {
      self.kind = kind
      self.indexPath = indexPath
    }
  }

  public struct PreferredSize: Hashable, Sendable {
    public var indexPath: IndexPath
    public var size: Size
    public init(indexPath: IndexPath, size: Size) {
      self.indexPath = indexPath
      self.size = size
    }
  }

  public var flags: Flags = []
  public var items: [IndexPath] = []
  public var supplementaries: [ElementRef] = []
  public var decorations: [ElementRef] = []
  public var preferredSizes: [PreferredSize] = []
  public var updateItems: [UpdateItem] = []
  public var contentSizeAdjustment: Size = .zero
  public var contentOffsetAdjustment: Point = .zero

  public init(flags: Flags = []) {
    self.flags = flags
  }

  public var invalidatesEverything: Bool { flags.contains(.everything) }
  public var invalidatesDataSourceCounts: Bool { flags.contains(.dataSourceCounts) }
}

/// One operation of a batch update, the mirror of `UICollectionViewUpdateItem`. Section
/// operations have `item == nil` in their paths.
public struct UpdateItem: Hashable, Sendable {
  public enum Action: UInt32, Sendable {
    case insert = 0
    case delete = 1
    case reload = 2
    case move = 3
  }

  public var action: Action
  /// Index path before the update (delete, reload, move).
  public var before: IndexPath?
  /// Index path after the update (insert, reload, move).
  public var after: IndexPath?
  /// True for section operations (the paths' `item` is then `IndexPath.noItem`).
  public var isSection: Bool

  public init(action: Action, before: IndexPath?, after: IndexPath?, isSection: Bool = false) {
    self.action = action
    self.before = before
    self.after = after
    self.isSection = isSection
  }
}
