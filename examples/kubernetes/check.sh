#!/usr/bin/env bash
# The chart without a cluster: renders deploy/helm/gpu-otel as `helm install` would
# (with the real helm; scripts/install-helm puts one in .venv/bin), lists what would be
# applied, and has the receiver validate the configuration its DaemonSet mounts. Prints
# "ok: ..." when the chart renders and the receiver accepts its configuration.
. "$(dirname "$0")/../common.sh"

scripts/install-helm >/dev/null
HELM=$ROOT/.venv/bin/helm
"$HELM" template gpu-otel deploy/helm/gpu-otel --namespace gpu-otel \
  --set 'ingest.workloadNamespaces={ml}' 2>/dev/null >"$WORK/chart.yaml"
python3 - "$WORK" <<'PY'
import sys
from pathlib import Path
import yaml
work = Path(sys.argv[1])
docs = [d for d in yaml.safe_load_all((work / "chart.yaml").read_text()) if d]
print("gpu-otel: " + ", ".join(f"{d['kind']}/{d['metadata']['name']}" for d in docs))
for d in docs:
    if d["kind"] == "ConfigMap" and "receiver.yaml" in d.get("data", {}):
        (work / "receiver.yaml").write_text(d["data"]["receiver.yaml"])
kinds = {d["kind"] for d in docs}
missing = {"DaemonSet", "Deployment", "MutatingWebhookConfiguration", "Service", "ConfigMap", "Secret",
           "ServiceAccount", "NetworkPolicy"} - kinds
sys.exit(f"the chart lacks {sorted(missing)}" if missing else 0)
PY
[ -s "$WORK/receiver.yaml" ] || fail "no receiver.yaml in the rendered ConfigMap"
"$BIN/gpu-otel-receiver" validate -c "$WORK/receiver.yaml" >"$WORK/validate.log" 2>&1 ||
  fail "the receiver refuses the configuration the DaemonSet mounts: $(cat "$WORK/validate.log")"
echo "ok: the chart renders; the receiver accepts the configuration its DaemonSet mounts"
