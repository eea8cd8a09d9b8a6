//! One period's PC samples as an OTLP Profiles export request (`v1development`), within
//! a byte bound. Pure.
//!
//! The profile has one sample type, `pc_samples` in `count` (this version of the data
//! model has one `sample_type` per profile); each sample is one (function, PC offset)
//! location with one stall reason, named by the sample attribute
//! `gpu.pc_sampling.stall_reason`, so the samples of a stall reason sum to its count.
//! A location's one Line names its function and, where the PC has a source line, that
//! line, with the source file as the function's filename. Every sample links to the
//! span that covers it in the trace.

use std::collections::HashMap;

use opentelemetry_proto::tonic::collector::profiles::v1development::ExportProfilesServiceRequest;
use opentelemetry_proto::tonic::common::v1::{any_value, AnyValue};
use opentelemetry_proto::tonic::profiles::v1development::{
    Function, KeyValueAndUnit, Line, Link as ProtoLink, Location, Mapping, Profile,
    ProfilesDictionary, ResourceProfiles, Sample, ScopeProfiles, Stack, ValueType,
};
use prost::Message;
use semconv::attributes as a;

use super::samples::{Link, Pair, PeriodSamples};

/// The sample type's name.
pub const SAMPLE_TYPE: &str = "pc_samples";
/// The sample type's unit.
pub const SAMPLE_UNIT: &str = "count";

/// Room for the length prefixes of the nested messages, which grow by a byte or two
/// as the profile does.
const NESTING_SLACK: usize = 32;

/// One period's profile, as built.
#[derive(Debug, Clone, PartialEq)]
pub struct Built {
    /// The request.
    pub request: ExportProfilesServiceRequest,
    /// The pairs it holds (hottest first): the pprof file is made from these.
    pub kept: Vec<Pair>,
    /// Pairs left out: by the injector's bound and by this one.
    pub pairs_dropped: u64,
    /// Samples left out by this bound.
    pub samples_dropped: u64,
}

/// The tables of a profiles dictionary, each with its required zero entry first.
#[derive(Default)]
struct Dictionary {
    d: ProfilesDictionary,
    strings: HashMap<String, i32>,
    /// By (function, source file): a function whose PCs lie in several files (inlined
    /// code) has one entry per file, as a Function has one filename.
    functions: HashMap<(String, String), i32>,
    locations: HashMap<(String, u64), i32>,
    stalls: HashMap<String, i32>,
    links: HashMap<Link, i32>,
}

/// Encoded size of one entry of a repeated message or string field (tag < 16).
fn entry_len(len: usize) -> usize {
    1 + prost::length_delimiter_len(len) + len
}

impl Dictionary {
    fn new() -> Dictionary {
        let mut d = Dictionary::default();
        d.d.string_table.push(String::new());
        d.strings.insert(String::new(), 0);
        d.d.mapping_table.push(Mapping::default());
        d.d.location_table.push(Location::default());
        d.d.function_table.push(Function::default());
        d.d.link_table.push(ProtoLink::default());
        d.d.attribute_table.push(KeyValueAndUnit::default());
        d.d.stack_table.push(Stack::default());
        d
    }

    /// The index of `s`, and the bytes it added.
    fn string(&mut self, s: &str) -> (i32, usize) {
        if let Some(i) = self.strings.get(s) {
            return (*i, 0);
        }
        let i = self.d.string_table.len() as i32;
        self.d.string_table.push(s.to_string());
        self.strings.insert(s.to_string(), i);
        (i, entry_len(s.len()))
    }

    fn attribute(&mut self, key: &str, value: any_value::Value) -> (i32, usize) {
        let (key_strindex, mut added) = self.string(key);
        let kv = KeyValueAndUnit {
            key_strindex,
            value: Some(AnyValue { value: Some(value) }),
            unit_strindex: 0,
        };
        added += entry_len(kv.encoded_len());
        let i = self.d.attribute_table.len() as i32;
        self.d.attribute_table.push(kv);
        (i, added)
    }

    /// The sample attribute naming `stall`.
    fn stall(&mut self, stall: &str) -> (i32, usize) {
        if let Some(i) = self.stalls.get(stall) {
            return (*i, 0);
        }
        let (i, added) = self.attribute(
            a::GPU_PC_SAMPLING_STALL_REASON,
            any_value::Value::StringValue(stall.to_string()),
        );
        self.stalls.insert(stall.to_string(), i);
        (i, added)
    }

    fn function(&mut self, p: &Pair) -> (i32, usize) {
        let file = p.line.as_ref().map_or("", |l| l.file.as_str());
        let key = (p.function.clone(), file.to_string());
        if let Some(i) = self.functions.get(&key) {
            return (*i, 0);
        }
        let (name_strindex, a1) = self.string(&p.display);
        let (system_name_strindex, a2) = self.string(&p.function);
        let (filename_strindex, a3) = self.string(file);
        let f = Function {
            name_strindex,
            system_name_strindex,
            filename_strindex,
            ..Function::default()
        };
        let added = a1 + a2 + a3 + entry_len(f.encoded_len());
        let i = self.d.function_table.len() as i32;
        self.d.function_table.push(f);
        self.functions.insert(key, i);
        (i, added)
    }

    /// The stack of the pair's one location (function, PC offset).
    fn stack(&mut self, p: &Pair) -> (i32, usize) {
        let key = (p.function.clone(), p.offset);
        if let Some(i) = self.locations.get(&key) {
            return (*i, 0);
        }
        let (function_index, mut added) = self.function(p);
        let location = Location {
            mapping_index: 0,
            address: p.offset,
            lines: vec![Line {
                function_index,
                line: p
                    .line
                    .as_ref()
                    .map_or(0, |l| l.line.min(i64::MAX as u64) as i64),
                column: 0,
            }],
            attribute_indices: Vec::new(),
        };
        added += entry_len(location.encoded_len());
        let location_index = self.d.location_table.len() as i32;
        self.d.location_table.push(location);
        let stack = Stack {
            location_indices: vec![location_index],
        };
        added += entry_len(stack.encoded_len());
        let i = self.d.stack_table.len() as i32;
        self.d.stack_table.push(stack);
        self.locations.insert(key, i);
        (i, added)
    }

    fn link(&mut self, l: &Link) -> (i32, usize) {
        if let Some(i) = self.links.get(l) {
            return (*i, 0);
        }
        let link = ProtoLink {
            trace_id: l.trace_id.clone(),
            span_id: l.span_id.clone(),
        };
        let added = entry_len(link.encoded_len());
        let i = self.d.link_table.len() as i32;
        self.d.link_table.push(link);
        self.links.insert(l.clone(), i);
        (i, added)
    }
}

/// The profile of `period`, at most `max_bytes` encoded: pairs are taken hottest first
/// while they fit; what does not fit is counted, in the result and in the profile's
/// attributes (`gpu.pc_sampling.pairs_dropped`, `gpu.pc_sampling.samples_dropped`).
pub fn build(period: &PeriodSamples, max_bytes: usize) -> Built {
    let mut dict = Dictionary::new();
    let (type_strindex, _) = dict.string(SAMPLE_TYPE);
    let (unit_strindex, _) = dict.string(SAMPLE_UNIT);
    // The drop counters' attributes are made first with a placeholder of the largest
    // varint, so their size is reserved.
    let (pairs_attr, _) = dict.attribute(
        a::GPU_PC_SAMPLING_PAIRS_DROPPED,
        any_value::Value::IntValue(i64::MAX),
    );
    let (samples_attr, _) = dict.attribute(
        a::GPU_PC_SAMPLING_SAMPLES_DROPPED,
        any_value::Value::IntValue(i64::MAX),
    );
    let mut profile = Profile {
        sample_type: Some(ValueType {
            type_strindex,
            unit_strindex,
        }),
        time_unix_nano: period.start_ns,
        duration_nano: period.end_ns.saturating_sub(period.start_ns),
        profile_id: profile_id(period),
        attribute_indices: vec![pairs_attr, samples_attr],
        ..Profile::default()
    };
    let mut request = ExportProfilesServiceRequest {
        resource_profiles: vec![ResourceProfiles {
            resource: period.resource.clone(),
            scope_profiles: vec![ScopeProfiles {
                scope: period.scope.clone(),
                profiles: Vec::new(),
                schema_url: String::new(),
            }],
            schema_url: String::new(),
        }],
        dictionary: None,
    };
    // The request without samples, its dictionary's zero entries and strings included.
    let fixed = {
        let mut r = request.clone();
        r.resource_profiles[0].scope_profiles[0]
            .profiles
            .push(profile.clone());
        r.dictionary = Some(dict.d.clone());
        r.encoded_len()
    };
    let mut used = fixed + NESTING_SLACK;
    let mut kept = Vec::new();
    let (mut pairs_dropped, mut samples_dropped) = (period.pairs_dropped_upstream, 0u64);
    for pair in &period.pairs {
        // A pair that does not fit must leave no entry behind.
        let mark = Mark::of(&dict.d);
        let (stack_index, s1) = dict.stack(pair);
        let (stall, s2) = dict.stall(&pair.stall);
        let (link_index, s3) = dict.link(&pair.link);
        let sample = Sample {
            stack_index,
            attribute_indices: vec![stall],
            link_index,
            values: vec![pair.samples as i64],
            timestamps_unix_nano: Vec::new(),
        };
        let cost = s1 + s2 + s3 + entry_len(sample.encoded_len());
        if used + cost > max_bytes {
            mark.rollback(&mut dict);
            pairs_dropped += 1;
            samples_dropped += pair.samples;
            continue;
        }
        used += cost;
        profile.samples.push(sample);
        kept.push(pair.clone());
    }
    set_int(&mut dict.d, pairs_attr, pairs_dropped);
    set_int(&mut dict.d, samples_attr, samples_dropped);
    request.resource_profiles[0].scope_profiles[0]
        .profiles
        .push(profile);
    request.dictionary = Some(dict.d);
    Built {
        request,
        kept,
        pairs_dropped,
        samples_dropped,
    }
}

/// The lengths of the tables a pair may add to.
struct Mark {
    strings: usize,
    functions: usize,
    locations: usize,
    stacks: usize,
    attributes: usize,
    links: usize,
}

impl Mark {
    fn of(d: &ProfilesDictionary) -> Mark {
        Mark {
            strings: d.string_table.len(),
            functions: d.function_table.len(),
            locations: d.location_table.len(),
            stacks: d.stack_table.len(),
            attributes: d.attribute_table.len(),
            links: d.link_table.len(),
        }
    }

    /// The dictionary as it was at the mark.
    fn rollback(&self, dict: &mut Dictionary) {
        let d = &mut dict.d;
        d.string_table.truncate(self.strings);
        d.function_table.truncate(self.functions);
        d.location_table.truncate(self.locations);
        d.stack_table.truncate(self.stacks);
        d.attribute_table.truncate(self.attributes);
        d.link_table.truncate(self.links);
        let (s, f, st, at, l) = (
            self.strings as i32,
            self.functions as i32,
            self.stacks as i32,
            self.attributes as i32,
            self.links as i32,
        );
        dict.strings.retain(|_, i| *i < s);
        dict.functions.retain(|_, i| *i < f);
        dict.locations.retain(|_, i| *i < st);
        dict.stalls.retain(|_, i| *i < at);
        dict.links.retain(|_, i| *i < l);
    }
}

fn set_int(d: &mut ProfilesDictionary, index: i32, v: u64) {
    d.attribute_table[index as usize].value = Some(AnyValue {
        value: Some(any_value::Value::IntValue(v.min(i64::MAX as u64) as i64)),
    });
}

/// A profile id unique per process and period: the period's start and end, and the
/// first link's trace id (one per process and time slice).
fn profile_id(p: &PeriodSamples) -> Vec<u8> {
    let mut id = [0u8; 16];
    if let Some(pair) = p.pairs.first() {
        for (i, b) in pair.link.trace_id.iter().take(16).enumerate() {
            id[i] = *b;
        }
    }
    for (i, b) in p.start_ns.to_le_bytes().iter().enumerate() {
        id[i] ^= b;
    }
    for (i, b) in p.end_ns.to_le_bytes().iter().enumerate() {
        id[8 + i] ^= b;
    }
    if id == [0u8; 16] {
        id[15] = 1;
    }
    id.to_vec()
}
