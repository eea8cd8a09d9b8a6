//! The receiver's log lines as a file or a log shipper reads them: no terminal escape
//! codes when stderr is not a terminal, and one JSON object per line when asked.

use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};

/// Starts `gpu-otel-receiver serve` on free loopback ports with `args` and `envs`,
/// waits until it listens, stops it with SIGTERM and returns what it wrote on stderr.
fn serve_and_stop(args: &[&str], envs: &[(&str, &str)]) -> String {
    let dir = tempfile::tempdir().unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_gpu-otel-receiver"))
        .args(args)
        .args([
            "serve",
            "--grpc-endpoint",
            "127.0.0.1:0",
            "--http-endpoint",
            "127.0.0.1:0",
            "--metrics-endpoint",
            "127.0.0.1:0",
            "--export-file",
        ])
        .arg(dir.path().join("out.jsonl"))
        .env_remove("GPU_OTEL_LOG_FORMAT")
        .env_remove("NO_COLOR")
        .envs(envs.iter().copied())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut ports = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut ports)
        .unwrap();
    assert!(ports.contains("grpc"), "the receiver started: {ports}");
    let pid = child.id().to_string();
    assert!(Command::new("kill")
        .args(["-TERM", &pid])
        .status()
        .unwrap()
        .success());
    let out = child.wait_with_output().unwrap();
    String::from_utf8(out.stderr).unwrap()
}

#[test]
fn logs_into_a_pipe_carry_no_escape_codes() {
    let err = serve_and_stop(&[], &[]);
    assert!(err.contains("Receiver started"), "{err}");
    assert!(!err.contains('\u{1b}'), "escape codes in: {err:?}");
}

#[test]
fn json_logs_are_one_object_per_line() {
    for (args, envs) in [
        (vec!["--log-format", "json"], vec![]),
        (vec![], vec![("GPU_OTEL_LOG_FORMAT", "json")]),
    ] {
        let err = serve_and_stop(&args, &envs);
        let lines: Vec<&str> = err
            .lines()
            .filter(|l| !l.starts_with("gpu-otel-receiver: "))
            .collect();
        assert!(lines.len() >= 2, "{err}");
        for line in &lines {
            let v: serde_json::Value =
                serde_json::from_str(line).unwrap_or_else(|e| panic!("not JSON ({e}): {line}"));
            assert!(
                v["level"].is_string() && v["fields"]["message"].is_string(),
                "{line}"
            );
        }
        assert!(lines.iter().any(|l| l.contains("Receiver started")));
        assert!(!err.contains('\u{1b}'));
    }
}
