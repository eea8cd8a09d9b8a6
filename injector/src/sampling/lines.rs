//! Source lines of sampled PCs: each distinct (cubin CRC, function, PC offset) is
//! asked of CUPTI's SASS-to-source correlation once, and the answer (a line, or none)
//! is cached under a bound. Pure: the correlation itself is a [`SassSource`], CUPTI's
//! in `cupti/sass.rs`, a table in tests.
//!
//! A module built without `-lineinfo` has no line table: its PCs get no line, and that
//! is counted (`no_line_info`), not an error. So is a PC whose cubin was not kept (the
//! cubin store's byte bound, `no_cubin`) and one left unasked because the cache is full
//! (`cache_full`, counted per record).

use std::collections::HashMap;
use std::sync::Arc;

use super::samples::{PcRecord, SourceLine};

/// What the SASS-to-source correlation says of one PC.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Correlation {
    /// Its source line.
    Line(SourceLine),
    /// The module has no line information (built without `-lineinfo` or `-G`), or
    /// the correlation failed for this PC.
    NoLineInfo,
    /// The cubin of that CRC was not kept.
    NoCubin,
}

/// The SASS-to-source correlation of a PC (CUPTI's, or a table in tests).
pub trait SassSource: Send + std::fmt::Debug {
    /// The source line of `pc_offset` in `function` (mangled) of the cubin `crc`.
    fn correlate(&mut self, crc: u64, function: &str, pc_offset: u64) -> Correlation;
    /// The cubin store's counts, for the exit line.
    fn cubins(&self) -> super::cubins::CubinCounts;
}

/// Most (cubin CRC, function, PC offset) answers kept: far more PCs than a process's
/// hot kernels have (a key and its line cost ~100 bytes: ~6 MiB in all).
pub const LINE_CACHE_ENTRIES_DEFAULT: usize = 65_536;

/// How the PCs' lines went.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct LineCounts {
    /// Distinct PCs asked of the correlation.
    pub asked: u64,
    /// Of those, PCs that got a line.
    pub resolved: u64,
    /// PCs whose module carries no line information.
    pub no_line_info: u64,
    /// PCs whose cubin was not kept (the cubin store's bound).
    pub no_cubin: u64,
    /// Records left without a line because the cache was full.
    pub cache_full: u64,
}

type Key = (u64, Arc<str>, u64);

/// The answers so far, at most `max_entries`.
#[derive(Debug)]
pub struct LineCache {
    answers: HashMap<Key, Option<SourceLine>>,
    max_entries: usize,
    counts: LineCounts,
}

impl Default for LineCache {
    fn default() -> Self {
        LineCache::new(LINE_CACHE_ENTRIES_DEFAULT)
    }
}

impl LineCache {
    /// An empty cache of at most `max_entries` answers.
    pub fn new(max_entries: usize) -> Self {
        LineCache {
            answers: HashMap::new(),
            max_entries,
            counts: LineCounts::default(),
        }
    }

    /// Gives each record its source line, asking `src` only for PCs not asked before.
    /// Records without a cubin CRC (fed from outside CUPTI, or already resolved) are
    /// left as they are.
    pub fn annotate(&mut self, records: &mut [PcRecord], src: &mut dyn SassSource) {
        for r in records {
            if r.source.cubin_crc == 0 || r.source.line.is_some() {
                continue;
            }
            let key = (r.source.cubin_crc, r.function.clone(), r.pc_offset);
            if let Some(answer) = self.answers.get(&key) {
                r.source.line = answer.clone();
                continue;
            }
            if self.answers.len() >= self.max_entries {
                self.counts.cache_full += 1;
                continue;
            }
            self.counts.asked += 1;
            let answer = match src.correlate(key.0, &key.1, key.2) {
                Correlation::Line(l) => {
                    self.counts.resolved += 1;
                    Some(l)
                }
                Correlation::NoLineInfo => {
                    self.counts.no_line_info += 1;
                    None
                }
                Correlation::NoCubin => {
                    self.counts.no_cubin += 1;
                    None
                }
            };
            r.source.line = answer.clone();
            self.answers.insert(key, answer);
        }
    }

    /// How the lines went so far.
    pub fn counts(&self) -> LineCounts {
        self.counts
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sampling::cubins::CubinCounts;
    use crate::sampling::samples::PcSource;

    /// A correlation from a table: (crc, function, offset) → line; a CRC in
    /// `no_lines` is a module built without line information; any other is not kept.
    #[derive(Debug, Default)]
    struct Table {
        lines: HashMap<(u64, String, u64), SourceLine>,
        no_lines: Vec<u64>,
        asked: Vec<(u64, String, u64)>,
    }

    impl SassSource for Table {
        fn correlate(&mut self, crc: u64, function: &str, pc_offset: u64) -> Correlation {
            let key = (crc, function.to_owned(), pc_offset);
            self.asked.push(key.clone());
            if let Some(l) = self.lines.get(&key) {
                Correlation::Line(l.clone())
            } else if self.no_lines.contains(&crc) {
                Correlation::NoLineInfo
            } else {
                Correlation::NoCubin
            }
        }
        fn cubins(&self) -> CubinCounts {
            CubinCounts::default()
        }
    }

    fn rec(crc: u64, function: &str, offset: u64) -> PcRecord {
        PcRecord {
            correlation_id: 0,
            function: Arc::from(function),
            pc_offset: offset,
            stalls: vec![(Arc::from("wait"), 1)],
            source: PcSource::in_cubin(crc),
        }
    }

    fn line(file: &str, n: u32) -> SourceLine {
        SourceLine {
            file: Arc::from(file),
            line: n,
        }
    }

    #[test]
    fn each_cubin_function_and_offset_is_resolved_once_and_its_line_reused() {
        let mut t = Table::default();
        t.lines
            .insert((9, "_Z1kv".into(), 16), line("/src/k.cu", 12));
        t.lines
            .insert((9, "_Z1kv".into(), 32), line("/src/k.cu", 13));
        let mut cache = LineCache::default();
        let mut first = vec![
            rec(9, "_Z1kv", 16),
            rec(9, "_Z1kv", 32),
            rec(9, "_Z1kv", 16),
        ];
        cache.annotate(&mut first, &mut t);
        let mut later = vec![rec(9, "_Z1kv", 32), rec(9, "_Z1kv", 16)];
        cache.annotate(&mut later, &mut t);
        assert_eq!(t.asked.len(), 2, "two distinct PCs, asked once each");
        let lines = |rs: &[PcRecord]| {
            rs.iter()
                .map(|r| r.source.line.as_ref().map(|l| l.line))
                .collect::<Vec<_>>()
        };
        assert_eq!(lines(&first), vec![Some(12), Some(13), Some(12)]);
        assert_eq!(lines(&later), vec![Some(13), Some(12)]);
        assert_eq!(cache.counts().resolved, 2);
    }

    #[test]
    fn a_module_without_line_info_gives_no_line_and_is_counted_once_per_pc() {
        let mut t = Table {
            no_lines: vec![5],
            ..Table::default()
        };
        let mut cache = LineCache::default();
        let mut recs = vec![
            rec(5, "_Z1kv", 16),
            rec(5, "_Z1kv", 16),
            rec(5, "_Z1kv", 48),
        ];
        cache.annotate(&mut recs, &mut t);
        assert!(recs.iter().all(|r| r.source.line.is_none()));
        assert_eq!(
            cache.counts(),
            LineCounts {
                asked: 2,
                no_line_info: 2,
                ..LineCounts::default()
            }
        );
        cache.annotate(&mut recs, &mut t);
        assert_eq!(t.asked.len(), 2, "the absence is cached too");
    }

    #[test]
    fn a_pc_whose_cubin_was_not_kept_is_counted_apart_from_missing_line_info() {
        let mut cache = LineCache::default();
        let mut recs = vec![rec(77, "_Z1kv", 16)];
        cache.annotate(&mut recs, &mut Table::default());
        assert_eq!(recs[0].source.line, None);
        assert_eq!(cache.counts().no_cubin, 1);
        assert_eq!(cache.counts().no_line_info, 0);
    }

    #[test]
    fn records_without_a_cubin_crc_are_left_unchanged_and_unasked() {
        let mut t = Table::default();
        let mut recs = vec![rec(0, "_Z1kv", 16)];
        let before = recs.clone();
        LineCache::default().annotate(&mut recs, &mut t);
        assert_eq!(recs, before);
        assert!(t.asked.is_empty());
    }

    #[test]
    fn a_full_cache_asks_no_more_and_counts_the_records_left_without_a_line() {
        let mut t = Table::default();
        t.lines.insert((9, "_Z1kv".into(), 16), line("k.cu", 1));
        t.lines.insert((9, "_Z1kv".into(), 32), line("k.cu", 2));
        let mut cache = LineCache::new(1);
        let mut recs = vec![
            rec(9, "_Z1kv", 16),
            rec(9, "_Z1kv", 32),
            rec(9, "_Z1kv", 16),
        ];
        cache.annotate(&mut recs, &mut t);
        assert_eq!(t.asked.len(), 1);
        assert_eq!(recs[0].source.line.as_ref().map(|l| l.line), Some(1));
        assert_eq!(recs[1].source.line, None);
        assert_eq!(
            recs[2].source.line.as_ref().map(|l| l.line),
            Some(1),
            "cached"
        );
        assert_eq!(cache.counts().cache_full, 1);
    }

    fn array(
        attrs: &[opentelemetry_proto::tonic::common::v1::KeyValue],
        key: &str,
    ) -> Option<Vec<opentelemetry_proto::tonic::common::v1::any_value::Value>> {
        use opentelemetry_proto::tonic::common::v1::any_value::Value;
        match semconv::otlp::find(attrs, key).and_then(|v| v.value.clone()) {
            Some(Value::ArrayValue(a)) => {
                Some(a.values.into_iter().filter_map(|v| v.value).collect())
            }
            _ => None,
        }
    }

    #[test]
    fn pairs_with_lines_carry_files_and_lines_parallel_to_their_offsets_on_the_wire() {
        use crate::sampling::samples::PcStall;
        use opentelemetry_proto::tonic::common::v1::any_value::Value::{IntValue, StringValue};
        use semconv::attributes as a;
        let pair = |offset, line: Option<SourceLine>| PcStall {
            offset,
            stall: Arc::from("wait"),
            samples: 3,
            line,
        };
        let pairs = [
            pair(272, Some(super::tests::line("/src/k.cu", 42))),
            pair(304, None),
        ];
        let attrs = crate::model::pair_attributes(&pairs, 0);
        assert_eq!(
            array(&attrs, a::GPU_PC_SAMPLING_PAIR_SOURCE_FILES),
            Some(vec![
                StringValue("/src/k.cu".into()),
                StringValue(String::new())
            ])
        );
        assert_eq!(
            array(&attrs, a::GPU_PC_SAMPLING_PAIR_SOURCE_LINES),
            Some(vec![IntValue(42), IntValue(0)])
        );
    }

    #[test]
    fn pairs_without_lines_go_on_the_wire_exactly_as_before() {
        use crate::sampling::samples::PcStall;
        use semconv::attributes as a;
        let pairs = [PcStall {
            offset: 272,
            stall: Arc::from("wait"),
            samples: 3,
            line: None,
        }];
        let attrs = crate::model::pair_attributes(&pairs, 0);
        let keys: Vec<_> = attrs.iter().map(|kv| kv.key.as_str()).collect();
        assert_eq!(
            keys,
            vec![
                a::GPU_PC_SAMPLING_PAIR_PC_OFFSETS,
                a::GPU_PC_SAMPLING_PAIR_STALL_REASONS,
                a::GPU_PC_SAMPLING_PAIR_SAMPLE_COUNTS,
                a::GPU_PC_SAMPLING_PAIRS_DROPPED
            ]
        );
    }

    #[test]
    fn a_line_s_file_is_its_directory_joined_with_its_name_unless_the_name_is_absolute() {
        assert_eq!(
            SourceLine::from_parts("/w/src/", "k.cu", 7),
            Some(line("/w/src/k.cu", 7))
        );
        assert_eq!(
            SourceLine::from_parts("/w", "/abs/k.cu", 7),
            Some(line("/abs/k.cu", 7))
        );
        assert_eq!(SourceLine::from_parts("", "k.cu", 7), Some(line("k.cu", 7)));
        assert_eq!(
            SourceLine::from_parts("/w", "k.cu", 0),
            None,
            "line 0: none"
        );
        assert_eq!(SourceLine::from_parts("/w", "", 7), None);
    }
}
