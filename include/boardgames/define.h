/* libboardgames — variants defined at run time from Fairy-Stockfish variants.ini text (docs/variants.md). */
#ifndef BOARDGAMES_DEFINE_H
#define BOARDGAMES_DEFINE_H

#include <boardgames/base.h>
#include <boardgames/variant.h>

#ifdef __cplusplus
extern "C" {
#endif

/*
** A variant set owns variants defined from text. Its variants are ordinary bg_variant handles:
** positions, games, notations, records and perft work on them as on built-in ones. They stay
** valid until bg_variant_set_free(); positions, games and readers of a set's variants must be
** freed before the set. A set is used by one thread at a time while variants are being
** defined; its variants (immutable once defined) may be shared by every thread.
**
** Defined boards are at most BG_MAX_DEFINED_FILES x BG_MAX_DEFINED_RANKS; their squares are
** numbered below BG_MAX_DEFINED_SQUARES (built-in variants stay within BG_MAX_SQUARES).
*/
typedef struct bg_variant_set bg_variant_set;

#define BG_MAX_DEFINED_FILES 26
#define BG_MAX_DEFINED_RANKS 26
#define BG_MAX_DEFINED_SQUARES (BG_MAX_DEFINED_FILES * BG_MAX_DEFINED_RANKS)

/* New empty set (alloc NULL = libc). On failure *out is NULL. */
BG_API bg_status bg_variant_set_new(bg_variant_set **out, const bg_allocator *alloc, bg_error *err);
/* Free the set and every variant it defined; NULL is allowed. */
BG_API void bg_variant_set_free(bg_variant_set *set);

/*
** Define the variants of `len` bytes of variants.ini text (every "[name]" or "[name:parent]"
** section) and add them to the set. A parent is a section defined before (in this text or an
** earlier call), or a built-in parent (bg_variant_define_parent_count()). All or nothing: on any
** error nothing is added, and err gives the 1-based line, the byte offset and the reason (an
** unknown or unsupported key, a bad value, malformed Betza, an impossible board, a start position
** without its royal pieces, ...). A name already used by the set or by a built-in variant is an
** error too.
*/
BG_API bg_status bg_variant_define(bg_variant_set *set, const char *text, size_t len, bg_error *err);

/* Variants of the set in definition order; NULL when out of range. */
BG_API int bg_variant_set_count(const bg_variant_set *set);
BG_API const bg_variant *bg_variant_set_at(const bg_variant_set *set, int index);
/* The set's variant with this id, NULL if none. */
BG_API const bg_variant *bg_variant_set_find(const bg_variant_set *set, const char *id);

/* Names usable as parents without defining them first ("chess", "makruk", "shogi", ...). */
BG_API int bg_variant_define_parent_count(void);
BG_API const char *bg_variant_define_parent_at(int index);

/* 1 if the variant was defined from text (its handle belongs to a bg_variant_set), else 0. */
BG_API int bg_variant_is_defined(const bg_variant *v);

#ifdef __cplusplus
}
#endif
#endif
