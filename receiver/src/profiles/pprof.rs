//! One period's PC samples as a pprof profile (`perftools.profiles.Profile`), gzipped
//! as pprof files are. Pure.
//!
//! One sample type, `pc_samples`/`count`; one sample per (function, PC offset, stall
//! reason) whose location is the PC (address = offset, one line naming the function and,
//! where the PC has one, its source line, with the source file as the function's filename),
//! with the stall reason as the label `stall_reason` and the linked span as the labels
//! `trace_id` and `span_id` (hex): `go tool pprof -tagfocus stall_reason=...` filters
//! by stall.

use std::collections::HashMap;
use std::io::Write as _;

use prost::Message;

use super::samples::Pair;

/// `perftools.profiles.Profile`, the fields written.
#[derive(Clone, PartialEq, prost::Message)]
pub struct PprofProfile {
    /// `sample_type`.
    #[prost(message, repeated, tag = "1")]
    pub sample_type: Vec<PprofValueType>,
    /// `sample`.
    #[prost(message, repeated, tag = "2")]
    pub sample: Vec<PprofSample>,
    /// `location`.
    #[prost(message, repeated, tag = "4")]
    pub location: Vec<PprofLocation>,
    /// `function`.
    #[prost(message, repeated, tag = "5")]
    pub function: Vec<PprofFunction>,
    /// `string_table`; `[0]` is "".
    #[prost(string, repeated, tag = "6")]
    pub string_table: Vec<String>,
    /// `time_nanos`.
    #[prost(int64, tag = "9")]
    pub time_nanos: i64,
    /// `duration_nanos`.
    #[prost(int64, tag = "10")]
    pub duration_nanos: i64,
}

/// `ValueType`.
#[derive(Clone, PartialEq, prost::Message)]
pub struct PprofValueType {
    /// `type` (string index).
    #[prost(int64, tag = "1")]
    pub r#type: i64,
    /// `unit` (string index).
    #[prost(int64, tag = "2")]
    pub unit: i64,
}

/// `Sample`.
#[derive(Clone, PartialEq, prost::Message)]
pub struct PprofSample {
    /// `location_id`, leaf first.
    #[prost(uint64, repeated, tag = "1")]
    pub location_id: Vec<u64>,
    /// `value`, one per sample type.
    #[prost(int64, repeated, tag = "2")]
    pub value: Vec<i64>,
    /// `label`.
    #[prost(message, repeated, tag = "3")]
    pub label: Vec<PprofLabel>,
}

/// `Label`.
#[derive(Clone, PartialEq, prost::Message)]
pub struct PprofLabel {
    /// `key` (string index).
    #[prost(int64, tag = "1")]
    pub key: i64,
    /// `str` (string index).
    #[prost(int64, tag = "2")]
    pub str: i64,
}

/// `Location`.
#[derive(Clone, PartialEq, prost::Message)]
pub struct PprofLocation {
    /// `id`, nonzero.
    #[prost(uint64, tag = "1")]
    pub id: u64,
    /// `address`.
    #[prost(uint64, tag = "3")]
    pub address: u64,
    /// `line`.
    #[prost(message, repeated, tag = "4")]
    pub line: Vec<PprofLine>,
}

/// `Line`.
#[derive(Clone, PartialEq, prost::Message)]
pub struct PprofLine {
    /// `function_id`.
    #[prost(uint64, tag = "1")]
    pub function_id: u64,
    /// `line`.
    #[prost(int64, tag = "2")]
    pub line: i64,
}

/// `Function`.
#[derive(Clone, PartialEq, prost::Message)]
pub struct PprofFunction {
    /// `id`, nonzero.
    #[prost(uint64, tag = "1")]
    pub id: u64,
    /// `name` (string index).
    #[prost(int64, tag = "2")]
    pub name: i64,
    /// `system_name` (string index).
    #[prost(int64, tag = "3")]
    pub system_name: i64,
    /// `filename` (string index): the source file, where the PCs have lines.
    #[prost(int64, tag = "4")]
    pub filename: i64,
}

/// The label key of a sample's stall reason.
pub const STALL_LABEL: &str = "stall_reason";

#[derive(Default)]
struct Strings {
    table: Vec<String>,
    index: HashMap<String, i64>,
}

impl Strings {
    fn get(&mut self, s: &str) -> i64 {
        if let Some(i) = self.index.get(s) {
            return *i;
        }
        let i = self.table.len() as i64;
        self.table.push(s.to_string());
        self.index.insert(s.to_string(), i);
        i
    }
}

/// The pprof profile of `pairs` over `[start_ns, end_ns]`.
pub fn profile(pairs: &[Pair], start_ns: u64, end_ns: u64) -> PprofProfile {
    let mut strings = Strings::default();
    strings.get("");
    let sample_type = vec![PprofValueType {
        r#type: strings.get(super::otlp::SAMPLE_TYPE),
        unit: strings.get(super::otlp::SAMPLE_UNIT),
    }];
    let (stall_key, trace_key, span_key) = (
        strings.get(STALL_LABEL),
        strings.get("trace_id"),
        strings.get("span_id"),
    );
    // By (function, source file): one pprof Function has one filename.
    let mut functions: HashMap<(&str, &str), u64> = HashMap::new();
    let mut locations: HashMap<(&str, u64), u64> = HashMap::new();
    let mut out = PprofProfile {
        sample_type,
        time_nanos: start_ns.min(i64::MAX as u64) as i64,
        duration_nanos: end_ns.saturating_sub(start_ns).min(i64::MAX as u64) as i64,
        ..PprofProfile::default()
    };
    for p in pairs {
        let file = p.line.as_ref().map_or("", |l| l.file.as_str());
        let function_id = match functions.get(&(p.function.as_str(), file)) {
            Some(id) => *id,
            None => {
                let id = out.function.len() as u64 + 1;
                let (name, system_name) = (strings.get(&p.display), strings.get(&p.function));
                let filename = strings.get(file);
                out.function.push(PprofFunction {
                    id,
                    name,
                    system_name,
                    filename,
                });
                functions.insert((&p.function, file), id);
                id
            }
        };
        let location_id = *locations
            .entry((p.function.as_str(), p.offset))
            .or_insert_with(|| {
                let id = out.location.len() as u64 + 1;
                out.location.push(PprofLocation {
                    id,
                    address: p.offset,
                    line: vec![PprofLine {
                        function_id,
                        line: p
                            .line
                            .as_ref()
                            .map_or(0, |l| l.line.min(i64::MAX as u64) as i64),
                    }],
                });
                id
            });
        let label = vec![
            PprofLabel {
                key: stall_key,
                str: strings.get(&p.stall),
            },
            PprofLabel {
                key: trace_key,
                str: strings.get(&hex(&p.link.trace_id)),
            },
            PprofLabel {
                key: span_key,
                str: strings.get(&hex(&p.link.span_id)),
            },
        ];
        out.sample.push(PprofSample {
            location_id: vec![location_id],
            value: vec![p.samples.min(i64::MAX as u64) as i64],
            label,
        });
    }
    out.string_table = strings.table;
    out
}

/// The profile encoded and gzipped, as a `.pb.gz` file holds it.
pub fn gzipped(p: &PprofProfile) -> Vec<u8> {
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    gz.write_all(&p.encode_to_vec())
        .expect("writing to memory cannot fail");
    gz.finish().expect("writing to memory cannot fail")
}

fn hex(b: &[u8]) -> String {
    b.iter().map(|x| format!("{x:02x}")).collect()
}
