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
use semconv::attributes as a;

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
    println!();
    println!("== gpu-otel demo: {workload}");
    println!(
        "kernels      {} kernel execution spans ({} spans in all)",
        s.reconcile.kernel_spans, s.reconcile.spans_reconciled
    );
    println!(
        "windows      {} sampling windows ({} left open), {} window spans",
        s.windows_held,
        s.windows_open,
        s.reconcile.window_spans_closed + s.reconcile.window_spans_unclosed
    );
    println!(
        "outcomes     gpu.serialized: {} true + {} false + {} unknown = {} ({} executions) {}",
        o.serialized,
        o.not_serialized,
        o.unknown,
        o.serialized + o.not_serialized + o.unknown,
        o.executions,
        if o.is_balanced() {
            "[sum identity holds]"
        } else {
            "[SUM IDENTITY BROKEN]"
        }
    );
    println!(
        "stamps       {} agreed, {} repaired, {} conflicts",
        s.reconcile.agreements,
        s.reconcile.repaired_missing + s.reconcile.repaired_invalid,
        s.reconcile.conflicts
    );
    println!(
        "stalls       {}",
        if file_sink {
            top_stalls(&args.export_file)?
        } else {
            "see the backend (spans went there)".to_string()
        }
    );
    println!(
        "data         {} spans exported to {}, {} dropped",
        x.total(|c| &c.exported_spans),
        export,
        x.destinations()
            .iter()
            .flat_map(|d| d.counters.dropped())
            .map(|(_, n)| n)
            .sum::<u64>()
    );
    if file_sink {
        let html = args.export_file.with_extension("html");
        report(&args.export_file, &html)?;
        println!(
            "report       {} (per process: kernels by stream, windows shaded, the three values, stalls)",
            std::fs::canonicalize(&html).unwrap_or(html).display()
        );
        println!(
            "check it     cargo run -p gpu-otel-receiver -- check {}",
            args.export_file.display()
        );
    }
    Ok(())
}

/// The checker's HTML report of what the demo exported.
fn report(jsonl: &std::path::Path, html: &std::path::Path) -> anyhow::Result<()> {
    use receiver::conformance::{self, Checker};
    let text = std::fs::read_to_string(jsonl)?;
    let requests = conformance::read_json(&text)?;
    let mut c = Checker::new();
    requests.iter().for_each(|r| c.feed(r));
    let checked = c.finish();
    std::fs::write(html, conformance::html::render(&requests, &checked))?;
    Ok(())
}

/// The most frequent PC-sampling stall reasons over every exported kernel span.
fn top_stalls(path: &PathBuf) -> anyhow::Result<String> {
    use opentelemetry_proto::tonic::common::v1::any_value::Value;
    let mut totals: std::collections::BTreeMap<String, i64> = Default::default();
    for line in std::fs::read_to_string(path)?.lines() {
        let req: ExportTraceServiceRequest = serde_json::from_str(line)?;
        for span in req
            .resource_spans
            .iter()
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
    }
    if totals.is_empty() {
        return Ok(
            "none: PC sampling is off in this workload (gpu.pc_sampling.tier=off)".to_string(),
        );
    }
    let mut top: Vec<_> = totals.into_iter().collect();
    top.sort_by_key(|x| std::cmp::Reverse(x.1));
    Ok(top
        .iter()
        .take(5)
        .map(|(n, c)| format!("{n} {c}"))
        .collect::<Vec<_>>()
        .join(", "))
}
