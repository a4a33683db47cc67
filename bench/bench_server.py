#!/usr/bin/env python3
"""Load test of examples/bgserver: N concurrent connections each play one random game to the end over loopback."""

import argparse
import glob
import os
import random
import resource
import selectors
import socket
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests", "server"))
from bgs_client import Server, parse_moves, parse_state  # noqa: E402

VARIANTS = ["chess", "xiangqi", "janggi", "lionchess", "shogi", "shoshogi", "heianshogi",
            "torishogi", "minishogi", "microshogi", "judkinsshogi", "sevenkingdoms"]


def default_server():
    if os.environ.get("BGSERVER"):
        return os.environ["BGSERVER"]
    root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
    found = sorted(glob.glob(os.path.join(root, "build*", "examples", "bgserver")), key=os.path.getmtime)
    return found[-1] if found else None


class Player:
    """One connection playing one game: new -> (moves -> play)* until the game ends or the ply cap."""

    def __init__(self, sock, variant, rng, cap):
        self.sock, self.variant, self.rng, self.cap = sock, variant, rng, cap
        self.inbuf = b""
        self.outbuf = b""
        self.gid = None
        self.plies = 0
        self.state = None
        self.done = False

    def send(self, line):
        self.outbuf += line.encode() + b"\n"

    def start(self):
        self.send(f"new {self.variant}")

    def on_reply(self, reply):
        """Advance on one reply line; returns the number of moves played by it (0 or 1)."""
        if not reply.startswith("ok"):
            raise RuntimeError(f"{self.variant} game {self.gid} ply {self.plies}: {reply}")
        fields = reply[3:]
        if self.gid is None:
            self.gid = fields.split(" ")[0]
            self.send(f"moves {self.gid}")
            self.state = "moves"
            return 0
        if self.state == "moves":
            moves = parse_moves(fields)
            self.send(f"play {self.gid} {self.rng.choice(moves)} uci")
            self.state = "play"
            return 0
        if self.state == "play":
            st = parse_state(fields)
            self.plies = st["ply"]
            self.result = st
            if st["outcome"] != "ongoing" or self.plies >= self.cap:
                self.send("quit")
                self.state = "quit"
                return 1
            self.send(f"moves {self.gid}")
            self.state = "moves"
            return 1
        if self.state == "quit":
            self.done = True
        return 0


def run(args):
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < hard:
        resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    if args.games + 64 > hard:
        sys.exit(f"bench_server: need {args.games + 64} descriptors, the hard limit is {hard}")

    server = Server("--max-games", str(args.games + 16), path=args.bgserver)
    base_kb = server.vm_hwm_kb()
    variants = args.variants.split(",") if args.variants else VARIANTS
    rng = random.Random(args.seed)
    sel = selectors.DefaultSelector()
    players = []
    t_connect = time.monotonic()
    for i in range(args.games):
        s = socket.create_connection(("127.0.0.1", server.port))
        s.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        s.setblocking(False)
        p = Player(s, variants[i % len(variants)], random.Random(rng.random()), args.ply_cap)
        players.append(p)
    connect_s = time.monotonic() - t_connect

    t0 = time.monotonic()
    for p in players:
        p.start()
        sel.register(p.sock, selectors.EVENT_READ | selectors.EVENT_WRITE, p)
    total_moves = 0
    requests = 0
    open_games = len(players)
    while open_games:
        for key, mask in sel.select(timeout=30):
            p = key.data
            if mask & selectors.EVENT_WRITE and p.outbuf:
                n = p.sock.send(p.outbuf)
                p.outbuf = p.outbuf[n:]
            if mask & selectors.EVENT_READ:
                chunk = p.sock.recv(65536)
                if not chunk:
                    if p.state != "quit":
                        raise RuntimeError(f"server closed game {p.gid} ({p.variant}) at ply {p.plies}")
                    p.done = True
                p.inbuf += chunk
                while b"\n" in p.inbuf:
                    line, _, p.inbuf = p.inbuf.partition(b"\n")
                    total_moves += p.on_reply(line.decode("utf-8", errors="replace"))
                    requests += 1
            if p.done:
                sel.unregister(p.sock)
                p.sock.close()
                open_games -= 1
            elif p.outbuf:
                sel.modify(p.sock, selectors.EVENT_READ | selectors.EVENT_WRITE, p)
            else:
                sel.modify(p.sock, selectors.EVENT_READ, p)
    wall = time.monotonic() - t0
    peak_kb = server.vm_hwm_kb()
    cpu = server.cpu_seconds()
    status, out, err = server.stop()

    by_reason = {}
    for p in players:
        key = p.result["reason"] or f"ply cap {args.ply_cap}"
        by_reason[key] = by_reason.get(key, 0) + 1
    print(f"games:                {len(players)} ({', '.join(variants)})")
    print(f"total moves:          {total_moves}")
    print(f"requests:             {requests} (about 2 per move: moves + play)")
    print(f"connect time:         {connect_s:.2f} s for {len(players)} connections")
    print(f"wall time:            {wall:.2f} s")
    print(f"moves per second:     {total_moves / wall:.0f}")
    print(f"requests per second:  {requests / wall:.0f}")
    print(f"server CPU time:      {cpu:.2f} s ({cpu * 1e6 / max(requests, 1):.1f} us per request)")
    print(f"server peak memory:   {peak_kb} kB VmHWM (at start {base_kb} kB)")
    print(f"peak RSS per game:    {(peak_kb - base_kb) * 1024 / len(players):.0f} bytes above start, "
          f"{peak_kb * 1024 / len(players):.0f} bytes all in")
    print(f"endings:              {', '.join(f'{k} {v}' for k, v in sorted(by_reason.items()))}")
    if status != 0 or err:
        print(f"server exit status {status}, stderr: {err.strip()}", file=sys.stderr)
        return 1
    return 0


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--bgserver", default=default_server(), help="path of the bgserver executable")
    ap.add_argument("--games", type=int, default=1000, help="concurrent connections, one game each")
    ap.add_argument("--variants", default="", help="comma-separated variant ids (default: all 10, mixed)")
    ap.add_argument("--ply-cap", type=int, default=300, help="stop a game after this many plies")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    if not args.bgserver:
        sys.exit("bench_server: no bgserver found; pass --bgserver PATH or set BGSERVER")
    sys.exit(run(args))


if __name__ == "__main__":
    main()
