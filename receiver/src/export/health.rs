//! Whether a destination delivers, and what is said about it: pure bookkeeping of one
//! destination's attempts on the caller's clock (Unix nanoseconds).
//!
//! An outage is said at once and then at most once per [`LOG_INTERVAL`], however many
//! attempts fail meanwhile (eight batches in flight retry on their own backoff each);
//! the first delivery after it is said once. `/healthz` reports a destination whose
//! attempts have failed for longer than its threshold without a delivery in between.

use std::time::Duration;

/// The least time between two lines about one destination's outage.
pub const LOG_INTERVAL: Duration = Duration::from_secs(10);

/// One destination's delivery record.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Health {
    /// Failed attempts since the last delivery.
    consecutive_failures: u64,
    /// When the first of them failed.
    failing_since: Option<u64>,
    /// When the last delivery was made.
    last_success: Option<u64>,
    /// What the last failed attempt said.
    last_reason: String,
    /// When the outage was last said.
    last_said: Option<u64>,
}

/// What is to be said about a destination.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Said {
    /// Its attempts fail: the first failure of an outage, or the first after
    /// [`LOG_INTERVAL`] since the last line.
    Failing {
        /// What the attempt said (status code, gRPC status and message, connection error).
        reason: String,
        /// Failed attempts since the last delivery, this one included.
        failures: u64,
        /// Since the first of them.
        failing_for: Duration,
        /// Whether this is the outage's first line.
        first: bool,
    },
    /// A delivery after failed attempts: the outage is over.
    Recovered {
        /// Failed attempts it took.
        failures: u64,
        /// How long the outage lasted.
        failed_for: Duration,
    },
}

fn since(now: u64, then: u64) -> Duration {
    Duration::from_nanos(now.saturating_sub(then))
}

impl Health {
    /// An attempt failed at `now` with `reason`; what to say, if anything.
    pub fn failed(&mut self, now: u64, reason: &str) -> Option<Said> {
        self.consecutive_failures += 1;
        let started = *self.failing_since.get_or_insert(now);
        self.last_reason.clear();
        self.last_reason.push_str(reason);
        let first = self.last_said.is_none();
        let due = self
            .last_said
            .is_none_or(|said| since(now, said) >= LOG_INTERVAL);
        if !due {
            return None;
        }
        self.last_said = Some(now);
        Some(Said::Failing {
            reason: reason.to_string(),
            failures: self.consecutive_failures,
            failing_for: since(now, started),
            first,
        })
    }

    /// An attempt was delivered at `now`; says the recovery when it ends an outage.
    pub fn delivered(&mut self, now: u64) -> Option<Said> {
        self.last_success = Some(now);
        let failures = std::mem::take(&mut self.consecutive_failures);
        let started = self.failing_since.take();
        self.last_said = None;
        self.last_reason.clear();
        started.map(|started| Said::Recovered {
            failures,
            failed_for: since(now, started),
        })
    }

    /// How long its attempts have failed without a delivery, at `now`; None while it
    /// delivers.
    pub fn failing_for(&self, now: u64) -> Option<Duration> {
        self.failing_since.map(|s| since(now, s))
    }

    /// Failed attempts since the last delivery.
    pub fn consecutive_failures(&self) -> u64 {
        self.consecutive_failures
    }

    /// When the last delivery was made (Unix ns); None before the first.
    pub fn last_success(&self) -> Option<u64> {
        self.last_success
    }

    /// What the last failed attempt said ("" while it delivers).
    pub fn last_reason(&self) -> &str {
        &self.last_reason
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    const S: u64 = 1_000_000_000;

    #[test]
    fn the_first_failure_is_said_at_once_then_one_line_per_interval_then_the_recovery() {
        let mut h = Health::default();
        let first = h.failed(100 * S, "HTTP 503").unwrap();
        assert_eq!(
            first,
            Said::Failing {
                reason: "HTTP 503".into(),
                failures: 1,
                failing_for: Duration::ZERO,
                first: true
            }
        );
        for t in 101..110 {
            assert_eq!(h.failed(t * S, "HTTP 503"), None, "within the interval");
        }
        let again = h.failed(110 * S, "connection refused").unwrap();
        assert_eq!(
            again,
            Said::Failing {
                reason: "connection refused".into(),
                failures: 11,
                failing_for: Duration::from_secs(10),
                first: false
            }
        );
        assert_eq!(h.failing_for(125 * S), Some(Duration::from_secs(25)));
        assert_eq!(
            h.delivered(125 * S),
            Some(Said::Recovered {
                failures: 11,
                failed_for: Duration::from_secs(25)
            })
        );
        assert_eq!(h.failing_for(126 * S), None);
        assert_eq!(h.last_success(), Some(125 * S));
        assert_eq!(h.consecutive_failures(), 0);
        // A delivery without an outage says nothing; the next outage is said at once.
        assert_eq!(h.delivered(127 * S), None);
        assert!(matches!(
            h.failed(128 * S, "x"),
            Some(Said::Failing { first: true, .. })
        ));
    }

    proptest! {
        /// Whatever the attempts, lines about an outage are at least an interval apart,
        /// the first failure after a delivery is always said, and every outage that ends
        /// ends with exactly one recovery line.
        #[test]
        fn lines_are_an_interval_apart_and_every_outage_is_opened_and_closed(
            steps in proptest::collection::vec((0u64..3 * S, any::<bool>()), 1..300)
        ) {
            let mut h = Health::default();
            let (mut now, mut last_line, mut failing) = (0u64, None::<u64>, false);
            for (dt, ok) in steps {
                now += dt;
                if ok {
                    let said = h.delivered(now);
                    prop_assert_eq!(said.is_some(), failing);
                    failing = false;
                    last_line = None;
                } else {
                    let said = h.failed(now, "e");
                    if !failing {
                        let opened = matches!(said, Some(Said::Failing { first: true, .. }));
                        prop_assert!(opened, "the first failure after a delivery is said");
                    }
                    if let Some(prev) = last_line {
                        prop_assert_eq!(said.is_some(), now - prev >= LOG_INTERVAL.as_nanos() as u64);
                    }
                    if said.is_some() {
                        last_line = Some(now);
                    }
                    failing = true;
                }
            }
        }
    }
}
