//! Accepted connections, one path for every listener (OTLP/gRPC, OTLP/HTTP, `/metrics`):
//! a cap on the connections open at once, TCP_NODELAY, then the TLS handshake when the
//! gate has TLS (with the certificate current at that moment, so a reloaded one serves
//! every new connection), bounded by the handshake timeout, and a deadline for the first
//! request. A failed handshake (no client certificate under mutual TLS, an untrusted
//! one, plain text on a TLS port, a stall) closes the connection and is counted.
//!
//! At the cap a new connection takes the place of the oldest one that has not begun a
//! request (an idle, half-open or stalled stranger, whom the first-request deadline
//! would close anyway); when every open connection has begun one, the new connection is
//! closed at once and counted, so the sender sees it fail rather than wait in the listen
//! backlog. So a crowd of idle connections can delay a client by none, and a crowd of
//! senders is bounded by the cap.

use std::collections::BTreeMap;
use std::future::Future;
use std::io;
use std::pin::Pin;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering::Relaxed};
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll};
use std::time::{Duration, Instant};

use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::mpsc;
use tokio_rustls::server::TlsStream;
use tokio_stream::wrappers::ReceiverStream;
use tokio_util::sync::{CancellationToken, WaitForCancellationFutureOwned};
use tonic::transport::server::{Connected, TcpConnectInfo};

use super::gate::Gate;
use super::tls::Listener;
use crate::telemetry::Telemetry;

/// How often connections are checked against the first-request deadline.
const REAP_EVERY: Duration = Duration::from_millis(250);

/// What one listener allows its connections.
#[derive(Debug, Clone, Copy)]
pub struct Limits {
    /// Connections open at once.
    pub max_connections: usize,
    /// How long a connection may stay open without beginning a request (TLS handshake
    /// included).
    pub first_request: Duration,
}

/// One open connection, as its listener keeps track of it.
#[derive(Debug)]
pub struct ConnState {
    opened: Instant,
    /// A request has begun on it: it is no stranger, and is never displaced.
    begun: AtomicBool,
    close: CancellationToken,
}

impl ConnState {
    /// A request has begun on this connection.
    pub fn begun(&self) {
        self.begun.store(true, Relaxed);
    }
}

/// The open connections of one listener, at most `max`.
#[derive(Debug)]
pub struct Slots {
    limits: Limits,
    open: Mutex<BTreeMap<u64, Arc<ConnState>>>,
    next: AtomicU64,
    telemetry: Arc<Telemetry>,
}

/// A connection's place among its listener's; gives it back when dropped.
#[derive(Debug)]
pub struct Slot {
    id: u64,
    slots: Arc<Slots>,
    state: Arc<ConnState>,
}

impl Drop for Slot {
    fn drop(&mut self) {
        self.slots.lock().remove(&self.id);
    }
}

impl Slots {
    /// The slots of a listener with `limits`; refusals and displacements are counted in
    /// `telemetry`.
    pub fn new(limits: Limits, telemetry: Arc<Telemetry>) -> Arc<Slots> {
        Arc::new(Slots {
            limits,
            open: Mutex::new(BTreeMap::new()),
            next: AtomicU64::new(0),
            telemetry,
        })
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, BTreeMap<u64, Arc<ConnState>>> {
        self.open.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// A place for a new connection: free, or taken from the oldest connection that
    /// has not begun a request (which is closed). None at the cap when every open
    /// connection has begun one (counted).
    pub fn take(self: &Arc<Self>) -> Option<Slot> {
        let mut open = self.lock();
        if open.len() >= self.limits.max_connections {
            // Ids grow with time: the first stranger found is the oldest.
            let stranger = open
                .iter()
                .find(|(_, c)| !c.begun.load(Relaxed))
                .map(|(&id, c)| (id, c.close.clone()));
            let Some((id, close)) = stranger else {
                self.telemetry
                    .ingest
                    .connections_refused
                    .fetch_add(1, Relaxed);
                return None;
            };
            open.remove(&id);
            close.cancel();
            self.telemetry
                .ingest
                .connections_displaced
                .fetch_add(1, Relaxed);
        }
        let id = self.next.fetch_add(1, Relaxed);
        let state = Arc::new(ConnState {
            opened: Instant::now(),
            begun: AtomicBool::new(false),
            close: CancellationToken::new(),
        });
        open.insert(id, state.clone());
        Some(Slot {
            id,
            slots: self.clone(),
            state,
        })
    }

    /// Closes the connections that have not begun a request within the deadline, every
    /// [`REAP_EVERY`], until `stop`.
    async fn reap(self: Arc<Self>, stop: CancellationToken) {
        let mut tick = tokio::time::interval(REAP_EVERY);
        tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            tokio::select! {
                _ = tick.tick() => {}
                _ = stop.cancelled() => return,
            }
            let deadline = self.limits.first_request;
            let late: Vec<Arc<ConnState>> = self
                .lock()
                .values()
                .filter(|c| !c.begun.load(Relaxed) && c.opened.elapsed() > deadline)
                .cloned()
                .collect();
            for c in late {
                c.close.cancel();
                self.telemetry
                    .ingest
                    .connections_timed_out
                    .fetch_add(1, Relaxed);
            }
        }
    }
}

/// One accepted connection, plain or TLS, holding its place among its listener's; its
/// reads and writes fail once the listener closes it (displaced, or no request within
/// the deadline).
pub struct Conn {
    stream: Stream,
    slot: Slot,
    closed: Pin<Box<WaitForCancellationFutureOwned>>,
}

impl std::fmt::Debug for Conn {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Conn")
            .field("stream", &self.stream)
            .finish()
    }
}

#[derive(Debug)]
enum Stream {
    /// Plain TCP.
    Plain(TcpStream),
    /// TLS over TCP (boxed: the session is most of the enum's size).
    Tls(Box<TlsStream<TcpStream>>),
}

impl Conn {
    fn tcp(&self) -> &TcpStream {
        match &self.stream {
            Stream::Plain(s) => s,
            Stream::Tls(s) => s.get_ref().0,
        }
    }

    /// Its state, for the service to mark when a request begins.
    pub fn state(&self) -> Arc<ConnState> {
        self.slot.state.clone()
    }

    /// Whether the listener has closed it; registers the waker when not.
    fn is_closed(&mut self, cx: &mut Context<'_>) -> bool {
        self.closed.as_mut().poll(cx).is_ready()
    }
}

fn aborted() -> io::Error {
    io::Error::new(
        io::ErrorKind::ConnectionAborted,
        "closed by the receiver: no request in time, or displaced at the connection cap",
    )
}

/// Makes an accepted socket a connection: TCP_NODELAY, and the TLS handshake when the
/// gate has TLS. `None` when the handshake failed (counted), timed out (counted), the
/// listener closed the connection meanwhile, or `shutdown` came first.
pub async fn open(
    gate: &Gate,
    listener: Listener,
    mut tcp: TcpStream,
    slot: Slot,
    shutdown: &CancellationToken,
) -> Option<Conn> {
    super::set_nodelay(&mut tcp);
    let closed = Box::pin(slot.state.close.clone().cancelled_owned());
    let Some((config, timeout)) = gate.tls_config(listener) else {
        return Some(Conn {
            stream: Stream::Plain(tcp),
            slot,
            closed,
        });
    };
    let peer = tcp.peer_addr().ok();
    let accept = tokio_rustls::TlsAcceptor::from(config).accept(tcp);
    let outcome = tokio::select! {
        r = tokio::time::timeout(timeout, accept) => r,
        _ = shutdown.cancelled() => return None,
        _ = slot.state.close.cancelled() => return None,
    };
    let why = match outcome {
        Ok(Ok(tls)) => {
            return Some(Conn {
                stream: Stream::Tls(Box::new(tls)),
                slot,
                closed,
            })
        }
        Ok(Err(e)) => e.to_string(),
        Err(_) => format!(
            "no handshake within {}",
            humantime::format_duration(timeout)
        ),
    };
    gate.telemetry()
        .ingest
        .tls_handshakes_failed
        .fetch_add(1, Relaxed);
    tracing::debug!(?peer, ?listener, error = %why, "TLS handshake failed");
    None
}

/// A listener's connections, accepted one after another, each given its place (or
/// refused at the cap) and opened on its own task, so that a slow handshake holds up no
/// other client. Ends when `shutdown` is cancelled (the listener is closed then).
/// `tls`: the gate and which of its listeners this is; `None`: plain text.
pub fn incoming(
    listener: TcpListener,
    tls: (Arc<Gate>, Listener),
    slots: Arc<Slots>,
    shutdown: CancellationToken,
) -> ReceiverStream<io::Result<Conn>> {
    let (tx, rx) = mpsc::channel(64);
    tokio::spawn(slots.clone().reap(shutdown.clone()));
    tokio::spawn(async move {
        loop {
            let tcp = tokio::select! {
                accepted = listener.accept() => match accepted {
                    Ok((tcp, _)) => tcp,
                    Err(e) => {
                        // Out of file descriptors, most likely: give closing
                        // connections a moment instead of spinning.
                        tracing::warn!(error = %e, "accept failed");
                        tokio::time::sleep(Duration::from_millis(50)).await;
                        continue;
                    }
                },
                _ = shutdown.cancelled() => return,
            };
            let Some(slot) = slots.take() else {
                drop(tcp);
                continue;
            };
            let (tls, tx, shutdown) = (tls.clone(), tx.clone(), shutdown.clone());
            tokio::spawn(async move {
                if let Some(conn) = open(&tls.0, tls.1, tcp, slot, &shutdown).await {
                    let _ = tx.send(Ok(conn)).await;
                }
            });
        }
    });
    ReceiverStream::new(rx)
}

/// Serves HTTP/1.1 with `router` on every connection of `incoming` until it ends, then
/// lets open connections finish their requests. Headers must arrive within
/// `header_timeout` (hyper closes the connection), also between the requests of a
/// kept-alive connection; a request begun marks its connection as no stranger.
pub async fn serve_http1(
    mut incoming: ReceiverStream<io::Result<Conn>>,
    router: axum::Router,
    header_timeout: Duration,
) {
    use tokio_stream::StreamExt as _;
    let mut builder = hyper::server::conn::http1::Builder::new();
    builder
        .timer(TokioTimer::new())
        .header_read_timeout(header_timeout)
        // What a connection buffers of a request's head; bodies are read as they arrive.
        .max_buf_size(HTTP1_BUFFER);
    let graceful = hyper_util::server::graceful::GracefulShutdown::new();
    while let Some(Ok(conn)) = incoming.next().await {
        let state = conn.state();
        let service = tower::ServiceExt::map_request(router.clone(), move |req| {
            state.begun();
            req
        });
        let served = graceful
            .watch(builder.serve_connection(TokioIo::new(conn), TowerToHyperService::new(service)));
        tokio::spawn(async move {
            if let Err(e) = served.await {
                tracing::debug!(error = %e, "HTTP connection ended");
            }
        });
    }
    graceful.shutdown().await;
}

/// What an HTTP/1.1 connection buffers at most of what it reads (hyper's least).
pub const HTTP1_BUFFER: usize = 8 * 1024;

/// What tonic hands a request of a connection: its addresses and its state.
#[derive(Debug, Clone)]
pub struct ConnInfo {
    /// The peer's and the local address.
    pub tcp: TcpConnectInfo,
    /// For the service to mark when a request begins.
    pub state: Arc<ConnState>,
}

impl Connected for Conn {
    type ConnectInfo = ConnInfo;

    fn connect_info(&self) -> ConnInfo {
        ConnInfo {
            tcp: self.tcp().connect_info(),
            state: self.state(),
        }
    }
}

impl AsyncRead for Conn {
    fn poll_read(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        let this = self.get_mut();
        if this.is_closed(cx) {
            return Poll::Ready(Err(aborted()));
        }
        match &mut this.stream {
            Stream::Plain(s) => Pin::new(s).poll_read(cx, buf),
            Stream::Tls(s) => Pin::new(s.as_mut()).poll_read(cx, buf),
        }
    }
}

impl AsyncWrite for Conn {
    fn poll_write(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        let this = self.get_mut();
        if this.is_closed(cx) {
            return Poll::Ready(Err(aborted()));
        }
        match &mut this.stream {
            Stream::Plain(s) => Pin::new(s).poll_write(cx, buf),
            Stream::Tls(s) => Pin::new(s.as_mut()).poll_write(cx, buf),
        }
    }

    fn poll_write_vectored(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        let this = self.get_mut();
        if this.is_closed(cx) {
            return Poll::Ready(Err(aborted()));
        }
        match &mut this.stream {
            Stream::Plain(s) => Pin::new(s).poll_write_vectored(cx, bufs),
            Stream::Tls(s) => Pin::new(s.as_mut()).poll_write_vectored(cx, bufs),
        }
    }

    fn is_write_vectored(&self) -> bool {
        match &self.stream {
            Stream::Plain(s) => s.is_write_vectored(),
            Stream::Tls(s) => s.is_write_vectored(),
        }
    }

    fn poll_flush(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        match &mut self.get_mut().stream {
            Stream::Plain(s) => Pin::new(s).poll_flush(cx),
            Stream::Tls(s) => Pin::new(s.as_mut()).poll_flush(cx),
        }
    }

    fn poll_shutdown(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        match &mut self.get_mut().stream {
            Stream::Plain(s) => Pin::new(s).poll_shutdown(cx),
            Stream::Tls(s) => Pin::new(s.as_mut()).poll_shutdown(cx),
        }
    }
}
