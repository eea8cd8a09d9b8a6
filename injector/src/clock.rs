//! The injector's one clock, read by its run time and its worker, and given to CUPTI
//! when it takes CUPTI back from a profiler: the pure parts (`model`, `sampling`,
//! `nvtx`) take instants as arguments.

use std::time::{SystemTime, UNIX_EPOCH};

/// Now, in Unix epoch nanoseconds: CLOCK_REALTIME, the clock of CUPTI's timestamps,
/// of the kernel spans and of the window records.
pub fn now_ns() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64)
}
