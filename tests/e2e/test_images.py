"""The images. No Docker engine runs here, but the injector image is built for real,
without a daemon: scripts/build-images runs buildah (Debian's) on
deploy/images/injector.Containerfile for linux/amd64 and linux/arm64 into one OCI image
index (target/images/injector). Here it is read back, from the OCI layout and with
skopeo: exactly the portable library and its static copier per architecture, the
library passing scripts/check-so, the copier working, a few MB in all, under the
workspace's version. The receiver and webhook images (the Dockerfile's targets) need
base images from a registry this machine cannot reach: hadolint lints them
(test_deploy_static.py), and what goes into them is checked below."""

import gzip
import io
import json
import re
import subprocess
import tarfile
import tomllib

import pytest
import yaml

from conftest import ROOT

LAYOUT = ROOT / "target" / "images" / "injector"
VERSION = tomllib.loads((ROOT / "Cargo.toml").read_text())["workspace"]["package"]["version"]
ARCHES = {"amd64": ("x86-64", 62), "arm64": ("aarch64", 183)}


def blob(digest: str) -> bytes:
    algo, hex_ = digest.split(":")
    return (LAYOUT / "blobs" / algo / hex_).read_bytes()


@pytest.fixture(scope="module")
def index() -> dict:
    assert (LAYOUT / "index.json").exists(), "no injector image: run scripts/build-images"
    top = json.loads((LAYOUT / "index.json").read_text())
    [ref] = [m for m in top["manifests"]
             if m.get("annotations", {}).get("org.opencontainers.image.ref.name") == VERSION]
    return json.loads(blob(ref["digest"]))


def images(index: dict) -> dict:
    out = {}
    for m in index["manifests"]:
        manifest = json.loads(blob(m["digest"]))
        config = json.loads(blob(manifest["config"]["digest"]))
        files = {}
        for layer in manifest["layers"]:
            data = blob(layer["digest"])
            if layer["mediaType"].endswith("gzip"):
                data = gzip.decompress(data)
            with tarfile.open(fileobj=io.BytesIO(data)) as t:
                for member in t.getmembers():
                    if member.isfile():
                        files[member.name.lstrip("./")] = (member.mode, t.extractfile(member).read())
        out[m["platform"]["architecture"]] = (m, manifest, config, files)
    return out


def test_one_index_holds_an_image_per_architecture_under_the_workspace_version(index):
    assert index["mediaType"] == "application/vnd.oci.image.index.v1+json"
    platforms = sorted((m["platform"]["os"], m["platform"]["architecture"]) for m in index["manifests"])
    assert platforms == [("linux", "amd64"), ("linux", "arm64")]
    chart = yaml.safe_load((ROOT / "deploy/helm/gpu-otel/Chart.yaml").read_text())
    assert chart["appVersion"] == VERSION


def test_each_image_holds_the_library_and_its_copier_and_nothing_else(index):
    for arch, (_, manifest, config, files) in images(index).items():
        assert sorted(files) == ["install", "libgpu_otel_injector.so"], arch
        assert files["libgpu_otel_injector.so"][0] & 0o777 == 0o644
        assert files["install"][0] & 0o777 == 0o755
        assert config["architecture"] == arch and config["os"] == "linux"
        assert config["config"]["User"] == "65532:65532"
        assert config["config"]["Entrypoint"] == ["/install"] and config["config"]["Cmd"] == ["/opt/gpu-otel"]
        size = sum(layer["size"] for layer in manifest["layers"]) + manifest["config"]["size"]
        assert size < 8 << 20, f"{arch}: {size} bytes"


def elf(data: bytes) -> tuple:
    """(e_machine, whether it names an interpreter: a dynamic executable)."""
    assert data[:4] == b"\x7fELF" and data[4] == 2, "a 64-bit ELF"
    machine = int.from_bytes(data[18:20], "little")
    phoff = int.from_bytes(data[32:40], "little")
    phentsize, phnum = int.from_bytes(data[54:56], "little"), int.from_bytes(data[56:58], "little")
    types = [int.from_bytes(data[phoff + i * phentsize:phoff + i * phentsize + 4], "little") for i in range(phnum)]
    return machine, 3 in types  # PT_INTERP


def test_the_library_is_the_portable_build_and_passes_check_so(index, tmp_path):
    for arch, (_, _, _, files) in images(index).items():
        name, machine = ARCHES[arch]
        so = files["libgpu_otel_injector.so"][1]
        rust = {"amd64": "x86_64", "arm64": "aarch64"}[arch]
        assert so == (ROOT / "target" / f"{rust}-unknown-linux-gnu" / "release" / "libgpu_otel_injector.so").read_bytes()
        assert elf(so)[0] == machine
        path = tmp_path / f"{arch}.so"
        path.write_bytes(so)
        r = subprocess.run([str(ROOT / "scripts" / "check-so"), name, str(path)], capture_output=True, text=True,
                           timeout=120)
        assert r.returncode == 0, r.stdout + r.stderr


def test_the_copier_is_static_and_installs_the_library(index, tmp_path):
    built = images(index)
    for arch, (_, _, _, files) in built.items():
        machine, dynamic = elf(files["install"][1])
        assert machine == ARCHES[arch][1] and not dynamic, f"{arch}: a static executable"
    # The x86-64 one runs here, as the init container runs it.
    files = built["amd64"][3]
    image = tmp_path / "image"
    image.mkdir()
    for name, (mode, data) in files.items():
        (image / name).write_bytes(data)
        (image / name).chmod(mode & 0o777)
    out = tmp_path / "opt-gpu-otel"
    out.mkdir()
    r = subprocess.run([str(image / "install"), str(out)], capture_output=True, text=True, timeout=30)
    assert r.returncode == 0, r.stderr
    assert (out / "libgpu_otel_injector.so").read_bytes() == files["libgpu_otel_injector.so"][1]


def test_skopeo_reads_the_layout_as_a_multi_arch_image():
    r = subprocess.run(["skopeo", "inspect", "--raw", f"oci:{LAYOUT}:{VERSION}"], capture_output=True, text=True,
                       timeout=60)
    assert r.returncode == 0, r.stderr
    raw = json.loads(r.stdout)
    assert {m["platform"]["architecture"] for m in raw["manifests"]} == {"amd64", "arm64"}
    for arch in ARCHES:
        r = subprocess.run(["skopeo", "inspect", "--override-arch", arch, f"oci:{LAYOUT}:{VERSION}"],
                           capture_output=True, text=True, timeout=60)
        assert r.returncode == 0 and json.loads(r.stdout)["Architecture"] == arch, r.stderr


def test_the_receiver_and_webhook_images_build_the_binaries_they_run():
    dockerfile = (ROOT / "Dockerfile").read_text()
    targets = {name: base for base, name in re.findall(r"^FROM (\S+) AS (\S+)$", dockerfile, re.M)}
    assert {"receiver", "webhook"} <= set(targets)
    build = re.search(r"RUN cargo build (.*?)\n\n", dockerfile, re.S).group(1)
    for binary in ["gpu-otel-receiver", "gpu-otel-webhook"]:
        assert f"--bin {binary}" in build
        assert f"COPY --from=build /src/target/release/{binary} /usr/local/bin/{binary}" in dockerfile
    chart = yaml.safe_load((ROOT / "deploy/helm/gpu-otel/values.yaml").read_text())
    assert chart["image"]["tag"] == "", "the chart's appVersion, the workspace version"
