#!/usr/bin/env python3
"""Screenshots a page in headless Chromium as a reader sees it, at an #anchor too.

    screenshot.py CHROMIUM PAGE.html ANCHOR OUT.png WIDTH HEIGHT

ANCHOR is "" for the top of the page. Chromium's own --screenshot paints nothing when the URL
has an anchor to scroll to (Chromium 156 gives a white page, whatever the page): this drives it
through the DevTools protocol on a pipe instead (--remote-debugging-pipe: JSON messages, each
ended by a NUL byte, read on descriptor 3 and written on descriptor 4). It sets a viewport of
WIDTH x HEIGHT pixels, loads the page, waits for the load and two frames after it (the scroll to
the anchor, then its painting), and writes the viewport as a PNG. Every wait is bounded (60 s);
a failure exits 1 naming the step. Python 3 standard library only.
"""
import base64
import fcntl
import json
import os
import pathlib
import select
import shutil
import subprocess
import sys
import tempfile
import time

STEP_SECONDS = 60


class Failed(Exception):
    pass


class DevTools:
    """The DevTools protocol over the two pipes: requests by id, events by method."""

    def __init__(self, to_chromium, from_chromium):
        self.to_chromium = to_chromium
        self.from_chromium = from_chromium
        self.pending = b""
        self.last_id = 0
        self.session = None

    def send(self, method, params=None):
        self.last_id += 1
        message = {"id": self.last_id, "method": method, "params": params or {}}
        if self.session:
            message["sessionId"] = self.session
        os.write(self.to_chromium, json.dumps(message).encode() + b"\0")
        return self.last_id

    def wait_for(self, what, matches):
        deadline = time.monotonic() + STEP_SECONDS
        while True:
            while b"\0" in self.pending:
                text, self.pending = self.pending.split(b"\0", 1)
                message = json.loads(text)
                if matches(message):
                    if "error" in message:
                        raise Failed("%s: %s" % (what, message["error"]))
                    return message
            left = deadline - time.monotonic()
            if left <= 0 or not select.select([self.from_chromium], [], [], left)[0]:
                raise Failed("%s: no answer from Chromium within %d s" % (what, STEP_SECONDS))
            data = os.read(self.from_chromium, 1 << 20)
            if not data:
                raise Failed("%s: Chromium closed its pipe" % what)
            self.pending += data

    def call(self, method, params=None):
        sent = self.send(method, params)
        return self.wait_for(method, lambda m: m.get("id") == sent).get("result", {})


def high(fd):
    """A copy of fd numbered 10 or more, out of the way of the descriptors 3 and 4 the child
    gets (the original is closed)."""
    copy = fcntl.fcntl(fd, fcntl.F_DUPFD, 10)
    os.close(fd)
    return copy


def screenshot(chromium, page, anchor, out, width, height, profile):
    chromium_reads, we_write = os.pipe()
    we_read, chromium_writes = os.pipe()
    chromium_reads, chromium_writes = high(chromium_reads), high(chromium_writes)

    def descriptors_3_and_4():
        os.dup2(chromium_reads, 3)
        os.dup2(chromium_writes, 4)

    process = subprocess.Popen(
        [chromium, "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
         "--no-first-run", "--disable-background-networking", "--disable-component-update",
         "--disable-sync", "--disable-dev-shm-usage", "--force-color-profile=srgb",
         "--hide-scrollbars", "--user-data-dir=" + profile, "--remote-debugging-pipe",
         "about:blank"],
        stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        preexec_fn=descriptors_3_and_4, pass_fds=(3, 4))
    os.close(chromium_reads)
    os.close(chromium_writes)
    devtools = DevTools(we_write, we_read)
    try:
        target = devtools.call("Target.createTarget", {"url": "about:blank"})["targetId"]
        devtools.session = devtools.call("Target.attachToTarget",
                                         {"targetId": target, "flatten": True})["sessionId"]
        devtools.call("Page.enable")
        devtools.call("Emulation.setDeviceMetricsOverride",
                      {"width": width, "height": height, "deviceScaleFactor": 1,
                       "mobile": False})
        url = pathlib.Path(page).resolve().as_uri() + ("#" + anchor if anchor else "")
        devtools.call("Page.navigate", {"url": url})
        devtools.wait_for("loading " + url, lambda m: m.get("method") == "Page.loadEventFired")
        devtools.call("Runtime.evaluate", {
            "expression": "new Promise(done => requestAnimationFrame(() => "
                          "requestAnimationFrame(() => done(window.scrollY))))",
            "awaitPromise": True})
        shot = devtools.call("Page.captureScreenshot", {"format": "png"})["data"]
        with open(out, "wb") as f:
            f.write(base64.b64decode(shot))
        devtools.session = None
        devtools.send("Browser.close")
        process.wait(timeout=STEP_SECONDS)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
        os.close(we_write)
        os.close(we_read)


def main():
    if len(sys.argv) != 7:
        print(__doc__, file=sys.stderr)
        return 2
    chromium, page, anchor, out, width, height = sys.argv[1:]
    profile = tempfile.mkdtemp(prefix="entrapment-chromium-")
    try:
        screenshot(chromium, page, anchor, out, int(width), int(height), profile)
    except (Failed, OSError, subprocess.TimeoutExpired, KeyError) as e:
        print("screenshot.py: %s" % e, file=sys.stderr)
        return 1
    finally:
        shutil.rmtree(profile, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
