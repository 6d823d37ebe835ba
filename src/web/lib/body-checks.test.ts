import { describe, expect, it } from "vitest";
import { apiErrorSchema, csrfResponseSchema, successSchema, type ApiError, type CsrfResponse, type SuccessResponse } from "../../contracts/api-error";
import { itAgreesWithSchema } from "../test-support/contract-check";
import { checkedBody, parseApiError, parseCsrfResponse, parseSuccess } from "./body-checks";

describe("parseApiError (contracts/api-error.ts apiErrorSchema)", () => {
  const valid: ApiError[] = [
    { error: "Not found", code: "not_found" },
    { error: "", code: "daily_limit" },
  ];
  itAgreesWithSchema(parseApiError, apiErrorSchema, {
    valid,
    invalid: [null, [], "Not found", {}, { error: "Not found" }, { code: "not_found" }, { error: 404, code: "not_found" }, { error: "x", code: null }],
  });
});

describe("parseCsrfResponse (csrfResponseSchema)", () => {
  const valid: CsrfResponse[] = [{ csrfToken: "abc123" }, { csrfToken: "" }];
  itAgreesWithSchema(parseCsrfResponse, csrfResponseSchema, { valid, invalid: [null, {}, { csrfToken: 7 }, { token: "abc" }, "abc"] });
});

describe("parseSuccess (successSchema)", () => {
  const valid: SuccessResponse[] = [{ success: true }];
  itAgreesWithSchema(parseSuccess, successSchema, { valid, invalid: [null, {}, { success: false }, { success: "true" }, [true]] });
});

describe("checkedBody", () => {
  it("answers what the check answers and throws when it refuses the body", () => {
    const parser = checkedBody(parseSuccess);
    expect(parser.parse({ success: true })).toEqual({ success: true });
    expect(() => parser.parse({ success: false })).toThrow(TypeError);
  });
});
