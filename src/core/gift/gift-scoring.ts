import { GIFT_CATALOGUE } from "./gift-catalogue";
import {
  ageBandOf,
  budgetOf,
  type CatalogueGift,
  type GiftIdea,
  type GiftRequest,
  type Occasion,
  type Relationship,
} from "./gift-types";

/**
 * The deterministic gift scorer: every catalogue entry priced within the budget is scored on the
 * form (interests with simple synonyms, brands, age band, relationship, occasion, budget fit);
 * previous gifts are excluded by a fuzzy name match; the best are picked with at most two per
 * category. The price band shown never goes above the budget's maximum.
 */

export const DEFAULT_IDEA_COUNT = 8;
export const MIN_IDEAS = 5;
export const MAX_IDEAS = 10;
const MAX_PER_CATEGORY = 2;

const SYNONYM_GROUPS: readonly (readonly string[])[] = [
  ["cooking", "cook", "chef", "kitchen", "culinary", "food", "foodie", "recipe"],
  ["baking", "bake", "baker", "pastry", "bread"],
  ["barbecue", "bbq", "grill", "grilling", "smoking"],
  ["coffee", "espresso", "latte", "barista"],
  ["tea", "matcha", "chai"],
  ["reading", "books", "book", "novel", "literature", "reader", "bookworm"],
  ["music", "song", "band", "album", "musician"],
  ["guitar", "guitarist"],
  ["piano", "keyboard", "pianist"],
  ["gaming", "video games", "gamer", "videogame", "games", "console", "esports"],
  ["technology", "tech", "gadgets", "gadget", "electronics", "computers", "computer"],
  ["programming", "coding", "code", "developer", "software"],
  ["photography", "photo", "camera", "photographer"],
  ["movies", "film", "films", "cinema", "tv", "series"],
  ["outdoors", "outdoor", "nature", "wilderness"],
  ["hiking", "hike", "trekking", "walking", "backpacking"],
  ["camping", "camp"],
  ["fishing", "angling", "fish"],
  ["fitness", "gym", "workout", "exercise", "weightlifting", "training"],
  ["running", "run", "runner", "jogging", "marathon"],
  ["cycling", "bike", "bicycle", "biking", "cyclist"],
  ["golf", "golfing", "golfer"],
  ["yoga", "pilates"],
  ["meditation", "mindfulness"],
  ["soccer", "football"],
  ["sports", "sport", "athletics"],
  ["gardening", "garden", "plants", "plant", "gardener", "houseplants"],
  ["art", "arts", "artist"],
  ["painting", "paint", "painter", "watercolour", "watercolor"],
  ["drawing", "draw", "sketching", "sketch", "illustration"],
  ["crafts", "craft", "crafting", "diy crafts", "making"],
  ["knitting", "knit", "crochet", "yarn"],
  ["sewing", "sew", "quilting"],
  ["diy", "tools", "home improvement", "woodworking", "carpentry"],
  ["board games", "boardgames", "tabletop", "games"],
  ["puzzles", "puzzle", "jigsaw", "riddles"],
  ["lego", "building", "construction", "bricks"],
  ["science", "stem", "experiments", "chemistry", "physics", "biology"],
  ["astronomy", "space", "stars", "planets", "stargazing"],
  ["travel", "travelling", "traveling", "trips", "adventure", "explore", "exploring"],
  ["fashion", "style", "clothes", "clothing", "outfits"],
  ["jewelry", "jewellery", "jewels", "necklace", "bracelet", "earrings"],
  ["beauty", "makeup", "cosmetics", "skincare"],
  ["wellness", "spa", "relaxation", "self-care", "selfcare", "pampering"],
  ["home", "interior design", "decor", "decorating", "interiors"],
  ["wine", "vino", "sommelier"],
  ["beer", "craft beer", "brewing", "ale"],
  ["whisky", "whiskey", "bourbon", "scotch", "spirits"],
  ["cocktails", "mixology", "bartending"],
  ["pets", "pet", "animals"],
  ["dogs", "dog", "puppy"],
  ["cats", "cat", "kitten"],
  ["cars", "car", "driving", "motorsport", "racing", "automotive"],
  ["writing", "journaling", "journal", "stationery", "pens"],
  ["dinosaurs", "dinosaur", "dino"],
  ["toys", "toy", "play"],
  ["history", "genealogy", "ancestry"],
  ["watches", "watch", "horology"],
  ["chocolate", "sweets", "candy", "treats"],
  ["theatre", "theater", "musicals", "broadway"],
  ["skiing", "ski", "snowboarding", "snowboard"],
  ["swimming", "swim", "swimmer"],
  ["sailing", "boats", "boating"],
  ["learning", "studying", "study", "education", "languages"],
];

const STOPWORDS = new Set(["a", "an", "the", "and", "or", "of", "for", "with", "in", "on", "to", "set", "kit", "their", "my", "his", "her"]);

/** Lower case, letters and digits only, single spaces; a plural -s dropped from each word. */
function normalise(text: string): string {
  return text
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^a-z0-9]+/g, " ")
    .trim()
    .split(" ")
    .filter(Boolean)
    .map(stem)
    .join(" ");
}

function stem(word: string): string {
  if (word.length > 3 && word.endsWith("s") && !word.endsWith("ss")) return word.slice(0, -1);
  return word;
}

/** A comma, semicolon, slash or newline separated list, normalised, empties dropped. */
function splitList(text: string | undefined): string[] {
  if (!text) return [];
  return text
    .split(/[,;/\n\r]+|\band\b|&/i)
    .map(normalise)
    .filter((term) => term.length > 0);
}

const SYNONYMS: Map<string, Set<string>> = (() => {
  const map = new Map<string, Set<string>>();
  for (const group of SYNONYM_GROUPS) {
    const terms = group.map(normalise);
    for (const term of terms) {
      const set = map.get(term) ?? new Set<string>();
      for (const other of terms) set.add(other);
      map.set(term, set);
    }
  }
  return map;
})();

/** The term, its synonyms, and the synonyms of each of its words. */
function expandInterest(term: string): Set<string> {
  const result = new Set<string>([term]);
  for (const synonym of SYNONYMS.get(term) ?? []) result.add(synonym);
  for (const word of term.split(" ")) {
    if (STOPWORDS.has(word) || word.length < 3) continue;
    result.add(word);
    for (const synonym of SYNONYMS.get(word) ?? []) result.add(synonym);
  }
  return result;
}

function editDistance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let previous = row[0]!;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const current = row[j]!;
      row[j] = Math.min(row[j]! + 1, row[j - 1]! + 1, previous + (a[i - 1] === b[j - 1] ? 0 : 1));
      previous = current;
    }
  }
  return row[b.length]!;
}

function similarWord(a: string, b: string): boolean {
  if (a === b) return true;
  if (a.length < 5 || b.length < 5) return false;
  return editDistance(a, b) <= (Math.min(a.length, b.length) >= 8 ? 2 : 1);
}

function contentWords(text: string): string[] {
  return text.split(" ").filter((word) => word.length > 2 && !STOPWORDS.has(word));
}

/**
 * Whether a catalogue name and a gift the person already had are the same idea: one contains the
 * other, or most of the shorter one's words are in the longer one (allowing a typo per word).
 */
export function isSameGift(catalogueName: string, previousGift: string): boolean {
  const a = normalise(catalogueName);
  const b = normalise(previousGift);
  if (!a || !b) return false;
  if (a === b || (b.length >= 4 && a.includes(b)) || (a.length >= 4 && b.includes(a))) return true;
  const wordsA = contentWords(a);
  const wordsB = contentWords(b);
  if (wordsA.length === 0 || wordsB.length === 0) return false;
  const [shorter, longer] = wordsA.length <= wordsB.length ? [wordsA, wordsB] : [wordsB, wordsA];
  const shared = shorter.filter((word) => longer.some((other) => similarWord(word, other))).length;
  return shared / shorter.length >= 0.6;
}

function isPreviousGift(gift: CatalogueGift, previousGifts: string | undefined): boolean {
  return splitList(previousGifts).some((previous) => isSameGift(gift.name, previous));
}

export interface ScoredCandidate {
  gift: CatalogueGift;
  score: number;
  matchedInterests: string[];
  matchedBrands: string[];
  priceLow: number;
  priceHigh: number;
}

interface WantedInterest {
  /** The person's own words, shown in the 'why' text. */
  label: string;
  terms: Set<string>;
}

/** The person's interests (their words) that the gift's tags meet, directly or by a synonym. */
function matchInterests(gift: CatalogueGift, wanted: readonly WantedInterest[]): string[] {
  const tags = gift.interests.map(normalise);
  const matched: string[] = [];
  for (const { label, terms } of wanted) {
    const hit = tags.some((tag) => terms.has(tag) || tag.split(" ").some((word) => word.length >= 4 && terms.has(word)));
    if (hit && !matched.includes(label)) matched.push(label);
  }
  return matched;
}

function wantedInterests(text: string | undefined): WantedInterest[] {
  if (!text) return [];
  return text
    .split(/[,;/\n\r]+|\band\b|&/i)
    .map((label) => label.trim().replace(/\s+/g, " "))
    .filter((label) => normalise(label).length > 0)
    .map((label) => ({ label: label.slice(0, 60), terms: expandInterest(normalise(label)) }));
}

/** The band shown for a gift: its own range, clipped to the budget (never above its maximum). */
function priceBandWithin(gift: CatalogueGift, min: number, max: number): { low: number; high: number } | null {
  if (gift.low > max) return null;
  const high = Math.min(gift.high, max);
  const low = gift.high >= min ? Math.max(gift.low, min) : gift.low;
  return low <= high ? { low, high } : null;
}

/** Every catalogue entry priced within the budget and not given before, scored, best first. */
export function scoreCandidates(request: GiftRequest, catalogue: readonly CatalogueGift[] = GIFT_CATALOGUE): ScoredCandidate[] {
  const budget = budgetOf(request.budget);
  const band = ageBandOf(request.age);
  const interests = wantedInterests(request.interests);
  const queryWords = contentWords(normalise(request.userQuery ?? "")).map((word) => ({ label: word, terms: expandInterest(word) }));
  const brands = splitList(request.brands);
  const candidates: ScoredCandidate[] = [];
  for (const gift of catalogue) {
    const price = priceBandWithin(gift, budget.min, budget.max);
    if (!price) continue;
    if (isPreviousGift(gift, request.previousGifts)) continue;
    let score = 0;
    const matchedInterests = matchInterests(gift, interests);
    if (matchedInterests.length > 0) score += 5 + 2 * Math.min(matchedInterests.length - 1, 2);
    score += Math.min(matchInterests(gift, queryWords).length, 2);
    const matchedBrands = gift.brands.filter((brand) => brands.some((wanted) => normalise(brand) === wanted || (wanted.length >= 3 && normalise(brand).includes(wanted))));
    if (matchedBrands.length > 0) score += 3;
    score += gift.ages.includes(band) ? 1 : -8;
    if (request.relationship !== "other") score += gift.relationships.includes(request.relationship) ? 1 : -3;
    if (request.occasion !== "other") {
      if (!gift.occasions.includes(request.occasion)) score -= 4;
      else if (gift.occasions.length < 6) score += 2;
    }
    // Budget fit: a range that meets the chosen band beats one well below it.
    if (gift.high >= budget.min) score += 2;
    else score -= gift.high < budget.min / 2 ? 3 : 1;
    candidates.push({ gift, score, matchedInterests, matchedBrands, priceLow: price.low, priceHigh: price.high });
  }
  return candidates.sort((a, b) => b.score - a.score || a.gift.id.localeCompare(b.gift.id));
}

/** The best candidates with at most two per category, topped up past that rule only when short. */
export function pickDiverse(candidates: readonly ScoredCandidate[], count = DEFAULT_IDEA_COUNT): ScoredCandidate[] {
  const picked: ScoredCandidate[] = [];
  const perCategory = new Map<string, number>();
  for (const candidate of candidates) {
    if (picked.length >= count) break;
    const used = perCategory.get(candidate.gift.category) ?? 0;
    if (used >= MAX_PER_CATEGORY) continue;
    perCategory.set(candidate.gift.category, used + 1);
    picked.push(candidate);
  }
  for (const candidate of candidates) {
    if (picked.length >= count) break;
    if (!picked.includes(candidate)) picked.push(candidate);
  }
  return picked;
}

function listText(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? "";
  return `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
}

const RELATIONSHIP_PHRASES: Record<Exclude<Relationship, "other">, string> = {
  family: "family member",
  friend: "friend",
  colleague: "colleague",
  significant_other: "partner",
};
const OCCASION_PHRASES: Record<Exclude<Occasion, "other">, string> = {
  birthday: "birthday",
  christmas: "Christmas",
  anniversary: "anniversary",
  graduation: "graduation",
  wedding: "wedding",
};

/** Why an idea fits, in one or two plain sentences built from what matched. */
function explain(candidate: ScoredCandidate, request: GiftRequest): string {
  const name = request.name.trim();
  const parts: string[] = [];
  if (candidate.matchedInterests.length > 0) parts.push(`It suits ${name}'s interest in ${listText(candidate.matchedInterests)}`);
  else parts.push(`A well-loved ${candidate.gift.category} gift that ${name} can enjoy whatever their hobbies`);
  if (candidate.matchedBrands.length > 0) parts.push(`and comes from ${listText(candidate.matchedBrands)}, a brand they like`);
  const relationship = request.relationship === "other" ? request.relationshipOther?.trim() || "someone special" : RELATIONSHIP_PHRASES[request.relationship];
  const occasion = request.occasion === "other" ? request.occasionOther?.trim() || "special occasion" : OCCASION_PHRASES[request.occasion];
  const budget = budgetOf(request.budget);
  return `${parts.join(" ")}. A fitting ${occasion} gift for your ${relationship}, within your ${budget.label} budget.`;
}

/** The deterministic recommendation: 5–10 ideas (8 by default), previous gifts left out. */
export function recommendGifts(request: GiftRequest, catalogue: readonly CatalogueGift[] = GIFT_CATALOGUE, count = DEFAULT_IDEA_COUNT): GiftIdea[] {
  return pickDiverse(scoreCandidates(request, catalogue), count).map((candidate) => toIdea(candidate, request));
}

export function toIdea(candidate: ScoredCandidate, request: GiftRequest, why?: string): GiftIdea {
  return {
    id: candidate.gift.id,
    name: candidate.gift.name,
    category: candidate.gift.category,
    why: why ?? explain(candidate, request),
    priceLow: candidate.priceLow,
    priceHigh: candidate.priceHigh,
    where: candidate.gift.where,
    score: candidate.score,
  };
}
