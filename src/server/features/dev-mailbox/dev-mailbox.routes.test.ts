// @vitest-environment happy-dom
import { describe, expect, it } from "vitest";
import { renderMailbox } from "./dev-mailbox.routes";

const LONG_LINK = `http://localhost:3000/api/auth/verify-email?token=${"x".repeat(400)}&callbackURL=%2Fverify-email`;

describe("the dev mailbox page", () => {
  it("wraps long links anywhere, so they do not overflow a phone screen", () => {
    const html = renderMailbox([{ id: "m1", sentAt: "2026-11-25T10:00:00Z", to: "ada@example.com", subject: "Verify", text: `Open ${LONG_LINK}`, html: "", links: [LONG_LINK] }]);
    const doc = new DOMParser().parseFromString(html, "text/html");
    expect(doc.body.getAttribute("style")).toContain("overflow-wrap:anywhere");
    const item = doc.querySelector("li");
    expect(item?.getAttribute("style")).toContain("overflow-wrap:anywhere");
    expect(item?.querySelector("a")?.getAttribute("href")).toBe(LONG_LINK);
  });

  it("says when there are no e-mails", () => {
    expect(renderMailbox([])).toContain("<p>No e-mails yet.</p>");
  });
});
