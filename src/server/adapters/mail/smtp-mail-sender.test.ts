import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { afterEach, describe, expect, it } from "vitest";
import { SmtpMailSender } from "./smtp-mail-sender";

/** A real SMTP server on loopback receives what the adapter sends. */
describe("SmtpMailSender", () => {
  let server: SMTPServer | undefined;
  afterEach(async () => {
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  });

  it("delivers over SMTP with authentication, from the configured sender", async () => {
    const received: { from: string; to: string[]; data: string; user: string }[] = [];
    server = new SMTPServer({
      authOptional: false,
      disabledCommands: ["STARTTLS"],
      logger: false,
      onAuth(auth, _session, callback) {
        if (auth.username === "quanta" && auth.password === "s3cret") return callback(null, { user: auth.username });
        return callback(new Error("bad credentials"));
      },
      onData(stream, session, callback) {
        let data = "";
        stream.on("data", (chunk: Buffer) => (data += chunk.toString("utf8")));
        stream.on("end", () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
            to: session.envelope.rcptTo.map((r) => r.address),
            data,
            user: String(session.user),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", () => resolve()));
    const { port } = server.server.address() as AddressInfo;

    const sender = new SmtpMailSender(`smtp://quanta:s3cret@127.0.0.1:${port}`, "Quanta <no-reply@quanta.test>");
    await sender.send({
      to: "ada@example.com",
      subject: "Verify your e-mail for Quanta",
      text: "Verify: http://localhost:3000/verify-email?token=abc",
      html: "<p>Verify</p>",
      links: ["http://localhost:3000/verify-email?token=abc"],
    });
    sender.close();

    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({ from: "no-reply@quanta.test", to: ["ada@example.com"], user: "quanta" });
    expect(received[0]!.data).toContain("Subject: Verify your e-mail for Quanta");
    expect(received[0]!.data).toContain("verify-email?token=abc");
  });

  it("fails loudly when the SMTP server refuses the credentials", async () => {
    server = new SMTPServer({
      disabledCommands: ["STARTTLS"],
      logger: false,
      onAuth(_auth, _session, callback) {
        callback(new Error("bad credentials"));
      },
    });
    await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", () => resolve()));
    const { port } = server.server.address() as AddressInfo;
    const sender = new SmtpMailSender(`smtp://quanta:wrong@127.0.0.1:${port}`, "Quanta <no-reply@quanta.test>");
    await expect(
      sender.send({ to: "a@example.com", subject: "s", text: "t", html: "h", links: [] }),
    ).rejects.toThrow();
    sender.close();
  });
});
