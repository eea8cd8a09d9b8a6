//! Exponential backoff with jitter, pure: the caller gives the random draw and the time
//! spent, so every rule is testable. The OTLP specification asks for jitter so that a
//! fleet of exporters does not retry in step against a backend that just recovered.

use std::time::Duration;

/// Delays between attempts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Backoff {
    /// The delay before the first retry, at most.
    pub initial: Duration,
    /// The ceiling of the computed delay (a server's hint may ask for more).
    pub max: Duration,
    /// Time allowed for all attempts of one request; `Duration::MAX`: no limit.
    pub max_elapsed: Duration,
}

impl Backoff {
    /// The delay before retry number `attempt` (0 for the first retry): `initial`
    /// doubled per attempt up to `max`, then jittered to between half and all of it by
    /// `jitter` (a draw from [0, 1)); at least the server's `hint`. `None` when waiting
    /// it would pass `max_elapsed`, given the `elapsed` time since the first attempt:
    /// give up.
    pub fn next_delay(
        &self,
        attempt: u32,
        hint: Option<Duration>,
        jitter: f64,
        elapsed: Duration,
    ) -> Option<Duration> {
        let exp = self
            .initial
            .saturating_mul(1u32.checked_shl(attempt.min(31)).unwrap_or(u32::MAX))
            .min(self.max);
        let jittered = exp.mul_f64(0.5 + 0.5 * jitter.clamp(0.0, 1.0));
        let delay = hint.map_or(jittered, |h| h.max(jittered));
        (elapsed.saturating_add(delay) <= self.max_elapsed).then_some(delay)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const B: Backoff = Backoff {
        initial: Duration::from_millis(100),
        max: Duration::from_secs(1),
        max_elapsed: Duration::from_secs(5),
    };

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    #[test]
    fn the_delay_doubles_per_attempt_up_to_its_ceiling() {
        let full = |attempt| B.next_delay(attempt, None, 1.0, Duration::ZERO).unwrap();
        let delays: Vec<Duration> = (0..6).map(full).collect();
        assert_eq!(
            delays,
            [ms(100), ms(200), ms(400), ms(800), ms(1000), ms(1000)]
        );
        assert_eq!(full(31), ms(1000));
        assert_eq!(full(u32::MAX), ms(1000));
    }

    #[test]
    fn jitter_keeps_the_delay_between_half_and_all_of_the_step() {
        for attempt in 0..8 {
            let step = B.next_delay(attempt, None, 1.0, Duration::ZERO).unwrap();
            for draw in [0.0, 0.1, 0.5, 0.9, 0.999_999] {
                let d = B.next_delay(attempt, None, draw, Duration::ZERO).unwrap();
                assert!(
                    d >= step / 2 && d <= step,
                    "attempt {attempt}, draw {draw}: {d:?}"
                );
            }
            assert_eq!(
                B.next_delay(attempt, None, 0.0, Duration::ZERO),
                Some(step / 2)
            );
        }
        // A draw outside [0, 1) is held inside it.
        assert_eq!(B.next_delay(0, None, -3.0, Duration::ZERO), Some(ms(50)));
        assert_eq!(B.next_delay(0, None, 7.0, Duration::ZERO), Some(ms(100)));
    }

    #[test]
    fn a_servers_hint_is_the_least_wait_even_past_the_ceiling() {
        let hint = Some(Duration::from_secs(2));
        assert_eq!(B.next_delay(0, hint, 0.5, Duration::ZERO), hint);
        // A hint shorter than our own step does not hurry us.
        assert_eq!(
            B.next_delay(3, Some(ms(1)), 1.0, Duration::ZERO),
            Some(ms(800))
        );
    }

    #[test]
    fn no_delay_is_given_past_the_time_budget() {
        assert_eq!(B.next_delay(0, None, 1.0, ms(4_900)), Some(ms(100)));
        assert_eq!(B.next_delay(0, None, 1.0, ms(4_901)), None);
        let hint = Some(Duration::from_secs(2));
        assert_eq!(B.next_delay(0, hint, 0.5, Duration::from_secs(4)), None);
        let forever = Backoff {
            max_elapsed: Duration::MAX,
            ..B
        };
        assert_eq!(
            forever.next_delay(9, None, 1.0, Duration::from_secs(86_400 * 365)),
            Some(ms(1000))
        );
    }
}
