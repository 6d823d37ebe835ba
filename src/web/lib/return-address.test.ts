import { describe, expect, it } from "vitest";
import { DEFAULT_RETURN_ADDRESS, returnAddressOf, safeReturnAddress, signInDestination } from "./return-address";
import { paths } from "../../contracts/paths";

describe("safeReturnAddress", () => {
  it("keeps a path of this site with its query and hash", () => {
    expect(safeReturnAddress("/analyses")).toBe("/analyses");
    expect(safeReturnAddress("/dashboard?ticker=NWSC#top")).toBe("/dashboard?ticker=NWSC#top");
    expect(safeReturnAddress("/ask/c1?x=1")).toBe("/ask/c1?x=1");
  });

  it.each([
    ["//evil.com", "protocol-relative"],
    ["//evil.com/analyses", "protocol-relative with a path"],
    ["https://evil.com/", "absolute"],
    ["http:/evil.com", "scheme without slashes"],
    ["javascript:alert(1)", "script URL"],
    ["/\\evil.com", "backslash read as a slash"],
    ["/\\/evil.com", "backslash then slash"],
    ["/\t/evil.com", "tab that browsers drop"],
    ["/\n/evil.com", "line break that browsers drop"],
    [" /analyses", "leading space"],
    ["analyses", "relative without a slash"],
    ["", "empty"],
  ])("refuses %j (%s)", (value) => {
    expect(safeReturnAddress(value)).toBeNull();
  });

  it("refuses what is not text", () => {
    expect(safeReturnAddress(null)).toBeNull();
    expect(safeReturnAddress(undefined)).toBeNull();
    expect(safeReturnAddress(["/analyses"])).toBeNull();
  });
});

describe("signInDestination", () => {
  it("follows a safe return address and falls back to /stocks", () => {
    expect(signInDestination("/analyses")).toBe("/analyses");
    expect(signInDestination("//evil.example/x")).toBe(DEFAULT_RETURN_ADDRESS);
    expect(signInDestination(null)).toBe("/stocks");
  });
});

describe("returnAddressOf", () => {
  it("is the page's path, query and hash", () => {
    expect(returnAddressOf({ pathname: "/analyses", search: "?ticker=NWSC", hash: "#list" })).toBe("/analyses?ticker=NWSC#list");
    expect(returnAddressOf({ pathname: "/stock/CVPH" })).toBe("/stock/CVPH");
  });

  it("is undefined on the landing page and the auth pages, so sign-in leads to /stocks from there", () => {
    for (const pathname of ["/", "/signin", "/signup", "/forgetpassword", "/verify-email", "/reset-password"]) {
      expect(returnAddressOf({ pathname, search: "?redirect=%2Fx" })).toBeUndefined();
    }
  });

  it("round-trips through the sign-in link", () => {
    const back = returnAddressOf({ pathname: "/dashboard", search: "?ticker=A&B=1" });
    const link = new URL(paths.signIn(back), "https://quanta.test");
    expect(signInDestination(link.searchParams.get("redirect"))).toBe("/dashboard?ticker=A&B=1");
    expect(paths.signUp(back)).toBe("/signup?redirect=%2Fdashboard%3Fticker%3DA%26B%3D1");
  });
});
