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
        String::deserialize(d).map(Secret)
    }
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
}
