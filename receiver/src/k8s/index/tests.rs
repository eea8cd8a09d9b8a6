//! The index over recorded API answers (`tests/fixtures/k8s/`: the pods of one node as
//! `GET /api/v1/pods?fieldSelector=spec.nodeName=gpu-node-1` lists them, then watch
//! events), asked with the resources the injector makes inside those pods (its
//! container fixtures: `injector/tests/fixtures/container/`).

use std::path::{Path, PathBuf};

use proptest::prelude::*;

use super::*;

const SECOND: u64 = 1_000_000_000;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).to_path_buf()
}

fn listed() -> Vec<Pod> {
    let text =
        std::fs::read_to_string(root().join("tests/fixtures/k8s/pods-gpu-node-1.json")).unwrap();
    let list: k8s_openapi::List<Pod> = serde_json::from_str(&text).unwrap();
    list.items
}

fn watched() -> Vec<(String, Pod)> {
    std::fs::read_to_string(root().join("tests/fixtures/k8s/watch-events.jsonl"))
        .unwrap()
        .lines()
        .map(|l| {
            let v: serde_json::Value = serde_json::from_str(l).unwrap();
            (
                v["type"].as_str().unwrap().to_string(),
                serde_json::from_value(v["object"].clone()).unwrap(),
            )
        })
        .collect()
}

fn index_after_list() -> PodIndex {
    let mut index = PodIndex::default();
    index.apply(PodEvent::Restart, 0);
    for pod in listed() {
        index.apply(PodEvent::Listed(pod), 0);
    }
    index.apply(PodEvent::Relisted, 0);
    index
}

/// The resource the injector makes in the container of one of its fixtures.
fn injector_resource(case: &str) -> Vec<KeyValue> {
    let path = root()
        .join("../injector/tests/fixtures/container")
        .join(format!("{case}.expected"));
    let v: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let mut attrs = vec![
        otlp::string("service.name", "python3"),
        otlp::string(a::GPU_PRODUCER_ID, "p"),
    ];
    for (field, key) in [
        ("container_id", a::CONTAINER_ID),
        ("pod_uid", a::K8S_POD_UID),
        ("container_name", a::K8S_CONTAINER_NAME),
    ] {
        if let Some(s) = v[field].as_str() {
            attrs.push(otlp::string(key, s));
        }
    }
    attrs
}

fn get<'a>(attrs: &'a [KeyValue], key: &str) -> Option<&'a str> {
    otlp::get_str(attrs, key)
}

#[test]
fn a_containerd_process_on_cgroup_v2_names_its_deployment_pod_and_container() {
    let index = index_after_list();
    let mut attrs = injector_resource("containerd-v2-systemd");
    assert_eq!(index.attribute(&mut attrs), Attribution::Named);
    assert_eq!(
        get(&attrs, a::K8S_POD_NAME),
        Some("mistral-7b-7d9c6b5f4-x2x8q")
    );
    assert_eq!(get(&attrs, a::K8S_NAMESPACE_NAME), Some("llm"));
    assert_eq!(get(&attrs, a::K8S_NODE_NAME), Some("gpu-node-1"));
    assert_eq!(get(&attrs, a::K8S_DEPLOYMENT_NAME), Some("mistral-7b"));
    assert_eq!(
        get(&attrs, a::K8S_REPLICASET_NAME),
        Some("mistral-7b-7d9c6b5f4")
    );
    assert_eq!(get(&attrs, a::K8S_CONTAINER_NAME), Some("vllm"));
}

#[test]
fn a_process_in_a_private_cgroup_namespace_gets_its_container_id_by_name() {
    let index = index_after_list();
    let mut attrs = injector_resource("containerd-v2-cgroupns");
    assert_eq!(get(&attrs, a::CONTAINER_ID), None);
    assert_eq!(index.attribute(&mut attrs), Attribution::Named);
    assert_eq!(
        get(&attrs, a::K8S_POD_NAME),
        Some("pytorch-dist-mnist-nccl-worker-0")
    );
    assert_eq!(
        get(&attrs, a::CONTAINER_ID),
        Some("2ce9b15d0d5c2f4a6f0e1d8d3b7a5c9e8f7d6c5b4a3928170f6e5d4c3b2a1908")
    );
    // A PyTorchJob has no workload attribute of its own.
    assert!(attrs.iter().all(|kv| !kv.key.ends_with("job.name")));
}

#[test]
fn cri_o_and_docker_processes_name_their_statefulset_and_cronjob() {
    let index = index_after_list();
    let mut crio = injector_resource("crio-v2-openshift");
    assert_eq!(index.attribute(&mut crio), Attribution::Named);
    assert_eq!(get(&crio, a::K8S_STATEFULSET_NAME), Some("trainer"));
    assert_eq!(get(&crio, a::K8S_POD_NAME), Some("trainer-0"));
    let mut docker = injector_resource("docker-v1-dockershim");
    assert_eq!(index.attribute(&mut docker), Attribution::Named);
    assert_eq!(get(&docker, a::K8S_JOB_NAME), Some("nightly-eval-29380110"));
    assert_eq!(get(&docker, a::K8S_CRONJOB_NAME), Some("nightly-eval"));
    // The name the injector read from its mounts stays, the index agrees.
    assert_eq!(get(&docker, a::K8S_CONTAINER_NAME), Some("torchrun"));
    assert_eq!(
        docker
            .iter()
            .filter(|kv| kv.key == a::K8S_CONTAINER_NAME)
            .count(),
        1
    );
}

#[test]
fn a_container_id_alone_finds_its_pod() {
    let index = index_after_list();
    let mut attrs = vec![otlp::string(
        a::CONTAINER_ID,
        "364324c7c99ddc03a034c24ea9afd83433c26bdc4af937bc13d45f0e27fecfd7",
    )];
    assert_eq!(index.attribute(&mut attrs), Attribution::Named);
    assert_eq!(
        get(&attrs, a::K8S_POD_UID),
        Some("a400b577-84a9-480c-aab5-2b182f512c3a")
    );
    assert_eq!(get(&attrs, a::K8S_CONTAINER_NAME), Some("trainer"));
}

#[test]
fn what_a_resource_already_says_is_never_replaced() {
    let index = index_after_list();
    let mut attrs = injector_resource("containerd-v2-systemd");
    attrs.push(otlp::string(a::K8S_POD_NAME, "as-the-webhook-said"));
    attrs.push(otlp::string(a::K8S_DEPLOYMENT_NAME, "mine"));
    index.attribute(&mut attrs);
    assert_eq!(get(&attrs, a::K8S_POD_NAME), Some("as-the-webhook-said"));
    assert_eq!(get(&attrs, a::K8S_DEPLOYMENT_NAME), Some("mine"));
    assert_eq!(
        index.attribute(&mut attrs),
        Attribution::Complete,
        "a second pass adds nothing"
    );
}

#[test]
fn a_resource_without_a_pod_or_another_nodes_pod_is_left_as_it_is() {
    let index = index_after_list();
    let mut none = vec![otlp::string("service.name", "bare-metal")];
    assert_eq!(index.attribute(&mut none), Attribution::NoIdentity);
    assert_eq!(none.len(), 1);
    let mut elsewhere = vec![otlp::string(
        a::K8S_POD_UID,
        "00000000-0000-4000-8000-000000000000",
    )];
    assert_eq!(index.attribute(&mut elsewhere), Attribution::UnknownPod);
    assert_eq!(elsewhere.len(), 1);
}

#[test]
fn the_watch_brings_new_pods_restarted_containers_and_deletions() {
    let mut index = index_after_list();
    let mut finetune = injector_resource("docker-v2-systemd");
    assert_eq!(
        index.attribute(&mut finetune.clone()),
        Attribution::UnknownPod,
        "not created yet"
    );
    let t0 = 1_000 * SECOND;
    for (kind, pod) in watched() {
        let event = match kind.as_str() {
            "ADDED" | "MODIFIED" => PodEvent::Applied(pod),
            "DELETED" => PodEvent::Deleted(pod),
            other => panic!("{other}"),
        };
        index.apply(event, t0);
    }
    assert_eq!(index.attribute(&mut finetune), Attribution::Named);
    assert_eq!(get(&finetune, a::K8S_JOB_NAME), Some("finetune"));
    assert_eq!(get(&finetune, a::K8S_CONTAINER_NAME), Some("finetune"));
    // The vLLM container restarted: its old and new ids both name it.
    for id in [
        "8ca06b6a9b1d55abc167cba5c84d730211d8e12b3d1941aadd38b88a7007e97b",
        "0e4bd4c1f1d6a1b5c3f2e8d9a7b6c5d4e3f2a1b0c9d8e7f6a5b4c3d2e1f0a9b8",
    ] {
        let mut attrs = vec![otlp::string(a::CONTAINER_ID, id)];
        assert_eq!(index.attribute(&mut attrs), Attribution::Named, "{id}");
        assert_eq!(get(&attrs, a::K8S_CONTAINER_NAME), Some("vllm"));
    }
    // The deleted pod is still named for a while, for its last spans...
    let mut nightly = injector_resource("docker-v1-dockershim");
    assert_eq!(index.attribute(&mut nightly.clone()), Attribution::Named);
    // ... then forgotten.
    index.apply(
        PodEvent::Relisted,
        t0 + KEEP_DELETED.as_nanos() as u64 + SECOND,
    );
    assert_eq!(index.attribute(&mut nightly), Attribution::UnknownPod);
}

#[test]
fn a_relist_deletes_the_pods_it_no_longer_names() {
    let mut index = index_after_list();
    assert_eq!(index.len(), 5);
    index.apply(PodEvent::Restart, 10 * SECOND);
    for pod in listed()
        .into_iter()
        .filter(|p| p.metadata.namespace.as_deref() != Some("llm"))
    {
        index.apply(PodEvent::Listed(pod), 10 * SECOND);
    }
    index.apply(PodEvent::Relisted, 10 * SECOND);
    let mut vllm = injector_resource("containerd-v2-systemd");
    assert_eq!(
        index.attribute(&mut vllm.clone()),
        Attribution::Named,
        "kept while deleted"
    );
    index.apply(PodEvent::Restart, 200 * SECOND);
    index.apply(PodEvent::Relisted, 200 * SECOND);
    assert_eq!(index.attribute(&mut vllm), Attribution::UnknownPod);
    assert_eq!(
        index.len(),
        4,
        "the others, deleted by the empty relist, are kept a while"
    );
    index.apply(PodEvent::Relisted, 400 * SECOND);
    assert!(
        index.is_empty(),
        "an empty relist deletes everything, in time"
    );
}

fn pod(uid: &str, container_id: &str) -> Pod {
    use k8s_openapi::api::core::v1::{ContainerStatus, PodStatus};
    let mut pod = Pod::default();
    pod.metadata.uid = Some(uid.to_string());
    pod.metadata.name = Some(format!("pod-{uid}"));
    pod.status = Some(PodStatus {
        container_statuses: Some(vec![ContainerStatus {
            name: "main".into(),
            container_id: Some(format!("containerd://{container_id}")),
            ..ContainerStatus::default()
        }]),
        ..PodStatus::default()
    });
    pod
}

#[test]
fn pod_churn_keeps_only_the_live_pods_and_those_deleted_within_the_keep_time() {
    // A pod created and deleted every 100 ms, for 500 s of watch events: faster than a
    // node schedules pods, and the index still holds only what it must.
    let mut index = PodIndex::default();
    let step = 100_000_000;
    let kept = (KEEP_DELETED.as_nanos() as u64 / step) as usize + 1;
    for i in 0..5_000u64 {
        let now = i * step;
        let p = pod(&format!("uid-{i}"), &format!("c-{i}"));
        index.apply(PodEvent::Applied(p.clone()), now);
        index.apply(PodEvent::Deleted(p), now);
        assert!(index.len() <= kept, "{} pods at event {i}", index.len());
        assert!(index.by_container.len() <= kept);
    }
    assert_eq!(index.len(), kept);
}

#[test]
fn a_container_restarting_forever_keeps_only_its_current_and_previous_ids() {
    let mut index = PodIndex::default();
    for i in 0..10_000u64 {
        index.apply(
            PodEvent::Applied(pod("crashloop", &format!("c-{i}"))),
            i * SECOND,
        );
        assert!(index.by_container.len() <= 2);
    }
    for id in ["c-9999", "c-9998"] {
        let mut attrs = vec![otlp::string(a::CONTAINER_ID, id)];
        assert_eq!(index.attribute(&mut attrs), Attribution::Named, "{id}");
    }
    let mut oldest = vec![otlp::string(a::CONTAINER_ID, "c-0")];
    assert_eq!(index.attribute(&mut oldest), Attribution::UnknownPod);
}

proptest! {
    /// Adding is idempotent and only ever adds.
    #[test]
    fn attribution_only_adds_and_is_idempotent(
        case in prop::sample::select(vec![
            "containerd-v1-cgroupfs", "containerd-v2-systemd", "containerd-v2-cgroupns", "crio-v2-openshift",
            "crio-v2-cgroupns", "docker-v1-dockershim", "docker-v2-systemd", "kind-cgroupns", "docker-plain",
        ]),
        drop in prop::collection::vec(any::<bool>(), 5),
    ) {
        let index = index_after_list();
        let mut attrs: Vec<KeyValue> = injector_resource(case)
            .into_iter()
            .zip(drop.iter().cycle())
            .filter(|(kv, d)| !**d || kv.key.starts_with("gpu.") || kv.key == "service.name")
            .map(|(kv, _)| kv)
            .collect();
        let before = attrs.clone();
        index.attribute(&mut attrs);
        prop_assert_eq!(&attrs[..before.len()], &before[..]);
        let once = attrs.clone();
        let second = index.attribute(&mut attrs);
        prop_assert!(matches!(second, Attribution::Complete | Attribution::UnknownPod | Attribution::NoIdentity));
        prop_assert_eq!(attrs, once);
    }
}
