//! The injector's configuration: the only module that reads environment variables.
//!
//! Precedence: an explicit value in the environment, else the named `*_DEFAULT`.
//! The injector must never fail its host, so an invalid value is not an error: it
//! falls back to the default and leaves a warning that is logged once at start.
//!
//! The OTLP exporter's standard variables (`OTEL_EXPORTER_OTLP_*`) are read by the
//! export client's own reader (`otlp_client::env`), the receiver's too, into
//! [`ExportConfig`]; here each bad one becomes a warning. A program with an OpenTelemetry
//! SDK of its own uses the same variables for its own telemetry, so the injector also
//! takes them with a `GPU_` prefix (`GPU_OTEL_EXPORTER_OTLP_ENDPOINT`, ...): when the
//! prefixed endpoint is set, every exporter variable is read in its prefixed form alone,
//! and the program's own are left to the program (the webhook injects these).

use std::path::PathBuf;
use std::time::Duration;

use otlp_client::{EnvSettings, ExportConfig};

use crate::lease::LeaseDirSetting;
pub use crate::record::GraphRecords;
use crate::sampling::controller::BurstConfig;
use crate::sampling::enable::EnableMode;
use crate::sampling::lease::LeaseConfig;

/// Default trace slice: one trace per second per process.
pub const TRACE_SLICE_MS_DEFAULT: u64 = 1_000;
/// Default period of the injector's `cuptiActivityFlushAll` (~100 ms bounds
/// delivery lag; CUPTI otherwise delivers a buffer only when it is full).
pub const FLUSH_INTERVAL_MS_DEFAULT: u64 = 100;
/// Default deadline of the at-exit flush and export.
pub const EXIT_DEADLINE_MS_DEFAULT: u64 = 2_000;
/// Default memory budget of pending data (records queued, requests encoded), bytes
/// (see [`crate::budget`]).
pub const BUDGET_BYTES_DEFAULT: u64 = 128 << 20;
/// The same, MiB.
pub const BUDGET_MB_DEFAULT: u64 = BUDGET_BYTES_DEFAULT >> 20;
/// Default bound of one export request's encoded size: a quarter of the common 4 MiB
/// receive limit, large enough that a request carries thousands of kernel spans.
pub const MAX_REQUEST_BYTES_DEFAULT: usize = 1 << 20;
/// Bound of PC sampling's messages waiting for the worker, bytes. A bound of its own,
/// not the memory budget: kernel records fill the budget at high launch rates, and a
/// window record refused for their sake would be a sequence hole caused by something
/// else. A quarter of the default budget: the messages are few (at most two windows
/// per burst plus one PC drain per burst or drain period), so only a worker that has
/// stopped reading fills it.
pub const SAMPLING_CHANNEL_BYTES: u64 = BUDGET_BYTES_DEFAULT / 4;
/// Default number of export requests in flight at once.
pub const IN_FLIGHT_DEFAULT: usize = 8;
/// Default size of one CUPTI activity buffer.
pub const BUFFER_BYTES_DEFAULT: usize = 4 << 20;
/// Default number of CUPTI activity buffers that may exist at once; past it CUPTI
/// gets no buffer and counts the records it drops.
pub const MAX_BUFFERS_DEFAULT: usize = 32;

/// Prefixed to an `OTEL_EXPORTER_OTLP_*` variable: the injector's own.
pub const OWN_EXPORTER_PREFIX: &str = "GPU_";

/// `OTEL_SDK_DISABLED`.
pub const ENV_SDK_DISABLED: &str = "OTEL_SDK_DISABLED";
/// `OTEL_SERVICE_NAME`.
pub const ENV_SERVICE_NAME: &str = "OTEL_SERVICE_NAME";
/// `OTEL_RESOURCE_ATTRIBUTES`.
pub const ENV_RESOURCE_ATTRIBUTES: &str = "OTEL_RESOURCE_ATTRIBUTES";
/// Length of one trace slice in milliseconds.
pub const ENV_TRACE_SLICE_MS: &str = "GPU_OTEL_TRACE_SLICE_MS";
/// Period of the CUPTI flush in milliseconds.
pub const ENV_FLUSH_INTERVAL_MS: &str = "GPU_OTEL_FLUSH_INTERVAL_MS";
/// Deadline of the at-exit flush and export in milliseconds.
pub const ENV_EXIT_DEADLINE_MS: &str = "GPU_OTEL_EXIT_DEADLINE_MS";
/// Size of one CUPTI activity buffer, MiB.
pub const ENV_CUPTI_BUFFER_MB: &str = "GPU_OTEL_CUPTI_BUFFER_MB";
/// Most CUPTI activity buffers alive at once.
pub const ENV_CUPTI_MAX_BUFFERS: &str = "GPU_OTEL_CUPTI_MAX_BUFFERS";
/// Memory budget of pending data (records queued, requests encoded), MiB.
pub const ENV_BUDGET_MB: &str = "GPU_OTEL_BUDGET_MB";
/// Largest encoded export request, bytes.
pub const ENV_MAX_REQUEST_BYTES: &str = "GPU_OTEL_MAX_REQUEST_BYTES";
/// Export requests in flight at once.
pub const ENV_IN_FLIGHT: &str = "GPU_OTEL_EXPORT_IN_FLIGHT";
/// Path of the CUPTI library to load instead of searching the library path.
pub const ENV_CUPTI_PATH: &str = "GPU_OTEL_CUPTI_PATH";
/// When set, every decoded kernel record is also written to this file as a JSON line
/// (by the exporter thread, never the application's). For captures and debugging.
pub const ENV_RECORD_DUMP: &str = "GPU_OTEL_RECORD_DUMP";

/// PC-sampling tier: `off` (default), `continuous` or `serialized`.
pub const ENV_PC_SAMPLING: &str = "GPU_OTEL_PC_SAMPLING";
/// Serialized tier: burst length bound, ms.
pub const ENV_PC_BURST_MS: &str = "GPU_OTEL_PC_BURST_MS";
/// Serialized tier: target (PC, stall) pairs per second.
pub const ENV_PC_TARGET_RATE: &str = "GPU_OTEL_PC_TARGET_RATE";
/// Serialized tier: duty ceiling in permille (50 = 5%).
pub const ENV_PC_MAX_DUTY_PERMILLE: &str = "GPU_OTEL_PC_MAX_DUTY_PERMILLE";
/// Serialized tier: longest gap between bursts, ms.
pub const ENV_PC_MAX_GAP_MS: &str = "GPU_OTEL_PC_MAX_GAP_MS";
/// Serialized tier: most launches one burst serializes; 0 = bounded by time only.
pub const ENV_PC_BURST_LAUNCHES: &str = "GPU_OTEL_PC_BURST_LAUNCHES";
/// PCs per CUPTI sampling data buffer (`collectNumPcs`).
pub const ENV_PC_BUFFER_PCS: &str = "GPU_OTEL_PC_BUFFER_PCS";
/// CUPTI sampling period exponent (2^n cycles, 5..=31); unset: CUPTI's default.
pub const ENV_PC_SAMPLING_PERIOD: &str = "GPU_OTEL_PC_SAMPLING_PERIOD";
/// CUPTI's hardware buffer of PC samples, MiB (`HARDWARE_BUFFER_SIZE`); unset: CUPTI's.
/// A full one fails `cuptiPCSamplingGetData` with `CUPTI_ERROR_OUT_OF_MEMORY`.
pub const ENV_PC_HW_BUFFER_MB: &str = "GPU_OTEL_PC_HW_BUFFER_MB";
/// How often CUPTI's worker thread moves samples out of the hardware buffer, ms
/// (`WORKER_THREAD_PERIODIC_SLEEP_SPAN`); unset: CUPTI's.
pub const ENV_PC_WORKER_SLEEP_MS: &str = "GPU_OTEL_PC_WORKER_SLEEP_MS";
/// A file whose content (`serialized` or `continuous`) switches the running tier
/// while the application runs; read by the collector thread every flush period.
pub const ENV_PC_CONTROL_FILE: &str = "GPU_OTEL_PC_CONTROL_FILE";
/// Serialized tier: `cuCtxSynchronize` before each burst's Start (`1`, default) or not.
pub const ENV_PC_SYNC_BEFORE_START: &str = "GPU_OTEL_PC_SYNC_BEFORE_START";
/// Also take the runtime API's launch callbacks (`1`); default `0`: the driver's only.
pub const ENV_PC_RUNTIME_CALLBACKS: &str = "GPU_OTEL_PC_RUNTIME_CALLBACKS";
/// Most MiB of loaded modules' cubins kept for the source lines of sampled PCs; `0`
/// keeps none (no sample gets a line).
pub const ENV_PC_CUBIN_MB: &str = "GPU_OTEL_PC_CUBIN_MB";
/// The directory of the per-GPU sampler leases (an absolute path every process that
/// may sample the same GPUs sees as the same directory); `off`: no coordination.
pub const ENV_PC_LEASE_DIR: &str = "GPU_OTEL_PC_LEASE_DIR";
/// How long a process holds its GPUs' sampler leases before giving them up, ms.
pub const ENV_PC_LEASE_HOLD_MS: &str = "GPU_OTEL_PC_LEASE_HOLD_MS";
/// How long it rests after giving them up before trying again, ms.
pub const ENV_PC_LEASE_REST_MS: &str = "GPU_OTEL_PC_LEASE_REST_MS";
/// When PC sampling is enabled on a context: `context` (default: at its creation) or
/// `lease` (only while the process holds the GPU's sampler lease; serialized tier
/// without a control file). Not yet run on a GPU.
pub const ENV_PC_ENABLE: &str = "GPU_OTEL_PC_ENABLE";

/// Launch accounting: `1` (default) counts the executions each launch promises and
/// reports those CUPTI gave no record of; `0` turns it (and its callbacks) off.
pub const ENV_LAUNCH_ACCOUNTING: &str = "GPU_OTEL_LAUNCH_ACCOUNTING";
/// How long after its launches a block of them is settled against its records, ms.
pub const ENV_RECORD_SETTLE_MS: &str = "GPU_OTEL_RECORD_SETTLE_MS";
/// Default of [`ENV_RECORD_SETTLE_MS`]: far beyond CUPTI's ~100 ms delivery and the
/// queueing of kernels on a busy GPU; a kernel that runs longer (a collective waiting
/// for its peers) is reported missing and then counted as a late record.
pub const RECORD_SETTLE_MS_DEFAULT: u64 = 10_000;
/// CUPTI's device buffer size (`CUPTI_ACTIVITY_ATTR_DEVICE_BUFFER_SIZE`), MiB; unset:
/// CUPTI's own default.
pub const ENV_CUPTI_DEVICE_BUFFER_MB: &str = "GPU_OTEL_CUPTI_DEVICE_BUFFER_MB";
/// CUPTI's device buffer pool limit (`CUPTI_ACTIVITY_ATTR_DEVICE_BUFFER_POOL_LIMIT`);
/// unset: CUPTI's own default.
pub const ENV_CUPTI_DEVICE_BUFFER_POOL_LIMIT: &str = "GPU_OTEL_CUPTI_DEVICE_BUFFER_POOL_LIMIT";

/// What a CUDA-graph replay becomes: `nodes` (default), one kernel span per kernel node
/// (CUPTI's kernel records), or `launches`, one `gpu.graph.launch` span per replay
/// (CUPTI's graph-trace records), past the ceiling where CUPTI stops recording nodes.
pub const ENV_GRAPH_RECORDS: &str = "GPU_OTEL_GRAPH_RECORDS";

/// NVTX ranges as parent spans: `1` (default) or `0`.
pub const ENV_NVTX: &str = "GPU_OTEL_NVTX";
/// CUDA's own variable: which GPUs (or `MIG-…` instances) the process sees.
pub const ENV_CUDA_VISIBLE_DEVICES: &str = "CUDA_VISIBLE_DEVICES";
/// NVTX's own variable naming its tool; the injector sets it to libcupti when unset.
pub const ENV_NVTX_INJECTION_PATH: &str = "NVTX_INJECTION64_PATH";

/// Default `collectNumPcs` in the serialized tier (measured on an H200: 20,000 returned
/// nothing from 50 ms bursts, 64 returned thousands).
pub const PC_BUFFER_PCS_SERIALIZED_DEFAULT: usize = 64;
/// Default `collectNumPcs` in the continuous tier.
pub const PC_BUFFER_PCS_CONTINUOUS_DEFAULT: usize = 2048;

/// Where the CUPTI library is searched when `GPU_OTEL_CUPTI_PATH` is not set and the
/// dynamic loader's search path has none: the CUDA toolkit's usual locations.
pub const CUPTI_FALLBACK_PATHS: &[&str] = &[
    "/usr/local/cuda/lib64/libcupti.so.13",
    "/usr/local/cuda/extras/CUPTI/lib64/libcupti.so.13",
];

/// Everything the injector reads from its environment, validated.
#[derive(Debug, Clone, PartialEq)]
pub struct Config {
    /// `OTEL_SDK_DISABLED=true`: the injector does not attach at all.
    pub sdk_disabled: bool,
    /// `OTEL_SERVICE_NAME`, when set and not empty.
    pub service_name: Option<String>,
    /// `OTEL_RESOURCE_ATTRIBUTES`, unparsed.
    pub resource_attributes: Option<String>,
    /// The OTLP exporter.
    pub export: ExportConfig,
    /// Length of one trace slice.
    pub trace_slice: Duration,
    /// Period of `cuptiActivityFlushAll`.
    pub flush_interval: Duration,
    /// Deadline of the at-exit flush and export.
    pub exit_deadline: Duration,
    /// Memory budget of pending data, bytes.
    pub budget_bytes: u64,
    /// Largest encoded export request, bytes.
    pub max_request_bytes: usize,
    /// Export requests in flight at once.
    pub in_flight: usize,
    /// Size of one CUPTI activity buffer.
    pub buffer_bytes: usize,
    /// Most CUPTI activity buffers alive at once.
    pub max_buffers: usize,
    /// An explicit CUPTI library path.
    pub cupti_path: Option<PathBuf>,
    /// Where to write decoded records as JSON lines, if anywhere.
    pub record_dump: Option<PathBuf>,
    /// `GPU_OTEL_PC_SAMPLING`, raw (parsed by `sampling::tier`).
    pub pc_sampling: Option<String>,
    /// The serialized tier's burst controller.
    pub burst: BurstConfig,
    /// `collectNumPcs`; `None`: the tier's default.
    pub pc_buffer_pcs: Option<usize>,
    /// Sampling period exponent; `None`: CUPTI's default.
    pub pc_sampling_period: Option<u32>,
    /// CUPTI's hardware buffer, bytes; `None`: CUPTI's default.
    pub pc_hw_buffer_bytes: Option<usize>,
    /// CUPTI's worker thread's sleep between moves out of the hardware buffer, ms;
    /// `None`: CUPTI's default.
    pub pc_worker_sleep_ms: Option<u32>,
    /// The tier control file, when the tier may switch at run time.
    pub pc_control_file: Option<PathBuf>,
    /// Synchronize the context before each burst's Start.
    pub pc_sync_before_start: bool,
    /// Subscribe the runtime API's launch callbacks too.
    pub pc_runtime_callbacks: bool,
    /// Most bytes of cubins kept for source lines (`GPU_OTEL_PC_CUBIN_MB`).
    pub pc_cubin_bytes: u64,
    /// Where the per-GPU sampler leases live.
    pub pc_lease_dir: LeaseDirSetting,
    /// How long a lease is held and how long its holder rests after.
    pub pc_lease: LeaseConfig,
    /// When a context's PC sampling is enabled, as asked (`None`: the tier's default,
    /// [`EnableMode::resolve`]).
    pub pc_enable: Option<EnableMode>,
    /// Follow NVTX ranges.
    pub nvtx: bool,
    /// Count the executions launches promise against CUPTI's records.
    pub launch_accounting: bool,
    /// What a CUDA-graph replay becomes.
    pub graph_records: GraphRecords,
    /// How long after its launches a block is settled.
    pub record_settle: Duration,
    /// CUPTI's device buffer size, bytes (`None`: CUPTI's default).
    pub device_buffer_bytes: Option<usize>,
    /// CUPTI's device buffer pool limit (`None`: CUPTI's default).
    pub device_buffer_pool_limit: Option<usize>,
    /// `NVTX_INJECTION64_PATH` as the process started with it.
    pub nvtx_injection_path: Option<String>,
    /// `CUDA_VISIBLE_DEVICES` as the process started with it.
    pub cuda_visible_devices: Option<String>,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            sdk_disabled: false,
            service_name: None,
            resource_attributes: None,
            export: ExportConfig {
                user_agent: concat!("gpu-otel-injector/", env!("CARGO_PKG_VERSION")).to_string(),
                ..ExportConfig::default()
            },
            trace_slice: Duration::from_millis(TRACE_SLICE_MS_DEFAULT),
            flush_interval: Duration::from_millis(FLUSH_INTERVAL_MS_DEFAULT),
            exit_deadline: Duration::from_millis(EXIT_DEADLINE_MS_DEFAULT),
            budget_bytes: BUDGET_BYTES_DEFAULT,
            max_request_bytes: MAX_REQUEST_BYTES_DEFAULT,
            in_flight: IN_FLIGHT_DEFAULT,
            buffer_bytes: BUFFER_BYTES_DEFAULT,
            max_buffers: MAX_BUFFERS_DEFAULT,
            cupti_path: None,
            record_dump: None,
            pc_sampling: None,
            burst: BurstConfig::default(),
            pc_buffer_pcs: None,
            pc_sampling_period: None,
            pc_hw_buffer_bytes: None,
            pc_worker_sleep_ms: None,
            pc_control_file: None,
            pc_sync_before_start: true,
            pc_runtime_callbacks: false,
            pc_cubin_bytes: crate::sampling::cubins::CUBIN_BYTES_DEFAULT,
            pc_lease_dir: LeaseDirSetting::Default,
            pc_lease: LeaseConfig::default(),
            pc_enable: None,
            nvtx: true,
            launch_accounting: true,
            graph_records: GraphRecords::Nodes,
            record_settle: Duration::from_millis(RECORD_SETTLE_MS_DEFAULT),
            device_buffer_bytes: None,
            device_buffer_pool_limit: None,
            nvtx_injection_path: None,
            cuda_visible_devices: None,
        }
    }
}

impl Config {
    /// Reads the process environment.
    pub fn from_env() -> (Config, Vec<String>) {
        Config::from_lookup(|name| std::env::var(name).ok())
    }

    /// Reads the configuration through `lookup` (the environment, or a map in tests).
    /// Returns the configuration and one warning per invalid value that fell back to
    /// its default.
    pub fn from_lookup(lookup: impl Fn(&str) -> Option<String>) -> (Config, Vec<String>) {
        let mut warnings = Vec::new();
        let mut cfg = Config::default();
        let set = |name: &str| lookup(name).filter(|v| !v.trim().is_empty());

        if let Some(v) = set(ENV_SDK_DISABLED) {
            match v.trim().to_ascii_lowercase().as_str() {
                "true" => cfg.sdk_disabled = true,
                "false" => {}
                _ => warnings.push(format!(
                    "{ENV_SDK_DISABLED}={v:?} is not \"true\" or \"false\"; treated as false"
                )),
            }
        }
        cfg.service_name = set(ENV_SERVICE_NAME);
        cfg.resource_attributes = set(ENV_RESOURCE_ATTRIBUTES);
        let own = |name: &str| lookup(&format!("{OWN_EXPORTER_PREFIX}{name}"));
        let own_endpoint = [
            otlp_client::env::ENDPOINT,
            otlp_client::env::TRACES_ENDPOINT,
        ]
        .iter()
        .any(|name| own(name).is_some_and(|v| !v.trim().is_empty()));
        let (exporter, invalid) = if own_endpoint {
            EnvSettings::read(own)
        } else {
            EnvSettings::read(&lookup)
        };
        exporter.apply(&mut cfg.export);
        let prefix = if own_endpoint {
            OWN_EXPORTER_PREFIX
        } else {
            ""
        };
        warnings.extend(
            invalid
                .iter()
                .map(|e| format!("invalid {prefix}{}: {}; ignored", e.var, e.reason)),
        );
        let mut millis = |name: &str, default: u64, min: u64, max: u64| -> Duration {
            let Some(v) = set(name) else {
                return Duration::from_millis(default);
            };
            match v.trim().parse::<u64>() {
                Ok(ms) if (min..=max).contains(&ms) => Duration::from_millis(ms),
                _ => {
                    warnings.push(format!(
                        "{name}={v:?} is not a whole number of milliseconds in {min}..={max}; using {default}"
                    ));
                    Duration::from_millis(default)
                }
            }
        };
        cfg.trace_slice = millis(ENV_TRACE_SLICE_MS, TRACE_SLICE_MS_DEFAULT, 1, 3_600_000);
        cfg.flush_interval = millis(ENV_FLUSH_INTERVAL_MS, FLUSH_INTERVAL_MS_DEFAULT, 1, 60_000);
        cfg.exit_deadline = millis(ENV_EXIT_DEADLINE_MS, EXIT_DEADLINE_MS_DEFAULT, 0, 60_000);
        cfg.record_settle = millis(
            ENV_RECORD_SETTLE_MS,
            RECORD_SETTLE_MS_DEFAULT,
            100,
            3_600_000,
        );
        cfg.cupti_path = set(ENV_CUPTI_PATH).map(PathBuf::from);
        cfg.record_dump = set(ENV_RECORD_DUMP).map(PathBuf::from);
        cfg.pc_sampling = lookup(ENV_PC_SAMPLING);
        let mut count = |name: &str, default: u64, min: u64, max: u64| -> u64 {
            let Some(v) = set(name) else {
                return default;
            };
            match v.trim().parse::<u64>() {
                Ok(n) if (min..=max).contains(&n) => n,
                _ => {
                    warnings.push(format!(
                        "{name}={v:?} is not a whole number in {min}..={max}; using {default}"
                    ));
                    default
                }
            }
        };
        let ms = 1_000_000;
        cfg.burst.burst_ns = count(ENV_PC_BURST_MS, 50, 1, 10_000) * ms;
        cfg.burst.target_rate = count(ENV_PC_TARGET_RATE, 100, 1, 100_000_000) as f64;
        cfg.burst.max_duty = count(ENV_PC_MAX_DUTY_PERMILLE, 50, 1, 1000) as f64 / 1000.0;
        cfg.burst.max_gap_ns = count(ENV_PC_MAX_GAP_MS, 10_000, 1, 3_600_000) * ms;
        let launches = count(
            ENV_PC_BURST_LAUNCHES,
            u64::from(crate::sampling::controller::MAX_LAUNCHES_DEFAULT),
            0,
            1_000_000,
        );
        cfg.burst.max_launches = (launches > 0).then_some(launches as u32);
        if set(ENV_PC_BUFFER_PCS).is_some() {
            cfg.pc_buffer_pcs = Some(count(ENV_PC_BUFFER_PCS, 64, 1, 1_000_000) as usize);
        }
        if set(ENV_PC_SAMPLING_PERIOD).is_some() {
            cfg.pc_sampling_period = Some(count(ENV_PC_SAMPLING_PERIOD, 12, 5, 31) as u32);
        }
        if set(ENV_PC_HW_BUFFER_MB).is_some() {
            cfg.pc_hw_buffer_bytes =
                Some((count(ENV_PC_HW_BUFFER_MB, 512, 1, 4096) as usize) << 20);
        }
        if set(ENV_PC_WORKER_SLEEP_MS).is_some() {
            cfg.pc_worker_sleep_ms = Some(count(ENV_PC_WORKER_SLEEP_MS, 100, 1, 10_000) as u32);
        }
        cfg.buffer_bytes = (count(
            ENV_CUPTI_BUFFER_MB,
            (BUFFER_BYTES_DEFAULT >> 20) as u64,
            1,
            256,
        ) as usize)
            << 20;
        cfg.max_buffers =
            count(ENV_CUPTI_MAX_BUFFERS, MAX_BUFFERS_DEFAULT as u64, 2, 4096) as usize;
        cfg.budget_bytes = count(ENV_BUDGET_MB, BUDGET_MB_DEFAULT, 1, 1 << 20) << 20;
        cfg.max_request_bytes = count(
            ENV_MAX_REQUEST_BYTES,
            MAX_REQUEST_BYTES_DEFAULT as u64,
            4096,
            64 << 20,
        ) as usize;
        cfg.in_flight = count(ENV_IN_FLIGHT, IN_FLIGHT_DEFAULT as u64, 1, 256) as usize;
        cfg.pc_sync_before_start = count(ENV_PC_SYNC_BEFORE_START, 1, 0, 1) == 1;
        cfg.pc_runtime_callbacks = count(ENV_PC_RUNTIME_CALLBACKS, 0, 0, 1) == 1;
        cfg.pc_cubin_bytes = count(
            ENV_PC_CUBIN_MB,
            crate::sampling::cubins::CUBIN_BYTES_DEFAULT >> 20,
            0,
            1 << 16,
        ) << 20;
        cfg.pc_control_file = set(ENV_PC_CONTROL_FILE).map(PathBuf::from);
        cfg.pc_lease.hold_ns = count(
            ENV_PC_LEASE_HOLD_MS,
            crate::sampling::lease::HOLD_MS_DEFAULT,
            1_000,
            86_400_000,
        ) * ms;
        // At least two retry periods: every waiting process tries inside a rest.
        cfg.pc_lease.rest_ns = count(
            ENV_PC_LEASE_REST_MS,
            crate::sampling::lease::REST_MS_DEFAULT,
            2 * crate::sampling::lease::RETRY_MS,
            3_600_000,
        ) * ms;
        cfg.nvtx = count(ENV_NVTX, 1, 0, 1) == 1;
        cfg.launch_accounting = count(ENV_LAUNCH_ACCOUNTING, 1, 0, 1) == 1;
        if set(ENV_CUPTI_DEVICE_BUFFER_MB).is_some() {
            cfg.device_buffer_bytes =
                Some((count(ENV_CUPTI_DEVICE_BUFFER_MB, 3, 1, 1024) as usize) << 20);
        }
        if set(ENV_CUPTI_DEVICE_BUFFER_POOL_LIMIT).is_some() {
            cfg.device_buffer_pool_limit =
                Some(count(ENV_CUPTI_DEVICE_BUFFER_POOL_LIMIT, 250, 1, 100_000) as usize);
        }
        if let Some(v) = set(ENV_PC_LEASE_DIR) {
            let v = v.trim();
            cfg.pc_lease_dir = match v.to_ascii_lowercase().as_str() {
                "off" | "0" | "none" => LeaseDirSetting::Off,
                _ if v.starts_with('/') => LeaseDirSetting::Path(PathBuf::from(v)),
                _ => {
                    warnings.push(format!(
                        "{ENV_PC_LEASE_DIR}={v:?} is not an absolute path (processes with different working directories would not share it); using {}",
                        crate::lease::DEFAULT_DIR
                    ));
                    LeaseDirSetting::Default
                }
            };
        }
        if let Some(v) = set(ENV_GRAPH_RECORDS) {
            match GraphRecords::parse(&v) {
                Some(g) => cfg.graph_records = g,
                None => warnings.push(format!(
                    "{ENV_GRAPH_RECORDS}={v:?} is not \"nodes\" or \"launches\"; using nodes"
                )),
            }
        }
        if let Some(v) = set(ENV_PC_ENABLE) {
            match EnableMode::parse(&v) {
                Some(m) => cfg.pc_enable = Some(m),
                None => warnings.push(format!(
                    "{ENV_PC_ENABLE}={v:?} is not \"context\" or \"lease\"; using the tier's default (lease for a fixed serialized tier, context otherwise)"
                )),
            }
        }
        cfg.nvtx_injection_path = set(ENV_NVTX_INJECTION_PATH);
        cfg.cuda_visible_devices = set(ENV_CUDA_VISIBLE_DEVICES);
        (cfg, warnings)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    fn read(pairs: &[(&str, &str)]) -> (Config, Vec<String>) {
        let map: HashMap<String, String> = pairs
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect();
        Config::from_lookup(|k| map.get(k).cloned())
    }

    #[test]
    fn the_injectors_own_exporter_variables_leave_the_programs_to_the_program() {
        let program = [
            (otlp_client::env::ENDPOINT, "http://app-collector:4318"),
            (
                otlp_client::env::TRACES_ENDPOINT,
                "http://app-collector:4318/v1/traces",
            ),
            (otlp_client::env::PROTOCOL, "http/protobuf"),
            (otlp_client::env::HEADERS, "x-app=1"),
        ];
        let (cfg, _) = read(&program);
        assert_eq!(
            cfg.export.traces_endpoint.as_deref(),
            Some("http://app-collector:4318/v1/traces")
        );
        let mut both = program.to_vec();
        both.extend([
            (
                "GPU_OTEL_EXPORTER_OTLP_ENDPOINT",
                "https://gpu-otel-receiver.gpu-otel.svc:4317",
            ),
            ("GPU_OTEL_EXPORTER_OTLP_PROTOCOL", "grpc"),
            (
                "GPU_OTEL_EXPORTER_OTLP_HEADERS",
                "authorization=Bearer%20t0ken,broken",
            ),
        ]);
        let (cfg, warnings) = read(&both);
        assert_eq!(
            cfg.export.endpoint.as_deref(),
            Some("https://gpu-otel-receiver.gpu-otel.svc:4317")
        );
        assert_eq!(cfg.export.traces_endpoint, None, "not the program's");
        assert_eq!(cfg.export.protocol, otlp_client::Protocol::Grpc);
        assert!(
            cfg.export.headers.iter().all(|(k, _)| k != "x-app"),
            "none of the program's"
        );
        assert_eq!(warnings.len(), 1, "{warnings:?}");
        assert!(
            warnings[0].starts_with("invalid GPU_OTEL_EXPORTER_OTLP_HEADERS"),
            "{warnings:?}"
        );
        assert!(!warnings[0].contains("t0ken"));
    }

    #[test]
    fn an_empty_environment_gives_the_defaults() {
        let (cfg, warnings) = read(&[]);
        assert_eq!(cfg, Config::default());
        assert!(warnings.is_empty());
        assert_eq!(cfg.export.url(), "http://localhost:4317");
        assert_eq!(cfg.trace_slice, Duration::from_secs(1));
    }

    #[test]
    fn values_are_read_and_the_traces_protocol_wins() {
        let (cfg, warnings) = read(&[
            (ENV_SDK_DISABLED, "TRUE"),
            (ENV_SERVICE_NAME, "trainer"),
            (otlp_client::env::PROTOCOL, "grpc"),
            (otlp_client::env::TRACES_PROTOCOL, "http/protobuf"),
            (ENV_TRACE_SLICE_MS, "250"),
            (ENV_CUPTI_PATH, "/nonexistent/libcupti.so"),
        ]);
        assert!(warnings.is_empty(), "{warnings:?}");
        assert!(cfg.sdk_disabled);
        assert_eq!(cfg.service_name.as_deref(), Some("trainer"));
        assert_eq!(cfg.export.protocol, otlp_client::Protocol::HttpProtobuf);
        assert_eq!(cfg.trace_slice, Duration::from_millis(250));
        assert_eq!(
            cfg.cupti_path,
            Some(PathBuf::from("/nonexistent/libcupti.so"))
        );
    }

    #[test]
    fn invalid_values_fall_back_to_their_default_and_warn() {
        let (cfg, warnings) = read(&[
            (ENV_SDK_DISABLED, "yes"),
            (otlp_client::env::PROTOCOL, "carrier-pigeon"),
            (ENV_TRACE_SLICE_MS, "0"),
            (ENV_FLUSH_INTERVAL_MS, "fast"),
            (ENV_BUDGET_MB, "-3"),
        ]);
        assert_eq!(cfg, Config::default());
        assert_eq!(warnings.len(), 5, "{warnings:?}");
        assert_eq!(
            warnings[1],
            "invalid OTEL_EXPORTER_OTLP_PROTOCOL: must be grpc, http/protobuf or http/json, got \"carrier-pigeon\"; ignored"
        );
        assert!(warnings[2].contains(ENV_TRACE_SLICE_MS));
    }

    #[test]
    fn the_otlp_exporter_variables_reach_the_export_settings() {
        let (cfg, w) = read(&[
            (otlp_client::env::ENDPOINT, "http://collector:4318/"),
            (otlp_client::env::PROTOCOL, "http/protobuf"),
            (otlp_client::env::HEADERS, "authorization=Bearer%20abc"),
            (otlp_client::env::CERTIFICATE, "/etc/ca.crt"),
            (ENV_BUDGET_MB, "64"),
            (ENV_IN_FLIGHT, "4"),
        ]);
        assert!(w.is_empty(), "{w:?}");
        assert_eq!(cfg.export.url(), "http://collector:4318/v1/traces");
        assert_eq!(
            cfg.export.headers.iter().collect::<Vec<_>>(),
            [("authorization", "Bearer abc")]
        );
        assert!(cfg.export.tls.certificate.is_some());
        assert!(cfg.export.user_agent.starts_with("gpu-otel-injector/"));
        assert_eq!(cfg.budget_bytes, 64 << 20);
        assert_eq!(cfg.in_flight, 4);
    }

    #[test]
    fn a_bad_header_entry_warns_and_the_others_are_sent() {
        let (cfg, w) = read(&[(otlp_client::env::HEADERS, "x-tenant=gpu,broken")]);
        assert_eq!(
            w,
            ["invalid OTEL_EXPORTER_OTLP_HEADERS: entry 2 is not key=value (entries are comma-separated; the entry is not shown, it may hold a secret); ignored"]
        );
        assert_eq!(
            cfg.export.headers.iter().collect::<Vec<_>>(),
            [("x-tenant", "gpu")]
        );
    }

    #[test]
    fn a_malformed_header_list_never_reaches_the_applications_output() {
        // What the injector prints goes to the application's stderr.
        for list in [
            "authorization: Bearer SECRET123",
            "authorization:Bearer SECRET123=x",
            "authorization=Bearer SECRET123\u{1}",
        ] {
            let (cfg, w) = read(&[(otlp_client::env::HEADERS, list)]);
            assert_eq!(w.len(), 1, "{list}");
            assert!(!format!("{w:?}{cfg:?}").contains("SECRET123"), "{w:?}");
        }
    }

    #[test]
    fn header_values_never_show_in_the_debug_form() {
        let (cfg, _) = read(&[(otlp_client::env::HEADERS, "authorization=Bearer%20s3cr3t")]);
        let shown = format!("{cfg:?}");
        assert!(
            !shown.contains("s3cr3t") && shown.contains("authorization"),
            "{shown}"
        );
    }

    #[test]
    fn launch_accounting_and_cuptis_device_buffers_are_read_and_left_to_cupti_when_unset() {
        let (cfg, _) = read(&[]);
        assert!(cfg.launch_accounting);
        assert_eq!(cfg.record_settle, Duration::from_secs(10));
        assert_eq!(
            (cfg.device_buffer_bytes, cfg.device_buffer_pool_limit),
            (None, None)
        );
        let (cfg, w) = read(&[
            (ENV_LAUNCH_ACCOUNTING, "0"),
            (ENV_RECORD_SETTLE_MS, "2500"),
            (ENV_CUPTI_DEVICE_BUFFER_MB, "1"),
            (ENV_CUPTI_DEVICE_BUFFER_POOL_LIMIT, "4"),
        ]);
        assert!(w.is_empty(), "{w:?}");
        assert!(!cfg.launch_accounting);
        assert_eq!(cfg.record_settle, Duration::from_millis(2500));
        assert_eq!(cfg.device_buffer_bytes, Some(1 << 20));
        assert_eq!(cfg.device_buffer_pool_limit, Some(4));
        let (cfg, w) = read(&[(ENV_RECORD_SETTLE_MS, "5")]);
        assert_eq!(w.len(), 1, "below 100 ms is refused");
        assert_eq!(cfg.record_settle, Duration::from_secs(10));
    }

    #[test]
    fn graph_records_are_per_node_unless_launches_is_asked_for_and_a_typo_warns() {
        assert_eq!(read(&[]).0.graph_records, GraphRecords::Nodes);
        let (cfg, w) = read(&[(ENV_GRAPH_RECORDS, " Launches ")]);
        assert!(w.is_empty(), "{w:?}");
        assert_eq!(cfg.graph_records, GraphRecords::Launches);
        assert_eq!(
            read(&[(ENV_GRAPH_RECORDS, "nodes")]).0.graph_records,
            GraphRecords::Nodes
        );
        let (cfg, w) = read(&[(ENV_GRAPH_RECORDS, "graphs")]);
        assert_eq!(cfg.graph_records, GraphRecords::Nodes);
        assert_eq!(w.len(), 1, "{w:?}");
    }

    #[test]
    fn pc_sampling_settings_are_read_and_zero_launches_means_time_only() {
        let (cfg, w) = read(&[
            (ENV_PC_SAMPLING, "serialized"),
            (ENV_PC_BURST_MS, "20"),
            (ENV_PC_MAX_DUTY_PERMILLE, "25"),
            (ENV_PC_BURST_LAUNCHES, "0"),
            (ENV_PC_SAMPLING_PERIOD, "16"),
            (ENV_PC_HW_BUFFER_MB, "1024"),
            (ENV_PC_WORKER_SLEEP_MS, "10"),
            (ENV_PC_CONTROL_FILE, "/run/gpu-otel/tier"),
            (ENV_PC_SYNC_BEFORE_START, "0"),
            (ENV_PC_RUNTIME_CALLBACKS, "1"),
        ]);
        assert!(w.is_empty(), "{w:?}");
        assert_eq!(cfg.pc_sampling.as_deref(), Some("serialized"));
        assert_eq!(cfg.burst.burst_ns, 20_000_000);
        assert_eq!(cfg.burst.max_duty, 0.025);
        assert_eq!(cfg.burst.max_launches, None);
        assert_eq!(cfg.pc_sampling_period, Some(16));
        assert_eq!(cfg.pc_hw_buffer_bytes, Some(1024 << 20));
        assert_eq!(cfg.pc_worker_sleep_ms, Some(10));
        assert_eq!(
            cfg.pc_control_file,
            Some(PathBuf::from("/run/gpu-otel/tier"))
        );
        assert!(!cfg.pc_sync_before_start && cfg.pc_runtime_callbacks);
        let (cfg, w) = read(&[(ENV_PC_MAX_DUTY_PERMILLE, "0")]);
        assert_eq!(w.len(), 1);
        assert_eq!(cfg.burst, BurstConfig::default());
    }

    #[test]
    fn the_sampler_lease_directory_is_an_absolute_path_or_off_and_its_times_are_bounded() {
        assert_eq!(read(&[]).0.pc_lease_dir, LeaseDirSetting::Default);
        let (cfg, w) = read(&[
            (ENV_PC_LEASE_DIR, "/var/run/gpu-otel/lease"),
            (ENV_PC_LEASE_HOLD_MS, "30000"),
            (ENV_PC_LEASE_REST_MS, "5000"),
        ]);
        assert!(w.is_empty(), "{w:?}");
        assert_eq!(
            cfg.pc_lease_dir,
            LeaseDirSetting::Path(PathBuf::from("/var/run/gpu-otel/lease"))
        );
        assert_eq!(cfg.pc_lease.hold_ns, 30_000_000_000);
        assert_eq!(cfg.pc_lease.rest_ns, 5_000_000_000);
        assert_eq!(
            read(&[(ENV_PC_LEASE_DIR, " OFF ")]).0.pc_lease_dir,
            LeaseDirSetting::Off
        );
        let (cfg, w) = read(&[(ENV_PC_LEASE_DIR, "lease"), (ENV_PC_LEASE_REST_MS, "10")]);
        assert_eq!(cfg.pc_lease_dir, LeaseDirSetting::Default);
        assert_eq!(cfg.pc_lease.rest_ns, LeaseConfig::default().rest_ns);
        assert_eq!(w.len(), 2, "{w:?}");
    }

    #[test]
    fn the_enable_mode_is_left_to_the_tier_unless_context_or_lease_is_asked_for() {
        assert_eq!(read(&[]).0.pc_enable, None);
        let (cfg, w) = read(&[(ENV_PC_ENABLE, " LEASE ")]);
        assert!(w.is_empty(), "{w:?}");
        assert_eq!(cfg.pc_enable, Some(EnableMode::Lease));
        let (cfg, w) = read(&[(ENV_PC_ENABLE, "context")]);
        assert!(w.is_empty(), "{w:?}");
        assert_eq!(cfg.pc_enable, Some(EnableMode::Context));
        let (cfg, w) = read(&[(ENV_PC_ENABLE, "sometimes")]);
        assert_eq!(cfg.pc_enable, None);
        assert_eq!(w.len(), 1, "{w:?}");
    }

    #[test]
    fn nvtx_is_on_unless_turned_off_and_a_bad_value_warns() {
        assert!(read(&[]).0.nvtx);
        let (cfg, w) = read(&[
            (ENV_NVTX, "0"),
            (ENV_NVTX_INJECTION_PATH, "/opt/nsys/libToolsInjection64.so"),
        ]);
        assert!(!cfg.nvtx && w.is_empty());
        assert_eq!(
            cfg.nvtx_injection_path.as_deref(),
            Some("/opt/nsys/libToolsInjection64.so")
        );
        let (cfg, w) = read(&[(ENV_NVTX, "yes")]);
        assert!(cfg.nvtx, "falls back to on");
        assert_eq!(w.len(), 1);
    }
}
