#!/bin/bash
# A real ModemManager with a simulated LTE modem on a private system bus, for CellularTests.
# Adapted from ../shared/recipes/lab/all.sh (no GeoClue). Needs root, dbus-daemon, polkitd,
# modemmanager, unshare. usage: mm_lab.sh WORKDIR [bus]
# Prints "READY unix:path=WORKDIR/bus.sock" once the modem is enabled with 3GPP location on
# (with "bus": once the private bus alone is up, for labs that need no modem), then waits; SIGTERM tears everything down. Every wait has a deadline; "FAILED why" on timeout.
set -u
LAB=$(cd "$(dirname "$0")" && pwd); L=$1; MODE=${2:-modem}; chmod 755 "$L"
. "$LAB/../../lab_teardown.sh"
# until_ok SECONDS WHAT CMD...: retry CMD every 50 ms until it succeeds or the deadline passes.
until_ok() {
    local end=$(( $(date +%s%N) + $1 * 1000000000 )) what=$2; shift 2
    until "$@" >/dev/null 2>&1; do
        [ "$(date +%s%N)" -gt "$end" ] && { echo "FAILED $what"; exit 1; }
        sleep 0.05
    done
}
has_name() { gdbus call --system --dest org.freedesktop.DBus --object-path /org/freedesktop/DBus \
             --method org.freedesktop.DBus.NameHasOwner "$1" | grep -q true; }

sed "s#@SOCKET@#$L/bus.sock#" "$LAB/system-bus.conf" > "$L/bus.conf"
dbus-daemon --config-file="$L/bus.conf" --nofork 2>"$L/dbus.err" & PIDS+=($!)
until_ok 5 "dbus-daemon" test -S "$L/bus.sock"
export DBUS_SYSTEM_BUS_ADDRESS=unix:path=$L/bus.sock
if [ "$MODE" = bus ]; then
    echo "READY $DBUS_SYSTEM_BUS_ADDRESS"
    while :; do sleep 1 & wait $!; done
fi

# polkitd with a private rules dir (bind-mounted in its own mount namespace) granting root the
# ModemManager actions: MM is built with polkit and refuses every privileged call without it.
mkdir -m 755 "$L/polkit-rules"
cat > "$L/polkit-rules/49-mm-root-test.rules" <<'R'
polkit.addRule(function(action, subject) {
    if (action.id.indexOf("org.freedesktop.ModemManager1.") == 0 && subject.user == "root") return polkit.Result.YES;
});
R
chmod 644 "$L"/polkit-rules/*.rules
unshare -m --propagation private sh -c "mount --bind '$L/polkit-rules' /etc/polkit-1/rules.d && exec /usr/lib/polkit-1/polkitd --no-debug" > "$L/polkitd.log" 2>&1 & PIDS+=($!)
until_ok 10 "polkitd" has_name org.freedesktop.PolicyKit1

# MM_LAB_GPS=LAT,LON: the modem also has a GNSS receiver with a fix there (NMEA port).
SIM_FAST_PROBE=1 SIM_GPS=${MM_LAB_GPS:-} /usr/bin/python3 "$LAB/at_modem_sim.py" "$L/at.log" > "$L/sim.out" 2>&1 & PIDS+=($!)
PTYS=$([ -n "${MM_LAB_GPS:-}" ] && echo 2 || echo 1)
sim_ready() { [ "$(wc -l < "$L/sim.out")" -ge "$PTYS" ]; }
until_ok 5 "simulator" sim_ready
N=$(sed -n 1p "$L/sim.out"); N=${N#/dev/}
G=$(sed -n 2p "$L/sim.out"); G=${G#/dev/}
unshare -m --propagation private bash "$LAB/mm_in_fake_sysfs.sh" "$N" $G > "$L/mm.log" 2>&1 & PIDS+=($!)
until_ok 10 "ModemManager on the bus" has_name org.freedesktop.ModemManager1
[ -n "$G" ] && mmcli --report-kernel-event="action=add,subsystem=tty,name=$G" >/dev/null
mmcli --report-kernel-event="action=add,subsystem=tty,name=$N" >/dev/null
until_ok 30 "modem exported" sh -c 'mmcli -L | grep -q Modem/'
until_ok 20 "modem disabled state" sh -c "mmcli -m any -K | grep -q 'generic.state *: disabled'"
until_ok 20 "enable" mmcli -m any -e
until_ok 10 "location-enable-3gpp" mmcli -m any --location-enable-3gpp
# Right after enabling, MM may show lac 1A2B with tac 000000; registered, lac 0000 and the TAC.
until_ok 10 "3GPP location with TAC" sh -c "mmcli -m any --location-get -K | grep -q 'location.3gpp.tac *: 00ABCD'"
echo "READY $DBUS_SYSTEM_BUS_ADDRESS"
while :; do sleep 1 & wait $!; done
