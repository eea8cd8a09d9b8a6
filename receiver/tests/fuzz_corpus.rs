//! The fuzz corpus (`receiver/fuzz/corpus/<target>/`: real H200 captures, edge cases
//! and every input that once failed) replayed through the harness the cargo-fuzz
//! targets run, so that CI checks each input against every front end.

#[path = "../fuzz/harness/mod.rs"]
mod harness;

use std::path::{Path, PathBuf};

use harness::Harness;

fn corpus(target: &str) -> Vec<(PathBuf, Vec<u8>)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("fuzz/corpus")
        .join(target);
    let mut paths: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.expect("a directory entry").path())
        .collect();
    paths.sort();
    assert!(!paths.is_empty(), "{} is empty", dir.display());
    paths
        .into_iter()
        .map(|p| {
            let data = std::fs::read(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()));
            (p, data)
        })
        .collect()
}

/// How a target's inputs enter the receiver.
type Entry = fn(&mut Harness, &[u8]);

/// Names the input being replayed when a check fails.
struct Replaying<'a>(&'a Path);

impl Drop for Replaying<'_> {
    fn drop(&mut self) {
        if std::thread::panicking() {
            eprintln!("while replaying {}", self.0.display());
        }
    }
}

#[test]
fn every_corpus_input_gets_a_valid_otlp_answer_from_every_front_end_and_nothing_taken_is_lost() {
    let mut h = Harness::start();
    let targets: [(&str, Entry); 4] = [
        ("otlp_protobuf", |h, d| {
            h.otlp_protobuf(d);
        }),
        ("otlp_json", |h, d| {
            h.otlp_json(d);
        }),
        ("http_request", Harness::http_request),
        ("grpc_frames", Harness::grpc_frames),
    ];
    for (target, run) in targets {
        for (path, data) in corpus(target) {
            let _named = Replaying(&path);
            run(&mut h, &data);
        }
    }
    h.finish();
}

#[test]
fn every_window_codec_corpus_input_decodes_to_a_well_formed_window_or_a_typed_error() {
    for (path, data) in corpus("window_codec") {
        let _named = Replaying(&path);
        harness::window_codec(&data);
    }
}
