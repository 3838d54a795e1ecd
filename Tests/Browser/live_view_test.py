#!/usr/bin/env python3
"""The live view in a real browser: `tessera serve` driven at its terminal (a pipe) and through
headless Chromium (Debian's `chromium`, driven by Playwright), flow by flow as README.md's
"The live view" describes it. Run by `swift test` (LiveViewBrowserTests); by hand:

    python3 Tests/Browser/live_view_test.py .build/debug/tessera [--screenshots docs]

Prints one line per flow, the measured figures, and exits 1 at the first flow that fails.
"""
import http.client
import json
import queue
import re
import subprocess
import sys
import threading
import time
from urllib.parse import urlparse

from playwright.sync_api import sync_playwright

CHROMIUM = "/usr/bin/chromium"


class Terminal:
    """`tessera serve` with its stdin and stdout as a person's terminal."""

    def __init__(self, tessera):
        self.process = subprocess.Popen(
            [tessera, "serve"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
            text=True, bufsize=1)
        self.lines = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()
        first = self.lines.get(timeout=60)
        match = re.fullmatch(r"view: (http://127\.0\.0\.1:(\d+)/#token=([0-9a-f]{32}))", first)
        assert match, f"the first line is not the view's address: {first!r}"
        self.url, self.port, self.token = match.group(1), int(match.group(2)), match.group(3)

    def _read(self):
        for line in self.process.stdout:
            self.lines.put(line.rstrip("\n"))

    def send(self, line):
        """Types `line` without waiting for what it prints."""
        self.process.stdin.write(line + "\n")
        self.process.stdin.flush()

    def type(self, line, wait=30):
        """Types `line` and returns what it printed (one JSON line under `format json`, or the
        text up to the next quiet moment)."""
        while not self.lines.empty():
            self.lines.get()
        self.process.stdin.write(line + "\n")
        self.process.stdin.flush()
        out = [self.lines.get(timeout=wait)]
        while True:
            try:
                out.append(self.lines.get(timeout=0.3))
            except queue.Empty:
                return "\n".join(out)

    def close(self):
        try:
            self.process.stdin.close()
            self.process.wait(timeout=20)
        except Exception:
            self.process.kill()


def request(port, path, host=None, origin=None, token=None):
    """A GET; with `token`, a WebSocket upgrade offering it as the page does (a subprotocol)."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    headers = {"Host": host or f"127.0.0.1:{port}"}
    if origin:
        headers["Origin"] = origin
    if token is not None:
        headers.update({
            "Upgrade": "websocket", "Connection": "Upgrade", "Sec-WebSocket-Version": "13",
            "Sec-WebSocket-Key": "dGhlIHNhbXBsZSBub25jZQ==", "Sec-WebSocket-Protocol": f"tessera, token.{token}"})
    connection.request("GET", path, headers=headers)
    response = connection.getresponse()
    if response.status == 101:  # an open WebSocket: no body to read
        connection.close()
        return 101, ""
    return response.status, response.read().decode()


def check(condition, what):
    if not condition:
        raise AssertionError(what)


def view_attr(page, name):
    return page.get_attribute("[data-view]", name)


def wait_attr(page, name, value, timeout=5000):
    page.wait_for_function(
        "([n, v]) => document.querySelector('[data-view]').getAttribute(n) === v", arg=[name, value], timeout=timeout)


def nodes(page):
    return page.eval_on_selector_all(
        "[data-elements] g[data-path]",
        "gs => gs.map(g => ({path: g.dataset.path, kind: g.dataset.kind, frame: g.dataset.frame}))")


def visible_frames(terminal):
    """`visible` at the terminal, as {(kind, path): "x,y,w,h"}."""
    answer = json.loads(terminal.type("visible"))
    out = {}
    for a in answer["attributes"]:
        out[(a.get("kind", "cell"), f"{a['section']}.{a['item']}")] = ",".join(
            format(v, "g") if v != int(v) else str(int(v)) for v in a["frame"])
    return out


def in_viewport(frame, offset, viewport):
    x, y, w, h = (float(v) for v in frame.split(","))
    ox, oy = (float(v) for v in offset.split(","))
    vw, vh = (float(v) for v in viewport.split("x"))
    return x < ox + vw and x + w > ox and y < oy + vh and y + h > oy


def main():
    tessera = sys.argv[1]
    screenshots = sys.argv[sys.argv.index("--screenshots") + 1] if "--screenshots" in sys.argv else None
    terminal = Terminal(tessera)
    figures = []
    try:
        flows(terminal, screenshots, figures)
    finally:
        terminal.close()
    for figure in figures:
        print(figure)
    print("all flows passed")


def flows(terminal, screenshots, figures):
    port, token = terminal.port, terminal.token

    # The 403s: no token, a wrong one, the token in the URL (never read there), another Host
    # (DNS rebinding), a foreign Origin. The page itself is static: only its Host is checked.
    check(request(port, "/")[0] == 200, "the page: 200")
    check(request(port, "/live", token="")[0] == 403, "no token: 403")
    check(request(port, "/live", token="0" * 32)[0] == 403, "a wrong token: 403")
    check(request(port, f"/live?token={token}")[0] == 403, "a token in the URL: 403")
    check(request(port, "/live", token=token)[0] == 101, "the token as a subprotocol: 101")
    status, body = request(port, "/", host=f"attacker.example:{port}")
    check(status == 403 and "Host" in body, f"another Host: 403 ({status} {body!r})")
    check(request(port, "/live", token=token, host=f"attacker.example:{port}")[0] == 403, "another Host: 403")
    check(request(port, "/", host=f"localhost:{port}")[0] == 200, "localhost:PORT is allowed")
    check(request(port, "/live", token=token, origin="http://attacker.example")[0] == 403, "a foreign Origin: 403")
    check(request(port, "/../etc/passwd")[0] == 404, "no file is served")
    print("ok  403 without the token, with another Host or Origin; nothing but the page is served")

    terminal.type("gen grid 60 size=100x100")
    terminal.type("viewport 390x400")
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        page = browser.new_page(viewport={"width": 1280, "height": 800})
        console = []
        page.on("console", lambda message: console.append(message.text))
        page.goto(terminal.url)
        wait_attr(page, "data-viewport", "390x400")
        # The token leaves the address bar at once (it stays for the tab's reloads).
        check(token not in page.url, f"the address bar still holds the token: {page.url}")
        check(view_attr(page, "data-content") == "390x2190", f"content {view_attr(page, 'data-content')}")
        print("ok  open: the page shows the session")

        # Every element `visible` lists is a node with the same frame.
        terminal.type("format json")
        listed = visible_frames(terminal)
        shown = {(n["kind"], n["path"]): n["frame"] for n in nodes(page)}
        for k, frame in listed.items():
            check(shown.get(k) == frame, f"{k}: visible says {frame}, the page {shown.get(k)}")
        extra = [k for k, f in shown.items() if k not in listed and in_viewport(f, "0,0", "390x400")]
        check(not extra, f"nodes in the viewport that visible does not list: {extra}")
        print(f"ok  nodes: the {len(listed)} elements visible lists, frame for frame")

        # Commands at the terminal show within a second.
        started = time.monotonic()
        terminal.send("scroll 0 500")
        wait_attr(page, "data-offset", "0,500", timeout=1000)
        figures.append(f"terminal scroll shown in the page after {1000 * (time.monotonic() - started):.0f} ms")
        print("ok  a terminal command updates the page within a second")

        # Wheel scrolls the workbench for real.
        box = page.locator("[data-view]").bounding_box()
        page.mouse.move(box["x"] + 100, box["y"] + 100)
        page.mouse.wheel(0, 300)
        wait_attr(page, "data-offset", "0,800")
        check(json.loads(terminal.type("scroll"))["offset"] == [0, 800], "the terminal sees the wheel's offset")
        print("ok  wheel: scroll 0 800, as the terminal sees it")

        # Drag with momentum: it glides to the layout's target and stops there.
        page.mouse.move(box["x"] + 200, box["y"] + 300)
        page.mouse.down()
        for step in range(1, 6):
            page.mouse.move(box["x"] + 200, box["y"] + 300 - 30 * step)
            page.wait_for_timeout(16)
        page.mouse.up()
        page.wait_for_function(
            "(v => v.dataset.gliding === 'false' && v.dataset.sending === 'false')(document.querySelector('[data-view]'))",
            timeout=8000)
        offset = view_attr(page, "data-offset")
        check(offset != "0,800" and float(offset.split(",")[1]) > 950, f"the drag moved and glided on ({offset})")
        said = json.loads(terminal.type("scroll"))["offset"]
        check(",".join(format(v, "g") for v in said) == offset, f"terminal {said}, page {offset}")
        print(f"ok  drag and glide: came to rest at {offset}")

        # The resize handle.
        handle = page.locator('[data-handle="resize"]').bounding_box()
        page.mouse.move(handle["x"] + 7, handle["y"] + 7)
        page.mouse.down()
        page.mouse.move(handle["x"] + 57, handle["y"] + 67, steps=5)
        page.mouse.up()
        wait_attr(page, "data-viewport", "440x460")
        check(json.loads(terminal.type("viewport"))["viewport"] == [440, 460], "the terminal sees the new viewport")
        print("ok  resize: viewport 440x460")

        # Hover fills the inspector; a click pins it.
        terminal.type("scroll 0 0")
        wait_attr(page, "data-offset", "0,0")
        page.hover('g[data-path="0.5"][data-kind="cell"]')
        page.wait_for_function("document.querySelector('[data-inspector]').dataset.inspecting === 'cell 0.5'")
        frame = page.get_attribute('[data-inspector] td[data-field="frame"]', "data-value")
        expected = json.loads(terminal.type("item 0.5"))["attributes"][0]["frame"]
        check(frame == ", ".join(format(v, ".17g") for v in expected), f"inspector frame {frame!r}, item says {expected}")
        shown = page.text_content('[data-inspector] td[data-field="frame"]')
        check(shown == ", ".join(format(round(v, 3), "g") for v in expected), f"shown as the terminal rounds: {shown!r}")
        page.click('g[data-path="0.5"][data-kind="cell"]')
        page.hover('g[data-path="0.0"][data-kind="cell"]')
        check(page.get_attribute("[data-inspector]", "data-inspecting") == "cell 0.5", "a pinned element stays")
        print("ok  hover and pin: the inspector shows cell 0.5")

        # The command box.
        page.fill("[data-command]", "layout waterfall columnCount=3")
        page.press("[data-command]", "Enter")
        page.wait_for_function("document.querySelector('[data-view]').dataset.layout === 'waterfall'")
        check("layout waterfall" in page.text_content("[data-output]"), "the answer is shown")
        page.fill("[data-command]", "load /etc/passwd")
        page.press("[data-command]", "Enter")
        page.wait_for_function("document.querySelector('[data-output] .failed') !== null")
        check("session files may read only" in page.text_content("[data-output]"), "the page reads as a session file")
        page.fill("[data-command]", "quit")
        page.press("[data-command]", "Enter")
        page.wait_for_function("document.querySelector('[data-output]').textContent.includes('cannot end')")
        check(terminal.process.poll() is None, "quit from the page does not end the session")
        print("ok  command box: runs commands, reads files as a session file may, cannot quit")

        # A batch update typed at the terminal plays as an animation.
        terminal.type("layout flow")
        page.wait_for_function("document.querySelector('[data-view]').dataset.layout === 'flow'")
        terminal.type("batch insert 0.0 100x100 id=new; delete 0.3")
        page.wait_for_function("document.querySelector('[data-view]').dataset.animating === 'true'", timeout=2000)
        inserted = page.eval_on_selector_all('g[data-change="inserted"]', "gs => gs.length")
        deleted = page.eval_on_selector_all('g[data-change="deleted"]', "gs => gs.length")
        check(inserted == 1 and deleted == 1, f"inserted {inserted}, deleted {deleted}")
        if screenshots:
            page.wait_for_timeout(450)
            page.screenshot(path=f"{screenshots}/live-view-batch.png")
        page.wait_for_function("document.querySelector('[data-view]').dataset.animating === 'false'", timeout=3000)
        check(page.is_enabled("[data-replay]"), "the scrubber can replay it")
        print("ok  batch: animated (1 inserted, 1 deleted), then at rest")

        # Ctrl-wheel (a pinch) zooms a layout that zooms: the flow's item size.
        terminal.type("gen grid 60")
        terminal.type("scroll 0 0")
        wait_attr(page, "data-offset", "0,0")
        before = view_attr(page, "data-content")
        box = page.locator("[data-view]").bounding_box()
        page.mouse.move(box["x"] + 100, box["y"] + 100)
        page.keyboard.down("Control")
        page.mouse.wheel(0, -100)
        page.keyboard.up("Control")
        page.wait_for_function(
            "([b]) => (v => v.dataset.sending === 'false' && v.dataset.content !== b)(document.querySelector('[data-view]'))",
            arg=[before])
        said = re.findall(r"[0-9.]+", terminal.type("size"))[:2]
        check(view_attr(page, "data-content") == "x".join(said), f"zoomed: page {view_attr(page, 'data-content')}, size {said}")
        said = terminal.type("layout")
        check('"itemSize": [59.050000000000004, 59.050000000000004]' in said, f"zoom ×1.181 takes the item size from 50 to 59.05: {said}")
        print(f"ok  ctrl-wheel zooms: content {before} → {view_attr(page, 'data-content')}")

        # An animated layout change plays too.
        terminal.type("layout waterfall animated")
        page.wait_for_function("document.querySelector('[data-view]').dataset.animating === 'true'", timeout=2000)
        check("layout change" in page.text_content("[data-motion-label]"), "the label names a layout change")
        page.wait_for_function("document.querySelector('[data-view]').dataset.animating === 'false'", timeout=3000)
        check(view_attr(page, "data-layout") == "waterfall", "and the page then shows the waterfall")
        print("ok  layout NAME animated: animated, then at rest")

        # An interactive transition: the page shows the blend; finishing it animates to the end.
        terminal.type("transition mosaic")
        terminal.type("transition progress 0.5")
        blended = json.loads(terminal.type("scroll"))["offset"]
        wait_attr(page, "data-offset", ",".join(format(v, "g") for v in blended))
        terminal.type("transition finish")
        page.wait_for_function("document.querySelector('[data-view]').dataset.animating === 'true'", timeout=2000)
        check("transition finish" in page.text_content("[data-motion-label]"), "the label names the transition")
        page.wait_for_function("document.querySelector('[data-view]').dataset.animating === 'false'", timeout=3000)
        check(view_attr(page, "data-layout") == "mosaic", "and the page then shows the mosaic")
        print("ok  transition: the blend shown, the finish animated")

        # The page reconnects when its connection drops, and follows the terminal again.
        page.evaluate("tessera.disconnect()")
        page.wait_for_function("document.querySelector('[data-status]').textContent === 'connected'", timeout=5000)
        terminal.type("layout flow")
        page.wait_for_function("document.querySelector('[data-view]').dataset.layout === 'flow'", timeout=2000)
        print("ok  reconnect: the page comes back and follows the session")

        # A plugin crash shows as a banner; the page goes on with the restored session.
        terminal.type("plugin load libFixtureCrasher.so")
        terminal.type("layout crasher mode=segfault")
        page.wait_for_selector("[data-banner]:not([hidden])", timeout=5000)
        check("crashed" in page.text_content("[data-banner]"), "the banner says the plugin crashed")
        terminal.type("scroll 0 100")
        wait_attr(page, "data-offset", "0,100")
        check(page.is_hidden("[data-banner]"), "the banner goes once a command succeeds")
        terminal.type("watchdog 1")
        terminal.type("layout crasher mode=hang")
        page.wait_for_selector("[data-banner]:not([hidden])", timeout=5000)
        check("did not return from prepare within 1 s" in page.text_content("[data-banner]"), "the watchdog's report")
        terminal.type("watchdog 10")
        print("ok  crash and watchdog stop: banners, then the restored session")

        # A million items: the page holds only what is near the viewport.
        terminal.type("layout flow")
        terminal.type("gen grid 1000000 size=50x50", wait=120)
        terminal.type("scroll 0 0")
        width, height = re.findall(r"[0-9.]+", terminal.type("size"))[:2]
        # Generous waits: a debug build shares two cores with the rest of `swift test` here.
        wait_attr(page, "data-content", f"{width}x{height}", timeout=180000)
        count = page.eval_on_selector_all("[data-elements] g[data-path]", "gs => gs.length")
        check(0 < count < 5000, f"{count} nodes")
        page.wait_for_function("Number(document.querySelector('[data-overview]').dataset.elements) === 1000000", timeout=180000)
        box = page.locator("[data-view]").bounding_box()
        page.mouse.move(box["x"] + 100, box["y"] + 100)
        times = []
        for step in range(1, 21):
            started = time.monotonic()
            page.mouse.wheel(0, 120)
            wait_attr(page, "data-offset", f"0,{120 * step}")
            times.append(1000 * (time.monotonic() - started))
        times.sort()
        figures.append(
            f"1,000,000 items: {count} nodes; a wheel scroll answered (command, scene, drawn) in "
            f"median {times[len(times) // 2]:.0f} ms, worst {times[-1]:.0f} ms over 20")
        print(f"ok  a million items: {count} nodes")
        if screenshots:
            terminal.type("format table")
            transcript = []
            for line in ["gen photos 2000 sections=4 header=0x40", "layout waterfall columnCount=3",
                         "viewport 390x700", "scroll 0 0", "item 0.4"]:
                transcript.append(f"tessera> {line}\n{terminal.type(line)}")
            wait_attr(page, "data-viewport", "390x700")
            page.click('g[data-path="0.4"][data-kind="cell"]')  # pins it (in place of 0.5)
            page.fill("[data-command]", "visible")
            page.press("[data-command]", "Enter")
            page.wait_for_timeout(1200)
            page.screenshot(path=f"{screenshots}/live-view.png")
            side_by_side(browser, terminal.url, "\n".join(transcript), f"{screenshots}/live-view-beside-the-repl.png")
        # With the server gone the page reconnects every second and the browser logs each failed
        # connection with its URL: the token is in none of those lines (it was in that URL).
        terminal.close()
        page.wait_for_timeout(2500)
        check(any("WebSocket" in m for m in console), f"no failed reconnect was logged: {console}")
        check(not any(token in m for m in console), f"the console shows the token: {console}")
        print("ok  the token is in no URL the browser logs")
        browser.close()


def side_by_side(browser, url, transcript, path):
    """The REPL (what the terminal printed) and the page, as a person has them on the screen."""
    import html
    import tempfile
    page = browser.new_page(viewport={"width": 1860, "height": 820})
    with tempfile.NamedTemporaryFile("w", suffix=".html", delete=False) as f:
        f.write(
            "<body style='margin:0;display:flex;background:#2b2b2e'>"
            "<pre style='width:560px;margin:0;padding:14px;box-sizing:border-box;color:#e8e8ea;"
            "font:12px/1.45 ui-monospace,Menlo,monospace;white-space:pre-wrap;overflow:hidden'>"
            f"$ .build/debug/tessera serve\nview: {html.escape(url.split('token=')[0])}token=…\n"
            f"{html.escape(transcript)}\ntessera> </pre>"
            f"<iframe src='{html.escape(url)}' style='border:0;width:1300px;height:820px;background:#fff'></iframe></body>")
    page.goto("file://" + f.name)
    page.frame_locator("iframe").locator("[data-view][data-viewport='390x700']").wait_for()
    page.wait_for_timeout(1500)
    page.screenshot(path=path)
    page.close()


if __name__ == "__main__":
    main()
