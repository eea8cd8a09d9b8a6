//! The thin part: HTTPS on the webhook's port (`POST /mutate`, answered by
//! [`crate::review::answer`]), and plain HTTP on the admin port for the kubelet and
//! Prometheus (`/healthz`, `/readyz`, `/metrics`).

use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, SystemTime};

use axum::body::Bytes;
use axum::extract::State;
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::Router;
use axum_server::tls_rustls::RustlsConfig;
use prometheus_client::encoding::EncodeLabelSet;
use prometheus_client::metrics::counter::Counter;
use prometheus_client::metrics::family::Family;
use prometheus_client::registry::Registry;

use crate::events::Events;
use crate::inject::Settings;
use crate::namespaces::Namespaces;
use crate::review::answer;

/// How often the certificate files are checked for a change (a rotated Secret).
const RELOAD_EVERY: Duration = Duration::from_secs(10);

#[derive(Debug, Clone, Hash, PartialEq, Eq, EncodeLabelSet)]
struct OutcomeLabel {
    outcome: &'static str,
}

/// What the handlers share.
#[derive(Debug)]
pub struct Webhook {
    /// What every injection uses.
    pub settings: Settings,
    /// The namespaces' annotations.
    pub namespaces: Namespaces,
    /// Where refusals are recorded.
    pub events: Events,
    admissions: Family<OutcomeLabel, Counter>,
    malformed: Counter,
    registry: Registry,
}

impl Webhook {
    /// The shared state.
    pub fn new(settings: Settings, namespaces: Namespaces, events: Events) -> Arc<Webhook> {
        let admissions = Family::<OutcomeLabel, Counter>::default();
        let malformed = Counter::default();
        let mut registry = Registry::with_prefix("gpu_otel_webhook");
        registry.register(
            "admissions",
            "Pods admitted, by outcome: injected, left (not asked, opted out, already injected, \
             nothing to inject), refused (an annotation that cannot be used), ignored (not a creation)",
            admissions.clone(),
        );
        registry.register(
            "malformed_requests",
            "Request bodies that were not an AdmissionReview of a pod",
            malformed.clone(),
        );
        Arc::new(Webhook {
            settings,
            namespaces,
            events,
            admissions,
            malformed,
            registry,
        })
    }
}

/// `POST /mutate`.
pub fn router(webhook: Arc<Webhook>) -> Router {
    Router::new()
        .route("/mutate", post(mutate))
        .with_state(webhook)
}

/// `/healthz` (alive), `/readyz` (namespaces known), `/metrics`.
pub fn admin_router(webhook: Arc<Webhook>) -> Router {
    Router::new()
        .route("/healthz", get(|| async { "ok\n" }))
        .route("/readyz", get(readyz))
        .route("/metrics", get(metrics))
        .with_state(webhook)
}

async fn mutate(State(w): State<Arc<Webhook>>, body: Bytes) -> Response {
    let namespaces = w.namespaces.clone();
    match answer(&body, |ns| namespaces.annotations(ns), &w.settings) {
        Ok(a) => {
            w.admissions
                .get_or_create(&OutcomeLabel {
                    outcome: a.outcome.as_str(),
                })
                .inc();
            if let Some(report) = a.report {
                w.events.record(report);
            }
            axum::Json(a.review).into_response()
        }
        Err(e) => {
            w.malformed.inc();
            (StatusCode::BAD_REQUEST, format!("{e}\n")).into_response()
        }
    }
}

async fn readyz(State(w): State<Arc<Webhook>>) -> Response {
    if w.namespaces.ready() {
        (StatusCode::OK, "ok\n").into_response()
    } else {
        (
            StatusCode::SERVICE_UNAVAILABLE,
            "starting: listing namespaces\n",
        )
            .into_response()
    }
}

async fn metrics(State(w): State<Arc<Webhook>>) -> Response {
    let mut text = String::new();
    if prometheus_client::encoding::text::encode(&mut text, &w.registry).is_err() {
        return StatusCode::INTERNAL_SERVER_ERROR.into_response();
    }
    (
        [(
            header::CONTENT_TYPE,
            "application/openmetrics-text; version=1.0.0; charset=utf-8",
        )],
        text,
    )
        .into_response()
}

/// The webhook's certificate and key, reloaded when the files change (cert-manager or
/// the chart rotating the Secret): new connections get the new certificate.
pub async fn tls(cert: PathBuf, key: PathBuf) -> anyhow::Result<RustlsConfig> {
    let modified = |p: &PathBuf| std::fs::metadata(p).and_then(|m| m.modified()).ok();
    // Stamped before reading: a rotation while they are read is seen at the next look.
    let mut seen: (Option<SystemTime>, Option<SystemTime>) = (modified(&cert), modified(&key));
    let config = RustlsConfig::from_pem_file(&cert, &key)
        .await
        .map_err(|e| anyhow::anyhow!("cannot use {} and {}: {e}", cert.display(), key.display()))?;
    tokio::spawn({
        let config = config.clone();
        async move {
            loop {
                tokio::time::sleep(RELOAD_EVERY).await;
                let now = (modified(&cert), modified(&key));
                if now == seen {
                    continue;
                }
                match config.reload_from_pem_file(&cert, &key).await {
                    Ok(()) => {
                        tracing::info!("webhook certificate reloaded");
                        seen = now;
                    }
                    // Half-written during a rotation, say: the old one stays in use.
                    Err(e) => tracing::warn!(error = %e, "webhook certificate not reloaded"),
                }
            }
        }
    });
    Ok(config)
}
