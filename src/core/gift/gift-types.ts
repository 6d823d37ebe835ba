/** The gift form's options (docs/product.md) and the shapes the gift scorer works on. Pure data. */

export const RELATIONSHIPS = ["family", "friend", "colleague", "significant_other", "other"] as const;
export type Relationship = (typeof RELATIONSHIPS)[number];

export const OCCASIONS = ["birthday", "christmas", "anniversary", "graduation", "wedding", "other"] as const;
export type Occasion = (typeof OCCASIONS)[number];

/** The eight budget options of docs/product.md, as the form sends them, with their bounds in USD. */
export const BUDGETS = [
  { value: "under_25", label: "Under $25", min: 0, max: 25 },
  { value: "25_50", label: "$25-$50", min: 25, max: 50 },
  { value: "50_100", label: "$50-$100", min: 50, max: 100 },
  { value: "100_200", label: "$100-$200", min: 100, max: 200 },
  { value: "200_500", label: "$200-$500", min: 200, max: 500 },
  { value: "500_1000", label: "$500-$1000", min: 500, max: 1000 },
  { value: "1000_5000", label: "$1000-$5000", min: 1000, max: 5000 },
  { value: "5000_plus", label: "$5000+", min: 5000, max: Number.POSITIVE_INFINITY },
] as const;
export type BudgetValue = (typeof BUDGETS)[number]["value"];
export type Budget = (typeof BUDGETS)[number];

export const BUDGET_VALUES = BUDGETS.map((b) => b.value) as [BudgetValue, ...BudgetValue[]];

export function budgetOf(value: BudgetValue): Budget {
  return BUDGETS.find((b) => b.value === value)!;
}

export const RELATIONSHIP_LABELS: Record<Relationship, string> = {
  family: "Family",
  friend: "Friend",
  colleague: "Colleague",
  significant_other: "Significant other",
  other: "Other",
};

export const OCCASION_LABELS: Record<Occasion, string> = {
  birthday: "Birthday",
  christmas: "Christmas",
  anniversary: "Anniversary",
  graduation: "Graduation",
  wedding: "Wedding",
  other: "Other",
};

export type AgeBand = "child" | "teen" | "adult" | "senior";

export function ageBandOf(age: number): AgeBand {
  if (age < 13) return "child";
  if (age < 18) return "teen";
  if (age < 65) return "adult";
  return "senior";
}

/** A catalogue entry: tagged by interests, age bands, relationships, occasions and price (USD). */
export interface CatalogueGift {
  id: string;
  name: string;
  category: string;
  interests: readonly string[];
  brands: readonly string[];
  ages: readonly AgeBand[];
  relationships: readonly Relationship[];
  occasions: readonly Occasion[];
  low: number;
  high: number;
  /** Kinds of shops to look in (never links). */
  where: readonly string[];
}

/** The validated form, as the scorer reads it. */
export interface GiftRequest {
  name: string;
  age: number;
  relationship: Relationship;
  relationshipOther?: string | undefined;
  interests: string;
  brands?: string | undefined;
  budget: BudgetValue;
  occasion: Occasion;
  occasionOther?: string | undefined;
  userQuery?: string | undefined;
  previousGifts?: string | undefined;
}

/** One recommended idea: the price band always lies within the chosen budget. */
export interface GiftIdea {
  id: string;
  name: string;
  category: string;
  why: string;
  priceLow: number;
  priceHigh: number;
  where: readonly string[];
  score: number;
}
