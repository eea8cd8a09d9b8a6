//! The `key=value,key=value` lists of the OpenTelemetry variables
//! (`OTEL_EXPORTER_OTLP_HEADERS`, `OTEL_RESOURCE_ATTRIBUTES`): W3C Baggage's form, values
//! percent-encoded. Decoding is the `percent-encoding` crate's: a `%` not followed by two
//! hex digits stays as it is, and bytes that are not UTF-8 become U+FFFD.

use percent_encoding::percent_decode_str;

/// A list read entry by entry: what parsed, and what did not.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Pairs {
    /// `(position, key, decoded value)`, in the order written; keys and values
    /// trimmed. The position is the entry's, 1-based, counting every comma-separated
    /// entry as written (empty ones too), so that a message can point at it.
    pub pairs: Vec<(usize, String, String)>,
    /// Positions of the entries without `=` or with an empty key. Never their text:
    /// a header list's entries are often credentials (`authorization: Bearer …`
    /// written with a colon). Each caller decides what they cost: a warning, or an
    /// error.
    pub malformed: Vec<usize>,
}

/// Reads `list`. Empty entries (`a=1,,b=2`, a trailing comma) are no entries.
pub fn parse(list: &str) -> Pairs {
    let mut out = Pairs::default();
    for (i, entry) in list.split(',').map(str::trim).enumerate() {
        if entry.is_empty() {
            continue;
        }
        match entry.split_once('=') {
            Some((k, v)) if !k.trim().is_empty() => out.pairs.push((
                i + 1,
                k.trim().to_string(),
                percent_decode_str(v.trim())
                    .decode_utf8_lossy()
                    .into_owned(),
            )),
            _ => out.malformed.push(i + 1),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pair(k: &str, v: &str) -> (String, String) {
        (k.to_string(), v.to_string())
    }

    fn pairs(p: &Pairs) -> Vec<(String, String)> {
        p.pairs.iter().map(|(_, k, v)| pair(k, v)).collect()
    }

    #[test]
    fn values_are_percent_decoded_and_keys_and_values_trimmed() {
        let p = parse(" authorization = Bearer%20abc , x-tenant=gpu%2Cteam ");
        assert_eq!(
            pairs(&p),
            [
                pair("authorization", "Bearer abc"),
                pair("x-tenant", "gpu,team")
            ]
        );
        assert!(p.malformed.is_empty());
    }

    #[test]
    fn a_malformed_escape_is_kept_as_written() {
        for (written, decoded) in [
            ("a%20b", "a b"),
            ("100%", "100%"),
            ("%zz", "%zz"),
            ("%4", "%4"),
        ] {
            assert_eq!(pairs(&parse(&format!("k={written}"))), [pair("k", decoded)]);
        }
    }

    #[test]
    fn entries_without_a_key_or_an_equals_sign_are_set_aside_by_position_and_the_rest_kept() {
        let p = parse("a=1,,novalue,=orphan,b=2,");
        assert_eq!(pairs(&p), [pair("a", "1"), pair("b", "2")]);
        assert_eq!(p.pairs[1].0, 5);
        assert_eq!(p.malformed, [3, 4]);
    }

    #[test]
    fn an_empty_value_is_a_pair() {
        assert_eq!(pairs(&parse("k=")), [pair("k", "")]);
    }
}
