#!/usr/bin/env bash
# The Kubernetes recipe without a cluster: renders the receivers (deploy/k8s) and the
# example workload (deploy/example) as `kubectl apply -k` would (with `kubectl kustomize`
# where kubectl is installed, else the tests' rendering, tests/e2e/kustomize.py), lists
# what would be applied, and has the receiver check the configuration the DaemonSet
# mounts (`gpu-otel-receiver validate`, which reads every file it names, as `serve`
# does): with the Secrets' placeholders replaced by certificates made for this run, where
# the DaemonSet mounts them (under a scratch root). Prints "ok: ..." when both render and
# the receiver accepts its configuration.
. "$(dirname "$0")/../common.sh"

render() {
  if command -v kubectl >/dev/null; then
    kubectl kustomize "$1"
  else
    python3 - "$1" <<'PY'
import sys
from pathlib import Path
sys.path.insert(0, "tests/e2e")
import yaml
from kustomize import documents
print(yaml.safe_dump_all(documents(Path(sys.argv[1])), sort_keys=False), end="")
PY
  fi
}

render deploy/k8s >"$WORK/receivers.yaml"
render deploy/example >"$WORK/example.yaml"
python3 - "$WORK" <<'PY'
import sys
from pathlib import Path
import yaml
work = Path(sys.argv[1])
for name in ("receivers", "example"):
    docs = [d for d in yaml.safe_load_all((work / f"{name}.yaml").read_text()) if d]
    print(f"{name}: " + ", ".join(f"{d['kind']}/{d['metadata']['name']}" for d in docs))
    for d in docs:
        if d["kind"] == "ConfigMap" and "receiver.yaml" in d.get("data", {}):
            (work / "receiver.yaml").write_text(d["data"]["receiver.yaml"])
kinds = {d["kind"] for d in yaml.safe_load_all((work / "receivers.yaml").read_text()) if d}
missing = {"Namespace", "DaemonSet", "Service", "ConfigMap", "Secret", "ServiceAccount"} - kinds
sys.exit(f"the receivers' recipe lacks {sorted(missing)}" if missing else 0)
PY
[ -s "$WORK/receiver.yaml" ] || fail "no receiver.yaml in the rendered ConfigMap"
# What the Secrets would hold, at the mount paths under $WORK/root.
root=$WORK/root
pki "$WORK/pki"
mkdir -p "$root/etc/gpu-otel/ingest-tls" "$root/etc/gpu-otel/ingest-auth" "$root/etc/gpu-otel/tls"
cp "$WORK/pki/server.crt" "$root/etc/gpu-otel/ingest-tls/tls.crt"
cp "$WORK/pki/server.key" "$root/etc/gpu-otel/ingest-tls/tls.key"
cp "$WORK/pki/ca.crt" "$root/etc/gpu-otel/tls/ca.crt"
echo "a-token-made-for-this-check" >"$root/etc/gpu-otel/ingest-auth/tokens"
sed -e "s|/etc/gpu-otel/|$root/etc/gpu-otel/|g" -e "s|/var/lib/gpu-otel/|$root/var/lib/gpu-otel/|g" \
  "$WORK/receiver.yaml" >"$root/receiver.yaml"
OTEL_EXPORTER_OTLP_CERTIFICATE=$root/etc/gpu-otel/tls/ca.crt \
  "$BIN/gpu-otel-receiver" validate -c "$root/receiver.yaml" >"$WORK/validate.log" 2>&1 ||
  fail "the receiver refuses the configuration the DaemonSet mounts: $(cat "$WORK/validate.log")"
grep -q 'Job' "$WORK/example.yaml" || fail "the example overlay renders no workload"
echo "ok: deploy/k8s and deploy/example render; the receiver accepts the configuration its DaemonSet mounts"
