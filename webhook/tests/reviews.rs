//! The webhook's answers to the AdmissionReviews of real workloads' pods
//! (`tests/fixtures/`): each answer applied as the API server applies it, then read as
//! the pod the kubelet would run. `tests/e2e/test_webhook.py` sends the same reviews to
//! the running webhook and validates the patched pods against the Kubernetes schemas.

use std::collections::BTreeMap;
use std::path::Path;

use base64::Engine as _;
use serde_json::{json, Value};
use webhook::inject::{Delivery, Settings};
use webhook::review::{answer, Outcome};

const ENDPOINT: &str = "https://gpu-otel-receiver.gpu-otel.svc.cluster.local:4317";

fn settings(delivery: Delivery) -> Settings {
    Settings {
        image: "ghcr.io/gpu-otel/injector:0.1.0".into(),
        delivery,
        endpoint: ENDPOINT.into(),
        ca_config_map: "gpu-otel-ingest-ca".into(),
        token_secret: "gpu-otel-ingest-token".into(),
        pc_lease_dir: None,
    }
}

fn fixture(name: &str) -> Value {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(name);
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

fn opted_in_namespace() -> BTreeMap<String, String> {
    [("gpu-otel.io/inject".to_string(), "true".to_string())].into()
}

/// What the webhook answered, and the pod after its patch.
struct Admitted {
    response: Value,
    outcome: Outcome,
    pod: Value,
    report: Option<webhook::review::Report>,
}

fn admit(review: &Value, namespace: &BTreeMap<String, String>, delivery: Delivery) -> Admitted {
    let body = serde_json::to_vec(review).unwrap();
    let a = answer(&body, |_| namespace.clone(), &settings(delivery)).expect("a review");
    let out = serde_json::to_value(&a.review).unwrap();
    let response = out["response"].clone();
    assert_eq!(
        response["uid"], review["request"]["uid"],
        "the answer names the request"
    );
    assert_eq!(response["allowed"], true, "a pod is never blocked");
    let mut pod = review["request"]["object"].clone();
    if let Some(p) = response.get("patch") {
        assert_eq!(response["patchType"], "JSONPatch");
        // `[]byte` on the wire: base64 text, or (as kube writes it) an array of bytes,
        // which the API server's decoder reads alike.
        let bytes: Vec<u8> = match p {
            Value::String(text) => base64::engine::general_purpose::STANDARD
                .decode(text)
                .unwrap(),
            other => serde_json::from_value(other.clone()).unwrap(),
        };
        let patch: json_patch::Patch = serde_json::from_slice(&bytes).unwrap();
        json_patch::patch(&mut pod, &patch).expect("the patch applies to the pod it was made for");
    }
    Admitted {
        response,
        outcome: a.outcome,
        pod,
        report: a.report,
    }
}

fn with_pod(review: &Value, pod: &Value) -> Value {
    let mut r = review.clone();
    r["request"]["object"] = pod.clone();
    r
}

fn env_of(container: &Value) -> Vec<(String, Value)> {
    container["env"]
        .as_array()
        .map(|env| {
            env.iter()
                .map(|e| (e["name"].as_str().unwrap().to_string(), e.clone()))
                .collect()
        })
        .unwrap_or_default()
}

fn env_value(container: &Value, name: &str) -> Option<String> {
    env_of(container)
        .into_iter()
        .find(|(n, _)| n == name)
        .and_then(|(_, e)| e["value"].as_str().map(str::to_string))
}

fn resource_attributes(container: &Value) -> BTreeMap<String, String> {
    env_value(container, "OTEL_RESOURCE_ATTRIBUTES")
        .unwrap_or_default()
        .split(',')
        .filter_map(|kv| kv.split_once('='))
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect()
}

/// Kubernetes expands `$(VAR)` only from variables defined earlier in the list.
fn assert_references_defined_before_use(container: &Value) {
    let mut seen = Vec::new();
    for (name, e) in env_of(container) {
        let value = e["value"].as_str().unwrap_or("");
        let mut rest = value;
        while let Some(at) = rest.find("$(") {
            let end = rest[at..].find(')').expect("a closed reference") + at;
            let var = &rest[at + 2..end];
            assert!(
                seen.contains(&var.to_string()),
                "{name} uses $({var}) before it is defined"
            );
            rest = &rest[end + 1..];
        }
        seen.push(name);
    }
}

/// Everything an injected container must have.
fn assert_injected(pod: &Value, container: &Value) {
    let env = env_of(container);
    let names: Vec<&str> = env.iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(
        env_value(container, "CUDA_INJECTION64_PATH").as_deref(),
        Some("/opt/gpu-otel/libgpu_otel_injector.so")
    );
    assert_eq!(
        env_value(container, "GPU_OTEL_EXPORTER_OTLP_ENDPOINT").as_deref(),
        Some(ENDPOINT)
    );
    assert_eq!(
        env_value(container, "GPU_OTEL_EXPORTER_OTLP_PROTOCOL").as_deref(),
        Some("grpc")
    );
    assert_eq!(
        env_value(container, "GPU_OTEL_EXPORTER_OTLP_CERTIFICATE").as_deref(),
        Some("/var/run/gpu-otel/ingest-ca/ca.crt")
    );
    let (_, headers) = env
        .iter()
        .find(|(n, _)| n == "GPU_OTEL_EXPORTER_OTLP_HEADERS")
        .unwrap();
    assert_eq!(
        headers["valueFrom"]["secretKeyRef"],
        json!({"name": "gpu-otel-ingest-token", "key": "OTEL_EXPORTER_OTLP_HEADERS", "optional": true}),
        "a namespace without the token never stops the pod"
    );
    for (var, path) in [
        ("GPU_OTEL_POD_NAME", "metadata.name"),
        ("GPU_OTEL_POD_UID", "metadata.uid"),
        ("GPU_OTEL_NAMESPACE", "metadata.namespace"),
        ("GPU_OTEL_NODE_NAME", "spec.nodeName"),
    ] {
        let (_, e) = env
            .iter()
            .find(|(n, _)| n == var)
            .unwrap_or_else(|| panic!("{var} in {names:?}"));
        assert_eq!(e["valueFrom"]["fieldRef"]["fieldPath"], path);
    }
    let attrs = resource_attributes(container);
    assert_eq!(attrs["k8s.pod.name"], "$(GPU_OTEL_POD_NAME)");
    assert_eq!(attrs["k8s.pod.uid"], "$(GPU_OTEL_POD_UID)");
    assert_eq!(attrs["k8s.namespace.name"], "$(GPU_OTEL_NAMESPACE)");
    assert_eq!(attrs["k8s.node.name"], "$(GPU_OTEL_NODE_NAME)");
    assert_eq!(
        attrs["k8s.container.name"],
        container["name"].as_str().unwrap()
    );
    assert!(
        !attrs.contains_key("service.instance.id"),
        "the injector's per-process id stays in force"
    );
    assert_references_defined_before_use(container);
    let mounts = container["volumeMounts"].as_array().unwrap();
    assert!(mounts.contains(
        &json!({"name": "gpu-otel-injector", "mountPath": "/opt/gpu-otel", "readOnly": true})
    ));
    assert!(mounts.contains(&json!({"name": "gpu-otel-ingest-ca", "mountPath": "/var/run/gpu-otel/ingest-ca", "readOnly": true})));
    let volumes = pod["spec"]["volumes"].as_array().unwrap();
    let ca = volumes
        .iter()
        .find(|v| v["name"] == "gpu-otel-ingest-ca")
        .unwrap();
    assert_eq!(
        ca["configMap"],
        json!({"name": "gpu-otel-ingest-ca", "optional": true})
    );
}

fn container<'a>(pod: &'a Value, name: &str) -> &'a Value {
    pod["spec"]["containers"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["name"] == name)
        .unwrap()
}

#[test]
fn a_vllm_deployment_gets_the_library_the_node_receiver_and_its_identity_from_one_annotation() {
    let review = fixture("vllm-deployment.json");
    let a = admit(&review, &BTreeMap::new(), Delivery::ImageVolume);
    assert_eq!(a.outcome, Outcome::Injected);
    let c = container(&a.pod, "mistral-7b");
    assert_injected(&a.pod, c);
    let attrs = resource_attributes(c);
    assert_eq!(attrs["k8s.replicaset.name"], "mistral-7b-7d9c6b5f4");
    assert_eq!(attrs["k8s.deployment.name"], "mistral-7b");
    assert_eq!(
        env_value(c, "OTEL_SERVICE_NAME").as_deref(),
        Some("mistral-7b")
    );
    // The container's own settings are all still there, first.
    let before = &review["request"]["object"]["spec"]["containers"][0];
    assert_eq!(c["env"][0], before["env"][0]);
    assert_eq!(
        c["volumeMounts"].as_array().unwrap()[..3],
        before["volumeMounts"].as_array().unwrap()[..]
    );
    // The library comes from the injector image as a volume: no init container.
    let volume = a.pod["spec"]["volumes"]
        .as_array()
        .unwrap()
        .iter()
        .find(|v| v["name"] == "gpu-otel-injector")
        .unwrap();
    assert_eq!(
        volume["image"],
        json!({"reference": "ghcr.io/gpu-otel/injector:0.1.0", "pullPolicy": "IfNotPresent"})
    );
    assert!(a.pod["spec"].get("initContainers").is_none());
    assert_eq!(
        a.pod["metadata"]["annotations"]["gpu-otel.io/injected"],
        "mistral-7b"
    );
    assert!(a.response.get("warnings").is_none());
}

#[test]
fn a_pytorchjob_worker_is_injected_when_its_namespace_opts_in_the_library_copied_first() {
    let review = fixture("pytorchjob-worker.json");
    let a = admit(&review, &opted_in_namespace(), Delivery::InitContainer);
    assert_eq!(a.outcome, Outcome::Injected);
    let c = container(&a.pod, "pytorch");
    assert_injected(&a.pod, c);
    // The operator's rendezvous variables stay as they are, in place.
    let before = &review["request"]["object"]["spec"]["containers"][0]["env"];
    assert_eq!(
        c["env"].as_array().unwrap()[..5],
        before.as_array().unwrap()[..]
    );
    // No workload attribute for a PyTorchJob (none is defined), but its name is the service.
    let attrs = resource_attributes(c);
    assert!(attrs
        .keys()
        .all(|k| !k.ends_with("job.name") && !k.ends_with("deployment.name")));
    assert_eq!(
        env_value(c, "OTEL_SERVICE_NAME").as_deref(),
        Some("pytorch-dist-mnist-nccl")
    );
    // The copier runs before the operator's own init container.
    let inits = a.pod["spec"]["initContainers"].as_array().unwrap();
    assert_eq!(inits.len(), 2);
    assert_eq!(inits[0]["name"], "gpu-otel-injector");
    assert_eq!(inits[0]["command"], json!(["/install", "/opt/gpu-otel"]));
    assert_eq!(inits[0]["image"], "ghcr.io/gpu-otel/injector:0.1.0");
    assert_eq!(inits[1]["name"], "init-pytorch");
    let volume = a.pod["spec"]["volumes"]
        .as_array()
        .unwrap()
        .iter()
        .find(|v| v["name"] == "gpu-otel-injector")
        .unwrap();
    assert_eq!(volume["emptyDir"], json!({"sizeLimit": "64Mi"}));
}

#[test]
fn a_plain_job_runs_the_tier_it_asks_for_and_names_its_job() {
    let a = admit(
        &fixture("plain-job.json"),
        &BTreeMap::new(),
        Delivery::ImageVolume,
    );
    let c = container(&a.pod, "cuda-vectoradd");
    assert_injected(&a.pod, c);
    assert_eq!(
        env_value(c, "GPU_OTEL_PC_SAMPLING").as_deref(),
        Some("serialized")
    );
    assert_eq!(resource_attributes(c)["k8s.job.name"], "cuda-vectoradd");
    assert_eq!(
        env_value(c, "OTEL_SERVICE_NAME").as_deref(),
        Some("cuda-vectoradd")
    );
    // Two serialized pods on one GPU do not share a sampler lease: the user is told.
    let warnings = a.response["warnings"].as_array().unwrap();
    assert_eq!(warnings.len(), 1, "{warnings:?}");
    let w = warnings[0].as_str().unwrap();
    assert!(
        w.contains("gpu-otel.io/pc-sampling=serialized is safe for one pod per GPU only"),
        "{w}"
    );
}

#[test]
fn a_pod_that_loads_an_injection_library_itself_is_left_as_it_is_with_a_warning() {
    let review = fixture("own-injection.json");
    let a = admit(&review, &opted_in_namespace(), Delivery::InitContainer);
    assert_eq!(a.outcome, Outcome::Left);
    assert!(a.response.get("patch").is_none());
    assert_eq!(a.pod, review["request"]["object"]);
    let warnings = a.response["warnings"].as_array().unwrap();
    assert!(
        warnings[0]
            .as_str()
            .unwrap()
            .contains("\"trainer\" sets CUDA_INJECTION64_PATH itself"),
        "{warnings:?}"
    );
}

#[test]
fn injection_is_idempotent() {
    for (name, ns) in [
        ("vllm-deployment.json", BTreeMap::new()),
        ("pytorchjob-worker.json", opted_in_namespace()),
        ("plain-job.json", BTreeMap::new()),
    ] {
        for delivery in [Delivery::ImageVolume, Delivery::InitContainer] {
            let review = fixture(name);
            let first = admit(&review, &ns, delivery);
            assert_eq!(first.outcome, Outcome::Injected, "{name}");
            let again = admit(&with_pod(&review, &first.pod), &ns, delivery);
            assert_eq!(again.outcome, Outcome::Left, "{name}, {delivery:?}");
            assert!(
                again.response.get("patch").is_none(),
                "{name}, {delivery:?}"
            );
            assert_eq!(again.pod, first.pod);
        }
    }
}

#[test]
fn the_pods_opt_out_wins_over_its_namespaces_opt_in() {
    let mut review = fixture("pytorchjob-worker.json");
    review["request"]["object"]["metadata"]["annotations"] = json!({"gpu-otel.io/inject": "false"});
    let a = admit(&review, &opted_in_namespace(), Delivery::ImageVolume);
    assert_eq!(a.outcome, Outcome::Left);
    assert!(a.response.get("patch").is_none());
    // And without any annotation, nothing happens.
    let a = admit(
        &fixture("pytorchjob-worker.json"),
        &BTreeMap::new(),
        Delivery::ImageVolume,
    );
    assert_eq!(a.outcome, Outcome::Left);
    assert!(a.response.get("warnings").is_none());
}

#[test]
fn a_malformed_annotation_leaves_the_pod_as_it_is_and_is_reported_on_its_controller() {
    let mut review = fixture("vllm-deployment.json");
    review["request"]["object"]["metadata"]["annotations"]["gpu-otel.io/inject"] = json!("yes");
    let a = admit(&review, &BTreeMap::new(), Delivery::ImageVolume);
    assert_eq!(a.outcome, Outcome::Refused);
    assert!(a.response.get("patch").is_none());
    let warning = a.response["warnings"][0].as_str().unwrap();
    assert_eq!(
        warning,
        "gpu-otel: not injected: gpu-otel.io/inject=\"yes\" on the pod: \"true\" or \"false\""
    );
    let report = a.report.expect("an event");
    assert_eq!(report.note, warning);
    assert_eq!(report.regarding.kind.as_deref(), Some("ReplicaSet"));
    assert_eq!(
        report.regarding.name.as_deref(),
        Some("mistral-7b-7d9c6b5f4")
    );
    assert_eq!(report.regarding.namespace.as_deref(), Some("llm"));
    // A dry run is answered the same, and records nothing.
    review["request"]["dryRun"] = json!(true);
    let a = admit(&review, &BTreeMap::new(), Delivery::ImageVolume);
    assert_eq!(a.outcome, Outcome::Refused);
    assert!(a.report.is_none());
}

#[test]
fn only_the_containers_that_use_a_gpu_are_injected_unless_named() {
    let mut review = fixture("vllm-deployment.json");
    let sidecar = json!({"name": "metrics-proxy", "image": "envoyproxy/envoy:v1.31.0",
                         "terminationMessagePath": "/dev/termination-log", "terminationMessagePolicy": "File",
                         "imagePullPolicy": "IfNotPresent"});
    review["request"]["object"]["spec"]["containers"]
        .as_array_mut()
        .unwrap()
        .push(sidecar.clone());
    let a = admit(&review, &BTreeMap::new(), Delivery::ImageVolume);
    assert_eq!(container(&a.pod, "metrics-proxy"), &sidecar);
    assert_eq!(
        a.pod["metadata"]["annotations"]["gpu-otel.io/injected"],
        "mistral-7b"
    );
    // Named, even a container without a GPU is injected.
    review["request"]["object"]["metadata"]["annotations"]["gpu-otel.io/containers"] =
        json!("metrics-proxy");
    let a = admit(&review, &BTreeMap::new(), Delivery::ImageVolume);
    assert_injected(&a.pod, container(&a.pod, "metrics-proxy"));
    assert!(env_value(container(&a.pod, "mistral-7b"), "CUDA_INJECTION64_PATH").is_none());
    // A name the pod does not have is refused, naming what it has.
    review["request"]["object"]["metadata"]["annotations"]["gpu-otel.io/containers"] =
        json!("trainer");
    let a = admit(&review, &BTreeMap::new(), Delivery::ImageVolume);
    assert_eq!(a.outcome, Outcome::Refused);
    let w = a.response["warnings"][0].as_str().unwrap();
    assert!(
        w.contains("\"trainer\"") && w.contains("mistral-7b, metrics-proxy"),
        "{w}"
    );
}

#[test]
fn opting_in_a_pod_without_a_gpu_container_says_so() {
    let mut review = fixture("plain-job.json");
    review["request"]["object"]["spec"]["containers"][0]["resources"] = json!({});
    let a = admit(&review, &BTreeMap::new(), Delivery::ImageVolume);
    assert_eq!(a.outcome, Outcome::Left);
    assert!(a.response["warnings"][0]
        .as_str()
        .unwrap()
        .contains("no container requests an NVIDIA GPU"));
}

#[test]
fn the_containers_own_resource_attributes_are_extended_and_its_sdk_endpoint_kept() {
    let mut review = fixture("vllm-deployment.json");
    let env = review["request"]["object"]["spec"]["containers"][0]["env"]
        .as_array_mut()
        .unwrap();
    env.insert(0, json!({"name": "OTEL_RESOURCE_ATTRIBUTES", "value": "deployment.environment=prod,k8s.container.name=server"}));
    env.push(json!({"name": "OTEL_EXPORTER_OTLP_ENDPOINT", "value": "http://otel-collector.observability:4317"}));
    env.push(json!({"name": "OTEL_SERVICE_NAME", "value": "mistral-api"}));
    let a = admit(&review, &BTreeMap::new(), Delivery::ImageVolume);
    let c = container(&a.pod, "mistral-7b");
    let attrs = resource_attributes(c);
    assert_eq!(attrs["deployment.environment"], "prod");
    assert_eq!(
        attrs["k8s.container.name"], "server",
        "what the container says wins"
    );
    assert_eq!(attrs["k8s.deployment.name"], "mistral-7b");
    assert_references_defined_before_use(c);
    assert_eq!(
        env_value(c, "OTEL_EXPORTER_OTLP_ENDPOINT").as_deref(),
        Some("http://otel-collector.observability:4317")
    );
    assert_eq!(
        env_value(c, "OTEL_SERVICE_NAME").as_deref(),
        Some("mistral-api")
    );
    assert_eq!(
        env_of(c)
            .iter()
            .filter(|(n, _)| n == "OTEL_SERVICE_NAME")
            .count(),
        1
    );
}

#[test]
fn an_update_is_not_touched() {
    let mut review = fixture("vllm-deployment.json");
    review["request"]["operation"] = json!("UPDATE");
    review["request"]["oldObject"] = review["request"]["object"].clone();
    let a = admit(&review, &BTreeMap::new(), Delivery::ImageVolume);
    assert_eq!(a.outcome, Outcome::Ignored);
    assert!(a.response.get("patch").is_none());
}
