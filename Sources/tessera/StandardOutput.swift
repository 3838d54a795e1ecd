import CEditLine
import Foundation

/// Prints a line on standard output and flushes it at once, so nothing already printed is lost
/// if the process ends. A write that fails (a full disk, a closed file) ends the process with
/// status 74 and says so on standard error: a transcript or golden file made by redirection must
/// never come out short without anyone noticing.
func emit(_ text: String) {
  let out = cedit_stdout()
  if fputs(text + "\n", out) < 0 || fflush(out) != 0 {
    standardOutputFailed(errno)
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
