//! A CUDA injection library (`CUDA_INJECTION64_PATH`) that reports every kernel
//! execution of an unmodified CUDA program as an OTLP span.
//!
//! ```text
//! CUPTI activity buffers ─▶ cupti (FFI, decode) ─▶ KernelRecord ─▶ worker::RecordQueue
//!   ─▶ worker (model::Slicer, sampling::stamp, nvtx::book) ─▶ export::Batcher (OTLP
//!   protobuf straight from records) ─▶ export::SendPool (requests in flight, tonic/reqwest)
//! ```
//!
//! The rooms, from the top down (each imports only rooms below it):
//!
//! - `runtime` (private): the injector's life in a process (attach, the collector
//!   thread, the at-exit work), PC sampling's run time (`runtime/pc.rs`) and NVTX's
//!   (`runtime/nvtx.rs`), in safe code.
//! - `cupti` (private): the only module with `unsafe`: CUPTI, the CUDA driver, the
//!   dynamic loader and the C-ABI entries.
//! - [`config`]: every environment variable, read once, and the defaults.
//! - [`worker`]: the injector's processing on its own thread: records, NVTX events and
//!   PC sampling's messages in, OTLP requests out.
//! - [`export`]: sending: encoding by bytes, requests in flight, retries.
//! - [`dump`]: the record dump's file format (`GPU_OTEL_RECORD_DUMP`), read by replays.
//! - [`budget`], [`stats`]: the memory bound and the counters every thread shares.
//! - [`resource`]: the OTLP resource. [`clock`]: the one clock.
//! - [`launches`]: the launch accounting (counted on the application's threads, settled
//!   on the collector's); [`completeness`], its pure core: whether CUPTI recorded every
//!   execution the launches promised.
//! - [`lease`]: the per-GPU sampler lease's files (a `flock` per GPU, on the collector
//!   thread); its policy is `sampling::lease`.
//! - [`handoff`]: the windows in which the application's own profiler (torch.profiler)
//!   has CUPTI, pure; the runtime steps aside and comes back (`runtime/handoff.rs`).
//! - [`model`]: records to spans. [`sampling`]: PC sampling's controller, window log,
//!   stamping and aggregation. [`nvtx`]: NVTX ranges. [`record`]: one kernel execution.
//!   These are pure: no I/O, no clock (instants are arguments).
//! - [`fake`]: a fake CUPTI for tests.
//!
//! One loop is left, and the C ABI forces it: `cupti` must export
//! `InitializeInjection` itself, and that entry must start the runtime, which sits
//! above `cupti`. It runs [`START`], bound here at the crate root: the driver's first
//! call into the library, so nothing could have registered a hook before it. Every
//! later call up out of `cupti` goes through functions the runtime hands down.
//!
//! PC sampling is off by default (`GPU_OTEL_PC_SAMPLING`): `gpu.pc_sampling.tier =
//! "off"` on the resource and `gpu.serialized = "false"` on every kernel span.
#![deny(unsafe_code)]

pub mod budget;
pub mod clock;
pub mod completeness;
pub mod config;
pub mod container;
#[allow(unsafe_code)]
mod cupti;
pub mod dump;
pub mod export;
pub mod fake;
pub mod handoff;
pub mod launches;
pub mod lease;
mod log;
pub mod model;
pub mod nvtx;
pub mod record;
pub mod resource;
mod runtime;
pub mod sampling;
pub mod stats;
pub mod worker;

/// The PC-sampling launch hook and its set-up, for the benchmark of what it costs a
/// launching thread (`benches/launch_hook.rs`). Not an API.
#[doc(hidden)]
pub mod bench {
    pub use crate::runtime::pc::{bench_install_serialized, on_launch};
}

pub use model::Slicer;
pub use record::{GraphLaunch, GraphRecords, KernelRecord};

/// What `InitializeInjection`, the CUDA driver's first call into the library, runs
/// (the one call up out of `cupti` that cannot be handed down: see above).
const START: fn() = runtime::initialize;
