//! The span → profile mapping, as rules.

use std::collections::BTreeMap;

use opentelemetry_proto::tonic::common::v1::any_value::Value;
use opentelemetry_proto::tonic::common::v1::{AnyValue, ArrayValue, KeyValue};
use opentelemetry_proto::tonic::profiles::v1development::ProfilesDictionary;
use opentelemetry_proto::tonic::trace::v1::Span;
use proptest::prelude::*;
use prost::Message as _;
use semconv::attributes as a;
use semconv::otlp::{int, string};

use super::otlp::{build, Built};
use super::pprof;
use super::samples::{periods, PeriodSamples};

const LONG: &str = "smsp__pcsamp_warps_issue_stalled_long_scoreboard";
const WAIT: &str = "smsp__pcsamp_warps_issue_stalled_wait";
const SELECTED: &str = "smsp__pcsamp_warps_issue_stalled_selected";
/// Functions, each with its (offset, stall, samples) pairs.
type Functions = Vec<(String, Vec<(u64, String, u64)>)>;

const START: u64 = 1_700_000_000_000_000_000;
const END: u64 = START + 100_000_000;

fn ints(key: &str, v: &[u64]) -> KeyValue {
    array(key, v.iter().map(|i| Value::IntValue(*i as i64)).collect())
}

fn strs(key: &str, v: &[&str]) -> KeyValue {
    array(
        key,
        v.iter()
            .map(|s| Value::StringValue(s.to_string()))
            .collect(),
    )
}

fn array(key: &str, values: Vec<Value>) -> KeyValue {
    KeyValue {
        key: key.into(),
        value: Some(AnyValue {
            value: Some(Value::ArrayValue(ArrayValue {
                values: values
                    .into_iter()
                    .map(|v| AnyValue { value: Some(v) })
                    .collect(),
            })),
        }),
        ..KeyValue::default()
    }
}

/// A function span as the injector makes it: (offset, stall, samples) pairs.
fn function_span(function: &str, pairs: &[(u64, &str, u64)], dropped: i64) -> Span {
    Span {
        trace_id: vec![7; 16],
        span_id: vec![2; 8],
        parent_span_id: vec![1; 8],
        name: format!("{}: {function}()", a::SPAN_GPU_PC_SAMPLES),
        start_time_unix_nano: START,
        end_time_unix_nano: END,
        attributes: vec![
            string(a::GPU_PC_SAMPLING_FUNCTION, function),
            ints(
                a::GPU_PC_SAMPLING_PAIR_PC_OFFSETS,
                &pairs.iter().map(|p| p.0).collect::<Vec<_>>(),
            ),
            strs(
                a::GPU_PC_SAMPLING_PAIR_STALL_REASONS,
                &pairs.iter().map(|p| p.1).collect::<Vec<_>>(),
            ),
            ints(
                a::GPU_PC_SAMPLING_PAIR_SAMPLE_COUNTS,
                &pairs.iter().map(|p| p.2).collect::<Vec<_>>(),
            ),
            int(a::GPU_PC_SAMPLING_PAIRS_DROPPED, dropped),
        ],
        ..Span::default()
    }
}

fn one_period(spans: &[Span]) -> PeriodSamples {
    let mut p = periods(None, None, spans);
    assert_eq!(p.len(), 1);
    p.remove(0)
}

/// Samples per stall reason in the OTLP profile, read through its dictionary.
fn otlp_totals(b: &Built) -> BTreeMap<String, u64> {
    let d: &ProfilesDictionary = b.request.dictionary.as_ref().unwrap();
    let profile = &b.request.resource_profiles[0].scope_profiles[0].profiles[0];
    let mut out = BTreeMap::new();
    for s in &profile.samples {
        let kv = &d.attribute_table[s.attribute_indices[0] as usize];
        assert_eq!(
            d.string_table[kv.key_strindex as usize],
            a::GPU_PC_SAMPLING_STALL_REASON
        );
        let Some(Value::StringValue(stall)) = kv.value.as_ref().unwrap().value.clone() else {
            panic!("a stall reason is a string")
        };
        *out.entry(stall).or_default() += s.values[0] as u64;
    }
    out
}

/// (function, offset) of every location of the OTLP profile's samples.
fn otlp_pcs(b: &Built) -> Vec<(String, u64)> {
    let d = b.request.dictionary.as_ref().unwrap();
    let profile = &b.request.resource_profiles[0].scope_profiles[0].profiles[0];
    let mut pcs: Vec<_> = profile
        .samples
        .iter()
        .map(|s| {
            let stack = &d.stack_table[s.stack_index as usize];
            let loc = &d.location_table[stack.location_indices[0] as usize];
            let f = &d.function_table[loc.lines[0].function_index as usize];
            (
                d.string_table[f.system_name_strindex as usize].clone(),
                loc.address,
            )
        })
        .collect();
    pcs.sort();
    pcs.dedup();
    pcs
}

fn input_totals(spans: &Functions) -> BTreeMap<String, u64> {
    let mut out = BTreeMap::new();
    for (_, pairs) in spans {
        for (_, stall, n) in pairs {
            *out.entry(stall.clone()).or_default() += n;
        }
    }
    out.retain(|_, n| *n > 0);
    out
}

#[test]
fn every_pc_and_stall_of_a_period_becomes_a_sample_linked_to_the_slice_span() {
    let spans = [
        function_span(
            "_Z4spinPfi",
            &[(272, LONG, 800), (272, WAIT, 100), (304, SELECTED, 120)],
            0,
        ),
        function_span("_Z3addPf", &[(16, WAIT, 5)], 0),
    ];
    let b = build(&one_period(&spans), 1 << 20);
    assert_eq!(
        otlp_totals(&b),
        BTreeMap::from([
            (LONG.into(), 800),
            (SELECTED.into(), 120),
            (WAIT.into(), 105)
        ])
    );
    assert_eq!(
        otlp_pcs(&b),
        vec![
            ("_Z3addPf".into(), 16),
            ("_Z4spinPfi".into(), 272),
            ("_Z4spinPfi".into(), 304)
        ]
    );
    let d = b.request.dictionary.as_ref().unwrap();
    let profile = &b.request.resource_profiles[0].scope_profiles[0].profiles[0];
    for s in &profile.samples {
        let link = &d.link_table[s.link_index as usize];
        assert_eq!(
            (link.trace_id.clone(), link.span_id.clone()),
            (vec![7; 16], vec![1; 8])
        );
    }
    let st = profile.sample_type.as_ref().unwrap();
    assert_eq!(d.string_table[st.type_strindex as usize], "pc_samples");
    assert_eq!(d.string_table[st.unit_strindex as usize], "count");
    assert_eq!(
        (profile.time_unix_nano, profile.duration_nano),
        (START, END - START)
    );
    // The function is named as a person reads it, and as the system does.
    let f = &d.function_table[1];
    assert_eq!(d.string_table[f.name_strindex as usize], "_Z4spinPfi()");
    assert_eq!(b.pairs_dropped, 0);
}

#[test]
fn the_dictionary_tables_start_with_their_zero_entry() {
    let b = build(
        &one_period(&[function_span("_Z1f", &[(0, WAIT, 1)], 0)]),
        1 << 20,
    );
    let d = b.request.dictionary.unwrap();
    assert_eq!(d.string_table[0], "");
    assert_eq!(d.mapping_table[0], Default::default());
    assert_eq!(d.location_table[0], Default::default());
    assert_eq!(d.function_table[0], Default::default());
    assert_eq!(d.link_table[0], Default::default());
    assert_eq!(d.attribute_table[0], Default::default());
    assert_eq!(d.stack_table[0], Default::default());
}

#[test]
fn a_span_with_only_the_hot_list_makes_no_profile() {
    let mut span = function_span("_Z1f", &[(0, WAIT, 1)], 0);
    span.attributes
        .retain(|kv| !kv.key.starts_with("gpu.pc_sampling.pair"));
    assert!(periods(None, None, &[span]).is_empty());
}

#[test]
fn the_pprof_profile_holds_the_same_samples_with_stall_reasons_as_labels() {
    let spans = [function_span(
        "_Z4spinPfi",
        &[(272, LONG, 800), (304, WAIT, 3)],
        0,
    )];
    let b = build(&one_period(&spans), 1 << 20);
    let p = pprof::profile(&b.kept, START, END);
    let decoded = pprof::PprofProfile::decode(p.encode_to_vec().as_slice()).unwrap();
    let mut totals = BTreeMap::new();
    for s in &decoded.sample {
        let stall = s
            .label
            .iter()
            .find(|l| decoded.string_table[l.key as usize] == pprof::STALL_LABEL)
            .map(|l| decoded.string_table[l.str as usize].clone())
            .unwrap();
        *totals.entry(stall).or_default() += s.value[0] as u64;
    }
    assert_eq!(totals, otlp_totals(&b));
    assert_eq!(decoded.string_table[0], "");
    assert!(decoded.location.iter().all(|l| l.id != 0));
}

/// `span` with each pair's source file and line, as the injector adds them when a
/// module carries line information (`""` / 0: that pair's PC has none).
fn with_lines(mut span: Span, lines: &[(&str, u64)]) -> Span {
    span.attributes.push(strs(
        a::GPU_PC_SAMPLING_PAIR_SOURCE_FILES,
        &lines.iter().map(|l| l.0).collect::<Vec<_>>(),
    ));
    span.attributes.push(ints(
        a::GPU_PC_SAMPLING_PAIR_SOURCE_LINES,
        &lines.iter().map(|l| l.1).collect::<Vec<_>>(),
    ));
    span
}

/// (function, offset, source file, line) of every location of the OTLP profile, the
/// file read as the location's function's filename.
fn otlp_lines(b: &Built) -> Vec<(String, u64, String, i64)> {
    let d = b.request.dictionary.as_ref().unwrap();
    let profile = &b.request.resource_profiles[0].scope_profiles[0].profiles[0];
    let mut out: Vec<_> = profile
        .samples
        .iter()
        .map(|s| {
            let stack = &d.stack_table[s.stack_index as usize];
            let loc = &d.location_table[stack.location_indices[0] as usize];
            assert_eq!(loc.lines.len(), 1, "one Line per location");
            let f = &d.function_table[loc.lines[0].function_index as usize];
            (
                d.string_table[f.system_name_strindex as usize].clone(),
                loc.address,
                d.string_table[f.filename_strindex as usize].clone(),
                loc.lines[0].line,
            )
        })
        .collect();
    out.sort();
    out.dedup();
    out
}

/// The same as [`otlp_lines`], read from the pprof profile.
fn pprof_lines(p: &pprof::PprofProfile) -> Vec<(String, u64, String, i64)> {
    let mut out: Vec<_> = p
        .sample
        .iter()
        .map(|s| {
            let loc = p
                .location
                .iter()
                .find(|l| l.id == s.location_id[0])
                .unwrap();
            let f = p
                .function
                .iter()
                .find(|f| f.id == loc.line[0].function_id)
                .unwrap();
            (
                p.string_table[f.system_name as usize].clone(),
                loc.address,
                p.string_table[f.filename as usize].clone(),
                loc.line[0].line,
            )
        })
        .collect();
    out.sort();
    out.dedup();
    out
}

#[test]
fn samples_with_source_lines_become_profile_and_pprof_lines_with_the_file_as_the_function_s_filename(
) {
    let spans = [with_lines(
        function_span(
            "_Z4spinPfi",
            &[
                (272, LONG, 800),
                (272, WAIT, 100),
                (304, SELECTED, 120),
                (320, WAIT, 7),
            ],
            0,
        ),
        &[
            ("/src/spin.cu", 42),
            ("/src/spin.cu", 42),
            ("/src/util.cuh", 7),
            ("", 0),
        ],
    )];
    let b = build(&one_period(&spans), 1 << 20);
    let want = vec![
        (
            "_Z4spinPfi".to_string(),
            272,
            "/src/spin.cu".to_string(),
            42,
        ),
        ("_Z4spinPfi".into(), 304, "/src/util.cuh".into(), 7),
        ("_Z4spinPfi".into(), 320, String::new(), 0),
    ];
    assert_eq!(otlp_lines(&b), want);
    let p = pprof::profile(&b.kept, START, END);
    let decoded = pprof::PprofProfile::decode(p.encode_to_vec().as_slice()).unwrap();
    assert_eq!(pprof_lines(&decoded), want);
    // One function per (function, file): an inlined header's PCs name their own file.
    assert_eq!(decoded.function.len(), 3);
    assert_eq!(
        otlp_totals(&b).values().sum::<u64>(),
        1027,
        "no sample lost"
    );
}

#[test]
fn samples_without_source_lines_make_the_same_profiles_as_before() {
    let plain = function_span("_Z4spinPfi", &[(272, LONG, 800), (304, WAIT, 3)], 0);
    let b = build(&one_period(std::slice::from_ref(&plain)), 1 << 20);
    assert!(otlp_lines(&b)
        .iter()
        .all(|(_, _, file, line)| file.is_empty() && *line == 0));
    let d = b.request.dictionary.as_ref().unwrap();
    assert_eq!(d.function_table.len(), 2, "the zero entry and one function");
    // Arrays that are not parallel to the pairs are not trusted: no line at all.
    let skewed = with_lines(plain.clone(), &[("/src/spin.cu", 42)]);
    let b2 = build(&one_period(&[skewed]), 1 << 20);
    assert_eq!(b2.request.encode_to_vec(), b.request.encode_to_vec());
}

fn arb_spans() -> impl Strategy<Value = Functions> {
    let stall = prop::sample::select(vec![
        LONG.to_string(),
        WAIT.to_string(),
        SELECTED.to_string(),
    ]);
    let pair = (0u64..512, stall, 0u64..5_000);
    prop::collection::vec(("_Z[a-e]{1,3}v", prop::collection::vec(pair, 1..60)), 1..6).prop_map(
        |mut fs| {
            // One span per function, one pair per (offset, stall), as the injector sends.
            fs.sort_by(|a, b| a.0.cmp(&b.0));
            fs.dedup_by(|a, b| a.0 == b.0);
            for (_, pairs) in &mut fs {
                pairs.sort_by(|a, b| (a.0, &a.1).cmp(&(b.0, &b.1)));
                pairs.dedup_by(|a, b| a.0 == b.0 && a.1 == b.1);
            }
            fs
        },
    )
}

fn spans_of(fs: &Functions) -> Vec<Span> {
    fs.iter()
        .map(|(f, pairs)| {
            let pairs: Vec<(u64, &str, u64)> =
                pairs.iter().map(|(o, s, n)| (*o, s.as_str(), *n)).collect();
            function_span(f, &pairs, 0)
        })
        .collect()
}

proptest! {
    #[test]
    fn totals_per_stall_reason_equal_the_input_and_every_pc_is_kept_when_it_fits(fs in arb_spans()) {
        let spans = spans_of(&fs);
        let ps = periods(None, None, &spans);
        let want = input_totals(&fs);
        if want.is_empty() {
            prop_assert!(ps.iter().all(|p| p.pairs.is_empty()));
            return Ok(());
        }
        let b = build(&ps[0], 1 << 24);
        prop_assert_eq!(otlp_totals(&b), want);
        let mut pcs: Vec<(String, u64)> = fs
            .iter()
            .flat_map(|(f, pairs)| pairs.iter().filter(|p| p.2 > 0).map(move |p| (f.clone(), p.0)))
            .collect();
        pcs.sort();
        pcs.dedup();
        prop_assert_eq!(otlp_pcs(&b), pcs);
        prop_assert_eq!((b.pairs_dropped, b.samples_dropped), (0, 0));
    }

    #[test]
    fn the_byte_bound_holds_and_kept_plus_dropped_samples_equal_the_input(
        fs in arb_spans(),
        max_bytes in 200usize..6_000,
    ) {
        let spans = spans_of(&fs);
        let ps = periods(None, None, &spans);
        let Some(p) = ps.first() else { return Ok(()) };
        let b = build(p, max_bytes);
        prop_assert!(b.request.encoded_len() <= max_bytes,
            "{} > {max_bytes}", b.request.encoded_len());
        let kept: u64 = otlp_totals(&b).values().sum();
        let input: u64 = input_totals(&fs).values().sum();
        prop_assert_eq!(kept + b.samples_dropped, input);
        prop_assert_eq!(b.kept.len() as u64 + b.pairs_dropped, p.pairs.len() as u64);
        // The counters are in the profile, for whoever reads it.
        let d = b.request.dictionary.as_ref().unwrap();
        let profile = &b.request.resource_profiles[0].scope_profiles[0].profiles[0];
        let attr = |key: &str| profile.attribute_indices.iter().find_map(|i| {
            let kv = &d.attribute_table[*i as usize];
            (d.string_table[kv.key_strindex as usize] == key).then(|| kv.value.clone().unwrap().value)
        }).flatten();
        prop_assert_eq!(attr(a::GPU_PC_SAMPLING_SAMPLES_DROPPED), Some(Value::IntValue(b.samples_dropped as i64)));
        prop_assert_eq!(attr(a::GPU_PC_SAMPLING_PAIRS_DROPPED), Some(Value::IntValue(b.pairs_dropped as i64)));
    }
}

#[test]
fn pairs_the_injector_dropped_are_counted_in_the_profile() {
    let b = build(
        &one_period(&[function_span("_Z1f", &[(0, WAIT, 1)], 9)]),
        1 << 20,
    );
    assert_eq!(b.pairs_dropped, 9);
}

/// A serialized kernel execution as the injector makes it after a one-launch burst:
/// its name, stamp and stall sums, and every (PC offset, stall reason) pair of it.
fn execution_span(span_id: u8, start: u64, pairs: &[(u64, &str, u64)]) -> Span {
    let mut sums: BTreeMap<&str, u64> = BTreeMap::new();
    for (_, stall, n) in pairs {
        *sums.entry(stall).or_default() += n;
    }
    let mut span = function_span("_Z4spinPfi", pairs, 0);
    span.name = "spin(float*, int)".into();
    span.span_id = vec![span_id; 8];
    span.start_time_unix_nano = start;
    span.end_time_unix_nano = start + 50_000;
    span.attributes
        .retain(|kv| kv.key != a::GPU_PC_SAMPLING_FUNCTION);
    span.attributes.extend([
        string(a::GPU_KERNEL_NAME, "_Z4spinPfi"),
        string(a::GPU_SERIALIZED, "true"),
        int(
            a::GPU_PC_SAMPLING_SAMPLE_COUNT,
            sums.values().sum::<u64>() as i64,
        ),
        strs(
            a::GPU_PC_SAMPLING_STALL_REASONS,
            &sums.keys().copied().collect::<Vec<_>>(),
        ),
        ints(
            a::GPU_PC_SAMPLING_STALL_COUNTS,
            &sums.values().copied().collect::<Vec<_>>(),
        ),
    ]);
    span
}

/// Samples per link (trace id, span id) in the OTLP profile.
fn otlp_links(b: &Built) -> BTreeMap<(Vec<u8>, Vec<u8>), u64> {
    let d = b.request.dictionary.as_ref().unwrap();
    let profile = &b.request.resource_profiles[0].scope_profiles[0].profiles[0];
    let mut out = BTreeMap::new();
    for s in &profile.samples {
        let l = &d.link_table[s.link_index as usize];
        *out.entry((l.trace_id.clone(), l.span_id.clone()))
            .or_default() += s.values[0] as u64;
    }
    out
}

#[test]
fn a_serialized_execution_s_samples_link_to_its_own_span_and_keep_its_totals() {
    let spans = [
        execution_span(3, START, &[(272, LONG, 800), (304, WAIT, 100)]),
        execution_span(4, START + 1_000_000, &[(272, LONG, 7), (16, SELECTED, 2)]),
    ];
    let p = one_period(&spans);
    assert_eq!(
        (p.start_ns, p.end_ns),
        (START, START + 1_050_000),
        "the executions of a request make one period, first start to last end"
    );
    let b = build(&p, 1 << 20);
    assert_eq!(
        otlp_links(&b),
        BTreeMap::from([
            ((vec![7; 16], vec![3; 8]), 900),
            ((vec![7; 16], vec![4; 8]), 9)
        ]),
        "each sample links to the execution it was taken in, not to the slice"
    );
    assert_eq!(
        otlp_totals(&b),
        BTreeMap::from([(LONG.into(), 807), (SELECTED.into(), 2), (WAIT.into(), 100)])
    );
    assert_eq!(
        otlp_pcs(&b),
        vec![
            ("_Z4spinPfi".into(), 16),
            ("_Z4spinPfi".into(), 272),
            ("_Z4spinPfi".into(), 304)
        ]
    );
    // The function as a person reads it: the execution span's (demangled) name.
    let d = b.request.dictionary.as_ref().unwrap();
    assert_eq!(
        d.string_table[d.function_table[1].name_strindex as usize],
        "spin(float*, int)"
    );
    let pprof = pprof::profile(&b.kept, p.start_ns, p.end_ns);
    let decoded = pprof::PprofProfile::decode(pprof.encode_to_vec().as_slice()).unwrap();
    let label = |s: &pprof::PprofSample, key: &str| {
        s.label
            .iter()
            .find(|l| decoded.string_table[l.key as usize] == key)
            .map(|l| decoded.string_table[l.str as usize].clone())
    };
    let mut by_span: BTreeMap<String, u64> = BTreeMap::new();
    for s in &decoded.sample {
        *by_span.entry(label(s, "span_id").unwrap()).or_default() += s.value[0] as u64;
    }
    assert_eq!(
        by_span,
        BTreeMap::from([
            ("0303030303030303".into(), 900),
            ("0404040404040404".into(), 9)
        ])
    );
}

#[test]
fn an_execution_with_only_its_stall_sums_makes_no_profile() {
    let mut span = execution_span(3, START, &[(272, LONG, 800)]);
    span.attributes
        .retain(|kv| !kv.key.starts_with("gpu.pc_sampling.pair"));
    assert!(periods(None, None, &[span]).is_empty());
}

#[test]
fn executions_and_function_spans_of_one_request_make_separate_periods_with_their_own_links() {
    let spans = [
        function_span("_Z3addPf", &[(16, WAIT, 5)], 0),
        execution_span(3, START, &[(272, LONG, 800)]),
    ];
    let ps = periods(None, None, &spans);
    assert_eq!(
        ps.len(),
        2,
        "a period of the function spans, one of the executions"
    );
    let links: Vec<_> = ps.iter().map(|p| otlp_links(&build(p, 1 << 20))).collect();
    assert!(links.contains(&BTreeMap::from([((vec![7; 16], vec![1; 8]), 5)])));
    assert!(links.contains(&BTreeMap::from([((vec![7; 16], vec![3; 8]), 800)])));
}

proptest! {
    #[test]
    fn every_execution_s_samples_sum_to_its_own_count_under_its_own_link(
        execs in prop::collection::vec(arb_spans(), 1..5)
    ) {
        let spans: Vec<Span> = execs
            .iter()
            .enumerate()
            .map(|(i, fs)| {
                let pairs: Vec<(u64, &str, u64)> = fs[0].1.iter().map(|(o, s, n)| (*o, s.as_str(), *n)).collect();
                execution_span(i as u8 + 1, START + i as u64 * 1_000_000, &pairs)
            })
            .collect();
        let want: BTreeMap<(Vec<u8>, Vec<u8>), u64> = execs
            .iter()
            .enumerate()
            .map(|(i, fs)| ((vec![7; 16], vec![i as u8 + 1; 8]), fs[0].1.iter().map(|p| p.2).sum::<u64>()))
            .filter(|(_, n)| *n > 0)
            .collect();
        let ps = periods(None, None, &spans);
        let got: BTreeMap<_, _> = ps.iter().flat_map(|p| otlp_links(&build(p, 1 << 24))).collect();
        prop_assert_eq!(got, want);
    }
}

mod stage {
    use super::*;
    use crate::profiles::{ProfileSettings, Profiles};
    use crate::reconcile::origin::Origins;
    use crate::wire::WireRequest;
    use opentelemetry_proto::tonic::collector::trace::v1::ExportTraceServiceRequest;

    fn stage(keep_spans: bool) -> Profiles {
        Profiles::new(ProfileSettings {
            enabled: true,
            keep_spans,
            max_bytes: 1 << 20,
        })
    }

    #[test]
    fn kernel_spans_leave_the_stage_unchanged_while_their_samples_become_a_profile() {
        let exec = execution_span(3, START, &[(272, LONG, 800), (304, WAIT, 100)]);
        let function = function_span("_Z3addPf", &[(16, WAIT, 5)], 0);
        let req = crate::fixtures::request(
            crate::fixtures::resource("p1", 1, Some(semconv::Tier::Serialized)),
            vec![exec.clone(), function],
        );
        let wire = WireRequest::from(req);
        let exec_bytes = wire.resource_spans[0].scope_spans[0].spans[0].clone();
        let (out, profiles) = stage(false).apply(vec![(wire, Origins::default())]);
        assert_eq!(profiles.len(), 2);
        assert_eq!(profiles.iter().map(|p| p.samples).sum::<u64>(), 905);
        assert_eq!(
            out[0].0.resource_spans[0].scope_spans[0].spans,
            vec![exec_bytes],
            "the execution is the trace: it stays, byte for byte; the function span goes"
        );
        let left: ExportTraceServiceRequest = out[0].0.to_proto().unwrap();
        assert_eq!(left.resource_spans[0].scope_spans[0].spans, vec![exec]);
    }
}
