"""Test certificates made at test time with `cryptography`: a CA, server certificates for
localhost and 127.0.0.1, client certificates. No key is ever committed."""

import datetime
import hashlib
import ipaddress
from pathlib import Path

from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import ExtendedKeyUsageOID, NameOID


def _name(cn: str) -> x509.Name:
    return x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, cn)])


def _pem_key(key) -> bytes:
    return key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                             serialization.NoEncryption())


class Leaf:
    def __init__(self, cert: x509.Certificate, key):
        self.cert_pem = cert.public_bytes(serialization.Encoding.PEM)
        self.key_pem = _pem_key(key)
        self.fingerprint = hashlib.sha256(cert.public_bytes(serialization.Encoding.DER)).hexdigest()

    def write(self, directory: Path, stem: str, pad_to: int | None = None) -> tuple[Path, Path]:
        """Writes `<stem>.crt` and `<stem>.key`; `pad_to` pads each file with a comment
        line (outside the PEM section, ignored by PEM readers) to exactly that length."""
        paths = directory / f"{stem}.crt", directory / f"{stem}.key"
        for path, data in zip(paths, (self.cert_pem, self.key_pem)):
            if pad_to is not None:
                filler = pad_to - len(data) - 1
                assert filler > 2, "pad_to is too small"
                data = data + b"#" * filler + b"\n"
            path.write_bytes(data)
        return paths


class Ca:
    def __init__(self, name: str):
        self.key = ec.generate_private_key(ec.SECP256R1())
        now = datetime.datetime.now(datetime.timezone.utc)
        self.cert = (x509.CertificateBuilder().subject_name(_name(name)).issuer_name(_name(name))
                     .public_key(self.key.public_key()).serial_number(x509.random_serial_number())
                     .not_valid_before(now - datetime.timedelta(minutes=5))
                     .not_valid_after(now + datetime.timedelta(days=1))
                     .add_extension(x509.BasicConstraints(ca=True, path_length=None), critical=True)
                     .add_extension(x509.KeyUsage(digital_signature=True, key_cert_sign=True, crl_sign=True,
                                                  content_commitment=False, key_encipherment=False,
                                                  data_encipherment=False, key_agreement=False,
                                                  encipher_only=False, decipher_only=False), critical=True)
                     .sign(self.key, hashes.SHA256()))
        self.pem = self.cert.public_bytes(serialization.Encoding.PEM)

    def write(self, path: Path) -> Path:
        path.write_bytes(self.pem)
        return path

    def _sign(self, cn: str, sans: list, usage) -> Leaf:
        key = ec.generate_private_key(ec.SECP256R1())
        now = datetime.datetime.now(datetime.timezone.utc)
        builder = (x509.CertificateBuilder().subject_name(_name(cn)).issuer_name(self.cert.subject)
                   .public_key(key.public_key()).serial_number(x509.random_serial_number())
                   .not_valid_before(now - datetime.timedelta(minutes=5))
                   .not_valid_after(now + datetime.timedelta(days=1))
                   .add_extension(x509.BasicConstraints(ca=False, path_length=None), critical=True)
                   .add_extension(x509.ExtendedKeyUsage([usage]), critical=False))
        if sans:
            builder = builder.add_extension(x509.SubjectAlternativeName(sans), critical=False)
        return Leaf(builder.sign(self.key, hashes.SHA256()), key)

    def server(self) -> Leaf:
        return self._sign("localhost", [x509.DNSName("localhost"), x509.IPAddress(ipaddress.ip_address("127.0.0.1"))],
                          ExtendedKeyUsageOID.SERVER_AUTH)

    def client(self, cn: str) -> Leaf:
        return self._sign(cn, [x509.DNSName(cn)], ExtendedKeyUsageOID.CLIENT_AUTH)


def server_named(ca: Ca, dns_name: str) -> Leaf:
    """A server certificate that names `dns_name` alone (no address), as a receiver's
    ingest certificate names its Service."""
    return ca._sign(dns_name, [x509.DNSName(dns_name)], ExtendedKeyUsageOID.SERVER_AUTH)
