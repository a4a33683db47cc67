/* libboardgames — the catalogue of the built-in variants: the order of docs/rules.md, lookups by index and id. */
#include <string.h>

#include "internal.h"

/* Stable order of docs/rules.md; a new game adds its line here (its tables: lib/games/<family>/). */
static const bg_variant *const catalogue[] = {
    &bgi_variant_chess,
    &bgi_variant_xiangqi,
    &bgi_variant_janggi,
    &bgi_variant_lionchess,
    &bgi_variant_shogi,
    &bgi_variant_shoshogi,
    &bgi_variant_heianshogi,
    &bgi_variant_torishogi,
    &bgi_variant_minishogi,
    &bgi_variant_microshogi,
    &bgi_variant_judkinsshogi,
    &bgi_variant_sevenkingdoms,
};
#define CATALOGUE_SIZE ((int)(sizeof catalogue / sizeof catalogue[0]))

int bg_variant_count(void) { return CATALOGUE_SIZE; }

const bg_variant *bg_variant_at(int index)
{
    return index >= 0 && index < CATALOGUE_SIZE ? catalogue[index] : NULL;
}

const bg_variant *bg_variant_find(const char *id)
{
    if (!id)
        return NULL;
    for (int i = 0; i < CATALOGUE_SIZE; i++)
        if (strcmp(catalogue[i]->id, id) == 0)
            return catalogue[i];
    return NULL;
}

