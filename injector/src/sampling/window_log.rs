//! The producer's window log: sequence numbers, the open and closed record of each
//! burst, the quiet-tail guarantee and the never-again record. Pure: instants are
//! arguments. Every record it returns goes to the wire at once and into the
//! exporter's local store ([`crate::sampling::stamp::Stamper`]), which stamps
//! executions with the receiver's own classification code.
//!
//! ```text
//! open(t0)            → {start t0, end 0, seq n, quiet 0}            (at Start)
//! close(t1, quiet)    → {start t0, end t1, seq n, quiet q}           (at Stop)
//! never_again(t)      → open burst:   {start t0, end t, seq n, quiet -1}
//!                       closed burst: the last closed record again, quiet -1
//!                       no burst yet: {start t, end t, seq 1, quiet -1} (a refusal marker)
//! ```
//!
//! Sequence numbers start at 1 and grow by one per burst; the open and closed record
//! of a burst share theirs, so a hole on the wire is a lost window.

use semconv::{QuietTail, SamplingMode, Window};

/// A record the log refused to make.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum LogError {
    /// A burst is already open.
    #[error("a burst is already open (seq {seq})")]
    AlreadyOpen {
        /// Its sequence number.
        seq: u64,
    },
    /// The never-again record was sent: no burst may open any more.
    #[error("no burst may open after the never-again record")]
    NeverAgain,
    /// The close would end before the start.
    #[error("close at {end_ns} is before the burst's start {start_ns}")]
    Inverted {
        /// Start.
        start_ns: u64,
        /// End asked for.
        end_ns: u64,
    },
}

/// The window log of one process.
#[derive(Debug, Clone)]
pub struct WindowLog {
    next_seq: u64,
    open: Option<Window>,
    last_closed: Option<Window>,
    never_again: bool,
}

impl Default for WindowLog {
    fn default() -> Self {
        WindowLog {
            next_seq: 1,
            open: None,
            last_closed: None,
            never_again: false,
        }
    }
}

impl WindowLog {
    /// An empty log.
    pub fn new() -> Self {
        Self::default()
    }

    /// The open record of a burst that started at `start_ns` in `mode`.
    pub fn open(&mut self, start_ns: u64, mode: SamplingMode) -> Result<Window, LogError> {
        if self.never_again {
            return Err(LogError::NeverAgain);
        }
        if let Some(w) = &self.open {
            return Err(LogError::AlreadyOpen { seq: w.seq });
        }
        let w = Window::open(start_ns, self.next_seq, mode);
        self.next_seq += 1;
        self.open = Some(w);
        Ok(w)
    }

    /// The closed record of the open burst, ending at `end_ns` with the guarantee
    /// that no burst opens before `quiet_until_ns` (`None`: no guarantee). `Ok(None)`
    /// when no burst is open.
    pub fn close(
        &mut self,
        end_ns: u64,
        quiet_until_ns: Option<u64>,
    ) -> Result<Option<Window>, LogError> {
        let Some(open) = self.open else {
            return Ok(None);
        };
        if end_ns < open.start_ns {
            return Err(LogError::Inverted {
                start_ns: open.start_ns,
                end_ns,
            });
        }
        let quiet = match quiet_until_ns.map(|q| q.saturating_sub(end_ns)) {
            None | Some(0) => QuietTail::None,
            Some(ns) => QuietTail::For(ns),
        };
        let w = Window::closed(open.start_ns, end_ns, open.seq, open.mode).with_quiet_tail(quiet);
        self.open = None;
        self.last_closed = Some(w);
        Ok(Some(w))
    }

    /// The never-again record (shutdown, graph refusal, tier switched off): closes
    /// an open burst at `now_ns` (or later than its start), else re-sends the last
    /// closed record with the never-again guarantee, else (no burst ever ran) a
    /// zero-length marker at `now_ns`. Only once: `None` afterwards.
    pub fn never_again(&mut self, now_ns: u64, mode: SamplingMode) -> Option<Window> {
        if self.never_again {
            return None;
        }
        self.never_again = true;
        let w = if let Some(open) = self.open.take() {
            Window::closed(
                open.start_ns,
                now_ns.max(open.start_ns),
                open.seq,
                open.mode,
            )
        } else if let Some(last) = self.last_closed {
            last
        } else {
            let seq = self.next_seq;
            self.next_seq += 1;
            Window::closed(now_ns, now_ns, seq, mode)
        };
        let w = w.with_quiet_tail(QuietTail::Never);
        self.last_closed = Some(w);
        Some(w)
    }

    /// PC sampling failed: no record is made any more, and the open burst's window
    /// (if one is open) is never closed, so everything from its start reads "unknown".
    /// A closed record, even a never-again one, would claim the failed burst serialized
    /// ("true") and ended at a known instant; neither is known.
    pub fn abandon(&mut self) {
        self.never_again = true;
    }

    /// The open burst's record.
    pub fn open_window(&self) -> Option<Window> {
        self.open
    }

    /// Bursts numbered so far.
    pub fn windows(&self) -> u64 {
        self.next_seq - 1
    }

    /// Whether the never-again record was made.
    pub fn is_final(&self) -> bool {
        self.never_again
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use semconv::{Serialized, StoreLimits, Tier, WindowStore};

    const KS: SamplingMode = SamplingMode::KernelSerialized;
    const MS: u64 = 1_000_000;

    fn store(records: &[Window]) -> WindowStore<()> {
        let mut s = WindowStore::new(StoreLimits::default());
        for w in records {
            s.insert(&(), *w).unwrap();
        }
        s
    }

    #[test]
    fn sequence_numbers_start_at_one_and_a_burst_shares_its_number() {
        let mut log = WindowLog::new();
        let o1 = log.open(100, KS).unwrap();
        let c1 = log.close(200, None).unwrap().unwrap();
        let o2 = log.open(1_000, KS).unwrap();
        let c2 = log.close(1_100, None).unwrap().unwrap();
        assert_eq!((o1.seq, c1.seq, o2.seq, c2.seq), (1, 1, 2, 2));
        assert_eq!((o1.start_ns, c1.start_ns), (100, 100));
        assert!(o1.is_open());
        assert_eq!(c1.end_ns(), Some(200));
        assert_eq!(log.windows(), 2);
    }

    #[test]
    fn an_open_record_carries_no_quiet_tail_and_a_closed_one_carries_the_promise() {
        let mut log = WindowLog::new();
        let o = log.open(100, KS).unwrap();
        assert_eq!(o.quiet_tail, QuietTail::None);
        let c = log.close(200, Some(200 + 950 * MS)).unwrap().unwrap();
        assert_eq!(c.quiet_tail, QuietTail::For(950 * MS));
        log.open(2_000 * MS, KS).unwrap();
        let c = log.close(2_001 * MS, None).unwrap().unwrap();
        assert_eq!(c.quiet_tail, QuietTail::None);
    }

    #[test]
    fn two_opens_without_a_close_are_refused() {
        let mut log = WindowLog::new();
        log.open(1, KS).unwrap();
        assert_eq!(log.open(2, KS), Err(LogError::AlreadyOpen { seq: 1 }));
        assert_eq!(
            log.close(0, None),
            Err(LogError::Inverted {
                start_ns: 1,
                end_ns: 0
            })
        );
    }

    #[test]
    fn a_close_with_nothing_open_makes_no_record() {
        assert_eq!(WindowLog::new().close(5, None), Ok(None));
    }

    #[test]
    fn never_again_closes_an_open_burst_and_only_once() {
        let mut log = WindowLog::new();
        log.open(100, KS).unwrap();
        let w = log.never_again(300, KS).unwrap();
        assert_eq!((w.start_ns, w.end_ns(), w.seq), (100, Some(300), 1));
        assert_eq!(w.quiet_tail, QuietTail::Never);
        assert_eq!(log.never_again(400, KS), None);
        assert_eq!(log.open(500, KS), Err(LogError::NeverAgain));
    }

    #[test]
    fn never_again_after_a_closed_burst_resends_it_with_the_guarantee() {
        let mut log = WindowLog::new();
        log.open(100, KS).unwrap();
        let c = log.close(200, Some(1_000)).unwrap().unwrap();
        let w = log.never_again(5_000, KS).unwrap();
        assert_eq!(
            (w.start_ns, w.end_ns(), w.seq),
            (c.start_ns, c.end_ns(), c.seq)
        );
        assert_eq!(w.quiet_tail, QuietTail::Never);
        // The receiver's store replaces the earlier record: coverage runs forever.
        let s = store(&[log_open(100), c, w]);
        assert_eq!(
            s.classify(Tier::Serialized, &(), 10_000, 20_000),
            Serialized::False
        );
    }

    fn log_open(start: u64) -> Window {
        Window::open(start, 1, KS)
    }

    #[test]
    fn never_again_before_any_burst_is_a_zero_length_marker() {
        let mut log = WindowLog::new();
        let w = log.never_again(700, KS).unwrap();
        assert_eq!((w.start_ns, w.end_ns(), w.seq), (700, Some(700), 1));
        assert_eq!(w.quiet_tail, QuietTail::Never);
        let s = store(&[w]);
        // Before the marker there was never coverage: unknown; after it: false.
        assert_eq!(
            s.classify(Tier::Serialized, &(), 100, 200),
            Serialized::Unknown
        );
        assert_eq!(
            s.classify(Tier::Serialized, &(), 800, 900),
            Serialized::False
        );
    }

    #[test]
    fn the_quiet_tail_lets_executions_after_a_burst_read_false_at_once() {
        let mut log = WindowLog::new();
        let o = log.open(1_000, KS).unwrap();
        let c = log.close(2_000, Some(2_000 + 950 * MS)).unwrap().unwrap();
        let s = store(&[o, c]);
        let k = |a, b| s.classify(Tier::Serialized, &(), a, b);
        assert_eq!(k(1_500, 1_600), Serialized::True);
        assert_eq!(k(3_000, 900 * MS), Serialized::False);
        assert_eq!(k(3_000, 2_000 + 951 * MS), Serialized::Unknown);
    }

    #[test]
    fn a_killed_process_leaves_an_open_window_and_everything_after_reads_unknown() {
        let mut log = WindowLog::new();
        let o1 = log.open(1_000, KS).unwrap();
        let c1 = log.close(2_000, Some(100_000)).unwrap().unwrap();
        let o2 = log.open(200_000, KS).unwrap();
        // SIGKILL: no close, no never-again.
        let s = store(&[o1, c1, o2]);
        let k = |a, b| s.classify(Tier::Serialized, &(), a, b);
        assert_eq!(k(50_000, 60_000), Serialized::False);
        assert_eq!(k(200_000, 200_100), Serialized::Unknown);
        assert_eq!(k(300_000, 400_000), Serialized::Unknown);
        assert_ne!(k(1_000_000, 2_000_000), Serialized::False);
    }

    #[test]
    fn an_abandoned_log_leaves_its_open_window_open_and_makes_no_record_again() {
        let mut log = WindowLog::new();
        let open = log.open(100, SamplingMode::KernelSerialized).unwrap();
        log.abandon();
        assert!(log.is_final());
        assert_eq!(log.open_window(), Some(open), "never closed");
        assert_eq!(log.never_again(500, SamplingMode::KernelSerialized), None);
        assert_eq!(
            log.open(600, SamplingMode::KernelSerialized),
            Err(LogError::NeverAgain)
        );
    }
}
