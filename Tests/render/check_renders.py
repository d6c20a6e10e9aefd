#!/usr/bin/env python3
"""Renders tally's SVG charts and HTML page with real renderers and checks what they draw.

rsvg-convert (librsvg) draws each SVG report at two widths; headless Chromium draws the HTML
page through a proxy that counts every request, so a page that loads anything from elsewhere
fails. Each picture must show the chart's colours in its plot area, not a blank one.

    python3 Tests/render/check_renders.py PATH/TO/tally [--keep DIR]

--keep writes the PNGs to DIR (README's pictures come from there).
"""
import argparse
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import threading

from PIL import Image

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BARS = (47, 111, 189)  # the light scheme's series colour
RUNNING = (161, 189, 222)  # a running period's bar: the series colour at 45% on white
NEGATIVE = (196, 67, 43)


def tally(binary, env, *arguments, now="2024-05-01T09:00:00Z"):
    subprocess.run(
        [binary, *arguments], env=dict(env, TALLY_NOW=now), check=True,
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)


def make_database(binary, env):
    """Projects of each kind, with goals set before their readings."""
    early = "2023-12-01T00:00:00Z"
    sample = lambda name: os.path.join(ROOT, "samples", name)
    tally(binary, env, "import", sample("weight.csv"), "--project", "Weight", "--create",
          "--frequency", "weekly", "--units", "kg", "--kind", "gauge", now=early)
    tally(binary, env, "project", "edit", "Weight", "--goal", "84", "--goal-is", "at-most",
          now=early)
    tally(binary, env, "import", sample("odometer.csv"), "--project", "Car", "--create",
          "--frequency", "monthly", "--units", "km", "--kind", "meter", now=early)
    tally(binary, env, "import", sample("household.csv"), "--project", "Groceries <&\">",
          "--create", "--frequency", "weekly", "--units", "EUR", "--filter-column", "category",
          "--filter-value", "groceries", now=early)
    tally(binary, env, "project", "add", "Run", "--frequency", "weekly", "--units", "km",
          "--goal", "20", now=early)
    for day, km in enumerate([12, 9, 25, 14, 30, 6, 22, 18, 27, 8, 31, 16, 24, 11, 19]):
        tally(binary, env, "item", "add", "Run", str(km), "--at", f"2024-01-{day * 2 + 1:02d}T07:00",
              now=early)
    tally(binary, env, "project", "add", "Balance", "--frequency", "monthly", "--units", "EUR",
          now=early)
    for month, amount in enumerate([-120, -45.5, -300, -80]):
        tally(binary, env, "item", "add", "Balance", str(amount), "--at", f"2024-0{month + 1}-15",
              now=early)
    tally(binary, env, "project", "add", "Once", "--frequency", "yearly", now=early)
    tally(binary, env, "item", "add", "Once", "42", "--at", "2024-03-01", now=early)


def orange_share(image):
    """The share of orange pixels (the goal line's, however thinly antialiased)."""
    pixels = image.convert("RGB").get_flattened_data()
    return sum(1 for r, g, b in pixels if r - b > 80 and r - g > 30) / max(1, len(pixels))


def colour_share(image, colour, tolerance=40):
    """The share of the picture's pixels within `tolerance` of `colour`."""
    pixels = image.convert("RGB").get_flattened_data()
    near = sum(1 for r, g, b in pixels
               if abs(r - colour[0]) + abs(g - colour[1]) + abs(b - colour[2]) <= tolerance)
    return near / max(1, len(pixels))


class CountingProxy:
    """A loopback listener that Chromium is told to send every request through."""

    def __init__(self):
        self.server = socket.socket()
        self.server.bind(("127.0.0.1", 0))
        self.server.listen(16)
        self.server.settimeout(0.2)
        self.port = self.server.getsockname()[1]
        self.requests = []
        self.running = True
        self.thread = threading.Thread(target=self.serve, daemon=True)
        self.thread.start()

    def serve(self):
        while self.running:
            try:
                connection, _ = self.server.accept()
            except socket.timeout:
                continue
            connection.settimeout(1)
            try:
                first = connection.recv(1024).split(b"\r\n")[0].decode("latin-1")
            except OSError:
                first = "(nothing said)"
            self.requests.append(first)
            connection.close()

    def stop(self):
        self.running = False
        self.thread.join()
        self.server.close()


# What Chromium asks of its maker's services by itself, page or no page: its clock, updates,
# sign-in, safe browsing. A page's own loads go anywhere else.
BROWSER_SERVICES = (
    "clients2.google.com", "update.googleapis.com", "accounts.google.com",
    "safebrowsing.googleapis.com", "optimizationguide-pa.googleapis.com",
    "content-autofill.googleapis.com", "clientservices.googleapis.com", "redirector.gvt1.com",
    "edgedl.me.gvt1.com", "www.google.com",
)


def host(request):
    """The host a proxy request line asks for: `CONNECT host:443 ...` or `GET http://host/...`."""
    parts = request.split(" ")
    if len(parts) < 2:
        return ""
    target = parts[1]
    if "://" in target:
        target = target.split("://", 1)[1]
    return target.split("/", 1)[0].split(":", 1)[0]


def page_requests(browser, page, work, name):
    """The requests Chromium made, other than its own services', while drawing `page`."""
    proxy = CountingProxy()
    png = os.path.join(work, name + ".png")
    try:
        subprocess.run(
            [browser, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
             "--no-first-run", "--disable-background-networking", "--disable-component-update",
             "--disable-sync", "--disable-extensions", "--disable-default-apps",
             f"--proxy-server=http://127.0.0.1:{proxy.port}", "--proxy-bypass-list=<-loopback>",
             f"--user-data-dir={os.path.join(work, 'profile-' + name)}",
             f"--screenshot={png}", "--window-size=1000,1400", "file://" + page],
            check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=120)
    finally:
        proxy.stop()
    return png, [r for r in proxy.requests if host(r) not in BROWSER_SERVICES]


def chromium():
    for name in ("chromium", "chromium-browser", "google-chrome"):
        if shutil.which(name):
            return name
    return None


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("tally")
    parser.add_argument("--keep")
    options = parser.parse_args()
    binary = os.path.abspath(options.tally)
    work = tempfile.mkdtemp(prefix="tally-render-")
    env = dict(os.environ, TALLY_DB=os.path.join(work, "tally.sqlite"), TZ="UTC",
               LC_ALL="C.UTF-8", NO_COLOR="1")
    failures = []
    checked = 0
    try:
        make_database(binary, env)
        charts = {
            "weight": (["Weight"], BARS),
            "car": (["Car"], BARS),
            "run": (["Run"], BARS),
            "groceries": (["Groceries <&\">"], BARS),
            "balance": (["Balance"], NEGATIVE),
            "once": (["Once"], BARS),
            "all": (["--all"], BARS),
            "daily": (["Run", "--period", "daily"], BARS),
        }
        for name, (arguments, colour) in charts.items():
            svg = os.path.join(work, name + ".svg")
            tally(binary, env, "report", *arguments, "--output", svg)
            for width in (400, 1200):
                png = os.path.join(work, f"{name}-{width}.png")
                subprocess.run(["rsvg-convert", "-w", str(width), "-o", png, svg], check=True)
                image = Image.open(png)
                share = max(colour_share(image, colour), colour_share(image, RUNNING))
                checked += 1
                if share < 0.001:
                    failures.append(f"{name}.svg at {width} px: its plot is blank ({share:.4%})")
                if name in ("run", "weight") and orange_share(image) < 0.0005:
                    failures.append(f"{name}.svg at {width} px: no goal line")
        browser = chromium()
        if browser is None:
            failures.append("no headless Chromium to draw the HTML page")
        else:
            page = os.path.join(work, "report.html")
            tally(binary, env, "report", "--all", "--output", page)
            # The check itself is checked: a page that loads an image is caught.
            probe = os.path.join(work, "probe.html")
            with open(probe, "w") as file:
                file.write('<html><body><img src="http://tally-probe.example/x.png"></body></html>')
            _, probed = page_requests(browser, probe, work, "probe")
            if not any(host(r) == "tally-probe.example" for r in probed):
                failures.append(f"the proxy did not see a page's load: {probed}")
            png, requests = page_requests(browser, page, work, "page")
            checked += 1
            if requests:
                failures.append(f"the HTML page made requests elsewhere: {requests}")
            share = max(colour_share(Image.open(png), BARS), colour_share(Image.open(png), RUNNING))
            if share < 0.001:
                failures.append(f"the HTML page's charts are blank ({share:.4%})")
        if options.keep:
            os.makedirs(options.keep, exist_ok=True)
            for name in os.listdir(work):
                if name.endswith(".png"):
                    shutil.copy(os.path.join(work, name), options.keep)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    for failure in failures:
        print("FAIL:", failure)
    print(f"{checked - len(failures)} passed, {len(failures)} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
