import CEditLine
import Foundation

/// Prints a line on standard output and flushes it at once, so nothing already printed is lost
/// if the process ends. A write that fails (a full disk, a closed file) ends the process with
/// status 74 and says so on standard error: a transcript or golden file made by redirection must
/// never come out short without anyone noticing.
func emit(_ text: String) {
  // Whatever stdio holds first (help text), then the line written whole by `write(2)`: a
  // standard output set non-blocking by whoever reads it (EAGAIN) is waited for, not lost.
  fflush(cedit_stdout())
  var bytes = Array((text + "\n").utf8)[...]
  while !bytes.isEmpty {
    let written = bytes.withUnsafeBytes { write(STDOUT_FILENO, $0.baseAddress, $0.count) }
    if written > 0 {
      bytes = bytes.dropFirst(written)
    } else if written < 0, errno == EINTR {
      continue
    } else if written < 0, errno == EAGAIN || errno == EWOULDBLOCK {
      var ready = pollfd(fd: STDOUT_FILENO, events: Int16(POLLOUT), revents: 0)
      _ = poll(&ready, 1, -1)
    } else {
      standardOutputFailed(written < 0 ? errno : EIO)
    }
  }
}

/// Prints a line on standard error (unbuffered; a failure there has nowhere to be reported).
func printError(_ text: String) {
  fputs(text + "\n", cedit_stderr())
}

/// The exit status when standard output cannot be written (sysexits.h's EX_IOERR).
let standardOutputFailureStatus: Int32 = 74

/// Says why standard output failed and ends the process: the engine, its pipes and the
/// private folders are cleaned up as at any exit.
func standardOutputFailed(_ code: Int32) -> Never {
  let reason = String(cString: strerror(code))
  printError("error: cannot write to standard output (\(reason)); output was lost, so tessera stopped")
  exit(standardOutputFailureStatus)
}
