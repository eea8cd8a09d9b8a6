//! `gpu-otel-receiver check` through the binary: an input that holds nothing to check
//! fails (a producer that sent nothing does not conform), with a line that says so;
//! `--allow-no-kernels` passes a file whose producer legitimately has no kernel spans;
//! a passing summary says what it checked.

use std::process::Command;

use receiver::fixtures::{kernel, plain, request, resource};
use semconv::{Serialized, Tier};

fn check(file: &std::path::Path, flags: &[&str]) -> (i32, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_gpu-otel-receiver"))
        .arg("check")
        .arg(file)
        .args(flags)
        .output()
        .unwrap();
    (
        out.status.code().unwrap(),
        String::from_utf8(out.stdout).unwrap(),
    )
}

fn write(
    dir: &std::path::Path,
    name: &str,
    requests: &[opentelemetry_proto::tonic::collector::trace::v1::ExportTraceServiceRequest],
) -> std::path::PathBuf {
    let lines: Vec<String> = requests
        .iter()
        .map(|r| serde_json::to_string(r).unwrap())
        .collect();
    let path = dir.join(name);
    std::fs::write(&path, lines.join("\n")).unwrap();
    path
}

#[test]
fn an_empty_file_fails_with_a_line_that_says_nothing_was_checked() {
    let d = tempfile::tempdir().unwrap();
    let empty = d.path().join("empty.jsonl");
    std::fs::write(&empty, "").unwrap();
    let (code, out) = check(&empty, &[]);
    assert_eq!(code, 1);
    assert_eq!(
        out,
        "conformance: FAIL, no spans in 0 export requests: nothing was checked (a producer that sends nothing does not conform)\n"
    );
    // Requests without a span are no better.
    let hollow = write(
        d.path(),
        "hollow.jsonl",
        &[request(resource("app", 1, Some(Tier::Off)), vec![])],
    );
    let (code, out) = check(&hollow, &["--allow-no-kernels"]);
    assert_eq!(code, 1);
    assert!(
        out.ends_with("conformance: FAIL, no spans in 1 export request: nothing was checked (a producer that sends nothing does not conform)\n"),
        "{out}"
    );
}

#[test]
fn a_file_without_kernel_spans_fails_unless_allowed_and_a_pass_says_what_it_checked() {
    let d = tempfile::tempdir().unwrap();
    let app = write(
        d.path(),
        "app.jsonl",
        &[request(
            resource("app", 1, Some(Tier::Off)),
            vec![plain(1), plain(2)],
        )],
    );
    let (code, out) = check(&app, &[]);
    assert_eq!(code, 1);
    assert!(
        out.ends_with("conformance: FAIL, no kernel spans among 2 spans in 1 resource (none carries gpu.kernel.name or gpu.serialized): nothing was checked against the contract; --allow-no-kernels when this producer legitimately sends none\n"),
        "{out}"
    );
    let (code, out) = check(&app, &["--allow-no-kernels"]);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("spans: 2 other = 2\n"), "{out}");
    let kernels = write(
        d.path(),
        "kernels.jsonl",
        &[request(
            resource("app", 1, Some(Tier::Off)),
            vec![kernel(1, 10, 20, Some(Serialized::False)), plain(2)],
        )],
    );
    let (code, out) = check(&kernels, &[]);
    assert_eq!(code, 0, "{out}");
    assert!(out.ends_with("spans: 1 kernel executions + 1 other = 2\nconformance: PASS (2 spans in 1 resource: 1 kernel span and 0 windows checked against the 9 rules of the gpu.serialized contract)\n"), "{out}");
}
