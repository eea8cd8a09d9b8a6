#!/usr/bin/env bash
# The chart without a cluster: renders deploy/helm/gpu-otel as `helm install` would
# (with the real helm; scripts/install-helm puts one in .venv/bin), lists what would be
# applied, and has the receiver validate the configuration its DaemonSet mounts, with
# the files of the DaemonSet's Secret and ConfigMap volumes written where it mounts
# them (under a scratch root): `validate` reads every file it names, as `serve` does.
# Prints "ok: ..." when the chart renders and the receiver accepts its configuration.
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
import base64
root = work / "root"
by_name = {(d["kind"], d["metadata"]["name"]): d for d in docs}
[ds] = [d for d in docs if d["kind"] == "DaemonSet" and d["metadata"]["name"].endswith("-receiver")]
pod = ds["spec"]["template"]["spec"]
[receiver] = [c for c in pod["containers"] if c["name"] == "receiver"]
for m in receiver.get("volumeMounts", []):
    [v] = [v for v in pod["volumes"] if v["name"] == m["name"]]
    target = root / m["mountPath"].lstrip("/")
    target.mkdir(parents=True, exist_ok=True)
    if "secret" in v:
        d = by_name[("Secret", v["secret"]["secretName"])]
        data = {k: base64.b64decode(x).decode() for k, x in d.get("data", {}).items()} | d.get("stringData", {})
        items = v["secret"].get("items")
    elif "configMap" in v:
        data, items = by_name[("ConfigMap", v["configMap"]["name"])]["data"], v["configMap"].get("items")
    else:
        continue
    for key, value in data.items():
        path = {i["key"]: i["path"] for i in items}.get(key) if items else key
        if path:
            (target / path).write_text(value)
config = next(root.rglob("receiver.yaml"))
text = config.read_text().replace(" /etc/gpu-otel/", f" {root}/etc/gpu-otel/")
(work / "receiver.yaml").write_text(text.replace(" /var/lib/gpu-otel/", f" {root}/var/lib/gpu-otel/"))
kinds = {d["kind"] for d in docs}
missing = {"DaemonSet", "Deployment", "MutatingWebhookConfiguration", "Service", "ConfigMap", "Secret",
           "ServiceAccount", "NetworkPolicy"} - kinds
sys.exit(f"the chart lacks {sorted(missing)}" if missing else 0)
PY
[ -s "$WORK/receiver.yaml" ] || fail "no receiver.yaml in the rendered ConfigMap"
"$BIN/gpu-otel-receiver" validate -c "$WORK/receiver.yaml" >"$WORK/validate.log" 2>&1 ||
  fail "the receiver refuses the configuration the DaemonSet mounts: $(cat "$WORK/validate.log")"
echo "ok: the chart renders; the receiver accepts the configuration its DaemonSet mounts"
