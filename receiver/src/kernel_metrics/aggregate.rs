//! Kernel executions folded into metrics, pure: no I/O, no clock (times are arguments).
//!
//! Per process (the producer's [`ResourceKey`]) and per collection interval: kernel
//! duration histograms by kernel name, device (`hw.id`) and `gpu.serialized`, and
//! execution counts by device and outcome. Names are bounded when collected: the
//! `top_names` names with the most kernel time in the interval keep their own series,
//! every other name is folded into [`OTHER`]. Temporality is delta, so each interval's
//! top names are exact for that interval and nothing folded is ever split again.
//! Each histogram point carries one exemplar: its slowest execution's trace and span id.

use std::collections::BTreeMap;

use foldhash::HashMap;

use opentelemetry_proto::tonic::resource::v1::Resource;

use crate::reconcile::resource::ResourceKey;

/// The kernel name of the series every name outside the top ones is folded into.
pub const OTHER: &str = "other";

/// Upper bounds of the duration buckets, ns (1-2-5 from 1 µs to 10 s): a bucket holds
/// durations above the previous bound up to its own, as OTLP's explicit buckets do.
pub const BOUNDS_NS: [u64; 22] = [
    1_000,
    2_000,
    5_000,
    10_000,
    20_000,
    50_000,
    100_000,
    200_000,
    500_000,
    1_000_000,
    2_000_000,
    5_000_000,
    10_000_000,
    20_000_000,
    50_000_000,
    100_000_000,
    200_000_000,
    500_000_000,
    1_000_000_000,
    2_000_000_000,
    5_000_000_000,
    10_000_000_000,
];

/// One kernel execution as it leaves the receiver.
#[derive(Debug, Clone, Copy)]
pub struct Execution<'a> {
    /// `gpu.kernel.name` (mangled, as the injector sends it).
    pub name: &'a str,
    /// The device's `hw.id` (empty when the resource names none).
    pub device: &'a str,
    /// The `gpu.serialized` value it leaves with.
    pub serialized: &'a str,
    /// Start and end, Unix ns.
    pub start: u64,
    /// End, Unix ns.
    pub end: u64,
    /// Its trace id (16 bytes).
    pub trace_id: &'a [u8],
    /// Its span id (8 bytes).
    pub span_id: &'a [u8],
}

impl Execution<'_> {
    /// Its duration, ns (0 for an end before the start).
    pub fn duration_ns(&self) -> u64 {
        self.end.saturating_sub(self.start)
    }
}

/// The slowest execution of a point, as an exemplar.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Slowest {
    /// Duration, ns.
    pub duration_ns: u64,
    /// When it ended, Unix ns.
    pub at: u64,
    /// Trace id.
    pub trace_id: Vec<u8>,
    /// Span id.
    pub span_id: Vec<u8>,
}

/// A duration histogram: counts per bucket of [`BOUNDS_NS`] (one more for above the
/// last), the count, the sum in ns, the extremes, and the slowest execution.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Histogram {
    /// Per bucket, `BOUNDS_NS.len() + 1` of them.
    pub buckets: Vec<u64>,
    /// Executions.
    pub count: u64,
    /// Total duration, ns.
    pub sum_ns: u64,
    /// Shortest, ns.
    pub min_ns: u64,
    /// Longest, ns.
    pub max_ns: u64,
    /// The longest execution that left (sampled-out ones are never exemplars).
    pub slowest: Option<Slowest>,
}

impl Default for Histogram {
    fn default() -> Self {
        Histogram {
            buckets: vec![0; BOUNDS_NS.len() + 1],
            count: 0,
            sum_ns: 0,
            min_ns: u64::MAX,
            max_ns: 0,
            slowest: None,
        }
    }
}

impl Histogram {
    fn record(&mut self, e: &Execution<'_>, exemplar: bool) {
        let d = e.duration_ns();
        self.buckets[BOUNDS_NS.partition_point(|&b| b < d)] += 1;
        self.count += 1;
        self.sum_ns = self.sum_ns.saturating_add(d);
        self.min_ns = self.min_ns.min(d);
        let slower = self.slowest.as_ref().is_none_or(|s| d > s.duration_ns);
        if exemplar && slower {
            self.slowest = Some(Slowest {
                duration_ns: d,
                at: e.end,
                trace_id: e.trace_id.to_vec(),
                span_id: e.span_id.to_vec(),
            });
        }
        self.max_ns = self.max_ns.max(d);
    }

    fn merge(&mut self, other: Histogram) {
        for (a, b) in self.buckets.iter_mut().zip(other.buckets) {
            *a += b;
        }
        self.count += other.count;
        self.sum_ns = self.sum_ns.saturating_add(other.sum_ns);
        self.min_ns = self.min_ns.min(other.min_ns);
        let slower = match (&self.slowest, &other.slowest) {
            (_, None) => false,
            (None, Some(_)) => true,
            (Some(a), Some(b)) => b.duration_ns > a.duration_ns,
        };
        if slower {
            self.slowest = other.slowest;
        }
        self.max_ns = self.max_ns.max(other.max_ns);
    }
}

/// One series: kernel name (or [`OTHER`]), device, `gpu.serialized`.
pub type SeriesKey = (String, String, String);

/// What one process did in one interval.
#[derive(Debug, Clone, PartialEq)]
pub struct ProcessMetrics {
    /// The resource of its first execution in the interval, without its GPU attributes
    /// (the device is a point attribute).
    pub resource: Resource,
    /// Duration histograms, by series.
    pub durations: BTreeMap<SeriesKey, Histogram>,
    /// Executions by device and `gpu.serialized`.
    pub executions: BTreeMap<(String, String), u64>,
    /// Executions launched and never recorded, by device.
    pub unrecorded: BTreeMap<String, u64>,
}

/// A name's histograms by (device, serialized): a few per name (devices times three
/// outcomes), searched in place.
type ByDevice = Vec<((String, String), Histogram)>;

#[derive(Debug, Default)]
struct Interval {
    resource: Resource,
    /// Per name: its time in the interval, and its histograms.
    names: HashMap<String, (u64, ByDevice)>,
    /// Executions launched and never recorded, by device.
    unrecorded: BTreeMap<String, u64>,
    /// Executions of graph replays (`gpu.graph.launch` spans), by device and
    /// `gpu.serialized`: counted, with no duration (a replay's is no kernel's).
    graph: BTreeMap<(String, String), u64>,
}

/// Kernel metrics being gathered.
#[derive(Debug)]
pub struct Aggregate {
    top_names: usize,
    processes: HashMap<ResourceKey, Interval>,
}

impl Aggregate {
    /// Keeps `top_names` names per process and interval apart, folds the rest.
    pub fn new(top_names: usize) -> Aggregate {
        Aggregate {
            top_names,
            processes: HashMap::default(),
        }
    }

    /// Counts one execution of `process`, whose resource is `resource`; `exemplar`: it
    /// leaves, so it may stand for its point.
    pub fn record(
        &mut self,
        process: ResourceKey,
        resource: &Resource,
        e: &Execution<'_>,
        exemplar: bool,
    ) {
        let p = self.interval(process, resource);
        let (time, by) = match p.names.get_mut(e.name) {
            Some(n) => n,
            None => p.names.entry(e.name.to_string()).or_default(),
        };
        *time = time.saturating_add(e.duration_ns());
        let i = match by
            .iter()
            .position(|((d, s), _)| d == e.device && s == e.serialized)
        {
            Some(i) => i,
            None => {
                let key = (e.device.to_string(), e.serialized.to_string());
                by.push((key, Histogram::default()));
                by.len() - 1
            }
        };
        by[i].1.record(e, exemplar);
    }

    /// Counts `n` executions of `process` on `device` that were launched and never
    /// recorded (a `gpu.kernels.unrecorded` span).
    pub fn record_unrecorded(
        &mut self,
        process: ResourceKey,
        resource: &Resource,
        device: &str,
        n: u64,
    ) {
        let p = self.interval(process, resource);
        *p.unrecorded.entry(device.to_string()).or_default() += n;
    }

    /// Counts the `n` kernel executions one graph replay of `process` ran on `device`
    /// (a `gpu.graph.launch` span whose answer is `serialized`).
    pub fn record_graph_launch(
        &mut self,
        process: ResourceKey,
        resource: &Resource,
        (device, serialized): (&str, &str),
        n: u64,
    ) {
        let p = self.interval(process, resource);
        *p.graph
            .entry((device.to_string(), serialized.to_string()))
            .or_default() += n;
    }

    fn interval(&mut self, process: ResourceKey, resource: &Resource) -> &mut Interval {
        self.processes.entry(process).or_insert_with(|| Interval {
            resource: without_devices(resource),
            ..Interval::default()
        })
    }

    /// Whether nothing was recorded since the last collection.
    pub fn is_empty(&self) -> bool {
        self.processes.is_empty()
    }

    /// The interval's metrics per process (in key order), and a new interval begun.
    pub fn collect(&mut self) -> Vec<ProcessMetrics> {
        let mut processes: Vec<_> = std::mem::take(&mut self.processes).into_iter().collect();
        processes.sort_by_key(|(k, _)| *k);
        processes
            .into_iter()
            .map(|(_, p)| {
                let mut names: Vec<_> = p.names.into_iter().collect();
                // Most time first; ties by name, so the cut is the same on every run.
                names.sort_by(|(a, (ta, _)), (b, (tb, _))| tb.cmp(ta).then_with(|| a.cmp(b)));
                let mut durations: BTreeMap<SeriesKey, Histogram> = BTreeMap::new();
                let mut executions = p.graph;
                for (rank, (name, (_, by))) in names.into_iter().enumerate() {
                    let name = if rank < self.top_names {
                        name
                    } else {
                        OTHER.to_string()
                    };
                    for ((device, serialized), h) in by {
                        *executions
                            .entry((device.clone(), serialized.clone()))
                            .or_default() += h.count;
                        durations
                            .entry((name.clone(), device, serialized))
                            .or_default()
                            .merge(h);
                    }
                }
                ProcessMetrics {
                    resource: p.resource,
                    durations,
                    executions,
                    unrecorded: p.unrecorded,
                }
            })
            .collect()
    }
}

/// `resource` without the attributes that describe one GPU.
fn without_devices(resource: &Resource) -> Resource {
    let mut r = resource.clone();
    r.attributes
        .retain(|kv| !semconv::attributes::ENTITY_GPU_DEVICE.contains(&kv.key.as_str()));
    r
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    const IDS: [[u8; 1]; 4] = [[0], [1], [2], [3]];

    fn exec<'a>(
        name: &'a str,
        device: &'a str,
        serialized: &'a str,
        ns: u64,
        id: u8,
    ) -> Execution<'a> {
        Execution {
            name,
            device,
            serialized,
            start: 1_000,
            end: 1_000 + ns,
            trace_id: &[1; 16],
            span_id: &IDS[id as usize],
        }
    }

    fn resource() -> Resource {
        Resource {
            attributes: vec![
                semconv::otlp::string("service.name", "train"),
                semconv::otlp::string("hw.id", "GPU-0"),
            ],
            ..Default::default()
        }
    }

    #[test]
    fn a_duration_on_a_bound_falls_in_that_bound_s_bucket_and_past_the_last_in_the_overflow() {
        let mut h = Histogram::default();
        for ns in [0, 1_000, 1_001, 10_000_000_000, 10_000_000_001] {
            h.record(&exec("k", "", "false", ns, 1), true);
        }
        assert_eq!(h.buckets[0], 2, "0 and 1000 ns are at most the first bound");
        assert_eq!(h.buckets[1], 1);
        assert_eq!(h.buckets[BOUNDS_NS.len() - 1], 1);
        assert_eq!(h.buckets[BOUNDS_NS.len()], 1);
        assert_eq!((h.min_ns, h.max_ns), (0, 10_000_000_001));
    }

    #[test]
    fn a_graph_replay_counts_its_kernel_nodes_as_executions_and_no_duration() {
        let mut m = Aggregate::new(2);
        let key = ResourceKey(7);
        m.record(key, &resource(), &exec("a", "GPU-0", "false", 10, 1), true);
        m.record_graph_launch(key, &resource(), ("GPU-0", "false"), 198);
        m.record_graph_launch(key, &resource(), ("GPU-0", "unknown"), 40);
        let [p] = &m.collect()[..] else { panic!() };
        assert_eq!(
            p.executions[&("GPU-0".to_string(), "false".to_string())],
            199
        );
        assert_eq!(
            p.executions[&("GPU-0".to_string(), "unknown".to_string())],
            40
        );
        let timed: u64 = p.durations.values().map(|h| h.count).sum();
        assert_eq!(timed, 1, "only the kernel has a duration");
    }

    #[test]
    fn names_past_the_top_by_time_fold_into_other_and_the_gpu_attributes_leave_the_resource() {
        let mut m = Aggregate::new(2);
        let key = ResourceKey(7);
        for (name, ns) in [("a", 10), ("b", 300), ("c", 200), ("d", 5), ("c", 200)] {
            m.record(key, &resource(), &exec(name, "GPU-0", "false", ns, 1), true);
        }
        let [p] = &m.collect()[..] else { panic!() };
        let names: Vec<_> = p.durations.keys().map(|(n, _, _)| n.as_str()).collect();
        assert_eq!(names, ["b", "c", "other"]);
        let other = &p.durations[&("other".into(), "GPU-0".into(), "false".into())];
        assert_eq!((other.count, other.sum_ns), (2, 15));
        assert_eq!(p.resource.attributes.len(), 1, "{:?}", p.resource);
        assert!(m.is_empty(), "collecting begins a new interval");
    }

    #[test]
    fn each_point_s_exemplar_is_its_slowest_execution_that_left() {
        let mut m = Aggregate::new(0);
        for (ns, id, left) in [(5, 1, true), (90, 2, true), (40, 3, true), (500, 0, false)] {
            let e = exec("k", "GPU-0", "true", ns, id);
            m.record(ResourceKey(1), &resource(), &e, left);
        }
        let h = m.collect()[0].durations.values().next().unwrap().clone();
        assert_eq!(h.slowest.unwrap().span_id, [2]);
        assert_eq!(h.max_ns, 500, "the sampled-out one still counts");
    }

    proptest! {
        /// Whatever the names, devices, outcomes and N: every execution is counted once,
        /// in the histograms and in the execution counts, with its exact duration.
        #[test]
        fn counts_and_sums_equal_those_of_the_executions_for_any_top_n(
            execs in proptest::collection::vec((0u8..12, 0u8..3, 0u8..3, 0u64..20_000_000_000, 0u8..3), 0..300),
            top in 0usize..8,
        ) {
            let names: Vec<String> = (0..12).map(|i| format!("kernel{i}")).collect();
            let outcomes = ["true", "false", "unknown"];
            let mut m = Aggregate::new(top);
            for &(n, d, o, ns, p) in &execs {
                let device = format!("GPU-{d}");
                m.record(ResourceKey(u64::from(p)), &resource(), &exec(&names[n as usize], &device, outcomes[o as usize], ns, 1), ns % 2 == 0);
            }
            let out = m.collect();
            let count: u64 = out.iter().flat_map(|p| p.durations.values()).map(|h| h.count).sum();
            let sum: u64 = out.iter().flat_map(|p| p.durations.values()).map(|h| h.sum_ns).sum();
            let counted: u64 = out.iter().flat_map(|p| p.executions.values()).sum();
            let buckets: u64 = out.iter().flat_map(|p| p.durations.values()).flat_map(|h| &h.buckets).sum();
            prop_assert_eq!(count, execs.len() as u64);
            prop_assert_eq!(counted, execs.len() as u64);
            prop_assert_eq!(buckets, execs.len() as u64);
            prop_assert_eq!(sum, execs.iter().map(|e| e.3).sum::<u64>());
            for p in &out {
                let named = p.durations.keys().filter(|(n, _, _)| n != OTHER)
                    .map(|(n, _, _)| n).collect::<std::collections::BTreeSet<_>>();
                prop_assert!(named.len() <= top);
            }
        }
    }
}
