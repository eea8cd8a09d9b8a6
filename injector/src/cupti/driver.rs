//! Driver API look-ups in the libcuda the application already loaded
//! (`dlopen(RTLD_NOLOAD)`: never a second copy, never an initialiser): the calling
//! thread's `cuCtxSynchronize`, and the name and UUID of device 0. No CUPTI call, so
//! no guard.

use std::ffi::c_int;
use std::sync::OnceLock;

type CuCtxSynchronize = unsafe extern "C" fn() -> c_int;

static SYNC: OnceLock<Option<CuCtxSynchronize>> = OnceLock::new();

/// Looks `cuCtxSynchronize` up once. Called at attach, on the thread in `cuInit`, so
/// that launch callbacks only read the result.
pub(super) fn resolve_ctx_synchronize() -> Option<CuCtxSynchronize> {
    *SYNC.get_or_init(|| {
        use libloading::os::unix::{Library, RTLD_NOW};
        // SAFETY: RTLD_NOLOAD only returns a handle to a library already loaded
        // (libcuda is: the driver is calling us); no initialiser runs.
        let lib =
            unsafe { Library::open(Some("libcuda.so.1"), RTLD_NOW | libc::RTLD_NOLOAD) }.ok()?;
        // SAFETY: cuCtxSynchronize has this signature in every CUDA version.
        let sym = unsafe { lib.get::<CuCtxSynchronize>(b"cuCtxSynchronize\0") }.ok()?;
        let f = *sym;
        std::mem::forget(lib);
        Some(f)
    })
}

/// `cuCtxSynchronize` of the calling thread's context, called outside the guard.
/// `Err` names why not.
pub(crate) fn ctx_synchronize() -> Result<(), &'static str> {
    let Some(f) = resolve_ctx_synchronize() else {
        return Err("missing");
    };
    // SAFETY: a plain driver call on the application's own thread.
    if unsafe { f() } == 0 {
        Ok(())
    } else {
        Err("failed")
    }
}

type CuDeviceGet = unsafe extern "C" fn(*mut c_int, c_int) -> c_int;
type CuDeviceGetName = unsafe extern "C" fn(*mut std::ffi::c_char, c_int, c_int) -> c_int;
type CuDeviceGetUuid = unsafe extern "C" fn(*mut [u8; 16], c_int) -> c_int;

/// Name and UUID (`GPU-xxxxxxxx-…`, as nvidia-smi prints it) of CUDA device 0, from the
/// libcuda already loaded. Called on the injector's own thread while the application's
/// `cuInit` may still be running, so it retries until the driver answers, for at most
/// `wait`. `None` without libcuda or when the driver never answers.
pub(crate) fn first_device(wait: std::time::Duration) -> Option<(String, Option<String>)> {
    use libloading::os::unix::{Library, RTLD_NOW};
    // SAFETY: RTLD_NOLOAD only returns a handle to a library already loaded; no
    // initialiser runs.
    let lib = unsafe { Library::open(Some("libcuda.so.1"), RTLD_NOW | libc::RTLD_NOLOAD) }.ok()?;
    // SAFETY: these signatures are the driver API's in every CUDA version that has them.
    let get = *unsafe { lib.get::<CuDeviceGet>(b"cuDeviceGet\0") }.ok()?;
    // SAFETY: as above.
    let get_name = *unsafe { lib.get::<CuDeviceGetName>(b"cuDeviceGetName\0") }.ok()?;
    // SAFETY: as above; the _v2 entry point exists since CUDA 11.4.
    let get_uuid = unsafe { lib.get::<CuDeviceGetUuid>(b"cuDeviceGetUuid_v2\0") }
        .ok()
        .map(|s| *s);
    std::mem::forget(lib);
    let deadline = std::time::Instant::now() + wait;
    let mut dev: c_int = 0;
    // SAFETY: a valid out-pointer and ordinal 0; the driver only writes `dev`.
    while unsafe { get(&mut dev, 0) } != 0 {
        if std::time::Instant::now() >= deadline {
            return None;
        }
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    let mut buf = [0 as std::ffi::c_char; 256];
    // SAFETY: `buf` holds 256 bytes and the driver writes at most that, NUL-terminated.
    if unsafe { get_name(buf.as_mut_ptr(), buf.len() as c_int, dev) } != 0 {
        return None;
    }
    // SAFETY: NUL-terminated by the driver within `buf` (zeroed beforehand).
    let name = unsafe { std::ffi::CStr::from_ptr(buf.as_ptr()) }
        .to_string_lossy()
        .into_owned();
    let uuid = get_uuid.and_then(|f| {
        let mut u = [0u8; 16];
        // SAFETY: `u` is the 16-byte CUuuid the driver fills.
        (unsafe { f(&mut u, dev) } == 0).then(|| format_uuid(&u))
    });
    Some((name, uuid))
}

/// `GPU-` and the 16 bytes as 8-4-4-4-12 hex digits, nvidia-smi's form.
fn format_uuid(u: &[u8; 16]) -> String {
    let h: String = u.iter().map(|b| format!("{b:02x}")).collect();
    format!(
        "GPU-{}-{}-{}-{}-{}",
        &h[0..8],
        &h[8..12],
        &h[12..16],
        &h[16..20],
        &h[20..32]
    )
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_device_uuid_reads_as_nvidia_smi_prints_it() {
        let u = [
            0x67, 0xae, 0x97, 0xaf, 0x68, 0x27, 0x42, 0xd4, 0x18, 0xe1, 0x38, 0xe4, 0x69, 0x8c,
            0x5e, 0xba,
        ];
        assert_eq!(
            super::format_uuid(&u),
            "GPU-67ae97af-6827-42d4-18e1-38e4698c5eba"
        );
    }

    #[test]
    fn without_libcuda_no_device_is_named_and_nothing_waits_long() {
        let t = std::time::Instant::now();
        assert_eq!(super::first_device(std::time::Duration::from_secs(5)), None);
        assert!(t.elapsed() < std::time::Duration::from_secs(1));
    }
}
