//! A CUDA injection library (`CUDA_INJECTION64_PATH`) that reports every kernel
//! execution of an unmodified CUDA program as an OTLP span.
//!
//! ```text
//! CUPTI activity buffers ─▶ cupti (FFI, decode) ─▶ KernelRecord ─▶ budget-bounded queue
//!   ─▶ model::Slicer (one trace per time slice) ─▶ export::encode (OTLP protobuf
//!   straight from records) ─▶ export::send (several requests in flight, tonic/reqwest)
//! ```
//!
//! - `cupti` (private): the only module with `unsafe`; the exported
//!   `InitializeInjection` and CUPTI's callbacks live there. It calls nothing above
//!   itself: the runtime hands it what its entries run ([`START`] here, hooks at
//!   attach, the at-exit work).
//! - `runtime` and `pc_runtime` (private): the injector's life in a process and PC
//!   sampling's run time, in safe code.
//! - [`config`]: every environment variable, read once.
//! - [`model`]: records to spans, pure.
//! - [`resource`]: the OTLP resource.
//! - [`export`]: encoding, batching by bytes, the memory budget, and sending.
//! - [`fake`]: a fake CUPTI record builder for tests.
//!
//! - [`sampling`]: PC sampling's pure parts (tier selection, burst controller,
//!   window log, stamping, continuous aggregation); `pc_runtime` (private) drives
//!   them from CUPTI's callbacks.
//!
//! PC sampling is off by default (`GPU_OTEL_PC_SAMPLING`): `gpu.pc_sampling.tier =
//! "off"` on the resource and `gpu.serialized = "false"` on every kernel span.
#![deny(unsafe_code)]

pub mod config;
#[allow(unsafe_code)]
mod cupti;
pub mod export;
pub mod fake;
pub mod model;
pub mod nvtx;
mod nvtx_runtime;
mod pc_runtime;
pub mod resource;
mod runtime;
pub mod sampling;

pub use model::{KernelRecord, Slicer};

/// What `InitializeInjection`, the CUDA driver's first call into the library, runs.
/// Bound here at the crate root, where the layers are put together, so that `cupti`
/// (which must export that entry itself) names nothing above it: nothing could have
/// registered a hook before the very first call.
const START: fn() = runtime::initialize;

/// One line on stderr, prefixed so users can tell whose it is.
pub(crate) fn log(msg: &str) {
    eprintln!("gpu-otel-injector: {msg}");
}
