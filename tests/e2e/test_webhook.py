"""The webhook binary as the API server calls it: over TLS, with the recorded
AdmissionReviews of real workloads' pods (webhook/tests/fixtures), its namespaces and
events through its real Kubernetes client against recorded API answers (kubeapi.py).
Each patch is applied as the API server applies it (RFC 6902, the `jsonpatch` package)
and the patched pod validated against the Kubernetes schemas in strict mode, and held to
Pod Security: the injection never needs more than the pod needed before."""

import base64
import json
import os
import ssl
import subprocess
import time
import urllib.error
import urllib.request
from pathlib import Path

import jsonpatch
import kubernetes_validate
import pytest

from conftest import BIN, ROOT, wait_http
from kubeapi import KubeApi, wait_for
from pki import Ca, server_named
from test_pod_security import violations

FIXTURES = ROOT / "webhook" / "tests" / "fixtures"
WEBHOOK = BIN / "gpu-otel-webhook"
ENDPOINT = "https://gpu-otel-receiver.gpu-otel.svc.cluster.local:4317"
IMAGE = "ghcr.io/gpu-otel/injector:0.1.0"


def fixture(name: str) -> dict:
    return json.loads((FIXTURES / name).read_text())


class Webhook:
    def __init__(self, tmp: Path, api: KubeApi):
        self.ca = Ca("webhook CA")
        cert, key = server_named(self.ca, "localhost").write(tmp, "webhook")
        env = dict(os.environ, KUBECONFIG=str(api.kubeconfig(tmp / "kubeconfig")), POD_NAME="gpu-otel-webhook-0")
        self.log = open(tmp / "webhook.log", "w")
        self.proc = subprocess.Popen(
            [str(WEBHOOK), "serve", "--listen", "127.0.0.1:0", "--admin-listen", "127.0.0.1:0",
             "--tls-cert", str(cert), "--tls-key", str(key), "--injector-image", IMAGE, "--endpoint", ENDPOINT],
            stdout=subprocess.PIPE, stderr=self.log, text=True, env=env)
        line = self.proc.stdout.readline()
        assert line, (tmp / "webhook.log").read_text()
        addrs = json.loads(line)
        self.port = int(addrs["webhook"].rsplit(":", 1)[1])
        self.admin = addrs["admin"]
        wait_http(f"http://{self.admin}/readyz", 30)

    def post(self, body: bytes) -> tuple:
        ctx = ssl.create_default_context(cadata=self.ca.pem.decode())
        req = urllib.request.Request(f"https://localhost:{self.port}/mutate", data=body, method="POST",
                                     headers={"Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(req, context=ctx, timeout=10) as r:
                return r.status, json.load(r)
        except urllib.error.HTTPError as e:
            return e.code, e.read().decode()

    def review(self, review: dict) -> tuple:
        """The response, and the pod after its patch."""
        status, out = self.post(json.dumps(review).encode())
        assert status == 200, out
        response = out["response"]
        assert out["apiVersion"] == "admission.k8s.io/v1" and out["kind"] == "AdmissionReview"
        assert response["uid"] == review["request"]["uid"] and response["allowed"] is True
        pod = review["request"]["object"]
        if "patch" in response:
            raw = response["patch"]
            ops = json.loads(base64.b64decode(raw) if isinstance(raw, str) else bytes(raw))
            pod = jsonpatch.apply_patch(pod, ops)
        return response, pod

    def metrics(self) -> str:
        with urllib.request.urlopen(f"http://{self.admin}/metrics", timeout=5) as r:
            return r.read().decode()

    def stop(self):
        self.proc.terminate()
        self.proc.wait(10)
        self.log.close()


def namespace(name: str, annotations: dict | None = None) -> dict:
    return {"apiVersion": "v1", "kind": "Namespace",
            "metadata": {"name": name, "uid": f"ns-{name}", "annotations": annotations or {},
                         "labels": {"kubernetes.io/metadata.name": name}}}


@pytest.fixture
def cluster(tmp_path):
    def start(version=("1", "35")):
        api = KubeApi(version, tls=True)
        for ns, annotations in [("llm", None), ("default", None), ("gpu-otel", None),
                                ("training", {"gpu-otel.io/inject": "true"})]:
            api.add("namespaces", namespace(ns, annotations))
        started.append(api)
        hook = Webhook(tmp_path, api)
        hooks.append(hook)
        return api, hook
    started, hooks = [], []
    yield start
    for h in hooks:
        h.stop()
    for a in started:
        a.stop()


def schema_errors(pod: dict, version: str) -> list:
    try:
        kubernetes_validate.validate(pod, version, strict=True)
    except kubernetes_validate.ValidationError as e:
        return [f"{'.'.join(map(str, e.path))}: {e.message}"]
    return []


def env(container: dict) -> dict:
    return {e["name"]: e for e in container.get("env", [])}


CASES = [("vllm-deployment.json", "mistral-7b"), ("pytorchjob-worker.json", "pytorch"),
         ("plain-job.json", "cuda-vectoradd")]


@pytest.mark.parametrize("version, volume", [(("1", "35"), "image"), (("1", "34+"), "emptyDir")])
def test_real_workloads_are_injected_and_stay_valid_pods_at_their_pod_security_level(cluster, version, volume):
    """Image volumes where the API server is 1.35 (the webhook asks it), an init
    container before; the patched pods are valid against the schemas of 1.33 and 1.35,
    and meet every Pod Security level the pod met before."""
    api, hook = cluster(version)
    for name, container_name in CASES:
        review = fixture(name)
        before = review["request"]["object"]
        response, pod = hook.review(review)
        assert response["patchType"] == "JSONPatch", name
        [c] = [c for c in pod["spec"]["containers"] if c["name"] == container_name]
        e = env(c)
        assert e["CUDA_INJECTION64_PATH"]["value"] == "/opt/gpu-otel/libgpu_otel_injector.so"
        assert e["GPU_OTEL_EXPORTER_OTLP_ENDPOINT"]["value"] == ENDPOINT
        [library] = [v for v in pod["spec"]["volumes"] if v["name"] == "gpu-otel-injector"]
        assert volume in library
        if volume == "image":
            assert library["image"]["reference"] == IMAGE
        else:
            assert pod["spec"]["initContainers"][0]["image"] == IMAGE
        for k8s in ["1.33.0", "1.35.0"]:
            assert schema_errors(pod, k8s) == [], (name, k8s)
        for level in ["baseline", "restricted"]:
            if not violations(before["spec"], before["metadata"], level):
                assert violations(pod["spec"], pod["metadata"], level) == [], (name, level)
    # The init container on its own meets restricted, whatever the pod is.
    if volume == "emptyDir":
        init = pod["spec"]["initContainers"][0]
        assert violations({"containers": [init]}, {}, "restricted") == []


def test_a_namespace_opts_in_through_the_api_and_a_pod_opts_out(cluster):
    api, hook = cluster()
    review = fixture("pytorchjob-worker.json")
    _, pod = hook.review(review)
    assert "CUDA_INJECTION64_PATH" in env(pod["spec"]["containers"][0]), "training is annotated"
    review["request"]["object"]["metadata"]["annotations"] = {"gpu-otel.io/inject": "false"}
    response, pod = hook.review(review)
    assert "patch" not in response and pod == review["request"]["object"]
    # A namespace annotated later: the webhook's watch sees it.
    api.add("namespaces", namespace("llm", {"gpu-otel.io/inject": "true"}), "MODIFIED")
    plain = fixture("vllm-deployment.json")
    del plain["request"]["object"]["metadata"]["annotations"]
    wait_for(lambda: "patch" in hook.review(plain)[0], what="the namespace's new annotation to be seen")


def test_a_malformed_annotation_leaves_the_pod_and_records_an_event_on_its_controller(cluster):
    api, hook = cluster()
    review = fixture("vllm-deployment.json")
    review["request"]["object"]["metadata"]["annotations"]["gpu-otel.io/pc-sampling"] = "always"
    response, pod = hook.review(review)
    assert "patch" not in response and pod == review["request"]["object"]
    [warning] = response["warnings"]
    assert "gpu-otel.io/pc-sampling=\"always\" on the pod" in warning
    wait_for(lambda: api.events, what="the event")
    [event] = api.events
    assert event["type"] == "Warning" and event["reason"] == "GpuOtelInjectionRefused"
    assert event["note"] == warning
    assert event["regarding"]["kind"] == "ReplicaSet" and event["regarding"]["name"] == "mistral-7b-7d9c6b5f4"
    assert event["reportingController"] == "gpu-otel-webhook"
    assert 'gpu_otel_webhook_admissions_total{outcome="refused"} 1' in hook.metrics()


def test_a_pod_with_its_own_injection_is_left_and_a_body_that_is_no_review_refused(cluster):
    api, hook = cluster()
    response, pod = hook.review(fixture("own-injection.json") | {})
    assert "patch" not in response  # its namespace (gpu-otel) does not opt in either
    review = fixture("own-injection.json")
    review["request"]["object"]["metadata"]["annotations"] = {"gpu-otel.io/inject": "true"}
    response, pod = hook.review(review)
    assert "patch" not in response and "sets CUDA_INJECTION64_PATH itself" in response["warnings"][0]
    status, text = hook.post(b"{\"kind\": \"Pod\"}")
    assert status == 400 and "AdmissionReview" in text
    assert "gpu_otel_webhook_malformed_requests_total 1" in hook.metrics()


def test_idempotent_over_the_wire(cluster):
    api, hook = cluster()
    review = fixture("plain-job.json")
    _, once = hook.review(review)
    again = json.loads(json.dumps(review))
    again["request"]["object"] = once
    response, twice = hook.review(again)
    assert "patch" not in response and twice == once


def test_the_webhook_starts_with_exactly_what_the_charts_deployment_gives_it(tmp_path):
    """The chart's environment (variable names, the generated certificate's files) is
    what the binary reads: it starts from it alone, ready once it has listed namespaces,
    and answers over TLS with the certificate the API server is told to trust."""
    from chart import container, find, render, secret_data
    docs = render()
    deployment = find(docs, "Deployment")
    c = container(deployment, "webhook")
    tls = secret_data(find(docs, "Secret", "gpu-otel-webhook-tls"))
    [mount] = c["volumeMounts"]
    files = tmp_path / mount["mountPath"].lstrip("/")
    files.mkdir(parents=True)
    for key in ["tls.crt", "tls.key"]:
        (files / key).write_text(tls[key])
    api = KubeApi()
    api.add("namespaces", namespace("default"))
    env = {"PATH": "/usr/bin:/bin", "KUBECONFIG": str(api.kubeconfig(tmp_path / "kubeconfig")),
           # Loopback here; the pod listens on all addresses at these ports.
           "GPU_OTEL_WEBHOOK_LISTEN": "127.0.0.1:0", "GPU_OTEL_WEBHOOK_ADMIN_LISTEN": "127.0.0.1:0"}
    for e in c["env"]:
        if "value" in e:
            env[e["name"]] = e["value"].replace(mount["mountPath"], str(files))
    ports = {p["name"]: p["containerPort"] for p in c["ports"]}
    assert ports == {"https": 8443, "admin": 8081}
    proc = subprocess.Popen([str(WEBHOOK), *c["args"]], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            env=env)
    try:
        line = proc.stdout.readline()
        assert line, proc.stderr.read()
        addrs = json.loads(line)
        wait_http(f"http://{addrs['admin']}/readyz", 30)
        assert c["readinessProbe"]["httpGet"]["path"] == "/readyz"
        ca = base64.b64decode(find(docs, "MutatingWebhookConfiguration")["webhooks"][0]["clientConfig"]["caBundle"])
        ctx = ssl.create_default_context(cadata=ca.decode())
        ctx.check_hostname = False  # dialed at 127.0.0.1; the name is checked in test_chart.py
        port = int(addrs["webhook"].rsplit(":", 1)[1])
        req = urllib.request.Request(f"https://127.0.0.1:{port}/mutate", method="POST",
                                     data=(FIXTURES / "plain-job.json").read_bytes())
        with urllib.request.urlopen(req, context=ctx, timeout=10) as r:
            out = json.load(r)
        assert out["response"]["allowed"] and "patch" in out["response"]
    finally:
        proc.terminate()
        proc.wait(10)
        api.stop()
