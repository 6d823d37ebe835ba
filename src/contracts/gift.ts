import { z } from "zod";
import { BUDGET_VALUES, OCCASIONS, RELATIONSHIPS, type GiftRequest } from "../core/gift/gift-types";

/**
 * The gift form (docs/product.md), shared by the server that validates the native POST
 * and the web page that renders the same fields. The form sends strings (urlencoded); this schema
 * trims them, turns age into a number and checks the rules, with one message per field.
 */

export const GIFT_FIELDS = [
  "name",
  "age",
  "relationship",
  "relationship_other",
  "interests",
  "brands",
  "budget",
  "occasion",
  "occasion_other",
  "User_query",
  "previous_gifts",
] as const;
type GiftField = (typeof GIFT_FIELDS)[number];

/** What the form holds, as typed: every field a string (kept to re-render the form). */
export type GiftFormValues = Partial<Record<GiftField, string>>;

export const GIFT_LIMITS = { name: 100, text: 300, long: 1000, ageMin: 0, ageMax: 120 } as const;

const GIFT_MESSAGES = {
  name: "Please enter the recipient's name.",
  ageMissing: "Please enter the recipient's age.",
  ageRange: "Age must be a whole number from 0 to 120.",
  relationship: "Please choose your relationship to the recipient.",
  relationshipOther: "Please describe the relationship.",
  interests: "Please enter at least one interest.",
  budget: "Please choose a budget.",
  occasion: "Please choose the occasion.",
  occasionOther: "Please describe the occasion.",
  tooLong: (max: number) => `Please keep this under ${max} characters.`,
} as const;

/** One value per field: a repeated field keeps its first value; anything not a string is ignored. */
export function giftFormValues(body: unknown): GiftFormValues {
  const values: GiftFormValues = {};
  if (body === null || typeof body !== "object") return values;
  for (const field of GIFT_FIELDS) {
    const raw = (body as Record<string, unknown>)[field];
    const value = Array.isArray(raw) ? raw[0] : raw;
    if (typeof value === "string") values[field] = value;
  }
  return values;
}

const text = (max: number) => z.string().trim().max(max, GIFT_MESSAGES.tooLong(max));
const optionalText = (max: number) =>
  text(max)
    .optional()
    .transform((value) => (value ? value : undefined));
const required = (max: number, message: string) => z.string({ error: message }).trim().min(1, message).max(max, GIFT_MESSAGES.tooLong(max));

const giftFormSchema = z
  .object({
    name: required(GIFT_LIMITS.name, GIFT_MESSAGES.name),
    age: z
      .string({ error: GIFT_MESSAGES.ageMissing })
      .trim()
      .min(1, GIFT_MESSAGES.ageMissing)
      .regex(/^\d{1,3}$/, GIFT_MESSAGES.ageRange)
      .transform(Number)
      .pipe(z.number().int().min(GIFT_LIMITS.ageMin, GIFT_MESSAGES.ageRange).max(GIFT_LIMITS.ageMax, GIFT_MESSAGES.ageRange)),
    relationship: z.enum(RELATIONSHIPS, { error: GIFT_MESSAGES.relationship }),
    relationship_other: optionalText(GIFT_LIMITS.text),
    interests: required(GIFT_LIMITS.long, GIFT_MESSAGES.interests),
    brands: optionalText(GIFT_LIMITS.text),
    budget: z.enum(BUDGET_VALUES, { error: GIFT_MESSAGES.budget }),
    occasion: z.enum(OCCASIONS, { error: GIFT_MESSAGES.occasion }),
    occasion_other: optionalText(GIFT_LIMITS.text),
    User_query: optionalText(GIFT_LIMITS.long),
    previous_gifts: optionalText(GIFT_LIMITS.long),
  })
  .superRefine((form, context) => {
    if (form.relationship === "other" && !form.relationship_other) {
      context.addIssue({ code: "custom", path: ["relationship_other"], message: GIFT_MESSAGES.relationshipOther });
    }
    if (form.occasion === "other" && !form.occasion_other) {
      context.addIssue({ code: "custom", path: ["occasion_other"], message: GIFT_MESSAGES.occasionOther });
    }
  });

export type GiftFormErrors = Partial<Record<GiftField, string>>;

export type GiftFormResult = { success: true; request: GiftRequest } | { success: false; errors: GiftFormErrors };

/** Validates the posted form: the scorer's request, or the first message for each field. */
export function parseGiftForm(values: GiftFormValues): GiftFormResult {
  const parsed = giftFormSchema.safeParse(values);
  if (!parsed.success) {
    const errors: GiftFormErrors = {};
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as GiftField | undefined;
      if (field && !errors[field]) errors[field] = issue.message;
    }
    // The object's refinement is skipped while other fields fail; the 'Other' texts are checked here too.
    if (values.relationship === "other" && !values.relationship_other?.trim()) errors.relationship_other ??= GIFT_MESSAGES.relationshipOther;
    if (values.occasion === "other" && !values.occasion_other?.trim()) errors.occasion_other ??= GIFT_MESSAGES.occasionOther;
    return { success: false, errors };
  }
  const form = parsed.data;
  return {
    success: true,
    request: {
      name: form.name,
      age: form.age,
      relationship: form.relationship,
      relationshipOther: form.relationship === "other" ? form.relationship_other : undefined,
      interests: form.interests,
      brands: form.brands,
      budget: form.budget,
      occasion: form.occasion,
      occasionOther: form.occasion === "other" ? form.occasion_other : undefined,
      userQuery: form.User_query,
      previousGifts: form.previous_gifts,
    },
  };
}
