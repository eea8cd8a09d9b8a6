//! What PC sampling tells the worker: the PC records it drained, the window records
//! it made, its cumulative counters and the run-time tier switches, in one message
//! type (the record dump writes them as they came, so a capture replays them).

use semconv::{Tier, Window};

use super::samples::PcRecord;

/// A message from the PC-sampling side to the worker. These travel on an
/// unbounded (lossless) channel: a lost window would be a sequence hole, and they are
/// few (at most two per burst, plus one PC drain per burst or drain period).
#[derive(Debug, Clone, Default)]
pub struct SamplingMsg {
    /// PC records drained (serialized: joined by correlation id; continuous: per function).
    pub pc: Vec<PcRecord>,
    /// A window record, exported the moment it arrives (after `pc`).
    pub window: Option<Window>,
    /// The producer's cumulative counters.
    pub counters: SamplingCounters,
    /// A run-time tier switch, applied before `pc` and `window`.
    pub switch: Option<TierSwitched>,
}

/// A run-time tier switch: executions that start at or after `at_ns` belong to `to`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TierSwitched {
    /// The switch instant, Unix epoch ns.
    pub at_ns: u64,
    /// The tier before.
    pub from: Tier,
    /// The tier from `at_ns` on.
    pub to: Tier,
}

/// The producer's cumulative PC-sampling counters, carried on window record spans.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct SamplingCounters {
    /// Serialized bursts opened.
    pub bursts: u64,
    /// Graph refusals (0 or 1).
    pub graph_refusals: u64,
    /// Failed cuptiPCSamplingStart calls.
    pub start_failures: u64,
    /// Failed cuptiPCSamplingStop calls.
    pub stop_failures: u64,
    /// (PC, stall) pairs collected.
    pub pairs: u64,
    /// Launches that ran inside bursts.
    pub launches_serialized: u64,
    /// Run-time tier switches carried out.
    pub tier_switches: u64,
}
