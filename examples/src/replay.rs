//! Replay of real kernel records captured on an H200 (`injector/tests/fixtures/`)
//! through the injector's own processing path, exporting OTLP like the injector does
//! inside a CUDA program. Only the source of the records differs: a file instead of
//! CUPTI's activity buffers.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, Instant};

use anyhow::Context as _;
use gpu_otel_injector::dump::DumpLine;
use gpu_otel_injector::nvtx::tracker::EventSink as _;
use gpu_otel_injector::resource::ProcessInfo;
use gpu_otel_injector::sampling::stamp::StampLimits;
use gpu_otel_injector::stats::Stats;
use gpu_otel_injector::worker::{self, Settings};
use gpu_otel_injector::KernelRecord;
use otlp_client::ExportConfig;
use semconv::Tier;

/// The recorded captures shipped with the repository.
pub fn default_fixtures() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../injector/tests/fixtures");
    vec![
        dir.join("h200_kernel_records.jsonl"),
        dir.join("h200_torch_kernel_records.jsonl"),
    ]
}

/// The serialized-tier capture shipped with the repository: kernel records, PC samples,
/// window records and counters, as the injector's exporter thread received them on an
/// H200 (`GPU_OTEL_RECORD_DUMP`).
pub fn serialized_fixture() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../injector/tests/fixtures/h200_serialized_capture.jsonl.gz")
}

/// Reads a record dump (gzip when the name ends in `.gz`): kernel records and sampling
/// messages in the order the exporter received them.
pub fn load_dump(path: &Path) -> anyhow::Result<Vec<DumpLine>> {
    let bytes = std::fs::read(path).with_context(|| format!("reading {}", path.display()))?;
    let text = if path.extension().is_some_and(|e| e == "gz") {
        let mut s = String::new();
        std::io::Read::read_to_string(&mut flate2::read::GzDecoder::new(&bytes[..]), &mut s)
            .with_context(|| format!("gunzip {}", path.display()))?;
        s
    } else {
        String::from_utf8(bytes).with_context(|| format!("{} is not UTF-8", path.display()))?
    };
    json_lines(path, &text)
}

/// One JSON value per non-empty line; an error names the line.
fn json_lines<T: serde::de::DeserializeOwned>(path: &Path, text: &str) -> anyhow::Result<Vec<T>> {
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .enumerate()
        .map(|(i, l)| {
            serde_json::from_str(l).with_context(|| format!("{}:{}", path.display(), i + 1))
        })
        .collect()
}

/// Replays a record dump of a process that ran `tier`, moved to the present, as one
/// process named `service` exporting OTLP to `endpoint` (as [`export_config`] says):
/// records in batches and sampling messages in their recorded order, through the
/// injector's export path (stamping included).
pub fn replay_dump(
    lines: &[DumpLine],
    tier: Tier,
    service: &str,
    endpoint: &str,
) -> anyhow::Result<Replayed> {
    let first = lines
        .iter()
        .filter_map(|l| match l {
            DumpLine::Record(r) => Some(r.start_ns),
            DumpLine::Sampling { .. } | DumpLine::Nvtx { .. } => None,
        })
        .min()
        .unwrap_or(0);
    let target = gpu_otel_injector::clock::now_ns().saturating_sub(2_000_000_000);
    let shift = i64::try_from(target).unwrap_or(i64::MAX) - i64::try_from(first).unwrap_or(0);
    let process = ProcessInfo::current();
    let extra = std::env::var("OTEL_RESOURCE_ATTRIBUTES").ok();
    let settings = Settings {
        stamp_limits: StampLimits {
            // As the injector holds by default: until the next burst can open.
            hold_ns: 12_050_000_000,
            ..StampLimits::default()
        },
        ..Settings::for_process(&process, Some(service), extra.as_deref(), tier)
    };
    let stats = Arc::new(Stats::default());
    let (queue, handle) = worker::spawn_otlp(settings, stats.clone(), export_config(endpoint))
        .context("starting the exporter thread")?;
    let sampling = queue.sampling_sender();
    let nvtx = queue.nvtx_sender();
    let mut batch = Vec::new();
    let mut records = 0;
    for line in lines {
        match line {
            DumpLine::Record(r) => {
                let mut r = r.clone();
                r.start_ns = r.start_ns.saturating_add_signed(shift);
                r.end_ns = r.end_ns.saturating_add_signed(shift);
                batch.push(r);
                records += 1;
            }
            DumpLine::Sampling { sampling: s } => {
                queue.offer(std::mem::take(&mut batch));
                sampling.send(s.to_msg(shift).map_err(anyhow::Error::msg)?);
            }
            DumpLine::Nvtx { nvtx: e } => {
                // In order with the records around it, as the exporter received them.
                queue.offer(std::mem::take(&mut batch));
                nvtx.send(e.clone().shifted(shift));
            }
        }
    }
    queue.offer(batch);
    queue.shutdown(Instant::now() + Duration::from_secs(10));
    drop(queue);
    let _ = handle.join();
    Ok(Replayed {
        records,
        dropped: stats.drops().total(),
        unexported: stats.unexported(),
    })
}

/// The exporter's settings as inside a CUDA program, from the `OTEL_EXPORTER_OTLP_*`
/// variables (protocol, headers, TLS files), sending to `endpoint`.
pub fn export_config(endpoint: &str) -> ExportConfig {
    let (cfg, warnings) = gpu_otel_injector::config::Config::from_env();
    for w in warnings {
        eprintln!("replay: {w}");
    }
    ExportConfig {
        endpoint: Some(endpoint.to_string()),
        traces_endpoint: None,
        ..cfg.export
    }
}

/// Reads one capture (a JSON line per record).
pub fn load(path: &Path) -> anyhow::Result<Vec<KernelRecord>> {
    let text =
        std::fs::read_to_string(path).with_context(|| format!("reading {}", path.display()))?;
    json_lines(path, &text)
}

/// Moves a capture to the present, keeping every interval, so that backends with a
/// retention window show it as recent.
pub fn shift_to_now(records: &mut [KernelRecord]) {
    let Some(first) = records.iter().map(|r| r.start_ns).min() else {
        return;
    };
    let now = gpu_otel_injector::clock::now_ns();
    let offset = now.saturating_sub(first).saturating_sub(2_000_000_000);
    for r in records {
        r.start_ns += offset;
        r.end_ns += offset;
    }
}

/// What a replay delivered.
#[derive(Debug, Clone, Copy)]
pub struct Replayed {
    /// Records replayed.
    pub records: usize,
    /// Records dropped on the way (queue or export failures).
    pub dropped: u64,
    /// Records not exported when the deadline came.
    pub unexported: u64,
}

/// Replays `records` as one process named `service`, exporting OTLP to `endpoint` as
/// [`export_config`] says.
pub fn replay(records: &[KernelRecord], service: &str, endpoint: &str) -> anyhow::Result<Replayed> {
    let process = ProcessInfo::current();
    // As inside a CUDA program: OTEL_RESOURCE_ATTRIBUTES adds to the resource.
    let extra = std::env::var("OTEL_RESOURCE_ATTRIBUTES").ok();
    let settings = Settings::for_process(&process, Some(service), extra.as_deref(), Tier::Off);
    let stats = Arc::new(Stats::default());
    let (queue, handle) = worker::spawn_otlp(settings, stats.clone(), export_config(endpoint))
        .context("starting the exporter thread")?;
    // In batches of the size one CUPTI buffer delivers.
    for chunk in records.chunks(97) {
        queue.offer(chunk.to_vec());
    }
    queue.shutdown(Instant::now() + Duration::from_secs(10));
    drop(queue);
    let _ = handle.join();
    Ok(Replayed {
        records: records.len(),
        dropped: stats.drops().total(),
        unexported: stats.unexported(),
    })
}
