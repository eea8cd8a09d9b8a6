//! The standard `OTEL_EXPORTER_OTLP_*` variables of the OTLP exporter specification,
//! each also in its `_TRACES_` form, which wins (the endpoint's `_TRACES_` form is
//! another setting: a full URL, see [`crate::endpoint`]). An empty value is the same as
//! an unset one, and names (protocol, compression, `true`/`false`) are read
//! case-insensitively, as the specification says.
//!
//! Reading never decides what a bad value costs: each one comes back as an
//! [`EnvError`] naming its variable, for the injector to warn about (it never fails its
//! host) and for the receiver to refuse.

use std::time::Duration;

use crate::compression::Compression;
use crate::config::{ExportConfig, Protocol};
use crate::headers::Headers;
use crate::tls::TlsFile;

/// `OTEL_EXPORTER_OTLP_ENDPOINT`: the base URL.
pub const ENDPOINT: &str = "OTEL_EXPORTER_OTLP_ENDPOINT";
/// `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT`: the full URL of traces.
pub const TRACES_ENDPOINT: &str = "OTEL_EXPORTER_OTLP_TRACES_ENDPOINT";
/// `OTEL_EXPORTER_OTLP_METRICS_ENDPOINT`: the full URL of metrics.
pub const METRICS_ENDPOINT: &str = "OTEL_EXPORTER_OTLP_METRICS_ENDPOINT";
/// `OTEL_EXPORTER_OTLP_METRICS_PROTOCOL`: the protocol of metrics.
pub const METRICS_PROTOCOL: &str = "OTEL_EXPORTER_OTLP_METRICS_PROTOCOL";
/// `OTEL_EXPORTER_OTLP_PROTOCOL`: `grpc`, `http/protobuf` or `http/json`.
pub const PROTOCOL: &str = "OTEL_EXPORTER_OTLP_PROTOCOL";
/// `OTEL_EXPORTER_OTLP_TRACES_PROTOCOL`.
pub const TRACES_PROTOCOL: &str = "OTEL_EXPORTER_OTLP_TRACES_PROTOCOL";
/// `OTEL_EXPORTER_OTLP_HEADERS`: `key=value,...`, values percent-encoded.
pub const HEADERS: &str = "OTEL_EXPORTER_OTLP_HEADERS";
/// `OTEL_EXPORTER_OTLP_TRACES_HEADERS`.
pub const TRACES_HEADERS: &str = "OTEL_EXPORTER_OTLP_TRACES_HEADERS";
/// `OTEL_EXPORTER_OTLP_TIMEOUT`: milliseconds.
pub const TIMEOUT: &str = "OTEL_EXPORTER_OTLP_TIMEOUT";
/// `OTEL_EXPORTER_OTLP_TRACES_TIMEOUT`.
pub const TRACES_TIMEOUT: &str = "OTEL_EXPORTER_OTLP_TRACES_TIMEOUT";
/// `OTEL_EXPORTER_OTLP_COMPRESSION`: `gzip`, `zstd` or `none`.
pub const COMPRESSION: &str = "OTEL_EXPORTER_OTLP_COMPRESSION";
/// `OTEL_EXPORTER_OTLP_TRACES_COMPRESSION`.
pub const TRACES_COMPRESSION: &str = "OTEL_EXPORTER_OTLP_TRACES_COMPRESSION";
/// `OTEL_EXPORTER_OTLP_CERTIFICATE`: PEM of the CA(s) that verify the backend.
pub const CERTIFICATE: &str = "OTEL_EXPORTER_OTLP_CERTIFICATE";
/// `OTEL_EXPORTER_OTLP_TRACES_CERTIFICATE`.
pub const TRACES_CERTIFICATE: &str = "OTEL_EXPORTER_OTLP_TRACES_CERTIFICATE";
/// `OTEL_EXPORTER_OTLP_CLIENT_CERTIFICATE`: PEM chain presented to the backend.
pub const CLIENT_CERTIFICATE: &str = "OTEL_EXPORTER_OTLP_CLIENT_CERTIFICATE";
/// `OTEL_EXPORTER_OTLP_TRACES_CLIENT_CERTIFICATE`.
pub const TRACES_CLIENT_CERTIFICATE: &str = "OTEL_EXPORTER_OTLP_TRACES_CLIENT_CERTIFICATE";
/// `OTEL_EXPORTER_OTLP_CLIENT_KEY`: PEM key of the client certificate.
pub const CLIENT_KEY: &str = "OTEL_EXPORTER_OTLP_CLIENT_KEY";
/// `OTEL_EXPORTER_OTLP_TRACES_CLIENT_KEY`.
pub const TRACES_CLIENT_KEY: &str = "OTEL_EXPORTER_OTLP_TRACES_CLIENT_KEY";
/// `OTEL_EXPORTER_OTLP_INSECURE`: `true` makes an endpoint without a scheme plain text.
pub const INSECURE: &str = "OTEL_EXPORTER_OTLP_INSECURE";
/// `OTEL_EXPORTER_OTLP_TRACES_INSECURE`.
pub const TRACES_INSECURE: &str = "OTEL_EXPORTER_OTLP_TRACES_INSECURE";

/// A variable whose value cannot be used.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("invalid {var}: {reason}")]
pub struct EnvError {
    /// The variable (the `_TRACES_` one when that was the one set).
    pub var: &'static str,
    /// Why; never quotes a header value.
    pub reason: String,
}

/// What the environment sets: a field is `None` when its variables are unset, empty or
/// invalid.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct EnvSettings {
    /// The base URL.
    pub endpoint: Option<String>,
    /// The full URL of traces.
    pub traces_endpoint: Option<String>,
    /// The protocol.
    pub protocol: Option<Protocol>,
    /// The full URL of metrics (for an exporter that sends metrics; traces ignore it).
    pub metrics_endpoint: Option<String>,
    /// The protocol of metrics (`OTEL_EXPORTER_OTLP_METRICS_PROTOCOL` alone: the
    /// generic protocol is already `protocol`).
    pub metrics_protocol: Option<Protocol>,
    /// The headers (the valid entries, when some are not).
    pub headers: Option<Headers>,
    /// The timeout of one export.
    pub timeout: Option<Duration>,
    /// The compression.
    pub compression: Option<Compression>,
    /// The CA file.
    pub certificate: Option<TlsFile>,
    /// The client certificate file.
    pub client_certificate: Option<TlsFile>,
    /// The client key file.
    pub client_key: Option<TlsFile>,
    /// Plain text for an endpoint without a scheme.
    pub insecure: Option<bool>,
}

impl EnvSettings {
    /// Reads the process environment.
    pub fn from_env() -> (EnvSettings, Vec<EnvError>) {
        EnvSettings::read(|name| std::env::var(name).ok())
    }

    /// Reads the variables through `lookup` (the environment, or a map in tests): what
    /// they set, and one error per value that cannot be used.
    pub fn read(lookup: impl Fn(&str) -> Option<String>) -> (EnvSettings, Vec<EnvError>) {
        let set = |name: &'static str| {
            lookup(name)
                .map(|v| v.trim().to_string())
                .filter(|v| !v.is_empty())
                .map(|v| (name, v))
        };
        let either =
            |traces: &'static str, generic: &'static str| set(traces).or_else(|| set(generic));
        let mut errors = Vec::new();
        let protocol = parsed(either(TRACES_PROTOCOL, PROTOCOL), &mut errors, |v| {
            Protocol::parse(v).map_err(|e| e.to_string())
        });
        let metrics_protocol = parsed(set(METRICS_PROTOCOL), &mut errors, |v| {
            Protocol::parse(v).map_err(|e| e.to_string())
        });
        let compression = parsed(either(TRACES_COMPRESSION, COMPRESSION), &mut errors, |v| {
            Compression::parse(v).map_err(|e| e.to_string())
        });
        let timeout = parsed(either(TRACES_TIMEOUT, TIMEOUT), &mut errors, |v| match v
            .parse::<u64>()
        {
            Ok(ms) if ms > 0 => Ok(Duration::from_millis(ms)),
            _ => Err(format!(
                "must be a whole number of milliseconds above 0, got {v:?}"
            )),
        });
        let insecure = parsed(either(TRACES_INSECURE, INSECURE), &mut errors, |v| match v
            .to_ascii_lowercase()
            .as_str()
        {
            "true" => Ok(true),
            "false" => Ok(false),
            _ => Err(format!("must be true or false, got {v:?}")),
        });
        let headers = either(TRACES_HEADERS, HEADERS).map(|(var, list)| {
            let (headers, bad) = Headers::parse(&list);
            errors.extend(bad.into_iter().map(|e| EnvError {
                var,
                reason: e.to_string(),
            }));
            headers
        });
        let file =
            |traces, generic| either(traces, generic).map(|(var, path)| TlsFile::new(var, path));
        let settings = EnvSettings {
            endpoint: set(ENDPOINT).map(|(_, v)| v),
            traces_endpoint: set(TRACES_ENDPOINT).map(|(_, v)| v),
            protocol,
            metrics_endpoint: set(METRICS_ENDPOINT).map(|(_, v)| v),
            metrics_protocol,
            headers,
            timeout,
            compression,
            certificate: file(TRACES_CERTIFICATE, CERTIFICATE),
            client_certificate: file(TRACES_CLIENT_CERTIFICATE, CLIENT_CERTIFICATE),
            client_key: file(TRACES_CLIENT_KEY, CLIENT_KEY),
            insecure,
        };
        (settings, errors)
    }

    /// Sets on `cfg` what the environment sets, leaving the rest as it is.
    pub fn apply(self, cfg: &mut ExportConfig) {
        let EnvSettings {
            endpoint,
            traces_endpoint,
            protocol,
            metrics_endpoint,
            metrics_protocol: _,
            headers,
            timeout,
            compression,
            certificate,
            client_certificate,
            client_key,
            insecure,
        } = self;
        cfg.metrics_endpoint = metrics_endpoint.or(cfg.metrics_endpoint.take());
        cfg.endpoint = endpoint.or(cfg.endpoint.take());
        cfg.traces_endpoint = traces_endpoint.or(cfg.traces_endpoint.take());
        cfg.protocol = protocol.unwrap_or(cfg.protocol);
        if let Some(h) = headers {
            cfg.headers = h;
        }
        cfg.timeout = timeout.unwrap_or(cfg.timeout);
        cfg.compression = compression.unwrap_or(cfg.compression);
        cfg.tls.certificate = certificate.or(cfg.tls.certificate.take());
        cfg.tls.client_certificate = client_certificate.or(cfg.tls.client_certificate.take());
        cfg.tls.client_key = client_key.or(cfg.tls.client_key.take());
        cfg.insecure = insecure.unwrap_or(cfg.insecure);
    }
}

/// The value of a variable that was set, parsed; an error names the variable.
fn parsed<T>(
    found: Option<(&'static str, String)>,
    errors: &mut Vec<EnvError>,
    parse: impl FnOnce(&str) -> Result<T, String>,
) -> Option<T> {
    let (var, v) = found?;
    parse(&v)
        .map_err(|reason| errors.push(EnvError { var, reason }))
        .ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    fn read(pairs: &[(&str, &str)]) -> (EnvSettings, Vec<EnvError>) {
        let map: HashMap<String, String> = pairs
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect();
        EnvSettings::read(|k| map.get(k).cloned())
    }

    fn config(pairs: &[(&str, &str)]) -> ExportConfig {
        let (settings, errors) = read(pairs);
        assert!(errors.is_empty(), "{errors:?}");
        let mut cfg = ExportConfig::default();
        settings.apply(&mut cfg);
        cfg
    }

    #[test]
    fn an_empty_environment_sets_nothing() {
        assert_eq!(read(&[]), (EnvSettings::default(), vec![]));
        assert_eq!(config(&[]), ExportConfig::default());
    }

    #[test]
    fn every_variable_is_read_and_its_traces_form_wins() {
        let cfg = config(&[
            (ENDPOINT, "http://collector:4318/"),
            (PROTOCOL, "grpc"),
            (TRACES_PROTOCOL, "HTTP/PROTOBUF"),
            (HEADERS, "x-generic=1"),
            (TRACES_HEADERS, "authorization=Bearer%20abc,x-tenant=gpu"),
            (TIMEOUT, "100"),
            (TRACES_TIMEOUT, "2500"),
            (COMPRESSION, "gzip"),
            (CERTIFICATE, "/etc/ca.crt"),
            (TRACES_CERTIFICATE, " /etc/traces-ca.crt "),
            (CLIENT_CERTIFICATE, "/etc/client.crt"),
            (TRACES_CLIENT_KEY, "/etc/client.key"),
            (CLIENT_KEY, "/etc/other.key"),
            (INSECURE, "TRUE"),
        ]);
        assert_eq!(cfg.protocol, Protocol::HttpProtobuf);
        assert_eq!(cfg.url(), "http://collector:4318/v1/traces");
        let headers: Vec<_> = cfg.headers.iter().collect();
        assert_eq!(
            headers,
            [("authorization", "Bearer abc"), ("x-tenant", "gpu")]
        );
        assert_eq!(cfg.timeout, Duration::from_millis(2500));
        assert_eq!(cfg.compression, Compression::Gzip);
        assert_eq!(
            cfg.tls.certificate,
            Some(TlsFile::new(TRACES_CERTIFICATE, "/etc/traces-ca.crt"))
        );
        assert_eq!(
            cfg.tls.client_certificate,
            Some(TlsFile::new(CLIENT_CERTIFICATE, "/etc/client.crt"))
        );
        assert_eq!(
            cfg.tls.client_key,
            Some(TlsFile::new(TRACES_CLIENT_KEY, "/etc/client.key"))
        );
        assert!(cfg.insecure);
    }

    #[test]
    fn the_traces_endpoint_is_its_own_setting_and_used_as_it_is() {
        let cfg = config(&[
            (ENDPOINT, "http://base:4318"),
            (TRACES_ENDPOINT, "http://traces:9999/custom"),
            (PROTOCOL, "http/json"),
        ]);
        assert_eq!(cfg.endpoint.as_deref(), Some("http://base:4318"));
        assert_eq!(cfg.url(), "http://traces:9999/custom");
    }

    #[test]
    fn an_empty_value_is_the_same_as_an_unset_one() {
        let (settings, errors) = read(&[
            (ENDPOINT, ""),
            (TRACES_PROTOCOL, "  "),
            (PROTOCOL, "http/json"),
        ]);
        assert!(errors.is_empty());
        assert_eq!(settings.endpoint, None);
        assert_eq!(settings.protocol, Some(Protocol::HttpJson));
    }

    #[test]
    fn each_bad_value_is_an_error_naming_its_variable_and_sets_nothing() {
        let (settings, errors) = read(&[
            (TRACES_PROTOCOL, "udp"),
            (COMPRESSION, "brotli"),
            (TIMEOUT, "0"),
            (INSECURE, "yes"),
        ]);
        assert_eq!(settings, EnvSettings::default());
        let shown: Vec<String> = errors.iter().map(ToString::to_string).collect();
        assert_eq!(
            shown,
            [
                "invalid OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: must be grpc, http/protobuf or http/json, got \"udp\"",
                "invalid OTEL_EXPORTER_OTLP_COMPRESSION: must be gzip, zstd or none, got \"brotli\"",
                "invalid OTEL_EXPORTER_OTLP_TIMEOUT: must be a whole number of milliseconds above 0, got \"0\"",
                "invalid OTEL_EXPORTER_OTLP_INSECURE: must be true or false, got \"yes\"",
            ]
        );
    }

    #[test]
    fn a_bad_header_entry_is_named_without_its_value_and_the_others_kept() {
        let (settings, errors) = read(&[(HEADERS, "ok=1,broken,v=s3cr3t%0A")]);
        let kept: Vec<_> = settings.headers.as_ref().unwrap().iter().collect();
        assert_eq!(kept, [("ok", "1")]);
        assert_eq!(errors.len(), 2);
        assert!(errors.iter().all(|e| e.var == HEADERS));
        assert!(!format!("{errors:?}{settings:?}").contains("s3cr3t"));
        // The injector prints these into the application's stderr: a colon for the
        // equals sign makes the whole entry the secret.
        let (_, errors) = read(&[(HEADERS, "authorization: Bearer SECRET123")]);
        let shown = errors.iter().map(ToString::to_string).collect::<String>();
        assert_eq!(
            shown,
            "invalid OTEL_EXPORTER_OTLP_HEADERS: entry 1 is not key=value (entries are comma-separated; the entry is not shown, it may hold a secret)"
        );
    }

    #[test]
    fn settings_the_environment_leaves_unset_keep_the_callers_values() {
        let mut cfg = ExportConfig {
            endpoint: Some("http://from-file:4317".into()),
            compression: Compression::Gzip,
            ..ExportConfig::default()
        };
        read(&[(TIMEOUT, "50")]).0.apply(&mut cfg);
        assert_eq!(cfg.endpoint.as_deref(), Some("http://from-file:4317"));
        assert_eq!(cfg.compression, Compression::Gzip);
        assert_eq!(cfg.timeout, Duration::from_millis(50));
    }
}
