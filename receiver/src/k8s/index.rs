//! The pods of this node, as far as naming needs them: by UID and by container id. Pure:
//! fed the watch's pods ([`PodIndex::apply`]), told the time by its caller.
//!
//! A deleted pod is kept for [`KEEP_DELETED`]: its last spans leave after it is gone
//! (the reconcile delay, an export retried, a queue replayed after a restart), and
//! should still name it.

use std::collections::HashMap;
use std::sync::Arc;
use std::time::Duration;

use k8s_openapi::api::core::v1::Pod;
use opentelemetry_proto::tonic::common::v1::KeyValue;
use semconv::attributes as a;
use semconv::k8s::{workload_attributes, Owner};
use semconv::otlp;

/// How long a deleted pod is still named (the Collector's `k8sattributes` keeps one two
/// minutes too).
pub const KEEP_DELETED: Duration = Duration::from_secs(120);

/// One pod, as its spans will name it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PodEntry {
    /// `k8s.pod.uid`.
    pub uid: String,
    /// The pod's own attributes: name, UID, namespace, node and workload.
    pub attributes: Vec<(&'static str, String)>,
    /// Its containers' ids (without the runtime's `scheme://`) and names.
    pub containers: Vec<(String, String)>,
}

impl PodEntry {
    /// What a pod says of itself, or `None` without a UID.
    pub fn of(pod: &Pod) -> Option<PodEntry> {
        let meta = &pod.metadata;
        let uid = meta.uid.clone()?;
        let mut attributes = vec![(a::K8S_POD_UID, uid.clone())];
        attributes.extend(meta.name.clone().map(|n| (a::K8S_POD_NAME, n)));
        attributes.extend(meta.namespace.clone().map(|n| (a::K8S_NAMESPACE_NAME, n)));
        let node = pod.spec.as_ref().and_then(|s| s.node_name.clone());
        attributes.extend(node.map(|n| (a::K8S_NODE_NAME, n)));
        let refs = meta.owner_references.as_deref().unwrap_or_default();
        let owners: Vec<Owner<'_>> = refs
            .iter()
            .map(|r| Owner {
                kind: &r.kind,
                name: &r.name,
            })
            .collect();
        let hash = meta
            .labels
            .as_ref()
            .and_then(|l| l.get("pod-template-hash"))
            .map(String::as_str);
        attributes.extend(workload_attributes(&owners, hash));
        let status = pod.status.as_ref();
        let containers = status
            .into_iter()
            .flat_map(|s| {
                s.container_statuses
                    .iter()
                    .chain(s.init_container_statuses.iter())
                    .chain(s.ephemeral_container_statuses.iter())
                    .flatten()
            })
            .filter_map(|c| {
                let id = c.container_id.as_deref()?;
                let id = id.split_once("://").map_or(id, |(_, id)| id);
                (!id.is_empty()).then(|| (id.to_string(), c.name.clone()))
            })
            .collect();
        Some(PodEntry {
            uid,
            attributes,
            containers,
        })
    }
}

/// What one watch event says.
#[derive(Debug, Clone)]
pub enum PodEvent {
    /// A full list starts (a first start, or a watch that had to start over).
    Restart,
    /// A pod of that list.
    Listed(Pod),
    /// The list is complete: pods it did not name are gone.
    Relisted,
    /// A pod was added or changed.
    Applied(Pod),
    /// A pod was deleted.
    Deleted(Pod),
}

/// The node's pods.
#[derive(Debug, Default)]
pub struct PodIndex {
    by_uid: HashMap<String, (Arc<PodEntry>, Option<u64>)>,
    by_container: HashMap<String, (String, String)>,
    /// Pods of a list in progress.
    listing: Option<Vec<PodEntry>>,
}

/// What the index found for one resource.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Attribution {
    /// Attributes were added.
    Named,
    /// It already named everything the index knows.
    Complete,
    /// It names a pod or container the index does not know (another node's, or gone
    /// for longer than [`KEEP_DELETED`], or not listed yet).
    UnknownPod,
    /// It names no pod and no container.
    NoIdentity,
}

impl Attribution {
    /// Every outcome, in the order the metric lists them.
    pub const ALL: [Attribution; 4] = [
        Attribution::Named,
        Attribution::Complete,
        Attribution::UnknownPod,
        Attribution::NoIdentity,
    ];

    /// The metric label.
    pub fn as_str(self) -> &'static str {
        match self {
            Attribution::Named => "named",
            Attribution::Complete => "complete",
            Attribution::UnknownPod => "unknown_pod",
            Attribution::NoIdentity => "no_identity",
        }
    }
}

impl PodIndex {
    /// Takes one watch event, at `now` (ns on the caller's clock).
    pub fn apply(&mut self, event: PodEvent, now: u64) {
        match event {
            PodEvent::Restart => self.listing = Some(Vec::new()),
            PodEvent::Listed(pod) => {
                if let (Some(list), Some(entry)) = (&mut self.listing, PodEntry::of(&pod)) {
                    list.push(entry);
                }
            }
            PodEvent::Relisted => {
                let listed = self.listing.take().unwrap_or_default();
                let keep: Vec<String> = listed.iter().map(|e| e.uid.clone()).collect();
                // Gone while the watch was down: deleted now.
                let gone: Vec<String> = self
                    .by_uid
                    .iter()
                    .filter(|(uid, (_, deleted))| deleted.is_none() && !keep.contains(uid))
                    .map(|(uid, _)| uid.clone())
                    .collect();
                for uid in gone {
                    if let Some((_, deleted)) = self.by_uid.get_mut(&uid) {
                        *deleted = Some(now);
                    }
                }
                for entry in listed {
                    self.insert(entry);
                }
            }
            PodEvent::Applied(pod) => {
                if let Some(entry) = PodEntry::of(&pod) {
                    self.insert(entry);
                }
            }
            PodEvent::Deleted(pod) => {
                if let Some(uid) = &pod.metadata.uid {
                    if let Some((_, deleted)) = self.by_uid.get_mut(uid) {
                        *deleted = Some(now);
                    }
                }
            }
        }
        self.prune(now);
    }

    fn insert(&mut self, entry: PodEntry) {
        // A restarted container's previous id still names it (its last spans come
        // after the restart); older ids go, so a container restarting for days does
        // not grow the index.
        if let Some((old, _)) = self.by_uid.get(&entry.uid) {
            let keep = |id: &String| {
                entry.containers.iter().any(|(c, _)| c == id)
                    || old.containers.iter().any(|(c, _)| c == id)
            };
            self.by_container
                .retain(|id, (uid, _)| *uid != entry.uid || keep(id));
        }
        for (id, name) in &entry.containers {
            self.by_container
                .insert(id.clone(), (entry.uid.clone(), name.clone()));
        }
        self.by_uid
            .insert(entry.uid.clone(), (Arc::new(entry), None));
    }

    /// Forgets pods deleted more than [`KEEP_DELETED`] before `now`.
    fn prune(&mut self, now: u64) {
        let keep = KEEP_DELETED.as_nanos() as u64;
        let expired: Vec<String> = self
            .by_uid
            .iter()
            .filter(|(_, (_, deleted))| deleted.is_some_and(|d| now.saturating_sub(d) > keep))
            .map(|(uid, _)| uid.clone())
            .collect();
        for uid in expired {
            self.by_uid.remove(&uid);
        }
        let by_uid = &self.by_uid;
        self.by_container
            .retain(|_, (uid, _)| by_uid.contains_key(uid));
    }

    /// Pods known (deleted ones within [`KEEP_DELETED`] included).
    pub fn len(&self) -> usize {
        self.by_uid.len()
    }

    /// Whether no pod is known.
    pub fn is_empty(&self) -> bool {
        self.by_uid.is_empty()
    }

    /// Adds to `attrs` (a resource's) what the index knows of the pod and container it
    /// names by `k8s.pod.uid` or `container.id`, never replacing what it already has.
    pub fn attribute(&self, attrs: &mut Vec<KeyValue>) -> Attribution {
        let uid = otlp::get_str(attrs, a::K8S_POD_UID).map(str::to_string);
        let container_id = otlp::get_str(attrs, a::CONTAINER_ID).map(str::to_string);
        if uid.is_none() && container_id.is_none() {
            return Attribution::NoIdentity;
        }
        let by_container = container_id
            .as_deref()
            .and_then(|id| self.by_container.get(id));
        let pod = uid
            .as_deref()
            .or(by_container.map(|(uid, _)| uid.as_str()))
            .and_then(|uid| self.by_uid.get(uid))
            .map(|(entry, _)| entry.clone());
        let Some(pod) = pod else {
            return Attribution::UnknownPod;
        };
        let mut add: Vec<(&'static str, String)> = pod.attributes.clone();
        // The container: by its id, or its id by its name.
        let named = otlp::get_str(attrs, a::K8S_CONTAINER_NAME).map(str::to_string);
        match (by_container, &named) {
            (Some((pod_uid, name)), _) if *pod_uid == pod.uid => {
                add.push((a::K8S_CONTAINER_NAME, name.clone()))
            }
            (None, Some(name)) if container_id.is_none() => {
                let mut ids = pod.containers.iter().filter(|(_, n)| n == name);
                if let (Some((id, _)), None) = (ids.next(), ids.next()) {
                    add.push((a::CONTAINER_ID, id.clone()));
                }
            }
            _ => {}
        }
        let before = attrs.len();
        for (key, value) in add {
            if otlp::find(attrs, key).is_none() {
                attrs.push(otlp::string(key, value));
            }
        }
        if attrs.len() > before {
            Attribution::Named
        } else {
            Attribution::Complete
        }
    }
}

#[cfg(test)]
mod tests;
