//! The retry driver of every exporter (the receiver's spans and kernel metrics, the
//! injector's requests): send, read the verdict ([`crate::retry`]), wait the backoff
//! ([`crate::Backoff`]), send the same bytes again, until an answer is final, the
//! backoff's time is spent, or the caller stops waiting.
//!
//! The body is prepared once (encoded, compressed, written as JSON) by the caller and
//! every attempt sends that same body. Time, the jitter's draw, the waits and what is
//! counted are the caller's ([`Pace`]): the receiver and the injector wait, count and
//! give up differently, and a test runs the driver on a clock of its own.

use std::future::Future;
use std::sync::Arc;
use std::time::{Duration, Instant};

use crate::backoff::Backoff;
use crate::retry::{Attempt, Retry, Verdict};

/// Where attempts go.
pub trait Target {
    /// A request as prepared for sending, once.
    type Body: Send + Sync;
    /// One attempt to deliver `body`.
    fn attempt(&self, body: &Self::Body) -> impl Future<Output = Attempt> + Send;
}

impl<T: Target + Send + Sync> Target for Arc<T> {
    type Body = T::Body;
    fn attempt(&self, body: &Self::Body) -> impl Future<Output = Attempt> + Send {
        (**self).attempt(body)
    }
}

/// The caller's part: its clock, its random draw, what it does with each attempt's
/// outcome, and how it waits.
pub trait Pace {
    /// Now, on a monotonic clock.
    fn now(&self) -> Instant;
    /// A draw from [0, 1) to jitter the next wait.
    fn jitter(&mut self) -> f64;
    /// Told every attempt's outcome, retryable or not (health, logs).
    fn attempted(&mut self, _attempt: &Attempt) {}
    /// Waits `delay` before retry number `retry_number` (0 first) after `retry`;
    /// `Err(why)`: no more attempts (the caller is exiting, say).
    fn wait(
        &mut self,
        retry_number: u32,
        delay: Duration,
        retry: &Retry,
    ) -> impl Future<Output = Result<(), String>> + Send;
}

/// How a request was settled.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Settled {
    /// A final answer: delivered (perhaps partly refused), too large, or refused for
    /// good. Never [`Verdict::Retry`].
    Answered(Attempt),
    /// Still retryable, but no more attempts: the backoff's time is spent (the last
    /// failure's reason), or the caller stopped waiting (its reason).
    GaveUp(String),
}

/// What [`deliver`] came to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Report {
    /// How it ended.
    pub settled: Settled,
    /// Attempts made (a body that could not be prepared counts as one, refused).
    pub attempts: u32,
}

/// Delivers `body` (prepared once; `Err`: why it could not be, a final refusal) to
/// `target`, retrying as the verdicts and `backoff` say.
pub async fn deliver<T: Target, P: Pace>(
    target: &T,
    body: Result<T::Body, String>,
    backoff: &Backoff,
    pace: &mut P,
) -> Report {
    let body = match body {
        Ok(b) => b,
        Err(why) => {
            let refused = Attempt::fatal(why);
            pace.attempted(&refused);
            return Report {
                settled: Settled::Answered(refused),
                attempts: 1,
            };
        }
    };
    let started = pace.now();
    let mut attempts = 0u32;
    loop {
        let attempt = target.attempt(&body).await;
        attempts = attempts.saturating_add(1);
        pace.attempted(&attempt);
        let retry = match attempt.verdict {
            Verdict::Retry(retry) => retry,
            _ => {
                return Report {
                    settled: Settled::Answered(attempt),
                    attempts,
                }
            }
        };
        let retry_number = attempts - 1;
        let elapsed = pace.now().saturating_duration_since(started);
        let jitter = pace.jitter();
        let waited = match backoff.next_delay(retry_number, retry.after, jitter, elapsed) {
            Some(delay) => pace.wait(retry_number, delay, &retry).await,
            None => Err(retry.why),
        };
        if let Err(why) = waited {
            return Report {
                settled: Settled::GaveUp(why),
                attempts,
            };
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Mutex;

    /// Answers from a script (the last one over and over) and records each body sent.
    struct Scripted {
        answers: Mutex<Vec<Attempt>>,
        /// Where each attempt's body lay: one address, one body.
        sent: Mutex<Vec<usize>>,
    }

    impl Scripted {
        fn new(mut answers: Vec<Attempt>) -> Scripted {
            answers.reverse();
            Scripted {
                answers: Mutex::new(answers),
                sent: Mutex::default(),
            }
        }

        fn sent(&self) -> Vec<usize> {
            self.sent.lock().unwrap().clone()
        }
    }

    impl Target for Scripted {
        type Body = Vec<u8>;
        fn attempt(&self, body: &Vec<u8>) -> impl Future<Output = Attempt> + Send {
            self.sent.lock().unwrap().push(body.as_ptr() as usize);
            let mut answers = self.answers.lock().unwrap();
            let answer = if answers.len() > 1 {
                answers.pop().unwrap()
            } else {
                answers[0].clone()
            };
            std::future::ready(answer)
        }
    }

    /// A clock that moves only when the driver waits; the jitter's draw fixed.
    struct FakeClock {
        now: Instant,
        draw: f64,
        waits: Vec<Duration>,
        outcomes: Vec<Verdict>,
        /// Stop at this retry number, with this reason.
        stop_at: Option<(u32, &'static str)>,
    }

    impl FakeClock {
        fn new() -> FakeClock {
            FakeClock {
                now: Instant::now(),
                draw: 1.0,
                waits: Vec::new(),
                outcomes: Vec::new(),
                stop_at: None,
            }
        }
    }

    impl Pace for FakeClock {
        fn now(&self) -> Instant {
            self.now
        }
        fn jitter(&mut self) -> f64 {
            self.draw
        }
        fn attempted(&mut self, attempt: &Attempt) {
            self.outcomes.push(attempt.verdict.clone());
        }
        fn wait(
            &mut self,
            retry_number: u32,
            delay: Duration,
            _: &Retry,
        ) -> impl Future<Output = Result<(), String>> + Send {
            let r = match self.stop_at {
                Some((n, why)) if n == retry_number => Err(why.to_string()),
                _ => {
                    self.now += delay;
                    self.waits.push(delay);
                    Ok(())
                }
            };
            std::future::ready(r)
        }
    }

    const B: Backoff = Backoff {
        initial: Duration::from_millis(100),
        max: Duration::from_secs(1),
        max_elapsed: Duration::from_secs(5),
    };

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    fn busy(after: Option<Duration>) -> Attempt {
        Verdict::retry(after, "HTTP 503").into()
    }

    fn run(target: &Scripted, clock: &mut FakeClock, backoff: Backoff) -> Report {
        let body = Ok(b"the request".to_vec());
        block_on(deliver(target, body, &backoff, clock))
    }

    /// Every future here is ready at once (the fake clock never sleeps).
    fn block_on<F: Future>(f: F) -> F::Output {
        tokio::runtime::Builder::new_current_thread()
            .build()
            .unwrap()
            .block_on(f)
    }

    #[test]
    fn a_retryable_answer_is_sent_again_as_the_same_bytes_until_delivered() {
        let target = Scripted::new(vec![busy(None), busy(None), Attempt::delivered()]);
        let mut clock = FakeClock::new();
        let report = run(&target, &mut clock, B);
        assert_eq!(report.settled, Settled::Answered(Attempt::delivered()));
        assert_eq!(report.attempts, 3);
        assert_eq!(clock.waits, [ms(100), ms(200)]);
        let sent = target.sent();
        assert_eq!(sent.len(), 3);
        assert!(
            sent.iter().all(|p| *p == sent[0]),
            "one body, prepared once"
        );
        assert_eq!(clock.outcomes.len(), 3, "the caller hears of every attempt");
    }

    #[test]
    fn a_retry_after_is_waited_no_sooner_than_asked_even_past_the_backoffs_ceiling() {
        let target = Scripted::new(vec![
            busy(Some(Duration::from_secs(3))),
            Attempt::delivered(),
        ]);
        let mut clock = FakeClock::new();
        let report = run(&target, &mut clock, B);
        assert_eq!(report.attempts, 2);
        assert_eq!(clock.waits, [Duration::from_secs(3)]);
    }

    #[test]
    fn final_answers_are_not_retried() {
        for answer in [
            Attempt::fatal("HTTP 401"),
            Verdict::TooLarge("HTTP 413".into()).into(),
            Attempt {
                verdict: Verdict::Delivered,
                rejected_spans: 2,
                backend_message: "bad spans".into(),
            },
        ] {
            let target = Scripted::new(vec![answer.clone()]);
            let mut clock = FakeClock::new();
            let report = run(&target, &mut clock, B);
            assert_eq!(report.settled, Settled::Answered(answer));
            assert_eq!(report.attempts, 1);
            assert!(clock.waits.is_empty());
        }
    }

    #[test]
    fn retries_stop_when_the_next_wait_would_pass_the_time_budget() {
        let target = Scripted::new(vec![busy(None)]);
        let mut clock = FakeClock::new();
        let report = run(&target, &mut clock, B);
        // 100 + 200 + 400 + 800 + 1000 + 1000 = 3.5 s; one more second fits, then not.
        assert_eq!(clock.waits, [100, 200, 400, 800, 1000, 1000, 1000].map(ms));
        assert_eq!(report.settled, Settled::GaveUp("HTTP 503".into()));
        assert_eq!(report.attempts, 8);
    }

    #[test]
    fn without_a_time_budget_a_busy_backend_is_retried_for_as_long_as_it_takes() {
        let target = Scripted::new(vec![
            busy(None),
            busy(None),
            busy(None),
            busy(None),
            busy(None),
            busy(None),
            busy(None),
            busy(None),
            busy(None),
            Attempt::delivered(),
        ]);
        let mut clock = FakeClock::new();
        let forever = Backoff {
            max_elapsed: Duration::MAX,
            ..B
        };
        let report = run(&target, &mut clock, forever);
        assert_eq!(report.settled, Settled::Answered(Attempt::delivered()));
        assert_eq!(report.attempts, 10);
    }

    #[test]
    fn the_caller_may_stop_waiting_with_its_own_reason() {
        let target = Scripted::new(vec![busy(None)]);
        let mut clock = FakeClock::new();
        clock.stop_at = Some((2, "exit deadline passed"));
        let report = run(&target, &mut clock, B);
        assert_eq!(
            report.settled,
            Settled::GaveUp("exit deadline passed".into())
        );
        assert_eq!(report.attempts, 3);
    }

    #[test]
    fn the_jitter_draw_shortens_the_wait_to_no_less_than_half() {
        let target = Scripted::new(vec![busy(None), Attempt::delivered()]);
        let mut clock = FakeClock::new();
        clock.draw = 0.0;
        run(&target, &mut clock, B);
        assert_eq!(clock.waits, [ms(50)]);
    }

    #[test]
    fn a_body_that_cannot_be_prepared_is_refused_without_an_attempt() {
        let target = Scripted::new(vec![Attempt::delivered()]);
        let mut clock = FakeClock::new();
        let report = block_on(deliver(
            &target,
            Err("cannot write OTLP/JSON".into()),
            &B,
            &mut clock,
        ));
        assert_eq!(
            report.settled,
            Settled::Answered(Attempt::fatal("cannot write OTLP/JSON"))
        );
        assert!(target.sent().is_empty());
        assert_eq!(
            clock.outcomes.len(),
            1,
            "the caller hears of it as a refusal"
        );
    }
}
