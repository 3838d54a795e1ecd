import Foundation
import TesseraKit

/// A moving layout's motion in a checkpoint (`tessera.state/1`): the bytes its plugin saves,
/// in base64 beside the layout, taken up by the restored engine's instance once it prepared.
extension WorkbenchState {
  /// The layout's motion now, at rest too (a sleeping spring is kept asleep): nil when there is
  /// none to save; throws the layout's reason when it moves and cannot save its motion now.
  func layoutMotion() throws(HostError) -> [UInt8]? {
    guard let layout, layout.movesWithTime else { return nil }
    let moving = layout.isMoving()
    guard moving || layout.savesMotion else { return nil }
    do throws(HostError) {
      let motion = try layout.savedMotion()
      return motion.isEmpty ? nil : motion
    } catch {
      if moving { throw error }
      return nil
    }
  }

  /// The motion to write with the layout: nil when it rests (or has no layout). Throws why no
  /// checkpoint can be taken now when the layout moves and cannot save its motion, unless
  /// `force`d: then the motion is given up and a restored layout's items start where they rest.
  func layoutMotionForCheckpoint(force: Bool) throws(HostError) -> [UInt8]? {
    do throws(HostError) {
      return try layoutMotion()
    } catch {
      if force { return nil }
      throw HostError("no checkpoint now: the layout is moving and cannot save its motion now (\(error.message))")
    }
  }

  static func json(motion: [UInt8]) -> JSONOutput {
    .string(Data(motion).base64EncodedString())
  }

  /// Hands the checkpoint's saved motion (`node`, base64 text) to the restored layout. Returns
  /// what the restore report says when the layout does not take it up (its items then start
  /// where they rest).
  func takeUpLayoutMotion(_ node: JSONNode?) -> String? {
    guard let node, let layout else { return nil }
    if case .null = node.value { return nil }
    guard case .string(let text) = node.value, let data = Data(base64Encoded: text) else {
      return "the layout's motion in the checkpoint does not read: its items start where they rest"
    }
    do throws(HostError) {
      try layout.restoreMotion(Array(data))
      return nil
    } catch {
      return "the layout's motion was lost (\(error.message)): its items start where they rest"
    }
  }
}
