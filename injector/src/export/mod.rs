//! Sending: finished spans encoded as OTLP requests and put on the wire, on the
//! injector's own sending thread ("gpu-otel-send").
//!
//! - [`Batcher`] (`encode.rs`): OTLP protobuf written straight from records into the
//!   open request of each tier and GPU, cut at a byte bound.
//! - [`SendPool`] (`send.rs`): several requests in flight over one connection, retries
//!   with backoff, each request's bytes given back to the memory budget and its spans
//!   counted when it is settled.
//! - [`Sink`] (`sink.rs`): where requests go (the OTLP client, or a test's counter).

mod encode;
mod send;
mod sink;

pub use encode::{resource_of, Batcher, Request};
pub use send::{Closer, SendPool};
pub use sink::{CountingSink, Sink};
