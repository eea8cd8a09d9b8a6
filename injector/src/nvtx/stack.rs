//! One thread's open push/pop ranges, across domains. Pure.
//!
//! NVTX nests push/pop ranges per thread *and per domain*: `nvtxDomainRangePop(d)`
//! closes the innermost open range of domain `d`, which need not be the thread's
//! innermost one when domains interleave. The thread's innermost open range, whatever
//! its domain, is what a kernel launched now runs under, and what a range pushed now
//! nests in.
//!
//! Bad input is counted by the caller, never a panic: a pop with no open range of its
//! domain is [`Popped::Unbalanced`]; pushes past [`MAX_DEPTH`] open ranges are not
//! tracked ([`Pushed::TooDeep`]), and the pops that match them (the next ones, as
//! nesting goes) are [`Popped::TooDeep`].

use super::{Handle, RangeLink};

/// Most open ranges one thread keeps; a program that pushes without popping stops
/// growing our memory here.
pub const MAX_DEPTH: usize = 1024;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Entry {
    range: u64,
    root: u64,
    domain: Handle,
}

/// What a push did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Pushed {
    /// The range is open: its parent (the innermost range open before) and its root.
    Open {
        /// The enclosing range, if any.
        parent: Option<u64>,
        /// The outermost ancestor (the range itself when outermost).
        root: u64,
    },
    /// [`MAX_DEPTH`] ranges were open: not tracked.
    TooDeep,
}

/// What a pop did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Popped {
    /// This range closed.
    Closed(u64),
    /// It matched a push that was not tracked (past [`MAX_DEPTH`]).
    TooDeep,
    /// No range of its domain was open on this thread.
    Unbalanced,
}

/// One thread's open push/pop ranges, innermost last.
#[derive(Debug, Default)]
pub struct ThreadRanges {
    open: Vec<Entry>,
    untracked: u32,
}

impl ThreadRanges {
    /// No range open.
    pub const fn new() -> Self {
        ThreadRanges {
            open: Vec::new(),
            untracked: 0,
        }
    }

    /// The innermost open range and its root: what a kernel launched now runs under.
    pub fn innermost(&self) -> Option<RangeLink> {
        self.open.last().map(|e| RangeLink {
            range: e.range,
            root: e.root,
        })
    }

    /// Open ranges.
    pub fn depth(&self) -> usize {
        self.open.len()
    }

    /// Opens range `range` of `domain`, nested in the innermost open range.
    pub fn push(&mut self, range: u64, domain: Handle) -> Pushed {
        if self.open.len() >= MAX_DEPTH {
            self.untracked = self.untracked.saturating_add(1);
            return Pushed::TooDeep;
        }
        let parent = self.innermost();
        let root = parent.map_or(range, |p| p.root);
        self.open.push(Entry {
            range,
            root,
            domain,
        });
        Pushed::Open {
            parent: parent.map(|p| p.range),
            root,
        }
    }

    /// Closes the innermost open range of `domain`.
    pub fn pop(&mut self, domain: Handle) -> Popped {
        if self.untracked > 0 {
            self.untracked -= 1;
            return Popped::TooDeep;
        }
        match self.open.iter().rposition(|e| e.domain == domain) {
            Some(i) => Popped::Closed(self.open.remove(i).range),
            None => Popped::Unbalanced,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn nested_pushes_parent_each_other_and_share_the_outermost_root() {
        let mut s = ThreadRanges::new();
        assert_eq!(
            s.push(10, 0),
            Pushed::Open {
                parent: None,
                root: 10
            }
        );
        assert_eq!(
            s.push(11, 0),
            Pushed::Open {
                parent: Some(10),
                root: 10
            }
        );
        assert_eq!(
            s.innermost(),
            Some(RangeLink {
                range: 11,
                root: 10
            })
        );
        assert_eq!(s.pop(0), Popped::Closed(11));
        assert_eq!(s.pop(0), Popped::Closed(10));
        assert_eq!(s.innermost(), None);
    }

    #[test]
    fn a_pop_with_nothing_open_in_its_domain_is_unbalanced_and_changes_nothing() {
        let mut s = ThreadRanges::new();
        assert_eq!(s.pop(0), Popped::Unbalanced);
        s.push(1, 7);
        assert_eq!(s.pop(0), Popped::Unbalanced, "domain 0 has nothing open");
        assert_eq!(s.depth(), 1);
        assert_eq!(s.pop(7), Popped::Closed(1));
    }

    #[test]
    fn a_domain_pop_closes_that_domains_innermost_range_even_under_another_domains() {
        let mut s = ThreadRanges::new();
        s.push(1, 5); // domain 5
        s.push(2, 0); // default domain, nested in 1
        assert_eq!(s.pop(5), Popped::Closed(1));
        assert_eq!(
            s.innermost(),
            Some(RangeLink { range: 2, root: 1 }),
            "2 stays open and keeps its trace"
        );
    }

    #[test]
    fn pushes_past_the_depth_bound_are_untracked_and_their_pops_come_first() {
        let mut s = ThreadRanges::new();
        for i in 0..MAX_DEPTH as u64 {
            assert!(matches!(s.push(i, 0), Pushed::Open { .. }));
        }
        assert_eq!(s.push(9_999, 0), Pushed::TooDeep);
        assert_eq!(s.pop(0), Popped::TooDeep);
        assert_eq!(s.pop(0), Popped::Closed(MAX_DEPTH as u64 - 1));
    }

    proptest! {
        /// Against a model where each domain has its own stack and the thread's
        /// innermost range is the most recently pushed open one.
        #[test]
        fn the_innermost_range_is_the_latest_push_still_open(
            ops in proptest::collection::vec((any::<bool>(), 0u64..3), 0..200)
        ) {
            let mut s = ThreadRanges::new();
            let mut model: Vec<(u64, u64, u64)> = Vec::new(); // (range, root, domain)
            for (i, (push, domain)) in ops.into_iter().enumerate() {
                let i = i as u64;
                if push {
                    let root = model.last().map_or(i, |e| e.1);
                    let parent = model.last().map(|e| e.0);
                    prop_assert_eq!(s.push(i, domain), Pushed::Open { parent, root });
                    model.push((i, root, domain));
                } else {
                    let want = model.iter().rposition(|e| e.2 == domain);
                    match want {
                        Some(k) => prop_assert_eq!(s.pop(domain), Popped::Closed(model.remove(k).0)),
                        None => prop_assert_eq!(s.pop(domain), Popped::Unbalanced),
                    }
                }
                let expect = model.last().map(|e| RangeLink { range: e.0, root: e.1 });
                prop_assert_eq!(s.innermost(), expect);
            }
        }
    }
}
