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
