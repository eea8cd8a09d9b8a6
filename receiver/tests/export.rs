//! The export side against local OTLP servers that behave as backends do: one that asks
//! for a retry with `Retry-After`, one behind TLS signed by a private CA, one that takes
//! OTLP/HTTP JSON with gzip and headers.

use std::net::SocketAddr;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use axum::body::Bytes;
use axum::http::{HeaderMap, StatusCode};
use opentelemetry_proto::tonic::collector::trace::v1::trace_service_client::TraceServiceClient;
use opentelemetry_proto::tonic::collector::trace::v1::trace_service_server::{
    TraceService, TraceServiceServer,
};
use opentelemetry_proto::tonic::collector::trace::v1::{
    ExportTraceServiceRequest, ExportTraceServiceResponse,
};
use prost::Message;
use receiver::config::{Compression, Config, Protocol};
use receiver::fixtures::{self, plain, request, resource};
use receiver::pipeline::{self, Running};
use semconv::Tier;

type Seen = Arc<Mutex<Vec<(Instant, HeaderMap, Bytes)>>>;

fn config() -> Config {
    fixtures::loopback_config()
}

async fn send_one(r: &Running) {
    let mut client = TraceServiceClient::connect(format!("http://{}", r.grpc_addr))
        .await
        .unwrap();
    let req = request(resource("app", 1, Some(Tier::Off)), vec![plain(1)]);
    client.export(req).await.unwrap();
}

/// An OTLP/HTTP backend that answers the first `refusals` requests with 503 and
/// `Retry-After: 1`, then accepts.
async fn http_backend(refusals: usize) -> (SocketAddr, Seen) {
    let seen: Seen = Arc::default();
    let s = seen.clone();
    let app = axum::Router::new().route(
        "/v1/traces",
        axum::routing::post(move |headers: HeaderMap, body: Bytes| {
            let s = s.clone();
            async move {
                let n = {
                    let mut v = s.lock().unwrap();
                    v.push((Instant::now(), headers, body));
                    v.len()
                };
                if n <= refusals {
                    (
                        StatusCode::SERVICE_UNAVAILABLE,
                        [("retry-after", "1")],
                        Vec::new(),
                    )
                } else {
                    let ok = ExportTraceServiceResponse::default().encode_to_vec();
                    (
                        StatusCode::OK,
                        [("content-type", "application/x-protobuf")],
                        ok,
                    )
                }
            }
        }),
    );
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
    (addr, seen)
}

async fn wait_for(seen: &Seen, n: usize) {
    let deadline = Instant::now() + Duration::from_secs(15);
    while seen.lock().unwrap().len() < n && Instant::now() < deadline {
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

#[tokio::test]
async fn a_503_with_retry_after_is_retried_no_sooner_than_asked_then_delivered() {
    let (addr, seen) = http_backend(1).await;
    let mut c = config();
    c.export.endpoint = Some(format!("http://{addr}"));
    c.export.protocol = Protocol::HttpProtobuf;
    let r = pipeline::start(c).await.unwrap();
    send_one(&r).await;
    wait_for(&seen, 2).await;
    let telemetry = r.telemetry.clone();
    r.shutdown().await;
    let v = seen.lock().unwrap();
    assert_eq!(v.len(), 2);
    assert!(
        v[1].0 - v[0].0 >= Duration::from_secs(1),
        "retried after {:?}",
        v[1].0 - v[0].0
    );
    let x = &telemetry.export;
    assert_eq!(
        (x.total(|c| &c.retries), x.total(|c| &c.exported_spans)),
        (1, 1)
    );
    let req = ExportTraceServiceRequest::decode(v[1].2.clone()).unwrap();
    assert_eq!(fixtures::spans_of(&[req]).len(), 1);
}

#[tokio::test]
async fn every_mirror_receives_the_same_spans_as_the_endpoint() {
    let backends = [
        http_backend(0).await,
        http_backend(0).await,
        http_backend(0).await,
    ];
    let mut c = config();
    c.export.endpoint = Some(format!("http://{}", backends[0].0));
    c.export.mirrors = backends[1..]
        .iter()
        .map(|(addr, _)| format!("http://{addr}"))
        .collect();
    c.export.protocol = Protocol::HttpProtobuf;
    let r = pipeline::start(c).await.unwrap();
    let mut client = TraceServiceClient::connect(format!("http://{}", r.grpc_addr))
        .await
        .unwrap();
    let spans = (0..10).map(plain).collect();
    client
        .export(request(resource("app", 1, Some(Tier::Off)), spans))
        .await
        .unwrap();
    for (_, seen) in &backends {
        wait_for(seen, 1).await;
    }
    r.shutdown().await;
    let received: Vec<ExportTraceServiceRequest> = backends
        .iter()
        .map(|(_, seen)| {
            let v = seen.lock().unwrap();
            assert_eq!(v.len(), 1);
            ExportTraceServiceRequest::decode(v[0].2.clone()).unwrap()
        })
        .collect();
    assert_eq!(fixtures::spans_of(&received[..1]).len(), 10);
    assert!(received.iter().all(|r| *r == received[0]));
}

#[tokio::test]
async fn http_json_export_sends_otlp_json_gzipped_with_the_configured_headers() {
    let (addr, seen) = http_backend(0).await;
    let mut c = config();
    c.export.traces_endpoint = Some(format!("http://{addr}/v1/traces"));
    c.export.protocol = Protocol::HttpJson;
    c.export.compression = Compression::Gzip;
    c.export
        .headers
        .insert("x-scope-orgid".into(), "gpu-team".into());
    let r = pipeline::start(c).await.unwrap();
    send_one(&r).await;
    wait_for(&seen, 1).await;
    r.shutdown().await;
    let v = seen.lock().unwrap();
    let (_, headers, body) = &v[0];
    assert_eq!(headers["content-type"], "application/json");
    assert_eq!(headers["content-encoding"], "gzip");
    assert_eq!(headers["x-scope-orgid"], "gpu-team");
    let mut json = Vec::new();
    std::io::Read::read_to_end(&mut flate2::read::GzDecoder::new(&body[..]), &mut json).unwrap();
    let req: ExportTraceServiceRequest = serde_json::from_slice(&json).unwrap();
    assert_eq!(fixtures::spans_of(&[req])[0].1.name, "GET /checkout");
}

#[derive(Debug, Clone, Default)]
struct Capture(Arc<Mutex<Vec<ExportTraceServiceRequest>>>);

#[tonic::async_trait]
impl TraceService for Capture {
    async fn export(
        &self,
        req: tonic::Request<ExportTraceServiceRequest>,
    ) -> Result<tonic::Response<ExportTraceServiceResponse>, tonic::Status> {
        assert_eq!(req.metadata().get("authorization").unwrap(), "Bearer t0ken");
        self.0.lock().unwrap().push(req.into_inner());
        Ok(tonic::Response::new(ExportTraceServiceResponse::default()))
    }
}

#[tokio::test]
async fn grpc_export_over_tls_trusts_a_private_ca_and_sends_headers_as_metadata() {
    let ca_key = rcgen::KeyPair::generate().unwrap();
    let mut ca_params = rcgen::CertificateParams::new(Vec::<String>::new()).unwrap();
    ca_params.is_ca = rcgen::IsCa::Ca(rcgen::BasicConstraints::Unconstrained);
    let ca = ca_params.self_signed(&ca_key).unwrap();
    let ca_issuer = rcgen::Issuer::new(ca_params, ca_key);
    let server_key = rcgen::KeyPair::generate().unwrap();
    let server = rcgen::CertificateParams::new(vec!["localhost".to_string()])
        .unwrap()
        .signed_by(&server_key, &ca_issuer)
        .unwrap();
    let dir = tempfile::tempdir().unwrap();
    let ca_file = dir.path().join("ca.pem");
    std::fs::write(&ca_file, ca.pem()).unwrap();

    let capture = Capture::default();
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let port = listener.local_addr().unwrap().port();
    let identity = tonic::transport::Identity::from_pem(server.pem(), server_key.serialize_pem());
    let svc = capture.clone();
    tokio::spawn(async move {
        tonic::transport::Server::builder()
            .tls_config(tonic::transport::ServerTlsConfig::new().identity(identity))
            .unwrap()
            .add_service(TraceServiceServer::new(svc))
            .serve_with_incoming(tonic::transport::server::TcpIncoming::from(listener))
            .await
            .unwrap()
    });

    let mut c = config();
    c.export.endpoint = Some(format!("https://localhost:{port}"));
    c.export.tls.ca_file = Some(ca_file);
    c.export
        .headers
        .insert("authorization".into(), "Bearer t0ken".into());
    let r = pipeline::start(c).await.unwrap();
    send_one(&r).await;
    let deadline = Instant::now() + Duration::from_secs(15);
    while capture.0.lock().unwrap().is_empty() && Instant::now() < deadline {
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let telemetry = r.telemetry.clone();
    r.shutdown().await;
    assert_eq!(fixtures::spans_of(&capture.0.lock().unwrap()).len(), 1);
    let dropped = telemetry.export.total(|c| &c.dropped_export_failed);
    assert_eq!(dropped, 0);
}

/// A tonic OTLP/gRPC backend that takes gzip and zstd and records each request's
/// `grpc-encoding` with what it decoded to.
/// Each request's `grpc-encoding` and what it decoded to.
type Received = Vec<(Option<String>, ExportTraceServiceRequest)>;

#[derive(Debug, Clone, Default)]
struct Encodings(Arc<Mutex<Received>>);

#[tonic::async_trait]
impl TraceService for Encodings {
    async fn export(
        &self,
        req: tonic::Request<ExportTraceServiceRequest>,
    ) -> Result<tonic::Response<ExportTraceServiceResponse>, tonic::Status> {
        let encoding = req
            .metadata()
            .get("grpc-encoding")
            .map(|v| v.to_str().unwrap().to_string());
        self.0.lock().unwrap().push((encoding, req.into_inner()));
        Ok(tonic::Response::new(ExportTraceServiceResponse::default()))
    }
}

#[tokio::test]
async fn every_compression_reaches_grpc_and_http_backends_under_its_own_name() {
    use tonic::codec::CompressionEncoding;
    for compression in [Compression::None, Compression::Gzip, Compression::Zstd] {
        // OTLP/gRPC, to tonic's server, which decompresses what grpc-encoding names.
        let grpc = Encodings::default();
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        let service = TraceServiceServer::new(grpc.clone())
            .accept_compressed(CompressionEncoding::Gzip)
            .accept_compressed(CompressionEncoding::Zstd);
        tokio::spawn(
            tonic::transport::Server::builder()
                .add_service(service)
                .serve_with_incoming(tokio_stream::wrappers::TcpListenerStream::new(listener)),
        );
        let mut c = config();
        c.export.endpoint = Some(format!("http://{addr}"));
        c.export.compression = compression;
        let r = pipeline::start(c).await.unwrap();
        send_one(&r).await;
        r.shutdown().await;
        let got = grpc.0.lock().unwrap().clone();
        assert_eq!(got.len(), 1, "{compression}");
        assert_eq!(got[0].0.as_deref(), compression.content_encoding());
        assert_eq!(
            fixtures::spans_of(&[got[0].1.clone()])[0].1.name,
            "GET /checkout"
        );

        // OTLP/HTTP protobuf: Content-Encoding says how, the body decodes once read so.
        let (addr, seen) = http_backend(0).await;
        let mut c = config();
        c.export.endpoint = Some(format!("http://{addr}"));
        c.export.protocol = Protocol::HttpProtobuf;
        c.export.compression = compression;
        let r = pipeline::start(c).await.unwrap();
        send_one(&r).await;
        wait_for(&seen, 1).await;
        r.shutdown().await;
        let v = seen.lock().unwrap();
        let (_, headers, body) = &v[0];
        let encoding = headers.get("content-encoding").map(|v| v.to_str().unwrap());
        assert_eq!(encoding, compression.content_encoding(), "{compression}");
        let plain = match compression {
            Compression::None => body.to_vec(),
            Compression::Gzip => {
                let mut out = Vec::new();
                std::io::Read::read_to_end(&mut flate2::read::GzDecoder::new(&body[..]), &mut out)
                    .unwrap();
                out
            }
            Compression::Zstd => zstd::stream::decode_all(&body[..]).unwrap(),
        };
        let req = ExportTraceServiceRequest::decode(&plain[..]).unwrap();
        assert_eq!(fixtures::spans_of(&[req])[0].1.name, "GET /checkout");
    }
}
