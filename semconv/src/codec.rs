//! Window records to and from OTLP: attributes of a `gpu.sampling.window` span event.
//!
//! Decoding never panics: every malformed record is a typed [`WindowDecodeError`].
//! A record whose only fault is its mode still carries its window (with
//! [`SamplingMode::Opaque`]), because an opaque window is evidence too: it makes
//! what it touches unknown rather than false.

use opentelemetry_proto::tonic::common::v1::KeyValue;
use opentelemetry_proto::tonic::trace::v1::span::Event;

use crate::attributes::{self as a, gpu_sampling_mode};
use crate::otlp::{self, find};
use crate::registry::value_kind;
use crate::window::{QuietTail, SamplingMode, Window, WindowEnd};

/// The wire value of `gpu.sampling.window.quiet_ns` meaning "never again".
pub const QUIET_NEVER: i64 = -1;

/// Why a window record could not be decoded.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum WindowDecodeError {
    /// A required attribute is absent.
    #[error("window record has no {attribute}")]
    Missing {
        /// The attribute.
        attribute: &'static str,
    },
    /// An attribute has the wrong OTLP type.
    #[error("window attribute {attribute} must be an int, got {found}")]
    WrongType {
        /// The attribute.
        attribute: &'static str,
        /// The OTLP type that arrived.
        found: &'static str,
    },
    /// An attribute that must not be negative is.
    #[error("window attribute {attribute} must not be negative, got {value}")]
    Negative {
        /// The attribute.
        attribute: &'static str,
        /// The value.
        value: i64,
    },
    /// `gpu.sampling.window.quiet_ns` is neither >= 0 nor -1.
    #[error("window attribute gpu.sampling.window.quiet_ns must be >= 0 or -1 (never again), got {value}")]
    InvalidQuietTail {
        /// The value.
        value: i64,
    },
    /// An attribute appears more than once. OTLP keys are unique, and which value the
    /// producer meant is anyone's guess: reading one could prove "false" where the
    /// other proves "true".
    #[error("window attribute {attribute} appears {count} times, where one value belongs")]
    Duplicate {
        /// The attribute.
        attribute: &'static str,
        /// How many times it appears.
        count: usize,
    },
    /// A closed window ends before it starts.
    #[error("inverted window: end_ns {end_ns} is before start_ns {start_ns}")]
    Inverted {
        /// Start.
        start_ns: u64,
        /// End.
        end_ns: u64,
    },
    /// The mode is missing, not a string, or not a known mode. The window is kept,
    /// opaque.
    #[error("window mode must be \"continuous\" or \"kernel_serialized\", got {found}")]
    UnknownMode {
        /// What arrived.
        found: String,
        /// The record, with an opaque mode.
        window: Box<Window>,
    },
}

fn required_u64(attrs: &[KeyValue], attribute: &'static str) -> Result<u64, WindowDecodeError> {
    optional_u64(attrs, attribute)?.ok_or(WindowDecodeError::Missing { attribute })
}

fn optional_i64(
    attrs: &[KeyValue],
    attribute: &'static str,
) -> Result<Option<i64>, WindowDecodeError> {
    match find(attrs, attribute) {
        None => Ok(None),
        Some(v) => match otlp::get_int(attrs, attribute) {
            Some(i) => Ok(Some(i)),
            None => Err(WindowDecodeError::WrongType {
                attribute,
                found: value_kind(Some(v)),
            }),
        },
    }
}

fn optional_u64(
    attrs: &[KeyValue],
    attribute: &'static str,
) -> Result<Option<u64>, WindowDecodeError> {
    match optional_i64(attrs, attribute)? {
        None => Ok(None),
        Some(v) => u64::try_from(v)
            .map(Some)
            .map_err(|_| WindowDecodeError::Negative {
                attribute,
                value: v,
            }),
    }
}

/// The attributes of a window record.
const RECORD_ATTRIBUTES: [&str; 7] = [
    a::GPU_SAMPLING_WINDOW_START_NS,
    a::GPU_SAMPLING_WINDOW_END_NS,
    a::GPU_SAMPLING_WINDOW_SEQ,
    a::GPU_SAMPLING_MODE,
    a::GPU_SAMPLING_WINDOW_QUIET_NS,
    a::GPU_CONTEXT_ID,
    a::GPU_DEVICE_ID,
];

/// Decodes the attributes of one window record.
pub fn decode(attrs: &[KeyValue]) -> Result<Window, WindowDecodeError> {
    for attribute in RECORD_ATTRIBUTES {
        let count = attrs.iter().filter(|kv| kv.key == attribute).count();
        if count > 1 {
            return Err(WindowDecodeError::Duplicate { attribute, count });
        }
    }
    let start_ns = required_u64(attrs, a::GPU_SAMPLING_WINDOW_START_NS)?;
    let end_ns = required_u64(attrs, a::GPU_SAMPLING_WINDOW_END_NS)?;
    let seq = required_u64(attrs, a::GPU_SAMPLING_WINDOW_SEQ)?;
    let context_id = optional_u64(attrs, a::GPU_CONTEXT_ID)?;
    let device_id = optional_u64(attrs, a::GPU_DEVICE_ID)?;
    let quiet = optional_i64(attrs, a::GPU_SAMPLING_WINDOW_QUIET_NS)?.unwrap_or(0);
    let end = if end_ns == 0 {
        WindowEnd::Open
    } else {
        WindowEnd::Closed(end_ns)
    };
    let quiet_tail = match (end, quiet) {
        // An open record makes no promise about what follows it.
        (WindowEnd::Open, q) if q == 0 || q == QUIET_NEVER || q > 0 => QuietTail::None,
        (_, 0) => QuietTail::None,
        (_, QUIET_NEVER) => QuietTail::Never,
        (_, q) if q > 0 => QuietTail::For(q as u64),
        (_, value) => return Err(WindowDecodeError::InvalidQuietTail { value }),
    };
    if end_ns != 0 && end_ns < start_ns {
        return Err(WindowDecodeError::Inverted { start_ns, end_ns });
    }
    let mut window = Window {
        start_ns,
        end,
        seq,
        mode: SamplingMode::Opaque,
        context_id,
        device_id,
        quiet_tail,
    };
    let mode_value = find(attrs, a::GPU_SAMPLING_MODE);
    window.mode = match otlp::get_str(attrs, a::GPU_SAMPLING_MODE) {
        Some(gpu_sampling_mode::KERNEL_SERIALIZED) => SamplingMode::KernelSerialized,
        Some(gpu_sampling_mode::CONTINUOUS) => SamplingMode::Continuous,
        Some(other) => {
            return Err(WindowDecodeError::UnknownMode {
                found: format!("{other:?}"),
                window: Box::new(window),
            })
        }
        None => {
            let found = if mode_value.is_none() {
                "nothing".to_string()
            } else {
                value_kind(mode_value).to_string()
            };
            return Err(WindowDecodeError::UnknownMode {
                found,
                window: Box::new(window),
            });
        }
    };
    Ok(window)
}

/// Encodes one window record as attributes.
pub fn encode(w: &Window) -> Vec<KeyValue> {
    let mut attrs = vec![
        otlp::int(a::GPU_SAMPLING_WINDOW_START_NS, w.start_ns as i64),
        otlp::int(
            a::GPU_SAMPLING_WINDOW_END_NS,
            w.end_ns().unwrap_or(0) as i64,
        ),
        otlp::int(a::GPU_SAMPLING_WINDOW_SEQ, w.seq as i64),
    ];
    match w.mode {
        SamplingMode::KernelSerialized => attrs.push(otlp::string(
            a::GPU_SAMPLING_MODE,
            gpu_sampling_mode::KERNEL_SERIALIZED,
        )),
        SamplingMode::Continuous => attrs.push(otlp::string(
            a::GPU_SAMPLING_MODE,
            gpu_sampling_mode::CONTINUOUS,
        )),
        // An opaque mode is written as absent: decoding reads it back as opaque.
        SamplingMode::Opaque => {}
    }
    let quiet = match (w.end, w.quiet_tail) {
        (WindowEnd::Open, _) | (_, QuietTail::None) => 0,
        (_, QuietTail::For(ns)) => i64::try_from(ns).unwrap_or(i64::MAX),
        (_, QuietTail::Never) => QUIET_NEVER,
    };
    attrs.push(otlp::int(a::GPU_SAMPLING_WINDOW_QUIET_NS, quiet));
    if let Some(c) = w.context_id {
        attrs.push(otlp::int(a::GPU_CONTEXT_ID, c as i64));
    }
    if let Some(d) = w.device_id {
        attrs.push(otlp::int(a::GPU_DEVICE_ID, d as i64));
    }
    attrs
}

/// The span event that carries one window record. Its time is when the record was
/// made: the start for an open record, the end for a closed one.
pub fn to_event(w: &Window) -> Event {
    Event {
        time_unix_nano: w.end_ns().unwrap_or(w.start_ns),
        name: a::EVENT_GPU_SAMPLING_WINDOW.to_string(),
        attributes: encode(w),
        dropped_attributes_count: 0,
    }
}

/// Whether a span event is a window record.
pub fn is_window_event(e: &Event) -> bool {
    e.name == a::EVENT_GPU_SAMPLING_WINDOW
}

#[cfg(test)]
mod tests {
    use super::*;
    use opentelemetry_proto::tonic::common::v1::{any_value::Value, AnyValue};

    fn closed() -> Window {
        Window {
            context_id: Some(1),
            device_id: Some(0),
            ..Window::closed(1000, 2000, 7, SamplingMode::KernelSerialized)
        }
    }

    #[test]
    fn a_record_round_trips_through_attributes() {
        for w in [
            closed(),
            closed().with_quiet_tail(QuietTail::For(950_000_000)),
            closed().with_quiet_tail(QuietTail::Never),
            Window::open(5, 1, SamplingMode::Continuous),
        ] {
            assert_eq!(decode(&encode(&w)), Ok(w));
        }
    }

    #[test]
    fn end_zero_decodes_as_open() {
        let w = decode(&encode(&Window::open(5, 1, SamplingMode::KernelSerialized))).unwrap();
        assert!(w.is_open());
    }

    #[test]
    fn an_open_record_never_carries_a_quiet_tail() {
        let mut attrs = encode(&Window::open(5, 1, SamplingMode::KernelSerialized));
        otlp::set(
            &mut attrs,
            otlp::int(a::GPU_SAMPLING_WINDOW_QUIET_NS, QUIET_NEVER),
        );
        assert_eq!(decode(&attrs).unwrap().quiet_tail, QuietTail::None);
    }

    #[test]
    fn a_missing_start_is_a_typed_error() {
        let mut attrs = encode(&closed());
        attrs.retain(|kv| kv.key != a::GPU_SAMPLING_WINDOW_START_NS);
        assert_eq!(
            decode(&attrs),
            Err(WindowDecodeError::Missing {
                attribute: a::GPU_SAMPLING_WINDOW_START_NS
            })
        );
    }

    #[test]
    fn a_string_start_is_a_wrong_type_error() {
        let mut attrs = encode(&closed());
        otlp::set(
            &mut attrs,
            otlp::string(a::GPU_SAMPLING_WINDOW_START_NS, "1000"),
        );
        let err = decode(&attrs).unwrap_err();
        assert_eq!(
            err,
            WindowDecodeError::WrongType {
                attribute: a::GPU_SAMPLING_WINDOW_START_NS,
                found: "a string"
            }
        );
        assert_eq!(
            err.to_string(),
            "window attribute gpu.sampling.window.start_ns must be an int, got a string"
        );
    }

    #[test]
    fn an_inverted_record_is_refused() {
        let w = Window::closed(5000, 1000, 1, SamplingMode::KernelSerialized);
        assert_eq!(
            decode(&encode(&w)),
            Err(WindowDecodeError::Inverted {
                start_ns: 5000,
                end_ns: 1000
            })
        );
    }

    #[test]
    fn an_unknown_mode_keeps_the_window_as_opaque() {
        let mut attrs = encode(&closed());
        otlp::set(&mut attrs, otlp::string(a::GPU_SAMPLING_MODE, "sideways"));
        match decode(&attrs) {
            Err(WindowDecodeError::UnknownMode { found, window }) => {
                assert_eq!(found, "\"sideways\"");
                assert_eq!(
                    *window,
                    Window {
                        mode: SamplingMode::Opaque,
                        ..closed()
                    }
                );
            }
            other => panic!("{other:?}"),
        }
        attrs.retain(|kv| kv.key != a::GPU_SAMPLING_MODE);
        assert!(
            matches!(decode(&attrs), Err(WindowDecodeError::UnknownMode { found, .. }) if found == "nothing")
        );
    }

    #[test]
    fn a_boolean_mode_is_opaque_and_named() {
        let mut attrs = encode(&closed());
        otlp::set(&mut attrs, otlp::boolean(a::GPU_SAMPLING_MODE, true));
        assert!(
            matches!(decode(&attrs), Err(WindowDecodeError::UnknownMode { found, .. }) if found == "a boolean")
        );
    }

    #[test]
    fn negative_ids_and_bad_quiet_tails_are_refused() {
        let mut attrs = encode(&closed());
        otlp::set(&mut attrs, otlp::int(a::GPU_SAMPLING_WINDOW_SEQ, -3));
        assert!(matches!(
            decode(&attrs),
            Err(WindowDecodeError::Negative { value: -3, .. })
        ));
        let mut attrs = encode(&closed());
        otlp::set(&mut attrs, otlp::int(a::GPU_SAMPLING_WINDOW_QUIET_NS, -2));
        assert_eq!(
            decode(&attrs),
            Err(WindowDecodeError::InvalidQuietTail { value: -2 })
        );
    }

    #[test]
    fn a_record_with_a_duplicated_attribute_is_refused() {
        // Found by fuzzing: the first of two end_ns was read, the second ignored.
        let mut attrs = encode(&closed());
        attrs.push(otlp::int(a::GPU_SAMPLING_WINDOW_END_NS, 9000));
        assert_eq!(
            decode(&attrs),
            Err(WindowDecodeError::Duplicate {
                attribute: a::GPU_SAMPLING_WINDOW_END_NS,
                count: 2
            })
        );
        let mut attrs = encode(&closed());
        attrs.push(otlp::string(a::GPU_SAMPLING_MODE, "continuous"));
        assert!(matches!(
            decode(&attrs),
            Err(WindowDecodeError::Duplicate { attribute, .. }) if attribute == a::GPU_SAMPLING_MODE
        ));
    }

    #[test]
    fn the_event_time_is_when_the_record_was_made() {
        assert_eq!(to_event(&closed()).time_unix_nano, 2000);
        assert_eq!(
            to_event(&Window::open(5, 1, SamplingMode::KernelSerialized)).time_unix_nano,
            5
        );
        assert!(is_window_event(&to_event(&closed())));
    }

    #[test]
    fn an_empty_value_is_a_wrong_type() {
        let mut attrs = encode(&closed());
        otlp::set(
            &mut attrs,
            KeyValue {
                key: a::GPU_SAMPLING_WINDOW_END_NS.into(),
                value: Some(AnyValue { value: None }),
                ..Default::default()
            },
        );
        assert!(matches!(
            decode(&attrs),
            Err(WindowDecodeError::WrongType {
                found: "an empty value",
                ..
            })
        ));
        let _ = Value::IntValue(0);
    }
}
