//! The injector's accounting: counters shared by the collector, the worker, the
//! sending side and the exit handler, and the exit line made from them. Every kernel
//! record is counted in exactly one place: exported, `queue_full`, `export_failed`
//! (kernel spans) or unexported at exit.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Mutex;

use crate::model::DropCounts;
use crate::record::GraphRecords;
use crate::sampling::cubins::CubinCounts;
use crate::sampling::lines::LineCounts;

/// What one request carries, by kind of span, for the counters.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Counts {
    /// Kernel execution spans.
    pub kernels: u64,
    /// Slice roots.
    pub roots: u64,
    /// Window record carriers, PC-sample spans, tier-switch markers.
    pub sampling: u64,
    /// Window records (span events) among them.
    pub windows: u64,
    /// NVTX range spans.
    pub ranges: u64,
    /// `gpu.kernels.unrecorded` spans.
    pub unrecorded: u64,
    /// Of the kernel spans, `gpu.graph.launch` spans (one graph replay each).
    pub graph_launches: u64,
    /// `gpu.profiler.handoff` spans.
    pub handoffs: u64,
}

impl Counts {
    /// Every span.
    pub fn spans(&self) -> u64 {
        self.kernels + self.roots + self.sampling + self.ranges + self.unrecorded + self.handoffs
    }

    /// Adds another request's counts.
    pub(crate) fn add(&mut self, o: Counts) {
        self.kernels += o.kernels;
        self.roots += o.roots;
        self.sampling += o.sampling;
        self.windows += o.windows;
        self.ranges += o.ranges;
        self.unrecorded += o.unrecorded;
        self.graph_launches += o.graph_launches;
        self.handoffs += o.handoffs;
    }
}

/// Counters shared by the collector, the exporter and the exit handler.
#[derive(Debug, Default)]
pub struct Stats {
    /// What a CUDA-graph replay becomes (`GPU_OTEL_GRAPH_RECORDS`), for the exit line.
    pub graph_records: GraphRecords,
    /// Of the kernel spans exported, `gpu.graph.launch` spans.
    pub graph_launch_spans_exported: AtomicU64,
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
    /// Kernel records that started after PC sampling failed and stepped down (every
    /// one carried, under tier off or as "unknown").
    pub records_after_step_down: AtomicU64,
    /// NVTX events refused at the door (memory budget full, exporter gone).
    pub nvtx_events_dropped: AtomicU64,
    /// NVTX range spans exported successfully.
    pub range_spans_exported: AtomicU64,
    /// NVTX ranges still open at exit (exported, ending at the exit instant).
    pub ranges_unclosed_at_exit: AtomicU64,
    /// NVTX closes and ends whose open never reached the exporter, plus opens refused
    /// because too many ranges were open.
    pub ranges_unmatched: AtomicU64,
    /// Kernel spans made in an application's trace (under its span, or under NVTX
    /// ranges opened under it).
    pub app_kernel_spans: AtomicU64,
    /// NVTX range spans made in an application's trace.
    pub app_range_spans: AtomicU64,
    /// Kernels and ranges launched or opened under an application's span whose context
    /// was no longer known (refused, dropped at the door, or forgotten): the injector's
    /// own traces.
    pub app_context_lost: AtomicU64,
    /// Application contexts refused: too many open at once.
    pub app_contexts_refused: AtomicU64,
    /// PC records refused at the sampling channel's bound (their message went without
    /// them).
    pub sampling_pc_refused: AtomicU64,
    /// Sampling messages refused whole at the channel's bound.
    pub sampling_msgs_refused: AtomicU64,
    /// Window records among them (each a sequence hole the receiver sees).
    pub sampling_windows_refused: AtomicU64,
    /// Launch accounting (see [`crate::launches`]), as of the collector's last period.
    pub launches: Mutex<LaunchCounts>,
    /// Source lines of PC samples and the cubins kept for them, as of the worker's
    /// last sampling message.
    pub lines: Mutex<(LineCounts, CubinCounts)>,
    warned_queue_full: AtomicBool,
    warned_export: AtomicBool,
    warned_sampling: AtomicBool,
}

/// The launch accounting's counters: the collector stores them each period (the
/// sending side adds the spans it exported).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct LaunchCounts {
    /// Kernel executions promised by the launches of settled, countable blocks.
    pub expected: u64,
    /// Records of those blocks (late ones included).
    pub recorded: u64,
    /// Executions reported missing along the way (`gpu.kernels.unrecorded` spans and
    /// the `not_recorded` drop counter).
    pub reported: u64,
    /// Executions missing now (promised minus recorded).
    pub missing: u64,
    /// Records that arrived after their block settled.
    pub late: u64,
    /// Records that could not be checked (their block uncountable, or no launch).
    pub unchecked: u64,
    /// Blocks of 4,096 correlation ids left out for an unknown promise.
    pub uncountable_blocks: u64,
    /// Kernel launches counted.
    pub kernel_launches: u64,
    /// Graph launches of a known kernel count.
    pub graph_launches: u64,
    /// Launches of an unknown count (and launches during a stream capture).
    pub uncountable_launches: u64,
    /// Graph execs known now.
    pub execs_known: u64,
    /// Graph execs the exec table had no room for (their launches are of unknown count).
    pub execs_untracked: u64,
    /// Graph-trace records (`GPU_OTEL_GRAPH_RECORDS=launches`: one per graph replay),
    /// each counted as the kernel nodes its launch promised.
    pub graph_records: u64,
    /// Graph launches of a known count that found no room among those awaiting their
    /// record (their records read as of unknown size).
    pub graph_launches_not_kept: u64,
    /// `gpu.kernels.unrecorded` spans exported.
    pub spans_exported: u64,
    /// Findings that found no room in the memory budget: counted, with no span.
    pub spans_refused: u64,
}

impl LaunchCounts {
    /// The exit line's part.
    pub fn summary(&self) -> String {
        format!(
            "launch accounting: kernel executions expected={} recorded={} not recorded={} (reported along the way={}, in gpu.kernels.unrecorded spans={}, without a span for lack of memory={}), late records={}; launches: kernels={} graphs={} of unknown count={}, records unchecked={} (blocks of unknown count={}); graph execs known={} untracked={}; graph-trace records={} (launches not kept for them={})",
            self.expected,
            self.recorded,
            self.missing,
            self.reported,
            self.spans_exported,
            self.spans_refused,
            self.late,
            self.kernel_launches,
            self.graph_launches,
            self.uncountable_launches,
            self.unchecked,
            self.uncountable_blocks,
            self.execs_known,
            self.execs_untracked,
            self.graph_records,
            self.graph_launches_not_kept,
        )
    }
}

impl Stats {
    /// Counters of a process whose graph replays become `graph_records`.
    pub fn for_graph_records(graph_records: GraphRecords) -> Stats {
        Stats {
            graph_records,
            ..Stats::default()
        }
    }

    /// The launch accounting's counters (never poisoned for good: a panic elsewhere
    /// leaves them readable).
    pub fn launches(&self) -> std::sync::MutexGuard<'_, LaunchCounts> {
        self.launches.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Stores the source lines' counts (the worker, after each sampling message).
    pub fn set_lines(&self, lines: LineCounts, cubins: CubinCounts) {
        *self.lines.lock().unwrap_or_else(|e| e.into_inner()) = (lines, cubins);
    }

    /// The source lines' part of the exit line: empty when no PC was asked and no
    /// cubin offered.
    pub fn lines_summary(&self) -> String {
        let (l, c) = *self.lines.lock().unwrap_or_else(|e| e.into_inner());
        if l == LineCounts::default() && c == CubinCounts::default() {
            return String::new();
        }
        format!(
            "; PC source lines: PCs asked={} with a line={} module without line info={} cubin not kept={} records past the line cache={}; cubins kept={} ({:.1} MiB), not kept (GPU_OTEL_PC_CUBIN_MB)={} ({:.1} MiB)",
            l.asked,
            l.resolved,
            l.no_line_info,
            l.no_cubin,
            l.cache_full,
            c.kept,
            c.kept_bytes as f64 / (1u64 << 20) as f64,
            c.over_bound,
            c.over_bound_bytes as f64 / (1u64 << 20) as f64,
        )
    }

    /// Counts one settled export request.
    pub fn settle(&self, c: Counts, outcome: Result<(), String>) {
        match outcome {
            Ok(()) => {
                self.requests_exported.fetch_add(1, Ordering::Relaxed);
                self.kernel_spans_exported
                    .fetch_add(c.kernels, Ordering::Relaxed);
                self.graph_launch_spans_exported
                    .fetch_add(c.graph_launches, Ordering::Relaxed);
                self.sampling_spans_exported
                    .fetch_add(c.sampling, Ordering::Relaxed);
                self.windows_exported
                    .fetch_add(c.windows, Ordering::Relaxed);
                self.range_spans_exported
                    .fetch_add(c.ranges, Ordering::Relaxed);
                self.root_spans_exported
                    .fetch_add(c.roots, Ordering::Relaxed);
                if c.unrecorded > 0 {
                    self.launches().spans_exported += c.unrecorded;
                }
            }
            Err(e) => {
                self.export_failed.fetch_add(c.spans(), Ordering::Relaxed);
                self.kernel_export_failed
                    .fetch_add(c.kernels, Ordering::Relaxed);
                if !self.warned_export.swap(true, Ordering::Relaxed) {
                    crate::log::line(&format!(
                        "OTLP export failed ({e}); spans dropped (counted; total at exit)"
                    ));
                }
            }
        }
    }

    /// Counts `n` kernel records refused at the door (the memory budget of `limit`
    /// bytes was full, or the worker is gone); the first refusal is logged.
    pub(crate) fn refuse_records(&self, n: u64, limit: u64) {
        self.queue_full.fetch_add(n, Ordering::Relaxed);
        if !self.warned_queue_full.swap(true, Ordering::Relaxed) {
            crate::log::line(&format!(
                "memory budget of {} MiB full: dropping the newest kernel records (counted; total at exit)",
                limit >> 20
            ));
        }
    }

    /// Counts `pc` PC records, and `whole` message if any, refused at the sampling
    /// channel's bound; the first refusal is logged.
    pub(crate) fn refuse_sampling(
        &self,
        pc: u64,
        whole: Option<&crate::sampling::message::SamplingMsg>,
    ) {
        self.sampling_pc_refused.fetch_add(pc, Ordering::Relaxed);
        if let Some(m) = whole {
            self.sampling_msgs_refused.fetch_add(1, Ordering::Relaxed);
            if m.window.is_some() {
                self.sampling_windows_refused
                    .fetch_add(1, Ordering::Relaxed);
            }
        }
        if !self.warned_sampling.swap(true, Ordering::Relaxed) {
            crate::log::line(
                "PC sampling's channel to the exporter is full: refusing PC records first, then whole messages (counted; total at exit)",
            );
        }
    }

    /// The drop counters now.
    pub fn drops(&self) -> DropCounts {
        DropCounts {
            queue_full: self.queue_full.load(Ordering::Relaxed),
            cupti_dropped: self.cupti_dropped.load(Ordering::Relaxed),
            export_failed: self.export_failed.load(Ordering::Relaxed),
            malformed: self.malformed.load(Ordering::Relaxed),
            not_recorded: self.launches().reported,
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
            "{} kernel records, {} kernel spans ({} of them gpu.graph.launch spans, GPU_OTEL_GRAPH_RECORDS={}) and {} trace roots exported; dropped: queue_full={} cupti_dropped={} export_failed={} (kernel spans {}) malformed={} unexported_at_exit={} not_recorded={}",
            self.records.load(Ordering::Relaxed),
            self.kernel_spans_exported.load(Ordering::Relaxed),
            self.graph_launch_spans_exported.load(Ordering::Relaxed),
            self.graph_records.as_str(),
            self.root_spans_exported.load(Ordering::Relaxed),
            d.queue_full,
            d.cupti_dropped,
            d.export_failed,
            self.kernel_export_failed.load(Ordering::Relaxed),
            d.malformed,
            self.unexported(),
            self.launches().missing,
        ) + &format!(
            "; requests={} retries={} memory_budget_peak_mib={:.1}; serialized stamps true={} false={} unknown={} (released unsettled: hold bytes={} hold time={} exit={}); window records exported={}, sampling spans={}; flushes deferred for bursts={}; PC samples not attached (no window)={}; kernel records after a PC sampling step-down={}; PC sampling messages refused at their bound: PC records={} messages={} (window records={})",
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
            self.records_after_step_down.load(Ordering::Relaxed),
            self.sampling_pc_refused.load(Ordering::Relaxed),
            self.sampling_msgs_refused.load(Ordering::Relaxed),
            self.sampling_windows_refused.load(Ordering::Relaxed),
        ) + &self.lines_summary()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_exit_line_says_the_source_lines_and_the_cubins_not_kept_once_there_are_any() {
        let s = Stats::default();
        assert!(
            !s.summary().contains("PC source lines"),
            "nothing asked yet"
        );
        s.set_lines(
            LineCounts {
                asked: 5,
                resolved: 3,
                no_line_info: 1,
                no_cubin: 1,
                cache_full: 0,
            },
            CubinCounts {
                kept: 2,
                kept_bytes: 3 << 20,
                over_bound: 1,
                over_bound_bytes: 1 << 20,
            },
        );
        assert!(s.summary().ends_with(
            "; PC source lines: PCs asked=5 with a line=3 module without line info=1 cubin not kept=1 records past the line cache=0; cubins kept=2 (3.0 MiB), not kept (GPU_OTEL_PC_CUBIN_MB)=1 (1.0 MiB)"
        ));
    }
}
