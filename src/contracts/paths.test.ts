import { describe, expect, it } from "vitest";
import { paths, routePatterns } from "./paths";

describe("paths", () => {
  it("are the pages of docs/product.md, letter for letter", () => {
    expect(paths.home()).toBe("/");
    expect(paths.buyList()).toBe("/#buy-list");
    expect(paths.gift()).toBe("/gift");
    expect(paths.signIn()).toBe("/signin");
    expect(paths.signUp()).toBe("/signup");
    expect(paths.forgetPassword()).toBe("/forgetpassword");
    expect(paths.verifyEmail()).toBe("/verify-email");
    expect(paths.resetPassword()).toBe("/reset-password");
    expect(paths.stocks()).toBe("/stocks");
    expect(paths.quanta()).toBe("/quanta");
    expect(paths.analyze()).toBe("/analyze");
    expect(paths.upload()).toBe("/upload");
    expect(paths.dashboard()).toBe("/dashboard");
    expect(paths.analyses()).toBe("/analyses");
    expect(paths.ask()).toBe("/ask");
    expect(paths.watchlist()).toBe("/watchlist");
    expect(paths.portfolio()).toBe("/portfolio");
    expect(paths.alertSettings()).toBe("/settings/alerts");
    expect(paths.unsubscribeAlerts("u 1", "a+b/c=")).toBe("/unsubscribe/alerts?user=u%201&token=a%2Bb%2Fc%3D");
  });

  it("put parameters in the path or the query, encoded", () => {
    expect(paths.stock("BRK.B")).toBe("/stock/BRK.B");
    expect(paths.stock("A/B C")).toBe("/stock/A%2FB%20C");
    expect(paths.dashboard("NVDA")).toBe("/dashboard?ticker=NVDA");
    expect(paths.dashboard("A&B")).toBe("/dashboard?ticker=A%26B");
    expect(paths.stocks({ ticker: "NVDA" })).toBe("/stocks?ticker=NVDA");
    expect(paths.stocks({ ticker: "NVDA", autoSearch: true })).toBe("/stocks?ticker=NVDA&autoSearch=true");
    expect(paths.signIn("/ask/c1?x=1")).toBe("/signin?redirect=%2Fask%2Fc1%3Fx%3D1");
    expect(paths.ask("c 1")).toBe("/ask/c%201");
    expect(paths.trackRecord()).toBe("/track-record");
    expect(paths.market()).toBe("/market");
    expect(paths.shared("a-b_c")).toBe("/s/a-b_c");
    expect(paths.trackRecord({ action: "BUY", ticker: "BRK.B" })).toBe("/track-record?action=BUY&ticker=BRK.B");
  });

  it("write a screen into the screener's address, leaving out the defaults", () => {
    expect(paths.screener()).toBe("/screener");
    expect(paths.screener({ sort: "-rs_rating", page: 1, page_size: 50 })).toBe("/screener");
    expect(paths.screener({ sector: "Consumer & Retail", min_rs: 80, sort: "buy_point_distance", page: 2 })).toBe(
      "/screener?min_rs=80&sector=Consumer%20%26%20Retail&sort=buy_point_distance&page=2",
    );
    expect(paths.screener({ action: "BUY", max_buy_distance: 0.05 })).toBe("/screener?action=BUY&max_buy_distance=0.05");
  });

  it("carry the e-mail links' tokens as the server sends them", () => {
    expect(paths.verifyEmail("a.b+c")).toBe("/verify-email?token=a.b%2Bc");
    expect(paths.resetPassword("tok/en")).toBe("/reset-password?token=tok%2Fen");
  });

  it("match the router's patterns", () => {
    expect(routePatterns).toEqual({
      home: "/",
      gift: "/gift",
      signIn: "/signin",
      signUp: "/signup",
      forgetPassword: "/forgetpassword",
      verifyEmail: "/verify-email",
      resetPassword: "/reset-password",
      stocks: "/stocks",
      quanta: "/quanta",
      analyze: "/analyze",
      upload: "/upload",
      stock: "/stock/:ticker",
      dashboard: "/dashboard",
      analyses: "/analyses/*",
      ask: "/ask",
      askConversation: "/ask/:conversationId?",
      trackRecord: "/track-record",
      market: "/market",
      watchlist: "/watchlist",
      portfolio: "/portfolio",
      screener: "/screener",
      alertSettings: "/settings/alerts",
      unsubscribeAlerts: "/unsubscribe/alerts",
      shared: "/s/:token",
    });
  });
});
