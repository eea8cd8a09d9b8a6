"""The chart's Collector gateway (gateway.enabled) cannot run here: no Collector binary, no
cluster. So its config, as the chart renders it, is checked against the documented
configuration of each component it uses, written below as field sets derived from the
components' Go config structs (and the config.schema.yaml generated from them) of:
  - opentelemetry-collector v0.159.0: otlp receiver (configgrpc/confighttp servers,
    confignet, configtls), otlp_grpc exporter (configgrpc client, exporterhelper timeout
    and queue_batch, configretry), memory_limiter, batch, service::telemetry;
  - opentelemetry-collector-contrib: load_balancing exporter (config.schema.yaml at commit
    97b5b3ee9154), bearertokenauth (config.schema.yaml at 9b21ca1ee208), file_storage
    (config.go at 4f70196d9bbc), health_check (healthcheck.Config: confighttp server,
    path, response_body, check_collector_pipeline).
Every key must be known (an unknown key fails: the Collector refuses unknown keys at
startup too), every referenced extension defined and started, and the config is read
against the chart's receivers: their CA, the name their certificate carries, a token
they accept, their ports. A real receiver then takes the gateway's TLS settings and
token, dialed by address as the resolver dials pods. Planted errors fail."""

import copy
import subprocess
from pathlib import Path

import grpc
import pytest
import yaml
from cryptography import x509
from opentelemetry.proto.collector.trace.v1 import trace_service_pb2, trace_service_pb2_grpc

from chart import NAMESPACE, RELEASE, container, find, pod_spec, receiver_host, render, secret_data
from conftest import Receiver
from pki import Ca, server_named

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


def docs() -> list:
    return render("full")


def config(d: list | None = None) -> dict:
    return yaml.safe_load(find(d or docs(), "ConfigMap", f"{RELEASE}-gateway")["data"]["config.yaml"])


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
    (lambda c: lb(c)["sending_queue"].update(batch={"flush_timeout": 200}), "is not a duration"),
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

def statefulset(d: list | None = None) -> dict:
    return find(d or docs(), "StatefulSet", f"{RELEASE}-gateway")


def receiver_config(d: list | None = None) -> dict:
    return yaml.safe_load(find(d or docs(), "ConfigMap", f"{RELEASE}-receiver")["data"]["receiver.yaml"])


def mounted(d: list, path: str) -> tuple:
    """(volume, key) that the gateway container's `path` comes from."""
    sts = statefulset(d)
    pod = pod_spec(sts)
    [c] = pod["containers"]
    for m in c["volumeMounts"]:
        if path.startswith(m["mountPath"] + "/") and "subPath" not in m:
            claims = {t["metadata"]["name"] for t in sts["spec"].get("volumeClaimTemplates", [])}
            if m["name"] in claims:
                return {"persistentVolumeClaim": m["name"]}, path[len(m["mountPath"]) + 1:]
            [v] = [v for v in pod["volumes"] if v["name"] == m["name"]]
            key = path[len(m["mountPath"]) + 1:]
            items = {i["path"]: i["key"] for i in (v.get("secret") or v.get("configMap") or {}).get("items", [])}
            return v, items.get(key, key)
    raise AssertionError(f"{path} is not under a volume of the gateway container")


def test_the_gateway_runs_its_config_and_a_change_rolls_it():
    d = docs()
    [c] = pod_spec(statefulset(d))["containers"]
    v, key = mounted(d, c["args"][0].split("=", 1)[1])
    assert v["configMap"]["name"] == f"{RELEASE}-gateway" and key == "config.yaml"
    checksum = lambda x: statefulset(x)["spec"]["template"]["metadata"]["annotations"]["checksum/config"]  # noqa
    assert checksum(render("full", sets=("clusterDomain=corp.example",))) != checksum(d)


def test_each_process_goes_to_one_receiver_by_its_service_instance_id():
    d = docs()
    e = lb(config(d))
    assert e["routing_key"] == "attributes" and e["routing_attributes"] == ["service.instance.id"]
    assert "endpoint" not in e["protocol"]["otlp"]
    assert list(e["resolver"]) == ["k8s"]
    headless = find(d, "Service", f"{RELEASE}-receiver-headless")
    assert headless["spec"]["clusterIP"] == "None"
    assert e["resolver"]["k8s"]["service"] == f"{headless['metadata']['name']}.{headless['metadata']['namespace']}"
    grpc_port = int(receiver_config(d)["ingest"]["grpc_endpoint"].rsplit(":", 1)[1])
    assert e["resolver"]["k8s"]["ports"] == [grpc_port]
    assert grpc_port in [p["port"] for p in headless["spec"]["ports"]]


@pytest.mark.parametrize("domain", ["cluster.local", "corp.example"])
def test_the_gateway_speaks_the_receivers_tls_and_sends_a_token_they_accept(domain):
    d = render("full", sets=(f"clusterDomain={domain}",))
    ingest = receiver_config(d)["ingest"]
    otlp = lb(config(d))["protocol"]["otlp"]
    tls = otlp["tls"]
    assert ingest["tls"]["cert_file"] and not tls.get("insecure") and not tls.get("insecure_skip_verify")
    # The CA it verifies with is the one that signs the receivers' certificate.
    v, key = mounted(d, tls["ca_file"])
    ca = find(d, "ConfigMap", v["configMap"]["name"], NAMESPACE)["data"][key]
    receiver_tls = secret_data(find(d, "Secret", f"{RELEASE}-receiver-ingest-tls"))
    assert ca.strip() == receiver_tls["ca.crt"].strip()
    # The resolver dials pod addresses; the certificate names the node-local Service.
    assert tls["server_name_override"] == receiver_host(domain)
    if ingest["tls"].get("client_ca_file"):
        assert tls.get("cert_file") and tls.get("key_file")
    ext = config(d)["extensions"][otlp["auth"]["authenticator"]]
    assert otlp["auth"]["authenticator"].split("/")[0] == "bearertokenauth"
    assert ext.get("scheme", "Bearer") == "Bearer" and ext.get("header", "Authorization").lower() == "authorization"
    v, key = mounted(d, ext["filename"])
    token = secret_data(find(d, "Secret", v["secret"]["secretName"]))[key].strip()
    tokens = secret_data(find(d, "Secret", f"{RELEASE}-receiver-ingest-tokens"))["tokens"].split()
    assert token in tokens


def test_the_gateways_own_ingress_takes_tls_and_a_token_per_client_namespace():
    d = docs()
    cfg = config(d)
    sts = statefulset(d)
    [c] = pod_spec(sts)["containers"]
    env = {e["name"]: e for e in c["env"]}
    for proto in ["grpc", "http"]:
        server = cfg["receivers"]["otlp"]["protocols"][proto]
        v, key = mounted(d, server["tls"]["cert_file"])
        tls = secret_data(find(d, "Secret", v["secret"]["secretName"]))
        gw = x509.load_pem_x509_certificate(tls["tls.crt"].encode())
        sans = gw.extensions.get_extension_for_class(x509.SubjectAlternativeName).value.get_values_for_type(
            x509.DNSName)
        assert f"{RELEASE}-gateway.{NAMESPACE}.svc.cluster.local" in sans
        # Signed by the CA every client namespace holds.
        assert tls["ca.crt"].strip() == find(d, "ConfigMap", "gpu-otel-ingest-ca", "edge")["data"]["ca.crt"].strip()
        assert server["auth"]["authenticator"] == "bearertokenauth/clients"
    accepted = []
    for ref in cfg["extensions"]["bearertokenauth/clients"]["tokens"]:
        var = ref.removeprefix("${env:").removesuffix("}")
        key = env[var]["valueFrom"]["secretKeyRef"]
        accepted.append(secret_data(find(d, "Secret", key["name"], NAMESPACE))[key["key"]])
    client = secret_data(find(d, "Secret", "gpu-otel-gateway-token", "edge"))["OTEL_EXPORTER_OTLP_HEADERS"]
    assert accepted == [client.removeprefix("authorization=Bearer%20")]


def test_what_the_gateway_acknowledges_is_on_disk_and_retried_to_one_receiver():
    d = docs()
    cfg = config(d)
    e = lb(cfg)
    queue = e["sending_queue"]
    assert queue["enabled"] and queue["storage"] in cfg["extensions"]
    v, _ = mounted(d, cfg["extensions"][queue["storage"]]["directory"] + "/x")
    assert "persistentVolumeClaim" in v
    assert e["retry_on_failure"]["enabled"] and e["retry_on_failure"]["max_elapsed_time"] in ("0s", 0)
    # Not batched at the top: a queued request is one producer's, so a retry of the
    # whole request (collector-contrib #50437) goes to one receiver, not to all.
    assert "batch" not in queue
    assert e["protocol"]["otlp"]["sending_queue"]["enabled"] is False
    assert e["protocol"]["otlp"]["retry_on_failure"]["enabled"] is False
    assert "batch" not in [p.split("/")[0] for p in cfg["service"]["pipelines"]["traces"]["processors"]]
    # The queue's disk is compacted: at start, and when a drained backlog leaves it large.
    compaction = cfg["extensions"][queue["storage"]]["compaction"]
    assert compaction["on_start"] and compaction["on_rebound"]
    assert mounted(d, compaction["directory"] + "/x")[0] == v


@pytest.mark.parametrize("limit, expected", [("2Gi", "1638MiB"), ("1500Mi", "1200MiB")])
def test_gomemlimit_is_80_percent_of_the_memory_limit(limit, expected):
    d = render("full", sets=(f"gateway.resources.limits.memory={limit}",))
    [c] = pod_spec(statefulset(d))["containers"]
    assert {e["name"]: e.get("value") for e in c["env"]}["GOMEMLIMIT"] == expected
    assert c["resources"]["limits"]["memory"] == limit


def test_the_resolver_may_watch_the_receivers_endpointslices_and_nothing_else():
    d = docs()
    pod = pod_spec(statefulset(d))
    sa = find(d, "ServiceAccount", pod["serviceAccountName"])
    assert sa.get("automountServiceAccountToken", True) and pod.get("automountServiceAccountToken", True)
    receivers_ns = lb(config(d))["resolver"]["k8s"]["service"].split(".", 1)[1]
    bindings = [x for x in d if x["kind"] == "RoleBinding" and "gateway" in x["metadata"]["name"]]
    [binding] = bindings
    assert binding["metadata"]["namespace"] == receivers_ns
    assert binding["subjects"] == [{"kind": "ServiceAccount", "name": sa["metadata"]["name"],
                                    "namespace": sa["metadata"]["namespace"]}]
    role = find(d, "Role", binding["roleRef"]["name"], receivers_ns)
    assert role["rules"] == [{"apiGroups": ["discovery.k8s.io"], "resources": ["endpointslices"],
                              "verbs": ["get", "list", "watch"]}]
    assert not [x for x in d if x["kind"] in ("ClusterRole", "ClusterRoleBinding") and "gateway" in x["metadata"]["name"]]


def test_the_probes_and_ports_match_the_config():
    d = docs()
    cfg = config(d)
    [c] = pod_spec(statefulset(d))["containers"]
    ports = {p["name"]: p["containerPort"] for p in c["ports"]}
    port = lambda addr: int(addr.rsplit(":", 1)[1])  # noqa: E731
    assert ports["otlp-grpc"] == port(cfg["receivers"]["otlp"]["protocols"]["grpc"]["endpoint"])
    assert ports["otlp-http"] == port(cfg["receivers"]["otlp"]["protocols"]["http"]["endpoint"])
    assert ports["health"] == port(cfg["extensions"]["health_check"]["endpoint"])
    [reader] = cfg["service"]["telemetry"]["metrics"]["readers"]
    assert ports["metrics"] == reader["pull"]["exporter"]["prometheus"]["port"]
    for probe in ["startupProbe", "readinessProbe", "livenessProbe"]:
        assert c[probe]["httpGet"]["port"] == "health"
    sts = statefulset(d)
    svc = find(d, "Service", sts["spec"]["serviceName"])
    assert svc["spec"]["selector"].items() <= sts["spec"]["template"]["metadata"]["labels"].items()
    assert {p["targetPort"] for p in svc["spec"]["ports"]} <= set(ports)


# --- a real receiver takes the gateway's TLS and token -------------------------------------

def export_with_token(addr: str, ca_pem: bytes, server_name: str | None, token: str) -> grpc.RpcError | None:
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
    """The ingest certificate names the Service only, as the chart makes it; dialed at
    127.0.0.1 (a pod address, for the resolver), the handshake holds with the gateway's
    server name and fails without it; the gateway's token is accepted by a receiver
    whose token file is the chart's."""
    d = docs()
    otlp = lb(config(d))["protocol"]["otlp"]
    name = otlp["tls"]["server_name_override"]
    ca = Ca("ingest CA")
    cert, key = server_named(ca, name).write(tmp_path, "ingest")
    tokens = tmp_path / "tokens"
    tokens.write_text(secret_data(find(d, "Secret", f"{RELEASE}-receiver-ingest-tokens"))["tokens"])
    cfg = tmp_path / "receiver.yaml"
    cfg.write_text(yaml.safe_dump({"ingest": {"tls": {"cert_file": str(cert), "key_file": str(key)},
                                              "auth": {"token_file": str(tokens)}},
                                   "export": {"file": str(tmp_path / "out.jsonl")}}))
    r = Receiver(workdir, ["--config", str(cfg)])
    try:
        token = secret_data(find(d, "Secret", f"{RELEASE}-gateway-receiver-token"))["token"].strip()
        assert export_with_token(r.grpc, ca.pem, name, token) is None
        without_name = export_with_token(r.grpc, ca.pem, None, token)
        assert without_name is not None and without_name.code() == grpc.StatusCode.UNAVAILABLE
        wrong_token = export_with_token(r.grpc, ca.pem, name, token + "x")
        assert wrong_token is not None and wrong_token.code() == grpc.StatusCode.UNAUTHENTICATED
    finally:
        r.stop()
