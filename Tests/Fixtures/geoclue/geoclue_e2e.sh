#!/bin/bash
# Real GeoClue 2.6 → `whereabouts serve` → where-am-i, end to end, for GeolocateServerTests.
# Run it inside a loopback-only network namespace:
#   unshare -n bash geoclue_e2e.sh WORKDIR WHEREABOUTS DB [SCANS.json]
# The serving cell comes from a simulated LTE modem driven by a real ModemManager on a private
# system bus (Tests/Fixtures/cellular/mmlab/mm_lab.sh); GeoClue (config bind-mounted in a mount
# namespace) sends it to the server, whose answer where-am-i prints. With SCANS.json, GeoClue
# hears Wi-Fi instead of the cell: wpa_supplicant_sim.py serves those scans one per Scan() call
# (GeoClue scans every 10 s), and the lab waits for one location per scan. GeoClue 2.6 gotchas (see
# shared/recipes/components.md §4): it only queries when it thinks the network is up
# (GIO_USE_NETWORK_MONITOR=base), waits forever without its demo agent, and scrambles positions
# below -a 8. Prints "WHERE-AM-I" and its output when a location arrived, "FAILED why"
# otherwise; every wait has a deadline; SIGTERM tears everything down.
set -u
HERE=$(cd "$(dirname "$0")" && pwd); L=$1; WHEREABOUTS=$2; DB=$3; SCANS=${4:-}; PORT=18088
MMLAB="$HERE/../cellular/mmlab/mm_lab.sh"
LAB_STOP_SECONDS=15
. "$HERE/../lab_teardown.sh"
START=$(date +%s%N)
# until_ok SECONDS WHAT CMD...: retry CMD every 50 ms until it succeeds ("STAGE WHAT +ms", the
# time since the lab started) or the deadline passes ("FAILED WHAT" and the daemons' logs).
until_ok() {
    local end=$(( $(date +%s%N) + $1 * 1000000000 )) what=$2; shift 2
    until "$@" >/dev/null 2>&1; do
        [ "$(date +%s%N)" -gt "$end" ] && { echo "FAILED $what"; for f in "$L"/*.log "$L"/*.err; do [ -f "$f" ] && { echo "== $f"; tail -n 15 "$f"; }; done; exit 1; }
        sleep 0.05
    done
    echo "STAGE $what +$(( ($(date +%s%N) - START) / 1000000 ))ms"
}
ip link set lo up || { echo "FAILED ip link set lo up"; exit 1; }

# GEOCLUE_LAB_SUBMIT=LAT,LON: the modem has a GNSS fix there, which GeoClue (modem-gps, its
# only submission source in 2.6) uploads with the Wi-Fi it hears to GEOCLUE_LAB_SUBMIT_PATH
# (default /v1/submit, 2.6's own) of a serve that accepts submissions; the lab then also waits
# for that upload's answer.
SUBMIT=${GEOCLUE_LAB_SUBMIT:-}; SUBMIT_PATH=${GEOCLUE_LAB_SUBMIT_PATH:-/v1/submit}
"$WHEREABOUTS" serve --listen "127.0.0.1:$PORT" --db "$DB" --log $([ -n "$SUBMIT" ] && echo --accept-submissions) > "$L/serve.log" 2>&1 & PIDS+=($!)
mkdir -p "$L/mm"
# The Wi-Fi run needs the private bus only (no modem, no ModemManager probing it), unless the
# modem's GNSS is to submit.
MM_LAB_GPS=$SUBMIT bash "$MMLAB" "$L/mm" $([ -n "$SCANS" ] && [ -z "$SUBMIT" ] && echo bus) > "$L/mmlab.log" 2>&1 & PIDS+=($!)
until_ok 120 "ModemManager lab" grep -q '^READY ' "$L/mmlab.log"
grep -q '^FAILED' "$L/mmlab.log" && { echo "FAILED mm lab: $(cat "$L/mmlab.log")"; exit 1; }
export DBUS_SYSTEM_BUS_ADDRESS=$(sed -n 's/^READY //p' "$L/mmlab.log")
until_ok 60 "whereabouts serve listening" sh -c "ss -ltn | grep -q '127.0.0.1:$PORT '"

CELLS=true; LOCATIONS=1
if [ -n "$SCANS" ]; then
    CELLS=false; LOCATIONS=$(/usr/bin/python3 -c 'import json, sys; print(len(json.load(open(sys.argv[1]))))' "$SCANS")
    /usr/bin/python3 "$HERE/wpa_supplicant_sim.py" "$SCANS" > "$L/wpa.log" 2>&1 & PIDS+=($!)
    until_ok 20 "wpa_supplicant stand-in" grep -q '^READY' "$L/wpa.log"
fi
sed -e "s#@PORT@#$PORT#g" -e "s#@CELLS@#$CELLS#g" -e "s#@GPS@#$([ -n "$SUBMIT" ] && echo true || echo false)#g" \
    -e "s#@SUBMIT_PATH@#$SUBMIT_PATH#g" "$HERE/geoclue.conf" > "$L/geoclue.conf"
export GIO_USE_NETWORK_MONITOR=base
unshare -m --propagation private sh -c "mount --bind '$L/geoclue.conf' /etc/geoclue/geoclue.conf && exec /usr/libexec/geoclue -t 0" > "$L/geoclue.log" 2>&1 & PIDS+=($!)
until_ok 60 "GeoClue on the bus" gdbus introspect --system --dest org.freedesktop.GeoClue2 --object-path /org/freedesktop/GeoClue2/Manager
/usr/libexec/geoclue-2.0/demos/agent > "$L/agent.log" 2>&1 & PIDS+=($!)
stdbuf -oL /usr/libexec/geoclue-2.0/demos/where-am-i -t 90 -a 8 > "$L/wai.log" 2>&1 & PIDS+=($!)
until_ok 90 "where-am-i location" sh -c "[ \$(grep -c Accuracy '$L/wai.log') -ge $LOCATIONS ]"
# GeoClue submits a GNSS fix at most once a minute, and only once the Wi-Fi table has networks.
[ -n "$SUBMIT" ] && until_ok 150 "GeoClue's submission answered" grep -q "\"POST $SUBMIT_PATH\" 20[04]" "$L/serve.log"
echo "WHERE-AM-I"
cat "$L/wai.log"
echo "SERVER LOG"
cat "$L/serve.log"
[ -n "$SCANS" ] && { echo "WPA LOG"; cat "$L/wpa.log"; }
echo "DONE"
