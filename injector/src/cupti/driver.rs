//! Driver API look-ups in the libcuda the application already loaded
//! (`dlopen(RTLD_NOLOAD)`: never a second copy, never an initialiser): the calling
//! thread's `cuCtxSynchronize`, and the name and UUID of each GPU by CUDA ordinal. No
//! CUPTI call, so no guard.

use std::ffi::c_int;
use std::sync::OnceLock;

use crate::resource::{Device, DeviceTable};

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

/// The driver's device look-ups, resolved in the libcuda already loaded.
#[derive(Debug, Clone, Copy)]
struct DeviceApi {
    get: CuDeviceGet,
    get_name: CuDeviceGetName,
    get_uuid: Option<CuDeviceGetUuid>,
}

impl DeviceApi {
    fn resolve() -> Option<DeviceApi> {
        use libloading::os::unix::{Library, RTLD_NOW};
        // SAFETY: RTLD_NOLOAD only returns a handle to a library already loaded; no
        // initialiser runs.
        let lib =
            unsafe { Library::open(Some("libcuda.so.1"), RTLD_NOW | libc::RTLD_NOLOAD) }.ok()?;
        // SAFETY: these signatures are the driver API's in every CUDA version that has them.
        let get = *unsafe { lib.get::<CuDeviceGet>(b"cuDeviceGet\0") }.ok()?;
        // SAFETY: as above.
        let get_name = *unsafe { lib.get::<CuDeviceGetName>(b"cuDeviceGetName\0") }.ok()?;
        // SAFETY: as above; the _v2 entry point exists since CUDA 11.4.
        let get_uuid = unsafe { lib.get::<CuDeviceGetUuid>(b"cuDeviceGetUuid_v2\0") }
            .ok()
            .map(|s| *s);
        std::mem::forget(lib);
        Some(DeviceApi {
            get,
            get_name,
            get_uuid,
        })
    }

    /// Name and UUID of CUDA ordinal `ordinal`, as this process numbers devices (after
    /// `CUDA_VISIBLE_DEVICES`: the driver maps the ordinal to the physical GPU, whose
    /// UUID it returns). Retries while the driver is not ready, until `deadline`.
    fn describe(&self, ordinal: u32, deadline: std::time::Instant) -> Option<Device> {
        let ordinal = c_int::try_from(ordinal).ok()?;
        let mut dev: c_int = 0;
        // SAFETY: a valid out-pointer; the driver only writes `dev`.
        while unsafe { (self.get)(&mut dev, ordinal) } != 0 {
            if std::time::Instant::now() >= deadline {
                return None;
            }
            std::thread::sleep(std::time::Duration::from_millis(10));
        }
        let mut buf = [0 as std::ffi::c_char; 256];
        // SAFETY: `buf` holds 256 bytes and the driver writes at most that, NUL-terminated.
        if unsafe { (self.get_name)(buf.as_mut_ptr(), buf.len() as c_int, dev) } != 0 {
            return None;
        }
        // SAFETY: NUL-terminated by the driver within `buf` (zeroed beforehand).
        let name = unsafe { std::ffi::CStr::from_ptr(buf.as_ptr()) }
            .to_string_lossy()
            .into_owned();
        let uuid = self.get_uuid.and_then(|f| {
            let mut u = [0u8; 16];
            // SAFETY: `u` is the 16-byte CUuuid the driver fills.
            (unsafe { f(&mut u, dev) } == 0).then(|| format_uuid(u))
        });
        Some(Device { name, uuid })
    }
}

/// The GPUs of this process, named by the libcuda it already loaded. The first look-up
/// may wait (up to `wait`) for the application's `cuInit` to finish; later ones do not.
#[derive(Debug)]
pub(crate) struct DriverDevices {
    wait: std::time::Duration,
    api: Option<Option<DeviceApi>>,
}

impl DriverDevices {
    pub(crate) fn new(wait: std::time::Duration) -> Self {
        DriverDevices { wait, api: None }
    }
}

impl DeviceTable for DriverDevices {
    fn describe(&mut self, ordinal: u32) -> Option<Device> {
        let deadline = std::time::Instant::now() + self.wait;
        let api = (*self.api.get_or_insert_with(DeviceApi::resolve))?;
        // Once the driver answered, it is ready: never wait again.
        self.wait = std::time::Duration::ZERO;
        api.describe(ordinal, deadline)
    }
}

/// `GPU-` and the UUID's 8-4-4-4-12 hex digits, nvidia-smi's form.
fn format_uuid(u: [u8; 16]) -> String {
    format!("GPU-{}", uuid::Uuid::from_bytes(u).hyphenated())
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
            super::format_uuid(u),
            "GPU-67ae97af-6827-42d4-18e1-38e4698c5eba"
        );
    }

    #[test]
    fn without_libcuda_no_device_is_named_and_nothing_waits_long() {
        use crate::resource::DeviceTable;
        let t = std::time::Instant::now();
        let mut table = super::DriverDevices::new(std::time::Duration::from_secs(5));
        assert_eq!(table.describe(0), None);
        assert_eq!(table.describe(3), None);
        assert!(t.elapsed() < std::time::Duration::from_secs(1));
    }
}
