import { mkdtemp, readdir, readFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { OutboxMailSender } from "./outbox-mail-sender";

describe("OutboxMailSender", () => {
  it("writes each message as one JSON file, announces its links and lists newest first", async () => {
    const folder = path.join(await mkdtemp(path.join(os.tmpdir(), "outbox-")), "outbox");
    const lines: string[] = [];
    const outbox = new OutboxMailSender(folder, (line) => lines.push(line));
    expect(await outbox.list()).toEqual([]);

    await outbox.send({ to: "a@example.com", subject: "First", text: "t1", html: "<p>1</p>", links: ["http://x/1"] });
    await new Promise((resolve) => setTimeout(resolve, 5));
    await outbox.send({ to: "b@example.com", subject: "Second", text: "t2", html: "<p>2</p>", links: [] });

    const files = await readdir(folder);
    expect(files).toHaveLength(2);
    const stored = JSON.parse(await readFile(path.join(folder, files.sort()[0]!), "utf8"));
    expect(stored).toMatchObject({ to: "a@example.com", subject: "First", text: "t1", html: "<p>1</p>", links: ["http://x/1"] });
    expect((await outbox.list()).map((m) => m.subject)).toEqual(["Second", "First"]);
    expect(lines[0]).toContain("http://x/1");
  });
});
