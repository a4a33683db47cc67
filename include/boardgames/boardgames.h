/*
** libboardgames — umbrella header: include this one. An embeddable library that plays the "capture
** the king" family of board games (chess, xiangqi, janggi, shogi and relatives, Seven Kingdoms)
** exactly by their rules.
**
** Conventions, valid for every header:
** - Handles (bg_position, bg_game, bg_record_reader) are opaque; each is used by one thread at a
**   time, different handles from different threads freely. There is no global mutable state.
** - Fallible functions return bg_status (0 = BG_OK, negative = error, see base.h). Constructors
**   and parsers fill an optional caller-supplied bg_error; game handles keep their last error.
** - Text-producing functions follow snprintf: they return the full length needed.
** - No function aborts or exits on caller input; every allocation goes through the handle's
**   allocator and its failure is reported as BG_E_NO_MEMORY with nothing half-changed.
*/
#ifndef BOARDGAMES_BOARDGAMES_H
#define BOARDGAMES_BOARDGAMES_H

#include <boardgames/base.h>
#include <boardgames/define.h>
#include <boardgames/game.h>
#include <boardgames/move.h>
#include <boardgames/notation.h>
#include <boardgames/picture.h>
#include <boardgames/position.h>
#include <boardgames/record.h>
#include <boardgames/variant.h>

#endif
