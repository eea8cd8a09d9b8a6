//! What PC sampling tells the worker: the PC records it drained, the window records
//! it made, its cumulative counters, the run-time tier switches and a failed session's
//! step-down, in one message type (the record dump writes them as they came, so a
//! capture replays them).

use semconv::{Tier, Window};

use super::samples::PcRecord;

/// A message from the PC-sampling side to the worker. These travel on a channel of
/// their own byte bound (`worker::SamplingSender`): they are few (at most two per burst,
/// plus one PC drain per burst or drain period), and at the bound the PC records go
/// first, since a lost window would be a sequence hole.
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
    /// PC sampling failed: no window will settle what is unknown now.
    pub step_down: Option<StepDown>,
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
    /// When `to` is off although another tier was configured: that tier and why.
    pub not_running: Option<(Tier, OffReason)>,
}

impl TierSwitched {
    /// What batches declare from the switch on.
    pub fn declared(&self) -> Declared {
        Declared {
            tier: self.to,
            not_running: self.not_running,
        }
    }
}

/// Why a process runs `off` although another tier was configured
/// (`gpu.pc_sampling.tier.reason`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum OffReason {
    /// It does not hold the sampler lease of every GPU it samples: another process
    /// samples one of them, or this one rests after its turn.
    WaitingForGpuSampler,
    /// Its PC sampling session failed; off for good.
    SamplingFailed,
}

impl OffReason {
    /// The wire value.
    pub fn as_str(self) -> &'static str {
        use semconv::attributes::gpu_pc_sampling_tier_reason as r;
        match self {
            OffReason::WaitingForGpuSampler => r::WAITING_FOR_GPU_SAMPLER,
            OffReason::SamplingFailed => r::SAMPLING_FAILED,
        }
    }

    /// Reads a wire value.
    pub fn parse(s: &str) -> Option<OffReason> {
        [OffReason::WaitingForGpuSampler, OffReason::SamplingFailed]
            .into_iter()
            .find(|r| r.as_str() == s)
    }
}

/// What a batch's resource declares about PC sampling: the tier running
/// (`gpu.pc_sampling.tier`) and, when it is off although another was configured, that
/// tier and why (`gpu.pc_sampling.tier.configured`, `gpu.pc_sampling.tier.reason`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Declared {
    /// The tier running.
    pub tier: Tier,
    /// The configured tier that does not run, and why.
    pub not_running: Option<(Tier, OffReason)>,
}

impl From<Tier> for Declared {
    fn from(tier: Tier) -> Self {
        Declared {
            tier,
            not_running: None,
        }
    }
}

/// Why a PC sampling session was judged failed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Failure {
    /// `cuptiPCSamplingStart` returned an error.
    StartFailed,
    /// `cuptiPCSamplingStop` returned an error.
    StopFailed,
    /// `cuptiPCSamplingGetData` returned an error.
    GetDataFailed,
    /// A burst stayed open, with no launch callback after its Start, far past its
    /// length (the H200's second process: no callback and no record ever came back).
    BurstStuck,
}

impl Failure {
    /// Its name in logs and the exit line.
    pub fn as_str(self) -> &'static str {
        match self {
            Failure::StartFailed => "start_failed",
            Failure::StopFailed => "stop_failed",
            Failure::GetDataFailed => "getdata_failed",
            Failure::BurstStuck => "burst_stuck",
        }
    }

    /// Reads a name.
    pub fn parse(s: &str) -> Option<Failure> {
        [
            Failure::StartFailed,
            Failure::StopFailed,
            Failure::GetDataFailed,
            Failure::BurstStuck,
        ]
        .into_iter()
        .find(|f| f.as_str() == s)
    }
}

/// PC sampling failed at `at_ns`: no burst opens again, the failed burst's window (if
/// one was open) is never closed, and so every execution it may have touched reads
/// "unknown" for good; the stamper holds nothing for evidence that will not come.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct StepDown {
    /// When the failure was noticed, Unix epoch ns.
    pub at_ns: u64,
    /// What failed.
    pub failure: Failure,
}

/// The producer's cumulative PC-sampling counters, carried on window record spans and
/// tier-switch markers.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(default)]
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
    /// Time spent wanting to serialize without the GPU's sampler lease, ms.
    pub sampler_wait_ms: u64,
    /// Sampler leases taken.
    pub sampler_leases_taken: u64,
    /// Sampler leases given up.
    pub sampler_leases_given_up: u64,
}
