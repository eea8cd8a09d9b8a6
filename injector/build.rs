//! Links the cdylib with a version script so that it exports `InitializeInjection` and
//! the profiler hand-off, and nothing else (tests/exports.rs checks it with `nm -D`).

fn main() {
    let dir = std::env::var("CARGO_MANIFEST_DIR").unwrap_or_else(|_| ".".into());
    println!("cargo:rerun-if-changed=exports.map");
    println!("cargo:rustc-cdylib-link-arg=-Wl,--version-script={dir}/exports.map");
}
