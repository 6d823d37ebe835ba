import { describe, expect, it } from "vitest";
import { SCREENER_PRESETS, type ScreenerQuery } from "../../../contracts/screener";
import { definitionOf, hasFilters, queryFromSearch, searchFromQuery } from "./screen-url";

const parse = (search: string) => queryFromSearch(new URLSearchParams(search));

describe("the screener's address", () => {
  it("reads the default screen from an empty address", () => {
    expect(parse("")).toEqual({ sort: "-rs_rating", page: 1, page_size: 50 });
    expect(searchFromQuery(parse(""))).toBe("");
  });

  it("round-trips every filter, the sort and the page", () => {
    const query: ScreenerQuery = {
      action: "BUY",
      setup: "Cup with handle",
      min_rs: 80,
      min_tt: 7,
      max_buy_distance: 0.05,
      sector: "Technology",
      industry: "Semiconductors & Equipment",
      min_price: 10,
      min_dollar_volume: 20_000_000,
      sort: "buy_point_distance",
      page: 3,
      page_size: 100,
    };
    const search = searchFromQuery(query);
    expect(search).toContain("industry=Semiconductors%20%26%20Equipment");
    expect(parse(search)).toEqual(query);
  });

  it("round-trips each preset", () => {
    for (const preset of SCREENER_PRESETS) {
      const query = parse(searchFromQuery(preset.query));
      expect(definitionOf(query)).toEqual({ sort: "-rs_rating", page_size: 50, ...preset.query });
    }
  });

  it("drops unknown keys and values the API would refuse, keeping the rest", () => {
    expect(parse("action=HOLD&min_rs=120&sector=Energy&utm_source=x&sort=-nope&page=0")).toEqual({
      sector: "Energy",
      sort: "-rs_rating",
      page: 1,
      page_size: 50,
    });
    expect(parse("setup=Breakout&min_tt=abc")).toEqual({ setup: "Breakout", sort: "-rs_rating", page: 1, page_size: 50 });
  });

  it("knows whether a screen filters at all", () => {
    expect(hasFilters(parse("sort=price&page=2"))).toBe(false);
    expect(hasFilters(parse("min_price=5"))).toBe(true);
  });
});
