//! NVTX ranges as parent spans: the program's own annotations (`nvtxRangePush/Pop`,
//! `nvtxRangeStart/End`, any domain; `torch.cuda.nvtx`, `emit_nvtx`) become spans, and
//! every kernel becomes the child of the innermost push/pop range open on the thread
//! that launched it.
//!
//! ```text
//! app thread, NVTX callback ──Call──▶ Tracker: this thread's stack (stack.rs), a range
//!     index from one counter ──Event (open / close / end / names)──▶ exporter thread
//! app thread, launch callback (correlation id) ──▶ Tracker: innermost open range of
//!     this thread → CorrelationTable[correlation id] (correlation.rs; lock-free)
//! collector thread: KernelRecord.range = table[record.correlation_id]
//! exporter thread: RangeBook (book.rs) pairs open and close into ClosedRanges → spans
//! ```
//!
//! Why push/pop ranges only parent kernels: they are thread-bound, so the launching
//! thread's innermost one is a fact at launch. A start/end range may be ended on another
//! thread and overlaps others freely; which kernels "belong" to it is not knowable.
//!
//! Ids: a range is named by its index (one process-wide counter); its span id and its
//! trace id (the index of its outermost ancestor) are derived from those indices by
//! [`crate::model::IdSeed`], so a kernel record can name its parent before the range
//! has closed and reached the exporter.
//!
//! The application's own spans: a push in the domain [`context::APP_DOMAIN`] whose
//! message is a W3C `traceparent` makes what runs under it part of the application's
//! trace, under its span (see [`context`] and docs/app-context.md).
//!
//! Everything here is safe code without I/O or a clock: times are arguments. The
//! thread-locals, the one tracker of the process and the clock live in `runtime::nvtx`;
//! the decoding of CUPTI's NVTX callback data in `cupti`.

pub mod book;
pub mod context;
pub mod correlation;
pub mod stack;
pub mod tracker;

use serde::{Deserialize, Serialize};

/// An NVTX handle (a domain, a registered string) as CUPTI gave it, as an integer.
/// The default domain is 0.
pub type Handle = u64;

/// Where a kernel launch sat among the ranges of its thread: the innermost open
/// push/pop range and that range's outermost ancestor, whose index names the trace.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct RangeLink {
    /// Index of the innermost open range: the kernel span's parent.
    pub range: u64,
    /// Index of its outermost ancestor (itself when outermost): the trace.
    pub root: u64,
}

/// A range's message.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub enum Message {
    /// No message.
    #[default]
    None,
    /// An ASCII or wide string, copied at the call.
    Text(String),
    /// A string registered earlier (`nvtxDomainRegisterString*`).
    Registered(Handle),
}

/// A range's numeric payload: integer types as `Int`, floating types (and an
/// unsigned 64-bit value above `i64::MAX`) as `Double`.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub enum Payload {
    /// INT32, INT64, UNSIGNED_INT32, UNSIGNED_INT64 up to `i64::MAX`.
    Int(i64),
    /// FLOAT, DOUBLE, UNSIGNED_INT64 above `i64::MAX`.
    Double(f64),
}

/// What an `nvtxEventAttributes_t` (or a plain message) said about a range.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct Attributes {
    /// The message: the span's name.
    pub message: Message,
    /// Category id, 0 when none.
    pub category: u32,
    /// ARGB color, when the color type is ARGB.
    pub color: Option<u32>,
    /// Payload, when its type is known.
    pub payload: Option<Payload>,
}

impl Attributes {
    /// Attributes holding only a text message.
    pub fn text(message: impl Into<String>) -> Self {
        Attributes {
            message: Message::Text(message.into()),
            ..Attributes::default()
        }
    }
}

/// One NVTX call of the program, as CUPTI's NVTX callback reported it (decoded by
/// `cupti`, or made by the fake in tests).
#[derive(Debug, Clone, PartialEq)]
pub enum Call {
    /// `nvtxRangePush{A,W,Ex}` (domain 0) or `nvtxDomainRangePushEx`.
    Push {
        /// The domain.
        domain: Handle,
        /// Message and attributes.
        attrs: Attributes,
    },
    /// `nvtxRangePop` (domain 0) or `nvtxDomainRangePop`.
    Pop {
        /// The domain.
        domain: Handle,
    },
    /// `nvtxRangeStart{A,W,Ex}` or `nvtxDomainRangeStartEx`, with the id it returned.
    Start {
        /// The domain.
        domain: Handle,
        /// Message and attributes.
        attrs: Attributes,
        /// The id NVTX returned, which `End` names.
        id: u64,
    },
    /// `nvtxRangeEnd` or `nvtxDomainRangeEnd`.
    End {
        /// The id `Start` returned.
        id: u64,
    },
    /// `nvtxDomainCreate{A,W}`: the handle it returned and the name.
    DomainCreated {
        /// The new domain.
        domain: Handle,
        /// Its name.
        name: String,
    },
    /// `nvtxDomainRegisterString{A,W}`: the handle it returned and the string.
    StringRegistered {
        /// The string's handle.
        handle: Handle,
        /// The string.
        text: String,
    },
}

/// How a range was opened and closed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum RangeKind {
    /// Push/pop: bound to its thread, nested.
    PushPop,
    /// Start/end: a process range, ended by id from any thread.
    StartEnd,
}

impl RangeKind {
    /// The `gpu.nvtx.range.kind` value.
    pub fn as_str(self) -> &'static str {
        use semconv::attributes::gpu_nvtx_range_kind as k;
        match self {
            RangeKind::PushPop => k::PUSH_POP,
            RangeKind::StartEnd => k::START_END,
        }
    }
}

/// A range that opened, as the tracker saw it on the application's thread.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Opened {
    /// The range's index.
    pub range: u64,
    /// The enclosing range's index, when one was open on the thread.
    pub parent: Option<u64>,
    /// The outermost ancestor's index (the range itself when outermost).
    pub root: u64,
    /// Push/pop or start/end.
    pub kind: RangeKind,
    /// OS thread id of the opening thread.
    pub thread: u32,
    /// When it opened, Unix epoch ns (CLOCK_REALTIME, the kernels' clock).
    pub start_ns: u64,
    /// Its domain, 0 for the default one.
    pub domain: Handle,
    /// Message and attributes.
    pub attrs: Attributes,
    /// The NVTX id of a start/end range (what `End` names).
    pub nvtx_id: Option<u64>,
}

/// What travels from the application's threads to the exporter thread, in the order
/// each thread made it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum Event {
    /// A range opened.
    Open(Opened),
    /// A push/pop range closed.
    Close {
        /// Its index.
        range: u64,
        /// When, Unix epoch ns.
        end_ns: u64,
    },
    /// A start/end range ended.
    End {
        /// The NVTX id its start returned.
        id: u64,
        /// When, Unix epoch ns.
        end_ns: u64,
    },
    /// A domain was created.
    DomainCreated {
        /// Its handle.
        domain: Handle,
        /// Its name.
        name: String,
    },
    /// A string was registered.
    StringRegistered {
        /// Its handle.
        handle: Handle,
        /// The string.
        text: String,
    },
    /// An application context range opened whose push names the application's span
    /// (a sampled, valid `traceparent`): range `range` and what runs under it belong
    /// to `parent`'s trace. It is no span of its own.
    AppOpen {
        /// Its index.
        range: u64,
        /// The application's span.
        parent: context::TraceParent,
    },
    /// That application context range closed.
    AppClose {
        /// Its index.
        range: u64,
    },
}

impl Event {
    /// Bytes this event holds, for the exporter's memory budget.
    pub fn cost(&self) -> u64 {
        let text = match self {
            Event::Open(o) => match &o.attrs.message {
                Message::Text(t) => t.len(),
                _ => 0,
            },
            Event::DomainCreated { name: t, .. } | Event::StringRegistered { text: t, .. } => {
                t.len()
            }
            Event::Close { .. }
            | Event::End { .. }
            | Event::AppOpen { .. }
            | Event::AppClose { .. } => 0,
        };
        (std::mem::size_of::<Event>() + text) as u64
    }

    /// The event with every instant moved by `shift_ns` (replays of a capture).
    pub fn shifted(mut self, shift_ns: i64) -> Event {
        let mv = |t: &mut u64| *t = t.saturating_add_signed(shift_ns);
        match &mut self {
            Event::Open(o) => mv(&mut o.start_ns),
            Event::Close { end_ns, .. } | Event::End { end_ns, .. } => mv(end_ns),
            Event::DomainCreated { .. }
            | Event::StringRegistered { .. }
            | Event::AppOpen { .. }
            | Event::AppClose { .. } => {}
        }
        self
    }
}
