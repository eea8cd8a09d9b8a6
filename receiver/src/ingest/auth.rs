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

/// What is wrong with a token file, beside the tokens it does give. Never quotes the
/// file's contents.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TokenFileError {
    /// Nothing but blank and comment lines: every token is refused.
    #[error(
        "no token in the file (one token per line; # starts a comment): every request is refused"
    )]
    Empty,
    /// Lines that are not tokens (RFC 6750 `b64token`): those lines are not accepted,
    /// the others are.
    #[error(
        "line{} {} not a bearer token (letters, digits and -._~+/, then = padding, no spaces) and not accepted; the other lines are",
        if lines.len() == 1 { "" } else { "s" },
        lines.iter().map(ToString::to_string).collect::<Vec<_>>().join(", ") + if lines.len() == 1 { " is" } else { " are" }
    )]
    NotTokens {
        /// 1-based line numbers.
        lines: Vec<usize>,
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
    /// No token: every request is refused (what a missing or empty token file means).
    pub fn none() -> Tokens {
        Tokens {
            digests: Vec::new(),
        }
    }

    /// Reads a token file's text: one token per line, surrounding whitespace ignored,
    /// blank lines and lines starting with `#` skipped. Fails closed: the tokens of the
    /// good lines (none for an empty file), and what is wrong, if anything (the bad
    /// lines' numbers; no token at all).
    pub fn parse(text: &str) -> (Tokens, Option<TokenFileError>) {
        let mut digests = Vec::new();
        let mut bad = Vec::new();
        for (i, line) in text.lines().enumerate() {
            let t = line.trim();
            if t.is_empty() || t.starts_with('#') {
                continue;
            }
            if is_b64token(t.as_bytes()) {
                digests.push(sha256(t.as_bytes()));
            } else {
                bad.push(i + 1);
            }
        }
        let problem = if digests.is_empty() {
            Some(TokenFileError::Empty)
        } else if !bad.is_empty() {
            Some(TokenFileError::NotTokens { lines: bad })
        } else {
            None
        };
        (Tokens { digests }, problem)
    }

    /// How many tokens are accepted.
    pub fn len(&self) -> usize {
        self.digests.len()
    }

    /// Whether none is: then every request is refused.
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
        let (t, problem) = Tokens::parse(text);
        assert_eq!(problem, None);
        t
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
    fn an_empty_file_refuses_every_token_and_bad_lines_refuse_only_themselves() {
        for empty in ["", "# only\n\n", "===\n"] {
            let (t, problem) = Tokens::parse(empty);
            assert!(t.is_empty(), "{empty:?}");
            assert_eq!(t.verify(Some(b"Bearer ===")), Err(Unauthenticated::Invalid));
            assert_eq!(t.verify(Some(b"Bearer x")), Err(Unauthenticated::Invalid));
            assert_eq!(problem, Some(TokenFileError::Empty), "{empty:?}");
        }
        let (t, problem) = Tokens::parse("good\nsecret with-space\nfine\nbad one\n");
        assert_eq!(t.len(), 2);
        assert_eq!(t.verify(Some(b"Bearer good")), Ok(()));
        assert_eq!(t.verify(Some(b"Bearer fine")), Ok(()));
        assert_eq!(
            t.verify(Some(b"Bearer secret")),
            Err(Unauthenticated::Invalid)
        );
        let problem = problem.unwrap();
        assert_eq!(problem, TokenFileError::NotTokens { lines: vec![2, 4] });
        let text = problem.to_string();
        assert!(
            !text.contains("secret") && text.starts_with("lines 2, 4 are not"),
            "{text}"
        );
        let (_, one) = Tokens::parse("a b\nc\n");
        assert!(one.unwrap().to_string().starts_with("line 1 is not"));
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
            let t = tokens(&file.join("\n"));
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
