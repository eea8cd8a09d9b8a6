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
//! one after another, each waiting for its answer (as an OTLP exporter does). It reports
//! requests/s and spans/s accepted, the acknowledgement latency of a request (p50, p99,
//! max: sent until answered), then polls `/metrics` until every span has been exported.
//! `--protocol http` sends the same requests as OTLP/HTTP protobuf to `--target`
//! (e.g. 127.0.0.1:4318), one keep-alive connection per `--concurrency`.

use std::time::{Duration, Instant};

use clap::Parser;
use opentelemetry_proto::tonic::collector::trace::v1::trace_service_client::TraceServiceClient;
use opentelemetry_proto::tonic::collector::trace::v1::ExportTraceServiceRequest;
use prost::Message;
use receiver::fixtures::{kernel, plain, request, resource, window_carrier};
use semconv::{SamplingMode, Serialized, Tier, Window};

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
}

fn batch(producer: u64, n: u64, spans: u64) -> ExportTraceServiceRequest {
    let base = n * 1_000_000;
    let ks = SamplingMode::KernelSerialized;
    let seq = n * 2 + 1;
    let windows = [
        Window::open(base, seq, ks),
        Window::closed(base, base + 100_000, seq, ks),
        Window::open(base + 900_000, seq + 1, ks),
        Window::closed(base + 900_000, base + 950_000, seq + 1, ks),
    ];
    let mut out = vec![window_carrier(n, &windows)];
    for i in 0..spans {
        let s = base + 1_000 + i * 8_000;
        let stamp = if s <= base + 100_000 {
            Serialized::True
        } else {
            Serialized::False
        };
        out.push(kernel(n * spans + i, s, s + 5_000, Some(stamp)));
        out.push(plain(n * spans + i));
    }
    request(
        resource("loadgen", producer as i64, Some(Tier::Serialized)),
        out,
    )
}

/// Refused requests and each request's time from sending to its answer.
type Sent = (u64, Vec<Duration>);

async fn send_grpc(target: &str, reqs: Vec<ExportTraceServiceRequest>) -> anyhow::Result<Sent> {
    let mut client = TraceServiceClient::connect(format!("http://{target}")).await?;
    let (mut refused, mut latencies) = (0, Vec::with_capacity(reqs.len()));
    for r in reqs {
        let t = Instant::now();
        let ok = client.export(r).await.is_ok();
        latencies.push(t.elapsed());
        refused += u64::from(!ok);
    }
    Ok((refused, latencies))
}

async fn send_http(target: &str, reqs: Vec<ExportTraceServiceRequest>) -> anyhow::Result<Sent> {
    // One client per connection: requests on it follow one another on one socket.
    let client = reqwest::Client::builder()
        .pool_max_idle_per_host(1)
        .build()?;
    let url = format!("http://{target}/v1/traces");
    let (mut refused, mut latencies) = (0, Vec::with_capacity(reqs.len()));
    for r in reqs {
        let body = r.encode_to_vec();
        let t = Instant::now();
        let resp = client
            .post(&url)
            .header("content-type", "application/x-protobuf")
            .body(body)
            .send()
            .await;
        let ok = match resp {
            Ok(resp) => resp.status().is_success() && resp.bytes().await.is_ok(),
            Err(_) => false,
        };
        latencies.push(t.elapsed());
        refused += u64::from(!ok);
    }
    Ok((refused, latencies))
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

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let args = Args::parse();
    anyhow::ensure!(
        args.target.starts_with("127.")
            || args.target.starts_with("localhost")
            || args.target.starts_with("[::1]"),
        "the load generator only targets loopback addresses"
    );
    let before = exported(&args.metrics).await;
    let per = args.requests / args.concurrency;
    let payloads: Vec<Vec<_>> = (0..args.concurrency)
        .map(|c| (0..per).map(|n| batch(c, n, args.spans)).collect())
        .collect();
    let started = Instant::now();
    let mut tasks = Vec::new();
    for reqs in payloads {
        let (target, http) = (args.target.clone(), args.protocol == "http");
        tasks.push(tokio::spawn(async move {
            if http {
                send_http(&target, reqs).await
            } else {
                send_grpc(&target, reqs).await
            }
        }));
    }
    let mut refused = 0;
    let mut latencies = Vec::new();
    for t in tasks {
        let (r, l) = t.await??;
        refused += r;
        latencies.extend(l);
    }
    let sent_in = started.elapsed();
    let spans = per * args.concurrency * (2 * args.spans + 1);
    // Each request's two closed bursts also leave as window spans.
    let expected = spans + per * args.concurrency * 2;
    let deadline = Instant::now() + Duration::from_secs(60);
    let mut done = exported(&args.metrics).await - before;
    while done < expected as f64 && Instant::now() < deadline {
        tokio::time::sleep(Duration::from_millis(50)).await;
        done = exported(&args.metrics).await - before;
    }
    let all_in = started.elapsed();
    latencies.sort_unstable();
    println!(
        "protocol={} requests={} spans={} refused_requests={} accepted_in={:.2}s accepted_spans_per_s={:.0} ack_p50_ms={:.2} ack_p99_ms={:.2} ack_max_ms={:.2} exported={} exported_in={:.2}s end_to_end_spans_per_s={:.0}",
        args.protocol,
        per * args.concurrency,
        spans,
        refused,
        sent_in.as_secs_f64(),
        spans as f64 / sent_in.as_secs_f64(),
        percentile_ms(&latencies, 0.50),
        percentile_ms(&latencies, 0.99),
        percentile_ms(&latencies, 1.0),
        done,
        all_in.as_secs_f64(),
        done / all_in.as_secs_f64()
    );
    Ok(())
}
