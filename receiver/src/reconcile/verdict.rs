//! The contract's "stamp vs verdict" rule: which `gpu.serialized` value leaves the
//! receiver when the injector's stamp and the receiver's own verdict meet.

use opentelemetry_proto::tonic::common::v1::KeyValue;
use semconv::attributes as a;
use semconv::registry::value_kind;
use semconv::{otlp, Serialized, Tier};

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
    /// The value, when valid.
    pub fn valid(&self) -> Option<Serialized> {
        match self {
            Stamp::Valid(v) => Some(*v),
            _ => None,
        }
    }

    /// Reads the stamp a span leaves with: exactly one valid value, or what is wrong.
    /// Two or more `gpu.serialized` keys are invalid (OTLP keys are unique; which one a
    /// backend shows is anyone's guess).
    pub fn read_one(attrs: &[KeyValue]) -> Stamp {
        let n = attrs
            .iter()
            .filter(|kv| kv.key == a::GPU_SERIALIZED)
            .count();
        let first = attrs.iter().find(|kv| kv.key == a::GPU_SERIALIZED);
        Stamp::of(first, n)
    }

    /// The stamp of a span with `count` `gpu.serialized` attributes, the first of them
    /// `first` (`None` when it was too large to decode: no valid stamp is).
    pub fn of(first: Option<&KeyValue>, count: usize) -> Stamp {
        match (first, count) {
            (_, 0) => Stamp::Missing,
            (_, n @ 2..) => Stamp::Invalid(format!(
                "gpu.serialized appears {n} times on one span, where exactly one value belongs"
            )),
            (None, _) => Stamp::Invalid(format!(
                "gpu.serialized is larger than {} bytes, so not one of \"true\", \"false\" or \"unknown\"",
                crate::wire::MAX_STAMP_BYTES
            )),
            (Some(kv), _) => Stamp::read(std::slice::from_ref(kv)),
        }
    }

    /// [`Stamp::of`] a span read in place: `first` is its first `gpu.serialized` as an
    /// encoded, checked `KeyValue`. A valid stamp is read without decoding it (one per
    /// kernel span); anything else is decoded for the message that says what is wrong.
    pub fn of_encoded(first: Option<&[u8]>, count: usize) -> Stamp {
        let value = first
            .and_then(|kv| crate::wire::key_and_value(kv).1)
            .and_then(crate::wire::string_value)
            .and_then(|s| std::str::from_utf8(s).ok());
        if let (Some(Ok(valid)), 1) = (value.map(str::parse::<Serialized>), count) {
            return Stamp::Valid(valid);
        }
        let decoded = first.and_then(|kv| prost::Message::decode(kv).ok());
        Stamp::of(decoded.as_ref(), count)
    }

    /// Reads the first `gpu.serialized` of a span's attributes.
    pub fn read(attrs: &[KeyValue]) -> Stamp {
        let Some(value) = otlp::find(attrs, a::GPU_SERIALIZED) else {
            return Stamp::Missing;
        };
        match otlp::get_str(attrs, a::GPU_SERIALIZED) {
            Some(s) => s.parse().map_or_else(
                // The message quotes what arrived: a few dozen characters of it.
                |e: semconv::serialized::ParseSerializedError| {
                    Stamp::Invalid(crate::wire::shortened(&e.to_string(), 160))
                },
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
    /// The producer could not settle it (an "unknown" stamp: its hold ran out, or it
    /// exited) and the receiver's evidence did; the verdict leaves. The verdict follows
    /// the same rules from the same windows, so this is never a "false" the contract
    /// would not give.
    Settled,
    /// The stamp said "false" where the receiver's evidence says "true"; "true" leaves.
    Conflict,
    /// No stamp; the verdict leaves.
    RepairedMissing,
    /// An invalid stamp; the verdict leaves.
    RepairedInvalid,
    /// Tier off or continuous with a stamp other than "false"; "false" leaves.
    RepairedTier,
    /// A "false" stamp where evidence that could contradict it was evicted; "unknown"
    /// leaves, because "false" can no longer be checked against "true".
    Unverifiable,
}

/// The value to export for an execution of a producer declaring `tier`, and how it was
/// reached. `verdict` is the receiver's own classification; `evidence_lost` says
/// whether windows that could have touched the execution were evicted.
pub fn decide(
    stamp: &Stamp,
    tier: Tier,
    verdict: Serialized,
    evidence_lost: bool,
) -> (Serialized, Decision) {
    use Serialized::{False, True, Unknown};
    if tier != Tier::Serialized {
        // The contract: off and continuous read "false" unconditionally.
        let decision = match stamp {
            Stamp::Missing => Decision::RepairedMissing,
            Stamp::Invalid(_) => Decision::RepairedInvalid,
            Stamp::Valid(False) => Decision::Agreed,
            Stamp::Valid(_) => Decision::RepairedTier,
        };
        return (False, decision);
    }
    match stamp {
        Stamp::Missing => (verdict, Decision::RepairedMissing),
        Stamp::Invalid(_) => (verdict, Decision::RepairedInvalid),
        Stamp::Valid(False) if verdict == True => (True, Decision::Conflict),
        Stamp::Valid(False) if verdict == Unknown && evidence_lost => {
            (Unknown, Decision::Unverifiable)
        }
        Stamp::Valid(s) if *s == verdict => (*s, Decision::Agreed),
        Stamp::Valid(Unknown) => (verdict, Decision::Settled),
        Stamp::Valid(s) => (*s, Decision::Disagreed),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use Serialized::{False, True, Unknown};

    fn decide(stamp: &Stamp, verdict: Serialized) -> (Serialized, Decision) {
        super::decide(stamp, Tier::Serialized, verdict, false)
    }

    #[test]
    fn a_stamp_read_in_place_is_the_stamp_decoding_it_gives() {
        use prost::Message as _;
        let values = [
            otlp::string(a::GPU_SERIALIZED, "true"),
            otlp::string(a::GPU_SERIALIZED, "false"),
            otlp::string(a::GPU_SERIALIZED, "unknown"),
            otlp::string(a::GPU_SERIALIZED, "TRUE"),
            otlp::string(a::GPU_SERIALIZED, "yes"),
            otlp::string(a::GPU_SERIALIZED, ""),
            otlp::int(a::GPU_SERIALIZED, 1),
            otlp::boolean(a::GPU_SERIALIZED, true),
            KeyValue {
                key: a::GPU_SERIALIZED.into(),
                ..Default::default()
            },
        ];
        for kv in &values {
            let encoded = kv.encode_to_vec();
            for count in [1, 2] {
                assert_eq!(
                    Stamp::of_encoded(Some(&encoded), count),
                    Stamp::of(Some(kv), count),
                    "{kv:?} x{count}"
                );
            }
        }
        assert_eq!(Stamp::of_encoded(None, 1), Stamp::of(None, 1));
        assert_eq!(Stamp::of_encoded(None, 0), Stamp::Missing);
    }

    #[test]
    fn a_valid_settled_stamp_leaves_as_it_came() {
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
    fn an_unknown_stamp_takes_the_verdict_when_the_evidence_settles_it() {
        assert_eq!(
            decide(&Stamp::Valid(Unknown), False),
            (False, Decision::Settled)
        );
        assert_eq!(
            decide(&Stamp::Valid(Unknown), True),
            (True, Decision::Settled)
        );
        assert_eq!(
            decide(&Stamp::Valid(Unknown), Unknown),
            (Unknown, Decision::Agreed)
        );
        assert_eq!(
            super::decide(&Stamp::Valid(Unknown), Tier::Serialized, False, true),
            (False, Decision::Settled),
            "a verdict of false is proven from windows still held, eviction or not"
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
    fn other_tiers_read_false_whatever_the_stamp_and_a_stamp_other_than_false_is_a_repair() {
        for tier in [Tier::Off, Tier::Continuous] {
            for (stamp, decision) in [
                (Stamp::Valid(True), Decision::RepairedTier),
                (Stamp::Valid(Unknown), Decision::RepairedTier),
                (Stamp::Valid(False), Decision::Agreed),
                (Stamp::Missing, Decision::RepairedMissing),
                (Stamp::Invalid("x".into()), Decision::RepairedInvalid),
            ] {
                assert_eq!(
                    super::decide(&stamp, tier, True, false),
                    (False, decision),
                    "{tier} {stamp:?}"
                );
            }
        }
    }

    #[test]
    fn a_false_stamp_over_evicted_evidence_reads_unknown() {
        let lost = |stamp: Stamp, verdict| super::decide(&stamp, Tier::Serialized, verdict, true);
        assert_eq!(
            lost(Stamp::Valid(False), Unknown),
            (Unknown, Decision::Unverifiable)
        );
        assert_eq!(lost(Stamp::Valid(False), True), (True, Decision::Conflict));
        assert_eq!(
            lost(Stamp::Valid(True), Unknown),
            (True, Decision::Disagreed)
        );
        assert_eq!(
            lost(Stamp::Valid(Unknown), Unknown),
            (Unknown, Decision::Agreed)
        );
    }

    #[test]
    fn duplicate_keys_are_an_invalid_stamp() {
        let attrs = [
            otlp::string(a::GPU_SERIALIZED, "false"),
            otlp::string(a::GPU_SERIALIZED, "false"),
        ];
        assert!(
            matches!(Stamp::read_one(&attrs), Stamp::Invalid(m) if m.contains("appears 2 times"))
        );
        assert_eq!(Stamp::read_one(&attrs[..1]), Stamp::Valid(False));
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
