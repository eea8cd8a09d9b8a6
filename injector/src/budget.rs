//! The bound on the injector's pending data between CUPTI's buffers and the wire: bytes
//! of records waiting for the worker plus requests encoded, waiting or in flight (the
//! other bounds are listed in docs/ARCHITECTURE.md; PC sampling's channel reuses this
//! type with a limit of its own).
//! Records and NVTX events are admitted against it at the door without waiting; the
//! worker charges what it holds; the sending side gives a request's bytes back when the
//! request is settled.

use std::sync::atomic::{AtomicU64, Ordering};

/// Bytes of pending data, bounded; never waits.
#[derive(Debug)]
pub struct Budget {
    limit: u64,
    used: AtomicU64,
    /// Highest use seen.
    peak: AtomicU64,
}

impl Budget {
    /// A budget of `limit` bytes.
    pub fn new(limit: u64) -> Self {
        Budget {
            limit,
            used: AtomicU64::new(0),
            peak: AtomicU64::new(0),
        }
    }

    /// Takes `n` bytes if they fit; never waits.
    pub fn try_take(&self, n: u64) -> bool {
        let mut cur = self.used.load(Ordering::Relaxed);
        loop {
            if cur.saturating_add(n) > self.limit {
                return false;
            }
            match self
                .used
                .compare_exchange_weak(cur, cur + n, Ordering::AcqRel, Ordering::Relaxed)
            {
                Ok(_) => {
                    self.peak.fetch_max(cur + n, Ordering::Relaxed);
                    return true;
                }
                Err(now) => cur = now,
            }
        }
    }

    /// Takes `n` bytes even past the limit (encoded requests: their records were
    /// already admitted; they are few and bounded by the requests in flight).
    pub fn take(&self, n: u64) {
        let now = self.used.fetch_add(n, Ordering::AcqRel) + n;
        self.peak.fetch_max(now, Ordering::Relaxed);
    }

    /// Gives `n` bytes back.
    pub fn release(&self, n: u64) {
        let _ = self
            .used
            .fetch_update(Ordering::AcqRel, Ordering::Relaxed, |u| {
                Some(u.saturating_sub(n))
            });
    }

    /// Bytes in use now.
    pub fn used(&self) -> u64 {
        self.used.load(Ordering::Relaxed)
    }

    /// Highest use so far.
    pub fn peak(&self) -> u64 {
        self.peak.load(Ordering::Relaxed)
    }

    /// The limit.
    pub fn limit(&self) -> u64 {
        self.limit
    }
}
