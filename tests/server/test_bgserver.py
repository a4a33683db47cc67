"""bgserver over TCP: the protocol, random games of every variant in two notations, hostile clients, clean exit."""

import random
import resource
import select
import signal
import socket
import struct
import time
import unittest

from bgs_client import REASONS, Server, escape, parse_moves, parse_state, unescape

VARIANTS = ["chess", "xiangqi", "janggi", "lionchess", "shogi", "shoshogi", "heianshogi",
            "torishogi", "minishogi", "microshogi", "judkinsshogi", "sevenkingdoms"]
PLY_CAP = 200


class ServerTest(unittest.TestCase):
    """Each test starts its own server and ends by proving it exits cleanly (status 0, quiet stderr)."""

    flags = ()
    preexec_fn = None

    def setUp(self):
        self.server = Server(*self.flags, preexec_fn=self.preexec_fn)
        self.addCleanup(self._kill)

    def _kill(self):
        if self.server.proc.poll() is None:
            self.server.proc.kill()
            self.server.proc.communicate()

    def assert_clean_exit(self, how="shutdown"):
        status, out, err = self.server.stop(how)
        # ASan/LSan/UBSan write their reports on stderr; a clean server writes nothing there.
        self.assertEqual(err, "", "server stderr")
        self.assertEqual(status, 0, "server exit status")
        self.assertIn("bgserver: stopped:", out)
        return out

    def wait_games(self, client, games, connections=None, wait=10.0):
        """Poll `stats` until the server holds `games` games (and `connections` connections)."""
        end = time.monotonic() + wait
        while True:
            st = dict(kv.split("=") for kv in client.ok("stats").split())
            good = int(st["games"]) == games and (
                connections is None or int(st["connections"]) == connections)
            if good or time.monotonic() > end:
                self.assertEqual(int(st["games"]), games, st)
                if connections is not None:
                    self.assertEqual(int(st["connections"]), connections, st)
                return st
            time.sleep(0.05)


class TestProtocol(ServerTest):
    def test_catalogue(self):
        with self.server.connect() as c:
            self.assertEqual(c.ok("variants").split(), [str(len(VARIANTS))] + VARIANTS)
            info = c.ok("info chess")
            self.assertTrue(info.startswith("chess size=8x8 sides=white,black notations=san,uci,lan "
                                            "records=pgn options=chess960=false|true"), info)
            self.assertIn("name=Western chess (FIDE)", info)
            self.assertIn("options=players=", c.ok("info sevenkingdoms"))
            self.assertEqual(c.request("info go"), "err unknown-variant 5 no variant 'go'")
            self.assertEqual(c.ok("ping"), "pong")
            self.assertIn("play", c.ok("help").split())
        self.assert_clean_exit()

    def test_fools_mate_and_errors(self):
        with self.server.connect() as c:
            self.assertEqual(c.ok("new chess"), "1 0 white ongoing - - -")
            # Strict SAN refuses a lowercase piece letter; the error points into the line.
            r = c.request("play 1 e5")
            self.assertTrue(r.startswith("err illegal-move 7 "), r)
            self.assertEqual(parse_state(c.ok("play 1 f3"))["to_move"], "black")
            c.ok("play 1 e7e5 uci")
            c.ok("play 1 g2g4 auto")
            st = parse_state(c.ok("play 1 Qh4# san"))
            self.assertEqual((st["ply"], st["outcome"], st["winners"], st["reason"]),
                             (4, "win", ["black"], "checkmate"))
            self.assertEqual(c.ok("moves 1"), "0")
            r = c.request("play 1 a3")
            self.assertTrue(r.startswith("err game-over 7 "), r)
            self.assertEqual(c.ok("position 1"),
                             "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3")
            self.assertEqual(c.ok("position 1 epd"),
                             "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq -")
            pgn = unescape(c.ok("export 1"))
            self.assertIn("1. f3 e5 2. g4 Qh4# 0-1", pgn)
            self.assertIn('[Result "0-1"]', pgn)
            # The record imports back into the same game, under a new id.
            st = parse_state(c.ok("import chess pgn " + escape(pgn))[2:])
            self.assertEqual((st["ply"], st["outcome"], st["reason"]), (4, "win", "checkmate"))
            self.assertEqual(c.ok("position 2"), c.ok("position 1"))
            # Undo takes the mate back; the legal moves come in the notation asked for.
            self.assertEqual(parse_state(c.ok("undo 1"))["outcome"], "ongoing")
            san = parse_moves(c.ok("moves 1 san"))
            self.assertIn("Qh4#", san)
            self.assertEqual(len(san), len(parse_moves(c.ok("moves 1 uci"))))
            self.assertEqual(len(san), len(parse_moves(c.ok("moves 1 lan"))))
            # Error replies: code, offset into the request line, message.
            self.assertEqual(c.request("play x e4"), "err syntax 5 a game id is a decimal number")
            self.assertEqual(c.request("play 9 e4"), "err no-game 5 no game 9 on this connection")
            self.assertEqual(c.request("play 4294967296 e4"),
                             "err syntax 5 a game id is a decimal number")
            self.assertEqual(c.request("moves 1 kif"), "err unsupported 8 chess has no notation 'kif'")
            self.assertTrue(c.request("new chess foo=bar").startswith("err unknown-option 10 "))
            self.assertTrue(c.request("play 1 Zz9").startswith("err parse 7 "))
            self.assertTrue(c.request("frobnicate").startswith("err unknown-command 0 "))
            self.assertEqual(c.request("play 1"), "err syntax 6 play needs 2 arguments")
            self.assertEqual(c.request("new chess a b"), "err syntax 12 too many arguments")
            self.assertTrue(c.request("undo 2 3").startswith("err syntax 7 "))
            self.assertTrue(c.request("claim 1 checkmate").startswith("err claim-rejected "))
            self.assertTrue(c.request("claim 1 nonsense").startswith("err syntax 8 "))
            self.assertTrue(c.request("load chess - 8/8/8").startswith("err parse 18 "))
            self.assertTrue(c.request("load chess - 8/8/8/8/8/8/8/K6k w - - 0 x").startswith(
                "err parse 39 "))
            self.assertEqual(c.ok("games"), "2 1 2")
            self.assertEqual(c.ok("free 2"), "")
            self.assertEqual(c.ok("games"), "1 1")
            self.assertEqual(c.request("free 2"), "err no-game 5 no game 2 on this connection")
        self.assert_clean_exit()

    def test_known_endings(self):
        with self.server.connect() as c:
            # Threefold repetition is a claim, not automatic; the claim ends the game.
            c.ok("new chess")
            for m in "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1".split():
                st = parse_state(c.ok("play 1 " + m))
                self.assertEqual(st["claims"], [])
            st = parse_state(c.ok("play 1 Ng8"))
            self.assertEqual((st["outcome"], st["claims"]), ("ongoing", ["threefold-repetition"]))
            st = parse_state(c.ok("claim 1 threefold-repetition"))
            self.assertEqual((st["outcome"], st["reason"]), ("draw", "threefold-repetition"))
            # Positions from text: stalemate and bare kings end at once.
            st = parse_state(c.ok("load chess - 7k/5Q2/6K1/8/8/8/8/8 b - - 0 1")[2:])
            self.assertEqual((st["outcome"], st["reason"]), ("draw", "stalemate"))
            st = parse_state(c.ok("load chess - 8/8/8/8/8/8/8/K6k w - - 0 1")[2:])
            self.assertEqual((st["outcome"], st["reason"]), ("draw", "insufficient-material"))
            # Resignation and agreement.
            gid = c.ok("new xiangqi").split()[0]
            st = parse_state(c.ok(f"resign {gid} red"))
            self.assertEqual((st["outcome"], st["winners"], st["reason"]), ("win", ["black"], "resignation"))
            gid = c.ok("new shogi impasse=24").split()[0]
            st = parse_state(c.ok(f"draw {gid}"))
            self.assertEqual((st["outcome"], st["reason"]), ("draw", "agreement"))
            # Janggi: a pass is the general's square twice in uci; the Korean name in korean.
            gid = c.ok("new janggi ruleset=casual").split()[0]
            self.assertEqual(parse_state(c.ok(f"play {gid} e2e2 uci"))["to_move"], "han")
            korean = parse_moves(c.ok(f"moves {gid} korean"))
            self.assertIn("한수쉼", korean)
            # Shogi in Japanese notation, then the KIF record.
            gid = c.ok("new shogi").split()[0]
            ja = parse_moves(c.ok(f"moves {gid} japanese"))
            self.assertIn("▲7六歩", ja)
            c.ok(f"play {gid} ▲7六歩 japanese")
            c.ok(f"play {gid} 3c3d usi")
            kif = unescape(c.ok(f"export {gid} kif"))
            self.assertIn("７六歩(77)", kif)
            st = parse_state(c.ok("import shogi kif " + escape(kif))[2:])
            self.assertEqual((st["ply"], st["to_move"]), (2, "sente"))
        self.assert_clean_exit()

    def test_random_games_every_variant(self):
        """Random legal moves from the server's own lists, to the end or PLY_CAP plies."""
        rng = random.Random(7)
        endings = {}
        with self.server.connect() as c:
            for variant in VARIANTS:
                notations = c.ok(f"info {variant}").split(" notations=")[1].split(" ")[0].split(",")
                other = [n for n in notations if n != "uci"]
                # Two notations per variant: uci and another one (sevenkingdoms has only uci, so
                # explicit uci and auto).
                pair = ["uci", other[0] if other else "auto"]
                for k, second in enumerate(pair):
                    with self.subTest(variant=variant, notation=second):
                        gid = c.ok(f"new {variant}").split()[0]
                        st = None
                        for ply in range(PLY_CAP):
                            notation = pair[(ply + k) % 2]
                            listed = "uci" if notation == "auto" else notation
                            moves = parse_moves(c.ok(f"moves {gid} {listed}"))
                            self.assertTrue(moves, f"{variant} ply {ply}: no legal moves, game ongoing")
                            move = rng.choice(moves)
                            st = parse_state(c.ok(f"play {gid} {move} {notation}"))
                            self.assertEqual(st["ply"], ply + 1)
                            if st["outcome"] != "ongoing":
                                break
                        res = parse_state(c.ok(f"result {gid}"))
                        self.assertEqual(res, st)
                        if st["outcome"] != "ongoing":
                            self.assertIn(st["reason"], REASONS)
                            self.assertEqual(c.ok(f"moves {gid}"), "0")
                            if st["outcome"] == "win":
                                self.assertTrue(st["winners"])
                        endings[(variant, second)] = (st["ply"], st["outcome"], st["reason"])
                        # The record of the game reads back to the same position.
                        record = c.ok(f"export {gid}")
                        fmt = c.ok(f"info {variant}").split(" records=")[1].split(" ")[0].split(",")[0]
                        rid = c.ok(f"import {variant} {fmt} {record}").split()[0]
                        self.assertEqual(c.ok(f"position {rid}"), c.ok(f"position {gid}"))
                        c.ok(f"free {rid}")
                        c.ok(f"free {gid}")
            self.assertEqual(len(endings), 2 * len(VARIANTS))
            print("\nrandom games:", endings)
        self.assert_clean_exit()

    def test_auto_notation_every_notation(self):
        """Every notation of every variant: each legal move parses back to the same move."""
        with self.server.connect() as c:
            for variant in VARIANTS:
                notations = c.ok(f"info {variant}").split(" notations=")[1].split(" ")[0].split(",")
                gid = c.ok(f"new {variant}").split()[0]
                uci = parse_moves(c.ok(f"moves {gid} uci"))
                for notation in notations:
                    moves = parse_moves(c.ok(f"moves {gid} {notation}"))
                    self.assertEqual(len(moves), len(uci), (variant, notation))
                    for i in (0, len(moves) // 2, len(moves) - 1):
                        c.ok(f"play {gid} {moves[i]} {notation}")
                        # The move played is the one listed at the same index in uci.
                        back = parse_state(c.ok(f"undo {gid}"))
                        self.assertEqual(back["ply"], 0)
                        c.ok(f"play {gid} {uci[i]} uci")
                        pos_uci = c.ok(f"position {gid}")
                        c.ok(f"undo {gid}")
                        c.ok(f"play {gid} {moves[i]} {notation}")
                        self.assertEqual(c.ok(f"position {gid}"), pos_uci, (variant, notation, i))
                        c.ok(f"undo {gid}")
        self.assert_clean_exit()

    def stop_by_signal_with_games(self, sig):
        conns = [self.server.connect() for _ in range(5)]
        for i, c in enumerate(conns):
            for v in VARIANTS[i::2]:
                c.ok(f"new {v}")
            c.send(b"play 1 e")  # a half line left in the buffer
        with self.server.connect() as c:
            self.wait_games(c, sum(len(VARIANTS[i::2]) for i in range(5)))
        out = self.assert_clean_exit(sig)
        self.assertIn("peak 6 connections", out)
        for c in conns:
            self.assertTrue(c.closed_by_server(wait=5.0))
            c.close()

    def test_sigterm_frees_everything(self):
        self.stop_by_signal_with_games(signal.SIGTERM)

    def test_sigint_frees_everything(self):
        self.stop_by_signal_with_games(signal.SIGINT)

class TestHostile(ServerTest):
    flags = ("--max-games-per-conn", "8", "--max-games", "20", "--max-line", "4096",
             "--max-output", "65536", "--max-conns", "64")

    def test_random_requests(self):
        """Lines of real command words with random arguments, pipelined: one well-formed reply each."""
        rng = random.Random(5)
        commands = ["ping", "version", "help", "variants", "info", "new", "load", "import", "play",
                    "moves", "position", "result", "undo", "claim", "resign", "draw", "export",
                    "free", "games", "stats"]
        words = VARIANTS + ["1", "2", "3", "0", "-1", "99999999999", "uci", "san", "auto", "kif",
                            "korean", "pgn", "skr", "gib", "csa", "-", "e4", "e2e4", "Qh4#", "O-O",
                            "7g7f", "P*5e", "▲7六歩", "95장05", "炮二平五", "h2e2", "e2e2", "a13b15",
                            "ruleset=casual", "chess960=true", "players=qin,han", "impasse=try",
                            "setup=RNBA1ANBR/rnba1abnr", "threefold-repetition", "impasse",
                            "white", "black", "red", "sente", "qin", "epd", "fen", "\\x00\\n",
                            "[Event", "1.", "8/8/8/8/8/8/8/K6k", "w", "b", "\xff\xfe", "\x01", "%s"]
        arity = {"info": (1, 1), "new": (1, 2), "load": (3, 6), "import": (3, 5), "play": (2, 3),
                 "moves": (1, 2), "position": (1, 2), "result": (1, 1), "undo": (1, 1),
                 "claim": (2, 2), "resign": (2, 2), "draw": (1, 1), "export": (1, 2), "free": (1, 1)}
        lines = []
        for i in range(4000):
            cmd = rng.choice(commands)
            lo, hi = arity.get(cmd, (0, 0))
            # Mostly the right number of arguments, a variant or a live game id first.
            n = rng.randint(lo, hi) if rng.random() < 0.8 else rng.randrange(5)
            args = [rng.choice(words) for _ in range(n)]
            if args and rng.random() < 0.8:
                args[0] = (rng.choice(VARIANTS) if cmd in ("info", "new", "load", "import")
                           else str(rng.randint(1, 10)))
            lines.append(" ".join([cmd] + args))
        with self.server.connect() as c:
            c.send("\n".join(lines) + "\n")
            codes = {}
            for line in lines:
                r = c.readline()
                self.assertTrue(r.startswith("ok") or r.startswith("err "), (line, r))
                if r.startswith("err "):
                    code, offset, _ = r[4:].split(" ", 2)
                    self.assertLessEqual(int(offset), len(line.encode()), (line, r))
                    codes[code] = codes.get(code, 0) + 1
            self.assertEqual(c.ok("ping"), "pong")
            self.assertGreater(len(codes), 5, codes)
            print("\nrandom requests, error codes:", sorted(codes.items()))
        self.assert_clean_exit()

    def test_hostile_clients(self):
        rng = random.Random(11)
        with self.server.connect() as admin:
            # Garbage lines: every one gets an error, and the connection goes on.
            with self.server.connect() as c:
                for junk in ["\x01\x02garbage", "new", "new " + "x" * 200, "ping ping",
                             "\xff\xfe", "play 1 e4 uci extra", "新しい chess", "moves -1",
                             "load chess -", "import chess pgn \\q", "export 99", "position 0"]:
                    r = c.request(junk)
                    self.assertTrue(r.startswith("err "), (junk, r))
                    code, offset, _ = r[4:].split(" ", 2)
                    self.assertTrue(offset.isdigit(), r)
                c.send("\n  \n\t\r\n")  # blank lines get no reply
                self.assertEqual(c.request("ping"), "ok pong")

            # A NUL byte: refused with its offset.
            with self.server.connect() as c:
                c.send(b"ping\x00x\n\x00\nping\n")
                self.assertEqual(c.readline(), "err syntax 4 NUL byte in the request")
                self.assertEqual(c.readline(), "err syntax 0 NUL byte in the request")
                self.assertEqual(c.readline(), "ok pong")

            # Random bytes, then a ping: every reply is a well-formed line, then the pong.
            with self.server.connect() as c:
                data = bytes(rng.randrange(256) for _ in range(200_000))
                c.send(data + b"\nping\n")
                n = 0
                while True:
                    r = c.readline()
                    n += 1
                    if r == "ok pong":
                        break
                    self.assertTrue(r.startswith("err ") or r.startswith("ok"), r)
                self.assertGreater(n, 100)

            # 1 MB lines: one error each, the connection survives; CRLF lines work too.
            with self.server.connect() as c:
                c.send(b"x" * 1_000_000 + b"\nping\r\n" + b"new chess " + b"y" * 2_000_000 + b"\nping\n")
                self.assertTrue(c.readline().startswith("err line-too-long 0 "))
                self.assertEqual(c.readline(), "ok pong")
                self.assertTrue(c.readline().startswith("err line-too-long 0 "))
                self.assertEqual(c.readline(), "ok pong")
                # Just under the limit is a request (an unknown command here), just over is not.
                self.assertTrue(c.request("z" * 4096).startswith("err unknown-command 0 "))
                self.assertTrue(c.request("z" * 4097).startswith("err line-too-long 0 "))

            # Thousands of pipelined requests in one write: every reply, in order.
            with self.server.connect() as c:
                lines = ["new chess"]
                for i in range(3000):
                    lines.append("ping" if i % 3 else "moves 1")
                lines += ["play 1 e4", "play 1 e5", "result 1", "free 1"]
                c.send("\n".join(lines) + "\n")
                self.assertTrue(c.readline().startswith("ok 1 "))
                for i in range(3000):
                    r = c.readline()
                    if i % 3:
                        self.assertEqual(r, "ok pong")
                    else:
                        self.assertEqual(len(parse_moves(r[3:])), 20)
                c.readline()
                c.readline()
                self.assertEqual(parse_state(c.readline()[3:])["ply"], 2)
                self.assertEqual(c.readline(), "ok")

            # Half close after pipelined requests: every complete line is answered, then EOF.
            with self.server.connect() as c:
                c.send("new chess\nplay 1 e4\nmoves 1 san\nresult 1\nplay 1 e")
                c.sock.shutdown(socket.SHUT_WR)
                replies = [c.readline() for _ in range(4)]
                self.assertTrue(all(r.startswith("ok ") for r in replies), replies)
                self.assertEqual(parse_state(replies[3][3:])["ply"], 1)
                self.assertTrue(c.closed_by_server(wait=5.0))
                self.assertEqual(c.buf, b"")

            # Too many games: 8 per connection, 20 in the server.
            conns = [self.server.connect() for _ in range(3)]
            made = 0
            for c in conns:
                for i in range(9):
                    r = c.request("new minishogi")
                    if made < 20 and i < 8:
                        self.assertTrue(r.startswith("ok "), r)
                        made += 1
                    else:
                        self.assertTrue(r.startswith("err too-many-games 0 "), r)
            self.wait_games(admin, 20)
            c = conns[0]
            c.ok("free 3")
            self.assertEqual(c.ok("new chess").split()[0], "9")  # ids are not reused
            for c in conns:
                c.close()
            self.wait_games(admin, 0, connections=1)

            # Half lines then disconnect, and abrupt RST disconnects with replies unread.
            for i in range(50):
                s = socket.create_connection(("127.0.0.1", self.server.port))
                s.sendall(b"new sevenkingdoms\n" + b"moves 1\n" * 40 + b"play 1 e")
                if i % 2:
                    s.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
                s.close()
            self.wait_games(admin, 0, connections=1)

            # A slow reader: pipelines requests without reading; the server stops reading it
            # (replies bounded by --max-output) and keeps serving everyone else.
            slow = socket.create_connection(("127.0.0.1", self.server.port))
            slow.setblocking(False)
            slow.send(b"new sevenkingdoms\n")
            sent = 0
            deadline = time.monotonic() + 10
            while time.monotonic() < deadline:
                try:
                    sent += slow.send(b"moves 1\n" * 1000)
                except BlockingIOError:
                    break
            self.assertGreater(sent, 0)
            self.assertEqual(admin.ok("ping"), "pong")
            st = self.wait_games(admin, 1, connections=2)
            slow.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
            slow.close()
            self.wait_games(admin, 0, connections=1)

            # Too many connections: the extra ones are told so and closed.
            many = [socket.create_connection(("127.0.0.1", self.server.port)) for _ in range(70)]
            busy = 0
            waiting = set(many)
            end = time.monotonic() + 20
            while waiting and time.monotonic() < end:
                if busy == 70 - 63:
                    end = min(end, time.monotonic() + 0.5)  # a little longer, to see any extra
                ready, _, _ = select.select(list(waiting), [], [], 0.2)
                for s in ready:
                    waiting.discard(s)
                    busy += s.recv(100).startswith(b"err busy 0 ")
            self.assertEqual(busy, 70 - 63)  # --max-conns 64, the admin client is one
            for s in many:
                s.close()
            self.wait_games(admin, 0, connections=1)

            # After all that, a normal client plays a normal game.
            with self.server.connect() as c:
                c.ok("new chess")
                for m in "f3 e5 g4 Qh4#".split():
                    st = parse_state(c.ok("play 1 " + m))
                self.assertEqual((st["outcome"], st["reason"]), ("win", "checkmate"))
            st = self.wait_games(admin, 0, connections=1)
            self.assertGreater(int(st["errors"]), 100)
        self.assert_clean_exit()


class TestTinyOutput(ServerTest):
    flags = ("--max-output", "400")

    def test_reply_limits(self):
        with self.server.connect() as c:
            c.ok("new chess")
            for m in "e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 O-O Be7 Re1 b5 Bb3 d6 c3 O-O h3 Nb8 d4 Nbd7".split():
                c.ok("play 1 " + m)
            # An export larger than half the reply limit is refused, the connection goes on.
            r = c.request("export 1")
            self.assertTrue(r.startswith("err limit 0 record of "), r)
            self.assertIn("d4d5", parse_moves(c.ok("moves 1")))
        with self.server.connect() as c:
            # A reply that alone overflows the limit (96 moves, about 700 bytes) drops the reader.
            c.ok("new sevenkingdoms")
            c.send("moves 1\n")
            self.assertTrue(c.closed_by_server(wait=5.0))
            self.assertEqual(c.buf, b"")
        with self.server.connect() as c:
            self.assertEqual(c.ok("stats").split()[:2], ["connections=1", "games=0"])
        self.assert_clean_exit()


def _few_descriptors():
    resource.setrlimit(resource.RLIMIT_NOFILE, (64, 64))


class TestOutOfDescriptors(ServerTest):
    """The process runs out of descriptors before --max-conns: clients are refused, not left queued."""

    flags = ("--max-conns", "1000")
    preexec_fn = staticmethod(_few_descriptors)

    def test_emfile(self):
        with self.server.connect() as admin:
            many = [socket.create_connection(("127.0.0.1", self.server.port)) for _ in range(100)]
            busy = 0
            waiting = set(many)
            end = time.monotonic() + 20
            while waiting and time.monotonic() < end:
                ready, _, _ = select.select(list(waiting), [], [], 0.5)
                if not ready and busy:
                    break
                for s in ready:
                    waiting.discard(s)
                    busy += s.recv(100).startswith(b"err busy 0 ")
            # 64 descriptors: stdio, epoll, signalfd, listener, spare, admin -> about 55 clients fit.
            print(f"\nout of descriptors: {busy} of 100 clients refused")
            self.assertGreater(busy, 20)
            self.assertLess(busy, 100)
            self.assertEqual(admin.ok("ping"), "pong")
            for s in many:
                s.close()
            self.wait_games(admin, 0, connections=1)
            with self.server.connect() as c:
                self.assertEqual(c.ok("new chess").split()[0], "1")
        self.assert_clean_exit()


class TestIdle(ServerTest):
    flags = ("--idle-timeout", "1")

    def test_idle_connection_closed(self):
        with self.server.connect() as c:
            c.ok("new chess")
            self.assertTrue(c.closed_by_server(wait=5.0))
        with self.server.connect() as c:
            self.assertEqual(c.ok("stats").split()[1], "games=0")
        self.assert_clean_exit()


if __name__ == "__main__":
    unittest.main()
