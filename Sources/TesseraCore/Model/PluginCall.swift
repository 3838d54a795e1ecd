/// The host→plugin calls, for `trace` and `stats`: the layout lifecycle made visible.
public enum PluginCall: Int, CaseIterable, Sendable {
  case create, setOptions, invalidate, prepare, contentSize, attributesInRect, allAttributes
  case attributesForItem, attributesForSupplementary, shouldInvalidateForBounds
  case shouldInvalidateForPreferred, invalidationContextForPreferred, prepareForUpdates, finalizeUpdates
  case initialAttributesForAppearing, finalAttributesForDisappearing, invalidationContextForBounds
  case attributesForDecoration, targetContentOffset, prepareForTransitionTo, prepareForTransitionFrom
  case finalizeLayoutTransition
  /// `tessera.clock/1`'s advance: one frame of the layout's own time.
  case advance
  case targetContentOffsetForVelocity
  /// Not counted by `stats`: the error message after a failed call.
  case lastError

  /// The ABI's name for the call.
  public var name: String {
    switch self {
    case .create: "create"
    case .setOptions: "set_options"
    case .invalidate: "invalidate"
    case .prepare: "prepare"
    case .contentSize: "content_size"
    case .attributesInRect: "attributes_in_rect"
    case .allAttributes: "all_attributes"
    case .attributesForItem: "attributes_for_item"
    case .attributesForSupplementary: "attributes_for_supplementary"
    case .shouldInvalidateForBounds: "should_invalidate_for_bounds"
    case .shouldInvalidateForPreferred: "should_invalidate_for_preferred"
    case .invalidationContextForPreferred: "invalidation_context_for_preferred"
    case .prepareForUpdates: "prepare_for_updates"
    case .finalizeUpdates: "finalize_updates"
    case .initialAttributesForAppearing: "initial_attributes_for_appearing"
    case .finalAttributesForDisappearing: "final_attributes_for_disappearing"
    case .invalidationContextForBounds: "invalidation_context_for_bounds"
    case .attributesForDecoration: "attributes_for_decoration"
    case .targetContentOffset: "target_content_offset"
    case .prepareForTransitionTo: "prepare_for_transition_to"
    case .prepareForTransitionFrom: "prepare_for_transition_from"
    case .finalizeLayoutTransition: "finalize_layout_transition"
    case .advance: "advance"
    case .targetContentOffsetForVelocity: "target_content_offset_for_velocity"
    case .lastError: "last_error"
    }
  }
}

/// Counts of each call, and of prepares that had to start from nothing (after an
/// invalidate-everything context, a new instance or new options): a prepare on every scroll
/// step shows up here.
public struct PluginCallStats: Sendable, Equatable {
  public var counts = [Int](repeating: 0, count: PluginCall.allCases.count)
  public var fullPrepares = 0

  public subscript(call: PluginCall) -> Int { counts[call.rawValue] }

  /// The counts as text (`N,N,...;FULL`), for the supervisor to hand back to a restored engine.
  public var encoded: String {
    counts.map(String.init).joined(separator: ",") + ";\(fullPrepares)"
  }

  /// Counts read back from `encoded`; nil for text that is not a list of this host's calls.
  public init?(encoded text: String) {
    let parts = text.split(separator: ";", omittingEmptySubsequences: false)
    guard parts.count == 2, let full = Int(parts[1]), full >= 0 else { return nil }
    let counts = parts[0].split(separator: ",").compactMap { Int($0) }.filter { $0 >= 0 }
    guard counts.count == PluginCall.allCases.count else { return nil }
    self.counts = counts
    fullPrepares = full
  }

  public init() {}
}
