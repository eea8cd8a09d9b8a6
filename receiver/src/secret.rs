//! A configuration value that is never printed: export header values (tokens, tenant
//! keys). Its `Debug` and its serialized form (what `validate` prints) are
//! [`REDACTED`]; only [`Secret::expose`] gives the value, to the code that sends it.

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// What a secret prints as.
pub const REDACTED: &str = "<redacted>";

/// A string that is read from configuration and sent, never printed.
#[derive(Clone, PartialEq, Eq, Default)]
pub struct Secret(String);

impl Secret {
    /// The value, for the one place that sends it.
    pub fn expose(&self) -> &str {
        &self.0
    }
}

impl From<String> for Secret {
    fn from(s: String) -> Self {
        Secret(s)
    }
}

impl From<&str> for Secret {
    fn from(s: &str) -> Self {
        Secret(s.to_string())
    }
}

impl std::fmt::Debug for Secret {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(REDACTED)
    }
}

impl Serialize for Secret {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(REDACTED)
    }
}

impl<'de> Deserialize<'de> for Secret {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_any(SecretVisitor)
    }
}

/// Reads a string; anything else is an error that does not quote what it found (a
/// token written without quotes may read as a number).
struct SecretVisitor;

impl serde::de::Visitor<'_> for SecretVisitor {
    type Value = Secret;

    fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("a string")
    }

    fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<Secret, E> {
        Ok(Secret(v.to_string()))
    }

    fn visit_string<E: serde::de::Error>(self, v: String) -> Result<Secret, E> {
        Ok(Secret(v))
    }

    fn visit_bool<E: serde::de::Error>(self, _: bool) -> Result<Secret, E> {
        Err(not_a_string())
    }

    fn visit_i64<E: serde::de::Error>(self, _: i64) -> Result<Secret, E> {
        Err(not_a_string())
    }

    fn visit_u64<E: serde::de::Error>(self, _: u64) -> Result<Secret, E> {
        Err(not_a_string())
    }

    fn visit_f64<E: serde::de::Error>(self, _: f64) -> Result<Secret, E> {
        Err(not_a_string())
    }
}

fn not_a_string<E: serde::de::Error>() -> E {
    E::custom("a secret must be a string: put it in quotes (its value is not shown)")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_secret_reads_like_a_string_and_prints_as_redacted() {
        let s: Secret = serde_norway::from_str("Bearer s3cr3t").unwrap();
        assert_eq!(s.expose(), "Bearer s3cr3t");
        assert_eq!(format!("{s:?}"), REDACTED);
        let yaml = serde_norway::to_string(&s).unwrap();
        assert!(
            !yaml.contains("s3cr3t") && yaml.contains(REDACTED),
            "{yaml}"
        );
    }

    #[test]
    fn a_secret_that_is_not_a_string_is_refused_without_its_value() {
        for yaml in [
            "12345678901",
            "true",
            "1.5e300",
            "[123456789]",
            "{a: 123456789}",
        ] {
            let e = serde_norway::from_str::<Secret>(yaml)
                .unwrap_err()
                .to_string();
            assert!(!e.contains("12345") && !e.contains("1.5e"), "{yaml}: {e}");
        }
    }
}
