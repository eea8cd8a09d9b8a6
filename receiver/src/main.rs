//! `gpu-otel-receiver`: `serve` runs the receiver, `validate` checks a configuration.

use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::Duration;

use anyhow::Context as _;
use clap::{Args, Parser, Subcommand};
use receiver::config::{Config, Protocol, Source, Sources};
use receiver::pipeline;
use receiver::preflight::{self, Checked};

#[derive(Debug, Parser)]
#[command(
    version,
    about = "OTLP receiver that reconciles GPU PC-sampling windows and guarantees gpu.serialized on every kernel span"
)]
struct Cli {
    /// Log lines as text or as one JSON object each (also GPU_OTEL_LOG_FORMAT).
    #[arg(
        long,
        global = true,
        env = "GPU_OTEL_LOG_FORMAT",
        default_value = "text"
    )]
    log_format: LogFormat,
    #[command(subcommand)]
    command: Command,
}

/// How log lines are written on stderr.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum LogFormat {
    /// Human-readable; coloured only on a terminal and without NO_COLOR.
    Text,
    /// One JSON object per line (for log shippers).
    Json,
}

/// Logs on stderr, filtered by GPU_OTEL_LOG (default `info`). Colour only where a
/// person reads them: a file or a pipe gets no escape codes, nor does anyone who sets
/// NO_COLOR (no-color.org: any non-empty value).
fn init_logs(format: LogFormat) {
    use std::io::IsTerminal as _;
    let filter = tracing_subscriber::EnvFilter::try_from_env("GPU_OTEL_LOG")
        .unwrap_or_else(|_| "info".into());
    let colour = std::io::stderr().is_terminal()
        && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty());
    let logs = tracing_subscriber::fmt()
        .with_writer(std::io::stderr)
        .with_env_filter(filter);
    match format {
        LogFormat::Text => logs.with_ansi(colour).init(),
        LogFormat::Json => logs.json().with_ansi(false).init(),
    }
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Run the receiver until SIGTERM or SIGINT.
    Serve(Overrides),
    /// Check the configuration (file, environment, flags) as `serve` does before it listens: every value, every file it names read, every directory it writes to writable. Prints it and exits 0, or names the parameter, its value, where it was set and the fix, and exits 2. Binds nothing.
    Validate(Overrides),
    /// Check OTLP from any producer against the gpu.serialized contract: exit 0 when it conforms, 1 on a violation.
    Check(CheckArgs),
}

/// Input of the conformance checker: an OTLP-JSON file, or a live OTLP endpoint.
#[derive(Debug, Args)]
struct CheckArgs {
    /// OTLP-JSON file (one export request per line, as the file sink writes, or one request).
    #[arg(conflicts_with = "listen_grpc")]
    file: Option<PathBuf>,
    /// Listen for OTLP/gRPC on this address instead of reading a file.
    #[arg(long, requires = "duration")]
    listen_grpc: Option<SocketAddr>,
    /// Listen for OTLP/HTTP on this address (with --listen-grpc).
    #[arg(long, default_value = "127.0.0.1:0")]
    listen_http: SocketAddr,
    /// How long to listen, e.g. 30s (SIGINT/SIGTERM stops earlier).
    #[arg(long, value_parser = humantime::parse_duration)]
    duration: Option<Duration>,
    /// Print the report as JSON.
    #[arg(long)]
    json: bool,
    /// Also write a self-contained HTML report (timeline by stream, windows, the three
    /// values, the sum identity, top stall reasons) to this file.
    #[arg(long)]
    html: Option<PathBuf>,
    /// Pass an input whose spans hold no kernel span (a producer that legitimately has
    /// none); without it such an input fails, as one without any span always does.
    #[arg(long)]
    allow_no_kernels: bool,
}

/// Flags override the environment, which overrides the file, which overrides the defaults.
#[derive(Debug, Args)]
struct Overrides {
    /// YAML configuration file.
    #[arg(long, short)]
    config: Option<PathBuf>,
    /// OTLP/gRPC listen address.
    #[arg(long)]
    grpc_endpoint: Option<SocketAddr>,
    /// OTLP/HTTP listen address.
    #[arg(long)]
    http_endpoint: Option<SocketAddr>,
    /// Prometheus /metrics, /livez, /readyz and /healthz listen address.
    #[arg(long)]
    metrics_endpoint: Option<SocketAddr>,
    /// OTLP backend base URL (else OTEL_EXPORTER_OTLP_ENDPOINT, else the file sink).
    #[arg(long)]
    export_endpoint: Option<String>,
    /// Export protocol: grpc, http/protobuf or http/json.
    #[arg(long)]
    export_protocol: Option<String>,
    /// A further destination that receives every span too (repeatable; same protocol).
    #[arg(long)]
    export_mirror: Vec<String>,
    /// File of the embedded sink (OTLP-JSON, one request per line).
    #[arg(long)]
    export_file: Option<PathBuf>,
    /// How long serialized-tier kernel spans wait for their windows, e.g. 2s.
    #[arg(long, value_parser = humantime::parse_duration)]
    reconcile_delay: Option<Duration>,
    /// Directory of the persistent queue (turns it on).
    #[arg(long)]
    queue_dir: Option<PathBuf>,
}

impl Overrides {
    /// The configuration: the file over the defaults, then the environment, then the
    /// flags; with where each parameter was set.
    fn resolve(&self) -> anyhow::Result<(Config, Sources)> {
        let (mut config, mut sources) =
            Config::load(self.config.as_deref(), |k| std::env::var(k).ok())?;
        let mut flag = |param: &str| {
            let flag = receiver::config::flag_of(param).expect("every flag is listed");
            sources.set(param, Source::Flag(flag));
        };
        if let Some(a) = self.grpc_endpoint {
            config.ingest.grpc_endpoint = a;
            flag("ingest.grpc_endpoint");
        }
        if let Some(a) = self.http_endpoint {
            config.ingest.http_endpoint = a;
            flag("ingest.http_endpoint");
        }
        if let Some(a) = self.metrics_endpoint {
            config.telemetry.metrics_endpoint = a;
            flag("telemetry.metrics_endpoint");
        }
        if let Some(e) = &self.export_endpoint {
            config.export.endpoint = Some(e.clone());
            config.export.traces_endpoint = None;
            flag("export.endpoint");
        }
        if let Some(p) = &self.export_protocol {
            config.export.protocol = serde_norway::from_str::<Protocol>(p).map_err(|_| {
                anyhow::anyhow!(
                    "invalid --export-protocol {p:?}: must be grpc, http/protobuf or http/json"
                )
            })?;
            flag("export.protocol");
        }
        if !self.export_mirror.is_empty() {
            config
                .export
                .mirrors
                .extend(self.export_mirror.iter().cloned());
            flag("export.mirrors");
        }
        if let Some(f) = &self.export_file {
            config.export.file = f.clone();
            flag("export.file");
        }
        if let Some(d) = self.reconcile_delay {
            config.reconcile.delay = d;
            flag("reconcile.delay");
        }
        if let Some(d) = &self.queue_dir {
            config.queue.dir = Some(d.clone());
            flag("queue.dir");
        }
        Ok((config, sources))
    }

    /// The configuration, checked as `serve` checks it before it listens.
    fn check(&self) -> anyhow::Result<Checked> {
        let (config, sources) = self.resolve()?;
        Ok(preflight::check(config, sources)?)
    }
}

/// An error and its causes, each said once: a cause whose text the message already
/// holds (an error that quotes its cause and also chains it) is not repeated.
fn said_once(e: &anyhow::Error) -> String {
    let mut text = String::new();
    for cause in e.chain() {
        let part = cause.to_string();
        if text.contains(&part) {
            continue;
        }
        if !text.is_empty() {
            text.push_str(": ");
        }
        text.push_str(&part);
    }
    text
}

/// SIGTERM or SIGINT, whichever comes first. The handlers are installed when this is
/// called, not when it is first awaited: a signal sent as soon as the receiver says it
/// started is taken, not left to end the process unflushed.
fn signal() -> impl std::future::Future<Output = ()> {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{signal, SignalKind};
        let mut term = signal(SignalKind::terminate()).expect("SIGTERM handler");
        let mut int = signal(SignalKind::interrupt()).expect("SIGINT handler");
        async move {
            tokio::select! { _ = term.recv() => {}, _ = int.recv() => {} }
        }
    }
    #[cfg(not(unix))]
    async {
        let _ = tokio::signal::ctrl_c().await;
    }
}

/// The worst-case memory of `config`, as YAML comments after it (docs/receiver.md,
/// "Memory"): what a container's memory limit must allow.
fn print_memory_bound(config: &Config) {
    let threads = receiver::memory::worker_threads();
    let mib = |b: u64| b.div_ceil(1 << 20);
    println!(
        "# worst-case memory: {} MiB with {threads} runtime threads (docs/receiver.md#memory)",
        mib(receiver::memory::bound(config, threads))
    );
    for t in receiver::memory::terms(config, threads) {
        println!("#   {:>5} MiB  {}", mib(t.bytes), t.what);
    }
}

// Decoding, reconciling and encoding OTLP allocate and free millions of small strings
// a second; glibc's allocator spent a third of the receiver's time on it.
#[global_allocator]
static ALLOC: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> std::process::ExitCode {
    // mimalloc asks for transparent huge pages on its arenas; every page it purged and
    // touched again was then a 2 MiB page to zero: 10% of the receiver's samples under
    // load (perf, `clear_page_erms`); off, 9% less CPU and 40-46 against 56-60 MB peak
    // resident (docs/measurements/receiver-throughput.md, 2026-12-06). For the whole
    // process, whatever the host's THP setting.
    let thp_off = rustix::thread::disable_transparent_huge_pages(true);
    let cli = Cli::parse();
    init_logs(cli.log_format);
    if let Err(e) = thp_off {
        tracing::debug!("transparent huge pages stay on for this process: {e}");
    }
    let result = match cli.command {
        Command::Validate(o) => o.check().map(|c| {
            print!(
                "{}",
                serde_norway::to_string(c.config()).expect("config serializes")
            );
            print_memory_bound(c.config());
        }),
        Command::Serve(o) => o.check().and_then(serve),
        Command::Check(args) => match check(args) {
            Ok(true) => Ok(()),
            Ok(false) => return std::process::ExitCode::from(1),
            Err(e) => Err(e),
        },
    };
    match result {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("gpu-otel-receiver: {}", said_once(&e));
            std::process::ExitCode::from(2)
        }
    }
}

fn serve(checked: Checked) -> anyhow::Result<()> {
    let rt = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .thread_name("gpu-otel-receiver")
        .build()
        .context("starting the runtime")?;
    let config_queued = checked.config().queue.dir.is_some();
    rt.block_on(async {
        let running = pipeline::start_checked(checked).await?;
        let stopped = signal();
        // One machine-readable line so scripts and tests find the ports.
        println!(
            "{}",
            serde_json::json!({"grpc": running.grpc_addr, "http": running.http_addr, "metrics": running.metrics_addr, "export": running.export})
        );
        stopped.await;
        tracing::info!("Shutting down");
        let telemetry = running.telemetry.clone();
        let report = running.shutdown().await;
        let s = telemetry.snapshot();
        let o = s.reconcile.outcomes;
        let x = &telemetry.export;
        // Counted per destination, as exports are.
        let deadline_drops = x.total(|c| &c.dropped_shutdown);
        let q = &telemetry.queue;
        let kept = q.requests.load(std::sync::atomic::Ordering::Relaxed);
        let unknown: Vec<String> = semconv::UnknownReason::ALL
            .iter()
            .filter(|r| s.reconcile.unknown_by_reason[r.index()] > 0)
            .map(|r| format!("{}={}", r.as_str(), s.reconcile.unknown_by_reason[r.index()]))
            .collect();
        eprintln!(
            "gpu-otel-receiver: {} spans accepted at ingest, {} taken into the pipeline, {} kernel executions: {} true + {} false + {} unknown = {} (unknown by missing evidence: {}; unknown stamps settled here: {}); {} windows held ({} open); {} spans exported; {} spans dropped at the shutdown deadline{}; {}{}",
            telemetry.accepted_spans(),
            s.reconcile.spans_reconciled,
            o.executions,
            o.serialized,
            o.not_serialized,
            o.unknown,
            o.serialized + o.not_serialized + o.unknown,
            if unknown.is_empty() { "none".to_string() } else { unknown.join(" ") },
            s.reconcile.settled_unknown_stamps,
            s.windows_held,
            s.windows_open,
            x.total(|c| &c.exported_spans),
            deadline_drops,
            if report.clean { "" } else { " (shutdown deadline passed)" },
            x.summary(),
            if config_queued {
                format!("; {kept} requests kept in the queue for the next start")
            } else {
                String::new()
            }
        );
        Ok(())
    })
}

/// Runs the checker; true when the input conforms.
fn check(args: CheckArgs) -> anyhow::Result<bool> {
    use receiver::conformance::{self, Checker};
    let checker = |allow_no_kernels: bool| {
        let c = Checker::new();
        if allow_no_kernels {
            c.allowing_no_kernels()
        } else {
            c
        }
    };
    if args.html.is_some() && args.file.is_none() {
        anyhow::bail!("--html needs an OTLP-JSON file to read");
    }
    let mut requests = Vec::new();
    let report = match (&args.file, args.listen_grpc) {
        (Some(path), _) => {
            let text = std::fs::read_to_string(path)
                .with_context(|| format!("reading {}", path.display()))?;
            requests =
                conformance::read_json(&text).with_context(|| format!("{}", path.display()))?;
            let mut c = checker(args.allow_no_kernels);
            requests.iter().for_each(|r| c.feed(r));
            c.finish()
        }
        (None, Some(grpc)) => {
            let rt = tokio::runtime::Builder::new_multi_thread()
                .enable_all()
                .build()
                .context("starting the runtime")?;
            let duration = args.duration.expect("clap requires it");
            rt.block_on(conformance::live::listen(
                checker(args.allow_no_kernels),
                grpc,
                args.listen_http,
                receiver::config::MAX_REQUEST_BYTES_DEFAULT,
                |g, h| println!("{}", serde_json::json!({"grpc": g, "http": h})),
                async move {
                    tokio::select! { _ = tokio::time::sleep(duration) => {}, _ = signal() => {} }
                },
            ))?
        }
        (None, None) => anyhow::bail!("give an OTLP-JSON file, or --listen-grpc ADDR --duration D"),
    };
    if args.json {
        println!(
            "{}",
            serde_json::to_string_pretty(&report).expect("report serializes")
        );
    } else {
        println!("{report}");
    }
    if let Some(out) = &args.html {
        std::fs::write(out, conformance::html::render(&requests, &report))
            .with_context(|| format!("writing {}", out.display()))?;
        eprintln!("HTML report: {}", out.display());
    }
    Ok(report.passed())
}
