//! The mutating admission webhook: one annotation (`gpu-otel.io/inject: "true"` on a pod
//! or its namespace) puts the injector into a pod's GPU containers, with no image
//! rebuild and nothing else written by hand.
//!
//! ```text
//! API server ─ AdmissionReview (pod CREATE) ─► server.rs (TLS, /mutate) ─► review.rs ─► inject.rs (pure)
//!                                                  │ namespaces.rs (cache)   │            annotations.rs, gpu.rs
//!            ◄─ allowed, JSON patch, warnings ─────┘                         └─► events.rs (a refused annotation)
//! ```
//!
//! The decision is pure ([`inject::decide`]: pod, namespace annotations and settings in;
//! a patch or the reason to leave the pod out); the server is thin. It never blocks a
//! pod: it always allows, and the API server is told to ignore it when it does not
//! answer (`failurePolicy: Ignore`, the chart's MutatingWebhookConfiguration).
#![forbid(unsafe_code)]

pub mod annotations;
pub mod events;
pub mod gpu;
pub mod inject;
pub mod namespaces;
pub mod review;
pub mod server;
