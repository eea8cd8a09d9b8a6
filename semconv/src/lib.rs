//! The attribute registry and the `gpu.serialized` contract, shared by the injector
//! and the receiver.
//!
//! Data flow of the contract, one module each:
//! - [`attributes`]: every wire name, generated from `semconv/registry/*.yaml`;
//! - [`serialized`]: the tri-state `gpu.serialized` value (default unknown);
//! - [`tier`]: the producer's declared PC-sampling tier;
//! - [`window`]: one sampling-window record (open or closed);
//! - [`codec`]: window records to and from OTLP attributes and span events;
//! - [`store`]: the bounded window store and the classification of one execution;
//! - [`accounting`]: outcome counters with the sum identity;
//! - [`stall`]: PC-sampling stall reasons by the names people know them by;
//! - [`k8s`]: the Kubernetes workload a pod belongs to, named from its owners.
//!
//! Everything here is pure: no I/O, no clock, no global state.
#![forbid(unsafe_code)]
#![warn(missing_docs)]

#[rustfmt::skip]
pub mod attributes;
pub mod accounting;
pub mod codec;
pub mod definition;
pub mod k8s;
pub mod otlp;
pub mod registry;
pub mod serialized;
pub mod stall;
pub mod store;
pub mod tier;
pub mod window;

pub use accounting::Outcomes;
pub use serialized::Serialized;
pub use store::{StoreLimits, UnknownReason, WindowStore};
pub use tier::Tier;
pub use window::{QuietTail, SamplingMode, Window, WindowEnd};
