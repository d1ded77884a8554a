#!/usr/bin/python3
"""Headless Firefox ESR asks navigator.geolocation; prints what the page got, as one JSON line.

  firefox_page.py --endpoint URL [--watch] [--wifi MAC,SSID,STRENGTH% ...] [--deadline S]

Firefox's network geolocation provider is pointed at URL (a `whereabouts serve` on loopback),
the permission is granted by prefs, and a page served here on 127.0.0.1 (a secure context)
calls getCurrentPosition, or watchPosition with --watch, and POSTs each outcome back. With
--wifi, a private system bus and networkmanager_sim.py give Firefox those access points, and
Firefox posts them after its first, bodyless request.

stdout: {"events": [{"lat":…,"lng":…,"accuracy":…} or {"error":{"code":2,…}}, …],
         "outbound": ["CONNECT host:443", …]}  (what Firefox tried to reach off loopback, refused)
getCurrentPosition ends at its first event; a watch at its first position. Exit 0 when the
page reported, 1 when it could not be run (no answer before --deadline, Firefox died, the bus
or the stand-in did not start). Every process started is stopped by its PID; SIGTERM too.
MOZ_DISABLE_NONLOCAL_CONNECTIONS=1 and a refusing proxy keep Firefox off the network.
"""
import argparse
import json
import os
import select
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

HERE = os.path.dirname(os.path.abspath(__file__))
PAGE = """<!doctype html><meta charset="utf-8"><title>geolocation</title><script>
"use strict";
function send(event) { fetch("/result", {method: "POST", body: JSON.stringify(event)}); }
function position(p) {
  try { send({lat: p.coords.latitude, lng: p.coords.longitude, accuracy: p.coords.accuracy}); }
  catch (e) { send({error: {code: 0, message: String(e)}}); }
}
function failure(e) { send({error: {code: e.code, message: e.message}}); }
const options = {timeout: %(timeout)d, maximumAge: 0};
try {
  if (%(watch)s) navigator.geolocation.watchPosition(position, failure, options);
  else navigator.geolocation.getCurrentPosition(position, failure, options);
} catch (e) { send({error: {code: 0, message: String(e)}}); }
</script>"""
BUS_CONFIG = """<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig><type>system</type><listen>unix:path=%s</listen><auth>EXTERNAL</auth>
<policy context="default"><allow user="*"/><allow own="*"/><allow send_type="method_call"/>
<allow send_destination="*"/><allow receive_sender="*"/></policy></busconfig>"""


def prefs(endpoint, proxy_port, wifi, timeout_ms):
    """user.js: geolocation from `endpoint` with the permission granted, nothing else online."""
    values = {
        "geo.provider.network.url": endpoint,
        "geo.provider.network.scan": wifi,          # NetworkManager's access points
        "geo.provider.network.timeout": timeout_ms,
        "geo.provider.use_geoclue": False,          # Linux's default asks GeoClue first
        "geo.provider.use_gpsd": False,
        "geo.provider.use_mls": False,
        "permissions.default.geo": 1,               # a headless prompt would wait forever
        "geo.prompt.testing": True,
        "geo.prompt.testing.allow": True,
        # Whatever is not loopback goes to a proxy here that refuses it.
        "network.proxy.type": 1,
        "network.proxy.http": "127.0.0.1", "network.proxy.http_port": proxy_port,
        "network.proxy.ssl": "127.0.0.1", "network.proxy.ssl_port": proxy_port,
        "network.proxy.no_proxies_on": "",
        "network.proxy.allow_hijacking_localhost": False,
        "network.proxy.failover_direct": False,
        "services.settings.server": "data:,#offline/v1",
        # Region detection asks Mozilla's location service (the machine's position, by IP).
        "browser.region.network.url": "",
        # Upload disabled still sends Glean's "deletion-request" ping to
        # incoming.telemetry.mozilla.org; below 0, Glean drops every ping it would upload
        # (toolkit/components/glean/docs: the prefs Mozilla's own test profiles set).
        "telemetry.fog.test.localhost_port": -1,
        "toolkit.telemetry.server": "",
    }
    for name in ("app.update.auto", "app.normandy.enabled", "toolkit.telemetry.enabled",
                 "datareporting.healthreport.uploadEnabled", "datareporting.policy.dataSubmissionEnabled",
                 "browser.safebrowsing.malware.enabled", "browser.safebrowsing.phishing.enabled",
                 "browser.safebrowsing.downloads.enabled", "browser.safebrowsing.update.enabled",
                 "network.captive-portal-service.enabled", "network.connectivity-service.enabled",
                 "browser.region.update.enabled", "browser.newtabpage.enabled", "browser.aboutwelcome.enabled",
                 "extensions.update.enabled", "extensions.systemAddon.update.enabled", "dom.push.connection.enabled",
                 "browser.shell.checkDefaultBrowser", "browser.sessionstore.resume_from_crash",
                 "browser.topsites.contile.enabled", "browser.newtabpage.activity-stream.feeds.topsites",
                 "browser.newtabpage.activity-stream.feeds.section.topstories",
                 "browser.newtabpage.activity-stream.showSponsoredTopSites",
                 "browser.newtabpage.activity-stream.telemetry", "browser.translations.enable", "browser.ml.enable"):
        values[name] = False
    values.update({"app.update.disabledForTesting": True, "network.dns.disablePrefetch": True,
                   "network.trr.mode": 5, "security.OCSP.enabled": 0,
                   "browser.startup.homepage_override.mstone": "ignore"})
    return "".join(f"user_pref({json.dumps(k)}, {json.dumps(v)});\n" for k, v in values.items())


class Lab:
    """The page, the result sink and a refusing proxy on one loopback port."""

    def __init__(self, page, watch):
        self.events, self.outbound, self.done = [], [], threading.Event()
        self.lock = threading.Lock()
        lab = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *_):
                pass

            def answer(self, status, body=b"", kind="text/html; charset=utf-8"):
                self.send_response(status)
                self.send_header("Content-Type", kind)
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def handle_any(self):
                if self.command == "CONNECT" or "://" in self.path:
                    lab.outbound.append(f"{self.command} {self.path}")
                    return self.answer(403, b"offline")
                body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
                if self.path == "/" and self.command == "GET":
                    return self.answer(200, page)
                if self.path == "/result" and self.command == "POST":
                    lab.take(body, watch)
                    return self.answer(204)
                return self.answer(404)

            do_GET = do_POST = do_CONNECT = do_HEAD = do_OPTIONS = handle_any

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.port = self.server.server_address[1]
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def take(self, body, watch):
        try:
            event = json.loads(body)
        except ValueError:
            event = {"error": {"code": 0, "message": body.decode("utf-8", "replace")}}
        with self.lock:
            # The outcome is decided at `done`: what a watch reports while Firefox is being
            # stopped (on a loaded machine its next network request can time out, code 2)
            # is not part of it.
            if self.done.is_set():
                return
            self.events.append(event)
            # A watch goes on after an error (Firefox's bodyless request may be refused); a
            # one-shot request ends at its first answer, whatever it is.
            if not watch or "lat" in event or event.get("error", {}).get("code") == 0:
                self.done.set()


def process_table():
    """{pid: (parent, start time)} of live processes (zombies count as gone)."""
    table = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as f:
                    fields = f.read().rsplit(")", 1)[1].split()
                if fields[0] not in ("Z", "X"):
                    table[int(entry)] = (int(fields[1]), fields[19])
            except (OSError, IndexError, ValueError):
                pass
    return table


def descendants(pid):
    table, found, pending = process_table(), set(), [pid]
    while pending:
        parent = pending.pop()
        for child, (ppid, start) in table.items():
            if ppid == parent and (child, start) not in found:
                found.add((child, start))
                pending.append(child)
    return found


def stop(process, children=()):
    """SIGTERM `process`, SIGKILL after 10 s; then each child seen that outlived it, by PID."""
    children = set(children) | descendants(process.pid)
    if process.poll() is None:
        process.terminate()
        try:
            process.wait(10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
    for sig in (signal.SIGTERM, signal.SIGKILL):
        table = process_table()
        left = [pid for pid, start in children if table.get(pid, (0, None))[1] == start]
        for pid in left:
            try:
                os.kill(pid, sig)
            except ProcessLookupError:
                pass
        end = time.monotonic() + 2
        while left and time.monotonic() < end:
            time.sleep(0.05)
            table = process_table()
            left = [pid for pid, start in children if table.get(pid, (0, None))[1] == start]
        if not left:
            return


def wait_for(condition, seconds, what):
    end = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > end:
            raise SystemExit(f"error: {what} within {seconds} s")
        time.sleep(0.02)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--endpoint", required=True)
    parser.add_argument("--watch", action="store_true")
    parser.add_argument("--wifi", nargs="+", default=[], metavar="MAC,SSID,STRENGTH%")
    parser.add_argument("--deadline", type=float, default=60, help="seconds to wait for the page")
    parser.add_argument("--page-timeout-ms", type=int, default=30000)
    parser.add_argument("--firefox", default=shutil.which("firefox-esr") or "/usr/bin/firefox-esr")
    arguments = parser.parse_args()
    # SIGTERM from the test unwinds through the `finally` blocks, which stop everything.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(1))

    page = (PAGE % {"timeout": arguments.page_timeout_ms, "watch": json.dumps(arguments.watch)}).encode()
    lab = Lab(page, arguments.watch)
    directory = tempfile.mkdtemp(prefix="firefox-page.")
    started = []
    try:
        home = os.path.join(directory, "home")
        profile = os.path.join(directory, "profile")
        os.makedirs(home)
        os.makedirs(profile)
        with open(os.path.join(profile, "user.js"), "w") as f:
            f.write(prefs(arguments.endpoint, lab.port, bool(arguments.wifi), arguments.page_timeout_ms))
        environment = dict(os.environ, MOZ_DISABLE_NONLOCAL_CONNECTIONS="1", MOZ_CRASHREPORTER_DISABLE="1",
                           MOZ_HEADLESS="1", HOME=home, XDG_CACHE_HOME=os.path.join(home, ".cache"),
                           XDG_CONFIG_HOME=os.path.join(home, ".config"),
                           XDG_DATA_HOME=os.path.join(home, ".local", "share"))
        for name in ("DISPLAY", "WAYLAND_DISPLAY", "DBUS_SYSTEM_BUS_ADDRESS"):
            environment.pop(name, None)
        if arguments.wifi:
            socket_path = os.path.join(directory, "bus.sock")
            with open(os.path.join(directory, "bus.conf"), "w") as f:
                f.write(BUS_CONFIG % socket_path)
            started.append(subprocess.Popen(
                ["dbus-daemon", "--nofork", "--config-file=" + os.path.join(directory, "bus.conf")],
                stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
            wait_for(lambda: os.path.exists(socket_path), 20, "the private system bus did not start")
            environment["DBUS_SYSTEM_BUS_ADDRESS"] = "unix:path=" + socket_path
            networkmanager = subprocess.Popen(
                ["/usr/bin/python3", os.path.join(HERE, "networkmanager_sim.py")] + arguments.wifi,
                stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env=environment)
            started.append(networkmanager)
            ready, _, _ = select.select([networkmanager.stdout], [], [], 20)
            line = networkmanager.stdout.readline().decode().strip() if ready else "nothing within 20 s"
            if line != "READY":
                raise SystemExit(f"error: the NetworkManager stand-in did not start: {line}")
        firefox = subprocess.Popen(
            [arguments.firefox, "--headless", "--no-remote", "--profile", profile, f"http://127.0.0.1:{lab.port}/"],
            stdin=subprocess.DEVNULL, stdout=open(os.path.join(directory, "firefox.log"), "wb"),
            stderr=subprocess.STDOUT, env=environment)
        children = set()
        try:
            end = time.monotonic() + arguments.deadline
            while not lab.done.wait(0.1):
                children |= descendants(firefox.pid)
                if firefox.poll() is not None:
                    raise SystemExit(f"error: Firefox exited with {firefox.returncode} before the page answered")
                if time.monotonic() > end:
                    raise SystemExit(f"error: the page did not answer within {arguments.deadline:g} s "
                                     f"(events so far: {json.dumps(lab.events)})")
        finally:
            stop(firefox, children)
        print(json.dumps({"events": lab.events, "outbound": lab.outbound}), flush=True)
    finally:
        for process in reversed(started):
            stop(process)
        lab.server.shutdown()
        shutil.rmtree(directory, ignore_errors=True)


if __name__ == "__main__":
    main()
