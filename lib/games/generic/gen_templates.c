/* libboardgames — the built-in parents of definitions: the shipped data/variants texts, by the names Fairy-Stockfish gives them. */
#include <string.h>

#include "gen_desc.h"

const char *gen_template_text(const char *name, const char **section)
{
    for (int i = 0; i < gen_template_count; i++)
        if (!strcmp(gen_templates[i].name, name)) {
            *section = gen_templates[i].section;
            return gen_templates[i].text;
        }
    return NULL;
}

int bg_variant_define_parent_count(void) { return gen_template_count; }

const char *bg_variant_define_parent_at(int index)
{
    return index >= 0 && index < gen_template_count ? gen_templates[index].name : NULL;
}
