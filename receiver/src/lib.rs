//! The GPU-aware OTLP receiver.
//!
//! ```text
//! ingest (gRPC :4317, HTTP :4318) ─► handoff ─► [queue: on disk until delivered] ─► pipeline
//!   gate, admission, Prepared          the sender's answer          ─► reconcile ─► export (OTLP gRPC/HTTP, or an OTLP-JSON file)
//!                                                                       window store, held kernel spans,
//!                                                                       stamp-vs-verdict, window spans
//! telemetry (/metrics, /livez, /readyz, /healthz) counts every stage
//! ```
//!
//! [`pipeline::start`] wires the stages and runs the one pipeline loop;
//! [`reconcile::Reconciler`] is the pure core. A request travels as an [`entry::Entry`]
//! from the [`handoff`] (in memory, or through the persistent [`queue`] when `queue.dir`
//! is set) to the pipeline, and its output carries the queue's acknowledgement data
//! (origins) to export. Spans travel as their protobuf bytes ([`wire`]): only a span
//! whose `gpu.serialized` changes is decoded and encoded again. [`clock`] is the one
//! time line. [`k8s`] names the pod of every span on its way out. [`conformance`]
//! checks any producer's OTLP against the contract.
#![forbid(unsafe_code)]

pub mod acks;
pub mod clock;
pub mod config;
pub mod conformance;
pub mod entry;
pub mod export;
pub mod fixtures;
pub mod handoff;
pub mod ingest;
pub mod k8s;
pub mod kernel_metrics;
pub mod memory;
pub mod output_sampling;
pub mod pipeline;
pub mod preflight;
pub mod private_files;
pub mod profiles;
pub mod queue;
pub mod reconcile;
pub mod replay;
pub mod secret;
pub mod telemetry;
pub mod wire;
pub mod writable;
