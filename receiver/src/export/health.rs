//! Whether a destination delivers, and what is said about it: pure bookkeeping of one
//! destination's attempts on the caller's clock (Unix nanoseconds).
//!
//! An outage is said at once and then at most once per [`LOG_INTERVAL`], however many
//! attempts fail meanwhile (eight batches in flight retry on their own backoff each);
//! the first delivery after a said outage is said once. The interval holds across
//! outages too: a destination that fails and delivers by turns (an overloaded backend)
//! gets at most one failure line and one recovery line per interval, and an outage that
//! ends before a line was due is not said at all. `/healthz` reports a destination whose
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
    /// When an outage was last said (this one or an earlier one).
    last_said: Option<u64>,
    /// Whether the current outage has been said.
    outage_said: bool,
}

/// What is to be said about a destination.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Said {
    /// Its attempts fail: a failure at least [`LOG_INTERVAL`] after the last line.
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
        let due = self
            .last_said
            .is_none_or(|said| since(now, said) >= LOG_INTERVAL);
        if !due {
            return None;
        }
        let first = !self.outage_said;
        self.last_said = Some(now);
        self.outage_said = true;
        Some(Said::Failing {
            reason: reason.to_string(),
            failures: self.consecutive_failures,
            failing_for: since(now, started),
            first,
        })
    }

    /// An attempt was delivered at `now`; says the recovery when it ends an outage that
    /// was said.
    pub fn delivered(&mut self, now: u64) -> Option<Said> {
        self.last_success = Some(now);
        let failures = std::mem::take(&mut self.consecutive_failures);
        let started = self.failing_since.take();
        let said = std::mem::take(&mut self.outage_said);
        self.last_reason.clear();
        match started {
            Some(started) if said => Some(Said::Recovered {
                failures,
                failed_for: since(now, started),
            }),
            _ => None,
        }
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
        // A delivery without an outage says nothing; an outage long after the last line
        // is said at once.
        assert_eq!(h.delivered(127 * S), None);
        assert!(matches!(
            h.failed(128 * S, "x"),
            Some(Said::Failing { first: true, .. })
        ));
    }

    #[test]
    fn a_destination_failing_and_delivering_by_turns_gets_one_line_each_way_per_interval() {
        let mut h = Health::default();
        let mut lines = 0;
        // Every 100 ms a failure, then a delivery, for 9 s: one outage said, one recovery.
        for i in 0..90u64 {
            lines += usize::from(h.failed(i * S / 10, "HTTP 503").is_some());
            lines += usize::from(h.delivered(i * S / 10 + S / 20).is_some());
        }
        assert_eq!(lines, 2);
        // Past the interval the next failure is said again.
        assert!(h.failed(10 * S, "HTTP 503").is_some());
    }

    proptest! {
        /// Whatever the attempts: failure lines are at least an interval apart; a
        /// failure an interval after the last line (or with none before) is said at once;
        /// a recovery is said exactly when a said outage ends.
        #[test]
        fn lines_are_an_interval_apart_and_every_said_outage_is_closed(
            steps in proptest::collection::vec((0u64..3 * S, any::<bool>()), 1..300)
        ) {
            let mut h = Health::default();
            let (mut now, mut last_line, mut said_outage) = (0u64, None::<u64>, false);
            for (dt, ok) in steps {
                now += dt;
                if ok {
                    let said = h.delivered(now);
                    prop_assert_eq!(said.is_some(), said_outage);
                    said_outage = false;
                } else {
                    let said = h.failed(now, "e");
                    let due = last_line.is_none_or(|prev| now - prev >= LOG_INTERVAL.as_nanos() as u64);
                    prop_assert_eq!(said.is_some(), due);
                    if said.is_some() {
                        last_line = Some(now);
                        said_outage = true;
                    }
                }
            }
        }
    }
}
