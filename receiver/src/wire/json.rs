//! OTLP/JSON read straight into a [`WireRequest`]: resources and scopes as
//! opentelemetry-proto's types read them, each span decoded on its own and encoded at
//! once, so a request never exists as a tree of decoded spans (a 4 MiB body of empty
//! spans was 1.4 million `Span`s and 828 MB). Field names, defaults, unknown and
//! duplicate fields are read exactly as the generated types read them.

use bytes::Bytes;
use opentelemetry_proto::tonic::trace::v1::Span;
use serde::de::{SeqAccess, Visitor};

use super::{encode_span, WireRequest};

/// Reads an OTLP/JSON `ExportTraceServiceRequest`.
pub fn decode(body: &[u8]) -> Result<WireRequest, serde_json::Error> {
    serde_json::from_slice(body)
}

/// The body with every object key written in the proto's field names
/// (`resource_spans`, `start_time_unix_nano`) rewritten in lowerCamelCase, as the OTLP/JSON
/// specification writes them; `None` when no key needs it (no copy). The Collector reads
/// both spellings; read as unknown fields, such a body would be taken and deliver
/// nothing. OTLP/JSON carries no user data in object keys (attributes are `{"key": …}`
/// objects), so only field names are rewritten. Never longer than the body; a body that
/// is not JSON comes back as it is, for the decoder's error.
pub fn camel_case_keys(body: &[u8]) -> Option<Vec<u8>> {
    // A sender that writes the proto's names writes its first key so too: the common
    // body is let through after one vectorised search.
    memchr::memmem::find(body, b"\"resource_spans\"")?;
    rewrite_keys(body)
}

/// [`camel_case_keys`] without its first look.
fn rewrite_keys(body: &[u8]) -> Option<Vec<u8>> {
    let mut out: Option<Vec<u8>> = None;
    let mut copied = 0;
    // For each open bracket, whether it is an object.
    let mut open: Vec<bool> = Vec::new();
    let mut key_next = false;
    let mut i = 0;
    while i < body.len() {
        match body[i] {
            b'{' => {
                open.push(true);
                key_next = true;
            }
            b'[' => {
                open.push(false);
                key_next = false;
            }
            b'}' | b']' => {
                open.pop();
                key_next = false;
            }
            b',' => key_next = open.last() == Some(&true),
            b'"' => {
                let start = i + 1;
                let mut end = start;
                while end < body.len() && body[end] != b'"' {
                    end += if body[end] == b'\\' { 2 } else { 1 };
                }
                if end >= body.len() {
                    break;
                }
                let name = &body[start..end];
                let field_name = name
                    .windows(2)
                    .any(|w| w[0] == b'_' && w[1].is_ascii_alphanumeric())
                    && name
                        .iter()
                        .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || *b == b'_');
                if key_next && field_name {
                    let o = out.get_or_insert_with(|| Vec::with_capacity(body.len()));
                    o.extend_from_slice(&body[copied..start]);
                    let mut upper = false;
                    for &b in name {
                        match b {
                            b'_' if !upper => upper = true,
                            _ if upper => {
                                o.push(b.to_ascii_uppercase());
                                upper = false;
                            }
                            _ => o.push(b),
                        }
                    }
                    if upper {
                        o.push(b'_');
                    }
                    copied = end;
                }
                key_next = false;
                i = end;
            }
            _ => {}
        }
        i += 1;
    }
    let mut out = out?;
    out.extend_from_slice(&body[copied..]);
    Some(out)
}

/// `ScopeSpans.spans`: each span read, encoded and dropped before the next.
pub(super) fn spans<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Vec<Bytes>, D::Error> {
    struct Spans;
    impl<'de> Visitor<'de> for Spans {
        type Value = Vec<Bytes>;

        fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            f.write_str("a sequence")
        }

        fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Vec<Bytes>, A::Error> {
            let mut out = Vec::new();
            while let Some(span) = seq.next_element::<Span>()? {
                out.push(encode_span(&span));
            }
            Ok(out)
        }
    }
    d.deserialize_seq(Spans)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn camel(body: &str) -> Option<String> {
        rewrite_keys(body.as_bytes()).map(|b| String::from_utf8(b).unwrap())
    }

    #[test]
    fn proto_field_names_read_as_the_specifications_camel_case_names() {
        let snake = r#"{"resource_spans":[{"scope_spans":[{"spans":[{"trace_id":"5b8efff798038103d269b633813fc60c","span_id":"eee19b7ec3c1b174","name":"k","start_time_unix_nano":"1","end_time_unix_nano":"2","attributes":[{"key":"gpu.kernel_name","value":{"string_value":"a_b"}}]}]}]}]}"#;
        let camel_body = camel(snake).unwrap();
        assert_eq!(
            camel_body,
            r#"{"resourceSpans":[{"scopeSpans":[{"spans":[{"traceId":"5b8efff798038103d269b633813fc60c","spanId":"eee19b7ec3c1b174","name":"k","startTimeUnixNano":"1","endTimeUnixNano":"2","attributes":[{"key":"gpu.kernel_name","value":{"stringValue":"a_b"}}]}]}]}]}"#
        );
        let req: ExportTraceServiceRequest = serde_json::from_str(&camel_body).unwrap();
        assert_eq!(
            req.resource_spans[0].scope_spans[0].spans[0].start_time_unix_nano,
            1
        );
    }

    #[test]
    fn a_body_whose_top_key_is_camel_case_is_left_alone() {
        let mixed = br#"{"resourceSpans":[{"schema_url":"x"}]}"#;
        assert_eq!(camel_case_keys(mixed), None);
        assert!(rewrite_keys(mixed).is_some());
    }

    #[test]
    fn only_keys_in_the_proto_s_spelling_are_rewritten_and_values_never() {
        // Values, keys already in camel case, keys of other spellings: as they were.
        assert_eq!(
            camel(r#"{"resourceSpans":[],"name":"a_b","x":["c_d"]}"#),
            None
        );
        assert_eq!(camel(r#"{"Some_Key":1,"a-b_c":2,"k_":3}"#), None);
        // A quote escaped inside a value does not end it.
        assert_eq!(
            camel(r#"{"name":"say \"a_b\": 1","dropped_links_count":2}"#).unwrap(),
            r#"{"name":"say \"a_b\": 1","droppedLinksCount":2}"#
        );
        // A trailing or doubled underscore stays.
        assert_eq!(camel(r#"{"a__b":1}"#).unwrap(), r#"{"a_b":1}"#);
        assert_eq!(
            camel(r#"{"ab_":1, "c_d":2}"#).unwrap(),
            r#"{"ab_":1, "cD":2}"#
        );
    }

    #[test]
    fn what_is_not_json_comes_back_unchanged_or_cut_at_no_new_place() {
        for body in [
            "",
            "{",
            r#"{"a_b"#,
            r#"{"a_b":"#,
            "]]]}}}",
            r#"[{"k_v":1},"#,
            r"\",
        ] {
            if let Some(out) = camel(body) {
                assert!(out.len() <= body.len(), "{body:?} -> {out:?}");
            }
        }
    }

    proptest::proptest! {
        #[test]
        fn a_rewritten_body_is_never_longer_and_bytes_outside_keys_are_kept(
            body in proptest::collection::vec(proptest::prelude::any::<u8>(), 0..200),
        ) {
            if let Some(out) = rewrite_keys(&body) {
                proptest::prop_assert!(out.len() <= body.len());
                let strip = |b: &[u8]| b.iter().filter(|c| **c != b'_').map(u8::to_ascii_lowercase).collect::<Vec<_>>();
                proptest::prop_assert_eq!(strip(&out), strip(&body));
            }
        }
    }
    use crate::fixtures::{kernel, plain, request, resource, window_carrier};
    use opentelemetry_proto::tonic::collector::trace::v1::ExportTraceServiceRequest;
    use semconv::{SamplingMode, Tier, Window};

    #[test]
    fn a_request_reads_as_the_generated_types_read_it() {
        let mut req = request(
            resource("app", 1, Some(Tier::Serialized)),
            vec![
                plain(1),
                kernel(2, 10, 20, None),
                window_carrier(
                    3,
                    &[Window::closed(5, 9, 1, SamplingMode::KernelSerialized)],
                ),
            ],
        );
        req.resource_spans[0].schema_url = "https://schema/1".into();
        req.resource_spans.push(Default::default());
        let json = serde_json::to_vec(&req).unwrap();
        assert_eq!(decode(&json).unwrap(), WireRequest::from(req));
    }

    #[test]
    fn what_the_generated_types_refuse_or_skip_is_refused_or_skipped() {
        for body in [
            r#"{"resourceSpans":[{"scopeSpans":[{"spans":null}]}]}"#,
            r#"{"resourceSpans":[{"scopeSpans":[{"spans":[{}],"spans":[]}]}]}"#,
            r#"{"resourceSpans":[{"scopeSpans":[{"spans":[{"traceId":"zz"}]}]}]}"#,
            r#"{"resourceSpans":{}}"#,
            r#"[]"#,
        ] {
            let old = serde_json::from_str::<ExportTraceServiceRequest>(body).is_ok();
            assert_eq!(decode(body.as_bytes()).is_ok(), old, "{body}");
        }
        for body in [
            r#"{"resource_spans":[{}],"unknown":1}"#,
            r#"{"resourceSpans":[{"scopeSpans":[{"spans":[{"name":"x","extra":[1,2]}]}]}]}"#,
            r#"{}"#,
        ] {
            let old = serde_json::from_str::<ExportTraceServiceRequest>(body).unwrap();
            assert_eq!(
                decode(body.as_bytes()).unwrap(),
                WireRequest::from(old),
                "{body}"
            );
        }
    }
}
