//! The injector's one output of its own besides OTLP: a line on stderr, prefixed so
//! that users can tell whose it is.

/// Writes one line on stderr.
pub(crate) fn line(msg: &str) {
    eprintln!("gpu-otel-injector: {msg}");
}
