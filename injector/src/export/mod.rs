//! Kernel records in, OTLP out, on the injector's own two threads (never the host's).
//!
//! ```text
//! collector ──RecordQueue (byte budget, never waits)──▶ "gpu-otel-export": Slicer/Stamper
//! NVTX callbacks ──NvtxSender (same budget)──▶          RangeBook → range spans
//!   → encode::Batcher (protobuf straight from records, requests ≤ max bytes)
//!   ──SendPool──▶ "gpu-otel-send": several requests in flight (tonic / reqwest)
//! ```
//!
//! Memory is bounded by one budget of bytes: records waiting in the queue plus encoded
//! requests waiting or in flight. A batch that would pass it is dropped whole at the
//! door (newest first: what is queued is older and already paid for) and counted as
//! `queue_full`; the application never waits and never grows our memory past the
//! budget. A failed export counts every span it carried (`export_failed`). Nobody
//! waits on the exporter but the at-exit handler, and that only until its deadline.

mod encode;
mod send;
mod sink;

pub use encode::{resource_of, Batcher, Counts, Request, MAX_REQUEST_BYTES_DEFAULT};
pub use send::SendPool;
pub use sink::{CountingSink, Sink};

use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError, Sender, SyncSender};
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use opentelemetry_proto::tonic::common::v1::KeyValue;
use opentelemetry_proto::tonic::trace::v1::Span;
use otlp_client::ExportConfig;

use crate::model::{
    now_ns, DropCounts, KernelRecord, KernelSpan, OtherKind, SamplingCounters, Slicer,
};
use crate::nvtx::book::{ClosedRange, RangeBook};
use crate::resource::{device_attributes, resource_and_seed, DeviceTable, ProcessInfo};
use crate::sampling::continuous::ContinuousAgg;
use crate::sampling::stamp::{PcRecord, StampLimits, Stamper};
use semconv::{Serialized, Tier, Window};

/// Default memory budget of pending data (records queued, requests encoded).
pub const BUDGET_BYTES_DEFAULT: u64 = 128 << 20;
/// What one queued record costs the budget: the record plus its share of the queue.
pub const RECORD_COST: u64 = std::mem::size_of::<KernelRecord>() as u64 + 8;
/// Default number of export requests in flight at once.
pub const IN_FLIGHT_DEFAULT: usize = 8;
/// Longest a span waits on the exporter thread before its request is cut.
pub const EXPORT_INTERVAL: Duration = Duration::from_millis(200);

/// Bytes of pending data, bounded: the only bound on the injector's memory between
/// CUPTI's buffers and the wire.
#[derive(Debug)]
pub struct Budget {
    limit: u64,
    used: AtomicU64,
    /// Highest use seen.
    peak: AtomicU64,
}

impl Budget {
    /// A budget of `limit` bytes.
    pub fn new(limit: u64) -> Self {
        Budget {
            limit,
            used: AtomicU64::new(0),
            peak: AtomicU64::new(0),
        }
    }

    /// Takes `n` bytes if they fit; never waits.
    pub fn try_take(&self, n: u64) -> bool {
        let mut cur = self.used.load(Ordering::Relaxed);
        loop {
            if cur.saturating_add(n) > self.limit {
                return false;
            }
            match self
                .used
                .compare_exchange_weak(cur, cur + n, Ordering::AcqRel, Ordering::Relaxed)
            {
                Ok(_) => {
                    self.peak.fetch_max(cur + n, Ordering::Relaxed);
                    return true;
                }
                Err(now) => cur = now,
            }
        }
    }

    /// Takes `n` bytes even past the limit (encoded requests: their records were
    /// already admitted; they are few and bounded by the requests in flight).
    pub fn take(&self, n: u64) {
        let now = self.used.fetch_add(n, Ordering::AcqRel) + n;
        self.peak.fetch_max(now, Ordering::Relaxed);
    }

    /// Gives `n` bytes back.
    pub fn release(&self, n: u64) {
        let _ = self
            .used
            .fetch_update(Ordering::AcqRel, Ordering::Relaxed, |u| {
                Some(u.saturating_sub(n))
            });
    }

    /// Bytes in use now.
    pub fn used(&self) -> u64 {
        self.used.load(Ordering::Relaxed)
    }

    /// Highest use so far.
    pub fn peak(&self) -> u64 {
        self.peak.load(Ordering::Relaxed)
    }

    /// The limit.
    pub fn limit(&self) -> u64 {
        self.limit
    }
}

/// Counters shared by the collector, the exporter and the exit handler.
#[derive(Debug, Default)]
pub struct Stats {
    /// Kernel records decoded from CUPTI (or offered by a test).
    pub records: AtomicU64,
    /// Records dropped at the door: the memory budget was full.
    pub queue_full: AtomicU64,
    /// Records CUPTI reported dropped.
    pub cupti_dropped: AtomicU64,
    /// Spans whose export failed.
    pub export_failed: AtomicU64,
    /// Of those, kernel spans (the rest are slice roots).
    pub kernel_export_failed: AtomicU64,
    /// Records refused as malformed.
    pub malformed: AtomicU64,
    /// Kernel spans exported successfully.
    pub kernel_spans_exported: AtomicU64,
    /// Root spans (traces) exported successfully.
    pub root_spans_exported: AtomicU64,
    /// Export requests delivered.
    pub requests_exported: AtomicU64,
    /// Attempts that were retried (backend busy, unavailable or not listening).
    pub retries: AtomicU64,
    /// Highest use of the memory budget, bytes.
    pub budget_peak: AtomicU64,
    /// Window record carrier spans and PC-sample spans exported successfully.
    pub sampling_spans_exported: AtomicU64,
    /// Window records exported successfully.
    pub windows_exported: AtomicU64,
    /// Kernel spans stamped "true" / "false" / "unknown" (serialized tier; off and
    /// continuous stamp "false" without counting here).
    pub stamped: [AtomicU64; 3],
    /// Of the "unknown" stamps, executions released before their evidence came: the
    /// hold's byte bound, its time bound, the process's exit.
    pub unsettled: [AtomicU64; 3],
    /// Executions whose PC samples were not attached: no serialized window touched them.
    pub pc_outside_windows: AtomicU64,
    /// Collector periods whose CUPTI flush was deferred for an open burst.
    pub flush_deferred: AtomicU64,
    /// NVTX events refused at the door (memory budget full, exporter gone).
    pub nvtx_events_dropped: AtomicU64,
    /// NVTX range spans exported successfully.
    pub range_spans_exported: AtomicU64,
    /// NVTX ranges still open at exit (exported, ending at the exit instant).
    pub ranges_unclosed_at_exit: AtomicU64,
    /// NVTX closes and ends whose open never reached the exporter, plus opens refused
    /// because too many ranges were open.
    pub ranges_unmatched: AtomicU64,
    warned_queue_full: AtomicBool,
    warned_export: AtomicBool,
}

impl Stats {
    /// Counts one settled export request.
    pub fn settle(&self, c: Counts, outcome: Result<(), String>) {
        match outcome {
            Ok(()) => {
                self.requests_exported.fetch_add(1, Ordering::Relaxed);
                self.kernel_spans_exported
                    .fetch_add(c.kernels, Ordering::Relaxed);
                self.sampling_spans_exported
                    .fetch_add(c.sampling, Ordering::Relaxed);
                self.windows_exported
                    .fetch_add(c.windows, Ordering::Relaxed);
                self.range_spans_exported
                    .fetch_add(c.ranges, Ordering::Relaxed);
                self.root_spans_exported
                    .fetch_add(c.roots, Ordering::Relaxed);
            }
            Err(e) => {
                self.export_failed.fetch_add(c.spans(), Ordering::Relaxed);
                self.kernel_export_failed
                    .fetch_add(c.kernels, Ordering::Relaxed);
                if !self.warned_export.swap(true, Ordering::Relaxed) {
                    crate::log(&format!(
                        "OTLP export failed ({e}); spans dropped (counted; total at exit)"
                    ));
                }
            }
        }
    }

    /// The drop counters now.
    pub fn drops(&self) -> DropCounts {
        DropCounts {
            queue_full: self.queue_full.load(Ordering::Relaxed),
            cupti_dropped: self.cupti_dropped.load(Ordering::Relaxed),
            export_failed: self.export_failed.load(Ordering::Relaxed),
            malformed: self.malformed.load(Ordering::Relaxed),
        }
    }

    /// Kernel records neither exported nor counted as dropped: still queued or being
    /// exported. Non-zero only when read before the exporter finished (at exit, when
    /// the deadline passed first).
    pub fn unexported(&self) -> u64 {
        let records = self.records.load(Ordering::Relaxed);
        let settled = self.queue_full.load(Ordering::Relaxed)
            + self.kernel_spans_exported.load(Ordering::Relaxed)
            + self.kernel_export_failed.load(Ordering::Relaxed);
        records.saturating_sub(settled)
    }

    /// One line for the log. Every kernel record is in exactly one of: exported,
    /// queue_full, export_failed (kernel spans), unexported.
    pub fn summary(&self) -> String {
        let d = self.drops();
        format!(
            "{} kernel records, {} kernel spans and {} trace roots exported; dropped: queue_full={} cupti_dropped={} export_failed={} (kernel spans {}) malformed={} unexported_at_exit={}",
            self.records.load(Ordering::Relaxed),
            self.kernel_spans_exported.load(Ordering::Relaxed),
            self.root_spans_exported.load(Ordering::Relaxed),
            d.queue_full,
            d.cupti_dropped,
            d.export_failed,
            self.kernel_export_failed.load(Ordering::Relaxed),
            d.malformed,
            self.unexported()
        ) + &format!(
            "; requests={} retries={} memory_budget_peak_mib={:.1}; serialized stamps true={} false={} unknown={} (released unsettled: hold bytes={} hold time={} exit={}); window records exported={}, sampling spans={}; flushes deferred for bursts={}; PC samples not attached (no window)={}",
            self.requests_exported.load(Ordering::Relaxed),
            self.retries.load(Ordering::Relaxed),
            self.budget_peak.load(Ordering::Relaxed) as f64 / (1u64 << 20) as f64,
            self.stamped[0].load(Ordering::Relaxed),
            self.stamped[1].load(Ordering::Relaxed),
            self.stamped[2].load(Ordering::Relaxed),
            self.unsettled[0].load(Ordering::Relaxed),
            self.unsettled[1].load(Ordering::Relaxed),
            self.unsettled[2].load(Ordering::Relaxed),
            self.windows_exported.load(Ordering::Relaxed),
            self.sampling_spans_exported.load(Ordering::Relaxed),
            self.flush_deferred.load(Ordering::Relaxed),
            self.pc_outside_windows.load(Ordering::Relaxed),
        )
    }
}

/// A message from the PC-sampling side to the exporter thread. These travel on an
/// unbounded (lossless) channel: a lost window would be a sequence hole, and they are
/// few (at most two per burst, plus one PC drain per burst or drain period).
#[derive(Debug, Clone, Default)]
pub struct SamplingMsg {
    /// PC records drained (serialized: joined by correlation id; continuous: per function).
    pub pc: Vec<PcRecord>,
    /// A window record, exported the moment it arrives (after `pc`).
    pub window: Option<Window>,
    /// The producer's cumulative counters.
    pub counters: SamplingCounters,
    /// A run-time tier switch, applied before `pc` and `window`.
    pub switch: Option<TierSwitched>,
}

/// One line of the record dump (`GPU_OTEL_RECORD_DUMP`): a kernel record as it is, or
/// a sampling message, in the order the exporter received them, so that a capture
/// replays through the same path (kernels, PC samples, windows, tier switches).
#[derive(Debug, Clone, serde::Serialize, serde::Deserialize)]
#[serde(untagged)]
pub enum DumpLine {
    /// A kernel record.
    Record(KernelRecord),
    /// A sampling message.
    Sampling {
        /// The message.
        sampling: SamplingDump,
    },
    /// An NVTX event.
    Nvtx {
        /// The event.
        nvtx: crate::nvtx::Event,
    },
}

/// A [`SamplingMsg`] as a dump line: the window as its OTLP attributes (the wire
/// codec), the switch's tiers by name.
#[derive(Debug, Clone, serde::Serialize, serde::Deserialize)]
pub struct SamplingDump {
    /// PC records.
    pub pc: Vec<PcRecord>,
    /// The window record's attributes.
    pub window: Option<Vec<KeyValue>>,
    /// The producer's counters.
    pub counters: SamplingCounters,
    /// (instant, from, to).
    pub switch: Option<(u64, String, String)>,
}

impl From<&SamplingMsg> for SamplingDump {
    fn from(m: &SamplingMsg) -> Self {
        SamplingDump {
            pc: m.pc.clone(),
            window: m.window.as_ref().map(semconv::codec::encode),
            counters: m.counters,
            switch: m
                .switch
                .map(|s| (s.at_ns, s.from.as_str().into(), s.to.as_str().into())),
        }
    }
}

impl SamplingDump {
    /// The message back, with every instant moved by `shift_ns`.
    pub fn to_msg(&self, shift_ns: i64) -> Result<SamplingMsg, String> {
        let mv = |t: u64| t.saturating_add_signed(shift_ns);
        let window = match &self.window {
            Some(attrs) => {
                let mut w = semconv::codec::decode(attrs).map_err(|e| e.to_string())?;
                w.start_ns = mv(w.start_ns);
                if let semconv::WindowEnd::Closed(end) = w.end {
                    w.end = semconv::WindowEnd::Closed(mv(end));
                }
                Some(w)
            }
            None => None,
        };
        let switch = match &self.switch {
            Some((at, from, to)) => Some(TierSwitched {
                at_ns: mv(*at),
                from: from
                    .parse()
                    .map_err(|e: semconv::tier::ParseTierError| e.to_string())?,
                to: to
                    .parse()
                    .map_err(|e: semconv::tier::ParseTierError| e.to_string())?,
            }),
            None => None,
        };
        Ok(SamplingMsg {
            pc: self.pc.clone(),
            window,
            counters: self.counters,
            switch,
        })
    }
}

/// A run-time tier switch: executions that start at or after `at_ns` belong to `to`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TierSwitched {
    /// The switch instant, Unix epoch ns.
    pub at_ns: u64,
    /// The tier before.
    pub from: Tier,
    /// The tier from `at_ns` on.
    pub to: Tier,
}

/// Sends [`SamplingMsg`]s to the exporter thread and wakes it.
#[derive(Debug, Clone)]
pub struct SamplingSender {
    tx: Sender<SamplingMsg>,
    wake: Sender<Msg>,
}

impl SamplingSender {
    /// Sends without waiting (the channel is unbounded) and wakes the exporter.
    pub fn send(&self, msg: SamplingMsg) {
        let _ = self.tx.send(msg);
        let _ = self.wake.send(Msg::Wake);
    }
}

/// A message to the exporter thread.
#[derive(Debug)]
pub enum Msg {
    /// Kernel records.
    Records(Vec<KernelRecord>),
    /// Sampling messages are waiting.
    Wake,
    /// An NVTX event from an application thread.
    Nvtx(crate::nvtx::Event),
    /// Flush and stop.
    Shutdown {
        deadline: Instant,
        done: SyncSender<()>,
    },
}

/// The sending side of the queue to the exporter thread, bounded by the budget.
#[derive(Debug, Clone)]
pub struct RecordQueue {
    tx: Sender<Msg>,
    stats: Arc<Stats>,
    budget: Arc<Budget>,
    sampling: Sender<SamplingMsg>,
    closer: send::Closer,
}

impl RecordQueue {
    /// Offers a batch without waiting. Returns false, and counts every record as
    /// dropped, when it does not fit the memory budget or the exporter is gone.
    pub fn offer(&self, batch: Vec<KernelRecord>) -> bool {
        if batch.is_empty() {
            return true;
        }
        let n = batch.len() as u64;
        self.stats.records.fetch_add(n, Ordering::Relaxed);
        let cost = batch.capacity() as u64 * RECORD_COST;
        if self.budget.try_take(cost) {
            match self.tx.send(Msg::Records(batch)) {
                Ok(()) => return true,
                Err(_) => self.budget.release(cost),
            }
        }
        self.stats.queue_full.fetch_add(n, Ordering::Relaxed);
        if !self.stats.warned_queue_full.swap(true, Ordering::Relaxed) {
            crate::log(&format!(
                "memory budget of {} MiB full: dropping the newest kernel records (counted; total at exit)",
                self.budget.limit() >> 20
            ));
        }
        false
    }

    /// The sender of NVTX events, admitted against the same memory budget.
    pub fn nvtx_sender(&self) -> NvtxSender {
        NvtxSender {
            tx: self.tx.clone(),
            budget: self.budget.clone(),
            stats: self.stats.clone(),
        }
    }

    /// The lossless sender of window records and PC samples.
    pub fn sampling_sender(&self) -> SamplingSender {
        SamplingSender {
            tx: self.sampling.clone(),
            wake: self.tx.clone(),
        }
    }

    /// The budget this queue admits records against.
    pub fn budget(&self) -> &Budget {
        &self.budget
    }

    /// Asks the exporter thread to flush everything and stop, and waits for it
    /// until `deadline`. Returns whether it finished in time.
    pub fn shutdown(&self, deadline: Instant) -> bool {
        // The encoder may be waiting for room on the sending side, behind requests
        // that retry: stop the retries first, so it reaches the shutdown message.
        self.closer.close();
        let (done, wait) = std::sync::mpsc::sync_channel(1);
        if self.tx.send(Msg::Shutdown { deadline, done }).is_err() {
            return false;
        }
        wait.recv_timeout(
            deadline.saturating_duration_since(Instant::now()) + Duration::from_millis(100),
        )
        .is_ok()
    }
}

/// Sends NVTX events to the exporter thread from the application's threads: admitted
/// against the memory budget without waiting, refused and counted when it is full.
#[derive(Debug, Clone)]
pub struct NvtxSender {
    tx: Sender<Msg>,
    budget: Arc<Budget>,
    stats: Arc<Stats>,
}

impl crate::nvtx::tracker::EventSink for NvtxSender {
    fn send(&self, event: crate::nvtx::Event) -> bool {
        let cost = event.cost();
        if self.budget.try_take(cost) {
            if self.tx.send(Msg::Nvtx(event)).is_ok() {
                return true;
            }
            self.budget.release(cost);
        }
        self.stats
            .nvtx_events_dropped
            .fetch_add(1, Ordering::Relaxed);
        false
    }
}

/// What the export path is made of.
#[derive(Debug)]
pub struct ExportSettings {
    /// Memory budget of pending data, bytes.
    pub budget_bytes: u64,
    /// Largest encoded request, bytes.
    pub max_request_bytes: usize,
    /// Export requests in flight at once.
    pub in_flight: usize,
    /// Resource of every span.
    pub resource: Vec<KeyValue>,
    /// Makes kernel and root spans.
    pub slicer: Slicer,
    /// Where to write every record as a JSON line, if anywhere.
    pub record_dump: Option<PathBuf>,
    /// Bounds of the serialized tier's stamping (used when the slicer's tier is
    /// serialized).
    pub stamp_limits: StampLimits,
    /// Names the GPU of each CUDA ordinal that kernel records carry (the driver inside a
    /// CUDA program): each GPU's kernel spans go out under the process's resource plus
    /// what describes that GPU, asked once per ordinal, at its first kernel. `None`: one
    /// resource for every span (producers fed from outside CUPTI).
    pub devices: Option<Box<dyn DeviceTable>>,
}

impl ExportSettings {
    /// The export path of one process fed from outside CUPTI (replays of captured
    /// records, the fake-CUPTI producer, tests, benchmarks): its resource, one-second
    /// trace slices, default bounds, no device lookup. The injector itself builds its
    /// settings from its configuration.
    pub fn for_process(
        process: &ProcessInfo,
        service: Option<&str>,
        resource_env: Option<&str>,
        tier: Tier,
    ) -> Self {
        let (resource, seed) = resource_and_seed(process, service, resource_env, tier);
        ExportSettings {
            budget_bytes: BUDGET_BYTES_DEFAULT,
            max_request_bytes: MAX_REQUEST_BYTES_DEFAULT,
            in_flight: IN_FLIGHT_DEFAULT,
            resource,
            slicer: Slicer::new(
                Duration::from_secs(1),
                Duration::from_millis(100),
                seed,
                tier,
            ),
            record_dump: None,
            stamp_limits: StampLimits::default(),
            devices: None,
        }
    }
}

/// The running export path's handles.
#[derive(Debug)]
pub struct Running {
    /// Feeds it.
    pub queue: RecordQueue,
    /// The encoder thread; it joins the sending thread before it ends.
    pub handle: JoinHandle<()>,
}

/// Starts the export path sending OTLP/gRPC to `endpoint` (`http://host:port`).
pub fn spawn_grpc(
    settings: ExportSettings,
    stats: Arc<Stats>,
    endpoint: String,
) -> std::io::Result<(RecordQueue, JoinHandle<()>)> {
    let cfg = ExportConfig {
        endpoint: Some(endpoint),
        ..ExportConfig::default()
    };
    spawn_otlp(settings, stats, cfg)
}

/// Starts the export path sending OTLP as `cfg` says (protocol, endpoint, headers,
/// TLS), as the injector does inside a CUDA program.
pub fn spawn_otlp(
    settings: ExportSettings,
    stats: Arc<Stats>,
    cfg: ExportConfig,
) -> std::io::Result<(RecordQueue, JoinHandle<()>)> {
    spawn(settings, stats, move || {
        otlp_client::Client::new(&cfg).map_err(|e| e.to_string())
    })
}

/// Starts the export path: the encoder thread and the sending thread. `make_sink`
/// runs on the sending thread, inside its runtime. Returns the queue to feed it and
/// the encoder thread's handle.
pub fn spawn<S, F>(
    settings: ExportSettings,
    stats: Arc<Stats>,
    make_sink: F,
) -> std::io::Result<(RecordQueue, JoinHandle<()>)>
where
    S: Sink,
    F: FnOnce() -> Result<S, String> + Send + 'static,
{
    let budget = Arc::new(Budget::new(settings.budget_bytes));
    let (tx, rx) = channel();
    let (sampling, sampling_rx) = channel();
    let (pool, sender) =
        SendPool::start(settings.in_flight, stats.clone(), budget.clone(), make_sink)?;
    let queue = RecordQueue {
        tx,
        stats: stats.clone(),
        budget: budget.clone(),
        sampling,
        closer: pool.closer(),
    };
    let handle = std::thread::Builder::new()
        .name("gpu-otel-export".into())
        .spawn(move || {
            let r = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                run(settings, stats, budget, rx, sampling_rx, pool)
            }));
            if r.is_err() {
                crate::log(
                    "exporter thread panicked; GPU telemetry stops, the application runs on",
                );
            }
            let _ = sender.join();
        })?;
    Ok((queue, handle))
}

fn run(
    settings: ExportSettings,
    stats: Arc<Stats>,
    budget: Arc<Budget>,
    rx: Receiver<Msg>,
    sampling_rx: Receiver<SamplingMsg>,
    pool: SendPool,
) {
    let resource = settings.resource.clone();
    let mut dump = settings
        .record_dump
        .as_ref()
        .and_then(|p| match File::create(p) {
            Ok(f) => Some(BufWriter::new(f)),
            Err(e) => {
                crate::log(&format!("cannot write records to {}: {e}", p.display()));
                None
            }
        });
    let stamper =
        (settings.slicer.tier() == Tier::Serialized).then(|| Stamper::new(settings.stamp_limits));
    let mut worker = Worker {
        epochs: vec![(0, settings.slicer.tier())],
        batcher: Batcher::new(
            &resource,
            &crate::model::scope(),
            settings.max_request_bytes,
        ),
        stamp_limits: settings.stamp_limits,
        slicer: settings.slicer,
        stats,
        budget,
        pool,
        charged: 0,
        last_cut: Instant::now(),
        stamper,
        continuous: ContinuousAgg::default(),
        continuous_since: now_ns(),
        counters: SamplingCounters::default(),
        book: RangeBook::new(),
        closed: Vec::new(),
        devices: settings.devices,
    };
    loop {
        let msg = rx.recv_timeout(EXPORT_INTERVAL);
        while let Ok(m) = sampling_rx.try_recv() {
            dump_sampling(dump.as_mut(), &m);
            worker.sampling(m);
        }
        match msg {
            Ok(Msg::Records(batch)) => worker.take(batch, dump.as_mut()),
            Ok(Msg::Nvtx(e)) => worker.nvtx(e, dump.as_mut()),
            Ok(Msg::Wake) => {}
            Ok(Msg::Shutdown { deadline, done }) => {
                while let Ok(msg) = rx.try_recv() {
                    match msg {
                        Msg::Records(batch) => worker.take(batch, dump.as_mut()),
                        Msg::Nvtx(e) => worker.nvtx(e, dump.as_mut()),
                        Msg::Wake | Msg::Shutdown { .. } => {}
                    }
                }
                while let Ok(m) = sampling_rx.try_recv() {
                    dump_sampling(dump.as_mut(), &m);
                    worker.sampling(m);
                }
                if let Some(d) = dump.as_mut() {
                    let _ = d.flush();
                }
                worker.finish(deadline);
                let _ = done.send(());
                return;
            }
            Err(RecvTimeoutError::Timeout) => {}
            Err(RecvTimeoutError::Disconnected) => {
                worker.finish(Instant::now() + Duration::from_secs(2));
                return;
            }
        }
        worker.tick();
        if let Some(d) = dump.as_mut() {
            // A capture of a process that is killed keeps all but its last moments.
            let _ = d.flush();
        }
    }
}

fn dump_sampling(dump: Option<&mut BufWriter<File>>, m: &SamplingMsg) {
    if let Some(d) = dump {
        let line = DumpLine::Sampling {
            sampling: SamplingDump::from(m),
        };
        if let Ok(text) = serde_json::to_string(&line) {
            let _ = writeln!(d, "{text}");
        }
    }
}

struct Worker {
    /// Tier epochs, oldest first: (first instant, tier). One entry unless the tier
    /// was switched at run time.
    epochs: Vec<(u64, Tier)>,
    batcher: Batcher,
    stamp_limits: StampLimits,
    slicer: Slicer,
    stats: Arc<Stats>,
    budget: Arc<Budget>,
    pool: SendPool,
    /// Bytes of the batcher's content charged to the budget.
    charged: u64,
    last_cut: Instant,
    /// Serialized tier: holds executions until their stamp settles.
    stamper: Option<Stamper>,
    /// Continuous tier: samples of the current period, per function.
    continuous: ContinuousAgg,
    continuous_since: u64,
    counters: SamplingCounters,
    /// NVTX ranges open, names, and the pairing of their events.
    book: RangeBook,
    /// Scratch for the ranges an event closes.
    closed: Vec<ClosedRange>,
    /// Names each GPU at its first kernel (see [`ExportSettings::devices`]).
    devices: Option<Box<dyn DeviceTable>>,
}

impl Worker {
    fn take(&mut self, batch: Vec<KernelRecord>, dump: Option<&mut BufWriter<File>>) {
        self.budget.release(batch.capacity() as u64 * RECORD_COST);
        if let Some(d) = dump {
            for r in &batch {
                if let Ok(line) = serde_json::to_string(r) {
                    let _ = writeln!(d, "{line}");
                }
            }
        }
        let now = now_ns();
        for r in batch {
            let tier = self.tier_at(r.start_ns);
            match (&mut self.stamper, tier) {
                (Some(stamper), Tier::Serialized) => stamper.push(r, now),
                _ => {
                    let span = self.slicer.kernel(r, tier);
                    self.kernel(tier, &span);
                }
            }
            // A CUPTI buffer holds thousands of records: hand each request over as
            // soon as it is cut, so encoded bytes never pile up behind the sender.
            if self.batcher.has_ready() {
                self.submit_ready();
            }
        }
        self.submit_ready();
    }

    /// Appends a kernel span under its GPU's resource, naming the GPU at its first kernel.
    fn kernel(&mut self, tier: Tier, span: &KernelSpan) {
        let ordinal = span.record.device_id;
        if let Some(table) = self.devices.as_mut() {
            if !self.batcher.has_device(ordinal) {
                let device = table.describe(ordinal);
                if device.is_none() {
                    crate::log(&format!(
                        "the CUDA driver did not name device {ordinal}: its kernel spans carry gpu.device.id={ordinal} and no hw.id"
                    ));
                }
                self.batcher
                    .add_device(ordinal, device_attributes(ordinal, device.as_ref()));
            }
        }
        self.batcher.kernel(tier, span);
    }

    /// One NVTX event: a range it closes is exported at once, under the running tier.
    fn nvtx(&mut self, e: crate::nvtx::Event, dump: Option<&mut BufWriter<File>>) {
        self.budget.release(e.cost());
        if let Some(d) = dump {
            if let Ok(line) = serde_json::to_string(&DumpLine::Nvtx { nvtx: e.clone() }) {
                let _ = writeln!(d, "{line}");
            }
        }
        self.book.take(e, &mut self.closed);
        self.export_ranges();
    }

    fn export_ranges(&mut self) {
        let tier = self.current_tier();
        for r in std::mem::take(&mut self.closed) {
            let span = self.slicer.range_span(&r);
            self.batcher.other(tier, &span, OtherKind::Range);
        }
        let c = self.book.counters();
        self.stats
            .ranges_unclosed_at_exit
            .store(c.unclosed_at_exit, Ordering::Relaxed);
        self.stats
            .ranges_unmatched
            .store(c.unmatched + c.open_refused, Ordering::Relaxed);
        if self.batcher.has_ready() {
            self.submit_ready();
        }
    }

    /// The tier an execution that started at `start_ns` ran under.
    fn tier_at(&self, start_ns: u64) -> Tier {
        self.epochs
            .iter()
            .rev()
            .find(|(from, _)| *from <= start_ns)
            .map_or(self.epochs[0].1, |(_, t)| *t)
    }

    /// The tier running now.
    fn current_tier(&self) -> Tier {
        self.epochs.last().map_or(Tier::Off, |(_, t)| *t)
    }

    fn other(&mut self, tier: Tier, span: &Span, kind: OtherKind) {
        self.batcher.other(tier, span, kind);
    }

    /// PC samples and a window record from the sampling side. A window record is
    /// exported at once, with everything pending.
    fn sampling(&mut self, m: SamplingMsg) {
        self.counters = m.counters;
        if let Some(sw) = m.switch {
            // Epochs only move forward; a switch stamped before the last one (it
            // cannot be: one thread makes them in order) would be clamped.
            let at = sw.at_ns.max(self.epochs.last().map_or(0, |(t, _)| *t));
            self.epochs.push((at, sw.to));
            if sw.to == Tier::Serialized && self.stamper.is_none() {
                self.stamper = Some(Stamper::new(self.stamp_limits));
            }
            let span = self
                .slicer
                .tier_switch_span(at, sw.from, sw.to, &self.counters);
            self.other(sw.to, &span, OtherKind::Sampling);
        }
        // KERNEL_SERIALIZED records carry the launch's correlation id, CONTINUOUS
        // records carry 0.
        let (exact, per_function): (Vec<PcRecord>, Vec<PcRecord>) =
            m.pc.into_iter().partition(|r| r.correlation_id != 0);
        match &mut self.stamper {
            Some(s) => s.pc(&exact),
            None => self.continuous.add(&exact),
        }
        self.continuous.add(&per_function);
        if let Some(w) = m.window {
            if let Some(s) = &mut self.stamper {
                s.window(w);
            }
            let span = self.slicer.window_span(&w, &self.counters);
            self.other(Tier::Serialized, &span, OtherKind::Sampling);
            self.cut();
        } else if m.switch.is_some() {
            self.cut();
        }
    }

    /// Stamped executions and continuous-tier sample spans that are ready.
    fn release(&mut self, now: u64, all: bool) {
        if let Some(stamper) = &mut self.stamper {
            let mut out = Vec::new();
            stamper.release(now, all, &mut out);
            let c = stamper.counters();
            let u = c.unsettled;
            for (i, n) in [u.hold_bytes, u.hold_time, u.exit].into_iter().enumerate() {
                self.stats.unsettled[i].store(n, Ordering::Relaxed);
            }
            self.stats
                .pc_outside_windows
                .store(c.pc_outside_windows, Ordering::Relaxed);
            for st in out {
                let i = match st.serialized {
                    Serialized::True => 0,
                    Serialized::False => 1,
                    Serialized::Unknown => 2,
                };
                self.stats.stamped[i].fetch_add(1, Ordering::Relaxed);
                let span = self.slicer.stamped(st.record, st.serialized, st.pc);
                self.kernel(Tier::Serialized, &span);
            }
        }
        let due = now.saturating_sub(self.continuous_since) >= EXPORT_INTERVAL.as_nanos() as u64;
        if !self.continuous.is_empty() && (due || all) {
            // Under the running tier: serialized bursts of several launches also
            // report per function.
            let tier = self.current_tier();
            for f in self.continuous.take() {
                let span = self.slicer.function_span(&f, self.continuous_since, now);
                self.other(tier, &span, OtherKind::Sampling);
            }
            self.continuous_since = now;
        } else if self.continuous.is_empty() {
            self.continuous_since = now;
        }
    }

    /// Slice roots go out under the tier running when they close.
    fn push_roots(&mut self, roots: Vec<Span>) {
        let tier = self.current_tier();
        for r in &roots {
            self.other(tier, r, OtherKind::Root);
        }
    }

    fn tick(&mut self) {
        self.release(now_ns(), false);
        let mut roots = Vec::new();
        self.slicer
            .close_due(now_ns(), self.stats.drops(), &mut roots);
        self.push_roots(roots);
        if self.last_cut.elapsed() >= EXPORT_INTERVAL {
            self.cut();
        } else {
            self.submit_ready();
        }
    }

    /// Cuts every open request and hands everything finished to the sender.
    fn cut(&mut self) {
        self.last_cut = Instant::now();
        self.batcher.cut();
        self.submit_ready();
    }

    /// Charges the budget for what the batcher and the stamper hold now (encoded
    /// spans and held executions are pending data too).
    fn charge(&mut self) {
        let held = self.stamper.as_ref().map_or(0, Stamper::held_bytes);
        let now = self.batcher.held_bytes() + held;
        if now > self.charged {
            self.budget.take(now - self.charged);
        } else {
            self.budget.release(self.charged - now);
        }
        self.charged = now;
        self.stats
            .budget_peak
            .fetch_max(self.budget.peak(), Ordering::Relaxed);
    }

    /// The next finished request; its bytes' charge moves to the sending side, which
    /// gives them back when the request is settled.
    fn pop(&mut self) -> Option<Request> {
        self.charge();
        let req = self.batcher.pop()?;
        self.charged = self.charged.saturating_sub(req.body.len() as u64);
        Some(req)
    }

    /// Hands finished requests to the sending thread; waits while it is full (the
    /// records behind wait in the budget-bounded queue).
    fn submit_ready(&mut self) {
        while let Some(req) = self.pop() {
            if let Err(req) = self.pool.submit(req) {
                self.pool.fail(&req, "the sending thread is gone");
            }
        }
        self.charge();
    }

    fn finish(&mut self, deadline: Instant) {
        self.pool.begin_close();
        self.release(now_ns(), true);
        self.book.finish(now_ns(), &mut self.closed);
        self.export_ranges();
        let mut roots = Vec::new();
        self.slicer
            .close_all(now_ns(), self.stats.drops(), &mut roots);
        self.push_roots(roots);
        self.batcher.cut();
        while let Some(req) = self.pop() {
            if let Err(req) = self.pool.submit_by(req, deadline) {
                self.pool.fail(&req, "exit deadline passed");
            }
        }
        self.pool.drain(deadline);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fake::FakeKernel;
    use semconv::{QuietTail, SamplingMode};

    #[test]
    fn a_dump_replays_the_messages_it_recorded_moved_in_time() {
        let w = Window::closed(1_000, 2_000, 3, SamplingMode::KernelSerialized)
            .with_quiet_tail(QuietTail::For(500));
        let msg = SamplingMsg {
            pc: vec![PcRecord {
                correlation_id: 9,
                function: "_Z1kv".into(),
                pc_offset: 64,
                stalls: vec![("smsp__pcsamp_warps_issue_stalled_wait".into(), 4)],
            }],
            window: Some(w),
            counters: SamplingCounters {
                bursts: 3,
                ..SamplingCounters::default()
            },
            switch: Some(TierSwitched {
                at_ns: 5_000,
                from: Tier::Serialized,
                to: Tier::Continuous,
            }),
        };
        let line = serde_json::to_string(&DumpLine::Sampling {
            sampling: SamplingDump::from(&msg),
        })
        .unwrap();
        let DumpLine::Sampling { sampling } = serde_json::from_str(&line).unwrap() else {
            panic!("a sampling line reads back as one");
        };
        let back = sampling.to_msg(100).unwrap();
        assert_eq!(back.pc, msg.pc);
        assert_eq!(back.counters, msg.counters);
        assert_eq!(
            back.window,
            Some(
                Window::closed(1_100, 2_100, 3, SamplingMode::KernelSerialized)
                    .with_quiet_tail(QuietTail::For(500))
            )
        );
        assert_eq!(
            back.switch.map(|s| (s.at_ns, s.to)),
            Some((5_100, Tier::Continuous))
        );
    }

    #[test]
    fn a_record_line_of_an_older_capture_still_reads_as_a_record() {
        let r = FakeKernel::new("_Z1kv", 1, 2).record();
        let line = serde_json::to_string(&r).unwrap();
        assert!(matches!(serde_json::from_str(&line).unwrap(), DumpLine::Record(x) if x == r));
    }
}
