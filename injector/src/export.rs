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
use std::time::{Duration, Instant};

use opentelemetry::KeyValue;
use opentelemetry_sdk::trace::{SpanData, SpanExporter};
use opentelemetry_sdk::Resource;

use crate::config::Protocol;
use crate::model::{now_ns, DropCounts, IdSeed, KernelRecord, SamplingCounters, Slicer};
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
    /// Executions whose PC samples were not attached: no serialized window touched them.
    pub pc_outside_windows: AtomicU64,
    /// Collector periods whose CUPTI flush was deferred for an open burst.
    pub flush_deferred: AtomicU64,
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
            "; serialized stamps true={} false={} unknown={} (released unsettled {}); window records exported={}, sampling spans={}; flushes deferred for bursts={}; PC samples not attached (no window)={}",
            self.stamped[0].load(Ordering::Relaxed),
            self.stamped[1].load(Ordering::Relaxed),
            self.stamped[2].load(Ordering::Relaxed),
            self.stamped_unsettled.load(Ordering::Relaxed),
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
    exporter.set_resource(&resource_of(&resource, settings.slicer.tier()));
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
        resource_tier: settings.slicer.tier(),
        resource,
        stamp_limits: settings.stamp_limits,
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
            worker.sampling(m, &rt, &mut exporter);
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
                    worker.sampling(m, &rt, &mut exporter);
                }
                if let Some(d) = dump.as_mut() {
                    let _ = d.flush();
                }
                worker.finish(&rt, &mut exporter, deadline);
                let _ = exporter
                    .shutdown_with_timeout(deadline.saturating_duration_since(Instant::now()));
                let _ = done.send(());
                return;
            }
            Err(RecvTimeoutError::Timeout) => {}
            Err(RecvTimeoutError::Disconnected) => {
                worker.finish(&rt, &mut exporter, Instant::now() + Duration::from_secs(2));
                return;
            }
        }
        worker.tick(&rt, &mut exporter);
    }
}

/// The resource of batches whose spans ran under `tier`: the process's attributes
/// with `gpu.pc_sampling.tier` set to it.
fn resource_of(attrs: &[KeyValue], tier: Tier) -> Resource {
    let attrs = attrs
        .iter()
        .filter(|kv| kv.key.as_str() != semconv::attributes::GPU_PC_SAMPLING_TIER)
        .cloned()
        .chain(std::iter::once(KeyValue::new(
            semconv::attributes::GPU_PC_SAMPLING_TIER,
            tier.as_str(),
        )));
    Resource::builder_empty().with_attributes(attrs).build()
}

struct Worker {
    /// Tier epochs, oldest first: (first instant, tier). One entry unless the tier
    /// was switched at run time.
    epochs: Vec<(u64, Tier)>,
    /// The process's resource attributes; the tier is set per batch.
    resource: Vec<KeyValue>,
    /// The tier of the resource last given to the exporter.
    resource_tier: Tier,
    stamp_limits: StampLimits,
    slicer: Slicer,
    stats: Arc<Stats>,
    /// Spans to export, each with the tier whose resource it goes out under.
    pending: Vec<(Tier, SpanData)>,
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
        let now = now_ns();
        for r in batch {
            let tier = self.tier_at(r.start_ns);
            match (&mut self.stamper, tier) {
                (Some(stamper), Tier::Serialized) => stamper.push(r.clone(), now),
                _ => {
                    let span = self.slicer.push_as(r, tier);
                    self.pending.push((tier, span));
                }
            }
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

    /// PC samples and a window record from the sampling side. A window record is
    /// exported at once, with everything pending.
    fn sampling<E: SpanExporter>(
        &mut self,
        m: SamplingMsg,
        rt: &tokio::runtime::Runtime,
        exporter: &mut E,
    ) {
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
            self.pending.push((sw.to, span));
        }
        // KERNEL_SERIALIZED records carry the launch's correlation id, CONTINUOUS
        // records carry 0 (gpu-facts.md).
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
            self.pending.push((Tier::Serialized, span));
            self.export_pending(rt, exporter, None);
        } else if m.switch.is_some() {
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
                self.pending.push((Tier::Serialized, span));
            }
            self.stats
                .stamped_unsettled
                .store(stamper.counters().released_unsettled, Ordering::Relaxed);
            self.stats
                .pc_outside_windows
                .store(stamper.counters().pc_outside_windows, Ordering::Relaxed);
        }
        let due = now.saturating_sub(self.continuous_since) >= EXPORT_INTERVAL.as_nanos() as u64;
        if !self.continuous.is_empty() && (due || all) {
            // Under the running tier: serialized bursts of several launches also
            // report per function.
            let tier = self.current_tier();
            for f in self.continuous.take() {
                let span = self.slicer.function_span(&f, self.continuous_since, now);
                self.pending.push((tier, span));
            }
            self.continuous_since = now;
        } else if self.continuous.is_empty() {
            self.continuous_since = now;
        }
    }

    /// Slice roots go out under the tier running when they close.
    fn push_roots(&mut self, roots: Vec<SpanData>) {
        let tier = self.current_tier();
        self.pending.extend(roots.into_iter().map(|s| (tier, s)));
    }

    fn tick<E: SpanExporter>(&mut self, rt: &tokio::runtime::Runtime, exporter: &mut E) {
        self.release(now_ns(), false);
        let mut roots = Vec::new();
        self.slicer
            .close_due(now_ns(), self.stats.drops(), &mut roots);
        self.push_roots(roots);
        let due = self.last_export.elapsed() >= EXPORT_INTERVAL;
        if self.pending.len() >= MAX_EXPORT_BATCH || (due && !self.pending.is_empty()) {
            self.export_pending(rt, exporter, None);
        }
    }

    fn finish<E: SpanExporter>(
        &mut self,
        rt: &tokio::runtime::Runtime,
        exporter: &mut E,
        deadline: Instant,
    ) {
        self.release(now_ns(), true);
        let mut roots = Vec::new();
        self.slicer
            .close_all(now_ns(), self.stats.drops(), &mut roots);
        self.push_roots(roots);
        self.export_pending(rt, exporter, Some(deadline));
    }

    fn export_pending<E: SpanExporter>(
        &mut self,
        rt: &tokio::runtime::Runtime,
        exporter: &mut E,
        deadline: Option<Instant>,
    ) {
        self.last_export = Instant::now();
        let mut spans = std::mem::take(&mut self.pending);
        // One resource per export call: group by tier (stable, so each tier's spans
        // keep their order), the running tier last.
        let last = self.current_tier();
        spans.sort_by_key(|(t, _)| (*t == last, *t as u8));
        let mut rest = spans.into_iter().peekable();
        while let Some(&(tier, _)) = rest.peek() {
            let mut chunk = Vec::new();
            while chunk.len() < MAX_EXPORT_BATCH {
                match rest.next_if(|(t, _)| *t == tier) {
                    Some((_, span)) => chunk.push(span),
                    None => break,
                }
            }
            if tier != self.resource_tier {
                exporter.set_resource(&resource_of(&self.resource, tier));
                self.resource_tier = tier;
            }
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
