#!/usr/bin/python3
"""A stand-in for wpa_supplicant's D-Bus API (fi.w1.wpa_supplicant1) for the GeoClue lab.

This machine has no Wi-Fi hardware and no wireless stack, so wpa_supplicant cannot run; this
serves the part of its D-Bus interface GeoClue 2.6 reads (gclue-wifi.c): one interface, wlan0,
whose BSS table each Scan() call moves one scan on. A scan's readings update the signal of the
access points already in the table (PropertiesChanged) or add them (BSSAdded); an access point a
scan missed keeps its last signal, as wpa_supplicant keeps it until it expires. ScanDone(true)
follows once GeoClue has read every new access point's properties (its proxies are made
asynchronously; at most 10 s). After the last scan, Scan() changes nothing.

usage: wpa_supplicant_sim.py SCANS.json   (on $DBUS_SYSTEM_BUS_ADDRESS)
SCANS.json: [[{"bssid": "aa:bb:cc:dd:ee:ff", "ssid": "x", "signal": -60, "frequency": 2412}, ...], ...]
Prints "SCAN n" for each Scan() call that applied scan n (1-based).
"""
import json
import sys

import dbus
import dbus.mainloop.glib
import dbus.service
from gi.repository import GLib

NAME = "fi.w1.wpa_supplicant1"
ROOT = "/fi/w1/wpa_supplicant1"
INTERFACE_PATH = ROOT + "/Interfaces/0"
PROPERTIES = "org.freedesktop.DBus.Properties"


class PropertiesObject(dbus.service.Object):
    """An object whose properties GDBusProxy reads with GetAll and follows by PropertiesChanged."""

    interface = ""

    def properties(self):
        return {}

    @dbus.service.method(PROPERTIES, in_signature="ss", out_signature="v")
    def Get(self, interface, name):
        return self.properties()[name]

    @dbus.service.method(PROPERTIES, in_signature="s", out_signature="a{sv}")
    def GetAll(self, interface):
        return self.properties() if interface == self.interface else {}

    @dbus.service.signal(PROPERTIES, signature="sa{sv}as")
    def PropertiesChanged(self, interface, changed, invalidated):
        pass


class BSS(PropertiesObject):
    interface = NAME + ".BSS"

    def __init__(self, bus, path, reading, on_read):
        super().__init__(bus, path)
        self.on_read = on_read
        self.bssid = bytes(int(octet, 16) for octet in reading["bssid"].split(":"))
        self.ssid = reading.get("ssid", "").encode()
        self.signal = int(reading["signal"])
        self.frequency = int(reading.get("frequency", 2412))

    def properties(self):
        return {
            "BSSID": dbus.ByteArray(self.bssid), "SSID": dbus.ByteArray(self.ssid),
            "Signal": dbus.Int16(self.signal), "Frequency": dbus.UInt16(self.frequency),
            "Privacy": dbus.Boolean(True), "Mode": dbus.String("infrastructure"),
        }

    @dbus.service.method(PROPERTIES, in_signature="s", out_signature="a{sv}")
    def GetAll(self, interface):
        self.on_read(self.__dbus_object_path__)
        return self.properties() if interface == self.interface else {}

    def hear(self, signal):
        if signal != self.signal:
            self.signal = signal
            self.PropertiesChanged(self.interface, {"Signal": dbus.Int16(signal)}, dbus.Array([], signature="s"))


class Interface(PropertiesObject):
    interface = NAME + ".Interface"

    def __init__(self, bus, scans):
        super().__init__(bus, INTERFACE_PATH)
        self.bus = bus
        self.scans = scans
        self.next_scan = 0
        self.table = {}
        self.unread = set()
        self.scan_pending = False
        self.deadline = None

    def properties(self):
        return {
            "Ifname": dbus.String("wlan0"), "State": dbus.String("inactive"), "Scanning": dbus.Boolean(False),
            "BSSs": dbus.Array([bss.__dbus_object_path__ for bss in self.table.values()], signature="o"),
        }

    @dbus.service.method(NAME + ".Interface", in_signature="a{sv}", out_signature="")
    def Scan(self, arguments):
        if self.next_scan < len(self.scans):
            for reading in self.scans[self.next_scan]:
                key = reading["bssid"].lower()
                if key in self.table:
                    self.table[key].hear(int(reading["signal"]))
                else:
                    path = "%s/BSSs/%d" % (INTERFACE_PATH, len(self.table))
                    self.table[key] = BSS(self.bus, path, reading, self.read)
                    self.unread.add(path)
                    self.BSSAdded(path, self.table[key].properties())
            self.next_scan += 1
            print("SCAN %d" % self.next_scan, flush=True)
        self.scan_pending = True
        if not self.unread:
            GLib.idle_add(self.finish_scan)
        else:
            self.deadline = GLib.timeout_add_seconds(10, self.deadline_passed)

    def read(self, path):
        """GeoClue read a BSS's properties: the scan is done once it has read them all."""
        self.unread.discard(path)
        if not self.unread and self.scan_pending:
            GLib.idle_add(self.finish_scan)

    def deadline_passed(self):
        self.deadline = None
        return self.finish_scan()

    def finish_scan(self):
        if self.deadline is not None:
            GLib.source_remove(self.deadline)
            self.deadline = None
        if self.scan_pending:
            self.scan_pending = False
            self.ScanDone(True)
        return False

    @dbus.service.signal(NAME + ".Interface", signature="oa{sv}")
    def BSSAdded(self, path, properties):
        pass

    @dbus.service.signal(NAME + ".Interface", signature="o")
    def BSSRemoved(self, path):
        pass

    @dbus.service.signal(NAME + ".Interface", signature="b")
    def ScanDone(self, success):
        pass


class Supplicant(PropertiesObject):
    interface = NAME

    def __init__(self, bus):
        super().__init__(bus, ROOT)

    def properties(self):
        return {"Interfaces": dbus.Array([INTERFACE_PATH], signature="o")}

    @dbus.service.method(NAME, in_signature="s", out_signature="o")
    def GetInterface(self, name):
        return dbus.ObjectPath(INTERFACE_PATH)

    @dbus.service.signal(NAME, signature="oa{sv}")
    def InterfaceAdded(self, path, properties):
        pass

    @dbus.service.signal(NAME, signature="o")
    def InterfaceRemoved(self, path):
        pass


def main():
    with open(sys.argv[1]) as file:
        scans = json.load(file)
    dbus.mainloop.glib.DBusGMainLoop(set_as_default=True)
    bus = dbus.SystemBus()
    supplicant = Supplicant(bus)
    interface = Interface(bus, scans)
    name = dbus.service.BusName(NAME, bus)
    print("READY", flush=True)
    GLib.MainLoop().run()


if __name__ == "__main__":
    main()
