//! NVTX through CUPTI: routing the program's NVTX calls to CUPTI, CUPTI's NVTX callbacks
//! decoded into [`Call`]s, and the launch callbacks that give each launch's correlation
//! id, switched on the first time a range opens.
//!
//! NVTX (v3, header-only, one copy per library that uses it) looks for a tool once per
//! copy, at that copy's first NVTX call: `getenv("NVTX_INJECTION64_PATH")`, then
//! `dlopen` and `InitializeInjectionNvtx2`. libcupti exports that entry and turns the
//! calls into `CUPTI_CB_DOMAIN_NVTX` callbacks. So the injector sets the variable to
//! the libcupti it loaded (the same file, so `dlopen` returns the same instance), unless
//! the user set it. It does so inside `cuInit`: a library whose first NVTX call came
//! before CUDA initialised has already settled on "no tool" and stays silent.
//!
//! The parameter structs are CUPTI's `generated_nvtx_meta.h` and NVTX's
//! `nvtxEventAttributes_v2`, which cudarc does not bind; strings are copied (at most
//! [`MAX_TEXT`] characters) because they are only valid during the call.

use std::ffi::c_void;
use std::path::PathBuf;
use std::ptr;

use cudarc::cupti::sys;

use super::guard::hold;
use super::{check, launch, subscriber, CuptiError};
use crate::nvtx::{Attributes, Call, Message, Payload};

/// Longest message kept, in characters; longer ones are cut.
pub(crate) const MAX_TEXT: usize = 4096;

/// The NVTX callback ids the injector takes (cupti_nvtx_cbid.h).
mod cbid {
    pub(super) const RANGE_START_A: u32 = 4;
    pub(super) const RANGE_START_W: u32 = 5;
    pub(super) const RANGE_START_EX: u32 = 6;
    pub(super) const RANGE_END: u32 = 7;
    pub(super) const RANGE_PUSH_A: u32 = 8;
    pub(super) const RANGE_PUSH_W: u32 = 9;
    pub(super) const RANGE_PUSH_EX: u32 = 10;
    pub(super) const RANGE_POP: u32 = 11;
    pub(super) const DOMAIN_RANGE_START_EX: u32 = 31;
    pub(super) const DOMAIN_RANGE_END: u32 = 32;
    pub(super) const DOMAIN_RANGE_PUSH_EX: u32 = 33;
    pub(super) const DOMAIN_RANGE_POP: u32 = 34;
    pub(super) const DOMAIN_REGISTER_STRING_A: u32 = 39;
    pub(super) const DOMAIN_REGISTER_STRING_W: u32 = 40;
    pub(super) const DOMAIN_CREATE_A: u32 = 41;
    pub(super) const DOMAIN_CREATE_W: u32 = 42;

    pub(super) const ALL: [u32; 16] = [
        RANGE_START_A,
        RANGE_START_W,
        RANGE_START_EX,
        RANGE_END,
        RANGE_PUSH_A,
        RANGE_PUSH_W,
        RANGE_PUSH_EX,
        RANGE_POP,
        DOMAIN_RANGE_START_EX,
        DOMAIN_RANGE_END,
        DOMAIN_RANGE_PUSH_EX,
        DOMAIN_RANGE_POP,
        DOMAIN_REGISTER_STRING_A,
        DOMAIN_REGISTER_STRING_W,
        DOMAIN_CREATE_A,
        DOMAIN_CREATE_W,
    ];
}

/// `nvtxEventAttributes_v2` (48 bytes; `payload` is a union read as its bits).
#[repr(C)]
#[derive(Clone, Copy)]
struct EventAttributes {
    version: u16,
    size: u16,
    category: u32,
    color_type: i32,
    color: u32,
    payload_type: i32,
    reserved0: i32,
    payload: u64,
    message_type: i32,
    message: *const c_void,
}

const COLOR_ARGB: i32 = 1;
const MESSAGE_ASCII: i32 = 1;
const MESSAGE_UNICODE: i32 = 2;
const MESSAGE_REGISTERED: i32 = 3;

/// `{ const char* }` and `{ const wchar_t* }`: the A and W forms' one parameter.
#[repr(C)]
struct OnePtr {
    p: *const c_void,
}

/// `nvtxRangeEnd_params`.
#[repr(C)]
struct RangeEndParams {
    id: u64,
}

/// `nvtxDomain*Ex_params`, `nvtxDomainRegisterString*_params`: a domain and a pointer.
#[repr(C)]
struct DomainPtr {
    domain: *const c_void,
    p: *const c_void,
}

/// `nvtxDomainRangeEnd_params`.
#[repr(C)]
struct DomainEnd {
    domain: *const c_void,
    id: u64,
}

/// Copies a NUL-terminated string of at most [`MAX_TEXT`] bytes.
///
/// # Safety
/// `p` is null or points to a string readable up to its NUL or `MAX_TEXT` bytes.
unsafe fn ascii(p: *const c_void) -> Option<String> {
    if p.is_null() {
        return None;
    }
    // SAFETY: the caller's promise; strnlen reads at most MAX_TEXT bytes.
    let n = unsafe { libc::strnlen(p.cast(), MAX_TEXT) };
    // SAFETY: `n` bytes from `p` were just read by strnlen.
    let bytes = unsafe { std::slice::from_raw_parts(p.cast::<u8>(), n) };
    Some(String::from_utf8_lossy(bytes).into_owned())
}

/// Copies a NUL-terminated `wchar_t` (UTF-32 on Linux) string of at most [`MAX_TEXT`]
/// characters.
///
/// # Safety
/// As [`ascii`], in `wchar_t` units.
unsafe fn wide(p: *const c_void) -> Option<String> {
    if p.is_null() {
        return None;
    }
    let p = p.cast::<libc::wchar_t>();
    let mut out = String::new();
    for i in 0..MAX_TEXT {
        // SAFETY: the caller's promise: readable up to the NUL, which ends the loop.
        let c = unsafe { ptr::read_unaligned(p.add(i)) };
        if c == 0 {
            break;
        }
        out.push(char::from_u32(c as u32).unwrap_or(char::REPLACEMENT_CHARACTER));
    }
    Some(out)
}

fn text(s: Option<String>) -> Attributes {
    Attributes {
        message: s.map_or(Message::None, Message::Text),
        ..Attributes::default()
    }
}

/// The payload union by its type (nvtxPayloadType_t); unknown types are left out.
fn payload(kind: i32, bits: u64) -> Option<Payload> {
    Some(match kind {
        1 => i64::try_from(bits).map_or(Payload::Double(bits as f64), Payload::Int),
        2 => Payload::Int(bits as i64),
        3 => Payload::Double(f64::from_bits(bits)),
        4 => Payload::Int(i64::from(bits as u32)),
        5 => Payload::Int(i64::from(bits as u32 as i32)),
        6 => Payload::Double(f64::from(f32::from_bits(bits as u32))),
        _ => return None,
    })
}

/// Reads an `nvtxEventAttributes_t`; one too small to hold every field reads as empty.
///
/// # Safety
/// `p` is null or points to an event attributes structure whose `size` is readable and
/// true, and whose message is valid for its type.
unsafe fn event_attributes(p: *const c_void) -> Attributes {
    let p = p.cast::<EventAttributes>();
    if p.is_null() {
        return Attributes::default();
    }
    // SAFETY: `size` is in the structure's first bytes, which every version has.
    let size = unsafe { ptr::read_unaligned(ptr::addr_of!((*p).size)) };
    if usize::from(size) < std::mem::size_of::<EventAttributes>() {
        return Attributes::default();
    }
    // SAFETY: the structure says it holds every field.
    let a = unsafe { ptr::read_unaligned(p) };
    let message = match a.message_type {
        // SAFETY: the message type says what the pointer is.
        MESSAGE_ASCII => unsafe { ascii(a.message) }.map_or(Message::None, Message::Text),
        // SAFETY: as above.
        MESSAGE_UNICODE => unsafe { wide(a.message) }.map_or(Message::None, Message::Text),
        MESSAGE_REGISTERED => Message::Registered(a.message as u64),
        _ => Message::None,
    };
    Attributes {
        message,
        category: a.category,
        color: (a.color_type == COLOR_ARGB).then_some(a.color),
        payload: payload(a.payload_type, a.payload),
    }
}

/// Decodes one NVTX callback; `None` for calls the injector does not follow or data it
/// cannot read.
///
/// # Safety
/// `data` is the `CUpti_NvtxData` CUPTI passed with callback id `id`.
pub(super) unsafe fn decode(id: u32, data: *const c_void) -> Option<Call> {
    // SAFETY: NVTX callbacks pass a CUpti_NvtxData.
    let d = unsafe { ptr::read_unaligned(data.cast::<sys::CUpti_NvtxData>()) };
    let params = d.functionParams;
    if params.is_null() && id != cbid::RANGE_POP {
        return None;
    }
    let ret = d.functionReturnValue;
    // SAFETY: for the ids read here CUPTI's return value is the function's result:
    // nvtxRangeId_t (u64) or a handle (a pointer); null when there is none.
    let ret_u64 = || (!ret.is_null()).then(|| unsafe { ptr::read_unaligned(ret.cast::<u64>()) });
    // SAFETY (every arm): `params` points to the parameter struct of callback `id`
    // (generated_nvtx_meta.h), whose pointers are valid for the call.
    let call = unsafe {
        match id {
            cbid::RANGE_PUSH_A => Call::Push {
                domain: 0,
                attrs: text(ascii((*params.cast::<OnePtr>()).p)),
            },
            cbid::RANGE_PUSH_W => Call::Push {
                domain: 0,
                attrs: text(wide((*params.cast::<OnePtr>()).p)),
            },
            cbid::RANGE_PUSH_EX => Call::Push {
                domain: 0,
                attrs: event_attributes((*params.cast::<OnePtr>()).p),
            },
            cbid::RANGE_POP => Call::Pop { domain: 0 },
            cbid::DOMAIN_RANGE_PUSH_EX => {
                let p = &*params.cast::<DomainPtr>();
                Call::Push {
                    domain: p.domain as u64,
                    attrs: event_attributes(p.p),
                }
            }
            cbid::DOMAIN_RANGE_POP => Call::Pop {
                domain: (*params.cast::<OnePtr>()).p as u64,
            },
            cbid::RANGE_START_A | cbid::RANGE_START_W | cbid::RANGE_START_EX => {
                let p = (*params.cast::<OnePtr>()).p;
                let attrs = match id {
                    cbid::RANGE_START_A => text(ascii(p)),
                    cbid::RANGE_START_W => text(wide(p)),
                    _ => event_attributes(p),
                };
                Call::Start {
                    domain: 0,
                    attrs,
                    id: ret_u64()?,
                }
            }
            cbid::DOMAIN_RANGE_START_EX => {
                let p = &*params.cast::<DomainPtr>();
                Call::Start {
                    domain: p.domain as u64,
                    attrs: event_attributes(p.p),
                    id: ret_u64()?,
                }
            }
            cbid::RANGE_END => Call::End {
                id: (*params.cast::<RangeEndParams>()).id,
            },
            cbid::DOMAIN_RANGE_END => Call::End {
                id: (*params.cast::<DomainEnd>()).id,
            },
            cbid::DOMAIN_CREATE_A | cbid::DOMAIN_CREATE_W => {
                let p = (*params.cast::<OnePtr>()).p;
                let name = if id == cbid::DOMAIN_CREATE_A {
                    ascii(p)
                } else {
                    wide(p)
                };
                Call::DomainCreated {
                    domain: ret_u64()?,
                    name: name.unwrap_or_default(),
                }
            }
            cbid::DOMAIN_REGISTER_STRING_A | cbid::DOMAIN_REGISTER_STRING_W => {
                let p = &*params.cast::<DomainPtr>();
                let s = if id == cbid::DOMAIN_REGISTER_STRING_A {
                    ascii(p.p)
                } else {
                    wide(p.p)
                };
                Call::StringRegistered {
                    handle: ret_u64()?,
                    text: s.unwrap_or_default(),
                }
            }
            _ => return None,
        }
    };
    Some(call)
}

/// Subscribes the NVTX callbacks the injector follows (only NVTX calls pay for them).
/// At attach, under the guard.
pub(super) fn enable_callbacks(subscriber: sys::CUpti_SubscriberHandle) -> Result<(), CuptiError> {
    for id in cbid::ALL {
        // SAFETY: a subscriber from a successful cuptiSubscribe; a valid domain and id.
        check("cuptiEnableCallback(NVTX)", unsafe {
            sys::cuptiEnableCallback(
                1,
                subscriber,
                sys::CUpti_CallbackDomain::CUPTI_CB_DOMAIN_NVTX,
                id,
            )
        })?;
    }
    Ok(())
}

/// Subscribes the driver API's kernel and graph launch callbacks, which give each
/// launch's correlation id. Done once, by an injector thread, the first time a range
/// opens: a program that never opens one never pays for launch callbacks.
pub(crate) fn enable_launch_tracking() -> Result<(), CuptiError> {
    enable_launch_tracking_callbacks()?;
    LAUNCH_TRACKING.store(true, std::sync::atomic::Ordering::Relaxed);
    Ok(())
}

/// Whether launch tracking was switched on (to switch it on again on a new subscriber).
static LAUNCH_TRACKING: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// Whether [`enable_launch_tracking`] succeeded in this process.
pub(super) fn launch_tracking_on() -> bool {
    LAUNCH_TRACKING.load(std::sync::atomic::Ordering::Relaxed)
}

/// The driver launch callbacks of launch tracking, on the subscriber held now.
pub(super) fn enable_launch_tracking_callbacks() -> Result<(), CuptiError> {
    let Some(subscriber) = subscriber::get() else {
        return Err(CuptiError {
            api: "cuptiEnableCallback(DRIVER_API)",
            code: "not attached".into(),
        });
    };
    let _g = hold();
    for id in launch::DRIVER_LAUNCHES
        .iter()
        .chain(launch::DRIVER_GRAPH_EXECUTIONS)
    {
        // SAFETY: as in enable_callbacks. An id this CUPTI does not know fails alone.
        let r = unsafe {
            sys::cuptiEnableCallback(
                1,
                subscriber,
                sys::CUpti_CallbackDomain::CUPTI_CB_DOMAIN_DRIVER_API,
                *id,
            )
        };
        if *id == launch::CBID_CU_LAUNCH_KERNEL {
            // Every runtime launch ends in cuLaunchKernel: without it nothing works.
            check("cuptiEnableCallback(cuLaunchKernel)", r)?;
        }
    }
    Ok(())
}

/// How NVTX reaches CUPTI in this process.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum NvtxRouting {
    /// The injector set `NVTX_INJECTION64_PATH` to the libcupti it loaded.
    Set(PathBuf),
    /// The user had set it to that same libcupti.
    AlreadyCupti(String),
    /// The user had set it to another tool: NVTX goes there, not to the injector.
    OtherTool(String),
    /// The loaded libcupti could not be found or has no NVTX entry point.
    Unavailable(String),
}

/// Routes NVTX to the loaded libcupti by setting `NVTX_INJECTION64_PATH`, unless the
/// user set it (`preset`). Call once the callbacks' receiver is ready: NVTX copies that
/// initialise afterwards call CUPTI, and CUPTI calls the injector.
///
/// Setting the environment while other threads may read it is what `setenv` warns of;
/// it happens once, inside `cuInit`, before the program's own NVTX use in the usual
/// case, and is the only way NVTX offers to find a tool.
pub(crate) fn route_to_cupti(preset: Option<&str>) -> NvtxRouting {
    let ours = match super::library::loaded_cupti() {
        Ok(p) => p,
        Err(e) => return NvtxRouting::Unavailable(e),
    };
    if let Some(p) = preset {
        let same = std::fs::canonicalize(p).ok() == std::fs::canonicalize(&ours).ok();
        return if same {
            NvtxRouting::AlreadyCupti(p.into())
        } else {
            NvtxRouting::OtherTool(p.into())
        };
    }
    std::env::set_var(crate::config::ENV_NVTX_INJECTION_PATH, &ours);
    NvtxRouting::Set(ours)
}

/// The calling thread's OS id (`gettid`), for `thread.id` on range spans.
pub(crate) fn os_thread_id() -> u32 {
    // The system call rather than glibc's gettid(), which only glibc 2.30 and newer
    // have: the library must load on 2.28 (scripts/check-so).
    // SAFETY: the gettid system call takes no arguments and has no preconditions.
    let tid = unsafe { libc::syscall(libc::SYS_gettid) };
    u32::try_from(tid).unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn nvtx_data(params: *const c_void, ret: *const c_void) -> sys::CUpti_NvtxData {
        sys::CUpti_NvtxData {
            functionName: ptr::null(),
            functionParams: params,
            functionReturnValue: ret,
        }
    }

    fn call(id: u32, params: *const c_void, ret: *const c_void) -> Option<Call> {
        let d = nvtx_data(params, ret);
        // SAFETY: `d` and what it points to live across the call.
        unsafe { decode(id, ptr::addr_of!(d).cast()) }
    }

    #[test]
    fn push_a_and_pop_decode_to_the_default_domain() {
        let msg = c"step 1";
        let p = OnePtr {
            p: msg.as_ptr().cast(),
        };
        assert_eq!(
            call(cbid::RANGE_PUSH_A, ptr::addr_of!(p).cast(), ptr::null()),
            Some(Call::Push {
                domain: 0,
                attrs: Attributes::text("step 1")
            })
        );
        assert_eq!(
            call(cbid::RANGE_POP, ptr::null(), ptr::null()),
            Some(Call::Pop { domain: 0 })
        );
    }

    #[test]
    fn event_attributes_give_message_color_category_and_payload() {
        let msg: Vec<libc::wchar_t> = "wide µ"
            .chars()
            .map(|c| c as libc::wchar_t)
            .chain([0])
            .collect();
        let a = EventAttributes {
            version: 3,
            size: 48,
            category: 7,
            color_type: COLOR_ARGB,
            color: 0xff00_ff00,
            payload_type: 6,
            reserved0: 0,
            payload: u64::from(1.5f32.to_bits()),
            message_type: MESSAGE_UNICODE,
            message: msg.as_ptr().cast(),
        };
        assert_eq!(std::mem::size_of::<EventAttributes>(), 48);
        let domain = 0xd00d_usize as *const c_void;
        let p = DomainPtr {
            domain,
            p: ptr::addr_of!(a).cast(),
        };
        assert_eq!(
            call(
                cbid::DOMAIN_RANGE_PUSH_EX,
                ptr::addr_of!(p).cast(),
                ptr::null()
            ),
            Some(Call::Push {
                domain: 0xd00d,
                attrs: Attributes {
                    message: Message::Text("wide µ".into()),
                    category: 7,
                    color: Some(0xff00_ff00),
                    payload: Some(Payload::Double(1.5)),
                }
            })
        );
    }

    #[test]
    fn a_start_carries_the_id_nvtx_returned_and_without_one_is_skipped() {
        let msg = c"load";
        let p = OnePtr {
            p: msg.as_ptr().cast(),
        };
        let id: u64 = 77;
        assert_eq!(
            call(
                cbid::RANGE_START_A,
                ptr::addr_of!(p).cast(),
                ptr::addr_of!(id).cast()
            ),
            Some(Call::Start {
                domain: 0,
                attrs: Attributes::text("load"),
                id: 77
            })
        );
        assert_eq!(
            call(cbid::RANGE_START_A, ptr::addr_of!(p).cast(), ptr::null()),
            None
        );
        let e = RangeEndParams { id: 77 };
        assert_eq!(
            call(cbid::RANGE_END, ptr::addr_of!(e).cast(), ptr::null()),
            Some(Call::End { id: 77 })
        );
    }

    #[test]
    fn an_attributes_struct_smaller_than_v2_reads_as_empty() {
        let a = EventAttributes {
            version: 1,
            size: 16,
            category: 7,
            color_type: COLOR_ARGB,
            color: 1,
            payload_type: 2,
            reserved0: 0,
            payload: 5,
            message_type: MESSAGE_ASCII,
            message: ptr::null(),
        };
        // SAFETY: a valid structure on the stack.
        assert_eq!(
            unsafe { event_attributes(ptr::addr_of!(a).cast()) },
            Attributes::default()
        );
    }

    #[test]
    fn payloads_follow_their_type_and_big_unsigned_values_become_doubles() {
        assert_eq!(payload(1, 5), Some(Payload::Int(5)));
        assert_eq!(payload(1, u64::MAX), Some(Payload::Double(u64::MAX as f64)));
        assert_eq!(payload(2, (-3i64) as u64), Some(Payload::Int(-3)));
        assert_eq!(
            payload(5, u64::from((-2i32) as u32)),
            Some(Payload::Int(-2))
        );
        assert_eq!(payload(3, 2.5f64.to_bits()), Some(Payload::Double(2.5)));
        assert_eq!(payload(0, 1), None);
    }

    #[test]
    fn a_long_message_is_cut_at_the_bound() {
        let long = std::ffi::CString::new("x".repeat(MAX_TEXT + 100)).unwrap();
        // SAFETY: a valid C string.
        let s = unsafe { ascii(long.as_ptr().cast()) }.unwrap();
        assert_eq!(s.len(), MAX_TEXT);
    }
}
