//! What an export request carries, shared by the client and both transports.

/// What an export request carries: the path it goes to and how it is read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Signal {
    Traces,
    Metrics,
    /// OTLP Profiles (`v1development`), to a destination of their own.
    Profiles,
}
