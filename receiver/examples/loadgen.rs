//! A bounded OTLP/gRPC load generator for the receiver (loopback only).
//!
//! ```sh
//! cargo run --release -p gpu-otel-receiver -- serve --export-file /tmp/out.jsonl &
//! cargo run --release -p gpu-otel-receiver --example loadgen -- --target 127.0.0.1:4317 --metrics 127.0.0.1:9464
//! ```
//!
//! Each request carries one producer's batch: `--spans` kernel spans of a
//! serialized-tier process with the windows that settle them (so nothing waits for the
//! reconcile deadline), plus as many plain spans. Each connection sends its requests
//! one after another, each waiting for its answer (as an OTLP exporter does); every
//! request is encoded before the run, so sending costs the generator little. It reports
//! requests/s and spans/s accepted, the acknowledgement latency of a request (p50, p99,
//! max: sent until answered), then polls `/metrics` until every span has been exported.
//! `--protocol http` sends the same requests as OTLP/HTTP protobuf to `--target`
//! (e.g. 127.0.0.1:4318), one keep-alive connection per `--concurrency`.
//! `--gpu-shaped` sends only kernel spans, each with the injector's 16 attributes and a
//! long templated name; `--tier off` sends an off-tier producer's batch (stamped "false",
//! no windows); `--tier held` a serialized producer's without windows, so every kernel
//! waits the full reconcile delay. `--no-metrics` skips `/metrics` (for a server that is not the receiver:
//! count at its backend; `expected_exported` says what the receiver would export).
//! `--first-producer N` numbers this generator's producers from N (several generators
//! against one receiver each take their own range).
//! `--rate N` paces the load at N spans/s in all (open loop, each connection on its own
//! schedule): latency is then counted from when a request was due, so a server that falls
//! behind shows it (no coordinated omission), less the timer's own lateness; without it,
//! each connection sends as fast as answers come (the server's saturation).
//! `--sink ADDR` sends nothing: it is a counting OTLP/gRPC backend that accepts gzip (as
//! rotel-agent's gRPC exporter always compresses) and prints one JSON line once nothing
//! came for 3 s (`--sink-idle-ms`) after the first request.

use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::time::{Duration, Instant};

use clap::Parser;
use opentelemetry_proto::tonic::collector::trace::v1::ExportTraceServiceRequest;
use prost::Message;
use receiver::fixtures::{gpu_kernel, kernel, plain, request, resource, window_carrier};
use semconv::{otlp, SamplingMode, Serialized, Tier, Window};

#[derive(Debug, Parser)]
struct Args {
    /// Receiver OTLP/gRPC address (must be on this machine).
    #[arg(long, default_value = "127.0.0.1:4317")]
    target: String,
    /// Receiver /metrics address.
    #[arg(long, default_value = "127.0.0.1:9464")]
    metrics: String,
    /// Requests to send in total.
    #[arg(long, default_value_t = 2000)]
    requests: u64,
    /// Kernel spans per request (and as many plain spans).
    #[arg(long, default_value_t = 100)]
    spans: u64,
    /// Concurrent connections.
    #[arg(long, default_value_t = 4)]
    concurrency: u64,
    /// grpc, or http (OTLP/HTTP protobuf).
    #[arg(long, default_value = "grpc", value_parser = ["grpc", "http"])]
    protocol: String,
    /// Tier the producers declare: serialized (with windows), off, or held (serialized
    /// without windows: every kernel waits the full reconcile delay).
    #[arg(long, default_value = "serialized", value_parser = ["serialized", "off", "held"])]
    tier: String,
    /// Only kernel spans, with the injector's 16 attributes and long names (no plain spans).
    #[arg(long)]
    gpu_shaped: bool,
    /// Do not read /metrics (the server is not the receiver).
    #[arg(long)]
    no_metrics: bool,
    /// The producer id of this generator's first connection (each connection is one
    /// producer): several generators against one receiver need ranges of their own, or
    /// their windows would be one producer's twice.
    #[arg(long, default_value_t = 0)]
    first_producer: u64,
    /// Spans per second in all, paced (0: as fast as answers come).
    #[arg(long, default_value_t = 0)]
    rate: u64,
    /// Count spans as an OTLP/gRPC backend (gzip and zstd accepted) on this address
    /// instead.
    #[arg(long)]
    sink: Option<String>,
    /// The sink prints its count and stops after this long without a span (once it saw
    /// one): longer than the pause between a warm-up and a run whose generator encodes
    /// its requests first (seconds, for millions of spans on a small machine).
    #[arg(long, default_value_t = 3000)]
    sink_idle_ms: u64,
    /// Replay a capture instead of made-up spans: an OTLP-JSON file (one request per
    /// line, `.gz` read too), its spans sent in requests of `--spans` spans from one
    /// scope each, the capture cycled until `--requests` are sent.
    #[arg(long)]
    replay: Option<std::path::PathBuf>,
    /// Also print when the answers slower than this many ms were due, in 100 ms steps
    /// of the run (0: not printed): a stall shows as one step holding them all.
    #[arg(long, default_value_t = 0)]
    slow_ms: u64,
}

/// A capture's spans in requests of at most `per` spans, each from one resource and
/// scope, in the capture's order.
fn replay_requests(
    path: &std::path::Path,
    per: u64,
) -> anyhow::Result<Vec<ExportTraceServiceRequest>> {
    use opentelemetry_proto::tonic::trace::v1::{ResourceSpans, ScopeSpans};
    use std::io::Read as _;
    let raw = std::fs::read(path)?;
    let text = if path.extension().is_some_and(|e| e == "gz") {
        let mut t = String::new();
        flate2::read::MultiGzDecoder::new(&raw[..]).read_to_string(&mut t)?;
        t
    } else {
        String::from_utf8(raw)?
    };
    let mut out = Vec::new();
    for req in receiver::conformance::read_json(&text)? {
        for rs in req.resource_spans {
            for ss in &rs.scope_spans {
                for chunk in ss.spans.chunks(per.max(1) as usize) {
                    out.push(ExportTraceServiceRequest {
                        resource_spans: vec![ResourceSpans {
                            resource: rs.resource.clone(),
                            scope_spans: vec![ScopeSpans {
                                scope: ss.scope.clone(),
                                spans: chunk.to_vec(),
                                schema_url: ss.schema_url.clone(),
                            }],
                            schema_url: rs.schema_url.clone(),
                        }],
                    });
                }
            }
        }
    }
    anyhow::ensure!(!out.is_empty(), "{}: no spans", path.display());
    Ok(out)
}

/// Counts spans until `idle` without any after the first request; prints them.
async fn sink(addr: &str, idle: Duration) -> anyhow::Result<()> {
    let listener = tokio::net::TcpListener::bind(addr).await?;
    let counted = Arc::new(receiver::fixtures::Counted::default());
    tokio::spawn(receiver::fixtures::serve_counting(
        listener,
        counted.clone(),
    ));
    while counted.requests.load(Ordering::Relaxed) == 0 {
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let (mut last, mut since) = (0, Instant::now());
    while since.elapsed() < idle {
        tokio::time::sleep(Duration::from_millis(20)).await;
        let now = counted.spans.load(Ordering::Relaxed);
        if now != last {
            (last, since) = (now, Instant::now());
        }
    }
    let delivery = counted.delivery_ms(&[0.5, 0.99, 1.0]);
    println!(
        "{{\"requests\":{},\"spans\":{},\"wire_bytes\":{},\"kernel_spans\":{},\"metric_executions\":{},\"delivery_p50_ms\":{:.2},\"delivery_p99_ms\":{:.2},\"delivery_max_ms\":{:.2}}}",
        counted.requests.load(Ordering::Relaxed),
        last,
        counted.wire_bytes.load(Ordering::Relaxed),
        counted.kernel_spans.load(Ordering::Relaxed),
        counted.metric_executions.load(Ordering::Relaxed),
        delivery[0],
        delivery[1],
        delivery[2]
    );
    Ok(())
}

fn batch(producer: u64, n: u64, args: &Args) -> ExportTraceServiceRequest {
    let (spans, off, held) = (args.spans, args.tier == "off", args.tier == "held");
    let base = n * 1_000_000;
    let ks = SamplingMode::KernelSerialized;
    let seq = n * 2 + 1;
    let windows = [
        Window::open(base, seq, ks),
        Window::closed(base, base + 100_000, seq, ks),
        Window::open(base + 900_000, seq + 1, ks),
        Window::closed(base + 900_000, base + 950_000, seq + 1, ks),
    ];
    let mut out = Vec::new();
    if !off && !held {
        out.push(window_carrier(n, &windows));
    }
    // Every kernel ends before the second window, which settles it.
    let step = (900_000 / spans.max(1)).min(8_000);
    for i in 0..spans {
        let s = base + 1_000 + i * step;
        let stamp = if s <= base + 100_000 && !off {
            Serialized::True
        } else {
            Serialized::False
        };
        let e = s + step * 5 / 8;
        if args.gpu_shaped {
            out.push(gpu_kernel(n * spans + i, s, e, stamp));
        } else {
            out.push(kernel(n * spans + i, s, e, Some(stamp)));
            out.push(plain(n * spans + i));
        }
    }
    let tier = if off { Tier::Off } else { Tier::Serialized };
    request(resource("loadgen", producer as i64, Some(tier)), out)
}

/// What one connection sent: refused requests, spans in accepted ones, and each
/// request's time from sending (or being due) to its answer.
#[derive(Debug, Default)]
struct Sent {
    refused: u64,
    accepted_spans: u64,
    latencies: Vec<Duration>,
    /// When each answered request was due, from the start of the run.
    due_at: Vec<Duration>,
}

impl Sent {
    fn answered(&mut self, ok: bool, spans: u64, due: Instant, pace: &Pace) {
        self.latencies.push(due.elapsed());
        self.due_at
            .push(due.saturating_duration_since(pace.run_start));
        if ok {
            self.accepted_spans += spans;
        } else {
            self.refused += 1;
        }
    }
}

/// `slow_answers: over_ms=N count=C steps=T:C:M,...`: the answers slower than `over`,
/// by the 100 ms step of the run they were due in (T its start in ms, C how many, M the
/// slowest in ms).
fn slow_answers(latencies: &[Duration], due_at: &[Duration], over: Duration) -> String {
    let mut steps: std::collections::BTreeMap<u128, (u64, f64)> = Default::default();
    for (took, at) in latencies.iter().zip(due_at) {
        if took > &over {
            let step = steps.entry(at.as_millis() / 100 * 100).or_default();
            step.0 += 1;
            step.1 = step.1.max(took.as_secs_f64() * 1e3);
        }
    }
    let count: u64 = steps.values().map(|s| s.0).sum();
    let list: Vec<String> = steps
        .iter()
        .map(|(t, (c, m))| format!("{t}:{c}:{m:.1}"))
        .collect();
    format!(
        "slow_answers: over_ms={} count={count} steps={}",
        over.as_millis(),
        list.join(",")
    )
}

/// When each request of one connection is due: at once, or on a fixed schedule.
#[derive(Debug, Clone, Copy)]
struct Pace {
    start: Instant,
    every: Option<Duration>,
    /// The run's start, the same for every connection.
    run_start: Instant,
}

/// The run's start, given to every connection once all of them are made: connecting
/// (tonic's HTTP/2 handshake, 32 at once on a shared core) is not the receiver's
/// answering, and counted from a clock started before it, it made the first 200 ms of
/// every paced run read as slow answers (2026-12-06).
struct Go {
    connected: std::sync::Arc<tokio::sync::Barrier>,
    start: tokio::sync::watch::Receiver<Option<Instant>>,
    offset: Duration,
    every: Option<Duration>,
}

impl Go {
    /// Waits for every connection and the start; this connection's pace from then.
    async fn pace(mut self) -> Pace {
        self.connected.wait().await;
        let run_start = self
            .start
            .wait_for(Option::is_some)
            .await
            .ok()
            .and_then(|s| *s)
            .unwrap_or_else(Instant::now);
        Pace {
            start: run_start + self.offset,
            every: self.every,
            run_start,
        }
    }
}

impl Pace {
    /// Waits until request `k` is due; returns the time its latency counts from: when it
    /// was due if it was already late (the answer before it came late: the server's
    /// delay), else when this wait ended. Tokio's timer wakes up to 1 ms after the due
    /// time; counted, that was the generator's lateness, not the receiver's, and it was
    /// most of a paced run's ack p50 (1.2-1.7 ms, against 0.14-0.5 ms in a closed loop on
    /// the development machine, 2026-12-06).
    async fn due(&self, k: u32) -> Instant {
        match self.every {
            Some(every) => {
                let due = self.start + every * k;
                let now = Instant::now();
                if now >= due {
                    return due;
                }
                tokio::time::sleep_until(due.into()).await;
                Instant::now()
            }
            None => Instant::now(),
        }
    }
}

/// A value for [`SENT_AT`] that encodes to as many varint bytes (9) as any send time
/// in nanoseconds from 2^56 (1972) to 2^63 (2262): the request is encoded once with it,
/// and the send time overwrites it in place just before the request leaves.
const SENT_AT_PLACEHOLDER: i64 = 0x5EED_5EED_5EED_5EED;
const SENT_AT_LEN: usize = 9;

fn varint(v: u64) -> Vec<u8> {
    let mut out = Vec::with_capacity(10);
    prost::encoding::encode_varint(v, &mut out);
    out
}

/// One request encoded before the run, with where its send time goes: sending is then a
/// copy and a few stores, so the load generator's own CPU does not pace the receiver's
/// answers (encoding and dropping 200 spans' attributes per request cost it ~7 µs a span).
struct Encoded {
    bytes: Vec<u8>,
    spans: u64,
    sent_at: Vec<usize>,
}

impl Encoded {
    fn new(mut r: ExportTraceServiceRequest) -> Self {
        for ss in r
            .resource_spans
            .iter_mut()
            .flat_map(|rs| &mut rs.scope_spans)
        {
            let scope = ss.scope.get_or_insert_with(Default::default);
            otlp::set(
                &mut scope.attributes,
                otlp::int(receiver::fixtures::SENT_AT, SENT_AT_PLACEHOLDER),
            );
        }
        let spans = receiver::fixtures::spans_of(std::slice::from_ref(&r)).len() as u64;
        let bytes = r.encode_to_vec();
        let mark = varint(SENT_AT_PLACEHOLDER as u64);
        debug_assert_eq!(mark.len(), SENT_AT_LEN);
        let sent_at = (0..bytes.len().saturating_sub(SENT_AT_LEN - 1))
            .filter(|&i| bytes[i..i + SENT_AT_LEN] == mark[..])
            .collect();
        Self {
            bytes,
            spans,
            sent_at,
        }
    }

    /// The request's bytes with the send time in it, for the sink's delivery times.
    fn stamped(mut self) -> bytes::Bytes {
        let now = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos() as u64);
        let now = varint(now);
        if now.len() == SENT_AT_LEN {
            for &i in &self.sent_at {
                self.bytes[i..i + SENT_AT_LEN].copy_from_slice(&now);
            }
        }
        self.bytes.into()
    }
}

async fn send_grpc(target: &str, reqs: Vec<Encoded>, go: Go) -> anyhow::Result<Sent> {
    // One channel per connection: tonic multiplexes a channel's calls on one HTTP/2
    // connection, and these are to be separate senders.
    let channel = match tonic::transport::Endpoint::from_shared(format!("http://{target}")) {
        Ok(e) => e
            .tcp_nodelay(true)
            .connect()
            .await
            .map_err(anyhow::Error::from),
        Err(e) => Err(e.into()),
    };
    // Past the start whether or not it connected: the others wait for every connection.
    let pace = go.pace().await;
    let channel = channel?;
    let mut client = tonic::client::Grpc::new(channel);
    let mut sent = Sent::default();
    for (k, r) in (0..).zip(reqs) {
        let t = pace.due(k).await;
        let spans = r.spans;
        let request = tonic::Request::new(r.stamped());
        let ok = otlp_client::grpc::export(&mut client, request)
            .await
            .is_ok();
        sent.answered(ok, spans, t, &pace);
    }
    Ok(sent)
}

async fn send_http(target: &str, reqs: Vec<Encoded>, go: Go) -> anyhow::Result<Sent> {
    // One client per connection: requests on it follow one another on one socket (made
    // at the first request: a TCP connect, no handshake to speak of).
    let client = reqwest::Client::builder().pool_max_idle_per_host(1).build();
    let pace = go.pace().await;
    let client = client?;
    let url = format!("http://{target}/v1/traces");
    let mut sent = Sent::default();
    for (k, r) in (0..).zip(reqs) {
        let t = pace.due(k).await;
        let spans = r.spans;
        let resp = client
            .post(&url)
            .header("content-type", "application/x-protobuf")
            .body(r.stamped())
            .send()
            .await;
        let ok = match resp {
            Ok(resp) => resp.status().is_success() && resp.bytes().await.is_ok(),
            Err(_) => false,
        };
        sent.answered(ok, spans, t, &pace);
    }
    Ok(sent)
}

/// utime + stime of this process, in clock ticks (`/proc/self/stat` fields 14 and 15).
fn own_cpu_ticks() -> u64 {
    let stat = std::fs::read_to_string("/proc/self/stat").unwrap_or_default();
    let after_name = stat.rsplit_once(") ").map_or("", |(_, rest)| rest);
    let fields: Vec<&str> = after_name.split(' ').collect();
    let at = |i: usize| {
        fields
            .get(i)
            .and_then(|f| f.parse::<u64>().ok())
            .unwrap_or(0)
    };
    at(11) + at(12)
}

fn percentile_ms(sorted: &[Duration], p: f64) -> f64 {
    let Some(last) = sorted.len().checked_sub(1) else {
        return 0.0;
    };
    let i = ((last as f64) * p).round() as usize;
    sorted[i.min(last)].as_secs_f64() * 1e3
}

async fn exported(metrics: &str) -> f64 {
    let Ok(resp) = reqwest::get(format!("http://{metrics}/metrics")).await else {
        return 0.0;
    };
    let text = resp.text().await.unwrap_or_default();
    // One series per destination; the load generator's receiver has one.
    text.lines()
        .filter(|l| l.starts_with("gpu_otel_receiver_spans_exported_total{"))
        .filter_map(|l| l.rsplit_once(' ')?.1.parse::<f64>().ok())
        .sum()
}

// The receiver's allocator: a generator that is the limit measures itself, and with
// glibc's a sending generator took ~10% more CPU (75 against 67 ticks per 600k spans at
// 200k spans/s, medians of 5 interleaved rounds, development machine, 2026-12-06).
#[global_allocator]
static ALLOC: mimalloc::MiMalloc = mimalloc::MiMalloc;

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let args = Args::parse();
    if let Some(addr) = &args.sink {
        return sink(addr, Duration::from_millis(args.sink_idle_ms)).await;
    }
    anyhow::ensure!(
        args.target.starts_with("127.")
            || args.target.starts_with("localhost")
            || args.target.starts_with("[::1]"),
        "the load generator only targets loopback addresses"
    );
    let before = if args.no_metrics {
        0.0
    } else {
        exported(&args.metrics).await
    };
    let per = args.requests / args.concurrency;
    let capture = match &args.replay {
        None => Vec::new(),
        Some(path) => replay_requests(path, args.spans)?,
    };
    // Built and encoded on every core, one connection's requests per thread.
    let payloads: Vec<Vec<Encoded>> = std::thread::scope(|s| {
        let (args, capture) = (&args, &capture);
        let threads: Vec<_> = (0..args.concurrency)
            .map(|c| {
                s.spawn(move || {
                    (0..per)
                        .map(|n| {
                            Encoded::new(if capture.is_empty() {
                                batch(args.first_producer + c, n, args)
                            } else {
                                capture[((c * per + n) as usize) % capture.len()].clone()
                            })
                        })
                        .collect()
                })
            })
            .collect();
        threads
            .into_iter()
            .map(|t| t.join().expect("encoding thread"))
            .collect()
    });
    // Serialized requests carry one window span, and two window spans leave per request.
    let windows = args.tier == "serialized" && args.replay.is_none();
    let sent_spans: u64 = payloads.iter().flatten().map(|r| r.spans).sum();
    // Spans per request, on average for a replay (its last chunks may be short).
    let per_request = match args.replay {
        None => args.spans * if args.gpu_shaped { 1 } else { 2 } + u64::from(windows),
        Some(_) => sent_spans.div_ceil((per * args.concurrency).max(1)),
    };
    // Each connection carries its share of the rate.
    let every = (args.rate > 0).then(|| {
        Duration::from_secs_f64((per_request * args.concurrency) as f64 / args.rate as f64)
    });
    let connected = std::sync::Arc::new(tokio::sync::Barrier::new(payloads.len() + 1));
    let (start_tx, start_rx) = tokio::sync::watch::channel(None);
    let mut tasks = Vec::new();
    for (c, reqs) in (0..).zip(payloads) {
        let (target, http) = (args.target.clone(), args.protocol == "http");
        // Connections start spread over one interval, not all at once.
        let go = Go {
            connected: connected.clone(),
            start: start_rx.clone(),
            offset: every.map_or(Duration::ZERO, |e| e * c / args.concurrency as u32),
            every,
        };
        tasks.push(tokio::spawn(async move {
            if http {
                send_http(&target, reqs, go).await
            } else {
                send_grpc(&target, reqs, go).await
            }
        }));
    }
    connected.wait().await;
    let (started, ticks0) = (Instant::now(), own_cpu_ticks());
    let _ = start_tx.send(Some(started));
    let (mut refused, mut accepted_spans, mut latencies, mut due_at) =
        (0, 0, Vec::new(), Vec::new());
    for t in tasks {
        let sent = t.await??;
        refused += sent.refused;
        accepted_spans += sent.accepted_spans;
        due_at.extend(sent.due_at);
        latencies.extend(sent.latencies);
    }
    if args.slow_ms > 0 {
        println!(
            "{}",
            slow_answers(&latencies, &due_at, Duration::from_millis(args.slow_ms))
        );
    }
    let sent_in = started.elapsed();
    // Its own CPU while sending: a load generator short of cores would pace the run.
    let sending_ticks = own_cpu_ticks().saturating_sub(ticks0);
    let spans = sent_spans;
    // What was accepted leaves: its spans, and each serialized request's two closed
    // bursts as window spans. A refused request (told to retry) is not resent here.
    let accepted_requests = per * args.concurrency - refused;
    let expected = accepted_spans + accepted_requests * if windows { 2 } else { 0 };
    let deadline = Instant::now() + Duration::from_secs(60);
    let mut done = if args.no_metrics {
        0.0
    } else {
        exported(&args.metrics).await - before
    };
    while !args.no_metrics && done < expected as f64 && Instant::now() < deadline {
        tokio::time::sleep(Duration::from_millis(50)).await;
        done = exported(&args.metrics).await - before;
    }
    let all_in = started.elapsed();
    latencies.sort_unstable();
    println!(
        "protocol={} tier={} rate={} requests={} spans={} expected_exported={} refused_requests={} accepted_in={:.2}s accepted_spans_per_s={:.0} ack_p50_ms={:.2} ack_p99_ms={:.2} ack_max_ms={:.2} exported={} exported_in={:.2}s end_to_end_spans_per_s={:.0} cpu_ticks_sending={}",
        args.protocol,
        args.tier,
        args.rate,
        per * args.concurrency,
        spans,
        expected,
        refused,
        sent_in.as_secs_f64(),
        accepted_spans as f64 / sent_in.as_secs_f64(),
        percentile_ms(&latencies, 0.50),
        percentile_ms(&latencies, 0.99),
        percentile_ms(&latencies, 1.0),
        done,
        all_in.as_secs_f64(),
        done / all_in.as_secs_f64(),
        sending_ticks
    );
    Ok(())
}
