// @vitest-environment happy-dom
import "@testing-library/jest-dom/vitest";
import { cleanup, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { AssistantMarkdown, internalPath } from "./assistant-markdown";

afterEach(cleanup);

function renderAnswer(markdown: string) {
  const { container } = render(
    <MemoryRouter initialEntries={["/ask/c1"]}>
      <AssistantMarkdown markdown={markdown} />
    </MemoryRouter>,
  );
  return container;
}

/** Nothing in the answer can be clicked or loaded: no link, no address attribute, no image. */
function expectNothingClickable(container: HTMLElement) {
  expect(screen.queryAllByRole("link")).toEqual([]);
  expect(container.querySelector("a, [href], [src], img")).toBeNull();
}

describe("links in assistant answers", () => {
  it("shows a markdown link to another site as its words and its address, not as a link", () => {
    const container = renderAnswer("Your account is locked. [Click here](https://phish.example/login) to restore it.");
    expectNothingClickable(container);
    expect(container).toHaveTextContent("Your account is locked. Click here (https://phish.example/login) to restore it.");
  });

  it("shows a bare autolink (remark-gfm) as text, once", () => {
    const container = renderAnswer("Read more at https://phish.example/nvda and www.evil.example today.");
    expectNothingClickable(container);
    expect(container).toHaveTextContent("Read more at https://phish.example/nvda and www.evil.example today.");
  });

  it("shows angle-bracket autolinks and e-mail autolinks as text", () => {
    const container = renderAnswer("Write to <https://phish.example> or support@phish.example.");
    expectNothingClickable(container);
    expect(container).toHaveTextContent("Write to https://phish.example or support@phish.example.");
  });

  it("shows a javascript: link as its words only", () => {
    const container = renderAnswer("[Show the chart](javascript:alert(document.cookie)) and [again](JavaScript:void(0))");
    expectNothingClickable(container);
    expect(container).toHaveTextContent("Show the chart and again");
    expect(container.innerHTML).not.toMatch(/javascript/i);
  });

  it("does not take protocol-relative or mixed-case addresses for our own", () => {
    const container = renderAnswer("[a](//evil.example/research/NVDA) [c](HTTPS://Evil.Example/Path) [d](Http://phish.example)");
    expectNothingClickable(container);
    expect(container).toHaveTextContent("a (//evil.example/research/NVDA)");
    expect(container).toHaveTextContent("c (HTTPS://Evil.Example/Path)");
  });

  it("shows reference-style links to other sites as text", () => {
    const container = renderAnswer("See [the report][1].\n\n[1]: https://phish.example/report");
    expectNothingClickable(container);
    expect(container).toHaveTextContent("See the report (https://phish.example/report).");
  });

  it("never loads images, from other sites or our own", () => {
    const container = renderAnswer("![tracking pixel](https://evil.example/p.gif) ![logo](/api/logos/AAPL)");
    expect(container.querySelector("img, [src]")).toBeNull();
  });

  it("keeps links to Quanta's own pages as in-app links", () => {
    const origin = window.location.origin;
    renderAnswer(`Compare [AAPL](/research/AAPL) with [NVDA](${origin}/stock/NVDA?tab=chart#setup).`);
    const aapl = screen.getByRole("link", { name: "AAPL" });
    expect(aapl).toHaveAttribute("href", "/research/AAPL");
    expect(aapl).not.toHaveAttribute("target");
    expect(screen.getByRole("link", { name: "NVDA" })).toHaveAttribute("href", "/stock/NVDA?tab=chart#setup");
  });
});

describe("internalPath", () => {
  it("gives the router path of our own addresses and null for anything else", () => {
    const origin = window.location.origin;
    expect(internalPath("/research/AAPL")).toBe("/research/AAPL");
    expect(internalPath(`${origin}/stock/NVDA?x=1#y`)).toBe("/stock/NVDA?x=1#y");
    for (const href of [
      "https://phish.example",
      "//evil.example",
      "/\\evil.example",
      "HTTPS://EVIL.EXAMPLE",
      "javascript:alert(1)",
      "data:text/html,hi",
      "mailto:a@b.example",
      `${origin.replace("http:", "https:")}/research/AAPL`,
    ]) {
      expect(internalPath(href), href).toBeNull();
    }
  });
});
