//! The exporter thread: kernel records in, OTLP out, on the injector's own thread
//! with its own current-thread Tokio runtime (never the host's).
//!
//! ```text
//! collector thread ──RecordQueue (bounded, try_send)──▶ "gpu-otel-export" thread
//!                                                        Slicer → SpanData → SpanExporter
//! ```
//!
//! The queue holds batches (one per CUPTI buffer). A full queue drops the batch and
//! counts every record of it (`queue_full`); a failed export counts every span of it
//! (`export_failed`). Nobody waits on the exporter but the at-exit handler, and that
//! only until its deadline.

use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc::{
    channel, sync_channel, Receiver, RecvTimeoutError, Sender, SyncSender, TrySendError,
};
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use opentelemetry::KeyValue;
use opentelemetry_sdk::trace::{SpanData, SpanExporter};
use opentelemetry_sdk::Resource;

use crate::config::Protocol;
use crate::model::{DropCounts, IdSeed, KernelRecord, SamplingCounters, Slicer};
use crate::resource::{resource_attributes, ProcessInfo};
use crate::sampling::continuous::ContinuousAgg;
use crate::sampling::stamp::{PcRecord, StampLimits, Stamper};
use semconv::{Serialized, Tier, Window};

/// Most spans in one export request.
pub const MAX_EXPORT_BATCH: usize = 512;
/// How long the exporter thread waits for the driver (still inside the application's
/// `cuInit`) to name device 0 before its first export.
const DEVICE_WAIT: Duration = Duration::from_secs(2);
/// Longest a span waits on the exporter thread before it is exported.
pub const EXPORT_INTERVAL: Duration = Duration::from_millis(200);

/// Counters shared by the collector, the exporter and the exit handler.
#[derive(Debug, Default)]
pub struct Stats {
    /// Kernel records decoded from CUPTI (or offered by a test).
    pub records: AtomicU64,
    /// Records dropped: queue full.
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
    /// Window record carrier spans and PC-sample spans exported successfully.
    pub sampling_spans_exported: AtomicU64,
    /// Window records exported successfully.
    pub windows_exported: AtomicU64,
    /// Kernel spans stamped "true" / "false" / "unknown" (serialized tier; off and
    /// continuous stamp "false" without counting here).
    pub stamped: [AtomicU64; 3],
    /// Of the "unknown" stamps, executions released because a hold bound passed.
    pub stamped_unsettled: AtomicU64,
    warned_queue_full: AtomicBool,
    warned_export: AtomicBool,
}

impl Stats {
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
            "; serialized stamps true={} false={} unknown={} (released unsettled {}); window records exported={}, sampling spans={}",
            self.stamped[0].load(Ordering::Relaxed),
            self.stamped[1].load(Ordering::Relaxed),
            self.stamped[2].load(Ordering::Relaxed),
            self.stamped_unsettled.load(Ordering::Relaxed),
            self.windows_exported.load(Ordering::Relaxed),
            self.sampling_spans_exported.load(Ordering::Relaxed),
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
}

/// Sends [`SamplingMsg`]s to the exporter thread and wakes it.
#[derive(Debug, Clone)]
pub struct SamplingSender {
    tx: Sender<SamplingMsg>,
    wake: SyncSender<Msg>,
}

impl SamplingSender {
    /// Sends without waiting (the channel is unbounded) and wakes the exporter.
    pub fn send(&self, msg: SamplingMsg) {
        let _ = self.tx.send(msg);
        let _ = self.wake.try_send(Msg::Wake);
    }
}

/// A message to the exporter thread.
#[derive(Debug)]
pub enum Msg {
    /// Kernel records.
    Records(Vec<KernelRecord>),
    /// Sampling messages are waiting.
    Wake,
    /// Flush and stop.
    Shutdown {
        deadline: Instant,
        done: SyncSender<()>,
    },
}

/// The sending side of the bounded queue to the exporter thread.
#[derive(Debug, Clone)]
pub struct RecordQueue {
    tx: SyncSender<Msg>,
    stats: Arc<Stats>,
    sampling: Sender<SamplingMsg>,
}

impl RecordQueue {
    /// Offers a batch without waiting. Returns false, and counts every record as
    /// dropped, when the queue is full or the exporter is gone.
    pub fn offer(&self, batch: Vec<KernelRecord>) -> bool {
        if batch.is_empty() {
            return true;
        }
        let n = batch.len() as u64;
        self.stats.records.fetch_add(n, Ordering::Relaxed);
        match self.tx.try_send(Msg::Records(batch)) {
            Ok(()) => true,
            Err(TrySendError::Full(_) | TrySendError::Disconnected(_)) => {
                self.stats.queue_full.fetch_add(n, Ordering::Relaxed);
                if !self.stats.warned_queue_full.swap(true, Ordering::Relaxed) {
                    crate::log(
                        "export queue full: dropping kernel records (counted; total at exit)",
                    );
                }
                false
            }
        }
    }

    /// The lossless sender of window records and PC samples.
    pub fn sampling_sender(&self) -> SamplingSender {
        SamplingSender {
            tx: self.sampling.clone(),
            wake: self.tx.clone(),
        }
    }

    /// Asks the exporter thread to flush everything and stop, and waits for it
    /// until `deadline`. Returns whether it finished in time.
    pub fn shutdown(&self, deadline: Instant) -> bool {
        let (done, wait) = sync_channel(1);
        let msg = Msg::Shutdown { deadline, done };
        // The queue may be full: wait for room, but only until the deadline.
        let mut msg = Some(msg);
        while let Some(m) = msg.take() {
            match self.tx.try_send(m) {
                Ok(()) => {}
                Err(TrySendError::Full(m)) => {
                    if Instant::now() >= deadline {
                        return false;
                    }
                    std::thread::sleep(Duration::from_millis(2));
                    msg = Some(m);
                }
                Err(TrySendError::Disconnected(_)) => return false,
            }
        }
        wait.recv_timeout(deadline.saturating_duration_since(Instant::now()))
            .is_ok()
    }
}

/// What the exporter thread is made of.
#[derive(Debug)]
pub struct ExportSettings {
    /// Queue capacity in batches.
    pub queue_batches: usize,
    /// Resource of every span.
    pub resource: Vec<KeyValue>,
    /// Makes kernel and root spans.
    pub slicer: Slicer,
    /// Where to write every record as a JSON line, if anywhere.
    pub record_dump: Option<PathBuf>,
    /// Bounds of the serialized tier's stamping (used when the slicer's tier is
    /// serialized).
    pub stamp_limits: StampLimits,
    /// Add `gpu.device.name` and `gpu.device.uuid` of CUDA device 0 to the resource,
    /// asked of the driver before the first export (inside a CUDA program only). Done
    /// once, up front: a resource that changed mid-stream would split the process in two
    /// for a receiver matching windows to executions by resource.
    pub describe_device: bool,
}

impl ExportSettings {
    /// The export path of one process fed from outside CUPTI (replays of captured
    /// records, the fake-CUPTI producer, tests): its resource, one-second trace slices,
    /// default bounds, no device lookup. The injector itself builds its settings from
    /// its configuration.
    pub fn for_process(
        process: &ProcessInfo,
        service: Option<&str>,
        resource_env: Option<&str>,
        tier: Tier,
    ) -> Self {
        ExportSettings {
            queue_batches: 64,
            resource: resource_attributes(process, service, resource_env, tier),
            slicer: Slicer::new(
                Duration::from_secs(1),
                Duration::from_millis(100),
                IdSeed::from_instance_id(&process.instance_id),
                tier,
            ),
            record_dump: None,
            stamp_limits: StampLimits::default(),
            describe_device: false,
        }
    }
}

/// Starts the exporter thread exporting OTLP/gRPC to `endpoint`.
pub fn spawn_grpc(
    settings: ExportSettings,
    stats: Arc<Stats>,
    endpoint: String,
) -> std::io::Result<(RecordQueue, JoinHandle<()>)> {
    spawn(settings, stats, move || {
        otlp_exporter(Protocol::Grpc, Some(endpoint))
    })
}

fn now_ns() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_nanos() as u64)
        .unwrap_or(0)
}

/// Builds the OTLP span exporter for `protocol`. Endpoint, headers and timeout come
/// from the standard `OTEL_EXPORTER_OTLP_*` variables unless `endpoint` is given.
/// Must run inside a Tokio runtime (gRPC channels connect lazily on it).
pub fn otlp_exporter(
    protocol: Protocol,
    endpoint: Option<String>,
) -> Result<opentelemetry_otlp::SpanExporter, String> {
    use opentelemetry_otlp::{SpanExporter as Otlp, WithExportConfig};
    let built = match protocol {
        Protocol::Grpc => {
            let b = Otlp::builder().with_tonic();
            match endpoint {
                Some(e) => b.with_endpoint(e).build(),
                None => b.build(),
            }
        }
        Protocol::HttpProtobuf | Protocol::HttpJson => {
            let p = if protocol == Protocol::HttpJson {
                opentelemetry_otlp::Protocol::HttpJson
            } else {
                opentelemetry_otlp::Protocol::HttpBinary
            };
            let b = Otlp::builder().with_http().with_protocol(p);
            match endpoint {
                Some(e) => b.with_endpoint(e).build(),
                None => b.build(),
            }
        }
    };
    built.map_err(|e| e.to_string())
}

/// Starts the exporter thread. `make_exporter` runs on that thread, inside its
/// runtime. Returns the queue to feed it and the thread's handle.
pub fn spawn<E, F>(
    settings: ExportSettings,
    stats: Arc<Stats>,
    make_exporter: F,
) -> std::io::Result<(RecordQueue, JoinHandle<()>)>
where
    E: SpanExporter + 'static,
    F: FnOnce() -> Result<E, String> + Send + 'static,
{
    let (tx, rx) = sync_channel(settings.queue_batches.max(1));
    let (sampling, sampling_rx) = channel();
    let queue = RecordQueue {
        tx,
        stats: stats.clone(),
        sampling,
    };
    let handle = std::thread::Builder::new()
        .name("gpu-otel-export".into())
        .spawn(move || {
            let r = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                run(settings, stats, rx, sampling_rx, make_exporter)
            }));
            if r.is_err() {
                crate::log(
                    "exporter thread panicked; GPU telemetry stops, the application runs on",
                );
            }
        })?;
    Ok((queue, handle))
}

fn run<E, F>(
    settings: ExportSettings,
    stats: Arc<Stats>,
    rx: Receiver<Msg>,
    sampling_rx: Receiver<SamplingMsg>,
    make_exporter: F,
) where
    E: SpanExporter,
    F: FnOnce() -> Result<E, String>,
{
    let rt = match tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
    {
        Ok(rt) => rt,
        Err(e) => {
            crate::log(&format!(
                "cannot start the exporter runtime: {e}; telemetry off"
            ));
            return;
        }
    };
    let exporter = {
        let _enter = rt.enter();
        make_exporter()
    };
    let mut exporter = match exporter {
        Ok(e) => e,
        Err(e) => {
            crate::log(&format!(
                "cannot build the OTLP exporter: {e}; telemetry off"
            ));
            return;
        }
    };
    let mut resource = settings.resource.clone();
    if settings.describe_device {
        match crate::cupti::first_device(DEVICE_WAIT) {
            Some((name, uuid)) => {
                resource.push(KeyValue::new(semconv::attributes::GPU_DEVICE_NAME, name));
                if let Some(uuid) = uuid {
                    resource.push(KeyValue::new(semconv::attributes::GPU_DEVICE_UUID, uuid));
                }
            }
            None => {
                crate::log("the CUDA driver did not name device 0; gpu.device.name is left out")
            }
        }
    }
    exporter.set_resource(&Resource::builder_empty().with_attributes(resource).build());
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
        slicer: settings.slicer,
        stats,
        pending: Vec::new(),
        last_export: Instant::now(),
        stamper,
        continuous: ContinuousAgg::default(),
        continuous_since: now_ns(),
        counters: SamplingCounters::default(),
    };
    loop {
        let msg = rx.recv_timeout(EXPORT_INTERVAL);
        while let Ok(m) = sampling_rx.try_recv() {
            worker.sampling(m, &rt, &exporter);
        }
        match msg {
            Ok(Msg::Records(batch)) => worker.take(&batch, dump.as_mut()),
            Ok(Msg::Wake) => {}
            Ok(Msg::Shutdown { deadline, done }) => {
                while let Ok(msg) = rx.try_recv() {
                    if let Msg::Records(batch) = msg {
                        worker.take(&batch, dump.as_mut());
                    }
                }
                while let Ok(m) = sampling_rx.try_recv() {
                    worker.sampling(m, &rt, &exporter);
                }
                if let Some(d) = dump.as_mut() {
                    let _ = d.flush();
                }
                worker.finish(&rt, &exporter, deadline);
                let _ = exporter
                    .shutdown_with_timeout(deadline.saturating_duration_since(Instant::now()));
                let _ = done.send(());
                return;
            }
            Err(RecvTimeoutError::Timeout) => {}
            Err(RecvTimeoutError::Disconnected) => {
                worker.finish(&rt, &exporter, Instant::now() + Duration::from_secs(2));
                return;
            }
        }
        worker.tick(&rt, &exporter);
    }
}

struct Worker {
    slicer: Slicer,
    stats: Arc<Stats>,
    pending: Vec<SpanData>,
    last_export: Instant,
    /// Serialized tier: holds executions until their stamp settles.
    stamper: Option<Stamper>,
    /// Continuous tier: samples of the current period, per function.
    continuous: ContinuousAgg,
    continuous_since: u64,
    counters: SamplingCounters,
}

impl Worker {
    fn take(&mut self, batch: &[KernelRecord], dump: Option<&mut BufWriter<File>>) {
        if let Some(d) = dump {
            for r in batch {
                if let Ok(line) = serde_json::to_string(r) {
                    let _ = writeln!(d, "{line}");
                }
            }
        }
        match &mut self.stamper {
            Some(stamper) => {
                let now = now_ns();
                for r in batch {
                    stamper.push(r.clone(), now);
                }
            }
            None => {
                for r in batch {
                    let span = self.slicer.push(r);
                    self.pending.push(span);
                }
            }
        }
    }

    /// PC samples and a window record from the sampling side. A window record is
    /// exported at once, with everything pending.
    fn sampling<E: SpanExporter>(
        &mut self,
        m: SamplingMsg,
        rt: &tokio::runtime::Runtime,
        exporter: &E,
    ) {
        self.counters = m.counters;
        match &mut self.stamper {
            Some(s) => s.pc(&m.pc),
            None => self.continuous.add(&m.pc),
        }
        if let Some(w) = m.window {
            if let Some(s) = &mut self.stamper {
                s.window(w);
            }
            let span = self.slicer.window_span(&w, &self.counters);
            self.pending.push(span);
            self.export_pending(rt, exporter, None);
        }
    }

    /// Stamped executions and continuous-tier sample spans that are ready.
    fn release(&mut self, now: u64, all: bool) {
        if let Some(stamper) = &mut self.stamper {
            let mut out = Vec::new();
            stamper.release(now, all, &mut out);
            for st in out {
                let i = match st.serialized {
                    Serialized::True => 0,
                    Serialized::False => 1,
                    Serialized::Unknown => 2,
                };
                self.stats.stamped[i].fetch_add(1, Ordering::Relaxed);
                let span = self
                    .slicer
                    .push_stamped(&st.record, st.serialized, st.pc.as_ref());
                self.pending.push(span);
            }
            self.stats
                .stamped_unsettled
                .store(stamper.counters().released_unsettled, Ordering::Relaxed);
        }
        let due = now.saturating_sub(self.continuous_since) >= EXPORT_INTERVAL.as_nanos() as u64;
        if !self.continuous.is_empty() && (due || all) {
            for f in self.continuous.take() {
                let span = self.slicer.function_span(&f, self.continuous_since, now);
                self.pending.push(span);
            }
            self.continuous_since = now;
        } else if self.continuous.is_empty() {
            self.continuous_since = now;
        }
    }

    fn tick<E: SpanExporter>(&mut self, rt: &tokio::runtime::Runtime, exporter: &E) {
        self.release(now_ns(), false);
        self.slicer
            .close_due(now_ns(), self.stats.drops(), &mut self.pending);
        let due = self.last_export.elapsed() >= EXPORT_INTERVAL;
        if self.pending.len() >= MAX_EXPORT_BATCH || (due && !self.pending.is_empty()) {
            self.export_pending(rt, exporter, None);
        }
    }

    fn finish<E: SpanExporter>(
        &mut self,
        rt: &tokio::runtime::Runtime,
        exporter: &E,
        deadline: Instant,
    ) {
        self.release(now_ns(), true);
        self.slicer
            .close_all(now_ns(), self.stats.drops(), &mut self.pending);
        self.export_pending(rt, exporter, Some(deadline));
    }

    fn export_pending<E: SpanExporter>(
        &mut self,
        rt: &tokio::runtime::Runtime,
        exporter: &E,
        deadline: Option<Instant>,
    ) {
        self.last_export = Instant::now();
        let spans = std::mem::take(&mut self.pending);
        let mut chunks = spans.into_iter().peekable();
        while chunks.peek().is_some() {
            let chunk: Vec<SpanData> = chunks.by_ref().take(MAX_EXPORT_BATCH).collect();
            let n = chunk.len() as u64;
            let roots = chunk
                .iter()
                .filter(|s| s.parent_span_id == opentelemetry::trace::SpanId::INVALID)
                .count() as u64;
            let kernels = chunk
                .iter()
                .filter(|s| {
                    s.attributes
                        .iter()
                        .any(|kv| kv.key.as_str() == semconv::attributes::GPU_SERIALIZED)
                })
                .count() as u64;
            let windows = chunk
                .iter()
                .flat_map(|s| s.events.events.iter())
                .filter(|e| e.name == semconv::attributes::EVENT_GPU_SAMPLING_WINDOW)
                .count() as u64;
            let result = match deadline {
                None => rt
                    .block_on(exporter.export(chunk))
                    .map_err(|e| e.to_string()),
                Some(d) => {
                    let left = d.saturating_duration_since(Instant::now());
                    match rt.block_on(async {
                        tokio::time::timeout(left, exporter.export(chunk)).await
                    }) {
                        Ok(r) => r.map_err(|e| e.to_string()),
                        Err(_) => Err("exit deadline passed".to_string()),
                    }
                }
            };
            match result {
                Ok(()) => {
                    self.stats
                        .kernel_spans_exported
                        .fetch_add(kernels, Ordering::Relaxed);
                    self.stats
                        .sampling_spans_exported
                        .fetch_add(n - roots - kernels, Ordering::Relaxed);
                    self.stats
                        .windows_exported
                        .fetch_add(windows, Ordering::Relaxed);
                    self.stats
                        .root_spans_exported
                        .fetch_add(roots, Ordering::Relaxed);
                }
                Err(e) => {
                    self.stats.export_failed.fetch_add(n, Ordering::Relaxed);
                    self.stats
                        .kernel_export_failed
                        .fetch_add(kernels, Ordering::Relaxed);
                    if !self.stats.warned_export.swap(true, Ordering::Relaxed) {
                        crate::log(&format!(
                            "OTLP export failed ({e}); spans dropped (counted; total at exit)"
                        ));
                    }
                }
            }
        }
    }
}
