"""bgserver test and bench helpers: start the server on a free port, a blocking line client, reply parsing."""

import os
import select
import socket
import subprocess
import time

REASONS = {
    "checkmate", "stalemate", "no-legal-moves", "insufficient-material", "threefold-repetition",
    "fivefold-repetition", "fifty-moves", "seventyfive-moves", "repetition", "perpetual-check",
    "perpetual-chase", "move-limit", "bikjang", "counting", "double-pass", "impasse", "try",
    "bare-king", "royals-captured", "elimination", "hegemony", "resignation", "agreement",
}


def server_path():
    path = os.environ.get("BGSERVER")
    if not path:
        raise RuntimeError("set BGSERVER to the bgserver executable")
    return path


class Server:
    """A bgserver process on 127.0.0.1:<free port>; stop() returns (exit status, stdout, stderr)."""

    def __init__(self, *flags, path=None, preexec_fn=None):
        self.proc = subprocess.Popen(
            [path or server_path(), "--port", "0", "--admin", "--max-seconds", "900", *flags],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, preexec_fn=preexec_fn)
        line = self.proc.stdout.readline().decode()
        if not line.startswith("listening on 127.0.0.1:"):
            self.proc.kill()
            out, err = self.proc.communicate()
            raise RuntimeError(f"bgserver did not start: {line!r} {err.decode(errors='replace')}")
        self.port = int(line.rsplit(":", 1)[1])

    def connect(self, timeout=30):
        return Client(self.port, timeout)

    def vm_hwm_kb(self):
        """Peak resident memory of the server process (VmHWM), in kB."""
        with open(f"/proc/{self.proc.pid}/status") as f:
            for line in f:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1])
        return -1

    def cpu_seconds(self):
        """User + system CPU time the server process has used so far."""
        with open(f"/proc/{self.proc.pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def stop(self, how="shutdown", timeout=120):
        if self.proc.poll() is None:
            if how == "shutdown":
                with self.connect() as c:
                    c.request("shutdown")
            else:
                self.proc.send_signal(how)
        try:
            out, err = self.proc.communicate(timeout=timeout)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            out, err = self.proc.communicate()
        return self.proc.returncode, out.decode(errors="replace"), err.decode(errors="replace")


class Client:
    """A blocking client: send lines, read reply lines (bytes are decoded leniently)."""

    def __init__(self, port, timeout=30):
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=timeout)
        self.buf = b""

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def close(self):
        if self.sock:
            self.sock.close()
            self.sock = None

    def send(self, data):
        self.sock.sendall(data if isinstance(data, bytes) else data.encode())

    def readline(self):
        while b"\n" not in self.buf:
            chunk = self.sock.recv(65536)
            if not chunk:
                raise ConnectionError(f"server closed the connection (pending {self.buf[:80]!r})")
            self.buf += chunk
        line, _, self.buf = self.buf.partition(b"\n")
        return line.decode("utf-8", errors="replace")

    def request(self, line):
        self.send(line + "\n")
        return self.readline()

    def ok(self, line):
        reply = self.request(line)
        if not reply.startswith("ok"):
            raise AssertionError(f"{line!r} -> {reply!r}")
        return reply[3:]

    def closed_by_server(self, wait=5.0):
        """True if the server closed the connection within `wait` seconds (no more bytes)."""
        end = time.monotonic() + wait
        while time.monotonic() < end:
            r, _, _ = select.select([self.sock], [], [], 0.1)
            if r:
                try:
                    chunk = self.sock.recv(65536)
                except ConnectionResetError:
                    return True
                if not chunk:
                    return True
                self.buf += chunk
        return False


def parse_state(fields):
    """The state fields of a game reply: PLY TOMOVE OUTCOME WINNERS REASON CLAIMS."""
    ply, to_move, outcome, winners, reason, claims = fields.split(" ")
    return {
        "ply": int(ply), "to_move": to_move, "outcome": outcome,
        "winners": [] if winners == "-" else winners.split(","),
        "reason": "" if reason == "-" else reason,
        "claims": [] if claims == "-" else claims.split(","),
    }


def parse_moves(fields):
    parts = fields.split(" ")
    n = int(parts[0])
    if len(parts) - 1 != n:
        raise AssertionError(f"moves reply announces {n} moves, has {len(parts) - 1}")
    return parts[1:]


def unescape(text):
    """The record escapes of docs/bgserver.md: \\\\ \\n \\r \\t \\xHH (the text is UTF-8)."""
    out = bytearray()
    raw = text.encode()
    i = 0
    while i < len(raw):
        ch = raw[i]
        if ch != 0x5C:
            out.append(ch)
            i += 1
            continue
        e = chr(raw[i + 1])
        if e == "x":
            out.append(int(raw[i + 2:i + 4], 16))
            i += 4
        else:
            out.append({"n": 10, "r": 13, "t": 9, "\\": 0x5C}[e])
            i += 2
    return out.decode()


def escape(text):
    out = []
    for ch in text:
        if ch in "\\\n\r\t":
            out.append({"\\": "\\\\", "\n": "\\n", "\r": "\\r", "\t": "\\t"}[ch])
        elif ord(ch) < 0x20 or ord(ch) == 0x7F:
            out.append(f"\\x{ord(ch):02x}")
        else:
            out.append(ch)
    return "".join(out)
