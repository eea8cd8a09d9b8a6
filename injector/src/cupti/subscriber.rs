//! The one CUPTI subscriber this process holds, kept for the callbacks enabled after
//! attach (launch tracking, once the program opens its first NVTX range). Set by
//! `loader.rs`, given up and taken again by `handoff.rs`, read by the files below them,
//! so none of them imports the loader.

use std::sync::atomic::{AtomicUsize, Ordering};

use cudarc::cupti::sys;

/// The subscriber handle (as an address: raw pointers are not `Sync`); 0: none.
static SUBSCRIBER: AtomicUsize = AtomicUsize::new(0);

/// Keeps the subscriber `cuptiSubscribe` gave.
pub(super) fn keep(subscriber: sys::CUpti_SubscriberHandle) {
    SUBSCRIBER.store(subscriber as usize, Ordering::Release);
}

/// The injector's CUPTI subscriber, while it holds one.
pub(super) fn get() -> Option<sys::CUpti_SubscriberHandle> {
    match SUBSCRIBER.load(Ordering::Acquire) {
        0 => None,
        a => Some(a as sys::CUpti_SubscriberHandle),
    }
}

/// Forgets the subscriber (about to be given up), returning it.
pub(super) fn take() -> Option<sys::CUpti_SubscriberHandle> {
    match SUBSCRIBER.swap(0, Ordering::AcqRel) {
        0 => None,
        a => Some(a as sys::CUpti_SubscriberHandle),
    }
}
