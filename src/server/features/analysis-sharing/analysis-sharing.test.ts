import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { analysisReportSchema } from "../../../contracts/stock-summary";
import { testDatabaseKinds } from "../../test-support/test-database";
import { apiHeaders, createVerifiedUser, json, multipartForm, startTestApp, TEST_ORIGIN, type TestApp } from "../../test-support/test-app";

type Body = { error: string; code: string };

async function analyze(t: TestApp, jwt: string, input: string): Promise<string> {
  const form = multipartForm({ input });
  const response = await t.app.inject({ method: "POST", url: "/research/stocks/", payload: form.payload, headers: { ...form.headers, ...apiHeaders(jwt) } });
  expect(response.statusCode).toBe(200);
  return json<{ analysis: { id: string } }>(response).analysis.id;
}

function share(t: TestApp, jwt: string, id: string, method: "POST" | "DELETE" = "POST") {
  return t.app.inject({ method, url: `/api/analyses/${id}/share`, headers: apiHeaders(jwt) });
}

describe.each(testDatabaseKinds("database-behaviour"))("analysis sharing on $name", (kind) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await startTestApp(kind);
  });
  afterEach(async () => {
    await t.close();
  });

  it("shares an analysis at an unguessable address anyone can read, the same link twice, until the owner stops it", async () => {
    const { jwt } = await createVerifiedUser(t, "owner@example.com");
    const id = await analyze(t, jwt, "NWSC");
    const first = await share(t, jwt, id);
    expect(first.statusCode).toBe(200);
    const { url, path } = json<{ url: string; path: string }>(first);
    expect(path).toMatch(/^\/s\/[A-Za-z0-9_-]{22}$/);
    expect(url).toBe(new URL(path, TEST_ORIGIN.origin).toString());
    expect(json(await share(t, jwt, id))).toEqual({ url, path });

    const history = json<{ analyses: { id: string; sharePath: string | null }[] }>(await t.app.inject({ url: "/user/stock-analyses/", headers: apiHeaders(jwt) }));
    expect(history.analyses[0]).toMatchObject({ id, sharePath: path });

    const token = path.slice("/s/".length);
    const read = await t.app.inject({ url: `/api/shared/${token}` });
    expect(read.statusCode).toBe(200);
    expect(read.headers["x-robots-tag"]).toBe("noindex");
    const body = json<{ analysis: unknown; timestamp: string }>(read);
    // The report and its date only: nothing of the owner (no id, e-mail or user).
    expect(Object.keys(body).sort()).toEqual(["analysis", "timestamp"]);
    expect(read.body).not.toContain("owner@example.com");
    expect(read.body).not.toContain(id);
    expect(analysisReportSchema.parse(body.analysis).stock_summary.ticker).toBe("NWSC");

    const stop = await share(t, jwt, id, "DELETE");
    expect(stop.statusCode).toBe(200);
    const gone = await t.app.inject({ url: `/api/shared/${token}` });
    expect(gone.statusCode).toBe(404);
    expect(json<Body>(gone).code).toBe("share_not_found");
    const after = json<{ analyses: { sharePath: string | null }[] }>(await t.app.inject({ url: "/user/stock-analyses/", headers: apiHeaders(jwt) }));
    expect(after.analyses[0]!.sharePath).toBeNull();
    // Sharing again makes a new link: the stopped one stays dead.
    expect(json<{ path: string }>(await share(t, jwt, id)).path).not.toBe(path);
  });

  it("answers 404 share_not_found for an unknown token and for an analysis its owner removed", async () => {
    expect(json<Body>(await t.app.inject({ url: "/api/shared/AAAAAAAAAAAAAAAAAAAAAA" }))).toEqual({
      error: "This shared analysis is no longer available.",
      code: "share_not_found",
    });
    const { jwt } = await createVerifiedUser(t, "remover@example.com");
    const id = await analyze(t, jwt, "ECHF");
    const { path } = json<{ path: string }>(await share(t, jwt, id));
    await t.app.inject({ method: "DELETE", url: `/user/stock-analyses/${id}`, headers: apiHeaders(jwt) });
    expect((await t.app.inject({ url: `/api/${path.replace("/s/", "shared/")}` })).statusCode).toBe(404);
  });

  it("lets only the owner share or stop, signed in and with the CSRF token", async () => {
    const owner = await createVerifiedUser(t, "mine@example.com");
    const other = await createVerifiedUser(t, "other@example.com");
    const id = await analyze(t, owner.jwt, "QBIT");

    const stranger = await share(t, other.jwt, id);
    expect(stranger.statusCode).toBe(404);
    expect(json<Body>(stranger).code).toBe("not_found");
    const { path } = json<{ path: string }>(await share(t, owner.jwt, id));
    expect((await share(t, other.jwt, id, "DELETE")).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/shared/${path.slice(3)}` })).statusCode).toBe(200);

    const { authorization: _omitted, ...csrfOnly } = apiHeaders(owner.jwt);
    const signedOut = await t.app.inject({ method: "POST", url: `/api/analyses/${id}/share`, headers: csrfOnly });
    expect(signedOut.statusCode).toBe(401);
    const noCsrf = await t.app.inject({ method: "DELETE", url: `/api/analyses/${id}/share`, headers: { authorization: `Bearer ${owner.jwt}` } });
    expect(noCsrf.statusCode).toBe(403);
    expect(json<Body>(noCsrf).code).toBe("csrf_missing");
    expect((await share(t, owner.jwt, "no-such-analysis")).statusCode).toBe(404);
  });
});
