//! Finding and loading libcupti, and attaching to it: the subscriber slot, the
//! activity buffer callbacks and the callbacks PC sampling needs. The top of `cupti`:
//! it wires the other files together and none of them imports it.

use std::ffi::{c_int, c_void, CStr};
use std::path::{Path, PathBuf};
use std::ptr;

use cudarc::cupti::sys;

use super::activity::{self, Attached};
use super::entry::{self, Hooks};
use super::guard::hold;
use super::pc::{self, PcSettings};
use super::{check, handoff, launch, nvtx, sass, subscriber, CuptiError};

/// Why the injector did not attach.
#[derive(Debug, thiserror::Error)]
pub(crate) enum AttachError {
    /// The CUPTI library could not be loaded.
    #[error("CUPTI library not found ({tried}); set GPU_OTEL_CUPTI_PATH to libcupti.so.13")]
    LibraryMissing {
        /// What was tried.
        tried: String,
    },
    /// The CUPTI found is older than the records this build reads.
    #[error("CUPTI API version {found} is older than {needed} (CUDA 13.0), whose kernel records this build reads")]
    TooOld {
        /// Version found.
        found: u32,
        /// Version needed.
        needed: u32,
    },
    /// Another CUPTI subscriber (a profiler such as torch.profiler or Nsight) is
    /// attached; CUPTI allows one.
    #[error("another CUPTI subscriber is already attached (a profiler such as torch.profiler, Nsight Systems or another injector); CUPTI allows only one")]
    OtherSubscriber,
    /// A CUPTI call failed.
    #[error(transparent)]
    Cupti(#[from] CuptiError),
    /// `attach` was called twice.
    #[error("already attached")]
    AlreadyAttached,
}

/// Settings of [`attach`].
#[derive(Debug, Clone)]
pub(crate) struct AttachSettings {
    /// An explicit libcupti path; no search when set.
    pub cupti_path: Option<PathBuf>,
    /// Paths tried after the loader's own search.
    pub fallback_paths: Vec<PathBuf>,
    /// Size of one activity buffer.
    pub buffer_bytes: usize,
    /// Most buffers alive at once.
    pub max_buffers: usize,
    /// PC sampling, when a tier other than off runs.
    pub pc: Option<PcSettings>,
    /// Follow NVTX ranges (`GPU_OTEL_NVTX`): subscribe CUPTI's NVTX callbacks.
    pub nvtx: bool,
    /// Launch accounting (`GPU_OTEL_LAUNCH_ACCOUNTING`): subscribe the launch, capture
    /// and graph exec callbacks it counts.
    pub launch_accounting: bool,
    /// CUPTI's device buffer size and pool limit, where set (else CUPTI's defaults).
    pub device_buffers: (Option<usize>, Option<usize>),
    /// Most bytes of cubins kept for the source lines of sampled PCs (with PC
    /// sampling on; 0: none, and no sample gets a line).
    pub cubin_bytes: u64,
    /// What a graph replay becomes: `Launches` enables graph-trace records.
    pub graph_records: crate::record::GraphRecords,
    /// What CUPTI's callbacks call above this module; registered before the
    /// subscriber exists, so no callback can miss them.
    pub hooks: Hooks,
}

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

/// Every other libcupti mapped into this process: PyTorch's wheel brings its own
/// (`libtorch_cpu.so` needs `libcupti.so.13` through its RPATH, loaded at `import
/// torch`), while cudarc, asking for `libcupti.so` first, loads the toolkit's where that
/// name is on the library path. Two copies share the driver, but a profiler on the other
/// copy cannot take CUPTI from this one's (measured: `profiler_handoff.py` on an H100,
/// 2026-12-05, Kineto refused with MULTIPLE_SUBSCRIBERS after the injector gave up its
/// subscriber). Paths are canonical; the injector's own copy is left out.
pub(crate) fn other_cupti_copies() -> Vec<PathBuf> {
    let ours = loaded_cupti()
        .ok()
        .and_then(|p| std::fs::canonicalize(p).ok());
    let mut copies = cupti_objects();
    copies.retain(|p| Some(p) != ours.as_ref());
    copies
}

/// The canonical paths of the loaded objects named `libcupti.so*`, each once.
fn cupti_objects() -> Vec<PathBuf> {
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

/// Loads `path` with RTLD_GLOBAL and keeps it loaded for the life of the process,
/// so that cudarc's own `dlopen("libcupti.so.13")` finds it by its soname.
fn preload(path: &Path) -> Result<(), String> {
    use libloading::os::unix::{Library, RTLD_GLOBAL, RTLD_NOW};
    // SAFETY: loading a shared library runs its initialisers; libcupti's are those
    // CUDA itself runs when a profiler loads it. The handle is leaked on purpose:
    // CUPTI must stay mapped while its threads may call back into us.
    let lib = unsafe { Library::open(Some(path), RTLD_NOW | RTLD_GLOBAL) };
    match lib {
        Ok(lib) => {
            std::mem::forget(lib);
            Ok(())
        }
        Err(e) => Err(e.to_string()),
    }
}

fn culib_present() -> bool {
    // SAFETY: is_culib_present only tries dlopen on candidate names.
    unsafe { sys::is_culib_present() }
}

fn load_library(settings: &AttachSettings) -> Result<(), AttachError> {
    if let Some(path) = &settings.cupti_path {
        preload(path).map_err(|e| AttachError::LibraryMissing {
            tried: format!("GPU_OTEL_CUPTI_PATH={}: {e}", path.display()),
        })?;
        return if culib_present() {
            Ok(())
        } else {
            Err(AttachError::LibraryMissing {
                tried: format!(
                    "GPU_OTEL_CUPTI_PATH={} loaded, but its soname is not libcupti.so.13",
                    path.display()
                ),
            })
        };
    }
    if culib_present() {
        return Ok(());
    }
    for path in &settings.fallback_paths {
        if path.exists() && preload(path).is_ok() && culib_present() {
            return Ok(());
        }
    }
    let tried: Vec<String> = settings
        .fallback_paths
        .iter()
        .map(|p| p.display().to_string())
        .collect();
    Err(AttachError::LibraryMissing {
        tried: format!("the library path, {}", tried.join(", ")),
    })
}

/// Loads CUPTI, takes the one subscriber slot, registers the buffer callbacks and
/// enables concurrent kernel records. Any failure leaves CUPTI unconfigured (as far
/// as CUPTI allows) and is reported to the caller, which steps aside. Runs once, on
/// the thread in `cuInit` (no other thread of the injector exists yet).
pub(crate) fn attach(settings: &AttachSettings) -> Result<Attached, AttachError> {
    load_library(settings)?;
    let _g = hold();

    let mut version = 0u32;
    // SAFETY: the library is loaded (checked above); `version` is a valid out-pointer.
    check("cuptiGetVersion", unsafe {
        sys::cuptiGetVersion(&mut version)
    })?;
    if version < sys::CUPTI_API_VERSION {
        return Err(AttachError::TooOld {
            found: version,
            needed: sys::CUPTI_API_VERSION,
        });
    }
    if !activity::install(settings.buffer_bytes, settings.max_buffers) {
        return Err(AttachError::AlreadyAttached);
    }
    entry::set_hooks(settings.hooks);

    let mut subscriber: sys::CUpti_SubscriberHandle = ptr::null_mut();
    // SAFETY: `subscriber` is a valid out-pointer; the callback is a plain function
    // that never unwinds; no domain is enabled yet.
    let r =
        unsafe { sys::cuptiSubscribe(&mut subscriber, Some(entry::on_callback), ptr::null_mut()) };
    if r == sys::CUptiResult::CUPTI_ERROR_MULTIPLE_SUBSCRIBERS_NOT_SUPPORTED {
        return Err(AttachError::OtherSubscriber);
    }
    check("cuptiSubscribe", r)?;

    if let Err(e) = activity::enable_records(settings.device_buffers) {
        // SAFETY: `subscriber` came from a successful cuptiSubscribe.
        let _ = unsafe { sys::cuptiUnsubscribe(subscriber) };
        return Err(e.into());
    }
    if settings.graph_records == crate::record::GraphRecords::Launches {
        activity::enable_graph_trace();
    }
    // The subscriber handle is kept (unsubscribed only when the application hands CUPTI
    // to its own profiler, `handoff.rs`): it holds the single CUPTI subscriber slot.
    subscriber::keep(subscriber);
    handoff::keep(handoff::Resume {
        device_buffers: settings.device_buffers,
        launch_accounting: settings.launch_accounting,
        nvtx: settings.nvtx,
    });
    if settings.launch_accounting {
        if let Err(e) = launch::enable_accounting(subscriber) {
            crate::log::line(&format!(
                "launch accounting is off: {e}; kernels CUPTI does not record cannot be counted"
            ));
        }
    }
    if settings.nvtx {
        if let Err(e) = nvtx::enable_callbacks(subscriber) {
            crate::log::line(&format!(
                "NVTX ranges cannot be followed: {e}; kernel spans only"
            ));
        }
    }
    if let Some(pc) = &settings.pc {
        if let Err(e) = pc::enable_callbacks(subscriber, pc) {
            // PC sampling cannot run; kernel spans still can. Loud, not fatal.
            crate::log::line(&format!("PC sampling cannot start: {e}; kernel spans only"));
        }
        if settings.cubin_bytes > 0 {
            if let Err(e) = sass::enable(subscriber, settings.cubin_bytes) {
                crate::log::line(&format!(
                    "cubins cannot be kept: {e}; PC samples go out without source lines"
                ));
            }
        }
    }
    Ok(Attached::new())
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
