//! PC sampling: the pure parts, no I/O and no clock.
//!
//! - [`tier`]: `GPU_OTEL_PC_SAMPLING` parsing (off, continuous, serialized).
//! - [`controller`]: the burst controller of the serialized tier (duty ceiling,
//!   control law, launch bound), driven from the launch callbacks.
//! - [`window_log`]: sequence numbers and the open / closed / never-again records.
//! - [`samples`]: PC records, their sum per execution, and when they may be joined to
//!   one execution.
//! - [`stamp`]: the worker's local window store; stamps executions with the
//!   receiver's classification and joins PC samples by correlation id.
//! - [`continuous`]: CONTINUOUS-mode samples aggregated per kernel function.
//! - [`switch`]: the run-time switch serialized ⇄ continuous, and `off` while the
//!   process may not serialize.
//! - [`lease`]: when a process may serialize: the per-GPU sampler lease's policy
//!   (try, hold, give up, rest).
//! - [`enable`]: when PC sampling is enabled on a context (at its creation, or only
//!   while the process holds the GPU's sampler lease).
//! - [`message`]: what the sampling side sends the worker.

pub mod continuous;
pub mod controller;
pub mod enable;
pub mod lease;
pub mod message;
pub mod samples;
pub mod stamp;
pub mod switch;
pub mod tier;
pub mod window_log;
