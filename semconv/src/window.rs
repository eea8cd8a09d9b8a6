//! One PC-sampling window record. A burst is reported twice: open (at Start) and
//! closed (at Stop), with the same start and sequence number.

/// The CUPTI collection mode in force during a window.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum SamplingMode {
    /// CONTINUOUS: kernels kept their concurrency.
    Continuous,
    /// KERNEL_SERIALIZED: the context's kernels ran one at a time.
    KernelSerialized,
    /// Missing or unrecognised on the wire. Opaque: never read as "not serializing".
    Opaque,
}

/// Where a window ends.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum WindowEnd {
    /// The burst's close has not been reported (or never will be: a killed process).
    Open,
    /// The burst closed at this instant (Unix epoch ns).
    Closed(u64),
}

/// The producer's guarantee, on a closed record, that no burst opens for a while.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum QuietTail {
    /// No guarantee (0 on the wire).
    #[default]
    None,
    /// No burst opens within this many ns after the window's end.
    For(u64),
    /// No burst will ever open again (shutdown or graph refusal).
    Never,
}

/// One window record.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Window {
    /// When the burst opened, Unix epoch ns.
    pub start_ns: u64,
    /// When it closed, or open.
    pub end: WindowEnd,
    /// Per-process burst sequence number, shared by the open and closed record.
    pub seq: u64,
    /// Collection mode.
    pub mode: SamplingMode,
    /// CUPTI context the burst applies to, when the producer says.
    pub context_id: Option<u64>,
    /// CUDA device the burst applies to, when the producer says.
    pub device_id: Option<u64>,
    /// The quiet-tail guarantee; always [`QuietTail::None`] on an open record.
    pub quiet_tail: QuietTail,
}

impl Window {
    /// An open record: the burst started at `start_ns`.
    pub fn open(start_ns: u64, seq: u64, mode: SamplingMode) -> Self {
        Window {
            start_ns,
            end: WindowEnd::Open,
            seq,
            mode,
            context_id: None,
            device_id: None,
            quiet_tail: QuietTail::None,
        }
    }

    /// A closed record of the burst `[start_ns, end_ns]`.
    pub fn closed(start_ns: u64, end_ns: u64, seq: u64, mode: SamplingMode) -> Self {
        Window {
            end: WindowEnd::Closed(end_ns),
            ..Window::open(start_ns, seq, mode)
        }
    }

    /// The same window with a quiet-tail guarantee.
    pub fn with_quiet_tail(self, quiet_tail: QuietTail) -> Self {
        Window { quiet_tail, ..self }
    }

    /// Whether the close has not been reported.
    pub fn is_open(&self) -> bool {
        self.end == WindowEnd::Open
    }

    /// The end instant of a closed window.
    pub fn end_ns(&self) -> Option<u64> {
        match self.end {
            WindowEnd::Open => None,
            WindowEnd::Closed(e) => Some(e),
        }
    }

    /// Whether a closed window ends before it starts.
    pub fn is_inverted(&self) -> bool {
        self.end_ns().is_some_and(|e| e < self.start_ns)
    }

    /// Whether the execution `[s, e]` intersects this window, bounds inclusive.
    /// An open window extends without end.
    pub fn intersects(&self, s: u64, e: u64) -> bool {
        e >= self.start_ns && self.end_ns().is_none_or(|end| s <= end)
    }

    /// The instant up to which this closed record proves no burst opened.
    pub(crate) fn proven_quiet_until(&self) -> Option<u64> {
        let end = self.end_ns()?;
        Some(match self.quiet_tail {
            QuietTail::None => end,
            QuietTail::For(ns) => end.saturating_add(ns),
            QuietTail::Never => u64::MAX,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn intersection_bounds_are_inclusive() {
        let w = Window::closed(1000, 2000, 1, SamplingMode::KernelSerialized);
        assert!(w.intersects(900, 1000));
        assert!(w.intersects(2000, 2100));
        assert!(!w.intersects(900, 999));
        assert!(!w.intersects(2001, 2100));
    }

    #[test]
    fn an_open_window_extends_without_end() {
        let w = Window::open(1000, 1, SamplingMode::KernelSerialized);
        assert!(w.intersects(u64::MAX - 1, u64::MAX));
        assert!(!w.intersects(0, 999));
    }

    #[test]
    fn never_again_proves_quiet_forever() {
        let w = Window::closed(1, 2, 1, SamplingMode::KernelSerialized)
            .with_quiet_tail(QuietTail::Never);
        assert_eq!(w.proven_quiet_until(), Some(u64::MAX));
        let w = w.with_quiet_tail(QuietTail::For(u64::MAX));
        assert_eq!(w.proven_quiet_until(), Some(u64::MAX));
    }
}
