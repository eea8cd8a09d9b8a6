//! CONTINUOUS-tier samples, aggregated per kernel function for one drain period.
//! Pure. CONTINUOUS records carry no correlation id (on the H200, 100% of them read 0), so the
//! samples belong to the function, not to an execution. Each function becomes one
//! span (`gpu.pc_samples`, named after the demangled function) whose attributes a
//! person reads as a small table in any trace backend: stall reasons with their
//! counts, and the hottest PC offsets with their counts and top stall reason.

use std::collections::BTreeMap;
use std::sync::Arc;

use super::samples::SourceLine;
use super::samples::{hottest_pairs, PcRecord, PcSummary};
pub use super::samples::{PcStall, MAX_PAIRS_PER_SPAN as MAX_PAIRS_PER_FUNCTION};

/// Most PC offsets listed per function span (the hottest ones), for a person
/// reading the span in a trace backend.
pub const MAX_PCS_PER_FUNCTION: usize = 64;

/// One PC offset of a function.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PcLine {
    /// Offset inside the function.
    pub offset: u64,
    /// Samples at it.
    pub samples: u64,
    /// Its most frequent stall reason.
    pub top_stall: Arc<str>,
}

/// The samples of one function over one period.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FunctionSamples {
    /// The function (mangled).
    pub function: Arc<str>,
    /// All samples of the function, by stall reason, most frequent first.
    pub summary: PcSummary,
    /// The hottest PCs, most sampled first (ties by offset), at most
    /// [`MAX_PCS_PER_FUNCTION`].
    pub pcs: Vec<PcLine>,
    /// PCs sampled in all (also those past the list's bound).
    pub distinct_pcs: usize,
    /// Every (PC offset, stall reason) pair with samples, hottest first (ties by
    /// offset, then stall), at most [`MAX_PAIRS_PER_FUNCTION`].
    pub pairs: Vec<PcStall>,
    /// Pairs left out of `pairs` by its bound.
    pub pairs_dropped: usize,
}

/// Aggregates records until [`ContinuousAgg::take`].
#[derive(Debug, Default)]
pub struct ContinuousAgg {
    by_function: BTreeMap<Arc<str>, BTreeMap<u64, PcSummary>>,
    /// Source lines by (function, PC offset), where known.
    lines: BTreeMap<(Arc<str>, u64), SourceLine>,
}

impl ContinuousAgg {
    /// Adds records.
    pub fn add(&mut self, records: &[PcRecord]) {
        for r in records {
            self.by_function
                .entry(r.function.clone())
                .or_default()
                .entry(r.pc_offset)
                .or_default()
                .add(r);
            if let Some(l) = &r.source.line {
                self.lines
                    .entry((r.function.clone(), r.pc_offset))
                    .or_insert_with(|| l.clone());
            }
        }
    }

    /// Whether nothing is held.
    pub fn is_empty(&self) -> bool {
        self.by_function.is_empty()
    }

    /// The period's functions, in name order; empties the aggregate.
    pub fn take(&mut self) -> Vec<FunctionSamples> {
        let mut lines = std::mem::take(&mut self.lines);
        std::mem::take(&mut self.by_function)
            .into_iter()
            .map(|(function, pcs)| {
                let mut summary = PcSummary::default();
                let mut hot = Vec::with_capacity(pcs.len());
                let mut pairs = Vec::new();
                for (offset, mut pc) in pcs {
                    let line = lines.remove(&(function.clone(), offset));
                    for (name, n) in &pc.stalls {
                        if *n > 0 {
                            pairs.push(PcStall {
                                offset,
                                stall: name.clone(),
                                samples: *n,
                                line: line.clone(),
                            });
                        }
                        summary.samples += n;
                        match summary.stalls.iter_mut().find(|(s, _)| s == name) {
                            Some((_, c)) => *c += n,
                            None => summary.stalls.push((name.clone(), *n)),
                        }
                    }
                    pc.stalls
                        .sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
                    if let Some((top, _)) = pc.stalls.first() {
                        hot.push(PcLine {
                            offset,
                            samples: pc.samples,
                            top_stall: top.clone(),
                        });
                    }
                }
                summary
                    .stalls
                    .sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
                hot.sort_by(|a, b| b.samples.cmp(&a.samples).then(a.offset.cmp(&b.offset)));
                let distinct_pcs = hot.len();
                hot.truncate(MAX_PCS_PER_FUNCTION);
                let (pairs, pairs_dropped) = hottest_pairs(pairs);
                FunctionSamples {
                    function,
                    summary,
                    pcs: hot,
                    distinct_pcs,
                    pairs,
                    pairs_dropped,
                }
            })
            .filter(|f| f.summary.samples > 0)
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rec(f: &str, off: u64, stalls: &[(&str, u32)]) -> PcRecord {
        PcRecord {
            correlation_id: 0,
            function: Arc::from(f),
            pc_offset: off,
            stalls: stalls.iter().map(|(s, n)| (Arc::from(*s), *n)).collect(),
            source: Default::default(),
        }
    }

    #[test]
    fn a_function_s_pairs_carry_the_source_line_of_their_pc_where_known_and_none_elsewhere() {
        let mut agg = ContinuousAgg::default();
        let mut with_line = rec("_Z1fv", 16, &[("wait", 5), ("selected", 1)]);
        with_line.source.line = Some(SourceLine {
            file: Arc::from("/src/k.cu"),
            line: 42,
        });
        agg.add(&[with_line, rec("_Z1fv", 32, &[("wait", 2)])]);
        let out = agg.take();
        let lines: Vec<_> = out[0]
            .pairs
            .iter()
            .map(|p| (p.offset, p.line.as_ref().map(|l| (&*l.file, l.line))))
            .collect();
        assert_eq!(
            lines,
            vec![
                (16, Some(("/src/k.cu", 42))),
                (32, None),
                (16, Some(("/src/k.cu", 42)))
            ]
        );
        agg.add(&[rec("_Z1fv", 16, &[("wait", 1)])]);
        assert_eq!(
            agg.take()[0].pairs[0].line,
            None,
            "a period forgets the last one's lines"
        );
    }

    #[test]
    fn samples_are_grouped_per_function_with_stalls_and_hottest_pcs_first() {
        let mut agg = ContinuousAgg::default();
        agg.add(&[
            rec("_Z1fv", 16, &[("long_scoreboard", 5), ("selected", 1)]),
            rec("_Z1fv", 32, &[("selected", 9)]),
            rec("_Z1gv", 8, &[("wait", 2)]),
            rec("_Z1fv", 16, &[("long_scoreboard", 1)]),
            rec("_Z1hv", 8, &[("wait", 0)]),
        ]);
        let out = agg.take();
        assert!(agg.is_empty());
        assert_eq!(out.len(), 2, "a function with only zero counts is left out");
        let f = &out[0];
        assert_eq!(&*f.function, "_Z1fv");
        assert_eq!(f.summary.samples, 16);
        assert_eq!(
            f.summary.stalls,
            vec![
                (Arc::from("selected"), 10),
                (Arc::from("long_scoreboard"), 6)
            ]
        );
        assert_eq!(
            f.pcs,
            vec![
                PcLine {
                    offset: 32,
                    samples: 9,
                    top_stall: Arc::from("selected")
                },
                PcLine {
                    offset: 16,
                    samples: 7,
                    top_stall: Arc::from("long_scoreboard")
                },
            ]
        );
        assert_eq!(f.distinct_pcs, 2);
        assert_eq!(
            f.pairs
                .iter()
                .map(|p| (p.offset, &*p.stall, p.samples))
                .collect::<Vec<_>>(),
            vec![
                (32, "selected", 9),
                (16, "long_scoreboard", 6),
                (16, "selected", 1)
            ],
            "every (PC, stall) pair with samples, hottest first"
        );
        assert_eq!(f.pairs_dropped, 0);
    }

    #[test]
    fn the_pairs_keep_every_pc_past_the_hot_list_and_count_what_their_bound_drops() {
        let mut agg = ContinuousAgg::default();
        let n = MAX_PAIRS_PER_FUNCTION as u64 + 10;
        let recs: Vec<_> = (0..n)
            .map(|i| rec("_Z1fv", i * 16, &[("s", 1 + i as u32)]))
            .collect();
        agg.add(&recs);
        let out = agg.take();
        assert_eq!(out[0].pcs.len(), MAX_PCS_PER_FUNCTION);
        assert_eq!(out[0].pairs.len(), MAX_PAIRS_PER_FUNCTION);
        assert_eq!(out[0].pairs_dropped, 10);
        assert_eq!(out[0].pairs[0].offset, (n - 1) * 16, "the hottest are kept");
    }

    #[test]
    fn the_pc_list_is_bounded() {
        let mut agg = ContinuousAgg::default();
        let recs: Vec<_> = (0..200)
            .map(|i| rec("_Z1fv", i * 16, &[("s", 1 + i as u32)]))
            .collect();
        agg.add(&recs);
        let out = agg.take();
        assert_eq!(out[0].pcs.len(), MAX_PCS_PER_FUNCTION);
        assert_eq!(out[0].distinct_pcs, 200);
        assert_eq!(out[0].pcs[0].offset, 199 * 16);
    }
}
