//! The workload a Kubernetes pod belongs to, named as the Collector's `k8sattributes`
//! processor names it, from the pod's owner references alone: the webhook reads them in
//! the pod it admits, the receiver in the pods of its node. No API look-up of the owners
//! themselves (so no RBAC on ReplicaSets or Jobs):
//! - a ReplicaSet owner gives `k8s.replicaset.name` and, without the pod-template hash
//!   its name ends with, `k8s.deployment.name`;
//! - a Job owner gives `k8s.job.name` and, when the name ends in `-<digits>` (the
//!   schedule time a CronJob appends), `k8s.cronjob.name`;
//! - StatefulSet and DaemonSet owners name themselves.
//!
//! Other owners (a PyTorchJob, a LeaderWorkerSet, a bare pod) give no attribute: the
//! semantic conventions name none for them.

use crate::attributes as a;

/// One of a pod's `metadata.ownerReferences`, as far as naming needs it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Owner<'a> {
    /// `kind`, e.g. `ReplicaSet`.
    pub kind: &'a str,
    /// `name`.
    pub name: &'a str,
}

/// The workload attributes of a pod owned by `owners`; `template_hash` is the pod's
/// `pod-template-hash` label, which the ReplicaSet's name ends with.
pub fn workload_attributes(
    owners: &[Owner<'_>],
    template_hash: Option<&str>,
) -> Vec<(&'static str, String)> {
    let mut out = Vec::new();
    for owner in owners {
        match owner.kind {
            "ReplicaSet" => {
                out.push((a::K8S_REPLICASET_NAME, owner.name.to_string()));
                if let Some(deployment) = deployment_of(owner.name, template_hash) {
                    out.push((a::K8S_DEPLOYMENT_NAME, deployment.to_string()));
                }
            }
            "Job" => {
                out.push((a::K8S_JOB_NAME, owner.name.to_string()));
                if let Some(cronjob) = cronjob_of(owner.name) {
                    out.push((a::K8S_CRONJOB_NAME, cronjob.to_string()));
                }
            }
            "StatefulSet" => out.push((a::K8S_STATEFULSET_NAME, owner.name.to_string())),
            "DaemonSet" => out.push((a::K8S_DAEMONSET_NAME, owner.name.to_string())),
            _ => {}
        }
    }
    out
}

/// The Deployment behind a ReplicaSet named `<deployment>-<hash>`: the hash is the pod's
/// `pod-template-hash` label where it has one, else (as `k8sattributes` decides) ten
/// lower-case letters or digits.
fn deployment_of<'a>(replicaset: &'a str, template_hash: Option<&str>) -> Option<&'a str> {
    let (name, hash) = replicaset.rsplit_once('-')?;
    let is_hash = match template_hash {
        Some(h) => hash == h,
        None => {
            hash.len() == 10
                && hash
                    .bytes()
                    .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit())
        }
    };
    (is_hash && !name.is_empty()).then_some(name)
}

/// The CronJob behind a Job named `<cronjob>-<digits>`.
fn cronjob_of(job: &str) -> Option<&str> {
    let (name, number) = job.rsplit_once('-')?;
    (!name.is_empty() && !number.is_empty() && number.bytes().all(|b| b.is_ascii_digit()))
        .then_some(name)
}

/// The name a service takes by default in a pod: its workload's (Deployment,
/// StatefulSet, DaemonSet, CronJob, Job, in that order, as the OpenTelemetry Operator
/// chooses), else its controller's (any kind: a PyTorchJob), else `None`.
pub fn service_name(owners: &[Owner<'_>], template_hash: Option<&str>) -> Option<String> {
    let attrs = workload_attributes(owners, template_hash);
    let named = |key: &str| {
        attrs
            .iter()
            .find(|(k, _)| *k == key)
            .map(|(_, v)| v.clone())
    };
    [
        a::K8S_DEPLOYMENT_NAME,
        a::K8S_STATEFULSET_NAME,
        a::K8S_DAEMONSET_NAME,
        a::K8S_CRONJOB_NAME,
        a::K8S_JOB_NAME,
        a::K8S_REPLICASET_NAME,
    ]
    .into_iter()
    .find_map(named)
    .or_else(|| owners.first().map(|o| o.name.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn owner<'a>(kind: &'a str, name: &'a str) -> Owner<'a> {
        Owner { kind, name }
    }

    #[test]
    fn a_replicaset_names_its_deployment_without_the_template_hash() {
        let attrs = workload_attributes(
            &[owner("ReplicaSet", "vllm-llama-7d9c6b5f4")],
            Some("7d9c6b5f4"),
        );
        assert_eq!(
            attrs,
            vec![
                (a::K8S_REPLICASET_NAME, "vllm-llama-7d9c6b5f4".to_string()),
                (a::K8S_DEPLOYMENT_NAME, "vllm-llama".to_string())
            ]
        );
        // Without the label, a ten-character hash as k8sattributes reads it.
        let attrs = workload_attributes(&[owner("ReplicaSet", "web-5d8f9c7b6a")], None);
        assert!(attrs.contains(&(a::K8S_DEPLOYMENT_NAME, "web".to_string())));
        // A ReplicaSet of its own (no Deployment) keeps only its name.
        let attrs = workload_attributes(&[owner("ReplicaSet", "standalone")], None);
        assert_eq!(
            attrs,
            vec![(a::K8S_REPLICASET_NAME, "standalone".to_string())]
        );
        let attrs = workload_attributes(&[owner("ReplicaSet", "web-abc")], Some("xyz"));
        assert_eq!(
            attrs.len(),
            1,
            "a hash that is not the pod's is not stripped"
        );
    }

    #[test]
    fn a_job_names_its_cronjob_only_by_the_trailing_number() {
        let attrs = workload_attributes(&[owner("Job", "nightly-eval-29380110")], None);
        assert_eq!(
            attrs,
            vec![
                (a::K8S_JOB_NAME, "nightly-eval-29380110".to_string()),
                (a::K8S_CRONJOB_NAME, "nightly-eval".to_string())
            ]
        );
        let attrs = workload_attributes(&[owner("Job", "finetune")], None);
        assert_eq!(attrs, vec![(a::K8S_JOB_NAME, "finetune".to_string())]);
    }

    #[test]
    fn statefulsets_and_daemonsets_name_themselves_and_other_kinds_nothing() {
        assert_eq!(
            workload_attributes(&[owner("StatefulSet", "trainer")], None),
            vec![(a::K8S_STATEFULSET_NAME, "trainer".to_string())]
        );
        assert_eq!(
            workload_attributes(&[owner("DaemonSet", "burn")], None),
            vec![(a::K8S_DAEMONSET_NAME, "burn".to_string())]
        );
        assert!(workload_attributes(&[owner("PyTorchJob", "llama-ft")], None).is_empty());
    }

    #[test]
    fn the_service_is_named_after_the_workload_then_the_controller() {
        let rs = [owner("ReplicaSet", "vllm-7d9c6b5f4")];
        assert_eq!(
            service_name(&rs, Some("7d9c6b5f4")).as_deref(),
            Some("vllm")
        );
        let cron = [owner("Job", "eval-29380110")];
        assert_eq!(service_name(&cron, None).as_deref(), Some("eval"));
        let torch = [owner("PyTorchJob", "llama-ft")];
        assert_eq!(service_name(&torch, None).as_deref(), Some("llama-ft"));
        assert_eq!(service_name(&[], None), None);
    }
}
