/* libboardgames — status codes: static messages and filling caller-supplied error structs. */
#include <stdio.h>
#include <string.h>

#include "internal.h"

const char *bg_strerror(int status)
{
    switch (status) {
    case BG_OK: return "success";
    case BG_E_INVALID_ARGUMENT: return "invalid argument";
    case BG_E_NO_MEMORY: return "out of memory";
    case BG_E_UNKNOWN_VARIANT: return "unknown variant";
    case BG_E_PARSE: return "malformed text";
    case BG_E_ILLEGAL_MOVE: return "illegal move";
    case BG_E_AMBIGUOUS_MOVE: return "ambiguous move";
    case BG_E_UNSUPPORTED: return "not supported for this variant";
    case BG_E_GAME_OVER: return "the game is over";
    case BG_E_NO_MOVE: return "no such move";
    case BG_E_INVALID_POSITION: return "impossible position";
    case BG_E_CLAIM_REJECTED: return "claim rejected";
    case BG_E_LIMIT: return "input exceeds a limit";
    case BG_E_UNKNOWN_OPTION: return "unknown option";
    case BG_E_ENCODING: return "invalid character encoding";
    case BG_E_END: return "no more items";
    case BG_E_IO: return "input/output error";
    default: return "unknown status";
    }
}

/* Whether the caller's struct (of its own compiled size) has room for a field ending at `end`. */
#define HAS_FIELD(err, field) \
    ((err)->size >= offsetof(bg_error, field) + sizeof((err)->field))

void bgi_error_clear(bg_error *err)
{
    if (!err || err->size < sizeof(err->size))
        return;
    if (HAS_FIELD(err, code)) err->code = 0;
    if (HAS_FIELD(err, line)) err->line = 0;
    if (HAS_FIELD(err, column)) err->column = 0;
    if (HAS_FIELD(err, offset)) err->offset = 0;
    if (HAS_FIELD(err, game_index)) err->game_index = -1;
    if (HAS_FIELD(err, ply)) err->ply = 0;
    if (HAS_FIELD(err, message)) err->message[0] = 0;
}

bg_status bgi_fail(bg_error *err, bg_status code, size_t offset, const char *fmt, ...)
{
    if (!err || err->size < sizeof(err->size))
        return code;
    if (HAS_FIELD(err, code)) err->code = code;
    if (HAS_FIELD(err, offset)) err->offset = offset;
    if (HAS_FIELD(err, message)) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(err->message, sizeof err->message, fmt, ap);
        va_end(ap);
    }
    return code;
}

void bgi_error_copy(bg_error *dst, const bg_error *src)
{
    if (!dst || dst->size < sizeof(dst->size))
        return;
    size_t n = dst->size < sizeof *src ? dst->size : sizeof *src;
    size_t keep = dst->size;
    memcpy(dst, src, n);
    dst->size = keep;
}
