//! `gpu.serialized`: whether a kernel execution's duration can be trusted.

use std::fmt;
use std::str::FromStr;

use crate::attributes::gpu_serialized as values;

/// The three values of `gpu.serialized`. The default is [`Serialized::Unknown`]:
/// `False` is only ever written deliberately, from positive evidence.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Serialized {
    /// The evidence is incomplete.
    #[default]
    Unknown,
    /// The execution intersected a serialized window: its duration is perturbed.
    True,
    /// Nothing serialized the execution (tier off or continuous, or proven).
    False,
}

/// A `gpu.serialized` value that is not one of the three strings.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("gpu.serialized must be \"true\", \"false\" or \"unknown\", got {value:?}")]
pub struct ParseSerializedError {
    /// What was found instead.
    pub value: String,
}

impl Serialized {
    /// All values, in a fixed order.
    pub const ALL: [Serialized; 3] = [Serialized::True, Serialized::False, Serialized::Unknown];

    /// The wire string.
    pub const fn as_str(self) -> &'static str {
        match self {
            Serialized::Unknown => values::UNKNOWN,
            Serialized::True => values::TRUE,
            Serialized::False => values::FALSE,
        }
    }

    /// Whether more evidence could still change this answer.
    pub const fn is_settled(self) -> bool {
        !matches!(self, Serialized::Unknown)
    }
}

impl fmt::Display for Serialized {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for Serialized {
    type Err = ParseSerializedError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s {
            values::TRUE => Ok(Serialized::True),
            values::FALSE => Ok(Serialized::False),
            values::UNKNOWN => Ok(Serialized::Unknown),
            other => Err(ParseSerializedError {
                value: other.to_string(),
            }),
        }
    }
}

impl serde::Serialize for Serialized {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.as_str())
    }
}

impl<'de> serde::Deserialize<'de> for Serialized {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = <std::borrow::Cow<'de, str>>::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_default_is_unknown() {
        assert_eq!(Serialized::default(), Serialized::Unknown);
    }

    #[test]
    fn every_value_round_trips_through_its_string() {
        for v in Serialized::ALL {
            assert_eq!(v.as_str().parse::<Serialized>(), Ok(v));
        }
        assert_eq!(Serialized::True.to_string(), "true");
    }

    #[test]
    fn parsing_anything_else_names_the_value() {
        for bad in ["", "True", "yes", "0", " false"] {
            let err = bad.parse::<Serialized>().unwrap_err();
            assert_eq!(err.value, bad);
            assert!(err.to_string().contains(&format!("{bad:?}")));
        }
    }

    #[derive(serde::Serialize, serde::Deserialize, Default)]
    struct Holder {
        serialized: Serialized,
    }

    #[test]
    fn serde_never_skips_it_and_writes_the_string() {
        let json = serde_json::to_string(&Holder::default()).unwrap();
        assert_eq!(json, r#"{"serialized":"unknown"}"#);
        let back: Holder = serde_json::from_str(r#"{"serialized":"true"}"#).unwrap();
        assert_eq!(back.serialized, Serialized::True);
        assert!(serde_json::from_str::<Holder>(r#"{"serialized":true}"#).is_err());
        assert!(serde_json::from_str::<Holder>(r#"{"serialized":"maybe"}"#).is_err());
    }
}
