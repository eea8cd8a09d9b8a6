//! Every kernel span names the GPU it ran on: a process with kernels on several GPUs of
//! an 8-GPU node (a fake driver table) exports each GPU's kernels under a resource that
//! names that GPU, with the UUID the driver gives for the ordinal, renumbering by
//! `CUDA_VISIBLE_DEVICES` included; a MIG instance is named as nvidia-smi -L names it,
//! with its parent GPU. Spans of no one GPU stay under the process's
//! resource, and the process is one producer for a receiver, whatever the GPU.

mod common;

use std::collections::{BTreeMap, BTreeSet};
use std::time::{Duration, Instant};

use gpu_otel_injector::fake::{FakeDevices, FakeKernel, FakeMigNode};
use gpu_otel_injector::resource::DeviceTable;
use gpu_otel_injector::worker::Settings;
use opentelemetry_proto::tonic::common::v1::KeyValue;
use opentelemetry_proto::tonic::resource::v1::Resource;
use semconv::attributes as a;
use semconv::otlp;

const T0: u64 = 1_764_430_000_000_000_000;
const MS: u64 = 1_000_000;

/// (resource, kernel ordinals under it, other spans under it) for every resource that
/// reached the receiver, after sending kernels on `ordinals` through a process whose
/// driver table is `table`.
fn export(
    table: impl DeviceTable + 'static,
    ordinals: &[u32],
) -> Vec<(Vec<KeyValue>, Vec<i64>, usize)> {
    let (addr, received) = common::start_receiver();
    let settings = Settings {
        devices: Some(Box::new(table)),
        ..common::settings(64 << 20)
    };
    let (queue, _stats) = common::otlp_pipeline_with(addr, settings);
    let batch = ordinals
        .iter()
        .enumerate()
        .map(|(i, &d)| {
            let start = T0 + i as u64 * MS;
            FakeKernel::new("_Z4spinPfi", start, start + MS / 2)
                .correlation(i as u32 + 1)
                .device(d)
                .record()
        })
        .collect();
    assert!(queue.offer(batch));
    assert!(queue.shutdown(Instant::now() + Duration::from_secs(10)));
    let deadline = Instant::now() + Duration::from_secs(20);
    let kernels = || {
        received
            .spans()
            .iter()
            .filter(|s| otlp::find(&s.attributes, a::GPU_KERNEL_NAME).is_some())
            .count()
    };
    while kernels() < ordinals.len() && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(20));
    }
    let mut by_resource: BTreeMap<String, (Vec<KeyValue>, Vec<i64>, usize)> = BTreeMap::new();
    for rs in received
        .requests()
        .into_iter()
        .flat_map(|r| r.resource_spans)
    {
        let mut attrs = rs
            .resource
            .map(|r: Resource| r.attributes)
            .unwrap_or_default();
        attrs.sort_by(|x, y| x.key.cmp(&y.key));
        let entry = by_resource
            .entry(format!("{attrs:?}"))
            .or_insert_with(|| (attrs, Vec::new(), 0));
        for span in rs.scope_spans.into_iter().flat_map(|ss| ss.spans) {
            match otlp::get_int(&span.attributes, a::GPU_DEVICE_ID) {
                Some(d) if otlp::find(&span.attributes, a::GPU_KERNEL_NAME).is_some() => {
                    entry.1.push(d)
                }
                _ => entry.2 += 1,
            }
        }
    }
    by_resource.into_values().collect()
}

fn get(attrs: &[KeyValue], key: &str) -> Option<String> {
    otlp::get_str(attrs, key)
        .map(String::from)
        .or_else(|| otlp::get_int(attrs, key).map(|i| i.to_string()))
}

#[test]
fn each_gpus_kernels_go_out_under_a_resource_that_names_that_gpu() {
    let ordinals = [0, 3, 7, 3, 0, 7, 7, 0, 3];
    let resources = export(FakeDevices::node(), &ordinals);
    let mut seen = BTreeSet::new();
    for (attrs, kernels, others) in &resources {
        match get(attrs, a::GPU_DEVICE_ID) {
            Some(ordinal) => {
                let ordinal: u32 = ordinal.parse().unwrap();
                assert!(kernels.iter().all(|d| *d == i64::from(ordinal)));
                assert_eq!(*others, 0, "only kernel spans name a GPU");
                let uuid = FakeDevices::uuid(ordinal as usize);
                assert_eq!(get(attrs, a::HW_ID), Some(uuid.clone()));
                assert_eq!(get(attrs, a::GPU_DEVICE_UUID), Some(uuid));
                assert_eq!(get(attrs, a::HW_MODEL).as_deref(), Some("NVIDIA H200"));
                assert_eq!(get(attrs, a::HW_VENDOR).as_deref(), Some("NVIDIA"));
                assert_eq!(get(attrs, a::HW_TYPE).as_deref(), Some("gpu"));
                seen.insert(ordinal);
            }
            None => {
                assert!(kernels.is_empty(), "no kernel without its GPU");
                assert!(*others > 0, "the trace roots");
                assert_eq!(get(attrs, a::HW_ID), None);
            }
        }
    }
    assert_eq!(seen, BTreeSet::from([0, 3, 7]));
    let exported: usize = resources.iter().map(|(_, k, _)| k.len()).sum();
    assert_eq!(exported, ordinals.len(), "every kernel, once");
    // One producer: the resources differ only in what describes the GPU.
    let identity = |attrs: &[KeyValue]| {
        attrs
            .iter()
            .filter(|kv| !semconv::attributes::ENTITY_GPU_DEVICE.contains(&kv.key.as_str()))
            .cloned()
            .collect::<Vec<_>>()
    };
    let first = identity(&resources[0].0);
    assert!(resources.iter().all(|(r, _, _)| identity(r) == first));
}

#[test]
fn an_ordinal_renumbered_by_cuda_visible_devices_names_the_physical_gpu() {
    // CUDA_VISIBLE_DEVICES=5,2: ordinal 0 is physical GPU 5, ordinal 1 physical GPU 2.
    let resources = export(FakeDevices::visible("5,2"), &[0, 1, 0]);
    let named: BTreeMap<String, String> = resources
        .iter()
        .filter_map(|(attrs, _, _)| Some((get(attrs, a::GPU_DEVICE_ID)?, get(attrs, a::HW_ID)?)))
        .collect();
    assert_eq!(
        named,
        BTreeMap::from([
            ("0".to_string(), FakeDevices::uuid(5)),
            ("1".to_string(), FakeDevices::uuid(2)),
        ])
    );
}

#[test]
fn a_gpu_the_driver_cannot_name_keeps_its_ordinal_and_takes_no_other_identity() {
    // Ordinal 1 with only physical GPU 4 visible: the driver names no GPU for it.
    let mut table = FakeDevices::visible("4");
    assert!(table.describe(1).is_none());
    let resources = export(table, &[0, 1]);
    for (attrs, kernels, _) in resources.iter().filter(|(_, k, _)| !k.is_empty()) {
        match kernels[0] {
            0 => assert_eq!(get(attrs, a::HW_ID), Some(FakeDevices::uuid(4))),
            1 => {
                assert_eq!(get(attrs, a::GPU_DEVICE_ID).as_deref(), Some("1"));
                assert_eq!(get(attrs, a::HW_ID), None);
                assert_eq!(get(attrs, a::HW_MODEL), None);
            }
            other => panic!("unexpected ordinal {other}"),
        }
    }
}

#[test]
fn a_mig_instance_is_named_by_its_mig_uuid_with_its_parent_gpu_and_place() {
    // A process given two MIG instances of one H200 (CUDA_VISIBLE_DEVICES=MIG-…,MIG-…).
    let table = FakeMigNode {
        visible: vec![2, 0],
        nvml: true,
        visible_devices: Some(format!("{},{}", FakeMigNode::uuid(2), FakeMigNode::uuid(0))),
    };
    let resources = export(table, &[0, 1, 1]);
    let mut seen = BTreeSet::new();
    for (attrs, kernels, _) in resources.iter().filter(|(_, k, _)| !k.is_empty()) {
        let instance = [2, 0][kernels[0] as usize];
        assert_eq!(get(attrs, a::HW_ID), Some(FakeMigNode::uuid(instance)));
        assert_eq!(
            get(attrs, a::GPU_DEVICE_UUID),
            Some(FakeMigNode::uuid(instance))
        );
        assert_eq!(
            get(attrs, a::HW_PARENT).as_deref(),
            Some(FakeMigNode::PARENT)
        );
        let (_, gi, ci, profile) = FakeMigNode::INSTANCES[instance];
        assert_eq!(get(attrs, a::GPU_MIG_GPU_INSTANCE_ID), Some(gi.to_string()));
        assert_eq!(
            get(attrs, a::GPU_MIG_COMPUTE_INSTANCE_ID),
            Some(ci.to_string())
        );
        assert_eq!(get(attrs, a::GPU_MIG_PROFILE).as_deref(), Some(profile));
        seen.insert(instance);
    }
    assert_eq!(seen, BTreeSet::from([0, 2]));
}

#[test]
fn without_nvml_a_mig_instance_still_reads_mig_where_cuda_visible_devices_says_so() {
    let table = FakeMigNode {
        visible: vec![1],
        nvml: false,
        visible_devices: Some(FakeMigNode::uuid(1)),
    };
    let resources = export(table, &[0]);
    let (attrs, _, _) = resources.iter().find(|(_, k, _)| !k.is_empty()).unwrap();
    assert_eq!(get(attrs, a::HW_ID), Some(FakeMigNode::uuid(1)));
    assert_eq!(get(attrs, a::HW_PARENT), None, "no parent without NVML");
}
