//! The namespaces' annotations, from a watch of their metadata: the webhook answers
//! without an API call per pod, and an outage of the API server only freezes what it
//! knows.

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use futures::StreamExt;
use k8s_openapi::api::core::v1::Namespace;
use kube::core::PartialObjectMeta;
use kube::runtime::reflector::{self, ObjectRef, Store};
use kube::runtime::{watcher, WatchStreamExt};
use kube::{Api, Client};

/// The cache.
#[derive(Clone)]
pub struct Namespaces {
    store: Store<PartialObjectMeta<Namespace>>,
    ready: Arc<AtomicBool>,
}

impl std::fmt::Debug for Namespaces {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Namespaces")
            .field("known", &self.store.state().len())
            .finish()
    }
}

impl Namespaces {
    /// Starts watching (list and watch on namespaces, metadata only).
    pub fn watch(client: Client) -> Namespaces {
        let (store, writer) = reflector::store();
        let stream = watcher(
            Api::<PartialObjectMeta<Namespace>>::all(client),
            watcher::Config::default(),
        )
        .default_backoff()
        .reflect(writer)
        .applied_objects();
        tokio::spawn(async move {
            futures::pin_mut!(stream);
            while let Some(event) = stream.next().await {
                if let Err(e) = event {
                    tracing::warn!(error = %e, "watching namespaces (retrying)");
                }
            }
        });
        let ready = Arc::new(AtomicBool::new(false));
        tokio::spawn({
            let (store, ready) = (store.clone(), ready.clone());
            async move {
                if store.wait_until_ready().await.is_ok() {
                    ready.store(true, Ordering::Release);
                }
            }
        });
        Namespaces { store, ready }
    }

    /// The annotations of `name` (none when it is not known yet).
    pub fn annotations(&self, name: &str) -> BTreeMap<String, String> {
        self.store
            .get(&ObjectRef::new(name))
            .and_then(|ns| ns.metadata.annotations.clone())
            .unwrap_or_default()
    }

    /// Whether the first list has arrived.
    pub fn ready(&self) -> bool {
        self.ready.load(Ordering::Acquire)
    }
}
