//! Hostile clients against the `gpu-otel-receiver` binary, over loopback: requests that
//! decode to far more than they weigh, with the receiver's peak resident set held to
//! the worst case its configuration states (`receiver::memory`); idle, half-open and
//! trickling connections on every listener while a small request must still be
//! answered; queue directories that are links, another user's or everyone's; secrets
//! in malformed configurations; revoked tokens; a queue replay of requests over the
//! bound. Bounded in time: about a minute in a debug build.

mod support;

use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use receiver::config::{Compression, Config};
use support::hostile::*;

/// Small budgets, so that the stated bound is tight and the timeouts quick.
const CONFIG: &str = "
ingest:
  max_pending_bytes: 16777216
  http_max_connections: 64
  grpc_max_connections: 64
  first_request_timeout: 2s
  http_header_timeout: 2s
  http_body_timeout: 4s
  grpc_request_timeout: 4s
reconcile:
  max_held_bytes: 8388608
  max_processes: 16
  max_windows_per_process: 256
export:
  queue_max_bytes: 8388608
telemetry:
  max_connections: 16
";
/// The runtime threads the receivers under test start.
const THREADS: usize = 2;
/// How long a small request may take to be answered while hostile clients hold on.
const ANSWER_WITHIN: Duration = Duration::from_secs(2);

/// `CONFIG` with `extra` (more YAML sections) in `dir`: its path and the configuration.
fn config_in(dir: &Path, extra: &str) -> (PathBuf, Config) {
    let text = format!("{CONFIG}{extra}");
    let path = dir.join("receiver.yaml");
    std::fs::write(&path, &text).unwrap();
    (path, serde_norway::from_str(&text).unwrap())
}

fn start(dir: &Path, extra: &str) -> (Proc, u64) {
    let (path, config) = config_in(dir, extra);
    let p = Proc::start(
        &receiver_bin(),
        dir,
        &[format!("--config={}", path.display()), export_file(dir)],
        &[("TOKIO_WORKER_THREADS", "2")],
    );
    (p, receiver::memory::bound(&config, THREADS))
}

fn assert_peak_within(p: &Proc, bound: u64, what: &str) {
    let peak = p.peak();
    assert!(
        peak <= bound,
        "{what}: peak resident set {} over the configuration's worst case {}",
        mb(peak),
        mb(bound)
    );
}

fn gzip(data: &[u8]) -> Vec<u8> {
    use std::io::Write as _;
    let mut e = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
    e.write_all(data).unwrap();
    e.finish().unwrap()
}

#[test]
fn amplifying_requests_are_refused_or_taken_within_the_stated_memory_bound() {
    let dir = tempfile::tempdir().unwrap();
    let (p, bound) = start(dir.path(), "");
    let rt = tokio::runtime::Runtime::new().unwrap();
    let json = json_empty_spans(MAX_REQUEST);
    let proto = "application/x-protobuf";
    // Each over a per-request limit: refused whole, before it is decoded.
    assert_eq!(post_traces(p.http, "application/json", &json), 413);
    assert_eq!(
        post_traces(p.http, proto, &proto_empty_resources(2_000_000)),
        413
    );
    assert_eq!(
        post_traces(p.http, proto, &proto_empty_attributes(2_000_000)),
        413
    );
    assert_eq!(
        post_traces(p.http, proto, &proto_empty_spans(2_000_000)),
        413
    );
    let spans = proto_empty_spans(2_000_000);
    // RESOURCE_EXHAUSTED, without RetryInfo: not to be sent again as it is.
    assert_eq!(rt.block_on(grpc_export(p.grpc, &spans)), Some(8));
    // A bomb: 4 MiB of empty spans in a few kilobytes of gzip.
    let bomb = gzip(&json);
    let (status, _) = http1(
        p.http,
        "POST",
        "/v1/traces",
        &[
            ("content-type", "application/json"),
            ("content-encoding", "gzip"),
        ],
        &bomb,
    );
    assert_eq!(status, 413);
    // Four at once: as their bytes arrive they take the whole budget, so some are told
    // to retry later before the limits refuse them; none is decoded.
    let statuses: Vec<u16> = std::thread::scope(|s| {
        let t: Vec<_> = (0..4)
            .map(|_| s.spawn(|| post_traces(p.http, "application/json", &json)))
            .collect();
        t.into_iter().map(|t| t.join().unwrap()).collect()
    });
    assert!(
        statuses.iter().all(|s| [413, 429].contains(s)),
        "{statuses:?}"
    );
    // Within the limits and still amplifying (99,000 empty spans): charged as decoded,
    // taken (every span rejected for its ids).
    assert_eq!(post_traces(p.http, proto, &proto_empty_spans(99_000)), 200);
    assert_eq!(post_traces(p.http, proto, &small_request()), 200);
    assert_eq!(rt.block_on(grpc_export(p.grpc, &small_request())), Some(0));
    let m = p.metrics();
    assert!(m["gpu_otel_receiver_requests_refused_total{reason=\"too_large\"}"] >= 6.0);
    assert_peak_within(&p, bound, "amplifying requests");
    p.stop();
}

#[test]
fn idle_half_open_and_trickling_connections_leave_every_listener_answering_a_small_request() {
    raise_fd_limit();
    let dir = tempfile::tempdir().unwrap();
    let (p, bound) = start(dir.path(), "");
    let rt = tokio::runtime::Runtime::new().unwrap();
    let preface = b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n\x00\x00\x00\x04\x00\x00\x00\x00\x00";
    let head = b"POST /v1/traces HTTP/1.1\r\nhost: x\r\ncontent-type: application/x-protobuf\r\ncontent-length: 4194304\r\n\r\n";
    let mut held = Vec::new();
    // More idle connections than each listener's cap, and half-open ones.
    for (addr, n, some) in [
        (p.grpc, 100, &preface[..]),
        (p.http, 100, &b"POST /v1/tra"[..]),
        (p.metrics, 40, &b"GET /metr"[..]),
    ] {
        held.extend((0..n).filter_map(|_| idle(addr, &[])));
        held.extend((0..10).filter_map(|_| half_open(addr, some)));
    }
    // Trickling: HTTP bodies declared 4 MiB sent a byte at a time (each admitted as it
    // arrives, not by what it declares), a metrics request's headers likewise.
    let trickling: Vec<_> = (0..16)
        .map(|_| {
            trickle(
                p.http,
                head.to_vec(),
                vec![0x0a; 100],
                Duration::from_millis(100),
            )
        })
        .chain((0..4).map(|_| {
            let line = b"GET /metrics HTTP/1.1\r\n\r\n".to_vec();
            trickle(p.metrics, Vec::new(), line, Duration::from_millis(300))
        }))
        .collect();
    // gRPC streams that send most of a 4 MB message and never end it: they hold budget
    // (half of it), not memory outside it.
    let stalled: Vec<_> = (0..2)
        .map(|_| rt.spawn(grpc_stalled(p.grpc, 4_000_000, 3_900_000)))
        .collect();
    std::thread::sleep(Duration::from_millis(500));
    for _ in 0..3 {
        let (took, status) =
            timed(|| post_traces(p.http, "application/x-protobuf", &small_request()));
        assert_eq!(status, 200, "OTLP/HTTP");
        assert!(took < ANSWER_WITHIN, "OTLP/HTTP answered after {took:?}");
        let (took, status) = timed(|| rt.block_on(grpc_export(p.grpc, &small_request())));
        assert_eq!(status, Some(0), "OTLP/gRPC");
        assert!(took < ANSWER_WITHIN, "OTLP/gRPC answered after {took:?}");
        let (took, (status, _)) = timed(|| http1(p.metrics, "GET", "/healthz", &[], b""));
        assert_eq!(status, 200, "/healthz");
        assert!(took < ANSWER_WITHIN, "/healthz answered after {took:?}");
    }
    // Each is closed on time: before its first request within 2 s, a body or a stalled
    // stream within 4 s.
    std::thread::sleep(Duration::from_secs(5));
    let open = held.iter().filter(|s| !closed(s)).count();
    assert_eq!(open, 0, "connections still open past their deadlines");
    for t in trickling {
        assert!(!t.join().unwrap(), "a trickling request was let through");
    }
    for s in stalled {
        // DEADLINE_EXCEEDED: its request did not arrive in time.
        assert_eq!(rt.block_on(s).unwrap(), Some(4));
    }
    let m = p.metrics();
    assert!(m["gpu_otel_receiver_connections_closed_total{reason=\"displaced\"}"] > 0.0);
    assert!(m["gpu_otel_receiver_connections_closed_total{reason=\"no_request\"}"] > 0.0);
    assert_peak_within(&p, bound, "hostile connections");
    p.stop();
}

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

/// `n` connections to the gRPC port that send the HTTP/2 preface and nothing else (or,
/// `http`, to the OTLP/HTTP port, sending nothing): the resident set with them open, and
/// how many are still open `wait` later.
fn idle_connections(bin: &Path, dir: &Path, n: usize, http: bool, wait: Duration) {
    let p = Proc::start(bin, dir, &[export_file(dir)], &[]);
    std::thread::sleep(Duration::from_millis(300));
    let before = p.rss();
    let preface = b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n\x00\x00\x00\x04\x00\x00\x00\x00\x00";
    let (addr, send) = if http {
        (p.http, &b""[..])
    } else {
        (p.grpc, &preface[..])
    };
    let conns: Vec<TcpStream> = (0..n).map_while(|_| idle(addr, send)).collect();
    std::thread::sleep(Duration::from_secs(2));
    let held = p.rss();
    let fds = p.fds();
    let start = Instant::now();
    std::thread::sleep(wait);
    let open = conns.iter().filter(|s| !closed(s)).count();
    println!(
        "| {} idle {} connections | RSS {} -> {} ({} B each) | receiver fds {fds} | open after {:.0?}: {open} |",
        conns.len(),
        if http { "HTTP" } else { "gRPC" },
        mb(before),
        mb(held),
        held.saturating_sub(before) / conns.len().max(1) as u64,
        start.elapsed() + Duration::from_secs(2)
    );
    p.stop();
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
        // spans_received_total: the name in builds before spans_reconciled_total.
        let got = m
            .get("gpu_otel_receiver_spans_reconciled_total")
            .or(m.get("gpu_otel_receiver_spans_received_total"))
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
        idle_connections(&bin, dir.path(), 3000, false, Duration::from_secs(13));
    }
    if run("per-connection") {
        idle_connections(&bin, dir.path(), 1000, false, Duration::ZERO);
        idle_connections(&bin, dir.path(), 1000, true, Duration::ZERO);
    }
    if run("replay") {
        replay(&fill, &bin, dir.path());
    }
}

/// `gpu-otel-receiver serve` with `args` that must refuse to start: its stderr.
fn refused_to_start(dir: &Path, args: &[String], env: &[(&str, &str)]) -> String {
    match Proc::try_start(&receiver_bin(), dir, args, env) {
        Ok(p) => panic!("it started: {}", p.stop()),
        Err(log) => log,
    }
}

#[test]
fn a_queue_directory_that_is_a_link_another_users_or_everyones_is_refused_at_start() {
    use std::os::unix::fs::PermissionsExt as _;
    let dir = tempfile::tempdir().unwrap();
    let queue = |q: &Path| {
        vec![
            format!("--queue-dir={}", q.display()),
            export_file(dir.path()),
        ]
    };
    // A link to a directory: never followed.
    let real = dir.path().join("real");
    std::fs::create_dir(&real).unwrap();
    std::fs::set_permissions(&real, std::fs::Permissions::from_mode(0o700)).unwrap();
    let link = dir.path().join("link");
    std::os::unix::fs::symlink(&real, &link).unwrap();
    let log = refused_to_start(dir.path(), &queue(&link), &[]);
    assert!(
        log.contains("symbolic link") && log.contains("queue.dir"),
        "{log}"
    );
    // Everyone's.
    let shared = dir.path().join("shared");
    std::fs::create_dir(&shared).unwrap();
    std::fs::set_permissions(&shared, std::fs::Permissions::from_mode(0o777)).unwrap();
    let log = refused_to_start(dir.path(), &queue(&shared), &[]);
    assert!(log.contains("chmod go-w"), "{log}");
    // Another user's ("/" unless these tests run as root, then one given away).
    let theirs = if rustix::process::geteuid().is_root() {
        let d = dir.path().join("theirs");
        std::fs::create_dir(&d).unwrap();
        std::os::unix::fs::chown(&d, Some(65534), Some(65534)).unwrap();
        d
    } else {
        PathBuf::from("/")
    };
    let log = refused_to_start(dir.path(), &queue(&theirs), &[]);
    assert!(log.contains("not by the receiver's user"), "{log}");
    // A link planted among the queue's files: refused before anything is written
    // through it, the file it points to untouched.
    let victim = dir.path().join("victim");
    std::fs::write(&victim, "keep me").unwrap();
    std::os::unix::fs::symlink(&victim, real.join("00000000000000000014.seg")).unwrap();
    let log = refused_to_start(dir.path(), &queue(&real), &[]);
    assert!(log.contains("remove the link"), "{log}");
    assert_eq!(std::fs::read_to_string(&victim).unwrap(), "keep me");
    // The export file likewise.
    let out = dir.path().join("out-link.jsonl");
    std::os::unix::fs::symlink(&victim, &out).unwrap();
    let log = refused_to_start(
        dir.path(),
        &[format!("--export-file={}", out.display())],
        &[],
    );
    assert!(
        log.contains("export.file") && log.contains("symbolic link"),
        "{log}"
    );
    assert_eq!(std::fs::read_to_string(&victim).unwrap(), "keep me");
    // A directory the receiver creates is its own: 0700, its files 0600.
    let fresh = dir.path().join("fresh/queue");
    let p = Proc::start(&receiver_bin(), dir.path(), &queue(&fresh), &[]);
    assert_eq!(
        post_traces(p.http, "application/x-protobuf", &small_request()),
        200
    );
    p.stop();
    let mode = |p: &Path| std::fs::metadata(p).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode(&fresh), 0o700);
    for f in std::fs::read_dir(&fresh).unwrap() {
        assert_eq!(mode(&f.unwrap().path()), 0o600);
    }
}

#[test]
fn no_secret_of_a_malformed_configuration_shows_in_any_message() {
    let dir = tempfile::tempdir().unwrap();
    let bin = receiver_bin();
    let validate = |args: &[&str], env: &[(&str, &str)]| {
        let mut cmd = std::process::Command::new(&bin);
        cmd.arg("validate").args(args);
        cmd.env_remove("OTEL_EXPORTER_OTLP_HEADERS")
            .env_remove("OTEL_EXPORTER_OTLP_ENDPOINT");
        for (k, v) in env {
            cmd.env(k, v);
        }
        let out = cmd.output().unwrap();
        let text = String::from_utf8_lossy(&out.stdout).to_string()
            + &String::from_utf8_lossy(&out.stderr);
        (out.status.code(), text)
    };
    let yaml = |body: &str| {
        let f = dir.path().join(format!("c{}.yaml", body.len()));
        std::fs::write(&f, body).unwrap();
        f.display().to_string()
    };
    for (args, env, names) in [
        (
            vec![],
            vec![(
                "OTEL_EXPORTER_OTLP_HEADERS",
                "authorization: Bearer SECRET123",
            )],
            "OTEL_EXPORTER_OTLP_HEADERS",
        ),
        (
            vec![],
            vec![(
                "OTEL_EXPORTER_OTLP_HEADERS",
                "x=1,authorization:Bearer SECRET123=x",
            )],
            "entry 2",
        ),
        (
            vec![
                "-c".to_string(),
                yaml("export:\n  headers:\n    authorization: \"Bearer SECRET123\\u0007\"\n"),
            ],
            vec![],
            "export.headers.authorization",
        ),
        (
            vec![
                "-c".to_string(),
                yaml("export:\n  headers:\n    authorization: 12345678901234\n"),
            ],
            vec![],
            "export.headers",
        ),
        (
            vec![
                "-c".to_string(),
                yaml("export:\n  endpoint: \"http://user:SECRET123@ho st:4317\"\n"),
            ],
            vec![],
            "export.endpoint",
        ),
    ] {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let (code, text) = validate(&args, &env);
        assert_eq!(code, Some(2), "{text}");
        assert!(
            !text.contains("SECRET123") && !text.contains("12345678901234"),
            "{text}"
        );
        assert!(text.contains(names), "{text}");
    }
    // A valid endpoint with credentials: not in validate's output, the start line, the
    // destination label or the log.
    let endpoint = "http://user:SECRET123@127.0.0.1:9/?token=SECRET123";
    let (code, text) = validate(&["--export-endpoint", endpoint], &[]);
    assert_eq!(code, Some(0), "{text}");
    assert!(
        !text.contains("SECRET123") && text.contains("<redacted>@127.0.0.1:9"),
        "{text}"
    );
    let p = Proc::start(
        &bin,
        dir.path(),
        &[format!("--export-endpoint={endpoint}")],
        &[],
    );
    assert_eq!(
        post_traces(p.http, "application/x-protobuf", &small_request()),
        200
    );
    std::thread::sleep(Duration::from_millis(500));
    let (_, metrics) = http1(p.metrics, "GET", "/metrics", &[], b"");
    let metrics = String::from_utf8_lossy(&metrics).to_string();
    assert!(
        metrics.contains("destination=\"http://<redacted>@127.0.0.1:9/?<redacted>\""),
        "{metrics}"
    );
    let log = p.stop();
    for shown in [&metrics, &log] {
        assert!(!shown.contains("SECRET123"), "{shown}");
    }
}

#[test]
fn a_revoked_token_is_refused_and_an_emptied_or_missing_token_file_refuses_every_token() {
    let dir = tempfile::tempdir().unwrap();
    let tokens = dir.path().join("tokens");
    std::fs::write(&tokens, "good-t0ken\nother-t0ken\n").unwrap();
    let path = dir.path().join("receiver.yaml");
    let auth = format!("ingest:\n  auth:\n    token_file: {}\n", tokens.display());
    std::fs::write(&path, CONFIG.replacen("ingest:\n", &auth, 1)).unwrap();
    let p = Proc::start(
        &receiver_bin(),
        dir.path(),
        &[
            format!("--config={}", path.display()),
            export_file(dir.path()),
        ],
        &[],
    );
    let send = |token: &str| {
        let auth = format!("Bearer {token}");
        http1(
            p.http,
            "POST",
            "/v1/traces",
            &[
                ("content-type", "application/x-protobuf"),
                ("authorization", &auth),
            ],
            &small_request(),
        )
        .0
    };
    assert_eq!(send("good-t0ken"), 200);
    let wait_for = |want: u16, token: &str| {
        let deadline = Instant::now() + Duration::from_secs(20);
        while send(token) != want {
            assert!(Instant::now() < deadline, "{token} never answered {want}");
            std::thread::sleep(Duration::from_millis(200));
        }
    };
    // Replaced whole, as a Secret volume or an editor's save does: a reload never reads
    // a half-written file, so the failed reloads below are exactly the two meant.
    let replace = |text: &str| {
        let next = dir.path().join("tokens.next");
        std::fs::write(&next, text).unwrap();
        std::fs::rename(&next, &tokens).unwrap();
    };
    // Its line removed, a bad line beside the other: the other still passes.
    replace("not a token\nother-t0ken\n");
    wait_for(401, "good-t0ken");
    assert_eq!(send("other-t0ken"), 200);
    // Emptied: every token refused.
    replace("# none\n");
    wait_for(401, "other-t0ken");
    // Back, then deleted: every token refused again.
    replace("other-t0ken\n");
    wait_for(200, "other-t0ken");
    std::fs::remove_file(&tokens).unwrap();
    wait_for(401, "other-t0ken");
    let m = p.metrics();
    assert_eq!(
        m["gpu_otel_receiver_secret_reloads_total{secret=\"tokens\",outcome=\"failed\"}"],
        2.0
    );
    let log = p.stop();
    assert!(log.contains("EVERY REQUEST IS REFUSED"), "{log}");
}

#[test]
fn a_queue_replay_of_requests_past_the_bound_quarantines_each_once_within_the_bound() {
    let dir = tempfile::tempdir().unwrap();
    let queue = dir.path().join("queue");
    let args = |config: &Path| {
        vec![
            format!("--config={}", config.display()),
            format!("--queue-dir={}", queue.display()),
            // Nothing listens there: every export fails and is retried, so what was
            // acknowledged stays on disk.
            "--export-endpoint=http://127.0.0.1:9".to_string(),
        ]
    };
    // Accepted under the first limits: 10,000 attributes and one span, four times.
    let (loose, _) = config_in(dir.path(), "");
    let p = Proc::start(&receiver_bin(), dir.path(), &args(&loose), &[]);
    let body = proto_empty_attributes(10_000);
    for _ in 0..4 {
        assert_eq!(post_traces(p.http, "application/x-protobuf", &body), 200);
    }
    assert_eq!(
        post_traces(p.http, "application/x-protobuf", &small_request()),
        200
    );
    p.stop();
    // Replayed under stricter ones: each quarantined, the small one replayed.
    let strict = dir.path().join("strict.yaml");
    std::fs::write(
        &strict,
        CONFIG.replacen(
            "ingest:\n",
            "ingest:\n  max_attributes_per_request: 1000\n",
            1,
        ),
    )
    .unwrap();
    let config: Config =
        serde_norway::from_str(&std::fs::read_to_string(&strict).unwrap()).unwrap();
    let p = Proc::start(
        &receiver_bin(),
        dir.path(),
        &args(&strict),
        &[("TOKIO_WORKER_THREADS", "2")],
    );
    let deadline = Instant::now() + Duration::from_secs(20);
    let quarantined = |p: &Proc| p.metrics()["gpu_otel_receiver_queue_quarantined_requests_total"];
    while quarantined(&p) < 4.0 {
        assert!(Instant::now() < deadline, "not quarantined: {}", p.log());
        std::thread::sleep(Duration::from_millis(200));
    }
    std::thread::sleep(Duration::from_millis(500));
    let m = p.metrics();
    assert_eq!(m["gpu_otel_receiver_queue_quarantined_requests_total"], 4.0);
    // Deleted from the queue: the small request alone waits for the backend.
    assert_eq!(m["gpu_otel_receiver_queue_requests"], 1.0);
    assert_peak_within(&p, receiver::memory::bound(&config, THREADS), "the replay");
    let log = p.stop();
    assert_eq!(log.matches("quarantined").count(), 4, "{log}");
    let kept: Vec<_> = std::fs::read_dir(&queue)
        .unwrap()
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        .filter(|n| n.starts_with("quarantine-"))
        .collect();
    assert_eq!(kept.len(), 4, "{kept:?}");
    for name in &kept {
        // Kept as stored: zstd-compressed (queue.compression's default).
        assert!(name.ends_with(".pb.zstd"), "{name}");
        let stored = std::fs::read(queue.join(name)).unwrap();
        assert_eq!(
            Compression::Zstd.decompress(&stored, 1 << 26).unwrap(),
            body
        );
    }
    // Never replayed again.
    let p = Proc::start(&receiver_bin(), dir.path(), &args(&strict), &[]);
    std::thread::sleep(Duration::from_secs(1));
    assert_eq!(quarantined(&p), 0.0);
    assert_eq!(p.metrics()["gpu_otel_receiver_queue_requests"], 1.0);
    p.stop();
}
