//! What each input request still owes each destination, pure: an input may leave the
//! queue exactly when the pipeline holds nothing more of it (sealed) and every
//! destination has settled (delivered, or dropped for good and counted) every span that
//! was derived from it. Output is counted in runs: (input number, spans).

use std::collections::HashMap;

#[derive(Debug, Clone)]
struct Entry {
    /// The pipeline holds nothing of it and will derive no more output from it.
    sealed: bool,
    /// Spans handed to the destinations and not yet settled, per destination.
    outstanding: Vec<u64>,
}

impl Entry {
    fn done(&self) -> bool {
        self.sealed && self.outstanding.iter().all(|&n| n == 0)
    }
}

/// Outstanding output per input, per destination.
#[derive(Debug, Clone)]
pub struct Ledger {
    destinations: usize,
    open: HashMap<u64, Entry>,
}

impl Ledger {
    /// A ledger for `destinations` destinations (the primary and its mirrors).
    pub fn new(destinations: usize) -> Ledger {
        Ledger {
            destinations,
            open: HashMap::new(),
        }
    }

    fn entry(&mut self, origin: u64) -> &mut Entry {
        let destinations = self.destinations;
        self.open.entry(origin).or_insert_with(|| Entry {
            sealed: false,
            outstanding: vec![0; destinations],
        })
    }

    /// These spans are being handed to every destination. Must come before they can be
    /// settled, and before their inputs are sealed.
    pub fn emitted(&mut self, runs: &[(u64, u64)]) {
        for &(o, n) in runs {
            for d in &mut self.entry(o).outstanding {
                *d += n;
            }
        }
    }

    /// Destination `destination` settled these spans. Returns the inputs that are now
    /// done, each once.
    pub fn resolved(&mut self, destination: usize, runs: &[(u64, u64)]) -> Vec<u64> {
        let mut done = Vec::new();
        for &(o, n) in runs {
            let Some(e) = self.open.get_mut(&o) else {
                debug_assert!(false, "spans of input {o} settled but never emitted");
                continue;
            };
            let left = &mut e.outstanding[destination];
            debug_assert!(*left >= n, "input {o}: more settled than emitted");
            *left = left.saturating_sub(n);
            if e.done() {
                self.open.remove(&o);
                done.push(o);
            }
        }
        done
    }

    /// The pipeline holds nothing more of `origin`. Returns it when it is now done.
    pub fn sealed(&mut self, origin: u64) -> Option<u64> {
        let e = self.entry(origin);
        e.sealed = true;
        if e.done() {
            self.open.remove(&origin);
            return Some(origin);
        }
        None
    }

    /// Inputs not done yet.
    pub fn open(&self) -> usize {
        self.open.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// `spans` spans of input `origin`.
    fn single(origin: u64, spans: u64) -> [(u64, u64); 1] {
        [(origin, spans)]
    }
    use std::collections::BTreeSet;

    #[test]
    fn an_input_is_done_only_when_sealed_and_settled_everywhere() {
        let mut l = Ledger::new(2);
        l.emitted(&single(7, 3));
        assert_eq!(l.resolved(0, &single(7, 3)), Vec::<u64>::new());
        assert_eq!(l.sealed(7), None, "the mirror has not settled it");
        assert_eq!(l.resolved(1, &single(7, 2)), Vec::<u64>::new());
        assert_eq!(l.resolved(1, &single(7, 1)), vec![7]);
        assert_eq!(l.open(), 0);
    }

    #[test]
    fn an_input_with_no_output_is_done_when_sealed() {
        let mut l = Ledger::new(1);
        assert_eq!(l.sealed(3), Some(3));
    }

    /// One input's life: its output in chunks, each emitted once and then settled once
    /// per destination; sealed after its last emission.
    #[derive(Debug, Clone)]
    enum Event {
        Emit(u64, usize),
        Settle(u64, usize, usize),
        Seal(u64),
    }

    /// A random interleaving of the events of `inputs`, each input's emissions before
    /// their settlements and its seal after its emissions.
    fn schedule(destinations: usize) -> impl Strategy<Value = (Vec<Vec<u64>>, Vec<Event>)> {
        proptest::collection::vec(proptest::collection::vec(1u64..4, 0..4), 1..5).prop_flat_map(
            move |inputs| {
                let mut lanes: Vec<Vec<Event>> = Vec::new();
                for (i, chunks) in inputs.iter().enumerate() {
                    let i = i as u64;
                    let mut own = Vec::new();
                    for c in 0..chunks.len() {
                        own.push(Event::Emit(i, c));
                    }
                    own.push(Event::Seal(i));
                    lanes.push(own);
                    for c in 0..chunks.len() {
                        for d in 0..destinations {
                            lanes.push(vec![Event::Settle(i, c, d)]);
                        }
                    }
                }
                let n: usize = lanes.iter().map(Vec::len).sum();
                let inputs = inputs.clone();
                proptest::collection::vec(any::<prop::sample::Index>(), n).prop_map(move |picks| {
                    // Merge the lanes in a random order; a settlement waits for its emission.
                    let mut lanes = lanes.clone();
                    let mut emitted = BTreeSet::new();
                    let mut out = Vec::new();
                    for p in picks {
                        let ready: Vec<usize> = (0..lanes.len())
                            .filter(|&l| match lanes[l].first() {
                                Some(Event::Settle(i, c, _)) => emitted.contains(&(*i, *c)),
                                Some(_) => true,
                                None => false,
                            })
                            .collect();
                        let Some(&l) = ready.get(p.index(ready.len().max(1))) else {
                            break;
                        };
                        let e = lanes[l].remove(0);
                        if let Event::Emit(i, c) = e {
                            emitted.insert((i, c));
                        }
                        out.push(e);
                    }
                    (inputs.clone(), out)
                })
            },
        )
    }

    proptest! {
        #[test]
        fn an_input_is_deleted_exactly_when_every_destination_has_all_of_its_output(
            (destinations, (inputs, events)) in (1usize..4).prop_flat_map(|d| (Just(d), schedule(d))),
        ) {
            let mut l = Ledger::new(destinations);
            let mut settled = BTreeSet::new();
            let mut sealed = BTreeSet::new();
            let mut deleted = BTreeSet::new();
            for e in events {
                let done = match e {
                    Event::Emit(i, c) => {
                        l.emitted(&single(i, inputs[i as usize][c]));
                        vec![]
                    }
                    Event::Settle(i, c, d) => {
                        settled.insert((i, c, d));
                        l.resolved(d, &single(i, inputs[i as usize][c]))
                    }
                    Event::Seal(i) => {
                        sealed.insert(i);
                        l.sealed(i).into_iter().collect()
                    }
                };
                for i in done {
                    prop_assert!(deleted.insert(i), "input {} deleted twice", i);
                }
                // The rule, checked after every event for every input.
                for (i, chunks) in inputs.iter().enumerate() {
                    let i = i as u64;
                    let all_settled = (0..chunks.len())
                        .all(|c| (0..destinations).all(|d| settled.contains(&(i, c, d))));
                    let should = sealed.contains(&i) && all_settled;
                    prop_assert_eq!(deleted.contains(&i), should, "input {}", i);
                }
            }
            prop_assert_eq!(l.open(), inputs.len() - deleted.len());
        }
    }
}
