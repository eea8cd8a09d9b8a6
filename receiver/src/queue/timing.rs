//! When the queue's two writing threads (the writer and the database committer) wait:
//! how long deletions gather before a database commit, and the backoff after a failed
//! commit. Shared by both threads, so it stands below them.

use std::time::{Duration, Instant};

/// The waits of the queue's writer and database threads.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Timing {
    /// How long deletions and evidence wait before the database commit that takes them:
    /// bounds what a crash re-delivers, without a commit per deletion.
    pub flush_after: Duration,
    /// The first and the longest wait before a failed commit is tried again.
    pub retry_first: Duration,
    pub retry_max: Duration,
}

impl Timing {
    /// The receiver's (the model test runs shorter ones).
    pub(crate) const DEFAULT: Timing = Timing {
        flush_after: Duration::from_millis(100),
        retry_first: Duration::from_millis(10),
        retry_max: Duration::from_secs(2),
    };
}

/// A kind of commit after it failed.
#[derive(Debug)]
pub(crate) struct Broken {
    /// When to try again, and the wait after that.
    pub(crate) next_try: Instant,
    backoff: Duration,
}

impl Broken {
    pub(crate) fn after(previous: Option<&Broken>, timing: Timing) -> Broken {
        let backoff = previous.map_or(timing.retry_first, |b| b.backoff);
        Broken {
            next_try: Instant::now() + backoff,
            backoff: (backoff * 2).min(timing.retry_max),
        }
    }
}
