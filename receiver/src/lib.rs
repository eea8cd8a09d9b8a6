//! The GPU-aware OTLP receiver.
//!
//! ```text
//! ingest (gRPC :4317, HTTP :4318) ─► pipeline ─► reconcile (window store, hold, verdict) ─► export (OTLP gRPC/HTTP, or a JSON-lines file)
//!                                                                        └─► telemetry (/metrics, /healthz)
//! ```
#![forbid(unsafe_code)]

pub mod fixtures;
pub mod reconcile;
