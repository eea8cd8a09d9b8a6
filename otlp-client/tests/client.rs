//! The client against real sockets: what each transport's answers and failures come to.

use std::time::Duration;

use bytes::Bytes;
use opentelemetry_proto::tonic::collector::trace::v1::{
    ExportTraceServiceRequest, ExportTraceServiceResponse,
};
use otlp_client::{Client, ExportConfig, Protocol, TlsFile, TlsFiles, Verdict};
use prost::Message as _;

fn closed_port() -> u16 {
    let l = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    l.local_addr().unwrap().port()
}

fn to(protocol: Protocol, endpoint: String) -> ExportConfig {
    ExportConfig {
        protocol,
        endpoint: Some(endpoint),
        ..ExportConfig::default()
    }
}

fn empty_request() -> Bytes {
    Bytes::from(ExportTraceServiceRequest::default().encode_to_vec())
}

/// A protocol of each transport this build carries.
fn built() -> Vec<Protocol> {
    let mut protocols = Vec::new();
    if cfg!(feature = "grpc") {
        protocols.push(Protocol::Grpc);
    }
    if cfg!(feature = "http") {
        protocols.push(Protocol::HttpProtobuf);
    }
    protocols
}

#[tokio::test]
async fn a_closed_port_is_a_retry_that_says_nobody_listens() {
    let port = closed_port();
    for protocol in built() {
        let client = Client::new(&to(protocol, format!("http://127.0.0.1:{port}"))).unwrap();
        let a = client.send(empty_request()).await;
        assert!(
            matches!(&a.verdict, Verdict::Retry(r) if r.connect_failed && r.after.is_none()),
            "{protocol}: {a:?}"
        );
    }
}

#[tokio::test]
async fn an_https_client_with_a_missing_ca_file_is_not_built_and_says_which() {
    for protocol in built() {
        let mut cfg = to(protocol, "https://collector:4317".into());
        cfg.tls = TlsFiles {
            certificate: Some(TlsFile::new(
                "OTEL_EXPORTER_OTLP_CERTIFICATE",
                "/nonexistent/ca.crt",
            )),
            ..TlsFiles::default()
        };
        let err = Client::new(&cfg).unwrap_err().to_string();
        assert!(
            err.starts_with("OTEL_EXPORTER_OTLP_CERTIFICATE=/nonexistent/ca.crt: cannot read it"),
            "{protocol}: {err}"
        );
        // Plain-text endpoints have no use for it, as the specification says.
        cfg.endpoint = Some("http://collector:4317".into());
        Client::new(&cfg).unwrap();
    }
}

#[tokio::test]
async fn neither_an_error_nor_a_description_nor_a_failed_send_shows_credentials_in_the_url() {
    let port = closed_port();
    for protocol in built() {
        // A closed port: the failure of a send is described.
        let url = format!("http://user:SECRETPW@127.0.0.1:{port}/p?token=SECRETQ");
        let client = Client::new(&to(protocol, url)).unwrap();
        let a = client.send(empty_request()).await;
        let shown = format!("{} {} {a:?}", client.describe(), client.shown_url());
        assert!(!shown.contains("SECRET"), "{protocol}: {shown}");
        assert!(
            shown.contains("<redacted>@127.0.0.1"),
            "{protocol}: {shown}"
        );
        // A client that cannot be built names the endpoint, redacted.
        let mut cfg = to(
            protocol,
            "https://user:SECRETPW@collector:4317?k=SECRETQ".into(),
        );
        cfg.tls.certificate = Some(TlsFile::new("OTEL_EXPORTER_OTLP_CERTIFICATE", "/dev/null"));
        if let Err(e) = Client::new(&cfg) {
            let text = e.to_string();
            assert!(!text.contains("SECRET"), "{protocol}: {text}");
        }
    }
}

#[cfg(not(all(feature = "grpc", feature = "http")))]
#[test]
fn a_protocol_left_out_of_the_build_is_an_error_that_names_its_feature() {
    let (left_out, feature) = if cfg!(feature = "grpc") {
        (Protocol::HttpJson, "http")
    } else {
        (Protocol::Grpc, "grpc")
    };
    let err = Client::new(&to(left_out, "http://h:4318".into())).unwrap_err();
    assert!(matches!(err, otlp_client::ClientError::NotBuilt { protocol } if protocol == left_out));
    assert_eq!(
        err.to_string(),
        format!("OTLP protocol {left_out} is not in this build (it needs the cargo feature `{feature}`)")
    );
}

#[cfg(not(feature = "zstd"))]
#[test]
fn zstd_left_out_of_the_build_is_refused_when_the_client_is_built_naming_its_feature() {
    for protocol in built() {
        let mut cfg = to(protocol, "http://h:4318".into());
        cfg.compression = otlp_client::Compression::Zstd;
        let err = Client::new(&cfg).unwrap_err();
        assert_eq!(
            err.to_string(),
            "OTLP compression zstd is not in this build (it needs the cargo feature `zstd`)"
        );
    }
}

#[cfg(feature = "http")]
mod http {
    use super::*;
    use opentelemetry_proto::tonic::collector::trace::v1::ExportTracePartialSuccess;
    use tokio::io::{AsyncReadExt as _, AsyncWriteExt as _};

    /// An HTTP server that answers every request with `response` (a whole HTTP/1.1
    /// response) and hands back what it was sent.
    async fn http_server(response: String) -> (String, tokio::sync::mpsc::Receiver<Vec<u8>>) {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        let (tx, rx) = tokio::sync::mpsc::channel(16);
        tokio::spawn(async move {
            while let Ok((mut s, _)) = listener.accept().await {
                let mut seen = Vec::new();
                let mut buf = [0u8; 65536];
                // Headers and a small body arrive together on loopback; enough to answer.
                if let Ok(n) = s.read(&mut buf).await {
                    seen.extend_from_slice(&buf[..n]);
                }
                let _ = s.write_all(response.as_bytes()).await;
                let _ = tx.send(seen).await;
            }
        });
        (format!("http://{addr}"), rx)
    }

    /// What an attempt must come to.
    type Expect = fn(&otlp_client::Attempt) -> bool;

    #[tokio::test]
    async fn a_prepared_request_is_compressed_once_and_every_attempt_sends_those_bytes() {
        let (url, mut seen) =
            http_server("HTTP/1.1 503 Service Unavailable\r\ncontent-length: 0\r\n\r\n".into())
                .await;
        let mut cfg = to(Protocol::HttpProtobuf, url);
        cfg.compression = otlp_client::Compression::Gzip;
        let client = Client::new(&cfg).unwrap();
        let request = Bytes::from(
            ExportTraceServiceRequest {
                resource_spans: vec![Default::default(); 3],
            }
            .encode_to_vec(),
        );
        let prepared = client.prepare(request.clone()).unwrap();
        let gunzipped = otlp_client::Compression::Gzip
            .decompress(prepared.body(), 1 << 20)
            .unwrap();
        assert_eq!(gunzipped, request.to_vec());
        for _ in 0..2 {
            let a = client.send_prepared(&prepared).await;
            assert!(matches!(a.verdict, Verdict::Retry(_)), "{a:?}");
            let raw = seen.recv().await.unwrap();
            let at = raw.windows(4).position(|w| w == b"\r\n\r\n").unwrap() + 4;
            assert_eq!(
                &raw[at..],
                &prepared.body()[..],
                "the same bytes, sent again"
            );
        }
    }

    #[tokio::test]
    async fn http_answers_are_classified_with_their_retry_after_and_partial_success() {
        let cases: [(&str, Expect); 3] = [
            (
                "HTTP/1.1 503 Service Unavailable\r\nretry-after: 7\r\ncontent-length: 0\r\n\r\n",
                |a| matches!(&a.verdict, Verdict::Retry(r) if r.after == Some(Duration::from_secs(7))),
            ),
            (
                "HTTP/1.1 413 Payload Too Large\r\ncontent-length: 0\r\n\r\n",
                |a| matches!(&a.verdict, Verdict::TooLarge(_)),
            ),
            (
                "HTTP/1.1 401 Unauthorized\r\ncontent-length: 0\r\n\r\n",
                |a| matches!(&a.verdict, Verdict::Fatal(w) if w == "HTTP 401"),
            ),
        ];
        for (response, expected) in cases {
            let (url, _) = http_server(response.to_string()).await;
            let client = Client::new(&to(Protocol::HttpProtobuf, url)).unwrap();
            let a = client.send(empty_request()).await;
            assert!(expected(&a), "{response:?}: {a:?}");
        }
    }

    #[tokio::test]
    async fn metrics_go_to_v1_metrics_beside_the_traces_url_as_protobuf_or_json() {
        for (protocol, content_type) in [
            (Protocol::HttpProtobuf, "application/x-protobuf"),
            (Protocol::HttpJson, "application/json"),
        ] {
            let ok = "HTTP/1.1 200 OK\r\ncontent-length: 0\r\n\r\n".to_string();
            let (url, mut seen) = http_server(ok).await;
            let client = Client::new(&to(protocol, url)).unwrap();
            let a = client.send_metrics(empty_request()).await;
            assert!(matches!(a.verdict, Verdict::Delivered), "{a:?}");
            let request = String::from_utf8_lossy(&seen.recv().await.unwrap()).to_lowercase();
            assert!(request.starts_with("post /v1/metrics "), "{request}");
            assert!(
                request.contains(&format!("content-type: {content_type}")),
                "{request}"
            );
        }
    }

    #[tokio::test]
    async fn a_metrics_endpoint_is_used_as_is() {
        let ok = "HTTP/1.1 200 OK\r\ncontent-length: 0\r\n\r\n".to_string();
        let (url, mut seen) = http_server(ok).await;
        let cfg = ExportConfig {
            metrics_endpoint: Some(format!("{url}/api/v1/otlp/v1/metrics")),
            ..to(Protocol::HttpProtobuf, url)
        };
        let a = Client::new(&cfg)
            .unwrap()
            .send_metrics(empty_request())
            .await;
        assert!(matches!(a.verdict, Verdict::Delivered), "{a:?}");
        let request = String::from_utf8_lossy(&seen.recv().await.unwrap()).to_lowercase();
        assert!(
            request.starts_with("post /api/v1/otlp/v1/metrics "),
            "{request}"
        );
    }

    #[tokio::test]
    async fn a_partial_success_is_delivered_with_the_spans_the_backend_refused() {
        let answer = ExportTraceServiceResponse {
            partial_success: Some(ExportTracePartialSuccess {
                rejected_spans: 3,
                error_message: "too old".into(),
            }),
        };
        let json = serde_json::to_string(&answer).unwrap();
        let response = format!(
            "HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: {}\r\n\r\n{json}",
            json.len()
        );
        let (url, mut seen) = http_server(response).await;
        let mut cfg = to(Protocol::HttpJson, url);
        cfg.headers = [("authorization", "Bearer t0ken")].into_iter().collect();
        cfg.compression = otlp_client::Compression::Gzip;
        let a = Client::new(&cfg).unwrap().send(empty_request()).await;
        assert_eq!(a.verdict, Verdict::Delivered);
        assert_eq!(
            (a.rejected_spans, a.backend_message.as_str()),
            (3, "too old")
        );
        let sent = String::from_utf8_lossy(&seen.recv().await.unwrap()).to_ascii_lowercase();
        assert!(sent.starts_with("post /v1/traces "), "{sent}");
        for header in [
            "content-type: application/json",
            "content-encoding: gzip",
            "authorization: bearer t0ken",
            "user-agent: gpu-otel/",
        ] {
            assert!(sent.contains(header), "{header}: {sent}");
        }
    }
}

#[cfg(feature = "grpc")]
mod grpc {
    use super::*;
    use opentelemetry_proto::tonic::collector::trace::v1::trace_service_server::{
        TraceService, TraceServiceServer,
    };
    use tonic_types::{ErrorDetails, StatusExt as _};

    /// Answers every export with `status`.
    struct Refusing(fn() -> tonic::Status);

    #[tonic::async_trait]
    impl TraceService for Refusing {
        async fn export(
            &self,
            _: tonic::Request<ExportTraceServiceRequest>,
        ) -> Result<tonic::Response<ExportTraceServiceResponse>, tonic::Status> {
            Err((self.0)())
        }
    }

    async fn server(status: fn() -> tonic::Status) -> String {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        tokio::spawn(
            tonic::transport::Server::builder()
                .add_service(TraceServiceServer::new(Refusing(status)))
                .serve_with_incoming(tokio_stream::wrappers::TcpListenerStream::new(listener)),
        );
        format!("http://{addr}")
    }

    /// Keeps every request it decodes.
    #[derive(Clone, Default)]
    struct Keeping(std::sync::Arc<std::sync::Mutex<Vec<ExportTraceServiceRequest>>>);

    #[tonic::async_trait]
    impl TraceService for Keeping {
        async fn export(
            &self,
            request: tonic::Request<ExportTraceServiceRequest>,
        ) -> Result<tonic::Response<ExportTraceServiceResponse>, tonic::Status> {
            self.0.lock().unwrap().push(request.into_inner());
            Ok(tonic::Response::new(Default::default()))
        }
    }

    /// A request with one span, named after `n`.
    fn one_span(n: usize) -> ExportTraceServiceRequest {
        use opentelemetry_proto::tonic::trace::v1::{ResourceSpans, ScopeSpans, Span};
        ExportTraceServiceRequest {
            resource_spans: vec![ResourceSpans {
                scope_spans: vec![ScopeSpans {
                    spans: (0..50)
                        .map(|i| Span {
                            name: format!("void at::native::elementwise_kernel<{n}, {i}>(int)"),
                            trace_id: vec![n as u8; 16],
                            span_id: vec![i as u8 + 1; 8],
                            ..Default::default()
                        })
                        .collect(),
                    ..Default::default()
                }],
                ..Default::default()
            }],
        }
    }

    #[tokio::test]
    async fn a_message_compressed_once_by_the_client_reaches_a_tonic_server_intact() {
        use prost::Message as _;
        for compression in [
            otlp_client::Compression::Gzip,
            otlp_client::Compression::None,
        ]
        .into_iter()
        .chain(cfg!(feature = "zstd").then_some(otlp_client::Compression::Zstd))
        {
            let kept = Keeping::default();
            let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
            let addr = listener.local_addr().unwrap();
            let service = TraceServiceServer::new(kept.clone())
                .accept_compressed(tonic::codec::CompressionEncoding::Gzip);
            #[cfg(feature = "zstd")]
            let service = service.accept_compressed(tonic::codec::CompressionEncoding::Zstd);
            tokio::spawn(
                tonic::transport::Server::builder()
                    .add_service(service)
                    .serve_with_incoming(tokio_stream::wrappers::TcpListenerStream::new(listener)),
            );
            let mut cfg = to(Protocol::Grpc, format!("http://{addr}"));
            cfg.compression = compression;
            let client = Client::new(&cfg).unwrap();
            let sent: Vec<_> = (0..3).map(one_span).collect();
            for r in &sent {
                let a = client.send(Bytes::from(r.encode_to_vec())).await;
                assert!(
                    matches!(a.verdict, Verdict::Delivered),
                    "{compression}: {a:?}"
                );
            }
            assert_eq!(*kept.0.lock().unwrap(), sent, "{compression}");
        }
    }

    #[tokio::test]
    async fn a_server_that_takes_no_gzip_refuses_it_by_name_and_it_is_final() {
        let url = server(|| tonic::Status::ok("never reached")).await;
        let mut cfg = to(Protocol::Grpc, url);
        cfg.compression = otlp_client::Compression::Gzip;
        let a = Client::new(&cfg).unwrap().send(empty_request()).await;
        assert!(
            matches!(&a.verdict, Verdict::Fatal(why) if why.contains("gzip")),
            "{a:?}"
        );
    }

    #[tokio::test]
    async fn metrics_go_to_the_metrics_service_of_the_same_grpc_backend() {
        use opentelemetry_proto::tonic::collector::metrics::v1::metrics_service_server::{
            MetricsService, MetricsServiceServer,
        };
        use opentelemetry_proto::tonic::collector::metrics::v1::{
            ExportMetricsServiceRequest, ExportMetricsServiceResponse,
        };
        struct Counting(std::sync::Arc<std::sync::atomic::AtomicUsize>);
        #[tonic::async_trait]
        impl MetricsService for Counting {
            async fn export(
                &self,
                _: tonic::Request<ExportMetricsServiceRequest>,
            ) -> Result<tonic::Response<ExportMetricsServiceResponse>, tonic::Status> {
                self.0.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                Ok(tonic::Response::new(Default::default()))
            }
        }
        let got = std::sync::Arc::new(std::sync::atomic::AtomicUsize::new(0));
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        tokio::spawn(
            tonic::transport::Server::builder()
                .add_service(MetricsServiceServer::new(Counting(got.clone())))
                .serve_with_incoming(tokio_stream::wrappers::TcpListenerStream::new(listener)),
        );
        let client = Client::new(&to(Protocol::Grpc, format!("http://{addr}"))).unwrap();
        let a = client.send_metrics(empty_request()).await;
        assert!(matches!(a.verdict, Verdict::Delivered), "{a:?}");
        assert_eq!(got.load(std::sync::atomic::Ordering::Relaxed), 1);
        // The same backend has no trace service: traces are refused, not sent as metrics.
        let t = client.send(empty_request()).await;
        assert!(matches!(t.verdict, Verdict::Fatal(_)), "{t:?}");
    }

    #[tokio::test]
    async fn a_busy_servers_retry_info_reaches_the_caller_as_the_wait() {
        let url = server(|| {
            tonic::Status::with_error_details(
                tonic::Code::ResourceExhausted,
                "at capacity",
                ErrorDetails::with_retry_info(Some(Duration::from_secs(1))),
            )
        })
        .await;
        let a = Client::new(&to(Protocol::Grpc, url))
            .unwrap()
            .send(empty_request())
            .await;
        assert!(
            matches!(&a.verdict, Verdict::Retry(r) if r.after == Some(Duration::from_secs(1)) && !r.connect_failed),
            "{a:?}"
        );
    }

    #[tokio::test]
    async fn resource_exhausted_without_retry_info_is_final() {
        let url = server(|| tonic::Status::resource_exhausted("quota spent")).await;
        let a = Client::new(&to(Protocol::Grpc, url))
            .unwrap()
            .send(empty_request())
            .await;
        assert!(
            matches!(&a.verdict, Verdict::Fatal(w) if w.contains("quota spent")),
            "{a:?}"
        );
    }
}
