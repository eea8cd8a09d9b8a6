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
