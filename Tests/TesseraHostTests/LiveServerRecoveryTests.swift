import Foundation
import Testing

/// The live server never runs out of descriptors: with FlyingFox, about 1,000 idle connections
/// ended its accept loop and it stopped listening for the rest of the session, silently. Now
/// the connections it keeps are capped below the descriptor limit (`LiveLimits`), a new one
/// closes the oldest idle one, and the page is served while the flood holds its connections.
/// Bounded and on loopback only: 80 connections to a server limited to 64 descriptors.
@Suite struct LiveServerRecoveryTests {
  static let flood = """
    import http.client, socket, sys, time
    port = int(sys.argv[1])
    held = []
    for i in range(80):
        try:
            held.append(socket.create_connection(("127.0.0.1", port), timeout=2))
        except OSError:
            break
    time.sleep(0.5)
    c = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
    c.request("GET", "/", headers={"Host": "127.0.0.1:%d" % port})
    print("held %d; during the flood: %d" % (len(held), c.getresponse().status))
    for s in held:
        s.close()
    """

  @Test(.timeLimit(.minutes(2))) func aFloodOfIdleConnectionsNeitherStopsTheServerNorLocksThePageOut() throws {
    let folder = try IsolationTests.folder("live-descriptors")
    try Self.flood.write(toFile: folder + "/flood.py", atomically: true, encoding: .utf8)
    let script = """
      (sh -c 'ulimit -n 64; (sleep 8; echo size) | exec "\(IsolationTests.tessera)" serve' > serve.out 2>&1 &)
      for i in $(seq 50); do grep -q '^view:' serve.out 2>/dev/null && break; sleep 0.2; done
      port=$(head -1 serve.out | sed -E 's/.*:([0-9]+)\\/.*/\\1/')
      python3 flood.py "$port"
      for i in $(seq 50); do grep -q '^contentSize' serve.out && break; sleep 0.2; done
      sed -E 's/token=[0-9a-f]+/token=TOKEN/; s/[0-9]{4,5}/PORT/g' serve.out
      """
    let (status, output) = try Support.run("/bin/sh", ["-c", script], in: folder)
    #expect(status == 0)
    #expect(
      output == """
        held 80; during the flood: 200
        view: http://127.0.0.1:PORT/#token=TOKEN
        contentSize 390x0

        """)
  }
}
