//! One kernel execution (or, with `GPU_OTEL_GRAPH_RECORDS=launches`, one CUDA-graph
//! replay standing for its kernel nodes' executions) as CUPTI reported it: what every other part of the injector
//! takes in (the collector decodes it, the worker slices and stamps it, the record
//! dump writes it, tests and replays make it).

use std::sync::Arc;

use crate::nvtx::RangeLink;

/// One kernel execution, owned, as decoded from a CUPTI kernel activity record.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct KernelRecord {
    /// The mangled name, as CUPTI reports it.
    pub name: Arc<str>,
    /// GPU start, Unix epoch nanoseconds (CUPTI timestamps are CLOCK_REALTIME).
    pub start_ns: u64,
    /// GPU end, Unix epoch nanoseconds.
    pub end_ns: u64,
    /// CUPTI correlation id of the launch.
    pub correlation_id: u32,
    /// CUDA device ordinal.
    pub device_id: u32,
    /// CUPTI context id.
    pub context_id: u32,
    /// CUPTI stream id.
    pub stream_id: u32,
    /// CUDA graph id, 0 when not launched from a graph.
    pub graph_id: u32,
    /// Grid dimensions (blocks).
    pub grid: [i32; 3],
    /// Block dimensions (threads).
    pub block: [i32; 3],
    /// Static shared memory per block, bytes.
    pub static_shared_memory: i32,
    /// Dynamic shared memory per block, bytes.
    pub dynamic_shared_memory: i32,
    /// Registers per thread.
    pub registers_per_thread: u16,
    /// The NVTX push/pop range open on the launching thread at launch, if any (looked
    /// up by correlation id when the record is decoded): the span's parent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub range: Option<RangeLink>,
    /// Set when the record is a CUDA-graph replay (a graph-trace record), not one
    /// kernel: it stands for the replay's kernel node executions. Its name, grid, block,
    /// shared memory and registers are then empty.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub graph_launch: Option<GraphLaunch>,
}

impl KernelRecord {
    /// Kernel executions the record stands for: 1 for a kernel, the kernel nodes of a
    /// graph replay (`None`: unknown).
    pub fn executions(&self) -> Option<u64> {
        match &self.graph_launch {
            None => Some(1),
            Some(g) => g.kernel_nodes,
        }
    }
}

/// One replay of a CUDA graph exec, as CUPTI's graph-trace record gives it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct GraphLaunch {
    /// Kernel nodes of the replayed exec, counted at instantiation by launch accounting;
    /// `None` when unknown (never guessed).
    pub kernel_nodes: Option<u64>,
}

/// What a CUDA-graph replay becomes (`GPU_OTEL_GRAPH_RECORDS`).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum GraphRecords {
    /// One kernel record, and span, per kernel node (CUPTI's kernel records; the
    /// default). CUPTI stops giving them past its device buffer pool (counted loss).
    #[default]
    Nodes,
    /// One graph-trace record, and `gpu.graph.launch` span, per replay; kernel nodes'
    /// own durations are not seen.
    Launches,
}

impl GraphRecords {
    /// The setting's value, `nodes` or `launches` (any case, spaces trimmed).
    pub fn parse(v: &str) -> Option<Self> {
        match v.trim().to_ascii_lowercase().as_str() {
            "nodes" => Some(GraphRecords::Nodes),
            "launches" => Some(GraphRecords::Launches),
            _ => None,
        }
    }

    /// The setting's value as written.
    pub fn as_str(self) -> &'static str {
        match self {
            GraphRecords::Nodes => "nodes",
            GraphRecords::Launches => "launches",
        }
    }
}
