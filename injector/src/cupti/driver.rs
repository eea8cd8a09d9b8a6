//! Driver API look-ups in the libcuda the application already loaded
//! (`dlopen(RTLD_NOLOAD)`: never a second copy, never an initialiser): the calling
//! thread's `cuCtxSynchronize`, the kernel nodes of a graph, and the name and UUID of
//! each GPU by CUDA ordinal. No CUPTI call, so no guard.

use std::ffi::c_int;
use std::sync::OnceLock;

use crate::resource::{device_uuid, Device, DeviceTable};

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

type CuGraphGetNodes = unsafe extern "C" fn(usize, *mut usize, *mut usize) -> c_int;
type CuGraphNodeGetType = unsafe extern "C" fn(usize, *mut c_int) -> c_int;
type CuGraphChildGraphNodeGetGraph = unsafe extern "C" fn(usize, *mut usize) -> c_int;

/// The driver's graph look-ups.
#[derive(Debug, Clone, Copy)]
struct GraphApi {
    get_nodes: CuGraphGetNodes,
    node_type: CuGraphNodeGetType,
    child_graph: CuGraphChildGraphNodeGetGraph,
}

static GRAPH_API: OnceLock<Option<GraphApi>> = OnceLock::new();

/// Node types (`CUgraphNodeType`) that decide a graph's kernel count.
const NODE_KERNEL: c_int = 0;
const NODE_CHILD_GRAPH: c_int = 4;
const NODE_CONDITIONAL: c_int = 13;
/// Child graphs followed this deep, and nodes read in all, before a graph counts as
/// unknown (a look-up in a callback on the application's thread stays short).
const GRAPH_DEPTH_MAX: u32 = 8;
const GRAPH_NODES_MAX: usize = 1 << 20;

/// Looks the graph functions up once. Called at attach, on the thread in `cuInit`.
pub(super) fn resolve_graph_api() {
    GRAPH_API.get_or_init(|| {
        use libloading::os::unix::{Library, RTLD_NOW};
        // SAFETY: RTLD_NOLOAD only returns a handle to a library already loaded.
        let lib =
            unsafe { Library::open(Some("libcuda.so.1"), RTLD_NOW | libc::RTLD_NOLOAD) }.ok()?;
        // SAFETY: these signatures are the driver API's (CUDA 10.0 and newer), with the
        // opaque handles as addresses.
        let api = unsafe {
            GraphApi {
                get_nodes: *lib.get::<CuGraphGetNodes>(b"cuGraphGetNodes\0").ok()?,
                node_type: *lib
                    .get::<CuGraphNodeGetType>(b"cuGraphNodeGetType\0")
                    .ok()?,
                child_graph: *lib
                    .get::<CuGraphChildGraphNodeGetGraph>(b"cuGraphChildGraphNodeGetGraph\0")
                    .ok()?,
            }
        };
        std::mem::forget(lib);
        Some(api)
    });
}

/// The kernel executions one launch of `graph` makes: its kernel nodes, those of its
/// child graphs included. `None` when that is not fixed (a conditional node runs its
/// body a number of times only the GPU knows) or not known (no driver, a failed
/// look-up, a graph past the bounds above). Called on the instantiating thread, where
/// the graph is alive.
pub(super) fn graph_kernel_nodes(graph: usize) -> Option<u64> {
    let api = (*GRAPH_API.get()?)?;
    let mut budget = GRAPH_NODES_MAX;
    count_kernels(&api, graph, 0, &mut budget)
}

fn count_kernels(api: &GraphApi, graph: usize, depth: u32, budget: &mut usize) -> Option<u64> {
    if depth > GRAPH_DEPTH_MAX || graph == 0 {
        return None;
    }
    let mut n = 0usize;
    // SAFETY: a null array asks for the count only; `n` is a valid out-pointer.
    if unsafe { (api.get_nodes)(graph, std::ptr::null_mut(), &mut n) } != 0 || n > *budget {
        return None;
    }
    *budget -= n;
    let mut nodes = vec![0usize; n];
    // SAFETY: `nodes` holds `n` handles, the count the driver just gave.
    if n > 0 && unsafe { (api.get_nodes)(graph, nodes.as_mut_ptr(), &mut n) } != 0 {
        return None;
    }
    let mut kernels = 0u64;
    for node in nodes.into_iter().take(n) {
        let mut ty: c_int = -1;
        // SAFETY: a node handle of this graph; `ty` is a valid out-pointer.
        if unsafe { (api.node_type)(node, &mut ty) } != 0 {
            return None;
        }
        match ty {
            NODE_KERNEL => kernels += 1,
            NODE_CONDITIONAL => return None,
            NODE_CHILD_GRAPH => {
                let mut child = 0usize;
                // SAFETY: a child-graph node of this graph; a valid out-pointer.
                if unsafe { (api.child_graph)(node, &mut child) } != 0 {
                    return None;
                }
                kernels += count_kernels(api, child, depth + 1, budget)?;
            }
            _ => {}
        }
    }
    Some(kernels)
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
    fn describe(
        &self,
        ordinal: u32,
        deadline: std::time::Instant,
        visible: &Option<String>,
    ) -> Option<Device> {
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
        let hex = self.get_uuid.and_then(|f| {
            let mut u = [0u8; 16];
            // SAFETY: `u` is the 16-byte CUuuid the driver fills.
            (unsafe { f(&mut u, dev) } == 0).then(|| hex_uuid(u))
        });
        let (uuid, mig) = match hex {
            Some(hex) => {
                let (uuid, mig) =
                    device_uuid(&hex, super::nvml::uuid_kind(&hex), visible.as_deref());
                (Some(uuid), mig)
            }
            None => (None, None),
        };
        Some(Device { name, uuid, mig })
    }
}

/// The GPUs of this process, named by the libcuda it already loaded (and NVML, which
/// tells a MIG instance from a GPU). The first look-up may wait (up to `wait`) for the
/// application's `cuInit` to finish; later ones do not.
#[derive(Debug)]
pub(crate) struct DriverDevices {
    wait: std::time::Duration,
    api: Option<Option<DeviceApi>>,
    /// `CUDA_VISIBLE_DEVICES`: names MIG instances where NVML cannot be asked.
    visible: Option<String>,
}

impl DriverDevices {
    pub(crate) fn new(wait: std::time::Duration, visible: Option<String>) -> Self {
        DriverDevices {
            wait,
            api: None,
            visible,
        }
    }
}

impl DeviceTable for DriverDevices {
    fn describe(&mut self, ordinal: u32) -> Option<Device> {
        let deadline = std::time::Instant::now() + self.wait;
        let api = (*self.api.get_or_insert_with(DeviceApi::resolve))?;
        // Once the driver answered, it is ready: never wait again.
        self.wait = std::time::Duration::ZERO;
        api.describe(ordinal, deadline, &self.visible)
    }
}

/// The UUID's 8-4-4-4-12 hex digits, nvidia-smi's form without its `GPU-`/`MIG-`.
fn hex_uuid(u: [u8; 16]) -> String {
    uuid::Uuid::from_bytes(u).hyphenated().to_string()
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_device_uuid_reads_as_nvidia_smi_prints_it() {
        let u = [
            0x67, 0xae, 0x97, 0xaf, 0x68, 0x27, 0x42, 0xd4, 0x18, 0xe1, 0x38, 0xe4, 0x69, 0x8c,
            0x5e, 0xba,
        ];
        assert_eq!(super::hex_uuid(u), "67ae97af-6827-42d4-18e1-38e4698c5eba");
    }

    /// A fake driver's graphs: graph 1 holds two kernels, a memcpy and a child graph
    /// (graph 2: three kernels); graph 3 holds a kernel and a conditional node; graph
    /// 4 is its own child (a loop no driver makes, bounded all the same).
    mod fake_graphs {
        use std::ffi::c_int;

        fn nodes(graph: usize) -> Option<&'static [(usize, c_int)]> {
            Some(match graph {
                1 => &[(10, 0), (11, 0), (12, 1), (13, 4)],
                2 => &[(20, 0), (21, 0), (22, 0)],
                3 => &[(30, 0), (31, 13)],
                4 => &[(40, 4)],
                _ => return None,
            })
        }

        pub(super) unsafe extern "C" fn get_nodes(
            graph: usize,
            out: *mut usize,
            n: *mut usize,
        ) -> c_int {
            let Some(list) = nodes(graph) else {
                return 400; // CUDA_ERROR_INVALID_HANDLE
            };
            // SAFETY: the caller passes valid pointers, `out` holding `*n` entries.
            unsafe {
                if !out.is_null() {
                    for (i, (node, _)) in list.iter().enumerate().take(*n) {
                        *out.add(i) = *node;
                    }
                }
                *n = list.len();
            }
            0
        }

        pub(super) unsafe extern "C" fn node_type(node: usize, ty: *mut c_int) -> c_int {
            let found = [1, 2, 3, 4]
                .iter()
                .flat_map(|g| nodes(*g).unwrap())
                .find(|(n, _)| *n == node);
            match found {
                // SAFETY: a valid out-pointer.
                Some((_, t)) => unsafe {
                    *ty = *t;
                    0
                },
                None => 400,
            }
        }

        pub(super) unsafe extern "C" fn child_graph(node: usize, graph: *mut usize) -> c_int {
            // SAFETY: a valid out-pointer.
            unsafe {
                *graph = match node {
                    13 => 2,
                    40 => 4,
                    _ => return 400,
                }
            };
            0
        }
    }

    #[test]
    fn a_graphs_kernels_are_its_kernel_nodes_and_its_child_graphs_and_a_conditional_is_unknown() {
        let api = super::GraphApi {
            get_nodes: fake_graphs::get_nodes,
            node_type: fake_graphs::node_type,
            child_graph: fake_graphs::child_graph,
        };
        let count = |g| super::count_kernels(&api, g, 0, &mut super::GRAPH_NODES_MAX.clone());
        assert_eq!(count(1), Some(5));
        assert_eq!(count(2), Some(3));
        assert_eq!(
            count(3),
            None,
            "a conditional node runs its body an unknown number of times"
        );
        assert_eq!(count(4), None, "nesting past the bound");
        assert_eq!(count(99), None, "a failed look-up");
        let mut small = 3;
        assert_eq!(
            super::count_kernels(&api, 1, 0, &mut small),
            None,
            "past the node budget"
        );
    }

    #[test]
    fn without_libcuda_a_graph_has_no_known_kernel_count() {
        super::resolve_graph_api();
        assert_eq!(super::graph_kernel_nodes(0x1000), None);
    }

    #[test]
    fn without_libcuda_no_device_is_named_and_nothing_waits_long() {
        use crate::resource::DeviceTable;
        let t = std::time::Instant::now();
        let mut table = super::DriverDevices::new(std::time::Duration::from_secs(5), None);
        assert_eq!(table.describe(0), None);
        assert_eq!(table.describe(3), None);
        assert!(t.elapsed() < std::time::Duration::from_secs(1));
    }
}
