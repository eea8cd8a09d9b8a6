//! One thread's open push/pop ranges, across domains. Pure.
//!
//! NVTX nests push/pop ranges per thread *and per domain*: `nvtxDomainRangePop(d)`
//! closes the innermost open range of domain `d`, which need not be the thread's
//! innermost one when domains interleave. The thread's innermost open range, whatever
//! its domain, is what a kernel launched now runs under, and what a range pushed now
//! nests in.
//!
//! Application context ranges ([`super::context`]) are entries too, so that pops pair
//! with them, but what runs under one is decided at its push ([`AppPush`]): under the
//! application's span (the entry starts a chain whose root carries
//! [`super::context::APP_ROOT`]), outside any range (unsampled), or under whatever ran
//! before (malformed: ignored). Each entry keeps what a launch made while it is
//! innermost runs under, so the launch's look-up stays one read of the last entry.
//!
//! Bad input is counted by the caller, never a panic: a pop with no open range of its
//! domain is [`Popped::Unbalanced`]; pushes past [`MAX_DEPTH`] open ranges are not
//! tracked ([`Pushed::TooDeep`]), and the pops that match them (the next ones, as
//! nesting goes) are [`Popped::TooDeep`].

use super::context::{AppPush, APP_ROOT};
use super::{Handle, RangeLink};

/// Most open ranges one thread keeps; a program that pushes without popping stops
/// growing our memory here.
pub const MAX_DEPTH: usize = 1024;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Entry {
    range: u64,
    domain: Handle,
    /// What a launch made while this entry is innermost runs under (and what a range
    /// pushed now nests in); `None`: outside any range.
    under: Option<RangeLink>,
    /// An application context range (no span of its own), and what its push meant.
    app: Option<AppPush>,
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
    /// This application context range closed; its push meant this.
    App(u64, AppPush),
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

    /// What a kernel launched now runs under: the innermost open range and its root
    /// (an application context range is its own root, marked with
    /// [`super::context::APP_ROOT`]); `None` outside any range.
    pub fn innermost(&self) -> Option<RangeLink> {
        self.open.last().and_then(|e| e.under)
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
            domain,
            under: Some(RangeLink { range, root }),
            app: None,
        });
        Pushed::Open {
            parent: parent.map(|p| p.range),
            root,
        }
    }

    /// Opens application context range `range` of `domain`, whose push meant `how`.
    /// False when past [`MAX_DEPTH`] (not tracked).
    pub fn push_app(&mut self, range: u64, domain: Handle, how: AppPush) -> bool {
        if self.open.len() >= MAX_DEPTH {
            self.untracked = self.untracked.saturating_add(1);
            return false;
        }
        let under = match how {
            AppPush::Parent => Some(RangeLink {
                range,
                root: range | APP_ROOT,
            }),
            AppPush::Unsampled => None,
            AppPush::Malformed => self.innermost(),
        };
        self.open.push(Entry {
            range,
            domain,
            under,
            app: Some(how),
        });
        true
    }

    /// Closes the innermost open range of `domain`.
    pub fn pop(&mut self, domain: Handle) -> Popped {
        if self.untracked > 0 {
            self.untracked -= 1;
            return Popped::TooDeep;
        }
        match self.open.iter().rposition(|e| e.domain == domain) {
            Some(i) => {
                let e = self.open.remove(i);
                match e.app {
                    Some(how) => Popped::App(e.range, how),
                    None => Popped::Closed(e.range),
                }
            }
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

    const APP: u64 = 9; // the application context domain's handle in these tests

    #[test]
    fn an_application_context_starts_a_chain_of_its_own_whatever_was_open() {
        let mut s = ThreadRanges::new();
        s.push(1, 0); // an operator range before the request's span became current
        assert!(s.push_app(2, APP, AppPush::Parent));
        assert_eq!(
            s.innermost(),
            Some(RangeLink {
                range: 2,
                root: 2 | APP_ROOT
            })
        );
        assert_eq!(
            s.push(3, 0),
            Pushed::Open {
                parent: Some(2),
                root: 2 | APP_ROOT
            },
            "an operator range under the application's span is in its trace"
        );
        assert_eq!(s.pop(0), Popped::Closed(3));
        assert_eq!(s.pop(APP), Popped::App(2, AppPush::Parent));
        assert_eq!(s.innermost(), Some(RangeLink { range: 1, root: 1 }));
    }

    #[test]
    fn an_unsampled_context_is_outside_any_range_and_a_malformed_one_changes_nothing() {
        let mut s = ThreadRanges::new();
        s.push_app(1, APP, AppPush::Parent);
        s.push_app(2, APP, AppPush::Unsampled);
        assert_eq!(s.innermost(), None, "the injector's own traces");
        assert_eq!(
            s.push(3, 0),
            Pushed::Open {
                parent: None,
                root: 3
            }
        );
        s.pop(0);
        s.push_app(4, APP, AppPush::Malformed);
        assert_eq!(
            s.innermost(),
            None,
            "as if the malformed push had not happened"
        );
        assert_eq!(s.pop(APP), Popped::App(4, AppPush::Malformed));
        assert_eq!(s.pop(APP), Popped::App(2, AppPush::Unsampled));
        s.push_app(5, APP, AppPush::Malformed);
        assert_eq!(
            s.innermost(),
            Some(RangeLink {
                range: 1,
                root: 1 | APP_ROOT
            }),
            "a malformed push inside a valid one leaves it the parent"
        );
    }

    #[test]
    fn an_application_push_past_the_depth_bound_is_untracked_like_any_other() {
        let mut s = ThreadRanges::new();
        for i in 0..MAX_DEPTH as u64 {
            s.push(i, 0);
        }
        assert!(!s.push_app(5_000, APP, AppPush::Parent));
        assert_eq!(s.pop(APP), Popped::TooDeep);
    }

    proptest! {
        /// Against a model where each domain has its own stack and the thread's
        /// innermost range is the most recently pushed open one; application context
        /// pushes (domain 9) each of the three kinds.
        #[test]
        fn the_innermost_range_is_the_latest_push_still_open(
            ops in proptest::collection::vec((0u8..5, 0u64..3), 0..200)
        ) {
            let mut s = ThreadRanges::new();
            // (range, domain, under, app)
            let mut model: Vec<(u64, u64, Option<RangeLink>, Option<AppPush>)> = Vec::new();
            for (i, (op, domain)) in ops.into_iter().enumerate() {
                let i = i as u64 + 1;
                let inner = model.last().and_then(|e| e.2);
                match op {
                    0 => {
                        let root = inner.map_or(i, |p| p.root);
                        prop_assert_eq!(s.push(i, domain), Pushed::Open { parent: inner.map(|p| p.range), root });
                        model.push((i, domain, Some(RangeLink { range: i, root }), None));
                    }
                    1 => {
                        let how = [AppPush::Parent, AppPush::Unsampled, AppPush::Malformed][domain as usize];
                        prop_assert!(s.push_app(i, APP, how));
                        let under = match how {
                            AppPush::Parent => Some(RangeLink { range: i, root: i | APP_ROOT }),
                            AppPush::Unsampled => None,
                            AppPush::Malformed => inner,
                        };
                        model.push((i, APP, under, Some(how)));
                    }
                    _ => {
                        let d = if op == 2 { APP } else { domain };
                        let want = model.iter().rposition(|e| e.1 == d);
                        match want {
                            Some(k) => {
                                let e = model.remove(k);
                                let expect = match e.3 {
                                    Some(how) => Popped::App(e.0, how),
                                    None => Popped::Closed(e.0),
                                };
                                prop_assert_eq!(s.pop(d), expect);
                            }
                            None => prop_assert_eq!(s.pop(d), Popped::Unbalanced),
                        }
                    }
                }
                prop_assert_eq!(s.innermost(), model.last().and_then(|e| e.2));
            }
        }
    }
}
