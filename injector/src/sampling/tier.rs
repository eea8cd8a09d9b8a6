//! Tier selection: one setting (`GPU_OTEL_PC_SAMPLING`), three values. Pure.
//!
//! Rules: empty or unset is off; case-insensitive; tokens split on
//! `,` `+` `;` and whitespace; `0`/`1`/`2` alias off/continuous/serialized; the same
//! tier named twice is fine; two different tiers, or an unknown token, is an error
//! that resolves to **off** (never a silent pick, never a downgrade), with one log
//! line that says why and a counter.

use semconv::Tier;

/// Why a value was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TierError {
    /// A token that is not a tier.
    #[error("GPU_OTEL_PC_SAMPLING={value:?}: {token:?} is not a tier (off, continuous or serialized); PC sampling is OFF")]
    Unknown {
        /// The whole value.
        value: String,
        /// The offending token.
        token: String,
    },
    /// Two different tiers at once.
    #[error("GPU_OTEL_PC_SAMPLING={value:?} names two tiers ({first} and {second}); they are exclusive because CUPTI's collection mode is per context and the application picks the context; PC sampling is OFF")]
    NotExclusive {
        /// The whole value.
        value: String,
        /// The first tier named.
        first: Tier,
        /// A different tier named after it.
        second: Tier,
    },
}

fn token(t: &str) -> Option<Tier> {
    match t.to_ascii_lowercase().as_str() {
        "off" | "0" => Some(Tier::Off),
        "continuous" | "1" => Some(Tier::Continuous),
        "serialized" | "2" => Some(Tier::Serialized),
        _ => None,
    }
}

/// Parses a `GPU_OTEL_PC_SAMPLING` value (`None`: unset).
pub fn parse(value: Option<&str>) -> Result<Tier, TierError> {
    let Some(value) = value else {
        return Ok(Tier::Off);
    };
    let mut chosen: Option<Tier> = None;
    for t in value
        .split(|c: char| matches!(c, ',' | '+' | ';') || c.is_whitespace())
        .filter(|t| !t.is_empty())
    {
        let Some(tier) = token(t) else {
            return Err(TierError::Unknown {
                value: value.to_string(),
                token: t.to_string(),
            });
        };
        match chosen {
            Some(first) if first != tier => {
                return Err(TierError::NotExclusive {
                    value: value.to_string(),
                    first,
                    second: tier,
                })
            }
            _ => chosen = Some(tier),
        }
    }
    Ok(chosen.unwrap_or(Tier::Off))
}

/// The tier that runs: the parsed one, or off with the refusal to log and count.
pub fn resolve(value: Option<&str>) -> (Tier, Option<TierError>) {
    match parse(value) {
        Ok(t) => (t, None),
        Err(e) => (Tier::Off, Some(e)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unset_and_empty_mean_off() {
        assert_eq!(parse(None), Ok(Tier::Off));
        assert_eq!(parse(Some("")), Ok(Tier::Off));
        assert_eq!(parse(Some(" , ")), Ok(Tier::Off));
    }

    #[test]
    fn each_tier_by_name_any_case_or_numeral() {
        for (v, t) in [
            ("off", Tier::Off),
            ("OFF", Tier::Off),
            ("0", Tier::Off),
            ("continuous", Tier::Continuous),
            ("Continuous", Tier::Continuous),
            ("1", Tier::Continuous),
            ("serialized", Tier::Serialized),
            (" SERIALIZED\n", Tier::Serialized),
            ("2", Tier::Serialized),
        ] {
            assert_eq!(parse(Some(v)), Ok(t), "{v:?}");
        }
    }

    #[test]
    fn the_same_tier_twice_is_redundant_and_fine() {
        assert_eq!(parse(Some("serialized,2")), Ok(Tier::Serialized));
        assert_eq!(parse(Some("continuous + continuous")), Ok(Tier::Continuous));
    }

    #[test]
    fn two_tiers_at_once_resolve_to_off_and_say_why() {
        for v in [
            "continuous,serialized",
            "serialized+continuous",
            "off;serialized",
            "1 2",
        ] {
            let (tier, err) = resolve(Some(v));
            assert_eq!(tier, Tier::Off, "{v}");
            let err = err.expect("refused");
            assert!(matches!(err, TierError::NotExclusive { .. }), "{v}");
            assert!(err.to_string().contains("exclusive"));
            assert!(err.to_string().contains("OFF"));
        }
    }

    #[test]
    fn an_unknown_value_resolves_to_off_and_names_the_token() {
        let (tier, err) = resolve(Some("serialised"));
        assert_eq!(tier, Tier::Off);
        let msg = err.unwrap().to_string();
        assert!(msg.contains("\"serialised\" is not a tier"), "{msg}");
        let (tier, err) = resolve(Some("serialized,fast"));
        assert_eq!(tier, Tier::Off);
        assert!(matches!(err, Some(TierError::Unknown { .. })));
    }
}
