//! The receiver's one clock: Unix epoch nanoseconds that never go back. Arrivals,
//! reconcile deadlines and the persistent queue's stored arrival times all read it, so a
//! request replayed after a restart is reconciled on the same time line as a live one.

use std::sync::OnceLock;
use std::time::{Instant, SystemTime};

/// The wall clock once, and a monotonic instant taken with it.
fn anchor() -> &'static (u64, Instant) {
    static ANCHOR: OnceLock<(u64, Instant)> = OnceLock::new();
    ANCHOR.get_or_init(|| {
        let wall = SystemTime::now()
            .duration_since(SystemTime::UNIX_EPOCH)
            .map_or(0, |d| u64::try_from(d.as_nanos()).unwrap_or(u64::MAX));
        (wall, Instant::now())
    })
}

/// Now, in Unix epoch nanoseconds: the wall clock at the process's first reading plus
/// the monotonic time since, so a wall-clock step (NTP) moves no deadline.
pub fn now_ns() -> u64 {
    let (wall, at) = anchor();
    wall.saturating_add(u64::try_from(at.elapsed().as_nanos()).unwrap_or(u64::MAX))
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_clock_never_goes_back_and_reads_unix_time() {
        let a = super::now_ns();
        let b = super::now_ns();
        assert!(b >= a);
        // After 2020-01-01 and before 2100: Unix epoch nanoseconds.
        assert!((1_577_836_800_000_000_000..4_102_444_800_000_000_000).contains(&a));
    }
}
