//! An AdmissionReview (`admission.k8s.io/v1`) in, its answer out. Pure: the namespace's
//! annotations come through a function (the server's cache of namespaces).
//!
//! The answer always allows the pod: injected (with the patch), or left as it is. What a
//! user should know comes back as admission warnings (`kubectl` prints them); a refused
//! annotation also becomes an event ([`Report`]) on the pod's controller (a
//! ReplicaSet, a Job: pods a controller makes never meet a `kubectl` that would print the
//! warning), or on the pod itself.

use std::collections::BTreeMap;

use k8s_openapi::api::core::v1::{ObjectReference, Pod};
use kube::core::admission::{AdmissionRequest, AdmissionResponse, AdmissionReview, Operation};
use kube::core::DynamicObject;

use crate::inject::{decide, Decision, Leave, Settings};

/// What happened to one pod, for the webhook's own metrics.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// Patched.
    Injected,
    /// Left as it is (not asked, opted out, already injected, nothing to inject).
    Left,
    /// Its annotations could not be used: left as it is, and reported.
    Refused,
    /// Not a pod creation (the webhook is registered for those alone).
    Ignored,
}

impl Outcome {
    /// The metric label.
    pub fn as_str(self) -> &'static str {
        match self {
            Outcome::Injected => "injected",
            Outcome::Left => "left",
            Outcome::Refused => "refused",
            Outcome::Ignored => "ignored",
        }
    }
}

/// An event to record about a refused pod.
#[derive(Debug, Clone, PartialEq)]
pub struct Report {
    /// The object the event is about.
    pub regarding: ObjectReference,
    /// `PascalCase`, short.
    pub reason: &'static str,
    /// The message.
    pub note: String,
}

/// The answer to a review.
#[derive(Debug)]
pub struct Answer {
    /// The response review to send back.
    pub review: AdmissionReview<DynamicObject>,
    /// What happened.
    pub outcome: Outcome,
    /// An event to record (never on a dry run).
    pub report: Option<Report>,
}

/// A request body that is not an AdmissionReview of a pod.
#[derive(Debug, thiserror::Error)]
pub enum ReviewError {
    /// Not JSON of an AdmissionReview.
    #[error("not an AdmissionReview: {0}")]
    Body(#[from] serde_json::Error),
    /// A review without a request.
    #[error("an AdmissionReview without a request: {0}")]
    Request(#[from] kube::core::admission::ConvertAdmissionReviewError),
}

/// Answers `body`, an AdmissionReview of a pod.
pub fn answer(
    body: &[u8],
    namespace_annotations: impl Fn(&str) -> BTreeMap<String, String>,
    settings: &Settings,
) -> Result<Answer, ReviewError> {
    let review: AdmissionReview<Pod> = serde_json::from_slice(body)?;
    let request: AdmissionRequest<Pod> = review.try_into()?;
    let response = AdmissionResponse::from(&request);
    let pod = match (&request.operation, &request.object) {
        (Operation::Create, Some(pod)) => pod,
        _ => return Ok(done(response, Outcome::Ignored, None)),
    };
    let namespace = request
        .namespace
        .clone()
        .or_else(|| pod.metadata.namespace.clone())
        .unwrap_or_default();
    let annotations = namespace_annotations(&namespace);
    Ok(match decide(pod, &annotations, settings) {
        Decision::Inject {
            patch, warnings, ..
        } => {
            let response = with_warnings(response, warnings);
            match response.clone().with_patch(patch) {
                Ok(patched) => done(patched, Outcome::Injected, None),
                // Cannot happen with a patch of JSON values; were it to, the pod goes
                // on as it is.
                Err(_) => done(response, Outcome::Left, None),
            }
        }
        Decision::Leave { why, warnings } => {
            debug_assert!(why != Leave::NotAsked || warnings.is_empty());
            done(with_warnings(response, warnings), Outcome::Left, None)
        }
        Decision::Refuse(refusal) => {
            let note = format!("gpu-otel: not injected: {refusal}");
            let report = (!request.dry_run).then(|| Report {
                regarding: regarding(pod, &namespace),
                reason: "GpuOtelInjectionRefused",
                note: note.clone(),
            });
            done(
                with_warnings(response, vec![note]),
                Outcome::Refused,
                report,
            )
        }
    })
}

fn with_warnings(mut response: AdmissionResponse, warnings: Vec<String>) -> AdmissionResponse {
    if !warnings.is_empty() {
        response.warnings = Some(warnings);
    }
    response
}

fn done(response: AdmissionResponse, outcome: Outcome, report: Option<Report>) -> Answer {
    Answer {
        review: response.into_review(),
        outcome,
        report,
    }
}

/// The pod's controller (what its user looks at when pods do not appear as expected),
/// else the pod by the name it asked for.
fn regarding(pod: &Pod, namespace: &str) -> ObjectReference {
    let controller = pod
        .metadata
        .owner_references
        .iter()
        .flatten()
        .find(|r| r.controller == Some(true));
    match controller {
        Some(owner) => ObjectReference {
            api_version: Some(owner.api_version.clone()),
            kind: Some(owner.kind.clone()),
            name: Some(owner.name.clone()),
            namespace: Some(namespace.to_string()),
            uid: Some(owner.uid.clone()),
            ..ObjectReference::default()
        },
        None => ObjectReference {
            api_version: Some("v1".into()),
            kind: Some("Pod".into()),
            name: pod
                .metadata
                .name
                .clone()
                .or_else(|| pod.metadata.generate_name.clone()),
            namespace: Some(namespace.to_string()),
            ..ObjectReference::default()
        },
    }
}
