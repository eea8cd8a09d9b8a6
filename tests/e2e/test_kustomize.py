"""The tests read the recipes through kustomize.py's rendering; where kubectl is
installed (its built-in kustomize), that rendering must equal `kubectl kustomize`."""

import json
import shutil
import subprocess

import pytest
import yaml

from conftest import ROOT
from kustomize import documents, render

RECIPES = ["deploy/k8s", "deploy/example", "deploy/collector", "deploy/k8s/monitoring",
           "deploy/collector/monitoring"]


def canonical(docs: list) -> list:
    return sorted(json.dumps(d, sort_keys=True) for d in docs)


@pytest.mark.skipif(shutil.which("kubectl") is None, reason="kubectl (its built-in kustomize) is not installed")
@pytest.mark.parametrize("recipe", RECIPES)
def test_the_rendering_equals_kubectl_kustomize(recipe):
    r = subprocess.run(["kubectl", "kustomize", str(ROOT / recipe)], capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    theirs = [d for d in yaml.safe_load_all(r.stdout) if d]
    assert canonical(documents(ROOT / recipe)) == canonical(theirs)


def test_the_rendering_refuses_a_kustomization_field_it_does_not_implement(tmp_path):
    (tmp_path / "kustomization.yaml").write_text("resources: []\npatches:\n  - path: p.yaml\n")
    with pytest.raises(ValueError, match="patches"):
        render(tmp_path)


def test_every_recipe_renders_and_the_base_holds_no_example_workload():
    kinds = {r: {d["kind"] for d in documents(ROOT / r)} for r in RECIPES}
    assert "Job" not in kinds["deploy/k8s"] and "Job" in kinds["deploy/example"]
    assert kinds["deploy/k8s/monitoring"] == kinds["deploy/collector/monitoring"] == {"ServiceMonitor"}
