import { expect, it } from "vitest";
import type { z } from "zod";

/**
 * Tests a hand-written body check (the landing page's, lib/body-checks.ts) against the contract's
 * zod schema that the server validates with: every valid fixture is accepted by both (the check
 * answering what zod parses; a check may keep keys zod drops), every invalid one refused by both.
 * Valid fixtures are typed by the contract, so a contract change breaks them at compile time.
 */
export function itAgreesWithSchema<T>(
  check: (body: unknown) => T | null,
  schema: z.ZodType<T>,
  fixtures: { valid: readonly T[]; invalid: readonly unknown[] },
): void {
  it.each(fixtures.valid.map((fixture, index) => [index, fixture] as const))("accepts valid fixture %i, as the schema does", (_, fixture) => {
    const parsed = schema.safeParse(fixture);
    expect(parsed.success).toBe(true);
    expect(check(fixture)).toMatchObject(parsed.data as object);
  });
  it.each(fixtures.invalid.map((fixture, index) => [index, fixture] as const))("refuses invalid fixture %i, as the schema does", (_, fixture) => {
    expect(schema.safeParse(fixture).success).toBe(false);
    expect(check(fixture)).toBeNull();
  });
}
