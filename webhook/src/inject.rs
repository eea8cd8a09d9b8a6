//! The decision, pure: a pod, its namespace's annotations and the settings in; a JSON
//! patch that injects it, or why it is left as it is, out.
//!
//! An injected container gets, with nothing else written by hand:
//! - the portable injector library at `/opt/gpu-otel/libgpu_otel_injector.so`, from the
//!   injector image: mounted as an image volume, or copied into an emptyDir by an init
//!   container where image volumes are not available ([`Delivery`]);
//! - `CUDA_INJECTION64_PATH` naming it;
//! - the node-local receiver as the injector's own OTLP endpoint
//!   (`GPU_OTEL_EXPORTER_OTLP_*`, so a program's own OpenTelemetry SDK keeps its
//!   `OTEL_EXPORTER_OTLP_*`), with the ingest CA (a ConfigMap volume) and the token
//!   header (a Secret), both optional, so that a namespace without them never stops the
//!   pod from starting (the receiver then refuses its spans, and counts them);
//! - its Kubernetes identity in `OTEL_RESOURCE_ATTRIBUTES`: the pod's name, UID,
//!   namespace and node through the downward API, its container's name and the owning
//!   workload ([`semconv::k8s`]), added to what the container already sets there;
//! - `OTEL_SERVICE_NAME` (the workload's name) unless it sets one, and
//!   `GPU_OTEL_PC_SAMPLING` when asked for;
//! - with the serialized tier and a node-wide lease directory configured
//!   ([`Settings::pc_lease_dir`]), that directory (a `hostPath`) at the same path and
//!   `GPU_OTEL_PC_LEASE_DIR` naming it: serialized pods on one GPU then take turns on
//!   its PC sampler instead of each sampling it.
//!
//! Idempotent: a pod that carries the injector's volume is left as it is, so the patch
//! applied and admitted again yields no patch. A container that sets
//! `CUDA_INJECTION64_PATH` itself is never touched.

use std::collections::BTreeMap;

use k8s_openapi::api::core::v1::{Container, EnvVar, Pod};
use serde_json::{json, Value};

use crate::annotations::{self, AnnotationError, Origin, CONTAINERS, INJECTED, PC_SAMPLING};
use crate::gpu::uses_gpu;
use semconv::attributes as a;
use semconv::k8s::{self, Owner};
use semconv::Tier;

/// The pod's volume that holds the injector library.
pub const VOLUME: &str = "gpu-otel-injector";
/// Where it is mounted in every injected container.
pub const MOUNT_PATH: &str = "/opt/gpu-otel";
/// The library's file name in the injector image.
pub const LIBRARY: &str = "libgpu_otel_injector.so";
/// The init container that copies the library (init-container delivery).
pub const INIT_CONTAINER: &str = "gpu-otel-injector";
/// The injector image's copier: `/install DIR` puts the library into `DIR`.
pub const INSTALL: &str = "/install";
/// The pod's volume that holds the ingest CA.
pub const CA_VOLUME: &str = "gpu-otel-ingest-ca";
/// Where it is mounted.
pub const CA_MOUNT_PATH: &str = "/var/run/gpu-otel/ingest-ca";
/// The CA's key in the ConfigMap.
pub const CA_KEY: &str = "ca.crt";
/// The token header's key in the Secret.
pub const TOKEN_KEY: &str = "OTEL_EXPORTER_OTLP_HEADERS";
/// The pod's volume of the node-wide sampler lease directory.
pub const PC_LEASE_VOLUME: &str = "gpu-otel-pc-lease";
/// The injector's setting that names the lease directory.
pub const PC_LEASE_DIR_ENV: &str = "GPU_OTEL_PC_LEASE_DIR";
/// The variable CUDA loads an injection library from.
pub const CUDA_INJECTION64_PATH: &str = "CUDA_INJECTION64_PATH";

/// The downward-API variables the identity is built from, before
/// `OTEL_RESOURCE_ATTRIBUTES` (Kubernetes expands `$(VAR)` only from variables defined
/// earlier in the list).
const IDENTITY: [(&str, &str, &str); 4] = [
    ("GPU_OTEL_POD_NAME", "metadata.name", a::K8S_POD_NAME),
    ("GPU_OTEL_POD_UID", "metadata.uid", a::K8S_POD_UID),
    (
        "GPU_OTEL_NAMESPACE",
        "metadata.namespace",
        a::K8S_NAMESPACE_NAME,
    ),
    ("GPU_OTEL_NODE_NAME", "spec.nodeName", a::K8S_NODE_NAME),
];

/// How the library gets into the pod.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Delivery {
    /// An image volume of the injector image (Kubernetes 1.35, or 1.33 with the
    /// `ImageVolume` feature gate; containerd 2.1 or CRI-O 1.31).
    ImageVolume,
    /// An emptyDir, filled by an init container from the injector image.
    InitContainer,
}

/// What every injection uses.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Settings {
    /// The injector image (`registry/gpu-otel/injector:VERSION`).
    pub image: String,
    /// How the library gets into the pod.
    pub delivery: Delivery,
    /// The node-local receiver's OTLP/gRPC endpoint, as its certificate names it.
    pub endpoint: String,
    /// The ConfigMap (in the pod's namespace) with the ingest CA under `ca.crt`.
    pub ca_config_map: String,
    /// The Secret (in the pod's namespace) with the token header under
    /// `OTEL_EXPORTER_OTLP_HEADERS`.
    pub token_secret: String,
    /// The node-wide directory of the per-GPU sampler leases (an absolute host path,
    /// made world-writable by the receiver's DaemonSet), mounted into serialized-tier
    /// pods at the same path; `None`: each container coordinates only its own processes.
    pub pc_lease_dir: Option<String>,
}

/// The outcome for one pod.
#[derive(Debug, Clone, PartialEq)]
pub enum Decision {
    /// Inject these containers with this patch.
    Inject {
        /// RFC 6902 operations on the pod.
        patch: json_patch::Patch,
        /// The containers injected, in spec order.
        containers: Vec<String>,
        /// What the user should know (containers left out, and why).
        warnings: Vec<String>,
    },
    /// Leave the pod as it is.
    Leave {
        /// Why.
        why: Leave,
        /// What the user should know.
        warnings: Vec<String>,
    },
    /// The pod's request cannot be read: it is left as it is, and the user told why.
    Refuse(Refusal),
}

/// Why a pod is left as it is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Leave {
    /// Neither the pod nor its namespace asks for injection.
    NotAsked,
    /// The pod or its namespace says `"false"`.
    OptedOut(Origin),
    /// The pod already carries the injector (an earlier admission).
    AlreadyInjected,
    /// No container uses a GPU and none is named.
    NoGpuContainer,
    /// Every candidate container sets `CUDA_INJECTION64_PATH` itself.
    OwnInjection,
}

/// Why a pod's request is refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Refusal {
    /// An annotation's value cannot be used.
    #[error(transparent)]
    Annotation(#[from] AnnotationError),
    /// `gpu-otel.io/containers` names a container the pod does not have.
    #[error("{CONTAINERS} names {name:?}, which is not a container of the pod (it has {have})")]
    UnknownContainer {
        /// The name.
        name: String,
        /// The pod's containers.
        have: String,
    },
}

/// Decides what to do with `pod`, whose namespace carries `namespace` annotations.
pub fn decide(pod: &Pod, namespace: &BTreeMap<String, String>, settings: &Settings) -> Decision {
    let empty = BTreeMap::new();
    let pod_annotations = pod.metadata.annotations.as_ref().unwrap_or(&empty);
    let request = match annotations::read(pod_annotations, namespace) {
        Ok(r) => r,
        Err(e) => return Decision::Refuse(e.into()),
    };
    let leave = |why| Decision::Leave {
        why,
        warnings: Vec::new(),
    };
    match request.inject {
        None => return leave(Leave::NotAsked),
        Some((false, origin)) => return leave(Leave::OptedOut(origin)),
        Some((true, _)) => {}
    }
    let spec = pod.spec.as_ref();
    let containers: &[Container] = spec.map(|s| s.containers.as_slice()).unwrap_or_default();
    let volumes = spec.and_then(|s| s.volumes.as_ref());
    if volumes.is_some_and(|v| v.iter().any(|v| v.name == VOLUME)) {
        return leave(Leave::AlreadyInjected);
    }
    let candidates: Vec<usize> = match &request.containers {
        Some(names) => {
            let mut picked = Vec::new();
            for name in names {
                match containers.iter().position(|c| &c.name == name) {
                    Some(i) => picked.push(i),
                    None => {
                        return Decision::Refuse(Refusal::UnknownContainer {
                            name: name.clone(),
                            have: containers
                                .iter()
                                .map(|c| c.name.as_str())
                                .collect::<Vec<_>>()
                                .join(", "),
                        })
                    }
                }
            }
            picked.sort_unstable();
            picked.dedup();
            picked
        }
        None => (0..containers.len())
            .filter(|&i| uses_gpu(&containers[i]))
            .collect(),
    };
    if candidates.is_empty() {
        return Decision::Leave {
            why: Leave::NoGpuContainer,
            warnings: vec![format!(
                "gpu-otel: injection was asked for but no container requests an NVIDIA GPU; \
                 name the containers to inject in {CONTAINERS}"
            )],
        };
    }
    let mut warnings = Vec::new();
    let targets: Vec<usize> = candidates
        .into_iter()
        .filter(|&i| {
            let own = env_index(&containers[i], CUDA_INJECTION64_PATH).is_some();
            if own {
                warnings.push(format!(
                    "gpu-otel: container {:?} sets {CUDA_INJECTION64_PATH} itself and is left as it is",
                    containers[i].name
                ));
            }
            !own
        })
        .collect();
    if targets.is_empty() {
        return Decision::Leave {
            why: Leave::OwnInjection,
            warnings,
        };
    }
    if let Some(s) = spec {
        let host_network = s.host_network == Some(true);
        if host_network && s.dns_policy.as_deref() != Some("ClusterFirstWithHostNet") {
            warnings.push(
                "gpu-otel: the pod uses the host's network without dnsPolicy ClusterFirstWithHostNet, \
                 so it cannot resolve the receiver's Service name"
                    .to_string(),
            );
        }
    }
    let lease_dir = settings
        .pc_lease_dir
        .as_deref()
        .filter(|_| request.pc_sampling == Some(Tier::Serialized));
    if request.pc_sampling == Some(Tier::Serialized) && lease_dir.is_none() {
        // Measured on an H200 (driver 580, 2026-12-05): of 2 and of 4 serialized
        // processes on one GPU, each with PC sampling enabled, one kept its kernel
        // records; enabled only under one shared sampler lease, all did. Pods share a
        // lease only through a node-wide directory, not configured here.
        warnings.push(format!(
            "gpu-otel: {PC_SAMPLING}=serialized is safe for one pod per GPU only: the processes of one container \
             take turns on a GPU through the sampler lease in their own /tmp, but two serialized pods \
             on one GPU (replicas on a shared or time-sliced GPU) both sample it, and on driver 580 all \
             but one then lost their kernel records; use it per pod, or give the webhook a node-wide \
             lease directory (chart value webhook.pcLeaseHostPath)"
        ));
    }
    let identity = Identity::of(pod);
    let mut ops = Vec::new();
    let injected: Vec<String> = targets
        .iter()
        .map(|&i| containers[i].name.clone())
        .collect();
    annotate(pod, &injected.join(","), &mut ops);
    add_volumes(volumes.map(Vec::len), settings, lease_dir, &mut ops);
    if settings.delivery == Delivery::InitContainer {
        let has_init = spec.is_some_and(|s| s.init_containers.is_some());
        add_init_container(has_init, settings, &mut ops);
    }
    for &i in &targets {
        inject_container(
            i,
            &containers[i],
            &identity,
            Sampling {
                tier: request.pc_sampling,
                lease_dir,
            },
            settings,
            &mut ops,
            &mut warnings,
        );
    }
    let patch = serde_json::from_value(Value::Array(ops)).expect("the operations are RFC 6902");
    Decision::Inject {
        patch,
        containers: injected,
        warnings,
    }
}

/// What is known of the pod at admission: its owners, not yet its name or UID (a
/// controller's pods get a generated name after admission), hence the downward API.
struct Identity {
    workload: Vec<(&'static str, String)>,
    service_name: Option<String>,
}

impl Identity {
    fn of(pod: &Pod) -> Identity {
        let refs = pod.metadata.owner_references.as_deref().unwrap_or_default();
        // The controller first: it is the workload; other owners follow.
        let mut owners: Vec<Owner<'_>> = refs
            .iter()
            .filter(|r| r.controller == Some(true))
            .chain(refs.iter().filter(|r| r.controller != Some(true)))
            .map(|r| Owner {
                kind: &r.kind,
                name: &r.name,
            })
            .collect();
        owners.dedup();
        let hash = pod
            .metadata
            .labels
            .as_ref()
            .and_then(|l| l.get("pod-template-hash"))
            .map(String::as_str);
        let label = pod
            .metadata
            .labels
            .as_ref()
            .and_then(|l| l.get("app.kubernetes.io/name"))
            .cloned();
        Identity {
            workload: k8s::workload_attributes(&owners, hash),
            service_name: k8s::service_name(&owners, hash).or(label),
        }
    }
}

fn pointer_escape(key: &str) -> String {
    key.replace('~', "~0").replace('/', "~1")
}

fn add(path: impl Into<String>, value: Value) -> Value {
    json!({"op": "add", "path": path.into(), "value": value})
}

fn annotate(pod: &Pod, injected: &str, ops: &mut Vec<Value>) {
    if pod.metadata.annotations.is_some() {
        ops.push(add(
            format!("/metadata/annotations/{}", pointer_escape(INJECTED)),
            json!(injected),
        ));
    } else {
        ops.push(add("/metadata/annotations", json!({ INJECTED: injected })));
    }
}

fn add_volumes(
    existing: Option<usize>,
    settings: &Settings,
    lease_dir: Option<&str>,
    ops: &mut Vec<Value>,
) {
    let library = match settings.delivery {
        Delivery::ImageVolume => json!({
            "name": VOLUME,
            "image": {"reference": settings.image, "pullPolicy": "IfNotPresent"},
        }),
        Delivery::InitContainer => json!({"name": VOLUME, "emptyDir": {"sizeLimit": "64Mi"}}),
    };
    let ca = json!({
        "name": CA_VOLUME,
        "configMap": {"name": settings.ca_config_map, "optional": true},
    });
    let mut added = vec![library, ca];
    // DirectoryOrCreate: a pod scheduled before the receiver's DaemonSet prepared the
    // directory still starts (its processes then cannot lock there and sample
    // uncoordinated, which they log).
    added.extend(lease_dir.map(|dir| {
        json!({
            "name": PC_LEASE_VOLUME,
            "hostPath": {"path": dir, "type": "DirectoryOrCreate"},
        })
    }));
    match existing {
        Some(_) => ops.extend(added.into_iter().map(|v| add("/spec/volumes/-", v))),
        None => ops.push(add("/spec/volumes", Value::Array(added))),
    }
}

/// First among the init containers: the library is in place before any of them (a
/// native sidecar, say) starts a CUDA program.
fn add_init_container(has_init: bool, settings: &Settings, ops: &mut Vec<Value>) {
    let init = json!({
        "name": INIT_CONTAINER,
        "image": settings.image,
        "imagePullPolicy": "IfNotPresent",
        "command": [INSTALL, MOUNT_PATH],
        "resources": {"requests": {"cpu": "10m", "memory": "16Mi"}, "limits": {"memory": "64Mi"}},
        "securityContext": {
            "allowPrivilegeEscalation": false,
            "readOnlyRootFilesystem": true,
            "runAsNonRoot": true,
            "capabilities": {"drop": ["ALL"]},
            "seccompProfile": {"type": "RuntimeDefault"},
        },
        "terminationMessagePolicy": "FallbackToLogsOnError",
        "volumeMounts": [{"name": VOLUME, "mountPath": MOUNT_PATH}],
    });
    if has_init {
        ops.push(add("/spec/initContainers/0", init));
    } else {
        ops.push(add("/spec/initContainers", json!([init])));
    }
}

fn env_index(c: &Container, name: &str) -> Option<usize> {
    c.env.as_ref()?.iter().position(|e| e.name == name)
}

fn field_ref(name: &str, path: &str) -> Value {
    json!({"name": name, "valueFrom": {"fieldRef": {"apiVersion": "v1", "fieldPath": path}}})
}

/// What a container is told of PC sampling: the tier asked for, and the node-wide lease
/// directory it is given.
#[derive(Clone, Copy)]
struct Sampling<'a> {
    tier: Option<Tier>,
    lease_dir: Option<&'a str>,
}

fn inject_container(
    index: usize,
    c: &Container,
    identity: &Identity,
    sampling: Sampling<'_>,
    settings: &Settings,
    ops: &mut Vec<Value>,
    warnings: &mut Vec<String>,
) {
    let lease_dir = sampling.lease_dir;
    let base = format!("/spec/containers/{index}");
    let existing: &[EnvVar] = c.env.as_deref().unwrap_or_default();
    let defined = |name: &str| existing.iter().any(|e| e.name == name);

    let mut mounts = vec![
        json!({"name": VOLUME, "mountPath": MOUNT_PATH, "readOnly": true}),
        json!({"name": CA_VOLUME, "mountPath": CA_MOUNT_PATH, "readOnly": true}),
    ];
    // The same path inside as on the node: a lease file's path is the GPU's name there.
    mounts.extend(lease_dir.map(|dir| json!({"name": PC_LEASE_VOLUME, "mountPath": dir})));
    if c.volume_mounts.is_some() {
        for m in mounts {
            ops.push(add(format!("{base}/volumeMounts/-"), m));
        }
    } else {
        ops.push(add(format!("{base}/volumeMounts"), Value::Array(mounts)));
    }

    // The identity's variables go just before OTEL_RESOURCE_ATTRIBUTES when the
    // container sets it, else at the end, before the one added here.
    let helpers: Vec<Value> = IDENTITY
        .iter()
        .filter(|(name, _, _)| !defined(name))
        .map(|(name, path, _)| field_ref(name, path))
        .collect();
    let mut attributes: Vec<(String, String)> = IDENTITY
        .iter()
        .map(|(name, _, key)| (key.to_string(), format!("$({name})")))
        .collect();
    attributes.push((a::K8S_CONTAINER_NAME.to_string(), c.name.clone()));
    attributes.extend(
        identity
            .workload
            .iter()
            .map(|(k, v)| (k.to_string(), v.clone())),
    );

    let mut appended: Vec<Value> = Vec::new();
    let resource_attributes = env_index(c, "OTEL_RESOURCE_ATTRIBUTES");
    let resource_op = match resource_attributes.map(|i| (i, &existing[i])) {
        Some((i, e)) if e.value_from.is_none() => {
            let own = e.value.clone().unwrap_or_default();
            let set: Vec<&str> = own
                .split(',')
                .filter_map(|kv| kv.split_once('=').map(|(k, _)| k.trim()))
                .collect();
            let added: Vec<String> = attributes
                .iter()
                .filter(|(k, _)| !set.contains(&k.as_str()))
                .map(|(k, v)| format!("{k}={v}"))
                .collect();
            let merged = [own.trim().trim_end_matches(',')]
                .into_iter()
                .filter(|s| !s.is_empty())
                .map(str::to_string)
                .chain(added)
                .collect::<Vec<_>>()
                .join(",");
            // Inserted at i, the helpers push the container's own entry to i + n.
            for (k, h) in helpers.iter().enumerate() {
                ops.push(add(format!("{base}/env/{}", i + k), h.clone()));
            }
            Some(json!({
                "op": "replace",
                "path": format!("{base}/env/{}/value", i + helpers.len()),
                "value": merged,
            }))
        }
        Some(_) => {
            warnings.push(format!(
                "gpu-otel: container {:?} takes OTEL_RESOURCE_ATTRIBUTES from a reference, so its \
                 pod is named by the receiver's look-up alone",
                c.name
            ));
            appended.extend(helpers.iter().cloned());
            None
        }
        None => {
            appended.extend(helpers.iter().cloned());
            let value = attributes
                .iter()
                .map(|(k, v)| format!("{k}={v}"))
                .collect::<Vec<_>>()
                .join(",");
            appended.push(json!({"name": "OTEL_RESOURCE_ATTRIBUTES", "value": value}));
            None
        }
    };
    if !defined("OTEL_SERVICE_NAME") {
        let name = identity
            .service_name
            .clone()
            .unwrap_or_else(|| c.name.clone());
        appended.push(json!({"name": "OTEL_SERVICE_NAME", "value": name}));
    }
    appended
        .push(json!({"name": CUDA_INJECTION64_PATH, "value": format!("{MOUNT_PATH}/{LIBRARY}")}));
    let own = |name: &str| format!("GPU_{name}");
    for (name, value) in [
        (own("OTEL_EXPORTER_OTLP_ENDPOINT"), json!(settings.endpoint)),
        (own("OTEL_EXPORTER_OTLP_PROTOCOL"), json!("grpc")),
        (
            own("OTEL_EXPORTER_OTLP_CERTIFICATE"),
            json!(format!("{CA_MOUNT_PATH}/{CA_KEY}")),
        ),
    ] {
        if !defined(&name) {
            appended.push(json!({"name": name, "value": value}));
        }
    }
    let headers = own("OTEL_EXPORTER_OTLP_HEADERS");
    if !defined(&headers) {
        appended.push(json!({"name": headers, "valueFrom": {"secretKeyRef": {
            "name": settings.token_secret, "key": TOKEN_KEY, "optional": true,
        }}}));
    }
    if let Some(tier) = sampling.tier {
        if !defined("GPU_OTEL_PC_SAMPLING") {
            appended.push(json!({"name": "GPU_OTEL_PC_SAMPLING", "value": tier.as_str()}));
        }
    }
    if let Some(dir) = lease_dir {
        if !defined(PC_LEASE_DIR_ENV) {
            appended.push(json!({"name": PC_LEASE_DIR_ENV, "value": dir}));
        }
    }

    if c.env.is_some() {
        ops.extend(resource_op);
        for e in appended {
            ops.push(add(format!("{base}/env/-"), e));
        }
    } else {
        ops.push(add(format!("{base}/env"), Value::Array(appended)));
    }
}

#[cfg(test)]
mod tests;
