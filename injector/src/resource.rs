//! The OTLP resources of the process: who produced the spans, and on which GPU.
//!
//! Precedence, lowest first: the injector's defaults (service.name = executable
//! name, process and host attributes, a random service.instance.id, and the container
//! and pod its cgroup and mounts name: [`crate::container`]), then
//! `OTEL_RESOURCE_ATTRIBUTES`, then `OTEL_SERVICE_NAME`. `gpu.pc_sampling.tier` is
//! the producer's declared configuration and `gpu.producer.id` the process's own random
//! id; both are always the injector's own values. Trace and span ids derive from
//! `gpu.producer.id`, never from `service.instance.id`, which a user or the
//! OpenTelemetry Operator may give every process of a container.
//!
//! Kernel spans go out under the process's resource plus the GPU they ran on
//! ([`device_attributes`], looked up per CUDA ordinal in a [`DeviceTable`]); every other
//! span under the process's resource alone.

use opentelemetry_proto::tonic::common::v1::KeyValue;
use semconv::attributes as a;
use semconv::otlp::{int, string};
use semconv::Tier;

use crate::container::ContainerIdentity;
use crate::model::IdSeed;

/// What the resource is built from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProcessInfo {
    /// Process id.
    pub pid: u32,
    /// Executable file name (no directories).
    pub executable_name: String,
    /// Host name.
    pub host_name: Option<String>,
    /// A random id for this process (UUID v4, as a string): `gpu.producer.id`, the
    /// seed of its ids, and its `service.instance.id` unless the user sets one.
    pub instance_id: String,
    /// The container and Kubernetes pod it runs in, as far as its files tell.
    pub container: ContainerIdentity,
}

/// One GPU (or MIG instance) as the driver names it.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Device {
    /// Product name (`cuDeviceGetName`).
    pub name: String,
    /// UUID as nvidia-smi prints it (`GPU-…`, or `MIG-…` for a MIG instance), when the
    /// driver gives one.
    pub uuid: Option<String>,
    /// What makes it a MIG instance, when it is one.
    pub mig: Option<MigInstance>,
}

/// A MIG instance: the physical GPU it is carved from and its place in it, as NVML
/// gives them (each part `None` where NVML could not say).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct MigInstance {
    /// The parent GPU's UUID (`GPU-…`).
    pub parent_uuid: Option<String>,
    /// GPU instance id (nvidia-smi's GI ID).
    pub gpu_instance: Option<u32>,
    /// Compute instance id (nvidia-smi's CI ID).
    pub compute_instance: Option<u32>,
    /// NVML's name of the instance, which carries its profile.
    pub profile: Option<String>,
}

/// What NVML says of a UUID the CUDA driver gave (the 8-4-4-4-12 hex form, no prefix).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum UuidKind {
    /// NVML knows it as a GPU (`GPU-…`).
    Gpu,
    /// NVML knows it as a MIG instance (`MIG-…`).
    Mig(MigInstance),
    /// NVML could not be asked or did not know it.
    Unknown,
}

/// The UUID nvidia-smi prints for a device the driver gave as `hex` (CUDA does not say
/// whether a device is a MIG instance; `cuDeviceGetUuid` gives a MIG instance's own
/// UUID), from what NVML says of it. Without NVML's answer, `CUDA_VISIBLE_DEVICES` naming
/// MIG instances (`MIG-…` entries) is the hint; otherwise a GPU.
pub fn device_uuid(
    hex: &str,
    nvml: UuidKind,
    visible_devices: Option<&str>,
) -> (String, Option<MigInstance>) {
    match nvml {
        UuidKind::Gpu => (format!("GPU-{hex}"), None),
        UuidKind::Mig(m) => (format!("MIG-{hex}"), Some(m)),
        UuidKind::Unknown => {
            let mig_visible = visible_devices.is_some_and(|v| {
                v.split(',')
                    .any(|e| e.trim().to_ascii_uppercase().starts_with("MIG-"))
            });
            if mig_visible {
                (format!("MIG-{hex}"), Some(MigInstance::default()))
            } else {
                (format!("GPU-{hex}"), None)
            }
        }
    }
}

/// Names the GPU behind a CUDA device ordinal, as the process sees ordinals (after
/// `CUDA_VISIBLE_DEVICES`): the driver inside a CUDA program, a fixed table in tests.
pub trait DeviceTable: Send + std::fmt::Debug {
    /// The GPU of `ordinal`, `None` when the driver cannot say.
    fn describe(&mut self, ordinal: u32) -> Option<Device>;
}

impl ProcessInfo {
    /// The current process. Reads `/proc` (no calls into libc, no blocking beyond
    /// four small files); anything it cannot read is left out.
    pub fn current() -> Self {
        let executable_name = std::env::current_exe()
            .ok()
            .and_then(|p| p.file_name().map(|n| n.to_string_lossy().into_owned()))
            .unwrap_or_else(|| "unknown".to_string());
        let host_name = std::fs::read_to_string("/proc/sys/kernel/hostname")
            .ok()
            .map(|s| s.trim().to_string())
            .filter(|s| !s.is_empty());
        ProcessInfo {
            pid: std::process::id(),
            executable_name,
            host_name,
            instance_id: uuid::Uuid::new_v4().to_string(),
            container: ContainerIdentity::read(
                &std::fs::read_to_string("/proc/self/cgroup").unwrap_or_default(),
                &std::fs::read_to_string("/proc/self/mountinfo").unwrap_or_default(),
            ),
        }
    }
}

/// Parses `OTEL_RESOURCE_ATTRIBUTES` (`key1=value1,key2=value2`, values
/// percent-encoded). Entries without `=` or with an empty key are skipped.
pub fn parse_resource_attributes(s: &str) -> Vec<(String, String)> {
    otlp_client::pairs::parse(s)
        .pairs
        .into_iter()
        .map(|(_, k, v)| (k, v))
        .collect()
}

use semconv::otlp::set;

/// The resource attributes, in precedence order (see the module doc).
pub fn resource_attributes(
    process: &ProcessInfo,
    service_name: Option<&str>,
    resource_env: Option<&str>,
    tier: Tier,
) -> Vec<KeyValue> {
    resource_and_seed(process, service_name, resource_env, tier).0
}

/// The process's resource attributes (see the module doc) and the seed of its trace and
/// span ids: the one place both are made, for the injector inside a CUDA program and
/// for every producer fed from outside CUPTI, so their ids are unique per process
/// whatever `service.instance.id` says.
pub fn resource_and_seed(
    process: &ProcessInfo,
    service_name: Option<&str>,
    resource_env: Option<&str>,
    tier: Tier,
) -> (Vec<KeyValue>, IdSeed) {
    let mut attrs = vec![
        string("service.name", process.executable_name.clone()),
        string("service.instance.id", process.instance_id.clone()),
        int("process.pid", i64::from(process.pid)),
        string("process.executable.name", process.executable_name.clone()),
        string("telemetry.sdk.name", "gpu-otel-injector"),
        string("telemetry.sdk.language", "rust"),
        string("telemetry.sdk.version", env!("CARGO_PKG_VERSION")),
    ];
    if let Some(h) = &process.host_name {
        attrs.push(string("host.name", h.clone()));
    }
    attrs.extend(process.container.attributes());
    for (k, v) in parse_resource_attributes(resource_env.unwrap_or("")) {
        set(&mut attrs, string(&k, v));
    }
    if let Some(name) = service_name {
        set(&mut attrs, string("service.name", name));
    }
    set(
        &mut attrs,
        string(a::GPU_PRODUCER_ID, process.instance_id.clone()),
    );
    set(&mut attrs, string(a::GPU_PC_SAMPLING_TIER, tier.as_str()));
    (attrs, IdSeed::from_instance_id(&process.instance_id))
}

/// Resource attributes that make a refused `GPU_OTEL_PC_SAMPLING` visible where the
/// tier is: the raw value and a refusal count (1), or a count of 0.
pub fn pc_refusal_attributes(requested: Option<&str>) -> Vec<KeyValue> {
    match requested {
        Some(raw) => vec![
            string(a::GPU_PC_SAMPLING_TIER_REQUESTED, raw),
            int(a::GPU_PC_SAMPLING_TIER_REFUSALS, 1),
        ],
        None => vec![int(a::GPU_PC_SAMPLING_TIER_REFUSALS, 0)],
    }
}

/// The resource attribute that says when PC sampling is enabled on a context; none with
/// the tier off.
pub fn pc_enable_attributes(tier: Tier, enable: &str) -> Vec<KeyValue> {
    if tier == Tier::Off {
        return Vec::new();
    }
    vec![string(a::GPU_PC_SAMPLING_ENABLE, enable)]
}

/// What describes the GPU of CUDA ordinal `ordinal` on the resource of its kernel
/// spans: ours (`gpu.device.*`) and OpenTelemetry's hardware conventions (`hw.*`), so
/// traces join `hw.gpu.*` and DCGM metrics, which name a GPU by the same UUID. When the
/// driver could not name the GPU, only the ordinal and what is certain (an NVIDIA GPU):
/// never another GPU's identity.
pub fn device_attributes(ordinal: u32, device: Option<&Device>) -> Vec<KeyValue> {
    let mut attrs = vec![
        int(a::GPU_DEVICE_ID, i64::from(ordinal)),
        string(a::HW_TYPE, "gpu"),
        string(a::HW_VENDOR, "NVIDIA"),
    ];
    if let Some(d) = device {
        attrs.push(string(a::GPU_DEVICE_NAME, d.name.clone()));
        attrs.push(string(a::HW_MODEL, d.name.clone()));
        if let Some(uuid) = &d.uuid {
            attrs.push(string(a::GPU_DEVICE_UUID, uuid.clone()));
            attrs.push(string(a::HW_ID, uuid.clone()));
        }
        if let Some(m) = &d.mig {
            if let Some(parent) = &m.parent_uuid {
                attrs.push(string(a::HW_PARENT, parent.clone()));
            }
            if let Some(gi) = m.gpu_instance {
                attrs.push(int(a::GPU_MIG_GPU_INSTANCE_ID, i64::from(gi)));
            }
            if let Some(ci) = m.compute_instance {
                attrs.push(int(a::GPU_MIG_COMPUTE_INSTANCE_ID, i64::from(ci)));
            }
            if let Some(p) = &m.profile {
                attrs.push(string(a::GPU_MIG_PROFILE, p.clone()));
            }
        }
    }
    attrs
}

/// The service.instance.id in force (a user may override it).
pub fn instance_id(attrs: &[KeyValue]) -> Option<String> {
    attrs
        .iter()
        .find(|kv| kv.key == "service.instance.id")
        .and_then(|kv| kv.value.as_ref())
        .map(value_text)
}

/// An attribute value as text (strings as they are, ints in decimal).
fn value_text(v: &opentelemetry_proto::tonic::common::v1::AnyValue) -> String {
    use opentelemetry_proto::tonic::common::v1::any_value::Value;
    match &v.value {
        Some(Value::StringValue(s)) => s.clone(),
        Some(Value::IntValue(i)) => i.to_string(),
        Some(Value::BoolValue(b)) => b.to_string(),
        Some(Value::DoubleValue(d)) => d.to_string(),
        _ => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn process() -> ProcessInfo {
        ProcessInfo {
            pid: 4711,
            executable_name: "train".into(),
            host_name: Some("gpu-host".into()),
            instance_id: "00000000-0000-4000-8000-000000000001".into(),
            container: ContainerIdentity::default(),
        }
    }

    fn get(attrs: &[KeyValue], key: &str) -> String {
        attrs
            .iter()
            .find(|kv| kv.key == key)
            .and_then(|kv| kv.value.as_ref())
            .map(value_text)
            .unwrap_or_default()
    }

    #[test]
    fn defaults_name_the_service_after_the_executable() {
        let attrs = resource_attributes(&process(), None, None, Tier::Off);
        assert_eq!(get(&attrs, "service.name"), "train");
        assert_eq!(get(&attrs, "process.pid"), "4711");
        assert_eq!(get(&attrs, "host.name"), "gpu-host");
        assert_eq!(get(&attrs, a::GPU_PC_SAMPLING_TIER), "off");
    }

    #[test]
    fn the_enable_mode_is_on_the_resource_whenever_pc_sampling_is_on_and_never_with_it_off() {
        assert!(pc_enable_attributes(Tier::Off, "lease").is_empty());
        for tier in [Tier::Serialized, Tier::Continuous] {
            let attrs = pc_enable_attributes(tier, "lease");
            assert_eq!(get(&attrs, a::GPU_PC_SAMPLING_ENABLE), "lease");
        }
    }

    #[test]
    fn the_environment_overrides_in_order_but_never_the_tier() {
        let attrs = resource_attributes(
            &process(),
            Some("svc"),
            Some("service.name=ignored, deployment.environment=prod%2Ceu,gpu.pc_sampling.tier=serialized,broken"),
            Tier::Off,
        );
        assert_eq!(get(&attrs, "service.name"), "svc");
        assert_eq!(get(&attrs, "deployment.environment"), "prod,eu");
        assert_eq!(get(&attrs, a::GPU_PC_SAMPLING_TIER), "off");
        let n = attrs
            .iter()
            .filter(|kv| kv.key == a::GPU_PC_SAMPLING_TIER)
            .count();
        assert_eq!(n, 1);
    }

    #[test]
    fn the_container_and_pod_go_on_the_resource_under_the_users_attributes() {
        let inside = ProcessInfo {
            container: ContainerIdentity {
                container_id: Some("c".repeat(64)),
                pod_uid: Some("5fee0c5e-5173-4188-9eb5-5f049e688f1e".into()),
                container_name: Some("trainer".into()),
            },
            ..process()
        };
        let attrs = resource_attributes(&inside, None, None, Tier::Off);
        assert_eq!(get(&attrs, a::CONTAINER_ID), "c".repeat(64));
        assert_eq!(
            get(&attrs, a::K8S_POD_UID),
            "5fee0c5e-5173-4188-9eb5-5f049e688f1e"
        );
        assert_eq!(get(&attrs, a::K8S_CONTAINER_NAME), "trainer");
        // What the webhook passes (or the user sets) wins, once.
        let attrs = resource_attributes(&inside, None, Some("k8s.container.name=main"), Tier::Off);
        assert_eq!(get(&attrs, a::K8S_CONTAINER_NAME), "main");
        assert_eq!(
            attrs
                .iter()
                .filter(|kv| kv.key == a::K8S_CONTAINER_NAME)
                .count(),
            1
        );
        // Outside a container, nothing.
        let attrs = resource_attributes(&process(), None, None, Tier::Off);
        assert!(attrs
            .iter()
            .all(|kv| !kv.key.starts_with("k8s.") && kv.key != a::CONTAINER_ID));
    }

    #[test]
    fn a_user_instance_id_is_the_one_in_force() {
        let attrs = resource_attributes(
            &process(),
            None,
            Some("service.instance.id=pod-7"),
            Tier::Off,
        );
        assert_eq!(instance_id(&attrs).as_deref(), Some("pod-7"));
    }

    const HEX: &str = "0c1d2e3f-4a5b-5c6d-8e9f-0a1b2c3d4e5f";

    #[test]
    fn a_uuid_is_a_gpu_or_a_mig_instance_as_nvml_knows_it() {
        assert_eq!(
            device_uuid(HEX, UuidKind::Gpu, Some("MIG-x")),
            (format!("GPU-{HEX}"), None),
            "NVML's answer wins over the hint"
        );
        let m = MigInstance {
            parent_uuid: Some("GPU-5c5a2b4e-8d3f-7a21-9c0e-1f2b3c4d5e6f".into()),
            gpu_instance: Some(1),
            compute_instance: Some(0),
            profile: Some("NVIDIA H200 MIG 1g.18gb".into()),
        };
        assert_eq!(
            device_uuid(HEX, UuidKind::Mig(m.clone()), None),
            (format!("MIG-{HEX}"), Some(m))
        );
        // No NVML: MIG only where CUDA_VISIBLE_DEVICES names MIG instances.
        assert_eq!(
            device_uuid(
                HEX,
                UuidKind::Unknown,
                Some("MIG-4e1b9a2c-0000-5000-8000-000000000001")
            ),
            (format!("MIG-{HEX}"), Some(MigInstance::default()))
        );
        assert_eq!(
            device_uuid(HEX, UuidKind::Unknown, Some("0,1")),
            (format!("GPU-{HEX}"), None)
        );
        assert_eq!(
            device_uuid(HEX, UuidKind::Unknown, None).0,
            format!("GPU-{HEX}")
        );
    }

    #[test]
    fn a_mig_instance_is_named_with_its_parent_gpu_and_its_place_in_it() {
        let d = Device {
            name: "NVIDIA H200".into(),
            uuid: Some(format!("MIG-{HEX}")),
            mig: Some(MigInstance {
                parent_uuid: Some("GPU-5c5a2b4e-8d3f-7a21-9c0e-1f2b3c4d5e6f".into()),
                gpu_instance: Some(2),
                compute_instance: Some(0),
                profile: Some("NVIDIA H200 MIG 3g.71gb".into()),
            }),
        };
        let attrs = device_attributes(0, Some(&d));
        assert_eq!(get(&attrs, a::HW_ID), format!("MIG-{HEX}"));
        assert_eq!(get(&attrs, a::GPU_DEVICE_UUID), format!("MIG-{HEX}"));
        assert_eq!(
            get(&attrs, a::HW_PARENT),
            "GPU-5c5a2b4e-8d3f-7a21-9c0e-1f2b3c4d5e6f"
        );
        assert_eq!(get(&attrs, a::GPU_MIG_GPU_INSTANCE_ID), "2");
        assert_eq!(get(&attrs, a::GPU_MIG_COMPUTE_INSTANCE_ID), "0");
        assert_eq!(get(&attrs, a::GPU_MIG_PROFILE), "NVIDIA H200 MIG 3g.71gb");
        // A whole GPU carries none of them.
        let gpu = device_attributes(
            0,
            Some(&Device {
                name: "NVIDIA H200".into(),
                uuid: Some("GPU-5c5a2b4e-8d3f-7a21-9c0e-1f2b3c4d5e6f".into()),
                mig: None,
            }),
        );
        assert!(gpu
            .iter()
            .all(|kv| !kv.key.starts_with("gpu.mig") && kv.key != a::HW_PARENT));
    }

    #[test]
    fn the_gpu_is_named_as_dcgm_names_it() {
        let h200 = |uuid: Option<&str>| Device {
            name: "NVIDIA H200".into(),
            uuid: uuid.map(Into::into),
            mig: None,
        };
        let attrs = device_attributes(
            3,
            Some(&h200(Some("GPU-5c5a2b4e-8d3f-7a21-9c0e-1f2b3c4d5e6f"))),
        );
        assert_eq!(
            get(&attrs, a::HW_ID),
            "GPU-5c5a2b4e-8d3f-7a21-9c0e-1f2b3c4d5e6f"
        );
        assert_eq!(get(&attrs, a::HW_ID), get(&attrs, a::GPU_DEVICE_UUID));
        assert_eq!(get(&attrs, a::HW_TYPE), "gpu");
        assert_eq!(get(&attrs, a::HW_VENDOR), "NVIDIA");
        assert_eq!(get(&attrs, a::HW_MODEL), "NVIDIA H200");
        assert_eq!(get(&attrs, a::GPU_DEVICE_ID), "3");
        let no_uuid = device_attributes(3, Some(&h200(None)));
        assert!(no_uuid.iter().all(|kv| kv.key != a::HW_ID));
        let unnamed = device_attributes(5, None);
        assert_eq!(get(&unnamed, a::GPU_DEVICE_ID), "5");
        assert!(
            unnamed
                .iter()
                .all(|kv| ![a::HW_ID, a::HW_MODEL, a::GPU_DEVICE_NAME].contains(&kv.key.as_str())),
            "a GPU the driver could not name is not given a name"
        );
    }

    #[test]
    fn ids_follow_the_process_not_a_shared_instance_id() {
        let shared = Some("service.instance.id=team.pod-0.trainer");
        let a = ProcessInfo {
            instance_id: "00000000-0000-4000-8000-00000000000a".into(),
            ..process()
        };
        let b = ProcessInfo {
            instance_id: "00000000-0000-4000-8000-00000000000b".into(),
            ..process()
        };
        let (ra, sa) = resource_and_seed(&a, None, shared, Tier::Off);
        let (rb, sb) = resource_and_seed(&b, None, shared, Tier::Off);
        assert_eq!(instance_id(&ra), instance_id(&rb), "the user's id is kept");
        assert_ne!(sa, sb, "but the ids derive from each process's own");
        assert_eq!(get(&ra, a::GPU_PRODUCER_ID), a.instance_id);
        assert_ne!(get(&ra, a::GPU_PRODUCER_ID), get(&rb, a::GPU_PRODUCER_ID));
        let (overridden, _) = resource_and_seed(&a, None, Some("gpu.producer.id=mine"), Tier::Off);
        assert_eq!(
            get(&overridden, a::GPU_PRODUCER_ID),
            a.instance_id,
            "never the user's"
        );
    }
}
