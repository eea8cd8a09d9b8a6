//! The decision's universal rules, over generated pods: the patch always applies, touches
//! only the containers it names, defines every `$(VAR)` before its use, and a second
//! admission of the patched pod changes nothing.

use proptest::prelude::*;
use serde_json::{json, Value};

use super::*;

fn settings(delivery: Delivery) -> Settings {
    Settings {
        image: "registry.local/gpu-otel/injector:0.1.0".into(),
        delivery,
        endpoint: "https://gpu-otel-receiver.gpu-otel.svc.cluster.local:4317".into(),
        ca_config_map: "gpu-otel-ingest-ca".into(),
        token_secret: "gpu-otel-ingest-token".into(),
        pc_lease_dir: None,
    }
}

#[derive(Debug, Clone)]
struct GenContainer {
    gpu: bool,
    own_injection: bool,
    /// 0: no env list, 1: empty list, 2: a plain variable, 3: a literal
    /// OTEL_RESOURCE_ATTRIBUTES, 4: one from a reference.
    env: u8,
    service_name: bool,
    mounts: bool,
}

fn gen_container() -> impl Strategy<Value = GenContainer> {
    (
        any::<bool>(),
        prop::bool::weighted(0.15),
        0u8..5,
        any::<bool>(),
        any::<bool>(),
    )
        .prop_map(
            |(gpu, own_injection, env, service_name, mounts)| GenContainer {
                gpu,
                own_injection,
                env,
                service_name,
                mounts,
            },
        )
}

fn container_json(i: usize, g: &GenContainer) -> Value {
    let mut c = json!({"name": format!("c{i}"), "image": "busybox"});
    if g.gpu {
        c["resources"] = json!({"limits": {"nvidia.com/gpu": "1"}});
    }
    let mut env: Vec<Value> = match g.env {
        0 => Vec::new(),
        1 => vec![],
        2 => vec![json!({"name": "A", "value": "1"})],
        3 => vec![
            json!({"name": "A", "value": "1"}),
            json!({"name": "OTEL_RESOURCE_ATTRIBUTES", "value": "team=ml,k8s.container.name=x"}),
            json!({"name": "B", "value": "$(A)"}),
        ],
        _ => vec![
            json!({"name": "OTEL_RESOURCE_ATTRIBUTES", "valueFrom": {"configMapKeyRef": {"name": "m", "key": "k"}}}),
        ],
    };
    if g.own_injection {
        env.push(json!({"name": "CUDA_INJECTION64_PATH", "value": "/x.so"}));
    }
    if g.service_name {
        env.push(json!({"name": "OTEL_SERVICE_NAME", "value": "mine"}));
    }
    if g.env != 0 || g.own_injection || g.service_name {
        c["env"] = Value::Array(env);
    }
    if g.mounts {
        c["volumeMounts"] = json!([{"name": "data", "mountPath": "/data"}]);
    }
    c
}

fn pod_strategy() -> impl Strategy<Value = (Value, Vec<GenContainer>)> {
    (
        prop::collection::vec(gen_container(), 1..4),
        any::<bool>(),
        any::<bool>(),
        any::<bool>(),
        prop::sample::select(vec!["ReplicaSet", "Job", "StatefulSet", "PyTorchJob", ""]),
    )
        .prop_map(|(containers, volumes, inits, annotations, owner)| {
            let mut pod = json!({"apiVersion": "v1", "kind": "Pod", "metadata": {"generateName": "p-"},
                                 "spec": {"containers": containers.iter().enumerate()
                                     .map(|(i, c)| container_json(i, c)).collect::<Vec<_>>()}});
            if volumes {
                pod["spec"]["volumes"] = json!([{"name": "data", "emptyDir": {}}]);
            }
            if inits {
                pod["spec"]["initContainers"] = json!([{"name": "setup", "image": "busybox"}]);
            }
            if annotations {
                pod["metadata"]["annotations"] = json!({"team": "ml"});
            }
            if !owner.is_empty() {
                pod["metadata"]["ownerReferences"] = json!([{"apiVersion": "v1", "kind": owner,
                    "name": "w-5d8f9c7b6a", "uid": "u", "controller": true}]);
            }
            (pod, containers)
        })
}

fn opted_in() -> BTreeMap<String, String> {
    [(annotations::INJECT.to_string(), "true".to_string())].into()
}

fn env_names(c: &Value) -> Vec<String> {
    c["env"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|e| e["name"].as_str().unwrap().to_string())
        .collect()
}

fn references_defined_before_use(c: &Value) -> bool {
    let mut seen: Vec<String> = Vec::new();
    for e in c["env"].as_array().into_iter().flatten() {
        let value = e["value"].as_str().unwrap_or("");
        for part in value.split("$(").skip(1) {
            let var = part.split(')').next().unwrap();
            if !seen.iter().any(|s| s == var) {
                return false;
            }
        }
        seen.push(e["name"].as_str().unwrap().to_string());
    }
    true
}

proptest! {
    #[test]
    fn the_patch_applies_touches_only_its_containers_and_is_idempotent(
        (pod_json, containers) in pod_strategy(),
        image_volume in any::<bool>(),
    ) {
        let delivery = if image_volume { Delivery::ImageVolume } else { Delivery::InitContainer };
        let s = settings(delivery);
        let pod: Pod = serde_json::from_value(pod_json.clone()).unwrap();
        let expected: Vec<usize> = (0..containers.len())
            .filter(|&i| containers[i].gpu && !containers[i].own_injection)
            .collect();
        match decide(&pod, &opted_in(), &s) {
            Decision::Inject { patch, containers: injected, .. } => {
                prop_assert!(!expected.is_empty());
                let names: Vec<String> = expected.iter().map(|i| format!("c{i}")).collect();
                prop_assert_eq!(&injected, &names);
                let mut patched = pod_json.clone();
                json_patch::patch(&mut patched, &patch).expect("applies");
                let typed: Pod = serde_json::from_value(patched.clone()).expect("still a pod");
                for (i, c) in patched["spec"]["containers"].as_array().unwrap().iter().enumerate() {
                    if expected.contains(&i) {
                        let names = env_names(c);
                        prop_assert!(names.contains(&CUDA_INJECTION64_PATH.to_string()));
                        prop_assert_eq!(names.iter().filter(|n| *n == "OTEL_SERVICE_NAME").count(), 1);
                        prop_assert!(references_defined_before_use(c), "{:?}", c["env"]);
                        // What the container had is all still there.
                        for e in pod_json["spec"]["containers"][i]["env"].as_array().into_iter().flatten() {
                            if e["name"] != "OTEL_RESOURCE_ATTRIBUTES" {
                                prop_assert!(c["env"].as_array().unwrap().contains(e));
                            }
                        }
                    } else {
                        prop_assert_eq!(c, &pod_json["spec"]["containers"][i]);
                    }
                }
                let inits = patched["spec"]["initContainers"].as_array().map(Vec::len).unwrap_or(0);
                let had = pod_json["spec"]["initContainers"].as_array().map(Vec::len).unwrap_or(0);
                prop_assert_eq!(inits, had + usize::from(delivery == Delivery::InitContainer));
                let again = decide(&typed, &opted_in(), &s);
                prop_assert_eq!(again, Decision::Leave { why: Leave::AlreadyInjected, warnings: vec![] });
            }
            Decision::Leave { why, .. } => {
                prop_assert!(expected.is_empty());
                let any_gpu = containers.iter().any(|c| c.gpu);
                prop_assert_eq!(why, if any_gpu { Leave::OwnInjection } else { Leave::NoGpuContainer });
            }
            Decision::Refuse(r) => prop_assert!(false, "refused: {r}"),
        }
    }

    #[test]
    fn a_pod_not_asked_for_is_never_touched((pod_json, _) in pod_strategy()) {
        let pod: Pod = serde_json::from_value(pod_json).unwrap();
        let none = BTreeMap::new();
        prop_assert_eq!(
            decide(&pod, &none, &settings(Delivery::ImageVolume)),
            Decision::Leave { why: Leave::NotAsked, warnings: vec![] }
        );
    }
}

#[test]
fn a_pod_on_the_hosts_network_without_cluster_dns_is_warned() {
    let pod: Pod = serde_json::from_value(json!({
        "metadata": {"annotations": {"gpu-otel.io/inject": "true"}},
        "spec": {"hostNetwork": true, "containers": [
            {"name": "a", "resources": {"limits": {"nvidia.com/gpu": "1"}}}]}
    }))
    .unwrap();
    let Decision::Inject { warnings, .. } =
        decide(&pod, &BTreeMap::new(), &settings(Delivery::ImageVolume))
    else {
        panic!("injected all the same");
    };
    assert!(
        warnings[0].contains("ClusterFirstWithHostNet"),
        "{warnings:?}"
    );
}

fn serialized_pod(own_lease_dir: bool, volumes: bool) -> Value {
    let mut env = vec![];
    if own_lease_dir {
        env.push(json!({"name": PC_LEASE_DIR_ENV, "value": "/mine"}));
    }
    let mut pod = json!({
        "metadata": {"annotations": {"gpu-otel.io/inject": "true", "gpu-otel.io/pc-sampling": "serialized"}},
        "spec": {"containers": [
            {"name": "a", "env": env, "resources": {"limits": {"nvidia.com/gpu": "1"}}},
            {"name": "b", "resources": {"limits": {"nvidia.com/gpu": "1"}}}]}
    });
    if volumes {
        pod["spec"]["volumes"] = json!([{"name": "data", "emptyDir": {}}]);
    }
    pod
}

fn patched(pod: &Value, s: &Settings) -> (Value, Vec<String>) {
    let typed: Pod = serde_json::from_value(pod.clone()).unwrap();
    let Decision::Inject {
        patch, warnings, ..
    } = decide(&typed, &BTreeMap::new(), s)
    else {
        panic!("injected");
    };
    let mut out = pod.clone();
    json_patch::patch(&mut out, &patch).expect("applies");
    (out, warnings)
}

#[test]
fn a_serialized_pod_shares_the_nodes_lease_directory_at_the_same_path_when_one_is_configured() {
    let mut s = settings(Delivery::ImageVolume);
    s.pc_lease_dir = Some("/var/run/gpu-otel/pc-lease".into());
    for volumes in [false, true] {
        let (pod, warnings) = patched(&serialized_pod(true, volumes), &s);
        assert!(warnings.is_empty(), "no loss to warn of: {warnings:?}");
        let lease: Vec<&Value> = pod["spec"]["volumes"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|v| v["name"] == PC_LEASE_VOLUME)
            .collect();
        assert_eq!(lease.len(), 1);
        assert_eq!(
            lease[0]["hostPath"],
            json!({"path": "/var/run/gpu-otel/pc-lease", "type": "DirectoryOrCreate"})
        );
        for c in pod["spec"]["containers"].as_array().unwrap() {
            assert!(c["volumeMounts"].as_array().unwrap().contains(
                &json!({"name": PC_LEASE_VOLUME, "mountPath": "/var/run/gpu-otel/pc-lease"})
            ));
            let dirs: Vec<&Value> = c["env"]
                .as_array()
                .unwrap()
                .iter()
                .filter(|e| e["name"] == PC_LEASE_DIR_ENV)
                .collect();
            assert_eq!(
                dirs.len(),
                1,
                "the container's own setting is kept: {dirs:?}"
            );
        }
        assert_eq!(
            pod["spec"]["containers"][0]["env"][0]["value"], "/mine",
            "a container that names its own directory keeps it"
        );
        let b = &pod["spec"]["containers"][1]["env"];
        assert!(b
            .as_array()
            .unwrap()
            .contains(&json!({"name": PC_LEASE_DIR_ENV, "value": "/var/run/gpu-otel/pc-lease"})));
    }
}

#[test]
fn without_a_lease_directory_a_serialized_pod_is_warned_and_gets_no_host_path() {
    let (pod, warnings) = patched(
        &serialized_pod(false, false),
        &settings(Delivery::ImageVolume),
    );
    assert!(
        warnings[0].contains("webhook.pcLeaseHostPath"),
        "{warnings:?}"
    );
    assert!(!pod.to_string().contains(PC_LEASE_VOLUME));
    assert!(!pod.to_string().contains(PC_LEASE_DIR_ENV));
}

#[test]
fn only_the_serialized_tier_gets_the_lease_directory() {
    let mut s = settings(Delivery::InitContainer);
    s.pc_lease_dir = Some("/var/run/gpu-otel/pc-lease".into());
    for tier in [None, Some("continuous"), Some("off")] {
        let mut pod = serialized_pod(false, false);
        match tier {
            Some(t) => pod["metadata"]["annotations"]["gpu-otel.io/pc-sampling"] = json!(t),
            None => {
                pod["metadata"]["annotations"]
                    .as_object_mut()
                    .unwrap()
                    .remove("gpu-otel.io/pc-sampling");
            }
        }
        let (pod, _) = patched(&pod, &s);
        assert!(!pod.to_string().contains(PC_LEASE_VOLUME), "{tier:?}");
    }
}
