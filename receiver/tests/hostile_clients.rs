//! Hostile clients against the `gpu-otel-receiver` binary, over loopback.

mod support;

use std::net::TcpStream;
use std::path::Path;
use std::time::{Duration, Instant};

use support::hostile::*;

fn export_file(dir: &Path) -> String {
    format!("--export-file={}", dir.join("out.jsonl").display())
}

/// One request of each amplifying shape, each to a fresh receiver: its status and the
/// receiver's peak resident set before and after.
fn amplification(bin: &Path, dir: &Path) {
    let shapes: Vec<(&str, Vec<u8>)> = vec![
        ("OTLP/HTTP JSON, empty spans", json_empty_spans(MAX_REQUEST)),
        (
            "OTLP/HTTP protobuf, 2M empty ResourceSpans",
            proto_empty_resources(2_000_000),
        ),
        (
            "OTLP/HTTP protobuf, 2M empty resource attributes + 1 span",
            proto_empty_attributes(2_000_000),
        ),
        (
            "OTLP/gRPC protobuf, 2M empty spans",
            proto_empty_spans(2_000_000),
        ),
    ];
    let rt = tokio::runtime::Runtime::new().unwrap();
    for (name, body) in shapes {
        let p = Proc::start(bin, dir, &[export_file(dir)], &[]);
        std::thread::sleep(Duration::from_millis(300));
        let before = p.peak();
        let (took, status) = if name.starts_with("OTLP/gRPC") {
            timed(|| {
                rt.block_on(grpc_export(p.grpc, &body))
                    .map_or(-1, i64::from)
            })
        } else {
            let ct = if name.contains("JSON") {
                "application/json"
            } else {
                "application/x-protobuf"
            };
            timed(|| i64::from(post_traces(p.http, ct, &body)))
        };
        std::thread::sleep(Duration::from_millis(500));
        println!(
            "| {name} | {} bytes | {status} | {took:.1?} | {} | {} |",
            body.len(),
            mb(before),
            mb(p.peak())
        );
        p.stop();
    }
    // Two JSON requests at once.
    let p = Proc::start(bin, dir, &[export_file(dir)], &[]);
    std::thread::sleep(Duration::from_millis(300));
    let before = p.peak();
    let body = json_empty_spans(MAX_REQUEST);
    let http = p.http;
    let statuses: Vec<u16> = std::thread::scope(|s| {
        let t: Vec<_> = (0..2)
            .map(|_| s.spawn(|| post_traces(http, "application/json", &body)))
            .collect();
        t.into_iter().map(|t| t.join().unwrap()).collect()
    });
    std::thread::sleep(Duration::from_millis(500));
    println!(
        "| two of the JSON requests at once | 2 x {} bytes | {statuses:?} | | {} | {} |",
        body.len(),
        mb(before),
        mb(p.peak())
    );
    p.stop();
}

/// `n` connections to the gRPC port that send the HTTP/2 preface and nothing else: the
/// resident set with them open, and how many are still open `wait` later.
fn idle_connections(bin: &Path, dir: &Path, n: usize, wait: Duration) {
    let p = Proc::start(bin, dir, &[export_file(dir)], &[]);
    std::thread::sleep(Duration::from_millis(300));
    let before = p.rss();
    let preface = b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n\x00\x00\x00\x04\x00\x00\x00\x00\x00";
    let mut conns = Vec::new();
    for _ in 0..n {
        match TcpStream::connect(p.grpc) {
            Ok(mut s) => {
                use std::io::Write as _;
                let _ = s.write_all(preface);
                conns.push(s);
            }
            Err(_) => break,
        }
    }
    std::thread::sleep(Duration::from_secs(2));
    let held = p.rss();
    let fds = p.fds();
    let start = Instant::now();
    std::thread::sleep(wait);
    let open = conns.iter_mut().filter(|s| still_open(s)).count();
    println!(
        "| {} idle gRPC connections | RSS {} -> {} | receiver fds {fds} | open after {:.0?}: {open} |",
        conns.len(),
        mb(before),
        mb(held),
        start.elapsed() + Duration::from_secs(2)
    );
    p.stop();
}

/// Whether the server has not closed `s` (reads what it sent meanwhile).
fn still_open(s: &TcpStream) -> bool {
    use std::io::Read as _;
    s.set_nonblocking(true).unwrap();
    let mut buf = [0u8; 4096];
    loop {
        match (&*s).read(&mut buf) {
            Ok(0) => return false,
            Ok(_) => continue,
            Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => return true,
            Err(_) => return false,
        }
    }
}

/// Eight amplifying requests (2M empty resource attributes and one valid span, which
/// keeps each on disk until it is delivered) acknowledged into the queue by `fill` while
/// the backend is down, then a restart of `bin` on that queue: its peak while replaying.
fn replay(fill: &Path, bin: &Path, dir: &Path) {
    let queue = dir.join("queue");
    let _ = std::fs::remove_dir_all(&queue);
    let args = vec![
        format!("--queue-dir={}", queue.display()),
        // Nothing listens there: every export fails and is retried.
        "--export-endpoint=http://127.0.0.1:9".to_string(),
    ];
    let p = Proc::start(fill, dir, &args, &[]);
    let body = proto_empty_attributes(2_000_000);
    let statuses: Vec<u16> = (0..8)
        .map(|_| post_traces(p.http, "application/x-protobuf", &body))
        .collect();
    p.stop();
    let p = Proc::start(bin, dir, &args, &[]);
    let start = Instant::now();
    let mut last = (f64::NAN, Instant::now());
    while start.elapsed() < Duration::from_secs(120) {
        std::thread::sleep(Duration::from_millis(500));
        let m = p.metrics();
        let got = m
            .get("gpu_otel_receiver_spans_received_total")
            .copied()
            .unwrap_or(0.0)
            + m.get("gpu_otel_receiver_queue_quarantined_requests_total")
                .copied()
                .unwrap_or(0.0);
        if got == 0.0 && start.elapsed() < Duration::from_secs(30) {
            continue;
        }
        if got != last.0 {
            last = (got, Instant::now());
        } else if last.1.elapsed() > Duration::from_secs(3) {
            break;
        }
    }
    let peak = p.peak();
    let m = p.metrics();
    let queued = m
        .get("gpu_otel_receiver_queue_requests")
        .copied()
        .unwrap_or(f64::NAN);
    let log = p.stop();
    let quarantined = log.lines().filter(|l| l.contains("quarantine")).count();
    println!(
        "| replay of 8 requests of 2M empty resource attributes | fill statuses {statuses:?} | peak {} | {:.0?} | queued {queued} | log lines naming a quarantine: {quarantined} |",
        mb(peak),
        start.elapsed()
    );
}

/// The numbers of docs/measurements/hostile-clients.md: `cargo test --release -p
/// gpu-otel-receiver --test hostile_clients -- --ignored --nocapture measure`, with
/// `GPU_OTEL_RECEIVER_BIN` the receiver to measure (a release build) and
/// `GPU_OTEL_FILL_BIN` the one that fills the queue the replay reads (default: the same).
#[test]
#[ignore = "a measurement, minutes long: run it by name"]
fn measure() {
    raise_fd_limit();
    let bin = receiver_bin();
    let fill = std::env::var_os("GPU_OTEL_FILL_BIN").map_or_else(|| bin.clone(), Into::into);
    let dir = tempfile::tempdir().unwrap();
    println!("receiver: {}", bin.display());
    let only = std::env::var("GPU_OTEL_MEASURE").unwrap_or_default();
    let run = |what: &str| only.is_empty() || only.contains(what);
    if run("amplification") {
        amplification(&bin, dir.path());
    }
    if run("idle") {
        idle_connections(&bin, dir.path(), 3000, Duration::from_secs(13));
    }
    if run("replay") {
        replay(&fill, &bin, dir.path());
    }
}
