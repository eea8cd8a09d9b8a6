//! The injector's export path under load, without a GPU: records offered at a set rate
//! by a fake-CUPTI producer, through the real encoder and sender, into a counting sink,
//! a counting OTLP backend, or any OTLP/gRPC endpoint (the project's receiver).
//!
//! ```sh
//! # the export path alone, no network
//! export-load produce --rate 1000000 --seconds 5 --sink null
//! # into the receiver, which exports to a counting backend
//! export-load backend --listen 127.0.0.1:4319 --idle-exit 5s &
//! gpu-otel-receiver serve --export-endpoint http://127.0.0.1:4319 &
//! export-load produce --rate 500000 --seconds 10 --endpoint http://127.0.0.1:4317
//! # the serialized tier at PyTorch's rate for 30 minutes, progress every 60 s
//! export-load produce --tier serialized --rate 23000 --seconds 1800 --progress-s 60
//! ```
//!
//! `produce` prints one JSON line: records offered and refused, kernel spans exported,
//! losses, the sustained rate, the budget's peak and the process's RSS growth.
//! `backend` prints one JSON line when no request came for `--idle-exit`.

use std::net::SocketAddr;
use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::time::{Duration, Instant};

use clap::{Parser, Subcommand};
use gpu_otel_examples::load;
use gpu_otel_injector::config::{
    BUDGET_BYTES_DEFAULT, IN_FLIGHT_DEFAULT, MAX_REQUEST_BYTES_DEFAULT,
};
use gpu_otel_injector::export::CountingSink;
use gpu_otel_injector::resource::ProcessInfo;
use gpu_otel_injector::sampling::controller::BurstConfig;
use gpu_otel_injector::stats::Stats;
use gpu_otel_injector::worker::{self, Settings};
use semconv::Tier;

#[derive(Debug, Parser)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Offer records at a set rate through the export path.
    Produce(Produce),
    /// A counting OTLP/gRPC backend.
    Backend {
        /// Listen address.
        #[arg(long, default_value = "127.0.0.1:4319")]
        listen: SocketAddr,
        /// Exit after this long without a request (once one came).
        #[arg(long, value_parser = humantime::parse_duration, default_value = "5s")]
        idle_exit: Duration,
        /// Also exit, with the counts, as soon as this file exists: a check that knows
        /// when everything was sent ends the backend then, so a long idle time can
        /// outlast a silence in the middle of a run.
        #[arg(long)]
        stop_file: Option<std::path::PathBuf>,
    },
}

#[derive(Debug, clap::Args)]
struct Produce {
    /// Records per second.
    #[arg(long, default_value_t = 500_000)]
    rate: u64,
    /// Seconds of offering.
    #[arg(long, default_value_t = 10.0)]
    seconds: f64,
    /// `null`: an in-process counting sink (the export path alone); `grpc`: OTLP/gRPC
    /// to --endpoint.
    #[arg(long, default_value = "grpc", value_parser = ["null", "grpc"])]
    sink: String,
    /// OTLP/gRPC endpoint.
    #[arg(long, default_value = "http://127.0.0.1:4317")]
    endpoint: String,
    /// Flush period of the simulated collector, ms (records arrive in one batch per period).
    #[arg(long, default_value_t = 100)]
    period_ms: u64,
    /// Memory budget, MiB.
    #[arg(long, default_value_t = BUDGET_BYTES_DEFAULT >> 20)]
    budget_mb: u64,
    /// Requests in flight.
    #[arg(long, default_value_t = IN_FLIGHT_DEFAULT)]
    in_flight: usize,
    /// Largest request, bytes.
    #[arg(long, default_value_t = MAX_REQUEST_BYTES_DEFAULT)]
    max_request_bytes: usize,
    /// Exit deadline after the last offer, seconds.
    #[arg(long, default_value_t = 10.0)]
    deadline: f64,
    /// The PC-sampling tier the producer declares. `serialized` runs every launch
    /// through the real burst controller and window log (bursts, windows, stamping).
    #[arg(long, default_value = "off", value_parser = ["off", "serialized"])]
    tier: String,
    /// Serialized tier: (PC, stall) pairs a launch inside a burst yields.
    #[arg(long, default_value_t = load::PAIRS_PER_LAUNCH_DEFAULT)]
    pairs_per_launch: u64,
    /// Print a progress line (JSON, on stderr) every this many seconds; 0: never.
    #[arg(long, default_value_t = 0)]
    progress_s: u64,
}

fn produce(p: Produce) -> anyhow::Result<()> {
    let names = load::torch_names();
    let (rss0, _) = load::rss();
    let process = ProcessInfo::current();
    let tier: Tier = p.tier.parse()?;
    let settings = Settings {
        budget_bytes: p.budget_mb << 20,
        in_flight: p.in_flight,
        max_request_bytes: p.max_request_bytes,
        ..Settings::for_process(&process, Some("export-load"), None, tier)
    };
    let stats = Arc::new(Stats::default());
    let null = Arc::new(CountingSink::default());
    let (queue, handle) = if p.sink == "null" {
        let sink = null.clone();
        worker::spawn(settings, stats.clone(), move || Ok(sink))?
    } else {
        worker::spawn_grpc(settings, stats.clone(), p.endpoint.clone())?
    };
    let total = (p.rate as f64 * p.seconds) as u64;
    let started = Instant::now();
    let mut app = (tier == Tier::Serialized)
        .then(|| load::SerializedApp::new(&queue, BurstConfig::default(), p.pairs_per_launch));
    let mut next = Duration::from_secs(p.progress_s);
    let produced = load::produce(
        &queue,
        &names,
        p.rate,
        total,
        Duration::from_millis(p.period_ms),
        app.as_mut(),
        |now| {
            if p.progress_s == 0 || now.elapsed < next {
                return;
            }
            next += Duration::from_secs(p.progress_s);
            let (rss, _) = load::rss();
            let line = serde_json::json!({
                "elapsed_s": now.elapsed.as_secs(),
                "offered": now.offered,
                "refused_budget": now.refused,
                "kernel_spans_exported": stats.kernel_spans_exported.load(Ordering::Relaxed),
                "bursts": now.bursts,
                "stamped_unknown": stats.stamped[2].load(Ordering::Relaxed),
                "budget_used_mb": queue.budget().used() as f64 / (1 << 20) as f64,
                "budget_peak_mb": queue.budget().peak() as f64 / (1 << 20) as f64,
                "rss_mb": rss as f64 / (1 << 20) as f64,
            });
            eprintln!("{line}");
        },
    );
    let backlog_at_end = stats.records.load(Ordering::Relaxed)
        - stats.kernel_spans_exported.load(Ordering::Relaxed)
        - stats.queue_full.load(Ordering::Relaxed);
    let finished = queue.shutdown(Instant::now() + Duration::from_secs_f64(p.deadline));
    let elapsed = started.elapsed();
    let budget_peak = queue.budget().peak();
    drop(queue);
    let _ = handle.join();
    let (_, hwm) = load::rss();
    let exported = stats.kernel_spans_exported.load(Ordering::Relaxed);
    let null_bytes = null.bytes.load(Ordering::Relaxed);
    let out = serde_json::json!({
        "sink": p.sink,
        "rate_target": p.rate,
        "offered": produced.offered,
        "offer_rate": produced.offered as f64 / produced.elapsed.as_secs_f64(),
        "refused_budget": produced.refused,
        "kernel_spans_exported": exported,
        "export_failed": stats.kernel_export_failed.load(Ordering::Relaxed),
        "unexported": stats.unexported(),
        "lost": produced.offered - exported,
        "backlog_when_offers_ended": backlog_at_end,
        "drain_s": (elapsed - produced.elapsed).as_secs_f64(),
        "sustained_spans_per_s": exported as f64 / elapsed.as_secs_f64(),
        "requests": stats.requests_exported.load(Ordering::Relaxed),
        "retries": stats.retries.load(Ordering::Relaxed),
        "finished_in_deadline": finished,
        "budget_peak_mb": budget_peak as f64 / (1 << 20) as f64,
        "tier": p.tier,
        "bursts": produced.bursts,
        "gap_ms": app.as_ref().map_or(0, |a| a.gap_ns() / 1_000_000),
        "stamped": [
            stats.stamped[0].load(Ordering::Relaxed),
            stats.stamped[1].load(Ordering::Relaxed),
            stats.stamped[2].load(Ordering::Relaxed),
        ],
        "unsettled": {
            "hold_bytes": stats.unsettled[0].load(Ordering::Relaxed),
            "hold_time": stats.unsettled[1].load(Ordering::Relaxed),
            "exit": stats.unsettled[2].load(Ordering::Relaxed),
        },
        "rss_growth_mb": (hwm.saturating_sub(rss0)) as f64 / (1 << 20) as f64,
        "null_sink_bytes": null_bytes,
    });
    println!("{out}");
    eprintln!("export-load: {}", stats.summary());
    Ok(())
}

fn backend(
    listen: SocketAddr,
    idle_exit: Duration,
    stop_file: Option<&std::path::Path>,
) -> anyhow::Result<()> {
    let (addr, counted) = load::start_counting(listen)?;
    eprintln!("export-load backend: listening on {addr}");
    let stopped = || stop_file.is_some_and(|f| f.exists());
    // Wait for the first request, then for quiet (or the stop file).
    while counted.requests.load(Ordering::Relaxed) == 0 && !stopped() {
        std::thread::sleep(Duration::from_millis(50));
    }
    let (_, active) = load::settle_unless(
        || counted.spans.load(Ordering::Relaxed),
        idle_exit,
        Duration::from_secs(3600),
        stopped,
    );
    let out = serde_json::json!({
        "requests": counted.requests.load(Ordering::Relaxed),
        "spans": counted.spans.load(Ordering::Relaxed),
        "kernel_spans": counted.kernel_spans.load(Ordering::Relaxed),
        "graph_launch_spans": counted.graph_launch_spans.load(Ordering::Relaxed),
        "kernel_executions": counted.kernel_executions.load(Ordering::Relaxed),
        "graph_launches_of_unknown_size": counted.graph_launches_of_unknown_size.load(Ordering::Relaxed),
        "true": counted.stamps[0].load(Ordering::Relaxed),
        "false": counted.stamps[1].load(Ordering::Relaxed),
        "unknown": counted.stamps[2].load(Ordering::Relaxed),
        "active_s": active.as_secs_f64(),
        // Stretches of "true" kernels 50 ms apart or more: [start_ns, end_ns, spans].
        "true_intervals": load::merge_intervals(
            std::mem::take(&mut *counted.true_times.lock().unwrap_or_else(|p| p.into_inner())),
            50_000_000,
        ),
    });
    println!("{out}");
    Ok(())
}

fn main() -> anyhow::Result<()> {
    // RUST_LOG shows the export client's own logs (tonic, h2, hyper) on stderr.
    if std::env::var_os("RUST_LOG").is_some() {
        tracing_subscriber::fmt()
            .with_env_filter(tracing_subscriber::EnvFilter::from_default_env())
            .with_writer(std::io::stderr)
            .init();
    }
    match Cli::parse().command {
        Command::Produce(p) => produce(p),
        Command::Backend {
            listen,
            idle_exit,
            stop_file,
        } => backend(listen, idle_exit, stop_file.as_deref()),
    }
}
