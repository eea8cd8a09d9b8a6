//! What a person meets when a configuration cannot work: `validate` refuses exactly what
//! `serve` refuses, with the same message, and each common start-up error reads as
//! written here, word for word: the parameter, its value, where it was set (the file, a
//! variable, a flag, or the default), what is wrong, said once, and what to do.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const BIN: &str = env!("CARGO_BIN_EXE_gpu-otel-receiver");

/// One way of starting: the file's text (none: no --config), variables and flags.
struct Setup<'a> {
    yaml: Option<&'a str>,
    env: &'a [(&'a str, &'a str)],
    flags: &'a [&'a str],
}

fn command(dir: &Path, sub: &str, s: &Setup) -> Command {
    let mut c = Command::new(BIN);
    c.current_dir(dir).arg(sub);
    // Free ports, so that only the case at hand can refuse.
    for flag in ["--grpc-endpoint", "--http-endpoint", "--metrics-endpoint"] {
        if !s.flags.iter().any(|f| f.starts_with(flag)) {
            c.arg(format!("{flag}=127.0.0.1:0"));
        }
    }
    c.args(s.flags)
        .env_clear()
        .env("PATH", "/usr/bin:/bin")
        .envs(s.env.iter().copied());
    if let Some(yaml) = s.yaml {
        std::fs::write(dir.join("receiver.yaml"), yaml).unwrap();
        c.args(["--config", "receiver.yaml"]);
    }
    c
}

/// `validate`'s exit code and stderr.
fn validate(dir: &Path, s: &Setup) -> (i32, String) {
    let out = command(dir, "validate", s).output().unwrap();
    (
        out.status.code().unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

/// `serve`'s exit code and stderr; a receiver that starts is stopped and reported as 0.
fn serve(dir: &Path, s: &Setup) -> (i32, String) {
    let log = dir.join("serve.err");
    let mut child = command(dir, "serve", s)
        .stdout(Stdio::piped())
        .stderr(std::fs::File::create(&log).unwrap())
        .spawn()
        .unwrap();
    let deadline = Instant::now() + Duration::from_secs(20);
    let code = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status.code().unwrap();
        }
        if std::fs::read_to_string(&log)
            .unwrap()
            .contains("Receiver started")
            || Instant::now() > deadline
        {
            let _ = Command::new("kill")
                .args(["-TERM", &child.id().to_string()])
                .status();
            child.wait().unwrap();
            break 0;
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    (code, std::fs::read_to_string(&log).unwrap())
}

/// The two agree on `s`, refuse it with exit code 2 and say `expected` alone.
fn both_refuse(dir: &Path, s: &Setup, expected: &str) {
    let line = format!("gpu-otel-receiver: {expected}\n");
    let v = validate(dir, s);
    assert_eq!(v, (2, line.clone()), "validate");
    let r = serve(dir, s);
    assert_eq!(r, (2, line), "serve");
    // Nothing was created on the way: no sink file, no queue.
    let made: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| !matches!(p.extension().and_then(|e| e.to_str()), Some("yaml" | "err")))
        .filter(|p| !p.ends_with("keep"))
        .collect();
    assert!(made.is_empty(), "{made:?}");
}

fn pem_pair(dir: &Path) -> (PathBuf, PathBuf) {
    let key = rcgen::KeyPair::generate().unwrap();
    let cert = rcgen::CertificateParams::new(vec!["localhost".to_string()])
        .unwrap()
        .self_signed(&key)
        .unwrap();
    let keep = dir.join("keep");
    std::fs::create_dir_all(&keep).unwrap();
    let (c, k) = (keep.join("tls.crt"), keep.join("tls.key"));
    std::fs::write(&c, cert.pem()).unwrap();
    std::fs::write(&k, key.serialize_pem()).unwrap();
    (c, k)
}

#[test]
fn a_missing_certificate_is_refused_by_both_naming_the_parameter_the_file_and_the_fix() {
    let d = tempfile::tempdir().unwrap();
    let yaml = "ingest:\n  tls:\n    cert_file: /nonexistent/cert.pem\n    key_file: /nonexistent/key.pem\n";
    both_refuse(
        d.path(),
        &Setup {
            yaml: Some(yaml),
            env: &[],
            flags: &[],
        },
        "invalid ingest.tls.cert_file \"/nonexistent/cert.pem\" (set in receiver.yaml): cannot read it: No such file or directory (os error 2); give the path of a file the receiver's user can read",
    );
}

#[test]
fn an_unreadable_key_and_a_file_that_is_not_pem_are_refused_by_both() {
    let d = tempfile::tempdir().unwrap();
    let (cert, _) = pem_pair(d.path());
    // A directory cannot be read as a file, whoever the user is (root included).
    let unreadable = format!(
        "ingest:\n  tls:\n    cert_file: {}\n    key_file: {}\n",
        cert.display(),
        d.path().join("keep").display()
    );
    both_refuse(
        d.path(),
        &Setup {
            yaml: Some(&unreadable),
            env: &[],
            flags: &[],
        },
        &format!(
            "invalid ingest.tls.key_file {:?} (set in receiver.yaml): cannot read it: Is a directory (os error 21); give the path of a file the receiver's user can read",
            d.path().join("keep").display().to_string()
        ),
    );
    let not_pem = d.path().join("keep").join("notes.txt");
    std::fs::write(&not_pem, "not a certificate\n").unwrap();
    let bad_pem = format!(
        "ingest:\n  tls:\n    cert_file: {}\n    key_file: {}\n",
        not_pem.display(),
        not_pem.display()
    );
    both_refuse(
        d.path(),
        &Setup {
            yaml: Some(&bad_pem),
            env: &[],
            flags: &[],
        },
        &format!(
            "invalid ingest.tls.cert_file {:?} (set in receiver.yaml): holds no PEM certificate; give a PEM certificate chain (-----BEGIN CERTIFICATE-----), the receiver's certificate first",
            not_pem.display().to_string()
        ),
    );
}

#[test]
fn an_endpoint_that_is_not_a_url_is_refused_by_both_not_guessed_at() {
    let d = tempfile::tempdir().unwrap();
    both_refuse(
        d.path(),
        &Setup {
            yaml: None,
            env: &[("OTEL_EXPORTER_OTLP_ENDPOINT", "not-a-url")],
            flags: &[],
        },
        "invalid export.endpoint \"not-a-url\" (set by OTEL_EXPORTER_OTLP_ENDPOINT): is not a URL: it has no scheme, and it is not the host:port that gRPC also takes; write http://not-a-url or https://not-a-url, with the port if it is not 80 or 443",
    );
    both_refuse(
        d.path(),
        &Setup {
            yaml: None,
            env: &[],
            flags: &["--export-endpoint=ftp://tempo:4317"],
        },
        "invalid export.endpoint \"ftp://tempo:4317\" (set by --export-endpoint): has the scheme \"ftp\": OTLP goes over http or https; write http://tempo:4317 or https://tempo:4317",
    );
    both_refuse(
        d.path(),
        &Setup {
            yaml: None,
            env: &[
                ("OTEL_EXPORTER_OTLP_ENDPOINT", "collector:4318"),
                ("OTEL_EXPORTER_OTLP_PROTOCOL", "http/protobuf"),
            ],
            flags: &[],
        },
        "invalid export.endpoint \"collector:4318\" (set by OTEL_EXPORTER_OTLP_ENDPOINT): has no scheme: OTLP/HTTP needs a URL with http:// or https://; write http://collector:4318 or https://collector:4318",
    );
}

#[test]
fn a_queue_directory_that_cannot_be_written_or_was_written_by_an_older_receiver_is_refused_by_both()
{
    let d = tempfile::tempdir().unwrap();
    let keep = d.path().join("keep");
    std::fs::create_dir_all(&keep).unwrap();
    let file = keep.join("a-file");
    std::fs::write(&file, "").unwrap();
    let flag = format!("--queue-dir={}", file.join("queue").display());
    both_refuse(
        d.path(),
        &Setup {
            yaml: None,
            env: &[],
            flags: &[&flag],
        },
        &format!(
            "invalid queue.dir {:?} (set by --queue-dir): cannot be created: {} is not a directory; give a path whose parents are directories",
            file.join("queue").display().to_string(),
            file.display()
        ),
    );
    // What a receiver built with redb 2 left: a database in file format 2.
    let old = keep.join("old-queue");
    std::fs::create_dir_all(&old).unwrap();
    drop(redb2::Database::create(old.join("queue.redb")).unwrap());
    let yaml = format!("queue:\n  dir: {}\n", old.display());
    both_refuse(
        d.path(),
        &Setup {
            yaml: Some(&yaml),
            env: &[],
            flags: &[],
        },
        &format!(
            "invalid queue.dir {:?} (set in receiver.yaml): holds queue.redb in redb file format 2, written by an older receiver; this receiver reads format 3 only; drain the queue with the receiver that wrote it (stop the senders, wait for a queue depth of 0), stop it and remove the files in {o}; or remove {o}/queue.redb alone, and every request still in the segment files is delivered again (those already delivered too) and the evidence kept for reconciliation is lost",
            old.display().to_string(),
            o = old.display()
        ),
    );
}

#[test]
fn a_missing_config_file_an_unknown_field_and_a_bad_value_are_refused_by_both() {
    let d = tempfile::tempdir().unwrap();
    both_refuse(
        d.path(),
        &Setup {
            yaml: None,
            env: &[],
            flags: &["--config=nope.yaml"],
        },
        "cannot read the configuration file nope.yaml (--config): No such file or directory (os error 2)",
    );
    both_refuse(
        d.path(),
        &Setup {
            yaml: Some("ingest:\n  grpc_endpoit: 127.0.0.1:4317\n"),
            env: &[],
            flags: &[],
        },
        "invalid configuration file receiver.yaml: ingest: unknown field `grpc_endpoit`, expected one of `grpc_endpoint`, `http_endpoint`, `max_request_bytes`, `queue_capacity`, `enqueue_timeout`, `max_pending_bytes`, `max_resources_per_request`, `max_scopes_per_request`, `max_spans_per_request`, `max_attributes_per_request`, `http_header_timeout`, `http_body_timeout`, `http_max_connections`, `grpc_max_connections`, `first_request_timeout`, `grpc_max_concurrent_streams`, `grpc_keepalive_interval`, `grpc_keepalive_timeout`, `grpc_max_connection_age`, `grpc_max_connection_age_grace`, `grpc_request_timeout`, `tls`, `auth` at line 2 column 3",
    );
    both_refuse(
        d.path(),
        &Setup {
            yaml: Some("export:\n  queue_capacity: 0\n"),
            env: &[],
            flags: &[],
        },
        "invalid export.queue_capacity 0 (set in receiver.yaml): must be greater than 0",
    );
}

#[test]
fn an_export_ca_that_is_not_where_the_variable_says_is_refused_by_both() {
    let d = tempfile::tempdir().unwrap();
    both_refuse(
        d.path(),
        &Setup {
            yaml: None,
            env: &[
                ("OTEL_EXPORTER_OTLP_ENDPOINT", "https://tempo:4317"),
                ("OTEL_EXPORTER_OTLP_CERTIFICATE", "/etc/gpu-otel/tls/ca.crt"),
            ],
            flags: &[],
        },
        "invalid export.tls.ca_file \"/etc/gpu-otel/tls/ca.crt\" (set by OTEL_EXPORTER_OTLP_CERTIFICATE): cannot read it: No such file or directory (os error 2); give the path of a file the receiver's user can read",
    );
}

#[test]
fn a_port_in_use_stops_serve_at_once_with_what_to_do_and_validate_which_binds_nothing_passes() {
    let d = tempfile::tempdir().unwrap();
    let held = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = held.local_addr().unwrap();
    let flag = format!("--http-endpoint={addr}");
    let s = Setup {
        yaml: None,
        env: &[],
        flags: &[&flag],
    };
    assert_eq!(validate(d.path(), &s).0, 0, "validate may not bind");
    let (code, err) = serve(d.path(), &s);
    assert_eq!(
        (code, err),
        (
            2,
            format!("gpu-otel-receiver: cannot listen on ingest.http_endpoint {addr} (set by --http-endpoint): Address already in use (os error 98); another process listens there: stop it, or give ingest.http_endpoint another address (--http-endpoint, or in the file)\n")
        )
    );
    // Refused before anything was opened: no sink file.
    assert!(!d.path().join("gpu-otel-traces.jsonl").exists());
}

#[test]
fn a_configuration_both_accept_starts() {
    let d = tempfile::tempdir().unwrap();
    let (cert, key) = pem_pair(d.path());
    let yaml = format!(
        "ingest:\n  tls:\n    cert_file: {}\n    key_file: {}\nqueue:\n  dir: {}\n",
        cert.display(),
        key.display(),
        d.path().join("queue").display()
    );
    let s = Setup {
        yaml: Some(&yaml),
        env: &[],
        flags: &[],
    };
    assert_eq!(validate(d.path(), &s), (0, String::new()));
    assert!(!d.path().join("queue").exists(), "validate creates nothing");
    let (code, err) = serve(d.path(), &s);
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("Receiver started"), "{err}");
}
