//! OTLP trace requests with each span kept as its protobuf bytes.
//!
//! Most spans leave the receiver exactly as they came: decoding every attribute into
//! owned strings and encoding it again was about half of the receiver's CPU. Here the
//! containers (resource, scope) are decoded as usual, each span stays a slice of the
//! request's buffer, and [`SpanMeta::read`] reads, without allocating, what
//! reconciling needs (ids, times, the kernel markers, the `gpu.serialized` stamps,
//! window events) while checking the span exactly as `prost` would decode it, so a
//! request is refused as malformed in the same cases as before. A span whose
//! `gpu.serialized` changes is rewritten on its bytes too ([`with_attribute_set`]).
//!
//! [`WireRequest`] encodes to the same bytes as the [`ExportTraceServiceRequest`] it
//! stands for (the span field is length-delimited either way).

pub mod census;
pub mod json;

use bytes::Bytes;
use opentelemetry_proto::tonic::collector::trace::v1::ExportTraceServiceRequest;
use opentelemetry_proto::tonic::common::v1::{InstrumentationScope, KeyValue};
use opentelemetry_proto::tonic::resource::v1::Resource;
use opentelemetry_proto::tonic::trace::v1::{ResourceSpans, ScopeSpans, Span};
use prost::encoding::{decode_key, decode_varint, WireType};
use prost::Message;
use semconv::attributes as a;

/// `ExportTraceServiceRequest` with its spans as bytes. From OTLP/JSON too
/// ([`json::decode`]: field names and defaults as the generated types read them).
#[derive(Clone, PartialEq, prost::Message, serde::Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct WireRequest {
    /// As `ExportTraceServiceRequest.resource_spans`.
    #[prost(message, repeated, tag = "1")]
    pub resource_spans: Vec<WireResourceSpans>,
}

/// `ResourceSpans` with its spans as bytes.
#[derive(Clone, PartialEq, prost::Message, serde::Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct WireResourceSpans {
    /// As `ResourceSpans.resource`.
    #[prost(message, optional, tag = "1")]
    pub resource: Option<Resource>,
    /// As `ResourceSpans.scope_spans`.
    #[prost(message, repeated, tag = "2")]
    pub scope_spans: Vec<WireScopeSpans>,
    /// As `ResourceSpans.schema_url`.
    #[prost(string, tag = "3")]
    pub schema_url: String,
}

/// `ScopeSpans` with each span as its encoded `Span` message.
#[derive(Clone, PartialEq, prost::Message, serde::Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct WireScopeSpans {
    /// As `ScopeSpans.scope`.
    #[prost(message, optional, tag = "1")]
    pub scope: Option<InstrumentationScope>,
    /// Each an encoded `Span`, unchecked until [`SpanMeta::read`] reads it.
    #[prost(bytes = "bytes", repeated, tag = "2")]
    #[serde(deserialize_with = "json::spans")]
    pub spans: Vec<Bytes>,
    /// As `ScopeSpans.schema_url`.
    #[prost(string, tag = "3")]
    pub schema_url: String,
}

impl WireRequest {
    /// Spans in the request.
    pub fn span_count(&self) -> u64 {
        self.resource_spans
            .iter()
            .flat_map(|rs| &rs.scope_spans)
            .map(|ss| ss.spans.len() as u64)
            .sum()
    }

    /// What it takes in memory, at least its encoded size: its spans' bytes (a slice
    /// counted at its length), their handles, its decoded resources and scopes (what a
    /// queue of requests is bounded by, not by what they weigh encoded).
    pub fn memory_bytes(&self) -> usize {
        use std::mem::size_of;
        let mut n = self.resource_spans.capacity() * size_of::<WireResourceSpans>();
        for rs in &self.resource_spans {
            n += resource_bytes(rs.resource.as_ref()) + rs.schema_url.capacity();
            n += rs.scope_spans.capacity() * size_of::<WireScopeSpans>();
            for ss in &rs.scope_spans {
                n += scope_bytes(ss.scope.as_ref()) + ss.schema_url.capacity();
                n += ss.spans.capacity() * size_of::<Bytes>();
                n += ss.spans.iter().map(Bytes::len).sum::<usize>();
            }
        }
        n.max(self.encoded_len())
    }

    /// The request with every span decoded (for JSON and for tests: the hot path never
    /// needs it).
    pub fn to_proto(&self) -> Result<ExportTraceServiceRequest, prost::DecodeError> {
        ExportTraceServiceRequest::decode(self.encode_to_vec().as_slice())
    }
}

impl From<ExportTraceServiceRequest> for WireRequest {
    fn from(req: ExportTraceServiceRequest) -> Self {
        let resource_spans = req
            .resource_spans
            .into_iter()
            .map(|rs: ResourceSpans| WireResourceSpans {
                resource: rs.resource,
                scope_spans: rs
                    .scope_spans
                    .into_iter()
                    .map(|ss: ScopeSpans| WireScopeSpans {
                        scope: ss.scope,
                        spans: ss.spans.iter().map(encode_span).collect(),
                        schema_url: ss.schema_url,
                    })
                    .collect(),
                schema_url: rs.schema_url,
            })
            .collect();
        WireRequest { resource_spans }
    }
}

/// What a decoded resource takes on the heap.
pub fn resource_bytes(r: Option<&Resource>) -> usize {
    use std::mem::size_of;
    let Some(r) = r else { return 0 };
    let refs: usize = r
        .entity_refs
        .iter()
        .map(|e| {
            e.schema_url.capacity()
                + e.r#type.capacity()
                + (e.id_keys.capacity() + e.description_keys.capacity()) * size_of::<String>()
                + e.id_keys
                    .iter()
                    .chain(&e.description_keys)
                    .map(String::capacity)
                    .sum::<usize>()
        })
        .sum();
    size_of::<Resource>()
        + attributes_bytes(&r.attributes)
        + r.entity_refs.capacity() * size_of::<opentelemetry_proto::tonic::common::v1::EntityRef>()
        + refs
}

/// What a decoded scope takes on the heap.
pub fn scope_bytes(s: Option<&InstrumentationScope>) -> usize {
    s.map_or(0, |s| {
        std::mem::size_of::<InstrumentationScope>()
            + s.name.capacity()
            + s.version.capacity()
            + attributes_bytes(&s.attributes)
    })
}

fn attributes_bytes(kvs: &Vec<KeyValue>) -> usize {
    kvs.capacity() * std::mem::size_of::<KeyValue>()
        + kvs
            .iter()
            .map(|kv| kv.key.capacity() + kv.value.as_ref().map_or(0, value_bytes))
            .sum::<usize>()
}

fn value_bytes(v: &opentelemetry_proto::tonic::common::v1::AnyValue) -> usize {
    use opentelemetry_proto::tonic::common::v1::any_value::Value;
    match &v.value {
        Some(Value::StringValue(s)) => s.capacity(),
        Some(Value::BytesValue(b)) => b.capacity(),
        Some(Value::ArrayValue(a)) => {
            a.values.capacity()
                * std::mem::size_of::<opentelemetry_proto::tonic::common::v1::AnyValue>()
                + a.values.iter().map(value_bytes).sum::<usize>()
        }
        Some(Value::KvlistValue(l)) => attributes_bytes(&l.values),
        _ => 0,
    }
}

/// A span as the bytes a [`WireScopeSpans`] holds.
pub fn encode_span(span: &Span) -> Bytes {
    Bytes::from(span.encode_to_vec())
}

/// `Span.attributes`.
const SPAN_ATTRIBUTES: u32 = 9;

/// A span's bytes with every attribute keyed as `kv` is left out and `kv` appended:
/// what [`semconv::otlp::set`] does to a decoded span, done on the bytes. Decoded, an
/// attribute takes up to 30 times its encoding, so a sender's span of millions of empty
/// attributes would cost hundreds of megabytes to stamp; this costs the span's own size.
/// The other fields are copied as they came (protobuf reads a repeated field's entries
/// wherever they stand). None when `span` is not a checked span.
pub fn with_attribute_set(span: &[u8], kv: &KeyValue) -> Option<Bytes> {
    let mut out = Vec::with_capacity(span.len() + kv.encoded_len() + 2);
    let mut rest = span;
    while !rest.is_empty() {
        let before = rest;
        let (tag, wire_type) = decode_key(&mut rest).ok()?;
        let field = take_field(&mut rest, tag, wire_type, SPAN_FIELDS_DEPTH).ok()?;
        let replaced = tag == SPAN_ATTRIBUTES
            && wire_type == WireType::LengthDelimited
            && key_of(field) == kv.key.as_bytes();
        if !replaced {
            out.extend_from_slice(&before[..before.len() - rest.len()]);
        }
    }
    prost::encoding::message::encode(SPAN_ATTRIBUTES, kv, &mut out);
    Some(Bytes::from(out))
}

/// Why a span's bytes are not a valid `Span`: the cases in which `prost` refuses to
/// decode the request that holds it.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum WireError {
    /// A varint or field key is malformed.
    #[error("{0}")]
    Prost(#[from] prost::DecodeError),
    /// A known field arrived with another wire type.
    #[error("invalid wire type: {found:?} (expected {expected:?}) for field {tag}")]
    WireType {
        /// The field's tag.
        tag: u32,
        /// What arrived.
        found: WireType,
        /// What the schema says.
        expected: WireType,
    },
    /// A length runs past the end of its message.
    #[error("buffer underflow")]
    Underflow,
    /// A string field is not UTF-8.
    #[error("invalid string value: data is not UTF-8 encoded")]
    Utf8,
    /// Messages nested deeper than `prost`'s recursion limit.
    #[error("recursion limit reached")]
    RecursionLimit,
    /// An end-group tag without its start, or for another group.
    #[error("unexpected end group tag")]
    EndGroup,
}

/// What reconciling reads of one span, borrowed from its bytes.
#[derive(Debug, Default)]
pub struct SpanMeta<'a> {
    /// `trace_id`.
    pub trace_id: &'a [u8],
    /// `span_id`.
    pub span_id: &'a [u8],
    /// `parent_span_id`.
    pub parent_span_id: &'a [u8],
    /// `name`, as bytes (checked UTF-8).
    pub name: &'a [u8],
    /// `start_time_unix_nano`.
    pub start: u64,
    /// `end_time_unix_nano`.
    pub end: u64,
    /// Whether it carries `gpu.kernel.name` or `gpu.serialized`, or is a
    /// `gpu.graph.launch` span.
    pub is_kernel: bool,
    /// A `gpu.kernels.unrecorded` span's `gpu.kernel.unrecorded.count`: executions that
    /// ran unrecorded (None for any other span, or one whose count is not an integer).
    pub unrecorded: Option<u64>,
    /// How many `gpu.serialized` attributes it has (one is valid).
    pub serialized_count: usize,
    /// The first `gpu.serialized` attribute, as its encoded (and checked) `KeyValue`,
    /// when it is no larger than [`MAX_STAMP_BYTES`] (a valid stamp is a dozen bytes; a
    /// larger one is invalid whatever it holds: `None` with a count above 0).
    pub serialized: Option<&'a [u8]>,
    /// Its window events (`gpu.sampling.window`), in order, as their bytes (checked):
    /// the caller decodes one at a time. At most [`MAX_WINDOWS_LISTED`]; other events are
    /// never decoded.
    pub windows: Vec<&'a [u8]>,
    /// Window events past [`MAX_WINDOWS_LISTED`], counted only.
    pub more_windows: usize,
    /// Whether it is a `gpu.graph.launch` span (one CUDA-graph replay).
    pub graph_launch: bool,
    /// Its `gpu.graph.kernel_nodes`: absent, a non-negative int, or another value.
    pub kernel_nodes: KernelNodes,
}

/// A `gpu.graph.launch` span's `gpu.graph.kernel_nodes`.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub enum KernelNodes {
    /// Absent: the producer did not know the count.
    #[default]
    Absent,
    /// The kernel executions the replay stands for.
    Known(u64),
    /// Present and not a non-negative int: counted as unknown, and told.
    Invalid,
}

impl KernelNodes {
    /// The executions a kernel-carrying span stands for: a kernel span one, a graph
    /// launch its nodes, a graph launch of unknown size none (counted apart).
    pub fn executions(self, graph_launch: bool) -> u64 {
        match (graph_launch, self) {
            (false, _) => 1,
            (true, KernelNodes::Known(n)) => n,
            (true, _) => 0,
        }
    }
}

/// Window events listed per span; a request takes at most
/// [`crate::reconcile::prepared::MAX_WINDOWS_PER_REQUEST`] in all.
pub const MAX_WINDOWS_LISTED: usize = 4096;

/// The most bytes a `gpu.serialized` attribute is decoded from.
pub const MAX_STAMP_BYTES: usize = 256;
/// The most bytes a window event is decoded from: a record has eight attributes, about
/// 300 bytes; what decoding one takes is bounded by this, not by what a span may hold.
pub const MAX_WINDOW_EVENT_BYTES: usize = 1024;

/// Nesting at which a span's own fields are decoded inside a request (request,
/// resource spans, scope spans): `prost` refuses messages nested 100 deep.
const SPAN_FIELDS_DEPTH: u32 = 100 - 3;

impl<'a> SpanMeta<'a> {
    /// Reads a span inside a request: the same verdict as decoding the request with
    /// `prost`, without allocating for anything but stamps and events.
    pub fn read(mut bytes: &'a [u8]) -> Result<SpanMeta<'a>, WireError> {
        let mut meta = SpanMeta::default();
        while let Some((tag, field)) = next_field(&mut bytes, SPAN_FIELDS_DEPTH, &SPAN)? {
            match tag {
                1 => meta.trace_id = field,
                2 => meta.span_id = field,
                4 => meta.parent_span_id = field,
                5 => meta.name = field,
                7 => meta.start = fixed64(field),
                8 => meta.end = fixed64(field),
                9 => {
                    let key = key_of(field);
                    if key == a::GPU_SERIALIZED.as_bytes() {
                        meta.is_kernel = true;
                        meta.serialized_count += 1;
                        if meta.serialized_count == 1 && field.len() <= MAX_STAMP_BYTES {
                            meta.serialized = Some(field);
                        }
                    } else if key == a::GPU_KERNEL_NAME.as_bytes() {
                        meta.is_kernel = true;
                    } else if key == a::GPU_KERNEL_UNRECORDED_COUNT.as_bytes() {
                        meta.unrecorded = int_attribute(field);
                    } else if key == a::GPU_GRAPH_KERNEL_NODES.as_bytes() {
                        meta.kernel_nodes = match int_attribute(field) {
                            Some(n) => KernelNodes::Known(n),
                            None => KernelNodes::Invalid,
                        };
                    }
                }
                11 if last_bytes_field(field, 2)
                    == Some(a::EVENT_GPU_SAMPLING_WINDOW.as_bytes()) =>
                {
                    if meta.windows.len() < MAX_WINDOWS_LISTED {
                        meta.windows.push(field);
                    } else {
                        meta.more_windows += 1;
                    }
                }
                _ => {}
            }
        }
        if meta.name != a::SPAN_GPU_KERNELS_UNRECORDED.as_bytes() {
            meta.unrecorded = None;
        }
        // A graph launch stands for kernel executions: a kernel span by its name alone,
        // so one that lost its gpu.serialized still gets an answer.
        meta.graph_launch = meta.name == a::SPAN_GPU_GRAPH_LAUNCH.as_bytes();
        meta.is_kernel |= meta.graph_launch;
        Ok(meta)
    }

    /// The name, for messages.
    pub fn name(&self) -> &str {
        std::str::from_utf8(self.name).unwrap_or("")
    }
}

/// A checked `KeyValue`'s value when it is a non-negative integer (decoded alone: one
/// attribute of one kind of span).
pub(crate) fn int_attribute(kv: &[u8]) -> Option<u64> {
    use opentelemetry_proto::tonic::common::v1::any_value::Value;
    match KeyValue::decode(kv).ok()?.value?.value? {
        Value::IntValue(n) => u64::try_from(n).ok(),
        _ => None,
    }
}

/// The name of a span on its way out (checked already), its top-level fields stepped
/// over in place: nothing decoded, nothing allocated.
pub fn span_name(mut span: &[u8]) -> Option<&[u8]> {
    let mut name = None;
    while !span.is_empty() {
        let (tag, field) = next_checked(&mut span)?;
        if tag == 5 {
            name = Some(field);
        }
    }
    name
}

/// The name of a span on its way out (checked already), and whether one of its
/// attributes has the key `key`: one pass over its top-level fields and its attributes'
/// keys, nothing decoded, nothing allocated.
pub fn name_and_key<'a>(mut span: &'a [u8], key: &[u8]) -> Option<(&'a [u8], bool)> {
    let (mut name, mut has) = (&[][..], false);
    while !span.is_empty() {
        let (tag, field) = next_checked(&mut span)?;
        match tag {
            5 => name = field,
            9 if !has => has = key_of(field) == key,
            _ => {}
        }
    }
    Some((name, has))
}

/// A `gpu.kernels.unrecorded` span's `gpu.kernel.unrecorded.count`, read from a span on
/// its way out (checked already); None for any other span. Spans are written in field
/// order, so any other span is passed over at its name, before its attributes.
pub fn unrecorded_count(mut span: &[u8]) -> Option<u64> {
    let (mut count, mut named) = (None, false);
    while !span.is_empty() {
        let (tag, field) = next_checked(&mut span)?;
        match tag {
            5 if field != a::SPAN_GPU_KERNELS_UNRECORDED.as_bytes() => return None,
            5 => named = true,
            9 if key_of(field) == a::GPU_KERNEL_UNRECORDED_COUNT.as_bytes() => {
                count = int_attribute(field);
            }
            _ => {}
        }
    }
    count.filter(|_| named)
}

pub(crate) fn fixed64(field: &[u8]) -> u64 {
    field.try_into().map(u64::from_le_bytes).unwrap_or(0)
}

/// What the kernel metrics read of one span that leaves.
#[derive(Debug, Default)]
pub struct KernelFields<'a> {
    /// `trace_id`.
    pub trace_id: &'a [u8],
    /// `span_id`.
    pub span_id: &'a [u8],
    /// `start_time_unix_nano`.
    pub start: u64,
    /// `end_time_unix_nano`.
    pub end: u64,
    /// `gpu.kernel.name`, when a string (the last one, as `prost` would keep it).
    pub kernel_name: Option<&'a str>,
    /// `gpu.serialized`, when a string (the last one: one, once reconciled).
    pub serialized: Option<&'a str>,
    /// A `gpu.graph.launch` span's `gpu.graph.kernel_nodes` when a non-negative int:
    /// the executions it stands for (`kernel_name` is then the span name).
    pub graph_nodes: Option<u64>,
}

impl<'a> KernelFields<'a> {
    /// Reads a span whose bytes ingest checked already (as every span on its way out):
    /// one pass, nothing validated again, nothing allocated. None for a span without
    /// `gpu.kernel.name` (not a kernel execution), a `gpu.graph.launch` span of unknown
    /// size, or one that does not read.
    pub fn read(mut span: &'a [u8]) -> Option<KernelFields<'a>> {
        let mut f = KernelFields::default();
        let mut graph_launch = false;
        while !span.is_empty() {
            let (tag, field) = next_checked(&mut span)?;
            match tag {
                1 => f.trace_id = field,
                2 => f.span_id = field,
                5 => graph_launch = field == a::SPAN_GPU_GRAPH_LAUNCH.as_bytes(),
                7 => f.start = fixed64(field),
                8 => f.end = fixed64(field),
                9 => {
                    let (key, value) = key_and_value(field);
                    let string = || std::str::from_utf8(string_value(value?)?).ok();
                    if key == a::GPU_KERNEL_NAME.as_bytes() {
                        f.kernel_name = string();
                    } else if key == a::GPU_SERIALIZED.as_bytes() {
                        f.serialized = string();
                    } else if key == a::GPU_GRAPH_KERNEL_NODES.as_bytes() {
                        f.graph_nodes = int_attribute(field);
                    }
                }
                _ => {}
            }
        }
        if graph_launch && f.serialized.is_some() {
            f.kernel_name = f.graph_nodes.map(|_| a::SPAN_GPU_GRAPH_LAUNCH);
            return f.kernel_name.is_some().then_some(f);
        }
        f.graph_nodes = None;
        f.kernel_name.is_some().then_some(f)
    }
}

/// The next field of a checked message and its tag: a one-byte key (tags 1-15) of a
/// length-delimited or 64-bit field read in place, any other through `prost`'s readers.
#[inline]
fn next_checked<'a>(buf: &mut &'a [u8]) -> Option<(u32, &'a [u8])> {
    let &k = buf.first()?;
    if k < 0x80 {
        let tag = u32::from(k >> 3);
        match k & 7 {
            1 if buf.len() > 8 => {
                let (field, rest) = buf[1..].split_at(8);
                *buf = rest;
                return Some((tag, field));
            }
            2 => {
                if let Some(field) = delimited(buf, k) {
                    return Some((tag, field));
                }
            }
            _ => {}
        }
    }
    let (tag, wire_type) = decode_key(buf).ok()?;
    let field = take_field(buf, tag, wire_type, SPAN_FIELDS_DEPTH).ok()?;
    Some((tag, field))
}

/// The fields of a message in wire order, each as its tag and its bytes (a varint's or a
/// group's as empty), stepped over in place; the first malformed one ends it.
pub(crate) fn fields(mut msg: &[u8]) -> impl Iterator<Item = Result<(u32, &[u8]), WireError>> {
    std::iter::from_fn(move || {
        if msg.is_empty() {
            return None;
        }
        let field = decode_key(&mut msg)
            .map_err(WireError::from)
            .and_then(|(tag, wire_type)| {
                Ok((
                    tag,
                    take_field(&mut msg, tag, wire_type, SPAN_FIELDS_DEPTH)?,
                ))
            });
        if field.is_err() {
            msg = &[];
        }
        Some(field)
    })
}

/// The last length-delimited field `tag` of an encoded (and checked) message, as `prost`
/// reads a repeated-once field; None when it has none, or another kind of field is last
/// among those sharing its oneof (not checked here: callers read single-field oneofs).
fn last_bytes_field(mut msg: &[u8], tag: u32) -> Option<&[u8]> {
    let mut found = None;
    while !msg.is_empty() {
        let (t, wire_type) = decode_key(&mut msg).ok()?;
        let field = take_field(&mut msg, t, wire_type, SPAN_FIELDS_DEPTH).ok()?;
        if t == tag && wire_type == WireType::LengthDelimited {
            found = Some(field);
        }
    }
    found
}

/// The key of an encoded (and checked) `KeyValue`: the last one, as `prost` reads it.
fn key_of(kv: &[u8]) -> &[u8] {
    key_and_value(kv).0
}

/// The key and value of an encoded (and checked) `KeyValue`, the last of each as
/// `prost` reads them.
#[inline]
pub(crate) fn key_and_value(kv: &[u8]) -> (&[u8], Option<&[u8]>) {
    match as_written(kv) {
        Some(parts) => parts,
        None => (
            last_bytes_field(kv, 1).unwrap_or_default(),
            last_bytes_field(kv, 2),
        ),
    }
}

/// The string of an encoded (and checked) `AnyValue`; None when it holds another kind.
pub(crate) fn string_value(value: &[u8]) -> Option<&[u8]> {
    match as_written(value) {
        Some((s, None)) => Some(s),
        _ => last_bytes_field(value, 1),
    }
}

/// A message laid out as encoders write a `KeyValue` or a string `AnyValue`: field 1
/// (length-delimited), then at most field 2 (length-delimited), nothing else. Then
/// each field is read by its place: one that occurs once is its own last occurrence,
/// so this is what `prost` reads. None for any other layout (the general readers
/// decide), so that reading the ~16 attributes of every span on its way out costs a
/// few byte compares each instead of a full field walk.
#[inline]
fn as_written(msg: &[u8]) -> Option<(&[u8], Option<&[u8]>)> {
    const FIELD_1: u8 = 1 << 3 | 2;
    const FIELD_2: u8 = 2 << 3 | 2;
    let mut rest = msg;
    let first = delimited(&mut rest, FIELD_1)?;
    if rest.is_empty() {
        return Some((first, None));
    }
    let second = delimited(&mut rest, FIELD_2)?;
    rest.is_empty().then_some((first, Some(second)))
}

/// A length-delimited field whose one-byte key is `key`, taken from the front of `buf`.
#[inline]
fn delimited<'a>(buf: &mut &'a [u8], key: u8) -> Option<&'a [u8]> {
    let (&k, mut rest) = buf.split_first()?;
    if k != key {
        return None;
    }
    let len = match rest.split_first() {
        // Keys and short strings: a one-byte length.
        Some((&n, tail)) if n < 0x80 => {
            rest = tail;
            usize::from(n)
        }
        _ => usize::try_from(decode_varint(&mut rest).ok()?).ok()?,
    };
    if len > rest.len() {
        return None;
    }
    let (field, rest) = rest.split_at(len);
    *buf = rest;
    Some(field)
}

/// How a field of a known message is encoded.
#[derive(Debug, Clone, Copy)]
enum Kind {
    Varint,
    Fixed64,
    Fixed32,
    Bytes,
    Str,
    Message(&'static Schema),
}

impl Kind {
    fn wire_type(self) -> WireType {
        match self {
            Kind::Varint => WireType::Varint,
            Kind::Fixed64 => WireType::SixtyFourBit,
            Kind::Fixed32 => WireType::ThirtyTwoBit,
            Kind::Bytes | Kind::Str | Kind::Message(_) => WireType::LengthDelimited,
        }
    }
}

/// The fields of a message by tag (trace.proto and common.proto, as
/// opentelemetry-proto generates them); any other tag is skipped as unknown.
#[derive(Debug)]
struct Schema(&'static [Option<Kind>]);

impl Schema {
    fn kind(&self, tag: u32) -> Option<Kind> {
        self.0.get(tag as usize).copied().flatten()
    }
}

use Kind::{Bytes as B, Fixed32 as F32, Fixed64 as F64, Message as M, Str as S, Varint as V};

static SPAN: Schema = Schema(&[
    None,
    Some(B),             // 1 trace_id
    Some(B),             // 2 span_id
    Some(S),             // 3 trace_state
    Some(B),             // 4 parent_span_id
    Some(S),             // 5 name
    Some(V),             // 6 kind
    Some(F64),           // 7 start_time_unix_nano
    Some(F64),           // 8 end_time_unix_nano
    Some(M(&KEY_VALUE)), // 9 attributes
    Some(V),             // 10 dropped_attributes_count
    Some(M(&EVENT)),     // 11 events
    Some(V),             // 12 dropped_events_count
    Some(M(&LINK)),      // 13 links
    Some(V),             // 14 dropped_links_count
    Some(M(&STATUS)),    // 15 status
    Some(F32),           // 16 flags
]);
static EVENT: Schema = Schema(&[None, Some(F64), Some(S), Some(M(&KEY_VALUE)), Some(V)]);
static LINK: Schema = Schema(&[
    None,
    Some(B),
    Some(B),
    Some(S),
    Some(M(&KEY_VALUE)),
    Some(V),
    Some(F32),
]);
static STATUS: Schema = Schema(&[None, None, Some(S), Some(V)]);
static KEY_VALUE: Schema = Schema(&[None, Some(S), Some(M(&ANY_VALUE)), Some(V)]);
static ANY_VALUE: Schema = Schema(&[
    None,
    Some(S),                  // 1 string_value
    Some(V),                  // 2 bool_value
    Some(V),                  // 3 int_value
    Some(F64),                // 4 double_value
    Some(M(&ARRAY_VALUE)),    // 5 array_value
    Some(M(&KEY_VALUE_LIST)), // 6 kvlist_value
    Some(B),                  // 7 bytes_value
    Some(V),                  // 8 string_value_strindex
]);
static ARRAY_VALUE: Schema = Schema(&[None, Some(M(&ANY_VALUE))]);
static KEY_VALUE_LIST: Schema = Schema(&[None, Some(M(&KEY_VALUE))]);

/// Reads and checks the next known field of a message decoded at `depth` (prost's
/// remaining recursion budget), skipping unknown ones: its tag and payload (the
/// content of a length-delimited field, the bytes of a fixed one, empty for a varint).
/// None at the end of the message.
fn next_field<'a>(
    buf: &mut &'a [u8],
    depth: u32,
    schema: &Schema,
) -> Result<Option<(u32, &'a [u8])>, WireError> {
    while let Some(&k) = buf.first() {
        let (tag, wire_type) = match one_byte_key(k) {
            Some(key) => {
                *buf = &buf[1..];
                key
            }
            None => decode_key(buf)?,
        };
        let Some(kind) = schema.kind(tag) else {
            skip(buf, tag, wire_type, depth)?;
            continue;
        };
        if wire_type != kind.wire_type() {
            return Err(WireError::WireType {
                tag,
                found: wire_type,
                expected: kind.wire_type(),
            });
        }
        let field = take_field(buf, tag, wire_type, depth)?;
        match kind {
            Kind::Str => utf8(field)?,
            Kind::Message(inner) => {
                if depth == 0 {
                    return Err(WireError::RecursionLimit);
                }
                check(field, depth - 1, inner)?;
            }
            Kind::Varint | Kind::Fixed64 | Kind::Fixed32 | Kind::Bytes => {}
        }
        return Ok(Some((tag, field)));
    }
    Ok(None)
}

/// A field key of one byte (tags 1 to 15) read in place, as `decode_key` reads it; None
/// for any other byte (a longer key, tag 0, or a wire type `decode_key` refuses), which
/// `decode_key` then reads or refuses.
#[inline]
fn one_byte_key(k: u8) -> Option<(u32, WireType)> {
    let wire_type = match k & 7 {
        0 => WireType::Varint,
        1 => WireType::SixtyFourBit,
        2 => WireType::LengthDelimited,
        3 => WireType::StartGroup,
        4 => WireType::EndGroup,
        5 => WireType::ThirtyTwoBit,
        _ => return None,
    };
    (k < 0x80 && k >> 3 != 0).then_some((u32::from(k >> 3), wire_type))
}

/// Checks a whole message whose fields are decoded at `depth`.
fn check(mut buf: &[u8], depth: u32, schema: &Schema) -> Result<(), WireError> {
    if std::ptr::eq(schema, &KEY_VALUE) && depth > 0 {
        if let Some(verdict) = key_value_as_written(buf) {
            return verdict;
        }
    }
    while next_field(&mut buf, depth, schema)?.is_some() {}
    Ok(())
}

/// The verdict on a `KeyValue` laid out as encoders write nearly every attribute (its
/// key, then an `AnyValue` holding one string or one int), as the general walk would
/// reach it; None for any other layout, which the general walk then checks. Most of a
/// request's bytes are attributes: this is its hot path.
#[inline]
fn key_value_as_written(kv: &[u8]) -> Option<Result<(), WireError>> {
    const INT_VALUE: u8 = 3 << 3;
    let (key, Some(value)) = as_written(kv)? else {
        return None;
    };
    let value_ok = match as_written(value) {
        Some((string, None)) => utf8(string),
        _ => match value.split_first() {
            Some((&INT_VALUE, mut int)) => {
                decode_varint(&mut int).ok()?;
                if !int.is_empty() {
                    return None;
                }
                Ok(())
            }
            _ => return None,
        },
    };
    Some(utf8(key).and(value_ok))
}

fn utf8(field: &[u8]) -> Result<(), WireError> {
    // Keys and most values are ASCII: the short check first.
    if field.is_ascii() || std::str::from_utf8(field).is_ok() {
        Ok(())
    } else {
        Err(WireError::Utf8)
    }
}

/// Takes one field's payload off `buf` (its key already read).
fn take_field<'a>(
    buf: &mut &'a [u8],
    tag: u32,
    wire_type: WireType,
    depth: u32,
) -> Result<&'a [u8], WireError> {
    let len = match wire_type {
        WireType::Varint => {
            decode_varint(buf)?;
            return Ok(&[]);
        }
        WireType::SixtyFourBit => 8,
        WireType::ThirtyTwoBit => 4,
        // Keys and short strings: a one-byte length, read in place.
        WireType::LengthDelimited => match buf.split_first() {
            Some((&n, rest)) if n < 0x80 => {
                *buf = rest;
                u64::from(n)
            }
            _ => decode_varint(buf)?,
        },
        WireType::StartGroup | WireType::EndGroup => {
            skip(buf, tag, wire_type, depth)?;
            return Ok(&[]);
        }
    };
    if len > buf.len() as u64 {
        return Err(WireError::Underflow);
    }
    let (field, rest) = buf.split_at(len as usize);
    *buf = rest;
    Ok(field)
}

/// Skips an unknown field as `prost::encoding::skip_field` does (groups included).
fn skip(buf: &mut &[u8], tag: u32, wire_type: WireType, depth: u32) -> Result<(), WireError> {
    if depth == 0 {
        return Err(WireError::RecursionLimit);
    }
    match wire_type {
        WireType::StartGroup => loop {
            let (inner_tag, inner_wire_type) = decode_key(buf)?;
            if inner_wire_type == WireType::EndGroup {
                if inner_tag != tag {
                    return Err(WireError::EndGroup);
                }
                return Ok(());
            }
            skip(buf, inner_tag, inner_wire_type, depth - 1)?;
        },
        WireType::EndGroup => Err(WireError::EndGroup),
        _ => take_field(buf, tag, wire_type, depth).map(|_| ()),
    }
}

/// `text` cut to at most `max` bytes (at a character boundary), marked when cut: what
/// a message quotes of a sender's bytes.
pub fn shortened(text: &str, max: usize) -> String {
    if text.len() <= max {
        return text.to_string();
    }
    let mut end = max;
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    format!("{}… ({} bytes)", &text[..end], text.len())
}

#[cfg(test)]
mod tests;
