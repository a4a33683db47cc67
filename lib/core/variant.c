/* libboardgames — the read-only queries of a variant: geometry, sides, pieces, notations, options, lookups by id. */
#include <string.h>

#include "internal.h"

const char *bg_variant_id(const bg_variant *v) { return v ? v->id : NULL; }
const char *bg_variant_name(const bg_variant *v) { return v ? v->name : NULL; }
int bg_variant_width(const bg_variant *v) { return v ? v->width : 0; }
int bg_variant_height(const bg_variant *v) { return v ? v->height : 0; }
int bg_variant_sides(const bg_variant *v) { return v ? v->sides : 0; }

int bg_square(const bg_variant *v, int file, int rank)
{
    if (!v || file < 0 || rank < 0 || file >= v->width || rank >= v->height)
        return -1;
    return rank * v->width + file;
}

int bg_square_file(const bg_variant *v, int square)
{
    if (!v || square < 0 || square >= v->width * v->height)
        return -1;
    return square % v->width;
}

int bg_square_rank(const bg_variant *v, int square)
{
    if (!v || square < 0 || square >= v->width * v->height)
        return -1;
    return square / v->width;
}

const char *bg_variant_side_id(const bg_variant *v, int side)
{
    return v && side >= 0 && side < v->sides ? v->side_ids[side] : NULL;
}

int bg_variant_side_find(const bg_variant *v, const char *id)
{
    for (int i = 0; v && id && i < v->sides; i++)
        if (strcmp(v->side_ids[i], id) == 0)
            return i;
    return -1;
}

int bg_variant_piece_kinds(const bg_variant *v) { return v ? v->piece_kinds : 0; }

const char *bg_variant_piece_name(const bg_variant *v, int kind)
{
    return v && kind >= 1 && kind <= v->piece_kinds ? v->piece_names[kind] : NULL;
}

const char *bg_variant_piece_letter(const bg_variant *v, int kind)
{
    return v && kind >= 1 && kind <= v->piece_kinds ? v->piece_letters[kind] : NULL;
}

int bg_variant_has_drops(const bg_variant *v) { return v ? v->has_drops : 0; }
int bg_variant_has_pass(const bg_variant *v) { return v ? v->has_pass : 0; }
int bg_variant_max_moves(const bg_variant *v) { return v ? v->max_moves : 0; }
int bg_variant_notation_count(const bg_variant *v) { return v ? v->notation_count : 0; }

const char *bg_variant_notation_at(const bg_variant *v, int index)
{
    return v && index >= 0 && index < v->notation_count ? v->notations[index].id : NULL;
}

int bg_variant_record_format_count(const bg_variant *v) { return v ? v->record_format_count : 0; }

const char *bg_variant_record_format_at(const bg_variant *v, int index)
{
    return v && index >= 0 && index < v->record_format_count ? v->record_formats[index].id : NULL;
}

int bg_variant_option_count(const bg_variant *v) { return v ? v->option_count : 0; }

const char *bg_variant_option_name(const bg_variant *v, int index)
{
    return v && index >= 0 && index < v->option_count ? v->options[index].name : NULL;
}

const char *bg_variant_option_values(const bg_variant *v, int index)
{
    return v && index >= 0 && index < v->option_count ? v->options[index].values : NULL;
}

const char *bg_variant_start_text(const bg_variant *v) { return v ? v->start_text : NULL; }

const bg_variant *bgi_variant_resolve(const bg_variant *v, const bgi_options *opts)
{
    const bg_variant *r = v->resolve ? v->resolve(v, opts) : NULL;
    return r ? r : v;
}

const bgi_notation *bgi_find_notation(const bg_variant *v, const char *id)
{
    for (int i = 0; id && i < v->notation_count; i++)
        if (strcmp(v->notations[i].id, id) == 0)
            return &v->notations[i];
    return NULL;
}

const bgi_record_format *bgi_find_record_format(const bg_variant *v, const char *id)
{
    for (int i = 0; id && i < v->record_format_count; i++)
        if (strcmp(v->record_formats[i].id, id) == 0)
            return &v->record_formats[i];
    return NULL;
}

const char *bg_version(void) { return BG_VERSION_STRING; }
uint32_t bg_version_number(void) { return BG_VERSION_NUMBER; }
