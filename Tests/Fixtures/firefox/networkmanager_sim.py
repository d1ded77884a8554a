#!/usr/bin/python3
"""A stand-in for NetworkManager with one Wi-Fi device, as much as Firefox's Wi-Fi scan reads.

  DBUS_SYSTEM_BUS_ADDRESS=unix:path=... networkmanager_sim.py MAC,SSID,STRENGTH% ...

Firefox (widget/gtk/.../DbusWifiScanner) reads cached properties only: NetworkManager.Devices,
then each Device.DeviceType (2 = Wi-Fi), Device.Wireless.AccessPoints, and each access point's
Ssid, HwAddress and Strength (NetworkManager's percentage; Firefox sends Strength / 2 - 100 dBm).
Prints "READY" once it owns org.freedesktop.NetworkManager on the bus. Needs python3-gi.
"""
import sys

from gi.repository import Gio, GLib

NAME = "org.freedesktop.NetworkManager"
ROOT = "/org/freedesktop/NetworkManager"
DEVICE = ROOT + "/Devices/0"
INTROSPECTION = f"""<node>
 <interface name="{NAME}"><property name="Devices" type="ao" access="read"/></interface>
 <interface name="{NAME}.Device"><property name="DeviceType" type="u" access="read"/></interface>
 <interface name="{NAME}.Device.Wireless"><property name="AccessPoints" type="ao" access="read"/></interface>
 <interface name="{NAME}.AccessPoint">
  <property name="Ssid" type="ay" access="read"/>
  <property name="HwAddress" type="s" access="read"/>
  <property name="Strength" type="y" access="read"/>
 </interface>
</node>"""


def objects(entries):
    """{(path, interface): {property: variant}} for one Wi-Fi device hearing `entries`."""
    paths = [f"{ROOT}/AccessPoint/{index}" for index in range(len(entries))]
    table = {
        (ROOT, NAME): {"Devices": GLib.Variant("ao", [DEVICE])},
        (DEVICE, NAME + ".Device"): {"DeviceType": GLib.Variant("u", 2)},
        (DEVICE, NAME + ".Device.Wireless"): {"AccessPoints": GLib.Variant("ao", paths)},
    }
    for path, (mac, ssid, strength) in zip(paths, entries):
        table[(path, NAME + ".AccessPoint")] = {
            "Ssid": GLib.Variant("ay", ssid.encode()), "HwAddress": GLib.Variant("s", mac),
            "Strength": GLib.Variant("y", max(0, min(100, int(strength))))}
    return table


def main(arguments):
    entries = [argument.split(",") for argument in arguments]
    if not entries or any(len(entry) != 3 for entry in entries):
        sys.exit("usage: networkmanager_sim.py MAC,SSID,STRENGTH% ...")
    table = objects(entries)
    interfaces = {info.name: info for info in Gio.DBusNodeInfo.new_for_xml(INTROSPECTION).interfaces}
    bus = Gio.bus_get_sync(Gio.BusType.SYSTEM, None)
    for path, interface in table:
        bus.register_object(path, interfaces[interface], None,
                            lambda _c, _s, path, interface, name: table[(path, interface)][name], None)
    Gio.bus_own_name_on_connection(bus, NAME, Gio.BusNameOwnerFlags.NONE,
                                   lambda *_: print("READY", flush=True),
                                   lambda *_: sys.exit("could not own " + NAME))
    GLib.MainLoop().run()


if __name__ == "__main__":
    main(sys.argv[1:])
