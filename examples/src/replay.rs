//! Replay of real kernel records captured on an H200 (`injector/tests/fixtures/`)
//! through the injector's own processing path, exporting OTLP like the injector does
//! inside a CUDA program. Only the source of the records differs: a file instead of
//! CUPTI's activity buffers.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, Instant};

use anyhow::Context as _;
use gpu_otel_injector::export::{self, ExportSettings, Stats};
use gpu_otel_injector::resource::ProcessInfo;
use gpu_otel_injector::KernelRecord;
use semconv::Tier;

/// The recorded captures shipped with the repository.
pub fn default_fixtures() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../injector/tests/fixtures");
    vec![
        dir.join("h200_kernel_records.jsonl"),
        dir.join("h200_torch_kernel_records.jsonl"),
    ]
}

/// Reads one capture (a JSON line per record).
pub fn load(path: &Path) -> anyhow::Result<Vec<KernelRecord>> {
    let text =
        std::fs::read_to_string(path).with_context(|| format!("reading {}", path.display()))?;
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .enumerate()
        .map(|(i, l)| {
            serde_json::from_str(l).with_context(|| format!("{}:{}", path.display(), i + 1))
        })
        .collect()
}

/// Moves a capture to the present, keeping every interval, so that backends with a
/// retention window show it as recent.
pub fn shift_to_now(records: &mut [KernelRecord]) {
    let Some(first) = records.iter().map(|r| r.start_ns).min() else {
        return;
    };
    let now = gpu_otel_injector::model::now_ns();
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

/// Replays `records` as one process named `service`, exporting OTLP/gRPC to `endpoint`.
pub fn replay(records: &[KernelRecord], service: &str, endpoint: &str) -> anyhow::Result<Replayed> {
    let process = ProcessInfo::current();
    // As inside a CUDA program: OTEL_RESOURCE_ATTRIBUTES adds to the resource.
    let extra = std::env::var("OTEL_RESOURCE_ATTRIBUTES").ok();
    let settings =
        ExportSettings::for_process(&process, Some(service), extra.as_deref(), Tier::Off);
    let stats = Arc::new(Stats::default());
    let (queue, handle) = export::spawn_grpc(settings, stats.clone(), endpoint.to_string())
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
