//! Headers sent with every export (HTTP headers, gRPC metadata). Their values are often
//! tokens, so nothing here ever prints one, nor an entry or a name that failed to
//! parse (`authorization: Bearer …`, written with a colon, is one malformed entry, and
//! `authorization:Bearer x=y` one invalid name): errors give the entry's position.

use crate::pairs;

/// A header that cannot be sent. Never quotes a value, an entry or an invalid name.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum HeaderError {
    /// A list entry that is not `key=value` (1-based, counting every comma-separated
    /// entry).
    #[error("entry {entry} is not key=value (entries are comma-separated; the entry is not shown, it may hold a secret)")]
    Malformed {
        /// Its position.
        entry: usize,
    },
    /// The name of the entry at `entry` is not a valid header name.
    #[error("the name of entry {entry} is not a valid header name (letters, digits and !#$%&'*+-.^_`|~; not shown, it may hold a secret)")]
    Name {
        /// Its position.
        entry: usize,
    },
    /// The value of header `name` (entry `entry`) is not a valid header value.
    #[error("the value of {name:?} (entry {entry}) is not a valid header value (visible ASCII and spaces; percent-encode the rest); the value is not shown")]
    Value {
        /// The header's name (a valid one).
        name: String,
        /// Its position.
        entry: usize,
    },
}

/// Validated headers, names lowercase (as gRPC metadata requires), in the order given.
#[derive(Clone, Default, PartialEq, Eq)]
pub struct Headers(Vec<(String, String)>);

impl std::fmt::Debug for Headers {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_map()
            .entries(self.0.iter().map(|(k, _)| (k, "<redacted>")))
            .finish()
    }
}

impl Headers {
    /// Adds `name: value`, replacing an earlier value of the same name; an error names
    /// the entry by `position` (1-based).
    pub fn insert_at(
        &mut self,
        position: usize,
        name: &str,
        value: &str,
    ) -> Result<(), HeaderError> {
        let name = http::HeaderName::from_bytes(name.as_bytes())
            .map_err(|_| HeaderError::Name { entry: position })?;
        http::HeaderValue::from_str(value).map_err(|_| HeaderError::Value {
            name: name.to_string(),
            entry: position,
        })?;
        let name = name.as_str().to_string();
        self.0.retain(|(k, _)| *k != name);
        self.0.push((name, value.to_string()));
        Ok(())
    }

    /// Adds `name: value` given alone (position 1 in errors).
    pub fn insert(&mut self, name: &str, value: &str) -> Result<(), HeaderError> {
        self.insert_at(1, name, value)
    }

    /// Reads an `OTEL_EXPORTER_OTLP_HEADERS` list (values percent-encoded): the headers
    /// that are valid, and one error per entry that is not.
    pub fn parse(list: &str) -> (Headers, Vec<HeaderError>) {
        let parsed = pairs::parse(list);
        let mut errors: Vec<HeaderError> = parsed
            .malformed
            .into_iter()
            .map(|entry| HeaderError::Malformed { entry })
            .collect();
        let mut headers = Headers::default();
        for (at, k, v) in &parsed.pairs {
            if let Err(e) = headers.insert_at(*at, k, v) {
                errors.push(e);
            }
        }
        errors.sort_by_key(HeaderError::entry);
        (headers, errors)
    }

    /// `(name, value)` pairs; the values are secrets.
    pub fn iter(&self) -> impl Iterator<Item = (&str, &str)> {
        self.0.iter().map(|(k, v)| (k.as_str(), v.as_str()))
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// As an `http` header map, every value marked sensitive (never shown by `Debug`).
    pub fn to_header_map(&self) -> http::HeaderMap {
        let mut map = http::HeaderMap::new();
        for (k, v) in &self.0 {
            if let (Ok(name), Ok(mut value)) = (
                http::HeaderName::from_bytes(k.as_bytes()),
                http::HeaderValue::from_str(v),
            ) {
                value.set_sensitive(true);
                map.insert(name, value);
            }
        }
        map
    }
}

impl HeaderError {
    /// The position of the entry it is about.
    pub fn entry(&self) -> usize {
        match self {
            HeaderError::Malformed { entry }
            | HeaderError::Name { entry }
            | HeaderError::Value { entry, .. } => *entry,
        }
    }
}

impl<K: AsRef<str>, V: AsRef<str>> FromIterator<(K, V)> for Headers {
    /// Headers from pairs known to be valid (tests, literals); an invalid one panics.
    fn from_iter<I: IntoIterator<Item = (K, V)>>(iter: I) -> Self {
        let mut h = Headers::default();
        for (k, v) in iter {
            h.insert(k.as_ref(), v.as_ref()).expect("a valid header");
        }
        h
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_header_list_is_decoded_and_names_are_lowercased() {
        let (h, errors) = Headers::parse("Authorization=Bearer%20abc,x-tenant=gpu");
        assert!(errors.is_empty(), "{errors:?}");
        let got: Vec<_> = h.iter().collect();
        assert_eq!(got, [("authorization", "Bearer abc"), ("x-tenant", "gpu")]);
    }

    #[test]
    fn invalid_entries_are_named_and_the_valid_ones_kept() {
        let (h, errors) = Headers::parse("ok=1,bad name=2,nokey,v=line%0Abreak");
        assert_eq!(h.iter().collect::<Vec<_>>(), [("ok", "1")]);
        assert_eq!(
            errors,
            [
                HeaderError::Name { entry: 2 },
                HeaderError::Malformed { entry: 3 },
                HeaderError::Value {
                    name: "v".into(),
                    entry: 4
                },
            ]
        );
    }

    #[test]
    fn header_values_never_show_in_the_debug_form_or_an_error() {
        let (h, _) = Headers::parse("authorization=Bearer%20s3cr3t");
        let shown = format!("{h:?} {:?}", h.to_header_map());
        assert!(
            !shown.contains("s3cr3t") && shown.contains("authorization"),
            "{shown}"
        );
        let err = Headers::default().insert("k", "s3cr3t\n").unwrap_err();
        assert!(!err.to_string().contains("s3cr3t"));
    }

    #[test]
    fn a_malformed_entry_or_name_is_named_by_position_never_quoted() {
        // A colon for the equals sign: the whole entry would be the credential.
        for list in [
            "authorization: Bearer SECRET123",
            "x-ok=1,authorization:Bearer SECRET123=x",
            "x-ok=1,,Bearer%20SECRET123",
            "authorization=Bearer SECRET123\u{7}",
        ] {
            let (_, errors) = Headers::parse(list);
            assert_eq!(errors.len(), 1, "{list}");
            let text = errors[0].to_string();
            assert!(
                !text.contains("SECRET123") && !text.contains("Bearer"),
                "{text}"
            );
            assert!(text.contains("entry"), "{text}");
        }
        let (_, errors) = Headers::parse("x-ok=1,,authorization: Bearer SECRET123");
        assert_eq!(errors, [HeaderError::Malformed { entry: 3 }]);
    }

    #[test]
    fn a_later_value_replaces_an_earlier_one() {
        let (h, _) = Headers::parse("a=1,A=2");
        assert_eq!(h.iter().collect::<Vec<_>>(), [("a", "2")]);
    }
}
