//! Every span names its pod: a stage between reconcile and export that adds, to each
//! outgoing resource that names a pod or container of this node (`k8s.pod.uid` or
//! `container.id`, which the injector reads from its own cgroup and mounts), the pod's
//! name, namespace and node, the container's name, and the owning workload as the
//! Collector's `k8sattributes` processor names it. What a resource already says (the
//! webhook passes the identity in `OTEL_RESOURCE_ATTRIBUTES`) is never replaced.
//!
//! The pods come from a watch of this node's pods alone (`fieldSelector
//! spec.nodeName=<node>`; RBAC: list and watch on pods, nothing else: the workload is
//! named from the pods' owner references, no ReplicaSet or Job is read). Off by
//! default (`kubernetes.pod_attributes`).
//!
//! Resources change on their way out only: the reconciler keys producers by the
//! resources as they arrived, so a pod that becomes known mid-run changes no
//! producer's windows.

pub mod index;
pub mod watch;

use std::sync::{Arc, RwLock};

use serde::{Deserialize, Serialize};

use crate::reconcile::Ready;
use index::{Attribution, PodIndex};

/// `kubernetes` in the configuration.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct KubernetesConfig {
    /// Name the pod of every span from the node's pods.
    pub pod_attributes: bool,
    /// The node this receiver runs on; unset: `K8S_NODE_NAME` (the chart sets it from
    /// the downward API).
    pub node_name: Option<String>,
}

/// The variable the node's name is read from when the configuration does not name it.
pub const NODE_NAME_ENV: &str = "K8S_NODE_NAME";

/// The stage could not start.
#[derive(Debug, thiserror::Error)]
pub enum KubernetesError {
    /// No node to watch the pods of.
    #[error("kubernetes.pod_attributes needs the node's name: set kubernetes.node_name or {NODE_NAME_ENV}")]
    NoNode,
    /// No API to watch them through.
    #[error("kubernetes.pod_attributes needs the Kubernetes API (in-cluster, or KUBECONFIG): {0}")]
    Client(#[from] kube::Error),
}

/// How many outgoing resources were named, by outcome.
#[derive(Debug, Default)]
pub struct AttributionCounters {
    counts: [std::sync::atomic::AtomicU64; Attribution::ALL.len()],
    pods: std::sync::atomic::AtomicU64,
}

impl AttributionCounters {
    fn count(&self, outcome: Attribution) {
        let i = Attribution::ALL
            .iter()
            .position(|a| *a == outcome)
            .expect("listed");
        self.counts[i].fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    }

    /// `(outcome, count)` for each outcome.
    pub fn series(&self) -> Vec<(&'static str, u64)> {
        Attribution::ALL
            .iter()
            .zip(&self.counts)
            .map(|(a, c)| (a.as_str(), c.load(std::sync::atomic::Ordering::Relaxed)))
            .collect()
    }

    /// Pods the index knows now.
    pub fn pods(&self) -> u64 {
        self.pods.load(std::sync::atomic::Ordering::Relaxed)
    }
}

/// The stage: the index the watch keeps, read on the pipeline's task.
#[derive(Debug, Clone)]
pub struct PodAttributes {
    index: Arc<RwLock<PodIndex>>,
    counters: Arc<AttributionCounters>,
}

impl PodAttributes {
    /// The stage over `index`, counting into `counters`.
    pub fn new(index: Arc<RwLock<PodIndex>>, counters: Arc<AttributionCounters>) -> PodAttributes {
        PodAttributes { index, counters }
    }

    /// Starts the watch of the node's pods, when the configuration asks for it.
    pub async fn start(
        config: &KubernetesConfig,
        counters: Arc<AttributionCounters>,
    ) -> Result<Option<PodAttributes>, KubernetesError> {
        if !config.pod_attributes {
            return Ok(None);
        }
        let node = config
            .node_name
            .clone()
            .or_else(|| std::env::var(NODE_NAME_ENV).ok())
            .filter(|n| !n.is_empty())
            .ok_or(KubernetesError::NoNode)?;
        let client = kube::Client::try_default().await?;
        let index = Arc::new(RwLock::new(PodIndex::default()));
        watch::spawn(client, node, index.clone(), counters.clone());
        Ok(Some(PodAttributes::new(index, counters)))
    }

    /// Names the pod of every resource in `ready` that the index knows.
    pub fn apply(&self, mut ready: Vec<Ready>) -> Vec<Ready> {
        let index = self.index.read().unwrap_or_else(|p| p.into_inner());
        for (req, _) in &mut ready {
            for rs in &mut req.resource_spans {
                let resource = rs.resource.get_or_insert_with(Default::default);
                self.counters
                    .count(index.attribute(&mut resource.attributes));
            }
        }
        ready
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fixtures::{plain, request, resource};
    use crate::reconcile::origin::Origins;
    use crate::wire::WireRequest;
    use semconv::attributes as a;
    use semconv::otlp;

    #[test]
    fn the_stage_names_the_pods_it_knows_and_counts_every_resource() {
        let mut index = PodIndex::default();
        let pod: k8s_openapi::api::core::v1::Pod = serde_json::from_value(serde_json::json!({
            "metadata": {"name": "trainer-0", "namespace": "research", "uid": "a400b577-84a9-480c-aab5-2b182f512c3a",
                         "ownerReferences": [{"apiVersion": "apps/v1", "kind": "StatefulSet", "name": "trainer",
                                              "uid": "u", "controller": true}]},
            "spec": {"nodeName": "gpu-node-1", "containers": [{"name": "trainer"}]}
        }))
        .unwrap();
        index.apply(index::PodEvent::Applied(pod), 0);
        let counters = Arc::new(AttributionCounters::default());
        let stage = PodAttributes::new(Arc::new(RwLock::new(index)), counters.clone());
        let mut named = resource("trainer", 1, None);
        otlp::set(
            &mut named.attributes,
            otlp::string(a::K8S_POD_UID, "a400b577-84a9-480c-aab5-2b182f512c3a"),
        );
        let ready = vec![
            (
                WireRequest::from(request(named, vec![plain(1)])),
                Origins::default(),
            ),
            (
                WireRequest::from(request(resource("bare", 2, None), vec![plain(2)])),
                Origins::default(),
            ),
        ];
        let out = stage.apply(ready);
        let attrs = &out[0].0.resource_spans[0]
            .resource
            .as_ref()
            .unwrap()
            .attributes;
        assert_eq!(otlp::get_str(attrs, a::K8S_POD_NAME), Some("trainer-0"));
        assert_eq!(
            otlp::get_str(attrs, a::K8S_STATEFULSET_NAME),
            Some("trainer")
        );
        assert_eq!(
            out[0].0.span_count() + out[1].0.span_count(),
            2,
            "every span still there"
        );
        assert_eq!(
            counters.series(),
            vec![
                ("named", 1),
                ("complete", 0),
                ("unknown_pod", 0),
                ("no_identity", 1)
            ]
        );
    }
}
