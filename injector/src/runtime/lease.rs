//! The GPU sampler lease on the collector thread, every flush period: which GPUs the
//! process has PC-sampling contexts on (their UUIDs, as the driver names them), their
//! lease files under the lease policy ([`crate::lease::Keeper`]), and the permission
//! handed to the run time (`pc::tick`). No file is touched on an application thread:
//! the launch callbacks only see the permission, through the run time's state.

use std::collections::HashMap;
use std::sync::atomic::{AtomicU8, Ordering};

use crate::cupti::{self, DriverDevices};
use crate::lease::{Keeper, LeaseDir, LeaseDirSetting};
use crate::resource::DeviceTable;
use crate::sampling::lease::LeaseConfig;

use super::pc::{self, LeaseGrant};

/// How the leases coordinate this process, for the exit line.
static STATUS: AtomicU8 = AtomicU8::new(0);
const OFF: u8 = 1;
const UNCOORDINATED: u8 = 2;
const COORDINATED: u8 = 3;

/// `none` (no serialized tier), `off` (`GPU_OTEL_PC_LEASE_DIR=off`), `uncoordinated`
/// (no usable lease directory) or `coordinated`.
pub(crate) fn status() -> &'static str {
    match STATUS.load(Ordering::Relaxed) {
        OFF => "off",
        UNCOORDINATED => "uncoordinated",
        COORDINATED => "coordinated",
        _ => "none",
    }
}

/// The collector's side of the sampler lease.
pub(crate) struct SamplerLease {
    keeper: Keeper,
    cfg: LeaseConfig,
    devices: DriverDevices,
    /// UUID per CUDA ordinal, once asked (`None`: the driver did not name it).
    names: HashMap<u32, Option<String>>,
    warned_unnamed: bool,
}

impl SamplerLease {
    /// Opens the lease directory (on the collector thread: it may create it).
    pub(crate) fn new(setting: &LeaseDirSetting, cfg: LeaseConfig, devices: DriverDevices) -> Self {
        let dir = LeaseDir::open(setting);
        let status = match (&dir, setting) {
            (_, LeaseDirSetting::Off) => OFF,
            (Ok(_), _) => COORDINATED,
            (Err(_), _) => UNCOORDINATED,
        };
        STATUS.store(status, Ordering::Relaxed);
        SamplerLease {
            keeper: Keeper::new(dir, cfg),
            cfg,
            devices,
            names: HashMap::new(),
            warned_unnamed: false,
        }
    }

    /// One period: the GPUs sampled now, the lease files, and the permission to hand
    /// to the run time (`pc::tick`).
    pub(crate) fn tick(&mut self, now: u64) -> Option<LeaseGrant> {
        let view = pc::lease_view()?;
        // Read before the GPUs: a context enabled after this makes the grant stale.
        let generation = cupti::pc_generation();
        let sampled = cupti::pc_devices();
        let mut gpus = Vec::new();
        for ordinal in sampled.ordinals {
            if !self.names.contains_key(&ordinal) {
                let uuid = self.devices.describe(ordinal).and_then(|d| d.uuid);
                self.names.insert(ordinal, uuid);
            }
            match self.names[&ordinal].clone() {
                Some(uuid) => gpus.push(uuid),
                None => self.unnamed(&format!("CUDA device {ordinal} has no UUID")),
            }
        }
        if sampled.unnamed > 0 {
            self.unnamed("CUPTI did not give the device of a context");
        }
        let jitter = fastrand::u64(0..self.cfg.retry_ns.max(1));
        let grant = self
            .keeper
            .tick(now, &gpus, view.wants, view.serializing, jitter);
        for line in self.keeper.take_log() {
            crate::log::line(&line);
        }
        Some(LeaseGrant {
            permit: grant.permit,
            generation,
            counters: grant.counters,
        })
    }

    /// A GPU the lease cannot name is sampled without coordination (logged once).
    fn unnamed(&mut self, why: &str) {
        if !self.warned_unnamed {
            self.warned_unnamed = true;
            crate::log::line(&format!(
                "PC sampler lease: {why}; that GPU is sampled without coordination with other processes"
            ));
        }
    }
}
