//! The injector's export path under load, without a GPU: a fake-CUPTI producer that
//! offers kernel records at a set rate (as the collector thread does, one batch per
//! flush period), and a counting OTLP backend that tells how many kernel spans arrived.
//! `export-load` runs them; a CI test runs them at a million records.

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::{Duration, Instant};

use gpu_otel_injector::export::RecordQueue;
use gpu_otel_injector::fake::FakeKernel;

pub use receiver::fixtures::{serve_counting, Counted};

/// Starts a counting backend on its own runtime thread; returns its address.
pub fn start_counting(addr: SocketAddr) -> anyhow::Result<(SocketAddr, Arc<Counted>)> {
    let counted = Arc::new(Counted::default());
    let inner = counted.clone();
    let rt = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?;
    let listener = rt.block_on(tokio::net::TcpListener::bind(addr))?;
    let local = listener.local_addr()?;
    std::thread::Builder::new()
        .name("counting-backend".into())
        .spawn(move || rt.block_on(serve_counting(listener, inner)))?;
    Ok((local, counted))
}

/// Waits until `value` has not moved for `quiet`, at most `limit`; returns it.
pub fn settle(value: impl Fn() -> u64, quiet: Duration, limit: Duration) -> u64 {
    let started = Instant::now();
    let mut last = value();
    let mut since = Instant::now();
    while started.elapsed() < limit {
        std::thread::sleep(Duration::from_millis(20));
        let now = value();
        if now != last {
            last = now;
            since = Instant::now();
        } else if since.elapsed() >= quiet {
            break;
        }
    }
    last
}

/// Kernel names as a PyTorch training run launches them: long templated names.
pub fn torch_names() -> Vec<Arc<str>> {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../injector/tests/fixtures/h200_torch_kernel_records.jsonl");
    let mut names: Vec<Arc<str>> = crate::replay::load(&path)
        .map(|rs| rs.into_iter().map(|r| r.name).collect())
        .unwrap_or_default();
    names.sort();
    names.dedup();
    if names.is_empty() {
        names.push(Arc::from("_Z6kernelPfi"));
    }
    names
}

/// What a producer offered.
#[derive(Debug, Clone, Copy, Default)]
pub struct Produced {
    /// Records offered.
    pub offered: u64,
    /// Of those, refused at the door (budget full).
    pub refused: u64,
    /// From the first offer to the last.
    pub elapsed: Duration,
}

/// Offers `total` records at `rate` per second in batches of one `period`, as the
/// collector thread does after each CUPTI flush; falls behind rather than bursts
/// when the offers themselves are slower.
pub fn produce(
    queue: &RecordQueue,
    names: &[Arc<str>],
    rate: u64,
    total: u64,
    period: Duration,
) -> Produced {
    let per_batch = ((rate as f64 * period.as_secs_f64()).ceil() as u64).max(1);
    let started = Instant::now();
    let t0 = gpu_otel_injector::model::now_ns();
    let mut offered = 0u64;
    let mut refused = 0u64;
    let mut corr = 0u32;
    while offered < total {
        let n = per_batch.min(total - offered);
        let mut batch = Vec::with_capacity(n as usize);
        for _ in 0..n {
            corr = corr.wrapping_add(1);
            // Kernels of ~2 us back to back on 4 streams, at the offered rate.
            let start = t0 + offered * 1_000_000_000 / rate.max(1) + u64::from(corr % 4);
            let mut r = FakeKernel::new("", start, start + 2_000)
                .correlation(corr)
                .stream(7 + corr % 4)
                .grid([1024, 1, 1])
                .block([256, 1, 1])
                .registers(32)
                .record();
            // Shared, as the collector interns names.
            r.name = names[corr as usize % names.len()].clone();
            batch.push(r);
            offered += 1;
        }
        if !queue.offer(batch) {
            refused += n;
        }
        let due = started + Duration::from_secs_f64(offered as f64 / rate.max(1) as f64);
        if let Some(wait) = due.checked_duration_since(Instant::now()) {
            std::thread::sleep(wait);
        }
    }
    Produced {
        offered,
        refused,
        elapsed: started.elapsed(),
    }
}

/// The process's resident set and its high-water mark, bytes (Linux).
pub fn rss() -> (u64, u64) {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    let field = |name: &str| {
        status
            .lines()
            .find(|l| l.starts_with(name))
            .and_then(|l| l.split_whitespace().nth(1))
            .and_then(|v| v.parse::<u64>().ok())
            .map_or(0, |kb| kb * 1024)
    };
    (field("VmRSS:"), field("VmHWM:"))
}
