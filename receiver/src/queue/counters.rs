//! The persistent queue's counters and gauges: the queue counts, `/metrics`
//! (telemetry.rs) reads.

use std::sync::atomic::AtomicU64;

use prometheus_client::metrics::histogram::Histogram;

/// Counters and gauges of the persistent queue (all zero when it is off).
#[derive(Debug, Default)]
pub struct QueueCounters {
    /// The byte budget (`queue.max_bytes`); 0: the queue is off.
    pub max_bytes: AtomicU64,
    /// Bytes of requests on disk (and being committed).
    pub bytes: AtomicU64,
    /// Requests on disk.
    pub requests: AtomicU64,
    /// Spans the requests on disk become: their spans and one window span per window
    /// record.
    pub spans: AtomicU64,
    /// Window records kept on disk as evidence.
    pub evidence_rows: AtomicU64,
    /// Requests found on disk at startup and replayed.
    pub replayed_requests: AtomicU64,
    /// Window records restored into the store at startup.
    pub evidence_restored: AtomicU64,
    /// The most spans that replaying the requests found on disk at startup exports
    /// (their spans and window records): each may have reached a destination before the
    /// restart, so this bounds the duplicates a restart causes.
    pub duplicates_possible: AtomicU64,
    /// Requests refused because the budget was full.
    pub refused_full: AtomicU64,
    /// Database commits (deletions and evidence; one fsync each).
    pub database_commits: AtomicU64,
    /// Time spent in database commits, ns.
    pub database_commit_ns: AtomicU64,
    /// Appends committed (each one segment write and one fsync) and how long each took:
    /// what an acknowledgement waits for.
    pub commit_seconds: CommitSeconds,
    /// Commits that failed (their requests were refused).
    pub commit_failures: AtomicU64,
    /// Bytes written to segment files by committed appends (records and their headers).
    pub written_bytes: AtomicU64,
    /// Requests not handed over in memory (the pipeline was behind): read back later.
    pub spilled: AtomicU64,
    /// Requests read back from disk.
    pub read_back: AtomicU64,
    /// Requests read back that could not be processed within the memory bound (or did
    /// not decode): kept in a file of their own, deleted from the queue.
    pub quarantined: AtomicU64,
}

/// Durations of the queue's append commits (seconds), from 0.5 ms to 1 s.
#[derive(Debug)]
pub struct CommitSeconds(pub(crate) Histogram);

impl Default for CommitSeconds {
    fn default() -> Self {
        CommitSeconds(Histogram::new([
            0.0005, 0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.25, 1.0,
        ]))
    }
}

impl CommitSeconds {
    /// Counts one commit.
    pub fn observe(&self, seconds: f64) {
        self.0.observe(seconds);
    }
}
