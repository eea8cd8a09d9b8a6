//! What a request holds, counted over its bytes before anything is decoded: a pass that
//! allocates nothing, so that what decoding will take can be charged, and a request
//! over the per-request limits refused, before it takes it. One 4 MiB body of empty
//! spans is 1.4 million spans; decoded structures are 35-220 times larger than the
//! bytes that make them.
//!
//! Lenient by design: a body that is not well formed is counted as far as it reads,
//! and decoding gives the verdict (the same as before, in the same words).

use prost::encoding::{decode_key, decode_varint, WireType};
use serde::de::{DeserializeSeed, IgnoredAny, MapAccess, SeqAccess, Visitor};

/// The encoding a request arrived in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Encoding {
    /// Protobuf: spans are kept as slices of the body.
    #[default]
    Protobuf,
    /// OTLP/JSON: spans are decoded one at a time and re-encoded.
    Json,
}

/// The counts of one request.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Census {
    /// How it arrived.
    pub encoding: Encoding,
    /// Its bytes (decompressed).
    pub wire: usize,
    /// `ResourceSpans` entries.
    pub resources: usize,
    /// `ScopeSpans` entries.
    pub scopes: usize,
    /// Spans.
    pub spans: usize,
    /// Values decoded with the resources and scopes: each attribute (`KeyValue`), each
    /// value inside it, nested arrays and lists included, each entity reference and each
    /// of its keys.
    pub attributes: usize,
    /// Bytes of the spans (protobuf; the spans' own encodings).
    pub span_bytes: usize,
    /// Window events (`gpu.sampling.window`) on the spans; in OTLP/JSON, where events
    /// are not read here, the values inside spans (no fewer).
    pub windows: usize,
    /// OTLP/JSON: the most values (objects, arrays, array elements) in one span, which
    /// is decoded whole before it is encoded again.
    pub largest_span: usize,
}

/// Per-request limits (`ingest.max_*_per_request`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// `ResourceSpans` entries.
    pub resources: usize,
    /// `ScopeSpans` entries.
    pub scopes: usize,
    /// Spans.
    pub spans: usize,
    /// Resource and scope attribute values ([`Census::attributes`]).
    pub attributes: usize,
}

/// A request over a per-request limit: what the sender is told.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("the request holds {found} {what}, more than the {limit} one request may (ingest.max_{what}_per_request): send smaller requests")]
pub struct OverLimit {
    /// `resources`, `scopes`, `spans` or `attributes`.
    pub what: &'static str,
    /// How many it holds (at least).
    pub found: usize,
    /// The limit.
    pub limit: usize,
}

impl Census {
    /// Counts a protobuf `ExportTraceServiceRequest`.
    pub fn protobuf(body: &[u8]) -> Census {
        let mut c = Census {
            wire: body.len(),
            ..Census::default()
        };
        let _ = fields(body, |tag, field| {
            if tag == 1 {
                c.resources += 1;
                resource_spans(field, &mut c)?;
            }
            Some(())
        });
        c
    }

    /// Counts an OTLP/JSON `ExportTraceServiceRequest`.
    pub fn json(body: &[u8]) -> Census {
        let mut c = Census {
            encoding: Encoding::Json,
            wire: body.len(),
            ..Census::default()
        };
        let mut de = serde_json::Deserializer::from_slice(body);
        let _ = Level::Request.seed(&mut c).deserialize(&mut de);
        c
    }

    /// The first limit it is over.
    pub fn check(&self, limits: &Limits) -> Result<(), OverLimit> {
        for (what, found, limit) in [
            ("resources", self.resources, limits.resources),
            ("scopes", self.scopes, limits.scopes),
            ("spans", self.spans, limits.spans),
            ("attributes", self.attributes, limits.attributes),
        ] {
            if found > limit {
                return Err(OverLimit { what, found, limit });
            }
        }
        Ok(())
    }
}

// ---- protobuf ----

/// Deeper than this, prost refuses a message (and decoding will say so).
const MAX_DEPTH: u32 = 100;

/// Calls `f` with each field's tag and payload (empty for a varint or a group); None
/// where the bytes stop reading.
fn fields<'a>(mut buf: &'a [u8], mut f: impl FnMut(u32, &'a [u8]) -> Option<()>) -> Option<()> {
    while !buf.is_empty() {
        let (tag, wire_type) = decode_key(&mut buf).ok()?;
        let len = match wire_type {
            WireType::LengthDelimited => usize::try_from(decode_varint(&mut buf).ok()?).ok()?,
            WireType::Varint => {
                decode_varint(&mut buf).ok()?;
                0
            }
            WireType::SixtyFourBit => 8,
            WireType::ThirtyTwoBit => 4,
            // Groups hold nothing that is decoded here: stop, decoding decides.
            WireType::StartGroup | WireType::EndGroup => return None,
        };
        if len > buf.len() {
            return None;
        }
        let (field, rest) = buf.split_at(len);
        buf = rest;
        if wire_type == WireType::LengthDelimited {
            f(tag, field)?;
        }
    }
    Some(())
}

fn resource_spans(buf: &[u8], c: &mut Census) -> Option<()> {
    fields(buf, |tag, field| match tag {
        1 => fields(field, |tag, field| match tag {
            1 => key_value(field, c, 0),
            3 => {
                // An entity reference and each of its keys.
                c.attributes += 1;
                fields(field, |tag, _| {
                    if tag == 3 || tag == 4 {
                        c.attributes += 1;
                    }
                    Some(())
                })
            }
            _ => Some(()),
        }),
        2 => {
            c.scopes += 1;
            fields(field, |tag, field| match tag {
                1 => fields(field, |tag, field| match tag {
                    3 => key_value(field, c, 0),
                    _ => Some(()),
                }),
                2 => {
                    c.spans += 1;
                    c.span_bytes += field.len();
                    // A span's own fields (read as the hot path reads them), no deeper
                    // than its events' names.
                    let mut span = field;
                    while let Some((tag, event)) = super::next_checked(&mut span) {
                        if tag == 11 && is_window(event) {
                            c.windows += 1;
                        }
                    }
                    Some(())
                }
                _ => Some(()),
            })
        }
        _ => Some(()),
    })
}

/// Whether an event's name (its last field 2, as prost keeps it) is a window record's.
fn is_window(event: &[u8]) -> bool {
    super::last_bytes_field(event, 2)
        == Some(semconv::attributes::EVENT_GPU_SAMPLING_WINDOW.as_bytes())
}

fn key_value(buf: &[u8], c: &mut Census, depth: u32) -> Option<()> {
    c.attributes += 1;
    if depth > MAX_DEPTH {
        return None;
    }
    fields(buf, |tag, field| match tag {
        2 => any_value(field, c, depth + 1),
        _ => Some(()),
    })
}

fn any_value(buf: &[u8], c: &mut Census, depth: u32) -> Option<()> {
    c.attributes += 1;
    if depth > MAX_DEPTH {
        return None;
    }
    fields(buf, |tag, field| match tag {
        // ArrayValue { values: AnyValue }, KeyValueList { values: KeyValue }.
        5 | 6 => {
            c.attributes += 1;
            fields(field, |inner, value| match (tag, inner) {
                (5, 1) => any_value(value, c, depth + 2),
                (6, 1) => key_value(value, c, depth + 2),
                _ => Some(()),
            })
        }
        _ => Some(()),
    })
}

// ---- OTLP/JSON ----

/// Where in a request's JSON a value is.
#[derive(Debug, Clone, Copy)]
enum Level {
    Request,
    ResourceSpans,
    ScopeSpans,
}

impl Level {
    fn seed(self, c: &mut Census) -> LevelSeed<'_> {
        LevelSeed { level: self, c }
    }
}

/// Reads one object of a level, counting into the census.
struct LevelSeed<'a> {
    level: Level,
    c: &'a mut Census,
}

/// The keys that matter, as OTLP/JSON (lowerCamelCase) writes them; any other is
/// skipped, as decoding skips it.
#[derive(Debug, PartialEq, Eq)]
enum Key {
    ResourceSpans,
    Resource,
    ScopeSpans,
    Scope,
    Spans,
    Other,
}

impl<'de> serde::Deserialize<'de> for Key {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Key, D::Error> {
        struct V;
        impl Visitor<'_> for V {
            type Value = Key;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a field name")
            }
            fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<Key, E> {
                Ok(match v {
                    "resourceSpans" => Key::ResourceSpans,
                    "resource" => Key::Resource,
                    "scopeSpans" => Key::ScopeSpans,
                    "scope" => Key::Scope,
                    "spans" => Key::Spans,
                    _ => Key::Other,
                })
            }
        }
        d.deserialize_identifier(V)
    }
}

impl<'de> DeserializeSeed<'de> for LevelSeed<'_> {
    type Value = ();
    fn deserialize<D: serde::Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        d.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for LevelSeed<'_> {
    type Value = ();

    fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("an OTLP/JSON object")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<(), A::Error> {
        let c = self.c;
        while let Some(key) = map.next_key::<Key>()? {
            match (self.level, key) {
                (Level::Request, Key::ResourceSpans) => {
                    map.next_value_seed(Each {
                        c: &mut *c,
                        level: Level::ResourceSpans,
                    })?;
                }
                (Level::ResourceSpans, Key::ScopeSpans) => {
                    map.next_value_seed(Each {
                        c: &mut *c,
                        level: Level::ScopeSpans,
                    })?;
                }
                (Level::ResourceSpans, Key::Resource) | (Level::ScopeSpans, Key::Scope) => {
                    let mut n = 0;
                    map.next_value_seed(Count {
                        n: &mut n,
                        in_array: false,
                    })?;
                    c.attributes += n;
                }
                (Level::ScopeSpans, Key::Spans) => {
                    map.next_value_seed(Spans(&mut *c))?;
                }
                _ => {
                    map.next_value::<IgnoredAny>()?;
                }
            }
        }
        Ok(())
    }
}

/// An array of objects of one level, each counted.
struct Each<'a> {
    c: &'a mut Census,
    level: Level,
}

impl<'de> DeserializeSeed<'de> for Each<'_> {
    type Value = ();
    fn deserialize<D: serde::Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        d.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for Each<'_> {
    type Value = ();

    fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("an array")
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<(), A::Error> {
        while seq.next_element_seed(self.level.seed(self.c))?.is_some() {
            match self.level {
                Level::ResourceSpans => self.c.resources += 1,
                Level::ScopeSpans => self.c.scopes += 1,
                Level::Request => {}
            }
        }
        Ok(())
    }

    fn visit_unit<E: serde::de::Error>(self) -> Result<(), E> {
        Ok(())
    }
}

/// The spans array: each span counted, with its values.
struct Spans<'a>(&'a mut Census);

impl<'de> DeserializeSeed<'de> for Spans<'_> {
    type Value = ();
    fn deserialize<D: serde::Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        d.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for Spans<'_> {
    type Value = ();

    fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("an array of spans")
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<(), A::Error> {
        loop {
            let mut n = 0;
            let seed = Count {
                n: &mut n,
                in_array: false,
            };
            if seq.next_element_seed(seed)?.is_none() {
                return Ok(());
            }
            self.0.spans += 1;
            self.0.windows += n;
            self.0.largest_span = self.0.largest_span.max(n);
        }
    }

    fn visit_unit<E: serde::de::Error>(self) -> Result<(), E> {
        Ok(())
    }
}

/// Counts the values of a subtree that decoding makes something of: objects (a message
/// each), arrays (a vector each) and the elements of arrays.
struct Count<'a> {
    n: &'a mut usize,
    in_array: bool,
}

impl Count<'_> {
    fn scalar<E>(self) -> Result<(), E> {
        if self.in_array {
            *self.n += 1;
        }
        Ok(())
    }
}

impl<'de> DeserializeSeed<'de> for Count<'_> {
    type Value = ();
    fn deserialize<D: serde::Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        d.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for Count<'_> {
    type Value = ();

    fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("any JSON value")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<(), A::Error> {
        *self.n += 1;
        while map.next_key::<IgnoredAny>()?.is_some() {
            map.next_value_seed(Count {
                n: &mut *self.n,
                in_array: false,
            })?;
        }
        Ok(())
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<(), A::Error> {
        *self.n += 1;
        while seq
            .next_element_seed(Count {
                n: &mut *self.n,
                in_array: true,
            })?
            .is_some()
        {}
        Ok(())
    }

    fn visit_bool<E>(self, _: bool) -> Result<(), E> {
        self.scalar()
    }
    fn visit_i64<E>(self, _: i64) -> Result<(), E> {
        self.scalar()
    }
    fn visit_u64<E>(self, _: u64) -> Result<(), E> {
        self.scalar()
    }
    fn visit_f64<E>(self, _: f64) -> Result<(), E> {
        self.scalar()
    }
    fn visit_str<E>(self, _: &str) -> Result<(), E> {
        self.scalar()
    }
    fn visit_unit<E>(self) -> Result<(), E> {
        self.scalar()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fixtures::{kernel, plain, request, resource};
    use prost::Message as _;
    use semconv::Tier;

    fn sample() -> opentelemetry_proto::tonic::collector::trace::v1::ExportTraceServiceRequest {
        let mut r = request(
            resource("app", 1, Some(Tier::Off)),
            vec![plain(1), kernel(2, 10, 20, None), plain(3)],
        );
        let second = r.resource_spans[0].clone();
        r.resource_spans.push(second);
        r
    }

    #[test]
    fn both_encodings_count_the_same_resources_scopes_spans_and_attributes() {
        let req = sample();
        let proto = Census::protobuf(&req.encode_to_vec());
        let json = Census::json(&serde_json::to_vec(&req).unwrap());
        assert_eq!((proto.resources, proto.scopes, proto.spans), (2, 2, 6));
        assert_eq!(proto.windows, 0);
        assert_eq!((json.resources, json.scopes, json.spans), (2, 2, 6));
        let attrs: usize = req
            .resource_spans
            .iter()
            .map(|rs| rs.resource.as_ref().unwrap().attributes.len())
            .sum();
        // A string attribute is its KeyValue and its AnyValue.
        assert_eq!(proto.attributes, 2 * attrs);
        // JSON counts the objects and arrays around them as well: the resource, the
        // scope and their arrays (attributes, entity references).
        assert_eq!(json.attributes, 2 * attrs + 2 * 5);
        assert!(json.largest_span > 0);
    }

    #[test]
    fn the_amplifying_shapes_are_counted_without_decoding() {
        let empty_spans = field(1, &field(2, &field(2, &[]).repeat(100_000)));
        let c = Census::protobuf(&empty_spans);
        assert_eq!((c.resources, c.scopes, c.spans), (1, 1, 100_000));
        let resources = Census::protobuf(&[0x0au8, 0].repeat(50_000));
        assert_eq!(resources.resources, 50_000);
        let json = format!(
            r#"{{"resourceSpans":[{{"scopeSpans":[{{"spans":[{}]}}]}}]}}"#,
            vec!["{}"; 70_000].join(",")
        );
        let c = Census::json(json.as_bytes());
        assert_eq!(
            (c.resources, c.scopes, c.spans, c.largest_span),
            (1, 1, 70_000, 1)
        );
        let limits = Limits {
            resources: 10,
            scopes: 10,
            spans: 1000,
            attributes: 10,
        };
        let over = c.check(&limits).unwrap_err();
        assert_eq!(over.what, "spans");
        assert!(
            over.to_string().contains("ingest.max_spans_per_request"),
            "{over}"
        );
    }

    #[test]
    fn window_events_are_counted_by_name_and_no_other_event() {
        use semconv::{SamplingMode, Window};
        let windows: Vec<Window> = (0..3)
            .map(|s| Window::closed(s * 10, s * 10 + 5, s, SamplingMode::KernelSerialized))
            .collect();
        let mut carrier = crate::fixtures::window_carrier(1, &windows);
        carrier.events.push(Default::default());
        let req = request(
            resource("gpu", 1, Some(Tier::Serialized)),
            vec![carrier, plain(2)],
        );
        let c = Census::protobuf(&req.encode_to_vec());
        assert_eq!(c.windows, 3);
        // JSON: no fewer than there are.
        assert!(Census::json(&serde_json::to_vec(&req).unwrap()).windows >= 3);
    }

    #[test]
    fn a_body_that_does_not_read_is_counted_as_far_as_it_reads() {
        let mut body = [0x0au8, 0].repeat(10);
        body.extend_from_slice(&[0x0a, 0x7f]);
        assert_eq!(Census::protobuf(&body).resources, 10);
        assert_eq!(Census::json(b"{\"resourceSpans\":[{},{},").resources, 2);
        assert_eq!(Census::json(b"not json").resources, 0);
    }

    fn field(tag: u32, payload: &[u8]) -> Vec<u8> {
        let mut out = Vec::new();
        prost::encoding::encode_key(tag, WireType::LengthDelimited, &mut out);
        prost::encoding::encode_varint(payload.len() as u64, &mut out);
        out.extend_from_slice(payload);
        out
    }
}
