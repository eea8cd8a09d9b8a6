//! The contract's "stamp vs verdict" rule: which `gpu.serialized` value leaves the
//! receiver when the injector's stamp and the receiver's own verdict meet.

use opentelemetry_proto::tonic::common::v1::KeyValue;
use semconv::attributes as a;
use semconv::registry::value_kind;
use semconv::{otlp, Serialized};

/// What a kernel span arrived with.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Stamp {
    /// No `gpu.serialized` attribute.
    Missing,
    /// One of the three strings.
    Valid(Serialized),
    /// Present but not a valid value; the text says what arrived.
    Invalid(String),
}

impl Stamp {
    /// Reads the stamp of a span's attributes.
    pub fn read(attrs: &[KeyValue]) -> Stamp {
        let Some(value) = otlp::find(attrs, a::GPU_SERIALIZED) else {
            return Stamp::Missing;
        };
        match otlp::get_str(attrs, a::GPU_SERIALIZED) {
            Some(s) => s.parse().map_or_else(
                |e: semconv::serialized::ParseSerializedError| Stamp::Invalid(e.to_string()),
                Stamp::Valid,
            ),
            None => Stamp::Invalid(format!(
                "gpu.serialized must be a string, got {}",
                value_kind(Some(value))
            )),
        }
    }
}

/// How the exported value was reached.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Decision {
    /// Stamp and verdict are equal.
    Agreed,
    /// A valid stamp differs from the verdict without contradicting it; the stamp leaves.
    Disagreed,
    /// The stamp said "false" where the receiver's evidence says "true"; "true" leaves.
    Conflict,
    /// No stamp; the verdict leaves.
    RepairedMissing,
    /// An invalid stamp; the verdict leaves.
    RepairedInvalid,
}

/// The value to export, and how it was reached.
pub fn decide(stamp: &Stamp, verdict: Serialized) -> (Serialized, Decision) {
    match stamp {
        Stamp::Missing => (verdict, Decision::RepairedMissing),
        Stamp::Invalid(_) => (verdict, Decision::RepairedInvalid),
        Stamp::Valid(Serialized::False) if verdict == Serialized::True => {
            (Serialized::True, Decision::Conflict)
        }
        Stamp::Valid(s) if *s == verdict => (*s, Decision::Agreed),
        Stamp::Valid(s) => (*s, Decision::Disagreed),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use Serialized::{False, True, Unknown};

    #[test]
    fn a_valid_stamp_leaves_as_it_came() {
        assert_eq!(
            decide(&Stamp::Valid(Unknown), False),
            (Unknown, Decision::Disagreed)
        );
        assert_eq!(
            decide(&Stamp::Valid(True), Unknown),
            (True, Decision::Disagreed)
        );
        assert_eq!(
            decide(&Stamp::Valid(False), False),
            (False, Decision::Agreed)
        );
    }

    #[test]
    fn a_missing_or_invalid_stamp_is_repaired_with_the_verdict() {
        assert_eq!(
            decide(&Stamp::Missing, Unknown),
            (Unknown, Decision::RepairedMissing)
        );
        assert_eq!(
            decide(&Stamp::Invalid("x".into()), True),
            (True, Decision::RepairedInvalid)
        );
    }

    #[test]
    fn false_never_leaves_against_evidence_of_true() {
        for stamp in [
            Stamp::Missing,
            Stamp::Invalid("x".into()),
            Stamp::Valid(False),
            Stamp::Valid(True),
            Stamp::Valid(Unknown),
        ] {
            assert_ne!(decide(&stamp, True).0, False, "{stamp:?}");
        }
        assert_eq!(
            decide(&Stamp::Valid(False), True),
            (True, Decision::Conflict)
        );
    }

    #[test]
    fn reading_names_what_was_wrong() {
        assert_eq!(
            Stamp::read(&[otlp::boolean(a::GPU_SERIALIZED, false)]),
            Stamp::Invalid("gpu.serialized must be a string, got a boolean".into())
        );
        assert!(
            matches!(Stamp::read(&[otlp::string(a::GPU_SERIALIZED, "nope")]), Stamp::Invalid(m) if m.contains("\"nope\""))
        );
        assert_eq!(
            Stamp::read(&[otlp::string(a::GPU_SERIALIZED, "true")]),
            Stamp::Valid(True)
        );
        assert_eq!(Stamp::read(&[]), Stamp::Missing);
    }
}
