//! Who may send, over real sockets: TLS on both listeners, mutual TLS, bearer tokens,
//! and files changed while the receiver runs (swapped as a Kubernetes Secret volume
//! swaps them: a symlink to a new directory).

mod support;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::http::StatusCode;
use bytes::Bytes;
use prost::Message;
use receiver::config::{Config, IngestAuthConfig, IngestTlsConfig};
use receiver::fixtures::{self, plain, request, resource};
use receiver::pipeline::{self, Running};
use rustls::pki_types::{CertificateDer, ServerName};
use semconv::Tier;
use support::certs::{Ca, Leaf};

/// The receiver's secrets in a directory reached through a `current` symlink.
struct Secrets {
    dir: tempfile::TempDir,
    version: u32,
}

impl Secrets {
    fn new() -> Secrets {
        Secrets {
            dir: tempfile::tempdir().unwrap(),
            version: 0,
        }
    }

    fn path(&self, name: &str) -> PathBuf {
        self.dir.path().join("current").join(name)
    }

    /// A new version of every file, swapped in at once.
    fn publish(&mut self, files: &[(&str, &str)]) {
        self.version += 1;
        let v = self.dir.path().join(format!("v{}", self.version));
        std::fs::create_dir(&v).unwrap();
        for (name, text) in files {
            std::fs::write(v.join(name), text).unwrap();
        }
        let link = self.dir.path().join("next");
        std::os::unix::fs::symlink(&v, &link).unwrap();
        std::fs::rename(&link, self.dir.path().join("current")).unwrap();
    }

    /// The file gone from the current version.
    fn remove(&self, name: &str) {
        std::fs::remove_file(self.path(name)).unwrap();
    }
}

fn config(out: &Path) -> Config {
    let mut c = fixtures::loopback_config();
    c.export.file = out.join("out.jsonl");
    c.export.batch_timeout = Duration::from_millis(20);
    c
}

fn tls_config(s: &Secrets, client_ca: bool) -> IngestTlsConfig {
    IngestTlsConfig {
        cert_file: s.path("tls.crt"),
        key_file: s.path("tls.key"),
        client_ca_file: client_ca.then(|| s.path("ca.crt")),
        handshake_timeout: Duration::from_secs(5),
    }
}

async fn metrics(r: &Running) -> BTreeMap<String, f64> {
    fixtures::scrape_metrics(r.metrics_addr).await.unwrap()
}

fn one_span(n: u64) -> Bytes {
    request(resource("app", 1, Some(Tier::Off)), vec![plain(n)])
        .encode_to_vec()
        .into()
}

/// A TLS client: trusts `ca` (if any) and presents `identity` (if any).
struct Client {
    ca: Option<String>,
    identity: Option<(String, String)>,
    token: Option<String>,
}

impl Client {
    fn new(ca: &Ca) -> Client {
        Client {
            ca: Some(ca.pem.clone()),
            identity: None,
            token: None,
        }
    }

    fn with_identity(mut self, leaf: &Leaf) -> Client {
        self.identity = Some((leaf.cert_pem.clone(), leaf.key_pem.clone()));
        self
    }

    fn with_token(mut self, t: &str) -> Client {
        self.token = Some(t.to_string());
        self
    }

    /// One export over gRPC; the status code (`Ok` as `tonic::Code::Ok`).
    async fn grpc(&self, r: &Running, n: u64) -> tonic::Code {
        let scheme = if self.ca.is_some() { "https" } else { "http" };
        let mut endpoint =
            tonic::transport::Endpoint::from_shared(format!("{scheme}://{}", r.grpc_addr))
                .unwrap()
                .timeout(Duration::from_secs(5));
        if let Some(ca) = &self.ca {
            let mut tls = tonic::transport::ClientTlsConfig::new()
                .ca_certificate(tonic::transport::Certificate::from_pem(ca));
            if let Some((cert, key)) = &self.identity {
                tls = tls.identity(tonic::transport::Identity::from_pem(cert, key));
            }
            endpoint = endpoint.tls_config(tls).unwrap();
        }
        let channel = match endpoint.connect().await {
            Ok(c) => c,
            Err(_) => return tonic::Code::Unavailable,
        };
        let mut client = tonic::client::Grpc::new(channel);
        let mut req = tonic::Request::new(one_span(n));
        if let Some(t) = &self.token {
            req.metadata_mut()
                .insert("authorization", format!("Bearer {t}").parse().unwrap());
        }
        match otlp_client::grpc::export(&mut client, req).await {
            Ok(_) => tonic::Code::Ok,
            Err(s) => s.code(),
        }
    }

    fn http_client(&self) -> reqwest::Client {
        let mut b = reqwest::Client::builder()
            .timeout(Duration::from_secs(5))
            .tls_built_in_root_certs(false);
        if let Some(ca) = &self.ca {
            b = b.add_root_certificate(reqwest::Certificate::from_pem(ca.as_bytes()).unwrap());
        }
        if let Some((cert, key)) = &self.identity {
            b = b.identity(reqwest::Identity::from_pem(format!("{key}{cert}").as_bytes()).unwrap());
        }
        b.build().unwrap()
    }

    /// One export over HTTP with `body`; the status, or `None` when no answer came.
    async fn http_body(
        &self,
        r: &Running,
        body: Bytes,
        content_type: &str,
    ) -> Option<reqwest::Response> {
        let scheme = if self.ca.is_some() { "https" } else { "http" };
        let mut req = self
            .http_client()
            .post(format!("{scheme}://{}/v1/traces", r.http_addr))
            .header("content-type", content_type)
            .body(body);
        if let Some(t) = &self.token {
            req = req.bearer_auth(t);
        }
        req.send().await.ok()
    }

    async fn http(&self, r: &Running, n: u64) -> Option<StatusCode> {
        let resp = self
            .http_body(r, one_span(n), "application/x-protobuf")
            .await?;
        Some(resp.status())
    }
}

fn plain_client() -> Client {
    Client {
        ca: None,
        identity: None,
        token: None,
    }
}

/// The certificate a client that trusts `ca` is served on `addr`, by ALPN protocol.
async fn served_certificate(addr: std::net::SocketAddr, ca: &Ca, alpn: &[u8]) -> Vec<u8> {
    let mut roots = rustls::RootCertStore::empty();
    roots
        .add(CertificateDer::from_pem_slice(ca.pem.as_bytes()).unwrap())
        .unwrap();
    let mut cfg = rustls::ClientConfig::builder_with_provider(Arc::new(
        rustls::crypto::ring::default_provider(),
    ))
    .with_safe_default_protocol_versions()
    .unwrap()
    .with_root_certificates(roots)
    .with_no_client_auth();
    cfg.alpn_protocols = vec![alpn.to_vec()];
    let tcp = tokio::net::TcpStream::connect(addr).await.unwrap();
    let tls = tokio_rustls::TlsConnector::from(Arc::new(cfg))
        .connect(ServerName::try_from("localhost").unwrap(), tcp)
        .await
        .unwrap();
    let (_, session) = tls.get_ref();
    assert_eq!(session.alpn_protocol(), Some(alpn));
    session.peer_certificates().unwrap()[0].to_vec()
}

use rustls::pki_types::pem::PemObject as _;

async fn wait_until<F: std::future::Future<Output = bool>>(
    what: &str,
    mut check: impl FnMut() -> F,
) {
    let deadline = Instant::now() + Duration::from_secs(15);
    while !check().await {
        assert!(Instant::now() < deadline, "not within 15 s: {what}");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

#[tokio::test]
async fn both_listeners_serve_tls_with_the_configured_certificate_and_refuse_plain_text() {
    let out = tempfile::tempdir().unwrap();
    let ca = Ca::new("test CA");
    let server = ca.server();
    let mut s = Secrets::new();
    s.publish(&[("tls.crt", &server.cert_pem), ("tls.key", &server.key_pem)]);
    let mut c = config(out.path());
    c.ingest.tls = Some(tls_config(&s, false));
    let r = pipeline::start(c).await.unwrap();

    let client = Client::new(&ca);
    assert_eq!(client.grpc(&r, 1).await, tonic::Code::Ok);
    assert_eq!(client.http(&r, 2).await, Some(StatusCode::OK));
    assert_eq!(
        served_certificate(r.grpc_addr, &ca, b"h2").await,
        server.der
    );
    assert_eq!(
        served_certificate(r.http_addr, &ca, b"http/1.1").await,
        server.der
    );

    // Plain text on a TLS port: no answer, the handshake is counted as failed.
    assert_ne!(plain_client().grpc(&r, 3).await, tonic::Code::Ok);
    assert_eq!(plain_client().http(&r, 4).await, None);
    // A client that does not trust the receiver's CA gets nothing either.
    let stranger = Client::new(&Ca::new("another CA"));
    assert_ne!(stranger.grpc(&r, 5).await, tonic::Code::Ok);
    assert_eq!(stranger.http(&r, 6).await, None);

    assert_two_taken_and_four_handshakes_refused(&r).await;
    r.shutdown().await;
}

#[tokio::test]
async fn mutual_tls_refuses_clients_without_a_certificate_of_the_client_ca() {
    let out = tempfile::tempdir().unwrap();
    let (ca, clients) = (Ca::new("server CA"), Ca::new("client CA"));
    let server = ca.server();
    let mut s = Secrets::new();
    s.publish(&[
        ("tls.crt", &server.cert_pem),
        ("tls.key", &server.key_pem),
        ("ca.crt", &clients.pem),
    ]);
    let mut c = config(out.path());
    c.ingest.tls = Some(tls_config(&s, true));
    let r = pipeline::start(c).await.unwrap();

    let without = Client::new(&ca);
    assert_ne!(without.grpc(&r, 1).await, tonic::Code::Ok);
    assert_eq!(without.http(&r, 2).await, None);
    // Signed by the server's CA, not by the client CA.
    let wrong = Client::new(&ca).with_identity(&ca.client("impostor"));
    assert_ne!(wrong.grpc(&r, 3).await, tonic::Code::Ok);
    assert_eq!(wrong.http(&r, 4).await, None);
    assert_eq!(
        metrics(&r).await["gpu_otel_receiver_spans_reconciled_total"],
        0.0
    );

    let trusted = Client::new(&ca).with_identity(&clients.client("trainer"));
    assert_eq!(trusted.grpc(&r, 5).await, tonic::Code::Ok);
    assert_eq!(trusted.http(&r, 6).await, Some(StatusCode::OK));
    assert_two_taken_and_four_handshakes_refused(&r).await;
    r.shutdown().await;
}

#[tokio::test]
async fn a_request_without_a_listed_bearer_token_is_refused_before_its_body_is_read_and_counted() {
    let out = tempfile::tempdir().unwrap();
    let mut s = Secrets::new();
    s.publish(&[("tokens", "# ingest\nt0ken-a\nt0ken-b\n")]);
    let mut c = config(out.path());
    c.ingest.auth = Some(IngestAuthConfig {
        token_file: s.path("tokens"),
    });
    let r = pipeline::start(c).await.unwrap();

    // Missing: 401, the challenge, and an OTLP Status body in the request's encoding.
    let resp = plain_client()
        .http_body(&r, one_span(1), "application/x-protobuf")
        .await
        .unwrap();
    assert_eq!(resp.status(), StatusCode::UNAUTHORIZED);
    assert_eq!(resp.headers()["www-authenticate"], "Bearer realm=\"OTLP\"");
    assert_eq!(resp.headers()["content-type"], "application/x-protobuf");
    let status = tonic_types::Status::decode(resp.bytes().await.unwrap()).unwrap();
    assert_eq!(status.code, tonic::Code::Unauthenticated as i32);
    assert!(
        status.message.contains("Authorization: Bearer"),
        "{}",
        status.message
    );
    // Wrong token, JSON, and a body that would not even decode: refused unread.
    let resp = plain_client()
        .with_token("t0ken-c")
        .http_body(&r, Bytes::from_static(b"{not json"), "application/json")
        .await
        .unwrap();
    assert_eq!(resp.status(), StatusCode::UNAUTHORIZED);
    assert_eq!(
        resp.headers()["www-authenticate"],
        "Bearer realm=\"OTLP\", error=\"invalid_token\""
    );
    let status: serde_json::Value = resp.json().await.unwrap();
    assert_eq!(status["code"], tonic::Code::Unauthenticated as i32);
    assert_eq!(
        plain_client().grpc(&r, 2).await,
        tonic::Code::Unauthenticated
    );
    assert_eq!(
        plain_client().with_token("t0ken-").grpc(&r, 3).await,
        tonic::Code::Unauthenticated
    );

    assert_eq!(
        plain_client().with_token("t0ken-a").http(&r, 4).await,
        Some(StatusCode::OK)
    );
    assert_eq!(
        plain_client().with_token("t0ken-b").grpc(&r, 5).await,
        tonic::Code::Ok
    );
    let m = metrics(&r).await;
    assert_eq!(
        m["gpu_otel_receiver_requests_refused_total{reason=\"unauthenticated\"}"],
        4.0
    );
    assert_eq!(
        m["gpu_otel_receiver_requests_refused_total{reason=\"malformed\"}"],
        0.0
    );
    assert_eq!(m["gpu_otel_receiver_spans_reconciled_total"], 2.0);
    r.shutdown().await;
}

#[tokio::test]
async fn changed_files_serve_new_connections_and_a_bad_file_keeps_the_previous_ones() {
    let out = tempfile::tempdir().unwrap();
    let ca = Ca::new("test CA");
    let (first, second) = (ca.server(), ca.server());
    let mut s = Secrets::new();
    s.publish(&[
        ("tls.crt", &first.cert_pem),
        ("tls.key", &first.key_pem),
        ("tokens", "old-t0ken\n"),
    ]);
    let mut c = config(out.path());
    c.ingest.tls = Some(tls_config(&s, false));
    c.ingest.auth = Some(IngestAuthConfig {
        token_file: s.path("tokens"),
    });
    let r = pipeline::start(c).await.unwrap();
    assert_eq!(served_certificate(r.grpc_addr, &ca, b"h2").await, first.der);

    s.publish(&[
        ("tls.crt", &second.cert_pem),
        ("tls.key", &second.key_pem),
        ("tokens", "new-t0ken\n"),
    ]);
    wait_until("the new certificate is served", || async {
        served_certificate(r.http_addr, &ca, b"http/1.1").await == second.der
    })
    .await;
    assert_eq!(
        served_certificate(r.grpc_addr, &ca, b"h2").await,
        second.der
    );
    let client = Client::new(&ca);
    wait_until("the new token is accepted", || async {
        client.clone_with_token("new-t0ken").grpc(&r, 1).await == tonic::Code::Ok
    })
    .await;
    assert_eq!(
        client.clone_with_token("old-t0ken").http(&r, 2).await,
        Some(StatusCode::UNAUTHORIZED)
    );

    // A certificate file that is not PEM: the previous one stays. A token file with a
    // bad line: its good lines are applied, the bad one accepts nothing.
    s.publish(&[
        ("tls.crt", "not a certificate"),
        ("tls.key", &second.key_pem),
        ("tokens", "newer-t0ken\nnew t0ken with spaces\n"),
    ]);
    let reloads = |m: &BTreeMap<String, f64>, secret: &str, outcome: &str| {
        m[&format!(
            "gpu_otel_receiver_secret_reloads_total{{secret=\"{secret}\",outcome=\"{outcome}\"}}"
        )]
    };
    wait_until("the failure and the partial reload are counted", || async {
        let m = metrics(&r).await;
        reloads(&m, "tls", "failed") == 1.0 && reloads(&m, "tokens", "applied") == 2.0
    })
    .await;
    assert_eq!(
        served_certificate(r.grpc_addr, &ca, b"h2").await,
        second.der
    );
    assert_eq!(
        client.clone_with_token("newer-t0ken").http(&r, 3).await,
        Some(StatusCode::OK)
    );
    for revoked in ["new-t0ken", "new"] {
        assert_eq!(
            client.clone_with_token(revoked).http(&r, 4).await,
            Some(StatusCode::UNAUTHORIZED)
        );
    }
    let m = metrics(&r).await;
    assert_eq!(reloads(&m, "tls", "applied"), 1.0);
    assert_eq!(reloads(&m, "tokens", "failed"), 0.0);

    // Revocation fails closed: an emptied file, then a deleted one, refuse every token.
    for (step, publish) in [("emptied", Some("# all revoked\n")), ("deleted", None)] {
        match publish {
            Some(text) => s.publish(&[("tokens", text)]),
            None => s.remove("tokens"),
        }
        let want = if publish.is_some() { 1.0 } else { 2.0 };
        wait_until(step, || async {
            reloads(&metrics(&r).await, "tokens", "failed") == want
        })
        .await;
        assert_eq!(
            client.clone_with_token("newer-t0ken").http(&r, 5).await,
            Some(StatusCode::UNAUTHORIZED),
            "{step}"
        );
        assert_eq!(
            client.clone_with_token("newer-t0ken").grpc(&r, 6).await,
            tonic::Code::Unauthenticated,
            "{step}"
        );
    }
    // ... until it holds a token again.
    s.publish(&[("tokens", "back-t0ken\n")]);
    wait_until("a token is accepted again", || async {
        client.clone_with_token("back-t0ken").grpc(&r, 7).await == tonic::Code::Ok
    })
    .await;
    r.shutdown().await;
}

impl Client {
    fn clone_with_token(&self, t: &str) -> Client {
        Client {
            ca: self.ca.clone(),
            identity: self.identity.clone(),
            token: None,
        }
        .with_token(t)
    }
}

/// The two trusted requests were taken and the four untrusted clients refused at the
/// handshake.
async fn assert_two_taken_and_four_handshakes_refused(r: &Running) {
    let m = metrics(r).await;
    assert_eq!(m["gpu_otel_receiver_spans_reconciled_total"], 2.0);
    assert!(
        m["gpu_otel_receiver_tls_handshakes_failed_total"] >= 4.0,
        "{m:?}"
    );
}
