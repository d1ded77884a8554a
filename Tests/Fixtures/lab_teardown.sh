# Sourced by the lab scripts (mm_lab.sh, geoclue_e2e.sh): the teardown they share.
# After sourcing, start daemons with `cmd & PIDS+=($!)`; on exit, or on SIGTERM/SIGINT from the
# test stopping the lab, they are stopped newest first: SIGTERM, up to LAB_STOP_SECONDS
# (default 2) for them to exit, then SIGKILL for any still alive.
PIDS=()
lab_teardown() {
    # A SIGTERM arriving now (the test stopping the lab) must not cut the teardown short.
    trap '' TERM INT
    for ((i=${#PIDS[@]}-1; i>=0; i--)); do kill "${PIDS[i]}" 2>/dev/null; done
    for _ in $(seq $(( ${LAB_STOP_SECONDS:-2} * 50 ))); do
        alive=0; for p in "${PIDS[@]}"; do kill -0 "$p" 2>/dev/null && alive=1; done
        [ $alive = 0 ] && break; sleep 0.02
    done
    for p in "${PIDS[@]}"; do kill -9 "$p" 2>/dev/null; done
    wait 2>/dev/null
}
trap lab_teardown EXIT
trap 'exit 0' TERM INT
