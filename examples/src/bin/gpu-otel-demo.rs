//! The main job in one command: the receiver (exporting to its embedded OTLP-JSON file,
//! or wherever `OTEL_EXPORTER_OTLP_ENDPOINT` says) and a GPU workload feeding it. On a
//! machine with an NVIDIA GPU the workload is the CUDA example under the injector;
//! elsewhere it is a replay of real H200 kernel records through the injector's own
//! processing path. It ends with a summary a person can read at a glance.

use std::path::PathBuf;
use std::process::Command;
use std::time::Duration;

use anyhow::Context as _;
use clap::Parser;
use gpu_otel_examples::replay;
use opentelemetry_proto::tonic::collector::trace::v1::ExportTraceServiceRequest;
use receiver::config::{Config, ExportTarget};
use receiver::conformance::SpanKind;
use semconv::{attributes as a, stall};

#[derive(Debug, Parser)]
#[command(
    about = "Run the receiver and a GPU workload (or a replay of an H200 capture), then summarize"
)]
struct Args {
    /// Where the embedded sink writes when no OTLP endpoint is configured.
    #[arg(long, default_value = "gpu-otel-demo.jsonl")]
    export_file: PathBuf,
    /// Replay the recorded capture even when a GPU is present.
    #[arg(long)]
    replay: bool,
}

/// The CUDA example and the injector, built next to this binary (`cargo build --release`).
fn gpu_workload() -> Option<(PathBuf, PathBuf)> {
    let dir = std::env::current_exe().ok()?.parent()?.to_path_buf();
    let (so, app) = (dir.join("libgpu_otel_injector.so"), dir.join("kernels"));
    let gpu = Command::new("nvidia-smi")
        .arg("-L")
        .output()
        .is_ok_and(|o| o.status.success());
    (gpu && so.is_file() && app.is_file()).then_some((so, app))
}

fn main() -> anyhow::Result<()> {
    let args = Args::parse();
    let mut config = Config::default();
    config.apply_env(|k| std::env::var(k).ok())?;
    for addr in [
        &mut config.ingest.grpc_endpoint,
        &mut config.ingest.http_endpoint,
        &mut config.telemetry.metrics_endpoint,
    ] {
        addr.set_port(0);
    }
    config.export.file = args.export_file.clone();
    config.reconcile.delay = Duration::from_millis(500);
    let file_sink = matches!(config.export_target()?, ExportTarget::File(_));
    if file_sink {
        // A fresh file per run, so the summary describes this run only.
        let _ = std::fs::remove_file(&args.export_file);
    }
    let rt = tokio::runtime::Runtime::new().context("starting the runtime")?;
    let running = rt.block_on(receiver::pipeline::start(config))?;
    let endpoint = format!("http://{}", running.grpc_addr);
    println!(
        "receiver: OTLP/gRPC {} OTLP/HTTP {} metrics http://{}/metrics -> {}",
        running.grpc_addr, running.http_addr, running.metrics_addr, running.export
    );

    let workload = match (args.replay, gpu_workload()) {
        (false, Some((so, app))) => {
            println!(
                "workload: {} under the injector on this machine's GPU",
                app.display()
            );
            let status = Command::new(&app)
                .env("CUDA_INJECTION64_PATH", &so)
                .env("OTEL_EXPORTER_OTLP_ENDPOINT", &endpoint)
                .env("OTEL_EXPORTER_OTLP_PROTOCOL", "grpc")
                .env("OTEL_SERVICE_NAME", "cuda-kernels-example")
                .status()
                .with_context(|| format!("running {}", app.display()))?;
            anyhow::ensure!(status.success(), "the CUDA example failed: {status}");
            "the CUDA example under the injector".to_string()
        }
        _ => {
            let mut records = Vec::new();
            for p in replay::default_fixtures() {
                records.extend(replay::load(&p)?);
            }
            replay::shift_to_now(&mut records);
            println!("workload: no GPU here; replaying {} kernel records captured on an H200 (PC sampling off) through the injector's processing path", records.len());
            let off = replay::replay(&records, "h200-replay", &endpoint)?;
            anyhow::ensure!(
                off.dropped == 0 && off.unexported == 0,
                "the replay lost records"
            );
            // Then a serialized-tier capture: kernels, PC samples and burst windows of
            // a process killed while it sampled, replayed through the same path.
            let dump = replay::load_dump(&replay::serialized_fixture())?;
            println!("workload: then the serialized PC-sampling tier: {} records and sampling messages of an H200 run killed while it sampled", dump.len());
            let ser = replay::replay_dump(
                &dump,
                semconv::Tier::Serialized,
                "h200-serialized-replay",
                &endpoint,
            )?;
            anyhow::ensure!(
                ser.dropped == 0 && ser.unexported == 0,
                "the serialized replay lost records"
            );
            format!(
                "replays of {} H200 kernel records (tier off) and {} (serialized tier)",
                off.records, ser.records
            )
        }
    };

    let telemetry = running.telemetry.clone();
    let export = running.export.clone();
    rt.block_on(async {
        // Let the last batches through the pipeline before stopping it.
        tokio::time::sleep(Duration::from_millis(300)).await;
        running.shutdown().await
    });
    let s = telemetry.snapshot();
    let o = s.reconcile.outcomes;
    let x = &telemetry.export;
    let exported = x.total(|c| &c.exported_spans);
    let dropped: u64 = x
        .destinations()
        .iter()
        .flat_map(|d| d.counters.dropped())
        .map(|(_, n)| n)
        .sum();
    let checked = if file_sink {
        Some(check(&args.export_file)?)
    } else {
        None
    };
    println!();
    println!("== gpu-otel demo: {workload}");
    println!("spans        {exported} exported to {export}, {dropped} dropped");
    if let Some((_, report)) = &checked {
        // By kind, so that the total adds up on the page.
        let width = SpanKind::ALL
            .iter()
            .map(|k| report.span_kinds[k.label()].to_string().len())
            .max()
            .unwrap_or(1);
        for k in SpanKind::ALL {
            let n = report.span_kinds[k.label()];
            if n > 0 {
                println!(
                    "  {n:>width$} {:<18} {}",
                    k.label().replace('_', " "),
                    k.meaning()
                );
            }
        }
        println!("  {:>width$} in all", report.spans);
    }
    println!(
        "outcomes     gpu.serialized on the {} kernel executions: {} true + {} false + {} unknown = {} {}",
        o.executions,
        o.serialized,
        o.not_serialized,
        o.unknown,
        o.serialized + o.not_serialized + o.unknown,
        if o.is_balanced() {
            "[sum identity holds]"
        } else {
            "[SUM IDENTITY BROKEN]"
        }
    );
    println!(
        "  true     {:>w$}  ran inside a PC-sampling burst, serialized with every other kernel: its duration is inflated, do not use it",
        o.serialized,
        w = o.executions.to_string().len()
    );
    println!(
        "  false    {:>w$}  proven to run outside every burst: its duration is what the program gets",
        o.not_serialized,
        w = o.executions.to_string().len()
    );
    println!(
        "  unknown  {:>w$}  the evidence is missing: do not trust its duration",
        o.unknown,
        w = o.executions.to_string().len()
    );
    for reason in semconv::UnknownReason::ALL {
        let n = s.reconcile.unknown_by_reason[reason.index()];
        if n > 0 {
            println!(
                "           {n:>w$}  {}",
                reason.meaning(),
                w = o.executions.to_string().len()
            );
        }
    }
    println!(
        "windows      {} PC-sampling bursts ({} left open), {} window spans made by the receiver",
        s.windows_held,
        s.windows_open,
        s.reconcile.window_spans_closed + s.reconcile.window_spans_unclosed
    );
    println!(
        "stamps       the injector stamped each execution; the receiver's verdict agreed with {}, repaired {}, contradicted {}",
        s.reconcile.agreements,
        s.reconcile.repaired_missing + s.reconcile.repaired_invalid,
        s.reconcile.conflicts
    );
    match &checked {
        Some((requests, _)) => stalls(requests),
        None => println!("stalls       see the backend (the spans went there)"),
    }
    if let Some((requests, report)) = &checked {
        let html = args.export_file.with_extension("html");
        std::fs::write(&html, receiver::conformance::html::render(requests, report))?;
        println!(
            "report       {} (per process: kernels by stream on a time axis, bursts shaded, the three values, stall reasons, a stall flame graph per sampled kernel function)",
            std::fs::canonicalize(&html).unwrap_or(html).display()
        );
        let verdict = report.to_string();
        println!(
            "checked      {}",
            verdict.lines().last().unwrap_or_default()
        );
        println!(
            "check it     {} check {}",
            receiver_command(),
            args.export_file.display()
        );
    }
    Ok(())
}

/// The receiver's binary beside this one (`cargo build --release -p gpu-otel-receiver
/// -p gpu-otel-examples` builds both), as a command to type here; else the build that
/// makes it, in this binary's profile.
fn receiver_command() -> String {
    let exe = std::env::current_exe().ok();
    let dir = exe.as_deref().and_then(std::path::Path::parent);
    let beside = dir.map(|d| d.join("gpu-otel-receiver"));
    match beside {
        Some(bin) if bin.is_file() => {
            let here = std::env::current_dir().unwrap_or_default();
            match bin.strip_prefix(&here) {
                Ok(relative) => relative.display().to_string(),
                Err(_) => bin.display().to_string(),
            }
        }
        _ => {
            let release = dir.is_some_and(|d| d.ends_with("release"));
            let profile = if release { " --release" } else { "" };
            format!("cargo run{profile} -p gpu-otel-receiver --")
        }
    }
}

/// The checker's reading of what the demo exported: the requests and its report.
fn check(
    jsonl: &std::path::Path,
) -> anyhow::Result<(
    Vec<ExportTraceServiceRequest>,
    receiver::conformance::Report,
)> {
    use receiver::conformance::{self, Checker};
    let text = std::fs::read_to_string(jsonl)?;
    let requests = conformance::read_json(&text)?;
    let mut c = Checker::new();
    requests.iter().for_each(|r| c.feed(r));
    Ok((requests, c.finish()))
}

/// The most frequent PC-sampling stall reasons over every exported kernel span, by the
/// names Nsight Compute uses, with what each means.
fn stalls(requests: &[ExportTraceServiceRequest]) {
    use opentelemetry_proto::tonic::common::v1::any_value::Value;
    let mut totals: std::collections::BTreeMap<String, i64> = Default::default();
    for span in requests
        .iter()
        .flat_map(|r| &r.resource_spans)
        .flat_map(|r| &r.scope_spans)
        .flat_map(|s| &s.spans)
    {
        let array = |key: &str| {
            semconv::otlp::find(&span.attributes, key).and_then(|v| match &v.value {
                Some(Value::ArrayValue(a)) => Some(a.values.clone()),
                _ => None,
            })
        };
        if let (Some(names), Some(counts)) = (
            array(a::GPU_PC_SAMPLING_STALL_REASONS),
            array(a::GPU_PC_SAMPLING_STALL_COUNTS),
        ) {
            for (n, c) in names.iter().zip(&counts) {
                if let (Some(Value::StringValue(n)), Some(Value::IntValue(c))) =
                    (&n.value, &c.value)
                {
                    *totals.entry(n.clone()).or_default() += c;
                }
            }
        }
    }
    if totals.is_empty() {
        println!(
            "stalls       none: PC sampling is off in this workload (gpu.pc_sampling.tier=off)"
        );
        return;
    }
    let total: i64 = totals.values().sum();
    let mut top: Vec<_> = totals.into_iter().collect();
    top.sort_by_key(|x| std::cmp::Reverse(x.1));
    println!(
        "stalls       what the sampled warps were doing, {total} PC samples of the serialized tier (names as in Nsight Compute; the spans carry CUPTI's raw names):"
    );
    for (raw, n) in top.iter().take(5) {
        println!(
            "  {:<20} {n:>7} {:>5.1}%  {}",
            stall::display_name(raw),
            100.0 * *n as f64 / total.max(1) as f64,
            stall::meaning(raw).unwrap_or("")
        );
    }
}
