# scripts/lib.sh: what the bench, reliability and screenshot scripts share.
# Source it first (`. "$(dirname "$0")/lib.sh"`): it stops on errors, moves
# to the repository root ($root), sets LOCOMO (default the shared LoCoMo
# file) and puts scripts/ on PYTHONPATH for their python blocks (benchdoc.py
# writes the result sections).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
LOCOMO="${LOCOMO:-../shared/data/locomo/locomo10.json}"
export PYTHONPATH="$root/scripts${PYTHONPATH:+:$PYTHONPATH}"

# need_file WHO FILE VAR: stop unless FILE exists (VAR is the variable that
# names it).
need_file() {
  [ -f "$2" ] || { echo "$1: $2 not found (set $3=path/to/it)" >&2; exit 1; }
}

# start_serve WHO PORT LOG [VAR=VALUE ...]: start `bin/loci serve` on
# 127.0.0.1:PORT with those variables set, its output in LOG and its pid in
# $serve_pid, and wait up to 60 s for /readyz; stop with the log otherwise.
# stop_serve stops it (also on exit).
serve_pid=""
start_serve() {
  local who="$1" port="$2" log="$3"
  shift 3
  env LOCI_ADDR="127.0.0.1:$port" "$@" bin/loci serve >"$log" 2>&1 &
  serve_pid=$!
  trap stop_serve EXIT
  for _ in $(seq 1 120); do
    curl -sf "http://127.0.0.1:$port/readyz" >/dev/null && return 0
    sleep 0.5
  done
  cat "$log" >&2
  echo "$who: loci did not become ready" >&2
  exit 1
}
stop_serve() {
  [ -n "$serve_pid" ] || return 0
  kill "$serve_pid" 2>/dev/null || true
  wait "$serve_pid" 2>/dev/null || true
  serve_pid=""
}

# peak_mib PID: the peak resident set size (VmHWM) of process PID in MiB.
peak_mib() { echo $(( $(awk '/VmHWM/ {print $2}' "/proc/$1/status") / 1024 )); }
