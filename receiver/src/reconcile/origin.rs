//! Which input request each output span came from, and what the window store took or
//! dropped: what the persistent queue needs to delete an input exactly when all of its
//! output is delivered, and to keep the store's evidence on disk as long as the store
//! holds it. Pure.

use semconv::store::{Evicted, Tombstone};
use semconv::Window;

use super::resource::ResourceKey;

/// The input requests of an output request's spans, in span order: runs of
/// `(origin, spans)`. An input's origin is the number the queue gave it.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Origins(Vec<(u64, u64)>);

impl Origins {
    /// `spans` spans, all from `origin`.
    pub fn single(origin: u64, spans: u64) -> Origins {
        let mut o = Origins::default();
        o.push(origin, spans);
        o
    }

    /// Appends `spans` spans from `origin`, merged into the last run when it is the same.
    pub fn push(&mut self, origin: u64, spans: u64) {
        if spans == 0 {
            return;
        }
        match self.0.last_mut() {
            Some((o, n)) if *o == origin => *n += spans,
            _ => self.0.push((origin, spans)),
        }
    }

    /// Appends every run of `other` after these.
    pub fn extend(&mut self, other: Origins) {
        for (o, n) in other.0 {
            self.push(o, n);
        }
    }

    /// The runs.
    pub fn runs(&self) -> &[(u64, u64)] {
        &self.0
    }

    /// Spans counted.
    pub fn spans(&self) -> u64 {
        self.0.iter().map(|(_, n)| n).sum()
    }

    /// The first `head` spans' origins and the rest's (a batch cut in two, in order).
    pub fn split_at(self, mut head: u64) -> (Origins, Origins) {
        let (mut a, mut b) = (Origins::default(), Origins::default());
        for (o, n) in self.0 {
            let take = n.min(head);
            head -= take;
            a.push(o, take);
            b.push(o, n - take);
        }
        (a, b)
    }
}

/// A change to the window store, for the queue to mirror on disk.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EvidenceChange {
    /// The store took this record (a new window, or one that replaced the record held
    /// for its start), from the input `origin`.
    Taken {
        /// The producer.
        key: ResourceKey,
        /// The record.
        window: Window,
        /// The input request that carried it.
        origin: u64,
    },
    /// The store dropped a window or a whole producer.
    Evicted(Evicted<ResourceKey>),
    /// What eviction left of the producer's evidence, after an eviction.
    Floors {
        /// The producer.
        key: ResourceKey,
        /// Its floors (or tombstone).
        floors: Tombstone,
    },
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn adjacent_runs_of_one_origin_merge_and_empty_runs_vanish() {
        let mut o = Origins::single(1, 2);
        o.push(1, 3);
        o.push(2, 0);
        o.push(2, 1);
        o.push(1, 1);
        assert_eq!(o.runs(), [(1, 5), (2, 1), (1, 1)]);
        assert_eq!(o.spans(), 7);
    }

    proptest! {
        #[test]
        fn a_split_keeps_every_span_once_in_order(
            runs in proptest::collection::vec((0u64..4, 0u64..5), 0..8),
            head in 0u64..30,
        ) {
            let mut o = Origins::default();
            runs.iter().for_each(|&(r, n)| o.push(r, n));
            let flat = |o: &Origins| -> Vec<u64> {
                o.runs().iter().flat_map(|&(r, n)| std::iter::repeat_n(r, n as usize)).collect()
            };
            let all = flat(&o);
            let (a, b) = o.clone().split_at(head);
            prop_assert_eq!(a.spans(), head.min(o.spans()));
            let mut joined = flat(&a);
            joined.extend(flat(&b));
            prop_assert_eq!(joined, all);
        }
    }
}
