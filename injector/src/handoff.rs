//! Handing CUPTI to the application's own profiler for a window (torch.profiler's
//! Kineto), and what the injector says of that window.
//!
//! CUPTI 13.0 allows one subscriber and one set of activity buffer callbacks per
//! process. Measured on the H200 (docs/measurements/h200-2026-12-05.md, section 4):
//! Kineto gets every kernel only if the injector has stepped aside (its kinds
//! disabled, its subscriber given up) before Kineto's first initialisation, which it
//! never retries; activity records come back when the injector enables its kinds
//! again, but its subscriber does not while Kineto keeps its own. So a window is
//! begun and ended by the application (`gpu_otel_profiler_handoff_begin` / `_end`,
//! which `gpu_otel_context.profile` calls around torch.profiler), and each window
//! leaves as one `gpu.profiler.handoff` span: kernels ran there and went to the
//! profiler, not nowhere.
//!
//! Pure: the book of windows, with instants as arguments. The CUPTI side is
//! `cupti::handoff`, the glue `runtime/handoff.rs`.

/// Why a hand-off call did nothing. Each has a code on the C ABI (`code`), which
/// `gpu_otel_context` turns back into a message.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum Refusal {
    /// No injector runs in this process (not attached, or disabled).
    #[error("the injector is not attached in this process: there is nothing to hand over")]
    NotAttached,
    /// PC sampling owns the contexts' sampling state; handing it over mid-burst is not safe.
    #[error("PC sampling is on (GPU_OTEL_PC_SAMPLING): the injector cannot hand CUPTI over; run the profiler with PC sampling off")]
    PcSampling,
    /// `begin` twice without an `end`.
    #[error("CUPTI is already handed over (a window is open)")]
    AlreadyHandedOff,
    /// `end` without a `begin`.
    #[error("CUPTI was not handed over (no window is open)")]
    NotHandedOff,
    /// A CUPTI call failed; the injector's log line says which.
    #[error("a CUPTI call failed (the injector's log says which)")]
    Cupti,
    /// Another copy of libcupti is loaded (PyTorch's wheel brings its own): a profiler
    /// on it cannot take CUPTI from the injector's copy, so the injector keeps it.
    #[error("another libcupti is loaded in this process (the injector's log names both): a profiler on it cannot take CUPTI from the injector's copy; the injector keeps recording")]
    SecondCupti,
}

impl Refusal {
    /// The C ABI's return code (0 is success).
    pub fn code(self) -> i32 {
        match self {
            Refusal::NotAttached => 1,
            Refusal::PcSampling => 2,
            Refusal::AlreadyHandedOff => 3,
            Refusal::NotHandedOff => 4,
            Refusal::Cupti => 5,
            // 6 is the C ABI's own: the injector panicked (cupti/entry.rs).
            Refusal::SecondCupti => 7,
        }
    }
}

/// One window in which the injector recorded no kernel.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Window {
    /// When the injector stepped aside.
    pub from_ns: u64,
    /// When it came back (or the process exited).
    pub to_ns: u64,
    /// Whether the injector got CUPTI's subscriber back (launch callbacks).
    pub callbacks_resumed: bool,
    /// Kernel executions the profiler recorded in the window, when its caller said.
    pub profiler_kernels: Option<u64>,
    /// The process exited inside the window.
    pub open_at_exit: bool,
}

/// The process's hand-offs.
#[derive(Debug, Default)]
pub struct Book {
    /// The open window's start.
    open: Option<u64>,
    windows: u64,
    handed_ns: u64,
    /// Set at the first window that did not get the subscriber back; never unset.
    callbacks_lost: bool,
}

/// What the process is like when a window is asked for.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Process {
    /// PC sampling runs in it.
    pub pc_sampling: bool,
    /// It holds another libcupti besides the injector's.
    pub other_cupti: bool,
}

impl Book {
    /// Whether a window may begin now (checked before CUPTI is touched).
    pub fn may_begin(&self, process: Process) -> Result<(), Refusal> {
        if process.pc_sampling {
            return Err(Refusal::PcSampling);
        }
        if self.open.is_some() {
            return Err(Refusal::AlreadyHandedOff);
        }
        if process.other_cupti {
            return Err(Refusal::SecondCupti);
        }
        Ok(())
    }

    /// The injector stepped aside at `now_ns`.
    pub fn began(&mut self, now_ns: u64) {
        self.open = Some(now_ns);
        self.windows += 1;
    }

    /// Whether a window is open.
    pub fn is_open(&self) -> bool {
        self.open.is_some()
    }

    /// Whether a window may end now (checked before CUPTI is touched).
    pub fn may_end(&self) -> Result<(), Refusal> {
        match self.open {
            Some(_) => Ok(()),
            None => Err(Refusal::NotHandedOff),
        }
    }

    /// The injector came back at `now_ns`, with or without its subscriber.
    pub fn ended(
        &mut self,
        now_ns: u64,
        callbacks_resumed: bool,
        profiler_kernels: Option<u64>,
    ) -> Result<Window, Refusal> {
        let from_ns = self.open.take().ok_or(Refusal::NotHandedOff)?;
        // Once lost, callbacks stay lost: a later window cannot say it got them back.
        let callbacks_resumed = callbacks_resumed && !self.callbacks_lost;
        self.callbacks_lost |= !callbacks_resumed;
        let to_ns = now_ns.max(from_ns);
        self.handed_ns += to_ns - from_ns;
        Ok(Window {
            from_ns,
            to_ns,
            callbacks_resumed,
            profiler_kernels,
            open_at_exit: false,
        })
    }

    /// The process exits at `now_ns`: the open window, if any, ends there.
    pub fn at_exit(&mut self, now_ns: u64) -> Option<Window> {
        let from_ns = self.open.take()?;
        let to_ns = now_ns.max(from_ns);
        self.handed_ns += to_ns - from_ns;
        self.callbacks_lost = true;
        Some(Window {
            from_ns,
            to_ns,
            callbacks_resumed: false,
            profiler_kernels: None,
            open_at_exit: true,
        })
    }

    /// Whether launch callbacks were lost to a profiler (launch accounting stopped).
    pub fn callbacks_lost(&self) -> bool {
        self.callbacks_lost
    }

    /// The exit line's part: `None` when no window was ever begun.
    pub fn summary(&self) -> Option<String> {
        (self.windows > 0).then(|| {
            format!(
                "profiler hand-off: windows={} handed over ms={}{}; launch callbacks after it={}",
                self.windows,
                self.handed_ns / 1_000_000,
                if self.open.is_some() { " (one open)" } else { "" },
                if self.callbacks_lost {
                    "lost (launch accounting, NVTX ranges and graph node counts stopped at the first window)"
                } else {
                    "kept"
                }
            )
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_window_runs_from_begin_to_end_and_says_whether_callbacks_came_back() {
        let mut b = Book::default();
        b.may_begin(Process::default()).unwrap();
        b.began(1_000);
        assert!(b.is_open());
        let w = b.ended(5_000, false, Some(7000)).unwrap();
        assert_eq!(
            w,
            Window {
                from_ns: 1_000,
                to_ns: 5_000,
                callbacks_resumed: false,
                profiler_kernels: Some(7000),
                open_at_exit: false
            }
        );
        assert!(!b.is_open());
        assert!(b.callbacks_lost());
    }

    #[test]
    fn pc_sampling_refuses_a_hand_off_before_cupti_is_touched() {
        let pc = Process {
            pc_sampling: true,
            ..Process::default()
        };
        assert_eq!(Book::default().may_begin(pc), Err(Refusal::PcSampling));
    }

    #[test]
    fn a_second_libcupti_refuses_a_hand_off_before_cupti_is_touched() {
        let other = Process {
            other_cupti: true,
            ..Process::default()
        };
        assert_eq!(Book::default().may_begin(other), Err(Refusal::SecondCupti));
    }

    #[test]
    fn begin_twice_and_end_without_begin_are_refused_with_their_own_codes() {
        let mut b = Book::default();
        assert_eq!(b.may_end(), Err(Refusal::NotHandedOff));
        assert_eq!(b.ended(1, true, None), Err(Refusal::NotHandedOff));
        b.began(1);
        assert_eq!(
            b.may_begin(Process::default()),
            Err(Refusal::AlreadyHandedOff)
        );
        let codes: Vec<i32> = [
            Refusal::NotAttached,
            Refusal::PcSampling,
            Refusal::AlreadyHandedOff,
            Refusal::NotHandedOff,
            Refusal::Cupti,
            Refusal::SecondCupti,
        ]
        .iter()
        .map(|r| r.code())
        .collect();
        // 6 is the C ABI's (a panic caught at the boundary).
        assert_eq!(
            codes,
            [1, 2, 3, 4, 5, 7],
            "0 is success; each refusal its own"
        );
    }

    #[test]
    fn once_callbacks_are_lost_no_later_window_claims_them_back() {
        let mut b = Book::default();
        b.began(0);
        assert!(!b.ended(10, false, None).unwrap().callbacks_resumed);
        b.began(20);
        assert!(
            !b.ended(30, true, None).unwrap().callbacks_resumed,
            "the launches between the windows were not counted"
        );
    }

    #[test]
    fn a_window_kept_callbacks_when_the_subscriber_came_back() {
        let mut b = Book::default();
        b.began(0);
        assert!(b.ended(10, true, None).unwrap().callbacks_resumed);
        assert!(!b.callbacks_lost());
        assert!(b
            .summary()
            .unwrap()
            .ends_with("launch callbacks after it=kept"));
    }

    #[test]
    fn an_open_window_ends_at_exit_and_says_so() {
        let mut b = Book::default();
        assert_eq!(b.at_exit(5), None);
        b.began(2_000_000);
        let w = b.at_exit(9_000_000).unwrap();
        assert!(w.open_at_exit && !w.callbacks_resumed);
        assert_eq!((w.from_ns, w.to_ns), (2_000_000, 9_000_000));
        assert!(b
            .summary()
            .unwrap()
            .starts_with("profiler hand-off: windows=1 handed over ms=7;"));
    }

    #[test]
    fn a_clock_that_steps_back_never_makes_a_negative_window() {
        let mut b = Book::default();
        b.began(100);
        let w = b.ended(50, true, None).unwrap();
        assert_eq!((w.from_ns, w.to_ns), (100, 100));
    }

    #[test]
    fn no_window_no_summary() {
        assert_eq!(Book::default().summary(), None);
    }
}
