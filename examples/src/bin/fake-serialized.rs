//! A serialized-tier producer without a GPU: fake kernel records (the injector's
//! `fake` builder) and a scripted burst history go through the injector's real path
//! (window log, records exported the moment they are made, executions held and stamped
//! from the local log, OTLP exporter thread). Only CUPTI is replaced.
//!
//! `fake-serialized --endpoint URL SCENARIO`:
//! - `bursts`: two bursts, kernels inside and between them, a clean shutdown (never-again);
//! - `closed-first`: the same, with each burst's closed record sent before its open one,
//!   as a reordering transport would deliver them;
//! - `killed`: a burst opens, kernels run after it, and the process SIGKILLs itself
//!   mid-burst (its open record, and executions released as "unknown", are already out);
//! - `graph`: a CUDA graph launch is observed: the serialized tier stops for good with a
//!   never-again record, and what follows reads "false";
//! - `switch`: a burst, a run-time switch to continuous (batches from then on declare
//!   `continuous`), a switch back, a second burst, a clean shutdown;
//! - `pc-samples`: a burst of one launch whose PC records carry its correlation id (they
//!   go out on that execution's span), a burst of two launches of another kernel (its
//!   records lose the correlation id, as the runtime's drain does, and go out on a
//!   function span), a clean shutdown. The first kernel's module carries line
//!   information, the second's does not (the fake SASS-to-source correlation,
//!   `FakeSass`). Prints what it sent, one JSON line on stdout: samples per stall
//!   reason, the (function, PC offset) set and each PC's (function, offset, file,
//!   line) (file "" and line 0 without one), per kind.

use std::sync::Arc;
use std::time::{Duration, Instant};

use anyhow::Context as _;
use clap::{Parser, ValueEnum};
use gpu_otel_injector::fake::{FakeKernel, FakeSass};
use gpu_otel_injector::resource::ProcessInfo;
use gpu_otel_injector::sampling::message::{SamplingCounters, SamplingMsg, TierSwitched};
use gpu_otel_injector::sampling::samples::PcSource;
use gpu_otel_injector::sampling::samples::{burst_records, PcRecord};
use gpu_otel_injector::sampling::stamp::StampLimits;
use gpu_otel_injector::sampling::window_log::WindowLog;
use gpu_otel_injector::stats::Stats;
use gpu_otel_injector::worker::{self, RecordQueue, SamplingSender, Settings};
use gpu_otel_injector::KernelRecord;
use semconv::{SamplingMode, Tier};

const MS: u64 = 1_000_000;
const KS: SamplingMode = SamplingMode::KernelSerialized;

#[derive(Debug, Clone, Copy, ValueEnum)]
enum Scenario {
    Bursts,
    ClosedFirst,
    Killed,
    Graph,
    Switch,
    PcSamples,
}

#[derive(Debug, Parser)]
struct Args {
    /// OTLP/gRPC endpoint.
    #[arg(long, default_value = "http://127.0.0.1:4317")]
    endpoint: String,
    /// service.name of the fake process.
    #[arg(long, default_value = "fake-cuda-app")]
    service: String,
    /// Shifts the scenario's timeline later by this many ms, so that concurrent fake
    /// processes burst at different times.
    #[arg(long, default_value_t = 0)]
    offset_ms: u64,
    scenario: Scenario,
}

struct Producer {
    queue: RecordQueue,
    sampling: SamplingSender,
    log: WindowLog,
    counters: SamplingCounters,
    t0: u64,
    corr: u32,
}

impl Producer {
    fn kernel(&mut self, name: &str, start_ms: u64, end_ms: u64) -> KernelRecord {
        self.corr += 1;
        FakeKernel::new(name, self.t0 + start_ms * MS, self.t0 + end_ms * MS)
            .correlation(self.corr)
            .record()
    }

    fn kernels(&mut self, spans: &[(&str, u64, u64)]) {
        let batch = spans
            .iter()
            .map(|(n, s, e)| self.kernel(n, *s, *e))
            .collect();
        self.queue.offer(batch);
    }

    fn send(&self, window: semconv::Window) {
        self.sampling.send(SamplingMsg {
            window: Some(window),
            counters: self.counters,
            ..SamplingMsg::default()
        });
    }

    /// A run-time tier switch at `at_ms`, as the injector's launch callbacks report it.
    fn switch(&mut self, at_ms: u64, from: Tier, to: Tier) {
        self.counters.tier_switches += 1;
        eprintln!("fake-serialized: PC sampling tier switched from {from} to {to}");
        self.sampling.send(SamplingMsg {
            counters: self.counters,
            switch: Some(TierSwitched {
                at_ns: self.t0 + at_ms * MS,
                from,
                to,
                not_running: None,
            }),
            ..SamplingMsg::default()
        });
    }

    /// One burst `[start, end]` ms that serialized `launches` (name, start ms, end ms),
    /// each launch's PC records drawn by [`drawn_records`] under its correlation id, and
    /// the drain after Stop sent with the closed record, as the runtime does (a burst of
    /// several launches loses the ids: `burst_records`). Returns the records sent.
    fn sampled_burst(
        &mut self,
        start_ms: u64,
        end_ms: u64,
        launches: &[(&str, u64, u64)],
    ) -> anyhow::Result<Vec<PcRecord>> {
        self.counters.bursts += 1;
        let open = self.log.open(self.t0 + start_ms * MS, KS).context("open")?;
        self.send(open);
        let mut records = Vec::new();
        let mut batch = Vec::new();
        for (name, s, e) in launches {
            let k = self.kernel(name, *s, *e);
            records.extend(drawn_records(name, k.correlation_id));
            batch.push(k);
        }
        self.queue.offer(batch);
        self.counters.launches_serialized += launches.len() as u64;
        let records = burst_records(records, launches.len() as u64);
        self.counters.pairs += records.iter().map(PcRecord::pairs).sum::<u64>();
        let closed = self
            .log
            .close(self.t0 + end_ms * MS, Some(self.t0 + end_ms * MS))
            .context("close")?
            .context("a burst was open")?;
        self.sampling.send(SamplingMsg {
            pc: records.clone(),
            window: Some(closed),
            counters: self.counters,
            ..SamplingMsg::default()
        });
        Ok(records)
    }

    /// One burst `[start, end]` ms: opened, closed with a quiet tail up to `quiet_until`.
    fn burst(
        &mut self,
        start_ms: u64,
        end_ms: u64,
        quiet_until_ms: u64,
        closed_first: bool,
    ) -> anyhow::Result<()> {
        self.counters.bursts += 1;
        let open = self.log.open(self.t0 + start_ms * MS, KS).context("open")?;
        let closed = self
            .log
            .close(self.t0 + end_ms * MS, Some(self.t0 + quiet_until_ms * MS))
            .context("close")?
            .context("a burst was open")?;
        if closed_first {
            self.send(closed);
            self.send(open);
        } else {
            self.send(open);
            self.send(closed);
        }
        Ok(())
    }
}

/// PC records of one launch of `function`: 96 PCs (past the hot list's 64), one to
/// three stall reasons each, counts drawn by a fixed recurrence (not a GPU's), in the
/// module with line information when the function is [`WITH_LINES`].
fn drawn_records(function: &str, correlation_id: u32) -> Vec<PcRecord> {
    let crc = if function == WITH_LINES {
        FakeSass::WITH_LINES
    } else {
        FakeSass::WITHOUT_LINES
    };
    const STALLS: [&str; 4] = [
        "smsp__pcsamp_warps_issue_stalled_long_scoreboard",
        "smsp__pcsamp_warps_issue_stalled_wait",
        "smsp__pcsamp_warps_issue_stalled_selected",
        "smsp__pcsamp_warps_issue_stalled_not_selected",
    ];
    let mut x = u64::from(correlation_id).wrapping_mul(0x9E37_79B9) | 1;
    let mut next = || {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x
    };
    (0..96u64)
        .map(|i| {
            let n = 1 + (next() % 3) as usize;
            let first = (next() % 4) as usize;
            PcRecord {
                correlation_id,
                function: Arc::from(function),
                pc_offset: i * 16,
                stalls: (0..n)
                    .map(|j| {
                        (
                            Arc::from(STALLS[(first + j) % 4]),
                            1 + (next() % 2_000) as u32,
                        )
                    })
                    .collect(),
                source: PcSource::in_cubin(crc),
            }
        })
        .collect()
}

/// What a scenario sent as PC samples, for the tests to hold the profiles and the
/// report to: per kind (`execution`: on a kernel span; `function`: on a function span),
/// the samples per stall reason and the (function, PC offset) pairs; and under
/// `functions`, the samples per stall reason of each function (mangled).
/// The kernel whose module carries line information.
const WITH_LINES: &str = "_Z6insidev";

fn sent_json(kinds: &[(&str, &[PcRecord])]) -> serde_json::Value {
    use std::collections::{BTreeMap, BTreeSet};
    let mut out = serde_json::Map::new();
    let mut functions = BTreeMap::<String, BTreeMap<String, u64>>::new();
    for (kind, records) in kinds {
        let mut totals = BTreeMap::<String, u64>::new();
        let mut pcs = BTreeSet::new();
        let mut lines = BTreeSet::new();
        for r in *records {
            for (stall, n) in &r.stalls {
                *totals.entry(stall.to_string()).or_default() += u64::from(*n);
                *functions
                    .entry(r.function.to_string())
                    .or_default()
                    .entry(stall.to_string())
                    .or_default() += u64::from(*n);
            }
            pcs.insert((r.function.to_string(), r.pc_offset));
            let (file, line) = if &*r.function == WITH_LINES {
                let l = FakeSass::line(&r.function, r.pc_offset);
                (l.file.to_string(), l.line)
            } else {
                (String::new(), 0)
            };
            lines.insert((r.function.to_string(), r.pc_offset, file, line));
        }
        out.insert(
            kind.to_string(),
            serde_json::json!({"totals": totals, "pcs": pcs, "lines": lines}),
        );
    }
    out.insert("functions".into(), serde_json::json!(functions));
    serde_json::Value::Object(out)
}

fn main() -> anyhow::Result<()> {
    let args = Args::parse();
    let process = ProcessInfo::current();
    let extra = std::env::var("OTEL_RESOURCE_ATTRIBUTES").ok();
    let hold_ms = if matches!(args.scenario, Scenario::Killed) {
        200
    } else {
        5_000
    };
    let settings = Settings {
        stamp_limits: StampLimits {
            hold_ns: hold_ms * MS,
            ..StampLimits::default()
        },
        // CUPTI's SASS-to-source correlation, faked.
        lines: Some(Box::new(FakeSass::default())),
        ..Settings::for_process(
            &process,
            Some(&args.service),
            extra.as_deref(),
            Tier::Serialized,
        )
    };
    let stats = Arc::new(Stats::default());
    let (queue, handle) = worker::spawn_grpc(settings, stats.clone(), args.endpoint.clone())?;
    let now = gpu_otel_injector::clock::now_ns();
    let mut p = Producer {
        sampling: queue.sampling_sender(),
        queue,
        log: WindowLog::new(),
        counters: SamplingCounters::default(),
        t0: now - 10_000 * MS + args.offset_ms * MS,
        corr: 0,
    };

    match args.scenario {
        Scenario::Bursts | Scenario::ClosedFirst => {
            let reorder = matches!(args.scenario, Scenario::ClosedFirst);
            p.burst(1_000, 1_050, 1_050, reorder)?;
            p.burst(3_000, 3_050, 3_050, reorder)?;
            p.kernels(&[
                ("_Z6insidev", 1_010, 1_020),
                ("_Z7betweenv", 2_000, 2_100),
                ("_Z8straddlev", 2_990, 3_010),
            ]);
            let last = p
                .log
                .never_again(p.t0 + 4_000 * MS, KS)
                .context("never again")?;
            p.send(last);
            p.kernels(&[("_Z5afterv", 5_000, 5_100)]);
        }
        Scenario::Killed => {
            p.burst(1_000, 1_050, 1_050, false)?;
            p.kernels(&[("_Z7betweenv", 2_000, 2_100)]);
            p.counters.bursts += 1;
            let open = p.log.open(p.t0 + 3_000 * MS, KS).context("open")?;
            p.send(open);
            p.kernels(&[("_Z6insidev", 3_010, 3_020), ("_Z5afterv", 4_000, 4_100)]);
            // Let the open record and the released executions leave, then die mid-burst.
            std::thread::sleep(Duration::from_millis(1_500));
            eprintln!("fake-serialized: SIGKILL mid-burst; {}", stats.summary());
            let pid = std::process::id().to_string();
            std::process::Command::new("kill")
                .args(["-KILL", &pid])
                .status()?;
            std::thread::sleep(Duration::from_secs(5));
            anyhow::bail!("still alive after SIGKILL");
        }
        Scenario::Graph => {
            p.burst(1_000, 1_050, 1_050, false)?;
            p.kernels(&[("_Z6insidev", 1_010, 1_020), ("_Z7betweenv", 2_000, 2_100)]);
            // A graph launch at 2.5 s: refused for good, loudly, with a never-again record.
            eprintln!("fake-serialized: CUDA graph launch observed; the serialized tier stops for good (never-again record)");
            p.counters.graph_refusals += 1;
            let last = p
                .log
                .never_again(p.t0 + 2_500 * MS, KS)
                .context("never again")?;
            p.send(last);
            p.kernels(&[
                ("_Z10graph_nodev", 3_000, 3_100),
                ("_Z10graph_nodev", 3_100, 3_200),
            ]);
        }
        Scenario::Switch => {
            p.burst(1_000, 1_050, 1_050, false)?;
            p.kernels(&[("_Z6insidev", 1_010, 1_020)]);
            p.switch(2_000, Tier::Serialized, Tier::Continuous);
            p.kernels(&[("_Z10continuousv", 2_100, 2_200)]);
            p.switch(3_000, Tier::Continuous, Tier::Serialized);
            p.burst(3_100, 3_150, 3_150, false)?;
            p.kernels(&[("_Z7inside2v", 3_110, 3_120)]);
            let last = p
                .log
                .never_again(p.t0 + 4_000 * MS, KS)
                .context("never again")?;
            p.send(last);
        }
        Scenario::PcSamples => {
            let one = p.sampled_burst(1_000, 1_050, &[("_Z6insidev", 1_010, 1_020)])?;
            p.kernels(&[("_Z7betweenv", 2_000, 2_100)]);
            let two = p.sampled_burst(
                3_000,
                3_050,
                &[("_Z4spinPfi", 3_005, 3_010), ("_Z4spinPfi", 3_020, 3_030)],
            )?;
            let last = p
                .log
                .never_again(p.t0 + 4_000 * MS, KS)
                .context("never again")?;
            p.send(last);
            println!("{}", sent_json(&[("execution", &one), ("function", &two)]));
        }
    }
    p.queue.shutdown(Instant::now() + Duration::from_secs(10));
    drop(p);
    let _ = handle.join();
    println!("fake-serialized: {}", stats.summary());
    Ok(())
}
