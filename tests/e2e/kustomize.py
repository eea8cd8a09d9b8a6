"""`kustomize build` for the features these recipes use, so the tests need no kustomize
binary: `resources` (files, and directories holding a kustomization), `namespace`, `labels`
(metadata only, as without includeSelectors), and `configMapGenerator` from files with
`generatorOptions.disableNameSuffixHash`. Anything else in a kustomization is refused, so
a recipe cannot quietly outgrow this rendering; where kubectl is installed,
test_kustomize.py checks it against `kubectl kustomize`."""

from pathlib import Path

import yaml

KNOWN = {"apiVersion", "kind", "resources", "namespace", "labels", "configMapGenerator", "generatorOptions"}
CLUSTER_SCOPED = {"Namespace", "ClusterRole", "ClusterRoleBinding", "CustomResourceDefinition"}


def load_all(path: Path) -> list:
    return [d for d in yaml.safe_load_all(path.read_text()) if d]


def kustomization(directory: Path) -> dict:
    k = yaml.safe_load((directory / "kustomization.yaml").read_text())
    unknown = set(k) - KNOWN
    if unknown:
        raise ValueError(f"{directory}: kustomization fields this rendering does not know: {sorted(unknown)}")
    return k


def render(directory: Path) -> list:
    """The documents `kustomize build directory` prints, as (source file, document)."""
    k = kustomization(directory)
    out = []
    for entry in k.get("resources", []):
        path = (directory / entry).resolve()
        if path.is_dir():
            out.extend(render(path))
        else:
            out.extend((path, d) for d in load_all(path))
    no_hash = k.get("generatorOptions", {}).get("disableNameSuffixHash", False)
    for gen in k.get("configMapGenerator", []):
        if not no_hash:
            raise ValueError(f"{directory}: generated names with a hash suffix are not rendered here")
        data = {}
        for f in gen.get("files", []):
            key, _, source = f.rpartition("=")
            data[key or Path(source).name] = (directory / source).read_text()
        meta = {"name": gen["name"]}
        if "namespace" in gen:
            meta["namespace"] = gen["namespace"]
        out.append((directory / "kustomization.yaml", {"apiVersion": "v1", "kind": "ConfigMap", "metadata": meta,
                                                       "data": data}))
    for _, d in out:
        meta = d.setdefault("metadata", {})
        if "namespace" in k and d["kind"] not in CLUSTER_SCOPED:
            meta["namespace"] = k["namespace"]
        for group in k.get("labels", []):
            meta.setdefault("labels", {}).update(group["pairs"])
    return out


def documents(directory: Path) -> list:
    return [d for _, d in render(directory)]
