//! The one CUPTI subscriber this process holds, kept for the callbacks enabled after
//! attach (launch tracking, once the program opens its first NVTX range). Set by
//! `loader.rs`, read by the files below it, so none of them imports the loader.

use std::sync::OnceLock;

use cudarc::cupti::sys;

/// The subscriber handle (as an address: raw pointers are not `Sync`).
static SUBSCRIBER: OnceLock<usize> = OnceLock::new();

/// Keeps the subscriber `cuptiSubscribe` gave (once; never unsubscribed).
pub(super) fn keep(subscriber: sys::CUpti_SubscriberHandle) {
    let _ = SUBSCRIBER.set(subscriber as usize);
}

/// The injector's CUPTI subscriber, once attached.
pub(super) fn get() -> Option<sys::CUpti_SubscriberHandle> {
    SUBSCRIBER.get().map(|&a| a as sys::CUpti_SubscriberHandle)
}
