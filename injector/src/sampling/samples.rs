//! PC samples: one record per PC as CUPTI's drain gives it, summed per execution, and
//! which of them may be joined to one execution at all.

use std::collections::BTreeMap;
use std::sync::Arc;

/// One PC-sampling record (one PC of one function), owned, as decoded from CUPTI's
/// `CUpti_PCSamplingPCData`.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct PcRecord {
    /// Correlation id of the launch (KERNEL_SERIALIZED); 0 in CONTINUOUS mode.
    pub correlation_id: u32,
    /// The function (mangled) the PC belongs to.
    pub function: Arc<str>,
    /// The PC's offset inside the function.
    pub pc_offset: u64,
    /// (stall reason name, samples), only non-zero counts.
    pub stalls: Vec<(Arc<str>, u32)>,
    /// Its cubin, and its source line once resolved (`lines.rs`); left out of a record
    /// dump when unknown (records fed from outside CUPTI), so such dumps read as before.
    #[serde(default, skip_serializing_if = "PcSource::is_unknown")]
    pub source: PcSource,
}

impl PcRecord {
    /// (PC, stall) pairs this record puts on the wire.
    pub fn pairs(&self) -> u64 {
        self.stalls.iter().filter(|(_, n)| *n > 0).count() as u64
    }

    /// Samples in this record.
    pub fn samples(&self) -> u64 {
        self.stalls.iter().map(|(_, n)| u64::from(*n)).sum()
    }
}

/// The PC samples of one execution, by stall reason.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PcSummary {
    /// Samples.
    pub samples: u64,
    /// (stall reason, samples), most frequent first (ties by name).
    pub stalls: Vec<(Arc<str>, u64)>,
}

impl PcSummary {
    /// Adds one PC record.
    pub fn add(&mut self, r: &PcRecord) {
        for (name, n) in &r.stalls {
            let n = u64::from(*n);
            if n == 0 {
                continue;
            }
            self.samples += n;
            match self.stalls.iter_mut().find(|(s, _)| s == name) {
                Some((_, c)) => *c += n,
                None => self.stalls.push((name.clone(), n)),
            }
        }
    }

    /// Orders the stall reasons, most frequent first (ties by name).
    pub(crate) fn sort(&mut self) {
        self.stalls
            .sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
    }
}

/// Most (PC offset, stall reason) pairs one span carries for the receiver's profiles
/// (the hottest ones): a function's span (continuous tier, or a serialized burst of
/// several launches) or one execution's (a one-launch serialized burst). A pair costs
/// about 60 bytes on the wire (a varint offset, a count and a stall-reason name of ~45
/// bytes), so one span stays under ~256 KiB however many PCs a kernel has; the rest are
/// counted (`gpu.pc_sampling.pairs_dropped`).
pub const MAX_PAIRS_PER_SPAN: usize = 4096;

/// The samples of one (PC offset, stall reason) pair.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PcStall {
    /// Offset inside the function.
    pub offset: u64,
    /// The stall reason.
    pub stall: Arc<str>,
    /// Samples with that stall at that offset.
    pub samples: u64,
    /// The offset's source line, when its module carries line information.
    pub line: Option<SourceLine>,
}

/// `pairs` hottest first (ties by offset, then stall), at most [`MAX_PAIRS_PER_SPAN`],
/// and how many the bound left out. Pairs without samples are not pairs.
pub fn hottest_pairs(mut pairs: Vec<PcStall>) -> (Vec<PcStall>, usize) {
    pairs.retain(|p| p.samples > 0);
    pairs.sort_by(|a, b| {
        b.samples
            .cmp(&a.samples)
            .then(a.offset.cmp(&b.offset))
            .then_with(|| a.stall.cmp(&b.stall))
    });
    let dropped = pairs.len().saturating_sub(MAX_PAIRS_PER_SPAN);
    pairs.truncate(MAX_PAIRS_PER_SPAN);
    (pairs, dropped)
}

/// The PC samples of one execution as its span carries them: the sums by stall reason,
/// and every (PC offset, stall reason) pair of the kernel's function, the form the
/// receiver makes profiles of.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ExecutionSamples {
    /// Samples by stall reason (all of the execution's).
    pub summary: PcSummary,
    /// Its pairs, hottest first, at most [`MAX_PAIRS_PER_SPAN`].
    pub pairs: Vec<PcStall>,
    /// Pairs left out of `pairs`: past the bound, or of a function other than the
    /// kernel's (a location must name the function it is in).
    pub pairs_dropped: usize,
}

/// The PC records of one correlation id, summed until its execution leaves.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ExecutionAgg {
    summary: PcSummary,
    /// Samples by (function, PC offset, stall reason).
    pairs: BTreeMap<(Arc<str>, u64, Arc<str>), u64>,
    /// Source lines by (function, PC offset), where known.
    lines: BTreeMap<(Arc<str>, u64), SourceLine>,
}

impl ExecutionAgg {
    /// Adds one PC record.
    pub fn add(&mut self, r: &PcRecord) {
        self.summary.add(r);
        for (stall, n) in r.stalls.iter().filter(|(_, n)| *n > 0) {
            *self
                .pairs
                .entry((r.function.clone(), r.pc_offset, stall.clone()))
                .or_default() += u64::from(*n);
        }
        if let Some(l) = &r.source.line {
            self.lines
                .entry((r.function.clone(), r.pc_offset))
                .or_insert_with(|| l.clone());
        }
    }

    /// (function, PC offset, stall reason) pairs held.
    pub fn pairs(&self) -> usize {
        self.pairs.len()
    }

    /// The samples as the execution of `kernel` (mangled) carries them.
    pub fn finish(self, kernel: &str) -> ExecutionSamples {
        let mut summary = self.summary;
        summary.sort();
        let mut other_function = 0;
        let mut pairs = Vec::with_capacity(self.pairs.len());
        for ((function, offset, stall), samples) in self.pairs {
            if &*function == kernel {
                let line = self.lines.get(&(function, offset)).cloned();
                pairs.push(PcStall {
                    offset,
                    stall,
                    samples,
                    line,
                });
            } else {
                other_function += 1;
            }
        }
        let (pairs, over_bound) = hottest_pairs(pairs);
        ExecutionSamples {
            summary,
            pairs,
            pairs_dropped: over_bound + other_function,
        }
    }
}

/// Clears the correlation id of records that belong to their function, not to one
/// launch, so that nothing joins them to one execution (they go out per function).
/// CONTINUOUS records: after a run-time switch CUPTI left a correlation id on some
/// (H200, 2026-11-29: 141 of 723), which joined millions of samples to one execution.
pub fn per_function(mut records: Vec<PcRecord>) -> Vec<PcRecord> {
    for r in &mut records {
        r.correlation_id = 0;
    }
    records
}

/// The records of one burst's drain, as far as they may be joined to executions:
/// exact only when the burst serialized one launch. With start/stop control the drain
/// after Stop returns one record per PC for all of a burst's launches of a function,
/// under one of their correlation ids (H200, 2026-11-29: 16-launch bursts put their
/// samples on 1 of ~12 executions; a 1 s burst, 411,133 samples on 1 of 1,201).
pub fn burst_records(records: Vec<PcRecord>, launches: u64) -> Vec<PcRecord> {
    if launches > 1 {
        per_function(records)
    } else {
        records
    }
}

/// The source line of one PC.
#[derive(Debug, Clone, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct SourceLine {
    /// The source file: CUPTI's directory joined with its file name (the file name
    /// alone when it is absolute or the directory is empty).
    pub file: Arc<str>,
    /// The line, 1-based.
    pub line: u32,
}

impl SourceLine {
    /// The line CUPTI's correlation gave, from its directory, file name and line.
    /// `None` when it names no file or line 0 (no line table entry).
    pub fn from_parts(dir: &str, file: &str, line: u32) -> Option<SourceLine> {
        if file.is_empty() || line == 0 {
            return None;
        }
        let path = if dir.is_empty() || file.starts_with('/') {
            file.to_owned()
        } else {
            format!("{}/{}", dir.trim_end_matches('/'), file)
        };
        Some(SourceLine {
            file: Arc::from(path),
            line,
        })
    }
}

/// Where a PC record's code lives and, once resolved, its source line.
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(default)]
pub struct PcSource {
    /// The cubin CRC the record carries (`CUpti_PCSamplingPCData.cubinCrc`); 0: unknown.
    pub cubin_crc: u64,
    /// The source line, when the module carries line information.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub line: Option<SourceLine>,
}

impl PcSource {
    /// A record's source before resolution: its cubin CRC.
    pub fn in_cubin(cubin_crc: u64) -> Self {
        PcSource {
            cubin_crc,
            line: None,
        }
    }

    /// Neither a cubin nor a line is known.
    pub fn is_unknown(&self) -> bool {
        self.cubin_crc == 0 && self.line.is_none()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fake::pc_record as pcr;

    fn rec(function: &str, offset: u64, stalls: &[(&str, u32)]) -> PcRecord {
        PcRecord {
            correlation_id: 7,
            function: Arc::from(function),
            pc_offset: offset,
            stalls: stalls.iter().map(|(s, n)| (Arc::from(*s), *n)).collect(),
            source: PcSource::default(),
        }
    }

    #[test]
    fn an_execution_carries_every_pc_stall_pair_of_its_kernel_summed_hottest_first() {
        let mut agg = ExecutionAgg::default();
        agg.add(&rec("_Z1kv", 16, &[("long", 5), ("wait", 2)]));
        agg.add(&rec("_Z1kv", 32, &[("wait", 9), ("none", 0)]));
        // The same PC drained twice: summed into one pair.
        agg.add(&rec("_Z1kv", 16, &[("long", 4)]));
        let got = agg.finish("_Z1kv");
        let pair = |offset, stall: &str, samples| PcStall {
            offset,
            stall: Arc::from(stall),
            samples,
            line: None,
        };
        assert_eq!(
            got.pairs,
            vec![
                pair(16, "long", 9),
                pair(32, "wait", 9),
                pair(16, "wait", 2)
            ]
        );
        assert_eq!(got.pairs_dropped, 0);
        assert_eq!(got.summary.samples, 20);
        assert_eq!(
            got.summary.stalls,
            vec![(Arc::from("wait"), 11), (Arc::from("long"), 9)],
            "the stall sums stay, sorted"
        );
        let paired: u64 = got.pairs.iter().map(|p| p.samples).sum();
        assert_eq!(paired, got.summary.samples, "the pairs hold every sample");
    }

    #[test]
    fn an_execution_s_pairs_carry_their_pc_s_source_line_and_pairs_without_one_stay_as_they_were() {
        let mut agg = ExecutionAgg::default();
        let mut hot = rec("_Z1kv", 16, &[("long", 5)]);
        hot.source.line = Some(SourceLine {
            file: Arc::from("/src/k.cu"),
            line: 9,
        });
        agg.add(&hot);
        agg.add(&rec("_Z1kv", 32, &[("wait", 1)]));
        let got = agg.finish("_Z1kv");
        assert_eq!(got.pairs[0].line, hot.source.line);
        assert_eq!(got.pairs[1].line, None);
        assert_eq!(got.pairs[1].offset, 32);
    }

    #[test]
    fn an_execution_s_pairs_are_bounded_and_pairs_of_another_function_are_counted_not_placed() {
        let mut agg = ExecutionAgg::default();
        for offset in 0..(MAX_PAIRS_PER_SPAN as u64 + 10) {
            agg.add(&rec(
                "_Z1kv",
                offset * 16,
                &[("wait", 1 + (offset % 3) as u32)],
            ));
        }
        agg.add(&rec("_Z5otherv", 0, &[("wait", 1_000)]));
        let got = agg.finish("_Z1kv");
        assert_eq!(got.pairs.len(), MAX_PAIRS_PER_SPAN);
        assert_eq!(got.pairs_dropped, 10 + 1);
        assert!(got.pairs.iter().all(|p| p.samples >= 1));
        assert_eq!(got.pairs[0].samples, 3, "hottest first");
        assert_eq!(
            got.summary.samples,
            (0..MAX_PAIRS_PER_SPAN as u64 + 10)
                .map(|o| 1 + o % 3)
                .sum::<u64>()
                + 1_000,
            "every sample stays in the sums"
        );
    }

    #[test]
    fn only_a_one_launch_burst_keeps_the_correlation_ids_of_its_samples() {
        let recs = || vec![pcr(7, "wait", 3), pcr(9, "selected", 1)];
        let ids = |r: Vec<PcRecord>| r.iter().map(|r| r.correlation_id).collect::<Vec<_>>();
        assert_eq!(ids(burst_records(recs(), 1)), vec![7, 9]);
        assert_eq!(
            ids(burst_records(recs(), 0)),
            vec![7, 9],
            "a burst closed before any exit"
        );
        assert_eq!(ids(burst_records(recs(), 2)), vec![0, 0]);
        assert_eq!(ids(per_function(recs())), vec![0, 0]);
        let kept: u64 = burst_records(recs(), 16).iter().map(PcRecord::pairs).sum();
        assert_eq!(kept, 2, "the samples stay, only the join goes");
    }
}
