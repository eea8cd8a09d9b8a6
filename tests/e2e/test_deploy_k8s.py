"""The per-node deployment (deploy/k8s, the example overlay deploy/example and the
ServiceMonitor in deploy/k8s/monitoring) cannot run here (no cluster), so it is checked
statically: every manifest against the Kubernetes OpenAPI schemas with
kubernetes-validate (strict: unknown fields are errors; the schemas ship inside the
package, no network), the ServiceMonitor against the fields of its CRD, the receiver's
ConfigMap and the environment the DaemonSet gives it with `gpu-otel-receiver validate`,
and the references between the pieces (names, ports, paths, labels) by hand. Each kind
of check is shown to fail on a planted error. The central Collector tier is
test_deploy_gateway.py; Pod Security is test_pod_security.py."""

import copy
import re
import subprocess
from pathlib import Path

import kubernetes_validate
import pytest
import yaml

from conftest import RECEIVER, ROOT
from kustomize import documents, render

K8S = ROOT / "deploy" / "k8s"
EXAMPLE = ROOT / "deploy" / "example"
MONITORING = [ROOT / "deploy" / "k8s" / "monitoring", ROOT / "deploy" / "collector" / "monitoring"]
# The oldest Kubernetes these manifests are meant for (internalTrafficPolicy is GA since 1.26).
K8S_VERSIONS = ["1.29.0", "1.33.0"]



def kustomization() -> dict:
    return yaml.safe_load((K8S / "kustomization.yaml").read_text())


def manifests(directory: Path = K8S) -> list:
    return [(str(path.relative_to(ROOT)), doc) for path, doc in render(directory)]


def schema_errors(doc: dict, version: str) -> list:
    try:
        kubernetes_validate.validate(doc, version, strict=True)
    except kubernetes_validate.ValidationError as e:
        return [f"{'.'.join(map(str, e.path))}: {e.message}"]
    except kubernetes_validate.SchemaNotFoundError as e:
        return [e.message]
    return []


def find(kind: str, name: str | None = None, directory: Path = K8S) -> dict:
    found = [d for _, d in manifests(directory) if d["kind"] == kind
             and (name is None or d["metadata"]["name"] == name)]
    assert len(found) == 1, f"{kind}/{name}: {len(found)} found"
    return found[0]


def job() -> dict:
    return find("Job", directory=EXAMPLE)


def daemonset() -> dict:
    return find("DaemonSet", "gpu-otel-receiver")


def receiver_container(ds: dict) -> dict:
    [c] = [c for c in ds["spec"]["template"]["spec"]["containers"] if c["name"] == "receiver"]
    return c


def config_text() -> str:
    return find("ConfigMap", "gpu-otel-receiver")["data"]["receiver.yaml"]


def validate_config(path: Path, env: dict | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([str(RECEIVER), "validate", "--config", str(path)], capture_output=True, text=True,
                          timeout=30, env=env if env is not None else {"PATH": "/usr/bin:/bin"})


# --- the schemas --------------------------------------------------------------------

def test_the_kustomization_lists_every_manifest_of_the_directory():
    k = kustomization()
    assert k["apiVersion"] == "kustomize.config.k8s.io/v1beta1" and k["kind"] == "Kustomization"
    on_disk = {p.name for p in K8S.glob("*.yaml")} - {"kustomization.yaml"}
    assert set(k["resources"]) == on_disk
    assert all(d["metadata"].get("namespace", k["namespace"]) == k["namespace"]
               for _, d in manifests() if d["kind"] != "Namespace")


@pytest.mark.parametrize("version", K8S_VERSIONS)
def test_every_manifest_is_valid_against_the_kubernetes_schemas(version):
    docs = manifests()
    kinds = sorted(d["kind"] for _, d in docs)
    assert kinds == ["ConfigMap", "ConfigMap", "DaemonSet", "Namespace", "Secret", "Secret", "Secret",
                     "Secret", "Service", "Service", "ServiceAccount"]
    # The example overlay: the same, plus the Job.
    example = manifests(EXAMPLE)
    assert sorted(d["kind"] for _, d in example) == sorted(kinds + ["Job"])
    problems = {f"{name}: {d['kind']}/{d['metadata']['name']}": schema_errors(d, version) for name, d in example}
    assert {k: v for k, v in problems.items() if v} == {}


@pytest.mark.parametrize("plant, expected", [
    # An unknown field (strict schemas).
    (lambda ds: ds["spec"]["template"]["spec"].update(afinity={}), "afinity"),
    # A wrong type.
    (lambda ds: receiver_container(ds)["ports"][0].update(hostPort="4317"), "'4317' is not of type 'integer'"),
    # A required field missing.
    (lambda ds: receiver_container(ds).pop("name"), "'name' is a required property"),
])
def test_the_schema_check_fails_on_a_planted_bad_manifest(plant, expected):
    bad = copy.deepcopy(daemonset())
    plant(bad)
    errors = schema_errors(bad, K8S_VERSIONS[-1])
    assert errors and expected in errors[0], errors


def test_the_schema_check_fails_on_an_unknown_kind():
    assert schema_errors({"apiVersion": "apps/v1", "kind": "DaemonSets", "metadata": {"name": "x"}}, K8S_VERSIONS[-1])


# --- the receiver's configuration ----------------------------------------------------

def test_the_receiver_accepts_its_configmap(tmp_path):
    """`validate` reads every file the configuration names, as `serve` does: with the
    Secrets' placeholders replaced by real files (where the DaemonSet mounts them), the
    ConfigMap's configuration passes."""
    ds = daemonset()
    env, mounts = pod_environment(receiver_container(ds), ds["spec"]["template"]["spec"]["volumes"], tmp_path)
    fill_the_secrets(mounts)
    r = validate_config(mounts["/etc/gpu-otel/receiver.yaml"])
    assert r.returncode == 0, r.stderr
    resolved = yaml.safe_load(r.stdout)
    assert resolved["ingest"]["grpc_endpoint"] == "0.0.0.0:4317"
    assert resolved["ingest"]["http_endpoint"] == "0.0.0.0:4318"
    assert resolved["telemetry"]["metrics_endpoint"] == "0.0.0.0:9464"
    assert resolved["export"]["endpoint"].startswith("https://tempo-distributor.")
    # Everything the DaemonSet supplies comes from its environment, not from the file.
    assert resolved["export"]["tls"]["ca_file"] is None and resolved["export"]["headers"] == {}
    # Ingest takes TLS and tokens from files the DaemonSet mounts (checked below).
    assert resolved["ingest"]["tls"]["cert_file"].endswith("/etc/gpu-otel/ingest-tls/tls.crt")
    assert resolved["ingest"]["auth"]["token_file"].endswith("/etc/gpu-otel/ingest-auth/tokens")


def test_the_receiver_refuses_its_configmap_where_the_files_it_names_are_not(tmp_path):
    """Without the mounted Secrets `validate` refuses, as `serve` would, naming the file."""
    f = tmp_path / "receiver.yaml"
    f.write_text(config_text())
    r = validate_config(f)
    assert r.returncode == 2
    assert r.stderr.startswith('gpu-otel-receiver: invalid ingest.tls.cert_file "/etc/gpu-otel/ingest-tls/tls.crt"'), r.stderr


def test_the_receiver_refuses_a_planted_unknown_field_in_its_configmap(tmp_path):
    f = tmp_path / "receiver.yaml"
    f.write_text(config_text().replace("  grpc_endpoint:", "  grpc_endpoit:", 1))
    r = validate_config(f)
    assert r.returncode == 2 and "grpc_endpoit" in r.stderr


def pod_environment(container: dict, pod_volumes: list, root: Path) -> tuple:
    """The environment the kubelet would give the container, with the files of its
    mounted Secrets and ConfigMaps written under `root` and paths remapped there."""
    mounts = {}
    for m in container.get("volumeMounts", []):
        [v] = [v for v in pod_volumes if v["name"] == m["name"]]
        target = root / m["mountPath"].lstrip("/")
        if "secret" in v:
            source = v["secret"]
            data = find("Secret", source["secretName"])["stringData"]
        elif "configMap" in v:
            source = v["configMap"]
            data = find("ConfigMap", source["name"])["data"]
        else:
            target.mkdir(parents=True, exist_ok=True)
            continue
        if "items" in source:
            data = {item["path"]: data[item["key"]] for item in source["items"]}
        if "subPath" in m:
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(data[m["subPath"]])
        else:
            target.mkdir(parents=True, exist_ok=True)
            for key, value in data.items():
                (target / key).write_text(value)
        mounts[m["mountPath"]] = target
    # The configuration names the mount paths: the same files, under `root`.
    for mount_path, local in mounts.items():
        if local.is_file() and local.suffix == ".yaml":
            text = local.read_text()
            for other, other_local in sorted(mounts.items(), key=lambda m: -len(m[0])):
                if other != mount_path:
                    text = text.replace(other + "/", str(other_local) + "/")
            local.write_text(text)
    env = {"PATH": "/usr/bin:/bin"}
    for e in container.get("env", []):
        if "value" in e:
            value = e["value"]
        else:
            ref = e["valueFrom"]["secretKeyRef"]
            value = find("Secret", ref["name"])["stringData"][ref["key"]]
        for mount_path, local in mounts.items():
            if value.startswith(mount_path):
                value = str(local) + value[len(mount_path):]
        env[e["name"]] = value
    return env, mounts


def fill_the_secrets(mounts: dict) -> None:
    """Real files where the Secrets' placeholders are: an ingest certificate and key, and
    the backend's CA."""
    from pki import Ca
    Ca("ingest CA").server().write(mounts["/etc/gpu-otel/ingest-tls"], "tls")
    Ca("backend CA").write(mounts["/etc/gpu-otel/tls"] / "ca.crt")


def test_the_receiver_accepts_the_configuration_the_daemonset_gives_it(tmp_path):
    ds = daemonset()
    c = receiver_container(ds)
    env, mounts = pod_environment(c, ds["spec"]["template"]["spec"]["volumes"], tmp_path)
    fill_the_secrets(mounts)
    args = c["args"]
    assert args[0] == "serve" and args[1] == "--config"
    config = mounts[args[2]]
    r = subprocess.run([str(RECEIVER), "validate", "--config", str(config)], capture_output=True, text=True,
                       timeout=30, env=env)
    assert r.returncode == 0, r.stderr
    resolved = yaml.safe_load(r.stdout)
    # The CA comes from the mounted Secret, the headers from the other Secret, and their
    # values are never printed.
    assert Path(resolved["export"]["tls"]["ca_file"]).read_text().startswith("-----BEGIN CERTIFICATE-----")
    assert resolved["export"]["headers"] == {"authorization": "<redacted>", "x-scope-orgid": "<redacted>"}
    assert "REPLACE_WITH_TOKEN" not in r.stdout + r.stderr
    # ... and refuses it when the Secret is not where the variable says.
    env["OTEL_EXPORTER_OTLP_CERTIFICATE"] = str(tmp_path / "etc/gpu-otel/tls/tls.crt")
    r = subprocess.run([str(RECEIVER), "validate", "--config", str(config)], capture_output=True, text=True,
                       timeout=30, env=env)
    assert r.returncode == 2 and "export.tls.ca_file" in r.stderr


def test_the_placeholder_ca_makes_the_receiver_refuse_to_start(tmp_path):
    """An unfinished deployment fails loudly (the pod crash-loops) instead of exporting
    nowhere."""
    ds = daemonset()
    env, mounts = pod_environment(receiver_container(ds), ds["spec"]["template"]["spec"]["volumes"], tmp_path)
    config = mounts["/etc/gpu-otel/receiver.yaml"]
    # With a real ingest certificate in place, the export CA's placeholder stops it.
    from pki import Ca
    Ca("ingest CA").server().write(mounts["/etc/gpu-otel/ingest-tls"], "tls")
    # The queue's hostPath in this pod's folder, never this machine's /var/lib.
    r = subprocess.run([str(RECEIVER), "serve", "--config", str(config), "--grpc-endpoint", "127.0.0.1:0",
                        "--http-endpoint", "127.0.0.1:0", "--metrics-endpoint", "127.0.0.1:0",
                        "--queue-dir", str(tmp_path / "var/lib/gpu-otel/queue")],
                       capture_output=True, text=True, timeout=30, env=env)
    assert r.returncode == 2, r.stderr
    assert r.stderr.startswith("gpu-otel-receiver: invalid export.tls.ca_file") and "holds no PEM certificate" in r.stderr, r.stderr


def test_the_placeholder_ingest_certificate_makes_the_receiver_refuse_to_start(tmp_path):
    """With a real export CA in place, the ingest Secret's placeholder stops it too,
    naming the file."""
    from pki import Ca
    ds = daemonset()
    env, mounts = pod_environment(receiver_container(ds), ds["spec"]["template"]["spec"]["volumes"], tmp_path)
    Ca("backend CA").write(mounts["/etc/gpu-otel/tls"] / "ca.crt")
    r = subprocess.run([str(RECEIVER), "serve", "--config", str(mounts["/etc/gpu-otel/receiver.yaml"]),
                        "--grpc-endpoint", "127.0.0.1:0", "--http-endpoint", "127.0.0.1:0",
                        "--metrics-endpoint", "127.0.0.1:0", "--queue-dir", str(tmp_path / "var/lib/gpu-otel/queue")],
                       capture_output=True, text=True, timeout=30, env=env)
    assert r.returncode == 2 and "invalid ingest.tls.cert_file" in r.stderr, r.stderr
    assert "REPLACE_WITH_A_LONG_RANDOM_TOKEN" not in r.stdout + r.stderr


def mounted_from(pod: dict, container: dict, path: str) -> tuple:
    """(kind, name, key) of the Secret or ConfigMap file that `path` is in `container`."""
    for m in container.get("volumeMounts", []):
        if path.startswith(m["mountPath"] + "/") and "subPath" not in m:
            [v] = [v for v in pod["volumes"] if v["name"] == m["name"]]
            key = path[len(m["mountPath"]) + 1:]
            if "secret" in v:
                items = {i["path"]: i["key"] for i in v["secret"].get("items", [])}
                return "Secret", v["secret"]["secretName"], items.get(key, key)
            if "configMap" in v:
                return "ConfigMap", v["configMap"]["name"], key
    raise AssertionError(f"{path} is not in a Secret or ConfigMap volume of {container['name']}")


def test_the_ingest_secrets_reach_the_receiver_and_the_workload_and_agree():
    """The receiver's certificate, key and tokens are files of Secret volumes (whole
    directories, so a changed Secret reaches the running receiver); the workload trusts
    the ingest CA and sends one of the receiver's tokens."""
    ds = daemonset()
    pod, c = ds["spec"]["template"]["spec"], receiver_container(ds)
    ingest = yaml.safe_load(config_text())["ingest"]
    assert mounted_from(pod, c, ingest["tls"]["cert_file"]) == ("Secret", "gpu-otel-ingest-tls", "tls.crt")
    assert mounted_from(pod, c, ingest["tls"]["key_file"]) == ("Secret", "gpu-otel-ingest-tls", "tls.key")
    assert find("Secret", "gpu-otel-ingest-tls")["type"] == "kubernetes.io/tls"
    kind, name, key = mounted_from(pod, c, ingest["auth"]["token_file"])
    assert (kind, name, key) == ("Secret", "gpu-otel-ingest-auth", "tokens")
    tokens = [t.strip() for t in find("Secret", name)["stringData"][key].splitlines()
              if t.strip() and not t.startswith("#")]
    # The receiver gets the token file alone, not the workloads' header.
    [auth_volume] = [v for v in pod["volumes"] if v.get("secret", {}).get("secretName") == name]
    assert [i["key"] for i in auth_volume["secret"]["items"]] == ["tokens"]

    app_pod = job()["spec"]["template"]["spec"]
    [app] = app_pod["containers"]
    env = {e["name"]: e for e in app["env"]}
    assert mounted_from(app_pod, app, env["OTEL_EXPORTER_OTLP_CERTIFICATE"]["value"])[:2] == \
        ("ConfigMap", "gpu-otel-ingest-ca")
    ref = env["OTEL_EXPORTER_OTLP_HEADERS"]["valueFrom"]["secretKeyRef"]
    headers = dict(kv.split("=", 1) for kv in find("Secret", ref["name"])["stringData"][ref["key"]].split(","))
    assert headers["authorization"].replace("%20", " ") in [f"Bearer {t}" for t in tokens]


# --- the references between the pieces --------------------------------------------------

def port_of(addr: str) -> int:
    return int(addr.rsplit(":", 1)[1])


GPU_NODE_LABELS = {
    ("nvidia.com/gpu.present", "In", ("true",)),  # GPU Operator / GPU feature discovery
    ("feature.node.kubernetes.io/pci-10de.present", "In", ("true",)),  # Node Feature Discovery
}


def node_terms(pod: dict) -> set:
    terms = pod["affinity"]["nodeAffinity"]["requiredDuringSchedulingIgnoredDuringExecution"]["nodeSelectorTerms"]
    out = set()
    for t in terms:
        [e] = t["matchExpressions"]  # one expression per term: the terms are ORed
        out.add((e["key"], e["operator"], tuple(e.get("values", []))))
    return out


def test_the_daemonset_runs_on_gpu_nodes_labelled_by_the_gpu_operator_or_by_nfd_alone():
    pod = daemonset()["spec"]["template"]["spec"]
    assert "nodeSelector" not in pod
    assert GPU_NODE_LABELS <= node_terms(pod)
    assert {"key": "nvidia.com/gpu", "operator": "Exists", "effect": "NoSchedule"} in pod["tolerations"]


def test_the_receiver_is_reached_through_the_node_local_service_only_and_keeps_its_queue_on_the_node():
    ds = daemonset()
    pod = ds["spec"]["template"]["spec"]
    c = receiver_container(ds)
    config = yaml.safe_load(config_text())
    ports = {p["name"]: p for p in c["ports"]}
    assert ports["otlp-grpc"]["containerPort"] == port_of(config["ingest"]["grpc_endpoint"])
    assert ports["otlp-http"]["containerPort"] == port_of(config["ingest"]["http_endpoint"])
    assert ports["metrics"]["containerPort"] == port_of(config["telemetry"]["metrics_endpoint"])
    # Nothing is opened on the node's address.
    assert not any(p.get("hostPort") for p in c["ports"]) and not pod.get("hostNetwork")
    # The persistent queue's directory: on the node's disk, mounted writable.
    [queue] = [v for v in pod["volumes"] if v["name"] == "queue"]
    assert queue["hostPath"] == {"path": "/var/lib/gpu-otel/queue", "type": "DirectoryOrCreate"}
    [mount] = [m for m in c["volumeMounts"] if m["name"] == "queue"]
    assert mount["mountPath"] == "/var/lib/gpu-otel/queue" and not mount.get("readOnly", False)
    # ... where the receiver's config points its queue, owned by the receiver's user.
    assert config["queue"]["dir"] == mount["mountPath"]
    [owner] = pod["initContainers"]
    assert owner["command"] == ["chown", f"{pod['securityContext']['runAsUser']}:{pod['securityContext']['runAsGroup']}",
                                mount["mountPath"]]
    assert [m["mountPath"] for m in owner["volumeMounts"] if m["name"] == "queue"] == [mount["mountPath"]]
    assert owner["securityContext"]["capabilities"] == {"drop": ["ALL"], "add": ["CHOWN"]}
    # Held spans are released and exports flushed before the kubelet kills the container.
    shutdown = int(config["shutdown_timeout"].rstrip("s"))
    assert pod["terminationGracePeriodSeconds"] > shutdown


def test_readiness_and_startup_go_by_readyz_and_liveness_by_livez():
    """/readyz is 503 until the queue is loaded and from the start of shutdown; a
    liveness probe on it would kill a receiver that is opening a large queue or draining.
    /healthz also turns 503 while a backend is down: no probe uses it, so an outage the
    queue rides out restarts nothing and moves no producer."""
    c = receiver_container(daemonset())
    for probe in ["startupProbe", "readinessProbe"]:
        assert c[probe]["httpGet"] == {"path": "/readyz", "port": "metrics"}
    assert c["livenessProbe"]["httpGet"] == {"path": "/livez", "port": "metrics"}
    # Liveness starts only once the startup probe passed: up to 5 minutes to open the queue.
    startup = c["startupProbe"]
    assert startup["periodSeconds"] * startup["failureThreshold"] >= 300
    assert "initialDelaySeconds" not in c["livenessProbe"]


def test_the_services_select_the_receivers_and_the_node_local_one_stays_on_the_node():
    labels = daemonset()["spec"]["template"]["metadata"]["labels"]
    container_ports = {p["name"] for p in receiver_container(daemonset())["ports"]}
    local = find("Service", "gpu-otel-receiver")
    assert local["spec"]["internalTrafficPolicy"] == "Local"
    assert {p["port"] for p in local["spec"]["ports"]} == {4317, 4318}
    headless = find("Service", "gpu-otel-receiver-headless")
    assert headless["spec"]["clusterIP"] == "None"
    for svc in [local, headless]:
        assert svc["spec"]["selector"].items() <= labels.items()
        assert {p["targetPort"] for p in svc["spec"]["ports"]} <= container_ports


def defined_before(env: list) -> None:
    """Kubernetes expands $(VAR) only from variables defined earlier in the list."""
    seen = set()
    for e in env:
        for ref in re.findall(r"\$\(([A-Za-z_][A-Za-z0-9_]*)\)", e.get("value", "")):
            assert ref in seen, f"{e['name']} uses $({ref}) before it is defined"
        seen.add(e["name"])


def test_the_example_job_runs_only_where_a_receiver_runs():
    pod = job()["spec"]["template"]["spec"]
    [term] = pod["affinity"]["podAffinity"]["requiredDuringSchedulingIgnoredDuringExecution"]
    ds = daemonset()
    assert term["topologyKey"] == "kubernetes.io/hostname"
    assert term["namespaces"] == [ds["metadata"]["namespace"]]
    assert term["labelSelector"]["matchLabels"].items() <= ds["spec"]["template"]["metadata"]["labels"].items()


def test_the_workload_loads_the_injector_and_sends_to_its_node_receiver():
    pod = job()["spec"]["template"]["spec"]
    [init] = pod["initContainers"]
    [app] = pod["containers"]
    env = {e["name"]: e for e in app["env"]}
    defined_before(app["env"])
    # The init container copies the .so into the emptyDir the app mounts, where
    # CUDA_INJECTION64_PATH names it.
    [volume] = [v for v in pod["volumes"] if "emptyDir" in v]
    [init_mount] = [m for m in init["volumeMounts"] if m["name"] == volume["name"]]
    [app_mount] = [m for m in app["volumeMounts"] if m["name"] == volume["name"]]
    so = env["CUDA_INJECTION64_PATH"]["value"]
    assert init["command"][0] == "cp" and init["command"][-1] == f"{init_mount['mountPath']}/{Path(so).name}"
    assert Path(so).parent == Path(app_mount["mountPath"])
    # The node's receiver, through the node-local Service (the name its certificate
    # carries), over TLS.
    local = find("Service", "gpu-otel-receiver")
    assert local["spec"]["internalTrafficPolicy"] == "Local"
    port = {p["name"]: p["port"] for p in local["spec"]["ports"]}["otlp-grpc"]
    service = f"{local['metadata']['name']}.{local['metadata']['namespace']}.svc.cluster.local"
    assert env["OTEL_EXPORTER_OTLP_ENDPOINT"]["value"] == f"https://{service}:{port}"
    assert env["OTEL_EXPORTER_OTLP_PROTOCOL"]["value"] == "grpc"
    attrs = dict(kv.split("=", 1) for kv in env["OTEL_RESOURCE_ATTRIBUTES"]["value"].split(","))
    assert attrs["k8s.pod.name"] == "$(K8S_POD_NAME)" and attrs["k8s.node.name"] == "$(K8S_NODE_NAME)"
    assert {"k8s.namespace.name", "k8s.pod.uid", "k8s.container.name"} <= attrs.keys()
    # One routing key per process: the injector's own per-process service.instance.id.
    assert "service.instance.id" not in attrs
    assert app["resources"]["limits"]["nvidia.com/gpu"] == 1
    assert {"key": "nvidia.com/gpu", "operator": "Exists", "effect": "NoSchedule"} in pod["tolerations"]


def test_the_workload_check_fails_on_a_variable_used_before_it_is_defined():
    env = copy.deepcopy(job()["spec"]["template"]["spec"]["containers"][0]["env"])
    env.append(env.pop(next(i for i, e in enumerate(env) if e["name"] == "K8S_POD_NAME")))
    with pytest.raises(AssertionError, match=r"uses \$\(K8S_POD_NAME\) before"):
        defined_before(env)


# --- the ServiceMonitors (Prometheus Operator CRD) --------------------------------------

# The fields these ServiceMonitors use, from the CRD monitoring.coreos.com_servicemonitors
# of prometheus-operator 0.87.0 (kubernetes-validate knows built-in kinds only).
SERVICE_MONITOR = {
    "type": "object", "additionalProperties": False, "required": ["apiVersion", "kind", "metadata", "spec"],
    "properties": {
        "apiVersion": {"const": "monitoring.coreos.com/v1"}, "kind": {"const": "ServiceMonitor"},
        "metadata": {"type": "object", "required": ["name", "namespace"]},
        "spec": {"type": "object", "additionalProperties": False, "required": ["selector", "endpoints"],
                 "properties": {
                     "jobLabel": {"type": "string"},
                     "selector": {"type": "object", "additionalProperties": False,
                                  "properties": {"matchLabels": {"type": "object",
                                                                 "additionalProperties": {"type": "string"}},
                                                 "matchExpressions": {"type": "array"}}},
                     "namespaceSelector": {"type": "object", "additionalProperties": False,
                                           "properties": {"any": {"type": "boolean"},
                                                          "matchNames": {"type": "array",
                                                                         "items": {"type": "string"}}}},
                     "endpoints": {"type": "array", "minItems": 1, "items": {
                         "type": "object", "additionalProperties": False,
                         "properties": {"port": {"type": "string"}, "path": {"type": "string"},
                                        "scheme": {"enum": ["http", "https", "HTTP", "HTTPS"]},
                                        "interval": {"type": "string",
                                                     "pattern": r"^(0|(([0-9]+)h)?(([0-9]+)m)?(([0-9]+)s)?(([0-9]+)ms)?)$"},
                                        "scrapeTimeout": {"type": "string"}, "honorLabels": {"type": "boolean"}}}},
                 }},
    },
}


def service_monitor_errors(doc: dict) -> list:
    import jsonschema
    return [f"{'.'.join(map(str, e.path))}: {e.message}"
            for e in jsonschema.Draft7Validator(SERVICE_MONITOR).iter_errors(doc)]


def service_monitors() -> list:
    return [d for directory in MONITORING for d in documents(directory)]


def test_every_service_monitor_fits_its_crd():
    assert [service_monitor_errors(d) for d in service_monitors()] == [[], []]


@pytest.mark.parametrize("plant, expected", [
    (lambda sm: sm["spec"]["endpoints"][0].update(targetport="metrics"), "targetport"),
    (lambda sm: sm["spec"]["endpoints"][0].update(interval="15 s"), "does not match"),
    (lambda sm: sm["spec"].pop("selector"), "'selector' is a required property"),
])
def test_the_service_monitor_check_fails_on_a_planted_error(plant, expected):
    sm = copy.deepcopy(service_monitors()[0])
    plant(sm)
    assert any(expected in e for e in service_monitor_errors(sm)), service_monitor_errors(sm)


def test_each_service_monitor_scrapes_the_metrics_port_of_the_pods_it_is_for():
    """The receiver's and the gateway's: a selected Service in the named namespace has the
    endpoint's port, and it leads to the container port the process serves metrics on."""
    deployed = documents(K8S) + documents(ROOT / "deploy" / "collector")
    for sm in service_monitors():
        spec = sm["spec"]
        services = [d for d in deployed if d["kind"] == "Service"
                    and d["metadata"]["namespace"] in spec["namespaceSelector"]["matchNames"]
                    and spec["selector"]["matchLabels"].items() <= d["metadata"].get("labels", {}).items()]
        [endpoint] = spec["endpoints"]
        with_port = [(svc, p) for svc in services for p in svc["spec"]["ports"] if p["name"] == endpoint["port"]]
        assert len(with_port) == 1, sm["metadata"]["name"]
        svc, port = with_port[0]
        pods = [d for d in deployed if d["kind"] in ("DaemonSet", "StatefulSet")
                and svc["spec"]["selector"].items() <= d["spec"]["template"]["metadata"]["labels"].items()]
        [workload] = pods
        container_ports = {p["name"]: p["containerPort"] for c in workload["spec"]["template"]["spec"]["containers"]
                           for p in c["ports"]}
        assert port["targetPort"] in container_ports and endpoint["path"] == "/metrics"
