//! Which libcupti the injector calls, and which other copies the process holds. A
//! PyTorch process holds its wheel's, loaded at `import torch`; the injector shares it
//! (cudarc asks for the soname `libcupti.so.13` first: vendor/cudarc/PATCHES.md), but a
//! second copy can still come (another library that loads CUPTI by path). NVTX must
//! reach the injector's (`nvtx.rs`); a profiler on another copy cannot take CUPTI from
//! it (the hand-off, `runtime/handoff.rs`).

use std::ffi::{c_int, c_void, CStr};
use std::path::{Path, PathBuf};
use std::ptr;

use cudarc::cupti::sys;

/// The path of the libcupti the injector uses (cudarc's), through its NVTX entry point.
/// Not found by name: a PyTorch process may hold two (its wheel's and the toolkit's),
/// and NVTX must reach the one that holds the injector's subscriber.
pub(super) fn loaded_cupti() -> Result<PathBuf, String> {
    // SAFETY: attach loaded the library before anything here runs, so cudarc's
    // lookup returns it without panicking.
    let lib = unsafe { sys::culib() };
    // SAFETY: the symbol is only used as an address, never called or read.
    let entry = unsafe { lib.get::<*mut c_void>(b"InitializeInjectionNvtx2\0") }
        .map_err(|e| format!("the libcupti in use has no NVTX entry point ({e})"))?;
    let f: *mut c_void = *entry;
    let mut info = libc::Dl_info {
        dli_fname: ptr::null(),
        dli_fbase: ptr::null_mut(),
        dli_sname: ptr::null(),
        dli_saddr: ptr::null_mut(),
    };
    // SAFETY: `f` is an address inside a loaded library; `info` is a valid out-pointer.
    if unsafe { libc::dladdr(f, &mut info) } == 0 || info.dli_fname.is_null() {
        return Err("dladdr could not name the libcupti in use".into());
    }
    // SAFETY: dladdr's file name is a NUL-terminated string owned by the loader.
    let path = unsafe { CStr::from_ptr(info.dli_fname) };
    Ok(PathBuf::from(path.to_string_lossy().into_owned()))
}

/// Every other libcupti mapped into this process. PyTorch's wheel brings its own
/// (`libtorch_cpu.so` needs `libcupti.so.13` through its RPATH, loaded at `import
/// torch`); an unpatched cudarc, asking for `libcupti.so` first, loaded the toolkit's
/// beside it where that name is on the library path. Two copies share the driver, but a profiler on the other
/// copy cannot take CUPTI from this one's (measured: `profiler_handoff.py` on an H100,
/// 2026-12-05, Kineto refused with MULTIPLE_SUBSCRIBERS after the injector gave up its
/// subscriber). Paths are canonical; the injector's own copy is left out.
pub(crate) fn other_cupti_copies() -> Vec<PathBuf> {
    let ours = loaded_cupti()
        .ok()
        .and_then(|p| std::fs::canonicalize(p).ok());
    let mut copies = cupti_objects();
    match ours {
        Some(ours) => copies.retain(|p| *p != ours),
        // Ours unnamed: one copy is ours; two or more, and some are not.
        None if copies.len() < 2 => copies.clear(),
        None => {}
    }
    copies
}

/// Paths as one log line's list: `a, b`.
pub(crate) fn list(paths: &[PathBuf]) -> String {
    let names: Vec<String> = paths.iter().map(|p| p.display().to_string()).collect();
    names.join(", ")
}

/// The canonical paths of the loaded objects named `libcupti.so*`, each once.
pub(super) fn cupti_objects() -> Vec<PathBuf> {
    unsafe extern "C" fn visit(
        info: *mut libc::dl_phdr_info,
        _size: usize,
        data: *mut c_void,
    ) -> c_int {
        // SAFETY: the loader passes a valid `info` for the call's duration, and `data` is
        // the vector handed to dl_iterate_phdr below (nothing else touches it meanwhile).
        let (names, name) = unsafe { (&mut *data.cast::<Vec<PathBuf>>(), (*info).dlpi_name) };
        if !name.is_null() {
            // SAFETY: dlpi_name is a NUL-terminated string owned by the loader.
            let name = unsafe { CStr::from_ptr(name) };
            names.push(PathBuf::from(name.to_string_lossy().into_owned()));
        }
        0
    }
    let mut names: Vec<PathBuf> = Vec::new();
    // SAFETY: `visit` neither unwinds nor keeps `info`; `names` outlives the call.
    unsafe { libc::dl_iterate_phdr(Some(visit), (&mut names as *mut Vec<PathBuf>).cast()) };
    let mut copies: Vec<PathBuf> = names
        .iter()
        .filter(|p| is_cupti(p))
        .filter_map(|p| std::fs::canonicalize(p).ok())
        .collect();
    copies.sort();
    copies.dedup();
    copies
}

/// Whether a loaded object's path names a libcupti (`libcupti.so`, `libcupti.so.13`, ...).
fn is_cupti(path: &Path) -> bool {
    path.file_name()
        .and_then(|n| n.to_str())
        .is_some_and(|n| n == "libcupti.so" || n.starts_with("libcupti.so."))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_libcupti_is_recognised_by_its_file_name_with_or_without_a_version() {
        for name in [
            "libcupti.so",
            "libcupti.so.13",
            "/opt/v/nvidia/cu13/lib/libcupti.so.2025.3.1",
        ] {
            assert!(is_cupti(Path::new(name)), "{name}");
        }
        for name in [
            "libcupti_static.a",
            "libcupti64.so.13",
            "/x/libnvperf_host.so",
            "libcupti.sox",
            "",
        ] {
            assert!(!is_cupti(Path::new(name)), "{name}");
        }
    }

    /// The directory of the C library this process runs on.
    fn libc_dir() -> PathBuf {
        let mut info = libc::Dl_info {
            dli_fname: ptr::null(),
            dli_fbase: ptr::null_mut(),
            dli_sname: ptr::null(),
            dli_saddr: ptr::null_mut(),
        };
        // SAFETY: `malloc` is an address in the loaded C library; `info` is an out-pointer.
        assert_ne!(
            unsafe { libc::dladdr(libc::malloc as *const c_void, &mut info) },
            0
        );
        // SAFETY: dladdr's file name is a NUL-terminated string owned by the loader.
        let libc_path = unsafe { CStr::from_ptr(info.dli_fname) };
        let libc_path = std::fs::canonicalize(libc_path.to_str().unwrap()).unwrap();
        libc_path.parent().unwrap().to_path_buf()
    }

    #[test]
    fn every_loaded_libcupti_is_listed_once_by_its_real_path_whatever_name_loaded_it() {
        // A stand-in library (glibc's libm, harmless to load twice) under CUPTI's names,
        // loaded through the unversioned symlink and the versioned file: one object.
        let dir =
            std::env::temp_dir().join(format!("gpu-otel-cupti-copies-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join("libcupti.so.13");
        std::fs::copy(libc_dir().join("libm.so.6"), &file).unwrap();
        let link = dir.join("libcupti.so");
        let _ = std::fs::remove_file(&link);
        std::os::unix::fs::symlink("libcupti.so.13", &link).unwrap();
        let before = cupti_objects();
        assert!(!before.iter().any(|p| p.starts_with(&dir)), "{before:?}");
        // SAFETY: loading a copy of libm runs libm's initialisers only.
        let a = unsafe { libloading::Library::new(&link) }.unwrap();
        // SAFETY: as above; the same file, so the loader returns the same object.
        let b = unsafe { libloading::Library::new(&file) }.unwrap();
        let found = cupti_objects();
        let ours: Vec<_> = found.iter().filter(|p| p.starts_with(&dir)).collect();
        assert_eq!(ours, [&std::fs::canonicalize(&file).unwrap()], "{found:?}");
        drop((a, b));
        let _ = std::fs::remove_dir_all(&dir);
    }
}
