//! Correlation id → the range a launch ran under: written on the launching thread at
//! the launch API callback, read on the collector thread when the kernel's record
//! arrives. Pure data structure (atomics, no global, no allocation after `new`).
//!
//! Direct-mapped by correlation id: a launch writes slot `id % slots`, nothing is ever
//! removed, and a later launch `slots` ids on takes the slot over. CUPTI hands out
//! correlation ids in increasing order, so a record finds its launch's entry unless
//! more than `slots` API calls happened between the launch and the record's decoding;
//! a lookup that finds a *later* id in its slot reports [`Lookup::Evicted`] (an upper
//! bound on parents lost: the launch may have had no range at all). Entries are never
//! consumed, so the kernels of one graph launch, which share its correlation id, all
//! find it.
//!
//! Writers never wait: each slot is a small seqlock (tag, range, root). A writer claims
//! the slot by swapping its tag to busy (a compare-exchange), writes, then publishes
//! the new tag; a reader that sees the tag change under it treats the slot as evicted.
//! A writer that finds the slot busy (another launch `slots` ids away inside its own
//! insert: 262,144 API calls within nanoseconds, in practice never) skips its entry and
//! says so.

use std::sync::atomic::{fence, AtomicU64, Ordering};

use super::RangeLink;

/// Default number of slots: 2^18 (6 MiB), room for 262,144 API calls between a launch
/// and its record's decoding.
pub const SLOTS_DEFAULT: usize = 1 << 18;

/// Tag of a slot never written.
const EMPTY: u64 = 0;
/// Tag of a slot being written (even, so no published tag).
const BUSY: u64 = 2;

#[derive(Debug, Default)]
struct Slot {
    /// `EMPTY`, `BUSY`, or `(correlation id << 1) | 1` once published (odd).
    tag: AtomicU64,
    range: AtomicU64,
    root: AtomicU64,
}

fn tag_of(correlation_id: u32) -> u64 {
    (u64::from(correlation_id) << 1) | 1
}

/// What a lookup found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Lookup {
    /// The launch ran under this range.
    Found(RangeLink),
    /// No entry: the launch ran outside any range (or was not seen).
    Absent,
    /// A later launch holds the slot: the entry, if there was one, is gone.
    Evicted,
}

/// The table. See the module doc.
#[derive(Debug)]
pub struct CorrelationTable {
    slots: Box<[Slot]>,
    mask: usize,
}

impl CorrelationTable {
    /// A table of `slots` slots, rounded up to a power of two (at least 2).
    pub fn new(slots: usize) -> Self {
        let n = slots.max(2).next_power_of_two();
        CorrelationTable {
            slots: (0..n).map(|_| Slot::default()).collect(),
            mask: n - 1,
        }
    }

    /// Slots in the table.
    pub fn len(&self) -> usize {
        self.slots.len()
    }

    /// Never empty; for clippy's `len` convention.
    pub fn is_empty(&self) -> bool {
        self.slots.is_empty()
    }

    fn slot(&self, correlation_id: u32) -> &Slot {
        &self.slots[correlation_id as usize & self.mask]
    }

    /// Records that launch `correlation_id` ran under `link`. Never waits: false when
    /// another writer held the slot, and nothing was recorded.
    pub fn insert(&self, correlation_id: u32, link: RangeLink) -> bool {
        let s = self.slot(correlation_id);
        let current = s.tag.load(Ordering::Relaxed);
        if current == BUSY
            || s.tag
                .compare_exchange(current, BUSY, Ordering::Acquire, Ordering::Relaxed)
                .is_err()
        {
            return false;
        }
        fence(Ordering::Release);
        s.range.store(link.range, Ordering::Relaxed);
        s.root.store(link.root, Ordering::Relaxed);
        s.tag.store(tag_of(correlation_id), Ordering::Release);
        true
    }

    /// The range launch `correlation_id` ran under, if its entry is still there.
    pub fn get(&self, correlation_id: u32) -> Lookup {
        let s = self.slot(correlation_id);
        let want = tag_of(correlation_id);
        let before = s.tag.load(Ordering::Acquire);
        if before != want {
            // A later id holds the slot, or it is being rewritten for one.
            return if before == BUSY || (before != EMPTY && before > want) {
                Lookup::Evicted
            } else {
                Lookup::Absent
            };
        }
        let range = s.range.load(Ordering::Relaxed);
        let root = s.root.load(Ordering::Relaxed);
        fence(Ordering::Acquire);
        if s.tag.load(Ordering::Relaxed) != before {
            return Lookup::Evicted;
        }
        Lookup::Found(RangeLink { range, root })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use std::sync::Arc;

    fn link(range: u64) -> RangeLink {
        RangeLink {
            range,
            root: range / 2,
        }
    }

    #[test]
    fn a_launch_finds_its_range_until_a_launch_a_table_later_takes_its_slot() {
        let t = CorrelationTable::new(8);
        assert_eq!(t.get(3), Lookup::Absent);
        t.insert(3, link(30));
        assert_eq!(t.get(3), Lookup::Found(link(30)));
        assert_eq!(
            t.get(3),
            Lookup::Found(link(30)),
            "never consumed (graph kernels)"
        );
        assert_eq!(
            t.get(11),
            Lookup::Absent,
            "id 11 shares the slot, had no entry"
        );
        t.insert(11, link(110));
        assert_eq!(t.get(3), Lookup::Evicted);
        assert_eq!(t.get(11), Lookup::Found(link(110)));
    }

    #[test]
    fn a_writer_that_finds_its_slot_busy_records_nothing_and_says_so() {
        let t = CorrelationTable::new(8);
        t.slot(5).tag.store(BUSY, Ordering::Relaxed);
        assert!(!t.insert(5, link(50)));
        assert_eq!(
            t.get(5),
            Lookup::Evicted,
            "a slot being written is never read"
        );
        t.slot(5).tag.store(EMPTY, Ordering::Relaxed);
        assert!(t.insert(5, link(50)));
        assert_eq!(t.get(5), Lookup::Found(link(50)));
    }

    #[test]
    fn the_slot_count_is_a_power_of_two() {
        assert_eq!(CorrelationTable::new(0).len(), 2);
        assert_eq!(CorrelationTable::new(1000).len(), 1024);
        assert_eq!(CorrelationTable::new(SLOTS_DEFAULT).len(), SLOTS_DEFAULT);
    }

    /// Many writers on disjoint ids and readers at the same time: a reader sees the
    /// value written for its id or nothing, never a mix of two entries.
    #[test]
    fn concurrent_readers_never_see_a_torn_entry() {
        let t = Arc::new(CorrelationTable::new(64));
        let writers: Vec<_> = (0..4u32)
            .map(|w| {
                let t = t.clone();
                std::thread::spawn(move || {
                    for i in 0..50_000u32 {
                        let id = i * 4 + w;
                        t.insert(
                            id,
                            RangeLink {
                                range: u64::from(id) * 3,
                                root: u64::from(id) * 7,
                            },
                        );
                    }
                })
            })
            .collect();
        let reader = {
            let t = t.clone();
            std::thread::spawn(move || {
                let mut found = 0u64;
                for round in 0..200_000u32 {
                    let id = round % 200_000;
                    if let Lookup::Found(l) = t.get(id) {
                        assert_eq!((l.range, l.root), (u64::from(id) * 3, u64::from(id) * 7));
                        found += 1;
                    }
                }
                found
            })
        };
        for w in writers {
            w.join().unwrap();
        }
        reader.join().unwrap();
    }

    proptest! {
        /// With increasing ids (as CUPTI hands them out): a lookup finds the entry of its
        /// id exactly when no later insert fell in its slot.
        #[test]
        fn a_lookup_finds_its_entry_unless_a_later_id_took_the_slot(
            gaps in proptest::collection::vec((1u32..40, any::<bool>()), 1..300),
            slots in 1usize..64,
        ) {
            let t = CorrelationTable::new(slots);
            let n = t.len() as u32;
            let mut id = 0u32;
            let mut inserted = Vec::new();
            for (gap, in_range) in gaps {
                id += gap;
                if in_range {
                    t.insert(id, link(u64::from(id)));
                    inserted.push(id);
                }
            }
            let last_in_slot = |slot: u32| inserted.iter().rev().find(|&&i| i % n == slot).copied();
            for probe in 0..=id {
                let got = t.get(probe);
                let expect = match last_in_slot(probe % n) {
                    Some(l) if l == probe => Lookup::Found(link(u64::from(probe))),
                    Some(l) if l > probe => Lookup::Evicted,
                    _ => Lookup::Absent,
                };
                prop_assert_eq!(got, expect, "id {}", probe);
            }
        }
    }
}
