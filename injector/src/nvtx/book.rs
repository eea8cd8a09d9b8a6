//! The exporter thread's book of ranges: pairs each range's open event with its close
//! (push/pop, by range index) or its end (start/end, by NVTX id), resolves names
//! (registered strings, domains), and closes what is still open at exit. Pure: events
//! in, [`ClosedRange`]s out; "now" is an argument.
//!
//! Bounded: at most [`MAX_OPEN`] open ranges and [`MAX_NAMES`] names of each kind are
//! kept; past that, opens and names are refused and counted. A close or end whose open
//! is unknown (refused, or dropped at the exporter's door) is counted as unmatched.

use std::collections::HashMap;

use super::{Event, Handle, Message, Opened, Payload, RangeKind};

/// Most ranges held open at once.
pub const MAX_OPEN: usize = 65_536;
/// Most domain names and registered strings kept, each.
pub const MAX_NAMES: usize = 65_536;
/// The name of a range with no message (or a registered string never seen).
pub const UNNAMED: &str = "nvtx range";

/// A range with both ends: what becomes a span.
#[derive(Debug, Clone, PartialEq)]
pub struct ClosedRange {
    /// Its index.
    pub range: u64,
    /// The enclosing range's index.
    pub parent: Option<u64>,
    /// The outermost ancestor's index: the trace.
    pub root: u64,
    /// Push/pop or start/end.
    pub kind: RangeKind,
    /// OS thread id of the opening thread.
    pub thread: u32,
    /// Open instant, Unix epoch ns.
    pub start_ns: u64,
    /// Close instant (never before the open), Unix epoch ns.
    pub end_ns: u64,
    /// The message, resolved.
    pub name: String,
    /// The domain's name; `None` for the default domain (or one never named).
    pub domain: Option<String>,
    /// Category, 0 when none.
    pub category: u32,
    /// ARGB color.
    pub color: Option<u32>,
    /// Payload.
    pub payload: Option<Payload>,
    /// Still open at exit: `end_ns` is the exit instant.
    pub unclosed: bool,
}

/// What the book counted.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct BookCounters {
    /// Open events taken.
    pub opened: u64,
    /// Ranges closed by the program.
    pub closed: u64,
    /// Ranges still open at exit (closed at the exit instant).
    pub unclosed_at_exit: u64,
    /// Closes and ends whose open is unknown.
    pub unmatched: u64,
    /// Opens refused: [`MAX_OPEN`] ranges were open.
    pub open_refused: u64,
    /// Names refused: [`MAX_NAMES`] were kept.
    pub names_refused: u64,
}

/// The book. See the module doc.
#[derive(Debug, Default)]
pub struct RangeBook {
    open: HashMap<u64, Opened>,
    /// NVTX id of an open start/end range → its index.
    started: HashMap<u64, u64>,
    domains: HashMap<Handle, String>,
    strings: HashMap<Handle, String>,
    counters: BookCounters,
}

impl RangeBook {
    /// An empty book.
    pub fn new() -> Self {
        RangeBook::default()
    }

    /// What was counted so far.
    pub fn counters(&self) -> BookCounters {
        self.counters
    }

    /// Ranges open now.
    pub fn open_count(&self) -> usize {
        self.open.len()
    }

    /// Takes one event; a range it closes is appended to `out`.
    pub fn take(&mut self, event: Event, out: &mut Vec<ClosedRange>) {
        match event {
            Event::Open(o) => {
                if self.open.len() >= MAX_OPEN {
                    self.counters.open_refused += 1;
                    return;
                }
                self.counters.opened += 1;
                if let Some(id) = o.nvtx_id {
                    self.started.insert(id, o.range);
                }
                self.open.insert(o.range, o);
            }
            Event::Close { range, end_ns } => self.close(range, end_ns, false, out),
            Event::End { id, end_ns } => match self.started.remove(&id) {
                Some(range) => self.close(range, end_ns, false, out),
                None => self.counters.unmatched += 1,
            },
            Event::DomainCreated { domain, name } => {
                Self::name(&mut self.domains, &mut self.counters, domain, name);
            }
            Event::StringRegistered { handle, text } => {
                Self::name(&mut self.strings, &mut self.counters, handle, text);
            }
            // Application contexts are no ranges: the slicer keeps them
            // (`model::Slicer::app_open`).
            Event::AppOpen { .. } | Event::AppClose { .. } => {}
        }
    }

    fn name(
        names: &mut HashMap<Handle, String>,
        counters: &mut BookCounters,
        handle: Handle,
        name: String,
    ) {
        if names.len() >= MAX_NAMES && !names.contains_key(&handle) {
            counters.names_refused += 1;
            return;
        }
        names.insert(handle, name);
    }

    /// Closes every range still open at `now_ns` (exit), in index order.
    pub fn finish(&mut self, now_ns: u64, out: &mut Vec<ClosedRange>) {
        let mut left: Vec<u64> = self.open.keys().copied().collect();
        left.sort_unstable();
        for range in left {
            self.close(range, now_ns, true, out);
        }
        self.started.clear();
    }

    fn close(&mut self, range: u64, end_ns: u64, at_exit: bool, out: &mut Vec<ClosedRange>) {
        let Some(o) = self.open.remove(&range) else {
            self.counters.unmatched += 1;
            return;
        };
        if at_exit {
            self.counters.unclosed_at_exit += 1;
        } else {
            self.counters.closed += 1;
        }
        let name = match &o.attrs.message {
            Message::Text(t) => t.clone(),
            Message::Registered(h) => self
                .strings
                .get(h)
                .cloned()
                .unwrap_or_else(|| UNNAMED.into()),
            Message::None => UNNAMED.into(),
        };
        out.push(ClosedRange {
            range: o.range,
            parent: o.parent,
            root: o.root,
            kind: o.kind,
            thread: o.thread,
            start_ns: o.start_ns,
            end_ns: end_ns.max(o.start_ns),
            name,
            domain: (o.domain != 0)
                .then(|| self.domains.get(&o.domain).cloned())
                .flatten(),
            category: o.attrs.category,
            color: o.attrs.color,
            payload: o.attrs.payload,
            unclosed: at_exit,
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::nvtx::Attributes;

    fn open(range: u64, parent: Option<u64>, start_ns: u64, attrs: Attributes) -> Event {
        Event::Open(Opened {
            range,
            parent,
            root: parent.unwrap_or(range),
            kind: RangeKind::PushPop,
            thread: 7,
            start_ns,
            domain: 0,
            attrs,
            nvtx_id: None,
        })
    }

    #[test]
    fn a_push_pop_range_closes_with_its_times_and_attributes() {
        let mut b = RangeBook::new();
        let mut out = Vec::new();
        let attrs = Attributes {
            message: Message::Text("step 3".into()),
            category: 2,
            color: Some(0xff76_b900),
            payload: Some(Payload::Int(-4)),
        };
        b.take(open(1, None, 100, attrs), &mut out);
        assert!(out.is_empty());
        b.take(
            Event::Close {
                range: 1,
                end_ns: 250,
            },
            &mut out,
        );
        assert_eq!(out.len(), 1);
        let r = &out[0];
        assert_eq!(
            (r.start_ns, r.end_ns, r.name.as_str()),
            (100, 250, "step 3")
        );
        assert_eq!(
            (r.category, r.color, r.payload),
            (2, Some(0xff76_b900), Some(Payload::Int(-4)))
        );
        assert!(!r.unclosed);
        assert_eq!(b.counters().closed, 1);
    }

    #[test]
    fn registered_strings_and_domain_names_are_resolved() {
        let mut b = RangeBook::new();
        let mut out = Vec::new();
        b.take(
            Event::DomainCreated {
                domain: 0xd0,
                name: "Vector Addition".into(),
            },
            &mut out,
        );
        b.take(
            Event::StringRegistered {
                handle: 0x51,
                text: "Memcpy operation".into(),
            },
            &mut out,
        );
        let mut o = open(
            4,
            None,
            10,
            Attributes {
                message: Message::Registered(0x51),
                ..Attributes::default()
            },
        );
        if let Event::Open(x) = &mut o {
            x.domain = 0xd0;
        }
        b.take(o, &mut out);
        b.take(
            Event::Close {
                range: 4,
                end_ns: 20,
            },
            &mut out,
        );
        assert_eq!(out[0].name, "Memcpy operation");
        assert_eq!(out[0].domain.as_deref(), Some("Vector Addition"));
        b.take(open(5, None, 30, Attributes::default()), &mut out);
        b.take(
            Event::Close {
                range: 5,
                end_ns: 40,
            },
            &mut out,
        );
        assert_eq!(out[1].name, UNNAMED);
        assert_eq!(out[1].domain, None, "the default domain has no name");
    }

    #[test]
    fn a_start_end_range_is_ended_by_its_nvtx_id() {
        let mut b = RangeBook::new();
        let mut out = Vec::new();
        let mut o = open(9, None, 5, Attributes::text("load"));
        if let Event::Open(x) = &mut o {
            x.kind = RangeKind::StartEnd;
            x.nvtx_id = Some(77);
        }
        b.take(o, &mut out);
        b.take(Event::End { id: 78, end_ns: 6 }, &mut out);
        assert!(out.is_empty());
        assert_eq!(b.counters().unmatched, 1);
        b.take(Event::End { id: 77, end_ns: 9 }, &mut out);
        assert_eq!(
            (out[0].range, out[0].end_ns, out[0].kind),
            (9, 9, RangeKind::StartEnd)
        );
    }

    #[test]
    fn ranges_open_at_exit_close_at_the_exit_instant_marked_unclosed() {
        let mut b = RangeBook::new();
        let mut out = Vec::new();
        b.take(open(2, None, 100, Attributes::text("outer")), &mut out);
        b.take(open(3, Some(2), 110, Attributes::text("inner")), &mut out);
        b.finish(500, &mut out);
        assert_eq!(out.len(), 2);
        assert!(out.iter().all(|r| r.unclosed && r.end_ns == 500));
        assert_eq!(out[0].range, 2, "in index order");
        assert_eq!(b.counters().unclosed_at_exit, 2);
        assert_eq!(b.open_count(), 0);
    }

    #[test]
    fn a_close_before_its_open_instant_is_clamped_and_an_unknown_close_counted() {
        let mut b = RangeBook::new();
        let mut out = Vec::new();
        b.take(open(1, None, 100, Attributes::default()), &mut out);
        b.take(
            Event::Close {
                range: 1,
                end_ns: 90,
            },
            &mut out,
        );
        assert_eq!(out[0].end_ns, 100);
        b.take(
            Event::Close {
                range: 1,
                end_ns: 120,
            },
            &mut out,
        );
        assert_eq!(b.counters().unmatched, 1);
    }

    #[test]
    fn opens_past_the_bound_are_refused_and_counted() {
        let mut b = RangeBook::new();
        let mut out = Vec::new();
        for i in 0..=MAX_OPEN as u64 {
            b.take(open(i, None, i, Attributes::default()), &mut out);
        }
        assert_eq!(b.open_count(), MAX_OPEN);
        assert_eq!(b.counters().open_refused, 1);
    }

    #[test]
    fn names_past_the_bound_are_refused_and_counted_and_a_kept_one_is_renamed() {
        let mut b = RangeBook::new();
        let mut out = Vec::new();
        let extra = 100;
        for h in 0..(MAX_NAMES + extra) as u64 {
            b.take(
                Event::StringRegistered {
                    handle: h,
                    text: format!("s{h}"),
                },
                &mut out,
            );
            b.take(
                Event::DomainCreated {
                    domain: h,
                    name: format!("d{h}"),
                },
                &mut out,
            );
        }
        assert_eq!((b.strings.len(), b.domains.len()), (MAX_NAMES, MAX_NAMES));
        assert_eq!(b.counters().names_refused, 2 * extra as u64);
        b.take(
            Event::StringRegistered {
                handle: 0,
                text: "again".into(),
            },
            &mut out,
        );
        assert_eq!(b.strings[&0], "again");
        assert_eq!(b.counters().names_refused, 2 * extra as u64);
    }
}
