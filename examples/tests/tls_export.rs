//! The injector's exporter as a client of the receiver behind TLS, a client certificate
//! and a bearer token, over OTLP/gRPC and OTLP/HTTP: what the injector counts as
//! exported is what the receiver counts as received. And a backend certificate of
//! another CA fails clearly, every span counted as failed.

// The receiver's test certificates (rcgen, made at test time), shared rather than copied.
#[path = "../../receiver/tests/support/certs.rs"]
mod certs;

use std::path::{Path, PathBuf};
use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::time::{Duration, Instant};

use bytes::Bytes;
use certs::Ca;
use gpu_otel_injector::fake::FakeKernel;
use gpu_otel_injector::resource::ProcessInfo;
use gpu_otel_injector::stats::Stats;
use gpu_otel_injector::worker::{self, Settings};
use otlp_client::{Client, ExportConfig, Protocol, TlsFile, TlsFiles, Verdict};
use receiver::config::{IngestAuthConfig, IngestTlsConfig};
use receiver::pipeline::Running;
use semconv::Tier;

const TOKEN: &str = "injector-t0ken";
const KERNELS: u64 = 500;

struct Receiver {
    rt: tokio::runtime::Runtime,
    running: Running,
    ca: Ca,
    dir: tempfile::TempDir,
}

/// A receiver with TLS, client certificates of its own CA, and one bearer token.
fn receiver() -> Receiver {
    let dir = tempfile::tempdir().unwrap();
    let ca = Ca::new("gpu-otel test CA");
    let (cert, key) = ca.server().write(dir.path(), "server");
    std::fs::write(dir.path().join("ca.crt"), &ca.pem).unwrap();
    std::fs::write(dir.path().join("tokens"), format!("{TOKEN}\n")).unwrap();
    let mut config = receiver::fixtures::loopback_config();
    config.export.file = dir.path().join("out.jsonl");
    config.ingest.tls = Some(IngestTlsConfig {
        cert_file: cert,
        key_file: key,
        client_ca_file: Some(dir.path().join("ca.crt")),
        handshake_timeout: Duration::from_secs(5),
    });
    config.ingest.auth = Some(IngestAuthConfig {
        token_file: dir.path().join("tokens"),
    });
    let rt = tokio::runtime::Runtime::new().unwrap();
    let running = rt
        .block_on(receiver::pipeline::start(config))
        .expect("the receiver starts");
    Receiver {
        rt,
        running,
        ca,
        dir,
    }
}

fn env_file(var: &'static str, path: PathBuf) -> Option<TlsFile> {
    Some(TlsFile::new(var, path))
}

/// The exporter's settings as the `OTEL_EXPORTER_OTLP_*` variables would give them.
fn exporter(
    protocol: Protocol,
    r: &Receiver,
    ca: &Path,
    client: (PathBuf, PathBuf),
) -> ExportConfig {
    let addr = match protocol {
        Protocol::Grpc => r.running.grpc_addr,
        _ => r.running.http_addr,
    };
    ExportConfig {
        protocol,
        endpoint: Some(format!("https://{addr}")),
        headers: [("authorization", format!("Bearer {TOKEN}"))]
            .into_iter()
            .collect(),
        tls: TlsFiles {
            certificate: env_file("OTEL_EXPORTER_OTLP_CERTIFICATE", ca.to_path_buf()),
            client_certificate: env_file("OTEL_EXPORTER_OTLP_CLIENT_CERTIFICATE", client.0),
            client_key: env_file("OTEL_EXPORTER_OTLP_CLIENT_KEY", client.1),
        },
        ..ExportConfig::default()
    }
}

/// Offers `KERNELS` fake kernel records through the injector's export path; its stats.
fn export_kernels(cfg: ExportConfig, service: &str) -> Arc<Stats> {
    let process = ProcessInfo::current();
    let settings = Settings::for_process(&process, Some(service), None, Tier::Off);
    let stats = Arc::new(Stats::default());
    let (queue, handle) = worker::spawn_otlp(settings, stats.clone(), cfg).unwrap();
    let t0 = gpu_otel_injector::clock::now_ns() - 1_000_000_000;
    let batch = (0..KERNELS)
        .map(|i| {
            FakeKernel::new("_Z6kernelv", t0 + i * 1000, t0 + i * 1000 + 500)
                .correlation(i as u32)
                .record()
        })
        .collect();
    assert!(queue.offer(batch));
    queue.shutdown(Instant::now() + Duration::from_secs(10));
    drop(queue);
    handle.join().unwrap();
    stats
}

#[test]
fn the_injectors_exporter_delivers_over_tls_with_a_client_certificate_and_a_token() {
    let r = receiver();
    let client = r.ca.client("trainer").write(r.dir.path(), "client");
    let ca = r.dir.path().join("ca.crt");
    for (i, protocol) in [Protocol::Grpc, Protocol::HttpProtobuf]
        .into_iter()
        .enumerate()
    {
        let stats = export_kernels(exporter(protocol, &r, &ca, client.clone()), "tls");
        assert_eq!(
            stats.kernel_spans_exported.load(Ordering::Relaxed),
            KERNELS,
            "{protocol:?}: exported at the injector"
        );
        assert_eq!(stats.drops().total(), 0, "{protocol:?}");
        // The receiver answers before it publishes its counters: a moment's grace.
        let expected = KERNELS * (i as u64 + 1);
        let deadline = Instant::now() + Duration::from_secs(5);
        let received = loop {
            let n = r.running.telemetry.snapshot().reconcile.kernel_spans;
            if n >= expected || Instant::now() > deadline {
                break n;
            }
            std::thread::sleep(Duration::from_millis(20));
        };
        assert_eq!(received, expected, "{protocol:?}: received at the receiver");
    }
    r.rt.block_on(r.running.shutdown());
}

#[test]
fn a_backend_certificate_of_another_ca_fails_clearly_and_every_span_is_counted() {
    let r = receiver();
    let client = r.ca.client("trainer").write(r.dir.path(), "client");
    let other = r.dir.path().join("other-ca.crt");
    std::fs::write(&other, Ca::new("another CA").pem).unwrap();
    for protocol in [Protocol::Grpc, Protocol::HttpProtobuf] {
        let cfg = exporter(protocol, &r, &other, client.clone());
        let rt = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .unwrap();
        let sent = rt.block_on(async { Client::new(&cfg).unwrap().send(Bytes::new()).await });
        match sent.verdict {
            Verdict::Fatal(why) => assert!(
                why.starts_with("TLS handshake failed") && why.contains("UnknownIssuer"),
                "{protocol:?}: {why}"
            ),
            other => panic!("{protocol:?}: {other:?}"),
        }
        let started = Instant::now();
        let stats = export_kernels(cfg, "wrong-ca");
        assert_eq!(stats.kernel_spans_exported.load(Ordering::Relaxed), 0);
        assert_eq!(stats.kernel_export_failed.load(Ordering::Relaxed), KERNELS);
        assert!(
            started.elapsed() < Duration::from_secs(5),
            "refused, not retried"
        );
    }
    assert_eq!(r.running.telemetry.snapshot().reconcile.kernel_spans, 0);
    r.rt.block_on(r.running.shutdown());
}
