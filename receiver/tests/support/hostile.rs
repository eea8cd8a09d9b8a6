//! What a hostile client does to a receiver process, over loopback: requests that
//! decode to far more than they weigh, connections that never send, trickle or stop
//! reading; and how much memory the process took for it (`/proc/PID/status`).

use std::io::{BufRead as _, Read as _, Write as _};
use std::net::{SocketAddr, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use bytes::Bytes;
use http_body_util::{BodyExt as _, Full};
use hyper_util::rt::{TokioExecutor, TokioIo};

/// The OTLP/gRPC export method.
pub const EXPORT_PATH: &str = "/opentelemetry.proto.collector.trace.v1.TraceService/Export";
/// The largest request the receiver takes by default (after decompression).
pub const MAX_REQUEST: usize = 4 * 1024 * 1024;

/// The receiver under test: `GPU_OTEL_RECEIVER_BIN`, else the one cargo built.
pub fn receiver_bin() -> PathBuf {
    std::env::var_os("GPU_OTEL_RECEIVER_BIN").map_or_else(
        || env!("CARGO_BIN_EXE_gpu-otel-receiver").into(),
        PathBuf::from,
    )
}

/// A running receiver process and the ports it printed.
#[derive(Debug)]
pub struct Proc {
    pub child: Child,
    pub grpc: SocketAddr,
    pub http: SocketAddr,
    pub metrics: SocketAddr,
    pub log: PathBuf,
}

impl Proc {
    /// Starts `bin serve` with `args` (ports on loopback, chosen by the kernel) and
    /// waits for its start line; stderr goes to `dir/receiver-N.log`.
    pub fn start(bin: &Path, dir: &Path, args: &[String], env: &[(&str, &str)]) -> Proc {
        Proc::try_start(bin, dir, args, env).unwrap_or_else(|log| panic!("did not start:\n{log}"))
    }

    /// As [`Proc::start`]; `Err` with its log when it exits first.
    pub fn try_start(
        bin: &Path,
        dir: &Path,
        args: &[String],
        env: &[(&str, &str)],
    ) -> Result<Proc, String> {
        let log = dir.join(format!(
            "receiver-{}.log",
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .unwrap()
                .as_nanos()
        ));
        let mut cmd = Command::new(bin);
        cmd.args([
            "serve",
            "--grpc-endpoint=127.0.0.1:0",
            "--http-endpoint=127.0.0.1:0",
        ])
        .args(["--metrics-endpoint=127.0.0.1:0"])
        .args(args)
        .env_remove("OTEL_EXPORTER_OTLP_ENDPOINT")
        .env_remove("OTEL_EXPORTER_OTLP_TRACES_ENDPOINT")
        .env_remove("OTEL_EXPORTER_OTLP_HEADERS")
        .stdout(Stdio::piped())
        .stderr(std::fs::File::create(&log).unwrap());
        for (k, v) in env {
            cmd.env(k, v);
        }
        let mut child = cmd.spawn().unwrap();
        let mut line = String::new();
        std::io::BufReader::new(child.stdout.take().unwrap())
            .read_line(&mut line)
            .unwrap();
        let Ok(ports) = serde_json::from_str::<serde_json::Value>(&line) else {
            let _ = child.wait();
            return Err(std::fs::read_to_string(&log).unwrap_or_default());
        };
        let addr = |k: &str| ports[k].as_str().unwrap().parse().unwrap();
        Ok(Proc {
            grpc: addr("grpc"),
            http: addr("http"),
            metrics: addr("metrics"),
            child,
            log,
        })
    }

    /// A field of `/proc/PID/status` in bytes (`VmHWM`: the peak resident set).
    pub fn status_bytes(&self, field: &str) -> u64 {
        status_bytes(self.child.id(), field)
    }

    /// The peak resident set so far.
    pub fn peak(&self) -> u64 {
        self.status_bytes("VmHWM")
    }

    /// The resident set now.
    pub fn rss(&self) -> u64 {
        self.status_bytes("VmRSS")
    }

    /// Open file descriptors now.
    pub fn fds(&self) -> usize {
        std::fs::read_dir(format!("/proc/{}/fd", self.child.id()))
            .map(|d| d.count())
            .unwrap_or(0)
    }

    /// SIGTERM, then its log.
    pub fn stop(mut self) -> String {
        let _ = Command::new("kill")
            .args(["-TERM", &self.child.id().to_string()])
            .status();
        let deadline = Instant::now() + Duration::from_secs(30);
        while self.child.try_wait().unwrap().is_none() {
            if Instant::now() > deadline {
                let _ = self.child.kill();
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        std::fs::read_to_string(&self.log).unwrap_or_default()
    }

    /// Its log so far.
    pub fn log(&self) -> String {
        std::fs::read_to_string(&self.log).unwrap_or_default()
    }

    /// The Prometheus text of `/metrics`, parsed.
    pub fn metrics(&self) -> std::collections::BTreeMap<String, f64> {
        let (status, body) = http1(self.metrics, "GET", "/metrics", &[], b"");
        assert_eq!(status, 200);
        receiver::fixtures::parse_metrics(&String::from_utf8_lossy(&body))
    }
}

impl Drop for Proc {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A field of `/proc/PID/status`, in bytes.
pub fn status_bytes(pid: u32, field: &str) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    status
        .lines()
        .find_map(|l| l.strip_prefix(field)?.strip_prefix(':'))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<u64>().ok())
        .map_or(0, |kb| kb * 1024)
}

/// Bytes in MB, for messages.
pub fn mb(bytes: u64) -> String {
    format!("{:.0} MB", bytes as f64 / 1e6)
}

// ---- requests that decode to far more than they weigh ----

/// `{"resourceSpans":[{"scopeSpans":[{"spans":[{},{},…]}]}]}` with as many empty spans as
/// fit in `size` bytes.
pub fn json_empty_spans(size: usize) -> Vec<u8> {
    let (head, tail) = (r#"{"resourceSpans":[{"scopeSpans":[{"spans":["#, "]}]}]}");
    let n = (size - head.len() - tail.len() + 1) / 3;
    let mut out = Vec::with_capacity(size);
    out.extend_from_slice(head.as_bytes());
    for i in 0..n {
        out.extend_from_slice(if i == 0 { b"{}" } else { b",{}" });
    }
    out.extend_from_slice(tail.as_bytes());
    out
}

/// A length-delimited protobuf field.
pub fn field(tag: u32, payload: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(payload.len() + 6);
    prost::encoding::encode_key(tag, prost::encoding::WireType::LengthDelimited, &mut out);
    prost::encoding::encode_varint(payload.len() as u64, &mut out);
    out.extend_from_slice(payload);
    out
}

/// `n` empty `ResourceSpans`: 2 bytes each.
pub fn proto_empty_resources(n: usize) -> Vec<u8> {
    field(1, &[]).repeat(n)
}

/// One `ResourceSpans` whose resource has `n` empty attributes (2 bytes each), and one
/// valid span.
pub fn proto_empty_attributes(n: usize) -> Vec<u8> {
    let resource = field(1, &field(1, &[]).repeat(n));
    let span = valid_span();
    let scope_spans = field(2, &field(2, &span));
    field(1, &[resource, scope_spans].concat())
}

/// One scope of `n` empty spans (2 bytes each).
pub fn proto_empty_spans(n: usize) -> Vec<u8> {
    field(1, &field(2, &field(2, &[]).repeat(n)))
}

/// An encoded span with valid ids, a name and times.
pub fn valid_span() -> Vec<u8> {
    use prost::Message as _;
    receiver::fixtures::plain(7).encode_to_vec()
}

/// A small valid request: one plain span of a tier-off producer.
pub fn small_request() -> Vec<u8> {
    use prost::Message as _;
    let resource = receiver::fixtures::resource("hostile-test", 1, Some(semconv::Tier::Off));
    receiver::fixtures::request(resource, vec![receiver::fixtures::plain(9)]).encode_to_vec()
}

// ---- talking to it ----

/// One HTTP/1.1 request on a new connection, `Connection: close`: status and body
/// (status 0 when the connection failed).
pub fn http1(
    addr: SocketAddr,
    method: &str,
    path: &str,
    headers: &[(&str, &str)],
    body: &[u8],
) -> (u16, Vec<u8>) {
    let Ok(mut s) = TcpStream::connect(addr) else {
        return (0, Vec::new());
    };
    s.set_read_timeout(Some(Duration::from_secs(60))).unwrap();
    let mut head = format!(
        "{method} {path} HTTP/1.1\r\nhost: {addr}\r\nconnection: close\r\ncontent-length: {}\r\n",
        body.len()
    );
    for (k, v) in headers {
        head.push_str(&format!("{k}: {v}\r\n"));
    }
    head.push_str("\r\n");
    if s.write_all(head.as_bytes())
        .and_then(|_| s.write_all(body))
        .is_err()
    {
        return (0, Vec::new());
    }
    let mut out = Vec::new();
    let _ = s.read_to_end(&mut out);
    let text = String::from_utf8_lossy(&out);
    let status = text
        .split_whitespace()
        .nth(1)
        .and_then(|c| c.parse().ok())
        .unwrap_or(0);
    let body = out
        .windows(4)
        .position(|w| w == b"\r\n\r\n")
        .map_or_else(Vec::new, |at| out[at + 4..].to_vec());
    (status, body)
}

/// `POST /v1/traces` of `body` as `content_type`: the status.
pub fn post_traces(addr: SocketAddr, content_type: &str, body: &[u8]) -> u16 {
    http1(
        addr,
        "POST",
        "/v1/traces",
        &[("content-type", content_type)],
        body,
    )
    .0
}

/// The gRPC framing of one uncompressed message.
pub fn grpc_frame(message: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(message.len() + 5);
    out.push(0);
    out.extend_from_slice(&(message.len() as u32).to_be_bytes());
    out.extend_from_slice(message);
    out
}

/// One OTLP/gRPC export of `message` on a new HTTP/2 connection: its `grpc-status`
/// (None when the connection or the stream failed).
pub async fn grpc_export(addr: SocketAddr, message: &[u8]) -> Option<u32> {
    let tcp = tokio::net::TcpStream::connect(addr).await.ok()?;
    let (mut send, conn) =
        hyper::client::conn::http2::handshake(TokioExecutor::new(), TokioIo::new(tcp))
            .await
            .ok()?;
    tokio::spawn(conn);
    let req = http::Request::post(format!("http://{addr}{EXPORT_PATH}"))
        .header("content-type", "application/grpc")
        .header("te", "trailers")
        .body(Full::new(Bytes::from(grpc_frame(message))))
        .unwrap();
    let resp = send.send_request(req).await.ok()?;
    let (parts, body) = resp.into_parts();
    let collected = body.collect().await.ok()?;
    let status = collected
        .trailers()
        .and_then(|t| t.get("grpc-status"))
        .or_else(|| parts.headers.get("grpc-status"))?;
    status.to_str().ok()?.parse().ok()
}

/// How long `f` took and what it returned.
pub fn timed<T>(f: impl FnOnce() -> T) -> (Duration, T) {
    let t = Instant::now();
    let out = f();
    (t.elapsed(), out)
}

/// Raises this process's soft limit of open files to its hard limit (the tests open
/// thousands of connections).
pub fn raise_fd_limit() {
    use rustix::process::{getrlimit, setrlimit, Resource};
    let mut l = getrlimit(Resource::Nofile);
    l.current = l.maximum;
    let _ = setrlimit(Resource::Nofile, l);
}

// ---- connections that hold on ----

/// A TCP connection that sends `bytes` and then nothing (none: idle from the start).
pub fn idle(addr: SocketAddr, bytes: &[u8]) -> Option<TcpStream> {
    let mut s = TcpStream::connect(addr).ok()?;
    if !bytes.is_empty() {
        s.write_all(bytes).ok()?;
    }
    Some(s)
}

/// A TCP connection that sends `bytes`, then shuts its write side (half-open).
pub fn half_open(addr: SocketAddr, bytes: &[u8]) -> Option<TcpStream> {
    let s = idle(addr, bytes)?;
    s.shutdown(std::net::Shutdown::Write).ok()?;
    Some(s)
}

/// Whether the server has closed `s` (what it sent meanwhile is read and dropped).
pub fn closed(s: &TcpStream) -> bool {
    s.set_nonblocking(true).unwrap();
    let mut buf = [0u8; 4096];
    loop {
        match (&*s).read(&mut buf) {
            Ok(0) => return true,
            Ok(_) => continue,
            Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => return false,
            Err(_) => return true,
        }
    }
}

/// Sends `at_once`, then `bytes` one at a time, `every` apart, on a thread of its own,
/// until they are sent or the server closes the connection: whether it sent them all.
pub fn trickle(
    addr: SocketAddr,
    at_once: Vec<u8>,
    bytes: Vec<u8>,
    every: Duration,
) -> std::thread::JoinHandle<bool> {
    std::thread::spawn(move || {
        let Ok(mut s) = TcpStream::connect(addr) else {
            return false;
        };
        if s.write_all(&at_once).is_err() {
            return false;
        }
        for b in &bytes {
            if s.write_all(&[*b]).is_err() {
                return false;
            }
            std::thread::sleep(every);
        }
        true
    })
}

/// An OTLP/gRPC export whose message is `declared` bytes long, of which `sent` are
/// sent, the stream never ended: its `grpc-status` when the server answers (None: the
/// connection failed).
pub async fn grpc_stalled(addr: SocketAddr, declared: usize, sent: usize) -> Option<u32> {
    use http_body_util::StreamBody;
    let tcp = tokio::net::TcpStream::connect(addr).await.ok()?;
    let (mut send, conn) =
        hyper::client::conn::http2::handshake(TokioExecutor::new(), TokioIo::new(tcp))
            .await
            .ok()?;
    tokio::spawn(conn);
    let (tx, rx) =
        tokio::sync::mpsc::channel::<Result<http_body::Frame<Bytes>, std::convert::Infallible>>(4);
    let mut head = vec![0u8];
    head.extend_from_slice(&(declared as u32).to_be_bytes());
    let _ = tx.send(Ok(http_body::Frame::data(Bytes::from(head)))).await;
    let body = StreamBody::new(tokio_stream::wrappers::ReceiverStream::new(rx));
    let req = http::Request::post(format!("http://{addr}{EXPORT_PATH}"))
        .header("content-type", "application/grpc")
        .header("te", "trailers")
        .body(body)
        .unwrap();
    let feeding = tokio::spawn(async move {
        let chunk = Bytes::from(vec![0x0au8; 64 * 1024]);
        let mut left = sent;
        while left > 0 {
            let n = left.min(chunk.len());
            if tx
                .send(Ok(http_body::Frame::data(chunk.slice(..n))))
                .await
                .is_err()
            {
                return;
            }
            left -= n;
        }
        // Never ends the stream: hold the sender until the answer comes.
        tokio::time::sleep(Duration::from_secs(3600)).await;
        drop(tx);
    });
    let resp = send.send_request(req).await.ok();
    feeding.abort();
    let resp = resp?;
    let (parts, body) = resp.into_parts();
    let collected = body.collect().await.ok();
    let status = collected
        .as_ref()
        .and_then(|c| c.trailers())
        .and_then(|t| t.get("grpc-status"))
        .or_else(|| parts.headers.get("grpc-status"))?;
    status.to_str().ok()?.parse().ok()
}
