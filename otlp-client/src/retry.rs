//! What one export attempt came to, as the OTLP specification classifies answers, pure:
//!
//! - gRPC: `CANCELLED`, `DEADLINE_EXCEEDED`, `ABORTED`, `OUT_OF_RANGE`, `UNAVAILABLE` and
//!   `DATA_LOSS` are retryable; `RESOURCE_EXHAUSTED` only when the server says when to
//!   come back (`RetryInfo`), since only then can it recover; every other code is final.
//!   A refusal of the request's size (without `RetryInfo`) is [`Verdict::TooLarge`]:
//!   smaller parts may pass where a retry would not. gRPC has no code for it: grpc-go
//!   (the Collector, Jaeger, Tempo) answers `RESOURCE_EXHAUSTED` "received message larger
//!   than max", tonic `OUT_OF_RANGE` "decoded message length too large".
//! - HTTP: 429, 502, 503 and 504 are retryable, after `Retry-After` (delay-seconds or an
//!   HTTP date) when given; 413 is [`Verdict::TooLarge`]; every other failure is final.
//!
//! Transport failures are classified where they happen (`client`): a refused connection
//! is retryable and marked [`Retry::connect_failed`]; a refused TLS handshake is final.

use std::time::{Duration, SystemTime};

use opentelemetry_proto::tonic::collector::trace::v1::ExportTraceServiceResponse;

/// A retryable failure.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Retry {
    /// The server's hint (`RetryInfo`, `Retry-After`): wait at least this long.
    pub after: Option<Duration>,
    /// What happened, for logs.
    pub why: String,
    /// Nobody accepted the connection: there may be no backend at all.
    pub connect_failed: bool,
}

/// What an attempt's result means.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Verdict {
    /// Delivered (perhaps partly refused: see [`Attempt::rejected_spans`]).
    Delivered,
    /// Try again.
    Retry(Retry),
    /// Refused as too large: smaller parts may pass, the same bytes never will.
    TooLarge(String),
    /// Refused for good.
    Fatal(String),
}

impl Verdict {
    /// Retryable, after `after` when the server said so.
    pub fn retry(after: Option<Duration>, why: impl Into<String>) -> Verdict {
        Verdict::Retry(Retry {
            after,
            why: why.into(),
            connect_failed: false,
        })
    }

    /// Retryable: nobody accepted the connection.
    pub fn unreachable(why: impl Into<String>) -> Verdict {
        Verdict::Retry(Retry {
            after: None,
            why: why.into(),
            connect_failed: true,
        })
    }
}

/// One attempt's outcome.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Attempt {
    /// What to do next.
    pub verdict: Verdict,
    /// Spans the backend refused in a delivered request (OTLP partial success): never
    /// retried, as the specification says.
    pub rejected_spans: u64,
    /// What the backend said of a partial success ("" when nothing).
    pub backend_message: String,
}

impl From<Verdict> for Attempt {
    fn from(verdict: Verdict) -> Attempt {
        Attempt {
            verdict,
            rejected_spans: 0,
            backend_message: String::new(),
        }
    }
}

impl Attempt {
    /// Delivered whole.
    pub fn delivered() -> Attempt {
        Verdict::Delivered.into()
    }

    /// Refused for good.
    pub fn fatal(why: impl Into<String>) -> Attempt {
        Verdict::Fatal(why.into()).into()
    }

    /// A delivered request's answer: the spans it refused, if any (never retried).
    pub fn answered(response: &ExportTraceServiceResponse) -> Attempt {
        let (rejected_spans, backend_message) = response
            .partial_success
            .as_ref()
            .map_or((0, String::new()), |p| {
                (p.rejected_spans.max(0) as u64, p.error_message.clone())
            });
        Attempt {
            verdict: Verdict::Delivered,
            rejected_spans,
            backend_message,
        }
    }
}

/// Whether a refusal's message is about the request's size.
#[cfg(feature = "grpc")]
fn mentions_size(message: &str) -> bool {
    let m = message.to_ascii_lowercase();
    [
        "too large",
        "larger than",
        "message length",
        "size",
        "exceeds",
    ]
    .iter()
    .any(|w| m.contains(w))
}

/// A gRPC status, with the `RetryInfo` delay it carried.
#[cfg(feature = "grpc")]
pub fn classify_grpc(code: tonic::Code, message: &str, retry_info: Option<Duration>) -> Verdict {
    use tonic::Code::*;
    let why = || format!("gRPC {code:?}: {message}");
    match code {
        Ok => Verdict::Delivered,
        ResourceExhausted | OutOfRange if retry_info.is_none() && mentions_size(message) => {
            Verdict::TooLarge(why())
        }
        Cancelled | DeadlineExceeded | Aborted | OutOfRange | Unavailable | DataLoss => {
            Verdict::retry(retry_info, why())
        }
        ResourceExhausted if retry_info.is_some() => Verdict::retry(retry_info, why()),
        _ => Verdict::Fatal(why()),
    }
}

/// An HTTP status, with its `Retry-After` header when it had one; `now` reads an HTTP
/// date.
pub fn classify_http(status: u16, retry_after: Option<&str>, now: SystemTime) -> Verdict {
    let why = format!("HTTP {status}");
    match status {
        200..=299 => Verdict::Delivered,
        413 => Verdict::TooLarge(why),
        429 | 502 | 503 | 504 => {
            Verdict::retry(retry_after.and_then(|v| parse_retry_after(v, now)), why)
        }
        _ => Verdict::Fatal(why),
    }
}

/// `Retry-After` as delay-seconds or an HTTP date (a date already past: no wait).
pub fn parse_retry_after(value: &str, now: SystemTime) -> Option<Duration> {
    let value = value.trim();
    if let Ok(secs) = value.parse::<u64>() {
        return Some(Duration::from_secs(secs));
    }
    let at = httpdate::parse_http_date(value).ok()?;
    Some(at.duration_since(now).unwrap_or(Duration::ZERO))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// 1994-11-06T08:49:37Z, the date of RFC 9110's examples.
    fn now() -> SystemTime {
        SystemTime::UNIX_EPOCH + Duration::from_secs(784_111_777)
    }

    fn secs(n: u64) -> Option<Duration> {
        Some(Duration::from_secs(n))
    }

    #[cfg(feature = "grpc")]
    #[test]
    fn every_grpc_code_is_classified_as_the_otlp_specification_says() {
        use tonic::Code::*;
        #[derive(Debug, PartialEq)]
        enum Is {
            Delivered,
            Retry,
            Fatal,
        }
        let table = [
            (Ok, Is::Delivered),
            (Cancelled, Is::Retry),
            (Unknown, Is::Fatal),
            (InvalidArgument, Is::Fatal),
            (DeadlineExceeded, Is::Retry),
            (NotFound, Is::Fatal),
            (AlreadyExists, Is::Fatal),
            (PermissionDenied, Is::Fatal),
            (ResourceExhausted, Is::Fatal),
            (FailedPrecondition, Is::Fatal),
            (Aborted, Is::Retry),
            (OutOfRange, Is::Retry),
            (Unimplemented, Is::Fatal),
            (Internal, Is::Fatal),
            (Unavailable, Is::Retry),
            (DataLoss, Is::Retry),
            (Unauthenticated, Is::Fatal),
        ];
        for (code, expected) in table {
            let got = match classify_grpc(code, "no details", None) {
                Verdict::Delivered => Is::Delivered,
                Verdict::Retry(r) => {
                    assert_eq!(r.after, None);
                    assert!(!r.connect_failed);
                    Is::Retry
                }
                Verdict::Fatal(why) => {
                    assert!(why.contains("no details"), "{why}");
                    Is::Fatal
                }
                other => panic!("{code:?}: {other:?}"),
            };
            assert_eq!(got, expected, "{code:?}");
        }
    }

    #[cfg(feature = "grpc")]
    #[test]
    fn resource_exhausted_is_retried_only_with_retry_info_and_after_its_delay() {
        let v = classify_grpc(tonic::Code::ResourceExhausted, "busy", secs(3));
        assert!(matches!(v, Verdict::Retry(Retry { after, .. }) if after == secs(3)));
        assert!(matches!(
            classify_grpc(tonic::Code::ResourceExhausted, "busy", None),
            Verdict::Fatal(_)
        ));
        // RetryInfo on a retryable code is honoured too.
        let v = classify_grpc(tonic::Code::Unavailable, "", secs(2));
        assert!(matches!(v, Verdict::Retry(Retry { after, .. }) if after == secs(2)));
    }

    #[cfg(feature = "grpc")]
    #[test]
    fn a_grpc_size_refusal_without_retry_info_asks_for_smaller_requests() {
        use tonic::Code::*;
        let grpc_go = "grpc: received message larger than max (5242880 vs. 4194304)";
        let tonic_ =
            "decoded message length too large: found 5242880 bytes, the limit is: 4194304 bytes";
        for (code, message) in [(ResourceExhausted, grpc_go), (OutOfRange, tonic_)] {
            assert!(
                matches!(classify_grpc(code, message, None), Verdict::TooLarge(m) if m.contains(message)),
                "{code:?}"
            );
            // A server that says when to come back is out of room, not refusing the size.
            assert!(matches!(
                classify_grpc(code, message, secs(1)),
                Verdict::Retry(_)
            ));
        }
        assert!(matches!(
            classify_grpc(OutOfRange, "seek past end", None),
            Verdict::Retry(_)
        ));
    }

    #[test]
    fn every_http_status_class_is_classified_as_the_otlp_specification_says() {
        for status in [200, 202, 204] {
            assert_eq!(classify_http(status, None, now()), Verdict::Delivered);
        }
        for status in [429, 502, 503, 504] {
            assert_eq!(
                classify_http(status, None, now()),
                Verdict::retry(None, format!("HTTP {status}"))
            );
        }
        assert_eq!(
            classify_http(413, None, now()),
            Verdict::TooLarge("HTTP 413".into())
        );
        for status in [400, 401, 403, 404, 405, 415, 500, 501, 505] {
            assert_eq!(
                classify_http(status, Some("1"), now()),
                Verdict::Fatal(format!("HTTP {status}"))
            );
        }
    }

    #[test]
    fn retry_after_is_read_as_delay_seconds_or_as_an_http_date() {
        let after = |v| match classify_http(503, Some(v), now()) {
            Verdict::Retry(r) => r.after,
            other => panic!("{other:?}"),
        };
        assert_eq!(after("7"), secs(7));
        assert_eq!(after(" 120 "), secs(120));
        assert_eq!(after("Sun, 06 Nov 1994 08:49:47 GMT"), secs(10));
        // RFC 850 and asctime forms are HTTP dates too.
        assert_eq!(after("Sunday, 06-Nov-94 08:49:47 GMT"), secs(10));
        assert_eq!(after("Sun Nov  6 08:49:47 1994"), secs(10));
        assert_eq!(after("Sun, 06 Nov 1994 08:49:00 GMT"), Some(Duration::ZERO));
        assert_eq!(after("soon"), None);
        assert_eq!(after("-1"), None);
    }
}
