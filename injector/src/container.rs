//! What a process's cgroup and mounts say about the container and Kubernetes pod it runs
//! in: `container.id`, `k8s.pod.uid` and `k8s.container.name`, so that a receiver can name
//! the pod of a program that loads the injector by itself (no webhook, no
//! `OTEL_RESOURCE_ATTRIBUTES`). Pure: the caller reads `/proc/self/cgroup` and
//! `/proc/self/mountinfo` (plain files, read once at start).
//!
//! - `/proc/self/cgroup` names the container's own cgroup when the container shares the
//!   host's cgroup namespace (cgroup v1, and v2 under runtimes that do not unshare it):
//!   the kubelet's `pod<uid>` directory (cgroupfs driver) or `kubepods-…-pod<uid>.slice`
//!   (systemd driver, dashes as underscores), then the container's id, bare (cgroupfs) or
//!   in a runtime's scope (`cri-containerd-<id>.scope`, `crio-<id>.scope`,
//!   `docker-<id>.scope`).
//! - Under cgroup v2 with a private cgroup namespace (containerd's and CRI-O's default)
//!   it reads `0::/`. The mounts still tell: the kubelet bind-mounts `/etc/hosts` from
//!   `…/pods/<uid>/etc-hosts` and the termination-message file from
//!   `…/pods/<uid>/containers/<name>/<n>`, which names the pod and the container (not its
//!   id; the receiver finds that in the pod's status).

use opentelemetry_proto::tonic::common::v1::KeyValue;
use semconv::attributes as a;
use semconv::otlp::string;

/// The container and pod a process runs in, as far as its files tell.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ContainerIdentity {
    /// The runtime's id of the container (64 hex digits).
    pub container_id: Option<String>,
    /// The Kubernetes pod's UID.
    pub pod_uid: Option<String>,
    /// The container's name in the pod's spec.
    pub container_name: Option<String>,
}

impl ContainerIdentity {
    /// What `/proc/self/cgroup` and `/proc/self/mountinfo` say; the cgroup first, the
    /// mounts for what it leaves out.
    pub fn read(cgroup: &str, mountinfo: &str) -> ContainerIdentity {
        let from_cgroup = from_cgroup(cgroup);
        let from_mounts = from_mountinfo(mountinfo);
        ContainerIdentity {
            container_id: from_cgroup.container_id.or(from_mounts.container_id),
            pod_uid: from_cgroup.pod_uid.or(from_mounts.pod_uid),
            container_name: from_cgroup.container_name.or(from_mounts.container_name),
        }
    }

    /// As resource attributes (`container.id`, `k8s.pod.uid`, `k8s.container.name`).
    pub fn attributes(&self) -> Vec<KeyValue> {
        [
            (a::CONTAINER_ID, &self.container_id),
            (a::K8S_POD_UID, &self.pod_uid),
            (a::K8S_CONTAINER_NAME, &self.container_name),
        ]
        .into_iter()
        .filter_map(|(key, value)| value.as_ref().map(|v| string(key, v.clone())))
        .collect()
    }
}

/// Reads `/proc/self/cgroup` (`hierarchy:controllers:path` per line). Every line names
/// the same container where any does; the unified (v2) line is read first.
pub fn from_cgroup(text: &str) -> ContainerIdentity {
    let mut lines: Vec<(&str, &str)> = text
        .lines()
        .filter_map(|line| {
            let mut fields = line.splitn(3, ':');
            let hierarchy = fields.next()?;
            Some((hierarchy, fields.nth(1)?))
        })
        .collect();
    // The unified hierarchy ("0::") first: on a hybrid host it is the one in use.
    lines.sort_by_key(|(hierarchy, _)| *hierarchy != "0");
    let mut out = ContainerIdentity::default();
    for (_, path) in lines {
        let segments: Vec<&str> = path.split('/').filter(|s| !s.is_empty()).collect();
        if out.pod_uid.is_none() {
            out.pod_uid = segments.iter().find_map(|s| pod_uid_of_segment(s));
        }
        if out.container_id.is_none() {
            out.container_id = segments.last().and_then(|s| container_id_of_segment(s));
        }
    }
    out
}

/// `pod<uid>` (cgroupfs) or `kubepods[-<qos>]-pod<uid with underscores>.slice` (systemd).
fn pod_uid_of_segment(segment: &str) -> Option<String> {
    let segment = segment.strip_suffix(".slice").unwrap_or(segment);
    let at = segment.rfind("pod")?;
    let before = &segment[..at];
    if !(before.is_empty() || before.starts_with("kubepods") && before.ends_with('-')) {
        return None;
    }
    let uid = segment[at + 3..].replace('_', "-");
    is_uuid(&uid).then_some(uid)
}

/// A container's own cgroup: its id bare (cgroupfs) or in a runtime's scope. Not
/// conmon's scope (CRI-O's monitor process, a cgroup beside the container's).
fn container_id_of_segment(segment: &str) -> Option<String> {
    let id = match segment.strip_suffix(".scope") {
        Some(scope) => ["cri-containerd-", "crio-", "docker-", "containerd-"]
            .iter()
            .find_map(|prefix| scope.strip_prefix(prefix))?,
        None => segment,
    };
    is_container_id(id).then(|| id.to_string())
}

/// Reads `/proc/self/mountinfo`: the pod's UID and the container's name from the files
/// the kubelet mounts into every container of a pod.
pub fn from_mountinfo(text: &str) -> ContainerIdentity {
    let mut out = ContainerIdentity::default();
    for line in text.lines() {
        // id parent major:minor root mount-point ...; the root is the mounted path
        // within its filesystem, where the kubelet's pod directory shows.
        let Some(root) = line.split(' ').nth(3) else {
            continue;
        };
        let root = unescape(root);
        let Some((uid, rest)) = kubelet_pod_path(&root) else {
            continue;
        };
        if out.pod_uid.is_none() {
            out.pod_uid = Some(uid.to_string());
        }
        // containers/<name>/<restart hash>: the termination-message file.
        if let Some(name) = rest
            .strip_prefix("containers/")
            .and_then(|r| r.split('/').next())
            .filter(|n| !n.is_empty())
        {
            out.container_name.get_or_insert_with(|| name.to_string());
        }
    }
    out
}

/// In `…/pods/<uid>/<rest>` (the kubelet's pod directory, wherever its root is: a
/// node's /var/lib/kubelet, an OSTree deployment, a kind node's volume), the UID and
/// what follows it; only the files the kubelet mounts into containers.
fn kubelet_pod_path(root: &str) -> Option<(&str, &str)> {
    let mut search = root;
    while let Some(at) = search.find("/pods/") {
        let after = &search[at + "/pods/".len()..];
        if let Some((uid, rest)) = after.split_once('/') {
            if is_uuid(uid)
                && (rest == "etc-hosts"
                    || rest.starts_with("containers/")
                    || rest.starts_with("volumes/"))
            {
                return Some((uid, rest));
            }
        }
        search = after;
    }
    None
}

/// mountinfo escapes space, tab, newline and backslash as octal (`\040`).
fn unescape(field: &str) -> String {
    let mut out = String::with_capacity(field.len());
    let mut rest = field;
    while let Some(at) = rest.find('\\') {
        out.push_str(&rest[..at]);
        let code = rest.get(at + 1..at + 4);
        match code.and_then(|c| u8::from_str_radix(c, 8).ok()) {
            Some(byte) => {
                out.push(byte as char);
                rest = &rest[at + 4..];
            }
            None => {
                out.push('\\');
                rest = &rest[at + 1..];
            }
        }
    }
    out.push_str(rest);
    out
}

/// 8-4-4-4-12 hex digits.
fn is_uuid(s: &str) -> bool {
    let groups: Vec<&str> = s.split('-').collect();
    groups.len() == 5
        && groups
            .iter()
            .zip([8, 4, 4, 4, 12])
            .all(|(g, n)| g.len() == n && g.bytes().all(|b| b.is_ascii_hexdigit()))
}

/// 64 lower-case hex digits, as containerd, CRI-O and Docker name containers.
fn is_container_id(s: &str) -> bool {
    s.len() == 64
        && s.bytes()
            .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
}

#[cfg(test)]
mod tests;
