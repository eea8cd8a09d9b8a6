//! Finding and loading libcupti, and attaching to it: the subscriber slot, the
//! activity buffer callbacks and the callbacks PC sampling needs. The top of `cupti`:
//! it wires the other files together and none of them imports it.

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

/// Loads `path` with RTLD_GLOBAL and keeps it loaded for the life of the process,
/// so that cudarc's own `dlopen("libcupti.so.13")` finds it by its soname (unless its
/// earlier `dlopen("libcupti.so")` finds a file: [`say_if_another_copy_is_called`]).
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

/// cudarc asks the loader for `libcupti.so` before `libcupti.so.13`, so where the
/// toolkit's `libcupti.so` is on the library path its calls go there, whatever
/// `GPU_OTEL_CUPTI_PATH` preloaded. Says so rather than leave the setting silently unmet.
fn say_if_another_copy_is_called(wanted: &Path) {
    let Ok(used) = super::library::loaded_cupti() else {
        return;
    };
    if std::fs::canonicalize(&used).ok() != std::fs::canonicalize(wanted).ok() {
        crate::log::line(&format!(
            "GPU_OTEL_CUPTI_PATH={} is loaded, but CUPTI's calls go to {} (cudarc asks the loader for libcupti.so first, and that name finds it): put a libcupti.so that is the wanted library first on LD_LIBRARY_PATH",
            wanted.display(),
            used.display()
        ));
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
            say_if_another_copy_is_called(path);
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
