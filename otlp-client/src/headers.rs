//! Headers sent with every export (HTTP headers, gRPC metadata). Their values are often
//! tokens, so nothing here ever prints one.

use crate::pairs;

/// A header that cannot be sent.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum HeaderError {
    /// A list entry that is not `key=value`.
    #[error("{0:?} is not key=value")]
    Malformed(String),
    /// The name is not a valid header name.
    #[error("{0:?} is not a valid header name")]
    Name(String),
    /// The value is not a valid header value (it is not shown).
    #[error("the value of {0:?} is not a valid header value")]
    Value(String),
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
    /// Adds `name: value`, replacing an earlier value of the same name.
    pub fn insert(&mut self, name: &str, value: &str) -> Result<(), HeaderError> {
        let name = http::HeaderName::from_bytes(name.as_bytes())
            .map_err(|_| HeaderError::Name(name.to_string()))?;
        http::HeaderValue::from_str(value).map_err(|_| HeaderError::Value(name.to_string()))?;
        let name = name.as_str().to_string();
        self.0.retain(|(k, _)| *k != name);
        self.0.push((name, value.to_string()));
        Ok(())
    }

    /// Reads an `OTEL_EXPORTER_OTLP_HEADERS` list (values percent-encoded): the headers
    /// that are valid, and one error per entry that is not.
    pub fn parse(list: &str) -> (Headers, Vec<HeaderError>) {
        let parsed = pairs::parse(list);
        let mut errors: Vec<HeaderError> = parsed
            .malformed
            .into_iter()
            .map(HeaderError::Malformed)
            .collect();
        let mut headers = Headers::default();
        for (k, v) in &parsed.pairs {
            if let Err(e) = headers.insert(k, v) {
                errors.push(e);
            }
        }
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
                HeaderError::Malformed("nokey".into()),
                HeaderError::Name("bad name".into()),
                HeaderError::Value("v".into()),
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
    fn a_later_value_replaces_an_earlier_one() {
        let (h, _) = Headers::parse("a=1,A=2");
        assert_eq!(h.iter().collect::<Vec<_>>(), [("a", "2")]);
    }
}
