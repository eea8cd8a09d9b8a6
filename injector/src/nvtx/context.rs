//! The application's own trace context, read from NVTX: the convention of
//! [docs/app-context.md](../../../docs/app-context.md). Pure: no I/O, no clock, no
//! allocation on the application's thread.
//!
//! An application (through a small companion to its OpenTelemetry SDK) pushes a
//! push/pop range in the NVTX domain [`APP_DOMAIN`] whose message is the W3C
//! `traceparent` of the span current on that thread, and pops it when that span stops
//! being current. While such a range is the thread's innermost range, the kernels the
//! thread launches (and the NVTX ranges it opens, and their kernels) belong to that
//! span's trace, under that span.
//!
//! ```text
//! app thread:  push in APP_DOMAIN "00-<trace>-<span>-01" ─▶ Tracker: parse (here), the
//!              stack entry links launches to (range, root = range | APP_ROOT)
//!              ─Event::AppOpen(range, TraceParent)─▶ exporter thread
//! exporter:    AppContexts (here): range → TraceParent, kept while open and for
//!              CLOSED_KEPT closed ones after; the slicer asks it for every kernel and
//!              range whose root carries APP_ROOT
//! ```
//!
//! What the injector does with each push in the domain:
//! - a valid `traceparent` with the sampled flag: the application's span is the parent
//!   ([`AppPush::Parent`]);
//! - a valid one without the sampled flag: the application will not export that span,
//!   so what runs under it keeps the injector's own traces, as outside any range
//!   ([`AppPush::Unsampled`]);
//! - no message, a registered string, or text that is not a `traceparent` version the
//!   injector reads: counted as malformed and ignored, as if it had not been pushed
//!   ([`AppPush::Malformed`]).

use std::collections::{HashMap, VecDeque};
use std::fmt;

use serde::{Deserialize, Serialize};

use super::Message;

/// The NVTX domain whose ranges carry the application's current span as their
/// message (a W3C `traceparent`).
pub const APP_DOMAIN: &str = "opentelemetry.traceparent";

/// Set in [`super::RangeLink::root`] (and a range's root) when the chain's root is an
/// application context range: its trace is the application's. Range indices come from
/// one counter starting at 1 and never reach it.
pub const APP_ROOT: u64 = 1 << 62;

/// The application context range index a root names, when it names one.
pub fn app_root(root: u64) -> Option<u64> {
    (root & APP_ROOT != 0).then_some(root & !APP_ROOT)
}

/// Application context ranges kept while open at once; past it, new ones are refused
/// (counted) and what runs under them keeps the injector's own traces.
pub const MAX_OPEN: usize = 65_536;
/// Closed application context ranges kept for the kernel records that arrive after
/// the range closed (a kernel record is decoded after the kernel ran, often after the
/// application's span ended).
pub const CLOSED_KEPT: usize = 65_536;

/// A W3C trace context's `traceparent`: trace id, parent (span) id and flags.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(into = "String", try_from = "String")]
pub struct TraceParent {
    /// The trace id (never all zero).
    pub trace_id: [u8; 16],
    /// The span id of the application's span (never all zero).
    pub span_id: [u8; 8],
    /// The trace flags; bit 0 is "sampled".
    pub flags: u8,
}

/// Why a message is not a `traceparent` the injector reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Malformed {
    /// The range has no message, or a registered string (the convention is a text
    /// message).
    Missing,
    /// Not 55 characters of `version-traceid-parentid-flags` (version 00), or more
    /// after them in version 00, or a field's length.
    Shape,
    /// A character that is not lowercase hex.
    Hex,
    /// Version `ff` (forbidden by W3C).
    Version,
    /// An all-zero trace id or span id.
    ZeroId,
}

impl fmt::Debug for TraceParent {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "TraceParent({self})")
    }
}

impl fmt::Display for TraceParent {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("00-")?;
        for b in self.trace_id {
            write!(f, "{b:02x}")?;
        }
        f.write_str("-")?;
        for b in self.span_id {
            write!(f, "{b:02x}")?;
        }
        write!(f, "-{:02x}", self.flags)
    }
}

impl From<TraceParent> for String {
    fn from(t: TraceParent) -> String {
        t.to_string()
    }
}

impl TryFrom<String> for TraceParent {
    type Error = String;
    fn try_from(s: String) -> Result<Self, String> {
        TraceParent::parse(&s).map_err(|e| format!("not a traceparent ({e:?}): {s}"))
    }
}

fn hex_digit(c: u8) -> Result<u8, Malformed> {
    match c {
        b'0'..=b'9' => Ok(c - b'0'),
        b'a'..=b'f' => Ok(c - b'a' + 10),
        _ => Err(Malformed::Hex),
    }
}

fn hex_into(s: &[u8], out: &mut [u8]) -> Result<(), Malformed> {
    for (i, o) in out.iter_mut().enumerate() {
        *o = (hex_digit(s[2 * i])? << 4) | hex_digit(s[2 * i + 1])?;
    }
    Ok(())
}

impl TraceParent {
    /// Parses a `traceparent` as W3C Trace Context level 1 says a receiver does:
    /// lowercase hex only; version `ff` is invalid; version 00 is exactly 55
    /// characters; a higher version is read by its first four fields when what follows
    /// them starts with `-`. No allocation.
    pub fn parse(s: &str) -> Result<TraceParent, Malformed> {
        let b = s.as_bytes();
        if b.len() < 55 || b[2] != b'-' || b[35] != b'-' || b[52] != b'-' {
            return Err(Malformed::Shape);
        }
        let mut version = [0u8; 1];
        hex_into(&b[0..2], &mut version)?;
        match version[0] {
            0xff => return Err(Malformed::Version),
            0x00 if b.len() != 55 => return Err(Malformed::Shape),
            0x00 => {}
            _ if b.len() > 55 && b[55] != b'-' => return Err(Malformed::Shape),
            _ => {}
        }
        let mut t = TraceParent {
            trace_id: [0; 16],
            span_id: [0; 8],
            flags: 0,
        };
        hex_into(&b[3..35], &mut t.trace_id)?;
        hex_into(&b[36..52], &mut t.span_id)?;
        let mut flags = [0u8; 1];
        hex_into(&b[53..55], &mut flags)?;
        t.flags = flags[0];
        if t.trace_id == [0; 16] || t.span_id == [0; 8] {
            return Err(Malformed::ZeroId);
        }
        Ok(t)
    }

    /// Reads a range's message.
    pub fn from_message(m: &Message) -> Result<TraceParent, Malformed> {
        match m {
            Message::Text(s) => TraceParent::parse(s),
            Message::None | Message::Registered(_) => Err(Malformed::Missing),
        }
    }

    /// The W3C "sampled" flag: the application exports this span.
    pub fn sampled(&self) -> bool {
        self.flags & 1 == 1
    }
}

/// What a push in [`APP_DOMAIN`] means for what runs under it (see the module doc).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AppPush {
    /// The application's span is the parent.
    Parent,
    /// An unsampled span: the injector's own traces, as outside any range.
    Unsampled,
    /// Malformed: ignored, as if not pushed.
    Malformed,
}

impl AppPush {
    /// What a push with `message` means.
    pub fn of(message: &Message) -> (AppPush, Option<TraceParent>) {
        match TraceParent::from_message(message) {
            Ok(t) if t.sampled() => (AppPush::Parent, Some(t)),
            Ok(t) => (AppPush::Unsampled, Some(t)),
            Err(_) => (AppPush::Malformed, None),
        }
    }
}

/// What [`AppContexts`] counted.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ContextCounters {
    /// Application context ranges taken.
    pub opened: u64,
    /// Of those, closed.
    pub closed: u64,
    /// Refused: [`MAX_OPEN`] were open.
    pub refused: u64,
    /// Closed ones forgotten to keep [`CLOSED_KEPT`].
    pub forgotten: u64,
}

/// The exporter thread's application contexts by range index: every open one, and the
/// [`CLOSED_KEPT`] most recently closed. Bounded.
#[derive(Debug, Default)]
pub struct AppContexts {
    open: HashMap<u64, TraceParent>,
    closed: HashMap<u64, TraceParent>,
    closed_order: VecDeque<u64>,
    counters: ContextCounters,
}

impl AppContexts {
    /// None known.
    pub fn new() -> Self {
        AppContexts::default()
    }

    /// Application context range `range` opened with `parent`.
    pub fn open(&mut self, range: u64, parent: TraceParent) {
        if self.open.len() >= MAX_OPEN {
            self.counters.refused += 1;
            return;
        }
        self.counters.opened += 1;
        self.open.insert(range, parent);
    }

    /// Application context range `range` closed: kept among the closed ones.
    pub fn close(&mut self, range: u64) {
        let Some(parent) = self.open.remove(&range) else {
            return;
        };
        self.counters.closed += 1;
        self.closed.insert(range, parent);
        self.closed_order.push_back(range);
        while self.closed_order.len() > CLOSED_KEPT {
            if let Some(old) = self.closed_order.pop_front() {
                self.closed.remove(&old);
                self.counters.forgotten += 1;
            }
        }
    }

    /// The application context of range `range`, while it is known.
    pub fn get(&self, range: u64) -> Option<&TraceParent> {
        self.open.get(&range).or_else(|| self.closed.get(&range))
    }

    /// What was counted.
    pub fn counters(&self) -> ContextCounters {
        self.counters
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    const TP: &str = "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01";

    #[test]
    fn a_w3c_traceparent_is_read_whole() {
        let t = TraceParent::parse(TP).unwrap();
        assert_eq!(t.trace_id[0], 0x4b);
        assert_eq!(t.trace_id[15], 0x36);
        assert_eq!(t.span_id, [0x00, 0xf0, 0x67, 0xaa, 0x0b, 0xa9, 0x02, 0xb7]);
        assert!(t.sampled());
        assert_eq!(t.to_string(), TP);
        let u = TraceParent::parse(&TP.replace("-01", "-00")).unwrap();
        assert!(!u.sampled());
    }

    #[test]
    fn what_w3c_calls_invalid_is_malformed_never_a_panic() {
        let cases: &[(&str, Malformed)] = &[
            ("", Malformed::Shape),
            ("step 7", Malformed::Shape),
            (&TP[..54], Malformed::Shape),
            (&format!("{TP}-"), Malformed::Shape),
            (&TP.to_uppercase(), Malformed::Hex),
            (&TP.replacen("4b", "4g", 1), Malformed::Hex),
            (&TP.replacen("00-", "ff-", 1), Malformed::Version),
            (
                "00-00000000000000000000000000000000-00f067aa0ba902b7-01",
                Malformed::ZeroId,
            ),
            (
                "00-4bf92f3577b34da6a3ce929d0e0e4736-0000000000000000-01",
                Malformed::ZeroId,
            ),
            (&TP.replacen('-', "_", 1), Malformed::Shape),
            (
                "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01µ",
                Malformed::Shape,
            ),
        ];
        for (s, want) in cases {
            assert_eq!(TraceParent::parse(s), Err(*want), "{s:?}");
        }
        assert_eq!(
            TraceParent::from_message(&Message::Registered(7)),
            Err(Malformed::Missing)
        );
        assert_eq!(
            TraceParent::from_message(&Message::None),
            Err(Malformed::Missing)
        );
    }

    #[test]
    fn a_later_version_is_read_by_its_first_fields() {
        let v = TP.replacen("00-", "cc-", 1);
        assert!(TraceParent::parse(&v).is_ok());
        assert!(TraceParent::parse(&format!("{v}-what-follows")).is_ok());
        assert_eq!(TraceParent::parse(&format!("{v}x")), Err(Malformed::Shape));
    }

    #[test]
    fn it_travels_in_dumps_as_its_text() {
        let t = TraceParent::parse(TP).unwrap();
        let json = serde_json::to_string(&t).unwrap();
        assert_eq!(json, format!("\"{TP}\""));
        assert_eq!(serde_json::from_str::<TraceParent>(&json).unwrap(), t);
        assert!(serde_json::from_str::<TraceParent>("\"nope\"").is_err());
    }

    #[test]
    fn open_contexts_are_kept_and_closed_ones_for_a_while() {
        let t = TraceParent::parse(TP).unwrap();
        let mut c = AppContexts::new();
        c.open(1, t);
        for i in 2..(CLOSED_KEPT as u64 + 10) {
            c.open(i, t);
            c.close(i);
        }
        assert!(c.get(1).is_some(), "an open one is never forgotten");
        assert!(c.get(2).is_none(), "the oldest closed ones are");
        assert!(c.get(CLOSED_KEPT as u64 + 9).is_some());
        assert_eq!(c.counters().forgotten, 8);
        c.close(1);
        assert!(c.get(1).is_some());
    }

    #[test]
    fn open_contexts_past_the_bound_are_refused_and_counted() {
        let t = TraceParent::parse(TP).unwrap();
        let mut c = AppContexts::new();
        for i in 0..=MAX_OPEN as u64 {
            c.open(i, t);
        }
        assert_eq!(c.counters().refused, 1);
        assert!(c.get(MAX_OPEN as u64).is_none());
    }

    proptest! {
        #[test]
        fn any_text_parses_or_is_malformed_and_what_parses_prints_back(s in "\\PC{0,80}") {
            if let (Ok(t), true) = (TraceParent::parse(&s), s.starts_with("00")) {
                prop_assert_eq!(t.to_string(), s);
            }
        }

        #[test]
        fn every_valid_context_round_trips(
            trace in any::<[u8; 16]>(), span in any::<[u8; 8]>(), flags in any::<u8>()
        ) {
            prop_assume!(trace != [0; 16] && span != [0; 8]);
            let t = TraceParent { trace_id: trace, span_id: span, flags };
            prop_assert_eq!(TraceParent::parse(&t.to_string()), Ok(t));
        }
    }
}
