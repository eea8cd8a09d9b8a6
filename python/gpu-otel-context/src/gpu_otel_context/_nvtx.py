"""A minimal NVTX v3 client in ctypes: one domain, ASCII push, pop.

NVTX is header-only: every library that uses it carries its own copy, which looks for a
tool at its first call (``NVTX_INJECTION64_PATH`` in the process's environment, ``dlopen``,
``InitializeInjectionNvtx2``) and settles for good: a copy that looked before the tool was
named stays silent for the life of the process. The gpu-otel injector names its CUPTI
there inside ``cuInit`` (docs/injector.md, "NVTX ranges as parent spans"), so this copy
does not look until the variable is present: :meth:`NvtxClient.ready` reads the *live* C
environment (``getenv`` through ctypes; Python's ``os.environ`` is a snapshot taken at
start-up and never sees the injector's ``setenv``).

Why not the ``nvtx`` package: it sends every message as a registered string
(``nvtxDomainRegisterStringA``) and caches each one for the life of the process, which
for a ``traceparent`` (new for every span) is a leak in the application and a registered
string per span in the tool. This client sends the message as ASCII text, as the
convention says (docs/app-context.md).

The protocol is NVTX's own (``nvtxDetail/nvtxInit.h``, ``nvtxImpl.h``, ``nvtxTypes.h``):
the tool asks this copy's export table (id 1: callbacks, id 3: version info) for the
function table of each module and writes its function pointers into the slots; a slot it
leaves alone is a no-op.
"""

from __future__ import annotations

import ctypes
import threading
from typing import Optional

ENV_INJECTION = b"NVTX_INJECTION64_PATH"

NVTX_VERSION = 3
ETID_CALLBACKS = 1
ETID_VERSIONINFO = 3

# NvtxCallbackModule -> NVTX_CBID_<module>_SIZE (nvtxTypes.h).
MODULE_SIZES = {1: 16, 2: 9, 3: 15, 4: 7, 5: 16, 6: 7}
CORE2 = 5
CBID_CORE2_DOMAIN_RANGE_PUSH_EX = 4
CBID_CORE2_DOMAIN_RANGE_POP = 5
CBID_CORE2_DOMAIN_CREATE_A = 12

MESSAGE_TYPE_ASCII = 1


class EventAttributes(ctypes.Structure):
    """``nvtxEventAttributes_v2``: 48 bytes (the payload and message are unions)."""

    _fields_ = [
        ("version", ctypes.c_uint16),
        ("size", ctypes.c_uint16),
        ("category", ctypes.c_uint32),
        ("colorType", ctypes.c_int32),
        ("color", ctypes.c_uint32),
        ("payloadType", ctypes.c_int32),
        ("reserved0", ctypes.c_int32),
        ("payload", ctypes.c_uint64),
        ("messageType", ctypes.c_int32),
        ("message", ctypes.c_char_p),
    ]


assert ctypes.sizeof(EventAttributes) == 48

GET_MODULE_FUNCTION_TABLE = ctypes.CFUNCTYPE(
    ctypes.c_int, ctypes.c_int, ctypes.POINTER(ctypes.c_void_p), ctypes.POINTER(ctypes.c_uint)
)
SET_INJECTION_NVTX_VERSION = ctypes.CFUNCTYPE(None, ctypes.c_uint32)
GET_EXPORT_TABLE = ctypes.CFUNCTYPE(ctypes.c_void_p, ctypes.c_uint32)
INITIALIZE_INJECTION = ctypes.CFUNCTYPE(ctypes.c_int, GET_EXPORT_TABLE)
PLACEHOLDER = ctypes.CFUNCTYPE(None)

DOMAIN_CREATE_A = ctypes.CFUNCTYPE(ctypes.c_void_p, ctypes.c_char_p)
# Push and pop keep the GIL (PYFUNCTYPE): the tool's handler takes microseconds, while a
# thread that drops the GIL on every span change may wait a switch interval (5 ms) to get
# it back from any other busy Python thread.
DOMAIN_RANGE_PUSH_EX = ctypes.PYFUNCTYPE(
    ctypes.c_int, ctypes.c_void_p, ctypes.POINTER(EventAttributes)
)
DOMAIN_RANGE_POP = ctypes.PYFUNCTYPE(ctypes.c_int, ctypes.c_void_p)


class _Callbacks(ctypes.Structure):
    _fields_ = [("struct_size", ctypes.c_size_t), ("GetModuleFunctionTable", GET_MODULE_FUNCTION_TABLE)]


class _VersionInfo(ctypes.Structure):
    _fields_ = [
        ("struct_size", ctypes.c_size_t),
        ("version", ctypes.c_uint32),
        ("reserved0", ctypes.c_uint32),
        ("SetInjectionNvtxVersion", SET_INJECTION_NVTX_VERSION),
    ]


_libc = ctypes.CDLL(None)
_libc.getenv.restype = ctypes.c_char_p
_libc.getenv.argtypes = [ctypes.c_char_p]


def injection_path() -> Optional[str]:
    """``NVTX_INJECTION64_PATH`` as the C library sees it now (set by the injector inside
    ``cuInit``, by Nsight Systems, or by the user)."""
    v = _libc.getenv(ENV_INJECTION)
    return v.decode(errors="replace") if v else None


class NvtxClient:
    """One NVTX copy of its own, for one domain. Thread-safe; never raises to the caller
    after construction (failures leave it disabled, with the reason in ``failure``)."""

    def __init__(self, domain: str):
        self.domain_name = domain.encode()
        self.failure: Optional[str] = None
        self.tool: Optional[str] = None
        self._state = "waiting"  # waiting -> ready | failed
        self._lock = threading.Lock()
        self._domain = None
        self._push = None
        self._pop = None
        # Everything the tool may keep a pointer to lives as long as this client.
        self._keep = []

    def ready(self) -> bool:
        """Whether ranges go to a tool now; initialises this copy the first time the
        environment names one."""
        if self._state == "ready":
            return True
        if self._state == "failed":
            return False
        path = injection_path()
        if path is None:
            return False
        with self._lock:
            if self._state == "waiting":
                try:
                    self._initialize(path)
                    self._state = "ready"
                except Exception as e:  # noqa: BLE001 - any failure disables, never raises
                    self.failure = f"{type(e).__name__}: {e}"
                    self._state = "failed"
        return self._state == "ready"

    def _initialize(self, path: str) -> None:
        self.tool = path
        slots = {}
        tables = {}
        placeholder = PLACEHOLDER(lambda: None)
        self._keep.append(placeholder)
        placeholder_addr = ctypes.cast(placeholder, ctypes.c_void_p).value
        for module, size in MODULE_SIZES.items():
            # Slot i holds the tool's function for callback id i (0 is unused); the
            # table points at the slots, 0 first and a trailing 0, as nvtxImpl.h lays it.
            s = (ctypes.c_void_p * size)(*([None] + [placeholder_addr] * (size - 1)))
            t = (ctypes.c_void_p * (size + 1))()
            for i in range(1, size):
                t[i] = ctypes.addressof(s) + i * ctypes.sizeof(ctypes.c_void_p)
            slots[module], tables[module] = s, t

        def get_module_function_table(module, out_table, out_size):
            if module not in tables:
                return 0
            if out_size:
                out_size[0] = MODULE_SIZES[module]
            if out_table:
                out_table[0] = ctypes.addressof(tables[module])
            return 1

        gmft = GET_MODULE_FUNCTION_TABLE(get_module_function_table)
        callbacks = _Callbacks(ctypes.sizeof(_Callbacks), gmft)
        set_version = SET_INJECTION_NVTX_VERSION(lambda version: None)
        version = _VersionInfo(ctypes.sizeof(_VersionInfo), NVTX_VERSION, 0, set_version)

        def get_export_table(table_id):
            if table_id == ETID_CALLBACKS:
                return ctypes.addressof(callbacks)
            if table_id == ETID_VERSIONINFO:
                return ctypes.addressof(version)
            return None

        get = GET_EXPORT_TABLE(get_export_table)
        self._keep += [slots, tables, gmft, callbacks, set_version, version, get]
        lib = ctypes.CDLL(path, mode=getattr(ctypes, "RTLD_LOCAL", 0))
        self._keep.append(lib)
        try:
            init = INITIALIZE_INJECTION(("InitializeInjectionNvtx2", lib))
        except AttributeError as e:
            raise RuntimeError(f"{path} has no InitializeInjectionNvtx2") from e
        if init(get) == 0:
            raise RuntimeError(f"{path}: InitializeInjectionNvtx2 returned 0")
        # As nvtxSetInitFunctionsToNoops: what the tool did not take is a no-op.
        for s in slots.values():
            for i in range(1, len(s)):
                if s[i] == placeholder_addr:
                    s[i] = None
        core2 = slots[CORE2]
        create = core2[CBID_CORE2_DOMAIN_CREATE_A]
        push = core2[CBID_CORE2_DOMAIN_RANGE_PUSH_EX]
        pop = core2[CBID_CORE2_DOMAIN_RANGE_POP]
        if not (create and push and pop):
            raise RuntimeError(f"{path} takes no domain ranges (nvtxDomainCreateA, RangePushEx, RangePop)")
        self._push = DOMAIN_RANGE_PUSH_EX(push)
        self._pop = DOMAIN_RANGE_POP(pop)
        self._domain = DOMAIN_CREATE_A(create)(self.domain_name)
        if not self._domain:
            raise RuntimeError(f"{path} returned no handle for domain {self.domain_name.decode()}")

    def push(self, message: str) -> None:
        """``nvtxDomainRangePushEx(domain, {ASCII message})`` on the calling thread."""
        text = message.encode("ascii")
        a = EventAttributes()
        a.version = NVTX_VERSION
        a.size = ctypes.sizeof(EventAttributes)
        a.messageType = MESSAGE_TYPE_ASCII
        a.message = text
        self._push(self._domain, ctypes.byref(a))

    def pop(self) -> None:
        """``nvtxDomainRangePop(domain)`` on the calling thread."""
        self._pop(self._domain)
