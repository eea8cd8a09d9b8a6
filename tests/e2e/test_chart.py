"""The chart (deploy/helm/gpu-otel), rendered by the real helm for each documented
values preset and checked without a cluster: every object against the Kubernetes
OpenAPI schemas with kubernetes-validate in strict mode (unknown fields are errors), the
ServiceMonitors against their CRD's fields, the values against values.schema.json (bad
values refused), the receivers' configuration with `gpu-otel-receiver validate` alone and
with the environment and files the DaemonSet gives it, the generated PKI and tokens
(each party trusts what the others present), and the references between the pieces.
Pod Security is test_pod_security.py, the gateway test_chart_gateway.py, the webhook
test_webhook.py. Each kind of check fails on a planted error."""

import copy
import re
import subprocess
import tomllib
from pathlib import Path

import kubernetes_validate
import pytest
import yaml
from cryptography import x509
from cryptography.hazmat.primitives.asymmetric import ec, padding, rsa

from chart import (CHART, NAMESPACE, PRESETS, RELEASE, container, find, pod_spec, receiver_host, render, run_helm,
                   secret_data)
from conftest import RECEIVER, ROOT

# The oldest Kubernetes the chart is for (internalTrafficPolicy GA: 1.26; the chart's
# kubeVersion), the one its Pod Security checks follow, and the newest (image volumes).
K8S_VERSIONS = ["1.29.0", "1.33.0", "1.35.0"]
BUILT_IN = lambda d: d["apiVersion"].split("/")[0] != "monitoring.coreos.com"  # noqa: E731


def schema_errors(doc: dict, version: str) -> list:
    try:
        kubernetes_validate.validate(doc, version, strict=True)
    except kubernetes_validate.ValidationError as e:
        return [f"{'.'.join(map(str, e.path))}: {e.message}"]
    except kubernetes_validate.SchemaNotFoundError as e:
        return [e.message]
    return []


def daemonset(docs: list) -> dict:
    return find(docs, "DaemonSet", f"{RELEASE}-receiver")


def receiver_config(docs: list) -> dict:
    return yaml.safe_load(find(docs, "ConfigMap", f"{RELEASE}-receiver")["data"]["receiver.yaml"])


# --- rendering and schemas ---------------------------------------------------------------

def test_helm_lint_passes_for_every_preset():
    for preset in PRESETS:
        values = () if preset == "default" else (CHART / "presets" / f"{preset}.yaml",)
        r = run_helm("lint", str(CHART), "--strict", values=values)
        assert r.returncode == 0, f"{preset}: {r.stdout}{r.stderr}"


@pytest.mark.parametrize("version", K8S_VERSIONS)
@pytest.mark.parametrize("preset", PRESETS)
def test_every_rendered_object_is_valid_against_the_kubernetes_schemas(preset, version):
    docs = render(preset, kube_version=version)
    problems = {f"{d['kind']}/{d['metadata'].get('namespace')}/{d['metadata']['name']}": schema_errors(d, version)
                for d in docs if BUILT_IN(d)}
    assert {k: v for k, v in problems.items() if v} == {}


def test_the_default_install_has_the_receivers_and_the_webhook_and_nothing_optional():
    kinds = sorted(d["kind"] for d in render())
    assert kinds.count("DaemonSet") == 1 and kinds.count("Deployment") == 1
    assert "MutatingWebhookConfiguration" in kinds and "NetworkPolicy" in kinds
    assert not {"StatefulSet", "ServiceMonitor"} & set(kinds)
    full = {d["kind"] for d in render("full")}
    assert {"StatefulSet", "ServiceMonitor"} <= full
    assert any(d["kind"] == "ConfigMap" and d["metadata"]["labels"].get("grafana_dashboard") == "1"
               for d in render("full"))


@pytest.mark.parametrize("plant, expected", [
    (lambda ds: pod_spec(ds).update(afinity={}), "afinity"),
    (lambda ds: container(ds, "receiver")["ports"][0].update(hostPort="4317"), "'4317' is not of type 'integer'"),
    (lambda ds: container(ds, "receiver").pop("name"), "'name' is a required property"),
])
def test_the_schema_check_fails_on_a_planted_bad_object(plant, expected):
    bad = copy.deepcopy(daemonset(render()))
    plant(bad)
    errors = schema_errors(bad, K8S_VERSIONS[-1])
    assert errors and expected in errors[0], errors


@pytest.mark.parametrize("value, expected", [
    ("receiver.queue.volume=nfs", "/receiver/queue/volume"),
    ("webhook.failurePolicy=Fail", "/webhook/failurePolicy"),
    ("receiver.typo=1", "additional properties 'typo'"),
    ("receiver.gpuNodeLabels={azure}", "/receiver/gpuNodeLabels/0"),
    ("export.endpoint=tempo:4317", "/export/endpoint"),
    ("ingest.workloadNamespaces=null", "workloadNamespaces"),
    ("gateway.enabled=true", "clientNamespaces"),
    ("ingest.tls.existingSecret=my-tls", "caCert"),
    ("clusterDomain=Cluster.Local", "/clusterDomain"),
    ("webhook.pcLeaseHostPath=run/pc-lease", "/webhook/pcLeaseHostPath"),
])
def test_values_outside_the_schema_are_refused_naming_them(value, expected):
    r = run_helm("template", RELEASE, str(CHART), "--namespace", NAMESPACE, sets=(value,))
    assert r.returncode != 0 and expected in r.stderr, r.stderr


# --- the ServiceMonitors (Prometheus Operator CRD) -------------------------------------

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


def test_every_service_monitor_fits_its_crd_and_scrapes_a_metrics_port():
    docs = render("full")
    monitors = [d for d in docs if d["kind"] == "ServiceMonitor"]
    assert len(monitors) == 2
    for sm in monitors:
        assert service_monitor_errors(sm) == []
        spec = sm["spec"]
        services = [d for d in docs if d["kind"] == "Service"
                    and d["metadata"]["namespace"] in spec["namespaceSelector"]["matchNames"]
                    and spec["selector"]["matchLabels"].items() <= d["metadata"].get("labels", {}).items()]
        [endpoint] = spec["endpoints"]
        with_port = [(svc, p) for svc in services for p in svc["spec"]["ports"] if p["name"] == endpoint["port"]]
        assert len(with_port) == 1, sm["metadata"]["name"]
        svc, port = with_port[0]
        [workload] = [d for d in docs if d["kind"] in ("DaemonSet", "StatefulSet")
                      and svc["spec"]["selector"].items() <= d["spec"]["template"]["metadata"]["labels"].items()]
        ports = {p["name"] for c in pod_spec(workload)["containers"] for p in c["ports"]}
        assert port["targetPort"] in ports and endpoint["path"] == "/metrics"
        assert sm["metadata"]["labels"]["release"] == "kube-prometheus-stack"


def test_the_service_monitor_check_fails_on_a_planted_error():
    sm = copy.deepcopy([d for d in render("full") if d["kind"] == "ServiceMonitor"][0])
    sm["spec"]["endpoints"][0]["targetport"] = "metrics"
    assert any("targetport" in e for e in service_monitor_errors(sm))


def test_the_dashboard_configmap_holds_the_dashboard_grafana_provisions():
    cm = [d for d in render("full") if d["kind"] == "ConfigMap" and "gpu-otel.json" in d.get("data", {})][0]
    assert cm["data"]["gpu-otel.json"] == (ROOT / "deploy/grafana/dashboards/gpu-otel.json").read_text().rstrip("\n")


# --- one version -------------------------------------------------------------------------

def test_the_chart_the_images_and_the_webhook_share_one_version():
    version = tomllib.loads((ROOT / "Cargo.toml").read_text())["workspace"]["package"]["version"]
    meta = yaml.safe_load((CHART / "Chart.yaml").read_text())
    assert meta["version"] == meta["appVersion"] == version
    docs = render()
    images = [c["image"] for d in docs if d["kind"] in ("DaemonSet", "Deployment")
              for c in pod_spec(d).get("initContainers", []) + pod_spec(d)["containers"]]
    env = {e["name"]: e.get("value") for e in container(find(docs, "Deployment"), "webhook")["env"]}
    images.append(env["GPU_OTEL_WEBHOOK_INJECTOR_IMAGE"])
    assert sorted(set(images)) == [f"ghcr.io/gpu-otel/{n}:{version}" for n in ("injector", "receiver", "webhook")]


# --- the receivers' configuration ---------------------------------------------------------

def validate_config(path: Path, env: dict | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([str(RECEIVER), "validate", "--config", str(path)], capture_output=True, text=True,
                          timeout=30, env=env if env is not None else {"PATH": "/usr/bin:/bin"})


def mounted_config(docs: list, root: Path) -> tuple:
    """The receivers' configuration and environment with every file the DaemonSet mounts
    written under `root`, and the configuration's paths moved there: `validate` reads
    each file it names, as `serve` does."""
    ds = daemonset(docs)
    env, mounts = pod_files(docs, ds, container(ds, "receiver"), root)
    config = mounts["/etc/gpu-otel/config"] / "receiver.yaml"
    text = config.read_text().replace(" /etc/gpu-otel/", f" {root}/etc/gpu-otel/")
    config.write_text(text.replace(" /var/lib/gpu-otel/", f" {root}/var/lib/gpu-otel/"))
    return config, env


@pytest.mark.parametrize("preset", PRESETS)
def test_the_receiver_accepts_the_configuration_each_preset_writes(preset, tmp_path):
    docs = render(preset)
    f, env = mounted_config(docs, tmp_path)
    r = validate_config(f, env)
    assert r.returncode == 0, r.stderr
    resolved = yaml.safe_load(r.stdout)
    assert resolved["ingest"]["grpc_endpoint"] == "0.0.0.0:4317"
    assert resolved["telemetry"]["metrics_endpoint"] == "0.0.0.0:9464"
    assert resolved["kubernetes"]["pod_attributes"] is True
    assert (resolved["queue"]["dir"] is not None) == bool(receiver_config(docs).get("queue"))


def test_the_receiver_refuses_the_configuration_where_the_files_it_names_are_not(tmp_path):
    """`validate` refuses what `serve` would: the ConfigMap alone names certificates that
    are not on this machine."""
    f = tmp_path / "receiver.yaml"
    f.write_text(find(render(), "ConfigMap", f"{RELEASE}-receiver")["data"]["receiver.yaml"])
    r = validate_config(f)
    assert r.returncode == 2
    assert r.stderr.startswith('gpu-otel-receiver: invalid ingest.tls.cert_file "/etc/gpu-otel/ingest-tls/tls.crt"'), r.stderr


def test_extra_configuration_is_merged_and_an_unknown_field_refused(tmp_path):
    docs = render(sets=("receiver.extraConfig.reconcile.delay=5s",))
    assert receiver_config(docs)["reconcile"] == {"delay": "5s", "max_processes": 256, "max_windows_per_process": 1024}
    f = tmp_path / "receiver.yaml"
    f.write_text(find(render(sets=("receiver.extraConfig.ingest.grpc_endpoit=x",)), "ConfigMap",
                      f"{RELEASE}-receiver")["data"]["receiver.yaml"])
    r = validate_config(f)
    assert r.returncode == 2 and "grpc_endpoit" in r.stderr


def mebibytes(quantity: str) -> int:
    for suffix, factor in {"Ki": 1 / 1024, "Mi": 1, "Gi": 1024}.items():
        if quantity.endswith(suffix):
            return int(float(quantity[:-2]) * factor)
    return int(quantity) // (1 << 20)


def worst_case_mib(docs: list, tmp_path: Path) -> tuple:
    """What `validate` says the configuration and the DaemonSet's runtime threads may
    take at worst, and the threads it counted."""
    f, env = mounted_config(docs, tmp_path)
    r = validate_config(f, env)
    assert r.returncode == 0, r.stderr
    [line] = [l for l in r.stdout.splitlines() if l.startswith("# worst-case memory:")]
    m = re.search(r"(\d+) MiB with (\d+) runtime threads", line)
    return int(m.group(1)), int(m.group(2)), int(env["TOKIO_WORKER_THREADS"])


@pytest.mark.parametrize("preset", PRESETS)
def test_the_memory_limit_holds_the_configurations_worst_case_memory(preset, tmp_path):
    docs = render(preset)
    bound, counted, threads = worst_case_mib(docs, tmp_path)
    assert counted == threads
    limit = mebibytes(container(daemonset(docs), "receiver")["resources"]["limits"]["memory"])
    assert bound <= limit, (preset, bound, limit)


def test_the_default_memory_limit_is_the_worst_case_with_an_eighth_more(tmp_path):
    """Not so far above the bound that the scheduler reserves for nothing."""
    docs = render()
    bound, _, _ = worst_case_mib(docs, tmp_path)
    limit = mebibytes(container(daemonset(docs), "receiver")["resources"]["limits"]["memory"])
    assert bound * 1.1 <= limit <= bound * 1.25, (bound, limit)


def test_more_runtime_threads_without_a_larger_limit_is_caught(tmp_path):
    docs = render(sets=("receiver.workerThreads=64", "receiver.extraConfig.ingest.max_request_bytes=67108864"))
    bound, counted, _ = worst_case_mib(docs, tmp_path)
    assert counted == 64
    assert bound > mebibytes(container(daemonset(docs), "receiver")["resources"]["limits"]["memory"])


def pod_files(docs: list, workload: dict, c: dict, root: Path) -> tuple:
    """The environment the kubelet would give container `c`, with the files of its
    Secret and ConfigMap volumes written under `root` and paths remapped there."""
    volumes = pod_spec(workload)["volumes"]
    mounts = {}
    for m in c.get("volumeMounts", []):
        [v] = [v for v in volumes if v["name"] == m["name"]]
        target = root / m["mountPath"].lstrip("/")
        target.mkdir(parents=True, exist_ok=True)
        if "secret" in v:
            source, data = v["secret"], secret_data(find(docs, "Secret", v["secret"]["secretName"], NAMESPACE))
        elif "configMap" in v:
            source, data = v["configMap"], find(docs, "ConfigMap", v["configMap"]["name"], NAMESPACE)["data"]
        else:
            mounts[m["mountPath"]] = target
            continue
        if "items" in source:
            data = {i["path"]: data[i["key"]] for i in source["items"]}
        for key, value in data.items():
            (target / key).write_text(value)
        mounts[m["mountPath"]] = target
    env = {"PATH": "/usr/bin:/bin"}
    for e in c.get("env", []):
        if "value" in e:
            value = e["value"]
        elif "secretKeyRef" in e["valueFrom"]:
            ref = e["valueFrom"]["secretKeyRef"]
            value = secret_data(find(docs, "Secret", ref["name"], NAMESPACE))[ref["key"]]
        else:
            value = "gpu-node-1"  # the downward API's spec.nodeName
        for mount_path, local in mounts.items():
            if value.startswith(mount_path):
                value = str(local) + value[len(mount_path):]
        env[e["name"]] = value
    return env, mounts


def test_the_receiver_starts_with_exactly_what_the_daemonset_gives_it(tmp_path, workdir):
    """Config, generated ingest certificate and tokens, mounted as the DaemonSet mounts
    them: `validate` accepts them, and `serve` starts and takes a workload's token over
    TLS with the workload's CA."""
    from test_chart_gateway import export_with_token
    docs = render()
    ds = daemonset(docs)
    c = container(ds, "receiver")
    assert c["args"] == ["serve", "--config", "/etc/gpu-otel/config/receiver.yaml"]
    # The mounted files where this test wrote them.
    config, env = mounted_config(docs, tmp_path)
    r = subprocess.run([str(RECEIVER), "validate", "--config", str(config)], capture_output=True, text=True,
                       timeout=30, env=env)
    assert r.returncode == 0, r.stderr
    # Served; the pod attributes need the API, off here (test_pod_attribution.py has
    # them on).
    config.write_text(config.read_text().replace("pod_attributes: true", "pod_attributes: false"))
    from conftest import Receiver
    rec = Receiver(workdir, ["--config", str(config), "--queue-dir", str(tmp_path / "queue")], env=env)
    try:
        ca = find(docs, "ConfigMap", "gpu-otel-ingest-ca", "default")["data"]["ca.crt"].encode()
        header = secret_data(find(docs, "Secret", "gpu-otel-ingest-token", "default"))["OTEL_EXPORTER_OTLP_HEADERS"]
        token = header.removeprefix("authorization=Bearer%20")
        assert export_with_token(rec.grpc, ca, receiver_host(), token) is None
        assert export_with_token(rec.grpc, ca, receiver_host(), token + "x") is not None
    finally:
        rec.stop()


# --- PKI, tokens and names ------------------------------------------------------------------

def cert(pem: str) -> x509.Certificate:
    return x509.load_pem_x509_certificate(pem.encode())


def signed_by(child: x509.Certificate, ca: x509.Certificate) -> bool:
    key = ca.public_key()
    try:
        if isinstance(key, rsa.RSAPublicKey):
            key.verify(child.signature, child.tbs_certificate_bytes, padding.PKCS1v15(), child.signature_hash_algorithm)
        else:
            key.verify(child.signature, child.tbs_certificate_bytes, ec.ECDSA(child.signature_hash_algorithm))
    except Exception:
        return False
    return True


def names(c: x509.Certificate) -> list:
    return c.extensions.get_extension_for_class(x509.SubjectAlternativeName).value.get_values_for_type(x509.DNSName)


@pytest.mark.parametrize("domain", ["cluster.local", "corp.example"])
def test_one_ca_signs_the_receivers_certificate_which_names_the_service_workloads_dial(domain):
    docs = render("full", sets=(f"clusterDomain={domain}",))
    tls = secret_data(find(docs, "Secret", f"{RELEASE}-receiver-ingest-tls"))
    ca = cert(tls["ca.crt"])
    assert signed_by(cert(tls["tls.crt"]), ca)
    assert receiver_host(domain) in names(cert(tls["tls.crt"]))
    # Every sending namespace trusts that CA, and the webhook points workloads at that name.
    for ns in ["ml", "llm", "edge", NAMESPACE]:
        assert cert(find(docs, "ConfigMap", "gpu-otel-ingest-ca", ns)["data"]["ca.crt"]) == ca
    env = {e["name"]: e.get("value") for e in container(find(docs, "Deployment"), "webhook")["env"]}
    assert env["GPU_OTEL_WEBHOOK_ENDPOINT"] == f"https://{receiver_host(domain)}:4317"


def test_the_cluster_domain_is_a_value_written_nowhere_else():
    text = yaml.safe_dump_all(render("full", sets=("clusterDomain=corp.example",)))
    assert "cluster.local" not in text
    assert "cluster.local" not in "".join(p.read_text() for p in (CHART / "templates").iterdir())


def test_each_workload_namespace_holds_its_own_token_and_the_receivers_accept_exactly_these():
    docs = render("full")
    tokens = secret_data(find(docs, "Secret", f"{RELEASE}-receiver-ingest-tokens"))["tokens"].split()
    own = {}
    for ns in ["ml", "llm"]:
        s = secret_data(find(docs, "Secret", "gpu-otel-ingest-token", ns))
        assert list(s) == ["OTEL_EXPORTER_OTLP_HEADERS"], "the header alone"
        own[ns] = s["OTEL_EXPORTER_OTLP_HEADERS"].removeprefix("authorization=Bearer%20")
    gateway = secret_data(find(docs, "Secret", f"{RELEASE}-gateway-receiver-token"))["token"]
    assert sorted(tokens) == sorted([*own.values(), gateway])
    assert len(set(tokens)) == 3 and all(len(t) >= 40 for t in tokens)
    # The gateway's clients' tokens are not the receivers'.
    client = secret_data(find(docs, "Secret", "gpu-otel-gateway-token", "edge"))["OTEL_EXPORTER_OTLP_HEADERS"]
    assert client.removeprefix("authorization=Bearer%20") not in tokens


def test_the_webhook_is_trusted_by_the_api_server_through_its_ca_bundle():
    import base64
    docs = render()
    mwc = find(docs, "MutatingWebhookConfiguration")
    [hook] = mwc["webhooks"]
    ca = x509.load_pem_x509_certificate(base64.b64decode(hook["clientConfig"]["caBundle"]))
    tls = secret_data(find(docs, "Secret", f"{RELEASE}-webhook-tls"))
    assert signed_by(cert(tls["tls.crt"]), ca)
    svc = hook["clientConfig"]["service"]
    assert f"{svc['name']}.{svc['namespace']}.svc" in names(cert(tls["tls.crt"]))
    service = find(docs, "Service", svc["name"], svc["namespace"])
    [port] = [p for p in service["spec"]["ports"] if p["port"] == svc["port"]]
    deployment = find(docs, "Deployment")
    ports = {p["name"]: p["containerPort"] for p in container(deployment, "webhook")["ports"]}
    assert port["targetPort"] in ports and ports[port["targetPort"]] == 8443
    assert service["spec"]["selector"].items() <= deployment["spec"]["template"]["metadata"]["labels"].items()


def test_the_webhook_never_blocks_a_pod_and_skips_system_namespaces():
    [hook] = find(render(), "MutatingWebhookConfiguration")["webhooks"]
    assert hook["failurePolicy"] == "Ignore"
    assert hook["sideEffects"] == "NoneOnDryRun" and hook["admissionReviewVersions"] == ["v1"]
    assert hook["timeoutSeconds"] <= 10
    assert hook["rules"] == [{"operations": ["CREATE"], "apiGroups": [""], "apiVersions": ["v1"],
                              "resources": ["pods"], "scope": "Namespaced"}]
    [expr] = hook["namespaceSelector"]["matchExpressions"]
    assert expr["key"] == "kubernetes.io/metadata.name" and expr["operator"] == "NotIn"
    assert {"kube-system", NAMESPACE} <= set(expr["values"])



def test_a_lease_host_path_reaches_the_webhook_and_the_receivers_open_it_to_every_user():
    lease = "/var/run/gpu-otel/pc-lease"
    docs = render(sets=(f"webhook.pcLeaseHostPath={lease}",))
    hook = find(docs, "Deployment", f"{RELEASE}-webhook")
    env = {e["name"]: e.get("value") for e in container(hook, "webhook")["env"]}
    assert env["GPU_OTEL_WEBHOOK_PC_LEASE_DIR"] == lease
    pod = pod_spec(daemonset(docs))
    [volume] = [v for v in pod["volumes"] if v["name"] == "pc-lease"]
    assert volume["hostPath"] == {"path": lease, "type": "DirectoryOrCreate"}
    [init] = [c for c in pod["initContainers"] if c["name"] == "pc-lease-dir"]
    [mount] = init["volumeMounts"]
    assert mount["name"] == "pc-lease"
    assert init["command"] == ["chmod", "1777", mount["mountPath"]]
    sc = init["securityContext"]
    assert sc["runAsUser"] == 0 and sc["capabilities"] == {"drop": ["ALL"]}
    assert sc["allowPrivilegeEscalation"] is False and sc["readOnlyRootFilesystem"] is True
    # The receiver itself never sees it.
    assert all(m["name"] != "pc-lease" for m in container(daemonset(docs), "receiver")["volumeMounts"])


def test_without_a_lease_host_path_nothing_of_it_is_rendered():
    docs = render()
    env = [e["name"] for e in container(find(docs, "Deployment", f"{RELEASE}-webhook"), "webhook")["env"]]
    assert "GPU_OTEL_WEBHOOK_PC_LEASE_DIR" not in env
    pod = pod_spec(daemonset(docs))
    assert all(v["name"] != "pc-lease" for v in pod["volumes"])
    assert all(c["name"] != "pc-lease-dir" for c in pod.get("initContainers", []))


# --- the receivers on the nodes ------------------------------------------------------------

NODE_LABELS = {
    "gpuOperator": ("nvidia.com/gpu.present", "In", ("true",)),
    "nfd": ("feature.node.kubernetes.io/pci-10de.present", "In", ("true",)),
    "gke": ("cloud.google.com/gke-accelerator", "Exists", ()),
    "aks": ("kubernetes.azure.com/accelerator", "In", ("nvidia",)),
    "karpenter": ("karpenter.k8s.aws/instance-gpu-manufacturer", "In", ("nvidia",)),
    "eksAutoMode": ("eks.amazonaws.com/instance-gpu-manufacturer", "In", ("nvidia",)),
}


def node_terms(pod: dict) -> set:
    terms = pod["affinity"]["nodeAffinity"]["requiredDuringSchedulingIgnoredDuringExecution"]["nodeSelectorTerms"]
    out = set()
    for t in terms:
        [e] = t["matchExpressions"]  # one expression per term: the terms are ORed
        out.add((e["key"], e["operator"], tuple(e.get("values", []))))
    return out


@pytest.mark.parametrize("preset, labels", [
    ("default", ["gpuOperator", "nfd", "gke", "aks", "karpenter", "eksAutoMode"]),
    ("gke", ["gke", "gpuOperator"]), ("gke-autopilot", ["gke"]), ("eks", ["gpuOperator", "nfd", "karpenter"]),
    ("eks-auto-mode", ["eksAutoMode"]), ("aks", ["aks", "gpuOperator"]), ("openshift", ["gpuOperator", "nfd"]),
])
def test_each_preset_selects_gpu_nodes_by_its_platforms_labels_and_tolerates_the_gpu_taints(preset, labels):
    pod = pod_spec(daemonset(render(preset)))
    assert node_terms(pod) == {NODE_LABELS[n] for n in labels}
    assert "nodeSelector" not in pod
    assert {"key": "nvidia.com/gpu", "operator": "Exists", "effect": "NoSchedule"} in pod["tolerations"]
    assert {"key": "sku", "operator": "Equal", "value": "gpu", "effect": "NoSchedule"} in pod["tolerations"]


def test_the_receivers_run_at_node_critical_priority_with_a_quota_where_gke_needs_one():
    assert pod_spec(daemonset(render()))["priorityClassName"] == "system-node-critical"
    quota = find(render("gke"), "ResourceQuota")
    [expr] = quota["spec"]["scopeSelector"]["matchExpressions"]
    assert expr == {"operator": "In", "scopeName": "PriorityClass", "values": ["system-node-critical"]}
    assert "priorityClassName" not in pod_spec(daemonset(render("gke-autopilot")))
    assert not [d for d in render() if d["kind"] == "ResourceQuota"]


def test_a_configuration_change_rolls_the_receivers_and_nothing_else_does():
    checksum = lambda docs: daemonset(docs)["spec"]["template"]["metadata"]["annotations"]["checksum/config"]  # noqa
    base = checksum(render())
    assert checksum(render(sets=("export.compression=zstd",))) != base
    assert checksum(render(sets=("receiver.extraConfig.reconcile.delay=3s",))) != base
    assert checksum(render(sets=("receiver.logLevel=debug",))) == base
    # Mounted as a directory, never with subPath: a change reaches the running pod too.
    mounts = [m for c in pod_spec(daemonset(render()))["containers"] for m in c["volumeMounts"]]
    assert not [m for m in mounts if "subPath" in m]


def test_the_receiver_is_reached_through_the_node_local_service_and_keeps_its_queue_on_the_node():
    docs = render()
    ds = daemonset(docs)
    pod, c = pod_spec(ds), container(ds, "receiver")
    config = receiver_config(docs)
    ports = {p["name"]: p["containerPort"] for p in c["ports"]}
    port = lambda addr: int(addr.rsplit(":", 1)[1])  # noqa: E731
    assert ports["otlp-grpc"] == port(config["ingest"]["grpc_endpoint"])
    assert ports["otlp-http"] == port(config["ingest"]["http_endpoint"])
    assert ports["metrics"] == port(config["telemetry"]["metrics_endpoint"])
    assert not any(p.get("hostPort") for p in c["ports"]) and not pod.get("hostNetwork")
    local = find(docs, "Service", f"{RELEASE}-receiver")
    assert local["spec"]["internalTrafficPolicy"] == "Local"
    headless = find(docs, "Service", f"{RELEASE}-receiver-headless")
    for svc in [local, headless]:
        assert svc["spec"]["selector"].items() <= ds["spec"]["template"]["metadata"]["labels"].items()
        assert {p["targetPort"] for p in svc["spec"]["ports"]} <= set(ports)
    [queue] = [v for v in pod["volumes"] if v["name"] == "queue"]
    assert queue["hostPath"] == {"path": "/var/lib/gpu-otel/queue", "type": "DirectoryOrCreate"}
    [mount] = [m for m in c["volumeMounts"] if m["name"] == "queue"]
    assert config["queue"]["dir"] == mount["mountPath"] and not mount.get("readOnly")
    [owner] = pod["initContainers"]
    sc = pod["securityContext"]
    assert owner["command"] == ["chown", f"{sc['runAsUser']}:{sc['runAsGroup']}", mount["mountPath"]]
    assert pod["terminationGracePeriodSeconds"] > int(config["shutdown_timeout"].rstrip("s"))
    # Readiness by /readyz: a backend that is down leaves the receiver ready (its queue
    # keeps taking spans); /healthz, which reports that, is no probe's.
    for probe in ["startupProbe", "readinessProbe"]:
        assert c[probe]["httpGet"] == {"path": "/readyz", "port": "metrics"}
    assert c["livenessProbe"]["httpGet"] == {"path": "/livez", "port": "metrics"}
    assert c["startupProbe"]["periodSeconds"] * c["startupProbe"]["failureThreshold"] >= 300
    env = {e["name"]: e for e in c["env"]}
    assert env["K8S_NODE_NAME"]["valueFrom"]["fieldRef"]["fieldPath"] == "spec.nodeName"


def test_the_queue_owner_keeps_chown_from_the_runtime_on_openshift_and_is_absent_without_a_host_path():
    [owner] = pod_spec(daemonset(render("openshift")))["initContainers"]
    caps = owner["securityContext"]["capabilities"]
    assert "add" not in caps and "CHOWN" not in caps["drop"] and "ALL" not in caps["drop"]
    binding = find(render("openshift"), "RoleBinding", f"{RELEASE}-receiver-hostmount-anyuid")
    assert binding["roleRef"]["name"] == "system:openshift:scc:hostmount-anyuid"
    pod = pod_spec(daemonset(render("gke-autopilot")))
    assert "initContainers" not in pod
    [queue] = [v for v in pod["volumes"] if v["name"] == "queue"]
    assert "emptyDir" in queue


def test_the_receiver_may_list_and_watch_pods_and_nothing_else():
    docs = render()
    role = find(docs, "ClusterRole", f"{RELEASE}-receiver-{NAMESPACE}")
    assert role["rules"] == [{"apiGroups": [""], "resources": ["pods"], "verbs": ["list", "watch"]}]
    assert pod_spec(daemonset(docs))["automountServiceAccountToken"] is True
    off = render(sets=("receiver.podAttributes=false",))
    assert pod_spec(daemonset(off))["automountServiceAccountToken"] is False
    assert not [d for d in off if d["kind"] == "ClusterRole" and "receiver" in d["metadata"]["name"]]
    webhook = find(docs, "ClusterRole", f"{RELEASE}-webhook-{NAMESPACE}")
    assert webhook["rules"] == [{"apiGroups": [""], "resources": ["namespaces"], "verbs": ["list", "watch"]},
                                {"apiGroups": ["events.k8s.io"], "resources": ["events"],
                                 "verbs": ["create", "patch"]}]


def ingress_rules(docs: list, name: str) -> list:
    return find(docs, "NetworkPolicy", name)["spec"]["ingress"]


def test_network_policies_admit_otlp_from_the_workloads_and_the_gateway_and_metrics_from_monitoring():
    docs = render("full")
    rules = ingress_rules(docs, f"{RELEASE}-receiver")
    otlp = [r for r in rules if {p["port"] for p in r["ports"]} == {4317, 4318}]
    metrics = [r for r in rules if {p["port"] for p in r["ports"]} == {9464}]
    assert len(otlp) == 1 and len(metrics) == 1 and len(rules) == 2
    sources = otlp[0]["from"]
    [listed] = [s["namespaceSelector"]["matchExpressions"][0] for s in sources
                if "namespaceSelector" in s and s["namespaceSelector"]["matchExpressions"][0]["operator"] == "In"
                and s["namespaceSelector"]["matchExpressions"][0]["key"] == "kubernetes.io/metadata.name"]
    assert set(listed["values"]) == {"ml", "llm", NAMESPACE}
    assert {"podSelector": {"matchLabels": {"app.kubernetes.io/name": "gpu-otel-gateway",
                                            "app.kubernetes.io/instance": RELEASE}}} in sources
    assert metrics[0]["from"] == [{"namespaceSelector": {"matchLabels": {"kubernetes.io/metadata.name": "monitoring"}}}]
    gateway = ingress_rules(docs, f"{RELEASE}-gateway")
    [clients] = [r for r in gateway if {p["port"] for p in r["ports"]} == {4317, 4318}]
    assert clients["from"][0]["namespaceSelector"]["matchExpressions"][0]["values"] == ["edge"]
    # Every policy selects pods that exist.
    for np in [d for d in docs if d["kind"] == "NetworkPolicy"]:
        selector = np["spec"]["podSelector"]["matchLabels"]
        assert [d for d in docs if d["kind"] in ("DaemonSet", "Deployment", "StatefulSet")
                and selector.items() <= d["spec"]["template"]["metadata"]["labels"].items()], np["metadata"]["name"]


def leaves(values: dict, prefix: str = "") -> list:
    out = []
    for k, v in values.items():
        path = f"{prefix}{k}"
        if isinstance(v, dict) and v and k not in ("labels", "monitoringNamespaceSelector", "resources",
                                                  "extraConfig", "annotations"):
            out.extend(leaves(v, path + "."))
        else:
            out.append(path)
    return out


def test_the_readme_documents_every_value_and_the_schema_knows_every_one():
    import json
    readme = (CHART / "README.md").read_text()
    documented = set(re.findall(r"^\| `([a-zA-Z.]+)` \|", readme, re.M))
    values = yaml.safe_load((CHART / "values.yaml").read_text())
    assert set(leaves(values)) == documented
    schema = json.loads((CHART / "values.schema.json").read_text())
    for path in leaves(values):
        node = schema
        for part in path.split("."):
            node = node["properties"][part]
