"""The chart (deploy/helm/gpu-otel) rendered with the real `helm` (scripts/install-helm
puts it in .venv/bin), once per values preset: what `helm install` would apply. The
tests read every deployment check from these renderings."""

import functools
import os
import shutil
import subprocess
from pathlib import Path

import yaml

from conftest import ROOT

CHART = ROOT / "deploy" / "helm" / "gpu-otel"
NAMESPACE = "gpu-otel"
RELEASE = "gpu-otel"
# Every documented values preset; "default" is the chart's own values.
PRESETS = ["default"] + sorted(p.stem for p in (CHART / "presets").glob("*.yaml"))


def helm() -> str:
    local = ROOT / ".venv" / "bin" / "helm"
    found = str(local) if local.exists() else shutil.which("helm")
    assert found, "helm is not installed: run scripts/install-helm"
    return found


def run_helm(*args: str, values: tuple = (), sets: tuple = ()) -> subprocess.CompletedProcess:
    cmd = [helm(), *args]
    for v in values:
        cmd += ["-f", str(v)]
    for s in sets:
        cmd += ["--set", s]
    return subprocess.run(cmd, capture_output=True, text=True, timeout=120, env=dict(os.environ, HELM_DEBUG="false"))


@functools.lru_cache(maxsize=None)
def _render(preset: str, sets: tuple, kube_version: str) -> tuple:
    values = () if preset == "default" else (CHART / "presets" / f"{preset}.yaml",)
    r = run_helm("template", RELEASE, str(CHART), "--namespace", NAMESPACE, "--kube-version", kube_version,
                 values=values, sets=sets)
    assert r.returncode == 0, r.stderr
    return tuple(d for d in yaml.safe_load_all(r.stdout) if d)


def render(preset: str = "default", sets: tuple = (), kube_version: str = "1.33.0") -> list:
    """The objects `helm install` would create, fresh copies."""
    import copy
    return copy.deepcopy(list(_render(preset, tuple(sets), kube_version)))


def find(docs: list, kind: str, name: str | None = None, namespace: str | None = None) -> dict:
    found = [d for d in docs if d["kind"] == kind and (name is None or d["metadata"]["name"] == name)
             and (namespace is None or d["metadata"].get("namespace") == namespace)]
    assert len(found) == 1, f"{kind}/{name} in {namespace}: {len(found)} found"
    return found[0]


def secret_data(secret: dict) -> dict:
    """A Secret's values as text, whether written as stringData or data."""
    import base64
    out = dict(secret.get("stringData", {}))
    out.update({k: base64.b64decode(v).decode() for k, v in secret.get("data", {}).items()})
    return out


def pod_spec(doc: dict) -> dict:
    return doc["spec"]["template"]["spec"]


def container(doc: dict, name: str) -> dict:
    [c] = [c for c in pod_spec(doc)["containers"] if c["name"] == name]
    return c


def receiver_host(cluster_domain: str = "cluster.local") -> str:
    return f"{RELEASE}-receiver.{NAMESPACE}.svc.{cluster_domain}"
