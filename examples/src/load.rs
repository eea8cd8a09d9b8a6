//! The injector's export path under load, without a GPU: a fake-CUPTI producer that
//! offers kernel records at a set rate (as the collector thread does, one batch per
//! flush period), optionally under the serialized tier's real burst controller
//! ([`SerializedApp`]), and a counting OTLP backend that tells how many kernel spans
//! arrived. `export-load` runs them; CI tests run them at a million records and as a
//! serialized-tier soak.

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::{Duration, Instant};

use gpu_otel_injector::fake::FakeKernel;
use gpu_otel_injector::sampling::controller::{Action, BurstConfig, BurstController};
use gpu_otel_injector::sampling::message::{SamplingCounters, SamplingMsg};
use gpu_otel_injector::sampling::window_log::WindowLog;
use gpu_otel_injector::worker::{RecordQueue, SamplingSender};
use semconv::{SamplingMode, Window};

const KS: SamplingMode = SamplingMode::KernelSerialized;

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

/// The project's receiver (loopback defaults) on `rt`, exporting to a counting backend of
/// its own: the receiver, and what the backend counted.
pub fn receiver_to_counting_backend(
    rt: &tokio::runtime::Runtime,
) -> anyhow::Result<(receiver::pipeline::Running, Arc<Counted>)> {
    let (backend, counted) = start_counting(SocketAddr::from(([127, 0, 0, 1], 0)))?;
    let mut config = receiver::fixtures::loopback_config();
    config.export.endpoint = Some(format!("http://{backend}"));
    let running = rt.block_on(receiver::pipeline::start(config))?;
    Ok((running, counted))
}

/// Waits until `value` has not moved for `quiet`, at most `limit`; returns it.
pub fn settle(value: impl Fn() -> u64, quiet: Duration, limit: Duration) -> u64 {
    settle_unless(value, quiet, limit, || false).0
}

/// [`settle`], ended early as soon as `stop` says so; returns the value and how long
/// after the start it last moved.
pub fn settle_unless(
    value: impl Fn() -> u64,
    quiet: Duration,
    limit: Duration,
    stop: impl Fn() -> bool,
) -> (u64, Duration) {
    let started = Instant::now();
    let mut last = value();
    let mut since = Instant::now();
    while started.elapsed() < limit && !stop() {
        std::thread::sleep(Duration::from_millis(20));
        let now = value();
        if now != last {
            last = now;
            since = Instant::now();
        } else if since.elapsed() >= quiet {
            break;
        }
    }
    (last, since - started)
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
    /// Serialized bursts (window pairs) the application's launches opened.
    pub bursts: u64,
}

/// Offers `total` records at `rate` per second in batches of one `period`, as the
/// collector thread does after each CUPTI flush; falls behind rather than bursts
/// when the offers themselves are slower. Each record is one launch of a kernel that
/// runs 2 us right after it, on one of 4 streams. With `app`, every launch also goes
/// through the serialized tier's launch callbacks ([`SerializedApp`]), and the run
/// ends with its never-again record, as the injector's exit does. `progress` is called
/// after each batch.
pub fn produce(
    queue: &RecordQueue,
    names: &[Arc<str>],
    rate: u64,
    total: u64,
    period: Duration,
    mut app: Option<&mut SerializedApp>,
    mut progress: impl FnMut(&Produced),
) -> Produced {
    let per_batch = ((rate as f64 * period.as_secs_f64()).ceil() as u64).max(1);
    let started = Instant::now();
    let t0 = gpu_otel_injector::clock::now_ns();
    let mut p = Produced::default();
    let mut corr = 0u32;
    while p.offered < total {
        let n = per_batch.min(total - p.offered);
        let mut batch = Vec::with_capacity(n as usize);
        for _ in 0..n {
            corr = corr.wrapping_add(1);
            let launch = t0 + p.offered * 1_000_000_000 / rate.max(1);
            let start = launch + 1_000 + u64::from(corr % 4);
            if let Some(app) = app.as_deref_mut() {
                app.enter(launch);
            }
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
            if let Some(app) = app.as_deref_mut() {
                app.exit(start + 3_000);
            }
            p.offered += 1;
        }
        if !queue.offer(batch) {
            p.refused += n;
        }
        p.elapsed = started.elapsed();
        p.bursts = app.as_deref().map_or(0, |a| a.counters.bursts);
        progress(&p);
        let due = started + Duration::from_secs_f64(p.offered as f64 / rate.max(1) as f64);
        if let Some(wait) = due.checked_duration_since(Instant::now()) {
            std::thread::sleep(wait);
        }
    }
    if let Some(app) = app {
        app.shutdown();
    }
    p.elapsed = started.elapsed();
    p
}

/// The serialized tier's side of a fake application's launches, without CUPTI: the
/// injector's real burst controller and window log, driven in the order its launch
/// callbacks drive them (open at a launch enter; close at a launch exit, the burst's
/// yield reported before the closed record is made, so that the record promises the
/// whole gap the controller chose). Window records go to the exporter at once.
#[derive(Debug)]
pub struct SerializedApp {
    ctl: BurstController,
    log: WindowLog,
    counters: SamplingCounters,
    sampling: SamplingSender,
    pairs_per_launch: u64,
}

/// (PC, stall) pairs a launch inside a burst yields by default: PyTorch training's
/// kernels under the default sampling period yield thousands, which drives the control
/// law to its longest gap (10 s), the case where executions waiting for the next burst
/// outgrew the injector's memory.
pub const PAIRS_PER_LAUNCH_DEFAULT: u64 = 2_000;

impl SerializedApp {
    /// An application whose bursts send their records through `queue`.
    pub fn new(queue: &RecordQueue, burst: BurstConfig, pairs_per_launch: u64) -> Self {
        SerializedApp {
            ctl: BurstController::new(burst),
            log: WindowLog::new(),
            counters: SamplingCounters::default(),
            sampling: queue.sampling_sender(),
            pairs_per_launch,
        }
    }

    fn send(&self, window: Option<Window>) {
        if window.is_some() {
            self.sampling.send(SamplingMsg {
                window,
                counters: self.counters,
                ..SamplingMsg::default()
            });
        }
    }

    /// A launch ENTER at `t`: may open a burst.
    pub fn enter(&mut self, t: u64) {
        if self.ctl.poll_open(t, false) == Some(Action::Start) {
            self.counters.bursts += 1;
            let open = self.log.open(t, KS).ok();
            self.send(open);
        }
    }

    /// A launch EXIT at `t`: may close the burst.
    pub fn exit(&mut self, t: u64) {
        if self.ctl.poll_close(t, false) == Some(Action::Stop) {
            self.counters.pairs += self.ctl.burst_launches() * self.pairs_per_launch;
            self.ctl.closed(self.counters.pairs);
            self.counters.launches_serialized = self.ctl.launches_serialized();
            let closed = self.log.close(t, self.ctl.quiet_until_ns()).ok().flatten();
            self.send(closed);
        }
    }

    /// The exit's never-again record: it settles what ran after the last burst.
    pub fn shutdown(&mut self) {
        let t = gpu_otel_injector::clock::now_ns();
        if self.ctl.shutdown(t) != Some(Action::Start) {
            let last = self.log.never_again(t, KS);
            self.send(last);
        }
    }

    /// The gap the controller chose last, ns.
    pub fn gap_ns(&self) -> u64 {
        self.ctl.gap_ns()
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

/// Time intervals merged where less than `gap_ns` separates them: `(start, end, count)`
/// in order. The counting backend gives the stretches in which a producer's kernels were
/// stamped `"true"`; stretches of two processes sharing a GPU must not overlap.
pub fn merge_intervals(mut times: Vec<(u64, u64)>, gap_ns: u64) -> Vec<(u64, u64, u64)> {
    times.sort_unstable();
    let mut out: Vec<(u64, u64, u64)> = Vec::new();
    for (start, end) in times {
        match out.last_mut() {
            Some(last) if start <= last.1.saturating_add(gap_ns) => {
                last.1 = last.1.max(end);
                last.2 += 1;
            }
            _ => out.push((start, end.max(start), 1)),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::merge_intervals;

    #[test]
    fn intervals_closer_than_the_gap_merge_and_count_their_members() {
        let got = merge_intervals(vec![(50, 60), (0, 10), (15, 20), (100, 90)], 10);
        assert_eq!(got, vec![(0, 20, 2), (50, 60, 1), (100, 100, 1)]);
    }

    #[test]
    fn an_interval_inside_another_extends_nothing() {
        assert_eq!(
            merge_intervals(vec![(0, 100), (10, 20)], 0),
            vec![(0, 100, 2)]
        );
        assert!(merge_intervals(Vec::new(), 5).is_empty());
    }
}
