//! The GPU-aware OTLP receiver.
//!
//! ```text
//! ingest (gRPC :4317, HTTP :4318) ─► pipeline ─► reconcile ─► export (OTLP gRPC/HTTP, or an OTLP-JSON file)
//!                                         │        window store, held kernel spans,
//!                                         │        stamp-vs-verdict, window spans
//!                                         └─► telemetry (/metrics, /healthz)
//! ```
//!
//! [`pipeline::start`] wires the stages; [`reconcile::Reconciler`] is the pure core.
//! Spans travel from ingest to export as their protobuf bytes ([`wire`]): only a span
//! whose `gpu.serialized` changes is decoded and encoded again.
//! [`conformance`] checks any producer's OTLP against the contract.
//! [`queue`] (opt-in) keeps every accepted request on disk until it is delivered.
#![forbid(unsafe_code)]

pub mod config;
pub mod conformance;
pub mod export;
pub mod fixtures;
pub mod ingest;
pub mod pipeline;
pub mod queue;
pub mod reconcile;
pub mod secret;
pub mod telemetry;
pub mod wire;
