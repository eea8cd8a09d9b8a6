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

/// What to do with `GPU_OTEL_CUPTI_PATH` (`wanted`) given the libcupti files the process
/// already holds (`held`, canonical): load it, unless another copy is held. A second
/// copy would leave the user's profiler no CUPTI to take over (PyTorch's wheel brings
/// its own; `library.rs`), so the held one is used and the setting is reported unmet.
fn second_copy_avoided(wanted: &Path, held: &[PathBuf]) -> Option<String> {
    let wanted_real = std::fs::canonicalize(wanted).unwrap_or_else(|_| wanted.to_path_buf());
    if held.is_empty() || held.contains(&wanted_real) {
        return None;
    }
    Some(format!(
        "GPU_OTEL_CUPTI_PATH={} not loaded: the process already holds {}, and CUPTI's subscriber (which a profiler hand-off passes on) lives in one copy; the injector uses the one held",
        wanted.display(),
        super::library::list(held)
    ))
}

/// cudarc asks the loader for `libcupti.so.13`, which answers with the first object of
/// that soname: where the process held two copies before the injector came, it may not
/// be the preloaded one. Says so rather than leave the setting silently unmet.
fn say_if_another_copy_is_called(wanted: &Path) {
    let Ok(used) = super::library::loaded_cupti() else {
        return;
    };
    if std::fs::canonicalize(&used).ok() != std::fs::canonicalize(wanted).ok() {
        crate::log::line(&format!(
            "GPU_OTEL_CUPTI_PATH={} is loaded, but CUPTI's calls go to {} (an earlier copy of the same soname)",
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
    let explicit = settings.cupti_path.as_deref().filter(|path| {
        let why = second_copy_avoided(path, &super::library::cupti_objects());
        why.inspect(|why| crate::log::line(why)).is_none()
    });
    if let Some(path) = explicit {
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
        tried: format!(
            "the library path, {}{}",
            tried.join(", "),
            other_version_held(&super::library::cupti_objects())
        ),
    })
}

/// What to add when no libcupti.so.13 was found but the process holds another CUPTI: a
/// CUDA 12 image (PyTorch's cu12 wheels load `libcupti.so.12` at `import torch`) is the
/// usual reason, and the fix is an image or a CUPTI of CUDA 13, not a path.
fn other_version_held(held: &[PathBuf]) -> String {
    if held.is_empty() {
        return String::new();
    }
    format!(
        "; the process holds {}, which this build does not read: it needs CUDA 13's CUPTI \
         (libcupti.so.13; a CUDA 13 image, or GPU_OTEL_CUPTI_PATH naming one) and a driver \
         of r580 or newer",
        super::library::list(held)
    )
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
    fn a_missing_cupti_13_names_the_other_cupti_the_process_holds() {
        assert_eq!(other_version_held(&[]), "");
        let line = other_version_held(&[PathBuf::from(
            "/opt/venv/lib/python3.11/site-packages/nvidia/cuda_cupti/lib/libcupti.so.12",
        )]);
        assert!(
            line.contains("nvidia/cuda_cupti/lib/libcupti.so.12"),
            "{line}"
        );
        assert!(
            line.contains("libcupti.so.13") && line.contains("r580"),
            "{line}"
        );
    }

    #[test]
    fn cudarc_asks_for_the_versioned_soname_first_so_the_copy_a_process_holds_is_shared() {
        // The patch of vendor/cudarc: an already-loaded libcupti answers to its soname.
        let names = cudarc::get_lib_name_candidates("cupti");
        assert_eq!(names[0], "libcupti.so.13");
        assert!(names.contains(&"libcupti.so".to_string()));
    }

    #[test]
    fn the_cupti_path_setting_is_loaded_when_the_process_holds_no_copy_or_that_file() {
        let dir = std::env::temp_dir().join(format!("gpu-otel-cupti-path-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join("libcupti.so.13");
        std::fs::write(&file, b"").unwrap();
        let link = dir.join("libcupti.so");
        let _ = std::fs::remove_file(&link);
        std::os::unix::fs::symlink("libcupti.so.13", &link).unwrap();
        assert_eq!(second_copy_avoided(&link, &[]), None);
        let held = [std::fs::canonicalize(&file).unwrap()];
        assert_eq!(
            second_copy_avoided(&link, &held),
            None,
            "a symlink to the held file"
        );
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn the_cupti_path_setting_is_not_loaded_beside_another_held_copy_and_the_log_names_it() {
        let held = [PathBuf::from("/venv/nvidia/cu13/lib/libcupti.so.13")];
        let why = second_copy_avoided(Path::new("/usr/local/cuda/lib64/libcupti.so"), &held)
            .expect("a second copy is avoided");
        assert!(
            why.contains("GPU_OTEL_CUPTI_PATH=/usr/local/cuda/lib64/libcupti.so not loaded"),
            "{why}"
        );
        assert!(
            why.contains("/venv/nvidia/cu13/lib/libcupti.so.13"),
            "{why}"
        );
    }
}
