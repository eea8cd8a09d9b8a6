//! A bounded OTLP/gRPC load generator for the receiver (loopback only).
//!
//! ```sh
//! cargo run --release -p gpu-otel-receiver -- serve --export-file /tmp/out.jsonl &
//! cargo run --release -p gpu-otel-receiver --example loadgen -- --target 127.0.0.1:4317 --metrics 127.0.0.1:9464
//! ```
//!
//! Each request carries one producer's batch: `--spans` kernel spans of a
//! serialized-tier process with the windows that settle them (so nothing waits for the
//! reconcile deadline), plus as many plain spans. It reports requests/s and spans/s
//! accepted, then polls `/metrics` until every span has been exported.

use std::time::{Duration, Instant};

use clap::Parser;
use opentelemetry_proto::tonic::collector::trace::v1::trace_service_client::TraceServiceClient;
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
}

fn batch(
    producer: u64,
    n: u64,
    spans: u64,
) -> opentelemetry_proto::tonic::collector::trace::v1::ExportTraceServiceRequest {
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
    for (c, reqs) in payloads.into_iter().enumerate() {
        let target = format!("http://{}", args.target);
        tasks.push(tokio::spawn(async move {
            let mut client = TraceServiceClient::connect(target).await?;
            let mut refused = 0u64;
            for r in reqs {
                if client.export(r).await.is_err() {
                    refused += 1;
                }
            }
            anyhow::Ok((c, refused))
        }));
    }
    let mut refused = 0;
    for t in tasks {
        refused += t.await??.1;
    }
    let sent_in = started.elapsed();
    let spans = per * args.concurrency * (2 * args.spans + 1);
    let deadline = Instant::now() + Duration::from_secs(60);
    let mut done = exported(&args.metrics).await - before;
    while done < spans as f64 && Instant::now() < deadline {
        tokio::time::sleep(Duration::from_millis(50)).await;
        done = exported(&args.metrics).await - before;
    }
    let all_in = started.elapsed();
    println!(
        "requests={} spans={} refused_requests={} accepted_in={:.2}s accepted_spans_per_s={:.0} exported={} exported_in={:.2}s end_to_end_spans_per_s={:.0}",
        per * args.concurrency,
        spans,
        refused,
        sent_in.as_secs_f64(),
        spans as f64 / sent_in.as_secs_f64(),
        done,
        all_in.as_secs_f64(),
        done / all_in.as_secs_f64()
    );
    Ok(())
}
