//! The cdylib exports `InitializeInjection` and the profiler hand-off's two functions,
//! and nothing else (exports.map).

use std::path::PathBuf;
use std::process::Command;

/// target/<profile>/libgpu_otel_injector.so, next to this test's deps/ folder.
fn library() -> PathBuf {
    let exe = std::env::current_exe().unwrap();
    let profile_dir = exe.parent().and_then(|deps| deps.parent()).unwrap();
    profile_dir.join("libgpu_otel_injector.so")
}

#[test]
fn only_the_injection_entry_and_the_profiler_hand_off_are_exported() {
    let lib = library();
    assert!(lib.exists(), "{} was not built", lib.display());
    let out = Command::new("nm")
        .args(["-D", "--defined-only"])
        .arg(&lib)
        .output()
        .expect("nm (binutils) must be installed");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    let mut symbols: Vec<&str> = text
        .lines()
        .filter_map(|l| l.split_whitespace().last())
        .collect();
    symbols.sort_unstable();
    assert_eq!(
        symbols,
        [
            "InitializeInjection",
            "gpu_otel_profiler_handoff_begin",
            "gpu_otel_profiler_handoff_end"
        ],
        "nm -D --defined-only:\n{text}"
    );
    for line in text.lines() {
        assert!(line.contains(" T "), "a global function: {line}");
    }
}
