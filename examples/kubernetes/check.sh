#!/usr/bin/env bash
# The Kubernetes recipe without a cluster: renders the receivers (deploy/k8s) and the
# example workload (deploy/example) as `kubectl apply -k` would (with `kubectl kustomize`
# where kubectl is installed, else the tests' rendering, tests/e2e/kustomize.py), lists
# what would be applied, and has the receiver resolve the configuration the DaemonSet
# mounts (`gpu-otel-receiver validate`). Prints "ok: ..." when both render and the
# receiver accepts its configuration.
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
"$BIN/gpu-otel-receiver" validate -c "$WORK/receiver.yaml" >"$WORK/validate.log" 2>&1 ||
  fail "the receiver refuses the configuration the DaemonSet mounts: $(cat "$WORK/validate.log")"
grep -q 'Job' "$WORK/example.yaml" || fail "the example overlay renders no workload"
echo "ok: deploy/k8s and deploy/example render; the receiver accepts the configuration its DaemonSet mounts"
