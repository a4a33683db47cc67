#!/usr/bin/env python3
"""hello.py — play a few chess moves from Python, list the legal replies, and see the game end.

Run from a build: BOARDGAMES_LIBRARY=build/lib/libboardgames.so PYTHONPATH=python python3 examples/hello.py
"""
import boardgames

with boardgames.Game("chess") as game:       # the handle is freed at the end of the block
    for move in ["e4", "e5", "Bc4", "Nc6", "Qh5", "Nf6"]:
        game.play(move)                      # SAN here; "e2e4" (UCI) works as well

    print("position:", game.fen)
    print("white can play:", " ".join(game.san(m) for m in game.legal_moves))
    print("result so far:", game.result())

    game.play("Qxf7#")                       # Scholar's mate
    print("after Qxf7#:", game.result())     # win white by checkmate

    try:
        game.play("Ke7")                     # too late: the game is over
    except boardgames.BoardGamesError as error:
        print("refused:", error)
