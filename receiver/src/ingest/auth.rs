//! Bearer-token authentication, as the Collector's `bearertokenauth`: a request must
//! carry `Authorization: Bearer <token>` (the `authorization` metadata on gRPC) with one
//! of the tokens of the token file.
//!
//! Pure: the file's text in, a verdict per header value out. Tokens are kept only as
//! SHA-256 digests, and a presented token is compared with every one of them in
//! constant time (`subtle`), so neither the tokens' contents nor their lengths nor which
//! one matched shows in the time an answer takes.

use ring::digest::{digest, SHA256};
use subtle::{Choice, ConstantTimeEq as _};

/// The accepted tokens of a token file.
#[derive(Clone)]
pub struct Tokens {
    digests: Vec<[u8; 32]>,
}

impl std::fmt::Debug for Tokens {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Tokens({} accepted)", self.digests.len())
    }
}

/// Why a token file cannot be used. Never quotes the file's contents.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TokenFileError {
    /// Nothing but blank and comment lines.
    #[error("no token in the file (one token per line; # starts a comment)")]
    Empty,
    /// A line that is not a token (RFC 6750 `b64token`).
    #[error(
        "line {line} is not a bearer token (letters, digits and -._~+/, then = padding, no spaces)"
    )]
    NotAToken {
        /// 1-based line number.
        line: usize,
    },
}

/// Why a request was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum Unauthenticated {
    /// No `Authorization` header, or not the Bearer scheme.
    #[error("missing bearer token: send the header Authorization: Bearer <token>")]
    Missing,
    /// A bearer token that is not one of the accepted ones.
    #[error("the bearer token is not valid")]
    Invalid,
}

/// Whether `t` is an RFC 6750 `b64token`: `1*( ALPHA / DIGIT / "-" / "." / "_" / "~" /
/// "+" / "/" ) *"="`.
fn is_b64token(t: &[u8]) -> bool {
    let body = t.iter().rposition(|&b| b != b'=').map_or(0, |i| i + 1);
    body > 0
        && t[..body]
            .iter()
            .all(|&b| b.is_ascii_alphanumeric() || b"-._~+/".contains(&b))
}

fn sha256(t: &[u8]) -> [u8; 32] {
    let mut out = [0; 32];
    out.copy_from_slice(digest(&SHA256, t).as_ref());
    out
}

impl Tokens {
    /// Reads a token file's text: one token per line, surrounding whitespace ignored,
    /// blank lines and lines starting with `#` skipped.
    pub fn parse(text: &str) -> Result<Tokens, TokenFileError> {
        let mut digests = Vec::new();
        for (i, line) in text.lines().enumerate() {
            let t = line.trim();
            if t.is_empty() || t.starts_with('#') {
                continue;
            }
            if !is_b64token(t.as_bytes()) {
                return Err(TokenFileError::NotAToken { line: i + 1 });
            }
            digests.push(sha256(t.as_bytes()));
        }
        if digests.is_empty() {
            return Err(TokenFileError::Empty);
        }
        Ok(Tokens { digests })
    }

    /// How many tokens are accepted.
    pub fn len(&self) -> usize {
        self.digests.len()
    }

    /// Always false: a token file without a token is refused by [`Tokens::parse`].
    pub fn is_empty(&self) -> bool {
        self.digests.is_empty()
    }

    /// Checks an `Authorization` header value (absent: `None`). The scheme is
    /// case-insensitive (RFC 7235); the token is compared with every accepted one,
    /// all of them, whatever matched first.
    pub fn verify(&self, authorization: Option<&[u8]>) -> Result<(), Unauthenticated> {
        let token = authorization
            .and_then(bearer_token)
            .ok_or(Unauthenticated::Missing)?;
        let presented = sha256(token);
        let matched = self
            .digests
            .iter()
            .fold(Choice::from(0), |acc, d| acc | d.ct_eq(&presented));
        if bool::from(matched) {
            Ok(())
        } else {
            Err(Unauthenticated::Invalid)
        }
    }
}

/// The token of `Bearer <token>`, if the value has that form.
fn bearer_token(value: &[u8]) -> Option<&[u8]> {
    const SCHEME: &[u8] = b"bearer ";
    if value.len() <= SCHEME.len() || !value[..SCHEME.len()].eq_ignore_ascii_case(SCHEME) {
        return None;
    }
    let token = value[SCHEME.len()..].trim_ascii();
    (!token.is_empty()).then_some(token)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn tokens(text: &str) -> Tokens {
        Tokens::parse(text).unwrap()
    }

    #[test]
    fn a_listed_token_passes_in_any_case_of_the_scheme() {
        let t = tokens("# ingest tokens\n\n  alpha-1  \nbeta.2+/==\n");
        assert_eq!(t.len(), 2);
        assert_eq!(t.verify(Some(b"Bearer alpha-1")), Ok(()));
        assert_eq!(t.verify(Some(b"bearer beta.2+/==")), Ok(()));
        assert_eq!(t.verify(Some(b"BEARER   alpha-1 ")), Ok(()));
    }

    #[test]
    fn a_missing_header_or_another_scheme_is_missing_and_a_wrong_token_invalid() {
        let t = tokens("alpha-1\n");
        assert_eq!(t.verify(None), Err(Unauthenticated::Missing));
        assert_eq!(t.verify(Some(b"")), Err(Unauthenticated::Missing));
        assert_eq!(t.verify(Some(b"Bearer ")), Err(Unauthenticated::Missing));
        assert_eq!(t.verify(Some(b"Bearer    ")), Err(Unauthenticated::Missing));
        assert_eq!(
            t.verify(Some(b"Basic alpha-1")),
            Err(Unauthenticated::Missing)
        );
        assert_eq!(
            t.verify(Some(b"Beareralpha-1")),
            Err(Unauthenticated::Missing)
        );
        assert_eq!(t.verify(Some(b"alpha-1")), Err(Unauthenticated::Missing));
        assert_eq!(
            t.verify(Some(b"Bearer alpha-")),
            Err(Unauthenticated::Invalid)
        );
        assert_eq!(
            t.verify(Some(b"Bearer alpha-11")),
            Err(Unauthenticated::Invalid)
        );
        assert_eq!(
            t.verify(Some(b"Bearer ALPHA-1")),
            Err(Unauthenticated::Invalid)
        );
    }

    #[test]
    fn a_file_without_tokens_or_with_a_bad_line_is_refused_without_quoting_it() {
        assert_eq!(Tokens::parse("").unwrap_err(), TokenFileError::Empty);
        assert_eq!(
            Tokens::parse("# only\n\n").unwrap_err(),
            TokenFileError::Empty
        );
        let err = Tokens::parse("good\nsecret with-space\n").unwrap_err();
        assert_eq!(err, TokenFileError::NotAToken { line: 2 });
        assert!(!err.to_string().contains("secret"), "{err}");
        assert_eq!(
            Tokens::parse("===\n").unwrap_err(),
            TokenFileError::NotAToken { line: 1 }
        );
    }

    #[test]
    fn the_debug_form_shows_how_many_tokens_not_which() {
        assert_eq!(
            format!("{:?}", tokens("s3cr3t\nother")),
            "Tokens(2 accepted)"
        );
    }

    fn token() -> impl Strategy<Value = String> {
        "[A-Za-z0-9._~+/-]{1,40}={0,2}"
    }

    proptest! {
        #[test]
        fn a_token_passes_exactly_when_it_is_in_the_file(
            file in proptest::collection::vec(token(), 1..8),
            presented in token(),
        ) {
            let t = Tokens::parse(&file.join("\n")).unwrap();
            let header = format!("Bearer {presented}");
            let expected = if file.contains(&presented) {
                Ok(())
            } else {
                Err(Unauthenticated::Invalid)
            };
            prop_assert_eq!(t.verify(Some(header.as_bytes())), expected);
            for listed in &file {
                let header = format!("bearer {listed}");
                prop_assert_eq!(t.verify(Some(header.as_bytes())), Ok(()));
            }
        }
    }
}
