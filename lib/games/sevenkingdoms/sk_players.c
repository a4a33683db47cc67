/* libboardgames — Seven Kingdoms options `players` and `alliances`: who plays which kingdoms, the seed's alliance table (002), empty kingdoms. */
#include <string.h>

#include "sk.h"

/* Default alliances for 3..7 players (seed 002): 秦 with 韓, then 楚 with 魏, 齊 with 燕, 趙 with 秦. */
static const char *const presets[] = {
    [3] = "qin+han+zhao,chu+wei,qi+yan",
    [4] = "qin+han,chu+wei,qi+yan,zhao",
    [5] = "qin+han,chu+wei,qi,yan,zhao",
    [6] = "qin+han,chu,wei,qi,yan,zhao",
    [7] = "qin,han,chu,wei,qi,yan,zhao",
};

#define FREE_HINT "; alliances=free allows any grouping"

/*
** Is the partition (group[k] for each of the seven kingdoms, `groups` players) one of the forms of
** seed 002's table? Each form adds to the one before it; the sizes follow from the kingdoms named:
**   7 players: everyone alone;
**   6 (「6人對局時,秦可以和除楚以外的任一國家聯盟」): 秦 with any one kingdom but 楚;
**   5 (「5人對局時,除秦外,楚亦和任一國家聯盟」): that, and 楚 with any one other kingdom;
**   4 (「4人對局時,秦、楚、齊分別和另一國家聯盟」): 秦, 楚 and 齊 each with one other kingdom;
**   3 (「3人對局時,秦再和剩餘的一國聯盟,形成3-2-2對峙」): 秦's pair takes the kingdom left alone,
**     against the pairs of 楚 and 齊.
** On failure the rule is written to err (quoting the seed) and the status returned.
*/
static bg_status seed_table(const uint8_t group[SK_KINGDOMS], int groups, size_t offset,
                            bg_error *err)
{
    int size[SK_KINGDOMS] = {0};
    for (int k = 0; k < SK_KINGDOMS; k++)
        size[group[k]]++;
    const int qin = group[SK_QIN], chu = group[SK_CHU], qi = group[SK_QI];
    switch (groups) {
    case 7:
        return BG_OK;
    case 6:
        if (size[qin] == 2 && chu != qin)
            return BG_OK;
        return bgi_fail(err, BG_E_UNKNOWN_OPTION, offset,
                        "option players: with 6 players qin allies with one kingdom, not chu "
                        "(seed 002: 「6人對局時,秦可以和除楚以外的任一國家聯盟」)" FREE_HINT);
    case 5:
        if (size[qin] == 2 && size[chu] == 2 && qin != chu)
            return BG_OK;
        return bgi_fail(err, BG_E_UNKNOWN_OPTION, offset,
                        "option players: with 5 players qin and chu each ally with one other "
                        "kingdom (seed 002: 「5人對局時,除秦外,楚亦和任一國家聯盟」)" FREE_HINT);
    case 4:
        if (size[qin] == 2 && size[chu] == 2 && size[qi] == 2 && qin != chu && qin != qi &&
            chu != qi)
            return BG_OK;
        return bgi_fail(err, BG_E_UNKNOWN_OPTION, offset,
                        "option players: with 4 players qin, chu and qi each ally with one other "
                        "kingdom (seed 002: 「4人對局時,秦、楚、齊分別和另一國家聯盟」)" FREE_HINT);
    case 3:
        if (size[qin] == 3 && size[chu] == 2 && size[qi] == 2 && chu != qi)
            return BG_OK;
        return bgi_fail(err, BG_E_UNKNOWN_OPTION, offset,
                        "option players: with 3 players qin's group of three faces the pairs of "
                        "chu and qi (seed 002: 「3人對局時,秦再和剩餘的一國聯盟,形成3-2-2對峙」)" FREE_HINT);
    default:
        return bgi_fail(err, BG_E_UNKNOWN_OPTION, offset,
                        "option players: %d players; the seed's alliances are for 3 to 7 "
                        "(seed 002: 「如果人數不足,一名玩家也可同時操縱兩國」)" FREE_HINT,
                        groups);
    }
}

bg_status sk_players_parse(const char *text, size_t offset, int alliances,
                           uint8_t ally[SK_KINGDOMS], uint8_t *present, bg_error *err)
{
    if (!text || !*text)
        text = presets[7];
    else if (text[0] >= '3' && text[0] <= '7' && !text[1])
        text = presets[text[0] - '0'];
    uint8_t group[SK_KINGDOMS], seen = 0;
    int groups = 0, plus = 0;
    const char *p = text;
    for (;;) {
        const size_t n = strcspn(p, "+,"), at = offset + (size_t)(p - text);
        int k = -1;
        for (int i = 0; i < SK_KINGDOMS; i++)
            if (strlen(sk_kingdom_ids[i]) == n && strncmp(sk_kingdom_ids[i], p, n) == 0)
                k = i;
        if (k < 0)
            return bgi_fail(err, BG_E_UNKNOWN_OPTION, at,
                            "option players: '%.*s' is not a kingdom (qin han chu wei qi yan zhao)",
                            (int)n, p);
        if (seen >> k & 1)
            return bgi_fail(err, BG_E_UNKNOWN_OPTION, at, "option players: %s is named twice",
                            sk_kingdom_ids[k]);
        seen |= (uint8_t)(1u << k);
        group[k] = (uint8_t)groups;
        p += n;
        if (*p == '+') {
            plus = 1;
            p++;
            continue;
        }
        groups++;
        if (!*p)
            break;
        p++; /* ',' */
    }
    if (groups < 2)
        return bgi_fail(err, BG_E_UNKNOWN_OPTION, offset,
                        "option players: '%s' is %s; the game needs at least two players", text,
                        __builtin_popcount(seen) == 1 ? "one kingdom" : "one player");
    if (alliances == SK_ALLIANCES_SEED) {
        if (seen == SK_ALL_KINGDOMS) {
            bg_status r = seed_table(group, groups, offset, err);
            if (r != BG_OK)
                return r;
        } else if (plus) {
            /* Kingdoms left empty: the seed's other form, one kingdom for each player. */
            return bgi_fail(err, BG_E_UNKNOWN_OPTION, offset,
                            "option players: with kingdoms left empty each player takes one "
                            "kingdom (seed 002: 「也可以玩家各佔一國,而空其餘國」)" FREE_HINT);
        }
    }
    for (int k = 0; k < SK_KINGDOMS; k++) {
        ally[k] = (uint8_t)(1u << k);
        if (seen >> k & 1)
            for (int j = 0; j < SK_KINGDOMS; j++)
                if ((seen >> j & 1) && group[j] == group[k])
                    ally[k] |= (uint8_t)(1u << j);
    }
    *present = seen;
    return BG_OK;
}
