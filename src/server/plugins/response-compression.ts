import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import type { FastifyInstance, FastifyReply } from "fastify";

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Smaller answers are sent as they are: the headers would outweigh the bytes saved. */
export const COMPRESSION_MIN_BYTES = 1024;

/** The types compressed: the API's JSON and the HTML shells built per request (with the configuration). */
const COMPRESSED_TYPES = /^(application\/json|text\/html)\b/;

type Encoding = "br" | "gzip";

/** The encoding to answer with: brotli, else gzip, if the request accepts it (a q of 0 refuses). */
export function acceptedEncoding(header: string | string[] | undefined): Encoding | null {
  const accepted = new Set<string>();
  for (const part of String(header ?? "").split(",")) {
    const [name = "", ...params] = part.trim().toLowerCase().split(";");
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    if (q !== undefined && !(Number.parseFloat(q.slice(2)) > 0)) continue;
    accepted.add(name.trim());
  }
  if (accepted.has("br")) return "br";
  if (accepted.has("gzip")) return "gzip";
  return null;
}

function addVary(reply: FastifyReply): void {
  const vary = reply.getHeader("vary");
  if (vary === undefined) void reply.header("vary", "accept-encoding");
  else if (!/\baccept-encoding\b|\*/i.test(String(vary))) void reply.header("vary", `${String(vary)}, accept-encoding`);
}

/**
 * Compresses the API's JSON answers (the track record's is tens of KB; on a phone the bytes are
 * the wait) and the SPA shells sent as strings. Only string or buffer bodies without an encoding:
 * streams (the static files' pre-compressed copies) and hijacked answers (the chat's event stream)
 * never pass here. Brotli at a low quality: a few hundred microseconds for tens of KB, most of the
 * saving.
 */
export function registerResponseCompression(app: FastifyInstance): void {
  app.addHook("onSend", async (request, reply, payload) => {
    if (typeof payload !== "string" && !Buffer.isBuffer(payload)) return payload;
    if (reply.hasHeader("content-encoding")) return payload;
    const type = reply.getHeader("content-type");
    if (typeof type !== "string" || !COMPRESSED_TYPES.test(type)) return payload;
    const size = Buffer.byteLength(payload);
    if (size < COMPRESSION_MIN_BYTES) return payload;
    addVary(reply);
    const encoding = acceptedEncoding(request.headers["accept-encoding"]);
    if (encoding === null) return payload;
    const body =
      encoding === "br"
        ? await brotli(payload, { params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_SIZE_HINT]: size } })
        : await gzipAsync(payload, { level: 6 });
    void reply.header("content-encoding", encoding);
    reply.removeHeader("content-length");
    return body;
  });
}
