"""Pod Security admission, offline: the Pod Security Standards' checks (Kubernetes 1.33,
pod-security-admission's `baseline` and `restricted` policies; `privileged` checks
nothing) for the fields pod specs can carry, applied to every pod template the chart
renders under each values preset. The receiver needs more than `restricted` only for
its queue on the node (a hostPath, and a root init container that hands it to the
receiver's user), exactly those exceptions, and none where the preset keeps the queue in
an emptyDir; the webhook and the gateway meet `restricted`. The release's namespace
must enforce the least level that admits its pods (docs/kubernetes.md labels it). Pods
the webhook patched are checked in test_webhook.py. Each check fails on a planted
violation."""

import copy
from pathlib import Path

import pytest

from chart import PRESETS, render
LEVELS = ["privileged", "baseline", "restricted"]
WORKLOAD_KINDS = {"Pod", "Deployment", "StatefulSet", "DaemonSet", "ReplicaSet", "Job", "CronJob"}

# baseline: "Capabilities": adding beyond this default set is forbidden.
BASELINE_CAPABILITIES = {"AUDIT_WRITE", "CHOWN", "DAC_OVERRIDE", "FOWNER", "FSETID", "KILL", "MKNOD",
                         "NET_BIND_SERVICE", "SETFCAP", "SETGID", "SETPCAP", "SETUID", "SYS_CHROOT"}
# baseline: "Sysctls": the safe set.
SAFE_SYSCTLS = {"kernel.shm_rmid_forced", "net.ipv4.ip_local_port_range", "net.ipv4.ip_unprivileged_port_start",
                "net.ipv4.tcp_syncookies", "net.ipv4.ping_group_range", "net.ipv4.ip_local_reserved_ports",
                "net.ipv4.tcp_keepalive_time", "net.ipv4.tcp_fin_timeout", "net.ipv4.tcp_keepalive_intvl",
                "net.ipv4.tcp_keepalive_probes"}
# baseline: "SELinux": the types a pod may ask for.
SELINUX_TYPES = {"", "container_t", "container_init_t", "container_kvm_t", "container_engine_t"}
# restricted: "Volume Types": only these (image volumes since 1.33).
RESTRICTED_VOLUMES = {"configMap", "csi", "downwardAPI", "emptyDir", "ephemeral", "image", "persistentVolumeClaim",
                      "projected", "secret"}


def containers(spec: dict) -> list:
    return [(kind, c) for kind in ["initContainers", "containers", "ephemeralContainers"] for c in spec.get(kind, [])]


def baseline_violations(spec: dict, meta: dict) -> list:
    out = []
    psc = spec.get("securityContext", {})
    for field in ["hostNetwork", "hostPID", "hostIPC"]:
        if spec.get(field):
            out.append(f"{field}")
    if psc.get("windowsOptions", {}).get("hostProcess"):
        out.append("hostProcess")
    for v in spec.get("volumes", []):
        if "hostPath" in v:
            out.append(f"hostPath volume {v['name']}")
    for name in psc.get("sysctls", []):
        if name["name"] not in SAFE_SYSCTLS:
            out.append(f"sysctl {name['name']}")
    for key, value in meta.get("annotations", {}).items():
        if key.startswith("container.apparmor.security.beta.kubernetes.io/") and value == "unconfined":
            out.append(f"AppArmor {key}")
    contexts = [("pod", psc)] + [(c["name"], c.get("securityContext", {})) for _, c in containers(spec)]
    for who, sc in contexts:
        if sc.get("appArmorProfile", {}).get("type") == "Unconfined":
            out.append(f"{who}: AppArmor Unconfined")
        se = sc.get("seLinuxOptions", {})
        if se.get("type", "") not in SELINUX_TYPES or se.get("user") or se.get("role"):
            out.append(f"{who}: SELinux options")
        if sc.get("seccompProfile", {}).get("type") == "Unconfined":
            out.append(f"{who}: seccomp Unconfined")
    for _, c in containers(spec):
        sc = c.get("securityContext", {})
        if sc.get("privileged"):
            out.append(f"{c['name']}: privileged")
        if sc.get("windowsOptions", {}).get("hostProcess"):
            out.append(f"{c['name']}: hostProcess")
        if sc.get("procMount", "Default") != "Default":
            out.append(f"{c['name']}: procMount")
        for cap in set(sc.get("capabilities", {}).get("add", [])) - BASELINE_CAPABILITIES:
            out.append(f"{c['name']}: capability {cap}")
        for p in c.get("ports", []):
            if p.get("hostPort", 0):
                out.append(f"{c['name']}: hostPort {p['hostPort']}")
    return out


def restricted_violations(spec: dict) -> list:
    """What `restricted` forbids beyond `baseline`."""
    out = []
    psc = spec.get("securityContext", {})
    for v in spec.get("volumes", []):
        kinds = set(v) - {"name"}
        if not kinds <= RESTRICTED_VOLUMES:
            out.append(f"volume {v['name']}: {sorted(kinds)}")
    if psc.get("runAsUser") == 0:
        out.append("pod: runAsUser 0")
    for _, c in containers(spec):
        sc = c.get("securityContext", {})
        if sc.get("allowPrivilegeEscalation") is not False:
            out.append(f"{c['name']}: allowPrivilegeEscalation not false")
        if not sc.get("runAsNonRoot", psc.get("runAsNonRoot")) or sc.get("runAsNonRoot") is False:
            out.append(f"{c['name']}: runAsNonRoot not true")
        if sc.get("runAsUser") == 0:
            out.append(f"{c['name']}: runAsUser 0")
        seccomp = sc.get("seccompProfile", psc.get("seccompProfile", {})).get("type")
        if seccomp not in ("RuntimeDefault", "Localhost"):
            out.append(f"{c['name']}: seccomp {seccomp}")
        caps = sc.get("capabilities", {})
        if "ALL" not in caps.get("drop", []):
            out.append(f"{c['name']}: capabilities not dropping ALL")
        for cap in set(caps.get("add", [])) - {"NET_BIND_SERVICE"}:
            out.append(f"{c['name']}: capability {cap} added")
    return out


def violations(spec: dict, meta: dict, level: str) -> list:
    if level == "privileged":
        return []
    return baseline_violations(spec, meta) + (restricted_violations(spec) if level == "restricted" else [])


def pod_template(doc: dict) -> tuple:
    if doc["kind"] == "Pod":
        return doc["spec"], doc["metadata"]
    if doc["kind"] == "CronJob":
        t = doc["spec"]["jobTemplate"]["spec"]["template"]
    else:
        t = doc["spec"]["template"]
    return t["spec"], t.get("metadata", {})


def workloads(preset: str) -> list:
    return [d for d in render(preset) if d["kind"] in WORKLOAD_KINDS]


def workload_id(d: dict) -> str:
    return f"{d['kind']}/{d['metadata']['name']}"


def least_level(spec: dict, meta: dict) -> str:
    return next(level for level in reversed(LEVELS) if not violations(spec, meta, level))


# The level the release's namespace must enforce, per preset: the receiver's hostPath
# needs `privileged`; with the queue in an emptyDir everything meets `restricted`.
NAMESPACE_LEVEL = {p: "restricted" if p == "gke-autopilot" else "privileged" for p in PRESETS}

RECEIVER_EXCEPTIONS = {
    "capability": ["queue-owner: runAsNonRoot not true", "queue-owner: runAsUser 0",
                   "queue-owner: capability CHOWN added", "volume queue: ['hostPath']"],
    "runtime": ["queue-owner: runAsNonRoot not true", "queue-owner: runAsUser 0",
                "queue-owner: capabilities not dropping ALL", "volume queue: ['hostPath']"],
}


@pytest.mark.parametrize("preset", PRESETS)
def test_the_release_namespace_needs_exactly_the_level_its_receivers_need(preset):
    levels = {workload_id(d): least_level(*pod_template(d)) for d in workloads(preset)}
    assert min(levels.values(), key=LEVELS.index) == NAMESPACE_LEVEL[preset]
    del levels["DaemonSet/gpu-otel-receiver"]
    assert set(levels.values()) == {"restricted"}, levels


@pytest.mark.parametrize("preset", [p for p in PRESETS if NAMESPACE_LEVEL[p] == "privileged"])
def test_the_receiver_needs_more_than_restricted_only_for_its_queue_on_the_node(preset):
    """The exceptions the DaemonSet justifies, and no other: a new privilege fails here
    until it is justified there."""
    [ds] = [d for d in workloads(preset) if d["kind"] == "DaemonSet"]
    spec, meta = pod_template(ds)
    assert baseline_violations(spec, meta) == ["hostPath volume queue"]
    chown = "runtime" if preset == "openshift" else "capability"
    assert sorted(restricted_violations(spec)) == sorted(RECEIVER_EXCEPTIONS[chown])
    # The receiver container itself meets restricted.
    receiver_only = dict(spec, initContainers=[], volumes=[v for v in spec["volumes"] if v["name"] != "queue"])
    assert violations(receiver_only, meta, "restricted") == []


def gateway_pod() -> tuple:
    [sts] = [copy.deepcopy(d) for d in workloads("full") if d["kind"] == "StatefulSet"]
    return pod_template(sts)


def first_container(spec: dict) -> dict:
    return spec["containers"][0]


@pytest.mark.parametrize("plant, level, expected", [
    (lambda s, m: s.update(hostNetwork=True), "baseline", "hostNetwork"),
    (lambda s, m: s.update(hostPID=True), "baseline", "hostPID"),
    (lambda s, m: s["volumes"].append({"name": "h", "hostPath": {"path": "/"}}), "baseline", "hostPath volume h"),
    (lambda s, m: first_container(s)["ports"].append({"containerPort": 1, "hostPort": 1}), "baseline", "hostPort 1"),
    (lambda s, m: first_container(s)["securityContext"].update(privileged=True), "baseline", "privileged"),
    (lambda s, m: first_container(s)["securityContext"]["capabilities"].update(add=["SYS_ADMIN"]), "baseline",
     "capability SYS_ADMIN"),
    (lambda s, m: first_container(s)["securityContext"].update(procMount="Unmasked"), "baseline", "procMount"),
    (lambda s, m: s["securityContext"].update(seccompProfile={"type": "Unconfined"}), "baseline", "seccomp Unconfined"),
    (lambda s, m: s["securityContext"].update(seLinuxOptions={"user": "system_u"}), "baseline", "SELinux"),
    (lambda s, m: s["securityContext"].update(sysctls=[{"name": "kernel.msgmax", "value": "1"}]), "baseline",
     "sysctl kernel.msgmax"),
    (lambda s, m: first_container(s)["securityContext"].update(appArmorProfile={"type": "Unconfined"}), "baseline",
     "AppArmor Unconfined"),
    (lambda s, m: s["volumes"].append({"name": "n", "nfs": {"server": "x", "path": "/"}}), "restricted", "volume n"),
    (lambda s, m: first_container(s)["securityContext"].pop("allowPrivilegeEscalation"), "restricted",
     "allowPrivilegeEscalation"),
    (lambda s, m: s["securityContext"].pop("runAsNonRoot"), "restricted", "runAsNonRoot"),
    (lambda s, m: first_container(s)["securityContext"].update(runAsUser=0), "restricted", "runAsUser 0"),
    (lambda s, m: s["securityContext"].pop("seccompProfile"), "restricted", "seccomp None"),
    (lambda s, m: first_container(s)["securityContext"]["capabilities"].update(drop=["NET_RAW"]), "restricted",
     "not dropping ALL"),
    (lambda s, m: first_container(s)["securityContext"]["capabilities"].update(add=["CHOWN"]), "restricted",
     "capability CHOWN added"),
])
def test_each_check_fails_on_a_planted_violation(plant, level, expected):
    spec, meta = gateway_pod()
    assert violations(spec, meta, level) == []
    plant(spec, meta)
    found = violations(spec, meta, level)
    assert any(expected in v for v in found), found
    # ... and a namespace at privileged admits it all the same.
    assert violations(spec, meta, "privileged") == []
