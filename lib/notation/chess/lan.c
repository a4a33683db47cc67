/* libboardgames — long algebraic notation (LAN) for chess: e2-e4, Ng1xf3, e7-e8=Q, O-O. */
#include "notations.h"
#include "san_scan.h"

int bgi_lan_format(const bg_position *pos, bg_move m, char *buf, size_t cap)
{
    return bgi_san_write(pos, m, BGI_LAN, buf, cap);
}

int bgi_lan_format_in(const bgi_legal *legal, bg_move m, char *buf, size_t cap)
{
    return bgi_san_write_in(legal, m, BGI_LAN, buf, cap);
}

bg_status bgi_lan_parse(const bg_position *pos, const char *text, unsigned flags, bg_move *out,
                        bg_error *err)
{
    bgi_san_text t;
    *out = BG_MOVE_NONE;
    /* Lenient LAN reads everything lenient SAN reads (SAN, LAN, UCI forms). */
    if (flags & BG_PARSE_LENIENT)
        return bgi_san_parse(pos, text, flags, out, err);
    bg_status s = bgi_san_scan(pos->variant, text, BGI_LAN, flags, &t, err);
    if (s != BG_OK)
        return s;
    return bgi_san_match(pos, text, &t, BGI_LAN, flags, out, err);
}
