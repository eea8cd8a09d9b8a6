//! Where trace requests go, as the OTLP exporter specification derives it from
//! `OTEL_EXPORTER_OTLP_ENDPOINT` (a base: OTLP/HTTP appends `/v1/traces` to its path) and
//! `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT` (used as it is, and preferred).
//!
//! An endpoint without a scheme is `https://` unless `OTEL_EXPORTER_OTLP_INSECURE` is
//! true, as the specification says of gRPC; an HTTP endpoint without one is read the
//! same way rather than refused.

use crate::config::{ExportConfig, Protocol};

/// OTLP/gRPC's default endpoint.
pub const GRPC_DEFAULT: &str = "http://localhost:4317";
/// OTLP/HTTP's default base endpoint.
pub const HTTP_DEFAULT: &str = "http://localhost:4318";
/// The path OTLP/HTTP appends to a base endpoint for traces.
pub const TRACES_PATH: &str = "/v1/traces";

/// The path OTLP/HTTP appends to a base endpoint for metrics.
pub const METRICS_PATH: &str = "/v1/metrics";

/// Where metrics go beside traces sent to `traces_url`: the same URL over gRPC (the
/// method names the signal); over OTLP/HTTP, `/v1/traces` at its end swapped for
/// `/v1/metrics`, or, for a traces URL of another shape, `/v1/metrics` at its origin.
pub fn metrics_url_beside(protocol: Protocol, traces_url: &str) -> String {
    if protocol == Protocol::Grpc {
        return traces_url.to_string();
    }
    let url = traces_url.trim_end_matches('/');
    if let Some(base) = url.strip_suffix(TRACES_PATH) {
        return format!("{base}{METRICS_PATH}");
    }
    let origin_end = url
        .find("://")
        .map(|i| i + 3)
        .and_then(|from| url[from..].find('/').map(|j| from + j))
        .unwrap_or(url.len());
    format!("{}{METRICS_PATH}", &url[..origin_end])
}

/// What stands in a shown URL for its credentials and its query.
pub const REDACTED: &str = "<redacted>";

/// `url` as it may be shown (logs, errors, metric labels, `validate`): without its
/// userinfo (`user:password@`) and without its query and fragment, which can carry
/// credentials (`?token=…`); each is replaced by [`REDACTED`], so a reader still sees
/// that one was there. Never fails: a string that is not a URL is cut the same way.
pub fn redacted(url: &str) -> String {
    let (scheme, rest) = match url.find("://") {
        Some(i) => url.split_at(i + 3),
        None => ("", url),
    };
    let authority_end = rest.find(['/', '?', '#']).unwrap_or(rest.len());
    let (authority, tail) = rest.split_at(authority_end);
    let authority = match authority.rfind('@') {
        Some(at) => format!("{REDACTED}@{}", &authority[at + 1..]),
        None => authority.to_string(),
    };
    let tail = match tail.find(['?', '#']) {
        Some(q) => format!("{}?{REDACTED}", &tail[..q]),
        None => tail.to_string(),
    };
    format!("{scheme}{authority}{tail}")
}

/// The URL trace requests are sent to.
pub fn traces_url(
    protocol: Protocol,
    endpoint: Option<&str>,
    traces_endpoint: Option<&str>,
    insecure: bool,
) -> String {
    let (url, base) = match (traces_endpoint, endpoint) {
        (Some(full), _) => (with_scheme(full, insecure), false),
        (None, Some(base)) => (with_scheme(base, insecure), true),
        (None, None) if protocol == Protocol::Grpc => (GRPC_DEFAULT.to_string(), false),
        (None, None) => (HTTP_DEFAULT.to_string(), true),
    };
    if base && protocol != Protocol::Grpc {
        format!("{}{TRACES_PATH}", url.trim_end_matches('/'))
    } else {
        url
    }
}

impl ExportConfig {
    /// The URL requests go to ([`traces_url`] of its settings).
    pub fn url(&self) -> String {
        traces_url(
            self.protocol,
            self.endpoint.as_deref(),
            self.traces_endpoint.as_deref(),
            self.insecure,
        )
    }
}

fn with_scheme(url: &str, insecure: bool) -> String {
    let url = url.trim();
    if url.contains("://") {
        url.to_string()
    } else if insecure {
        format!("http://{url}")
    } else {
        format!("https://{url}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use Protocol::*;

    #[test]
    fn a_shown_url_has_no_userinfo_query_or_fragment() {
        for (url, shown) in [
            (
                "http://user:SECRETPW@host:4318/v1/traces",
                "http://<redacted>@host:4318/v1/traces",
            ),
            (
                "https://host/v1/traces?token=SECRETQ",
                "https://host/v1/traces?<redacted>",
            ),
            (
                "https://u@h?k=SECRETQ#SECRETF",
                "https://<redacted>@h?<redacted>",
            ),
            ("http://a:b@c@host", "http://<redacted>@host"),
            ("collector:4317", "collector:4317"),
            ("http://localhost:4317", "http://localhost:4317"),
            ("not a url ? SECRETQ", "not a url ?<redacted>"),
        ] {
            assert_eq!(redacted(url), shown, "{url}");
            assert!(!redacted(url).contains("SECRET"));
        }
    }

    #[test]
    fn metrics_go_beside_traces_on_the_same_backend() {
        let beside = metrics_url_beside;
        assert_eq!(beside(Grpc, "http://c:4317"), "http://c:4317");
        assert_eq!(
            beside(HttpProtobuf, "http://c:4318/v1/traces"),
            "http://c:4318/v1/metrics"
        );
        assert_eq!(
            beside(HttpJson, "https://c/otlp/v1/traces/"),
            "https://c/otlp/v1/metrics"
        );
        assert_eq!(
            beside(HttpProtobuf, "http://c:4318/ingest/spans"),
            "http://c:4318/v1/metrics"
        );
        assert_eq!(
            beside(HttpProtobuf, "http://c:4318"),
            "http://c:4318/v1/metrics"
        );
    }

    #[test]
    fn without_endpoints_each_protocol_has_its_default() {
        assert_eq!(traces_url(Grpc, None, None, false), "http://localhost:4317");
        for http in [HttpProtobuf, HttpJson] {
            assert_eq!(
                traces_url(http, None, None, false),
                "http://localhost:4318/v1/traces"
            );
        }
    }

    #[test]
    fn http_appends_v1_traces_to_the_base_endpoints_path() {
        for (base, url) in [
            ("http://collector:4318", "http://collector:4318/v1/traces"),
            ("http://collector:4318/", "http://collector:4318/v1/traces"),
            (
                "http://collector:4318/mypath",
                "http://collector:4318/mypath/v1/traces",
            ),
            (
                "http://collector:4318/mypath/",
                "http://collector:4318/mypath/v1/traces",
            ),
        ] {
            assert_eq!(traces_url(HttpProtobuf, Some(base), None, false), url);
        }
        assert_eq!(
            traces_url(Grpc, Some("http://collector:4318/"), None, false),
            "http://collector:4318/"
        );
    }

    #[test]
    fn the_traces_endpoint_wins_and_is_used_as_it_is() {
        for protocol in [Grpc, HttpProtobuf, HttpJson] {
            assert_eq!(
                traces_url(
                    protocol,
                    Some("http://base:4318"),
                    Some("http://t:9/custom"),
                    false
                ),
                "http://t:9/custom"
            );
        }
    }

    #[test]
    fn an_endpoint_without_a_scheme_is_tls_unless_insecure() {
        assert_eq!(
            traces_url(Grpc, Some("jaeger:4317"), None, false),
            "https://jaeger:4317"
        );
        assert_eq!(
            traces_url(Grpc, Some("jaeger:4317"), None, true),
            "http://jaeger:4317"
        );
        // A scheme, when written, is never overridden.
        assert_eq!(
            traces_url(Grpc, Some("https://jaeger:4317"), None, true),
            "https://jaeger:4317"
        );
    }
}
