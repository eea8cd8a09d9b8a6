//! Accepted connections, one path for both listeners: TCP_NODELAY, then the TLS
//! handshake when the gate has TLS (with the certificate current at that moment, so a
//! reloaded one serves every new connection), bounded by the handshake timeout. A
//! failed handshake (no client certificate under mutual TLS, an untrusted one, plain
//! text on a TLS port, a stall) closes the connection and is counted.

use std::io;
use std::pin::Pin;
use std::sync::atomic::Ordering::Relaxed;
use std::sync::Arc;
use std::task::{Context, Poll};
use std::time::Duration;

use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::mpsc;
use tokio_rustls::server::TlsStream;
use tokio_stream::wrappers::ReceiverStream;
use tokio_util::sync::CancellationToken;
use tonic::transport::server::{Connected, TcpConnectInfo};

use super::gate::Gate;
use super::tls::Listener;

/// One accepted connection, plain or TLS.
#[derive(Debug)]
pub enum Conn {
    /// Plain TCP.
    Plain(TcpStream),
    /// TLS over TCP (boxed: the session is most of the enum's size).
    Tls(Box<TlsStream<TcpStream>>),
}

impl Conn {
    fn tcp(&self) -> &TcpStream {
        match self {
            Conn::Plain(s) => s,
            Conn::Tls(s) => s.get_ref().0,
        }
    }
}

/// Makes an accepted socket a connection: TCP_NODELAY, and the TLS handshake when the
/// gate has TLS. `None` when the handshake failed (counted), timed out (counted) or
/// `shutdown` came first.
pub async fn open(
    gate: &Gate,
    listener: Listener,
    mut tcp: TcpStream,
    shutdown: &CancellationToken,
) -> Option<Conn> {
    super::set_nodelay(&mut tcp);
    let Some((config, timeout)) = gate.tls_config(listener) else {
        return Some(Conn::Plain(tcp));
    };
    let peer = tcp.peer_addr().ok();
    let accept = tokio_rustls::TlsAcceptor::from(config).accept(tcp);
    let outcome = tokio::select! {
        r = tokio::time::timeout(timeout, accept) => r,
        _ = shutdown.cancelled() => return None,
    };
    let why = match outcome {
        Ok(Ok(tls)) => return Some(Conn::Tls(Box::new(tls))),
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

/// The gRPC listener's connections, for tonic: accepted one after another, each
/// opened on its own task so that a slow handshake holds up no other client. Ends
/// when `shutdown` is cancelled (the listener is closed then).
pub fn incoming(
    listener: TcpListener,
    gate: Arc<Gate>,
    shutdown: CancellationToken,
) -> ReceiverStream<io::Result<Conn>> {
    let (tx, rx) = mpsc::channel(64);
    tokio::spawn(async move {
        loop {
            let tcp = tokio::select! {
                accepted = listener.accept() => match accepted {
                    Ok((tcp, _)) => tcp,
                    Err(e) => {
                        // Out of file descriptors, most likely: give closing
                        // connections a moment instead of spinning.
                        tracing::warn!(error = %e, "OTLP/gRPC accept failed");
                        tokio::time::sleep(Duration::from_millis(50)).await;
                        continue;
                    }
                },
                _ = shutdown.cancelled() => return,
            };
            let (gate, tx, shutdown) = (gate.clone(), tx.clone(), shutdown.clone());
            tokio::spawn(async move {
                if let Some(conn) = open(&gate, Listener::Grpc, tcp, &shutdown).await {
                    let _ = tx.send(Ok(conn)).await;
                }
            });
        }
    });
    ReceiverStream::new(rx)
}

impl Connected for Conn {
    type ConnectInfo = TcpConnectInfo;

    fn connect_info(&self) -> TcpConnectInfo {
        self.tcp().connect_info()
    }
}

impl AsyncRead for Conn {
    fn poll_read(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        match self.get_mut() {
            Conn::Plain(s) => Pin::new(s).poll_read(cx, buf),
            Conn::Tls(s) => Pin::new(s.as_mut()).poll_read(cx, buf),
        }
    }
}

impl AsyncWrite for Conn {
    fn poll_write(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        match self.get_mut() {
            Conn::Plain(s) => Pin::new(s).poll_write(cx, buf),
            Conn::Tls(s) => Pin::new(s.as_mut()).poll_write(cx, buf),
        }
    }

    fn poll_write_vectored(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        match self.get_mut() {
            Conn::Plain(s) => Pin::new(s).poll_write_vectored(cx, bufs),
            Conn::Tls(s) => Pin::new(s.as_mut()).poll_write_vectored(cx, bufs),
        }
    }

    fn is_write_vectored(&self) -> bool {
        match self {
            Conn::Plain(s) => s.is_write_vectored(),
            Conn::Tls(s) => s.is_write_vectored(),
        }
    }

    fn poll_flush(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        match self.get_mut() {
            Conn::Plain(s) => Pin::new(s).poll_flush(cx),
            Conn::Tls(s) => Pin::new(s.as_mut()).poll_flush(cx),
        }
    }

    fn poll_shutdown(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        match self.get_mut() {
            Conn::Plain(s) => Pin::new(s).poll_shutdown(cx),
            Conn::Tls(s) => Pin::new(s.as_mut()).poll_shutdown(cx),
        }
    }
}
