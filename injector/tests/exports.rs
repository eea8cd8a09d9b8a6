//! The cdylib exports `InitializeInjection` and nothing else (exports.map).

use std::path::PathBuf;
use std::process::Command;

/// target/<profile>/libgpu_otel_injector.so, next to this test's deps/ folder.
fn library() -> PathBuf {
    let exe = std::env::current_exe().unwrap();
    let profile_dir = exe.parent().and_then(|deps| deps.parent()).unwrap();
    profile_dir.join("libgpu_otel_injector.so")
}

#[test]
fn only_initialize_injection_is_exported() {
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
    let symbols: Vec<&str> = text
        .lines()
        .filter_map(|l| l.split_whitespace().last())
        .collect();
    assert_eq!(
        symbols,
        ["InitializeInjection"],
        "nm -D --defined-only:\n{text}"
    );
    let line = text.lines().next().unwrap();
    assert!(line.contains(" T "), "a global function: {line}");
}
