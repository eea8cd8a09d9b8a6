//! `gpu.pc_sampling.tier`: the producer's declared PC-sampling configuration.

use std::fmt;
use std::str::FromStr;

use crate::attributes::gpu_pc_sampling_tier as values;

/// Which PC-sampling tier a producer runs. Only [`Tier::Serialized`] perturbs kernels.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Tier {
    /// PC sampling off (the default).
    #[default]
    Off,
    /// CUPTI CONTINUOUS mode: samples without serializing kernels.
    Continuous,
    /// Duty-cycled KERNEL_SERIALIZED bursts.
    Serialized,
}

/// A `gpu.pc_sampling.tier` value that is not one of the three strings.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("gpu.pc_sampling.tier must be \"off\", \"continuous\" or \"serialized\", got {value:?}")]
pub struct ParseTierError {
    /// What was found instead.
    pub value: String,
}

impl Tier {
    /// The wire string.
    pub const fn as_str(self) -> &'static str {
        match self {
            Tier::Off => values::OFF,
            Tier::Continuous => values::CONTINUOUS,
            Tier::Serialized => values::SERIALIZED,
        }
    }
}

impl fmt::Display for Tier {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for Tier {
    type Err = ParseTierError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s {
            values::OFF => Ok(Tier::Off),
            values::CONTINUOUS => Ok(Tier::Continuous),
            values::SERIALIZED => Ok(Tier::Serialized),
            other => Err(ParseTierError {
                value: other.to_string(),
            }),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tiers_round_trip_and_others_are_refused() {
        for t in [Tier::Off, Tier::Continuous, Tier::Serialized] {
            assert_eq!(t.as_str().parse::<Tier>(), Ok(t));
        }
        assert_eq!(
            "Serialized".parse::<Tier>().unwrap_err().value,
            "Serialized"
        );
    }
}
