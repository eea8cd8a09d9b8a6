//! The OTLP trace export client of the injector and the receiver, one for both:
//!
//! ```text
//! env (OTEL_EXPORTER_OTLP_*) ─▶ ExportConfig ─▶ Client::new ─▶ Client::prepare(bytes) ─▶ driver::deliver ─▶ Report
//!   pairs, headers, endpoint      tls, compression   grpc │ http   (compressed once)      send ─▶ Attempt: retry::Verdict
//!                                                                                          wait ◀─ backoff, the caller's Pace
//! ```
//!
//! - [`env`]: the `OTEL_EXPORTER_OTLP_*` variables as the OTLP exporter specification
//!   reads them, each bad value an error naming its variable.
//! - [`pairs`], [`headers`], [`endpoint`], [`compression`], [`tls`]: what those values
//!   mean: percent-decoded `key=value` lists, headers never printed, the `/v1/traces`
//!   rule, gzip and zstd, the CA and client certificate files.
//! - [`Client`]: OTLP/gRPC (feature `grpc`) or OTLP/HTTP protobuf and JSON (feature
//!   `http`), requests sent as the bytes the caller encoded.
//! - [`retry`] and [`backoff`]: what an attempt came to and how long to wait, pure, so
//!   that both callers rely on the same tested rules.
//! - [`driver`]: the one retry loop of both: a body prepared once ([`Client::prepare`])
//!   sent until an answer is final, on the caller's clock ([`Pace`]).
//!
//! Both features are on by default; either alone builds, so that the injected library
//! carries only the stack it uses. A protocol left out is a [`ClientError::NotBuilt`],
//! never a panic.

#[cfg(not(any(feature = "grpc", feature = "http")))]
compile_error!("gpu-otel-otlp-client needs the `grpc` or the `http` feature (or both)");

pub mod backoff;
mod client;
pub mod compression;
mod config;
pub mod driver;
pub mod endpoint;
pub mod env;
mod error;
mod failure;
#[cfg(feature = "grpc")]
pub mod grpc;
pub mod headers;
#[cfg(feature = "http")]
mod http;
pub mod pairs;
pub mod retry;
mod signal;
pub mod tls;

pub use backoff::Backoff;
pub use client::{Client, Prepared};
pub use compression::{Compression, CompressionError};
pub use config::{ExportConfig, Protocol, GRPC_CONNECTIONS_DEFAULT, TIMEOUT_DEFAULT};
pub use driver::{deliver, Pace, Report, Settled, Target};
pub use env::{EnvError, EnvSettings};
pub use error::ClientError;
pub use headers::{HeaderError, Headers};
pub use retry::{Attempt, Retry, Verdict};
pub use tls::{TlsError, TlsFile, TlsFiles};
