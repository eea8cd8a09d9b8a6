//! A fake CUPTI for tests, so the whole path from records to OTLP runs without a GPU:
//! a kernel record builder (defaults look like a small 1-D launch), a PC record
//! ([`pc_record`]), a fake of the NVTX and launch callbacks ([`FakeNvtx`], application
//! context ranges included), a fake
//! driver's table of GPUs ([`FakeDevices`]), a fake table of PC-sampling contexts
//! ([`FakePcTable`]), and a fake SASS-to-source correlation ([`FakeSass`]).

use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::Arc;

use crate::nvtx::stack::ThreadRanges;
use crate::nvtx::tracker::{Tracker, TrackerCounters};
use crate::nvtx::{Attributes, Call, Handle, RangeLink};
use crate::record::KernelRecord;
use crate::resource::{device_uuid, Device, DeviceTable, MigInstance, UuidKind};
use crate::sampling::cubins::CubinCounts;
use crate::sampling::lines::{Correlation, SassSource};
use crate::sampling::samples::PcRecord;
use crate::sampling::samples::SourceLine;
use crate::worker::NvtxSender;

/// One PC of `_Z1kv` (offset 16) with `samples` samples of one stall reason, under the
/// launch's correlation id (0: a CONTINUOUS record, which carries none).
pub fn pc_record(correlation_id: u32, stall: &str, samples: u32) -> PcRecord {
    PcRecord {
        correlation_id,
        function: Arc::from("_Z1kv"),
        pc_offset: 16,
        stalls: vec![(Arc::from(stall), samples)],
        source: Default::default(),
    }
}

/// A fake of CUPTI's SASS-to-source correlation. The module of CRC
/// [`FakeSass::WITH_LINES`] was built with `-lineinfo`: each PC has the line
/// [`FakeSass::line`] gives; any other CRC is a module without line information.
#[derive(Debug, Default)]
pub struct FakeSass {
    /// Questions asked (each distinct PC once, when the cache works).
    pub asked: Arc<AtomicU32>,
}

impl FakeSass {
    /// The CRC of the fake module that carries line information.
    pub const WITH_LINES: u64 = 0x11e5_c0de;
    /// The CRC of a fake module built without it.
    pub const WITHOUT_LINES: u64 = 0x0de5_c0de;

    /// The line of `offset` in `function` of the module with lines: line
    /// `10 + offset / 16` of `/src/fake/<function>.cu`.
    pub fn line(function: &str, offset: u64) -> SourceLine {
        SourceLine {
            file: Arc::from(format!("/src/fake/{function}.cu")),
            line: 10 + (offset / 16) as u32,
        }
    }
}

impl SassSource for FakeSass {
    fn correlate(&mut self, crc: u64, function: &str, pc_offset: u64) -> Correlation {
        self.asked.fetch_add(1, Ordering::Relaxed);
        if crc == Self::WITH_LINES {
            Correlation::Line(Self::line(function, pc_offset))
        } else {
            Correlation::NoLineInfo
        }
    }

    fn cubins(&self) -> CubinCounts {
        CubinCounts::default()
    }
}

/// A fake of CUPTI's PC-sampling contexts of one process: which GPU each is on, and
/// whether PC sampling is enabled on it, as Enable and Disable leave it. A Disable can be
/// made to fail (`fail_disable`): the context then stays enabled, as CUPTI leaves it.
#[derive(Debug, Clone, Default)]
pub struct FakePcTable {
    /// (GPU UUID, enabled) per context.
    contexts: Vec<(String, bool)>,
    generation: u64,
    disable_failures: u64,
    /// Every Disable fails while set.
    pub fail_disable: bool,
}

impl FakePcTable {
    /// A context created on `gpu`: known, not enabled; the generation moves on (as
    /// `cupti::pc_generation` does).
    pub fn create(&mut self, gpu: &str) {
        self.contexts.push((gpu.to_string(), false));
        self.generation += 1;
    }

    /// How many contexts were created so far.
    pub fn generation(&self) -> u64 {
        self.generation
    }

    /// The GPUs with a context, each once.
    pub fn gpus(&self) -> Vec<String> {
        let mut gpus: Vec<String> = self.contexts.iter().map(|(g, _)| g.clone()).collect();
        gpus.sort();
        gpus.dedup();
        gpus
    }

    /// Known and enabled contexts.
    pub fn contexts(&self) -> crate::sampling::enable::Contexts {
        crate::sampling::enable::Contexts {
            known: self.contexts.len(),
            enabled: self.contexts.iter().filter(|(_, e)| *e).count(),
        }
    }

    /// Enable on every context not enabled.
    pub fn enable_all(&mut self) {
        for c in &mut self.contexts {
            c.1 = true;
        }
    }

    /// Disable on every enabled context; returns how many failed.
    pub fn disable_all(&mut self) -> u64 {
        let mut failed = 0;
        for c in self.contexts.iter_mut().filter(|c| c.1) {
            if self.fail_disable {
                failed += 1;
            } else {
                c.1 = false;
            }
        }
        self.disable_failures += failed;
        failed
    }

    /// Disables that failed so far.
    pub fn disable_failures(&self) -> u64 {
        self.disable_failures
    }

    /// Whether any context on `gpu` has PC sampling enabled.
    pub fn enabled_on(&self, gpu: &str) -> bool {
        self.contexts.iter().any(|(g, e)| g == gpu && *e)
    }
}

/// A fake driver's GPUs: an 8-GPU node, seen as a process sees it through
/// `CUDA_VISIBLE_DEVICES`: ordinal `i` is the `i`-th visible physical GPU, and its UUID
/// is that physical GPU's, as the real driver answers.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FakeDevices {
    visible: Vec<usize>,
}

impl FakeDevices {
    /// GPUs on the fake node.
    pub const GPUS: usize = 8;

    /// Every GPU visible, in order (no `CUDA_VISIBLE_DEVICES`).
    pub fn node() -> Self {
        FakeDevices {
            visible: (0..Self::GPUS).collect(),
        }
    }

    /// The GPUs a `CUDA_VISIBLE_DEVICES` list of physical indices makes visible, in its
    /// order (`"5"`: ordinal 0 is physical GPU 5). Entries that name no GPU are left out.
    pub fn visible(list: &str) -> Self {
        FakeDevices {
            visible: list
                .split(',')
                .filter_map(|i| i.trim().parse().ok())
                .filter(|i| *i < Self::GPUS)
                .collect(),
        }
    }

    /// The UUID of physical GPU `physical`, as nvidia-smi would print it.
    pub fn uuid(physical: usize) -> String {
        format!("GPU-{physical:08x}-1111-2222-3333-4444{physical:08x}")
    }
}

impl DeviceTable for FakeDevices {
    fn describe(&mut self, ordinal: u32) -> Option<Device> {
        let physical = *self.visible.get(ordinal as usize)?;
        Some(Device {
            name: "NVIDIA H200".into(),
            uuid: Some(Self::uuid(physical)),
            mig: None,
        })
    }
}

/// A fake node whose GPU 0 is split into MIG instances, seen as a process sees it: the
/// CUDA driver gives each visible instance's own UUID (as `cuDeviceGetUuid` does on MIG)
/// and says nothing of its parent; a fake NVML, when `nvml` is set, answers what the real
/// one answers; the naming goes through [`device_uuid`], as the driver's table does.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FakeMigNode {
    /// The instances this process sees, in ordinal order: indices into [`Self::INSTANCES`].
    pub visible: Vec<usize>,
    /// Whether NVML can be asked.
    pub nvml: bool,
    /// `CUDA_VISIBLE_DEVICES` as the process was given it.
    pub visible_devices: Option<String>,
}

impl FakeMigNode {
    /// The parent GPU's UUID.
    pub const PARENT: &'static str = "GPU-00000000-1111-2222-3333-444400000000";
    /// The instances of GPU 0: (hex UUID, GPU instance id, compute instance id, profile).
    pub const INSTANCES: [(&'static str, u32, u32, &'static str); 3] = [
        (
            "4e1b9a2c-0001-5000-8000-00000000a001",
            1,
            0,
            "NVIDIA H200 MIG 3g.71gb",
        ),
        (
            "4e1b9a2c-0002-5000-8000-00000000a002",
            2,
            0,
            "NVIDIA H200 MIG 2g.35gb",
        ),
        (
            "4e1b9a2c-0003-5000-8000-00000000a003",
            3,
            0,
            "NVIDIA H200 MIG 1g.18gb",
        ),
    ];

    /// The `MIG-…` UUID of instance `i`, as nvidia-smi -L prints it.
    pub fn uuid(i: usize) -> String {
        format!("MIG-{}", Self::INSTANCES[i].0)
    }

    fn nvml(&self, hex: &str) -> UuidKind {
        if !self.nvml {
            return UuidKind::Unknown;
        }
        match Self::INSTANCES.iter().find(|m| m.0 == hex) {
            Some(&(_, gi, ci, profile)) => UuidKind::Mig(MigInstance {
                parent_uuid: Some(Self::PARENT.into()),
                gpu_instance: Some(gi),
                compute_instance: Some(ci),
                profile: Some(profile.into()),
            }),
            None => UuidKind::Unknown,
        }
    }
}

impl DeviceTable for FakeMigNode {
    fn describe(&mut self, ordinal: u32) -> Option<Device> {
        let i = *self.visible.get(ordinal as usize)?;
        let hex = Self::INSTANCES.get(i)?.0;
        let (uuid, mig) = device_uuid(hex, self.nvml(hex), self.visible_devices.as_deref());
        Some(Device {
            name: "NVIDIA H200".into(),
            uuid: Some(uuid),
            mig,
        })
    }
}

/// Builds one [`KernelRecord`].
#[derive(Debug, Clone)]
pub struct FakeKernel {
    record: KernelRecord,
}

impl FakeKernel {
    /// A kernel named `mangled` that ran from `start_ns` to `end_ns` (Unix epoch ns)
    /// on device 0, context 1, stream 7, 1 block of 32 threads.
    pub fn new(mangled: &str, start_ns: u64, end_ns: u64) -> Self {
        FakeKernel {
            record: KernelRecord {
                name: Arc::from(mangled),
                start_ns,
                end_ns,
                correlation_id: 1,
                device_id: 0,
                context_id: 1,
                stream_id: 7,
                graph_id: 0,
                grid: [1, 1, 1],
                block: [32, 1, 1],
                static_shared_memory: 0,
                dynamic_shared_memory: 0,
                registers_per_thread: 16,
                range: None,
                graph_launch: None,
            },
        }
    }

    /// Sets the correlation id.
    pub fn correlation(mut self, id: u32) -> Self {
        self.record.correlation_id = id;
        self
    }

    /// Sets the device ordinal.
    pub fn device(mut self, id: u32) -> Self {
        self.record.device_id = id;
        self
    }

    /// Sets the context id.
    pub fn context(mut self, id: u32) -> Self {
        self.record.context_id = id;
        self
    }

    /// Sets the stream id.
    pub fn stream(mut self, id: u32) -> Self {
        self.record.stream_id = id;
        self
    }

    /// Sets the graph id.
    pub fn graph(mut self, id: u32) -> Self {
        self.record.graph_id = id;
        self
    }

    /// Sets the grid dimensions.
    pub fn grid(mut self, g: [i32; 3]) -> Self {
        self.record.grid = g;
        self
    }

    /// Sets the block dimensions.
    pub fn block(mut self, b: [i32; 3]) -> Self {
        self.record.block = b;
        self
    }

    /// Sets static and dynamic shared memory per block.
    pub fn shared_memory(mut self, static_bytes: i32, dynamic_bytes: i32) -> Self {
        self.record.static_shared_memory = static_bytes;
        self.record.dynamic_shared_memory = dynamic_bytes;
        self
    }

    /// Sets registers per thread.
    pub fn registers(mut self, n: u16) -> Self {
        self.record.registers_per_thread = n;
        self
    }

    /// One replay of graph `graph_id` as CUPTI's graph-trace record gives it (device
    /// 0, context 1, stream 7), standing for `kernel_nodes` executions (`None`:
    /// unknown); no kernel name, grid or block.
    pub fn graph_launch(
        graph_id: u32,
        kernel_nodes: Option<u64>,
        start_ns: u64,
        end_ns: u64,
    ) -> Self {
        let mut k = FakeKernel::new("", start_ns, end_ns).graph(graph_id);
        k.record.grid = [0; 3];
        k.record.block = [0; 3];
        k.record.registers_per_thread = 0;
        k.record.graph_launch = Some(crate::record::GraphLaunch { kernel_nodes });
        k
    }

    /// Sets the NVTX range the launch ran under.
    pub fn range(mut self, link: RangeLink) -> Self {
        self.record.range = Some(link);
        self
    }

    /// The record.
    pub fn record(self) -> KernelRecord {
        self.record
    }
}

/// `n` kernels over `streams` streams, back to back per stream, each `dur_ns` long,
/// starting at `t0_ns`, correlation ids 1..=n.
pub fn burst(t0_ns: u64, n: u32, streams: u32, dur_ns: u64) -> Vec<KernelRecord> {
    let streams = streams.max(1);
    (0..n)
        .map(|i| {
            let lane = i % streams;
            let k = u64::from(i / streams);
            let start = t0_ns + k * (dur_ns + 1_000) + u64::from(lane) * 100;
            FakeKernel::new("_Z7fmaLoopPfii", start, start + dur_ns)
                .correlation(i + 1)
                .stream(13 + lane)
                .grid([16, 1, 1])
                .block([256, 1, 1])
                .registers(24)
                .record()
        })
        .collect()
}

/// A fake of CUPTI's NVTX and launch callbacks, for GPU-free tests: the program's
/// threads make NVTX calls and launches through the injector's own [`Tracker`], with
/// the instants the test chooses, and kernel records get their range the way the
/// collector sets it (by correlation id). Launch correlation switches on at the first
/// push, as the collector does when the first range wakes it.
#[derive(Debug)]
pub struct FakeNvtx {
    tracker: Tracker<NvtxSender>,
    next_correlation: AtomicU32,
}

impl FakeNvtx {
    /// Ranges and names go to `sender` (an export path's [`crate::worker::RecordQueue::nvtx_sender`]).
    pub fn new(sender: NvtxSender) -> Self {
        FakeNvtx {
            tracker: Tracker::new(sender),
            next_correlation: AtomicU32::new(1),
        }
    }

    /// One application thread with OS thread id `tid` and no range open.
    pub fn thread(&self, tid: u32) -> FakeThread<'_> {
        FakeThread {
            nvtx: self,
            ranges: ThreadRanges::new(),
            tid,
        }
    }

    /// Sets each record's range from its launch, as the collector does.
    pub fn link(&self, records: &mut [KernelRecord]) {
        for r in records {
            r.range = self.tracker.lookup(r.correlation_id);
        }
    }

    /// The tracker's counters.
    pub fn counters(&self) -> TrackerCounters {
        self.tracker.counters()
    }
}

/// One thread of a [`FakeNvtx`] program.
#[derive(Debug)]
pub struct FakeThread<'a> {
    nvtx: &'a FakeNvtx,
    ranges: ThreadRanges,
    tid: u32,
}

impl FakeThread<'_> {
    /// An NVTX call at `now_ns`, as CUPTI's NVTX callback reports it.
    pub fn call(&mut self, call: Call, now_ns: u64) {
        let t = &self.nvtx.tracker;
        if t.call(&mut self.ranges, self.tid, call, now_ns) {
            t.prepare_correlation(crate::nvtx::correlation::SLOTS_DEFAULT);
            t.correlation_enabled(true);
        }
    }

    /// `nvtxRangePushA(message)` at `now_ns`.
    pub fn push(&mut self, message: &str, now_ns: u64) {
        self.call(
            Call::Push {
                domain: 0,
                attrs: Attributes::text(message),
            },
            now_ns,
        );
    }

    /// `nvtxRangePop()` at `now_ns`.
    pub fn pop(&mut self, now_ns: u64) {
        self.call(Call::Pop { domain: 0 }, now_ns);
    }

    /// `nvtxDomainCreateA(name)` at `now_ns`, which returned `handle`.
    pub fn create_domain(&mut self, handle: Handle, name: &str, now_ns: u64) {
        self.call(
            Call::DomainCreated {
                domain: handle,
                name: name.into(),
            },
            now_ns,
        );
    }

    /// `nvtxDomainRangePushEx(domain, {ASCII message})` at `now_ns`: with the domain
    /// [`crate::nvtx::context::APP_DOMAIN`]'s handle and a `traceparent`, what the
    /// companion of an application's OpenTelemetry SDK does when a span becomes current.
    pub fn push_in(&mut self, domain: Handle, message: &str, now_ns: u64) {
        self.call(
            Call::Push {
                domain,
                attrs: Attributes::text(message),
            },
            now_ns,
        );
    }

    /// `nvtxDomainRangePop(domain)` at `now_ns`.
    pub fn pop_in(&mut self, domain: Handle, now_ns: u64) {
        self.call(Call::Pop { domain }, now_ns);
    }

    /// Launches `kernel` (the launch callback with a fresh correlation id) and returns
    /// its record as CUPTI will deliver it, before the collector sets its range.
    pub fn launch(&mut self, kernel: FakeKernel) -> KernelRecord {
        let id = self.nvtx.next_correlation.fetch_add(1, Ordering::Relaxed);
        self.nvtx.tracker.launch(&self.ranges, id);
        kernel.correlation(id).record()
    }
}
