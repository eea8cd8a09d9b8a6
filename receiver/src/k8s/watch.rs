//! The watch of this node's pods (list, then watch, again after any error, with
//! backoff), fed into the [`PodIndex`] on the receiver's clock.

use std::sync::atomic::Ordering;
use std::sync::{Arc, RwLock};

use futures::StreamExt;
use k8s_openapi::api::core::v1::Pod;
use kube::runtime::{watcher, WatchStreamExt};
use kube::{Api, Client};

use super::index::{PodEvent, PodIndex};
use super::AttributionCounters;

/// Watches the pods of `node` into `index` until the process ends.
pub fn spawn(
    client: Client,
    node: String,
    index: Arc<RwLock<PodIndex>>,
    counters: Arc<AttributionCounters>,
) {
    let config = watcher::Config::default().fields(&format!("spec.nodeName={node}"));
    let stream = watcher(Api::<Pod>::all(client), config).default_backoff();
    tokio::spawn(async move {
        futures::pin_mut!(stream);
        tracing::info!(%node, "watching the node's pods");
        while let Some(event) = stream.next().await {
            let event = match event {
                Ok(watcher::Event::Init) => PodEvent::Restart,
                Ok(watcher::Event::InitApply(pod)) => PodEvent::Listed(pod),
                Ok(watcher::Event::InitDone) => PodEvent::Relisted,
                Ok(watcher::Event::Apply(pod)) => PodEvent::Applied(pod),
                Ok(watcher::Event::Delete(pod)) => PodEvent::Deleted(pod),
                Err(e) => {
                    // Known pods stay known; the watcher lists again.
                    tracing::warn!(error = %e, "watching the node's pods (retrying)");
                    continue;
                }
            };
            let mut index = index.write().unwrap_or_else(|p| p.into_inner());
            index.apply(event, crate::clock::now_ns());
            counters.pods.store(index.len() as u64, Ordering::Relaxed);
        }
    });
}
