//! Which API callbacks are launches, and what a launch callback says: the callback ids
//! of kernel launches, graph launches and stream captures (runtime and driver API),
//! the parameters the launch accounting reads (a graph launch's exec), and the
//! callbacks it needs switched on (the driver's launches and captures, the RESOURCE
//! domain's graph exec creation and destruction).

use std::ffi::c_void;

use cudarc::cupti::sys;

use super::guard::hold;
use super::{check, driver, CuptiError};
use crate::completeness::Launch;

/// Kernel launch callback ids, runtime API (cupti_runtime_cbid.h).
pub(super) const RUNTIME_LAUNCHES: &[u32] = &[
    13,  // cudaLaunch_v3020
    211, // cudaLaunchKernel_v7000
    214, // cudaLaunchKernel_ptsz_v7000
    269, // cudaLaunchCooperativeKernel_v9000
    270, // cudaLaunchCooperativeKernel_ptsz_v9000
    430, // cudaLaunchKernelExC_v11060
    431, // cudaLaunchKernelExC_ptsz_v11060
];
/// One launch, several kernels (one per device), runtime API.
pub(super) const RUNTIME_MULTI_DEVICE: u32 = 272; // cudaLaunchCooperativeKernelMultiDevice_v9000
/// Graph launches, runtime API (the exec is their first parameter).
const RUNTIME_GRAPH_EXECUTIONS: &[u32] = &[
    311, // cudaGraphLaunch_v10000
    312, // cudaGraphLaunch_ptsz_v10000
];
/// Stream captures (which build graphs), runtime API.
const RUNTIME_CAPTURES: &[u32] = &[
    315, // cudaStreamBeginCapture_v10000
    316, // cudaStreamBeginCapture_ptsz_v10000
    452, // cudaStreamBeginCaptureToGraph_v12030
    453, // cudaStreamBeginCaptureToGraph_ptsz_v12030
];
/// The end of a stream capture, runtime API.
const RUNTIME_CAPTURE_ENDS: &[u32] = &[
    319, // cudaStreamEndCapture_v10000
    320, // cudaStreamEndCapture_ptsz_v10000
];
/// Graph launches and stream captures, runtime API, for PC sampling: a capture counts
/// as graph use because a burst's cuCtxSynchronize inside a global-mode capture would
/// invalidate the application's capture.
pub(super) const RUNTIME_GRAPH_LAUNCHES: &[u32] = &[311, 312, 315, 316, 452, 453];

/// `cuLaunchKernel`'s driver API callback id.
pub(super) const CBID_CU_LAUNCH_KERNEL: u32 = 307;
/// Kernel launch callback ids, driver API (cupti_driver_cbid.h).
pub(super) const DRIVER_LAUNCHES: &[u32] = &[
    115, // cuLaunch
    116, // cuLaunchGrid
    117, // cuLaunchGridAsync
    307, // cuLaunchKernel
    442, // cuLaunchKernel_ptsz
    477, // cuLaunchCooperativeKernel
    478, // cuLaunchCooperativeKernel_ptsz
    652, // cuLaunchKernelEx
    653, // cuLaunchKernelEx_ptsz
];
/// One launch, several kernels (one per device), driver API.
pub(super) const DRIVER_MULTI_DEVICE: u32 = 480; // cuLaunchCooperativeKernelMultiDevice
/// Graph launches whose exec is their first parameter, driver API.
const DRIVER_GRAPH_EXEC_FIRST: &[u32] = &[
    514, // cuGraphLaunch
    515, // cuGraphLaunch_ptsz
];
/// A graph launch whose parameters this build does not read (CUDA 13.1's
/// `cuGraphLaunchWithArguments`): counted as uncountable.
const DRIVER_GRAPH_OTHER: u32 = 819;
/// Graph launches (their kernels share the launch's correlation id), driver API.
pub(super) const DRIVER_GRAPH_EXECUTIONS: &[u32] = &[514, 515, 819];
/// Stream captures, driver API.
const DRIVER_CAPTURES: &[u32] = &[
    495, // cuStreamBeginCapture
    496, // cuStreamBeginCapture_ptsz
    539, // cuStreamBeginCapture_v2
    540, // cuStreamBeginCapture_v2_ptsz
    720, // cuStreamBeginCaptureToGraph
    721, // cuStreamBeginCaptureToGraph_ptsz
    783, // cuStreamBeginCaptureToCig
    814, // cuStreamBeginCaptureToCig_ptsz
];
/// The end of a stream capture, driver API.
const DRIVER_CAPTURE_ENDS: &[u32] = &[
    497, // cuStreamEndCapture
    498, // cuStreamEndCapture_ptsz
    815, // cuStreamEndCaptureToCig
];
/// Graph launches and stream captures, driver API, for PC sampling.
pub(super) const DRIVER_GRAPH_LAUNCHES: &[u32] =
    &[514, 515, 819, 495, 496, 539, 540, 720, 721, 783, 814];

/// RESOURCE callback ids of graph execs (cupti_callbacks.h).
pub(super) const CBID_GRAPHEXEC_CREATED: u32 = 18;
pub(super) const CBID_GRAPHEXEC_DESTROY_STARTING: u32 = 19;

/// What one API callback is, for the launch accounting and PC sampling.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Kind {
    /// A kernel launch: one execution.
    Kernel,
    /// A kernel launch on several devices at once: executions unknown here.
    MultiDevice,
    /// A graph launch whose exec is its first parameter.
    Graph,
    /// A graph launch whose parameters are not read.
    GraphOther,
    /// A stream capture begins.
    CaptureBegin,
    /// A stream capture ends.
    CaptureEnd,
}

impl Kind {
    /// Whether PC sampling and NVTX treat it as a launch (a capture's end is not).
    pub(super) fn is_launch(self) -> bool {
        self != Kind::CaptureEnd
    }

    /// Whether PC sampling treats it as graph use (graph launches and captures).
    pub(super) fn is_graph(self) -> bool {
        matches!(self, Kind::Graph | Kind::GraphOther | Kind::CaptureBegin)
    }
}

/// What an API callback id is, if it is one the injector follows.
pub(super) fn kind(domain: sys::CUpti_CallbackDomain, cbid: u32) -> Option<Kind> {
    use sys::CUpti_CallbackDomain::{CUPTI_CB_DOMAIN_DRIVER_API, CUPTI_CB_DOMAIN_RUNTIME_API};
    let k = match domain {
        CUPTI_CB_DOMAIN_RUNTIME_API => match cbid {
            c if RUNTIME_LAUNCHES.contains(&c) => Kind::Kernel,
            RUNTIME_MULTI_DEVICE => Kind::MultiDevice,
            c if RUNTIME_GRAPH_EXECUTIONS.contains(&c) => Kind::Graph,
            c if RUNTIME_CAPTURES.contains(&c) => Kind::CaptureBegin,
            c if RUNTIME_CAPTURE_ENDS.contains(&c) => Kind::CaptureEnd,
            _ => return None,
        },
        CUPTI_CB_DOMAIN_DRIVER_API => match cbid {
            c if DRIVER_LAUNCHES.contains(&c) => Kind::Kernel,
            DRIVER_MULTI_DEVICE => Kind::MultiDevice,
            c if DRIVER_GRAPH_EXEC_FIRST.contains(&c) => Kind::Graph,
            DRIVER_GRAPH_OTHER => Kind::GraphOther,
            c if DRIVER_CAPTURES.contains(&c) => Kind::CaptureBegin,
            c if DRIVER_CAPTURE_ENDS.contains(&c) => Kind::CaptureEnd,
            _ => return None,
        },
        _ => return None,
    };
    Some(k)
}

/// Whether the call a callback reports returned success (CUresult and cudaError_t are
/// both 0 for success). Only meaningful at the exit site.
pub(super) fn succeeded(cb: &sys::CUpti_CallbackData) -> bool {
    if cb.functionReturnValue.is_null() {
        return false;
    }
    // SAFETY: at the exit site CUPTI points the return value at the call's int result.
    unsafe { std::ptr::read_unaligned(cb.functionReturnValue as *const i32) == 0 }
}

/// The launch the accounting counts for an outermost launch that succeeded (`id`: the
/// outermost callback's correlation id, which the records carry).
pub(super) fn accounted(kind: Kind, id: u32, cb: &sys::CUpti_CallbackData) -> Option<Launch> {
    Some(match kind {
        Kind::Kernel => Launch::Kernel { correlation_id: id },
        Kind::Graph => {
            if cb.functionParams.is_null() {
                return Some(Launch::Uncountable { correlation_id: id });
            }
            // SAFETY: cuGraphLaunch(_ptsz) and cudaGraphLaunch(_ptsz) take the exec
            // handle as their first parameter; CUPTI points at their parameter struct.
            let exec = unsafe { std::ptr::read_unaligned(cb.functionParams as *const usize) };
            Launch::Graph {
                correlation_id: id,
                exec,
            }
        }
        Kind::MultiDevice | Kind::GraphOther => Launch::Uncountable { correlation_id: id },
        Kind::CaptureBegin | Kind::CaptureEnd => return None,
    })
}

/// A graph exec created or being destroyed (RESOURCE callback), as an accounting event:
/// at creation, with the kernel nodes its graph holds (a driver look-up on the
/// instantiating thread, where the graph is alive).
///
/// # Safety
/// `data` is the `CUpti_ResourceData` of a graph exec RESOURCE callback.
pub(super) unsafe fn graph_exec(cbid: u32, data: *const c_void) -> Option<Launch> {
    // SAFETY: the caller's promise: RESOURCE callbacks pass a CUpti_ResourceData, whose
    // descriptor for graph callbacks is a CUpti_GraphData.
    let graph = unsafe {
        let d = (*(data as *const sys::CUpti_ResourceData)).resourceDescriptor;
        if d.is_null() {
            return None;
        }
        std::ptr::read_unaligned(d as *const sys::CUpti_GraphData)
    };
    let exec = graph.graphExec as usize;
    match cbid {
        CBID_GRAPHEXEC_CREATED => Some(Launch::ExecCreated {
            exec,
            kernels: driver::graph_kernel_nodes(graph.graph as usize),
        }),
        CBID_GRAPHEXEC_DESTROY_STARTING => Some(Launch::ExecDestroyed { exec }),
        _ => None,
    }
}

/// Switches on the callbacks the launch accounting needs: the driver API's kernel and
/// graph launches and stream captures, and graph exec creation and destruction. At
/// attach, with the subscriber just made. An id this CUPTI does not know is skipped,
/// but `cuLaunchKernel` and the graph exec callbacks must be there.
pub(super) fn enable_accounting(subscriber: sys::CUpti_SubscriberHandle) -> Result<(), CuptiError> {
    let _g = hold();
    let drv = sys::CUpti_CallbackDomain::CUPTI_CB_DOMAIN_DRIVER_API;
    let res = sys::CUpti_CallbackDomain::CUPTI_CB_DOMAIN_RESOURCE;
    let ids = DRIVER_LAUNCHES
        .iter()
        .chain([&DRIVER_MULTI_DEVICE])
        .chain(DRIVER_GRAPH_EXECUTIONS)
        .chain(DRIVER_CAPTURES)
        .chain(DRIVER_CAPTURE_ENDS);
    for id in ids {
        // SAFETY: a subscriber from a successful cuptiSubscribe; a valid domain.
        let r = unsafe { sys::cuptiEnableCallback(1, subscriber, drv, *id) };
        if *id == CBID_CU_LAUNCH_KERNEL {
            check("cuptiEnableCallback(cuLaunchKernel)", r)?;
        }
    }
    for id in [CBID_GRAPHEXEC_CREATED, CBID_GRAPHEXEC_DESTROY_STARTING] {
        // SAFETY: as above.
        check("cuptiEnableCallback(RESOURCE graph exec)", unsafe {
            sys::cuptiEnableCallback(1, subscriber, res, id)
        })?;
    }
    // Resolved now, on the thread in cuInit, so that no callback waits for the lookup.
    driver::resolve_graph_api();
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use sys::CUpti_CallbackDomain::{CUPTI_CB_DOMAIN_DRIVER_API, CUPTI_CB_DOMAIN_RUNTIME_API};

    #[test]
    fn every_callback_id_has_one_kind_and_a_capture_end_is_not_a_launch() {
        assert_eq!(kind(CUPTI_CB_DOMAIN_DRIVER_API, 307), Some(Kind::Kernel));
        assert_eq!(kind(CUPTI_CB_DOMAIN_DRIVER_API, 514), Some(Kind::Graph));
        assert_eq!(
            kind(CUPTI_CB_DOMAIN_DRIVER_API, 819),
            Some(Kind::GraphOther)
        );
        assert_eq!(
            kind(CUPTI_CB_DOMAIN_DRIVER_API, 480),
            Some(Kind::MultiDevice)
        );
        assert_eq!(kind(CUPTI_CB_DOMAIN_RUNTIME_API, 311), Some(Kind::Graph));
        assert_eq!(
            kind(CUPTI_CB_DOMAIN_RUNTIME_API, 319),
            Some(Kind::CaptureEnd)
        );
        assert_eq!(
            kind(CUPTI_CB_DOMAIN_DRIVER_API, 497),
            Some(Kind::CaptureEnd)
        );
        assert!(!Kind::CaptureEnd.is_launch());
        assert!(Kind::CaptureBegin.is_graph() && Kind::Graph.is_graph());
        assert!(!Kind::Kernel.is_graph());
        // The PC-sampling tables are exactly the graph-use kinds.
        for c in DRIVER_GRAPH_LAUNCHES {
            assert!(kind(CUPTI_CB_DOMAIN_DRIVER_API, *c).is_some_and(Kind::is_graph));
        }
        for c in RUNTIME_GRAPH_LAUNCHES {
            assert!(kind(CUPTI_CB_DOMAIN_RUNTIME_API, *c).is_some_and(Kind::is_graph));
        }
        assert_eq!(kind(CUPTI_CB_DOMAIN_DRIVER_API, 1), None);
    }

    fn callback(ret: *mut i32, params: *const c_void) -> sys::CUpti_CallbackData {
        sys::CUpti_CallbackData {
            callbackSite: sys::CUpti_ApiCallbackSite::CUPTI_API_EXIT,
            functionName: std::ptr::null(),
            functionParams: params,
            functionReturnValue: ret.cast(),
            symbolName: std::ptr::null(),
            context: std::ptr::null_mut(),
            contextUid: 0,
            correlationData: std::ptr::null_mut(),
            correlationId: 77,
        }
    }

    #[test]
    fn a_graph_launch_reads_its_exec_and_a_failed_launch_is_not_counted() {
        let mut ok = 0i32;
        let params: [usize; 2] = [0xdead_b000, 0x1234];
        let cb = callback(&mut ok, params.as_ptr().cast());
        assert!(succeeded(&cb));
        assert_eq!(
            accounted(Kind::Graph, 77, &cb),
            Some(Launch::Graph {
                correlation_id: 77,
                exec: 0xdead_b000
            })
        );
        let mut failed = 700i32; // CUDA_ERROR_LAUNCH_FAILED
        assert!(!succeeded(&callback(&mut failed, params.as_ptr().cast())));
        assert!(!succeeded(&callback(
            std::ptr::null_mut(),
            std::ptr::null()
        )));
        assert_eq!(
            accounted(Kind::GraphOther, 5, &cb),
            Some(Launch::Uncountable { correlation_id: 5 })
        );
        assert_eq!(accounted(Kind::CaptureBegin, 5, &cb), None);
    }
}
