//! What a pod and its namespace ask for, read from their annotations. Pure.
//!
//! | annotation | on | value |
//! |---|---|---|
//! | `gpu-otel.io/inject` | pod or namespace (the pod's wins) | `"true"` or `"false"` |
//! | `gpu-otel.io/containers` | pod | container names, comma-separated: these instead of the ones that use a GPU |
//! | `gpu-otel.io/pc-sampling` | pod or namespace (the pod's wins) | `off`, `continuous` or `serialized` (`GPU_OTEL_PC_SAMPLING`) |
//!
//! A value outside these is refused, naming the annotation, where it is and what was
//! expected: the pod is then left as it is (never blocked) and the refusal is reported
//! ([`crate::review`]).

use std::collections::BTreeMap;

use semconv::Tier;

/// Opts a pod in (`"true"`) or out (`"false"`).
pub const INJECT: &str = "gpu-otel.io/inject";
/// The containers to inject, instead of those that use a GPU.
pub const CONTAINERS: &str = "gpu-otel.io/containers";
/// The PC-sampling tier of the injected containers.
pub const PC_SAMPLING: &str = "gpu-otel.io/pc-sampling";
/// Set by the webhook on a pod it injected: the containers it injected.
pub const INJECTED: &str = "gpu-otel.io/injected";

/// Where an annotation was found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Origin {
    /// The pod's own.
    Pod,
    /// The pod's namespace's.
    Namespace,
}

impl std::fmt::Display for Origin {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Origin::Pod => "the pod",
            Origin::Namespace => "its namespace",
        })
    }
}

/// What the annotations ask for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Request {
    /// Whether to inject, and who said so; `None` when neither the pod nor its namespace
    /// says.
    pub inject: Option<(bool, Origin)>,
    /// The containers named by [`CONTAINERS`], in order.
    pub containers: Option<Vec<String>>,
    /// The tier named by [`PC_SAMPLING`].
    pub pc_sampling: Option<Tier>,
}

/// An annotation whose value cannot be used.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{key}={value:?} on {origin}: {expected}")]
pub struct AnnotationError {
    /// The annotation.
    pub key: &'static str,
    /// Its value.
    pub value: String,
    /// Where.
    pub origin: Origin,
    /// What it may be.
    pub expected: &'static str,
}

/// Reads the pod's annotations, with its namespace's for what the pod does not say.
pub fn read(
    pod: &BTreeMap<String, String>,
    namespace: &BTreeMap<String, String>,
) -> Result<Request, AnnotationError> {
    let find = |key: &'static str| {
        pod.get(key)
            .map(|v| (v, Origin::Pod))
            .or_else(|| namespace.get(key).map(|v| (v, Origin::Namespace)))
    };
    let inject = find(INJECT)
        .map(|(v, origin)| match v.trim().to_ascii_lowercase().as_str() {
            "true" => Ok((true, origin)),
            "false" => Ok((false, origin)),
            _ => Err(AnnotationError {
                key: INJECT,
                value: v.clone(),
                origin,
                expected: "\"true\" or \"false\"",
            }),
        })
        .transpose()?;
    let containers = pod
        .get(CONTAINERS)
        .map(|v| {
            let names: Vec<String> = v.split(',').map(|n| n.trim().to_string()).collect();
            if names.iter().all(|n| is_dns_label(n)) {
                Ok(names)
            } else {
                Err(AnnotationError {
                    key: CONTAINERS,
                    value: v.clone(),
                    origin: Origin::Pod,
                    expected: "container names separated by commas",
                })
            }
        })
        .transpose()?;
    let pc_sampling = find(PC_SAMPLING)
        .map(|(v, origin)| {
            v.trim().parse::<Tier>().map_err(|_| AnnotationError {
                key: PC_SAMPLING,
                value: v.clone(),
                origin,
                expected: "off, continuous or serialized",
            })
        })
        .transpose()?;
    Ok(Request {
        inject,
        containers,
        pc_sampling,
    })
}

/// A container name: an RFC 1123 label.
fn is_dns_label(s: &str) -> bool {
    !s.is_empty()
        && s.len() <= 63
        && s.bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
        && !s.starts_with('-')
        && !s.ends_with('-')
}

#[cfg(test)]
mod tests {
    use super::*;

    fn map(pairs: &[(&str, &str)]) -> BTreeMap<String, String> {
        pairs
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect()
    }

    #[test]
    fn the_pods_choice_wins_over_its_namespaces() {
        let ns = map(&[(INJECT, "true"), (PC_SAMPLING, "serialized")]);
        let r = read(&map(&[(INJECT, "false")]), &ns).unwrap();
        assert_eq!(r.inject, Some((false, Origin::Pod)));
        assert_eq!(r.pc_sampling, Some(Tier::Serialized));
        let r = read(&map(&[]), &ns).unwrap();
        assert_eq!(r.inject, Some((true, Origin::Namespace)));
        let r = read(&map(&[(INJECT, " True ")]), &map(&[])).unwrap();
        assert_eq!(r.inject, Some((true, Origin::Pod)));
        assert_eq!(read(&map(&[]), &map(&[])).unwrap().inject, None);
    }

    #[test]
    fn a_malformed_annotation_is_refused_naming_it_and_where_it_is() {
        let e = read(&map(&[(INJECT, "yes please")]), &map(&[])).unwrap_err();
        assert_eq!(
            e.to_string(),
            "gpu-otel.io/inject=\"yes please\" on the pod: \"true\" or \"false\""
        );
        let e = read(&map(&[]), &map(&[(PC_SAMPLING, "always")])).unwrap_err();
        assert_eq!(e.key, PC_SAMPLING);
        assert_eq!(e.origin, Origin::Namespace);
        let e = read(&map(&[(CONTAINERS, "trainer,,Worker")]), &map(&[])).unwrap_err();
        assert_eq!(e.key, CONTAINERS);
    }

    #[test]
    fn container_names_are_read_in_order() {
        let r = read(&map(&[(CONTAINERS, "trainer, sidecar")]), &map(&[])).unwrap();
        assert_eq!(r.containers, Some(vec!["trainer".into(), "sidecar".into()]));
    }
}
