//! What the receiver must answer to an input, worked out from the OTLP specification
//! and the contract alone (no receiver code): which requests decode, how many spans
//! they carry and how many of those must be rejected.

use std::io::Read;

use opentelemetry_proto::tonic::collector::trace::v1::ExportTraceServiceRequest;
use opentelemetry_proto::tonic::trace::v1::Span;
use prost::Message as _;

/// The body encoding an OTLP/HTTP request declares.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Encoding {
    Protobuf,
    Json,
}

/// Why a whole request must be refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Refusal {
    /// Content type or content encoding not supported (HTTP 415).
    MediaType,
    /// Over the size limit, compressed or not (HTTP 413; gRPC OutOfRange or
    /// ResourceExhausted).
    TooLarge,
    /// Not a request: bad gzip, protobuf or JSON (HTTP 400; gRPC InvalidArgument).
    Malformed,
    /// A gRPC message that cannot be unframed (a compressed flag with no encoding, an
    /// unknown flag: Internal, as gRPC asks).
    Protocol,
    /// A compressed message over the size limit and corrupt just past it. It is
    /// decompressed in steps, the limit checked as each is written, so the corruption
    /// may be met first: either refusal (ResourceExhausted or InvalidArgument) is right.
    TooLargeOrMalformed,
}

/// The answer a request must get.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Expected {
    /// Taken: `spans` spans, of which exactly `rejected` refused for bad ids.
    Accepted {
        spans: usize,
        rejected: usize,
    },
    Refused(Refusal),
}

/// The encoding of a `Content-Type`: media types are case-insensitive and may carry
/// parameters (RFC 9110, section 8.3.1).
pub(crate) fn content_type(value: Option<&str>) -> Option<Encoding> {
    let media = value?.split(';').next()?.trim().to_ascii_lowercase();
    match media.as_str() {
        "application/x-protobuf" | "application/protobuf" => Some(Encoding::Protobuf),
        "application/json" => Some(Encoding::Json),
        _ => None,
    }
}

/// A body's compression, as `Content-Encoding` and `grpc-encoding` name it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Packing {
    Plain,
    Gzip,
    Zstd,
}

/// The compression a `Content-Encoding` names (absent, empty and `identity` are none:
/// RFC 9110 8.4), or None when the receiver does not support it.
pub(crate) fn content_encoding(value: Option<&str>) -> Option<Packing> {
    match value.map(|v| v.trim().to_ascii_lowercase()).as_deref() {
        None | Some("") | Some("identity") => Some(Packing::Plain),
        Some("gzip") => Some(Packing::Gzip),
        Some("zstd") => Some(Packing::Zstd),
        _ => None,
    }
}

/// A compressed body read whole: every gzip member (RFC 1952, section 2.2), every zstd
/// frame (RFC 8878, section 3.1), or why not.
pub(crate) fn unpack(packing: Packing, data: &[u8], max: usize) -> Result<Vec<u8>, Refusal> {
    let reader: Box<dyn Read + '_> = match packing {
        Packing::Plain => return Ok(data.to_vec()),
        Packing::Gzip => Box::new(flate2::read::MultiGzDecoder::new(data)),
        Packing::Zstd => match zstd::stream::read::Decoder::with_buffer(data) {
            Ok(d) => Box::new(d),
            Err(_) => return Err(Refusal::Malformed),
        },
    };
    let mut out = Vec::new();
    match reader.take(max as u64 + 1).read_to_end(&mut out) {
        _ if out.len() > max => Err(Refusal::TooLarge),
        Ok(_) => Ok(out),
        Err(_) => Err(Refusal::Malformed),
    }
}

/// gzip of `data`, one member.
pub(crate) fn gzip(data: &[u8]) -> Vec<u8> {
    use std::io::Write as _;
    let mut enc = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
    enc.write_all(data).expect("writes to memory");
    enc.finish().expect("writes to memory")
}

/// zstd of `data`, one frame.
pub(crate) fn zstd(data: &[u8]) -> Vec<u8> {
    zstd::bulk::compress(data, 1).expect("compresses in memory")
}

/// The request in a protobuf body, if it is one.
pub(crate) fn decode_protobuf(body: &[u8]) -> Option<ExportTraceServiceRequest> {
    ExportTraceServiceRequest::decode(body).ok()
}

/// The request in an OTLP/JSON body, if it is one. A body written in the proto's field
/// names (its key `resource_spans`) is read with them as their lowerCamelCase names, as
/// the Collector's reader takes both; a name that then appears twice in an object is a
/// duplicate field.
pub(crate) fn decode_json(body: &[u8]) -> Option<ExportTraceServiceRequest> {
    if !body.windows(16).any(|w| w == b"\"resource_spans\"") {
        return serde_json::from_slice(body).ok();
    }
    fn lower_camel(name: &str) -> String {
        let mut parts = name.split('_');
        let mut out = parts.next().unwrap_or_default().to_string();
        for p in parts {
            let mut chars = p.chars();
            match chars.next() {
                Some(c) => {
                    out.push(c.to_ascii_uppercase());
                    out.extend(chars);
                }
                None => out.push('_'),
            }
        }
        out
    }
    fn renamed(v: serde_json::Value) -> Option<serde_json::Value> {
        use serde_json::Value;
        Some(match v {
            Value::Object(map) => {
                let mut out = serde_json::Map::new();
                for (k, v) in map {
                    let proto_name = k.contains('_')
                        && k.chars()
                            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_');
                    let k = if proto_name { lower_camel(&k) } else { k };
                    if out.insert(k, renamed(v)?).is_some() {
                        return None;
                    }
                }
                Value::Object(out)
            }
            Value::Array(items) => {
                Value::Array(items.into_iter().map(renamed).collect::<Option<_>>()?)
            }
            other => other,
        })
    }
    let value: serde_json::Value = serde_json::from_slice(body).ok()?;
    serde_json::from_value(renamed(value)?).ok()
}

/// What a request body, once decompressed, must get.
pub(crate) fn expect_body(encoding: Encoding, body: &[u8]) -> Expected {
    let request = match encoding {
        Encoding::Protobuf => decode_protobuf(body),
        Encoding::Json => decode_json(body),
    };
    match request {
        Some(r) => Expected::Accepted {
            spans: spans(&r).count(),
            rejected: spans(&r).filter(|s| !ids_valid(s)).count(),
        },
        None => Expected::Refused(Refusal::Malformed),
    }
}

/// What an OTLP/HTTP request must get.
pub(crate) fn expect_http(
    content_type_header: Option<&str>,
    content_encoding: Option<&str>,
    body: &[u8],
    max: usize,
) -> Expected {
    let Some(encoding) = content_type(content_type_header) else {
        return Expected::Refused(Refusal::MediaType);
    };
    if body.len() > max {
        return Expected::Refused(Refusal::TooLarge);
    }
    match self::content_encoding(content_encoding) {
        None => Expected::Refused(Refusal::MediaType),
        Some(packing) => match unpack(packing, body, max) {
            Ok(plain) => expect_body(encoding, &plain),
            Err(r) => Expected::Refused(r),
        },
    }
}

/// Every span of a request.
pub(crate) fn spans(req: &ExportTraceServiceRequest) -> impl Iterator<Item = &Span> {
    req.resource_spans
        .iter()
        .flat_map(|rs| &rs.scope_spans)
        .flat_map(|ss| &ss.spans)
}

/// The OTLP rule for ids: a 16-byte trace id and an 8-byte span id, neither all zero;
/// a parent span id empty or 8 bytes.
pub(crate) fn ids_valid(span: &Span) -> bool {
    let id = |b: &[u8], len: usize| b.len() == len && b.iter().any(|&x| x != 0);
    id(&span.trace_id, 16)
        && id(&span.span_id, 8)
        && (span.parent_span_id.is_empty() || span.parent_span_id.len() == 8)
}

/// One gRPC length-prefixed message.
pub(crate) fn grpc_frame(compressed: bool, message: &[u8]) -> Vec<u8> {
    let mut frame = Vec::with_capacity(message.len() + 5);
    frame.push(u8::from(compressed));
    frame.extend_from_slice(&(message.len() as u32).to_be_bytes());
    frame.extend_from_slice(message);
    frame
}

/// How a gRPC request body is framed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Framing<'a> {
    /// Exactly one message.
    One { flag: u8, message: &'a [u8] },
    /// A first message that declares more than the size limit: refused as its header
    /// arrives, whatever follows.
    OverLimit,
    /// Bytes past the first message: an Export call carries one (InvalidArgument).
    Several,
    /// No message, or a truncated one.
    Incomplete,
}

pub(crate) fn framing(body: &[u8], max: usize) -> Framing<'_> {
    if body.len() < 5 {
        return Framing::Incomplete;
    }
    let len = u32::from_be_bytes([body[1], body[2], body[3], body[4]]) as usize;
    match (body.len() - 5).cmp(&len) {
        _ if len > max => Framing::OverLimit,
        std::cmp::Ordering::Less => Framing::Incomplete,
        std::cmp::Ordering::Greater => Framing::Several,
        std::cmp::Ordering::Equal => Framing::One {
            flag: body[0],
            message: &body[5..],
        },
    }
}

/// What a well-framed OTLP/gRPC message must get (`flag` 1: compressed as `declared`).
pub(crate) fn expect_grpc(declared: Packing, flag: u8, message: &[u8], max: usize) -> Expected {
    if message.len() > max {
        return Expected::Refused(Refusal::TooLarge);
    }
    let reader: Box<dyn Read + '_> = match (flag, declared) {
        (0, _) => return expect_body(Encoding::Protobuf, message),
        // As an HTTP body: every gzip member, every zstd frame, nothing after the last.
        (1, Packing::Gzip) => Box::new(flate2::read::MultiGzDecoder::new(message)),
        (1, Packing::Zstd) => match zstd::stream::read::Decoder::new(message) {
            Ok(d) => Box::new(d),
            Err(_) => return Expected::Refused(Refusal::Malformed),
        },
        _ => return Expected::Refused(Refusal::Protocol),
    };
    let mut reader = reader;
    let mut out = Vec::new();
    match (&mut reader).take(max as u64 + 1).read_to_end(&mut out) {
        _ if out.len() > max => {
            // Twice the receiver's step (64 KiB): a corruption this close to the limit
            // may be what it meets first.
            const STEP: u64 = 128 * 1024;
            let corrupt_past = std::io::copy(&mut reader.take(STEP), &mut std::io::sink()).is_err();
            Expected::Refused(if corrupt_past {
                Refusal::TooLargeOrMalformed
            } else {
                Refusal::TooLarge
            })
        }
        Ok(_) => expect_body(Encoding::Protobuf, &out),
        Err(_) => Expected::Refused(Refusal::Malformed),
    }
}
