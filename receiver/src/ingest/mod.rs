//! Ingest: the OTLP/gRPC and OTLP/HTTP front ends. Each request passes the
//! [`gate::Gate`] (TLS on both listeners, `tls.rs`, one accept path in `conn.rs`, and
//! bearer tokens, `auth.rs`, checked before a body is read), is admitted against the
//! pending-bytes budget, read into a [`crate::reconcile::prepared::Prepared`] on its connection's
//! task, and handed to the pipeline through the [`crate::handoff::Handoff`], which says
//! what the sender is told. Refusals map onto each protocol's "retry later"
//! (ResourceExhausted with RetryInfo / 429 with Retry-After) and "unavailable" (503).

pub mod auth;
pub mod conn;
pub mod gate;
pub mod grpc;
pub mod http;
pub mod tls;

use axum::serve::{ListenerExt as _, TapIo};
use opentelemetry_proto::tonic::collector::trace::v1::{
    ExportTracePartialSuccess, ExportTraceServiceResponse,
};
use tokio::net::{TcpListener, TcpStream};

use std::sync::Arc;

use crate::handoff::Handoff;
use crate::reconcile::prepared::IngestReport;
use crate::telemetry::{Telemetry, Transport};

/// A request counted and not yet answered. The server drops a request's work when its
/// sender resets the stream or closes the connection first; dropped unanswered, it is
/// counted `cancelled`, so that every request counted has exactly one outcome. Each
/// front end calls [`Answering::answered`] where its outcome has just been counted.
pub(crate) struct Answering(Option<(Arc<Telemetry>, Transport)>);

impl Answering {
    pub(crate) fn new(handoff: &Handoff) -> Answering {
        Answering(Some((handoff.telemetry.clone(), handoff.transport())))
    }

    pub(crate) fn answered(mut self) {
        self.0 = None;
    }
}

impl Drop for Answering {
    fn drop(&mut self) {
        if let Some((telemetry, transport)) = &self.0 {
            telemetry
                .ingest
                .transport(*transport)
                .refused_cancelled
                .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        }
    }
}

/// An axum listener whose connections have TCP_NODELAY on: without it an answer
/// written while an earlier segment is unacknowledged waits for the peer's delayed
/// ACK (about 40 ms), which caps a connection that sends one request after another.
pub fn nodelay(listener: TcpListener) -> TapIo<TcpListener, fn(&mut TcpStream)> {
    listener.tap_io(set_nodelay)
}

pub(crate) fn set_nodelay(stream: &mut TcpStream) {
    if let Err(e) = stream.set_nodelay(true) {
        tracing::debug!(error = %e, "cannot set TCP_NODELAY on an accepted connection");
    }
}

/// The OTLP response for a report: partial success only when something was wrong.
pub fn response(report: &IngestReport) -> ExportTraceServiceResponse {
    ExportTraceServiceResponse {
        partial_success: (!report.is_clean()).then(|| ExportTracePartialSuccess {
            rejected_spans: report.rejected_spans,
            error_message: report.error_message(),
        }),
    }
}
