# Helpers the benchmark scripts share (sourced, not run).

wait_port() { # host:port
  local h=${1%:*} p=${1##*:}
  for _ in $(seq 200); do
    (exec 3<>"/dev/tcp/$h/$p") 2>/dev/null && return 0
    sleep 0.05
  done
  echo "nothing listens on $1" >&2
  return 1
}

field() { # key line
  tr ' ' '\n' <<<"$2" | sed -n "s/^$1=//p"
}

# Every process a script starts goes in PIDS; all are stopped when it exits (a script
# that must also clean up sets its own trap and calls stop_started).
PIDS=()
stop_started() {
  for p in "${PIDS[@]}"; do kill "$p" 2>/dev/null || true; done
  for p in "${PIDS[@]}"; do wait "$p" 2>/dev/null || true; done
}
trap stop_started EXIT

cpu_ticks() { # utime + stime of a pid (fields 14 and 15; the name may hold spaces)
  local s
  s=$(<"/proc/$1/stat")
  s=${s##*) }
  awk '{print $12 + $13}' <<<"$s"
}

median_of() { # file prefix key: the median of key=value over the lines that start with prefix ("-" if none)
  grep "^$2" "$1" | tr ' ' '\n' | sed -n "s/^$3=//p" | sort -g |
    awk '{v[NR]=$1} END {if (NR == 0) print "-"; else if (NR % 2) print v[(NR+1)/2]; else print (v[NR/2]+v[NR/2+1])/2}'
}

exported_now() { # metrics-address: spans the receiver exported so far, every destination's series summed
  curl -s "http://$1/metrics" |
    awk '/^gpu_otel_receiver_spans_exported_total[{]/ {s += $NF} END {printf "%.0f\n", s}'
}
