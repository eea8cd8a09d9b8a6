//! The record dump (`GPU_OTEL_RECORD_DUMP`): every message the worker received, one
//! JSON line each, in the order it received them, so that a capture of a real run
//! replays through the same path (kernels, PC samples, windows, tier switches, NVTX).
//! The format is read back by replays and tests; the writer runs on the worker's
//! thread, never the application's.

use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::Path;

use opentelemetry_proto::tonic::common::v1::KeyValue;

use crate::record::KernelRecord;
use crate::sampling::message::{
    Failure, OffReason, SamplingCounters, SamplingMsg, StepDown, TierSwitched,
};
use crate::sampling::samples::PcRecord;

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
    /// A switch to off although another tier was configured: (that tier, why).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub not_running: Option<(String, String)>,
    /// A failed session's step-down: (instant, what failed).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub step_down: Option<(u64, String)>,
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
            not_running: m
                .switch
                .and_then(|s| s.not_running)
                .map(|(t, why)| (t.as_str().into(), why.as_str().into())),
            step_down: m.step_down.map(|d| (d.at_ns, d.failure.as_str().into())),
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
        let tier = |t: &str| {
            t.parse()
                .map_err(|e: semconv::tier::ParseTierError| e.to_string())
        };
        let not_running = match &self.not_running {
            Some((t, why)) => Some((
                tier(t)?,
                OffReason::parse(why).ok_or_else(|| format!("unknown off reason {why:?}"))?,
            )),
            None => None,
        };
        let switch = match &self.switch {
            Some((at, from, to)) => Some(TierSwitched {
                at_ns: mv(*at),
                from: tier(from)?,
                to: tier(to)?,
                not_running,
            }),
            None => None,
        };
        let step_down = match &self.step_down {
            Some((at, f)) => Some(StepDown {
                at_ns: mv(*at),
                failure: Failure::parse(f).ok_or_else(|| format!("unknown failure {f:?}"))?,
            }),
            None => None,
        };
        Ok(SamplingMsg {
            pc: self.pc.clone(),
            window,
            counters: self.counters,
            switch,
            step_down,
        })
    }
}

/// The dump file being written.
#[derive(Debug)]
pub struct Dump {
    out: BufWriter<File>,
}

impl Dump {
    /// Creates the file; `None`, with one log line, when it cannot be written.
    pub fn create(path: &Path) -> Option<Self> {
        match File::create(path) {
            Ok(f) => Some(Dump {
                out: BufWriter::new(f),
            }),
            Err(e) => {
                crate::log::line(&format!("cannot write records to {}: {e}", path.display()));
                None
            }
        }
    }

    /// Kernel records, one line each.
    pub fn records(&mut self, batch: &[KernelRecord]) {
        for r in batch {
            if let Ok(line) = serde_json::to_string(r) {
                let _ = writeln!(self.out, "{line}");
            }
        }
    }

    /// A sampling message.
    pub fn sampling(&mut self, m: &SamplingMsg) {
        self.line(&DumpLine::Sampling {
            sampling: SamplingDump::from(m),
        });
    }

    /// An NVTX event.
    pub fn nvtx(&mut self, e: &crate::nvtx::Event) {
        self.line(&DumpLine::Nvtx { nvtx: e.clone() });
    }

    /// Writes what is buffered: a capture of a process that is killed keeps all but
    /// its last moments.
    pub fn flush(&mut self) {
        let _ = self.out.flush();
    }

    fn line(&mut self, line: &DumpLine) {
        if let Ok(text) = serde_json::to_string(line) {
            let _ = writeln!(self.out, "{text}");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fake::FakeKernel;
    use semconv::{QuietTail, SamplingMode, Tier, Window};

    #[test]
    fn a_dump_replays_the_messages_it_recorded_moved_in_time() {
        let w = Window::closed(1_000, 2_000, 3, SamplingMode::KernelSerialized)
            .with_quiet_tail(QuietTail::For(500));
        let plain = PcRecord {
            correlation_id: 9,
            function: "_Z1kv".into(),
            pc_offset: 64,
            stalls: vec![("smsp__pcsamp_warps_issue_stalled_wait".into(), 4)],
            source: Default::default(),
        };
        // A record whose line the worker resolved: the replay carries the line.
        let with_line = PcRecord {
            pc_offset: 80,
            source: crate::sampling::samples::PcSource {
                cubin_crc: 0x11e5,
                line: Some(crate::sampling::samples::SourceLine {
                    file: "/src/k.cu".into(),
                    line: 12,
                }),
            },
            ..plain.clone()
        };
        let msg = SamplingMsg {
            pc: vec![plain, with_line],
            window: Some(w),
            counters: SamplingCounters {
                bursts: 3,
                ..SamplingCounters::default()
            },
            switch: Some(TierSwitched {
                at_ns: 5_000,
                from: Tier::Serialized,
                to: Tier::Off,
                not_running: Some((Tier::Serialized, OffReason::SamplingFailed)),
            }),
            step_down: Some(StepDown {
                at_ns: 4_000,
                failure: Failure::BurstStuck,
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
            back.switch,
            msg.switch.map(|s| TierSwitched { at_ns: 5_100, ..s })
        );
        assert_eq!(
            back.step_down,
            Some(StepDown {
                at_ns: 4_100,
                failure: Failure::BurstStuck
            })
        );
    }

    #[test]
    fn a_record_line_of_an_older_capture_still_reads_as_a_record() {
        let r = FakeKernel::new("_Z1kv", 1, 2).record();
        let line = serde_json::to_string(&r).unwrap();
        assert!(matches!(serde_json::from_str(&line).unwrap(), DumpLine::Record(x) if x == r));
    }
}
