/* The search of bugami.solver, in C: built into the compiled build only
 * (hatch_build.py), which hands it every trick's start; the pure build
 * searches in Python.
 *
 * It answers the same question as _Search.lead in solver.py -- the value of
 * a trick's start for one seat, failing soft outside the window (alpha,
 * beta) -- with the same rules of play, the same score and the same bounds:
 * from the counters and the bug cards in each hand, with the sweeps that
 * cannot happen ruled out; the leader who holds every top card, the seat
 * below every other card, the seat that can keep out of every trick; the
 * bounds of the same cards with other counters. Equivalent cards are
 * searched once, in the same order. Of the Python search's caches it keeps
 * only one, of the bounds from the score; the rest C does not need. Its table (see
 * prepare_table) is keyed by who holds which card, ranks renumbered among
 * the cards in play, and stamped with the search that stored each entry.
 *
 * Cards are bits: bit 13 * suit + rank (rank 0 the ace), the jokers from bit
 * 52. Bit operations on 64-bit words, portable to MSVC.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#ifdef _MSC_VER
#define INLINE __inline
#else
#define INLINE inline
#endif

typedef uint64_t u64;

#define MAX_PLAYERS 8
#define CHUNK 0x1FFFULL
#define NONE_YET (-2)
#define BROKEN (-1)

static INLINE int bit_count(u64 x) {
#if defined(__POPCNT__) && (defined(__GNUC__) || defined(__clang__))
    return __builtin_popcountll(x);
#else /* without the instruction, the builtin is a call: this is quicker */
    x = x - ((x >> 1) & 0x5555555555555555ULL);
    x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
    return (int)((x * 0x0101010101010101ULL) >> 56);
#endif
}

/* The index of the lowest set bit of a nonzero word. */
static INLINE int lowest(u64 x) {
#if defined(__GNUC__) || defined(__clang__)
    return __builtin_ctzll(x);
#else
    return bit_count((x & (~x + 1)) - 1);
#endif
}

/* The index of the highest set bit of a nonzero word. */
static INLINE int highest(u64 x) {
#if defined(__GNUC__) || defined(__clang__)
    return 63 - __builtin_clzll(x);
#else
    int index = 0;
    while (x >>= 1) index++;
    return index;
#endif
}

static INLINE u64 suit_mask(int suit) { return CHUNK << (13 * suit); }

/* squeezed[in_play][held]: the cards ``held`` among seven in a row, renumbered
 * among those in play (bit k the k-th card in play): with it, a hand's cards
 * are keyed by their rank among the cards still in play, so that positions
 * differing only in cards already gone share their table entry. */
static unsigned char squeezed[128][128];

static void make_squeezed(void) {
    int in_play, held;
    for (in_play = 0; in_play < 128; in_play++) {
        for (held = 0; held < 128; held++) {
            int bit, k = 0, out = 0;
            for (bit = 0; bit < 7; bit++) {
                if ((in_play >> bit) & 1) {
                    if ((held >> bit) & 1) out |= 1 << k;
                    k++;
                }
            }
            squeezed[in_play][held] = (unsigned char)out;
        }
    }
}

/* Every hand's cards renumbered among those in play, suit by suit (the
 * jokers a fifth suit; a suit's cards in play are those of every hand, so
 * their number is in the key too). */
static INLINE void squeeze(const u64 *hands, int players, u64 remaining, u64 *keyed) {
    int suit, hand;
    for (hand = 0; hand < players; hand++) keyed[hand] = 0;
    for (suit = 0; suit < 5; suit++) {
        int shift = 13 * suit, above;
        u64 in_play = (remaining >> shift) & CHUNK;
        const unsigned char *low, *high;
        if (!in_play) continue;
        low = squeezed[in_play & 127];
        high = squeezed[in_play >> 7];
        above = bit_count(in_play & 127);
        for (hand = 0; hand < players; hand++) {
            u64 held = (hands[hand] >> shift) & CHUNK;
            keyed[hand] |= ((u64)low[held & 127] | (u64)high[held >> 7] << above) << shift;
        }
    }
}

/* The table: one block of memory for the process, laid out by each search
 * in entries of ``stride`` words (the stamp of the search that stored it,
 * the meta word below, then the hands, keyed), WAYS a bucket. A search uses
 * FIRST_ENTRIES of it at first (or what its maker asks) and doubles that,
 * between two calls, each time it has stored as many entries as it uses,
 * while it stays within MOST_BYTES: a new block, to which it moves its
 * entries. So what a search finds there depends on that search alone, never
 * on those that came before it in the process: its node counts, and so what
 * max_nodes lets through, are the same in any process. The block is cleared
 * when a search lays it out with another stride (another number of players).
 * A search made to be kept for later solves (the solver's Tables) has a
 * block of its own instead, laid out the same way, freed with it: no other
 * search stores over its entries, which it finds again at its next call. */
#define FIRST_ENTRIES (1u << 15)
#define WAYS 4
#define MOST_BYTES (64u << 20)
typedef struct {
    u64 *words;
    size_t size; /* in words */
    int stride;
} Block;
static Block shared_block = {NULL, 0, 0};
static u64 searches = 0;

/* A stamp no other search has: never 0 (an empty entry), and unlike the
 * small numbers that fill the other words of an entry. Its low 16 bits are
 * the search's generation (see age): an entry is the search's own whatever
 * its generation, and of the current one if its stamp is the search's. */
#define GENERATION 0xFFFFULL
static u64 new_stamp(void) { return (1ULL << 63) | (++searches << 16); }

/* The meta word: the counters (19 bits), low + 1 and high + 1 (11 bits
 * each), the move tried first next time (its place in the list, 6 bits)
 * and the tricks left (5 bits). */
#define META(counters, low, high, best, left)                                            \
    ((u64)(counters) | (u64)((low) + 1) << 19 | (u64)((high) + 1) << 30 | (u64)(best) << 41 \
     | (u64)(left) << 47)
#define META_COUNTERS(meta) ((int32_t)((meta) & 0x7FFFF))
#define META_LOW(meta) ((int)(((meta) >> 19) & 0x7FF) - 1)
#define META_HIGH(meta) ((int)(((meta) >> 30) & 0x7FF) - 1)
#define META_BEST(meta) ((int)(((meta) >> 41) & 63))
#define META_LEFT(meta) ((int)(((meta) >> 47) & 31))


typedef struct {
    PyObject_HEAD
    int players;
    int seat;
    int own;
    int misere;
    int alone;
    int ceiling;
    int leftover_bugs;
    int unit_of[MAX_PLAYERS];
    int in_unit[MAX_PLAYERS];
    int solo[MAX_PLAYERS]; /* alone in its unit */
    u64 bug_mask;
    u64 stamp;
    Block *block; /* the shared block, or its own */
    Block own_block; /* a kept search's */
    size_t entries; /* the table's entries it uses: a power of two */
    u64 bound_keys[4096]; /* score_bounds's cache */
    int32_t bound_values[4096];
    long long stores; /* the entries it stored since it took that many */
    /* during a call */
    u64 hands[MAX_PLAYERS];
    long long nodes;
    long long budget; /* the most nodes the call may visit, -1 no bound */
    long long next_check; /* the node count at which to look at the bounds again */
    PyObject *deadline; /* a float of time.monotonic(), or None */
    PyObject *clock; /* time.monotonic */
    int stopped; /* a bound was reached: every result from then on is void */
} Endgame;

static INLINE int own(const Endgame *g, const u64 *entry) {
    return (entry[0] & ~GENERATION) == (g->stamp & ~GENERATION);
}

static u64 position_hash(const Endgame *g, const u64 *keyed, int32_t counters);
static u64 *make_room(const Endgame *g, size_t slot);

/* Lay a new block out with twice the search's entries, and move its entries
 * there (those of other searches are dropped). */
static int grow(Endgame *g, int stride) {
    /* The shared block may have been laid out by another search since (one
     * made in between, or another thread's): its size, not this search's
     * share, bounds the walk over it. */
    Block *block = g->block;
    size_t entries = g->entries * 2, old_entries = block->size / (size_t)stride, index;
    u64 *old = block->words, *fresh = (u64 *)calloc(entries * (size_t)stride, sizeof(u64));
    if (fresh == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    block->words = fresh;
    block->size = entries * (size_t)stride;
    g->entries = entries;
    g->stores = 0;
    if (block->stride == stride) {
        /* the entries of the current generation first, then the older ones
         * (see age) where they find a place no current one holds */
        int older;
        for (older = 0; older < 2; older++) {
            for (index = 0; index < old_entries; index++) {
                u64 *entry = old + index * stride, *room;
                int32_t counters = META_COUNTERS(entry[1]);
                size_t slot;
                if (!own(g, entry) || (entry[0] != g->stamp) != older) continue;
                slot = (size_t)(position_hash(g, entry + 2,
                                              ((counters >> 16) * 16) + (counters & 15))
                                & (entries - WAYS));
                room = make_room(g, slot);
                if (older && room[0] == g->stamp) continue;
                memcpy(room, entry, stride * sizeof(u64));
            }
        }
    }
    free(old);
    return 0;
}

/* Ready the table for a call of the search: grow its share if it is full,
 * and lay the block out for its stride. */
static int prepare_table(Endgame *g) {
    Block *block = g->block;
    int stride = g->players + 2;
    size_t words;
    if (block->words != NULL && g->stores >= (long long)g->entries
        && (size_t)stride * sizeof(u64) * g->entries * 2 <= MOST_BYTES) {
        if (grow(g, stride) < 0) return -1;
        block->stride = stride;
        return 0;
    }
    words = g->entries * (size_t)stride;
    if (block->size < words) {
        free(block->words);
        block->words = (u64 *)calloc(words, sizeof(u64));
        block->size = block->words == NULL ? 0 : words;
        if (block->words == NULL) {
            PyErr_NoMemory();
            return -1;
        }
    } else if (block->stride != stride) {
        memset(block->words, 0, block->size * sizeof(u64));
    }
    block->stride = stride;
    return 0;
}

#define EVERY 65536 /* the nodes between two looks at the clock */

static void plan_check(Endgame *g) {
    g->next_check = g->nodes + EVERY;
    if (g->budget >= 0 && g->next_check > g->budget + 1) g->next_check = g->budget + 1;
}

/* Whether the call must stop: past its node budget, or past its deadline
 * (read every EVERY nodes). An error from the clock stops it too. */
static int must_stop(Endgame *g) {
    PyObject *now;
    int late;
    if (g->budget >= 0 && g->nodes > g->budget) return 1;
    plan_check(g);
    if (g->deadline == Py_None) return 0;
    now = PyObject_CallObject(g->clock, NULL);
    if (now == NULL) return 1;
    late = PyObject_RichCompareBool(now, g->deadline, Py_GT);
    Py_DECREF(now);
    return late != 0;
}

static int final_score(const Endgame *g, int tricks, int bugs, int sweep) {
    if (g->misere) return tricks == 0 ? 100 : 0;
    if (sweep >= 0) return sweep == g->own ? 100 : 0;
    if (tricks == 0) return 30;
    if (bugs == 0) return 20 * tricks;
    return 10 * tricks / bugs;
}

/* _Search.bounds: the least and the most the seat could still score, with
 * ``most`` the most tricks the others can hold its unit to. */
static void score_bounds(Endgame *g, int tricks, int bugs, int sweep, int left, int most,
                         int *low_out, int *high_out) {
    int low = 1 << 30, high = -1, more, hand, kind;
    int counts[MAX_PLAYERS];
    u64 key;
    size_t slot;
    if (g->misere) {
        *low_out = 0;
        *high_out = tricks ? 0 : 100;
        return;
    }
    kind = sweep == NONE_YET ? 0 : sweep == g->own ? 1 : sweep >= 0 ? 2 : 3;
    /* the bounds depend on these alone: kept in a small cache (left >= 1,
     * so no key is 0, an empty place) */
    key = ((((u64)tricks * 64 + bugs) * 4 + kind) * 32 + left) * 32 + most;
    for (hand = 0; hand < g->players; hand++) {
        counts[hand] = bit_count(g->hands[hand] & g->bug_mask);
        key = key << 5 | (u64)counts[hand];
    }
    slot = (size_t)((key * 0x9E3779B97F4A7C15ULL) >> 52); /* 12 bits */
    if (g->bound_keys[slot] == key) {
        *low_out = g->bound_values[slot] >> 16;
        *high_out = g->bound_values[slot] & 0xFFFF;
        return;
    }
    for (more = 0; more <= left; more++) {
        int total = tricks + more, least_bugs = bugs, most_bugs = bugs, best, worst;
        for (hand = 0; hand < g->players; hand++) {
            int held = counts[hand];
            if (held > left - more) least_bugs += held - (left - more);
            most_bugs += held < more ? held : more;
        }
        if (more == left) least_bugs += g->leftover_bugs;
        if (more) most_bugs += g->leftover_bugs;
        best = total == 0 ? 30 : least_bugs == 0 ? 20 * total : 10 * total / least_bugs;
        worst = total == 0 ? 30 : most_bugs == 0 ? 20 * total : 10 * total / most_bugs;
        if (more <= most && best > high) high = best;
        if (worst < low) low = worst;
    }
    if (kind == 0 || kind == 1) {
        if (most == left && high < 100) high = 100;
        if (low > 100) low = 100;
    }
    if (kind == 0 || kind == 2) low = 0;
    g->bound_keys[slot] = key;
    g->bound_values[slot] = (int32_t)(low << 16 | high);
    *low_out = low;
    *high_out = high;
}

/* Whether, in every suit ``mine`` holds, its cards all rank below every card
 * of that suit in ``others`` (``below``), or all above them. */
static int apart(u64 mine, u64 others, int below) {
    int suit;
    for (suit = 0; suit < 4; suit++) {
        u64 own = (mine >> (13 * suit)) & CHUNK, rest = (others >> (13 * suit)) & CHUNK;
        if (!own || !rest) continue;
        if (below ? lowest(own) <= highest(rest) : lowest(rest) <= highest(own)) return 0;
    }
    return 1;
}

/* solver._ducks: a hand not on lead whose cards all rank below the others'
 * in their suits wins no trick left. */
static INLINE int ducks(u64 mine, u64 remaining) { return apart(mine, remaining & ~mine, 1); }

/* solver._commands: a leader whose cards all rank above the others' in the
 * suits it holds wins every trick left. */
static INLINE int commands(u64 mine, u64 remaining) { return apart(mine, remaining & ~mine, 0); }

/* solver._blocks: a hand holding, in a suit both hold, a card above all of
 * the other's can stop it winning every trick left. */
static int blocks(u64 mine, u64 theirs) {
    int suit;
    for (suit = 0; suit < 4; suit++) {
        u64 their = (theirs >> (13 * suit)) & CHUNK, own;
        if (!their) continue;
        own = (mine >> (13 * suit)) & CHUNK;
        if (own && lowest(own) < lowest(their)) return 1;
    }
    return 0;
}

/* solver._keeps_out_of_suit: the hand's k-th lowest card of the suit below
 * the others' k-th lowest, for every k up to the smaller count. */
static int keeps_out_of_suit(u64 mine, u64 others) {
    int held = bit_count(mine), seen_mine = 0, seen_others = 0, bit;
    for (bit = 12; bit >= 0; bit--) { /* from the two up */
        if ((mine >> bit) & 1) {
            seen_mine++;
        } else if ((others >> bit) & 1) {
            seen_others++;
            if (seen_others > held) break;
            if (seen_mine < seen_others) return 0;
        }
    }
    return 1;
}

/* solver._keeps_out: a hand not on lead that can keep out of every trick. */
static int keeps_out(u64 mine, u64 remaining) {
    u64 others = remaining & ~mine;
    int suit;
    for (suit = 0; suit < 4; suit++) {
        u64 own = (mine >> (13 * suit)) & CHUNK;
        if (own && !keeps_out_of_suit(own, (others >> (13 * suit)) & CHUNK)) return 0;
    }
    return 1;
}

/* solver._leads_out: a hand on lead that can lose this trick (leading a card
 * below all of another hand's in its suit) and keep out of every one after. */
static int leads_out(const Endgame *g, u64 mine, u64 remaining) {
    int suit, hand;
    for (suit = 0; suit < 4; suit++) {
        u64 own = (mine >> (13 * suit)) & CHUNK, below;
        int threshold = 13;
        if (!own) continue;
        for (hand = 0; hand < g->players; hand++) {
            u64 theirs;
            if (g->hands[hand] == mine) continue;
            theirs = (g->hands[hand] >> (13 * suit)) & CHUNK;
            if (theirs && highest(theirs) < threshold) threshold = highest(theirs);
        }
        below = threshold + 1 >= 13 ? 0 : own >> (threshold + 1) << (threshold + 1);
        if (below) {
            u64 card = 1ULL << (13 * suit + lowest(below));
            if (keeps_out(mine & ~card, remaining & ~card)) return 1;
        }
    }
    return 0;
}

/* The cards worth trying among ``legal``: one per run of the hand's cards
 * with no other card in play between them (its highest), suit by suit, the
 * best first; one joker. Returns how many. */
static int moves(u64 legal, u64 inplay, int *out) {
    int count = 0, suit;
    for (suit = 0; suit < 4; suit++) {
        u64 mine = (legal >> (13 * suit)) & CHUNK, play;
        int previous_mine = 0;
        if (!mine) continue;
        play = (inplay >> (13 * suit)) & CHUNK;
        while (play) {
            int bit = lowest(play);
            play &= play - 1;
            if ((mine >> bit) & 1) {
                if (!previous_mine) out[count++] = 13 * suit + bit;
                previous_mine = 1;
            } else {
                previous_mine = 0;
            }
        }
    }
    if (legal >> 52) out[count++] = 52 + lowest(legal >> 52);
    return count;
}

/* Bug cards first or last, each group in its order (as solver's throws). */
static void order_bugs(const Endgame *g, int *cards, int count, int bugs_first) {
    int bug_cards[64], other_cards[64], nb = 0, no = 0, i;
    for (i = 0; i < count; i++) {
        if ((g->bug_mask >> cards[i]) & 1) bug_cards[nb++] = cards[i];
        else other_cards[no++] = cards[i];
    }
    if (bugs_first) {
        memcpy(cards, bug_cards, nb * sizeof(int));
        memcpy(cards + nb, other_cards, no * sizeof(int));
    } else {
        memcpy(cards, other_cards, no * sizeof(int));
        memcpy(cards + no, bug_cards, nb * sizeof(int));
    }
}

static int last_trick(Endgame *g, int leader, int tricks, int bugs, int sweep) {
    int led = highest(g->hands[leader]), winner = leader, other, unit;
    int trick_bugs = (int)((g->bug_mask >> led) & 1);
    int winning = led < 52 ? led : -1;
    u64 follow = led < 52 ? suit_mask(led / 13) : 0;
    for (other = (leader + 1) % g->players; other != leader; other = (other + 1) % g->players) {
        int index = highest(g->hands[other]);
        trick_bugs += (int)((g->bug_mask >> index) & 1);
        if (winning >= 0 && ((follow >> index) & 1) && index < winning) {
            winning = index;
            winner = other;
        }
    }
    if (g->in_unit[winner]) {
        tricks += 1;
        bugs += trick_bugs + g->leftover_bugs;
    }
    unit = g->unit_of[winner];
    if (sweep == NONE_YET) sweep = unit;
    else if (sweep != unit) sweep = BROKEN;
    return final_score(g, tricks, bugs, sweep);
}

/* A child's value taken into the best so far and the window (alpha, beta)
 * of the side to move: whether it is a new best. The window closes (alpha >=
 * beta) only on a new best, as it is open on entry. */
static INLINE int take(int maximizing, int value, int *best, int *alpha, int *beta) {
    if (maximizing ? value <= *best : value >= *best) return 0;
    *best = value;
    if (maximizing) {
        if (value > *alpha) *alpha = value;
    } else if (value < *beta) {
        *beta = value;
    }
    return 1;
}

static int lead(Endgame *g, int leader, u64 remaining, int tricks, int bugs, int sweep,
                int alpha, int beta);

static int step(Endgame *g, int position, int leader, u64 follow, int winning, int winner,
                int trick_bugs, u64 trick_mask, u64 remaining, int tricks, int bugs, int sweep,
                int alpha, int beta) {
    int players = g->players;
    int mover = (leader + position) % players;
    u64 hand = g->hands[mover], legal;
    int options[64], count, i, best, last = position == players - 1;
    int maximizing = mover == g->seat;
    if (++g->nodes >= g->next_check && must_stop(g)) g->stopped = 1;
    if (g->stopped) return 0;
    legal = position ? hand & follow : hand;
    if (!legal) legal = hand;
    count = moves(legal, remaining | trick_mask, options);
    if (position && (legal & g->bug_mask) && (legal & ~g->bug_mask)) {
        int bugs_first = maximizing ? !g->in_unit[winner] : g->in_unit[winner];
        order_bugs(g, options, count, bugs_first);
    }
    best = maximizing ? -1 : g->ceiling;
    for (i = 0; i < count; i++) {
        int index = options[i], new_winning, new_winner, new_bugs, value;
        u64 bit = 1ULL << index, new_follow;
        g->hands[mover] = hand ^ bit;
        if (position == 0) {
            new_follow = index < 52 ? suit_mask(index / 13) : 0;
            new_winning = index < 52 ? index : -1;
            new_winner = leader;
        } else if (winning >= 0 && (follow & bit) && index < winning) {
            new_follow = follow;
            new_winning = index;
            new_winner = mover;
        } else {
            new_follow = follow;
            new_winning = winning;
            new_winner = winner;
        }
        new_bugs = trick_bugs + (int)((g->bug_mask >> index) & 1);
        if (last) {
            u64 after = remaining & ~bit;
            int won = g->in_unit[new_winner];
            int new_tricks = won ? tricks + 1 : tricks;
            int total_bugs = won ? bugs + new_bugs : bugs;
            int unit = g->unit_of[new_winner];
            int new_sweep = sweep == NONE_YET ? unit : sweep == unit ? sweep : BROKEN;
            if (after == 0) {
                if (won) total_bugs += g->leftover_bugs;
                value = final_score(g, new_tricks, total_bugs, new_sweep);
            } else if ((g->hands[new_winner] & (g->hands[new_winner] - 1)) == 0) {
                value = last_trick(g, new_winner, new_tricks, total_bugs, new_sweep);
            } else {
                value = lead(g, new_winner, after, new_tricks, total_bugs, new_sweep, alpha, beta);
            }
        } else {
            value = step(g, position + 1, leader, new_follow, new_winning, new_winner, new_bugs,
                         trick_mask | bit, remaining & ~bit, tricks, bugs, sweep, alpha, beta);
        }
        g->hands[mover] = hand;
        if (g->stopped) return 0;
        if (take(maximizing, value, &best, &alpha, &beta) && alpha >= beta) break;
    }
    return best;
}

static u64 position_hash(const Endgame *g, const u64 *keyed, int32_t counters) {
    u64 h = (u64)(uint32_t)counters * 0x9E3779B97F4A7C15ULL;
    int hand;
    for (hand = 0; hand < g->players; hand++) {
        h ^= keyed[hand] + 0x632BE59BD9B4E019ULL + (h << 6) + (h >> 2);
        h *= 0xBF58476D1CE4E5B9ULL;
    }
    return h ^ (h >> 31);
}

/* The table holds WAYS (four) entries a bucket, and a bucket holds the positions of
 * the same cards, leader and sweep whatever the seat's tricks and bugs, so
 * that a new position finds there the bounds of those with other counters.
 * A new entry takes the place of one from another search, or of one of its
 * own stored before its last age() (an earlier solve's, with the solver's
 * Tables: read while it lasts, but never kept at the expense of this
 * solve's), or else of the one with the fewest tricks left (the cheapest to
 * search again). */
static int same_cards(const Endgame *g, const u64 *entry, const u64 *keyed) {
    int hand;
    for (hand = 0; hand < g->players; hand++) {
        if (entry[2 + hand] != keyed[hand]) return 0;
    }
    return 1;
}

static u64 *find(const Endgame *g, const u64 *keyed, int32_t counters, size_t slot) {
    int way;
    for (way = 0; way < WAYS; way++) {
        u64 *entry = g->block->words + (slot + way) * g->block->stride;
        if (own(g, entry) && META_COUNTERS(entry[1]) == counters
            && same_cards(g, entry, keyed))
            return entry;
    }
    return NULL;
}

static u64 *make_room(const Endgame *g, size_t slot) {
    u64 *chosen = NULL;
    int way, fewest = 64;
    for (way = 0; way < WAYS; way++) {
        u64 *entry = g->block->words + (slot + way) * g->block->stride;
        /* another search's, or one of its own from an earlier solve (see age) */
        if (entry[0] != g->stamp) return entry;
        if (META_LEFT(entry[1]) < fewest) {
            fewest = META_LEFT(entry[1]);
            chosen = entry;
        }
    }
    return chosen;
}

/* Python's floor division, for a positive divisor. */
static INLINE int floor_div(int numerator, int divisor) {
    return numerator >= 0 ? numerator / divisor : -((-numerator + divisor - 1) / divisor);
}

/* _Search.sibling_entry: a new position's bounds (no sweep open, not a
 * misère bid) tightened by those of the same cards with other counters. */
static void tighten(const Endgame *g, const u64 *keyed, int leader, int tricks, int bugs,
                    size_t slot, int *low, int *high) {
    int way, scored = tricks > 0 && bugs > 0;
    for (way = 0; way < WAYS; way++) {
        const u64 *entry = g->block->words + (slot + way) * g->block->stride;
        int32_t counters;
        int other_tricks, other_bugs, other_low, other_high;
        if (!own(g, entry)) continue;
        counters = META_COUNTERS(entry[1]);
        if ((counters & 15) != BROKEN + 2 || (counters >> 16) != leader) continue;
        if (!same_cards(g, entry, keyed)) continue;
        other_tricks = (counters >> 10) & 63;
        other_bugs = (counters >> 4) & 63;
        other_low = META_LOW(entry[1]);
        other_high = META_HIGH(entry[1]);
        if (scored && other_tricks > 0 && other_bugs > 0) {
            /* both score 10 * t // b on every line: "at least L" is a sum over
             * the tricks to come that does not depend on the counters */
            if (other_low > *low) {
                int reach = floor_div(other_low * other_bugs - 10 * other_tricks + 10 * tricks, bugs);
                if (reach > *low) *low = reach < other_low ? reach : other_low;
            }
            if (other_high + 1 <= *high) {
                int reach = -floor_div(10 * other_tricks - (other_high + 1) * other_bugs - 10 * tricks,
                                       bugs);
                if (reach < other_high + 1) reach = other_high + 1;
                if (reach <= *high) *high = reach - 1;
            }
        } else if (other_tricks <= tricks && other_bugs >= bugs) {
            if (other_low > *low && (other_tricks || !tricks)) *low = other_low;
        } else if (other_tricks >= tricks && other_bugs <= bugs && other_high < *high
                   && (tricks || !other_tricks)) {
            *high = other_high;
        }
    }
}

static int lead(Endgame *g, int leader, u64 remaining, int tricks, int bugs, int sweep,
                int alpha, int beta) {
    u64 hand = g->hands[leader];
    int left = bit_count(hand), low, high, maximizing, first, turn, count;
    int options[64], value, chosen, floor_, roof;
    int32_t counters;
    u64 keyed[MAX_PLAYERS] = {0};
    size_t slot;
    u64 *entry, meta = 0;
    if (left == 1) return last_trick(g, leader, tricks, bugs, sweep);
    counters = (((leader * 64 + tricks) * 64 + bugs) * 16) + sweep + 2;
    squeeze(g->hands, g->players, remaining, keyed);
    slot = (size_t)(position_hash(g, keyed, leader * 16 + sweep + 2) & (g->entries - WAYS));
    entry = find(g, keyed, counters, slot);
    if (entry) {
        meta = entry[1];
        low = META_LOW(meta);
        high = META_HIGH(meta);
    } else {
        int opening = sweep, most = left;
        int ducking;
        if (sweep >= 0 && sweep != g->own && g->solo[sweep]
            && blocks(g->hands[g->seat], g->hands[sweep])) {
            opening = BROKEN; /* the seat can stop that sweep */
        }
        if (g->alone && !g->misere && (sweep == NONE_YET || sweep == g->own)
            && blocks(remaining & ~g->hands[g->seat], g->hands[g->seat])) {
            most = left - 1; /* the seat cannot win every trick left */
        }
        score_bounds(g, tricks, bugs, opening, left, most, &low, &high);
        ducking = g->alone && leader != g->seat && (g->misere || sweep == BROKEN) && low < high;
        if (ducking && ducks(g->hands[g->seat], remaining)) {
            low = high = final_score(g, tricks, bugs, BROKEN);
        } else if (low < high && commands(hand, remaining)) {
            if (g->in_unit[leader]) {
                low = high = final_score(
                    g, tricks + left,
                    bugs + bit_count(remaining & g->bug_mask) + g->leftover_bugs,
                    (sweep == NONE_YET || sweep == g->own) ? g->own : BROKEN);
            } else {
                int unit = g->unit_of[leader];
                low = high = final_score(g, tricks, bugs,
                                         (sweep == NONE_YET || sweep == unit) ? unit : BROKEN);
            }
        } else if (ducking) {
            int kept = final_score(g, tricks, bugs, BROKEN);
            if (kept > low && keeps_out(g->hands[g->seat], remaining)) low = kept;
        } else if (leader == g->seat && g->alone && (g->misere || sweep == BROKEN) && low < high
                   && low < beta) {
            int kept = final_score(g, tricks, bugs, BROKEN);
            if (kept > low && leads_out(g, hand, remaining)) low = kept;
        }
        if (sweep == BROKEN && !g->misere && low < high) {
            tighten(g, keyed, leader, tricks, bugs, slot, &low, &high);
        }
    }
    if (low >= beta || low == high) return low;
    if (high <= alpha) return high;
    if (low > alpha) alpha = low;
    if (high < beta) beta = high;
    if (++g->nodes >= g->next_check && must_stop(g)) g->stopped = 1;
    if (g->stopped) return 0;
    count = moves(hand, remaining, options);
    maximizing = leader == g->seat;
    first = 0;
    if (entry && META_BEST(meta) < count) {
        first = META_BEST(meta);
    } else if (maximizing && (hand & g->bug_mask)) {
        /* the seat leads a card not of its bugs first */
        for (turn = 0; turn < count; turn++) {
            if (!((g->bug_mask >> options[turn]) & 1)) {
                first = turn;
                break;
            }
        }
    }
    value = maximizing ? -1 : g->ceiling;
    chosen = first;
    floor_ = alpha;
    roof = beta;
    for (turn = 0; turn < count; turn++) {
        int position = turn == 0 ? first : turn <= first ? turn - 1 : turn;
        int index = options[position], result;
        u64 bit = 1ULL << index;
        g->hands[leader] = hand ^ bit;
        if (index < 52) {
            result = step(g, 1, leader, suit_mask(index / 13), index, leader,
                          (int)((g->bug_mask >> index) & 1), bit, remaining & ~bit, tricks, bugs,
                          sweep, alpha, beta);
        } else {
            result = step(g, 1, leader, 0, -1, leader, (int)((g->bug_mask >> index) & 1), bit,
                          remaining & ~bit, tricks, bugs, sweep, alpha, beta);
        }
        g->hands[leader] = hand;
        if (g->stopped) return 0;
        if (take(maximizing, result, &value, &alpha, &beta)) {
            chosen = position;
            if (alpha >= beta) break;
        }
    }
    if (value <= floor_) high = value;
    else if (value >= roof) low = value;
    else low = high = value;
    entry = find(g, keyed, counters, slot);
    if (entry == NULL) entry = make_room(g, slot);
    entry[0] = g->stamp;
    entry[1] = META(counters, low, high, chosen, left);
    memcpy(entry + 2, keyed, g->players * sizeof(u64));
    g->stores++;
    return value;
}

/* -- the Python type ------------------------------------------------------------ */

static int read_int(PyObject *value, const char *name, long low, long high, long *out) {
    long number = PyLong_AsLong(value);
    if (number == -1 && PyErr_Occurred()) return -1;
    if (number < low || number > high) {
        PyErr_Format(PyExc_ValueError, "%s must be from %ld to %ld, not %ld", name, low, high,
                     number);
        return -1;
    }
    *out = number;
    return 0;
}

/* Endgame(players, seat, unit_of, misere, bug_mask, leftover_bugs, ceiling,
 *         entries=FIRST_ENTRIES, kept=False) */
static int Endgame_init(Endgame *self, PyObject *args, PyObject *kwargs) {
    PyObject *units, *mask;
    int players, seat, misere, leftover_bugs, ceiling, other, count = 0, kept = 0;
    unsigned long long bug_mask;
    Py_ssize_t entries = FIRST_ENTRIES;
    static char *keywords[] = {"players", "seat", "unit_of", "misere", "bug_mask",
                               "leftover_bugs", "ceiling", "entries", "kept", NULL};
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "iiOpOii|np", keywords, &players, &seat,
                                     &units, &misere, &mask, &leftover_bugs, &ceiling, &entries,
                                     &kept))
        return -1;
    if (entries < WAYS || (entries & (entries - 1)) || entries > FIRST_ENTRIES * 64) {
        PyErr_SetString(PyExc_ValueError, "entries must be a power of two from 4 to 2**21");
        return -1;
    }
    if (players < 2 || players > MAX_PLAYERS || seat < 0 || seat >= players) {
        PyErr_SetString(PyExc_ValueError, "players must be from 2 to 8 and seat one of them");
        return -1;
    }
    if (!PyTuple_Check(units) || PyTuple_GET_SIZE(units) != players) {
        PyErr_SetString(PyExc_ValueError, "unit_of must be a tuple of one unit a player");
        return -1;
    }
    bug_mask = PyLong_AsUnsignedLongLong(mask);
    if (bug_mask == (unsigned long long)-1 && PyErr_Occurred()) return -1;
    for (other = 0; other < players; other++) {
        long unit;
        if (read_int(PyTuple_GET_ITEM(units, other), "a unit", 0, players - 1, &unit) < 0)
            return -1;
        self->unit_of[other] = (int)unit;
    }
    self->players = players;
    self->seat = seat;
    self->own = self->unit_of[seat];
    for (other = 0; other < players; other++) {
        self->in_unit[other] = self->unit_of[other] == self->own;
        count += self->in_unit[other];
    }
    self->alone = count == 1;
    for (other = 0; other < players; other++) {
        int unit, members = 0;
        for (unit = 0; unit < players; unit++) members += self->unit_of[unit] == self->unit_of[other];
        self->solo[other] = members == 1;
    }
    self->misere = misere;
    self->bug_mask = (u64)bug_mask;
    self->leftover_bugs = leftover_bugs;
    self->ceiling = ceiling;
    self->nodes = 0;
    self->budget = -1;
    self->deadline = Py_None;
    self->stopped = 0;
    if (self->clock == NULL) {
        PyObject *time = PyImport_ImportModule("time");
        if (time == NULL) return -1;
        self->clock = PyObject_GetAttrString(time, "monotonic");
        Py_DECREF(time);
        if (self->clock == NULL) return -1;
    }
    if (searches == 0) make_squeezed();
    self->stamp = new_stamp();
    free(self->own_block.words); /* made again: its old entries are void */
    self->own_block.words = NULL;
    self->own_block.size = 0;
    self->own_block.stride = 0;
    self->block = kept ? &self->own_block : &shared_block;
    while ((size_t)entries * (size_t)(players + 2) * sizeof(u64) > MOST_BYTES) entries /= 2;
    self->entries = (size_t)entries;
    self->stores = 0;
    return 0;
}

/* lead(hands, leader, tricks, bugs, sweep, alpha, beta, budget, deadline)
 * -> (value, nodes); value None where a bound stopped the search. */
static PyObject *Endgame_lead(Endgame *self, PyObject *const *args, Py_ssize_t nargs) {
    long leader, tricks, bugs, sweep, alpha, beta;
    long long budget;
    PyObject *hands;
    int hand, value;
    u64 remaining = 0;
    if (nargs != 9) {
        PyErr_SetString(PyExc_TypeError, "lead takes 9 arguments");
        return NULL;
    }
    hands = args[0];
    if (!PyList_Check(hands) || PyList_GET_SIZE(hands) != self->players) {
        PyErr_SetString(PyExc_ValueError, "hands must be a list of one int a player");
        return NULL;
    }
    if (read_int(args[1], "leader", 0, self->players - 1, &leader) < 0
        || read_int(args[2], "tricks", 0, 63, &tricks) < 0
        || read_int(args[3], "bugs", 0, 63, &bugs) < 0
        || read_int(args[4], "sweep", -2, self->players - 1, &sweep) < 0
        || read_int(args[5], "alpha", -1, 32767, &alpha) < 0
        || read_int(args[6], "beta", -1, 32767, &beta) < 0)
        return NULL;
    for (hand = 0; hand < self->players; hand++) {
        unsigned long long cards = PyLong_AsUnsignedLongLong(PyList_GET_ITEM(hands, hand));
        if (cards == (unsigned long long)-1 && PyErr_Occurred()) return NULL;
        if (cards >> 60) {
            PyErr_SetString(PyExc_ValueError, "a hand holds cards 0 to 59 only");
            return NULL;
        }
        self->hands[hand] = (u64)cards;
        remaining |= (u64)cards;
    }
    if (bit_count(self->hands[leader]) == 0) {
        PyErr_SetString(PyExc_ValueError, "the leader holds no card");
        return NULL;
    }
    budget = PyLong_AsLongLong(args[7]);
    if (budget == -1 && PyErr_Occurred()) return NULL;
    if (args[8] != Py_None && !PyFloat_Check(args[8])) {
        PyErr_SetString(PyExc_TypeError, "deadline must be a float or None");
        return NULL;
    }
    self->budget = budget < 0 ? -1 : budget;
    self->deadline = args[8];
    if (self->block == NULL) {
        PyErr_SetString(PyExc_ValueError, "the search was never made (Endgame.__init__)");
        return NULL;
    }
    if (prepare_table(self) < 0) return NULL;
    self->nodes = 0;
    self->stopped = 0;
    plan_check(self);
    value = lead(self, (int)leader, remaining, (int)tricks, (int)bugs, (int)sweep, (int)alpha,
                 (int)beta);
    self->deadline = Py_None;
    if (PyErr_Occurred()) return NULL;
    if (self->stopped) return Py_BuildValue("(OL)", Py_None, self->nodes);
    return Py_BuildValue("(iL)", value, self->nodes);
}

/* age() -> None: a new generation for the entries stored from now on (the
 * solver calls it when a later solve takes this search's tables over). */
static PyObject *Endgame_age(Endgame *self, PyObject *unused) {
    (void)unused;
    self->stamp = (self->stamp & ~GENERATION) | ((self->stamp + 1) & GENERATION);
    Py_RETURN_NONE;
}

static PyMethodDef Endgame_methods[] = {
    {"lead", (PyCFunction)(void (*)(void))Endgame_lead, METH_FASTCALL,
     "lead(hands, leader, tricks, bugs, sweep, alpha, beta, budget, deadline) -> (value, nodes)\n\n"
     "The value of a trick's start for the seat, failing soft outside (alpha, beta),\n"
     "and the positions searched; the value is None where the search visited more\n"
     "than budget positions (budget >= 0) or ran past the deadline (of time.monotonic)."},
    {"age", (PyCFunction)Endgame_age, METH_NOARGS,
     "age() -> None\n\n"
     "Start a new generation: the entries stored so far are still read, but give\n"
     "way to any new entry that needs their place (for a later solve that takes\n"
     "this search's tables over)."},
    {NULL, NULL, 0, NULL},
};

static void Endgame_dealloc(Endgame *self) {
    free(self->own_block.words);
    Py_XDECREF(self->clock);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static PyTypeObject EndgameType = {
    PyVarObject_HEAD_INIT(NULL, 0) "bugami._endgame.Endgame", /* tp_name */
    sizeof(Endgame),                                         /* tp_basicsize */
};

static struct PyModuleDef endgame_module = {
    PyModuleDef_HEAD_INIT, "bugami._endgame",
    "The open-hand solver's search, in C (the compiled build only).", -1,
    NULL,
};

PyMODINIT_FUNC PyInit__endgame(void) {
    PyObject *module;
    EndgameType.tp_flags = Py_TPFLAGS_DEFAULT;
    EndgameType.tp_doc =
        "Endgame(players, seat, unit_of, misere, bug_mask, leftover_bugs, ceiling, entries=32768,\n"
        "        kept=False)\n\n"
        "kept: the search has a table of its own (freed with it) rather than a share\n"
        "of the process's, for a search kept for later solves.";
    EndgameType.tp_new = PyType_GenericNew;
    EndgameType.tp_init = (initproc)Endgame_init;
    EndgameType.tp_dealloc = (destructor)Endgame_dealloc;
    EndgameType.tp_methods = Endgame_methods;
    if (PyType_Ready(&EndgameType) < 0) return NULL;
    module = PyModule_Create(&endgame_module);
    if (module == NULL) return NULL;
    Py_INCREF(&EndgameType);
    if (PyModule_AddObject(module, "Endgame", (PyObject *)&EndgameType) < 0) {
        Py_DECREF(&EndgameType);
        Py_DECREF(module);
        return NULL;
    }
    return module;
}
