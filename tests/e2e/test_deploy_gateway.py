"""The central Collector tier (deploy/collector) cannot run here: no Collector binary, no
cluster. So its config is checked against the documented configuration of each
component it uses, written below as field sets derived from the components' Go config
structs (and the config.schema.yaml generated from them) of:
  - opentelemetry-collector v0.159.0: otlp receiver (configgrpc/confighttp servers,
    confignet, configtls), otlp_grpc exporter (configgrpc client, exporterhelper timeout
    and queue_batch, configretry), memory_limiter, batch, service::telemetry;
  - opentelemetry-collector-contrib: load_balancing exporter (config.schema.yaml at commit
    97b5b3ee9154), bearertokenauth (config.schema.yaml at 9b21ca1ee208), file_storage
    (config.go at 4f70196d9bbc), health_check (healthcheck.Config: confighttp server,
    path, response_body, check_collector_pipeline).
Every key must be known (an unknown key fails: the Collector refuses unknown keys at
startup too), every referenced extension defined and started, and TLS and auth must
match what the receivers in deploy/k8s require. A real receiver then takes the gateway's
TLS settings and token, dialed by address as the resolver dials pods. Planted errors
fail."""

import copy
import subprocess
from pathlib import Path

import grpc
import kubernetes_validate
import pytest
import yaml
from opentelemetry.proto.collector.trace.v1 import trace_service_pb2, trace_service_pb2_grpc

from conftest import ROOT, Receiver
from kustomize import documents
from pki import Ca, server_named

COLLECTOR = ROOT / "deploy" / "collector"
CONFIG = COLLECTOR / "loadbalancing.yaml"
K8S_VERSIONS = ["1.29.0", "1.33.0"]

# --- the documented fields -------------------------------------------------------------
S, I, B, F, D = "string", "integer", "boolean", "number", "duration"
ANY = "any"  # a free-form value (a map of header names, a middleware's settings)

TLS_COMMON = {"ca_file": S, "ca_pem": S, "cert_file": S, "cert_pem": S, "key_file": S, "key_pem": S,
              "cipher_suites": [S], "curve_preferences": [S], "include_system_ca_certs_pool": B,
              "max_version": S, "min_version": S, "reload_interval": D,
              "tpm": {"auth": S, "enabled": B, "owner_auth": S, "path": S}}
TLS_CLIENT = {**TLS_COMMON, "insecure": B, "insecure_skip_verify": B, "server_name_override": S}
TLS_SERVER = {**TLS_COMMON, "client_ca_file": S, "client_ca_file_reload": B}
AUTH = {"authenticator": S}
GRPC_CLIENT = {"auth": AUTH, "authority": S, "balancer_name": S, "compression": S, "endpoint": S,
               "headers": ANY, "keepalive": {"permit_without_stream": B, "time": D, "timeout": D},
               "middlewares": [ANY], "read_buffer_size": I, "tls": TLS_CLIENT, "user_agent": S,
               "wait_for_ready": B, "write_buffer_size": I}
RETRY = {"enabled": B, "initial_interval": D, "max_elapsed_time": D, "max_interval": D, "multiplier": F,
         "randomization_factor": F}
QUEUE = {"batch": {"flush_timeout": D, "max_size": I, "min_size": I, "partition": {"metadata_keys": [S]},
                   "sizer": S},
         "block_on_overflow": B, "enabled": B, "num_consumers": I, "queue_size": I, "sizer": S, "storage": S,
         "wait_for_result": B}
OTLP_EXPORTER = {"retry_on_failure": RETRY, "sending_queue": QUEUE, "timeout": D, **GRPC_CLIENT}
LOAD_BALANCING = {
    "protocol": {"otlp": OTLP_EXPORTER},
    "resolver": {"aws_cloud_map": {"health_status": S, "interval": D, "namespace": S, "port": I,
                                   "service_name": S, "timeout": D},
                 "dns": {"hostname": S, "interval": D, "port": S, "timeout": D},
                 "k8s": {"ports": [I], "return_hostnames": B, "service": S, "timeout": D},
                 "static": {"hostnames": [S]}},
    "routing_attributes": [S], "routing_key": S, "sending_queue": QUEUE, "timeout": D, "retry_on_failure": RETRY}
NET = {"endpoint": S, "transport": S, "dialer": {"timeout": D}}
GRPC_SERVER = {**NET, "auth": AUTH, "include_metadata": B,
               "keepalive": {"enforcement_policy": {"min_time": D, "permit_without_stream": B},
                             "server_parameters": {"max_connection_age": D, "max_connection_age_grace": D,
                                                   "max_connection_idle": D, "time": D, "timeout": D}},
               "max_concurrent_streams": I, "max_recv_msg_size_mib": I, "middlewares": [ANY],
               "read_buffer_size": I, "tls": TLS_SERVER, "write_buffer_size": I}
HTTP_SERVER = {"auth": {"authenticator": S, "request_params": [S]}, "compression_algorithms": [S],
               "cors": {"allowed_headers": [S], "allowed_origins": [S], "exposed_headers": [S], "max_age": I},
               "endpoint": S, "idle_timeout": D, "include_metadata": B, "keep_alives_enabled": B,
               "max_request_body_size": I, "middlewares": [ANY], "read_header_timeout": D, "read_timeout": D,
               "response_headers": ANY, "tls": TLS_SERVER, "write_timeout": D}
OTLP_RECEIVER = {"protocols": {"grpc": GRPC_SERVER,
                               "http": {**HTTP_SERVER, "logs_url_path": S, "metrics_url_path": S,
                                        "traces_url_path": S}}}
MEMORY_LIMITER = {"check_interval": D, "limit_mib": I, "limit_percentage": I, "spike_limit_mib": I,
                  "spike_limit_percentage": I, "max_gc_interval_when_hard_limited": D,
                  "max_gc_interval_when_soft_limited": D, "min_gc_interval_when_hard_limited": D,
                  "min_gc_interval_when_soft_limited": D}
BATCH = {"metadata_cardinality_limit": I, "metadata_keys": [S], "send_batch_max_size": I, "send_batch_size": I,
         "timeout": D}
HEALTH_CHECK = {**HTTP_SERVER, "path": S, "response_body": {"healthy": S, "unhealthy": S},
                "check_collector_pipeline": {"enabled": B, "interval": S, "exporter_failure_threshold": I}}
BEARER_TOKEN_AUTH = {"filename": S, "header": S, "scheme": S, "token": S, "tokens": [S]}
FILE_STORAGE = {"directory": S, "timeout": D, "fsync": B,
                "compaction": {"on_start": B, "on_rebound": B, "directory": S, "rebound_needed_threshold_mib": I,
                               "rebound_trigger_threshold_mib": I, "max_transaction_size": I, "check_interval": D}}
COMPONENTS = {
    "receivers": {"otlp": OTLP_RECEIVER},
    "processors": {"memory_limiter": MEMORY_LIMITER, "batch": BATCH},
    "exporters": {"load_balancing": LOAD_BALANCING},
    "extensions": {"health_check": HEALTH_CHECK, "bearertokenauth": BEARER_TOKEN_AUTH, "file_storage": FILE_STORAGE},
}
# Types a current Collector still accepts under an old name, with a deprecation warning.
DEPRECATED = {"loadbalancing": "load_balancing"}
PIPELINE = {"receivers": [S], "processors": [S], "exporters": [S]}
SERVICE = {"extensions": [S], "pipelines": ANY,
           "telemetry": {"metrics": {"level": S, "views": [ANY],
                                     "readers": [{"pull": {"exporter": {"prometheus": {"host": S, "port": I}}},
                                                  "periodic": ANY}]},
                         "logs": ANY, "traces": ANY, "resource": ANY}}


def check(value, schema, path: str) -> list:
    """Where `value` does not fit `schema`: unknown keys, wrong shapes."""
    if schema == ANY:
        return []
    if isinstance(schema, dict):
        if value is None:
            return []
        if not isinstance(value, dict):
            return [f"{path}: a mapping expected"]
        out = []
        for key, v in value.items():
            if key not in schema:
                out.append(f"{path}.{key}: unknown field")
            else:
                out.extend(check(v, schema[key], f"{path}.{key}"))
        return out
    if isinstance(schema, list):
        if not isinstance(value, list):
            return [f"{path}: a list expected"]
        return [e for i, v in enumerate(value) for e in check(v, schema[0], f"{path}[{i}]")]
    ok = {S: isinstance(value, str), I: isinstance(value, int) and not isinstance(value, bool),
          B: isinstance(value, bool), F: isinstance(value, (int, float)) and not isinstance(value, bool),
          D: isinstance(value, str) and value[-1:] in "smh" or value == 0}[schema]
    return [] if ok else [f"{path}: {value!r} is not a {schema}"]


def config_problems(cfg: dict) -> list:
    problems = [f"{k}: unknown top-level section" for k in cfg
                if k not in {*COMPONENTS, "service", "connectors"}]
    for section, types in COMPONENTS.items():
        for name, settings in (cfg.get(section) or {}).items():
            kind = name.split("/", 1)[0]
            if kind in DEPRECATED:
                problems.append(f"{section}.{name}: `{kind}` is a deprecated alias of `{DEPRECATED[kind]}`")
            elif kind not in types:
                problems.append(f"{section}.{name}: no such component type here")
            else:
                problems.extend(check(settings, types[kind], f"{section}.{name}"))
    service = cfg.get("service", {})
    problems.extend(check(service, SERVICE, "service"))
    for pname, p in (service.get("pipelines") or {}).items():
        problems.extend(check(p, PIPELINE, f"service.pipelines.{pname}"))
        for section in ["receivers", "processors", "exporters"]:
            for component in p.get(section, []):
                if component not in (cfg.get(section) or {}):
                    problems.append(f"{section[:-1]} {component!r} used but not defined")
    started = service.get("extensions", [])
    for ext in started:
        if ext not in (cfg.get("extensions") or {}):
            problems.append(f"extension {ext!r} started but not defined")
    # Extensions that components refer to must be defined and started.
    for ref in references(cfg):
        if ref not in started:
            problems.append(f"extension {ref!r} referred to but not started in service.extensions")
    return problems


def references(cfg: dict) -> list:
    """Extension ids that settings refer to: authenticators and queue storages."""
    out = []

    def walk(v):
        if isinstance(v, dict):
            for k, x in v.items():
                if k == "authenticator" or (k == "storage" and isinstance(x, str)):
                    out.append(x)
                walk(x)
        elif isinstance(v, list):
            for x in v:
                walk(x)
    for section in COMPONENTS:
        if section != "extensions":
            walk(cfg.get(section))
    return out


def config() -> dict:
    return yaml.safe_load(CONFIG.read_text())


def lb(cfg: dict) -> dict:
    return cfg["exporters"]["load_balancing"]


def test_every_key_of_the_gateway_config_is_a_documented_field_and_every_reference_resolves():
    assert config_problems(config()) == []


@pytest.mark.parametrize("plant, expected", [
    # The old type name: a deprecated alias in current releases.
    (lambda c: c["exporters"].update(loadbalancing=c["exporters"].pop("load_balancing")), "deprecated alias"),
    (lambda c: lb(c)["protocol"]["otlp"]["tls"].update(server_name=lb(c)["protocol"]["otlp"]["tls"]["ca_file"]),
     "tls.server_name: unknown field"),
    (lambda c: lb(c)["resolver"]["k8s"].update(port=4317), "k8s.port: unknown field"),
    (lambda c: lb(c)["sending_queue"].update(storge="file_storage/queue"), "storge: unknown field"),
    (lambda c: lb(c)["sending_queue"]["batch"].update(flush_timeout=200), "is not a duration"),
    (lambda c: c["extensions"]["file_storage/queue"].update(path="/tmp"), "path: unknown field"),
    (lambda c: c["service"]["extensions"].remove("file_storage/queue"), "'file_storage/queue' referred to"),
    (lambda c: c["extensions"].pop("bearertokenauth/receivers"), "'bearertokenauth/receivers' started but not"),
    (lambda c: c["service"]["pipelines"]["traces"]["processors"].append("batch/x"), "processor 'batch/x' used"),
])
def test_the_config_check_fails_on_a_planted_error(plant, expected):
    cfg = copy.deepcopy(config())
    plant(cfg)
    problems = config_problems(cfg)
    assert any(expected in p for p in problems), problems


# --- the pieces around it --------------------------------------------------------------

def gateway() -> list:
    return documents(COLLECTOR)


def receivers() -> list:
    return documents(ROOT / "deploy" / "k8s")


def find(docs: list, kind: str, name: str, namespace: str | None = None) -> dict:
    found = [d for d in docs if d["kind"] == kind and d["metadata"]["name"] == name
             and (namespace is None or d["metadata"].get("namespace") == namespace)]
    assert len(found) == 1, f"{kind}/{name}: {len(found)} found"
    return found[0]


def statefulset() -> dict:
    return find(gateway(), "StatefulSet", "gpu-otel-gateway")


def receiver_config() -> dict:
    return yaml.safe_load(find(receivers(), "ConfigMap", "gpu-otel-receiver")["data"]["receiver.yaml"])


def mounted(path: str) -> tuple:
    """(volume, key) that the gateway container's `path` comes from."""
    pod = statefulset()["spec"]["template"]["spec"]
    [c] = pod["containers"]
    for m in c["volumeMounts"]:
        if path.startswith(m["mountPath"] + "/") and "subPath" not in m:
            claims = {t["metadata"]["name"] for t in statefulset()["spec"].get("volumeClaimTemplates", [])}
            if m["name"] in claims:
                return {"persistentVolumeClaim": m["name"]}, path[len(m["mountPath"]) + 1:]
            [v] = [v for v in pod["volumes"] if v["name"] == m["name"]]
            return v, path[len(m["mountPath"]) + 1:]
    raise AssertionError(f"{path} is not under a volume of the gateway container")


def test_the_gateway_runs_this_config_file():
    [cm] = [d for d in gateway() if d["kind"] == "ConfigMap" and d["metadata"]["name"] == "gpu-otel-gateway"]
    assert yaml.safe_load(cm["data"]["config.yaml"]) == config()
    [c] = statefulset()["spec"]["template"]["spec"]["containers"]
    v, key = mounted(c["args"][0].split("=", 1)[1])
    assert v["configMap"]["name"] == "gpu-otel-gateway" and key == "config.yaml"


def test_each_process_goes_to_one_receiver_by_its_service_instance_id():
    e = lb(config())
    assert e["routing_key"] == "attributes" and e["routing_attributes"] == ["service.instance.id"]
    assert "endpoint" not in e["protocol"]["otlp"]
    assert list(e["resolver"]) == ["k8s"]
    headless = find(receivers(), "Service", "gpu-otel-receiver-headless")
    assert headless["spec"]["clusterIP"] == "None"
    assert e["resolver"]["k8s"]["service"] == f"{headless['metadata']['name']}.{headless['metadata']['namespace']}"
    grpc_port = int(receiver_config()["ingest"]["grpc_endpoint"].rsplit(":", 1)[1])
    assert e["resolver"]["k8s"]["ports"] == [grpc_port]
    assert grpc_port in [p["port"] for p in headless["spec"]["ports"]]


def test_the_gateway_speaks_the_receivers_tls_and_sends_a_token_they_accept():
    ingest = receiver_config()["ingest"]
    otlp = lb(config())["protocol"]["otlp"]
    tls = otlp["tls"]
    # The receivers require TLS: never plaintext, and the receivers' CA.
    assert ingest["tls"]["cert_file"] and not tls.get("insecure") and not tls.get("insecure_skip_verify")
    v, key = mounted(tls["ca_file"])
    copy_ = find(gateway(), "ConfigMap", v["configMap"]["name"], "gpu-otel-gateway")
    original = find(receivers(), "ConfigMap", "gpu-otel-ingest-ca")
    assert copy_["data"][key] == original["data"]["ca.crt"]
    # The resolver dials pod addresses; the ingest certificate names the node-local
    # Service (what the workloads dial), so that is the name to verify.
    local = find(receivers(), "Service", "gpu-otel-receiver")
    assert tls["server_name_override"] == f"{local['metadata']['name']}.{local['metadata']['namespace']}.svc.cluster.local"
    # Mutual TLS on the receivers would need a client certificate here.
    if ingest["tls"].get("client_ca_file"):
        assert tls.get("cert_file") and tls.get("key_file")
    # The token: a bearertokenauth extension reading a Secret's file, one of the receivers' tokens.
    assert ingest["auth"]["token_file"]
    ext = config()["extensions"][otlp["auth"]["authenticator"]]
    assert otlp["auth"]["authenticator"].split("/")[0] == "bearertokenauth"
    assert ext.get("scheme", "Bearer") == "Bearer" and ext.get("header", "Authorization").lower() == "authorization"
    v, key = mounted(ext["filename"])
    token = find(gateway(), "Secret", v["secret"]["secretName"])["stringData"][key].strip()
    tokens = find(receivers(), "Secret", "gpu-otel-ingest-auth")["stringData"]["tokens"].split()
    assert token in tokens


def test_what_the_gateway_acknowledges_is_on_disk_and_retried_until_a_receiver_has_it():
    cfg = config()
    e = lb(cfg)
    queue = e["sending_queue"]
    assert queue["enabled"] and queue["storage"] in cfg["extensions"]
    assert queue["storage"].split("/")[0] == "file_storage"
    # On a disk that outlives the pod: the StatefulSet's volume claim.
    v, _ = mounted(cfg["extensions"][queue["storage"]]["directory"] + "/x")
    assert "persistentVolumeClaim" in v
    assert e["retry_on_failure"]["enabled"] and e["retry_on_failure"]["max_elapsed_time"] in ("0s", 0)
    # Nothing held in memory after the acknowledgement: no per-receiver memory queue,
    # no batch processor.
    assert e["protocol"]["otlp"]["sending_queue"]["enabled"] is False
    assert "batch" not in [p.split("/")[0] for p in cfg["service"]["pipelines"]["traces"]["processors"]]


def test_the_resolver_may_watch_the_receivers_endpointslices_and_nothing_else():
    pod = statefulset()["spec"]["template"]["spec"]
    sa = find(gateway(), "ServiceAccount", pod["serviceAccountName"])
    assert sa.get("automountServiceAccountToken", True) and pod.get("automountServiceAccountToken", True)
    receivers_ns = lb(config())["resolver"]["k8s"]["service"].split(".", 1)[1]
    bindings = [d for d in gateway() if d["kind"] == "RoleBinding"]
    assert [b["metadata"]["namespace"] for b in bindings] == [receivers_ns]
    [binding] = bindings
    assert binding["subjects"] == [{"kind": "ServiceAccount", "name": sa["metadata"]["name"],
                                    "namespace": sa["metadata"]["namespace"]}]
    role = find(gateway(), "Role", binding["roleRef"]["name"], receivers_ns)
    assert role["rules"] == [{"apiGroups": ["discovery.k8s.io"], "resources": ["endpointslices"],
                              "verbs": ["get", "list", "watch"]}]
    assert not [d for d in gateway() if d["kind"] in ("ClusterRole", "ClusterRoleBinding")]


def test_the_probes_and_ports_match_the_config():
    cfg = config()
    [c] = statefulset()["spec"]["template"]["spec"]["containers"]
    ports = {p["name"]: p["containerPort"] for p in c["ports"]}
    port = lambda addr: int(addr.rsplit(":", 1)[1])  # noqa: E731
    assert ports["otlp-grpc"] == port(cfg["receivers"]["otlp"]["protocols"]["grpc"]["endpoint"])
    assert ports["otlp-http"] == port(cfg["receivers"]["otlp"]["protocols"]["http"]["endpoint"])
    assert ports["health"] == port(cfg["extensions"]["health_check"]["endpoint"])
    [reader] = cfg["service"]["telemetry"]["metrics"]["readers"]
    assert ports["metrics"] == reader["pull"]["exporter"]["prometheus"]["port"]
    for probe in ["startupProbe", "readinessProbe", "livenessProbe"]:
        assert c[probe]["httpGet"]["port"] == "health"
    svc = find(gateway(), "Service", statefulset()["spec"]["serviceName"])
    assert svc["spec"]["selector"].items() <= statefulset()["spec"]["template"]["metadata"]["labels"].items()
    assert {p["targetPort"] for p in svc["spec"]["ports"]} <= set(ports)


@pytest.mark.parametrize("version", K8S_VERSIONS)
def test_the_gateway_manifests_are_valid_against_the_kubernetes_schemas(version):
    problems = {}
    for d in gateway():
        try:
            kubernetes_validate.validate(d, version, strict=True)
        except (kubernetes_validate.ValidationError, kubernetes_validate.SchemaNotFoundError) as e:
            problems[f"{d['kind']}/{d['metadata']['name']}"] = e.message
    assert problems == {}
    assert sorted(d["kind"] for d in gateway()) == ["ConfigMap", "ConfigMap", "Namespace", "Role", "RoleBinding",
                                                   "Secret", "Service", "ServiceAccount", "StatefulSet"]


# --- a real receiver takes the gateway's TLS and token -------------------------------------

def export_as_the_gateway(addr: str, ca_pem: bytes, server_name: str | None, token: str) -> grpc.RpcError | None:
    options = [("grpc.ssl_target_name_override", server_name)] if server_name else []
    with grpc.secure_channel(addr, grpc.ssl_channel_credentials(root_certificates=ca_pem), options=options) as ch:
        stub = trace_service_pb2_grpc.TraceServiceStub(ch)
        try:
            stub.Export(trace_service_pb2.ExportTraceServiceRequest(), timeout=10,
                        metadata=[("authorization", f"Bearer {token}")])
        except grpc.RpcError as e:
            return e
    return None


def test_a_receiver_accepts_the_gateways_tls_and_token_when_dialed_by_address(workdir, tmp_path):
    """The ingest certificate names the Service only, as in the manifests; dialed at
    127.0.0.1 (a pod address, for the resolver), the handshake holds with the gateway's
    server name and fails without it; the gateway's token from its Secret is accepted by
    a receiver whose token file is the receivers' Secret."""
    otlp = lb(config())["protocol"]["otlp"]
    name = otlp["tls"]["server_name_override"]
    ca = Ca("ingest CA")
    cert, key = server_named(ca, name).write(tmp_path, "ingest")
    tokens = tmp_path / "tokens"
    tokens.write_text(find(receivers(), "Secret", "gpu-otel-ingest-auth")["stringData"]["tokens"])
    cfg = tmp_path / "receiver.yaml"
    cfg.write_text(yaml.safe_dump({"ingest": {"tls": {"cert_file": str(cert), "key_file": str(key)},
                                              "auth": {"token_file": str(tokens)}},
                                   "export": {"file": str(tmp_path / "out.jsonl")}}))
    r = Receiver(workdir, ["--config", str(cfg)])
    try:
        token = find(gateway(), "Secret", "gpu-otel-gateway-auth")["stringData"]["token"].strip()
        assert export_as_the_gateway(r.grpc, ca.pem, name, token) is None
        without_name = export_as_the_gateway(r.grpc, ca.pem, None, token)
        assert without_name is not None and without_name.code() == grpc.StatusCode.UNAVAILABLE
        wrong_token = export_as_the_gateway(r.grpc, ca.pem, name, token + "x")
        assert wrong_token is not None and wrong_token.code() == grpc.StatusCode.UNAUTHENTICATED
    finally:
        r.stop()
