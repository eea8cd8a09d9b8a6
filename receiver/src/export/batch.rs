//! Cutting export requests by span count and encoded size, pure. A request's encoded
//! size is the sum of its `resource_spans` entries', so joining requests adds their
//! sizes and halves can be sized without encoding.

use prost::Message;

use crate::wire::{WireRequest, WireResourceSpans, WireScopeSpans};

/// Splits `req` into two requests of about half its spans each, in order; each half
/// keeps the resource and scope of its spans. The first half is empty when `req` has
/// fewer than two spans.
pub fn split_in_half(req: WireRequest) -> (WireRequest, WireRequest) {
    let mut want = req.span_count() / 2;
    let mut head = Vec::new();
    let mut tail = Vec::new();
    for mut rs in req.resource_spans {
        let n: u64 = rs.scope_spans.iter().map(|ss| ss.spans.len() as u64).sum();
        if want == 0 {
            tail.push(rs);
            continue;
        }
        if n <= want {
            want -= n;
            head.push(rs);
            continue;
        }
        let mut head_scopes = Vec::new();
        let mut tail_scopes = Vec::new();
        for mut ss in std::mem::take(&mut rs.scope_spans) {
            let len = ss.spans.len() as u64;
            if want == 0 {
                tail_scopes.push(ss);
            } else if len <= want {
                want -= len;
                head_scopes.push(ss);
            } else {
                let rest = ss.spans.split_off(want as usize);
                want = 0;
                tail_scopes.push(WireScopeSpans {
                    scope: ss.scope.clone(),
                    schema_url: ss.schema_url.clone(),
                    spans: rest,
                });
                head_scopes.push(ss);
            }
        }
        head.push(WireResourceSpans {
            resource: rs.resource.clone(),
            schema_url: rs.schema_url.clone(),
            scope_spans: head_scopes,
        });
        rs.scope_spans = tail_scopes;
        tail.push(rs);
    }
    (
        WireRequest {
            resource_spans: head,
        },
        WireRequest {
            resource_spans: tail,
        },
    )
}

/// `req` cut in halves until every part has at most `max_spans` spans and
/// `max_bytes` encoded bytes, or a single span; in order, each with its span count.
pub fn bound(req: WireRequest, max_spans: u64, max_bytes: usize) -> Vec<(WireRequest, u64)> {
    let mut out = Vec::new();
    let mut stack = vec![req];
    while let Some(r) = stack.pop() {
        let n = r.span_count();
        if n <= 1 || (n <= max_spans && r.encoded_len() <= max_bytes) {
            if n > 0 {
                out.push((r, n));
            }
            continue;
        }
        let (a, b) = split_in_half(r);
        stack.push(b);
        stack.push(a);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fixtures::{plain, request, resource, spans_of};
    use semconv::Tier;

    fn two_resources(a: u64, b: u64) -> WireRequest {
        let mut r = request(
            resource("a", 1, Some(Tier::Off)),
            (0..a).map(plain).collect(),
        );
        r.resource_spans.extend(
            request(
                resource("b", 2, Some(Tier::Off)),
                (a..a + b).map(plain).collect(),
            )
            .resource_spans,
        );
        r.into()
    }

    fn ids(reqs: &[WireRequest]) -> Vec<(Vec<u8>, String)> {
        let reqs: Vec<_> = reqs.iter().map(|r| r.to_proto().unwrap()).collect();
        spans_of(&reqs)
            .into_iter()
            .map(|(attrs, s)| (s.span_id.clone(), format!("{attrs:?}")))
            .collect()
    }

    #[test]
    fn halves_hold_every_span_once_in_order_with_its_own_resource() {
        for (a, b) in [(1, 0), (2, 0), (3, 4), (7, 1), (0, 5)] {
            let req = two_resources(a, b);
            let (x, y) = split_in_half(req.clone());
            assert_eq!(x.span_count(), (a + b) / 2);
            assert_eq!(
                ids(&[x.clone(), y.clone()]),
                ids(std::slice::from_ref(&req))
            );
            assert!(x
                .resource_spans
                .iter()
                .chain(&y.resource_spans)
                .flat_map(|rs| &rs.scope_spans)
                .all(|ss| ss.scope.is_some()));
        }
    }

    #[test]
    fn encoded_sizes_of_joined_requests_add_up() {
        let (x, y) = split_in_half(two_resources(5, 6));
        let mut joined = x.clone();
        joined.resource_spans.extend(y.resource_spans.clone());
        assert_eq!(joined.encoded_len(), x.encoded_len() + y.encoded_len());
    }

    #[test]
    fn bounded_parts_fit_both_limits_unless_a_single_span() {
        let req = two_resources(40, 23);
        let one = WireRequest::from(request(resource("a", 1, Some(Tier::Off)), vec![plain(0)]))
            .encoded_len();
        let parts = bound(req.clone(), 8, 4 * one);
        assert!(parts
            .iter()
            .all(|(r, n)| *n <= 8 && r.encoded_len() <= 4 * one && r.span_count() == *n));
        let all: Vec<_> = parts.into_iter().map(|(r, _)| r).collect();
        assert_eq!(ids(&all), ids(&[req]));
        let tiny = bound(two_resources(3, 0), 100, 1);
        assert_eq!(tiny.iter().map(|(_, n)| *n).collect::<Vec<_>>(), [1, 1, 1]);
    }
}
