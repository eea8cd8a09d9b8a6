"""The Jaeger + Tempo demo cannot run here (no Docker engine), so its files are checked
statically with real tools: docker-compose validates the compose file against the
Compose schema, hadolint lints the Dockerfile, and the receiver validates the command
line the compose file gives it. Each check is shown to fail on a planted error."""

import re
import shutil
import subprocess
from pathlib import Path

import pytest
import yaml

from conftest import RECEIVER, ROOT

COMPOSE = ROOT / "docker-compose.yml"
DOCKERFILE = ROOT / "Dockerfile"


def compose_config(path: Path) -> subprocess.CompletedProcess:
    return subprocess.run(["docker-compose", "--project-directory", str(ROOT), "-f", str(path), "config", "-q"],
                          capture_output=True, text=True, timeout=60)


def hadolint(path: Path) -> subprocess.CompletedProcess:
    return subprocess.run(["hadolint", str(path)], capture_output=True, text=True, timeout=60)


@pytest.fixture(scope="module")
def compose():
    return yaml.safe_load(COMPOSE.read_text())


def test_the_compose_file_is_valid_compose():
    r = compose_config(COMPOSE)
    assert r.returncode == 0, r.stderr


def test_the_compose_check_fails_on_a_planted_error(tmp_path):
    bad = tmp_path / "docker-compose.yml"
    bad.write_text(COMPOSE.read_text().replace("    profiles: [\"gpu\"]", "    profiles: [\"gpu\"]\n    gpus_please: all", 1))
    r = compose_config(bad)
    assert r.returncode != 0
    assert "gpus_please" in r.stderr


@pytest.mark.parametrize("path", [DOCKERFILE, ROOT / "deploy" / "images" / "injector.Containerfile"],
                         ids=["Dockerfile", "injector.Containerfile"])
def test_the_dockerfiles_lint_clean(path):
    r = hadolint(path)
    assert r.returncode == 0, r.stdout + r.stderr


def test_the_dockerfile_check_fails_on_a_planted_error(tmp_path):
    bad = tmp_path / "Dockerfile"
    bad.write_text(DOCKERFILE.read_text().replace("WORKDIR /src", "RUN cd /src"))
    r = hadolint(bad)
    assert r.returncode != 0 and "DL3003" in r.stdout


def test_every_service_builds_a_target_the_dockerfile_defines(compose):
    targets = set(re.findall(r"^FROM \S+ AS (\S+)$", DOCKERFILE.read_text(), re.M))
    built = {name: s["build"]["target"] for name, s in compose["services"].items() if "build" in s}
    assert built == {"receiver": "receiver", "workload-gpu": "gpu-workload", "workload-replay": "replay"}
    assert set(built.values()) <= targets


def test_every_mounted_file_exists_and_parses(compose):
    for name, s in compose["services"].items():
        # Bind mounts of the repository's files and folders; named volumes (the queue)
        # are declared.
        for v in s.get("volumes", []):
            if not v.startswith("./"):
                assert v.split(":")[0] in compose["volumes"], f"{name}: {v}"
                continue
            source = ROOT / v.split(":")[0]
            files = sorted(source.glob("*")) if source.is_dir() else [source]
            assert files and all(f.is_file() for f in files), f"{name}: {source}"
            for f in files:
                yaml.safe_load(f.read_text())  # JSON is YAML too
    sources = yaml.safe_load((ROOT / "deploy/grafana/datasources.yaml").read_text())["datasources"]
    assert {d["type"]: d["url"] for d in sources} == {"tempo": "http://tempo:3200", "jaeger": "http://jaeger:16686",
                                                       "prometheus": "http://prometheus:9090"}


def published(service: dict) -> list:
    """(host address, host port, container port) of each published port, short or long syntax."""
    out = []
    for p in service.get("ports", []):
        if isinstance(p, dict):
            out.append((p.get("host_ip", ""), str(p.get("published", "")), str(p["target"])))
        else:
            parts = str(p).split(":")
            out.append(("", *parts) if len(parts) == 2 else tuple(parts) if len(parts) == 3 else ("", "", parts[0]))
    return out


def test_every_published_port_is_on_this_machines_loopback(compose):
    """Docker publishes a port without an address on every interface, past the host's
    firewall; Grafana takes anyone as an Editor and ingest has no token in the demo."""
    ports = {name: published(s) for name, s in compose["services"].items() if "ports" in s}
    assert set(ports) == {"jaeger", "prometheus", "grafana", "receiver"}
    assert {name: [p for p in ps if p[0] != "127.0.0.1"] for name, ps in ports.items()} == \
        {name: [] for name in ports}


def test_the_loopback_check_fails_on_a_port_without_an_address():
    assert published({"ports": ["3000:3000", "127.0.0.1:1:1", {"target": 2, "published": 2}]}) == \
        [("", "3000", "3000"), ("127.0.0.1", "1", "1"), ("", "2", "2")]


def test_jaeger_is_the_2x_line_and_grafana_no_anonymous_admin(compose):
    services = compose["services"]
    image, tag = services["jaeger"]["image"].rsplit(":", 1)
    assert image == "jaegertracing/jaeger" and tag.split(".")[0] == "2"
    env = services["grafana"]["environment"]
    assert env["GF_AUTH_ANONYMOUS_ORG_ROLE"] != "Admin"


def test_grafana_provisions_the_dashboard_from_the_repository_and_prometheus_scrapes_the_receiver(compose):
    grafana = compose["services"]["grafana"]
    mounts = dict(v.split(":")[:2] for v in grafana["volumes"])
    provider = yaml.safe_load((ROOT / "deploy/grafana/dashboards.yaml").read_text())["providers"]
    [path] = [p["options"]["path"] for p in provider]
    assert mounts["./deploy/grafana/dashboards"] == path
    uids = {d["uid"] for d in yaml.safe_load((ROOT / "deploy/grafana/datasources.yaml").read_text())["datasources"]}
    import json
    dashboard = json.loads((ROOT / "deploy/grafana/dashboards/gpu-otel.json").read_text())
    used = {t["datasource"]["uid"] for p in dashboard["panels"] for t in p.get("targets", [])}
    assert used and used <= uids
    # Prometheus scrapes the receiver's metrics listener by its service name.
    scrape = yaml.safe_load((ROOT / "deploy/prometheus.yml").read_text())["scrape_configs"]
    targets = [t for job in scrape for c in job["static_configs"] for t in c["targets"]]
    metrics = [a for a in compose["services"]["receiver"]["command"] if a.startswith("--metrics-endpoint=")]
    [endpoint] = metrics
    assert targets == [f"receiver:{endpoint.rsplit(':', 1)[1]}"]


def receiver_command(compose) -> list:
    """The receiver's arguments after `serve`, its mounted files read from the
    repository (the path a bind mount gives them in the container, mapped back)."""
    command = compose["services"]["receiver"]["command"]
    assert command[0] == "serve"
    in_container = {v.split(":")[1]: str(ROOT / v.split(":")[0])
                    for v in compose["services"]["receiver"]["volumes"] if v.startswith("./")}
    out = []
    for arg in command[1:]:
        flag, _, value = arg.partition("=")
        out.append(f"{flag}={in_container[value]}" if value in in_container else arg)
    return out


def test_the_receiver_accepts_the_command_line_compose_gives_it(compose):
    command = ["serve", *receiver_command(compose)]
    r = subprocess.run([str(RECEIVER), "validate", *command[1:]], capture_output=True, text=True, timeout=30)
    assert r.returncode == 0, r.stderr
    resolved = yaml.safe_load(r.stdout)
    assert resolved["export"]["endpoint"] == "http://jaeger:4317"
    assert resolved["export"]["mirrors"] == ["http://tempo:4317"]
    # The persistent queue is on, on the named volume mounted where it points.
    assert resolved["queue"]["dir"] == "/var/lib/gpu-otel/queue"
    mounts = dict(v.split(":", 1) for v in compose["services"]["receiver"]["volumes"])
    assert mounts["receiver-queue"] == resolved["queue"]["dir"]
    # Kernel metrics go to Prometheus's OTLP receiver, which that Prometheus turns on,
    # over the one protocol it takes.
    assert resolved["metrics"]["enabled"] is True
    assert resolved["export"]["metrics_endpoint"] == "http://prometheus:9090/api/v1/otlp/v1/metrics"
    assert resolved["export"]["metrics_protocol"] == "http/protobuf"
    prometheus = compose["services"]["prometheus"]["command"]
    assert "--web.enable-otlp-receiver" in prometheus
    features = {f for a in prometheus if a.startswith("--enable-feature=") for f in a.split("=", 1)[1].split(",")}
    assert {"otlp-deltatocumulative", "exemplar-storage"} <= features
    # ... and refuses a bad one, naming the parameter.
    r = subprocess.run([str(RECEIVER), "validate", *command[1:], "--export-mirror=ftp://tempo"], capture_output=True, text=True, timeout=30)
    assert r.returncode == 2 and "export.mirrors" in r.stderr


def test_the_workloads_reach_the_receiver_by_its_service_name(compose):
    services = compose["services"]
    assert services["workload-gpu"]["environment"]["OTEL_EXPORTER_OTLP_ENDPOINT"] == "http://receiver:4317"
    assert "http://receiver:4317" in services["workload-replay"]["command"]
    assert services["workload-gpu"]["deploy"]["resources"]["reservations"]["devices"][0]["driver"] == "nvidia"


# Top-level sections and the keys under them that Tempo 2.9 and 3.0 both read, from
# their configuration references; 3.0 reads strictly and removed the ingester, the
# compactor, the metrics-generator client and the local-blocks processor.
TEMPO_BOTH = {"server": {"http_listen_port", "grpc_listen_port", "log_level"},
              "distributor": {"receivers"}, "storage": {"trace"}, "query_frontend": None, "overrides": None}
TEMPO_REMOVED_IN_3 = {"ingester", "ingester_client", "compactor", "metrics_generator_client"}


def tempo_problems(cfg: dict) -> list:
    out = [f"{k}: removed in Tempo 3.0" for k in cfg if k in TEMPO_REMOVED_IN_3]
    out += [f"{k}: not a section both versions read" for k in cfg if k not in TEMPO_BOTH and k not in TEMPO_REMOVED_IN_3]
    for k, keys in TEMPO_BOTH.items():
        if keys is not None and k in cfg:
            out += [f"{k}.{x}: unknown" for x in cfg[k] if x not in keys]
    text = yaml.safe_dump(cfg)
    out += ["local-blocks: removed in Tempo 3.0" for marker in ("local_blocks", "local-blocks") if marker in text]
    return out


def test_the_tempo_config_is_read_alike_by_the_pinned_tempo_and_tempo_3(compose):
    assert compose["services"]["tempo"]["image"].startswith("grafana/tempo:2.")
    cfg = yaml.safe_load((ROOT / "deploy" / "tempo.yaml").read_text())
    assert tempo_problems(cfg) == []
    assert cfg["distributor"]["receivers"]["otlp"]["protocols"]["grpc"]["endpoint"].endswith(":4317")


@pytest.mark.parametrize("plant, expected", [
    ({"ingester": {"max_block_duration": "1m"}}, "ingester: removed"),
    ({"metrics_generator": {"processor": {"local_blocks": {}}}}, "local-blocks"),
    ({"server": {"http_port": 1}}, "server.http_port: unknown"),
])
def test_the_tempo_check_fails_on_a_planted_setting(plant, expected):
    cfg = yaml.safe_load((ROOT / "deploy" / "tempo.yaml").read_text())
    for k, v in plant.items():
        cfg.setdefault(k, {}).update(v)
    assert any(expected in p for p in tempo_problems(cfg)), tempo_problems(cfg)
