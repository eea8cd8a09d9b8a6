"""Every span names its pod: the receiver binary with `kubernetes.pod_attributes`,
watching its node's pods through its real Kubernetes client against recorded API
answers (receiver/tests/fixtures/k8s, served by kubeapi.py over TLS with a token, as
in a cluster), fed by the Python
OpenTelemetry SDK with the resource the injector makes inside a container (its
container fixtures: a pod UID and a container id, or a name). The spans leave with the
pod's name, namespace, node, container and workload; a pod created later is named once
the watch brings it."""

import json
import time

from opentelemetry.exporter.otlp.proto.grpc.trace_exporter import OTLPSpanExporter
from opentelemetry.sdk.resources import Resource
from opentelemetry.sdk.trace import TracerProvider
from opentelemetry.sdk.trace.export import SimpleSpanProcessor

from conftest import ROOT, Receiver
from kubeapi import KubeApi, wait_for

K8S = ROOT / "receiver" / "tests" / "fixtures" / "k8s"
CONTAINERS = ROOT / "injector" / "tests" / "fixtures" / "container"


def injector_resource(case: str) -> dict:
    expected = json.loads((CONTAINERS / f"{case}.expected").read_text())
    attrs = {"service.name": case, "gpu.producer.id": case}
    for field, key in [("container_id", "container.id"), ("pod_uid", "k8s.pod.uid"),
                       ("container_name", "k8s.container.name")]:
        if expected[field]:
            attrs[key] = expected[field]
    return attrs


def send(endpoint: str, attrs: dict):
    provider = TracerProvider(resource=Resource.create(attrs))
    provider.add_span_processor(SimpleSpanProcessor(OTLPSpanExporter(endpoint=endpoint, insecure=True)))
    with provider.get_tracer("test").start_as_current_span("step"):
        pass
    provider.shutdown()


def exported(path) -> dict:
    """Resources by service.name, the last of each, from the receiver's OTLP-JSON file."""
    out = {}
    if not path.exists():
        return out
    for line in path.read_text().splitlines():
        for rs in json.loads(line).get("resourceSpans", []):
            attrs = {a["key"]: next(iter(a["value"].values())) for a in rs["resource"]["attributes"]}
            out[attrs.get("service.name")] = attrs
    return out


def test_spans_leave_naming_their_pod_from_the_nodes_pods(workdir, tmp_path):
    api = KubeApi(tls=True)
    for pod in json.loads((K8S / "pods-gpu-node-1.json").read_text())["items"]:
        api.add("pods", pod)
    # Another node's pod: never asked for (the receiver watches its own node's).
    other = json.loads((K8S / "pods-gpu-node-1.json").read_text())["items"][0]
    other["metadata"]["uid"] = "00000000-0000-4000-8000-00000000beef"
    other["spec"]["nodeName"] = "gpu-node-2"
    api.add("pods", other)
    out = tmp_path / "out.jsonl"
    config = tmp_path / "receiver.yaml"
    config.write_text(json.dumps({"export": {"file": str(out)}, "reconcile": {"delay": "200ms"},
                                  "kubernetes": {"pod_attributes": True, "node_name": "gpu-node-1"}}))
    receiver = Receiver(workdir, ["--config", str(config)],
                        env={"PATH": "/usr/bin:/bin", "KUBECONFIG": str(api.kubeconfig(tmp_path / "kubeconfig"))})
    try:
        wait_for(lambda: 'gpu_otel_receiver_pod_attribution_pods 5' in
                 "\n".join(f"{k} {v}" for k, v in receiver.metrics().items()), what="the node's five pods listed")
        assert any("fieldSelector=spec.nodeName%3Dgpu-node-1" in p or "fieldSelector=spec.nodeName=gpu-node-1" in p
                   for _, p, _ in api.requests), api.requests
        endpoint = f"http://{receiver.grpc}"
        for case in ["containerd-v2-systemd", "containerd-v2-cgroupns", "crio-v2-openshift",
                     "docker-v1-dockershim", "docker-v2-systemd"]:
            send(endpoint, injector_resource(case))
        wait_for(lambda: len(exported(out)) == 5, what="five resources exported")
        got = exported(out)
        vllm = got["containerd-v2-systemd"]
        assert vllm["k8s.pod.name"] == "mistral-7b-7d9c6b5f4-x2x8q" and vllm["k8s.namespace.name"] == "llm"
        assert vllm["k8s.node.name"] == "gpu-node-1" and vllm["k8s.container.name"] == "vllm"
        assert vllm["k8s.deployment.name"] == "mistral-7b"
        worker = got["containerd-v2-cgroupns"]
        assert worker["k8s.pod.name"] == "pytorch-dist-mnist-nccl-worker-0" and "container.id" in worker
        assert got["crio-v2-openshift"]["k8s.statefulset.name"] == "trainer"
        assert got["docker-v1-dockershim"]["k8s.cronjob.name"] == "nightly-eval"
        assert "k8s.pod.name" not in got["docker-v2-systemd"], "not created yet"
        # The pod is created: the watch brings it, and its next spans name it.
        for line in (K8S / "watch-events.jsonl").read_text().splitlines():
            event = json.loads(line)
            api.add("pods", event["object"], event["type"])
        time.sleep(0.5)
        send(endpoint, injector_resource("docker-v2-systemd"))
        # The file's last resource of that producer is the new one.
        wait_for(lambda: exported(out)["docker-v2-systemd"].get("k8s.job.name") == "finetune",
                 what="the new pod's spans naming it")
        m = receiver.metrics()
        assert m['gpu_otel_receiver_pod_attribution_resources_total{outcome="named"}'] >= 5
        assert m['gpu_otel_receiver_pod_attribution_resources_total{outcome="unknown_pod"}'] >= 1
    finally:
        receiver.stop()
        api.stop()
