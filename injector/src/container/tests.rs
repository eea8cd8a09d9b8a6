use std::path::Path;

use proptest::prelude::*;

use super::*;

const CASES: &[&str] = &[
    "containerd-v1-cgroupfs",
    "containerd-v2-systemd",
    "containerd-v2-cgroupns",
    "crio-v2-openshift",
    "crio-v2-cgroupns",
    "docker-v1-dockershim",
    "docker-v2-systemd",
    "kind-cgroupns",
    "docker-plain",
    "host-service",
    "sandbox-dev-machine",
];

fn fixture(name: &str, ext: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/container")
        .join(format!("{name}.{ext}"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn expected(name: &str) -> ContainerIdentity {
    let v: serde_json::Value = serde_json::from_str(&fixture(name, "expected")).unwrap();
    let field = |k: &str| v[k].as_str().map(str::to_string);
    ContainerIdentity {
        container_id: field("container_id"),
        pod_uid: field("pod_uid"),
        container_name: field("container_name"),
    }
}

#[test]
fn every_runtime_and_cgroup_layout_names_its_container_and_pod() {
    for name in CASES {
        let got = ContainerIdentity::read(&fixture(name, "cgroup"), &fixture(name, "mountinfo"));
        assert_eq!(got, expected(name), "{name}");
    }
}

#[test]
fn every_fixture_is_in_the_table() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/container");
    let mut on_disk: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .filter_map(|e| {
            let p = e.unwrap().path();
            (p.extension()? == "expected").then(|| p.file_stem()?.to_str().map(str::to_string))?
        })
        .collect();
    on_disk.sort();
    let mut listed: Vec<String> = CASES.iter().map(|s| s.to_string()).collect();
    listed.sort();
    assert_eq!(on_disk, listed);
}

#[test]
fn the_cgroup_alone_names_the_pod_and_the_container_id_when_it_shows_them() {
    let name = "containerd-v2-systemd";
    let got = from_cgroup(&fixture(name, "cgroup"));
    let want = expected(name);
    assert_eq!(got.pod_uid, want.pod_uid);
    assert_eq!(got.container_id, want.container_id);
    assert_eq!(
        got.container_name, None,
        "a cgroup never names the container"
    );
}

#[test]
fn a_private_cgroup_namespace_leaves_it_to_the_mounts() {
    assert_eq!(from_cgroup("0::/\n"), ContainerIdentity::default());
}

#[test]
fn conmon_and_other_scopes_are_not_containers() {
    let uid = "a400b577-84a9-480c-aab5-2b182f512c3a";
    let id = "364324c7c99ddc03a034c24ea9afd83433c26bdc4af937bc13d45f0e27fecfd7";
    let slice = format!(
        "/kubepods.slice/kubepods-pod{}.slice",
        uid.replace('-', "_")
    );
    let conmon = from_cgroup(&format!("0::{slice}/crio-conmon-{id}.scope\n"));
    assert_eq!(conmon.container_id, None);
    assert_eq!(
        conmon.pod_uid.as_deref(),
        Some(uid),
        "the pod is still the pod"
    );
    let session = from_cgroup(&format!(
        "0::/user.slice/user-1000.slice/session-{id}.scope\n"
    ));
    assert_eq!(session, ContainerIdentity::default());
    let short = from_cgroup("0::/docker/abc123\n");
    assert_eq!(short.container_id, None, "an id is 64 hex digits");
}

#[test]
fn a_pod_directory_outside_the_kubelets_files_names_no_pod() {
    let uid = "5fee0c5e-5173-4188-9eb5-5f049e688f1e";
    let line = format!("1 0 8:1 /data/pods/{uid}/checkpoints /ckpt rw - ext4 /dev/sda1 rw\n");
    assert_eq!(from_mountinfo(&line), ContainerIdentity::default());
    let line = format!(
        "1 0 8:1 /var/lib/kubelet/pods/{uid}/etc-hosts /etc/hosts rw - ext4 /dev/sda1 rw\n"
    );
    assert_eq!(from_mountinfo(&line).pod_uid.as_deref(), Some(uid));
}

#[test]
fn mountinfo_octal_escapes_are_read() {
    assert_eq!(unescape(r"/a\040b\011c\134d"), "/a b\tc\\d");
    assert_eq!(
        unescape(r"/x\y\0"),
        r"/x\y\0",
        "a backslash without three octal digits stays"
    );
}

#[test]
fn the_identity_becomes_the_resource_attributes_it_has() {
    let id = expected("containerd-v2-cgroupns");
    let keys: Vec<String> = id.attributes().into_iter().map(|kv| kv.key).collect();
    assert_eq!(keys, vec![a::K8S_POD_UID, a::K8S_CONTAINER_NAME]);
}

proptest! {
    /// Reading never panics and only ever returns what the grammar allows.
    #[test]
    fn any_text_reads_to_a_well_formed_identity_or_none(cgroup in "\\PC{0,300}", mounts in "\\PC{0,300}") {
        let got = ContainerIdentity::read(&cgroup, &mounts);
        if let Some(id) = &got.container_id {
            prop_assert!(is_container_id(id));
        }
        if let Some(uid) = &got.pod_uid {
            prop_assert!(is_uuid(uid));
        }
    }

    /// The order of the cgroup's lines does not matter.
    #[test]
    fn cgroup_line_order_does_not_matter(seed in any::<u64>()) {
        let text = fixture("docker-v1-dockershim", "cgroup");
        let mut lines: Vec<&str> = text.lines().collect();
        let n = lines.len();
        lines.rotate_left((seed % n as u64) as usize);
        prop_assert_eq!(from_cgroup(&lines.join("\n")), from_cgroup(&text));
    }
}
