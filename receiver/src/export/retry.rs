//! Retry classification and backoff, pure: what to do after an export attempt, and
//! how long to wait. Honours Retry-After (HTTP) and RetryInfo (gRPC), as the OTLP
//! specification asks.

use std::time::{Duration, SystemTime};

/// What an attempt's result means.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Verdict {
    /// Delivered.
    Delivered,
    /// Try again, after at least this long when the server said so.
    Retry(Option<Duration>),
    /// Do not try again; the batch is lost (counted).
    Fatal(String),
    /// The destination refused the message as too large: smaller parts may pass.
    TooLarge(String),
}

/// Whether a refusal's message is about the message size. gRPC has no code of its own
/// for it: grpc-go (the Collector, Jaeger, Tempo) answers ResourceExhausted "received
/// message larger than max", tonic OutOfRange "decoded message length too large".
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

/// The gRPC status codes OTLP calls retryable (the specification's table).
pub fn classify_grpc(code: tonic::Code, message: &str, retry_info: Option<Duration>) -> Verdict {
    use tonic::Code::*;
    match code {
        Ok => Verdict::Delivered,
        // Retrying the same bytes would be refused the same way.
        ResourceExhausted | OutOfRange if retry_info.is_none() && mentions_size(message) => {
            Verdict::TooLarge(format!("gRPC {code:?}: {message}"))
        }
        Cancelled | DeadlineExceeded | Aborted | OutOfRange | Unavailable | DataLoss => {
            Verdict::Retry(retry_info)
        }
        // The server is overloaded only when it says how long to back off.
        ResourceExhausted if retry_info.is_some() => Verdict::Retry(retry_info),
        other => Verdict::Fatal(format!("gRPC {other:?}: {message}")),
    }
}

/// The HTTP statuses OTLP calls retryable: 429, 502, 503, 504.
pub fn classify_http(status: u16, retry_after: Option<&str>, now: SystemTime) -> Verdict {
    match status {
        200..=299 => Verdict::Delivered,
        413 => Verdict::TooLarge("HTTP 413".into()),
        429 | 502 | 503 | 504 => {
            Verdict::Retry(retry_after.and_then(|v| parse_retry_after(v, now)))
        }
        other => Verdict::Fatal(format!("HTTP {other}")),
    }
}

/// `Retry-After` as delay-seconds or an HTTP date.
pub fn parse_retry_after(value: &str, now: SystemTime) -> Option<Duration> {
    let value = value.trim();
    if let Ok(secs) = value.parse::<u64>() {
        return Some(Duration::from_secs(secs));
    }
    let at = httpdate_parse(value)?;
    Some(at.duration_since(now).unwrap_or(Duration::ZERO))
}

fn httpdate_parse(value: &str) -> Option<SystemTime> {
    humantime::parse_rfc3339_weak(value).ok().or_else(|| {
        // IMF-fixdate: "Sun, 06 Nov 1994 08:49:37 GMT"
        let parts: Vec<&str> = value.split_whitespace().collect();
        let [_, day, mon, year, time, "GMT"] = parts.as_slice() else {
            return None;
        };
        let months = [
            "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
        ];
        let m = months.iter().position(|x| x == mon)? + 1;
        humantime::parse_rfc3339(&format!(
            "{year}-{m:02}-{:02}T{time}Z",
            day.parse::<u32>().ok()?
        ))
        .ok()
    })
}

/// Exponential backoff with full jitter inside a total budget.
#[derive(Debug, Clone, Copy)]
pub struct Backoff {
    /// First delay.
    pub initial: Duration,
    /// Largest computed delay.
    pub max: Duration,
    /// Total time allowed for all attempts.
    pub max_elapsed: Duration,
}

impl Backoff {
    /// The delay before attempt `attempt + 1` (attempt counts from 0), given the
    /// server's hint, a jitter draw in [0, 1), and the time already spent. None: give up.
    pub fn next_delay(
        &self,
        attempt: u32,
        hint: Option<Duration>,
        jitter: f64,
        elapsed: Duration,
    ) -> Option<Duration> {
        let exp = self
            .initial
            .saturating_mul(1u32.checked_shl(attempt.min(31)).unwrap_or(u32::MAX))
            .min(self.max);
        // Full jitter keeps a fleet of receivers from retrying in step.
        let jittered = exp.mul_f64(0.5 + 0.5 * jitter.clamp(0.0, 1.0));
        let delay = hint.map_or(jittered, |h| h.max(jittered));
        (elapsed.saturating_add(delay) <= self.max_elapsed).then_some(delay)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn retryable_grpc_codes_follow_the_otlp_table() {
        assert_eq!(
            classify_grpc(tonic::Code::Unavailable, "", None),
            Verdict::Retry(None)
        );
        assert!(matches!(
            classify_grpc(tonic::Code::ResourceExhausted, "", None),
            Verdict::Fatal(_)
        ));
        let hint = Some(Duration::from_secs(3));
        assert_eq!(
            classify_grpc(tonic::Code::ResourceExhausted, "", hint),
            Verdict::Retry(hint)
        );
        assert!(
            matches!(classify_grpc(tonic::Code::InvalidArgument, "bad", None), Verdict::Fatal(m) if m.contains("bad"))
        );
    }

    #[test]
    fn a_size_refusal_without_retry_info_asks_for_smaller_batches() {
        let grpc_go = "grpc: received message larger than max (5242880 vs. 4194304)";
        assert!(matches!(
            classify_grpc(tonic::Code::ResourceExhausted, grpc_go, None),
            Verdict::TooLarge(m) if m.contains("larger than max")
        ));
        let tonic = "Error, decoded message length too large: found 5242880 bytes, the limit is: 4194304 bytes";
        assert!(matches!(
            classify_grpc(tonic::Code::OutOfRange, tonic, None),
            Verdict::TooLarge(_)
        ));
        assert_eq!(
            classify_grpc(tonic::Code::OutOfRange, "seek past end", None),
            Verdict::Retry(None)
        );
        let hint = Some(Duration::from_secs(1));
        assert_eq!(
            classify_grpc(tonic::Code::ResourceExhausted, grpc_go, hint),
            Verdict::Retry(hint)
        );
        assert_eq!(
            classify_http(413, None, SystemTime::UNIX_EPOCH),
            Verdict::TooLarge("HTTP 413".into())
        );
    }

    #[test]
    fn retryable_http_statuses_honour_retry_after() {
        let now = SystemTime::UNIX_EPOCH + Duration::from_secs(784_111_777); // 1994-11-06T08:49:37Z
        assert_eq!(
            classify_http(503, Some("7"), now),
            Verdict::Retry(Some(Duration::from_secs(7)))
        );
        assert_eq!(
            classify_http(429, Some("Sun, 06 Nov 1994 08:49:47 GMT"), now),
            Verdict::Retry(Some(Duration::from_secs(10)))
        );
        assert_eq!(classify_http(502, None, now), Verdict::Retry(None));
        assert_eq!(
            classify_http(400, None, now),
            Verdict::Fatal("HTTP 400".into())
        );
        assert_eq!(classify_http(200, None, now), Verdict::Delivered);
    }

    #[test]
    fn backoff_grows_to_its_ceiling_and_stops_at_the_budget() {
        let b = Backoff {
            initial: Duration::from_millis(100),
            max: Duration::from_secs(1),
            max_elapsed: Duration::from_secs(5),
        };
        assert_eq!(
            b.next_delay(0, None, 1.0, Duration::ZERO),
            Some(Duration::from_millis(100))
        );
        assert_eq!(
            b.next_delay(3, None, 1.0, Duration::ZERO),
            Some(Duration::from_millis(800))
        );
        assert_eq!(
            b.next_delay(30, None, 1.0, Duration::ZERO),
            Some(Duration::from_secs(1))
        );
        assert_eq!(
            b.next_delay(1, None, 0.0, Duration::ZERO),
            Some(Duration::from_millis(100))
        );
        assert_eq!(
            b.next_delay(0, Some(Duration::from_secs(2)), 0.5, Duration::ZERO),
            Some(Duration::from_secs(2))
        );
        assert_eq!(
            b.next_delay(0, Some(Duration::from_secs(2)), 0.5, Duration::from_secs(4)),
            None
        );
    }
}
