//! Stepping aside for another CUPTI client (torch.profiler's Kineto) and coming back,
//! on the application's thread that asked (`gpu_otel_profiler_handoff_begin` / `_end`).
//!
//! What CUPTI 13.0 allows, measured on the H200 (docs/measurements/h200-2026-12-05.md,
//! section 4, with `examples/gpu/cupti-ceiling/ceilinj.c`): the other client gets every
//! record only if this one disabled its kinds and gave up its subscriber before the
//! other initialised; enabling the kinds again (after registering the buffer callbacks
//! again: the other client's stay registered) brings the records back, but a new
//! subscriber is refused (`CUPTI_ERROR_MULTIPLE_SUBSCRIBERS_NOT_SUPPORTED`) while the
//! other keeps its own. So coming back reports whether the callbacks came back too.

use std::sync::OnceLock;

use cudarc::cupti::sys;

use super::guard::hold;
use super::{activity, check, entry, launch, nvtx, subscriber, CuptiError};

/// What coming back needs of the attach: the device buffers and the callbacks that
/// were on.
#[derive(Debug, Clone, Copy)]
pub(super) struct Resume {
    pub device_buffers: (Option<usize>, Option<usize>),
    pub launch_accounting: bool,
    pub nvtx: bool,
}

static RESUME: OnceLock<Resume> = OnceLock::new();

/// Kept by `attach`, once it succeeded.
pub(super) fn keep(resume: Resume) {
    let _ = RESUME.set(resume);
}

/// Disables the injector's kinds, flushes what CUPTI holds for it (forced: records of
/// unfinished work too), and gives up its subscriber, so that another client can take
/// CUPTI. The injector's CUPTI state is left as a client that never subscribed.
pub(crate) fn step_aside() -> Result<(), CuptiError> {
    let _g = hold();
    activity::disable_kinds()?;
    // SAFETY: plain call; the completion callback it runs here takes no lock.
    check("cuptiActivityFlushAll(FORCED)", unsafe {
        sys::cuptiActivityFlushAll(sys::CUpti_ActivityFlag::CUPTI_ACTIVITY_FLAG_FLUSH_FORCED as u32)
    })?;
    if let Some(s) = subscriber::take() {
        // SAFETY: `s` came from a successful cuptiSubscribe and is given up once (taken).
        unsafe {
            let _ = sys::cuptiEnableAllDomains(0, s);
            check("cuptiUnsubscribe", sys::cuptiUnsubscribe(s))?;
        }
    }
    Ok(())
}

/// Takes CUPTI back: the buffer callbacks and kinds, then a subscriber if CUPTI gives
/// one, with the callbacks that were on. Returns whether the subscriber came back
/// (false while the other client keeps its own).
pub(crate) fn come_back() -> Result<bool, CuptiError> {
    let Some(resume) = RESUME.get().copied() else {
        return Err(CuptiError {
            api: "come_back",
            code: "not attached".into(),
        });
    };
    let _g = hold();
    activity::enable_again(resume.device_buffers)?;
    let mut s: sys::CUpti_SubscriberHandle = std::ptr::null_mut();
    // SAFETY: `s` is a valid out-pointer; the callback is a plain function that never
    // unwinds.
    let r = unsafe { sys::cuptiSubscribe(&mut s, Some(entry::on_callback), std::ptr::null_mut()) };
    if r == sys::CUptiResult::CUPTI_ERROR_MULTIPLE_SUBSCRIBERS_NOT_SUPPORTED {
        return Ok(false);
    }
    check("cuptiSubscribe", r)?;
    subscriber::keep(s);
    if resume.launch_accounting {
        launch::enable_accounting(s)?;
    }
    if resume.nvtx {
        nvtx::enable_callbacks(s)?;
    }
    if nvtx::launch_tracking_on() {
        nvtx::enable_launch_tracking_callbacks()?;
    }
    Ok(true)
}
