//! Which containers of a pod use an NVIDIA GPU. Pure.
//!
//! A container uses one when it asks the device plugin for one (`nvidia.com/gpu`, the
//! time-sliced `nvidia.com/gpu.shared`, a MIG slice `nvidia.com/mig-<profile>`, in its
//! limits or requests), when it holds a dynamic resource claim (DRA: the claim's device
//! class is not in the pod, so every claiming container counts), or when it sets
//! `NVIDIA_VISIBLE_DEVICES` itself (the NVIDIA container runtime's own selection).
//! Injecting one that never initialises CUDA costs nothing: only CUDA's driver library
//! reads `CUDA_INJECTION64_PATH`.

use k8s_openapi::api::core::v1::Container;

/// Whether `container` uses an NVIDIA GPU (see the module doc).
pub fn uses_gpu(container: &Container) -> bool {
    let resources = container.resources.as_ref();
    let asks = resources
        .into_iter()
        .flat_map(|r| r.limits.iter().chain(r.requests.iter()))
        .flat_map(|m| m.keys())
        .any(|name| is_gpu_resource(name));
    let claims = resources
        .and_then(|r| r.claims.as_ref())
        .is_some_and(|c| !c.is_empty());
    let visible = container.env.iter().flatten().any(|e| {
        e.name == "NVIDIA_VISIBLE_DEVICES"
            && e.value
                .as_deref()
                .is_some_and(|v| !matches!(v.trim(), "" | "void" | "none"))
    });
    asks || claims || visible
}

/// An extended resource of NVIDIA's device plugin that is a GPU or a slice of one.
fn is_gpu_resource(name: &str) -> bool {
    name == "nvidia.com/gpu"
        || name == "nvidia.com/gpu.shared"
        || name.starts_with("nvidia.com/mig-")
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn container(spec: serde_json::Value) -> Container {
        serde_json::from_value(spec).unwrap()
    }

    #[test]
    fn gpus_mig_slices_and_time_slices_are_gpus() {
        for name in [
            "nvidia.com/gpu",
            "nvidia.com/gpu.shared",
            "nvidia.com/mig-1g.10gb",
        ] {
            let c = container(json!({"name": "a", "resources": {"limits": {name: "1"}}}));
            assert!(uses_gpu(&c), "{name}");
        }
        let requests_only =
            container(json!({"name": "a", "resources": {"requests": {"nvidia.com/gpu": "1"}}}));
        assert!(uses_gpu(&requests_only));
    }

    #[test]
    fn other_resources_are_not() {
        for name in [
            "cpu",
            "memory",
            "amd.com/gpu",
            "nvidia.com/gpuother",
            "rdma/hca",
        ] {
            let c = container(json!({"name": "a", "resources": {"limits": {name: "1"}}}));
            assert!(!uses_gpu(&c), "{name}");
        }
        assert!(!uses_gpu(&container(json!({"name": "a"}))));
    }

    #[test]
    fn a_dynamic_resource_claim_or_the_runtimes_own_selection_counts() {
        let dra = container(json!({"name": "a", "resources": {"claims": [{"name": "gpu"}]}}));
        assert!(uses_gpu(&dra));
        let all = container(
            json!({"name": "a", "env": [{"name": "NVIDIA_VISIBLE_DEVICES", "value": "all"}]}),
        );
        assert!(uses_gpu(&all));
        let void = container(
            json!({"name": "a", "env": [{"name": "NVIDIA_VISIBLE_DEVICES", "value": "void"}]}),
        );
        assert!(!uses_gpu(&void));
    }
}
