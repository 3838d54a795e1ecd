/// TesseraHost is built on TesseraCore; whoever imports the host sees both.
@_exported import TesseraCore
