"""The per-node deployment (deploy/k8s) and the central Collector tier
(deploy/collector/loadbalancing.yaml) cannot run here (no cluster, no Collector), so
they are checked statically: every manifest against the Kubernetes OpenAPI schemas with
kubernetes-validate (strict: unknown fields are errors; the schemas ship inside the
package, no network), the receiver's ConfigMap and the environment the DaemonSet gives it
with `gpu-otel-receiver validate`, and the references between the pieces (names, ports,
paths, labels) by hand. Each kind of check is shown to fail on a planted error."""

import copy
import re
import subprocess
from pathlib import Path

import kubernetes_validate
import pytest
import yaml

from conftest import RECEIVER, ROOT

K8S = ROOT / "deploy" / "k8s"
COLLECTOR = ROOT / "deploy" / "collector" / "loadbalancing.yaml"
# The oldest Kubernetes these manifests are meant for (internalTrafficPolicy is GA since 1.26).
K8S_VERSIONS = ["1.29.0", "1.33.0"]


def load_all(path: Path) -> list:
    return [d for d in yaml.safe_load_all(path.read_text()) if d]


def kustomization() -> dict:
    return yaml.safe_load((K8S / "kustomization.yaml").read_text())


def manifests() -> list:
    return [(name, doc) for name in kustomization()["resources"] for doc in load_all(K8S / name)]


def schema_errors(doc: dict, version: str) -> list:
    try:
        kubernetes_validate.validate(doc, version, strict=True)
    except kubernetes_validate.ValidationError as e:
        return [f"{'.'.join(map(str, e.path))}: {e.message}"]
    except kubernetes_validate.SchemaNotFoundError as e:
        return [e.message]
    return []


def find(kind: str, name: str | None = None) -> dict:
    found = [d for _, d in manifests() if d["kind"] == kind and (name is None or d["metadata"]["name"] == name)]
    assert len(found) == 1, f"{kind}/{name}: {len(found)} found"
    return found[0]


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
    assert kinds == ["ConfigMap", "ConfigMap", "DaemonSet", "Job", "Namespace", "Secret", "Secret", "Secret",
                     "Secret", "Service", "Service", "ServiceAccount"]
    problems = {f"{name}: {d['kind']}/{d['metadata']['name']}": schema_errors(d, version) for name, d in docs}
    assert {k: v for k, v in problems.items() if v} == {}


@pytest.mark.parametrize("plant, expected", [
    # An unknown field (strict schemas).
    (lambda ds: ds["spec"]["template"]["spec"].update(nodeSelectr={"nvidia.com/gpu.present": "true"}), "nodeSelectr"),
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
    f = tmp_path / "receiver.yaml"
    f.write_text(config_text())
    r = validate_config(f)
    assert r.returncode == 0, r.stderr
    resolved = yaml.safe_load(r.stdout)
    assert resolved["ingest"]["grpc_endpoint"] == "0.0.0.0:4317"
    assert resolved["ingest"]["http_endpoint"] == "0.0.0.0:4318"
    assert resolved["telemetry"]["metrics_endpoint"] == "0.0.0.0:9464"
    assert resolved["export"]["endpoint"].startswith("https://tempo-distributor.")
    # Everything the DaemonSet supplies comes from its environment, not from the file.
    assert resolved["export"]["tls"]["ca_file"] is None and resolved["export"]["headers"] == {}
    # Ingest takes TLS and tokens from files the DaemonSet mounts (checked below).
    assert resolved["ingest"]["tls"]["cert_file"] == "/etc/gpu-otel/ingest-tls/tls.crt"
    assert resolved["ingest"]["auth"]["token_file"] == "/etc/gpu-otel/ingest-auth/tokens"


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


def test_the_receiver_accepts_the_configuration_the_daemonset_gives_it(tmp_path):
    ds = daemonset()
    c = receiver_container(ds)
    env, mounts = pod_environment(c, ds["spec"]["template"]["spec"]["volumes"], tmp_path)
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
    r = subprocess.run([str(RECEIVER), "serve", "--config", str(config), "--grpc-endpoint", "127.0.0.1:0",
                        "--http-endpoint", "127.0.0.1:0", "--metrics-endpoint", "127.0.0.1:0"],
                       capture_output=True, text=True, timeout=30, env=env)
    assert r.returncode == 2 and "certificate" in r.stderr.lower(), r.stderr


def test_the_placeholder_ingest_certificate_makes_the_receiver_refuse_to_start(tmp_path):
    """With a real export CA in place, the ingest Secret's placeholder stops it too,
    naming the file."""
    from pki import Ca
    ds = daemonset()
    env, mounts = pod_environment(receiver_container(ds), ds["spec"]["template"]["spec"]["volumes"], tmp_path)
    Ca("backend CA").write(mounts["/etc/gpu-otel/tls"] / "ca.crt")
    r = subprocess.run([str(RECEIVER), "serve", "--config", str(mounts["/etc/gpu-otel/receiver.yaml"]),
                        "--grpc-endpoint", "127.0.0.1:0", "--http-endpoint", "127.0.0.1:0",
                        "--metrics-endpoint", "127.0.0.1:0"], capture_output=True, text=True, timeout=30, env=env)
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

    job = find("Job")
    app_pod = job["spec"]["template"]["spec"]
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


def test_the_daemonset_runs_on_gpu_nodes_with_node_local_ports_and_the_queue_directory():
    ds = daemonset()
    pod = ds["spec"]["template"]["spec"]
    assert pod["nodeSelector"] == {"nvidia.com/gpu.present": "true"}
    assert {"key": "nvidia.com/gpu", "operator": "Exists", "effect": "NoSchedule"} in pod["tolerations"]
    c = receiver_container(ds)
    config = yaml.safe_load(config_text())
    ports = {p["name"]: p for p in c["ports"]}
    assert ports["otlp-grpc"]["containerPort"] == ports["otlp-grpc"]["hostPort"] == port_of(config["ingest"]["grpc_endpoint"])
    assert ports["otlp-http"]["containerPort"] == ports["otlp-http"]["hostPort"] == port_of(config["ingest"]["http_endpoint"])
    assert ports["metrics"]["containerPort"] == port_of(config["telemetry"]["metrics_endpoint"])
    assert "hostPort" not in ports["metrics"]
    for probe in ["readinessProbe", "livenessProbe"]:
        assert c[probe]["httpGet"] == {"path": "/healthz", "port": "metrics"}
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


def test_the_workload_loads_the_injector_and_sends_to_its_node_receiver():
    job = find("Job")
    pod = job["spec"]["template"]["spec"]
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
    env = copy.deepcopy(find("Job")["spec"]["template"]["spec"]["containers"][0]["env"])
    env.append(env.pop(next(i for i, e in enumerate(env) if e["name"] == "K8S_POD_NAME")))
    with pytest.raises(AssertionError, match=r"uses \$\(K8S_POD_NAME\) before"):
        defined_before(env)


# --- the central Collector tier ------------------------------------------------------------

def collector_problems(cfg: dict) -> list:
    """What would make the central tier split one process over several receivers, or not
    start: the loadbalancing exporter must route by the resource's service.instance.id
    through one resolver, to the receivers' OTLP/gRPC port, and be the traces exporter."""
    problems = []
    lb = cfg.get("exporters", {}).get("loadbalancing")
    if lb is None:
        return ["no loadbalancing exporter"]
    if lb.get("routing_key") != "attributes":
        problems.append(f"routing_key is {lb.get('routing_key')!r}, not 'attributes'")
    if lb.get("routing_attributes") != ["service.instance.id"]:
        problems.append(f"routing_attributes is {lb.get('routing_attributes')!r}")
    otlp = lb.get("protocol", {}).get("otlp")
    if otlp is None or "endpoint" in otlp:
        problems.append("protocol.otlp missing, or sets an endpoint (the resolver supplies it)")
    resolvers = set(lb.get("resolver", {})) & {"static", "dns", "k8s", "aws_cloud_map"}
    if len(resolvers) != 1:
        problems.append(f"{len(resolvers)} resolvers, not one")
    k8s = lb.get("resolver", {}).get("k8s")
    if k8s is not None:
        headless = find("Service", "gpu-otel-receiver-headless")
        name = f"{headless['metadata']['name']}.{headless['metadata']['namespace']}"
        if k8s.get("service") != name:
            problems.append(f"k8s resolver service {k8s.get('service')!r}, not {name!r}")
        if k8s.get("ports") != [4317]:
            problems.append(f"k8s resolver ports {k8s.get('ports')!r}")
    pipelines = cfg.get("service", {}).get("pipelines", {})
    traces = [p for n, p in pipelines.items() if n == "traces" or n.startswith("traces/")]
    if not traces or any(p.get("exporters") != ["loadbalancing"] for p in traces):
        problems.append("the traces pipelines do not export (only) to loadbalancing")
    for p in pipelines.values():
        for section in ["receivers", "processors", "exporters"]:
            for component in p.get(section, []):
                if component not in (cfg.get(section) or {}):
                    problems.append(f"{section[:-1]} {component!r} used but not defined")
    for ext in cfg.get("service", {}).get("extensions", []):
        if ext not in (cfg.get("extensions") or {}):
            problems.append(f"extension {ext!r} used but not defined")
    return problems


def test_the_collector_tier_routes_each_process_to_one_receiver():
    cfg = yaml.safe_load(COLLECTOR.read_text())
    assert collector_problems(cfg) == []
    assert cfg["service"]["pipelines"]["traces"]["processors"] == ["memory_limiter", "batch"]


@pytest.mark.parametrize("plant, expected", [
    (lambda lb: lb.update(routing_key="traceID"), "routing_key is 'traceID'"),
    (lambda lb: lb.update(routing_attributes=["service.name"]), "routing_attributes"),
    (lambda lb: lb["resolver"].update(static={"hostnames": ["a:4317"]}), "2 resolvers"),
    (lambda lb: lb["protocol"]["otlp"].update(endpoint="r:4317"), "sets an endpoint"),
    (lambda lb: lb["resolver"]["k8s"].update(service="receivers.default"), "k8s resolver service"),
])
def test_the_collector_check_fails_on_a_planted_error(plant, expected):
    cfg = yaml.safe_load(COLLECTOR.read_text())
    plant(cfg["exporters"]["loadbalancing"])
    assert any(expected in p for p in collector_problems(cfg)), collector_problems(cfg)
