//! The injector's life in a process: start (from `InitializeInjection`), the
//! collector thread, and the at-exit flush. PC sampling's run time is `pc.rs`, NVTX's
//! `nvtx.rs`: what CUPTI's callbacks on the application's threads do.
//!
//! ```text
//! app thread: cuInit → InitializeInjection → initialize(): config, attach CUPTI,
//!             start threads, atexit(on_exit)            (returns at once)
//! "gpu-otel-cupti":  every flush_interval: (FlushAll, under the serialized tier; else
//!                   CUPTI's own flush period) → decode buffers → each record's NVTX
//!                   range → RecordQueue; woken at once to switch launch correlation on
//! "gpu-otel-export": the worker: RecordQueue → Slicer / Stamper → export → OTLP
//! app thread: exit → at_exit(): stop collector (forced flush), drain exporter,
//!             all within exit_deadline, then one summary line
//! app thread: gpu_otel_profiler_handoff_begin / _end (handoff.rs): CUPTI handed to
//!             the application's profiler and taken back; the window as one span
//! ```

use std::sync::atomic::Ordering;
use std::sync::mpsc::{sync_channel, Receiver, RecvTimeoutError, SyncSender};
use std::sync::{Arc, Mutex, OnceLock};
use std::time::{Duration, Instant};

use semconv::Tier;

use crate::clock::now_ns;
use crate::config::{Config, CUPTI_FALLBACK_PATHS};
use crate::cupti::{self, AttachError, AttachSettings, Attached, CollectorStep, NameTable};
use crate::launches::{Launches, Settler};
use crate::lease::LeaseDirSetting;
use crate::model::Slicer;
use crate::resource::{self, ProcessInfo};
use crate::sampling::enable::EnableMode;
use crate::sampling::stamp::StampLimits;
use crate::stats::Stats;
use crate::worker::{self, RecordQueue};

mod handoff;
mod lease;
mod nvtx;
pub(crate) mod pc;

/// How long the exporter thread waits, at its first kernel, for the driver (perhaps
/// still inside the application's `cuInit`) to name a GPU.
const DEVICE_WAIT: Duration = Duration::from_secs(2);

/// How long after a slice's end its root span waits for late kernel records.
pub(crate) const SLICE_GRACE_EXTRA: Duration = Duration::from_millis(500);

struct Running {
    stop: Mutex<Option<SyncSender<Control>>>,
    stats: Arc<Stats>,
    exit_deadline: Duration,
    launch_accounting: bool,
}

struct Stop {
    deadline: Instant,
    /// Whether the exporter finished before the deadline.
    done: SyncSender<bool>,
}

/// What wakes the collector thread before its period ends.
enum Control {
    /// Flush, export what is left, stop.
    Stop(Stop),
    /// A context joined the PC-sampling list: take its GPU's sampler lease now.
    Lease,
    /// The first NVTX range opened: switch launch correlation on now.
    Nvtx,
}

static RUNNING: OnceLock<Running> = OnceLock::new();

/// The process's launch accounting, counted on the application's threads.
static LAUNCHES: OnceLock<Launches> = OnceLock::new();

/// The launch callbacks' hook (application threads; never waits).
fn on_launched(launch: crate::completeness::Launch) {
    if let Some(l) = LAUNCHES.get() {
        l.on(launch);
    }
}

/// Starts the injector. Never fails the host: every problem is one log line and
/// the injector steps aside.
pub(crate) fn initialize() {
    let (cfg, warnings) = Config::from_env();
    for w in warnings {
        crate::log::line(&w);
    }
    if cfg.sdk_disabled {
        crate::log::line("OTEL_SDK_DISABLED=true: not attaching");
        return;
    }
    let choice = TierChoice::of(&cfg);
    // Before the callbacks exist, so that none finds it missing.
    let settler = cfg.launch_accounting.then(|| {
        Settler::new(
            cfg.record_settle,
            LAUNCHES.get_or_init(|| Launches::for_graph_records(cfg.graph_records)),
        )
    });
    let attached = match cupti::attach(&attach_settings(&cfg, &choice)) {
        Ok(a) => a,
        Err(e) => {
            let why = match &e {
                AttachError::OtherSubscriber => "stepping aside",
                _ => "not attaching",
            };
            crate::log::line(&format!(
                "{e}; {why}, the application runs on without GPU telemetry"
            ));
            return;
        }
    };
    // A fork() child has none of the injector's threads: it runs without GPU
    // telemetry, never touches its parent's CUPTI state, and its exit returns at once.
    if !cupti::register_fork_child() {
        crate::log::line("pthread_atfork refused the child handler: a forked child's exit may wait for the exit deadline");
    }
    let stats = Arc::new(Stats::for_graph_records(cfg.graph_records));
    let queue = match start_worker(&cfg, &choice, stats.clone()) {
        Ok(queue) => queue,
        Err(e) => {
            crate::log::line(&format!(
                "cannot start the exporter thread: {e}; not attaching"
            ));
            let _ = attached.stop();
            return;
        }
    };
    handoff::install(
        choice.tier != Tier::Off,
        queue.clone(),
        cfg.launch_accounting
            .then(|| LAUNCHES.get_or_init(|| Launches::for_graph_records(cfg.graph_records))),
    );
    let stop_tx = match start_collector(&cfg, &choice, attached, queue, stats.clone(), settler) {
        Ok(stop_tx) => stop_tx,
        Err(e) => {
            crate::log::line(&format!(
                "cannot start the collector thread: {e}; not attaching"
            ));
            return;
        }
    };
    let _ = RUNNING.set(Running {
        stop: Mutex::new(Some(stop_tx)),
        stats,
        exit_deadline: cfg.exit_deadline,
        launch_accounting: cfg.launch_accounting,
    });
    if !cupti::register_at_exit(at_exit) {
        crate::log::line("atexit refused the exit flush: records of the last ~100 ms may be lost");
    }
}

/// The PC sampling tier this process runs, chosen before the first context exists
/// (cuInit is running).
struct TierChoice {
    tier: Tier,
    /// The configured tier was refused (logged; counted on the resource).
    refused: bool,
    /// A control file may switch the tier at run time.
    switchable: bool,
    /// When a context's PC sampling is enabled (`lease`: a fixed serialized tier only).
    enable: EnableMode,
}

impl TierChoice {
    fn of(cfg: &Config) -> TierChoice {
        let (tier, refusal) = crate::sampling::tier::resolve(cfg.pc_sampling.as_deref());
        if let Some(e) = &refusal {
            crate::log::line(&format!(
                "{e} (counted: gpu.pc_sampling.tier_refusals=1 on the resource)"
            ));
        }
        if tier == Tier::Off && cfg.pc_control_file.is_some() {
            crate::log::line(&format!(
                "{}",
                crate::sampling::switch::RequestError::NotSwitchable
            ));
        }
        let switchable = tier != Tier::Off && cfg.pc_control_file.is_some();
        // Continuous sampling runs without the lease, so its contexts must be enabled
        // from their creation: `lease` is for a fixed serialized tier.
        let (enable, lease_refused) =
            EnableMode::resolve(cfg.pc_enable, tier == Tier::Serialized && !switchable);
        if lease_refused {
            crate::log::line(&format!(
                "{}=lease applies to a fixed serialized tier only ({}=serialized, no tier control file); PC sampling is enabled at context creation (context)",
                crate::config::ENV_PC_ENABLE,
                crate::config::ENV_PC_SAMPLING
            ));
        }
        TierChoice {
            tier,
            refused: refusal.is_some(),
            switchable,
            enable,
        }
    }

    /// Whether bursts may serialize kernels, now or after a switch.
    fn serializes(&self) -> bool {
        self.tier == Tier::Serialized || self.switchable
    }
}

/// What CUPTI is attached with: buffers, PC sampling, NVTX, launch accounting, the
/// runtime's hooks.
fn attach_settings(cfg: &Config, choice: &TierChoice) -> AttachSettings {
    let tier = choice.tier;
    let pc = (tier != Tier::Off).then(|| cupti::PcSettings {
        tier,
        buffer_pcs: cfg.pc_buffer_pcs.unwrap_or(if choice.serializes() {
            crate::config::PC_BUFFER_PCS_SERIALIZED_DEFAULT
        } else {
            crate::config::PC_BUFFER_PCS_CONTINUOUS_DEFAULT
        }),
        period: cfg.pc_sampling_period,
        hw_buffer_bytes: cfg.pc_hw_buffer_bytes,
        worker_sleep_ms: cfg.pc_worker_sleep_ms,
        switchable: choice.switchable,
        runtime_callbacks: cfg.pc_runtime_callbacks,
        enable: choice.enable,
    });
    AttachSettings {
        cupti_path: cfg.cupti_path.clone(),
        fallback_paths: CUPTI_FALLBACK_PATHS.iter().map(Into::into).collect(),
        buffer_bytes: cfg.buffer_bytes,
        max_buffers: cfg.max_buffers,
        pc,
        nvtx: cfg.nvtx,
        launch_accounting: cfg.launch_accounting,
        device_buffers: (cfg.device_buffer_bytes, cfg.device_buffer_pool_limit),
        cubin_bytes: cfg.pc_cubin_bytes,
        graph_records: cfg.graph_records,
        hooks: cupti::Hooks {
            on_launch: pc::on_launch,
            on_drained: pc::on_drained,
            on_nvtx: nvtx::on_nvtx,
            on_correlation: nvtx::on_correlation,
            on_launched,
        },
    }
}

/// Starts the worker (the exporter thread) with the process's resource, and PC
/// sampling's runtime feeding it. Returns the queue into it.
fn start_worker(
    cfg: &Config,
    choice: &TierChoice,
    stats: Arc<Stats>,
) -> std::io::Result<RecordQueue> {
    let tier = choice.tier;
    let process = ProcessInfo::current();
    let (mut attrs, seed) = resource::resource_and_seed(
        &process,
        cfg.service_name.as_deref(),
        cfg.resource_attributes.as_deref(),
        tier,
    );
    attrs.extend(resource::pc_refusal_attributes(
        choice
            .refused
            .then(|| cfg.pc_sampling.as_deref().unwrap_or("")),
    ));
    attrs.extend(resource::pc_enable_attributes(tier, choice.enable.as_str()));
    let stamp_limits = StampLimits {
        // Long enough for the next burst to open (at most the max gap after a burst).
        hold_ns: cfg.burst.max_gap_ns + cfg.burst.burst_ns + 2_000_000_000,
        ..StampLimits::default()
    };
    let mut grace = cfg.flush_interval * 2 + worker::EXPORT_INTERVAL + SLICE_GRACE_EXTRA;
    if choice.serializes() {
        // Held executions must still find their slice's root open.
        grace += Duration::from_nanos(stamp_limits.hold_ns);
    }
    let pc_settings = pc::RuntimeSettings {
        tier,
        burst: cfg.burst,
        switchable: choice.switchable,
        sync_before_start: cfg.pc_sync_before_start,
        leased: choice.serializes() && cfg.pc_lease_dir != LeaseDirSetting::Off,
        keep_driver_callbacks: cfg.launch_accounting || cfg.nvtx,
        enable: choice.enable,
    };
    let export_cfg = cfg.export.clone();
    let (queue, _handle) = worker::spawn(
        worker::Settings {
            budget_bytes: cfg.budget_bytes,
            max_request_bytes: cfg.max_request_bytes,
            in_flight: cfg.in_flight,
            resource: attrs,
            slicer: Slicer::new(cfg.trace_slice, grace, seed, tier),
            record_dump: cfg.record_dump.clone(),
            stamp_limits,
            devices: Some(Box::new(cupti::DriverDevices::new(
                DEVICE_WAIT,
                cfg.cuda_visible_devices.clone(),
            ))),
            // A serialized process waits for its GPUs' sampler lease as tier off.
            start: pc_settings.tier_switch().declared(),
            lines: (tier != Tier::Off)
                .then(|| Box::new(cupti::CuptiSass) as Box<dyn crate::sampling::lines::SassSource>),
        },
        stats,
        move || otlp_client::Client::new(&export_cfg).map_err(|e| e.to_string()),
    )?;
    if tier != Tier::Off {
        pc::install(pc_settings, queue.sampling_sender());
    }
    Ok(queue)
}

/// Starts the collector thread ("gpu-otel-cupti": CUPTI's buffers into `queue`, the
/// flush period, the control file, the sampler lease, the launch accounting) and NVTX.
/// Returns the sender that stops it.
fn start_collector(
    cfg: &Config,
    choice: &TierChoice,
    attached: Attached,
    queue: RecordQueue,
    stats: Arc<Stats>,
    settler: Option<Settler<'static>>,
) -> std::io::Result<SyncSender<Control>> {
    let (stop_tx, stop_rx) = sync_channel(2);
    if cfg.nvtx {
        nvtx::install(
            queue.nvtx_sender(),
            waker(&stop_tx, || Control::Nvtx),
            cfg.nvtx_injection_path.as_deref(),
        );
    }
    if choice.serializes() {
        cupti::on_context_listed(waker(&stop_tx, || Control::Lease));
    }
    let interval = cfg.flush_interval;
    // CUPTI flushes on its own period, cheaper for the application, unless bursts need
    // the collector to hold flushes back (a flush during a burst kept it from closing).
    // CUPTI's period returns full buffers only, and one record per graph replay fills a
    // buffer in minutes (H100, 2026-12-05: a decode loop's records came 72,000 at a time,
    // ~220 s apart, past every settle time): in the launches mode the collector flushes.
    let collector_flushes = cfg.graph_records == crate::record::GraphRecords::Launches;
    let fixed = collector_flushes
        || choice.tier == Tier::Off
        || (choice.tier == Tier::Continuous && !choice.switchable);
    let mut flushing = Flushing {
        interval,
        by_cupti: false,
        fixed,
        warned: false,
    };
    if fixed && !collector_flushes {
        flushing.by_cupti(&attached);
    }
    let control = choice
        .switchable
        .then(|| ControlFile::new(cfg.pc_control_file.clone().unwrap_or_default()));
    // Opened on the collector thread, which may create its directory.
    let lease = choice.serializes().then(|| {
        (
            cfg.pc_lease_dir.clone(),
            cfg.pc_lease,
            cfg.cuda_visible_devices.clone(),
        )
    });
    std::thread::Builder::new()
        .name("gpu-otel-cupti".into())
        .spawn(move || {
            cupti::mark_collector_thread();
            let r = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                let lease = lease.map(|(dir, cfg, visible)| {
                    let devices = cupti::DriverDevices::new(DEVICE_WAIT, visible);
                    lease::SamplerLease::new(&dir, cfg, devices)
                });
                collect(
                    attached, queue, stats, interval, stop_rx, control, lease, flushing, settler,
                )
            }));
            if r.is_err() {
                cupti::disable();
                crate::log::line(
                    "collector thread panicked; GPU telemetry stops, the application runs on",
                );
            }
        })?;
    Ok(stop_tx)
}

/// Drains completed CUPTI buffers into the queue (each record counted against its
/// launch first), and reads CUPTI's drop counter.
fn drain(
    attached: &Attached,
    names: &mut NameTable,
    queue: &RecordQueue,
    stats: &Stats,
    settler: Option<&mut Settler<'_>>,
) {
    let mut batch = Vec::new();
    let malformed = attached.take_buffers(names, &mut batch);
    if let Some(s) = settler {
        s.records(&mut batch);
    }
    nvtx::link(&mut batch);
    stats.malformed.fetch_add(malformed, Ordering::Relaxed);
    queue.offer(batch);
    // CUPTI's drop count is the process's: while the application's profiler has CUPTI
    // its drops are not ours.
    if handoff::handed_off() {
        return;
    }
    if let Ok(n) = attached.dropped_records() {
        if n > 0 {
            stats.cupti_dropped.fetch_add(n, Ordering::Relaxed);
        }
    }
}

/// A wake-up of the collector for a callback on an application thread: never waits (one
/// that finds the channel full is served at the collector's next period instead).
fn waker(collector: &SyncSender<Control>, what: fn() -> Control) -> Box<dyn Fn() + Send + Sync> {
    let collector = collector.clone();
    Box::new(move || {
        let _ = collector.try_send(what());
    })
}

#[allow(clippy::too_many_arguments)]
fn collect(
    attached: Attached,
    queue: RecordQueue,
    stats: Arc<Stats>,
    interval: Duration,
    stop: Receiver<Control>,
    mut control: Option<ControlFile>,
    mut lease: Option<lease::SamplerLease>,
    mut flushing: Flushing,
    mut settler: Option<Settler<'static>>,
) {
    let mut names = NameTable::default();
    let mut warned = false;
    let mut last_flush = Instant::now();
    loop {
        cupti::collector_at(CollectorStep::Waiting);
        match stop.recv_timeout(interval) {
            // A new context's lease is taken by this period's work, now.
            Err(RecvTimeoutError::Timeout) | Ok(Control::Lease) => {}
            Ok(Control::Nvtx) => {
                cupti::collector_at(CollectorStep::Nvtx);
                nvtx::serve();
                continue;
            }
            Ok(Control::Stop(Stop { deadline, done })) => {
                cupti::collector_at(CollectorStep::Stop);
                if let Err(e) = attached.flush(true) {
                    crate::log::line(&format!("final flush: {e}"));
                }
                drain(&attached, &mut names, &queue, &stats, settler.as_mut());
                if let Some(s) = settler.as_mut() {
                    s.period(now_ns(), true, &stats, &queue);
                }
                let _ = attached.stop();
                let finished = queue.shutdown(deadline);
                let _ = done.send(finished);
                return;
            }
            Err(RecvTimeoutError::Disconnected) => return,
        }
        if cupti::disabled() {
            return;
        }
        // A wake-up that found the channel full is served here, a period late.
        cupti::collector_at(CollectorStep::Nvtx);
        nvtx::serve();
        cupti::collector_at(CollectorStep::Tick);
        if let Some(c) = control.as_mut() {
            c.poll();
        }
        // The sampler lease, a stuck burst, the launch callbacks' gate: before the
        // flush decision, which they change.
        let now = now_ns();
        let grant = lease.as_mut().and_then(|l| l.tick(now));
        if grant.is_some_and(|g| g.permit) {
            // Before any burst can open: the collector's flushes can be held back.
            flushing.by_collector(&attached);
        }
        if pc::tick(now, grant) && !flushing.fixed {
            flushing.by_cupti(&attached);
        }
        if handoff::came_back() {
            flushing.again(&attached);
        }
        if pc::defer_flush(now_ns()) {
            stats.flush_deferred.fetch_add(1, Ordering::Relaxed);
            continue;
        }
        if collector_flush_due(
            flushing.by_cupti,
            handoff::handed_off(),
            last_flush.elapsed(),
        ) {
            // The collector's hold waits out a burst that opened since (`cupti::hold`).
            cupti::collector_at(CollectorStep::Flush);
            let _guard = cupti::hold();
            pc::collector_holds_in_burst();
            last_flush = Instant::now();
            if let Err(e) = attached.flush(false) {
                if !warned {
                    warned = true;
                    crate::log::line(&format!("periodic flush: {e}"));
                }
            }
        }
        cupti::collector_at(CollectorStep::Drain);
        drain(&attached, &mut names, &queue, &stats, settler.as_mut());
        cupti::collector_at(CollectorStep::Settle);
        if let Some(s) = settler.as_mut() {
            s.period(now_ns(), false, &stats, &queue);
        }
        cupti::collector_at(CollectorStep::PcDrain);
        pc::periodic_drain();
    }
}

/// While CUPTI flushes on its period, the collector still flushes this often: CUPTI's
/// period returns full buffers only, so a process that launches little, or one waiting
/// for its GPU's sampler lease, got its records only when a buffer filled, past the launch
/// accounting's settle time, which then reported them missing until they came (H200,
/// 2026-12-05: 3 of 4 processes waiting for the lease sent 1-3 such reports, 750 to 3,402
/// executions, all later counted as late). A tenth as often as the flushing every 100 ms
/// that cost launch-bound programs ~0.2 µs a launch (this rate's own cost not measured).
const BACKSTOP_FLUSH: Duration = Duration::from_secs(1);

/// Whether the collector calls `cuptiActivityFlushAll` this period: every period when it
/// flushes, once per [`BACKSTOP_FLUSH`] when CUPTI flushes on its period, never while the
/// application's profiler has CUPTI (a flush would hand it its own buffers early; ours
/// were flushed when the injector stepped aside).
fn collector_flush_due(by_cupti: bool, handed_off: bool, since_last: Duration) -> bool {
    !handed_off && (!by_cupti || since_last >= BACKSTOP_FLUSH)
}

/// Who flushes CUPTI's activity buffers: CUPTI's own worker every period, which cost
/// launch-bound programs less on the H200 than the collector's `cuptiActivityFlushAll`,
/// or the collector, which can hold its flushes back while a burst is open (a flush
/// during a burst kept the burst from closing). Tier off and a fixed continuous tier
/// always leave it to CUPTI; a serialized process only while no burst is open or can
/// open (waiting for its GPU's sampler lease, refused by graphs, stepped down), with the
/// collector's [`BACKSTOP_FLUSH`] beside it. In the graph launches mode the collector
/// flushes every period.
struct Flushing {
    interval: Duration,
    by_cupti: bool,
    /// Who flushes never changes (a tier that never bursts: CUPTI; the launches mode:
    /// the collector).
    fixed: bool,
    warned: bool,
}

impl Flushing {
    fn by_cupti(&mut self, attached: &Attached) {
        if self.by_cupti {
            return;
        }
        match attached.set_flush_period(Some(self.interval)) {
            Ok(()) => self.by_cupti = true,
            Err(e) => self.warn(&format!(
                "CUPTI flush period not set ({e}); flushing from the collector"
            )),
        }
    }

    /// Sets CUPTI's flush period again when CUPTI flushes (after another client had
    /// CUPTI: it may have changed the period).
    fn again(&mut self, attached: &Attached) {
        if self.by_cupti {
            self.by_cupti = false;
            self.by_cupti(attached);
        }
    }

    fn by_collector(&mut self, attached: &Attached) {
        if !self.by_cupti || self.fixed {
            return;
        }
        self.by_cupti = false;
        if let Err(e) = attached.set_flush_period(None) {
            self.warn(&format!(
                "CUPTI flush period not reset ({e}); CUPTI's worker may flush during bursts"
            ));
        }
    }

    fn warn(&mut self, line: &str) {
        if !self.warned {
            self.warned = true;
            crate::log::line(line);
        }
    }
}

/// The tier control file, read by the collector thread (never the application's):
/// a changed content is a request, carried out at the next fitting launch callback.
struct ControlFile {
    path: std::path::PathBuf,
    last: Option<String>,
}

impl ControlFile {
    fn new(path: std::path::PathBuf) -> Self {
        ControlFile { path, last: None }
    }

    fn poll(&mut self) {
        // A missing or unreadable file asks for nothing.
        let Ok(content) = std::fs::read_to_string(&self.path) else {
            return;
        };
        let content = content.trim().to_string();
        if self.last.as_deref() == Some(content.as_str()) {
            return;
        }
        let result = crate::sampling::switch::parse_request(&content).and_then(pc::request_tier);
        match result {
            Ok(true) => crate::log::line(&format!(
                "tier control file {} asks for {content}; switching at the next kernel launch",
                self.path.display()
            )),
            Ok(false) => {}
            Err(e) => crate::log::line(&format!("{} ({})", e, self.path.display())),
        }
        self.last = Some(content);
    }
}

/// The at-exit work: final forced flush and export, bounded by the exit deadline,
/// then one summary line. Not run in a forked child.
fn at_exit() {
    let Some(running) = RUNNING.get() else {
        return;
    };
    let Some(stop) = running
        .stop
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .take()
    else {
        return;
    };
    // Close an open burst and send the never-again record before the last export; an
    // open profiler hand-off ends here.
    let pc_summary = pc::shutdown(lease::status());
    let handoff_summary = handoff::at_exit();
    let deadline = Instant::now() + running.exit_deadline;
    let (done, wait) = sync_channel(1);
    let finished = stop.send(Control::Stop(Stop { deadline, done })).is_ok()
        && wait
            .recv_timeout(deadline.saturating_duration_since(Instant::now()))
            .unwrap_or(false);
    let tail = if finished {
        ""
    } else {
        " (exit deadline passed before the last export finished)"
    };
    let (refused, context_buffers) = cupti::buffer_stats();
    crate::log::line(&format!(
        "exit: {}; CUPTI buffers refused={refused} (pool full), from context queues={context_buffers}{tail}",
        running.stats.summary()
    ));
    if running.launch_accounting {
        crate::log::line(&format!("exit: {}", running.stats.launches().summary()));
    }
    if let Some(s) = pc_summary {
        crate::log::line(&format!("exit: {s}"));
    }
    if let Some(s) = handoff_summary {
        crate::log::line(&format!("exit: {s}"));
    }
    if let Some(s) = nvtx::summary(&running.stats) {
        crate::log::line(&format!("exit: {s}"));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_collector_flushes_every_period_when_it_owns_flushing_and_once_a_second_beside_cupti() {
        let ms = Duration::from_millis;
        assert!(collector_flush_due(false, false, ms(100)));
        assert!(
            !collector_flush_due(true, false, ms(100)),
            "CUPTI's period flushes"
        );
        assert!(!collector_flush_due(true, false, ms(999)));
        assert!(
            collector_flush_due(true, false, BACKSTOP_FLUSH),
            "CUPTI's period returns full buffers only: the backstop"
        );
    }

    #[test]
    fn the_collector_never_flushes_while_the_applications_profiler_has_cupti() {
        for by_cupti in [false, true] {
            assert!(!collector_flush_due(
                by_cupti,
                true,
                Duration::from_secs(60)
            ));
        }
    }

    fn choice(tier: &str, control_file: bool, asked: Option<EnableMode>) -> EnableMode {
        let cfg = Config {
            pc_sampling: Some(tier.into()),
            pc_control_file: control_file.then(|| "/run/gpu-otel/tier".into()),
            pc_enable: asked,
            ..Config::default()
        };
        TierChoice::of(&cfg).enable
    }

    #[test]
    fn a_fixed_serialized_tier_enables_pc_sampling_under_the_lease_by_default() {
        assert_eq!(choice("serialized", false, None), EnableMode::Lease);
        assert_eq!(
            choice("serialized", false, Some(EnableMode::Context)),
            EnableMode::Context
        );
    }

    #[test]
    fn a_tier_that_cannot_wait_for_a_lease_enables_at_context_creation() {
        for asked in [None, Some(EnableMode::Lease), Some(EnableMode::Context)] {
            assert_eq!(choice("continuous", false, asked), EnableMode::Context);
            assert_eq!(choice("serialized", true, asked), EnableMode::Context);
        }
    }
}
