//! One kernel execution as CUPTI reported it: what every other part of the injector
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
}
