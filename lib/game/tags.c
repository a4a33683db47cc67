/* libboardgames — game tags (PGN tag pairs, KIF/CSA headers) in insertion order. */
#include <string.h>

#include "game_internal.h"

static size_t tag_bytes(const bgi_tag *t)
{
    return (size_t)t->key_len + 1 + t->value_len + 1;
}

static int find(const bg_game *g, const char *key)
{
    for (int i = 0; i < g->tag_count; i++)
        if (strcmp(g->tags[i].text, key) == 0)
            return i;
    return -1;
}

/* One allocation "key\0value\0"; NULL when out of memory. */
static char *make_text(const bgi_alloc *a, const char *key, size_t kn, const char *value, size_t vn)
{
    char *p = bgi_malloc(a, kn + 1 + vn + 1);
    if (p) {
        memcpy(p, key, kn + 1);
        memcpy(p + kn + 1, value, vn + 1);
    }
    return p;
}

bg_status bg_game_set_tag(bg_game *g, const char *key, const char *value)
{
    if (!g)
        return BG_E_INVALID_ARGUMENT;
    bgi_game_clear_error(g);
    if (!key || !*key)
        return bgi_game_fail(g, BG_E_INVALID_ARGUMENT, "empty tag name");
    size_t kn = strlen(key), vn = value ? strlen(value) : 0;
    if (kn > UINT32_MAX / 2 || vn > UINT32_MAX / 2)
        return bgi_game_fail(g, BG_E_LIMIT, "tag too long");
    int i = find(g, key);
    if (value && i < 0 && g->tag_count >= BGI_GAME_MAX_TAGS)
        return bgi_game_fail(g, BG_E_LIMIT, "at most %d tags in one game", BGI_GAME_MAX_TAGS);
    if (!value) {
        if (i >= 0) {
            bgi_free(&g->alloc, g->tags[i].text, tag_bytes(&g->tags[i]));
            memmove(g->tags + i, g->tags + i + 1, sizeof *g->tags * (size_t)(g->tag_count - i - 1));
            g->tag_count--;
        }
        return BG_OK;
    }
    char *text = make_text(&g->alloc, key, kn, value, vn);
    if (!text)
        return bgi_game_fail(g, BG_E_NO_MEMORY, "out of memory storing tag %s", key);
    if (i < 0 && g->tag_count == g->tag_cap) {
        bgi_tag *t = bgi_grow(&g->alloc, g->tags, &g->tag_cap, sizeof *t, 8);
        if (!t) {
            bgi_free(&g->alloc, text, kn + vn + 2);
            return bgi_game_fail(g, BG_E_NO_MEMORY, "out of memory storing tag %s", key);
        }
        g->tags = t;
    }
    if (i >= 0)
        bgi_free(&g->alloc, g->tags[i].text, tag_bytes(&g->tags[i]));
    else
        i = g->tag_count++;
    g->tags[i] = (bgi_tag){text, (uint32_t)kn, (uint32_t)vn};
    return BG_OK;
}

const char *bg_game_tag(const bg_game *g, const char *key)
{
    if (!g || !key)
        return NULL;
    int i = find(g, key);
    return i < 0 ? NULL : g->tags[i].text + g->tags[i].key_len + 1;
}

int bg_game_tag_count(const bg_game *g) { return g ? g->tag_count : 0; }

const char *bg_game_tag_key(const bg_game *g, int index)
{
    return g && index >= 0 && index < g->tag_count ? g->tags[index].text : NULL;
}

const char *bg_game_tag_value(const bg_game *g, int index)
{
    if (!g || index < 0 || index >= g->tag_count)
        return NULL;
    return g->tags[index].text + g->tags[index].key_len + 1;
}

void bgi_tags_free(bg_game *g)
{
    for (int i = 0; i < g->tag_count; i++)
        bgi_free(&g->alloc, g->tags[i].text, tag_bytes(&g->tags[i]));
    bgi_free(&g->alloc, g->tags, sizeof *g->tags * (size_t)g->tag_cap);
    g->tags = NULL;
    g->tag_count = g->tag_cap = 0;
}

size_t bgi_tags_memory(const bg_game *g)
{
    size_t n = g->tags ? sizeof *g->tags * (size_t)g->tag_cap : 0;
    for (int i = 0; i < g->tag_count; i++)
        n += tag_bytes(&g->tags[i]);
    return n;
}

/* dst has no tags yet; on failure it keeps the ones copied so far (freed with the clone). */
bg_status bgi_tags_copy(bg_game *dst, const bg_game *src)
{
    if (!src->tag_count)
        return BG_OK;
    dst->tags = bgi_malloc(&dst->alloc, sizeof *dst->tags * (size_t)src->tag_count);
    if (!dst->tags)
        return BG_E_NO_MEMORY;
    dst->tag_cap = src->tag_count;
    for (int i = 0; i < src->tag_count; i++) {
        const bgi_tag *t = &src->tags[i];
        char *text = bgi_malloc(&dst->alloc, tag_bytes(t));
        if (!text)
            return BG_E_NO_MEMORY;
        memcpy(text, t->text, tag_bytes(t));
        dst->tags[i] = (bgi_tag){text, t->key_len, t->value_len};
        dst->tag_count = i + 1;
    }
    return BG_OK;
}
